"""numpy and matplotlib: needed by the search bot, hints, plots and batch simulations only.

The engine, the bots of rules of thumb, the table and the lessons run without them (the
JupyterLite site built by ``lite/build.py --offline`` has neither). Where they are needed and
missing, :func:`install` makes the import say so in one sentence, a
:class:`MissingPackageError` that IPython shows without a traceback, instead of a bare
``No module named 'numpy'`` from deep inside the package.

>>> err = MissingPackageError.for_module("numpy", "bhabho_widget.play.search")
>>> print(err)  # doctest: +NORMALIZE_WHITESPACE
The search bot needs numpy, which this Python does not have: in JupyterLite use the full
site (it has numpy and matplotlib), elsewhere pip install numpy matplotlib.
>>> isinstance(err, ImportError), err._render_traceback_()[0].startswith("MissingPackageError: The search bot")
(True, True)
"""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Sequence
from types import FrameType

#: The packages that only some features need.
OPTIONAL = ("numpy", "matplotlib")

#: Who needs them, for the sentence: the module of the package whose import needed them first.
NEEDED_BY = {
    "bhabho_widget.play.search": "The search bot needs",
    "bhabho_widget.play.batch": "Batch simulations (play_random, rollouts) need",
    "bhabho_widget.play.arena": "Arena runs need",
    "bhabho_widget.play.bench": "The benchmarks need",
    "bhabho_widget.coach.hints": "Hints need",
    "bhabho_widget.coach.plots": "Plots need",
    "__main__": "This cell needs",
}


class MissingPackageError(ModuleNotFoundError):
    """numpy or matplotlib is needed and not installed (a :class:`ModuleNotFoundError`, so
    ``except ImportError`` still catches it)."""

    @classmethod
    def for_module(cls, missing: str, importer: str) -> MissingPackageError:
        what = NEEDED_BY.get(importer) or next(
            (text for name, text in NEEDED_BY.items() if importer.startswith(name + ".")), f"{importer} needs")
        return cls(f"{what} {missing}, which this Python does not have: in JupyterLite use the full site "
                   "(it has numpy and matplotlib), elsewhere pip install numpy matplotlib.", name=missing)

    def _render_traceback_(self) -> list[str]:
        """One line in IPython, not a traceback (IPython's protocol for short errors)."""
        return [f"{type(self).__name__}: {self}"]


def _importer() -> str | None:
    """Who is importing: None unless the import statement is the package's or the
    notebook's. Else the module of the package that the statement asked for when
    :data:`NEEDED_BY` knows it (``coach.plots``, though it is the search bot that imports
    numpy), or else the importing module (``__main__`` for a notebook's own import)."""
    frame: FrameType | None = sys._getframe(2)
    first = None
    asked = []
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if frame.f_code.co_name == "_find_and_load" and isinstance(frame.f_locals.get("name"), str):
            asked.append(frame.f_locals["name"])
        frame = frame.f_back
        if name.startswith("importlib") or name == __name__:
            continue
        if first is None:
            if not (name == "__main__" or name.startswith("bhabho_widget.")):
                return None
            first = name
    for module in reversed(asked):  # the outermost import first
        if module in NEEDED_BY:
            return module
    return first


class _Finder(importlib.abc.MetaPathFinder):
    """Last on ``sys.meta_path``: asked only when no other finder has the module, so only
    when numpy or matplotlib is really missing."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: object = None) -> None:
        top = fullname.partition(".")[0]
        if top in OPTIONAL:
            importer = _importer()
            if importer is not None:
                raise MissingPackageError.for_module(top, importer)
        return None


def install() -> None:
    """Put the finder last on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
