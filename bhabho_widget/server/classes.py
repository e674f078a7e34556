"""Classes on the table server: a teacher hands out lessons and tables, and sees every
student's answers and finished games.

:class:`ClassRoom` is one class in plain Python, no network in it: its students (each
with the hash of their token, stand-alone, and whether they agreed to send anything), the
items handed out (a lesson's record, or the settings of shared tables and who sits where),
what the students sent (per student and question the answers given, each judged by the
lesson's own key (:meth:`~bhabho_widget.table.lesson.LessonScript.judge`), or that it was
skipped; per student each game over at a class table, the seat's record of it, the server's
own, found by the digest the student's kernel sends, with the review's grade counts worked
out in the student's kernel), and the teacher's settings: whether new students may join, and
how many the class takes. :meth:`ClassRoom.teacher_view` is the whole class for its teacher,
:meth:`ClassRoom.student_view` what one student may see (the items and their own), both in the
compact form of :mod:`bhabho_widget.table.class_state`; :meth:`ClassRoom.update` what changed.

:class:`ClassHall` is every class of a table server and their connections: it takes the
class messages of ``server_protocol.json`` (its :meth:`~ClassHall.routes`, each answered by
exactly one frame: its own reply, ``class_done`` or an ``error``), writes every change to the
store before anyone is told (a write that fails changes nothing and is told), and sends the
change, not the class: the teacher the rows that changed (a student, an answer cell, a game,
an item), each student only their own (and the items). A whole class goes out when a
connection opens it and when the teacher asks (``class_grid``). It meets the tables through
the table server's public interface (:class:`.host.TableHost`). Who may do what:

- a **teacher** opens a class with ``class_create`` and comes back with ``class_teach``: on
  a hub, a member of the server's teachers group or a hub admin (asked of the hub,
  :meth:`.hub.HubIdentity.teacher_for`), and only to their own classes; stand-alone, the
  holder of the teacher key the server printed when it started (every class of that server
  is theirs). The teacher closes and opens joining (``class_joining``), sets how many
  students the class takes (``class_size``) and removes a student with everything of theirs
  (``class_forget_student``);
- a **student** joins with the class's code (``class_join``): on a hub under their hub name,
  stand-alone under a clean name no other student of the class has (without regard to case),
  and comes back with the token their first join gave (the token names them, whatever name is
  given). A client brings at most ``joins_per_hour`` new students an hour after a burst;
- a wrong key, code or token is counted against its client and its class
  (:class:`.limits.Guesses`: slowed and logged beyond the limit, a right one never) and closes
  the connection for good (close code 4003: a kernel holding a teacher key from before a
  restart is told once and stops);
- a student sends nothing before they agree (``class_consent``), sees only their own, and
  deletes it all (``class_forget``); a teacher deletes the whole class with its tables
  (``class_delete``); at a class's table each student's seat is kept for their token (the
  table takes no plain ``join``);
- nothing of a game goes to the class before it is over: a game is taken only as a record of
  a game over at the table, and the class's tables are never shown to the teacher;
- a teacher's texts (titles, a lesson's title, prompts, hints and explanations, its players'
  names) are cleaned as names are (:func:`.tables.clean_text`), their limits in characters.

A class untouched for ``class_keep_days`` (30 by default) is deleted with everything in it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import IllegalMoveError, MessageError, RecordError
from ..i18n import N_, Message, check_language, translator
from ..puzzles.puzzle import Puzzle
from ..puzzles.themes import THEMES
from ..table.class_state import Pending, answer_status, cell
from ..table.exercises import lesson_from_json
from ..table.lesson import LessonScript
from ..table.seat_record import record_digest
from ..table.settings import shared_settings
from .config import ServerConfig
from .connection import CLOSE_CLASS_GONE, Connection
from .host import TableHost
from .hub import HubIdentity
from .limits import Guesses, RateLimiter
from .routes import TAKEN, Refused, Route
from .store import Store
from .tables import ServerTable, clean_name, clean_text, new_code, new_token, token_hash

__all__ = ["ClassHall", "ClassRoom", "Item", "Student", "answer_status"]

log = logging.getLogger("bhabho_widget.server")

MAX_STUDENTS = 300
MAX_ITEMS = 100
MAX_ANSWERS = 20
MAX_PUZZLES = 50
"""The most puzzles one set handed out holds."""
RATING_MOVE = 1000.0
"""A rating's move a student's kernel reports for one attempt is at most this much either way."""
"""Answers kept per student and question (a lesson lets a learner try again)."""
MAX_GAMES = 500
"""Games kept per student."""
MAX_CLASSES = 5000
TABLES_PER_ITEM = 100
JOIN_BURST = 40
"""New students one client may bring at once before the hourly rate applies (a class behind one address joins at once)."""
TITLE_CHARS = 80
"""The longest title of a class or an item, in characters."""
LESSON_CHARS = 60_000
"""The longest lesson record a teacher hands out, in characters."""

NO_CLASS = N_("no class has this code")
NOT_YOURS = N_("you teach no class with this code")
BAD_KEY = N_("this is not the teacher key this server printed when it started")
TEACHER_ONLY = N_("only the class's teacher does this")
STUDENT_ONLY = N_("only a student of the class does this")
NO_ITEM = N_("this class has no such item")
NOT_A_LESSON = N_("this item is not a lesson")
NOT_A_TABLE = N_("this item is not a table")
NOT_PUZZLES = N_("this item is not a set of puzzles")
BAD_PUZZLES = N_("this is not a set of puzzles to hand out: {why}")
NO_PUZZLE = N_("this set has no puzzle {step}")
PUZZLE_COUNT = N_("from 1 to {n} different puzzles")
PROOF_FAILS = N_("a puzzle whose proof does not hold")
NO_CONSENT = N_("nothing is sent to your teacher before you agree to it")
NEED_NAME = N_("a student joins a class under a name")
NAME_TAKEN = N_("another student of this class has this name: come back with your token, or choose another")
NO_TOKEN = N_("no student of this class has this token")
CLASS_FULL = N_("this class has as many students as it may")
CLASS_CLOSED = N_("this class takes no new students now: ask your teacher to open it")
TOO_MANY_JOINS = N_("too many new students from one place: try again in a minute")
TOO_MANY_ITEMS = N_("this class has as many items as it may")
TOO_MANY_CLASSES = N_("this server holds as many classes as it may")
TOO_MANY_ANSWERS = N_("this question has as many answers as a class keeps")
TOO_MANY_GAMES = N_("this class keeps as many of your games as it may")
TABLES_FULL = N_("this item has as many tables as it may; ask your teacher for another")
NOT_YOUR_TABLE = N_("you have no seat at this table of the class")
NO_SUCH_GAME = N_("this table has no game over with that record of your seat")
NO_GAME = N_("this class has no such game")
NO_STUDENT = N_("this class has no student of this name")
BAD_LESSON = N_("this is not a lesson to hand out: {why}")
LESSON_TOO_LONG = N_("a lesson has at most {n} characters; this one has {size}")
BAD_TABLE = N_("these tables cannot be made: {why}")
CLASS_GONE = N_("this class was deleted")
STUDENT_GONE = N_("your teacher removed you from this class, with everything it held of you")
STORE_FAILED = N_("the server could not store that; nothing was done, please try again later")


def clean_lesson(text: str) -> str:
    """The record of a lesson a teacher hands out, its texts cleaned as names are (a lesson's
    title, prompts, hints and explanations, and its players' names), or a refusal (a
    MessageError with one sentence). The record has at most :data:`LESSON_CHARS` characters."""
    if len(text) > LESSON_CHARS:
        raise MessageError(Message(LESSON_TOO_LONG, n=LESSON_CHARS, size=len(text)))
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        record = None
    try:
        if isinstance(record, dict):
            if isinstance(record.get("title"), str):
                record["title"] = clean_text(record["title"], LESSON_CHARS)
            exercises = record.get("exercises")
            for exercise in exercises if isinstance(exercises, list) else []:
                for key in ("prompt", "explain", "hint"):
                    if isinstance(exercise, dict) and isinstance(exercise.get(key), str):
                        exercise[key] = clean_text(exercise[key], LESSON_CHARS, lines=True)
            if isinstance(record.get("names"), list):
                record["names"] = [clean_name(n, reserved=False) if isinstance(n, str) else n for n in record["names"]]
            text = json.dumps(record, ensure_ascii=False)
        lesson_from_json(text)
    except (RecordError, ValueError, TypeError) as err:
        raise MessageError(Message(BAD_LESSON, why=str(err)[:160])) from None
    return text


def clean_title(text: str) -> str:
    """A title the teacher gave, cleaned (:func:`.tables.clean_text`); a MessageError when it cannot be."""
    try:
        return clean_text(text, TITLE_CHARS)
    except IllegalMoveError as err:
        raise MessageError(err.args[0]) from None


@dataclass
class Student:
    """One student of a class: ``token_hash`` (stand-alone: the SHA-256 of their token; on a
    hub empty, the hub vouches for them), when they joined, and ``consent``: None until they
    decide, then whether their answers and games go to the teacher."""

    name: str
    token_hash: str = ""
    joined: float = field(default_factory=time.time)
    consent: bool | None = None

    def record(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "joined": self.joined, "consent": self.consent}

    @classmethod
    def of(cls, record: dict[str, Any]) -> Student:
        consent = record["consent"]
        if not isinstance(record["name"], str) or consent not in (None, True, False):
            raise ValueError("a student's record is not one")
        return cls(record["name"], str(record["token_hash"]), float(record["joined"]), consent)


@dataclass
class Item:
    """Something handed out: a lesson (its record), shared tables (their settings, and who of
    the class sits at which seat of which table: ``tables[code][seat] = name``) or a set of
    puzzles (``settings["puzzles"]``: one line of each, :mod:`bhabho_widget.puzzles`; the themes
    and ratings the teacher asked for)."""

    id: str
    kind: str
    title: str
    created: float = field(default_factory=time.time)
    lesson: str | None = None
    settings: dict[str, Any] | None = None
    tables: dict[str, dict[str, str]] = field(default_factory=dict)
    _script: LessonScript | None = field(default=None, repr=False)

    @property
    def script(self) -> LessonScript:
        """The lesson, built from its record once."""
        if self._script is None:
            assert self.lesson is not None
            self._script = lesson_from_json(self.lesson)
        return self._script

    def puzzles(self) -> list[Puzzle]:
        """A set's puzzles, read from their lines."""
        assert self.settings is not None
        return [Puzzle.from_line(line) for line in self.settings["puzzles"]]

    def questions(self) -> list[dict[str, Any]]:
        if self.kind == "puzzles":
            assert self.settings is not None
            return [{"step": k, "prompt": " ".join(themes)[:300], "kind": "puzzle"}  # its themes' keys
                    for k, themes in enumerate(self.settings["themes_of"])]
        if self.kind != "lesson":
            return []
        script = self.script
        return [{"step": s, "prompt": str(ex.prompt)[:300], "kind": ex.kind} for s, ex in sorted(script.exercises.items())]

    def record(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "title": self.title, "created": self.created, "lesson": self.lesson,
                "settings": self.settings, "tables": self.tables}

    @classmethod
    def of(cls, record: dict[str, Any]) -> Item:
        item = cls(str(record["id"]), record["kind"], str(record["title"]), float(record["created"]), record["lesson"],
                   record["settings"], {str(c): {str(k): str(v) for k, v in seats.items()}
                                        for c, seats in record["tables"].items()})
        if item.kind == "lesson":
            item.questions()  # a record that is no lesson is refused here
        elif item.kind == "puzzles":
            if not isinstance(item.settings, dict) or not isinstance(item.settings.get("puzzles"), list):
                raise ValueError("a set of puzzles without its puzzles")
            item.puzzles()  # lines that are not puzzles are refused here
        elif item.kind != "table" or not isinstance(item.settings, dict):
            raise ValueError("an item is a lesson, tables or puzzles")
        return item

    def seat_of(self, code: str, name: str) -> int | None:
        seats = self.tables.get(code, {})
        return next((int(s) for s, who in seats.items() if who == name), None)


