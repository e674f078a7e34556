"""One table, one truth: the local table and the shared table are one controller
(:class:`bhabho_widget.table.controller.TableController`), so a rule of the table holds at
both. Each scenario here runs twice, the same steps: against a local ``TableSession`` and
over the wire against a table server on 127.0.0.1 (four people, no bot).

Rule 7: a player has one chance to take at each trick boundary. A second take at the same
boundary is refused with a short sentence and changes nothing, and after a take the view
offers no take.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bhabho_widget import TableSession
from bhabho_widget.engine.errors import IllegalMoveError
from bhabho_widget.table.protocol import check_view

ONE_TAKE = "one chance to take at each trick boundary"


# ---------------------------------------------------------------------- the local table
def local_take_twice(seed: int) -> dict[str, Any]:
    """Play the person's seat at random until it may take; take; try again."""
    rng = random.Random(seed)
    s = TableSession(players=4, seed=seed, bots="rules")
    s.run_bots()
    while True:
        view = s.browser_view()
        assert not view["is_over"], "the game ended before the person could take"
        if view["can_take"]:
            break
        if view["take_offer"]:
            s.pass_take()
        else:
            s.play(rng.choice(view["legal"]))
        if s.waiting == "bot" and not s.take_offer:
            s.run_bots()
    before = s.game.hand_sizes()
    s.take()
    after = s.browser_view()
    state = (s.game.state_key(), s.version)
    with pytest.raises(IllegalMoveError) as refused:
        s.take()
    return {"before": before, "after": after, "sizes": s.game.hand_sizes(), "error": str(refused.value),
            "unchanged": (s.game.state_key(), s.version) == state, "view": s.browser_view()}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_local_table_refuses_a_second_take_at_one_boundary(seed):
    got = local_take_twice(seed)
    check_view(got["after"])
    assert got["after"]["can_take"] is False and got["after"]["take_target"] is None
    assert got["after"]["take_offer"] is False
    assert ONE_TAKE in got["error"] and len(got["error"]) < 200
    assert got["unchanged"] and got["view"] == got["after"]


# ---------------------------------------------------------------------- the shared table, over the wire
pytest.importorskip("starlette")
import helpers  # noqa: E402  # the server tests' harness: a server process, websocket players


def wire_take_twice(url: str, seed: int) -> dict[str, Any]:
    async def main() -> dict[str, Any]:
        rng = random.Random(seed)
        players = await helpers.seat_four(url)  # four people: every move is a person's
        host = players[0]
        await host.act("deal")
        await helpers.settle(players)
        for _ in range(400):
            mover = next((p for p in players if p.view["waiting"] == "human" or p.view["take_offer"]), None)
            assert mover is not None, [p.view["narration"] for p in players]
            view = mover.view
            assert not view["is_over"], "the game ended before anyone could take"
            if view["can_take"]:
                break
            version = view["version"]
            if view["take_offer"]:
                await mover.act("pass")
            else:
                await mover.act("play", card=rng.choice(view["legal"]))
            await mover.until(lambda f, v=version: f["type"] == "state" and f["view"]["version"] > v)
            await helpers.settle(players)
        else:
            raise AssertionError("nobody could take in 400 steps")
        before = list(mover.view["hand_sizes"])
        version = mover.view["version"]
        await mover.act("take")
        after = (await mover.until(lambda f: f["type"] == "state" and f["view"]["version"] > version))["view"]
        await helpers.drain(mover, 0.3)
        after = mover.view
        await mover.act("take")  # the same boundary, the view's own version: only the rule refuses it
        error = (await mover.until(lambda f: f["type"] == "error"))["error"]
        await helpers.drain(mover, 0.5)
        final = mover.view
        for p in players:
            await p.close()
        return {"before": before, "after": after, "error": error, "final": final}

    return helpers.run(main())


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    s = helpers.Server(str(tmp_path_factory.mktemp("one-table") / "tables.sqlite3"))
    yield s
    s.stop()


@pytest.mark.parametrize("seed", [1, 2])
def test_shared_table_refuses_a_second_take_at_one_boundary_over_the_wire(table_server, seed):
    got = wire_take_twice(table_server.url, seed)
    check_view(got["after"])
    assert got["after"]["can_take"] is False and got["after"]["take_target"] is None
    assert got["after"]["take_offer"] is False
    assert sum(got["after"]["hand_sizes"]) == sum(got["before"]) and got["after"]["hand_sizes"] != got["before"]
    assert ONE_TAKE in got["error"] and len(got["error"]) < 200
    assert got["final"]["version"] == got["after"]["version"]  # refused: nothing changed, nobody was sent a new view
    assert got["final"]["hand_sizes"] == got["after"]["hand_sizes"]


def test_the_local_and_the_shared_table_are_the_same_controller():
    from bhabho_widget.server.tables import ServerTable
    from bhabho_widget.table.controller import TableController

    assert isinstance(TableSession(seed=1).table, TableController)
    assert isinstance(ServerTable.create(seed=1).table, TableController)
