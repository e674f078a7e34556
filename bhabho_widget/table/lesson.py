"""Lessons in plain Python: a scripted position or a recorded game, one step at a time.

A :class:`LessonScript` starts from any game (a custom position from ``Game.from_hands``,
a dealt game, or a finished game to replay) and a list of further moves. It steps back
and forth; each step shows the engine's explanation of what happened. An
:class:`Exercise` asks the learner a question at a chosen step, and the engine checks the
answer. Every exercise is checked when the lesson is built: a question whose right answer
cannot be chosen is an error for the author, not a puzzle for the learner.

The lesson keeps, per question, the answers given, whether the first was right and how many
tries it took (a question passed without an answer counts as skipped); its last step shows
a summary, and :meth:`LessonScript.results` returns the record as plain data (JSON) with a
small table, for a teacher to collect.

The :class:`~bhabho_widget.table.widget.Lesson` widget shows a script in the notebook.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
>>> script = LessonScript(g, ["KH", "5H", "4S"], exercises=[Exercise(2, "Who picks up?", "seat", "picker")])
>>> script.goto(2)
>>> script.answer(1)["correct"], script.answer(0)["correct"]
(False, True)
>>> script.results()["items"][0]["answers"], script.results()["right_first_time"]
([1, 0], 0)
>>> script.goto(3)
>>> script.summary_text()
'1 of 1 answered, 0 right first time.'
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import sqlite3
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..engine.cards import Card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.move import Move
from ..i18n import N_, Joined, ListOf, Message, SeatName, Translator, check_language, translator
from ..puzzles.progress import Progress, ProgressError
from . import protocol_types as wire
from .traits import tracker_trait
from .view import View, build_view, log_lines

ENGINE_ANSWERS = ("next_leader", "picker")
TAKE_CHOICES = ("take", "pass")
STATUSES = ("right_first", "right", "wrong", "skipped", "open")
"""How a question went: right at the first answer, right after more tries, answered but never
right, passed without an answer, or not reached (nor answered) yet."""

# the feedback of a question with an answer key (the coach's numbers, see KeyRow)
KEY_TIED = N_("{actions} are as good as each other here, within the simulations' margin of error.")
KEY_TIED_TAKE = N_("Taking and passing are as good as each other here, within the simulations' margin of error.")
KEY_CHANCES = N_("The chance of ending as the bhabhi is {chances}.")
KEY_CHANCE_WITH = N_("{p} with {card}")
KEY_CHANCES_TAKE = N_("The chance of ending as the bhabhi is {p_take} if you take and {p_pass} if you pass.")
KEY_ACCEPTED = N_("This lesson accepts this answer, though the coach's simulations find it worse.")
KEY_ASKS_CARD = N_("Not quite: this lesson asks for {cards}.")
KEY_ASKS_TAKE = N_("Not quite: this lesson asks you to take.")
KEY_ASKS_PASS = N_("Not quite: this lesson asks you to pass.")
KEY_ONE_LEFT = N_("at least one answer must stay accepted")
KEY_NONE = N_("this question has no answer key: the rules decide who picks up")


def _pct(p: float) -> str:
    """A chance as a whole percentage, halves rounded up: the coach's own rounding
    (:func:`bhabho_widget.coach.causes.percent`), so the feedback gives the numbers of its reason."""
    return f"{int(math.floor(p * 100 + 0.5 + 1e-9))}%"


@dataclass(frozen=True)
class KeyRow:
    """One action of an exercise's answer key, as the coach judged it: ``action`` (a card code,
    ``"take"`` or ``"pass"``), its chance ``p`` of ending as the bhabhi with its 95 % interval
    ``lo``..``hi``, ``within``: the coach counts it right (its choice, or as good within the
    simulations' margin: the paired difference's interval holds 0), ``best``: the coach's
    choice, ``rollouts``: the continuations it was played out in. Which actions the lesson
    accepts is the exercise's ``answer``: the coach's ``within`` ones, unless a teacher chose
    otherwise (:meth:`LessonScript.set_answer`)."""

    action: str
    p: float
    lo: float
    hi: float
    within: bool
    best: bool = False
    rollouts: int = 0

    FIELDS = ("action", "p", "lo", "hi", "within", "best", "rollouts")

    def __post_init__(self) -> None:
        if not isinstance(self.action, str):
            raise TypeError(f"KeyRow.action must be a card code, 'take' or 'pass', not {self.action!r}"[:120])
        for name in ("p", "lo", "hi"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise ValueError(f"KeyRow.{name} must be a chance from 0 to 1, not {value!r}"[:120])
            object.__setattr__(self, name, float(value))
        if self.lo > self.hi:
            raise ValueError("KeyRow.lo must not be above KeyRow.hi")
        for name in ("within", "best"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"KeyRow.{name} must be True or False")
        if not isinstance(self.rollouts, int) or isinstance(self.rollouts, bool) or self.rollouts < 0:
            raise ValueError(f"KeyRow.rollouts must be a count, not {self.rollouts!r}"[:120])

    @classmethod
    def of(cls, row: KeyRow | Mapping[str, Any]) -> KeyRow:
        """A row, or one from its record (a mapping of the fields)."""
        if isinstance(row, KeyRow):
            return row
        if not isinstance(row, Mapping) or set(row) != set(cls.FIELDS):
            raise ValueError(f"an answer key's row has the fields {', '.join(cls.FIELDS)}")
        return cls(**row)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS}


@dataclass(frozen=True)
class Exercise:
    """A question asked when the lesson shows step ``step`` (before move ``step + 1``).

    - ``kind="card"``: "which card would you play?" for the player to move; ``answer`` is a
      card code or a tuple of codes that count as right (None: any legal card is right).
    - ``kind="seat"``: "which seat ...?"; ``answer`` is a seat, or ``"next_leader"`` (who
      has the power after the next move) or ``"picker"`` (who picks up in the next move),
      which the engine works out.
    - ``kind="take"``: "take the next player's hand, or pass?"; ``answer`` is ``"take"`` or
      ``"pass"``, or both (``("take", "pass")``) when either is right.

    ``hint`` is offered before answering; ``explain`` follows the right answer. A first
    wrong answer gets the hint and another try; the answer is given after the second.

    ``key``: the coach's answer key of a card or take question (:class:`KeyRow` per action,
    from :func:`~.exercises.make_exercise`): the feedback then gives the coach's numbers, says
    when the answer is as good as another right one, and never contradicts the answer the
    lesson accepts (where a teacher accepts what the coach finds worse, or refuses what it
    finds as good, the feedback says so, without the coach's reason).
    """

    step: int
    prompt: str
    kind: Literal["card", "seat", "take"] = "card"
    answer: Any = None
    explain: str = ""
    hint: str = ""
    key: tuple[KeyRow, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.step, int) or isinstance(self.step, bool) or self.step < 0:
            raise ValueError(f"Exercise.step must be a step number (0 or more), not {self.step!r}")
        for name in ("prompt", "explain", "hint"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"Exercise.{name} must be text, not {getattr(self, name)!r}"[:120])
        if not self.prompt.strip():
            raise ValueError("Exercise.prompt must ask something")
        if self.kind not in ("card", "seat", "take"):
            raise ValueError(f"Exercise.kind must be 'card', 'seat' or 'take', not {self.kind!r}")
        if self.kind == "card" and self.answer is not None:
            codes = (self.answer,) if isinstance(self.answer, (str, Card)) else tuple(self.answer)
            if not codes:
                raise ValueError("a card exercise needs at least one right card (or answer=None: any legal card)")
            object.__setattr__(self, "answer", tuple(Card.parse(c).code for c in codes))
        if self.kind == "seat" and not (isinstance(self.answer, int) and not isinstance(self.answer, bool)
                                        or self.answer in ENGINE_ANSWERS):
            raise ValueError(f"a seat exercise needs answer=<seat>, 'next_leader' or 'picker', not {self.answer!r}")
        if self.kind == "take":
            choices = (self.answer,) if isinstance(self.answer, str) else self.answer
            if not isinstance(choices, (tuple, list)) or not choices or any(c not in TAKE_CHOICES for c in choices):
                raise ValueError(f"a take exercise needs answer='take' or 'pass' (or both), not {self.answer!r}"[:120])
            both = tuple(c for c in TAKE_CHOICES if c in choices)
            object.__setattr__(self, "answer", both[0] if len(both) == 1 else both)
        if isinstance(self.key, (str, Mapping)) or not isinstance(self.key, (tuple, list)):
            raise TypeError("Exercise.key must be a list of KeyRow (or of their records)")
        rows = tuple(KeyRow.of(r) for r in self.key)
        if rows and self.kind == "seat":
            raise ValueError("a seat exercise has no answer key: the rules decide who picks up")
        if self.kind == "card":
            rows = tuple(dataclasses.replace(r, action=Card.parse(r.action).code) for r in rows)
        elif any(r.action not in TAKE_CHOICES for r in rows):
            raise ValueError("a take exercise's answer key has the rows 'take' and 'pass'")
        if len({r.action for r in rows}) != len(rows):
            raise ValueError("an answer key has one row per action")
        object.__setattr__(self, "key", rows)


class Told(str):
    """Events as ``seat`` reads them (every card shown when ``reveal``): English as a
    ``str``, and told again in another language by :meth:`localize`."""

    events: tuple[Event, ...]
    seat: int
    reveal: bool

    def __new__(cls, events: Sequence[Event], seat: int, reveal: bool) -> Told:
        obj = super().__new__(cls, " ".join(e.describe(seat, reveal=reveal) for e in events))
        obj.events, obj.seat, obj.reveal = tuple(events), seat, reveal
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        return " ".join(e.describe(self.seat, reveal=self.reveal, translator=translator, names=names) for e in self.events)

    def __reduce__(self) -> tuple[Any, ...]:
        return Told, (self.events, self.seat, self.reveal)


class LessonResults(dict):  # type: ignore[type-arg]
    """How a lesson went, as plain data: a ``dict`` of numbers, texts and lists only, so
    ``json.dumps(results)`` (or :meth:`to_json`) stores it as it is. Keys: ``title``,
    ``language``, ``questions``, ``answered``, ``right_first_time``, ``right``,
    ``skipped``, ``summary`` (the sentence the lesson's last step shows) and ``items``,
    one per question in step order: ``step``, ``prompt``, ``kind``, ``answers`` (the
    choices given, in order: card codes, seats, ``"take"``/``"pass"``), ``answer_texts``
    (the same as the learner read them: K♥, a seat's name, Take the hand), ``correct`` (one
    bool per answer), ``first_right`` (None before any answer), ``tries`` (answers up to the
    first right one, or all of them), ``right``, ``status`` (one of :data:`STATUSES`) and
    ``result`` (the status in the lesson's language). In a notebook it shows as a table;
    :meth:`table` is the same as text."""

    HEADERS = ("Step", "Question", "Answers", "Tries", "Result")

    def __init__(self, data: dict[str, Any], headers: Sequence[str] = HEADERS) -> None:
        super().__init__(data)
        self.headers = tuple(headers)
        """The table's column headers, in the lesson's language."""

    def _headers(self) -> list[str]:
        return list(self.headers)

    def _rows(self) -> list[list[str]]:
        return [[str(it["step"]), it["prompt"], ", ".join(it["answer_texts"]) or "–", str(it["tries"]), it["result"]]
                for it in self["items"]]

    def table(self) -> str:
        """The results as a text table (one line per question, then the summary)."""
        head, rows = self._headers(), self._rows()
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
        out = [line(head), line(["-" * w for w in widths]), *(line(r) for r in rows), self["summary"]]
        return "\n".join(out)

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(h)}</th>" for h in self._headers())
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in self._rows())
        title = f"<caption>{esc(self['title'])}</caption>" if self["title"] else ""
        return (f'<table class="bhabho-lesson-results">{title}<thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
                f"</table><p>{esc(self['summary'])}</p>")

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self, ensure_ascii=False)

    def __reduce__(self) -> tuple[Any, ...]:
        return LessonResults, (dict(self), self.headers)


class LessonScript:
    """Step through ``game`` followed by ``moves``, seen from ``seat``.

    The moves already made in ``game`` are part of the lesson, so ``LessonScript(recorded)``
    replays a finished game. With ``reveal_all=False`` only ``seat``'s cards are shown,
    in the table, the log, the exercises and their feedback alike. ``language`` (see
    :data:`.i18n.LANGUAGES`) is the language of the engine's explanations and the
    feedback; the title and the exercises' own texts are shown as the author wrote them.
    """

    def __init__(self, game: Game, moves: Sequence[Move | Card | str] = (), title: str = "",
                 exercises: Sequence[Exercise] = (), seat: int = 0, reveal_all: bool = True, start: int = 0,
                 language: str = "en") -> None:
        self.translator: Translator = translator(check_language(language))
        if not isinstance(game, Game):
            raise TypeError(f"a lesson needs a Game, not {type(game).__name__}")
        if isinstance(moves, str) or not isinstance(moves, Sequence):
            raise TypeError("moves must be a list of moves: cards like '10H', takes like 'take 2'")
        if not isinstance(title, str):
            raise TypeError("title must be text")
        if not isinstance(reveal_all, bool):
            raise TypeError("reveal_all must be True or False")
        g = game.copy()
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.num_players:
            raise ValueError(f"seat must be from 0 to {g.num_players - 1}, not {seat!r}")
        self.seat = seat
        self.title = title
        self.reveal_all = reveal_all
        played = g.moves  # the moves already made in ``game`` are the lesson's first
        g = g.root()
        self._ends = [g.event_count]
        script: list[Move] = []
        for k, move in enumerate([*played, *moves]):
            try:
                m = Move.parse(move)
                g.push(m)
            except (ValueError, TypeError) as err:
                raise IllegalMoveError(f"lesson move {k + 1} ({str(move)[:20]!r}) is illegal: {err}") from None
            script.append(m)
            self._ends.append(g.event_count)
        self.game = g.root()
        self.moves = script
        """The lesson's moves from its start, each a :class:`Move`."""
        self.exercises: dict[int, Exercise] = {}
        self._right: dict[int, Any] = {}
        for ex in exercises:
            if not isinstance(ex, Exercise):
                raise TypeError(f"exercises must be Exercise objects, not {ex!r}"[:120])
            if not 0 <= ex.step < len(script):
                raise ValueError(f"exercise step {ex.step} is outside the lesson's steps 0..{len(script) - 1}")
            if ex.step in self.exercises:
                raise ValueError(f"two exercises at step {ex.step}")
            self.exercises[ex.step] = ex
        for ex in self.exercises.values():
            self._right[ex.step] = self._check_exercise(ex)
        self._feedback: tuple[bool, str] | None = None
        self.version = 0
        """Grows with every change of what the learner sees (a step, an answer, a language)."""
        # the record: per question step, each answer given and whether it was right; the
        # questions passed (Next, End, the slider) before any answer
        self._answers: dict[int, list[tuple[Any, bool]]] = {step: [] for step in self.exercises}
        self._skipped: set[int] = set()
        if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= len(script):
            raise ValueError(f"start must be a step from 0 to {len(script)}, not {start!r}")
        self.start = start
        """The step the lesson opens at (a lesson made at a moment of a game opens there; Back
        shows what led to it)."""
        self.goto(start, _learner=False)

    # ------------------------------------------------------------------ building
    def _at(self, step: int) -> Game:
        return self.game.replay(self.moves[:step])

    def _check_exercise(self, ex: Exercise) -> Any:
        """The right answer of ``ex``, checked against the choices offered at its step."""
        g = self._at(ex.step)
        where = f"exercise at step {ex.step} ({ex.prompt[:40]!r})"
        if ex.kind == "card":
            mover = g.current_player
            if mover is None:
                raise ValueError(f"{where}: nobody is to play at that step")
            if mover != self.seat and not self.reveal_all:
                raise ValueError(f"{where}: with reveal_all=False a card question may only be asked of the lesson's "
                                 f"seat {self.seat}, not of {g.names[mover]}, whose hand is hidden")
            legal = {c.code for c in g.legal_cards()}
            wrong = [c for c in (ex.answer or ()) if c not in legal] + [r.action for r in ex.key if r.action not in legal]
            if wrong:
                raise ValueError(f"{where}: {', '.join(wrong)} cannot be played by {g.names[mover]} there")
            return ex.answer
        if ex.kind == "take":
            if g.take_refusal() is not None or not g.hand_mask(self.seat):
                raise ValueError(f"{where}: {g.names[self.seat]} may not take at that step")
            return ex.answer
        if isinstance(ex.answer, int):
            if not 0 <= ex.answer < g.num_players:
                raise ValueError(f"{where}: there is no seat {ex.answer}")
            return ex.answer
        trial = g.copy()
        events = trial.push(self.moves[ex.step])
        if ex.answer == "next_leader":
            if trial.leader is None:
                raise ValueError(f"{where}: nobody has the power after the next move")
            return trial.leader
        picker = next((e.seat for e in events if e.kind == "pickup"), None)
        if picker is None:
            raise ValueError(f"{where}: nobody picks up in the next move")
        return picker

    def choices(self, step: int) -> list[Any]:
        """The answers offered at ``step``'s exercise: cards of the player to move, every seat,
        or take/pass. A card question with the coach's answer key (what should be played,
        :func:`~.exercises.make_exercise`) offers the cards the position allows; one without
        (a rule question such as "which card may Player 1 play?") the whole hand."""
        ex = self.exercises[step]
        if ex.kind == "card":
            g = self._at(step)
            hand = g.hand(g.current_player)  # type: ignore[arg-type]
            if ex.key:
                legal = set(g.legal_cards())
                return [c.code for c in hand if c in legal]
            return [c.code for c in hand]
        if ex.kind == "take":
            return list(TAKE_CHOICES)
        return list(range(self.game.num_players))

    # ------------------------------------------------------------------ stepping
    @property
    def step(self) -> int:
        return self.game.move_count

    @property
    def length(self) -> int:
        return len(self.moves)

    def goto(self, index: int, *, _learner: bool = True) -> None:
        """Show the position after ``index`` moves (0 is the start). Going forward past a
        question that has no answer yet marks it skipped (its answer shows in the steps
        after it)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= self.length:
            raise MessageError(f"step must be 0 to {self.length}, not {str(index)[:20]}")
        g = self.game
        if _learner:
            self._skipped.update(s for s in self.exercises if self.step <= s < index and not self._answers[s])
        while g.move_count > index:
            g.undo()
        while g.move_count < index:
            g.push(self.moves[g.move_count])
        self._feedback = None
        self.version += 1

    def answer(self, choice: Any) -> wire.Feedback:
        """Check the learner's answer to the exercise at this step; returns the feedback
        ``{"correct", "text"}``. Nothing about the game changes."""
        ex = self.exercises.get(self.step)
        if ex is None:
            raise MessageError(Message("there is no question at this step"))
        if choice not in self.choices(self.step) and not (ex.kind == "card" and isinstance(choice, Card)):
            raise MessageError(f"{str(choice)[:20]!r} is not one of the choices")
        given = self._answers[self.step]
        tries = len(given) + 1
        if ex.kind == "card":
            feedback = self._check_card(ex, choice, tries)
            choice = Card.parse(choice).code
        elif ex.kind == "take":
            feedback = self._check_take(ex, choice, tries)
        else:
            feedback = self._check_seat(ex, choice, tries)
        given.append((choice, feedback[0]))
        self._feedback = feedback
        self.version += 1
        self._keep(self.step, choice, bool(feedback[0]), first_try=tries == 1)
        return self._feedback_dict(feedback)

    progress: Any = None
    """Where each answer is kept between sessions (a :class:`~bhabho_widget.puzzles.Progress`):
    None, the learner's own progress file, opened at the first answer; False, nowhere."""

    def _keep(self, step: int, choice: Any, correct: bool, first_try: bool) -> None:
        """Keep one answer in the learner's progress (see :attr:`progress`); a progress file
        that cannot be used is said once, as a warning, and the lesson goes on without it."""
        if self.progress is False:
            return
        try:
            if self.progress is None:
                self.progress = Progress()
            self.progress.record_lesson(self.title or "lesson", step, choice, correct, first_try)
        except (ProgressError, OSError, sqlite3.Error) as err:
            self.progress = False
            warnings.warn(f"this lesson's answers are not kept between sessions: {err}", stacklevel=3)

    def judge(self, step: int, choice: Any) -> tuple[Any, bool]:
        """``(choice, right)``: the answer ``choice`` to the question at ``step`` as the record
        keeps it (a card code, a seat, ``"take"`` or ``"pass"``) and whether :meth:`answer`
        counts it right, without feedback and without changing anything (a class's server
        judges its students' answers by the lesson's own key). A choice that is not offered
        there is a MessageError."""
        ex = self.exercises.get(step) if isinstance(step, int) and not isinstance(step, bool) else None
        if ex is None:
            raise MessageError(Message("there is no question at this step"))
        choices = self.choices(step)
        if ex.kind == "card":
            try:
                choice = Card.parse(choice).code
            except (ValueError, TypeError):
                raise MessageError(f"{str(choice)[:20]!r} is not one of the choices") from None
        if isinstance(choice, bool) or choice not in choices:
            raise MessageError(f"{str(choice)[:20]!r} is not one of the choices")
        if ex.kind == "card":
            legal = {c.code for c in self._at(step).legal_cards()}
            right = self._right[step]
            return choice, choice in legal and (right is None or choice in right)
        if ex.kind == "take":
            return choice, choice in self._accepted(ex)
        return choice, choice == self._right[step]

    # ------------------------------------------------------------------ the answer key
    def right_answer(self, step: int) -> Any:
        """What the lesson counts right at ``step``'s question: the accepted card codes (None:
        any legal card), ``"take"``/``"pass"`` (or both), or the seat (for who picks up, the
        rules' answer)."""
        if step not in self.exercises:
            raise MessageError(Message("there is no question at this step"))
        return self._right[step]

    def _keyed_step(self, step: int | None) -> int:
        """The step of the question whose key is asked for: ``step``, else the question shown,
        else the first question with a key."""
        if step is None:
            step = self.step if self.step in self.exercises else next(
                (s for s in sorted(self.exercises) if self.exercises[s].kind != "seat"), None)
            if step is None:
                raise MessageError(Message(KEY_NONE) if self.exercises else Message("there is no question at this step"))
        if step not in self.exercises:
            raise MessageError(Message("there is no question at this step"))
        if self.exercises[step].kind == "seat":
            raise MessageError(Message(KEY_NONE))
        return step

    def answer_key(self, step: int | None = None) -> list[dict[str, Any]]:
        """The answer key of the card or take question at ``step`` (default: the question shown,
        else the first): one row per action (each legal card, or take and pass), as plain
        data: ``action``, ``label`` (as the learner reads it), the coach's chance ``p`` of
        ending as the bhabhi with its 95 % interval ``lo``..``hi`` (None without a key),
        ``within`` (the coach counts it right), ``best`` (the coach's choice), ``rollouts``
        and ``accepted`` (the lesson counts it right)."""
        step = self._keyed_step(step)
        ex = self.exercises[step]
        accepted = set(self._accepted(ex))
        rows = {r.action: r for r in ex.key}
        if ex.kind == "take":
            actions = list(TAKE_CHOICES)
        else:
            actions = [r.action for r in ex.key] or [c.code for c in self._at(step).legal_cards()]
        out = []
        for action in actions:
            r = rows.get(action)
            out.append({"action": action, "label": self._answer_text(step, action),
                        "p": None if r is None else r.p, "lo": None if r is None else r.lo,
                        "hi": None if r is None else r.hi, "within": None if r is None else r.within,
                        "best": None if r is None else r.best, "rollouts": 0 if r is None else r.rollouts,
                        "accepted": action in accepted})
        return out

    def set_answer(self, action: Any, accepted: bool = True, step: int | None = None) -> None:
        """Accept (or refuse, ``accepted=False``) ``action`` as a right answer to the card or
        take question at ``step`` (default: as :meth:`answer_key`): the teacher's answer key.
        At least one answer stays accepted. The answers given to that question so far are
        forgotten, since they were judged by the key before."""
        if not isinstance(accepted, bool):
            raise MessageError("accepted must be true or false")
        step = self._keyed_step(step)
        ex = self.exercises[step]
        offered = [r["action"] for r in self.answer_key(step)]
        if ex.kind == "card":
            try:
                code = Card.parse(action).code
            except (ValueError, TypeError):
                raise MessageError(f"{str(action)[:20]!r} is not a card") from None
        else:
            code = action
        if code not in offered:
            raise MessageError(f"{str(action)[:20]!r} is not one of the answers: {', '.join(offered)}")
        now = set(self._accepted(ex))
        now = now | {code} if accepted else now - {code}
        if not now:
            raise MessageError(Message(KEY_ONE_LEFT))
        answer: Any = tuple(a for a in offered if a in now)
        if ex.kind == "take":
            answer = answer[0] if len(answer) == 1 else answer
        new = dataclasses.replace(ex, answer=answer)
        self._right[step] = self._check_exercise(new)
        self.exercises[step] = new
        self._answers[step] = []
        self._skipped.discard(step)
        self._feedback = None
        self.version += 1

    # ------------------------------------------------------------------ the record
    def status(self, step: int) -> wire.QuestionStatus:
        """How the question at ``step`` went so far: one of :data:`STATUSES`."""
        given = self._answers[step]
        if given:
            if given[0][1]:
                return "right_first"
            return "right" if any(right for _, right in given) else "wrong"
        return "skipped" if step in self._skipped else "open"

    def _tries_of(self, step: int) -> int:
        given = self._answers[step]
        first = next((i for i, (_, right) in enumerate(given) if right), None)
        return len(given) if first is None else first + 1

    def _result_text(self, step: int) -> str:
        status, tr = self.status(step), self.translator
        if status == "right_first":
            return tr.pgettext("lesson results", "right first time")
        if status == "right":
            return tr.pgettext("lesson results", "right after {n} tries").format(n=self._tries_of(step))
        if status == "wrong":
            return tr.pgettext("lesson results", "not answered right")
        if status == "skipped":
            return tr.pgettext("lesson results", "skipped")
        return tr.pgettext("lesson results", "not asked yet")

    def _answer_text(self, step: int, choice: Any) -> str:
        if isinstance(choice, int):
            return self.names()[choice]
        if choice in TAKE_CHOICES:
            labels = self.translator.labels()
            return labels["exercise_take" if choice == "take" else "exercise_pass"]
        return str(Card.parse(choice))

    def _counts(self) -> dict[str, int]:
        statuses = [self.status(s) for s in self.exercises]
        return {"questions": len(statuses),
                "answered": sum(st in ("right_first", "right", "wrong") for st in statuses),
                "right_first_time": statuses.count("right_first"),
                "right": sum(st in ("right_first", "right") for st in statuses),
                "skipped": statuses.count("skipped")}

    def summary_text(self) -> str:
        """The record in one sentence, in the lesson's language: "2 of 3 answered, 1 right
        first time." (and how many were skipped, if any)."""
        c, tr = self._counts(), self.translator
        text = tr.pgettext("lesson results", "{answered} of {total} answered, {right} right first time.").format(
            answered=c["answered"], total=c["questions"], right=c["right_first_time"])
        if c["skipped"]:
            text += " " + tr.pgettext("lesson results", "Skipped: {n}.").format(n=c["skipped"])
        return text

    def results(self) -> LessonResults:
        """How the lesson went, per question: the answers given, whether the first was
        right, how many tries it took; plain data (JSON) that shows as a table."""
        items = []
        for step in sorted(self.exercises):
            ex, given = self.exercises[step], self._answers[step]
            items.append({
                "step": step, "prompt": ex.prompt, "kind": ex.kind,
                "answers": [choice for choice, _ in given],
                "answer_texts": [self._answer_text(step, choice) for choice, _ in given],
                "correct": [right for _, right in given],
                "first_right": given[0][1] if given else None,
                "tries": self._tries_of(step),
                "right": any(right for _, right in given),
                "status": self.status(step),
                "result": self._result_text(step),
            })
        tr = self.translator
        headers = [tr.pgettext("lesson results", "Step"), tr.pgettext("lesson results", "Question"),
                   tr.pgettext("lesson results", "Answers"), tr.pgettext("lesson results", "Tries"),
                   tr.pgettext("lesson results", "Result")]
        return LessonResults({"title": self.title, "language": self.language, **self._counts(),
                              "summary": self.summary_text(), "items": items}, headers)

    def _feedback_dict(self, feedback: tuple[bool, str]) -> wire.Feedback:
        correct, text = feedback
        return wire.Feedback(correct=correct, text=self.localize(text))

    def _text(self, events: Sequence[Event]) -> Told:
        return Told(events, self.seat, self.reveal_all)

    def _wrong(self, ex: Exercise, tries: int, reveal: str, explain: bool = True) -> str:
        if tries == 1:
            return Joined(" ", Message("Not quite. Try again."), Message("Hint: {hint}", hint=ex.hint) if ex.hint else "")
        return Joined(" ", Message("Not quite: {answer}", answer=reveal), ex.explain if explain else "")

    def _accepted(self, ex: Exercise) -> tuple[str, ...]:
        """The actions the lesson accepts at ``ex`` (card codes, or take and pass)."""
        right = self._right[ex.step]
        if right is None:  # a card question where any legal card is right
            return tuple(c.code for c in self._at(ex.step).legal_cards())
        return (right,) if isinstance(right, str) else tuple(right)

    def _keyed(self, ex: Exercise, action: str, right: bool, tries: int, what: str, better: str) -> tuple[bool, str]:
        """The feedback of an answer to a question with an answer key: the coach's numbers where
        they agree with the lesson's answer; where a teacher chose otherwise, what the lesson
        accepts, without the numbers and the coach's reason that would contradict it."""
        rows = {r.action: r for r in ex.key}
        row = rows.get(action)
        if row is None:  # an action the key does not hold (cannot happen for a key from make_exercise)
            if right:
                return True, Joined(" ", Message("Right!"), what, ex.explain)
            return False, self._wrong(ex, tries, Joined(" ", better, what))
        accepted = self._accepted(ex)
        # the coach's reason argues for its choice against the clearly worse actions (or says
        # that it hardly matters): it follows that choice, or the refusal of a clearly worse
        # one, while the lesson accepts what the coach counts right; once a teacher changed
        # the key it might contradict the lesson, and the numbers alone are given
        reason = set(accepted) == {r.action for r in ex.key if r.within}
        if right and row.within:
            explain = ex.explain if row.best and reason else ""
            ties = [r for r in ex.key if r.action != action and r.within and r.action in accepted]
            if not ties:
                return True, Joined(" ", Message("Right!"), what, explain)
            if ex.kind == "take":
                tied: str = Message(KEY_TIED_TAKE)
            else:
                tied = Message(KEY_TIED, actions=ListOf([str(Card.parse(r.action)) for r in [row, *ties]]))
            return True, Joined(" ", Message("Right!"), tied, self._chances(ex, [row, *ties]), what, explain)
        if right:  # a teacher accepts what the coach finds clearly worse
            shown = [row, *(r for r in ex.key if r.best and r is not row)]
            return True, Joined(" ", Message("Right!"), Message(KEY_ACCEPTED), self._chances(ex, shown), what)
        if row.within:  # a teacher refuses what the coach finds as good: no numbers, which would say so
            if tries == 1:
                return False, self._wrong(ex, tries, "")
            if ex.kind == "take":
                asks: str = Message(KEY_ASKS_TAKE if accepted == ("take",) else KEY_ASKS_PASS)
            else:
                asks = Message(KEY_ASKS_CARD, cards=ListOf([str(Card.parse(c)) for c in accepted], "or"))
            return False, Joined(" ", asks, what)
        better_rows = sorted((r for r in ex.key if r.action in accepted), key=lambda r: (r.p, r.action))[:1]
        return False, self._wrong(ex, tries, Joined(" ", better, self._chances(ex, [row, *better_rows]), what),
                                  explain=reason)

    def _chances(self, ex: Exercise, rows: Sequence[KeyRow]) -> str:
        """The coach's chances of ending as the bhabhi after ``rows``' actions, in one sentence."""
        if ex.kind == "take":
            by = {r.action: r for r in ex.key}
            return Message(KEY_CHANCES_TAKE, p_take=_pct(by["take"].p), p_pass=_pct(by["pass"].p))
        items = [Message(KEY_CHANCE_WITH, p=_pct(r.p), card=Card.parse(r.action)) for r in rows]
        return Message(KEY_CHANCES, chances=ListOf(items))

    def _check_card(self, ex: Exercise, choice: Card | str, tries: int) -> tuple[bool, str]:
        g = self.game
        card = Card.parse(choice)
        mover = g.current_player
        trial = g.copy()
        try:
            events = trial.play(card)
        except IllegalMoveError as err:
            return False, Message("{card} is not allowed: {why}.", card=card, why=err.args[0] if len(err.args) == 1 else err)
        right = self._right[ex.step]
        told = self._text(events)
        if mover == self.seat:
            what = Message("If you play {card}: {events}", card=card, events=told)
        else:
            what = Message("If {name} plays {card}: {events}", name=SeatName(g.names[mover], mover), card=card,  # type: ignore[index,arg-type]
                           events=told)
        is_right = right is None or card.code in right
        better = Message("the better card is {cards}.", cards=ListOf([str(Card.parse(c)) for c in right or ()], "or"))
        if ex.key:
            return self._keyed(ex, card.code, is_right, tries, what, better)
        if is_right:
            return True, Joined(" ", Message("Right!"), what, ex.explain)
        return False, self._wrong(ex, tries, Joined(" ", better, what))

    def _check_take(self, ex: Exercise, choice: str, tries: int) -> tuple[bool, str]:
        accepted = self._accepted(ex)
        better = Message("the better choice is to take.") if accepted == ("take",) else \
            Message("the better choice is to pass.")
        if ex.key:
            return self._keyed(ex, choice, choice in accepted, tries, "", better)
        if choice in accepted:
            return True, Joined(" ", Message("Right!"), ex.explain)
        return False, self._wrong(ex, tries, better)

    def _check_seat(self, ex: Exercise, choice: int, tries: int) -> tuple[bool, str]:
        g = self.game
        right = self._right[ex.step]
        events: list[Event] = []
        if ex.answer in ENGINE_ANSWERS:
            events = g.copy().push(self.moves[self.step])
        if choice == right:
            return True, Joined(" ", Message("Right!"), self._text(events), ex.explain)
        who = Message("it is you.") if right == self.seat else Message("it is {name}.", name=SeatName(g.names[right], right))
        return False, self._wrong(ex, tries, Joined(" ", who, self._text(events)))

    # ------------------------------------------------------------------ language
    @property
    def language(self) -> str:
        """The code of the lesson's language (see :data:`.i18n.LANGUAGES`)."""
        return self.translator.code

    def set_language(self, language: str) -> None:
        """Tell the explanations and the feedback in ``language`` from now on (the feedback
        shown is told again)."""
        self.translator = translator(check_language(language))
        self.version += 1

    def tracker(self, chances: bool = False) -> wire.Tracker:
        """What the lesson's seat knows about every card at this step, for the Tracker panel:
        from its seat view alone, whatever ``reveal_all`` shows (see
        :func:`.traits.tracker_trait`)."""
        return tracker_trait(self.game.seat_view(self.seat), self.names(), chances)

    def names(self) -> tuple[str, ...]:
        """The seats' names as the learner reads them: the package's default names
        translated, and the seat the lesson looks from always "You", as the narration
        (told to that seat) calls it."""
        names = list(self.translator.local_names(self.game.names, self.seat))
        names[self.seat] = self.translator.gettext(N_("You"))
        return tuple(names)

    def localize(self, text: object) -> str:
        """Any text of the engine (a Message, a refusal) in the lesson's language."""
        return self.translator.render(text, self.names())

    # ------------------------------------------------------------------ views
    def browser_view(self) -> View:
        """What the learner's browser gets at this step."""
        g = self.game
        k = self.step
        tr, names = self.translator, self.names()
        events = g.events_since(self._ends[k - 1]) if k else []
        narration = self.localize(self._text(events)) if k else (self.title or tr.format(N_("The start position.")))
        ex = self.exercises.get(k)
        exercise = None
        if ex is not None:
            exercise = wire.Exercise(prompt=ex.prompt, kind=ex.kind, choices=self.choices(k), hint=ex.hint,
                                     feedback=None if self._feedback is None else self._feedback_dict(self._feedback),
                                     status=self.status(k))
        summary = None
        if k == self.length and self.exercises:
            summary = wire.LessonSummary(text=self.summary_text(), items=[
                wire.QuestionResult(step=s, prompt=self.exercises[s].prompt, status=self.status(s),
                                    result=self._result_text(s)) for s in sorted(self.exercises)])
        return build_view(g, self.seat, version=self.version, mode="lesson", waiting="over" if g.is_over else "human",
                          change="step", narration=narration, events=events,
                          log=log_lines(g.events_since(self._ends[0]), self.seat, self.reveal_all, tr, names),
                          reveal_all=self.reveal_all, translator=tr, names=names,
                          lesson=wire.LessonInfo(index=k, length=self.length, title=self.title, exercise=exercise,
                                                 summary=summary))

    @property
    def explanation(self) -> str:
        """The engine's explanation of the step shown, in the lesson's language."""
        k = self.step
        return self.localize(self._text(self.game.events_since(self._ends[k - 1]))) if k else ""
