"""The review of a finished game at the table: worked out in a thread, shown decision by decision.

:class:`ReviewRun` reviews the person's seat (:func:`bhabho_widget.coach.review.review`) in
a thread of its own, so that the table stays responsive: it reports its progress, can be
cancelled, and once done gives the browser's ``review`` trait (the graph's points, the
costliest decisions, each decision's chances, grade and the coach's reason) and, for any
decision, the table as the seat saw it then: a read-only view with the better action
named, built from that moment's game for that seat only, as the live table is.

Everything it sends comes from the seat's own views (the review itself looks at nothing
else); the position view holds that seat's hand and what was public, never another hand.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from ..coach.review import (
    DEFAULT_ROLLOUTS,
    DEFAULT_SAMPLES,
    GRADES,
    Review,
    ReviewCancelled,
    replay_to,
    review,
)
from ..engine.errors import MessageError
from ..engine.game import Game
from ..i18n import Message, Translator
from .backend import GameSource, idle_trait
from .view import View, build_view, log_lines

__all__ = ["ReviewRun", "T_REVIEW_AT", "T_REVIEW_AT_BEST"]

T_REVIEW_AT = "Review, decision {n} of {count} (trick {trick}): you chose {chosen}; the better action was {best}."
T_REVIEW_AT_BEST = "Review, decision {n} of {count} (trick {trick}): you chose {chosen}, the best action."

STATUSES = ("running", "done", "cancelled", "failed")




class ReviewRun:
    """One review of ``game`` for ``seat``, started at once in a thread (see the module's
    docstring). ``changed()`` is called from that thread as it progresses and when it ends."""

    def __init__(self, game: Game | GameSource, seat: int, changed: Callable[[], None], rollouts: int = DEFAULT_ROLLOUTS,
                 samples: int = DEFAULT_SAMPLES, seed: int | None = 0) -> None:
        for name, value in (("rollouts", rollouts), ("samples", samples)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}"[:120])
        self._source: GameSource | None = None if isinstance(game, Game) else game
        self.game: Game | None = game.copy() if isinstance(game, Game) else None
        """The game reviewed (the seat's own view of it), once there is one."""
        self.seat = seat
        self.status = "running"
        self.done = 0
        self.total = 0
        self.result: Review | None = None
        self.failure = ""
        self._changed = changed
        self._cancel = threading.Event()
        self._rollouts, self._samples, self._seed = rollouts, samples, seed
        self.thread = threading.Thread(target=self._work, name="bhabho-review", daemon=True)
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self._changed()

    def _work(self) -> None:
        try:
            if self.game is None:
                assert self._source is not None
                self.game = self._source(self._cancel)  # the seat's record, asked of the server and rebuilt
                if self._cancel.is_set():
                    raise ReviewCancelled
            self.result = review(self.game, self.seat, rollouts=self._rollouts, samples=self._samples, seed=self._seed,
                                 progress=self._progress, cancel=self._cancel)
            self.done = self.total = len(self.result.decisions)
            self.status = "done"
        except ReviewCancelled:
            self.status = "cancelled"
        except Exception as err:  # shown in the panel: a review never breaks the table
            self.status = "cancelled" if self._cancel.is_set() else "failed"
            self.failure = "" if self._cancel.is_set() else str(err)[:200]
        self._changed()

    def cancel(self) -> None:
        """Stop the review (it stops between two runs of decisions)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the review to end; True once it has."""
        self.thread.join(timeout)
        return not self.thread.is_alive()

    @property
    def budget(self) -> tuple[int, int]:
        """``(rollouts, samples)``: the review's budget."""
        return self._rollouts, self._samples

    @property
    def count(self) -> int:
        return len(self.result.decisions) if self.result is not None else 0

    def check_decision(self, number: object) -> int:
        """``number`` as a decision of the finished review, or a MessageError."""
        if self.result is None:
            raise MessageError(Message("the review is not ready yet"))
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < self.count:
            raise MessageError(Message("this review has no such decision"))
        return number

    # ------------------------------------------------------------------ for the browser
    def trait(self, translator: Translator, names: Sequence[str], at: int | None) -> dict[str, Any]:
        """The ``review`` trait: the progress while running; every decision once done."""
        out = idle_trait(self.seat, self.status, self.failure)
        out.update(done=self.done, total=self.total, at=at)
        rev = self.result
        if rev is None:
            return out
        data = rev.to_dict(translator, names)
        for d, row in zip(rev.decisions, data["decisions"]):
            chosen = d.estimate(d.chosen)
            out["decisions"].append({
                "number": d.number, "trick": d.trick, "kind": d.kind, "chosen": d.chosen, "best": d.best,
                "chosen_label": row["estimates"][[e.action for e in d.estimates].index(d.chosen)]["label"],
                "best_label": row["estimates"][[e.action for e in d.estimates].index(d.best)]["label"],
                "p": chosen.p, "lo": chosen.lo, "hi": chosen.hi, "chance_before": d.chance_before,
                "loss": d.loss, "loss_lo": d.loss_lo, "loss_hi": d.loss_hi, "grade": d.grade,
                "grade_text": row["grade_text"], "reason": row["reason"], "forced": d.forced,
            })
        out["events"] = [{"kind": e["kind"], "trick": e["trick"], "text": e["text"]} for e in data["events"]]
        out["costliest"] = data["costliest"]
        out["counts"] = {g: rev.count(g) for g in GRADES}
        return out

    def position_view(self, number: int, translator: Translator, names: Sequence[str], version: int) -> View:
        """The table as the seat saw it at decision ``number``: read-only (mode ``review``),
        the better action named in ``view["review"]`` and in the line under the table."""
        rev = self.result
        assert rev is not None and self.game is not None
        d = rev.decisions[number]
        at = replay_to(self.game, d.move)
        row = self.trait(translator, names, number)["decisions"][number]
        template = T_REVIEW_AT_BEST if d.chosen == d.best else T_REVIEW_AT
        narration = translator.format(template, n=number + 1, count=self.count, trick=d.trick,
                                      chosen=row["chosen_label"], best=row["best_label"])
        return build_view(at, self.seat, version=version, mode="review", waiting="over", change="new",
                          narration=narration, log=log_lines(at.events, self.seat, False, translator, names),
                          translator=translator, names=names,
                          review={"number": number, "count": self.count, "trick": d.trick, "kind": d.kind,
                                  "chosen": d.chosen, "best": d.best, "grade": d.grade, "grade_text": row["grade_text"]})

    def position_tracker(self, number: int, names: Sequence[str], chances: bool) -> dict[str, Any]:
        """The seat's tracker at decision ``number`` (what it knew then)."""
        from ..coach.tracker import tracker_data

        rev = self.result
        assert rev is not None and self.game is not None
        at = replay_to(self.game, rev.decisions[number].move)
        return tracker_data(at.seat_view(self.seat), names, chances)
