"""Load on a class: a class of 300 students and 20 lessons on one server, 30 of them answering
at once; the teacher's grid, the teacher's first view, and an ordinary table beside it.

Run on demand (not part of pytest):

    python benchmarks/class_load.py                          # 300 students, 20 lessons, 30 at once, 40 rounds
    python benchmarks/class_load.py --students 60 --items 5 --rounds 5 --check

It starts ``python -m bhabho_widget.server`` on 127.0.0.1 with a fresh SQLite file (its teacher
key read from the line it prints once), opens a class as its teacher (one websocket, as the
teacher's kernel keeps), hands out ``--items`` lessons of two questions each, and lets
``--students`` students join and agree to send (a websocket each, as each student's kernel
keeps; the students come from ``--sources`` addresses of their own on loopback, 127.0.0.2 and
on, as a real class's machines would, so the per-client limits hold as they would for them).
Every student then answers every question once, so the class is full.

It reports, each measured in this one run:

- **the teacher's first view**: a second teacher connection opens the class (``class_teach``);
  the size of the whole class it is sent, and the time from its first message to the class
  being read (parsed and expanded by :func:`bhabho_widget.table.class_state.apply_update`, as
  the kernel does);
- **the teacher's notebook**: the class opened again with ``Class.teach`` in this process; the
  size of the grid its browser is sent (the ``classroom`` trait as JSON), the size of the CSV
  (sent only when the Download CSV button asks) and the time to open and draw it;
- **answers to the teacher's grid**: in each of ``--rounds`` rounds, ``--at-once`` students
  send an answer at the same moment (right or wrong at random; the server judges each by the
  lesson's key and writes it to SQLite before telling anyone); the latency of an answer is the
  time from its sending to the teacher's connection holding it in its grid (the frames it is
  pushed, applied as the kernel applies them): median, p95 and max, and the bytes the teacher
  was sent per answer;
- **an ordinary table beside it**: three people at a shared table of their own play their moves
  (a random legal card, a pass at a chance to take, each at most every 0.1 s); the latency of a
  move is from its sending to the mover's view that took it. Its p95 with the class idle, then while the rounds run,
  and their ratio;
- the server's CPU time.

With ``--check`` it exits 1 unless the answers' p95 is at most 100 ms, the table's p95 under
load within 2x its idle one, the first view under 2 MiB and a second, the teacher's notebook's grid
under 2 MiB, and nothing was lost or refused. Bounded: at most 300 students, 100 lessons, 200
rounds (and 19 to a question: a question keeps 20 answers a student), ``--timeout`` seconds a phase.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import connect

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bhabho_widget import Exercise, Game, LessonScript  # noqa: E402
from bhabho_widget.table.class_state import apply_update  # noqa: E402
from bhabho_widget.table.exercises import lesson_to_json  # noqa: E402

PACE = 0.1
"""The shortest time between two moves of one person at the ordinary table, in seconds (the
server takes 20 messages a second from a connection)."""
STEPS = {0: ["KH", "2C"], 2: [0, 1, 2]}
"""The lesson's two questions and the choices the students pick from."""


def lesson() -> str:
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
    return lesson_to_json(LessonScript(g, ["KH", "5H", "4S"], title="Tochoo", exercises=[
        Exercise(0, "Which card do you lead?", "card", "KH"), Exercise(2, "Who picks up?", "seat", "picker")]))


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * len(s)) - 1))] if s else float("nan")


def start_server(db: str) -> tuple[subprocess.Popen[str], str, str]:
    proc = subprocess.Popen([sys.executable, "-m", "bhabho_widget.server", "--port", "0", "--db", db,
                             "--log-file", db + ".log"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    first = proc.stdout.readline()  # type: ignore[union-attr]
    key = proc.stdout.readline().rsplit(" ", 1)[-1].strip()  # type: ignore[union-attr]
    port = first.split("ws://127.0.0.1:", 1)[1].split("/", 1)[0]
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.05)
    return proc, f"ws://127.0.0.1:{port}/ws", key


async def reply(ws: Any) -> dict[str, Any]:
    """The next frame that answers a message (the class's own pushes skipped)."""
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] not in ("class_state", "class_mine"):
            return frame


