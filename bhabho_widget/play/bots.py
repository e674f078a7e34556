"""Bots: players that choose a card to play and whether to take the next player's hand.

A bot is given a :class:`~bhabho_widget.engine.seat_view.SeatView`: its own hand and what its
seat may know, never the game itself, so it cannot look at another hand.
"""

from __future__ import annotations

import random

from ..engine.cards import DECK, SUIT_MASKS, Card, indices
from ..engine.seat_view import SeatView


def _check_seed(seed: object) -> int | None:
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise TypeError(f"seed must be an integer or None, not {seed!r}"[:120])
    return seed


def _check_chance(name: str, value: object) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be a number from 0 to 1, not {value!r}"[:120])
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be between 0 and 1, not {value!r}")
    return float(value)


class Bot:
    """The bot interface. Subclass and override both methods."""

    name = "bot"

    def choose_card(self, view: SeatView) -> Card:
        """A card from ``view.legal``; called when ``view.seat`` is to play."""
        raise NotImplementedError

    def wants_take(self, view: SeatView) -> bool:
        """Whether ``view.seat`` takes the next player's hand now (offered once per trick boundary)."""
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random legal card; takes with probability ``take_chance``."""

    name = "random"

    def __init__(self, seed: int | None = None, take_chance: float = 0.05) -> None:
        self.rng = random.Random(_check_seed(seed))
        self.take_chance = _check_chance("take_chance", take_chance)

    def choose_card(self, view: SeatView) -> Card:
        legal = indices(view.legal)
        return DECK[legal[int(self.rng.random() * len(legal))]]

    def wants_take(self, view: SeatView) -> bool:
        return self.rng.random() < self.take_chance


class RuleBot(Bot):
    """Rules of thumb from the rule texts.

    Lead low in a suit nobody is known to lack (now and then, with chance ``explore``,
    any card); when following, duck under the highest card if possible, and dump the
    highest card when sure to win a clean trick anyway; when unable to follow, throw the
    highest card (tochoo); never take the next player's hand (measured: every simple rule
    for taking made this bot lose more; see :meth:`wants_take`).
    """

    name = "rules of thumb"

    def __init__(self, seed: int | None = None, explore: float = 0.1) -> None:
        self.rng = random.Random(_check_seed(seed))
        self.explore = _check_chance("explore", explore)

    def choose_card(self, view: SeatView) -> Card:
        legal = view.legal
        if legal & (legal - 1) == 0:
            return DECK[legal.bit_length() - 1]
        strength = view.strength
        hand = view.hand
        if not view.table:
            if self.rng.random() < self.explore:
                options = indices(legal)  # an occasional surprise lead
                return DECK[options[int(self.rng.random() * len(options))]]
            return DECK[self._lead(view, strength)]
        led = view.led_suit
        if not hand & SUIT_MASKS[led]:
            # tochoo: get rid of the strongest card
            return DECK[max(indices(hand), key=lambda i: (strength[i], -(hand & SUIT_MASKS[i // 13]).bit_count()))]
        mine = indices(legal)
        top = max(strength[c] for c in view.table if c // 13 == led)
        if len(view.table) == len(view.trick_order) - 1:
            # nobody can tochoo after the last player: the trick is clean, dump the highest
            best = max(mine, key=strength.__getitem__)
            if strength[best] > top and hand.bit_count() == 1:
                return DECK[min(mine, key=strength.__getitem__)]
            return DECK[best]
        below = [c for c in mine if strength[c] < top]
        if below:
            return DECK[max(below, key=strength.__getitem__)]
        return DECK[max(mine, key=strength.__getitem__)]

    def _lead(self, view: SeatView, strength: tuple[int, ...]) -> int:
        danger = 0
        for s in view.holders_from(view.seat):
            if s != view.seat:
                danger |= view.voids[s]
        best = None
        for suit in range(4):
            cards = indices(view.hand & SUIT_MASKS[suit])
            if not cards:
                continue
            low = min(cards, key=strength.__getitem__)
            key = (bool(danger >> suit & 1), strength[low], -len(cards))
            if best is None or key < best[0]:
                best = (key, low)
        assert best is not None
        return best[1]

    def wants_take(self, view: SeatView) -> bool:
        """Never take: measured, every simple rule for taking makes this bot lose more.

        One such bot against three that never take, over 4,000 arena games (1,000 deals,
        every seat in turn; ``python -m bhabho_widget.play.arena`` with custom factories), lost:
        never taking 25 % (the fair share), taking a hand of at most 3 cards from a next
        player void in a suit it holds (this bot's old rule) 28.0 % (26.6-29.4 %), taking a
        single card 24.9 %, the old rule for single cards 24.6 %, taking whenever the next
        player is void in every suit it holds 27.1 %, the same for hands of at most 3 cards
        25.3 %. Against three bots with the old rule, never taking lost 21.2 % (20.0-22.5 %).
        No rule beat never taking, so this bot passes; :class:`bhabho_widget.play.search.SearchBot`
        decides each take by simulation instead.
        """
        return False
