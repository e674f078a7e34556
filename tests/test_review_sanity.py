"""The review's sanity check: it finds more mistakes where weaker players played.

Forty four-player games on the same deals for each bot kind at seat 0 (rules-of-thumb bots
at the other seats), each reviewed for seat 0 with the review's default budget
(``benchmarks/review_sanity.py``, in two processes). Over the seat's open decisions (not
forced, the best chance of ending as the bhabhi between 5 % and 95 %), the graded share and
the mean loss fall from the random bot to the rules of thumb to the search bot, and each
step down is larger than its uncertainty: the 95 % interval of the difference excludes 0.
"""

from __future__ import annotations

import json
import math
import pathlib
import statistics
import subprocess
import sys

import pytest

from bhabho_widget.play.stats import wilson

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "review_sanity.py"
Z = 1.959963984540054


def _run(kinds: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(SCRIPT), "--kinds", kinds, "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def tallies() -> dict[str, dict]:
    procs = [_run("search"), _run("random,rules")]  # the search bot's games cost as much as the other two
    out: dict[str, dict] = {}
    for p in procs:
        stdout, stderr = p.communicate(timeout=1200)
        assert p.returncode == 0, stderr[-2000:]
        for line in stdout.splitlines():
            row = json.loads(line)
            out[row["kind"]] = row
    return out


def _mean(row: dict) -> tuple[float, float]:
    """The mean loss and its standard error."""
    losses = row["losses"]
    return statistics.fmean(losses), statistics.stdev(losses) / math.sqrt(len(losses))


def _rate(row: dict) -> tuple[float, float]:
    p = row["graded"] / row["decisions"]
    return p, math.sqrt(p * (1 - p) / row["decisions"])


@pytest.mark.parametrize("worse, better", [("random", "rules"), ("rules", "search")])
def test_weaker_play_loses_more_by_more_than_the_uncertainty(tallies, worse, better):
    a, b = tallies[worse], tallies[better]
    assert a["decisions"] >= 300 and b["decisions"] >= 300, "a few hundred decisions of each kind"
    (ma, sa), (mb, sb) = _mean(a), _mean(b)
    half = Z * math.hypot(sa, sb)
    assert ma - mb - half > 0, f"mean loss {worse} {ma:.4f} vs {better} {mb:.4f} (difference ± {half:.4f})"
    (ra, ea), (rb, eb) = _rate(a), _rate(b)
    half = Z * math.hypot(ea, eb)
    assert ra - rb - half > 0, f"graded {worse} {ra:.3f} vs {better} {rb:.3f} (difference ± {half:.3f})"


def test_the_search_bot_s_decisions_are_graded_least(tallies):
    s = tallies["search"]
    assert wilson(s["graded"], s["decisions"])[1] < wilson(tallies["random"]["graded"], tallies["random"]["decisions"])[0]
