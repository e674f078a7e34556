"""The JupyterLite site in headless Chromium: the lessons and the table with no server.

Once per run the site is built from the working tree as it is (``lite/build.py --offline``:
Pyodide's npm core, no numpy or matplotlib) into a temporary folder and served on
127.0.0.1 by a small HTTP server the tests start and stop. Every request the browser makes
outside that server is refused and counted; the tests end with 0 of them and 0 console
errors (of the page and of the kernel's worker).

- A lesson notebook (03) runs whole; one of its lessons is stepped through and its
  questions answered by clicks, as in ``test_notebook_lessons.py``.
- The quick start (01) plays a whole game against the rules-of-thumb bots by clicks; what
  needs numpy (the Hint button, the plot cell) says so in one sentence.
- The kernel loaded the package and its dependencies as it started (Pyodide's
  ``loadPackage``, not piplite), and completions work.
- Speed, printed beside the same figures of JupyterLab measured in the same run (no
  timing is asserted): the time from opening notebook 01 to a dealt table, and the
  click-to-card latency of that game. ``benchmarks/lite_start.py`` breaks the start down.

Screenshots: tests/artifacts/lite-*.png. The site's size is printed.
"""

from __future__ import annotations

import contextlib
import random
import time

import harness
import pytest
from harness import TableDriver, screenshot
from lesson_steps import QUESTIONS, answer, go_to, lesson_index, step_text, wait_step
from lite_site import MISSING, Watch, open_and_run, wait_dealt, wait_run

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------------------------- the site


@pytest.fixture
def lite_page(browser, lite_server):
    page = harness.new_page(browser)
    page.set_default_timeout(60_000)
    page.watch = Watch(page, lite_server.url)
    yield page
    with contextlib.suppress(Exception):
        page.context.close()


def complete(page, code: str) -> list[str]:
    """The kernel's completions at the end of ``code``."""
    reply = page.evaluate("""async (code) => {
      const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      return (await k.requestComplete({code, cursor_pos: code.length})).content;
    }""", code)
    assert reply["status"] == "ok", reply
    return reply["matches"]


def play_whole_game(table: TableDriver, seed: int, check_hint=None) -> list[float]:
    """Click a random playable card at every turn until the game is over; the latencies (ms)."""
    rng = random.Random(seed)
    table.set_pace(0)
    latencies = []
    while True:
        st = table.wait_turn_or_over(60_000)
        if st["over"]:
            return latencies
        if check_hint is not None and len(st["legal"]) > 1:
            check_hint(table)
            check_hint = None
        latencies.append(table.click_card(rng.choice(st["legal"]), timeout=30_000)["ms"])


def summary(samples: list[float]) -> str:
    s = harness.latency_summary(samples)
    return f"median {s['median']:.0f} ms, p90 {s['p90']:.0f} ms over {s['n']} clicks" if s["n"] else "no clicks"


# ---------------------------------------------------------------------------------- the tests
def test_lite_lesson_notebook_runs_and_its_lesson_is_answered_by_clicks(lite_page, lite_server):
    page = lite_page
    nb, _opened = open_and_run(page, lite_server.notebook_url("03_tochoo.ipynb"), "03_tochoo.ipynb")
    st = wait_run(page)
    assert st["errors"] == [] and st["ran"] == st["count"], st
    assert nb.eval("__import__('sys').platform") == "emscripten"
    assert nb.eval("'numpy' in __import__('sys').modules") is False
    # the kernel loaded the package and its dependencies as it started: the first cell's
    # piplite.install found them there (lite/build.py)
    installers = nb.eval("{d: __import__('importlib.metadata').metadata.distribution(d).read_text('INSTALLER').strip() "
                         "for d in ('bhabho-widget', 'anywidget', 'babel', 'fastjsonschema', 'ipython')}")
    assert set(installers.values()) == {"pyodide.loadPackage"}, installers
    # completions (Jedi, without its Django and third-party stubs in the site)
    assert "collections" in complete(page, "import collec")
    assert "Table" in complete(page, "from bhabho_widget import Ta")
    # what needs numpy says so in one sentence
    out = nb.execute("try:\n    from bhabho_widget import SearchBot\nexcept ImportError as e:\n    print(type(e).__name__, e)")
    assert out.startswith(f"{MISSING} The search bot needs numpy") and out.count("\n") == 1, out

    nb.execute(QUESTIONS)
    var = "tochoo"
    title, length = nb.eval(f"{var}.title"), nb.eval(f"{var}.length")
    questions = nb.eval(f"_bh_questions({var})")
    assert questions, "the lesson asks nothing"
    table = TableDriver(page, lesson_index(page, title))
    table.root.scroll_into_view_if_needed()
    assert step_text(table).endswith(f"of {length}")
    screenshot(table.root, "lite-lesson-0-start.png")
    for k, q in enumerate(questions, start=1):
        go_to(nb, table, var, q["step"], length)
        exercise = table.root.locator("[data-testid=exercise]")
        exercise.wait_for(state="visible")
        wrong = next(c for c in q["choices"] if c not in q["right"])
        answer(table, wrong)
        table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'false'")
        answer(table, q["right"][0])
        table.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
        assert table.root.locator("[data-testid=feedback]").inner_text().startswith("Right!")
        screenshot(table.root, f"lite-lesson-{k}-right.png")
    table.root.locator("[data-testid=lesson-end]").click()
    wait_step(table, length, length)
    assert nb.eval(f"{var}.step") == length
    # the answers are kept in the learner's progress, in the browser's own storage (the Lite drive)
    kept = nb.eval("(lambda p: (str(p.path), p.notice, [r['lesson'] for r in p.lessons()]))"
                   "(__import__('bhabho_widget.puzzles', fromlist=['Progress']).Progress())")
    assert kept[0].startswith("/drive/") and kept[1] is None, kept
    assert kept[2].count(title) >= 2 * len(questions), kept  # a wrong and a right answer to each question
    screenshot(page, "lite-lesson-page.png")
    page.watch.check()


