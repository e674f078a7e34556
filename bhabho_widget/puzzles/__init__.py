"""Practice: puzzles the coach has proved, themed and rated, and progress that lasts.

A :class:`Puzzle` is one decision from one seat's view, with the answer the coach proved (its
:class:`Proof`: every other action's chance of ending as the bhabhi is higher by at least the
margin, the paired 95 % interval included, over thousands of imagined deals). :data:`bundled`
is the set the package ships, mined from bot games (:mod:`.mining`); :func:`prove` proves a
position of your own; :func:`mistakes_from_review` turns the mistakes of a reviewed game into
puzzles. A :class:`PracticeSession` serves them near your Glicko-2 rating, by theme or as a
streak, and keeps every attempt in your :class:`Progress` (a SQLite file in your data folder).
The practice widget is :func:`bhabho_widget.Practice`.

The modules: :mod:`.puzzle` (the value and its line of JSON), :mod:`.proving`, :mod:`.themes`,
:mod:`.rating` (Glicko-2), :mod:`.mining`, :mod:`.sets` (the bundled set), :mod:`.progress`,
:mod:`bhabho_widget.puzzles.practice`, :mod:`.texts` (the coach's words kept with a puzzle). Proving and mining need
numpy (the ``coach`` extra); serving and answering the bundled set does not.

>>> from bhabho_widget.puzzles import bundled
>>> p = bundled[0]
>>> p.game().current_player == p.seat or p.kind == "take", p.proof.holds()
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .practice import MODES, PracticeSession, Verdict
from .progress import Progress, ProgressError, ProgressWarning, data_dir, set_data_dir
from .puzzle import ActionProof, Proof, Puzzle, PuzzleRating
from .sets import PuzzleSet, bundled, read
from .themes import THEME_TITLES, THEMES, tag

if TYPE_CHECKING:
    from .mining import mine, mistakes_from_review
    from .proving import prove

__all__ = ["MODES", "THEMES", "THEME_TITLES", "ActionProof", "PracticeSession", "Progress", "ProgressError",
           "ProgressWarning", "Proof", "Puzzle", "PuzzleRating", "PuzzleSet", "Verdict", "bundled", "data_dir",
           "mine", "mistakes_from_review", "prove", "read", "set_data_dir", "tag"]

_LAZY = {"prove": "proving", "mine": "mining", "mistakes_from_review": "mining"}
"""Names that need numpy (the coach's simulations): imported on first use."""


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
