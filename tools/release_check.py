"""Everything a release does short of uploading, runnable here: ``python tools/release_check.py``.

The release workflow (``.github/workflows/release.yml``) runs it on a ``v*`` tag before it
publishes ``dist/`` to PyPI, and ``.ci/run`` runs it on every change:

1. the front end is built and the committed bundle must equal the build (``--skip-frontend``
   when that was checked already);
2. the version, written once in ``src_js/package.json``, is the tag's (``--tag v1.2.3``) and has
   its section in ``CHANGELOG.md`` (a development version: the *Unreleased* section);
3. the sdist and the wheel are built afresh into ``dist/`` (``python -m build``), both hold
   ``LICENSE``; ``twine check --strict``, ``check-wheel-contents`` and pyroma (at least 9 of 10)
   pass;
4. the wheel is installed into a fresh virtual environment without extras and
   ``tools/smoke_wheel.py core`` plays a game at a Table without numpy; then with the ``coach``
   extra ``tools/smoke_wheel.py coach`` gets a hint.

``--sizes`` also measures the fresh environments (the core, and with every extra). The tools
come from the ``release`` dependency group (``pip install --group release``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bhabho_widget._version import python_version  # noqa: E402

STATIC = "bhabho_widget/table/static"
MIN_PYROMA = 9


class CheckFailed(Exception):
    """One sentence saying which check failed."""


def step(title: str) -> None:
    print(f"\n== {title}", flush=True)


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> str:
    """Run ``cmd``; its output, or :class:`CheckFailed` with its last lines."""
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, env=env)
    out = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        raise CheckFailed(f"{' '.join(map(str, cmd))} failed (exit {done.returncode}):\n{out[-3000:]}")
    return out


def check_frontend() -> None:
    step("front end: the committed bundle equals the build of src_js/")
    npm = shutil.which("npm")
    if npm is None:
        raise CheckFailed("npm is needed to build the front end (or pass --skip-frontend)")
    run(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=ROOT / "src_js")
    run(npm, "run", "-s", "build", cwd=ROOT / "src_js")
    changed = run("git", "status", "--porcelain", "--", STATIC)
    if changed:
        raise CheckFailed(f"{STATIC} differs from the build of src_js/ ('npm run build' there and commit):\n{changed}")
    print(f"ok: {STATIC} is the build of src_js/")


def check_version(tag: str | None) -> str:
    step("version: src_js/package.json, the tag, CHANGELOG.md")
    node = json.loads((ROOT / "src_js" / "package.json").read_text(encoding="utf-8"))["version"]
    version = python_version(node)
    print(f"src_js/package.json: {node} (Python {version})")
    if tag is not None:
        if tag.removeprefix("v") not in (node, version):
            raise CheckFailed(f"the tag {tag} is not the version {node} of src_js/package.json: set it there first")
        if ".dev" in version:
            raise CheckFailed(f"{tag}: a development version ({version}) is not released")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heading = "Unreleased" if ".dev" in version else version
    if not re.search(rf"^## {re.escape(heading)}\b", changelog, re.M):
        raise CheckFailed(f"CHANGELOG.md has no section '## {heading}'")
    print(f"ok: version {version}, CHANGELOG.md has '## {heading}'")
    return version


def build(dist: Path, version: str) -> tuple[Path, Path]:
    step("sdist and wheel")
    shutil.rmtree(dist, ignore_errors=True)
    run(sys.executable, "-m", "build", "--outdir", dist, ROOT)
    sdist, = dist.glob("*.tar.gz")
    wheel, = dist.glob("*.whl")
    if f"-{version}" not in wheel.name or f"-{version}" not in sdist.name:
        raise CheckFailed(f"built {wheel.name} and {sdist.name}, not version {version}")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        raise CheckFailed(f"{wheel.name} has no LICENSE")
    if f"{STATIC}/widget.js" not in names:
        raise CheckFailed(f"{wheel.name} has no front-end bundle")
    with tarfile.open(sdist) as t:
        if f"{sdist.name.removesuffix('.tar.gz')}/LICENSE" not in t.getnames():
            raise CheckFailed(f"{sdist.name} has no LICENSE")
    print(f"ok: {wheel.name} ({wheel.stat().st_size / 1024:.0f} KB), {sdist.name} ({sdist.stat().st_size / 1024:.0f} KB), "
          "both with LICENSE")
    return sdist, wheel


def check_metadata(sdist: Path, wheel: Path) -> None:
    step("twine check --strict, check-wheel-contents, pyroma")
    print(run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel))
    print(run(sys.executable, "-m", "check_wheel_contents", wheel))
    out = run(sys.executable, "-m", "pyroma", "-n", str(MIN_PYROMA), sdist)
    rating = re.search(r"Final rating: (\d+)/10", out)
    print("\n".join(line for line in out.splitlines() if not line.startswith("-")))
    if rating is None or int(rating.group(1)) < MIN_PYROMA:
        raise CheckFailed(f"pyroma rates the package below {MIN_PYROMA}")


def venv_size(venv: Path) -> float:
    return sum(p.stat().st_size for p in venv.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def fresh_venv(where: Path, wheel: Path, extras: str = "") -> Path:
    """A virtual environment with ``wheel`` (and ``extras``) installed; its Python."""
    run(sys.executable, "-m", "venv", where)
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}{extras}")
    return python


def smoke(wheel: Path, sizes: bool) -> dict[str, float]:
    step("the wheel in fresh virtual environments")
    measured = {}
    with tempfile.TemporaryDirectory(prefix="bhabho-release-") as tmp:
        home = Path(tmp)
        script = shutil.copy(ROOT / "tools" / "smoke_wheel.py", home / "smoke_wheel.py")
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["MPLBACKEND"] = "Agg"
        started = time.monotonic()
        python = fresh_venv(home / "core", wheel)
        measured["core"] = venv_size(home / "core")
        print(f"pip install {wheel.name}: {measured['core']:.0f} MB ({time.monotonic() - started:.0f} s)")
        print(run(python, script, "core", cwd=home, env=env))
        run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}[coach]")
        measured["coach"] = venv_size(home / "core")
        print(f"with [coach]: {measured['coach']:.0f} MB")
        print(run(python, script, "coach", cwd=home, env=env))
        if sizes:
            fresh_venv(home / "all", wheel, "[all]")
            measured["all"] = venv_size(home / "all")
            print(f"with [all]: {measured['all']:.0f} MB")
    return measured


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", help="the release's tag (v1.2.3): the version must be it")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the sdist and the wheel go (default dist/)")
    parser.add_argument("--skip-frontend", action="store_true", help="the bundle was checked already")
    parser.add_argument("--sizes", action="store_true", help="also measure a fresh environment with every extra")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        if not args.skip_frontend:
            check_frontend()
        version = check_version(args.tag)
        sdist, wheel = build(args.dist, version)
        check_metadata(sdist, wheel)
        smoke(wheel, args.sizes)
    except CheckFailed as err:
        print(f"\nrelease check FAILED: {err}", file=sys.stderr)
        return 1
    print(f"\nrelease check passed in {time.monotonic() - started:.0f} s: {args.dist} is ready to upload")
    return 0


if __name__ == "__main__":
    sys.exit(main())
