"""A search bot that knows only what its seat knows: determinized Monte Carlo search.

:class:`SearchBot` decides from a :class:`~bhabho_widget.engine.seat_view.SeatView` alone. For
each decision it *samples* hidden deals consistent with everything the seat has seen
(:func:`sample_hidden`): every hand has its public size, a seat holds the cards it picked
up in public and has not played since, no seat holds a suit it showed it lacks, the
waste pile has its size and holds only cards seen going there, and a card drawn from
the waste pile that its drawer must still lead sits in the drawer's hand. Each sample becomes a game
through :func:`~bhabho_widget.play.determinize.game_from_view`; every candidate
action (each legal card, or taking and not taking the next player's hand) is tried in
every sample, and the position after it is played out many times, all samples and
actions together, in lockstep with numpy (:func:`simulate`). By default every seat plays on
by the rules of thumb with every hand of the sampled deal open (:data:`DEFAULT_POLICY`,
:func:`bhabho_widget.play.batch.open_cards`): a lead is a random card of a suit every other
player holds, a follower ducks under the highest card when a later player of the trick lacks
the suit and otherwise sheds its highest card, a player who cannot follow throws its highest
card. So a chance means "if everyone played on sensibly from here". Uniformly random cards
(``policy="random"``) or the rules of thumb of :class:`.bots.RuleBot`, which cannot see who
lacks a suit (``"rules"``, :func:`bhabho_widget.play.batch.rule_cards`), can play the
continuations instead. All actions of a decision share their sampled deals and random numbers
(paired estimates, :class:`ActionEstimate`). The action after which the seat ends as the
bhabhi least often is chosen.

Which continuations make the stronger bot was measured in the arena (seat-rotated, fixed
deals, ``--seed 1``; ``python -m bhabho_widget.play.arena --bots search,peer,peer,peer --games
2000 --seed 1 --jobs 2``): against three peer-style bots (:class:`.peer.PeerBot`) this bot, 768
open-hands continuations per action over 48 deals (:data:`DEFAULT_ROLLOUTS`,
:data:`DEFAULT_SAMPLES`), lost 12.2 % (95 % interval 10.8-13.7 %) of 2,000 games, where the
same budget with random continuations (the level ``"search-deep"``) lost 20.6 % (18.8-22.4 %),
the first search bot's budget with random continuations (``"search-random"``) 29.4 % and with
the rules of thumb (``"search-rules"``) 36.9 %. Of the first 400 of those games this bot lost
44, with half the continuations (384 per action) 58 and with twice the deals (96) 49: the
budget is the largest whose decisions stay well within half a second (95th percentile 0.25 to
0.42 s of one core at 3 to 8 players, ``benchmarks/decision_time.py``). Notebook 07 has every
figure, at 3 to 8 players too. The sparring levels keep the earlier bots, and
``"search-2026"`` (:class:`Search2026Bot`) the first one (random continuations, not paired).

>>> from bhabho_widget import Game
>>> g = Game.deal(4, seed=2)
>>> bot = SearchBot(seed=1, rollouts=64)
>>> str(bot.choose_card(g.seat_view(g.current_player)))   # the opening lead is forced
'A♠'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.optional import MissingPackageError

try:
    import numpy as np
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The search bot") from err

from ..engine.cards import DECK, FULL_DECK, SUIT_MASKS, Card, CardIndex, Mask, Seat, indices
from ..engine.events import LogEntry
from ..engine.game import Game
from ..engine.seat_view import PublicKnowledge, SeatView, read_knowledge
from . import batch
from .bots import Bot, _check_seed
from .determinize import game_from_view
from .stats import Z95, paired_differences, wilson

__all__ = ["DEFAULT_EXPLORE", "DEFAULT_POLICY", "DEFAULT_ROLLOUTS", "DEFAULT_SAMPLES", "PASS", "TAKE",
           "ActionEstimate", "Consequences", "Continuations", "Search2026Bot", "SearchBot", "apply_action",
           "check_sample", "continuations", "deal_numbers", "decision_starts", "estimate_actions", "estimate_many",
           "loss_mask", "sample_hidden", "simulate", "trick_ends"]

TAKE = "take"
"""The action of taking the next player's hand (rule 7), beside the cards."""
PASS = "pass"
"""Not taking, when the seat is offered a take but is not the one to lead."""
ROLLOUT_MAX_MOVES = 3000
"""A safety net for one random continuation; rule 10 ends every game long before."""


# ---------------------------------------------------------------------- the sampler
def _others(view: SeatView) -> list[Seat]:
    return [s for s in range(view.num_players) if s != view.seat]


def _fixed_cards(view: SeatView) -> tuple[list[Mask], Mask]:
    """The cards whose place the seat knows: its hand, the table, and the cards others
    hold in public. Returns (hand per seat so far, every placed card)."""
    hands = [0] * view.num_players
    hands[view.seat] = view.hand
    placed = view.hand | sum(1 << i for i in view.table)
    for s in _others(view):
        k = view.known[s] & ~placed
        hands[s] = k
        placed |= k
    return hands, placed


