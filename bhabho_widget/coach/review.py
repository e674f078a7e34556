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

Each decision is the one judgement the coach makes of it (:mod:`.judgement`): the hint at
that moment read the same judgement, so the review's "best" action is the action the hint
recommended, and a decision that followed the hint is never graded. The estimates are
*paired*: every action of a decision is played on the same sampled deals of the hidden
cards with the same random numbers, so the difference between two actions is measured more
sharply than either chance. The **loss** of a decision is the chosen action's chance less the
recommended one's, with the 95 % interval of that difference over the sampled deals. The
chosen action is "the best" (it was the recommended one), "about as good" (within the
margin) or clearly worse, and then graded by the size of the loss, with one rule everywhere
(:mod:`.grading`):

====================  =========================================
grade                 loss (chosen less best), clearly worse
====================  =========================================
``"inaccuracy"``      at least :data:`INACCURACY` (3 points)
``"mistake"``         at least :data:`MISTAKE` (8 points)
``"blunder"``         at least :data:`BLUNDER` (20 points)
====================  =========================================

A forced move (one legal action) is never graded. Every decision comes with the coach's
reason (:func:`bhabho_widget.coach.hints.decision_reason`), translatable like a hint's: why the
better action is better than the one chosen, naming both, from what happened next in the
simulations and the facts the seat knew; a decision within the margin is told so, and never
graded. A chance to take that the seat let go by (rule 7) is a decision of the review only
where taking was better, or where the person passed by their own click (``passes``).
The intervals are :mod:`bhabho_widget.play.stats`'s; the values a review holds (a decision,
its actions' chances, a marked event) are :mod:`.review_decisions`'s; the review's graph is
drawn by :mod:`.review_plot` (matplotlib) and, with the costliest decisions, by
:mod:`.review_html` (SVG and HTML: what a notebook shows).

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
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the estimates are the search bot's, on numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The game review") from err

from ..engine.cards import DECK, Seat
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import ENGLISH, Message, SeatName, Translator
from ..play import search
from ..play.batch import POLICIES
from ..play.search import DEFAULT_EXPLORE, DEFAULT_POLICY, PASS, TAKE, ActionEstimate
from .causes import T_PASS_LABEL, T_TAKE_LABEL
from .grading import BLUNDER, GRADES, INACCURACY, MISTAKE, grade_for
from .hints import decision_reason
from .judgement import CHUNK, Judgement, JudgementCancelled, decision_actions, judge, judge_many
from .judgement import clear_cache as _clear_judgements
from .review_decisions import MARKED_EVENTS, VERDICTS, ActionChance, Decision, GameEvent
from .review_html import review_html
from .review_plot import plot_review

__all__ = ["ActionChance", "BLUNDER", "CHUNK", "DEFAULT_ROLLOUTS", "DEFAULT_SAMPLES", "Decision", "DecisionPoint", "GRADES",
           "GameEvent", "INACCURACY", "MARKED_EVENTS", "MISTAKE", "Review", "ReviewCancelled", "VERDICTS", "clear_cache",
           "decision_points", "grade_for", "plot_review", "prepare", "replay_to", "review", "review_html"]

DEFAULT_ROLLOUTS = search.DEFAULT_ROLLOUTS
"""Continuations per action of a decision, spread over :data:`DEFAULT_SAMPLES` sampled deals:
the search bot's own budget, so the review judges each decision as the ``"search"`` level would.
A whole 4-player game reviewed for one seat takes at most 5 s and an 8-player game at most 10 s
(``benchmarks/review_speed.py``; see the changelog for the figures)."""
DEFAULT_SAMPLES = search.DEFAULT_SAMPLES
ReviewCancelled = JudgementCancelled
"""The review was cancelled (its ``cancel`` was set) before it finished: nothing is returned."""


