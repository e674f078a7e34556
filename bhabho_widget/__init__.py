"""Bhabho (Bhabhi, Laad, Get Away, Thulla) in Jupyter: a rules engine, bots and a card-table widget.

The package is in layers, each a folder that imports only from the folders below it
(``tests/test_layers.py`` holds it to that), from the bottom up:

- :mod:`.i18n`: the five languages: messages, the catalogs, the front end's labels;
- :mod:`.engine`: the rules (``docs/rules.md``): cards, moves, variants, legality, one round
  of the game, what each step did in words, records, what one seat may know, static pictures;
- :mod:`.play`: players and many games: bots and their registry, the search bot, the numpy
  batch player, the driver (bots at a table, rule 7's offers), sessions of rounds,
  tournaments, statistics and benchmarks;
- :mod:`.coach`: what helps a learner: hints that explain, simulations and their plots;
- :mod:`.puzzles`: practice: puzzles the coach has proved, the bundled set, mining, ratings
  and the learner's progress;
- :mod:`.table`: a table and lessons in plain Python, the notebook widgets over them, the
  browser protocol and the front end's bundle.

Every name of ``__all__`` is importable from ``bhabho_widget`` itself. Importing the package
loads the engine and the plain bots only (the standard library and nothing else); the table
layer (the widgets), numpy and plots load on first use of a name that needs them, as
SPEC 1's lazy loading does: type checkers read those names from the imports under
``TYPE_CHECKING`` below, and ``dir(bhabho_widget)`` lists ``__all__``. A game against bots in
a notebook cell: ``from bhabho_widget import Table; Table()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _version
from .engine.cards import Card
from .engine.errors import (
    EndlessGameError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    MessageError,
    PositionError,
    RecordError,
)
from .engine.events import Event
from .engine.game import Game
from .engine.move import Move
from .engine.rules import PRESETS, Rules
from .engine.seat_view import SeatView
from .play.bots import Bot, RandomBot, RuleBot
from .play.driver import Driver, play_out
from .play.match import Match

if TYPE_CHECKING:  # loaded on first use (see __getattr__); here for type checkers
    from .coach.hints import Hint, hint
    from .play.batch import play_random, rollouts
    from .play.search import SearchBot
    from .table.classroom import Class
    from .table.editor import EditorSession
    from .table.editor_widget import Editor
    from .table.exercises import lesson_from_json, lesson_to_json, make_exercise
    from .table.lesson import Exercise, LessonScript
    from .table.session import TableSession
    from .table.widget import Lesson, Practice, PuzzleLesson, Table

__all__ = [
    "PRESETS", "Bot", "Card", "Class", "Driver", "Editor", "EditorSession", "EndlessGameError", "Event", "Exercise",
    "Game", "Hint", "IllegalMoveError", "InvalidCardError", "InvalidMoveError", "Lesson", "LessonScript", "Match",
    "MessageError", "Move", "PositionError", "Practice", "PuzzleLesson", "RandomBot", "RecordError", "RuleBot", "Rules",
    "SearchBot", "SeatView", "Table", "TableSession", "hint", "lesson_from_json", "lesson_to_json", "make_exercise",
    "play_out", "play_random", "rollouts",
]
__version__ = _version.version()
"""The package's version: written once, in ``src_js/package.json`` (the front end's and the
package's are one), and read from there in a checkout, else from the installed metadata."""

#: Names loaded on first use, by module: the table layer (widgets, anywidget), numpy's users.
_LAZY = {"Table": "table.widget", "Lesson": "table.widget", "Practice": "table.widget", "PuzzleLesson": "table.widget",
         "TableSession": "table.session",
         "LessonScript": "table.lesson", "Exercise": "table.lesson",
         "play_random": "play.batch", "rollouts": "play.batch", "SearchBot": "play.search",
         "hint": "coach.hints", "Hint": "coach.hints", "EditorSession": "table.editor", "Editor": "table.editor_widget",
         "make_exercise": "table.exercises", "lesson_from_json": "table.exercises", "lesson_to_json": "table.exercises",
         "Class": "table.classroom"}


def __getattr__(name: str) -> object:
    """A name of ``__all__`` that loads on first use (see ``_LAZY``)."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value  # the next look-up finds it at once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names: ``__all__`` (the lazy ones included, none of the module's helpers)."""
    return sorted(__all__)
