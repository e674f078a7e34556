"""The values a game review is made of: each decision of the reviewed seat, with the chance of
every action it had, its loss, verdict and grade, and the game's events marked beside them.

:func:`~bhabho_widget.coach.review.review` makes them and a
:class:`~bhabho_widget.coach.review.Review` holds them; its pictures
(:mod:`.review_html`, :mod:`.review_plot`) read them. They are frozen values; the coach's
reason and the action labels are translatable texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the estimates are the search bot's, on numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The game review") from err

from ..engine.cards import Seat
from ..i18n import Message, Translator
from ..play.search import ActionEstimate
from .causes import percent
from .judgement import Judgement

__all__ = ["MARKED_EVENTS", "VERDICTS", "ActionChance", "Decision", "GameEvent"]

MARKED_EVENTS = ("pickup", "take", "escape", "draw")
"""The game's events marked on the review's graph."""
VERDICTS = ("best", "even", "worse")
"""How a decision's chosen action compares with the recommended one: it was the recommended
action (``"best"``), about as good (``"even"``, within the margin), or clearly worse."""

T_GRADE_INACCURACY = "inaccuracy"
T_GRADE_MISTAKE = "mistake"
T_GRADE_BLUNDER = "blunder"
_GRADE_TEXT = {"inaccuracy": T_GRADE_INACCURACY, "mistake": T_GRADE_MISTAKE, "blunder": T_GRADE_BLUNDER}


@dataclass(frozen=True)
class ActionChance:
    """One action of a decision: ``action`` (a card code, ``"take"`` or ``"pass"``), its
    ``label``, the estimated chance ``p`` of ending as the bhabhi after it with a 95 %
    interval ``lo``..``hi`` (counting the sampled deals' spread), and ``diff``, ``p`` less
    the recommended action's, with its 95 % interval ``diff_lo``..``diff_hi`` (paired over the deals)."""

    action: str
    label: str
    p: float
    lo: float
    hi: float
    diff: float
    diff_lo: float
    diff_hi: float
    rollouts: int

    def to_dict(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> dict:
        label = self.label.localize(translator, names) if isinstance(self.label, Message) else self.label
        return {"action": self.action, "label": label, "p": self.p, "lo": self.lo, "hi": self.hi, "diff": self.diff,
                "diff_lo": self.diff_lo, "diff_hi": self.diff_hi, "rollouts": self.rollouts}


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    ``number``: its place among the seat's decisions (from 0); ``move``: how many moves of
    the game came before it (its position is the game after ``game.moves[:move]``);
    ``trick``: the trick number; ``kind``: ``"card"`` (the seat's turn: a card, or a take
    before its own lead) or ``"offer"`` (its chance to take in the order of offers: take or
    pass); ``chosen`` and ``best``: action codes, ``best`` the action the coach recommends
    (the hint's); ``estimates``: every legal action; ``loss``: the chosen action's chance
    less the best one's, with its interval ``loss_lo``..``loss_hi``; ``verdict``: one of
    :data:`VERDICTS`; ``grade``: one of :data:`GRADES` or None; ``reason``: the coach's reason
    (a translatable text); ``forced``: one legal action; ``judgement``: the decision's one
    judgement (:class:`~.judgement.Judgement`), which the hint read too and from which *Show
    me* picks its imagined deals.
    """

    number: int
    move: int
    trick: int
    kind: str
    chosen: str
    best: str
    estimates: tuple[ActionChance, ...]
    loss: float
    loss_lo: float
    loss_hi: float
    grade: str | None
    reason: str
    forced: bool
    verdict: str = "best"
    judgement: Judgement | None = field(default=None, repr=False, compare=False)

    @property
    def simulated(self) -> tuple[ActionEstimate, ...]:
        """The simulations of every action (with what happened next in them)."""
        return self.judgement.estimates if self.judgement is not None else ()

    def estimate(self, action: str) -> ActionChance:
        """The estimate of ``action`` (a card code, ``"take"`` or ``"pass"``)."""
        for e in self.estimates:
            if e.action == action:
                return e
        raise KeyError(action)

    @property
    def chance_before(self) -> float:
        """The chance of ending as the bhabhi with the best action: what the position was worth."""
        return self.estimate(self.best).p

    @property
    def chance_after(self) -> float:
        """The chance of ending as the bhabhi after the chosen action."""
        return self.estimate(self.chosen).p

    @property
    def loss_points(self) -> tuple[int, int, int]:
        """The loss and its interval in whole points as a learner reads them: the loss is the
        difference of the two rounded chances shown beside it (38 % and 24 % lose 14 points,
        never 13), and the interval, rounded, holds it."""
        shown = percent(self.chance_after) - percent(self.chance_before)
        return shown, min(shown, max(0, percent(self.loss_lo))), max(shown, percent(self.loss_hi))

    @property
    def chosen_label(self) -> str:
        return self.estimate(self.chosen).label

    @property
    def best_label(self) -> str:
        return self.estimate(self.best).label

    def to_dict(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> dict:
        reason = self.reason.localize(translator, names) if hasattr(self.reason, "localize") else str(self.reason)
        grade_text = None
        if self.grade is not None:
            grade_text = Message(_GRADE_TEXT[self.grade]).localize(translator)
        return {"number": self.number, "move": self.move, "trick": self.trick, "kind": self.kind,
                "chosen": self.chosen, "best": self.best, "verdict": self.verdict, "chance_before": self.chance_before,
                "chance_after": self.chance_after, "loss": self.loss, "loss_lo": self.loss_lo, "loss_hi": self.loss_hi,
                "grade": self.grade, "grade_text": grade_text, "reason": reason, "forced": self.forced,
                "estimates": [e.to_dict(translator, names) for e in self.estimates]}


@dataclass(frozen=True)
class GameEvent:
    """An event of the game marked on the graph: ``kind`` (one of :data:`MARKED_EVENTS`),
    ``seat``, ``trick``, ``move`` (moves before it) and ``text`` as the reviewed seat may read
    it (a card drawn by another seat is not named)."""

    kind: str
    seat: Seat | None
    trick: int
    move: int
    text: str
