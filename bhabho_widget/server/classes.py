"""Classes on the table server: a teacher hands out lessons and tables, and sees every
student's answers and finished games.

:class:`ClassRoom` is one class in plain Python, no network in it: its students (each
with the hash of their token, stand-alone, and whether they agreed to send anything), the
items handed out (a lesson's record, or the settings of shared tables and who sits where),
and what the students sent: per student and question the answers given, each judged by the
lesson's own key (:meth:`~bhabho_widget.table.lesson.LessonScript.judge`), or that it was
skipped; per student each game over at a class table, the seat's record of it (the server's
own, found by the digest the student's kernel sends) with the review's grade counts worked
out in the student's kernel. :meth:`ClassRoom.teacher_view` is the whole class, for its
teacher; :meth:`ClassRoom.student_view` what one student may see: the items and their own.

:class:`ClassHall` is every class of a :class:`~.app.TableServer` and their connections: it
takes the ``class_*`` messages of ``server_protocol.json`` (each answered by exactly one
frame: its own reply, ``class_done`` or an ``error``), writes every change to the store
before anyone is told (a write that fails changes nothing and is told), and pushes the
newest state to the class's teacher (``class_state``) and to each student (``class_mine``)
after every change. Who may do what:

- a **teacher** opens a class with ``class_create`` and comes back with ``class_teach``: on
  a hub, a member of the server's teachers group or a hub admin (asked of the hub,
  :meth:`.hub.HubIdentity.teacher_for`), and only to their own classes; stand-alone, the
  holder of the teacher key the server printed when it started (every class of that server
  is theirs). Wrong keys and codes from one place are limited like new tables are;
- a **student** joins with the class's code (``class_join``): on a hub under their hub name,
  stand-alone under a clean name and, after the first time, that name's token;
- a student sends nothing before they agree (``class_consent``), sees only their own
  (``class_mine``), and deletes it all (``class_forget``); a teacher deletes one student's
  (``class_forget_student``) or the whole class with its tables (``class_delete``);
- nothing of a game goes to the class before it is over: a game is taken only as a record of
  a game over at the table, and the class's tables are never shown to the teacher.

A class untouched for ``class_keep_days`` (30 by default) is deleted with everything in it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.errors import IllegalMoveError, MessageError, RecordError
from ..i18n import N_, Message, check_language, translator
from ..table.exercises import lesson_from_json
from ..table.lesson import LessonScript
from ..table.seat_record import record_digest
from .tables import ServerTable, clean_name, new_code, new_token, token_hash

if TYPE_CHECKING:
    from .app import Connection, TableServer

__all__ = ["ClassHall", "ClassRoom", "Item", "Student", "answer_status"]

log = logging.getLogger("bhabho_widget.server")

MAX_STUDENTS = 300
MAX_ITEMS = 100
MAX_ANSWERS = 20
"""Answers kept per student and question (a lesson lets a learner try again)."""
MAX_GAMES = 500
"""Games kept per student."""
MAX_CLASSES = 5000
TABLES_PER_ITEM = 100
GUESS_BURST = 10
"""Wrong teacher keys, class codes or student tokens one place may send at once, before the hourly rate applies."""
CLOSE_CLASS_GONE = 4005
"""Close code: the class was deleted, or the student's place in it (final)."""

NO_CLASS = N_("no class has this code")
NOT_YOURS = N_("you teach no class with this code")
BAD_KEY = N_("this is not the teacher key this server printed when it started")
TOO_MANY_GUESSES = N_("too many wrong keys or codes from one place: try again later")
TEACHER_ONLY = N_("only the class's teacher does this")
STUDENT_ONLY = N_("only a student of the class does this")
NOT_IN_CLASS = N_("first open or join a class")
NO_ITEM = N_("this class has no such item")
NOT_A_LESSON = N_("this item is not a lesson")
NOT_A_TABLE = N_("this item is not a table")
NO_CONSENT = N_("nothing is sent to your teacher before you agree to it")
NEED_NAME = N_("a student joins a class under a name")
NAME_TAKEN = N_("another student of this class has this name: come back with your token, or choose another")
CLASS_FULL = N_("this class has as many students as it may")
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
BAD_TABLE = N_("these tables cannot be made: {why}")
CLASS_GONE = N_("this class was deleted")
STUDENT_GONE = N_("your teacher deleted what this class held of you")
STORE_FAILED = N_("the server could not store that; nothing was done, please try again later")

