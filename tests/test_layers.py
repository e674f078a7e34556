"""The package's folders are layers: each imports only from the layers below it.

From the bottom up: ``i18n`` → ``engine`` → ``play`` → ``coach`` → ``puzzles`` → ``table``. A module may
import from its own layer and any layer below, never from one above, at module level or
inside a function (a lazy import is an import all the same). The package's ``__init__``
(the public API) and ``_version`` sit above everything.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import bhabho_widget

PACKAGE = pathlib.Path(bhabho_widget.__file__).parent
LAYERS = ["i18n", "engine", "play", "coach", "puzzles", "table", "server"]
TOP = {"__init__", "_version"}


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["bhabho_widget", *parts])


def imported_modules(path: pathlib.Path, source: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import of the package in ``path`` (or in
    ``source``, read as if it stood at ``path``)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("bhabho_widget")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("bhabho_widget"):
                continue
            if node.module is None or node.level and not node.module:
                # ``from . import x``: each name is a module
                found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, target))
    return found


def layer_of(module: str) -> int | None:
    """The layer number of a package module, or None for the top (``__init__``)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] in TOP:
        return None
    if parts[1] not in LAYERS:
        raise AssertionError(f"{module} is in no layer: every module of the package belongs to one of {LAYERS}")
    return LAYERS.index(parts[1])


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "node_modules" not in p.parts)


def test_every_module_is_in_a_layer():
    for path in SOURCES:
        layer_of(module_name(path))
    assert {p.name for p in PACKAGE.iterdir() if p.suffix == ".py"} == {f"{name}.py" for name in TOP}


def upward_imports(path: pathlib.Path, source: str | None = None) -> list[str]:
    own = layer_of(module_name(path))
    if own is None:
        return []
    return [f"line {line}: {target}" for line, target in imported_modules(path, source)
            if layer_of(target) is None or layer_of(target) > own]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_from_a_layer_above_it(path):
    upward = upward_imports(path)
    assert not upward, f"{path.relative_to(PACKAGE)} imports from a layer above its own: {upward}"


@pytest.mark.parametrize("extra, caught", [
    ("def _f():\n    from ..table.session import TableSession\n", True),      # lazy, relative
    ("import bhabho_widget.coach.hints\n", True),                              # absolute
    ("from .. import play\n", True),                                           # a layer as a module
    ("from bhabho_widget import Game\n", True),                                # the top, from below
    ("from ..i18n import N_\nfrom .cards import Card\n", False),              # below and beside
])
def test_the_layer_check_sees_upward_imports(extra, caught):
    path = PACKAGE / "engine" / "game.py"
    source = path.read_text(encoding="utf-8") + "\n\n" + extra
    assert bool(upward_imports(path, source)) is caught


def _type_checking_lines(tree: ast.Module) -> set[int]:
    """The lines of ``if TYPE_CHECKING:`` blocks: imports for the type checker only, never run."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def import_graph(type_checking: bool = False) -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    """Every import between the package's modules that runs (module level or inside a
    function; those for the type checker only as well with ``type_checking``), and the
    function-level ones as (module, line, target)."""
    graph: dict[str, set[str]] = {}
    lazy: list[tuple[str, int, str]] = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {n.lineno for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))}
        typing_only = _type_checking_lines(tree)
        name = module_name(path)
        targets = set()
        for line, target in imported_modules(path):
            if line in typing_only and not type_checking:
                continue
            targets.add(target)
            if line not in top_level:
                lazy.append((name, line, target))
        graph[name] = {t for t in targets if t != name}
    return graph, lazy


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports between the package's modules, or None."""
    modules = set(graph)
    seen: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> list[str] | None:
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if nxt not in modules or nxt == "bhabho_widget":
                continue
            if seen.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt] if nxt in stack else [node, nxt]
            if nxt not in seen:
                found = visit(nxt, stack + [nxt])
                if found:
                    return found
        seen[node] = 2
        return None

    for module in sorted(modules):
        if module not in seen:
            found = visit(module, [module])
            if found:
                return found
    return None


FUNCTION_LEVEL_IMPORTS = 29
"""At most this many imports of the package's own modules run inside functions (today's
count is printed by the test): each is there to keep a heavy part off the path of those who
do not use it, never to hide a circle: numpy's users (the search bot in the bot registry, the
hints, the review, the tracker's chances, Show me) for the browser-only site without numpy,
the widgets and websockets for ``import bhabho_widget`` and for the server's ``--help``."""


def test_no_import_circles_between_modules_counting_function_level_imports():
    """No circle among the imports that run, those inside functions counted too (a lazy
    import is an import all the same), and the function-level ones stay few."""
    graph, lazy = import_graph()
    circle = find_circle(graph)
    assert circle is None, f"import circle: {' -> '.join(circle)}"
    print(f"{len(lazy)} function-level imports of the package's own modules")
    assert len(lazy) <= FUNCTION_LEVEL_IMPORTS, "\n".join(f"{m}:{line} imports {t}" for m, line, t in lazy)


def test_no_import_circles_between_modules_counting_imports_for_the_type_checker():
    """No circle either when the imports under ``if TYPE_CHECKING:`` count: a module that
    needs another's type only to name it (the game for its records, position text and
    picture; the review for its pictures) is still drawn above it, so the lower module
    reads plain values or a small Protocol instead."""
    graph, _ = import_graph(type_checking=True)
    circle = find_circle(graph)
    assert circle is None, f"import circle: {' -> '.join(circle)}"


def test_the_circle_check_sees_a_circle_made_by_an_import_for_the_type_checker():
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
    tree = ast.parse(source)
    assert _type_checking_lines(tree) == {3}
    graph, _ = import_graph(type_checking=True)
    graph = {k: set(v) for k, v in graph.items()}
    graph["bhabho_widget.engine.records"].add("bhabho_widget.engine.game")  # game imports records
    assert find_circle(graph) is not None


def test_the_circle_check_sees_a_circle_made_by_a_function_level_import():
    graph, _ = import_graph()
    graph = {k: set(v) for k, v in graph.items()}
    graph["bhabho_widget.engine.cards"].add("bhabho_widget.engine.game")  # game imports cards at module level
    assert find_circle(graph) is not None


def test_the_public_api_is_the_same():
    for name in bhabho_widget.__all__:
        assert getattr(bhabho_widget, name) is not None
