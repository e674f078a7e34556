"""The Tracker panel in JupyterLab: a whole game in German with the panel open and the
chances on, used from the keyboard, in the light and the dark theme with the four-colour deck.

At every turn of the person the grid on the page is the kernel's tracker, which is the
tracker of the seat's own view (nothing else reaches the browser); the cells speak German
to a screen reader; axe finds nothing serious. Screenshots: ``tests/artifacts/
tracker-1-mid.png`` (mid-game, chances on), ``tracker-2-dark.png`` (dark theme, four-colour
deck) and ``tracker-3-over.png`` (the game over, the panel still open).
"""

from __future__ import annotations

import random

import harness
import pytest
from harness import axe_audit, describe_violations, screenshot, serious

from bhabho_widget.coach.tracker import DEFAULT_SAMPLES
from bhabho_widget.i18n import translator

pytestmark = pytest.mark.browser

NOTEBOOK = "tracker.ipynb"
PANEL = "[data-testid=tracker]"

_CELLS = """(root) => Object.fromEntries(Array.from(root.querySelectorAll('[data-testid=tracker-grid] td[data-card]'),
  (td) => [td.dataset.card, [td.dataset.status, td.querySelector('.bh-sr-only').textContent]]))"""

_KERNEL = ("(lambda d, o: {'same': d == o, 'cells': {c: v['status'] for c, v in d['cells'].items()}, "
           "'samples': (d['chances'] or {}).get('samples')})"
           "(table.tracker, tracker_data(table.game.seat_view(table.seat), table.session.names(), True))")


def _panel_open(table) -> bool:
    return table.root.evaluate(f"(root) => !root.querySelector('{PANEL}').hidden")


def test_the_tracker_through_a_whole_game(browser, jupyter_server):
    harness.write_notebook(jupyter_server.root / NOTEBOOK, [
        "from bhabho_widget import Table\n"
        "from bhabho_widget.coach.tracker import tracker_data\n"
        "table = Table(players=4, seed=21, language='de', pace=0)\n"
        "table",
    ])
    labels = translator("de").labels()
    with harness.fresh_page(browser, jupyter_server) as page:
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        toggle = table.root.locator("[data-testid=tracker-toggle]")
        assert toggle.inner_text() == labels["tracker"] and not _panel_open(table)
        assert nb.eval("table.tracker") is None  # nothing is worked out while the panel is closed

        # the keyboard: Tab to the button and Enter opens it; T closes and opens it again
        table.tab_to("tracker-toggle")
        table.press("Enter")
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")
        assert toggle.get_attribute("aria-expanded") == "true"
        table.press("t")
        table.wait(f"(root) => root.querySelector('{PANEL}').hidden")
        assert nb.eval("table.tracker") is None
        table.press("t")
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")
        # the arrows move within the grid; Escape closes the panel and gives focus back to the button
        table.root.locator("[data-testid=tracker-grid] td[data-card]").first.focus()
        table.press("ArrowRight")
        table.press("ArrowDown")
        assert table.focused()["card"] == "KH"
        table.press("Escape")
        table.wait(f"(root) => root.querySelector('{PANEL}').hidden")
        assert table.focused()["testid"] == "tracker-toggle"
        table.press("Enter")
        table.wait(f"(root) => !root.querySelector('{PANEL}').hidden")

        # the chances layer, from its switch
        table.root.locator("[data-testid=tracker-chances]").check()
        table.wait("(root, n) => (root.querySelector('[data-testid=tracker-note]') || {}).textContent"
                   "?.includes(String(n))", DEFAULT_SAMPLES)
        assert labels["tracker_samples"].format(n=DEFAULT_SAMPLES) in \
            table.root.locator("[data-testid=tracker-note]").inner_text()

        rng = random.Random(21)
        turns = 0
        audited = shot = False
        known_said = None
        for _turn in range(300):
            st = table.wait_turn_or_over(timeout=120_000)  # with the chances on, every step works them out
            if st["over"]:
                break
            assert st["error"] == "", st["error"]
            kernel = nb.eval(_KERNEL)
            assert kernel["same"], "the tracker trait is not the tracker of the seat's own view"
            assert kernel["samples"] == DEFAULT_SAMPLES
            table.wait("(root, v) => root.dataset.version === v", str(nb.eval("table.view['version']")))
            page_cells = table.root.evaluate(_CELLS)
            assert {c: v[0] for c, v in page_cells.items()} == kernel["cells"]
            for status, said in page_cells.values():
                if status == "known":
                    known_said = said
                if status == "hand":
                    assert said.endswith(": " + labels["tracker_status_hand"]), said
            if turns == 3 and not audited:
                table.wait_flight_done()
                found = axe_audit(page, table.root)
                assert not serious(found["violations"]), describe_violations(found["violations"])
                screenshot(table.root, "tracker-1-mid.png")
                # dark theme and the four-colour deck: still readable, still clean
                nb.set_theme("JupyterLab Dark")
                table.root.locator("[data-testid=deck]").check()
                table.wait("(root) => root.classList.contains('is-four-colour')")
                found = axe_audit(page, table.root)
                assert not serious(found["violations"]), describe_violations(found["violations"])
                screenshot(table.root, "tracker-2-dark.png")
                nb.set_theme("JupyterLab Light")
                audited = shot = True
            table.click_card(rng.choice(st["legal"]))
            turns += 1
        else:
            pytest.fail("the game did not end within 300 turns")
        assert nb.eval("table.game.is_over") and shot and turns >= 4
        assert _panel_open(table)
        table.wait("(root, v) => root.dataset.version === v", str(nb.eval("table.view['version']")))
        assert {c: v[0] for c, v in table.root.evaluate(_CELLS).items()} == nb.eval(_KERNEL)["cells"]
        screenshot(table.root, "tracker-3-over.png")
        if known_said is not None:  # "Bube Karo: bekannt auf der Hand von Bot 2", in German
            assert labels["tracker_status_known"].split("{")[0].strip() in known_said, known_said
