"""Review a game from one seat: the chance of ending as the bhabhi decision by decision,
and where the seat went wrong.

:func:`review` replays a game (finished or not, also one read with :meth:`Game.from_json
<bhabho_widget.engine.game.Game.from_json>`: a teacher can review a student's game) and,
at every decision of the seat, from the seat's own :class:`SeatView` at that moment and
nothing more, estimates each legal action's chance that the seat ends as the bhabhi *if
everyone played on by the rules of thumb from there, seeing every hand of a deal that fits
what the seat saw* (:data:`bhabho_widget.play.search.DEFAULT_POLICY`, the continuations of the
search bot: duck when a later player cannot follow, shed the highest card when the trick
goes round, lead a suit everyone holds, throw the highest card as a tochoo).
A decision is each card the seat played and each chance it had to take the next player's
hand (rule 7: taken or passed).

The estimates are *paired*: every action of a decision is played on the same sampled deals
of the hidden cards with the same random numbers, so the difference between two actions is
measured more sharply than either chance. The **loss** of a decision is the chosen action's
chance less the best action's, with the 95 % interval of that difference over the sampled
deals. A decision is graded only when that interval excludes 0 (the loss is larger than the
estimate's uncertainty), by the size of the loss:

====================  =========================================
grade                 loss (chosen less best), interval above 0
====================  =========================================
``"inaccuracy"``      at least :data:`INACCURACY` (3 points)
``"mistake"``         at least :data:`MISTAKE` (8 points)
``"blunder"``         at least :data:`BLUNDER` (20 points)
====================  =========================================

A forced move (one legal action) is never graded (:mod:`.grading`). Every decision comes with
the coach's reason (:func:`bhabho_widget.coach.hints.decision_reason`), translatable like a
hint's: why the better action is better than the one chosen, naming both, from what happened
next in the simulations and the facts the seat knew; a decision within the margin is told so,
and never graded.
The intervals are :mod:`bhabho_widget.play.stats`'s; the review's graph is drawn by
:mod:`.review_plot` (matplotlib) and, with the costliest decisions, by :mod:`.review_html`
(SVG and HTML: what a notebook shows).

The J♦ trap of :mod:`.hints`, played wrongly (Q♦ led, not 4♦):

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS", "QD"]:
...     _ = g.play(card)
>>> r = review(g, 1, rollouts=160, seed=0)
>>> d = r.costliest(1)[0]
>>> d.chosen, d.best, d.grade in ("mistake", "blunder")
('QD', '4D', True)
>>> for sentence in d.reason.split(". "):
...     print(sentence)
Lead 4♦
Why: Player 3 has shown no diamonds; Player 2 holds J♦, picked up in view of everyone
With Q♦ you pick up this trick in 100% of the simulations, with 4♦ in 6%: Player 2 picks it up in 94%.
"""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the estimates are the search bot's, on numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The game review") from err

from ..engine.cards import DECK, Card, Seat, indices
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import Message, SeatName, Translator
from ..play import search
from ..play.batch import POLICIES
from ..play.search import (
    DEFAULT_EXPLORE,
    DEFAULT_POLICY,
    PASS,
    TAKE,
    ActionEstimate,
    deal_numbers,
    decision_starts,
    estimate_many,
)
from ..play.stats import t95
from .causes import T_PASS_LABEL, T_TAKE_LABEL, percent
from .grading import BLUNDER, GRADES, INACCURACY, MISTAKE, grade_for
from .hints import decision_reason
from .lru import LRUCache
from .review_html import MARKED_EVENTS, review_html
from .review_plot import plot_review

__all__ = ["ActionChance", "BLUNDER", "DEFAULT_ROLLOUTS", "DEFAULT_SAMPLES", "Decision", "DecisionPoint", "GRADES",
           "GameEvent", "INACCURACY", "MARKED_EVENTS", "MISTAKE", "Review", "ReviewCancelled", "clear_cache",
           "decision_points", "grade_for", "plot_review", "prepare", "replay_to", "review", "review_html"]

