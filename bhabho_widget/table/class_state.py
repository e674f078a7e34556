"""A class as its teacher's or a student's kernel holds it, kept current from the server's frames.

The table server (:mod:`bhabho_widget.server.classes`) pushes ``class_state`` frames to a
class's teacher and ``class_mine`` frames to each student: the whole class once (when the
class is opened or joined, and when asked for again), under ``class`` or ``mine``, in a
compact form; then only what changed, under ``changes``: one student's row, one answer cell,
one game, an item handed out. Each student is sent only their own. :func:`apply_update` takes
any of these frames and returns the state the kernel keeps, always in the same expanded form:
the frame's ``type`` and ``version``, and under ``class`` (the teacher's) or ``mine`` (a
student's):

- ``code``, ``title``, ``teacher``, ``items`` (each ``id``, ``kind``, ``title``,
  ``created``, ``questions``, ``names``; the teacher's also ``settings`` and ``tables``);
- ``answers``: one row per student and question answered or skipped, ``student``, ``item``,
  ``step``, ``answers``, ``correct``, ``skipped``, ``status`` and ``tries``
  (:func:`answer_status`), in the order of (student, item, step);
- ``games``: ``id``, ``student``, ``item``, ``table``, ``round``, ``seat``, ``names``,
  ``finished``, ``counts``, ``rollouts``, ``samples``, in the order they finished;
- the teacher's: ``created``, ``joining`` (whether new students may join), ``size`` (how many
  students the class takes) and ``students`` (``name``, ``joined``, ``consent``);
- a student's: ``name`` and ``consent``.

On the wire a student is ``[name, joined, consent]`` and an answer cell ``[item, step,
student, choices, marks]``: ``marks`` is one ``"1"`` (right) or ``"0"`` per choice, after a
``"-"`` when the question was skipped; a cell whose choices are null was deleted. A puzzle's
cell has a sixth element: the student's rating's move over their attempts at it. The
``changes`` hold only the keys that changed: ``class`` (the class's own fields),
``students``, ``gone`` (students removed, with everything of theirs), ``items``, ``cells``,
``games`` and ``games_gone``. :func:`merge_updates` merges two frames of changes into one that
does what both do, in order (the server sends a slow reader one for many).

>>> full = {"type": "class_state", "version": 1, "class": {
...     "code": "c", "title": "7B", "teacher": "", "created": 0.0, "joining": True, "size": 300,
...     "students": [["Asha", 1.0, True]], "items": [], "cells": [], "games": []}}
>>> state = apply_update(None, full)
>>> state = apply_update(state, {"type": "class_state", "version": 2,
...                              "changes": {"cells": [["L1", 0, "Asha", ["2C", "KH"], "01"]]}})
>>> row = state["class"]["answers"][0]
>>> row["status"], row["tries"], row["correct"], state["version"]
('right', 2, [False, True], 2)
>>> state = apply_update(state, {"type": "class_state", "version": 3, "changes": {"gone": ["Asha"]}})
>>> state["class"]["students"], state["class"]["answers"]
([], [])
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import Any

__all__ = ["PUSHES", "STATUSES", "Pending", "answer_status", "apply_update", "cell", "merge_updates", "safe_cell"]

STATUSES = ("right_first", "right", "wrong", "skipped", "open")
PUSHES = ("class_state", "class_mine")
"""The frames the server sends on its own: a whole state, or what changed of it."""


def answer_status(entry: Mapping[str, Any] | None) -> tuple[str, int]:
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


def cell(item: str, step: int, student: str, entry: Mapping[str, Any] | None) -> list[Any]:
    """The wire form of one student's answers to one question (``entry``: ``answers``,
    ``correct``, ``skipped``; None: deleted).

    >>> cell("L1", 2, "Ben", {"answers": [0, 1], "correct": [False, True], "skipped": True})
    ['L1', 2, 'Ben', [0, 1], '-01']
    >>> cell("L1", 2, "Ben", None)
    ['L1', 2, 'Ben', None, None]
    """
    if entry is None:
        return [item, step, student, None, None]
    marks = ("-" if entry.get("skipped") else "") + "".join("1" if c else "0" for c in entry["correct"])
    out = [item, step, student, list(entry["answers"]), marks]
    if "rating" in entry:  # a puzzle's attempts: the rating's move over them
        out.append(round(sum(entry["rating"]), 1))
    return out


def _answer_row(wire: list[Any]) -> dict[str, Any]:
    item, step, student, choices, marks = wire[:5]
    correct = [m == "1" for m in marks.lstrip("-")]
    entry = {"answers": list(choices), "correct": correct, "skipped": marks.startswith("-")}
    status, tries = answer_status(entry)
    row = {"student": student, "item": item, "step": step, **entry, "status": status, "tries": tries}
    if len(wire) > 5:
        row["rating"] = float(wire[5])
    return row


def _student_row(wire: list[Any]) -> dict[str, Any]:
    name, joined, consent = wire
    return {"name": name, "joined": joined, "consent": consent}


def _answer_key(row: Mapping[str, Any]) -> tuple[str, str, int]:
    return row["student"], row["item"], row["step"]


def _game_key(game: Mapping[str, Any]) -> tuple[float, str]:
    return float(game["finished"]), str(game["id"])


def apply_update(state: Mapping[str, Any] | None, frame: Mapping[str, Any]) -> dict[str, Any]:
    """The state after ``frame`` (a ``class_state`` or ``class_mine``): a whole state replaces
    ``state``; changes change a copy of it (``state`` itself is left as it was). Changes
    without a state of the same kind to change are a ValueError (the server sends the whole
    state first)."""
    kind = frame.get("type")
    if kind not in PUSHES:
        raise ValueError(f"not a class's state: {str(kind)[:40]!r}")
    key = "class" if kind == "class_state" else "mine"
    version = frame.get("version", 0)
    if key in frame:
        return {"type": kind, "version": version, key: _expand(frame[key], teacher=key == "class")}
    if state is None or key not in state:
        raise ValueError("a class's changes came before its state")
    body = dict(state[key])
    _apply(body, frame.get("changes", {}), teacher=key == "class")
    return {**state, "version": version, key: body}


def _expand(wire: Mapping[str, Any], teacher: bool) -> dict[str, Any]:
    body = {k: v for k, v in wire.items() if k not in ("students", "cells", "games", "items")}
    body["items"] = [dict(i) for i in wire.get("items", [])]
    body["answers"] = sorted((_answer_row(c) for c in wire.get("cells", []) if c[3] is not None), key=_answer_key)
    body["games"] = sorted((dict(g) for g in wire.get("games", [])), key=_game_key)
    if teacher:
        body["students"] = [_student_row(s) for s in wire.get("students", [])]
    return body


def _apply(body: dict[str, Any], update: Mapping[str, Any], teacher: bool) -> None:
    """Change ``body`` (an expanded state, its lists copied as they change) by ``update``."""
    gone = set(update.get("gone", ()))
    if gone:
        body["answers"] = [a for a in body["answers"] if a["student"] not in gone]
        body["games"] = [g for g in body["games"] if g["student"] not in gone]
        if teacher:
            body["students"] = [s for s in body["students"] if s["name"] not in gone]
    for wire in update.get("students", ()):
        row = _student_row(wire)
        if teacher:
            students = body["students"] = list(body["students"])
            at = next((k for k, s in enumerate(students) if s["name"] == row["name"]), None)
            if at is None:
                students.append(row)
            else:
                students[at] = row
        elif row["name"] == body.get("name"):
            body["consent"] = row["consent"]
    if "class" in update:
        body.update(update["class"])
    for item in update.get("items", ()):
        items = body["items"] = list(body["items"])
        at = next((k for k, i in enumerate(items) if i["id"] == item["id"]), None)
        if at is None:
            items.append(dict(item))
        else:
            items[at] = dict(item)
    if update.get("cells"):
        answers = body["answers"] = list(body["answers"])
        for wire in update["cells"]:
            key = (wire[2], wire[0], wire[1])
            at = bisect.bisect_left(answers, key, key=_answer_key)
            here = at < len(answers) and _answer_key(answers[at]) == key
            if wire[3] is None:
                if here:
                    del answers[at]
            elif here:
                answers[at] = _answer_row(wire)
            else:
                answers.insert(at, _answer_row(wire))
    gone_games = set(update.get("games_gone", ()))
    new_games = list(update.get("games", ()))
    if gone_games or new_games:
        ids = gone_games | {g["id"] for g in new_games}
        games = [g for g in body["games"] if g["id"] not in ids]
        for game in new_games:
            bisect.insort(games, dict(game), key=_game_key)
        body["games"] = games


def merge_updates(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """One frame of changes that does what ``old``'s then ``new``'s do (the later of two
    changes to one thing wins; a student gone takes their earlier changes along).

    >>> a = {"type": "class_state", "version": 1, "changes": {"cells": [["L", 0, "Asha", ["KH"], "1"]],
    ...                                                      "students": [["Asha", 1, True]]}}
    >>> b = {"type": "class_state", "version": 2, "changes": {"cells": [["L", 0, "Ben", ["2C"], "0"]], "gone": ["Asha"]}}
    >>> merge_updates(a, b)
    {'type': 'class_state', 'version': 2, 'changes': {'gone': ['Asha'], 'cells': [['L', 0, 'Ben', ['2C'], '0']]}}
    """
    return Pending(old).add(new).frame()


class Pending:
    """Frames of changes not sent yet, kept as one: :meth:`add` takes the next one,
    :meth:`frame` gives the one frame that does what all of them do, in order. A thing changed
    many times is held once, so what waits for a slow reader is never more than the class."""

    def __init__(self, frame: Mapping[str, Any]) -> None:
        self.type = frame["type"]
        self.version = 0
        self.gone: dict[str, None] = {}
        self.core: dict[str, Any] = {}
        self.students: dict[str, Any] = {}
        self.items: dict[str, Any] = {}
        self.cells: dict[tuple[str, int, str], Any] = {}
        self.games: dict[str, Any] = {}
        self.games_gone: dict[str, None] = {}
        self.add(frame)

    def add(self, frame: Mapping[str, Any]) -> Pending:
        changes = frame.get("changes", {})
        self.version = frame.get("version", self.version)
        gone = set(changes.get("gone", ()))
        if gone:  # a student gone takes their earlier changes along
            for name in gone:
                self.gone.pop(name, None)
                self.gone[name] = None
                self.students.pop(name, None)
            self.cells = {k: c for k, c in self.cells.items() if k[2] not in gone}
            self.games = {k: g for k, g in self.games.items() if g["student"] not in gone}
        self.core.update(changes.get("class", {}))
        for row in changes.get("students", ()):
            self.students[row[0]] = row
        for item in changes.get("items", ()):
            self.items[item["id"]] = item
        for c in changes.get("cells", ()):
            self.cells[(c[0], c[1], c[2])] = c
        for gid in changes.get("games_gone", ()):
            self.games.pop(gid, None)
            self.games_gone[gid] = None
        for game in changes.get("games", ()):
            self.games[game["id"]] = game
            self.games_gone.pop(game["id"], None)
        return self

    def frame(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.gone:
            out["gone"] = list(self.gone)
        if self.core:
            out["class"] = dict(self.core)
        for name, values in (("students", self.students), ("items", self.items), ("cells", self.cells),
                             ("games", self.games)):
            if values:
                out[name] = list(values.values())
        if self.games_gone:
            out["games_gone"] = list(self.games_gone)
        return {"type": self.type, "version": self.version, "changes": out}


CSV_RISKY = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP's list)."""


def safe_cell(value: Any) -> Any:
    """A value for a CSV cell that a spreadsheet shows as text, never runs as a formula: a
    text beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'``
    in front (OWASP's rule for CSV injection); numbers and other texts are left as they are.

    >>> [safe_cell(v) for v in ["=HYPERLINK(\\"x\\")", "+1+1", "-2", "@SUM(A1)", "\\tx", "Asha", -2, 3.5]]
    ['\\'=HYPERLINK("x")', "'+1+1", "'-2", "'@SUM(A1)", "'\\tx", 'Asha', -2, 3.5]
    """
    if isinstance(value, str) and value.startswith(CSV_RISKY):
        return "'" + value
    return value
