"""One felt over every way of playing: the :class:`Table` widget over each backend.

A local game, a seat at a server's table, a stored game and a lesson are each one
:class:`~bhabho_widget.table.backend.Backend` under the same widget class: it says what it
takes (the ``capabilities`` trait) and answers anything else with a sentence about the table,
never the protocol's "unknown message type". At a shared table the seat gets the tracker of
what it knows and, after the game, the review with Show me, from its own record only.
"""

from __future__ import annotations

import http.server
import random
import sys
import threading
from typing import Any

import pytest

pytest.importorskip("websockets")
pytest.importorskip("starlette")

from helpers import Changes, Server, click, play_shared_game_to_the_end, wait_table  # noqa: E402

from bhabho_widget import Game, Lesson, Table  # noqa: E402
from bhabho_widget.engine.errors import MessageError  # noqa: E402
from bhabho_widget.table.backend import MESSAGES, StoredGame  # noqa: E402
from bhabho_widget.table.connection import Connection, backoff  # noqa: E402
from bhabho_widget.table.protocol import MESSAGE_TYPES, check_trait, check_view  # noqa: E402
from bhabho_widget.table.remote import ServerSeat  # noqa: E402
from bhabho_widget.table.seat_record import seat_record, stand_in  # noqa: E402

SMALL = {"rollouts": 16, "samples": 4}


@pytest.fixture
def server(table_server: Server) -> str:
    """The session's table server (see ``conftest.py``): its address."""
    return table_server.address


# ---------------------------------------------------------------------- one class, every backend
def test_the_felt_is_one_widget_class_over_every_backend() -> None:
    local = Table(seed=3, coach_ahead=False)
    lesson = Lesson(Game.deal(4, seed=2), ["AS"])
    finished = Game.deal(3, seed=4)
    finished.playout(random.Random(1))
    stored = Table(backend=StoredGame(finished, 1, ["Asha", "Ben", "Chitra"], title="Ben's game", person="Ben"))
    for t in (local, lesson, stored):
        assert isinstance(t, Table)
        check_view(t.view)
        check_trait("capabilities", t.capabilities)
        assert set(t.capabilities) <= MESSAGES <= set(MESSAGE_TYPES)
    assert {"undo", "hint", "new_game", "play"} <= set(local.capabilities)
    assert set(lesson.capabilities) == {"goto", "answer", "tracker", "set_language", "set_deck"}
    assert not {"play", "take", "undo", "hint", "new_game", "goto"} & set(stored.capabilities)
    assert {"review_start", "show_me", "tracker"} <= set(stored.capabilities)


def test_no_table_answers_unknown_message_type_for_a_message_of_the_felt() -> None:
    """Every message type of the felt, sent to a table that does not take it, gets a sentence
    about that table, and changes nothing."""
    finished = Game.deal(3, seed=4)
    finished.playout(random.Random(1))
    tables = {"local": Table(seed=3, coach_ahead=False), "lesson": Lesson(Game.deal(4, seed=2), ["AS"]),
              "stored": Table(backend=StoredGame(finished, 0, ["A", "B", "C"]))}
    for name, t in tables.items():
        for kind in sorted(MESSAGES - set(t.capabilities)):
            before = dict(t.view)
            click(t, kind)
            assert t.error, (name, kind)
            assert "unknown message type" not in t.error, (name, kind, t.error)
            assert t.error == str(t.backend.refusal(kind)), (name, kind, t.error)
            assert t.view == before, (name, kind)
    assert tables["lesson"].error  # the last refusal stays shown until the next message
    click(tables["stored"], "hint")
    assert tables["stored"].error == "This game is over: it is shown for its review only"
    click(tables["lesson"], "hint")
    assert tables["lesson"].error == "A lesson gives no hints: its questions say what to look for"


