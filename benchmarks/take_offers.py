"""Take offers: how often a local table stops to ask the person at their chance to take (rule 7),
with each setting of ``take_offers``, on the same games.

    python benchmarks/take_offers.py [--games 8] [--players 4] [--seed 1] [--json]

The person (seat 0) plays as a learner who follows the rules of thumb (the ``rules`` bot's
card at each turn) against rules-of-thumb bots, and passes at every offer. A pass changes
nothing in the game, so one seed gives the same game under every setting: the figures differ
only in where the table stops. For each setting it prints the stops per game (mean and most),
the longest run of stops in a row, and the stops' share of the person's clicks (cards played and
offers answered); with "always" every chance of the person's is a stop. The default,
"may_pay", asks only where the coach's quick estimate finds the take within the margin of
passing, or better. Seeds are held out from the tests (1000 and up). A benchmark: nothing is
asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from bhabho_widget.play.bots import RuleBot
from bhabho_widget.table.controller import TAKE_OFFERS
from bhabho_widget.table.session import TableSession


def play(seed: int, players: int, mode: str) -> dict[str, Any]:
    s = TableSession(players=players, seed=seed, bots="rules", take_offers=mode)
    learner = RuleBot(seed=seed)
    stops = cards = run = longest = 0
    for _ in range(3000):
        g = s.game
        if g.is_over:
            break
        if s.take_offer:
            stops += 1
            run += 1
            longest = max(longest, run)
            s.pass_take()
        elif s.waiting == "bot":
            s.advance()
        else:
            cards += 1
            run = 0
            s.play(learner.choose_card(g.seat_view(s.seat)))
    else:
        raise RuntimeError(f"game {seed} did not end")
    return {"seed": seed, "stops": stops, "clicks": stops + cards, "longest_run": longest,
            "moves": len(s.game.moves), "bhabhi": s.game.loser}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    seeds = [1000 * args.seed + k for k in range(args.games)]
    out: dict[str, Any] = {"seeds": seeds, "modes": {}}
    for mode in TAKE_OFFERS:
        started = time.monotonic()
        games = [play(seed, args.players, mode) for seed in seeds]
        stops = [g["stops"] for g in games]
        out["modes"][mode] = {
            "games": games, "stops_mean": statistics.mean(stops), "stops_max": max(stops),
            "longest_run": max(g["longest_run"] for g in games),
            "share_of_clicks": sum(stops) / sum(g["clicks"] for g in games),
            "seconds": time.monotonic() - started}
    same = {mode: [g["moves"] for g in m["games"]] for mode, m in out["modes"].items()}
    out["same_games"] = len({tuple(v) for v in same.values()}) == 1
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.games} games of {args.players} players, seeds {seeds[0]}..{seeds[-1]}; the same games under every "
          f"setting: {out['same_games']}")
    for mode, m in out["modes"].items():
        print(f"{mode:8} stops per game: mean {m['stops_mean']:.1f}, most {m['stops_max']}; longest run "
              f"{m['longest_run']}; {m['share_of_clicks']:.0%} of the person's clicks; per game "
              f"{[g['stops'] for g in m['games']]} ({m['seconds']:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
