"""One judgement per decision: the coach weighs a decision once, and every part of it reads that.

A decision is a seat's :class:`~bhabho_widget.engine.seat_view.SeatView` and the actions it
has (its legal cards, and taking the next player's hand where it may; see
:func:`decision_actions`). :func:`judge` weighs it: hidden deals sampled from the view alone,
every action played on from each deal by the simulations' rules of thumb, the actions paired
over the same deals and random numbers (:func:`bhabho_widget.play.search.estimate_many`). The
result, a :class:`Judgement`, is kept (by the view, the actions and the budget), so the hint
at that moment, the review's row of that decision, the line under the table when the review
shows it, the graph's point and *Show me* all read the same numbers and the same
recommendation; nothing is sampled twice to disagree.

The budget is the one the review needs: :data:`DEFAULT_ROLLOUTS` continuations per action over
:data:`DEFAULT_SAMPLES` deals, and where the simulations cannot yet tell how an action compares
(:func:`~bhabho_widget.coach.grading.uncertain`) as many deals again, :data:`REFINE` times in
all. Whether to refine is decided from every action's numbers before anyone knows which was
chosen, so the judgement is the same for the hint (asked before the choice) and the review
(after it).

The **recommended** action is the hint's: the action with the lowest chance of ending as the
bhabhi among the cards (or not taking, at a chance to take that is not one's lead); among
cards within the margin of it, the one a rule of thumb picks, when one separates them
(:func:`thumb`); taking the next player's hand only when it is clearly better than that
(:func:`~bhabho_widget.coach.grading.verdict`: it adds cards for certain, the gain is only
estimated). Every other action is compared with the recommended one by the 95 % interval of
their paired difference, with one rule everywhere (:mod:`.grading`): "about as good" (within
the margin), "worse" (clearly, then graded by the size of the loss). So an action the hint
recommended is never graded in the review of the same game.

The J♦ trap of :mod:`.hints`:

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
...     _ = g.play(card)
>>> j = judge(g.seat_view(1), rollouts=192, samples=24)
>>> j.recommended_code, j.verdict("QD"), j.grade("QD") in ("mistake", "blunder")
('4D', 'worse', True)
>>> judge(g.seat_view(1), rollouts=192, samples=24) is j   # asked again: the same judgement, kept
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the simulations are the search bot's, on numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The coach") from err

from ..engine.cards import DECK, SUIT_MASKS, Card, indices
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..play import search
from ..play.determinize import game_from_view
from ..play.search import (
    DEFAULT_EXPLORE,
    DEFAULT_POLICY,
    PASS,
    TAKE,
    ActionEstimate,
    Consequences,
    apply_action,
    deal_numbers,
    estimate_many,
    sample_hidden,
)
from ..play.stats import t95
from .grading import grade_for, uncertain, verdict
from .lru import LRUCache

__all__ = ["CHUNK", "DEFAULT_ROLLOUTS", "DEFAULT_SAMPLES", "REFINE", "Judgement", "JudgementCancelled", "clear_cache",
           "decision_actions", "from_estimates", "judge", "judge_many", "paired_difference", "thumb"]

DEFAULT_ROLLOUTS = search.DEFAULT_ROLLOUTS
"""Continuations per action of a decision, spread over :data:`DEFAULT_SAMPLES` sampled deals:
the search bot's own budget, so the coach judges a decision as the ``"search"`` level would."""
DEFAULT_SAMPLES = search.DEFAULT_SAMPLES
REFINE = 2
"""A decision whose actions the simulations cannot yet tell apart well enough to say how they
compare (:func:`~bhabho_widget.coach.grading.uncertain`) is played on over this many times the
deals (the first deals kept, the others added)."""
CHUNK = 8
"""Decisions simulated together in one lockstep run by :func:`judge_many` at the default
budget (fewer at a larger one, so that each run is about as long): progress is reported and a
cancel is heard between runs."""


class JudgementCancelled(Exception):
    """:func:`judge_many` was cancelled (its ``cancel`` was set) before it finished."""


