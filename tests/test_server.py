"""The table server (bhabho_widget.server) on 127.0.0.1: whole games of four clients through
its websocket API, each seat's frames checked for cards it may not know in every preset,
bad messages refused without a change, and faults (a client killed, the server killed
and restarted mid-trick, a client that stops reading). Each test starts its own server."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")
from helpers import (  # noqa: E402
    TIMEOUT,
    Player,
    Seen,
    Server,
    finished,
    play,
    play_all,
    run,
    same_table,
    seat_four,
    settle,
    wait_for,
)
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from bhabho_widget.engine.rules import PRESETS  # noqa: E402
from bhabho_widget.table.protocol import MAX_BYTES, WS_MAX_BYTES  # noqa: E402


@pytest.fixture
def server(tmp_path):
    """A server of the test's own, for the faults."""
    s = Server(str(tmp_path / "tables.sqlite3"), grace=0.5, ping=2.0, send_timeout=2.0)
    yield s
    s.stop()


@pytest.fixture
def patient_server(tmp_path):
    """A server whose bots wait long for a dropped player: a restart must not let them move."""
    s = Server(str(tmp_path / "tables.sqlite3"), grace=60.0, ping=2.0, send_timeout=2.0)
    yield s
    s.stop()


@pytest.fixture
def shared(table_server):
    """One server for the tests that each open tables of their own and break nothing."""
    return table_server


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("variant", list(PRESETS))
def test_whole_game_of_four_people_each_seeing_only_their_own(shared, variant):
    async def main() -> list[Player]:
        players = await seat_four(shared.url, variant)
        await play_all(players, seed=len(variant))
        return players

    players = run(main())
    ends = {json.dumps(p.view["result"] is not None) for p in players}
    assert ends == {"true"}
    assert {p.view["loser"] for p in players} == {players[0].view["loser"]}  # one game for all
    assert all(p.errors == [] for p in players), [p.errors for p in players]
    same_table(players)
    assert all(len(p.frames) >= 5 for p in players)


def test_a_match_of_two_rounds_with_three_people_and_a_bot(shared):
    async def main() -> list[Player]:
        players = await seat_four(shared.url, rounds=2, people=3)
        assert players[0].state["seats"][3] == {"name": "Bot 3", "person": False, "connected": False, "bot": True}
        await play_all(players, seed=7)
        return players

    players = run(main())
    scores = [p.state["score"] for p in players]
    assert all(s["over"] and s["played"] == 2 for s in scores)
    assert len({tuple(s["counts"]) for s in scores}) == 1 and sum(scores[0]["counts"]) == scores[0]["pot"]
    assert "Session over after 2 rounds" in scores[0]["text"]
    assert all(p.errors == [] for p in players)


