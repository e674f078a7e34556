"""A class can trust the shared table: each point of issue 34 tried over the wire on 127.0.0.1.

The hub token goes to the table service's published address only; one seat per person (no
joining after the deal but by the host's leave, a hub user's one seat, clean names); the
limits (a message rate, a rate of new tables, the hello time, tables never dealt deleted);
one connection per seat (a final close code the kernel obeys; a join run again shows the
kernel's seat); storage that fails safe (bad rows skipped, a failed write undone and told,
a bad ``--db`` in one line); and the small ones (a deep frame, the host's own sentence,
the default names, the joiner's New game, the address printed, the review of a shared
table from the seat's own record, the host's role handed on). Each test starts its own
servers (the ones with default limits are fresh), and a fake hub where a hub is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import pathlib
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")
from helpers import (  # noqa: E402
    Player,
    Seen,
    Server,
    drain,
    free_port,
    play_shared_game_to_the_end,
    run,
    seat_four,
    wait_for,
    wait_table,
)
from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import serve as ws_serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from bhabho_widget.engine.errors import MessageError  # noqa: E402
from bhabho_widget.table.protocol import check_trait  # noqa: E402

DEFAULTS: tuple[str, ...] = ()
"""Server options for a test of the default limits."""


def hello_create(name: str = "Asha", players: int = 4, token: str = "") -> dict[str, Any]:
    return {"type": "create", "players": players, "variant": "classic", "rounds": None, "bots": "rules", "name": name,
            "language": "en", "hub_token": token}


def hello_join(code: str, name: str, token: str = "", language: str = "en") -> dict[str, Any]:
    return {"type": "join", "code": code, "name": name, "language": language, "hub_token": token}


async def refused(url: str, hello: dict[str, Any] | str) -> str:
    """The error a hello gets (the connection then closed)."""
    async with connect(url) as ws:
        await ws.send(hello if isinstance(hello, str) else json.dumps(hello))
        frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
    assert frame["type"] == "error", frame
    return frame["error"]


async def closed_with(ws: Any, timeout: float = 20) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the connection closes, and the close code the server sent."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd is not None else None


@pytest.fixture
def fresh(start_server):
    """Servers of the test's own, every limit at its default unless the test gives options."""
    return start_server


# ---------------------------------------------------------------------- a fake hub
class FakeHub:
    """The parts of a JupyterHub's REST API the table server and a kernel ask: whose token
    (``GET /hub/api/user``) and where a service is (``GET /hub/api/services/<name>``).
    Counts every request; ``down`` makes it answer 503."""

    def __init__(self, users: dict[str, str], services: dict[str, dict[str, str]] | None = None,
                 reader: str = "") -> None:
        hub = self
        self.users, self.services, self.reader = users, services or {}, reader
        self.requests: list[str] = []
        self.down = False

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                hub.requests.append(self.path)
                token = self.headers.get("Authorization", "").removeprefix("token ")
                if hub.down:
                    return self.answer(503, {"message": "down"})
                if self.path == "/hub/api/user" and token in hub.users:
                    return self.answer(200, {"kind": "user", "name": hub.users[token]})
                name = self.path.removeprefix("/hub/api/services/")
                if name != self.path and name in hub.services and token == hub.reader:
                    return self.answer(200, {"kind": "service", "name": name, **hub.services[name]})
                self.answer(403, {"message": "forbidden"})

            def answer(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_port}/hub/api"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


