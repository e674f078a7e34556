"""Cards: an immutable :class:`Card` value type and 52-bit hand masks.

A card's *index* is ``suit * 13 + (rank - 2)`` with suits in the order S, H, D, C, so a
hand is an ``int`` whose bit ``index`` is set for each card held.

>>> Card.parse("10H") == Card.parse("TH") == Card.parse("10♥")
True
>>> str(Card.parse("as")), Card.parse("A♠").code
('A♠', 'AS')
"""

from __future__ import annotations

from typing import TypeAlias

from .errors import InvalidCardError

Mask: TypeAlias = int
"""A set of cards as a 52-bit ``int``: bit ``index`` is set for each card in it."""
CardIndex: TypeAlias = int
"""A card as its index 0..51: ``suit * 13 + (rank - 2)``, suits in the order S H D C."""
Seat: TypeAlias = int
"""A player's place at the table, 0..n-1."""

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CODES = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_FROM_CODE = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10}
_RANK_FROM_CODE.update({str(r): r for r in range(2, 10)})

CARDS_PER_SUIT = 13
ONE_SUIT: Mask = (1 << CARDS_PER_SUIT) - 1
"""The 13 bits of one suit, as spades: ``hand >> 13 * suit & ONE_SUIT`` is that suit's part of a hand."""
SPADES_AND_HEARTS: Mask = (1 << 2 * CARDS_PER_SUIT) - 1
FULL_DECK: Mask = (1 << 52) - 1
SUIT_MASKS: tuple[Mask, ...] = tuple(ONE_SUIT << (CARDS_PER_SUIT * s) for s in range(4))
NO_SUIT = -1
"""``led_suit`` while the table is empty."""
NO_CARD: CardIndex = -1
"""No card: no forced lead, no card played."""

STRENGTH_ACE_HIGH: tuple[int, ...] = tuple(i % 13 for i in range(52))
"""Rule 1: the strength of each card within its suit, 2 weakest (0) to ace strongest (12)."""
STRENGTH_ACE_LOW: tuple[int, ...] = tuple((i % 13 + 1) % 13 for i in range(52))
"""The ace-low variant: ace weakest (0), then 2 up to king strongest (12)."""


def strength_table(ace: str) -> tuple[int, ...]:
    """The strength table for ``Rules.ace`` (``"high"`` or ``"low"``)."""
    return STRENGTH_ACE_LOW if ace == "low" else STRENGTH_ACE_HIGH


