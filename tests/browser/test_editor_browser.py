"""A teacher's position built by clicks in the editor, opened as a lesson and answered.

In JupyterLab: ``Editor(players=3)``; six cards given to the seats by clicks (and one by the
keyboard: the card, then its seat's number), the problem line followed step by step, the
opening trick set over and the leader chosen; the position text read; *Open as a lesson*
asks which card to play; the learner answers wrong, then right, and the lesson's last step
shows how it went. Then a stale click is refused, the editor switches to Spanish, and axe
finds nothing serious.
"""

from __future__ import annotations

import harness
import pytest
from harness import axe_audit, describe_violations, screenshot, serious, write_notebook

pytestmark = pytest.mark.browser

EDITOR = "[data-testid=bhabho-editor]"
CELL = """\
from bhabho_widget import Editor
ed = Editor(players=3, language="en")
ed"""


@pytest.fixture(scope="module")
def editor_page(browser, jupyter_server):
    write_notebook(jupyter_server.root / "browser_editor.ipynb", [CELL])
    with harness.fresh_page(browser, jupyter_server) as p:
        nb = harness.LabNotebook.open_lab(p, jupyter_server, "browser_editor.ipynb")
        nb.run_all(wait_for=EDITOR)
        root = p.locator(EDITOR).first
        root.scroll_into_view_if_needed()
        yield p, nb, root


def _version(nb) -> int:
    return nb.eval("ed.panel.editor['version']")


def _give(root, nb, card: str, seat: int) -> None:
    before = _version(nb)
    root.locator(f'button[data-card="{card}"]').click()
    root.locator(f"[data-testid=editor-put-{seat}]").click()
    root.locator(f'[data-testid=editor-place-{seat}] button[data-card="{card}"]').wait_for()
    assert _version(nb) == before + 1


