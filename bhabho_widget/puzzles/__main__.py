"""``python -m bhabho_widget.puzzles`` (the ``bhabho-puzzles`` command): mine a set, count one,
export or erase your progress.

- ``mine --games 400 --seed 0 --output set.jsonl [--jobs 2 | --dask ADDRESS]``: play that many bot
  games and write every puzzle proved in them (resumable: run it again to continue);
- ``count [FILE]``: a set's puzzles by players and by theme (default: the bundled set);
- ``export FILE``: your progress as JSON; ``erase``: delete your progress.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .progress import Progress
from .sets import BUNDLED_PATH, PuzzleSet, bundled

__all__ = ["argument_parser", "main"]


def argument_parser() -> argparse.ArgumentParser:
    """The command line (the reference of the documentation reads it)."""
    parser = argparse.ArgumentParser(prog="bhabho-puzzles", description="Puzzles the coach has proved: mine, count, "
                                     "and your progress.")
    sub = parser.add_subparsers(dest="command", required=True)
    mine = sub.add_parser("mine", help="play bot games and write the puzzles proved in them")
    mine.add_argument("--games", type=int, required=True, help="how many games to play")
    mine.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed mines the same puzzles")
    mine.add_argument("--output", required=True, help="the file of puzzle lines to write (appended; resumable)")
    mine.add_argument("--players", default="3,4,5,6", help="table sizes, cycled through (default 3,4,5,6)")
    mine.add_argument("--deals", type=int, default=None, help="imagined deals per proof (default 1024)")
    mine.add_argument("--jobs", type=int, default=1, help="processes on this machine (default 1)")
    mine.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler to run the games on (tcp://host:8786)")
    mine.add_argument("--quiet", action="store_true", help="no progress bar")
    bundle = sub.add_parser("bundle", help="make the bundled set: mine, then choose the set from what was mined")
    bundle.add_argument("--games", type=int, default=130, help="games to mine (default 130)")
    bundle.add_argument("--seed", type=int, default=2026, help="the run's seed (default 2026, the bundled set's)")
    bundle.add_argument("--work", default="bundled-mined.jsonl", help="the file of every puzzle mined (resumable)")
    bundle.add_argument("--output", default=None, help="the set chosen (default: the package's bundled set)")
    bundle.add_argument("--target", type=int, default=600, help="puzzles in the set (default 600)")
    bundle.add_argument("--jobs", type=int, default=2, help="processes on this machine (default 2)")
    bundle.add_argument("--quiet", action="store_true", help="no progress bar")
    count = sub.add_parser("count", help="a set's puzzles by players and by theme")
    count.add_argument("file", nargs="?", help="a file of puzzle lines (default: the bundled set)")
    export = sub.add_parser("export", help="your progress as JSON")
    export.add_argument("file", help="where to write it")
    sub.add_parser("erase", help="delete your progress (every attempt, rating and lesson result)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = argument_parser().parse_args(argv)
    if args.command == "mine":
        from .mining import DEALS, mine  # numpy's: the coach extra

        players = tuple(int(x) for x in args.players.split(","))
        executor = None
        if args.dask:
            from distributed import Client

            executor = Client(args.dask).get_executor()
        elif args.jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = ProcessPoolExecutor(args.jobs)
        report = mine(args.output, args.games, seed=args.seed, players=players, executor=executor,
                      deals=args.deals or DEALS, progress=not args.quiet)
        print(f"{report.proved} puzzles from {report.games} games; {report.candidates} candidates this run, "
              f"{report.kept:.0%} of them proved")
        return 0
    if args.command == "bundle":
        import pathlib
        from concurrent.futures import ProcessPoolExecutor

        from .mining import mine, select  # numpy's: the coach extra

        executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        report = mine(args.work, args.games, seed=args.seed, executor=executor, progress=not args.quiet)
        lines = pathlib.Path(args.work).read_text(encoding="utf-8").splitlines()
        chosen = select(lines, args.target)
        out = pathlib.Path(args.output) if args.output else BUNDLED_PATH
        out.write_text("".join(line + "\n" for line in chosen), encoding="utf-8")
        print(f"{len(chosen)} puzzles chosen of {report.proved} mined in {report.games} games: {out}")
        return 0
    if args.command == "count":
        s = bundled if args.file is None else PuzzleSet(args.file)
        print(json.dumps({"puzzles": len(s), "players": s.player_counts(), "themes": s.theme_counts()}, indent=1))
        return 0
    progress = Progress()
    if args.command == "export":
        print(progress.export_json(args.file))
        return 0
    progress.erase()
    print(f"erased {progress.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
