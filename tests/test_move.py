"""Moves as values: one text form, the older forms still read, and games replayed from moves."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from bhabho_widget import Card, Game, IllegalMoveError, InvalidCardError, InvalidMoveError, Move
from bhabho_widget.table.exercises import lesson_from_json, lesson_to_json
from bhabho_widget.table.lesson import LessonScript
from bhabho_widget.table.seat_record import seat_record, stand_in


def game_with_a_take(seed: int = 4) -> Game:
    """A dealt game played on with the first legal card, a take at the first chance, to the end."""
    g = Game.deal(4, seed=seed)
    took = False
    while not g.is_over:
        if not took and g.legal_takes():
            g.take(g.legal_takes()[0])
            took = True
        else:
            g.play(g.legal_cards()[0])
    assert took
    return g


def test_one_text_form_read_back():
    for text in ("10H", "AS", "2C", "take 0", "take 7"):
        move = Move.parse(text)
        assert str(move) == text and Move.parse(str(move)) is move
    assert Move.parse("10♥") is Move.parse("th") is Move.play("10H") is Move.play(Card.parse("10H")) is Move.from_index(21)
    assert Move.parse("take 2") is Move.take(2) and Move.take(2).is_take and Move.take(2).taker == 2
    assert Move.play("AS").card == Card.parse("AS") and not Move.play("AS").is_take and Move.play("AS").taker is None


def test_the_older_forms_are_read():
    assert Move.parse("take:2") is Move.parse(("take", 2)) is Move.parse(" take 2 ") is Move.take(2)
    assert Move.parse(Card.parse("QS")) is Move.play("QS") and Move.parse(Move.take(1)) is Move.take(1)


@pytest.mark.parametrize("bad, error", [
    ("take two", InvalidMoveError), ("take 8", InvalidMoveError), ("take", InvalidMoveError), ("take2", InvalidMoveError),
    ("1Z", InvalidCardError), ("", InvalidCardError), (12, InvalidMoveError), (None, InvalidMoveError),
    (("take", "2"), InvalidMoveError), (("take", True), InvalidMoveError),
])
def test_what_is_not_a_move_is_refused_in_a_sentence(bad, error):
    with pytest.raises(error) as caught:
        Move.parse(bad)
    assert isinstance(caught.value, ValueError) and len(str(caught.value)) < 160


def test_a_move_is_a_small_immutable_value():
    move = Move.parse("take 3")
    with pytest.raises(AttributeError):
        move.taker = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Move()  # type: ignore[call-arg]
    assert pickle.loads(pickle.dumps(move)) is move and copy.deepcopy(move) is move
    assert len({Move.parse("10H"), Move.play("TH"), Move.take(3), move}) == 2
    assert Move.play("AS") != Card.parse("AS") and repr(Move.play("10H")) == "Move.parse('10H')"


def test_game_moves_push_play_and_take_speak_moves():
    g = game_with_a_take()
    moves = g.moves
    assert all(isinstance(m, Move) for m in moves) and any(m.is_take for m in moves)
    assert g.move_count == len(moves)
    h = Game.deal(4, seed=4)
    h.push(str(moves[0]))
    for m in moves[1:]:
        if m.is_take:
            h.take(m)
        else:
            h.play(m)
    assert h.state_key() == g.state_key() and h.moves == moves
    with pytest.raises(InvalidMoveError, match="is a take"):
        Game.deal(4, seed=4).play(Move.take(0))
    with pytest.raises(InvalidMoveError, match="is a card play"):
        Game.deal(4, seed=4).take(Move.play("AS"))


def test_replay_is_a_game_from_its_start_plus_moves():
    g = game_with_a_take()
    moves = g.moves
    for k in (0, 1, 7, len(moves)):
        r = g.replay(moves[:k])
        assert r.moves == moves[:k] and r is not g
    assert g.replay(map(str, moves)).state_key() == g.state_key() and g.moves == moves  # g itself unchanged
    assert g.root().moves == [] and g.root().state_key() == Game.deal(4, seed=4).state_key()
    with pytest.raises(IllegalMoveError, match=r"^move 2 \('AS'\) is illegal: "):
        g.replay([moves[0], "AS"])
    with pytest.raises(InvalidMoveError, match=r"^move 1 \('take two'\) is not a move"):
        g.replay(["take two"])


def test_records_write_one_form_and_read_the_older_ones():
    g = game_with_a_take()
    record = json.loads(g.to_json())
    assert any(m.startswith("take ") for m in record["moves"]) and all(":" not in m for m in record["moves"])
    assert Game.from_json(g.to_json()).moves == g.moves
    # a seat record (what a class's table sends a student's kernel): written "take 2", stored as "take:2" before
    seat = 1
    rec = seat_record(g, seat)
    assert rec["moves"] == record["moves"]
    old = {**rec, "moves": [m.replace("take ", "take:") for m in rec["moves"]]}
    assert old["moves"] != rec["moves"]
    assert stand_in(old).seat_view(seat) == stand_in(rec).seat_view(seat) == g.seat_view(seat)


def test_a_lesson_reads_every_form_of_its_moves_and_writes_one():
    g = game_with_a_take()
    texts = [str(m) for m in g.moves]
    take = next(k for k, m in enumerate(g.moves) if m.is_take)
    older = [*texts[:take], ("take", g.moves[take].taker), *texts[take + 1:]]
    start = g.root()
    for moves in (texts, older, [t.replace("take ", "take:") for t in texts], g.moves):
        script = LessonScript(start, moves)
        assert script.moves == g.moves
    record = json.loads(lesson_to_json(LessonScript(start, older)))
    assert record["moves"] == texts
    assert lesson_from_json(json.dumps(record)).moves == g.moves


def test_the_server_reads_its_rows_in_either_form():
    pytest.importorskip("starlette")
    from bhabho_widget.server.tables import ServerTable

    t = ServerTable.create(players=4, seed=3, code="old-rows")
    g = t.game.copy()
    took = False
    while not g.is_over and len(g.moves) < 30:
        if not took and g.legal_takes():
            g.take(g.legal_takes()[0])
            took = True
        else:
            g.play(g.legal_cards()[0])
    assert took
    row = {**t.record(), "started": True}
    new = [str(m) for m in g.moves]
    for moves in (new, [m.replace("take ", "take:") for m in new]):
        restored = ServerTable.restore({**row, "moves": [moves]})
        assert restored.game.moves == g.moves and restored.game.state_key() == g.state_key()
        assert restored.record()["moves"] == [new]  # written back in the one form
