"""A class on a stand-alone table server, on 127.0.0.1: the teacher key the server prints,
a lesson handed out and answered, the grid, a class table played to its end and its games
with their grades, the student's notice and what they sent, the refusals (each one short
sentence, nothing changed), storage (a restart keeps the class, a bad row is skipped, the
class deleted with everything in it) and the kernel's widgets' traits against protocol.json.
The teacher and the students here are this test's process (each a :class:`Class` view with
its own connection, as in their own notebooks); ``tests/test_hub.py`` does it on a real
JupyterHub, in the hub users' own kernels."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import sqlite3
import subprocess
import sys
import urllib.request
from typing import Any

import ipywidgets.comm
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")
from comm import DummyComm  # noqa: E402
from helpers import Server, play_shared_game_to_the_end, run, wait_for  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from bhabho_widget import Class, Exercise, Game, LessonScript, make_exercise  # noqa: E402
from bhabho_widget.engine.errors import MessageError  # noqa: E402
from bhabho_widget.server import classes  # noqa: E402
from bhabho_widget.table.exercises import lesson_to_json  # noqa: E402
from bhabho_widget.table.protocol import check_trait, check_view  # noqa: E402

TIMEOUT = 30.0


@pytest.fixture(autouse=True)
def quiet_comm(monkeypatch):
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: DummyComm(**kw))


def class_server(db: str, *extra: str) -> Server:
    """A table server of the test's own (every limit at its default unless ``extra`` says),
    its teacher key read from the line it prints once (``server.key``)."""
    return Server(db, extra=extra)


@pytest.fixture
def server(tmp_path):
    s = class_server(str(tmp_path / "tables.sqlite3"))
    yield s
    s.stop()


def lesson() -> LessonScript:
    """Two questions: which card (K♥ escapes for sure, 2♣ is clearly worse) and who picks up."""
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
    return LessonScript(g, ["KH", "5H", "4S"], title="Tochoo", exercises=[
        Exercise(0, "Which card do you lead?", "card", "KH"), Exercise(2, "Who picks up?", "seat", "picker")])


def one_sentence(text: str) -> bool:
    """A short refusal: one sentence (no full stop inside it), at most 120 characters."""
    return 0 < len(text) <= 120 and "\n" not in text and ". " not in text.rstrip(".")


# ---------------------------------------------------------------------- raw frames
async def say(url: str, hello: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A connection and the first answer to its first message (states skipped)."""
    ws = await connect(url, max_size=2**24)
    await ws.send(json.dumps(hello))
    return ws, await answer(ws)


async def answer(ws: Any) -> dict[str, Any]:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if frame["type"] not in ("class_state", "class_mine"):
            return frame


