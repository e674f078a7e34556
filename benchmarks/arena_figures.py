"""The arena figures of the search bot against its sparring partners, seat-rotated on fixed deals.

    python benchmarks/arena_figures.py [--games 2000] [--small 400] [--jobs 2] [--seed 1] [--only NAME ...] [--dry-run]

Each matchup is one arena command (printed before it runs, so every figure can be made
again on its own): the default ``search`` bot in one seat against three (or, at 3, 6 and
8 players, all the other) bots of one kind. ``--games`` for the 4-player matchups (the
issue asks at least 2,000), ``--small`` for the other player counts. A game with four
search bots at the table costs about four times one with a single one: ``--dry-run``
prints the commands only, and a first short run (``--games 40 --small 24``) tells how
long the full one will take on a machine.

Measured so far (``--seed 1 --jobs 2``, on a 2-core machine shared with other work at a
load average of 10-30, so far fewer games than the issue asks; each line is the arena
command with that ``--games``):

======================================================  =====  =====================
lineup                                                  games  first bot's loss rate
======================================================  =====  =====================
``search,rules,rules,rules``                              160  2.5 % (1.0-6.3 %)
``search-2026,rules,rules,rules``                          80  12.5 % (6.9-21.5 %)
``search,peer,peer,peer``                                2,000  36.9 % (34.8-39.0 %)
``search-random,peer,peer,peer``                         2,000  29.4 % (27.5-31.5 %)
``search-2026,peer,peer,peer``                             40  40.0 % (26.3-55.4 %)
``search,search-2026,search-2026,search-2026``             24  29.2 % (14.9-49.2 %)
``search,rules,rules`` (3 players, fair share 33.3 %)      60  5.0 % (1.7-13.7 %)
``search`` + 7 × ``rules`` (8 players, fair 12.5 %)        32  0.0 % (0.0-10.7 %)
======================================================  =====  =====================

A 4-player game costs about 1 s of CPU with one search bot and three rules-of-thumb bots
(measured), and with four search bots at the table about four times as much.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time

MATCHUPS = {
    "vs-search-2026": (4, "search-2026"),
    "vs-rules": (4, "rules"),
    "vs-peer": (4, "peer"),
    "baseline-2026-vs-rules": (4, "rules"),
    "3p-vs-search-2026": (3, "search-2026"),
    "6p-vs-search-2026": (6, "search-2026"),
    "8p-vs-search-2026": (8, "search-2026"),
    "3p-vs-rules": (3, "rules"),
    "6p-vs-rules": (6, "rules"),
    "8p-vs-rules": (8, "rules"),
}


def command(name: str, games: int, small: int, jobs: int, seed: int) -> list[str]:
    players, other = MATCHUPS[name]
    first = "search-2026" if name.startswith("baseline-2026") else "search"
    count = games if players == 4 else small
    count -= count % players  # every deal in every seat
    lineup = ",".join([first] + [other] * (players - 1))
    return [sys.executable, "-m", "bhabho_widget.play.arena", "--bots", lineup, "--games", str(count),
            "--seed", str(seed), "--jobs", str(jobs), "--quiet"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--small", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHUPS), help="run these matchups only")
    parser.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    args = parser.parse_args()
    for name in args.only or MATCHUPS:
        cmd = command(name, args.games, args.small, args.jobs, args.seed)
        print(f"## {name}\n$ {shlex.join(['python', *cmd[1:]])}", flush=True)
        if args.dry_run:
            continue
        t = time.perf_counter()
        subprocess.run(cmd, check=True)
        print(f"({time.perf_counter() - t:.0f} s)\n", flush=True)


if __name__ == "__main__":
    main()
