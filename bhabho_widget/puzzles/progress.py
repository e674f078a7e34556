"""A learner's progress, kept between sessions: one SQLite file in the user's data folder.

:class:`Progress` keeps every attempt at a puzzle (the answer, right or not, the ratings before
and after), the learner's Glicko-2 rating and each puzzle's, the streaks, the puzzles made from
the learner's own mistakes (offered again until solved), and the results of the lessons of the
notebooks (each question answered, right first time or not). Nothing is sent anywhere.

Where it lives: ``progress.sqlite3`` in :func:`data_dir`: the folder the environment variable
``BHABHO_DATA_DIR`` names, else the one :func:`set_data_dir` set, else the user's data folder
(``platformdirs.user_data_dir("bhabho-widget")``: ``~/.local/share/bhabho-widget`` on Linux); in
JupyterLite, in the browser's own storage, through the site's file system (``/drive``).
:meth:`Progress.export` gives it all as JSON, :meth:`Progress.erase` deletes it.

SQLite cannot work on JupyterLite's ``/drive`` file system in place (its writes at an offset
leave the file "malformed": jupyterlite/pyodide-kernel#35), so there the database is kept in
memory and the whole file is written at once after each change (``Connection.serialize``), and
read again when it changed since (another notebook's kernel wrote it): the last change of two
kernels at the same moment wins there.

Two kernels writing at once lose nothing (outside JupyterLite): every change is one transaction that takes the write
lock before it reads what it changes (a rating is read and written under one lock), and a
kernel waits for the other (``busy_timeout``). A file that cannot be read as a progress file (a
corrupt one, another program's) is moved aside, renamed with the time, never overwritten: one
sentence says so (:attr:`Progress.notice`, also a warning), and a new file starts.

>>> import tempfile, pathlib
>>> p = Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> p.learner().rating
1500.0
>>> p.record_lesson("Tochoo", 2, "KH", correct=True, first_try=True)
>>> [(r["lesson"], r["step"], r["correct"]) for r in p.lessons()]
[('Tochoo', 2, True)]
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import pathlib
import sqlite3
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

from ..i18n import N_, Message
from .puzzle import Puzzle, PuzzleRating
from .rating import LEARNER_START, update

__all__ = ["ENVIRONMENT", "FILE_NAME", "Progress", "ProgressError", "ProgressWarning", "data_dir", "set_data_dir"]

ENVIRONMENT = "BHABHO_DATA_DIR"
"""The environment variable that moves the progress file's folder."""
FILE_NAME = "progress.sqlite3"
SCHEMA_VERSION = 1
BUSY_MS = 10_000
"""How long a kernel waits for another's write to end, in milliseconds."""

MOVED_ASIDE = N_("Your progress file {path} could not be read ({why}); it was moved aside to {aside}, "
                 "and a new one was started: nothing in it was overwritten.")
CANNOT_OPEN = N_("Your progress file {path} cannot be opened ({why}): set {env} to a folder you can write to.")

