"""Fixtures for the browser tests: one JupyterLab server and one headless Chromium for the
whole session, a fresh page per test, and the JupyterLite site built and served once per run
(``lite_site``, ``lite_server``). Every test module here sets
``pytestmark = pytest.mark.browser``.

Without /usr/bin/chromium the tests are skipped, except on CI (the CI environment variable
set), where that is an error: CI must run them.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import pathlib
import subprocess
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import harness  # noqa: E402
from lite_site import BUILD, SiteServer  # noqa: E402


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
def jupyter_server(request, tmp_path_factory):
    _need_chromium()  # no point starting a server for tests that will be skipped
    # TCP_NODELAY on the kernels' websockets: each round trip between the page and its kernel
    # takes about 35 ms less (harness._NODELAY_CONFIG); the widget is the same either way
    server = harness.JupyterServer(nodelay=True)
    server.start()
    if any("lite_site" in getattr(item, "fixturenames", ()) for item in request.session.items):
        _lite_build(tmp_path_factory)  # built while the tests before the site's run
    try:
        yield server
    finally:
        harness.close_next_pages(server)
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


# ---------------------------------------------------------------------------------- the JupyterLite site
_LITE_BUILD: dict = {}
"""The site's build, once started: ``proc``, ``out``, ``log``, ``started``."""


def _lite_build(tmp_path_factory) -> dict:
    """Start building the JupyterLite site (once per run; a no-op without jupyterlite-core,
    which :func:`lite_site` reports), at the lowest priority: it takes only what the tests
    beside it leave of the cores, and is done long before the site's first test."""
    if not _LITE_BUILD and importlib.util.find_spec("jupyterlite_core") is not None:
        where = tmp_path_factory.mktemp("lite")
        log = open(where / "build.log", "w+", encoding="utf-8")  # noqa: SIM115 (read and closed by lite_site)
        proc = subprocess.Popen([sys.executable, str(BUILD), "--offline", "--output", str(where / "site")],
                                stdout=log, stderr=subprocess.STDOUT, text=True, preexec_fn=lambda: os.nice(19))
        _LITE_BUILD.update(proc=proc, out=where / "site", log=log, started=time.monotonic())
    return _LITE_BUILD


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """The site, built once per run from the working tree (offline: no numpy); its build is
    started with the browser tests' JupyterLab when the run has tests of the site."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        reason = "jupyterlite-core is not installed: pip install -r lite/requirements-build.txt"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but the site cannot be built: {reason}", pytrace=False)
        pytest.skip(reason)
    build = _lite_build(tmp_path_factory)
    try:
        code = build["proc"].wait(timeout=900)
    finally:
        build["log"].seek(0)
        output = build["log"].read()
        build["log"].close()
    out = build["out"]
    assert code == 0, f"lite/build.py --offline failed:\n{output[-6000:]}"
    summary = json.loads((out / "build-summary.json").read_text(encoding="utf-8"))
    mb = 1024 * 1024
    print(f"\n[lite] site built in {time.monotonic() - build['started']:.0f} s: {summary['bytes'] / mb:.1f} MB "
          f"(Pyodide {summary['pyodide_bytes'] / mb:.1f} MB, {len(summary['pyodide_packages'])} packages; "
          f"site wheels {summary['wheels_bytes'] / mb:.1f} MB)")
    assert not list(out.rglob("*.map")), "source maps in the site"
    assert {f"{n}.ipynb" for n in ("00_basics", "01_quick_start", "03_tochoo")} <= set(summary["notebooks"])
    assert "numpy" not in summary["pyodide_packages"]
    yield out


@pytest.fixture(scope="session")
def lite_server(lite_site):
    server = SiteServer(lite_site).start()
    yield server
    server.stop()
