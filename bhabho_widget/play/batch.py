"""Many random games at once: :meth:`Game.playout` for whole batches, in lockstep with numpy.

Every game of a batch is played with a uniformly random legal card at every turn
(:func:`legal_masks`, the numpy form of :func:`.legal.legal_mask`) and no takes, or with
``policy="rules"`` by the rules of thumb of :class:`.bots.RuleBot` (:func:`rule_cards`,
card for card the same choices, reading the suits each seat has shown it lacks), or with
``policy="open"`` by rules of thumb played with every hand open (:func:`open_cards`: the
continuations of the search bot, the hints and the review). All games
make their next play together, as array operations, so a batch of thousands costs
little more per game than the bookkeeping of a few. Draws from the waste pile are made
by :mod:`bhabho_widget.engine.draw`, rule 6's one definition, from the game's seed and draw
number exactly as in :class:`Game`, and positions are
counted for rule 10 (stalemate) as :class:`Game` counts them, so every game of a batch
replays through the engine with its full event log.

Two entry points share one lockstep player:

- :func:`play_random` deals a batch of games and plays them to the end (``batch.game(k)``
  replays game ``k``);
- :func:`rollouts` plays many random continuations of a :class:`Game` (or of several,
  say determinizations of one seat's view) from its current state, mid-trick included:
  the engine of a Monte Carlo bot (``r.game(k)`` replays rollout ``k`` on a copy of the
  game).

Rule 10 compares positions by two 64-bit hashes of each (:func:`position_hashes`): the
odds of a false stalemate are below 2**-88 even for a game of a million tricks.

>>> b = play_random(1000, 4, seed=0)
>>> int(b.finished.sum()), bool((b.loser >= 0).all()), int(b.stalemate.sum())
(1000, True, 0)
>>> g = b.game(3)
>>> (g.is_over, g.loser, len(g.moves)) == (True, b.loser[3], b.length[3])
True
>>> r = rollouts(Game.deal(4, seed=5), 200, seed=1)
>>> bool(r.finished.all()), len(set(r.first.tolist()))  # the opening lead is forced
(True, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.optional import MissingPackageError

try:
    import numpy as np
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "Batch simulations (play_random, rollouts)", plural=True) from err

from ..engine.cards import NO_CARD, NO_SUIT, STRENGTH_ACE_HIGH, STRENGTH_ACE_LOW, SUIT_CARDS, SUIT_MASKS, cards_of
from ..engine.draw import draw
from ..engine.game import MAX_MOVES as GAME_MAX_MOVES
from ..engine.game import Game
from ..engine.rules import Rules, seat_circles
from ..engine.state import STALEMATE_REPEATS, GameState

__all__ = ["MAX_MOVES", "RandomGames", "Rollouts", "legal_masks", "play_random", "position_hashes", "random_cards",
           "rollouts"]

MAX_MOVES = GAME_MAX_MOVES
"""A safety net only, as in :class:`Game`: with rule 10 every game ends long before this many plays."""

_U = np.uint64
_ZERO = _U(0)
_BIT = np.array([1 << i for i in range(52)], dtype=np.uint64)
_SUIT = np.array(SUIT_MASKS, dtype=np.uint64)
_SUIT_OR_NONE = np.append(_SUIT, _ZERO)  # index -1 (NO_SUIT): no cards
_BIT_OR_NONE = np.append(_BIT, _ZERO)  # index -1 (NO_CARD): no card
_THIRTEEN = _U(8191)


def _select_table() -> np.ndarray:
    """_SELECT[q, m, k]: the k-th card of the 13-bit mask m of suit q."""
    table = np.zeros((4, 8192, 13), dtype=np.int64)
    for q in range(4):
        for m, cards in enumerate(SUIT_CARDS[q]):
            table[q, m, : len(cards)] = cards
    return table


_SELECT = _select_table().ravel()  # _SELECT[8192 * 13 * q + 13 * m + k]
_QUARTER = np.intp(8192 * 13)
_LOW26 = _U((1 << 26) - 1)
_U26 = _U(26)
_U13 = _U(13)
_TWO = np.uint8(2)


def _extreme_tables(strength: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """For each 13-bit mask of one suit's cards, the offset of its strongest and of its weakest card."""
    bits = (np.arange(8192)[:, None] >> np.arange(13)) & 1 == 1
    s = np.array(strength[:13])
    return np.where(bits, s, -1).argmax(axis=1), np.where(bits, s, 99).argmin(axis=1)


_EXTREMES = {"high": _extreme_tables(STRENGTH_ACE_HIGH), "low": _extreme_tables(STRENGTH_ACE_LOW)}


