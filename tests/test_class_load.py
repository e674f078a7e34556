"""The class load benchmark runs, small: benchmarks/class_load.py with 20 students.

Its figures (latencies, sizes in time) are never asserted here, as they depend on the machine;
what is asserted is what holds at any size: every answer reached the teacher's grid, none was
lost or refused, the ordinary table beside the class played without an error, and the teacher's
notebook was sent its grid without the CSV (which comes only when its button asks).
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

pytest.importorskip("websockets")
pytest.importorskip("starlette")

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "class_load.py"


@pytest.mark.slow
def test_a_small_class_under_load_loses_nothing():
    run = subprocess.run([sys.executable, str(SCRIPT), "--students", "20", "--items", "2", "--at-once", "10",
                          "--rounds", "3", "--sources", "3", "--table-seconds", "1", "--timeout", "30"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert "20 students x 2 lessons of 2 questions, every question answered (80 answers)" in out, out
    assert re.search(r"80 answers\) in [\d.]+ s, 0 refused", out), out
    assert "30 answers reached the teacher's grid, 0 lost, 0 refused" in out, out
    assert "(sent, parsed and expanded: 80 cells)" in out, out
    assert "table errors []" in out, out
    assert re.search(r"the teacher's notebook \(Class.teach\): opened and drawn in \d+ ms; the grid its browser is sent "
                     r"\(the classroom trait, JSON\): [\d.]+ MiB; the CSV, sent when its button asks: [\d.]+ MiB", out), out
