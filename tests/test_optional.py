"""numpy and matplotlib are optional: without them the engine, the bots of rules of thumb and
the lessons work, and what needs them says so in one sentence (``engine/optional.py``).

The checks run in fresh Python processes in which numpy or matplotlib cannot be imported
(``sys.modules[name] = None`` makes every import of it fail, as on the JupyterLite site
built offline), so they see the package import as a notebook would.
"""

from __future__ import annotations

import ast
import json
import os
import pathlib
import subprocess
import sys

import pytest

import bhabho_widget

PACKAGE = pathlib.Path(bhabho_widget.__file__).parent
ROOT = PACKAGE.parent

TAIL = 'which this Python does not have: pip install "bhabho-widget[coach]" brings it (in JupyterLite, the full site has it).'

_RUN = r"""
import json, sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # import name fails from here on
out = {}

def attempt(key, code):
    try:
        exec(code, {})
    except ImportError as err:
        out[key] = {"type": type(err).__name__, "text": str(err), "name": err.name,
                    "lines": err._render_traceback_() if hasattr(err, "_render_traceback_") else None}
    else:
        out[key] = None

import bhabho_widget
from bhabho_widget import Game, RuleBot, play_out
g = Game.deal(4, seed=1)
play_out(g, [RuleBot(seed=s) for s in range(4)])
out["game"] = g.is_over
out["finders"] = [type(f).__module__ for f in sys.meta_path if type(f).__module__.startswith("bhabho_widget")]
for key, code in json.loads(sys.argv[2]).items():
    attempt(key, code)
print(json.dumps(out))
"""


def run_without(hidden: str, attempts: dict[str, str]) -> dict:
    """Run ``attempts`` (name -> code) in a fresh process where the packages ``hidden`` cannot be imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "MPLBACKEND": "Agg"}
    done = subprocess.run([sys.executable, "-c", _RUN, hidden, json.dumps(attempts)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


WITHOUT_NUMPY = {
    "search bot": "from bhabho_widget import SearchBot",
    "search level": "from bhabho_widget.play.registry import BOTS\nBOTS['search']()",
    "batch": "from bhabho_widget import play_random",
    "hints": "from bhabho_widget.coach import hint",
    "hints module": "import bhabho_widget.coach.hints",
    "plots": "from bhabho_widget.coach.plots import plot_hand_sizes",
    "plots module": "from bhabho_widget.coach import plots",
    "review": "from bhabho_widget.coach.review import review",
    "tracker": "from bhabho_widget.coach.tracker import tracker",
    "benchmarks": "import bhabho_widget.play.bench",
    "twice": "from bhabho_widget import SearchBot",  # the module is not left half imported
    "engine": "from bhabho_widget.engine import position, records, html, draw, state\n"
              "from bhabho_widget.play import determinize, stats, match, arena\n"
              "from bhabho_widget.coach import grading, lru",
}
SENTENCES = {
    "search bot": "The search bot needs numpy", "search level": "The search bot needs numpy",
    "batch": "Batch simulations (play_random, rollouts) need numpy", "hints": "Hints need numpy",
    "hints module": "Hints need numpy", "plots": "Plots need numpy", "plots module": "Plots need numpy",
    "review": "The game review needs numpy", "tracker": "The card tracker needs numpy",
    "benchmarks": "The benchmarks need numpy", "twice": "The search bot needs numpy",
}


@pytest.fixture(scope="module")
def without_numpy():
    return run_without("numpy,matplotlib", WITHOUT_NUMPY)


def test_the_game_is_played_without_numpy_and_no_import_hook_says_what_is_missing(without_numpy):
    assert without_numpy["game"] is True
    assert "bhabho_widget.engine.optional" not in without_numpy["finders"]
    assert without_numpy["engine"] is None  # the engine, the players' modules without numpy, grading, lru


@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_what_needs_numpy_says_so_in_one_sentence(without_numpy, key):
    err = without_numpy[key]
    assert err is not None, f"{WITHOUT_NUMPY[key]!r} imported without numpy"
    assert err["type"] == "MissingPackageError" and err["name"] == "numpy"
    assert err["text"] == f"{SENTENCES[key]}, {TAIL}"
    assert err["lines"] == [f"MissingPackageError: {err['text']}"]  # IPython shows one line, no traceback


def test_what_needs_matplotlib_says_so_when_it_draws():
    got = run_without("matplotlib", {
        "plots module": "import bhabho_widget.coach.plots",
        "review": "import bhabho_widget.coach.review",
        "hand sizes": "from bhabho_widget import Game\nfrom bhabho_widget.coach.plots import plot_hand_sizes\n"
                      "plot_hand_sizes(Game.deal(4, seed=1))",
        "hint chart": "from bhabho_widget import Game\nfrom bhabho_widget.coach import hint\n"
                      "hint(Game.deal(4, seed=1), rollouts=8, samples=2).plot()",
    })
    assert got["plots module"] is None and got["review"] is None  # numpy is there: the modules import
    assert got["hand sizes"]["text"] == f"Plots need matplotlib, {TAIL}"
    assert got["hint chart"]["text"] == f"Hints' charts need matplotlib, {TAIL}"
    assert got["hint chart"]["type"] == "MissingPackageError" and got["hint chart"]["name"] == "matplotlib"


def _imports_of(tree: ast.AST, top: str) -> list[ast.AST]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Import) and any(a.name.partition(".")[0] == top for a in n.names)
            or isinstance(n, ast.ImportFrom) and (n.module or "").partition(".")[0] == top and not n.level]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_numpy_is_imported_only_at_a_module_top_that_says_what_needs_it(path):
    """Every import of numpy is at its module's top, in a ``try`` whose ``except ImportError``
    raises :meth:`MissingPackageError.for_feature`; matplotlib is imported only through
    ``optional_import`` (so a module imports without it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guarded = set()
    for node in tree.body:
        if isinstance(node, ast.Try) and _imports_of(ast.Module(body=node.body, type_ignores=[]), "numpy"):
            handler = node.handlers[0] if node.handlers else None
            raises = [n for n in ast.walk(handler) if isinstance(n, ast.Raise)] if handler else []
            assert handler is not None and isinstance(handler.type, ast.Name) and handler.type.id == "ImportError"
            assert raises and "for_feature" in ast.unparse(raises[0]), ast.unparse(node)
            guarded.update(id(n) for n in _imports_of(ast.Module(body=node.body, type_ignores=[]), "numpy"))
    stray = [n.lineno for n in _imports_of(tree, "numpy") if id(n) not in guarded]
    in_functions = [n.lineno for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for n in _imports_of(f, "numpy")]
    assert not stray and not in_functions, f"numpy imported outside a guarded module top: lines {stray + in_functions}"
    if path.name != "optional.py":
        assert not _imports_of(tree, "matplotlib"), "import matplotlib with optional_import where it draws"
