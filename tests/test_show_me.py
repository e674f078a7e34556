"""Show me at the table (bhabho_widget.table.showing): from a hint or a review row, the felt
plays out one imagined way the game can go after the better and after the worse action, on a
deal drawn from what the seat knew, never the real hidden cards; read-only, step by step,
and Close goes back to where it was asked from. Without a browser: the messages, the views."""

from __future__ import annotations

import random
import re
from typing import Any

import ipywidgets.comm
import pytest
from comm import DummyComm

from bhabho_widget import Card, Game, Table
from bhabho_widget.coach.hints import hint_estimates
from bhabho_widget.coach.imagine import imagine
from bhabho_widget.coach.review import replay_to
from bhabho_widget.engine.cards import DECK, indices
from bhabho_widget.i18n import ENGLISH
from bhabho_widget.play.determinize import with_hidden_cards
from bhabho_widget.play.search import sample_hidden
from bhabho_widget.table.controller import STALE
from bhabho_widget.table.protocol import check_trait, check_view
from bhabho_widget.table.showing import Showing, action_of
from bhabho_widget.table.widget import SHOW_READ_ONLY

pytest.importorskip("numpy")

SMALL = {"rollouts": 16, "samples": 4}


@pytest.fixture(autouse=True)
def quiet_comm(monkeypatch):
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: DummyComm(**kw))


def msg(t: Table, kind: str, **fields: Any) -> None:
    t._on_frontend_msg(t, {"type": kind, **fields}, None)


def codes(mask: int) -> list[str]:
    return [DECK[i].code for i in indices(mask)]


def hinted(seed: int = 3, worse: bool = True) -> Table:
    """A table at the person's turn with a hint shown: one that compares a clearly worse
    action (``worse``), or one with a single legal card (nothing to compare)."""
    t = Table(players=4, seed=seed, pace=0)
    rng = random.Random(seed)
    for _ in range(200):
        t.run_bots()
        if t.game.is_over:
            t.new_game()
            continue
        if t.session.waiting == "human":
            legal = t.view["legal"]
            wanted = len(legal) >= 2 if worse else len(legal) == 1 and not t.view["can_take"]
            if wanted:
                msg(t, "hint")
                assert t.error == "", t.error
                if not worse or t.hint["compared"] is not None:
                    return t
            t.play(rng.choice(legal))
        elif t.session.take_offer:
            t.session.pass_take()
            t._sync()
    raise AssertionError("no such position")


def finished(seed: int = 5) -> Table:
    t = Table(players=4, seed=seed, pace=0)
    rng = random.Random(seed)
    while not t.game.is_over:
        if t.session.waiting == "human":
            t.play(rng.choice(t.view["legal"]))
        elif t.session.take_offer:
            msg(t, "advance", version=t.view["version"])
        else:
            t.advance()
    run = t.start_review(**SMALL)
    assert run.wait(120) and t.review["status"] == "done"
    return t


def without(view: dict, *keys: str) -> dict:
    return {k: v for k, v in view.items() if k not in keys}


