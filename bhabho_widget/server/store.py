"""Where the server keeps its tables: one SQLite file (the standard library's ``sqlite3``).

A table is one row: its code, its :meth:`~.tables.ServerTable.record` as JSON (the
settings, the seats with the SHA-256 of their tokens, every move of every round) and when
it last changed. The row is written after every change and before anyone is told of it,
so a restart resumes each table where it was. Tables untouched for ``keep_days`` are
deleted when the server starts.

The store fails safe: a file that cannot be used (a missing folder, a read-only or corrupt
file) is a :class:`StoreError` naming the file, before the server serves anything; a row
that cannot be read is logged and left out (the good tables load); a write that fails
raises, and the server undoes the change (:meth:`load` reads the row as it was).

>>> store = Store(":memory:")
>>> record = {**dict.fromkeys(REQUIRED), "code": "abc", "updated": 1.0}
>>> store.save(record)
>>> store.load_all() == [("abc", record)], store.load("abc") == record, store.load("xyz")
(True, True, None)
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from typing import Any

__all__ = ["KEEP_DAYS", "REQUIRED", "Store", "StoreError"]

log = logging.getLogger("bhabho_widget.server")

KEEP_DAYS = 7.0
"""Days a table is kept after its last change."""
REQUIRED = ("code", "players", "variant", "rounds", "bots", "seed", "created", "updated", "started", "version",
            "seats", "moves", "offers")
"""The keys of a stored table's record (:meth:`~.tables.ServerTable.record`)."""


class StoreError(Exception):
    """The tables' file cannot be used; the message is one line naming the file and why."""


class Store:
    """The tables' rows in the SQLite file ``path`` (``":memory:"`` for none). Opening
    checks that the file can be read and written: a :class:`StoreError` otherwise."""

    def __init__(self, path: str = "bhabho_tables.sqlite3") -> None:
        self.path = path
        if path != ":memory:":
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                raise StoreError(f"the tables file {path} cannot be made: there is no folder {folder}")
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, record TEXT NOT NULL, "
                             "updated REAL NOT NULL)")
            self._db.execute("SELECT count(*) FROM tables").fetchone()
            self._db.execute("BEGIN IMMEDIATE")  # a write lock: a read-only file says so here
            self._db.execute("UPDATE tables SET updated = updated WHERE 0")
            self._db.execute("ROLLBACK")
        except (sqlite3.Error, OSError) as err:
            raise StoreError(f"the tables file {path} cannot be used: {err}") from None

    def save(self, record: dict[str, Any]) -> None:
        """Write (or replace) a table's row; raises sqlite3.Error (or OSError) when it cannot."""
        self._db.execute("INSERT OR REPLACE INTO tables (code, record, updated) VALUES (?, ?, ?)",
                         (record["code"], json.dumps(record, separators=(",", ":")), record["updated"]))

    def delete(self, code: str) -> None:
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def load(self, code: str) -> dict[str, Any] | None:
        """The stored record of the table ``code``, or None (no row, or one that cannot be read)."""
        row = self._db.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        return _record(code, row[0])

    def load_all(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored table as ``(code, record)``; a row that is not a record (not JSON, not
        an object, a key missing) is logged in one line and left out."""
        out = []
        for code, text in self._db.execute("SELECT code, record FROM tables ORDER BY updated"):
            record = _record(code, text)
            if record is not None:
                out.append((code, record))
        return out

    def prune(self, keep_days: float = KEEP_DAYS, now: float | None = None) -> int:
        """Delete the tables untouched for ``keep_days``; returns how many."""
        cutoff = (time.time() if now is None else now) - keep_days * 86400
        return self._db.execute("DELETE FROM tables WHERE updated < ?", (cutoff,)).rowcount

    def close(self) -> None:
        self._db.close()


def _record(code: object, text: object) -> dict[str, Any] | None:
    try:
        record = json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        record = None
        why = "its record is not JSON"
    else:
        why = "its record is not an object" if not isinstance(record, dict) else ""
    if isinstance(record, dict):
        missing = [k for k in REQUIRED if k not in record]
        if missing:
            why = f"its record has no {', '.join(missing[:4])}"
        elif record["code"] != code:
            why = "its record is of another table"
    if why:
        log.error("table %s could not be read, skipped: %s", str(code)[:40], why)
        return None
    return record  # type: ignore[return-value]
