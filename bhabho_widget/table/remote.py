"""A seat at a shared table: the kernel as the table server's client.

:class:`TableClient` keeps one websocket to a table server (``python -m bhabho_widget.server``,
see :mod:`bhabho_widget.server`) in a thread of its own: it creates or joins a table,
sends the person's moves with the table's version and the seat's next message number, and
hands every state it receives (its seat's view only) to a callback. When the connection
drops (a server restart, a network break) it connects again by itself and resumes the
seat with its token. ``websockets`` is imported when a client is made.

:class:`SharedTable` is the widget over it: the same front end and protocol as
:class:`~bhabho_widget.table.widget.Table`, made by :meth:`Table.host` and :meth:`Table.join`.
The person's clicks go to the server; not even this kernel holds another seat's cards.
"""

from __future__ import annotations

import getpass
import json
import os
import threading
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

from ..engine.errors import MessageError
from ..engine.rules import PRESETS
from ..i18n import Message, Translator, check_language, default_language, translator
from .base import FeltWidget, check_deck
from .controller import check_version
from .session import check_pace as check_pace_argument

__all__ = ["SharedTable", "TableClient", "default_name", "hub_token_for", "server_url"]

CONNECT_TIMEOUT = 10.0
RETRY_MAX = 2.0
"""The longest wait, in seconds, between two tries to connect again."""


def server_url(server: str) -> str:
    """The websocket address of a table server given as ``host:port``, ``http://...`` or ``ws://...``.

    >>> server_url("127.0.0.1:8765")
    'ws://127.0.0.1:8765/ws'
    >>> server_url("https://hub.example.org/services/bhabho/")
    'wss://hub.example.org/services/bhabho/ws'
    """
    if not isinstance(server, str) or not server:
        raise TypeError(f"server must be an address such as '127.0.0.1:8765', not {server!r}"[:120])
    url = server
    for old, new in (("http://", "ws://"), ("https://", "wss://")):
        if url.startswith(old):
            url = new + url[len(old):]
    if "://" not in url:
        url = "ws://" + url
    if not url.rstrip("/").endswith("/ws"):
        url = url.rstrip("/") + "/ws"
    return url


def default_name() -> str:
    """The person's name at a table: the JupyterHub user's name on a hub, else the login name."""
    name = os.environ.get("JUPYTERHUB_USER")
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):
            name = "Player"
    return name[:40]


_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def hub_token_for(url: str, environ: dict[str, str] | None = None) -> str:
    """The hub token to send to the table server at websocket address ``url``: this
    single-user server's ``JUPYTERHUB_API_TOKEN`` when ``url`` is one of its hub's services
    (a path under the hub's ``services/``, on this machine or the hub's own host), else ``""``:
    the token is never sent anywhere else.

    >>> env = {"JUPYTERHUB_API_TOKEN": "t0k", "JUPYTERHUB_API_URL": "http://10.0.0.5:8081/hub/api",
    ...        "JUPYTERHUB_BASE_URL": "/"}
    >>> hub_token_for("ws://10.0.0.5:8000/services/bhabho/ws", env)
    't0k'
    >>> hub_token_for("ws://127.0.0.1:8765/services/bhabho/ws", env)
    't0k'
    >>> hub_token_for("ws://example.org/services/bhabho/ws", env)
    ''
    >>> hub_token_for("ws://127.0.0.1:8765/ws", env)
    ''
    """
    env = os.environ if environ is None else environ
    token = env.get("JUPYTERHUB_API_TOKEN", "")
    if not token:
        return ""
    parts = urllib.parse.urlsplit(url)
    base = env.get("JUPYTERHUB_BASE_URL", "/") or "/"
    if not parts.path.startswith(base.rstrip("/") + "/services/"):
        return ""
    hosts = set(_LOOPBACK)
    for key in ("JUPYTERHUB_API_URL", "JUPYTERHUB_PUBLIC_URL", "JUPYTERHUB_PUBLIC_HUB_URL"):
        if env.get(key):
            hosts.add(urllib.parse.urlsplit(env[key]).hostname or "")
    if env.get("JUPYTERHUB_HOST"):
        hosts.add(urllib.parse.urlsplit(env["JUPYTERHUB_HOST"]).hostname or env["JUPYTERHUB_HOST"])
    return token if parts.hostname in hosts else ""


