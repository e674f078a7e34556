"""One notebook's websocket to a table server, for a seat at a table and for a class alike.

A :class:`Connection` keeps one websocket to a table server (``python -m bhabho_widget.server``)
in a thread of its own. It sends a first message (its *hello*: ``create``, ``join`` or
``resume`` for a seat, ``class_create``, ``class_teach`` or ``class_join`` for a class) each
time it connects, hands the frames the server pushes on its own (the seat's ``state``, a
class's ``class_state``) to a callback, and answers :meth:`Connection.request` with the frame
that answers it. When the connection drops (a server restart, a network break) it connects
again by itself, with exponential backoff and jitter (websockets' own
:class:`~websockets.sync.client.reconnect`), and says its hello again, which its owner keeps
current (a seat comes back with its token, a class with its code), unless the server closed
it for good (a *final* close code of ``server_protocol.json``: the seat opened elsewhere, the
table or the class deleted, a teacher key that is no longer good) or refused the connection
itself (an address that is not a table server).

Two ways of answering are told apart by ``ordered``: the class messages are each answered by
exactly one frame, in order (``ordered=True``: every frame that is not a push answers the
oldest message still waiting); a seat's moves are answered by the ``state`` pushes that follow
them, and a refusal is an ``error`` frame on its own (``ordered=False``: a request names the
frame types that answer it). The seat's and the class's clients (:class:`.remote.TableClient`,
:class:`.classroom.ClassClient`) are thin adapters over it.

``websockets`` is imported when a connection is made (the ``server`` extra).
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Collection, Generator
from typing import Any

from ..engine.errors import MessageError
from ..i18n import N_, Message
from .protocol import SERVER_PROTOCOL

__all__ = ["CONNECT_TIMEOUT", "FINAL_CLOSE", "RETRY_FIRST", "RETRY_MAX", "Connection", "backoff", "server_url"]

CONNECT_TIMEOUT = 10.0
"""How long a first message waits for its answer, and a request for its frame, in seconds."""
RETRY_FIRST = 0.1
"""The first wait, in seconds, before connecting again (then doubled, with jitter)."""
RETRY_MAX = 2.0
"""The longest wait, in seconds, between two tries to connect again."""
SHORT_LIVED = 1.0
"""A connection that closes within this many seconds of opening counts as a failed try: the next
one waits its turn in the backoff, so a server that closes every connection is not hammered."""
FINAL_CLOSE = frozenset(int(code) for code in SERVER_PROTOCOL["close_codes"]["final"])
"""Close codes after which the client does not connect again (see ``server_protocol.json``)."""

OUT_OF_REACH = N_("the table server is out of reach; trying again")
NO_ANSWER = N_("the table server did not answer; try again")
CLOSED = N_("the table server closed this connection")
REFUSED = N_("the table server at {url} refused the connection: {why}")


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


def backoff(first: float = RETRY_FIRST, longest: float = RETRY_MAX,
            rng: random.Random | None = None) -> Generator[float, None, None]:
    """The waits between two tries to connect: exponential (doubled each time, at most
    ``longest``), each with "equal jitter" (between half the step and the step), so that the
    kernels of a class that lost the server together do not all come back at the same moment.

    >>> waits = backoff(0.1, 2.0, random.Random(1))
    >>> [round(next(waits), 3) for _ in range(7)]
    [0.057, 0.185, 0.353, 0.502, 1.196, 1.449, 1.652]
    """
    rng = rng or random.Random()
    step = first
    while True:
        yield step / 2 + rng.random() * step / 2
        step = min(longest, step * 2)


class _Waiter:
    """A message sent, waiting for its answer."""

    __slots__ = ("event", "expect", "frame")

    def __init__(self, expect: Collection[str] | None = None) -> None:
        self.event = threading.Event()
        self.expect = expect
        self.frame: dict[str, Any] | None = None

    def answer(self, frame: dict[str, Any] | None) -> None:
        self.frame = frame
        self.event.set()


class Connection:
    """One websocket to a table server, kept open in a thread (see the module's docstring).

    ``pushes``: the frame types the server sends on its own, handed to ``on_push(frame)``;
    ``on_frame(frame)`` sees every frame first (the owner keeps its hello current there);
    ``on_error(text)`` gets every refusal no request waits for, and the reason when the
    server closes the connection for good. All three are called from the connection's thread.
    """

    def __init__(self, server: str, *, pushes: Collection[str], ordered: bool, max_size: int = 2**22,
                 on_push: Callable[[dict[str, Any]], None] | None = None,
                 on_frame: Callable[[dict[str, Any]], None] | None = None,
                 on_error: Callable[[str], None] | None = None, name: str = "bhabho-connection") -> None:
        try:
            from websockets.sync.client import reconnect
        except ImportError as err:  # pragma: no cover - the extra is missing
            raise ImportError('a shared table or a class needs websockets: pip install "bhabho-widget[server]"') from err
        self._reconnect = reconnect
        self.url = server_url(server)
        self.server = server
        self.pushes = frozenset(pushes)
        self.ordered = ordered
        self.on_push, self.on_frame, self.on_error = on_push, on_frame, on_error
        self.hello: dict[str, Any] | None = None
        """The first message said at each connection; its owner keeps it current."""
        self.closed_for_good: str | None = None
        """Why the server closed this connection for good, or None."""
        self.connected = threading.Event()
        self._max_size = max_size
        self._name = name
        self._ws: Any = None
        self._lock = threading.Lock()
        self._waiting: list[_Waiter | None] = []
        self._closing = False
        self._opened = False
        self._thread: threading.Thread | None = None
        self._last_error: str | None = None

    # ------------------------------------------------------------------ opening
    def open(self, hello: dict[str, Any], welcome: Collection[str], timeout: float | None = None) -> dict[str, Any]:
        """Connect, say ``hello`` and wait for its answer, a frame of a type in ``welcome``;
        returns it. A refusal is a MessageError (and the connection is closed); no answer in
        ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`) a ConnectionError."""
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        if self._thread is not None:
            raise RuntimeError("this connection is open already")
        waiter = _Waiter(welcome)
        self.hello = dict(hello)
        self._waiting = [waiter]
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()
        if not waiter.event.wait(timeout) or waiter.frame is None:
            why = self.closed_for_good
            self.close()
            if why:
                raise MessageError(why)
            raise ConnectionError(f"the table server at {self.url} did not answer")
        frame = waiter.frame
        if frame.get("type") not in welcome:
            self.close()
            raise MessageError(str(frame.get("error", ""))[:300] or Message(CLOSED))
        self._opened = True
        return frame

    # ------------------------------------------------------------------ sending
    def request(self, message: dict[str, Any], expect: Collection[str] | None = None,
                timeout: float | None = None) -> dict[str, Any]:
        """Send ``message`` and return the frame that answers it (ordered: the next answer;
        else the first frame of a type in ``expect``); a refusal is a MessageError."""
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        if not self.ordered and not expect:
            raise ValueError("a request on an unordered connection names the frames that answer it")
        waiter = _Waiter(expect)
        self._send(message, waiter)
        if not waiter.event.wait(timeout):
            with self._lock:
                if waiter in self._waiting:
                    self._waiting[self._waiting.index(waiter)] = None  # its answer, if it comes, answers nobody
            raise MessageError(Message(NO_ANSWER))
        frame = waiter.frame
        if frame is None:
            raise MessageError(self.closed_for_good or Message(OUT_OF_REACH))
        if frame.get("type") == "error":
            raise MessageError(str(frame["error"]))
        return frame

    def post(self, message: dict[str, Any]) -> None:
        """Send ``message`` without waiting; a refusal goes to ``on_error``."""
        self._send(message, None)

    def flush(self, timeout: float = CONNECT_TIMEOUT) -> bool:
        """Wait until every message sent so far is answered (ordered connections); True if so."""
        deadline = time.monotonic() + timeout
        with self._lock:
            last = next((w for w in reversed(self._waiting) if w is not None), None)
        if last is None:
            return True
        return last.event.wait(max(0.0, deadline - time.monotonic()))

    def _send(self, message: dict[str, Any], waiter: _Waiter | None) -> None:
        if self.closed_for_good:
            raise MessageError(self.closed_for_good)
        text = json.dumps(message)
        with self._lock:
            ws = self._ws
            if ws is None:
                raise MessageError(Message(OUT_OF_REACH))
            if self.ordered:
                self._waiting.append(waiter if waiter is not None else _Waiter())
            elif waiter is not None:
                self._waiting.append(waiter)
            try:
                ws.send(text)
            except Exception as err:  # closed meanwhile: the thread connects again
                if self._waiting and self._waiting[-1] is waiter:
                    self._waiting.pop()
                raise MessageError(Message(OUT_OF_REACH)) from err

    # ------------------------------------------------------------------ the thread
    def _retryable(self, exc: Exception) -> Exception | None:
        """websockets' rule (network errors and 5xx answers are tried again), and nothing
        more once the connection is being closed."""
        from websockets.client import process_exception

        return exc if self._closing else process_exception(exc)

    def _run(self) -> None:
        waits = backoff()
        try:
            for ws in self._reconnect(self.url, open_timeout=CONNECT_TIMEOUT, max_size=self._max_size,
                                      reconnect_delays=backoff, process_exception=self._retryable,
                                      compression=None, proxy=None):
                opened = time.monotonic()
                code = self._talk(ws)
                if code in FINAL_CLOSE:
                    self.closed_for_good = self._last_error or str(Message(CLOSED))
                    self._closing = True
                    if self.on_error is not None:
                        self.on_error(self.closed_for_good)
                if self._closing:
                    return
                if time.monotonic() - opened < SHORT_LIVED:
                    time.sleep(next(waits))
                else:
                    waits = backoff()
        except Exception as err:  # a fatal refusal: not a table server, an address refused
            if not self._closing:
                self.closed_for_good = str(Message(REFUSED, url=self.url[:80], why=str(err)[:120]))
                self._closing = True
                self._release()
                if self.on_error is not None:
                    self.on_error(self.closed_for_good)
        finally:
            self._release()

    def _talk(self, ws: Any) -> int | None:
        """One connection: say the hello, hand on every frame until it closes; its close code."""
        self._last_error = None
        with self._lock:
            if self._closing:
                return None
            if self._opened and self.ordered:  # a reconnection: its welcome answers nobody
                self._waiting = [None]
            self._ws = ws
        try:
            ws.send(json.dumps(self.hello))
            self.connected.set()
            for text in ws:
                self._receive(json.loads(text))
        except Exception:  # closed, reset, or a frame that is not JSON: connect again
            pass
        finally:
            self.connected.clear()
            with self._lock:
                self._ws = None
            self._release()
        return ws.close_code

    def _release(self) -> None:
        """Nothing more will answer the messages still waiting: let them go."""
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for waiter in waiting:
            if waiter is not None:
                waiter.answer(None)

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "error":
            self._last_error = str(frame.get("error", ""))
        if self.on_frame is not None:
            self.on_frame(frame)
        if kind in self.pushes:
            if self.on_push is not None:
                self.on_push(frame)
            return
        waiter: _Waiter | None = None
        with self._lock:
            if self.ordered:
                waiter = self._waiting.pop(0) if self._waiting else None
            else:
                for k, w in enumerate(self._waiting):
                    if w is not None and (kind in (w.expect or ()) or (kind == "error" and not self._opened)):
                        waiter = self._waiting.pop(k)
                        break
        if waiter is not None:
            waiter.answer(frame)
        elif kind == "error" and self.on_error is not None:
            self.on_error(self._last_error or "")

    def close(self) -> None:
        """Close the connection for good (from this side: nothing on the server is deleted)."""
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
        self._release()
