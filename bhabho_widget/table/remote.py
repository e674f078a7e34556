"""A seat at a shared table: the kernel as the table server's client.

:class:`TableClient` keeps one websocket to a table server (``python -m bhabho_widget.server``,
see :mod:`bhabho_widget.server`) in a thread of its own: it creates or joins a table,
sends the person's moves with the table's version and the seat's next message number, and
hands every state it receives (its seat's view only) to a callback. When the connection
drops (a server restart, a network break) it connects again by itself and resumes the
seat with its token, unless the server closed it for good (the seat opened in another
connection, or the table deleted: a final close code, see ``server_protocol.json``).
``websockets`` is imported when a client is made.

:class:`SharedTable` is the widget over it: the same front end and protocol as
:class:`~bhabho_widget.table.widget.Table`, made by :meth:`Table.host` and :meth:`Table.join`.
The person's clicks go to the server; not even this kernel holds another seat's cards. Its
*Review* at game over asks the server for the seat's own record of the game and reviews it
here (:mod:`.seat_record`). Joining a table again from the same kernel (a join cell run
again) shows the seat this kernel has there instead of taking another.

On a JupyterHub, a kernel sends its server's hub token (``JUPYTERHUB_API_TOKEN``) with
``create`` and ``join`` to the table service only: :func:`hub_token_for`.
"""

from __future__ import annotations

import ipaddress
import json
import os
import posixpath
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import weakref
from collections.abc import Callable, Mapping
from typing import Any

import traitlets

from ..engine.errors import MessageError
from ..engine.rules import PRESETS
from ..i18n import N_, Message, Translator, check_language, default_language, translator
from .base import FeltWidget, check_deck
from .controller import check_version
from .protocol import SERVER_PROTOCOL
from .seat_record import stand_in
from .session import check_pace as check_pace_argument

__all__ = ["FINAL_CLOSE", "SharedTable", "TableClient", "default_name", "hub_token_for", "server_url"]

CONNECT_TIMEOUT = 10.0
RETRY_MAX = 2.0
"""The longest wait, in seconds, between two tries to connect again."""
FINAL_CLOSE = frozenset(int(code) for code in SERVER_PROTOCOL["close_codes"]["final"])
"""Close codes after which the client does not connect again (see ``server_protocol.json``)."""
HUB_CACHE_SECONDS = 60.0
"""How long the hub's answer about a service is kept (a failed look-up: a tenth of it)."""

NOT_THE_SERVICE = N_("{url} is not the address the hub gives its table service {name} ({published}): "
                     "your hub token stays in this notebook")
NOT_PUBLISHED = N_("the hub does not tell this notebook where its table service {name} is, so your hub token "
                   "stays here: the hub's admin can allow it (README, Play together)")
NO_RECORD = N_("the table server sent no record of the game; try again")


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
    """The person's name at a table: the JupyterHub user's name on a hub, else "" (the server
    then seats them as "Player <seat>"; the login name of the machine is never sent)."""
    return os.environ.get("JUPYTERHUB_USER", "")[:40]


# ---------------------------------------------------------------------- the hub token
def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _origin(url: str, websocket: bool = False) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an address, as a websocket's (http -> ws, https -> wss),
    with the default port filled in; None for anything else."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.hostname or parts.username is not None or parts.password is not None:
        return None
    if websocket and parts.scheme not in ("ws", "wss"):
        return None
    return scheme, parts.hostname.lower(), port or (443 if scheme == "wss" else 80)


def _clean_path(path: str) -> bool:
    """A path as written, with nothing to normalise: no ``.``/``..`` segments, no empty
    segment, no percent-escapes or backslashes."""
    if not path.startswith("/") or "%" in path or "\\" in path or "//" in path:
        return False
    normal = posixpath.normpath(path)
    return normal == path.rstrip("/") or normal + "/" == path


_SERVICE_PATH = re.compile(r"services/([A-Za-z0-9._~-]+)/ws")
_HUB_CACHE: dict[tuple[str, str], tuple[float, dict[str, Any] | None]] = {}
_HUB_LOCK = threading.Lock()


