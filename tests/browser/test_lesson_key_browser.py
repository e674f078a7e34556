"""A teacher sets a lesson's answer key in the editor, and the lesson honours it.

In JupyterLab: ``Editor(position=...)`` at six cards with every hand shown (8♥ and J♣ both
escape, whatever anyone plays); *Open as a lesson* asks which card to play and the editor
shows the answer key: both cards at 0 %, both accepted. The teacher clears J♣'s box; the
kernel's key follows, and the lesson under the editor refuses J♣ ("Not quite", never a word
that calls it as good), then accepts 8♥. A stale click on the key is refused. axe finds
nothing serious in the editor with its key, nor in the lesson.
"""

from __future__ import annotations

import harness
import pytest
from harness import axe_audit, describe_violations, screenshot, serious, write_notebook

pytestmark = pytest.mark.browser

EDITOR = "[data-testid=bhabho-editor]"
TIED = "rules=classic hands=.8..J/.K..7/...Q6 lead=0"
CELL = f"""\
from bhabho_widget import Editor
ed = Editor(position={TIED!r}, language="en")
ed"""


@pytest.fixture(scope="module")
def key_page(browser, jupyter_server):
    write_notebook(jupyter_server.root / "browser_lesson_key.ipynb", [CELL])
    with harness.fresh_page(browser, jupyter_server) as p:
        nb = harness.LabNotebook.open_lab(p, jupyter_server, "browser_lesson_key.ipynb")
        nb.run_all(wait_for=EDITOR)
        root = p.locator(EDITOR).first
        root.scroll_into_view_if_needed()
        yield p, nb, root


def test_open_a_lesson_see_the_key_refuse_an_answer_and_the_lesson_honours_it(key_page):
    page, nb, root = key_page
    panel = root.locator("[data-testid=editor-key]")
    assert panel.is_hidden()
    root.locator("[data-testid=editor-question]").select_option("card")
    root.locator("[data-testid=editor-lesson]").click()
    panel.wait_for(state="visible")
    lesson = harness.TableDriver(page, 0)
    lesson.wait_ready()

    # the key: worked out with every hand as shown, both leads at 0 %, both accepted
    assert panel.locator("h4").inner_text() == "Answer key"
    assert panel.locator("[data-testid=editor-key-note]").inner_text() == (
        "Worked out with every hand as shown: each action played on 160 times from these very hands.")
    rows = panel.locator("[data-testid=editor-key-row]")
    assert rows.count() == 2
    texts = [rows.nth(i).inner_text() for i in range(2)]
    assert "8 of hearts" in texts[0] and "0 %" in texts[0] and "best" in texts[0]
    assert "Jack of clubs" in texts[1] and "0 %" in texts[1] and "as good, within the margin" in texts[1]
    jc = panel.locator("[data-testid=editor-key-accept-JC]")
    h8 = panel.locator("[data-testid=editor-key-accept-8H]")
    assert jc.is_checked() and h8.is_checked() and not h8.is_disabled()
    assert nb.eval("ed.lesson.exercises[0].answer") == ["8H", "JC"]
    screenshot(root, "lesson-key-0-both.png")

    # the teacher refuses J♣ by the keyboard: focus its box, Space
    version = nb.eval("ed.panel.editor['key']['version']")
    jc.focus()
    page.keyboard.press("Space")
    root.locator("[data-testid=editor-key-row].is-refused[data-action=JC]").wait_for()
    assert nb.eval("ed.panel.editor['key']['version']") == version + 1
    assert nb.eval("ed.lesson.exercises[0].answer") == ["8H"]
    assert not jc.is_checked() and h8.is_disabled()  # the one accepted answer stays accepted
    assert page.evaluate("() => document.activeElement?.dataset?.action") == "JC"  # the focus stays on the box
    root.scroll_into_view_if_needed()
    screenshot(root, "lesson-key-1-refused.png")

    # the lesson honours it: J♣ is refused, with no word that calls it as good; 8♥ is right
    exercise = lesson.root.locator("[data-testid=exercise]")
    exercise.wait_for(state="visible")
    feedback = lesson.root.locator("[data-testid=feedback]")
    exercise.locator('[data-choice="JC"]').click()
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "false"
    assert feedback.inner_text().startswith("Not quite")
    exercise.locator('[data-choice="JC"]').click()
    lesson.wait("(root) => root.querySelector('[data-testid=feedback]')?.textContent.includes('this lesson asks for')")
    told = feedback.inner_text()
    assert "Not quite: this lesson asks for 8♥." in told
    assert not any(words in told for words in ("about equal", "as good as", "hardly matters", "0%"))
    exercise.locator('[data-choice="8H"]').click()
    lesson.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    assert feedback.inner_text().startswith("Right!")
    results = nb.eval("ed.lesson.results()")
    assert results["items"][0]["answers"] == ["JC", "JC", "8H"] and results["items"][0]["correct"] == [False, False, True]
    lesson.root.scroll_into_view_if_needed()
    screenshot(lesson.root, "lesson-key-2-lesson.png")

    # a click on an older key is refused and changes nothing
    nb.execute(f"ed._on_frontend_msg(ed.panel, {{'type': 'edit_answer', 'action': 'JC', 'accepted': True, "
               f"'key': {version}, 'version': ed.panel.editor['version']}}, None)")
    error = root.locator("[data-testid=error]")
    error.wait_for(state="visible")
    assert "answer key changed before that click" in error.inner_text()
    assert nb.eval("ed.lesson.exercises[0].answer") == ["8H"] and not jc.is_checked()


def test_the_editor_with_its_key_and_the_lesson_are_axe_clean(key_page):
    page, nb, root = key_page
    root.locator("[data-testid=editor-key]").wait_for(state="visible")
    report = axe_audit(page, root)
    assert not serious(report["violations"]), describe_violations(report["violations"])
    lesson = harness.TableDriver(page, 0)
    report = axe_audit(page, lesson.root)
    assert not serious(report["violations"]), describe_violations(report["violations"])
