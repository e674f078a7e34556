"""The engine's speed in two source trees, alternating runs: before and after a change.

    python benchmarks/compare_speed.py OLD_TREE NEW_TREE [--runs 5] [--players 4] [--json]

Each tree is a checkout holding ``bhabho_widget/`` (for example ``git worktree add
/tmp/base <commit>``). Every run is a fresh process that imports the package from one
tree and measures, in CPU seconds of that process (``time.process_time``):

- ``playout``: ``Game.deal(players, seed=k)`` then ``Game.playout(rng)``;
- ``api``: the public-API loop ``g.play(rng.choice(g.legal_cards()))`` until the game ends;
- ``batch``: ``bhabho_widget.play_random`` (the numpy batch player) for a batch of games.

The trees take turns (old, new, then new, old, ...), so slow spells of the machine fall
on both. Prints each tree's median games per second and the change. A benchmark, not a
test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

GAMES = {"playout": 3000, "api": 1500, "batch": 20000}

_ONE_RUN = """
import random, sys, time
what, players, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
from bhabho_widget import Game  # the public API: the same in trees before and after the layers
rng = random.Random(12345)
def playout(k):
    Game.deal(players, seed=k).playout(rng)
def api(k):
    g = Game.deal(players, seed=k)
    while not g.is_over:
        g.play(rng.choice(g.legal_cards()))
if what == "batch":
    from bhabho_widget import play_random
    start = time.process_time()
    play_random(n, players, seed=12345)
else:
    step = playout if what == "playout" else api
    for k in range(50):  # warm up
        step(k)
    start = time.process_time()
    for k in range(n):
        step(k)
print(n / (time.process_time() - start))
import bhabho_widget
print(bhabho_widget.__file__)
"""


def one_run(tree: str, what: str, players: int) -> float:
    """Games per CPU second of one fresh process importing the package from ``tree``."""
    # run in the tree: "python -c" puts the working directory first on the path, then PYTHONPATH
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run([sys.executable, "-c", _ONE_RUN, what, str(players), str(GAMES[what])],
                         capture_output=True, text=True, check=True, env=env, cwd=tree)
    rate, where = out.stdout.split("\n")[:2]
    if not where.startswith(os.path.abspath(tree)):
        raise RuntimeError(f"the run for {tree} imported {where}")
    return float(rate)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rates: dict[str, dict[str, list[float]]] = {w: {"old": [], "new": []} for w in GAMES}
    for r in range(args.runs):
        for what in GAMES:
            order = [("old", args.old), ("new", args.new)]
            for name, tree in order if r % 2 == 0 else order[::-1]:
                rates[what][name].append(one_run(tree, what, args.players))
    summary = {}
    for what, by in rates.items():
        old, new = statistics.median(by["old"]), statistics.median(by["new"])
        summary[what] = {"old": round(old), "new": round(new), "change": round(new / old - 1, 4),
                         "old_runs": [round(x) for x in by["old"]], "new_runs": [round(x) for x in by["new"]]}
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{args.players} players, {args.runs} alternating runs each, medians (games per CPU second)")
        for what, s in summary.items():
            print(f"{what:8} old {s['old']:>7,}  new {s['new']:>7,}  change {s['change']:+.1%}   "
                  f"runs old {s['old_runs']} new {s['new_runs']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
