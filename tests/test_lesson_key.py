"""Lessons that agree with the felt: a lesson that shows every hand is answered with those
hands; every action within the simulations' margin of the best counts as right, and the
feedback says so; a teacher's key (accepted and refused answers) is honoured, saved and never
contradicted by the coach's words."""

from __future__ import annotations

import json

import pytest

from bhabho_widget import Exercise, Game, make_exercise
from bhabho_widget.coach.answer_key import answer_key, shown_estimates
from bhabho_widget.coach.causes import pct
from bhabho_widget.coach.hints import about_equal, view_estimates
from bhabho_widget.engine.cards import Card
from bhabho_widget.engine.errors import MessageError, RecordError
from bhabho_widget.table.exercises import lesson_from_json, lesson_to_json
from bhabho_widget.table.lesson import KeyRow, LessonScript

TIED = "rules=classic hands=.8..J/.K..7/...Q6 lead=0"
"""Six cards, every hand shown: you lead 8♥ or J♣, and either way you escape."""
ISSUE = "rules=classic hands=.K..2/.5..3/.9.4. lead=0"
"""The issue's six cards: K♥ escapes whatever anyone plays; after 2♣ Player 1 picks up and,
leading 9♥, can make you pick up."""
WORDS_OF_A_TIE = ("about equal", "as good as", "hardly matters")


def losers(position: str, lead: str) -> set[int | None]:
    """Who can end as the bhabhi after seat 0 leads ``lead``, whatever anyone plays (every
    legal card at every turn; no takes, as in the coach's continuations)."""
    def after(g: Game) -> set[int | None]:
        if g.is_over:
            return {g.loser}
        found: set[int | None] = set()
        for card in g.legal_cards():
            h = g.copy()
            h.play(card)
            found |= after(h)
        return found

    g = Game.from_position(position)
    g.play(lead)
    return after(g)


def test_a_shown_hands_lesson_accepts_both_tied_answers() -> None:
    g = Game.from_position(TIED)
    script = make_exercise(g, "card")
    ex = script.exercises[0]
    # with the real hands, both leads escape in every continuation: 0 %, and no spread at all
    rows = {r.action: r for r in ex.key}
    assert set(rows) == {"8H", "JC"} and all(r.p == 0.0 and r.within for r in rows.values())
    assert set(ex.answer) == {"8H", "JC"} and rows["8H"].rollouts == 160
    assert 0 not in losers(TIED, "8H") | losers(TIED, "JC")  # played out any way at all, both escape
    for card in ("8H", "JC"):
        s = make_exercise(g, "card")
        feedback = s.answer(card)
        assert feedback["correct"] is True and feedback["text"].startswith("Right! ")
        assert "8♥ and J♣" in feedback["text"] or "J♣ and 8♥" in feedback["text"]
        assert "are as good as each other here" in feedback["text"] and "Not quite" not in feedback["text"]
        assert "0% with 8♥" in feedback["text"] and "0% with J♣" in feedback["text"]
        assert s.results()["items"][0]["first_right"] is True
    # the same cards with the hands taken as unknown (the lesson hides them): the sampled estimate
    hidden = make_exercise(g, "card", reveal_all=False)
    sampled = {r.action: r for r in hidden.exercises[0].key}
    assert sampled["8H"].rollouts in (192, 384) and sampled["8H"].p > 0.3  # 48 deals of the unknown cards (or 96)
    assert set(hidden.exercises[0].answer) == {code for code, r in sampled.items() if r.within}


def test_the_issue_position_k_escapes_and_2_is_clearly_worse() -> None:
    """The issue's lesson said "Not quite" to K♥; with the shown hands K♥ escapes for certain
    and 2♣ is refused, with feedback that gives the key's numbers."""
    g = Game.from_position(ISSUE)
    assert losers(ISSUE, "KH") == {1} and 0 in losers(ISSUE, "2C")
    script = make_exercise(g, "card")
    ex = script.exercises[0]
    rows = {r.action: r for r in ex.key}
    assert ex.answer == ("KH",) and rows["KH"].p == 0.0 and rows["KH"].best
    assert not rows["2C"].within and 0.3 < rows["2C"].p < 0.7
    first = script.answer("2C")
    assert first == {"correct": False, "text": "Not quite. Try again. Hint: " + ex.hint}
    second = script.answer("2C")["text"]
    assert second.startswith("Not quite: the better card is K♥. ")
    numbers = f"The chance of ending as the bhabhi is {pct(rows['2C'].p)} with 2♣ and 0% with K♥."
    assert numbers in second
    assert f"you end as the bhabhi 0% of the time with K♥; clearly worse: 2♣ ({pct(rows['2C'].p)})" in second
    assert not any(words in second for words in WORDS_OF_A_TIE)
    assert "Every hand is shown, so these chances come from playing on from these very hands." in second
    right = script.answer("KH")["text"]
    assert right.startswith("Right! If you play K♥: ") and "Not quite" not in right


