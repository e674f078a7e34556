"""The notebook widgets: :class:`Table` (play bots) and :class:`Lesson` (step through a lesson).

Each is a thin anywidget class (:class:`.base.FeltWidget`: the comm, the checks of every
message against ``protocol.json``) over a plain-Python controller
(:class:`.session.TableSession`, :class:`.lesson.LessonScript`): a message goes to the
controller, and the controller's view comes back as the ``view`` trait. Only what the
person's seat may know is synced; a bad, stale or out-of-turn message gets a short error and
changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import traitlets

from ..engine.errors import IllegalMoveError, MessageError
from ..engine.game import Game, Move
from ..engine.rules import PRESETS, Rules
from ..i18n import N_, Message, Translator, check_language, default_language
from ..play.bots import Bot
from ..play.registry import BOTS
from .ahead import CoachAhead, ahead_allowed
from .base import FeltWidget, check_deck
from .lesson import Exercise, LessonResults, LessonScript
from .session import TableSession, localize_tree
from .session import check_pace as check_pace_argument

if TYPE_CHECKING:
    from ..coach.review import Review
    from .reviewing import ReviewRun
    from .showing import Showing

SHOW_READ_ONLY = N_("Show me is playing out an imagined game: close it to play on")
"""The refusal of a play, take, undo or bot step while Show me shows its imagined game."""

NO_GRADES = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
"""The review's grade counts before a review (the keys of :data:`bhabho_widget.coach.review.GRADES`,
written out: the review needs numpy, a table offering one does not)."""


class Table(FeltWidget):
    """A card table: the person at ``seat`` against bots (see :class:`.session.TableSession`).

    ``Table()`` starts a four-player classic game with the person at seat 0.
    ``Table(players=6, seed=3, rules="get away", rounds=5, bots="rules")`` chooses; ``rounds``
    (and/or ``max_bhabhi``) keeps the scoreboard of a :class:`Match`. ``language`` is one of
    ``"en"``, ``"hi"``, ``"de"``, ``"ru"``, ``"es"`` (default: the notebook's locale if it is
    one of them, else English); the language menu of the controls switches it.
    ``Table(position=text_or_game, seat=1)`` plays a position out (a :class:`Game` or position
    text, as the editor copies it) instead of dealing; New game then deals as usual.
    ``coach_ahead`` (on by default): the coach works while the person thinks, so a hint and
    the review at game over are ready when asked (:mod:`.ahead`).
    """

    def __init__(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 seat: int = 0, bots: str | Bot | Mapping[int, Bot] = "rules", names: Sequence[str] | None = None,
                 rounds: int | None = None, max_bhabhi: int | None = None, pace: float = 0.6,
                 language: str | None = None, deck: str = "two-colour", position: Game | str | None = None,
                 coach_ahead: bool = True) -> None:
        pace = check_pace_argument(pace)
        deck = check_deck(deck)
        language = default_language() if language is None else check_language(language)
        self._hint: dict[str, Any] | None = None  # the hint shown, with its texts as Messages (told again on a switch)
        self._review: ReviewRun | None = None  # the review of the game over, once asked for
        self._review_at: int | None = None  # the decision whose position is shown, None: the live table
        self._show: Showing | None = None  # Show me's imagined game on the felt, None: none
        self._review_lock = threading.RLock()
        self._ahead = CoachAhead() if coach_ahead and ahead_allowed() else None
        self.session = TableSession(players=players, seed=seed, rules=rules, seat=seat, bots=bots, names=names,
                                    rounds=rounds, max_bhabhi=max_bhabhi, language=language, position=position)
        super().__init__(pace=pace, variants=list(PRESETS), bot_levels=list(BOTS), labels=self.session.translator.labels(),
                         lang=self.session.translator.code, deck=deck)
        self._sync()

    @property
    def translator(self) -> Translator:
        return self.session.translator

    def _localize(self, text: object) -> str:
        return self.session.localize(text)

    def _use_language(self, tr: Translator) -> None:
        """The line under the table, the log, the banner, the scoreboard, the hint and errors
        in ``tr``'s language from now on."""
        self.session.set_language(tr.code)
        if self.hint is not None and self._hint is not None:
            self.hint = localize_tree(self._hint, self.session.translator, self.session.names())

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The engine game on the table."""
        return self.session.game

    @property
    def match(self) -> Any:
        """The :class:`Match` when a scoreboard is kept, else None."""
        return self.session.match

    @property
    def seat(self) -> int:
        return self.session.seat

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 bots: str | None = None) -> Game:
        """Deal a new game (the next round of a match); returns the engine Game."""
        game = self.session.new_game(players=players, seed=seed, rules=rules, bots=bots)
        self._show = None
        self._drop_review()
        self._sync(clear_hint=True)
        return game

    def advance(self) -> list:
        """Let the next bot act; returns its events."""
        self._check_not_showing()
        events = self.session.advance()
        self._sync()
        return events

    def run_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game is over."""
        self._check_not_showing()
        self.session.run_bots()
        self._sync()

    def play(self, card: Any) -> list:
        """The person plays ``card`` (Card or code)."""
        self._check_not_showing()
        events = self.session.play(card)
        self._sync(clear_hint=True)
        return events

    def take(self) -> list:
        """The person takes the next player's hand."""
        self._check_not_showing()
        events = self.session.take()
        self._sync(clear_hint=True)
        return events

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it."""
        self._check_not_showing()
        self.session.undo()
        self._drop_review()
        self._sync(clear_hint=True)

    def suggest(self) -> dict[str, Any]:
        """A hint for the person: ``{"action", "text", "estimates"}``, in the table's language."""
        return self.session.hint()

    # ------------------------------------------------------------------ review
    def start_review(self, rollouts: int | None = None, samples: int | None = None) -> ReviewRun:
        """Review the game over for the person's seat (:func:`bhabho_widget.coach.review.review`)
        in a thread: the table stays responsive, the panel shows the progress; the Review
        button of the game-over table does the same. Returns the run (``wait()``, ``result``).
        ``rollouts`` and ``samples``: the review's budget (default: the review's own)."""
        from ..coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES  # needs numpy
        from .reviewing import ReviewRun

        if not self.game.is_over:
            raise MessageError(Message("the review opens once the game is over"))
        with self._review_lock:
            if self._review is not None and self._review.status == "running":
                raise MessageError(Message("the review is being worked out already"))
            self._review_at = None
            self._review = ReviewRun(self.game, self.seat, self._on_review_progress,
                                     rollouts=DEFAULT_ROLLOUTS if rollouts is None else rollouts,
                                     samples=DEFAULT_SAMPLES if samples is None else samples)
        self._sync()
        return self._review

    @property
    def last_review(self) -> Review | None:
        """The finished review of the game on the table, or None."""
        return self._review.result if self._review is not None else None

    def cancel_review(self) -> None:
        """Stop the review being worked out (the Cancel button of its panel)."""
        if self._review is None or self._review.status != "running":
            raise MessageError(Message("no review is being worked out"))
        self._review.cancel()

    def show_decision(self, number: int | None) -> None:
        """Show the table as the person's seat saw it at decision ``number`` of the review
        (from 0; read-only, the better action outlined); None: back to the end of the game.
        Show me, if it shows, is closed."""
        with self._review_lock:
            if number is not None:
                if self._review is None:
                    raise MessageError(Message("the review is not ready yet"))
                number = self._review.check_decision(number)
            self._review_at = number
            self._show = None
        self._sync()

    def _on_review_progress(self) -> None:
        """From the review's thread: its progress, or its end."""
        with self._review_lock:
            with self.hold_sync():
                self._sync_review()

    def _drop_review(self) -> None:
        with self._review_lock:
            if self._review is not None:
                self._review.cancel()
            self._review = None
            self._review_at = None

    def _sync_review(self) -> None:
        run = self._review
        if run is None:
            self.review = {"status": "ready", "done": 0, "total": 0, "seat": self.seat, "at": None, "decisions": [],
                           "events": [], "costliest": [], "counts": dict(NO_GRADES), "error": ""} \
                if self.game.is_over else None
        else:
            self.review = run.trait(self.translator, self.session.names(), self._review_at)

    # ------------------------------------------------------------------ Show me
    @property
    def showing(self) -> Showing | None:
        """Show me's imagined game while the felt shows it (see :mod:`.showing`), else None."""
        return self._show

    def show_me(self, line: str = "better", source: str = "hint", decision: int | None = None) -> Showing:
        """Play out on the felt one imagined way the game can go after the better action
        (``line="better"``) or after the worse one (``"worse"``), step by step, on a deal of
        the hidden cards drawn from what the person's seat knew, never the real hidden cards
        (:func:`bhabho_widget.coach.imagine.imagine`). ``source="hint"``: the hint shown (its
        action, and the clearly worse action its reason explains); ``"review"``: decision
        ``decision`` of the finished review (the best action, and the one chosen). Where no
        action is worse there is the better line only. The table is read-only meanwhile
        (:meth:`show_step` moves, :meth:`close_show` goes back); asked again for the same
        hint or decision, it switches the line at the same step. Also the *Show me* buttons
        of the hint and of the review's rows. Returns the :class:`~.showing.Showing`."""
        from . import showing  # needs numpy

        showing.check_choice(line, source)
        with self._review_lock:
            show = self._show
            if show is None or not show.asked_as(source, decision, self.session.last_hint_view):
                if source == "hint":
                    show = showing.Showing.from_hint(self.session, shown=self._hint is not None, decision=decision)
                else:
                    show = showing.Showing.from_review(self._review, self.game, self.seat, decision)
            show.switch(line)
            self._show = show
            self.session.table.bump()  # a new view: a click made on the one before is stale
        self._sync()
        return show

    def show_step(self, index: int) -> None:
        """Show step ``index`` of Show me's imagined line: 0 is the table before the action, 1
        after it, then after each play (see :attr:`~.showing.Showing.count`)."""
        with self._review_lock:
            if self._show is None:
                raise MessageError(Message("Show me is not open: nothing to step through"))
            self._show.go(index)
            self.session.table.bump()
        self._sync()

    def close_show(self) -> None:
        """Close Show me: back to the live table, or to the review's position it was asked from."""
        with self._review_lock:
            if self._show is None:
                raise MessageError(Message("Show me is not open: nothing to close"))
            self._show = None
            self.session.table.bump()
        self._sync()

    def _check_not_showing(self) -> None:
        if self._show is not None:
            raise IllegalMoveError(Message(SHOW_READ_ONLY))

    # ------------------------------------------------------------------ a teacher's tools
    def moment(self) -> Game:
        """The game at the moment shown: while the review shows a decision, the game as it
        was then (replayed, see :func:`bhabho_widget.coach.review.replay_to`), else the game
        on the table. :func:`~.exercises.make_exercise` and the editor
        (``Editor(position=table)``) start from it."""
        with self._review_lock:
            run, at = self._review, self._review_at
            if run is not None and at is not None and run.result is not None:
                from ..coach.review import replay_to

                return replay_to(self.game, run.result.decisions[at].move)
        return self.game

    # ------------------------------------------------------------------ shared tables
    @staticmethod
    def host(server: str, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
             name: str | None = None, language: str | None = None, pace: float = 0.6, deck: str = "two-colour") -> Any:
        """Open a shared table on the table ``server`` (``"127.0.0.1:8765"``, see
        :mod:`bhabho_widget.server`) and sit at its seat 0 as the host; returns the widget
        (a :class:`.remote.SharedTable`), whose ``code`` the others give :meth:`join`. Bots
        play the seats nobody takes; the host deals with the New game button (or ``deal()``)."""
        from .remote import SharedTable

        return SharedTable.host(server, players=players, rules=rules, rounds=rounds, bots=bots, name=name,
                                language=language, pace=pace, deck=deck)

    @staticmethod
    def join(server: str, code: str, name: str | None = None, language: str | None = None, pace: float = 0.6,
             deck: str = "two-colour") -> Any:
        """Take a seat at the shared table ``code`` on the table ``server``; returns the widget.
        ``name`` defaults to the JupyterHub user's name, or the login name."""
        from .remote import SharedTable

        return SharedTable.join(server, code, name=name, language=language, pace=pace, deck=deck)

    # ------------------------------------------------------------------ messages
    def _msg_play(self, content: dict[str, Any]) -> None:
        self._check_not_showing()  # a click on a card of the imagined game
        self.session.table.check_version(content["version"])
        self.play(content["card"])

    def _msg_take(self, content: dict[str, Any]) -> None:
        self._check_not_showing()
        self.session.table.check_version(content["version"])
        self.take()

    def _msg_advance(self, content: dict[str, Any]) -> None:
        if content["version"] != self.session.version or self._show is not None:
            return  # another view of this widget already advanced this state, or the felt shows Show me
        self.advance()

    def _msg_undo(self, content: dict[str, Any]) -> None:
        self._check_not_showing()
        self.session.table.check_version(content["version"])  # a repeated Undo takes back one move only
        self.undo()

    def _msg_show_me(self, content: dict[str, Any]) -> None:
        self.session.table.check_version(content["version"])
        self.show_me(content["line"], content["source"], content["decision"])

    def _msg_show_step(self, content: dict[str, Any]) -> None:
        if self._show is None:
            raise MessageError(Message("Show me is not open: nothing to step through"))
        self.session.table.check_version(content["version"])  # a second Next on one view moves once
        self.show_step(content["index"])

    def _msg_show_close(self, content: dict[str, Any]) -> None:
        self.close_show()

    def _msg_hint(self, content: dict[str, Any]) -> None:
        self.hint = self.suggest()
        self._hint = self.session.last_hint

    def _msg_review_start(self, content: dict[str, Any]) -> None:
        self.start_review()

    def _msg_review_cancel(self, content: dict[str, Any]) -> None:
        self.cancel_review()

    def _msg_review_show(self, content: dict[str, Any]) -> None:
        self.show_decision(content["decision"])

    def _msg_new_game(self, content: dict[str, Any]) -> None:
        self.session.table.check_version(content["version"])  # two New game clicks on one view deal one game
        variant = content["variant"]
        if variant not in PRESETS:
            raise MessageError(f"unknown variant {variant[:40]!r}")
        bots = content.get("bots")
        if bots is not None and bots not in BOTS:
            raise MessageError(f"unknown bot level {bots[:40]!r}")
        self.new_game(players=content["players"], seed=content["seed"], rules=variant, bots=bots)

    _HANDLERS = {"play": _msg_play, "take": _msg_take, "advance": _msg_advance, "undo": _msg_undo,
                 "hint": _msg_hint, "new_game": _msg_new_game, "set_language": FeltWidget._msg_set_language,
                 "set_deck": FeltWidget._msg_set_deck, "tracker": FeltWidget._msg_tracker,
                 "review_start": _msg_review_start, "review_cancel": _msg_review_cancel,
                 "review_show": _msg_review_show, "show_me": _msg_show_me, "show_step": _msg_show_step,
                 "show_close": _msg_show_close}

    # ------------------------------------------------------------------ sync
    @traitlets.observe("reveal_all")
    def _reveal_changed(self, change: Any) -> None:
        if hasattr(self, "session"):
            self._sync()

    def _sync(self, clear_hint: bool = False) -> None:
        """Send the view, the scoreboard and the settings to the browser as one update; while
        the review shows a decision, the view is that position (read-only)."""
        with self._review_lock, self.hold_sync():
            if clear_hint:
                self.hint = None
                self._hint = None
            run, at = self._review, self._review_at
            if self._show is not None:
                self.view = self._show.view(self.translator, self.session.names(), self.session.version)
            elif run is not None and at is not None and run.result is not None:
                self.view = run.position_view(at, self.translator, self.session.names(), self.session.version)
            else:
                self.view = self.session.browser_view(reveal_all=self.reveal_all)
            self.score = self.session.score()
            self.config = self.session.config()
            self._sync_tracker()
            self._sync_review()
        if self._ahead is not None and self._watched:
            self._ahead.follow(self.session)

    _watched = False
    """True once a browser shows the table (it has sent a message): only then does the coach
    work ahead, for a person who thinks; a script asks and gets its answer at once."""

    def _on_frontend_msg(self, widget: object, content: Any, buffers: object) -> None:
        if not self._watched:
            self._watched = True
            if self._ahead is not None:
                self._ahead.follow(self.session)
        super()._on_frontend_msg(widget, content, buffers)

    @property
    def coach_ahead(self) -> bool:
        """Whether the coach works while the person thinks (:mod:`.ahead`): the hint of their
        turn before the Hint button is pressed, the review's decisions as the game goes. On by
        default; set False to turn it off (``Table(coach_ahead=False)`` starts without it)."""
        return self._ahead is not None

    @coach_ahead.setter
    def coach_ahead(self, on: bool) -> None:
        if bool(on) == (self._ahead is not None):
            return
        if self._ahead is not None:
            self._ahead.stop()
            self._ahead = None
        else:
            self._ahead = CoachAhead()
            if self._watched:
                self._ahead.follow(self.session)

    def close(self) -> None:
        """Close the widget; the coach's worker stops."""
        ahead = getattr(self, "_ahead", None)  # absent if the constructor refused its arguments
        if ahead is not None:
            ahead.stop()
        super().close()

    def _tracker_data(self, chances: bool) -> dict[str, Any]:
        run, at = self._review, self._review_at
        if self._show is not None:  # what the seat knew at the moment Show me plays out
            return self._show.tracker(self.session.names(), chances)
        if run is not None and at is not None and run.result is not None:
            return run.position_tracker(at, self.session.names(), chances)
        return self.session.tracker(chances)


