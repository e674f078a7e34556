"""Show me: one imagined way a game can go after an action, step by step.

The coach says an action is better because of what happens next (:mod:`.causes`). *Show me*
plays it out on the felt: the same deal of the hidden cards after the better action and
after the worse one, each continued by the rules of thumb the simulations use (every hand of
the imagined deal open, :data:`bhabho_widget.play.search.DEFAULT_POLICY`) to the end of the
game. The deal is *imagined*: drawn from what the seat knows and nothing else
(:func:`bhabho_widget.play.search.sample_hidden`, seeded by the seat's view), never the real
hidden cards, so it fits everything the seat saw and is the same whatever the real cards
are.

The deal shows what the words say (:class:`Focus`, from the consequence that separates the
two actions in the simulations, :func:`.causes.separation`): after the worse action, a deal on
which the named danger happens (you pick up the trick, you do not escape, the power goes the
wrong way; where the trick ends alike, you end as the bhabhi), and after the better one, the
same deal where it does not; with how often each happened in the simulations
(:meth:`Imagined.share`: "in 44 % of the simulations, like this one"). With one action only,
the deal is a *typical* one: its trick ends as it most often did in the simulations.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
...     _ = g.play(card)
>>> better, worse = imagine(g.seat_view(1), Card.parse("4D").index, Card.parse("QD").index)
>>> trick = worse.steps[worse.trick_step].last_trick()   # Q♦ led, J♦ under it, a tochoo: you pick up
>>> [str(c) for _, c in trick.plays], worse.trick_end   # Player 3's one card is imagined: not its real 10♥
(['Q♦', 'J♦', 'K♥'], 1)
>>> better.trick_end, better.deal == worse.deal
(2, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card, Mask, Seat
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..play import batch
from ..play.determinize import game_from_view
from ..play.search import DEFAULT_POLICY, PASS, TAKE, ActionEstimate, apply_action, sample_hidden
from .causes import separation

__all__ = ["DEALS", "MAX_STEPS", "Focus", "Imagined", "Line", "focus_of", "imagine", "imagined"]

DEALS = 48
"""Imagined deals looked through for one that shows what the words say."""
MAX_STEPS = 120
"""Plays shown at most after the action (a game ends long before as a rule)."""


@dataclass(frozen=True)
class Line:
    """One imagined continuation: ``action`` (a card index, ``"take"`` or ``"pass"``), then
    ``steps``: the game before the action (``steps[0]``), after it, and after every play of
    the continuation to the end of the game (or :data:`MAX_STEPS`). ``deal`` and ``waste`` are
    the imagined hidden cards (every hand, the waste pile); ``trick_end`` who picked up the
    trick of the action (-1: it went round cleanly; None: the game ended first) and
    ``trick_step`` the step at which it ended."""

    action: int | str
    steps: tuple[Game, ...]
    deal: tuple[Mask, ...]
    waste: Mask
    trick_end: Seat | None
    trick_step: int | None

    @property
    def loser(self) -> Seat | None:
        """The imagined game's bhabhi (None: not over within the steps, or nobody)."""
        last = self.steps[-1]
        return last.loser if last.is_over else None

    def escaped(self, seat: Seat) -> bool | None:
        """Whether ``seat`` had escaped when the action's trick ended (None: it did not end)."""
        return None if self.trick_step is None else seat in self.steps[self.trick_step].escaped

    def power(self, seat: Seat) -> bool | None:
        """Whether ``seat`` had the power after the action's trick (None: it did not end)."""
        if self.trick_step is None:
            return None
        g = self.steps[self.trick_step]
        return not g.is_over and g.leader == seat

    @property
    def tricks(self) -> tuple[int, ...]:
        """The step at which each trick of the line begins: 0 (the trick of the action), then
        the first step of each later trick (for "next trick" and "end" on the felt)."""
        return (0, *(k for k in range(1, len(self.steps)) if self.steps[k].trick_number > self.steps[k - 1].trick_number))

    def happened(self, kind: str, seat: Seat) -> bool | None:
        """Whether the event of ``kind`` (see :class:`Focus`) happened to ``seat`` in this line."""
        if kind == "pickup":
            return None if self.trick_step is None else self.trick_end == seat
        if kind == "escape":
            return self.escaped(seat)
        if kind == "power":
            return self.power(seat)
        return None if not self.steps[-1].is_over else self.loser == seat


@dataclass(frozen=True)
class Focus:
    """What an imagined deal is to show: ``kind`` is the consequence the words name
    (``"pickup"``: the seat picks up the action's trick; ``"escape"``: it has escaped when the
    trick ends; ``"power"``: it has the power after it; ``"end"``: it ends as the bhabhi, where
    the trick ends alike), and for each of the two lines whether that is to happen in it."""

    kind: str
    better: bool
    worse: bool


def focus_of(view: SeatView, better: ActionEstimate | None, worse: ActionEstimate | None) -> Focus:
    """What to show of two actions' simulations: the consequence that separates them most
    (:func:`.causes.separation`), happening after the worse action where it hurts and not after
    the better one (the power whichever way the simulations had it more often); else the end of
    the game: the seat ends as the bhabhi after the worse action, not after the better one."""
    found = separation(view, better, worse) if better is not None and worse is not None else None
    if found is None:
        return Focus("end", False, True)
    kind = found[0]
    if kind == "pickup":
        return Focus(kind, False, True)
    if kind == "escape":
        return Focus(kind, True, False)
    me = view.seat
    more = worse.consequences.share_power(me) > better.consequences.share_power(me)  # type: ignore[union-attr]
    return Focus(kind, not more, more)