DEFAULT_ROLLOUTS = search.DEFAULT_ROLLOUTS
"""Continuations per action of a decision, spread over :data:`DEFAULT_SAMPLES` sampled deals:
the search bot's own budget, so the review judges each decision as the ``"search"`` level would.
A whole 4-player game reviewed for one seat takes at most 5 s and an 8-player game at most 10 s
(``benchmarks/review_speed.py``; see the changelog for the figures)."""
DEFAULT_SAMPLES = search.DEFAULT_SAMPLES
CHUNK = 8
"""Decisions simulated together in one lockstep run: progress is reported and a cancel is
heard between runs."""

T_GRADE_INACCURACY = "inaccuracy"
T_GRADE_MISTAKE = "mistake"
T_GRADE_BLUNDER = "blunder"
_GRADE_TEXT = {"inaccuracy": T_GRADE_INACCURACY, "mistake": T_GRADE_MISTAKE, "blunder": T_GRADE_BLUNDER}

class ReviewCancelled(Exception):
    """The review was cancelled (its ``cancel`` was set) before it finished: nothing is returned."""


# ---------------------------------------------------------------------- records
@dataclass(frozen=True)
class ActionChance:
    """One action of a decision: ``action`` (a card code, ``"take"`` or ``"pass"``), its
    ``label``, the estimated chance ``p`` of ending as the bhabhi after it with a 95 %
    interval ``lo``..``hi`` (counting the sampled deals' spread), and ``diff``, ``p`` less
    the best action's, with its 95 % interval ``diff_lo``..``diff_hi`` (paired over the deals)."""

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
    ``trick``: the trick number; ``kind``: ``"card"`` or ``"offer"`` (take or pass);
    ``chosen`` and ``best``: action codes; ``estimates``: every legal action;
    ``loss``: the chosen action's chance less the best one's, with its interval
    ``loss_lo``..``loss_hi``; ``grade``: one of :data:`GRADES` or None; ``reason``: the
    coach's reason for the best action (a translatable text); ``forced``: one legal action;
    ``simulated``: the simulations' own estimates of every action (with what happened next in
    them), from which *Show me* picks a typical imagined deal (:func:`.imagine.imagine`).
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
    simulated: tuple[ActionEstimate, ...] = field(default=(), repr=False, compare=False)

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
                "chosen": self.chosen, "best": self.best, "chance_before": self.chance_before,
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


