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
    """With pytest-xdist (``-n 2``), the tests are shared out a file at a time, so that a file's
    module-scoped fixtures and caches (a notebook run once, a set of reviews worked out once)
    are made in one process only, and each notebook's cells run in order in one kernel (nbval);
    the browser tests all go to one process, which starts one JupyterLab and one Chromium for
    them. (xdist's own ``--dist loadgroup`` was seen to split one group over both processes
    with pytest 9.)

    The browser tests are the longest group (about 18 minutes on two cores): they go first, to
    the first process that asks, and that process gets nothing else until they are done, while
    the other runs the rest, the long single tests (:data:`LONG_FIRST`) first so that none of
    them is left to run alone at the end."""
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):
        browser_node: object = None

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith("tests/browser/"):
                return "browser"
            return nodeid.split("::", 1)[0]

        def _assign_work_unit(self, node: Any) -> None:
            if self.browser_node is None and "browser" in self.workqueue:
                self.browser_node = node
                self.workqueue.move_to_end("browser", last=False)
            else:
                for scope in reversed(LONG_FIRST):
                    if scope in self.workqueue:
                        self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return Groups(config, log)


LONG_FIRST = ("tests/test_binder.py", "tests/test_hub.py", "tests/test_notebooks_in_use.py",
              "tests/test_notebooks.py", "notebooks/11_for_teachers.ipynb", "notebooks/07_strategy.ipynb")
"""Test files of a minute or more that are not browser tests: run early (see above)."""


# The conftest modules of tests/ and tests/browser/ are conftests, not modules with doctests:
# --doctest-modules would import both under the one name "conftest".
collect_ignore = ["tests/conftest.py", "tests/browser/conftest.py"]
