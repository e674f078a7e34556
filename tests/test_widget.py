"""The Table widget's model: state sync, messages, privacy and validation."""

import json
import random
import re

import ipywidgets.comm
import pytest
from comm import DummyComm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bhabho_widget import Game, Rules
from bhabho_widget.table.widget import Table

CARD_RE = re.compile(r'"((?:10|[2-9JQKA])[SHDC])"')
SENT = []


class RecordingComm(DummyComm):
    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        SENT.append((msg_type, json.loads(json.dumps(data, default=str))))


@pytest.fixture(autouse=True)
def recording_comm(monkeypatch):
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: RecordingComm(**kw))
    SENT.clear()
    yield SENT


def send(t, **content):
    t._on_frontend_msg(t, content, [])


def drive_to_end(t, rng=None, max_steps=5000):
    """Play as the front end would: advance bots, click a legal card on the person's turn."""
    rng = rng or random.Random(0)
    for _ in range(max_steps):
        v = t.view
        if v["waiting"] == "over":
            return
        if v["waiting"] == "bot":
            send(t, type="advance", version=v["version"])
        else:
            send(t, type="play", card=rng.choice(v["legal"]), version=v["version"])
        assert t.error == "", t.error
    raise AssertionError("game did not end")


def seen_cards(game, seat):
    """Card codes the seat may know: its own hand and every event it may see."""
    seen = {c.code for c in game.hand(seat)}
    for e in game.events:
        if e.visible_to(seat):
            seen.update(c.code for c in e.cards)
    return seen


def test_default_table_is_four_players_person_at_seat_0():
    t = Table()
    assert isinstance(t.game, Game) and t.game.num_players == 4 and t.seat == 0
    assert t.game.rules == Rules()
    v = t.view
    assert v["seat"] == 0 and v["hand"] == [c.code for c in t.game.hand(0)] and v["hands"] is None
    assert v["names"] == ["You", "Bot 1", "Bot 2", "Bot 3"] and v["mode"] == "play"
    assert t.config == {"players": 4, "seed": None, "variant": "classic", "bots": "rules", "language": "en", "rounds": None}
    assert "bhabho-table" in t._esm and ".bhabho" in t._css
    assert Table(players=3).game.num_players == 3


def test_table_choices():
    t = Table(players=6, seed=3, rules=Rules(next_leader="lowest"))
    assert t.game.num_players == 6 and t.game.seed == 3 and t.config["variant"] == "get away"
    assert t.game.to_json() == Game.deal(6, seed=3, rules=Rules(next_leader="lowest"), names=t.game.names).to_json()
    old = t.game
    t.new_game(players=5, seed=4)
    assert t.game is not old and t.game.num_players == 5
    with pytest.raises(ValueError, match="unknown rules 'chess'"):
        Table(rules="chess")
    with pytest.raises(ValueError, match="bots must be"):
        Table(bots="genius")


def test_a_whole_game_through_messages_ends_with_the_engines_loser():
    for seed in range(5):
        t = Table(seed=seed, pace=0)
        drive_to_end(t, random.Random(seed))
        assert t.game.is_over and t.view["is_over"] and t.view["loser"] == t.game.loser
        assert t.view["waiting"] == "over"


def test_one_state_message_per_change_and_small():
    t = Table(seed=2)
    SENT.clear()
    send(t, type="advance", version=t.view["version"])
    updates = [d for kind, d in SENT if kind == "comm_msg" and d.get("method") == "update"]
    assert len(updates) == 1
    assert len(json.dumps(updates[0])) < 4000


def test_privacy_every_message_holds_only_what_the_seat_may_know():
    for seed in range(4):
        SENT.clear()
        t = Table(seed=seed, pace=0, bots="random")
        rng = random.Random(seed)
        checked = 0
        for _ in range(3000):
            allowed = seen_cards(t.game, 0)
            for _kind, data in SENT:
                leaked = set(CARD_RE.findall(json.dumps(data))) - allowed
                assert not leaked, f"message shows cards of other seats: {leaked}"
                checked += 1
            SENT.clear()
            state = t.get_state()
            assert state["view"]["hands"] is None
            assert set(CARD_RE.findall(json.dumps(state, default=str))) <= allowed
            v = t.view
            if v["waiting"] == "over":
                break
            if v["waiting"] == "bot":
                send(t, type="advance", version=v["version"])
            elif v["can_take"] and rng.random() < 0.1:
                send(t, type="take", version=v["version"])
            else:
                send(t, type="play", card=rng.choice(v["legal"]), version=v["version"])
        assert t.game.is_over and checked > 20


