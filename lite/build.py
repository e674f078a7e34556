"""Build the JupyterLite site of bhabho-widget: the lessons and the table in the browser, no server.

    python lite/build.py             # for deployment: Pyodide's full distribution (numpy, matplotlib)
    python lite/build.py --offline   # Pyodide's npm core only: what runs without numpy (the tests)

Needs ``pip install -r lite/requirements-build.txt`` (pinned), Node for the bytecode (below;
without it the site works and starts slower) and, for ``--offline``, npm. Every run builds
the package's wheel fresh from the working tree and copies the notebooks of ``notebooks/``
as they are; downloads (Pyodide, the pinned wheels) and the bytecode are cached in
``lite/.cache`` and the site is written to ``lite/_output`` (both ignored by git).

The site holds only what it uses: the Pyodide runtime, the wheels its kernel uses (the
kernel's own, the widgets', Babel with the locale data of the table's five languages, this
package; with the full distribution also numpy, matplotlib and their dependencies), the lab
app, the kernel's and the widgets' lab extensions, no source maps. Pyodide's lock file lists
those packages only, so nothing is ever looked for outside the site.

What makes it start quickly (``benchmarks/lite_start.py`` times it beside JupyterLab):

- every wheel the kernel and a first cell need is in Pyodide's lock and loaded by Pyodide as
  the kernel starts (the kernel's ``loadPyodideOptions.packages``), all fetched at once: the
  kernel installs nothing one by one with piplite, and the first cell's ``piplite.install``
  finds everything there (numpy and matplotlib are not loaded at the start);
- the modules the kernel's start and a first cell import have their bytecode in the site,
  written by the site's own Pyodide in Node: Pyodide writes none, and the standard library
  of its npm core ships sources only, so each of them was compiled again at every start.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from importlib import metadata

LITE = pathlib.Path(__file__).resolve().parent
REPO = LITE.parent
CACHE = LITE / ".cache"
OUTPUT = LITE / "_output"

#: The Pyodide that jupyterlite-pyodide-kernel 0.8.6 is made for (its PYODIDE_VERSION).
PYODIDE_VERSION = "314.0.6"
PYODIDE_ARCHIVE = f"https://github.com/pyodide/pyodide/releases/download/{PYODIDE_VERSION}/pyodide-{PYODIDE_VERSION}.tar.bz2"
#: The platform tag of Pyodide 314's wheels (pip picks pure wheels for it).
PLATFORM = "pyemscripten_2026_0_wasm32"
PYTHON = "3.14"
#: What the kernel installs as it starts (the pyodide kernel's initKernel), besides the
#: packages the kernel extension ships itself (ipykernel, piplite, pyodide-kernel).
KERNEL_PACKAGES = ["micropip", "comm", "jedi", "ipython"]
#: Loaded from the full distribution by the notebooks that plot and simulate.
FULL_PACKAGES = ["numpy", "matplotlib"]
#: The runtime files of Pyodide's core (no source maps, type stubs, consoles or the classic script).
CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
#: What the kernel installs with piplite as it starts unless they are loaded with Pyodide
#: (the pyodide kernel's initPackageManager and initKernel skip the names of its
#: ``loadPyodideOptions.packages``).
KERNEL_START = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
#: The kernel extension's own wheels that go into Pyodide's lock (ipywidgets 8 takes the 4.x shim).
KERNEL_WHEELS = ["piplite", "ipykernel", "pyodide_kernel", "widgetsnbextension-4"]
#: What a first cell runs (the quick start's, and the names the other notebooks' first cells
#: import): the modules the kernel's start and this import get their bytecode in the site.
FIRST_CELL = ("from bhabho_widget import Card, Driver, Exercise, Game, IllegalMoveError, Lesson, RuleBot, Table, play_out\n"
              "table = Table()\ntable")
#: Lab extensions the site carries: the kernel's and the widgets' front ends.
EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"]
#: Jedi's folders left empty in the site (jedi lists the second; nothing here imports Django).
JEDI_DROPPED = ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/")
#: Babel's locale data kept: the table's languages (Babel's plural rules and catalogs).
BABEL_LOCALES = ["root", "en", "de", "es", "hi", "ru"]


class BuildError(RuntimeError):
    """A build step that cannot go on, with what to do about it."""


_STARTED = time.monotonic()


def log(text: str) -> None:
    print(f"[lite] {time.monotonic() - _STARTED:5.1f} s  {text}", flush=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: pathlib.Path) -> dict[str, str]:
    """``{canonical name: version}`` of a requirements file of ``name==version`` lines."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if sep:
            found[canonical(name)] = version.strip()
    return found


