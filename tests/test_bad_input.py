"""Every public entry point refuses bad values with a clear ValueError (TypeError for a wrong
type) that says what is allowed, and changes nothing."""

from __future__ import annotations

import json

import pytest

from bhabho_widget import (
    Card,
    Driver,
    Exercise,
    Game,
    IllegalMoveError,
    InvalidCardError,
    Match,
    RandomBot,
    RecordError,
    RuleBot,
    Rules,
    TableSession,
)
from bhabho_widget.table.widget import Lesson, Table


@pytest.mark.parametrize("make, error, words", [
    (lambda: Card(14, 5), TypeError, "suit must be one of"),
    (lambda: Card("A", "S"), TypeError, "rank must be an integer"),
    (lambda: Card(15, "S"), InvalidCardError, "2 to 14"),
    (lambda: Card(10, "X"), InvalidCardError, "suit must be one of"),
    (lambda: Card(10, "SS"), InvalidCardError, "suit must be one of"),
    (lambda: Card.parse("1Z"), InvalidCardError, "not a card"),
    (lambda: Card.parse("x" * 100_000), InvalidCardError, "not a card"),
    (lambda: Card.parse(None), TypeError, "written like"),
    (lambda: Card.from_index(52), InvalidCardError, "0..51"),
    (lambda: Card.from_index(True), TypeError, "integer"),
])
def test_cards(make, error, words):
    with pytest.raises(error, match=words) as err:
        make()
    assert len(str(err.value)) < 200


def test_a_bad_card_string_is_not_an_illegal_move():
    assert issubclass(InvalidCardError, ValueError) and not issubclass(InvalidCardError, IllegalMoveError)


@pytest.mark.parametrize("make, error, words", [
    (lambda: Game.deal(2), ValueError, "3 to 8 players"),
    (lambda: Game.deal(9), ValueError, "3 to 8 players"),
    (lambda: Game.deal("4"), TypeError, "integer"),
    (lambda: Game.deal(True), TypeError, "integer"),
    (lambda: Game.deal(4, seed="x"), TypeError, "seed"),
    (lambda: Game.deal(4, seed=1.5), TypeError, "seed"),
    (lambda: Game.deal(4, seed=-1), ValueError, "seed must be from 0 to 9223372036854775807, not -1"),
    (lambda: Game.deal(4, seed=2**63), ValueError, "seed must be from 0 to"),
    (lambda: Game.deal(4, dealer=4), ValueError, "dealer"),
    (lambda: Game.deal(4, rules="chess"), ValueError, "unknown rules 'chess'"),
    (lambda: Game.deal(4, rules=3), TypeError, "Rules object or a preset name"),
    (lambda: Game.deal(3, rules="teams"), ValueError, "even number"),
    (lambda: Game.deal(4, names=["a", "b"]), ValueError, "4 non-empty strings"),
    (lambda: Game.deal(4, names="abcd"), TypeError, "list of 4 names"),
    (lambda: Game.deal(4, names=["", "b", "c", "d"]), ValueError, "non-empty"),
    (lambda: Game.from_hands("AS KS"), TypeError, "list"),
    (lambda: Game.from_hands([["AS"]]), ValueError, "2 to 8 players"),
    (lambda: Game.from_hands([["AS"], []]), ValueError, "at least 2 players holding cards"),
    (lambda: Game.from_hands([["AS"], ["AS"]]), ValueError, "dealt twice"),
    (lambda: Game.from_hands([["AS"], "KS"]), TypeError, "list of cards"),
    (lambda: Game.from_hands([["AS", "ZZ"], ["KS"]]), InvalidCardError, "not a card"),
    (lambda: Game.from_hands([["AS"], ["KS"]], leader=2), ValueError, "leader"),
    (lambda: Game.from_hands([["AS"], ["KS"]], waste=["2C"]), ValueError, "waste pile needs a leader"),
    (lambda: Game.from_hands([["AS"], ["KS"]], leader=0, waste=["AS"]), ValueError, "both in a hand"),
    (lambda: Rules(ace="middle"), ValueError, "Rules.ace must be one of"),
    (lambda: Rules(must_draw="yes"), ValueError, "True or False"),
    (lambda: Rules(off_suit="discard", picker="offsuit_player"), ValueError, "nobody picks up"),
    (lambda: Rules.from_dict({"colour": "red"}), ValueError, "unknown rule fields"),
    (lambda: Rules.from_dict([]), TypeError, "rules must be an object"),
])
def test_engine_constructors(make, error, words):
    with pytest.raises(error, match=words):
        make()