def hub_service(name: str, environ: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    """The hub's model of its service ``name`` (``GET {JUPYTERHUB_API_URL}/services/<name>``
    with this server's token, which goes to the hub's API only): its ``url`` and ``prefix``,
    or None when the hub does not tell (this token may not read services, see the README).
    Kept for a minute; a failed look-up for a few seconds."""
    env = os.environ if environ is None else environ
    api, token = env.get("JUPYTERHUB_API_URL", ""), env.get("JUPYTERHUB_API_TOKEN", "")
    if not api.startswith(("http://", "https://")) or not token:
        return None
    key = (api, name)
    now = time.monotonic()
    with _HUB_LOCK:
        known = _HUB_CACHE.get(key)
        if known is not None and now - known[0] < (HUB_CACHE_SECONDS if known[1] else HUB_CACHE_SECONDS / 10):
            return known[1]
    request = urllib.request.Request(f"{api.rstrip('/')}/services/{urllib.parse.quote(name)}",
                                     headers={"Authorization": f"token {token}"})
    model: dict[str, Any] | None = None
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 (the hub's own API)
            data = json.loads(response.read().decode("utf-8"))
        if isinstance(data, dict) and isinstance(data.get("url"), str) and isinstance(data.get("prefix"), str):
            model = {"url": data["url"], "prefix": data["prefix"]}
    except (urllib.error.URLError, OSError, ValueError):
        model = None
    with _HUB_LOCK:
        if len(_HUB_CACHE) > 64:
            _HUB_CACHE.clear()
        _HUB_CACHE[key] = (now, model)
    return model


def hub_check(url: str, environ: Mapping[str, str] | None = None,
              lookup: Callable[[str], dict[str, Any] | None] | None = None) -> tuple[str, Message | None]:
    """``(token, refusal)`` for the table server at websocket address ``url``: this
    single-user server's hub token when ``url`` is the hub's table service at the address
    the hub publishes for it, else ``""``; ``refusal`` says why when ``url`` looks like a
    hub service (a ``<base>services/<name>/ws`` path) but is not that one.

    The service's published addresses are its own (``url`` of the hub's service model, at
    its ``prefix``) and the hub's public address (``JUPYTERHUB_PUBLIC_HUB_URL`` /
    ``JUPYTERHUB_PUBLIC_URL``, when the hub has one) at the same prefix: the scheme, host
    and port must be one of them exactly, the path the prefix and ``ws`` as written (a path
    with ``..``, ``.``, ``//`` or a percent-escape is not normalised, it is refused), and a
    plain ``ws://`` address must be on this machine (loopback): the token never crosses a
    network in clear text.

    >>> env = {"JUPYTERHUB_API_TOKEN": "t0k", "JUPYTERHUB_BASE_URL": "/",
    ...        "JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.example.org/hub/"}
    >>> service = lambda name: {"url": "http://127.0.0.1:8765", "prefix": f"/services/{name}/"}
    >>> hub_check("ws://127.0.0.1:8765/services/bhabho/ws", env, service)
    ('t0k', None)
    >>> hub_check("wss://hub.example.org/services/bhabho/ws", env, service)
    ('t0k', None)
    >>> hub_check("ws://127.0.0.1:9999/services/bhabho/ws", env, service)[0]
    ''
    >>> hub_check("ws://hub.example.org/services/bhabho/ws", env, service)[0]  # clear text off this machine
    ''
    >>> hub_check("ws://127.0.0.1:8765/services/bhabho/../../x/services/bhabho/ws", env, service)[0]
    ''
    >>> hub_check("ws://127.0.0.1:8765/ws", env, service)
    ('', None)
    """
    env = os.environ if environ is None else environ
    token = env.get("JUPYTERHUB_API_TOKEN", "")
    if not token:
        return "", None
    target = _origin(url, websocket=True)
    path = urllib.parse.urlsplit(url).path if target is not None else ""
    base = env.get("JUPYTERHUB_BASE_URL", "/") or "/"
    base = base if base.endswith("/") else base + "/"
    looks = re.search(r"/services/([^/]+)/", path)
    if target is None or not looks:
        return "", None
    last = re.search(r"/([^/]+)/ws$", path)  # the service it would reach, once normalised
    name = last.group(1) if last else looks.group(1)
    public = [o for o in (_origin(env[k]) for k in ("JUPYTERHUB_PUBLIC_HUB_URL", "JUPYTERHUB_PUBLIC_URL")
                          if env.get(k)) if o is not None]
    # a hub service's address, or one a classmate could listen at: refused with a reason (another
    # server, elsewhere, is joined without the token)
    claimed = _loopback(target[1]) or target[1] in {o[1] for o in public}
    if not re.fullmatch(r"[A-Za-z0-9._~-]+", name):
        return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published="?") if claimed else None
    model = (lookup or (lambda n: hub_service(n, env)))(name)  # asked of the hub's own API only
    if model is None:
        if not claimed:
            return "", None
        if _clean_path(path) and path.startswith(base) and _SERVICE_PATH.fullmatch(path[len(base):]):
            return "", Message(NOT_PUBLISHED, name=name[:40])
        return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published="?")
    prefix = model["prefix"] if model["prefix"].endswith("/") else model["prefix"] + "/"
    origins = [o for o in (_origin(model["url"]), *public) if o is not None and (o[0] == "wss" or _loopback(o[1]))]
    claimed = claimed or target[1] in {o[1] for o in origins}
    published = ", ".join(f"{s}://{h}:{p}{prefix}ws" for s, h, p in origins) or "?"
    if (target in origins and path == prefix + "ws" and path.startswith(base) and _clean_path(path)
            and _SERVICE_PATH.fullmatch(path[len(base):]) and (target[0] == "wss" or _loopback(target[1]))):
        return token, None
    return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published=published[:160]) if claimed else None