class Teacher:
    """The teacher's connection, its grid kept as the kernel keeps it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.bytes = 0

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` and return its answer, taking the class's frames before it."""
        await self.ws.send(json.dumps(message))
        while True:
            text = await self.ws.recv()
            frame = json.loads(text)
            if frame["type"] != "class_state":
                return frame
            self.state = apply_update(self.state, frame)

    async def read(self) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            if frame["type"] == "class_state":
                self.state = apply_update(self.state, frame)
                self.bytes += len(text)
                self.changed.set()

    def answers(self, student: str, item: str, step: int) -> int:
        """How many answers the grid holds of ``student`` to ``step`` of ``item`` (its rows are in that order)."""
        rows = self.state["class"]["answers"]  # type: ignore[index]
        at = bisect.bisect_left(rows, (student, item, step), key=lambda a: (a["student"], a["item"], a["step"]))
        return len(rows[at]["answers"]) if at < len(rows) and rows[at]["student"] == student \
            and rows[at]["item"] == item and rows[at]["step"] == step else 0


class TablePlayer:
    """One person at an ordinary shared table: each move's latency, from its sending to the view that took it."""

    def __init__(self, ws: Any, seat: int, rng: random.Random) -> None:
        self.ws, self.seat, self.rng = ws, seat, rng
        self.state: dict[str, Any] | None = None
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def play(self, stop: asyncio.Event) -> None:
        sent: tuple[float, int] | None = None
        acted, taken, last = -1, 0, 0.0
        async for text in self.ws:
            frame = json.loads(text)
            if frame["type"] == "error":
                self.errors.append(frame["error"])
                sent, taken = None, 0
                continue
            if frame["type"] != "state":
                continue
            self.state = frame
            view = frame["view"]
            if sent is not None and view["version"] > sent[1]:
                self.latencies.append(time.perf_counter() - sent[0])
                sent = None
            if stop.is_set() or sent is not None or view["version"] == acted or frame["seq"] < taken:
                continue  # one action at a time: the last one taken (or refused) first
            message: dict[str, Any] | None = None
            if self.seat == 0 and (view["is_over"] or "host to deal" in view["narration"]):
                message = {"type": "deal"}
            elif view["take_offer"]:
                message = {"type": "pass", "version": view["version"]}
            elif view["waiting"] == "human" and view["legal"]:
                message = {"type": "play", "card": self.rng.choice(view["legal"]), "version": view["version"]}
            if message is not None:
                acted, taken = view["version"], frame["seq"] + 1
                await asyncio.sleep(max(0.0, last + PACE - time.perf_counter()))  # within a connection's rate
                last = time.perf_counter()
                sent = (last, view["version"]) if message["type"] != "deal" else None
                await self.ws.send(json.dumps({**message, "seq": frame["seq"] + 1}))


async def open_table(url: str, source: str) -> list[TablePlayer]:
    players = []
    code = ""
    for k, name in enumerate(["Asha", "Ben", "Chitra"]):
        ws = await connect(url, local_addr=(source, 0))
        hello = {"type": "create", "players": 3, "variant": "classic", "rounds": None, "bots": "rules", "name": name,
                 "language": "en", "hub_token": ""} if k == 0 else \
            {"type": "join", "code": code, "name": name, "language": "en", "hub_token": ""}
        await ws.send(json.dumps(hello))
        seated = json.loads(await ws.recv())
        assert seated["type"] == "seated", seated
        code = seated["code"]
        players.append(TablePlayer(ws, seated["seat"], random.Random(k)))
    return players


async def send_answer(ws: Any, name: str, want: int, text: str, pending: dict[str, tuple[int, float]]) -> None:
    """Send a student's answer, noting when: it is in the teacher's grid once the grid holds ``want`` answers."""
    pending[name] = (want, time.perf_counter())
    await ws.send(text)


async def table_phase(players: list[TablePlayer], seconds: float) -> list[float]:
    """Play the table for ``seconds``; the move latencies of that time."""
    start = [len(p.latencies) for p in players]
    await asyncio.sleep(seconds)
    return [x for p, k in zip(players, start) for x in p.latencies[k:]]


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url, key = start_server(str(pathlib.Path(tmp) / "tables.sqlite3"))
        try:
            return await load(args, url, key, proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)


def teacher_notebook(url: str, code: str, key: str) -> tuple[int, int, float]:
    """The teacher opens the class again in a notebook (:meth:`bhabho_widget.Class.teach`): the
    size of the trait its browser is sent (the whole grid, as JSON), the size of the CSV (sent
    only when the Download CSV button asks) and the time to open and draw it."""
    from bhabho_widget import Class

    t0 = time.perf_counter()
    view = Class.teach(url, code, key=key, language="en")
    took = time.perf_counter() - t0
    try:
        return (len(json.dumps(view.panel.classroom, ensure_ascii=False).encode()),
                len(json.dumps(view.to_csv(), ensure_ascii=False).encode()), took)
    finally:
        view.close()


