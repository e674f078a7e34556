"""Show me and the Tracker's key in JupyterLab, as a learner uses them (a page with a mouse,
a keyboard and a touch screen).

A hint that names a clearly worse card: its Show me plays one imagined way the game can go
on the felt, marked as imagined; Next and Back with the keyboard (Enter on Next, the arrows),
the worse line from the toggle, a card clicked is refused in one sentence, Escape goes back
to the live table with the keyboard on Show me again. The Tracker's key is shown, and a
cell's status and chances follow keyboard focus, a tap and the pointer. At game over a
review row's Show me plays out the best action and the one chosen. axe finds nothing
serious. Screenshots: ``tests/artifacts/show-me-1-imagined.png``, ``show-me-2-tracker.png``,
``show-me-3-review.png``.
"""

from __future__ import annotations

import contextlib
import random

import harness
import pytest
from harness import TableDriver, axe_audit, describe_violations, screenshot, serious

from bhabho_widget.i18n import translator
from bhabho_widget.table.widget import SHOW_READ_ONLY

pytestmark = pytest.mark.browser

NOTEBOOK = "show_me.ipynb"
SHOWING = "(root) => root.classList.contains('is-imagining')"
STEP = "(root) => (root.querySelector('[data-testid=show-step]') || {}).textContent || ''"


@contextlib.contextmanager
def touch_page(browser, server):
    """A desktop-sized page that also has a touch screen (so a cell can be tapped); its
    kernels are stopped afterwards, as harness.fresh_page does."""
    page = harness.new_page(browser, touch=True)
    try:
        yield page
    finally:
        harness.close_pages([page], server)


def audit(page, table: TableDriver) -> None:
    found = axe_audit(page, table.root)
    assert not serious(found["violations"]), describe_violations(found["violations"])


def wait_step(table: TableDriver, n: int) -> None:
    table.wait(f"(root, n) => ({STEP})(root).startsWith('Step ' + n + ' of')", n)