# ---------------------------------------------------------------------- from a hint
def test_show_me_from_a_hint_plays_out_the_imagined_deal_step_by_step():
    t = hinted()
    hint, view = t.hint, t.session.last_hint_view
    live = dict(t.view)
    msg(t, "show_me", source="hint", line="better", decision=None, version=live["version"])
    assert t.error == ""
    v = t.view
    check_view(v)
    assert v["mode"] == "imagine" and v["version"] > live["version"] and v["legal"] == [] and v["waiting"] == "over"
    info = v["imagine"]
    assert info["source"] == "hint" and info["decision"] is None and info["line"] == "better" and info["step"] == 0
    assert [x["line"] for x in info["lines"]] == ["better", "worse"]
    assert [x["action"] for x in info["lines"]] == [hint["action"], hint["compared"]]
    assert info["action"] == hint["action"] and info["count"] == t.showing.count > 1
    # the hands come from imagine's deal, drawn from the seat's view with the hint's estimates
    better, worse = imagine(view, action_of(hint["action"]), action_of(hint["compared"]),
                            estimates=hint_estimates(view))
    assert v["hands"] == [codes(m) for m in better.deal]
    assert v["hand"] == live["hand"] and v["table"] == live["table"] and v["hand_sizes"] == live["hand_sizes"]
    assert v["narration"].startswith(f"Before {info['action_label']}:")
    # the log: the seat's own log, then the imagined steps, marked
    assert v["log"] == live["log"]
    # Next: the action; each step is the next game of the line
    for k in range(1, info["count"]):
        msg(t, "show_step", index=k, version=t.view["version"])
        assert t.error == ""
        v = t.view
        check_view(v)
        step = better.steps[k]
        assert v["imagine"]["step"] == k and v["hands"] == [codes(step.hand_mask(s)) for s in range(4)]
        assert v["narration"] and v["log"][-1]["text"].startswith("Imagined: ")
        if k >= (better.trick_step or 99):
            assert v["imagine"]["outcome"].startswith("In this imagined game, after ")
        else:
            assert v["imagine"]["outcome"] == ""
    assert t.view["is_over"] == better.steps[-1].is_over
    # Back, then the worse line at the same step
    msg(t, "show_step", index=1, version=t.view["version"])
    msg(t, "show_me", source="hint", line="worse", decision=None, version=t.view["version"])
    assert t.error == ""
    v = t.view
    assert v["imagine"]["line"] == "worse" and v["imagine"]["step"] == 1 and v["imagine"]["action"] == hint["compared"]
    assert v["hands"] == [codes(worse.steps[1].hand_mask(s)) for s in range(4)]
    # Close: the live table as it was, a new version
    msg(t, "show_close")
    assert t.error == "" and t.showing is None
    assert without(t.view, "version") == without(live, "version") and t.view["version"] > live["version"]
    assert t.hint == hint  # the hint is still shown: Show me may be asked again
    msg(t, "show_me", source="hint", line="worse", decision=None, version=t.view["version"])
    assert t.error == "" and t.view["imagine"]["line"] == "worse"


def test_the_imagined_view_is_the_same_whatever_the_real_hidden_cards_are():
    t = hinted(seed=4)
    g, seat = t.game, t.seat
    view = g.seat_view(seat)
    hint = t.hint
    better, worse = action_of(hint["action"]), action_of(hint["compared"])
    names = list(t.session.names())
    here = Showing(g, seat, better, worse, estimates=hint_estimates(view))
    for k in range(3):  # the hidden cards dealt otherwise, consistently with the same view
        hands, waste = sample_hidden(view, random.Random(k))
        other = with_hidden_cards(g, hands, waste)
        assert other.seat_view(seat) == view
        assert [other.hand_mask(s) for s in range(4)] != [g.hand_mask(s) for s in range(4)]
        there = Showing(other, seat, better, worse, estimates=hint_estimates(other.seat_view(seat)))
        for line in ("better", "worse"):
            here.switch(line)
            there.switch(line)
            assert there.count == here.count
            for step in range(here.count):
                here.go(step)
                there.go(step)
                assert there.view(ENGLISH, names, 9) == here.view(ENGLISH, names, 9), (line, step)


def test_an_imagined_view_holds_the_imagined_cards_and_what_the_seat_knew_only():
    t = hinted(seed=6)
    real = [set(codes(t.game.hand_mask(s))) for s in range(4)]
    msg(t, "show_me", source="hint", line="better", decision=None, version=t.view["version"])
    line = t.showing.current
    assert t.view["hands"] == [codes(m) for m in line.deal]
    assert set(t.view["hands"][t.seat]) == real[t.seat]  # the seat's own hand is its own
    # the same unseen cards (the other hands and the waste pile), dealt as imagined
    imagined = {c for s in range(4) if s != t.seat for c in t.view["hands"][s]} | set(codes(line.waste))
    assert imagined == {c for s in range(4) if s != t.seat for c in real[s]} | set(codes(t.game.state().waste))
    assert [len(h) for h in t.view["hands"]] == [len(h) for h in real]


def test_one_line_where_nothing_is_worse():
    t = hinted(seed=2, worse=False)
    assert t.hint["compared"] is None
    msg(t, "show_me", source="hint", line="better", decision=None, version=t.view["version"])
    assert t.error == ""
    assert [x["line"] for x in t.view["imagine"]["lines"]] == ["better"]
    before = dict(t.view)
    msg(t, "show_me", source="hint", line="worse", decision=None, version=t.view["version"])
    assert t.error.startswith("there is no worse action to show here") and t.view == before


