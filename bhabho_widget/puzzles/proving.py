"""Proving an answer: the coach's simulations at a budget far above the hint's.

:func:`prove` looks at a decision through the seat's eyes (its
:class:`~bhabho_widget.engine.seat_view.SeatView`, nothing more), draws thousands of deals of
the hidden cards that fit what the seat knew, plays every action on every deal with the same
random numbers (common random numbers: the actions are compared on the very same deals and
continuations), and keeps the answer only if every other action's chance of ending as the
bhabhi is higher by at least the margin (:data:`MARGIN`, 8 points) with the paired
difference's 95 % interval clear of zero: the answer is the only reasonable move. The bundled
set asks more (:func:`cushioned`): a difference of at least 10 points whose interval starts
above 4, so that a proof made again with other deals keeps the answer and the margin. A quick
screen at the hint's budget (:func:`screen`) drops most decisions first, where no action
stands out, so that mining spends its budget on the likely ones.

The continuations are the coach's (:data:`bhabho_widget.play.search.DEFAULT_POLICY`: everyone
plays on by the rules of thumb with every hand of the sampled deal open), so a chance means "if
everyone played on sensibly from here", as in a hint and a review.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the simulations are the search bot's, on numpy)
except ImportError as err:  # pragma: no cover - where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "Proving puzzles") from err

from ..coach.hints import hint_actions
from ..engine.cards import DECK, Card
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..play.search import PASS, TAKE, ActionEstimate, estimate_actions
from .puzzle import ActionProof, Proof

__all__ = ["CUSHION", "DEALS", "MARGIN", "PER_DEAL", "SCREEN_DEALS", "SCREEN_PER_DEAL", "code", "cushioned", "proof_of",
           "prove", "screen", "twins"]

MARGIN = 0.08
"""Every other action must be worse than the answer by at least this much (8 points)."""
DEALS = 1024
"""Deals of the hidden cards a proof imagines, the same deals for every action."""
PER_DEAL = 2
"""Continuations of each action on each deal: 2,048 per action in all."""
SCREEN_DEALS = 24
SCREEN_PER_DEAL = 8
"""The quick look before a proof: 192 continuations per action over 24 deals."""


def code(action: int | str) -> str:
    """An action as the puzzles write it: a card's code, ``"take"`` or ``"pass"``."""
    return DECK[action].code if isinstance(action, int) else str(action)


def _rng(view: SeatView, seed: int, what: str) -> random.Random:
    """Random numbers from the seed and the seat's view only: the hidden cards never change a proof."""
    return random.Random(repr((seed, what, view)))


