"""What the tests share: a table server in a process of its own, waits that name the state they
wait for, the browser's messages to a widget, and the websocket player of the server's tests.

A test module imports from here (``from helpers import ...``), never from another test module;
the fixtures over these (a server per test, one per module, a factory) are in ``conftest.py``.
No test sleeps hoping something happened: it waits for a state it names, with a deadline
that fails the test in a sentence saying what never came (:func:`wait_for`, :func:`wait_table`,
:meth:`Player.until`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import pathlib
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

TIMEOUT = 60.0
"""The longest a test waits for a state it names, in seconds: ample on a busy machine, and
nothing on a quick one (a wait ends as soon as the state comes)."""
CARD_CODE = re.compile(r"^(10|[2-9JQKA])[SHDC]$")
CARD_TEXT = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


# ---------------------------------------------------------------------- waiting
def wait_for(condition: Callable[[], T], what: str, timeout: float = TIMEOUT, every: float = 0.02) -> T:
    """The first true value of ``condition()``, asked every ``every`` seconds; after ``timeout``
    seconds the test fails saying it waited for ``what`` (the state, in words)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(every)


async def wait_for_async(condition: Callable[[], T], what: str, timeout: float = TIMEOUT, every: float = 0.02) -> T:
    """:func:`wait_for` in a coroutine: the event loop goes on meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        await asyncio.sleep(every)


class Changes:
    """Told of every change of a table's backend (``backend.attach``: a server's push, a bot's
    step): :meth:`until` waits for a state of the table that the test names, woken by each change
    rather than asking again and again."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.seen = threading.Condition()
        table.backend.attach(self._changed)

    def _changed(self) -> None:
        with self.seen:
            self.seen.notify_all()

    def until(self, what: str, test: Callable[[], Any], timeout: float = TIMEOUT) -> None:
        with self.seen:
            assert self.seen.wait_for(test, timeout), f"waited {timeout:g} s for {what}"

    def close(self) -> None:
        self.table.backend.detach(self._changed)


def wait_table(table: Any, what: str, test: Callable[[], Any], timeout: float = TIMEOUT) -> None:
    """Wait until ``test()`` holds for ``table`` (a :class:`~bhabho_widget.Table`), woken by
    each change of its backend; fails saying it waited for ``what``."""
    changes = Changes(table)
    try:
        changes.until(what, test, timeout)
    finally:
        changes.close()


# ---------------------------------------------------------------------- the browser's messages
def click(table: Any, kind: str, **fields: Any) -> None:
    """A message as the browser sends it to a widget (with the view's version where the
    protocol asks for one, and a plausible value for each field not given)."""
    from bhabho_widget.table.protocol import PROTOCOL

    if "version" in PROTOCOL["messages"][kind]["properties"]:
        fields.setdefault("version", table.view["version"])
    defaults = {"play": {"card": "2C"}, "new_game": {"players": 4, "seed": None, "variant": "classic", "bots": "rules"},
                "tracker": {"open": True, "chances": False}, "review_show": {"decision": 0},
                "show_me": {"line": "better", "source": "review", "decision": 0}, "show_step": {"index": 1},
                "goto": {"index": 1}, "answer": {"choice": "2C"}, "set_language": {"language": "en"},
                "set_deck": {"deck": "two-colour"}, "set_take_offers": {"offers": "always"},
                "practice_next": {"theme": None, "mode": "rated"}}
    table._on_frontend_msg(table, {"type": kind, **{**defaults.get(kind, {}), **fields}}, None)


def play_shared_game_to_the_end(tables: list[Any], rng: random.Random, timeout: float = TIMEOUT) -> None:
    """Each person at a shared table plays a legal card (or passes at a chance to take) when
    it is their turn, until the game is over. Between two rounds of clicks it waits for the
    server's next word to any seat (a view or a refusal: a move lost with a dropped connection
    is made again once the seat is back); it fails when the game has not moved on for
    ``timeout`` seconds."""
    from bhabho_widget.engine.errors import MessageError

    moved = threading.Condition()
    told = [0]

    def tell() -> None:
        with moved:
            told[0] += 1
            moved.notify_all()

    for t in tables:
        t.backend.attach(tell)
    try:
        versions, since = [t.view["version"] for t in tables], time.monotonic()
        while not all(t.view["is_over"] for t in tables):
            with moved:
                heard = told[0]
            for t in tables:
                v = t.view
                try:
                    if v["take_offer"]:
                        click(t, "advance")
                    elif v["waiting"] == "human" and v["legal"] and v["current_player"] == v["seat"]:
                        click(t, "play", card=rng.choice(v["legal"]))
                except MessageError:  # the view moved on meanwhile, or the last move is on its way
                    pass
            with moved:
                moved.wait_for(lambda heard=heard: told[0] != heard or all(t.view["is_over"] for t in tables),
                               max(0.0, since + timeout - time.monotonic()))
            now = [t.view["version"] for t in tables]
            if now != versions:
                versions, since = now, time.monotonic()
            assert time.monotonic() - since < timeout, \
                f"waited {timeout:g} s for the shared game to move on; the seats saw:\n" + "\n".join(
                    shared_seat_state(t) for t in tables)
    finally:
        for t in tables:
            t.backend.detach(tell)


