"""Does the review find more mistakes where worse players played? Random > rules > search.

    python benchmarks/review_sanity.py [--games 40] [--rollouts 768] [--samples 48] [--seed 0]
                                        [--kinds random,rules,search] [--json]

For each bot kind (``random``, ``rules``, ``search``), ``--games`` four-player games on the
same deals, the kind at seat 0 and rules-of-thumb bots at the other seats; every game is
reviewed for seat 0 (``coach.review.review``, the given budget, seeded). Counted over the
seat's *open* decisions (not forced, and the best action's chance of ending as the bhabhi
between 5 % and 95 %: elsewhere nothing the seat does matters): how many are graded
(inaccuracy or worse) with a 95 % Wilson interval, and the mean loss (chosen less best,
in points of chance, negative estimates counted as 0) with a 95 % normal interval.

Measured (2 cores shared with other work, the defaults: 40 games per kind, the review's budget
of 768 continuations per action over 48 sampled deals, continuations by the rules of thumb
with every hand of the deal open; 132, 120 and 185 s of CPU):

======  ==============  ==================  =========================
kind    open decisions  graded (95 %)       mean loss, points (95 %)
======  ==============  ==================  =========================
random  1,004           21.2 % (18.8-23.9)  3.59 (3.04-4.14)
rules   839             15.7 % (13.4-18.4)  2.62 (2.14-3.09)
search  651             2.2 % (1.3-3.6)     0.33 (0.22-0.43)
======  ==============  ==================  =========================

``tests/test_review_sanity.py`` runs this (the defaults, two processes) and checks the
ordering with the intervals of the differences.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import dataclass

from bhabho_widget import Game
from bhabho_widget.coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES, review
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.registry import ARENA_BOTS
from bhabho_widget.play.stats import wilson

KINDS = ("random", "rules", "search")


@dataclass
class Tally:
    kind: str
    decisions: int
    graded: int
    losses: list[float]
    seconds: float

    @property
    def rate(self) -> float:
        return self.graded / self.decisions if self.decisions else 0.0

    @property
    def rate_interval(self) -> tuple[float, float]:
        return wilson(self.graded, self.decisions)

    @property
    def mean_loss(self) -> float:
        return statistics.fmean(self.losses) if self.losses else 0.0

    @property
    def loss_interval(self) -> tuple[float, float]:
        if len(self.losses) < 2:
            return (0.0, 1.0)
        half = 1.959963984540054 * statistics.stdev(self.losses) / math.sqrt(len(self.losses))
        return (self.mean_loss - half, self.mean_loss + half)


def open_decisions(kind: str, games: int, rollouts: int, samples: int, seed: int = 0) -> Tally:
    """Play ``games`` games with ``kind`` at seat 0 (rules bots elsewhere), review seat 0."""
    start = time.process_time()
    graded, losses = 0, []
    for k in range(games):
        game = Game.deal(4, seed=seed * 100_003 + 1000 + k)
        bots = {0: ARENA_BOTS[kind](seed=seed * 7919 + k)}
        bots.update({s: ARENA_BOTS["rules"](seed=100 * k + s) for s in (1, 2, 3)})
        play_out(game, bots)
        for d in review(game, 0, rollouts=rollouts, samples=samples, seed=k).decisions:
            if d.forced or not 0.05 <= d.chance_before <= 0.95:
                continue
            graded += d.grade is not None
            losses.append(max(0.0, d.loss))
    return Tally(kind, len(losses), graded, losses, time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated, from: " + ", ".join(KINDS))
    parser.add_argument("--json", action="store_true", help="one JSON line per kind: decisions, graded, losses")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        parser.error(f"unknown kinds {', '.join(unknown)}: choose from {', '.join(KINDS)}")
    if args.json:
        for kind in kinds:
            t = open_decisions(kind, args.games, args.rollouts, args.samples, args.seed)
            print(json.dumps({"kind": kind, "decisions": t.decisions, "graded": t.graded, "losses": t.losses,
                              "seconds": t.seconds}), flush=True)
        return
    print(f"{args.games} games per kind, seat 0 reviewed with {args.rollouts} continuations per action over "
          f"{args.samples} sampled deals")
    for kind in kinds:
        t = open_decisions(kind, args.games, args.rollouts, args.samples, args.seed)
        lo, hi = t.rate_interval
        mlo, mhi = t.loss_interval
        print(f"{kind:>7}: {t.decisions} open decisions, graded {t.graded} = {t.rate:.1%} ({lo:.1%}-{hi:.1%}), "
              f"mean loss {t.mean_loss * 100:.2f} points ({mlo * 100:.2f}-{mhi * 100:.2f}), {t.seconds:.0f} s CPU",
              flush=True)


if __name__ == "__main__":
    main()