STATUSES = ("right_first", "right", "wrong", "skipped", "open")


def answer_status(entry: dict[str, Any] | None) -> tuple[str, int]:
    """``(status, tries)`` of one student's answers to one question, as a lesson counts them
    (:meth:`~bhabho_widget.table.lesson.LessonScript.status`): right at the first answer,
    right after more, answered but never right, skipped, or open; tries up to the first right
    answer, or all of them.

    >>> answer_status({"answers": ["KH", "2C"], "correct": [False, True], "skipped": False})
    ('right', 2)
    >>> answer_status({"answers": [], "correct": [], "skipped": True}), answer_status(None)
    (('skipped', 0), ('open', 0))
    """
    if not entry:
        return "open", 0
    correct = list(entry.get("correct", []))
    if correct:
        first = next((i for i, right in enumerate(correct) if right), None)
        tries = len(correct) if first is None else first + 1
        return ("right_first" if correct[0] else "right" if first is not None else "wrong"), tries
    return ("skipped" if entry.get("skipped") else "open"), 0


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
    """Something handed out: a lesson (its record) or shared tables (their settings, and who
    of the class sits at which seat of which table: ``tables[code][seat] = name``)."""

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

    def questions(self) -> list[dict[str, Any]]:
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
        elif item.kind != "table" or not isinstance(item.settings, dict):
            raise ValueError("an item is a lesson or tables")
        return item

    def seat_of(self, code: str, name: str) -> int | None:
        seats = self.tables.get(code, {})
        return next((int(s) for s, who in seats.items() if who == name), None)


class ClassRoom:
    """One class (see the module's docstring). Its state changes only through :meth:`apply`,
    with the entries the store keeps (``(who, key, record)``: ``("", "item:<id>")``,
    ``(name, "student")``, ``(name, "answer:<item>:<step>")``, ``(name, "game:<id>")``), so
    what is in memory is what the store holds."""

    def __init__(self, code: str, title: str, teacher: str, created: float | None = None,
                 updated: float | None = None) -> None:
        self.code, self.title, self.teacher = code, title, teacher
        self.created = time.time() if created is None else created
        self.updated = self.created if updated is None else updated
        self.students: dict[str, Student] = {}
        self.items: dict[str, Item] = {}
        self.answers: dict[tuple[str, str, int], dict[str, Any]] = {}
        self.games: dict[tuple[str, str], dict[str, Any]] = {}

    # ------------------------------------------------------------------ storing
    def core(self) -> dict[str, Any]:
        return {"code": self.code, "title": self.title, "teacher": self.teacher, "created": self.created,
                "updated": self.updated}

    @classmethod
    def restore(cls, core: dict[str, Any], entries: Iterable[tuple[str, str, dict[str, Any]]]) -> ClassRoom:
        """The class of a stored row and its entries; an entry that cannot be read is logged
        in one line and skipped (the rest of the class loads)."""
        room = cls(str(core["code"]), str(core["title"]), str(core["teacher"]), float(core["created"]),
                   float(core["updated"]))
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
            refusal = NOT_A_LESSON if kind == "lesson" else NOT_A_TABLE
            raise MessageError(Message(refusal))
        return item

    def new_item_id(self) -> str:
        while True:
            item_id = secrets.token_urlsafe(4)
            if item_id not in self.items:
                return item_id

    # ------------------------------------------------------------------ views
    def _answer_view(self, who: str, item_id: str, step: int, entry: dict[str, Any]) -> dict[str, Any]:
        status, tries = answer_status(entry)
        return {"student": who, "item": item_id, "step": step, "answers": list(entry["answers"]),
                "correct": list(entry["correct"]), "skipped": bool(entry.get("skipped")), "status": status, "tries": tries}

    @staticmethod
    def _game_view(entry: dict[str, Any]) -> dict[str, Any]:
        return {k: entry[k] for k in ("id", "student", "item", "table", "round", "seat", "names", "finished", "counts",
                                       "rollouts", "samples")}

    def _item_view(self, item: Item, teacher: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"id": item.id, "kind": item.kind, "title": item.title, "created": item.created,
                               "questions": item.questions(),
                               "names": list(item.script.names()) if item.kind == "lesson" else []}
        if teacher:
            out["settings"] = item.settings
            out["tables"] = [{"code": code, "seats": {s: who for s, who in sorted(seats.items())}}
                             for code, seats in item.tables.items()]
        return out

    def teacher_view(self) -> dict[str, Any]:
        """The whole class, for its teacher: the students, the items, every answer and game
        the students agreed to send (each game without its record, asked for one by one)."""
        return {
            "code": self.code, "title": self.title, "teacher": self.teacher, "created": self.created,
            "students": [{"name": s.name, "joined": s.joined, "consent": s.consent} for s in self.students.values()],
            "items": [self._item_view(item, True) for item in self.items.values()],
            "answers": [self._answer_view(who, i, step, e) for (who, i, step), e in sorted(self.answers.items())],
            "games": sorted((self._game_view(e) for e in self.games.values()), key=lambda g: (g["finished"], g["id"])),
        }

    def student_view(self, name: str) -> dict[str, Any]:
        """What student ``name`` may see: the class, the items handed out, and their own
        answers and games (never another student's)."""
        student = self.students.get(name)
        return {
            "code": self.code, "title": self.title, "teacher": self.teacher, "name": name,
            "consent": None if student is None else student.consent,
            "items": [self._item_view(item, False) for item in self.items.values()],
            "answers": [self._answer_view(who, i, step, e) for (who, i, step), e in sorted(self.answers.items())
                        if who == name],
            "games": sorted((self._game_view(e) for (who, _), e in self.games.items() if who == name),
                            key=lambda g: (g["finished"], g["id"])),
        }


