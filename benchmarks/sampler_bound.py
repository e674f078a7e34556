"""How much a better deal sampler could give the search bot at most: the same search, told the true hidden cards.

    python benchmarks/sampler_bound.py [--level search-deep] [--opponent peer] [--games 400] [--seed 1] [--jobs 2]

A diagnostic, not a bot: the candidate (a search level of the arena) plays the arena's
games against three ``--opponent`` bots twice, once as it is and once with every sampled
deal replaced by the real one (no sampler can do better than the truth; the continuations
and the budget stay the same). Both runs use the same deals and seeds, so the two loss
counts are compared game by game. If the bound is not much below the level itself, the
sampler's model of the other players is not where the search loses.
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bhabho_widget.play.search as search  # noqa: E402
from bhabho_widget.engine.game import Game  # noqa: E402
from bhabho_widget.play.arena import game_plan, run_arena  # noqa: E402
from bhabho_widget.play.registry import ARENA_BOTS  # noqa: E402

_GAME: list[Game | None] = [None]
_TOLD = [False]
_seat_view = Game.seat_view
_sample = search.sample_hidden
_estimate = search.SearchBot._estimate


def _watching_seat_view(self: Game, seat: int):  # the game a bot is deciding in: the last one asked for a view
    _GAME[0] = self
    return _seat_view(self, seat)


def _true_deal(view, rng, doubt=1.0):
    if not _TOLD[0]:
        return _sample(view, rng, doubt)
    g = _GAME[0]
    assert g is not None and _seat_view(g, view.seat) == view
    return [g.hand_mask(s) for s in range(g.num_players)], g.state().waste


def _told_estimate(self, view, actions, kind):
    _TOLD[0] = True
    try:
        return _estimate(self, view, actions, kind)
    finally:
        _TOLD[0] = False


def _told(level: str, seed: int | None = None):
    Game.seat_view = _watching_seat_view  # type: ignore[method-assign]
    search.sample_hidden = _true_deal
    search.SearchBot._estimate = _told_estimate  # type: ignore[method-assign]
    return ARENA_BOTS[level](seed=seed)


def _losses(level: str, opponent: str, games: int, seed: int, jobs: int, told: bool) -> list[int | None]:
    factories = {"candidate": functools.partial(_told, level)} if told else {"candidate": ARENA_BOTS[level]}
    r = run_arena(["candidate"] + [opponent] * 3, games=games, seed=seed, jobs=jobs, factories=factories)
    return [None if stale else int(loser == game_plan(k, 4, seed)[2]) for k, (loser, stale) in enumerate(r.results)]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="search-deep")
    p.add_argument("--opponent", default="peer")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    plain = _losses(a.level, a.opponent, a.games, a.seed, a.jobs, told=False)
    told = _losses(a.level, a.opponent, a.games, a.seed, a.jobs, told=True)
    pairs = [(x, y) for x, y in zip(plain, told) if x is not None and y is not None]
    n = len(pairs)
    only_plain = sum(1 for x, y in pairs if x and not y)
    only_told = sum(1 for x, y in pairs if y and not x)
    diff = (only_told - only_plain) / n
    half = 1.96 * math.sqrt(max(0.0, only_plain + only_told - (only_told - only_plain) ** 2 / n)) / n
    print(f"{n} games, 4 players, {a.level} against three {a.opponent} (--seed {a.seed})")
    print(f"  {a.level} as it is:            {sum(x for x, _ in pairs):4d} losses ({sum(x for x, _ in pairs) / n:.1%})")
    print(f"  told the true hidden cards: {sum(y for _, y in pairs):4d} losses ({sum(y for _, y in pairs) / n:.1%})")
    print(f"  games lost by one of them only: {only_plain} / {only_told}; difference {diff:+.1%} (95 %: "
          f"{diff - half:+.1%} to {diff + half:+.1%})")


if __name__ == "__main__":
    main()
