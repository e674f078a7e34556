"""Accessibility of the table and the lesson in a real JupyterLab (and Voilà).

- A whole game played with the keyboard alone (Tab, Shift+Tab, the arrows, Home and
  Enter): the pace, the hand, Take, Hint, Undo and New game; and a lesson stepped and
  answered with the keyboard (Next, the exercise's Hint disclosure, its answers, the slider).
- axe-core audits (``src_js/node_modules/axe-core``, installed by ``npm ci`` in src_js) of the
  table and the lesson, in JupyterLab's light and dark themes, at the start, mid-game and at
  the end: no serious or critical violation (every finding is printed).
- Cards announced by name and state; the narration a polite live region, the game-over
  banner an assertive one.
- The four-colour deck, and the suit colours' contrast on the card in both decks.
- The table fits a 1024 x 768 laptop screen with JupyterLab's file browser open, and a
  400 px wide phone-like page in Voilà: the person's hand is inside the viewport.
- With ``prefers-reduced-motion: reduce`` no card flies.

Screenshots go to tests/artifacts/a11y-*.png.
"""

from __future__ import annotations

import random
import re

import harness
import pytest
from harness import LabNotebook, TableDriver, axe_audit, describe_violations, screenshot, serious, write_notebook

pytestmark = pytest.mark.browser

LESSON_CELL = """\
from bhabho_widget import Game, Lesson, Exercise
g = Game.from_hands([["KH","2C"],["5H","3C"],["4S","9C"],["7H","8C"]], leader=0)
lesson = Lesson(g, ["KH","5H","4S"], title="Tochoo",
                exercises=[Exercise(2, "Player 2 has no hearts. Who picks up?", kind="seat", answer="picker",
                                    hint="Who played the highest heart?")])
lesson"""

TAKE_LESSON_CELL = """\
from bhabho_widget import Game, Lesson, Exercise
g3 = Game.from_hands([["KH","2C","3D"],["5H","4C"],["4H","9C"]], leader=0)
take_lesson = Lesson(g3, ["KH","5H","4H","2C"], title="Take or pass", start=3,
                     exercises=[Exercise(3, "You have the power. Take Player 1's hand?", kind="take", answer="pass",
                                         hint="Taking gives you more cards to get rid of.")])
take_lesson"""


def open_notebook(page, server, name: str, cells: list[str]) -> LabNotebook:
    write_notebook(server.root / f"{name}.ipynb", cells)
    nb = LabNotebook.open_lab(page, server, f"{name}.ipynb")
    nb.run_all()
    return nb


def table_at(page, index: int = 0) -> TableDriver:
    table = TableDriver(page, index)
    table.wait_ready()
    return table


# ---------------------------------------------------------------------------------- keyboard
def on_card(f: dict) -> bool:
    return bool(f.get("in_table") and f.get("card") and f.get("tag") == "button" and not f.get("disabled"))


def keyboard_play(table: TableDriver, st: dict, rng: random.Random) -> str:
    """Arrows to a playable card, Enter plays it; returns the card."""
    if not on_card(table.focused()):
        table.tab_to(on_card, shift=not table.focused().get("in_table"))
    for _ in range(rng.randrange(len(st["legal"]) + 1)):
        table.press("ArrowRight")
    f = table.focused()
    assert on_card(f) and f["card"] in st["legal"], f"the arrows left the playable cards: {f}, legal {st['legal']}"
    assert re.fullmatch(r".+ of (spades|hearts|diamonds|clubs), playable(, the hint's card)?", f["label"]), f["label"]
    table.play_card(f["card"], lambda: table.press("Enter"))
    return f["card"]


