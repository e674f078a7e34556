"""Games built from what a seat knows: the *determinizations* of the search bots.

A seat's :class:`~bhabho_widget.engine.seat_view.SeatView` shows its own hand, the public
state of play and what it could work out; the other hands and the waste pile are hidden.
A search bot samples the hidden cards (:func:`bhabho_widget.play.search.sample_hidden`) and
plays on in a game that matches the view with the cards dealt that way:
:func:`game_from_view` builds it, through the engine's
:meth:`Game.from_state <bhabho_widget.engine.game.Game.from_state>`.
:func:`with_hidden_cards` deals the hidden cards of a whole game otherwise, keeping
everything public (for tests that a bot's choice depends on its view alone).

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0, seed=0)
>>> view = g.seat_view(0)
>>> hands = [view.hand, g.hand_mask(2), g.hand_mask(1)]  # seats 1 and 2 hold each other's cards
>>> d = game_from_view(view, hands, 0, seed=1)
>>> d.seat_view(0) == view, [str(c) for c in d.hand(1)]
(True, ['8♠', '2♣'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import SUIT_MASKS, Card, Mask, indices, strength_table
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..engine.state import GameState

__all__ = ["game_from_view", "with_hidden_cards"]


def game_from_view(view: SeatView, hands: Sequence[Mask], waste: Mask, seed: int | None = None) -> Game:
    """A game that matches everything ``view`` shows, with the hidden cards dealt as in
    ``hands`` and ``waste``: one *determinization*, for search bots.

    ``hands[view.seat]`` must be the seat's own hand and every hand must have its public
    size; the table, the waste pile's size and the public state come from the view. A
    card drawn from the waste pile and not yet led by ``view.drawer`` (the view shows it
    as a waste card the pile no longer holds) must be in the drawer's hand: it is the
    drawer's forced lead (rule 6).
    The new game has its own ``seed`` (the real game's is hidden; None: a fresh one), no
    undo history, no events and no counted positions before this one.
    """
    n = view.num_players
    if len(hands) != n:
        raise ValueError(f"hands must have {n} masks")
    if hands[view.seat] != view.hand:
        raise ValueError("hands[view.seat] must be the seat's own hand")
    on_table = sum(1 << i for i in view.table)
    union = on_table
    for s, h in enumerate(hands):
        if not isinstance(h, int) or h.bit_count() != view.hand_sizes[s] or union & h:
            raise ValueError(f"hand {s} must have {view.hand_sizes[s]} cards and share none with the others or the table")
        union |= h
    if waste.bit_count() != view.waste_size or union & waste:
        raise ValueError(f"the waste pile must have {view.waste_size} cards and share none with the hands")
    opening_card = -1
    if view.opening:
        if view.table:
            opening_card = view.table[0]
        else:  # still to be led, by the leader: the opening card, or the strongest of its suit (rule 3)
            card = Card.parse(view.rules.opening_card)
            suit_cards = hands[view.leader] & SUIT_MASKS[card.suit_index]  # type: ignore[index]
            if not suit_cards:
                raise ValueError("the leader of the opening trick must hold a card of the opening suit")
            if suit_cards >> card.index & 1:
                opening_card = card.index
            else:
                opening_card = max(indices(suit_cards), key=strength_table(view.rules.ace).__getitem__)
    forced = -1
    pending = view.waste_known & ~waste & ~on_table  # seen going to the waste pile, now in a hand: drawn
    if view.drawn >= 0:
        forced = view.drawn
    elif view.drawer is not None and view.drawer != view.seat:  # another seat drew and must lead its card
        hand = hands[view.drawer]
        # the drawn card: one seen going to the waste pile (or, from a pile nobody saw in a
        # custom position, any card the drawer was not seen to pick up)
        drawn = pending & hand or hand & ~view.known[view.drawer]
        if not drawn:
            raise ValueError(f"seat {view.drawer} drew a card from the waste pile and must lead it: its hand must "
                             "hold a card seen going to the waste pile that the pile no longer holds")
        forced = drawn.bit_length() - 1
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    between_tricks = not view.table and not view.is_over  # then this position is counted once (rule 10)
    state = GameState(
        hands=tuple(hands), table=view.table, trick_order=view.trick_order, stop=0, led_suit=view.led_suit,
        leader=view.leader, current_player=view.current_player, opening=view.opening, opening_card=opening_card,
        forced=forced, waste=waste, trick=view.trick_number, escaped=view.escaped, draws=0, seed=seed,
        is_over=view.is_over, loser=view.loser, stalemate=view.stalemate,
        positions={(tuple(hands), view.leader, waste): 1} if between_tricks else {})
    return Game.from_state(state, view.rules, view.names)


def with_hidden_cards(game: Game, hands: Sequence[Mask], waste: Mask) -> Game:
    """A game like ``game`` with the cards dealt otherwise but everything public kept (its
    events included, so its seat views read the same): for determinized search and its
    tests. Each hand must have its present size and together with the waste pile they must
    hold the same cards as now. The new game has no undo history and no counted positions."""
    state = game.state()
    if len(hands) != game.num_players:
        raise ValueError(f"hands must have {game.num_players} masks")
    union = 0
    for s, h in enumerate(hands):
        if h.bit_count() != state.hands[s].bit_count() or union & h:
            raise ValueError(f"hand {s} has the wrong size or shares cards with another hand")
        union |= h
    if waste.bit_count() != state.waste.bit_count() or union & waste:
        raise ValueError("the waste pile has the wrong size or shares cards with a hand")
    if union | waste != sum(state.hands) | state.waste:
        raise ValueError("the hands and the waste pile must hold the cards they hold now")
    return Game.from_state(state._replace(hands=tuple(hands), waste=waste, positions={}), game.rules, game.names,
                           start=game.start, events=game.events)
