"""Each teaching notebook in JupyterLab: run all its cells, step through one of its lessons
and answer its questions by clicking, as a learner would.

For every notebook one lesson is chosen (``LESSONS``). The test opens the notebook from the
server's temporary copy, runs every cell, finds that lesson's widget by its title, and
then, for each question of the lesson in turn: steps there with *Next*, opens the hint,
clicks a wrong answer (the feedback must not give the answer away), clicks the right one
and checks that the kernel's lesson shows the same step. It ends at the last step. The
right answers come from the kernel (each choice tried on a fresh copy of the lesson).
Screenshots go to tests/artifacts/notebook-<name>-*.png.

Notebook 01's lesson replays the person's own game: the test first plays a card at the
table by clicking it, then runs the replay cell again.
"""

from __future__ import annotations

import json

import harness
import pytest
from harness import TABLE, LabNotebook, TableDriver, screenshot
from lesson_steps import QUESTIONS, answer, go_to, lesson_index, step_text, wait_step

pytestmark = pytest.mark.browser

# notebook -> the variable holding the lesson to step through (card and seat questions)
LESSONS = {
    "00_basics": "first_look",
    "01_quick_start": "replay",
    "02_tricks": "tricks",
    "03_tochoo": "tochoo",
    "04_escapes": "escapes",
    "05_taking": "whole_game",
    "06_variants": "get_away",
    "08_session": "end_of_round",
}


def run_cell(page, index: int) -> None:
    """Run one cell of the open notebook (as Shift+Enter on it would)."""
    page.evaluate("""(i) => {
      const panel = window.jupyterapp.shell.currentWidget;
      panel.content.activeCellIndex = i;
      return window.jupyterapp.commands.execute('notebook:run-cell');
    }""", index)


def cell_index(name: str, text: str) -> int:
    cells = json.loads((harness.NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return next(i for i, c in enumerate(cells) if text in "".join(c["source"]))


def play_a_card_at_the_table(nb, page) -> int:
    """Notebook 01: play one card at ``table`` by clicking it; returns the game's moves after."""
    table = TableDriver(page, 0)
    table.wait_ready()
    table.root.scroll_into_view_if_needed()
    table.set_pace(0)
    st = table.wait_turn_or_over()
    if not st["over"]:
        table.click_card(st["legal"][0])
        table.wait_turn_or_over()
    return nb.eval("len(table.game.moves)")


@pytest.mark.parametrize("name", list(LESSONS))
def test_step_through_a_lesson_and_answer_its_questions(browser, jupyter_server, name):
    var = LESSONS[name]
    path = f"{name}.ipynb"
    if not (jupyter_server.root / path).exists():
        pytest.skip(f"{path} is not among the notebooks")
    with harness.fresh_page(browser, jupyter_server) as page:
        nb = LabNotebook.open_lab(page, jupyter_server, path)
        nb.run_all(timeout=180_000)
        nb.check_kernel()
        if name == "01_quick_start":
            moves = play_a_card_at_the_table(nb, page)
            run_cell(page, cell_index(name, "replay = Lesson("))
            nb.wait_cells_done()
            assert nb.eval("replay.length") == moves >= 1, "the replay does not hold the game played at the table"
        nb.execute(QUESTIONS)
        title = nb.eval(f"{var}.title")
        length = nb.eval(f"{var}.length")
        questions = nb.eval(f"_bh_questions({var})")
        if name != "01_quick_start":
            assert questions, f"{name}: the lesson {var} asks nothing"
        for q in questions:
            assert q["kind"] in ("card", "seat"), f"{name}: pick a lesson with card and seat questions"
            assert q["right"], f"{name}, step {q['step']}: no right answer among the choices {q['choices']}"

        page.wait_for_function(f"(t) => Array.from(document.querySelectorAll('{TABLE} [data-testid=lesson-title]'))"
                               ".some((e) => e.textContent === t)", arg=title, timeout=60_000)
        table = TableDriver(page, lesson_index(page, title))
        table.root.scroll_into_view_if_needed()
        assert step_text(table).endswith(f"of {length}")
        start = nb.eval(f"{var}.step")
        screenshot(table.root, f"notebook-{name}-0-start.png")

        for k, q in enumerate(questions, start=1):
            go_to(nb, table, var, q["step"], length)
            exercise = table.root.locator("[data-testid=exercise]")
            exercise.wait_for(state="visible")
            shown = [exercise.locator("[data-choice]").nth(i).get_attribute("data-choice")
                     for i in range(exercise.locator("[data-choice]").count())]
            assert shown == q["choices"], f"{name}, step {q['step']}: the page offers {shown}, the lesson {q['choices']}"
            assert set(q["right"]) <= set(shown)
            hint_button = exercise.locator("[data-testid=exercise-hint]")
            if q["hint"] and hint_button.count():
                hint_button.click()
                hint = table.root.locator("[data-testid=exercise-hint-text]")
                hint.wait_for(state="visible")
                assert hint.inner_text().strip() == q["hint"].strip()
            wrong = next(c for c in shown if c not in q["right"])
            answer(table, wrong)
            feedback = table.root.locator("[data-testid=feedback]")
            feedback.wait_for(state="visible")
            table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'false'")
            text = feedback.inner_text()
            assert text.startswith("Not quite. Try again.") or " is not allowed: " in text, text
            for given_away in q["names"]:
                assert given_away not in text, f"{name}, step {q['step']}: a first wrong answer is told {given_away}"
            if k == 1:
                screenshot(table.root, f"notebook-{name}-{k}-wrong.png")
            answer(table, q["right"][0])
            table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
            assert feedback.inner_text().startswith("Right!")
            choices = exercise.locator("[data-choice]")
            assert all(choices.nth(i).is_disabled() for i in range(choices.count())), "choices stay open once solved"
            screenshot(table.root, f"notebook-{name}-{k}-right.png")
            assert nb.eval(f"{var}.step") == q["step"]

        table.root.locator("[data-testid=lesson-end]").click()
        wait_step(table, length, length)
        assert nb.eval(f"{var}.step") == length
        st = table.state()
        assert st["narration"].strip() or length == 0, "the last step explains nothing"
        assert st["error"] == ""
        table.wait_still()  # the last cards flew off (a lesson's last trick then rests beside the table)
        screenshot(table.root, f"notebook-{name}-9-end.png")
        if start != length:
            assert table.root.locator("[data-testid=lesson-next]").is_disabled()
