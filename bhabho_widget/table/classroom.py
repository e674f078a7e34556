"""A class in the notebook: a teacher hands out lessons and tables, and sees every
student's answers and games; a student opens what was handed out.

The class lives on the table server (:mod:`bhabho_widget.server.classes`); each notebook
keeps one websocket to it, a :class:`ClassClient`, in a thread of its own (it connects again
by itself after a drop, unless the server closed it for good).

- ``Class.create(server, title, key=...)`` opens a class and shows the teacher's view, a
  :class:`TeacherClass`: a grid of students by question, live as answers come in, each
  student's games with the review's grade counts (a click opens the game in the review,
  rebuilt from that student's own seat record: :func:`class_game`), and a CSV export.
  On a hub a teacher is a member of the server's teachers group or a hub admin, and no key
  is given; stand-alone, the key is the one the server printed when it started.
  ``Class.teach(server, code, key=...)`` opens it again. ``hand_out(lesson)`` hands out a
  lesson (a :class:`~.lesson.LessonScript`, a :class:`~.widget.Lesson`, an
  :class:`~.editor_widget.Editor` with a lesson open, a lesson record, or a position text
  asked about with ``question=``) and ``hand_out_table(players=4, ...)`` shared tables.
- ``Class.join(server, code, name=...)`` joins it as a student (on a hub under the hub
  name), and shows a :class:`StudentClass`: first a notice saying what the teacher will see
  and asking to agree (nothing is sent before), then one button per item handed out
  (``klass.open(item)`` in Python), and what was sent, with a button to delete it all.

What a student sends, once they agreed: each answer to a question of a lesson handed out
(the lesson sends it as it is given; the server judges it by the lesson's own key) and each
question skipped; for each game over at a class table (:class:`ClassReporter`),
the digest of its seat record and the review's grade counts, worked out in the student's
kernel from that record, their own seat's view and nothing more. The server keeps its own
record of that game; the teacher's kernel asks for it to open the review.
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
import random
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets
import traitlets

from ..coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES, GRADES
from ..engine.cards import Card
from ..engine.errors import MessageError
from ..engine.game import Game
from ..i18n import N_, Message, Translator, check_language, default_language, translator
from ..puzzles import THEME_TITLES, THEMES, PracticeSession, Puzzle, bundled
from .backend import LessonSteps, StoredGame
from .base import STATIC, BaseWidget, OwnedPanel, check_deck
from .class_state import PUSHES, apply_update, safe_cell
from .connection import CONNECT_TIMEOUT, Connection
from .controller import check_version
from .exercises import lesson_from_json, lesson_to_json, make_exercise
from .hub_token import default_name, hub_check
from .lesson import LessonScript
from .practice import PracticeBoard
from .protocol import SERVER_PROTOCOL
from .protocol_types import ClassCsvFile
from .remote import ServerSeat, TableClient
from .seat_record import record_digest, stand_in
from .settings import shared_settings
from .widget import Table

__all__ = ["Class", "ClassClient", "ClassReporter", "StudentClass", "TeacherClass", "class_game"]

FINAL_CLOSE = frozenset(int(code) for code in SERVER_PROTOCOL["close_codes"]["final"])

OUT_OF_REACH = N_("the class's server is out of reach; trying again")
NO_ANSWER = N_("the class's server did not answer; try again")
NOT_A_LESSON_SOURCE = N_("hand out a lesson: a LessonScript, a Lesson, an Editor with its lesson open, a lesson record "
                         "or a position text")
NO_SUCH_ITEM = N_("this class has no item {item}")
NO_SUCH_GAME = N_("this class has no game {game}")
STALE = N_("the class changed before that click arrived; nothing was done, please try again")
GAME_TITLE = N_("{student}'s game at table {table}, round {round}, as {student} saw it, with its review.")
DRAW_COSTLY = 0.03
"""Seconds of drawing the teacher's panel beyond which changes streaming in are drawn together
(a big class): the next drawing waits three times as long as the last one took."""
CSV_HEADERS = ("student", "kind", "item", "title", "step", "question", "status", "tries", "answers", "round",
               "inaccuracies", "mistakes", "blunders", "finished")
"""The columns of :meth:`TeacherClass.to_csv`: one row per student and question, then one per game."""


# ---------------------------------------------------------------------- the connection
class ClassClient:
    """One notebook's connection to a class on a table server (see the module's docstring), a
    thin adapter over the one :class:`~bhabho_widget.table.connection.Connection` (ordered: every class message
    gets exactly one answer, its own frame, ``class_done`` or an error, in order).

    :meth:`open` sends the first message (``class_create``, ``class_teach`` or
    ``class_join``) and waits for the welcome; :meth:`request` sends a message and waits for
    its answer; :meth:`post` sends one without waiting (a refusal goes to ``on_error``). The
    newest ``class_state`` or ``class_mine`` goes to ``on_state``."""

    def __init__(self, server: str, on_state: Callable[[dict[str, Any]], None] | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.connection = Connection(server, pushes=PUSHES, ordered=True, max_size=2**24, on_push=self._on_push,
                                     on_frame=self._on_frame, on_error=self._on_error, name="bhabho-class-client")
        self.server = server
        self.on_state, self.on_error = on_state, on_error
        self.welcome: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        self.state_received = threading.Event()

    @property
    def url(self) -> str:
        return self.connection.url

    @property
    def closed_for_good(self) -> str | None:
        """Why the server closed this class's connection for good, or None."""
        return self.connection.closed_for_good

    @property
    def hello(self) -> dict[str, Any]:
        """The first message said at each connection (a class comes back by its code, a student by their token)."""
        return dict(self.connection.hello or {})

    def hub_token(self) -> str:
        """The hub token for this server (see :func:`.hub_token.hub_check`), or a refusal."""
        token, refusal = hub_check(self.url)
        if refusal is not None:
            raise MessageError(refusal)
        return token

    def open(self, hello: dict[str, Any]) -> dict[str, Any]:
        """Send ``hello`` and wait for the welcome (the class opened or joined), or raise the refusal."""
        frame = self.connection.open(hello, welcome={"class_welcome"})
        if not self.state_received.wait(CONNECT_TIMEOUT):  # the class follows its welcome at once
            self.close()
            raise ConnectionError(f"the class's server at {self.url} sent no class")
        return frame

    def request(self, message: dict[str, Any], timeout: float = CONNECT_TIMEOUT) -> dict[str, Any]:
        """Send ``message`` and return its answer; a refusal is a MessageError."""
        return self.connection.request(message, timeout=timeout)

    def post(self, message: dict[str, Any]) -> None:
        """Send ``message`` without waiting; its refusal, if any, goes to ``on_error``."""
        self.connection.post(message)

    def flush(self, timeout: float = CONNECT_TIMEOUT) -> bool:
        """Wait until every message sent so far is answered; True if so."""
        return self.connection.flush(timeout)

    # ------------------------------------------------------------------ from the connection's thread
    def _on_frame(self, frame: dict[str, Any]) -> None:
        if frame.get("type") != "class_welcome":
            return
        self.welcome = frame
        hello = self.connection.hello or {}
        if hello.get("type") == "class_create":  # come back to it as its teacher
            hello = {**hello, "type": "class_teach", "code": frame["code"]}
            hello.pop("title", None)
        elif hello.get("type") == "class_join" and frame.get("token"):
            hello = {**hello, "token": frame["token"]}
        self.connection.hello = hello

    def _on_push(self, frame: dict[str, Any]) -> None:
        if self.state is None or frame.get("version", 0) >= self.state.get("version", 0):
            self.state = frame = apply_update(self.state, frame)  # a change is applied to the class known
            self.state_received.set()
            if self.on_state is not None:
                self.on_state(frame)

    def _on_error(self, text: str) -> None:
        if self.on_error is not None:
            self.on_error(text)

    def close(self) -> None:
        self.connection.close()


