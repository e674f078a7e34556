"""``python -m bhabho_widget.server``: serve shared tables (see :mod:`bhabho_widget.server`).

Its options are the fields of :class:`.config.ServerConfig` (``--help`` lists them with their
defaults). Without the ``server`` extra (starlette, uvicorn, websockets) it says so in one
line, exit code 2. A bad ``--db`` (a missing folder, a read-only or corrupt file, a read-only
WAL index) or an address that cannot be listened on is one line on stderr naming it, and exit
code 2. Once listening, the server prints its address on stdout (with ``--port 0``, the port
the system gave), and, unless it is a hub's service, a second line with the teacher key that
opens classes (``Class.create(server, title, key=...)``): a new one at every start, printed
once and kept only as its SHA-256 (on a hub, the members of ``--teachers-group`` and the
admins teach). Its log lines go to standard error, or with ``--log-file`` to that file (a
notebook that starts a server gives it one, so that they do not show as errors under the cell).

Behind a reverse proxy (a JupyterHub's), ``--forwarded-allow-ips`` names the proxies whose
``X-Forwarded-For`` header tells the real client (uvicorn's proxy headers): every limit then
counts the student, not the proxy. Without it no forwarded address is believed.
"""

from __future__ import annotations

import logging
import secrets
import socket
import sys


def main(argv: list[str] | None = None) -> int:
    try:
        from .app import make_app
    except ImportError as err:  # the "server" extra is not installed: one line, not a traceback
        missing = (err.name or str(err)).partition(".")[0]
        print(f"the table server needs starlette, uvicorn and websockets ({missing} is missing): "
              "pip install 'bhabho_widget[server]'", file=sys.stderr)
        return 2
    from .config import parse_arguments

    config = parse_arguments(argv)
    try:
        import uvicorn
    except ImportError:
        print('the table server needs its extra: pip install "bhabho-widget[server]"', file=sys.stderr)
        return 2
    from ..table.protocol import WS_MAX_BYTES
    from .hub import HubIdentity
    from .store import Store, StoreError

    try:
        store = Store(config.db)
    except StoreError as err:
        print(str(err), file=sys.stderr)
        return 2
    try:
        hub = HubIdentity(config.hub_api_url) if config.hub_api_url else None
    except ValueError as err:
        print(str(err), file=sys.stderr)
        return 2
    family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((config.host, config.port))
        sock.listen(2048)
    except (OSError, OverflowError) as err:
        sock.close()
        print(f"the table server cannot listen on {config.host}:{config.port}: {getattr(err, 'strerror', None) or err}",
              file=sys.stderr)
        return 2
    sock.set_inheritable(True)

    try:
        handler: logging.Handler = logging.FileHandler(config.log_file, encoding="utf-8") if config.log_file \
            else logging.StreamHandler()
    except OSError as err:
        sock.close()
        print(f"the table server cannot write its log to {config.log_file}: {err.strerror or err}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", handlers=[handler])
    key = None if hub is not None else secrets.token_urlsafe(18)
    app = make_app(store, config, hub=hub, teacher_key=key)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    prefix = config.prefix.rstrip("/")
    print(f"bhabho_widget table server at ws://{shown}:{port}{prefix}/ws (health check http://{shown}:{port}{prefix}/), "
          f"tables in {config.db}", flush=True)
    if key is not None:
        print(f"teacher key for classes (printed once, kept only hashed): {key}", flush=True)
    proxies = config.trusted_proxies
    server = uvicorn.Server(uvicorn.Config(
        app, log_level="warning", ws_max_size=WS_MAX_BYTES, ws="websockets-sansio", ws_ping_interval=config.ping,
        ws_ping_timeout=config.ping, proxy_headers=bool(proxies), forwarded_allow_ips=proxies or [],
        log_config=None))
    server.run(sockets=[sock])
    return 0 if server.started else 1


if __name__ == "__main__":
    sys.exit(main())
