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
    g.push(move)


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


# ---------------------------------------------------------------- the errors in every language
TOLD = [  # (text, part, the English, exactly as it has always been)
    ("hands=AS/KS lead=0 colour=red", None,
     "position text: 'colour' is not a part; the parts are rules, hands, lead, opening, table, waste, drawn, trick, "
     "escaped, seed, draws, seen"),
    ("hands=AS/KS lead", None, "position text: 'lead' is not a part: write part=value, like hands=AK.Q..2/..."),
    ("lead=0", None, "position text: the hands are missing (hands=...)"),
    ("hands=AS/KS lead=0 lead=1", "lead", "position text, lead: given twice"),
    ("hands=AS/KS lead=", "lead", "position text, lead: has no value"),
    ("hands=AS,KS", "hands", "position text, hands: a position has 2 to 8 seats, one hand each separated by '/', not 1"),
    ("hands=AS,AS/KS lead=0", "hands", "position text, hands: A♠ is in seat 0's hand twice"),
    ("hands=AK.Q/2... lead=0", "hands",
     "position text, hands: seat 0's hand 'AK.Q' needs four suits (spades.hearts.diamonds.clubs), not 2"),
    ("hands=AX.../2... lead=0", "hands",
     "position text, hands: seat 0's hand: 'X' is not a rank (AKQJT98765432, T for 10) in 'AX...'"),
    ("hands=AS/AS lead=0", "hands", "position text, hands: A♠ is in two hands"),
    ("hands=AS/- lead=0", "hands",
     "position text, hands: a position needs at least 2 players holding cards: with fewer the game is over (rule 8)"),
    ("hands=AS/KS lead=5", "lead", "position text, lead: must be from 0 to 1, not 5"),
    ("hands=AS/KS/- lead=2", "lead",
     "position text, lead: the leader, seat 2, holds no cards: the power goes with cards (rules 4 and 6)"),
    ("hands=AS/KS lead=1 opening=yes", "lead",
     "position text, lead: seat 0 leads the opening trick with A♠ (rule 3), not seat 1"),
    ("hands=AS/KS waste=2H", "waste",
     "position text, waste: the waste pile is empty until the opening trick is over (rule 3)"),
    ("hands=AS/KS lead=0 waste=KS", "waste", "position text, waste: K♠ is both in a hand and in the waste pile"),
    ("hands=AS/KS lead=0 waste=QS,QS", "waste", "position text, waste: Q♠ is in the waste pile twice"),
    ("hands=2H/KH lead=0 opening=yes", "opening",
     "position text, opening: nobody holds a card of the opening suit (♠), so there is no opening trick (rule 3)"),
    ("hands=AS/KS opening=maybe", "opening", "position text, opening: must be yes or no, not 'maybe'"),
    ("hands=AS/KS opening=no", None,
     "position text: the leader is missing: write lead=seat, the seat with the power (rule 4)"),
    ("hands=AS,2H/KS lead=0 opening=yes table=0:3H", "table",
     "position text, table: the opening trick is led with A♠ (rule 3), not 3♥"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=1:5H", "table",
     "position text, table: the trick's first card is seat 0's lead, not seat 1's (rule 4)"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=0:5H,2:6H", "table",
     "position text, table: the trick goes round in play order from seat 0: 0, 1, not 0, 2 (rule 4)"),
    ("hands=AS,2H/KS,3H/4H lead=0 table=0:5H,1:6C", "table",
     "position text, table: 6♣ does not follow ♥: a tochoo ends the trick at once (rule 4)"),
    ("hands=AS,2H/KS,7H/4H lead=0 table=0:5H,1:6C rules=discard-form", "table",
     "position text, table: seat 1 played 6♣ but holds ♥, so it had to follow suit (rule 4)"),
    ("hands=2S,3H/KS,7H/4H lead=0 opening=yes table=0:AS,1:6C", "table",
     "position text, table: seat 1 played 6♣ but holds ♠, so it had to follow suit (rule 3)"),
    ("hands=AS,2H/KS/4C,3H lead=0 table=0:5H rules=pick-up-form", "table",
     "position text, table: seat 1 holds no ♥ and would have picked up the trick already (pick-up form, rule 4)"),
    ("hands=AS,2H/KS,3H lead=0 table=0:5H,1:6H", "table",
     "position text, table: every seat has played to the trick: it is over and the table is empty (rule 4)"),
    ("hands=AS,2H/KS lead=0 table=0:AS", "table",
     "position text, table: A♠ is on the table and also in a hand or the waste pile"),
    ("hands=AS,2H/KS lead=0 table=0-5H", "table", "position text, table: '0-5H' must be seat:card, like 2:AS"),
    ("hands=AS,2H/KS,3H lead=0 drawn=KS", "drawn", "position text, drawn: the leader, seat 0, must hold the card drawn, K♠"),
    ("hands=AS,2H/KS,3H lead=0 drawn=KS rules=no-draw", "drawn",
     "position text, drawn: nobody draws when must_draw is off (rule 6)"),
    ("hands=AS,2H/KS lead=0 opening=yes drawn=AS", "drawn",
     "position text, drawn: a drawn card is led at once: the table must be empty and the opening trick over"),
    ("hands=AS,2H/KS,3H lead=0 trick=0", "trick", "position text, trick: must be from 1 to 1000000, not 0"),
    ("hands=AS/KS trick=2", "trick", "position text, trick: the opening trick is trick 1, not 2"),
    ("hands=AS,2H/KS,3H lead=0 seed=12a", "seed", "position text, seed: '12a' is not a whole number"),
    ("hands=AS,2H/KS,3H lead=0 draws=-1", "draws", "position text, draws: must be from 0 to 1000000, not -1"),
    ("hands=AS,2H/KS,3H/- lead=0 escaped=1", "escaped",
     "position text, escaped: seat 1 holds cards or is in the trick on the table: it has not escaped"),
    ("hands=AS,2H/KS,3H/- lead=0 escaped=2,2", "escaped", "position text, escaped: seat 2 given twice"),
    ("hands=AS,2H/KS,3H lead=0 rules=fast", "rules",
     "position text, rules: 'fast' is neither a preset (classic, pick-up-form, discard-form, get-away, whole-pile, "
     "anticlockwise, ace-low, no-draw, no-taking, teams) nor field:value, like picker:offsuit_player"),
    ("hands=AS,2H/KS,3H lead=0 rules=ace:low,ace:low", "rules", "position text, rules: ace given twice"),
    ("hands=AS,2H/KS,3H lead=0 rules=teams:maybe", "rules", "position text, rules: teams must be yes or no, not 'maybe'"),
    ("hands=AS,2H/KS,3H lead=0 rules=teams", "rules",
     "position text, rules: the teams variant needs an even number of players, at least 4, not 2"),
    ("hands=AS,2H/KS,3H lead=0 seen=3", "seen", "position text, seen: must be from 1 to 2, not 3"),
    ("hands=AS,2H/KS,3H lead=0 seen=1:0:AS/KS/QS", "seen", "position text, seen: a position has 2 hands, not 3"),
    ("hands=AS,2H/KS,3H lead=0 seen=1:1:AS,2H/-", "seen",
     "position text, seen: in a counted position the leader, seat 1, holds no cards"),
    ("hands=AS,2H/KS,3H lead=0 seen=1:0:AS,AS/KS", "seen", "position text, seen: A♠ is in a counted hand twice"),
    ("hands=AS,2H/KS,3H lead=0 seen=1:0:AS,4H/KS", "seen",
     "position text, seen: a counted position holds a card twice or a card not in this game"),
    ("hands=AS,2H/KS,3H lead=0 seen=1;1", "seen", "position text, seen: a position is counted twice"),
    ("hands=AS,2H/KS,3H lead=0 seen=1:0", "seen", "position text, seen: '1:0' must be count or count:lead:hands"),
]
NESTED = [  # another error's text (a card's, the rules') as the reason: English in every language
    ("hands=AS/KX lead=0", "hands",
     "position text, hands: seat 1's hand: 'KX' is not a card: 'X' is not a suit (S, H, D, C or ♠♥♦♣)"),
    ("hands=AS/KS table=0:1Z", "table", "position text, table: '1Z' is not a card: 'Z' is not a suit (S, H, D, C or ♠♥♦♣)"),
    ("hands=AS/KS lead=0 drawn=ZZ", "drawn",
     "position text, drawn: 'ZZ' is not a card: 'Z' is not a suit (S, H, D, C or ♠♥♦♣)"),
    ("hands=AS,2H/KS,3H lead=0 rules=ace:middle", "rules",
     "position text, rules: Rules.ace must be one of 'high', 'low', not 'middle'"),
]
LANGUAGE_CODES = ("de", "es", "hi", "ru")