def test_preset_names_are_accepted_by_the_engine_as_by_the_table():
    assert Game.deal(4, seed=1, rules="get away").rules == Rules(next_leader="lowest")
    assert TableSession(seed=1, rules="get away").game.rules == Rules(next_leader="lowest")


def test_game_methods_refuse_and_change_nothing():
    g = Game.deal(4, seed=3)
    key = g.state_key()
    for call, error in [
        (lambda: g.play("ZZ"), InvalidCardError),
        (lambda: g.play(12), TypeError),
        (lambda: g.play("2H", seat=9), IllegalMoveError),
        (lambda: g.play("AS", seat="0"), TypeError),
        (lambda: g.take(0), IllegalMoveError),
        (lambda: g.take(-1), IllegalMoveError),
        (lambda: g.hand(4), IllegalMoveError),
        (lambda: g.play_index(52), IllegalMoveError),
        (lambda: g.undo(), IllegalMoveError),
        (lambda: g.seat_view(7), IllegalMoveError),
    ]:
        with pytest.raises(error):
            call()
        assert g.state_key() == key


def test_records_refuse_junk_quickly_and_clearly():
    for text, words in [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("not json", "not a game record"),
        (json.dumps({"format": "chess"}), "format"),
        (json.dumps({"format": "bhabho-game", "version": 99}), "unsupported record version"),
        (json.dumps({"format": "bhabho-game", "version": 2}), "missing"),
        ("x" * 6_000_000, "at most"),
    ]:
        with pytest.raises(RecordError, match=words) as err:
            Game.from_json(text)
        assert len(str(err.value)) < 300
    with pytest.raises(TypeError):
        Game.from_json(42)
    g = Game.deal(4, seed=1)
    g.playout(rng=1)
    record = json.loads(g.to_json())
    record["moves"][3] = "take 9"
    with pytest.raises(RecordError, match="move 4"):
        Game.from_json(json.dumps(record))


def test_match_bots_and_driver():
    for make, error, words in [
        (lambda: Match(4, rounds=0), ValueError, "rounds"),
        (lambda: Match(4, rounds="5"), TypeError, "rounds"),
        (lambda: Match(4, rounds=None, max_bhabhi=None), ValueError, "needs an end"),
        (lambda: Match(4, max_bhabhi=-1), ValueError, "max_bhabhi"),
        (lambda: Match(2), ValueError, "3 to 8"),
        (lambda: Match(4, rules="chess"), ValueError, "unknown rules"),
        (lambda: Match(4, seed="s"), TypeError, "seed"),
        (lambda: RandomBot(take_chance=2), ValueError, "between 0 and 1"),
        (lambda: RandomBot(take_chance="often"), TypeError, "number"),
        (lambda: RandomBot(seed=1.5), TypeError, "seed"),
        (lambda: RuleBot(explore=-0.1), ValueError, "between 0 and 1"),
        (lambda: Driver("game", {}), TypeError, "Game"),
        (lambda: Driver(Game.deal(4, seed=1), {5: RandomBot()}), ValueError, "no seat 5"),
        (lambda: Driver(Game.deal(4, seed=1), {1: "bot"}), TypeError, "must be a Bot"),
    ]:
        with pytest.raises(error, match=words):
            make()
    m = Match(4, rounds=2, seed=1)
    m.new_game()
    with pytest.raises(ValueError, match="not over"):
        m.new_game()


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(players=0), ValueError, "players must be from 3 to 8"),
    (dict(players=9), ValueError, "players must be from 3 to 8"),
    (dict(players="4"), TypeError, "players must be an integer"),
    (dict(pace=-3), ValueError, "pace must be from 0 to 5"),
    (dict(pace="slow"), TypeError, "pace"),
    (dict(rounds=0), ValueError, "rounds must be from 1"),
    (dict(rounds=2.5), TypeError, "rounds"),
    (dict(seat=4), ValueError, "seat must be from 0 to 3"),
    (dict(seed=-1), ValueError, "seed"),
    (dict(seed="1"), TypeError, "seed"),
    (dict(rules="chess"), ValueError, "unknown rules"),
    (dict(bots="genius"), ValueError, "bots must be one of"),
    (dict(bots=3), TypeError, "bots must be"),
    (dict(names=["a"]), ValueError, "one name per seat"),
    (dict(player=6), TypeError, "player"),  # a typo is an error, not a silent default
    (dict(players=5, rules="teams"), ValueError, "even number"),
])
def test_table_arguments(kwargs, error, words):
    with pytest.raises(error, match=words):
        Table(**kwargs)


