"""A seat at a table server's table: the kernel as the server's client, and the felt's backend.

:class:`TableClient` is one seat's connection to a table server (``python -m
bhabho_widget.server``, see :mod:`bhabho_widget.server`), a thin adapter over the one
:class:`~bhabho_widget.table.connection.Connection`: it creates or joins a table (or resumes a seat with its
token), sends the person's moves with the table's version and the seat's next message
number, and hands every state it receives (its seat's view only) on. After a drop it comes
back to its seat by itself; a seat opened in another connection, or a table deleted, closes it
for good.

:class:`ServerSeat` is the :class:`~.backend.Backend` of the :class:`~.widget.Table` widget
over it (``Table.host``, ``Table.join``, ``Table.resume``): the person's clicks go to the
server, and not even this kernel holds another seat's cards. It takes the seat's moves, the
host's deal, the Tracker (the seat's :class:`~bhabho_widget.engine.seat_view.SeatView`,
asked of the server: what the seat knows and nothing more) and, once a game is over, its
review in this kernel from the seat's own record (:mod:`.seat_record`); no undo and no hints.
Joining a table again from the same kernel (a join cell run again) shows the seat this kernel
has there instead of taking another.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Hashable
from typing import Any

from ..engine.errors import MessageError
from ..engine.rules import PRESETS
from ..engine.seat_view import SeatView
from ..i18n import N_, Message, translator
from .backend import ALWAYS, PLAY, REVIEW, Backend, GameSource
from .connection import CONNECT_TIMEOUT, Connection, server_url
from .controller import STALE, check_version
from .hub_token import default_name, hub_check
from .protocol_types import Config, Score, Tracker
from .seat_record import record_digest, stand_in
from .traits import config_from, tracker_trait
from .view import View

__all__ = ["ServerSeat", "TableClient"]

NO_RECORD = N_("the table server sent no record of the game; try again")
OUT_OF_REACH = N_("the table server is out of reach; trying again")
UNDO_OFF = N_("Undo is off at a shared table")
HINTS_OFF = N_("Hints are off at a shared table")
HOST_DEALS = N_("Only the host deals at a shared table")
HOST_ADMITS = N_("Only the host lets players in at a shared table")
NO_LESSON = N_("A shared table is a game, not a lesson: it has no steps or questions")
ON_ITS_WAY = N_("your last move is on its way to the table server: wait for its answer")

_CLIENTS: dict[tuple[str, str, str], TableClient] = {}
"""This kernel's seats, by (websocket address, table code, name given): a join run again shows the same seat."""
_CLIENTS_LOCK = threading.Lock()


