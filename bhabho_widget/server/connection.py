"""One client's websocket on the table server, and the close codes the server ends one with.

A :class:`Connection` is bound to a seat of a table (``code``, ``seat``) or to a class
(``klass``, ``role``, ``person``) once its first message is taken. Frames go out through its
own task, in three lanes: the replies and errors in order (:meth:`Connection.push`; more than
:data:`OUTBOX` waiting closes it: a client that does not read), the newest whole state
(:meth:`Connection.push_state`: a newer one replaces one not sent yet, so a slow reader gets
the latest only and nobody waits for it), and the changes since that state
(:meth:`Connection.push_update`: merged into one while not sent). A state sent goes before
the changes made after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..table.protocol import SERVER_PROTOCOL

__all__ = ["CLOSE_CLASS_GONE", "CLOSE_POLICY", "CLOSE_REFUSED", "CLOSE_REPLACED", "CLOSE_TABLE_GONE", "OUTBOX",
           "Connection"]

OUTBOX = 32
"""Frames other than states a connection may have waiting; beyond it, it is closed."""
CLOSE_REPLACED = 4001
"""Close code: the seat was opened in another connection (final: the client does not connect again)."""
CLOSE_REFUSED = 4003
"""Close code: the first message's key, code or token is not (or no longer) good on this
server, as a teacher key after a restart (final)."""
CLOSE_TABLE_GONE = 4004
"""Close code: the table was deleted (final)."""
CLOSE_CLASS_GONE = 4005
"""Close code: the class was deleted, or the student's place in it (final)."""
CLOSE_POLICY = 1008
"""Close code: too many messages or connections, or no hello in time (the client may come back later)."""
assert {str(c) for c in (CLOSE_REPLACED, CLOSE_REFUSED, CLOSE_TABLE_GONE, CLOSE_CLASS_GONE)} \
    <= set(SERVER_PROTOCOL["close_codes"]["final"])


class Connection:
    """One client's websocket (see the module's docstring). ``client`` is who the limits
    count: ``address:<ip>`` (the forwarded address behind a trusted proxy), or on a hub
    ``hub:<name>`` once the hub said who it is."""

    def __init__(self, ws: WebSocket, send_timeout: float) -> None:
        self.ws = ws
        self.code: str | None = None
        self.seat: int | None = None
        self.klass: str | None = None
        """The class this connection speaks in (its teacher's or a student's), or None."""
        self.role = ""
        self.person = ""
        self.language = "en"
        self.outbox: deque[str] = deque()
        self.state: str | None = None
        self.update: Any = None
        """The changes not sent yet (an object with ``add(frame)`` and ``frame()``), or None."""
        self.wake = asyncio.Event()
        self.closed = False
        self.ending: tuple[int, str] | None = None
        self.send_timeout = send_timeout
        client = ws.client
        self.address = client.host if client is not None else ""
        self.client = f"address:{self.address}"
        self.task = asyncio.create_task(self._sender())

    @property
    def seated(self) -> str:
        """What the connection speaks for: ``"new"`` (nothing yet), ``"seat"`` (a table's
        seat), ``"teacher"`` or ``"student"`` (a class's)."""
        if self.code is not None:
            return "seat"
        if self.klass is not None:
            return self.role
        return "new"

    def push(self, frame: dict[str, Any]) -> None:
        if self.closed or self.ending is not None:
            return
        if len(self.outbox) >= OUTBOX:
            self.close()
            return
        self.outbox.append(json.dumps(frame, separators=(",", ":")))
        self.wake.set()

    def push_state(self, frame: dict[str, Any]) -> None:
        """The newest whole state replaces one not sent yet, and the changes before it."""
        if not self.closed and self.ending is None:
            self.state = json.dumps(frame, separators=(",", ":"))
            self.update = None
            self.wake.set()

    def push_update(self, frame: dict[str, Any], pending: Callable[[dict[str, Any]], Any]) -> None:
        """Changes since the last state: added to those not sent yet (``pending(frame)`` starts
        them: an object with ``add(frame)``, and ``frame()`` that gives the one frame to send)."""
        if not self.closed and self.ending is None:
            if self.update is None:
                self.update = pending(frame)
            else:
                self.update.add(frame)
            self.wake.set()

    def settle(self) -> None:
        """Put the state and changes not sent yet in line now, before what is pushed next."""
        if self.closed or self.ending is not None:
            return
        if self.state is not None:
            self.outbox.append(self.state)
        if self.update is not None:
            self.outbox.append(json.dumps(self.update.frame(), separators=(",", ":")))
        self.state = self.update = None

    def drop_pending(self) -> None:
        """Forget the state and changes not sent yet (a whole state goes out in order instead)."""
        self.state = None
        self.update = None

    def finish(self, frame: dict[str, Any] | None, code: int, reason: str) -> None:
        """Send ``frame`` (and what waits before it), then close with ``code``: the last word."""
        if self.closed or self.ending is not None:
            return
        if frame is not None:
            self.outbox.append(json.dumps(frame, separators=(",", ":")))
        self.drop_pending()
        self.ending = (code, reason)
        self.wake.set()

    def _next(self) -> str | None:
        if self.outbox:
            return self.outbox.popleft()
        if self.state is not None:
            text, self.state = self.state, None
            return text
        if self.update is not None:
            update, self.update = self.update, None
            return json.dumps(update.frame(), separators=(",", ":"))
        return None

    async def _sender(self) -> None:
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while (text := self._next()) is not None:
                    await asyncio.wait_for(self.ws.send_text(text), self.send_timeout)
                if self.ending is not None:
                    self.closed = True
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(self.ws.close(*self.ending), 1.0)
                    return
        except (asyncio.TimeoutError, RuntimeError, OSError, WebSocketDisconnect):
            self.close()
        except asyncio.CancelledError:
            pass
        except Exception:  # a websocket library's own close error
            self.close()

    def close(self) -> None:
        """Stop sending and close the socket (from outside the sender it is cancelled)."""
        if self.closed:
            return
        self.closed = True
        self.wake.set()
        if asyncio.current_task() is not self.task:
            self.task.cancel()
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().create_task(self._close_socket())

    def end(self) -> None:
        """The receiving side is done: close now, unless a last frame is still being sent."""
        if self.ending is None:
            self.close()

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 1.0)
