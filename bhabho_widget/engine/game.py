"""The Bhabho rules engine: :class:`Game` plays one round exactly as ``docs/rules.md`` says.

State is small and cheap to copy: each hand is a 52-bit mask (see :mod:`.cards`), the
trick is a list of card indices and a tuple of seats, the waste pile is a mask. Every
play or take pushes an undo record, so :meth:`Game.undo` restores the exact state. The
only chance events are the deal and the draws from the waste pile; both come from the
game's ``seed``, so a game replays exactly from its record (:mod:`.records`).

Where each rule lives: which cards may be played is :func:`.legal.legal_mask`; the
opening trick is :meth:`Game._set_up_opening`; a lead and a follow are :meth:`Game._lead`
and :meth:`Game._follow`; a tochoo's pickup is :meth:`Game._pick_up`, a clean trick
:meth:`Game._end_clean_trick`; escapes :meth:`Game._mark_escapes`; the power without
cards (the draw) :meth:`Game._power_without_cards`; takes :meth:`Game.take`; the end
:meth:`Game._finish`; stalemates :meth:`Game._count_position`.

Beside the round: the records of its state (how it began, the state of play) are
:mod:`.state`, and :meth:`Game.from_state` builds a game from a complete state; the draw
is :mod:`.draw`; what a seat may know is :mod:`.seat_view`; a game as JSON, as position
text and as a static picture are :mod:`.records`, :mod:`.position` and :mod:`.html`, which
:meth:`Game.to_json`, :meth:`Game.position` and the notebook's picture call.

>>> g = Game.deal(4, seed=0)
>>> g.current_player, [str(c) for c in g.legal_cards()]
(2, ['A♠'])
>>> events = g.play("AS")
>>> events[0].text
'Player 2 holds A♠ and must lead it: the opening trick begins.'
>>> events[0].describe(viewer=2)
'You hold A♠ and must lead it: the opening trick begins.'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator, Sequence
from math import floor
from typing import NamedTuple

from ..i18n import N_, Addressed, Message, SeatName
from .cards import (
    DECK,
    NO_CARD,
    NO_SUIT,
    ONE_SUIT,
    SPADES_AND_HEARTS,
    SUIT_CARDS,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardIndex,
    Mask,
    Seat,
    _short,
    cards_of,
    index_tuple,
    indices,
    mask_of,
    strength_table,
    to_card,
)
from .draw import draw
from .errors import EndlessGameError, IllegalMoveError, InvalidMoveError
from .events import DiscardInfo, EscapeInfo, Event, LogEntry, TakeInfo, TochooInfo, WasteInfo
from .html import game_html
from .legal import legal_mask
from .move import MAX_SEATS, Move
from .position import format_position, parse_position
from .records import game_from_json, game_to_json
from .rules import Rules, rules_from, seat_circles, seat_rings
from .seat_view import KnowledgeCache, SeatView
from .state import STALEMATE_REPEATS, FinishedTrick, GameState, PositionCounts, StartPosition

MAX_SEED = 2**63 - 1
"""The largest seed: a seed is a whole number from 0 to 2**63 - 1."""
MAX_MOVES = 20_000
"""A safety net only: with rule 10 (stalemate) every game ends long before this many plays."""
NO_SEAT: Seat = -1

_new = tuple.__new__  # makes a NamedTuple without its Python-level __new__: for the play path
_ONE = tuple((i,) for i in range(52))
_BIT = tuple(1 << i for i in range(52))
_bit = list(_BIT).__getitem__  # card -> bit, for map(); a list's method is the quicker call
_SUIT = tuple(i // 13 for i in range(52))
# the log entries of plain leads and follows, shared by all games: _LEADS[seat][card]
_LEADS = tuple(tuple(LogEntry("lead", s, _ONE[i], None, None) for i in range(52)) for s in range(8))
_FOLLOWS = tuple(tuple(LogEntry("follow", s, _ONE[i], None, None) for i in range(52)) for s in range(8))
_ESCAPE_EMPTY = EscapeInfo("empty", None)
# the info records of trick-ending log entries, made once so that a play only looks one up:
# _TOCHOO_INFO[high_card][picker][cards_on_table] (alone: 2 cards on the table, the lead and the tochoo),
# _FORCED_PICKUP_INFO[led_suit][picker][cards_on_table] (pick-up form: no high card),
# _WASTE_INFO[winner_card][lowest][opening][discards]
_TOCHOO_INFO = tuple(tuple(tuple(_new(TochooInfo, (h // 13, p, h, n, n == 2)) for n in range(9)) for p in range(8))
                     for h in range(52))
_FORCED_PICKUP_INFO = tuple(tuple(tuple(_new(TochooInfo, (suit, p, None, n, False)) for n in range(9)) for p in range(8))
                            for suit in range(4))
_WASTE_INFO = tuple(tuple(tuple(tuple(_new(WasteInfo, (c // 13, "lowest" if lowest else "highest", c, opening, discards))
                                      for discards in (False, True)) for opening in (False, True))
                          for lowest in (False, True)) for c in range(52))


@functools.cache
def _card_index(code: str) -> CardIndex:
    """The index of the card with this code (for the rules' opening card)."""
    return Card.parse(code).index


def _extremes(strength: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two tables for the 13-bit masks of cards of one suit: the offset in the suit of the
    strongest card of each mask, and of the weakest."""
    high, low = [-1], [-1]  # the empty mask has neither
    for o in range(13):
        if all(strength[o] > strength[p] for p in range(o)):
            high += [o] * len(high)
            low += [o, *low[1:]]
        else:
            high += [o, *high[1:]]
            low += [o] * len(low)
    return tuple(high), tuple(low)


@functools.cache
def _extremes_for(ace: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return _extremes(strength_table(ace))


# Fisher-Yates steps for 52 cards: (position, number of choices, random bits to draw)
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffled_deck(seed: int) -> list[CardIndex]:
    """Rule 2: the 52 card indices shuffled by a Mersenne Twister seeded with ``seed``.

    The same Fisher-Yates shuffle with rejection sampling as ``random.shuffle``, written
    out so that the deal from a seed is fixed by this code, not by the Python version.
    """
    deck = list(range(52))
    bits = random.Random(seed).getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@functools.cache
def default_names(n: int) -> tuple[str, ...]:
    return tuple(f"Player {s}" for s in range(n))


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer from {low} to {high}, not {value!r}"[:160])
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value!r}")
    return value


class _BoardState(NamedTuple):
    """The undo record of a take, or of a play that ends a trick or leads a card other than
    the one it must: everything the action may change, then the action itself.

    (A play that leaves the trick going on needs less: its own :class:`LogEntry` is its
    undo record; see :meth:`Game.undo`.)
    """

    hands: tuple[Mask, ...]
    table: tuple[CardIndex, ...]
    waste: Mask
    leader: Seat | None
    order: tuple[Seat, ...]
    stop: int
    opening: bool
    trick: int
    escaped: tuple[Seat, ...]
    draws: int
    forced: CardIndex
    log_length: int
    positions_length: int
    card: CardIndex  # the card played, or NO_CARD for a take
    taker: Seat  # the seat that took, or NO_SEAT for a play

    @property
    def actor(self) -> Seat:
        if self.taker != NO_SEAT:
            return self.taker
        return self.order[len(self.table)] if self.table else self.leader  # type: ignore[return-value]

    def restore(self, g: Game) -> None:
        g._hands[:] = self.hands
        g._table[:] = self.table
        g._waste = self.waste
        g._leader = self.leader
        g._order = self.order
        g._stop = self.stop
        g._opening = self.opening
        g._trick = self.trick
        g._escaped = self.escaped
        g._draws = self.draws
        g._forced = self.forced
        g._led = _SUIT[self.table[0]] if self.table else NO_SUIT
        g._current = self.order[len(self.table)] if self.table else self.leader
        g._over = g._stalemate = False  # plays and takes happen only before the end
        g._loser = None
        del g._log[self.log_length:]
        keys = g._position_keys
        while len(keys) > self.positions_length:
            key = keys.pop()
            left = g._positions[key] - 1
            if left:
                g._positions[key] = left
            else:
                del g._positions[key]


_UndoRecord = _BoardState | LogEntry
_PLAY_MOVES = tuple(Move.from_index(i) for i in range(52))
_TAKE_MOVES = tuple(Move.take(s) for s in range(MAX_SEATS))


class Game:
    """One round of Bhabho. Make one with :meth:`deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules", "num_players", "names", "seed", "dealer", "_step", "_strength",
        "_hands", "_table", "_led", "_waste", "_leader", "_current",
        "_order", "_stop", "_opening", "_opening_lead", "_trick", "_escaped", "_over", "_loser", "_stalemate",
        "_draws", "_forced", "_log", "_ev", "_history", "_start", "_rings", "_circle", "_discard",
        "_pickup_form", "_lowest", "_whole_pile", "_strongest", "_weakest", "_emptied",
        "_positions", "_position_keys", "_knowledge",
    )
    rules: Rules
    num_players: int
    names: tuple[str, ...]
    seed: int
    dealer: Seat | None
    _step: int
    _strength: tuple[int, ...]
    _hands: list[Mask]
    _table: list[CardIndex]
    _led: int
    _waste: Mask
    _leader: Seat | None
    _current: Seat | None
    _order: tuple[Seat, ...]
    _stop: int
    _opening: bool
    _opening_lead: CardIndex
    _trick: int
    _escaped: tuple[Seat, ...]
    _over: bool
    _loser: Seat | None
    _stalemate: bool
    _draws: int
    _forced: CardIndex
    _log: list[LogEntry]
    _ev: list[Event]
    _history: list[_BoardState | LogEntry]
    _start: StartPosition
    _rings: tuple[tuple[Seat, ...], ...]
    _circle: tuple[tuple[Seat, ...], ...]
    _discard: bool
    _pickup_form: bool
    _lowest: bool
    _whole_pile: bool
    _strongest: tuple[int, ...]
    _weakest: tuple[int, ...]
    _emptied: bool
    _positions: dict[tuple[Seat | None | Mask, ...], int]
    _position_keys: list[tuple[Seat | None | Mask, ...]]
    _knowledge: KnowledgeCache  # what each viewing seat has read of the log, kept between views

    # ------------------------------------------------------------------ creation
    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("make a game with Game.deal(...) or Game.from_hands(...)")

    @classmethod
    def _blank(cls, num_players: int, rules: Rules | str, seed: int | None, names: Sequence[str] | None) -> Game:
        rules = rules_from(rules)
        if rules.teams and (num_players < 4 or num_players % 2):
            raise ValueError(f"the teams variant needs an even number of players, at least 4, not {num_players}")
        g = object.__new__(cls)
        g.rules = rules
        g.num_players = num_players
        if names is None:
            names = default_names(num_players)
        else:
            if isinstance(names, str) or not isinstance(names, Sequence):
                raise TypeError(f"names must be a list of {num_players} names, not {names!r}"[:160])
            names = tuple(names)
            if len(names) != num_players or not all(isinstance(x, str) and x.strip() for x in names):
                raise ValueError(f"names must be {num_players} non-empty strings, one per seat")
            if any(len(x) > 40 for x in names):
                raise ValueError("a name may have at most 40 characters")
        g.names = names
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer or None, not {seed!r}"[:160])
        g.seed = seed
        g.dealer = None
        g._step = step = rules.step
        g._rings = seat_rings(num_players, step)
        g._circle = seat_circles(num_players, step)
        g._discard = rules.off_suit == "discard"
        g._pickup_form = rules.picker == "offsuit_player"
        g._lowest = rules.next_leader == "lowest"
        g._whole_pile = rules.pickup == "trick_and_waste"
        g._emptied = False  # a hand became empty in the trick on the table (see _after_trick)
        g._strength = strength_table(rules.ace)
        g._strongest, g._weakest = _extremes_for(rules.ace)
        g._table = []
        g._led = NO_SUIT
        g._waste = 0
        g._order = ()
        g._stop = 0  # the place in _order of the trick's last player (see _lead)
        g._opening = False
        g._opening_lead = NO_CARD
        g._trick = 1
        g._escaped = ()
        g._over = False
        g._loser = None
        g._stalemate = False
        g._draws = 0
        g._forced = NO_CARD
        g._log = []  # LogEntry per step
        g._ev = []  # Event objects for the first len(_ev) entries, made when asked for
        g._history = []  # one undo record per play or take (see undo)
        g._positions = {}  # rule 10: how often each position came round
        g._position_keys = []  # the positions counted, in order, for undo
        g._knowledge = KnowledgeCache()  # public knowledge read from the log so far (see seat_view)
        return g

    @classmethod
    def deal(cls, num_players: int, seed: int | None = None, rules: Rules | str = Rules(),
             dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        """Shuffle with ``seed`` and deal the whole pack, starting after ``dealer`` in play
        order (rule 2). ``rules`` is a :class:`Rules` or a preset name such as ``"get away"``."""
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise TypeError(f"num_players must be an integer: a game has 3 to 8 players, not {num_players!r}"[:160])
        if not 3 <= num_players <= 8:
            raise ValueError(f"a game has 3 to 8 players, not {num_players!r}")
        _check_int("dealer", dealer, 0, num_players - 1)
        if seed is not None:
            _check_int("seed", seed, 0, MAX_SEED)  # as a table checks it: -1 would shuffle like 1
        g = cls._blank(num_players, rules, seed, names)
        g.dealer = dealer
        deck = shuffled_deck(g.seed)
        hands = [0] * num_players
        log = g._log
        for k, seat in enumerate(g._rings[dealer]):  # card k goes to the k-th seat after the dealer
            hands[seat] = sum(map(_bit, deck[k::num_players]))
        hands[dealer] = sum(map(_bit, deck[num_players - 1::num_players]))
        for seat in (*g._rings[dealer], dealer):
            log.append(_new(LogEntry, ("deal", seat, index_tuple(hands[seat]), None, (seat,))))
        g._hands = hands
        g._start = _new(StartPosition, (tuple(hands), None, 0, dealer, None))
        g._set_up_opening()
        g._count_position()
        return g

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card | str]], rules: Rules | str = Rules(),
                   leader: int | None = None, waste: Sequence[Card | str] = (),
                   seed: int | None = None, names: Sequence[str] | None = None) -> Game:
        """A custom position: ``hands[seat]`` is a list of cards (Card or code).

        ``leader=None`` starts with the opening trick (rule 3); ``leader=seat`` starts with
        an ordinary trick led by that seat, with ``waste`` as the waste pile.
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise TypeError("hands must be a list with one list of cards per seat")
        if not 2 <= len(hands) <= 8:
            raise ValueError(f"a position has 2 to 8 players (one list of cards each), not {len(hands)}")
        g = cls._blank(len(hands), rules, seed, names)
        seen = 0
        masks = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, (Sequence, set, frozenset)):
                raise TypeError(f"hands[{seat}] must be a list of cards, not {hand!r}"[:160])
            m = mask_of(hand)
            if m & seen:
                raise ValueError(f"{', '.join(str(c) for c in cards_of(m & seen))} dealt twice")
            seen |= m
            masks.append(m)
        if isinstance(waste, str):
            raise TypeError("waste must be a list of cards")
        waste_mask = mask_of(waste)
        if waste_mask & seen:
            raise ValueError(f"{', '.join(str(c) for c in cards_of(waste_mask & seen))} both in a hand and in the waste pile")
        if sum(1 for m in masks if m) < 2:
            raise ValueError("a position needs at least 2 players holding cards")
        g._hands = masks
        if leader is None:
            if waste_mask:
                raise ValueError("a waste pile needs a leader: the opening trick starts with an empty pile")
            g._set_up_opening()
        else:
            _check_int("leader", leader, 0, g.num_players - 1)
            if not masks[leader]:
                raise ValueError(f"the leader, seat {leader}, holds no cards")
            g._leader = g._current = leader
            g._waste = waste_mask
        g._start = StartPosition(tuple(masks), leader, waste_mask, None)
        g._count_position()
        return g

    @classmethod
    def from_state(cls, state: GameState, rules: Rules | str = Rules(), names: Sequence[str] | None = None, *,
                   start: StartPosition | None = None, events: Sequence[Event] = ()) -> Game:
        """The game in the complete state of play ``state`` (a :class:`GameState`, as
        :meth:`state` gives it), under ``rules``: like a chess board set up from FEN, it plays
        on exactly as a game in that state would, with the same legal cards and takes, the
        same draws from the waste pile (``state.seed`` and ``state.draws``) and the same
        stalemates (``state.positions``, rule 10).

        The state is taken as it is given, not checked against the rules: it is for code
        that holds a whole state (the search bots' deals, :mod:`.position`), not for people
        (:meth:`from_position` checks every part of a text). Two fields are worked out from
        the others rather than read: ``stop`` (where the trick on the table ends, from the
        rules and the hands) and the waste pile of each key of ``state.positions`` (the
        cards no hand holds). ``start`` is what :attr:`start` reports (by default the hands,
        the leader and the waste pile of ``state``); ``events``, the events so far, are kept
        as the new game's own (what :meth:`seat_view` reads). The game has no undo history.

        >>> g = Game.deal(4, seed=3)
        >>> _ = g.play("AS")
        >>> h = Game.from_state(g.state(), g.rules, events=g.events)
        >>> h.state_key() == g.state_key(), h.seat_view(1) == g.seat_view(1)
        (True, True)
        >>> h.playout(rng=1); g.playout(rng=1)
        >>> h.moves == g.moves[1:] and h.loser == g.loser
        True
        """
        hands, table, order = list(state.hands), list(state.table), tuple(state.trick_order)
        g = cls._blank(len(hands), rules, state.seed, names)
        g._hands = hands
        g._waste = state.waste
        g._table = table
        g._led = state.led_suit
        g._leader = state.leader
        g._current = state.current_player
        g._opening = state.opening
        g._opening_lead = state.opening_card
        g._forced = state.forced
        g._trick = state.trick
        g._escaped = tuple(state.escaped)
        g._draws = state.draws
        g._over = state.is_over
        g._loser = state.loser
        g._stalemate = state.stalemate
        if table:
            g._order = order
            stop = len(order) - 1
            if g._pickup_form and not state.opening:  # the trick stops before the first who cannot follow
                mask = SUIT_MASKS[state.led_suit]
                for p in range(len(table), len(order)):
                    if not hands[order[p]] & mask:
                        stop = p - 1
                        break
            g._stop = stop
            g._emptied = any(not hands[s] for s in order[:len(table)])
        g._positions = {(leader, *key_hands): n for (key_hands, leader, _), n in state.positions.items()}
        g._position_keys = list(g._positions)
        g._start = start if start is not None else StartPosition(tuple(hands), state.leader, state.waste, None)
        if events:
            g._log = [LogEntry(e.kind, e.seat, e.card_indices, e.info, e.private) for e in events]
        return g

    def _set_up_opening(self) -> None:
        """Rule 3: the opening card leads; without it the strongest card of its suit; with
        no card of that suit, no opening trick (the first seat holding cards leads)."""
        o = _card_index(self.rules.opening_card)
        holder = self._holder_of(o)
        if holder is None:
            suit_mask = SUIT_MASKS[o // 13]
            best: tuple[Seat, CardIndex] | None = None
            for s in range(self.num_players):
                for i in indices(self._hands[s] & suit_mask):
                    if best is None or self._strength[i] > self._strength[best[1]]:
                        best = (s, i)
            if best is not None:
                holder, o = best
        if holder is None:
            first = next(self._seats_from(0))
            self._leader = self._current = first
            return
        self._opening = True
        self._opening_lead = o
        self._leader = self._current = holder

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> Seat | None:
        """The seat to play, or None when the game is over."""
        return self._current

    @property
    def leader(self) -> Seat | None:
        """The seat with the power: it leads the next trick."""
        return self._leader

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def loser(self) -> Seat | None:
        """The bhabhi: the last seat holding cards, or None (nobody lost, or a stalemate)."""
        return self._loser

    @property
    def is_stalemate(self) -> bool:
        """True when the round ended in a stalemate (rule 10): nobody is the bhabhi."""
        return self._stalemate

    @property
    def losing_team(self) -> tuple[Seat, Seat] | None:
        """In the teams variant, the bhabhi and partner (seat i and i + n/2)."""
        if not self.rules.teams or self._loser is None:
            return None
        half = self.num_players // 2
        a, b = sorted((self._loser, (self._loser + half) % self.num_players))
        return (a, b)

    @property
    def trick_number(self) -> int:
        """The number of the trick being played or about to be led; 1 is the first."""
        return self._trick

    @property
    def is_opening_trick(self) -> bool:
        """True while the opening trick (rule 3) is being played or about to be led."""
        return self._opening

    @property
    def table(self) -> list[tuple[Seat, Card]]:
        """The current trick: ``[(seat, Card), ...]`` in play order."""
        return [(s, DECK[i]) for s, i in zip(self._order, self._table)]

    @property
    def trick_order(self) -> tuple[Seat, ...]:
        """The seats of the trick on the table in play order, from its leader (empty between tricks)."""
        return self._order if self._table else ()

    @property
    def led_suit(self) -> str | None:
        return SUITS[self._led] if self._led >= 0 else None

    @property
    def waste_size(self) -> int:
        return self._waste.bit_count()

    @property
    def escaped(self) -> list[Seat]:
        """Seats that escaped, in the order they escaped."""
        return list(self._escaped)

    @property
    def start(self) -> StartPosition:
        """How this game began (for records and replays)."""
        return self._start

    @property
    def events(self) -> list[Event]:
        """Every :class:`~bhabho_widget.engine.events.Event` so far."""
        return self._events_between(0)

    @property
    def event_count(self) -> int:
        return len(self._log)

    def events_since(self, start: int) -> list[Event]:
        """The events from number ``start`` on (``events[start:]`` without copying the rest)."""
        return self._events_between(start)

    def _events_between(self, start: int, stop: int | None = None) -> list[Event]:
        log, ev = self._log, self._ev
        if stop is None:
            stop = len(log)
        if len(ev) < stop:
            names = self.names
            ev.extend([Event(k, s, c, info, names, p) for k, s, c, info, p in log[len(ev):stop]])
        return ev[start:stop]

    @property
    def draw_card(self) -> Card | None:
        """The card the power holder drew and must lead, if any."""
        return DECK[self._forced] if self._forced >= 0 else None

    def drawn_cards(self) -> list[Card]:
        """Every card drawn from the waste pile so far, in order (rule 6)."""
        return [DECK[e.cards[0]] for e in self._log if e.kind == "draw"]

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, by suit (S H D C) then rank."""
        return cards_of(self._hands[self._seat(seat)])

    def hand_mask(self, seat: int) -> Mask:
        """The cards ``seat`` holds, as a mask."""
        return self._hands[self._seat(seat)]

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self._hands]

    def holders(self) -> list[Seat]:
        """Seats still holding cards, in seat order."""
        return [s for s in range(self.num_players) if self._hands[s]]

    def holders_from(self, seat: int) -> list[Seat]:
        """Seats holding cards, in play order starting with ``seat`` (included if it holds cards)."""
        return list(self._seats_from(self._seat(seat)))

    def next_holder(self, seat: int) -> Seat | None:
        """The next seat after ``seat`` in play order that holds cards."""
        seat = self._seat(seat)
        for s in self._rings[seat]:
            if self._hands[s]:
                return s
        return None

    def legal_cards(self) -> list[Card]:
        """The cards the current player may play, sorted."""
        return cards_of(self.legal_mask())

    def legal_mask(self) -> Mask:
        """The legal cards as a hand mask (bit ``card.index``), from :func:`.legal.legal_mask`."""
        if self._over:
            return 0
        if self._table:
            return legal_mask(self._hands[self._current], self._led, NO_CARD)  # type: ignore[index]
        return legal_mask(self._hands[self._current], NO_SUIT, self._required_lead())  # type: ignore[index]

    def _required_lead(self) -> CardIndex:
        """The card the next lead must be (rules 3 and 6), or NO_CARD."""
        return self._opening_lead if self._opening else self._forced

    def legal_takes(self) -> list[Seat]:
        """Seats that may take the next player's hand now (rule 7)."""
        if self.take_refusal() is not None:
            return []
        return [s for s in range(self.num_players) if self._hands[s]]

    def take_refusal(self) -> str | None:
        """Why no hand may be taken now (rule 7), or None when takes are allowed."""
        if self._over:
            return Message("the game is over")
        if not self.rules.take_from_left:
            return Message("taking the next player's hand is off in these rules (take_from_left=False)")
        if self._opening:
            return Message("no hand may be taken before the opening trick or during it (rule 7)")
        if self._table:
            return Message("a hand may only be taken between tricks, while the table is empty (rule 7)")
        return None

    # ------------------------------------------------------------------ actions
    def play(self, card: Card | str | Move, seat: int | None = None, viewer: int | None = None) -> list[Event]:
        """The current player plays ``card`` (a Card, its code or a card's :class:`Move`);
        returns the events it caused.

        With ``seat``, the play is refused unless it is that seat's turn. A string that is
        not a card raises :class:`InvalidCardError`; a card the rules do not allow now,
        :class:`IllegalMoveError` (addressing ``viewer``, if given, as "you"). Either way
        nothing changes.
        """
        if isinstance(card, Move):
            if card.card is None:
                raise InvalidMoveError(f"{card} is a take, not a card to play: make it with take() or push()")
            card = card.card
        c = to_card(card)
        if seat is not None and not self._over:
            seat = self._seat(seat)
            if seat != self._current:
                raise IllegalMoveError(self._say(seat, viewer, N_("it is {current}'s turn, not {name}'s (rule 9: no playing "
                                                                  "out of turn)"),
                                                 N_("it is {current}'s turn, not yours (rule 9: no playing out of turn)"),
                                                 current=SeatName(self.names[self._current], self._current)))  # type: ignore[index,arg-type]
        start = len(self._log)
        self._play(c.index, viewer)
        return self._events_between(start)

    def play_index(self, index: CardIndex) -> list[Event]:
        """Play the card with this index (see :mod:`.cards`): the fast form of :meth:`play`."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise IllegalMoveError(f"card index must be 0..51, not {index!r}")
        start = len(self._log)
        self._play(index)
        return self._events_between(start)

    def _play(self, i: CardIndex, viewer: Seat | None = None) -> None:
        """Play card ``i`` for the current player if :func:`.legal.legal_mask` allows it."""
        if self._over:
            raise IllegalMoveError(self._refusal(i, viewer))
        if self._table:
            if not legal_mask(self._hands[self._current], self._led, NO_CARD) >> i & 1:  # type: ignore[index]
                raise IllegalMoveError(self._refusal(i, viewer))
            self._follow(i)
        else:
            if not legal_mask(self._hands[self._current], NO_SUIT, self._required_lead()) >> i & 1:  # type: ignore[index]
                raise IllegalMoveError(self._refusal(i, viewer))
            self._lead(i)

    def _say(self, seat: Seat, viewer: Seat | None, third: str, second: str, **values: object) -> Message:
        """``third`` about ``seat`` ({name}), or ``second`` when ``seat`` is the viewer, as a
        :class:`~bhabho_widget.i18n.Message` (English text that a table can translate). Without
        a viewer, the sentence takes the person of whoever reads it
        (:class:`~bhabho_widget.i18n.Addressed`): "you hold" where that seat reads as "You"."""
        if seat == viewer:
            return Message(second, **values)
        return Addressed(third, second, SeatName(self.names[seat], seat), **values)

    def _refusal(self, i: CardIndex, viewer: Seat | None = None) -> Message:
        """Rule 9: why the current player may not play card ``i`` (see :func:`.legal.legal_mask`)."""
        if self._over:
            return Message("the game is over: no more plays")
        seat: Seat = self._current  # type: ignore[assignment]
        card = DECK[i]
        if not self._hands[seat] >> i & 1:
            # one refusal wherever the card is (another hand, the waste pile, the table): it
            # must not tell the viewer where a card they cannot see is
            return self._say(seat, viewer, N_("{name} does not hold {card} (rule 9)"), N_("you do not hold {card} (rule 9)"),
                             card=card)
        if not self._table:
            if self._opening:
                return self._say(seat, viewer, N_("{name} must open the game with {card} (rule 3)"),
                                 N_("you must open the game with {card} (rule 3)"), card=DECK[self._opening_lead])
            return self._say(seat, viewer, N_("{name} must lead {card}, the card drawn from the waste pile (rule 6)"),
                             N_("you must lead {card}, the card drawn from the waste pile (rule 6)"), card=DECK[self._forced])
        sym = SUIT_SYMBOLS[SUITS[self._led]]
        if self._opening:
            return self._say(seat, viewer, N_("{name} holds {suit} and must follow suit in the opening trick (rule 3): "
                                              "{card} is not {suit}"),
                             N_("you hold {suit} and must follow suit in the opening trick (rule 3): {card} is not {suit}"),
                             suit=sym, card=card)
        return self._say(seat, viewer, N_("{name} holds {suit} and must follow suit (rule 4): {card} is not {suit}"),
                         N_("you hold {suit} and must follow suit (rule 4): {card} is not {suit}"), suit=sym, card=card)

    def _lead(self, i: CardIndex) -> None:
        """The current player leads card ``i`` (legal). In the pick-up form the trick's last
        player is the one before the first who cannot follow: that one picks up (rule 4)."""
        seat: Seat = self._current  # type: ignore[assignment]
        hands = self._hands
        suit = _SUIT[i]
        order = self._circle[seat] if 0 not in hands else (seat, *filter(hands.__getitem__, self._rings[seat]))
        stop = len(order) - 1  # the place in the order of the last player of the trick
        opening = self._opening
        if self._pickup_form and not opening:
            mask = SUIT_MASKS[suit]
            for p in range(1, len(order)):
                if not hands[order[p]] & mask:
                    stop = p - 1
                    break
        forced = self._forced
        # a board state for undo if the lead ends the trick or is not the drawn card it must be
        board = not stop or 0 <= forced != i
        if board:
            self._history.append(self._board_state(i, NO_SEAT))
        hand = hands[seat] ^ _BIT[i]
        hands[seat] = hand
        if not hand:
            self._emptied = True
        self._table.append(i)
        self._led = suit
        self._order = order
        self._stop = stop
        if forced < 0 and not opening:
            entry = _LEADS[seat][i]
        else:
            self._forced = NO_CARD
            entry = _new(LogEntry, ("lead", seat, _ONE[i], "opening" if opening else ("drawn" if i == forced else None), None))
        self._log.append(entry)
        if not board:
            self._history.append(entry)
        if stop:
            self._current = order[1]
        elif len(order) < 2:
            self._end_clean_trick(_BIT[i])
        else:  # pick-up form: the next player cannot follow and picks up the lead
            nxt = self._current = order[1]
            self._log.append(_new(LogEntry, ("tochoo", nxt, (), _FORCED_PICKUP_INFO[suit][nxt][1], None)))
            self._pick_up(nxt, _BIT[i])

    def _follow(self, i: CardIndex) -> None:
        """The current player plays card ``i`` (legal) to the trick on the table: a follow, a
        tochoo that ends the trick (rule 4), or a discard (opening trick; discard form)."""
        seat: Seat = self._current  # type: ignore[assignment]
        hands = self._hands
        table = self._table
        led = self._led
        suit = _SUIT[i]
        pos = len(table)  # the place of this seat in the trick's order
        tochoo = suit != led and not self._opening and not self._discard
        ends = tochoo or pos == self._stop
        if ends:
            self._history.append(self._board_state(i, NO_SEAT))
        hand = hands[seat] ^ _BIT[i]
        hands[seat] = hand
        if not hand:
            self._emptied = True
        if tochoo:  # the cards on the table are all of the led suit: the strongest picks up
            cards = sum(map(_bit, table))
            high = 13 * led + self._strongest[cards >> 13 * led]
            picker = self._order[table.index(high)]
            table.append(i)
            self._log.append(_new(LogEntry, ("tochoo", seat, _ONE[i], _TOCHOO_INFO[high][picker][pos + 1], None)))
            self._pick_up(picker, cards | _BIT[i])
            return
        table.append(i)
        if suit == led:
            entry = _FOLLOWS[seat][i]
        else:
            entry = _new(LogEntry, ("discard", seat, _ONE[i], _new(DiscardInfo, (led, self._opening, ends)), None))
        self._log.append(entry)
        if not ends:
            self._history.append(entry)
            self._current = self._order[pos + 1]
        elif pos + 1 == len(self._order):
            self._end_clean_trick(sum(map(_bit, table)))
        else:  # pick-up form: the next player cannot follow and picks up the trick
            nxt = self._current = self._order[pos + 1]
            self._log.append(_new(LogEntry, ("tochoo", nxt, (), _FORCED_PICKUP_INFO[led][nxt][pos + 1], None)))
            self._pick_up(nxt, sum(map(_bit, table)))

    def _pick_up(self, picker: Seat, cards: Mask) -> None:
        """Rule 4, tochoo: ``picker`` picks up the trick (``cards``), and in the whole-pile
        variant the waste pile too, and has the power."""
        self._hands[picker] |= cards
        at = len(self._log)
        self._log.append(_new(LogEntry, ("pickup", picker, tuple(self._table), "trick", None)))
        if self._whole_pile and self._waste:
            w = self._waste
            self._hands[picker] |= w
            self._log.append(_new(LogEntry, ("pickup", picker, index_tuple(w), "waste", (picker,))))
            self._waste = 0
        self._after_trick(picker)
        if self._over and not self._stalemate:  # the picker leads no more: the game is over (rule 8)
            self._log[at] = self._log[at]._replace(info="last")

    def _end_clean_trick(self, cards: Mask) -> None:
        """Rule 4, clean trick: the trick (``cards``) goes to the waste pile; the strongest
        card of the led suit (the weakest in Get Away) has the power next."""
        table = self._table
        led = self._led
        opening = self._opening
        suited = cards >> 13 * led & ONE_SUIT  # the cards of the led suit
        lowest = self._lowest and not opening
        card = 13 * led + (self._weakest[suited] if lowest else self._strongest[suited])
        winner = self._order[table.index(card)]
        info = _WASTE_INFO[card][lowest][opening][cards != cards & SUIT_MASKS[led]]
        self._log.append(_new(LogEntry, ("waste", winner, tuple(table), info, None)))
        if self._hands[winner]:
            self._waste |= cards
            self._after_trick(winner)
        else:
            self._after_trick(self._power_without_cards(winner, cards))

    def _power_without_cards(self, winner: Seat, cards: Mask) -> Seat | None:
        """Rule 6 (the steps of :mod:`.draw`): the winner of a clean trick has no cards. They
        draw from the waste pile as it was before this trick (from this trick's cards if it
        was empty) and must lead the card; with ``must_draw=False`` they escape and the next
        holder leads. Returns the next leader; the trick's ``cards`` end in the waste pile
        either way."""
        if self.rules.must_draw:
            self._draw_from_waste(winner, cards)
            return winner
        nxt = self.next_holder(winner)
        last = self.num_players - self._hands.count(0) <= 1  # the game ends: nobody leads next
        self._escaped += (winner,)
        self._log.append(_new(LogEntry, ("escape", winner, (), _new(EscapeInfo, ("power", None if last else nxt)), None)))
        self._waste |= cards
        return nxt

    def _draw_from_waste(self, seat: Seat, cards: Mask) -> None:
        """Rule 6: after a clean trick of ``cards``, ``seat`` draws a card at random from the
        waste pile (:func:`.draw.draw`: seeded by the game's seed and the number of draws so
        far) and must lead it; the trick's cards go onto the pile."""
        i, self._waste = draw(self.seed, self._draws, self._waste, cards)
        self._draws += 1
        self._hands[seat] |= 1 << i
        self._forced = i
        self._log.append(_new(LogEntry, ("draw", seat, _ONE[i], None, (seat,))))

    def _after_trick(self, leader: Seat | None) -> None:
        """A trick ended and ``leader`` has the power: clear the table, let players without
        cards escape (rule 5), end the game (rule 8) or count the position (rule 10)."""
        self._leader = self._current = leader
        self._table.clear()
        self._led = NO_SUIT
        self._opening = False
        self._trick += 1
        if self._emptied:  # only then may someone escape and the game end
            self._emptied = False
            self._mark_escapes(leader)
            if self.num_players - self._hands.count(0) <= 1:
                self._finish()
                return
        self._count_position()

    def _mark_escapes(self, leader: Seat | None) -> None:
        """Rule 5: every player of the trick who holds no cards and does not have the power escapes."""
        hands, escaped = self._hands, self._escaped
        for s in self._order:
            if not hands[s] and s != leader and s not in escaped:
                escaped += (s,)
                self._log.append(_new(LogEntry, ("escape", s, (), _ESCAPE_EMPTY, None)))
        self._escaped = escaped

    def _count_position(self) -> None:
        """Rule 10: count the position (every hand, the player to lead, the waste pile); the
        third time the same one comes round, the round ends in a stalemate.

        The key leaves the waste pile out: between tricks it is every card of the game that
        no hand holds, so the hands already decide it (see :meth:`position_counts`)."""
        key = (self._leader, *self._hands)
        positions = self._positions
        seen = positions[key] = positions.get(key, 0) + 1
        self._position_keys.append(key)
        if seen >= STALEMATE_REPEATS:
            self._over = self._stalemate = True
            self._current = None
            self._loser = None
            self._log.append(LogEntry("stalemate", None, (), seen, None))

    def _check_end(self) -> None:
        if self.num_players - self._hands.count(0) <= 1:
            self._finish()

    def _finish(self) -> None:
        """Rule 8: at most one player holds cards; that one is the bhabhi."""
        holders = [s for s in range(self.num_players) if self._hands[s]]
        self._over = True
        self._current = None
        self._loser = holders[0] if holders else None
        if self._loser is not None and self._leader != self._loser:
            self._leader = self._loser
        self._log.append(_new(LogEntry, ("game_over", self._loser, (), self.losing_team, None)))

    def take(self, seat: int | Move, viewer: int | None = None) -> list[Event]:
        """``seat`` (or the taker of a take's :class:`Move`) takes the whole hand of the next
        player holding cards (rule 7). A refusal addresses ``viewer``, if given, as "you"."""
        if isinstance(seat, Move):
            if seat.taker is None:
                raise InvalidMoveError(f"{seat} is a card play, not a take: make it with play() or push()")
            seat = seat.taker
        seat = self._seat(seat)
        why = self.take_refusal()
        if why is not None:
            raise IllegalMoveError(self._say(seat, viewer, N_("{name} cannot take now: {why}"), N_("you cannot take now: {why}"),
                                             why=why))
        if not self._hands[seat]:
            raise IllegalMoveError(self._say(seat, viewer, N_("{name} holds no cards and cannot take a hand (rule 7)"),
                                             N_("you hold no cards and cannot take a hand (rule 7)")))
        target: Seat = self.next_holder(seat)  # type: ignore[assignment]
        self._history.append(self._board_state(NO_CARD, seat))
        start = len(self._log)
        taken = self._hands[target]
        self._hands[seat] |= taken
        self._hands[target] = 0
        power = self._leader == target
        if power:
            self._leader = self._current = seat
            self._forced = NO_CARD
        self._log.append(LogEntry("take", seat, index_tuple(taken), TakeInfo(target, power), (seat, target)))
        self._escaped += (target,)
        self._log.append(LogEntry("escape", target, (), EscapeInfo("taken", None), None))
        self._check_end()
        return self._events_between(start)

    def push(self, move: Move | Card | str) -> list[Event]:
        """Make ``move`` (a :class:`Move`, or what :meth:`Move.parse` reads: ``"10H"``,
        ``"take 2"``, a Card) for whoever it falls to: a card for the current player, a take
        for its taker; returns the events it caused. An illegal move raises
        :class:`IllegalMoveError` and changes nothing.

        >>> g = Game.deal(4, seed=0)
        >>> [e.kind for e in g.push("AS")], g.moves
        (['lead'], [Move.parse('AS')])
        """
        m = Move.parse(move)
        if m.card is not None:
            start = len(self._log)
            self._play(m.card.index)
            return self._events_between(start)
        return self.take(m.taker)  # type: ignore[arg-type]

    def root(self) -> Game:
        """A copy of this game at its start, before any move (a game made with
        :meth:`from_state` starts at the state it was made from)."""
        g = self.copy()
        while g._history:
            g.undo()
        return g

    def replay(self, moves: Iterable[Move | Card | str]) -> Game:
        """A new game: this game's start (:meth:`root`) followed by ``moves`` (Moves, or texts
        and cards :meth:`Move.parse` reads); this game is not changed. A move that does not
        parse or is not legal where it comes raises :class:`InvalidMoveError` or
        :class:`IllegalMoveError` naming it (``move 3 ('take 1') is illegal: ...``).

        >>> g = Game.deal(4, seed=5)
        >>> g.playout(rng=1)
        >>> g.replay(g.moves[:10]).moves == g.moves[:10], g.replay(g.moves).state_key() == g.state_key()
        (True, True)
        """
        g = self.root()
        for k, move in enumerate(moves):
            try:
                g.push(move)
            except InvalidMoveError as err:
                raise type(err)(f"move {k + 1} ({_short(move)}) is not a move: {err}") from None
            except IllegalMoveError as err:
                raise IllegalMoveError(f"move {k + 1} ({str(Move.parse(move))!r}) is illegal: {err}") from None
        return g

    # ------------------------------------------------------------------ undo
    def _board_state(self, card: CardIndex, taker: Seat) -> _BoardState:
        return _new(_BoardState, (tuple(self._hands), tuple(self._table), self._waste, self._leader, self._order,
                                  self._stop, self._opening, self._trick, self._escaped, self._draws, self._forced,
                                  len(self._log), len(self._position_keys), card, taker))

    def undo(self) -> None:
        """Take back the last play or take, with everything it caused (draws, escapes, the
        end of the game or a stalemate included)."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        record = self._history.pop()
        if isinstance(record, LogEntry):  # a play inside a trick: its log entry
            kind, seat, (i,), info, _ = record
            assert seat is not None
            self._table.pop()
            self._hands[seat] |= 1 << i
            self._current = seat
            self._log.pop()
            if kind == "lead":
                self._led = NO_SUIT
                self._forced = i if info == "drawn" else NO_CARD
        else:
            record.restore(self)
        del self._ev[len(self._log):]
        self._knowledge.forget_after(len(self._log))
        hands = self._hands
        self._emptied = any(not hands[s] for s in self._order) if self._table else False

    def last_actor(self) -> Seat | None:
        """The seat that made the last play or take (None at the start)."""
        return self._actor(self._history[-1]) if self._history else None

    def actors(self) -> list[Seat]:
        """The seat that made each action of :attr:`moves`."""
        return [self._actor(r) for r in self._history]

    @staticmethod
    def _actor(record: _UndoRecord) -> Seat:
        return record.seat if record.__class__ is LogEntry else record.actor  # type: ignore[union-attr,return-value]

    @property
    def moves(self) -> list[Move]:
        """Every move so far, from the start (see :meth:`replay`): a :class:`Move` each, a
        card play or a take."""
        plays, takes = _PLAY_MOVES, _TAKE_MOVES
        out: list[Move] = []
        for r in self._history:
            if r.__class__ is LogEntry:
                out.append(plays[r.cards[0]])
            elif r.taker != NO_SEAT:  # type: ignore[union-attr]
                out.append(takes[r.taker])  # type: ignore[union-attr]
            else:
                out.append(plays[r.card])  # type: ignore[union-attr]
        return out

    @property
    def move_count(self) -> int:
        """How many moves were made from the start: ``len(moves)``, without making the list."""
        return len(self._history)

    def copy(self) -> Game:
        """An independent copy of the current state (undo history and events included)."""
        g = object.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g._hands = list(self._hands)
        g._table = list(self._table)
        g._log = list(self._log)
        g._ev = list(self._ev)
        g._history = list(self._history)
        g._positions = dict(self._positions)
        g._position_keys = list(self._position_keys)
        g._knowledge = self._knowledge.copy()  # the copy's log goes its own way
        return g

    def state_key(self) -> tuple:
        """Everything that decides the future of the game, for equality checks."""
        return (tuple(self._hands), tuple(self._table), tuple(self._order[:len(self._table)]), self._led,
                self._waste, self._leader, self._current, self._order[len(self._table):] if self._table else (),
                self._opening, self._trick, self._escaped, self._over, self._loser, self._stalemate,
                self._draws, self._forced, tuple(sorted(self._positions.items())))

    def position_counts(self) -> PositionCounts:
        """Rule 10: how often each position ``(hands, player to lead, waste pile)`` has come round."""
        every = sum(self._start.hands) | self._start.waste  # every card of the game
        return {(key[1:], key[0], every & ~sum(key[1:])): n  # type: ignore[misc,arg-type]
                for key, n in self._positions.items()}

    # ------------------------------------------------------------------ views
    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know, as a read-only :class:`~bhabho_widget.engine.seat_view.SeatView`:
        the only thing bots are given."""
        seat = self._seat(seat)
        know = self._knowledge.read(self._log, self.num_players, seat, self._strength)
        mine = self._current == seat
        can_take = self.take_refusal() is None and self._hands[seat] != 0
        return SeatView(
            seat=seat, num_players=self.num_players, names=self.names, rules=self.rules,
            hand=self._hands[seat], hand_sizes=tuple(h.bit_count() for h in self._hands),
            table=tuple(self._table), trick_order=self.trick_order, led_suit=self._led,
            leader=self._leader, current_player=self._current, trick_number=self._trick,
            opening=self._opening, waste_size=self._waste.bit_count(), escaped=self._escaped,
            is_over=self._over, loser=self._loser, stalemate=self._stalemate,
            legal=self.legal_mask() if mine else 0, can_take=can_take,
            take_target=self.next_holder(seat) if can_take else None,
            voids=know.voids, known=tuple(self._hands[s] if s == seat else m for s, m in enumerate(know.known)),
            waste_known=know.waste_known, drawn=self._forced if mine and self._forced >= 0 else NO_CARD,
            drawer=know.drawer, passed=know.passed, taken=know.taken,
        )

    def events_for(self, seat: Seat | None, start: int = 0) -> list[dict]:
        """Events from ``start`` on as JSON-safe dicts as ``seat`` sees them: cards it may
        not see left out, and that seat addressed as "you"."""
        return [e.to_dict(seat) for e in self._events_between(start)]

    def last_trick(self) -> FinishedTrick | None:
        """The most recent trick that ended (its cards in play order and where they went), or None."""
        log = self._log
        for k in range(len(log) - 1, -1, -1):
            e = log[k]
            if e.kind == "waste" or (e.kind == "pickup" and e.info in ("trick", "last")):
                break
        else:
            return None
        plays: list[tuple[Seat, Card]] = []
        for j in range(k - 1, -1, -1):
            p = log[j]
            if p.kind in ("lead", "follow", "discard", "tochoo") and p.cards:
                plays.append((p.seat, DECK[p.cards[0]]))  # type: ignore[arg-type]
            if p.kind == "lead":
                break
        plays.reverse()
        end = log[k]
        return FinishedTrick(tuple(plays), "waste" if end.kind == "waste" else "pickup",
                             end.seat if end.kind == "pickup" else None, k)

    def state(self) -> GameState:
        """The whole state of play as a named record (every hand included: for the batch
        player's rollouts, never for a seat)."""
        return GameState(tuple(self._hands), tuple(self._table), self._order if self._table else (), self._stop,
                         self._led, self._leader, self._current, self._opening, self._opening_lead, self._forced,
                         self._waste, self._trick, self._escaped, self._draws, self.seed, self._over, self._loser,
                         self._stalemate, self.position_counts())

    # ------------------------------------------------------------------ records
    def to_json(self, indent: int | None = None) -> str:
        """The game record (see :mod:`.records`): start, rules, seed and every move, as JSON text."""
        return game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Replay a record from :meth:`to_json`; a tampered or inconsistent record raises
        :class:`~bhabho_widget.engine.errors.RecordError` (a ValueError)."""
        return game_from_json(text, cls)

    def position(self, counts: bool = True) -> str:
        """This moment as one line of text (see :mod:`.position` and ``docs/rules.md``):
        :meth:`from_position` continues it exactly. ``counts=False`` leaves out rule 10's counts."""
        return format_position(self, counts)

    @classmethod
    def from_position(cls, text: str, names: Sequence[str] | None = None) -> Game:
        """The game at the position ``text`` describes (from :meth:`position`, or written by
        hand); bad text raises :class:`~bhabho_widget.engine.errors.PositionError` naming the part."""
        rules, state, start = parse_position(text)
        return cls.from_state(state, rules, names, start=start)

    # ------------------------------------------------------------------ helpers
    def _seat(self, seat: object) -> Seat:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"a seat is an integer from 0 to {self.num_players - 1}, not {seat!r}"[:160])
        if not 0 <= seat < self.num_players:
            raise IllegalMoveError(f"no seat {seat!r}: seats are 0 to {self.num_players - 1}")
        return seat

    def _seats_from(self, seat: Seat) -> Iterator[Seat]:
        """Seats holding cards, in play order starting with ``seat``."""
        for s in self._circle[seat]:
            if self._hands[s]:
                yield s

    def _holder_of(self, i: CardIndex) -> Seat | None:
        bit = 1 << i
        for s, h in enumerate(self._hands):
            if h & bit:
                return s
        return None

    def __repr__(self) -> str:
        if self._stalemate:
            state = "over, stalemate"
        elif self._over:
            state = f"over, loser {self._loser}"
        else:
            state = f"{self.names[self._current]} to play"  # type: ignore[index]
        return f"<Game {self.num_players} players, trick {self._trick}, {state}>"

    def _repr_html_(self) -> str:
        return game_html(self)

    # ------------------------------------------------------------------ rollouts
    def playout(self, rng: random.Random | int | None = None, max_moves: int = MAX_MOVES) -> None:
        """Play uniformly random legal cards (:func:`.legal.legal_mask`), with no takes,
        until the game is over.

        A random rollout for simulations and Monte Carlo bots: every play is recorded as
        usual (events, undo, record). ``rng`` is a ``random.Random`` or a seed. A play with
        one legal card takes no random number; of ``n`` legal cards in index order a play
        takes the one at ``floor(rng.random() * n)``. Rule 10 ends every game; after
        ``max_moves`` plays (a safety net) this raises :class:`EndlessGameError`.

        >>> g = Game.deal(4, seed=1)
        >>> g.playout(rng=7)
        >>> g.is_over
        True
        """
        if rng is None or isinstance(rng, int):
            rng = random.Random(rng)
        rand = rng.random
        lead, follow = self._lead, self._follow
        s0, s1, s2, s3 = SUIT_CARDS
        hands, table = self._hands, self._table  # the play path changes both in place
        suit_cards = SUIT_CARDS
        for _ in range(max_moves):
            if table:
                led = self._led
                legal = legal_mask(hands[self._current], led, NO_CARD)  # type: ignore[index]
                cards = suit_cards[led][legal >> 13 * led & ONE_SUIT]
                if cards:  # following suit: the legal cards are exactly these
                    follow(cards[0] if len(cards) == 1 else cards[floor(rand() * len(cards))])
                    continue
                play = follow
            elif self._over:
                return
            else:
                legal = legal_mask(hands[self._current], NO_SUIT,  # type: ignore[index]
                                   self._opening_lead if self._opening else self._forced)
                play = lead
            if not legal & (legal - 1):
                play(legal.bit_length() - 1)
                continue
            # the k-th legal card, looked up suit by suit
            k = floor(rand() * legal.bit_count())
            low = legal & SPADES_AND_HEARTS
            cards = s0[low & ONE_SUIT]
            if k >= len(cards):
                k -= len(cards)
                cards = s1[low >> 13]
                if k >= len(cards):
                    k -= len(cards)
                    high = legal >> 26
                    cards = s2[high & ONE_SUIT]
                    if k >= len(cards):
                        k -= len(cards)
                        cards = s3[high >> 13]
            play(cards[k])
        if not self._over:
            raise EndlessGameError(f"{max_moves} random plays did not end the game (trick {self._trick}, "
                                   f"hand sizes {self.hand_sizes()})")