def test_a_whole_game_by_keyboard_alone(page, jupyter_server):
    open_notebook(page, jupyter_server, "a11y_keyboard", ["from bhabho_widget import Table\ntable = Table(seed=2)\ntable"])
    table = table_at(page)
    table.scroll_to_top()
    # The person arrives at the widget (the page gives focus to its pace slider, as a Tab
    # from the notebook would to its first control); from here on, keys only.
    table.root.locator("[data-testid=pace]").focus()
    table.press("Home")  # the slider to 0 s: bots without a pause
    table.wait("(root) => root.querySelector('.bh-pace-out').textContent === '0.0 s'")

    rng = random.Random(5)
    done = {"take": 0, "hint": 0, "undo": 0, "plays": 0, "new_game": 0}
    games = 0
    for _turn in range(600):
        st = table.wait_turn_or_over()
        if st["over"]:
            games += 1
            banner = table.root.locator(harness.OVER)
            assert banner.get_attribute("aria-live") == "assertive"
            if games == 1:
                screenshot(table.root, "a11y-01-keyboard-game-over.png")
            if all(done.values()) or games >= 3:
                break
            # New game: Tab from the hand reaches it next
            table.tab_to("new-game")
            table.press("Enter")
            table.wait(f"(root) => !root.querySelector('{harness.OVER}') && "
                       "root.querySelector('[data-testid=log] li')")
            done["new_game"] += 1
            continue
        assert st["error"] == "", st["error"]
        if st["can_take"] and not done["take"] and done["plays"]:
            # Take sits just before the hand: Shift+Tab from a card reaches it
            if not on_card(table.focused()):
                table.tab_to(on_card)
            table.press("Shift+Tab")
            assert table.focused().get("testid") == "take", table.focused()
            table.press("Enter")
            table.wait("(root) => /You take /.test(root.querySelector('[data-testid=narration]').textContent)")
            f = table.focused()
            take_lit = table.root.locator("[data-testid=take]").is_enabled()
            # Take stays lit when the next hand may be taken too; else focus goes to the hand
            assert f.get("in_table") and (f.get("card") or f.get("testid") == ("take" if take_lit else "hand")), (
                f"after Take the focus went to {f} (Take still lit: {take_lit})")
            done["take"] += 1
            continue
        if done["plays"] >= 2 and not done["hint"]:
            table.tab_to("hint", shift=True)
            table.press("Enter")
            table.wait("(root) => root.querySelector('[data-testid=hand] button[data-hint=true]')")
            hinted = table.state()["hinted"][0]
            table.tab_to(on_card)  # Tab comes back to the hand on the hinted card
            f = table.focused()
            assert f["card"] == hinted, f"Tab into the hand landed on {f['card']}, not the hinted {hinted}"
            assert f["label"].endswith("playable, the hint's card"), f["label"]
            table.play_card(hinted, lambda: table.press("Enter"))
            done["hint"] += 1
            done["plays"] += 1
            continue
        if done["hint"] and not done["undo"]:
            hand_before = st["hand"]
            table.tab_to("undo", shift=True)
            table.press("Enter")
            table.wait("(root) => /Undone/.test(root.querySelector('[data-testid=narration]').textContent)")
            st = table.wait_turn_or_over()
            assert len(st["hand"]) >= len(hand_before)
            assert table.focused().get("testid") == "undo", "Undo kept the focus where it was"
            done["undo"] += 1
            continue
        keyboard_play(table, st, rng)
        done["plays"] += 1
    print(f"\n[keyboard] {games} game(s): {done}")
    assert done["plays"] >= 10 and done["hint"] and done["undo"] and done["new_game"], done
    assert done["take"], "Take never lit up in these games: the keyboard take was not tried"


