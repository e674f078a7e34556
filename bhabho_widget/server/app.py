"""The table server: a Starlette app with one websocket route, served by uvicorn.

:class:`TableServer` holds every table (:class:`.tables.ServerTable`) in memory and in its
:class:`.store.Store`. A client (a player's kernel, see :mod:`bhabho_widget.table.remote`)
connects to ``/ws``, sends ``create``, ``join`` or ``resume`` (see ``server_protocol.json``),
and from then on acts for that one seat only. Every frame is checked before anything is
done (its length first, before anything reads it); a refused frame gets an ``error`` frame
and changes nothing. After every change the table is stored, then each connected seat is
sent its own view (``state``): only the newest state waits for a client that reads slowly,
so nobody else waits for it. A change the store cannot write is undone (the table is read
back from the store), and the player is told. Bots act at ``bot_pace`` seconds a step; a
person away for ``grace`` seconds is played by a bot until they resume with their token, and
a host away as long hands the role on.

Each message type has one handler in one dispatch table (:mod:`.routes`), which also says who
may send it: the table server's own (the seats') joined with the class hall's
(:class:`.classes.ClassHall`, whose connections speak for a class's teacher or a student).
The hall meets the tables through the server's public interface (:class:`.host.TableHost`:
:meth:`~TableServer.table`, :meth:`~TableServer.open`, :meth:`~TableServer.commit`,
:meth:`~TableServer.broadcast`, :meth:`~TableServer.drop`).

One connection per seat: a seat opened in a second connection (a resume with the seat's
token) is the new one's; the old one is told so and closed with the final close code 4001,
which the client obeys (it does not connect again). A first message refused for its code or
token is closed with the final close code 4003. The server's bounds on what one client may
do (:class:`.config.ServerConfig`) are counted per client: its address, the forwarded one
behind a proxy the server trusts (``forwarded_allow_ips``), or on a hub the hub user.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import sqlite3
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route as HttpRoute
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import MessageError
from ..i18n import N_, Message, check_language, translator
from ..table.protocol import check_frame
from .classes import ClassHall
from .config import ServerConfig
from .connection import CLOSE_POLICY, CLOSE_REFUSED, CLOSE_REPLACED, CLOSE_TABLE_GONE, Connection
from .hub import HubIdentity
from .limits import Guesses, RateLimiter
from .routes import TAKEN, Refused, Route, join_routes, refusal
from .store import Store
from .tables import ServerTable, clean_name

__all__ = ["CLOSE_REPLACED", "CLOSE_TABLE_GONE", "TableServer", "make_app"]

log = logging.getLogger("bhabho_widget.server")
CHECKPOINT_SECONDS = 2.0
"""How often the store's log is written back into its file, in a thread of its own."""
TABLE_BURST = 10
"""New tables one client (one hub user) may open at once before the hourly rate applies."""

STORE_FAILED = N_("the server could not store that; nothing was done, please try again later")
TOO_MANY = N_("too many messages: this connection is closed; slow down")
TOO_MANY_SOCKETS = N_("too many connections from one place: close some, then try again")
REPLACED = N_("this seat was opened in another connection, so this one is closed")
UNDEALT_GONE = N_("this table was closed: nobody dealt its cards for {minutes} minutes")
TOO_MANY_TABLES = N_("too many new tables from one place: try again in a minute")
FULL = N_("the server holds as many tables as it may; try again later")
NO_TABLE = N_("no table has this code")
NO_SEAT = N_("no seat of a table has this code, seat and token")
CLASS_TABLE = N_("this is a class's table: open it from your class, where your seat is kept for you")