class _Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def empty(self) -> bool:
        self._fill()
        return self.tokens < 1

    def take(self) -> None:
        self._fill()
        self.tokens = max(0.0, self.tokens - 1)


class ClassHall:
    """Every class of ``server`` and the connections to them (see the module's docstring)."""

    def __init__(self, server: TableServer, teacher_key: str | None = None, teachers_group: str = "teachers",
                 keep_days: float = 30.0, guesses_per_hour: float = 60.0) -> None:
        self.server = server
        self.key_hash = hashlib.sha256(teacher_key.encode("utf-8")).hexdigest() if teacher_key else ""
        self.teachers_group = teachers_group
        self.keep_days = keep_days
        self.guesses_per_hour = guesses_per_hour
        self.classes: dict[str, ClassRoom] = {}
        self.conns: dict[str, set[Connection]] = {}
        self._guesses: dict[str, _Bucket] = {}
        self._dirty: dict[str, set[str] | None] = {}  # class -> students to tell (None: all), the teacher always
        self._flush_pending = False
        self._version = 0

    # ------------------------------------------------------------------ life
    def load(self) -> None:
        """The stored classes (after the old ones are deleted); bad rows are logged and skipped."""
        store = self.server.store
        pruned = store.prune_classes(self.keep_days)
        for code, core, entries in store.load_classes():
            try:
                self.classes[code] = ClassRoom.restore(core, entries)
            except Exception as err:
                log.error("class %s could not be restored, skipped: %s", str(code)[:40], str(err)[:200])
        log.info("%d classes resumed, %d old ones deleted", len(self.classes), len(pruned))

    def prune(self, now: float | None = None) -> None:
        """Delete the classes untouched for ``keep_days`` (and close their connections)."""
        now = time.time() if now is None else now
        for code, room in list(self.classes.items()):
            if now - room.updated > self.keep_days * 86400 and not self.conns.get(code):
                self._delete(code)
        for key, bucket in list(self._guesses.items()):
            if not bucket.empty() and bucket.tokens >= bucket.burst:
                del self._guesses[key]

    def close_all(self) -> None:
        for conns in self.conns.values():
            for conn in conns:
                conn.close()

    def detach(self, conn: Connection) -> None:
        if conn.klass is not None:
            self.conns.get(conn.klass, set()).discard(conn)
            conn.klass = None

    # ------------------------------------------------------------------ telling
    def _next_version(self) -> int:
        self._version = max(self._version + 1, time.time_ns() // 1000)
        return self._version

    def _state_frame(self, room: ClassRoom, conn: Connection) -> dict[str, Any]:
        if conn.role == "teacher":
            return {"type": "class_state", "version": self._next_version(), "class": room.teacher_view()}
        return {"type": "class_mine", "version": self._next_version(), "mine": room.student_view(conn.person)}

    def _changed(self, code: str, students: Iterable[str] | None = ()) -> None:
        """Tell the class's teacher (and ``students``; None: every student) its newest state,
        once the messages waiting now are handled (many answers at once: one state)."""
        if code in self._dirty:
            old = self._dirty[code]
            self._dirty[code] = None if old is None or students is None else old | set(students)
        else:
            self._dirty[code] = None if students is None else set(students)
        if not self._flush_pending:
            self._flush_pending = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_pending = False
        dirty, self._dirty = self._dirty, {}
        for code, students in dirty.items():
            room = self.classes.get(code)
            if room is None:
                continue
            teacher_view: dict[str, Any] | None = None
            for conn in list(self.conns.get(code, ())):
                if conn.role == "teacher":
                    if teacher_view is None:
                        teacher_view = room.teacher_view()
                    conn.push_state({"type": "class_state", "version": self._next_version(), "class": teacher_view})
                elif students is None or conn.person in students:
                    conn.push_state(self._state_frame(room, conn))

    def _reply(self, conn: Connection, frame: dict[str, Any], state: ClassRoom | None = None) -> None:
        """Answer a message; with ``state``, the connection's newest state first (in order)."""
        if state is not None:
            conn.state = None
            conn.push(self._state_frame(state, conn))
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
        """Write an entry, then take it in memory."""
        now = time.time()
        self._write(self.server.store.save_entry, room.code, who, key, record, now)
        room.apply(who, key, record)
        room.updated = now

    # ------------------------------------------------------------------ who
    def _guess_bucket(self, conn: Connection, who: str = "") -> _Bucket:
        key = f"hub:{who}" if who else f"address:{conn.address}"
        bucket = self._guesses.get(key)
        if bucket is None:
            bucket = self._guesses[key] = _Bucket(self.guesses_per_hour / 3600, GUESS_BURST)
        return bucket

    def _guessing(self, conn: Connection, who: str = "") -> None:
        if self._guess_bucket(conn, who).empty():
            raise MessageError(Message(TOO_MANY_GUESSES))

    def _wrong(self, conn: Connection, refusal: str, who: str = "") -> MessageError:
        self._guess_bucket(conn, who).take()
        return MessageError(Message(refusal))

    async def _teacher(self, conn: Connection, m: dict[str, Any]) -> str:
        """The teacher's name ("" stand-alone: the key's holder), or a refusal."""
        hub = self.server.hub
        if hub is not None:
            return (await hub.teacher_for(m["hub_token"], self.teachers_group))[:40]
        self._guessing(conn)
        if not self.key_hash or not hmac.compare_digest(self.key_hash,
                                                        hashlib.sha256(m["key"].encode("utf-8")).hexdigest()):
            raise self._wrong(conn, BAD_KEY)
        return ""

    # ------------------------------------------------------------------ the messages
    async def handle(self, conn: Connection, m: dict[str, Any]) -> None:
        """One checked ``class_*`` message (or ``set_language`` on a class's connection)."""
        kind = m["type"]
        if kind in ("class_create", "class_teach", "class_join"):
            if conn.code is not None or conn.klass is not None:
                raise MessageError("this connection is taken already")
            try:
                conn.language = check_language(m["language"])
            except ValueError:
                pass
            await getattr(self, f"_on_{kind[6:]}")(conn, m)
            return
        if conn.klass is None:
            raise MessageError(Message(NOT_IN_CLASS))
        room = self.classes.get(conn.klass)
        if room is None:  # deleted meanwhile
            raise MessageError(Message(CLASS_GONE))
        if kind == "set_language":
            conn.language = check_language(m["language"])
            self._reply(conn, self._done(kind))
            return
        teacher = kind in ("class_hand_out", "class_hand_out_table", "class_grid", "class_record",
                           "class_forget_student", "class_delete")
        if teacher and conn.role != "teacher":
            raise MessageError(Message(TEACHER_ONLY))
        if not teacher and conn.role != "student":
            raise MessageError(Message(STUDENT_ONLY))
        getattr(self, f"_on_{kind[6:]}")(conn, room, m)

    async def _on_create(self, conn: Connection, m: dict[str, Any]) -> None:
        teacher = await self._teacher(conn, m)
        if conn.klass is not None or conn.closed:
            raise MessageError("this connection is taken already")
        if len(self.classes) >= MAX_CLASSES:
            raise MessageError(Message(TOO_MANY_CLASSES))
        code = new_code()
        while code in self.classes:
            code = new_code()
        room = ClassRoom(code, " ".join(m["title"].split())[:80], teacher)
        self._write(self.server.store.save_class, room.core())
        self.classes[code] = room
        self._attach(conn, room, "teacher", teacher)

    async def _on_teach(self, conn: Connection, m: dict[str, Any]) -> None:
        teacher = await self._teacher(conn, m)
        who = teacher if self.server.hub is not None else ""
        self._guessing(conn, who)
        room = self.classes.get(m["code"])
        if room is None or (self.server.hub is not None and room.teacher != teacher):
            raise self._wrong(conn, NOT_YOURS, who)  # the same words: nothing is told of another's class
        if conn.klass is not None or conn.closed:
            raise MessageError("this connection is taken already")
        self._attach(conn, room, "teacher", teacher)

    async def _on_join(self, conn: Connection, m: dict[str, Any]) -> None:
        hub = self.server.hub
        name = (await hub.user_for(m["hub_token"]))[:40] if hub is not None else ""
        self._guessing(conn, name)
        room = self.classes.get(m["code"])
        if room is None:
            raise self._wrong(conn, NO_CLASS, name)
        if hub is None:
            try:
                name = clean_name(m["name"])
            except IllegalMoveError as err:
                raise MessageError(err.args[0]) from None
            if not name:
                raise MessageError(Message(NEED_NAME))
        if conn.klass is not None or conn.closed:
            raise MessageError("this connection is taken already")
        token: str | None = None
        student = room.students.get(name)
        if student is None:
            if hub is None and any(s.casefold() == name.casefold() for s in room.students):
                raise self._wrong(conn, NAME_TAKEN)
            if len(room.students) >= MAX_STUDENTS:
                raise MessageError(Message(CLASS_FULL))
            if hub is None:
                token = new_token()
            self._put(room, name, "student", Student(name, token_hash(token) if token else "").record())
            self._changed(room.code)
        elif hub is None and not (m["token"] and hmac.compare_digest(student.token_hash, token_hash(m["token"]))):
            raise self._wrong(conn, NAME_TAKEN)
        self._attach(conn, room, "student", name, token)

    def _attach(self, conn: Connection, room: ClassRoom, role: str, person: str, token: str | None = None) -> None:
        conn.klass, conn.role, conn.person = room.code, role, person
        self.conns.setdefault(room.code, set()).add(conn)
        conn.push({"type": "class_welcome", "code": room.code, "role": role, "name": person, "token": token})
        conn.push(self._state_frame(room, conn))

    # ---- the teacher's
    def _on_hand_out(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        if len(room.items) >= MAX_ITEMS:
            raise MessageError(Message(TOO_MANY_ITEMS))
        try:
            script = lesson_from_json(m["lesson"])
        except (RecordError, ValueError, TypeError) as err:
            raise MessageError(Message(BAD_LESSON, why=str(err)[:160])) from None
        title = " ".join(m["title"].split())[:80] or script.title[:80] or f"Lesson {len(room.items) + 1}"
        item = Item(room.new_item_id(), "lesson", title, lesson=m["lesson"])
        self._put(room, "", f"item:{item.id}", item.record())
        self._changed(room.code, None)
        self._reply(conn, self._done(m["type"], item.id), state=room)

    def _on_hand_out_table(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        if len(room.items) >= MAX_ITEMS:
            raise MessageError(Message(TOO_MANY_ITEMS))
        settings = {"players": m["players"], "variant": m["variant"], "rounds": m["rounds"], "bots": m["bots"]}
        try:
            ServerTable.create(players=m["players"], rules=m["variant"], rounds=m["rounds"], bots=m["bots"], seed=0)
        except ValueError as err:
            raise MessageError(Message(BAD_TABLE, why=str(err)[:160])) from None
        title = " ".join(m["title"].split())[:80] or f"Table {len(room.items) + 1}"
        item = Item(room.new_item_id(), "table", title, settings=settings)
        self._put(room, "", f"item:{item.id}", item.record())
        self._changed(room.code, None)
        self._reply(conn, self._done(m["type"], item.id), state=room)

    def _on_grid(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        self._reply(conn, self._done(m["type"]), state=room)

    def _on_record(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        entry = next((e for (_, gid), e in room.games.items() if gid == m["game"]), None)
        if entry is None:
            raise MessageError(Message(NO_GAME))
        self._reply(conn, {"type": "class_record", "game": entry["id"], "student": entry["student"], "seat": entry["seat"],
                           "names": entry["names"], "rollouts": entry["rollouts"], "samples": entry["samples"],
                           "record": entry["record"]})

    def _on_forget_student(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        name = m["student"]
        if name not in room.students:
            raise MessageError(Message(NO_STUDENT))
        self._forget(room, name, everything=True)
        for other in list(self.conns.get(room.code, ())):
            if other.role == "student" and other.person == name:
                self._close(other, Message(STUDENT_GONE))
        self._changed(room.code)
        self._reply(conn, self._done(m["type"]), state=room)

    def _on_delete(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        self._write(self.server.store.delete_class, room.code)
        self._reply(conn, self._done(m["type"]))
        self._delete(room.code, stored=False)

    def _forget(self, room: ClassRoom, name: str, everything: bool = False) -> None:
        """Delete what student ``name`` sent (``everything``: their place in the class too)."""
        keys = room.entries_of(name)
        store = self.server.store
        if everything:
            self._write(store.delete_entries, room.code, name)
            room.students.pop(name, None)
        else:
            student = room.students[name]
            now = time.time()
            self._write(store.delete_entries, room.code, name, keys)
            self._write(store.save_entry, room.code, name, "student",
                        {**student.record(), "consent": None}, now)
            student.consent = None
            room.updated = now
        for key in keys:
            room.apply(name, key, None)

    def _delete(self, code: str, stored: bool = True) -> None:
        """Delete a class: its rows, its tables, and its connections told and closed."""
        room = self.classes.pop(code, None)
        if stored:
            try:
                self.server.store.delete_class(code)
            except (sqlite3.Error, OSError) as err:
                log.error("class %s could not be deleted from the store: %s", code[:40], str(err)[:120])
        self._dirty.pop(code, None)
        for conn in list(self.conns.pop(code, ())):
            self._close(conn, Message(CLASS_GONE))
        if room is not None:
            for item in room.items.values():
                for table in item.tables:
                    if table in self.server.tables:
                        self.server._drop(table, Message(CLASS_GONE))

    def _close(self, conn: Connection, why: Message) -> None:
        self.conns.get(conn.klass or "", set()).discard(conn)
        conn.klass = None
        conn.finish({"type": "error", "error": why.localize(translator(conn.language))[:300], "seq": None},
                    CLOSE_CLASS_GONE, "the class was deleted")

    # ---- the student's
    def _student(self, room: ClassRoom, conn: Connection, consent: bool = True) -> Student:
        student = room.students.get(conn.person)
        if student is None:
            raise MessageError(Message(STUDENT_GONE))
        if consent and student.consent is not True:
            raise MessageError(Message(NO_CONSENT))
        return student

    def _on_consent(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn, consent=False)
        if student.consent is not m["consent"]:
            self._put(room, student.name, "student", {**student.record(), "consent": m["consent"]})
            self._changed(room.code, [student.name])
        self._reply(conn, self._done(m["type"]), state=room)

    def _on_lesson(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        self._student(room, conn, consent=False)
        item = room.item(m["item"], "lesson")
        self._reply(conn, {"type": "class_lesson", "item": item.id, "title": item.title, "lesson": item.lesson})

    def _answer_entry(self, room: ClassRoom, name: str, item: Item, step: int) -> dict[str, Any]:
        if step not in item.script.exercises:
            raise MessageError(Message("there is no question at this step"))
        old = room.answers.get((name, item.id, step))
        return {"answers": [], "correct": [], "skipped": False, "at": time.time()} if old is None else dict(old)

    def _on_answer(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn)
        item = room.item(m["item"], "lesson")
        entry = self._answer_entry(room, student.name, item, m["step"])
        if len(entry["answers"]) >= MAX_ANSWERS:
            raise MessageError(Message(TOO_MANY_ANSWERS))
        choice, right = item.script.judge(m["step"], m["choice"])
        entry = {**entry, "answers": [*entry["answers"], choice], "correct": [*entry["correct"], right], "at": time.time()}
        self._put(room, student.name, f"answer:{item.id}:{m['step']}", entry)
        self._changed(room.code, [student.name])
        self._reply(conn, self._done(m["type"]))

    def _on_skip(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn)
        item = room.item(m["item"], "lesson")
        entry = self._answer_entry(room, student.name, item, m["step"])
        if not entry["skipped"] and not entry["answers"]:
            self._put(room, student.name, f"answer:{item.id}:{m['step']}", {**entry, "skipped": True, "at": time.time()})
            self._changed(room.code, [student.name])
        self._reply(conn, self._done(m["type"]))

    def _on_sit(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn, consent=False)
        item = room.item(m["item"], "table")
        server = self.server
        tables = {code: seats for code, seats in item.tables.items() if code in server.tables}
        code = next((c for c, seats in tables.items() if student.name in seats.values()), None)
        made = False
        if code is not None:  # their own seat, come back to (with a new token)
            table = server.tables[code]
            seat = item.seat_of(code, student.name)
            assert seat is not None
            if not table.seats[seat].is_person:  # the table lost the person (it cannot, but never seat twice)
                seat = None
        else:
            seat = None
            code = next((c for c in tables if not server.tables[c].started
                         and any(not s.is_person for s in server.tables[c].seats)), None)
        if code is None:
            if len(item.tables) >= TABLES_PER_ITEM:
                raise MessageError(Message(TABLES_FULL))
            if len(server.tables) >= server.limits.max_tables:
                raise MessageError(Message(TOO_MANY_CLASSES))
            s = item.settings or {}
            table = ServerTable.create(players=s["players"], rules=s["variant"], rounds=s["rounds"], bots=s["bots"])
            code, made = table.code, True
            server.tables[code] = table
        table = server.tables[code]
        try:
            seat, token = table.seat_person(student.name, conn.language, seat=seat, reserved=False)
        except ValueError:
            if made:
                server.tables.pop(code, None)
            raise
        table.disconnect(seat)  # a bot stands in after the grace time unless they sit down
        if not server._store(code):
            if made:
                server.tables.pop(code, None)
            raise MessageError(Message(STORE_FAILED))
        seats = {**item.tables.get(code, {}), str(seat): student.name}
        record = {**item.record(), "tables": {**{c: s for c, s in item.tables.items() if c in server.tables}, code: seats}}
        try:
            self._put(room, "", f"item:{item.id}", record)
        except MessageError:
            if made:
                server._drop(code, None)
            raise
        server._broadcast(code)
        server._kick(code)
        self._changed(room.code)
        self._reply(conn, {"type": "class_seat", "item": item.id, "code": code, "seat": seat, "token": token})

    def _on_game(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn)
        item = room.item(m["item"], "table")
        seat = item.seat_of(m["code"], student.name)
        table = self.server.tables.get(m["code"])
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
        self._changed(room.code, [student.name])
        self._reply(conn, self._done(m["type"], game_id), state=room)

    def _on_mine(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        self._student(room, conn, consent=False)
        self._reply(conn, self._done(m["type"]), state=room)

    def _on_forget(self, conn: Connection, room: ClassRoom, m: dict[str, Any]) -> None:
        student = self._student(room, conn, consent=False)
        self._forget(room, student.name)
        self._changed(room.code, [student.name])
        self._reply(conn, self._done(m["type"]), state=room)
