"""Every error the package raises on purpose, in one place.

All of them but :class:`EndlessGameError` are ``ValueError`` subclasses: a bad value was
given, and nothing changed.
"""

from __future__ import annotations

__all__ = ["EndlessGameError", "IllegalMoveError", "InvalidCardError", "MessageError", "RecordError"]


class InvalidCardError(ValueError):
    """Text or numbers that do not name a card, such as ``"1Z"`` or ``Card(15, "S")``."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; the message names the rule. Nothing changed."""


class RecordError(ValueError):
    """A game record that is malformed, tampered with or does not replay."""


class MessageError(ValueError):
    """A message from the browser that is malformed, stale or not allowed now. Nothing changed."""


class EndlessGameError(RuntimeError):
    """Play went on for so long that the game will not end by itself (a safety net: with
    rule 10, stalemate, no game under any rule set should ever reach it)."""
