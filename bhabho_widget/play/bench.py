"""Benchmark: random games and rollouts per second on one core.

    python -m bhabho_widget.play.bench [--games N] [--players 3 4 6 8] [--policies ...]

Whole games, dealt and played to the end:

- ``cards``: :meth:`Game.playout`, a uniformly random legal card at every turn, nobody
  takes; through :class:`Game`, every event logged and every play undoable;
- ``api``: the same through the public API, ``g.play(rng.choice(g.legal_cards()))`` until
  the game is over;
- ``table``: random bots at a table (a random card; at each trick boundary every bot is
  offered a take, in play order from the power holder, and takes with probability 0.05);
- ``rules``: the rules-of-thumb bot in every seat, offered takes the same way;
- ``batch``: the ``cards`` policy for a batch of ``--batch`` games at once
  (:func:`bhabho_widget.play.batch.play_random`), each game's moves kept so that it replays
  through :class:`Game`.

And random continuations of positions from real games (dealt, played at random to a
random point, mid-trick included), per position, for a Monte Carlo bot:

- ``rollouts``: :func:`bhabho_widget.play.batch.rollouts`, ``--rollouts`` of them at once
  (one row per size), against ``game.copy().playout()`` from the same positions.

Rates are per CPU second of this process (``time.process_time``), so that other work on the
machine moves them less; they are figures only, never asserted by the tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from ..engine.optional import MissingPackageError

try:
    import numpy  # noqa: F401  (the batch player's games run on numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The benchmarks", plural=True) from err

from ..engine.game import Game
from .batch import play_random, rollouts
from .bots import Bot, RandomBot, RuleBot
from .driver import play_out

POLICIES = ("cards", "api", "table", "rules", "batch", "rollouts")


def _since(start: float) -> float:
    """CPU seconds since ``start`` (never zero)."""
    return max(time.process_time() - start, 1e-9)


def random_cards_game(seed: int, players: int, rng: random.Random) -> Game:
    """A dealt game played out with :meth:`Game.playout`."""
    g = Game.deal(players, seed=seed)
    g.playout(rng)
    return g


def public_api_game(seed: int, players: int, rng: random.Random) -> Game:
    """A dealt game played out one public call at a time: ``g.play(rng.choice(g.legal_cards()))``."""
    g = Game.deal(players, seed=seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_cards()))
    return g


def run(policy: str, players: int, games: int) -> tuple[float, float]:
    """(games per second, plays or actions per game) for ``games`` games of ``policy``.

    >>> rate, per_game = run("api", 3, 2)
    >>> rate > 0 and per_game > 17
    True
    """
    rng = random.Random(12345)
    plays = 0
    start = time.process_time()
    if policy == "batch":
        b = play_random(games, players, seed=12345)
        return games / _since(start), float(b.length.mean())
    for k in range(games):
        if policy == "cards":
            g = random_cards_game(k, players, rng)
        elif policy == "api":
            g = public_api_game(k, players, rng)
        else:
            g = Game.deal(players, seed=k)
            bots: list[Bot]
            if policy == "table":
                bots = [RandomBot(rng.randrange(2**32)) for _ in range(players)]
            else:
                bots = [RuleBot(k * 8 + s) for s in range(players)]
            play_out(g, bots)
        plays += len(g.moves)
    return games / _since(start), plays / games


def positions(players: int, count: int, seed: int = 0) -> list[Game]:
    """``count`` positions from real games: each a dealt game played at random to a random
    point short of its end (between tricks or mid-trick)."""
    rng = random.Random(seed)
    out: list[Game] = []
    k = 0
    while len(out) < count:
        full = Game.deal(players, seed=seed * 1_000_003 + k)
        full.playout(rng)
        moves = full.moves
        out.append(full.replay(moves[: rng.randrange(len(moves))]))
        k += 1
    return out


def run_rollouts(players: int, sizes: Sequence[int], count: int = 20) -> list[tuple[str, float, float]]:
    """Rollouts per second from ``count`` positions: (label, rate, plays per rollout) for
    :func:`rollouts` at each size and for ``game.copy().playout()``.

    >>> [label for label, _, _ in run_rollouts(3, [5], count=2)]
    ['rollouts x5', 'copy+playout']
    """
    games = positions(players, count)
    rows = []
    for size in sizes:
        start = time.process_time()
        plays = 0
        for j, g in enumerate(games):
            plays += int(rollouts(g, size, seed=j).length.sum())
        rows.append((f"rollouts x{size}", size * count / _since(start), plays / (size * count)))
    per_position = max(10, min(200, max(sizes)))
    rng = random.Random(1)
    start = time.process_time()
    plays = 0
    for g in games:
        before = len(g.moves)
        for _ in range(per_position):
            c = g.copy()
            c.playout(rng)
            plays += len(c.moves) - before
    rows.append(("copy+playout", per_position * count / _since(start), plays / (per_position * count)))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000; rules: a quarter)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 6, 8])
    parser.add_argument("--batch", type=int, default=20000, help="games per batch (default 20000)")
    parser.add_argument("--rollouts", type=int, nargs="+", default=[100, 1000],
                        help="rollouts per position (default 100 1000), from 20 positions")
    parser.add_argument("--policies", nargs="+", default=list(POLICIES), choices=POLICIES)
    args = parser.parse_args(argv)
    sizes = {"cards": args.games, "api": args.games, "table": args.games, "rules": max(1, args.games // 4),
             "batch": args.batch}
    print(f"{'policy':16} {'players':>7} {'games/s':>9} {'plays/game':>11}")
    for policy in args.policies:
        for n in args.players:
            if policy == "rollouts":
                for label, rate, per in run_rollouts(n, args.rollouts):
                    print(f"{label:16} {n:7d} {rate:9.0f} {per:11.1f}", flush=True)
            else:
                rate, per_game = run(policy, n, sizes[policy])
                print(f"{policy:16} {n:7d} {rate:9.0f} {per_game:11.1f}", flush=True)


if __name__ == "__main__":
    main()
