"""Bhabho (Bhabhi, Laad, Get Away, Thulla) in Jupyter: a rules engine, bots and a card-table widget.

The package is in layers, each a folder that imports only from the folders below it
(``tests/test_layers.py`` holds it to that), from the bottom up:

- :mod:`.i18n`: the five languages: messages, the catalogs, the front end's labels;
- :mod:`.engine`: the rules (``docs/rules.md``): cards, variants, legality, one round of
  the game, what each step did in words, records, what one seat may know, static pictures;
- :mod:`.play`: players and many games: bots and their registry, the search bot, the numpy
  batch player, the driver (bots at a table, rule 7's offers), sessions of rounds,
  tournaments, statistics and benchmarks;
- :mod:`.coach`: what helps a learner: hints that explain, simulations and their plots;
- :mod:`.table`: a table and lessons in plain Python, the notebook widgets over them, the
  browser protocol and the front end's bundle.

Everything below is importable from ``bhabho_widget`` itself. Importing the package loads
the engine and the plain bots only (the standard library and nothing else); the table layer
(the widgets), numpy and plots load on first use. ``bhabho_widget.play()`` starts a game
against bots in a notebook cell.
"""

import types
from typing import Any

from . import _moved, _version
from . import play as _play_layer
from .engine.cards import Card
from .engine.errors import EndlessGameError, IllegalMoveError, InvalidCardError, MessageError, PositionError, RecordError
from .engine.events import Event
from .engine.game import Game
from .engine.rules import PRESETS, Rules
from .engine.seat_view import SeatView
from .play.bots import Bot, RandomBot, RuleBot
from .play.driver import Driver, play_out
from .play.match import Match

__all__ = ["Bot", "Card", "Class", "Driver", "Editor", "EditorSession", "EndlessGameError", "Event", "Exercise", "Game", "Hint",
           "IllegalMoveError", "InvalidCardError", "Lesson", "LessonScript", "Match", "MessageError", "PRESETS",
           "PositionError", "RandomBot", "RecordError", "RuleBot", "Rules", "SearchBot", "SeatView", "Table",
           "TableSession", "hint", "lesson_from_json", "lesson_to_json", "make_exercise", "play", "play_out",
           "play_random", "rollouts"]
__version__ = _version.version()
"""The package's version: written once, in ``src_js/package.json`` (the front end's and the
package's are one), and read from there in a checkout, else from the installed metadata."""

#: Names loaded on first use, by module: the table layer (widgets, anywidget), numpy's users.
_LAZY = {"Table": "table.widget", "Lesson": "table.widget", "TableSession": "table.session",
         "LessonScript": "table.lesson", "Exercise": "table.lesson",
         "play_random": "play.batch", "rollouts": "play.batch", "SearchBot": "play.search",
         "hint": "coach.hints", "Hint": "coach.hints", "EditorSession": "table.editor", "Editor": "table.editor_widget",
         "make_exercise": "table.exercises", "lesson_from_json": "table.exercises", "lesson_to_json": "table.exercises",
         "Class": "table.classroom"}

_moved.install(__name__)


class _PlayLayer(types.ModuleType):
    """:mod:`bhabho_widget.play`, the layer of players and many games, is also what the
    quick start calls: ``bhabho_widget.play()`` starts a game against bots and returns the
    :class:`Table` (the same as ``Table(players=4, **kwargs)``)."""

    def __call__(self, players: int = 4, **kwargs: Any) -> Any:
        from .table.widget import play

        return play(players, **kwargs)


_play_layer.__class__ = _PlayLayer
play = _play_layer


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