class ClassRoom:
    """One class (see the module's docstring). Its state changes only through :meth:`apply`,
    with the entries the store keeps (``(who, key, record)``: ``("", "item:<id>")``,
    ``(name, "student")``, ``(name, "answer:<item>:<step>")``, ``(name, "game:<id>")``), and
    its own row (:meth:`core`: the title and the teacher's settings), so what is in memory is
    what the store holds."""

    def __init__(self, code: str, title: str, teacher: str, created: float | None = None,
                 updated: float | None = None, joining: bool = True, size: int = MAX_STUDENTS) -> None:
        self.code, self.title, self.teacher = code, title, teacher
        self.created = time.time() if created is None else created
        self.updated = self.created if updated is None else updated
        self.joining = joining
        """Whether new students may join (a student who has a place comes back all the same)."""
        self.size = size
        """How many students the class takes."""
        self.students: dict[str, Student] = {}
        self.items: dict[str, Item] = {}
        self.answers: dict[tuple[str, str, int], dict[str, Any]] = {}
        self.games: dict[tuple[str, str], dict[str, Any]] = {}

    # ------------------------------------------------------------------ storing
    def core(self) -> dict[str, Any]:
        return {"code": self.code, "title": self.title, "teacher": self.teacher, "created": self.created,
                "updated": self.updated, "joining": self.joining, "size": self.size}

    @classmethod
    def restore(cls, core: dict[str, Any], entries: Iterable[tuple[str, str, dict[str, Any]]]) -> ClassRoom:
        """The class of a stored row and its entries; an entry that cannot be read is logged
        in one line and skipped (the rest of the class loads)."""
        joining, size = core.get("joining", True), core.get("size", MAX_STUDENTS)
        if not isinstance(joining, bool) or not isinstance(size, int) or isinstance(size, bool) \
                or not 1 <= size <= MAX_STUDENTS:
            raise ValueError("the class's settings are not ones")
        room = cls(str(core["code"]), str(core["title"]), str(core["teacher"]), float(core["created"]),
                   float(core["updated"]), joining, size)
        for who, key, record in sorted(entries, key=lambda e: e[1] != "student" and not e[1].startswith("item:")):
            try:
                room.apply(who, key, record)
            except Exception as err:  # a bad row: logged and skipped
                log.error("class %s, entry %s %s could not be read, skipped: %s", room.code[:40], str(who)[:40],
                          str(key)[:40], str(err)[:160] or type(err).__name__)
        return room

    def apply(self, who: str, key: str, record: dict[str, Any] | None) -> None:
        """Take an entry as the store holds it (None: deleted)."""
        kind, _, rest = key.partition(":")
        if kind == "student":
            if record is None:
                self.students.pop(who, None)
            else:
                student = Student.of(record)
                if student.name != who:
                    raise ValueError("a student's record is of another student")
                self.students[who] = student
        elif kind == "item":
            if record is None:
                self.items.pop(rest, None)
            else:
                item = Item.of(record)
                if item.id != rest:
                    raise ValueError("an item's record is of another item")
                old = self.items.get(rest)
                if old is not None and old.lesson == item.lesson:
                    item._script = old._script
                self.items[rest] = item
        elif kind == "answer":
            item_id, _, step = rest.rpartition(":")
            if record is None:
                self.answers.pop((who, item_id, int(step)), None)
            else:
                if not isinstance(record.get("answers"), list) or not isinstance(record.get("correct"), list) \
                        or len(record["answers"]) != len(record["correct"]) or who not in self.students:
                    raise ValueError("an answer's record is not one")
                self.answers[(who, item_id, int(step))] = record
        elif kind == "game":
            if record is None:
                self.games.pop((who, rest), None)
            else:
                if not isinstance(record.get("record"), dict) or not isinstance(record.get("counts"), dict) \
                        or who not in self.students:
                    raise ValueError("a game's record is not one")
                self.games[(who, rest)] = record
        else:
            raise ValueError(f"an entry of an unknown kind {kind[:20]!r}")

    def entries_of(self, name: str) -> list[str]:
        """The keys of every entry of student ``name`` but their place in the class."""
        return [f"answer:{i}:{s}" for (who, i, s) in self.answers if who == name] + \
            [f"game:{g}" for (who, g) in self.games if who == name]

    # ------------------------------------------------------------------ looking things up
    def item(self, item_id: str, kind: str | None = None) -> Item:
        item = self.items.get(item_id)
        if item is None:
            raise MessageError(Message(NO_ITEM))
        if kind is not None and item.kind != kind:
            refusal = {"lesson": NOT_A_LESSON, "puzzles": NOT_PUZZLES}.get(kind, NOT_A_TABLE)
            raise MessageError(Message(refusal))
        return item

    def new_item_id(self) -> str:
        while True:
            item_id = secrets.token_urlsafe(4)
            if item_id not in self.items:
                return item_id

    def student_by_token(self, token: str) -> Student | None:
        """The student whose token ``token`` is (stand-alone), compared in constant time, or None."""
        digest = token_hash(token)
        found = None
        for student in self.students.values():
            if student.token_hash and hmac.compare_digest(student.token_hash, digest):
                found = student
        return found

    # ------------------------------------------------------------------ views (class_state's compact form)
    @staticmethod
    def _student_row(student: Student) -> list[Any]:
        return [student.name, student.joined, student.consent]

    @staticmethod
    def _game_view(entry: dict[str, Any]) -> dict[str, Any]:
        return {k: entry[k] for k in ("id", "student", "item", "table", "round", "seat", "names", "finished", "counts",
                                       "rollouts", "samples")}

    def _item_view(self, item: Item, teacher: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"id": item.id, "kind": item.kind, "title": item.title, "created": item.created,
                               "questions": item.questions(),
                               "names": list(item.script.names()) if item.kind == "lesson" else []}
        if item.kind == "puzzles":  # the set's own choices (the puzzles themselves go to a student who opens it)
            assert item.settings is not None
            out["puzzles"] = {k: item.settings[k] for k in ("count", "themes", "min_rating", "max_rating")}
        if teacher:
            out["settings"] = item.settings if item.kind != "puzzles" else None
            out["tables"] = [{"code": code, "seats": {s: who for s, who in sorted(seats.items())}}
                             for code, seats in item.tables.items()]
        return out

    def _core_view(self, teacher: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title}
        if teacher:
            out.update(joining=self.joining, size=self.size)
        return out

    def teacher_view(self) -> dict[str, Any]:
        """The whole class, for its teacher: the students, the items, every answer and game
        the students agreed to send (each game without its record, asked for one by one)."""
        return {
            "code": self.code, "teacher": self.teacher, "created": self.created, **self._core_view(True),
            "students": [self._student_row(s) for s in self.students.values()],
            "items": [self._item_view(item, True) for item in self.items.values()],
            "cells": [cell(i, step, who, e) for (who, i, step), e in sorted(self.answers.items())],
            "games": sorted((self._game_view(e) for e in self.games.values()), key=lambda g: (g["finished"], g["id"])),
        }

    def student_view(self, name: str) -> dict[str, Any]:
        """What student ``name`` may see: the class, the items handed out, and their own
        answers and games (never another student's)."""
        student = self.students.get(name)
        return {
            "code": self.code, "teacher": self.teacher, **self._core_view(False), "name": name,
            "consent": None if student is None else student.consent,
            "items": [self._item_view(item, False) for item in self.items.values()],
            "cells": [cell(i, step, who, e) for (who, i, step), e in sorted(self.answers.items()) if who == name],
            "games": sorted((self._game_view(e) for (who, _), e in self.games.items() if who == name),
                            key=lambda g: (g["finished"], g["id"])),
        }

    def update(self, changed: Iterable[tuple[str, str]], teacher: bool, name: str = "") -> dict[str, Any] | None:
        """The ``changes`` of the entries ``changed`` (``(who, key)``; ``("", "core")``: the
        class's own row), as the teacher sees them or (``teacher=False``) as student ``name``
        does (the class, the items and their own only); None when nothing of it is theirs."""
        out: dict[str, list[Any]] = {}
        core: dict[str, Any] | None = None
        for who, key in changed:
            if not teacher and who not in ("", name):
                continue
            kind, _, rest = key.partition(":")
            if key == "core":
                core = self._core_view(teacher)
            elif kind == "item":
                item = self.items.get(rest)
                if item is not None:
                    out.setdefault("items", []).append(self._item_view(item, teacher))
            elif kind == "student":
                student = self.students.get(who)
                if student is not None:
                    out.setdefault("students", []).append(self._student_row(student))
                elif teacher:
                    out.setdefault("gone", []).append(who)
            elif kind == "answer":
                item_id, _, step = rest.rpartition(":")
                entry = self.answers.get((who, item_id, int(step)))
                out.setdefault("cells", []).append(cell(item_id, int(step), who, entry))
            elif kind == "game":
                game = self.games.get((who, rest))
                if game is None:
                    out.setdefault("games_gone", []).append(rest)
                else:
                    out.setdefault("games", []).append(self._game_view(game))
        if not out and core is None:
            return None
        return {**({"class": core} if core is not None else {}), **out}


