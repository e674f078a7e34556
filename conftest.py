"""Settings for the whole test run (here at the root, so that --doctest-modules does not collect
it beside tests/browser/conftest.py under the same module name).

The coach works ahead of the person in a thread of its own once a browser shows a table
(:mod:`bhabho_widget.table.ahead`). The tests drive thousands of tables with messages as a
browser would; that work would only compete with them for the machine, so it is off here,
for the kernels the browser tests start too, and on in the tests of the feature itself.
"""

import atexit
import os
import pathlib
import shutil
import sys
import tempfile
from typing import Any

import pytest

os.environ.setdefault("BHABHO_COACH_AHEAD", "0")
# The mistakes of a reviewed game are kept as puzzles by proofs in a thread (a second each):
# off too, but in the test of the feature.
os.environ.setdefault("BHABHO_KEEP_MISTAKES", "0")

# A learner's progress (puzzles, lessons) is kept in a folder of the test run's own, never in
# the home folder of whoever runs the tests; the kernels the tests start inherit it, and so do
# the processes of pytest-xdist (the first process made it, and removes it at its end).
if "BHABHO_DATA_DIR" not in os.environ:
    os.environ["BHABHO_DATA_DIR"] = tempfile.mkdtemp(prefix="bhabho-progress-")
    atexit.register(shutil.rmtree, os.environ["BHABHO_DATA_DIR"], ignore_errors=True)


def pytest_sessionstart(session: pytest.Session) -> None:
    """The pictures and consoles of failed browser tests of an earlier run are removed (by the
    one process of a run, or pytest-xdist's controller)."""
    if not hasattr(session.config, "workerinput"):
        for old in (pathlib.Path(__file__).parent / "tests" / "artifacts").glob("FAILED-*"):
            old.unlink()


def pytest_configure(config: pytest.Config) -> None:
    """nbval's kernels listen on Unix sockets, as the kernels the tests start do
    (``helpers.this_python_kernel``): a TCP port chosen free can be taken by another process
    of a busy run before the kernel binds it, and the kernel dies before it answers."""
    try:
        import nbval.kernel
    except ImportError:  # nbval is a development tool; without it no notebook is collected
        return
    sys.path.insert(0, str(pathlib.Path(__file__).parent / "tests"))
    from helpers import unix_socket_kernel_manager

    nbval.kernel.KernelManager = unix_socket_kernel_manager()


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: without it, never called
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """With pytest-xdist (``-n 3`` in .ci/run), the tests are shared out a file at a time, so
    that a file's module-scoped fixtures and caches (a notebook run once, a set of reviews
    worked out once) are made in one process only, and each notebook's cells run in order in
    one kernel (nbval). (xdist's own ``--dist loadgroup`` was seen to split one group over
    both processes with pytest 9.)

    The browser tests are the longest part (about 17 minutes in one process): their files go
    first, the longest first, to at most :data:`BROWSER_PROCESSES` processes, which share one
    Chromium (``tests/browser/one_per_run.py``), each with a JupyterLab of its own; another
    process starts on
    the rest, the long files (:data:`LONG_FIRST`) first so that none of them is left to run
    alone at the end. A process takes a browser file only when it is one of those, or when
    nothing else is left."""
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):
        browser_nodes: list[object] = []

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in LITE_FILES:
                return "tests/browser/lite"  # one process builds the JupyterLite site, once
            return path

        def _pick(self, node: Any) -> str | None:
            queue = list(self.workqueue)
            browser = [scope for scope in queue if scope.startswith("tests/browser/")]
            others = [scope for scope in queue if not scope.startswith("tests/browser/")]
            if browser and (node in self.browser_nodes or len(self.browser_nodes) < BROWSER_PROCESSES):
                if node not in self.browser_nodes:
                    self.browser_nodes.append(node)
                return min(browser, key=lambda scope: (-BROWSER_MINUTES.get(scope, 0), queue.index(scope)))
            for scope in LONG_FIRST:
                if scope in others:
                    return scope
            return (others or browser or [None])[0]

        def _assign_work_unit(self, node: Any) -> None:
            scope = self._pick(node)
            if scope is not None:
                self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    groups = Groups(config, log)
    groups.browser_nodes = []
    return groups


BROWSER_PROCESSES = 2
"""At most this many processes run browser tests at once (two cores: a third would slow the
pages down more than it gains)."""

LITE_FILES = ("tests/browser/test_lite.py", "tests/browser/test_screens_lite.py")

BROWSER_MINUTES = {
    "tests/browser/test_shared_table.py": 2.7, "tests/browser/test_accessibility.py": 2.5,
    "tests/browser/lite": 1.9, "tests/browser/test_table_fixes.py": 1.8,
    "tests/browser/test_notebook_lessons.py": 1.7, "tests/browser/test_screens.py": 1.6,
    "tests/browser/test_lab.py": 1.0, "tests/browser/test_languages.py": 0.9,
    "tests/browser/test_phone_panels.py": 0.8, "tests/browser/test_review_browser.py": 0.6,
    "tests/browser/test_classroom_browser.py": 0.5,
}
"""Roughly how long the longest browser test files take (``--durations``), to start them
first; the others follow in the order they were collected."""

LONG_FIRST = ("tests/test_binder.py", "tests/test_hub.py", "tests/test_notebooks_in_use.py",
              "tests/test_notebooks.py", "notebooks/11_for_teachers.ipynb", "notebooks/07_strategy.ipynb")
"""Test files of a minute or more that are not browser tests: run early (see above)."""


# The conftest modules of tests/ and tests/browser/ are conftests, not modules with doctests:
# --doctest-modules would import both under the one name "conftest".
collect_ignore = ["tests/conftest.py", "tests/browser/conftest.py"]