# ---------------------------------------------------------------------- bad messages
def test_bad_messages_get_a_short_error_and_change_nothing(shared):
    async def main() -> None:
        host, ben, *_ = players = await seat_four(shared.url, people=2)
        await host.act("deal")
        while True:  # the bots act at once; then one person is to play (or to take or pass)
            await settle(players)
            offer = next((p for p in players if p.view["take_offer"]), None)
            if offer is None:
                break
            await offer.act("pass")
        (mover,) = [p for p in players if p.view["waiting"] == "human"]
        idle = ben if mover is host else host
        version = mover.view["version"]
        hands = {p.seat: list(p.view["hand"]) for p in players}
        seq = mover.state["seq"]

        async def refused(p: Player, frame: Any, words: str) -> None:
            await (p.ws.send(frame) if isinstance(frame, (str, bytes)) else p.send(frame))
            got = await p.until(lambda f: f["type"] == "error")
            assert words in got["error"], got
            assert len(got["error"]) < 160

        card = mover.view["legal"][0]
        out_of_turn = idle.view["hand"][0]
        await refused(idle, {"type": "play", "card": out_of_turn, "version": version, "seq": idle.state["seq"] + 1},
                      "turn, not yours")
        await refused(mover, {"type": "play", "card": card, "version": version - 1, "seq": seq + 1}, "the table changed")
        await refused(mover, {"type": "play", "card": card, "version": version, "seq": seq + 1, "seat": idle.seat},
                      "does not take")  # forged: acting for another seat
        await refused(mover, {"type": "play", "card": card, "version": version, "seq": seq + 5}, "not the next one")
        await refused(mover, "x" * (MAX_BYTES + 1), f"at most {MAX_BYTES} bytes")
        await refused(mover, json.dumps({"type": "take", "seq": seq + 1, "pad": "x" * 200_000}),
                      f"at most {MAX_BYTES} bytes")  # far beyond the limit: still a short error, still connected
        await refused(mover, "{not json", "must be JSON")
        await refused(mover, b"\x00\x01", "JSON text")
        await refused(mover, {"type": "shuffle"}, "unknown message type")
        await refused(ben, {"type": "deal", "seq": ben.state["seq"] + 1}, "only the host")
        code = host.seated["code"]
        token = host.seated["token"]
        for hello in [{"type": "resume", "code": code, "seat": 1, "token": token, "language": "en"},  # another seat's
                      {"type": "resume", "code": code, "seat": 0, "token": token[:-2] + "xx", "language": "en"},
                      {"type": "resume", "code": code[:-1] + "x", "seat": 0, "token": token, "language": "en"}]:
            stranger = Player(shared.url)
            stranger.ws = await connect(shared.url)
            stranger.seen = Seen(0)
            await refused(stranger, hello, "no seat of a table has this code")
            with pytest.raises(ConnectionClosed) as closed:  # a wrong token or code: told, then closed for good
                await stranger.next(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
        stranger = Player(shared.url)
        stranger.ws = await connect(shared.url)
        stranger.seen = Seen(0)
        await refused(stranger, {"type": "resume", "code": code, "seat": 0, "language": "en"}, "needs 'token'")
        await refused(stranger, {"type": "play", "card": card, "version": version, "seq": 1}, "first create")
        await stranger.close()
        # beyond what the websocket reads at all, the connection is closed with "message too big"
        flooder = await connect(shared.url, max_size=None)
        await flooder.send("x" * (WS_MAX_BYTES + 1))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(flooder.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # nothing changed: the same version, the same hands, no state sent
        assert all(p.view["version"] == version and p.view["hand"] == hands[p.seat] for p in players)
        # the move itself is taken once; sent again (replayed) it is refused
        good = {"type": "play", "card": card, "version": version, "seq": seq + 1}
        await mover.send(good)
        await mover.until(lambda f: f["type"] == "state" and f["view"]["version"] > version)
        await refused(mover, good, "not the next one")
        assert card not in mover.view["hand"]

    run(main())


# ---------------------------------------------------------------------- faults
def test_a_killed_client_is_replaced_by_a_bot_and_takes_its_seat_back(server):
    async def main() -> None:
        players = await seat_four(server.url)
        dev = players[3]
        token, code = dev.seated["token"], dev.seated["code"]
        dev.ws.transport.abort()  # killed: no closing handshake
        others = players[:3]
        # the table goes on: a bot plays seat 3 after the grace time
        await asyncio.gather(*(play(p, random.Random(p.seat), lambda p: p.state["seats"][3]["bot"]
                                    and p.view["hand_sizes"][3] < 13 or finished(p)) for p in others))
        assert players[0].state["seats"][3]["bot"] and not players[0].state["seats"][3]["connected"]
        back = Player(server.url)
        back.seen = dev.seen
        await back.open({"type": "resume", "code": code, "seat": 3, "token": token, "language": "en"})
        assert back.seat == 3 and back.seated["token"] is None
        await players[0].until(lambda f: f["type"] == "state" and not f["seats"][3]["bot"])
        await settle([*others, back])  # the views the bot's moves brought, read before acting again
        await play_all([*others, back], seed=3)
        assert all(p.errors == [] for p in others), [p.errors for p in others]
        assert back.view["is_over"]

    run(main())


def test_the_server_killed_mid_trick_resumes_every_table_where_it_was(patient_server):
    server = patient_server  # a slow reconnect (a loaded machine) must not hand the seats to bots

    async def main() -> None:
        players = await seat_four(server.url)

        def mid_trick(p: Player) -> bool:
            return p.view["waiting"] == "human" and len(p.view["table"]) >= 1 and p.view["trick_number"] > 1

        stop = lambda p: finished(p) or any(mid_trick(q) for q in players)  # noqa: E731
        # The first seat to see the moment stops; the others may be waiting for a frame that
        # no move will bring now, so they are stopped there (cancelling a websocket recv is safe).
        tasks = [asyncio.ensure_future(play(p, random.Random(p.seat), stop)) for p in players]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            task.result()
        mover = next(p for p in players if mid_trick(p))
        for p in players:  # every seat has seen the last state
            if p.view["version"] != mover.view["version"]:
                await p.until(lambda f, v=mover.view["version"]: f["type"] == "state" and f["view"]["version"] == v)
        before = {p.seat: (p.view["hand"], p.view["table"], p.view["hand_sizes"], p.state["seq"]) for p in players}
        version = mover.view["version"]
        server.kill()
        server.start()
        back = []
        for p in players:
            q = Player(server.url)
            q.seen = p.seen
            await q.open({"type": "resume", "code": p.seated["code"], "seat": p.seat, "token": p.seated["token"],
                          "language": "en"})
            q.seated["token"] = p.seated["token"]
            back.append(q)
        for q in back:
            await q.until(lambda f: f["type"] == "state" and not any(s["bot"] for s in f["seats"][:4]), 5) \
                if any(s["bot"] for s in q.state["seats"]) else None
            assert (q.view["hand"], q.view["table"], q.view["hand_sizes"], q.state["seq"]) == before[q.seat]
            assert q.view["version"] >= version
        await play_all(back, seed=5)
        assert all(q.errors == [] for q in back)

    run(main())


def test_the_kernel_client_reconnects_by_itself_after_a_restart(server):
    from bhabho_widget.table.remote import TableClient

    client = TableClient(server.url)
    code = client.create(players=3, name="Asha")
    try:
        assert client.seat == 0 and client.code == code and client.state["view"]["seat"] == 0
        hand = client.state["view"]["hand"]
        server.kill()
        client.state_received.clear()
        server.start()
        assert client.state_received.wait(20), "no view after the restart"
        assert client.state["view"]["hand"] == hand
        client.send({"type": "deal"})
        wait_for(lambda: "host to deal" not in client.state["view"]["narration"], "the deal after the restart")
    finally:
        client.close()


def test_a_client_that_stops_reading_does_not_stall_the_others(server):
    async def main() -> None:
        players = await seat_four(server.url, people=3)
        code = players[0].seated["code"]
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        frozen = await connect(server.url, sock=sock, max_queue=1, ping_interval=None)
        await frozen.send(json.dumps({"type": "join", "code": code, "name": "Frozen", "language": "en", "hub_token": ""}))
        frozen.transport.pause_reading()  # it reads nothing more, and answers no ping
        await players[0].until(lambda f: f["type"] == "state" and f["seats"][3]["person"])
        await play_all(players, seed=11)
        assert all(p.view["is_over"] for p in players)
        seats = players[0].state["seats"]
        assert seats[3]["name"] == "Frozen" and seats[3]["bot"] and not seats[3]["connected"]
        frozen.transport.abort()

    run(main())


def test_the_store_keeps_token_hashes_only(server):
    async def main() -> str:
        players = await seat_four(server.url, people=2)
        return players[0].seated["token"]

    token = run(main())
    import sqlite3

    with sqlite3.connect(server.db) as db:
        (record,) = [json.loads(r) for (r,) in db.execute("SELECT record FROM tables")]
    assert token not in json.dumps(record)
    assert [s["name"] for s in record["seats"]] == ["Asha", "Ben", "", ""]


def test_table_host_and_join_give_widgets_that_forward_the_person_s_clicks(server):
    from bhabho_widget import Table
    from bhabho_widget.table.protocol import PROTOCOL, check_view

    def msg(w: Any, kind: str, **fields: Any) -> None:
        """A click of the browser, as the front end sends it (with the view's version where the protocol asks)."""
        if "version" in PROTOCOL["messages"][kind]["properties"]:
            fields.setdefault("version", w.view["version"])
        w._on_frontend_msg(w, {"type": kind, **fields}, None)

    host = Table.host(f"127.0.0.1:{server.port}", players=3, name="Asha", language="en", rounds=2)
    guest = Table.join(f"127.0.0.1:{server.port}", host.code, name="Ben", language="de")
    try:
        assert guest.seat == 1 and len(host.code) >= 12 and host.token and host.token != guest.token
        assert [s["name"] for s in guest.seats] == ["Asha", "Ben", "Bot 2"]

        wait_for(lambda: "Ben" in host.view["names"], "Ben's name at the host's table")
        msg(guest, "new_game", players=3, seed=None, variant="classic", bots="rules")
        assert guest.error == "An einem gemeinsamen Tisch gibt nur der Gastgeber"
        msg(host, "new_game", players=3, seed=None, variant="classic", bots="rules", version=host.view["version"] - 1)
        assert host.error.startswith("the table changed before that click arrived")  # stale: nothing dealt
        dealt_from = host.view["version"]
        msg(host, "new_game", players=3, seed=None, variant="classic", bots="rules")
        msg(host, "new_game", players=3, seed=None, variant="classic", bots="rules", version=dealt_from)
        assert host.error.startswith("the table changed before that click arrived")  # a double click deals once
        wait_for(lambda: "host to deal" not in host.view["narration"], "the host's deal")
        assert host.score["text"].startswith("Round 1 of 2"), host.score["text"]
        for w in (host, guest):
            msg(w, "undo")
            msg(w, "hint")
        assert host.error == "Hints are off at a shared table"
        assert guest.error == "An einem gemeinsamen Tisch gibt es keine Tipps"
        wait_for(lambda: host.view["waiting"] == "human" or guest.view["waiting"] == "human"
                 or host.view["take_offer"] or guest.view["take_offer"], "a person's turn")
        mover = host if host.view["waiting"] == "human" or host.view["take_offer"] else guest
        view = mover.view
        check_view(view)
        assert view["hands"] is None and mover.config["seed"] is None and guest.lang == "de"
        if view["take_offer"]:
            msg(mover, "advance")
        else:
            msg(mover, "play", card=view["legal"][0])
        wait_for(lambda: mover.view["version"] > view["version"], "the view after the click")
        assert mover.error == ""
        assert host.score["rounds"] == 2 and guest.score["text"].startswith("Runde 1 von 2")
    finally:
        host.close()
        guest.close()


def test_as_a_hub_service_under_its_prefix_with_the_hub_user_s_name(tmp_path, monkeypatch):
    from bhabho_widget.table.remote import TableClient

    hub = Server(str(tmp_path / "tables.sqlite3"), prefix="/services/bhabho/")
    try:
        monkeypatch.setenv("JUPYTERHUB_USER", "student7")
        client = TableClient(f"127.0.0.1:{hub.port}/services/bhabho")
        client.create(players=3)
        try:
            assert client.state["seats"][0]["name"] == "student7"
        finally:
            client.close()
        with pytest.raises(OSError):  # nothing outside the prefix
            urllib.request.urlopen(f"http://127.0.0.1:{hub.port}/", timeout=5)
    finally:
        hub.stop()


# ---------------------------------------------------------------------- the server's own structure
def test_every_client_message_has_one_handler_and_every_handler_a_message_of_the_schema(tmp_path):
    """One dispatch table: the table server's routes joined with the class hall's, each
    message type of server_protocol.json handled once, with who may send it."""
    from bhabho_widget.server.app import TableServer
    from bhabho_widget.server.routes import ROLES, join_routes
    from bhabho_widget.server.store import Store
    from bhabho_widget.table.protocol import SERVER_MESSAGE_TYPES

    server = TableServer(Store(":memory:"))
    assert set(server.routes) == SERVER_MESSAGE_TYPES
    tables, classes = server._routes(), server.classes.routes()
    assert not tables.keys() & classes.keys()
    for kind, route in server.routes.items():
        assert callable(route.handler) and route.roles <= ROLES, kind
        assert (route.roles == {"new"}) == (kind in ("create", "join", "resume", "class_create", "class_teach",
                                                    "class_join")), kind
    with pytest.raises(ValueError, match="handled twice: deal"):
        join_routes(tables, {"deal": tables["deal"]})


def test_the_class_hall_meets_the_tables_through_their_public_interface_only():
    """No import circle between the app and the class hall, and nothing private of the
    table server reached from the hall (it holds a host.TableHost)."""
    import ast
    import pathlib

    import bhabho_widget.server as package

    folder = pathlib.Path(package.__file__).parent
    source = (folder / "classes.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "app" not in imported and "bhabho_widget.server.app" not in imported
    reached = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
               and isinstance(node.value, ast.Attribute) and node.value.attr == "host"}
    assert reached <= {"table", "open", "commit", "broadcast", "drop"}, reached


def test_the_command_line_is_the_configuration_s_fields_with_their_defaults():
    import dataclasses

    from bhabho_widget.server.config import ServerConfig, argument_parser, parse_arguments

    assert parse_arguments([], environ={}) == ServerConfig()
    helps = argument_parser(environ={}).format_help()
    for f in dataclasses.fields(ServerConfig):
        flag = f.metadata["flag"] or "--" + f.name.replace("_", "-")
        assert flag in helps, flag
    assert parse_arguments([], environ={"JUPYTERHUB_SERVICE_PREFIX": "/services/x/"}).prefix == "/services/x/"
    proc = subprocess.run([sys.executable, "-m", "bhabho_widget.server", "--grace", "-1"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "grace must be a number from 0 to 86400, not -1" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "bhabho_widget.server", "--forwarded-allow-ips", "proxy.local"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "'proxy.local' is not an address or network" in proc.stderr


def test_a_huge_frame_is_refused_by_its_length_before_anything_reads_it(shared):
    """A frame of nearly 1 MiB from a socket with no seat: refused for its size (not walked
    for its nesting or parsed first), and the socket may go on."""
    async def main() -> list[str]:
        async with connect(shared.url, max_size=None) as ws:
            said = []
            for text in ["[" * (WS_MAX_BYTES - 16), json.dumps({"type": "class_hand_out", "title": "", "lesson": "x" * 5000})]:
                await ws.send(text)
                said.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))["error"])
            await ws.send(json.dumps({"type": "resume", "code": "x", "seat": 0, "language": "en"}))
            said.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))["error"])
            return said

    said = run(main())
    assert said[:2] == [f"a message has at most {MAX_BYTES} bytes"] * 2  # a large message only from a teacher
    assert said[2] == "'resume' needs 'token': a seat token (a string of at most 64 characters)"