class Listener:
    """A websocket server on 127.0.0.1 that keeps every byte it is sent (a classmate's trap)."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.port = free_port()
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self._thread.start()
        assert self._ready.wait(10)

    async def _main(self) -> None:
        async def keep(ws: Any) -> None:
            with contextlib.suppress(ConnectionClosed):
                async for text in ws:
                    self.received.append(text if isinstance(text, str) else text.decode("utf-8", "replace"))

        self._stop = asyncio.get_running_loop().create_future()
        self._loop = asyncio.get_running_loop()
        async with ws_serve(keep, "127.0.0.1", self.port):
            self._ready.set()
            await self._stop

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set_result, None)  # type: ignore[union-attr]
        self._thread.join(10)


# ---------------------------------------------------------------------- the hub token
def test_the_hub_token_goes_to_the_published_service_address_only(monkeypatch):
    """A kernel with a hub token joins: the service's published address (scheme, host, port,
    path) gets the token; a listener on another port, or on the service's port at another
    path, or a path that would need normalising, gets nothing of it."""
    from bhabho_widget.table import connection, hub_token
    from bhabho_widget.table.remote import TableClient

    secret = "hub-token-" + os.urandom(8).hex()
    service, other = Listener(), Listener()
    hub = FakeHub({}, {"bhabho": {"url": f"http://127.0.0.1:{service.port}", "prefix": "/services/bhabho/"}},
                  reader=secret)
    hub_token._HUB_CACHE.clear()
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", secret)
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.url)
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    monkeypatch.delenv("JUPYTERHUB_PUBLIC_HUB_URL", raising=False)
    monkeypatch.delenv("JUPYTERHUB_PUBLIC_URL", raising=False)
    monkeypatch.setattr(connection, "CONNECT_TIMEOUT", 1.0)
    try:
        tries = {
            # a classmate's port, at the service's path, in every spelling of this machine
            f"127.0.0.1:{other.port}/services/bhabho": "not the address",
            f"http://localhost:{other.port}/services/bhabho/": "not the address",
            f"ws://[::1]:{other.port}/services/bhabho/ws": "not the address",
            # the service's port, a path that would need normalising
            f"127.0.0.1:{service.port}/services/x/../bhabho": "not the address",
            f"127.0.0.1:{service.port}/services/bhabho/../../x/services/bhabho": "not the address",
            f"127.0.0.1:{service.port}/services/bhabho/%2e%2e/bhabho": "not the address",
            # the service's own host in another spelling: not as published
            f"localhost:{service.port}/services/bhabho": "not the address",
            # another path, on a classmate's port and on the service's: joined without the token
            f"127.0.0.1:{other.port}/x": None,
            f"127.0.0.1:{service.port}/other": None,
        }
        for address, words in tries.items():
            client = TableClient(address)
            with pytest.raises((MessageError, ConnectionError)) as err:
                client.join("code", name="Asha")
            if words:
                assert words in str(err.value), (address, str(err.value))
            client.close()
        # the joins without a token did reach their listeners (nothing was held back but the token);
        # the last one came after every other try
        wait_for(lambda: any('"hub_token":""' in t.replace(" ", "") for t in service.received),
                 "the last join without a token at its listener")
        assert any('"hub_token":""' in t.replace(" ", "") for t in other.received)
        assert not any(secret in text for text in other.received + service.received), "the token left home"
        # the published address: the token goes there
        client = TableClient(f"127.0.0.1:{service.port}/services/bhabho")
        with pytest.raises(ConnectionError):
            client.join("code", name="Asha")
        client.close()
        wait_for(lambda: any(secret in text for text in service.received), "the token at the published address")
        assert not any(secret in text for text in other.received)
        # the hub was asked once where the service is (kept), never with the token anywhere else
        assert hub.requests.count("/hub/api/services/bhabho") == 1
    finally:
        service.close()
        other.close()
        hub.close()


def test_the_hub_token_never_crosses_a_network_in_clear_text():
    from bhabho_widget.table.hub_token import hub_check

    env = {"JUPYTERHUB_API_TOKEN": "t0k", "JUPYTERHUB_BASE_URL": "/",
           "JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.example.org/hub/"}
    on_lan = lambda name: {"url": "http://10.0.0.5:8765", "prefix": f"/services/{name}/"}  # noqa: E731
    assert hub_check("ws://10.0.0.5:8765/services/bhabho/ws", env, on_lan)[0] == ""  # plain ws off this machine
    assert hub_check("wss://hub.example.org/services/bhabho/ws", env, on_lan)[0] == "t0k"  # through the hub's https
    assert hub_check("ws://hub.example.org/services/bhabho/ws", env, on_lan)[0] == ""
    assert hub_check("wss://hub.example.org:8443/services/bhabho/ws", env, on_lan)[0] == ""  # another port
    assert hub_check("wss://evil.example.org/services/bhabho/ws", env, on_lan) == ("", None)  # elsewhere: no token
    # a hub that does not publish the service: the token stays, and the kernel says why
    token, why = hub_check("ws://127.0.0.1:8765/services/bhabho/ws", env, lambda name: None)
    assert token == "" and "does not tell this notebook" in why


def test_the_server_asks_the_hub_once_about_a_bad_token(fresh):
    hub = FakeHub({"good-token": "ana"})
    try:
        server = fresh("--hub-api-url", hub.url, "--tables-per-hour", "100000")

        async def main() -> list[str]:
            said = await asyncio.gather(*(refused(server.url, hello_create(token="not-a-token")) for _ in range(20)))
            for _ in range(10):
                said.append(await refused(server.url, hello_create(token="not-a-token")))
            return said

        said = run(main())
        assert set(said) == {"this table server takes the players of its JupyterHub only: join from a notebook on the hub"}
        assert hub.requests.count("/hub/api/user") == 1, hub.requests
        hub.down = True

        async def down() -> list[str]:
            return [await refused(server.url, hello_create(token="another-token")) for _ in range(10)]

        assert set(run(down())) == {"the hub did not answer who you are; try again in a moment"}
        assert hub.requests.count("/hub/api/user") == 2, hub.requests  # a hub down is not hammered either
    finally:
        hub.close()


# ---------------------------------------------------------------------- one seat per person
def test_no_joining_after_the_deal_but_with_the_host_s_leave(fresh):
    server = fresh("--tables-per-hour", "100000")

    async def main() -> None:
        host, ben = await seat_four(server.url, people=2)
        code = host.seated["code"]
        await host.act("deal")
        await drain(host, 0.3)
        # the second hand: joining a bot's seat after the deal
        for name in ["Mallory", "Ben2", ""]:
            assert "only a person the host admits" in await refused(server.url, hello_join(code, name))
        assert "kept for the table" in await refused(server.url, hello_join(code, "Bot 2"))
        await ben.send({"type": "admit", "name": "Chitra", "seq": ben.state["seq"] + 1})
        assert "only the host admits" in (await ben.until(lambda f: f["type"] == "error"))["error"]
        taken = host.state["seq"] + 1
        await host.send({"type": "admit", "name": "Chitra", "seq": taken})
        await host.until(lambda f: f["type"] == "state" and f["seq"] == taken)
        assert "only a person the host admits" in await refused(server.url, hello_join(code, "Mallory"))
        chitra = await Player(server.url).open(hello_join(code, "chitra"))  # the name as admitted, any case
        assert chitra.seat == 2 and len(chitra.view["hand"]) == chitra.view["hand_sizes"][2] > 0
        assert "only a person the host admits" in await refused(server.url, hello_join(code, "Chitra"))  # once
        # a dropped person comes back to their own seat with its token, dealt or not
        await ben.ws.close()
        back = Player(server.url)
        back.seen = Seen(1)
        await back.open({"type": "resume", "code": code, "seat": 1, "token": ben.seated["token"], "language": "en"})
        assert back.seat == 1

    run(main())


def test_a_hub_user_holds_one_seat(fresh):
    hub = FakeHub({"t-ana": "ana", "t-ben": "ben"})
    try:
        server = fresh("--hub-api-url", hub.url)

        async def main() -> None:
            ana = await Player(server.url).open(hello_create("x", token="t-ana"))
            code = ana.seated["code"]
            ben = await Player(server.url).open(hello_join(code, "y", token="t-ben"))
            ben_again = await Player(server.url).open(hello_join(code, "z", token="t-ben"))  # ben's second kernel
            assert ben_again.seat == ben.seat == 1 and ben_again.seated["token"] != ben.seated["token"]
            assert [s["name"] for s in ben_again.state["seats"]] == ["ana", "ben", "Bot 2", "Bot 3"]
            frames, code_sent = await closed_with(ben.ws)
            assert code_sent == 4001 and any("opened in another connection" in f.get("error", "") for f in frames)
            # the old token no longer opens the seat; ana's seat is ana's
            assert "no seat" in await refused(server.url, {"type": "resume", "code": code, "seat": 1,
                                                           "token": ben.seated["token"], "language": "en"})
            await ana.act("deal")
            ana_again = await Player(server.url).open(hello_join(code, "", token="t-ana"))  # after the deal too
            assert ana_again.seat == 0

        run(main())
    finally:
        hub.close()


@pytest.mark.parametrize(("name", "words"), [
    ("\ud800", "control or invisible"), ("A\x00B", "control or invisible"), ("\x1b[31mred", "control or invisible"),
    ("Ben\u202e", "control or invisible"), ("\u200b\u200b", "control or invisible"), ("\u3164", "control or invisible"),
    ("\u0301x", "control or invisible"), ("You", "kept for the table"), ("you", "kept for the table"),
    ("Bot 2", "kept for the table"), ("bot2", "kept for the table"), ("BOT  3", "kept for the table"),
    ("Player 3", "kept for the table"), ("Бот 1", "kept for the table"), ("Spieler 2", "kept for the table"),
    ("Sie", "kept for the table"), ("asha", "has this name"), ("ＡＳＨＡ", "has this name"), ("x" * 41, "at most 40"),
])
def test_names_are_cleaned_with_one_clear_sentence(shared_trust, name, words):
    async def main() -> str:
        host = await Player(shared_trust.url).open(hello_create("Asha"))
        try:
            # a lone surrogate cannot even be JSON-encoded by most clients: sent as an escape
            return await refused(shared_trust.url, json.dumps(hello_join(host.seated["code"], name)))
        finally:
            await host.close()

    said = run(main())
    assert words in said and len(said) < 120, said
    assert "\ud800" not in said and "\x1b" not in said


def test_names_are_normalised_and_a_missing_name_is_the_seat_s(shared_trust):
    async def main() -> list[str]:
        host = await Player(shared_trust.url).open(hello_create(""))
        code = host.seated["code"]
        await Player(shared_trust.url).open(hello_join(code, "  Ｂen\u3000 Kumar "))
        await Player(shared_trust.url).open(hello_join(code, "\t"))
        await host.until(lambda f: f["type"] == "state" and f["seats"][2]["person"])
        return [s["name"] for s in host.state["seats"]]

    assert run(main()) == ["Player 0", "Ben Kumar", "Player 2", "Bot 3"]


@pytest.fixture
def shared_trust(table_server):
    return table_server


# ---------------------------------------------------------------------- limits
def test_a_flood_of_messages_gets_a_short_error_then_a_close_and_the_server_stays_quick(fresh):
    server = fresh()

    async def main() -> tuple[list[dict[str, Any]], int | None, dict[str, Any]]:
        host = await Player(server.url).open(hello_create())
        flood = json.dumps({"type": "set_language", "language": "de"})

        async def health() -> dict[str, Any]:  # the health check, answered while the flood is refused
            return await asyncio.to_thread(lambda: json.load(urllib.request.urlopen(server.http, timeout=10)))

        with contextlib.suppress(ConnectionClosed):
            for _ in range(2000):
                await host.ws.send(flood)
        answered = await health()
        frames, code = await closed_with(host.ws)
        return frames, code, answered

    frames, code, answered = run(main())
    assert code == 1008
    errors = [f["error"] for f in frames if f["type"] == "error"]
    assert errors[-1].startswith("zu viele Nachrichten") or errors[-1].startswith("too many messages"), errors
    assert answered["server"] == "bhabho_widget"
    with sqlite3.connect(server.db) as db:  # one language written, not two thousand
        (record,) = [json.loads(r) for (r,) in db.execute("SELECT record FROM tables")]
    assert record["seats"][0]["language"] == "de"


def test_new_tables_from_one_address_are_limited(fresh):
    server = fresh()  # the default: a burst of 10, then 120 an hour

    async def main() -> list[str]:
        said = []
        for _ in range(12):
            async with connect(server.url) as ws:
                await ws.send(json.dumps(hello_create()))
                said.append(json.loads(await ws.recv())["type"])
        said.append(await refused(server.url, hello_create()))
        return said

    said = run(main())
    assert said[:10] == ["seated"] * 10
    assert said[10:] == ["error", "error", "too many new tables from one place: try again in a minute"]


def test_sockets_that_never_say_hello_are_closed(fresh):
    server = fresh("--hello-timeout", "1")

    async def main() -> list[int | None]:
        sockets = [await connect(server.url) for _ in range(60)]
        await sockets[0].send(json.dumps({"type": "resume", "code": "x", "seat": 0, "language": "en"}))  # no hello
        return [(await closed_with(ws, 10))[1] for ws in sockets]  # closed by the server, not by us

    assert set(run(main())) == {1008}


def test_tables_never_dealt_are_deleted_after_their_minutes(fresh):
    server = fresh("--undealt-minutes", "0.02")  # 1.2 s

    async def main() -> tuple[list[dict[str, Any]], int | None, Any]:
        host = await Player(server.url).open(hello_create())
        dealt = await Player(server.url).open(hello_create("Ben"))
        await dealt.act("deal")
        frames, code = await closed_with(host.ws, 10)
        return frames, code, dealt

    frames, code, dealt = run(main())
    assert code == 4004 and "nobody dealt its cards for 0.02 minutes" in frames[-1]["error"]
    wait_for(lambda: json.load(urllib.request.urlopen(server.http))["tables"] == 1,
             "the undealt table gone and the dealt one kept")
    with sqlite3.connect(server.db) as db:
        assert [json.loads(r)["seats"][0]["name"] for (r,) in db.execute("SELECT record FROM tables")] == ["Ben"]


# ---------------------------------------------------------------------- one connection per seat
def test_a_second_connection_to_a_seat_closes_the_first_for_good(fresh):
    """Two kernels on one seat: the one that resumed last has it; the other is told, gets the
    final close code and does not come back (no ping-pong), and its widget says so."""
    from bhabho_widget import Table
    from bhabho_widget.table.remote import TableClient

    server = fresh()
    first = Table.host(f"127.0.0.1:{server.port}", players=3, name="Asha", language="en")
    try:
        assert "new_game" in first.capabilities and first.error == ""
        second = Table.resume(f"127.0.0.1:{server.port}", first.code, first.seat, first.token, language="en")
        wait_for(lambda: first.client.closed_for_good, "the first connection closed for good")
        assert first.error.startswith("this seat was opened in another connection")
        first.client.connection._thread.join(5)
        assert not first.client.connection._thread.is_alive()  # it stopped: no reconnect
        assert second.client.connected.is_set()  # and nobody kicks it back: the first's thread has stopped
        with pytest.raises(MessageError, match="opened in another connection"):
            first.deal()
        seats = json.load(urllib.request.urlopen(f"http://127.0.0.1:{server.port}/"))
        assert seats["tables"] == 1
        second.close()
    finally:
        first.close()
    assert TableClient  # the client the widget is made of


def test_a_join_run_again_in_one_kernel_shows_the_same_seat(fresh):
    from bhabho_widget import Table

    server = fresh()
    address = f"127.0.0.1:{server.port}"
    host = Table.host(address, players=4, name="Asha", language="en")
    try:
        ben = Table.join(address, host.code, name="Ben", language="en")
        again = Table.join(address, host.code, name="Ben", language="en")  # the cell run again
        assert again.client is ben.client and again.seat == ben.seat == 1
        wait_for(lambda: [s["person"] for s in host.seats] == [True, True, False, False], "Ben's one seat at the host's")
        again.close()  # one widget of the seat closed: the seat stays
        assert ben.client.connected.is_set()
        ben.close()
    finally:
        host.close()


# ---------------------------------------------------------------------- storage
def good_record(code: str) -> dict[str, Any]:
    from bhabho_widget.server.tables import ServerTable

    t = ServerTable.create(players=4, seed=3, code=code)
    t.seat_person("Asha")
    return t.record()


def test_bad_rows_are_logged_and_skipped_and_the_good_tables_load(tmp_path):
    db = tmp_path / "tables.sqlite3"
    from bhabho_widget.server.store import Store

    store = Store(str(db))
    for code in ("good-one", "good-two"):
        store.save(good_record(code))
    store.close()
    with sqlite3.connect(db) as con:
        con.executemany("INSERT INTO tables VALUES (?, ?, ?)", [
            ("not-json", "not json", time.time()), ("null", "null", time.time()),
            ("no-keys", json.dumps({"code": "no-keys"}), time.time()),
            ("bad-seats", json.dumps({**good_record("bad-seats"), "seats": [1, 2]}), time.time())])
    server = Server(str(db))
    try:
        health = json.load(urllib.request.urlopen(f"http://127.0.0.1:{server.port}/"))
        assert health["tables"] == 2
    finally:
        log = server.stop()
    lines = [line for line in log.splitlines() if "skipped" in line]
    assert len(lines) == 4 and all(code in log for code in ("not-json", "null", "no-keys", "bad-seats")), log
    assert "Traceback" not in log and "startup failed" not in log


class FailingStore:
    """A store whose writes raise sqlite3.OperationalError while ``full`` is set (a full disk)."""

    def __init__(self, path: str) -> None:
        from bhabho_widget.server.store import Store

        class Failing(Store):
            full = False

            def save(self, record: dict[str, Any]) -> None:
                if self.full:
                    raise sqlite3.OperationalError("database or disk is full")
                super().save(record)

        self.store = Failing(path)


@contextlib.contextmanager
def in_process_server(store: Any, **options: Any) -> Iterator[str]:
    """The table server's app in this process (a uvicorn server in a thread) on 127.0.0.1."""
    import uvicorn

    from bhabho_widget.server.app import make_app
    from bhabho_widget.table.protocol import WS_MAX_BYTES

    app = make_app(store, bot_pace=0, **options)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=WS_MAX_BYTES,
                            ws="websockets-sansio")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started or not thread.is_alive(), "the server in a thread started")
    assert thread.is_alive()
    try:
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_failed_write_is_undone_and_the_player_told(tmp_path, caplog):
    from bhabho_widget.server.store import Store

    store = FailingStore(str(tmp_path / "tables.sqlite3")).store
    caplog.set_level(logging.ERROR, logger="bhabho_widget.server")
    with in_process_server(store) as url:
        async def main() -> dict[str, Any]:
            host, ben = await seat_four(url, people=2)
            code = host.seated["code"]
            await drain(host, 0.3)
            store.full = True
            got: dict[str, Any] = {}
            got["join"] = await refused(url, hello_join(code, "Chitra"))
            got["create"] = await refused(url, hello_create("Dev"))
            version = host.view["version"]
            await host.act("deal")
            got["deal"] = (await host.until(lambda f: f["type"] == "error"))["error"]
            await drain(host, 0.3)
            got["after"] = (host.view["version"], "host to deal" in host.view["narration"], host.state["seq"])
            got["version"] = version
            store.full = False
            await host.act("deal")
            await host.until(lambda f: f["type"] == "state" and "host to deal" not in f["view"]["narration"])
            got["seats"] = [s["name"] for s in host.state["seats"]]
            return got

        got = run(main())
    words = "the server could not store that; nothing was done, please try again later"
    assert got["join"] == got["create"] == got["deal"] == words
    assert got["after"] == (got["version"], True, 0)  # nothing dealt, the message number not taken
    assert got["seats"] == ["Asha", "Ben", "Bot 2", "Bot 3"]  # Chitra was never seated
    failures = [r for r in caplog.records if "could not write" in r.getMessage()]
    assert len(failures) == 3 and not any(r.exc_info for r in caplog.records)
    rows = Store(str(tmp_path / "tables.sqlite3")).load_all()
    assert len(rows) == 1  # Dev's table was never kept, in the file or in memory


