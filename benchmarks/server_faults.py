"""Faults on the table server: a client killed, the server killed and restarted, a full disk,
a slow reader. Nothing a player was told may be lost, and every seat's view must be the same
after a restart.

Run on demand (not part of pytest):

    python benchmarks/server_faults.py                 # every fault, 12 tables x 4 people each
    python benchmarks/server_faults.py --tables 4 --faults restart
    python benchmarks/server_faults.py --code ../main       # the same faults on another checkout's server

Each fault starts ``python -m bhabho_widget.server`` on 127.0.0.1 with a fresh SQLite file
(bots at pace 0) and plays whole games in one client process (asyncio websockets; every
seat a person playing a random legal card, passing at its chance to take, the host dealing):

- ``client``: one person of each table is killed in mid-game (its socket dropped without a
  goodbye); a bot plays the seat after the grace time; the person comes back with the
  seat's token and plays to the end.
- ``restart``: the server is killed (SIGKILL) in mid-game and started again on the same
  file; every person resumes; each seat's view must equal, key for key, the last view it
  had before the kill; then every game is played to its end.
- ``disk``: the server runs with a file size limit (RLIMIT_FSIZE, a real "file too large"
  from the system, as a full disk gives, without root) that its tables outgrow in play.
  Every move the store cannot write must be refused with an error frame and not applied;
  the server is then killed and started again without the limit: each seat's view must
  equal the last one it was sent (nothing it was told is lost), and the games go on to
  their end.
- ``slow``: one extra person at each table stops reading (and answering pings); the others
  play their games to the end in time; the slow one is dropped and played by a bot.
- ``index``: SQLite's WAL index (``<db>-shm``, a file it maps into memory) is cut short in
  mid-game, then (unless the server runs as root without ``setpriv``, which writes any file)
  made read-only, as when its file system turns read-only. Cut short, play goes on (its length
  is given back); read-only, every move is refused as on a full disk, with a log line; the
  server never dies of SIGBUS, and started again each seat's view is the last one it was sent.

Bounded: ``--tables`` tables per fault, ``--timeout`` seconds per game phase.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE = ROOT
"""The checkout whose server is run (``--code``: another one, for a before and after)."""
TRANSIENT = ("narration", "events", "change", "last_trick", "log")
"""View keys that tell the last change (compared too, but reported apart)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def has_option(code: str, option: str) -> bool:
    """Whether the server of the checkout ``code`` takes ``option``."""
    out = subprocess.run([sys.executable, "-m", "bhabho_widget.server", "--help"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": code}, timeout=60, cwd=tempfile.gettempdir())
    return option in out.stdout


class ServerProcess:
    def __init__(self, db: str, grace: float = 600.0, fsize: int | None = None, extra: tuple[str, ...] = (),
                 command: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.db, self.grace, self.fsize, self.extra, self.command = db, grace, fsize, extra, command
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self, fsize: int | None = None) -> None:
        limit = fsize if fsize is not None else self.fsize

        def limited() -> None:
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        env = {**os.environ, "PYTHONPATH": CODE}
        rate = ["--tables-per-hour", "100000"] if has_option(CODE, "--tables-per-hour") else []  # one client, many tables
        self.proc = subprocess.Popen([*self.command, sys.executable, "-m", "bhabho_widget.server", "--port", str(self.port),
                                      "--db", self.db, "--bot-pace", "0", "--grace", str(self.grace), *rate,
                                      "--send-timeout", "2", "--ping", "2", *self.extra],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limited,
                                     cwd=os.path.dirname(self.db))  # not a checkout: the package comes from CODE
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1).close()
                return
            except OSError:
                assert self.proc.poll() is None, self.proc.stderr.read().decode()  # type: ignore[union-attr]
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> str:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)
        return self.proc.stderr.read().decode() if self.proc and self.proc.stderr else ""