def test_a_lesson_by_keyboard_alone(page, jupyter_server):
    open_notebook(page, jupyter_server, "a11y_lesson_keys", [LESSON_CELL, TAKE_LESSON_CELL])
    lesson = table_at(page, 0)
    lesson.scroll_to_top()
    step = lesson.root.locator("[data-testid=lesson-step]")
    lesson.root.locator("[data-testid=lesson-next]").focus()  # arrival; keys only from here
    lesson.press("Enter")
    lesson.wait("(root) => root.querySelector('[data-testid=lesson-step]').textContent === 'Step 1 of 3'")
    lesson.press("Enter")
    lesson.wait("(root) => root.querySelector('[data-testid=exercise]')")
    assert step.inner_text() == "Step 2 of 3"
    assert lesson.focused().get("testid") == "lesson-next"

    # the exercise's Hint: a disclosure
    lesson.tab_to("exercise-hint")
    toggle = lesson.root.locator("[data-testid=exercise-hint]")
    hint_text = lesson.root.locator("[data-testid=exercise-hint-text]")
    assert toggle.get_attribute("aria-expanded") == "false" and not hint_text.is_visible()
    lesson.press("Enter")
    hint_text.wait_for(state="visible")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert hint_text.inner_text() == "Who played the highest heart?"
    screenshot(lesson.root, "a11y-02-lesson-hint.png")

    # a wrong answer, then the right one, by Shift+Tab and Enter
    lesson.tab_to(lambda f: f.get("choice") == "1", shift=True)
    lesson.press("Enter")
    lesson.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'false'")
    assert lesson.focused().get("choice") == "1", "focus left the answers after a wrong answer"
    assert lesson.root.locator("[data-testid=exercise-live]").inner_text().startswith("Not quite")
    lesson.tab_to(lambda f: f.get("choice") == "0", shift=True)
    lesson.press("Enter")
    lesson.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    assert lesson.focused().get("testid") == "lesson-next", f"after the right answer focus is on {lesson.focused()}"
    lesson.press("Enter")
    lesson.wait("(root) => root.querySelector('[data-testid=lesson-step]').textContent === 'Step 3 of 3'")
    # Next and End go out at the end: focus stays in the lesson bar (on the slider)
    assert lesson.focused().get("testid") == "lesson-slider", lesson.focused()
    lesson.press("Home")
    lesson.wait("(root) => root.querySelector('[data-testid=lesson-step]').textContent === 'Step 0 of 3'")
    lesson.press("ArrowRight")
    lesson.wait("(root) => root.querySelector('[data-testid=lesson-step]').textContent === 'Step 1 of 3'")

    # a take question: "Take the hand" / "Pass", answered by keyboard
    take = table_at(page, 1)
    take.root.scroll_into_view_if_needed()
    ex = take.root.locator("[data-testid=exercise]")
    assert ex.get_attribute("data-kind") == "take"
    choices = ex.locator("[data-choice]")
    assert [choices.nth(i).inner_text() for i in range(choices.count())] == ["Take the hand", "Pass"]
    take.root.locator("[data-testid=lesson-back]").focus()  # arrival at the second widget
    take.tab_to(lambda f: f.get("choice") == "pass")
    take.press("Enter")
    take.wait("(root) => root.querySelector('[data-testid=feedback]')?.dataset.correct === 'true'")
    screenshot(take.root, "a11y-03-take-exercise.png")


# ---------------------------------------------------------------------------------- axe-core
def audit(page, target, name: str, findings: dict) -> None:
    result = axe_audit(page, target.root)
    findings[name] = result["violations"]
    review = sorted({f"{v['id']} ({v['impact']})" for v in result["incomplete"]})
    print(f"\n[axe] {name}: {len(result['violations'])} violation(s), {len(result['passes'])} rules passed, "
          f"to review by hand: {', '.join(review) or 'none'}\n{describe_violations(result['violations'])}")


def test_axe_finds_nothing_serious_in_light_and_dark(page, jupyter_server):
    nb = open_notebook(page, jupyter_server, "a11y_axe", [
        "from bhabho_widget import Table\ntable = Table(seed=2)\ntable",
        LESSON_CELL + "\nlesson.goto(2)\nlesson.answer(1)\nlesson",
    ])
    table, lesson = table_at(page, 0), table_at(page, 1)
    table.scroll_to_top()
    table.set_pace(0)
    findings: dict[str, list] = {}
    lesson.root.locator("[data-testid=exercise-hint]").click()  # the hint open, a wrong answer's feedback shown
    try:
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            nb.set_theme(theme)
            table.wait_theme(light="Light" in theme)  # the theme's colours reached the table, and it is drawn
            tag = "light" if "Light" in theme else "dark"
            st = table.wait_turn_or_over()
            audit(page, table, f"table {tag}, start", findings)
            audit(page, lesson, f"lesson {tag}", findings)
            rng = random.Random(1)
            for _ in range(4):  # mid-game: cards on the table, a resting trick, badges
                st = table.wait_turn_or_over()
                if st["over"]:
                    break
                table.click_card(rng.choice(st["legal"]))
            table.wait_turn_or_over()
            table.wait_flight_done()
            table.root.locator("[data-testid=hint]").click()  # the hint's words and chart
            table.wait("(root) => root.querySelector('[data-testid=hint-box]')")
            audit(page, table, f"table {tag}, mid-game with a hint", findings)
            screenshot(table.root, f"a11y-04-axe-{tag}-mid-game.png")
            st = table.wait_turn_or_over()
            while not st["over"]:
                table.click_card(st["legal"][0])
                st = table.wait_turn_or_over()
            table.wait_flight_done()
            audit(page, table, f"table {tag}, game over", findings)
            screenshot(table.root, f"a11y-05-axe-{tag}-game-over.png")
            table.click_new_game()
    finally:
        nb.set_theme("JupyterLab Light")
    bad = {name: serious(v) for name, v in findings.items() if serious(v)}
    assert not bad, "serious or critical axe violations:\n" + "\n".join(
        f"{name}:\n{describe_violations(v)}" for name, v in bad.items())


