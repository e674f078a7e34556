"""Fixtures of the test suite: table servers as a test needs them (see :class:`helpers.Server`),
and the markers of the tiers (``hub`` for the JupyterHub test; ``browser`` and ``binder`` are set
by their modules; ``slow`` by the tests that take long).

The quick command a contributor runs before each commit leaves out the browsers, the hub and
Binder::

    python -m pytest -m "not browser and not hub and not binder"

(``-n 2`` runs it in two processes, with pytest-xdist: the root ``conftest.py`` keeps the
browser tests in one of them, and each notebook's cells). ``.ci/run`` runs everything, so.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers import Server

HERE = pathlib.Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The JupyterHub test is the ``hub`` tier, whatever its functions say (the groups of
    pytest-xdist are the root ``conftest.py``'s)."""
    for item in items:
        if item.path.name == "test_hub.py":
            item.add_marker(pytest.mark.hub)


@pytest.fixture
def start_server(tmp_path: pathlib.Path) -> Iterator[Callable[..., Server]]:
    """A factory of table servers of the test's own, each on a database of its own, with a short
    ping and send timeout for the faults and every limit at its default;
    ``start_server("--hello-timeout", "1", grace=0.5)`` passes options on. Every one is stopped
    when the test ends."""
    servers: list[Server] = []

    def start(*extra: str, grace: float = 60.0, ping: float = 5.0, send_timeout: float = 5.0, **options: Any) -> Server:
        server = Server(str(tmp_path / f"tables{len(servers)}.sqlite3"), grace=grace, ping=ping,
                        send_timeout=send_timeout, extra=extra, **options)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One table server for the whole run, for the tests that open tables of their own and
    break nothing (bots at once, no limit of new tables from one address)."""
    server = Server(str(tmp_path_factory.mktemp("table-server") / "tables.sqlite3"))
    yield server
    server.stop()