def test_the_felt_is_the_only_widget_class_of_a_card_table() -> None:
    """The widget classes of the package: the one felt, and the panels that are not a card
    table (the editor's, a class's views); no other class has the felt's traits."""
    import anywidget

    import bhabho_widget.table.classroom
    import bhabho_widget.table.editor_widget  # noqa: F401

    def subclasses(cls: type) -> set[type]:
        return {c for s in cls.__subclasses__() for c in {s, *subclasses(s)}}


    named = {c for c in subclasses(anywidget.AnyWidget)  # the classes a module names (not anywidget's own per widget)
             if c.__module__.startswith("bhabho_widget") and getattr(sys.modules[c.__module__], c.__name__, None) is c}
    felts = {c for c in named if "view" in c.class_trait_names()}
    assert felts == {Table}


def test_a_refusal_is_in_the_table_s_language() -> None:
    lesson = Lesson(Game.deal(4, seed=2), ["AS"], language="de")
    click(lesson, "undo")
    assert lesson.error.startswith("In einer Lektion")


def test_a_stored_game_is_read_only_and_reviewed_once_at_once() -> None:
    finished = Game.deal(3, seed=4)
    finished.playout(random.Random(1))
    record = seat_record(finished, 1)
    stored = Table(backend=StoredGame(stand_in(record), 1, ["Asha", "Ben", "Chitra"], title="Ben's game, round 1",
                                      person="Ben", **SMALL))
    run = stored.review_run
    assert run is not None  # started at once: it is what the teacher came for
    assert stored.start_review() is run  # Review pressed: the same review
    assert stored.wait_review(120) and stored.review["status"] == "done"
    assert stored.view["narration"] == "Ben's game, round 1" and stored.view["hands"] is None
    with pytest.raises(MessageError, match="shown for its review only"):
        stored.play("2C")
    stored.show_tracker()
    assert stored.tracker is not None and stored.tracker["seat"] == 1


# ---------------------------------------------------------------------- a seat at a shared table
def test_a_shared_table_takes_the_tracker_and_refuses_what_it_does_not_offer_in_a_sentence(server: str) -> None:
    host = Table.host(server, players=3, name="Asha", language="en")
    guest = Table.join(server, host.code, name="Ben", language="en")
    try:
        assert isinstance(host.backend, ServerSeat) and isinstance(host, Table) and isinstance(guest, Table)
        assert "tracker" in guest.capabilities and "hint" not in guest.capabilities
        assert "new_game" in host.capabilities and "new_game" not in guest.capabilities
        for kind, words in (("hint", "Hints are off at a shared table"), ("undo", "Undo is off at a shared table"),
                            ("new_game", "Only the host deals at a shared table"),
                            ("goto", "A shared table is a game, not a lesson: it has no steps or questions")):
            click(guest, kind)
            assert guest.error == words, (kind, guest.error)
        click(guest, "show_me", source="hint")
        assert guest.error == "Hints are off at a shared table"
        with pytest.raises(MessageError, match="Hints are off at a shared table"):
            guest.suggest()
        host.deal()
        Changes(guest).until("the deal", lambda: guest.view["hand"] and guest.view["version"] > 0)
        click(guest, "tracker", open=True, chances=False)
        assert guest.error == ""
        tracker = guest.tracker
        check_trait("tracker", tracker)
        mine = {card for card, cell in tracker["cells"].items() if cell["status"] == "hand"}
        assert tracker["seat"] == guest.seat and mine == set(guest.view["hand"])  # the seat's own cards
        assert {cell["seat"] for cell in tracker["cells"].values() if cell["status"] != "unseen"} <= {guest.seat, None} \
            or any(cell["status"] == "table" for cell in tracker["cells"].values()), "another hand is not shown"
        guest.show_tracker(chances=True)
        assert guest.tracker["chances"] is not None
        guest.show_tracker(False)
        assert guest.tracker is None
    finally:
        host.close()
        guest.close()


