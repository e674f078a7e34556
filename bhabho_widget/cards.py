"""Cards: an immutable :class:`Card` value type and 52-bit hand masks.

A card's *index* is ``suit * 13 + (rank - 2)`` with suits in the order S, H, D, C, so a
hand is an ``int`` whose bit ``index`` is set for each card held.

>>> Card.parse("10H") == Card.parse("TH") == Card.parse("10♥")
True
>>> str(Card.parse("as")), Card.parse("A♠").code
('A♠', 'AS')
"""

from __future__ import annotations

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CODES = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_FROM_CODE = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10}
_RANK_FROM_CODE.update({str(r): r for r in range(2, 10)})

FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


class Card:
    """One playing card. Immutable; equal cards are the same object.

    ``rank`` is 2..14 (ace 14, whatever the rules say about ace order), ``suit`` is one
    of ``"SHDC"``, ``code`` is the notation used in records and messages.
    """

    __slots__ = ("index", "rank", "suit", "code", "_str")

    def __new__(cls, rank: int, suit: str) -> Card:
        if not isinstance(rank, int) or not 2 <= rank <= 14:
            raise ValueError(f"rank must be an integer from 2 to 14 (ace is 14), not {rank!r}")
        if suit not in SUITS or len(suit) != 1:
            raise ValueError(f"suit must be one of S, H, D, C, not {suit!r}")
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
        if not isinstance(index, int) or not 0 <= index < 52:
            raise ValueError(f"card index must be 0..51, not {index!r}")
        return _DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"AS"``, ``"as"``, ``"A♠"``, ``"10H"``, ``"TH"`` or ``"10♥"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like 'AS' or '10♥', not {text!r}")
        s = text.strip().upper()
        if len(s) < 2:
            raise ValueError(f"{text!r} is not a card: write a rank and a suit, like 'AS' or '10♥'")
        rank_part, suit_part = s[:-1], s[-1]
        suit = _SYMBOL_SUITS.get(suit_part, suit_part)
        if suit not in SUITS:
            raise ValueError(f"{text!r} is not a card: {suit_part!r} is not a suit (S, H, D, C or ♠♥♦♣)")
        rank = _RANK_FROM_CODE.get(rank_part)
        if rank is None:
            raise ValueError(
                f"{text!r} is not a card: {rank_part!r} is not a rank (2-10, T, J, Q, K, A)"
            )
        return _DECK[SUITS.index(suit) * 13 + rank - 2]

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


def to_card(value: Card | str) -> Card:
    """A :class:`Card` from a Card or its code."""
    return value if isinstance(value, Card) else Card.parse(value)


def mask_of(cards) -> int:
    """The hand mask of an iterable of cards or codes; duplicates raise ValueError."""
    mask = 0
    for c in cards:
        bit = 1 << to_card(c).index
        if mask & bit:
            raise ValueError(f"{to_card(c)} appears twice")
        mask |= bit
    return mask


def _suit_tables():
    bits13 = [()] * 8192
    for m in range(1, 8192):
        low = m & -m
        bits13[m] = (low.bit_length() - 1,) + bits13[m ^ low]
    return tuple(tuple(tuple(b + 13 * s for b in t) for t in bits13) for s in range(4))


_SUIT_BITS = _suit_tables()  # _SUIT_BITS[suit][13-bit mask] -> card indices


def indices(mask: int) -> list[int]:
    """Card indices in ``mask``, ascending."""
    t = _SUIT_BITS
    return [*t[0][mask & 8191], *t[1][(mask >> 13) & 8191], *t[2][(mask >> 26) & 8191], *t[3][mask >> 39]]


def cards_of(mask: int) -> list[Card]:
    """Cards in ``mask``, by suit (S H D C) then rank."""
    return [_DECK[i] for i in indices(mask)]
