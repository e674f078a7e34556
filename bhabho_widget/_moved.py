"""The module paths of version 0.2 (``bhabho_widget.game``, ``bhabho_widget.search``, …),
kept working after the package was put in layers (see ``CHANGELOG.md``).

``import bhabho_widget.game`` gives a module that hands out the names of the module's new
home (``bhabho_widget.engine.game``) and warns once, with a :class:`DeprecationWarning`,
where that is. Only imports are forwarded: setting a name on the old path changes nothing.

>>> import sys, warnings
>>> _ = sys.modules.pop("bhabho_widget.game", None)
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from bhabho_widget.game import Game as Old
>>> from bhabho_widget.engine.game import Game
>>> Old is Game, "bhabho_widget.engine.game" in str(caught[0].message)
(True, True)
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence

#: Old module (under the package, dotted below it) -> its new home, and any module its other names moved to.
MOVED: dict[str, tuple[str, ...]] = {
    "errors": ("engine.errors",),
    "cards": ("engine.cards",),
    "rules": ("engine.rules",),
    "legal": ("engine.legal",),
    "events": ("engine.events",),
    "game": ("engine.game",),
    "seat_view": ("engine.seat_view",),
    "records": ("engine.records",),
    "html": ("engine.html",),
    "bots": ("play.bots", "play.registry"),
    "search": ("play.search",),
    "batch": ("play.batch",),
    "driver": ("play.driver",),
    "match": ("play.match",),
    "arena": ("play.arena",),
    "bench": ("play.bench",),
    "plots": ("coach.plots",),
    "session": ("table.session",),
    "lesson": ("table.lesson",),
    "widget": ("table.widget",),
    "protocol": ("table.protocol",),
    "server.protocol": ("table.protocol",),
}


class _OldPath(types.ModuleType):
    """An old module path: its names are looked up in the new modules, in order."""

    _homes: tuple[str, ...]

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        for home in self._homes:
            module = importlib.import_module(home)
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"module {self.__name__!r} (now {self._homes[0]!r}) has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        return sorted({n for home in self._homes for n in dir(importlib.import_module(home))})


class _Loader:
    """The loader of an old path (the protocol of ``importlib.abc.Loader``, without importing it)."""

    def __init__(self, homes: Sequence[str]) -> None:
        self.homes = tuple(homes)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        module = _OldPath(spec.name, f"Moved to {self.homes[0]}.")
        module._homes = self.homes
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        warnings.warn(f"{module.__name__} is now {self.homes[0]}; the old path goes in version 0.4.0",
                      DeprecationWarning, stacklevel=2)
        importlib.import_module(self.homes[0])  # a missing module fails here, at the import


class _Finder:
    """On ``sys.meta_path``, last: asked only for a module no other finder has."""

    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        name = fullname[len(self.package) + 1:] if fullname.startswith(self.package + ".") else ""
        if name not in MOVED:
            return None
        homes = [f"{self.package}.{home}" for home in MOVED[name]]
        return importlib.machinery.ModuleSpec(fullname, _Loader(homes))  # type: ignore[arg-type]  # a Loader by its protocol


def install(package: str) -> None:
    """Forward the old module paths under ``package`` (once per process)."""
    if not any(isinstance(f, _Finder) and f.package == package for f in sys.meta_path):
        sys.meta_path.append(_Finder(package))