@dataclass(frozen=True)
class Review:
    """The review of ``seat``'s decisions in a game (see :func:`review`)."""

    seat: Seat
    names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    events: tuple[GameEvent, ...]
    is_over: bool
    loser: Seat | None
    rollouts: int
    samples: int
    seed: int | None
    policy: str

    @property
    def graded(self) -> tuple[Decision, ...]:
        """The graded decisions, in game order."""
        return tuple(d for d in self.decisions if d.grade is not None)

    def count(self, grade: str) -> int:
        """How many decisions have ``grade`` (one of :data:`GRADES`)."""
        if grade not in GRADES:
            raise ValueError(f"grade must be one of {', '.join(GRADES)}, not {grade!r}"[:120])
        return sum(d.grade == grade for d in self.decisions)

    def counts(self) -> dict[str, int]:
        """How many decisions have each grade: ``{"inaccuracy": 2, "mistake": 1, "blunder": 0}``
        (the counts a class is sent of a game over)."""
        return {g: self.count(g) for g in GRADES}

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that cost the most (largest loss first; graded ones before
        ungraded ones of the same loss), among those whose loss is above 0."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"n must be a whole number from 0, not {n!r}"[:120])
        lossy = [d for d in self.decisions if d.loss > 0 and not d.forced]
        return sorted(lossy, key=lambda d: (-d.loss, d.grade is None, d.number))[:n]

    def to_dict(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> dict:
        """A JSON-safe dict (texts told by ``translator``, None: English)."""
        return {"format": "bhabho-review", "version": 1, "seat": self.seat, "names": list(names or self.names),
                "is_over": self.is_over, "loser": self.loser, "rollouts": self.rollouts, "samples": self.samples,
                "seed": self.seed, "policy": self.policy,
                "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
                "decisions": [d.to_dict(translator, names) for d in self.decisions],
                "events": [{"kind": e.kind, "seat": e.seat, "trick": e.trick, "move": e.move, "text": e.text}
                           for e in self.events],
                "costliest": [d.number for d in self.costliest(3)]}

    def to_json(self, translator: Translator | None = None, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(translator), indent=indent, ensure_ascii=False)

    def plot(self, ax: Any = None) -> Any:
        """The graph (see :func:`plot_review`); returns the Axes."""
        return plot_review(self, ax=ax)

    def _repr_html_(self) -> str:
        return review_html(self)


# ---------------------------------------------------------------------- decisions of a game
@dataclass(frozen=True)
class DecisionPoint:
    """One decision of the reviewed seat: its ``view`` then, ``kind`` (``"card"`` or
    ``"offer"``), the ``actions`` it had, the one ``chosen`` and ``move``, how many moves of the
    game came before it."""

    view: SeatView
    kind: str
    actions: tuple[int | str, ...]
    chosen: int | str
    move: int


def _replay_start(game: Game) -> Game:
    r = game.copy()
    while r.moves:
        r.undo()
    return r


def _apply(r: Game, move: Any) -> None:
    if isinstance(move, tuple):
        r.take(move[1])
    else:
        r.play(move)


def replay_to(game: Game, move: int) -> Game:
    """The game as it was after its first ``move`` moves (a decision's position is
    ``replay_to(game, decision.move)``); ``game`` is not changed."""
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= len(game.moves):
        raise ValueError(f"move must be a whole number from 0 to {len(game.moves)}, not {move!r}"[:120])
    r = _replay_start(game)
    for m in game.moves[:move]:
        _apply(r, m)
    return r


def _decision_points(game: Game, seat: Seat) -> tuple[list[DecisionPoint], list[GameEvent]]:
    """Every decision of ``seat`` in ``game``, replayed from the start, and the marked events.

    Take offers follow the table's order (:mod:`bhabho_widget.play.driver`): at each trick
    boundary where takes are allowed, every seat holding cards in play order from the one
    with the power; a seat that took at the boundary took in its place, one that did not
    passed (known only once a later move is recorded)."""
    moves = game.moves
    r = _replay_start(game)
    points: list[DecisionPoint] = []
    events: list[GameEvent] = []
    i = 0
    seen_events = 0

    def mark() -> None:
        nonlocal seen_events
        for e in r.events_since(seen_events):
            if e.kind in MARKED_EVENTS:
                events.append(GameEvent(e.kind, e.seat, r.trick_number, i, e.describe(viewer=seat)))
        seen_events = r.event_count

    def step() -> None:
        nonlocal i
        _apply(r, moves[i])
        i += 1
        mark()

    mark()
    while i < len(moves) and not r.is_over:
        if not r.table and r.take_refusal() is None:  # a boundary: the offers of rule 7
            offered: set[Seat] = set()
            while i < len(moves) and not r.is_over and not r.table:
                order = [s for s in r.holders_from(r.leader) if s not in offered]  # type: ignore[arg-type]
                move = moves[i]
                taker = move[1] if isinstance(move, tuple) else None
                if taker is not None and taker in offered:  # a take out of the table's order
                    step()
                    continue
                if not order:
                    while i < len(moves) and isinstance(moves[i], tuple):
                        step()
                    break
                s = order[0]
                offered.add(s)
                if s == seat:
                    points.append(DecisionPoint(r.seat_view(seat), "offer", (TAKE, PASS), TAKE if taker == seat else PASS, i))
                if taker == s:
                    step()
            if r.is_over or i >= len(moves):
                break
        if r.current_player == seat:
            view = r.seat_view(seat)
            card = moves[i]
            assert isinstance(card, Card)
            points.append(DecisionPoint(view, "card", tuple(indices(view.legal)), card.index, i))
        step()
    return points, events


# ---------------------------------------------------------------------- estimates
def _rng_for(view: SeatView, seed: int | None) -> random.Random:
    """The sampler's generator for one decision: from the seed and the seat's view only, so
    the hidden cards never change a review."""
    if seed is None:
        return random.Random()
    return random.Random(repr((seed, "review", view)))


_CACHE: LRUCache[tuple, tuple[ActionEstimate, ...]] = LRUCache(4096)
"""The estimates of decisions worked out so far, by the decision (the seat's view, its
actions, the action chosen) and the settings: a review, or a decision prepared while the game
goes on (:func:`prepare`), is not worked out again."""
REFINE = 2
"""A close decision is estimated again on this many times the deals (see :func:`_is_close`)."""


def clear_cache() -> None:
    """Forget the decisions estimated so far."""
    _CACHE.clear()


def _is_close(chosen: Any, est: Sequence[ActionEstimate]) -> bool:
    """Whether the grade of choosing ``chosen`` hangs on the estimate's noise: the loss's
    interval reaches across 0 while the loss itself would be graded, or across a grade's
    threshold (see :mod:`.grading`)."""
    if len(est) < 2:
        return False
    by = {e.action: e for e in est}
    best = min(est, key=lambda e: (e.p, str(e.action)))
    if chosen not in by or by[chosen] is best:
        return False
    e = by[chosen]
    loss = e.p - best.p
    if e.diff_lo <= 0 < loss and loss >= INACCURACY / 2:
        return True
    return any(e.diff_lo < t < e.diff_hi for t in (INACCURACY, MISTAKE, BLUNDER))


class _Estimator:
    """The estimates of one review's settings, decision by decision, with common random
    numbers from one decision to the next: deal ``d`` of every decision is drawn with the same
    per-card numbers (:func:`~bhabho_widget.play.search.deal_numbers`: most cards stay in the
    same hands) and its continuations play with the same random numbers (stream ``d``, one
    seed), so a decision's estimate is the same whether it is worked out alone (while the game
    goes on) or with others (at the review)."""

    def __init__(self, rollouts: int, samples: int, seed: int | None, policy: str, explore: float) -> None:
        self.samples = max(1, min(samples, rollouts))
        self.per = -(-rollouts // self.samples)
        self.settings = (rollouts, samples, seed, policy, explore)
        self.seed, self.policy, self.explore = seed, policy, explore
        self.run_seed = random.Random(repr((seed, "review-runs"))).getrandbits(62) if seed is not None else None
        self._deal_seed = seed if seed is not None else random.getrandbits(62)
        self._numbers: dict[int, tuple[float, ...]] = {}

    def numbers(self, d: int) -> tuple[float, ...]:
        if d not in self._numbers:
            self._numbers[d] = deal_numbers(self._deal_seed, d)
        return self._numbers[d]

    def key(self, point: DecisionPoint) -> tuple:
        return (point.view, point.actions, point.chosen, *self.settings)

    def run(self, points: Sequence[DecisionPoint], samples: int) -> list[tuple[ActionEstimate, ...]]:
        """Estimate ``points`` together, on ``samples`` deals each."""
        decisions = [(pt.view, pt.actions, decision_starts(pt.view, pt.actions, samples, _rng_for(pt.view, self.seed),
                                                           numbers=self.numbers)) for pt in points]
        return [tuple(est) for est in estimate_many(decisions, self.per, self.run_seed, self.policy, self.explore,
                                                    streams=list(range(samples)), quantile=t95)]

    def estimate(self, points: Sequence[DecisionPoint], progress: Callable[[int, int], Any] | None = None,
                 cancel: Any = None) -> list[tuple[ActionEstimate, ...]]:
        """Every decision's estimates, :data:`CHUNK` decisions per lockstep run, those known
        already taken from the cache; a close decision (:func:`_is_close`) estimated again on
        :data:`REFINE` times the deals."""
        total = len(points)
        out: list[tuple[ActionEstimate, ...] | None] = [None] * total
        if self.seed is not None:
            out = [_CACHE.get(self.key(pt)) for pt in points]
        todo = [k for k in range(total) if out[k] is None]
        done = total - len(todo)
        if progress is not None and done:
            progress(done, total)
        for lo in range(0, len(todo), CHUNK):
            if _cancelled(cancel):
                raise ReviewCancelled("the review was cancelled")
            chunk = todo[lo:lo + CHUNK]
            found = self.run([points[k] for k in chunk], self.samples)
            close = [k for k, est in zip(chunk, found) if _is_close(points[k].chosen, est)]
            if close:  # more deals where the difference is close
                again = dict(zip(close, self.run([points[k] for k in close], self.samples * REFINE)))
                found = [again.get(k, est) for k, est in zip(chunk, found)]
            for k, est in zip(chunk, found):
                out[k] = est
                if self.seed is not None:
                    _CACHE.put(self.key(points[k]), est)
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        return [est for est in out if est is not None]


def decision_points(game: Game, seat: Seat) -> list[DecisionPoint]:
    """Every decision ``seat`` made in ``game`` so far (see :func:`review`)."""
    return _decision_points(game, seat)[0]


def prepare(point: DecisionPoint, *, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES, seed: int = 0,
            policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE) -> tuple[ActionEstimate, ...]:
    """Work out one decision (from :func:`decision_points`) of a game still being played, as
    its review with these settings will, and keep it: the review at game over finds it done."""
    return _Estimator(rollouts, samples, seed, policy, explore).estimate([point])[0]


def _pass_then_lead(points: Sequence[DecisionPoint], estimates: Sequence[tuple[ActionEstimate, ...]]
                    ) -> tuple[tuple[ActionEstimate, ...], ...]:
    """A seat whose chance to take comes right before its own lead (it has the power): not
    taking *is* leading next, so passing is worth what its best lead is worth. The pass's
    estimate becomes that lead's (the same position, so the same sampled deals and random
    numbers), and the take is measured against it: otherwise the graph would show the pass as
    the rules of thumb's average lead and then drop to the best lead with nothing in between."""
    out = list(estimates)
    for k, pt in enumerate(points[:-1]):
        nxt = points[k + 1]
        if pt.kind != "offer" or nxt.kind != "card" or nxt.move != pt.move or nxt.view != pt.view:
            continue
        take = next(e for e in out[k] if e.action == TAKE)
        lead = min(out[k + 1], key=lambda e: (e.p, str(e.action)))
        passing = replace(lead, action=PASS)
        out[k] = _paired((take, passing))
    return tuple(out)


def _paired(est: Sequence[ActionEstimate]) -> tuple[ActionEstimate, ...]:
    """``est`` (estimated on the same deals) with each one's difference from the best,
    paired over the deals (Student's t, as the review's other decisions)."""
    best = min(est, key=lambda e: (e.p, 0 if e.action == PASS else 1))
    out = []
    for e in est:
        if e is best:
            out.append(replace(e, diff=0.0, diff_lo=0.0, diff_hi=0.0, best=True))
            continue
        d = len(e.deal_losses)
        per = e.rollouts / max(1, d)
        pairs = [(a - b) / per for a, b in zip(e.deal_losses, best.deal_losses)]
        diff = e.p - best.p
        half = t95(d - 1) * statistics.stdev(pairs) / math.sqrt(d) if d >= 2 else abs(diff)
        out.append(replace(e, diff=diff, diff_lo=diff - half, diff_hi=diff + half, best=False))
    return tuple(out)


def _cancelled(cancel: Any) -> bool:
    if cancel is None:
        return False
    if hasattr(cancel, "is_set"):
        return bool(cancel.is_set())
    return bool(cancel())


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


def _label(view: SeatView, action: int | str) -> str:
    if isinstance(action, int):
        return str(DECK[action])
    if action == TAKE:
        target = view.take_target if view.take_target is not None else view.next_holder(view.seat)
        return Message(T_TAKE_LABEL, target=SeatName(view.names[target], target))  # type: ignore[index,arg-type]
    return Message(T_PASS_LABEL)


def _chance(view: SeatView, e: ActionEstimate) -> ActionChance:
    lo, hi = e.deal_interval
    return ActionChance(_code(e.action), _label(view, e.action), e.p, lo, hi, e.diff, e.diff_lo, e.diff_hi, e.rollouts)


def _decision(number: int, pt: DecisionPoint, est: Sequence[ActionEstimate]) -> Decision:
    by = {e.action: e for e in est}
    best = min(est, key=lambda e: (e.p, 0 if e.action == PASS else 1, str(e.action)))
    chosen = by[pt.chosen]
    forced = len(est) == 1
    loss = chosen.p - best.p
    if chosen is best:
        loss_lo = loss_hi = 0.0
    else:  # the paired difference from the best action: the estimate's own when it is the best measured
        best_paired = next(e for e in est if e.best)
        if best_paired is best:
            loss_lo, loss_hi = chosen.diff_lo, chosen.diff_hi
        else:  # a tie on p resolved otherwise: the interval of the difference is symmetric round 0
            half = (chosen.diff_hi - chosen.diff_lo) / 2
            loss_lo, loss_hi = loss - half, loss + half
    reason = decision_reason(pt.view, chosen, best, est, clearly=loss_lo > 0)
    return Decision(number, pt.move, pt.view.trick_number, pt.kind, _code(pt.chosen), _code(best.action),
                    tuple(_chance(pt.view, e) for e in est), loss, loss_lo, loss_hi,
                    grade_for(loss, loss_lo, forced), reason, forced, tuple(est))


# ---------------------------------------------------------------------- the entry point
def review(game: Game, seat: Seat, *, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
           seed: int | None = 0, policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE,
           progress: Callable[[int, int], Any] | None = None, cancel: Any = None) -> Review:
    """Review every decision of ``seat`` in ``game`` (see the module docstring).

    ``rollouts`` continuations per action of each decision over ``samples`` sampled deals,
    played by ``policy`` (``"open"``: the rules of thumb with every hand open; ``"rules"``: the
    rules of thumb; ``"random"``). ``seed`` makes the
    review reproducible (None: fresh randomness, not cached). ``progress(done, total)`` is
    called as decisions are done; ``cancel`` (a ``threading.Event`` or a function returning
    True to stop) stops the review with :class:`ReviewCancelled`. The game is not changed.
    A repeated review of the same decisions (the same views of the seat) with the same
    settings is not recomputed.
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, not {type(game).__name__}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.num_players:
        raise ValueError(f"no seat {seat!r} to review: seats are 0 to {game.num_players - 1}"[:120])
    for name, value in (("rollouts", rollouts), ("samples", samples)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a positive whole number, not {value!r}"[:120])
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}"[:120])
    points, events = _decision_points(game, seat)
    found = _Estimator(rollouts, samples, seed, policy, explore).estimate(points, progress, cancel)
    estimates = _pass_then_lead(points, found)
    decisions = tuple(_decision(k, pt, est) for k, (pt, est) in enumerate(zip(points, estimates)))
    return Review(seat, tuple(game.names), decisions, tuple(events), game.is_over, game.loser,
                  rollouts, samples, seed, policy)
