"""The public API tells the truth to tools: ``dir()``, lazy loading, and a user's script type-checked
by mypy and pyright as a user would run them."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys
import textwrap
import types

import pytest

import bhabho_widget

USER_SCRIPT = """\
    import bhabho_widget
    from bhabho_widget import Game, Hint, Move, Table, hint

    table: Table = Table(players=4)
    other: bhabho_widget.Table = bhabho_widget.Table(players=3, seed=1, rounds=5)
    game: Game = Game.deal(4, seed=1)
    advice: Hint = hint(game, 0)
    move: Move = Move.parse("take 2")
    print(table.seat + other.seat, advice.action, move.taker, bhabho_widget.Move.parse("AS").card)
"""
WRONG_SCRIPT = """\
    from bhabho_widget import Table, hint

    Table(player=4)
    hint("not a game")
"""


def test_dir_lists_every_public_name_and_nothing_else():
    assert dir(bhabho_widget) == sorted(bhabho_widget.__all__)
    assert not [n for n in dir(bhabho_widget) if n.startswith("_")]
    for name in bhabho_widget.__all__:
        assert getattr(bhabho_widget, name) is not None


def test_the_package_loads_the_engine_only_and_the_rest_on_first_use():
    code = textwrap.dedent("""
        import json, sys
        import bhabho_widget
        before = sorted(m for m in sys.modules if m.startswith(("bhabho_widget.table", "bhabho_widget.coach", "numpy")))
        table = bhabho_widget.Table
        print(json.dumps({"before": before, "table": table.__module__,
                          "loaded": "bhabho_widget.table.widget" in sys.modules}))
    """)
    out = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert out == {"before": [], "table": "bhabho_widget.table.widget", "loaded": True}


def test_play_is_the_layer_of_players_and_nothing_else():
    assert isinstance(bhabho_widget.play, types.ModuleType) and type(bhabho_widget.play) is types.ModuleType
    assert not callable(bhabho_widget.play) and "play" not in bhabho_widget.__all__
    from bhabho_widget.play.bots import RuleBot

    assert RuleBot is bhabho_widget.RuleBot


def _scripts(tmp_path):
    (tmp_path / "user.py").write_text(textwrap.dedent(USER_SCRIPT), encoding="utf-8")
    (tmp_path / "wrong.py").write_text(textwrap.dedent(WRONG_SCRIPT), encoding="utf-8")


def test_a_user_script_type_checks_with_mypy(tmp_path):
    _scripts(tmp_path)
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
            "--config-file", str(tmp_path / "none.ini")]
    (tmp_path / "none.ini").write_text("[mypy]\n", encoding="utf-8")
    # both scripts in one run (the package is analysed once): errors in wrong.py only
    run = subprocess.run([*mypy, "user.py", "wrong.py"], cwd=tmp_path, capture_output=True, text=True)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert errors and all(line.startswith("wrong.py:") for line in errors), run.stdout + run.stderr
    assert any('Unexpected keyword argument "player" for "Table"' in line for line in errors), run.stdout
    assert any('Argument 1 to "hint" has incompatible type "str"; expected "Game"' in line for line in errors), run.stdout


def test_a_user_script_type_checks_with_pyright(tmp_path):
    pytest.importorskip("pyright", reason="pyright is one of the test extra's packages")
    _scripts(tmp_path)
    pyright = [shutil.which("pyright", path=str(pathlib.Path(sys.executable).parent)) or "pyright",
               "--pythonpath", sys.executable, "--outputjson"]
    good = subprocess.run([*pyright, "user.py"], cwd=tmp_path, capture_output=True, text=True)
    report = json.loads(good.stdout)
    assert good.returncode == 0 and report["summary"]["errorCount"] == 0, report["generalDiagnostics"]
    bad = json.loads(subprocess.run([*pyright, "wrong.py"], cwd=tmp_path, capture_output=True, text=True).stdout)
    said = [d["message"] for d in bad["generalDiagnostics"] if d["severity"] == "error"]
    assert any('No parameter named "player"' in m for m in said), said
    assert any('"Literal[\'not a game\']"' in m and '"Game"' in m for m in said), said