def check_build_environment() -> None:
    """The pinned builders are installed (pip install -r lite/requirements-build.txt)."""
    wrong = []
    for name, version in pins(LITE / "requirements-build.txt").items():
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = None
        if have != version:
            wrong.append(f"{name} {have or 'missing'} (want {version})")
    for name in ("jupyter-server",):
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name} missing")
    if wrong:
        raise BuildError(f"the build needs: pip install -r {LITE.relative_to(REPO)}/requirements-build.txt ({'; '.join(wrong)})")


def run(cmd: list[str], **kwargs) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode:
        raise BuildError(f"{' '.join(cmd[:4])} ... failed ({result.returncode}):\n{result.stdout[-3000:]}{result.stderr[-3000:]}")


def sha256(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------------------------- wheels
def build_own_wheel(dest: pathlib.Path) -> pathlib.Path:
    """The package's wheel, built now from the working tree."""
    tmp = CACHE / "own-wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    try:  # the pinned build backend is here (lite/requirements-build.txt): no isolated build environment
        metadata.version("hatchling")
        isolation = ["--no-build-isolation"]
    except metadata.PackageNotFoundError:
        isolation = []
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check", *isolation,
         "-w", str(tmp), str(REPO)])
    wheel = next(tmp.glob("bhabho_widget-*.whl"))
    dest.mkdir(parents=True, exist_ok=True)
    return pathlib.Path(shutil.copy(wheel, dest / wheel.name))


def wheel_name_version(path: pathlib.Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return canonical(name), version


def download_wheels(wanted: dict[str, str], into: pathlib.Path) -> dict[str, pathlib.Path]:
    """The pure wheels ``{name: version}`` for Pyodide, from the cache or downloaded once with pip."""
    into.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, pathlib.Path]:
        return {wheel_name_version(p)[0]: p for p in into.glob("*.whl") if wheel_name_version(p) in wanted.items()}

    missing = [f"{name}=={version}" for name, version in wanted.items() if name not in cached()]
    if missing:
        log(f"downloading {len(missing)} wheel(s): {', '.join(missing)}")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--platform", PLATFORM, "--implementation", "cp", "--python-version", PYTHON,
             "-d", str(into), *missing])
    have = cached()
    still = sorted(set(wanted) - set(have))
    if still:
        raise BuildError(f"no pure wheel found for {', '.join(still)}")
    return have


