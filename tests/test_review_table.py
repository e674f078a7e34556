"""The review at the table: offered at game over, worked out in a thread with its progress,
cancellable, then every decision's position shown read-only, from the person's seat only."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from games import finished_table as finished

from bhabho_widget import Table
from bhabho_widget.coach.review import GRADES, clear_cache, review
from bhabho_widget.engine.errors import MessageError
from bhabho_widget.table.backend import idle_trait
from bhabho_widget.table.protocol import check_trait, check_view

SMALL = {"rollouts": 16, "samples": 4}  # a quick review: the tests look at what is shown, not at its strength


def msg(t: Table, kind: str, **fields: Any) -> None:
    t._on_frontend_msg(t, {"type": kind, **fields}, None)


def reviewed(seed: int = 5, **kw: Any) -> Table:
    t = finished(seed, **kw)
    run = t.start_review(**SMALL)
    assert run.wait(120), "the review did not end"
    assert t.review["status"] == "done", t.review
    return t


def test_the_review_is_offered_at_game_over_only():
    t = Table(players=4, seed=5, pace=0)
    assert t.review is None
    msg(t, "review_start")
    assert t.error == "the review opens once the game is over"
    t = finished()
    assert t.review["status"] == "ready" and t.review["decisions"] == []
    check_trait("review", t.review)
    assert set(idle_trait(0)["counts"]) == set(GRADES)


def test_the_review_reports_progress_and_ends_with_the_same_decisions_as_review():
    t = finished()
    seen: list[tuple[str, int, int]] = []
    t.observe(lambda change: seen.append((change["new"]["status"], change["new"]["done"], change["new"]["total"])),
              names="review")  # every state of the trait the browser is sent, as it is sent
    run = t.start_review(**SMALL)
    run.wait()
    assert seen and seen[-1][0] == "done" and any(s == "running" for s, _, _ in seen)
    data = t.review
    check_trait("review", data)
    assert data["status"] == "done" and data["done"] == data["total"] == len(data["decisions"]) > 0
    assert all(s == "running" for s, _, _ in seen if s != "done")
    # the same review the Python function gives (same seat, budget and seed)
    direct = review(t.game, 0, passes=t.session.passes(), **SMALL)  # the passes the person clicked, listed
    assert [d["chosen"] for d in data["decisions"]] == [d.chosen for d in direct.decisions]
    assert [d["grade"] for d in data["decisions"]] == [d.grade for d in direct.decisions]
    assert data["costliest"] == [d.number for d in direct.costliest(3)]
    assert data["counts"] == {g: direct.count(g) for g in GRADES}
    assert t.last_review is run.result


def test_a_second_review_while_one_works_is_refused_and_a_cancelled_one_can_be_asked_again():
    t = finished()
    gate = threading.Event()
    from bhabho_widget.table import reviewing

    real = reviewing.review

    def slow(*args: Any, **kw: Any) -> Any:
        gate.wait(30)
        return real(*args, **kw)

    reviewing.review = slow  # type: ignore[assignment]
    clear_cache()  # a review computed before is not computed again, and so never cancelled
    try:
        run = t.start_review(**SMALL)
        msg(t, "review_start")  # Review pressed again while it works: the same review, not a second one
        assert t.error == "" and t.start_review() is run
        with pytest.raises(MessageError, match="the review is being worked out already"):
            t.start_review(**SMALL)  # another budget for the same game: refused while one works
        msg(t, "review_cancel")
        assert t.error == ""
        gate.set()
        assert run.wait(60)
    finally:
        reviewing.review = real  # type: ignore[assignment]
    assert t.review["status"] == "cancelled" and t.review["decisions"] == []
    check_trait("review", t.review)
    msg(t, "review_cancel")
    assert t.error == "no review is being worked out"
    run = t.start_review(**SMALL)
    assert run.wait(120) and t.review["status"] == "done"


def test_a_decision_s_position_is_the_seat_s_view_then_read_only_with_the_better_action():
    t = reviewed()
    data = t.review
    n = data["costliest"][0] if data["costliest"] else 0
    d = run_decision = t.last_review.decisions[n]  # type: ignore[union-attr]
    msg(t, "review_show", decision=n)
    assert t.error == ""
    v = t.view
    check_view(v)
    assert v["mode"] == "review" and v["legal"] == [] and v["hands"] is None and not v["can_take"]
    assert v["review"]["number"] == n and v["review"]["best"] == d.best and v["review"]["chosen"] == d.chosen
    assert t.review["at"] == n
    # the hand then: the game replayed to that move, the seat's own cards only
    from bhabho_widget.coach.review import replay_to

    then = replay_to(t.game, run_decision.move)
    assert v["hand"] == [c.code for c in then.hand(0)]
    assert v["hand_sizes"] == [len(then.hand(s)) for s in range(4)]
    assert v["trick_number"] == d.trick
    if d.kind == "card":
        assert d.chosen in v["hand"]
    assert v["narration"].startswith(f"Review, decision {n + 1} of {len(data['decisions'])} (trick {d.trick})")
    # nothing can be played there, and Back to the end shows the live table again
    msg(t, "play", card=v["hand"][0], version=v["version"])
    assert t.error != "" and t.game.is_over
    msg(t, "review_show", decision=None)
    assert t.view["mode"] == "play" and t.view["is_over"] and t.review["at"] is None


def test_the_tracker_follows_the_position_shown():
    t = reviewed()
    t.show_tracker(True)
    end = t.tracker
    t.show_decision(0)
    first = t.tracker
    assert first != end
    then = t.last_review.decisions[0]  # type: ignore[union-attr]
    from bhabho_widget.coach.review import replay_to
    from bhabho_widget.coach.tracker import tracker_data

    assert first == tracker_data(replay_to(t.game, then.move).seat_view(0), t.session.names(), False)
    t.show_decision(None)
    assert t.tracker == end


@pytest.mark.parametrize("bad", [-1, 10_000, True, "3", 1.5])
def test_a_bad_decision_number_is_refused_and_changes_nothing(bad):
    t = reviewed()
    before = dict(t.view)
    msg(t, "review_show", decision=bad)
    assert t.error and len(t.error) < 120
    assert t.view == before and t.review["at"] is None


def test_review_show_before_the_review_is_refused():
    t = finished()
    msg(t, "review_show", decision=0)
    assert t.error == "the review is not ready yet"


def test_the_review_speaks_the_table_s_language_and_switches_with_it():
    t = reviewed(language="de")
    d = t.review["decisions"][0]
    assert "Stich" in t.labels["review_row"] and d["reason"]
    t.show_decision(0)
    assert t.view["narration"].startswith("Analyse, Entscheidung 1 von")
    t.set_language("es")
    assert t.view["narration"].startswith("Análisis, decisión 1 de") and t.view["mode"] == "review"
    assert t.review["at"] == 0
    graded = [x for x in t.review["decisions"] if x["grade"]]
    for x in graded:
        assert x["grade_text"] in ("imprecisión", "error", "error grave")


def test_a_new_game_or_an_undo_leaves_the_review():
    t = reviewed()
    t.show_decision(0)
    t.new_game()
    assert t.review is None and t.view["mode"] == "play" and not t.view["is_over"]
    t = reviewed()
    if t.view["can_undo"]:
        t.show_decision(0)
        msg(t, "undo", version=t.view["version"])
        assert t.error == "" and t.view["mode"] == "play"
        assert t.review is None or t.review["status"] == "ready"


def test_nothing_of_another_hand_reaches_the_browser_in_any_position():
    """Every position the review shows holds the person's own hand and public cards only,
    and every card the review names was in the person's hand at that decision."""
    from bhabho_widget.coach.review import replay_to

    t = reviewed(seed=11)
    for d in t.last_review.decisions:  # type: ignore[union-attr]
        t.show_decision(d.number)
        v = t.view
        then = replay_to(t.game, d.move)
        own = {c.code for c in then.hand(0)}
        others = {c.code for s in range(1, 4) for c in then.hand(s)}
        assert v["hands"] is None and set(v["hand"]) == own
        assert not {c["card"] for c in v["table"]} & others
        row = t.review["decisions"][d.number]
        for action in (row["chosen"], row["best"]):
            assert action in ("take", "pass") or action in own, (d.number, action)
