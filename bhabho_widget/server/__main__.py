"""``bhabho-server`` (or ``python -m bhabho_widget.server``): serve shared tables (see :mod:`bhabho_widget.server`).

Without the ``server`` extra (starlette, uvicorn, websockets) it says so in one line, exit
code 2. A bad ``--db`` (a missing folder, a read-only or corrupt file) or an address that cannot be
listened on is one line on stderr naming it, and exit code 2. Once listening, the server
prints its address on stdout (with ``--port 0``, the port the system gave), and, unless it is
a hub's service, a second line with the teacher key that opens classes
(``Class.create(server, title, key=...)``): a new one at every start, printed once and kept
only as its SHA-256 (on a hub, the members of ``--teachers-group`` and the admins teach).
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import socket
import sys


def build_parser() -> argparse.ArgumentParser:
    """The server's command line (``bhabho-server``, ``python -m bhabho_widget.server``); it
    needs the ``server`` extra, whose limits are its defaults (an ImportError without it)."""
    from .app import Limits

    limits = Limits()
    parser = argparse.ArgumentParser(prog="python -m bhabho_widget.server",
                                     description="Serve shared Bhabho tables over websockets.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free one, printed)")
    parser.add_argument("--db", default="bhabho_tables.sqlite3", help="the SQLite file of the tables")
    parser.add_argument("--grace", type=float, default=30.0,
                        help="seconds before a bot plays for a person who dropped out (and a host away hands the role on)")
    parser.add_argument("--bot-pace", type=float, default=0.6, help="seconds between the bots' steps")
    parser.add_argument("--send-timeout", type=float, default=10.0,
                        help="seconds a client may leave a frame unread before it is disconnected")
    parser.add_argument("--ping", type=float, default=20.0,
                        help="seconds between pings; a client that does not answer within as long is disconnected")
    parser.add_argument("--keep-days", type=float, default=7.0, help="days a table is kept after its last change")
    parser.add_argument("--message-rate", type=float, default=limits.messages_per_second,
                        help="messages a connection may send a second, in bursts of twice as many (default %(default)g)")
    parser.add_argument("--tables-per-hour", type=float, default=limits.tables_per_hour,
                        help="new tables one address (on a hub: one hub user) may open an hour, after a burst of 10 "
                             "(default %(default)g)")
    parser.add_argument("--hello-timeout", type=float, default=limits.hello_seconds,
                        help="seconds a connection has to create, join or resume (default %(default)g)")
    parser.add_argument("--undealt-minutes", type=float, default=limits.undealt_minutes,
                        help="minutes a table never dealt is kept after its last change (default %(default)g)")
    parser.add_argument("--max-tables", type=int, default=limits.max_tables,
                        help="tables the server holds at most (default %(default)d)")
    parser.add_argument("--teachers-group", default="teachers",
                        help="on a hub: the hub group whose members (and the hub's admins) open classes (default %(default)s)")
    parser.add_argument("--class-keep-days", type=float, default=30.0,
                        help="days a class and what its students sent are kept after its last change (default %(default)g)")
    parser.add_argument("--guesses-per-hour", type=float, default=limits.guesses_per_hour,
                        help="wrong teacher keys, class codes or student tokens one address (one hub user) may send an "
                             "hour, after a burst of 10 (default %(default)g)")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
                        help="path prefix of the routes (as a JupyterHub service: /services/<name>/)")
    parser.add_argument("--hub-api-url", default=os.environ.get("JUPYTERHUB_API_URL", ""),
                        help="the JupyterHub API that tells who a player is (set by the hub for its services); "
                             "with it, only the hub's users join, under their hub names")
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
    except ImportError as err:  # the "server" extra is not installed: one line, not a traceback
        missing = (err.name or str(err)).partition(".")[0]
        print(f"the table server needs starlette, uvicorn and websockets ({missing} is missing): "
              "pip install 'bhabho_widget[server]'", file=sys.stderr)
        return 2

    args = parser.parse_args(argv)
    try:
        import uvicorn
    except ImportError:
        print('the table server needs its extra: pip install "bhabho-widget[server]"', file=sys.stderr)
        return 2
    from ..table.protocol import WS_MAX_BYTES
    from .app import Limits, make_app
    from .hub import HubIdentity
    from .store import Store, StoreError

    try:
        store = Store(args.db)
    except StoreError as err:
        print(str(err), file=sys.stderr)
        return 2
    try:
        hub = HubIdentity(args.hub_api_url) if args.hub_api_url else None
    except ValueError as err:
        print(str(err), file=sys.stderr)
        return 2
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
        sock.listen(2048)
    except (OSError, OverflowError) as err:
        sock.close()
        print(f"the table server cannot listen on {args.host}:{args.port}: {getattr(err, 'strerror', None) or err}",
              file=sys.stderr)
        return 2
    sock.set_inheritable(True)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    limits = Limits(messages_per_second=args.message_rate, tables_per_hour=args.tables_per_hour,
                    hello_seconds=args.hello_timeout, undealt_minutes=args.undealt_minutes, max_tables=args.max_tables,
                    guesses_per_hour=args.guesses_per_hour)
    key = None if hub is not None else secrets.token_urlsafe(18)
    app = make_app(store, prefix=args.prefix, grace=args.grace, bot_pace=args.bot_pace, send_timeout=args.send_timeout,
                   keep_days=args.keep_days, hub=hub, limits=limits, teacher_key=key, teachers_group=args.teachers_group,
                   class_keep_days=args.class_keep_days)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    prefix = args.prefix.rstrip("/")
    print(f"bhabho_widget table server at ws://{shown}:{port}{prefix}/ws (health check http://{shown}:{port}{prefix}/), "
          f"tables in {args.db}", flush=True)
    if key is not None:
        print(f"teacher key for classes (printed once, kept only hashed): {key}", flush=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_BYTES, ws="websockets-sansio",
                            ws_ping_interval=args.ping, ws_ping_timeout=args.ping)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0 if server.started else 1


if __name__ == "__main__":
    sys.exit(main())
