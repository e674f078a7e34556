"""The answer key of a lesson's question: each action's chance of ending as the bhabhi, and
which actions count as right.

A lesson asks which card to play, or whether to take the next player's hand or pass; the coach
answers. Where the lesson hides the other hands, it judges as a hint does, from the seat's view
alone: the hidden cards sampled to fit what the seat has seen (:func:`.hints.view_estimates`).
Where the lesson shows every hand, the learner sees the very deal, and so does the coach
(:func:`shown_estimates`): no hidden card is sampled, every continuation is played on from the
real hands.

**One deal, and its margin.** With one deal there is no spread between deals to measure. What
still varies is the continuation: the rules of thumb with every hand open
(:data:`~bhabho_widget.play.search.DEFAULT_POLICY`) choose every follow, tochoo and discard,
and a draw from the waste pile follows the game's own seed; only a lead is chosen at random (a
card of a suit every other player holds, or any card when there is none). So each action is
played out ``rollouts`` times on the real deal, rollout ``i`` of every action on the same random
numbers (common random numbers), and each rollout counts as a deal of its own with one
continuation. The coach's paired test (:func:`.hints.about_equal`) then reads the spread of the
rollouts' paired differences, and the chances, their intervals and the reason are worked out by
the very code of a hint. Where the rules of thumb have no choice to make on that deal (no lead
with two candidate cards, as in most small endings) every rollout of an action is the same
line: the paired differences have no spread, their interval is a single point, and the answer
is exact. One rollout per action would then do; the repeats cost little, a key being worked out
once, when the lesson is made, and the same code serves the deals where a lead is random.

**What counts as right.** The coach's choice (the action a hint recommends,
:mod:`.judgement`: a take only when it is clearly better), and every action about as good as
it by the coach's one rule (:func:`.grading.verdict`, :func:`.hints.about_equal`).

>>> from bhabho_widget import Game
>>> g = Game.from_position("rules=classic hands=.8..J/.K..7/...Q6 lead=0")  # 8♥ and J♣ both escape
>>> key = answer_key(g, 0, "card", shown=True, rollouts=64)
>>> [(r.action, round(r.p, 2), r.within) for r in key.rows]
[('8H', 0.0, True), ('JC', 0.0, True)]
>>> sampled = answer_key(g, 0, "card", shown=False, rollouts=160)   # the hands taken as unknown
>>> [(r.action, r.within) for r in sampled.rows]
[('8H', True), ('JC', True)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import DECK, Seat
from ..engine.game import Game
from ..play.search import PASS, TAKE, ActionEstimate, apply_action, estimate_many
from .hints import DEFAULT_SAMPLES, Hint, about_equal, hint_actions, hint_from_estimates, view_estimates

__all__ = ["AnswerKey", "Judged", "answer_key", "shown_estimates"]


@dataclass(frozen=True)
class Judged:
    """One action of a key: ``action`` (a card code, ``"take"`` or ``"pass"``), its chance ``p``
    of ending as the bhabhi with the 95 % interval ``lo``..``hi`` (the chart's,
    :attr:`~bhabho_widget.play.search.ActionEstimate.deal_interval`), ``within``: the coach
    counts it right (its choice, or as good within the simulations' margin), ``best``: the
    coach's choice, ``rollouts``: the continuations it was played out in."""

    action: str
    p: float
    lo: float
    hi: float
    within: bool
    best: bool
    rollouts: int


@dataclass(frozen=True)
class AnswerKey:
    """The coach's key of a question: ``hint`` (its choice and reason, from the same estimates),
    ``rows`` (one :class:`Judged` per action: the legal cards, or take and pass) and ``shown``:
    worked out with every hand as shown (:func:`shown_estimates`), else from the seat's view."""

    hint: Hint
    rows: tuple[Judged, ...]
    shown: bool


def shown_estimates(game: Game, seat: Seat, actions: Sequence[int | str], rollouts: int,
                    seed: int | None = 0) -> list[ActionEstimate]:
    """Each of ``actions``' chance that ``seat`` ends as the bhabhi, played out from the real
    deal of ``game`` (every hand as it is; nothing sampled): ``rollouts`` continuations each,
    rollout ``i`` of every action on the same random numbers and counted as a deal of its own,
    so the paired tests read the spread of the rollouts' paired differences (see the module's
    docstring). Only for a game whose every hand the learner sees: a hint never looks here."""
    if not actions:
        raise ValueError("give at least one action to estimate")
    n = max(2, int(rollouts))
    rng = random.Random(repr((seed, "shown", game.position(), seat, tuple(actions)))) if seed is not None \
        else random.Random()
    after = [apply_action(game, seat, a) for a in actions]
    # deal by deal, action by action: "deal" d is rollout d of the one real deal
    return estimate_many([(game.seat_view(seat), tuple(actions), after * n)], 1, rng.getrandbits(62),
                         streams=list(range(n)))[0]


def answer_key(game: Game, seat: Seat, question: str = "card", shown: bool = True, rollouts: int = 160,
               seed: int | None = 0) -> AnswerKey:
    """The key of ``question`` at ``game`` for ``seat``: ``"card"`` (which card should ``seat``,
    the player to move, play?) or ``"take"`` (should ``seat`` take the next player's hand? its
    rows are ``"take"`` and ``"pass"``, passing being the best card when ``seat`` is to play).
    ``shown``: every hand is shown to the learner, and the coach plays on from the real deal
    (:func:`shown_estimates`); else it judges from the seat's view, as a hint with ``rollouts``
    continuations and ``seed`` does."""
    if question not in ("card", "take"):
        raise ValueError(f"an answer key is for 'card' or 'take', not {str(question)[:20]!r}")
    view = game.seat_view(seat)
    actions = hint_actions(view)
    if question == "card":
        if not view.my_turn:
            raise ValueError(f"{game.names[seat]} is not to play: no card to choose")
        actions = tuple(a for a in actions if isinstance(a, int))
    elif TAKE not in actions:
        raise ValueError(f"{game.names[seat]} may not take now")
    if shown:
        est = shown_estimates(game, seat, actions, rollouts, seed)
    else:
        est = view_estimates(view, actions, rollouts, DEFAULT_SAMPLES, seed)
    h = hint_from_estimates(view, est, tuple(game.hand_mask(s) for s in range(game.num_players)) if shown else None)
    by_action = {e.action: e for e in est}
    chosen = by_action[h.action.index if not isinstance(h.action, str) else h.action]
    if question == "card":
        return AnswerKey(h, tuple(_judged(e, chosen) for e in est), shown)
    keep = by_action.get(PASS) or min((e for e in est if isinstance(e.action, int)), key=lambda e: (e.p, e.action))
    take = by_action[TAKE]
    return AnswerKey(h, (_judged(take, chosen, TAKE), _judged(keep, chosen, PASS)), shown)


def _judged(e: ActionEstimate, chosen: ActionEstimate, code: str | None = None) -> Judged:
    """``e`` as a row of the key: right when it is the coach's ``chosen`` action, as good
    (:func:`.hints.about_equal`) or better (a take that gains less than the take margin)."""
    lo, hi = e.deal_interval
    best = e.action == chosen.action
    within = best or e.p <= chosen.p or about_equal(e, chosen)
    if code is None:
        code = DECK[e.action].code if isinstance(e.action, int) else e.action
    return Judged(code, e.p, lo, hi, within, best, e.rollouts)