# ---------------------------------------------------------------------- the panels
class _Panel(OwnedPanel):
    """A class's front end (``static/classroom.js``): it draws its trait and sends intentions,
    checked as every widget's are; the widget around it acts on them."""

    _esm = STATIC / "classroom.js"


class TeacherPanel(_Panel):
    """The teacher's view of a class in the browser (the ``classroom`` trait)."""

    classroom: Any = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    _HANDLERS: ClassVar[dict[str, Callable[[Any, dict[str, Any]], None]]] = {
        "class_review": _Panel._forward, "class_joining": _Panel._forward, "class_size": _Panel._forward,
        "class_remove": _Panel._forward, "class_csv": _Panel._forward, "set_language": BaseWidget._msg_set_language}


class StudentPanel(_Panel):
    """A student's view of a class in the browser (the ``class_student`` trait)."""

    class_student: Any = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    _HANDLERS: ClassVar[dict[str, Callable[[Any, dict[str, Any]], None]]] = {
        "class_agree": _Panel._forward, "class_open": _Panel._forward, "class_forget": _Panel._forward,
        "set_language": BaseWidget._msg_set_language}


def _answer_text(choice: Any, names: list[str], labels: Mapping[str, str]) -> str:
    """An answer as a person reads it: a card's symbol (K♥), take or pass, a seat's name."""
    if isinstance(choice, int):
        return names[choice] if 0 <= choice < len(names) else labels["seat_name"].format(n=choice)
    if choice in ("take", "pass"):
        return labels["exercise_take" if choice == "take" else "exercise_pass"]
    try:
        return str(Card.parse(choice))
    except (ValueError, TypeError):
        return str(choice)[:8]


def _counts(counts: Any) -> dict[str, int]:
    return {g: int((counts or {}).get(g, 0)) for g in GRADES}


