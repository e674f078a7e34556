"""Practice in plain Python: puzzles served near your rating, answers checked at once.

A :class:`PracticeSession` serves puzzles (:meth:`~PracticeSession.next`): in the ``"rated"``
mode one near the learner's rating that they have not solved yet, of a theme if asked; in the
``"streak"`` mode one a little harder than the last, until the first miss; in the
``"mistakes"`` mode the puzzles made from the learner's own games, until each is solved. An
answer (:meth:`~PracticeSession.answer`) is checked at once against the proved answer and
gives a :class:`Verdict`: right or not, the coach's reason in the hint's words, the proof's
numbers, and once the puzzle is over the rating's move. A longer puzzle goes on after a right
answer: the others' replies are played and the seat answers again. Every attempt is kept in
the learner's :class:`~.progress.Progress`.

Everything a puzzle shows comes from the seat's view (:attr:`PracticeSession.view`): the
hidden cards of its record are never shown.

>>> import tempfile, pathlib
>>> from bhabho_widget.puzzles import Progress, bundled
>>> s = PracticeSession(progress=Progress(pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"), seed=1)
>>> p = s.next(theme="play_under")
>>> "play_under" in p.themes and s.question in ("card", "take")
True
>>> v = s.answer(p.answer)
>>> v.solved, v.done, v.rating_after > v.rating_before
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import DECK, indices
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import N_, Message
from .progress import Progress
from .puzzle import Proof, Puzzle, PuzzleRating, apply_move
from .rating import expected
from .sets import bundled
from .texts import from_data
from .themes import THEMES

__all__ = ["MODES", "PracticeSession", "Verdict"]

MODES = ("rated", "streak", "mistakes", "set")
"""How puzzles are served (see the module's docstring); ``"set"``: the set's puzzles in its
order, the first not solved yet (a set a teacher handed out)."""
NEAR = 150.0
"""Puzzles within this many points of the learner's rating are "near" it (the window widens
when none is left)."""
STREAK_STEP = 40.0
"""In the streak mode each puzzle is at least this many points harder than the last one."""

NO_PUZZLE = N_("There is no puzzle to serve: the set is empty")
NO_MISTAKES = N_("There is no puzzle from your own mistakes to solve: review a game to find some")
NOT_AN_ANSWER = N_("{answer} is not an answer here: answer with {choices}")
NOT_ASKED = N_("No puzzle is being asked: take the next one first")


@dataclass(frozen=True)
class Verdict:
    """The verdict on one answer (see the module's docstring): ``given`` and the proved
    ``right`` answer, ``solved`` (this answer right), ``done`` (the puzzle is over), the coach's
    ``reason`` (a translatable text) and the ``proof``; once ``done``, the learner's rating
    before and after; ``replies``: the others' moves played after a right answer, before the
    seat is asked again."""

    puzzle: Puzzle
    step: int
    given: str
    right: str
    solved: bool
    done: bool
    reason: Any
    proof: Proof
    rating_before: float | None = None
    rating_after: float | None = None
    replies: tuple[str, ...] = ()

    @property
    def chance_given(self) -> float | None:
        """The given answer's chance of ending as the bhabhi in the proof, when it measured it."""
        return next((a.p for a in self.proof.actions if a.action == self.given), None)


class PracticeSession:
    """Puzzles served and answered (see the module's docstring). ``puzzles``: the set to serve
    from (default: the bundled one); ``progress``: where attempts and ratings are kept (default:
    the learner's own file); ``seed``: which of the near puzzles comes (None: any)."""

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, progress: Progress | None = None,
                 seed: int | None = None) -> None:
        self.puzzles: Sequence[Puzzle] = bundled if puzzles is None else puzzles
        self.progress = progress if progress is not None else Progress()
        self.rng = random.Random(seed)
        self.puzzle: Puzzle | None = None
        """The puzzle being asked, or None."""
        self.mode = "rated"
        self.theme: str | None = None
        self.streak = 0
        """Puzzles solved in a row in the streak mode (0 after a miss)."""
        self._step = 0  # the place in the puzzle's line of the question asked
        self._answered = 0  # the seat's answers given so far in this puzzle
        self._game: Game | None = None
        self._last_rating: float | None = None  # the streak's last puzzle's rating

    # ------------------------------------------------------------------ serving
    @property
    def learner(self) -> PuzzleRating:
        """The learner's rating now."""
        return self.progress.learner()

    def next(self, theme: str | None = None, mode: str = "rated") -> Puzzle:
        """Serve the next puzzle (see the module's docstring) and ask its first question."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}"[:120])
        if theme is not None and theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}"[:200])
        if mode != "streak" or self.mode != "streak":
            self.streak = 0
            self._last_rating = None
        self.mode, self.theme = mode, theme
        puzzle = self._mistake() if mode == "mistakes" else self._in_order() if mode == "set" else self._pick(theme, mode)
        self.puzzle = puzzle
        self._step = 0
        self._answered = 0
        self._game = puzzle.game()
        return puzzle

    def _mistake(self) -> Puzzle:
        left = self.progress.mistakes()
        if not left:
            raise LookupError(Message(NO_MISTAKES))
        return left[0]

    def _in_order(self) -> Puzzle:
        solved = self.progress.solved()
        if not self.puzzles:
            raise LookupError(Message(NO_PUZZLE))
        last = self.puzzle.id if self.puzzle is not None else None
        left = [p for p in self.puzzles if p.id not in solved and p.id != last]
        return left[0] if left else self.puzzles[0]

    def _pick(self, theme: str | None, mode: str) -> Puzzle:
        pool = [p for p in self.puzzles if theme is None or theme in p.themes]
        if not pool:
            raise LookupError(Message(NO_PUZZLE))
        solved = self.progress.solved()
        fresh = [p for p in pool if p.id not in solved] or pool
        rating = self.learner.rating
        if mode == "streak":
            floor = (rating - 300) if self._last_rating is None else self._last_rating + STREAK_STEP
            harder = sorted((p for p in fresh if p.rating.rating >= floor), key=lambda p: p.rating.rating)
            if harder:
                return self.rng.choice(harder[:5])
            return max(fresh, key=lambda p: p.rating.rating)
        window = NEAR
        while True:
            near = [p for p in fresh if abs(p.rating.rating - rating) <= window]
            if near or window > 3000:
                break
            window *= 2
        return self.rng.choice(near or fresh)

    # ------------------------------------------------------------------ the question
    def _current(self) -> tuple[Puzzle, Game]:
        if self.puzzle is None or self._game is None:
            raise IllegalMoveError(Message(NOT_ASKED))
        return self.puzzle, self._game

    @property
    def game(self) -> Game:
        """The game at the question asked (its hidden hands are not for the learner's eyes:
        draw the table from :attr:`view`)."""
        return self._current()[1]

    @property
    def view(self) -> SeatView:
        """What the puzzle's seat knows at the question: all the learner may see."""
        puzzle, game = self._current()
        return game.seat_view(puzzle.seat)

    @property
    def question(self) -> str:
        """``"card"`` (which card to play) or ``"take"`` (take the next player's hand or pass)."""
        puzzle, _ = self._current()
        return puzzle.kind if self._answered == 0 else "card"

    @property
    def choices(self) -> list[str]:
        """The answers the rules allow here: card codes, and ``"take"``/``"pass"`` where asked."""
        view = self.view
        if self.question == "take":
            return ["take", "pass"]
        out = [DECK[i].code for i in indices(view.legal)]
        if view.can_take and view.take_target is not None and view.my_turn:
            out.append("take")
        return out

    @property
    def solution(self) -> str:
        """The proved answer of the question asked (for a teacher's notebook and for tests; the
        practice widget never sends it to the browser before the learner answers)."""
        puzzle, _ = self._current()
        return puzzle.line[self._step]

    def answer(self, action: str) -> Verdict:
        """Check ``action`` (a card's code, ``"take"`` or ``"pass"``) at once: see :class:`Verdict`."""
        puzzle, game = self._current()
        given = str(action).strip().upper() if str(action).lower() not in ("take", "pass") else str(action).lower()
        choices = self.choices
        if given not in choices:
            raise IllegalMoveError(Message(NOT_AN_ANSWER, answer=str(action)[:8], choices=", ".join(choices)))
        k = self._answered
        right = puzzle.line[self._step]
        proof = puzzle.proofs[k]
        reason = puzzle.reason if k == 0 else _reason(puzzle, k)
        solved = given == right
        last = k == len(puzzle.proofs) - 1
        if not solved or last:
            before, after = self.progress.record_attempt(puzzle, given, solved, mode=self.mode)
            if self.mode == "streak":
                self.streak = self.streak + 1 if solved else 0
                self._last_rating = puzzle.rating.rating if solved else None
            self.puzzle, self._game = None, None
            return Verdict(puzzle, k, given, right, solved, True, reason, proof, before.rating, after.rating)
        # right, and the line goes on: the answer, then the others' replies, to the seat's next question
        replies: list[str] = []
        self._apply(game, puzzle, right)
        step = self._step + 1
        while step < len(puzzle.line) and game.current_player != puzzle.seat:
            apply_move(game, puzzle.line[step])
            replies.append(puzzle.line[step])
            step += 1
        self._step = step
        self._answered += 1
        return Verdict(puzzle, k, given, right, True, False, reason, proof, replies=tuple(replies))

    @staticmethod
    def _apply(game: Game, puzzle: Puzzle, action: str) -> None:
        if action == "take":
            game.take(puzzle.seat)
        elif action != "pass":
            apply_move(game, action)

    def chance(self, puzzle: Puzzle) -> float:
        """The learner's chance of solving ``puzzle``, as Glicko-2 reckons it."""
        return expected(self.learner, self.progress.puzzle_rating(puzzle))


def _reason(puzzle: Puzzle, k: int) -> Any:
    return from_data(puzzle.reasons[k]) if len(puzzle.reasons) > k else ""
