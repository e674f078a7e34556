"""The review of a finished game at the table: worked out in a thread, shown decision by decision.

:class:`ReviewRun` reviews the person's seat (:func:`bhabho_widget.coach.review.review`) in
a thread of its own, so that the table stays responsive: it reports its progress, can be
cancelled, and once done gives the browser's ``review`` trait (the graph's points, the
costliest decisions, each decision's chances, grade and the coach's reason) and, for any
decision, the table as the seat saw it then: a read-only view with the better action
named, built from that moment's game for that seat only, as the live table is.

The review of the person's own game speaks to them ("you chose", "it is your only legal
card"); someone else's (a teacher reading a student's game: ``person``, the student's name)
speaks of them by name in every text, the coach's reasons told with their third-person twins.

Everything it sends comes from the seat's own views (the review itself looks at nothing
else); the position view holds that seat's hand and what was public, never another hand.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Sequence

from ..coach.causes import percent
from ..coach.review import (
    DEFAULT_ROLLOUTS,
    DEFAULT_SAMPLES,
    GRADES,
    MARKED_EVENTS,
    Review,
    ReviewCancelled,
    replay_to,
    review,
)
from ..engine.errors import MessageError
from ..engine.game import Game
from ..i18n import LABEL_CONTEXT, Message, Translator, third_person
from ..i18n.labels import LABELS
from . import protocol_types as wire
from .backend import GameSource
from .traits import ReviewStatus, decision_kind, grade_of, review_trait, tracker_trait, verdict_of
from .view import View, build_view, log_lines

__all__ = ["ReviewRun", "T_REVIEW_AT", "T_REVIEW_AT_BEST", "T_REVIEW_AT_EVEN"]

# the line under the table at a decision, and the decision's row, by the coach's one rule
# (coach/grading.py: the verdict of the chosen action), in the person of the reviewed seat
T_REVIEW_AT = "Review, decision {n} of {count} (trick {trick}): you chose {chosen}; the better action was {best}."
T_REVIEW_AT_BEST = "Review, decision {n} of {count} (trick {trick}): you chose {chosen}, the best action."
T_REVIEW_AT_EVEN = "Review, decision {n} of {count} (trick {trick}): you chose {chosen}; {best} is about as good."
T_REVIEW_AT_THEM = "Review, decision {n} of {count} (trick {trick}): {name} chose {chosen}; the better action was {best}."
T_REVIEW_AT_BEST_THEM = "Review, decision {n} of {count} (trick {trick}): {name} chose {chosen}, the best action."
T_REVIEW_AT_EVEN_THEM = "Review, decision {n} of {count} (trick {trick}): {name} chose {chosen}; {best} is about as good."
T_ROW = "Trick {trick}: you chose {chosen} ({after}); better was {best} ({before})"
T_ROW_BEST = "Trick {trick}: you chose {chosen} ({after}), the best"
T_ROW_EVEN = "Trick {trick}: you chose {chosen} ({after}); {best} ({before}) is about as good"
T_ROW_THEM = "Trick {trick}: {name} chose {chosen} ({after}); better was {best} ({before})"
T_ROW_BEST_THEM = "Trick {trick}: {name} chose {chosen} ({after}), the best"
T_ROW_EVEN_THEM = "Trick {trick}: {name} chose {chosen} ({after}); {best} ({before}) is about as good"
T_REVIEW_OF = "Review of {name}'s game"

third_person({T_REVIEW_AT: T_REVIEW_AT_THEM, T_REVIEW_AT_BEST: T_REVIEW_AT_BEST_THEM, T_REVIEW_AT_EVEN: T_REVIEW_AT_EVEN_THEM,
              T_ROW: T_ROW_THEM, T_ROW_BEST: T_ROW_BEST_THEM, T_ROW_EVEN: T_ROW_EVEN_THEM})
_AT = {"worse": T_REVIEW_AT, "best": T_REVIEW_AT_BEST, "even": T_REVIEW_AT_EVEN}
_ROW = {"worse": T_ROW, "best": T_ROW_BEST, "even": T_ROW_EVEN}

STATUSES = ("running", "done", "cancelled", "failed")


def _percent(translator: Translator, p: float) -> str:
    """A chance as the review panel prints it ("40 %", in the language's own format)."""
    return translator.pgettext(LABEL_CONTEXT + "tracker_percent", LABELS["tracker_percent"]).format(p=percent(p))




class ReviewRun:
    """One review of ``game`` for ``seat``, started at once in a thread (see the module's
    docstring). ``changed()`` is called from that thread as it progresses and when it ends."""

    def __init__(self, game: Game | GameSource, seat: int, changed: Callable[[], None], rollouts: int = DEFAULT_ROLLOUTS,
                 samples: int = DEFAULT_SAMPLES, seed: int | None = 0, person: str | None = None,
                 passes: Collection[int] | None = None) -> None:
        for name, value in (("rollouts", rollouts), ("samples", samples)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}"[:120])
        self._source: GameSource | None = None if isinstance(game, Game) else game
        self.game: Game | None = game.copy() if isinstance(game, Game) else None
        """The game reviewed (the seat's own view of it), once there is one."""
        self.seat = seat
        self.status: ReviewStatus = "running"
        self.done = 0
        self.total = 0
        self.result: Review | None = None
        self.failure = ""
        self._changed = changed
        self._cancel = threading.Event()
        self._rollouts, self._samples, self._seed = rollouts, samples, seed
        self.person = person
        """Whose game it is, when not the reader's own: the review speaks of them by name."""
        self._passes = None if passes is None else frozenset(passes)
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
                                 progress=self._progress, cancel=self._cancel, passes=self._passes).about(self.person)
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
    def trait(self, translator: Translator, names: Sequence[str], at: int | None) -> wire.Review:
        """The ``review`` trait: the progress while running; every decision once done. The
        coach's reasons (computed for the seat, "you") are told of :attr:`person` by name when
        it is someone else's game (:meth:`Translator.about <bhabho_widget.i18n.Translator.about>`)."""
        title = None if self.person is None else translator.format(T_REVIEW_OF, name=self.person)
        rev = self.result
        if rev is None:
            return review_trait(self.seat, self.status, self.failure, self.done, self.total, at, title=title)
        teller = self._teller(translator)
        data = rev.to_dict(teller, names)
        decisions = []
        for d, row in zip(rev.decisions, data["decisions"]):
            chosen = d.estimate(d.chosen)
            actions = [e.action for e in d.estimates]
            chosen_label = row["estimates"][actions.index(d.chosen)]["label"]
            best_label = row["estimates"][actions.index(d.best)]["label"]
            decisions.append(wire.ReviewDecision(
                number=d.number, trick=d.trick, kind=decision_kind(d.kind), chosen=d.chosen, best=d.best,
                chosen_label=chosen_label, best_label=best_label,
                p=chosen.p, lo=chosen.lo, hi=chosen.hi, chance_before=d.chance_before,
                loss=d.loss, loss_lo=d.loss_lo, loss_hi=d.loss_hi, grade=grade_of(d.grade),
                grade_text=row["grade_text"], reason=row["reason"], forced=d.forced, verdict=verdict_of(d.verdict),
                row=teller.render(Message(_ROW[d.verdict], trick=d.trick, chosen=chosen_label,
                                          after=_percent(translator, chosen.p), best=best_label,
                                          before=_percent(translator, d.chance_before))),
            ))
        events = [wire.ReviewEvent(kind=e["kind"], trick=e["trick"], text=text)
                  for e, text in zip(data["events"], self._event_texts(translator, names, len(data["events"])))]
        return review_trait(self.seat, self.status, self.failure, self.done, self.total, at, decisions, events,
                            list(data["costliest"]), {g: rev.count(g) for g in GRADES}, title)

    def _event_texts(self, translator: Translator, names: Sequence[str], count: int) -> list[str]:
        """The marked events of the reviewed game as the seat read them, in ``translator``'s
        language with ``names``, the seat in the person of the review (see :meth:`_teller`)."""
        assert self.game is not None
        marked = [e for e in self.game.events if e.kind in MARKED_EVENTS]
        assert len(marked) == count, "the review's events are the game's marked events"
        return [e.describe(self.seat, translator=translator, names=names, addressed=self.person is None) for e in marked]

    def position_view(self, number: int, translator: Translator, names: Sequence[str], version: int) -> View:
        """The table as the seat saw it at decision ``number``: read-only (mode ``review``),
        the better action named in ``view["review"]`` and in the line under the table."""
        rev = self.result
        assert rev is not None and self.game is not None
        d = rev.decisions[number]
        at = replay_to(self.game, d.move)
        row = self.trait(translator, names, number)["decisions"][number]
        narration = self._teller(translator).render(Message(_AT[d.verdict], n=number + 1, count=self.count, trick=d.trick,
                                                            chosen=row["chosen_label"], best=row["best_label"]))
        return build_view(at, self.seat, version=version, mode="review", waiting="over", change="new",
                          narration=narration,
                          log=log_lines(at.events, self.seat, False, translator, names, addressed=self.person is None),
                          translator=translator, names=names, addressed=self.person is None,
                          review=wire.ReviewAt(number=number, count=self.count, trick=d.trick, kind=decision_kind(d.kind),
                                               chosen=d.chosen, best=d.best, grade=grade_of(d.grade),
                                               grade_text=row["grade_text"]))

    def _teller(self, translator: Translator) -> Translator:
        """``translator`` speaking in the person of the reviewed seat: the second for the
        person's own game, the third, by name, for someone else's (the twins registered with
        :func:`~bhabho_widget.i18n.third_person`)."""
        return translator if self.person is None else translator.about(self.person)

    def position_tracker(self, number: int, names: Sequence[str], chances: bool) -> wire.Tracker:
        """The seat's tracker at decision ``number`` (what it knew then)."""
        rev = self.result
        assert rev is not None and self.game is not None
        at = replay_to(self.game, rev.decisions[number].move)
        return tracker_trait(at.seat_view(self.seat), names, chances)
