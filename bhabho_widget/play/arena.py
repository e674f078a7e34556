"""The arena: how often each kind of bot ends as the bhabhi, with a 95 % interval.

    python -m bhabho_widget.play.arena --players 4 --bots search,rules,rules,rules --games 2000 --seed 1 [--jobs 2] [--json]

Games are dealt from fixed seeds: game ``k`` uses deal ``k // players`` and rotation
``k % players``, so each deal is played once with every bot of the lineup in every
seat in turn (use a multiple of ``players`` games for a balanced tournament). For each
kind of bot the arena counts the seat-games it played and lost. A stalemate (rule 10)
is counted apart: its games count for nobody. The loss rate comes with a 95 % Wilson
interval; a seat that plays like the others loses ``1 / players`` of the games.

Games run in parallel on any :class:`concurrent.futures.Executor`: ``--jobs J`` starts
a process pool, and the Python API :func:`run_arena` takes an executor, so a Dask
cluster's ``client.get_executor()`` spreads a big tournament over many machines.

>>> r = run_arena(["rules", "random", "random"], games=6, seed=1)
>>> sorted(r.to_dict()["bots"]), r.to_dict()["bots"]["rules"]["games"] + r.to_dict()["bots"]["random"]["games"]
(['random', 'rules'], 18)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import EndlessGameError
from ..engine.game import Game
from ..engine.optional import optional_import
from ..engine.rules import PRESETS, Rules, rules_from
from .bots import Bot
from .driver import play_out
from .registry import ARENA_BOTS
from .stats import wilson

__all__ = ["ArenaResult", "game_plan", "main", "plot_arena", "run_arena", "wilson"]

BotFactory = Callable[..., Bot]
"""Makes a bot: called as ``factory(seed=...)`` (a Bot class will do)."""


def game_plan(k: int, lineup_size: int, seed: int) -> tuple[int, int, int]:
    """Game ``k`` of a tournament: (deal seed, dealer, rotation). The lineup's entry ``i``
    sits in seat ``(i + rotation) % players``.

    >>> [game_plan(k, 4, 0)[2] for k in range(5)]
    [0, 1, 2, 3, 0]
    """
    deal, rotation = divmod(k, lineup_size)
    deal_seed = random.Random(f"arena:{seed}:deal:{deal}").randrange(2**62)
    return deal_seed, deal % lineup_size, rotation


def _bot_seed(seed: int, k: int, seat: int) -> int:
    return random.Random(f"arena:{seed}:game:{k}:seat:{seat}").randrange(2**62)


def _resolve(name: str, factories: Mapping[str, BotFactory] | None) -> BotFactory:
    if factories and name in factories:
        return factories[name]
    if name in ARENA_BOTS:
        return ARENA_BOTS[name]
    known = sorted(set(ARENA_BOTS) | set(factories or ()))
    raise ValueError(f"no bot named {name!r}: choose from {', '.join(known)}")


def _play_chunk(lineup: tuple[str, ...], rules: Rules, seed: int, ks: Sequence[int],
                factories: Mapping[str, BotFactory] | None = None) -> list[tuple[int, int, bool]]:
    """Play games ``ks``: for each, (k, the bhabhi's seat or -1, stalemate). Runs in a worker."""
    n = len(lineup)
    makers = [_resolve(name, factories) for name in lineup]
    out = []
    for k in ks:
        deal_seed, dealer, rotation = game_plan(k, n, seed)
        g = Game.deal(n, seed=deal_seed, rules=rules, dealer=dealer)
        bots: list[Bot | None] = [None] * n
        for i, make in enumerate(makers):
            seat = (i + rotation) % n
            bots[seat] = make(seed=_bot_seed(seed, k, seat))
        try:
            play_out(g, bots)  # type: ignore[arg-type]
            out.append((k, -1 if g.loser is None else g.loser, g.is_stalemate))
        except EndlessGameError:  # a safety net only: rule 10 ends every game
            out.append((k, -1, True))
    return out


@dataclass
class ArenaResult:
    """What :func:`run_arena` measured. ``games[name]``: seat-games that bot kind played
    (stalemates left out), ``losses[name]``: how many of them it lost; ``results[k]``:
    (bhabhi seat or -1, stalemate) of game ``k``."""

    lineup: tuple[str, ...]
    rules: Rules
    seed: int
    num_games: int
    games: dict[str, int] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)
    stalemates: int = 0
    results: list[tuple[int, bool]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.lineup)

    def loss_rate(self, name: str) -> float:
        return self.losses[name] / self.games[name] if self.games[name] else 0.0

    def interval(self, name: str) -> tuple[float, float]:
        """The 95 % Wilson interval of ``name``'s loss rate."""
        return wilson(self.losses[name], self.games[name])

    def to_dict(self) -> dict:
        """``{"bots": {name: {"games", "losses", "loss_rate", "ci95": [lo, hi]}}, "stalemates": n}``."""
        bots = {}
        for name in self.games:
            lo, hi = self.interval(name)
            bots[name] = {"games": self.games[name], "losses": self.losses[name],
                          "loss_rate": round(self.loss_rate(name), 6), "ci95": [round(lo, 6), round(hi, 6)]}
        return {"bots": bots, "stalemates": self.stalemates}

    def table(self) -> str:
        """A plain-text table of the results."""
        lines = [f"{self.num_games} games, {self.players} players, lineup {','.join(self.lineup)}, "
                 f"rules: {self.rules.describe()}, seed {self.seed}",
                 f"{'bot':16} {'seat-games':>10} {'losses':>7} {'loss rate':>9}  95 % interval"]
        for name in self.games:
            lo, hi = self.interval(name)
            lines.append(f"{name:16} {self.games[name]:10d} {self.losses[name]:7d} {self.loss_rate(name):9.1%}  "
                         f"{lo:.1%} .. {hi:.1%}")
        lines.append(f"stalemates: {self.stalemates} (a seat at random loses {1 / self.players:.1%})")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + self.table().replace("&", "&amp;").replace("<", "&lt;") + "</pre>"

    def plot(self, ax: Any = None) -> Any:
        return plot_arena(self, ax=ax)


