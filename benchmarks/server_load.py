"""Load on the table server: many shared tables, four people each, whole games on loopback.

Run on demand (not part of pytest):

    python benchmarks/server_load.py                 # 200 tables x 4 clients, one game each
    python benchmarks/server_load.py --tables 50 --rounds 2 --timeout 120
    python benchmarks/server_load.py --baseline ../main   # and the server of another checkout, for the ratio

It starts ``python -m bhabho_widget.server`` on 127.0.0.1 with a fresh SQLite file (bots at
pace 0; here every seat is a person) and the server's own limits (20 messages a second per
connection, 10 new tables at once then 120 an hour per address, 10 s to say hello, ...),
opens the tables in one client process (asyncio websockets; ``--tables`` x 4 connections)
and plays each seat: a random legal card, a pass at its chance to take, the host dealing
each round. Each table's four people connect from an address of their own on loopback
(127.0.0.2, 127.0.0.3, ...: ``--sources``), as the hosts of a real evening would, so the
limit of new tables per address holds as it would for them. It reports the moves taken per
second, the move-to-view latency (from sending a move to receiving this seat's view that
took it: p50 and p95), the server's memory per table (its resident size with every table
open, less before any, divided by the tables) and the errors (refused moves, dropped
connections, tables not finished in time), which must be 0. Bounded: at most ``--tables``
tables, and ``--timeout`` seconds of play.

With ``--baseline DIR`` the same load is put, in the same run, on the server of the
checkout ``DIR`` too (its package first on the path), and the ratios are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Seat:
    def __init__(self, url: str, stats: dict[str, Any], rng: random.Random, source: str | None = None) -> None:
        self.url = url
        self.source = source
        self.stats = stats
        self.rng = rng
        self.ws: Any = None
        self.state: dict[str, Any] | None = None
        self.seat = -1
        self.code = ""
        self.sent_at: float | None = None
        self.sent_seq = 0

    async def open(self, hello: dict[str, Any]) -> None:
        extra = {"local_addr": (self.source, 0)} if self.source else {}
        self.ws = await connect(self.url, max_size=2**22, open_timeout=60, ping_interval=None, **extra)
        await self.ws.send(json.dumps(hello))
        while self.state is None:
            frame = json.loads(await self.ws.recv())
            if frame["type"] == "seated":
                self.seat, self.code = frame["seat"], frame["code"]
            elif frame["type"] == "state":
                self.state = frame
            else:
                raise RuntimeError(frame)

    def done(self) -> bool:
        view, score = self.state["view"], self.state["score"]  # type: ignore[index]
        return view["is_over"] and (score is None or score["over"])

    async def act(self, kind: str, **fields: Any) -> None:
        state = self.state
        message = {"type": kind, **fields, "seq": state["seq"] + 1}  # type: ignore[index]
        if kind != "deal":
            message["version"] = state["view"]["version"]  # type: ignore[index]
        self.sent_seq = message["seq"]
        self.sent_at = time.perf_counter()
        await self.ws.send(json.dumps(message))

    async def play(self) -> None:
        acted = -1
        while not self.done():
            state = self.state
            view = state["view"]  # type: ignore[index]
            if view["version"] != acted and state["seq"] >= self.sent_seq:  # type: ignore[index]
                action: tuple[str, dict[str, Any]] | None = None
                if self.seat == 0 and ("host to deal" in view["narration"]
                                       or view["is_over"] and state["score"] and not state["score"]["over"]):  # type: ignore[index]
                    action = ("deal", {})
                elif view["take_offer"]:
                    action = ("pass", {})
                elif view["waiting"] == "human":
                    action = ("play", {"card": self.rng.choice(view["legal"])})
                if action is not None:
                    acted = view["version"]
                    await self.act(action[0], **action[1])
            frame = json.loads(await self.ws.recv())
            if frame["type"] == "error":
                self.stats["errors"].append(frame["error"])
                self.sent_seq = 0
                acted = -1
            elif frame["type"] == "state":
                self.state = frame
                if self.sent_at is not None and frame["seq"] >= self.sent_seq:
                    self.stats["latency"].append(time.perf_counter() - self.sent_at)
                    self.stats["moves"] += 1
                    self.sent_at = None


def source_for(k: int, sources: int) -> str | None:
    """Table ``k``'s loopback address (127.0.0.2 on), or None: all from 127.0.0.1."""
    if not sources:
        return None
    n = 2 + k % sources
    return f"127.0.{n // 256}.{n % 256}"


async def table(url: str, rounds: int | None, stats: dict[str, Any], k: int, opened: asyncio.Event,
                all_open: asyncio.Event, sources: int) -> None:
    rng = random.Random(k)
    source = source_for(k, sources)
    host = Seat(url, stats, random.Random(rng.random()), source)
    await host.open({"type": "create", "players": 4, "variant": "classic", "rounds": rounds, "bots": "rules",
                     "name": f"Host {k}", "language": "en", "hub_token": ""})
    seats = [host]
    for j in range(3):
        s = Seat(url, stats, random.Random(rng.random()), source)
        await s.open({"type": "join", "code": host.code, "name": f"P{k}.{j}", "language": "en", "hub_token": ""})
        seats.append(s)
    stats["opened"] += 1
    if stats["opened"] == stats["tables"]:
        opened.set()
    await all_open.wait()
    try:
        await asyncio.gather(*(s.play() for s in seats))
        stats["finished"] += 1
    finally:
        for s in seats:
            await s.ws.close()


