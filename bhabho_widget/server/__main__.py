"""``python -m bhabho_widget.server``: serve shared tables (see :mod:`bhabho_widget.server`)."""

from __future__ import annotations

import argparse
import logging
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bhabho_widget.server",
                                     description="Serve shared Bhabho tables over websockets.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--db", default="bhabho_tables.sqlite3", help="the SQLite file of the tables")
    parser.add_argument("--grace", type=float, default=30.0, help="seconds before a bot plays for a person who dropped out")
    parser.add_argument("--bot-pace", type=float, default=0.6, help="seconds between the bots' steps")
    parser.add_argument("--send-timeout", type=float, default=10.0,
                        help="seconds a client may leave a frame unread before it is disconnected")
    parser.add_argument("--ping", type=float, default=20.0,
                        help="seconds between pings; a client that does not answer within as long is disconnected")
    parser.add_argument("--keep-days", type=float, default=7.0, help="days a table is kept after its last change")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
                        help="path prefix of the routes (as a JupyterHub service: /services/<name>/)")
    parser.add_argument("--hub-api-url", default=os.environ.get("JUPYTERHUB_API_URL", ""),
                        help="the JupyterHub API that tells who a player is (set by the hub for its services); "
                             "with it, only the hub's users join, under their hub names")
    args = parser.parse_args(argv)
    try:
        import uvicorn
    except ImportError:
        print('the table server needs its extra: pip install "bhabho-widget[server]"', file=sys.stderr)
        return 2
    from ..table.protocol import WS_MAX_BYTES
    from .app import make_app
    from .hub import HubIdentity

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = make_app(args.db, prefix=args.prefix, grace=args.grace, bot_pace=args.bot_pace, send_timeout=args.send_timeout,
                   keep_days=args.keep_days, hub=HubIdentity(args.hub_api_url) if args.hub_api_url else None)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=WS_MAX_BYTES, ws="websockets-sansio",
                ws_ping_interval=args.ping, ws_ping_timeout=args.ping)
    return 0


if __name__ == "__main__":
    sys.exit(main())
