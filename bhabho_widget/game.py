"""The Bhabho rules engine: :class:`Game` plays one game exactly as RULES.md says.

State is small and cheap to copy: each hand is a 52-bit ``int`` (see :mod:`.cards`), the
trick is a list of cards and a tuple of seats, the waste pile is a mask. Every play or
take pushes an undo record so :meth:`Game.undo` restores the exact state. The only chance
events are the deal and the draws from the waste pile; both come from the game's
``seed``, so a game replays exactly from its record.

>>> g = Game.deal(4, seed=0)
>>> g.current_player, [str(c) for c in g.legal_cards()]
(2, ['A♠'])
>>> events = g.play("AS")
>>> events[0].text
'Player 2 holds A♠ and must lead it: the opening trick begins.'
"""

from __future__ import annotations

import functools
import json
import random
from math import floor

from .cards import _SUIT_BITS, DECK, SUIT_MASKS, SUIT_SYMBOLS, SUITS, Card, cards_of, indices, mask_of, to_card
from .errors import EndlessGameError, IllegalMoveError
from .events import Event
from .rules import Rules

RECORD_FORMAT = "bhabho-game"
RECORD_VERSION = 1
MAX_MOVES = 20_000  # a game this long is going round in circles (see playout)

_ONE = tuple((i,) for i in range(52))
_BIT = tuple(1 << i for i in range(52))
_bit = list(_BIT).__getitem__  # card -> bit, for map(); a list's method is the quicker call
_SUIT = tuple(i // 13 for i in range(52))
# the log records of plain leads and follows, shared by all games: _LEADS[seat][card]
_LEADS = tuple(tuple(("lead", s, _ONE[i], None, None) for i in range(52)) for s in range(8))
_FOLLOWS = tuple(tuple(("follow", s, _ONE[i], None, None) for i in range(52)) for s in range(8))
_STRENGTH_HIGH = tuple(i % 13 for i in range(52))
_STRENGTH_LOW = tuple((i % 13 + 1) % 13 for i in range(52))


def _extremes(strength: tuple) -> tuple:
    """Two tables for the 13-bit masks of cards of one suit: the offset in the suit of the
    strongest card of each mask, and of the weakest. Ranks 2 to K rise with the offset;
    the ace (offset 12) is the strongest or the weakest card."""
    high, low = [-1], [-1]  # the empty mask has neither
    for o in range(13):
        if all(strength[o] > strength[p] for p in range(o)):
            high += [o] * len(high)
            low += [o, *low[1:]]
        else:
            high += [o, *high[1:]]
            low += [o] * len(low)
    return tuple(high), tuple(low)


_EXTREMES_HIGH = _extremes(_STRENGTH_HIGH)
_EXTREMES_LOW = _extremes(_STRENGTH_LOW)


# Fisher-Yates steps for 52 cards: (position, number of choices, random bits to draw)
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffled_deck(seed: int) -> list:
    """The 52 card indices shuffled by a Mersenne Twister seeded with ``seed``.

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
def _card_index(code: str) -> int:
    return Card.parse(code).index


@functools.cache
def _rings(n: int, step: int) -> tuple:
    """For each seat, the other seats in play order after it."""
    return tuple(tuple((s + k * step) % n for k in range(1, n)) for s in range(n))


@functools.cache
def _circles(n: int, step: int) -> tuple:
    """For each seat, every seat in play order starting with it."""
    return tuple((s, *ring) for s, ring in enumerate(_rings(n, step)))


@functools.cache
def _default_names(n: int) -> tuple:
    return tuple(f"Player {s}" for s in range(n))


def _seat_to_play(snapshot):
    """The seat to play in a snapshot (see Game._snapshot)."""
    table, leader, order = snapshot[1], snapshot[3], snapshot[4]
    return order[len(table)] if table else leader


def _action(record):
    """The card index of a play, or ``-1 - seat`` for a take, from its undo record (see Game.undo)."""
    return record[2][0] if len(record) == 5 else record[-1]


def _actor(record):
    """The seat that made a play or take, from its undo record (see Game.undo)."""
    if len(record) == 5:
        return record[1]
    action = record[-1]
    return -1 - action if action < 0 else _seat_to_play(record)


def _check_seat_count(n, low):
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= 8:
        raise ValueError(f"a game has {low} to 8 players, not {n!r}")


class Game:
    """One game of Bhabho. Make one with :meth:`deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules", "num_players", "names", "seed", "dealer", "_dealt", "_step", "_strength",
        "_hands", "_table", "_led", "_waste", "_leader", "_current",
        "_order", "_stop", "_opening", "_opening_lead", "_trick", "_escaped", "_over", "_loser",
        "_draws", "_forced", "_log", "_ev", "_history", "_start", "_rings", "_circle", "_discard",
        "_pickup_form", "_lowest", "_whole_pile", "_strongest", "_weakest", "_emptied",
    )

    # ------------------------------------------------------------------ creation
    def __init__(self, *args, **kwargs):
        raise TypeError("make a game with Game.deal(...) or Game.from_hands(...)")

    @classmethod
    def _blank(cls, num_players, rules, seed, names):
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object, not {rules!r}")
        if rules.teams and (num_players < 4 or num_players % 2):
            raise ValueError(f"the teams variant needs an even number of players, at least 4, not {num_players}")
        g = object.__new__(cls)
        g.rules = rules
        g.num_players = num_players
        if names is None:
            names = _default_names(num_players)
        else:
            names = tuple(names)
            if len(names) != num_players or not all(isinstance(x, str) and x for x in names):
                raise ValueError(f"names must be {num_players} non-empty strings, one per seat")
        g.names = names
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer or None, not {seed!r}")
        g.seed = seed
        g.dealer = None
        g._dealt = False
        g._step = step = rules.step
        g._rings = _rings(num_players, step)
        g._circle = _circles(num_players, step)
        g._discard = rules.off_suit == "discard"
        g._pickup_form = rules.picker == "offsuit_player"
        g._lowest = rules.next_leader == "lowest"
        g._whole_pile = rules.pickup == "trick_and_waste"
        g._emptied = False  # a hand became empty in the trick on the table (see _end_trick)
        if rules.ace == "low":
            g._strength, (g._strongest, g._weakest) = _STRENGTH_LOW, _EXTREMES_LOW
        else:
            g._strength, (g._strongest, g._weakest) = _STRENGTH_HIGH, _EXTREMES_HIGH
        g._table = []
        g._led = -1
        g._waste = 0
        g._order = ()
        g._stop = 0  # the place in _order of the trick's last player (see _lead)
        g._opening = False
        g._opening_lead = -1
        g._trick = 1
        g._escaped = ()
        g._over = False
        g._loser = None
        g._draws = 0
        g._forced = -1
        g._log = []  # events as plain tuples (kind, seat, cards, info, private)
        g._ev = []  # Event objects for the first len(_ev) records, made when asked for
        g._history = []  # one undo record per play or take (see undo)
        return g

    @classmethod
    def deal(cls, num_players: int, seed: int | None = None, rules: Rules = Rules(),
             dealer: int = 0, names=None) -> Game:
        """Shuffle with ``seed`` and deal the whole pack, starting after ``dealer`` in play order."""
        _check_seat_count(num_players, 3)
        if not isinstance(dealer, int) or not 0 <= dealer < num_players:
            raise ValueError(f"dealer must be a seat from 0 to {num_players - 1}, not {dealer!r}")
        g = cls._blank(num_players, rules, seed, names)
        g.dealer = dealer
        g._dealt = True
        deck = shuffled_deck(g.seed)
        hands = [0] * num_players
        log = g._log
        for k, seat in enumerate(g._rings[dealer]):  # card k goes to the k-th seat after the dealer
            hands[seat] = sum(map(_bit, deck[k::num_players]))
        hands[dealer] = sum(map(_bit, deck[num_players - 1::num_players]))
        for seat in (*g._rings[dealer], dealer):
            log.append(("deal", seat, hands[seat], None, (seat,)))
        g._hands = hands
        g._start = (tuple(hands), None, 0)
        g._set_up_opening()
        return g

    @classmethod
    def from_hands(cls, hands, rules: Rules = Rules(), leader: int | None = None, waste=(),
                   seed: int | None = None, names=None) -> Game:
        """A custom position: ``hands[seat]`` is a list of cards (Card or code).

        ``leader=None`` starts with the opening trick; ``leader=seat`` starts with an
        ordinary trick led by that seat, with ``waste`` as the waste pile.
        """
        if not isinstance(hands, (list, tuple)):
            raise ValueError("hands must be a list with one list of cards per seat")
        _check_seat_count(len(hands), 2)
        g = cls._blank(len(hands), rules, seed, names)
        seen = 0
        masks = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not hasattr(hand, "__iter__"):
                raise ValueError(f"hands[{seat}] must be a list of cards, not {hand!r}")
            m = mask_of(hand)
            if m & seen:
                raise ValueError(f"{', '.join(str(c) for c in cards_of(m & seen))} dealt twice")
            seen |= m
            masks.append(m)
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
            if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < g.num_players:
                raise ValueError(f"leader must be a seat from 0 to {g.num_players - 1} or None, not {leader!r}")
            if not masks[leader]:
                raise ValueError(f"the leader, seat {leader}, holds no cards")
            g._leader = g._current = leader
            g._waste = waste_mask
        g._start = (tuple(masks), leader, waste_mask)
        return g

    def _set_up_opening(self):
        """Rule 3: the opening card leads; without it the highest card of its suit; else no opening trick."""
        o = _card_index(self.rules.opening_card)
        holder = self._holder_of(o)
        if holder is None:
            suit_mask = SUIT_MASKS[o // 13]
            best = None
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
    def current_player(self) -> int | None:
        """The seat to play, or None when the game is over."""
        return self._current

    @property
    def leader(self) -> int | None:
        """The seat with the power: it leads the next trick."""
        return self._leader

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def loser(self) -> int | None:
        """The bhabhi: the last seat holding cards, or None."""
        return self._loser

    @property
    def losing_team(self) -> tuple | None:
        """In the teams variant, the bhabhi and partner (seat i and i + n/2)."""
        if not self.rules.teams or self._loser is None:
            return None
        half = self.num_players // 2
        return tuple(sorted((self._loser, (self._loser + half) % self.num_players)))

    @property
    def trick_number(self) -> int:
        """The number of the trick being played or about to be led; 1 is the first."""
        return self._trick

    @property
    def is_opening_trick(self) -> bool:
        """True while the opening trick (rule 3) is being played or about to be led."""
        return self._opening

    @property
    def table(self) -> list:
        """The current trick: ``[(seat, Card), ...]`` in play order."""
        return [(s, DECK[i]) for s, i in zip(self._order, self._table)]

    @property
    def _pos(self) -> int:
        """The place in the trick's order of the seat to play (while the table holds cards)."""
        return len(self._table)

    @property
    def led_suit(self) -> str | None:
        return SUITS[self._led] if self._led >= 0 else None

    @property
    def waste_size(self) -> int:
        return self._waste.bit_count()

    @property
    def escaped(self) -> list:
        """Seats that escaped, in the order they escaped."""
        return list(self._escaped)

    @property
    def events(self) -> list:
        """Every :class:`~bhabho_widget.events.Event` so far."""
        return self._events_between(0)

    @property
    def event_count(self) -> int:
        return len(self._log)

    def events_since(self, start: int) -> list:
        """The events from number ``start`` on (``events[start:]`` without copying the rest)."""
        return self._events_between(start)

    def _events_between(self, start, stop=None) -> list:
        log, ev = self._log, self._ev
        if stop is None:
            stop = len(log)
        if len(ev) < stop:
            names = self.names
            ev.extend([Event(k, s, c if c.__class__ is tuple else tuple(indices(c)), info, names, p)
                       for k, s, c, info, p in log[len(ev):stop]])
        return ev[start:stop]

    @property
    def draw_card(self) -> Card | None:
        """The card the power holder drew and must lead, if any."""
        return DECK[self._forced] if self._forced >= 0 else None

    def hand(self, seat: int) -> list:
        """The cards ``seat`` holds, by suit (S H D C) then rank."""
        return cards_of(self._hands[self._seat(seat)])

    def hand_sizes(self) -> list:
        return [h.bit_count() for h in self._hands]

    def holders(self) -> list:
        """Seats still holding cards, in seat order."""
        return [s for s in range(self.num_players) if self._hands[s]]

    def next_holder(self, seat: int) -> int | None:
        """The next seat after ``seat`` in play order that holds cards."""
        seat = self._seat(seat)
        n, step = self.num_players, self._step
        s = (seat + step) % n
        while s != seat:
            if self._hands[s]:
                return s
            s = (s + step) % n
        return None

    def legal_cards(self) -> list:
        """The cards the current player may play, sorted."""
        return cards_of(self._legal_mask())

    def legal_mask(self) -> int:
        """The legal cards as a hand mask (bit ``card.index``): the fast form for bots."""
        return self._legal_mask()

    def play_index(self, index: int) -> list:
        """Play the card with this index (see :mod:`.cards`): the fast form of :meth:`play`."""
        if not isinstance(index, int) or not 0 <= index < 52:
            raise IllegalMoveError(f"card index must be 0..51, not {index!r}")
        start = len(self._log)
        self._play(index)
        return self._events_between(start)

    def playout(self, rng=None, max_moves: int = MAX_MOVES) -> None:
        """Play uniformly random legal cards, with no takes, until the game is over.

        A random rollout for simulations and Monte Carlo bots: every play is recorded as
        usual (events, undo, record). ``rng`` is a ``random.Random`` or a seed. The rules
        set no limit to a game's length, and in the pick-up form a game can go round
        forever, so after ``max_moves`` plays this raises :class:`EndlessGameError`.
        Of ``n`` legal cards in index order, a play takes the one at
        ``floor(rng.random() * n)``; a forced card takes no random number.

        >>> g = Game.deal(4, seed=1)
        >>> g.playout(rng=7)
        >>> g.is_over, g.loser
        (True, 2)
        """
        if rng is None or isinstance(rng, int):
            rng = random.Random(rng)
        rand = rng.random
        lead, follow = self._lead, self._follow
        suit_bits = _SUIT_BITS
        s0, s1, s2, s3 = suit_bits
        hands, table = self._hands, self._table  # the play path changes both in place
        for _ in range(max_moves):
            if table:
                hand = hands[self._current]
                led = self._led
                options = suit_bits[led][hand >> 13 * led & 8191]  # follow suit if able
                if options:
                    follow(options[floor(rand() * len(options))])
                    continue
                play = follow
            elif self._over:
                return
            elif self._opening:
                lead(self._opening_lead)
                continue
            elif self._forced >= 0 and self._current == self._leader:
                lead(self._forced)
                continue
            else:
                hand = hands[self._current]
                play = lead
            # any card: indices(hand)[k], looked up suit by suit
            k = floor(rand() * hand.bit_count())
            low = hand & 67108863  # spades and hearts (a smaller int makes quicker steps)
            cards = s0[low & 8191]
            if k >= len(cards):
                k -= len(cards)
                cards = s1[low >> 13]
                if k >= len(cards):
                    k -= len(cards)
                    high = hand >> 26
                    cards = s2[high & 8191]
                    if k >= len(cards):
                        k -= len(cards)
                        cards = s3[high >> 13]
            play(cards[k])
        if not self._over:
            raise EndlessGameError(f"{max_moves} random plays did not end the game (trick {self._trick}, "
                                   f"hand sizes {self.hand_sizes()}): it is going round in circles")

    def _legal_mask(self) -> int:
        if self._over:
            return 0
        hand = self._hands[self._current]
        if not self._table:
            if self._opening:
                return 1 << self._opening_lead
            if self._forced >= 0 and self._current == self._leader:
                return 1 << self._forced
            return hand
        follow = hand & SUIT_MASKS[self._led]
        return follow or hand

    def legal_takes(self) -> list:
        """Seats that may take the next player's hand now (rule 7)."""
        if self._take_refusal() is not None:
            return []
        return [s for s in range(self.num_players) if self._hands[s]]

    def _take_refusal(self):
        if self._over:
            return "the game is over"
        if not self.rules.take_from_left:
            return "taking the next player's hand is off in these rules (take_from_left=False)"
        if self._opening:
            return "no hand may be taken before the opening trick (rule 7)"
        if self._table:
            return "a hand may only be taken between tricks, while the table is empty (rule 7)"
        return None

    # ------------------------------------------------------------------ actions
    def play(self, card: Card | str, seat: int | None = None) -> list:
        """The current player plays ``card``; returns the events it caused.

        With ``seat``, the play is refused unless it is that seat's turn.
        """
        try:
            c = to_card(card)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        if seat is not None and not self._over:
            seat = self._seat(seat)
            if seat != self._current:
                raise IllegalMoveError(
                    f"it is {self.names[self._current]}'s turn, not {self.names[seat]}'s (rule 9: no playing out of turn)")
        start = len(self._log)
        self._play(c.index)
        return self._events_between(start)

    def _play(self, i: int) -> None:
        """Check that the current player may play card ``i`` (rules 3, 4, 6, 9), then play it."""
        if self._over:
            raise IllegalMoveError("the game is over: no more plays")
        seat = self._current
        hand = self._hands[seat]
        bit = 1 << i
        if not hand & bit:
            owner = self._holder_of(i)
            if owner is not None and owner != seat:
                raise IllegalMoveError(
                    f"it is {self.names[seat]}'s turn, and {DECK[i]} is not in their hand (rule 9: no playing out of turn)")
            raise IllegalMoveError(f"{self.names[seat]} does not hold {DECK[i]} (rule 9)")
        table = self._table
        if not table:
            if self._opening and i != self._opening_lead:
                raise IllegalMoveError(
                    f"{self.names[seat]} must open the game with {DECK[self._opening_lead]} (rule 3)")
            if self._forced >= 0 and seat == self._leader and i != self._forced:
                raise IllegalMoveError(
                    f"{self.names[seat]} must lead {DECK[self._forced]}, the card drawn from the waste pile (rule 6)")
        elif i // 13 != self._led and hand & SUIT_MASKS[self._led]:
            sym = SUIT_SYMBOLS[SUITS[self._led]]
            raise IllegalMoveError(
                f"{self.names[seat]} holds {sym} and must follow suit (rule 4): {DECK[i]} is not {sym}")
        self._apply(i)

    def _apply(self, i: int) -> None:
        """The current player plays card ``i``, which is legal, with everything it causes."""
        if self._table:
            self._follow(i)
        else:
            self._lead(i)

    def _lead(self, i):
        """The current player leads card ``i``."""
        seat = self._current
        hands = self._hands
        suit = _SUIT[i]
        order = self._circle[seat] if 0 not in hands else (seat, *filter(hands.__getitem__, self._rings[seat]))
        stop = len(order) - 1  # the place in the order of the last player of the trick
        opening = self._opening
        if self._pickup_form and not opening:
            # pick-up form: the trick stops before the first player who cannot follow
            mask = SUIT_MASKS[suit]
            for p in range(1, len(order)):
                if not hands[order[p]] & mask:
                    stop = p - 1
                    break
        forced = self._forced
        # a snapshot for undo if the lead ends the trick or is not the drawn card it must be
        snapshot = not stop or 0 <= forced != i
        if snapshot:
            self._history.append(self._snapshot(i))
        hand = hands[seat] ^ _BIT[i]
        hands[seat] = hand
        if not hand:
            self._emptied = True
        self._table.append(i)
        self._led = suit
        self._order = order
        self._stop = stop
        if forced < 0 and not opening:
            event = _LEADS[seat][i]
        else:
            self._forced = -1
            event = ("lead", seat, _ONE[i], "opening" if opening else ("drawn" if i == forced else None), None)
        self._log.append(event)
        if not snapshot:
            self._history.append(event)
        if stop:
            self._current = order[1]
        elif len(order) < 2:
            self._end_trick(None, _BIT[i])
        else:  # pick-up form: the next player cannot follow and picks up the lead
            nxt = self._current = order[1]
            self._log.append(("tochoo", nxt, (), (suit, nxt, None, 1, False), None))
            self._end_trick(nxt, _BIT[i])

    def _follow(self, i):
        """The current player plays card ``i`` to the trick on the table."""
        seat = self._current
        hands = self._hands
        table = self._table
        led = self._led
        suit = _SUIT[i]
        pos = len(table)  # the place of this seat in the trick's order
        tochoo = suit != led and not self._opening and not self._discard
        ends = tochoo or pos == self._stop
        if ends:  # self._snapshot(i), written out
            self._history.append((
                tuple(hands), tuple(table), self._waste, self._leader, self._order, self._stop, self._opening,
                self._trick, self._escaped, self._draws, self._forced, len(self._log), i))
        hand = hands[seat] ^ _BIT[i]
        hands[seat] = hand
        if not hand:
            self._emptied = True
        if tochoo:
            # tochoo (rule 4): the cards on the table are all of the led suit; the highest picks up
            cards = sum(map(_bit, table))
            high = 13 * led + self._strongest[cards >> 13 * led]
            picker = self._order[table.index(high)]
            table.append(i)
            self._log.append(("tochoo", seat, _ONE[i], (led, picker, high, pos + 1, pos == 1), None))
            self._end_trick(picker, cards | _BIT[i])
            return
        table.append(i)
        event = _FOLLOWS[seat][i] if suit == led else ("discard", seat, _ONE[i], (led, self._opening), None)
        self._log.append(event)
        if not ends:
            self._history.append(event)
            self._current = self._order[pos + 1]
        elif pos + 1 == len(self._order):
            self._end_trick(None, sum(map(_bit, table)))
        else:  # pick-up form: the next player cannot follow and picks up the trick
            nxt = self._current = self._order[pos + 1]
            self._log.append(("tochoo", nxt, (), (led, nxt, None, pos + 1, False), None))
            self._end_trick(nxt, sum(map(_bit, table)))

    def _end_trick(self, picker, cards):
        """The trick on the table, ``cards`` as a mask, ends: ``picker`` picks it up and has
        the power, or, when ``picker`` is None, it is clean and goes to the waste pile."""
        table = self._table
        hands = self._hands
        if picker is not None:
            hands[picker] |= cards
            self._log.append(("pickup", picker, tuple(table), "trick", None))
            if self._whole_pile and self._waste:
                w = self._waste
                hands[picker] |= w
                self._log.append(("pickup", picker, tuple(indices(w)), "waste", (picker,)))
                self._waste = 0
            leader = picker
        else:
            led = self._led
            opening = self._opening
            suited = cards >> 13 * led & 8191  # the cards of the led suit
            if self._lowest and not opening:
                card, rule = 13 * led + self._weakest[suited], "lowest"
            else:
                card, rule = 13 * led + self._strongest[suited], "highest"
            winner = self._order[table.index(card)]
            self._log.append(("waste", winner, tuple(table), (led, rule, card, opening), None))
            leader = winner
            if hands[winner]:
                self._waste |= cards
            elif self.rules.must_draw:
                if not self._waste:  # only then may the draw come from this trick's cards
                    self._waste = cards
                    self._draw(winner)
                else:
                    self._draw(winner)
                    self._waste |= cards
            else:
                nxt = self.next_holder(winner)
                self._escaped += (winner,)
                self._log.append(("escape", winner, (), ("power", nxt), None))
                leader = nxt
                self._waste |= cards
        self._leader = self._current = leader
        table.clear()
        self._led = -1
        self._opening = False
        self._trick += 1
        if self._emptied:  # only then may someone escape and the game end
            self._emptied = False
            escaped = self._escaped
            for s in self._order:
                if not hands[s] and s != leader and s not in escaped:
                    escaped += (s,)
                    self._log.append(("escape", s, (), ("empty", None), None))
            self._escaped = escaped
            if self.num_players - hands.count(0) <= 1:
                self._finish()

    def _draw(self, seat):
        rng = random.Random(f"{self.seed}:draw:{self._draws}")
        options = indices(self._waste)
        i = options[rng.randrange(len(options))]
        self._draws += 1
        self._waste ^= 1 << i
        self._hands[seat] |= 1 << i
        self._forced = i
        self._log.append(("draw", seat, _ONE[i], None, (seat,)))

    def _check_end(self):
        if self.num_players - self._hands.count(0) <= 1:
            self._finish()

    def _finish(self):
        holders = [s for s in range(self.num_players) if self._hands[s]]
        self._over = True
        self._current = None
        self._loser = holders[0] if holders else None
        if self._loser is not None and self._leader != self._loser:
            self._leader = self._loser
        self._log.append(("game_over", self._loser, (), self.losing_team, None))

    def take(self, seat: int) -> list:
        """``seat`` takes the whole hand of the next player holding cards (rule 7)."""
        seat = self._seat(seat)
        why = self._take_refusal()
        if why is not None:
            raise IllegalMoveError(f"{self.names[seat]} cannot take now: {why}")
        if not self._hands[seat]:
            raise IllegalMoveError(f"{self.names[seat]} holds no cards and cannot take a hand (rule 7)")
        target = self.next_holder(seat)
        self._history.append(self._snapshot(-1 - seat))
        start = len(self._log)
        taken = self._hands[target]
        self._hands[seat] |= taken
        self._hands[target] = 0
        power = self._leader == target
        if power:
            self._leader = self._current = seat
            self._forced = -1
        self._log.append(("take", seat, tuple(indices(taken)), (target, power), (seat, target)))
        self._escaped += (target,)
        self._log.append(("escape", target, (), ("taken", None), None))
        self._check_end()
        return self._events_between(start)

    # ------------------------------------------------------------------ undo
    def _snapshot(self, action):
        """The undo record of a take (``action`` is ``-1 - seat``) or of a play of card
        ``action`` (see undo): what it may change, then the action. The led suit and the
        seat to play follow from it: the suit of the first card on the table, and the next
        seat in the trick's order or, with an empty table, the leader."""
        return (tuple(self._hands), tuple(self._table), self._waste, self._leader, self._order, self._stop,
                self._opening, self._trick, self._escaped, self._draws, self._forced, len(self._log), action)

    def undo(self) -> None:
        """Take back the last play or take, with everything it caused (draws included).

        The undo record of a play that leaves the trick going on is its event record
        (lead, follow or discard); any other play or take has a snapshot (see _snapshot).
        """
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        record = self._history.pop()
        if len(record) == 5:  # an event record (kind, seat, cards, info, private)
            kind, seat, (i,), info, _ = record
            self._table.pop()
            self._hands[seat] |= 1 << i
            self._current = seat
            self._log.pop()
            if kind == "lead":
                self._led = -1
                self._forced = i if info == "drawn" else -1
        else:
            (hands, table, self._waste, self._leader, self._order, self._stop, self._opening, self._trick,
             self._escaped, self._draws, self._forced, n_log, _) = record
            self._hands[:] = hands
            self._table[:] = table
            self._led = _SUIT[table[0]] if table else -1
            self._current = _seat_to_play(record)
            self._over = False  # plays and takes happen only before the end
            self._loser = None
            del self._log[n_log:]
        del self._ev[len(self._log):]
        hands = self._hands
        self._emptied = any(not hands[s] for s in self._order) if self._table else False

    def last_actor(self) -> int | None:
        """The seat that made the last play or take (None at the start)."""
        return _actor(self._history[-1]) if self._history else None

    def actors(self) -> list:
        """The seat that made each action of :attr:`moves`."""
        return [_actor(r) for r in self._history]

    @property
    def moves(self) -> list:
        """Every action so far: a Card for a play, ``("take", seat)`` for a take."""
        return [DECK[a] if a >= 0 else ("take", -1 - a) for a in map(_action, self._history)]

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
        return g

    def state_key(self) -> tuple:
        """Everything that decides the future of the game, for equality checks."""
        return (tuple(self._hands), tuple(self._table), tuple(self._order[:len(self._table)]), self._led,
                self._waste, self._leader, self._current, self._order[len(self._table):] if self._table else (),
                self._opening, self._trick, self._escaped, self._over, self._loser,
                self._draws, self._forced)

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict:
        """A JSON-safe dict of exactly what ``seat`` may know: its own hand, counts of the
        others, the public cards and the state of play."""
        seat = self._seat(seat)
        mine = self._current == seat and not self._over
        takes = self.legal_takes()
        return {
            "seat": seat,
            "num_players": self.num_players,
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "hand": [DECK[i].code for i in indices(self._hands[seat])],
            "hand_sizes": self.hand_sizes(),
            "table": [{"seat": s, "card": DECK[i].code} for s, i in zip(self._order, self._table)],
            "led_suit": self.led_suit,
            "waste_size": self.waste_size,
            "leader": self._leader,
            "current_player": self._current,
            "trick_number": self._trick,
            "opening": self._opening,
            "escaped": list(self._escaped),
            "is_over": self._over,
            "loser": self._loser,
            "legal": [DECK[i].code for i in indices(self._legal_mask())] if mine else [],
            "can_take": seat in takes,
            "take_target": self.next_holder(seat) if seat in takes else None,
        }

    def events_for(self, seat: int | None, start: int = 0) -> list:
        """Events from ``start`` on as JSON-safe dicts, with cards ``seat`` may not see left out."""
        return [e.to_dict(seat) for e in self._events_between(start)]

    # ------------------------------------------------------------------ records
    def to_json(self, indent=None) -> str:
        """The game record: start position, rules, seed and every move, as JSON text."""
        hands, leader, waste = self._start
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "num_players": self.num_players,
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "start": {
                "dealer": self.dealer,
                "hands": [[DECK[i].code for i in indices(h)] for h in hands],
                "leader": leader,
                "waste": [DECK[i].code for i in indices(waste)],
            },
            "moves": [DECK[a].code if a >= 0 else f"take {-1 - a}" for a in map(_action, self._history)],
            "draws": [DECK[r[2][0]].code for r in self._log if r[0] == "draw"],
            "result": {"hand_sizes": self.hand_sizes(), "is_over": self._over, "loser": self._loser,
                       "escaped": list(self._escaped)},
        }
        return json.dumps(record, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Replay a record from :meth:`to_json`; a tampered or inconsistent record raises ValueError."""
        try:
            rec = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise ValueError(f"not a game record: {err}") from None
        if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
        if type(rec.get("version")) is not int or rec["version"] != RECORD_VERSION:
            raise ValueError(f"unsupported record version {rec.get('version')!r}; this engine reads {RECORD_VERSION}")
        try:
            rules = Rules.from_dict(rec["rules"])
            start = rec["start"]
            hands = start["hands"]
            seed = rec["seed"]
            names = rec.get("names")
            if start.get("dealer") is not None:
                g = cls.deal(rec["num_players"], seed=seed, rules=rules, dealer=start["dealer"], names=names)
                if [[c.code for c in g.hand(s)] for s in range(g.num_players)] != [list(h) for h in hands]:
                    raise ValueError("the hands do not match the deal from this seed")
                if start["leader"] is not None or start["waste"]:
                    raise ValueError("a dealt game starts with the opening trick and no waste pile")
            else:
                g = cls.from_hands(hands, rules=rules, leader=start["leader"], waste=start["waste"],
                                   seed=seed, names=names)
                if g.num_players != rec["num_players"]:
                    raise ValueError("num_players does not match the hands")
            moves, draws, result = rec["moves"], rec["draws"], rec["result"]
        except (KeyError, TypeError) as err:
            raise ValueError(f"incomplete game record: missing or malformed {err}") from None
        if not isinstance(moves, list):
            raise ValueError("record 'moves' must be a list")
        for k, move in enumerate(moves):
            try:
                if isinstance(move, str) and move.startswith("take "):
                    g.take(int(move[5:]))
                else:
                    g.play(move)
            except ValueError as err:
                raise ValueError(f"record move {k + 1} ({move!r}) is illegal: {err}") from None
        got_draws = [DECK[r[2][0]].code for r in g._log if r[0] == "draw"]
        if got_draws != draws:
            raise ValueError(f"record draws {draws} do not match the seeded draws {got_draws}")
        got = {"hand_sizes": g.hand_sizes(), "is_over": g._over, "loser": g._loser, "escaped": list(g._escaped)}
        if got != result:
            raise ValueError(f"record result {result} does not match the replayed game {got}")
        return g

    # ------------------------------------------------------------------ helpers
    def _seat(self, seat) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise IllegalMoveError(f"no seat {seat!r}: seats are 0 to {self.num_players - 1}")
        return seat

    def _seats_from(self, seat):
        """Seats holding cards, in play order starting with ``seat``."""
        n = self.num_players
        for k in range(n):
            s = (seat + k * self._step) % n
            if self._hands[s]:
                yield s

    def _holder_of(self, i):
        bit = 1 << i
        for s, h in enumerate(self._hands):
            if h & bit:
                return s
        return None

    def __repr__(self) -> str:
        state = f"over, loser {self._loser}" if self._over else f"{self.names[self._current]} to play"
        return f"<Game {self.num_players} players, trick {self._trick}, {state}>"

    def _repr_html_(self) -> str:
        rows = []
        for s in range(self.num_players):
            marks = []
            if s == self._leader and not self._over:
                marks.append("power")
            if s == self._current:
                marks.append("to play")
            if s in self._escaped:
                marks.append("escaped")
            if s == self._loser:
                marks.append("bhabhi")
            cards = " ".join(DECK[i]._repr_html_() for i in indices(self._hands[s]))
            rows.append(f"<tr><td>{self.names[s]}</td><td>{self._hands[s].bit_count()}</td>"
                        f"<td>{cards}</td><td>{', '.join(marks)}</td></tr>")
        trick = " ".join(f"{self.names[s]}: {DECK[i]._repr_html_()}" for s, i in zip(self._order, self._table))
        return ("<table><tr><th>seat</th><th>cards</th><th>hand</th><th></th></tr>" + "".join(rows)
                + f"</table><p>Trick {self._trick}: {trick or 'table empty'}; waste pile {self.waste_size} cards.</p>")
