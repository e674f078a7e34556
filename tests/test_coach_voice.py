"""The coach speaks with one voice: the check of benchmarks/coach_voice.py, small.

Two four-player games at a local table, a Hint asked at every decision and followed more often
than not, then the review the table shows, at a small coach budget (64 continuations per
action over 8 deals: what is checked holds at any budget). Every count of the benchmark is 0:
no line under the table or row that contradicts the decision's verdict, no review whose best
action differs from the hint's, no ungraded or costless decision among those that cost most,
no graded decision where the hint was followed, no unsorted or mixed list of worse actions, no
bare recommendation among equal cards, no gap of 5 points without what the simulations show,
no refused Hint, no "You holds" sentence, no line under the table that says a thing twice.
The eight games at the coach's own budget are the benchmark's.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("numpy")

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "coach_voice.py"


def test_two_games_with_a_hint_at_every_decision_give_no_contradiction():
    run = subprocess.run([sys.executable, str(SCRIPT), "--games", "2", "--rollouts", "64", "--samples", "8", "--json"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert all(g["hinted"] > 5 and g["decisions"] > 5 for g in out["games"]), out["games"]
    assert sum(g["followed"] for g in out["games"]) > 0
    assert out["counts"] == dict.fromkeys(out["counts"], 0), out["counts"]