class TableServer:
    """Every table, its connections and its bots (see the module's docstring)."""

    def __init__(self, store: Store, config: ServerConfig | None = None, hub: HubIdentity | None = None,
                 teacher_key: str | None = None) -> None:
        self.store = store
        self.config = config = config or ServerConfig()
        self.hub = hub
        self.tables: dict[str, ServerTable] = {}
        self.conns: dict[str, dict[int, Connection]] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._ticker: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()
        self._stalled: dict[str, float] = {}
        self._saved: dict[str, dict[str, Any]] = {}
        """Each table's record as last stored: a change the store refuses is undone from it."""
        self.messages = RateLimiter(config.messages_per_second, 2 * config.messages_per_second)
        self.new_tables = RateLimiter(config.tables_per_hour / 3600, TABLE_BURST)
        self.guesses = Guesses(config.guesses_per_hour)
        self.sockets: dict[str, int] = {}
        """Connections open per client."""
        self.classes = ClassHall(self, store, config, hub=hub, teacher_key=teacher_key if hub is None else None,
                                 guesses=self.guesses)
        self.routes: dict[str, Route] = join_routes(self._routes(), self.classes.routes())

    def _routes(self) -> dict[str, Route]:
        new, seat = frozenset({"new"}), frozenset({"seat"})
        return {
            "create": Route(self._on_create, new), "join": Route(self._on_join, new),
            "resume": Route(self._on_resume, new),
            "deal": Route(self._on_action, seat), "play": Route(self._on_action, seat),
            "take": Route(self._on_action, seat), "pass": Route(self._on_action, seat),
            "admit": Route(self._on_action, seat), "record": Route(self._on_record, seat),
            "seat_view": Route(self._on_seat_view, seat),
            "set_language": Route(self._on_set_language, frozenset({"seat", "teacher", "student"})),
        }

    # ------------------------------------------------------------------ life
    async def startup(self) -> None:
        clean_name("x")  # the names the table keeps, read once from every language's catalog
        pruned = self.store.prune(self.config.keep_days)
        now = time.time()
        for code, record in self.store.load_all():
            try:
                table = ServerTable.restore(record, now=now)  # type: ignore[arg-type]
            except Exception as err:  # a bad row: logged and skipped, the good tables load
                log.error("table %s could not be restored, skipped: %s", str(code)[:40], str(err)[:200] or type(err).__name__)
                continue
            self.tables[table.code] = table
            self._saved[table.code] = record  # type: ignore[assignment]
        log.info("%d tables resumed, %d old ones deleted", len(self.tables), pruned)
        self.classes.load()
        for code in self.tables:
            self._kick(code)
        if self.store.path != ":memory:":
            self.store.hand_checkpoints_over()
            self._checkpoints = asyncio.create_task(self._checkpoint())
        self._ticker = asyncio.create_task(self._tick())

    async def shutdown(self) -> None:
        for task in [*self._runners.values(), *([self._ticker] if self._ticker else [])]:
            task.cancel()
        self._closing.set()
        if self._checkpoints is not None:
            with contextlib.suppress(Exception):
                await self._checkpoints  # a checkpoint in its thread ends before the store closes
        for seats in self.conns.values():
            for conn in seats.values():
                conn.close()
        self.classes.close_all()
        self.store.close()

    async def _checkpoint(self) -> None:
        """Every few seconds, the store's log written back into its file, in a thread of its
        own (:meth:`.store.Store.checkpoint`): nobody waits for the disk."""
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._closing.wait(), CHECKPOINT_SECONDS)
            if self._closing.is_set():
                return
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except (sqlite3.Error, OSError) as err:
                log.error("the store's log could not be written back into its file (%s); tried again in %g s",
                          str(err)[:160], CHECKPOINT_SECONDS)

    async def _tick(self) -> None:
        """Every so often: a bot for every person away longer than the grace time (and the
        host's role handed on); tables never dealt deleted after ``undealt_minutes``; bots
        stopped by a failed write tried again; every hour, the tables untouched for
        ``keep_days`` deleted."""
        pruned_at = time.time()
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.config.grace / 4)))
            try:
                self._tick_once(pruned_at)
            except Exception as err:  # never let the ticker die
                log.error("the ticker failed: %s", str(err)[:200])
            if time.time() - pruned_at > 3600:
                pruned_at = time.time()

    def _tick_once(self, pruned_at: float) -> None:
        now = time.time()
        undealt = self.config.undealt_minutes * 60
        minutes = f"{self.config.undealt_minutes:g}"
        for code, table in list(self.tables.items()):
            if not table.started and now - table.updated > undealt:
                self.drop(code, Message(UNDEALT_GONE, minutes=minutes))
                continue
            if self._stalled.get(code, 0) > now:
                continue  # a write failed a moment ago: the next try after a while, not every tick
            if table.expire(self.config.grace, now):
                self.commit(code)
            elif table.bot_due() and code not in self._runners:
                self._kick(code)
        if now - pruned_at > 3600:
            for code, table in list(self.tables.items()):
                if now - table.updated > self.config.keep_days * 86400 and not self.conns.get(code):
                    self.drop(code, None)
            self.classes.prune(now)
            for limiter in (self.messages, self.new_tables):
                limiter.prune()
            self.guesses.prune()

    # ------------------------------------------------------------------ the public interface (host.TableHost)
    def table(self, code: str) -> ServerTable | None:
        """The table ``code``, or None."""
        return self.tables.get(code)

    def open(self, table: ServerTable) -> None:
        """Take a new table (stored by :meth:`commit`); a MessageError when the server is full."""
        if len(self.tables) >= self.config.max_tables:
            raise MessageError(Message(FULL))
        self.tables[table.code] = table

    def commit(self, code: str) -> bool:
        """Store the table, then tell every seat, then let the bots go on; False when the
        store failed and the change was undone."""
        if not self._store(code):
            return False
        self.broadcast(code)
        self._kick(code)
        return True

    def broadcast(self, code: str) -> None:
        """Every connected seat of the table gets its newest view."""
        table = self.tables[code]
        for seat, conn in list(self.conns.get(code, {}).items()):
            conn.push_state(self._frame(table, seat))

    def drop(self, code: str, why: Message | None, delete: bool = True) -> None:
        """Delete a table (``delete=False``: from memory only); its connected seats are told
        ``why`` and closed for good."""
        table = self.tables.pop(code, None)
        self._stalled.pop(code, None)
        self._saved.pop(code, None)
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

    # ------------------------------------------------------------------ storing and the bots
    def _frame(self, table: ServerTable, seat: int) -> dict[str, Any]:
        return {"type": "state", "view": table.view_for(seat), "score": table.score_for(seat),
                "config": table.config_for(seat), "seats": table.seats_info(), "host": seat == table.host,
                "seq": table.seats[seat].seq}

    def _store(self, code: str) -> bool:
        """Write the table's row. When the store cannot, the change is undone: the table is
        rebuilt from the record last stored (a new table, never stored, is dropped), one line
        is logged, and False returned."""
        table = self.tables[code]
        record = table.record()
        try:
            self.store.save(record)
            self._saved[code] = record
            return True
        except (sqlite3.Error, OSError) as err:
            log.error("table %s: the store could not write (%s); the change is undone", code, str(err)[:160])
        stored = self._saved.get(code)
        if stored is None:
            self.tables.pop(code, None)
            for conn in self.conns.pop(code, {}).values():
                conn.code = conn.seat = None
            return False
        old = table
        try:
            table = ServerTable.restore(stored)
        except Exception as err:  # the stored row itself is bad: the table cannot go on
            log.error("table %s could not be read back (%s); it is closed", code, str(err)[:120])
            self.drop(code, None, delete=False)
            return False
        for seat in self.conns.get(code, {}):
            table.seats[seat].connected, table.seats[seat].dropped_at = True, None
        for seat, s in enumerate(old.seats):  # who is away, as it was
            if not s.connected and table.seats[seat].is_person:
                table.seats[seat].connected, table.seats[seat].dropped_at = False, s.dropped_at
        self.tables[code] = table
        self._stalled[code] = time.time() + 10
        return False

    def _changed(self, code: str) -> None:
        """:meth:`commit`, or a MessageError for the player whose action it was."""
        if not self.commit(code):
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
                await asyncio.sleep(self.config.bot_pace)
                table = self.tables.get(code)
                if table is None or not table.bot_due():
                    break
                table.step_bot()
                if not self._store(code):
                    break  # undone: tried again by the ticker after a while
                self.broadcast(code)
        finally:
            if self._runners.get(code) is asyncio.current_task():
                del self._runners[code]

    # ------------------------------------------------------------------ one connection
    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, self.config.send_timeout)
        counted = conn.client
        if self.sockets.get(counted, 0) >= self.config.sockets_per_client:
            conn.finish({"type": "error", "error": self._say(conn, Message(TOO_MANY_SOCKETS)), "seq": None},
                        CLOSE_POLICY, "too many connections")
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(conn.task), self.config.send_timeout + 1)
            return
        self.sockets[counted] = self.sockets.get(counted, 0) + 1
        bucket = f"conn:{id(conn)}"
        deadline = time.monotonic() + self.config.hello_seconds
        try:
            while not conn.closed and conn.ending is None:
                try:
                    if conn.seated == "new":
                        text = await asyncio.wait_for(ws.receive_text(), max(0.0, deadline - time.monotonic()))
                    else:
                        text = await ws.receive_text()
                except asyncio.TimeoutError:
                    conn.finish(None, CLOSE_POLICY, "no create, join or resume in time")
                    break
                except KeyError:  # a binary frame
                    text = b""  # type: ignore[assignment]
                if not self.messages.take(bucket):
                    self._detach(conn)
                    conn.finish({"type": "error", "error": self._say(conn, Message(TOO_MANY)), "seq": None},
                                CLOSE_POLICY, "too many messages")
                    break
                await self.handle(conn, text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.messages.forget(bucket)
            left = self.sockets.get(counted, 1) - 1
            if left > 0:
                self.sockets[counted] = left
            else:
                self.sockets.pop(counted, None)
            conn.end()
            self._detach(conn)
            if conn.ending is not None:  # the last frame and the close code go out before the socket is let go
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(asyncio.shield(conn.task), self.config.send_timeout + 1)

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
                self.broadcast(code)

    def _attach(self, conn: Connection, code: str, seat: int) -> None:
        old = self.conns.setdefault(code, {}).get(seat)
        if old is not None and old is not conn:
            old.code = old.seat = None
            old.finish({"type": "error", "error": self._say(old, Message(REPLACED)), "seq": None}, CLOSE_REPLACED,
                       "seat opened in another connection")
        conn.code, conn.seat = code, seat
        self.conns[code][seat] = conn

    async def handle(self, conn: Connection, text: object) -> None:
        """Check one frame and hand it to its route; a refusal is an error frame and changes
        nothing (a refused key, code or token also closes the connection for good)."""
        seq = None
        try:
            message = check_frame(text, large=conn.seated == "teacher")
            seq = message.get("seq")
            kind = message["type"]
            route = self.routes[kind]
            refused = refusal(kind, route, conn.seated)
            if refused is not None:
                raise MessageError(refused)
            result = route.handler(conn, message)
            if inspect.isawaitable(result):
                await result
        except Refused as err:
            conn.finish({"type": "error", "error": self._localize(conn, err)[:300], "seq": seq}, CLOSE_REFUSED,
                        "refused")
        except (ValueError, TypeError, RecursionError) as err:
            if isinstance(err, RecursionError):
                err = MessageError("a message is nested too deeply")
            conn.push({"type": "error", "error": self._localize(conn, err)[:300], "seq": seq})

    async def identify(self, conn: Connection, hub_token: str) -> str:
        """On a hub, the hub user of ``hub_token`` (from now on the client the limits count);
        elsewhere ""."""
        if self.hub is None:
            return ""
        name = (await self.hub.user_for(hub_token))[:40]
        conn.client = f"hub:{name}"
        return name

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

    # ------------------------------------------------------------------ the messages of a seat
    async def _hello(self, conn: Connection, m: dict[str, Any]) -> None:
        with contextlib.suppress(ValueError):
            conn.language = check_language(m["language"])
        if m["type"] != "resume":
            hub_name = await self.identify(conn, m["hub_token"])
            m["name"] = hub_name or str(m["name"])
        if conn.seated != "new" or conn.closed:  # taken (or closed) while the hub was asked
            raise MessageError(Message(TAKEN))

    def _seated(self, conn: Connection, table: ServerTable, seat: int, token: str | None, store: bool = True) -> None:
        """Seat the connection: stored first (a failure seats nobody), then told."""
        code = table.code
        if store and not self._store(code):
            raise MessageError(Message(STORE_FAILED))
        table = self.tables[code]
        self._attach(conn, code, seat)
        conn.push({"type": "seated", "code": code, "seat": seat, "token": token, "seq": table.seats[seat].seq,
                   "host": seat == table.host})
        self.broadcast(code)
        self._kick(code)

    async def _on_create(self, conn: Connection, m: dict[str, Any]) -> None:
        await self._hello(conn, m)
        if len(self.tables) >= self.config.max_tables:
            raise MessageError(Message(FULL))
        if not self.new_tables.take(conn.client):
            raise MessageError(Message(TOO_MANY_TABLES))
        table = ServerTable.create(players=m["players"], rules=m["variant"], rounds=m["rounds"], bots=m["bots"])
        seat, token = table.seat_person(m["name"], m["language"], reserved=self.hub is None)
        self.open(table)
        self._seated(conn, table, seat, token)

    async def _on_join(self, conn: Connection, m: dict[str, Any]) -> None:
        await self._hello(conn, m)
        table = self.tables.get(m["code"])
        if table is None:
            raise Refused(await self.guesses.refusal(conn.client, "table codes", Message(NO_TABLE)))
        if table.klass:
            raise MessageError(Message(CLASS_TABLE))
        mine = table.seat_of(m["name"]) if self.hub is not None else None  # a hub user has one seat: theirs
        seat, token = table.seat_person(m["name"], m["language"], seat=mine, reserved=self.hub is None)
        self._seated(conn, table, seat, token)

    async def _on_resume(self, conn: Connection, m: dict[str, Any]) -> None:
        await self._hello(conn, m)
        table = self.tables.get(m["code"])
        if table is None or not table.check_token(m["seat"], m["token"]):
            # the same words either way: nothing is told of which was wrong
            target = f"table:{m['code']}" if table else "table codes"
            raise Refused(await self.guesses.refusal(conn.client, target, Message(NO_SEAT)))
        s = table.seats[m["seat"]]
        language = check_language(m["language"])
        stored = s.bot_plays or s.language != language  # what the row keeps changes
        table.connect(m["seat"], language)
        self._seated(conn, table, m["seat"], None, store=stored)

    def _on_set_language(self, conn: Connection, m: dict[str, Any]) -> None:
        if conn.seated != "seat":
            self.classes.set_language(conn, m)
            return
        code, seat = conn.code, conn.seat
        assert code is not None and seat is not None
        table = self.tables[code]
        language = check_language(m["language"])
        if language != table.seats[seat].language:
            table.connect(seat, language)
            if not self._store(code):
                raise MessageError(Message(STORE_FAILED))
            conn.language = language
        conn.push_state(self._frame(self.tables[code], seat))

    def _on_record(self, conn: Connection, m: dict[str, Any]) -> None:
        assert conn.code is not None and conn.seat is not None
        conn.push({"type": "record", "record": self.tables[conn.code].record_for(conn.seat)})

    def _on_seat_view(self, conn: Connection, m: dict[str, Any]) -> None:
        """What the seat knows now, for the Tracker in its own kernel (never another hand)."""
        assert conn.code is not None and conn.seat is not None
        conn.push({"type": "seat_view", "view": self.tables[conn.code].seat_view_for(conn.seat).to_dict()})

    def _on_action(self, conn: Connection, m: dict[str, Any]) -> None:
        code, seat = conn.code, conn.seat
        assert code is not None and seat is not None
        table = self.tables[code]
        kind = m["type"]
        table.check_seq(seat, m["seq"])  # a replayed or stale message
        if "version" in m:
            table.check_version(m["version"])
        if kind == "deal":
            table.start(seat)
        elif kind == "play":
            table.play(seat, m["card"])
        elif kind == "take":
            table.take(seat)
        elif kind == "admit":
            table.admit(seat, m["name"])
        else:
            table.pass_take(seat)
        table.took_seq(seat)
        self._changed(code)


def make_app(store: Store | str | None = None, config: ServerConfig | None = None, *, hub: HubIdentity | None = None,
             teacher_key: str | None = None, **settings: Any) -> Starlette:
    """The ASGI app: ``/ws`` (the websocket) and ``/`` (a health check: how many tables),
    under the configuration's ``prefix`` (a JupyterHub service's ``/services/<name>``).
    ``config`` (default :class:`.config.ServerConfig`'s defaults) with ``settings`` changed
    (its field names: ``grace=5``, ``bot_pace=0``, ...); ``store``: a :class:`.store.Store` or
    the path of its file (default the configuration's ``db``); ``hub``: a
    :class:`.hub.HubIdentity` to seat the hub's users under their hub names; ``teacher_key``:
    stand-alone, the key that opens classes."""
    config = (config or ServerConfig()).replace(**settings)
    if store is None:
        store = config.db
    server = TableServer(store if isinstance(store, Store) else Store(store), config, hub=hub, teacher_key=teacher_key)
    prefix = config.prefix.rstrip("/")

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"server": "bhabho_widget", "tables": len(server.tables)})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.startup()
        try:
            yield
        finally:
            await server.shutdown()

    app = Starlette(routes=[HttpRoute(prefix + "/", health), WebSocketRoute(prefix + "/ws", server.serve)],
                    lifespan=lifespan)
    app.state.server = server
    return app