def test_show_me_from_a_hint_and_a_review_row_and_the_tracker_key(browser, jupyter_server):
    harness.write_notebook(jupyter_server.root / NOTEBOOK, [
        "from bhabho_widget import Table\n"
        "table = Table(players=4, seed=12, pace=0)\n"
        "table",
    ])
    labels = translator("en").labels()
    with touch_page(browser, jupyter_server) as page:
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        assert nb.eval("__import__('bhabho_widget.table.showing').table.showing.__name__") == "bhabho_widget.table.showing"
        rng = random.Random(12)

        harness.play_to_a_hint_naming_a_worse_card(table, nb, rng)  # a turn whose hint names a clearly worse card
        hint = nb.eval("table.hint")
        live_hand = table.state()["hand"]

        # Show me: the felt plays the imagined game, marked as such; the keyboard is on Next
        table.root.locator("[data-testid=hint-show-me]").click()
        table.wait(SHOWING)
        assert table.focused()["testid"] == "show-next"
        kernel = nb.eval("table.view['imagine']")
        assert (kernel["source"], kernel["line"], kernel["step"]) == ("hint", "better", 0)
        assert [x["action"] for x in kernel["lines"]] == [hint["action"], hint["compared"]]
        assert table.root.locator("[data-testid=show-banner]").inner_text() == labels["show_banner"]
        assert table.root.locator("[data-testid=imagined-tag]").is_visible()
        assert table.root.locator(".bh-seat .bh-mini.is-revealed").count() == 3  # the imagined hands, face up
        assert table.state()["hand"] == live_hand
        assert table.state()["narration"].startswith("Before ")
        # Next and Back with the keyboard: Enter on Next, the arrows
        table.press("Enter")
        wait_step(table, 2)
        table.press("ArrowRight")
        wait_step(table, 3)
        table.press("ArrowLeft")
        wait_step(table, 2)
        assert nb.eval("table.view['imagine']['step']") == 1
        for n in range(3, 6):
            table.press("ArrowRight")
            wait_step(table, n)
        assert table.focused()["testid"] == "show-next"
        table.wait_flight_done()
        audit(page, table)
        shot = screenshot(table.root, "show-me-1-imagined.png")
        assert shot.exists()

        # the worse line, at the same step
        table.root.locator("[data-testid=show-line][data-line=worse]").click()
        table.wait("(root) => root.querySelector('[data-testid=show-line][data-line=worse]')"
                   ".getAttribute('aria-pressed') === 'true'")
        assert nb.eval("(table.view['imagine']['line'], table.view['imagine']['step'])") == ["worse", 4]
        wait_step(table, 5)
        # read-only: a card clicked is refused in one sentence
        table.root.locator("[data-testid=hand] button[data-card]").first.dispatch_event("click")
        table.wait("(root, s) => root.querySelector('[data-testid=error]').textContent === s", SHOW_READ_ONLY)
        # Escape: the live table again, the keyboard back on Show me
        table.root.locator("[data-testid=show-line][data-line=worse]").focus()
        table.press("Escape")
        table.wait(f"(root) => !({SHOWING})(root)")
        assert nb.eval("(table.view['mode'], table.showing is None)") == ["play", True]
        assert table.focused()["testid"] == "hint-show-me"
        assert table.state()["hand"] == live_hand and table.state()["error"] == ""

        # the Tracker's key, and a cell's detail on focus, on a tap and under the pointer
        table.root.locator("[data-testid=tracker-toggle]").click()
        table.wait("(root) => !root.querySelector('[data-testid=tracker]').hidden")
        legend = table.root.locator("[data-testid=tracker-legend]")
        assert legend.is_visible()
        assert legend.locator("li").count() == 7
        detail = table.root.locator("[data-testid=tracker-detail]")
        assert detail.inner_text() == labels["tracker_detail_prompt"]
        said = "(root, c) => root.querySelector(`td[data-card='${c}'] .bh-sr-only`).textContent"
        table.root.locator("[data-testid=tracker-grid] td[data-card]").first.focus()
        table.press("ArrowRight")
        assert table.focused()["card"] == "KS"
        assert detail.inner_text() == table.root.evaluate(said, "KS")
        table.root.locator("td[data-card='7D']").tap()
        table.wait("(root) => root.querySelector('[data-testid=tracker-detail]').dataset.card === '7D'")
        assert table.focused()["card"] == "7D"
        assert detail.inner_text() == table.root.evaluate(said, "7D")
        table.root.locator("td[data-card='QC']").hover()
        table.wait("(root) => root.querySelector('[data-testid=tracker-detail]').dataset.card === 'QC'")
        assert detail.inner_text() == table.root.evaluate(said, "QC")
        table.root.locator("[data-testid=tracker-legend]").hover()
        table.wait("(root) => root.querySelector('[data-testid=tracker-detail]').dataset.card === '7D'")
        table.root.locator("[data-testid=tracker-chances]").check()
        table.wait("(root) => (root.querySelector('[data-testid=tracker-note]') || {}).textContent?.includes('sampled')",
                   timeout=60_000)
        assert legend.locator("li[data-key=chances] > span:not(.bh-tc)").inner_text() == labels["tracker_key_chances"]
        table.root.locator("td[data-card='7D']").focus()
        audit(page, table)
        table.root.locator("[data-testid=tracker]").scroll_into_view_if_needed()
        screenshot(table.root.locator("[data-testid=tracker]"), "show-me-2-tracker.png")
        table.root.locator("[data-testid=tracker-toggle]").click()
        table.wait("(root) => root.querySelector('[data-testid=tracker]').hidden")

        # play to the end, then a review row's Show me
        for _turn in range(300):
            st = table.wait_turn_or_over(timeout=60_000)
            if st["over"]:
                break
            table.click_card(rng.choice(st["legal"]))
        else:
            pytest.fail("the game did not end within 300 turns")
        nb.execute("run = table.start_review(rollouts=64, samples=8)")
        table.wait("(root) => root.querySelector('[data-testid=review-counts]')", timeout=120_000)
        costly = table.root.locator("[data-testid=review-costliest] [data-testid=review-show-me]")
        if costly.count():
            button = costly.first
        else:  # no decision cost anything: the first decision's position, and its Show me
            table.root.locator("[data-testid=review-all] summary").click()
            table.root.locator("[data-testid=review-all-row]").first.click()
            table.wait("(root) => root.classList.contains('is-reviewing')")
            button = table.root.locator(".bh-review-nav [data-testid=review-show-me]")
        number = int(button.get_attribute("data-show"))
        button.click()
        table.wait(SHOWING)
        kernel = nb.eval("table.view['imagine']")
        d = nb.eval(f"(lambda d: {{'best': d.best, 'chosen': d.chosen}})(table.last_review.decisions[{number}])")
        assert (kernel["source"], kernel["decision"]) == ("review", number)
        assert [x["action"] for x in kernel["lines"]] == ([d["best"], d["chosen"]] if d["chosen"] != d["best"]
                                                           else [d["best"]])
        assert table.focused()["testid"] == "show-next"
        table.press("ArrowRight")
        wait_step(table, 2)
        table.wait_flight_done()
        audit(page, table)
        table.scroll_to_top()
        screenshot(table.root, "show-me-3-review.png")
        table.press("Escape")
        table.wait(f"(root) => !({SHOWING})(root)")
        assert nb.eval("table.view['mode']") in ("play", "review")
        assert table.focused()["testid"] == "review-show-me"
        assert nb.eval("table.error") == ""
        assert not [m for m in page.messages if m.startswith("pageerror")], page.messages
