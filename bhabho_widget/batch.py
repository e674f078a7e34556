"""Many random games at once: :meth:`Game.playout` for whole batches, in lockstep with numpy.

Every game of a batch is dealt at random and played with a uniformly random legal card
at every turn and no takes. All games make their next play together, as array
operations, so a batch of thousands costs little more per game than the bookkeeping of
a few. The batch keeps each game's deal, seed and moves, and its draws from the waste
pile come from that seed exactly as in :class:`Game`, so every game replays through the
engine, with its full event log: ``batch.game(k)``.

>>> b = play_random(1000, 4, seed=0)
>>> int(b.finished.sum()), bool((b.loser >= 0).all())
(1000, True)
>>> g = b.game(3)
>>> (g.is_over, g.loser, len(g.moves)) == (True, b.loser[3], b.length[3])
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from . import game
from .cards import _SUIT_BITS, SUIT_MASKS, cards_of, indices
from .game import Game
from .rules import Rules

MAX_MOVES = 2_000  # a batch game this long is going round in circles (the pick-up form can)

_BIT = np.array([1 << i for i in range(52)], dtype=np.uint64)
_SUIT = np.array(SUIT_MASKS, dtype=np.uint64)
_STRENGTH_HIGH = np.array(game._STRENGTH_HIGH, dtype=np.int8)
_STRENGTH_LOW = np.array(game._STRENGTH_LOW, dtype=np.int8)


def _select_table() -> np.ndarray:
    """_SELECT[m, k]: the k-th lowest set bit of the 13-bit mask m."""
    table = np.zeros((8192, 13), dtype=np.int8)
    for m, bits in enumerate(_SUIT_BITS[0]):
        table[m, : len(bits)] = bits
    return table


_SELECT = _select_table()


def random_cards(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """For each non-empty hand mask, the index of one of its cards, uniformly at random."""
    chunks = [(masks >> np.uint64(13 * s)) & np.uint64(8191) for s in range(4)]
    counts = [np.bitwise_count(c).astype(np.int64) for c in chunks]
    pick = (rng.random(len(masks)) * (counts[0] + counts[1] + counts[2] + counts[3])).astype(np.int64)
    suit = np.zeros(len(masks), dtype=np.int64)
    for s in range(3):  # skip whole suits until the pick falls inside one
        move = (suit == s) & (pick >= counts[s])
        pick = np.where(move, pick - counts[s], pick)
        suit += move
    return 13 * suit + _SELECT[np.choose(suit, chunks).astype(np.int64), pick]


@dataclass(frozen=True)
class RandomGames:
    """The outcome of a batch of random games; arrays are indexed by game.

    ``hands[k, seat]``: the deal (hand masks); ``seeds[k]``: the game's seed (its draws);
    ``loser``: the bhabhi's seat (-1 when nobody lost or the game did not finish);
    ``length``: plays made; ``tricks``: tricks completed; ``draws``: cards drawn from the
    waste pile; ``escaped[k]``: seats in the order they escaped (-1 pads);
    ``finished``: False for games stopped after ``max_moves`` plays; ``moves[k, :length[k]]``:
    the cards played (card indices, see :mod:`.cards`).
    """

    num_players: int
    rules: Rules
    hands: np.ndarray
    seeds: np.ndarray
    loser: np.ndarray
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


def _deal(rng, num_games, num_players):
    """Shuffled packs dealt round the table: a (games, players) array of hand masks."""
    decks = rng.permuted(np.tile(np.arange(52), (num_games, 1)), axis=1)
    bits = _BIT[decks]
    return np.stack([np.bitwise_or.reduce(bits[:, s::num_players], axis=1) for s in range(num_players)], axis=1)


def play_random(num_games: int, num_players: int, rules: Rules = Rules(), seed: int | None = None,
                max_moves: int = MAX_MOVES) -> RandomGames:
    """Deal ``num_games`` games and play each with uniformly random legal cards until it
    ends or has made ``max_moves`` plays. The same ``seed`` gives the same batch.
    """
    if not isinstance(num_games, int) or isinstance(num_games, bool) or num_games < 1:
        raise ValueError(f"num_games must be a positive integer, not {num_games!r}")
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1:
        raise ValueError(f"max_moves must be a positive integer, not {max_moves!r}")
    # a probe game checks the seat count, the rules and the seed, and finds the opening card
    probe = Game.deal(num_players, seed=seed, rules=rules)
    n = num_players
    step = rules.step
    rng = np.random.default_rng(probe.seed)
    strength = _STRENGTH_LOW if rules.ace == "low" else _STRENGTH_HIGH
    discard = rules.off_suit == "discard"
    pickup_form = rules.picker == "offsuit_player"
    lowest = rules.next_leader == "lowest"
    whole_pile = rules.pickup == "trick_and_waste"
    opening_card = probe._opening_lead
    ring = np.array(game._circles(n, step), dtype=np.int64)  # ring[s]: every seat in play order from s

    # results, by game
    out_loser = np.full(num_games, -1, dtype=np.int64)
    out_length = np.zeros(num_games, dtype=np.int64)
    out_tricks = np.zeros(num_games, dtype=np.int64)
    out_draws = np.zeros(num_games, dtype=np.int64)
    out_escaped = np.full((num_games, n), -1, dtype=np.int64)
    out_finished = np.zeros(num_games, dtype=bool)
    out_moves = np.full((num_games, min(max_moves, 256)), -1, dtype=np.int8)

    # state of the games still being played, one row each
    ids = np.arange(num_games)
    hands = _deal(rng, num_games, n)
    deal = hands.copy()
    seeds = rng.integers(0, 2**63, size=num_games, dtype=np.int64)
    holder = (hands >> np.uint64(opening_card)) & np.uint64(1)
    cur = holder.argmax(axis=1).astype(np.int64)  # the holder of the opening card leads
    leader = cur.copy()
    opening = np.ones(num_games, dtype=bool)
    tlen = np.zeros(num_games, dtype=np.int64)
    led = np.zeros(num_games, dtype=np.int64)
    order = np.zeros((num_games, n), dtype=np.int64)
    olen = np.zeros(num_games, dtype=np.int64)
    hi_card = np.zeros(num_games, dtype=np.int64)
    hi_seat = np.zeros(num_games, dtype=np.int64)
    lo_card = np.zeros(num_games, dtype=np.int64)
    lo_seat = np.zeros(num_games, dtype=np.int64)
    nled = np.zeros(num_games, dtype=np.int64)
    tmask = np.zeros(num_games, dtype=np.uint64)
    waste = np.zeros(num_games, dtype=np.uint64)
    waste_n = np.zeros(num_games, dtype=np.int64)
    forced = np.full(num_games, -1, dtype=np.int64)
    emptied = np.zeros(num_games, dtype=bool)
    escaped = np.full((num_games, n), -1, dtype=np.int64)
    isesc = np.zeros((num_games, n), dtype=bool)
    nesc = np.zeros(num_games, dtype=np.int64)
    draws = np.zeros(num_games, dtype=np.int64)
    tricks = np.zeros(num_games, dtype=np.int64)
    plays = 0  # every row has made this many plays

    zero = np.uint64(0)
    while len(ids):
        a = len(ids)
        rows = np.arange(a)
        if plays == max_moves:
            out_length[ids] = plays
            out_tricks[ids] = tricks
            out_draws[ids] = draws
            out_escaped[ids] = escaped
            break
        # ---- choose a uniformly random legal card
        hand = hands[rows, cur]
        lead = tlen == 0
        follow = hand & _SUIT[np.where(lead, 0, led)]
        legal = np.where(lead | (follow == zero), hand, follow)
        legal = np.where(lead & opening, _BIT[opening_card], legal)
        legal = np.where(lead & (forced >= 0), _BIT[np.maximum(forced, 0)], legal)
        card = random_cards(rng, legal)
        bit = _BIT[card]

        if plays == out_moves.shape[1]:
            out_moves = np.concatenate([out_moves, np.full_like(out_moves, -1)], axis=1)
        out_moves[ids, plays] = card
        plays += 1

        # ---- play it
        hands[rows, cur] = hand ^ bit
        emptied |= hand == bit
        csuit = card // 13
        if lead.any():  # the leader's order of play: holders from the leader on
            r = rows[lead]
            ringed = ring[cur[r]]
            holds = hands[r[:, None], ringed] != zero
            holds[:, 0] = True
            order[r] = np.take_along_axis(ringed, np.argsort(~holds, axis=1, kind="stable"), axis=1)
            olen[r] = holds.sum(axis=1)
            led[r] = csuit[r]
            hi_card[r] = lo_card[r] = card[r]
            hi_seat[r] = lo_seat[r] = cur[r]
            nled[r] = 0
            tmask[r] = 0
            forced[r] = -1
        same = csuit == led
        fol = same & ~lead
        stronger = fol & (strength[card] > strength[hi_card])
        hi_card = np.where(stronger, card, hi_card)
        hi_seat = np.where(stronger, cur, hi_seat)
        weaker = fol & (strength[card] < strength[lo_card])
        lo_card = np.where(weaker, card, lo_card)
        lo_seat = np.where(weaker, cur, lo_seat)
        nled += same
        tmask |= bit
        tlen += 1
        tochoo = ~same & ~opening if not discard else np.zeros(a, dtype=bool)

        # ---- who moves next, and which tricks end
        picker = np.where(tochoo, hi_seat, -1)
        clean = ~tochoo & (tlen == olen)
        going = ~tochoo & ~clean
        nxt = order[rows, np.minimum(tlen, n - 1)]
        cur = np.where(going, nxt, cur)
        if pickup_form:
            void = going & ~opening & ((hands[rows, nxt] & _SUIT[led]) == zero)
            picker = np.where(void, nxt, picker)
        picks = picker >= 0
        if picks.any():
            r = rows[picks]
            p = picker[r]
            hands[r, p] |= tmask[r]
            if whole_pile:
                hands[r, p] |= waste[r]
                waste[r] = zero
                waste_n[r] = 0
            leader[r] = p
        if clean.any():
            r = rows[clean]
            winner = np.where(lowest & ~opening[r], lo_seat[r], hi_seat[r]) if lowest else hi_seat[r]
            leader[r] = winner
            has = hands[r, winner] != zero
            rh = r[has]
            waste[rh] |= tmask[rh]
            waste_n[rh] += tlen[rh]
            for g, w in zip(r[~has].tolist(), winner[~has].tolist()):
                _power_holder_without_cards(g, w, hands, waste, waste_n, tmask, tlen, forced, draws, leader,
                                            escaped, nesc, isesc, ring, rules.must_draw, int(seeds[ids[g]]))
        ends = picks | clean
        if not ends.any():
            continue
        r = rows[ends & emptied]
        if len(r):  # seats that played their last card escape, in play order
            for k in range(n):
                s = order[r, k]
                out = (k < olen[r]) & (hands[r, s] == zero) & (s != leader[r]) & ~isesc[r, s]
                ro, so = r[out], s[out]
                escaped[ro, nesc[ro]] = so
                isesc[ro, so] = True
                nesc[ro] += 1
        tlen[ends] = 0
        tmask[ends] = zero
        emptied[ends] = False
        opening[ends] = False
        tricks += ends
        cur = np.where(ends, leader, cur)
        done = ends & ((hands != zero).sum(axis=1) <= 1)
        if done.any():
            r = rows[done]
            gid = ids[r]
            holds = hands[r] != zero
            out_loser[gid] = np.where(holds.any(axis=1), holds.argmax(axis=1), -1)
            out_length[gid] = plays
            out_tricks[gid] = tricks[r]
            out_draws[gid] = draws[r]
            out_escaped[gid] = escaped[r]
            out_finished[gid] = True
            keep = ~done
            ids = ids[keep]
            (hands, cur, leader, opening, tlen, led, order, olen, hi_card, hi_seat, lo_card, lo_seat, nled,
             tmask, waste, waste_n, forced, emptied, escaped, isesc, nesc, draws, tricks) = (
                x[keep] for x in (hands, cur, leader, opening, tlen, led, order, olen, hi_card, hi_seat, lo_card,
                                  lo_seat, nled, tmask, waste, waste_n, forced, emptied, escaped, isesc, nesc, draws,
                                  tricks))

    return RandomGames(num_players=n, rules=rules, hands=deal, seeds=seeds, loser=out_loser, length=out_length,
                       tricks=out_tricks, draws=out_draws, escaped=out_escaped, finished=out_finished,
                       moves=out_moves[:, : max(1, int(out_length.max()))])


def _power_holder_without_cards(g, w, hands, waste, waste_n, tmask, tlen, forced, draws, leader, escaped, nesc,
                                isesc, ring, must_draw, seed):
    """Rule 6 for row ``g``: the trick's winner ``w`` has no cards (see Game._end_trick)."""
    mask, count = int(tmask[g]), int(tlen[g])
    if must_draw:
        if not waste[g]:  # only then may the draw come from this trick's cards
            waste[g], waste_n[g] = mask, count
            _draw(g, w, hands, waste, waste_n, forced, draws, seed)
        else:
            _draw(g, w, hands, waste, waste_n, forced, draws, seed)
            waste[g] |= np.uint64(mask)
            waste_n[g] += count
        return
    escaped[g, nesc[g]] = w
    isesc[g, w] = True
    nesc[g] += 1
    for s in ring[w, 1:].tolist():
        if hands[g, s]:
            leader[g] = s
            break
    waste[g] |= np.uint64(mask)
    waste_n[g] += count


def _draw(g, w, hands, waste, waste_n, forced, draws, seed):
    rng = random.Random(f"{seed}:draw:{int(draws[g])}")
    k = rng.randrange(int(waste_n[g]))
    i = indices(int(waste[g]))[k]
    draws[g] += 1
    waste[g] ^= np.uint64(1 << i)
    waste_n[g] -= 1
    hands[g, w] |= np.uint64(1 << i)
    forced[g] = i