def requirements_of(wheel: pathlib.Path) -> list[str]:
    """The names a wheel requires in Pyodide (no extras, no markers that exclude Python 3.14 or
    that name another platform, such as tqdm's colorama on Windows)."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        msg = email.parser.Parser().parsestr(z.read(meta).decode("utf-8"))
    names = []
    for req in msg.get_all("Requires-Dist") or []:
        spec, _, marker = req.partition(";")
        if "extra" in marker or "python_version < \"3" in marker.replace("'", '"'):
            continue
        if re.search(r"(platform_system|sys_platform|os_name)\s*==\s*[\"'](?!emscripten)", marker, re.I):  # not Pyodide's
            continue
        names.append(canonical(re.split(r"[ <>=!~\[(;]", spec.strip(), maxsplit=1)[0]))
    return names


def slim_wheel(wheel: pathlib.Path, drop, keep_dirs: tuple[str, ...] = ()) -> None:
    """Rewrite ``wheel`` without the files ``drop(name)`` is true of (and their RECORD lines);
    the folders ``keep_dirs`` stay, empty, for code that lists them."""
    out = wheel.with_suffix(".slim")
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            name = item.filename
            if drop(name):
                continue
            data = src.read(item)
            if name.endswith(".dist-info/RECORD"):
                lines = [ln for ln in data.decode("utf-8").splitlines() if not drop(ln.split(",", 1)[0])]
                data = ("\n".join(lines) + "\n").encode("utf-8")
            dst.writestr(item, data)
        for folder in keep_dirs:
            dst.writestr(zipfile.ZipInfo(folder.rstrip("/") + "/"), b"")
    out.replace(wheel)


def slim_babel(wheel: pathlib.Path) -> None:
    """Keep Babel's locale data of the table's languages only (the rest is most of its 11 MB)."""
    keep = {f"babel/locale-data/{code}.dat" for code in BABEL_LOCALES}
    slim_wheel(wheel, lambda name: name.startswith("babel/locale-data/") and name not in keep)


def slim_jedi(pyodide_dir: pathlib.Path) -> None:
    """Jedi (IPython's completions) without its stubs of Django and of third-party libraries:
    1,127 of its 1,880 files, which Pyodide would unpack one by one at every start (the
    largest part of the kernel's unpacking); its stubs of the standard library stay. The lock
    gets the new sum."""
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock["packages"].get("jedi")
    if entry is None:
        return
    wheel = pyodide_dir / entry["file_name"]
    slim_wheel(wheel, lambda name: name.startswith(JEDI_DROPPED), keep_dirs=JEDI_DROPPED)
    entry["sha256"] = sha256(wheel)
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


# ---------------------------------------------------------------------------------- Pyodide
def closure(lock: dict, seeds: list[str]) -> set[str]:
    """The lock's packages ``seeds`` need, with everything they depend on."""
    packages = lock["packages"]
    found: set[str] = set()
    todo = [canonical(s) for s in seeds]
    while todo:
        name = todo.pop()
        if name in found or name not in packages:
            continue
        found.add(name)
        todo += [canonical(d) for d in packages[name]["depends"]]
    return found


def pyodide_core_from_npm() -> pathlib.Path:
    """The npm package of Pyodide's core (runtime, standard library, lock; no wheels), unpacked in the cache."""
    unpacked = CACHE / f"pyodide-npm-{PYODIDE_VERSION}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    if not shutil.which("npm"):
        raise BuildError("--offline needs npm (for the npm package of Pyodide's core)")
    CACHE.mkdir(parents=True, exist_ok=True)
    log(f"npm pack pyodide@{PYODIDE_VERSION}")
    run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(CACHE)])
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    tmp = unpacked.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and name in CORE_FILES:
                member.name = name
                tar.extract(member, tmp, filter="data")
    tmp.rename(unpacked)
    tgz.unlink()
    return unpacked


def pyodide_full_archive(url: str) -> pathlib.Path:
    """Pyodide's full distribution (every package's wheel), downloaded once into the cache."""
    if not re.match(r"^https?://", url):
        return pathlib.Path(url).resolve()
    archive = CACHE / url.rsplit("/", 1)[-1]
    if not archive.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {url}")
        part = archive.with_suffix(".part")
        with urllib.request.urlopen(url, timeout=120) as r, open(part, "wb") as f:
            shutil.copyfileobj(r, f, 1 << 20)
        part.rename(archive)
    return archive


