"""numpy and matplotlib (the ``coach`` extra): needed by the search bot, hints, plots and batch simulations only.

The engine, the bots of rules of thumb, the table and the lessons run without them (the
JupyterLite site built by ``lite/build.py --offline`` has neither). Where they are needed and
missing, the import says so in one sentence, a :class:`MissingPackageError` that IPython
shows without a traceback, instead of a bare ``No module named 'numpy'`` from deep inside
the package. A module that needs numpy imports it at its top like this::

    try:
        import numpy as np
    except ImportError as err:
        raise MissingPackageError.for_feature("numpy", "The search bot") from err

and a function that draws with matplotlib imports it when it draws, with
:func:`optional_import` (``plt = optional_import("matplotlib.pyplot", "Plots", plural=True)``),
so that the module itself needs no matplotlib.

>>> err = MissingPackageError.for_feature("numpy", "The search bot")
>>> print(err)  # doctest: +NORMALIZE_WHITESPACE
The search bot needs numpy, which this Python does not have: pip install
"bhabho-widget[coach]" brings it (in JupyterLite, the full site has it).
>>> isinstance(err, ImportError), err.name, err._render_traceback_()[0].startswith("MissingPackageError: The search bot")
(True, 'numpy', True)
>>> str(MissingPackageError.for_feature("matplotlib", "Plots", plural=True)).split(",")[0]
'Plots need matplotlib'
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["INSTALL", "OPTIONAL", "MissingPackageError", "optional_import"]

#: The packages that only some features need: the ``coach`` extra.
OPTIONAL = ("numpy", "matplotlib")
#: What brings them.
INSTALL = 'pip install "bhabho-widget[coach]"'


class MissingPackageError(ModuleNotFoundError):
    """numpy or matplotlib is needed and not installed (a :class:`ModuleNotFoundError`, so
    ``except ImportError`` still catches it)."""

    @classmethod
    def for_feature(cls, package: str, feature: str, *, plural: bool = False) -> MissingPackageError:
        """The error saying that ``feature`` (the sentence's subject: ``"The search bot"``, or
        with ``plural`` ``"Hints"``) needs ``package``."""
        verb = "need" if plural else "needs"
        return cls(f"{feature} {verb} {package}, which this Python does not have: {INSTALL} brings it "
                   "(in JupyterLite, the full site has it).", name=package)

    def _render_traceback_(self) -> list[str]:
        """One line in IPython, not a traceback (IPython's protocol for short errors)."""
        return [f"{type(self).__name__}: {self}"]


def optional_import(module: str, feature: str, *, plural: bool = False) -> ModuleType:
    """Import ``module`` (``"matplotlib.pyplot"``) for ``feature``, or raise the
    :class:`MissingPackageError` saying that ``feature`` needs its package."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise MissingPackageError.for_feature(module.partition(".")[0], feature, plural=plural) from err
