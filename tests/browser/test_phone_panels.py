"""Show me, the hint and the review on a phone, a tablet and a desktop, and what each table
shows by what it takes (its ``capabilities``).

At 390 x 844 (a phone, JupyterLab's left panel collapsed: the output about 270 px wide):

- during Show me, Next and Back and the card just played on the imagined felt are on screen
  together (the notebook's visible part), at every step shown, and so during the review
  with its Next and Back and the position's cards;
- the review's graph takes the width of its panel, and its decisions have targets of at
  least 24 x 24 px (the strip of trick buttons under the graph);
- asking for a hint leaves the trick on screen with the hint's words;
- the editor's box of cards is on screen together with the seats it deals to.

Show me's trick buttons: Next trick goes to the first step of the next trick of the line
("trick 2 of 9"), Previous trick back, End to the last step; switching lines keeps the
trick. A stored game (a teacher reviewing a student's game) draws no play controls.

Screenshots at 390, 820 and 1280 px of Show me in the middle of a trick, the review's graph
and a hint are written to a temporary folder (their paths are printed).
"""

from __future__ import annotations

import random

import harness
import pytest
from harness import TableDriver
from helpers import Server
from screens import DESKTOP, PHONE, TABLET, TARGETS, check_axe, check_layout, open_in_lab, output_width, touch_page

pytestmark = pytest.mark.browser

SHOWING = "(root) => root.classList.contains('is-imagining')"
STEP = "(root) => (root.querySelector('[data-testid=show-step]') || {}).textContent || ''"

#: The boxes of the elements named, in page coordinates (null: none shown): of each selector the
#: last element shown, or the first for a selector written "first:<selector>".
BOXES = """(root, sels) => Object.fromEntries(sels.map((s) => {
  const first = s.startsWith('first:');
  const shown = Array.from(root.querySelectorAll(first ? s.slice(6) : s))
    .filter((e) => e.getClientRects().length && !e.closest('[hidden]'));
  const el = first ? shown[0] : shown.pop();
  if (!el) return [s, null];
  const r = el.getBoundingClientRect();
  return [s, {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}];
}))"""

#: The card just played on the felt: the last card of the trick, or of the trick that just ended.
PLAYED = "[data-testid=trick-card], [data-rest-card]"


def boxes(table: TableDriver, *sels: str) -> dict:
    return table.root.evaluate(BOXES, list(sels))


def on_screen(box: dict | None, view: dict) -> bool:
    return box is not None and box["top"] >= view["top"] - 1 and box["bottom"] <= view["bottom"] + 1


def shoot(page, table: TableDriver, folder, name: str, width: int) -> None:
    path = folder / f"{name}-{width}.png"
    page.screenshot(path=str(path))
    print(f"[screenshot] {path}")


def wait_step(table: TableDriver, n: int) -> None:
    table.wait(f"(root, n) => ({STEP})(root).startsWith('Step ' + n + ' of')", n)


def shots(page, table: TableDriver, folder, name: str, sel: str, block: str) -> None:
    """Screenshots at the phone's, the tablet's and the desktop's size (back at the phone's
    after), each with ``sel`` scrolled into view (``block``: "start", "center" or "end")."""
    for w in (PHONE, TABLET, DESKTOP, PHONE):
        page.set_viewport_size({"width": w[0], "height": w[1]})
        page.wait_for_timeout(400)
        table.root.locator(sel).first.evaluate("(el, block) => el.scrollIntoView({block})", block)
        page.wait_for_timeout(200)
        page.screenshot(path=str(folder / f"{name}-{w[0]}.png"))


def assert_together(table: TableDriver, view: dict, what: str, *sels: str) -> dict:
    """Each of ``sels`` (the last one shown of each) lies within the notebook's visible part."""
    found = boxes(table, *sels)
    off = {s: b for s, b in found.items() if not on_screen(b, view)}
    assert not off, f"{what}: not on screen with the rest (the view {view['top']:.0f}..{view['bottom']:.0f}): {off}"
    return found


def imagine(nb) -> dict:
    return nb.eval("table.view['imagine']")