def stage_pyodide_offline(dest: pathlib.Path, seeds: list[str]) -> list[str]:
    """Pyodide's core with the kernel's pure wheels downloaded from PyPI beside the lock;
    the lock lists those only, with the downloaded wheels' sha256 sums (Pyodide's own
    copies have other sums). Returns the packages in the lock."""
    core = pyodide_core_from_npm()
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    names = closure(lock, seeds)
    packages = lock["packages"]
    wanted = {name: packages[name]["version"] for name in names}
    impure = sorted(n for n in names if not packages[n]["file_name"].endswith("-none-any.whl"))
    if impure:
        raise BuildError(f"the kernel needs compiled Pyodide packages that only the full distribution has: {impure}")
    wheels = download_wheels(wanted, CACHE / "pyodide-wheels")
    dest.mkdir(parents=True)
    for name in CORE_FILES[:-1]:
        shutil.copy(core / name, dest / name)
    for name in names:
        entry = packages[name]
        target = dest / entry["file_name"]
        shutil.copy(wheels[name], target)
        entry["sha256"] = sha256(target)
    lock["packages"] = {n: packages[n] for n in sorted(names)}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(names)


def stage_pyodide_full(dest: pathlib.Path, seeds: list[str], url: str) -> list[str]:
    """Pyodide's core and the wheels of ``seeds`` (with their dependencies) from the full
    distribution, as Pyodide built them; the lock lists those only."""
    archive = pyodide_full_archive(url)
    dest.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        member = tar.getmember("pyodide/pyodide-lock.json")
        lock = json.load(tar.extractfile(member))
        names = closure(lock, seeds)
        files = set(CORE_FILES[:-1]) | {lock["packages"][n]["file_name"] for n in names}
        for member in tar:
            name = member.name.removeprefix("pyodide/")
            if member.isfile() and name in files:
                member.name = name
                tar.extract(member, dest, filter="data")
                files.discard(name)
    if files:
        raise BuildError(f"{archive.name} lacks {sorted(files)}")
    lock["packages"] = {n: lock["packages"][n] for n in sorted(names)}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(names)


def top_level_names(wheel: pathlib.Path) -> list[str]:
    """The names a wheel's files make importable (its top-level packages and modules)."""
    names = set()
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            first = name.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in name or first.endswith(".py"):
                names.add(first.removesuffix(".py"))
    return sorted(names)


def add_to_lock(pyodide_dir: pathlib.Path, wheels: list[pathlib.Path], leave_out: list[str]) -> list[str]:
    """Put ``wheels`` beside Pyodide's lock and list them in it, each with the lock's packages
    it requires (but ``leave_out``: numpy and matplotlib stay out of the package's start), so
    that Pyodide loads them itself, all fetched at once, as the kernel starts. Returns their names."""
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    names = {}
    for wheel in wheels:
        target = pathlib.Path(shutil.copy(wheel, pyodide_dir / wheel.name))
        name, version = wheel_name_version(wheel)
        names[name] = target
        packages[name] = {
            "name": name, "version": version, "file_name": target.name, "install_dir": "site",
            "sha256": sha256(target), "package_type": "package", "imports": top_level_names(target),
            "depends": [], "unvendored_tests": False,
        }
    skip = {canonical(n) for n in leave_out}
    for name, target in names.items():
        packages[name]["depends"] = sorted({r for r in requirements_of(target) if r in packages and r not in skip})
    missing = sorted({d for p in packages.values() for d in p["depends"] if canonical(d) not in packages})
    if missing:
        raise BuildError(f"Pyodide's lock lacks what its packages require: {missing}")
    lock["packages"] = dict(sorted(packages.items()))
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(names)


