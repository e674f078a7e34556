"""The table in marimo (docs/howto/marimo.md): ``marimo run`` on 127.0.0.1, headless Chromium
plays one card, and a cell that reads the table's state re-runs after the kernel changed it.

marimo re-runs the cells that read ``mo.ui.anywidget(table).value`` only for a change made in
the browser; a change made in the kernel (a card played, the bots' replies) reaches a cell
through ``mo.state`` and ``table.observe``, as marimo's documentation advises for anywidgets.
"""

from __future__ import annotations

import harness
import pytest
from other_frontends import app_server, page_of, play_one_card

pytestmark = pytest.mark.browser
marimo = pytest.importorskip("marimo", reason="marimo is in the test dependency group (pip install --group test)")

APP = '''
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from bhabho_widget import Table

    table = Table(seed=3, pace=0)
    return mo, table


@app.cell
def _(mo, table):
    get_state, set_state = mo.state(table.{trait})
    table.observe(lambda _: set_state(table.{trait}), names=["{trait}"])
    mo.ui.anywidget(table)
    return (get_state,)


@app.cell
def _(get_state, mo):
    state = get_state()
    mo.md(f"{{{count}}} cards in your hand")
    return
'''


def run_app(browser, tmp_path, trait: str, count: str) -> tuple[str, int]:
    app = tmp_path / "table_app.py"
    app.write_text(APP.format(trait=trait, count=count), encoding="utf-8")
    port = harness.free_port()
    args = ["marimo", "run", str(app), "--headless", "--host", "127.0.0.1", "--port", str(port), "--no-token"]
    with app_server(args, port, tmp_path / "marimo.log", "marimo run") as url:
        with page_of(browser) as page:
            return play_one_card(page, url, "{n} cards in your hand")


def test_marimo_renders_the_table_plays_a_card_and_reruns_the_cell_that_reads_its_view(browser, tmp_path):
    card, before = run_app(browser, tmp_path, "view", "len(state['hand'])")
    assert before == 13 and card == "AS"  # seed 3: the person holds A♠ and leads it


def test_a_value_trait_reruns_the_cell_that_reads_it(browser, tmp_path):
    card, before = run_app(browser, tmp_path, "value", "len(state['hand'])")
    assert before == 13 and card == "AS"