# ---------------------------------------------------------------------- refusals
def test_stale_and_out_of_mode_messages_are_refused_and_change_nothing():
    t = hinted(seed=7)
    live = dict(t.view)
    msg(t, "show_step", index=1, version=live["version"])
    assert t.error == "Show me is not open: nothing to step through" and t.view == live
    msg(t, "show_close")
    assert t.error == "Show me is not open: nothing to close" and t.view == live
    msg(t, "show_me", source="hint", line="better", decision=None, version=live["version"] - 1)
    assert t.error == STALE and t.view == live and t.showing is None
    msg(t, "show_me", source="review", line="better", decision=0, version=live["version"])
    assert t.error == "the review is not ready yet" and t.view == live
    msg(t, "show_me", source="hint", line="better", decision=3, version=live["version"])
    assert t.error == "Show me from a hint takes no decision number" and t.view == live
    msg(t, "show_me", source="hint", line="sideways", decision=None, version=live["version"])
    assert "'line'" in t.error and t.view == live

    msg(t, "show_me", source="hint", line="better", decision=None, version=live["version"])
    shown = dict(t.view)
    game = t.game.state_key()
    # read-only: a click on a card, Take, Undo, a bot's step change nothing
    msg(t, "play", card=shown["hand"][0], version=shown["version"])
    assert t.error == SHOW_READ_ONLY
    msg(t, "take", version=shown["version"])
    assert t.error == SHOW_READ_ONLY
    msg(t, "undo", version=shown["version"])
    assert t.error == SHOW_READ_ONLY
    msg(t, "advance", version=shown["version"])
    for act in (lambda: t.play(live["legal"][0]), t.advance, t.run_bots, t.undo):
        with pytest.raises(ValueError, match="Show me is playing out an imagined game"):
            act()
    assert t.view == shown and t.game.state_key() == game
    # a step on an older view, or beyond the line, is refused
    msg(t, "show_step", index=1, version=shown["version"] - 1)
    assert t.error == STALE and t.view == shown
    msg(t, "show_step", index=t.showing.count, version=shown["version"])
    assert t.error.startswith("this imagined line has no step") and t.view == shown
    msg(t, "show_step", index=1, version=shown["version"])
    assert t.error == "" and t.view["imagine"]["step"] == 1
    msg(t, "show_step", index=2, version=shown["version"])  # a second Next on the same view
    assert t.error == STALE and t.view["imagine"]["step"] == 1


def test_a_hint_for_an_earlier_moment_is_not_shown():
    t = hinted(seed=8)
    t.session.last_hint_view = Game.deal(4, seed=99).seat_view(0)  # as if the table had moved on
    msg(t, "show_me", source="hint", line="better", decision=None, version=t.view["version"])
    assert t.error == "that hint is for an earlier moment: ask for a new one" and t.showing is None
    t = Table(players=4, seed=8, pace=0)
    msg(t, "show_me", source="hint", line="better", decision=None, version=t.view["version"])
    assert t.error == "there is no hint to show: ask for a hint first"


