"""Screenshots of what a learner reads from the coach, for a cold read: hints at random
moments and the review's costliest rows, as the table shows them in a real JupyterLab.

    python benchmarks/cold_read_shots.py [--hints 20] [--rows 20] [--out tests/artifacts/cold-read]

A person at seat 0 plays random legal cards against rules-of-thumb bots (a weak seat, so the
review has decisions to grade); at random moments of its turns it asks for a *Hint* and the
hint box is photographed; at each game over it asks for the *Review* and every costliest row
(the row, its loss and the coach's reason) is photographed. Each picture's text is kept
beside it (``<name>.txt``), with the hint's or the decision's numbers (``index.json``), so a
reader's account can be checked against them. It plays as many games as it takes. A tool for
reading, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import harness  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hints", type=int, default=20)
    ap.add_argument("--rows", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=pathlib.Path, default=HERE.parent / "tests" / "artifacts" / "cold-read")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    index: list[dict] = []

    from playwright.sync_api import sync_playwright

    with harness.JupyterServer() as server, sync_playwright() as p:
        browser = harness.launch_browser(p)
        try:
            harness.write_notebook(server.root / "cold_read.ipynb", [
                f"from bhabho_widget import Table\ntable = Table(seed={args.seed}, pace=0)\ntable"])
            page = harness.new_page(browser, width=1280, height=1600)
            nb, table = harness.open_table(page, server, "cold_read.ipynb")
            table.set_pace(0)
            hints = rows = game = 0
            while hints < args.hints or rows < args.rows:
                for _ in range(400):
                    st = table.wait_turn_or_over(timeout=120_000)
                    if st["over"]:
                        break
                    if hints < args.hints and len(st["legal"]) >= 2 and rng.random() < 0.35:
                        table.root.locator("[data-testid=hint]").click()
                        table.wait("(root) => root.querySelector('[data-testid=hint-box]')", timeout=120_000)
                        box = table.root.locator("[data-testid=hint-box]")
                        name = f"hint-{hints + 1:02d}"
                        box.screenshot(path=str(args.out / f"{name}.png"))
                        (args.out / f"{name}.txt").write_text(box.inner_text(), encoding="utf-8")
                        index.append({"picture": f"{name}.png", "kind": "hint", "hint": nb.eval("table.hint")})
                        hints += 1
                    table.click_card(rng.choice(st["legal"]))
                if rows < args.rows:
                    table.root.locator("[data-testid=review-start]").click()
                    table.wait("(root) => root.querySelector('[data-testid=review-graph]')", timeout=300_000)
                    review = nb.eval("{'decisions': table.review['decisions'], 'costliest': table.review['costliest']}")
                    items = table.root.locator("[data-testid=review-costly]")
                    for k in range(items.count()):
                        if rows >= args.rows:
                            break
                        item = items.nth(k)
                        item.scroll_into_view_if_needed()
                        name = f"row-{rows + 1:02d}"
                        item.screenshot(path=str(args.out / f"{name}.png"))
                        (args.out / f"{name}.txt").write_text(item.inner_text(), encoding="utf-8")
                        number = review["costliest"][k]
                        index.append({"picture": f"{name}.png", "kind": "review row",
                                      "decision": review["decisions"][number]})
                        rows += 1
                game += 1
                nb.execute(f"table.new_game(seed={args.seed + game})")
        finally:
            browser.close()
    (args.out / "index.json").write_text(json.dumps(index, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{hints} hints and {rows} review rows in {args.out} ({game} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
