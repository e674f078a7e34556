"""What stands behind the felt: the backends of the one table widget.

The :class:`~.widget.Table` widget draws one seat's table, whatever stands behind it. A
:class:`Backend` is what stands behind it: a local game against bots (:class:`LocalGame`, over
a :class:`~.session.TableSession`), a seat at a table server's table
(:class:`~.remote.ServerSeat`), a finished game from a stored record (:class:`StoredGame`: a
student's game a teacher reviews), a lesson stepped through (:class:`LessonSteps`, over a
:class:`~.lesson.LessonScript`). A backend

- says what it can do now (:meth:`Backend.capabilities`: the browser's message types it takes,
  sent to the front end, which shows only those controls), and for anything else gives a
  sentence about the table (:meth:`Backend.refusal`: "Hints are off at a shared table");
- gives its seat's live view (:meth:`Backend.live_view`), the names, the scoreboard, the
  settings and the tracker of what the seat knows now, in its language;
- carries out the actions it takes (play, take, pass, undo, a hint, a new game, a lesson's
  steps and answers), each checked against the version of the view the click was made on;
- says where the game to review comes from once it is over (:meth:`Backend.review_source`).

Everything the felt adds on top (the review and its positions, Show me, the Tracker panel,
the language and the card faces) is the widget's, written once for every backend. A backend
holds no widget: tests and scripts drive one directly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

from ..engine.errors import MessageError
from ..engine.game import Game
from ..engine.rules import PRESETS
from ..i18n import N_, Message, Translator, translator
from ..play.registry import BOTS
from .ahead import CoachAhead, ahead_allowed
from .controller import check_version
from .lesson import LessonScript
from .protocol_types import Config, Feedback, Hint, PracticeState, Review, Score, Tracker
from .session import TableSession
from .settings import variant_name
from .traits import ReviewStatus, config_trait, hint_trait, review_trait, tracker_trait
from .view import View, build_view, log_lines

__all__ = ["ALWAYS", "MESSAGES", "Backend", "GameSource", "LessonSteps", "LocalGame", "StoredGame", "idle_trait"]

ALWAYS = frozenset({"set_language", "set_deck"})
"""What every table takes: its language and its card faces are the widget's own."""
REVIEW = frozenset({"review_start", "review_cancel", "review_show", "show_me", "show_step", "show_close"})
"""The review of a game over, and Show me."""
PLAY = frozenset({"play", "take", "advance"})
"""The seat's own moves (``advance`` is the pass at a chance to take, and a bot's next step)."""
MESSAGES = ALWAYS | REVIEW | PLAY | {"undo", "hint", "new_game", "tracker", "goto", "answer", "set_take_offers", "practice_next"}
"""Every message type of the browser that the felt widget knows (``protocol.json``)."""

GameSource = Callable[[threading.Event], Game]
"""Where the game to review comes from when it is not at hand: called in the review's thread
with its cancel event (a seat at a shared table asks the server for its record and rebuilds
the game from it, :func:`.seat_record.stand_in`)."""


def idle_trait(seat: int, status: ReviewStatus = "ready", error: str = "") -> Review:
    """The ``review`` trait before a review of the game over is worked out (``"ready"``: one
    may be asked for), and of a review with nothing to show yet (see :func:`.traits.review_trait`)."""
    return review_trait(seat, status, error)


NOT_A_LESSON = N_("This table is a game, not a lesson: it has no steps or questions")
NO_MOVES_IN_LESSON = N_("In a lesson, answer the question or step through with the lesson's bar")
NO_REVIEW_IN_LESSON = N_("A lesson has no review: it is a game shown step by step")
NO_HINT_IN_LESSON = N_("A lesson gives no hints: its questions say what to look for")
READ_ONLY = N_("This game is over: it is shown for its review only")
THIRD_PERSON_LABELS = {
    "hand_escaped": N_("{name} escaped!"),
    "review_button_title": N_("Review {name}'s game: {name}'s chance of ending as the bhabhi after each decision, and "
                              "the decisions that cost most"),
    "review_title": N_("Review of {name}'s game"),
    "review_graph": N_("{name}'s chance of ending as the bhabhi after each decision, with its 95 % interval"),
    "chance_key": N_("Each percentage is {name}'s chance of ending as the bhabhi, in the simulations: lower is better."),
    "review_show_me_aria": N_("Show me trick {trick}, where {name} chose {chosen}: one imagined way it can go"),
}
"""The front end's labels that speak to the person ("You escaped!", "Your chance"), as a
teacher reads them of a student's game (:meth:`Backend.labels`); ``{name}`` is the student's."""