class Person:
    def __init__(self, url: str, rng: random.Random) -> None:
        self.url, self.rng = url, rng
        self.ws: Any = None
        self.state: dict[str, Any] | None = None
        self.seated: dict[str, Any] = {}
        self.errors: list[str] = []
        self.sent = 0

    async def open(self, hello: dict[str, Any]) -> Person:
        self.ws = await connect(self.url, max_size=2**22, open_timeout=60, ping_interval=None)
        await self.ws.send(json.dumps(hello))
        while self.state is None:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
            if frame["type"] == "seated":
                self.seated = {**self.seated, **{k: v for k, v in frame.items() if v is not None}}
            elif frame["type"] == "state":
                self.state = frame
            else:
                raise RuntimeError(frame)
        return self

    async def resume(self, url: str) -> None:
        self.url, self.state = url, None
        await self.open({"type": "resume", "code": self.seated["code"], "seat": self.seated["seat"],
                         "token": self.seated["token"], "language": "en"})

    @property
    def view(self) -> dict[str, Any]:
        return self.state["view"]  # type: ignore[index]

    def done(self) -> bool:
        score = self.state["score"]  # type: ignore[index]
        return self.view["is_over"] and (score is None or score["over"])

    async def play(self, stop: Callable[[Person], bool] | None = None) -> None:
        """Play this seat until the game is over (or ``stop``), one action per view."""
        acted = -1
        stop = stop or Person.done
        while not stop(self):
            state, view = self.state, self.view
            if view["version"] != acted and state["seq"] >= self.sent:  # type: ignore[index]
                action: tuple[str, dict[str, Any]] | None = None
                if state["host"] and "host to deal" in view["narration"]:  # type: ignore[index]
                    action = ("deal", {})
                elif view["take_offer"]:
                    action = ("pass", {})
                elif view["waiting"] == "human" and view["legal"]:
                    action = ("play", {"card": self.rng.choice(view["legal"])})
                if action is not None:
                    acted = view["version"]
                    message = {"type": action[0], **action[1], "seq": state["seq"] + 1}  # type: ignore[index]
                    if action[0] != "deal":
                        message["version"] = view["version"]
                    self.sent = message["seq"]
                    await self.ws.send(json.dumps(message))
            try:
                frame = json.loads(await asyncio.wait_for(self.ws.recv(), 1.0))
            except (TimeoutError, asyncio.TimeoutError):
                continue  # nothing new: look at ``stop`` again
            if frame["type"] == "state":
                self.state = frame
            elif frame["type"] == "error":
                self.errors.append(frame["error"])
                self.sent, acted = 0, -1


async def open_tables(url: str, tables: int, people: int = 4, seed: int = 0) -> list[list[Person]]:
    out = []
    for k in range(tables):
        rng = random.Random(f"{seed}:{k}")
        host = await Person(url, random.Random(rng.random())).open(
            {"type": "create", "players": 4, "variant": "classic", "rounds": None, "bots": "rules", "name": f"H{k}",
             "language": "en", "hub_token": ""})
        table = [host]
        for j in range(people - 1):
            table.append(await Person(url, random.Random(rng.random())).open(
                {"type": "join", "code": host.seated["code"], "name": f"P{k}.{j}", "language": "en", "hub_token": ""}))
        out.append(table)
    return out


async def settle(people: list[Person], quiet: float = 0.5) -> None:
    """Read every frame until none comes for ``quiet`` seconds."""
    async def drain(p: Person) -> None:
        while True:
            try:
                frame = json.loads(await asyncio.wait_for(p.ws.recv(), quiet))
            except (TimeoutError, asyncio.TimeoutError):
                return
            if frame["type"] == "state":
                p.state = frame
            elif frame["type"] == "error":
                p.errors.append(frame["error"])

    await asyncio.gather(*(drain(p) for p in people))


def mid_game(p: Person) -> bool:
    return p.view["trick_number"] >= 4 or p.done()


def compare(before: dict[int, dict[str, Any]], after: dict[int, dict[str, Any]]) -> list[str]:
    """The keys of each seat's view that differ (none may)."""
    out = []
    for key, view in before.items():
        other = after[key]
        diff = [k for k in view if view[k] != other.get(k)]
        if diff:
            out.append(f"seat {key}: {', '.join(diff)}")
    return out


def snapshot(tables: list[list[Person]]) -> dict[int, dict[str, Any]]:
    return {k * 10 + p.seated["seat"]: {**p.view, "_seq": p.state["seq"], "_score": p.state["score"]}  # type: ignore[index]
            for k, t in enumerate(tables) for p in t}


# ---------------------------------------------------------------------- the faults
async def fault_client(tmp: str, tables: int, timeout: float) -> dict[str, Any]:
    server = ServerProcess(os.path.join(tmp, "client.sqlite3"), grace=1.0)
    try:
        ts = await open_tables(server.url, tables)
        for t in ts:
            await t[0].ws.send(json.dumps({"type": "deal", "seq": t[0].state["seq"] + 1}))
        await settle([p for t in ts for p in t])
        killed = [t[3] for t in ts]
        # play on to mid-game, then one person of each table is killed
        await asyncio.wait_for(asyncio.gather(*(p.play(mid_game) for t in ts for p in t)), timeout)
        await settle([p for t in ts for p in t])
        for p in killed:
            p.ws.transport.abort()  # killed: no goodbye
        at_kill = {id(p): t[3].view["version"] for t in ts for p in t[:3]}

        def bot_played(p: Person) -> bool:  # a bot has played the seat (or the game ended)
            return p.done() or (p.state["seats"][3]["bot"] and p.view["version"] > at_kill[id(p)] + 4)  # type: ignore[index]

        await asyncio.wait_for(asyncio.gather(*(p.play(bot_played) for t in ts for p in t[:3])), timeout)
        for p in killed:
            await p.resume(server.url)
        await settle([p for t in ts for p in t])
        await asyncio.wait_for(asyncio.gather(*(p.play() for t in ts for p in t)), timeout)
        finished = sum(all(p.done() for p in t) for t in ts)
        views = [len({json.dumps([p.view["hand_sizes"], p.view["loser"]]) for p in t}) == 1 for t in ts]
        return {"tables": tables, "finished": finished, "same end at every seat": all(views),
                "errors": sum(len(p.errors) for t in ts for p in t)}
    finally:
        server.stop()


