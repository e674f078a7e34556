"""The layout checks of the browser tests on every screen (``test_screens.py``, ``test_screens_lite.py``):
what covers a card, what scrolls sideways, what lies outside the view, what target is too small,
what axe finds; a page with touch; a game played by clicks for some turns.
"""

from __future__ import annotations

import contextlib
import random

import harness
from harness import LabNotebook, TableDriver, axe_audit, describe_violations, screenshot, serious, write_notebook

PHONE, TABLET, DESKTOP = (390, 844), (820, 1180), (1280, 800)
"""The three sizes, in CSS px: a phone, a tablet, a desktop."""

_VISIBLE = """const visible = (el) => el.getClientRects().length > 0 && !el.closest('[hidden]') &&
    (el.checkVisibility ? el.checkVisibility({visibilityProperty: true}) : getComputedStyle(el).visibility !== 'hidden');
  const name = (el) => el.dataset.card || el.dataset.restCard || el.dataset.testid || el.dataset.seat && `seat ${el.dataset.seat}`
    || `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).split(' ').join('.')}`;"""


#: Every card of the felt and the hand, the trick's label, the waste pile's label and the seat
#: boxes: the element at the centre of each is itself (or inside it).
COVERED = """(root) => {
  """ + _VISIBLE + """
  const sel = '[data-testid=trick-card], [data-rest-card], [data-testid=hand] button[data-card], ' +
              '[data-testid=trick-info], .bh-waste-label, .bh-seat';
  const out = {problems: [], felt: 0, hand: 0};
  for (const el of Array.from(root.querySelectorAll(sel)).filter(visible)) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (el.matches('[data-testid=trick-card], [data-rest-card]')) out.felt += 1;
    if (el.matches('button[data-card]')) out.hand += 1;
    if (hit && (hit === el || el.contains(hit))) continue;
    const by = hit && (hit.closest('[data-card], [data-rest-card], .bh-seat, [data-testid]') || hit);
    out.problems.push(`${name(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${by ? name(by) : 'nothing'}`);
  }
  return out;
}"""


#: Sideways scrolling: of the page, of every ancestor of the widget that scrolls, of anything in
#: the widget; and anything in the widget sticking out of it.
OVERFLOW = """(root) => {
  """ + _VISIBLE + """
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > innerWidth + 1) out.push(`the page is ${page.scrollWidth} px wide in ${innerWidth}`);
  for (let el = root; el && el !== document.documentElement; el = el.parentElement) {
    const x = getComputedStyle(el).overflowX;
    if (el.scrollWidth > el.clientWidth + 1 && x !== 'hidden' && x !== 'clip')
      out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
  }
  const box = root.getBoundingClientRect();
  for (const el of root.querySelectorAll('*')) {
    if (!visible(el) || el.closest('.bh-sr-only')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1)
      out.push(`${name(el)} from ${Math.round(r.left)} to ${Math.round(r.right)} px, ` +
               `the widget from ${Math.round(box.left)} to ${Math.round(box.right)}`);
    const x = getComputedStyle(el).overflowX;
    if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1)
      out.push(`${name(el)} scrolls sideways inside: ${el.scrollWidth} px in ${el.clientWidth}`);
  }
  return out;
}"""


#: Every control, scrolled into view: its box inside the viewport and the notebook's visible part.
REACHABLE = """(root, view) => {
  """ + _VISIBLE + """
  const out = [];
  const controls = Array.from(root.querySelectorAll('button, select, input, textarea, summary')).filter(visible);
  const left = Math.max(0, view.left), right = Math.min(innerWidth, view.right);
  const top = Math.max(0, view.top), bottom = Math.min(innerHeight, view.bottom);
  for (const el of controls) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    if (r.left < left - 0.5 || r.right > right + 0.5 || r.top < top - 0.5 || r.bottom > bottom + 0.5)
      out.push(`${name(el)} at ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)}, ` +
               `the view ${Math.round(left)}..${Math.round(right)} x ${Math.round(top)}..${Math.round(bottom)}`);
  }
  return {problems: out, count: controls.length};
}"""


#: WCAG 2.2's target size: 24 x 24 CSS px for every target (a switch's target is its label; the
#: graph's points of the review are not counted: its rows are the same targets, full size).
TARGETS = """(root) => {
  """ + _VISIBLE + """
  const sel = 'button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea, summary, ' +
              'td[data-card], .bh-check, input[type=checkbox]:not(.bh-check input)';
  const out = [];
  let n = 0;
  for (const el of Array.from(root.querySelectorAll(sel)).filter(visible)) {
    const r = el.getBoundingClientRect();
    n += 1;
    if (r.width < 23.99 || r.height < 23.99) out.push(`${name(el)} is ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
  }
  return {problems: out, count: n};
}"""


