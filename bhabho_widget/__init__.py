"""Bhabho (Bhabhi, Laad, Get Away, Thulla) in Jupyter: a rules engine, bots and a card-table widget.

Where things live (one module, one idea):

- the rules: ``docs/rules.md``; :mod:`.cards` (cards, hand masks, ranking), :mod:`.rules`
  (the variants), :mod:`.legal` (which cards may be played), :mod:`.game` (one round:
  tricks, tochoo, escapes, the draw, takes, the end, stalemates), :mod:`.events` (what each
  step did, in words), :mod:`.records` (game records), :mod:`.match` (a session of rounds);
- who may know what: :mod:`.seat_view` (what one seat may know: all a bot is given);
- players: :mod:`.bots`, :mod:`.driver` (bots at a table, rule 7's take offers),
  :mod:`.search` (the search bot), :mod:`.coach` (hints), :mod:`.arena` (tournaments),
  :mod:`.batch` (many random games at once with numpy);
- a table and lessons in plain Python: :mod:`.session`, :mod:`.lesson`;
- the notebook widgets: :mod:`.widget` over :mod:`.protocol` (the browser's messages);
  :mod:`.html` (static pictures), :mod:`.plots`.

The engine needs only the standard library; numpy, the widgets and plots load on first use.
"""

from .bots import Bot, RandomBot, RuleBot
from .cards import Card
from .driver import Driver, play_out
from .errors import EndlessGameError, IllegalMoveError, InvalidCardError, MessageError, RecordError
from .events import Event
from .game import Game
from .lesson import Exercise, LessonScript
from .match import Match
from .rules import PRESETS, Rules
from .seat_view import SeatView
from .session import TableSession

__all__ = ["Bot", "Card", "Driver", "EndlessGameError", "Event", "Exercise", "Game", "Hint", "IllegalMoveError",
           "InvalidCardError", "Lesson", "LessonScript", "Match", "MessageError", "PRESETS", "RandomBot", "RecordError",
           "RuleBot", "Rules", "SearchBot", "SeatView", "Table", "TableSession", "hint", "play", "play_out",
           "play_random", "rollouts"]
__version__ = "0.2.0"

_LAZY = {"Table": "widget", "play": "widget", "Lesson": "widget", "play_random": "batch", "rollouts": "batch",
         "SearchBot": "search",
         "hint": "coach", "Hint": "coach"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
