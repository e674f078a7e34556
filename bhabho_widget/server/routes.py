"""The server's dispatch table: each message type of ``server_protocol.json`` -> its one
handler, and who may send it.

A connection speaks as one of four roles (:attr:`.connection.Connection.seated`): ``new``
(nothing yet: its first message opens a table's seat or a class), ``seat`` (a seat of a
table), ``teacher`` or ``student`` (of a class). A :class:`Route` names its handler and the
roles that may send the message; a message from another role is refused with the sentence
:func:`refusal` gives, before the handler is called. The table server's routes and the class
hall's are joined with :func:`join_routes` (a type handled twice is an error), and
``tests/test_server.py`` holds the joined table against the schema: every client message
has exactly one handler, and every handler a message of the schema.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import MessageError
from ..i18n import N_, Message

__all__ = ["ROLES", "Refused", "Route", "join_routes", "refusal"]

ROLES = frozenset({"new", "seat", "teacher", "student"})

TAKEN = N_("this connection has a seat or a class already")
FIRST_SEAT = N_("first create, join or resume a table")
FIRST_CLASS = N_("first open or join a class")
TEACHER_ONLY = N_("only the class's teacher does this")
STUDENT_ONLY = N_("only a student of the class does this")



class Refused(MessageError):
    """A first message refused for its key, code or token: the error frame is the
    connection's last, and it is closed with the final close code
    :data:`~.connection.CLOSE_REFUSED` (a kernel retrying a key from before a restart is told
    once and stops)."""


Handler = Callable[[Any, dict[str, Any]], Awaitable[None] | None]


@dataclass(frozen=True)
class Route:
    """One message type's handler (``handler(connection, message)``, plain or async) and the
    roles that may send it."""

    handler: Handler
    roles: frozenset[str]

    def __post_init__(self) -> None:
        if not self.roles or not self.roles <= ROLES:
            raise ValueError(f"a route's roles are some of {', '.join(sorted(ROLES))}")


def refusal(kind: str, route: Route, role: str) -> Message | None:
    """The sentence refusing message ``kind`` from a connection of ``role``, or None when
    that role may send it.

    >>> r = Route(print, frozenset({"teacher"}))
    >>> refusal("class_grid", r, "teacher") is None, str(refusal("class_grid", r, "student"))
    (True, "only the class's teacher does this")
    >>> str(refusal("play", Route(print, frozenset({"seat"})), "new"))
    'first create, join or resume a table'
    """
    if role in route.roles:
        return None
    if route.roles == {"new"}:
        return Message(TAKEN)
    if role == "new":
        return Message(FIRST_CLASS if kind.startswith("class_") else FIRST_SEAT)
    if "teacher" in route.roles and "student" not in route.roles and role == "student":
        return Message(TEACHER_ONLY)
    if "student" in route.roles and "teacher" not in route.roles and role == "teacher":
        return Message(STUDENT_ONLY)
    return Message(FIRST_CLASS if kind.startswith("class_") else FIRST_SEAT)


def join_routes(*tables: Mapping[str, Route]) -> dict[str, Route]:
    """One dispatch table of several; a message type handled by two is a ValueError."""
    out: dict[str, Route] = {}
    for table in tables:
        twice = out.keys() & table.keys()
        if twice:
            raise ValueError(f"message types handled twice: {', '.join(sorted(twice))}")
        out.update(table)
    return out
