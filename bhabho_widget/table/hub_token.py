"""The hub token of a kernel on a JupyterHub, and to whom it may be sent.

On a JupyterHub, a kernel sends its server's hub token (``JUPYTERHUB_API_TOKEN``) with the
first message of a seat or a class to the table service only, at an address the hub
publishes for it: :func:`hub_check` says whether an address is that one (and why not, when
it looks like a service but is not), :func:`hub_token_for` gives the token to send. The
server asks the hub whose a token is (:mod:`bhabho_widget.server.hub`).
"""

from __future__ import annotations

import ipaddress
import json
import os
import posixpath
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import N_, Message

__all__ = ["HUB_CACHE_SECONDS", "default_name", "hub_check", "hub_service", "hub_token_for"]

HUB_CACHE_SECONDS = 60.0
"""How long the hub's answer about a service is kept (a failed look-up: a tenth of it)."""

NOT_THE_SERVICE = N_("{url} is not the address the hub gives its table service {name} ({published}): "
                     "your hub token stays in this notebook")
NOT_PUBLISHED = N_("the hub does not tell this notebook where its table service {name} is, so your hub token "
                   "stays here: the hub's admin can allow it (README, Play together)")


def default_name() -> str:
    """The person's name at a table: the JupyterHub user's name on a hub, else "" (the server
    then seats them as "Player <seat>"; the login name of the machine is never sent)."""
    return os.environ.get("JUPYTERHUB_USER", "")[:40]


# ---------------------------------------------------------------------- the hub token
def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _origin(url: str, websocket: bool = False) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an address, as a websocket's (http -> ws, https -> wss),
    with the default port filled in; None for anything else."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.hostname or parts.username is not None or parts.password is not None:
        return None
    if websocket and parts.scheme not in ("ws", "wss"):
        return None
    return scheme, parts.hostname.lower(), port or (443 if scheme == "wss" else 80)


def _clean_path(path: str) -> bool:
    """A path as written, with nothing to normalise: no ``.``/``..`` segments, no empty
    segment, no percent-escapes or backslashes."""
    if not path.startswith("/") or "%" in path or "\\" in path or "//" in path:
        return False
    normal = posixpath.normpath(path)
    return normal == path.rstrip("/") or normal + "/" == path


_SERVICE_PATH = re.compile(r"services/([A-Za-z0-9._~-]+)/ws")
_HUB_CACHE: dict[tuple[str, str], tuple[float, dict[str, Any] | None]] = {}
_HUB_LOCK = threading.Lock()