async def fault_restart(tmp: str, tables: int, timeout: float) -> dict[str, Any]:
    server = ServerProcess(os.path.join(tmp, "restart.sqlite3"))
    try:
        ts = await open_tables(server.url, tables)
        await asyncio.wait_for(asyncio.gather(*(p.play(mid_game) for t in ts for p in t)), timeout)
        await settle([p for t in ts for p in t])
        before = snapshot(ts)
        server.kill()
        server.start()
        for t in ts:
            for p in t:
                await p.resume(server.url)
        await settle([p for t in ts for p in t], 1.0)
        after = snapshot(ts)
        differ = compare(before, after)
        await asyncio.wait_for(asyncio.gather(*(p.play() for t in ts for p in t)), timeout)
        return {"tables": tables, "seats compared": len(before), "views differing": differ[:5],
                "finished": sum(all(p.done() for p in t) for t in ts),
                "errors": sum(len(p.errors) for t in ts for p in t)}
    finally:
        server.stop()


async def fault_disk(tmp: str, tables: int, timeout: float) -> dict[str, Any]:
    db = os.path.join(tmp, "disk.sqlite3")
    server = ServerProcess(db)
    ts = await open_tables(server.url, tables)
    await settle([p for t in ts for p in t])
    server.kill()
    size = sum(os.path.getsize(f) for f in (db, db + "-wal") if os.path.exists(f))
    server.start(fsize=size + 48 * 1024)  # room for a few moves' rows, then "file too large"
    try:
        for t in ts:
            for p in t:
                await p.resume(server.url)
        await settle([p for t in ts for p in t])

        def refused(table: list[Person]) -> Callable[[Person], bool]:  # the table's mover was refused thrice
            return lambda p: p.done() or any(len(q.errors) >= 3 for q in table)

        await asyncio.wait_for(asyncio.gather(*(p.play(refused(t)) for t in ts for p in t)), timeout)
        await settle([p for t in ts for p in t])
        told = snapshot(ts)
        errors = sorted({e for t in ts for p in t for e in p.errors})
        refusals = sum(len(p.errors) for t in ts for p in t)
    finally:
        log = server.stop()
    server.kill() if server.proc and server.proc.poll() is None else None
    server.start(fsize=resource.RLIM_INFINITY)
    try:
        for t in ts:
            for p in t:
                p.errors = []
                await p.resume(server.url)
        await settle([p for t in ts for p in t], 1.0)
        differ = compare(told, snapshot(ts))
        await asyncio.wait_for(asyncio.gather(*(p.play() for t in ts for p in t)), timeout)
        return {"tables": tables, "refused while full": refusals, "their words": errors[:3],
                "log lines of failed writes": sum("could not write" in line for line in log.splitlines()),
                "one of them": next((line.split(" ", 2)[-1] for line in log.splitlines() if "could not write" in line), ""),
                "tracebacks": log.count("Traceback"), "views differing after restart": differ[:5],
                "finished": sum(all(p.done() for p in t) for t in ts),
                "errors after": sum(len(p.errors) for t in ts for p in t)}
    finally:
        server.stop()


async def fault_slow(tmp: str, tables: int, timeout: float) -> dict[str, Any]:
    server = ServerProcess(os.path.join(tmp, "slow.sqlite3"), grace=1.0)
    try:
        ts = await open_tables(server.url, tables, people=3)
        slow = []
        for t in ts:
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            ws = await connect(server.url, sock=sock, max_queue=1, ping_interval=None)
            await ws.send(json.dumps({"type": "join", "code": t[0].seated["code"], "name": "Slow", "language": "en",
                                      "hub_token": ""}))
            ws.transport.pause_reading()
            slow.append(ws)
        await settle([p for t in ts for p in t])
        start = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*(p.play() for t in ts for p in t)), timeout)
        seconds = time.monotonic() - start
        seats = [t[0].state["seats"][3] for t in ts]
        for ws in slow:
            ws.transport.abort()
        return {"tables": tables, "finished": sum(all(p.done() for p in t) for t in ts), "seconds": round(seconds, 1),
                "slow seats played by a bot": sum(s["bot"] and not s["connected"] for s in seats),
                "errors": sum(len(p.errors) for t in ts for p in t)}
    finally:
        server.stop()


