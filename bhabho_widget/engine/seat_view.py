"""What one seat may know: the read-only :class:`SeatView` that bots decide from.

The idea is OpenSpiel's observer: a bot is never given the :class:`~bhabho_widget.engine.game.Game`,
only a frozen record of its own hand, the public state of play and the facts every seat
could work out from what was played in the open (which suits a player has shown it
lacks, which cards a player is known to hold because it picked them up in public). It
cannot reach another hand, by construction.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0)
>>> _ = g.play("QH"); _ = g.play("3H"); _ = g.play("2C")   # seat 2 cannot follow: tochoo
>>> v = g.seat_view(1)
>>> v.shows_void(2, "H"), [str(c) for c in v.known_cards(0)]   # seat 0 picked up in public
(True, ['3♥', 'Q♥', '2♣'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from .cards import DECK, NO_CARD, SUITS, Card, CardIndex, Mask, Seat, cards_of, strength_table
from .errors import RecordError
from .events import LogEntry
from .rules import Rules

__all__ = ["KnowledgeCache", "PublicKnowledge", "SeatView", "read_knowledge"]


@dataclass(frozen=True, slots=True)
class PublicKnowledge:
    """What every seat can work out from the public events of the first ``log_length`` log entries.

    ``voids[s]``: a 4-bit mask of the suits seat s has shown it lacks (by not following)
    and has not been seen to receive since. ``known[s]``: cards seat s picked up in public
    (a trick) and has not played since. ``waste_known``: cards seen going to the waste pile
    and not seen since; the waste pile holds these, less any card drawn and not yet led.
    ``drawer``: the seat that drew a card from the waste pile and must lead it next (rule
    6), or None; everyone sees the draw, only the drawer sees the card.

    Read for one ``viewer`` (:func:`read_knowledge`), ``known`` also holds what that seat
    saw itself: the hand it lost to a take is known in the taker's hand (rule 7), until
    those cards are played or taken on.

    ``passed[s]`` (read with the rules' card strengths): cards seat s passed over, that a
    player who sheds its highest card when safe and ducks as close under the highest card
    as it can would have played instead, had it held them: the cards of the suit stronger
    than the last card of a trick that went to the waste pile, or than a tochoo card, and
    the cards between a card played under the highest one on the table and that highest
    card. It is a hint, not a fact: a player may play otherwise. A take gives the taker
    the cards both seats passed over; picking up the face-down waste pile clears it.
    ``trick_top`` and ``last_follower`` are the trick so far, for reading on.
    ``taken[s]``: the cards of ``known[s]`` that came to s with a hand it took (rule 7), not
    by a pickup.
    """

    log_length: int
    voids: tuple[int, ...]
    known: tuple[Mask, ...]
    waste_known: Mask
    drawer: Seat | None = None
    passed: tuple[Mask, ...] = ()
    trick_top: CardIndex = NO_CARD
    last_follower: Seat | None = None
    taken: tuple[Mask, ...] = ()


_PASS_TABLES: dict[tuple[int, ...], tuple[tuple[Mask, ...], tuple[tuple[Mask, ...], ...]]] = {}


def _pass_tables(strength: Sequence[int]) -> tuple[tuple[Mask, ...], tuple[tuple[Mask, ...], ...]]:
    """For card strengths ``strength``: ``stronger[c]``, the cards of c's suit stronger than c,
    and ``between[low][high]``, the cards of one suit stronger than ``low`` and weaker than ``high``."""
    key = tuple(strength)
    if key not in _PASS_TABLES:
        def suit(c: CardIndex) -> range:
            return range(c // 13 * 13, c // 13 * 13 + 13)

        stronger = tuple(sum(1 << d for d in suit(c) if key[d] > key[c]) for c in range(52))
        between = tuple(tuple(sum(1 << d for d in suit(lo) if key[lo] < key[d] < key[hi]) for hi in range(52))
                        for lo in range(52))
        _PASS_TABLES[key] = (stronger, between)
    return _PASS_TABLES[key]


def read_knowledge(before: PublicKnowledge | None, log: Sequence[LogEntry], num_players: int,
                   viewer: Seat | None = None, strength: Sequence[int] | None = None) -> PublicKnowledge:
    """:class:`PublicKnowledge` after ``log``, continuing from ``before`` (the answer for
    an earlier part of the same log, read for the same ``viewer`` and ``strength``) when
    given. With ``viewer``, also what that seat saw privately: its own hand, when another
    seat took it. With ``strength`` (the rules' card strengths), also the cards each seat
    passed over (``passed``); without it, ``passed`` stays empty."""
    if before is not None and before.log_length == len(log):
        return before
    drawer: Seat | None
    last: Seat | None
    if before is None:
        voids, known, waste, drawer, start = [0] * num_players, [0] * num_players, 0, None, 0
        passed, top, last = [0] * num_players, NO_CARD, None
        taken = [0] * num_players
    else:
        voids, known, waste, drawer = list(before.voids), list(before.known), before.waste_known, before.drawer
        start = before.log_length
        passed, top, last = list(before.passed or [0] * num_players), before.trick_top, before.last_follower
        taken = list(before.taken or [0] * num_players)
    if strength is not None:
        stronger, between = _pass_tables(strength)
    for kind, who, cards, info, private in log[start:]:
        seat: int = who if who is not None else -1
        if kind == "lead":
            drawer = None  # the drawer's forced lead, or any lead after it
        if kind in ("lead", "follow", "discard", "tochoo"):
            if kind in ("discard", "tochoo"):
                voids[seat] |= 1 << info.led_suit
            if cards:
                bit = 1 << cards[0]
                known[seat] &= ~bit
                taken[seat] &= ~bit
                waste &= ~bit
            if strength is not None:
                last = None
                if kind == "lead" and cards:
                    top = cards[0]
                elif kind == "follow" and cards and top != NO_CARD:
                    card = cards[0]
                    if strength[card] < strength[top]:
                        passed[seat] |= between[card][top]
                    else:
                        top = card
                    last = seat
                elif kind == "tochoo" and cards:
                    passed[seat] |= stronger[cards[0]]
        elif kind == "pickup":
            top = NO_CARD
            if private is None:  # the trick, in public: its suits are no longer voids
                for c in cards:
                    known[seat] |= 1 << c
                    voids[seat] &= ~(1 << (c // 13))
            else:  # the face-down waste pile: cards of any suit, not shown
                voids[seat] = 0
                waste = 0
                passed[seat] = 0
        elif kind == "waste":
            for c in cards:
                waste |= 1 << c
            if strength is not None and last is not None and cards:
                passed[last] |= stronger[cards[-1]]  # the trick's last card, shed in safety
            top, last = NO_CARD, None
        elif kind == "draw":
            voids[seat] = 0
            drawer = seat
        elif kind == "take":
            target = info.target
            known[seat] |= known[target]
            taken[seat] |= known[target]
            if viewer is not None and target == viewer:  # the viewer saw its own hand go to the taker
                for c in cards:
                    known[seat] |= 1 << c
                    taken[seat] |= 1 << c
            known[target] = 0
            taken[target] = 0
            voids[seat] &= voids[target]
            voids[target] = 0
            passed[seat] &= passed[target]
            passed[target] = 0
            if target == drawer:  # the taker has the power now and leads what it likes (rule 7)
                drawer = None
    return PublicKnowledge(len(log), tuple(voids), tuple(known), waste, drawer,
                           tuple(passed) if strength is not None else (), top, last, tuple(taken))


class KnowledgeCache:
    """The observer of one game: what each viewing seat has read from the game's log so far
    (:func:`read_knowledge`), kept between views so that the next view reads only the
    entries logged since. Its entries are immutable; a copied game copies the cache, an
    undone step forgets what was read of the log it takes back."""

    __slots__ = ("_by_seat",)

    def __init__(self, by_seat: dict[Seat, PublicKnowledge] | None = None) -> None:
        self._by_seat: dict[Seat, PublicKnowledge] = {} if by_seat is None else by_seat

    def read(self, log: Sequence[LogEntry], num_players: int, seat: Seat, strength: Sequence[int]) -> PublicKnowledge:
        """What ``seat`` knows after ``log`` (read with the rules' card ``strength``), from where it last read."""
        know = read_knowledge(self._by_seat.get(seat), log, num_players, seat, strength)
        self._by_seat[seat] = know
        return know

    def forget_after(self, log_length: int) -> None:
        """Forget what was read beyond the first ``log_length`` entries (the log was cut back)."""
        if self._by_seat:
            self._by_seat = {s: k for s, k in self._by_seat.items() if k.log_length <= log_length}

    def copy(self) -> KnowledgeCache:
        return KnowledgeCache(dict(self._by_seat))


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything seat ``seat`` may know at one moment. Masks are 52-bit card sets (see
    :mod:`.cards`); ``table`` holds card indices in play order, played by ``trick_order``.

    ``known[s]`` is the cards seat s is known to hold (its whole hand for this seat);
    ``voids[s]`` the suits s has shown it lacks; ``legal`` the cards this seat may play
    now (0 unless it is its turn); ``drawn`` the card it drew and must lead, if any;
    ``drawer`` the seat (this one or another) that drew a card and must lead it next, if any;
    ``passed[s]`` the cards s passed over by how it played (a hint, see :class:`PublicKnowledge`);
    ``taken[s]`` the cards of ``known[s]`` that came to s with a hand it took (the rest it
    picked up in public).
    """

    seat: Seat
    num_players: int
    names: tuple[str, ...]
    rules: Rules
    hand: Mask
    hand_sizes: tuple[int, ...]
    table: tuple[CardIndex, ...]
    trick_order: tuple[Seat, ...]
    led_suit: int
    leader: Seat | None
    current_player: Seat | None
    trick_number: int
    opening: bool
    waste_size: int
    escaped: tuple[Seat, ...]
    is_over: bool
    loser: Seat | None
    stalemate: bool
    legal: Mask
    can_take: bool
    take_target: Seat | None
    voids: tuple[int, ...]
    known: tuple[Mask, ...]
    waste_known: Mask
    drawn: CardIndex = NO_CARD
    drawer: Seat | None = None
    passed: tuple[Mask, ...] = ()
    taken: tuple[Mask, ...] = ()

    @property
    def strength(self) -> tuple[int, ...]:
        """Card strengths under these rules (rule 1; ace low in that variant)."""
        return strength_table(self.rules.ace)

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.seat and not self.is_over

    @property
    def legal_cards(self) -> list[Card]:
        return cards_of(self.legal)

    @property
    def holders(self) -> list[Seat]:
        """Seats holding cards, in seat order."""
        return [s for s, k in enumerate(self.hand_sizes) if k]

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-safe data (a seat's knowledge sent from a table server to the seat's
        own kernel): every field, the rules as :meth:`Rules.to_dict` gives them.

        >>> from bhabho_widget import Game
        >>> v = Game.deal(4, seed=1).seat_view(2)
        >>> SeatView.from_dict(v.to_dict()) == v
        True
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, Rules) else list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> SeatView:
        """The view of :meth:`to_dict`'s data; a :class:`RecordError` when it is not one."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise RecordError("a seat's view must be an object with exactly the fields of SeatView")
        try:
            values: dict[str, Any] = {}
            for f in fields(cls):
                value = data[f.name]
                if f.name == "rules":
                    value = Rules.from_dict(value)
                elif isinstance(value, list):
                    if not all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in value):
                        raise TypeError(f.name)
                    value = tuple(value)
                elif value is not None and not isinstance(value, (int, str)):
                    raise TypeError(f.name)
                values[f.name] = value
            return cls(**values)
        except (TypeError, ValueError) as err:
            raise RecordError(f"a seat's view has a bad field: {str(err)[:60]}") from None

    def holders_from(self, seat: Seat) -> list[Seat]:
        """Seats holding cards in play order starting with ``seat``."""
        n, step = self.num_players, self.rules.step
        return [s for s in ((seat + k * step) % n for k in range(n)) if self.hand_sizes[s]]

    def next_holder(self, seat: Seat) -> Seat | None:
        """The next seat after ``seat`` in play order that holds cards."""
        n, step = self.num_players, self.rules.step
        return next((s for s in ((seat + k * step) % n for k in range(1, n)) if self.hand_sizes[s]), None)

    def shows_void(self, seat: Seat, suit: str) -> bool:
        """True when ``seat`` has shown it holds no card of ``suit`` ("S", "H", "D", "C")."""
        return bool(self.voids[seat] >> SUITS.index(suit) & 1)

    def known_cards(self, seat: Seat) -> list[Card]:
        return cards_of(self.known[seat])

    @property
    def table_cards(self) -> list[tuple[Seat, Card]]:
        return [(s, DECK[i]) for s, i in zip(self.trick_order, self.table)]

    @property
    def unseen(self) -> Mask:
        """Cards this seat cannot place: not in its hand, not on the table, not known to be
        in another hand and not seen going to the waste pile."""
        placed = self.hand | sum(1 << i for i in self.table) | self.waste_known
        for s, m in enumerate(self.known):
            if s != self.seat:
                placed |= m
        return ((1 << 52) - 1) & ~placed