class _ClassWidget:
    """What the teacher's and the student's views share: the connection, the panel, the
    output under it (where a lesson, a table or a review opens), the language. A view shows
    as its :attr:`widget` (the panel over the output) when it is a cell's result."""

    def __init__(self, client: ClassClient, panel: _Panel, language: str) -> None:
        self.client = client
        self.panel = panel
        self.output = ipywidgets.Output()
        self.opened: Any = None
        self._version = 0
        self.widget = ipywidgets.VBox(children=[panel, self.output])
        """The view as a widget: the class's panel, and under it what was opened."""
        self.widget.add_class("bhabho-classroom")
        client.on_state = self._on_state
        client.on_error = self._on_error

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a static picture of the view for a notebook read without a kernel."""
        bundle: Any = self.widget._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = {**data, "text/html": self._static_html()}
        return (data, meta) if isinstance(bundle, tuple) else data

    def _static_html(self) -> str:
        raise NotImplementedError

    def flush(self, timeout: float = CONNECT_TIMEOUT) -> bool:
        """Wait until the server has answered every message this view sent (the answers of its
        lessons too); True if it has."""
        return self.client.flush(timeout)

    @property
    def translator(self) -> Translator:
        return self._translator

    @property
    def language(self) -> str:
        return self._translator.code

    @property
    def code(self) -> str:
        """The class's code: students join with it."""
        return str((self.client.welcome or {}).get("code", ""))

    def set_language(self, language: str) -> None:
        """Show the class in ``language`` from now on."""
        self.panel.set_language(language)

    def _use_language(self, tr: Translator) -> None:
        self._translator = tr
        try:
            self.client.post({"type": "set_language", "language": tr.code})
        except MessageError:
            pass  # told again when it connects

    def _on_state(self, frame: dict[str, Any]) -> None:
        self._sync()

    def _on_error(self, text: str) -> None:
        self.panel.error = text[:300]

    def _on_message(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _sync(self) -> None:
        raise NotImplementedError

    def _show(self, widget: Any) -> Any:
        """Open ``widget`` under the panel, in place of what was open there."""
        old, self.opened = self.opened, widget
        self.output.outputs = ()
        self.output.append_display_data(widget)
        if old is not None and old is not widget and hasattr(old, "close"):
            old.close()
        return widget

    def close(self) -> None:
        """Leave the class (nothing of it is deleted)."""
        timer = getattr(self, "_draw_timer", None)
        if timer is not None:
            timer.cancel()
        self.client.close()
        if self.opened is not None and hasattr(self.opened, "close"):
            self.opened.close()
        self.panel.close()
        self.widget.close()


# ---------------------------------------------------------------------- the teacher
class TeacherClass(_ClassWidget):
    """The teacher's view of a class (see the module's docstring): :attr:`state` is the
    whole class as the server tells it, :meth:`answers`, :meth:`grid` and :meth:`games` read
    it, :meth:`to_csv` exports it; :meth:`hand_out` and :meth:`hand_out_table` hand things
    out; :meth:`open_game` opens a student's game in the review."""

    def __init__(self, client: ClassClient, language: str, deck: str = "two-colour") -> None:
        self._translator = translator(language)
        self._deck = check_deck(deck)
        panel = TeacherPanel(self, labels=self._translator.labels(), lang=self._translator.code, deck=self._deck)
        self._open_game: str | None = None
        self._drawn_at = 0.0
        self._drawing = threading.Lock()
        self._draw_timer: threading.Timer | None = None
        self._draw_every = 0.0
        super().__init__(client, panel, language)
        self._sync()

    # ------------------------------------------------------------------ reading the class
    @property
    def state(self) -> dict[str, Any]:
        """The whole class as the server last told it: students, items, answers, games."""
        return dict((self.client.state or {}).get("class") or {})

    @property
    def title(self) -> str:
        return str(self.state.get("title", ""))

    @property
    def students(self) -> list[str]:
        return [s["name"] for s in self.state.get("students", [])]

    @property
    def items(self) -> list[dict[str, Any]]:
        """The items handed out: ``id``, ``kind`` (``"lesson"`` or ``"table"``), ``title``, the
        lesson's ``questions`` (step, prompt, kind), the tables' settings and seats."""
        return list(self.state.get("items", []))

    def _item(self, item: str | int | None) -> dict[str, Any]:
        items = self.items
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(items):
            return items[item]
        found = next((i for i in items if item in (i["id"], i["title"])), None)
        if found is None:
            raise MessageError(Message(NO_SUCH_ITEM, item=str(item)[:20]))
        return found

    def answers(self, item: str | int | None = None) -> list[dict[str, Any]]:
        """Every student's answer to every question (of ``item``, or of every lesson): one row
        per student and question, ``student``, ``item``, ``step``, ``prompt``, ``status`` (one
        of ``right_first``, ``right``, ``wrong``, ``skipped``, ``open``), ``tries``,
        ``answers`` (the choices given, in order) and ``correct`` (one bool per answer)."""
        state = self.state
        given = {(a["student"], a["item"], a["step"]): a for a in state.get("answers", [])}
        lessons = [i for i in self.items if i["kind"] in ("lesson", "puzzles")] if item is None else [self._item(item)]
        rows = []
        for student in self.students:
            for it in lessons:
                for q in it["questions"]:
                    a = given.get((student, it["id"], q["step"]))
                    rows.append({"student": student, "item": it["id"], "kind": it["kind"], "title": it["title"],
                                 "step": q["step"],
                                 "prompt": q["prompt"], "status": a["status"] if a else "open",
                                 "tries": a["tries"] if a else 0, "answers": list(a["answers"]) if a else [],
                                 "correct": list(a["correct"]) if a else []})
        return rows

    def puzzle_results(self, item: str | int | None = None) -> dict[str, dict[str, Any]]:
        """Per student, their work on a set of puzzles handed out (``item``: its id, title or
        number; default the first set): ``solved`` and ``tried`` (puzzles), ``rating`` (the
        move of their rating over those attempts, as their notebook reckoned it)."""
        if item is None:
            found = next((i for i in self.items if i["kind"] == "puzzles"), None)
            if found is None:
                raise MessageError(Message(NO_SUCH_ITEM, item="puzzles"))
            item = found["id"]
        it = self._item(item)
        out = {s: {"solved": 0, "tried": 0, "rating": 0.0} for s in self.students}
        for a in self.state.get("answers", []):
            if a["item"] != it["id"] or a["student"] not in out:
                continue
            row = out[a["student"]]
            row["tried"] += 1
            row["solved"] += any(a["correct"])
            row["rating"] = round(row["rating"] + float(a.get("rating", 0.0)), 1)
        return out

    def hand_out_puzzles(self, puzzles: Any = None, themes: Any = (), count: int = 10, min_rating: int | None = None,
                         max_rating: int | None = None, title: str = "", seed: int | None = None) -> str:
        """Hand a set of puzzles out to the class; returns its item id. ``puzzles``: the ones to
        choose from (default: the bundled set; a teacher's own, proved with
        :func:`bhabho_widget.puzzles.prove`, too); ``themes`` (any of
        :data:`bhabho_widget.puzzles.THEMES`: a puzzle with one of them), the rating range and
        ``count`` choose from them, at random (``seed``) among those that fit. Each student
        works through the set in order; the grid shows each one's solved, tried and rating's move."""
        pool = list(bundled if puzzles is None else puzzles)
        chosen_themes = [themes] if isinstance(themes, str) else list(themes)
        unknown = [t for t in chosen_themes if t not in THEMES]
        if unknown:
            raise ValueError(f"themes must be among {', '.join(THEMES)}, not {', '.join(map(str, unknown))}"[:200])
        fit = [p for p in pool if (not chosen_themes or set(p.themes) & set(chosen_themes))
               and (min_rating is None or p.rating.rating >= min_rating)
               and (max_rating is None or p.rating.rating <= max_rating)]
        if not fit:
            raise ValueError("no puzzle fits these themes and ratings")
        if not 1 <= count <= 50:
            raise ValueError(f"count must be from 1 to 50, not {count!r}")
        picked = random.Random(seed).sample(fit, min(count, len(fit)))
        picked.sort(key=lambda p: p.rating.rating)
        frame = self.client.request({"type": "class_hand_out_puzzles", "title": str(title)[:80],
                                     "puzzles": [p.to_line() for p in picked], "themes": chosen_themes,
                                     "min_rating": min_rating, "max_rating": max_rating})
        return str(frame["id"])

    def grid(self, item: str | int | None = None) -> dict[str, list[str]]:
        """Student -> the status of each question of ``item`` (default: the first lesson), in step order."""
        if item is None:
            lesson = next((i for i in self.items if i["kind"] == "lesson"), None)
            if lesson is None:
                return {s: [] for s in self.students}
            item = lesson["id"]
        out: dict[str, list[str]] = {s: [] for s in self.students}
        for row in self.answers(item):
            out[row["student"]].append(row["status"])
        return out

    def games(self) -> list[dict[str, Any]]:
        """The games over at the class's tables that students sent: ``id``, ``student``,
        ``item``, ``table``, ``round``, ``seat``, ``names``, ``finished`` (a time), ``counts``
        (the review's inaccuracies, mistakes and blunders, worked out in the student's kernel)."""
        return [dict(g) for g in self.state.get("games", [])]

    def to_csv(self) -> str:
        """The class as CSV text: one row per student and question (its status, tries and
        answers), then one per game (its round and grade counts); see :data:`CSV_HEADERS`.
        A cell a spreadsheet would read as a formula (a text beginning with ``=``, ``+``,
        ``-``, ``@``, a tab or a carriage return: a student's name, a title) begins with a
        ``'`` (:func:`.class_state.safe_cell`, OWASP's rule)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_HEADERS)
        labels = self._translator.labels()
        names = {i["id"]: i.get("names", []) for i in self.items}
        for row in self.answers():
            texts = [_answer_text(c, names.get(row["item"], []), labels) for c in row["answers"]]
            kind = "puzzle" if row.get("kind") == "puzzles" else "answer"
            writer.writerow(map(safe_cell, [row["student"], kind, row["item"], row["title"], row["step"], row["prompt"],
                                            row["status"], row["tries"], " ".join(texts), "", "", "", "", ""]))
        titles = {i["id"]: i["title"] for i in self.items}
        for g in self.games():
            c = _counts(g["counts"])
            finished = datetime.datetime.fromtimestamp(g["finished"], datetime.timezone.utc).isoformat(timespec="seconds")
            writer.writerow(map(safe_cell, [g["student"], "game", g["item"], titles.get(g["item"], ""), "", "", "", "", "",
                                            g["round"], c["inaccuracy"], c["mistake"], c["blunder"], finished]))
        return out.getvalue()

    def refresh(self) -> None:
        """Ask the server for the whole class again."""
        self.client.request({"type": "class_grid"})
        self._sync()

    # ------------------------------------------------------------------ handing out
    def hand_out(self, lesson: Any, title: str = "", question: str = "card") -> str:
        """Hand a lesson out to the class; returns its item id. ``lesson``: a
        :class:`~.lesson.LessonScript` (from :func:`~.exercises.make_exercise`, say), a
        :class:`~.widget.Lesson`, an :class:`~.editor_widget.Editor` with a lesson open, a
        lesson record (:func:`~.exercises.lesson_to_json`), or a position text (asked about
        with ``question``: ``"card"``, ``"picker"`` or ``"take"``)."""
        record = _lesson_record(lesson, question, self.language)
        frame = self.client.request({"type": "class_hand_out", "title": str(title)[:80], "lesson": record})
        return str(frame["id"])

    def hand_out_table(self, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
                       title: str = "") -> str:
        """Hand out shared tables with these settings; returns the item id. Each student who
        opens it sits at one of its tables (a new one when every one is full or dealt); the
        first at a table is its host, who deals."""
        settings = shared_settings(players, rules, rounds, bots)  # refused here as the server would
        frame = self.client.request({"type": "class_hand_out_table", "title": str(title)[:80], "players": settings["players"],
                                     "variant": settings["variant"], "rounds": settings["rounds"], "bots": settings["bots"]})
        return str(frame["id"])

    # ------------------------------------------------------------------ a game in the review
    def open_game(self, game: str, rollouts: int | None = None, samples: int | None = None) -> Table:
        """Open the game ``game`` (its id, see :meth:`games`) under the view, in the review,
        rebuilt from that student's own seat record (the review works with the student's
        budget unless given, so its grades are theirs); returns the widget."""
        if not any(g["id"] == game for g in self.games()):
            raise MessageError(Message(NO_SUCH_GAME, game=str(game)[:20]))
        frame = self.client.request({"type": "class_record", "game": str(game)[:64]})
        known = next(g for g in self.games() if g["id"] == game)
        table = class_game(frame["record"], frame["student"], frame["seat"], frame["names"], known["round"],
                           rollouts=frame["rollouts"] if rollouts is None else rollouts,
                           samples=frame["samples"] if samples is None else samples, language=self.language,
                           deck=self._deck, table=known["table"])
        self._open_game = game
        self._show(table)
        self._sync()
        return table

    def forget_student(self, name: str) -> None:
        """Delete everything of student ``name`` in the class (at their request): their
        answers, games and place (:meth:`remove_student`)."""
        self.remove_student(name)

    def remove_student(self, name: str) -> None:
        """Remove student ``name`` from the class with everything of theirs (their answers,
        games and place; their notebook is told). Close joining first (:meth:`close_joining`)
        if they should not come back under a new name."""
        self.client.request({"type": "class_forget_student", "student": str(name)[:40]})
        self._sync()

    @property
    def joining(self) -> bool:
        """Whether new students may join (a student who has a place comes back either way)."""
        return bool(self.state.get("joining", True))

    def close_joining(self) -> None:
        """Take no new students (those with a place come back with their token)."""
        self.client.request({"type": "class_joining", "open": False})
        self._sync()

    def open_joining(self) -> None:
        """Take new students again (up to :attr:`size`)."""
        self.client.request({"type": "class_joining", "open": True})
        self._sync()

    @property
    def size(self) -> int:
        """How many students the class takes (at most 300)."""
        return int(self.state.get("size", 300))

    def set_size(self, size: int) -> None:
        """Take at most ``size`` students (1 to 300); below the students it has, it takes no new ones."""
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"a class's size is a number of students, not {str(size)[:20]!r}")
        self.client.request({"type": "class_size", "size": size})
        self._sync()

    @property
    def join_line(self) -> str:
        """The line a student runs in their own notebook to join, as the view shows it: the
        import, the server, the code and (stand-alone) a name to fill in."""
        hub = bool(self.client.hello.get("hub_token"))
        name = "" if hub else ', name="..."'
        return f"from bhabho_widget import Class; Class.join({json.dumps(self.client.server)}, {json.dumps(self.code)}{name})"

    def delete(self) -> None:
        """Delete the class: its students, items, answers, games and tables, at once."""
        self.client.request({"type": "class_delete"})
        self.client.close()

    # ------------------------------------------------------------------ the browser
    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "class_review":
            self.open_game(message["game"])
        elif kind == "class_joining":
            if message["open"]:
                self.open_joining()
            else:
                self.close_joining()
        elif kind == "class_size":
            self.set_size(message["size"])
        elif kind == "class_remove":
            self.remove_student(message["student"])
        elif kind == "class_csv":
            self.send_csv()

    def send_csv(self) -> None:
        """Send the browser the class as CSV text (:meth:`to_csv`) to save as a file: the answer to
        its Download CSV button, a custom message rather than a part of the ``classroom`` trait,
        which would otherwise carry the whole class twice after every answer."""
        file: ClassCsvFile = {"type": "class_csv", "name": f"class-{self.code}.csv", "csv": self.to_csv()}
        self.panel.send(file)

    def _on_state(self, frame: dict[str, Any]) -> None:
        """A change pushed by the server: :attr:`state` has it at once, and the panel is drawn
        again; for a big class (drawing it took more than :data:`DRAW_COSTLY`), at most once in
        three times as long as the drawing took, so that answers streaming in are drawn together."""
        with self._drawing:
            if self._draw_timer is not None:
                return
            wait = self._drawn_at + self._draw_every - time.monotonic()
            if wait > 0:
                self._draw_timer = threading.Timer(wait, self._timed_sync)
                self._draw_timer.daemon = True
                self._draw_timer.start()
                return
        self._sync()

    def _timed_sync(self) -> None:
        with self._drawing:
            self._draw_timer = None
        self._sync()

    def _sync(self) -> None:
        started = time.monotonic()
        self._draw(self.state)
        self._drawn_at = time.monotonic()
        took = self._drawn_at - started
        self._draw_every = 3 * took if took > DRAW_COSTLY else 0.0

    def _draw(self, state: dict[str, Any]) -> None:
        labels = self._translator.labels()
        names = {i["id"]: i.get("names", []) for i in state.get("items", [])}
        titles = {i["id"]: i["title"] for i in state.get("items", [])}
        self._version += 1
        self.panel.classroom = None if not state else {
            "version": self._version, "code": state["code"], "title": state["title"], "teacher": state["teacher"],
            "server": self.client.server[:200], "join": self.join_line, "joining": self.joining, "size": self.size,
            "students": [{"name": s["name"], "consent": s["consent"]} for s in state["students"]],
            "items": [{"id": i["id"], "kind": i["kind"], "title": i["title"],
                       "questions": [{"step": q["step"], "prompt": self._prompt(q), "kind": q["kind"]} for q in i["questions"]],
                       "tables": len(i.get("tables", []))} for i in state["items"]],
            "cells": [{"student": a["student"], "item": a["item"], "step": a["step"], "status": a["status"],
                       "tries": a["tries"], "answers": [_answer_text(c, names.get(a["item"], []), labels) for c in a["answers"]],
                       "correct": list(a["correct"]), "rating": a.get("rating")}
                      for a in state["answers"]],
            "games": [{"id": g["id"], "student": g["student"], "item": g["item"], "title": titles.get(g["item"], ""),
                       "round": g["round"], "counts": _counts(g["counts"]), "finished": float(g["finished"])}
                      for g in state["games"]],
            "open_game": self._open_game,
        }

    def _prompt(self, question: Mapping[str, Any]) -> str:
        """A question as the grid heads it: a puzzle's by its themes, in the teacher's language."""
        if question["kind"] != "puzzle":
            return str(question["prompt"])
        return " · ".join(self._translator.gettext(THEME_TITLES[k]) for k in str(question["prompt"]).split()
                          if k in THEME_TITLES)

    def _static_html(self) -> str:
        return _teacher_html(self)


def _status_words(labels: Mapping[str, str], status: str, tries: int) -> str:
    return labels[f"class_status_{status}"].format(n=tries)


def _teacher_html(view: TeacherClass) -> str:
    """The teacher's view as static HTML: each lesson's grid, and the games with their counts."""
    esc, labels = html.escape, view.translator.labels()
    parts = [f"<h3>{esc(labels['class_teacher_title'].format(title=view.title))}</h3>",
             f"<p>{esc(labels['class_code'].format(code=view.code))}</p>"]
    rows = view.answers()
    for item in (i for i in view.items if i["kind"] == "lesson"):
        head = "".join(f'<th scope="col" title="{esc(q["prompt"])}">{esc(labels["class_question_head"].format(n=k + 1))}'
                       "</th>" for k, q in enumerate(item["questions"]))
        body = []
        for student in view.students:
            cells = "".join(f"<td>{esc(_status_words(labels, r['status'], r['tries']))}</td>"
                            for r in rows if r["student"] == student and r["item"] == item["id"])
            body.append(f'<tr><th scope="row">{esc(student)}</th>{cells}</tr>')
        caption = esc(labels["class_grid_caption"].format(title=item["title"]))
        student_head = esc(labels["class_student_head"])
        parts.append(f"<table><caption>{caption}</caption><thead><tr><th>{student_head}</th>{head}</tr></thead>"
                     f"<tbody>{''.join(body)}</tbody></table>")
    titles = {i["id"]: i["title"] for i in view.items}
    games = []
    for g in view.games():
        row = labels["class_game_row"].format(student=g["student"], title=titles.get(g["item"], ""), round=g["round"])
        games.append(f"<li>{esc(row)}: {esc(labels['review_counts'].format(**_counts(g['counts'])))}</li>")
    if games:
        parts.append(f"<h4>{esc(labels['class_games_title'])}</h4><ul>{''.join(games)}</ul>")
    if not rows:
        parts.append("<table></table>")  # a picture without a lesson yet: an empty grid
    return f'<div class="bhabho-static bhabho-class-static">{"".join(parts)}</div>'


def _student_html(view: StudentClass) -> str:
    """A student's view as static HTML: the notice, the items handed out, what was sent."""
    esc, labels = html.escape, view.translator.labels()
    said = {True: "class_agreed", False: "class_declined", None: "class_undecided"}[view.consent]
    items = []
    for i in view.items:
        kind = labels["class_item_lesson"].format(n=len(i["questions"])) if i["kind"] == "lesson" else \
            labels["class_item_puzzles"].format(n=len(i["questions"])) if i["kind"] == "puzzles" else labels["class_item_table"]
        items.append(f'<tr><th scope="row">{esc(i["title"])}</th><td>{esc(kind)}</td></tr>')
    sent = "".join(f"<li>{esc(_status_words(labels, a['status'], a['tries']))}: {esc(' '.join(map(str, a['answers'])))}</li>"
                   for a in view.mine.get("answers", []))
    sent_html = f"<ul>{sent}</ul>" if sent else f"<p>{esc(labels['class_sent_none'])}</p>"
    return ('<div class="bhabho-static bhabho-class-static">'
            f"<h3>{esc(labels['class_student_title'].format(title=view.title))}</h3>"
            f"<p>{esc(labels['class_notice'])}</p><p><strong>{esc(labels[said])}</strong></p>"
            f"<table><caption>{esc(labels['class_items_title'])}</caption><tbody>{''.join(items)}</tbody></table>"
            f"<h4>{esc(labels['class_sent_title'])}</h4>{sent_html}</div>")


