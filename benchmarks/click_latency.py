"""Click-to-table latency of the Bhabho table widget in a real JupyterLab (headless Chromium).

Run on demand (not part of pytest):

    python benchmarks/click_latency.py            # 50 clicks, 4 players
    python benchmarks/click_latency.py -n 200 --players 6

It starts JupyterLab and Chromium exactly as the browser tests do (tests/browser/harness.py),
opens a notebook with one ``Table``, moves the Pace slider to 0 and plays a random legal card
whenever it is the person's turn, over as many games as needed. For every click it times, in
the page (performance.now() and a MutationObserver), the moment from the click event to the
first DOM change that shows the card on the table. It also records the size of every state
message (a kernel-to-browser comm message carrying ``view``) seen on the kernel websocket.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import harness  # noqa: E402


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s))) - 1))] if s else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--clicks", type=int, default=50, help="clicks to time (default 50)")
    ap.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    ap.add_argument("--seed", type=int, default=2024, help="seed of the first deal and of the card choices")
    ap.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    with harness.JupyterServer() as server, sync_playwright() as p:
        browser = harness.launch_browser(p)
        try:
            harness.write_notebook(server.root / "bench_click_latency.ipynb", [
                f"from bhabho_widget import Table\ntable = Table(players={args.players}, seed={args.seed})\ntable"])
            page = harness.new_page(browser)
            frames = {"on": False, "state": [], "other_in": [], "out": []}

            def on_ws(ws):
                def size(payload):
                    return len(payload if isinstance(payload, (bytes, bytearray)) else payload.encode())

                def received(payload):
                    if not frames["on"]:
                        return
                    raw = payload if isinstance(payload, (bytes, bytearray)) else payload.encode()
                    is_state = b"comm_msg" in raw and b'"view"' in raw
                    frames["state" if is_state else "other_in"].append(size(payload))

                def sent(payload):
                    if frames["on"]:
                        frames["out"].append(size(payload))

                ws.on("framereceived", received)
                ws.on("framesent", sent)

            page.on("websocket", on_ws)
            nb = harness.LabNotebook.open_lab(page, server, "bench_click_latency.ipynb")
            nb.run_all()
            table = harness.TableDriver(page)
            table.wait_ready()
            table.root.scroll_into_view_if_needed()
            table.set_pace(0)
            startup = time.monotonic() - t0

            frames["on"] = True
            t1 = time.monotonic()
            samples = harness.collect_latency(table, args.clicks, players=args.players, seed=args.seed)
            wall = time.monotonic() - t1
            frames["on"] = False
        finally:
            browser.close()

    ms = [s["ms"] for s in samples]
    state = frames["state"]
    result = {
        "clicks": len(ms),
        "games": samples[-1]["games"] if samples else 0,
        "players": args.players,
        "median_ms": statistics.median(ms),
        "p90_ms": percentile(ms, 0.9),
        "worst_ms": max(ms),
        "best_ms": min(ms),
        "shown_as_trick_card": sum(s["how"] == "trick" for s in samples),
        "shown_as_card_flying_off": sum(s["how"] == "flight" for s in samples),
        "state_messages": len(state),
        "state_message_bytes_median": statistics.median(state) if state else 0,
        "state_message_bytes_max": max(state) if state else 0,
        "state_bytes_total": sum(state),
        "state_bytes_per_click": sum(state) / len(ms) if ms else 0,
        "messages_to_kernel": len(frames["out"]),
        "startup_s": round(startup, 1),
        "play_wall_s": round(wall, 1),
    }
    print(f"{result['clicks']} clicks over {result['games']} game(s), {args.players} players, pace 0")
    print(f"click -> card on the table (browser-side): median {result['median_ms']:.1f} ms, "
          f"p90 {result['p90_ms']:.1f} ms, worst {result['worst_ms']:.1f} ms, best {result['best_ms']:.1f} ms")
    print(f"  shown as a trick card {result['shown_as_trick_card']}x, as the card flying off (it ended the trick) "
          f"{result['shown_as_card_flying_off']}x")
    print(f"state messages (kernel -> browser, with 'view'): {result['state_messages']}, "
          f"median {result['state_message_bytes_median']:.0f} B, max {result['state_message_bytes_max']} B, "
          f"total {result['state_bytes_total']} B ({result['state_bytes_per_click']:.0f} B per click)")
    print(f"messages to the kernel: {result['messages_to_kernel']}; startup {result['startup_s']} s, "
          f"playing {result['play_wall_s']} s")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
