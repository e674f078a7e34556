"""Where the server keeps its tables: one SQLite file (the standard library's ``sqlite3``).

A table is one row: its code, its :meth:`~.tables.ServerTable.record` as JSON (the
settings, the seats with the SHA-256 of their tokens, every move of every round) and when
it last changed. The row is written after every change and before anyone is told of it,
so a restart resumes each table where it was. Tables untouched for ``keep_days`` are
deleted when the server starts.

Classes (:mod:`.classes`) are kept in the same file: a row per class (its code, title,
teacher and when it last changed) in ``classes``, and a row per thing kept in it in
``class_entries`` (an item handed out, a student, one student's answers to one question,
one student's game), each written when it changes; a class and all its rows are deleted
together, and classes untouched for ``class_keep_days`` are deleted when the server starts
and every hour.

The store fails safe: a file that cannot be used (a missing folder, a read-only or corrupt
file) is a :class:`StoreError` naming the file, before the server serves anything; a row
that cannot be read is logged and left out (the good tables and classes load); a write
that fails raises, and the server undoes the change. SQLite keeps the index of its write-ahead
log in memory it maps from the file ``<db>-shm``; when that file can no longer be written
(its file system turned read-only, its permissions changed) or was cut short, touching the
map would kill the server with SIGBUS. So before every use (and before it closes) the store
looks at that file: gone or read-only, the use is refused as a read-only database's write is
(a :class:`sqlite3.OperationalError`, before SQLite touches the map); cut short, its length is
given back first.

>>> store = Store(":memory:")
>>> record = {**dict.fromkeys(REQUIRED), "code": "abc", "updated": 1.0}
>>> store.save(record)
>>> store.load_all() == [("abc", record)], store.load("abc") == record, store.load("xyz")
(True, True, None)
>>> store.save_class({"code": "c1", "title": "7B", "teacher": "", "created": 1.0, "updated": 2.0})
>>> store.save_entry("c1", "Ben", "student", {"name": "Ben"}, 2.0)
>>> [(code, core["title"], entries) for code, core, entries in store.load_classes()]
[('c1', '7B', [('Ben', 'student', {'name': 'Ben'})])]
>>> store.delete_class("c1"); store.load_classes()
[]
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from typing import Any

__all__ = ["CLASS_KEEP_DAYS", "CLASS_REQUIRED", "KEEP_DAYS", "REQUIRED", "Store", "StoreError"]

log = logging.getLogger("bhabho_widget.server")

KEEP_DAYS = 7.0
"""Days a table is kept after its last change."""
REQUIRED = ("code", "players", "variant", "rounds", "bots", "seed", "created", "updated", "started", "version",
            "seats", "moves", "offers")
"""The keys of a stored table's record (:meth:`~.tables.ServerTable.record`)."""
CLASS_KEEP_DAYS = 30.0
"""Days a class (and everything kept in it) is kept after its last change."""
CLASS_REQUIRED = ("code", "title", "teacher", "created", "updated")
"""The keys of a stored class's row (:meth:`~.classes.ClassRoom.core`)."""


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
            self._db.execute("CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, record TEXT NOT NULL, "
                             "updated REAL NOT NULL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS class_entries (code TEXT NOT NULL, who TEXT NOT NULL, "
                             "key TEXT NOT NULL, record TEXT NOT NULL, updated REAL NOT NULL, PRIMARY KEY (code, who, key))")
            self._db.execute("SELECT count(*) FROM tables").fetchone()
            self._db.execute("BEGIN IMMEDIATE")  # a write lock: a read-only file says so here
            self._db.execute("UPDATE tables SET updated = updated WHERE 0")
            self._db.execute("ROLLBACK")
        except (sqlite3.Error, OSError) as err:
            raise StoreError(f"the tables file {path} cannot be used: {err}") from None
        self._shm = "" if path == ":memory:" else path + "-shm"
        self._shm_size = 0
        self._checkpointer: sqlite3.Connection | None = None
        try:
            self._guard()
        except sqlite3.Error as err:
            raise StoreError(f"the tables file {path} cannot be used: {err}") from None

    def _guard(self) -> None:
        """Look at the WAL index before SQLite touches it (see the module's docstring): gone or
        read-only, the use is refused (a sqlite3.OperationalError, as a read-only database's
        write is); cut short, its length is given back (SQLite rebuilds a zeroed index from the
        log) and one line is logged."""
        if not self._shm:
            return
        try:
            size = os.stat(self._shm).st_size
        except OSError:
            raise sqlite3.OperationalError(f"attempt to write a readonly database (its WAL index {self._shm} is gone)") \
                from None
        if not os.access(self._shm, os.W_OK):
            raise sqlite3.OperationalError(f"attempt to write a readonly database (its WAL index {self._shm} is read-only)")
        if size < self._shm_size:
            try:
                os.truncate(self._shm, self._shm_size)
            except OSError as err:
                raise sqlite3.OperationalError(f"attempt to write a readonly database (its WAL index {self._shm} was cut "
                                               f"short and cannot be mended: {err.strerror})") from None
            log.warning("the WAL index %s was cut short (%d of %d bytes): its length is given back and SQLite rebuilds "
                        "it from the log", self._shm, size, self._shm_size)
            size = self._shm_size
        self._shm_size = size

    def hand_checkpoints_over(self) -> None:
        """From now on the writes do not write the log back into the file themselves (that
        checkpoint waits for the disk, now and then for hundreds of milliseconds on a busy one,
        and every player would wait with it): the caller runs :meth:`checkpoint` now and then,
        in a thread of its own."""
        self._guard()
        self._db.execute("PRAGMA wal_autocheckpoint=0")

    def checkpoint(self) -> None:
        """Write the log back into the file (SQLite's PASSIVE checkpoint, which waits for no
        reader or writer) on a connection of its own: it may run in another thread while the
        server goes on writing. Raises sqlite3.Error (or OSError) when it cannot."""
        self._guard()
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def save(self, record: dict[str, Any]) -> None:
        """Write (or replace) a table's row; raises sqlite3.Error (or OSError) when it cannot."""
        self._guard()
        self._db.execute("INSERT OR REPLACE INTO tables (code, record, updated) VALUES (?, ?, ?)",
                         (record["code"], json.dumps(record, separators=(",", ":")), record["updated"]))

    def delete(self, code: str) -> None:
        self._guard()
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def load(self, code: str) -> dict[str, Any] | None:
        """The stored record of the table ``code``, or None (no row, or one that cannot be read)."""
        self._guard()
        row = self._db.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        return _record(code, row[0])

    def load_all(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored table as ``(code, record)``; a row that is not a record (not JSON, not
        an object, a key missing) is logged in one line and left out."""
        self._guard()
        out = []
        for code, text in self._db.execute("SELECT code, record FROM tables ORDER BY updated"):
            record = _record(code, text)
            if record is not None:
                out.append((code, record))
        return out

    def prune(self, keep_days: float = KEEP_DAYS, now: float | None = None) -> int:
        """Delete the tables untouched for ``keep_days``; returns how many."""
        self._guard()
        cutoff = (time.time() if now is None else now) - keep_days * 86400
        return self._db.execute("DELETE FROM tables WHERE updated < ?", (cutoff,)).rowcount

    # ------------------------------------------------------------------ classes
    def save_class(self, core: dict[str, Any]) -> None:
        """Write (or replace) a class's own row; raises sqlite3.Error (or OSError) when it cannot."""
        self._guard()
        self._db.execute("INSERT OR REPLACE INTO classes (code, record, updated) VALUES (?, ?, ?)",
                         (core["code"], json.dumps(core, separators=(",", ":")), core["updated"]))

    def save_entry(self, code: str, who: str, key: str, record: dict[str, Any], updated: float) -> None:
        """Write (or replace) one thing kept in class ``code``, and the class's time of change
        with it (one transaction: both or neither)."""
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO class_entries (code, who, key, record, updated) VALUES (?, ?, ?, ?, ?)",
                             (code, who, key, json.dumps(record, separators=(",", ":"), ensure_ascii=False), updated))
            self._db.execute("UPDATE classes SET updated = ? WHERE code = ?", (updated, code))

    def delete_entries(self, code: str, who: str, keys: list[str] | None = None) -> None:
        """Delete the rows of ``who`` in class ``code`` (only ``keys``, when given), at once."""
        with self._transaction():
            if keys is None:
                self._db.execute("DELETE FROM class_entries WHERE code = ? AND who = ?", (code, who))
            else:
                self._db.executemany("DELETE FROM class_entries WHERE code = ? AND who = ? AND key = ?",
                                     [(code, who, key) for key in keys])

    def delete_class(self, code: str) -> None:
        """Delete a class and everything kept in it, at once."""
        with self._transaction():
            self._db.execute("DELETE FROM class_entries WHERE code = ?", (code,))
            self._db.execute("DELETE FROM classes WHERE code = ?", (code,))

    def load_classes(self) -> list[tuple[str, dict[str, Any], list[tuple[str, str, dict[str, Any]]]]]:
        """Every stored class as ``(code, core, [(who, key, record), ...])``; a row that cannot
        be read is logged in one line and left out (a class's own row: with its entries)."""
        self._guard()
        entries: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
        for code, who, key, text in self._db.execute("SELECT code, who, key, record FROM class_entries ORDER BY updated"):
            record = _object(f"class {str(code)[:40]}, entry {str(who)[:40]} {str(key)[:40]}", text)
            if record is not None:
                entries.setdefault(code, []).append((who, key, record))
        out = []
        for code, text in self._db.execute("SELECT code, record FROM classes ORDER BY updated"):
            core = _object(f"class {str(code)[:40]}", text, CLASS_REQUIRED)
            if core is not None and core["code"] != code:
                log.error("class %s could not be read, skipped: its record is of another class", str(code)[:40])
                core = None
            if core is not None:
                out.append((code, core, entries.get(code, [])))
        return out

    def prune_classes(self, keep_days: float = CLASS_KEEP_DAYS, now: float | None = None) -> list[str]:
        """Delete the classes untouched for ``keep_days``, with everything kept in them; their codes."""
        self._guard()
        cutoff = (time.time() if now is None else now) - keep_days * 86400
        codes = [code for (code,) in self._db.execute("SELECT code FROM classes WHERE updated < ?", (cutoff,))]
        for code in codes:
            self.delete_class(code)
        return codes

    def _transaction(self) -> Any:
        db = self._db

        guard = self._guard

        class _Transaction:
            def __enter__(self) -> None:
                guard()
                db.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind: Any, *rest: Any) -> None:
                db.execute("ROLLBACK" if kind is not None else "COMMIT")

        return _Transaction()

    def close(self) -> None:
        try:
            self._guard()
        except sqlite3.Error as err:  # closing checkpoints the log: the index must be there
            log.error("the tables file %s is closed as it is: %s", self.path, err)
        if self._checkpointer is not None:
            self._checkpointer.close()
        self._db.close()


def _object(what: str, text: object, required: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The JSON object of a class's row, or None (logged in one line: not JSON, not an object, a key missing)."""
    try:
        record = json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        log.error("%s could not be read, skipped: its record is not JSON", what)
        return None
    if not isinstance(record, dict):
        log.error("%s could not be read, skipped: its record is not an object", what)
        return None
    missing = [k for k in required if k not in record]
    if missing:
        log.error("%s could not be read, skipped: its record has no %s", what, ", ".join(missing[:4]))
        return None
    return record


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