class TableClient:
    """One seat's connection to a table server (see the module's docstring).

    ``on_state(frame)`` gets every ``state`` frame, ``on_error(text)`` every refusal, both
    from the client's thread. :meth:`create` or :meth:`join` takes a seat (blocking until
    the server answers); :meth:`resume` comes back to a seat with its token.
    """

    def __init__(self, server: str, on_state: Callable[[dict[str, Any]], None] | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        try:
            from websockets.sync.client import connect
        except ImportError as err:  # pragma: no cover - the extra is missing
            raise ImportError('a shared table needs websockets: pip install "bhabho-widget[server]"') from err
        self._connect = connect
        self.url = server_url(server)
        self.on_state = on_state
        self.on_error = on_error
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.host = False
        self.language = "en"
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.connected = threading.Event()
        self.state_received = threading.Event()
        self._seated = threading.Event()
        self._hello: dict[str, Any] | None = None
        self._refusal: str | None = None
        self._ws: Any = None
        self._lock = threading.Lock()
        self._closing = False
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ seats
    def create(self, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
               name: str | None = None, language: str = "en") -> str:
        """Open a table and take its seat 0 as the host; returns the table's code."""
        self.language = language
        self._start({"type": "create", "players": players, "variant": rules, "rounds": rounds, "bots": bots,
                     "name": name or default_name(), "language": language, "hub_token": hub_token_for(self.url)})
        return self.code  # type: ignore[return-value]

    def join(self, code: str, name: str | None = None, language: str = "en") -> int:
        """Take the first free seat of the table ``code``; returns the seat."""
        self.language = language
        self._start({"type": "join", "code": code, "name": name or default_name(), "language": language,
                     "hub_token": hub_token_for(self.url)})
        return self.seat  # type: ignore[return-value]

    def resume(self, code: str, seat: int, token: str, language: str = "en") -> int:
        """Come back to ``seat`` of the table ``code`` with the seat's ``token``."""
        self.language = language
        self.code, self.seat, self.token = code, seat, token
        self._start({"type": "resume", "code": code, "seat": seat, "token": token, "language": language})
        return seat

    def _start(self, hello: dict[str, Any]) -> None:
        if self._thread is not None:
            raise RuntimeError("this client has a seat already")
        self._hello = hello
        self._thread = threading.Thread(target=self._run, name="bhabho-table-client", daemon=True)
        self._thread.start()
        if not self._seated.wait(CONNECT_TIMEOUT) or self.seat is None:
            refusal = self._refusal
            self.close()
            raise ConnectionError(refusal or f"the table server at {self.url} did not answer")
        if not self.state_received.wait(CONNECT_TIMEOUT):
            raise ConnectionError(f"the table server at {self.url} sent no view")

    # ------------------------------------------------------------------ moves
    def send(self, message: dict[str, Any]) -> None:
        """Send an action (``deal``, ``play``, ``take``, ``pass``) with the seat's next
        message number and, but for ``deal``, the version of the view on screen."""
        with self._lock:
            frame = dict(message)
            if frame["type"] in ("deal", "play", "take", "pass"):
                frame["seq"] = self.seq + 1
            if frame["type"] in ("play", "take", "pass") and "version" not in frame:
                frame["version"] = (self.state or {}).get("view", {}).get("version", 0)
            ws = self._ws
        if ws is None:
            raise MessageError(Message("the table server is out of reach; trying again"))
        try:
            ws.send(json.dumps(frame))
        except Exception as err:  # the connection closed meanwhile: the thread connects again
            raise MessageError(Message("the table server is out of reach; trying again")) from err

    def set_language(self, language: str) -> None:
        self.language = language
        if self._hello is not None and self._hello["type"] == "resume":
            self._hello["language"] = language
        try:
            self.send({"type": "set_language", "language": language})
        except MessageError:
            pass  # the next resume says it

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        wait = 0.1
        while not self._closing:
            try:
                with self._connect(self.url, open_timeout=CONNECT_TIMEOUT, max_size=2**22) as ws:
                    with self._lock:
                        self._ws = ws
                    ws.send(json.dumps(self._hello))
                    for text in ws:
                        wait = 0.1
                        self._receive(json.loads(text))
            except Exception:  # refused, reset or closed: try again below
                pass
            finally:
                with self._lock:
                    self._ws = None
                self.connected.clear()
            if self._closing or (self.seat is None and self._refusal is not None):
                self._seated.set()
                return
            time.sleep(wait)
            wait = min(RETRY_MAX, wait * 2)

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "seated":
            self.code, self.seat, self.host = frame["code"], frame["seat"], frame["host"]
            if frame.get("token"):
                self.token = frame["token"]
            self.seq = frame["seq"]
            self._hello = {"type": "resume", "code": self.code, "seat": self.seat, "token": self.token,
                           "language": self.language}
            self.connected.set()
            self._seated.set()
        elif kind == "state":
            with self._lock:
                self.state = frame
                self.seq = frame["seq"]
            self.state_received.set()
            if self.on_state is not None:
                self.on_state(frame)
        elif kind == "error":
            if self.seat is None:
                self._refusal = frame["error"]
                self._closing = True
                self._seated.set()
            elif self.on_error is not None:
                self.on_error(frame["error"])

    def close(self) -> None:
        """Leave the connection (the seat stays yours: a bot plays it after the server's grace time)."""
        self._closing = True
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(CONNECT_TIMEOUT)


class SharedTable(FeltWidget):
    """A seat at a shared table on a table server, as a widget: see :meth:`Table.host` and
    :meth:`Table.join`. ``code`` is the table's code to give to the others; ``token`` lets
    this seat come back from another kernel (:meth:`resume`)."""

    def __init__(self, client: TableClient, pace: float = 0.6, deck: str = "two-colour") -> None:
        self.client = client
        self._translator = translator(check_language(client.language))
        super().__init__(pace=check_pace_argument(pace), variants=list(PRESETS), bot_levels=["random", "rules"],
                         labels=self._translator.labels(), lang=self._translator.code, deck=check_deck(deck))
        self._dealt_at: int | None = None
        client.on_state = self._on_state
        client.on_error = self._on_error
        if client.state is not None:
            self._on_state(client.state)

    @classmethod
    def host(cls, server: str, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
             name: str | None = None, language: str | None = None, pace: float = 0.6,
             deck: str = "two-colour") -> SharedTable:
        language = default_language() if language is None else check_language(language)
        client = TableClient(server)
        client.create(players=players, rules=rules, rounds=rounds, bots=bots, name=name, language=language)
        return cls(client, pace=pace, deck=deck)

    @classmethod
    def join(cls, server: str, code: str, name: str | None = None, language: str | None = None, pace: float = 0.6,
             deck: str = "two-colour") -> SharedTable:
        language = default_language() if language is None else check_language(language)
        client = TableClient(server)
        client.join(code, name=name, language=language)
        return cls(client, pace=pace, deck=deck)

    @classmethod
    def resume(cls, server: str, code: str, seat: int, token: str, language: str | None = None, pace: float = 0.6,
               deck: str = "two-colour") -> SharedTable:
        """Come back to one's seat from another kernel with the seat's token."""
        language = default_language() if language is None else check_language(language)
        client = TableClient(server)
        client.resume(code, seat, token, language=language)
        return cls(client, pace=pace, deck=deck)

    # ------------------------------------------------------------------ public API
    @property
    def code(self) -> str:
        """The table's code: give it to the others for :meth:`Table.join`."""
        return self.client.code or ""

    @property
    def seat(self) -> int:
        return self.client.seat if self.client.seat is not None else 0

    @property
    def token(self) -> str:
        """This seat's token: with it, :meth:`resume` takes the seat back from another kernel."""
        return self.client.token or ""

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: ``[{"name", "person", "connected", "bot"}]``."""
        return list((self.client.state or {}).get("seats", []))

    @property
    def translator(self) -> Translator:
        return self._translator

    def deal(self) -> None:
        """The host deals: the first round, the next one, or a new match when it is over."""
        self.client.send({"type": "deal"})

    def play(self, card: str) -> None:
        """Play ``card`` (a code such as ``"10H"``) from this seat's hand."""
        self.client.send({"type": "play", "card": str(card)[:3]})

    def take(self) -> None:
        """Take the next player's hand (rule 7)."""
        self.client.send({"type": "take"})

    def pass_take(self) -> None:
        """Let this seat's chance to take go by (rule 7)."""
        self.client.send({"type": "pass"})

    def close(self) -> None:
        """Leave the table (a bot plays the seat after the server's grace time) and close the widget."""
        self.client.close()
        super().close()

    def _use_language(self, tr: Translator) -> None:
        """The server tells this seat's texts in ``tr``'s language from now on (it sends the
        view again)."""
        self._translator = tr
        self.client.set_language(tr.code)

    def _sync(self) -> None:
        """Nothing to do: the view, the scoreboard and the settings come from the server."""

    # ------------------------------------------------------------------ from the server
    def _on_state(self, frame: dict[str, Any]) -> None:
        with self.hold_sync():
            self.view = frame["view"]
            self.score = frame["score"]
            self.config = frame["config"]

    def _on_error(self, text: str) -> None:
        self.error = text[:300]

    # ------------------------------------------------------------------ from the browser
    def _shown_version(self) -> int:
        return int((self.view or {}).get("version", -1))

    def _msg_play(self, content: dict[str, Any]) -> None:
        self.client.send({"type": "play", "card": content["card"], "version": content["version"]})

    def _msg_take(self, content: dict[str, Any]) -> None:
        self.client.send({"type": "take", "version": content["version"]})

    def _msg_advance(self, content: dict[str, Any]) -> None:
        if (self.view or {}).get("take_offer") and content["version"] == self._shown_version():
            self.client.send({"type": "pass", "version": content["version"]})  # the Pass button
        # otherwise the server moves the bots and the other people: nothing to ask for

    def _msg_undo(self, content: dict[str, Any]) -> None:
        raise MessageError(Message("undo is off at a shared table"))

    def _msg_hint(self, content: dict[str, Any]) -> None:
        raise MessageError(Message("hints are off at a shared table"))

    def _msg_new_game(self, content: dict[str, Any]) -> None:
        if not self.client.host:
            raise MessageError(Message("only the host deals at a shared table"))
        version = self._shown_version()
        # stale, or a second click on the view already dealt from: one deal per view
        check_version(content["version"], -1 if version == self._dealt_at else version)
        self._dealt_at = version
        self.deal()

    _HANDLERS = {"play": _msg_play, "take": _msg_take, "advance": _msg_advance, "undo": _msg_undo,
                 "hint": _msg_hint, "new_game": _msg_new_game, "set_language": FeltWidget._msg_set_language,
                 "set_deck": FeltWidget._msg_set_deck}

    def _static_title(self) -> str:
        return f"Shared table {self.code}"

