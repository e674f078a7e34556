"""A whole game at the table in each of the five languages, in JupyterLab.

A notebook with ``Table(language="hi", rounds=5)`` is written into the server's temporary
copy of the notebooks; the table is played like a person in Hindi, then the language menu
switches it to German, Russian, Spanish and English, and a whole game is played in each.
Every text the page shows is checked against the kernel's, and against the catalogs; no
text may be clipped. Screenshots: ``tests/artifacts/lang-<code>-1-mid.png`` (a trick on the
table, the person to play) and ``lang-<code>-2-over.png`` (the banner and the scoreboard).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import harness
import pytest
from harness import screenshot

from bhabho_widget import PRESETS
from bhabho_widget.i18n import LANGUAGES, translator
from bhabho_widget.play.registry import BOTS
from bhabho_widget.table.protocol import menu_key

pytestmark = pytest.mark.browser

NOTEBOOK = "languages.ipynb"
OVER = "[data-testid=game-over]:not([hidden])"
ORDER = ["hi", "de", "ru", "es", "en"]
SEEDS = {"hi": 101, "de": 102, "ru": 103, "es": 104, "en": 105}
SCRIPT = {"hi": re.compile("[\u0900-\u097f]"), "ru": re.compile("[\u0400-\u04ff]"),
          "de": re.compile("[A-Za-zäöüß]"), "es": re.compile("[A-Za-záéíóúñ¡¿]"), "en": re.compile("[A-Za-z]")}

# Elements whose text is cut: a box that hides or clips its overflow (or ends it with an
# ellipsis) while its content is wider or taller than the box. Scrolling boxes (the log)
# are not clipped: they scroll.
_CLIPPED = """(root) => {
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    const text = Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!text || !el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    const hides = (v) => v === 'hidden' || v === 'clip';
    const wide = el.scrollWidth > el.clientWidth + 1 && (hides(s.overflowX) || s.textOverflow === 'ellipsis');
    const tall = el.scrollHeight > el.clientHeight + 1 && hides(s.overflowY);
    if (wide || tall) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${text.slice(0, 60)}`
                               + ` (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
  }
  return out;
}"""

_TEXTS = """(root) => ({
  newGame: root.querySelector('[data-testid=new-game]').textContent,
  undo: root.querySelector('[data-testid=undo]').textContent,
  hint: root.querySelector('[data-testid=hint]').textContent,
  languages: Array.from(root.querySelectorAll('[data-testid=language] option')).map((o) => [o.value, o.textContent]),
  variants: Array.from(root.querySelectorAll('[data-testid=variant] option')).map((o) => [o.value, o.textContent]),
  bots: Array.from(root.querySelectorAll('[data-testid=bots] option')).map((o) => [o.value, o.textContent]),
  language: root.querySelector('[data-testid=language]').value,
  lang: root.getAttribute('lang'),
  counts: Array.from(root.querySelectorAll('.bh-seat'),
                     (s) => [Number(s.dataset.count), s.querySelector('.bh-seat-count').textContent]),
  banner: (root.querySelector('""" + OVER + """') || {}).innerText || '',
  heading: (root.querySelector('[data-testid=score-heading]') || {}).textContent || '',
})"""


def _check_counts(code: str, labels: dict, counts: list) -> None:
    """Each seat's count of cards is the label of its number's plural category in ``code``."""
    t = translator(code)
    for n, shown in counts:
        assert shown == labels[f"cards_{t.plural_category(n)}"].format(n=n), (code, n, shown)


def _has_devanagari_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    found = subprocess.run(["fc-list", ":lang=hi", "family"], capture_output=True, text=True, check=False).stdout
    return bool(found.strip())


@pytest.fixture(scope="module")
def language_table(browser, jupyter_server):
    """The page, notebook and table of ``Table(language="hi")``, shared by the games below."""
    harness.write_notebook(jupyter_server.root / NOTEBOOK, [
        "from bhabho_widget import Table\n"
        "table = Table(players=4, seed=100, rounds=5, language='hi', pace=0)\n"
        "table",
    ])
    with harness.fresh_page(browser, jupyter_server) as page:
        nb, table = harness.open_table(page, jupyter_server, NOTEBOOK)
        yield page, nb, table


def test_a_devanagari_font_is_installed():
    """Without one, Hindi is drawn as empty boxes (install Debian's fonts-lohit-deva or fonts-noto-core)."""
    assert _has_devanagari_font(), "no font for Devanagari: apt-get install fonts-lohit-deva"


@pytest.mark.parametrize("code", ORDER)
def test_a_whole_game_in_each_language(language_table, code):
    page, nb, table = language_table
    labels = translator(code).labels()
    if nb.eval("table.language") != code:
        table.root.locator("[data-testid=language]").select_option(code)  # the language menu
    table.wait("(root, text) => root.querySelector('[data-testid=new-game]').textContent === text", labels["new_game"])
    assert nb.eval("table.language") == code and nb.eval("table.config['language']") == code
    texts = table.root.evaluate(_TEXTS)
    assert texts["language"] == code
    # the table says which language it speaks (screen readers pick their voice by it), and
    # counts cards in that language's plural forms, as the browser's Intl.PluralRules picks them
    assert texts["lang"] == code
    _check_counts(code, labels, texts["counts"])
    assert texts["languages"] == [[c, name] for c, name in LANGUAGES.items()]
    assert (texts["newGame"], texts["undo"], texts["hint"]) == (labels["new_game"], labels["undo"], labels["hint"])
    # the menus name the variants and bot levels in the table's language; the values stay the kernel's names
    assert texts["variants"] == [[v, labels[menu_key("variant_", v)]] for v in PRESETS]
    assert texts["bots"] == [[b, labels[menu_key("bots_", b)]] for b in BOTS]

    _new_game(nb, table, SEEDS[code])
    rng = random.Random(SEEDS[code])
    mid_shot = took = False
    plays = 0
    for _turn in range(400):
        st = table.wait_turn_or_over(timeout=30_000)
        if st["over"]:
            break
        assert st["error"] == "", st["error"]
        if st["narration"] and code != "en":
            assert SCRIPT[code].search(st["narration"]), st["narration"]
        if st["trick"] and not mid_shot:
            assert table.root.evaluate(_CLIPPED) == []
            _check_counts(code, labels, table.root.evaluate(_TEXTS)["counts"])
            screenshot(table.root, f"lang-{code}-1-mid.png")
            mid_shot = True
        if st["can_take"] and not took:
            target = nb.eval("table.view['take_target']")
            assert st["take_label"] == labels["take_from"].format(name=st["names"][target])
            table.root.locator("[data-testid=take]").click()
            table.wait("(root, s) => root.querySelector(`.bh-seat[data-seat=\"${s}\"]`).dataset.count === '0'", target)
            took = True
            continue
        table.click_card(rng.choice(st["legal"]))
        plays += 1
    else:
        pytest.fail(f"{code}: the game did not end within 400 turns")

    table.wait_flight_done()
    over = table.state()
    kernel = nb.eval("{'over': table.game.is_over, 'result': table.view['result'], 'narration': table.view['narration'], "
                     "'log': [line['text'] for line in table.view['log']], 'score': table.score['text'], "
                     "'names': table.view['names']}")
    assert kernel["over"] and plays >= 1
    texts = table.root.evaluate(_TEXTS)
    assert kernel["result"]["text"] in texts["banner"], (texts["banner"], kernel["result"])
    assert over["narration"] == kernel["narration"]
    assert over["log"] == kernel["log"][-len(over["log"]):]
    assert texts["heading"] == kernel["score"]
    assert over["names"] == kernel["names"]
    if code != "en":
        for text in (kernel["result"]["text"], kernel["score"], kernel["narration"], *kernel["log"]):
            assert SCRIPT[code].search(text), text
        assert kernel["names"][0] == translator(code).gettext("You") != "You"
    assert table.root.evaluate(_CLIPPED) == []
    screenshot(table.root, f"lang-{code}-2-over.png")
    assert mid_shot, f"{code}: never saw a trick on the table at the person's turn"
    print(f"\n[{code}] {plays} plays, take {'clicked' if took else 'not offered'}, result: {kernel['result']['text']}")


def _new_game(nb, table, seed: int) -> None:
    """Type a seed and click New game (a new match, dealt the same way every run); wait for
    the kernel's new game on the page: a view newer than the one before the click (the table
    before it may look dealt too), with no banner and all 52 cards. (The scoreboard's rows
    carry data-seat too, so only the seats around the table are counted.)"""
    version = nb.eval("table.view['version']")
    table.root.locator("[data-testid=seed]").fill(str(seed))
    table.root.locator("[data-testid=new-game]").click()
    table.wait(f"(root, version) => Number(root.dataset.version) > version && !root.querySelector('{OVER}') && "
               "Array.from(root.querySelectorAll('.bh-seat[data-seat]')).reduce((a, s) => a + Number(s.dataset.count), 0) "
               "+ Number(root.querySelector('[data-testid=waste]').dataset.count) "
               "+ root.querySelectorAll('[data-testid=trick-card]').length === 52", version)
    assert nb.eval("table.view['version']") > version and nb.eval("table.match.rounds_played") == 0