def _lesson_record(lesson: Any, question: str, language: str) -> str:
    """The record of whatever lesson a teacher hands out (see :meth:`TeacherClass.hand_out`)."""
    script = getattr(lesson, "script", None)  # a Lesson widget
    editor_lesson = getattr(lesson, "lesson", None)  # an Editor with a lesson open
    if isinstance(lesson, LessonScript):
        return lesson_to_json(lesson)
    if isinstance(script, LessonScript):
        return lesson_to_json(script)
    if editor_lesson is not None and isinstance(getattr(editor_lesson, "script", None), LessonScript):
        return lesson_to_json(editor_lesson.script)
    if isinstance(lesson, str) and lesson.lstrip().startswith("{"):
        lesson_from_json(lesson)  # a bad record is refused here, with its reason
        return lesson
    if isinstance(lesson, (str, Game)):
        game = Game.from_position(lesson) if isinstance(lesson, str) else lesson
        return lesson_to_json(make_exercise(game, question, language=language))
    raise TypeError(Message(NOT_A_LESSON_SOURCE))


# ---------------------------------------------------------------------- a game in the review
def class_game(record: dict[str, Any], student: str, seat: int, names: list[str], round: int = 1,
               rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES, language: str | None = None,
               deck: str = "two-colour", table: str = "") -> Table:
    """A student's game over at a class table, in the review, for their teacher: the one
    :class:`~.widget.Table` felt over a :class:`~.backend.StoredGame`, the game rebuilt from the
    student's own seat record (:func:`.seat_record.stand_in`), shown at its end from that seat,
    and reviewed for it with the student's budget (so its grades are the ones the student's
    kernel sent), in the third person ("Asha chose"). Read-only: nothing can be played."""
    language = default_language() if language is None else check_language(language)
    title = Message(GAME_TITLE, student=student, table=table or "?", round=round)
    backend = StoredGame(stand_in(record), seat, names, title=title, person=student, rollouts=rollouts, samples=samples,
                         language=language)
    return Table(backend=backend, deck=deck)


