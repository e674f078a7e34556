"""Ready when asked: the coach works while the person thinks.

:class:`CoachAhead` runs one thread of its own beside a table. When it is the person's turn,
it works out the hint for that moment before the *Hint* button is pressed; after each of the
person's decisions, it works out that decision's estimate for the review
(:func:`bhabho_widget.coach.review.prepare`), so the review at game over finds its decisions
done. Both are one judgement of the decision (:mod:`bhabho_widget.coach.judgement`): the hint
worked out ahead is the review's decision too. It is bounded and polite: one job at a time,
the hint of the moment first; a hint for a moment that has passed is dropped before it starts;
nothing is worked out without numpy (the browser-only site's small build). It starts once a browser shows the table (a script that
asks gets its answer at once anyway); ``Table(coach_ahead=False)``, ``table.coach_ahead =
False`` or the environment variable ``BHABHO_COACH_AHEAD=0`` turn it off.

>>> from bhabho_widget.table.session import TableSession
>>> s = TableSession(seed=4)
>>> s.run_bots()
>>> ahead = CoachAhead()
>>> ahead.follow(s)                     # the person's turn: its hint is worked out now
>>> ahead.wait(60)
True
>>> s.hint_ready()                      # so the button's answer is at hand
True
>>> ahead.stop()
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from ..engine.game import Game
from .session import TableSession

__all__ = ["ENVIRONMENT", "IDLE", "CoachAhead", "ahead_allowed"]

IDLE = 30.0
"""Seconds the worker's thread waits for work before it ends (a table nobody plays holds none)."""


ENVIRONMENT = "BHABHO_COACH_AHEAD"
"""Set to ``0`` to turn the coach's work ahead off for every table of a process."""


def ahead_allowed() -> bool:
    """False when the environment says :data:`ENVIRONMENT` ``=0``."""
    return os.environ.get(ENVIRONMENT, "1").strip().lower() not in ("0", "false", "no", "off")


def _numpy_available() -> bool:
    """Whether numpy (which the coach's search needs) is installed, without importing it here."""
    return importlib.util.find_spec("numpy") is not None


class CoachAhead:
    """The coach's worker beside one table (see the module's docstring)."""

    def __init__(self) -> None:
        self.enabled = _numpy_available()
        self._lock = threading.Condition()
        self._hint: tuple[Any, Callable[[], Any]] | None = None  # (key, job): the hint of the moment
        self._reviews: deque[Callable[[], Any]] = deque()
        self._queued_games: dict[int, int] = {}  # game id -> moves already sent for the review
        self._busy = False
        self._stopped = False
        self._thread: threading.Thread | None = None
        self.failure = ""
        """The last job's error, if one failed (a worker never breaks the table)."""

    # ------------------------------------------------------------------ what to work out
    def follow(self, session: TableSession) -> None:
        """Look at the table after a change: queue the hint of the person's turn (dropping an
        older one not started yet) and the review's estimate of the decisions made since."""
        if not self.enabled or self._stopped:
            return
        job = session.hint_job()
        with self._lock:
            self._hint = job
            game = session.game
            moves = len(game.moves)
            if moves > self._queued_games.get(id(game), 0) and session.seat in game.actors():
                self._queued_games = {id(game): moves}  # a new game forgets the last one's
                self._reviews.append(_review_job(game.copy(), session.seat, session.coach_settings()))
            if self._hint is not None or self._reviews:
                self._start()
                self._lock.notify()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="bhabho-coach-ahead", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while True:
            with self._lock:
                idle = not self._lock.wait_for(lambda: self._stopped or self._hint is not None or bool(self._reviews),
                                               IDLE)
                if self._stopped or idle:  # nothing to do for a while: the thread ends, the next job starts one
                    self._thread = None
                    return
                if self._hint is not None:
                    _, job = self._hint
                    self._hint = None
                else:
                    job = self._reviews.popleft()
                self._busy = True
            try:
                job()
            except Exception as err:  # noqa: BLE001 - shown as failure; the table goes on
                self.failure = str(err)[:200]
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job queued so far is done; True once it is (for tests and benchmarks)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._stopped or (not self._busy and self._hint is None
                                                                 and not self._reviews), timeout)

    def stop(self) -> None:
        """Stop the thread (after the job it is on); queued jobs are dropped."""
        with self._lock:
            self._stopped = True
            self._hint = None
            self._reviews.clear()
            self._lock.notify_all()


def _review_job(game: Game, seat: int, budget: dict[str, int]) -> Callable[[], Any]:
    """The judgements of ``seat``'s decisions so far in ``game`` (a copy), with the table's
    ``budget``, each kept for the review (decisions already judged, by a hint or before, are
    found at once)."""
    def job() -> None:
        from ..coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES, decision_points, prepare

        rollouts, samples = budget.get("rollouts", DEFAULT_ROLLOUTS), budget.get("samples", DEFAULT_SAMPLES)
        for point in decision_points(game, seat):
            prepare(point, rollouts=rollouts, samples=samples, seed=0)
    return job
