"""Does the review find more mistakes where worse players played? Random > rules > search.

    python benchmarks/review_sanity.py [--games 40] [--rollouts 768] [--samples 48] [--seed 0]
                                        [--kinds random,rules,search] [--jobs 2] [--quick] [--json]

For each bot kind (``random``, ``rules``, ``search``), ``--games`` four-player games on the
same deals, the kind at seat 0 and rules-of-thumb bots at the other seats; every game is
reviewed for seat 0 (``coach.review.review``, the given budget, seeded). Counted over the
seat's *open* decisions (not forced, and the best action's chance of ending as the bhabhi
between 5 % and 95 %: elsewhere nothing the seat does matters): how many are graded
(inaccuracy or worse) with a 95 % Wilson interval, and the mean loss (chosen less best,
in points of chance, negative estimates counted as 0) with a 95 % normal interval. Then each
step of the ordering, random - rules and rules - search, in graded share and in mean loss,
with the 95 % interval of the difference; the step *holds* when that interval excludes 0.
The exit status is 1 when a step does not hold in a full run of all three kinds, else 0.

``--jobs 2`` plays the kinds in two processes (the search bot's games in one, they cost as
much as the other two). ``--quick``: 12 games per kind reviewed with 384 continuations over 24
deals, about a minute of CPU per kind (two minutes with ``--jobs 2`` on two cores); its
intervals are too wide to separate random from the rules of thumb in mean loss, so it tells
whether the figures are in the expected range, not whether the ordering holds (exit status 0).

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

Every step holds (the differences worked out from the figures above, with the 95 % interval
of each difference): random - rules, 5.5 points of graded share (2.0 to 9.0) and 0.97 points of
mean loss (0.24 to 1.70); rules - search, 13.5 (10.8 to 16.2) and 2.29 (1.80 to 2.78).

``tests/test_review_sanity.py`` is the small version CI runs: eight of these random-bot games
(seed 0) at a small budget, and at each open decision the search bot's action graded from the
same estimates as the random player's; it checks the large step, random against search, decision
by decision. The whole ordering, and random against the rules of thumb in particular, is
measured here only.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tqdm.auto import tqdm

from bhabho_widget import Game
from bhabho_widget.coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES, review
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.registry import ARENA_BOTS
from bhabho_widget.play.stats import wilson

KINDS = ("random", "rules", "search")
STEPS = (("random", "rules"), ("rules", "search"))
QUICK = {"games": 12, "rollouts": 384, "samples": 24}
Z = 1.959963984540054


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
    def mean_se(self) -> float:
        return statistics.stdev(self.losses) / math.sqrt(len(self.losses)) if len(self.losses) >= 2 else 1.0

    @property
    def loss_interval(self) -> tuple[float, float]:
        half = Z * self.mean_se
        return (self.mean_loss - half, self.mean_loss + half)


def open_decisions(kind: str, games: int, rollouts: int, samples: int, seed: int = 0) -> Tally:
    """Play ``games`` games with ``kind`` at seat 0 (rules bots elsewhere), review seat 0."""
    start = time.process_time()
    graded, losses = 0, []
    for k in tqdm(range(games), desc=f"{kind} reviewed", unit="game", leave=False, disable=None):
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


def step(worse: Tally, better: Tally) -> dict[str, tuple[float, float, float]]:
    """The differences worse - better of the graded share and of the mean loss: (difference, low, high)."""
    out = {}
    se = math.hypot(math.sqrt(worse.rate * (1 - worse.rate) / max(1, worse.decisions)),
                    math.sqrt(better.rate * (1 - better.rate) / max(1, better.decisions)))
    d = worse.rate - better.rate
    out["graded share"] = (d, d - Z * se, d + Z * se)
    d = worse.mean_loss - better.mean_loss
    half = Z * math.hypot(worse.mean_se, better.mean_se)
    out["mean loss"] = (d, d - half, d + half)
    return out


def _run(kinds: list[str], games: int, rollouts: int, samples: int, seed: int) -> list[Tally]:
    return [open_decisions(kind, games, rollouts, samples, seed) for kind in kinds]


def tallies(kinds: list[str], games: int, rollouts: int, samples: int, seed: int, jobs: int) -> dict[str, Tally]:
    """Every kind's tally; with ``jobs`` 2 or more, the search bot's games in a process of their own."""
    if jobs < 2 or len(kinds) < 2:
        return {t.kind: t for t in _run(kinds, games, rollouts, samples, seed)}
    groups = [[k for k in kinds if k == "search"], [k for k in kinds if k != "search"]]
    groups = [g for g in groups if g] if "search" in kinds else [[k] for k in kinds]
    with ProcessPoolExecutor(min(jobs, len(groups))) as pool:
        done = [pool.submit(_run, g, games, rollouts, samples, seed) for g in groups]
        return {t.kind: t for f in done for t in f.result()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated, from: " + ", ".join(KINDS))
    parser.add_argument("--jobs", type=int, default=1, help="processes (2: the search bot's games beside the others)")
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK['games']} games per kind, {QUICK['rollouts']} continuations over "
                             f"{QUICK['samples']} deals (the figures' range, not the ordering)")
    parser.add_argument("--json", action="store_true", help="one JSON line per kind: decisions, graded, losses")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.rollouts, args.samples = QUICK["games"], QUICK["rollouts"], QUICK["samples"]
    kinds = args.kinds.split(",")
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        parser.error(f"unknown kinds {', '.join(unknown)}: choose from {', '.join(KINDS)}")
    if args.json:
        for t in tallies(kinds, args.games, args.rollouts, args.samples, args.seed, args.jobs).values():
            print(json.dumps({"kind": t.kind, "decisions": t.decisions, "graded": t.graded, "losses": t.losses,
                              "seconds": t.seconds}), flush=True)
        return 0
    print(f"{args.games} games per kind, seat 0 reviewed with {args.rollouts} continuations per action over "
          f"{args.samples} sampled deals", flush=True)
    found = tallies(kinds, args.games, args.rollouts, args.samples, args.seed, args.jobs)
    for kind in kinds:
        t = found[kind]
        lo, hi = t.rate_interval
        mlo, mhi = t.loss_interval
        print(f"{kind:>7}: {t.decisions} open decisions, graded {t.graded} = {t.rate:.1%} ({lo:.1%}-{hi:.1%}), "
              f"mean loss {t.mean_loss * 100:.2f} points ({mlo * 100:.2f}-{mhi * 100:.2f}), {t.seconds:.0f} s CPU")
    holds = True
    for worse, better in STEPS:
        if worse not in found or better not in found:
            continue
        for name, (d, lo, hi) in step(found[worse], found[better]).items():
            verdict = "holds" if lo > 0 else "does NOT hold"
            holds = holds and lo > 0
            print(f"{worse} - {better}, {name}: {d * 100:+.2f} points (95 % interval of the difference "
                  f"{lo * 100:+.2f} to {hi * 100:+.2f}): {verdict}")
    return 0 if holds or args.quick or set(kinds) != set(KINDS) else 1


if __name__ == "__main__":
    sys.exit(main())
