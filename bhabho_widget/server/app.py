"""The table server: a Starlette app with one websocket route, served by uvicorn.

:class:`TableServer` holds every table (:class:`.tables.ServerTable`) in memory and in its
:class:`.store.Store`. A client (a player's kernel, see :mod:`bhabho_widget.table.remote`)
connects to ``/ws``, sends ``create``, ``join`` or ``resume`` (see ``server_protocol.json``),
and from then on acts for that one seat only. Every frame is checked before anything is
done; a refused frame gets an ``error`` frame and changes nothing. After every change the
table is stored, then each connected seat is sent its own view (``state``): only the newest
state waits for a client that reads slowly, so nobody else waits for it. A change the store
cannot write is undone (the table is read back from the store), and the player is told.
Bots act at ``bot_pace`` seconds a step; a person away for ``grace`` seconds is played by a
bot until they resume with their token, and a host away as long hands the role on.

One connection per seat: a seat opened in a second connection (a resume with the seat's
token) is the new one's; the old one is told so and closed with the final close code 4001,
which the client obeys (it does not connect again). :class:`Limits` are the server's bounds
on what one client may do (see the README's figures).

A connection may instead open a class (``class_create``, ``class_teach``, ``class_join``):
from then on it speaks for that teacher or student in that class, and
:class:`.classes.ClassHall` takes its messages (the class's tables are tables as any other).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import MessageError
from ..i18n import N_, Message, check_language, translator
from ..table.protocol import SERVER_PROTOCOL, check_frame
from .classes import CLOSE_CLASS_GONE, ClassHall
from .hub import HubIdentity
from .store import CLASS_KEEP_DAYS, KEEP_DAYS, Store
from .tables import ServerTable, clean_name

__all__ = ["CLOSE_REPLACED", "CLOSE_TABLE_GONE", "Limits", "TableServer", "make_app"]

log = logging.getLogger("bhabho_widget.server")
OUTBOX = 32
"""Frames other than states a connection may have waiting; beyond it, it is closed."""
CLOSE_REPLACED = 4001
"""Close code: the seat was opened in another connection (final: the client does not connect again)."""
CLOSE_TABLE_GONE = 4004
"""Close code: the table was deleted (final)."""
CLOSE_POLICY = 1008
"""Close code: too many messages, or no hello in time (the client may come back later)."""
assert {str(CLOSE_REPLACED), str(CLOSE_TABLE_GONE), str(CLOSE_CLASS_GONE)} <= set(SERVER_PROTOCOL["close_codes"]["final"])
MAX_DEPTH = 32
"""The deepest nesting of lists and objects a frame may have (the protocol's is 2)."""
TABLE_BURST = 10
"""New tables one address (one hub user) may open at once before the hourly rate applies."""

STORE_FAILED = N_("the server could not store that; nothing was done, please try again later")
TOO_MANY = N_("too many messages: this connection is closed; slow down")
REPLACED = N_("this seat was opened in another connection, so this one is closed")
UNDEALT_GONE = N_("this table was closed: nobody dealt its cards for {minutes} minutes")
TOO_MANY_TABLES = N_("too many new tables from one place: try again in a minute")
FULL = N_("the server holds as many tables as it may; try again later")


@dataclass(frozen=True)
class Limits:
    """What one client may do (``python -m bhabho_widget.server --help`` sets them)."""

    messages_per_second: float = 20.0
    """Frames a connection may send a second, in bursts of twice as many; beyond, an error and a close."""
    tables_per_hour: float = 120.0
    """New tables one address (on a hub: one hub user) may open an hour, after a burst of :data:`TABLE_BURST`."""
    hello_seconds: float = 10.0
    """Seconds a new connection has to take a seat (create, join or resume) before it is closed."""
    undealt_minutes: float = 30.0
    """Minutes a table never dealt is kept after its last change (a seat taken, a name admitted)."""
    max_tables: int = 10000
    """Tables the server holds at most."""
    guesses_per_hour: float = 60.0
    """Wrong teacher keys, class codes or student tokens one address (one hub user) may send
    an hour, after a burst of 10."""


class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    @property
    def full(self) -> bool:
        return min(self.burst, self.tokens + (time.monotonic() - self.stamp) * self.rate) >= self.burst


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text ``text`` nests lists and objects deeper than ``limit`` (strings skipped)."""
    depth = 0
    quoted = escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


class Connection:
    """One client's websocket, bound to a seat once seated; frames go out through its own task."""

    def __init__(self, ws: WebSocket, send_timeout: float, rate: float) -> None:
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
        self.wake = asyncio.Event()
        self.closed = False
        self.ending: tuple[int, str] | None = None
        self.send_timeout = send_timeout
        self.bucket = Bucket(rate, 2 * rate)
        client = ws.client
        self.address = client.host if client is not None else ""
        self.task = asyncio.create_task(self._sender())

    def push(self, frame: dict[str, Any]) -> None:
        if self.closed or self.ending is not None:
            return
        if len(self.outbox) >= OUTBOX:
            self.close()
            return
        self.outbox.append(json.dumps(frame, separators=(",", ":")))
        self.wake.set()

    def push_state(self, frame: dict[str, Any]) -> None:
        """The newest state replaces one not sent yet: a slow reader gets the latest only."""
        if not self.closed and self.ending is None:
            self.state = json.dumps(frame, separators=(",", ":"))
            self.wake.set()

    def finish(self, frame: dict[str, Any] | None, code: int, reason: str) -> None:
        """Send ``frame`` (and what waits before it), then close with ``code``: the last word."""
        if self.closed or self.ending is not None:
            return
        if frame is not None:
            self.outbox.append(json.dumps(frame, separators=(",", ":")))
        self.state = None
        self.ending = (code, reason)
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


class TableServer:
    """Every table, its connections and its bots (see the module's docstring)."""

    def __init__(self, store: Store, grace: float = 30.0, bot_pace: float = 0.6, send_timeout: float = 10.0,
                 keep_days: float = KEEP_DAYS, hub: HubIdentity | None = None, limits: Limits | None = None,
                 max_tables: int | None = None, teacher_key: str | None = None, teachers_group: str = "teachers",
                 class_keep_days: float = CLASS_KEEP_DAYS) -> None:
        self.store = store
        self.hub = hub
        self.keep_days = keep_days
        self.grace = grace
        self.bot_pace = bot_pace
        self.send_timeout = send_timeout
        self.limits = limits or Limits()
        if max_tables is not None:
            self.limits = Limits(**{**self.limits.__dict__, "max_tables": max_tables})
        self.tables: dict[str, ServerTable] = {}
        self.conns: dict[str, dict[int, Connection]] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._ticker: asyncio.Task[None] | None = None
        self._new_tables: dict[str, Bucket] = {}
        self._stalled: dict[str, float] = {}
        self.classes = ClassHall(self, teacher_key=teacher_key if hub is None else None, teachers_group=teachers_group,
                                 keep_days=class_keep_days, guesses_per_hour=self.limits.guesses_per_hour)

    # ------------------------------------------------------------------ life
    async def startup(self) -> None:
        clean_name("x")  # the names the table keeps, read once from every language's catalog
        pruned = self.store.prune(self.keep_days)
        now = time.time()
        for code, record in self.store.load_all():
            try:
                table = ServerTable.restore(record, now=now)  # type: ignore[arg-type]
            except Exception as err:  # a bad row: logged and skipped, the good tables load
                log.error("table %s could not be restored, skipped: %s", str(code)[:40], str(err)[:200] or type(err).__name__)
                continue
            self.tables[table.code] = table
        log.info("%d tables resumed, %d old ones deleted", len(self.tables), pruned)
        self.classes.load()
        for code in self.tables:
            self._kick(code)
        self._ticker = asyncio.create_task(self._tick())

    async def shutdown(self) -> None:
        for task in [*self._runners.values(), *([self._ticker] if self._ticker else [])]:
            task.cancel()
        for seats in self.conns.values():
            for conn in seats.values():
                conn.close()
        self.classes.close_all()

    async def _tick(self) -> None:
        """Every so often: a bot for every person away longer than the grace time (and the
        host's role handed on); tables never dealt deleted after ``undealt_minutes``; bots
        stopped by a failed write tried again; every hour, the tables untouched for
        ``keep_days`` deleted."""
        pruned_at = time.time()
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.grace / 4)))
            try:
                self._tick_once(pruned_at)
            except Exception as err:  # never let the ticker die
                log.error("the ticker failed: %s", str(err)[:200])
            if time.time() - pruned_at > 3600:
                pruned_at = time.time()

    def _tick_once(self, pruned_at: float) -> None:
        now = time.time()
        undealt = self.limits.undealt_minutes * 60
        for code, table in list(self.tables.items()):
            if not table.started and now - table.updated > undealt:
                minutes = f"{self.limits.undealt_minutes:g}"
                self._drop(code, Message(UNDEALT_GONE, minutes=minutes))
                continue
            if self._stalled.get(code, 0) > now:
                continue  # a write failed a moment ago: the next try after a while, not every tick
            if table.expire(self.grace, now):
                self._commit(code)
            elif table.bot_due() and code not in self._runners:
                self._kick(code)
        if now - pruned_at > 3600:
            for code, table in list(self.tables.items()):
                if now - table.updated > self.keep_days * 86400 and not self.conns.get(code):
                    self._drop(code, None)
            self.classes.prune(now)
        for key, bucket in list(self._new_tables.items()):
            if bucket.full:
                del self._new_tables[key]

    def _drop(self, code: str, why: Message | None, delete: bool = True) -> None:
        """Delete a table (``delete=False``: from memory only); its connected seats are told
        ``why`` and closed for good."""
        table = self.tables.pop(code, None)
        self._stalled.pop(code, None)
        if delete:
            with contextlib.suppress(sqlite3.Error, OSError):
                self.store.delete(code)
        runner = self._runners.pop(code, None)
        if runner is not None:
            runner.cancel()
        for seat, conn in self.conns.pop(code, {}).items():
            text = why.localize(table.translator_for(seat)) if why is not None and table is not None else ""
            conn.code = conn.seat = None
            conn.finish({"type": "error", "error": text[:300], "seq": None} if text else None, CLOSE_TABLE_GONE,
                        "the table was closed")

    # ------------------------------------------------------------------ sending
    def _frame(self, table: ServerTable, seat: int) -> dict[str, Any]:
        return {"type": "state", "view": table.view_for(seat), "score": table.score_for(seat),
                "config": table.config_for(seat), "seats": table.seats_info(), "host": seat == table.host,
                "seq": table.seats[seat].seq}

    def _broadcast(self, code: str) -> None:
        table = self.tables[code]
        for seat, conn in list(self.conns.get(code, {}).items()):
            conn.push_state(self._frame(table, seat))

    def _store(self, code: str) -> bool:
        """Write the table's row. When the store cannot, the change is undone: the table is
        read back as the store holds it (a new table, never stored, is dropped), one line is
        logged, and False returned."""
        table = self.tables[code]
        try:
            self.store.save(table.record())
            return True
        except (sqlite3.Error, OSError) as err:
            log.error("table %s: the store could not write (%s); the change is undone", code, str(err)[:120])
        try:
            record = self.store.load(code)
        except (sqlite3.Error, OSError):
            record = None
        if record is None:
            self.tables.pop(code, None)
            for conn in self.conns.pop(code, {}).values():
                conn.code = conn.seat = None
            return False
        old = table
        try:
            table = ServerTable.restore(record)
        except Exception as err:  # the stored row itself is bad: the table cannot go on
            log.error("table %s could not be read back (%s); it is closed", code, str(err)[:120])
            self._drop(code, None, delete=False)
            return False
        for seat in self.conns.get(code, {}):
            table.seats[seat].connected, table.seats[seat].dropped_at = True, None
        for seat, s in enumerate(old.seats):  # who is away, as it was
            if not s.connected and table.seats[seat].is_person:
                table.seats[seat].connected, table.seats[seat].dropped_at = False, s.dropped_at
        self.tables[code] = table
        self._stalled[code] = time.time() + 10
        return False

    def _commit(self, code: str) -> bool:
        """Store the table, then tell every seat, then let the bots go on; False when the
        store failed and the change was undone."""
        if not self._store(code):
            return False
        self._broadcast(code)
        self._kick(code)
        return True

    def _changed(self, code: str) -> None:
        """:meth:`_commit`, or a MessageError for the player whose action it was."""
        if not self._commit(code):
            raise MessageError(Message(STORE_FAILED))

    def _kick(self, code: str) -> None:
        table = self.tables[code]
        if table.bot_due() and (code not in self._runners or self._runners[code].done()):
            self._runners[code] = asyncio.create_task(self._run_bots(code))

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                table = self.tables.get(code)
                if table is None or not table.bot_due():
                    break
                await asyncio.sleep(self.bot_pace)
                table = self.tables.get(code)
                if table is None or not table.bot_due():
                    break
                table.step_bot()
                if not self._store(code):
                    break  # undone: tried again by the ticker after a while
                self._broadcast(code)
        finally:
            if self._runners.get(code) is asyncio.current_task():
                del self._runners[code]

    # ------------------------------------------------------------------ one connection
    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, self.send_timeout, self.limits.messages_per_second)
        deadline = time.monotonic() + self.limits.hello_seconds
        try:
            while not conn.closed and conn.ending is None:
                try:
                    if conn.code is None and conn.klass is None:
                        text = await asyncio.wait_for(ws.receive_text(), max(0.0, deadline - time.monotonic()))
                    else:
                        text = await ws.receive_text()
                except asyncio.TimeoutError:
                    conn.finish(None, CLOSE_POLICY, "no create, join or resume in time")
                    break
                except KeyError:  # a binary frame
                    text = b""  # type: ignore[assignment]
                if not conn.bucket.take():
                    self._detach(conn)
                    conn.finish({"type": "error", "error": self._say(conn, Message(TOO_MANY)), "seq": None},
                                CLOSE_POLICY, "too many messages")
                    break
                await self.handle(conn, text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            conn.end()
            self._detach(conn)
            if conn.ending is not None:  # the last frame and the close code go out before the socket is let go
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(asyncio.shield(conn.task), self.send_timeout + 1)

    def _detach(self, conn: Connection) -> None:
        """The connection's seat (or class) has no connection now (nothing stored changes: who
        is connected is not kept)."""
        self.classes.detach(conn)
        if conn.code is None or conn.seat is None:
            return
        code, seat = conn.code, conn.seat
        conn.code = conn.seat = None
        seats = self.conns.get(code, {})
        if seats.get(seat) is conn:
            del seats[seat]
            table = self.tables.get(code)
            if table is not None:
                table.disconnect(seat)
                self._broadcast(code)

    def _attach(self, conn: Connection, code: str, seat: int) -> None:
        old = self.conns.setdefault(code, {}).get(seat)
        if old is not None and old is not conn:
            old.code = old.seat = None
            old.finish({"type": "error", "error": self._say(old, Message(REPLACED)), "seq": None}, CLOSE_REPLACED,
                       "seat opened in another connection")
        conn.code, conn.seat = code, seat
        self.conns[code][seat] = conn

    async def handle(self, conn: Connection, text: object) -> None:
        """Check one frame and act on it; a refusal is an error frame and changes nothing."""
        seq = None
        try:
            if isinstance(text, str) and too_deep(text):
                raise MessageError("a message is nested too deeply")
            message = check_frame(text)
            seq = message.get("seq")
            kind = message["type"]
            if kind.startswith("class_") or (kind == "set_language" and conn.klass is not None):
                await self.classes.handle(conn, message)
                return
            if kind in ("create", "join", "resume"):
                if conn.code is not None or conn.klass is not None:
                    raise MessageError("this connection already has a seat")
                with contextlib.suppress(ValueError):
                    conn.language = check_language(message["language"])
                if kind != "resume":
                    message["name"] = await self._name(message)
                    if conn.code is not None or conn.klass is not None or conn.closed:  # taken (or closed) meanwhile
                        raise MessageError("this connection already has a seat")
                getattr(self, f"_on_{kind}")(conn, message)
                return
            if conn.code is None or conn.seat is None:
                raise MessageError("first create, join or resume a table")
            code, seat = conn.code, conn.seat
            table = self.tables[code]
            if kind == "set_language":
                language = check_language(message["language"])
                if language != table.seats[seat].language:
                    table.connect(seat, language)
                    if not self._store(code):
                        raise MessageError(Message(STORE_FAILED))
                    conn.language = language
                conn.push_state(self._frame(self.tables[code], seat))
                return
            if kind == "record":
                conn.push({"type": "record", "record": table.record_for(seat)})
                return
            if kind == "seat_view":
                conn.push({"type": "seat_view", "view": table.seat_view_for(seat).to_dict()})
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
            elif kind == "admit":
                table.admit(seat, message["name"])
            else:
                table.pass_take(seat)
            table.took_seq(seat)
            self._changed(code)
        except (ValueError, TypeError, RecursionError) as err:
            if isinstance(err, RecursionError):
                err = MessageError("a message is nested too deeply")
            conn.push({"type": "error", "error": self._localize(conn, err)[:300], "seq": seq})

    async def _name(self, message: dict[str, Any]) -> str:
        """The name to seat: on a hub, the hub user's name of the token sent, whatever
        name was given; elsewhere the name given (the token, if any, is not looked at)."""
        if self.hub is None:
            return str(message["name"])
        return (await self.hub.user_for(message["hub_token"]))[:40]

    def _say(self, conn: Connection, message: Message) -> str:
        """``message`` in the connection's language (its seat's, or the hello's)."""
        table = self.tables.get(conn.code or "")
        if table is not None and conn.seat is not None:
            return message.localize(table.translator_for(conn.seat))[:300]
        return message.localize(translator(conn.language))[:300]

    def _localize(self, conn: Connection, err: Exception) -> str:
        table = self.tables.get(conn.code or "")
        localize = getattr(err, "localize", None)
        if localize is None:
            return str(err)
        if table is None or conn.seat is None:
            return str(localize(translator(conn.language)))
        return str(localize(table.translator_for(conn.seat), table.seat_names(conn.seat)))

    def _seated(self, conn: Connection, table: ServerTable, seat: int, token: str | None, store: bool = True) -> None:
        """Seat the connection: stored first (a failure seats nobody), then told."""
        code = table.code
        if store and not self._store(code):
            raise MessageError(Message(STORE_FAILED))
        table = self.tables[code]
        self._attach(conn, code, seat)
        conn.push({"type": "seated", "code": code, "seat": seat, "token": token, "seq": table.seats[seat].seq,
                   "host": seat == table.host})
        self._broadcast(code)
        self._kick(code)

    def _on_create(self, conn: Connection, m: dict[str, Any]) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise MessageError(Message(FULL))
        key = f"hub:{m['name']}" if self.hub is not None else f"address:{conn.address}"
        bucket = self._new_tables.get(key)
        if bucket is None:
            bucket = self._new_tables[key] = Bucket(self.limits.tables_per_hour / 3600, TABLE_BURST)
        if not bucket.take():
            raise MessageError(Message(TOO_MANY_TABLES))
        table = ServerTable.create(players=m["players"], rules=m["variant"], rounds=m["rounds"], bots=m["bots"])
        seat, token = table.seat_person(m["name"], m["language"], reserved=self.hub is None)
        self.tables[table.code] = table
        self._seated(conn, table, seat, token)

    def _on_join(self, conn: Connection, m: dict[str, Any]) -> None:
        table = self.tables.get(m["code"])
        if table is None:
            raise MessageError(Message("no table has this code"))
        mine = table.seat_of(m["name"]) if self.hub is not None else None  # a hub user has one seat: theirs
        seat, token = table.seat_person(m["name"], m["language"], seat=mine, reserved=self.hub is None)
        self._seated(conn, table, seat, token)

    def _on_resume(self, conn: Connection, m: dict[str, Any]) -> None:
        table = self.tables.get(m["code"])
        if table is None or not table.check_token(m["seat"], m["token"]):
            raise MessageError(Message("no seat of a table has this code, seat and token"))  # the same words: nothing is told
        s = table.seats[m["seat"]]
        language = check_language(m["language"])
        stored = s.bot_plays or s.language != language  # what the row keeps changes
        table.connect(m["seat"], language)
        self._seated(conn, table, m["seat"], None, store=stored)


def make_app(store: Store | str = "bhabho_tables.sqlite3", prefix: str = "", **options: Any) -> Starlette:
    """The ASGI app: ``/ws`` (the websocket) and ``/`` (a health check: how many tables),
    under ``prefix`` (a JupyterHub service's ``/services/<name>``). ``options`` go to
    :class:`TableServer` (``grace``, ``bot_pace``, ``send_timeout``, ``keep_days``, ``limits``,
    ``hub``: a :class:`.hub.HubIdentity` to seat the hub's users under their hub names;
    ``teacher_key``: stand-alone, the key that opens classes; ``teachers_group``: on a hub, the
    group whose members open classes; ``class_keep_days``)."""
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
