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

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import Event
from ..engine.game import Game, Move
from ..i18n import N_, Joined, ListOf, Message, SeatName, Translator, check_language, translator
from .view import View, build_view, log_lines

ENGINE_ANSWERS = ("next_leader", "picker")
TAKE_CHOICES = ("take", "pass")
STATUSES = ("right_first", "right", "wrong", "skipped", "open")
"""How a question went: right at the first answer, right after more tries, answered but never
right, passed without an answer, or not reached (nor answered) yet."""


@dataclass(frozen=True)
class Exercise:
    """A question asked when the lesson shows step ``step`` (before move ``step + 1``).

    - ``kind="card"``: "which card would you play?" for the player to move; ``answer`` is a
      card code or a tuple of codes that count as right (None: any legal card is right).
    - ``kind="seat"``: "which seat ...?"; ``answer`` is a seat, or ``"next_leader"`` (who
      has the power after the next move) or ``"picker"`` (who picks up in the next move),
      which the engine works out.
    - ``kind="take"``: "take the next player's hand, or pass?"; ``answer`` is ``"take"`` or
      ``"pass"``.

    ``hint`` is offered before answering; ``explain`` follows the right answer. A first
    wrong answer gets the hint and another try; the answer is given after the second.
    """

    step: int
    prompt: str
    kind: str = "card"
    answer: Any = None
    explain: str = ""
    hint: str = ""

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
        if self.kind == "take" and self.answer not in TAKE_CHOICES:
            raise ValueError(f"a take exercise needs answer='take' or 'pass', not {self.answer!r}")


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


def apply_move(game: Game, move: Move | str) -> list[Event]:
    """Play a Card or code, or take with ``("take", seat)`` or ``"take <seat>"``."""
    if isinstance(move, tuple) and len(move) == 2 and move[0] == "take":
        return game.take(move[1])
    if isinstance(move, str) and move.startswith("take "):
        return game.take(int(move[5:]))
    return game.play(move)  # type: ignore[arg-type]