# ---------------------------------------------------------------------------------- deck and contrast
def contrast(fg: str, bg: str) -> float:
    def lum(css: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


SUIT_FILLS = """(root) => Object.fromEntries(['S', 'H', 'D', 'C'].map((s) => {
  const face = root.querySelector(`svg.bh-face.bh-suit-${s}`);
  return [s, face ? getComputedStyle(face).fill : null];
}))"""


def test_the_four_colour_deck_and_its_contrast(page, jupyter_server):
    # every hand shown (the teacher's switch): all four suits are on the table
    nb = open_notebook(page, jupyter_server, "a11y_deck",
                       ["from bhabho_widget import Table\ntable = Table(players=4, seed=5)\ntable.reveal_all = True\ntable"])
    table = table_at(page)
    table.scroll_to_top()
    native = nb.eval("table.has_trait('deck')")
    if not native:
        # The kernel has no deck yet (Table(deck=...), the trait and set_deck are the
        # kernel's to add): give this widget the trait, so the front end can be checked.
        nb.execute("import traitlets\ntable.add_traits(deck=traitlets.Unicode('two-colour').tag(sync=True))")
    box = table.root.locator("[data-testid=deck]")
    box.wait_for(state="visible")
    assert box.locator("xpath=..").inner_text().strip() == "Four-colour deck"
    two = table.root.evaluate(SUIT_FILLS)
    assert not table.root.evaluate("(el) => el.classList.contains('is-four-colour')")
    if native:  # the switch asks the kernel: keyboard focus and Space, as a person would
        box.focus()
        table.press("Space")
        table.wait("(root) => root.classList.contains('is-four-colour')")
        assert nb.eval("table.deck") == "four-colour"
    else:
        nb.execute("table.deck = 'four-colour'")
        table.wait("(root) => root.classList.contains('is-four-colour')")
    assert box.is_checked()
    four = table.root.evaluate(SUIT_FILLS)
    screenshot(table.root, "a11y-06-four-colour-deck.png")
    paper = table.root.evaluate("(root) => getComputedStyle(root.querySelector('svg.bh-face .bh-paper')).fill")
    print(f"\n[deck] two colours {two}, four colours {four}, card {paper}")
    assert two["S"] == two["C"] and two["H"] == two["D"] and two["S"] != two["H"]
    assert len({four[s] for s in "SHDC"}) == 4, f"the four-colour deck has {four}"
    assert four["S"] == two["S"] and four["H"] == two["H"]
    blue = [int(x) for x in re.findall(r"\d+", four["D"])[:3]]
    green = [int(x) for x in re.findall(r"\d+", four["C"])[:3]]
    assert blue[2] > max(blue[:2]) and green[1] > max(green[0], green[2]), four
    for deck in (two, four):
        for suit, fill in deck.items():
            assert contrast(fill, paper) >= 4.5, f"{suit} {fill} on {paper}: {contrast(fill, paper):.2f}:1 < 4.5:1"


# ---------------------------------------------------------------------------------- live regions
def test_cards_are_announced_by_name_and_the_regions_are_live(page, jupyter_server):
    open_notebook(page, jupyter_server, "a11y_names", ["from bhabho_widget import Table\ntable = Table(seed=2)\ntable"])
    table = table_at(page)
    table.set_pace(0)
    st = table.wait_turn_or_over()
    labels = table.root.evaluate("""(root) => Array.from(root.querySelectorAll('[data-testid=hand] button[data-card]'),
        (b) => [b.dataset.card, b.getAttribute('aria-label'), b.disabled])""")
    names = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    for code, label, disabled in labels:
        name = f"{names.get(code[:-1], code[:-1])} of {suits[code[-1]]}"
        assert label == (name if disabled else f"{name}, playable"), (code, label, disabled)
    assert any(not d for _, _, d in labels) and st["legal"]
    narration = table.root.locator("[data-testid=narration]")
    assert narration.get_attribute("role") == "status" and narration.get_attribute("aria-live") == "polite"
    banner = table.root.locator("[data-testid=game-over]")
    assert banner.get_attribute("role") == "alert" and banner.get_attribute("aria-live") == "assertive"
    # the trick's cards say who played them
    trick = table.root.locator("[data-testid=trick-card]")
    if trick.count():
        assert re.fullmatch(r".+ of \w+, played by .+", trick.first.get_attribute("aria-label"))


# ---------------------------------------------------------------------------------- fitting the screen
def hand_inside(table: TableDriver, viewport: dict) -> dict:
    hand = table.box("[data-testid=hand]")
    cards = table.root.evaluate("""(root) => Array.from(root.querySelectorAll('[data-testid=hand] button[data-card]'), (b) => {
        const r = b.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })""")
    problems = []
    for what, r in [("hand", hand)] + [(f"card {i}", c) for i, c in enumerate(cards)]:
        if r["left"] < viewport["left"] - 0.5 or r["right"] > viewport["right"] + 0.5 or \
                r["top"] < viewport["top"] - 0.5 or r["bottom"] > viewport["bottom"] + 0.5:
            problems.append(f"{what} {r} outside {viewport}")
    return {"hand": hand, "problems": problems}


def cards_under_seats(table: TableDriver) -> list[str]:
    """Every trick card on the felt that a seat box covers, even by a pixel."""
    return table.root.evaluate("""(root) => {
        const box = (e) => e.getBoundingClientRect();
        const out = [];
        for (const c of root.querySelectorAll('[data-testid=trick-card], [data-rest-card]')) {
            const a = box(c);
            for (const s of root.querySelectorAll('.bh-seat')) {
                const b = box(s);
                const across = Math.min(a.right, b.right) > Math.max(a.left, b.left);
                if (across && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top))
                    out.push(`${c.dataset.card} under the box of seat ${s.dataset.seat}`);
            }
        }
        return out; }""")


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_the_table_fits_a_laptop_screen_with_the_file_browser_open(browser, jupyter_server, players):
    with harness.fresh_page(browser, jupyter_server) as p:
        p.set_viewport_size({"width": 1024, "height": 768})
        nb = open_notebook(p, jupyter_server, f"a11y_laptop{players}",
                           [f"from bhabho_widget import Table\ntable = Table(players={players}, seed=3)\ntable"])
        nb.show_file_browser()
        table = table_at(p)
        table.wait_turn_or_over()
        table.scroll_to_top()
        page_view = {"left": 0, "top": 0, "right": 1024, "bottom": 768}
        notebook_view = nb.notebook_viewport()
        screenshot(p, f"a11y-07-laptop-1024x768-{players}-players.png")
        sidebar = p.locator(".jp-FileBrowser").first.bounding_box()
        assert sidebar and sidebar["width"] > 150, "the file browser is not open"
        felt = table.box(".bh-felt")
        assert felt["top"] >= notebook_view["top"] - 1, "the table's top is not in view"
        for view in (page_view, notebook_view):
            found = hand_inside(table, view)
            assert not found["problems"], "the hand falls outside the screen:\n" + "\n".join(found["problems"])
        covered = cards_under_seats(table)
        assert not covered, "trick cards under seat boxes:\n" + "\n".join(covered)
        print(f"\n[laptop {players}p] widget {table.box()['width']:.0f} px wide; felt {felt['top']:.0f}-{felt['bottom']:.0f}, "
              f"hand {found['hand']['top']:.0f}-{found['hand']['bottom']:.0f}, notebook view to {notebook_view['bottom']:.0f}")


@pytest.mark.parametrize("players", [6, 8])
def test_a_revealed_lesson_keeps_its_trick_clear_of_the_seats_on_a_laptop(browser, jupyter_server, players):
    """A lesson with every hand face up has bigger seat boxes: a whole trick (one card per
    seat) stays clear of them at 1024 x 768 with the file browser open."""
    with harness.fresh_page(browser, jupyter_server) as p:
        p.set_viewport_size({"width": 1024, "height": 768})
        nb = open_notebook(p, jupyter_server, f"a11y_revealed{players}", [
            f"from bhabho_widget import Game, Lesson\ng = Game.deal({players}, seed=5)\nmoves, c = [], g.copy()\n"
            f"for _ in range({players - 1}):\n    moves.append(c.legal_cards()[0])\n    c.play(moves[-1])\n"
            f"lesson = Lesson(g, moves=moves, reveal_all=True, start={players - 1})\nlesson"])
        nb.show_file_browser()
        table = table_at(p)
        table.root.locator("[data-testid=trick-card]").nth(players - 2).wait_for(state="visible", timeout=30_000)
        table.scroll_to_top()
        table.wait_still()  # the last card's short entrance has ended
        screenshot(p, f"a11y-09-revealed-lesson-{players}-players.png")
        assert table.root.locator("[data-testid=trick-card]").count() == players - 1
        covered = cards_under_seats(table)
        assert not covered, "trick cards under seat boxes:\n" + "\n".join(covered)


def test_voila_at_a_phone_width(browser, jupyter_server):
    write_notebook(jupyter_server.root / "a11y_phone.ipynb", ["from bhabho_widget import Table\ntable = Table(seed=3)\ntable"])
    with harness.fresh_page(browser, jupyter_server) as p:
        p.set_viewport_size({"width": 400, "height": 800})
        p.goto(jupyter_server.voila_url("a11y_phone.ipynb"))
        table = TableDriver(p)
        table.root.wait_for(state="visible", timeout=90_000)
        table.wait_ready()
        table.set_pace(0)
        table.wait_turn_or_over()
        table.root.locator("[data-testid=hand]").scroll_into_view_if_needed()
        table.wait_still()  # no card flies or enters: the hand where it stays
        harness.two_frames(p)  # scrolled and laid out
        view = {"left": 0, "top": 0, "right": 400, "bottom": 800}
        found = hand_inside(table, view)
        screenshot(p, "a11y-08-voila-400px.png")
        assert not found["problems"], "the hand falls outside a 400 px page:\n" + "\n".join(found["problems"])
        overflow = p.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow} px at 400 px"
        felt = table.box(".bh-felt")
        seats = table.root.evaluate("""(root) => Array.from(root.querySelectorAll('.bh-seat'), (s) => {
            const r = s.getBoundingClientRect(); return [r.left, r.right]; })""")
        assert all(felt["left"] <= a and b <= felt["right"] for a, b in seats), (seats, felt)
        # and a card can be played there, by touch-sized click
        table.click_card(table.state()["legal"][0])


# ---------------------------------------------------------------------------------- motion
def test_reduced_motion_turns_the_card_flights_off(page, jupyter_server):
    page.emulate_media(reduced_motion="reduce")
    open_notebook(page, jupyter_server, "a11y_motion", ["from bhabho_widget import Table\ntable = Table(seed=3)\ntable"])
    table = table_at(page)
    table.set_pace(0)
    table.count_from_now("flights", "[data-testid=flight], [data-flight-card]")
    table.count_from_now("rests", "[data-testid=last-trick]")
    rng = random.Random(2)
    for _ in range(8):
        st = table.wait_turn_or_over()
        if st["over"]:
            break
        table.click_card(rng.choice(st["legal"]))
    table.wait_turn_or_over()
    assert table.counted("rests") >= 2, "no trick ended: nothing could have flown"
    assert table.counted("flights") == 0, f"{table.counted('flights')} flight(s) with reduced motion"
    animations = table.root.evaluate("""(root) => Array.from(root.querySelectorAll('.bh-trick-card, .bh-hand-card'),
        (c) => [getComputedStyle(c).animationName, getComputedStyle(c).transitionDuration])""")
    assert all(name == "none" and dur in ("0s", "") for name, dur in animations), animations