def hub_service(name: str, environ: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    """The hub's model of its service ``name`` (``GET {JUPYTERHUB_API_URL}/services/<name>``
    with this server's token, which goes to the hub's API only): its ``url`` and ``prefix``,
    or None when the hub does not tell (this token may not read services, see the README).
    Kept for a minute; a failed look-up for a few seconds."""
    env = os.environ if environ is None else environ
    api, token = env.get("JUPYTERHUB_API_URL", ""), env.get("JUPYTERHUB_API_TOKEN", "")
    if not api.startswith(("http://", "https://")) or not token:
        return None
    key = (api, name)
    now = time.monotonic()
    with _HUB_LOCK:
        known = _HUB_CACHE.get(key)
        if known is not None and now - known[0] < (HUB_CACHE_SECONDS if known[1] else HUB_CACHE_SECONDS / 10):
            return known[1]
    request = urllib.request.Request(f"{api.rstrip('/')}/services/{urllib.parse.quote(name)}",
                                     headers={"Authorization": f"token {token}"})
    model: dict[str, Any] | None = None
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 (the hub's own API)
            data = json.loads(response.read().decode("utf-8"))
        if isinstance(data, dict) and isinstance(data.get("url"), str) and isinstance(data.get("prefix"), str):
            model = {"url": data["url"], "prefix": data["prefix"]}
    except (urllib.error.URLError, OSError, ValueError):
        model = None
    with _HUB_LOCK:
        if len(_HUB_CACHE) > 64:
            _HUB_CACHE.clear()
        _HUB_CACHE[key] = (now, model)
    return model


def hub_check(url: str, environ: Mapping[str, str] | None = None,
              lookup: Callable[[str], dict[str, Any] | None] | None = None) -> tuple[str, Message | None]:
    """``(token, refusal)`` for the table server at websocket address ``url``: this
    single-user server's hub token when ``url`` is the hub's table service at the address
    the hub publishes for it, else ``""``; ``refusal`` says why when ``url`` looks like a
    hub service (a ``<base>services/<name>/ws`` path) but is not that one.

    The service's published addresses are its own (``url`` of the hub's service model, at
    its ``prefix``) and the hub's public address (``JUPYTERHUB_PUBLIC_HUB_URL`` /
    ``JUPYTERHUB_PUBLIC_URL``, when the hub has one) at the same prefix: the scheme, host
    and port must be one of them exactly, the path the prefix and ``ws`` as written (a path
    with ``..``, ``.``, ``//`` or a percent-escape is not normalised, it is refused), and a
    plain ``ws://`` address must be on this machine (loopback): the token never crosses a
    network in clear text.

    >>> env = {"JUPYTERHUB_API_TOKEN": "t0k", "JUPYTERHUB_BASE_URL": "/",
    ...        "JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.example.org/hub/"}
    >>> service = lambda name: {"url": "http://127.0.0.1:8765", "prefix": f"/services/{name}/"}
    >>> hub_check("ws://127.0.0.1:8765/services/bhabho/ws", env, service)
    ('t0k', None)
    >>> hub_check("wss://hub.example.org/services/bhabho/ws", env, service)
    ('t0k', None)
    >>> hub_check("ws://127.0.0.1:9999/services/bhabho/ws", env, service)[0]
    ''
    >>> hub_check("ws://hub.example.org/services/bhabho/ws", env, service)[0]  # clear text off this machine
    ''
    >>> hub_check("ws://127.0.0.1:8765/services/bhabho/../../x/services/bhabho/ws", env, service)[0]
    ''
    >>> hub_check("ws://127.0.0.1:8765/ws", env, service)
    ('', None)
    """
    env = os.environ if environ is None else environ
    token = env.get("JUPYTERHUB_API_TOKEN", "")
    if not token:
        return "", None
    target = _origin(url, websocket=True)
    path = urllib.parse.urlsplit(url).path if target is not None else ""
    base = env.get("JUPYTERHUB_BASE_URL", "/") or "/"
    base = base if base.endswith("/") else base + "/"
    looks = re.search(r"/services/([^/]+)/", path)
    if target is None or not looks:
        return "", None
    last = re.search(r"/([^/]+)/ws$", path)  # the service it would reach, once normalised
    name = last.group(1) if last else looks.group(1)
    public = [o for o in (_origin(env[k]) for k in ("JUPYTERHUB_PUBLIC_HUB_URL", "JUPYTERHUB_PUBLIC_URL")
                          if env.get(k)) if o is not None]
    # a hub service's address, or one a classmate could listen at: refused with a reason (another
    # server, elsewhere, is joined without the token)
    claimed = _loopback(target[1]) or target[1] in {o[1] for o in public}
    if not re.fullmatch(r"[A-Za-z0-9._~-]+", name):
        return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published="?") if claimed else None
    model = (lookup or (lambda n: hub_service(n, env)))(name)  # asked of the hub's own API only
    if model is None:
        if not claimed:
            return "", None
        if _clean_path(path) and path.startswith(base) and _SERVICE_PATH.fullmatch(path[len(base):]):
            return "", Message(NOT_PUBLISHED, name=name[:40])
        return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published="?")
    prefix = model["prefix"] if model["prefix"].endswith("/") else model["prefix"] + "/"
    origins = [o for o in (_origin(model["url"]), *public) if o is not None and (o[0] == "wss" or _loopback(o[1]))]
    claimed = claimed or target[1] in {o[1] for o in origins}
    published = ", ".join(f"{s}://{h}:{p}{prefix}ws" for s, h, p in origins) or "?"
    if (target in origins and path == prefix + "ws" and path.startswith(base) and _clean_path(path)
            and _SERVICE_PATH.fullmatch(path[len(base):]) and (target[0] == "wss" or _loopback(target[1]))):
        return token, None
    return "", Message(NOT_THE_SERVICE, url=url[:80], name=name[:40], published=published[:160]) if claimed else None


def hub_token_for(url: str, environ: Mapping[str, str] | None = None) -> str:
    """The hub token to send to the table server at websocket address ``url`` (see
    :func:`hub_check`): ``""`` for any address but the hub's table service."""
    return hub_check(url, environ)[0]
