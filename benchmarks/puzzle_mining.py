"""Mining puzzles on Dask: the same games mined with one worker and with two, side by side.

    python benchmarks/puzzle_mining.py --games 8 --seed 2026

Each run starts a local Dask cluster (``distributed.LocalCluster``, one process per worker,
one thread each, on 127.0.0.1), mines ``--games`` bot games through its executor
(:func:`bhabho_widget.puzzles.mine`, the bundled set's budget unless ``--deals`` says
otherwise) into a fresh file, and stops the cluster. Printed per run: wall time, the workers'
CPU time, puzzles proved, proved per CPU-minute, the share of candidates kept, and the speed-up
of two workers over one; both runs mine the same games and must prove the same puzzles.
"""

from __future__ import annotations

import argparse
import pathlib
import resource
import sys
import tempfile
import time


def cpu_seconds() -> float:
    """This process's CPU time (user and system), run on each Dask worker."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run(workers: int, games: int, seed: int, deals: int | None, folder: pathlib.Path) -> dict[str, float]:
    from distributed import Client, LocalCluster

    from bhabho_widget.puzzles import mine
    from bhabho_widget.puzzles.proving import DEALS

    out = folder / f"mined-{workers}.jsonl"
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        before = sum(client.run(cpu_seconds).values())
        started = time.perf_counter()
        report = mine(out, games, seed=seed, executor=client.get_executor(), deals=deals or DEALS, progress=False)
        wall = time.perf_counter() - started
        cpu = sum(client.run(cpu_seconds).values()) - before
    ids = sorted(line.split('"id":"', 1)[1][:10] for line in out.read_text().splitlines() if line.strip())
    return {"wall": wall, "cpu": cpu, "proved": report.proved, "kept": report.kept, "candidates": report.candidates,
            "ids": ids}  # type: ignore[dict-item]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=None, help="imagined deals per proof (default: the set's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        runs = {w: run(w, args.games, args.seed, args.deals, folder) for w in (1, 2)}
    for w, r in runs.items():
        print(f"{w} worker{'s' if w > 1 else ''}: {args.games} games in {r['wall']:.0f} s wall, {r['cpu'] / 60:.1f} CPU-min; "
              f"{r['proved']} proved of {r['candidates']} candidates ({r['kept']:.0%} kept); "
              f"{r['proved'] / (r['cpu'] / 60):.1f} proved per CPU-minute, {r['proved'] / (r['wall'] / 60):.1f} per minute")
    print(f"two workers over one: {runs[1]['wall'] / runs[2]['wall']:.2f}x faster (wall)")
    print(f"same puzzles in both runs: {runs[1]['ids'] == runs[2]['ids']}")
    return 0 if runs[1]["ids"] == runs[2]["ids"] else 1


if __name__ == "__main__":
    sys.exit(main())
