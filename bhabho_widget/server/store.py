"""Where the server keeps its tables: one SQLite file (the standard library's ``sqlite3``).

A table is one row: its code, its :meth:`~.tables.ServerTable.record` as JSON (the
settings, the seats with the SHA-256 of their tokens, every move of every round) and when
it last changed. The row is written after every change and before anyone is told of it,
so a restart resumes each table where it was. Tables untouched for ``keep_days`` are
deleted when the server starts.

>>> store = Store(":memory:")
>>> store.save({"code": "abc", "updated": 1.0})
>>> store.load_all()
[{'code': 'abc', 'updated': 1.0}]
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

__all__ = ["KEEP_DAYS", "Store"]

KEEP_DAYS = 7.0
"""Days a table is kept after its last change."""


class Store:
    """The tables' rows in the SQLite file ``path`` (``":memory:"`` for none)."""

    def __init__(self, path: str = "bhabho_tables.sqlite3") -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, record TEXT NOT NULL, updated REAL NOT NULL)")

    def save(self, record: dict[str, Any]) -> None:
        """Write (or replace) a table's row."""
        self._db.execute("INSERT OR REPLACE INTO tables (code, record, updated) VALUES (?, ?, ?)",
                         (record["code"], json.dumps(record, separators=(",", ":")), record["updated"]))

    def delete(self, code: str) -> None:
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def load_all(self) -> list[dict[str, Any]]:
        """Every stored table's record."""
        return [json.loads(r) for (r,) in self._db.execute("SELECT record FROM tables ORDER BY updated")]

    def prune(self, keep_days: float = KEEP_DAYS, now: float | None = None) -> int:
        """Delete the tables untouched for ``keep_days``; returns how many."""
        cutoff = (time.time() if now is None else now) - keep_days * 86400
        return self._db.execute("DELETE FROM tables WHERE updated < ?", (cutoff,)).rowcount

    def close(self) -> None:
        self._db.close()