# Run by the site's own Pyodide in Node: start the kernel as the site does (the packages loaded
# with Pyodide, piplite and the kernel imported, a first request, then FIRST_CELL), then write
# the bytecode of every module that imported (its Python is the one that reads it): into the
# standard library's zip beside each source (zipimport's place for it) and into each wheel's
# __pycache__, as unchecked hash-based .pyc files (valid whatever the file times after
# unpacking); the sources stay, for tracebacks. Wheels and zip from /work/in to /work/out.
_PRECOMPILE_PY = r"""
import base64, hashlib, importlib.util, json, os, site, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

import piplite.piplite  # noqa: F401  (as the kernel starts)
import pyodide_kernel

kernel = pyodide_kernel.kernel_instance
kernel.interpreter.send_comm = lambda *args, **kwargs: None  # no front end here
failed = None
for code in ("pass", FIRST_CELL):
    result = await kernel.run(code)
    if result.get("status") != "ok":
        failed = f"{result.get('ename')}: {result.get('evalue')}"
        break

warnings.simplefilter("ignore")
stdlib = next(p for p in sys.path if p.endswith(".zip"))
packages = site.getsitepackages()[0]
used = {m.__file__ for m in list(sys.modules.values()) if isinstance(getattr(m, "__file__", None), str)}


def pyc(data, path):
    code = compile(data, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


counts = {}
for name in sorted(os.listdir("/work/in")):
    is_zip = name.endswith(".zip")
    root = stdlib if is_zip else packages
    with zipfile.ZipFile(f"/work/in/{name}") as zin, zipfile.ZipFile(f"/work/out/{name}", "w", zipfile.ZIP_DEFLATED) as zout:
        present = set(zin.namelist())
        record = next((n for n in present if n.endswith(".dist-info/RECORD")), None)
        added = []
        for item in zin.infolist():
            if item.filename == record:
                continue
            data = zin.read(item)
            zout.writestr(item, data)
            path = f"{root}/{item.filename}"
            if item.filename.endswith(".py") and path in used:
                target = item.filename + "c" if is_zip else importlib.util.cache_from_source(item.filename)
                if target not in present:  # (a distribution's own bytecode stays)
                    added.append((target, pyc(data, path)))
                    zout.writestr(target, added[-1][1])
        if record:
            lines = zin.read(record).decode("utf-8").splitlines() + [record_line(n, d) for n, d in added]
            zout.writestr(zin.getinfo(record), "\n".join(lines) + "\n")
        counts[name] = len(added)
    if not added:  # as it was
        with open(f"/work/in/{name}", "rb") as src, open(f"/work/out/{name}", "wb") as dst:
            dst.write(src.read())
with open("/work/out/counts.json", "w") as f:  # (the kernel has taken over sys.stdout)
    json.dump({"counts": counts, "failed": failed}, f)
"""

_PRECOMPILE_JS = """
const [pyodideUrl, indexURL, work, start, code] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideUrl);
const py = await loadPyodide({ indexURL, packages: JSON.parse(start) });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
await py.runPythonAsync(code);
"""