def _share(kind: str, seat: Seat, e: ActionEstimate | None, line: Line) -> float | None:
    """How often what ``line`` shows of ``kind`` happened in the simulations of its action."""
    if e is None:
        return None
    c = e.consequences
    if kind == "end":
        return e.p if line.loser == seat else 1 - e.p
    if c is None or not c.rollouts:
        return None
    if kind == "escape":
        share = c.share_escaped(seat)
        return share if line.escaped(seat) else 1 - share
    if kind == "power":
        share = c.share_power(seat)
        return share if line.power(seat) else 1 - share
    if line.trick_end is None:
        return None
    return c.share_clean if line.trick_end < 0 else c.share_picked(line.trick_end)

def _trick_end(steps: Sequence[Game], trick: int) -> tuple[Seat | None, int | None]:
    for k, g in enumerate(steps):
        if g.trick_number > trick:
            last = g.last_trick()
            if last is None:
                return None, k
            return (-1 if last.outcome == "waste" else last.picker), k
    return None, None


def _line(start: Game, seat: Seat, action: int | str, deal: tuple[Mask, ...], waste: Mask, trick: int,
          seed: int) -> Line:
    after = apply_action(start, seat, action)
    steps = [start, after]
    if not after.is_over:
        r = batch.rollouts(after, 1, seed=seed, policy=DEFAULT_POLICY)
        g = after.copy()
        for card in r.moves[0, :min(int(r.length[0]), MAX_STEPS)].tolist():
            g.play_index(int(card))
            steps.append(g.copy())
    end, at = _trick_end(steps, trick)
    return Line(action, tuple(steps), deal, waste, end, at)


def _modal(e: ActionEstimate | None, seat_count: int) -> int | None:
    """The most frequent end of the trick after an action in its simulations (-1 clean)."""
    if e is None or e.consequences is None or not e.consequences.rollouts:
        return None
    c = e.consequences
    counts = Counter({s: c.picked[s] for s in range(seat_count)})
    counts[-1] = c.clean
    return counts.most_common(1)[0][0]


@dataclass(frozen=True)
class Imagined:
    """The imagined lines of Show me: ``better`` and ``worse`` (the same deal; ``worse`` is the
    better one again where there is no worse action), the ``focus`` they were chosen to show and
    the simulations of each action (for :meth:`share`)."""

    better: Line
    worse: Line
    focus: Focus
    seat: Seat
    estimates: tuple[ActionEstimate | None, ActionEstimate | None] = (None, None)

    def share(self, which: str) -> float | None:
        """How often what the ``"better"`` or ``"worse"`` line shows happened in that action's
        simulations (None: not known)."""
        line, e = (self.better, self.estimates[0]) if which == "better" else (self.worse, self.estimates[1])
        return _share(self.focus.kind, self.seat, e, line)


def imagined(view: SeatView, better: int | str, worse: int | str | None, seed: int = 0,
             estimates: Sequence[ActionEstimate] = ()) -> Imagined:
    """The imagined lines after ``better`` and after ``worse`` (card indices, :data:`TAKE` or
    :data:`PASS`; ``worse`` None: the better line only) at ``view``, on one deal of the hidden
    cards drawn from the view alone (see the module's docstring). With ``estimates`` (the
    actions' simulations, :class:`ActionEstimate`), the deal is the first of :data:`DEALS` that
    shows what they say: with two actions, the focus (:func:`focus_of`) happening as it should
    in each line; with one, its trick ending as it most often did. Without, the first deal."""
    for action in (better, worse):
        if action is None:
            continue
        if action not in (TAKE, PASS) and not (isinstance(action, int) and view.legal >> action & 1):
            raise ValueError(f"{Card.from_index(action) if isinstance(action, int) else action!r} is not an action of "
                             f"{view.names[view.seat]} now")
        if action == TAKE and not view.can_take:
            raise ValueError(f"{view.names[view.seat]} may not take now")
    rng = random.Random(repr((seed, "imagine", view)))
    by_action = {e.action: e for e in estimates}
    eb, ew = by_action.get(better), None if worse is None else by_action.get(worse)
    single = worse is None or worse == better
    focus = focus_of(view, eb, ew) if not single else Focus("pickup", False, False)
    modal = _modal(eb, view.num_players)
    seat = view.seat
    first: tuple[Line, Line] | None = None
    half: tuple[Line, Line] | None = None  # the danger shown after the worse action, not yet the better line
    for _ in range(DEALS if estimates else 1):
        hands, waste = sample_hidden(view, rng)
        start = game_from_view(view, hands, waste, seed=rng.getrandbits(62))
        line_seed = rng.getrandbits(62)
        b = _line(start, seat, better, tuple(hands), waste, view.trick_number, line_seed)
        w = b if single else _line(start, seat, worse, tuple(hands), waste, view.trick_number, line_seed)  # type: ignore[arg-type]
        if first is None:
            first = (b, w)
        if single:
            if modal is None or b.trick_end == modal:
                return Imagined(b, w, focus, seat, (eb, eb))
            continue
        worse_shows = w.happened(focus.kind, seat) == focus.worse
        if worse_shows and b.happened(focus.kind, seat) == focus.better:
            return Imagined(b, w, focus, seat, (eb, ew))
        if worse_shows and half is None:
            half = (b, w)
    b, w = half or first  # type: ignore[misc]
    return Imagined(b, w, focus, seat, (eb, eb if single else ew))


def imagine(view: SeatView, better: int | str, worse: int | str, seed: int = 0,
            estimates: Sequence[ActionEstimate] = ()) -> tuple[Line, Line]:
    """The imagined lines after ``better`` and after ``worse`` (see :func:`imagined`)."""
    shown = imagined(view, better, worse, seed, estimates)
    return shown.better, shown.worse
