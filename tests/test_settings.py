"""A table's settings: one check, the same bounds and the same sentences wherever a table is made."""

from __future__ import annotations

import json

import pytest

from bhabho_widget import Table, TableSession
from bhabho_widget.engine.errors import MessageError
from bhabho_widget.table import settings
from bhabho_widget.table.protocol import PROTOCOL, SERVER_PROTOCOL, check_frame

CREATE = {"type": "create", "players": 4, "variant": "classic", "rounds": None, "bots": "rules", "name": "Asha",
          "language": "en", "hub_token": ""}


def _bounds(schema: dict, defs: dict = PROTOCOL["$defs"]) -> tuple[int, int]:
    while "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    schema = next((s for s in schema.get("anyOf", [schema]) if s.get("type") in ("integer", "number")), schema)
    return schema["minimum"], schema["maximum"]


def test_the_schemas_hold_the_same_bounds():
    widget, server = PROTOCOL["$defs"], SERVER_PROTOCOL["$defs"]
    players = (settings.PLAYERS_MIN, settings.PLAYERS_MAX)
    assert _bounds(widget["Players"]) == _bounds(server["Players"]) == players
    assert _bounds(server["Rounds"]) == (1, settings.ROUNDS_MAX)
    assert _bounds(widget["Pace"]) == (0, settings.PACE_MAX) == _bounds(PROTOCOL["traits"]["pace"])


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(players=9), ValueError, "players must be from 3 to 8, not 9"),
    (dict(players="4"), TypeError, "players must be an integer from 3 to 8, not '4'"),
    (dict(rounds=101), ValueError, "rounds must be from 1 to 100, not 101"),
    (dict(rounds=0), ValueError, "rounds must be from 1 to 100, not 0"),
    (dict(rounds=2.5), TypeError, "rounds must be an integer from 1 to 100 or None, not 2.5"),
    (dict(players=5, rules="teams"), ValueError, "the teams variant needs an even number of players, at least 4, not 5"),
    (dict(bots="genius"), ValueError, "bots must be one of 'random', 'rules', 'search', a Bot or a dict"),
])
def test_a_local_table_and_its_session_refuse_alike(kwargs, error, words):
    for make in (Table, TableSession):
        with pytest.raises(error) as caught:
            make(**kwargs)
        assert str(caught.value).startswith(words), (make, str(caught.value))


def test_a_local_table_takes_the_bounds():
    assert TableSession(rounds=100).rounds == 100 and TableSession(max_bhabhi=100, players=8).max_bhabhi == 100
    with pytest.raises(ValueError, match="max_bhabhi must be from 1 to 100, not 101"):
        TableSession(max_bhabhi=101)
    with pytest.raises(ValueError, match="pace must be from 0 to 5 seconds, not 6"):
        Table(pace=6)


@pytest.mark.parametrize("given, error, words", [
    (dict(players=9), ValueError, "players must be from 3 to 8, not 9"),
    (dict(rounds=101), ValueError, "rounds must be from 1 to 100, not 101"),
    (dict(variant="teams", players=5), ValueError, "the teams variant needs an even number of players, at least 4, not 5"),
    (dict(bots="search"), ValueError, "bots at a shared table must be one of 'random', 'rules', not 'search'"),
    (dict(variant="chess"), ValueError, "unknown variant 'chess': the variants are classic, pick-up form"),
])
def test_a_shared_table_and_a_class_s_tables_refuse_alike(given, error, words):
    pytest.importorskip("starlette")
    from bhabho_widget.server.tables import ServerTable

    values = {"players": 4, "variant": "classic", "rounds": None, "bots": "rules", **given}
    with pytest.raises(error) as checked:
        settings.shared_settings(**values)
    assert str(checked.value).startswith(words)
    with pytest.raises(error) as made:
        ServerTable.create(players=values["players"], rules=values["variant"], rounds=values["rounds"], bots=values["bots"])
    assert str(made.value) == str(checked.value)
    with pytest.raises(error) as hosted:  # refused before any connection is tried
        Table.host("127.0.0.1:9", players=values["players"], rules=values["variant"], rounds=values["rounds"],
                   bots=values["bots"])
    assert str(hosted.value) == str(checked.value)


def test_the_server_s_frames_name_the_same_bounds():
    with pytest.raises(MessageError, match="from 1 to 100"):
        check_frame(json.dumps({**CREATE, "rounds": 101}))
    with pytest.raises(MessageError, match="from 3 to 8"):
        check_frame(json.dumps({**CREATE, "players": 9}))


def test_a_variant_is_named_as_the_presets_name_it():
    assert settings.check_variant("Get Away") == "get away" and settings.check_variant("PICK_UP_FORM") == "pick-up form"
    assert settings.shared_settings(6, "teams", 3, "random") == {"players": 6, "variant": "teams", "rounds": 3,
                                                                "bots": "random"}