async def run(url: str, tables: int, rounds: int | None, timeout: float, pid: int, sources: int) -> dict[str, Any]:
    stats: dict[str, Any] = {"tables": tables, "opened": 0, "finished": 0, "moves": 0, "latency": [], "errors": []}
    opened, all_open = asyncio.Event(), asyncio.Event()
    base = rss_kib(pid)
    tasks = [asyncio.create_task(table(url, rounds, stats, k, opened, all_open, sources)) for k in range(tables)]
    try:
        await asyncio.wait_for(opened.wait(), timeout)
    except asyncio.TimeoutError:  # not the builtin TimeoutError before Python 3.11
        stats["errors"].append(f"only {stats['opened']} of {tables} tables opened in time")
    stats["rss_per_table_kib"] = (rss_kib(pid) - base) / max(1, stats["opened"])
    start, cpu = time.perf_counter(), cpu_seconds(pid)
    all_open.set()
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    stats["seconds"] = time.perf_counter() - start
    stats["server_cpu"] = cpu_seconds(pid) - cpu
    for t in pending:
        t.cancel()
    for t in done:
        if t.exception() is not None:
            stats["errors"].append(f"{type(t.exception()).__name__}: {t.exception()}"[:120])
    if pending:
        stats["errors"].append(f"{len(pending)} tables not finished in {timeout:g} s")
    return stats


def load(code: str, args: argparse.Namespace) -> dict[str, Any]:
    """The load on a server whose package is found first in ``code`` (a checkout)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([code, os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-m", "bhabho_widget.server", "--port", str(port), "--db",
                                 os.path.join(tmp, "tables.sqlite3"), "--bot-pace", "0", "--grace", "600"],
                                env=env, cwd=tmp, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            return asyncio.run(run(f"ws://127.0.0.1:{port}/ws", args.tables, args.rounds, args.timeout, proc.pid,
                                   args.sources))
        finally:
            proc.terminate()
            proc.wait(30)


def report(name: str, stats: dict[str, Any]) -> dict[str, float]:
    lat = sorted(stats["latency"])
    p = (lambda q: 1000 * lat[min(len(lat) - 1, int(q * len(lat)))]) if lat else (lambda q: float("nan"))
    print(f"[{name}]")
    print(f"tables: {stats['opened']} opened, {stats['finished']} finished, 4 clients each")
    print(f"moves: {stats['moves']} in {stats['seconds']:.1f} s = {stats['moves'] / stats['seconds']:.0f} moves/s")
    print(f"move-to-view latency: p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms"
          + (f" (mean {1000 * statistics.fmean(lat):.1f} ms)" if lat else ""))
    print(f"server memory per table: {stats['rss_per_table_kib']:.0f} KiB")
    print(f"server CPU: {stats['server_cpu']:.1f} s, {1000 * stats['server_cpu'] / max(1, stats['moves']):.2f} ms per move"
          f" (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"errors: {len(stats['errors'])}" + "".join(f"\n  {e}" for e in stats["errors"][:10]))
    return {"p50": p(0.5), "p95": p(0.95), "kib": stats["rss_per_table_kib"],
            "cpu": stats["server_cpu"] / max(1, stats["moves"]), "rate": stats["moves"] / stats["seconds"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=None, help="rounds of a match per table (default: one game)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds of play at most")
    parser.add_argument("--sources", type=int, default=None,
                        help="loopback addresses the tables connect from (default: one per table; 0: all from 127.0.0.1)")
    parser.add_argument("--baseline", default=None, help="a checkout whose server takes the same load, for the ratios")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --baseline: runs of each, alternating which goes first (the medians are compared)")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables must be from 1 to 1000")
    if args.sources is None:
        args.sources = args.tables
    here = str(pathlib.Path(__file__).resolve().parents[1])
    runs = [("this checkout", here)] + ([("baseline " + args.baseline, str(pathlib.Path(args.baseline).resolve()))]
                                        if args.baseline else [])
    figures: dict[str, list[dict[str, float]]] = {name: [] for name, _ in runs}
    failed = False
    for k in range(max(1, args.repeat) if args.baseline else 1):
        for name, code in runs if k % 2 == 0 else runs[::-1]:  # alternating: the machine's other load falls on both
            stats = load(code, args)
            figures[name].append(report(f"{name}, run {k + 1}", stats))
            failed = failed or bool(stats["errors"])
    if args.baseline:
        a, b = ({key: statistics.median(f[key] for f in figures[name]) for key in figures[name][0]} for name, _ in runs)
        print("[medians] " + "; ".join(f"{name}: p50 {f['p50']:.1f} ms, p95 {f['p95']:.1f} ms, {f['kib']:.0f} KiB/table, "
                                       f"{f['cpu'] * 1000:.2f} ms CPU/move, {f['rate']:.0f} moves/s"
                                       for (name, _), f in zip(runs, (a, b))))
        print("[this checkout / baseline] " + ", ".join(f"{k} {a[k] / b[k]:.2f}" for k in ("p50", "p95", "kib", "cpu", "rate")
                                                         if b[k]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
