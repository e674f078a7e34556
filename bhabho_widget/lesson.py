"""Lessons: a scripted position or a recorded game, shown one step at a time.

A :class:`Lesson` starts from a custom position (``Game.from_hands``) or any game and a
list of moves, or from a game record. The front end steps back and forth with a timeline;
each step shows the engine's explanation of what happened. :class:`Exercise` asks the
learner a question at a chosen step and checks the answer with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import IllegalMoveError
from .game import Game
from .widget import BaseTable, MessageError, _require, last_trick

_ENGINE_ANSWERS = ("next_leader", "picker")
LOG_LENGTH = 30  # event texts of the steps so far that a lesson shows in its log


@dataclass(frozen=True)
class Exercise:
    """A question asked when the lesson shows step ``step`` (before move ``step + 1``).

    ``kind="card"``: "which card would you play?" for the player to move; ``answer`` is
    a card code or a tuple of codes that count as right (None: any legal card is right).
    ``kind="seat"``: "which seat ...?"; ``answer`` is a seat, or ``"next_leader"`` (who
    has the power after the next move) or ``"picker"`` (who picks up in the next move),
    which the engine works out.
    """

    step: int
    prompt: str
    kind: str = "card"
    answer: object = None
    explain: str = ""

    def __post_init__(self):
        if self.kind not in ("card", "seat"):
            raise ValueError(f"Exercise.kind must be 'card' or 'seat', not {self.kind!r}")
        if self.kind == "card" and self.answer is not None:
            codes = (self.answer,) if isinstance(self.answer, (str, Card)) else tuple(self.answer)
            object.__setattr__(self, "answer", tuple(Card.parse(c).code for c in codes))
        if self.kind == "seat" and not (isinstance(self.answer, int) or self.answer in _ENGINE_ANSWERS):
            raise ValueError(f"a seat exercise needs answer=<seat>, 'next_leader' or 'picker', not {self.answer!r}")


def _apply(game: Game, move):
    if isinstance(move, tuple) and len(move) == 2 and move[0] == "take":
        return game.take(move[1])
    if isinstance(move, str) and move.startswith("take "):
        return game.take(int(move[5:]))
    return game.play(move)


class Lesson(BaseTable):
    """Step through ``game`` followed by ``moves``, showing ``seat`` at the bottom.

    The moves already made in ``game`` are part of the lesson, so ``Lesson(recorded_game)``
    replays a finished game. ``moves`` are Cards, codes or ``("take", seat)``.
    All hands are shown (``reveal_all``) unless ``reveal_all=False``.
    """

    def __init__(self, game: Game, moves=(), title: str = "", exercises=(), seat: int = 0,
                 reveal_all: bool = True, start: int = 0):
        super().__init__(reveal_all=reveal_all, variants=[])
        g = game.copy()
        g._seat(seat)
        self.seat = seat
        self.title = title
        script = list(g.moves)
        while g.moves:
            g.undo()
        script += list(moves)
        self._ends = [g.event_count]
        for k, move in enumerate(script):
            try:
                _apply(g, move)
            except ValueError as err:
                raise IllegalMoveError(f"lesson move {k + 1} ({move!r}) is illegal: {err}") from None
            self._ends.append(g.event_count)
        while g.moves:
            g.undo()
        self._game = g
        self.moves = script
        self.exercises = {}
        for ex in exercises:
            if not isinstance(ex, Exercise):
                raise ValueError(f"exercises must be Exercise objects, not {ex!r}")
            if not 0 <= ex.step < len(script):
                raise ValueError(f"exercise step {ex.step} is outside the lesson's steps 0..{len(script) - 1}")
            self.exercises[ex.step] = ex
        self._feedback = None
        self.goto(start)

    @classmethod
    def from_json(cls, record: str, **kwargs) -> Lesson:
        """A lesson that replays a game record (see :meth:`Game.to_json`)."""
        return cls(Game.from_json(record), **kwargs)

    @property
    def game(self) -> Game:
        """The game as it stands at the step shown."""
        return self._game

    @property
    def step(self) -> int:
        return len(self._game.moves)

    @property
    def length(self) -> int:
        return len(self.moves)

    def goto(self, index: int) -> None:
        """Show the position after ``index`` moves (0 is the start)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= self.length:
            raise MessageError(f"step must be 0 to {self.length}, not {index!r}")
        g = self._game
        while len(g.moves) > index:
            g.undo()
        while len(g.moves) < index:
            _apply(g, self.moves[len(g.moves)])
        self._feedback = None
        self._sync()

    def next(self) -> None:
        self.goto(min(self.step + 1, self.length))

    def back(self) -> None:
        self.goto(max(self.step - 1, 0))

    def answer(self, choice) -> dict:
        """Check the learner's answer to the exercise at this step; returns the feedback."""
        ex = self.exercises.get(self.step)
        if ex is None:
            raise MessageError("there is no question at this step")
        g = self._game
        if ex.kind == "card":
            feedback = self._check_card(ex, g, choice)
        else:
            feedback = self._check_seat(ex, g, choice)
        self._feedback = feedback
        self._sync()
        return feedback

    def _check_card(self, ex, g, choice):
        if not isinstance(choice, (str, Card)):
            raise MessageError(f"the answer is a card code, not {choice!r}")
        card = Card.parse(choice)
        if card not in g.hand(g.current_player):
            raise MessageError(f"{card} is not in {g.names[g.current_player]}'s hand")
        trial = g.copy()
        try:
            events = trial.play(card)
        except IllegalMoveError as err:
            return {"correct": False, "text": f"{card} is not allowed: {err}."}
        correct = ex.answer is None or card.code in ex.answer
        head = "Right!" if correct else "Legal, but not the best here."
        what = " ".join(e.text for e in events)
        return {"correct": correct, "text": f"{head} If {g.names[g.current_player]} plays {card}: {what} {ex.explain}".strip()}

    def _check_seat(self, ex, g, choice):
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < g.num_players:
            raise MessageError(f"the answer is a seat from 0 to {g.num_players - 1}, not {choice!r}")
        trial = g.copy()
        events = _apply(trial, self.moves[self.step])
        if ex.answer == "next_leader":
            right = trial.leader
        elif ex.answer == "picker":
            right = next((e.seat for e in events if e.kind == "pickup"), None)
            if right is None:
                raise ValueError(f"exercise at step {ex.step}: nobody picks up in the next move")
        else:
            right, events = ex.answer, []  # a fixed answer: the next move need not be about it
        what = " ".join(e.text for e in events)
        correct = choice == right
        head = "Right!" if correct else f"Not quite: it is {g.names[right]}."
        return {"correct": correct, "text": f"{head} {what} {ex.explain}".strip()}

    # ------------------------------------------------------------------ messages
    def _msg_goto(self, content):
        self.goto(_require(content, "index", int, "a step number"))

    def _msg_answer(self, content):
        choice = content.get("choice")
        if not isinstance(choice, (str, int)) or isinstance(choice, bool):
            raise MessageError(f"'answer' needs 'choice' as a card code or a seat, got {choice!r}")
        self.answer(choice)

    _HANDLERS = {"goto": _msg_goto, "answer": _msg_answer}
    _FIELDS = {"goto": {"index"}, "answer": {"choice"}}

    def _send_view(self):
        g = self._game
        k = self.step
        view = g.view(self.seat)
        del view["rules"]
        shown_seat = None if self.reveal_all else self.seat
        events = g.events_since(self._ends[k - 1]) if k else []
        ex = self.exercises.get(k)
        exercise = None
        if ex is not None:
            if ex.kind == "card":
                choices = [c.code for c in g.hand(g.current_player)]
            else:
                choices = g.holders()
            exercise = {"prompt": ex.prompt, "kind": ex.kind, "choices": choices, "feedback": self._feedback}
        view.update(
            version=self._version,
            mode="lesson",
            legal=[],
            can_take=False,
            take_target=None,
            hands=[[c.code for c in g.hand(s)] for s in range(g.num_players)] if self.reveal_all else None,
            waiting="over" if g.is_over else "human",
            events=[e.to_dict(shown_seat) for e in events],
            last_trick=last_trick(g.events) if any(e.kind in ("waste", "pickup") for e in events) else None,
            lesson={"index": k, "length": self.length, "title": self.title, "exercise": exercise,
                    "log": [e.to_dict(shown_seat)["text"] for e in g.events_since(self._ends[0])][-LOG_LENGTH:]},
        )
        self.view = view

    @property
    def explanation(self) -> str:
        """The engine's explanation of the step shown."""
        return " ".join(e["text"] for e in self.view["events"])