def test_on_one_known_deal_the_margin_is_the_rollouts_paired_spread() -> None:
    g = Game.from_position(ISSUE)
    kh, c2 = Card.parse("KH").index, Card.parse("2C").index
    est = shown_estimates(g, 0, [kh, c2], rollouts=100)
    k, c = est
    assert [len(e.deal_losses) for e in est] == [100, 100] and all(x in (0, 1) for x in c.deal_losses)
    assert k.losses == 0 and not about_equal(k, c)  # each rollout its own deal: the paired test reads their spread
    # a forced line has no spread: K♥ against itself is exact
    _, lo, hi = k.difference(k)
    assert lo == hi == 0.0
    # the same seed gives the same key; another seed the same verdicts here
    assert shown_estimates(g, 0, [kh, c2], 100) == est
    again = answer_key(g, 0, "card", shown=True, rollouts=100, seed=5)
    assert [(r.action, r.within) for r in again.rows] == [("KH", True), ("2C", False)]


def test_hidden_hands_keep_the_sampled_estimate() -> None:
    g = Game.deal(4, seed=4)
    for _ in range(14):
        g.play(g.legal_cards()[-1])
    view = g.seat_view(g.current_player)
    script = make_exercise(g, "card", rollouts=60, reveal_all=False)
    est = view_estimates(view, [c.index for c in g.legal_cards()], 60, seed=0)
    assert [(r.action, r.p) for r in script.exercises[0].key] == [(Card.from_index(e.action).code, e.p) for e in est]
    best = min(est, key=lambda e: (e.p, e.action))
    assert script.exercises[0].answer == tuple(Card.from_index(e.action).code for e in est
                                               if e is best or about_equal(e, best))


def test_take_or_pass_with_every_hand_shown() -> None:
    g = Game.from_hands([["KH", "2C", "3D"], ["5H", "3C"], ["4S", "9C", "QD"]], leader=0, seed=1)
    script = make_exercise(g, "take", seat=1, rollouts=80)
    ex = script.exercises[0]
    assert [r.action for r in ex.key] == ["take", "pass"]
    accepted = (ex.answer,) if isinstance(ex.answer, str) else ex.answer
    assert set(accepted) == {r.action for r in ex.key if r.within}
    rows = {r.action: r for r in ex.key}
    refused = [a for a in ("take", "pass") if a not in accepted]
    for a in refused:
        script.answer(a)
        text = script.answer(a)["text"]
        assert text.startswith("Not quite: the better choice is to ") and not any(w in text for w in WORDS_OF_A_TIE)
        assert f"{pct(rows['take'].p)} if you take and {pct(rows['pass'].p)} if you pass" in text
    # both may be right: a take exercise accepts take and pass
    both = Exercise(0, "Take or pass?", "take", ["pass", "take"])
    assert both.answer == ("take", "pass") and Exercise(0, "Take?", "take", ("take",)).answer == "take"
    with pytest.raises(ValueError, match="take"):
        Exercise(0, "Take?", "take", ())


