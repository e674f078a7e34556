"""The table server: a Starlette app with one websocket route, served by uvicorn.

:class:`TableServer` holds every table (:class:`.tables.ServerTable`) in memory and in its
:class:`.store.Store`. A client (a player's kernel, see :mod:`bhabho_widget.table.remote`)
connects to ``/ws``, sends ``create``, ``join`` or ``resume`` (see ``protocol.json``), and
from then on acts for that one seat only. Every frame is checked before anything is done;
a refused frame gets an ``error`` frame and changes nothing. After every change the table
is stored, then each connected seat is sent its own view (``state``): only the newest state
waits for a client that reads slowly, so nobody else waits for it. Bots act at
``bot_pace`` seconds a step; a person away for ``grace`` seconds is played by a bot until
they resume with their token.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import MessageError
from ..table.protocol import check_frame
from .hub import HubIdentity
from .store import KEEP_DAYS, Store
from .tables import ServerTable

__all__ = ["TableServer", "make_app"]

log = logging.getLogger("bhabho_widget.server")
OUTBOX = 32
"""Frames other than states a connection may have waiting; beyond it, it is closed."""


class Connection:
    """One client's websocket, bound to a seat once seated; frames go out through its own task."""

    def __init__(self, ws: WebSocket, send_timeout: float) -> None:
        self.ws = ws
        self.code: str | None = None
        self.seat: int | None = None
        self.outbox: deque[str] = deque()
        self.state: str | None = None
        self.wake = asyncio.Event()
        self.closed = False
        self.send_timeout = send_timeout
        self.task = asyncio.create_task(self._sender())

    def push(self, frame: dict[str, Any]) -> None:
        if self.closed:
            return
        if len(self.outbox) >= OUTBOX:
            self.close()
            return
        self.outbox.append(json.dumps(frame, separators=(",", ":")))
        self.wake.set()

    def push_state(self, frame: dict[str, Any]) -> None:
        """The newest state replaces one not sent yet: a slow reader gets the latest only."""
        if not self.closed:
            self.state = json.dumps(frame, separators=(",", ":"))
            self.wake.set()

    async def _sender(self) -> None:
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox or self.state is not None:
                    if self.outbox:
                        text = self.outbox.popleft()
                    else:
                        text, self.state = self.state or "", None
                    await asyncio.wait_for(self.ws.send_text(text), self.send_timeout)  # type: ignore[arg-type]
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

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 1.0)


