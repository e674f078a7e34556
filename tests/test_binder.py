"""The Binder configuration, proven the way repo2docker uses it.

repo2docker runs ``pip install -r binder/requirements.txt`` from the repository root (the
root ``pyproject.toml`` is ignored once ``binder/`` exists). This test does the same in a
fresh virtual environment and runs every notebook there with nbconvert, which comes with
JupyterLab, so nothing outside ``binder/`` is installed.
"""

import pathlib
import shutil
import subprocess
import sys
import venv

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.binder
def test_binder_requirements_install_the_package_and_run_every_notebook(tmp_path):
    env_dir = tmp_path / "binder-env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stdout + install.stderr
    check = subprocess.run([str(python), "-c", "import bhabho_widget, jupyterlab; print(bhabho_widget.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr
    assert pathlib.Path(check.stdout.strip()).is_relative_to(env_dir), "the package must be installed, not imported from the tree"
    assert (pathlib.Path(check.stdout.strip()).parent / "table" / "static" / "widget.js").exists()

    work = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)
    assert NOTEBOOKS, "no notebooks found"
    run = subprocess.run(
        [str(env_dir / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
         "--ExecutePreprocessor.timeout=600", *[str(work / nb.name) for nb in NOTEBOOKS]],
        cwd=work, capture_output=True, text=True, timeout=1800,
        env={"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "MPLBACKEND": "Agg"})
    assert run.returncode == 0, run.stderr[-5000:]


def test_binder_files_say_what_repo2docker_needs():
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split("\n")
    assert "." in [line.strip() for line in requirements], "binder/requirements.txt must install the package"
    assert any(line.startswith("jupyterlab") for line in requirements)
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3.") and int(runtime.split(".")[1]) >= 10
    readme = (ROOT / "README.md").read_text()
    assert "?urlpath=lab/tree/notebooks/01_quick_start.ipynb" in readme
    assert sys.version_info >= (3, 10)