def twins(view: SeatView, actions: Sequence[int | str]) -> list[list[int | str]]:
    """The actions in classes that play alike: cards of one suit with no card between them but
    the seat's own (7♣ and 8♣, or 7♣ and 9♣ when it holds 8♣ too) are the same to every other
    player; a take or a pass is a class of its own.

    >>> from bhabho_widget import Game
    >>> g = Game.from_hands([["7C", "8C", "10C", "KH"], ["2C", "4D"], ["3C", "5D"]], leader=1, seed=1)
    >>> _ = g.play("2C"); _ = g.play("3C")
    >>> [[code(a) for a in c] for c in twins(g.seat_view(0), [c.index for c in g.legal_cards()])]
    [['7C', '8C'], ['10C']]
    """
    cards = sorted((a for a in actions if isinstance(a, int)), key=lambda c: (c // 13, view.strength[c]))
    classes: list[list[int | str]] = []
    for c in cards:
        last = classes[-1][-1] if classes else None
        if isinstance(last, int) and last // 13 == c // 13:
            lo, hi = view.strength[last], view.strength[c]
            between = [x for x in range(c // 13 * 13, c // 13 * 13 + 13) if lo < view.strength[x] < hi]
            if all(view.hand >> x & 1 for x in between):
                classes[-1].append(c)
                continue
        classes.append([c])
    classes += [[a] for a in actions if not isinstance(a, int)]
    return classes


def screen(view: SeatView, actions: Sequence[int | str], margin: float = MARGIN, seed: int = 0) -> int | str | None:
    """The action worth proving at a decision, or None: its actions fall in at least two classes
    that play differently (:func:`twins`), the best of them holds one action, and at a small
    budget its chance is lower than every other class's by at least three quarters of ``margin``."""
    classes = twins(view, actions)
    if len(classes) < 2:
        return None
    reps = [c[0] for c in classes]
    est = estimate_actions(view, reps, SCREEN_DEALS * SCREEN_PER_DEAL, SCREEN_DEALS, _rng(view, seed, "screen"))
    best = min(range(len(est)), key=lambda k: est[k].p)
    if len(classes[best]) > 1:
        return None  # the best card has a twin: no only reasonable move
    if any(e.p - est[best].p < 0.75 * margin for k, e in enumerate(est) if k != best):
        return None
    return reps[best]


CUSHION = 0.02
"""The bundled set's puzzles beat the margin by this much (see :func:`cushioned`)."""


def cushioned(proof: Proof) -> bool:
    """The bundled set's test, stricter than :meth:`Proof.holds`: every other action worse by at
    least the margin and :data:`CUSHION` more, the paired interval starting above half the margin."""
    return all(a.diff >= proof.margin + CUSHION and a.diff_lo >= proof.margin / 2 for a in proof.actions[1:])


def proof_of(est: Sequence[ActionEstimate], deals: int, per: int, margin: float, seed: int) -> Proof:
    """The :class:`Proof` of the estimates of a decision (paired, on the same deals), the best
    action first, then the others from the closest."""
    best = min(est, key=lambda e: (e.p, code(e.action)))
    rows = []
    for e in sorted(est, key=lambda e: (e is not best, e.p, code(e.action))):
        lo, hi = e.deal_interval
        if e is best:
            rows.append(ActionProof(code(e.action), e.p, lo, hi, 0.0, 0.0, 0.0))
        else:
            d, d_lo, d_hi = e.difference(best)
            rows.append(ActionProof(code(e.action), e.p, lo, hi, d, d_lo, d_hi))
    return Proof(deals, deals * per, margin, seed, tuple(rows))


def prove(game: Game, seat: int | None = None, *, margin: float = MARGIN, deals: int = DEALS, per_deal: int = PER_DEAL,
          seed: int = 0, screened: bool = True, actions: Sequence[int | str] | None = None) -> Proof | None:
    """The proof of the only reasonable action of ``seat`` (default: the player to move) in
    ``game`` as it stands, or None when there is none: every other action's chance of ending
    as the bhabhi must be higher by at least ``margin``, with the paired difference's 95 %
    interval clear of zero, over ``deals`` imagined deals with ``per_deal`` continuations of each
    action on each. ``screened``: first a quick look at the hint's budget (:func:`screen`);
    ``actions``: the actions to weigh, as indices or codes (default: what a hint weighs, the
    legal cards and, where the rules allow it now, taking the next player's hand or passing).

    A teacher proves a position of their own the same way (``prove(editor.game, seat)``) before
    handing it out as a puzzle.
    """
    if seat is None:
        seat = game.current_player
    if seat is None:
        raise ValueError("nobody is to move: there is no decision to prove")
    view = game.seat_view(seat)
    acts = tuple(a if not isinstance(a, str) or a in (TAKE, PASS) else Card.parse(a).index for a in actions) \
        if actions is not None else hint_actions(view)
    if len(acts) < 2:
        return None
    if screened and screen(view, acts, margin, seed) is None:
        return None
    est = estimate_actions(view, acts, deals * per_deal, deals, _rng(view, seed, "proof"))
    proof = proof_of(est, deals, per_deal, margin, seed)
    return proof if proof.holds() else None


def is_take_question(actions: Sequence[int | str]) -> bool:
    """A decision between taking and passing only (the seat is not to play a card)."""
    return set(actions) == {TAKE, PASS}
