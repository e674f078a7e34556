"""A class in a real JupyterLab: the teacher's view and a student's notice, in two languages.

A stand-alone table server on 127.0.0.1 (its teacher key read from the line it prints once).
The teacher's notebook opens a class and hands out a lesson and a table; students join from
this test's process (each a connection of its own, as in their own notebooks) and answer:
the teacher's grid in the page follows each answer as it comes; a class table is played to
its end and its game shows with its grade counts; *Review* opens it under the view, in the
review; *Download CSV* saves the kernel's CSV. A student's notebook shows the notice first;
*Send to my teacher* agrees, *Open* opens the lesson under it, what was sent is listed and
deleted after a question. axe-core finds nothing serious in either view, in English and in
German (the teacher) or Hindi (the student). The labels new with classes are English until
their translation lands: the second language checks the labels that exist today (the
language menu, Review, the review's grade counts) and the widgets' ``lang``.

Screenshots go to tests/artifacts/class-*.png.
"""

from __future__ import annotations

import random
import re

import harness
import ipywidgets.comm
import pytest
from comm import DummyComm
from harness import axe_audit, describe_violations, screenshot, serious, write_notebook
from helpers import Server, play_shared_game_to_the_end, wait_for

pytestmark = pytest.mark.browser
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

TEACHER = "[data-testid=class-teacher]"
STUDENT = "[data-testid=class-student]"

LESSON = """\
from bhabho_widget import Class, Exercise, Game, LessonScript
g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
lesson = LessonScript(g, ["KH", "5H", "4S"], title="Tochoo", exercises=[
    Exercise(0, "Which card do you lead?", "card", "KH"), Exercise(2, "Who picks up?", "seat", "picker")])
"""


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """A table server of this module's own (see ``tests/helpers.py``): its address and teacher key."""
    server = Server(str(tmp_path_factory.mktemp("classes") / "tables.sqlite3"))
    yield server.address, server.key
    server.stop()


@pytest.fixture
def quiet_comm(monkeypatch):
    """The students of this process hold widgets without a kernel: their comms go nowhere."""
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: DummyComm(**kw))


def open_view(page, server, name: str, cells: list[str], selector: str):
    write_notebook(server.root / f"{name}.ipynb", cells)
    nb = harness.LabNotebook.open_lab(page, server, f"{name}.ipynb")
    nb.run_all(wait_for=selector)
    root = page.locator(selector).first
    root.scroll_into_view_if_needed()
    return nb, root


def audit(page, root, name: str) -> None:
    result = axe_audit(page, root)
    print(f"\n[axe {name}] {len(result['violations'])} violations: {describe_violations(result['violations'])}")
    bad = serious(result["violations"])
    assert not bad, f"{name}: serious or critical axe violations:\n{describe_violations(bad)}"


def cell(root, student: str, step: int, status: str = ""):
    """A cell of the teacher's grid (with ``status``: only while it shows that status). The grid is
    drawn again at each change, so a wait finds the cell again each time instead of holding one element."""
    shows = f'[data-status="{status}"]' if status else ""
    return root.locator(f'[data-testid=class-cell][data-student="{student}"][data-step="{step}"]{shows}')


def play_to_the_end(tables, timeout: float = 120) -> None:
    play_shared_game_to_the_end(tables, random.Random(3), timeout)
    assert all(t.view["mode"] == "play" for t in tables)


