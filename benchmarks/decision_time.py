"""Decision time of a bot level at 3 to 8 players, and rollouts per second of the three continuation policies.

    python benchmarks/decision_time.py [--bots search] [--players 3,4,5,6,7,8] [--decisions 40] [--seed 0] [--json]

Decisions: positions of real games (every seat played by the rules of thumb), taken
where the seat to play has a choice of cards (one of every few, spread over the game);
the bot decides each from its seat's view and every call is timed. Printed per player
count: the decisions timed, their mean, median and 95th percentile (the issue's budget is
0.5 s at the 95th percentile on the target machine), in wall-clock time and in the
process's own CPU time: on a shared machine other work slows the wall clock (the load
average is printed beside), while the CPU time is what a decision costs on an idle core.

Rollouts: from the same positions, one sampled deal each (``sample_hidden`` and
``play.determinize.game_from_view``), 64 continuations of every position in one lockstep run, played by
uniformly random cards, by the rules of thumb and by the rules of thumb with every hand open
(the search bot's), in turn in the same run: rollouts per second of each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from bhabho_widget import Game, RuleBot
from bhabho_widget.play.determinize import game_from_view
from bhabho_widget.play.registry import ARENA_BOTS
from bhabho_widget.play.search import _voids_after, sample_hidden, simulate


def positions(players: int, count: int, seed: int) -> list:
    """Views of seats with a choice of cards, from games of rules-of-thumb bots."""
    views = []
    k = 0
    while len(views) < count:
        g = Game.deal(players, seed=seed * 1000 + k)
        bots = [RuleBot(seed=seed * 1000 + 10 * k + s) for s in range(players)]
        step = 0
        while not g.is_over:
            view = g.seat_view(g.current_player)
            if view.legal.bit_count() > 1 and step % 3 == k % 3:
                views.append(view)
            step += 1
            g.play(bots[g.current_player].choose_card(view))
        k += 1
    return views[:count]


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def rollout_rates(views: list, seed: int, repeats: int = 2) -> dict[str, float]:
    rng = random.Random(seed)
    starts, voids = [], []
    for v in views:
        hands, waste = sample_hidden(v, rng)
        g = game_from_view(v, hands, waste, seed=rng.getrandbits(62))
        starts.append(g)
        voids.append(_voids_after(v, g))
    done = {"random": 0.0, "rules": 0.0, "open": 0.0}
    count = 64
    for r in range(repeats):
        for policy in done:
            t = time.perf_counter()
            simulate(starts, [count] * len(starts), seed=seed + r, policy=policy, voids=voids)
            done[policy] += time.perf_counter() - t
    return {p: repeats * count * len(starts) / t for p, t in done.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="search", help=f"the bot level, one of {', '.join(ARENA_BOTS)}")
    parser.add_argument("--players", default="3,4,5,6,7,8")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {"bots": args.bots, "load_average": os.getloadavg()[0], "players": {}}
    if not args.json:
        print(f"{args.bots}: decision time (s); load average {out['load_average']:.1f} on {os.cpu_count()} cores")
        print(f"{'players':>7} {'decisions':>9} {'mean':>7} {'median':>7} {'p95':>7} {'cpu p95':>7}   "
              "rollouts/s random  rules   open")
    for n in (int(p) for p in args.players.split(",")):
        views = positions(n, args.decisions, args.seed)
        bot = ARENA_BOTS[args.bots](seed=args.seed)
        times, cpu = [], []
        for v in views:
            t, c = time.perf_counter(), time.process_time()
            bot.choose_card(v)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        rates = rollout_rates(views, args.seed)
        row = {"decisions": len(times), "mean": statistics.mean(times), "median": statistics.median(times),
               "p95": percentile(times, 0.95), "cpu_p95": percentile(cpu, 0.95), "rollouts_per_s": rates}
        out["players"][n] = row
        if not args.json:
            print(f"{n:7d} {len(times):9d} {row['mean']:7.3f} {row['median']:7.3f} {row['p95']:7.3f} {row['cpu_p95']:7.3f}   "
                  f"{rates['random']:16.0f} {rates['rules']:6.0f} {rates['open']:6.0f}", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
