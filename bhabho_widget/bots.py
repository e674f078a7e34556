"""Bots: players that choose a card to play and whether to take the next player's hand.

A bot gets the :class:`~bhabho_widget.game.Game` and its seat. It must use only what
that seat may know: its own hand, hand sizes, the table and the public events (which
this module reads through :meth:`Game.events_for`).
"""

from __future__ import annotations

import random

from .cards import DECK, SUIT_MASKS, indices


class Bot:
    """The bot interface. Subclass and override both methods."""

    name = "bot"

    def choose_card(self, game, seat: int):
        """A card from ``game.legal_cards()``; called when ``seat`` is to play."""
        raise NotImplementedError

    def wants_take(self, game, seat: int) -> bool:
        """Whether ``seat`` takes the next player's hand now (offered once per trick boundary)."""
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random legal card; takes with probability ``take_chance``."""

    name = "random"

    def __init__(self, seed=None, take_chance: float = 0.05):
        if not 0.0 <= take_chance <= 1.0:
            raise ValueError(f"take_chance must be between 0 and 1, not {take_chance!r}")
        self.rng = random.Random(seed)
        self.take_chance = take_chance

    def choose_card(self, game, seat):
        legal = indices(game._legal_mask())
        return DECK[legal[int(self.rng.random() * len(legal))]]

    def wants_take(self, game, seat):
        return self.rng.random() < self.take_chance


def known_voids(game, start=None) -> list:
    """For each seat, a 4-bit mask of the suits it has shown it lacks (by not following).

    A seat that failed to follow a suit is void in it until it receives a card of that
    suit (a pickup of public cards), or any cards nobody else saw (a take, a draw, the
    waste pile). Read from public events only. ``start`` is ``(voids, n)``: the answer
    for the first ``n`` events, to continue from.
    """
    voids, n = (list(start[0]), start[1]) if start else ([0] * game.num_players, 0)
    for e in game.events_since(n):
        kind = e.kind
        if kind == "tochoo" or kind == "discard":
            voids[e.seat] |= 1 << e._info[0]
        elif kind == "pickup" or kind == "take" or kind == "draw":
            if e.private is None:  # public cards: only their suits stop being voids
                for c in e._cards:
                    voids[e.seat] &= ~(1 << (c // 13))
            else:  # unseen cards could be of any suit
                voids[e.seat] = 0
    return voids


class _VoidCache:
    """known_voids, carried forward event by event while the game only grows."""

    def __init__(self):
        self.game = None
        self.last = None  # the last event read, to notice an undo
        self.value = None

    def get(self, game) -> list:
        count = game.event_count
        n = 0 if self.value is None else self.value[1]
        same = self.game is game and 0 < n <= count and game.events_since(n - 1)[0] is self.last
        voids = known_voids(game, self.value if same else None)
        self.game, self.value = game, (voids, count)
        self.last = game.events_since(count - 1)[0] if count else None
        return voids


class RuleBot(Bot):
    """Rules of thumb from the rule texts.

    Lead low in a suit nobody is known to lack (now and then, with chance ``explore``,
    any card: fixed habits can pass the same cards round forever); when following, duck under the highest
    card if possible, and dump the highest card when sure to win a clean trick anyway;
    when unable to follow, throw the highest card (tochoo); take a short hand from the
    next player only when that player lacks a suit this bot holds, never when it would
    leave this bot alone with cards.
    """

    name = "rules of thumb"

    def __init__(self, seed=None, explore: float = 0.1):
        if not 0.0 <= explore <= 1.0:
            raise ValueError(f"explore must be between 0 and 1, not {explore!r}")
        self.rng = random.Random(seed)
        self.explore = explore
        self._voids = _VoidCache()

    def choose_card(self, game, seat):
        legal = game._legal_mask()
        if legal & (legal - 1) == 0:
            return DECK[legal.bit_length() - 1]
        strength = game._strength
        hand = game._hands[seat]
        if not game._table:
            if self.rng.random() < self.explore:
                # an occasional surprise lead keeps bots from going round in circles
                options = indices(legal)
                return DECK[options[int(self.rng.random() * len(options))]]
            return DECK[self._lead(game, seat, hand, strength)]
        led = game._led
        if not hand & SUIT_MASKS[led]:
            # tochoo: get rid of the strongest card
            return DECK[max(indices(hand), key=lambda i: (strength[i], -(hand & SUIT_MASKS[i // 13]).bit_count()))]
        mine = indices(legal)
        top = max(strength[c] for c in game._table if c // 13 == led)
        last = game._pos == len(game._order) - 1
        if last:
            # nobody can tochoo after the last player: the trick is clean, dump the highest
            best = max(mine, key=strength.__getitem__)
            if strength[best] > top and hand.bit_count() == 1:
                return DECK[min(mine, key=strength.__getitem__)]
            return DECK[best]
        below = [c for c in mine if strength[c] < top]
        if below:
            return DECK[max(below, key=strength.__getitem__)]
        return DECK[max(mine, key=strength.__getitem__)]

    def _lead(self, game, seat, hand, strength):
        voids = self._voids.get(game)
        others = [s for s in game._seats_from(seat) if s != seat]
        danger = 0
        for s in others:
            danger |= voids[s]
        best = None
        for suit in range(4):
            cards = indices(hand & SUIT_MASKS[suit])
            if not cards:
                continue
            low = min(cards, key=strength.__getitem__)
            key = (bool(danger >> suit & 1), strength[low], -len(cards))
            if best is None or key < best[0]:
                best = (key, low)
        return best[1]

    def wants_take(self, game, seat):
        holders = game.num_players - game._hands.count(0)
        if holders <= 2:
            return False
        target = game.next_holder(seat)
        if game._hands[target].bit_count() > 3:
            return False
        voids = self._voids.get(game)[target]
        hand = game._hands[seat]
        return any(voids >> s & 1 and hand & SUIT_MASKS[s] for s in range(4))


BOTS = {"random": RandomBot, "rules": RuleBot}
