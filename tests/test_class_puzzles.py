"""A teacher hands out a set of puzzles like a lesson; each student works through it in their own
practice widget, and the teacher's grid shows each one's solved, tried and rating's move, judged
by the server from the puzzles' own proved lines, with the same privacy as the lessons."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

pytest.importorskip("websockets")
pytest.importorskip("starlette")

from bhabho_widget import Class  # noqa: E402
from bhabho_widget.engine.errors import MessageError  # noqa: E402
from bhabho_widget.puzzles import Progress, bundled  # noqa: E402
from bhabho_widget.table.protocol import check_trait  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A table server of this module's own on 127.0.0.1: its address and teacher key, once it listens."""
    db = tmp_path_factory.mktemp("class-puzzles") / "tables.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "bhabho_widget.server", "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", proc.stdout.readline())
    key = proc.stdout.readline().rsplit(": ", 1)[-1].strip()
    assert found and key
    try:
        yield f"127.0.0.1:{found.group(1)}", key
    finally:
        proc.terminate()
        proc.wait(10)


def wait_grid(teacher, what, test, timeout: float = 30.0) -> None:
    """Wait for the teacher's class to show ``test`` (the server pushes each change)."""
    seen = threading.Event()
    old = teacher.client.on_state

    def told(frame):
        old(frame)
        if test():
            seen.set()

    teacher.client.on_state = told
    try:
        assert test() or seen.wait(timeout), f"waited {timeout:g} s for {what}"
    finally:
        teacher.client.on_state = old


def test_a_set_of_puzzles_handed_out_worked_through_and_shown_on_the_grid(server, tmp_path):
    address, key = server
    teacher = Class.create(address, "8C", key=key, language="en")
    asha = Class.join(address, teacher.code, name="Asha", language="en")
    ben = Class.join(address, teacher.code, name="Ben", language="en")
    try:
        with pytest.raises(ValueError, match="themes must be among"):
            teacher.hand_out_puzzles(themes=["chess"])
        item = teacher.hand_out_puzzles(themes=["play_under", "tochoo"], count=3, seed=4, title="Under and over")
        it = next(i for i in teacher.items if i["id"] == item)
        assert it["kind"] == "puzzles" and len(it["questions"]) == 3
        check_trait("classroom", teacher.panel.classroom)
        asha.agree()
        ben.agree(False)  # Ben keeps his work to himself
        asha._progress = Progress(tmp_path / "asha.sqlite3")
        ben._progress = Progress(tmp_path / "ben.sqlite3")
        table = asha.open(item)
        check_trait("practice", table.practice)
        assert table.practice["mode"] == "set"
        session = table.backend.session
        first = session.puzzle
        assert {p.id for p in session.puzzles} == {p.id for p in bundled if p.id in {p.id for p in session.puzzles}}
        # the first right (along its whole line), the second wrong
        while not (table.practice["verdict"] or {}).get("done"):
            table.play(session.solution) if session.question == "card" else (
                table.take() if session.solution == "take" else table.pass_take())
        table.next_puzzle(mode="set")
        assert session.puzzle.id != first.id
        wrong = next(c for c in session.choices if c != session.solution)
        table.play(wrong) if wrong not in ("take", "pass") else (table.take() if wrong == "take" else table.pass_take())
        assert asha.flush(10)
        wait_grid(teacher, "Asha's two attempts", lambda: teacher.puzzle_results(item)["Asha"]["tried"] == 2)
        results = teacher.puzzle_results(item)
        moves = [a["rating_after"] - a["rating_before"] for a in asha._progress.attempts()]
        assert results["Asha"]["solved"] == 1 and results["Asha"]["tried"] == 2
        assert results["Asha"]["rating"] == pytest.approx(sum(moves), abs=0.2)
        assert results["Ben"] == {"solved": 0, "tried": 0, "rating": 0.0}
        summary = [c for c in teacher.panel.classroom["cells"] if c["item"] == item]
        assert len(summary) == 2 and all("rating" in c for c in summary)
        # the server judges by the puzzle's own line: a claim of the right answer that is not is wrong
        with pytest.raises(MessageError, match="this set has no puzzle 8"):
            asha.client.request({"type": "class_puzzle", "item": item, "step": 7, "answers": ["2C"], "rating": 0})
        asha.client.request({"type": "class_puzzle", "item": item, "step": 2, "answers": ["ZZ"], "rating": 999})
        wait_grid(teacher, "the third puzzle's attempt", lambda: teacher.puzzle_results(item)["Asha"]["tried"] == 3)
        assert teacher.puzzle_results(item)["Asha"]["solved"] == 1
        # a student sees only their own
        mine = asha.sent()
        assert {a["item"] for a in mine["answers"]} == {item} and "Ben" not in str(mine)
        assert "Asha" in teacher.to_csv()
    finally:
        for v in (asha, ben, teacher):
            v.close()