def plot_arena(result: ArenaResult, ax: Any = None) -> Any:
    """Bar chart of each bot kind's loss rate with its 95 % interval; returns the Axes."""
    plt = optional_import("matplotlib.pyplot", "Arena plots", plural=True)

    names = list(result.games)
    rates = [result.loss_rate(n) for n in names]
    lows = [r - result.interval(n)[0] for n, r in zip(names, rates)]
    highs = [result.interval(n)[1] - r for n, r in zip(names, rates)]
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2), layout="constrained")
    bars = ax.bar(range(len(names)), rates, yerr=[lows, highs], capsize=6, color="#4f81bd")
    ax.bar_label(bars, labels=[f"{r:.1%}" for r in rates], padding=8)
    ax.axhline(1 / result.players, color="gray", ls="--", lw=1, label=f"a fair share: {1 / result.players:.0%}")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("share of seat-games lost")
    ax.set_title(f"Arena: {','.join(result.lineup)} ({result.num_games} games)")
    ax.set_ylim(0, max([1 / result.players, *[r + h for r, h in zip(rates, highs)]]) * 1.3)
    ax.legend(fontsize="small", loc="upper right")
    return ax


class _Bar:
    """``progress=True``: a tqdm bar of the games played (:mod:`tqdm.auto`: a widget in a
    notebook, a line on stderr in a terminal), closed when the arena ends, whether or not it
    played every game."""

    def __init__(self, lineup: Sequence[str], games: int) -> None:
        from tqdm.auto import tqdm

        self.bar = tqdm(total=games, desc=",".join(lineup), unit="game", file=sys.stderr)

    def __call__(self, done: int, total: int) -> None:
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def run_arena(bots: Sequence[str], games: int, seed: int = 0, rules: Rules | str = Rules(),
              executor: Executor | None = None, jobs: int = 1, chunk: int | None = None,
              factories: Mapping[str, BotFactory] | None = None,
              progress: Callable[[int, int], None] | bool | None = None) -> ArenaResult:
    """Play ``games`` games with the lineup ``bots`` (one name per seat, from
    :data:`bhabho_widget.play.registry.ARENA_BOTS` or ``factories``) and count each bot kind's losses.

    ``executor``: any :class:`concurrent.futures.Executor` (a process pool, a Dask
    ``client.get_executor()``); without one, ``jobs > 1`` starts a process pool of that
    size and ``jobs == 1`` plays here. Games go out in chunks of ``chunk``. ``progress``
    is called as ``progress(done, total)`` (True: a tqdm progress bar). The same arguments
    give the same result, whatever the executor.
    """
    lineup = tuple(bots)
    if not 3 <= len(lineup) <= 8:
        raise ValueError(f"a lineup has one bot per seat, 3 to 8 of them, not {len(lineup)}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    rules = rules_from(rules)
    for name in set(lineup):
        _resolve(name, factories)
    bar = _Bar(lineup, games) if progress is True else None
    report = bar if bar is not None else (progress if callable(progress) else None)
    own = None
    if executor is None and jobs > 1:
        executor = own = ProcessPoolExecutor(jobs)
    workers = jobs if own is not None else (4 if executor is not None else 1)
    if chunk is None:
        chunk = max(1, min(20, games // (4 * workers) or 1))
    parts = [list(range(a, min(games, a + chunk))) for a in range(0, games, chunk)]
    results: dict[int, tuple[int, bool]] = {}
    done = 0
    try:
        if executor is None:
            for ks in parts:
                for k, loser, stale in _play_chunk(lineup, rules, seed, ks, factories):
                    results[k] = (loser, stale)
                done += len(ks)
                if report is not None:
                    report(done, games)
        else:
            futures = [executor.submit(_play_chunk, lineup, rules, seed, ks, factories) for ks in parts]
            for fut in as_completed(futures):
                chunk_results = fut.result()
                for k, loser, stale in chunk_results:
                    results[k] = (loser, stale)
                done += len(chunk_results)
                if report is not None:
                    report(done, games)
    finally:
        if own is not None:
            own.shutdown()
        if bar is not None:
            bar.close()
    out = ArenaResult(lineup=lineup, rules=rules, seed=seed, num_games=games)
    for name in lineup:
        out.games.setdefault(name, 0)
        out.losses.setdefault(name, 0)
    n = len(lineup)
    for k in range(games):
        loser, stale = results[k]
        out.results.append((loser, stale))
        if stale:
            out.stalemates += 1
            continue
        rotation = game_plan(k, n, seed)[2]
        for i, name in enumerate(lineup):
            out.games[name] += 1
            if loser == (i + rotation) % n:
                out.losses[name] += 1
    return out


def build_parser() -> argparse.ArgumentParser:
    """The arena's command line (``python -m bhabho_widget.play.arena``)."""
    parser = argparse.ArgumentParser(prog="python -m bhabho_widget.play.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=None, help="seats at the table (default: the lineup's length)")
    parser.add_argument("--bots", default="search,rules,rules,rules",
                        help=f"comma-separated lineup, one per seat, from: {', '.join(ARENA_BOTS)} "
                             "(default search,rules,rules,rules)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS), help="a variant (default classic)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE", help="save the bar chart to FILE (PNG, SVG ...)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players is not None:
        if len(lineup) == 1:
            lineup = lineup * args.players
        if len(lineup) != args.players:
            parser.error(f"--bots names {len(lineup)} bots for {args.players} players")
    try:
        result = run_arena(lineup, args.games, seed=args.seed, rules=args.rules, jobs=args.jobs,
                           progress=None if args.quiet or args.json else True)
    except ValueError as err:
        parser.error(str(err))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    if args.plot:
        optional_import("matplotlib", "Arena plots", plural=True).use("Agg")
        ax = result.plot()
        ax.figure.savefig(args.plot, dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