def check_layout(page, nb: LabNotebook, table: TableDriver, where: str) -> dict:
    """The four layout checks of the module docstring; a dict of what was checked."""
    table.wait_still()  # no card flies and no new card's entrance runs: every card where it stays
    covered = table.root.evaluate(COVERED)
    assert not covered["problems"], f"{where}: covered:\n" + "\n".join(covered["problems"])
    overflow = table.root.evaluate(OVERFLOW)
    assert not overflow, f"{where}: sideways:\n" + "\n".join(overflow[:20])
    targets = table.root.evaluate(TARGETS)
    assert not targets["problems"], f"{where}: targets under 24 x 24 px:\n" + "\n".join(targets["problems"])
    reach = table.root.evaluate(REACHABLE, nb.notebook_viewport())
    assert not reach["problems"], f"{where}: controls outside the view:\n" + "\n".join(reach["problems"])
    return {"felt": covered["felt"], "hand": covered["hand"], "targets": targets["count"], "controls": reach["count"]}


def check_axe(page, table: TableDriver, where: str) -> None:
    table.wait_flight_done()
    found = axe_audit(page, table.root)
    bad = serious(found["violations"])
    print(f"[axe] {where}: {len(found['violations'])} violation(s)\n{describe_violations(found['violations'])}")
    assert not bad, f"{where}: serious axe violations:\n{describe_violations(bad)}"


@contextlib.contextmanager
def touch_page(browser, server, width: int, height: int, mobile: bool = False, scale: float = 1):
    """A page in a context with touch (and, for a phone, mobile emulation); afterwards the
    context is closed and the kernels it used are stopped."""
    page = harness.new_page(browser, width, height, touch=True, mobile=mobile, scale=scale)
    try:
        yield page
    except BaseException:
        with contextlib.suppress(Exception):
            screenshot(page, f"FAILED-screens-{width}x{height}.png")
        raise
    finally:
        harness.close_pages([page], server)


def collapse_left(page) -> None:
    """JupyterLab's left side panel closed, as on a phone (its bar of icons stays)."""
    page.evaluate("() => { const s = window.jupyterapp.shell; if (s.collapseLeft && !s.leftCollapsed) s.collapseLeft(); }")
    page.wait_for_function("() => { const s = window.jupyterapp.shell; return !s.collapseLeft || s.leftCollapsed; }")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # laid out


def open_in_lab(page, server, name: str, cells: list[str], wait_for: str = harness.TABLE) -> LabNotebook:
    write_notebook(server.root / f"{name}.ipynb", cells)
    nb = LabNotebook.open_lab(page, server, f"{name}.ipynb")
    collapse_left(page)
    nb.run_all(wait_for=wait_for)
    return nb


def play_some(table: TableDriver, rng: random.Random, turns: int, check=None, timeout: float = 30_000) -> dict:
    """The person plays ``turns`` random cards (passing at a chance to take); ``check(st)``
    runs at each turn. Returns the last state."""
    st = table.wait_turn_or_over(timeout)
    for _ in range(turns):
        if st["over"]:
            break
        if check:
            check(st)
        table.click_card(rng.choice(st["legal"]), timeout=timeout)
        st = table.wait_turn_or_over(timeout)
    return st


def output_width(table: TableDriver) -> float:
    return table.root.evaluate("(root) => (root.closest('.jp-OutputArea-output') || root).getBoundingClientRect().width")


def resize(page, table: TableDriver, width: int, height: int, timeout: float = 10_000) -> None:
    """Resize the page and wait until JupyterLab and the widget are laid out for it: the
    notebook lies inside the new window and, when the width changed, the notebook's output
    (the widget's container) has a new width; then two frames."""
    old = page.viewport_size
    if old == {"width": width, "height": height}:
        return
    before = output_width(table)
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("""([root, before, widthChanged]) => {
      const panel = window.jupyterapp.shell.currentWidget.node.getBoundingClientRect();
      const out = (root.closest('.jp-OutputArea-output') || root).getBoundingClientRect().width;
      return panel.right <= window.innerWidth + 0.5 && panel.bottom <= window.innerHeight + 0.5 &&
             (!widthChanged || Math.abs(out - before) > 0.5);
    }""", arg=[table.handle(), before, old is None or old["width"] != width], timeout=timeout, polling="raf")
    harness.two_frames(page)
