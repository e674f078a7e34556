"""The bundled set proved again: a sample of its puzzles re-proved at a higher budget with
other seeds (held out: seeds the set was never mined or screened with), counting those that
keep their answer and their margin.

    python benchmarks/puzzle_reprove.py --sample 60 --deals 2048 --seed 7

Each puzzle of the sample is proved again over ``--deals`` imagined deals (the set's own proofs
used 1024), weighing the same actions, with a seed of its own drawn from ``--seed``. It
"keeps" when the same action comes out best and every other action is still worse by the
set's margin with the paired difference's 95 % interval clear of zero. Prints the share kept
with its 95 % interval (Wilson), and each puzzle that does not keep.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def reprove(args: tuple[str, int, int]) -> tuple[str, bool, bool, str]:
    """(id, same answer, answer and margin kept, what was found) for one puzzle."""
    from bhabho_widget.puzzles import bundled, prove

    puzzle_id, deals, seed = args
    p = bundled.get(puzzle_id)
    actions = [a.action for a in p.proof.actions]
    again = prove(p.game(), p.seat, seed=seed, screened=False, deals=deals, margin=p.proof.margin, actions=actions)
    if again is None:
        return puzzle_id, False, False, "no action proved"
    same = again.answer.action == p.answer
    worst = min(a.diff for a in again.actions[1:])
    worst_lo = min(a.diff_lo for a in again.actions[1:])
    return puzzle_id, same, same and again.holds(), f"best {again.answer.action}, smallest gap {worst:+.3f} (lo {worst_lo:+.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=60, help="puzzles re-proved (default 60)")
    parser.add_argument("--deals", type=int, default=2048, help="imagined deals per proof (default 2048)")
    parser.add_argument("--seed", type=int, default=7, help="draws the sample and the new seeds")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    from bhabho_widget.puzzles import bundled

    rng = random.Random(args.seed)
    sample = rng.sample([p.id for p in bundled], min(args.sample, len(bundled)))
    work = [(pid, args.deals, 10_000_000 + rng.randrange(10**9)) for pid in sample]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(reprove, work))
    same = sum(r[1] for r in results)
    kept = sum(r[2] for r in results)
    n = len(results)
    lo, hi = wilson(kept, n)
    print(f"bundled set: {len(bundled)} puzzles; re-proved {n} at {args.deals} deals with new seeds "
          f"in {time.perf_counter() - started:.0f} s")
    print(f"same answer: {same}/{n}; answer and margin kept: {kept}/{n} = {kept / n:.1%} "
          f"(95 % interval {lo:.1%} to {hi:.1%})")
    for pid, s, k, what in results:
        if not k:
            print(f"  {pid}: {'same answer, margin not kept' if s else 'another answer'}: {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
