"""A peer-style heuristic bot: the sparring partner of the arena's ``"peer"`` level.

:class:`PeerBot` plays the way the computer player of another Bhabho project is described
(a heuristic with a little Monte Carlo, no search of the game's end):

- **leads** are scored by Monte Carlo over sampled deals of the hidden cards
  (:func:`.search.sample_hidden`): each candidate lead is played out to the end of its
  trick in every sample, the others following by a simple rule (duck under the highest
  card, else play the highest), and the lead that makes this seat pick up fewest cards
  on average wins; among equals, the stronger card (shed high cards while it is safe);
- **follows** are decided by the chance that a later player of the trick is void in the
  led suit (known from the seat's view, or estimated over the same sampled deals): when a
  tochoo is likely, duck under the highest card on the table; when the trick is likely
  to stay clean (or this seat is its last player), get rid of the highest card;
- **tochoo dumps** are chosen: the card most likely to cost a pickup later, the strongest
  card of the shortest suit (a lone high card is the most dangerous card to keep);
- **takes** follow a simulated rule: only a small hand (at most ``take_max`` cards) is
  considered, and it is taken when a few continuations with random cards
  (:func:`.search.estimate_actions` with ``policy="random"``, fixed so that this sparring
  partner stays the one measured, whatever the search's default) say taking loses less
  often than passing.

The bot decides from its :class:`~bhabho_widget.engine.seat_view.SeatView` alone, with
random numbers seeded by its seed and the public state, so the same view gives the same
choice whatever the hidden cards.

>>> from bhabho_widget import Game
>>> g = Game.deal(4, seed=2)
>>> bot = PeerBot(seed=1)
>>> str(bot.choose_card(g.seat_view(g.current_player)))   # the opening lead is forced
'A♠'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import DECK, SUIT_MASKS, Card, CardIndex, Mask, Seat, indices
from ..engine.seat_view import SeatView
from .bots import Bot, _check_seed
from .search import PASS, TAKE, estimate_actions, sample_hidden

__all__ = ["PeerBot"]


def _strongest(cards: Sequence[CardIndex], strength: tuple[int, ...]) -> CardIndex:
    return max(cards, key=lambda c: (strength[c], -c))


def _weakest(cards: Sequence[CardIndex], strength: tuple[int, ...]) -> CardIndex:
    return min(cards, key=lambda c: (strength[c], c))


class PeerBot(Bot):
    """A heuristic bot with Monte Carlo leads and void-chance follows (see the module docstring).

    ``samples``: sampled deals of the hidden cards per decision (default 24); ``duck_above``:
    the chance of a later void above which a follower ducks (default 0.25); ``take_max``,
    ``take_rollouts``, ``take_margin``: the simulated take rule.
    """

    name = "peer"

    def __init__(self, seed: int | None = None, samples: int = 24, duck_above: float = 0.25, take_max: int = 2,
                 take_rollouts: int = 32, take_margin: float = 0.03) -> None:
        self.seed = _check_seed(seed)
        self._base = seed if seed is not None else random.SystemRandom().randrange(2**63)
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive integer, not {samples!r}")
        self.samples = samples
        self.duck_above = duck_above
        self.take_max = take_max
        self.take_rollouts = take_rollouts
        self.take_margin = take_margin

    def _rng(self, view: SeatView, kind: str) -> random.Random:
        """Seeded by the bot's seed and the public state only (see SearchBot._rng)."""
        key = (self._base, kind, view.seat, view.trick_number, view.table, view.hand, view.hand_sizes, view.waste_size)
        return random.Random(repr(key))

    def _deals(self, view: SeatView, kind: str) -> list[list[Mask]]:
        rng = self._rng(view, kind)
        return [sample_hidden(view, rng)[0] for _ in range(self.samples)]

    # ------------------------------------------------------------------ cards
    def choose_card(self, view: SeatView) -> Card:
        legal = indices(view.legal)
        if len(legal) == 1:
            return DECK[legal[0]]
        if not view.table:
            return DECK[self._lead(view, legal)]
        if not view.hand & SUIT_MASKS[view.led_suit]:
            return DECK[self._dump(view, legal)]
        return DECK[self._follow(view, legal)]

    def _lead(self, view: SeatView, legal: list[CardIndex]) -> CardIndex:
        strength = view.strength
        deals = self._deals(view, "lead")
        order = view.holders_from(view.seat)
        cost = {c: 0 for c in legal}
        for hands in deals:
            for c in legal:
                cost[c] += self._trick_cost(view, hands, order, c)
        return min(legal, key=lambda c: (cost[c], -strength[c], c))

    def _trick_cost(self, view: SeatView, hands: list[Mask], order: list[Seat], lead: CardIndex) -> int:
        """The cards this seat picks up when it leads ``lead`` and the others follow simply."""
        rules = view.rules
        strength = view.strength
        suit = lead // 13
        mask = SUIT_MASKS[suit]
        top_seat, top = view.seat, lead
        played = 1
        for s in order[1:]:
            mine = hands[s] & mask
            if not mine:
                if rules.off_suit == "discard":
                    played += 1
                    continue
                picker = s if rules.picker == "offsuit_player" else top_seat
                return (played + (rules.picker != "offsuit_player")) if picker == view.seat else 0
            cards = indices(mine)
            under = [c for c in cards if strength[c] < strength[top]]
            card = _strongest(under, strength) if under else _strongest(cards, strength)
            if strength[card] > strength[top]:
                top_seat, top = s, card
            played += 1
        return 0

    def _void_chance(self, view: SeatView) -> float:
        """The chance that a player after this one in the trick has no card of the led suit."""
        led = view.led_suit
        later = list(view.trick_order[len(view.table) + 1:])
        if not later:
            return 0.0
        if any(view.voids[s] >> led & 1 for s in later):
            return 1.0
        mask = SUIT_MASKS[led]
        deals = self._deals(view, "follow")
        return sum(any(not hands[s] & mask for s in later) for hands in deals) / len(deals)

    def _follow(self, view: SeatView, legal: list[CardIndex]) -> CardIndex:
        strength = view.strength
        led = view.led_suit
        top = max((c for c in view.table if c // 13 == led), key=strength.__getitem__)
        under = [c for c in legal if strength[c] < strength[top]]
        last = len(view.table) == len(view.trick_order) - 1
        if last or view.rules.off_suit == "discard":
            return _strongest(legal, strength)  # the trick is clean: shed the strongest card
        if self._void_chance(view) > self.duck_above:
            if under:
                return _strongest(under, strength)  # duck under the highest card
            return _weakest(legal, strength)  # on top anyway: leave room for a later player to overtake
        return _strongest(legal, strength)

    def _dump(self, view: SeatView, legal: list[CardIndex]) -> CardIndex:
        """A tochoo: the strongest card of the shortest suit, a lone high card first."""
        strength = view.strength
        hand = view.hand

        def danger(c: CardIndex) -> tuple[int, int]:
            length = (hand & SUIT_MASKS[c // 13]).bit_count()
            return strength[c] - 2 * (length - 1), -c

        return max(legal, key=danger)

    # ------------------------------------------------------------------ takes
    def wants_take(self, view: SeatView) -> bool:
        if not view.can_take or view.take_target is None or len(view.holders) <= 2:
            return False
        if view.hand_sizes[view.take_target] > self.take_max:
            return False
        take, keep = estimate_actions(view, [TAKE, PASS], self.take_rollouts, 8, self._rng(view, "take"), policy="random")
        return take.p + self.take_margin < keep.p
