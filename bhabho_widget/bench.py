"""Benchmark: full games per second through the engine, events on.

    python -m bhabho_widget.bench [--games N] [--players 3 4 6 8]

Three policies: ``cards``: a uniformly random legal card at every turn, nobody takes
(:meth:`Game.playout`);
``table``: random bots at a table (a random card; at each trick boundary every bot is
offered a take, in play order from the power holder, and takes with probability 0.05);
``rules``: the rules-of-thumb bot in every seat, offered takes the same way.
"""

from __future__ import annotations

import argparse
import random
import time

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
    parser.add_argument("--policies", nargs="+", default=["cards", "table", "rules"],
                        choices=["cards", "table", "rules"])
    args = parser.parse_args(argv)
    print(f"{'policy':8} {'players':>7} {'games/s':>9} {'actions/game':>13}")
    for policy in args.policies:
        for n in args.players:
            rate, per_game = run(policy, n, args.games if policy != "rules" else max(1, args.games // 4))
            print(f"{policy:8} {n:7d} {rate:9.0f} {per_game:13.1f}", flush=True)


if __name__ == "__main__":
    main()