class Backend:
    """What stands behind the felt (see the module's docstring). A subclass sets
    :attr:`KIND` and :attr:`REFUSALS`, implements the views and the actions it takes, and
    calls :meth:`changed` when its state changes on its own (a server's push)."""

    KIND: ClassVar[str] = ""
    """A word for the table: ``"local"``, ``"seat"``, ``"stored"``, ``"lesson"``."""
    REFUSALS: ClassVar[dict[str, str]] = {}
    """The sentence for each message type it does not take (a default for the others)."""
    DEFAULT_REFUSAL: ClassVar[str] = N_("This table does not do that")
    CAPABILITIES: ClassVar[frozenset[str]] = frozenset()
    """The message types it takes, where they do not change (see :meth:`capabilities`)."""

    translator: Translator
    seat: int

    def __init__(self) -> None:
        self._listeners: list[Callable[[], None]] = []
        self._version = 1  # a backend that keeps its own view's version (see version)

    # ------------------------------------------------------------------ what it can do
    def capabilities(self) -> frozenset[str]:
        """The browser's message types this backend takes now (by default :attr:`CAPABILITIES`)."""
        return self.CAPABILITIES

    def refusal(self, kind: str) -> Message:
        """The sentence about this table for a message it does not take."""
        return Message(self.REFUSALS.get(kind, self.DEFAULT_REFUSAL))

    def refuse(self, kind: str) -> MessageError:
        return MessageError(self.refusal(kind))

    # ------------------------------------------------------------------ its changes
    def attach(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever the backend's state changes on its own."""
        self._listeners.append(listener)

    def detach(self, listener: Callable[[], None]) -> bool:
        """Stop calling ``listener``; True when nobody listens any more."""
        self._listeners = [f for f in self._listeners if f != listener]
        return not self._listeners

    def changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    def close(self) -> None:
        """The last widget over this backend closed."""

    # ------------------------------------------------------------------ the views
    @property
    def version(self) -> int:
        """The version of the seat's view: it grows with every change of it (by default a
        counter of the backend's own, grown by :meth:`bump`)."""
        return self._version

    def bump(self) -> None:
        """The felt shows a new view of the widget's own (a review's position, Show me's step):
        a click made on the one before is stale."""
        self._version += 1

    def check_version(self, sent: object) -> None:
        """A MessageError unless ``sent`` is the version of the view on screen."""
        check_version(sent, self.version)

    def live_view(self, reveal_all: bool = False) -> View | None:
        """The seat's live view, in the backend's language (None: nothing to show yet)."""
        raise NotImplementedError

    def names(self) -> list[str]:
        """The seats' names as the person reads them."""
        raise NotImplementedError

    def score(self) -> Score | None:
        return None

    def config(self) -> Config | None:
        return None

    @property
    def is_over(self) -> bool:
        """The game on the table is over (its review may be asked for)."""
        raise NotImplementedError

    def tracker(self, chances: bool) -> Tracker:
        """What the seat knows now about every card (:func:`.traits.tracker_trait`)."""
        raise self.refuse("tracker")

    def set_language(self, code: str) -> None:
        self.translator = translator(code)

    def localize(self, text: object) -> str:
        """An error or any text of the engine in the backend's language."""
        return self.translator.render(text, self.names())

    def take_error(self) -> str | None:
        """A refusal that came on its own (a server's), not yet shown; None: none."""
        return None

    def variants(self) -> list[str]:
        """The variants the New game menu offers."""
        return []

    def bot_levels(self) -> list[str]:
        """The bot levels the New game menu offers."""
        return []

    def reveal_default(self) -> bool:
        """Whether every hand is shown at first (``reveal_all``)."""
        return False

    def fixed_reveal(self) -> bool | None:
        """``reveal_all`` when it may not change (a lesson's), else None."""
        return None

    def static_title(self) -> str:
        """The title of the table's static picture (a notebook read without a kernel)."""
        return ""

    def practice(self) -> PracticeState | None:
        """The ``practice`` trait of a table over puzzles (:mod:`bhabho_widget.table.practice`); None elsewhere."""
        return None

    def showing(self) -> Any:
        """Show me of this backend's own (a puzzle just answered: :mod:`bhabho_widget.table.practice`)."""
        raise self.refuse("show_me")

    def next(self, theme: str | None = None, mode: str = "rated") -> Any:
        """Serve the next puzzle (a table over puzzles)."""
        raise self.refuse("practice_next")

    # ------------------------------------------------------------------ the review
    @property
    def reviews_at_once(self) -> bool:
        """True when each game over is reviewed whether or not the person asks (a stored
        game; a seat at a class's table, which sends its counts): the review the person opens
        is that one, worked out once."""
        return False

    def review_source(self) -> Game | GameSource:
        """The game over to review for the seat, or how to get it in the review's thread."""
        raise self.refuse("review_start")

    def review_key(self) -> Hashable:
        """Which game over the review is of: when it changes (a new round), the review is dropped."""
        return None

    def review_budget(self) -> tuple[int | None, int | None]:
        """``(rollouts, samples)`` of the review (None: the review's own)."""
        return None, None

    def review_person(self) -> str | None:
        """Whose game the review speaks of: None for the person's own ("you chose"); a name
        for a teacher reading a student's game."""
        return None

    def labels(self, tr: Translator) -> dict[str, str]:
        """The front end's labels in ``tr``'s language: the language's own, those that speak to
        the person in the third person when someone else's game is shown (:meth:`review_person`)."""
        labels = tr.labels()
        person = self.review_person()
        if person is not None:
            keep = {key: "{" + key + "}" for key in ("trick", "chosen")}  # the front end's own placeholders
            labels.update({key: tr.format(text, name=person, **keep) for key, text in THIRD_PERSON_LABELS.items()})
        return labels

    def review_passes(self) -> frozenset[int] | None:
        """The moves (counted as the review counts them) at which the person let a chance to
        take go by with their own click; None where the table does not know them."""
        return None

    def report(self, run: Any) -> None:
        """The review of a game over is done (a seat at a class table sends its counts)."""

    @property
    def reports(self) -> bool:
        """True when :meth:`report` wants each finished review (a seat at a class's table)."""
        return False

    # ------------------------------------------------------------------ the actions
    def play(self, card: Any, version: int | None = None) -> list[Any]:
        raise self.refuse("play")

    def take(self, version: int | None = None) -> list[Any]:
        raise self.refuse("take")

    def advance(self, version: int | None = None) -> list[Any]:
        raise self.refuse("advance")

    def undo(self, version: int | None = None) -> None:
        raise self.refuse("undo")

    def hint(self) -> Hint:
        raise self.refuse("hint")

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Any = None,
                 bots: Any = None, version: int | None = None) -> Game | None:
        raise self.refuse("new_game")

    def pass_take(self) -> list[Any]:
        raise self.refuse("advance")

    def take_offers(self) -> str | None:
        """When the person is asked at their chance to take (:data:`~.controller.TAKE_OFFERS`);
        None: the table has no such setting."""
        return None

    def set_take_offers(self, mode: str) -> None:
        raise self.refuse("set_take_offers")

    def goto(self, index: int) -> None:
        raise self.refuse("goto")

    def answer(self, choice: Any) -> Feedback:
        raise self.refuse("answer")

    def game_now(self) -> Game:
        """The engine game on the table (for a seat at a server's table: a stand-in that tells
        the seat what it saw, no more)."""
        raise NotImplementedError


