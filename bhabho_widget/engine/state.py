"""The records of a round's state: how it began, the state of play, a trick that ended.

:class:`~bhabho_widget.engine.game.Game` hands these out (:attr:`Game.start`,
:meth:`Game.state`, :meth:`Game.last_trick`) and builds a game from a complete state
(:meth:`Game.from_state`); the position text (:mod:`.position`) and the batch player read
and write them. They hold masks and card indices (see :mod:`.cards`), nothing else.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .cards import Card, CardIndex, Mask, Seat

__all__ = ["STALEMATE_REPEATS", "FinishedTrick", "GameState", "PositionCounts", "StartPosition"]

STALEMATE_REPEATS = 3
"""Rule 10: the round ends when the same position comes round this many times."""

PositionCounts = dict[tuple[tuple[Mask, ...], Seat | None, Mask], int]
"""Rule 10's counts: how often each position ``(hands, player to lead, waste pile)`` has come round."""


class StartPosition(NamedTuple):
    """How a game began: the hands, the leader (None: the opening trick), the waste pile,
    and the dealer of a dealt game (None for a custom position)."""

    hands: tuple[Mask, ...]
    leader: Seat | None
    waste: Mask
    dealer: Seat | None
    #: The position text a game set up by :meth:`Game.from_position` began at (it may start
    #: in the middle of a trick, or with a drawn card to lead); None otherwise.
    position: str | None = None


class FinishedTrick(NamedTuple):
    """A trick that ended: its cards in play order, where they went (``"waste"`` or
    ``"pickup"``), the picker, and the number of the log entry that ended it."""

    plays: tuple[tuple[Seat, Card], ...]
    outcome: Literal["waste", "pickup"]
    picker: Seat | None
    log_index: int


class GameState(NamedTuple):
    """Every field of a game's state of play (see :meth:`Game.state` and :meth:`Game.from_state`).

    ``hands``: a mask per seat; ``table``: the cards of the trick on the table, played in
    ``trick_order`` (its seats from the leader; empty between tricks); ``stop``: the place
    in ``trick_order`` of the trick's last player (in the pick-up form, the one before the
    first player who cannot follow); ``led_suit``: 0..3, or -1 between tricks; ``leader``:
    the seat with the power; ``current_player``: the seat to play, None once the game is
    over; ``opening``: the opening trick (rule 3) is to be led or on the table, led with
    ``opening_card``; ``forced``: the card drawn from the waste pile that the leader must
    lead (rule 6), or -1; ``waste``: the waste pile; ``trick``: the trick's number;
    ``escaped``: the seats that escaped, in order; ``draws`` and ``seed``: they decide the
    next draw; ``is_over``, ``loser``, ``stalemate``: the end; ``positions``: rule 10's
    counts, keyed ``(hands, leader, waste)`` as in :meth:`Game.position_counts`."""

    hands: tuple[Mask, ...]
    table: tuple[CardIndex, ...]
    trick_order: tuple[Seat, ...]
    stop: int
    led_suit: int
    leader: Seat | None
    current_player: Seat | None
    opening: bool
    opening_card: CardIndex
    forced: CardIndex
    waste: Mask
    trick: int
    escaped: tuple[Seat, ...]
    draws: int
    seed: int
    is_over: bool
    loser: Seat | None
    stalemate: bool
    positions: PositionCounts