class Lesson(FeltWidget):
    """Step through ``game`` followed by ``moves`` (see :class:`.lesson.LessonScript`),
    showing ``seat`` at the bottom. All hands are shown unless ``reveal_all=False``.
    ``language`` is the language of the engine's explanations, the feedback and the
    labels (default: the notebook's locale if supported, else English)."""

    def __init__(self, game: Game, moves: Sequence[Move | str] = (), title: str = "",
                 exercises: Sequence[Exercise] = (), seat: int = 0, reveal_all: bool = True, start: int = 0,
                 language: str | None = None, deck: str = "two-colour") -> None:
        language = default_language() if language is None else check_language(language)
        deck = check_deck(deck)
        self.script = LessonScript(game, moves, title=title, exercises=exercises, seat=seat, reveal_all=reveal_all,
                                   start=start, language=language)
        super().__init__(reveal_all=reveal_all, variants=[], labels=self.script.translator.labels(),
                         lang=self.script.translator.code, deck=deck)
        self._sync()

    @property
    def translator(self) -> Translator:
        return self.script.translator

    def _localize(self, text: object) -> str:
        return self.script.localize(text)

    def _use_language(self, tr: Translator) -> None:
        """The explanations and the feedback in ``tr``'s language from now on."""
        self.script.set_language(tr.code)

    @classmethod
    def from_json(cls, record: str, **kwargs: Any) -> Lesson:
        """A lesson that replays a game record (see :meth:`Game.to_json`)."""
        return cls(Game.from_json(record), **kwargs)

    @property
    def game(self) -> Game:
        """The game as it stands at the step shown."""
        return self.script.game

    @property
    def seat(self) -> int:
        return self.script.seat

    @property
    def title(self) -> str:
        return self.script.title

    @property
    def moves(self) -> list:
        return self.script.moves

    @property
    def exercises(self) -> dict[int, Exercise]:
        return self.script.exercises

    @property
    def step(self) -> int:
        return self.script.step

    @property
    def length(self) -> int:
        return self.script.length

    @property
    def explanation(self) -> str:
        return self.script.explanation

    def goto(self, index: int) -> None:
        """Show the position after ``index`` moves (0 is the start)."""
        self.script.goto(index)
        self._sync()

    def next(self) -> None:
        self.goto(min(self.step + 1, self.length))

    def back(self) -> None:
        self.goto(max(self.step - 1, 0))

    def answer(self, choice: Any) -> dict[str, Any]:
        """Check the learner's answer to the exercise at this step; returns the feedback."""
        feedback = self.script.answer(choice)
        self._sync()
        return feedback

    def results(self) -> LessonResults:
        """How the lesson went, per question (see :meth:`.lesson.LessonScript.results`):
        plain data for a teacher to collect, shown as a table in the notebook."""
        return self.script.results()

    def _msg_goto(self, content: dict[str, Any]) -> None:
        self.goto(content["index"])

    def _msg_answer(self, content: dict[str, Any]) -> None:
        self.answer(content["choice"])

    _HANDLERS = {"goto": _msg_goto, "answer": _msg_answer, "set_language": FeltWidget._msg_set_language,
                 "set_deck": FeltWidget._msg_set_deck, "tracker": FeltWidget._msg_tracker}

    @traitlets.validate("reveal_all")
    def _fixed_reveal(self, proposal: Any) -> bool:
        if hasattr(self, "script") and proposal["value"] != self.script.reveal_all:
            raise traitlets.TraitError("a lesson's reveal_all is set when it is made: Lesson(..., reveal_all=...)")
        return proposal["value"]

    def _sync(self) -> None:
        with self.hold_sync():
            self.view = self.script.browser_view()
            self._sync_tracker()

    def _tracker_data(self, chances: bool) -> dict[str, Any]:
        return self.script.tracker(chances)

    def _static_title(self) -> str:
        return self.script.title


def play(players: int = 4, **kwargs: Any) -> Table:
    """Start a game against bots: ``bhabho_widget.play()`` in a notebook cell."""
    return Table(players=players, **kwargs)
