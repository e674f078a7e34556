"""The JupyterLite site in the browser tests (``test_lite.py``, ``test_screens_lite.py``): its build,
a static server of it on 127.0.0.1, a watch on every request that leaves it and every error, and
a notebook opened and run there.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time

import harness
from harness import LabNotebook, TableDriver

BUILD = harness.REPO / "lite" / "build.py"


#: Pyodide starts in a worker: compiling the runtime and installing the kernel takes a while
KERNEL_TIMEOUT = 600_000


MISSING = "MissingPackageError"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip"}

    def log_message(self, format, *args):  # quiet
        pass


class SiteServer:
    """A static HTTP server of the site on 127.0.0.1 (a free port), in a thread."""

    def __init__(self, root):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> SiteServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)

    def notebook_url(self, path: str) -> str:
        return f"{self.url}/lab/index.html?path={path}"


# A folder made in the browser's storage (the learner's progress, /drive/.bhabho-widget) is
# looked up on the site too, by JupyterLite's contents: first as "Untitled Folder" (a new
# folder is made untitled, then renamed), then under its name. The site has neither: the 404
# of that lookup, and the console's line about it, are JupyterLite's own way, not an error.
_FOLDER_LOOKUP = ("/api/contents/Untitled%20Folder/all.json", "/api/contents/.bhabho-widget/all.json")


class Watch:
    """What a page did: requests outside the site (refused), console errors of the page
    and of its workers (the kernel runs in one)."""

    def __init__(self, page, site_url: str):
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.folder_lookups = 0
        prefix = site_url + "/"

        def route(r):
            if r.request.url.startswith(prefix):
                r.continue_()
            else:
                self.outside.append(r.request.url)
                r.abort()

        page.context.route("**/*", route)
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("worker", lambda w: w.on("console", lambda m: self.errors.append(f"worker: {m.text}")
                                         if m.type == "error" else None))
        page.on("response", self._response)

    def _response(self, r) -> None:
        if r.status == 404 and r.url.endswith(_FOLDER_LOOKUP):
            self.folder_lookups += 1
        elif r.status >= 400:
            self.errors.append(f"HTTP {r.status}: {r.url}")

    def check(self) -> None:
        """No request left the site, and no error but the console's line about each folder lookup."""
        assert self.outside == [], f"{len(self.outside)} request(s) outside 127.0.0.1: {self.outside[:5]}"
        errors = list(self.errors)
        for _ in range(self.folder_lookups):  # the browser's own line about each such 404
            line = next((e for e in errors if e.startswith("console: Failed to load resource") and "404" in e), None)
            if line is not None:
                errors.remove(line)
        assert errors == [], f"{len(errors)} console error(s): {errors[:5]}"


# What the open notebook has run: cells run, errors with their traceback lines, kernel idle.
_PROGRESS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  const cells = w.content.widgets.filter((c) => c.model.type === 'code');
  const errors = [];
  let ran = 0;
  for (const c of cells) {
    if (c.model.executionCount !== null) ran += 1;
    for (let i = 0; i < c.model.outputs.length; i++) {
      const o = c.model.outputs.get(i).toJSON();
      if (o.output_type === 'error') errors.push({ename: o.ename, evalue: o.evalue, lines: o.traceback.length});
    }
  }
  return {idle: Boolean(k && k.status === 'idle'), ran, count: cells.length, errors};
}"""


# Run every cell and keep, on the page, JupyterLab's own word on when the run is over:
# the promise of "run all" settles once every cell has run (or was stopped after an error).
_RUN_ALL = """() => {
  const run = {done: false, ok: null, error: null};
  window.__bhRunAll = run;
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    (ok) => { run.ok = ok; run.done = true; },
    (err) => { run.error = String(err); run.done = true; });
}"""

# The run is over (see _RUN_ALL) and the kernel is idle.
_RUN_OVER = """() => {
  const run = window.__bhRunAll;
  const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  return Boolean(run && run.done && k && k.status === 'idle');
}"""


def wait_run(page, timeout: float = KERNEL_TIMEOUT / 1000) -> dict:
    """After :func:`open_and_run`: wait until JupyterLab's "run all" is over (every cell ran, or
    the run stopped at an error) and the kernel is idle; the cells' progress then."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # installed: a page is open

    try:
        page.wait_for_function(_RUN_OVER, timeout=timeout * 1000, polling=200)
    except PlaywrightTimeout:
        raise TimeoutError(f"cells still running after {timeout:.0f} s: {page.evaluate(_PROGRESS)}") from None
    run = page.evaluate("() => window.__bhRunAll")
    if run["error"]:
        raise RuntimeError(f"run all cells failed: {run['error']}")
    return page.evaluate(_PROGRESS)


def open_and_run(page, url: str, path: str) -> tuple[LabNotebook, float]:
    """Open a notebook, run all its cells once the kernel is ready; returns it and the time
    the page was opened (monotonic)."""
    opened = time.monotonic()
    page.goto(url)
    nb = LabNotebook(page, path)
    nb.wait_kernel_ready(KERNEL_TIMEOUT)
    page.evaluate(_RUN_ALL)
    return nb, opened


def wait_dealt(page, timeout: float = KERNEL_TIMEOUT) -> TableDriver:
    table = TableDriver(page, 0)
    table.wait_ready(timeout)
    table.wait("(root) => root.querySelectorAll('[data-testid=hand] button[data-card]').length > 0", timeout=timeout)
    return table
