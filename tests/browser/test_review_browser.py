"""The review in JupyterLab, as a learner uses it, in Spanish: a whole game played by clicks;
at game over the Review button (reached with the keyboard) works the review out in the
kernel while the page shows its progress; then the graph, the grade counts and the
costliest decisions with the coach's reasons. A row shows that position on the table,
read-only with the better card outlined; Next, Back, a point of the graph and "Back to the
end" move through the game. A long review is cancelled from its panel. axe finds nothing
serious. Screenshots: ``tests/artifacts/review-1-done.png``, ``review-2-position.png``,
``review-3-cancelled.png``.
"""

from __future__ import annotations

import random

import harness
import pytest
from harness import axe_audit, describe_violations, screenshot, serious

from bhabho_widget.i18n import translator

pytestmark = pytest.mark.browser

NOTEBOOK = "review.ipynb"
PANEL = "[data-testid=review]"


def test_review_a_game_then_step_through_its_decisions(browser, jupyter_server):
    harness.write_notebook(jupyter_server.root / NOTEBOOK, [
        "from bhabho_widget import Table\n"
        "table = Table(players=4, seed=8, language='es', pace=0)\n"
        "table",
    ])
    labels = translator("es").labels()
    with harness.fresh_page(browser, jupyter_server) as page:
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        start = table.root.locator("[data-testid=review-start]")
        assert start.is_hidden()  # only once the game is over
        rng = random.Random(8)
        for _turn in range(300):
            st = table.wait_turn_or_over(timeout=60_000)
            if st["over"]:
                break
            table.click_card(rng.choice(st["legal"]))
        else:
            pytest.fail("the game did not end within 300 turns")
        table.wait("(root) => !root.querySelector('[data-testid=review-start]').hidden")
        assert start.inner_text() == labels["review"]

        # the keyboard: Tab to Review, Enter; the kernel works while the page shows progress
        table.tab_to("review-start")
        table.press("Enter")
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")
        table.wait("(root) => root.querySelector('[data-testid=review-counts]')", timeout=120_000)
        assert nb.eval("table.review['status']") == "done"
        kernel = nb.eval("{'n': len(table.review['decisions']), 'costliest': table.review['costliest'], "
                         "'counts': table.review['counts']}")
        assert table.root.locator("[data-testid=review-point]").count() == kernel["n"] > 0
        counts = table.root.locator("[data-testid=review-counts]").inner_text()
        assert counts == labels["review_counts"].format(**kernel["counts"])
        table.wait_flight_done()
        found = axe_audit(page, table.root)
        assert not serious(found["violations"]), describe_violations(found["violations"])
        table.root.locator(PANEL).scroll_into_view_if_needed()
        screenshot(table.root, "review-1-done.png")

        # a row: that position, read-only, the better action outlined
        if kernel["costliest"]:
            first = kernel["costliest"][0]
            table.root.locator("[data-testid=review-row]").first.click()
        else:
            first = 0
            table.root.locator("[data-testid=review-all] summary").click()
            table.root.locator("[data-testid=review-all-row]").first.click()
        table.wait("(root) => root.classList.contains('is-reviewing')")
        at = nb.eval("table.view['review']")
        assert at["number"] == first
        assert table.root.locator("[data-testid=review-at]").inner_text() == \
            labels["review_at"].format(n=first + 1, count=kernel["n"])
        assert table.root.locator("[data-testid=hand] button[data-card]:not([disabled])").count() == 0
        if at["kind"] == "card":
            best = table.root.locator(f"[data-testid=hand] button[data-card='{at['best']}']")
            assert "is-review-best" in best.get_attribute("class")
            assert best.get_attribute("aria-label").endswith(labels["review_best_mark"])
        assert table.root.locator("[data-testid=narration]").inner_text().startswith(
            f"Análisis, decisión {first + 1} de {kernel['n']}")
        assert table.root.locator("[data-testid=game-over]").is_hidden()
        found = axe_audit(page, table.root)
        assert not serious(found["violations"]), describe_violations(found["violations"])
        screenshot(table.root, "review-2-position.png")

        # Next and Back by the keyboard and the mouse, a point of the graph, then the end
        if first < kernel["n"] - 1:
            table.root.locator("[data-testid=review-next]").click()
            table.wait("(root, n) => root.querySelector('[data-testid=review-at]').textContent.startsWith(n)",
                       labels["review_at"].format(n=first + 2, count=kernel["n"]))
            assert table.focused()["testid"] == "review-next" or first + 1 == kernel["n"] - 1
            table.root.locator("[data-testid=review-back]").focus()
            table.press("Enter")
            table.wait("(root, n) => root.querySelector('[data-testid=review-at]').textContent === n",
                       labels["review_at"].format(n=first + 1, count=kernel["n"]))
        last = kernel["n"] - 1
        table.root.locator(f"[data-testid=review-point][data-decision='{last}']").dispatch_event("click")
        table.wait("(root, n) => root.querySelector('[data-testid=review-at]')?.textContent === n",
                   labels["review_at"].format(n=last + 1, count=kernel["n"]))
        assert nb.eval("table.view['review']['number']") == last
        table.root.locator("[data-testid=review-end]").click()
        table.wait("(root) => !root.classList.contains('is-reviewing')")
        table.wait("(root) => !root.querySelector('[data-testid=game-over]').hidden")
        assert nb.eval("(table.view['mode'], table.view['is_over'], table.review['at'])") == ["play", True, None]

        # a long review, cancelled from the panel: the Review button is offered again
        nb.execute("run = table.start_review(rollouts=20000, samples=40)")
        table.wait("(root) => root.querySelector('[data-testid=review-cancel]')")
        table.root.locator("[data-testid=review-cancel]").click()
        table.wait("(root) => root.querySelector('[data-testid=review-note]')", timeout=60_000)
        assert table.root.locator("[data-testid=review-note]").inner_text() == labels["review_cancelled"]
        assert nb.eval("run.wait(30) and table.review['status']") == "cancelled"
        assert start.is_visible()
        screenshot(table.root, "review-3-cancelled.png")
        assert nb.eval("table.error") == ""
