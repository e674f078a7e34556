"""A teacher's position, made an exercise and answered in the browser.

The position is built with the editor's messages (``EditorSession``), checked, turned into a
question with ``make_exercise`` and opened as a ``Lesson`` in JupyterLab; the learner answers
wrong, then right, and the lesson's last step shows how it went.
"""

from __future__ import annotations

import harness
import pytest
from harness import screenshot, write_notebook

pytestmark = pytest.mark.browser

CELL = """\
from bhabho_widget import EditorSession, Lesson, make_exercise
ed = EditorSession(players=3)
for card, to in [("KH", 0), ("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2), ("4D", 2)]:
    ed.receive({"type": "give", "card": card, "to": to})
ed.receive({"type": "opening", "over": True})
ed.receive({"type": "leader", "seat": 0})
assert ed.problem is None, ed.problem
script = make_exercise(ed.game(), "card", title="Your lead", rollouts=80)
key = script.exercises[0].answer[0]
lesson = Lesson(script.game, script.moves, title=script.title, exercises=list(script.exercises.values()))
lesson"""


@pytest.fixture(scope="module")
def exercise_page(browser, jupyter_server):
    write_notebook(jupyter_server.root / "browser_editor.ipynb", [CELL])
    with harness.fresh_page(browser, jupyter_server) as p:
        nb, table = harness.open_table(p, jupyter_server, "browser_editor.ipynb")
        yield p, nb, table


def test_a_built_position_asked_and_answered(exercise_page):
    page, nb, table = exercise_page
    key = nb.eval("key")
    assert nb.eval("ed.text()") == "rules=classic hands=.K..2/.5..3/.9.4. lead=0"
    assert table.root.locator("[data-testid=lesson-title]").inner_text() == "Your lead"
    exercise = table.root.locator("[data-testid=exercise]")
    exercise.wait_for(state="visible")
    assert "Which card should" in exercise.inner_text()
    choices = exercise.locator("[data-choice]")
    offered = sorted(choices.nth(i).get_attribute("data-choice") for i in range(choices.count()))
    assert offered == ["2C", "KH"] and key in offered
    screenshot(table.root, "editor-exercise-00-question.png")

    wrong = next(c for c in offered if c != key)
    exercise.locator(f'[data-choice="{wrong}"]').click()
    feedback = table.root.locator("[data-testid=feedback]")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "false" and "Not quite" in feedback.inner_text()
    exercise.locator(f'[data-choice="{key}"]').click()
    table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    assert feedback.inner_text().startswith("Right!")
    screenshot(table.root, "editor-exercise-01-right.png")

    table.root.locator("[data-testid=lesson-end]").click()
    summary = table.root.locator("[data-testid=lesson-summary-text]")
    summary.wait_for(state="visible")
    assert summary.inner_text() == "1 of 1 answered, 0 right first time."
    results = nb.eval("lesson.results()")
    assert results["items"][0]["answers"] == [wrong, key] and results["items"][0]["tries"] == 2
    screenshot(table.root, "editor-exercise-02-summary.png")
