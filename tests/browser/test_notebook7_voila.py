"""The quick-start notebook's table in Notebook 7 and in Voilà (same server as JupyterLab)."""

from __future__ import annotations

import random

import pytest
from harness import LabNotebook, TableDriver, screenshot

pytestmark = pytest.mark.browser

QUICK_START = "01_quick_start.ipynb"


def play_one_card(table: TableDriver) -> str:
    """Pace 0 by the slider, wait for the bots, click one legal card: it lands on the table."""
    table.root.scroll_into_view_if_needed()
    table.set_pace(0)
    st = table.wait_turn_or_over()
    if st["over"]:
        table.click_new_game()
        st = table.wait_turn_or_over()
    code = random.Random(3).choice(st["legal"])
    result = table.click_card(code)
    assert result["card"] == code
    after = table.state()
    assert code not in after["hand"] or result["how"] in ("rest", "flight")  # a tochoo can give it back
    assert after["error"] == ""
    return code


def test_notebook7(page, jupyter_server):
    page.goto(jupyter_server.notebook7_url(QUICK_START))
    nb = LabNotebook(page, QUICK_START)  # Notebook 7 exposes window.jupyterapp here too
    nb.wait_kernel_ready()
    # Run > Run All Cells, like a person.
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    nb.wait_cells_done()
    table = TableDriver(page, 0)
    table.wait_ready()
    table.root.scroll_into_view_if_needed()
    screenshot(page, "nb7-01-start.png")
    code = play_one_card(table)
    played = nb.eval("[str(m) for m in table.game.moves if not m.is_take]")
    assert code in played, f"{code} clicked in Notebook 7 but the kernel's game has {played}"
    screenshot(table.root, "nb7-02-played.png")


def test_voila(page, jupyter_server):
    page.goto(jupyter_server.voila_url(QUICK_START))
    # Voilà runs the notebook itself; both tables (`table`, `session`) show when it is done.
    page.locator("[data-testid=bhabho-table]").nth(1).wait_for(state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('#loading, .voila-spinner') || "
                           "getComputedStyle(document.querySelector('#loading, .voila-spinner')).display === 'none'",
                           timeout=60_000)
    table = TableDriver(page, 0)
    table.wait_ready()
    screenshot(page, "voila-01-start.png")
    play_one_card(table)
    screenshot(table.root, "voila-02-played.png")
