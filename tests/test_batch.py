"""The batch player against the engine: every batch game and every rollout must replay through Game."""

from __future__ import annotations

import random

import numpy as np
import pytest
from games import SETTINGS, any_setups, play_seeds, take_chances
from games import VALID_RULES as ALL_RULES
from hypothesis import given, settings
from hypothesis import strategies as st

from bhabho_widget import Game, Rules
from bhabho_widget.engine.cards import NO_CARD, NO_SUIT, SUIT_MASKS, Card, cards_of, indices, mask_of, strength_table
from bhabho_widget.engine.legal import legal_mask
from bhabho_widget.play.batch import MAX_MOVES, legal_masks, play_random, position_hashes, random_cards, rollouts
from bhabho_widget.play.bots import RuleBot
from bhabho_widget.play.determinize import game_from_view, with_hidden_cards

# the batch never takes a hand, so take_from_left does not matter; one opening card per ace rule
VALID_RULES = [r for r in ALL_RULES if r.take_from_left and r.opening_card == ("2S" if r.ace == "low" else "AS")]
PICKUP = Rules(picker="offsuit_player")


def _engine_outcome(g: Game, start: Game | None = None) -> tuple:
    before = len(start.moves) if start is not None else 0
    return (g.is_over, -1 if g.loser is None else g.loser, g.is_stalemate, g.escaped, g.trick_number - 1,
            len(g.drawn_cards()), len(g.moves) - before)


def _batch_outcome(b, k) -> tuple:
    return (bool(b.finished[k]), int(b.loser[k]), bool(b.stalemate[k]), [int(s) for s in b.escaped[k] if s >= 0],
            int(b.tricks[k]), int(b.draws[k]), int(b.length[k]))


def _check_batch(b) -> None:
    for j in range(len(b)):
        g = b.game(j)  # play_index raises IllegalMoveError on any illegal move
        assert _engine_outcome(g) == _batch_outcome(b, j), j


# ---------------------------------------------------------------------- play_random
@pytest.mark.parametrize("k", range(len(VALID_RULES)))
def test_every_variant_replays_through_the_engine(k):
    """Each game's moves are legal in Game, and the loser, stalemate, escapes, tricks, draws and length agree."""
    rules = VALID_RULES[k]
    players = (4, 6, 8)[k % 3] if rules.teams else 3 + k % 6
    b = play_random(6, players, rules=rules, seed=k)
    assert b.finished.all()
    _check_batch(b)


def test_a_large_classic_batch_agrees_with_the_engine():
    b = play_random(300, 4, seed=7)
    assert b.finished.all() and (b.loser >= 0).all() and not b.stalemate.any()
    assert b.loss_counts().sum() == 300
    _check_batch(b)


@pytest.mark.parametrize("players", [3, 4])
def test_the_pickup_form_finishes_every_game_and_agrees_with_the_engine(players):
    """Rule 10: the pick-up form went round in circles for ever; now every game ends, many in a stalemate."""
    b = play_random(1000, players, rules=PICKUP, seed=players)
    assert b.finished.all()
    assert b.stalemate.any() and (b.loser >= 0).any()
    assert (b.loser[b.stalemate] == -1).all() and (b.loser[~b.stalemate] >= 0).all()
    _check_batch(b)
    assert b.game(int(np.flatnonzero(b.stalemate)[0])).is_stalemate


PRESET_RULES = [Rules(), PICKUP, Rules(off_suit="discard"), Rules(next_leader="lowest"), Rules(pickup="trick_and_waste"),
                Rules(picker="offsuit_player", pickup="trick_and_waste"), Rules(direction="anticlockwise"),
                Rules(ace="low", opening_card="2S"), Rules(must_draw=False), Rules(picker="offsuit_player", must_draw=False),
                Rules(next_leader="lowest", pickup="trick_and_waste", direction="anticlockwise")]


@pytest.mark.parametrize("rules", PRESET_RULES, ids=lambda r: r.describe())
def test_no_batch_game_reaches_the_move_cap(rules):
    for players in range(3, 9):
        b = play_random(100, players, rules=rules, seed=players)
        assert b.finished.all() and b.length.max() < MAX_MOVES
        assert ((b.loser >= 0) | b.stalemate | (not rules.must_draw)).all()