class LocalGame(Backend):
    """A person against bots in this kernel: a :class:`~.session.TableSession` (undo, hints,
    new games of any settings; the coach works ahead of the person when asked)."""

    KIND = "local"
    REFUSALS = {"goto": NOT_A_LESSON, "answer": NOT_A_LESSON}
    CAPABILITIES = ALWAYS | REVIEW | PLAY | {"undo", "hint", "new_game", "tracker", "set_take_offers"}

    def __init__(self, session: TableSession, coach_ahead: bool = True,
                 on_review: Callable[[Any], object] | None = None) -> None:
        super().__init__()
        self.session = session
        self.ahead: Any = CoachAhead() if coach_ahead and ahead_allowed() else None
        self.on_review = on_review
        """Called with each finished review of the person's game (the table keeps its mistakes
        as puzzles: :func:`.practice.keep_mistakes`); None: nothing."""

    @property
    def reports(self) -> bool:
        return self.on_review is not None

    def report(self, run: Any) -> None:
        if self.on_review is not None:
            self.on_review(run)

    @property
    def translator(self) -> Translator:  # type: ignore[override]
        return self.session.translator

    @translator.setter
    def translator(self, tr: Translator) -> None:
        self.session.set_language(tr.code)

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.session.seat

    @property
    def version(self) -> int:
        return self.session.version

    def bump(self) -> None:
        self.session.table.bump()

    def check_version(self, sent: object) -> None:
        self.session.table.check_version(sent)

    def live_view(self, reveal_all: bool = False) -> View:
        return self.session.browser_view(reveal_all=reveal_all)

    def names(self) -> list[str]:
        return list(self.session.names())

    def score(self) -> Score | None:
        return self.session.score()

    def config(self) -> Config:
        return self.session.config()

    @property
    def is_over(self) -> bool:
        return self.session.game.is_over

    def tracker(self, chances: bool) -> Tracker:
        return self.session.tracker(chances)

    def set_language(self, code: str) -> None:
        self.session.set_language(code)

    def localize(self, text: object) -> str:
        return self.session.localize(text)

    def review_source(self) -> Game:
        return self.session.game

    def review_key(self) -> Hashable:
        return id(self.session.game)

    def review_passes(self) -> frozenset[int]:
        return self.session.passes()

    def review_budget(self) -> tuple[int | None, int | None]:
        return self.session.coach_budget or (None, None)

    def game_now(self) -> Game:
        return self.session.game

    def play(self, card: Any, version: int | None = None) -> list[Any]:
        if version is not None:
            self.check_version(version)
        return self.session.play(card)

    def take(self, version: int | None = None) -> list[Any]:
        if version is not None:
            self.check_version(version)
        return self.session.take()

    def advance(self, version: int | None = None) -> list[Any]:
        if version is not None:
            self.check_version(version)
        return self.session.advance()

    def pass_take(self) -> list[Any]:
        return self.session.pass_take()

    def take_offers(self) -> str:
        return self.session.take_offers

    def set_take_offers(self, mode: str) -> None:
        self.session.set_take_offers(mode)

    def run_bots(self) -> None:
        self.session.run_bots()

    def undo(self, version: int | None = None) -> None:
        if version is not None:
            self.check_version(version)  # a repeated Undo takes back one move only
        self.session.undo()

    def hint(self) -> Hint:
        return hint_trait(self.session.hint())

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Any = None,
                 bots: Any = None, version: int | None = None) -> Game:
        if version is not None:
            self.check_version(version)  # two New game clicks on one view deal one game
        return self.session.new_game(players=players, seed=seed, rules=rules, bots=bots)

    def variants(self) -> list[str]:
        return list(PRESETS)

    def bot_levels(self) -> list[str]:
        return list(BOTS)

    def follow(self) -> None:
        """The table changed: the coach looks ahead (when it works ahead)."""
        if self.ahead is not None:
            self.ahead.follow(self.session)

    def close(self) -> None:
        if self.ahead is not None:
            self.ahead.stop()


