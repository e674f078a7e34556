"""Benchmark: full games per second on one core.

    python -m bhabho_widget.bench [--games N] [--players 3 4 6 8] [--policies ...]

Four policies. Through :class:`Game`, one play at a time, every event logged and every
play undoable: ``cards``: a uniformly random legal card at every turn, nobody takes
(:meth:`Game.playout`); ``table``: random bots at a table (a random card; at each trick
boundary every bot is offered a take, in play order from the power holder, and takes
with probability 0.05); ``rules``: the rules-of-thumb bot in every seat, offered takes
the same way. And ``batch``: the ``cards`` policy for a batch of ``--batch`` games at
once (:func:`bhabho_widget.batch.play_random`), each game's moves kept so that it replays
through :class:`Game` with its events.
"""

from __future__ import annotations

import argparse
import random
import time

from .batch import play_random
from .bots import RandomBot, RuleBot
from .driver import play_out
from .game import Game


def random_cards_game(seed: int, players: int, rng: random.Random) -> Game:
    g = Game.deal(players, seed=seed)
    g.playout(rng)
    return g


def run(policy: str, players: int, games: int) -> tuple:
    """(games per second, plays per game) for ``games`` games."""
    rng = random.Random(12345)
    plays = 0
    start = time.perf_counter()
    if policy == "batch":
        b = play_random(games, players, seed=12345)
        return games / (time.perf_counter() - start), float(b.length.mean())
    for k in range(games):
        if policy == "cards":
            g = random_cards_game(k, players, rng)
        else:
            g = Game.deal(players, seed=k)
            if policy == "table":
                bots = [RandomBot(rng.random()) for _ in range(players)]
            else:
                bots = [RuleBot(k * 8 + s) for s in range(players)]
            play_out(g, bots)
        plays += len(g.moves)
    elapsed = time.perf_counter() - start
    return games / elapsed, plays / games


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 6, 8])
    parser.add_argument("--batch", type=int, default=20000, help="games per batch (default 20000)")
    parser.add_argument("--policies", nargs="+", default=["cards", "table", "rules", "batch"],
                        choices=["cards", "table", "rules", "batch"])
    args = parser.parse_args(argv)
    sizes = {"cards": args.games, "table": args.games, "rules": max(1, args.games // 4), "batch": args.batch}
    print(f"{'policy':8} {'players':>7} {'games/s':>9} {'actions/game':>13}")
    for policy in args.policies:
        for n in args.players:
            rate, per_game = run(policy, n, sizes[policy])
            print(f"{policy:8} {n:7d} {rate:9.0f} {per_game:13.1f}", flush=True)


if __name__ == "__main__":
    main()