def refusal(text: str) -> PositionError:
    with pytest.raises(PositionError) as err:
        Game.from_position(text)
    return err.value


@pytest.mark.parametrize(("text", "part", "english"), TOLD + NESTED)
def test_an_error_keeps_its_english_and_names_its_part(text: str, part: str | None, english: str) -> None:
    import pickle

    from bhabho_widget.i18n import Message

    err = refusal(text)
    assert isinstance(err, ValueError)
    assert str(err) == english and err.localize() == english and err.localize(None) == english
    assert err.part == part
    assert isinstance(err.why, Message) and isinstance(err.args[0], Message)
    assert english == (f"position text, {part}: {err.why}" if part else f"position text: {err.why}")
    assert part is None or part in PARTS
    copy = pickle.loads(pickle.dumps(err))
    assert (str(copy), copy.part, copy.why) == (english, part, str(err.why))


@pytest.mark.parametrize("code", LANGUAGE_CODES)
@pytest.mark.parametrize(("text", "part", "english"), TOLD)
def test_an_error_is_told_in_every_language(text: str, part: str | None, english: str, code: str) -> None:
    from bhabho_widget.i18n import translator

    t = translator(code)
    err = refusal(text)
    told = err.localize(t)
    assert told != english and "position text" not in told
    assert t.gettext(err.why.template) != err.why.template  # the reason is in the catalog, translated
    assert str(err.why) not in told
    why = err.why.localize(t)
    assert why in told and why != str(err.why)
    if part is not None:
        assert f", {part}: " in told  # the part stays a word of the text format
    for value in err.why.values.values():  # the cards, seats, numbers and quoted text are all there
        assert t.render(value) in why


