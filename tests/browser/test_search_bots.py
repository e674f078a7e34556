"""A whole game in JupyterLab against three search bots, asking for a Hint on the way:
the hint outlines a legal card, says why in words and draws the chances as a chart."""

from __future__ import annotations

import random

import harness
import pytest
from harness import screenshot

pytestmark = pytest.mark.browser


def test_a_game_against_search_bots_with_hints(page, jupyter_server):
    harness.write_notebook(jupyter_server.root / "search.ipynb",
                           ["from bhabho_widget import Table\ntable = Table(seed=11, bots='search', language='en')\ntable"])
    nb, table = harness.open_table(page, jupyter_server, "search.ipynb")
    table.set_pace(0)
    assert nb.eval("[type(b).__name__ for b in table.session.bots.values()]") == ["SearchBot"] * 3

    rng = random.Random(3)
    hints = 0
    for _turn in range(300):
        st = table.wait_turn_or_over(timeout=60_000)
        if st["over"]:
            break
        assert st["error"] == "", st["error"]
        if hints < 2 and len(st["legal"]) >= 2:
            table.root.locator("[data-testid=hint]").click()
            table.wait("(root) => root.querySelector('[data-testid=hint-box]')", timeout=60_000)
            box = table.root.locator("[data-testid=hint-box]")
            action = box.get_attribute("data-action")
            assert action in st["legal"] or action == "take", (action, st["legal"])
            text = box.inner_text()
            assert len(text.split()) >= 6, f"the hint gives no reason: {text!r}"
            assert nb.eval("table.hint['action']") == action
            estimates = nb.eval("[e['action'] for e in table.hint['estimates']]")
            if len(estimates) >= 2:
                chart = table.root.locator("[data-testid=hint-chart]")
                assert chart.count() == 1 and "bhabhi" in (chart.get_attribute("aria-label") or "").lower()
                # every option's bar and label within the widget (a big hand wraps onto more rows)
                inside = table.root.evaluate("""(root) => { const r = root.getBoundingClientRect();
                    return Array.from(root.querySelectorAll('.bh-chart-item'), (g) => g.getBoundingClientRect())
                        .every((b) => b.left >= r.left - 1 && b.right <= r.right + 1); }""")
                assert inside, "the hint's chart runs off the widget"
            screenshot(table.root, f"search-hint-{hints + 1}.png")
            hints += 1
            if action in st["legal"]:
                table.click_card(action)
                continue
        table.click_card(rng.choice(st["legal"]))
    else:
        pytest.fail("the game against search bots did not end within 300 turns")
    assert hints >= 1, "never had two playable cards to ask a hint about"
    engine = nb.eval("{'over': table.game.is_over, 'loser': table.game.loser, 'stalemate': table.game.is_stalemate}")
    assert engine["over"]
    screenshot(table.root, "search-over.png")
