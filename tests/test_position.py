"""The position text (``Game.position`` / ``Game.from_position``): every moment of many random
games in every preset round-trips and plays on exactly as the original; bad text is a
PositionError naming the part, never a traceback from inside."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bhabho_widget import PRESETS, Game
from bhabho_widget.engine.errors import PositionError
from bhabho_widget.engine.position import PARTS


def random_moves(g: Game, rng: random.Random) -> list:
    """Play ``g`` to its end with random cards and, now and then, a random take; the moves."""
    while not g.is_over:
        takes = g.legal_takes()
        if takes and rng.random() < 0.08:
            g.take(rng.choice(takes))
        else:
            g.play(rng.choice(g.legal_cards()))
    return g.moves


def apply(g: Game, move) -> None:
    if isinstance(move, tuple):
        g.take(move[1])
    else:
        g.play(move)


def same_course(a: Game, b: Game, moves) -> None:
    """``a`` and ``b`` offer the same choices at every step of ``moves`` and end alike."""
    for move in moves:
        assert a.current_player == b.current_player
        assert a.legal_mask() == b.legal_mask()
        assert a.legal_takes() == b.legal_takes()
        assert a.leader == b.leader and a.is_opening_trick == b.is_opening_trick
        apply(a, move)
        apply(b, move)
    assert a.is_over and b.is_over
    assert (a.loser, a.is_stalemate, a.hand_sizes(), a.escaped, a.trick_number) == \
           (b.loser, b.is_stalemate, b.hand_sizes(), b.escaped, b.trick_number)


def players_for(name: str, k: int) -> int:
    return [4, 6, 8][k % 3] if name == "teams" else 3 + (k * 2) % 6


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_moment_round_trips(preset: str) -> None:
    rng = random.Random(preset)
    for k in range(3):
        n = players_for(preset, k)
        seed = rng.randrange(10 ** 9)
        moves = random_moves(Game.deal(n, seed=seed, rules=preset), rng)
        original = Game.deal(n, seed=seed, rules=preset)
        for step, move in enumerate(moves):
            text = original.position()
            copy = Game.from_position(text)
            assert copy.position() == text
            assert copy.state().hands == original.state().hands
            rest = original.copy()
            same_course(rest, copy, moves[step:])
            apply(original, move)
        assert original.is_over
        with pytest.raises(PositionError, match="over"):
            original.position()


def test_a_stalemate_comes_round_the_same_from_the_text() -> None:
    """Rule 10's minimal case: the counts travel in the text, so the copy ends at the same lead."""
    g = Game.from_hands([["QH", "5S", "7C"], ["JD"]], rules="pick-up form", leader=0, seed=0)
    g.play("QH")
    g.play("QH")
    text = g.position()
    assert "seen=" in text
    copy = Game.from_position(text)
    copy.play("QH")
    copy.play("QH")
    assert copy.is_stalemate
    fresh = Game.from_position(g.position(counts=False))
    fresh.play("QH")
    fresh.play("QH")
    assert not fresh.is_stalemate


def test_hand_written_positions() -> None:
    g = Game.from_position("hands=AS,KH,2C/QS,3H/10S,4D")
    assert g.is_opening_trick and g.current_player == 0 and g.legal_cards()[0].code == "AS"
    g = Game.from_position("hands=K..2./3.A.. lead=1 waste=..AK. rules=whole-pile")
    assert g.current_player == 1 and g.waste_size == 2 and g.rules == PRESETS["whole pile"]
    g = Game.from_position("hands=KQ.../2.3../5... table=0:AS,1:4S rules=picker:offsuit_player")
    assert g.current_player == 2 and [c.code for _, c in g.table] == ["AS", "4S"]
    g = Game.from_position("hands=K.2../.3../Q.../- lead=0 drawn=KS trick=5 escaped=3 seed=9 draws=2 "
                           "rules=ace:low,opening_card:2S")
    assert g.legal_cards()[0].code == "KS" and g.escaped == [3] and g.trick_number == 5