class TableServer:
    """Every table, its connections and its bots (see the module's docstring)."""

    def __init__(self, store: Store, grace: float = 30.0, bot_pace: float = 0.6, send_timeout: float = 10.0,
                 max_tables: int = 10000, keep_days: float = KEEP_DAYS, hub: HubIdentity | None = None) -> None:
        self.store = store
        self.hub = hub
        self.keep_days = keep_days
        self.grace = grace
        self.bot_pace = bot_pace
        self.send_timeout = send_timeout
        self.max_tables = max_tables
        self.tables: dict[str, ServerTable] = {}
        self.conns: dict[str, dict[int, Connection]] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._ticker: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life
    async def startup(self) -> None:
        pruned = self.store.prune(self.keep_days)
        now = time.time()
        for record in self.store.load_all():
            try:
                table = ServerTable.restore(record, now=now)
            except (ValueError, KeyError, TypeError) as err:
                log.error("table %s could not be restored: %s", record.get("code"), err)
                continue
            self.tables[table.code] = table
        log.info("%d tables resumed, %d old ones deleted", len(self.tables), pruned)
        for code in self.tables:
            self._kick(code)
        self._ticker = asyncio.create_task(self._tick())

    async def shutdown(self) -> None:
        for task in [*self._runners.values(), *([self._ticker] if self._ticker else [])]:
            task.cancel()
        for seats in self.conns.values():
            for conn in seats.values():
                conn.close()

    async def _tick(self) -> None:
        """Every so often: a bot for every person away longer than the grace time; every
        hour, the tables untouched for ``keep_days`` are deleted."""
        pruned_at = time.time()
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.grace / 4)))
            now = time.time()
            for code, table in list(self.tables.items()):
                if table.expire(self.grace, now):
                    self._changed(code)
            if now - pruned_at > 3600:
                pruned_at = now
                for code, table in list(self.tables.items()):
                    if now - table.updated > self.keep_days * 86400 and not self.conns.get(code):
                        del self.tables[code]
                        self.store.delete(code)

    # ------------------------------------------------------------------ sending
    def _frame(self, table: ServerTable, seat: int) -> dict[str, Any]:
        return {"type": "state", "view": table.view_for(seat), "score": table.score_for(seat),
                "config": table.config_for(seat), "seats": table.seats_info(), "host": seat == 0,
                "seq": table.seats[seat].seq}

    def _broadcast(self, code: str) -> None:
        table = self.tables[code]
        for seat, conn in list(self.conns.get(code, {}).items()):
            conn.push_state(self._frame(table, seat))

    def _changed(self, code: str) -> None:
        """Store the table, then tell every seat, then let the bots go on."""
        self.store.save(self.tables[code].record())
        self._broadcast(code)
        self._kick(code)

    def _kick(self, code: str) -> None:
        table = self.tables[code]
        if table.bot_due() and (code not in self._runners or self._runners[code].done()):
            self._runners[code] = asyncio.create_task(self._run_bots(code))

    async def _run_bots(self, code: str) -> None:
        table = self.tables[code]
        while table.bot_due():
            await asyncio.sleep(self.bot_pace)
            if not table.bot_due():
                break
            table.step_bot()
            self.store.save(table.record())
            self._broadcast(code)

    # ------------------------------------------------------------------ one connection
    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, self.send_timeout)
        try:
            while not conn.closed:
                try:
                    text = await ws.receive_text()
                except KeyError:  # a binary frame
                    text = b""  # type: ignore[assignment]
                await self.handle(conn, text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            conn.close()
            self._detach(conn)

    def _detach(self, conn: Connection) -> None:
        if conn.code is None or conn.seat is None:
            return
        seats = self.conns.get(conn.code, {})
        if seats.get(conn.seat) is conn:
            del seats[conn.seat]
            table = self.tables.get(conn.code)
            if table is not None:
                table.disconnect(conn.seat)
                self.store.save(table.record())
                self._broadcast(conn.code)

    def _attach(self, conn: Connection, code: str, seat: int) -> None:
        old = self.conns.setdefault(code, {}).get(seat)
        if old is not None and old is not conn:
            old.push({"type": "error", "error": "this seat was opened in another connection", "seq": None})
            old.code = old.seat = None
            old.close()
        conn.code, conn.seat = code, seat
        self.conns[code][seat] = conn

    async def handle(self, conn: Connection, text: object) -> None:
        """Check one frame and act on it; a refusal is an error frame and changes nothing."""
        seq = None
        try:
            message = check_frame(text)
            seq = message.get("seq")
            kind = message["type"]
            if kind in ("create", "join", "resume"):
                if conn.code is not None:
                    raise MessageError("this connection already has a seat")
                if kind != "resume":
                    message["name"] = await self._name(message)
                    if conn.code is not None:  # seated by another frame meanwhile
                        raise MessageError("this connection already has a seat")
                getattr(self, f"_on_{kind}")(conn, message)
                return
            if conn.code is None or conn.seat is None:
                raise MessageError("first create, join or resume a table")
            table = self.tables[conn.code]
            seat = conn.seat
            if kind == "set_language":
                table.connect(seat, message["language"])
                self.store.save(table.record())
                conn.push_state(self._frame(table, seat))
                return
            table.check_seq(seat, seq)  # a replayed or stale message
            if "version" in message:
                table.check_version(message["version"])
            if kind == "deal":
                table.start(seat)
            elif kind == "play":
                table.play(seat, message["card"])
            elif kind == "take":
                table.take(seat)
            else:
                table.pass_take(seat)
            table.took_seq(seat)
            self._changed(conn.code)
        except (ValueError, TypeError) as err:
            conn.push({"type": "error", "error": self._localize(conn, err)[:300], "seq": seq})

    async def _name(self, message: dict[str, Any]) -> str:
        """The name to seat: on a hub, the hub user's name of the token sent, whatever
        name was given; elsewhere the name given (the token, if any, is not looked at)."""
        if self.hub is None:
            return str(message["name"])
        return (await self.hub.user_for(message["hub_token"]))[:40]

    def _localize(self, conn: Connection, err: Exception) -> str:
        table = self.tables.get(conn.code or "")
        localize = getattr(err, "localize", None)
        if localize is None:
            return str(err)
        if table is None or conn.seat is None:
            return str(localize())
        return str(localize(table.translator_for(conn.seat), table.seat_names(conn.seat)))

    def _seated(self, conn: Connection, table: ServerTable, seat: int, token: str | None) -> None:
        self._attach(conn, table.code, seat)
        conn.push({"type": "seated", "code": table.code, "seat": seat, "token": token, "seq": table.seats[seat].seq,
                   "host": seat == 0})
        self._changed(table.code)

    def _on_create(self, conn: Connection, m: dict[str, Any]) -> None:
        if len(self.tables) >= self.max_tables:
            raise MessageError("the server holds as many tables as it may; try again later")
        table = ServerTable.create(players=m["players"], rules=m["variant"], rounds=m["rounds"], bots=m["bots"])
        seat, token = table.seat_person(m["name"], m["language"])
        self.tables[table.code] = table
        self._seated(conn, table, seat, token)

    def _on_join(self, conn: Connection, m: dict[str, Any]) -> None:
        table = self.tables.get(m["code"])
        if table is None:
            raise MessageError("no table has this code")
        seat, token = table.seat_person(m["name"], m["language"])
        self._seated(conn, table, seat, token)

    def _on_resume(self, conn: Connection, m: dict[str, Any]) -> None:
        table = self.tables.get(m["code"])
        if table is None or not table.check_token(m["seat"], m["token"]):
            raise MessageError("no seat of a table has this code, seat and token")  # the same words: nothing is told
        table.connect(m["seat"], m["language"])
        self._seated(conn, table, m["seat"], None)


def make_app(store: Store | str = "bhabho_tables.sqlite3", prefix: str = "", **options: Any) -> Starlette:
    """The ASGI app: ``/ws`` (the websocket) and ``/`` (a health check: how many tables),
    under ``prefix`` (a JupyterHub service's ``/services/<name>``). ``options`` go to
    :class:`TableServer` (``grace``, ``bot_pace``, ``send_timeout``, ``max_tables``, ``keep_days``,
    ``hub``: a :class:`.hub.HubIdentity` to seat the hub's users under their hub names)."""
    server = TableServer(store if isinstance(store, Store) else Store(store), **options)
    prefix = prefix.rstrip("/")

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"server": "bhabho_widget", "tables": len(server.tables)})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.startup()
        try:
            yield
        finally:
            await server.shutdown()

    app = Starlette(routes=[Route(prefix + "/", health), WebSocketRoute(prefix + "/ws", server.serve)], lifespan=lifespan)
    app.state.server = server
    return app
