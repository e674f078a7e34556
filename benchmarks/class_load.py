"""Load on a class: 30 students answering at once, and the teacher's grid updated within a second.

Run on demand (not part of pytest):

    python benchmarks/class_load.py                    # 30 students, 10 rounds of answers
    python benchmarks/class_load.py --students 60 --rounds 20 --check

It starts ``python -m bhabho_widget.server`` on 127.0.0.1 with a fresh SQLite file (its
teacher key read from the line it prints once), opens a class as its teacher (one websocket,
as the teacher's kernel keeps), hands out a lesson of two questions, and lets ``--students``
students join (a websocket each, as each student's kernel keeps) and agree to send. Then, in
each of ``--rounds`` rounds, every student sends an answer at the same moment (the questions
in turn, the choices at random: right or wrong, the server judges each by the lesson's key
and writes it to SQLite before telling anyone). The teacher's connection reads every class
state the server pushes; the latency of an answer is the time from the moment it was sent to
the moment the teacher's connection received the first class state holding it. It prints the
median, p95 and max over every answer, the states the teacher received (the server sends the
newest only, so many answers at once make few states), and the server's CPU time. With
``--check`` it exits 1 when an answer took a second or more to reach the teacher, or one was
lost. Bounded: at most 200 students, 40 rounds (each question keeps 20 answers a student),
``--timeout`` seconds a round.
"""

from __future__ import annotations

import argparse
import asyncio
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
from bhabho_widget.table.exercises import lesson_to_json  # noqa: E402

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


def start_server(db: str) -> tuple[subprocess.Popen[str], str, str]:
    proc = subprocess.Popen([sys.executable, "-m", "bhabho_widget.server", "--port", "0", "--db", db],
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


async def next_reply(ws: Any) -> dict[str, Any]:
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] not in ("class_state", "class_mine"):
            return frame


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url, key = start_server(str(pathlib.Path(tmp) / "tables.sqlite3"))
        try:
            return await load(args, url, key, proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)


async def load(args: argparse.Namespace, url: str, key: str, pid: int) -> int:
    teacher = await connect(url, max_size=2**26)
    await teacher.send(json.dumps({"type": "class_create", "title": "load", "key": key, "hub_token": "",
                                   "language": "en"}))
    code = (await next_reply(teacher))["code"]
    await teacher.send(json.dumps({"type": "class_hand_out", "title": "", "lesson": lesson()}))
    item = (await next_reply(teacher))["id"]

    names = [f"student{k:03d}" for k in range(args.students)]
    students = []
    for name in names:
        ws = await connect(url)
        await ws.send(json.dumps({"type": "class_join", "code": code, "name": name, "token": "", "hub_token": "",
                                  "language": "en"}))
        assert (await next_reply(ws))["type"] == "class_welcome"
        await ws.send(json.dumps({"type": "class_consent", "consent": True}))
        assert (await next_reply(ws))["type"] == "class_done"
        students.append(ws)

    pending: dict[tuple[str, int, int], float] = {}  # (student, step, answers so far) -> when sent
    latencies: list[float] = []
    states = 0
    refused: list[str] = []
    arrived = asyncio.Event()

    async def read_teacher() -> None:
        nonlocal states
        async for text in teacher:
            now = time.perf_counter()
            frame = json.loads(text)
            if frame["type"] != "class_state":
                continue
            states += 1
            held = {(a["student"], a["step"]): len(a["answers"]) for a in frame["class"]["answers"]}
            for k in [k for k in pending if held.get(k[:2], 0) >= k[2]]:
                latencies.append(now - pending.pop(k))
            if not pending:
                arrived.set()

    async def drain(ws: Any) -> None:
        async for text in ws:
            frame = json.loads(text)
            if frame["type"] == "error":
                refused.append(frame["error"])

    readers = [asyncio.create_task(read_teacher()), *(asyncio.create_task(drain(ws)) for ws in students)]
    rng = random.Random(args.seed)
    given = {name: {step: 0 for step in STEPS} for name in names}
    lost = 0
    for r in range(args.rounds):
        step = list(STEPS)[r % len(STEPS)]
        arrived.clear()
        frames = []
        for name in names:
            given[name][step] += 1
            frames.append(json.dumps({"type": "class_answer", "item": item, "step": step,
                                      "choice": rng.choice(STEPS[step])}))

        async def send(ws: Any, name: str, frame: str, step: int) -> None:
            pending[(name, step, given[name][step])] = time.perf_counter()
            await ws.send(frame)

        await asyncio.gather(*(send(ws, name, frame, step) for ws, name, frame in zip(students, names, frames)))
        try:
            await asyncio.wait_for(arrived.wait(), args.timeout)
        except asyncio.TimeoutError:
            lost += len(pending)
            pending.clear()
        await asyncio.sleep(args.pause)
    for task in readers:
        task.cancel()
    for ws in [teacher, *students]:
        await ws.close()

    s = sorted(latencies)
    p95 = s[min(len(s) - 1, max(0, round(0.95 * len(s)) - 1))] if s else float("nan")
    worst = s[-1] if s else float("nan")
    print(f"{args.students} students x {args.rounds} rounds of answers sent at once, on 127.0.0.1: "
          f"{len(s)} answers reached the teacher's connection, {lost} lost, {len(refused)} refused")
    print(f"answer sent -> teacher's grid updated: median {statistics.median(s) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {worst * 1000:.1f} ms" if s else "no answer arrived")
    print(f"class states the teacher received: {states} (the newest only: {len(s) / max(states, 1):.1f} answers each); "
          f"server CPU {cpu_seconds(pid):.2f} s")
    ok = bool(s) and not lost and not refused and worst < 1.0
    print("within a second: " + ("yes" if ok else "NO"))
    return 0 if ok or not args.check else 1


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30, help="students answering at once (at most 200)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of answers (at most 40)")
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between rounds")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a round's answers may take")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 unless every answer reached the teacher in < 1 s")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 200 or not 1 <= args.rounds <= 40:
        parser.error("--students is 1 to 200 and --rounds 1 to 40")
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))
