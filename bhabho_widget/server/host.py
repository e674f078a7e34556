"""What a room of the server may ask of the table server: :class:`TableHost`.

The class hall (:mod:`.classes`) seats its students at tables of the table server
(:class:`~.app.TableServer`), which keeps, stores and runs every table. They meet here, and
only here: the hall looks a table up, opens a new one, commits a change (stored, then told to
the table's seats, then the bots go on), tells the seats again, and drops a table; it never
reaches into the server's own state.
"""

from __future__ import annotations

from typing import Protocol

from ..i18n import Message
from .tables import ServerTable

__all__ = ["TableHost"]


class TableHost(Protocol):
    """The table server's public interface to its rooms."""

    def table(self, code: str) -> ServerTable | None:
        """The table ``code``, or None."""

    def open(self, table: ServerTable) -> None:
        """Take a new table (not stored yet: :meth:`commit` stores it); a MessageError when the
        server holds as many tables as it may."""

    def commit(self, code: str) -> bool:
        """Store the table, then tell every seat, then let the bots go on; False when the store
        failed (the change is undone: a table never stored is dropped)."""

    def broadcast(self, code: str) -> None:
        """Tell every connected seat of the table its view again."""

    def drop(self, code: str, why: Message | None) -> None:
        """Delete the table; its connected seats are told ``why`` and closed for good."""