def precompile(pyodide_dir: pathlib.Path, start: list[str]) -> dict[str, int]:
    """Give the site the bytecode of what its kernel's start and a first cell import, made by
    its own Pyodide in Node: Pyodide writes no bytecode and the standard library of its npm
    core has none, so otherwise every one of those modules is compiled at every start. The
    lock gets the new sums. Cached by the inputs' sums. Returns ``{file: modules compiled}``;
    empty without Node (the site works, it starts slower)."""
    node = shutil.which("node")
    if not node:
        log("no node: no bytecode in the site (the kernel compiles every module as it starts)")
        return {}
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    wheels = {name: pyodide_dir / lock["packages"][name]["file_name"] for name in sorted(closure(lock, start))}
    files = [pyodide_dir / "python_stdlib.zip", *(w for w in wheels.values() if w.name.endswith("-none-any.whl"))]
    key = hashlib.sha256("\n".join([FIRST_CELL, *start, *(f"{f.name} {sha256(f)}" for f in files)]).encode()).hexdigest()
    done = CACHE / "precompiled" / key[:24]
    if not (done / "counts.json").exists():
        log(f"bytecode of what the kernel's start and a first cell import: {len(files)} files, Pyodide in Node")
        work = CACHE / "precompile-work"
        shutil.rmtree(work, ignore_errors=True)
        (work / "in").mkdir(parents=True)
        (work / "out").mkdir()
        for f in files:
            shutil.copy(f, work / "in" / f.name)
        script = work / "precompile.mjs"
        script.write_text(_PRECOMPILE_JS, encoding="utf-8")
        code = f"FIRST_CELL = {FIRST_CELL!r}\n{_PRECOMPILE_PY}"
        result = subprocess.run([node, str(script), (pyodide_dir / "pyodide.mjs").as_uri(), str(pyodide_dir) + "/",
                                 str(work), json.dumps(start), code], capture_output=True, text=True, timeout=900)
        if result.returncode:
            raise BuildError(f"precompiling in Node failed ({result.returncode}):\n"
                             f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
        report = json.loads((work / "out" / "counts.json").read_text(encoding="utf-8"))
        if report["failed"]:
            log(f"the first cell failed in Node ({report['failed']}): what it imported so far has bytecode")
        shutil.rmtree(done, ignore_errors=True)
        done.mkdir(parents=True)
        for f in files:
            shutil.copy(work / "out" / f.name, done / f.name)
        (done / "counts.json").write_text(json.dumps(report["counts"]), encoding="utf-8")
        shutil.rmtree(work, ignore_errors=True)
        for old in sorted(done.parent.iterdir(), key=lambda d: d.stat().st_mtime)[:-3]:  # the newest 3 stay
            shutil.rmtree(old, ignore_errors=True)
    counts = json.loads((done / "counts.json").read_text(encoding="utf-8"))
    by_file = {w.name: name for name, w in wheels.items()}
    for f in files:
        shutil.copy(done / f.name, f)
        if f.name in by_file:
            lock["packages"][by_file[f.name]]["sha256"] = sha256(f)
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return counts


def kernel_wheels() -> list[pathlib.Path]:
    """The wheels the kernel extension ships (piplite, the ipykernel and widgetsnbextension
    shims, pyodide-kernel) that the kernel would otherwise install with piplite as it starts."""
    folder = labextension("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    found = [next(iter(sorted(folder.glob(f"{prefix}*.whl"))), None) for prefix in KERNEL_WHEELS]
    if None in found:
        raise BuildError(f"the kernel extension lacks one of {KERNEL_WHEELS} in {folder}")
    return found


# ---------------------------------------------------------------------------------- the site
def labextension(name: str) -> pathlib.Path:
    for root in [pathlib.Path(sys.prefix), *map(pathlib.Path, sys.path)]:
        path = root / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").exists():
            return path
    raise BuildError(f"lab extension {name} not found: pip install -r lite/requirements-build.txt")


def notebooks() -> list[pathlib.Path]:
    found = sorted((REPO / "notebooks").glob("*.ipynb"))
    if not found:
        raise BuildError("no notebooks in notebooks/")
    return found


def size_of(path: pathlib.Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(offline: bool, output: pathlib.Path, pyodide_url: str = PYODIDE_ARCHIVE) -> dict:
    """Build the site into ``output`` (replaced); returns a summary (sizes in bytes)."""
    started = time.monotonic()
    check_build_environment()
    stage = CACHE / ("stage-offline" if offline else "stage-full")
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)

    log("building the package's wheel from the working tree")
    staged = stage / "wheels"
    own = build_own_wheel(staged)
    site_pins = pins(LITE / "requirements-site.txt")
    wheels = download_wheels(site_pins, CACHE / "site-wheels")
    site_wheels = []
    for name, wheel in wheels.items():
        site_wheels.append(pathlib.Path(shutil.copy(wheel, staged / wheel.name)))
        if name == "babel":
            slim_babel(site_wheels[-1])

    # the lock's packages: the kernel's, and those the site's wheels require
    shipped = set(site_pins) | {"bhabho-widget", "ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension"}
    seeds = list(KERNEL_PACKAGES)
    for wheel in [own, *wheels.values()]:
        seeds += [r for r in requirements_of(wheel) if r not in shipped]
    # the package requires numpy and matplotlib (for the search bot, hints, plots and batch
    # simulations): only the full site has them; the notebooks install the package without them
    seeds = [s for s in seeds if s not in FULL_PACKAGES] + ([] if offline else FULL_PACKAGES)
    log(f"staging Pyodide {PYODIDE_VERSION} ({'npm core' if offline else 'full distribution'})")
    stage_one = stage_pyodide_offline if offline else (lambda d, s: stage_pyodide_full(d, s, pyodide_url))
    in_lock = stage_one(stage / "static" / "pyodide", seeds)
    slim_jedi(stage / "static" / "pyodide")
    unmet = sorted({canonical(s) for s in seeds} - set(in_lock) - shipped - set(FULL_PACKAGES))
    if unmet:
        raise BuildError(f"required but neither shipped nor in Pyodide's lock: {unmet}")
    # the kernel's, the widgets' and the package's wheels in the lock too, loaded as the kernel
    # starts: fetched all at once, no piplite look-ups one by one (numpy and matplotlib stay out)
    preloaded = add_to_lock(stage / "static" / "pyodide", [own, *site_wheels, *kernel_wheels()], FULL_PACKAGES)
    in_lock = sorted(set(in_lock) | set(preloaded))
    start = list(dict.fromkeys(KERNEL_START + preloaded))
    compiled = precompile(stage / "static" / "pyodide", start)

    for name in EXTENSIONS:
        shutil.copytree(labextension(name), stage / "labextensions" / name,
                        ignore=shutil.ignore_patterns("*.map", "*.js.LICENSE.txt"))
    contents = stage / "contents"
    contents.mkdir()
    for nb in notebooks():
        shutil.copy(nb, contents / nb.name)
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    settings["loadPyodideOptions"] = {**settings.get("loadPyodideOptions", {}), "packages": start}
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    (stage / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {
            "apps": ["lab"],
            "ignore_sys_prefix": ["federated_extensions"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "contents": ["contents"],
            "settings_overrides": [str(LITE / "overrides.json")],
        },
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(stage / "labextensions")]},
    }, indent=1), encoding="utf-8")

    if output.exists():
        shutil.rmtree(output)
    log("jupyter lite build")
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(stage), "--output-dir", str(output)],
        cwd=stage, env=env)
    for leftover in output.rglob("*.map"):
        leftover.unlink()
    summary = {
        "output": str(output),
        "mode": "offline" if offline else "full",
        "bytes": size_of(output),
        "pyodide_bytes": size_of(output / "static" / "pyodide"),
        "wheels_bytes": sum(w.stat().st_size for w in [own, *site_wheels]),
        "pyodide_packages": in_lock,
        "loaded_at_start": start,
        "bytecode": compiled,
        "notebooks": [nb.name for nb in notebooks()],
        "seconds": round(time.monotonic() - started, 1),
    }
    (output / "build-summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--offline", action="store_true",
                        help="Pyodide's npm core and pure wheels only (no numpy or matplotlib in the site)")
    parser.add_argument("--output", type=pathlib.Path, default=OUTPUT,
                        help=f"the site's folder (default {OUTPUT.relative_to(REPO)})")
    parser.add_argument("--pyodide-url", default=PYODIDE_ARCHIVE,
                        help="the full distribution's archive, a URL or a local path (not with --offline)")
    args = parser.parse_args(argv)
    try:
        summary = build(args.offline, args.output.resolve(), args.pyodide_url)
    except BuildError as err:
        print(f"lite/build.py: {err}", file=sys.stderr)
        return 1
    mb = 1024 * 1024
    log(f"built {summary['output']} in {summary['seconds']} s: {summary['bytes'] / mb:.1f} MB "
        f"(Pyodide {summary['pyodide_bytes'] / mb:.1f} MB with {len(summary['pyodide_packages'])} packages, "
        f"site wheels {summary['wheels_bytes'] / mb:.1f} MB), {len(summary['notebooks'])} notebooks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