# ---------------------------------------------------------------------- the student
class ClassReporter:
    """At a seat of a class's table: once the student agreed, each game over, reviewed in this
    kernel from the seat's own record (the review the student may open, worked out once), is
    sent to the class as the digest of that record and the review's grade counts."""

    def __init__(self, klass: StudentClass, item: str, code: Callable[[], str]) -> None:
        self._klass = weakref.ref(klass)
        self._item = item
        self._code = code
        self._reported: set[str] = set()
        self._lock = threading.Lock()
        self._sent = threading.Condition()
        self.reports: list[dict[str, Any]] = []
        """What this seat sent the class: one ``{"digest", "counts"}`` per game over (or ``error``)."""

    def wanted(self) -> bool:
        klass = self._klass()
        return klass is not None and klass.consent is True

    def __call__(self, run: Any, record: dict[str, Any]) -> None:
        klass = self._klass()
        if klass is None or klass.consent is not True or run.result is None:
            return
        with self._lock:
            digest = record_digest(record)
            if digest in self._reported:
                return
            counts = {g: run.result.count(g) for g in GRADES}
            rollouts, samples = run.budget
            try:
                klass._send({"type": "class_game", "item": self._item, "code": self._code(), "digest": digest,
                             "counts": counts, "rollouts": rollouts, "samples": samples}, wait=True)
                self._reported.add(digest)
                report: dict[str, Any] = {"digest": digest, "counts": counts}
            except Exception as err:  # told under the class's panel: a class never breaks the table
                report = {"error": str(err)[:200]}
                klass._on_error(str(err)[:300])
        with self._sent:
            self.reports.append(report)
            self._sent.notify_all()

    def wait(self, games: int = 1, timeout: float = 120.0) -> bool:
        """Wait until ``games`` games over were sent to the class (or refused); True if so."""
        with self._sent:
            return self._sent.wait_for(lambda: len(self.reports) >= games, timeout)


