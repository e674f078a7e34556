"""What the marimo and Solara tests share: start an app server of theirs on 127.0.0.1, and
play one card at the table it shows like a person (``test_marimo.py``, ``test_solara.py``).

Nothing here imports pytest; the servers are ended by the context manager that started them.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import harness


@contextlib.contextmanager
def app_server(args: list[str], port: int, log: pathlib.Path, what: str, timeout: float = 90) -> Iterator[str]:
    """Run ``python -m <args>`` (a server listening on ``port``) until the block ends; yields its
    address once it answers HTTP. ``what`` names it in the error when it does not answer."""
    env = {**os.environ, "BHABHO_COACH_AHEAD": "0", "PYTHONPATH": str(harness.REPO)}
    url = f"http://127.0.0.1:{port}/"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", *args], stdout=out, stderr=subprocess.STDOUT, env=env,
                                cwd=log.parent)
    try:
        deadline = time.monotonic() + timeout
        while True:  # until the server answers at its address, or it died, or the deadline
            if proc.poll() is not None:
                raise RuntimeError(f"{what} stopped (exit {proc.returncode}):\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(url, timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError) as err:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{what} did not answer at {url} in {timeout:.0f} s:\n{log.read_text()[-3000:]}") from err
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def page_of(browser) -> Iterator:
    """A page in a browser context of its own, closed afterwards."""
    page = harness.new_page(browser)
    try:
        yield page
    finally:
        with contextlib.suppress(Exception):
            page.context.close()


def play_one_card(page, url: str, counted: str) -> tuple[str, int]:
    """Open ``url``, wait for the table and for the person's turn, click a playable card, and
    wait until the card has left the hand and the text ``counted.format(n=...)`` of a cell that
    reads the table's state (re-run by the app) shows the smaller hand. Returns the card and
    the hand's size before."""
    page.goto(url)
    table = harness.TableDriver(page)
    table.wait_ready(timeout=90_000)
    state = table.wait_turn_or_over(timeout=60_000)
    assert state["legal"] and not state["over"], state
    before = len(state["hand"])
    page.get_by_text(counted.format(n=before)).wait_for(timeout=30_000)
    card = state["legal"][0]
    table.root.locator(f'[data-testid=hand] button[data-card="{card}"]').click()
    # a locator, found afresh at every look: an app may draw the widget's view anew meanwhile
    table.root.locator(f'[data-testid=hand] button[data-card="{card}"]').wait_for(state="detached", timeout=30_000)
    page.get_by_text(counted.format(n=before - 1)).wait_for(timeout=30_000)
    assert not table.state()["error"]
    return card, before
