"""Fixtures for the browser tests: one JupyterLab server and one headless Chromium for the
whole session, a fresh page per test. Every test module here sets
``pytestmark = pytest.mark.browser``.

Without /usr/bin/chromium the tests are skipped, except on CI (the CI environment variable
set), where that is an error: CI must run them.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import harness  # noqa: E402


def _need_chromium():
    if os.path.exists(harness.CHROMIUM):
        return
    reason = (f"{harness.CHROMIUM} is missing: install Debian's chromium package "
              "(apt-get install chromium); Playwright's own browser download does not work here")
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playwright_instance():
    _need_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but playwright is not installed: {err}", pytrace=False)
        pytest.skip(f"playwright is not installed: {err}")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = harness.launch_browser(playwright_instance)
    yield b
    with contextlib.suppress(Exception):
        b.close()


@pytest.fixture(scope="session")
def jupyter_server():
    _need_chromium()  # no point starting a server for tests that will be skipped
    for old in harness.ARTIFACTS.glob("FAILED-*"):  # leftovers of an earlier run
        old.unlink()
    server = harness.JupyterServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(browser, jupyter_server):
    with harness.fresh_page(browser, jupyter_server) as p:
        yield p


def _capture(item):
    """A screenshot and the console of every open page, for a failing test."""
    b = item.funcargs.get("browser")
    if b is None:
        for value in item.funcargs.values():  # a module fixture holding a page
            pg = getattr(value, "page", None) or (value[0] if isinstance(value, tuple) and value else None)
            if pg is not None and hasattr(pg, "context"):
                b = pg.context.browser
                break
    if b is None:
        return
    name = item.name.replace("/", "_")
    for c, context in enumerate(b.contexts):
        for i, pg in enumerate(context.pages):
            with contextlib.suppress(Exception):
                harness.screenshot(pg, f"FAILED-{name}-{c}{i}.png")
            with contextlib.suppress(Exception):
                harness.artifact(f"FAILED-{name}-{c}{i}.console.txt").write_text("\n".join(getattr(pg, "messages", [])))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call" and rep.failed:  # the fixtures (pages) are still alive here
        _capture(item)
