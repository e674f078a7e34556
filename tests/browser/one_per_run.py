"""One Chromium for all the test processes of a run.

With pytest-xdist, two processes run browser tests at the same time (``conftest.py`` at the
root lets at most two take browser test files). They share one Chromium, behind Playwright's
browser server (``harness.BrowserServer``): the first process that needs it starts it and
writes where it is into a folder that every process of the run shares; the others connect to
it. The process that started it stops it at its own end, once every other process has let it
go: each holds a file named after its process id in ``users/`` while it may use it. Without
xdist the one process starts and stops it as before.

Nothing here imports pytest: :class:`OnePerRun` is given the shared folder.
"""

from __future__ import annotations

import json
import os
import pathlib
import time
from collections.abc import Callable
from typing import Any

from filelock import FileLock


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    return True


class OnePerRun:
    """Something started once for all the processes of a run, in ``folder / name``.

    :meth:`use` returns where it is, starting it (``start()``, which returns a JSON-able
    dict) when no process has; :attr:`owner` tells whether this process did. :meth:`let_go`
    ends this process's use; the owner's waits for every other user to let go first, then
    calls ``stop()``.
    """

    def __init__(self, folder: pathlib.Path, name: str):
        self.folder = pathlib.Path(folder) / name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.lock = FileLock(str(self.folder / "lock"))
        self.where_file = self.folder / "where.json"
        self.users = self.folder / "users"
        self.me = self.users / str(os.getpid())
        self.owner = False

    def use(self, start: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        with self.lock:
            if self.where_file.exists():
                where = json.loads(self.where_file.read_text(encoding="utf-8"))
            else:
                where = start()
                self.where_file.write_text(json.dumps(where), encoding="utf-8")
                self.owner = True
            self.users.mkdir(exist_ok=True)
            self.me.touch()
        return where

    def others(self) -> list[int]:
        """The other processes that use it now (a user that died without letting go is
        forgotten)."""
        pids = []
        for f in self.users.iterdir() if self.users.exists() else ():
            pid = int(f.name)
            if pid == os.getpid():
                continue
            if _alive(pid):
                pids.append(pid)
            else:
                f.unlink(missing_ok=True)
        return pids

    def let_go(self, stop: Callable[[], None], timeout: float = 3600) -> None:
        """This process no longer uses it. The owner waits until no other process does (the
        others are still running tests), takes away where it is, so that a process coming
        later starts its own, and stops it."""
        self.me.unlink(missing_ok=True)
        if not self.owner:
            return
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                others = self.others()
                if not others:
                    self.where_file.unlink(missing_ok=True)
                    break
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.folder.name}: processes {others} still use it after {timeout:.0f} s")
            time.sleep(0.2)  # polled: the others end their runs in their own time
        stop()