def test_lessons_and_exercises():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    for make, error, words in [
        (lambda: Exercise(0, ""), ValueError, "must ask"),
        (lambda: Exercise(-1, "?"), ValueError, "step"),
        (lambda: Exercise(0, "?", kind="colour"), ValueError, "kind"),
        (lambda: Exercise(0, "?", kind="card", answer="ZZ"), InvalidCardError, "not a card"),
        (lambda: Exercise(0, "?", kind="take", answer="maybe"), ValueError, "take' or 'pass"),
        (lambda: Lesson("game"), TypeError, "Game"),
        (lambda: Lesson(g, ["KH"], seat=5), ValueError, "seat"),
        (lambda: Lesson(g, ["KH"], start=4), ValueError, "start"),
        (lambda: Lesson(g, ["KH"], exercises=["what?"]), TypeError, "Exercise"),
        (lambda: Lesson(g, ["KH"], exercises=[Exercise(0, "?"), Exercise(0, "??")]), ValueError, "two exercises"),
        (lambda: Lesson(g, ["KH"], colour="red"), TypeError, "colour"),
    ]:
        with pytest.raises(error, match=words):
            make()


def test_messages_from_the_browser_get_short_errors_and_change_nothing():
    t = Table(seed=7, pace=0)
    t.run_bots()
    key, version = t.game.state_key(), t.view["version"]
    for message in [
        {"type": "play", "card": "A" * 100_000, "version": version},
        {"type": "play", "card": "AS", "version": version, "x" * 1000: 1},
        {"type": "x" * 100_000},
        {"type": "new_game", "players": 4, "seed": 10**30, "variant": "classic", "bots": "rules", "version": version},
        {"type": "new_game", "players": 4, "seed": None, "variant": "classic", "bots": "genius", "version": version},
        ["play"],
        None,
    ]:
        t._on_frontend_msg(t, message, [])
        assert t.error and len(t.error) <= 300, t.error
        assert t.game.state_key() == key and t.view["version"] == version
    t.set_state({"pace": 10**6})
    assert t.pace == 0 and "pace" in t.error


def test_a_null_from_the_jupyterlite_kernel_reads_as_none():
    """Pyodide hands JSON's null over as ``pyodide.ffi.jsnull`` (of a type named JsNull): New
    game with no seed must deal there as it does in JupyterLab."""
    JsNull = type("JsNull", (), {})
    t = Table(seed=7, pace=0)
    version = t.view["version"]
    data = {"method": "custom", "content": {"type": "new_game", "players": 5, "seed": JsNull(), "variant": "classic",
                                            "bots": "rules", "version": version}}
    t._handle_msg({"content": {"comm_id": t.comm.comm_id if t.comm else "", "data": data}, "buffers": []})
    assert t.error == "" and t.game.num_players == 5 and t.view["version"] > version


@pytest.mark.parametrize("seed", [-1, -2, -7, 2**63])
def test_a_game_and_a_table_refuse_a_seed_out_of_range_alike(seed):
    with pytest.raises(ValueError) as game_err:
        Game.deal(4, seed=seed)
    with pytest.raises(ValueError) as table_err:
        TableSession(seed=seed)
    with pytest.raises(ValueError) as widget_err:
        Table(seed=seed)
    assert str(game_err.value) == str(table_err.value) == str(widget_err.value)