def test_after_a_shared_game_the_seat_reviews_it_with_show_me_from_what_it_knew(server: str) -> None:
    host = Table.host(server, players=3, name="Asha", language="en")
    guest = Table.join(server, host.code, name="Ben", language="en")
    try:
        host.deal()
        play_shared_game_to_the_end([host, guest], random.Random(7))
        Changes(guest).until("the review offered", lambda: guest.review is not None)
        assert guest.review["status"] == "ready"
        run = guest.start_review(**SMALL)
        assert guest.wait_review(120), (run.status, run.failure)
        assert guest.start_review() is run  # a game is reviewed once
        data = guest.review
        check_trait("review", data)
        assert data["decisions"] and data["seat"] == guest.seat
        guest.show_decision(0)
        assert guest.view["mode"] == "review" and guest.view["hands"] is None
        click(guest, "show_me", source="review", line="better", decision=0)
        assert guest.error == "" and guest.view["mode"] == "imagine"
        check_view(guest.view)
        click(guest, "show_step", index=1)
        assert guest.error == "" and guest.view["imagine"]["step"] == 1
        click(guest, "play", card=guest.view["hand"][0] if guest.view["hand"] else "2C")
        assert guest.error.startswith("Show me is playing out an imagined game")
        click(guest, "show_close")
        assert guest.view["mode"] == "review"
        guest.show_tracker()
        assert guest.tracker is not None  # what the seat knew at that decision
    finally:
        host.close()
        guest.close()


def test_a_second_click_while_the_first_move_is_on_its_way_is_not_sent(server: str) -> None:
    """A double click at a shared table: the second move is refused in a sentence and never
    sent (the server would refuse it as a replay, and a burst would close the connection);
    once the server has answered the first, the next move goes."""
    host = Table.host(server, players=3, name="Asha", language="en")
    guest = Table.join(server, host.code, name="Ben", language="en")
    try:
        host.deal()
        def my_turn(t: Table) -> bool:
            v = t.view
            return bool(v["take_offer"] or (v["waiting"] == "human" and v["legal"] and v["current_player"] == v["seat"]))
        wait_table(host, "a person's turn", lambda: my_turn(host) or my_turn(guest))
        table = host if my_turn(host) else guest
        client = table.backend.client
        held: list[dict[str, Any]] = []
        send = client.send
        client.send = held.append  # the first move is on its way: the server has not answered yet
        version = table.view["version"]
        kind, fields = (("advance", {}) if table.view["take_offer"] else ("play", {"card": table.view["legal"][0]}))
        click(table, kind, **fields)
        assert table.error == "" and len(held) == 1
        click(table, kind, **fields)
        assert table.error == "your last move is on its way to the table server: wait for its answer"
        assert len(held) == 1 and table.view["version"] == version  # not sent, nothing changed
        client.send = send
        send(held[0])
        wait_table(table, "the server's answer to the move", lambda: table.view["version"] != version)
        assert not any("message number" in e for e in table.backend.errors)
        play_shared_game_to_the_end([host, guest], random.Random(3))  # every next move goes
        assert not any("message number" in e or "too many" in e for t in (host, guest) for e in t.backend.errors)
    finally:
        host.close()
        guest.close()


def test_a_join_run_again_shows_the_same_seat_on_the_same_backend(server: str) -> None:
    host = Table.host(server, players=3, name="Asha", language="en")
    try:
        first = Table.join(server, host.code, name="Dev", language="en")
        again = Table.join(server, host.code, name="Dev", language="en")
        assert again.backend is first.backend and again.seat == first.seat
        again.close()
        assert first.client.connection.connected.is_set()  # the other widget still holds the seat
        first.close()
    finally:
        host.close()


# ---------------------------------------------------------------------- the one connection
def test_the_backoff_doubles_up_to_its_longest_with_jitter() -> None:
    waits = backoff(0.1, 2.0, random.Random(3))
    steps = [next(waits) for _ in range(12)]
    ceilings = [0.1, 0.2, 0.4, 0.8, 1.6] + [2.0] * 7
    assert all(c / 2 <= w <= c for w, c in zip(steps, ceilings))
    assert len({round(w, 6) for w in steps[5:]}) > 1  # jittered, not one fixed wait