class StudentClass(_ClassWidget):
    """A student's view of a class (see the module's docstring): the notice and the choice to
    send (:meth:`agree`), the items handed out (:meth:`open`), and what was sent
    (:meth:`sent`, :meth:`forget`)."""

    def __init__(self, client: ClassClient, language: str, deck: str = "two-colour", rollouts: int | None = None,
                 samples: int | None = None, pace: float = 0.6) -> None:
        self._translator = translator(language)
        self._deck = check_deck(deck)
        self._pace = pace
        self.rollouts = DEFAULT_ROLLOUTS if rollouts is None else int(rollouts)
        self.samples = DEFAULT_SAMPLES if samples is None else int(samples)
        self._opened_item: str | None = None
        panel = StudentPanel(self, labels=self._translator.labels(), lang=self._translator.code, deck=self._deck)
        super().__init__(client, panel, language)
        self._sync()

    @property
    def mine(self) -> dict[str, Any]:
        """What the class shows this student: the class, the items, their own answers and games."""
        return dict((self.client.state or {}).get("mine") or {})

    @property
    def name(self) -> str:
        return str((self.client.welcome or {}).get("name", ""))

    @property
    def token(self) -> str:
        """Stand-alone, this student's token: ``Class.join(server, code, name, token=...)`` comes
        back under this name from another notebook ("" on a hub, and after the first join)."""
        return str(self.client.hello.get("token", ""))

    @property
    def title(self) -> str:
        return str(self.mine.get("title", ""))

    @property
    def consent(self) -> bool | None:
        """None until the student decides; then whether their answers and games go to the teacher."""
        return self.mine.get("consent")

    @property
    def items(self) -> list[dict[str, Any]]:
        """The items handed out: ``id``, ``kind`` (``"lesson"`` or ``"table"``), ``title``, the
        lesson's ``questions`` (step, prompt, kind)."""
        return list(self.mine.get("items", []))

    def agree(self, consent: bool = True) -> None:
        """Agree (or, with False, not) that your answers and finished games go to your teacher."""
        self.client.request({"type": "class_consent", "consent": bool(consent)})
        self._sync()

    def sent(self) -> dict[str, Any]:
        """What the class holds of you, as your teacher sees it: ``answers`` (per question the
        answers given, right or not, or skipped) and ``games`` (with their grade counts)."""
        self.client.request({"type": "class_mine"})
        mine = self.mine
        return {"answers": list(mine.get("answers", [])), "games": list(mine.get("games", []))}

    def forget(self) -> None:
        """Delete everything you sent the class; nothing more is sent until you agree again."""
        self.client.request({"type": "class_forget"})
        self._sync()

    def _item(self, item: str | int, asked: bool = False) -> dict[str, Any]:
        items = self.items
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(items):
            return items[item]
        found = next((i for i in items if item in (i["id"], i["title"])), None)
        if found is None and not asked:  # handed out a moment ago: the class is asked again
            self.client.request({"type": "class_mine"})
            return self._item(item, asked=True)
        if found is None:
            raise MessageError(Message(NO_SUCH_ITEM, item=str(item)[:20]))
        return found

    def open(self, item: str | int = 0) -> Any:
        """Open what was handed out (its id, title or number) under this view: a lesson to
        answer (a :class:`~.widget.Lesson` whose answers, and questions passed over, go to the
        class as they are given) or a seat at a class table (a :class:`~.widget.Table` whose
        games over are reviewed here and sent, see :class:`ClassReporter`); returns it."""
        found = self._item(item)
        item_id = found["id"]
        widget: Table
        if found["kind"] == "lesson":
            frame = self.client.request({"type": "class_lesson", "item": item_id})
            script = lesson_from_json(frame["lesson"])
            steps = LessonSteps(LessonScript(script.game.root(), list(script.moves), title=script.title,
                                             exercises=list(script.exercises.values()), seat=script.seat,
                                             reveal_all=script.reveal_all, start=script.start, language=self.language),
                                on_answer=lambda step, choice: self._send({
                                    "type": "class_answer", "item": item_id, "step": step,
                                    "choice": Card.parse(choice).code if isinstance(choice, Card) else choice}),
                                on_skip=lambda step: self._send({"type": "class_skip", "item": item_id, "step": step}))
            widget = Table(backend=steps, deck=self._deck)
        elif found["kind"] == "puzzles":
            widget = self._open_puzzles(item_id)
        else:
            frame = self.client.request({"type": "class_sit", "item": item_id})
            client = TableClient(self.client.server)
            client.resume(frame["code"], frame["seat"], frame["token"], language=self.language)
            reporter = ClassReporter(self, item_id, lambda: client.code or "")
            widget = Table(backend=ServerSeat(client, reporter=reporter, budget=(self.rollouts, self.samples)),
                           pace=self._pace, deck=self._deck)
        self._opened_item = found["id"]
        self._show(widget)
        self._sync()
        return widget

    def _open_puzzles(self, item_id: str) -> Table:
        """A set of puzzles handed out: the practice widget over it, in the set's order; each
        puzzle's answers and the rating's move go to the class as it is done."""
        frame = self.client.request({"type": "class_puzzles", "item": item_id})
        puzzles = [Puzzle.from_line(line) for line in frame["puzzles"]]
        steps = {p.id: k for k, p in enumerate(puzzles)}

        def done(puzzle: Any, answers: list[str], move: float) -> None:
            self._send({"type": "class_puzzle", "item": item_id, "step": steps[puzzle.id], "answers": answers[:3],
                        "rating": round(max(-1000.0, min(1000.0, move)), 1)})

        session = PracticeSession(puzzles=puzzles, progress=self._progress)
        return Table(backend=PracticeBoard(session, language=self.language, mode="set", on_done=done), deck=self._deck)

    _progress: Any = None
    """The learner's progress for a set's puzzles (None: their own progress file)."""

    def _send(self, message: dict[str, Any], wait: bool = False) -> None:
        """Send the class what a lesson or table of it tells, once the student agreed (else nothing)."""
        if self.consent is not True:
            return
        if wait:
            self.client.request(message)
        else:
            try:
                self.client.post(message)
            except MessageError as err:
                self._on_error(str(err))

    def _static_html(self) -> str:
        return _student_html(self)

    # ------------------------------------------------------------------ the browser
    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "class_open":
            self.open(message["item"])
        elif kind == "class_agree":
            check_version(message["version"], self._version, STALE)
            self.agree(message["consent"])
        elif kind == "class_forget":
            check_version(message["version"], self._version, STALE)
            self.forget()

    def _sync(self) -> None:
        mine = self.mine
        labels = self._translator.labels()
        questions = {(i["id"], q["step"]): q["prompt"] for i in mine.get("items", []) for q in i["questions"]}
        numbers = {(i["id"], q["step"]): k + 1 for i in mine.get("items", []) for k, q in enumerate(i["questions"])}
        names = {i["id"]: i.get("names", []) for i in mine.get("items", [])}
        titles = {i["id"]: i["title"] for i in mine.get("items", [])}
        self._version += 1
        self.panel.class_student = None if not mine else {
            "version": self._version, "code": mine["code"], "title": mine["title"], "teacher": mine["teacher"],
            "name": mine["name"], "consent": mine["consent"],
            "items": [{"id": i["id"], "kind": i["kind"], "title": i["title"], "questions": len(i["questions"])}
                      for i in mine["items"]],
            "answers": [{"item": a["item"], "title": titles.get(a["item"], ""), "step": a["step"],
                         "number": numbers.get((a["item"], a["step"]), 0),
                         "prompt": questions.get((a["item"], a["step"]), ""), "status": a["status"], "tries": a["tries"],
                         "answers": [_answer_text(c, names.get(a["item"], []), labels) for c in a["answers"]]}
                        for a in mine["answers"]],
            "games": [{"id": g["id"], "item": g["item"], "title": titles.get(g["item"], ""), "round": g["round"],
                       "counts": _counts(g["counts"])} for g in mine["games"]],
            "opened": self._opened_item,
        }