@pytest.mark.parametrize("code", LANGUAGE_CODES)
@pytest.mark.parametrize(("text", "part", "english"), NESTED)
def test_a_nested_error_is_told_around_its_own_text(text: str, part: str, english: str, code: str) -> None:
    from bhabho_widget.i18n import translator

    err = refusal(text)
    told = err.localize(translator(code))
    assert told != english and "position text" not in told and f", {part}: " in told
    assert err.why.values["error"] in english and err.why.values["error"] in told


def test_the_errors_without_a_part_are_told_too() -> None:
    from bhabho_widget.i18n import translator

    with pytest.raises(PositionError) as err:
        Game.from_position("hands=" + "A" * 200_000)
    assert str(err.value) == "position text has at most 100,000 characters" == err.value.why
    assert err.value.part is None
    assert err.value.localize(translator("de")) == "ein Stellungstext hat höchstens 100,000 Zeichen"
    g = Game.from_hands([["AS"], ["KS"]], leader=0)
    g.play("AS")
    g.play("KS")
    assert g.is_over
    with pytest.raises(PositionError) as err:
        g.position()
    assert str(err.value) == "the game is over: a finished game has no position to continue from"
    assert err.value.part is None and err.value.why == str(err.value)
    for code in LANGUAGE_CODES:
        assert err.value.localize(translator(code)) != str(err.value)