def test_a_write_the_disk_refuses_for_real_is_undone_and_nothing_told_is_lost(tmp_path):
    """benchmarks/server_faults.py's full disk, on two tables: the server runs with a file size
    limit (RLIMIT_FSIZE: past it the system refuses every write, as a full disk does, without
    root); each move it cannot store is refused with an error frame, logged in one line, no
    traceback; started again without the limit, every seat's view is the last one it was sent."""
    import importlib.util

    path = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "server_faults.py"
    spec = importlib.util.spec_from_file_location("server_faults", path)
    faults = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(faults)  # type: ignore[union-attr]
    result = run(faults.fault_disk(str(tmp_path), 2, 120))
    assert result["refused while full"] >= 2 and result["log lines of failed writes"] == result["refused while full"]
    assert result["their words"] == ["the server could not store that; nothing was done, please try again later"]
    assert result["tracebacks"] == 0 and result["views differing after restart"] == []
    assert result["finished"] == 2 and result["errors after"] == 0


@pytest.mark.parametrize("case", ["missing folder", "read-only file", "corrupt file"])
def test_a_bad_db_is_one_line_naming_the_file_and_exit_2(tmp_path, case):
    db = tmp_path / "tables.sqlite3"
    prefix: list[str] = []
    if case == "missing folder":
        db = tmp_path / "no" / "such" / "folder" / "tables.sqlite3"
    elif case == "corrupt file":
        db.write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    else:
        from bhabho_widget.server.store import Store

        Store(str(db)).save(good_record("abc"))
        db.chmod(0o444)
        if os.geteuid() == 0:  # root writes any file: the server runs without that power, as a student would
            if not shutil.which("setpriv"):
                pytest.skip("running as root without setpriv: a read-only file is writable")
            prefix = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[1])}
    proc = subprocess.run([*prefix, sys.executable, "-m", "bhabho_widget.server", "--port", "0", "--db", str(db)],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 2, proc
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(db) in lines[0] and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_without_the_server_extra_the_server_says_so_in_one_line(tmp_path):
    code = ("import sys; sys.modules['starlette'] = None  # as if not installed\n"
            "from bhabho_widget.server.__main__ import main; sys.exit(main(['--port', '0', '--db', 'x.sqlite3']))")
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[1])}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == "", proc
    assert proc.stderr.strip().splitlines() == [
        "the table server needs starlette, uvicorn and websockets (starlette is missing): "
        "pip install 'bhabho_widget[server]'"], proc.stderr
    assert not (tmp_path / "x.sqlite3").exists()


