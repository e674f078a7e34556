"""Moves: an immutable :class:`Move` value type, a card played or a hand taken (rule 7).

A move is written one way, in records, lessons and the table server's rows alike: a card
play as the card's code (``"10H"``), a take as ``"take"`` and the seat that takes
(``"take 2"``). :meth:`Move.parse` reads that and the forms written before it
(``"take:2"``, ``("take", 2)``, a :class:`~.cards.Card`, a card as ``"10♥"``).

>>> Move.parse("10H"), Move.parse("take 2")
(Move.parse('10H'), Move.parse('take 2'))
>>> str(Move.parse("10♥")), str(Move.parse("take:2")), Move.parse(("take", 2)) is Move.take(2)
('10H', 'take 2', True)
>>> Move.parse("AS").card, Move.parse("take 2").taker
(Card.parse('AS'), 2)
"""

from __future__ import annotations

from .cards import DECK, Card, CardIndex, Seat, _short
from .errors import InvalidMoveError

__all__ = ["MAX_SEATS", "Move"]

MAX_SEATS = 8
"""Seats a game has at most: a take names one of seats 0 to 7."""


class Move:
    """One action of a round: a card played (:attr:`card`) or the next player's hand taken by
    the seat :attr:`taker` (rule 7). Immutable and hashable; equal moves are the same object.

    Make one with :meth:`play`, :meth:`take` or :meth:`parse`; ``str(move)`` is its text
    (``"10H"``, ``"take 2"``), which :meth:`parse` reads back.
    """

    __slots__ = ("card", "taker", "_text")
    card: Card | None
    """The card played, or None for a take."""
    taker: Seat | None
    """The seat that takes, or None for a card play."""
    _text: str

    def __new__(cls, *args: object, **kwargs: object) -> Move:
        raise TypeError("make a move with Move.play(card), Move.take(seat) or Move.parse(text)")

    @classmethod
    def _make(cls, card: Card | None, taker: Seat | None) -> Move:
        move = object.__new__(cls)
        object.__setattr__(move, "card", card)
        object.__setattr__(move, "taker", taker)
        object.__setattr__(move, "_text", card.code if card is not None else f"take {taker}")
        return move

    @classmethod
    def play(cls, card: Card | str) -> Move:
        """The move that plays ``card`` (a Card or its code)."""
        return _PLAYS[(card if isinstance(card, Card) else Card.parse(card)).index]

    @classmethod
    def take(cls, seat: int) -> Move:
        """The move in which ``seat`` takes the next player's hand (rule 7)."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InvalidMoveError(f"a take names a seat, a whole number from 0 to {MAX_SEATS - 1}, not {_short(seat)}")
        if not 0 <= seat < MAX_SEATS:
            raise InvalidMoveError(f"a take names a seat from 0 to {MAX_SEATS - 1}, not {seat}")
        return _TAKES[seat]

    @classmethod
    def from_index(cls, index: CardIndex) -> Move:
        """The move that plays the card with this index (0..51, see :mod:`.cards`)."""
        return _PLAYS[Card.from_index(index).index]

    @classmethod
    def parse(cls, text: Move | Card | str | tuple[str, int]) -> Move:
        """Read a move: ``"10H"`` (any card text :meth:`Card.parse` reads) or ``"take 2"``;
        also the older forms ``"take:2"`` and ``("take", 2)``, a Card, or a Move. Anything
        else raises :class:`~.errors.InvalidMoveError` (a card text that names no card, its
        subclass :class:`~.errors.InvalidCardError`).

        >>> Move.parse("take two")
        Traceback (most recent call last):
            ...
        bhabho_widget.engine.errors.InvalidMoveError: 'take two' is not a move: a take is written 'take' and a seat, like 'take 2'
        """
        if isinstance(text, Move):
            return text
        if isinstance(text, Card):
            return _PLAYS[text.index]
        if isinstance(text, tuple) and len(text) == 2 and text[0] == "take":
            return cls.take(text[1])
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is a card like '10H' or a take like 'take 2', not {_short(text)}")
        s = text.strip()
        if s[:4].lower() == "take":
            seat = s[4:].lstrip(" :")
            if not (seat.isascii() and seat.isdigit() and len(seat) == 1 and s[4:5] in (" ", ":")):
                raise InvalidMoveError(f"{_short(text)} is not a move: a take is written 'take' and a seat, like 'take 2'")
            return cls.take(int(seat))
        return _PLAYS[Card.parse(s).index]

    @property
    def is_take(self) -> bool:
        """True for a take (rule 7), False for a card play."""
        return self.taker is not None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (Move.parse, (self._text,))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: object) -> Move:
        return self

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Move) and other._text == self._text)

    def __hash__(self) -> int:
        return hash(self._text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"


_PLAYS: tuple[Move, ...] = tuple(Move._make(c, None) for c in DECK)
_TAKES: tuple[Move, ...] = tuple(Move._make(None, s) for s in range(MAX_SEATS))
