"""The JupyterLite site on a phone: the layout checks of ``test_screens.py`` there.

The site is built and served as in ``test_lite.py`` (its fixtures: built once per run,
offline, served on 127.0.0.1, every request outside it refused). At 390 x 844 with touch
and JupyterLab's left side panel collapsed, the quick start's table at 3 and 8 players (New
game, tapped): every card of the felt and the hand is the element at its centre, nothing
scrolls sideways, every control lies inside the view, every target is 24 x 24 px or more,
axe finds nothing serious; no request leaves the site and the page logs no error.

Screenshots: ``tests/artifacts/screens-lite-390x844-*.png``.
"""

from __future__ import annotations

import contextlib
import random

import harness
import pytest
from harness import screenshot
from lite_site import Watch, open_and_run, wait_dealt
from screens import PHONE, check_axe, check_layout, collapse_left, output_width, play_some

pytestmark = pytest.mark.browser


def test_the_lite_site_on_a_phone(browser, lite_server):
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.watch = Watch(page, lite_server.url)
    try:
        path = "01_quick_start.ipynb"
        nb, _opened = open_and_run(page, lite_server.notebook_url(path), path)
        collapse_left(page)
        table = wait_dealt(page)
        table.set_pace(0)
        rng = random.Random(2)
        for players in (3, 8):
            table.root.locator("[data-testid=players]").select_option(str(players))
            table.root.locator("[data-testid=new-game]").tap()
            table.wait("(root, n) => root.querySelectorAll('[data-seat]').length === n && "
                       "!root.querySelector('[data-testid=game-over]:not([hidden])')", players, timeout=60_000)
            where = f"JupyterLite, 390x844, {players} players"
            play_some(table, rng, 3, check=lambda _st, w=where: check_layout(page, nb, table, w), timeout=120_000)
            check_layout(page, nb, table, where)
            check_axe(page, table, where)
            table.scroll_to_top()
            screenshot(page, f"screens-lite-390x844-{players}p.png")
            print(f"\n[lite] {players} players: output {output_width(table):.0f} px")
            assert output_width(table) < 300
        page.watch.check()
    except BaseException:
        with contextlib.suppress(Exception):
            harness.screenshot(page, "FAILED-screens-lite.png")
        raise
    finally:
        with contextlib.suppress(Exception):
            context.close()
