"""The coach's words match its numbers: what a learner reads in a hint or a review row never
contradicts the chances beside it, names the actions it compares, and says why.

- Review rows of a weak seat's games: a graded row never calls its actions about equal, and
  names the action that was played (a card by its face, a take or a pass in words).
- Hints at random positions: the cards a hint calls clearly worse are clearly worse on the
  same simulations (the paired difference's interval is above 0), with the chances the chart
  prints; "it hardly matters" only where no card is clearly worse.
- The J♦ trap at three seeds: the hint and the review name the cause: the J♦ picked up in view
  of everyone and its holder, the player who has shown no diamonds, and that with Q♦ you pick up.
"""

from __future__ import annotations

import random
import re

import pytest

from bhabho_widget import Game, hint
from bhabho_widget.coach.causes import percent
from bhabho_widget.coach.hints import hint_for_view
from bhabho_widget.coach.judgement import judge
from bhabho_widget.coach.review import review
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.registry import BOTS
from bhabho_widget.play.search import PASS, TAKE

pytest.importorskip("numpy")


def weak_seat_games(count: int = 12):
    for k in range(count):
        g = Game.deal(4, seed=100 + k)
        play_out(g, [BOTS["random"](seed=k)] + [BOTS["rules"](seed=10 * k + s) for s in range(1, 4)])
        yield g


def names_the_played_action(d) -> bool:
    text = str(d.reason).lower()
    if d.chosen == TAKE:
        return "take" in text
    if d.chosen == PASS:
        return "do not" in text or "without" in text
    return str(d.chosen_label).lower() in text


@pytest.fixture(scope="module")
def reviews():
    return [review(g, 0, rollouts=96, samples=12, seed=0) for g in weak_seat_games()]


def test_a_graded_row_never_calls_its_actions_about_equal_and_names_the_card_played(reviews):
    graded = [d for r in reviews for d in r.decisions if d.grade is not None]
    assert len(graded) >= 20, "a weak seat's 12 games give graded decisions to read"
    for d in graded:
        assert "about equal" not in d.reason and "hardly matters" not in d.reason, d.reason
        assert d.loss_lo > 0
    named = sum(names_the_played_action(d) for d in graded)
    assert named >= 0.95 * len(graded), [str(d.reason) for d in graded if not names_the_played_action(d)]


def test_an_ungraded_row_within_the_margin_says_so_and_is_not_graded(reviews):
    even = [d for r in reviews for d in r.decisions if d.chosen != d.best and d.loss_lo <= 0]
    assert even
    for d in even:
        assert d.grade is None and "about equal" in d.reason and str(d.chosen_label) in d.reason


def test_hints_at_random_positions_call_worse_only_what_is_clearly_worse():
    """The cards a hint calls clearly worse are clearly worse by the coach's one rule on the
    decision's one judgement (the one the review reads too), listed by chance, the least bad
    first, with the chances the chart prints; "it hardly matters" only where none is."""
    rng = random.Random(5)
    seen = {"worse": 0, "even": 0}
    for k in range(20):
        g = Game.deal(rng.choice([3, 4, 5]), seed=1000 + k)
        bots = [BOTS["rules"](seed=k * 10 + s) for s in range(g.num_players)]
        for _ in range(rng.randrange(4, 20)):  # a random moment of a game between bots
            if g.is_over:
                break
            seat = g.current_player
            g.play(bots[seat].choose_card(g.seat_view(seat)))
        if g.is_over or len(g.legal_cards()) < 2:
            continue
        view = g.seat_view(g.current_player)
        h = hint_for_view(view, rollouts=96, samples=12, seed=k)
        j = judge(view, rollouts=96, samples=12, seed=k)
        assert h.action_code == j.recommended_code
        shown = {e["action"]: e for e in h.to_dict()["estimates"]}
        text = str(h.reason)
        numbers = next((s for s in text.split(". ") if "clearly worse:" in s), "")
        by_label = {str(e.card): e for e in j.estimates if e.card is not None}
        if numbers:
            seen["worse"] += 1
            named = re.findall(r"(\S+) \((\d+)%\)", numbers.split("clearly worse:")[1])
            assert [int(p) for _, p in named] == sorted(int(p) for _, p in named), numbers  # the least bad first
            for card_text, p in named:
                e = by_label[card_text]  # a card: a take is said apart
                assert j.verdict(e.action) == "worse"
                assert int(p) == percent(e.p) == round(shown[e.card.code]["p"] * 100)
        else:
            seen["even"] += 1
            assert not any(j.verdict(e.action) == "worse" for e in j.estimates if e.card is not None), text
    assert seen["worse"] and seen["even"], seen


def trap(seed: int) -> Game:
    g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                        leader=2, seed=seed)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:  # Player 3 cannot follow diamonds; Player 2 picks up J♦
        g.play(card)
    return g


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_trap_names_its_cause_in_the_hint_and_the_review(seed):
    g = trap(seed)
    h = hint_for_view(g.seat_view(1), seed=seed)
    assert h.action_code == "4D"
    played = trap(seed)
    played.play("QD")
    while not played.is_over:
        played.play(played.legal_cards()[0])
    d = next(d for d in review(played, 1, seed=seed).decisions if d.chosen == "QD")
    assert d.best == "4D" and d.grade is not None
    for text in (str(h.reason), str(d.reason)):
        assert "Player 2 holds J♦, picked up in view of everyone" in text, text
        assert "Player 3 has shown no diamonds" in text, text
        assert "With Q♦ you pick up this trick" in text, text


def test_the_highest_goes_now_is_said_only_of_the_highest_card():
    """Following 2♠ with 8♠ or 9♠, both over it and as good: the hint may recommend 8♠ (the
    tie broken by the card), and then it must not say "the highest of them goes now"."""
    g = Game.from_position("rules=classic hands=75.AJ653.AK62.J/J4..J85.AQ9763/98.KT74.Q73.K54/63.Q982.T94.T82 "
                           "lead=1 table=1:2S waste=AKQT... trick=2 seed=766093")
    for seed in range(3):
        h = hint(g, rollouts=96, seed=seed)
        said = "the highest of them goes now" in h.reason or "so the highest goes now" in h.reason
        assert said == (h.action_code == "9S"), (h.action_code, h.reason)