class ClassHall:
    """Every class of a table server and the connections to them (see the module's docstring)."""

    def __init__(self, host: TableHost, store: Store, config: ServerConfig, hub: HubIdentity | None = None,
                 teacher_key: str | None = None, guesses: Guesses | None = None) -> None:
        self.host = host
        self.store = store
        self.config = config
        self.hub = hub
        self.key_hash = hashlib.sha256(teacher_key.encode("utf-8")).hexdigest() if teacher_key else ""
        self.guesses = guesses or Guesses(config.guesses_per_hour)
        self.joins = RateLimiter(config.joins_per_hour / 3600, JOIN_BURST)
        self.classes: dict[str, ClassRoom] = {}
        self.conns: dict[str, set[Connection]] = {}
        self._by_person: dict[tuple[str, str], set[Connection]] = {}
        """(class, "" for its teachers or a student's name) -> their connections."""
        self._dirty: dict[str, dict[tuple[str, str], None]] = {}  # class -> the entries changed, in order
        self._flush_pending = False
        self._version = 0

    def routes(self) -> dict[str, Route]:
        """The class messages' handlers and who may send each (see :mod:`.routes`)."""
        new, teacher, student = frozenset({"new"}), frozenset({"teacher"}), frozenset({"student"})
        return {
            "class_create": Route(self._on_create, new), "class_teach": Route(self._on_teach, new),
            "class_join": Route(self._on_join, new),
            "class_hand_out": Route(self._on_hand_out, teacher), "class_hand_out_table": Route(self._on_hand_out_table, teacher),
            "class_grid": Route(self._on_grid, teacher), "class_record": Route(self._on_record, teacher),
            "class_forget_student": Route(self._on_forget_student, teacher), "class_delete": Route(self._on_delete, teacher),
            "class_joining": Route(self._on_joining, teacher), "class_size": Route(self._on_size, teacher),
            "class_consent": Route(self._on_consent, student), "class_lesson": Route(self._on_lesson, student),
            "class_answer": Route(self._on_answer, student), "class_skip": Route(self._on_skip, student),
            "class_sit": Route(self._on_sit, student), "class_game": Route(self._on_game, student),
            "class_hand_out_puzzles": Route(self._on_hand_out_puzzles, teacher),
            "class_puzzles": Route(self._on_puzzles, student), "class_puzzle": Route(self._on_puzzle, student),
            "class_mine": Route(self._on_mine, student), "class_forget": Route(self._on_forget, student),
        }

    # ------------------------------------------------------------------ life
    def load(self) -> None:
        """The stored classes (after the old ones are deleted); bad rows are logged and skipped."""
        pruned = self.store.prune_classes(self.config.class_keep_days)
        for code, core, entries in self.store.load_classes():
            try:
                self.classes[code] = ClassRoom.restore(core, entries)
            except Exception as err:
                log.error("class %s could not be restored, skipped: %s", str(code)[:40], str(err)[:200])
        log.info("%d classes resumed, %d old ones deleted", len(self.classes), len(pruned))

    def prune(self, now: float | None = None) -> None:
        """Delete the classes untouched for ``class_keep_days`` (and close their connections)."""
        now = time.time() if now is None else now
        for code, room in list(self.classes.items()):
            if now - room.updated > self.config.class_keep_days * 86400 and not self.conns.get(code):
                self._delete(code)
        self.joins.prune()

    def close_all(self) -> None:
        for conns in self.conns.values():
            for conn in conns:
                conn.close()

    def detach(self, conn: Connection) -> None:
        if conn.klass is not None:
            self._leave(conn)

    def _join(self, conn: Connection) -> None:
        code = conn.klass or ""
        self.conns.setdefault(code, set()).add(conn)
        self._by_person.setdefault((code, "" if conn.role == "teacher" else conn.person), set()).add(conn)

    def _leave(self, conn: Connection) -> None:
        code = conn.klass or ""
        self.conns.get(code, set()).discard(conn)
        key = (code, "" if conn.role == "teacher" else conn.person)
        people = self._by_person.get(key)
        if people is not None:
            people.discard(conn)
            if not people:
                del self._by_person[key]
        conn.klass = None

    # ------------------------------------------------------------------ telling
    def _next_version(self) -> int:
        self._version = max(self._version + 1, time.time_ns() // 1000)
        return self._version

    def _state_frame(self, room: ClassRoom, conn: Connection) -> dict[str, Any]:
        if conn.role == "teacher":
            return {"type": "class_state", "version": self._next_version(), "class": room.teacher_view()}
        return {"type": "class_mine", "version": self._next_version(), "mine": room.student_view(conn.person)}

    def _mark(self, room: ClassRoom, who: str, key: str) -> None:
        """The entry ``(who, key)`` of ``room`` changed: its connections are told (at the
        reply to the message that changed it, or once the messages waiting now are handled)."""
        self._dirty.setdefault(room.code, {})[(who, key)] = None
        if not self._flush_pending:
            self._flush_pending = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self, only: str | None = None) -> None:
        """Tell every connection of the classes changed (of ``only``) what changed: the teacher
        each row, each student their own and the class's."""
        if only is None:
            self._flush_pending = False
            dirty, self._dirty = self._dirty, {}
        else:
            changed = self._dirty.pop(only, None)
            dirty = {only: changed} if changed else {}
        for code, entries in dirty.items():
            room = self.classes.get(code)
            if room is None:
                continue
            keys = list(entries)
            if any(not who for who, _ in keys):  # the class's own row or an item: every student
                conns = list(self.conns.get(code, ()))
            else:  # the teachers, and the students whose entries changed
                conns = [c for who in {"", *(who for who, _ in keys)} for c in self._by_person.get((code, who), ())]
            version = self._next_version()
            teacher_changes: dict[str, Any] | None = None
            for conn in conns:
                if conn.role == "teacher":
                    teacher_changes = teacher_changes or room.update(keys, teacher=True)
                    changes = teacher_changes
                else:
                    changes = room.update(keys, teacher=False, name=conn.person)
                if changes is not None:
                    kind = "class_state" if conn.role == "teacher" else "class_mine"
                    conn.push_update({"type": kind, "version": version, "changes": changes}, Pending)

    def _reply(self, conn: Connection, frame: dict[str, Any], whole: bool = False) -> None:
        """Answer a message: what changed of its class goes first (``whole``: the whole class
        as this connection sees it), so the answer finds its changes told."""
        if conn.klass is not None:
            self._flush(conn.klass)
            room = self.classes.get(conn.klass)
            if whole and room is not None:
                conn.drop_pending()
                conn.push(self._state_frame(room, conn))
            else:
                conn.settle()
        conn.push(frame)

    @staticmethod
    def _done(what: str, id_: str | None = None) -> dict[str, Any]:
        return {"type": "class_done", "what": what, "id": id_}

    # ------------------------------------------------------------------ storing
    def _write(self, fn: Any, *args: Any) -> None:
        """One write to the store; a failure changes nothing and is told."""
        try:
            fn(*args)
        except (sqlite3.Error, OSError) as err:
            log.error("a class: the store could not write (%s); nothing was changed", str(err)[:120])
            raise MessageError(Message(STORE_FAILED)) from None

    def _put(self, room: ClassRoom, who: str, key: str, record: dict[str, Any]) -> None:
        """Write an entry, then take it in memory, then mark it to be told."""
        now = time.time()
        self._write(self.store.save_entry, room.code, who, key, record, now)
        room.apply(who, key, record)
        room.updated = now
        self._mark(room, who, key)

    def _settle(self, room: ClassRoom, **settings: Any) -> None:
        """Change the class's own row (its settings); a write that fails changes nothing."""
        old = {name: getattr(room, name) for name in (*settings, "updated")}
        for name, value in {**settings, "updated": time.time()}.items():
            setattr(room, name, value)
        try:
            self._write(self.store.save_class, room.core())
        except MessageError:
            for name, value in old.items():
                setattr(room, name, value)
            raise
        self._mark(room, "", "core")

    # ------------------------------------------------------------------ who
    def _room(self, conn: Connection) -> ClassRoom:
        room = self.classes.get(conn.klass or "")
        if room is None:  # deleted meanwhile
            raise MessageError(Message(CLASS_GONE))
        return room

    @staticmethod
    def _language(conn: Connection, m: dict[str, Any]) -> None:
        try:
            conn.language = check_language(m["language"])
        except ValueError:
            pass

    async def _teacher(self, conn: Connection, m: dict[str, Any]) -> str:
        """The teacher's name ("" stand-alone: the key's holder), or a refusal."""
        if self.hub is not None:
            name = (await self.hub.teacher_for(m["hub_token"], self.config.teachers_group))[:40]
            conn.client = f"hub:{name}"
            return name
        if not self.key_hash or not hmac.compare_digest(self.key_hash,
                                                        hashlib.sha256(m["key"].encode("utf-8")).hexdigest()):
            raise Refused(await self.guesses.refusal(conn.client, "the teacher key", Message(BAD_KEY)))
        return ""

    def set_language(self, conn: Connection, m: dict[str, Any]) -> None:
        """``set_language`` on a class's connection: its refusals and texts in that language."""
        self._room(conn)
        conn.language = check_language(m["language"])
        self._reply(conn, self._done(m["type"]))

    # ------------------------------------------------------------------ opening a class
    async def _on_create(self, conn: Connection, m: dict[str, Any]) -> None:
        self._language(conn, m)
        title = clean_title(m["title"])
        teacher = await self._teacher(conn, m)
        if conn.seated != "new" or conn.closed:
            raise MessageError(Message(TAKEN))
        if len(self.classes) >= MAX_CLASSES:
            raise MessageError(Message(TOO_MANY_CLASSES))
        code = new_code()
        while code in self.classes:
            code = new_code()
        room = ClassRoom(code, title, teacher)
        self._write(self.store.save_class, room.core())
        self.classes[code] = room
        self._attach(conn, room, "teacher", teacher)

    async def _on_teach(self, conn: Connection, m: dict[str, Any]) -> None:
        self._language(conn, m)
        teacher = await self._teacher(conn, m)
        room = self.classes.get(m["code"])
        if room is None or (self.hub is not None and room.teacher != teacher):
            target = "class codes" if room is None else f"class:{room.code}"
            # the same words either way: nothing is told of another's class
            raise Refused(await self.guesses.refusal(conn.client, target, Message(NOT_YOURS)))
        if conn.seated != "new" or conn.closed:
            raise MessageError(Message(TAKEN))
        self._attach(conn, room, "teacher", teacher)

    async def _on_join(self, conn: Connection, m: dict[str, Any]) -> None:
        self._language(conn, m)
        hub = self.hub
        name = ""
        if hub is not None:
            name = (await hub.user_for(m["hub_token"]))[:40]
            conn.client = f"hub:{name}"
        room = self.classes.get(m["code"])
        if room is None:
            raise Refused(await self.guesses.refusal(conn.client, "class codes", Message(NO_CLASS)))
        student: Student | None
        if hub is not None:
            student = room.students.get(name)
        elif m["token"]:  # a student come back: the token says who
            student = room.student_by_token(m["token"])
            if student is None:
                raise Refused(await self.guesses.refusal(conn.client, f"class:{room.code}", Message(NO_TOKEN)))
            name = student.name
        else:
            try:
                name = clean_name(m["name"])
            except IllegalMoveError as err:
                raise MessageError(err.args[0]) from None
            if not name:
                raise MessageError(Message(NEED_NAME))
            if any(s.casefold() == name.casefold() for s in room.students):
                raise MessageError(Message(NAME_TAKEN))
            student = None
        if conn.seated != "new" or conn.closed:
            raise MessageError(Message(TAKEN))
        token: str | None = None
        if student is None:
            if not room.joining:
                raise MessageError(Message(CLASS_CLOSED))
            if len(room.students) >= room.size:
                raise MessageError(Message(CLASS_FULL))
            if not self.joins.take(conn.client):
                raise MessageError(Message(TOO_MANY_JOINS))
            token = new_token() if hub is None else None
            self._put(room, name, "student", Student(name, token_hash(token) if token else "").record())
        self._attach(conn, room, "student", name, token)

    def _attach(self, conn: Connection, room: ClassRoom, role: str, person: str, token: str | None = None) -> None:
        self._flush(room.code)  # what changed before (a new student's place) goes to the others
        conn.klass, conn.role, conn.person = room.code, role, person
        self._join(conn)
        conn.push({"type": "class_welcome", "code": room.code, "role": role, "name": person, "token": token})
        conn.push(self._state_frame(room, conn))

    # ------------------------------------------------------------------ the teacher's
    def _on_hand_out(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        if len(room.items) >= MAX_ITEMS:
            raise MessageError(Message(TOO_MANY_ITEMS))
        record = clean_lesson(m["lesson"])
        script = lesson_from_json(record)
        title = clean_title(m["title"]) or " ".join(script.title.split())[:TITLE_CHARS] or f"Lesson {len(room.items) + 1}"
        item = Item(room.new_item_id(), "lesson", title, lesson=record, _script=script)
        self._put(room, "", f"item:{item.id}", item.record())
        self._reply(conn, self._done(m["type"], item.id))

    def _on_hand_out_table(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        if len(room.items) >= MAX_ITEMS:
            raise MessageError(Message(TOO_MANY_ITEMS))
        try:
            settings = shared_settings(m["players"], m["variant"], m["rounds"], m["bots"])
        except ValueError as err:
            raise MessageError(Message(BAD_TABLE, why=str(err)[:160])) from None
        title = clean_title(m["title"]) or f"Table {len(room.items) + 1}"
        item = Item(room.new_item_id(), "table", title, settings=dict(settings))
        self._put(room, "", f"item:{item.id}", item.record())
        self._reply(conn, self._done(m["type"], item.id))

    def _on_hand_out_puzzles(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        if len(room.items) >= MAX_ITEMS:
            raise MessageError(Message(TOO_MANY_ITEMS))
        lines = m["puzzles"]
        try:
            puzzles = [Puzzle.from_line(line) for line in lines]
        except (RecordError, ValueError) as err:
            raise MessageError(Message(BAD_PUZZLES, why=str(err)[:160])) from None
        if not 1 <= len(puzzles) <= MAX_PUZZLES or len({p.id for p in puzzles}) != len(puzzles):
            raise MessageError(Message(BAD_PUZZLES, why=Message(PUZZLE_COUNT, n=MAX_PUZZLES)))
        if not all(p.proof.holds() for p in puzzles):
            raise MessageError(Message(BAD_PUZZLES, why=Message(PROOF_FAILS)))
        themes = [t for t in m["themes"] if t in THEMES]
        settings = {"puzzles": [p.to_line() for p in puzzles], "themes_of": [list(p.themes) for p in puzzles],
                    "count": len(puzzles), "themes": themes, "min_rating": m["min_rating"], "max_rating": m["max_rating"]}
        title = clean_title(m["title"]) or f"Puzzles {len(room.items) + 1}"
        item = Item(room.new_item_id(), "puzzles", title, settings=settings)
        self._put(room, "", f"item:{item.id}", item.record())
        self._reply(conn, self._done(m["type"], item.id))

    def _on_grid(self, conn: Connection, m: dict[str, Any]) -> None:
        self._room(conn)
        self._reply(conn, self._done(m["type"]), whole=True)

    def _on_record(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        entry = next((e for (_, gid), e in room.games.items() if gid == m["game"]), None)
        if entry is None:
            raise MessageError(Message(NO_GAME))
        self._reply(conn, {"type": "class_record", "game": entry["id"], "student": entry["student"], "seat": entry["seat"],
                           "names": entry["names"], "rollouts": entry["rollouts"], "samples": entry["samples"],
                           "record": entry["record"]})

    def _on_forget_student(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        name = m["student"]
        if name not in room.students:
            raise MessageError(Message(NO_STUDENT))
        self._forget(room, name, everything=True)
        for other in list(self._by_person.get((room.code, name), ())):
            self._close(other, Message(STUDENT_GONE))
        self._reply(conn, self._done(m["type"]))

    def _on_joining(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        if room.joining is not m["open"]:
            self._settle(room, joining=m["open"])
        self._reply(conn, self._done(m["type"]))

    def _on_size(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        if room.size != m["size"]:
            self._settle(room, size=m["size"])
        self._reply(conn, self._done(m["type"]))

    def _on_delete(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        self._write(self.store.delete_class, room.code)
        self._reply(conn, self._done(m["type"]))
        self._delete(room.code, stored=False)

    def _forget(self, room: ClassRoom, name: str, everything: bool = False) -> None:
        """Delete what student ``name`` sent (``everything``: their place in the class too)."""
        keys = room.entries_of(name)
        if everything:
            self._write(self.store.delete_entries, room.code, name)
            room.students.pop(name, None)
        else:
            student = room.students[name]
            now = time.time()
            self._write(self.store.delete_entries, room.code, name, keys)
            self._write(self.store.save_entry, room.code, name, "student", {**student.record(), "consent": None}, now)
            student.consent = None
            room.updated = now
        for key in keys:
            room.apply(name, key, None)
            self._mark(room, name, key)
        self._mark(room, name, "student")

    def _delete(self, code: str, stored: bool = True) -> None:
        """Delete a class: its rows, its tables, and its connections told and closed."""
        room = self.classes.pop(code, None)
        if stored:
            try:
                self.store.delete_class(code)
            except (sqlite3.Error, OSError) as err:
                log.error("class %s could not be deleted from the store: %s", code[:40], str(err)[:120])
        self._dirty.pop(code, None)
        for conn in list(self.conns.get(code, ())):
            self._close(conn, Message(CLASS_GONE))
        self.conns.pop(code, None)
        if room is not None:
            for item in room.items.values():
                for table in item.tables:
                    if self.host.table(table) is not None:
                        self.host.drop(table, Message(CLASS_GONE))

    def _close(self, conn: Connection, why: Message) -> None:
        self._leave(conn)
        conn.finish({"type": "error", "error": why.localize(translator(conn.language))[:300], "seq": None},
                    CLOSE_CLASS_GONE, "the class was deleted")

    # ------------------------------------------------------------------ the student's
    def _student(self, room: ClassRoom, conn: Connection, consent: bool = True) -> Student:
        student = room.students.get(conn.person)
        if student is None:
            raise MessageError(Message(STUDENT_GONE))
        if consent and student.consent is not True:
            raise MessageError(Message(NO_CONSENT))
        return student

    def _on_consent(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn, consent=False)
        if student.consent is not m["consent"]:
            self._put(room, student.name, "student", {**student.record(), "consent": m["consent"]})
        self._reply(conn, self._done(m["type"]))

    def _on_lesson(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        self._student(room, conn, consent=False)
        item = room.item(m["item"], "lesson")
        self._reply(conn, {"type": "class_lesson", "item": item.id, "title": item.title, "lesson": item.lesson})

    def _answer_entry(self, room: ClassRoom, name: str, item: Item, step: int) -> dict[str, Any]:
        if step not in item.script.exercises:
            raise MessageError(Message("there is no question at this step"))
        old = room.answers.get((name, item.id, step))
        return {"answers": [], "correct": [], "skipped": False, "at": time.time()} if old is None else dict(old)

    def _on_answer(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn)
        item = room.item(m["item"], "lesson")
        entry = self._answer_entry(room, student.name, item, m["step"])
        if len(entry["answers"]) >= MAX_ANSWERS:
            raise MessageError(Message(TOO_MANY_ANSWERS))
        choice, right = item.script.judge(m["step"], m["choice"])
        entry = {**entry, "answers": [*entry["answers"], choice], "correct": [*entry["correct"], right], "at": time.time()}
        self._put(room, student.name, f"answer:{item.id}:{m['step']}", entry)
        self._reply(conn, self._done(m["type"]))

    def _on_skip(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn)
        item = room.item(m["item"], "lesson")
        entry = self._answer_entry(room, student.name, item, m["step"])
        if not entry["skipped"] and not entry["answers"]:
            self._put(room, student.name, f"answer:{item.id}:{m['step']}", {**entry, "skipped": True, "at": time.time()})
        self._reply(conn, self._done(m["type"]))

    def _on_puzzles(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        self._student(room, conn, consent=False)
        item = room.item(m["item"], "puzzles")
        assert item.settings is not None
        self._reply(conn, {"type": "class_puzzles", "item": item.id, "title": item.title,
                           "puzzles": list(item.settings["puzzles"])})

    def _on_puzzle(self, conn: Connection, m: dict[str, Any]) -> None:
        """One attempt at a puzzle of a set, judged here by the puzzle's own proved line: the
        seat's answers along it, right only when every one is the proved one."""
        room = self._room(conn)
        student = self._student(room, conn)
        item = room.item(m["item"], "puzzles")
        puzzles = item.puzzles()
        step = m["step"]
        if not 0 <= step < len(puzzles):
            raise MessageError(Message(NO_PUZZLE, step=step + 1))
        right = list(puzzles[step].answers)
        given = [str(a)[:8] for a in m["answers"]][:len(right)]
        solved = given == right
        old = room.answers.get((student.name, item.id, step)) or {}
        answers, correct, moves = list(old.get("answers", [])), list(old.get("correct", [])), list(old.get("rating", []))
        if len(answers) >= MAX_ANSWERS:
            raise MessageError(Message(TOO_MANY_ANSWERS))
        move = max(-RATING_MOVE, min(RATING_MOVE, float(m["rating"])))
        entry = {"answers": [*answers, given[0] if given else ""], "correct": [*correct, solved], "skipped": False,
                 "rating": [*moves, round(move, 1)], "at": time.time()}
        self._put(room, student.name, f"answer:{item.id}:{step}", entry)
        self._reply(conn, self._done(m["type"]))

    def _on_sit(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn, consent=False)
        item = room.item(m["item"], "table")
        host = self.host
        live = {code: seats for code, seats in item.tables.items() if host.table(code) is not None}
        code = next((c for c, seats in live.items() if student.name in seats.values()), None)
        seat: int | None = None
        made = False
        if code is not None:  # their own seat, come back to (with a new token)
            seat = item.seat_of(code, student.name)
            table = host.table(code)
            if table is None or seat is None or not table.seats[seat].is_person:
                seat = None  # the table lost the person (it cannot, but never seat twice)
        else:
            code = next((c for c in live if (t := host.table(c)) is not None and not t.started
                         and any(not s.is_person for s in t.seats)), None)
        if code is None:
            if len(item.tables) >= TABLES_PER_ITEM:
                raise MessageError(Message(TABLES_FULL))
            s = item.settings or {}
            made_table = ServerTable.create(players=s["players"], rules=s["variant"], rounds=s["rounds"], bots=s["bots"],
                                            klass=room.code)
            host.open(made_table)
            code, made = made_table.code, True
        table = host.table(code)
        assert table is not None
        try:
            seat, token = table.seat_person(student.name, conn.language, seat=seat, reserved=False)
        except ValueError:
            if made:
                host.drop(code, None)
            raise
        table.disconnect(seat)  # a bot stands in after the grace time unless they sit down
        if not host.commit(code):  # stored (a new table not stored is let go), told, and the bots go on
            raise MessageError(Message(STORE_FAILED))
        seats = {**item.tables.get(code, {}), str(seat): student.name}
        record = {**item.record(), "tables": {**live, code: seats}}
        try:
            self._put(room, "", f"item:{item.id}", record)
        except MessageError:
            if made:
                host.drop(code, None)
            raise
        self._reply(conn, {"type": "class_seat", "item": item.id, "code": code, "seat": seat, "token": token})

    def _on_game(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn)
        item = room.item(m["item"], "table")
        seat = item.seat_of(m["code"], student.name)
        table = self.host.table(m["code"])
        if seat is None or table is None:
            raise MessageError(Message(NOT_YOUR_TABLE))
        found = next(((r, rec) for r, rec in table.records_over(seat) if record_digest(rec) == m["digest"]), None)
        if found is None:
            raise MessageError(Message(NO_SUCH_GAME))
        game_id = m["digest"][:16]
        if (student.name, game_id) not in room.games and sum(who == student.name for who, _ in room.games) >= MAX_GAMES:
            raise MessageError(Message(TOO_MANY_GAMES))
        old = room.games.get((student.name, game_id))
        entry = {"id": game_id, "student": student.name, "item": item.id, "table": table.code, "round": found[0],
                 "seat": seat, "names": table.names(), "finished": old["finished"] if old else time.time(),
                 "counts": dict(m["counts"]), "rollouts": m["rollouts"], "samples": m["samples"], "record": found[1]}
        self._put(room, student.name, f"game:{game_id}", entry)
        self._reply(conn, self._done(m["type"], game_id))

    def _on_mine(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        self._student(room, conn, consent=False)
        self._reply(conn, self._done(m["type"]), whole=True)

    def _on_forget(self, conn: Connection, m: dict[str, Any]) -> None:
        room = self._room(conn)
        student = self._student(room, conn, consent=False)
        self._forget(room, student.name)
        self._reply(conn, self._done(m["type"]))
