"""Drive the table widget in a real JupyterLab (and Notebook 7, Voilà) with headless Chromium.

Used by the browser tests (through ``conftest.py``) and by ``benchmarks/click_latency.py``.
Nothing here imports pytest.

- :class:`JupyterServer` starts ``python -m jupyterlab`` (the running interpreter) on a free
  port bound to 127.0.0.1, with no token, a private HOME / runtime / config / data folder and
  a temporary copy of the repository's ``notebooks`` folder as its root, so nothing is ever
  written into the repository's notebooks. Its ``python3`` kernel runs this same interpreter.
- :func:`launch_browser` starts Debian's Chromium through Playwright (the recipe's flags).
- :class:`LabNotebook` opens a notebook page, waits for the kernel (connected *and* idle:
  "run all" before that silently runs nothing), runs every cell, runs code in the page's
  kernel and takes screenshots.
- :class:`TableDriver` plays the table widget like a person: clicks, keys, the pace slider,
  and waits on what the widget shows; it also tells where the keyboard focus is, presses
  Tab until a control has it, and counts what appears in the widget (flights, say).
- :func:`axe_audit` runs axe-core (``src_js/node_modules/axe-core``, installed by ``npm ci``
  in src_js) on one widget's output.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from urllib.parse import quote

REPO = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TABLE = "[data-testid=bhabho-table]"
ENABLED_CARD = "[data-testid=hand] button[data-card]:not([disabled])"
AXE_JS = REPO / "src_js" / "node_modules" / "axe-core" / "axe.min.js"
#: The rules an audit runs: WCAG 2.0 / 2.1 A and AA, and axe's best practices.
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice")


def artifact(name: str) -> pathlib.Path:
    """A path under tests/artifacts/ (created; the folder is gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: pathlib.Path, cells: list[str]) -> pathlib.Path:
    """Write a notebook of code cells (no outputs) for the ``python3`` kernel."""
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": uuid.uuid4().hex[:8], "metadata": {},
             "outputs": [], "source": src}
            for src in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


# jupyter_server leaves Nagle's algorithm on for a kernel's websocket: the small frames it
# sends after the first (status, reply, a widget's update) wait for the browser's delayed ACK,
# about 40 ms on Linux, so every round trip from a page to its kernel takes at least 45 ms (an
# empty cell run from the page: 48 ms, and 14 ms with TCP_NODELAY; the kernel's own round trip
# is 3 ms). This configuration sets TCP_NODELAY on the kernels' websockets.
_NODELAY_CONFIG = """\
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_open = KernelWebsocketHandler.open


async def open_without_nagle(self, kernel_id):
    self.set_nodelay(True)
    return await _open(self, kernel_id)


KernelWebsocketHandler.open = open_without_nagle
"""