_Subsets = list[tuple[list[int], list[Seat]]]


def _suit_subsets(seats: Sequence[Seat], allowed: Sequence[int]) -> _Subsets:
    """For each non-empty set of suits: its suits, and the seats allowed any of them."""
    return [([j for j in range(4) if S >> j & 1], [s for s in seats if allowed[s] & S]) for S in range(1, 16)]


def _hall(left: Sequence[int], cap: Sequence[int], subsets: _Subsets) -> bool:
    """Hall's condition over the suits: ``left[j]`` cards of suit j fit the free places
    ``cap`` of the seats allowed them (``subsets`` from :func:`_suit_subsets`)."""
    for suits, holders in subsets:
        if sum(map(left.__getitem__, suits)) > sum(map(cap.__getitem__, holders)):
            return False
    return True


def _dealable(cards: Mask, need: Sequence[int], allowed: Sequence[int]) -> bool:
    """Whether ``cards`` can be dealt so that seat ``s`` gets ``need[s]`` of them, all of
    suits in its 4-bit mask ``allowed[s]``."""
    if sum(need) != cards.bit_count():
        return False
    left = [(cards & SUIT_MASKS[j]).bit_count() for j in range(4)]
    return _hall(left, need, _suit_subsets(range(len(need)), allowed))


def _deal_with_voids(cards: list[CardIndex], need: list[int], allowed: list[int], rng: random.Random,
                     unlikely: Sequence[Mask] = (), doubt: float = 1.0, choice: Sequence[float] | None = None) -> list[Mask]:
    """Deal ``cards`` (already shuffled) to seats: seat ``s`` gets ``need[s]`` of them and
    only suits in its 4-bit mask ``allowed[s]``. Each card goes to a seat chosen with
    weight its free places, times ``doubt`` when the card is in ``unlikely[s]``, among the
    seats that keep the rest dealable (Hall's condition over the suits); without voids and
    unlikely cards this is a plain random deal. ``choice[c]``: the uniform number that
    chooses card ``c``'s seat (common random numbers: a card keeps its seat from one deal to
    the next as far as the places allow); None: numbers from ``rng``."""
    n = len(need)
    out = [0] * n
    cap = list(need)
    seats = [s for s in range(n) if cap[s]]
    weigh = doubt != 1.0 and any(unlikely)
    if all(allowed[s] == 15 for s in seats) and not weigh and choice is None:
        k = 0
        for s in seats:
            out[s] = sum(1 << c for c in cards[k:k + cap[s]])
            k += cap[s]
        return out
    unlikely = list(unlikely) + [0] * (n - len(unlikely))
    left = [0, 0, 0, 0]
    for c in cards:
        left[c // 13] += 1
    subsets = _suit_subsets(seats, allowed)
    if not _hall(left, cap, subsets):
        raise ValueError("no deal of the hidden cards fits what this seat has seen")
    # Hall's condition held before the card: giving a card of suit j to seat s can break it
    # only for the sets of suits without j that s may hold (elsewhere both sides lose one)
    breakable: dict[tuple[int, Seat], _Subsets] = {}
    for c in cards:
        suit = c // 13
        left[suit] -= 1
        options = [s for s in seats if cap[s] and allowed[s] >> suit & 1]
        first = True
        while options:
            weights = [cap[s] * (doubt if unlikely[s] >> c & 1 else 1.0) for s in options]
            r = (choice[c] if first and choice is not None else rng.random()) * sum(weights)
            first = False
            s = options[-1]
            for seat, w in zip(options, weights):
                r -= w
                if r < 0:
                    s = seat
                    break
            cap[s] -= 1
            check = breakable.get((suit, s))
            if check is None:
                check = breakable[suit, s] = [(su, ho) for su, ho in subsets if suit not in su and s in ho]
            if _hall(left, cap, check):
                out[s] |= 1 << c
                break
            cap[s] += 1
            options.remove(s)
        else:  # cannot happen while Hall's condition held before this card
            raise ValueError("no deal of the hidden cards fits what this seat has seen")
    return out


def _choose_drawn(candidates: list[CardIndex], size: int, unseen: Mask, hands: list[Mask], need: list[int],
                  allowed: list[int], drawer: Seat | None, rng: random.Random) -> tuple[Mask, Mask]:
    """Which of the ``candidates`` (cards seen going to the waste pile, shuffled) are still
    in it (``size`` of them) and which were drawn and not yet led: the first choice, in a
    random order, that leaves a possible deal. A drawn card the ``drawer`` must still lead
    goes to its hand (``hands`` and ``need`` are updated); the other drawn cards join the
    cards to deal. Returns (waste pile, cards to deal)."""
    k = len(candidates) - size
    if k == 1:
        choices: Sequence[Sequence[CardIndex]] = [[c] for c in candidates]
    else:  # two or more drawn cards not led: only after takes of a drawer's hand, and rare
        choices = [rng.sample(candidates, k) for _ in range(500)]
    taken = list(need)  # the places left once the drawer holds its drawn card
    if drawer is not None:
        if not need[drawer]:
            raise ValueError("no deal of the hidden cards fits what this seat has seen")
        taken[drawer] -= 1
    for drawn in choices:
        deal = unseen | sum(1 << c for c in (drawn[1:] if drawer is not None else drawn))
        out_of_play = deal.bit_count() - sum(taken)  # custom positions may leave cards out
        if out_of_play >= 0 and _dealable(deal, [*taken, out_of_play], [*allowed, 15]):
            if drawer is not None:
                hands[drawer] |= 1 << drawn[0]
                need[drawer] -= 1
            kept = set(drawn)
            return sum(1 << c for c in candidates if c not in kept), deal
    raise ValueError("no deal of the hidden cards fits what this seat has seen")


def deal_numbers(seed: object, deal: int) -> tuple[float, ...]:
    """Common random numbers for deal number ``deal`` of :func:`sample_hidden`: per card, a
    key that orders the cards and a number that chooses its seat (104 uniforms, from ``seed``
    and ``deal`` only). The deals of consecutive decisions drawn with the same numbers put
    most cards in the same hands, so their estimates move only as much as the play did."""
    r = random.Random(repr((seed, "deal", deal)))
    return tuple(r.random() for _ in range(104))


def sample_hidden(view: SeatView, rng: random.Random, doubt: float = 1.0,
                  numbers: Sequence[float] | None = None) -> tuple[list[Mask], Mask]:
    """One deal of the cards ``view.seat`` cannot see, consistent with the view: ``(hands, waste)``.

    - ``hands[view.seat]`` is the seat's own hand; every hand has its public size;
    - ``hands[s]`` holds ``view.known[s]`` (cards s picked up in public and still holds)
      and no card of a suit in ``view.voids[s]``;
    - no hand holds a card on the table;
    - the waste pile has ``view.waste_size`` cards, all from ``view.waste_known``; the
      cards seen going there that it no longer holds were drawn (rule 6) and not led
      yet: one is in the hand of ``view.drawer``, who must lead it, and any other is in a
      hand that may hold its suit (it went there with a taken hand); which ones they are
      is chosen at random among the choices that leave a possible deal;
    - before the opening lead, the leader holds the opening card (rule 3);
    - with ``doubt`` below 1, a card a seat passed over (``view.passed``, the cards a player
      who sheds its highest card when safe and ducks close under the highest card would
      have played) goes to that seat with ``doubt`` times the weight of another card: a
      deal that fits how the seats played is the likelier; with 1 (the default) every
      deal that fits the view is as likely as any other;
    - ``numbers`` (:func:`deal_numbers`): the order of the cards and the choice of each
      card's seat come from these per-card numbers instead of ``rng`` (common random numbers
      across decisions); the deal is as random, and as consistent with the view.

    >>> from bhabho_widget import Game
    >>> g = Game.deal(4, seed=7)
    >>> v = g.seat_view(0)
    >>> hands, waste = sample_hidden(v, random.Random(1))
    >>> hands[0] == v.hand, [h.bit_count() for h in hands] == list(v.hand_sizes), waste
    (True, True, 0)
    """
    n = view.num_players
    me = view.seat
    hands, placed = _fixed_cards(view)
    need = [view.hand_sizes[s] - hands[s].bit_count() for s in range(n)]
    need[me] = 0
    if view.opening and not view.table and view.leader is not None and view.leader != me:
        leader = view.leader
        opening = Card.parse(view.rules.opening_card).index
        if not placed >> opening & 1 and need[leader]:
            hands[leader] |= 1 << opening
            need[leader] -= 1
            placed |= 1 << opening
    # the waste pile: view.waste_size of the cards seen going there; the others of them were
    # drawn (rule 6) and not yet led, and are in hands: the drawer's, if it must still lead
    # its card, else whoever took them with a hand
    seen = view.waste_known & ~placed

    def shuffled(cards: list[CardIndex]) -> None:
        if numbers is None:
            rng.shuffle(cards)
        else:
            cards.sort(key=numbers.__getitem__)

    candidates = indices(seen)
    shuffled(candidates)
    size = view.waste_size
    allowed = [15 & ~view.voids[s] for s in range(n)]
    if size >= len(candidates):
        waste = seen
        pool_mask = FULL_DECK & ~placed & ~seen
        if size > len(candidates):  # a waste pile given with a custom position: not all of it was seen
            extra = indices(pool_mask)
            shuffled(extra)
            waste |= sum(1 << c for c in extra[:size - len(candidates)])
            pool_mask &= ~waste
    else:
        drawer = view.drawer if view.drawer is not None and view.drawer != me else None
        waste, pool_mask = _choose_drawn(candidates, size, FULL_DECK & ~placed & ~seen, hands, need, allowed, drawer, rng)
    pool = indices(pool_mask)
    if len(pool) < sum(need) or min(need) < 0:
        raise ValueError("the view's hand sizes do not match the cards it cannot see")
    shuffled(pool)
    # a custom position may leave cards out of play; which ones, the seat cannot tell
    dealt = _deal_with_voids(pool, [*need, len(pool) - sum(need)], [*allowed, 15], rng, view.passed, doubt,
                             None if numbers is None else numbers[52:])
    return [h | d for h, d in zip(hands, dealt)], waste


def check_sample(view: SeatView, hands: Sequence[Mask], waste: Mask) -> list[str]:
    """What in ``(hands, waste)`` contradicts ``view`` (an empty list when nothing does):
    the checks of :func:`sample_hidden`, for tests."""
    problems = []
    table = sum(1 << i for i in view.table)
    if hands[view.seat] != view.hand:
        problems.append("own hand changed")
    union = table
    for s, h in enumerate(hands):
        if h.bit_count() != view.hand_sizes[s]:
            problems.append(f"seat {s} holds {h.bit_count()} cards, not {view.hand_sizes[s]}")
        if h & union:
            problems.append(f"seat {s} shares cards with another hand or the table")
        union |= h
        if s != view.seat and view.known[s] & ~h:
            problems.append(f"seat {s} lacks a card it holds in public")
        for j in range(4):
            if view.voids[s] >> j & 1 and h & SUIT_MASKS[j]:
                problems.append(f"seat {s} holds suit {j}, which it showed it lacks")
    if waste.bit_count() != view.waste_size:
        problems.append("waste pile of the wrong size")
    if waste & union:
        problems.append("waste pile shares cards with a hand or the table")
    return problems


# ---------------------------------------------------------------------- rollouts
@dataclass(frozen=True)
class Continuations:
    """Continuations played by :func:`continuations`, one entry per rollout: ``loser``, the
    bhabhi (-1 when nobody lost); ``trick_end``, who picked up the first trick that ended in
    it (-1 when it went round cleanly, :data:`bhabho_widget.play.batch.NOT_ENDED` when none
    ended); ``trick_escaped``, the seats (bit ``1 << s``) that had escaped by then;
    ``trick_leader``, who had the power after that trick (-1: nobody)."""

    loser: np.ndarray
    trick_end: np.ndarray
    trick_escaped: np.ndarray
    trick_leader: np.ndarray

    def part(self, start: int, stop: int) -> Continuations:
        """The continuations ``start`` to ``stop - 1``."""
        return Continuations(self.loser[start:stop], self.trick_end[start:stop], self.trick_escaped[start:stop],
                             self.trick_leader[start:stop])


def continuations(starts: Sequence[Game], counts: Sequence[int], seed: int | None = None, policy: str = "random",
                  explore: float = 0.1, voids: Sequence[Sequence[int]] | None = None,
                  streams: Sequence[int] | None = None) -> Continuations:
    """Continuations of many positions at once: ``counts[k]`` rollouts of ``starts[k]``,
    each with uniformly random legal cards (``policy="random"``), the rules of thumb
    (``"rules"``, a random lead with chance ``explore``; ``voids[k]``: the suits each seat
    of ``starts[k]`` has shown it lacks) or the rules of thumb with every hand of the start
    open (``"open"``, :func:`bhabho_widget.play.batch.open_cards`), and no takes until the game ends, played by the
    batch player (:func:`bhabho_widget.play.batch.rollouts`). Starts of one of the
    ``streams`` draw the same random numbers (common random numbers).

    Starts with the same count are played together in one lockstep run, so a decision
    (every sampled deal and every action, the same count each) costs one numpy run.
    Returns, rollouts of ``starts[0]`` first, the bhabhi of each rollout (-1 when nobody
    lost: a stalemate) and what happened at the end of the first trick to end in it (see
    :class:`Continuations`). All starts must have the same number of players and rules; they
    are not changed.

    >>> g = Game.from_hands([["QH", "5S"], ["JD", "2S"], ["3C"]], leader=0, seed=0)
    >>> c = continuations([g], [200], seed=1)
    >>> c.loser.shape, set(c.loser.tolist()) <= {0, 1, 2}, set(c.trick_end.tolist()) <= {-1, 0, 1, 2}
    ((200,), True, True)
    """
    if len(starts) != len(counts):
        raise ValueError("give one count per start")
    if any(g.num_players != starts[0].num_players or g.rules != starts[0].rules for g in starts):
        raise ValueError("all starts must have the same number of players and the same rules")
    counts = [int(c) for c in counts]
    offsets = np.concatenate([[0], np.cumsum(counts, dtype=np.int64)]).astype(np.int64)
    out = np.full(int(offsets[-1]), -1, dtype=np.int64)
    ends = np.full(int(offsets[-1]), batch.NOT_ENDED, dtype=np.int64)
    escaped = np.zeros(int(offsets[-1]), dtype=np.int64)
    leaders = np.full(int(offsets[-1]), -1, dtype=np.int64)
    rng = np.random.default_rng(seed)
    for count in sorted(set(counts) - {0}):
        group = [k for k, c in enumerate(counts) if c == count]
        r = batch.rollouts([starts[k] for k in group], count, seed=int(rng.integers(2**62)), max_moves=ROLLOUT_MAX_MOVES,
                           policy=policy, explore=explore, voids=None if voids is None else [voids[k] for k in group],
                           streams=None if streams is None else [streams[k] for k in group])
        for j, k in enumerate(group):
            part = slice(j * count, (j + 1) * count)
            out[offsets[k]:offsets[k + 1]] = r.loser[part]
            ends[offsets[k]:offsets[k + 1]] = r.trick_end[part]
            escaped[offsets[k]:offsets[k + 1]] = r.trick_escaped[part]
            leaders[offsets[k]:offsets[k + 1]] = r.trick_leader[part]
    return Continuations(out, ends, escaped, leaders)


def simulate(starts: Sequence[Game], counts: Sequence[int], seed: int | None = None, policy: str = "random",
             explore: float = 0.1, voids: Sequence[Sequence[int]] | None = None,
             streams: Sequence[int] | None = None) -> np.ndarray:
    """The bhabhi of each continuation of :func:`continuations` (-1 when nobody lost)."""
    return continuations(starts, counts, seed, policy, explore, voids, streams).loser


# ---------------------------------------------------------------------- estimates
@dataclass(frozen=True)
class Consequences:
    """What happened next after an action, counted over its ``rollouts`` continuations: at
    the end of the trick it was played to (for a take or a pass, of the next trick),
    ``picked[s]`` times seat ``s`` picked the trick up, ``clean`` times it went round cleanly
    to the waste pile, ``escaped[s]`` times seat ``s`` had escaped by then (seats that had
    escaped before the action are not counted) and ``power[s]`` times seat ``s`` had the
    power after it. The rest of the ``rollouts`` ended before any trick did (a game over at
    once)."""

    rollouts: int
    picked: tuple[int, ...]
    clean: int
    escaped: tuple[int, ...]
    power: tuple[int, ...] = ()

    def share_power(self, seat: Seat) -> float:
        """How often ``seat`` had the power after the trick, from 0 to 1."""
        return self.power[seat] / self.rollouts if self.rollouts and self.power else 0.0

    def share_picked(self, seat: Seat) -> float:
        """How often ``seat`` picked the trick up, from 0 to 1."""
        return self.picked[seat] / self.rollouts if self.rollouts else 0.0

    @property
    def share_clean(self) -> float:
        """How often the trick went round cleanly, from 0 to 1."""
        return self.clean / self.rollouts if self.rollouts else 0.0

    def share_escaped(self, seat: Seat) -> float:
        """How often ``seat`` had escaped when the trick ended, from 0 to 1."""
        return self.escaped[seat] / self.rollouts if self.rollouts else 0.0


def _consequences(ends: np.ndarray, escaped: np.ndarray, leaders: np.ndarray, before: int, n: int) -> Consequences:
    """:class:`Consequences` of continuations whose first trick ended as ``ends`` (a picker,
    -1 clean, :data:`~bhabho_widget.play.batch.NOT_ENDED`) with the seats ``escaped`` (bit
    masks), less the seats that had escaped ``before``, and the power with ``leaders``."""
    picked = np.bincount(ends[ends >= 0], minlength=n)
    power = np.bincount(leaders[leaders >= 0], minlength=n)
    new = escaped & ~before
    return Consequences(len(ends), tuple(int(x) for x in picked[:n]), int((ends == -1).sum()),
                        tuple(int(((new >> s) & 1).sum()) for s in range(n)), tuple(int(x) for x in power[:n]))


@dataclass(frozen=True)
class ActionEstimate:
    """How often ``view.seat`` (or its team) ended as the bhabhi after ``action`` in
    ``rollouts`` continuations: ``p`` with a 95 % Wilson interval ``lo``..``hi``.
    ``action`` is a card index, :data:`TAKE` or :data:`PASS`.

    Paired estimates (:func:`estimate_actions`): every action of a decision is played on
    the same sampled deals with the same random numbers, so their difference is measured
    more sharply than either chance. ``deal_losses[d]``: the losses on sampled deal ``d``
    (the same number of rollouts on each); ``diff``: ``p`` less the best action's ``p``,
    with a 95 % interval ``diff_lo``..``diff_hi`` over the deals; ``best``: this is the
    action with the lowest ``p`` (its own difference is 0). ``consequences``: what happened
    at the end of the trick after the action, in the same continuations.
    """

    action: int | str
    rollouts: int
    losses: int
    deal_losses: tuple[int, ...] = ()
    diff: float = 0.0
    diff_lo: float = 0.0
    diff_hi: float = 0.0
    best: bool = False
    consequences: Consequences | None = None
    """What happened next after the action (see :class:`Consequences`), when recorded."""

    @property
    def deal_interval(self) -> tuple[float, float]:
        """A 95 % interval of ``p`` that counts the sampled deals' spread: rollouts of one deal
        are alike (all the more with the rules-of-thumb continuations), so the Wilson
        interval of :attr:`interval` is widened by the design effect the deals show
        (their losses' variance over the binomial one); without deals, :attr:`interval`."""
        d = len(self.deal_losses)
        if d < 2 or not self.rollouts:
            return self.interval
        per = self.rollouts / d
        rates = np.array(self.deal_losses) / per
        p = self.p
        binomial = p * (1 - p) / per
        effect = max(1.0, float(rates.var(ddof=1)) / binomial) if binomial > 0 else 1.0
        n = max(1, round(self.rollouts / effect))  # the effective number of independent rollouts
        return wilson(round(p * n), n)

    @property
    def diff_interval(self) -> tuple[float, float]:
        """The 95 % interval of ``p`` less the best action's ``p`` (paired over the sampled deals)."""
        return self.diff_lo, self.diff_hi

    def difference(self, other: ActionEstimate) -> tuple[float, float, float]:
        """``p`` less ``other.p`` with its 95 % interval: paired over the sampled deals when
        both were estimated on the same deals (:func:`estimate_actions`), else from the two
        Wilson intervals as if independent.

        >>> a = ActionEstimate(0, 40, 30, deal_losses=(10, 10, 5, 5))
        >>> b = ActionEstimate(1, 40, 10, deal_losses=(3, 3, 2, 2))
        >>> d, lo, hi = a.difference(b)
        >>> round(d, 2), lo > 0
        (0.5, True)
        """
        diff = self.p - other.p
        d = len(self.deal_losses)
        if d >= 2 and d == len(other.deal_losses) and self.rollouts == other.rollouts:
            per = self.rollouts / d
            pairs = (np.array(self.deal_losses) - np.array(other.deal_losses)) / per
            se = float(pairs.std(ddof=1)) / math.sqrt(d)
        else:
            (a_lo, a_hi), (b_lo, b_hi) = self.interval, other.interval
            se = math.hypot(a_hi - a_lo, b_hi - b_lo) / (2 * Z95)
        return diff, diff - Z95 * se, diff + Z95 * se

    @property
    def clearly_worse(self) -> bool:
        """Worse than the best action beyond the uncertainty: the difference's interval is above 0."""
        return self.diff_lo > 0

    @property
    def p(self) -> float:
        return self.losses / self.rollouts if self.rollouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.losses, self.rollouts)

    @property
    def card(self) -> Card | None:
        return DECK[self.action] if isinstance(self.action, int) else None