def test_reveal_all_is_a_kernel_side_teacher_switch():
    t = Table(seed=1)
    assert t.view["hands"] is None
    t.reveal_all = True
    assert t.view["hands"] == [[c.code for c in t.game.hand(s)] for s in range(4)]
    t.reveal_all = False
    assert t.view["hands"] is None
    # the browser may not switch it on, nor write the view
    t.set_state({"reveal_all": True})
    assert t.reveal_all is False and "may not set reveal_all" in t.error
    before = t.view
    t.set_state({"view": {"hands": []}})
    assert t.view == before and "may not set view" in t.error


def test_pace_from_the_browser_is_checked():
    t = Table(seed=1)
    t.set_state({"pace": 1.5})
    assert t.pace == 1.5
    t.set_state({"pace": 99})
    assert t.pace == 1.5 and "pace" in t.error
    t.set_state({"pace": "fast"})
    assert t.pace == 1.5


def test_out_of_turn_and_illegal_messages_change_nothing():
    t = Table(seed=5)
    t.run_bots()
    v = t.view
    assert v["waiting"] == "human" and v["legal"]
    key = t.game.state_key()
    illegal = next(c for c in v["hand"] if c not in v["legal"]) if len(v["legal"]) < len(v["hand"]) else None
    if illegal:
        send(t, type="play", card=illegal, version=v["version"])
        assert "must" in t.error and t.game.state_key() == key
    send(t, type="play", card="ZZ", version=v["version"])
    assert "not a card" in t.error and t.game.state_key() == key
    send(t, type="play", card=v["legal"][0], version=v["version"] - 1)
    assert "table changed" in t.error and t.game.state_key() == key
    send(t, type="advance", version=v["version"])
    assert "no bot is to act" in t.error and t.game.state_key() == key
    send(t, type="play", card=v["legal"][0], version=v["version"])
    assert t.error == "" and t.game.state_key() != key
    v = t.view
    if v["waiting"] == "bot":
        key = t.game.state_key()
        send(t, type="play", card=v["hand"][0], version=v["version"])
        assert "wait" in t.error and t.game.state_key() == key


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.none(), st.integers(), st.text(), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["type", "card", "version", "players", "seed", "variant", "bots", "index", "x"]),
                    st.one_of(st.none(), st.booleans(), st.integers(-5, 10**20), st.floats(allow_nan=True),
                              st.text(max_size=5), st.sampled_from(["play", "take", "advance", "undo", "hint",
                                                                    "new_game", "AS", "10H", "classic", "teams"]),
                              st.lists(st.integers(), max_size=2)), max_size=5),
))
def test_fuzzing_messages_never_corrupt_the_table(message):
    t = Table(seed=7, pace=0)
    t.run_bots()
    game, key, version = t.game, t.game.state_key(), t.view["version"]
    t._on_frontend_msg(t, message, [])
    if t.error:
        assert t.game is game and t.game.state_key() == key and t.view["version"] == version
    # whatever happened, the table is still consistent with the engine
    assert t.view["hand"] == [c.code for c in t.game.hand(0)]
    assert t.view["hand_sizes"] == t.game.hand_sizes()