def shared_seat_state(table: Any) -> str:
    """One line of what a seat at a shared table shows and was told (for a failure's message)."""
    v = table.view or {}
    state = table.backend.client.state or {}
    server_view = state.get("view") or {}
    return (f"seat {v.get('seat')}: version {v.get('version')} (server's {server_view.get('version')}), waiting "
            f"{v.get('waiting')!r}, take offer {v.get('take_offer')}, current player {v.get('current_player')}, "
            f"legal {v.get('legal')}, error {table.error!r}, the server's errors {table.backend.errors[-3:]}, "
            f"narration {str(v.get('narration'))[:200]!r}")


# ---------------------------------------------------------------------- kernels
def this_python_kernel() -> Any:
    """A kernel manager that starts this interpreter's ipykernel (and so this checkout), over Unix
    sockets of its own instead of TCP ports: a TCP port is chosen free, released and bound by
    the kernel a moment later, and in a busy test run another process can take it in between
    (the kernel then dies with "Address already in use" before it answers). nbval's kernels
    are made so too (the root ``conftest.py``)."""
    import ipykernel.kernelspec
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

    class ThisPython(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            return KernelSpec(resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict())

    return unix_socket_kernel_manager()(kernel_name="this-python", kernel_spec_manager=ThisPython())


@functools.cache
def unix_socket_kernel_manager() -> type:
    """jupyter_client's kernel manager, its kernels on Unix sockets (see :func:`this_python_kernel`)."""
    from jupyter_client.manager import KernelManager

    class UnixSocketKernelManager(KernelManager):  # type: ignore[misc]
        """A kernel manager whose kernel listens on Unix sockets under a name of its own in the
        temporary folder (``<name>-1`` … ``<name>-5``, removed when the kernel shuts down)."""

        def __init__(self, **kwargs: Any) -> None:
            import tempfile
            import uuid

            kwargs.setdefault("transport", "ipc")
            kwargs.setdefault("ip", os.path.join(tempfile.gettempdir(), f"bhabho-kernel-{uuid.uuid4().hex[:16]}"))
            super().__init__(**kwargs)

    return UnixSocketKernelManager


# ---------------------------------------------------------------------- a table server
def free_port() -> int:
    """A port free now on 127.0.0.1 (for a process that is not a table server: a server is
    started on port 0 and says which port it took)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m bhabho_widget.server`` in a process of its own on 127.0.0.1.

    It is started on a port it picks itself (``--port 0``) and is ready once it prints its
    address (it listens before it prints); a restart (:meth:`start` after :meth:`kill` or
    :meth:`stop`) takes the same port and database. Its log goes to a file beside the
    database (:meth:`log`), so that nothing it writes can fill a pipe and stall it. Options:
    ``grace``, ``ping`` and ``send_timeout`` as the server's; ``extra``, more of its options
    (by default the limit of new tables from one address is raised, as the tests open many
    tables from one address; a test of the default limits gives its own ``extra``);
    ``prefix``: as a JupyterHub service's; ``env``: more of its environment; ``command``: a prefix
    of its command line.
    """

    def __init__(self, db: str, grace: float = 60.0, ping: float = 20.0, send_timeout: float = 10.0,
                 prefix: str = "", extra: tuple[str, ...] = ("--tables-per-hour", "1000000"),
                 env: dict[str, str] | None = None, start: bool = True, command: tuple[str, ...] = ()) -> None:
        self.db = db
        self.command = command
        """A prefix of the command line (``setpriv ...``: the server without root's power over files)."""
        self.prefix = prefix.rstrip("/")
        self.port = 0
        self.key = ""
        """The teacher key for classes the server printed (empty on a hub)."""
        self.options = ["--bot-pace", "0", "--grace", str(grace), "--ping", str(ping), "--send-timeout",
                        str(send_timeout), *extra]
        self.env = env or {}
        self.log_path = pathlib.Path(db).with_suffix(".log")
        self.proc: subprocess.Popen[str] | None = None
        if start:
            self.start()

    @property
    def address(self) -> str:
        """``host:port``, as a kernel gives it to ``Table.host`` and ``Class.create``."""
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{self.prefix}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}/"

    def start(self) -> None:
        env = {**os.environ, **self.env}
        if self.prefix:
            env["JUPYTERHUB_SERVICE_PREFIX"] = self.prefix + "/"
        log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115 - the process writes it; closed below
        try:
            self.proc = subprocess.Popen([*self.command, sys.executable, "-m", "bhabho_widget.server", "--port",
                                          str(self.port), "--db", self.db, *self.options],
                                         stdout=subprocess.PIPE, stderr=log, text=True, env=env)
        finally:
            log.close()
        lines: list[str] = []

        def read() -> None:  # the address, then (stand-alone) the teacher key
            assert self.proc is not None and self.proc.stdout is not None
            lines.append(self.proc.stdout.readline())
            if "--hub-api-url" not in self.options and "JUPYTERHUB_API_URL" not in env:
                lines.append(self.proc.stdout.readline())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(TIMEOUT)
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/", lines[0]) if lines else None
        if found is None:
            self.stop()
            raise AssertionError(f"the table server did not say where it listens within {TIMEOUT:g} s: {lines!r}\n"
                                 + self.log()[-2000:])
        self.port = int(found.group(1))
        key = re.fullmatch(r"teacher key for classes \(printed once, kept only hashed\): (\S+)\n",
                           lines[1] if len(lines) > 1 else "")
        self.key = key.group(1) if key else ""

    def log(self) -> str:
        """Everything the server has logged so far."""
        return self.log_path.read_text(encoding="utf-8") if self.log_path.exists() else ""

    def kill(self) -> None:
        """Kill the server at once (no clean shutdown), as a crash would."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> str:
        """Stop the server (its clean shutdown); returns its log."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.log()