def unprivileged() -> tuple[str, ...]:
    """A command prefix that runs the server without root's power over files, or () (as root
    without ``setpriv``: then a read-only file is writable for it)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return ()
    return ("setpriv", "--bounding-set", "-dac_override,-dac_read_search")


async def fault_index(tmp: str, tables: int, timeout: float) -> dict[str, Any]:
    db = os.path.join(tmp, "index.sqlite3")
    command = unprivileged()
    read_only = os.geteuid() != 0 or bool(command)
    server = ServerProcess(db, command=command)
    try:
        ts = await open_tables(server.url, tables)
        await asyncio.wait_for(asyncio.gather(*(p.play(mid_game) for t in ts for p in t)), timeout)
        await settle([p for t in ts for p in t])
        os.truncate(db + "-shm", 0)  # cut short under the server's map
        at = {id(p): p.view["version"] for t in ts for p in t}
        await asyncio.wait_for(asyncio.gather(*(p.play(lambda q: q.done() or q.view["version"] > at[id(q)] + 4)
                                                for t in ts for p in t)), timeout)
        await settle([p for t in ts for p in t])
        refusals, errors = 0, []
        if read_only:
            os.chmod(db + "-shm", 0o444)

            def refused(table: list[Person]) -> Callable[[Person], bool]:
                return lambda p: p.done() or any(len(q.errors) >= 3 for q in table)

            await asyncio.wait_for(asyncio.gather(*(p.play(refused(t)) for t in ts for p in t)), timeout)
            await settle([p for t in ts for p in t])
            refusals = sum(len(p.errors) for t in ts for p in t)
            errors = sorted({e for t in ts for p in t for e in p.errors})
            os.chmod(db + "-shm", 0o644)
        told = snapshot(ts)
        alive = server.proc is not None and server.proc.poll() is None
    finally:
        log = server.stop()
    ended = server.proc.returncode if server.proc else None
    server.start()
    try:
        for t in ts:
            for p in t:
                p.errors = []
                await p.resume(server.url)
        await settle([p for t in ts for p in t], 1.0)
        differ = compare(told, snapshot(ts))
        await asyncio.wait_for(asyncio.gather(*(p.play() for t in ts for p in t)), timeout)
        return {"tables": tables, "alive after": alive, "ended by": ended, "SIGBUS": ended == -signal.SIGBUS,
                "cut short, mended (log lines)": sum("was cut short" in line for line in log.splitlines()),
                "read-only tried": read_only, "refused while read-only": refusals, "their words": errors[:3],
                "log lines of failed writes": sum("could not write" in line for line in log.splitlines()),
                "tracebacks": log.count("Traceback"), "views differing after restart": differ[:5],
                "finished": sum(all(p.done() for p in t) for t in ts),
                "errors after": sum(len(p.errors) for t in ts for p in t)}
    finally:
        server.stop()


FAULTS = {"client": fault_client, "restart": fault_restart, "disk": fault_disk, "slow": fault_slow,
          "index": fault_index}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--faults", nargs="*", default=list(FAULTS), choices=list(FAULTS))
    parser.add_argument("--code", default=ROOT, help="the checkout whose server is run (default: this one)")
    args = parser.parse_args(argv)
    global CODE
    CODE = os.path.abspath(args.code)
    if not 1 <= args.tables <= 100:
        parser.error("--tables must be from 1 to 100")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.faults:
            start = time.monotonic()
            try:
                result = asyncio.run(FAULTS[name](tmp, args.tables, args.timeout))
            except Exception as err:  # a server that does not survive the fault
                result = {"failed": f"{type(err).__name__}: {err}"[:300]}
            print(f"[{name}] {time.monotonic() - start:.0f} s: " + json.dumps(result, ensure_ascii=False))
            bad = (result.get("failed") or result.get("finished") != args.tables or result.get("views differing")
                   or result.get("views differing after restart") or result.get("tracebacks")
                   or result.get("errors") or result.get("errors after")
                   or (name == "disk" and not result.get("refused while full"))
                   or (name == "index" and (result.get("SIGBUS") or not result.get("alive after")
                                            or not result.get("cut short, mended (log lines)")
                                            or result.get("read-only tried") and not result.get("refused while read-only")))
                   or (name == "client" and not result.get("same end at every seat")))
            ok = ok and not bad
    print("all faults survived" if ok else "A FAULT WAS NOT SURVIVED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