class LessonScript:
    """Step through ``game`` followed by ``moves``, seen from ``seat``.

    The moves already made in ``game`` are part of the lesson, so ``LessonScript(recorded)``
    replays a finished game. With ``reveal_all=False`` only ``seat``'s cards are shown,
    in the table, the log, the exercises and their feedback alike. ``language`` (see
    :data:`.i18n.LANGUAGES`) is the language of the engine's explanations and the
    feedback; the title and the exercises' own texts are shown as the author wrote them.
    """

    def __init__(self, game: Game, moves: Sequence[Move | str] = (), title: str = "",
                 exercises: Sequence[Exercise] = (), seat: int = 0, reveal_all: bool = True, start: int = 0,
                 language: str = "en") -> None:
        self.translator: Translator = translator(check_language(language))
        if not isinstance(game, Game):
            raise TypeError(f"a lesson needs a Game, not {type(game).__name__}")
        if isinstance(moves, str) or not isinstance(moves, Sequence):
            raise TypeError("moves must be a list of cards or ('take', seat)")
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
        script: list[Move | str] = list(g.moves)
        while g.moves:
            g.undo()
        script += list(moves)
        self._ends = [g.event_count]
        for k, move in enumerate(script):
            try:
                apply_move(g, move)
            except (ValueError, TypeError) as err:
                raise IllegalMoveError(f"lesson move {k + 1} ({move!r}) is illegal: {err}") from None
            self._ends.append(g.event_count)
        while g.moves:
            g.undo()
        self.game = g
        self.moves = script
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
        self.goto(start, _learner=False)

    # ------------------------------------------------------------------ building
    def _at(self, step: int) -> Game:
        g = self.game.copy()
        while len(g.moves) > step:
            g.undo()
        while len(g.moves) < step:
            apply_move(g, self.moves[len(g.moves)])
        return g

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
            if ex.answer is not None:
                wrong = [c for c in ex.answer if c not in legal]
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
        events = apply_move(trial, self.moves[ex.step])
        if ex.answer == "next_leader":
            if trial.leader is None:
                raise ValueError(f"{where}: nobody has the power after the next move")
            return trial.leader
        picker = next((e.seat for e in events if e.kind == "pickup"), None)
        if picker is None:
            raise ValueError(f"{where}: nobody picks up in the next move")
        return picker

    def choices(self, step: int) -> list[Any]:
        """The answers offered at ``step``'s exercise: the cards of the player to move, every seat, or take/pass."""
        ex = self.exercises[step]
        if ex.kind == "card":
            g = self._at(step)
            return [c.code for c in g.hand(g.current_player)]  # type: ignore[arg-type]
        if ex.kind == "take":
            return list(TAKE_CHOICES)
        return list(range(self.game.num_players))

    # ------------------------------------------------------------------ stepping
    @property
    def step(self) -> int:
        return len(self.game.moves)

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
        while len(g.moves) > index:
            g.undo()
        while len(g.moves) < index:
            apply_move(g, self.moves[len(g.moves)])
        self._feedback = None
        self.version += 1

    def answer(self, choice: Any) -> dict[str, Any]:
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
        return self._feedback_dict(feedback)

    # ------------------------------------------------------------------ the record
    def status(self, step: int) -> str:
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

    def _feedback_dict(self, feedback: tuple[bool, str]) -> dict[str, Any]:
        correct, text = feedback
        return {"correct": correct, "text": self.localize(text)}

    def _text(self, events: Sequence[Event]) -> Told:
        return Told(events, self.seat, self.reveal_all)

    def _wrong(self, ex: Exercise, tries: int, reveal: str) -> str:
        if tries == 1:
            return Joined(" ", Message("Not quite. Try again."), Message("Hint: {hint}", hint=ex.hint) if ex.hint else "")
        return Joined(" ", Message("Not quite: {answer}", answer=reveal), ex.explain)

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
        if right is None or card.code in right:
            return True, Joined(" ", Message("Right!"), what, ex.explain)
        better = Joined(" ", Message("the better card is {cards}.", cards=ListOf(right, "or")), what)
        return False, self._wrong(ex, tries, better)

    def _check_take(self, ex: Exercise, choice: str, tries: int) -> tuple[bool, str]:
        right = self._right[ex.step]
        if choice == right:
            return True, Joined(" ", Message("Right!"), ex.explain)
        better = Message("the better choice is to take.") if right == "take" else Message("the better choice is to pass.")
        return False, self._wrong(ex, tries, better)

    def _check_seat(self, ex: Exercise, choice: int, tries: int) -> tuple[bool, str]:
        g = self.game
        right = self._right[ex.step]
        events: list[Event] = []
        if ex.answer in ENGINE_ANSWERS:
            events = apply_move(g.copy(), self.moves[self.step])
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

    def tracker(self, chances: bool = False) -> dict[str, Any]:
        """What the lesson's seat knows about every card at this step, for the Tracker panel:
        from its seat view alone, whatever ``reveal_all`` shows (see
        :func:`bhabho_widget.coach.tracker.tracker_data`)."""
        from ..coach.tracker import tracker_data

        return tracker_data(self.game.seat_view(self.seat), self.names(), chances)

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
            exercise = {"prompt": ex.prompt, "kind": ex.kind, "choices": self.choices(k), "hint": ex.hint,
                        "feedback": None if self._feedback is None else self._feedback_dict(self._feedback),
                        "status": self.status(k)}
        summary = None
        if k == self.length and self.exercises:
            summary = {"text": self.summary_text(),
                       "items": [{"step": s, "prompt": self.exercises[s].prompt, "status": self.status(s),
                                  "result": self._result_text(s)} for s in sorted(self.exercises)]}
        return build_view(g, self.seat, version=self.version, mode="lesson", waiting="over" if g.is_over else "human",
                          change="step", narration=narration, events=events,
                          log=log_lines(g.events_since(self._ends[0]), self.seat, self.reveal_all, tr, names),
                          reveal_all=self.reveal_all, translator=tr, names=names,
                          lesson={"index": k, "length": self.length, "title": self.title, "exercise": exercise,
                                  "summary": summary})

    @property
    def explanation(self) -> str:
        """The engine's explanation of the step shown, in the lesson's language."""
        k = self.step
        return self.localize(self._text(self.game.events_since(self._ends[k - 1]))) if k else ""