def test_a_teacher_sets_the_key_and_the_feedback_follows_it() -> None:
    g = Game.from_position(TIED)
    # refuse the tied J♣: never "Not quite" beside a tie, nor the numbers that call it as good
    s = make_exercise(g, "card", answers=["8H"])
    assert s.exercises[0].answer == ("8H",) and [r["accepted"] for r in s.answer_key()] == [True, False]
    assert [r["within"] for r in s.answer_key()] == [True, True]
    assert s.answer("JC")["correct"] is False
    text = s.answer("JC")["text"]
    assert text == "Not quite: this lesson asks for 8♥. If you play J♣: You have the power and lead J♣."
    right = s.answer("8H")["text"]
    assert right.startswith("Right! If you play 8♥") and not any(w in right for w in WORDS_OF_A_TIE)
    # accept a clearly worse card: "Right", with the coach's numbers, never its reason against it
    s = make_exercise(Game.from_position(ISSUE), "card")
    s.set_answer("2C", True)
    assert s.exercises[0].answer == ("KH", "2C")
    text = s.answer("2C")["text"]
    assert text.startswith("Right! This lesson accepts this answer, though the coach's simulations find it worse. "
                           "The chance of ending as the bhabhi is ")
    assert "0% with K♥" in text and "clearly worse" not in text and "Not quite" not in text
    # refusing the coach's own card leaves 2♣ alone; the answers given before are forgotten
    s.set_answer("KH", False)
    assert s.exercises[0].answer == ("2C",) and s.results()["items"][0]["answers"] == []
    assert s.answer("KH")["correct"] is False and "Right" not in s.answer("KH")["text"]
    with pytest.raises(MessageError, match="at least one answer must stay accepted"):
        s.set_answer("2C", False)
    with pytest.raises(MessageError, match="not one of the answers"):
        s.set_answer("AS", True)
    with pytest.raises(ValueError, match="not an answer here"):
        make_exercise(g, "card", answers=["AS"])
    with pytest.raises(ValueError, match="rules decide"):
        make_exercise(Game.from_hands([["KH"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1), "picker",
                      rollouts=30, answers=[0])


def test_the_key_is_saved_with_the_lesson_and_checked_when_loaded() -> None:
    s = make_exercise(Game.from_position(TIED), "card", answers="JC", rollouts=64)
    record = json.loads(lesson_to_json(s))
    assert record["exercises"][0]["answer"] == ["JC"] and len(record["exercises"][0]["key"]) == 2
    again = lesson_from_json(lesson_to_json(s))
    assert again.exercises == s.exercises and again.answer_key() == s.answer_key()
    old = dict(record, exercises=[{k: v for k, v in record["exercises"][0].items() if k != "key"}])
    assert lesson_from_json(json.dumps(old)).exercises[0].key == ()  # a record made before keys
    for bad in ({"action": "JC"}, {**record["exercises"][0]["key"][0], "p": 2}, {**record["exercises"][0]["key"][0],
                                                                                  "action": "AS"}):
        broken = dict(record, exercises=[dict(record["exercises"][0], key=[bad])])
        with pytest.raises(RecordError):
            lesson_from_json(json.dumps(broken))


def test_a_question_without_a_key_is_judged_as_before() -> None:
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    s = LessonScript(g, ["KH"], exercises=[Exercise(0, "Which?", "card", "KH")])
    assert s.answer("2C")["text"] == "Not quite. Try again."
    assert s.answer("2C")["text"] == "Not quite: the better card is K♥. If you play 2♣: You have the power and lead 2♣."
    with pytest.raises(MessageError, match="no answer key"):
        LessonScript(g, ["KH", "5H", "4S"], exercises=[Exercise(2, "Who?", "seat", "picker")]).answer_key()
    with pytest.raises(ValueError, match="rules decide"):
        Exercise(2, "Who?", "seat", "picker", key=[KeyRow("KH", 0.1, 0.0, 0.2, True)])
    with pytest.raises(ValueError, match="chance"):
        KeyRow("KH", 1.5, 0.0, 0.2, True)


def test_with_every_hand_shown_the_words_are_said_of_the_hands_as_shown() -> None:
    # Nobody can play over K♥: 5♥ and 9♥ are the only other hearts dealt. From the seat's view
    # alone the coach may say "your lowest heart lets the others play over it" (the other hearts
    # are unseen); with the hands shown it says what the hands show.
    g = Game.from_position(ISSUE)
    key = answer_key(g, 0, "card", shown=True, rollouts=64, seed=0)
    assert key.hint.action.code == "KH"
    assert "play over it" not in str(key.hint.reason)
    # Player 2 holds no club (not yet shown in play): a club lead is not called likely to go
    # round cleanly when every hand is shown, only from the seat's view
    clubs = Game.from_hands([["2C", "3S"], ["5H", "3C", "4C"], ["9H", "4D", "5D"]], leader=0, seed=1)
    reason = str(answer_key(clubs, 0, "card", shown=True, rollouts=64, seed=0).hint.reason)
    assert reason.split(". ")[0] == "Lead 2♣", reason  # the plain lead: Player 2 is seen to lack clubs
    assert "go round cleanly" not in reason and "lack of" not in reason
