"""A lesson stepped with back/next, the slider and an exercise, in JupyterLab.

The teaching notebooks are written elsewhere; this test writes its own small notebook into
the server's temporary copy of the notebooks folder.
"""

from __future__ import annotations

import re

import harness
import pytest
from harness import screenshot, write_notebook

pytestmark = pytest.mark.browser

LESSON_CELL = """\
from bhabho_widget import Game, Lesson, Exercise
g = Game.from_hands([["KH","2C"],["5H","3C"],["4S","9C"],["7H","8C"]], leader=0)
lesson = Lesson(g, ["KH","5H","4S"], title="Tochoo",
                exercises=[Exercise(2, "Player 2 has no hearts. Who picks up?", kind="seat", answer="picker")])
lesson"""


@pytest.fixture(scope="module")
def lesson_page(browser, jupyter_server):

    write_notebook(jupyter_server.root / "browser_lesson.ipynb", [LESSON_CELL])
    with harness.fresh_page(browser, jupyter_server) as p:
        nb, table = harness.open_table(p, jupyter_server, "browser_lesson.ipynb")
        yield p, nb, table


def step_text(table):
    return table.root.locator("[data-testid=lesson-step]").inner_text()


def wait_step(table, i, n=3):
    table.wait("(root, t) => root.querySelector('[data-testid=lesson-step]').textContent === t", f"Step {i} of {n}")


def click(table, testid):
    table.root.locator(f"[data-testid={testid}]").click()


def test_lesson_steps(lesson_page):
    page, nb, table = lesson_page
    assert table.root.locator("[data-testid=lesson-title]").inner_text() == "Tochoo"
    assert step_text(table) == "Step 0 of 3"
    st = table.state()
    assert st["trick"] == [] and st["counts"] == [2, 2, 2, 2]
    assert table.root.locator("[data-testid=lesson-back]").is_disabled()
    # Lessons show no play controls and no Take.
    assert not table.root.locator("[data-testid=take]").is_visible()
    assert not table.root.locator("[data-testid=new-game]").is_visible()
    screenshot(table.root, "lesson-00-start.png")

    click(table, "lesson-next")
    wait_step(table, 1)
    st = table.state()
    assert st["trick"] == ["KH"]
    assert re.search(r"\blead", st["narration"]) and "K♥" in st["narration"], st["narration"]  # "You ... lead K♥."
    screenshot(table.root, "lesson-01-lead.png")

    click(table, "lesson-next")
    wait_step(table, 2)
    st = table.state()
    assert st["trick"] == ["KH", "5H"]
    exercise = table.root.locator("[data-testid=exercise]")
    exercise.wait_for(state="visible")
    assert "Who picks up?" in exercise.inner_text()
    choices = exercise.locator("[data-choice]")
    assert [choices.nth(i).get_attribute("data-choice") for i in range(choices.count())] == ["0", "1", "2", "3"]
    assert table.root.locator("[data-testid=feedback]").count() == 0

    exercise.locator('[data-choice="1"]').click()  # wrong: Player 1 does not pick up
    feedback = table.root.locator("[data-testid=feedback]")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "false"
    assert "Not quite" in feedback.inner_text()
    screenshot(table.root, "lesson-02-wrong-answer.png")
    exercise.locator('[data-choice="0"]').click()  # right: Player 0 played the highest heart
    table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    assert feedback.inner_text().startswith("Right!")
    assert all(choices.nth(i).is_disabled() for i in range(choices.count())), "choices stay open once solved"
    assert nb.eval("lesson.step") == 2
    screenshot(table.root, "lesson-02-right-answer.png")

    click(table, "lesson-next")
    wait_step(table, 3)
    st = table.state()
    assert st["trick"] == [], "the tochoo trick should have been picked up"
    assert st["counts"][0] == 4 and st["counts"] == [4, 1, 1, 2], st["counts"]
    assert re.search(r"\bpicks? up", st["narration"]), st["narration"]
    step_texts = " ".join(st["log"][-2:]).lower()
    assert "tochoo" in step_texts, f"the step's events do not mention the tochoo: {st['log'][-2:]}"
    assert table.root.locator("[data-testid=exercise]").count() == 0
    assert table.root.locator("[data-testid=lesson-next]").is_disabled()
    table.wait_flight_done()
    screenshot(table.root, "lesson-03-pickup.png")

    click(table, "lesson-back")
    wait_step(table, 2)
    st = table.state()
    assert st["trick"] == ["KH", "5H"]
    assert len(table.root.locator("[data-testid=trick-card]").all()) == 2
    # Coming back, the question is asked afresh.
    assert table.root.locator("[data-testid=exercise]").is_visible()
    assert table.root.locator("[data-testid=feedback]").count() == 0

    table.root.locator("[data-testid=lesson-slider]").fill("0")
    wait_step(table, 0)
    st = table.state()
    assert st["trick"] == [] and st["counts"] == [2, 2, 2, 2]
    assert nb.eval("lesson.step") == 0
    screenshot(table.root, "lesson-04-slider-to-start.png")