async def load(args: argparse.Namespace, url: str, key: str, pid: int) -> int:
    record = lesson()
    # the class: its teacher, its lessons, its students (each agreed), every question answered once
    ws = await connect(url, max_size=2**26)
    teacher = Teacher(ws)
    code = (await teacher.ask({"type": "class_create", "title": "load", "key": key, "hub_token": "",
                               "language": "en"}))["code"]
    items = [(await teacher.ask({"type": "class_hand_out", "title": f"Lesson {k + 1}", "lesson": record}))["id"]
             for k in range(args.items)]
    readers = [asyncio.create_task(teacher.read())]  # the teacher's kernel reads every frame it is sent
    names = [f"student{k:03d}" for k in range(args.students)]
    students = []
    started = time.perf_counter()
    for k, name in enumerate(names):
        sws = await connect(url, local_addr=(f"127.0.0.{2 + k % args.sources}", 0))
        await sws.send(json.dumps({"type": "class_join", "code": code, "name": name, "token": "", "hub_token": "",
                                   "language": "en"}))
        welcome = await reply(sws)
        assert welcome["type"] == "class_welcome", welcome
        await sws.send(json.dumps({"type": "class_consent", "consent": True}))
        assert (await reply(sws))["type"] == "class_done"
        students.append(sws)
    refused: list[str] = []

    async def fill(sws: Any) -> None:
        for item in items:
            for step, choices in STEPS.items():
                await sws.send(json.dumps({"type": "class_answer", "item": item, "step": step, "choice": choices[0]}))
                answer = await reply(sws)
                if answer["type"] == "error":
                    refused.append(answer["error"])
                await asyncio.sleep(1 / 15)  # within a connection's 20 messages a second

    await asyncio.gather(*(fill(s) for s in students))
    print(f"the class: {args.students} students x {args.items} lessons of 2 questions, every question answered "
          f"({args.students * args.items * 2} answers) in {time.perf_counter() - started:.1f} s, {len(refused)} refused")

    # the teacher's first view: a second teacher connection opens the class
    first = await connect(url, max_size=2**26)
    t0 = time.perf_counter()
    await first.send(json.dumps({"type": "class_teach", "code": code, "key": key, "hub_token": "", "language": "en"}))
    assert (await reply(first))["type"] == "class_welcome"
    text = await first.recv()
    opened = apply_update(None, json.loads(text))
    first_time = time.perf_counter() - t0
    first_size = len(text.encode())
    assert len(opened["class"]["answers"]) == args.students * args.items * 2, len(opened["class"]["answers"])
    await first.close()
    print(f"the teacher's first view: {first_size / 2**20:.2f} MiB, read in {first_time * 1000:.0f} ms "
          f"(sent, parsed and expanded: {len(opened['class']['answers'])} cells)")
    notebook_size, csv_size, notebook_time = await asyncio.to_thread(teacher_notebook, url, code, key)
    print(f"the teacher's notebook (Class.teach): opened and drawn in {notebook_time * 1000:.0f} ms; the grid its "
          f"browser is sent (the classroom trait, JSON): {notebook_size / 2**20:.2f} MiB; the CSV, sent when its "
          f"button asks: {csv_size / 2**20:.2f} MiB")

    # an ordinary table plays beside the class
    full = args.students * args.items * 2
    deadline = time.monotonic() + args.timeout
    while sum(len(a["answers"]) for a in teacher.state["class"]["answers"]) < full:  # type: ignore[index]
        assert time.monotonic() < deadline, "the teacher's grid did not get every answer"
        teacher.changed.clear()
        await asyncio.wait_for(teacher.changed.wait(), args.timeout)
    table = await open_table(url, f"127.0.0.{2 + args.sources}")
    stop = asyncio.Event()
    readers += [asyncio.create_task(p.play(stop)) for p in table]

    async def drain(sws: Any) -> None:
        async for text in sws:
            frame = json.loads(text)
            if frame["type"] == "error":
                refused.append(frame["error"])

    readers += [asyncio.create_task(drain(s)) for s in students]
    idle = await table_phase(table, args.table_seconds)

    rng = random.Random(args.seed)
    latencies: list[float] = []
    rounds: list[float] = []
    lost = 0
    sent_bytes = teacher.bytes
    class_moves: list[float] = []
    count = [len(p.latencies) for p in table]
    for r in range(args.rounds):
        group = rng.sample(range(args.students), args.at_once)
        item = items[r % len(items)]
        step = list(STEPS)[(r // len(items)) % len(STEPS)]  # each round another question, in turn
        pending: dict[str, tuple[int, float]] = {}
        frames = [(students[k], names[k], teacher.answers(names[k], item, step) + 1,
                   json.dumps({"type": "class_answer", "item": item, "step": step, "choice": rng.choice(STEPS[step])}))
                  for k in group]
        await asyncio.gather(*(send_answer(sws, name, want, text, pending) for sws, name, want, text in frames))
        deadline = time.monotonic() + args.timeout
        while pending and time.monotonic() < deadline:
            try:
                await asyncio.wait_for(teacher.changed.wait(), max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
            teacher.changed.clear()
            now = time.perf_counter()
            for name in [n for n, (want, _) in pending.items() if teacher.answers(n, item, step) >= want]:
                latencies.append(now - pending.pop(name)[1])
        lost += len(pending)
        rounds.append(max(latencies[-args.at_once:], default=float("nan")))
        await asyncio.sleep(args.pause)
    class_moves = [x for p, k in zip(table, count) for x in p.latencies[k:]]
    per_answer = (teacher.bytes - sent_bytes) / max(1, len(latencies))
    stop.set()
    cpu = cpu_seconds(pid)
    for task in readers:
        task.cancel()
    for sock in [ws, *students, *(p.ws for p in table)]:
        await sock.close()

    p95 = pct(latencies, 0.95)
    idle95, loaded95 = pct(idle, 0.95), pct(class_moves, 0.95)
    print(f"{args.at_once} students answering at once x {args.rounds} rounds: {len(latencies)} answers reached the "
          f"teacher's grid, {lost} lost, {len(refused)} refused; answer sent -> teacher's grid: "
          f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms; {per_answer:.0f} bytes to the teacher per answer" if latencies
          else "no answer arrived")
    print(f"an ordinary table beside it (3 people): move -> view p95 {idle95 * 1000:.1f} ms idle ({len(idle)} moves), "
          f"{loaded95 * 1000:.1f} ms while the class answers ({len(class_moves)} moves): "
          f"{loaded95 / idle95:.2f}x; table errors {sorted({e for p in table for e in p.errors})}")
    print(f"server CPU {cpu:.1f} s; the slowest answer of each round: "
          + ", ".join(f"{x * 1000:.0f}" for x in rounds) + " ms")
    ok = (bool(latencies) and not lost and not refused and p95 <= 0.1 and first_size < 2 * 2**20 and first_time < 1.0
          and notebook_size < 2 * 2**20
          and bool(class_moves) and loaded95 <= 2 * idle95 and not any(p.errors for p in table))
    print("targets (answers p95 <= 100 ms, table p95 within 2x, first view < 2 MiB and < 1 s, the notebook's grid "
          "< 2 MiB): " + ("met" if ok else "NOT met"))
    return 0 if ok or not args.check else 1


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=300, help="students of the class (at most 300)")
    parser.add_argument("--items", type=int, default=20, help="lessons handed out, two questions each (at most 100)")
    parser.add_argument("--at-once", type=int, default=30, help="students answering at the same moment")
    parser.add_argument("--rounds", type=int, default=40,
                        help="rounds of answers, each to another question (at most 200, and 19 per question)")
    parser.add_argument("--sources", type=int, default=10, help="loopback addresses the students come from")
    parser.add_argument("--pause", type=float, default=0.3,
                        help="seconds between rounds (0.3: 30 answers every 0.3 s, 100 a second, far above a real class)")
    parser.add_argument("--table-seconds", type=float, default=4.0, help="seconds the table plays with the class idle")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a round's answers may take")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 unless the targets are met")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 300 or not 1 <= args.items <= 100 or not 1 <= args.rounds <= min(200, 19 * 2 * args.items) \
            or not 1 <= args.at_once <= args.students or not 1 <= args.sources <= 200:
        parser.error("--students 1 to 300, --items 1 to 100, --rounds 1 to 200 and 19 a question (a question keeps 20 "
                     "answers a student), --at-once 1 to --students, --sources 1 to 200")
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))
