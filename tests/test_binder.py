"""The Binder configuration, proven the way repo2docker uses it.

repo2docker runs ``pip install -r binder/requirements.txt`` from the repository root (the
root ``pyproject.toml`` is ignored once ``binder/`` exists). This test does the same in a
fresh virtual environment, so nothing outside ``binder/`` is installed, and there:

- the package is imported from the environment (not the tree), with its front end;
- JupyterLab is installed, with the widget managers' lab extensions (ipywidgets' and
  anywidget's) that draw the table in the browser;
- every notebook is read and validated, and run with nbconvert (which comes with
  JupyterLab) in one kernel of the environment, one notebook after the other with the
  namespace reset between them: each notebook that makes a table or a lesson runs whole,
  ``IMPORTS_ONLY`` ones (simulations only) run their imports.

Faster than it was, checking the same: pip is the test environment's (a current one, not the
older copy ``venv`` bundles) run for the new environment with ``--python``, and it does not
byte-compile what it installs (Python compiles on import); one kernel instead of one per
notebook. That every notebook runs whole in a fresh kernel of its own is nbval's check
(``pytest notebooks``), in the test environment.
"""

import ast
import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys
import venv

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
IMPORTS_ONLY = {"07_strategy": "simulations only, no table or lesson: minutes of games, run whole by nbval"}
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget")


def _imports(source: str) -> list[str]:
    """The cell's top-level import statements (not those under an ``if``: the JupyterLite branch)."""
    tree = compile(source, "<cell>", "exec", flags=ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    return [ast.get_source_segment(source, node) or "" for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))]


def binder_notebook(env_dir: pathlib.Path) -> nbformat.NotebookNode:
    """One notebook of every notebook's code, in order, to run in one kernel of the Binder environment."""
    names = [p.name for p in NOTEBOOKS]
    cells = [nbformat.v4.new_code_cell(
        "import sys, nbformat\n"
        f"assert sys.prefix == {str(env_dir)!r}, sys.prefix  # the Binder environment's kernel\n"
        f"for name in {names!r}:\n"
        "    nbformat.validate(nbformat.read(name, as_version=4))  # every notebook opens")]
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        cells.append(nbformat.v4.new_code_cell(f"%reset -f\n# ---- {path.name}"))
        if path.stem in IMPORTS_ONLY:
            code = ["\n".join(line for source in code for line in _imports(source))]
        cells += [nbformat.v4.new_code_cell(f"# {path.name}, code cell {k}\n{source}") for k, source in enumerate(code)]
    return nbformat.v4.new_notebook(cells=cells)


def _create(env_dir: pathlib.Path) -> list[str]:
    """A fresh environment and the pip command that installs into it."""
    if importlib.util.find_spec("pip") is not None:
        venv.EnvBuilder(with_pip=False).create(env_dir)
        return [sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python")]
    venv.EnvBuilder(with_pip=True).create(env_dir)
    return [str(env_dir / "bin" / "python"), "-m", "pip"]


@pytest.mark.binder
def test_binder_requirements_install_the_package_and_run_the_notebooks(tmp_path):
    env_dir = tmp_path / "binder-env"
    pip = _create(env_dir)
    python = env_dir / "bin" / "python"
    outside = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # nothing of the tree on the path
    install = subprocess.run([*pip, "install", "-q", "--no-compile", "-r", "binder/requirements.txt"],
                             cwd=ROOT, capture_output=True, text=True, timeout=900, env=outside)
    assert install.returncode == 0, install.stdout + install.stderr
    check = subprocess.run([str(python), "-c", "import bhabho_widget, jupyterlab; print(bhabho_widget.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120, env=outside)
    assert check.returncode == 0, check.stderr
    assert pathlib.Path(check.stdout.strip()).is_relative_to(env_dir), "the package must be installed, not imported from the tree"
    assert (pathlib.Path(check.stdout.strip()).parent / "table" / "static" / "widget.js").exists()
    for name in LAB_EXTENSIONS:
        assert (env_dir / "share" / "jupyter" / "labextensions" / name / "package.json").exists(), \
            f"JupyterLab in the Binder environment lacks the lab extension {name}: widgets would not show"

    work = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)
    assert NOTEBOOKS, "no notebooks found"
    assert set(IMPORTS_ONLY) <= {p.stem for p in NOTEBOOKS}
    nbformat.write(binder_notebook(env_dir), work / "binder_check.ipynb")
    run = subprocess.run(
        [str(env_dir / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
         "--ExecutePreprocessor.timeout=600", "--KernelManager.transport=ipc",  # no TCP port to lose in a busy run
         "binder_check.ipynb"],
        cwd=work, capture_output=True, text=True, timeout=1800,
        env={"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "MPLBACKEND": "Agg"})
    assert run.returncode == 0, run.stderr[-5000:]
    done = nbformat.read(work / "binder_check.ipynb", as_version=4)
    assert all(c.execution_count for c in done.cells), "every cell ran"
    views = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for c in done.cells for o in c.outputs)
    assert views >= 10, f"{views} widgets shown: the tables and lessons of the notebooks start in the Binder kernel"


def test_the_binder_check_runs_every_notebook_s_code():
    """The notebook the Binder check runs: every code cell of every notebook, the imports only
    of IMPORTS_ONLY's (and every import they make)."""
    nb = binder_notebook(pathlib.Path("/env"))
    text = "\n".join(c.source for c in nb.cells)
    for path in NOTEBOOKS:
        code = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
        assert f"# ---- {path.name}" in text
        if path.stem in IMPORTS_ONLY:
            lines = [line for source in code for line in source.splitlines()
                     if re.match(r"(import|from) \w", line)]  # the top-level imports, one a line in these notebooks
            assert lines and all(line in text for line in lines), path.name
        else:
            assert all(source in text for source in code), path.name


def test_binder_files_say_what_repo2docker_needs():
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split("\n")
    assert ".[lab]" in [line.strip() for line in requirements], \
        "binder/requirements.txt must install the package with JupyterLab and what the notebooks use"
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3.") and int(runtime.split(".")[1]) >= 10
    readme = (ROOT / "README.md").read_text()
    assert "?urlpath=lab/tree/notebooks/01_quick_start.ipynb" in readme
    assert sys.version_info >= (3, 10)