# ---------------------------------------------------------------------- from the review
def test_show_me_from_a_review_row_and_close_back_to_the_position():
    t = finished()
    rev = t.last_review
    assert rev is not None
    d = next((x for x in rev.decisions if x.chosen != x.best), None)
    assert d is not None, "a game with no decision worse than the best"
    same = next((x for x in rev.decisions if x.chosen == x.best), None)
    t.show_decision(0)
    at = dict(t.view)
    msg(t, "show_me", source="review", line="worse", decision=d.number, version=at["version"])
    assert t.error == ""
    v = t.view
    check_view(v)
    check_trait("review", t.review)
    info = v["imagine"]
    assert info["source"] == "review" and info["decision"] == d.number and info["line"] == "worse"
    assert [(x["line"], x["action"]) for x in info["lines"]] == [("better", d.best), ("worse", d.chosen)]
    then = replay_to(t.game, d.move)
    view = then.seat_view(t.seat)
    b, w = imagine(view, action_of(d.best), action_of(d.chosen), estimates=d.simulated)
    assert v["hands"] == [codes(m) for m in w.deal] and w.deal == b.deal
    assert v["hand"] == [c.code for c in then.hand(t.seat)] and v["trick_number"] == d.trick
    assert len(d.simulated) == len(d.estimates) and all(e.consequences is not None for e in d.simulated)
    # the tracker shows what the seat knew then
    t.show_tracker(True)
    from bhabho_widget.coach.tracker import tracker_data

    assert t.tracker == tracker_data(view, t.session.names(), False)
    # another row while showing: that decision's lines
    if same is not None:
        msg(t, "show_me", source="review", line="better", decision=same.number, version=t.view["version"])
        assert t.error == "" and [x["line"] for x in t.view["imagine"]["lines"]] == ["better"]
        assert t.view["imagine"]["action"] == same.best
    # Close: back to the review's position it was asked from
    msg(t, "show_close")
    assert t.error == "" and t.view["mode"] == "review" and t.view["review"]["number"] == 0
    assert without(t.view, "version") == without(at, "version")
    # a review position asked for while showing closes Show me
    msg(t, "show_me", source="review", line="better", decision=d.number, version=t.view["version"])
    msg(t, "review_show", decision=None)
    assert t.showing is None and t.view["mode"] == "play" and t.view["is_over"]
    for bad in (10_000, None):
        msg(t, "show_me", source="review", line="better", decision=bad, version=t.view["version"])
        assert t.error in ("this review has no such decision", "Show me from the review needs a decision number")
        assert t.showing is None


def test_a_new_game_closes_show_me_and_a_language_switch_tells_it_again():
    t = hinted(seed=9)
    msg(t, "show_me", source="hint", line="better", decision=None, version=t.view["version"])
    msg(t, "show_step", index=1, version=t.view["version"])
    english = t.view["narration"]
    t.set_language("de")
    v = t.view
    assert v["mode"] == "imagine" and v["imagine"]["step"] == 1 and v["narration"] != english
    check_view(v)
    t.new_game()
    assert t.showing is None and t.view["mode"] == "play"


def test_the_static_picture_says_the_game_is_imagined():
    t = hinted(seed=11)
    t.show_me()
    html = t._repr_mimebundle_()[0]["text/html"] if isinstance(t._repr_mimebundle_(), tuple) else \
        t._repr_mimebundle_()["text/html"]
    assert "Imagined: the hidden cards are made up from what you knew" in html


def test_the_python_api():
    t = hinted(seed=10)
    s = t.show_me()
    assert t.showing is s and s.line == "better" and t.view["imagine"]["step"] == 0
    t.show_step(s.count - 1)
    assert t.view["imagine"]["step"] == s.count - 1
    t.show_me("worse")
    assert t.view["imagine"]["line"] == "worse"
    t.close_show()
    assert t.showing is None and t.view["mode"] == "play"
    with pytest.raises(ValueError, match="line must be one of"):
        t.show_me("sideways")
    with pytest.raises(ValueError, match="Show me is not open"):
        t.show_step(0)


def test_take_and_pass_lines():
    """At a chance to take, the lines are the take and the pass (or a card)."""
    g = Game.from_hands([["4S", "5H"], ["KS", "4D", "QD", "7H", "9C", "2C"], ["JD", "2S", "8H"], ["3S", "10H", "AC"]],
                        leader=0, seed=1)
    view = g.seat_view(0)
    assert view.can_take
    s = Showing(g, 0, "take", Card.parse("4S").index)
    assert s.lines_shown == ("better", "worse")
    take = s.view(ENGLISH, g.names, 1)["imagine"]
    assert take["lines"][0] == {"line": "better", "action": "take", "label": "Take Player 1's hand"}
    s.go(1)
    after = s.view(ENGLISH, g.names, 2)
    assert len(after["hand"]) == 2 + 6 and after["narration"].startswith("You take")


