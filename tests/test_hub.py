"""The table server as a service of a real JupyterHub on 127.0.0.1.

The hub (DummyAuthenticator, the simple local spawner, its own configurable-http-proxy)
starts the server from the ``jupyterhub_config.py`` entry of the README and routes
``/services/bhabho/`` to it. A student's single-user server is spawned, and a kernel in it
opens a table through the hub's address; two more hub users join with their own tokens,
one through the proxy, one on the server's own port. Each is seated under their hub name,
whatever name they gave; a stranger without a hub token is refused; a whole game is
played to its end, the kernel playing its seat. The hub is configured as the README says:
its public address (the proxy) and a role that lets a user's server read where the table
service is, so a kernel knows the addresses its token may go to. Two students on one
machine: one listens in her kernel at addresses that look like the service, and the
other's token reaches none of them, only the service.

A class on the hub: a teacher (a member of the hub group ``teachers``, the server's
``--teachers-group``) and three students, each in their own single-user server's kernel. A
lesson is handed out and answered differently by each, and the teacher's grid shows exactly
those answers; a class table is played to its end and its three games are in the teacher's
view with the grades each student's kernel worked out, which the teacher's review of each
finds again. A student asking for the grid, a student of another class, a teacher of another
class and a made-up code or token are each refused with one short sentence, and nothing of
the class changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pathlib
import random
import secrets
import signal
import subprocess
import sys
import textwrap
import threading
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest
from helpers import Player, finished, free_port, play, run, wait_for
from websockets.asyncio.client import connect
from websockets.sync.client import connect as connect_sync

from bhabho_widget.server.hub import NOT_SIGNED_IN

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHP = ROOT / "tests" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
STARTUP = 90.0


def api(url: str, token: str, method: str = "GET", body: Any = None, timeout: float = 30.0) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        text = response.read().decode()
    return json.loads(text) if text else None


class Hub:
    """``jupyterhub`` in a process of its own, with the bhabho service and a teacher's token."""

    def __init__(self, root: pathlib.Path) -> None:
        if not CHP.exists():
            raise RuntimeError(f"configurable-http-proxy is not installed: npm ci --prefix tests/hub ({CHP} is missing)")
        self.root = root
        self.port, self.hub_port, self.proxy_api, self.service_port = (free_port() for _ in range(4))
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(24)
        bin_dir = pathlib.Path(sys.executable).parent
        config = textwrap.dedent(f"""
            import sys
            c.JupyterHub.ip = "127.0.0.1"
            c.JupyterHub.port = {self.port}
            c.JupyterHub.public_url = "http://127.0.0.1:{self.port}"  # the proxy: the kernels' published way in
            c.JupyterHub.hub_ip = "127.0.0.1"
            c.JupyterHub.hub_port = {self.hub_port}
            c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{self.proxy_api}"
            c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
            c.JupyterHub.db_url = "sqlite:///{root / 'hub.sqlite'}"
            c.JupyterHub.cookie_secret_file = {str(root / 'cookie_secret')!r}
            c.JupyterHub.authenticator_class = "dummy"
            c.Authenticator.allow_all = True
            c.JupyterHub.spawner_class = "simple"
            c.SimpleLocalProcessSpawner.home_dir_template = {str(root / 'home' / '{username}')!r}
            c.Spawner.cmd = [{str(bin_dir / 'jupyterhub-singleuser')!r}]
            c.Spawner.args = ["--allow-root"]  # the CI runs as root
            c.Spawner.default_url = "/lab"
            c.Spawner.env_keep = ["PATH", "PYTHONPATH", "LANG", "LC_ALL", "VIRTUAL_ENV"]
            c.Spawner.start_timeout = 120
            c.Spawner.http_timeout = 120
            # the entry of the README, with this test's ports
            c.JupyterHub.services = [
                {{
                    "name": "bhabho",
                    "url": "http://127.0.0.1:{self.service_port}",
                    "command": [sys.executable, "-m", "bhabho_widget.server", "--port", "{self.service_port}",
                                "--db", {str(root / 'tables.sqlite3')!r}, "--bot-pace", "0",
                                "--teachers-group", "teachers",
                                # the hub's proxy tells each student's address: the limits count the student
                                "--forwarded-allow-ips", "127.0.0.1"],
                }},
                {{"name": "teacher", "api_token": {self.token!r}}},
            ]
            # the entry of the README: a user's server may read where the table service is
            c.JupyterHub.load_roles = [
                {{"name": "user", "scopes": ["self", "read:services!service=bhabho"]}},
                {{"name": "teacher", "services": ["teacher"],
                  "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users"]}},
            ]
            c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                             "read:services!service=bhabho"]
            # the teachers of classes: the group the server's --teachers-group names
            c.JupyterHub.load_groups = {{"teachers": {{"users": ["mrs_k", "mr_t"]}}}}
        """)
        (root / "jupyterhub_config.py").write_text(config)
        (root / "home").mkdir()
        self.log = open(root / "hub.log", "wb")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen([str(bin_dir / "jupyterhub"), "-f", str(root / "jupyterhub_config.py")],
                                     cwd=root, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
                                     env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"})
        deadline = time.monotonic() + STARTUP
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.tail()
            try:
                api(f"{self.url}/hub/api/users", self.token, timeout=2)
                with urllib.request.urlopen(f"{self.url}/services/bhabho/", timeout=2) as r:
                    if json.load(r)["server"] == "bhabho_widget":
                        return
            except (OSError, ValueError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError("the hub did not start with its service:\n" + self.tail())

    def tail(self) -> str:
        self.log.flush()
        return (self.root / "hub.log").read_text(errors="replace")[-3000:]

    def hub_api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        return api(f"{self.url}/hub/api{path}", self.token, method, body)

    def user_token(self, name: str) -> str:
        return self.hub_api(f"/users/{name}/tokens", "POST", {"note": "bhabho test"})["token"]

    def spawn(self, name: str) -> None:
        try:
            self.hub_api(f"/users/{name}/server", "POST", {})
        except urllib.error.HTTPError as err:
            if err.code != 202:
                raise
        wait_for(lambda: self.hub_api(f"/users/{name}")["servers"].get("", {}).get("ready"),
                 f"{name}'s single-user server to start", timeout=120, every=0.3)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # the proxy, the service, the single-user servers
        self.log.close()


class Kernel:
    """A kernel in a user's single-user server, driven over its websocket channels."""

    def __init__(self, hub: Hub, user: str) -> None:
        self.base = f"{hub.url}/user/{user}"
        self.token = hub.token
        self.id = api(f"{self.base}/api/kernels", self.token, "POST", {"name": "python3"})["id"]
        ws_url = self.base.replace("http://", "ws://") + f"/api/kernels/{self.id}/channels"
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(
            connect_sync(ws_url, additional_headers={"Authorization": f"token {self.token}"}, max_size=2**24))
        self.session = uuid.uuid4().hex

    def execute(self, code: str, timeout: float = 240.0) -> str:
        """Run ``code``; returns what it printed, or fails with the kernel's traceback."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "username": "test", "session": self.session, "msg_type": "execute_request",
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True},
        }))
        out: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                out.append(msg["content"]["text"])
            elif kind == "error":
                raise AssertionError("the kernel failed:\n" + "\n".join(msg["content"]["traceback"]))
            elif kind == "status" and msg["content"]["execution_state"] == "idle" and msg["channel"] == "iopub":
                return "".join(out)

    def close(self) -> None:
        self._stack.close()
        with contextlib.suppress(OSError):
            api(f"{self.base}/api/kernels/{self.id}", self.token, "DELETE")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    h = Hub(tmp_path_factory.mktemp("hub"))
    yield h
    h.stop()


KERNEL_HOST = """
import json
from bhabho_widget.table.remote import TableClient
client = TableClient({url!r})
code = client.create(players=4, name="Not Ana")
print(json.dumps({{"code": code, "seat": client.seat}}))
"""

KERNEL_PLAY = """
import json, random, time
rng = random.Random(7)
deadline = time.monotonic() + 200
while len([s for s in client.state["seats"] if s["person"] and s["connected"]]) < 3:
    assert time.monotonic() < deadline, client.state["seats"]
    time.sleep(0.05)
client.send({"type": "deal"})
acted = None
while time.monotonic() < deadline:
    state = client.state
    view = state["view"]
    if view["is_over"] and view["version"] > 0 and "host to deal" not in view["narration"]:
        break
    if view["version"] != acted and state["seq"] == client.seq:
        if view["take_offer"]:
            acted = view["version"]
            client.send({"type": "pass"})
        elif view["waiting"] == "human" and view["legal"]:
            acted = view["version"]
            client.send({"type": "play", "card": rng.choice(view["legal"])})
    time.sleep(0.02)
print(json.dumps({"over": client.state["view"]["is_over"], "names": [s["name"] for s in client.state["seats"]],
                  "hand": client.state["view"]["hand"], "hands": client.state["view"]["hands"]}))
"""


def test_the_server_as_a_hub_service_seats_the_hub_users_under_their_names(hub):
    hub.hub_api("/users", "POST", {"usernames": ["ana", "ben", "chitra"]})
    hub.spawn("ana")
    kernel = Kernel(hub, "ana")
    try:
        # in ana's kernel, on the hub: a table through the hub's own address, named by the hub
        hello = json.loads(kernel.execute(KERNEL_HOST.format(url=f"{hub.url}/services/bhabho/")).strip())
        code = hello["code"]
        assert hello["seat"] == 0

        ben_token, chitra_token = hub.user_token("ben"), hub.user_token("chitra")
        through_proxy = f"ws://127.0.0.1:{hub.port}/services/bhabho/ws"
        direct = f"ws://127.0.0.1:{hub.service_port}/services/bhabho/ws"

        async def strangers() -> list[str]:
            said = []
            for token in ["", "not-a-token-" + secrets.token_hex(8)]:
                p = Player(through_proxy)
                p.ws = await connect(through_proxy)
                await p.send({"type": "join", "code": code, "name": "Mallory", "language": "en", "hub_token": token})
                said.append((await p.next())["error"])
                await p.close()
            return said

        assert run(strangers()) == [NOT_SIGNED_IN, NOT_SIGNED_IN]

        async def seat_and_play() -> list[Player]:
            ben = await Player(through_proxy).open({"type": "join", "code": code, "name": "Ana", "language": "en",
                                                    "hub_token": ben_token})  # a name of another: not taken
            chitra = await Player(direct).open({"type": "join", "code": code, "name": "", "language": "en",
                                                "hub_token": chitra_token})
            done = threading.Event()
            result: dict[str, Any] = {}

            def host() -> None:
                try:
                    result["kernel"] = json.loads(kernel.execute(KERNEL_PLAY).strip().splitlines()[-1])
                except BaseException as exc:  # handed to the test below
                    result["error"] = exc
                finally:
                    done.set()

            thread = threading.Thread(target=host)
            thread.start()

            def over(p: Player) -> bool:
                return p.view["version"] > 0 and finished(p) and "host to deal" not in p.view["narration"]

            await asyncio.gather(play(ben, random.Random(1), over), play(chitra, random.Random(2), over))
            await asyncio.to_thread(done.wait, 240)
            thread.join()
            if "error" in result:
                raise result["error"]
            ben.kernel = result["kernel"]  # type: ignore[attr-defined]
            return [ben, chitra]

        ben, chitra = run(seat_and_play())
        names = [s["name"] for s in ben.state["seats"]]
        assert names[:3] == ["ana", "ben", "chitra"], names
        assert not ben.state["seats"][3]["person"]
        assert ben.view["is_over"] and chitra.view["is_over"]
        kernel_end = ben.kernel  # type: ignore[attr-defined]
        assert kernel_end["over"] and kernel_end["names"] == names
        assert kernel_end["hands"] is None  # the host's kernel holds its own hand only
        assert ben.errors == [] and chitra.errors == []
    finally:
        kernel.close()


def test_the_hub_user_name_is_the_default_name_in_a_kernel(hub):
    """A student's kernel knows its hub user (JUPYTERHUB_USER) and its token, and sends the
    token to the hub's services only."""
    hub.hub_api("/users", "POST", {"usernames": ["dev"]})
    hub.spawn("dev")
    kernel = Kernel(hub, "dev")
    try:
        said = json.loads(kernel.execute(textwrap.dedent(f"""
            import json, os
            from bhabho_widget.table.hub_token import default_name, hub_token_for
            from bhabho_widget.table.connection import server_url
            print(json.dumps({{"name": default_name(),
                              "hub": bool(hub_token_for(server_url({hub.url + '/services/bhabho/'!r}))),
                              "elsewhere": hub_token_for(server_url("http://example.org/services/bhabho/")),
                              "plain": hub_token_for(server_url("127.0.0.1:{hub.service_port}"))}}))
        """)).strip())
        assert said == {"name": "dev", "hub": True, "elsewhere": "", "plain": ""}
    finally:
        kernel.close()



KERNEL_TRAP = """
import json, threading
from websockets.sync.server import serve
received = []

def keep(ws):
    try:
        for text in ws:
            received.append(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    except Exception:
        pass

trap = serve(keep, "127.0.0.1", 0)
threading.Thread(target=trap.serve_forever, daemon=True).start()
print(json.dumps({"port": trap.socket.getsockname()[1]}))
"""

KERNEL_TRIES = """
import json, os
from bhabho_widget.table import connection
from bhabho_widget.table.remote import TableClient
connection.CONNECT_TIMEOUT = 2.0
said = {{}}
for address in {addresses!r}:
    client = TableClient(address)
    try:
        client.join("no-such-code", name="Ana")
        said[address] = "joined"
    except Exception as err:
        said[address] = str(err)[:400]
    finally:
        client.close()
# the table service at its published address (the service's own): the token goes there
client = TableClient({service!r})
client.join({code!r}, name="Not Ana")
said["service"] = client.state["seats"][client.seat]["name"]
client.close()
print(json.dumps({{"said": said, "token": os.environ["JUPYTERHUB_API_TOKEN"]}}))
"""


def test_two_students_on_one_machine_cannot_collect_each_other_s_token(hub):
    """Eve listens on this machine (a websocket server in her own kernel, any path, any
    frame kept) and gives Ana addresses of it that look like the table service. Ana's
    kernel sends its hub token to none of them: each is refused with the address the hub
    publishes, or joined without the token; at the published address the token goes to the
    service, which seats Ana under her hub name."""
    hub.hub_api("/users", "POST", {"usernames": ["ana2", "eve"]})
    hub.spawn("ana2")
    hub.spawn("eve")
    eve, ana = Kernel(hub, "eve"), Kernel(hub, "ana2")
    try:
        port = json.loads(eve.execute(KERNEL_TRAP).strip())["port"]
        code = open_table(hub, f"ws://127.0.0.1:{hub.service_port}/services/bhabho/ws")
        addresses = [
            f"127.0.0.1:{port}/services/bhabho",  # another port, the service's path
            f"http://localhost:{port}/services/bhabho/",
            f"ws://[::1]:{port}/services/bhabho/ws",
            f"127.0.0.1:{port}/anything",  # another port, another path: no token at all
            f"127.0.0.1:{hub.service_port}/services/bhabho/../../x/services/bhabho",  # a path to normalise
            f"127.0.0.1:{hub.service_port}/services/x/../bhabho",
        ]
        out = json.loads(ana.execute(KERNEL_TRIES.format(addresses=addresses, code=code,
                                                         service=f"127.0.0.1:{hub.service_port}/services/bhabho")
                                     ).strip().splitlines()[-1])
        said, token = out["said"], out["token"]
        published = f"ws://127.0.0.1:{hub.service_port}/services/bhabho/ws"
        for address in addresses:
            if "anything" in address:
                assert "did not answer" in said[address]  # Eve's trap took the hello, without the token
            else:
                assert "is not the address the hub gives" in said[address] and published in said[address], said
        assert said["service"] == "ana2"  # seated by the service under the hub name
        caught = eve.execute("print(json.dumps(received))")
        assert token and token not in caught, "Ana's token reached Eve's listener"
        hellos = [json.loads(text) for text in json.loads(caught)]
        assert hellos and all(h["hub_token"] == "" for h in hellos)  # the tokenless join did arrive
    finally:
        eve.close()
        ana.close()


def open_table(hub: Hub, url: str) -> str:
    """A table on the hub's service, opened by a hub user of this test's (a token from the teacher); its code."""
    if "teacher1" not in [u["name"] for u in hub.hub_api("/users")]:
        hub.hub_api("/users", "POST", {"usernames": ["teacher1"]})
    token = hub.user_token("teacher1")

    async def main() -> str:
        p = await Player(url).open({"type": "create", "players": 4, "variant": "classic", "rounds": None,
                                    "bots": "rules", "name": "", "language": "en", "hub_token": token})
        await p.close()
        return p.seated["code"]  # type: ignore[index]

    return run(main())


# ---------------------------------------------------------------------- a class on the hub
KERNEL_TEACHER = """
import json
from bhabho_widget import Class, Exercise, Game, LessonScript
g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
lesson = LessonScript(g, ["KH", "5H", "4S"], title="Tochoo", exercises=[
    Exercise(0, "Which card do you lead?", "card", "KH"), Exercise(2, "Who picks up?", "seat", "picker")])
t = Class.create({url!r}, "7B")
lesson_id = t.hand_out(lesson)
table_id = t.hand_out_table(players=4, title="Play")
print(json.dumps({{"code": t.code, "lesson": lesson_id, "table": table_id, "teacher": t.state["teacher"]}}))
"""

KERNEL_STUDENT = """
import json
from bhabho_widget import Class
# a small review of the games (the grades are not the point; the teacher's review runs on the
# budget the student's sent, so the two agree)
k = Class.join({url!r}, {code!r}, name="Not me", rollouts=32, samples=8)
k.agree()
lesson = k.open({lesson!r})
for op, arg in {ops!r}:
    if op == "answer":
        lesson.answer(arg)
    else:
        lesson.goto(arg)
table = k.open({table!r})
print(json.dumps({{"name": k.name, "mine": [[a["step"], a["status"]] for a in k.sent()["answers"]],
                  "code": table.code, "seat": table.seat, "host": table.is_host}}))
"""

KERNEL_STUDENT_PLAY = """
import contextlib, json, random, time
from bhabho_widget.engine.errors import MessageError
rng = random.Random({seed})
deadline = time.monotonic() + 200
if table.is_host:
    while len([s for s in table.seats if s["person"] and s["connected"]]) < 3:
        assert time.monotonic() < deadline, table.seats
        time.sleep(0.05)
    table.deal()
while not (table.view and table.view["is_over"] and table.view["mode"] == "play"):
    assert time.monotonic() < deadline, table.view["narration"]
    v = table.view
    with contextlib.suppress(MessageError):
        if v["take_offer"]:
            table.pass_take()
        elif v["waiting"] == "human" and v["legal"]:
            table.play(rng.choice(v["legal"]))
    time.sleep(0.03)
assert table.backend.reporter.wait(1, 200), table.backend.reporter.reports
print(json.dumps({{"reports": table.backend.reporter.reports, "seat": table.seat, "hands": table.view["hands"]}}))
"""

KERNEL_TEACHER_GRID = """
import json, time
deadline = time.monotonic() + 120
while t.grid() != {grid!r}:
    assert time.monotonic() < deadline, t.grid()
    time.sleep(0.1)
print(json.dumps({{"grid": t.grid(), "answers": t.answers(), "cells": t.panel.classroom["cells"], "state": t.state}}))
"""

KERNEL_TEACHER_GAMES = """
import json, time
deadline = time.monotonic() + 200
while len(t.games()) < 3:
    assert time.monotonic() < deadline, t.games()
    time.sleep(0.1)
out = []
for g in t.games():
    review = t.open_game(g["id"])
    assert review.wait_review(200), review.review_run.failure
    out.append({"student": g["student"], "seat": g["seat"], "sent": g["counts"], "review": review.last_review.counts(),
                "hands": review.view["hands"], "shown": t.panel.classroom["open_game"] == g["id"]})
print(json.dumps({"games": out, "csv": t.to_csv(), "panel": [g["counts"] for g in t.panel.classroom["games"]]}))
"""

ANSWERS = {  # each student's answers: (the operations on the lesson, the grid's row)
    "amit": ([("answer", "2C"), ("answer", "KH"), ("goto", 2), ("answer", 0)], ["right", "right_first"]),
    "bela": ([("answer", "KH"), ("goto", 3)], ["right_first", "skipped"]),
    "chand": ([("answer", "2C"), ("goto", 2), ("answer", 1)], ["wrong", "wrong"]),
}


def test_a_class_on_the_hub_a_teacher_three_students_a_lesson_and_a_table(hub):
    users = ["mrs_k", *ANSWERS]
    hub.hub_api("/users", "POST", {"usernames": list(ANSWERS) + ["dev"]})
    for name in users:
        hub.spawn(name)
    kernels = {name: Kernel(hub, name) for name in users}
    url = f"{hub.url}/services/bhabho/"
    try:
        teacher = kernels["mrs_k"]
        made = json.loads(teacher.execute(KERNEL_TEACHER.format(url=url)).strip().splitlines()[-1])
        assert made["teacher"] == "mrs_k"  # a member of the teachers group, under her hub name
        seated = {}
        for name, (ops, _) in ANSWERS.items():  # one after another: amit sits first, so he hosts the table
            out = kernels[name].execute(KERNEL_STUDENT.format(url=url, code=made["code"], lesson=made["lesson"], ops=ops,
                                                              table=made["table"]))
            seated[name] = json.loads(out.strip().splitlines()[-1])
        assert {n: s["name"] for n, s in seated.items()} == {n: n for n in ANSWERS}  # hub names, whatever was given
        assert {n: [st for _, st in s["mine"]] for n, s in seated.items()} == {
            "amit": ["right", "right_first"], "bela": ["right_first", "skipped"], "chand": ["wrong", "wrong"]}
        assert len({s["code"] for s in seated.values()}) == 1 and [s["seat"] for s in seated.values()] == [0, 1, 2]
        assert seated["amit"]["host"]

        # the grid shows exactly those answers
        grid = {name: row for name, (_, row) in ANSWERS.items()}
        shown = json.loads(teacher.execute(KERNEL_TEACHER_GRID.format(grid=grid)).strip().splitlines()[-1])
        assert shown["grid"] == grid
        given = {(a["student"], a["step"]): a["answers"] for a in shown["answers"]}
        assert given == {("amit", 0): ["2C", "KH"], ("amit", 2): [0], ("bela", 0): ["KH"], ("bela", 2): [],
                         ("chand", 0): ["2C"], ("chand", 2): [1]}
        cells = {(c["student"], c["step"]): (c["status"], c["answers"], c["correct"]) for c in shown["cells"]}
        assert cells[("amit", 0)] == ("right", ["2♣", "K♥"], [False, True])
        assert cells[("chand", 2)] == ("wrong", ["Player 1"], [False])
        assert cells[("bela", 2)] == ("skipped", [], [])

        # the refusals: one short sentence each, and nothing of the class changes
        before = shown["state"]
        said = class_refusals(hub, made)
        for what, text in said.items():
            assert 0 < len(text) <= 120 and ". " not in text, (what, text)
        assert said == {
            "a student asks for the grid": "only the class's teacher does this",
            "a student asks to teach the class": "only a teacher opens a class here: a member of the hub group teachers "
                                                 "or a hub admin",
            "a student of another class, its lesson": "this class has no such item",
            "a student of another class, an answer": "this class has no such item",
            "a teacher of another class": "you teach no class with this code",
            "a made-up code (teacher)": "you teach no class with this code",
            "a made-up code (student)": "no class has this code",
            "a made-up token": NOT_SIGNED_IN,
            "a key but no hub token": NOT_SIGNED_IN,
        }
        after = json.loads(teacher.execute("t.refresh()\nprint(json.dumps(t.state))").strip().splitlines()[-1])
        assert after == before, "a refusal changed the class"

        # the class table, played to its end in the three students' kernels
        results: dict[str, Any] = {}

        def play_in(name: str, seed: int) -> None:
            try:
                results[name] = json.loads(kernels[name].execute(KERNEL_STUDENT_PLAY.format(seed=seed), timeout=280)
                                           .strip().splitlines()[-1])
            except BaseException as exc:  # handed to the test below
                results[name] = exc

        threads = [threading.Thread(target=play_in, args=(name, k)) for k, name in enumerate(ANSWERS)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        for name, result in results.items():
            if isinstance(result, BaseException):
                raise result
            assert result["hands"] is None and "error" not in result["reports"][0], (name, result)

        # its games in the teacher's view, with the grades each student's kernel worked out
        games = json.loads(teacher.execute(KERNEL_TEACHER_GAMES, timeout=400).strip().splitlines()[-1])
        by_student = {g["student"]: g for g in games["games"]}
        assert set(by_student) == set(ANSWERS)
        for name, g in by_student.items():
            assert g["seat"] == results[name]["seat"] and g["sent"] == results[name]["reports"][0]["counts"]
            assert g["review"] == g["sent"], (name, g)  # the teacher's review of the student's seat record agrees
            assert g["hands"] is None and g["shown"]
        assert sorted(games["panel"], key=json.dumps) == sorted((g["sent"] for g in games["games"]), key=json.dumps)
        print("\n[class on the hub] grades:", {n: g["sent"] for n, g in by_student.items()})
        assert games["csv"].count(",game,") == 3
    finally:
        for kernel in kernels.values():
            kernel.close()
        for name in users:
            with contextlib.suppress(urllib.error.HTTPError, OSError):
                hub.hub_api(f"/users/{name}/server", "DELETE")


def class_refusals(hub: Hub, made: dict[str, Any]) -> dict[str, str]:
    """Each refusal's sentence, from hub users' own tokens through the hub's proxy."""
    url = f"ws://127.0.0.1:{hub.port}/services/bhabho/ws"
    bela, dev, mr_t = (hub.user_token(name) for name in ("bela", "dev", "mr_t"))

    async def first(hello: dict[str, Any], then: dict[str, Any] | None = None) -> str:
        async with connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps(hello))
            frame = await skip_states(ws)
            if then is not None:
                assert frame["type"] == "class_welcome", frame
                await ws.send(json.dumps(then))
                frame = await skip_states(ws)
            return frame["error"]

    async def skip_states(ws: Any) -> dict[str, Any]:
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] not in ("class_state", "class_mine"):
                return frame

    def join(code: str, token: str) -> dict[str, Any]:
        return {"type": "class_join", "code": code, "name": "", "token": "", "hub_token": token, "language": "en"}

    def teach(code: str, token: str, key: str = "") -> dict[str, Any]:
        return {"type": "class_teach", "code": code, "key": key, "hub_token": token, "language": "en"}

    async def main() -> dict[str, str]:
        said = {}
        said["a student asks for the grid"] = await first(join(made["code"], bela), {"type": "class_grid"})
        said["a student asks to teach the class"] = await first(teach(made["code"], bela))
        # another class, Mr T's, and its student Dev
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "class_create", "title": "8A", "key": "", "hub_token": mr_t,
                                      "language": "en"}))
            other = await skip_states(ws)
        assert other["type"] == "class_welcome" and other["name"] == "mr_t", other
        said["a student of another class, its lesson"] = await first(join(other["code"], dev),
                                                                     {"type": "class_lesson", "item": made["lesson"]})
        async with connect(url) as ws:
            await ws.send(json.dumps(join(other["code"], dev)))
            await skip_states(ws)
            await ws.send(json.dumps({"type": "class_consent", "consent": True}))
            await skip_states(ws)
            await ws.send(json.dumps({"type": "class_answer", "item": made["lesson"], "step": 0, "choice": "KH"}))
            said["a student of another class, an answer"] = (await skip_states(ws))["error"]
        said["a teacher of another class"] = await first(teach(made["code"], mr_t))
        said["a made-up code (teacher)"] = await first(teach("made-up-code", mr_t))
        said["a made-up code (student)"] = await first(join("made-up-code", bela))
        said["a made-up token"] = await first(join(made["code"], "made-up-" + secrets.token_hex(8)))
        said["a key but no hub token"] = await first(teach(made["code"], "", key="a-key-is-no-use-on-a-hub"))
        return said

    return run(main())
