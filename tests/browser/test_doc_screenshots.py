"""The pictures of README.md and the documentation, made here: a table in JupyterLab with a
hint that names a clearly worse card (``docs/_static/table-hint.png``) and the review after a
whole game (``docs/_static/review.png``).

Every run writes them to ``tests/artifacts/``; with ``BHABHO_DOC_SCREENSHOTS=1`` they also
replace the committed ones in ``docs/_static/`` (then look at them and commit them). The
committed ones must be there, as PNG pictures of a sensible size.
"""

from __future__ import annotations

import os
import random
import shutil
import struct

import harness
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "doc_screenshots.ipynb"
STATIC = harness.REPO / "docs" / "_static"
PICTURES = {"table-hint.png": (600, 400), "review.png": (500, 250)}  # the least width and height


def png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG picture"
    return struct.unpack(">II", head[16:24])


def keep(shot, name: str) -> None:
    if os.environ.get("BHABHO_DOC_SCREENSHOTS") == "1":
        shutil.copy(shot, STATIC / name)


def test_the_pictures_of_the_readme_and_the_documentation(browser, jupyter_server):
    harness.write_notebook(jupyter_server.root / NOTEBOOK, [
        "from bhabho_widget import Table\ntable = Table(players=4, seed=8, pace=0)\ntable",
    ])
    with harness.fresh_page(browser, jupyter_server) as page:
        page.set_viewport_size({"width": 1400, "height": 1600})
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        rng = random.Random(8)
        harness.play_to_a_hint_naming_a_worse_card(table, nb, rng, ask=lambda st: len(st["legal"]) >= 3)
        table.wait_flight_done()
        table.root.scroll_into_view_if_needed()
        top, hand = table.root.bounding_box(), table.root.locator("[data-testid=hand]").bounding_box()
        clip = {"x": top["x"], "y": top["y"], "width": top["width"], "height": hand["y"] + hand["height"] + 8 - top["y"]}
        shot = harness.artifact("doc-table-hint.png")
        page.screenshot(path=str(shot), clip=clip)  # the felt, the hint and the hand (not the controls)
        keep(shot, "table-hint.png")

        for _turn in range(300):
            st = table.wait_turn_or_over(timeout=60_000)
            if st["over"]:
                break
            table.click_card(rng.choice(st["legal"]))
        else:
            pytest.fail("the game did not end within 300 turns")
        table.wait("(root) => !root.querySelector('[data-testid=review-start]').hidden")
        table.root.locator("[data-testid=review-start]").click()
        table.wait("(root) => root.querySelector('[data-testid=review-counts]')", timeout=120_000)
        panel = table.root.locator("[data-testid=review]")
        panel.scroll_into_view_if_needed()
        keep(harness.screenshot(panel, "doc-review.png"), "review.png")

    for name, (width, height) in PICTURES.items():
        w, h = png_size(STATIC / name)
        assert w >= width and h >= height, f"docs/_static/{name} is {w} x {h} px"