def test_the_teacher_s_view_live_with_a_game_in_the_review_and_the_csv(page, jupyter_server, class_server, quiet_comm):
    from bhabho_widget import Class

    address, key = class_server
    nb, root = open_view(page, jupyter_server, "class_teacher", [
        LESSON + f"t = Class.create({address!r}, '7B', key={key!r}, language='en')\n"
                 "lesson_id = t.hand_out(lesson)\ntable_id = t.hand_out_table(players=4, title='Play')\nt"], TEACHER)
    code, lesson_id, table_id = nb.eval("[t.code, lesson_id, table_id]")
    assert root.locator("[data-testid=class-code]").inner_text() == f"Class code: {code}"
    assert "No student has joined yet." in root.inner_text()
    students = [Class.join(address, code, name=n, language="en", rollouts=24, samples=4) for n in ("Asha", "Ben")]
    try:
        for s in students:
            s.agree()
        page.wait_for_function("(el) => el.querySelectorAll('tbody tr[data-student]').length === 2",
                               arg=root.element_handle())
        asha, ben = (s.open(lesson_id) for s in students)
        asha.answer("2C")
        cell(root, "Asha", 0).locator("text=not answered right").wait_for()  # live: the wrong answer shows
        asha.answer("KH")
        cell(root, "Asha", 0).locator("text=right after 2 tries").wait_for()
        ben.answer("KH")
        ben.goto(3)
        cell(root, "Ben", 2).locator("text=skipped").wait_for()
        assert cell(root, "Ben", 0).get_attribute("data-status") == "right_first"
        assert cell(root, "Asha", 0).locator(".bh-cl-answer").all_inner_texts() == ["2♣", "K♥"]
        assert cell(root, "Asha", 2).get_attribute("data-status") == "open"
        screenshot(root, "class-teacher-grid-en")
        audit(page, root, "teacher's grid")

        # a class table to its end: the games show with their grade counts
        tables = [s.open(table_id) for s in students]
        wait_for(lambda: all(t.view and t.view["version"] > 0 for t in tables), "every student's view of the table")
        tables[0].deal()
        play_to_the_end(tables)
        assert all(t.backend.reporter.wait(1) for t in tables), [
            (t.backend.reporter.reports, t.review_run and (t.review_run.status, t.review_run.failure), t.error)
            for t in tables]
        root.locator("[data-testid=class-game]").nth(1).wait_for()
        counts = {t.client.state["seats"][t.seat]["name"]: t.backend.reporter.reports[0]["counts"] for t in tables}
        for name, c in counts.items():
            row = root.locator(f'[data-testid=class-game][data-student="{name}"]')
            assert row.locator("[data-testid=class-game-counts]").inner_text() == (
                f"Inaccuracies: {c['inaccuracy']} · Mistakes: {c['mistake']} · Blunders: {c['blunder']}")

        # Review opens Asha's game under the view, in the review, read-only
        row = root.locator('[data-testid=class-game][data-student="Asha"]')
        row.locator("[data-testid=class-game-open]").click()
        table = page.locator(harness.TABLE).first
        table.wait_for(timeout=60_000)
        assert nb.eval("t.opened.wait_review(120) and t.opened.review_run.status") == "done"
        assert nb.eval("t.opened.last_review.counts()") == counts["Asha"]
        table.locator("[data-testid=review-graph]").wait_for(timeout=60_000)
        row.locator("text=open below").wait_for()
        table.scroll_into_view_if_needed()
        screenshot(table, "class-teacher-review-en")

        # the CSV: the kernel's text, saved as a file
        with page.expect_download() as info:
            root.locator("[data-testid=class-csv]").click()
        download = info.value
        assert download.suggested_filename == f"class-{code}.csv"
        text = open(download.path(), encoding="utf-8").read()
        assert text == nb.eval("t.to_csv()")
        assert text.startswith("student,kind,item,title,step,question,status,tries,answers") and text.count(",game,") == 2
        screenshot(root, "class-teacher-games-en")
        audit(page, root, "teacher's games")
    finally:
        for s in students:
            s.close()


def test_the_teacher_s_view_in_german(page, jupyter_server, class_server):
    from bhabho_widget.i18n import translator

    address, key = class_server
    de = translator("de").labels()
    nb, root = open_view(page, jupyter_server, "class_teacher_de", [
        LESSON + f"t = Class.create({address!r}, '7C', key={key!r}, language='de')\nt.hand_out(lesson)\n"
                 f"s = Class.join({address!r}, t.code, name='Dev', language='de')\ns.agree()\n"
                 "s.open(0).answer('KH')\nt"], TEACHER)
    assert root.get_attribute("lang") == "de"
    assert root.locator("label[for$='-language']").inner_text() == de["language"] == "Sprache"
    assert root.locator("label[for$='-size']").inner_text() == de["class_size_label"] == "Plätze"
    cell(root, "Dev", 0, "right_first").wait_for()
    screenshot(root, "class-teacher-grid-de")
    audit(page, root, "teacher's grid, German")
    nb.execute("s.close()")


