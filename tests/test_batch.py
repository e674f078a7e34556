"""The batch player against the engine: every batch game must replay through Game."""

from __future__ import annotations

import numpy as np
import pytest
from test_properties import VALID_RULES as ALL_RULES

from bhabho_widget import Game, Rules
from bhabho_widget.batch import play_random, random_cards
from bhabho_widget.cards import mask_of

# the batch never takes a hand, so take_from_left does not matter; one opening card per ace rule
VALID_RULES = [r for r in ALL_RULES if r.take_from_left and r.opening_card == ("2S" if r.ace == "low" else "AS")]


def _engine_outcome(g: Game) -> tuple:
    draws = sum(1 for e in g.events if e.kind == "draw")
    return (g.is_over, -1 if g.loser is None else g.loser, g.escaped, g.trick_number - 1, draws, len(g.moves))


def _batch_outcome(b, k) -> tuple:
    return (bool(b.finished[k]), int(b.loser[k]), [int(s) for s in b.escaped[k] if s >= 0], int(b.tricks[k]),
            int(b.draws[k]), int(b.length[k]))


@pytest.mark.parametrize("k", range(len(VALID_RULES)))
def test_every_variant_replays_through_the_engine(k):
    """Each game's moves are legal in Game, and the loser, escapes, tricks and draws agree."""
    rules = VALID_RULES[k]
    players = (4, 6, 8)[k % 3] if rules.teams else 3 + k % 6
    b = play_random(4, players, rules=rules, seed=k, max_moves=300)
    for j in range(len(b)):
        g = b.game(j)  # play_index raises IllegalMoveError on any illegal move
        assert _engine_outcome(g) == _batch_outcome(b, j)


def test_a_large_classic_batch_agrees_with_the_engine():
    b = play_random(300, 4, seed=7)
    assert b.finished.all() and (b.loser >= 0).all()
    assert b.loss_counts().sum() == 300
    for j in range(len(b)):
        assert _engine_outcome(b.game(j)) == _batch_outcome(b, j)


def test_the_deal_is_a_whole_pack_dealt_round_the_table():
    b = play_random(50, 5, seed=1)
    assert (np.bitwise_or.reduce(b.hands, axis=1) == (1 << 52) - 1).all()
    sizes = np.bitwise_count(b.hands)
    assert (sizes.sum(axis=1) == 52).all() and set(np.unique(sizes)) == {10, 11}
    assert len(set(b.seeds.tolist())) == 50


def test_a_seed_repeats_its_batch():
    a, b = play_random(40, 6, seed=3), play_random(40, 6, seed=3)
    for field in ("hands", "seeds", "loser", "length", "tricks", "draws", "escaped", "finished", "moves"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
    assert not np.array_equal(a.hands, play_random(40, 6, seed=4).hands)


def test_games_that_go_round_in_circles_stop_unfinished():
    rules = Rules(picker="offsuit_player", take_from_left=False)
    b = play_random(60, 3, rules=rules, seed=0, max_moves=80)
    stuck = np.flatnonzero(~b.finished)
    assert len(stuck) and (b.length[stuck] == 80).all() and (b.loser[stuck] == -1).all()
    g = b.game(int(stuck[0]))
    assert not g.is_over and len(g.moves) == 80


def test_random_cards_are_uniform_over_the_mask():
    rng = np.random.default_rng(0)
    mask = mask_of(["2S", "KS", "5H", "9D", "10D", "JD", "AC"])
    picks = random_cards(rng, np.full(70_000, mask, dtype=np.uint64))
    assert (np.uint64(mask) >> picks.astype(np.uint64) & np.uint64(1)).all()
    counts = np.bincount(picks, minlength=52)
    assert np.count_nonzero(counts) == 7
    assert counts[counts > 0].min() > 9_400 and counts.max() < 10_600


@pytest.mark.parametrize("args, message", [
    (dict(num_games=0, num_players=4), "num_games"),
    (dict(num_games=5, num_players=2), "3 to 8 players"),
    (dict(num_games=5, num_players=5, rules=Rules(teams=True)), "even number"),
    (dict(num_games=5, num_players=4, max_moves=0), "max_moves"),
    (dict(num_games=5, num_players=4, seed="x"), "seed"),
])
def test_bad_arguments_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        play_random(**args)
