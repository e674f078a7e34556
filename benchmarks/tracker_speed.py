"""How fast the tracker is: the grid per view, and the chances layer against one hint.

    python benchmarks/tracker_speed.py [--positions 40] [--samples 200] [--seed 0] [--json]

Positions come from real 4- and 8-player games of rules-of-thumb bots: every
``stride``-th decision of a seat with a choice (more than one legal card), until
``--positions`` positions per size are collected. At each position, in the same run:

- the grid: :func:`bhabho_widget.coach.tracker.tracker` without chances, timed over many calls;
- the chances layer at ``--samples`` deals (the default is the tracker's default);
- one hint (:func:`bhabho_widget.coach.hints.hint_for_view`, its default budget).

It prints the median and 95th percentile of each, and of the ratio chances / hint at the
same position (the ratio is what carries over from machine to machine). Times are the
process's CPU time, so other work on a shared machine does not inflate them. The target:
the chances take at most 0.2 s at the 95th percentile. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bhabho_widget import Game, RuleBot
from bhabho_widget.coach.hints import hint_for_view
from bhabho_widget.coach.tracker import DEFAULT_SAMPLES, tracker
from bhabho_widget.play.driver import Driver


class Collector(RuleBot):
    """A rules-of-thumb bot that keeps every ``stride``-th view where it had a choice."""

    def __init__(self, seed: int, stride: int, into: list) -> None:
        super().__init__(seed=seed)
        self.stride, self.into, self.k = stride, into, 0

    def choose_card(self, view):
        if view.legal.bit_count() > 1:
            self.k += 1
            if self.k % self.stride == 0:
                self.into.append(view)
        return super().choose_card(view)


def positions(players: int, count: int, seed: int, stride: int = 3) -> list:
    views: list = []
    games = 0
    while len(views) < count:
        g = Game.deal(players, seed=seed * 10_000 + games, dealer=games % players)
        Driver(g, {s: Collector(games * 16 + s, stride, views) for s in range(players)}).run()
        games += 1
    return views[:count]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(views: list, samples: int) -> dict:
    grid, chances, hints, ratios = [], [], [], []
    for k, v in enumerate(views):
        reps = 200
        t = time.process_time()
        for _ in range(reps):
            tracker(v)
        grid.append((time.process_time() - t) / reps)
        t = time.process_time()
        tracker(v, chances=True, samples=samples, seed=k)
        chances.append(time.process_time() - t)
        t = time.process_time()
        hint_for_view(v, seed=k)
        hints.append(time.process_time() - t)
        ratios.append(chances[-1] / hints[-1])

    def summary(values: list[float]) -> dict:
        return {"median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values)}

    return {"positions": len(views), "grid_s": summary(grid), "chances_s": summary(chances), "hint_s": summary(hints),
            "chances_over_hint": summary(ratios)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per number of players")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict = {"samples": args.samples}
    for players in (4, 8):
        report[f"{players} players"] = measure(positions(players, args.positions, args.seed), args.samples)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"tracker, chances from {args.samples} sampled deals")
    for players in (4, 8):
        r = report[f"{players} players"]
        print(f"{players} players, {r['positions']} positions from bot games:")
        print(f"  grid     median {r['grid_s']['median'] * 1e6:7.1f} µs   p95 {r['grid_s']['p95'] * 1e6:7.1f} µs")
        for key, label in (("chances_s", "chances"), ("hint_s", "one hint")):
            print(f"  {label:8} median {r[key]['median']:7.3f} s    p95 {r[key]['p95']:7.3f} s    max {r[key]['max']:.3f} s")
        q = r["chances_over_hint"]
        print(f"  chances / hint at the same position: median {q['median']:.2f}, p95 {q['p95']:.2f}")


if __name__ == "__main__":
    main()