class Card:
    """One playing card. Immutable; equal cards are the same object.

    ``rank`` is 2..14 (ace 14, whatever the rules say about ace order), ``suit`` is one
    of ``"SHDC"``, ``code`` is the notation used in records and messages.
    """

    __slots__ = ("index", "rank", "suit", "code", "_str")
    index: CardIndex
    rank: int
    suit: str
    code: str
    _str: str

    def __new__(cls, rank: int, suit: str) -> Card:
        if not isinstance(rank, int) or isinstance(rank, bool):
            raise TypeError(f"rank must be an integer from 2 to 14 (ace is 14), not {rank!r}")
        if not isinstance(suit, str):
            raise TypeError(f"suit must be one of 'S', 'H', 'D', 'C', not {suit!r}")
        if not 2 <= rank <= 14:
            raise InvalidCardError(f"rank must be an integer from 2 to 14 (ace is 14), not {rank!r}")
        if len(suit) != 1 or suit not in SUITS:
            raise InvalidCardError(f"suit must be one of 'S', 'H', 'D', 'C', not {suit!r}")
        return _DECK[SUITS.index(suit) * 13 + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        rank, suit = index % 13 + 2, SUITS[index // 13]
        rank_code = RANK_CODES.get(rank, str(rank))
        for name, value in (
            ("index", index),
            ("rank", rank),
            ("suit", suit),
            ("code", rank_code + suit),
            ("_str", rank_code + SUIT_SYMBOLS[suit]),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bit ``index`` (0..51) in a hand mask."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"card index must be an integer 0..51, not {index!r}")
        if not 0 <= index < 52:
            raise InvalidCardError(f"card index must be 0..51, not {index!r}")
        return _DECK[index]

    @classmethod
    def parse(cls, text: Card | str) -> Card:
        """Read ``"AS"``, ``"as"``, ``"A♠"``, ``"10H"``, ``"TH"`` or ``"10♥"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise TypeError(f"a card is written like 'AS' or '10♥', not {_short(text)}")
        s = text.strip().upper()
        if len(s) < 2 or len(s) > 4:
            raise InvalidCardError(f"{_short(text)} is not a card: write a rank and a suit, like 'AS' or '10♥'")
        rank_part, suit_part = s[:-1], s[-1]
        suit = _SYMBOL_SUITS.get(suit_part, suit_part)
        if suit not in SUITS:
            raise InvalidCardError(f"{text!r} is not a card: {suit_part!r} is not a suit (S, H, D, C or ♠♥♦♣)")
        rank = _RANK_FROM_CODE.get(rank_part)
        if rank is None:
            raise InvalidCardError(f"{text!r} is not a card: {rank_part!r} is not a rank (2-10, T, J, Q, K, A)")
        return _DECK[SUITS.index(suit) * 13 + rank - 2]

    @property
    def suit_index(self) -> int:
        """0..3 for S, H, D, C."""
        return self.index // 13

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``"10 of hearts"``; used for screen-reader labels."""
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card.from_index, (self.index,))

    def __eq__(self, other):
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __hash__(self):
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str:
        color = "#c62828" if self.suit in "HD" else "inherit"
        return f'<span style="color:{color};font-weight:bold" title="{self.name}">{self._str}</span>'


_DECK = tuple(Card._make(i) for i in range(52))
DECK = _DECK


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters: error messages never echo a huge input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_card(value: Card | str) -> Card:
    """A :class:`Card` from a Card or its code."""
    return value if isinstance(value, Card) else Card.parse(value)


def mask_of(cards) -> Mask:
    """The hand mask of an iterable of cards or codes; duplicates raise ValueError."""
    mask = 0
    for c in cards:
        bit = 1 << to_card(c).index
        if mask & bit:
            raise InvalidCardError(f"{to_card(c)} appears twice")
        mask |= bit
    return mask


def _suit_tables() -> tuple[tuple[tuple[CardIndex, ...], ...], ...]:
    bits13: list[tuple[int, ...]] = [()] * 8192
    for m in range(1, 8192):
        low = m & -m
        bits13[m] = (low.bit_length() - 1,) + bits13[m ^ low]
    return tuple(tuple(tuple(b + 13 * s for b in t) for t in bits13) for s in range(4))


SUIT_CARDS: tuple[tuple[tuple[CardIndex, ...], ...], ...] = _suit_tables()
"""``SUIT_CARDS[suit][m]``: the card indices of the 13-bit mask ``m`` of one suit, ascending."""


def indices(mask: Mask) -> list[CardIndex]:
    """Card indices in ``mask``, ascending."""
    t = SUIT_CARDS
    return [*t[0][mask & ONE_SUIT], *t[1][(mask >> 13) & ONE_SUIT], *t[2][(mask >> 26) & ONE_SUIT], *t[3][mask >> 39]]


def index_tuple(mask: Mask) -> tuple[CardIndex, ...]:
    """Card indices in ``mask``, ascending, as a tuple (the form log entries keep).

    >>> index_tuple(mask_of(["2S", "AS", "2H"]))
    (0, 12, 13)
    """
    t = SUIT_CARDS
    return t[0][mask & ONE_SUIT] + t[1][(mask >> 13) & ONE_SUIT] + t[2][(mask >> 26) & ONE_SUIT] + t[3][mask >> 39]


def cards_of(mask: Mask) -> list[Card]:
    """Cards in ``mask``, by suit (S H D C) then rank."""
    return [_DECK[i] for i in indices(mask)]
