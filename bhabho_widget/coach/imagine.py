"""Show me: one imagined way a game can go after an action, step by step.

The coach says an action is better because of what happens next (:mod:`.causes`). *Show me*
plays it out on the felt: the same deal of the hidden cards after the better action and
after the worse one, each continued by the rules of thumb the simulations use (every hand of
the imagined deal open, :data:`bhabho_widget.play.search.DEFAULT_POLICY`) to the end of the
game. The deal is *imagined*: drawn from what the seat knows and nothing else
(:func:`bhabho_widget.play.search.sample_hidden`, seeded by the seat's view), never the real
hidden cards, so it fits everything the seat saw and is the same whatever the real cards
are. Among a few such deals the first *typical* one is shown: after each action the trick
ends as it most often did in the simulations (the same picker, or cleanly).

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

__all__ = ["DEALS", "MAX_STEPS", "Line", "imagine"]

DEALS = 24
"""Imagined deals looked through for a typical one."""
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


def imagine(view: SeatView, better: int | str, worse: int | str, seed: int = 0,
            estimates: Sequence[ActionEstimate] = ()) -> tuple[Line, Line]:
    """The imagined lines after ``better`` and after ``worse`` (card indices, :data:`TAKE` or
    :data:`PASS`) at ``view``, on one deal of the hidden cards drawn from the view alone (see
    the module's docstring). With ``estimates`` (the actions' :class:`ActionEstimate`\\ s),
    the deal is the first of :data:`DEALS` on which each trick ends as it most often did in
    those simulations; otherwise the first deal."""
    for action in (better, worse):
        if action not in (TAKE, PASS) and not (isinstance(action, int) and view.legal >> action & 1):
            raise ValueError(f"{Card.from_index(action) if isinstance(action, int) else action!r} is not an action of "
                             f"{view.names[view.seat]} now")
        if action == TAKE and not view.can_take:
            raise ValueError(f"{view.names[view.seat]} may not take now")
    rng = random.Random(repr((seed, "imagine", view)))
    by_action = {e.action: e for e in estimates}
    want = (_modal(by_action.get(better), view.num_players), _modal(by_action.get(worse), view.num_players))
    first: tuple[Line, Line] | None = None
    for _ in range(DEALS):
        hands, waste = sample_hidden(view, rng)
        start = game_from_view(view, hands, waste, seed=rng.getrandbits(62))
        line_seed = rng.getrandbits(62)
        lines = tuple(_line(start, view.seat, a, tuple(hands), waste, view.trick_number, line_seed)
                      for a in (better, worse))
        if first is None:
            first = lines  # type: ignore[assignment]
        if all(w is None or line.trick_end == w for line, w in zip(lines, want)):
            return lines  # type: ignore[return-value]
    assert first is not None
    return first
