"""Start time of the JupyterLite site beside JupyterLab, broken down, in one run (headless Chromium).

Run on demand (not part of pytest):

    python benchmarks/lite_start.py                 # 3 rounds: JupyterLab and the site of this tree
    python benchmarks/lite_start.py --before 4e7b9b0  # and another commit's site (here: before the
                                                      # start was cut), in the same rounds
    python benchmarks/lite_start.py --rounds 5 --json lite-start.json

The site is built once (``lite/build.py --offline``, into a temporary folder; ``--before REF``
builds that commit's site too, from ``git archive``) and served on 127.0.0.1 by
``python -m http.server``; JupyterLab is started as the browser tests start it
(``tests/browser/harness.py``). In every round each of them is timed once, in turn (the order
rotates from round to round), each in a fresh browser context (no cache, no stored state),
with every request outside 127.0.0.1 refused. The same thing is timed both ways: open
notebook 01, run its first code cell, stop the clock when a dealt hand is on screen. The
cell is run in three parts, one after the other, each timed in the page (``performance.now()``
from the navigation's start, the end of each step being a kernel's reply or what the page
shows):

- **UI ready**: the notebook is open, its cells on screen;
- **kernel ready**: the kernel answers a first request. For the site it is split from the
  worker's own resource timeline into *Pyodide boot* (the worker's start to its first wheel
  request: the runtime and the standard library) and *kernel packages* (from there: the
  wheels of micropip, piplite, ipykernel, IPython..., their install and import);
- **install**: the cell's JupyterLite block (``piplite.install``; nothing in JupyterLab);
- **imports**: the cell's imports (``from bhabho_widget import Table``);
- **render**: the rest of the cell (``table = Table()``, ``table``) run in the notebook, to
  the first card of the dealt hand on screen.

It prints every run with the load average, then the median of each step and the ratio
site / JupyterLab. Everything is bounded in time (``--timeout`` per run).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "lite"))

import first_cells  # noqa: E402
import harness  # noqa: E402

NOTEBOOK = "01_quick_start.ipynb"
STEPS = ["ui", "kernel", "install", "imports", "render"]
NAMES = {"ui": "UI ready", "kernel": "kernel ready", "boot": "  Pyodide boot", "packages": "  kernel packages",
         "install": "install", "imports": "imports", "render": "render", "total": "dealt table"}

# Marks of the page's timeline, from the navigation's start: installed before any script of the page.
_MARKS = """(path) => {
  const marks = window.__bhStart = {};
  const tick = () => {
    const now = performance.now();
    try {
      const app = window.jupyterapp;
      const w = app && app.shell && app.shell.currentWidget;
      if (w && w.context && w.context.path === path && w.context.isReady && w.content && w.content.widgets
          && w.content.widgets.length && w.content.widgets[0].node.isConnected && !marks.ui) marks.ui = now;
      const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
      if (marks.ui && k && k.connectionStatus === 'connected' && k.status === 'idle' && !marks.idle) marks.idle = now;
    } catch (e) { /* the app is not there yet */ }
    if (!marks.idle) setTimeout(tick, 10);
  };
  tick();
}"""

# The steps, run in the page once it is open: the kernel's first reply, the install block, the
# imports (kernel requests, as a cell sends them), then the notebook's own cell with the rest.
_STEPS = """async ([install, imports, rest, cellIndex, timeout]) => {
  const marks = window.__bhStart;
  const started = performance.now();
  const until = async (cond, what) => {
    for (;;) {
      const v = cond();
      if (v) return v;
      if (performance.now() - started > timeout) throw new Error('timed out waiting for ' + what);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await until(() => marks.idle, 'an idle kernel');
  const app = window.jupyterapp;
  const w = app.shell.currentWidget;
  const kernel = w.sessionContext.session.kernel;
  const run = async (code, what) => {
    const future = kernel.requestExecute({code, store_history: false, silent: false, allow_stdin: false});
    let err = '';
    future.onIOPub = (msg) => {
      if (msg.header.msg_type === 'error') err = msg.content.ename + ': ' + msg.content.evalue;
    };
    const reply = await future.done;
    if (reply.content.status !== 'ok') throw new Error(what + ': ' + (err || reply.content.status));
  };
  await run('pass', 'the first request');
  marks.kernel = performance.now();
  await run(install, 'the install block');
  marks.install = performance.now();
  await run(imports, 'the imports');
  marks.imports = performance.now();
  const cell = w.content.widgets[cellIndex];
  cell.model.sharedModel.setSource(rest);
  w.content.activeCellIndex = cellIndex;
  app.commands.execute('notebook:run-cell');
  await until(() => document.querySelector('[data-testid=bhabho-table] [data-testid=hand] button[data-card]'),
              'a dealt hand');
  marks.render = performance.now();
  return marks;
}"""

# In the site's kernel: the worker's resource timeline (its own clock) and time origin, and
# when each package was unpacked (its dist-info folder's time, on the wall clock).
_WORKER_TIMELINE = """
import json as _j, js as _js, os as _os, site as _site
_sp = _site.getsitepackages()[0]
print(_j.dumps({"origin": _js.performance.timeOrigin, "entries": [
    {"name": e.name.rsplit("/", 1)[-1].split("?")[0], "start": e.startTime, "end": e.responseEnd,
     "bytes": e.encodedBodySize} for e in _js.performance.getEntriesByType("resource")],
    "unpacked": {n.split("-")[0]: _os.stat(_os.path.join(_sp, n)).st_mtime * 1000
                 for n in _os.listdir(_sp) if n.endswith(".dist-info")}}))
"""


def load() -> str:
    return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])


def cell_parts(notebook: pathlib.Path) -> tuple[int, str, str, str]:
    """The first code cell's index among the notebook's cells, and its parts: the install
    block, the imports, the rest (imports included, as the cell runs them)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    index, cell = next((i, c) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    source = first_cells.lines(cell["source"])
    own = first_cells.without_block(source)
    if own == source:
        raise SystemExit(f"{notebook.name}: its first code cell has no JupyterLite install block")
    install = "".join(source[:len(source) - len(own)])
    imports = "".join(line for line in own if line.startswith(("import ", "from ")))
    return index, install, imports, "".join(own).strip("\n")


# ---------------------------------------------------------------------------------- the sites
def build_site(tree: pathlib.Path, out: pathlib.Path, timeout: float) -> dict:
    """``lite/build.py --offline`` of the checkout ``tree`` into ``out``; its summary."""
    started = time.monotonic()
    env = dict(os.environ, PYTHONPATH=str(tree))
    result = subprocess.run([sys.executable, str(tree / "lite" / "build.py"), "--offline", "--output", str(out)],
                            cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode:
        raise SystemExit(f"lite/build.py of {tree} failed:\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}")
    summary = json.loads((out / "build-summary.json").read_text(encoding="utf-8"))
    summary["build_seconds"] = time.monotonic() - started
    return summary


def checkout(ref: str, into: pathlib.Path) -> pathlib.Path:
    """The tree of commit ``ref`` (git archive), sharing this checkout's download cache."""
    into.mkdir(parents=True)
    archive = into.with_suffix(".tar")
    subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", "-o", str(archive), ref], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
    cache = REPO / "lite" / ".cache"
    cache.mkdir(parents=True, exist_ok=True)
    (into / "lite" / ".cache").symlink_to(cache, target_is_directory=True)
    return into


class StaticServer:
    """``python -m http.server`` of a folder on 127.0.0.1."""

    def __init__(self, root: pathlib.Path):
        self.root = root
        self.port = harness.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(self.port)],
                                     cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.url}/jupyter-lite.json", timeout=2):
                return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise SystemExit(f"python -m http.server did not serve {root}")
            time.sleep(0.1)

    def notebook_url(self, path: str) -> str:
        return f"{self.url}/lab/index.html?path={path}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


# ---------------------------------------------------------------------------------- one run
def time_one(browser, url: str, base: str, parts: tuple[int, str, str, str], timeout: float, lite: bool) -> dict:
    """Open ``url`` in a fresh context and time the steps; ``{step: ms}`` and details."""
    index, install, imports, rest = parts
    page = harness.new_page(browser)
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(base + "/"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    try:
        page.context.route("**/*", route)
        page.add_init_script(f"({_MARKS})({json.dumps(NOTEBOOK)})")
        page.set_default_timeout(timeout * 1000)
        page.goto(url, wait_until="domcontentloaded")
        marks = page.evaluate(_STEPS, [install, imports, rest, index, timeout * 1000])
        at = {"ui": marks["ui"], "kernel": marks["kernel"], "install": marks["install"],
              "imports": marks["imports"], "render": marks["render"]}
        result = {"at": at, "total": at["render"]}
        previous = 0.0
        for step in STEPS:
            result[step] = at[step] - previous
            previous = at[step]
        page_resources = page.evaluate("""() => performance.getEntriesByType('resource')
            .filter((e) => e.responseEnd <= window.__bhStart.ui)
            .reduce((a, e) => [a[0] + 1, a[1] + e.encodedBodySize], [0, 0])""")
        result["ui_requests"], result["ui_bytes"] = page_resources
        if lite:
            result.update(worker_timeline(page, marks["kernel"]))
        result["outside"] = outside
        return result
    finally:
        with contextlib.suppress(Exception):
            page.context.close()


def worker_timeline(page, kernel_ready: float) -> dict:
    """The site's kernel start from its worker's resource timeline, on the page's clock."""
    out = harness.LabNotebook(page, NOTEBOOK).execute(_WORKER_TIMELINE)
    data = json.loads(out.strip().splitlines()[-1])
    shift = data["origin"] - page.evaluate("() => performance.timeOrigin")
    entries = [dict(e, start=e["start"] + shift, end=e["end"] + shift) for e in data["entries"]]
    wheels = [e for e in entries if e["name"].endswith(".whl")]
    origin = page.evaluate("() => performance.timeOrigin")
    unpacked = {name: at - origin for name, at in data["unpacked"].items()}
    # Pyodide unpacks a wheel with Python: the first one unpacked ends the runtime's boot
    first = min((at for at in unpacked.values() if at <= kernel_ready), default=kernel_ready)
    return {
        "worker": shift,  # the worker's start, on the page's clock
        "boot": first - shift,
        "packages": kernel_ready - first,
        "unpacked": {name: round(at) for name, at in sorted(unpacked.items(), key=lambda kv: kv[1])},
        "wheels": [{"name": e["name"], "start": round(e["start"]), "end": round(e["end"]), "bytes": e["bytes"]}
                   for e in wheels],
        "runtime": [{"name": e["name"], "start": round(e["start"]), "end": round(e["end"]), "bytes": e["bytes"]}
                    for e in entries if not e["name"].endswith(".whl")],
    }


# ---------------------------------------------------------------------------------- report
def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def fmt(ms: float) -> str:
    return f"{ms / 1000:6.1f}"


def report(runs: dict[str, list[dict]], targets: list[str]) -> str:
    keys = ["ui", "kernel", "boot", "packages", "install", "imports", "render", "total"]
    lines = [f"{'median (s)':<20}" + "".join(f"{t:>14}" for t in targets)
             + "".join(f"{t + '/lab':>16}" for t in targets if t != "lab")]
    for key in keys:
        if not any(key in r for t in targets for r in runs[t]):
            continue
        med = {t: median([r[key] for r in runs[t] if key in r]) for t in targets}
        row = f"{NAMES[key]:<20}" + "".join(f"{fmt(med[t]) if med[t] == med[t] else '-':>14}" for t in targets)
        for t in targets:
            if t == "lab":
                continue
            ratio = med[t] / med["lab"] if "lab" in med and med["lab"] == med["lab"] and med["lab"] > 0 else None
            row += f"{(f'{ratio:.1f}x' if ratio and med[t] == med[t] else '-'):>16}"
        lines.append(row)
    return "\n".join(lines)


def describe_run(name: str, n: int, r: dict, loadavg: str) -> str:
    parts = [f"{NAMES[s].strip()} {fmt(r[s]).strip()}" for s in STEPS]
    if "boot" in r:
        parts.insert(2, f"(Pyodide boot {fmt(r['boot']).strip()}, kernel packages {fmt(r['packages']).strip()})")
    return (f"  round {n} {name:<8} {fmt(r['total']).strip():>6} s to a dealt table: {'; '.join(parts)}"
            f"  [load {loadavg}]")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="rounds; in each, every target once (default 3)")
    ap.add_argument("--before", metavar="REF", help="also time the site of this commit (e.g. main), built from git archive")
    ap.add_argument("--site", action="append", default=[], metavar="[NAME=]DIR",
                    help="time this built site (repeatable) instead of building the working tree's")
    ap.add_argument("--no-lab", action="store_true", help="time the site(s) only")
    ap.add_argument("--timeout", type=float, default=600, help="seconds a run may take at most (default 600)")
    ap.add_argument("--json", type=pathlib.Path, help="write every run's figures there")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the site kernel's wheel requests")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bhabho-lite-start-"))
    servers: dict[str, StaticServer] = {}
    jupyter = None
    print(f"[lite-start] load {load()} on {os.cpu_count()} CPUs", flush=True)
    try:
        sites = {}
        if args.before:
            tree = checkout(args.before, tmp / "before-src")
            summary = build_site(tree, tmp / "before", args.timeout)
            sites["before"] = (tmp / "before", tree / "notebooks" / NOTEBOOK)
            print(f"[lite-start] built the site of {args.before} in {summary['build_seconds']:.0f} s "
                  f"({summary['bytes'] / 2**20:.1f} MB)", flush=True)
        for i, spec in enumerate(args.site):
            name, _, folder = spec.rpartition("=")
            sites[name or ("site" if len(args.site) == 1 else f"site{i + 1}")] = (
                pathlib.Path(folder).resolve(), REPO / "notebooks" / NOTEBOOK)
        if not args.site:
            summary = build_site(REPO, tmp / "site", args.timeout)
            sites["after" if args.before else "site"] = (tmp / "site", REPO / "notebooks" / NOTEBOOK)
            print(f"[lite-start] built the site of the working tree in {summary['build_seconds']:.0f} s "
                  f"({summary['bytes'] / 2**20:.1f} MB)", flush=True)
        for name, (root, _nb) in sites.items():
            servers[name] = StaticServer(root)
        targets = ([] if args.no_lab else ["lab"]) + list(sites)
        parts = {name: cell_parts(nb) for name, (_root, nb) in sites.items()}
        parts["lab"] = cell_parts(REPO / "notebooks" / NOTEBOOK)
        if not args.no_lab:
            started = time.monotonic()
            jupyter = harness.JupyterServer().start()
            print(f"[lite-start] JupyterLab answered in {time.monotonic() - started:.1f} s (not counted)", flush=True)

        runs: dict[str, list[dict]] = {t: [] for t in targets}
        failures: list[str] = []
        with sync_playwright() as p:
            browser = harness.launch_browser(p)
            for n in range(1, args.rounds + 1):
                k = (n - 1) % len(targets)
                for name in targets[k:] + targets[:k]:
                    loadavg = load()
                    try:
                        if name == "lab":
                            kernels = jupyter.kernel_ids()
                            try:
                                r = time_one(browser, jupyter.lab_url(NOTEBOOK), jupyter.url, parts[name],
                                             args.timeout, lite=False)
                            finally:
                                jupyter.shutdown_kernels(only=jupyter.kernel_ids() - kernels)
                        else:
                            server = servers[name]
                            r = time_one(browser, server.notebook_url(NOTEBOOK), server.url, parts[name],
                                         args.timeout, lite=True)
                    except Exception as err:  # a run that fails is reported, the others go on
                        failures.append(f"round {n} {name}: {str(err).splitlines()[0][:300]}")
                        print(f"  round {n} {name:<8} FAILED: {failures[-1]}  [load {loadavg}]", flush=True)
                        continue
                    r["load"] = loadavg
                    runs[name].append(r)
                    print(describe_run(name, n, r, loadavg), flush=True)
                    if r["outside"]:
                        print(f"    {len(r['outside'])} request(s) outside 127.0.0.1 refused: {r['outside'][:3]}")
                    if args.verbose and "wheels" in r:
                        print(f"    worker started at {r['worker'] / 1000:.1f} s; UI ready at {r['at']['ui'] / 1000:.1f} s; "
                              f"kernel ready at {r['at']['kernel'] / 1000:.1f} s")
                        for e in r["runtime"]:
                            print(f"    {e['name']:<48} {e['start'] / 1000:7.1f} -> {e['end'] / 1000:7.1f} s "
                                  f"({e['bytes'] / 1024:.0f} KiB)")
                        for w in r["wheels"]:
                            done = r["unpacked"].get(w["name"].split("-")[0])
                            print(f"    {w['name']:<48} {w['start'] / 1000:7.1f} -> {w['end'] / 1000:7.1f} s "
                                  f"({w['bytes'] / 1024:.0f} KiB), unpacked at "
                                  + (f"{done / 1000:.1f} s" if done is not None else "-"))
            browser.close()
        print(f"\n[lite-start] {args.rounds} round(s), load {load()} at the end; "
              + (f"'{'after' if args.before else 'site'}' is the working tree's site" if not args.site else
                 ", ".join(f"'{n}' is {root}" for n, (root, _nb) in sites.items() if n != "before"))
              + (f", 'before' the site of {args.before}" if args.before else ""))
        print(report(runs, [t for t in targets if runs[t]]))
        if args.json:
            args.json.write_text(json.dumps({"runs": runs, "failures": failures, "before": args.before}, indent=1),
                                 encoding="utf-8")
        return 1 if failures else 0
    finally:
        for server in servers.values():
            server.stop()
        if jupyter is not None:
            jupyter.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
