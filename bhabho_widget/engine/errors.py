"""Every error the package raises on purpose, in one place.

All of them but :class:`EndlessGameError` are ``ValueError`` subclasses: a bad value was
given, and nothing changed.

The refusals a person can meet at a table (:class:`IllegalMoveError`, :class:`MessageError`)
and the position editor's :class:`PositionError` carry their text as an
:class:`~bhabho_widget.i18n.Message` where the package wrote it: ``str(err)`` is the English,
``err.localize(translator)`` the same in another language.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import Translator

__all__ = ["EndlessGameError", "IllegalMoveError", "InvalidCardError", "InvalidMoveError", "MessageError", "PositionError",
           "RecordError"]


class InvalidMoveError(ValueError):
    """Text or a value that does not name a move (:class:`~.move.Move`), such as ``"take two"``."""


class InvalidCardError(InvalidMoveError):
    """Text or numbers that do not name a card, such as ``"1Z"`` or ``Card(15, "S")`` (nor,
    then, a move that plays one)."""


class _Told(ValueError):
    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        """The message in ``translator``'s language (None: English), with ``names`` (one per
        seat) for the seat names in it; a message that tells itself in another language (a
        Message, or a sentence of a layer above with the same ``localize``, like the editor's
        :class:`~bhabho_widget.table.editor.Problem`) is told so; plain text stays as it is."""
        message = self.args[0] if len(self.args) == 1 else None
        localize = getattr(message, "localize", None)
        return localize(translator, names) if callable(localize) else str(self)


class IllegalMoveError(_Told):
    """An action the rules do not allow now; the message names the rule. Nothing changed."""


class RecordError(ValueError):
    """A game record that is malformed, tampered with or does not replay."""


class PositionError(_Told):
    """A position text (:meth:`Game.from_position`) that is malformed or describes a position
    the rules cannot reach; the message names the part that is wrong:
    ``"position text, hands: Q♠ is in two hands"``."""

    part: str | None
    """The part of the text that is wrong (``"hands"``, ``"table"``, ``"lead"``, ...: a word of
    the text format, never translated); None when the sentence names no part."""
    why: str
    """What is wrong, without the ``"position text, <part>: "`` before it: a Message where the
    package wrote the sentence (the whole message when there is nothing before it)."""

    def __init__(self, message: str, part: str | None = None, why: str | None = None) -> None:
        super().__init__(message)
        self.part = part
        self.why = message if why is None else why


class MessageError(_Told):
    """A message from the browser that is malformed, stale or not allowed now. Nothing changed."""


class EndlessGameError(RuntimeError):
    """Play went on for so long that the game will not end by itself (a safety net: with
    rule 10, stalemate, no game under any rule set should ever reach it)."""