# ---------------------------------------------------------------------- the small ones
def test_a_deeply_nested_frame_gets_the_short_error_and_the_connection_stays(shared_trust):
    async def main() -> list[str]:
        host = await Player(shared_trust.url).open(hello_create())
        said = []
        for text in ["[" * 2000, "[" * 1000 + "]" * 1000, '{"type":"deal","seq":' + "[" * 1000,
                     '{"a":' * 300 + "1" + "}" * 300]:
            assert len(text.encode()) <= 2048
            await host.ws.send(text)
            said.append((await host.until(lambda f: f["type"] == "error"))["error"])
        await host.act("deal")  # still connected, still playing
        await host.until(lambda f: f["type"] == "state" and "host to deal" not in f["view"]["narration"])
        return said

    said = run(main())
    assert all(s in ("a message is nested too deeply", "a message must be JSON") for s in said), said


def test_the_host_is_told_to_deal_and_the_others_to_wait(shared_trust):
    async def main() -> tuple[str, str]:
        host, ben = await seat_four(shared_trust.url, people=2)
        await host.until(lambda f: f["type"] == "state" and "2 of 4" in f["view"]["narration"])
        return host.view["narration"], ben.view["narration"]

    host, ben = run(main())
    assert host.startswith("You are the host to deal: 2 of 4 seats taken") and "Waiting" not in host
    assert ben.startswith("Waiting for the host to deal: 2 of 4 seats taken")


