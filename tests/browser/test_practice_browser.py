"""The practice widget in JupyterLab, as a learner uses it: at 1280 and at 390 px.

A puzzle from the bundled set is on the felt: the seat's hand and the table as the seat saw
them, the question. The learner answers with a click (or the keyboard); the verdict, the
coach's reason and the proof's numbers come at once, with the rating's change; *Show me*
plays out the line that goes wrong for the move chosen; *Next puzzle* serves another. The
answer is never in the page before the learner answers. Screenshots: ``tests/artifacts/
practice-1280-right.png``, ``practice-1280-show-me.png``, ``practice-390-question.png`` and
``practice-390-verdict.png``.
"""

from __future__ import annotations

import harness
import pytest
from harness import screenshot
from screens import open_in_lab

pytestmark = pytest.mark.browser

NOTEBOOK = "practice.ipynb"
PANEL = "[data-testid=practice]"


def _notebook(server, name: str, theme: str | None = None) -> None:
    harness.write_notebook(server.root / name, [
        "from bhabho_widget import Practice\n"
        f"table = Practice(theme={theme!r}, seed=5)\n"
        "table",
    ])


def _answer(table: harness.TableDriver, action: str) -> None:
    """Answer as a learner: a card of the hand, or Take, or Pass."""
    if action == "take":
        table.root.locator("[data-testid=take]").click()
    elif action == "pass":
        table.root.locator("[data-testid=pass-take]").click()
    else:
        table.card(action).click()
    table.wait("(root) => root.querySelector('[data-testid=practice-verdict]')")


def _fits(table: harness.TableDriver, width: int) -> None:
    """Nothing of the panel runs past the screen's width; its buttons are 24 px targets at least."""
    boxes = table.root.evaluate("""(root) => Array.from(root.querySelectorAll(
        '[data-testid=practice] button:not([hidden]), [data-testid=practice] select, [data-testid=hand] button'),
        (el) => { const r = el.getBoundingClientRect(); return {id: el.dataset.testid || el.dataset.card,
          left: r.left, right: r.right, width: r.width, height: r.height}; })
        .filter((b) => b.width > 0)""")
    assert boxes
    for b in boxes:
        assert b["left"] >= -1 and b["right"] <= width + 1, b
        assert b["width"] >= 24 and b["height"] >= 24, b


def test_a_puzzle_answered_right_then_wrong_with_show_me_at_1280(browser, jupyter_server):
    _notebook(jupyter_server, NOTEBOOK, "known_void")
    with harness.fresh_page(browser, jupyter_server) as page:
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")
        panel = table.root.locator(PANEL)
        puzzle = nb.eval("{'id': table.backend.puzzle.id, 'answer': table.backend.puzzle.answer, "
                         "'choices': table.backend.session.choices}")
        html = table.root.evaluate("(root) => root.innerHTML")
        assert puzzle["id"] not in html  # nothing in the page says which puzzle, nor so its answer
        assert panel.locator("[data-testid=practice-ask]").inner_text()
        assert not panel.locator("[data-testid=practice-themes]").count()  # the themes would give it away

        _answer(table, puzzle["answer"])
        verdict = panel.locator("[data-testid=practice-verdict]")
        assert verdict.get_attribute("data-solved") == "true"
        assert panel.locator("[data-testid=practice-reason]").inner_text()
        assert panel.locator("[data-testid=practice-proof]").inner_text()
        assert panel.locator("[data-testid=practice-themes]").inner_text()
        table.wait_flight_done()
        screenshot(table.root, "practice-1280-right")
        assert nb.eval("len(table.backend.session.progress.attempts())") == 1

        # the next puzzle, answered wrong: Show me plays the line that goes wrong
        panel.locator("[data-testid=practice-next]").click()
        table.wait("(root) => !root.querySelector('[data-testid=practice-verdict]')")
        second = nb.eval("{'answer': table.backend.puzzle.answer, 'choices': table.backend.session.choices, "
                         "'id': table.backend.puzzle.id}")
        assert second["id"] != puzzle["id"]
        wrong = next(c for c in second["choices"] if c != second["answer"])
        _answer(table, wrong)
        assert verdict.get_attribute("data-solved") == "false"
        panel.locator("[data-testid=practice-show-me]").click()
        table.wait("(root) => root.querySelector('[data-testid=imagined-tag]') && "
                   "!root.querySelector('[data-testid=imagined-tag]').hidden")
        for _ in range(3):
            table.root.locator("[data-testid=show-next]").click()
        table.wait_flight_done()
        screenshot(table.root, "practice-1280-show-me")
        assert nb.eval("table.view['mode']") == "imagine"
        assert sorted(nb.eval("[a['solved'] for a in table.backend.session.progress.attempts()]")) == [False, True]


def test_practice_on_a_phone_answered_from_the_keyboard(browser, jupyter_server):
    """At 390 px, JupyterLab's left panel closed as on a phone."""
    page = harness.new_page(browser, width=390, height=844)
    try:
        nb = open_in_lab(page, jupyter_server, "practice_phone",
                         ["from bhabho_widget import Practice\ntable = Practice(seed=5)\ntable"])
        table = harness.TableDriver(page)
        table.wait_ready()
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")
        table.scroll_to_top()
        _fits(table, 390)
        table.wait_flight_done()
        screenshot(page, "practice-390-question")
        answer = nb.eval("table.backend.puzzle.answer")
        if answer in ("take", "pass"):
            _answer(table, answer)
        else:  # the arrows along the hand to the card, and Enter, as a keyboard user does
            table.root.locator(harness.ENABLED_CARD).first.focus()
            for _ in range(14):
                if table.focused().get("card") == answer:
                    break
                table.press("ArrowRight")
            assert table.focused().get("card") == answer, table.focused()
            table.press("Enter")
            table.wait("(root) => root.querySelector('[data-testid=practice-verdict]')")
        assert table.root.locator("[data-testid=practice-verdict]").get_attribute("data-solved") == "true"
        _fits(table, 390)
        table.root.locator("[data-testid=practice-verdict]").scroll_into_view_if_needed()
        screenshot(page, "practice-390-verdict")
    finally:
        harness.close_pages([page], jupyter_server)
