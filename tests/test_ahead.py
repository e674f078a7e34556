"""Ready when asked: the coach works while the person thinks (bhabho_widget.table.ahead).
On for these tests (the rest of the suite turns it off, see tests/conftest.py)."""

from __future__ import annotations

import threading

import pytest

import bhabho_widget.coach.judgement as judgement
from bhabho_widget import Table
from bhabho_widget.coach import review as coach_review
from bhabho_widget.table.ahead import CoachAhead

pytest.importorskip("numpy")


@pytest.fixture(autouse=True)
def ahead_on(monkeypatch):
    """The coach works ahead, from nothing judged: the judgements another test of this process
    made (a table of the same seed) would answer a hint at once, with no work ahead to see."""
    monkeypatch.setenv("BHABHO_COACH_AHEAD", "1")
    judgement.clear_cache()


def send(t: Table, **content) -> None:
    t._on_frontend_msg(t, content, None)


def person_turn(t: Table) -> None:
    t.run_bots()
    while t.view["take_offer"]:
        send(t, type="advance", version=t.view["version"])
        t.run_bots()


def counting(monkeypatch) -> list[int]:
    """The threads that judged a decision (its first run of simulations), as they do."""
    runs: list[int] = []
    real = judgement._Runner.run

    def count(self, items, first, stop):
        if first == 0:
            runs.append(threading.get_ident())
        return real(self, items, first, stop)

    monkeypatch.setattr(judgement._Runner, "run", count)
    return runs


def test_the_hint_of_the_persons_turn_is_worked_out_before_the_click(monkeypatch):
    runs = counting(monkeypatch)
    t = Table(seed=11, pace=0)
    send(t, type="set_deck", deck="two-colour")  # a browser shows the table
    person_turn(t)
    assert t.backend.ahead.wait(120)
    assert t.session.hint_ready() and len(runs) == 1 and runs[0] != threading.get_ident()
    send(t, type="hint")
    assert t.error == "" and t.hint["action"] in t.view["legal"]
    assert len(runs) == 1, "the click was answered from the work done ahead"
    t.close()


def test_nothing_is_worked_out_before_a_browser_shows_the_table_or_when_turned_off(monkeypatch):
    runs = counting(monkeypatch)
    t = Table(seed=12, pace=0)
    person_turn(t)
    assert t.backend.ahead is not None and t.backend.ahead.wait(5) and not runs  # a script asks and is answered at once
    off = Table(seed=12, pace=0, coach_ahead=False)
    send(off, type="set_deck", deck="two-colour")
    person_turn(off)
    assert off.backend.ahead is None and not off.session.hint_ready()
    monkeypatch.setenv("BHABHO_COACH_AHEAD", "0")
    assert Table(seed=12).coach_ahead is False
    t.coach_ahead = False
    assert t.backend.ahead is None
    assert not runs


def test_a_hint_for_a_moment_that_has_passed_is_dropped_before_it_starts():
    done: list[str] = []
    gate, started = threading.Event(), threading.Event()

    class Fake:
        seat = 0

        def __init__(self, name: str) -> None:
            self.name = name

        def hint_job(self):
            return self.name, lambda: (started.set(), gate.wait(10), done.append(self.name))

        @property
        def game(self):
            class G:
                moves: list = []

                def actors(self):
                    return []
            return G()

    ahead = CoachAhead()
    ahead.follow(Fake("first"))   # started at once: it runs to its end
    assert started.wait(10), "the first hint's job never started"
    ahead.follow(Fake("second"))  # waiting: replaced by the next moment
    ahead.follow(Fake("third"))
    gate.set()
    assert ahead.wait(10)
    assert done == ["first", "third"]
    ahead.stop()


def test_the_review_is_built_decision_by_decision_as_the_game_goes(monkeypatch):
    # a small review budget: the point is where the review's work is done, not its numbers
    monkeypatch.setattr(coach_review, "DEFAULT_ROLLOUTS", 24)
    monkeypatch.setattr(coach_review, "DEFAULT_SAMPLES", 6)
    t = Table(seed=13, pace=0)
    send(t, type="set_deck", deck="two-colour")
    while not t.game.is_over:
        person_turn(t)
        if t.game.is_over:
            break
        send(t, type="play", card=t.view["legal"][0], version=t.view["version"])
    assert t.backend.ahead.wait(600)
    points = coach_review.decision_points(t.game, 0)
    settings = (coach_review.DEFAULT_ROLLOUTS, coach_review.DEFAULT_SAMPLES, 0, coach_review.DEFAULT_POLICY,
                coach_review.DEFAULT_EXPLORE)
    assert all(judgement._CACHE.get((p.view, p.actions, *settings)) is not None for p in points), "every decision is done"
    worked: list[int] = []
    real = judgement.estimate_many
    monkeypatch.setattr(judgement, "estimate_many", lambda *a, **k: worked.append(1) or real(*a, **k))
    run = t.start_review()
    assert run.wait(60) and run.status == "done"
    assert not worked, "at game over the review only gathers what was worked out"
    prepared = run.result
    monkeypatch.setattr(judgement, "estimate_many", real)
    coach_review.clear_cache()
    fresh = coach_review.review(t.game, 0, rollouts=coach_review.DEFAULT_ROLLOUTS, samples=coach_review.DEFAULT_SAMPLES,
                                 passes=t.session.passes())
    assert [d.to_dict() for d in prepared.decisions] == [d.to_dict() for d in fresh.decisions]
    t.close()
