"""The JupyterHub identity of a player, when the table server runs as a hub service.

A hub starts a managed service with ``JUPYTERHUB_API_URL`` (and its own token) in the
environment. A student's kernel, in the student's single-user server, holds that server's
hub token (``JUPYTERHUB_API_TOKEN``); the client sends it with ``create`` and ``join``
only to the hub's own services (:func:`bhabho_widget.table.remote.hub_token_for`). The
server asks the hub whose token it is (``GET {api_url}/user``, the hub's REST API) and
seats the player under the hub's user name, whatever name the client gave: on a hub,
nobody can sit down as someone else. The answers are kept for a minute, by the token's
SHA-256 only.

The same answer tells the user's groups and whether they are a hub admin (every token may
read its own user's name, groups and admin flag): a teacher of a class
(:mod:`.classes`) is a member of the server's teachers group or an admin
(:meth:`HubIdentity.teacher_for`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.errors import MessageError
from ..i18n import N_, Message

__all__ = ["HubIdentity", "HubUser", "NOT_A_TEACHER", "NOT_SIGNED_IN"]

NOT_SIGNED_IN = N_("this table server takes the players of its JupyterHub only: join from a notebook on the hub")
"""The refusal of a missing or unknown hub token (it says nothing about the token)."""
CACHE_SECONDS = 60.0
FAILED_SECONDS = 10.0
"""How long a token the hub refused is refused without asking again."""
DOWN_SECONDS = 3.0
"""How long a hub that did not answer is not asked again."""
TIMEOUT = 5.0
HUB_DOWN = N_("the hub did not answer who you are; try again in a moment")
NOT_A_TEACHER = N_("only a teacher opens a class here: a member of the hub group {group} or a hub admin")


@dataclass(frozen=True)
class HubUser:
    """A hub user as the hub told it: the name, the groups and whether an admin."""

    name: str
    groups: frozenset[str] = frozenset()
    admin: bool = False


class HubIdentity:
    """Whose hub token is it? (see the module's docstring)."""

    def __init__(self, api_url: str) -> None:
        if not api_url.startswith(("http://", "https://")):
            raise ValueError(f"the hub's API address must start with http:// or https://, not {api_url[:60]!r}")
        self.api_url = api_url.rstrip("/")
        self._known: dict[str, tuple[float, HubUser | None, bool]] = {}  # key -> (when, user or None, the hub was down)
        self._asking: dict[str, asyncio.Future[HubUser | None]] = {}
        self.asked = 0
        """Questions put to the hub so far."""

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> HubIdentity | None:
        """The hub this process was started by as a service, or None outside a hub."""
        env = os.environ if environ is None else environ
        url = env.get("JUPYTERHUB_API_URL", "")
        return cls(url) if url else None

    def _ask(self, token: str) -> HubUser | None:
        request = urllib.request.Request(self.api_url + "/user", headers={"Authorization": f"token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (the hub's own address)
                model = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            if err.code in (401, 403, 404):
                return None
            raise MessageError(Message(HUB_DOWN)) from None
        except (urllib.error.URLError, OSError, ValueError):
            raise MessageError(Message(HUB_DOWN)) from None
        if not isinstance(model, dict) or model.get("kind", "user") != "user" or not isinstance(model.get("name"), str):
            return None  # a service's token, or an answer that is not a user
        groups = model.get("groups")
        return HubUser(model["name"], frozenset(g for g in groups if isinstance(g, str)) if isinstance(groups, list)
                       else frozenset(), model.get("admin") is True)

    async def user_for(self, token: str) -> str:
        """The hub user name of ``token``; :data:`NOT_SIGNED_IN` as a MessageError if none."""
        return (await self.person_for(token)).name

    async def teacher_for(self, token: str, group: str) -> str:
        """The hub user name of ``token`` when that user is a member of ``group`` or a hub
        admin; :data:`NOT_A_TEACHER` (or :data:`NOT_SIGNED_IN`) as a MessageError otherwise."""
        person = await self.person_for(token)
        if not (person.admin or group in person.groups):
            raise MessageError(Message(NOT_A_TEACHER, group=group[:40]))
        return person.name

    async def person_for(self, token: str) -> HubUser:
        """The hub user of ``token``; :data:`NOT_SIGNED_IN` as a MessageError if none."""
        if not token:
            raise MessageError(Message(NOT_SIGNED_IN))
        key = hashlib.sha256(token.encode("utf-8")).hexdigest()
        now = time.monotonic()
        known = self._known.get(key)
        if known is not None:
            when, user, down = known
            if now - when < (DOWN_SECONDS if down else CACHE_SECONDS if user is not None else FAILED_SECONDS):
                if down:
                    raise MessageError(Message(HUB_DOWN))
                if user is None:
                    raise MessageError(Message(NOT_SIGNED_IN))
                return user
        asking = self._asking.get(key)
        if asking is None:
            asking = self._asking[key] = asyncio.get_running_loop().create_future()
            user = None
            try:
                self.asked += 1
                user = await asyncio.to_thread(self._ask, token)
                self._remember(key, user, down=False)
            except MessageError:
                self._remember(key, None, down=True)
                raise
            finally:  # the joins waiting on this question get its answer, whatever happened
                asking.set_result(user)
                del self._asking[key]
        else:
            user = await asyncio.shield(asking)
            if user is None and (key not in self._known or self._known[key][2]):  # no answer came
                raise MessageError(Message(HUB_DOWN))
        if user is None:
            raise MessageError(Message(NOT_SIGNED_IN))
        return user

    def _remember(self, key: str, user: HubUser | None, down: bool) -> None:
        if len(self._known) > 4096:
            self._known.clear()
        self._known[key] = (time.monotonic(), user, down)
