"""The table server's settings: one frozen :class:`ServerConfig`, its defaults written once.

Every setting is a field with its default and the words of its ``--help`` line;
``python -m bhabho_widget.server`` builds its command line from the fields
(:func:`argument_parser`), so a default said in the help is the default the server uses, and
a server made in Python (:func:`~.app.make_app`) starts from the same values.

>>> config = ServerConfig(port=0, grace=5)
>>> config.grace, config.messages_per_second, config.port
(5.0, 20.0, 0)
>>> ServerConfig(grace=-1)
Traceback (most recent call last):
    ...
ValueError: grace must be a number from 0 to 86400, not -1
>>> parse_arguments(["--port", "0", "--message-rate", "5"]).messages_per_second
5.0
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ServerConfig", "argument_parser", "parse_arguments"]


def _setting(default: Any, help: str, flag: str = "", env: str = "", low: float | None = None,
             high: float | None = None) -> Any:
    """A field of :class:`ServerConfig`: its default, its help line, its command-line flag
    (``--`` and the field's name with dashes unless given), the environment variable that
    gives its default on the command line, and its bounds."""
    return field(default=default, metadata={"help": help, "flag": flag, "env": env, "low": low, "high": high})


@dataclass(frozen=True)
class ServerConfig:
    """What the table server does and allows (see the module's docstring)."""

    host: str = _setting("127.0.0.1", "address to listen on (default %(default)s: this machine only)")
    port: int = _setting(8765, "port to listen on (0: any free one, printed)", low=0, high=65535)
    db: str = _setting("bhabho_tables.sqlite3", "the SQLite file of the tables and classes (default %(default)s)")
    prefix: str = _setting("", "path prefix of the routes (as a JupyterHub service: /services/<name>/)",
                           env="JUPYTERHUB_SERVICE_PREFIX")
    hub_api_url: str = _setting("", "the JupyterHub API that tells who a player is (set by the hub for its services); "
                                    "with it, only the hub's users join, under their hub names",
                                env="JUPYTERHUB_API_URL")
    teachers_group: str = _setting("teachers", "on a hub: the hub group whose members (and the hub's admins) open "
                                               "classes (default %(default)s)")
    forwarded_allow_ips: str = _setting(
        "", "addresses of the reverse proxies whose X-Forwarded-For header names the real client (a JupyterHub's proxy: "
            "127.0.0.1), comma-separated, or * for any; the limits then count that client, not the proxy "
            "(default: none, every limit counts the address a connection comes from)")
    log_file: str = _setting("", "write the server's log lines to this file (default: standard error)")
    grace: float = _setting(30.0, "seconds before a bot plays for a person who dropped out (and a host away hands "
                                  "the role on) (default %(default)g)", low=0, high=86400)
    bot_pace: float = _setting(0.6, "seconds between the bots' steps (default %(default)g)", low=0, high=60)
    send_timeout: float = _setting(10.0, "seconds a client may leave a frame unread before it is disconnected "
                                         "(default %(default)g)", low=0.1, high=3600)
    ping: float = _setting(20.0, "seconds between pings; a client that does not answer within as long is "
                                 "disconnected (default %(default)g)", low=0.1, high=3600)
    keep_days: float = _setting(7.0, "days a table is kept after its last change (default %(default)g)",
                                low=0, high=36500)
    class_keep_days: float = _setting(30.0, "days a class and what its students sent are kept after its last change "
                                            "(default %(default)g)", low=0, high=36500)
    messages_per_second: float = _setting(20.0, "messages a connection may send a second, in bursts of twice as many "
                                                "(default %(default)g)", flag="--message-rate", low=0.01, high=1e6)
    tables_per_hour: float = _setting(120.0, "new tables one client (on a hub: one hub user) may open an hour, after "
                                             "a burst of 10 (default %(default)g)", low=0.01, high=1e9)
    hello_seconds: float = _setting(10.0, "seconds a connection has to create, join or resume (default %(default)g)",
                                    flag="--hello-timeout", low=0.1, high=3600)
    undealt_minutes: float = _setting(30.0, "minutes a table never dealt is kept after its last change "
                                            "(default %(default)g)", low=0, high=1e6)
    max_tables: int = _setting(10000, "tables the server holds at most (default %(default)d)", low=1, high=10**7)
    guesses_per_hour: float = _setting(
        60.0, "wrong teacher keys, class codes, table codes or tokens one client (one hub user), or against one class "
              "or table, may send an hour after a burst of 10; beyond, each wrong one is answered slowly and logged, "
              "a right one never (default %(default)g)", low=0.01, high=1e9)
    joins_per_hour: float = _setting(120.0, "new students one client may bring into classes an hour, after a burst of "
                                            "40 (default %(default)g)", low=0.01, high=1e9)
    sockets_per_client: int = _setting(100, "connections one client may hold open at once (default %(default)d)",
                                       low=1, high=10**6)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            low, high = f.metadata["low"], f.metadata["high"]
            if f.type == "str":
                if not isinstance(value, str):
                    raise TypeError(f"{f.name} must be text, not {value!r}"[:120])
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or f.type == "int" and not isinstance(value, int):
                raise TypeError(f"{f.name} must be a number, not {value!r}"[:120])
            if not low <= value <= high:
                raise ValueError(f"{f.name} must be a number from {low:g} to {high:g}, not {value!r}"[:120])
            if f.type == "float":
                object.__setattr__(self, f.name, float(value))
        trusted_proxies(self.forwarded_allow_ips)  # a bad address is refused here

    @property
    def trusted_proxies(self) -> list[str]:
        """The proxies whose forwarded address counts (uvicorn's ``forwarded_allow_ips``)."""
        return trusted_proxies(self.forwarded_allow_ips)

    def replace(self, **changes: Any) -> ServerConfig:
        """This configuration with ``changes`` (field names; an unknown one is a TypeError)."""
        return dataclasses.replace(self, **changes)


def trusted_proxies(text: str) -> list[str]:
    """The addresses or networks of ``text`` (comma-separated; ``*`` for any).

    >>> trusted_proxies("127.0.0.1, 10.0.0.0/8"), trusted_proxies("")
    (['127.0.0.1', '10.0.0.0/8'], [])
    >>> trusted_proxies("localhost")
    Traceback (most recent call last):
        ...
    ValueError: forwarded_allow_ips: 'localhost' is not an address or network
    """
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if part != "*":
            try:
                ipaddress.ip_network(part, strict=False)
            except ValueError:
                raise ValueError(f"forwarded_allow_ips: {part[:60]!r} is not an address or network") from None
        out.append(part)
    return out


def _flag(f: dataclasses.Field[Any]) -> str:
    return f.metadata["flag"] or "--" + f.name.replace("_", "-")


def argument_parser(environ: Mapping[str, str] | None = None) -> argparse.ArgumentParser:
    """``python -m bhabho_widget.server``'s command line, one option per field of
    :class:`ServerConfig` (the defaults its own, or an environment variable's where a field
    names one: a JupyterHub sets them for its services)."""
    env = os.environ if environ is None else environ
    parser = argparse.ArgumentParser(prog="python -m bhabho_widget.server",
                                     description="Serve shared Bhabho tables and classes over websockets.")
    for f in dataclasses.fields(ServerConfig):
        kind = {"int": int, "float": float, "str": str}[str(f.type)]
        default = env.get(f.metadata["env"], f.default) if f.metadata["env"] else f.default
        parser.add_argument(_flag(f), dest=f.name, type=kind, default=default, help=f.metadata["help"])
    return parser


def parse_arguments(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> ServerConfig:
    """The configuration the command line ``argv`` asks for (an unknown option, or a value out
    of its bounds, is argparse's one-line error and exit code 2)."""
    parser = argument_parser(environ)
    args = parser.parse_args(argv)
    try:
        return ServerConfig(**vars(args))
    except (TypeError, ValueError) as err:
        parser.error(str(err))