def test_a_trick_that_ends_shows_the_cards_that_were_on_the_table_before():
    """The imagined game starts in the middle of a trick: the trick resting on the felt when
    it ends holds the cards played before the action too."""
    from bhabho_widget.play.bots import RuleBot

    g = Game.deal(4, seed=3)
    bots = [RuleBot(seed=s) for s in range(4)]
    while not (g.current_player == 0 and g.table and g.trick_number > 3 and len(g.legal_cards()) >= 2):
        seat = g.current_player
        g.play(bots[seat].choose_card(g.seat_view(seat)))
    before = [{"seat": s, "card": c.code} for s, c in g.table]
    legal = [c.index for c in g.legal_cards()]
    s = Showing(g, 0, legal[0], legal[-1])
    for line in s.lines_shown:
        s.switch(line)
        s.go(s.current.trick_step)
        rest = s.view(ENGLISH, g.names, 1)["last_trick"]
        assert rest["cards"][:len(before)] == before
        assert [c["card"] for c in rest["cards"]][len(before)] == DECK[s.current.action].code
        assert len(rest["cards"]) == len({c["card"] for c in rest["cards"]})
        s.go(s.count - 1)  # a later trick: its own cards only
        later = s.view(ENGLISH, g.names, 2)["last_trick"]
        assert later is None or not set(c["card"] for c in later["cards"]) & {c["card"] for c in before}


# ---------------------------------------------------------------------- what the words say
def test_show_me_shows_the_danger_the_words_name_and_how_often_it_happened():
    """The trap: the hint warns that with Q♦ you pick up this trick in some share of the
    simulations; Show me's worse line is a deal where you do, its better line one where 4♦
    works, each with how often it went so in the simulations, the numbers the reason gives."""
    from bhabho_widget.coach.hints import hint_for_view

    g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                        leader=2, seed=1)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
        g.play(card)
    view = g.seat_view(1)
    budget = {"rollouts": 192, "samples": 24}
    h = hint_for_view(view, **budget)
    assert (h.action_code, h.compared) == ("4D", "QD")
    said = {m.group(1): m.group(2) for m in re.finditer(r"[Ww]ith (\S+) (?:you pick up this trick )?in (\d+%)", h.reason)}
    s = Showing(g, 1, action_of("4D"), action_of("QD"), view=view, estimates=hint_estimates(view, **budget))
    s.switch("worse")
    s.go(s.current.trick_step)
    worse = s.view(ENGLISH, g.names, 1)["imagine"]
    assert s.current.trick_end == 1  # the danger named: you pick up
    assert worse["outcome"] == (f"In this imagined game, after Q♦ you pick up this trick: in {said['Q♦']} of the "
                                "simulations, like this one.")
    s.switch("better")
    s.go(s.current.trick_step)
    assert s.current.trick_end != 1  # and with 4♦ it works
    assert "of the simulations, like this one." in s.view(ENGLISH, g.names, 2)["imagine"]["outcome"]


def test_the_lines_say_where_each_trick_begins_and_switching_keeps_the_trick():
    from bhabho_widget.play.bots import RuleBot

    g = Game.deal(4, seed=3)
    bots = [RuleBot(seed=s) for s in range(4)]
    while not (g.current_player == 0 and not g.table and g.trick_number > 2 and len(g.legal_cards()) >= 3):
        seat = g.current_player
        g.play(bots[seat].choose_card(g.seat_view(seat)))
    legal = [c.index for c in g.legal_cards()]
    s = Showing(g, 0, legal[0], legal[-1])
    for name in s.lines_shown:
        s.switch(name)
        line = s.current
        tricks = s.view(ENGLISH, g.names, 1)["imagine"]["tricks"]
        assert tricks == list(line.tricks) and tricks[0] == 0 and tricks == sorted(set(tricks))
        for a, b in zip(tricks, tricks[1:]):  # each entry is the first step of a later trick
            assert line.steps[b].trick_number > line.steps[b - 1].trick_number
            assert all(line.steps[k].trick_number == line.steps[a].trick_number for k in range(max(a, 1), b))
    # the third trick of the worse line, then the better line: the same trick, not the same step
    s.switch("worse")
    third = s.current.tricks[min(2, len(s.current.tricks) - 1)]
    s.go(third + 1)
    at = s.game
    s.switch("better")
    if s.current.steps[-1].trick_number >= at.trick_number:
        assert s.game.trick_number == at.trick_number
    else:  # the better line ended before that trick: its end
        assert s.step == s.count - 1