BAD = [
    ("hands=AS/KS lead=0 colour=red", "'colour' is not a part"),
    ("lead=0", "hands are missing"),
    ("hands=AS/KS lead=0 lead=1", "lead: given twice"),
    ("hands=AS,KS", "2 to 8 seats"),
    ("hands=AS/KX lead=0", "hands: seat 1's hand"),
    ("hands=AK.Q/2... lead=0", "four suits"),
    ("hands=AS/AS lead=0", "A♠ is in two hands"),
    ("hands=AS/KS lead=5", "lead: must be from 0 to 1"),
    ("hands=AS/KS/- lead=2", "seat 2, holds no cards"),
    ("hands=AS/KS waste=2H", "waste: the waste pile is empty until the opening trick is over"),
    ("hands=AS/KS opening=no", "leader is missing"),
    ("hands=AS/KS lead=0 waste=KS", "waste: K♠ is both in a hand"),
    ("hands=AS/KS lead=1 opening=yes", "seat 0 leads the opening trick with A♠"),
    ("hands=2H/KH lead=0 opening=yes", "no opening trick"),
    ("hands=AS,2H/KS lead=0 opening=yes table=0:3H", "the opening trick is led with A♠"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=1:5H", "first card is seat 0's lead"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=0:5H,2:6H", "play order from seat 0: 0, 1"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=0:5H,1:6C", "tochoo ends the trick"),
    ("hands=AS,2H/KS,7H/4H lead=0 table=0:5H,1:6C rules=discard-form", "seat 1 played 6♣ but holds ♥"),
    ("hands=AS,2H/KS,3H lead=0 table=0:5H,1:6H", "every seat has played"),
    ("hands=AS,2H/KS,3H lead=0 drawn=KS", "drawn: the leader, seat 0, must hold"),
    ("hands=AS,2H/KS,3H lead=0 trick=0", "trick: must be from 1"),
    ("hands=AS,2H/KS,3H lead=0 seed=12a", "seed: '12a' is not a whole number"),
    ("hands=AS,2H/KS,3H/- lead=0 escaped=1", "seat 1 holds cards"),
    ("hands=AS,2H/KS,3H lead=0 rules=ace:middle", "rules: Rules.ace must be one of"),
    ("hands=AS,2H/KS,3H lead=0 rules=fast", "'fast' is neither a preset"),
    ("hands=AS,2H/KS,3H lead=0 rules=teams", "teams variant needs an even number"),
    ("hands=AS,2H/KS,3H lead=0 seen=3", "seen: must be from 1 to 2"),
    ("hands=AS/- lead=0", "at least 2 players holding cards"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_text_names_the_part(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=words.replace("(", r"\(")) as err:
        Game.from_position(text)
    assert str(err.value).startswith("position text")
    assert len(str(err.value)) < 260


def test_not_text() -> None:
    with pytest.raises(TypeError):
        Game.from_position(None)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="at most"):
        Game.from_position("hands=" + "A" * 200_000)


def sample_texts() -> list[str]:
    """Position texts from the middle of random games: counts, tables, waste piles and draws."""
    rng = random.Random(5)
    texts = []
    for preset in PRESETS:
        n = players_for(preset, 1)
        g = Game.deal(n, seed=rng.randrange(999), rules=preset)
        moves = random_moves(g.copy(), rng)
        for move in moves[: rng.randrange(len(moves))]:
            apply(g, move)
        texts.append(g.position())
    return texts


TEXTS = sample_texts()


def plays_to_an_end(g: Game) -> None:
    rng = random.Random(0)
    random_moves(g, rng)
    assert g.is_over


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXTS), st.data())
def test_tampered_text_is_refused_clearly_or_plays(text: str, data: st.DataObject) -> None:
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(chars) - 1))
        what = data.draw(st.sampled_from(["delete", "replace", "insert"]))
        new = data.draw(st.sampled_from(list("AKQJT98765432SHDC.,/:;=- 0123456789xyz") + list(PARTS)))
        if what == "delete":
            del chars[at]
        elif what == "replace":
            chars[at] = new
        else:
            chars.insert(at, new)
    tampered = "".join(chars)
    try:
        g = Game.from_position(tampered)
    except PositionError as err:
        assert str(err).startswith("position text") and len(str(err)) < 300
        return
    assert Game.from_position(g.position()).position() == g.position()
    plays_to_an_end(g)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TEXTS), st.data())
def test_truncated_text_is_refused_clearly_or_plays(text: str, data: st.DataObject) -> None:
    cut = text[: data.draw(st.integers(0, len(text) - 1))]
    try:
        g = Game.from_position(cut)
    except PositionError as err:
        assert str(err).startswith("position text")
        return
    plays_to_an_end(g)


def test_a_game_started_from_a_position_writes_a_record_that_replays():
    """A game set up by from_position (mid-trick, a drawn card, rule 10's counts) is
    recorded with its start as position text (record version 3), and replays exactly."""
    import json
    import random

    from bhabho_widget import RecordError

    replayed = 0
    for seed in range(40):
        g = Game.deal(3 + seed % 6, seed=seed, rules=list(PRESETS)[seed % len(PRESETS)])
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 50)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_cards()))
        if g.is_over:
            continue
        h = Game.from_position(g.position())
        for _ in range(rng.randrange(0, 25)):
            if h.is_over:
                break
            h.play(rng.choice(h.legal_cards()))
        record = h.to_json()
        assert json.loads(record)["version"] == 3 and json.loads(record)["start"]["position"]
        r = Game.from_json(record)
        assert r.state_key() == h.state_key() and r.moves == h.moves
        if not h.is_over:
            assert r.position() == h.position() and r.legal_cards() == h.legal_cards()
        replayed += 1
    assert replayed >= 20
    # a dealt game's record is still version 2, and a tampered start position is refused
    assert json.loads(Game.deal(4, seed=1).to_json())["version"] == 2
    rec = json.loads(record)
    rec["start"]["position"] = rec["start"]["position"].replace("hands=", "hands=AS.")
    with pytest.raises(RecordError, match="start position"):
        Game.from_json(json.dumps(rec))