def test_lite_whole_game_and_speed_beside_jupyterlab(lite_page, lite_server, browser, jupyter_server):
    page = lite_page
    path = "01_quick_start.ipynb"
    nb, opened = open_and_run(page, lite_server.notebook_url(path), path)
    table = wait_dealt(page)
    lite_dealt = time.monotonic() - opened
    st = wait_run(page)
    # the plot cell needs matplotlib and numpy: one sentence, no traceback; the run stops there
    assert [(MISSING in e["ename"], e["lines"]) for e in st["errors"]] == [(True, 1)], st["errors"]
    assert st["errors"][0]["evalue"].startswith("Plots need numpy"), st["errors"][0]
    screenshot(page, "lite-quick-start-plot-cell.png")

    hints = []

    def check_hint(t: TableDriver) -> None:
        """The Hint button: a hint, or (where it needs numpy) the one sentence in the error line."""
        t.root.locator("[data-testid=hint]").click()
        t.wait("(root) => root.querySelector('[data-testid=hint-box]') || "
               "(root.querySelector('[data-testid=error]') || {}).textContent", timeout=60_000)
        hints.append(t.state()["error"] or "hint shown")
        screenshot(t.root, "lite-table-hint.png")

    table.root.scroll_into_view_if_needed()
    screenshot(table.root, "lite-table-dealt.png")
    lite_clicks = play_whole_game(table, seed=1, check_hint=check_hint)
    assert hints and (hints[0] == "hint shown" or hints[0].startswith("Hints need numpy")), hints
    end = table.state()
    assert end["over"] and (end["loser"] is not None or "stalemate" in end["narration"].lower()), end
    assert nb.eval("table.game.is_over") is True
    assert nb.eval("[b.__class__.__name__ for s, b in sorted(table.session.bots.items())]") == ["RuleBot"] * 3
    table.wait_flight_done()
    screenshot(table.root, "lite-table-over.png")
    page.watch.check()

    # the same in JupyterLab, in this run
    with harness.fresh_page(browser, jupyter_server) as lab:
        lab_nb, lab_opened = open_and_run(lab, jupyter_server.lab_url(path), path)
        lab_table = wait_dealt(lab)
        lab_dealt = time.monotonic() - lab_opened
        lab_nb.wait_cells_done(300_000)
        lab_clicks = play_whole_game(lab_table, seed=1)
        assert lab_table.state()["over"]

    lite_ms = harness.latency_summary(lite_clicks)
    lab_ms = harness.latency_summary(lab_clicks)
    print(f"\n[lite] time to a dealt table after opening {path}: site {lite_dealt:.1f} s, JupyterLab {lab_dealt:.1f} s "
          f"({lite_dealt / lab_dealt:.1f}x)")
    print(f"[lite] click to card: site {summary(lite_clicks)}; JupyterLab {summary(lab_clicks)} "
          f"(median {lite_ms['median'] / lab_ms['median']:.1f}x)")
