"""Take offers (rule 7 at a local table): the person is asked at their chance to take the next
player's hand every time, only when the coach's quick estimate says taking may pay (the
default), or never; a chance not asked is named under the table all the same, and the review
lists a pass only where taking was better or the person passed by a click."""

from __future__ import annotations

from typing import Any

import pytest

from bhabho_widget import Game, Lesson, Table, TableSession
from bhabho_widget.coach.review import decision_points, review
from bhabho_widget.play.search import TAKE
from bhabho_widget.table.controller import DEFAULT_TAKE_OFFERS, TAKE_OFFERS
from bhabho_widget.table.lesson import Exercise
from bhabho_widget.table.protocol import check_view

WENT_BY = "your chance to take"
NOT_ASKED = {"never": "take offers are off at this table", "may_pay": "taking would not pay"}
SMALL = {"rollouts": 16, "samples": 4}  # a quick review: the test reads which rows there are, not their numbers


def send(t: Table, **content: Any) -> None:
    t._on_frontend_msg(t, content, None)


def play_through(s: TableSession) -> dict[str, Any]:
    """Play the person's seat to the end (the first legal card, Pass at every offer) and note
    where the table stopped for an offer and where the line under the table named a chance
    that went by unasked, each by its trick. Passing changes nothing in the game, so the same
    seed gives the same game whatever the setting."""
    stops: list[int] = []
    named: dict[int, str] = {}
    for _ in range(2000):
        g = s.game
        if g.is_over:
            break
        if s.take_offer:
            stops.append(g.trick_number)
            assert "Your chance to take" in s.narration
            s.pass_take()
        elif s.waiting == "bot":
            s.advance()
        else:
            s.play(g.legal_cards()[0])
        if f"Before this trick, {WENT_BY}" in s.narration:
            named.setdefault(s.game.trick_number, s.narration)
    else:
        raise AssertionError("the game did not end")
    return {"stops": stops, "named": named, "moves": [str(m) for m in s.game.moves], "passes": s.passes()}


def chances(s: TableSession) -> list[int]:
    """The tricks before which the person had a chance to take in the table's order of
    offers (not at their own lead), as the review counts its decisions."""
    return [pt.view.trick_number for pt in decision_points(s.game, s.seat) if pt.kind == "offer"]


def test_the_default_asks_only_when_taking_may_pay():
    assert TAKE_OFFERS == ("always", "may_pay", "never") and DEFAULT_TAKE_OFFERS == "may_pay"
    assert TableSession(seed=1).take_offers == "may_pay"
    t = Table(seed=1, pace=0)
    assert t.take_offers == "may_pay" and "set_take_offers" in t.capabilities
    t.close()


@pytest.mark.parametrize("seed", [4, 9])
def test_always_asks_at_every_chance_and_never_at_none_naming_each_one_under_the_table(seed):
    always = TableSession(players=4, seed=seed, take_offers="always")
    asked = play_through(always)
    never = TableSession(players=4, seed=seed, take_offers="never")
    quiet = play_through(never)
    assert asked["moves"] == quiet["moves"], "a pass changes nothing in the game"
    assert asked["stops"] == chances(always) and len(asked["stops"]) >= 3
    assert asked["passes"] and len(asked["passes"]) == len(asked["stops"])  # every stop answered by a click
    assert quiet["stops"] == [] and quiet["passes"] == frozenset()
    assert sorted(quiet["named"]) == asked["stops"], "every chance that went by is named under the table"
    assert all(NOT_ASKED["never"] in line for line in quiet["named"].values())


def test_may_pay_asks_where_the_estimate_says_taking_may_pay_and_names_the_others(monkeypatch):
    def even_tricks(self: TableSession, seat: int) -> bool:  # a stand-in estimate that is easy to check
        return self.game.trick_number % 2 == 0

    monkeypatch.setattr(TableSession, "_take_may_pay", even_tricks)
    s = TableSession(players=4, seed=5)
    seen = play_through(s)
    every = chances(s)
    assert seen["stops"] == [k for k in every if k % 2 == 0] and seen["stops"]
    assert sorted(seen["named"]) == [k for k in every if k % 2]
    assert all(NOT_ASKED["may_pay"] in line for line in seen["named"].values())


def test_the_quick_estimate_asks_at_fewer_chances_than_every_time():
    """The real estimate (the coach's quick budget): over two games the table stops at fewer
    chances than a table that asks every time, and every chance is either asked or named."""
    for seed in (4, 9):
        may_pay = TableSession(players=4, seed=seed)
        seen = play_through(may_pay)
        every = chances(may_pay)
        assert set(seen["stops"]) <= set(every) and len(seen["stops"]) < len(every)
        assert sorted(seen["stops"] + list(seen["named"])) == every


def test_the_setting_changes_from_the_next_chance_on_and_a_bad_one_is_refused():
    t = Table(players=4, seed=3, pace=0, take_offers="never")
    assert t.take_offers == "never"
    version = t.view["version"]
    send(t, type="set_take_offers", offers="sometimes")
    assert "sometimes" in t.error or "offers" in t.error
    assert t.take_offers == "never" and t.view["version"] == version, "a bad message changes nothing"
    send(t, type="set_take_offers", offers="always")
    assert t.error == "" and t.take_offers == "always" and t.session.take_offers == "always"
    for _ in range(400):  # the next chance is asked
        v = t.view
        check_view(v)
        if v["take_offer"] or v["waiting"] == "over":
            break
        if v["waiting"] == "bot":
            send(t, type="advance", version=v["version"])
        else:
            send(t, type="play", card=v["legal"][0], version=v["version"])
        assert t.error == "", t.error
    assert t.view["take_offer"] and t.view["can_take"]
    with pytest.raises(ValueError, match="take_offers must be one of"):
        TableSession(take_offers="sometimes")
    t.close()


def test_a_table_without_the_setting_refuses_it():
    w = Lesson(Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"]], leader=1), [("take", 0), "2C"], title="Take",
               exercises=[Exercise(0, "Take Player 1's hand, or pass?", kind="take", answer="take",
                                   hint="Who keeps the power?", explain="You take the power with it.")])
    assert w.take_offers is None and "set_take_offers" not in w.capabilities
    send(w, type="set_take_offers", offers="always")
    assert w.error and w.take_offers is None
    # a lesson about rule 7 asks exactly where its exercise asks: Take and Pass are both offered there
    assert sorted(w.backend.script.choices(0)) == ["pass", "take"]
    w.close()


def test_the_review_lists_a_pass_only_where_taking_was_better_or_the_person_clicked_pass():
    asked = TableSession(players=4, seed=4, take_offers="always")
    play_through(asked)
    quiet = TableSession(players=4, seed=4, take_offers="never")
    play_through(quiet)
    clicked = review(asked.game, 0, passes=asked.passes(), **SMALL)
    unasked = review(quiet.game, 0, passes=quiet.passes(), **SMALL)
    offers = [d for d in clicked.decisions if d.kind == "offer"]
    assert sorted(d.move for d in offers) == sorted(asked.passes()), "every pass clicked is a row"
    for d in unasked.decisions:
        if d.kind == "offer":
            assert d.best == TAKE, "a chance that went by unasked is a row only where taking was better"
    assert len([d for d in unasked.decisions if d.kind == "offer"]) < len(offers)
