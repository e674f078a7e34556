"""How much the review's graph jumps where nothing happened: between two consecutive
decisions of the reviewed seat with no marked event (a pickup, a take, an escape, a draw)
between them, the change from the chance after the first decision (the chance of ending as
the bhabhi after the action chosen) to the chance the position is worth at the second (after
its best action). A learner reads such a jump as a change of fortune; with nothing in between
it is the estimates' own noise and inconsistency (a bad action at the second decision is its
own loss, not counted here).

    python benchmarks/review_jumps.py [--games 12] [--players 4] [--seed 1] [--rollouts R --samples S]

Plays ``--games`` games of a weak seat (random cards at seat 0, rules-of-thumb bots at the
others), reviews seat 0 at the review's budget (or the one given) and prints the mean jump with
its 95 % interval (over the pairs), the median, the largest, and how many pairs. Run it on two
source trees with ``PYTHONPATH=<tree>`` to compare before and after a change. A benchmark, not
a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from bhabho_widget import Game
from bhabho_widget.coach import review as coach_review
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.registry import BOTS


def jumps(r, moves_of_events) -> list[float]:
    out = []
    ds = r.decisions
    for a, b in zip(ds, ds[1:]):
        if any(a.move <= m < b.move for m in moves_of_events):
            continue
        out.append(abs(b.chance_before - a.chance_after))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    budget = {}
    if args.rollouts:
        budget["rollouts"] = args.rollouts
    if args.samples:
        budget["samples"] = args.samples
    all_jumps: list[float] = []
    started = time.process_time()
    for k in range(args.games):
        g = Game.deal(args.players, seed=args.seed * 1000 + k)
        bots = [BOTS["random"](seed=k)] + [BOTS["rules"](seed=10 * k + s) for s in range(1, args.players)]
        play_out(g, bots)
        r = coach_review.review(g, 0, seed=k, **budget)
        all_jumps += jumps(r, [e.move for e in r.events])
    n = len(all_jumps)
    mean = statistics.fmean(all_jumps)
    half = 1.959963984540054 * statistics.stdev(all_jumps) / math.sqrt(n) if n > 1 else float("nan")
    out = {"pairs": n, "mean": mean, "lo": mean - half, "hi": mean + half, "median": statistics.median(all_jumps),
           "max": max(all_jumps), "cpu_seconds": time.process_time() - started}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.games} games, {args.players} players: {n} pairs of decisions with nothing between them; mean jump "
              f"{100 * mean:.1f} points (95 % interval {100 * out['lo']:.1f}-{100 * out['hi']:.1f}), median "
              f"{100 * out['median']:.1f}, largest {100 * out['max']:.1f}; {out['cpu_seconds']:.0f} s of CPU")


if __name__ == "__main__":
    main()