def test_build_by_clicks_open_as_a_lesson_answer_and_see_the_summary(editor_page):
    page, nb, root = editor_page
    problem = root.locator("[data-testid=editor-problem]")
    assert problem.inner_text().startswith("The hands: a position needs at least 2 players holding cards")
    assert root.locator("[data-testid=editor-place-box] button[data-card]").count() == 52

    _give(root, nb, "KH", 0)
    root.locator('button[data-card="KH"]').wait_for()
    assert root.locator("[data-testid=editor-place-0] [aria-pressed=true]").count() == 0
    for card, seat in [("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2)]:
        _give(root, nb, card, seat)
    # the last card by the keyboard: focus it in the box, Enter chooses it, 2 sends it to seat 2
    box_card = root.locator('[data-testid=editor-place-box] button[data-card="4D"]')
    box_card.focus()
    page.keyboard.press("Enter")
    assert root.locator('button[data-card="4D"]').get_attribute("aria-pressed") == "true"
    assert "4 of diamonds chosen" in root.locator("[data-testid=editor-status]").inner_text()
    page.keyboard.press("2")
    root.locator('[data-testid=editor-place-2] button[data-card="4D"]').wait_for()
    assert nb.eval("ed.session.hand(2)") == ["9H", "4D"]
    page.wait_for_function("(el) => el.textContent.includes('nobody holds a card of the opening suit')",
                           arg=problem.element_handle())
    screenshot(root, "editor-0-problem.png")

    root.locator("[data-testid=editor-opening]").check()
    page.wait_for_function("(el) => el.textContent.startsWith('The leader: choose the seat')", arg=problem.element_handle())
    root.locator("[data-testid=editor-leader]").select_option("0")
    page.wait_for_function("(el) => el.textContent === 'The position is valid: Player 0 is to play.'",
                           arg=problem.element_handle())
    text = root.locator("[data-testid=editor-text]")
    assert text.input_value() == "rules=classic hands=.K..2/.5..3/.9.4. lead=0" == nb.eval("ed.text()")
    assert root.locator("[data-testid=editor-place-0]").inner_text().count("power") == 1
    screenshot(root, "editor-1-valid.png")

    # a stale click (the version of a view already replaced) is refused and changes nothing
    nb.execute("ed._on_frontend_msg(ed.panel, {'type': 'edit_clear', 'version': 0}, None)")
    error = root.locator("[data-testid=error]")
    error.wait_for(state="visible")
    assert "changed before that click arrived" in error.inner_text()
    assert nb.eval("ed.text()") == text.input_value()

    # open it as a lesson asking which card to play
    root.locator("[data-testid=editor-question]").select_option("card")
    root.locator("[data-testid=editor-lesson]").click()
    lesson = harness.TableDriver(page, 0)  # the lesson under the editor is the page's first table
    lesson.wait_ready()
    assert root.locator("[data-testid=editor-outcome]").inner_text() == "Below: the position as a lesson."
    exercise = lesson.root.locator("[data-testid=exercise]")
    exercise.wait_for(state="visible")
    assert "Which card should" in exercise.inner_text()
    key = nb.eval("next(iter(ed.lesson.exercises.values())).answer[0]")
    choices = exercise.locator("[data-choice]")
    offered = sorted(choices.nth(i).get_attribute("data-choice") for i in range(choices.count()))
    assert offered == ["2C", "KH"] and key in offered
    lesson.root.scroll_into_view_if_needed()
    screenshot(lesson.root, "editor-2-lesson.png")

    wrong = next(c for c in offered if c != key)
    exercise.locator(f'[data-choice="{wrong}"]').click()
    feedback = lesson.root.locator("[data-testid=feedback]")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-correct") == "false"
    exercise.locator(f'[data-choice="{key}"]').click()
    lesson.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    lesson.root.locator("[data-testid=lesson-end]").click()
    summary = lesson.root.locator("[data-testid=lesson-summary-text]")
    summary.wait_for(state="visible")
    assert summary.inner_text() == "1 of 1 answered, 0 right first time."
    results = nb.eval("ed.lesson.results()")
    assert results["items"][0]["answers"] == [wrong, key] and results["items"][0]["tries"] == 2
    screenshot(lesson.root, "editor-3-summary.png")


def test_in_spanish_and_axe_clean(editor_page):
    page, nb, root = editor_page
    root.scroll_into_view_if_needed()
    root.locator("[data-testid=editor-language]").select_option("es")
    page.wait_for_function("(el) => el.getAttribute('lang') === 'es'", arg=root.element_handle())
    assert root.locator("[data-testid=editor-deal]").inner_text() == nb.eval("ed.panel.labels['editor_deal']")
    assert root.locator("[data-testid=editor-deal]").inner_text() != "Deal at random"
    root.locator('button[data-card="KH"]').click()
    root.locator("[data-testid=editor-put-table]").click()
    root.locator('[data-testid=editor-place-table] button[data-card="KH"]').wait_for()
    assert nb.eval("ed.panel.editor['table']") == [{"seat": 0, "card": "KH"}]
    labels = nb.eval("ed.panel.labels")
    valid = labels["editor_valid"].format(name=nb.eval("ed.panel.editor['names'][1]"))
    problem = root.locator("[data-testid=editor-problem]")
    page.wait_for_function("([el, text]) => el.textContent === text", arg=[problem.element_handle(), valid])
    # a card given where it cannot be: the engine's sentence, in Spanish
    root.locator('button[data-card="3C"]').click()
    root.locator("[data-testid=editor-put-table]").click()
    page.wait_for_function("(el) => el.classList.contains('is-problem')", arg=problem.element_handle())
    told = problem.inner_text()
    nb.execute("from bhabho_widget.i18n import translator")
    assert told == nb.eval("ed.panel.editor['problem']") == nb.eval("ed.session.problem_message.localize(translator('es'))")
    assert "3♣" in told and not told.startswith("The table")
    report = axe_audit(page, root)
    assert not serious(report["violations"]), describe_violations(report["violations"])
    screenshot(root, "editor-4-spanish.png")
