"""Bhabho (Bhabhi, Laad, Get Away, Thulla) in Jupyter: a rules engine, bots and a card-table widget."""

from .bots import Bot, RandomBot, RuleBot
from .cards import Card
from .driver import Driver, play_out
from .errors import IllegalMoveError
from .events import Event
from .game import Game
from .match import Match
from .rules import PRESETS, Rules

__all__ = ["Bot", "Card", "Driver", "Event", "Game", "IllegalMoveError", "Match", "PRESETS",
           "RandomBot", "RuleBot", "Rules", "play_out"]
__version__ = "0.1.0"