def test_a_student_s_notice_agreement_items_and_what_was_sent(page, jupyter_server, class_server):
    address, key = class_server
    nb, root = open_view(page, jupyter_server, "class_student", [
        LESSON + f"t = Class.create({address!r}, '7D', key={key!r}, language='en')\nlesson_id = t.hand_out(lesson)\n"
                 f"k = Class.join({address!r}, t.code, name='Esha', language='en')\nk"], STUDENT)
    notice = root.locator("[data-testid=class-notice]")
    assert notice.locator("h4").inner_text() == "What your teacher sees"
    assert "Nothing is sent before you agree" in notice.inner_text()
    assert root.locator("[data-testid=class-consent]").inner_text() == "Nothing has been sent."
    assert root.locator("[data-testid=class-forget]").is_disabled()
    screenshot(root, "class-student-notice-en")
    audit(page, root, "student's notice")

    root.locator("[data-testid=class-agree]").click()
    root.locator("text=You agreed: your answers and finished games go to your teacher.").wait_for()
    assert nb.eval("k.consent") is True
    lesson_id = nb.eval("lesson_id")
    root.locator(f"[data-testid=class-open-{lesson_id}]").click()
    page.locator(harness.TABLE).first.wait_for()  # the lesson, under the view
    root.locator("text=open below").wait_for()
    nb.execute("k.opened.answer('2C')\nk.opened.answer('KH')")
    sent = root.locator("[data-testid=class-sent-answer]")
    # the list is drawn again as each answer is told: wait for the row as it ends, not on the first row drawn
    sent.filter(has_text=re.compile("right after 2 tries")).wait_for()
    assert nb.eval("t.grid()") == {"Esha": ["right", "open"]}
    screenshot(root, "class-student-sent-en")
    audit(page, root, "student's view, sent")

    # delete what was sent: a question first, then it is gone, for the teacher too
    root.locator("[data-testid=class-forget]").click()
    assert "Delete everything you sent this class?" in root.locator(".bh-cl-ask").inner_text()
    root.locator("[data-testid=class-forget-yes]").click()
    root.locator("[data-testid=class-sent] >> text=Nothing sent.").wait_for()
    assert nb.eval("k.consent") is None
    wait_for(lambda: nb.eval("t.grid()") == {"Esha": ["open", "open"]}, "Esha's answers gone from the teacher's grid",
             every=0.1)
    nb.execute("k.close()\nt.close()")


def test_a_student_s_notice_in_hindi(page, jupyter_server, class_server):
    from bhabho_widget.i18n import translator

    address, key = class_server
    hi = translator("hi").labels()
    nb, root = open_view(page, jupyter_server, "class_student_hi", [
        LESSON + f"t = Class.create({address!r}, '7E', key={key!r}, language='hi')\nt.hand_out(lesson)\n"
                 f"k = Class.join({address!r}, t.code, name='Farah', language='hi')\nk"], STUDENT)
    assert root.get_attribute("lang") == "hi"
    assert root.locator("label[for$='-language']").inner_text() == hi["language"]
    assert re.search("[\u0900-\u097f]", hi["language"])
    root.locator("[data-testid=class-notice]").wait_for()
    screenshot(root, "class-student-notice-hi")
    audit(page, root, "student's notice, Hindi")
    root.locator("[data-testid=class-decline]").click()
    page.wait_for_function("(el) => el.querySelector('[data-testid=class-consent]').dataset.consent === 'false'",
                           arg=root.element_handle())
    assert nb.eval("k.consent") is False
    audit(page, root, "student's view, declined, Hindi")
    nb.execute("k.close()\nt.close()")