def test_show_me_hint_and_review_on_a_phone(browser, jupyter_server, tmp_path):
    with touch_page(browser, jupyter_server, *PHONE, mobile=True, scale=2) as page:
        nb = open_in_lab(page, jupyter_server, "phone_panels", [
            "from bhabho_widget import Table\n"
            "import functools\n"
            "table = Table(players=4, seed=12, pace=0)\n"
            "table.start_review = functools.partial(table.start_review, rollouts=64, samples=8)  # a quick review\n"
            "table"])
        table = TableDriver(page)
        table.wait_ready()
        assert output_width(table) < 300, output_width(table)

        # a hint with cards on the table, that names a clearly worse card
        def tap_hint() -> None:
            table.root.locator("[data-testid=trick-card]").last.scroll_into_view_if_needed()
            table.root.locator("[data-testid=hint]").tap()

        rng = random.Random(12)
        harness.play_to_a_hint_naming_a_worse_card(table, nb, rng, ask=lambda st: st["trick"], press=tap_hint)
        table.wait_flight_done()
        page.wait_for_timeout(300)
        # the hint's words begin on screen, and the trick has not been pushed off it; read to
        # its end (its box scrolled into view, and scrolled inside to its last line), the trick
        # is still on screen
        view = nb.notebook_viewport()
        found = assert_together(table, view, "a hint", PLAYED, "[data-testid=hint]")
        words = boxes(table, "first:[data-testid=hint-box] p")["first:[data-testid=hint-box] p"]
        assert words["top"] < view["bottom"] - 40, f"the hint's words begin below the view: {words}, {view}"
        table.root.locator("[data-testid=hint-box]").evaluate(
            "(el) => { el.scrollIntoView({block: 'end'}); el.scrollTop = el.scrollHeight; }")
        page.wait_for_timeout(200)
        assert_together(table, view, "a hint read to its end", PLAYED, "[data-testid=hint-box]")
        print(f"[hint] the trick at {found[PLAYED]}, the hint {boxes(table, '[data-testid=hint-box]')}")
        check_axe(page, table, "phone, a hint")
        shots(page, table, tmp_path, "hint", "[data-testid=hint-box]", "end")

        # Show me: after each Next, Next and Back and the card just played are on screen together
        table.root.locator("[data-testid=hint-show-me]").tap()
        table.wait(SHOWING)
        first = imagine(nb)
        tricks = first["tricks"]
        assert tricks[0] == 0 and len(tricks) >= 3, tricks
        for n in range(2, 5):
            table.root.locator("[data-testid=show-next]").tap()
            wait_step(table, n)
            table.wait_flight_done()
            view = nb.notebook_viewport()
            assert_together(table, view, f"Show me, step {n}", PLAYED, "[data-testid=show-next]",
                            "[data-testid=show-back]")
        page.screenshot(path=str(tmp_path / "show-me-as-drawn-390.png"))  # where Next left the view
        shots(page, table, tmp_path, "show-me", "[data-testid=show]", "end")
        check_layout(page, nb, table, "phone, Show me")
        step = imagine(nb)["step"]
        assert step == 3
        trick = sum(1 for s in tricks if s <= step)
        label = table.root.locator("[data-testid=show-step]").inner_text()
        assert f"trick {trick} of {len(tricks)}" in label, label

        # the trick buttons: Next trick, Previous trick, End; the other line at the same trick
        table.root.locator("[data-testid=show-next-trick]").tap()
        table.wait("(root, s) => root.querySelector('[data-testid=show-step]').textContent.startsWith('Step ' + s + ' of')",
                   tricks[trick] + 1)
        assert imagine(nb)["step"] == tricks[trick]
        assert f"trick {trick + 1} of {len(tricks)}" in table.root.locator("[data-testid=show-step]").inner_text()
        view = nb.notebook_viewport()
        assert_together(table, view, "Show me, the next trick", PLAYED, "[data-testid=show-next-trick]")
        table.root.locator("[data-testid=show-prev-trick]").tap()
        table.wait("(root, s) => root.querySelector('[data-testid=show-step]').textContent.startsWith('Step ' + s + ' of')",
                   tricks[trick - 1] + 1)
        game_trick = nb.eval("table.showing.game.trick_number")
        table.root.locator("[data-testid=show-line][data-line=worse]").tap()
        table.wait("(root) => root.querySelector('[data-testid=show-line][data-line=worse]')"
                   ".getAttribute('aria-pressed') === 'true'")
        assert nb.eval("table.showing.game.trick_number") == game_trick, "switching lines lost the trick"
        table.root.locator("[data-testid=show-end]").tap()
        table.wait("(root) => root.querySelector('[data-testid=show-next]').disabled")
        info = imagine(nb)
        assert info["step"] == info["count"] - 1
        table.root.locator("[data-testid=show-close]").tap()
        table.wait(f"(root) => !({SHOWING})(root)")

        # to the end of the game, then the review
        st = table.wait_turn_or_over(timeout=60_000)
        for _turn in range(400):
            if st["over"]:
                break
            table.click_card(rng.choice(st["legal"]))
            st = table.wait_turn_or_over(timeout=60_000)
        assert st["over"], "the game did not end within 400 turns"
        table.root.locator("[data-testid=review-start]").tap()
        table.wait("(root) => root.querySelector('[data-testid=review-counts]')", timeout=180_000)
        graph = boxes(table, "[data-testid=review-graph]", "[data-testid=review] .bh-review-body")
        g, body = graph["[data-testid=review-graph]"], graph["[data-testid=review] .bh-review-body"]
        assert g["width"] >= body["width"] - 2, f"the graph does not take its panel's width: {g} in {body}"
        ticks = table.root.evaluate("(root) => Math.min(...Array.from(root.querySelectorAll('.bh-review-tick'), "
                                    "(t) => t.getBoundingClientRect().height))")
        assert ticks >= 9, f"the graph's labels are {ticks:.1f} px high"
        picks = table.root.locator("[data-testid=review-pick]")
        assert picks.count() == nb.eval("len(table.review['decisions'])")
        targets = table.root.evaluate(TARGETS)
        assert not targets["problems"], targets["problems"]
        shots(page, table, tmp_path, "review-graph", "[data-testid=review-graph]", "center")

        # a decision from the strip: its position, with Next and Back and the cards on screen together
        last = picks.count() - 1
        picks.nth(last // 2).scroll_into_view_if_needed()
        picks.nth(last // 2).tap()
        table.wait("(root, n) => root.classList.contains('is-reviewing') && "
                   "(root.querySelector('[data-testid=review-at]') || {}).textContent === 'Decision ' + n + ' of ' + "
                   f"{last + 1}", last // 2 + 1)
        table.wait_flight_done()
        page.wait_for_timeout(500)  # the bar brought into view
        view = nb.notebook_viewport()
        # the card just played, or at a lead (nothing on the table yet) the trick's label where it goes
        trick = PLAYED if boxes(table, PLAYED)[PLAYED] else "[data-testid=trick-info]"
        assert_together(table, view, "a reviewed position", trick, "[data-testid=review-next]", "[data-testid=review-back]")
        page.screenshot(path=str(tmp_path / "review-position-390.png"))
        check_layout(page, nb, table, "phone, a reviewed position")
        table.root.locator("[data-testid=review-next]").tap()
        table.wait("(root, n) => (root.querySelector('[data-testid=review-at]') || {}).textContent"
                   ".startsWith('Decision ' + n + ' ')", last // 2 + 2)
        table.wait_flight_done()
        view = nb.notebook_viewport()
        trick = PLAYED if boxes(table, PLAYED)[PLAYED] else "[data-testid=trick-info]"
        assert_together(table, view, "the next reviewed position", trick, "[data-testid=review-next]")
    for path in sorted(tmp_path.glob("*.png")):
        print(f"[screenshot] {path}")
    assert not [m for m in page.messages if m.startswith("pageerror")], page.messages


def test_the_editors_box_on_screen_with_the_seats(browser, jupyter_server, tmp_path):
    with touch_page(browser, jupyter_server, *PHONE, mobile=True, scale=2) as page:
        nb = open_in_lab(page, jupyter_server, "phone_editor", [
            "from bhabho_widget import Editor\neditor = Editor(players=4)\neditor"],
            wait_for="[data-testid=bhabho-editor]")
        root = page.locator("[data-testid=bhabho-editor]").first
        card = root.locator('[data-testid=editor-place-box] button[data-card="QS"]')
        card.wait_for()
        # a card of the box tapped where it is, then the first seats' Put here: no scrolling between
        card.scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        view = nb.notebook_viewport()
        found = root.evaluate("""(root) => {
            const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
            const q = (s) => root.querySelector(s);
            return {card: box(q('[data-testid=editor-place-box] button[data-card="QS"]')),
                    box: box(q('[data-testid=editor-place-box]')), seat0: box(q('[data-testid=editor-put-0]')),
                    seat1: box(q('[data-testid=editor-put-1]'))}; }""")
        box, seat0 = found["box"], found["seat0"]
        assert seat0["top"] >= box["bottom"] - 1, f"the seats come before the box on a phone: {found}"
        assert seat0["bottom"] - box["top"] <= view["bottom"] - view["top"], \
            f"the box and the first seat are not on screen together: {found}, the view {view}"
        root.locator("[data-testid=editor-place-box]").evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        view = nb.notebook_viewport()
        card.tap()
        put = root.locator("[data-testid=editor-put-0]")
        on = put.evaluate("(el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }")
        assert on_screen(on, view), f"Put here of the first seat is off screen after a card of the box: {on}, {view}"
        page.screenshot(path=str(tmp_path / "editor-390.png"))
        put.tap()
        root.locator('[data-testid=editor-place-0] button[data-card="QS"]').wait_for()
    print(f"[screenshot] {tmp_path / 'editor-390.png'}")


def test_what_a_stored_game_and_a_shared_seat_show(browser, jupyter_server, tmp_path):
    """A stored game (a teacher reviewing a student's game) has no play controls, and its
    review; at a shared
    table nobody has Hint or Undo, and only the host has New game."""
    server = Server(str(tmp_path / "tables.sqlite3"))
    try:
        harness.write_notebook(jupyter_server.root / "capabilities.ipynb", [
            "import random\n"
            "from bhabho_widget import Game, Table\n"
            "from bhabho_widget.table.backend import StoredGame\n"
            "finished = Game.deal(3, seed=4)\n"
            "finished.playout(random.Random(1))\n"
            "stored = Table(backend=StoredGame(finished, 1, ['Asha', 'Ben', 'Chitra'], title=\"Ben's game\", person='Ben'))\n"
            "stored",
            f"host = Table.host({server.address!r}, players=3, name='Asha', language='en', pace=0)\nhost",
            f"guest = Table.join({server.address!r}, host.code, name='Ben', language='en', pace=0)\nguest",
        ])
        page = harness.new_page(browser, width=1100, height=1000)
        try:
            nb = harness.LabNotebook.open_lab(page, jupyter_server, "capabilities.ipynb")
            nb.run_all()
            tables = [TableDriver(page, k) for k in range(3)]
            for t in tables:
                t.wait_ready()
            shown = ("(root, sel) => Array.from(root.querySelectorAll(sel)).some((e) => e.getClientRects().length && "
                     "!e.closest('[hidden]'))")

            def controls(t: TableDriver) -> dict:
                return {name: t.root.evaluate(shown, f"[data-testid={name}]")
                        for name in ("hint", "undo", "new-game", "pace", "take", "tracker-toggle", "review",
                                     "language", "deck")}

            stored, host, guest = (controls(t) for t in tables)
            print("[capabilities]", stored, host, guest, sep="\n")
            assert not any(stored[k] for k in ("hint", "undo", "new-game", "pace", "take")), stored
            # its review is worked out at once: the panel, not a Review button
            assert stored["tracker-toggle"] and stored["review"] and stored["language"], stored
            assert tables[0].root.locator("[data-testid=hand] button[data-card]:not([disabled])").count() == 0
            for who, c in (("the host", host), ("a guest", guest)):
                assert not c["hint"] and not c["undo"], f"{who} at a shared table: {c}"
                assert c["tracker-toggle"], f"{who} at a shared table: {c}"
            assert host["new-game"] and not guest["new-game"], (host, guest)
            assert nb.eval("sorted(guest.capabilities)") == sorted(nb.eval("list(guest.backend.capabilities())"))
        finally:
            harness.close_pages([page], jupyter_server)
    finally:
        server.stop()
