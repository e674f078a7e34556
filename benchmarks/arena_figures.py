"""The arena figures of the search bot against its sparring partners, seat-rotated on fixed deals.

    python benchmarks/arena_figures.py [--games N] [--jobs 2] [--seed 1] [--only NAME ...] [--dry-run]

Each matchup is one arena command (printed before it runs, so every figure can be made
again on its own): the default ``search`` bot in one seat against bots of one kind in every
other seat, 2,000 games at 4 players, 600 at 3 and 6 (300 against the first search bot at 3),
400 at 8 (``--games`` sets one count for all). ``--dry-run`` prints the commands only; a short run (``--games 48``) tells how
long the full one will take on a machine. ``book`` is a check of the arena's bookkeeping:
four rules-of-thumb bots must lose a fair share each.

Measured (``--seed 1 --jobs 2`` on a 2-core machine; no stalemates in any run; the time is
the wall clock of that run, other work sharing the machine):

===========================================  =====  ===========================  ======
lineup                                       games  search bot's loss (95 %)     time
===========================================  =====  ===========================  ======
``search,peer,peer,peer``                    2,000  12.2 % (10.8-13.7 %)         41 min
``search,peer,peer`` (fair share 33.3 %)       600  15.0 % (12.4-18.1 %)         9 min
``search`` + 5 × ``peer`` (fair 16.7 %)        600  8.8 % (6.8-11.4 %)           11 min
``search`` + 7 × ``peer`` (fair 12.5 %)        400  5.8 % (3.9-8.5 %)            9 min
``search,search-2026,search-2026,...``       2,000  11.2 % (9.9-12.7 %)          63 min
``search,search-2026,search-2026``             300  15.7 % (12.0-20.2 %)         8 min
``search,rules,rules,rules``                 2,000  2.4 % (1.8-3.1 %)            31 min
``search,rules,rules``                         600  2.0 % (1.1-3.5 %)            9 min
``search`` + 5 × ``rules``                     600  1.2 % (0.6-2.4 %)            8 min
``search`` + 7 × ``rules``                     400  0.2 % (0.0-1.4 %)            6 min
``rules,rules,rules,rules`` (``--seed 31``)  2,000  rules: 25.0 % (24.1-26.0 %)  4 s
===========================================  =====  ===========================  ======
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time

MATCHUPS = {  # name: (players, the other bots, the first bot, games, seed)
    "vs-peer": (4, "peer", "search", 2000, None),
    "vs-search-2026": (4, "search-2026", "search", 2000, None),
    "vs-rules": (4, "rules", "search", 2000, None),
    "3p-vs-peer": (3, "peer", "search", 600, None),
    "6p-vs-peer": (6, "peer", "search", 600, None),
    "8p-vs-peer": (8, "peer", "search", 400, None),
    "3p-vs-search-2026": (3, "search-2026", "search", 300, None),
    "3p-vs-rules": (3, "rules", "search", 600, None),
    "6p-vs-rules": (6, "rules", "search", 600, None),
    "8p-vs-rules": (8, "rules", "search", 400, None),
    "book": (4, "rules", "rules", 2000, 31),
}


def command(name: str, games: int | None, jobs: int, seed: int) -> list[str]:
    players, other, first, count, fixed_seed = MATCHUPS[name]
    count = count if games is None else games
    count -= count % players  # every deal in every seat
    lineup = ",".join([first] + [other] * (players - 1))
    return [sys.executable, "-m", "bhabho_widget.play.arena", "--players", str(players), "--bots", lineup,
            "--games", str(count), "--seed", str(seed if fixed_seed is None else fixed_seed), "--jobs", str(jobs),
            "--quiet"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="one game count for every matchup")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHUPS), help="run these matchups only")
    parser.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    args = parser.parse_args()
    for name in args.only or MATCHUPS:
        cmd = command(name, args.games, args.jobs, args.seed)
        print(f"## {name}\n$ {shlex.join(['python', *cmd[1:]])}", flush=True)
        if args.dry_run:
            continue
        t = time.perf_counter()
        subprocess.run(cmd, check=True)
        print(f"({time.perf_counter() - t:.0f} s)\n", flush=True)


if __name__ == "__main__":
    main()