class TableClient:
    """One seat's connection to a table server (see the module's docstring).

    :meth:`create` or :meth:`join` takes a seat (blocking until the server answers);
    :meth:`resume` comes back to a seat with its token. ``on_state(frame)`` hears every
    ``state`` frame and ``on_error(text)`` every refusal, from the connection's thread.
    """

    def __init__(self, server: str, on_state: Callable[[dict[str, Any]], None] | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.connection = Connection(server, pushes={"state"}, ordered=False, max_size=2**22, on_push=self._on_state,
                                     on_frame=self._on_frame, on_error=self._on_error, name="bhabho-table-client")
        self.on_state, self.on_error = on_state, on_error
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.host = False
        self.language = "en"
        self.state: dict[str, Any] | None = None
        """The newest ``state`` frame: the seat's view, the scoreboard, the settings."""
        self.seq = 0
        self.state_received = threading.Event()
        self._lock = threading.Lock()
        self._key: tuple[str, str, str] | None = None
        self.backend: ServerSeat | None = None
        """The felt's backend over this seat, once there is one."""

    @property
    def url(self) -> str:
        return self.connection.url

    @property
    def closed_for_good(self) -> str | None:
        """Why the server closed this seat's connection for good, or None."""
        return self.connection.closed_for_good

    @property
    def connected(self) -> threading.Event:
        return self.connection.connected

    @classmethod
    def of_table(cls, server: str, code: str, name: str | None = None) -> TableClient | None:
        """This kernel's live seat at the table ``code`` on ``server``, taken under ``name``
        (None: the default name), or None."""
        with _CLIENTS_LOCK:
            client = _CLIENTS.get((server_url(server), code, default_name() if name is None else name))
        if client is None or client.closed_for_good or client.connection._closing:
            return None
        return client

    # ------------------------------------------------------------------ seats
    def create(self, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
               name: str | None = None, language: str = "en") -> str:
        """Open a table and take its seat 0 as the host; returns the table's code."""
        self.language = language
        self._start({"type": "create", "players": players, "variant": rules, "rounds": rounds, "bots": bots,
                     "name": default_name() if name is None else name, "language": language,
                     "hub_token": self._hub_token()})
        return self.code or ""

    def join(self, code: str, name: str | None = None, language: str = "en") -> int:
        """Take the first free seat of the table ``code``; returns the seat."""
        self.language = language
        self._start({"type": "join", "code": code, "name": default_name() if name is None else name,
                     "language": language, "hub_token": self._hub_token()})
        return self.seat or 0

    def resume(self, code: str, seat: int, token: str, language: str = "en") -> int:
        """Come back to ``seat`` of the table ``code`` with the seat's ``token``."""
        self.language = language
        self.code, self.seat, self.token = code, seat, token
        self._start({"type": "resume", "code": code, "seat": seat, "token": token, "language": language})
        return seat

    def _hub_token(self) -> str:
        token, refusal = hub_check(self.url)
        if refusal is not None:
            raise MessageError(refusal)
        return token

    def _start(self, hello: dict[str, Any]) -> None:
        try:
            self.connection.open(hello, welcome={"seated"})
        except MessageError as err:
            raise ConnectionError(str(err)) from None
        if not self.state_received.wait(CONNECT_TIMEOUT):
            self.close()
            raise ConnectionError(f"the table server at {self.url} sent no view")
        if hello["type"] != "resume":
            self._key = (self.url, self.code or "", hello["name"])
            with _CLIENTS_LOCK:
                _CLIENTS[self._key] = self

    # ------------------------------------------------------------------ moves
    def send(self, message: dict[str, Any]) -> None:
        """Send an action (``deal``, ``play``, ``take``, ``pass``, ``admit``) with the seat's
        next message number and, for a play, take or pass, the version of the view on screen."""
        with self._lock:
            frame = dict(message)
            if frame["type"] in ("deal", "play", "take", "pass", "admit"):
                frame["seq"] = self.seq + 1
            if frame["type"] in ("play", "take", "pass") and "version" not in frame:
                frame["version"] = (self.state or {}).get("view", {}).get("version", 0)
        self.connection.post(frame)

    def set_language(self, language: str) -> None:
        self.language = language
        hello = self.connection.hello
        if hello is not None and hello["type"] == "resume":
            hello["language"] = language
        try:
            self.send({"type": "set_language", "language": language})
        except MessageError:
            pass  # the next resume says it

    def request_record(self, timeout: float = CONNECT_TIMEOUT) -> dict[str, Any]:
        """This seat's record of the game over, asked of the server (for the review)."""
        try:
            frame = self.connection.request({"type": "record"}, expect={"record"}, timeout=timeout)
        except MessageError as err:
            if self.closed_for_good:
                raise
            raise MessageError(Message(NO_RECORD)) from err
        return dict(frame["record"])

    def request_seat_view(self, timeout: float = CONNECT_TIMEOUT) -> SeatView:
        """What this seat knows now (its :class:`SeatView`), asked of the server (for the Tracker)."""
        frame = self.connection.request({"type": "seat_view"}, expect={"seat_view"}, timeout=timeout)
        return SeatView.from_dict(frame["view"])

    # ------------------------------------------------------------------ from the connection's thread
    def _on_frame(self, frame: dict[str, Any]) -> None:
        if frame.get("type") == "seated":
            with self._lock:
                self.code, self.seat, self.host = frame["code"], frame["seat"], frame["host"]
                if frame.get("token"):
                    self.token = frame["token"]
                self.seq = frame["seq"]
            self.connection.hello = {"type": "resume", "code": self.code, "seat": self.seat, "token": self.token,
                                     "language": self.language}

    def _on_state(self, frame: dict[str, Any]) -> None:
        with self._lock:
            self.state = frame
            self.seq = frame["seq"]
            self.host = bool(frame.get("host"))
        self.state_received.set()
        if self.on_state is not None:
            self.on_state(frame)

    def _on_error(self, text: str) -> None:
        if self.on_error is not None:
            self.on_error(text)

    def close(self) -> None:
        """Leave the connection (the seat stays yours: a bot plays it after the server's grace time)."""
        with _CLIENTS_LOCK:
            if self._key is not None and _CLIENTS.get(self._key) is self:
                del _CLIENTS[self._key]
        self.connection.close()


class ServerSeat(Backend):
    """A seat at a table server's table, behind the felt (see the module's docstring).

    ``reporter(run, record)``: at a class's table, called once the review of each game over is
    done (the review the person may open, worked out once), with the seat's record it was
    worked out from; ``budget``: that review's ``(rollouts, samples)``.
    """

    KIND = "seat"
    REFUSALS = {"undo": UNDO_OFF, "hint": HINTS_OFF, "new_game": HOST_DEALS, "goto": NO_LESSON, "answer": NO_LESSON}

    def __init__(self, client: TableClient, reporter: Callable[[Any, dict[str, Any]], None] | None = None,
                 budget: tuple[int | None, int | None] = (None, None)) -> None:
        super().__init__()
        self.client = client
        self.translator = translator(client.language)
        self.reporter = reporter
        self._budget = budget
        self._bumps = 0  # views of the widget's own (the review's positions, Show me): added to the server's version
        self._games = 0  # games over seen: a new deal after one is a new game to review
        self._was_over = False
        self._dealt_at: int | None = None
        self._records: dict[int, dict[str, Any]] = {}
        self._in_flight: int | None = None
        """The server's version a move was sent on, until the server answers (a new view or a
        refusal): a second click on that view is not sent (see :meth:`_server_version`)."""
        self._notes: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._notifier = threading.Thread(target=self._notify, name="bhabho-seat-notify", daemon=True)
        self._notifier.start()
        self.errors: list[str] = []
        self._told = 0  # errors handed to the widgets so far
        client.backend = self
        client.on_state = self._on_state
        client.on_error = self._on_error
        if client.state is not None:
            self._on_state(client.state)
        if client.closed_for_good:
            self._on_error(client.closed_for_good)

    # ------------------------------------------------------------------ the server's news, told from a thread of its own
    def _on_state(self, frame: dict[str, Any]) -> None:
        view = frame["view"]
        over = bool(view.get("is_over")) and view.get("mode") == "play"
        if self._was_over and not over:
            self._games += 1
        self._was_over = over
        self._in_flight = None
        self._notes.put("state")

    def _on_error(self, text: str) -> None:
        self._in_flight = None
        self.errors.append(text[:300])
        self._notes.put("error")

    def _notify(self) -> None:
        """Tell the widgets in a thread of their own: what they do with the news (the tracker
        asks the server for the seat's view) waits for frames the connection's thread reads."""
        while True:
            note = self._notes.get()
            if note is None:
                return
            try:
                self.changed()
            except Exception:  # a widget closed meanwhile: the next change is told again
                pass

    def take_error(self) -> str | None:
        if self._told >= len(self.errors):
            return None
        self._told = len(self.errors)
        return self.errors[-1]

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.client.seat if self.client.seat is not None else 0

    # ------------------------------------------------------------------ what it can do
    def capabilities(self) -> frozenset[str]:
        out = ALWAYS | PLAY | REVIEW | {"tracker"}
        return out | {"new_game"} if self.client.host else out

    @property
    def _view(self) -> dict[str, Any]:
        return dict((self.client.state or {}).get("view") or {})

    @property
    def version(self) -> int:
        return int(self._view.get("version", 0)) + self._bumps

    def bump(self) -> None:
        self._bumps += 1

    def check_version(self, sent: object) -> None:
        if sent != self.version:
            raise MessageError(Message(STALE))

    def live_view(self, reveal_all: bool = False) -> View | None:
        view = self._view
        if not view:
            return None
        view["version"] = self.version
        return view  # type: ignore[return-value]

    def names(self) -> list[str]:
        return list(self._view.get("names", []))

    def score(self) -> Score | None:
        return (self.client.state or {}).get("score")  # the server's score_of, for this seat

    def config(self) -> Config | None:
        return config_from((self.client.state or {}).get("config"))

    @property
    def is_over(self) -> bool:
        return self._was_over

    def tracker(self, chances: bool) -> Tracker:
        return tracker_trait(self.client.request_seat_view(), self.names(), chances)

    def set_language(self, code: str) -> None:
        """The server tells this seat's texts in ``code``'s language from now on (it sends the view again)."""
        self.translator = translator(code)
        self.client.set_language(code)

    def localize(self, text: object) -> str:
        return self.translator.render(text, self.names())

    # ------------------------------------------------------------------ the review
    def review_source(self) -> GameSource:
        game = self._games

        def rebuild(cancel: threading.Event) -> Any:
            record = self.client.request_record()
            self._records[game] = record
            return stand_in(record, cancel=cancel)
        return rebuild

    def review_key(self) -> Hashable:
        return (self.client.code, self._games)

    def review_budget(self) -> tuple[int | None, int | None]:
        return self._budget

    @property
    def reports(self) -> bool:
        return self.reporter is not None

    def report(self, run: Any) -> None:
        record = self._records.get(self._games)
        if self.reporter is not None and record is not None:
            self.reporter(run, record)

    def record_digest(self) -> str | None:
        """The digest of the seat's record the last review was worked out from, if any."""
        record = self._records.get(self._games)
        return record_digest(record) if record is not None else None

    # ------------------------------------------------------------------ the actions
    def _server_version(self, version: int | None) -> int:
        """The server's version a move is sent on; ``version``, the view's the click was made
        on, must be the one shown. A second move on a view whose first is still on its way is
        refused here: the server would refuse it as a replay, and a burst of them would close
        the connection."""
        if version is not None:
            self.check_version(version)
        server_version = int(self._view.get("version", 0))
        if self._in_flight == server_version:
            raise MessageError(Message(ON_ITS_WAY))
        return server_version

    def _move(self, message: dict[str, Any], version: int | None) -> None:
        """Send a move on the server's version (checked as :meth:`_server_version` does), marked
        as on its way until the server answers."""
        server_version = self._server_version(version)
        self._in_flight = server_version
        try:
            self.client.send({**message, "version": server_version})
        except BaseException:
            self._in_flight = None
            raise

    def play(self, card: Any, version: int | None = None) -> list[Any]:
        code = card if isinstance(card, str) else getattr(card, "code", str(card))
        self._move({"type": "play", "card": str(code)[:3]}, version)
        return []

    def take(self, version: int | None = None) -> list[Any]:
        self._move({"type": "take"}, version)
        return []

    def advance(self, version: int | None = None) -> list[Any]:
        """The Pass button at the seat's chance to take; otherwise the server moves the bots
        and the other people, and there is nothing to ask for."""
        if self._view.get("take_offer"):
            self._move({"type": "pass"}, version)
        else:
            self._server_version(version)
        return []

    def pass_take(self) -> list[Any]:
        self._move({"type": "pass"}, None)
        return []

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Any = None,
                 bots: Any = None, version: int | None = None) -> None:
        """The host deals: the first round, the next one, or a new match once it is over (the
        settings are the table's). From a click, ``version`` is the view's: a second click on
        the view already dealt from deals nothing."""
        if not self.client.host:
            raise self.refuse("new_game")
        if version is not None:
            shown = self.version
            check_version(version, -1 if shown == self._dealt_at else shown)
            self._dealt_at = shown
        self.client.send({"type": "deal"})

    def admit(self, name: str) -> None:
        if not self.client.host:
            raise MessageError(Message(HOST_ADMITS))
        self.client.send({"type": "admit", "name": str(name)[:40]})

    def game_now(self) -> Any:
        raise MessageError(Message(N_("a seat at a shared table holds its own view, not the game: "
                                      "its record comes once the game is over")))

    def close(self) -> None:
        self._notes.put(None)
        self.client.close()

    def variants(self) -> list[str]:
        return list(PRESETS)

    def bot_levels(self) -> list[str]:
        return ["random", "rules"]

    def static_title(self) -> str:
        return f"Shared table {self.client.code or ''}"

    @property
    def reviews_at_once(self) -> bool:
        return self.reporter is not None