def test_an_address_that_is_not_a_table_server_is_said_once_not_retried_for_ever() -> None:
    """A plain web server that answers 404 to the websocket's handshake: a fatal refusal."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    errors: list[str] = []
    conn = Connection(f"127.0.0.1:{httpd.server_address[1]}", pushes={"state"}, ordered=False, on_error=errors.append)
    try:
        with pytest.raises(MessageError, match="refused the connection"):
            conn.open({"type": "join"}, welcome={"seated"}, timeout=10)
        assert conn.closed_for_good and errors == [conn.closed_for_good]
    finally:
        conn.close()
        httpd.shutdown()


def test_the_table_and_class_clients_are_adapters_over_the_one_connection() -> None:
    import pathlib

    import bhabho_widget
    from bhabho_widget.table import classroom, remote

    assert type(remote.TableClient("127.0.0.1:1").connection) is Connection
    assert type(classroom.ClassClient("127.0.0.1:1").connection) is Connection
    package = pathlib.Path(bhabho_widget.__file__).parent
    clients = sorted(p.name for p in package.rglob("*.py") if "websockets.sync" in p.read_text(encoding="utf-8"))
    assert clients == ["connection.py"]  # one websocket client in the package


class Reporter:
    """A class's reporter, as :class:`~bhabho_widget.table.classroom.ClassReporter` is, that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, dict[str, Any]]] = []
        self.done = threading.Event()

    def wanted(self) -> bool:
        return True

    def __call__(self, run: Any, record: dict[str, Any]) -> None:
        self.sent.append((run, record))
        self.done.set()


def test_a_class_seat_s_game_is_reviewed_once_whether_reported_or_opened(server: str, monkeypatch) -> None:
    """At a class's table each game over is reviewed at once (its counts go to the class); the
    student's Review button opens that very review, worked out once, never a second one."""
    from bhabho_widget.table import reviewing
    from bhabho_widget.table.remote import TableClient

    reviews: list[int] = []
    real = reviewing.review
    monkeypatch.setattr(reviewing, "review", lambda *a, **k: reviews.append(1) or real(*a, **k))
    host = Table.host(server, players=3, name="Asha", language="en")
    client = TableClient(server)
    client.join(host.code, name="Ben", language="en")
    reporter = Reporter()
    student = Table(backend=ServerSeat(client, reporter=reporter, budget=(16, 4)))  # type: ignore[arg-type]
    try:
        host.deal()
        play_shared_game_to_the_end([host, student], random.Random(11))
        assert reporter.done.wait(120), "the class was sent the game's review"
        run = student.review_run
        assert run is not None and run.status == "done" and run.budget == (16, 4)
        assert student.start_review() is run and student.review["status"] == "done"
        assert len(reporter.sent) == 1 and reporter.sent[0][0] is run and reviews == [1]
        assert reporter.sent[0][1]["seat"] == student.seat  # the seat's own record
    finally:
        host.close()
        student.close()


def test_value_is_the_seat_s_live_view_kept_in_the_kernel() -> None:
    """``Table.value`` follows the game as the person's seat sees it (for marimo and Solara),
    is never sent to the browser, cannot be set, and holds no other seat's cards when the
    teacher's switch shows every hand."""
    import traitlets

    t = Table(seed=3, coach_ahead=False)
    assert t.value == t.view and "value" not in t.keys
    changes = []
    t.observe(lambda change: changes.append(change["new"]["version"]), names=["value"])
    t.play("AS")
    assert changes and t.value["version"] == t.view["version"] and len(t.value["hand"]) < 13
    with pytest.raises(traitlets.TraitError, match="read-only"):
        t.value = {}
    t.reveal_all = True
    assert t.view["hands"] and not t.value["hands"]  # every hand on the felt; in value, the seat's own only
    assert t.value["hand"] == t.view["hand"]
    t.close()
