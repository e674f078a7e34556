"""Bhabho (Bhabhi, Laad, Get Away, Thulla) in Jupyter: a rules engine, bots and a card-table widget.

The engine (``Card``, ``Rules``, ``Game``, ``Match``, bots) needs only the standard
library; the batch player (``play_random``, numpy), the widgets (``Table``, ``Lesson``)
and plots load on first use.
"""

from .bots import Bot, RandomBot, RuleBot
from .cards import Card
from .driver import Driver, EndlessGameError, play_out
from .errors import IllegalMoveError
from .events import Event
from .game import Game
from .match import Match
from .rules import PRESETS, Rules

__all__ = ["Bot", "Card", "Driver", "EndlessGameError", "Event", "Exercise", "Game", "IllegalMoveError", "Lesson", "Match",
           "PRESETS", "RandomBot", "RuleBot", "Rules", "Table", "play", "play_out", "play_random"]
__version__ = "0.1.0"

_LAZY = {"Table": "widget", "play": "widget", "Lesson": "lesson", "Exercise": "lesson", "play_random": "batch"}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