def hub_token_for(url: str, environ: Mapping[str, str] | None = None) -> str:
    """The hub token to send to the table server at websocket address ``url`` (see
    :func:`hub_check`): ``""`` for any address but the hub's table service."""
    return hub_check(url, environ)[0]


# ---------------------------------------------------------------------- the client
_CLIENTS: dict[tuple[str, str, str], TableClient] = {}
"""This kernel's seats, by (websocket address, table code, name given): a join run again shows the same seat."""
_CLIENTS_LOCK = threading.Lock()


class TableClient:
    """One seat's connection to a table server (see the module's docstring).

    ``on_state(frame)`` gets every ``state`` frame, ``on_error(text)`` every refusal, both
    from the client's thread (and so does every widget :meth:`watch` es it). :meth:`create`
    or :meth:`join` takes a seat (blocking until the server answers); :meth:`resume` comes
    back to a seat with its token.
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
        self.closed_for_good: str | None = None
        """Why the server closed this seat's connection for good (a final close code), or None."""
        self.connected = threading.Event()
        self.state_received = threading.Event()
        self._seated = threading.Event()
        self._hello: dict[str, Any] | None = None
        self._refusal: str | None = None
        self._ws: Any = None
        self._lock = threading.Lock()
        self._closing = False
        self._thread: threading.Thread | None = None
        self._watchers: list[weakref.ref[SharedTable]] = []
        self._record: dict[str, Any] | None = None
        self._record_came = threading.Event()

    @classmethod
    def of_table(cls, server: str, code: str, name: str | None = None) -> TableClient | None:
        """This kernel's live seat at the table ``code`` on ``server``, taken under ``name``
        (None: the default name), or None."""
        with _CLIENTS_LOCK:
            client = _CLIENTS.get((server_url(server), code, default_name() if name is None else name))
        if client is None or client._closing or client.closed_for_good:
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
        return self.code  # type: ignore[return-value]

    def join(self, code: str, name: str | None = None, language: str = "en") -> int:
        """Take the first free seat of the table ``code``; returns the seat."""
        self.language = language
        self._start({"type": "join", "code": code, "name": default_name() if name is None else name,
                     "language": language, "hub_token": self._hub_token()})
        return self.seat  # type: ignore[return-value]

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
        if hello["type"] != "resume":
            self._key = (self.url, self.code or "", hello["name"])
            with _CLIENTS_LOCK:
                _CLIENTS[self._key] = self

    def watch(self, widget: SharedTable) -> None:
        """Send ``widget`` every state and refusal of this seat from now on (held weakly)."""
        self._watchers = [w for w in self._watchers if w() is not None and w() is not widget]
        self._watchers.append(weakref.ref(widget))

    def unwatch(self, widget: SharedTable) -> bool:
        """Stop sending ``widget`` anything; True when no widget watches any more."""
        self._watchers = [w for w in self._watchers if w() is not None and w() is not widget]
        return not self._watchers

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
            ws = self._ws
        if self.closed_for_good:
            raise MessageError(self.closed_for_good)
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

    def request_record(self, timeout: float = CONNECT_TIMEOUT) -> dict[str, Any]:
        """This seat's record of the game over, asked of the server (for the review)."""
        self._record_came.clear()
        self._record = None
        self.send({"type": "record"})
        if not self._record_came.wait(timeout) or self._record is None:
            raise MessageError(Message(NO_RECORD))
        return self._record

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        wait = 0.1
        while not self._closing:
            code = None
            self._last_error = None
            try:
                with self._connect(self.url, open_timeout=CONNECT_TIMEOUT, max_size=2**22) as ws:
                    with self._lock:
                        self._ws = ws
                    ws.send(json.dumps(self._hello))
                    try:
                        for text in ws:
                            wait = 0.1
                            self._receive(json.loads(text))
                    finally:
                        code = ws.close_code
            except Exception:  # refused, reset or closed: try again below
                pass
            finally:
                with self._lock:
                    self._ws = None
                self.connected.clear()
            if code in FINAL_CLOSE:
                self.closed_for_good = self._last_error or "the server closed this seat's connection"
                self._closing = True
            if self._closing or (self.seat is None and self._refusal is not None):
                self._seated.set()
                return
            time.sleep(wait)
            wait = min(RETRY_MAX, wait * 2)

    _last_error: str | None = None
    _key: tuple[str, str, str] | None = None

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
                self.host = bool(frame.get("host"))
            self.state_received.set()
            if self.on_state is not None:
                self.on_state(frame)
            for widget in self._live():
                widget._on_state(frame)
        elif kind == "record":
            self._record = frame.get("record")
            self._record_came.set()
        elif kind == "error":
            self._last_error = frame["error"]
            if self.seat is None:
                self._refusal = frame["error"]
                self._closing = True
                self._seated.set()
                return
            if self.on_error is not None:
                self.on_error(frame["error"])
            for widget in self._live():
                widget._on_error(frame["error"])

    def _live(self) -> list[SharedTable]:
        return [w for w in (ref() for ref in self._watchers) if w is not None]

    def close(self) -> None:
        """Leave the connection (the seat stays yours: a bot plays it after the server's grace time)."""
        self._closing = True
        with _CLIENTS_LOCK:
            if self._key is not None and _CLIENTS.get(self._key) is self:
                del _CLIENTS[self._key]
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(CONNECT_TIMEOUT)


