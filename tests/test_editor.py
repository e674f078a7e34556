"""The position editor's plain-Python model (EditorSession): built by messages, checked as it
is built; a property test builds random positions and plays each accepted one to an end."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bhabho_widget import PRESETS, Game
from bhabho_widget.engine.cards import DECK
from bhabho_widget.engine.errors import MessageError, PositionError
from bhabho_widget.table.editor import EditorSession


def give(ed: EditorSession, card: str, to: object, **extra: object) -> None:
    ed.receive({"type": "give", "card": card, "to": to, **extra})


def play_to_end(g: Game, rng: random.Random) -> None:
    while not g.is_over:
        takes = g.legal_takes()
        if takes and rng.random() < 0.1:
            g.take(rng.choice(takes))
        else:
            g.play(rng.choice(g.legal_cards()))


def test_a_random_deal_is_the_opening_trick() -> None:
    ed = EditorSession(players=5, seed=3)
    ed.receive({"type": "deal"})
    assert ed.problem is None
    g = ed.game()
    assert g.is_opening_trick and g.legal_cards()[0].code == "AS"
    assert sorted(len(h) for h in ed.view()["hands"]) == [10, 10, 10, 11, 11]
    assert Game.from_position(ed.text()).position() == ed.text()
    ed.receive({"type": "deal"})
    assert ed.view()["hands"] != [[c.code for c in g.hand(s)] for s in range(5)]


def test_moving_a_card_takes_it_from_where_it_was() -> None:
    ed = EditorSession(players=3)
    give(ed, "AS", 0)
    give(ed, "AS", 1)
    assert ed.hand(0) == [] and ed.hand(1) == ["AS"]
    give(ed, "AS", "box")
    assert "AS" in ed.view()["box"]


def test_the_problems_in_one_sentence() -> None:
    ed = EditorSession(players=3)
    assert "at least 2 players holding cards" in ed.problem
    for card, seat in [("KH", 0), ("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2)]:
        give(ed, card, seat)
    assert ed.problem is not None and "no opening trick" in ed.problem  # nobody holds a spade
    ed.receive({"type": "opening", "over": True})
    assert "choose the seat that leads" in ed.problem
    ed.receive({"type": "leader", "seat": 0})
    assert ed.problem is None and ed.game().current_player == 0
    give(ed, "QH", "table")
    give(ed, "3S", "table")  # seat 1 cannot have played a spade: it holds hearts
    assert ed.problem == "The table: 3♠ does not follow ♥: a tochoo ends the trick at once (rule 4)."
    give(ed, "3S", "waste")
    assert ed.problem is None and ed.game().current_player == 1
    assert ed.game().table[0][1].code == "QH"
    give(ed, "AS", 2)
    ed.receive({"type": "opening", "over": False})
    assert ed.problem == "The leader: seat 2 leads the opening trick with A♠ (rule 3), not seat 0."
    assert ed.problem.count(".") == 1 and ed.problem.endswith(".")
    with pytest.raises(PositionError):
        ed.game()
    ed.receive({"type": "clear"})
    for card, seat in [("AS", 0), ("KH", 1), ("2H", 2)]:
        give(ed, card, seat)
    give(ed, "3H", "waste")
    assert ed.problem == "The waste pile: the waste pile is empty until the opening trick is over (rule 3)."


def test_a_card_twice_from_the_text_and_bad_messages() -> None:
    ed = EditorSession()
    with pytest.raises(MessageError, match="A♠ is in two hands"):
        ed.receive({"type": "load", "text": "hands=AS/AS lead=0"})
    for bad in [{"type": "give", "card": "1Z", "to": 0}, {"type": "give", "card": "AS", "to": 9},
                {"type": "players", "players": 1}, {"type": "rules", "rules": "fast"}, {"type": "fly"},
                {"type": "opening", "over": "yes"}, {"type": "leader", "seat": -1}]:
        version = ed.version
        with pytest.raises(MessageError):
            ed.receive(bad)
        assert ed.version == version


def test_load_a_moment_of_a_game() -> None:
    g = Game.deal(4, seed=8)
    for _ in range(9):
        g.play(g.legal_cards()[0])
    ed = EditorSession()
    ed.receive({"type": "load", "text": g.position()})
    assert ed.problem is None
    h = ed.game()
    assert h.legal_mask() == g.legal_mask() and h.table == g.table and h.current_player == g.current_player


def test_fewer_players_put_their_cards_back() -> None:
    ed = EditorSession(players=4, seed=1)
    ed.receive({"type": "deal"})
    ed.receive({"type": "players", "players": 3})
    assert len(ed.view()["box"]) == 13 and ed.problem is None


CARDS = [c.code for c in DECK]
PRESET_NAMES = list(PRESETS)


def messages(draw: st.DrawFn) -> list[dict]:
    out: list[dict] = [{"type": "players", "players": draw(st.integers(2, 8))}]
    if draw(st.booleans()):
        out.append({"type": "deal", "seed": draw(st.integers(0, 10 ** 6))})
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["give", "give", "give", "give", "leader", "opening", "rules", "players"]))
        if kind == "give":
            to = draw(st.one_of(st.integers(0, 7), st.sampled_from(["table", "waste", "box"])))
            out.append({"type": "give", "card": draw(st.sampled_from(CARDS)), "to": to})
        elif kind == "leader":
            out.append({"type": "leader", "seat": draw(st.one_of(st.none(), st.integers(0, 7)))})
        elif kind == "opening":
            out.append({"type": "opening", "over": draw(st.booleans())})
        elif kind == "rules":
            out.append({"type": "rules", "rules": draw(st.sampled_from(PRESET_NAMES))})
        else:
            out.append({"type": "players", "players": draw(st.integers(2, 8))})
    return out


NAMES_A_RULE_OR_CARD = re.compile(r"\brules?\b|variant|[♠♥♦♣]")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.composite(messages)(), st.integers(0, 99))
def test_random_positions_built_by_messages(msgs: list[dict], seed: int) -> None:
    ed = EditorSession(seed=seed)
    for m in msgs:
        try:
            ed.receive(m)
        except MessageError:  # a seat beyond the players, say: refused, nothing changed
            continue
        if ed.problem is None:
            text = ed.text()
            assert Game.from_position(text).position() == text
            play_to_end(ed.game(), random.Random(seed))
        else:
            assert NAMES_A_RULE_OR_CARD.search(ed.problem), ed.problem
            assert ed.problem.endswith(".") and len(ed.problem) < 240
