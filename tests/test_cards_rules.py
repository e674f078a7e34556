import pickle
import random

import pytest

from bhabho_widget import PRESETS, Card, Rules
from bhabho_widget.engine.cards import DECK, cards_of, index_tuple, indices, mask_of


@pytest.mark.parametrize("text", ["AS", "A♠", "as", " aS ", "A\u2660"])
def test_parse_ace_of_spades(text):
    assert Card.parse(text) is Card.parse("AS")
    assert Card.parse(text).rank == 14 and Card.parse(text).suit == "S"


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", "10h"])
def test_parse_ten_of_hearts(text):
    card = Card.parse(text)
    assert str(card) == "10♥" and card.code == "10H" and card.rank == 10


@pytest.mark.parametrize("text,words", [
    ("1X", "not a suit"), ("1S", "not a rank"), ("11S", "not a rank"), ("", "not a card"),
    ("A", "not a card"), ("ZH", "not a rank"),
])
def test_parse_errors_say_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        Card.parse(text)


def test_parse_rejects_non_strings():
    with pytest.raises(TypeError, match="written like"):
        Card.parse(14)


def test_every_card_round_trips_through_code_and_symbol():
    assert len(DECK) == 52 and len({c.code for c in DECK}) == 52
    for c in DECK:
        assert Card.parse(c.code) is c
        assert Card.parse(str(c)) is c
        assert Card(c.rank, c.suit) is c
        assert Card.from_index(c.index) is c
        assert pickle.loads(pickle.dumps(c)) is c
        assert c.suit in "SHDC" and 2 <= c.rank <= 14


def test_card_is_immutable_and_hashable():
    c = Card.parse("QD")
    with pytest.raises(AttributeError):
        c.rank = 3
    assert {c: 1}[Card.parse("QD")] == 1
    assert Card.parse("2S") < Card.parse("AS") < Card.parse("2H")
    assert Card.parse("10H").name == "10 of hearts" and Card.parse("AS").name == "ace of spades"


def test_card_constructor_validates():
    with pytest.raises(ValueError, match="rank"):
        Card(15, "S")
    with pytest.raises(ValueError, match="suit"):
        Card(5, "X")


def test_masks():
    m = mask_of(["AS", "2H", "10♣"])
    assert [c.code for c in cards_of(m)] == ["AS", "2H", "10C"]
    assert indices(m) == sorted(Card.parse(x).index for x in ["AS", "2H", "10C"])
    with pytest.raises(ValueError, match="twice"):
        mask_of(["AS", "as"])


def test_rules_defaults_are_classic_and_frozen():
    r = Rules()
    assert (r.direction, r.off_suit, r.picker, r.pickup, r.next_leader, r.ace, r.opening_card,
            r.must_draw, r.take_from_left, r.teams) == (
        "clockwise", "tochoo", "highest", "trick", "highest", "high", "AS", True, True, False)
    with pytest.raises(AttributeError):
        r.direction = "anticlockwise"
    assert r.describe() == "classic rules"
    assert Rules(opening_card="2♠").opening_card == "2S"


@pytest.mark.parametrize("field,value", [
    ("direction", "left"), ("off_suit", "trump"), ("picker", "lowest"), ("pickup", "all"),
    ("next_leader", "random"), ("ace", "middle"), ("opening_card", "1X"), ("must_draw", "yes"),
    ("take_from_left", 1), ("teams", None),
])
def test_rules_bad_values(field, value):
    with pytest.raises(ValueError):
        Rules(**{field: value})


def test_rules_that_contradict_each_other_are_refused():
    with pytest.raises(ValueError, match="discard form"):
        Rules(off_suit="discard", picker="offsuit_player")
    with pytest.raises(ValueError, match="discard form"):
        Rules(off_suit="discard", pickup="trick_and_waste")


def test_rules_dict_round_trip_and_unknown_fields():
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="unknown rule fields: colour"):
        Rules.from_dict({"colour": "red"})


def test_index_tuple_is_indices_as_a_tuple():
    rng = random.Random(5)
    for _ in range(2000):
        m = rng.getrandbits(52)
        assert index_tuple(m) == tuple(indices(m))


@pytest.mark.parametrize("name, preset", [
    ("Get Away", "get away"), ("get-away", "get away"), ("GET_AWAY", "get away"), ("getaway", "get away"),
    ("pick up form", "pick-up form"), ("Pick-Up Form", "pick-up form"), ("pick_up_form", "pick-up form"),
    ("Classic", "classic"), ("ACE-LOW", "ace low"), ("No Taking", "no taking"), ("whole_pile", "whole pile"),
])
def test_preset_names_regardless_of_case_spaces_hyphens_and_underscores(name, preset):
    from bhabho_widget import Game, TableSession
    from bhabho_widget.engine.rules import rules_from

    assert rules_from(name) == PRESETS[preset]
    assert Game.deal(4, seed=1, rules=name).rules == PRESETS[preset]
    assert TableSession(seed=1, rules=name).config()["variant"] == preset


def test_an_unknown_preset_name_lists_the_valid_names():
    from bhabho_widget.engine.rules import rules_from

    with pytest.raises(ValueError) as err:
        rules_from("get lost")
    text = str(err.value)
    assert "unknown rules 'get lost'" in text
    assert all(repr(name) in text for name in PRESETS), text
