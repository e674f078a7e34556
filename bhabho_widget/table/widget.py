"""The felt: :class:`Table`, the one notebook widget of a card table, whatever stands behind it.

A :class:`Table` draws one seat's table over a :class:`~.backend.Backend`: a game against bots
in this kernel (``Table()``, over a :class:`~.session.TableSession`), a seat at a table
server's table (:meth:`Table.host`, :meth:`Table.join`, :meth:`Table.resume`), a finished game
from a stored record (a student's game a teacher reviews) or a lesson (:func:`Lesson`). What
the felt adds to every backend is written here once: the review of a game over (worked out
in a thread, its positions shown read-only), *Show me* (an imagined game played out on the
felt), the Tracker, the hint where the backend gives one, the language and the card faces.

The backend says what it takes (the ``capabilities`` trait, which the front end reads to show
only those controls); a message for anything else gets the backend's sentence about the
table ("Hints are off at a shared table"), never the protocol's "unknown message type".
Only what the person's seat may know is synced; a bad, stale or out-of-turn message gets a
short error and changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import traitlets

from ..engine.cards import Card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.game import Game
from ..engine.move import Move
from ..engine.rules import Rules
from ..i18n import N_, Message, Translator, check_language, default_language
from ..play.bots import Bot
from ..puzzles import PracticeSession
from .ahead import CoachAhead
from .backend import Backend, LessonSteps, LocalGame, idle_trait
from .base import BaseWidget, check_deck
from .lesson import Exercise, LessonResults, LessonScript
from .picture import view_html
from .practice import PracticeBoard, keep_mistakes, keep_mistakes_allowed
from .protocol import BROWSER_WRITABLE
from .protocol_types import Feedback, Hint
from .remote import ServerSeat, TableClient
from .session import TableSession, localize_tree
from .settings import check_bots, check_pace, check_variant, shared_settings
from .traits import hint_trait

if TYPE_CHECKING:
    from ..coach.review import Review
    from .reviewing import ReviewRun
    from .showing import Showing

__all__ = ["Lesson", "Practice", "PuzzleLesson", "Table"]

SHOW_READ_ONLY = N_("Show me is playing out an imagined game: close it to play on")
"""The refusal of a play, take, undo or bot step while Show me shows its imagined game."""
NOT_A_SEAT = N_("This table is not a seat at a shared table")
NOT_LOCAL = N_("This table's game is not played in this notebook")


class Table(BaseWidget):
    """A card table: one seat's view of a game, over a backend (see the module's docstring).

    ``Table()`` starts a four-player classic game against bots with the person at seat 0.
    ``Table(players=6, seed=3, rules="get away", rounds=5, bots="rules")`` chooses; ``rounds``
    (and/or ``max_bhabhi``) keeps the scoreboard of a :class:`~bhabho_widget.Match`.
    ``language`` is one of ``"en"``, ``"hi"``, ``"de"``, ``"ru"``, ``"es"`` (default: the
    notebook's locale if it is one of them, else English); the language menu of the controls
    switches it. ``Table(position=text_or_game, seat=1)`` plays a position out (a
    :class:`~bhabho_widget.Game` or position text, as the editor copies it) instead of dealing;
    New game then deals as usual. ``coach_ahead`` (on by default): the coach works while the
    person thinks, so a hint and the review at game over are ready when asked (:mod:`.ahead`).
    ``take_offers``: when the person is asked at their chance to take the next player's hand
    (rule 7): ``"may_pay"`` (the default: only when the coach's quick estimate says taking may
    pay), ``"always"`` or ``"never"``; where it does not ask, the chance is named under the
    table. The menu of the controls switches it too (:meth:`set_take_offers`).

    ``Table(backend=...)`` draws any other :class:`~.backend.Backend` (then the game's
    settings are the backend's, and only ``pace`` and ``deck`` may be given).
    """

    view: Any = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    value: Any = traitlets.Dict(allow_none=True, default_value=None, read_only=True)
    """The game as the person's seat sees it now (the live view: not a review's position or Show me's
    imagined game), kept in the kernel only (never sent: the browser has ``view``): what marimo's
    ``mo.state`` and Solara's reactive variables follow (``table.observe(..., names=["value"])``)."""
    pace = traitlets.Float(0.6).tag(sync=True)
    reveal_all = traitlets.Bool(False).tag(sync=True)
    hint: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    score: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    variants = traitlets.List(traitlets.Unicode()).tag(sync=True)
    bot_levels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    config: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    tracker: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)  # None while the panel is closed
    review: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)  # None: no review to offer
    practice: Any = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)  # None: not a table of puzzles
    capabilities = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The browser's message types the table takes now (the backend's): the front end shows those controls only."""
    take_offers: Any = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """When the person is asked at their chance to take (a local table's setting, :attr:`take_offers`); None: none."""

    _WRITABLE = BROWSER_WRITABLE
    _KWARGS = BaseWidget._KWARGS | {"pace", "reveal_all", "variants", "bot_levels"}

    def __init__(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 seat: int = 0, bots: str | Bot | Mapping[int, Bot] = "rules", names: Sequence[str] | None = None,
                 rounds: int | None = None, max_bhabhi: int | None = None, pace: float = 0.6,
                 language: str | None = None, deck: str = "two-colour", position: Game | str | None = None,
                 coach_ahead: bool = True, take_offers: str | None = None, *, backend: Backend | None = None) -> None:
        pace = check_pace(pace)
        deck = check_deck(deck)
        if backend is None:
            language = default_language() if language is None else check_language(language)
            session = TableSession(players=players, seed=seed, rules=rules, seat=seat, bots=bots, names=names,
                                   rounds=rounds, max_bhabhi=max_bhabhi, language=language, position=position,
                                   **({} if take_offers is None else {"take_offers": take_offers}))
            backend = LocalGame(session, coach_ahead=coach_ahead,
                                on_review=keep_mistakes if keep_mistakes_allowed() else None)
        else:
            given = [k for k, v in (("players", players), ("seed", seed), ("rules", rules), ("names", names),
                                    ("rounds", rounds), ("max_bhabhi", max_bhabhi), ("language", language),
                                    ("position", position), ("take_offers", take_offers)) if v is not None]
            given += [k for k, v, d in (("seat", seat, 0), ("bots", bots, "rules"), ("coach_ahead", coach_ahead, True))
                      if v != d]
            if given:
                raise TypeError(f"Table(backend=...) takes its game from the backend, not {', '.join(given)}")
            if not isinstance(backend, Backend):
                raise TypeError(f"backend must be a Backend, not {type(backend).__name__}")
        self.backend: Backend = backend
        self._hint: dict[str, Any] | None = None  # the hint shown, with its texts as Messages (told again on a switch)
        self._review: ReviewRun | None = None  # the review of the game over, once asked for
        self._review_of: Hashable = None  # which game over it is of (the backend's review key)
        self._review_at: int | None = None  # the decision whose position is shown, None: the live table
        self._reported: set[Hashable] = set()
        self._show: Showing | None = None  # Show me's imagined game on the felt, None: none
        self._lock = threading.RLock()
        self._tracker_open = False
        self._tracker_chances = False
        self._watched = False
        """True once a browser shows the table (it has sent a message): only then does the coach
        work ahead, for a person who thinks; a script asks and gets its answer at once."""
        tr = backend.translator
        super().__init__(pace=pace, variants=list(backend.variants()), bot_levels=list(backend.bot_levels()),
                         labels=backend.labels(tr), lang=tr.code, deck=deck, reveal_all=backend.reveal_default())
        backend.attach(self._on_backend_change)
        self._sync()
        self._review_if_due()

    # ------------------------------------------------------------------ shared tables
    @classmethod
    def host(cls, server: str, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
             name: str | None = None, language: str | None = None, pace: float = 0.6, deck: str = "two-colour") -> Table:
        """Open a shared table on the table ``server`` (``"127.0.0.1:8765"``, see
        :mod:`bhabho_widget.server`) and sit at its seat 0 as the host; returns its table,
        whose :attr:`code` the others give :meth:`join`. Bots play the seats nobody takes; the
        host deals with the New game button (or :meth:`deal`)."""
        language = default_language() if language is None else check_language(language)
        settings = shared_settings(players, rules, rounds, bots)  # refused here as the server would
        client = TableClient(server)
        client.create(players=settings["players"], rules=settings["variant"], rounds=settings["rounds"],
                      bots=settings["bots"], name=name, language=language)
        return cls(backend=ServerSeat(client), pace=pace, deck=deck)

    @classmethod
    def join(cls, server: str, code: str, name: str | None = None, language: str | None = None, pace: float = 0.6,
             deck: str = "two-colour") -> Table:
        """Take a seat at the shared table ``code`` on the table ``server``; returns its table.
        ``name`` defaults to the JupyterHub user's name (else the server names the seat). From a
        kernel that has a seat there under this name already (the cell run again), that seat."""
        client = TableClient.of_table(server, code, name)
        if client is not None and client.backend is not None:
            return cls(backend=client.backend, pace=pace, deck=deck)
        language = default_language() if language is None else check_language(language)
        client = TableClient(server)
        client.join(code, name=name, language=language)
        return cls(backend=ServerSeat(client), pace=pace, deck=deck)

    @classmethod
    def resume(cls, server: str, code: str, seat: int, token: str, language: str | None = None, pace: float = 0.6,
               deck: str = "two-colour") -> Table:
        """Come back to one's seat ``seat`` of the shared table ``code`` from another kernel with
        the seat's :attr:`token` (the kernel that had it is told so and stops)."""
        language = default_language() if language is None else check_language(language)
        client = TableClient(server)
        client.resume(code, seat, token, language=language)
        return cls(backend=ServerSeat(client), pace=pace, deck=deck)

    def _seat_backend(self) -> ServerSeat:
        if not isinstance(self.backend, ServerSeat):
            raise MessageError(Message(NOT_A_SEAT))
        return self.backend

    @property
    def code(self) -> str:
        """A shared table's code: give it to the others for :meth:`join`."""
        return self._seat_backend().client.code or ""

    @property
    def token(self) -> str:
        """A shared table's seat token: with it, :meth:`resume` takes the seat back from another kernel."""
        return self._seat_backend().client.token or ""

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where at a shared table: ``[{"name", "person", "connected", "bot"}]``."""
        return list((self._seat_backend().client.state or {}).get("seats", []))

    @property
    def is_host(self) -> bool:
        """This seat is the shared table's host's: it deals and admits players after the deal."""
        return self._seat_backend().client.host

    @property
    def client(self) -> Any:
        """A shared table's connection to its server (:class:`~.remote.TableClient`)."""
        return self._seat_backend().client

    def deal(self) -> None:
        """Deal the next game: at a shared table the host's New game (the first round, the next
        one, or a new match once it is over); at a local table, :meth:`new_game`."""
        self._require("new_game")
        self.backend.new_game()
        self._sync(clear_hint=True)

    def admit(self, name: str) -> None:
        """The host of a shared table lets the person called ``name`` sit down at an open seat
        once the cards are dealt (before the deal, anyone with the code may join)."""
        self._seat_backend().admit(name)

    # ------------------------------------------------------------------ the game on the table
    @property
    def session(self) -> TableSession:
        """The local game (:class:`~.session.TableSession`) of a table played in this notebook."""
        if not isinstance(self.backend, LocalGame):
            raise AttributeError(str(Message(NOT_LOCAL)))
        return self.backend.session

    @property
    def game(self) -> Game:
        """The engine game on the table (a lesson's at its step; a stored game's; at a shared
        table, refused: the kernel holds the seat's view only)."""
        return self.backend.game_now()

    @property
    def match(self) -> Any:
        """The :class:`~bhabho_widget.Match` when a local table keeps a scoreboard, else None."""
        return self.backend.session.match if isinstance(self.backend, LocalGame) else None

    @property
    def seat(self) -> int:
        return self.backend.seat

    @property
    def translator(self) -> Translator:
        return self.backend.translator

    def _localize(self, text: object) -> str:
        return self.backend.localize(text)

    def _use_language(self, tr: Translator) -> None:
        """Every text in ``tr``'s language from now on: the line under the table, the log, the
        banner, the scoreboard, the hint and errors (a shared table's server sends them again)."""
        self.backend.set_language(tr.code)
        if self.hint is not None and self._hint is not None:
            self.hint = hint_trait(localize_tree(self._hint, self.backend.translator, self.backend.names()))

    def _labels(self) -> dict[str, str]:
        return self.backend.labels(self.translator)

    def _require(self, kind: str) -> None:
        """A MessageError with the backend's sentence unless the table takes ``kind`` now."""
        if kind not in self.backend.capabilities():
            raise self.backend.refuse(kind)

    def _check_not_showing(self) -> None:
        if self._show is not None:
            raise IllegalMoveError(Message(SHOW_READ_ONLY))

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 bots: str | None = None) -> Game | None:
        """Deal a new game (the next round of a match; at a shared table, the host's deal);
        returns the engine Game of a local table."""
        self._require("new_game")
        game = self.backend.new_game(players=players, seed=seed, rules=rules, bots=bots)
        self._show = None
        self._drop_review()
        self._sync(clear_hint=True)
        return game

    def advance(self) -> list[Any]:
        """Let the next bot act (at the person's chance to take, the person's pass); returns its events."""
        self._require("advance")
        self._check_not_showing()
        events = self.backend.advance()
        self._sync()
        return events

    def run_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game is over (a local table)."""
        self._require("advance")
        self._check_not_showing()
        if not isinstance(self.backend, LocalGame):
            raise MessageError(Message(NOT_LOCAL))
        self.backend.run_bots()
        self._sync()

    def play(self, card: Any) -> list[Any]:
        """The person plays ``card`` (a Card or a code such as ``"10H"``)."""
        self._require("play")
        self._check_not_showing()
        events = self.backend.play(card)
        self._sync(clear_hint=True)
        return events

    def take(self) -> list[Any]:
        """The person takes the next player's hand (rule 7)."""
        self._require("take")
        self._check_not_showing()
        events = self.backend.take()
        self._sync(clear_hint=True)
        return events

    def pass_take(self) -> list[Any]:
        """The person lets their chance to take go by (rule 7)."""
        self._require("advance")
        self._check_not_showing()
        events = self.backend.pass_take()
        self._sync(clear_hint=True)
        return events

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it."""
        self._require("undo")
        self._check_not_showing()
        self.backend.undo()
        self._drop_review()
        self._sync(clear_hint=True)

    def set_take_offers(self, mode: str) -> None:
        """When the person is asked at their chance to take: ``"always"``, ``"may_pay"`` or
        ``"never"`` (see :class:`Table`); the menu of the controls does the same."""
        self._require("set_take_offers")
        self.backend.set_take_offers(mode)
        self._sync()

    def suggest(self) -> Hint:
        """A hint for the person: ``{"action", "text", "estimates"}``, in the table's language."""
        self._require("hint")
        return self.backend.hint()

    # ------------------------------------------------------------------ the review
    def start_review(self, rollouts: int | None = None, samples: int | None = None) -> ReviewRun:
        """Review the game over for the person's seat (:func:`bhabho_widget.coach.review.review`)
        in a thread, from what that seat knew: the table stays responsive, the panel shows the
        progress; the Review button of the game-over table does the same. Returns the run
        (``wait()``, ``result``); a review of this game already worked out or under way is
        that one (a game is reviewed once). ``rollouts`` and ``samples``: the review's budget
        (default: the backend's, else the review's own)."""
        self._require("review_start")
        with self._lock:
            run = self._review
            if run is not None and self._review_of == self.backend.review_key() and run.status in ("running", "done") \
                    and rollouts is None and samples is None:
                return run
            if run is not None and run.status == "running":
                raise MessageError(Message("the review is being worked out already"))
            run = self._new_review(rollouts, samples)
        self._sync()
        return run

    def _new_review(self, rollouts: int | None, samples: int | None) -> ReviewRun:
        from ..coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES  # needs numpy
        from .reviewing import ReviewRun

        if not self.backend.is_over:
            raise MessageError(Message("the review opens once the game is over"))
        own_rollouts, own_samples = self.backend.review_budget()
        rollouts = rollouts if rollouts is not None else own_rollouts if own_rollouts is not None else DEFAULT_ROLLOUTS
        samples = samples if samples is not None else own_samples if own_samples is not None else DEFAULT_SAMPLES
        self._review_at = None
        self._review_of = self.backend.review_key()
        self._review = ReviewRun(self.backend.review_source(), self.seat, self._on_review_progress, rollouts=rollouts,
                                 samples=samples, person=self.backend.review_person(),
                                 passes=self.backend.review_passes())
        return self._review

    def _review_if_due(self) -> None:
        """A backend that reviews every game over (a stored game, a seat at a class's table)
        starts the review as soon as the game is over; it is the one the person opens."""
        if not (self.backend.reviews_at_once and self.backend.is_over):
            return
        with self._lock:
            if self._review is not None and self._review_of == self.backend.review_key():
                return
            try:
                self._new_review(None, None)
            except (ValueError, ImportError) as err:  # no numpy, or nothing to review: said under the table
                self.error = self._localize(err)[:300]
                return
        self._sync()

    @property
    def last_review(self) -> Review | None:
        """The finished review of the game on the table, or None."""
        return self._review.result if self._review is not None else None

    @property
    def review_run(self) -> ReviewRun | None:
        """The review of the game over being worked out or done (``status``, ``done``, ``total``,
        ``result``), or None."""
        return self._review

    def wait_review(self, timeout: float | None = None) -> bool:
        """Wait until the review of the game over is worked out (True), for scripts and tests."""
        run = self._review
        return run is not None and run.wait(timeout) and run.status == "done"

    def cancel_review(self) -> None:
        """Stop the review being worked out (the Cancel button of its panel)."""
        self._require("review_cancel")
        if self._review is None or self._review.status != "running":
            raise MessageError(Message("no review is being worked out"))
        self._review.cancel()

    def show_decision(self, number: int | None) -> None:
        """Show the table as the person's seat saw it at decision ``number`` of the review
        (from 0; read-only, the better action outlined); None: back to the end of the game.
        Show me, if it shows, is closed."""
        self._require("review_show")
        with self._lock:
            if number is not None:
                if self._review is None:
                    raise MessageError(Message("the review is not ready yet"))
                number = self._review.check_decision(number)
            self._review_at = number
            self._show = None
            self.backend.bump()
        self._sync()

    def _on_review_progress(self) -> None:
        """From the review's thread: its progress, or its end."""
        run = self._review
        with self._lock, self.hold_sync():
            self._sync_review()
        if run is not None and run.status == "done" and self.backend.reports:
            key = self._review_of
            if key not in self._reported:
                self._reported.add(key)
                self.backend.report(run)

    def _drop_review(self) -> None:
        with self._lock:
            if self._review is not None:
                self._review.cancel()
            self._review = None
            self._review_of = None
            self._review_at = None

    def _sync_review(self) -> None:
        run = self._review
        if run is None:
            self.review = idle_trait(self.seat) if self.backend.is_over and "review_start" in self.capabilities else None
        else:
            self.review = run.trait(self.backend.translator, self.backend.names(), self._review_at)

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
        hint or decision, it switches the line. Also the *Show me* buttons of the hint and of
        the review's rows. Returns the :class:`~.showing.Showing`."""
        from . import showing  # needs numpy

        self._require("show_me")
        showing.check_choice(line, source)
        if source == "hint":
            self._require("hint")
        if source == "puzzle":
            with self._lock:
                show = self._show if self._show is not None and self._show.source == "puzzle" else self.backend.showing()
                show.switch(line)
                self._show = show
                self.backend.bump()
            self._sync()
            return show
        local = self.backend.session if isinstance(self.backend, LocalGame) else None
        with self._lock:
            show = self._show
            if show is None or not show.asked_as(source, decision, local.last_hint_view if local else None):
                if source == "hint":
                    assert local is not None
                    show = showing.Showing.from_hint(local, shown=self._hint is not None, decision=decision)
                else:
                    run = self._review
                    show = showing.Showing.from_review(run, run.game if run is not None else None,  # type: ignore[arg-type]
                                                       self.seat, decision)
            show.switch(line)
            self._show = show
            self.backend.bump()  # a new view: a click made on the one before is stale
        self._sync()
        return show

    def show_step(self, index: int) -> None:
        """Show step ``index`` of Show me's imagined line: 0 is the table before the action, 1
        after it, then after each play (see :attr:`~.showing.Showing.count`)."""
        with self._lock:
            if self._show is None:
                raise MessageError(Message("Show me is not open: nothing to step through"))
            self._show.go(index)
            self.backend.bump()
        self._sync()

    def close_show(self) -> None:
        """Close Show me: back to the live table, or to the review's position it was asked from."""
        with self._lock:
            if self._show is None:
                raise MessageError(Message("Show me is not open: nothing to close"))
            self._show = None
            self.backend.bump()
        self._sync()

    # ------------------------------------------------------------------ the tracker
    def show_tracker(self, shown: bool = True, chances: bool = False) -> None:
        """Open the Tracker panel (``shown=False`` closes it): what the person's seat knows
        about every card, and with ``chances`` the chances of the cards it cannot place
        (see :func:`bhabho_widget.coach.tracker.tracker`). Also the panel's button and the
        key T in the browser."""
        self._require("tracker")
        self._tracker_open, self._tracker_chances = bool(shown), bool(chances) and bool(shown)
        self._sync_tracker()

    def _sync_tracker(self) -> None:
        """The tracker trait: worked out only while the panel is open (the chances only while
        that layer is on), from the seat's view alone: at the moment Show me plays out, at the
        review's decision shown, else now."""
        if not self._tracker_open:
            self.tracker = None
            return
        names, chances = self.backend.names(), self._tracker_chances
        run, at = self._review, self._review_at
        if self._show is not None:
            self.tracker = self._show.tracker(names, chances)
        elif run is not None and at is not None and run.result is not None:
            self.tracker = run.position_tracker(at, names, chances)
        else:
            self.tracker = self.backend.tracker(chances)

    # ------------------------------------------------------------------ a lesson
    def _steps(self) -> LessonSteps:
        if not isinstance(self.backend, LessonSteps):
            raise self.backend.refuse("goto")
        return self.backend

    @property
    def script(self) -> LessonScript:
        """A lesson's plain-Python script (:class:`.lesson.LessonScript`)."""
        return self._steps().script

    @property
    def title(self) -> str:
        """A lesson's title."""
        return self.script.title

    @property
    def moves(self) -> list[Any]:
        """A lesson's moves, from its start."""
        return self.script.moves

    @property
    def exercises(self) -> dict[int, Exercise]:
        """A lesson's questions, by step."""
        return self.script.exercises

    @property
    def step(self) -> int:
        """The step of the lesson shown (0 is its start)."""
        return self.script.step

    @property
    def length(self) -> int:
        """A lesson's number of steps."""
        return self.script.length

    @property
    def explanation(self) -> str:
        """What the lesson's step shown did, in words."""
        return self.script.explanation

    def goto(self, index: int) -> None:
        """Show the lesson's position after ``index`` moves (0 is the start)."""
        self._require("goto")
        self.backend.goto(index)
        self._sync()

    def next(self) -> None:
        """The lesson's next step."""
        self.goto(min(self.step + 1, self.length))

    def back(self) -> None:
        """The lesson's step before."""
        self.goto(max(self.step - 1, 0))

    def answer(self, choice: Any) -> Feedback:
        """Check the learner's answer to the lesson's question at this step; returns the feedback."""
        self._require("answer")
        feedback = self.backend.answer(choice)
        self._sync()
        return feedback

    def results(self) -> LessonResults:
        """How the lesson went, per question (see :meth:`.lesson.LessonScript.results`):
        plain data for a teacher to collect, shown as a table in the notebook."""
        return self.script.results()

    # ------------------------------------------------------------------ practice
    def next_puzzle(self, theme: str | None = None, mode: str = "rated") -> Any:
        """A table of puzzles (:func:`Practice`): serve the next one, of ``theme`` (one of
        :data:`bhabho_widget.puzzles.THEMES`, None: any) in ``mode`` (``"rated"``, ``"streak"``
        or ``"mistakes"``); returns the :class:`~bhabho_widget.puzzles.Puzzle`."""
        self._require("practice_next")
        with self._lock:
            self._show = None
            puzzle = self.backend.next(theme, mode)
        self._sync()
        return puzzle

    # ------------------------------------------------------------------ a teacher's tools
    def moment(self) -> Game:
        """The game at the moment shown: while the review shows a decision, the game as it
        was then (replayed, see :func:`bhabho_widget.coach.review.replay_to`), else the game
        on the table. :func:`~.exercises.make_exercise` and the editor
        (``Editor(position=table)``) start from it."""
        with self._lock:
            run, at = self._review, self._review_at
            if run is not None and at is not None and run.result is not None and run.game is not None:
                from ..coach.review import replay_to

                return replay_to(run.game, run.result.decisions[at].move)
        return self.backend.game_now()

    # ------------------------------------------------------------------ the coach ahead (a local table)
    @property
    def coach_ahead(self) -> bool:
        """Whether the coach works while the person thinks (:mod:`.ahead`): the hint of their
        turn before the Hint button is pressed, the review's decisions as the game goes. On by
        default at a local table; set False to turn it off (``Table(coach_ahead=False)``)."""
        return isinstance(self.backend, LocalGame) and self.backend.ahead is not None

    @coach_ahead.setter
    def coach_ahead(self, on: bool) -> None:
        backend = self.backend
        if not isinstance(backend, LocalGame) or bool(on) == (backend.ahead is not None):
            return
        if backend.ahead is not None:
            backend.ahead.stop()
            backend.ahead = None
        else:
            backend.ahead = CoachAhead()
            if self._watched:
                backend.follow()

    # ------------------------------------------------------------------ messages from the browser
    def _check_allowed(self, message: dict[str, Any]) -> None:
        """A message for something this table does not take gets the backend's sentence."""
        kind = message["type"]
        self._require(kind)
        if kind == "show_me" and message.get("source") == "hint":
            self._require("hint")

    def _on_frontend_msg(self, widget: object, content: Any, buffers: object) -> None:
        if not self._watched:
            self._watched = True
            self._follow()
        super()._on_frontend_msg(widget, content, buffers)

    def _msg_play(self, content: dict[str, Any]) -> None:
        self._check_not_showing()  # a click on a card of the imagined game
        self.backend.play(content["card"], content["version"])
        self._sync(clear_hint=True)

    def _msg_take(self, content: dict[str, Any]) -> None:
        self._check_not_showing()
        self.backend.take(content["version"])
        self._sync(clear_hint=True)

    def _msg_advance(self, content: dict[str, Any]) -> None:
        if content["version"] != self.backend.version or self._show is not None:
            return  # another view of this table already advanced this state, or the felt shows Show me
        self.backend.advance(content["version"])
        self._sync()

    def _msg_undo(self, content: dict[str, Any]) -> None:
        self._check_not_showing()
        self.backend.undo(content["version"])  # a repeated Undo takes back one move only
        self._drop_review()
        self._sync(clear_hint=True)

    def _msg_hint(self, content: dict[str, Any]) -> None:
        self.hint = self.backend.hint()
        self._hint = self.backend.session.last_hint if isinstance(self.backend, LocalGame) else None

    def _msg_new_game(self, content: dict[str, Any]) -> None:
        try:
            variant = check_variant(content["variant"])
            bots = None if content.get("bots") is None else check_bots(content["bots"])
        except ValueError as err:
            raise MessageError(str(err)) from None
        self.backend.new_game(players=content["players"], seed=content["seed"], rules=variant, bots=bots,
                              version=content["version"])  # two New game clicks on one view deal one game
        self._show = None
        self._drop_review()
        self._sync(clear_hint=True)

    def _msg_set_take_offers(self, content: dict[str, Any]) -> None:
        self.set_take_offers(content["offers"])

    def _msg_tracker(self, content: dict[str, Any]) -> None:
        self.show_tracker(content["open"], content["chances"])

    def _msg_review_start(self, content: dict[str, Any]) -> None:
        self.start_review()

    def _msg_review_cancel(self, content: dict[str, Any]) -> None:
        self.cancel_review()

    def _msg_review_show(self, content: dict[str, Any]) -> None:
        self.show_decision(content["decision"])

    def _msg_show_me(self, content: dict[str, Any]) -> None:
        self.backend.check_version(content["version"])
        self.show_me(content["line"], content["source"], content["decision"])

    def _msg_show_step(self, content: dict[str, Any]) -> None:
        if self._show is None:
            raise MessageError(Message("Show me is not open: nothing to step through"))
        self.backend.check_version(content["version"])  # a second Next on one view moves once
        self.show_step(content["index"])

    def _msg_show_close(self, content: dict[str, Any]) -> None:
        self.close_show()

    def _msg_practice_next(self, content: dict[str, Any]) -> None:
        self.next_puzzle(content["theme"], content["mode"])

    def _msg_goto(self, content: dict[str, Any]) -> None:
        self.backend.goto(content["index"])
        self._sync()

    def _msg_answer(self, content: dict[str, Any]) -> None:
        self.backend.answer(content["choice"])
        self._sync()

    _HANDLERS = {"play": _msg_play, "take": _msg_take, "advance": _msg_advance, "undo": _msg_undo,
                 "hint": _msg_hint, "new_game": _msg_new_game, "set_language": BaseWidget._msg_set_language,
                 "set_deck": BaseWidget._msg_set_deck, "set_take_offers": _msg_set_take_offers, "tracker": _msg_tracker,
                 "review_start": _msg_review_start, "review_cancel": _msg_review_cancel,
                 "review_show": _msg_review_show, "show_me": _msg_show_me, "show_step": _msg_show_step,
                 "show_close": _msg_show_close, "goto": _msg_goto, "answer": _msg_answer,
                 "practice_next": _msg_practice_next}

    # ------------------------------------------------------------------ sync
    @traitlets.validate("reveal_all")
    def _fixed_reveal(self, proposal: Any) -> bool:
        backend = getattr(self, "backend", None)
        fixed = backend.fixed_reveal() if backend is not None else None
        if fixed is not None and proposal["value"] != fixed:
            raise traitlets.TraitError("a lesson's reveal_all is set when it is made: Lesson(..., reveal_all=...)")
        return bool(proposal["value"])

    @traitlets.observe("reveal_all")
    def _reveal_changed(self, change: Any) -> None:
        if hasattr(self, "backend"):
            self._sync()

    def _on_backend_change(self) -> None:
        """The backend changed on its own (a server's push): a new round drops the review of the last."""
        error = self.backend.take_error()
        if error:
            self.error = error[:300]
        with self._lock:
            if self._review is not None and self._review_of != self.backend.review_key():
                self._review.cancel()
                self._review = None
                self._review_at = None
                self._show = None
        self._sync()
        self._review_if_due()

    def _sync(self, clear_hint: bool = False) -> None:
        """Send the view, the scoreboard, the settings, the tracker and the review to the browser
        as one update; while the review shows a decision, the view is that position (read-only),
        while Show me plays out, its imagined game."""
        backend = self.backend
        with self._lock, self.hold_sync():
            if clear_hint:
                self.hint = None
                self._hint = None
            self.capabilities = sorted(backend.capabilities())
            self.take_offers = backend.take_offers()
            tr, names, version = backend.translator, backend.names(), backend.version
            run, at = self._review, self._review_at
            if self._show is not None:
                view: Any = self._show.view(tr, names, version)
            elif run is not None and at is not None and run.result is not None:
                view = run.position_view(at, tr, names, version)
            else:
                view = backend.live_view(reveal_all=self.reveal_all)
                seat_view = backend.live_view(reveal_all=False) if self.reveal_all else view
                if seat_view is not None:
                    self.set_trait("value", seat_view)
            if view is not None:
                self.view = view
            self.score = backend.score()
            self.config = backend.config()
            self.practice = backend.practice()
            self._sync_tracker()
            self._sync_review()
        self._follow()

    def _follow(self) -> None:
        if self._watched and isinstance(self.backend, LocalGame):
            self.backend.follow()

    def close(self) -> None:
        """Close the widget; the last widget over a backend lets it go (the coach's worker
        stops; a shared table's seat leaves the table, a bot plays it after the server's grace time)."""
        backend = getattr(self, "backend", None)  # absent if the constructor refused its arguments
        if backend is not None:
            with self._lock:
                if self._review is not None:
                    self._review.cancel()
            if backend.detach(self._on_backend_change):
                backend.close()
        super().close()

    # ------------------------------------------------------------------ a notebook read without a kernel
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a static HTML picture of the view for a notebook read without a kernel."""
        bundle: Any = super()._repr_mimebundle_(**kwargs)
        data: dict[str, Any]
        meta: dict[str, Any]
        if isinstance(bundle, tuple):
            data, meta = bundle
        else:
            data, meta = bundle or {}, {}
        if self.view:
            data = {**data, "text/html": view_html(self.view, self.backend.static_title(), self.translator)}
        return (data, meta) if isinstance(bundle, tuple) else data


def Lesson(game: Game, moves: Sequence[Move | Card | str] = (), title: str = "",  # noqa: N802 - the lesson widget's name
           exercises: Sequence[Exercise] = (), seat: int = 0, reveal_all: bool = True, start: int = 0,
           language: str | None = None, deck: str = "two-colour") -> Table:
    """A lesson on the one felt: step through ``game`` followed by ``moves`` (see
    :class:`.lesson.LessonScript`), showing ``seat`` at the bottom; a :class:`Table` whose
    backend is a :class:`~.backend.LessonSteps` (:meth:`Table.goto`, :meth:`Table.answer`,
    :meth:`Table.results`). All hands are shown unless ``reveal_all=False``. ``language`` is
    the language of the engine's explanations, the feedback and the labels (default: the
    notebook's locale if supported, else English). A game record plays as a lesson with
    ``Lesson(Game.from_json(record))``."""
    language = default_language() if language is None else check_language(language)
    script = LessonScript(game, moves, title=title, exercises=exercises, seat=seat, reveal_all=reveal_all, start=start,
                          language=language)
    return Table(backend=LessonSteps(script), deck=deck)


def Practice(theme: str | None = None, mode: str = "rated", language: str | None = None,  # noqa: N802 - the widget's name
             deck: str = "two-colour", puzzles: Any = None, progress: Any = None, seed: int | None = None) -> Table:
    """Practice on the one felt: puzzles the coach has proved (the bundled set unless
    ``puzzles`` is given), served near your rating (``mode="rated"``), as a streak that gets
    harder until the first miss (``"streak"``) or from your own mistakes (``"mistakes"``), of
    ``theme`` if asked (:data:`bhabho_widget.puzzles.THEMES`). Click a card (or Take, or Pass) to
    answer: the verdict, the coach's reason and the proof's numbers come at once, then *Show me*
    and *Next puzzle*. Your attempts and rating are kept in your progress file
    (:class:`~bhabho_widget.puzzles.Progress`; ``progress`` gives another)."""
    language = default_language() if language is None else check_language(language)
    session = PracticeSession(puzzles=puzzles, progress=progress, seed=seed)
    return Table(backend=PracticeBoard(session, language=language, theme=theme, mode=mode), deck=deck)



def PuzzleLesson(puzzle: Any, title: str = "", language: str | None = None,  # noqa: N802 - the widget's name
                 deck: str = "two-colour") -> Table:
    """A card puzzle (:class:`~bhabho_widget.puzzles.Puzzle`, say one of the bundled set) asked
    as a lesson's question on the one felt: "which card should you play?" at the puzzle's
    decision, the seat's own cards shown, Back and the slider for how it came about, the proof
    as the answer key and the coach's reason after the answer
    (:func:`.practice.puzzle_lesson`). The answers are kept with the lessons' in your progress."""
    from .practice import puzzle_lesson

    language = default_language() if language is None else check_language(language)
    return Table(backend=LessonSteps(puzzle_lesson(puzzle, title=title, language=language)), deck=deck)
