"""Ready when asked: how long a learner waits for a hint and for the review, in a real
JupyterLab (headless Chromium), with the coach working ahead (the default) and without.

    python benchmarks/ready_when_asked.py [--games 2] [--think 2.0] [--players 4] [--json]

It starts JupyterLab and Chromium as the browser tests do (tests/browser/harness.py) and opens
one notebook with two tables on the same seeds: ``Table(...)`` (the coach works ahead) and
``Table(..., coach_ahead=False)``. The two are played in turn, game by game: at each of the
person's turns the benchmark waits ``--think`` seconds (a person thinking), clicks *Hint* and
times, in the page, from the click to the hint on screen; then plays the hinted card. At game
over it clicks *Review* and times the click to the review's graph on screen. It prints the
median and the 95th percentile of each, both ways, and their ratios. The targets of the
project: the hint within 0.1 s of the click after 2 s of thinking (95th percentile), the
review within 1 s of game over. A benchmark: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import harness  # noqa: E402

_TIMED_CLICK = """([root, button, target, timeout]) => new Promise((resolve) => {
  const start = performance.now();
  const done = () => resolve(performance.now() - start);
  const seen = () => root.querySelector(target);
  const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); done(); } });
  observer.observe(root, { childList: true, subtree: true, attributes: true });
  setTimeout(() => { observer.disconnect(); resolve(-1); }, timeout);
  root.querySelector(button).click();
})"""


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s))) - 1))] if s else float("nan")


def timed_click(table: harness.TableDriver, button: str, target: str, timeout_ms: int = 120_000) -> float:
    ms = table.page.evaluate(_TIMED_CLICK, [table.handle(), button, target, timeout_ms])
    if ms < 0:
        raise RuntimeError(f"{target} did not show within {timeout_ms} ms of clicking {button}")
    return ms / 1000


def play_game(table: harness.TableDriver, think: float, hints: list[float]) -> float:
    """Play one game with a hint at every turn; returns the review's wait at game over."""
    for _ in range(400):
        st = table.wait_turn_or_over(timeout=120_000)
        if st["over"]:
            break
        time.sleep(think)
        hints.append(timed_click(table, "[data-testid=hint]", "[data-testid=hint-box]"))
        action = table.root.locator("[data-testid=hint-box]").get_attribute("data-action")
        table.click_card(action if action in st["legal"] else st["legal"][0])
    else:
        raise RuntimeError("the game did not end within 400 turns")
    time.sleep(think)  # the person reads the banner before asking for the review
    return timed_click(table, "[data-testid=review-start]", "[data-testid=review-graph]")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per table (default 2)")
    ap.add_argument("--think", type=float, default=2.0, help="seconds of thinking before each click (default 2)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    os.environ.pop("BHABHO_COACH_AHEAD", None)  # the default: on

    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[float]]] = {"ahead": {"hint": [], "review": []}, "off": {"hint": [], "review": []}}
    started = time.monotonic()
    with harness.JupyterServer() as server, sync_playwright() as p:
        browser = harness.launch_browser(p)
        try:
            harness.write_notebook(server.root / "bench_ready.ipynb", [
                "from bhabho_widget import Table",
                f"ahead = Table(players={args.players}, seed={args.seed}, pace=0)\nahead",
                f"off = Table(players={args.players}, seed={args.seed}, pace=0, coach_ahead=False)\noff",
            ])
            page = harness.new_page(browser, height=2400)
            nb = harness.LabNotebook.open_lab(page, server, "bench_ready.ipynb")
            nb.run_all()
            tables = {"ahead": harness.TableDriver(page, 0), "off": harness.TableDriver(page, 1)}
            for table in tables.values():
                table.wait_ready()
                table.set_pace(0)
            for game in range(args.games):
                for name in (("ahead", "off") if game % 2 == 0 else ("off", "ahead")):
                    table = tables[name]
                    table.root.scroll_into_view_if_needed()
                    results[name]["review"].append(play_game(table, args.think, results[name]["hint"]))
                    nb.execute(f"{name}.new_game(seed={args.seed + game + 1})")
        finally:
            browser.close()
    summary = {name: {what: {"n": len(v), "median": statistics.median(v) if v else None, "p95": percentile(v, 0.95)}
                      for what, v in r.items()} for name, r in results.items()}
    summary["minutes"] = (time.monotonic() - started) / 60  # type: ignore[assignment]
    for what in ("hint", "review"):
        a, o = summary["ahead"][what], summary["off"][what]
        print(f"{what}: ahead median {a['median']:.3f} s, p95 {a['p95']:.3f} s (n={a['n']}); "
              f"off median {o['median']:.3f} s, p95 {o['p95']:.3f} s (n={o['n']}); "
              f"p95 ratio off/ahead {o['p95'] / a['p95']:.1f}")
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