# ---------------------------------------------------------------------- the way in
class Class:
    """A class on a table server (see the module's docstring): :meth:`create` and :meth:`teach`
    for its teacher, :meth:`join` for a student."""

    @staticmethod
    def create(server: str, title: str, key: str = "", language: str | None = None,
               deck: str = "two-colour") -> TeacherClass:
        """Open a new class on ``server``; returns the teacher's view (``.code``: the code
        students join with). Stand-alone, ``key`` is the teacher key the server printed when
        it started; on a hub, you teach as a member of the server's teachers group or an admin."""
        language = default_language() if language is None else check_language(language)
        client = ClassClient(server)
        client.open({"type": "class_create", "title": str(title)[:80], "key": str(key)[:64],
                     "hub_token": client.hub_token(), "language": language})
        return TeacherClass(client, language, deck)

    @staticmethod
    def teach(server: str, code: str, key: str = "", language: str | None = None,
              deck: str = "two-colour") -> TeacherClass:
        """Open your class ``code`` on ``server`` again, as its teacher."""
        language = default_language() if language is None else check_language(language)
        client = ClassClient(server)
        client.open({"type": "class_teach", "code": str(code)[:32], "key": str(key)[:64],
                     "hub_token": client.hub_token(), "language": language})
        return TeacherClass(client, language, deck)

    @staticmethod
    def join(server: str, code: str, name: str | None = None, token: str = "", language: str | None = None,
             deck: str = "two-colour", rollouts: int | None = None, samples: int | None = None,
             pace: float = 0.6) -> StudentClass:
        """Join the class ``code`` on ``server`` as a student; returns your view of it. On a
        hub you join under your hub name; stand-alone under ``name`` (and, from another
        notebook, with the ``token`` your first join gave: ``klass.token``). ``rollouts`` and
        ``samples``: the review's budget for your games (default: the review's own)."""
        language = default_language() if language is None else check_language(language)
        client = ClassClient(server)
        client.open({"type": "class_join", "code": str(code)[:32], "name": (default_name() if name is None else name)[:40],
                     "token": str(token)[:64], "hub_token": client.hub_token(), "language": language})
        return StudentClass(client, language, deck, rollouts=rollouts, samples=samples, pace=pace)
