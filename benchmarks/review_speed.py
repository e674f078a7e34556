"""How fast a review is: a whole game reviewed for one seat, beside one hint in the same run.

    python benchmarks/review_speed.py [--games 20] [--players 4 8] [--seed 0] [--json]

For each table size, ``--games`` games of rules-of-thumb bots are played out (the dealer
rotates) and each is reviewed for seat 0 with the review's defaults
(:data:`bhabho_widget.coach.review.DEFAULT_ROLLOUTS` continuations per action over
:data:`~bhabho_widget.coach.review.DEFAULT_SAMPLES` sampled deals), the cache cleared
first. Beside it, one hint (:func:`bhabho_widget.coach.hints.hint_for_view`, its default
budget) at the seat's first decision with a choice, in the same game.

It prints the median and 95th percentile of the review's time, of the number of decisions
reviewed, and of the ratio review / hint (the ratio carries over from machine to machine).
Times are the process's CPU time, so other work on a shared machine does not inflate them.
The targets: a 4-player game in at most 5 s, an 8-player game in at most 10 s, at the 95th
percentile on two cores. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bhabho_widget import Game, RuleBot
from bhabho_widget.coach import review as coach_review
from bhabho_widget.coach.hints import hint_for_view
from bhabho_widget.play.driver import play_out

TARGETS = {4: 5.0, 8: 10.0}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def first_choice(game: Game, seat: int):
    """The seat's view at its first card decision with more than one legal card, or None."""
    replay = game.root()
    for move in game.moves:
        if replay.current_player == seat and not move.is_take:
            view = replay.seat_view(seat)
            if view.legal.bit_count() > 1:
                return view
        replay.push(move)
    return None


def run(players: int, games: int, seed: int) -> dict:
    reviews, hints, ratios, decisions = [], [], [], []
    for k in range(games):
        g = Game.deal(players, seed=seed * 10_000 + k, dealer=k % players)
        play_out(g, [RuleBot(seed=k * 16 + s) for s in range(players)])
        coach_review.clear_cache()
        t = time.process_time()
        r = coach_review.review(g, 0, seed=k)
        reviews.append(time.process_time() - t)
        decisions.append(len(r.decisions))
        view = first_choice(g, 0)
        if view is not None:
            t = time.process_time()
            hint_for_view(view, seed=None)  # no seed: not answered from the cache
            hints.append(time.process_time() - t)
            ratios.append(reviews[-1] / hints[-1])
    return {"players": players, "games": games, "rollouts": coach_review.DEFAULT_ROLLOUTS,
            "samples": coach_review.DEFAULT_SAMPLES,
            "review_median_s": statistics.median(reviews), "review_p95_s": percentile(reviews, 0.95),
            "hint_median_s": statistics.median(hints) if hints else None,
            "hint_p95_s": percentile(hints, 0.95) if hints else None,
            "ratio_median": statistics.median(ratios) if ratios else None,
            "decisions_median": statistics.median(decisions), "decisions_max": max(decisions),
            "target_s": TARGETS.get(players)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    results = [run(n, args.games, args.seed) for n in args.players]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(f"{r['players']} players, {r['games']} games, {r['rollouts']} continuations per action over "
              f"{r['samples']} deals: review median {r['review_median_s']:.2f} s, p95 {r['review_p95_s']:.2f} s "
              f"(target {r['target_s']} s); {r['decisions_median']:.0f} decisions (at most {r['decisions_max']}); "
              f"one hint median {r['hint_median_s']:.3f} s, p95 {r['hint_p95_s']:.3f} s; "
              f"review / hint {r['ratio_median']:.1f}")


if __name__ == "__main__":
    main()