def test_the_deal_is_a_whole_pack_dealt_round_the_table():
    b = play_random(50, 5, seed=1)
    assert (np.bitwise_or.reduce(b.hands, axis=1) == (1 << 52) - 1).all()
    sizes = np.bitwise_count(b.hands)
    assert (sizes.sum(axis=1) == 52).all() and set(np.unique(sizes)) == {10, 11}
    assert len(set(b.seeds.tolist())) == 50


def test_a_seed_repeats_its_batch():
    a, b = play_random(40, 6, rules=PICKUP, seed=3), play_random(40, 6, rules=PICKUP, seed=3)
    for field in ("hands", "seeds", "loser", "stalemate", "length", "tricks", "draws", "escaped", "finished", "moves"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
    assert not np.array_equal(a.hands, play_random(40, 6, seed=4).hands)


def test_games_stopped_by_max_moves_are_unfinished():
    b = play_random(60, 3, rules=PICKUP, seed=0, max_moves=40)
    stuck = np.flatnonzero(~b.finished)
    assert len(stuck) and (b.length[stuck] == 40).all() and (b.loser[stuck] == -1).all()
    assert not b.stalemate[stuck].any()
    g = b.game(int(stuck[0]))
    assert not g.is_over and len(g.moves) == 40


@pytest.mark.parametrize("args, message", [
    (dict(num_games=0, num_players=4), "num_games"),
    (dict(num_games=5, num_players=2), "3 to 8"),
    (dict(num_games=5, num_players=5, rules=Rules(teams=True)), "even number"),
    (dict(num_games=5, num_players=4, max_moves=0), "max_moves"),
    (dict(num_games=5, num_players=4, seed="x"), "seed"),
])
def test_bad_arguments_are_refused(args, message):
    with pytest.raises((TypeError, ValueError), match=message):
        play_random(**args)


# ---------------------------------------------------------------------- legality and chance
def test_legal_masks_is_legal_mask_row_by_row():
    """The numpy form gives exactly what legal.legal_mask gives: random hands, led suits and forced leads."""
    rng = np.random.default_rng(0)
    m = 20_000
    hands = rng.integers(0, 2**52, size=m, dtype=np.int64).astype(np.uint64)
    hands &= rng.integers(0, 2**52, size=m, dtype=np.int64).astype(np.uint64)  # sparser hands, some suits void
    hands[::7] &= np.uint64(0x1FFF)  # spades only
    hands[::11] = 0
    led = rng.integers(-1, 4, size=m)
    required = np.where(rng.random(m) < 0.3, rng.integers(0, 52, size=m), NO_CARD)
    required[::5] = [int(h).bit_length() - 1 if h else NO_CARD for h in hands[::5]]  # a card of the hand (a drawn card)
    got = legal_masks(hands, led, required)
    want = [legal_mask(int(h), int(s), int(c)) for h, s, c in zip(hands, led, required)]
    assert got.tolist() == want
    assert int(legal_masks(np.uint64(mask_of(["AS", "2H"])), NO_SUIT, NO_CARD)) == mask_of(["AS", "2H"])


def test_random_cards_are_uniform_over_the_mask():
    rng = np.random.default_rng(0)
    mask = mask_of(["2S", "KS", "5H", "9D", "10D", "JD", "AC"])
    picks = random_cards(rng, np.full(70_000, mask, dtype=np.uint64))
    assert (np.uint64(mask) >> picks.astype(np.uint64) & np.uint64(1)).all()
    counts = np.bincount(picks, minlength=52)
    assert np.count_nonzero(counts) == 7
    assert counts[counts > 0].min() > 9_400 and counts.max() < 10_600


def test_random_cards_pick_every_card_of_every_suit():
    rng = np.random.default_rng(1)
    singles = np.array([1 << i for i in range(52)] * 3, dtype=np.uint64)
    assert random_cards(rng, singles).tolist() == list(range(52)) * 3
    full = random_cards(rng, np.full(52_000, (1 << 52) - 1, dtype=np.uint64))
    assert np.bincount(full, minlength=52).min() > 800


def test_position_hashes_tell_positions_apart():
    rng = np.random.default_rng(2)
    n, m = 4, 50_000
    owner = rng.integers(0, n + 1, size=(m, 52))  # seat, or n: the waste pile
    bits = np.uint64(1) << np.arange(52, dtype=np.uint64)
    hands = np.stack([np.bitwise_or.reduce(np.where(owner == s, bits, np.uint64(0)), axis=1) for s in range(n)], axis=1)
    waste = np.bitwise_or.reduce(np.where(owner == n, bits, np.uint64(0)), axis=1)
    leader = rng.integers(0, n, size=m)
    h = position_hashes(hands, leader, waste)
    assert len({(a, b) for a, b in h.tolist()}) == m
    assert len(set(h[:, 0].tolist())) == m and len(set(h[:, 1].tolist())) == m
    # one card moved, two hands swapped, another leader: all different
    moved = hands.copy()
    moved[:, 0] ^= np.uint64(1)
    swapped = hands[:, [1, 0, 2, 3]]
    for other in (position_hashes(moved, leader, waste), position_hashes(swapped, leader, waste),
                  position_hashes(hands, (leader + 1) % n, waste)):
        assert (other != h).all()
    assert np.array_equal(position_hashes(hands, leader, waste), h)


# ---------------------------------------------------------------------- rollouts
def _check_rollouts(g: Game, num: int, seed: int):
    before = g.state_key()
    r = rollouts(g, num, seed=seed)
    assert g.state_key() == before  # the game is not changed
    assert len(r) == num and r.finished.all()
    for k in range(num):
        end = r.game(k)
        assert _engine_outcome(end, g) == _batch_outcome(r, k), k
        assert [m.card.index for m in end.moves[len(g.moves):]] == r.moves[k, : r.length[k]].tolist()
        assert r.first[k] == (r.moves[k, 0] if r.length[k] else NO_CARD)
    return r


def _walk(g: Game, rng: random.Random, steps: int, p_take: float) -> Game:
    for _ in range(steps):
        if g.is_over:
            break
        takes = g.legal_takes()
        if takes and rng.random() < p_take:
            g.take(rng.choice(takes))
        else:
            g.play(rng.choice(g.legal_cards()))
    return g


@pytest.mark.parametrize("k", range(len(VALID_RULES)))
def test_rollouts_from_positions_of_every_variant_replay_through_the_engine(k):
    """From the deal, the opening trick, mid-trick and between tricks, after takes, with a drawn card to lead."""
    rules = VALID_RULES[k]
    players = (4, 6, 8)[k % 3] if rules.teams else 3 + k % 6
    rng = random.Random(k)
    g = Game.deal(players, seed=k, rules=rules)
    kinds = []
    for step in (0, 1, 12, 25):
        g = _walk(g, rng, step, 0.05)
        kinds.append("over" if g.is_over else "opening" if g.is_opening_trick else "mid-trick" if g.table else
                     "drawn" if g.draw_card else "lead")
        _check_rollouts(g, 3, seed=k * 10 + step)  # each rollout replayed through the engine: three are plenty
        if not g.is_over and not g.table:  # and one lead later: mid-trick, as a rule
            _check_rollouts(_walk(g.copy(), rng, 1, 0.0), 3, seed=k * 10 + step + 1)
    assert kinds[:2] == ["opening", "opening"]


@settings(max_examples=60, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances, steps=st.integers(0, 120))
def test_rollouts_from_any_position_replay_through_the_engine(setup, play_seed, p_take, steps):
    g = _walk(setup.make(), random.Random(play_seed), steps, p_take)
    _check_rollouts(g, 6, seed=play_seed)


def test_rollouts_after_a_drawn_card_and_with_repeated_positions():
    # a drawn card to lead: search a few games for the moment after a draw
    found = 0
    for seed in range(40):
        g = Game.deal(4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and found < 6:
            g.play(rng.choice(g.legal_cards()))
            if g.draw_card is not None:
                found += 1
                _check_rollouts(g, 30, seed=seed)
                break
    assert found >= 6
    # rule 10 counts on from the game's own counts: after three of the four leads of the minimal case,
    # QH led back brings the start position round the third time at once
    g = Game.from_hands([["QH", "5S", "7C"], ["JD"]], rules=PICKUP, leader=0, seed=0)
    for _ in range(3):
        g.play("QH")
    assert sorted(g.position_counts().values()) == [2, 2] and not g.is_over
    r = _check_rollouts(g, 200, seed=1)
    assert r.stalemate.all()
    qh = Card.parse("QH").index
    assert (r.length[r.first == qh] == 1).all() and (r.length[r.first != qh] > 1).all()


def test_rollouts_from_a_finished_game_and_a_custom_position():
    g = Game.deal(3, seed=4)
    g.playout(1)
    r = rollouts(g, 5, seed=0)
    assert r.finished.all() and (r.loser == g.loser).all() and (r.first == NO_CARD).all() and (r.length == 0).all()
    assert r.game(2).state_key() == g.state_key()
    # no opening card, and a waste pile
    g = Game.from_hands([["KS", "3H", "4D"], ["5H", "9D"], ["2C", "QS", "JH"], []], leader=2, waste=["AS", "AH"], seed=9)
    r = _check_rollouts(g, 300, seed=2)
    assert set(r.loser.tolist()) <= {0, 1, 2}
    firsts = r.by_first_move(2)
    assert set(firsts) == {c.index for c in g.legal_cards()}
    assert sum(n for n, _ in firsts.values()) == 300
    assert r.loss_counts().sum() == (r.loser >= 0).sum()


def test_rollouts_are_repeatable_and_refuse_bad_arguments():
    g = _walk(Game.deal(5, seed=2), random.Random(2), 23, 0.0)
    a, b = rollouts(g, 50, seed=8), rollouts(g, 50, seed=8)
    assert np.array_equal(a.moves, b.moves) and np.array_equal(a.loser, b.loser)
    with pytest.raises(ValueError, match="num_rollouts"):
        rollouts(g, 0)
    with pytest.raises(ValueError, match="max_moves"):
        rollouts(g, 3, max_moves=0)
    with pytest.raises(TypeError, match="Game"):
        rollouts("game", 3)  # type: ignore[arg-type]
    short = rollouts(g, 20, seed=1, max_moves=3)
    assert (short.length <= 3).all() and ((short.length == 3) | short.finished).all()
    assert (short.loser[~short.finished] == -1).all()


def _redeal_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """A determinization: the cards ``seat`` cannot see, dealt again at random (hand sizes kept)."""
    others = [s for s in range(g.num_players) if s != seat]
    hidden = [c for s in others for c in g.hand(s)] + _waste_cards(g)
    rng.shuffle(hidden)
    hands = [0] * g.num_players
    hands[seat] = g.hand_mask(seat)
    for s in others:
        size = g.hand_sizes()[s]
        hands[s] = mask_of(hidden[:size])
        del hidden[:size]
    return with_hidden_cards(g, hands, mask_of(hidden))


def _waste_cards(g: Game) -> list[Card]:
    waste = g.state().waste
    return [Card.from_index(i) for i in range(52) if waste >> i & 1]


def test_rollouts_of_several_games_in_one_lockstep():
    rng = random.Random(5)
    g = _walk(Game.deal(4, seed=11), rng, 30, 0.0)
    while g.draw_card is not None or g.is_over:
        g = _walk(g, rng, 1, 0.0)
    seat = g.current_player
    games = [g] + [_redeal_hidden(g, seat, rng) for _ in range(3)]
    done = _walk(Game.deal(4, seed=12), rng, 400, 0.0)
    assert done.is_over
    games.append(done)
    r = rollouts(games, 25, seed=4)
    assert len(r) == 125 and r.source.tolist() == [j for j in range(5) for _ in range(25)]
    for k in range(len(r)):
        start = games[r.source[k]]
        end = r.game(k)
        assert _engine_outcome(end, start) == _batch_outcome(r, k), k
        assert [m.card.index for m in end.moves[len(start.moves):]] == r.moves[k, : r.length[k]].tolist()
    assert set(r.first[:100].tolist()) <= {c.index for c in g.legal_cards()} and (r.first[100:] == NO_CARD).all()
    assert (r.loser[100:] == done.loser).all() and r.start is r.starts[0]
    with pytest.raises(ValueError, match="same rules"):
        rollouts([g, Game.deal(5, seed=1)], 3)
    with pytest.raises(TypeError, match="sequence"):
        rollouts([], 3)


# ---------------------------------------------------------------------- the rules-of-thumb policy
def _rulebot_agrees(g: Game, moves, bot: RuleBot, public: Game | None = None) -> int:
    """Play ``moves`` on ``g``, checking each is RuleBot's choice (its view from ``public``, the
    same position with the whole public history, when given); returns how many were checked."""
    for i in moves:
        view = (public or g).seat_view(g.current_player)
        assert bot.choose_card(view).index == int(i), (len(g.moves), view.table, view.hand)
        g.play_index(int(i))
        if public is not None:
            public.play_index(int(i))
    return len(moves)


@pytest.mark.parametrize("k", range(len(PRESET_RULES) + 1))
def test_the_rules_policy_plays_every_card_as_rulebot(k):
    """policy="rules" (explore 0) makes RuleBot(explore=0)'s choice at every play of every game, every variant."""
    rules = Rules(teams=True) if k == len(PRESET_RULES) else PRESET_RULES[k]
    bot = RuleBot(explore=0.0)
    for players in ((4, 6, 8) if rules.teams else (3, 5, 8)):
        b = play_random(2 if rules.picker == "offsuit_player" else 8, players, rules=rules, seed=k, policy="rules",
                        explore=0.0)
        assert b.finished.all()
        for j in range(len(b)):
            g = Game.from_hands([cards_of(int(h)) for h in b.hands[j]], rules=rules, seed=int(b.seeds[j]))
            _rulebot_agrees(g, b.moves[j, : b.length[j]], bot)
            assert _engine_outcome(g) == _batch_outcome(b, j)


def test_rules_rollouts_from_positions_play_as_rulebot_with_the_voids_seen():
    """Mid-game (voids shown, pickups, draws), mid-trick: the continuations are RuleBot's; a game made from
    a seat's view is given the view's voids and plays on as the real game does."""
    bot = RuleBot(explore=0.0)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        g = _walk(Game.deal(4 + seed % 4, seed=seed), rng, 25 + 3 * seed, 0.0)
        if g.is_over:
            continue
        r = rollouts(g, 3, seed=seed, policy="rules", explore=0.0)
        assert (r.moves == r.moves[0]).all()  # nothing random is left but the game's own draws
        checked += _rulebot_agrees(g.copy(), r.moves[0, : r.length[0]], bot)
        view = g.seat_view(g.current_player)
        assert any(view.voids) or seed < 3
        hands = [g.hand_mask(s) for s in range(g.num_players)]
        det = game_from_view(view, hands, g.state().waste, seed=g.seed)
        r2 = rollouts(det, 1, seed=0, policy="rules", explore=0.0, voids=[view.voids])
        moves = r2.moves[0, : r2.length[0]].tolist()
        public = g.copy()
        draws = len(public.drawn_cards())
        for i in moves:  # as the real game goes on, until a card drawn with the other seed
            if len(public.drawn_cards()) > draws:
                break
            assert bot.choose_card(public.seat_view(public.current_player)).index == i
            public.play_index(i)
    assert checked > 300


def test_rules_rollouts_explore_with_chance_explore():
    g = Game.deal(4, seed=3)
    g.play_index(g.legal_cards()[0].index)
    rng = random.Random(1)
    g = _walk(g, rng, 20, 0.0)
    while g.table or g.is_over:
        g = _walk(g, rng, 1, 0.0)
    assert g.legal_mask().bit_count() > 2
    sure = rollouts(g, 400, seed=1, policy="rules", explore=0.0)
    wild = rollouts(g, 400, seed=1, policy="rules", explore=1.0)
    assert len(set(sure.first.tolist())) == 1
    assert set(wild.first.tolist()) == {c.index for c in g.legal_cards()}
    some = rollouts(g, 2000, seed=2, policy="rules", explore=0.3)
    share = float((some.first != sure.first[0]).mean())
    others = g.legal_mask().bit_count() - 1
    assert abs(share - 0.3 * others / (others + 1)) < 0.04
    for k in range(0, 2000, 97):
        assert some.game(k).is_over


# ---------------------------------------------------------------------- the open-hands policy
def _open_choices(g: Game) -> set[int]:
    """The cards the rules of thumb with every hand open may play in ``g`` (written from
    open_cards's description, one game at a time): a lead is any card of the pool, the rest is one card."""
    legal = g.legal_mask()
    if legal.bit_count() == 1:
        return {legal.bit_length() - 1}
    rules = g.rules
    top_picks = rules.off_suit == "tochoo" and rules.picker == "highest"
    strength = strength_table(rules.ace)
    seat = g.current_player
    hands = [g.hand_mask(s) for s in range(g.num_players)]
    if not g.table:
        safe = 0
        if top_picks:
            for q in range(4):
                if all(hands[s] & SUIT_MASKS[q] for s in range(g.num_players) if s != seat and hands[s]):
                    safe |= SUIT_MASKS[q]
        return set(indices(legal & safe or legal))
    led = g.table[0][1].index // 13
    mine = indices(hands[seat] & SUIT_MASKS[led])
    if not mine:  # the strongest card; among equals the shortest suit, then the lower suit
        cards = indices(hands[seat])
        return {max(cards, key=lambda c: (strength[c], -(hands[seat] & SUIT_MASKS[c // 13]).bit_count(), -c))}
    later = g.trick_order[len(g.table) + 1:]
    danger = top_picks and not g.is_opening_trick and any(not hands[s] & SUIT_MASKS[led] for s in later)
    if not danger:
        return {max(mine, key=strength.__getitem__)}
    top = max(strength[c.index] for _, c in g.table if c.index // 13 == led)
    under = [c for c in mine if strength[c] < top]
    return {max(under, key=strength.__getitem__) if under else min(mine, key=strength.__getitem__)}


def _open_agrees(g: Game, moves) -> int:
    for i in moves:
        assert int(i) in _open_choices(g), (len(g.moves), g.table, g.hand(g.current_player))
        g.play_index(int(i))
    return len(moves)


@pytest.mark.parametrize("k", range(len(PRESET_RULES) + 1))
def test_the_open_policy_plays_every_card_by_its_rules(k):
    """policy="open": every play of every game of every variant is the open-hands rules' card (a lead: one
    of its pool), and the games replay through the engine."""
    rules = Rules(teams=True) if k == len(PRESET_RULES) else PRESET_RULES[k]
    checked = 0
    for players in ((4, 6, 8) if rules.teams else (3, 5, 8)):
        b = play_random(2 if rules.picker == "offsuit_player" else 6, players, rules=rules, seed=k, policy="open")
        assert b.finished.all()
        for j in range(len(b)):
            g = Game.from_hands([cards_of(int(h)) for h in b.hands[j]], rules=rules, seed=int(b.seeds[j]))
            checked += _open_agrees(g, b.moves[j, : b.length[j]])
            assert _engine_outcome(g) == _batch_outcome(b, j)
    assert checked > 200


def test_open_rollouts_from_positions_follow_the_rules_and_lead_from_the_whole_pool():
    """Mid-game, mid-trick, after draws: the continuations play by the open-hands rules, and the first
    leads of many rollouts cover the pool at about equal rates."""
    checked = 0
    for seed in range(10):
        g = _walk(Game.deal(3 + seed % 6, seed=seed), random.Random(seed), 20 + 4 * seed, 0.0)
        if g.is_over:
            continue
        r = rollouts(g, 4, seed=seed, policy="open")
        for k in range(4):
            checked += _open_agrees(g.copy(), r.moves[k, : r.length[k]])
    assert checked > 300
    g = Game.deal(4, seed=3)
    while g.table or g.is_opening_trick or len(_open_choices(g)) < 3:
        g.play(random.Random(len(g.moves)).choice(g.legal_cards()))
    pool = _open_choices(g)
    first = rollouts(g, 3000, seed=1, policy="open").first
    counts = [int((first == c).sum()) for c in sorted(pool)]
    assert set(first.tolist()) == pool and min(counts) > 0.7 * 3000 / len(pool)


def test_common_random_numbers_repeat_a_stream_and_only_that():
    g = _walk(Game.deal(5, seed=4), random.Random(4), 18, 0.0)
    for policy in ("random", "rules", "open"):
        same = rollouts([g, g.copy(), g.copy()], 60, seed=5, policy=policy, streams=[0, 0, 1])
        a, b, c = (same.moves[j * 60:(j + 1) * 60] for j in range(3))
        assert np.array_equal(a, b) and not np.array_equal(a, c)
        assert len({tuple(row) for row in a.tolist()}) > 1  # rollouts of one game do not share numbers
    with pytest.raises(ValueError, match="stream"):
        rollouts([g, g], 3, streams=[0])
    with pytest.raises(ValueError, match="policy"):
        rollouts(g, 3, policy="greedy")
    with pytest.raises(ValueError, match="explore"):
        play_random(3, 4, policy="rules", explore=2)
    with pytest.raises(ValueError, match="voids"):
        rollouts([g, g], 3, policy="rules", voids=[(0,) * 5])