class JupyterServer:
    """``python -m jupyterlab`` on 127.0.0.1, no token, everything private to a temp folder.

    ``nodelay=True`` sets TCP_NODELAY on the kernels' websockets (see ``_NODELAY_CONFIG``):
    a round trip from the page to its kernel is then about 15 ms instead of about 50 ms. The
    browser tests use it, to wait less; the benchmarks keep JupyterLab as a person gets it.

    Also serves Notebook 7 (``/notebooks/<path>``) and Voilà (``/voila/render/<path>``) when
    those packages are installed. Use as a context manager or call start()/stop().
    """

    def __init__(self, notebooks: pathlib.Path = NOTEBOOKS, python: str = sys.executable, startup_timeout: float = 90,
                 nodelay: bool = False):
        self.source = pathlib.Path(notebooks)
        self.nodelay = nodelay
        self.python = python
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen | None = None
        self.tmp: pathlib.Path | None = None
        self.port: int | None = None
        self._log = None

    # ------------------------------------------------------------------ lifecycle
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def root(self) -> pathlib.Path:
        """The server's root folder: a copy of the repository's notebooks."""
        return self.tmp / "notebooks"

    @property
    def log_path(self) -> pathlib.Path:
        return self.tmp / "jupyter-server.log"

    def _prepare(self) -> dict:
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="bhabho-browser-"))
        shutil.copytree(self.source, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        dirs = {name: self.tmp / name for name in ("home", "runtime", "config", "data")}
        for d in dirs.values():
            d.mkdir()
        # The user data dir comes first in Jupyter's search path: this kernelspec wins over any
        # python3 spec of the system, and runs exactly this interpreter (venv or not).
        spec = dirs["data"] / "kernels" / "python3"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [self.python, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
            "metadata": {"debugger": False},
        }), encoding="utf-8")
        # No "get Jupyter news?" toast over the widget, no update check.
        settings = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
        if self.nodelay:
            (dirs["config"] / "jupyter_server_config.py").write_text(_NODELAY_CONFIG, encoding="utf-8")
        env = dict(os.environ)
        env.update(
            HOME=str(dirs["home"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_PLATFORM_DIRS="1",
            PYTHONUNBUFFERED="1",
        )
        # Matplotlib would build its font cache in the fresh HOME (seconds on 2 cores): reuse
        # the user's cache when there is one.
        mpl_cache = pathlib.Path.home() / ".cache" / "matplotlib"
        if "MPLCONFIGDIR" not in os.environ and mpl_cache.is_dir():
            env["MPLCONFIGDIR"] = str(mpl_cache)
        for var in ("JUPYTER_PATH", "JUPYTER_PREFER_ENV_PATH", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
            env.pop(var, None)
        return env

    def _command(self) -> list[str]:
        return [
            self.python, "-m", "jupyterlab", "--no-browser", f"--port={self.port}", "--port-retries=0",
            "--allow-root", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True",
            "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--MappingKernelManager.cull_idle_timeout=0",
            # kernels on Unix sockets: a TCP port chosen free can be taken by another process of
            # a busy test run before the kernel binds it (see helpers.this_python_kernel)
            "--KernelManager.transport=ipc",
        ]

    def start(self) -> JupyterServer:
        env = self._prepare()
        last_error = None
        for _attempt in range(3):  # a free port can be taken between probing and binding
            self.port = free_port()
            self._log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(self._command(), env=env, cwd=self.tmp, stdout=self._log,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            try:
                self._wait_ready()
                return self
            except RuntimeError as err:
                last_error = err
                self._terminate()
        self.stop()
        raise last_error

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyterlab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"jupyterlab did not answer /api/status within {self.startup_timeout} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def _terminate(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def stop(self, keep_log: bool = True) -> None:
        """Stop the server (terminate, wait, kill) and remove the temp folder; its log is
        kept as tests/artifacts/jupyter-server.log."""
        with contextlib.suppress(Exception):
            self.shutdown_kernels()
        self._terminate()
        if self.tmp is not None:
            if keep_log and self.log_path.exists():
                with contextlib.suppress(OSError):
                    shutil.copy(self.log_path, artifact("jupyter-server.log"))
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def __enter__(self) -> JupyterServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ------------------------------------------------------------------ REST
    def api(self, method: str, path: str, timeout: float = 10, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.url}{path}", method=method, data=data,
                                     headers={} if body is None else {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else None

    def kernel_ids(self) -> set[str]:
        return {k["id"] for k in self.api("GET", "/api/kernels") or []}

    def shutdown_kernels(self, only: set[str] | None = None) -> None:
        """Stop the kernels ``only`` (a test's notebooks, Voila's kernel), or every kernel of
        the server when None (at its end)."""
        for kid in (self.kernel_ids() if only is None else only):
            with contextlib.suppress(urllib.error.URLError, OSError):
                self.api("DELETE", f"/api/kernels/{kid}")

    def lab_url(self, path: str, workspace: str | None = None) -> str:
        """A notebook in a fresh JupyterLab workspace (no other documents restored)."""
        ws = workspace or f"t{uuid.uuid4().hex[:10]}"
        return f"{self.url}/lab/workspaces/{ws}/tree/{quote(path)}"

    def notebook7_url(self, path: str) -> str:
        return f"{self.url}/notebooks/{quote(path)}"

    def voila_url(self, path: str) -> str:
        return f"{self.url}/voila/render/{quote(path)}"


def launch_browser(playwright, headless: bool = True):
    """Debian's Chromium through Playwright (its own browser download does not work here)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=headless, args=CHROMIUM_ARGS)


def new_page(browser, width: int = 1280, height: int = 1300, *, touch: bool = False, mobile: bool = False,
             scale: float = 1):
    """A page in a browser context of its own: ``touch`` a touch screen (so that a cell can be
    tapped), ``mobile`` a phone's emulation, ``scale`` its device pixel ratio."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                  has_touch=touch, is_mobile=mobile)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.messages = []  # console errors and page errors, for failure reports
    page.on("pageerror", lambda err: page.messages.append(f"pageerror: {err}"))
    page.on("console", lambda msg: page.messages.append(f"console.{msg.type}: {msg.text}")
            if msg.type in ("error", "warning") else None)
    return page


# The next test's page, JupyterLab already starting in it (see fresh_page), by browser and server.
_NEXT_PAGE: dict[tuple[int, str], object] = {}


def lab_page(browser, server: JupyterServer, **options):
    """A page of its own context (:func:`new_page`'s ``options``) that starts JupyterLab now (a
    workspace of its own, no document), and a kernel for the first notebook
    :meth:`LabNotebook.open_lab` opens there: JupyterLab takes about 3 s of the browser to
    start and a kernel about 1 s, done while the test goes on (the next test's page, several
    people's pages at once)."""
    p = new_page(browser, **options)
    p.goto(f"{server.url}/lab/workspaces/n{uuid.uuid4().hex[:10]}", wait_until="commit")
    p.lab_started_for = server.url
    p.next_kernel = server.api("POST", "/api/kernels", body={"name": "python3"})["id"]
    return p


def _start_next_page(browser, server: JupyterServer) -> None:
    """The next test's page (:func:`lab_page`), started while this test mostly waits."""
    _NEXT_PAGE[id(browser), server.url] = lab_page(browser, server)


def close_next_pages(server: JupyterServer) -> None:
    """Close the pages started for a next test that did not come (at the end of a run)."""
    close_pages(list(_NEXT_PAGE.values()), server)
    _NEXT_PAGE.clear()


@contextlib.contextmanager
def fresh_page(browser, server):
    """A page in its own browser context, JupyterLab starting in it (a new workspace; the
    first :meth:`LabNotebook.open_lab` opens its notebook there instead of loading the page
    again); afterwards the context is closed and the kernels its pages used are stopped
    (:func:`close_pages`), so the next test has the CPU to itself."""
    p = _NEXT_PAGE.pop((id(browser), server.url), None)
    if p is None or p.is_closed():
        p = new_page(browser)
    _start_next_page(browser, server)
    try:
        yield p
    finally:
        close_pages([p], server)


# The kernels a page uses: JupyterLab's and Notebook 7's open documents, Voila's one kernel.
_PAGE_KERNELS = """() => {
  const ids = new Set();
  const app = window.jupyterapp;
  if (app && app.shell && app.shell.widgets) {
    for (const w of Array.from(app.shell.widgets('main'))) {
      const k = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
      if (k) ids.add(k.id);
    }
  }
  const config = document.getElementById('jupyter-config-data');
  if (config) {
    try { const id = JSON.parse(config.textContent).kernelId; if (id) ids.add(id); } catch (e) {}
  }
  return Array.from(ids);
}"""


def page_kernels(page) -> set[str]:
    """The ids of the kernels ``page`` uses (none if it shows no notebook, or is closed)."""
    try:
        return set(page.evaluate(_PAGE_KERNELS))
    except Exception:  # a page that is gone, or never loaded Jupyter: no kernel of its own
        return set()


def close_pages(pages, server: JupyterServer) -> None:
    """Close the pages' browser contexts, then stop the kernels those pages used, and those
    only: the page started for the next test (:func:`fresh_page`) and its kernel go on."""
    kernels: set[str] = set()
    for p in pages:
        for other in p.context.pages:
            kernels |= page_kernels(other)
            if getattr(other, "next_kernel", None):  # started for a notebook never opened
                kernels.add(other.next_kernel)
    for p in pages:
        with contextlib.suppress(Exception):
            p.context.close()
    server.shutdown_kernels(only=kernels)


# JS run in the page: the current notebook panel of JupyterLab or Notebook 7.
_PANEL = "(() => { const a = window.jupyterapp; return a && a.shell && a.shell.currentWidget; })()"

_KERNEL_READY = f"""(path) => {{
  const w = {_PANEL};
  if (!w || !w.sessionContext || !w.context || (path && w.context.path !== path)) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return Boolean(k && k.connectionStatus === 'connected' && k.status === 'idle' && w.context.isReady);
}}"""

_RUN_STATE = f"""() => {{
  const w = {_PANEL};
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  const cells = w.content.widgets.filter((c) => c.model.type === 'code');
  const errors = [];
  for (const c of cells) {{
    for (let i = 0; i < c.model.outputs.length; i++) {{
      const o = c.model.outputs.get(i).toJSON();
      // the error and where it was raised: the traceback's last frame, without its colours
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue + ' (' +
        (o.traceback || []).slice(-2).join(' | ').replace(/\\x1b\\[[0-9;]*m/g, '').slice(-600) + ')');
    }}
  }}
  return {{idle: Boolean(k && k.status === 'idle'), done: cells.every((c) => c.model.executionCount !== null),
           count: cells.length, errors}};
}}"""

_EXECUTE = f"""async (code) => {{
  const w = {_PANEL};
  const kernel = w.sessionContext.session.kernel;
  const future = kernel.requestExecute({{code, store_history: false, silent: false, allow_stdin: false}});
  let out = '', err = null;
  future.onIOPub = (msg) => {{
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    else if (t === 'error') err = msg.content.ename + ': ' + msg.content.evalue + '\\n' + msg.content.traceback.join('\\n');
  }};
  const reply = await future.done;
  return {{out, err, status: reply.content.status}};
}}"""


class KernelError(RuntimeError):
    pass


_TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def two_frames(page) -> None:
    """Wait for two animation frames: whatever the page changed before is laid out and drawn."""
    page.evaluate(_TWO_FRAMES)


class LabNotebook:
    """A notebook open in JupyterLab or Notebook 7 (both expose ``window.jupyterapp`` here)."""

    def __init__(self, page, path: str):
        self.page = page
        self.path = path

    @classmethod
    def open_lab(cls, page, server: JupyterServer, path: str, timeout: float = 60_000) -> LabNotebook:
        """Open ``path`` in JupyterLab: in the JupyterLab a :func:`fresh_page` started (its
        file menu's way, once), or by loading the page at the notebook's address."""
        if getattr(page, "lab_started_for", None) == server.url and page.url.startswith(f"{server.url}/lab"):
            page.lab_started_for = None
            if getattr(page, "next_kernel", None):  # the notebook's session, on the kernel started for it
                server.api("POST", "/api/sessions", body={"path": path, "name": path, "type": "notebook",
                                                          "kernel": {"id": page.next_kernel}})
                page.next_kernel = None
            page.wait_for_function("() => Boolean(window.jupyterapp)", timeout=timeout, polling=50)
            page.evaluate("async (path) => { const app = window.jupyterapp; await app.restored; "
                          "await app.serviceManager.sessions.refreshRunning(); "
                          "await app.commands.execute('docmanager:open', {path}); }", path)
        else:
            page.goto(server.lab_url(path))
        nb = cls(page, path)
        nb.wait_kernel_ready(timeout)
        return nb

    @classmethod
    def open_notebook7(cls, page, server: JupyterServer, path: str, timeout: float = 60_000) -> LabNotebook:
        page.goto(server.notebook7_url(path))
        nb = cls(page, path)
        nb.wait_kernel_ready(timeout)
        return nb

    def wait_kernel_ready(self, timeout: float = 60_000) -> None:
        """The trap: the toolbar shows idle before the kernel exists; wait for a connected, idle kernel."""
        self.page.wait_for_function(_KERNEL_READY, arg=self.path, timeout=timeout, polling=100)

    def run_all(self, timeout: float = 90_000, wait_for: str | None = TABLE) -> None:
        """Run every cell and wait until all have run and the kernel is idle; fails on any
        cell error. ``wait_for``: a selector that must then be visible."""
        self.wait_kernel_ready(timeout)
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.wait_cells_done(timeout)
        if wait_for:
            self.page.locator(wait_for).first.wait_for(state="visible", timeout=timeout)

    def wait_cells_done(self, timeout: float = 90_000) -> None:
        deadline = time.monotonic() + timeout / 1000
        while True:
            state = self.page.evaluate(_RUN_STATE)
            if state["errors"]:
                raise KernelError(f"{self.path}: cell error(s): {state['errors']}")
            if state["done"] and state["idle"]:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.path}: cells still running after {timeout / 1000:.0f} s: {state}")
            time.sleep(0.1)

    def execute(self, code: str, timeout: float = 30) -> str:
        """Run ``code`` in the notebook's kernel from the page; returns its printed output."""
        result = self.page.evaluate(_EXECUTE, code)
        if result["err"] or result["status"] != "ok":
            raise KernelError(f"kernel error running {code!r}: {result['err'] or result['status']}")
        return result["out"]

    def eval(self, expr: str):
        """The JSON value of the Python expression ``expr`` in the kernel."""
        out = self.execute(f"import json as _bh_json\nprint(_bh_json.dumps({expr}))")
        return json.loads(out.strip().splitlines()[-1])

    def round_trip(self) -> None:
        """Run a cell in the kernel from the page, then wait two animation frames. The widget's
        messages go to the kernel on the same shell channel before that execute request, and
        its updates come back on IOPub before the cell's end: so every message the page sent
        before has been handled, and what the kernel sent back is drawn. The wait for "nothing
        happened" (a click that must send nothing, a table that must wait for the person)."""
        self.execute("pass")
        two_frames(self.page)

    def check_kernel(self, python: str = sys.executable) -> dict:
        """The kernel runs ``python`` and imports this checkout's bhabho_widget."""
        info = self.eval("{'python': __import__('sys').executable, "
                         "'package': __import__('bhabho_widget').__file__}")
        if os.path.realpath(info["python"]) != os.path.realpath(python):
            raise KernelError(f"the kernel runs {info['python']}, not {python}")
        if not pathlib.Path(info["package"]).resolve().is_relative_to(REPO):
            raise KernelError(f"the kernel imports bhabho_widget from {info['package']}, not from {REPO}")
        return info

    def set_theme(self, theme: str) -> None:
        """'JupyterLab Dark' or 'JupyterLab Light'; returns once the page shows it."""
        self.page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
        light = "true" if "Light" in theme else "false"
        # JupyterLab covers the page with its splash while the theme loads: wait till it is gone
        self.page.wait_for_function("(light) => document.body.dataset.jpThemeLight === light"
                                    " && !document.querySelector('#jupyterlab-splash')",
                                    arg=light, timeout=30_000)

    def show_file_browser(self) -> None:
        """Open JupyterLab's file browser in the left sidebar (as a person usually has it)."""
        self.page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        self.page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=10_000)

    def notebook_viewport(self) -> dict:
        """The visible part of the notebook (its scrolling area), in page coordinates:
        ``{left, top, right, bottom}``."""
        return self.page.evaluate(f"""() => {{
          const w = {_PANEL};
          const el = w.content.node.querySelector('.jp-WindowedPanel-outer') || w.content.node;
          const r = el.getBoundingClientRect();
          return {{left: r.left, top: r.top, right: r.right, bottom: r.bottom}};
        }}""")


def screenshot(target, name: str) -> pathlib.Path:
    """Save a PNG of a page or locator under tests/artifacts/."""
    path = artifact(name if name.endswith(".png") else f"{name}.png")
    target.screenshot(path=str(path))
    return path


# ---------------------------------------------------------------------------------- the widget
# The game-over banner is always in the widget, hidden until there is a result.
OVER = "[data-testid=game-over]:not([hidden])"

# The person's turn with bots settled: the drawn view waits for the person
# (``data-waiting="human"`` on the table) and a card is playable. The Hint button is no sign: a
# shared table has none.
_MY_TURN = ("root.dataset.waiting === 'human' && "
            "Boolean(root.querySelector('[data-testid=hand] button[data-card]:not([disabled])'))")

_SNAPSHOT = """(root) => {
  const OVER = '""" + OVER + """';
  const q = (s) => Array.from(root.querySelectorAll(s));
  const over = root.querySelector(OVER);
  const take = root.querySelector('[data-testid=take]');
  const pass = root.querySelector('[data-testid=pass-take]');
  return {
    names: q('[data-seat] .bh-seat-name').map((n) => n.textContent),
    hand: q('[data-testid=hand] button[data-card]').map((b) => b.dataset.card),
    legal: q('[data-testid=hand] button[data-card]:not([disabled])').map((b) => b.dataset.card),
    hinted: q('[data-testid=hand] button[data-card][data-hint=true]').map((b) => b.dataset.card),
    trick: q('[data-testid=trick-card]').map((c) => c.dataset.card),
    counts: q('[data-seat]').map((s) => Number(s.dataset.count)),
    seats: q('[data-seat]').map((s) => Number(s.dataset.seat)),
    narration: (root.querySelector('[data-testid=narration]') || {}).textContent || '',
    error: (root.querySelector('[data-testid=error]') || {}).textContent || '',
    log: q('[data-testid=log] li').map((li) => li.textContent),
    over: Boolean(over),
    loser: over ? over.dataset.loser : null,
    my_turn: !over && """ + _MY_TURN + """,
    can_take: Boolean(take && !take.disabled && !take.hidden),
    take_label: take ? take.textContent : '',
    offer: Boolean(pass && !pass.hidden && !pass.disabled),
    pace: (root.querySelector('[data-testid=pace]') || {}).value,
  };
}"""

# What a player needs to read to act, and no more (one round trip, quick to answer): the
# table's drawn version, the game over, the person's own chance to take (the Pass button), the
# person's turn and the cards they may play.
_TURN = """(root) => {
  const over = Boolean(root.querySelector('""" + OVER + """'));
  const pass = root.querySelector('[data-testid=pass-take]');
  return {
    version: root.getAttribute('data-version'),
    over,
    offer: !over && Boolean(pass && !pass.hidden && !pass.disabled),
    my_turn: !over && """ + _MY_TURN + """,
    legal: Array.from(root.querySelectorAll('[data-testid=hand] button[data-card]:not([disabled])'),
                      (b) => b.dataset.card),
  };
}"""

# Resolves when it is the person's turn (_MY_TURN), at the person's own chance to take (rule 7:
# the Pass button shows), or when the game is over.
_TURN_OR_OVER = """(root) => Boolean(root.querySelector('""" + OVER + """')) ||
  Boolean(root.querySelector('[data-testid=pass-take]:not([hidden]):not([disabled])')) ||
  (""" + _MY_TURN + """)"""

# Armed before a card is played: records performance.now() at the click (or Enter) on the
# card and at the first DOM change that shows it on the table, as a trick card or, when it
# ended the trick (the last card, or a tochoo), as a card of the finished trick resting on
# the table (or flying off). A MutationObserver sees
# every state the widget draws, even one replaced a moment later by the bots' next move.
# Returns a point where the card is topmost (hand cards overlap): ``x``, ``y`` relative to the
# card, ``vx``, ``vy`` in the viewport; or null. With ``guard``, the first click anywhere in the
# page that is not on the card is stopped before the page sees it (the hand moved between the
# point's reading and the click): nothing is played, and ``done`` resolves with ``missed``.
_PLAY_ARM = """(root, [code, timeout, guard]) => {
  if (window.__bhPlay && window.__bhPlay.cancel) window.__bhPlay.cancel();
  const shown = () => root.querySelector(`[data-testid=trick-card][data-card="${code}"]`) ||
                      root.querySelector(`[data-rest-card="${code}"]`) ||
                      root.querySelector(`[data-flight-card="${code}"]`);
  const rec = {card: code, start: null, end: null, how: null, error: null, missed: false};
  window.__bhPlay = rec;
  let finish;
  rec.done = new Promise((resolve) => { finish = resolve; });
  const onCard = (e) => {
    const b = e.target.closest && e.target.closest('button[data-card]');
    return Boolean(b && b.dataset.card === code && root.contains(b));
  };
  const onAct = (e) => {
    if (e.type === 'keydown' && e.key !== 'Enter' && e.key !== ' ') return;
    if (onCard(e) && rec.start === null) rec.start = performance.now();
  };
  const onMiss = (e) => {
    window.removeEventListener('click', onMiss, true);
    if (onCard(e)) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    rec.missed = true;
    rec.cancel();
  };
  const obs = new MutationObserver(() => {
    if (rec.start === null || rec.end !== null) return;
    const el = shown();
    if (el) {
      rec.end = performance.now();
      rec.how = el.dataset.testid === 'trick-card' ? 'trick' : el.dataset.restCard ? 'rest' : 'flight';
      rec.cancel();
      return;
    }
    const err = root.querySelector('[data-testid=error]');
    if (err && err.textContent) { rec.error = err.textContent; rec.cancel(); }
  });
  const timer = setTimeout(() => { rec.error = rec.error || 'timeout'; rec.cancel(); }, timeout);
  rec.cancel = () => {
    obs.disconnect();
    clearTimeout(timer);
    root.removeEventListener('click', onAct, true);
    root.removeEventListener('keydown', onAct, true);
    window.removeEventListener('click', onMiss, true);
    finish({start: rec.start, end: rec.end, how: rec.how, error: rec.error, missed: rec.missed});
  };
  root.addEventListener('click', onAct, true);
  root.addEventListener('keydown', onAct, true);
  if (guard) window.addEventListener('click', onMiss, true);
  obs.observe(root, {childList: true, subtree: true, characterData: true});

  const btn = root.querySelector(`[data-testid=hand] button[data-card="${code}"]`);
  if (!btn) return null;
  btn.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = btn.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    for (const fx of [0.3, 0.15, 0.5, 0.05, 0.7, 0.85]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === btn || btn.contains(hit))) return {x: fx * r.width, y: fy * r.height, vx: x, vy: y};
    }
  }
  return null;
}"""


# Once the mouse clicked (its events are handled when the click returns): what the click did, or
# ``missed`` when no click reached the card (stopped beside it, or none at all).
_PLAY_CLICKED = """() => {
  const rec = window.__bhPlay;
  if (rec.start === null && !rec.missed) { rec.missed = true; rec.cancel(); }
  return rec.done;
}"""


class PlayError(AssertionError):
    pass


class TableDriver:
    """One table widget on a page (the first by default), played like a person."""

    def __init__(self, page, index: int = 0):
        self.page = page
        self.index = index
        self.root = page.locator(TABLE).nth(index)
        self._in_document: bool | None = None

    def wait_ready(self, timeout: float = 60_000) -> None:
        self.root.wait_for(state="visible", timeout=timeout)
        self.root.locator("[data-seat]").first.wait_for(timeout=timeout)

    def _found_in_page(self) -> bool:
        """Whether the table is in the page's document (not in a shadow root, as marimo puts
        it): then the page finds it itself, ``document.querySelectorAll(TABLE)[index]``, in
        one round trip; Playwright's locator takes about 10 ms more each time to find it."""
        if self._in_document is None:
            self._in_document = self.root.evaluate("(el) => el.getRootNode() === document")
        return self._in_document

    @staticmethod
    def _on_root(js: str, missing: str) -> str:
        """A function of ``[TABLE, index, arg]`` that finds the table in the page and gives
        ``js(root, arg)``, or ``missing`` (JS) while there is no such table."""
        return (f"([sel, i, arg]) => {{ const root = document.querySelectorAll(sel)[i]; "
                f"return root ? ({js})(root, arg) : {missing}; }}")

    def evaluate(self, js: str, arg=None):
        """``js(root, arg)`` in the page (``js`` a function's source), as ``root.evaluate``,
        which it falls back to while the table is not there yet."""
        if self._found_in_page():
            got = self.page.evaluate(self._on_root(f"(root, arg) => [({js})(root, arg)]", "null"),
                                     [TABLE, self.index, arg])
            if got is not None:
                return got[0]
        return self.root.evaluate(js, arg)

    def state(self) -> dict:
        return self.evaluate(_SNAPSHOT)

    def turn(self) -> dict:
        """What the person needs to act on, read at once: ``version`` (of the view drawn),
        ``over``, ``offer`` (their chance to take), ``my_turn`` and ``legal``."""
        return self.evaluate(_TURN)

    def handle(self):
        return self.root.element_handle()

    def wait(self, js: str, arg=None, timeout: float = 30_000):
        """Wait until ``js(root, arg)`` is truthy in the page (the table found again at each
        look, should it be drawn anew)."""
        if self._found_in_page():
            return self.page.wait_for_function(self._on_root(js, "false"), arg=[TABLE, self.index, arg],
                                               timeout=timeout, polling="raf")
        fn = f"([root, arg]) => ({js})(root, arg)"
        return self.page.wait_for_function(fn, arg=[self.handle(), arg], timeout=timeout, polling="raf")

    def set_pace(self, seconds: float = 0) -> None:
        """Move the Pace slider (fires input events, as a drag does)."""
        pace = self.root.locator("[data-testid=pace]")
        pace.fill(str(seconds))
        self.wait("(root, s) => root.querySelector('.bh-pace-out').textContent === s.toFixed(1) + ' s'", seconds)

    def wait_turn_or_over(self, timeout: float = 30_000, offers: str = "pass") -> dict:
        """The state once it is the person's turn (a card playable) or the game is over. The
        state is read a moment after the wait: should a new view have come in between, wait
        again, so that a turn always has its playable cards.

        At the person's own chance to take (rule 7, the Pass button) ``offers="pass"`` clicks
        Pass and waits on; ``offers="stop"`` returns the state there (``st["offer"]``)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            self.wait(_TURN_OR_OVER, timeout=max(1.0, (deadline - time.monotonic()) * 1000))
            st = self.state()
            if st["offer"] and not st["over"]:
                if offers == "stop":
                    return st
                self.pass_take()
                continue
            if st["over"] or st["legal"]:
                return st
            if time.monotonic() > deadline:
                raise TimeoutError(f"the person's turn showed no playable card: {st}")

    def pass_take(self) -> None:
        """Click Pass at the person's own chance to take, and wait until the table went on."""
        version = self.evaluate("(root) => root.querySelector('[data-testid=pass-take]').dataset.version || ''")
        self.root.locator("[data-testid=pass-take]").click()
        self.wait("(root, v) => { const p = root.querySelector('[data-testid=pass-take]');"
                  " return !p || p.hidden || p.disabled || (p.dataset.version || '') !== v; }", version)

    # ---------------------------------------------------------------- keyboard and focus
    def focused(self) -> dict:
        """Where the keyboard focus is: ``{in_table, testid, card, tag, label, disabled, text}``."""
        return self.evaluate("""(root) => {
          let a = document.activeElement;
          while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
          if (!a) return {in_table: false};
          return {in_table: root.contains(a), testid: a.dataset ? (a.dataset.testid || null) : null,
                  card: a.dataset ? (a.dataset.card || null) : null, choice: a.dataset ? (a.dataset.choice || null) : null,
                  tag: a.tagName.toLowerCase(), label: a.getAttribute('aria-label'), disabled: Boolean(a.disabled),
                  text: (a.textContent || '').trim().slice(0, 80)};
        }""")

    def tab_to(self, want, shift: bool = False, max_presses: int = 40) -> int:
        """Press Tab (Shift+Tab) until ``want(self.focused())`` is true; returns the presses.
        ``want`` may also be a data-testid, or ``"card"`` for a card of the hand."""
        if isinstance(want, str):
            name = want
            want = (lambda f: f.get("in_table") and f.get("card") and f.get("tag") == "button") if name == "card" \
                else (lambda f: f.get("in_table") and f.get("testid") == name)
        key = "Shift+Tab" if shift else "Tab"
        for presses in range(1, max_presses + 1):
            self.page.keyboard.press(key)
            if want(self.focused()):
                return presses
        raise AssertionError(f"{max_presses} presses of {key} never reached the control; focus on {self.focused()}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    # ---------------------------------------------------------------- what the widget shows
    def log(self) -> list[str]:
        return self.root.locator("[data-testid=log] li").all_inner_texts()

    def box(self, selector: str | None = None) -> dict:
        """The bounding box of the table (or of ``selector`` in it) in page coordinates."""
        loc = self.root if selector is None else self.root.locator(selector).first
        return loc.evaluate("(el) => { const r = el.getBoundingClientRect(); "
                            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, "
                            "width: r.width, height: r.height}; }")

    def scroll_to_top(self) -> None:
        """Scroll the table's top to the top of what scrolls it (the notebook, or the page)."""
        self.evaluate("(el) => el.scrollIntoView({block: 'start', inline: 'nearest'})")
        two_frames(self.page)  # scrolled and laid out

    def count_from_now(self, name: str, selector: str) -> None:
        """Count, from now on, the elements matching ``selector`` that appear in the table
        (even for a moment); read with :meth:`counted`."""
        self.evaluate("""(root, [name, selector]) => {
          window.__bhCount = window.__bhCount || {};
          const old = window.__bhCount[name];
          if (old) old.obs.disconnect();
          const rec = {n: 0, seen: new WeakSet()};
          const look = (node) => {
            if (!(node instanceof Element)) return;
            const found = node.matches(selector) ? [node] : [];
            found.push(...node.querySelectorAll(selector));
            for (const el of found) if (!rec.seen.has(el)) { rec.seen.add(el); rec.n += 1; }
          };
          rec.obs = new MutationObserver((muts) => { for (const m of muts) m.addedNodes.forEach(look); });
          rec.obs.observe(root, {childList: true, subtree: true});
          window.__bhCount[name] = rec;
        }""", [name, selector])

    def counted(self, name: str) -> int:
        return self.page.evaluate("(name) => (window.__bhCount && window.__bhCount[name]) ? window.__bhCount[name].n : 0",
                                  name)

    def record_texts_from_now(self, name: str, selector: str) -> None:
        """Record, from now on, every text the element ``selector`` shows (the narration
        line, say, which the bots may replace at once); read with :meth:`recorded`."""
        self.evaluate("""(root, [name, selector]) => {
          window.__bhTexts = window.__bhTexts || {};
          const old = window.__bhTexts[name];
          if (old) old.obs.disconnect();
          const rec = {texts: []};
          const el = root.querySelector(selector);
          const note = () => { const t = el.textContent; if (t && rec.texts[rec.texts.length - 1] !== t) rec.texts.push(t); };
          rec.obs = new MutationObserver(note);
          rec.obs.observe(el, {childList: true, subtree: true, characterData: true});
          window.__bhTexts[name] = rec;
        }""", [name, selector])

    def recorded(self, name: str) -> list[str]:
        return self.page.evaluate("(name) => (window.__bhTexts && window.__bhTexts[name]) ? window.__bhTexts[name].texts : []",
                                  name)

    def wait_flight_done(self, timeout: float = 5_000) -> None:
        """Wait until no cards are flying (for a clean screenshot). A finished trick rests on
        the table until the next lead, so at the game's end (or before the person's lead)
        its cards stay where they were played."""
        self.wait("(root) => !root.querySelector('[data-testid=flight]')", timeout=timeout)

    def wait_still(self, timeout: float = 5_000) -> None:
        """Wait until no card flies (``[data-testid=flight]`` gone) and no animation of the
        table runs (a card's entrance, a flight): what is drawn is where it stays."""
        self.wait("(root) => !root.querySelector('[data-testid=flight]') && "
                  "!root.getAnimations({subtree: true}).some((a) => a.playState === 'running')", timeout=timeout)

    def wait_theme(self, light: bool, timeout: float = 10_000) -> None:
        """Wait until the table shows the theme's colours (its text colour, the theme's
        ``--jp-ui-font-color1``: dark on a light theme, light on a dark one), then two frames."""
        self.wait("""(root, light) => {
          const c = (getComputedStyle(root).color.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
          if (c.length < 3) return false;
          const lum = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
          return light ? lum < 0.5 : lum > 0.5;
        }""", light, timeout=timeout)
        two_frames(self.page)

    def card(self, code: str):
        return self.root.locator(f'[data-testid=hand] button[data-card="{code}"]')

    def click_card(self, code: str, timeout: float = 10_000) -> dict:
        """Click a playable card with the mouse (at a point where that card is on top);
        returns once the card is shown on the table, with the browser-side time from the
        click to that: ``{card, ms, how}`` (how: ``"trick"``, ``"rest"`` when it ended the
        trick, or ``"flight"``)."""
        return self.play_card(code, None, timeout)

    def play_card(self, code: str, act=None, timeout: float = 10_000) -> dict:
        """Arm the in-page timer for ``code``, then click it (or call ``act()``, e.g. a key
        press) and wait until the card is shown on the table."""
        if act is None:
            # the mouse at a point of the card where it is on top (its own, not a neighbour's
            # over it), read a moment before: should the hand have moved in between (a line
            # above it grew), the click lands beside the card and is stopped there, and the card
            # is clicked again through Playwright's locator, which waits until it is enabled,
            # stands still and would receive the click (so too when no click was seen at all: a
            # card disabled that moment gets none)
            point = self.evaluate(_PLAY_ARM, [code, timeout, True])
            if point is not None:
                self.page.mouse.click(point["vx"], point["vy"])
                rec = self.page.evaluate(_PLAY_CLICKED)
                if not rec["missed"]:
                    return self._played(code, rec)
            point = self.evaluate(_PLAY_ARM, [code, timeout, False])
            card = self.card(code)
            if point is None:  # no such point now (the hand redrawn that moment): its left edge,
                # which the next card of the fan leaves uncovered, once it can be clicked
                box = card.bounding_box() or {"width": 10, "height": 10}
                point = {"x": min(6.0, box["width"] / 4), "y": box["height"] / 2}
            try:
                card.click(position={"x": point["x"], "y": point["y"]}, timeout=timeout)
            except Exception as err:  # Playwright's TimeoutError, or the card gone
                self.page.evaluate("() => window.__bhPlay && window.__bhPlay.cancel()")
                shot = screenshot(self.page, f"play-error-{code}.png")
                raise PlayError(f"{code} could not be clicked in the hand: {str(err).splitlines()[0]} "
                                f"(the page: {shot})") from None
        else:
            self.evaluate(_PLAY_ARM, [code, timeout, False])
            act()
        return self._played(code, self.page.evaluate("() => window.__bhPlay.done"))

    @staticmethod
    def _played(code: str, rec: dict) -> dict:
        if rec["end"] is None:
            raise PlayError(f"playing {code} did not show it on the table: {rec['error']}")
        if rec["start"] is None:
            raise PlayError(f"the card {code} was shown on the table but no click or Enter on it was seen")
        return {"card": code, "ms": rec["end"] - rec["start"], "how": rec["how"]}

    def visible_point(self, selector: str):
        """A viewport point where ``selector`` (in the table) is the topmost element, or None:
        hand cards overlap, so a card's centre may belong to its neighbour."""
        loc = self.root.locator(selector)
        loc.scroll_into_view_if_needed()
        return loc.evaluate("""(el) => {
          const r = el.getBoundingClientRect();
          for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
            for (const fx of [0.2, 0.1, 0.35, 0.5, 0.05, 0.65, 0.8]) {
              const x = r.left + fx * r.width, y = r.top + fy * r.height;
              const hit = document.elementFromPoint(x, y);
              if (hit && (hit === el || el.contains(hit))) return {x, y};
            }
          }
          return null;
        }""")

    def click_new_game(self, players: int | None = None, seed: int | None = None) -> None:
        if players is not None:
            self.root.locator("[data-testid=players]").select_option(str(players))
        if seed is not None:
            self.root.locator("[data-testid=seed]").fill(str(seed))
        before = self.state()
        version = self.root.get_attribute("data-version")
        self.root.locator("[data-testid=new-game]").click()
        want = players or len(before["seats"])
        # the new game's view is drawn (a new version), not the old game's still on screen
        self.wait("(root, v) => root.dataset.version !== v", version)
        self.wait("(root, n) => root.querySelectorAll('[data-seat]').length === n && "
                  f"!root.querySelector('{OVER}') && "
                  "Array.from(root.querySelectorAll('[data-seat]')).reduce((a, s) => a + Number(s.dataset.count), 0) "
                  "+ Number(root.querySelector('[data-testid=waste]').dataset.count) "
                  "+ root.querySelectorAll('[data-testid=trick-card]').length === 52", want)


# ---------------------------------------------------------------------------------- axe-core
_AXE_RUN = """async ([el, tags]) => {
  const scope = el.closest('.jp-OutputArea-output') || el.closest('.jp-OutputArea-child') || el.parentElement;
  const r = await window.axe.run(scope, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  const shape = (list) => list.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
  }));
  return {violations: shape(r.violations), incomplete: shape(r.incomplete), passes: r.passes.map((p) => p.id)};
}"""


def axe_audit(page, target, tags=AXE_TAGS) -> dict:
    """Run axe-core on the notebook output holding ``target`` (a locator or element handle
    of a widget): ``{violations, incomplete, passes}``, each violation ``{id, impact, help,
    nodes: [{target, summary}]}``. Injects ``src_js/node_modules/axe-core/axe.min.js`` once
    per page; run it while no card is flying (colour contrast reads the colours of the moment)."""
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (or `npm install`) in src_js")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    handle = target.element_handle() if hasattr(target, "element_handle") else target
    return page.evaluate(_AXE_RUN, [handle, list(tags)])


def serious(violations: list[dict]) -> list[dict]:
    """The violations of impact serious or critical."""
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def describe_violations(violations: list[dict], nodes: int = 3) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} node(s))")
        for n in v["nodes"][:nodes]:
            lines.append(f"    {n['target']}: {' '.join(n['summary'].split())[:240]}")
    return "\n".join(lines) or "none"


def latency_summary(samples: list[float]) -> dict:
    s = sorted(samples)
    if not s:
        return {"n": 0}
    mid = len(s) // 2
    median = s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
    p90 = s[min(len(s) - 1, max(0, int(round(0.9 * len(s))) - 1))]
    return {"n": len(s), "median": median, "p90": p90, "worst": s[-1], "best": s[0]}


def collect_latency(table: TableDriver, clicks: int, timeout_per_turn: float = 30_000, players: int = 4,
                    seed: int = 1) -> list[dict]:
    """Play (a random legal card) until ``clicks`` clicks were timed, over as many games as needed."""
    rng = random.Random(seed)
    samples = []
    games = 1
    while len(samples) < clicks:
        st = table.wait_turn_or_over(timeout_per_turn)
        if st["over"]:
            games += 1
            table.click_new_game(players=players)
            continue
        samples.append(table.click_card(rng.choice(st["legal"])))
    for s in samples:
        s["games"] = games
    return samples


def play_to_a_hint_naming_a_worse_card(table: TableDriver, nb: LabNotebook, rng: random.Random,
                                       ask=lambda state: True, press=None, turns: int = 40) -> dict:
    """Play a random legal card at each turn until a Hint, asked where ``ask(state)`` says,
    names a clearly worse card (``table.hint['compared']``); the hint is left open and the
    turn's state returned. ``press()`` asks for the hint (a click on Hint unless given)."""
    for _turn in range(turns):
        st = table.wait_turn_or_over(timeout=60_000)
        assert not st["over"], "the game ended before a hint named a worse card"
        if ask(st):
            if press is None:
                table.root.locator("[data-testid=hint]").click()
            else:
                press()
            table.wait("(root) => root.querySelector('[data-testid=hint-show-me]')", timeout=60_000)
            if nb.eval("table.hint['compared'] is not None"):
                return st
        table.click_card(rng.choice(st["legal"]))
    raise AssertionError(f"no hint named a worse card in {turns} turns")


def open_table(page, server: JupyterServer, path: str, index: int = 0) -> tuple[LabNotebook, TableDriver]:
    """Open notebook ``path`` in JupyterLab, run it, and wait for its widget number
    ``index`` to be ready, scrolled into view: the start of most table tests."""
    nb = LabNotebook.open_lab(page, server, path)
    nb.run_all()
    table = TableDriver(page, index)
    table.wait_ready()
    table.root.scroll_into_view_if_needed()
    return nb, table