def test_malformed_messages_get_clear_errors():
    t = Table(seed=7)
    v = t.view["version"]
    for msg, words in [
        ("play", "must be an object"), ({"type": 3}, "must be an object"), ({"type": "fly"}, "unknown message type"),
        ({"type": "play", "card": "AS"}, "needs 'version'"), ({"type": "play", "version": True, "card": "AS"}, "version"),
        ({"type": "undo", "extra": 1}, "does not take extra"),
        ({"type": "new_game", "players": 9, "seed": None, "variant": "classic", "bots": "rules", "version": v}, "3 to 8"),
        ({"type": "new_game", "players": 5, "seed": None, "variant": "teams", "bots": "rules", "version": v}, "even number"),
        ({"type": "new_game", "players": 4, "seed": -1, "variant": "classic", "bots": "rules", "version": v}, "seed"),
        ({"type": "new_game", "players": 4, "seed": None, "variant": "chess", "bots": "rules", "version": v}, "unknown variant"),
        ({"type": "undo"}, "needs 'version'"),
        ({"type": "undo", "version": v}, "nothing to undo"),
    ]:
        t.error = ""
        t._on_frontend_msg(t, msg, [])
        assert words in t.error, (msg, t.error)


def test_undo_takes_back_the_persons_last_action_and_the_bots_after_it():
    t = Table(seed=11, pace=0)
    t.run_bots()
    before = (t.game.state_key(), t.view["hand"])
    send(t, type="play", card=t.view["legal"][0], version=t.view["version"])
    t.run_bots()
    send(t, type="undo", version=t.view["version"])
    assert t.error == "" and (t.game.state_key(), t.view["hand"]) == before
    assert t.view["waiting"] == "human"


def test_hint_suggests_a_legal_card():
    t = Table(seed=3)
    t.run_bots()
    send(t, type="hint")
    assert t.hint["action"] in t.view["legal"] and t.hint["text"]
    send(t, type="play", card=t.view["legal"][0], version=t.view["version"])
    assert t.hint is None


def test_new_game_message():
    t = Table(seed=3)
    send(t, type="new_game", players=6, seed=42, variant="get away", bots="random", version=t.view["version"])
    assert t.error == "" and t.game.num_players == 6 and t.game.seed == 42
    assert t.game.rules.next_leader == "lowest"
    assert t.config == {"players": 6, "seed": 42, "variant": "get away", "bots": "random", "language": "en",
                        "rounds": None}
    assert len(t.view["names"]) == 6


def test_the_person_may_take_whenever_the_rules_allow():
    for seed in range(30):
        t = Table(seed=seed, pace=0, bots="random")
        for _ in range(400):
            v = t.view
            if v["can_take"] or v["waiting"] == "over":
                break
            if v["waiting"] == "bot":
                send(t, type="advance", version=v["version"])
            else:
                send(t, type="play", card=v["legal"][0], version=v["version"])
        if t.view["can_take"]:
            target = t.view["take_target"]
            size = t.game.hand_sizes()[0] + t.game.hand_sizes()[target]
            send(t, type="take", version=t.view["version"])
            assert t.error == "" and t.game.hand_sizes()[0] == size and target in t.view["escaped"]
            assert any(e["kind"] == "take" for e in t.view["events"])
            return
    raise AssertionError("no position where the person could take")


def test_match_scoreboard():
    t = Table(seed=1, rounds=2, pace=0)
    assert t.score["played"] == 0 and t.score["rounds"] == 2
    drive_to_end(t)
    assert t.score["played"] == 1 and sum(t.score["counts"]) == t.score["pot"] <= 1
    send(t, type="new_game", players=4, seed=None, variant="classic", bots="rules", version=t.view["version"])
    assert t.match.rounds_played == 1 and t.match.dealer == 1
    drive_to_end(t)
    assert t.score["played"] == 2 and t.score["over"]
    send(t, type="new_game", players=4, seed=None, variant="classic", bots="rules", version=t.view["version"])  # a fresh match
    assert t.score["played"] == 0


def test_last_trick_shows_where_the_cards_went():
    t = Table(seed=4, pace=0)
    seen = set()
    for _ in range(3000):
        v = t.view
        if v["last_trick"]:
            lt = v["last_trick"]
            seen.add(lt["outcome"])
            assert lt["cards"] and all(set(c) == {"seat", "card"} for c in lt["cards"])
            if lt["outcome"] == "pickup":
                assert lt["picker"] is not None
        if v["waiting"] == "over":
            t.new_game()
            continue
        if v["waiting"] == "bot":
            send(t, type="advance", version=v["version"])
        else:
            send(t, type="play", card=v["legal"][-1], version=v["version"])
        if seen == {"waste", "pickup"}:
            return
    raise AssertionError(f"saw only {seen}")


