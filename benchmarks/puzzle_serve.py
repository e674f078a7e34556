"""How fast a puzzle is served and answered, as a learner waits for it.

    python benchmarks/puzzle_serve.py --puzzles 200

Serving is what *Next puzzle* does: pick a puzzle near the learner's rating from the bundled
set (PracticeSession.next), replay its game to the decision and build the table's trait and
view (the practice widget's backend, PracticeBoard); answering is checking the action and
updating both ratings in the SQLite progress file (PracticeSession.answer, which also makes
the verdict's view). Each is timed per puzzle; p50, p95 and the largest are printed, with
the first serve (the set read from the package) apart. The learner's progress is a fresh
file in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time


def quantile(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[round(q * 100) - 1] if len(xs) > 1 else xs[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BHABHO_DATA_DIR"] = folder
        from bhabho_widget.table.widget import Practice

        rng = random.Random(args.seed)
        t0 = time.perf_counter()
        table = Practice()
        first = time.perf_counter() - t0
        serve: list[float] = []
        answer: list[float] = []
        for _ in range(args.puzzles):
            action = rng.choice(table.backend.session.choices)  # as a click would: a card, Take or Pass
            t0 = time.perf_counter()
            if action == "take":
                table.take()
            elif action == "pass":
                table.pass_take()
            else:
                table.play(action)
            answer.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            table.next_puzzle()
            serve.append(time.perf_counter() - t0)
        table.close()
    print(f"first puzzle (the set read, the widget made): {first * 1000:.0f} ms")
    for name, xs in (("serve (Next puzzle)", serve), ("answer (verdict and ratings)", answer)):
        print(f"{name}: n={len(xs)}, p50 {quantile(xs, 0.5) * 1000:.1f} ms, p95 {quantile(xs, 0.95) * 1000:.1f} ms, "
              f"max {max(xs) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