class LessonSteps(Backend):
    """A lesson stepped through (a :class:`~.lesson.LessonScript`): its steps and questions;
    ``on_answer(step, choice)`` and ``on_skip(step)`` hear each answer given and each question
    passed over without one (a class's lesson sends them to the class)."""

    KIND = "lesson"
    REFUSALS = {"play": NO_MOVES_IN_LESSON, "take": NO_MOVES_IN_LESSON, "advance": NO_MOVES_IN_LESSON,
                "undo": NO_MOVES_IN_LESSON, "new_game": NO_MOVES_IN_LESSON, "hint": NO_HINT_IN_LESSON,
                **dict.fromkeys(REVIEW, NO_REVIEW_IN_LESSON)}
    CAPABILITIES = ALWAYS | {"goto", "answer", "tracker"}

    def __init__(self, script: LessonScript, on_answer: Callable[[int, Any], None] | None = None,
                 on_skip: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.script = script
        self.on_answer, self.on_skip = on_answer, on_skip

    @property
    def translator(self) -> Translator:  # type: ignore[override]
        return self.script.translator

    @translator.setter
    def translator(self, tr: Translator) -> None:
        self.script.set_language(tr.code)

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.script.seat

    def live_view(self, reveal_all: bool = False) -> View:
        return self.script.browser_view()

    def reveal_default(self) -> bool:
        return self.script.reveal_all

    def fixed_reveal(self) -> bool | None:
        return self.script.reveal_all

    def static_title(self) -> str:
        return self.script.title

    def names(self) -> list[str]:
        return list(self.script.names())

    @property
    def is_over(self) -> bool:
        return False

    def tracker(self, chances: bool) -> Tracker:
        return self.script.tracker(chances)

    def set_language(self, code: str) -> None:
        self.script.set_language(code)

    def localize(self, text: object) -> str:
        return self.script.localize(text)

    def game_now(self) -> Game:
        return self.script.game

    def goto(self, index: int) -> None:
        before = {s for s in self.script.exercises if self.script.status(s) == "skipped"}
        self.script.goto(index)
        self._version += 1
        if self.on_skip is not None:
            for step in sorted(s for s in self.script.exercises if self.script.status(s) == "skipped" and s not in before):
                self.on_skip(step)

    def answer(self, choice: Any) -> Feedback:
        step = self.script.step
        feedback = self.script.answer(choice)
        self._version += 1
        if self.on_answer is not None:
            self.on_answer(step, choice)
        return feedback


class StoredGame(Backend):
    """A finished game from a stored record, shown at its end from ``seat`` and offered for its
    review, read-only: a student's game that their teacher opens (``game`` rebuilt from the
    student's own seat record, :func:`.seat_record.stand_in`), with the review's budget the
    student's kernel used, so that its grades are the ones sent. ``title`` is the line under the
    table; ``person`` the student's name the review speaks of."""

    KIND = "stored"
    DEFAULT_REFUSAL = READ_ONLY
    CAPABILITIES = ALWAYS | REVIEW | {"tracker"}

    def __init__(self, game: Game, seat: int, names: Sequence[str], *, title: Message | str = "",
                 person: str | None = None, rollouts: int | None = None, samples: int | None = None,
                 language: str = "en") -> None:
        super().__init__()
        if not game.is_over:
            raise ValueError("a stored game is shown once it is over")
        self.game = game
        self.seat = seat
        self.title = title
        self.person = person
        self._names = [str(n)[:40] for n in names][: game.num_players]
        while len(self._names) < game.num_players:
            self._names.append(f"Player {len(self._names)}")
        self._budget = (rollouts, samples)
        self.translator = translator(language)

    def names(self) -> list[str]:
        return list(self.translator.local_names(self._names))

    def live_view(self, reveal_all: bool = False) -> View:
        tr, names = self.translator, self.names()
        addressed = self.person is None  # a student's game read by their teacher: the student by name
        return build_view(self.game, self.seat, version=self._version, mode="play", waiting="over", change="new",
                          narration=tr.render(self.title, names),
                          log=log_lines(self.game.events, self.seat, False, tr, names, addressed=addressed),
                          translator=tr, names=names, addressed=addressed)

    def config(self) -> Config:
        return config_trait(self.game.num_players, None, variant_name(self.game.rules), "rules", self.translator.code, None)

    @property
    def is_over(self) -> bool:
        return True

    def tracker(self, chances: bool) -> Tracker:
        return tracker_trait(self.game.seat_view(self.seat), self.names(), chances)

    def review_source(self) -> Game:
        return self.game

    def review_key(self) -> Hashable:
        return id(self.game)

    def review_budget(self) -> tuple[int | None, int | None]:
        return self._budget

    def review_person(self) -> str | None:
        return self.person

    @property
    def reviews_at_once(self) -> bool:
        return True

    def variants(self) -> list[str]:
        return list(PRESETS)

    def static_title(self) -> str:
        return self.translator.render(self.title, self.names())

    def game_now(self) -> Game:
        return self.game