def test_four_colour_deck_is_a_kernel_setting_the_controls_may_switch():
    t = Table(seed=1, deck="four-colour")
    assert t.deck == "four-colour"
    send(t, type="set_deck", deck="two-colour")
    assert t.error == "" and t.deck == "two-colour"
    send(t, type="set_deck", deck="rainbow")
    assert "deck" in t.error and t.deck == "two-colour"
    with pytest.raises(ValueError, match="deck must be one of"):
        Table(deck="rainbow")
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"]], leader=0)
    from bhabho_widget.table.widget import Lesson

    lesson = Lesson(g, ["KH"], deck="four-colour")
    send(lesson, type="set_deck", deck="two-colour")
    assert lesson.error == "" and lesson.deck == "two-colour"


def test_a_repeated_undo_takes_back_one_move_only():
    """Undo carries the view's version: a double click, or a second view of the same widget,
    sends it twice with one version, and the second is refused as stale."""
    t = Table(seed=11, pace=0)
    t.run_bots()
    first = (t.game.state_key(), len(t.game.moves))
    send(t, type="play", card=t.view["legal"][0], version=t.view["version"])
    t.run_bots()
    send(t, type="play", card=t.view["legal"][0], version=t.view["version"])
    t.run_bots()
    second = (t.game.state_key(), len(t.game.moves))
    assert second != first
    version = t.view["version"]
    send(t, type="undo", version=version)
    assert t.error == ""
    after_one = (t.game.state_key(), len(t.game.moves), t.view["version"])
    send(t, type="undo", version=version)
    assert "the table changed" in t.error and len(t.error) < 120
    assert (t.game.state_key(), len(t.game.moves), t.view["version"]) == after_one
    assert after_one[1] > first[1]  # the first play is still on the table


def test_two_new_game_messages_with_one_version_deal_one_game():
    t = Table(seed=5, pace=0)
    version = t.view["version"]
    message = {"type": "new_game", "players": 4, "seed": None, "variant": "classic", "bots": "rules",
               "version": version}
    send(t, **message)
    assert t.error == ""
    game, dealt = t.game, t.view["version"]
    send(t, **message)
    assert "the table changed" in t.error
    assert t.game is game and t.view["version"] == dealt


def _comm_msg(t, data, buffers=()):
    """A message as it reaches the widget's comm from the browser."""
    t.comm.handle_msg({"content": {"comm_id": t.comm.comm_id, "data": data}, "buffers": list(buffers)})


@pytest.mark.parametrize("state, words", [
    ([1, 2], "not a list"), ("pace", "not a string"), (5, "not a number"), (None, "not null"), (True, "not true"),
])
def test_a_state_sync_that_is_not_an_object_gets_a_short_error(state, words, caplog):
    t = Table(seed=1, pace=0.6)
    before = (t.view, t.pace)
    with caplog.at_level("WARNING"):
        _comm_msg(t, {"method": "update", "state": state, "buffer_paths": []})
    assert "must be an object of traits" in t.error and words in t.error and len(t.error) < 100
    assert (t.view, t.pace) == before
    assert not [r for r in caplog.records if r.exc_info]  # nothing raised inside ipywidgets


def test_malformed_comm_messages_get_short_errors_and_a_good_sync_still_works(caplog):
    t = Table(seed=1, pace=0.6)
    with caplog.at_level("WARNING"):
        for data in [None, [], {"state": {"pace": 1}}, {"method": 3},
                     {"method": "update", "state": {"pace": 1}, "buffer_paths": [["pace"]]}]:
            t.error = ""
            _comm_msg(t, data)
            assert t.error and len(t.error) < 100, data
            assert t.pace == 0.6
    assert not [r for r in caplog.records if r.exc_info]
    t.error = ""
    _comm_msg(t, {"method": "update", "state": {"pace": 1.5}, "buffer_paths": []})  # as the front end sends it
    assert t.pace == 1.5 and t.error == ""
