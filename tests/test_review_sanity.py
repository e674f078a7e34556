"""The review's sanity check, small: it finds far more mistakes where a random player played
than where the search bot would have played, at the very same moments.

Six four-player games with a random player at seat 0 (rules-of-thumb bots at the other
seats, the benchmark's deals), each reviewed for seat 0 at a small budget (192 continuations
per action over 48 sampled deals). At each of the seat's open decisions (not forced, the
best chance of ending as the bhabhi between 5 % and 95 %) the search bot, with a small
budget of its own, is asked what it would have played from the same seat view, and its
action is graded from the review's estimates of that decision, as the review grades the
card the random player chose. Compared decision by decision, the deals' and the
positions' luck cancels out: of 57 open decisions, 17 are graded for the random player
only and 1 for the search bot only, and the random player's mean loss is larger by 4.1
points (95 % interval of the paired difference 1.8 to 6.5). A pass is a decision only where
taking was better or the person clicked Pass (the review's one voice), so a game has about
ten open decisions, not twenty.

The full experiment is ``benchmarks/review_sanity.py`` (run on demand, minutes of CPU):
whole games played by the random bot, the rules of thumb and the search bot at its full
budget, reviewed at the review's default budget, and the whole ordering random > rules of
thumb > search bot, in graded share and in mean loss, each step beyond its uncertainty. The
middle step (random against the rules of thumb: 21 % against 16 % of the decisions graded)
needs a thousand decisions to show, so it is measured there only.
"""

from __future__ import annotations

import json
import math
import pathlib
import statistics
import subprocess
import sys
from dataclasses import dataclass

import pytest

from bhabho_widget import Game
from bhabho_widget.coach.review import grade_for, replay_to, review
from bhabho_widget.play.bots import RandomBot, RuleBot
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.search import SearchBot
from bhabho_widget.play.stats import wilson

pytestmark = pytest.mark.slow  # a statistical smoke over six reviewed games: -m "not slow" leaves it out

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "review_sanity.py"
GAMES = 6
REVIEW = {"rollouts": 192, "samples": 48}
SEARCH = {"rollouts": 96, "samples": 24}
Z = 1.959963984540054


@dataclass(frozen=True)
class Moment:
    """One open decision of the random player: its loss and grade, and the search bot's there."""

    random_loss: float
    random_graded: bool
    search_loss: float
    search_graded: bool


def _action(view, bot, kind: str) -> str:
    if kind == "offer":
        return "take" if bot.wants_take(view) else "pass"
    return bot.choose_card(view).code


@pytest.fixture(scope="module")
def moments() -> list[Moment]:
    out = []
    for k in range(GAMES):
        game = Game.deal(4, seed=1000 + k)  # the benchmark's deals (its seed 0)
        play_out(game, {0: RandomBot(seed=k), **{s: RuleBot(seed=100 * k + s) for s in (1, 2, 3)}})
        for d in review(game, 0, seed=k, **REVIEW).decisions:
            if d.forced or not 0.05 <= d.chance_before <= 0.95:
                continue
            view = replay_to(game, d.move).seat_view(0)
            assert view.seat == 0 and d.chosen in {e.action for e in d.estimates}
            e = d.estimate(_action(view, SearchBot(seed=k, **SEARCH), d.kind))
            out.append(Moment(max(0.0, d.loss), d.grade is not None, max(0.0, e.diff),
                              grade_for(e.diff, e.diff_lo) is not None))
    return out


def test_the_review_grades_the_random_player_where_the_search_bot_would_not_be(moments):
    assert len(moments) >= 50, "about ten open decisions a game (a pass is one only where taking was better)"
    only_random = sum(m.random_graded and not m.search_graded for m in moments)
    only_search = sum(m.search_graded and not m.random_graded for m in moments)
    # of the decisions graded for one player only, the random player's share, with its 95 % interval
    lo, _ = wilson(only_random, only_random + only_search)
    assert lo > 0.5, f"graded for the random player only {only_random}, for the search bot only {only_search}"


def test_the_random_player_loses_more_than_the_search_bot_by_more_than_the_uncertainty(moments):
    diff = [m.random_loss - m.search_loss for m in moments]
    mean, half = statistics.fmean(diff), Z * statistics.stdev(diff) / math.sqrt(len(diff))
    assert mean - half > 0, f"mean loss, random less search: {mean:.4f} ± {half:.4f}"


def test_the_benchmark_runs_and_reports_every_kind():
    """The full experiment is the benchmark's: it still runs (two tiny games per kind, as one game
    may hold no open decision: the seat escapes early, or every chance is near 0 or 1; no figure
    asserted)."""
    run = subprocess.run([sys.executable, str(SCRIPT), "--games", "2", "--rollouts", "16", "--samples", "4",
                          "--kinds", "random,rules", "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["kind"] for r in rows] == ["random", "rules"]
    for r in rows:
        assert r["decisions"] == len(r["losses"]) > 0 and 0 <= r["graded"] <= r["decisions"]
        assert all(loss >= 0 for loss in r["losses"])