async def ask(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    return await answer(ws)


def teacher_hello(key: str, title: str = "7B") -> dict[str, Any]:
    return {"type": "class_create", "title": title, "key": key, "hub_token": "", "language": "en"}


def join_hello(code: str, name: str, token: str = "") -> dict[str, Any]:
    return {"type": "class_join", "code": code, "name": name, "token": token, "hub_token": "", "language": "en"}


def rows(db: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as con:
        return sorted(con.execute("SELECT code, who, key, record FROM class_entries").fetchall()) + \
            sorted(con.execute("SELECT code, record FROM classes").fetchall())


# ---------------------------------------------------------------------- the whole class
def play_to_the_end(tables: list[Any], seed: int = 3, timeout: float = 120) -> None:
    """Play every seat of ``tables`` (one table, several seats) until the game is over."""
    play_shared_game_to_the_end(tables, random.Random(seed), timeout)
    assert all(t.view["mode"] == "play" for t in tables)


def test_a_lesson_handed_out_answered_and_a_class_table_played_to_the_end(server):
    teacher = Class.create(server.address, "7B", key=server.key, language="en")
    lesson_id = teacher.hand_out(lesson())
    table_id = teacher.hand_out_table(players=4, title="Play")
    assert [i["kind"] for i in teacher.items] == ["lesson", "table"] and teacher.items[0]["title"] == "Tochoo"
    asha, ben, chitra = (Class.join(server.address, teacher.code, name=n, rollouts=96, samples=12)
                         for n in ("Asha", "Ben", "Chitra"))
    try:
        # the notice first: nothing is sent before the student agrees
        assert asha.consent is None and asha.panel.class_student["consent"] is None
        first = asha.open(lesson_id)
        first.answer("2C")  # not agreed yet: stays in this notebook
        asha.sent()  # a round trip of Asha's: anything she sent before it has reached the server
        teacher.refresh()  # and the teacher's view is the server's now
        assert teacher.answers() == [] or all(r["status"] == "open" for r in teacher.answers())
        for s in (asha, ben, chitra):
            s.agree()
        chitra.agree(False)  # changed her mind: sends nothing
        first = asha.open(lesson_id)
        first.answer("2C")
        first.answer("KH")  # right after 2 tries
        first.goto(2)
        first.answer(1)  # Player 1 holds the highest heart: wrong
        first.answer(0)
        second = ben.open("Tochoo")
        second.answer("KH")  # right first time
        second.goto(3)  # past the second question without an answer: skipped
        third = chitra.open(0)
        third.answer("KH")
        wait_for(lambda: teacher.grid() == {"Asha": ["right", "right"], "Ben": ["right_first", "skipped"],
                                            "Chitra": ["open", "open"]}, "the students' answers in the teacher's grid")
        by = {(r["student"], r["step"]): r for r in teacher.answers()}
        assert by["Asha", 0]["answers"] == ["2C", "KH"] and by["Asha", 0]["correct"] == [False, True]
        assert by["Asha", 0]["tries"] == 2 and by["Asha", 2]["answers"] == [1, 0]
        assert by["Ben", 0]["answers"] == ["KH"] and by["Ben", 2]["answers"] == []
        assert by["Chitra", 0]["answers"] == []
        check_trait("classroom", teacher.panel.classroom)
        cells = {(c["student"], c["step"]): c for c in teacher.panel.classroom["cells"]}
        assert cells["Asha", 0]["answers"] == ["2♣", "K♥"] and cells["Asha", 2]["answers"] == ["Player 1", "You"]
        # a student sees their own, never another's
        assert [a["student"] for a in asha.sent()["answers"]] == ["Asha", "Asha"]
        check_trait("class_student", asha.panel.class_student)
        assert "Ben" not in json.dumps(asha.panel.class_student)

        # a class table: the three sit at one table, Asha (first) is its host
        tables = [s.open(table_id) for s in (asha, ben, chitra)]
        assert len({t.code for t in tables}) == 1 and [t.seat for t in tables] == [0, 1, 2] and tables[0].is_host
        wait_for(lambda: all(t.view and t.view["version"] > 0 for t in tables), "every student's view of the table")
        tables[0].deal()
        play_to_the_end(tables)
        reporters = [t.backend.reporter for t in tables]
        assert reporters[0].wait(1) and reporters[1].wait(1), (reporters[0].reports, reporters[1].reports)
        assert tables[2].wait_review(120)  # reviewed in her notebook, as the others' ...
        assert tables[2].backend.reporter.reports == []  # ... but Chitra did not agree: her game stays hers
        games = wait_for(lambda: len(teacher.games()) == 2 and teacher.games(), "the two games sent to the teacher")
        assert {g["student"]: g["counts"] for g in games} == {t.client.state["seats"][t.seat]["name"]: r["counts"]
                                                              for t in tables[:2] for r in t.backend.reporter.reports}
        assert {g["seat"] for g in games} == {0, 1} and all(g["round"] == 1 for g in games)
        check_trait("classroom", teacher.panel.classroom)
        # the teacher opens Asha's game in the review: the same grades, from her own seat record
        asha_game = next(g for g in games if g["student"] == "Asha")
        review = teacher.open_game(asha_game["id"])
        assert review.wait_review(120)
        assert review.last_review.counts() == asha_game["counts"]
        assert review.view["hands"] is None and review.view["seat"] == 0
        check_view(review.view)
        check_trait("review", review.review)
        review.show_decision(0)
        assert review.view["mode"] == "review"
        check_view(review.view)
        version = review.view["version"]
        review._on_frontend_msg(review, {"type": "show_me", "source": "review", "line": "better", "decision": 0,
                                         "version": version}, [])
        assert review.error == "" and review.view["mode"] == "imagine"
        check_view(review.view)
        review._on_frontend_msg(review, {"type": "play", "card": "AS", "version": review.view["version"]}, [])
        assert review.error == "This game is over: it is shown for its review only"
        review._on_frontend_msg(review, {"type": "show_close"}, [])
        assert review.view["mode"] == "review"
        assert teacher.panel.classroom["open_game"] == asha_game["id"]
        # the CSV: a row per student and question, then a row per game
        # the Download CSV button: the kernel answers with the file (a custom message), not in the trait
        sent: list[Any] = []
        teacher.panel.send = lambda content, buffers=None: sent.append(content)  # what the browser would get
        teacher.panel._on_frontend_msg(teacher.panel, {"type": "class_csv"}, [])
        assert sent == [{"type": "class_csv", "name": f"class-{teacher.code}.csv", "csv": teacher.to_csv()}]
        check_trait("classroom", teacher.panel.classroom)
        assert "csv" not in teacher.panel.classroom
        lines = teacher.to_csv().splitlines()
        assert lines[0].startswith("student,kind,item,title,step,question,status,tries,answers")
        assert "Asha,answer," in lines[1] and ",right,2,2♣ K♥," in lines[1]
        assert sum(",game," in line for line in lines) == 2
    finally:
        for v in (teacher, asha, ben, chitra):
            v.close()


def test_a_student_sees_and_deletes_what_was_sent_and_the_teacher_deletes_a_student_or_the_class(server):
    teacher = Class.create(server.address, "7C", key=server.key, language="en")
    item = teacher.hand_out(lesson())
    table = teacher.hand_out_table(players=3)
    asha = Class.join(server.address, teacher.code, name="Asha")
    ben = Class.join(server.address, teacher.code, name="Ben")
    try:
        for s in (asha, ben):
            s.agree()
            s.open(item).answer("KH")
        ben.open(table)
        wait_for(lambda: teacher.grid()["Asha"][0] == "right_first" and teacher.grid()["Ben"][0] == "right_first",
                 "both answers in the teacher's grid")
        asha.forget()
        assert asha.sent() == {"answers": [], "games": []} and asha.consent is None
        wait_for(lambda: teacher.grid()["Asha"] == ["open", "open"], "Asha's answers gone from the grid")
        with sqlite3.connect(server.db) as con:
            assert not [r for r in con.execute("SELECT key FROM class_entries WHERE who = 'Asha'") if r[0] != "student"]
        teacher.forget_student("Ben")
        wait_for(lambda: teacher.students == ["Asha"], "Ben gone from the class")
        wait_for(lambda: ben.client.closed_for_good, "Ben's connection closed for good")
        assert ben.client.closed_for_good == "your teacher removed you from this class, with everything it held of you"
        tables_before = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{server.port}/").read())["tables"]
        assert tables_before == 1
        teacher.delete()
        wait_for(lambda: asha.client.closed_for_good, "Asha's connection closed for good")
        assert asha.client.closed_for_good == "this class was deleted"
        assert rows(server.db) == []
        assert json.loads(urllib.request.urlopen(f"http://127.0.0.1:{server.port}/").read())["tables"] == 0
    finally:
        for v in (teacher, asha, ben):
            v.close()


# ---------------------------------------------------------------------- refusals
def test_refusals_are_one_short_sentence_and_change_nothing(server):
    script = lesson()

    async def main() -> dict[str, str]:
        said: dict[str, str] = {}
        # a made-up key
        ws, frame = await say(server.url, teacher_hello("not-the-key"))
        said["made-up key"] = frame["error"]
        await ws.close()
        # two classes, A and B
        ta, welcome_a = await say(server.url, teacher_hello(server.key, "A"))
        tb, welcome_b = await say(server.url, teacher_hello(server.key, "B"))
        item_a = (await ask(ta, {"type": "class_hand_out", "title": "", "lesson": lesson_to_json(script)}))["id"]
        table_a = (await ask(ta, {"type": "class_hand_out_table", "title": "", "players": 4, "variant": "classic",
                                  "rounds": None, "bots": "rules"}))["id"]
        sa, _ = await say(server.url, join_hello(welcome_a["code"], "Asha"))
        sb, _ = await say(server.url, join_hello(welcome_b["code"], "Bina"))
        for s in (sa, sb):
            assert (await ask(s, {"type": "class_consent", "consent": True}))["type"] == "class_done"
        assert (await ask(sa, {"type": "class_answer", "item": item_a, "step": 0, "choice": "2C"}))["type"] == "class_done"
        before = rows(server.db)  # the server writes before it answers
        # a made-up code, for a student and for a teacher
        ws, frame = await say(server.url, join_hello("made-up-code", "Mallory"))
        said["made-up code (student)"] = frame["error"]
        await ws.close()
        ws, frame = await say(server.url, {"type": "class_teach", "code": "made-up-code", "key": server.key,
                                           "hub_token": "", "language": "en"})
        said["made-up code (teacher)"] = frame["error"]
        await ws.close()
        # a student asking for the class grid, or to be its teacher without the key
        said["student asks for the grid"] = (await ask(sa, {"type": "class_grid"}))["error"]
        said["student asks for a game's record"] = (await ask(sa, {"type": "class_record", "game": "x"}))["error"]
        ws, frame = await say(server.url, {"type": "class_teach", "code": welcome_a["code"], "key": "",
                                           "hub_token": "", "language": "en"})
        said["student asks to teach"] = frame["error"]
        await ws.close()
        # a student of another class: class A's lesson, answers, table
        said["student of B, A's lesson"] = (await ask(sb, {"type": "class_lesson", "item": item_a}))["error"]
        said["student of B, A's answer"] = (await ask(sb, {"type": "class_answer", "item": item_a, "step": 0,
                                                           "choice": "KH"}))["error"]
        said["student of B, A's table"] = (await ask(sb, {"type": "class_sit", "item": table_a}))["error"]
        # another student's name without its token
        ws, frame = await say(server.url, join_hello(welcome_a["code"], "asha"))
        said["another's name"] = frame["error"]
        await ws.close()
        # a teacher sending a student's message, a student a teacher's
        said["teacher answers"] = (await ask(ta, {"type": "class_answer", "item": item_a, "step": 0,
                                                  "choice": "KH"}))["error"]
        said["student hands out"] = (await ask(sa, {"type": "class_hand_out_table", "title": "", "players": 4,
                                                    "variant": "classic", "rounds": None, "bots": "rules"}))["error"]
        # a made-up game, an answer that is no choice, a step with no question
        said["made-up game"] = (await ask(sa, {"type": "class_game", "item": table_a, "code": "x" * 12,
                                               "digest": "0" * 64, "counts": {"inaccuracy": 0, "mistake": 0, "blunder": 0},
                                               "rollouts": 10, "samples": 2}))["error"]
        said["not a choice"] = (await ask(sa, {"type": "class_answer", "item": item_a, "step": 0, "choice": "AS"}))["error"]
        said["no question"] = (await ask(sa, {"type": "class_answer", "item": item_a, "step": 1, "choice": 0}))["error"]
        said["a big frame of another kind"] = (await ask(sa, {"type": "class_mine", "x": "y" * 3000}))["error"]
        assert rows(server.db) == before, "a refusal changed what the server keeps"
        for ws in (ta, tb, sa, sb):
            await ws.close()
        return said

    said = run(main())
    assert said == {
        "made-up key": "this is not the teacher key this server printed when it started",
        "made-up code (student)": "no class has this code",
        "made-up code (teacher)": "you teach no class with this code",
        "student asks for the grid": "only the class's teacher does this",
        "student asks for a game's record": "only the class's teacher does this",
        "student asks to teach": "this is not the teacher key this server printed when it started",
        "student of B, A's lesson": "this class has no such item",
        "student of B, A's answer": "this class has no such item",
        "student of B, A's table": "this class has no such item",
        "another's name": "another student of this class has this name: come back with your token, or choose another",
        "teacher answers": "only a student of the class does this",
        "student hands out": "only the class's teacher does this",
        "made-up game": "you have no seat at this table of the class",
        "not a choice": "'AS' is not one of the choices",
        "no question": "there is no question at this step",
        "a big frame of another kind": "a message has at most 2048 bytes",
    }
    assert all(one_sentence(text) for text in said.values()), said


def test_wrong_keys_from_one_place_are_limited(tmp_path):
    s = class_server(str(tmp_path / "t.sqlite3"), "--guesses-per-hour", "1")

    async def main() -> dict[str, Any]:
        out: dict[str, Any] = {"wrong": [], "codes": set()}
        teacher, welcome = await say(s.url, teacher_hello(s.key))
        code = welcome["code"]
        asha, asha_welcome = await say(s.url, join_hello(code, "Asha"))
        await asha.close()
        for hello in [teacher_hello("guess"), join_hello("made-up-code", "Mallory"),
                      join_hello(code, "Asha", token="not-her-token")] * 4:
            ws, frame = await say(s.url, hello)
            out["wrong"].append(frame["error"])
            out["codes"].add((await closed_with(ws))[1])
        for hello in [join_hello(code, "Ben"), join_hello(code, "anything", token=asha_welcome["token"]),
                      teacher_hello(s.key), {"type": "class_teach", "code": code, "key": s.key, "hub_token": "",
                                             "language": "en"}]:
            ws, frame = await say(s.url, hello)
            out.setdefault("right", []).append((frame["type"], frame.get("name")))
            await ws.close()
        await teacher.close()
        return out

    try:
        said = run(main())
    finally:
        log = s.stop()
    wrong = ["this is not the teacher key this server printed when it started", "no class has this code",
             "no student of this class has this token"]
    assert said["wrong"][:9] == wrong * 3
    assert said["wrong"][10:] == ["too many wrong keys or codes from one place: try again later"] * 2
    assert said["codes"] == {4003}
    assert said["right"] == [("class_welcome", "Ben"), ("class_welcome", "Asha"), ("class_welcome", ""),
                             ("class_welcome", "")]
    assert "wrong guesses beyond the limit from address:127.0.0.1" in log


async def closed_with(ws: Any) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the connection closes, and the close code the server sent."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd is not None else None


def test_a_game_is_taken_only_once_it_is_over_and_only_the_student_s_own(server):
    teacher = Class.create(server.address, "7D", key=server.key)
    item = teacher.hand_out_table(players=3)
    asha = Class.join(server.address, teacher.code, name="Asha", rollouts=16, samples=4)  # a small review: its
    ben = Class.join(server.address, teacher.code, name="Ben", rollouts=16, samples=4)  # grades are not the point
    try:
        asha.agree()
        ben.agree()
        ta, tb = asha.open(item), ben.open(item)
        wait_for(lambda: ta.view and ta.view["version"] > 0, "Asha's view of the table")
        ta.deal()
        wait_for(lambda: ta.view["waiting"] == "human" or tb.view["waiting"] == "human", "a student's turn")
        mover = ta if ta.view["waiting"] == "human" else tb
        mover.play(mover.view["legal"][0])
        assert mover.client.state["view"]["is_over"] is False  # the game is on: the server gives no record of it
        with pytest.raises(MessageError, match="the table server sent no record of the game"):
            mover.client.request_record(timeout=3)
        assert mover.error == "the review opens once the game is over"
        play_to_the_end([ta, tb])
        assert ta.backend.reporter.wait(1) and tb.backend.reporter.wait(1)
        digest = ta.backend.reporter.reports[0]["digest"]
        # Ben reports Asha's record: not a record of his seat
        with pytest.raises(MessageError, match="no game over with that record of your seat"):
            ben.client.request({"type": "class_game", "item": item, "code": ta.code, "digest": digest,
                                "counts": {"inaccuracy": 0, "mistake": 0, "blunder": 0}, "rollouts": 1, "samples": 1})
        # sent again: the same game, not a second one
        asha.client.request({"type": "class_game", "item": item, "code": ta.code, "digest": digest,
                             "counts": ta.backend.reporter.reports[0]["counts"], "rollouts": asha.rollouts,
                             "samples": asha.samples})
        wait_for(lambda: len(teacher.games()) == 2, "both games at the teacher's")
        teacher.refresh()  # after Asha's second report was answered: the teacher's view is the server's
        assert len(teacher.games()) == 2
    finally:
        for v in (teacher, asha, ben):
            v.close()


# ---------------------------------------------------------------------- storage and the protocol
def test_a_restart_keeps_the_class_and_a_bad_row_is_logged_and_skipped(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    s = class_server(db)
    try:
        teacher = Class.create(s.address, "7E", key=s.key)
        item = teacher.hand_out(lesson())
        asha = Class.join(s.address, teacher.code, name="Asha")
        token = asha.token
        asha.agree()
        asha.open(item).answer("KH")
        wait_for(lambda: teacher.grid()["Asha"][0] == "right_first", "Asha's answer in the grid")
        code = teacher.code
        for v in (teacher, asha):
            v.close()
    finally:
        s.stop()
    with open(db, "rb") as f:
        assert s.key.encode() not in f.read()  # the key is never stored
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO class_entries VALUES (?, 'Zed', 'answer:nope:0', 'not json', 1e12)", (code,))
        con.execute("INSERT INTO classes VALUES ('broken', '{\"code\": \"broken\"}', 1e12)")
    s.start()
    try:
        with pytest.raises(MessageError, match="this is not the teacher key"):
            Class.teach(s.address, code, key="the old key, printed at the last start")
        teacher = Class.teach(s.address, code, key=s.key)
        assert teacher.grid() == {"Asha": ["right_first", "open"]}
        # Asha comes back under her name with her token; without it, her name is refused
        with pytest.raises(MessageError, match="another student of this class has this name"):
            Class.join(s.address, code, name="Asha")
        again = Class.join(s.address, code, name="Asha", token=token)
        assert again.consent is True and [a["status"] for a in again.sent()["answers"]] == ["right_first"]
        for v in (teacher, again):
            v.close()
    finally:
        log = s.stop()
    assert "entry Zed answer:nope:0 could not be read, skipped: its record is not JSON" in log
    assert "class broken could not be read, skipped: its record has no title, teacher, created, updated" in log


def test_a_lesson_handed_out_may_be_a_large_frame_and_a_bad_record_is_refused(server):
    g = Game.deal(4, seed=5)
    script = make_exercise(g, "card", rollouts=40)
    long = LessonScript(script.game, script.moves, title="x" * 79, exercises=[
        Exercise(0, "Which card? " + "y" * 2900, "card", script.exercises[0].answer)])
    teacher = Class.create(server.address, "7F", key=server.key)
    try:
        assert len(lesson_to_json(long).encode()) > 2048
        teacher.hand_out(long)
        with pytest.raises(MessageError, match="this is not a lesson to hand out: not a lesson record"):
            teacher.client.request({"type": "class_hand_out", "title": "", "lesson": '{"format": "no"}'})
        with pytest.raises(MessageError, match="a message has at most 2048 bytes"):
            teacher.client.request({"type": "class_grid", "pad": "z" * 70000})
        assert len(teacher.items) == 1
    finally:
        teacher.close()


def test_the_closed_class_code_is_final(server):
    async def main() -> int | None:
        t, welcome = await say(server.url, teacher_hello(server.key))
        s, _ = await say(server.url, join_hello(welcome["code"], "Asha"))
        await ask(t, {"type": "class_delete"})
        try:
            while True:
                await asyncio.wait_for(s.recv(), TIMEOUT)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    assert run(main()) == classes.CLOSE_CLASS_GONE


def test_answer_status_counts_as_a_lesson_does():
    script = lesson()
    for choices, status in [(["KH"], "right_first"), (["2C", "KH"], "right"), (["2C"], "wrong")]:
        s = lesson()
        for c in choices:
            s.answer(c)
        judged = [script.judge(0, c)[1] for c in choices]
        assert classes.answer_status({"answers": choices, "correct": judged}) == (s.status(0), s.results()["items"][0]["tries"])
        assert s.status(0) == status


def test_on_a_hub_a_teacher_is_a_member_of_the_teachers_group_or_an_admin():
    """The hub's answer about a token (``GET /user``) tells the groups and the admin flag; the
    server asks once per token a minute."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from bhabho_widget.server.hub import HubIdentity

    users = {"t-k": {"name": "mrs_k", "groups": ["teachers"], "admin": False},
             "t-a": {"name": "root", "groups": [], "admin": True},
             "t-s": {"name": "asha", "groups": ["students"], "admin": False}}
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            token = self.headers.get("Authorization", "").removeprefix("token ")
            asked.append(token)
            user = users.get(token)
            body = json.dumps({"kind": "user", **user} if user else {"message": "no"}).encode()
            self.send_response(200 if user else 403)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    try:
        hub = HubIdentity(f"http://127.0.0.1:{http.server_port}/hub/api")

        async def main() -> list[str]:
            out = []
            for token in ["t-k", "t-a", "t-s", "nope", "t-k"]:
                try:
                    out.append(await hub.teacher_for(token, "teachers"))
                except MessageError as err:
                    out.append(str(err))
            out.append(await hub.user_for("t-s"))
            return out

        said = run(main())
    finally:
        http.shutdown()
        http.server_close()
    assert said == ["mrs_k", "root", "only a teacher opens a class here: a member of the hub group teachers or a hub admin",
                    "this table server takes the players of its JupyterHub only: join from a notebook on the hub",
                    "mrs_k", "asha"]
    assert asked == ["t-k", "t-a", "t-s", "nope"]  # each token asked once


def test_anything_a_teacher_made_can_be_handed_out(server):
    """A LessonScript, a Lesson widget, the editor with its lesson open, a lesson record, a
    position text with its question; anything else is refused with one sentence."""
    from bhabho_widget import Editor, Lesson

    script = lesson()
    start = script.game.root()
    editor = Editor(players=3, language="en")
    for card, seat in [("KH", 0), ("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2), ("4D", 2)]:
        editor.receive({"type": "give", "card": card, "to": seat})
    editor.receive({"type": "opening", "over": True})
    editor.receive({"type": "leader", "seat": 0})
    editor.open_lesson("card", title="From the editor", rollouts=40)
    teacher = Class.create(server.address, "7G", key=server.key)
    try:
        sources = [script, Lesson(start, script.moves, title="A Lesson", exercises=list(script.exercises.values())),
                   editor, lesson_to_json(script), "rules=classic hands=.K..2/.5..3/.9.4. lead=0"]
        ids = [teacher.hand_out(source, title=f"item {k}") for k, source in enumerate(sources)]
        assert [i["id"] for i in teacher.items] == ids
        kinds = [[q["kind"] for q in i["questions"]] for i in teacher.items]
        assert kinds == [["card", "seat"], ["card", "seat"], ["card"], ["card", "seat"], ["card"]]
        with pytest.raises(TypeError, match="hand out a lesson: a LessonScript, a Lesson"):
            teacher.hand_out(42)
        assert len(teacher.items) == 5
    finally:
        teacher.close()


# ---------------------------------------------------------------------- a real class (issue 43)
def test_a_teacher_key_from_before_a_restart_is_told_once_and_the_kernel_stops(tmp_path):
    """The server starts again with a new key: the teacher's kernel, connecting again with the
    old one, is told once (the final close code 4003) and does not try again."""
    s = Server(str(tmp_path / "t.sqlite3"))
    try:
        teacher = Class.create(s.address, "7H", key=s.key)
        s.stop()
        s.start()
        assert wait_for(lambda: teacher.client.closed_for_good, "the teacher's kernel told for good") == \
            "this is not the teacher key this server printed when it started"
        teacher.client.connection._thread.join(TIMEOUT)
        assert not teacher.client.connection._thread.is_alive()  # it stopped trying
        assert teacher.panel.error == "this is not the teacher key this server printed when it started"
        again = Class.teach(s.address, teacher.code, key=s.key)  # the new key opens the class
        assert again.title == "7H"
        for v in (teacher, again):
            v.close()
    finally:
        log = s.stop()
    assert log.count("wrong guesses beyond the limit") == 0


def test_names_are_one_per_class_and_a_returning_student_comes_back_by_her_token(server):
    teacher = Class.create(server.address, "7I", key=server.key)
    asha = Class.join(server.address, teacher.code, name="Asha")
    try:
        for name in ("asha", "ASHA", "Ａsha", " Asha  "):  # another case, a full-width letter, spaces
            with pytest.raises(MessageError, match="another student of this class has this name"):
                Class.join(server.address, teacher.code, name=name)
        again = Class.join(server.address, teacher.code, name="Asha K", token=asha.token)  # the token says who
        assert again.name == "Asha" and teacher.students == ["Asha"]
        with pytest.raises(MessageError, match="no student of this class has this token"):
            Class.join(server.address, teacher.code, name="Asha", token="x" * 32)
        again.close()
    finally:
        for v in (teacher, asha):
            v.close()


def test_the_teacher_closes_joining_sets_the_size_and_removes_a_student(server):
    teacher = Class.create(server.address, "7J", key=server.key)
    asha = Class.join(server.address, teacher.code, name="Asha")
    views = [teacher, asha]
    try:
        assert teacher.joining is True and teacher.size == 300
        teacher.close_joining()
        assert teacher.joining is False and teacher.panel.classroom["joining"] is False
        with pytest.raises(MessageError, match="this class takes no new students now"):
            Class.join(server.address, teacher.code, name="Ben")
        views.append(Class.join(server.address, teacher.code, name="Asha", token=asha.token))  # she has a place
        teacher.open_joining()
        teacher.set_size(2)
        views.append(Class.join(server.address, teacher.code, name="Ben"))
        with pytest.raises(MessageError, match="this class has as many students as it may"):
            Class.join(server.address, teacher.code, name="Chitra")
        with pytest.raises(MessageError, match="'class_size' needs 'size' as a number of students"):
            teacher.set_size(301)
        teacher.remove_student("Ben")
        assert teacher.students == ["Asha"]
        assert wait_for(lambda: views[-1].client.closed_for_good, "the student's kernel told for good") == \
            "your teacher removed you from this class, with everything it held of you"
        views.append(Class.join(server.address, teacher.code, name="Chitra"))  # Ben's place is free
        assert teacher.students == ["Asha", "Chitra"] or wait_for(lambda: teacher.students == ["Asha", "Chitra"])
        with pytest.raises(MessageError, match="only the class's teacher does this"):
            asha.client.request({"type": "class_joining", "open": False})
    finally:
        for v in views:
            v.close()
    with sqlite3.connect(server.db) as con:  # the settings are kept with the class
        (core,) = [json.loads(r) for (r,) in con.execute("SELECT record FROM classes")]
    assert core["joining"] is True and core["size"] == 2


def test_one_client_cannot_fill_a_class(tmp_path):
    """New students are limited per client (a burst of 40, then --joins-per-hour): one person
    cannot take every place; a student from another address still joins, and one who has a
    place comes back."""
    s = Server(str(tmp_path / "t.sqlite3"))

    async def main() -> list[str]:
        _, welcome = await say(s.url, teacher_hello(s.key))
        said = []
        tokens = []
        for k in range(41):
            ws, frame = await say(s.url, join_hello(welcome["code"], f"visitor{k:02d}"))
            said.append(frame.get("error", frame["type"]))
            tokens.append(frame.get("token"))
            await ws.close()
        ws = await connect(s.url, local_addr=("127.0.0.2", 0))
        await ws.send(json.dumps(join_hello(welcome["code"], "Asha")))
        said.append((await answer(ws))["type"])
        ws, frame = await say(s.url, join_hello(welcome["code"], "visitor00", token=tokens[0]))
        said.append(frame["type"])
        return said

    try:
        said = run(main())
    finally:
        s.stop()
    assert said[:40] == ["class_welcome"] * 40
    assert said[40:] == ["too many new students from one place: try again in a minute", "class_welcome", "class_welcome"]


def test_at_a_class_table_each_seat_is_kept_for_its_token(server):
    """A classmate who knows the table's code cannot sit down under your name (a class's table
    takes no plain join); your own class_sit still seats you, and your token resumes you."""
    teacher = Class.create(server.address, "7K", key=server.key)
    item = teacher.hand_out_table(players=3)
    asha = Class.join(server.address, teacher.code, name="Asha")
    ben = Class.join(server.address, teacher.code, name="Ben")
    try:
        table = asha.open(item)

        async def main() -> tuple[str, int | None]:
            async with connect(server.url) as ws:
                await ws.send(json.dumps({"type": "join", "code": table.code, "name": "Ben", "language": "en",
                                          "hub_token": ""}))
                return json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))["error"], None

        said, _ = run(main())
        assert said == "this is a class's table: open it from your class, where your seat is kept for you"
        mine = ben.open(item)
        assert mine.code == table.code and mine.seat == 1
        assert [s["name"] for s in mine.client.state["seats"]][:2] == ["Asha", "You"] or \
            [s["name"] for s in mine.client.state["seats"]][:2] == ["Asha", "Ben"]
    finally:
        for v in (teacher, asha, ben):
            v.close()


def test_the_teacher_gets_the_one_cell_that_changed_and_each_student_only_their_own(server):
    script = lesson()

    async def main() -> dict[str, Any]:
        teacher, welcome = await say(server.url, teacher_hello(server.key))
        first = json.loads(await asyncio.wait_for(teacher.recv(), TIMEOUT))
        assert first["type"] == "class_state" and "class" in first  # the whole class, once
        item = (await ask(teacher, {"type": "class_hand_out", "title": "", "lesson": lesson_to_json(script)}))["id"]
        students = []
        for name in ("Asha", "Ben", "Chitra"):
            ws, _ = await say(server.url, join_hello(welcome["code"], name))
            assert (await ask(ws, {"type": "class_consent", "consent": True}))["type"] == "class_done"
            students.append(ws)
        asha, ben, _ = students
        await ask(teacher, {"type": "class_grid"})  # the teacher reads everything sent so far
        await asha.send(json.dumps({"type": "class_answer", "item": item, "step": 0, "choice": "2C"}))
        to_asha = []
        while True:
            frame = json.loads(await asyncio.wait_for(asha.recv(), TIMEOUT))
            if frame["type"] == "class_done":
                break
            to_asha.append(frame)
        to_teacher = json.loads(await asyncio.wait_for(teacher.recv(), TIMEOUT))
        size = len(json.dumps(to_teacher))
        await ben.send(json.dumps({"type": "class_mine"}))  # Ben's next frame: the whole of his, nothing of Asha's
        to_ben = json.loads(await asyncio.wait_for(ben.recv(), TIMEOUT))
        for ws in (teacher, *students):
            await ws.close()
        return {"teacher": to_teacher, "size": size, "asha": to_asha, "ben": to_ben}

    got = run(main())
    assert got["teacher"]["type"] == "class_state" and "class" not in got["teacher"]
    assert got["teacher"]["changes"] == {"cells": [[got["teacher"]["changes"]["cells"][0][0], 0, "Asha", ["2C"], "0"]]}
    assert got["size"] < 300
    assert [f["changes"]["cells"][0][2:] for f in got["asha"]] == [["Asha", ["2C"], "0"]]
    assert got["ben"]["type"] == "class_mine" and "mine" in got["ben"] and got["ben"]["mine"]["cells"] == []


def test_the_teacher_s_first_view_of_300_students_and_20_lessons_is_compact():
    """The whole class a teacher's kernel gets when it opens a class of 300 students who each
    answered every question of 20 lessons: under 2 MiB (the rows in class_state's compact form)."""
    from bhabho_widget.server.classes import ClassRoom, Item, Student
    from bhabho_widget.table.class_state import apply_update

    room = ClassRoom("c", "big", "")
    record = lesson_to_json(lesson())
    for k in range(20):
        item = Item(f"item{k:02d}", "lesson", f"Lesson {k}", lesson=record)
        room.apply("", f"item:{item.id}", item.record())
    for s in range(300):
        name = f"Student {s:03d}"
        room.apply(name, "student", Student(name, "0" * 64, consent=True).record())
        for item_id in room.items:
            for step, choices in ((0, ["2C", "KH"]), (2, [1])):
                room.apply(name, f"answer:{item_id}:{step}", {"answers": choices, "correct": [c == "KH" for c in choices],
                                                              "skipped": False, "at": 0.0})
    view = json.dumps({"type": "class_state", "version": 1, "class": room.teacher_view()}, separators=(",", ":"))
    assert len(view.encode()) < 2 * 1024 * 1024, len(view)
    state = apply_update(None, json.loads(view))
    assert len(state["class"]["answers"]) == 300 * 20 * 2 and len(state["class"]["students"]) == 300


def test_a_teacher_s_texts_are_cleaned_and_their_limits_are_in_characters(server):
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
    hindi = "आप कौन सा पत्ता खेलेंगे और क्यों? "  # 34 characters, more than twice as many bytes escaped
    long_prompt = (hindi * 720)[:24489]
    big = LessonScript(g, ["KH", "5H", "4S"], title="पाठ", exercises=[Exercise(0, long_prompt, "card", "KH")])
    teacher = Class.create(server.address, "  Week\u00a03:   tochoo ", key=server.key)
    try:
        assert teacher.title == "Week 3: tochoo"  # normalised as names are
        record = lesson_to_json(big)
        assert len(record) < 60000 < len(json.dumps({"lesson": record}).encode())
        teacher.hand_out(big)
        assert teacher.items[0]["questions"][0]["prompt"] == long_prompt[:300]
        too_long = LessonScript(g, ["KH", "5H", "4S"], title="x", exercises=[Exercise(0, "y" * 60000, "card", "KH")])
        with pytest.raises(MessageError, match=r"^a lesson has at most 60000 characters; this one has 60\d\d\d$"):
            teacher.hand_out(too_long)
        with pytest.raises(MessageError, match="a text may not hold control or invisible characters"):
            teacher.hand_out(lesson(), title="Lesson\ud800")
        bad = LessonScript(g, ["KH", "5H", "4S"], title="x", exercises=[Exercise(0, "Which\u202ecard?", "card", "KH")])
        with pytest.raises(MessageError, match="this is not a lesson to hand out: a text may not hold control"):
            teacher.hand_out(bad)
        with pytest.raises(MessageError, match="a text may not hold control or invisible characters"):
            Class.create(server.address, "7B\ud800", key=server.key)
        assert len(teacher.items) == 1
        student = Class.join(server.address, teacher.code, name="Asha")  # every student's join works
        assert student.items[0]["title"] == "पाठ"
        student.close()
    finally:
        teacher.close()


def test_the_csv_never_holds_a_formula(server):
    teacher = Class.create(server.address, "7L", key=server.key)
    item = teacher.hand_out(lesson(), title="=1+1 lesson")
    names = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2", "@SUM(A1)"]
    students = [Class.join(server.address, teacher.code, name=n) for n in names]
    try:
        for s in students:
            s.agree()
            s.open(item).answer("KH")
            assert s.flush()
        wait_for(lambda: len([r for r in teacher.answers() if r["status"] != "open"]) == 4, "the four answers")
        rows = list(csv.reader(io.StringIO(teacher.to_csv())))[1:]
        cells = [c for row in rows for c in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
        assert {row[0] for row in rows} == {"'" + n for n in names} and {row[3] for row in rows} == {"'=1+1 lesson"}
        sent: list[Any] = []
        teacher.panel.send = lambda content, buffers=None: sent.append(content)
        teacher.panel._on_frontend_msg(teacher.panel, {"type": "class_csv"}, [])
        assert [f["csv"] for f in sent] == [teacher.to_csv()]  # the file the browser saves is the same text
    finally:
        for v in (teacher, *students):
            v.close()


def test_the_join_line_the_view_shows_joins_from_a_fresh_process(server):
    """The line the teacher's view shows students runs as shown in a fresh Python (the import
    included, a name to fill in), and joins."""
    teacher = Class.create(server.address, "7M", key=server.key)
    try:
        line = teacher.join_line
        assert line == f'from bhabho_widget import Class; Class.join("{server.address}", "{teacher.code}", name="...")'
        assert teacher.panel.classroom["join"] == line
        for shown in (line, line.replace('name="..."', 'name="Zoe"')):
            proc = subprocess.run([sys.executable, "-c", shown], capture_output=True, text=True, timeout=120)
            assert proc.returncode == 0, proc.stderr
        assert wait_for(lambda: sorted(teacher.students) == ["...", "Zoe"], "both students in the class")
    finally:
        teacher.close()


def test_a_class_lesson_offers_only_the_cards_the_position_allows(server):
    moment = Game.deal(4, seed=5)
    for _ in range(11):
        moment.play(moment.legal_cards()[-1])
    script = make_exercise(moment, "card", title="What would you play here?", rollouts=40)
    legal = [c.code for c in moment.legal_cards()]
    teacher = Class.create(server.address, "7N", key=server.key)
    asha = Class.join(server.address, teacher.code, name="Asha")
    try:
        opened = asha.open(teacher.hand_out(script))
        assert opened.view["lesson"]["exercise"]["choices"] == legal
        assert len(moment.hand(moment.current_player)) > len(legal)
    finally:
        for v in (teacher, asha):
            v.close()
