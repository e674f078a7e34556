"""Practice at the table: puzzles on the one felt, answered by clicking a card.

:class:`PracticeBoard` is the :class:`~.backend.Backend` of the :class:`~.widget.Table` widget
over a :class:`~bhabho_widget.puzzles.PracticeSession`: the felt shows the puzzle's table as its
seat saw it (its hand, the trick, what was played; every other hand hidden), the ``practice``
trait the question, its themes and the learner's rating. A click on a card (or Take, or Pass)
is the answer, checked at once: the verdict says right or not, the coach's reason in the hint's
words and the proof's numbers (each action's chance with its interval, the budget and the
margin), and the rating's move; the felt then shows the position with the proved answer
outlined, and *Show me* plays out an imagined line after the move chosen and after the right
one. *Next puzzle* serves the next one (of a theme, in the rated, streak or mistakes mode). No
hint (it would give the answer away) and no undo (a puzzle is answered once).

:func:`Practice` makes the widget: ``Practice()`` in a notebook cell.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Sequence
from typing import Any, Literal

from .. import puzzles
from ..engine.cards import Card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.game import Game
from ..i18n import N_, Joined, Message, translator
from ..puzzles import MODES, THEME_TITLES, THEMES, PracticeSession, Progress, ProgressError, Puzzle, Verdict
from . import protocol_types as wire
from .backend import ALWAYS, Backend
from .lesson import Exercise, KeyRow, LessonScript
from .traits import tracker_trait
from .view import View, build_view, log_lines

__all__ = ["MISTAKES_ENVIRONMENT", "PracticeBoard", "keep_mistakes", "keep_mistakes_allowed", "practice_trait",
           "puzzle_lesson"]

MISTAKES_ENVIRONMENT = "BHABHO_KEEP_MISTAKES"
"""``0`` turns off keeping the mistakes of reviewed games as puzzles (the test suite does, but
for the tests of the feature: each proof is a second of the machine's work)."""


def keep_mistakes_allowed() -> bool:
    """False when the environment says :data:`MISTAKES_ENVIRONMENT` ``=0``."""
    return os.environ.get(MISTAKES_ENVIRONMENT, "1").strip().lower() not in ("0", "false", "no", "off")


def keep_mistakes(run: Any, progress: Progress | None = None, deals: int | None = None) -> threading.Thread:
    """Your mistakes, kept: each decision of a finished review (``run``, a
    :class:`~.reviewing.ReviewRun`) graded a mistake or a blunder that the coach proves
    (:func:`bhabho_widget.puzzles.mistakes_from_review`) becomes a puzzle in your progress,
    offered by ``Practice(mode="mistakes")`` until solved. The proofs run in a thread of their
    own (about a second each), which is returned; a progress file that cannot be written is
    said once, as a warning. ``deals``: the proofs' budget (default: the bundled set's)."""

    def work() -> None:
        budget = {} if deals is None else {"deals": deals}
        found = puzzles.mistakes_from_review(run.result, run.game, run.seat, **budget)
        try:
            kept = progress if progress is not None else Progress()
            for puzzle in found:
                kept.add_mistake(puzzle)
        except ProgressError as err:
            warnings.warn(f"your mistakes were not kept as puzzles: {err}", stacklevel=1)

    thread = threading.Thread(target=work, name="bhabho-keep-mistakes", daemon=True)
    thread.start()
    return thread

T_QUESTION_CARD = N_("Which card do you play? One card is clearly best here: find it.")
T_QUESTION_TAKE = N_("Do you take {target}'s hand, or pass? One of the two is clearly best here.")
T_RIGHT = N_("Right: {answer} is the only reasonable move here.")
T_RIGHT_ON = N_("Right: {answer}. The others reply; it is your turn again: find the next move.")
T_WRONG = N_("Not {given}: {answer} was the move here.")
T_PASS_LABEL = N_("Pass")
T_TAKE_LABEL = N_("Take {target}'s hand")

NO_HINT = N_("No hints in practice: the hint would give the answer away (the coach's reason comes with your answer)")
NO_UNDO = N_("No undo in practice: a puzzle is answered once; take the next one")
NO_DEAL = N_("Take the next puzzle instead: practice deals no new games")
NO_LESSON = N_("A puzzle is not a lesson: it has no steps")
ANSWERED = N_("This puzzle is answered: take the next one")
PROMPT_CARD_YOU = N_("Which card should you play?")
HINT_ORDER = ("tochoo", "play_under", "keep_low", "known_void", "safe_lead", "last_cards", "opening")
"""The theme whose rule of thumb is a lesson's hint: the most telling one a puzzle has."""


def _label(view_names: Sequence[str], seat: int, action: str, target: int | None) -> Any:
    if action == "pass":
        return Message(T_PASS_LABEL)
    if action == "take":
        return Message(T_TAKE_LABEL, target=view_names[target] if target is not None else "?")
    return str(Card.parse(action))


class PracticeBoard(Backend):
    """Puzzles behind the felt (see the module's docstring)."""

    KIND = "practice"
    REFUSALS = {"hint": NO_HINT, "undo": NO_UNDO, "new_game": NO_DEAL, "goto": NO_LESSON, "answer": NO_LESSON,
                "review_start": NO_LESSON, "review_show": NO_LESSON, "review_cancel": NO_LESSON}
    CAPABILITIES = ALWAYS | {"play", "take", "advance", "tracker", "show_me", "show_step", "show_close", "practice_next"}

    def __init__(self, session: PracticeSession, language: str = "en", theme: str | None = None,
                 mode: str = "rated", on_done: Any = None) -> None:
        super().__init__()
        self.session = session
        self.on_done = on_done
        """Called with ``(puzzle, answers, rating_move)`` when a puzzle is over (a class's set sends it)."""
        self._given: list[str] = []
        self.translator = translator(language)
        self.verdict: Verdict | None = None
        self._question_game: Game | None = None  # the game at the question answered last (for Show me)
        self._question_seat = 0
        self.error = ""
        self.next(theme, mode)

    # ------------------------------------------------------------------ the puzzles
    def next(self, theme: str | None = None, mode: str = "rated") -> Puzzle:
        """Serve the next puzzle (of ``theme``, in ``mode``: see :class:`~bhabho_widget.puzzles.PracticeSession`)."""
        puzzle = self.session.next(theme=theme, mode=mode)
        self.verdict = None
        self._given = []
        self._question_game = None
        self._version += 1
        return puzzle

    @property
    def puzzle(self) -> Puzzle | None:
        return self.session.puzzle if self.verdict is None or not self.verdict.done else self.verdict.puzzle

    @property
    def seat(self) -> int:  # type: ignore[override]
        p = self.puzzle
        return p.seat if p is not None else 0

    def _names(self, n: int, seat: int) -> list[str]:
        return list(self.translator.local_names(["You" if s == seat else f"Player {s}" for s in range(n)], seat))

    def names(self) -> list[str]:
        p = self.puzzle
        return self._names(p.players, p.seat) if p is not None else []

    @property
    def is_over(self) -> bool:
        return False

    def _game(self) -> Game:
        if self.session.puzzle is not None:
            return self.session.game
        assert self._question_game is not None
        return self._question_game

    def game_now(self) -> Game:
        raise MessageError(Message(N_("a puzzle's hidden hands are not shown: its position is the seat's view")))

    def live_view(self, reveal_all: bool = False) -> View:
        tr, names = self.translator, self.names()
        game, seat = self._game(), self.seat
        asking = self.session.puzzle is not None
        v = self.verdict
        if asking:
            question = self.session.question
            sv = game.seat_view(seat)
            text = tr.format(T_QUESTION_TAKE, target=names[sv.take_target]) if question == "take" \
                and sv.take_target is not None else tr.format(T_QUESTION_CARD)
            if v is not None and v.solved and not v.done:  # a longer puzzle goes on
                text = tr.format(T_RIGHT_ON, answer=self._label(v.right, names)) + " " + text
            offer = question == "take"
            return build_view(game, seat, version=self._version, mode="play", waiting="human", change="new",
                              narration=text, log=log_lines(game.events, seat, False, tr, names), translator=tr,
                              names=names, take_offer=offer, can_take=offer or (sv.can_take and sv.my_turn))
        assert v is not None
        said = T_RIGHT if v.solved else T_WRONG
        text = tr.format(said, answer=self._label(v.right, names), given=self._label(v.given, names))
        return build_view(game, seat, version=self._version, mode="review", waiting="over", change="new",
                          narration=text, log=log_lines(game.events, seat, False, tr, names), translator=tr, names=names,
                          review=wire.ReviewAt(number=0, count=1, trick=game.trick_number,
                                               kind="offer" if self.puzzle and self.puzzle.kind == "take" else "card",
                                               chosen=v.given, best=v.right, grade=None if v.solved else "mistake",
                                               grade_text=None))

    def _label(self, action: str, names: Sequence[str]) -> str:
        game = self._game()
        sv = game.seat_view(self.seat)
        return self.translator.render(_label(names, self.seat, action, sv.take_target), names)

    def tracker(self, chances: bool) -> wire.Tracker:
        return tracker_trait(self._game().seat_view(self.seat), self.names(), chances)

    def set_language(self, code: str) -> None:
        self.translator = translator(code)

    # ------------------------------------------------------------------ the answers
    def _answer(self, action: str, version: int | None) -> list[Any]:
        if version is not None:
            self.check_version(version)
        if self.session.puzzle is None:
            raise IllegalMoveError(Message(ANSWERED))
        game = self.session.game.copy()
        verdict = self.session.answer(action)
        self._given.append(verdict.given)
        if verdict.done:
            self._question_game, self._question_seat = game, verdict.puzzle.seat
        self.verdict = verdict
        self._version += 1
        if verdict.done and self.on_done is not None:
            move = (verdict.rating_after or 0.0) - (verdict.rating_before or 0.0)
            self.on_done(verdict.puzzle, list(self._given), move)
        return []

    def play(self, card: Any, version: int | None = None) -> list[Any]:
        code = card.code if isinstance(card, Card) else Card.parse(str(card)).code
        return self._answer(code, version)

    def take(self, version: int | None = None) -> list[Any]:
        return self._answer("take", version)

    def advance(self, version: int | None = None) -> list[Any]:
        """The Pass button at a take-or-pass question."""
        if self.session.puzzle is None or self.session.question != "take":
            return []
        return self._answer("pass", version)

    def pass_take(self) -> list[Any]:
        return self._answer("pass", None)

    # ------------------------------------------------------------------ Show me
    def showing(self) -> Any:
        """Show me after an answer: the proved answer's line and the one chosen, imagined from
        what the seat knew at the question."""
        from ..coach.hints import view_estimates
        from .showing import Showing, action_of

        v = self.verdict
        if v is None or not v.done or self._question_game is None:
            raise MessageError(Message(N_("Show me comes with your answer: answer the puzzle first")))
        game, seat = self._question_game, self._question_seat
        view = game.seat_view(seat)
        actions = [action_of(a.action) for a in v.proof.actions]
        return Showing(game, seat, action_of(v.right), None if v.solved else action_of(v.given), view=view,
                       estimates=view_estimates(view, actions), source="puzzle")

    # ------------------------------------------------------------------ the panel
    def practice(self) -> wire.PracticeState:
        return practice_trait(self)


_QUESTIONS: dict[str, Literal["card", "take"]] = {"card": "card", "take": "take"}
_MODES: dict[str, Literal["rated", "streak", "mistakes", "set"]] = {m: m for m in ("rated", "streak", "mistakes", "set")}


def practice_trait(board: PracticeBoard) -> wire.PracticeState:
    """The ``practice`` trait: the question and the learner's progress, and once answered the
    verdict with the coach's reason and the proof (never the answer before)."""
    tr, names = board.translator, board.names()
    session, progress = board.session, board.session.progress
    puzzle = board.puzzle
    learner = progress.learner()
    verdict: wire.PracticeVerdict | None = None
    v = board.verdict
    if v is not None:
        game = board._game()
        target = game.seat_view(board.seat).take_target
        rows = [wire.PracticeRow(action=a.action, label=tr.render(_label(names, board.seat, a.action, target), names),
                                 p=a.p, lo=a.lo, hi=a.hi, diff=a.diff, diff_lo=a.diff_lo, diff_hi=a.diff_hi,
                                 answer=k == 0, given=a.action == v.given) for k, a in enumerate(v.proof.actions)]
        verdict = wire.PracticeVerdict(
            solved=v.solved, done=v.done, given=v.given, right=v.right,
            given_label=board._label(v.given, names), right_label=board._label(v.right, names),
            reason=tr.render(v.reason, names) if v.reason else "",
            deals=v.proof.deals, rollouts=v.proof.rollouts, margin=v.proof.margin, rows=rows,
            rating_before=None if v.rating_before is None else round(v.rating_before),
            rating_after=None if v.rating_after is None else round(v.rating_after),
        )
    question = session.question if session.puzzle is not None else (puzzle.kind if puzzle else "card")
    # the themes would tell the answer away: they come with the verdict (a theme chosen to practise is known anyway)
    shown = puzzle.themes if puzzle and v is not None and v.done else ()
    return wire.PracticeState(
        asking=session.puzzle is not None, question=_QUESTIONS[question], puzzle=puzzle.id if puzzle else "",
        themes=[wire.PracticeTheme(key=t, title=tr.gettext(THEME_TITLES[t])) for t in shown],
        rating=round(learner.rating), rd=round(learner.rd),
        puzzle_rating=round(progress.puzzle_rating(puzzle).rating) if puzzle else None,
        mode=_MODES[session.mode], theme=session.theme, streak=session.streak, best_streak=progress.best_streak(),
        modes=[_MODES[m] for m in MODES],
        all_themes=[wire.PracticeTheme(key=t, title=tr.gettext(THEME_TITLES[t])) for t in THEMES],
        history=[round(r) for _, r in progress.rating_history()[-60:]],
        accuracy=[wire.PracticeStateAccuracyItem(key=t, title=tr.gettext(THEME_TITLES[t]), solved=s, tried=n)
                  for t, (s, n) in sorted(progress.accuracy_by_theme().items()) if t in THEME_TITLES],
        lessons=[wire.PracticeStateLessonsItem(lesson=k, right=r, answered=n)
                 for k, (r, n) in sorted(progress.lessons_done().items())],
        mistakes=len(progress.mistakes()), notice=progress.notice or "", verdict=verdict,
    )


def puzzle_lesson(puzzle: Puzzle, title: str = "", language: str = "en") -> LessonScript:
    """A card puzzle as a lesson's question: "which card should you play?" asked of the
    puzzle's seat at its decision. The lesson holds the game's moves from the deal (Back shows
    how the position came about) and opens at the decision; only the seat's own cards are
    shown (``reveal_all=False``). The answer key is the puzzle's proof (each card's chance of
    ending as the bhabhi with its interval; only the proved card is right), the hint the rule
    of thumb of its theme, and the explanation after the answer the coach's reason and the
    proof's budget and margin, in ``language``. A take-or-pass puzzle is a ValueError: ask it
    with :func:`~.widget.Practice`."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle_lesson needs a Puzzle, not {type(puzzle).__name__}")
    if puzzle.kind != "card":
        raise ValueError(f"puzzle {puzzle.id} asks take or pass, not which card: practise it with Practice()")
    tr = translator(language)
    game = puzzle.game()
    proof = puzzle.proofs[0]
    rows = tuple(KeyRow(a.action, a.p, a.lo, a.hi, within=k == 0, best=k == 0, rollouts=proof.rollouts)
                 for k, a in enumerate(proof.actions) if a.action not in ("take", "pass"))
    theme = next((t for t in HINT_ORDER if t in puzzle.themes), None)
    hint = tr.gettext(THEME_TITLES[theme]) + "." if theme is not None else ""
    proved = tr.labels()["practice_proof"].format(deals=proof.deals, rollouts=proof.rollouts,
                                                  margin=round(100 * proof.margin))
    explain = Joined(" ", puzzle.reason, proved) if puzzle.reason else proved
    step = len(game.moves)
    exercise = Exercise(step, tr.gettext(PROMPT_CARD_YOU), "card", puzzle.answer, explain=explain, hint=hint, key=rows)
    return LessonScript(game, [puzzle.answer], title=title, exercises=[exercise], seat=puzzle.seat, reveal_all=False,
                        start=step, language=language)
