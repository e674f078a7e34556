"""The table in a Solara app (docs/howto/solara.md): ``solara run`` on 127.0.0.1 with its
assets from the solara-assets package (no CDN), headless Chromium plays one card, and the
component that reads the table's state renders again after the kernel changed it.
"""

from __future__ import annotations

import harness
import pytest
from other_frontends import app_server, page_of, play_one_card

pytestmark = pytest.mark.browser
solara = pytest.importorskip("solara", reason="Solara is in the test dependency group (pip install --group test)")
pytest.importorskip("solara_assets", reason="solara-assets serves Solara's front end without its CDN")

APP = '''
import solara

from bhabho_widget import Table


@solara.component
def HandSize(table):
    hand, set_hand = solara.use_state(len(table.view["hand"]))

    def follow():
        def changed(_):
            set_hand(len(table.view["hand"]))

        table.observe(changed, names=["view"])
        return lambda: table.unobserve(changed, names=["view"])

    solara.use_effect(follow, [table])
    solara.Markdown(f"{hand} cards in your hand")


@solara.component
def Page():
    table = solara.use_memo(lambda: Table(seed=3, pace=0), dependencies=[])
    solara.display(table)
    HandSize(table)
'''


def test_solara_renders_the_table_plays_a_card_and_renders_the_count_again(browser, tmp_path):
    app = tmp_path / "table_app.py"
    app.write_text(APP, encoding="utf-8")
    port = harness.free_port()
    args = ["solara", "run", str(app), "--host", "127.0.0.1", "--port", str(port), "--no-open", "--production"]
    with app_server(args, port, tmp_path / "solara.log", "solara run") as url, page_of(browser) as page:
        card, before = play_one_card(page, url, "{n} cards in your hand")
    assert before == 13 and card == "AS"  # seed 3: the person holds A♠ and leads it