@functools.cache
def _order_tables(n: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    """``order[leader, holders]``: the seats of a trick led by ``leader`` in play order, when
    the bits of ``holders`` are the seats holding cards (the leader's among them), padded
    with -1 to ``n + 1`` places; ``size[holders]``: how many seats that is."""
    circles = seat_circles(n, step)
    order = np.full((n, 1 << n, n + 1), -1, dtype=np.int64)
    for holders in range(1 << n):
        for s in range(n):
            seq = [t for t in circles[s] if holders >> t & 1]
            order[s, holders, : len(seq)] = seq
    size = np.array([bin(h).count("1") for h in range(1 << n)], dtype=np.int64)
    return order, size


def legal_masks(hands: np.ndarray, led: np.ndarray | int, required: np.ndarray | int) -> np.ndarray:
    """:func:`.legal.legal_mask` for many rows at once: the cards of each hand that may be played.

    ``hands`` are hand masks (``uint64``); ``led`` is the led suit 0..3, or -1 (``NO_SUIT``)
    when leading; ``required`` is the card a lead must be (the opening card, rule 3, or
    the card drawn from the waste pile, rule 6) or -1 (``NO_CARD``). It is ignored when
    following, as in :func:`.legal.legal_mask`. Scalars broadcast.

    >>> from bhabho_widget.engine.cards import mask_of
    >>> hand = mask_of(["AS", "4H", "9H", "2C"])
    >>> [int(m) for m in legal_masks(np.array([hand] * 3, dtype=np.uint64), np.array([1, 2, -1]), -1)] == [
    ...     mask_of(["4H", "9H"]), hand, hand]
    True
    >>> int(legal_masks(np.uint64(hand), -1, 12)) == mask_of(["AS"])   # the opening card must be led
    True
    """
    hands = np.asarray(hands, dtype=np.uint64)
    led = np.asarray(led)
    follow = hands & _SUIT_OR_NONE[led]  # no cards when leading
    legal = np.where(follow != _ZERO, follow, hands)
    forced = _BIT_OR_NONE[required]  # no card when nothing is required
    forced *= led < 0  # required only when leading
    return np.where(forced != _ZERO, forced, legal)


def random_cards(rng: np.random.Generator | None, masks: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
    """For each non-empty hand mask, the index of one of its cards, uniformly at random.

    ``u``: one uniform number in [0, 1) per mask to pick with (common random numbers);
    drawn from ``rng`` when not given.

    >>> picks = random_cards(np.random.default_rng(0), np.full(1000, 0b1010 | 1 << 51, dtype=np.uint64))
    >>> sorted(set(picks.tolist()))
    [1, 3, 51]
    """
    # the k-th card of the mask, found by halving: 26 bits, then 13, then a table
    low = masks & _LOW26
    below = np.bitwise_count(low)
    top = masks >> _U26
    if u is None:
        assert rng is not None
        u = rng.random(len(masks))
    pick = (u * (below + np.bitwise_count(top))).astype(np.uint8)
    high = pick >= below
    pick -= below * high
    half = np.where(high, top, low)
    low = half & _THIRTEEN
    below = np.bitwise_count(low)
    upper = pick >= below
    pick -= below * upper
    where = np.where(upper, half >> _U13, low).astype(np.intp)
    where *= 13
    where += pick
    where += _QUARTER * (high.view(np.uint8) * _TWO + upper.view(np.uint8))
    return _SELECT[where]


# ---------------------------------------------------------------------- the rules-of-thumb policy
POLICIES = ("random", "rules", "open")
"""How the lockstep player chooses cards: uniformly at random, by :class:`.bots.RuleBot`'s rules
of thumb, or by the rules of thumb with every hand open (:func:`open_cards`)."""


@functools.cache
def _policy_tables(ace: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For one suit's 13-bit masks: the strength of each offset, the offset of the strongest
    and of the weakest card of each mask, and ``below[t]``: the offsets weaker than strength ``t``."""
    strength = np.array((STRENGTH_ACE_LOW if ace == "low" else STRENGTH_ACE_HIGH)[:13], dtype=np.int64)
    strongest, weakest = _EXTREMES[ace]
    below = np.array([sum(1 << r for r in range(13) if strength[r] < t) for t in range(14)], dtype=np.uint64)
    return strength, strongest, weakest, below


def _suit_parts(masks: np.ndarray) -> np.ndarray:
    """The 13-bit mask of each suit of each mask: ``(4, rows)`` int64."""
    return ((masks[None, :] >> (_U13 * np.arange(4, dtype=np.uint64))[:, None]) & _THIRTEEN).astype(np.int64)


def rule_cards(hands: np.ndarray, legal: np.ndarray, led: np.ndarray, table: np.ndarray, last: np.ndarray,
               danger: np.ndarray, ace: str = "high", explore: float = 0.0, u: np.ndarray | None = None,
               u2: np.ndarray | None = None) -> np.ndarray:
    """:meth:`.bots.RuleBot.choose_card` for many rows at once: the card index each row plays.

    ``hands``: the player's hand; ``legal``: its legal cards (:func:`legal_masks`); ``led``:
    the led suit, -1 when leading; ``table``: the cards on the table (a mask); ``last``: the
    player is the trick's last; ``danger``: a 4-bit mask per row of the suits some other
    player holding cards has shown it lacks (:class:`SeatView.voids`). The rules: one legal
    card is played; a lead is, with chance ``explore`` (uniform numbers ``u``, and ``u2``
    for the card), any legal card, else the weakest card of the suit that is safest (no
    known void), lowest and longest; a follower ducks under the strongest card of the led
    suit on the table with its strongest card that does (the last player dumps its
    strongest); a player who cannot follow throws its strongest card, from its shortest
    suit among equals. Ties go to the lower suit, as in :class:`.bots.RuleBot`.

    >>> from bhabho_widget.engine.cards import DECK, mask_of
    >>> h = np.array([mask_of(["4H", "9H", "KS", "2C"])], dtype=np.uint64)
    >>> def one(led, table=(), last=False, danger=0):
    ...     t = np.array([mask_of(table)], dtype=np.uint64)
    ...     c = rule_cards(h, legal_masks(h, led, -1), np.array([led]), t, np.array([last]), np.array([danger]))
    ...     return str(DECK[int(c[0])])
    >>> one(-1), one(-1, danger=0b1000), one(1, ["TH"]), one(1, ["TH"], last=True), one(2, ["QD"])
    ('2♣', '4♥', '9♥', '9♥', 'K♠')
    """
    strength, strongest, weakest, below = _policy_tables(ace)
    rows = len(hands)
    out = np.empty(rows, dtype=np.int64)
    suits = np.arange(4)[:, None]
    parts = _suit_parts(legal)
    count = np.bitwise_count(parts.astype(np.uint64)).astype(np.int64)
    single = count.sum(axis=0) == 1
    # one legal card (a forced lead, the only card of the suit): that card
    q = count.argmax(axis=0)
    col = np.arange(rows)
    out[:] = 13 * q + strongest[parts[q, col]]
    lead = (led < 0) & ~single
    follow = (led >= 0) & ~single
    if np.count_nonzero(lead):
        r = np.flatnonzero(lead)
        hp = _suit_parts(hands[r])
        n = np.bitwise_count(hp.astype(np.uint64)).astype(np.int64)
        low = weakest[hp]
        risky = (danger[r][None, :] >> suits) & 1
        key = np.where(n > 0, risky * 1000 + strength[low] * 20 + (13 - n), 1 << 20)
        q = key.argmin(axis=0)
        card = 13 * q + low[q, np.arange(len(r))]
        if explore > 0:
            assert u is not None
            wild = u[r] < explore
            if np.count_nonzero(wild):
                card[wild] = random_cards(None, legal[r][wild], u2[r][wild] if u2 is not None else None)
        out[r] = card
    if np.count_nonzero(follow):
        r = np.flatnonzero(follow)
        ledr = led[r]
        col = np.arange(len(r))
        lp = _suit_parts(legal[r])
        mine = lp[ledr, col]
        has = mine != 0
        # following: duck under the strongest card of the led suit, or dump the strongest card
        top = strength[strongest[_suit_parts(table[r])[ledr, col]]]
        duck = mine & below[top].astype(np.int64)
        pick = np.where(last[r] | (duck == 0), strongest[mine], strongest[duck])
        card = 13 * ledr + pick
        # cannot follow (a tochoo, or a discard): the strongest card, from the shortest suit among equals
        n = np.bitwise_count(lp.astype(np.uint64)).astype(np.int64)
        hi = strongest[lp]
        key = np.where(n > 0, strength[hi] * 16 + (15 - n), -1)
        q = key.argmax(axis=0)
        out[r] = np.where(has, card, 13 * q + hi[q, col])
    return out


def open_cards(legal: np.ndarray, led: np.ndarray, table: np.ndarray, danger: np.ndarray, safe: np.ndarray,
               u: np.ndarray, ace: str = "high") -> np.ndarray:
    """The card each row plays by the rules of thumb with every hand open (``policy="open"``).

    The player sees every hand, so it knows what a player of :class:`.bots.RuleBot` can only
    guess: whether a later player of the trick lacks the led suit, and which suits every
    other player holds. ``legal``: the player's legal cards (:func:`legal_masks`); ``led``:
    the led suit, -1 when leading; ``table``: the cards on the table; ``danger``: a later
    player of the trick lacks the led suit, and a failure to follow would make the
    strongest card of the suit pick up (:func:`last_void`); ``safe``: the cards of the
    suits every other player holding cards holds (:func:`safe_suits`); ``u``: one uniform
    number per row. The rules:

    - a lead is a random card of a safe suit (no one can fail to follow it), any legal card
      when there is none;
    - a follower facing danger ducks under the strongest card of the led suit on the table
      with its strongest card that does, and plays its weakest card when none does;
      without danger (a clean trick) it sheds its strongest card;
    - a player who cannot follow throws its strongest card, from its shortest suit among equals.

    Random leads keep the continuations of one sampled deal apart; the rest is chosen.

    >>> from bhabho_widget.engine.cards import DECK, mask_of
    >>> hand = mask_of(["4H", "9H", "KS", "2C"])
    >>> def one(led, table=(), danger=False, safe=0, u=0.0):
    ...     legal = legal_masks(np.array([hand], dtype=np.uint64), led, -1)
    ...     c = open_cards(legal, np.array([led]), np.array([mask_of(table)], dtype=np.uint64), np.array([danger]),
    ...                    np.array([safe], dtype=np.uint64), np.array([u]))
    ...     return str(DECK[int(c[0])])
    >>> one(1, ["TH"]), one(1, ["TH"], danger=True), one(1, ["8H"], danger=True), one(2, ["QD"])
    ('9♥', '9♥', '4♥', 'K♠')
    >>> one(-1, safe=mask_of(["2C"])), one(-1, u=0.3)   # a safe suit's card; none safe: any card
    ('2♣', '4♥')
    """
    strength, strongest, weakest, below = _policy_tables(ace)
    lead = led < 0
    out = np.empty(len(legal), dtype=np.int64)
    lr = np.flatnonzero(lead)
    if len(lr):
        mine_safe = legal[lr] & safe[lr]
        out[lr] = random_cards(None, np.where(mine_safe != _ZERO, mine_safe, legal[lr]), u[lr])
    follow = np.flatnonzero(~lead)
    if len(follow):
        shift = (13 * led[follow]).astype(np.uint64)
        mine = ((legal[follow] >> shift) & _THIRTEEN).astype(np.int64)
        top = strength[strongest[((table[follow] >> shift) & _THIRTEEN).astype(np.int64)]]
        under = mine & below[top].astype(np.int64)
        duck = np.where(under != 0, strongest[under], weakest[mine])
        out[follow] = 13 * led[follow] + np.where(danger[follow], duck, strongest[mine])
        cannot = follow[mine == 0]
        if len(cannot):  # a tochoo or a discard: the strongest card, from the shortest suit among equals
            parts = _suit_parts(legal[cannot])
            n = np.bitwise_count(parts.astype(np.uint64)).astype(np.int64)
            hi = strongest[parts]
            key = np.where(n > 0, strength[hi] * 16 + (15 - n), -1)
            q = key.argmax(axis=0)
            out[cannot] = 13 * q + hi[q, np.arange(len(cannot))]
    return out


def last_void(hands: np.ndarray, order: np.ndarray, led: np.ndarray) -> np.ndarray:
    """For rows in a trick: the last position in the trick's ``order`` (``-1`` past its
    end) whose seat holds no card of the ``led`` suit, 0 when none does. A player's hand
    does not change in a trick before it plays, so the later players lack the led suit
    exactly where this is beyond the position of the one to play (:func:`open_cards`'s
    ``danger``). ``hands``: every hand of each row.

    >>> from bhabho_widget.engine.cards import mask_of
    >>> hand = [mask_of(["4H"]), mask_of(["9H"]), mask_of(["KS"]), mask_of(["2H"])]
    >>> hands, order = np.array([hand, hand], dtype=np.uint64), np.array([[1, 2, 3, 0, -1]] * 2)
    >>> last_void(hands, order, np.array([1, 0])).tolist()   # seat 1 led a heart; a spade
    [1, 3]
    """
    lacks = (hands & _SUIT[led][:, None]) == _ZERO  # (rows, seats)
    at = np.take_along_axis(lacks, np.maximum(order, 0), axis=1) & (order >= 0)
    at[:, 0] = False  # the leader has played
    k = at.shape[1]
    return np.where(at.any(axis=1), k - 1 - at[:, ::-1].argmax(axis=1), 0)


_SUITS_OF = np.array([sum(SUIT_MASKS[q] for q in range(4) if b >> q & 1) for b in range(16)], dtype=np.uint64)


def safe_suits(hands: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """The cards of the suits that every player holding cards other than ``seat`` holds, per row."""
    others = hands.copy()
    others[np.arange(len(hands)), seat] = _ZERO
    held = np.where(others == _ZERO, 15, 0)  # a player without cards constrains nothing
    for q in range(4):
        held |= ((others & _SUIT[q]) != _ZERO) << q
    return _SUITS_OF[np.bitwise_and.reduce(held, axis=1)]


# ---------------------------------------------------------------------- rule 10
def _fmix(x: np.ndarray) -> np.ndarray:
    """MurmurHash3's 64-bit finalizer: a bijection of uint64 with full avalanche."""
    x = x ^ (x >> _U(33))
    x = x * _U(0xFF51AFD7ED558CCD)
    x = x ^ (x >> _U(33))
    x = x * _U(0xC4CEB9FE1A85EC53)
    return x ^ (x >> _U(33))


_HASH_RNG = np.random.default_rng(0xB4AB40)
_SALT = _HASH_RNG.integers(0, 2**63, size=9, dtype=np.int64).astype(np.uint64) * _U(2) + _U(1)
_MULT = _HASH_RNG.integers(0, 2**63, size=(9, 2), dtype=np.int64).astype(np.uint64) * _U(2) + _U(1)


def position_hashes(hands: np.ndarray, leader: np.ndarray, waste: np.ndarray) -> np.ndarray:
    """Two independent 64-bit hashes of each row's rule-10 position: ``(rows, 2)`` uint64.

    A position is every hand (``hands``, ``(rows, seats)`` masks), the player to lead
    (``leader``) and the waste pile as a set (``waste``), as in :meth:`Game.position_counts`.
    Each of the ``seats + 1`` words (the hands, and the waste pile with the leader in bits
    52-55) is salted by its place and mixed by a bijection (MurmurHash3's finalizer); the
    two hashes are two sums of the mixed words with independent random odd multipliers.
    Two different positions differ in at least one mixed word, so a position that differs
    in one word never collides; for the rest, modelling the mixed words as random, two
    different positions share both hashes with odds of about 2**-128. A game that counts
    ``T`` positions compares fewer than ``T**2 / 2`` pairs, so even a game of a million
    tricks has odds below 2**-88 of a false stalemate.

    >>> h = position_hashes(np.array([[3, 4], [4, 3]], dtype=np.uint64), np.array([0, 0]), np.zeros(2, np.uint64))
    >>> h.shape, bool((h[0] != h[1]).all())
    ((2, 2), True)
    """
    hands = np.asarray(hands, dtype=np.uint64)
    n = hands.shape[1]
    last = np.asarray(waste, dtype=np.uint64) | (np.asarray(leader).astype(np.uint64) & _U(15)) << _U(52)
    words = np.concatenate([hands, last[:, None]], axis=1)
    return _fmix(words ^ _SALT[: n + 1]) @ _MULT[: n + 1]


def _history_from(state: GameState, n: int, whole_pile: bool) -> np.ndarray:
    """The hashes of the positions ``state`` has counted, each as often as it was counted.

    Without the whole-pile variant the waste pile grows at every clean trick and never
    loses a card otherwise, so only positions with today's waste pile can come round again.
    """
    keys = [(hands, leader, waste, count) for (hands, leader, waste), count in state.positions.items()
            if whole_pile or waste == state.waste]
    if not keys:
        return np.zeros((0, 2), dtype=np.uint64)
    h = position_hashes(np.array([k[0] for k in keys], dtype=np.uint64).reshape(len(keys), n),
                        np.array([-1 if k[1] is None else k[1] for k in keys]),
                        np.array([k[2] for k in keys], dtype=np.uint64))
    return np.repeat(h, [k[3] for k in keys], axis=0)


# ---------------------------------------------------------------------- results
@dataclass(frozen=True)
class RandomGames:
    """The outcome of a batch of random games; arrays are indexed by game.

    ``hands[k, seat]``: the deal (hand masks); ``seeds[k]``: the game's seed (its draws);
    ``loser``: the bhabhi's seat (-1 when nobody lost: a stalemate, or a game that did not
    finish); ``stalemate``: the round ended in a stalemate (rule 10); ``length``: plays made;
    ``tricks``: tricks completed; ``draws``: cards drawn from the waste pile;
    ``escaped[k]``: seats in the order they escaped (-1 pads); ``finished``: the round
    ended (stalemates included), False for games stopped after ``max_moves`` plays;
    ``moves[k, :length[k]]``: the cards played (card indices, see :mod:`.cards`).
    """

    num_players: int
    rules: Rules
    hands: np.ndarray
    seeds: np.ndarray
    loser: np.ndarray
    stalemate: np.ndarray
    length: np.ndarray
    tricks: np.ndarray
    draws: np.ndarray
    escaped: np.ndarray
    finished: np.ndarray
    moves: np.ndarray

    def __len__(self) -> int:
        return len(self.loser)

    def game(self, k: int) -> Game:
        """Game ``k`` replayed through :class:`Game`: every event, undo and record."""
        if not 0 <= k < len(self):
            raise IndexError(f"no game {k} in a batch of {len(self)}")
        g = Game.from_hands([cards_of(int(h)) for h in self.hands[k]], rules=self.rules, seed=int(self.seeds[k]))
        for i in self.moves[k, : self.length[k]]:
            g.play_index(int(i))
        return g

    def loss_counts(self) -> np.ndarray:
        """How often each seat was the bhabhi."""
        return np.bincount(self.loser[self.loser >= 0], minlength=self.num_players)


@dataclass(frozen=True)
class Rollouts:
    """Random continuations of a game (see :func:`rollouts`); arrays are indexed by rollout.

    ``first``: the first card played (a card index; -1 when the game was already over);
    ``loser``: the bhabhi's seat, -1 when nobody lost (a stalemate, ``must_draw=False``
    with nobody left, or a rollout stopped after ``max_moves`` plays); ``stalemate``,
    ``finished``: as in :class:`RandomGames`; ``length``: plays made in the rollout;
    ``tricks``, ``draws``: completed tricks and draws in the whole game so far (as
    ``game.trick_number - 1`` and ``len(game.drawn_cards())`` at the end);
    ``escaped[k]``: every escaped seat in order, those before the rollout first (-1 pads);
    ``moves[k, :length[k]]``: the cards played. ``starts`` are copies of the games as they
    were and ``source[k]`` the one rollout ``k`` continues (0 for a single game).
    ``trick_end[k]``: who picked up the first trick that ended in rollout ``k`` (the trick in
    play at its start, or the next one led), -1 when it went round cleanly, :data:`NOT_ENDED`
    when none ended (the game was over); ``trick_escaped[k]``: the seats (bit ``1 << s``) that
    had escaped when that trick ended, those before the rollout too; ``trick_leader[k]``: who
    had the power after it (-1 when nobody: the game ended there, or none ended).
    """

    starts: tuple[Game, ...]
    source: np.ndarray
    loser: np.ndarray
    stalemate: np.ndarray
    finished: np.ndarray
    first: np.ndarray
    length: np.ndarray
    tricks: np.ndarray
    draws: np.ndarray
    escaped: np.ndarray
    moves: np.ndarray
    trick_end: np.ndarray
    trick_escaped: np.ndarray
    trick_leader: np.ndarray

    def __len__(self) -> int:
        return len(self.loser)

    @property
    def start(self) -> Game:
        """The (first) game the rollouts continue, as it was."""
        return self.starts[0]

    def game(self, k: int) -> Game:
        """Rollout ``k`` replayed through :class:`Game` on a copy of its start."""
        if not 0 <= k < len(self):
            raise IndexError(f"no rollout {k} in {len(self)}")
        g = self.starts[int(self.source[k])].copy()
        for i in self.moves[k, : self.length[k]]:
            g.play_index(int(i))
        return g

    def loss_counts(self) -> np.ndarray:
        """How often each seat was the bhabhi."""
        return np.bincount(self.loser[self.loser >= 0], minlength=self.start.num_players)

    def by_first_move(self, seat: int) -> dict[int, tuple[int, int]]:
        """For each first card played: (rollouts, rollouts that ``seat`` lost), for a Monte Carlo choice.

        >>> r = rollouts(Game.from_hands([["QH", "5S"], ["JD", "2S"], ["3C"]], leader=0, seed=0), 300, seed=0)
        >>> sorted(r.by_first_move(0))  # seat 0 leads either card
        [3, 23]
        """
        out = {}
        for card in np.unique(self.first[self.first >= 0]).tolist():
            mine = self.first == card
            out[card] = (int(mine.sum()), int((self.loser[mine] == seat).sum()))
        return out


# ---------------------------------------------------------------------- the lockstep player
class _Rows:
    """The state of the games still being played, one row each, as numpy arrays.

    Between tricks ``led`` is -1 and ``req`` the card the lead must be (or -1); during a
    trick ``order[:olen]`` are its seats in play order, ``tlen`` cards are on the table
    (``tmask``) and ``played[card]`` is the seat that played ``card``. ``emptied``: a hand
    became empty in this trick (only then may someone escape or the game end).

    Rule 10 keeps the hashes (:func:`position_hashes`) of the positions each row has
    counted, in one of two ways. Without the whole-pile variant the waste pile gains cards
    at every clean trick and loses none otherwise, so no position before a clean trick can
    come round again: each row keeps only the positions since its last clean trick, a few
    as a rule, in ``hist1/hist2[slot, :hlen]`` (indexed through ``slot``, so that finished
    rows cost no copy), compared with numpy. In the whole-pile variant a pickup empties the
    waste pile, so a game must remember every position, often thousands: each row has a
    dict of counts (``tables[id]``) instead, one lookup per trick.
    """

    PER_ROW = ("ids", "hands", "cur", "leader", "led", "req", "opening", "tlen", "tmask", "order", "olen", "played",
               "emptied", "waste", "escaped", "isesc", "nesc", "draws", "tricks", "slot", "hlen", "voids",
               "lastvoid")

    def __init__(self, m: int, n: int, whole_pile: bool) -> None:
        self.ids = np.arange(m)
        self.hands = np.zeros((m, n), dtype=np.uint64)
        self.cur = np.zeros(m, dtype=np.int64)
        self.leader = np.zeros(m, dtype=np.int64)
        self.led = np.full(m, NO_SUIT, dtype=np.int64)
        self.req = np.full(m, NO_CARD, dtype=np.int64)
        self.opening = np.zeros(m, dtype=bool)
        self.tlen = np.zeros(m, dtype=np.int64)
        self.tmask = np.zeros(m, dtype=np.uint64)
        self.order = np.full((m, n + 1), -1, dtype=np.int64)
        self.olen = np.zeros(m, dtype=np.int64)
        self.played = np.zeros((m, 52), dtype=np.int8)
        self.emptied = np.zeros(m, dtype=bool)
        self.waste = np.zeros(m, dtype=np.uint64)
        self.escaped = np.full((m, n), -1, dtype=np.int64)
        self.isesc = np.zeros((m, n), dtype=bool)
        self.nesc = np.zeros(m, dtype=np.int64)
        self.draws = np.zeros(m, dtype=np.int64)
        self.tricks = np.zeros(m, dtype=np.int64)
        self.slot = np.arange(m)
        self.hlen = np.zeros(m, dtype=np.int64)
        self.voids = np.zeros((m, n), dtype=np.int64)  # the suits each seat has shown it lacks (SeatView.voids)
        self.lastvoid = np.zeros(m, dtype=np.int64)  # the last seat of the trick's order lacking the led suit (last_void)
        self.hist1 = np.zeros((m, 0 if whole_pile else 16), dtype=np.uint64)
        self.hist2 = np.zeros_like(self.hist1)
        self.tables: list[dict | None] | None = [{} for _ in range(m)] if whole_pile else None

    def keep(self, keep: np.ndarray) -> None:
        """Drop the rows where ``keep`` is False."""
        if self.tables is not None:
            for g in self.ids[~keep].tolist():
                self.tables[g] = None
        at = np.flatnonzero(keep)
        for name in self.PER_ROW:
            setattr(self, name, getattr(self, name)[at])
        if len(self.ids) < len(self.hist1) // 2:  # now and then, drop the histories of finished rows
            self.hist1, self.hist2 = self.hist1[self.slot], self.hist2[self.slot]
            self.slot = np.arange(len(self.ids))

    def load_history(self, rows: slice, h: np.ndarray) -> None:
        """The ``rows`` have counted the positions with hashes ``h`` (``(k, 2)``, repeats counted)."""
        if self.tables is not None:
            counts: dict = {}
            for key in zip(h[:, 0].tolist(), h[:, 1].tolist()):
                counts[key] = counts.get(key, 0) + 1
            for g in range(*rows.indices(len(self.tables))):
                self.tables[g] = dict(counts)
            return
        k = len(h)
        if k > self.hist1.shape[1]:
            self._grow(k)
        self.hist1[rows, :k] = h[:, 0]
        self.hist2[rows, :k] = h[:, 1]
        self.hlen[rows] = k

    def _grow(self, need: int) -> None:
        cap = max(need, 2 * self.hist1.shape[1])
        pad = np.zeros((len(self.hist1), cap - self.hist1.shape[1]), dtype=np.uint64)
        self.hist1 = np.concatenate([self.hist1, pad], axis=1)
        self.hist2 = np.concatenate([self.hist2, pad], axis=1)

    def count(self, r: np.ndarray, fresh: np.ndarray) -> np.ndarray:
        """Rule 10 for rows ``r`` at the end of a trick (``fresh``: the trick was clean):
        count their positions; True where the same one has come round STALEMATE_REPEATS times."""
        h = position_hashes(self.hands[r], self.leader[r], self.waste[r])
        if self.tables is not None:
            tables = self.tables
            counts: list[int] = []
            for g, h1, h2 in zip(self.ids[r].tolist(), h[:, 0].tolist(), h[:, 1].tolist()):
                table = tables[g]
                c = table[h1, h2] = table.get((h1, h2), 0) + 1  # type: ignore[union-attr,index]
                counts.append(c)
            return np.array(counts, dtype=np.int64) >= STALEMATE_REPEATS
        hlen = np.where(fresh, 0, self.hlen[r])  # a clean trick grew the waste pile: start afresh
        slot = self.slot[r]
        seen = np.ones(len(r), dtype=np.int64)
        total = int(hlen.sum())
        if total:  # every counted position of each row, flattened; the first hashes find candidates
            row = np.repeat(np.arange(len(r)), hlen)
            col = np.arange(total) - np.repeat(np.cumsum(hlen) - hlen, hlen)
            hit = np.flatnonzero(self.hist1[slot[row], col] == h[row, 0])
            if len(hit):  # and the second ones confirm them
                row, col = row[hit], col[hit]
                seen += np.bincount(row[self.hist2[slot[row], col] == h[row, 1]], minlength=len(r))
        top = int(hlen.max())
        if top + 1 > self.hist1.shape[1]:
            self._grow(top + 1)
        self.hist1[slot, hlen] = h[:, 0]
        self.hist2[slot, hlen] = h[:, 1]
        self.hlen[r] = hlen + 1
        return seen >= STALEMATE_REPEATS


@dataclass
class _Outcome:
    loser: np.ndarray
    stalemate: np.ndarray
    finished: np.ndarray
    length: np.ndarray
    tricks: np.ndarray
    draws: np.ndarray
    escaped: np.ndarray
    moves: np.ndarray
    trick_end: np.ndarray
    trick_escaped: np.ndarray
    trick_leader: np.ndarray


NOT_ENDED = -2
"""``Rollouts.trick_end`` of a rollout whose first trick did not end (the game was over)."""


def _lockstep(s: _Rows, n: int, rules: Rules, rng: np.random.Generator, max_moves: int,
              seed_of: Callable[[int], int], policy: str = "random", explore: float = 0.0,
              streams: np.ndarray | None = None) -> _Outcome:
    """Play every row of ``s`` with uniformly random legal cards (``policy="random"``), the
    rules of thumb (``"rules"``, :func:`rule_cards`) or the rules of thumb with every hand
    open (``"open"``, :func:`open_cards`) until it ends or has made
    ``max_moves`` plays; ``seed_of(row id)`` is the game seed of that row's draws.
    ``streams[row id]``: the stream of random numbers the row draws from (rows of one
    stream use the same numbers at each play: common random numbers); every row its own
    when None."""
    m = len(s.ids)
    rule_policy = policy == "rules"
    open_policy = policy == "open"
    strength_name = rules.ace
    num_streams = 0 if streams is None else int(streams.max(initial=-1)) + 1

    def uniforms(a: int) -> np.ndarray:
        return rng.random(a) if streams is None else rng.random(num_streams)[streams[s.ids]]

    discard = rules.off_suit == "discard"
    pickup_form = rules.picker == "offsuit_player"
    lowest = rules.next_leader == "lowest"
    whole_pile = rules.pickup == "trick_and_waste"
    top_picks = not discard and not pickup_form  # a failure to follow makes the strongest card pick up
    strongest, weakest = _EXTREMES[rules.ace]
    order_table, order_size = _order_tables(n, rules.step)
    powers = 1 << np.arange(n)

    out = _Outcome(loser=np.full(m, -1, dtype=np.int64), stalemate=np.zeros(m, dtype=bool),
                   finished=np.zeros(m, dtype=bool), length=np.zeros(m, dtype=np.int64),
                   tricks=np.zeros(m, dtype=np.int64), draws=np.zeros(m, dtype=np.int64),
                   escaped=np.full((m, n), -1, dtype=np.int64),
                   moves=np.full((m, min(max_moves, 256)), -1, dtype=np.int8),
                   trick_end=np.full(m, NOT_ENDED, dtype=np.int64), trick_escaped=np.zeros(m, dtype=np.int64),
                   trick_leader=np.full(m, -1, dtype=np.int64))

    def finish(r: np.ndarray, stalemate: bool) -> None:
        gid = s.ids[r]
        if not stalemate:
            holds = s.hands[r] != _ZERO
            out.loser[gid] = np.where(holds.any(axis=1), holds.argmax(axis=1), -1)
        out.stalemate[gid] = stalemate
        out.finished[gid] = True
        stop(r)

    def stop(r: np.ndarray) -> None:
        gid = s.ids[r]
        out.length[gid] = plays
        out.tricks[gid] = s.tricks[r]
        out.draws[gid] = s.draws[r]
        out.escaped[gid] = s.escaped[r]

    plays = 0  # every row has made this many plays
    moves = out.moves
    a = -1
    opening_live = bool(np.count_nonzero(s.opening))
    while len(s.ids):
        if plays == max_moves:
            stop(np.arange(len(s.ids)))
            break
        if a != len(s.ids):  # the rows, and where each row starts in the flattened (row, seat) and (row, card) arrays
            a = len(s.ids)
            rows = np.arange(a)
            by_seat, by_card = rows * n, rows * 52
        hands, cur, led = s.hands, s.cur, s.led
        flat_hands, flat_played = hands.reshape(-1), s.played.reshape(-1)
        # ---- a uniformly random legal card, or the rules of thumb
        at = by_seat + cur
        hand = flat_hands[at]
        legal = legal_masks(hand, led, s.req)
        u = uniforms(a)
        if rule_policy:
            u2 = uniforms(a) if explore > 0 else None
            danger = np.zeros(a, dtype=np.int64)  # read by leads only: the voids of the others holding cards
            lr = np.flatnonzero(led < 0)
            if len(lr):
                shown = s.voids[lr] * (hands[lr] != _ZERO)
                shown[np.arange(len(lr)), cur[lr]] = 0
                for seat in range(n):
                    danger[lr] |= shown[:, seat]
            last = s.tlen == s.olen - 1
            card = rule_cards(hand, legal, led, s.tmask, last, danger, strength_name, explore, u, u2)
        elif open_policy:
            if top_picks:  # with every hand open: a later void threatens the top card; safe suits for leads
                threat = s.lastvoid > s.tlen
                if opening_live:
                    threat &= ~s.opening  # nobody picks up in the opening trick
                safe = np.zeros(a, dtype=np.uint64)  # read by leads only
                lr = np.flatnonzero(led < 0)
                if len(lr):
                    safe[lr] = safe_suits(hands[lr], cur[lr])
            else:  # the pick-up and discard forms: the top card never picks up, so shed it; lead anything
                threat = np.zeros(a, dtype=bool)
                safe = np.zeros(a, dtype=np.uint64)
            card = open_cards(legal, led, s.tmask, threat, safe, u, strength_name)
        else:
            card = random_cards(None, legal, u)
        if plays == moves.shape[1]:
            moves = out.moves = np.concatenate([moves, np.full_like(moves, -1)], axis=1)
        moves[s.ids, plays] = card
        plays += 1

        # ---- play it
        bit = _BIT[card]
        left = hand ^ bit
        flat_hands[at] = left
        s.emptied |= left == _ZERO
        flat_played[by_card + card] = cur
        suit = card // 13
        r = np.flatnonzero(led < 0)
        if len(r):  # a lead: the trick's seats are the holders, in play order from the leader
            c = cur[r]
            holders = (hands[r] != _ZERO) @ powers | 1 << c
            s.order[r] = order_table[c, holders]
            s.olen[r] = order_size[holders]
            led[r] = suit[r]
            s.req[r] = NO_CARD
            if open_policy and top_picks:
                s.lastvoid[r] = last_void(hands[r], s.order[r], led[r])
        if rule_policy:
            off = np.flatnonzero((led >= 0) & (suit != led))
            if len(off):  # not following: a tochoo or a discard shows a void (SeatView.voids)
                s.voids[off, cur[off]] |= 1 << led[off]
        s.tmask |= bit
        s.tlen += 1
        tlen = s.tlen
        full = tlen == s.olen
        if discard:
            clean, picks = full, None
        else:
            picks = suit != led
            if opening_live:
                picks &= ~s.opening
            clean = full & ~picks
        nxt = s.order.reshape(-1)[rows * (n + 1) + tlen]
        going = ~full if picks is None else ~(full | picks)
        s.cur = cur = np.where(going, nxt, cur)
        void = None
        if pickup_form:  # the next player cannot follow: they play no card and pick up
            void = going & ((flat_hands[by_seat + nxt] & _SUIT[led]) == _ZERO)
            if opening_live:
                void &= ~s.opening
            picks = picks | void  # type: ignore[operator]
        ends = clean if picks is None else clean | picks
        if not np.count_nonzero(ends):
            continue

        # ---- tricks that end. Who has the power: the picker (the strongest card of the led suit, rule 4;
        # the player who cannot follow, in the pick-up form), or the winner of a clean trick (the strongest
        # card of the led suit; the weakest in Get Away, except in the opening trick)
        r = np.flatnonzero(ends)
        ledr = led[r]
        tm = s.tmask[r]
        base = 13 * ledr
        suited = (tm >> base.astype(np.uint64)) & _THIRTEEN
        offset = strongest[suited]
        cl = clean[r]
        if lowest:
            offset = np.where(cl & ~s.opening[r], weakest[suited], offset)
        power = flat_played[by_card[r] + base + offset]
        if void is not None:
            power = np.where(void[r], nxt[r], power)
            if rule_policy:  # the player who cannot follow shows it, and picks up the led suit at once
                v = r[void[r]]
                s.voids[v, nxt[v]] |= 1 << led[v]
        s.leader[r] = power
        at = by_seat[r] + power
        held = flat_hands[at]
        pk = ~cl
        if rule_policy and np.count_nonzero(pk):  # a pickup: the picker holds the trick's suits now
            p = np.flatnonzero(pk)
            gone = _suit_parts(tm[p])
            shown = ((gone != 0) * (1 << np.arange(4))[:, None]).sum(axis=0)
            if whole_pile:  # the face-down waste pile too: any suit
                shown = np.where(s.waste[r[p]] != _ZERO, 15, shown)
            s.voids[r[p], power[p]] &= ~shown
        if whole_pile:  # the picker takes the waste pile too
            waste = s.waste[r]
            flat_hands[at] = held | (tm | waste) * pk
            s.waste[r] = waste * cl
        else:
            flat_hands[at] = held | tm * pk
        # a clean trick goes to the waste pile; rule 6 if its winner has no cards
        has = held != _ZERO
        s.waste[r] |= tm * (cl & has)
        bare = cl & ~has
        if np.count_nonzero(bare):
            _power_without_cards(s, r[bare], power[bare], rules.must_draw, seed_of, order_table)
        # ---- escapes (rule 5): the trick's players left without cards, in play order
        e = np.flatnonzero(ends & s.emptied)
        if len(e):
            seats = s.order[e, :n]
            safe = np.maximum(seats, 0)
            gone = (seats >= 0) & (hands[e[:, None], safe] == _ZERO) & (seats != s.leader[e, None])
            gone &= ~s.isesc[e[:, None], safe]
            i, k = np.nonzero(gone)
            if len(i):
                rg, sg = e[i], seats[i, k]
                s.escaped[rg, s.nesc[rg] + np.cumsum(gone, axis=1)[i, k] - 1] = sg
                s.isesc[rg, sg] = True
                s.nesc[e] += gone.sum(axis=1)
        # ---- the first trick to end in each row: who picked it up (-1: it went round cleanly), who had escaped
        gid = s.ids[r]
        first = out.trick_end[gid] == NOT_ENDED
        if np.count_nonzero(first):
            out.trick_end[gid[first]] = np.where(cl[first], -1, power[first])
            out.trick_escaped[gid[first]] = s.isesc[r[first]] @ powers
            out.trick_leader[gid[first]] = s.leader[r[first]]
        s.emptied[r] = False
        s.tlen[r] = 0
        s.tmask[r] = _ZERO
        led[r] = NO_SUIT
        if opening_live:
            s.opening[r] = False
            opening_live = bool(np.count_nonzero(s.opening))
        s.tricks[r] += 1
        cur[r] = s.leader[r]
        # ---- the end (rule 8), or count the position (rule 10)
        over = (hands[r] != _ZERO).sum(axis=1) <= 1
        goes_on = r[~over]
        stale = s.count(goes_on, clean[goes_on]) if len(goes_on) else over[:0]
        if np.count_nonzero(over) or np.count_nonzero(stale):
            finish(r[over], False)
            finish(goes_on[stale], True)
            keep = np.ones(a, dtype=bool)
            keep[r[over]] = False
            keep[goes_on[stale]] = False
            s.keep(keep)
    out.moves = out.moves[:, : max(1, int(out.length.max(initial=0)))]
    return out


def _power_without_cards(s: _Rows, r: np.ndarray, w: np.ndarray, must_draw: bool, seed_of: Callable[[int], int],
                         order_table: np.ndarray) -> None:
    """Rule 6 for rows ``r``: the clean trick's winners ``w`` have no cards. The steps are
    those of :mod:`bhabho_widget.engine.draw`, as :meth:`Game._power_without_cards` takes them:
    each row draws with :func:`~bhabho_widget.engine.draw.draw` itself (the card and the
    waste pile after it), the rest is done for all rows at once."""
    cards = s.tmask[r]
    if must_draw:  # steps 1 to 4: the draw from the waste pile as it was before the trick
        rows = zip(s.ids[r].tolist(), s.draws[r].tolist(), s.waste[r].tolist(), cards.tolist())
        drawn_list, after = zip(*[draw(seed_of(g), d, waste, trick) for g, d, waste, trick in rows])
        drawn = np.array(drawn_list, dtype=np.int64)
        s.waste[r] = np.array(after, dtype=np.uint64)
        s.hands[r, w] |= _BIT[drawn]
        s.voids[r, w] = 0  # a face-down card of any suit (SeatView.voids)
        s.draws[r] += 1
        s.req[r] = drawn
        return
    # step 5, must_draw=False: the winner escapes and the next player holding cards leads
    s.escaped[r, s.nesc[r]] = w
    s.isesc[r, w] = True
    s.nesc[r] += 1
    holders = (s.hands[r] != _ZERO) @ (1 << np.arange(s.hands.shape[1])) | 1 << w
    s.leader[r] = order_table[w, holders, 1]
    s.waste[r] |= cards


# ---------------------------------------------------------------------- entry points
def _check_policy(policy: object, explore: object) -> float:
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}"[:120])
    if not isinstance(explore, (int, float)) or isinstance(explore, bool) or not 0.0 <= explore <= 1.0:
        raise ValueError(f"explore must be a number from 0 to 1, not {explore!r}"[:120])
    return float(explore)


def _check_count(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be a positive integer, not {value!r}")
    return value


def _deal(rng: np.random.Generator, num_games: int, num_players: int) -> np.ndarray:
    """Shuffled packs dealt round the table: a (games, players) array of hand masks."""
    decks = rng.permuted(np.tile(np.arange(52), (num_games, 1)), axis=1)
    bits = _BIT[decks]
    return np.stack([np.bitwise_or.reduce(bits[:, s::num_players], axis=1) for s in range(num_players)], axis=1)


def play_random(num_games: int, num_players: int, rules: Rules = Rules(), seed: int | None = None,
                max_moves: int = MAX_MOVES, policy: str = "random", explore: float = 0.1) -> RandomGames:
    """Deal ``num_games`` games and play each with uniformly random legal cards until it
    ends (rule 8, or a stalemate: rule 10) or has made ``max_moves`` plays. The same
    ``seed`` gives the same batch. ``policy="rules"``: every seat plays the rules of thumb
    instead (:func:`rule_cards`; ``explore``: the chance of a random lead); ``"open"``: the
    rules of thumb with every hand open (:func:`open_cards`).

    >>> b = play_random(200, 4, seed=0, policy="rules", explore=0.0)  # RuleBot(explore=0) in every seat
    >>> int(b.finished.sum()), bool((b.loser >= 0).all())
    (200, True)
    """
    explore = _check_policy(policy, explore)
    _check_count("num_games", num_games)
    _check_count("max_moves", max_moves)
    # a probe game checks the seat count, the rules and the seed, and finds the opening card
    probe = Game.deal(num_players, seed=seed, rules=rules)
    n = num_players
    rng = np.random.default_rng(probe.seed)
    opening_card = probe.legal_cards()[0].index

    s = _Rows(num_games, n, rules.pickup == "trick_and_waste")
    deal = _deal(rng, num_games, n)
    s.hands = deal.copy()
    seeds = rng.integers(0, 2**63, size=num_games, dtype=np.int64)
    holder = ((s.hands >> _U(opening_card)) & _U(1)).argmax(axis=1).astype(np.int64)
    s.cur[:] = s.leader[:] = holder  # the holder of the opening card leads it
    s.req[:] = opening_card
    s.opening[:] = True
    s.count(s.ids, np.zeros(num_games, dtype=bool))  # rule 10 counts the start of the round
    seed_list = seeds.tolist()
    out = _lockstep(s, n, rules, rng, max_moves, seed_list.__getitem__, policy, explore)
    return RandomGames(num_players=n, rules=rules, hands=deal, seeds=seeds, loser=out.loser, stalemate=out.stalemate,
                       length=out.length, tricks=out.tricks, draws=out.draws, escaped=out.escaped,
                       finished=out.finished, moves=out.moves)


def rollouts(game: Game | Sequence[Game], num_rollouts: int, seed: int | None = None,
             max_moves: int = MAX_MOVES, policy: str = "random", explore: float = 0.1,
             voids: Sequence[Sequence[int]] | None = None, streams: Sequence[int] | np.ndarray | None = None) -> Rollouts:
    """Play ``num_rollouts`` random continuations of ``game`` from its current state, in
    lockstep: uniformly random legal cards (:func:`legal_masks`), no takes, until each ends.

    Any state of any rule set will do: mid-trick, the opening trick, a drawn card that must
    be led. Draws from the waste pile use the game's seed and draw number as
    :class:`Game` does, and rule 10 counts on from the positions the game has counted, so
    rollout ``k`` replays exactly through ``game.copy()`` (see :meth:`Rollouts.game`).
    ``seed`` seeds the random choices (None: fresh entropy). ``game`` is not changed.

    ``game`` may also be a sequence of games with the same rules and number of seats (say
    determinizations of one seat's view, :func:`.determinize.game_from_view`): ``num_rollouts`` of each,
    all in one lockstep, which costs much less than one call per game; rollouts
    ``j * num_rollouts`` to ``(j + 1) * num_rollouts - 1`` continue game ``j``.

    ``policy="rules"``: the continuations are played by the rules of thumb
    (:func:`rule_cards`, :class:`.bots.RuleBot`) instead of random cards, leading a random
    card with chance ``explore``. The rules read the suits each seat has shown it lacks:
    ``voids[j]`` for game ``j`` (as :attr:`SeatView.voids`), by default what its own
    events show (a game made by :func:`.determinize.game_from_view` has none: pass the view's).
    ``policy="open"``: the rules of thumb with every hand of the game open (:func:`open_cards`):
    the players see the sampled deal, so they need no voids.

    ``streams[j]``: the stream of random numbers of game ``j``'s rollouts (default: ``j``).
    Games of one stream draw the same numbers at each play, rollout ``i`` of one like
    rollout ``i`` of the other: common random numbers, for comparing the actions of one
    decision on equal terms. Rollouts of one game never share numbers.

    >>> g = Game.from_hands([["QH", "5S", "7C"], ["JD"]], rules=Rules(picker="offsuit_player"), leader=0, seed=0)
    >>> r = rollouts(g, 500, seed=3)  # rule 10's minimal case: no two hands ever share a suit
    >>> bool(r.stalemate.all()), bool(r.finished.all()), set(r.loser.tolist())
    (True, True, {-1})
    >>> r.game(0).is_stalemate
    True
    """
    _check_count("num_rollouts", num_rollouts)
    _check_count("max_moves", max_moves)
    games = [game] if isinstance(game, Game) else list(game) if isinstance(game, Sequence) else None
    if not games or not all(isinstance(g, Game) for g in games):
        raise TypeError(f"game must be a Game or a non-empty sequence of games, not {type(game).__name__}")
    n, rules = games[0].num_players, games[0].rules
    if any(g.num_players != n or g.rules != rules for g in games):
        raise ValueError("the games must all have the same rules and number of seats")
    explore = _check_policy(policy, explore)
    if voids is not None and len(voids) != len(games):
        raise ValueError(f"give one set of voids per game ({len(games)}), not {len(voids)}")
    stream_of = np.arange(len(games)) if streams is None else np.asarray(streams, dtype=np.int64)
    if stream_of.shape != (len(games),) or (len(stream_of) and stream_of.min() < 0):
        raise ValueError(f"give one stream (an integer from 0) per game ({len(games)})")
    m = num_rollouts
    total = m * len(games)
    states = [g.state() for g in games]
    starts = tuple(g.copy() for g in games)
    source = np.repeat(np.arange(len(games)), m)
    # a game already over: its rollouts are over at once
    loser = np.repeat([-1 if st.loser is None else st.loser for st in states], m)
    stalemate = np.repeat([st.stalemate for st in states], m)
    finished = np.repeat([st.is_over for st in states], m)
    length = np.zeros(total, dtype=np.int64)
    tricks = np.repeat([st.trick - 1 for st in states], m)
    draws = np.repeat([st.draws for st in states], m)
    escaped = np.full((total, n), -1, dtype=np.int64)
    for j, st in enumerate(states):
        escaped[j * m:(j + 1) * m, : len(st.escaped)] = st.escaped
    moves = np.full((total, 1), -1, dtype=np.int8)
    trick_end = np.full(total, NOT_ENDED, dtype=np.int64)
    trick_escaped = np.repeat([sum(1 << e for e in st.escaped) for st in states], m).astype(np.int64)
    trick_leader = np.full(total, -1, dtype=np.int64)

    live = [j for j, st in enumerate(states) if not st.is_over]
    if live:
        whole_pile = rules.pickup == "trick_and_waste"
        s = _Rows(m * len(live), n, whole_pile)
        for b, j in enumerate(live):
            rows = slice(b * m, (b + 1) * m)
            _load_state(s, rows, states[j])
            s.load_history(rows, _history_from(states[j], n, whole_pile))
            if policy == "rules":
                s.voids[rows] = games[j].seat_view(0).voids if voids is None else voids[j]
        seeds = [states[j].seed for j in live]
        row_streams = None
        if streams is not None:  # rollout i of stream t draws the numbers of stream t * m + i
            _, row_streams = np.unique((stream_of[live][:, None] * m + np.arange(m)).ravel(), return_inverse=True)
            row_streams = row_streams.astype(np.int64)
        out = _lockstep(s, n, rules, np.random.default_rng(seed), max_moves, lambda row: seeds[row // m], policy, explore,
                        row_streams)
        at = (np.array(live)[:, None] * m + np.arange(m)).ravel()
        loser[at], stalemate[at], finished[at] = out.loser, out.stalemate, out.finished
        length[at], tricks[at], draws[at], escaped[at] = out.length, out.tricks, out.draws, out.escaped
        trick_end[at] = out.trick_end
        ended = out.trick_end != NOT_ENDED
        trick_escaped[at[ended]] = out.trick_escaped[ended]
        trick_leader[at] = out.trick_leader
        if len(live) == len(games):
            moves = out.moves
        else:
            moves = np.full((total, out.moves.shape[1]), -1, dtype=np.int8)
            moves[at] = out.moves
    return Rollouts(starts=starts, source=source, loser=loser, stalemate=stalemate, finished=finished,
                    first=moves[:, 0].astype(np.int64), length=length, tricks=tricks, draws=draws, escaped=escaped,
                    moves=moves, trick_end=trick_end, trick_escaped=trick_escaped,
                    trick_leader=trick_leader)


def _load_state(s: _Rows, rows: slice, st: GameState) -> None:
    """Start ``rows`` of ``s`` from the state of play ``st`` (a game that is not over)."""
    s.hands[rows] = st.hands
    s.cur[rows] = -1 if st.current_player is None else st.current_player
    s.leader[rows] = -1 if st.leader is None else st.leader
    s.opening[rows] = st.opening
    s.waste[rows] = st.waste
    s.escaped[rows, : len(st.escaped)] = st.escaped
    s.isesc[rows, list(st.escaped)] = True
    s.nesc[rows] = len(st.escaped)
    s.draws[rows] = st.draws
    s.tricks[rows] = st.trick - 1
    if st.table:
        order = st.trick_order
        s.led[rows] = st.led_suit
        s.order[rows, : len(order)] = order
        s.olen[rows] = len(order)
        s.tlen[rows] = len(st.table)
        s.tmask[rows] = sum(1 << i for i in st.table)
        for seat, card in zip(order, st.table):
            s.played[rows, card] = seat
        s.emptied[rows] = any(not st.hands[seat] for seat in order[: len(st.table)])
        s.lastvoid[rows] = last_void(s.hands[rows], s.order[rows], s.led[rows])
    else:
        s.req[rows] = st.opening_card if st.opening else st.forced