def test_lesson_narration_tells_the_tochoo(lesson_page):
    page, nb, table = lesson_page
    if step_text(table) != "Step 3 of 3":
        table.root.locator("[data-testid=lesson-end]").click()
    wait_step(table, 3)
    assert "tochoo" in table.state()["narration"].lower()


def test_lesson_has_no_scoreboard(lesson_page):
    page, nb, table = lesson_page
    assert table.root.locator("[data-testid=scoreboard]").count() == 0


def test_lesson_hides_the_play_controls(lesson_page):
    page, nb, table = lesson_page
    for control in ("undo", "pace", "hint", "new-game", "take"):
        assert not table.root.locator(f"[data-testid={control}]").is_visible(), f"{control} shows in a lesson"
    assert table.state()["error"] == ""


def test_lesson_answer_does_not_repeat_the_log(lesson_page):
    page, nb, table = lesson_page
    click(table, "lesson-start")
    wait_step(table, 0)
    click(table, "lesson-next")
    wait_step(table, 1)
    click(table, "lesson-next")
    wait_step(table, 2)
    before = table.state()["log"]
    table.root.locator('[data-testid=exercise] [data-choice="3"]').click()
    table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'false'")
    after = table.state()["log"]
    assert after == before, f"answering added {after[len(before):] or after[-2:]} to the log"


SKIP_CELL = """\
from bhabho_widget import Game, Lesson, Exercise
g = Game.from_hands([["KH","2C"],["5H","3C"],["4S","9C"],["7H","8C"]], leader=0)
lesson = Lesson(g, ["KH","5H","4S"], title="Tochoo", language="en",
                exercises=[Exercise(0, "Which card do you lead?", kind="card", answer="KH"),
                           Exercise(2, "Player 2 has no hearts. Who picks up?", kind="seat", answer="picker")])
lesson"""


def test_next_asks_before_skipping_a_question_and_the_last_step_sums_the_lesson_up(browser, jupyter_server):
    write_notebook(jupyter_server.root / "browser_lesson_skip.ipynb", [SKIP_CELL])
    with harness.fresh_page(browser, jupyter_server) as p:
        nb, table = harness.open_table(p, jupyter_server, "browser_lesson_skip.ipynb")
        exercise = table.root.locator("[data-testid=exercise]")
        exercise.wait_for(state="visible")
        # Next at the unanswered question asks first; the lesson stays where it is
        click(table, "lesson-next")
        ask = table.root.locator("[data-testid=skip-ask]")
        ask.wait_for(state="visible")
        assert "Skip this question? The next step shows its answer." in ask.inner_text()
        assert step_text(table) == "Step 0 of 3" and nb.eval("lesson.step") == 0
        assert table.focused()["testid"] == "skip-cancel"
        screenshot(table.root, "lesson-05-skip-asked.png")
        click(table, "skip-cancel")  # Answer first
        table.wait("(root) => !root.querySelector('[data-testid=skip-ask]')")
        exercise.locator('[data-choice="KH"]').click()
        table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
        # answered: Next goes straight on
        click(table, "lesson-next")
        wait_step(table, 1)
        click(table, "lesson-next")
        wait_step(table, 2)
        # the seat the lesson looks from is "You" on its button, as in the narration
        choices = table.root.locator("[data-testid=exercise] [data-choice]")
        assert [choices.nth(i).inner_text() for i in range(choices.count())] == ["You", "Player 1", "Player 2", "Player 3"]
        assert "Player 0" not in " ".join(table.state()["log"])
        # End past the unanswered question: asked, then skipped
        click(table, "lesson-end")
        ask.wait_for(state="visible")
        click(table, "skip-confirm")
        wait_step(table, 3)
        summary = table.root.locator("[data-testid=lesson-summary]")
        summary.wait_for(state="visible")
        assert summary.locator("h3").inner_text() == "How the lesson went"
        text = table.root.locator("[data-testid=lesson-summary-text]").inner_text()
        assert text == "1 of 2 answered, 1 right first time. Skipped: 1.", text
        items = summary.locator("li")
        assert [items.nth(i).get_attribute("data-status") for i in range(items.count())] == ["right_first", "skipped"]
        table.wait_flight_done()
        screenshot(table.root, "lesson-06-summary.png")
        results = nb.eval("lesson.results()")
        assert (results["answered"], results["right_first_time"], results["skipped"]) == (1, 1, 1)
        assert [it["answers"] for it in results["items"]] == [["KH"], []]
        assert nb.eval("lesson.results().to_json() == __import__('json').dumps(lesson.results(), ensure_ascii=False)")