# ---------------------------------------------------------------------- a player over the websocket
class Seen:
    """What one seat has been shown so far: its own hands and the cards played face up.
    Every card a frame names must be among them."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.known: set[str] = set()
        self.hands: dict[int, set[str]] = {}

    def check(self, frame: dict[str, Any]) -> None:
        view = frame["view"]
        assert view["seat"] == self.seat
        assert view["hands"] is None, "every hand sent to a seat"
        assert frame["config"]["seed"] is None, "the seed tells the deal"
        hand = set(view["hand"])
        assert len(hand) == view["hand_sizes"][self.seat]
        assert set(view["legal"]) <= hand
        self.hands[view["version"]] = hand
        self.known |= hand | {c["card"] for c in view["table"]}
        if view["last_trick"]:
            self.known |= {c["card"] for c in view["last_trick"]["cards"]}
        named = set()
        for e in view["events"]:
            named |= set(e["cards"])
        texts = [view["narration"], *(e["text"] for e in view["events"]), *(line["text"] for line in view["log"])]
        if frame["score"]:
            texts.append(frame["score"]["text"])
        for text in texts:
            named |= {rank + SUITS[suit] for rank, suit in CARD_TEXT.findall(text)}
        assert all(CARD_CODE.match(c) for c in named)
        leaked = named - self.known
        assert not leaked, f"seat {self.seat} was told of {sorted(leaked)}, which it may not know"


class Player:
    """A test client on one websocket: keeps every frame, checks each against :class:`Seen`."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.state: dict[str, Any] | None = None
        self.seated: dict[str, Any] | None = None
        self.seen: Seen | None = None
        self.ws: Any = None

    async def open(self, hello: dict[str, Any]) -> Player:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, max_size=2**22)
        await self.ws.send(json.dumps(hello))
        frame = await self.next()
        assert frame["type"] == "seated", frame
        self.seated = frame
        self.seen = self.seen or Seen(frame["seat"])
        await self.until(lambda f: f["type"] == "state", what="the first state after the seat")
        return self

    @property
    def seat(self) -> int:
        return self.seated["seat"]  # type: ignore[index]

    @property
    def view(self) -> dict[str, Any]:
        return self.state["view"]  # type: ignore[index]

    async def next(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.seen.check(frame)  # type: ignore[union-attr]
            self.state = frame
        elif frame["type"] == "error":
            self.errors.append(frame["error"])
        return frame

    async def until(self, done: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT, *,
                    what: str = "the frame awaited") -> dict[str, Any]:
        """The first frame from now on for which ``done(frame)`` holds; fails after ``timeout``
        seconds saying it waited for ``what``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                frame = await self.next(max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                raise AssertionError(f"seat {self.seated and self.seat} waited {timeout:g} s for {what}") from None
            if done(frame):
                return frame

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def act(self, kind: str, **fields: Any) -> None:
        """An action with the view's version and the seat's next message number."""
        message = {"type": kind, **fields, "seq": self.state["seq"] + 1}  # type: ignore[index]
        if kind != "deal":
            message["version"] = self.view["version"]
        await self.send(message)

    async def close(self) -> None:
        await self.ws.close()


async def seat_four(url: str, variant: str = "classic", rounds: int | None = None, people: int = 4,
                    players: int = 4) -> list[Player]:
    host = await Player(url).open({"type": "create", "players": players, "variant": variant, "rounds": rounds,
                                   "bots": "rules", "name": "Asha", "language": "en", "hub_token": ""})
    code = host.seated["code"]  # type: ignore[index]
    others = [await Player(url).open({"type": "join", "code": code, "name": name, "language": "en", "hub_token": ""})
              for name in ["Ben", "Chitra", "Dev"][: people - 1]]
    return [host, *others]


def finished(p: Player) -> bool:
    if p.state is None or not p.view["is_over"]:
        return False
    score = p.state["score"]
    return score is None or score["over"]


async def play(p: Player, rng: random.Random, stop: Callable[[Player], bool] = finished) -> None:
    """Play this seat: a random legal card, sometimes a take; the host deals each round.
    A seat acts once per view, and only once the server has taken its last message."""
    acted, sent = -1, 0
    while not stop(p):
        view, state = p.view, p.state
        ready = p.frames[-1]["type"] == "error" or state["seq"] >= sent  # type: ignore[index]
        action: tuple[str, dict[str, Any]] | None = None
        if view["version"] != acted and ready:
            if p.seat == 0 and ("host to deal" in view["narration"]
                                or view["is_over"] and state["score"] and not state["score"]["over"]):  # type: ignore[index]
                action = ("deal", {})
            elif view["take_offer"]:
                action = ("take" if rng.random() < 0.2 else "pass", {})
            elif view["waiting"] == "human":
                take = view["can_take"] and rng.random() < 0.1
                action = ("take", {}) if take else ("play", {"card": rng.choice(view["legal"])})
        if action is not None:
            acted, sent = view["version"], state["seq"] + 1  # type: ignore[index]
            await p.act(action[0], **action[1])
        await p.next()


async def play_all(players: list[Player], seed: int = 0, stop: Callable[[Player], bool] = finished) -> None:
    await asyncio.gather(*(play(p, random.Random(f"{seed}:{p.seat}"), stop) for p in players))


def same_table(players: list[Player]) -> None:
    """At every version two seats were both shown, their hands do not share a card."""
    for a in players:
        for b in players:
            if a.seat < b.seat:
                for version in a.seen.hands.keys() & b.seen.hands.keys():  # type: ignore[union-attr]
                    assert not a.seen.hands[version] & b.seen.hands[version]  # type: ignore[union-attr]


async def settle(players: list[Player], timeout: float = TIMEOUT) -> None:
    """Read every seat's frames until the table waits for a person: each seat shows the same
    version of the table, and in it a person is to play or has their chance to take (nothing
    more comes until someone acts). Fails after ``timeout`` seconds naming what each seat shows."""
    deadline = time.monotonic() + timeout
    while True:
        for p in players:
            await drain(p, 0.05)  # what has come so far
        views = [p.view for p in players]
        if len({v["version"] for v in views}) == 1 and any(v["waiting"] == "human" or v["take_offer"] for v in views):
            return
        if time.monotonic() > deadline:
            shown = [(v["version"], v["waiting"], v["take_offer"]) for v in views]
            raise AssertionError(f"the table did not stop for a person within {timeout:g} s: {shown}")


async def drain(p: Player, quiet: float = 0.5) -> None:
    """Read frames until none comes for ``quiet`` seconds (the server has nothing more to say)."""
    while True:
        try:
            await p.next(quiet)
        except TimeoutError:
            return


def run(coro: Any, timeout: float = 240.0) -> Any:
    """Run ``coro`` to its end (at most ``timeout`` seconds) on an event loop of its own thread:
    the browser tests' Playwright keeps a loop running in the main thread for the session."""
    result: dict[str, Any] = {}

    def work() -> None:
        try:
            result["value"] = asyncio.run(asyncio.wait_for(coro, timeout))
        except BaseException as exc:  # handed to the test's thread below
            result["error"] = exc

    worker = threading.Thread(target=work, name="test-server-client")
    worker.start()
    worker.join()
    if "error" in result:
        raise result["error"]
    return result["value"]