# ---------------------------------------------------------------------- records
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
    person: str | None = None
    """Whose game it is when the reader is someone else (a teacher reading a student's game):
    the pictures and :meth:`to_dict` tell the coach's reasons of them by name (the third-person
    twins, :meth:`~bhabho_widget.i18n.Translator.about`); None: the reader's own, told as "you"."""

    def about(self, person: str | None) -> Review:
        """This review, read by someone else than the seat's player: told of ``person`` by name."""
        return replace(self, person=person)

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
        """The ``n`` decisions that cost the most, largest loss first, among those that cost
        points beyond the margin (the graded ones): none when every decision was the best or
        about as good."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"n must be a whole number from 0, not {n!r}"[:120])
        return sorted(self.graded, key=lambda d: (-d.loss, d.number))[:n]

    def to_dict(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> dict:
        """A JSON-safe dict (texts told by ``translator``, None: English; of :attr:`person` by
        name when the review is someone else's)."""
        if self.person is not None:
            translator = (translator or ENGLISH).about(self.person)
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
    """One decision of the reviewed seat: its ``view`` then (as a hint at that moment saw it),
    ``kind`` (``"card"`` or ``"offer"``), the ``actions`` it had
    (:func:`~.judgement.decision_actions`), the one ``chosen`` and ``move``, how many moves of
    the game came before it."""

    view: SeatView
    kind: str
    actions: tuple[int | str, ...]
    chosen: int | str
    move: int


def replay_to(game: Game, move: int) -> Game:
    """The game as it was after its first ``move`` moves (a decision's position is
    ``replay_to(game, decision.move)``): :meth:`Game.replay` of those moves; ``game`` is not changed."""
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= game.move_count:
        raise ValueError(f"move must be a whole number from 0 to {game.move_count}, not {move!r}"[:120])
    return game.replay(game.moves[:move])


def _decision_points(game: Game, seat: Seat) -> tuple[list[DecisionPoint], list[GameEvent]]:
    """Every decision of ``seat`` in ``game``, replayed from the start, and the marked events.

    At the seat's turn (its card, or a take before its own lead) the decision is what a hint
    then weighed: its legal cards and, while it may still take at this trick boundary, the
    take. Its chance to take in the table's order of offers (:mod:`bhabho_widget.play.driver`:
    at each trick boundary, every seat holding cards in play order from the one with the power,
    a seat with the power at its own lead) is an ``"offer"``: taken where it took, else passed."""
    moves = game.moves
    r = game.root()
    points: list[DecisionPoint] = []
    events: list[GameEvent] = []
    i = 0
    seen_events = 0
    took_here = False  # the seat took at this trick boundary: its one chance is used (rule 7)
    boundary: int | None = None  # the trick whose boundary the offers are at
    offered: set[Seat] = set()

    def mark() -> None:
        nonlocal seen_events
        for e in r.events_since(seen_events):
            if e.kind in MARKED_EVENTS:
                events.append(GameEvent(e.kind, e.seat, r.trick_number, i, e.describe(viewer=seat)))
        seen_events = r.event_count

    def step() -> None:
        nonlocal i
        r.push(moves[i])
        i += 1
        mark()

    def view_now() -> SeatView:
        view = r.seat_view(seat)
        return replace(view, can_take=False, take_target=None) if took_here else view

    def turn(chosen: int | str) -> None:
        view = view_now()
        points.append(DecisionPoint(view, "card", decision_actions(view), chosen, i))

    def offer(chosen: str) -> None:
        points.append(DecisionPoint(r.seat_view(seat), "offer", (TAKE, PASS), chosen, i))

    mark()
    while i < len(moves) and not r.is_over:
        if not r.table and r.take_refusal() is None:  # a boundary: the offers of rule 7, then the lead
            if boundary != r.trick_number:
                boundary, took_here, offered = r.trick_number, False, set()
            while i < len(moves) and not r.is_over:
                move = moves[i]
                taker = move.taker
                if r.current_player == seat and taker in (None, seat):  # the seat's turn: it takes or leads
                    break
                # the seats before this move in the order of offers were offered, and passed
                order = [s for s in r.holders_from(r.leader) if s not in offered]  # type: ignore[arg-type]
                passed = order[:order.index(taker)] if taker in order else order
                for s in passed:
                    offered.add(s)
                    if s == seat and r.current_player != seat:
                        offer(PASS)
                if taker is None:  # the lead of another seat: the offers are over
                    break
                offered.add(taker)
                if taker == seat:
                    offer(TAKE)
                    took_here = True
                step()
            if r.is_over or i >= len(moves):
                break
            if r.current_player == seat and moves[i].is_take:
                turn(TAKE)
                took_here = True
                step()
                continue
        if r.current_player == seat:
            card = moves[i].card
            assert card is not None
            turn(card.index)
        step()
    return points, events


# ---------------------------------------------------------------------- the judgements
def clear_cache() -> None:
    """Forget the decisions judged so far (:func:`.judgement.clear_cache`)."""
    _clear_judgements()


def decision_points(game: Game, seat: Seat) -> list[DecisionPoint]:
    """Every decision ``seat`` made in ``game`` so far (see :func:`review`), chances to take let
    go by included: the review lists those only where taking was better or the person passed by
    a click, so a :class:`Decision`'s point is the one of its ``move`` and ``kind``, not the one
    at its ``number``."""
    return _decision_points(game, seat)[0]


def prepare(point: DecisionPoint, *, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES, seed: int = 0,
            policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE) -> Judgement:
    """Judge one decision (from :func:`decision_points`) of a game still being played, as its
    review with these settings will, and keep it: the review at game over finds it done."""
    return judge(point.view, point.actions, rollouts=rollouts, samples=samples, seed=seed, policy=policy,
                 explore=explore)


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


def _label(view: SeatView, action: int | str) -> str:
    if isinstance(action, int):
        return str(DECK[action])
    if action == TAKE:
        target = view.take_target if view.take_target is not None else view.next_holder(view.seat)
        return Message(T_TAKE_LABEL, target=SeatName(view.names[target], target))  # type: ignore[index,arg-type]
    return Message(T_PASS_LABEL)


def _chance(j: Judgement, e: ActionEstimate) -> ActionChance:
    lo, hi = e.deal_interval
    diff, diff_lo, diff_hi = j.difference(e.action)
    return ActionChance(_code(e.action), _label(j.view, e.action), e.p, lo, hi, diff, diff_lo, diff_hi, e.rollouts)


def _decision(number: int, pt: DecisionPoint, j: Judgement) -> Decision:
    chosen = j.estimate(pt.chosen)
    verdict = j.verdict(pt.chosen)
    loss, loss_lo, loss_hi = j.difference(pt.chosen)
    return Decision(number, pt.move, pt.view.trick_number, pt.kind, _code(pt.chosen), j.recommended_code,
                    tuple(_chance(j, e) for e in j.estimates), chosen.p - j.best.p, loss_lo, loss_hi,
                    j.grade(pt.chosen), decision_reason(j, pt.chosen), j.forced,
                    "best" if verdict == "recommended" else verdict, j)


def _listed(pt: DecisionPoint, j: Judgement, passes: Collection[int] | None) -> bool:
    """Whether a decision is a row of the review: every one, but a chance to take let go by
    (rule 7) only where taking was better or the person passed by their own click."""
    if pt.kind != "offer" or pt.chosen == TAKE:
        return True
    return j.recommended == TAKE or (passes is not None and pt.move in passes)


# ---------------------------------------------------------------------- the entry point
def review(game: Game, seat: Seat, *, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
           seed: int | None = 0, policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE,
           progress: Callable[[int, int], Any] | None = None, cancel: Any = None,
           passes: Collection[int] | None = None) -> Review:
    """Review every decision of ``seat`` in ``game`` (see the module docstring).

    ``rollouts`` continuations per action of each decision over ``samples`` sampled deals,
    played by ``policy`` (``"open"``: the rules of thumb with every hand open; ``"rules"``: the
    rules of thumb; ``"random"``). ``seed`` makes the
    review reproducible (None: fresh randomness, not cached). ``progress(done, total)`` is
    called as decisions are done; ``cancel`` (a ``threading.Event`` or a function returning
    True to stop) stops the review with :class:`ReviewCancelled`. ``passes``: the moves (counted
    as :attr:`Decision.move`) at which the seat let its chance to take go by with its own
    click, where the table knows them. The game is not changed. A decision judged before
    with the same settings (by a hint, or while the game went on) is not judged again.
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
    found = judge_many([(pt.view, pt.actions) for pt in points], rollouts=rollouts, samples=samples, seed=seed,
                       policy=policy, explore=explore, progress=progress, cancel=cancel)
    kept = [(pt, j) for pt, j in zip(points, found) if _listed(pt, j, passes)]
    decisions = tuple(_decision(k, pt, j) for k, (pt, j) in enumerate(kept))
    return Review(seat, tuple(game.names), decisions, tuple(events), game.is_over, game.loser,
                  rollouts, samples, seed, policy)
