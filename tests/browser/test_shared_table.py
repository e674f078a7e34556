"""Shared tables in the browser: four people, each in a browser context of their own on one
JupyterLab, each kernel a client of one table server on 127.0.0.1, play whole games by
clicks until the game-over banner; and three people with a bot play a match of two rounds.
Each page shows its own hand only. Screenshots go to tests/artifacts/shared-*.png."""

from __future__ import annotations

import pathlib
import random
import time

import harness
import pytest
from helpers import Server, wait_for

pytestmark = pytest.mark.browser
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

NAMES = ["Asha", "Ben", "Chitra", "Dev"]
STALL = 120  # seconds with no page able to act and no new view: the table is stuck (bots play at 0.2 s)


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory):
    """A table server of this module's own whose bots play at a pace a person can follow: its address."""
    server = Server(str(tmp_path_factory.mktemp("tables") / "tables.sqlite3"),
                    extra=("--tables-per-hour", "1000000", "--bot-pace", "0.2"))
    yield server.address
    server.stop()


def seat_people(browser, jupyter_server, server: str, people: int, rounds: int | None, tag: str):
    """Open the host's notebook, then each other person's (the code read from the host's
    kernel); returns the pages and their table drivers, host first. Every page starts its
    JupyterLab, and a kernel, at once."""
    root = pathlib.Path(jupyter_server.root)
    pages = [harness.lab_page(browser, jupyter_server, width=1100, height=1000) for _ in range(people)]
    tables = []
    code = None
    for k, page in enumerate(pages):
        path = f"shared-{tag}-{k}.ipynb"
        if k == 0:
            make = (f"t = Table.host({server!r}, players=4, rounds={rounds!r}, name={NAMES[0]!r}, "
                    "language='en', pace=0)")
        else:
            make = f"t = Table.join({server!r}, {code!r}, name={NAMES[k]!r}, language='en', pace=0)"
        harness.write_notebook(root / path, ["from bhabho_widget import Table\n" + make + "\nt"])
        nb, table = harness.open_table(page, jupyter_server, path)
        if k == 0:
            code = nb.eval("t.code")
        tables.append(table)
    return pages, tables


def play_to_the_end(tables, rng: random.Random, timeout: float = 600) -> int:
    """Every page plays its own seat by clicks (a random playable card; Pass at its chance to
    take) until every page shows the game over; returns the clicks. Each page is read once a
    round (:meth:`harness.TableDriver.turn`)."""
    deadline = time.monotonic() + timeout
    clicks = 0
    while True:
        turns = [t.turn() for t in tables]
        if all(turn["over"] for turn in turns):
            return clicks
        assert time.monotonic() < deadline, [t.state() for t in tables]
        acted = False
        for t, turn in zip(tables, turns):
            if turn["offer"]:
                t.pass_take()
                acted = True
            elif turn["my_turn"] and turn["legal"]:
                try:
                    t.click_card(rng.choice(turn["legal"]))
                except harness.PlayError:
                    continue  # the view changed under the click: read it again
                clicks += 1
                acted = True
        if not acted:  # the bots' turn: wait for a page to draw the next view
            drawn = [turn["version"] for turn in turns]
            try:
                wait_for(lambda drawn=drawn: [t.root.get_attribute("data-version") for t in tables] != drawn,
                         "a page to draw the next view",
                         timeout=max(1.0, min(STALL, deadline - time.monotonic())), every=0.05)
            except AssertionError as stall:  # nobody may act and nothing moves: say what each page shows
                shots = [harness.screenshot(t.root, f"shared-stall-{k}") for k, t in enumerate(tables)]
                raise AssertionError(f"{stall}; the pages: {[t.state() for t in tables]}; shots: {shots}") from None


def check_privacy(tables) -> None:
    """Each page shows one hand, its own: no card of it in another page's hand."""
    hands = [set(t.state()["hand"]) for t in tables]
    for a in range(len(hands)):
        for b in range(a + 1, len(hands)):
            assert not hands[a] & hands[b]


def close(pages, jupyter_server) -> None:
    harness.close_pages(pages, jupyter_server)


def test_four_people_play_a_whole_game_in_four_browsers(browser, jupyter_server, paced_server):
    pages, tables = seat_people(browser, jupyter_server, paced_server, 4, None, "four")
    try:
        host = tables[0]
        host.wait("(root) => /4 of 4 seats/.test(root.querySelector('[data-testid=narration]').textContent)")
        harness.screenshot(tables[1].root, "shared-four-lobby-ben")
        host.root.locator("[data-testid=new-game]").click()
        for t in tables:
            t.wait("(root) => !/host to deal/.test(root.querySelector('[data-testid=narration]').textContent)")
        names = tables[2].state()["names"]
        assert set(names) == {"You", "Asha", "Ben", "Dev"}
        check_privacy(tables)
        clicks = play_to_the_end(tables, random.Random(4))
        assert clicks >= 10
        for k, t in enumerate(tables):
            t.wait_flight_done()
            harness.screenshot(t.root, f"shared-four-over-{NAMES[k].lower()}")
        losers = {t.state()["loser"] for t in tables}
        assert len(losers) == 1  # one game, one banner for all
    finally:
        close(pages, jupyter_server)


def test_three_people_and_a_bot_play_a_match_of_two_rounds(browser, jupyter_server, paced_server):
    pages, tables = seat_people(browser, jupyter_server, paced_server, 3, 2, "match")
    try:
        host = tables[0]
        host.wait("(root) => /3 of 4 seats/.test(root.querySelector('[data-testid=narration]').textContent)")
        rng = random.Random(2)
        for _round in (1, 2):
            host.root.locator("[data-testid=new-game]").click()
            for t in tables:
                t.wait("(root) => !root.querySelector('[data-testid=game-over]:not([hidden])') && "
                       "!/host to deal/.test(root.querySelector('[data-testid=narration]').textContent)")
            check_privacy(tables)
            play_to_the_end(tables, rng)
            for t in tables:
                t.wait_flight_done()
        for k, t in enumerate(tables):
            harness.screenshot(t.root, f"shared-match-over-{NAMES[k].lower()}")
        text = tables[1].root.inner_text()
        assert "Session over after 2 rounds" in text
    finally:
        close(pages, jupyter_server)