def test_the_host_s_seat_is_not_named_after_the_system_user(fresh, monkeypatch):
    from bhabho_widget.table.remote import TableClient, default_name

    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert default_name() == ""
    server = fresh()
    client = TableClient(server.url)
    client.create(players=3)
    try:
        assert client.state["seats"][0]["name"] == "Player 0"
        import getpass

        assert getpass.getuser() not in [s["name"] for s in client.state["seats"]]
    finally:
        client.close()


def test_a_joiner_s_new_game_is_off_and_the_host_s_on(fresh):
    from bhabho_widget import Table

    server = fresh()
    host = Table.host(f"127.0.0.1:{server.port}", players=3, name="Asha", language="en")
    guest = Table.join(f"127.0.0.1:{server.port}", host.code, name="Ben", language="en")
    try:
        assert "new_game" in host.capabilities and "new_game" not in guest.capabilities
        check_trait("config", host.config)  # who deals is the capabilities' to say, not the settings'
        check_trait("config", guest.config)
    finally:
        host.close()
        guest.close()


def test_the_server_prints_its_address_when_it_starts(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "bhabho_widget.server", "--port", "0", "--db",
                             str(tmp_path / "t.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        match = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line)
        assert match, line
        # it listens before it prints: the health check is answered at once
        health = json.load(urllib.request.urlopen(f"http://127.0.0.1:{match.group(1)}/", timeout=20))
        assert health["server"] == "bhabho_widget" and str(tmp_path / "t.sqlite3") in line
    finally:
        proc.terminate()
        proc.wait(10)


def test_notebook_11_s_server_logs_to_its_file_not_under_the_cell(tmp_path):
    """The cell of notebook 11 that starts a server, run as it is: nothing on standard error
    (what a notebook shows as red error output), the log lines in the file it names."""
    notebook = json.loads((pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "11_for_teachers.ipynb").read_text())
    (cell,) = ["".join(c["source"]) for c in notebook["cells"] if "server_process = subprocess.Popen" in "".join(c["source"])]
    code = cell + textwrap.dedent("""
        import urllib.request
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://{server}/", timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        server_process.terminate()
        server_process.wait(20)
        print(open(f"{folder}/server.log").read())
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert "tables resumed" in proc.stdout and "classes resumed" in proc.stdout


def test_the_host_s_role_passes_on_when_the_host_is_gone_longer_than_the_grace(fresh):
    server = fresh("--tables-per-hour", "100000", grace=0.5)

    async def main() -> None:
        host, ben, chitra = await seat_four(server.url, people=3)
        code, token = host.seated["code"], host.seated["token"]
        host.ws.transport.abort()  # gone, no goodbye
        state = await ben.until(lambda f: f["type"] == "state" and f["host"], 10)
        assert state["config"]["can_deal"] and "You are the host to deal" in state["view"]["narration"]
        assert not chitra.state["host"]
        await ben.act("deal")
        await ben.until(lambda f: f["type"] == "state" and "host to deal" not in f["view"]["narration"])
        back = Player(server.url)
        back.seen = Seen(0)
        await back.open({"type": "resume", "code": code, "seat": 0, "token": token, "language": "en"})
        assert not back.state["host"] and not back.seated["host"]
        await back.act("deal")
        assert "only the host deals" in (await back.until(lambda f: f["type"] == "error"))["error"]

    run(main())


# ---------------------------------------------------------------------- the review
def test_a_shared_table_reviews_each_person_s_seat_from_their_own_view(fresh):
    """At game over each person's kernel asks for its seat's record (its own dealt hand, the
    moves, the events as it saw them), rebuilds a game from it and reviews it: the review is
    the review of the real game, and no card of another hand that the seat never saw reached
    the kernel."""
    from bhabho_widget import Table
    from bhabho_widget.coach.review import review
    from bhabho_widget.engine.cards import cards_of
    from bhabho_widget.server.tables import ServerTable
    from bhabho_widget.table.protocol import check_view
    from bhabho_widget.table.remote import TableClient
    from bhabho_widget.table.seat_record import stand_in

    server = fresh()
    host = Table.host(f"127.0.0.1:{server.port}", players=4, name="Asha", language="en")
    guest = Table.join(f"127.0.0.1:{server.port}", host.code, name="Ben", language="en")
    try:
        assert host.review is None
        with pytest.raises(MessageError, match="once the game is over"):
            host.start_review()
        host.deal()
        play_shared_game_to_the_end([host, guest], random.Random(5))
        for w in (host, guest):
            wait_table(w, "the review offered at game over", lambda w=w: w.review is not None)
        assert host.review["status"] == "ready" and guest.review["status"] == "ready"
        run_ = guest.start_review(rollouts=24, samples=4)
        assert run_.wait(120) and run_.status == "done", (run_.status, run_.failure)
        assert guest.review["status"] == "done" and guest.review["decisions"]
        check_trait("review", guest.review)
        guest.show_decision(0)
        assert guest.view["mode"] == "review" and guest.view["hands"] is None
        check_view(guest.view)
        check_trait("review", guest.review)
        guest.show_decision(None)
        assert guest.view["mode"] == "play"
        # the record: what seat 1 saw, nothing more
        client = TableClient.of_table(f"127.0.0.1:{server.port}", host.code, "Ben")
        record = client.request_record()
        with sqlite3.connect(server.db) as db:
            (row,) = [json.loads(r) for (r,) in db.execute("SELECT record FROM tables")]
        real = ServerTable.restore(row).game
        # every event as seat 1 saw it: the cards of another seat's deal, draw, take or waste
        # pickup only where seat 1 was shown them
        assert len(record["events"]) == len(real.events)
        for e, (kind, who, cards, _extra) in zip(real.events, record["events"]):
            assert (kind, who) == (e.kind, e.seat)
            assert cards == ([c.code for c in e.cards] if e.visible_to(1) else [])
        assert record["hand"] == [c.code for c in cards_of(real.start.hands[1])]  # its own dealt hand
        rebuilt = stand_in(record)
        assert [rebuilt.seat_view(1)] == [real.seat_view(1)]
        mine = review(rebuilt, 1, rollouts=24, samples=4, seed=0)
        truth = review(real, 1, rollouts=24, samples=4, seed=0)
        assert mine.decisions == truth.decisions
        # the rebuilt game holds the seat's own dealt hand, and its other hands are a stand-in
        assert rebuilt.start.hands[1] == real.start.hands[1]
    finally:
        host.close()
        guest.close()


# ---------------------------------------------------------------------- issue 43: storage, proxies, sockets
def unprivileged() -> tuple[str, ...]:
    """The command prefix that runs the server without root's power over files (a student's)."""
    if os.geteuid() != 0:
        return ()
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: a read-only file is writable")
    return ("setpriv", "--bounding-set", "-dac_override,-dac_read_search")


@pytest.mark.parametrize("fault", ["read-only", "cut short"])
def test_a_wal_index_made_read_only_or_cut_short_is_never_a_sigbus(tmp_path, fault):
    """SQLite maps its WAL index (``<db>-shm``) into memory: made read-only (as when its file
    system turns read-only), a change is refused as a read-only database's is (the sentence,
    one log line, nothing lost) until it is writable again; cut short, its length is given back
    and play goes on. The server never dies of SIGBUS, and a restart finds every table as told."""
    db = str(tmp_path / "tables.sqlite3")
    log = tmp_path / "server.log"
    server = Server(db, command=unprivileged(), extra=("--tables-per-hour", "1000000", "--log-file", str(log)))
    shm = pathlib.Path(db + "-shm")

    async def main() -> dict[str, Any]:
        host, ben = await seat_four(server.url, people=2)
        await host.act("deal")
        await drain(host, 0.3)
        got: dict[str, Any] = {"before": host.view["version"]}
        if fault == "read-only":
            shm.chmod(0o444)
        else:
            os.truncate(shm, 0)
        await host.send({"type": "set_language", "language": "de"})
        frame = await host.until(lambda f: f["type"] in ("error", "state"))
        got["said"] = frame.get("error") or frame["view"]["narration"][:10]
        shm.chmod(0o644)
        await host.send({"type": "set_language", "language": "es"})
        await host.until(lambda f: f["type"] == "state" and f["config"]["language"] == "es")
        got["after"] = host.view
        got["token"], got["code"] = host.seated["token"], host.seated["code"]
        return got

    try:
        got = run(main())
    finally:
        server.stop()
    assert server.proc.returncode in (0, -15), server.proc.returncode  # ended by its SIGTERM, not by SIGBUS (-7)
    text = log.read_text()
    if fault == "read-only":
        assert got["said"] == "the server could not store that; nothing was done, please try again later"
        assert "the store could not write (attempt to write a readonly database (its WAL index" in text
    else:
        assert "was cut short (0 of" in text and "could not write" not in text
    assert "Traceback" not in text
    server.start()
    try:
        async def back() -> dict[str, Any]:
            again = await Player(server.url).open({"type": "resume", "code": got["code"], "seat": 0,
                                                   "token": got["token"], "language": "es"})
            return again.view

        view = run(back())
    finally:
        server.stop()
    assert view["hand"] == got["after"]["hand"] and view["version"] == got["after"]["version"]


CHP = pathlib.Path(__file__).resolve().parent / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"


@contextlib.contextmanager
def proxy_to(port: int) -> Iterator[int]:
    """configurable-http-proxy (a JupyterHub's proxy) on 127.0.0.1 in front of ``port``; it
    tells the server each client's address in X-Forwarded-For."""
    if not CHP.exists():
        pytest.skip(f"configurable-http-proxy is not installed: npm ci --prefix tests/hub ({CHP} is missing)")
    public, api = free_port(), free_port()
    proc = subprocess.Popen([str(CHP), "--ip", "127.0.0.1", "--port", str(public), "--api-ip", "127.0.0.1",
                             "--api-port", str(api), "--default-target", f"http://127.0.0.1:{port}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "CONFIGPROXY_AUTH_TOKEN": "x"})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{public}/", timeout=2) as r:
                    assert json.load(r)["server"] == "bhabho_widget"
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "the proxy did not start"
                time.sleep(0.1)
        yield public
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("trusted", [True, False])
def test_behind_a_trusted_proxy_the_limits_count_the_real_client(fresh, trusted):
    """Behind configurable-http-proxy, with --forwarded-allow-ips naming it, the limit of new
    tables counts each client (here 127.0.0.2 and 127.0.0.3), not the proxy; without it,
    every client is the proxy, and one client's tables use up the others' too."""
    server = fresh(*(("--forwarded-allow-ips", "127.0.0.1") if trusted else ()))

    async def main(port: int) -> list[str]:
        url = f"ws://127.0.0.1:{port}/ws"
        said = []
        for source in ["127.0.0.2"] * 11 + ["127.0.0.3"]:
            async with connect(url, local_addr=(source, 0)) as ws:
                await ws.send(json.dumps(hello_create()))
                frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
                said.append(frame.get("error", frame["type"]))
        return said

    with proxy_to(server.port) as port:
        said = run(main(port))
    full = "too many new tables from one place: try again in a minute"
    assert said[:10] == ["seated"] * 10 and said[10] == full
    assert said[11] == ("seated" if trusted else full)


def test_one_client_holds_at_most_its_sockets_and_slows_no_other_table(fresh):
    """--sockets-per-client: beyond it a connection is told and closed (1008); another client
    connects, and a table goes on."""
    server = fresh("--sockets-per-client", "5")

    async def main() -> tuple[list[Any], str]:
        host = await Player(server.url).open(hello_create())
        mine = [await connect(server.url, local_addr=("127.0.0.2", 0)) for _ in range(5)]
        extra = await connect(server.url, local_addr=("127.0.0.2", 0))
        frames, code = await closed_with(extra)
        other = await connect(server.url, local_addr=("127.0.0.3", 0))
        await other.send(json.dumps(hello_create("Ben")))
        seated = json.loads(await asyncio.wait_for(other.recv(), 20))["type"]
        await host.act("deal")
        await host.until(lambda f: f["type"] == "state" and "host to deal" not in f["view"]["narration"])
        for ws in (*mine, other):
            await ws.close()
        return [[f["error"] for f in frames], code], seated

    (errors, code), seated = run(main())
    assert errors == ["too many connections from one place: close some, then try again"] and code == 1008
    assert seated == "seated"