# ---------------------------------------------------------------------- the review
class SharedReview:
    """The review of a shared table's game over for this kernel's seat: the seat's record
    asked of the server, the game rebuilt from it (:func:`.seat_record.stand_in`), then a
    :class:`~.reviewing.ReviewRun`, all in a thread; the widget reads it as it reads a
    ReviewRun (status, progress, result, the trait and each decision's position)."""

    def __init__(self, client: TableClient, seat: int, changed: Callable[[], None], rollouts: int | None = None,
                 samples: int | None = None) -> None:
        self.client, self.seat, self._changed = client, seat, changed
        self.status = "running"
        self.done = self.total = 0
        self.failure = ""
        self.run: Any = None
        self.record: dict[str, Any] | None = None
        """The seat's record the review was worked out from, once it came."""
        self._cancel = threading.Event()
        self._budget = (rollouts, samples)
        self.thread = threading.Thread(target=self._work, name="bhabho-shared-review", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        from ..coach.review import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES  # needs numpy
        from .reviewing import ReviewRun

        try:
            self.record = self.client.request_record()
            game = stand_in(self.record, cancel=self._cancel)
        except Exception as err:  # shown in the panel: a review never breaks the table
            self.status, self.failure = ("cancelled", "") if self._cancel.is_set() else ("failed", str(err)[:200])
            self._changed()
            return
        if self._cancel.is_set():
            self.status = "cancelled"
            self._changed()
            return
        rollouts, samples = self._budget
        self.run = ReviewRun(game, self.seat, self._forward, rollouts=DEFAULT_ROLLOUTS if rollouts is None else rollouts,
                             samples=DEFAULT_SAMPLES if samples is None else samples)

    def _forward(self) -> None:
        run = self.run
        if run is not None:
            self.status, self.done, self.total, self.failure = run.status, run.done, run.total, run.failure
        self._changed()

    @property
    def result(self) -> Any:
        return self.run.result if self.run is not None else None

    @property
    def game(self) -> Any:
        """The rebuilt game (the seat's own view of it), once there is one."""
        return self.run.game if self.run is not None else None

    def cancel(self) -> None:
        self._cancel.set()
        if self.run is not None:
            self.run.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        self.thread.join(timeout)
        while self.run is None and self.thread.is_alive():
            self.thread.join(0.05)
        if self.run is None:
            return not self.thread.is_alive()
        return bool(self.run.wait(None if deadline is None else max(0.0, deadline - time.monotonic())))

    def check_decision(self, number: object) -> int:
        if self.run is None:
            raise MessageError(Message("the review is not ready yet"))
        return int(self.run.check_decision(number))

    def trait(self, tr: Translator, names: Any, at: int | None) -> dict[str, Any]:
        if self.run is not None:
            return dict(self.run.trait(tr, names, at))
        from ..coach.review import GRADES

        return {"status": self.status, "done": 0, "total": 0, "seat": self.seat, "at": None, "decisions": [],
                "events": [], "costliest": [], "counts": {g: 0 for g in GRADES}, "error": self.failure}

    def position_view(self, number: int, tr: Translator, names: Any, version: int) -> Any:
        return self.run.position_view(number, tr, names, version)


NO_GRADES = {"inaccuracy": 0, "mistake": 0, "blunder": 0}


class SharedTable(FeltWidget):
    """A seat at a shared table on a table server, as a widget: see :meth:`Table.host` and
    :meth:`Table.join`. ``code`` is the table's code to give to the others; ``token`` lets
    this seat come back from another kernel (:meth:`resume`)."""

    can_deal = traitlets.Bool(True).tag(sync=True)
    """This seat deals (the host's): the New game button is off for the others."""

    def __init__(self, client: TableClient, pace: float = 0.6, deck: str = "two-colour") -> None:
        self.client = client
        self._translator = translator(check_language(client.language))
        super().__init__(pace=check_pace_argument(pace), variants=list(PRESETS), bot_levels=["random", "rules"],
                         labels=self._translator.labels(), lang=self._translator.code, deck=check_deck(deck))
        self._dealt_at: int | None = None
        self._live: dict[str, Any] | None = None  # the newest view from the server
        self._review: SharedReview | None = None
        self._review_at: int | None = None
        self._review_lock = threading.RLock()
        client.watch(self)
        if client.state is not None:
            self._on_state(client.state)
        if client.closed_for_good:
            self.error = client.closed_for_good[:300]

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
        """Take a seat at the table ``code``; from a kernel that has a seat there under this
        name already (the cell run again), that seat, shown again."""
        client = TableClient.of_table(server, code, name)
        if client is None:
            language = default_language() if language is None else check_language(language)
            client = TableClient(server)
            client.join(code, name=name, language=language)
        return cls(client, pace=pace, deck=deck)

    @classmethod
    def resume(cls, server: str, code: str, seat: int, token: str, language: str | None = None, pace: float = 0.6,
               deck: str = "two-colour") -> SharedTable:
        """Come back to one's seat from another kernel with the seat's token (the kernel
        that had it is told so and stops)."""
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
    def is_host(self) -> bool:
        """This seat is the host's: it deals and admits players after the deal."""
        return self.client.host

    @property
    def translator(self) -> Translator:
        return self._translator

    def deal(self) -> None:
        """The host deals: the first round, the next one, or a new match when it is over."""
        self.client.send({"type": "deal"})

    def admit(self, name: str) -> None:
        """The host lets the person called ``name`` sit down at an open seat once the cards
        are dealt (before the deal, anyone with the code may join)."""
        self.client.send({"type": "admit", "name": str(name)[:40]})

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
        """Close the widget; the last widget of the seat leaves the table (a bot plays the
        seat after the server's grace time)."""
        with self._review_lock:
            if self._review is not None:
                self._review.cancel()
        if self.client.unwatch(self):
            self.client.close()
        super().close()

    # ------------------------------------------------------------------ review
    def start_review(self, rollouts: int | None = None, samples: int | None = None) -> SharedReview:
        """Review the game over for this seat, from what this seat saw (the Review button of
        the game-over table does the same). Returns the run (``wait()``, ``result``)."""
        view = self._live or {}
        if not view.get("is_over"):
            raise MessageError(Message("the review opens once the game is over"))
        with self._review_lock:
            if self._review is not None and self._review.status == "running":
                raise MessageError(Message("the review is being worked out already"))
            self._review_at = None
            self._review = SharedReview(self.client, self.seat, self._on_review_progress, rollouts, samples)
        self._show()
        return self._review

    @property
    def last_review(self) -> Any:
        """The finished review of the game over, or None."""
        return self._review.result if self._review is not None else None

    def cancel_review(self) -> None:
        if self._review is None or self._review.status != "running":
            raise MessageError(Message("no review is being worked out"))
        self._review.cancel()

    def show_decision(self, number: int | None) -> None:
        """Show the table as this seat saw it at decision ``number`` of the review; None: back."""
        with self._review_lock:
            if number is not None:
                if self._review is None:
                    raise MessageError(Message("the review is not ready yet"))
                number = self._review.check_decision(number)
            self._review_at = number
        self._show()

    def _on_review_progress(self) -> None:
        with self._review_lock, self.hold_sync():
            self._sync_review()

    def _sync_review(self) -> None:
        view = self._live or {}
        run = self._review
        if run is None:
            self.review = {"status": "ready", "done": 0, "total": 0, "seat": self.seat, "at": None, "decisions": [],
                           "events": [], "costliest": [], "counts": dict(NO_GRADES), "error": ""} \
                if view.get("is_over") and view.get("mode") == "play" else None
        else:
            self.review = run.trait(self.translator, view.get("names", []), self._review_at)

    def _show(self) -> None:
        """The view on the table: a decision's position while the review shows one, else the server's."""
        with self._review_lock, self.hold_sync():
            live = self._live
            run, at = self._review, self._review_at
            if run is not None and at is not None and run.result is not None and live is not None:
                self.view = run.position_view(at, self.translator, live["names"], live["version"])
            elif live is not None:
                self.view = live
            self._sync_review()

    def _use_language(self, tr: Translator) -> None:
        """The server tells this seat's texts in ``tr``'s language from now on (it sends the
        view again)."""
        self._translator = tr
        self.client.set_language(tr.code)

    def _sync(self) -> None:
        """Nothing to do: the view, the scoreboard and the settings come from the server."""

    # ------------------------------------------------------------------ from the server
    def _on_state(self, frame: dict[str, Any]) -> None:
        view = frame["view"]
        with self._review_lock:
            if self._review is not None and not view.get("is_over"):  # a new round: the review was of the last one
                self._review.cancel()
                self._review = None
                self._review_at = None
            self._live = view
        with self.hold_sync():
            self.score = frame["score"]
            self.config = frame["config"]
            self.can_deal = bool(frame.get("host"))
            self._show()

    def _on_error(self, text: str) -> None:
        self.error = text[:300]

    # ------------------------------------------------------------------ from the browser
    def _shown_version(self) -> int:
        return int((self._live or {}).get("version", -1))

    def _msg_play(self, content: dict[str, Any]) -> None:
        self.client.send({"type": "play", "card": content["card"], "version": content["version"]})

    def _msg_take(self, content: dict[str, Any]) -> None:
        self.client.send({"type": "take", "version": content["version"]})

    def _msg_advance(self, content: dict[str, Any]) -> None:
        if (self._live or {}).get("take_offer") and content["version"] == self._shown_version():
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

    def _msg_review_start(self, content: dict[str, Any]) -> None:
        self.start_review()

    def _msg_review_cancel(self, content: dict[str, Any]) -> None:
        self.cancel_review()

    def _msg_review_show(self, content: dict[str, Any]) -> None:
        self.show_decision(content["decision"])

    _HANDLERS = {"play": _msg_play, "take": _msg_take, "advance": _msg_advance, "undo": _msg_undo,
                 "hint": _msg_hint, "new_game": _msg_new_game, "set_language": FeltWidget._msg_set_language,
                 "set_deck": FeltWidget._msg_set_deck, "review_start": _msg_review_start,
                 "review_cancel": _msg_review_cancel, "review_show": _msg_review_show}

    def _static_title(self) -> str:
        return f"Shared table {self.code}"