def loss_mask(view: SeatView, losers: np.ndarray) -> np.ndarray:
    """Which of ``losers`` (bhabhi seats, -1 for none) count as a loss for ``view.seat``:
    the seat itself, and in the teams variant its partner too."""
    if view.rules.teams:
        partner = (view.seat + view.num_players // 2) % view.num_players
        return (losers == view.seat) | (losers == partner)
    return losers == view.seat


DEFAULT_POLICY = "open"
"""How the continuations of :func:`estimate_actions` are played, unless told: by the rules of
thumb with every hand of the sampled deal open (:func:`bhabho_widget.play.batch.open_cards`),
which made the strongest search bot in the arena (see the module docstring)."""
DEFAULT_EXPLORE = 0.1
"""The chance that a continuation's lead is a random card (rules-of-thumb continuations)."""
DEFAULT_ROLLOUTS = 768
"""Continuations per action of a decision, for the search bot, the hints and the review: with
:data:`DEFAULT_POLICY`, half as many lost more games on the same deals (see the module docstring)."""
DEFAULT_SAMPLES = 48
"""Sampled deals of the hidden cards per decision, the continuations spread evenly over them:
twice as many made no stronger bot on the same deals (see the module docstring)."""


def _voids_after(view: SeatView, game: Game) -> tuple[int, ...]:
    """The suits each seat has shown it lacks in ``game``, made from ``view`` by
    :func:`.determinize.game_from_view` and played on since: the view's voids, then its events."""
    before = PublicKnowledge(0, view.voids, view.known, view.waste_known, view.drawer)
    log = [LogEntry(e.kind, e.seat, e.card_indices, e.info, e.private) for e in game.events]
    return read_knowledge(before, log, view.num_players).voids


def estimate_actions(view: SeatView, actions: Sequence[int | str], rollouts: int, samples: int,
                     rng: random.Random, policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE,
                     paired: bool = True, doubt: float = 1.0) -> list[ActionEstimate]:
    """Estimate each action's chance that ``view.seat`` ends as the bhabhi, if everyone
    played on like the continuations (by default by the rules of thumb with every hand of
    the sampled deal open, :data:`DEFAULT_POLICY`).

    ``samples`` hidden deals are drawn with :func:`sample_hidden`; each action is applied
    in every one, and ``rollouts`` continuations per action (rounded up to a multiple of
    ``samples``) are spread evenly over the deals, all of them played at once by
    :func:`simulate`: the rules of thumb with every hand open (``policy="open"``), uniformly
    random cards (``"random"``) or the rules of thumb (``"rules"``, a random lead with chance
    ``explore``). ``paired``: the actions' rollouts
    on one deal draw the same random numbers (common random numbers), and each estimate
    carries its difference from the best action with an interval (see
    :class:`ActionEstimate`). ``doubt``: the weight of a card a seat passed over in the
    sampled deals (see :func:`sample_hidden`). An action is a card index (a play),
    :data:`TAKE` (the seat takes the next player's hand) or :data:`PASS`.

    >>> from bhabho_widget import Game
    >>> g = Game.from_hands([["QH", "5S"], ["JD", "2S"], ["3C", "4C"]], leader=0, seed=0)
    >>> est = estimate_actions(g.seat_view(0), [3, 23], 64, 8, random.Random(1))
    >>> best = min(est, key=lambda e: e.p)
    >>> best.best, best.diff, all(e.diff_lo <= e.diff <= e.diff_hi for e in est), [e.rollouts for e in est]
    (True, 0.0, True, [64, 64])
    """
    if not actions:
        raise ValueError("give at least one action to estimate")
    samples = max(1, min(samples, rollouts))
    per = -(-rollouts // samples)  # the same count for every deal: one lockstep run
    starts = decision_starts(view, actions, samples, rng, doubt)
    return estimate_many([(view, tuple(actions), starts)], per, rng.getrandbits(62), policy, explore,
                         streams=list(range(samples)) if paired else None)[0]


def decision_starts(view: SeatView, actions: Sequence[int | str], samples: int, rng: random.Random,
                    doubt: float = 1.0, numbers: Callable[[int], Sequence[float]] | None = None) -> list[Game]:
    """The starts of a decision's continuations: ``samples`` deals of the hidden cards drawn
    with :func:`sample_hidden` from ``rng`` (deal ``d`` with the common random numbers
    ``numbers(d)`` when given, see :func:`deal_numbers`), each with every one of ``actions``
    applied (deal by deal, action by action)."""
    starts: list[Game] = []
    for d in range(samples):
        hands, waste = sample_hidden(view, rng, doubt, None if numbers is None else numbers(d))
        base = game_from_view(view, hands, waste, seed=rng.getrandbits(62))
        starts += [apply_action(base, view.seat, a) for a in actions]
    return starts


def estimate_many(decisions: Sequence[tuple[SeatView, tuple[int | str, ...], list[Game]]], per: int, seed: int | None,
                  policy: str = DEFAULT_POLICY, explore: float = DEFAULT_EXPLORE, streams: Sequence[int] | None = None,
                  quantile: Callable[[int], float] | None = None) -> list[list[ActionEstimate]]:
    """The paired estimates of several decisions, all their continuations played in one
    lockstep run: each decision is ``(view, actions, starts)`` with ``starts`` from
    :func:`decision_starts` (deal by deal, action by action), ``per`` continuations each.
    ``streams[d]``: the stream of random numbers of deal ``d`` of every decision (the actions
    of a deal share it; decisions may share them too: common random numbers); None: every
    start its own. ``quantile(df)``: the multiplier of the differences' intervals (see
    :func:`~bhabho_widget.play.stats.paired_differences`)."""
    starts = [g for _, _, part in decisions for g in part]
    voids = [_voids_after(view, g) for view, _, part in decisions for g in part] if policy == "rules" else None
    stream_of = None
    if streams is not None:
        stream_of = [streams[i // len(actions)] for _, actions, part in decisions for i in range(len(part))]
    c = continuations(starts, [per] * len(starts), seed=seed, policy=policy, explore=explore, voids=voids,
                      streams=stream_of)
    out: list[list[ActionEstimate]] = []
    at = 0
    for view, actions, part in decisions:
        k = len(actions)
        samples = len(part) // k
        size = len(part) * per
        mine = c.part(at, at + size)
        at += size
        lost = loss_mask(view, mine.loser).reshape(samples, k, per)
        diff, lo, hi, best = paired_differences(lost, quantile)
        by_deal = lost.sum(axis=2)
        ends, escaped, leaders = trick_ends(part, view.trick_number, mine, per)
        before = sum(1 << e for e in view.escaped)
        estimates = []
        for j, a in enumerate(actions):
            rows = ((np.arange(samples) * k + j)[:, None] * per + np.arange(per)).ravel()
            estimates.append(ActionEstimate(a, samples * per, int(by_deal[:, j].sum()), tuple(by_deal[:, j].tolist()),
                                            float(diff[j]), float(lo[j]), float(hi[j]), j == best,
                                            _consequences(ends[rows], escaped[rows], leaders[rows], before,
                                                          view.num_players)))
        out.append(estimates)
    return out


def apply_action(game: Game, seat: Seat, action: int | str) -> Game:
    """A copy of ``game`` after ``seat``'s ``action``: a card index played, :data:`TAKE` or
    :data:`PASS` (nothing done)."""
    g = game.copy()
    if action == TAKE:
        g.take(seat)
    elif action != PASS:
        g.play_index(action)  # type: ignore[arg-type]
    return g


def trick_ends(starts: Sequence[Game], trick: int, c: Continuations,
               per: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How the trick of a decision at trick number ``trick`` ended in each continuation of
    ``starts`` (``per`` each, in order): who picked it up (-1 clean), who had escaped by then
    and who had the power after it, from the start itself when the action ended the trick
    (the last card, a tochoo), else from the continuation's first trick (:class:`Continuations`)."""
    ends, escaped, leaders = c.trick_end.copy(), c.trick_escaped.copy(), c.trick_leader.copy()
    for i, g in enumerate(starts):
        if g.trick_number > trick:  # the action itself ended the trick
            last = g.last_trick()
            rows = slice(i * per, (i + 1) * per)
            ends[rows] = -1 if last is None or last.outcome == "waste" else last.picker
            escaped[rows] = sum(1 << e for e in g.escaped)
            leaders[rows] = -1 if g.leader is None or g.is_over else g.leader
    return ends, escaped, leaders


# ---------------------------------------------------------------------- the bot
class SearchBot(Bot):
    """Determinized Monte Carlo search from the seat's view (see the module docstring).

    ``rollouts``: continuations per candidate action (default 768), spread over
    ``samples`` hidden deals (default 48), played by ``policy`` (``"open"``: the rules of
    thumb with every hand of the sampled deal open; ``"random"`` cards; ``"rules"``: the
    rules of thumb), paired across actions when ``paired`` (see :func:`estimate_actions`).
    Takes: a take is simulated only when the next player's hand is small (at most
    ``take_max`` cards) and the take does not leave this seat alone with cards; it is
    made when its estimated chance of ending as the bhabhi is lower than passing by at
    least ``take_margin`` (the take adds cards for certain, the gain is only estimated).
    The same ``seed`` and the same view give the same choice.
    """

    name = "search"

    def __init__(self, seed: int | None = None, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
                 take_max: int = 3, take_margin: float = 0.03, policy: str = DEFAULT_POLICY,
                 explore: float = DEFAULT_EXPLORE, paired: bool = True, doubt: float = 1.0) -> None:
        self.seed = _check_seed(seed)
        self._base = seed if seed is not None else random.SystemRandom().randrange(2**63)
        if not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"rollouts must be a positive integer, not {rollouts!r}")
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive integer, not {samples!r}")
        self.rollouts = rollouts
        self.samples = samples
        self.take_max = take_max
        self.take_margin = take_margin
        if policy not in batch.POLICIES:
            raise ValueError(f"policy must be one of {', '.join(batch.POLICIES)}, not {policy!r}"[:120])
        self.policy = policy
        self.explore = explore
        self.paired = paired
        if not isinstance(doubt, (int, float)) or isinstance(doubt, bool) or not 0.0 < doubt <= 1.0:
            raise ValueError(f"doubt must be a number above 0 and at most 1, not {doubt!r}"[:120])
        self.doubt = float(doubt)
        self.last_estimates: list[ActionEstimate] = []

    def _rng(self, view: SeatView, kind: str) -> random.Random:
        """A generator seeded by the bot's seed and the public state only, so the same view
        gives the same choice, whatever the hidden cards."""
        key = (self._base, kind, view.seat, view.trick_number, view.table, view.hand, view.hand_sizes, view.waste_size)
        return random.Random(repr(key))

    def _estimate(self, view: SeatView, actions: Sequence[int | str], kind: str) -> list[ActionEstimate]:
        return estimate_actions(view, actions, self.rollouts, self.samples, self._rng(view, kind), policy=self.policy,
                                explore=self.explore, paired=self.paired, doubt=self.doubt)

    def choose_card(self, view: SeatView) -> Card:
        legal = indices(view.legal)
        if len(legal) == 1:
            self.last_estimates = []
            return DECK[legal[0]]
        est = self._estimate(view, legal, "card")
        self.last_estimates = est
        best = min(est, key=lambda e: (e.p, e.action))
        return DECK[best.action]  # type: ignore[index]

    def take_worth_trying(self, view: SeatView) -> bool:
        """Cheap filters before any simulation: a take is allowed, the target's hand is
        small, and the take leaves someone besides this seat holding cards."""
        if not view.can_take or view.take_target is None:
            return False
        if len(view.holders) <= 2:
            return False  # the taker would be alone with cards: the bhabhi
        return view.hand_sizes[view.take_target] <= self.take_max

    def wants_take(self, view: SeatView) -> bool:
        if not self.take_worth_trying(view):
            return False
        est = self._estimate(view, [TAKE, PASS], "take")
        self.last_estimates = est
        take, keep = est
        return take.p + self.take_margin < keep.p


class Search2026Bot(SearchBot):
    """The search bot as it was first measured (level ``"search-2026"``), kept as a sparring
    partner: uniformly random continuations, estimates not paired, 64 rollouts per action
    over 16 sampled deals."""

    name = "search-2026"

    def __init__(self, seed: int | None = None, rollouts: int = 64, samples: int = 16, take_max: int = 3,
                 take_margin: float = 0.03) -> None:
        super().__init__(seed, rollouts, samples, take_max, take_margin, policy="random", paired=False)