# ---------------------------------------------------------------------- the decision
def decision_actions(view: SeatView) -> tuple[int | str, ...]:
    """The actions of ``view.seat``'s decision now: its legal cards when it is to play, and
    taking the next player's hand when it may (with not taking, when it is not to play: its
    chance to take in the order of offers, rule 7). Refused when it has nothing to decide."""
    actions: list[int | str] = list(indices(view.legal)) if view.my_turn else []
    if view.can_take and view.take_target is not None:
        actions.append(TAKE)
        if not view.my_turn:
            actions.append(PASS)
    if not actions:
        raise ValueError(f"{view.names[view.seat]} has nothing to do now: no hint")
    return tuple(actions)


HIGH = "highest"
UNDER = "under"
"""What :func:`thumb` picks among cards as good as each other: the strongest (the trick goes to
the waste pile or to someone else anyway, so the high card goes now), or the strongest that
stays under the highest card on the table."""


def thumb(view: SeatView, cards: Sequence[int]) -> tuple[int, str] | None:
    """The card a rule of thumb picks among ``cards`` (legal cards the simulations cannot tell
    apart), with the rule: ``"highest"`` when the trick is lost to the seat anyway or goes
    round (it cannot follow: a tochoo or a discard; it is the last to play; every one of them
    beats the highest card on the table already), ``"under"`` when all of them stay under
    the highest card on the table (the highest of them keeps the lower ones for later);
    None at a lead or where no rule separates them."""
    if len(cards) < 2 or not view.table:
        return None
    strength = view.strength
    led = view.led_suit
    top = max((c for c in view.table if c // 13 == led), key=strength.__getitem__)
    mine = view.hand & SUIT_MASKS[led]
    highest = max(cards, key=strength.__getitem__)
    last = len(view.table) == len(view.trick_order) - 1
    if not mine or view.opening or last or all(strength[c] > strength[top] for c in cards):
        return highest, HIGH
    if all(strength[c] < strength[top] for c in cards):
        return highest, UNDER
    return None


# ---------------------------------------------------------------------- the judgement
@dataclass(frozen=True)
class Judgement:
    """The coach's one weighing of a decision (see the module's docstring).

    ``view`` and ``actions``: the decision; ``estimates``: every action's simulations (its
    chance, its deals' losses and what happened next, in the order of ``actions``);
    ``recommended``: the action the coach recommends (a card index, ``"take"`` or ``"pass"``)
    and ``rule``, the rule of thumb that picked it among equals (``"highest"``, ``"under"``,
    or None); ``differences``: for each action, its chance less the recommended one's with
    the 95 % interval of that paired difference; ``refined``: the deals were added to.
    """

    view: SeatView
    actions: tuple[int | str, ...]
    estimates: tuple[ActionEstimate, ...]
    recommended: int | str
    rule: str | None
    differences: tuple[tuple[float, float, float], ...]
    refined: bool = False
    settings: tuple[Any, ...] = field(default=(), compare=False)

    def _index(self, action: int | str) -> int:
        if isinstance(action, str) and action not in (TAKE, PASS):
            action = Card.parse(action).index
        try:
            return self.actions.index(action)
        except ValueError:
            raise KeyError(action) from None

    def estimate(self, action: int | str) -> ActionEstimate:
        """The simulations of ``action`` (a card index or code, ``"take"`` or ``"pass"``)."""
        return self.estimates[self._index(action)]

    def difference(self, action: int | str) -> tuple[float, float, float]:
        """``action``'s chance less the recommended action's, with its 95 % interval (paired over the deals)."""
        return self.differences[self._index(action)]

    def verdict(self, action: int | str) -> str:
        """``"recommended"``, or how ``action`` compares with it (:func:`.grading.verdict`):
        ``"even"`` (about as good: within the margin) or ``"worse"`` (clearly)."""
        if self._index(action) == self._index(self.recommended):
            return "recommended"
        return verdict(*self.difference(action))

    def grade(self, action: int | str) -> str | None:
        """The grade of choosing ``action`` (:func:`.grading.grade_for`): None unless it is clearly worse."""
        diff, lo, _ = self.difference(action)
        return None if self.verdict(action) != "worse" else grade_for(diff, lo, self.forced)

    @property
    def forced(self) -> bool:
        """One action only: nothing to judge."""
        return len(self.actions) == 1

    @property
    def best(self) -> ActionEstimate:
        """The recommended action's simulations."""
        return self.estimate(self.recommended)

    @property
    def recommended_code(self) -> str:
        return _code(self.recommended)

    @property
    def rollouts(self) -> int:
        """Continuations per action (after any refinement)."""
        return self.estimates[0].rollouts

    def equals(self) -> list[ActionEstimate]:
        """The recommended action and every action about as good as it (within the margin),
        the recommended first, then by chance."""
        rec = self.best
        return [rec] + sorted((e for e in self.estimates if e is not rec and self.verdict(e.action) == "even"),
                              key=lambda e: (e.p, _code(e.action)))

    def worse(self) -> list[ActionEstimate]:
        """The actions clearly worse than the recommended one, the least bad first."""
        return sorted((e for e in self.estimates if self.verdict(e.action) == "worse"),
                      key=lambda e: (e.p, _code(e.action)))


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


def paired_difference(a: ActionEstimate, b: ActionEstimate) -> tuple[float, float, float]:
    """``a``'s chance less ``b``'s, with the 95 % interval of the difference: paired over the
    deals when both were simulated on the same deals (Student's t on the deals' differences),
    else from the two Wilson intervals as if independent."""
    diff = a.p - b.p
    d = len(a.deal_losses)
    if d >= 2 and d == len(b.deal_losses) and a.rollouts == b.rollouts:
        per = a.rollouts / d
        pairs = [(x - y) / per for x, y in zip(a.deal_losses, b.deal_losses)]
        half = t95(d - 1) * statistics.stdev(pairs) / math.sqrt(d)
        return diff, diff - half, diff + half
    return a.difference(b)


def _paired(estimates: Sequence[ActionEstimate], of: int) -> tuple[tuple[float, float, float], ...]:
    """Each estimate's chance less ``estimates[of]``'s, with its interval (:func:`paired_difference`)."""
    return tuple((0.0, 0.0, 0.0) if k == of else paired_difference(e, estimates[of]) for k, e in enumerate(estimates))


def _recommend(view: SeatView, actions: Sequence[int | str],
               estimates: Sequence[ActionEstimate]) -> tuple[int, str | None]:
    """The place of the recommended action in ``actions`` and the rule of thumb that picked it."""
    cards = [k for k, a in enumerate(actions) if isinstance(a, int)]
    keeping = cards or [k for k, a in enumerate(actions) if a == PASS]
    if not keeping:  # taking is all there is
        return 0, None
    low = min(keeping, key=lambda k: (estimates[k].p, _code(actions[k])))
    rule = None
    if len(cards) > 1:
        diffs = _paired(estimates, low)
        equal = [actions[k] for k in cards if k == low or verdict(*diffs[k]) == "even"]
        picked = thumb(view, equal)  # type: ignore[arg-type]
        if picked is not None:
            low, rule = actions.index(picked[0]), picked[1]
    if TAKE in actions:
        take = actions.index(TAKE)
        if verdict(*_paired(estimates, low)[take]) == "better":
            return take, None
    return low, rule


def from_estimates(view: SeatView, actions: Sequence[int | str], estimates: Sequence[ActionEstimate],
                   refined: bool = False, settings: tuple[Any, ...] = ()) -> Judgement:
    """The judgement of ``view``'s decision from estimates of its ``actions`` made elsewhere
    (on the same deals: an answer key worked out with every hand shown)."""
    actions = tuple(actions)
    estimates = tuple(estimates)
    if [e.action for e in estimates] != list(actions):
        raise ValueError("give one estimate per action, in the order of the actions")
    rec, rule = _recommend(view, actions, estimates)
    return Judgement(view, actions, estimates, actions[rec], rule, _paired(estimates, rec), refined, settings)


def _needs_more(view: SeatView, actions: Sequence[int | str], estimates: Sequence[ActionEstimate]) -> bool:
    """Whether how some action compares with the recommended one hangs on the simulations'
    noise (:func:`.grading.uncertain`): decided before the choice is known."""
    rec, _ = _recommend(view, actions, estimates)
    return any(uncertain(*d) for k, d in enumerate(_paired(estimates, rec)) if k != rec)


# ---------------------------------------------------------------------- the simulations
def _add(a: ActionEstimate, b: ActionEstimate) -> ActionEstimate:
    """One action's simulations on two sets of deals, as one."""
    ca, cb = a.consequences, b.consequences
    both = None
    if ca is not None and cb is not None:
        both = Consequences(ca.rollouts + cb.rollouts, tuple(x + y for x, y in zip(ca.picked, cb.picked)),
                            ca.clean + cb.clean, tuple(x + y for x, y in zip(ca.escaped, cb.escaped)),
                            tuple(x + y for x, y in zip(ca.power, cb.power)))
    return ActionEstimate(a.action, a.rollouts + b.rollouts, a.losses + b.losses, a.deal_losses + b.deal_losses,
                          consequences=both)


def _best_marked(estimates: Sequence[ActionEstimate]) -> tuple[ActionEstimate, ...]:
    """``estimates`` with each one's difference from the lowest chance (their own fields, as
    :func:`~bhabho_widget.play.search.estimate_many` gives them), recomputed over all their deals."""
    low = min(range(len(estimates)), key=lambda k: estimates[k].p)
    return tuple(replace(e, diff=d, diff_lo=lo, diff_hi=hi, best=k == low)
                 for k, (e, (d, lo, hi)) in enumerate(zip(estimates, _paired(estimates, low))))


class _Runner:
    """The simulations of one budget, decision by decision, with common random numbers from one
    decision to the next: deal ``d`` of every decision is drawn with the same per-card numbers
    (:func:`~bhabho_widget.play.search.deal_numbers`: most cards stay in the same hands), so the
    chances of consecutive decisions move only as much as the play did."""

    def __init__(self, rollouts: int, samples: int, seed: int | None, policy: str, explore: float) -> None:
        self.samples = max(1, min(samples, rollouts))
        self.per = -(-rollouts // self.samples)
        self.settings = (rollouts, samples, seed, policy, explore)
        self.seed, self.policy, self.explore = seed, policy, explore
        base = seed if seed is not None else random.getrandbits(62)
        self._base = base
        self._numbers: dict[int, tuple[float, ...]] = {}

    def _run_seed(self, first: int) -> int:
        return random.Random(repr((self._base, "review-runs", first))).getrandbits(62)

    def numbers(self, d: int) -> tuple[float, ...]:
        if d not in self._numbers:
            self._numbers[d] = deal_numbers(self._base, d)
        return self._numbers[d]

    def _starts(self, view: SeatView, actions: Sequence[int | str], first: int, stop: int) -> list[Game]:
        """Deals ``first`` to ``stop - 1`` of the decision, each with every action applied: drawn
        from the view alone, from a generator of the seed and the view, so deal ``d`` is the same
        whatever deals are asked for with it."""
        rng = random.Random(repr((self._base, "review", view)))
        starts: list[Game] = []
        for d in range(stop):
            hands, waste = sample_hidden(view, rng, 1.0, self.numbers(d))
            seed = rng.getrandbits(62)
            if d >= first:
                base = game_from_view(view, hands, waste, seed=seed)
                starts += [apply_action(base, view.seat, a) for a in actions]
        return starts

    def run(self, items: Sequence[tuple[SeatView, tuple[int | str, ...]]], first: int,
            stop: int) -> list[tuple[ActionEstimate, ...]]:
        """The simulations of deals ``first`` to ``stop - 1`` of each decision, in one lockstep run."""
        decisions = [(view, actions, self._starts(view, actions, first, stop)) for view, actions in items]
        found = estimate_many(decisions, self.per, self._run_seed(first), self.policy, self.explore,
                              streams=list(range(stop - first)), quantile=t95)
        return [tuple(est) for est in found]


_CACHE: LRUCache[tuple, Judgement] = LRUCache(4096)
"""The judgements made so far, by the decision (the view, the actions) and the budget."""


def clear_cache() -> None:
    """Forget the judgements made so far."""
    _CACHE.clear()


def _key(view: SeatView, actions: tuple[int | str, ...], runner: _Runner) -> tuple:
    return (view, actions, *runner.settings)


def _cancelled(cancel: Any) -> bool:
    if cancel is None:
        return False
    if hasattr(cancel, "is_set"):
        return bool(cancel.is_set())
    return bool(cancel())


def judge_many(decisions: Sequence[tuple[SeatView, Sequence[int | str] | None]], *, rollouts: int = DEFAULT_ROLLOUTS,
               samples: int = DEFAULT_SAMPLES, seed: int | None = 0, policy: str = DEFAULT_POLICY,
               explore: float = DEFAULT_EXPLORE, progress: Callable[[int, int], Any] | None = None,
               cancel: Any = None) -> list[Judgement]:
    """The judgements of several decisions (``(view, actions)``, actions None: all of them,
    :func:`decision_actions`), those made already taken from the cache, the others simulated
    :data:`CHUNK` at a time: ``rollouts`` continuations per action over ``samples`` deals,
    played by ``policy``; refined where it must be (:data:`REFINE`). ``seed`` makes them
    reproducible (None: fresh randomness, not kept). ``progress(done, total)`` is called as
    decisions are done; ``cancel`` (an Event or a function returning True) stops with
    :class:`JudgementCancelled`."""
    for name, value in (("rollouts", rollouts), ("samples", samples)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a positive whole number, not {value!r}"[:120])
    runner = _Runner(rollouts, samples, seed, policy, explore)
    items = [(view, tuple(decision_actions(view) if actions is None else actions)) for view, actions in decisions]
    total = len(items)
    out: list[Judgement | None] = [None] * total
    if seed is not None:
        out = [_CACHE.get(_key(view, actions, runner)) for view, actions in items]
    todo = [k for k in range(total) if out[k] is None]
    done = total - len(todo)
    if progress is not None:
        progress(done, total)  # the total at once, before the first run
    s = runner.samples
    size = max(1, CHUNK * DEFAULT_ROLLOUTS // rollouts)  # a run's work about that of CHUNK decisions at the default
    for lo in range(0, len(todo), size):
        if _cancelled(cancel):
            raise JudgementCancelled("the judgement was cancelled")
        chunk = todo[lo:lo + size]
        found = runner.run([items[k] for k in chunk], 0, s)
        more = [k for k, est in zip(chunk, found) if s >= 2 and _needs_more(*items[k], est)]
        extra = dict(zip(more, runner.run([items[k] for k in more], s, s * REFINE))) if more else {}
        for k, est in zip(chunk, found):
            view, actions = items[k]
            if k in extra:
                est = _best_marked([_add(a, b) for a, b in zip(est, extra[k])])
            j = from_estimates(view, actions, est, refined=k in extra, settings=runner.settings)
            out[k] = j
            if seed is not None:
                _CACHE.put(_key(view, actions, runner), j)
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    return [j for j in out if j is not None]


def judge(view: SeatView, actions: Sequence[int | str] | None = None, *, rollouts: int = DEFAULT_ROLLOUTS,
          samples: int = DEFAULT_SAMPLES, seed: int | None = 0, policy: str = DEFAULT_POLICY,
          explore: float = DEFAULT_EXPLORE) -> Judgement:
    """The judgement of ``view``'s decision (see the module's docstring and :func:`judge_many`)."""
    return judge_many([(view, actions)], rollouts=rollouts, samples=samples, seed=seed, policy=policy,
                      explore=explore)[0]

