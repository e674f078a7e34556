"""How fast the search bot decides, and rollouts per second: numpy lockstep against Game.playout.

    python benchmarks/search_speed.py [--decisions 200] [--players 4] [--seed 0] [--json]

Decisions: the search bot (default budget) sits in one seat of real games against
rules-of-thumb bots, the seat moving round the table from game to game; every call
that searches (a card with a choice, or a take worth simulating) is timed until
``--decisions`` have been made. Calls with nothing to search (one legal card, no take
worth trying) take microseconds and are counted apart.

Rollouts: from the positions of those decisions, one hidden deal each
(:func:`bhabho_widget.play.search.sample_hidden` and ``play.determinize.game_from_view``), random continuations
to the end three ways: :func:`bhabho_widget.play.search.simulate` with all positions in one
lockstep numpy run (as a decision runs them, and bigger), the same one position at a
time, and one :meth:`Game.playout` per rollout on a copy of the position.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bhabho_widget import Game, RuleBot
from bhabho_widget.play.determinize import game_from_view
from bhabho_widget.play.driver import Driver
from bhabho_widget.play.search import SearchBot, sample_hidden, simulate


class TimedSearchBot(SearchBot):
    """A SearchBot that times its calls and keeps the views it searched."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[tuple[str, float]] = []
        self.trivial = 0
        self.views = []

    def choose_card(self, view):
        if view.legal.bit_count() == 1:
            self.trivial += 1
            return super().choose_card(view)
        t = time.perf_counter()
        card = super().choose_card(view)
        self.times.append(("card", time.perf_counter() - t))
        self.views.append(view)
        return card

    def wants_take(self, view):
        if not self.take_worth_trying(view):
            self.trivial += 1
            return False
        t = time.perf_counter()
        answer = super().wants_take(view)
        self.times.append(("take", time.perf_counter() - t))
        return answer


def decisions(count: int, players: int, seed: int) -> tuple[list[tuple[str, float]], int, list, int]:
    bot = TimedSearchBot(seed=seed)
    games = 0
    while len(bot.times) < count:
        g = Game.deal(players, seed=seed * 10_000 + games, dealer=games % players)
        bots = {s: RuleBot(seed=games * 16 + s) for s in range(players)}
        bots[games % players] = bot
        Driver(g, bots).run()
        games += 1
    return bot.times[:count], bot.trivial, bot.views, games


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def rollout_rates(views: list, per_position: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    starts = []
    for v in views:
        hands, waste = sample_hidden(v, rng)
        starts.append(game_from_view(v, hands, waste, seed=rng.getrandbits(62)))
    out = {}
    for label, size in (("numpy, all positions at once, 64 each", 64), (f"numpy, all positions at once, {per_position} each",
                                                                        per_position)):
        t = time.perf_counter()
        simulate(starts, [size] * len(starts), seed=1)
        out[label] = size * len(starts) / (time.perf_counter() - t)
    few = starts[:20]
    t = time.perf_counter()
    for g in few:
        simulate([g], [64], seed=1)
    out["numpy, one position at a time, 64 each"] = 64 * len(few) / (time.perf_counter() - t)
    t = time.perf_counter()
    n = 0
    for g in few:
        for _ in range(10):
            c = g.copy()
            c.playout(rng)
            n += 1
    out["Game.playout, one rollout at a time"] = n / (time.perf_counter() - t)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-position", type=int, default=512, help="rollouts per position for the big numpy run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    times, trivial, views, games = decisions(args.decisions, args.players, args.seed)
    secs = [t for _, t in times]
    report = {
        "decisions": len(secs), "games": games, "players": args.players, "trivial_calls": trivial,
        "median_s": statistics.median(secs), "p95_s": percentile(secs, 0.95), "max_s": max(secs),
        "cards": sum(k == "card" for k, _ in times), "takes": sum(k == "take" for k, _ in times),
        "rollouts_per_s": rollout_rates(views[: min(len(views), 100)], args.per_position, args.seed),
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"search bot, default budget, {report['decisions']} decisions ({report['cards']} cards, {report['takes']} takes) "
          f"from {games} games with {args.players} players; {trivial} calls with nothing to search")
    print(f"  median {report['median_s'] * 1000:.0f} ms, 95th percentile {report['p95_s'] * 1000:.0f} ms, "
          f"max {report['max_s'] * 1000:.0f} ms")
    print("rollouts per second from the same positions:")
    for label, rate in report["rollouts_per_s"].items():
        print(f"  {label:45} {rate:9.0f}")


if __name__ == "__main__":
    main()