_DATA_DIR: pathlib.Path | None = None

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS learner (id INTEGER PRIMARY KEY CHECK (id = 1), rating REAL NOT NULL, rd REAL NOT NULL,
    volatility REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS puzzle_ratings (puzzle TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL,
    volatility REAL NOT NULL);
CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, puzzle TEXT NOT NULL,
    source TEXT NOT NULL, mode TEXT NOT NULL, themes TEXT NOT NULL, answer TEXT NOT NULL, solved INTEGER NOT NULL,
    rating_before REAL NOT NULL, rating_after REAL NOT NULL, puzzle_rating REAL NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_puzzle ON attempts (puzzle);
CREATE TABLE IF NOT EXISTS mistakes (puzzle TEXT PRIMARY KEY, line TEXT NOT NULL, added REAL NOT NULL,
    solved REAL);
CREATE TABLE IF NOT EXISTS lessons (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, lesson TEXT NOT NULL,
    step INTEGER NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL, first_try INTEGER NOT NULL);
"""


class ProgressError(OSError):
    """The progress file cannot be used at all (a folder that cannot be written): one sentence
    says what to do, shown without a traceback in IPython."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class ProgressWarning(UserWarning):
    """A progress file that could not be read was moved aside (see :attr:`Progress.notice`)."""


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Keep progress in the folder ``path`` from now on (None: back to the default); the
    environment variable :data:`ENVIRONMENT` still comes first."""
    global _DATA_DIR
    _DATA_DIR = None if path is None else pathlib.Path(path)


def data_dir() -> pathlib.Path:
    """The folder of the progress file (see the module's docstring)."""
    env = os.environ.get(ENVIRONMENT, "").strip()
    if env:
        return pathlib.Path(env).expanduser()
    if _DATA_DIR is not None:
        return _DATA_DIR
    if sys.platform == "emscripten" and pathlib.Path("/drive").is_dir():  # JupyterLite: the browser's storage
        return pathlib.Path("/drive/.bhabho-widget")
    import platformdirs

    return pathlib.Path(platformdirs.user_data_dir("bhabho-widget", appauthor=False))


def _now() -> float:
    return time.time()


def _whole_file(path: pathlib.Path) -> bool:
    """True where SQLite cannot write the file in place: JupyterLite's ``/drive``."""
    return sys.platform == "emscripten" and path.is_absolute() and path.parts[:2] == ("/", "drive")


class Progress:
    """A learner's progress in one SQLite file (see the module's docstring); ``path`` (default
    :func:`data_dir` / ``progress.sqlite3``)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, whole_file: bool | None = None) -> None:
        self.path = pathlib.Path(path) if path is not None else data_dir() / FILE_NAME
        self.notice: str | None = None
        """One sentence when a file that could not be read was moved aside, else None."""
        self.whole_file = _whole_file(self.path) if whole_file is None else bool(whole_file)
        """True: the database is kept in memory and the file written whole after each change
        (JupyterLite's ``/drive``, where SQLite cannot write in place: see the module's docstring)."""
        if self.whole_file and not hasattr(sqlite3.Connection, "serialize"):
            raise ProgressError(str(Message(CANNOT_OPEN, path=str(self.path), why="whole-file progress needs Python 3.11",
                                            env=ENVIRONMENT)))
        self._lock = threading.RLock()
        self._memory: sqlite3.Connection | None = None
        self._stamp: tuple[int, int] | None = None  # (size, mtime_ns) of the file as last read or written
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ProgressError(str(Message(CANNOT_OPEN, path=str(self.path), why=err.strerror or str(err),
                                            env=ENVIRONMENT))) from None
        self._open()

    # ------------------------------------------------------------------ the file
    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        return db

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return st.st_size, st.st_mtime_ns

    def _load(self) -> sqlite3.Connection:
        """Whole-file mode: the database in memory, read from the file if there is one (again
        when the file changed since this kernel last read or wrote it)."""
        stamp = self._file_stamp()
        if self._memory is not None and stamp == self._stamp:
            return self._memory
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        if stamp is not None and stamp[0] > 0:
            data = bytearray(self.path.read_bytes())
            if data[:16] == b"SQLite format 3\x00" and data[18:20] == b"\x02\x02":
                data[18:20] = b"\x01\x01"  # a file last written in WAL mode, read as a rollback-journal one
            db.deserialize(bytes(data))  # type: ignore[attr-defined,unused-ignore]  # Python 3.11+
        self._forget()
        self._memory, self._stamp = db, stamp
        return db

    def _forget(self) -> None:
        """Whole-file mode: drop the database held in memory (it is read again at the next use)."""
        if self._memory is not None:
            self._memory.close()
        self._memory = self._stamp = None

    def _save(self, db: sqlite3.Connection) -> None:
        """Whole-file mode: write the database to the file in one write."""
        self.path.write_bytes(db.serialize())  # type: ignore[attr-defined,unused-ignore]  # Python 3.11+
        self._stamp = self._file_stamp()

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection to the progress database for one read or change."""
        if self.whole_file:
            with self._lock:
                yield self._load()
        else:
            with contextlib.closing(self._connect()) as db:
                yield db

    def _open(self, again: bool = False) -> None:
        """Check the file (or make it); one that cannot be read is moved aside, once: a new file
        that cannot be read either means the file system cannot keep it (a ProgressError)."""
        try:
            with self._db() as db:
                if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    raise sqlite3.DatabaseError("its contents are damaged")
                if not self.whole_file:
                    mode = "DELETE" if sys.platform == "emscripten" else "WAL"  # the browser's file system has no shared memory
                    db.execute(f"PRAGMA journal_mode = {mode}")
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables and "meta" not in tables:
                    raise sqlite3.DatabaseError("it is not a progress file")
                if "meta" in tables:
                    row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                    if row is None or int(row[0]) > SCHEMA_VERSION:
                        raise sqlite3.DatabaseError("it is of another version")
                db.executescript(SCHEMA)  # every table IF NOT EXISTS: two kernels may both do it
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                db.execute("INSERT OR IGNORE INTO learner VALUES (1, ?, ?, ?, ?)",
                           (LEARNER_START.rating, LEARNER_START.rd, LEARNER_START.volatility, _now()))
                db.execute("COMMIT")
                if self.whole_file and (self._stamp is None or self._stamp[0] == 0):
                    self._save(db)
        except sqlite3.DatabaseError as err:
            if again or not self.path.exists():
                raise ProgressError(str(Message(CANNOT_OPEN, path=str(self.path), why=str(err), env=ENVIRONMENT))) from None
            self._forget()
            self._move_aside(str(err))
            self._open(again=True)
        except OSError as err:
            raise ProgressError(str(Message(CANNOT_OPEN, path=str(self.path), why=err.strerror or str(err),
                                            env=ENVIRONMENT))) from None

    def _move_aside(self, why: str) -> None:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        k = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{k}")
            k += 1
        try:
            self.path.rename(aside)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    side.rename(aside.with_name(aside.name + suffix))
        except OSError as err:
            raise ProgressError(str(Message(CANNOT_OPEN, path=str(self.path), why=err.strerror or str(err),
                                            env=ENVIRONMENT))) from None
        self.notice = str(Message(MOVED_ASIDE, path=str(self.path), why=why[:80], aside=str(aside)))
        warnings.warn(self.notice, ProgressWarning, stacklevel=3)

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One change: the write lock taken before anything is read (BEGIN IMMEDIATE)."""
        with self._lock, self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            if self.whole_file:
                self._save(db)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._db() as db:
            return db.execute(sql, args).fetchall()

    # ------------------------------------------------------------------ ratings and attempts
    def learner(self) -> PuzzleRating:
        """The learner's rating now."""
        (row,) = self._read("SELECT rating, rd, volatility FROM learner WHERE id = 1")
        return PuzzleRating(*row)

    def puzzle_rating(self, puzzle: Puzzle) -> PuzzleRating:
        """The puzzle's rating as this learner's attempts have moved it (at first its own)."""
        rows = self._read("SELECT rating, rd, volatility FROM puzzle_ratings WHERE puzzle = ?", (puzzle.id,))
        return PuzzleRating(*rows[0]) if rows else puzzle.rating

    def record_attempt(self, puzzle: Puzzle, answer: str, solved: bool, mode: str = "rated",
                       rated: bool = True) -> tuple[PuzzleRating, PuzzleRating]:
        """Keep an attempt at ``puzzle`` (``answer`` given, ``solved`` or not) and, when ``rated``,
        move the learner's and the puzzle's ratings as Glicko-2 says, both in one transaction;
        returns the learner's rating before and after."""
        with self._write() as db:
            before = PuzzleRating(*db.execute("SELECT rating, rd, volatility FROM learner WHERE id = 1").fetchone())
            row = db.execute("SELECT rating, rd, volatility FROM puzzle_ratings WHERE puzzle = ?", (puzzle.id,)).fetchone()
            opponent = PuzzleRating(*row) if row else puzzle.rating
            after, puzzle_after = update(before, opponent, solved) if rated else (before, opponent)
            db.execute("UPDATE learner SET rating = ?, rd = ?, volatility = ?, updated = ? WHERE id = 1",
                       (after.rating, after.rd, after.volatility, _now()))
            db.execute("INSERT OR REPLACE INTO puzzle_ratings VALUES (?, ?, ?, ?)",
                       (puzzle.id, puzzle_after.rating, puzzle_after.rd, puzzle_after.volatility))
            db.execute("INSERT INTO attempts (at, puzzle, source, mode, themes, answer, solved, rating_before, rating_after,"
                       " puzzle_rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (_now(), puzzle.id, puzzle.source, mode, " ".join(puzzle.themes), str(answer)[:16], int(solved),
                        before.rating, after.rating, opponent.rating))
            if solved and puzzle.source == "mistake":
                db.execute("UPDATE mistakes SET solved = ? WHERE puzzle = ? AND solved IS NULL", (_now(), puzzle.id))
        return before, after

    def attempts(self, puzzle: Puzzle | str | None = None) -> list[dict[str, Any]]:
        """Every attempt (at ``puzzle``, or at any), oldest first."""
        sql = "SELECT at, puzzle, source, mode, themes, answer, solved, rating_before, rating_after FROM attempts"
        args: tuple[Any, ...] = ()
        if puzzle is not None:
            sql += " WHERE puzzle = ?"
            args = (puzzle.id if isinstance(puzzle, Puzzle) else str(puzzle),)
        keys = ("at", "puzzle", "source", "mode", "themes", "answer", "solved", "rating_before", "rating_after")
        out = []
        for row in self._read(sql + " ORDER BY id", args):
            d = dict(zip(keys, row))
            d["solved"] = bool(d["solved"])
            d["themes"] = tuple(d["themes"].split()) if d["themes"] else ()
            out.append(d)
        return out

    def tried(self) -> set[str]:
        """The puzzles tried at least once."""
        return {r[0] for r in self._read("SELECT DISTINCT puzzle FROM attempts")}

    def solved(self) -> set[str]:
        """The puzzles solved at least once."""
        return {r[0] for r in self._read("SELECT DISTINCT puzzle FROM attempts WHERE solved = 1")}

    def rating_history(self) -> list[tuple[float, float]]:
        """``(time, rating)`` after each rated attempt, oldest first (the start first)."""
        rows = self._read("SELECT at, rating_after FROM attempts WHERE mode != 'unrated' ORDER BY id")
        return [(rows[0][0] - 1 if rows else _now(), LEARNER_START.rating), *[(float(a), float(r)) for a, r in rows]]

    def accuracy_by_theme(self) -> dict[str, tuple[int, int]]:
        """Per theme: ``(solved, tried)`` over every attempt."""
        out: dict[str, list[int]] = {}
        for themes, solved in self._read("SELECT themes, solved FROM attempts"):
            for t in str(themes).split():
                pair = out.setdefault(t, [0, 0])
                pair[0] += int(solved)
                pair[1] += 1
        return {t: (a, b) for t, (a, b) in out.items()}

    def best_streak(self) -> int:
        """The longest run of puzzles solved one after the other in the streak mode."""
        best = run = 0
        for (solved,) in self._read("SELECT solved FROM attempts WHERE mode = 'streak' ORDER BY id"):
            run = run + 1 if solved else 0
            best = max(best, run)
        return best

    # ------------------------------------------------------------------ your mistakes
    def add_mistake(self, puzzle: Puzzle) -> bool:
        """Keep ``puzzle`` (made from a mistake of the learner's own game) to offer until it is
        solved; False when it was kept already."""
        with self._write() as db:
            cur = db.execute("INSERT OR IGNORE INTO mistakes VALUES (?, ?, ?, NULL)",
                             (puzzle.id, puzzle.to_line(), _now()))
            return cur.rowcount == 1

    def mistakes(self, unsolved: bool = True) -> list[Puzzle]:
        """The puzzles of the learner's own mistakes (only those not solved yet, by default), oldest first."""
        sql = "SELECT line FROM mistakes" + (" WHERE solved IS NULL" if unsolved else "") + " ORDER BY added"
        return [Puzzle.from_line(line) for (line,) in self._read(sql)]

    # ------------------------------------------------------------------ the notebooks' lessons
    def record_lesson(self, lesson: str, step: int, answer: Any, correct: bool, first_try: bool) -> None:
        """Keep one answer to a lesson's question (``first_try``: the first answer given to it)."""
        with self._write() as db:
            db.execute("INSERT INTO lessons (at, lesson, step, answer, correct, first_try) VALUES (?, ?, ?, ?, ?, ?)",
                       (_now(), str(lesson)[:200], int(step), str(answer)[:16], int(correct), int(first_try)))

    def lessons(self) -> list[dict[str, Any]]:
        """Every lesson answer kept, oldest first."""
        keys = ("at", "lesson", "step", "answer", "correct", "first_try")
        out = []
        for row in self._read("SELECT at, lesson, step, answer, correct, first_try FROM lessons ORDER BY id"):
            d = dict(zip(keys, row))
            d["correct"], d["first_try"] = bool(d["correct"]), bool(d["first_try"])
            out.append(d)
        return out

    def lessons_done(self) -> dict[str, tuple[int, int]]:
        """Per lesson: ``(questions right first time, questions answered)``."""
        out: dict[str, dict[int, bool]] = {}
        for row in self.lessons():
            if row["first_try"]:
                out.setdefault(row["lesson"], {})[row["step"]] = row["correct"]
        return {k: (sum(v.values()), len(v)) for k, v in out.items()}

    # ------------------------------------------------------------------ yours to take away or delete
    def export(self) -> dict[str, Any]:
        """Everything kept, as JSON-safe data."""
        return {"format": "bhabho-progress", "version": SCHEMA_VERSION, "learner": self.learner().to_list(),
                "attempts": self.attempts(), "lessons": self.lessons(),
                "mistakes": [p.to_dict() for p in self.mistakes(unsolved=False)],
                "puzzle_ratings": {k: [r, d, v] for k, r, d, v in
                                   self._read("SELECT puzzle, rating, rd, volatility FROM puzzle_ratings")}}

    def export_json(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """:meth:`export` written to ``path`` as JSON; returns the path."""
        out = pathlib.Path(path)
        out.write_text(json.dumps(self.export(), indent=1, ensure_ascii=False), encoding="utf-8")
        return out

    def erase(self) -> None:
        """Delete the progress file (and its journal): everything kept is gone; a new, empty
        file starts at the next change."""
        with self._lock:
            self._forget()
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(FileNotFoundError):
                    self.path.with_name(self.path.name + suffix).unlink()
            self._open()
