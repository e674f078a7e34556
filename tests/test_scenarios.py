"""Every rule and variant of RULES.md on hand-built positions."""

import json
import re

import pytest

from bhabho_widget import Card, Game, IllegalMoveError, Rules, SeatView
from bhabho_widget.engine.cards import cards_of
from bhabho_widget.engine.errors import InvalidCardError
from bhabho_widget.i18n import ENGLISH, LANGUAGES, translator

C = Card.parse


def codes(cards):
    return [c.code for c in cards]


def kinds(events):
    return [e.kind for e in events]


def assert_refused(g, action, match):
    """The action raises IllegalMoveError naming the rule and changes nothing."""
    before = (g.state_key(), len(g.events), g.to_json())
    with pytest.raises(IllegalMoveError, match=match):
        action()
    assert (g.state_key(), len(g.events), g.to_json()) == before


# ---------------------------------------------------------------- deal and opening trick
def test_deal_gives_every_card_once_starting_after_the_dealer():
    for n in range(3, 9):
        g = Game.deal(n, seed=11, dealer=2 % n)
        hands = [g.hand(s) for s in range(n)]
        assert sorted(c.index for h in hands for c in h) == list(range(52))
        sizes = g.hand_sizes()
        assert max(sizes) - min(sizes) <= 1
        first = (2 % n + 1) % n  # the seat after the dealer gets the first card, so one of the biggest hands
        assert sizes[first] == max(sizes)
        assert kinds(g.events) == ["deal"] * n and g.events[0].seat == first


def test_deal_is_seeded():
    assert Game.deal(5, seed=3).to_json() == Game.deal(5, seed=3).to_json()
    assert Game.deal(5, seed=3).hand(0) != Game.deal(5, seed=4).hand(0)
    assert isinstance(Game.deal(4).seed, int)


def test_the_ace_of_spades_opens_and_nobody_may_take_before():
    g = Game.deal(4, seed=5)
    holder = next(s for s in range(4) if C("AS") in g.hand(s))
    assert g.current_player == holder and g.legal_cards() == [C("AS")]
    assert g.trick_number == 1 and g.is_opening_trick and g.legal_takes() == []
    other = next(c for c in g.hand(holder) if c != C("AS"))
    assert_refused(g, lambda: g.play(other), "must open the game with A♠")
    assert_refused(g, lambda: g.take(holder), "before the opening trick")
    events = g.play("AS")
    assert events[0].kind == "lead" and "must lead it" in events[0].text


def test_opening_trick_off_suit_is_no_tochoo_and_the_highest_spade_has_the_power():
    g = Game.from_hands([["AS", "3H"], ["KS", "4H"], ["5D", "6H"], ["2S", "7H"]])
    assert g.current_player == 0 and g.is_opening_trick
    g.play("AS")
    assert_refused(g, lambda: g.play("4H"), "must follow suit")
    g.play("KS")
    events = g.play("5D")  # no spade: allowed, and the trick goes on
    assert kinds(events) == ["discard"] and "nobody picks up" in events[0].text
    assert g.current_player == 3
    events = g.play("2S")
    assert kinds(events) == ["follow", "waste"]
    assert g.waste_size == 4 and g.leader == 0 and g.current_player == 0
    assert g.hand_sizes() == [1, 1, 1, 1] and g.trick_number == 2 and not g.is_opening_trick
    assert g.legal_takes() == [0, 1, 2, 3]


def test_custom_position_without_the_ace_opens_with_the_highest_spade():
    g = Game.from_hands([["2S", "3H"], ["QS", "4H"], ["5D", "6H"]])
    assert g.current_player == 1 and g.legal_cards() == [C("QS")] and g.is_opening_trick


def test_custom_position_without_spades_has_no_opening_trick():
    g = Game.from_hands([["2D", "3H"], ["QD", "4H"], ["5D", "6H"]])
    assert not g.is_opening_trick and g.current_player == 0
    assert codes(g.legal_cards()) == ["3H", "2D"] and g.legal_takes() == [0, 1, 2]


# ---------------------------------------------------------------- ordinary tricks
def test_follow_suit_when_able():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    assert codes(g.legal_cards()) == ["KH", "2C"]
    g.play("KH")
    assert codes(g.legal_cards()) == ["5H"]
    assert_refused(g, lambda: g.play("3C"), r"holds ♥ and must follow suit \(rule 4\)")
    assert_refused(g, lambda: g.play("9C"), "Player 1 does not hold 9♣ \\(rule 9\\)")  # a card of another hand: the one refusal
    assert_refused(g, lambda: g.play("AD"), "does not hold A♦")
    assert_refused(g, lambda: g.play("5H", seat=2), "out of turn")
    before = g.state_key()
    with pytest.raises(InvalidCardError, match="not a card"):  # a bad string is not an illegal move
        g.play("XX")
    assert g.state_key() == before


def test_tochoo_the_highest_of_the_led_suit_picks_up_and_later_players_do_not_play():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]], leader=0)
    g.play("KH")
    g.play("5H")
    events = g.play("4S")
    assert kinds(events) == ["tochoo", "pickup"]
    assert events[0].text == "Player 2 cannot follow ♥: tochoo with 4♠! Player 0 played the highest ♥, K♥."
    # one narration line per event: the pickup says how many cards, once
    assert events[1].text == "Player 0 picks up 3 cards (K♥, 5♥, 4♠) and has the power: Player 0 leads next."
    assert codes(g.hand(0)) == ["4S", "5H", "KH", "2C"]
    assert codes(g.hand(3)) == ["7H", "8C"]  # seat 3 never played
    assert g.leader == 0 and g.current_player == 0 and g.table == [] and g.waste_size == 0
    assert g.trick_number == 2


def test_tochoo_with_the_leader_alone_in_the_suit_the_leader_picks_up():
    g = Game.from_hands([["KH", "2C"], ["3C", "4C"], ["5H", "9C"]], leader=0)
    g.play("KH")
    events = g.play("3C")
    assert kinds(events) == ["tochoo", "pickup"] and events[1].seat == 0
    assert events[0].text == ("Player 1 cannot follow ♥: tochoo with 3♣! Player 0's lead, K♥, is the only ♥ "
                              "on the table.")
    assert codes(g.hand(0)) == ["KH", "2C", "3C"] and g.leader == 0


def test_tochoo_picker_need_not_be_the_leader():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["4S", "9C"]], leader=0)
    g.play("5H")
    g.play("KH")
    g.play("4S")
    assert g.leader == 1 and g.hand_sizes() == [1, 4, 1]


def test_clean_trick_goes_to_the_waste_pile_and_the_highest_has_the_power():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"]], leader=0)
    g.play("5H")
    g.play("KH")
    events = g.play("7H")
    assert kinds(events) == ["follow", "waste"]
    assert events[1].text == ("Everyone followed ♥: a clean trick. The 3 cards go face down to the waste pile. "
                              "Player 1 played the highest ♥, K♥, and has the power.")
    assert g.waste_size == 3 and g.leader == 1 and g.current_player == 1 and g.hand_sizes() == [1, 1, 1]


# ---------------------------------------------------------------- escapes and the power
def test_a_player_whose_last_card_followed_below_the_highest_escapes():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H"]], leader=0)
    g.play("5H")
    g.play("KH")
    events = g.play("7H")
    assert kinds(events) == ["follow", "waste", "escape"] and events[2].seat == 2
    assert g.escaped == [2] and "escapes" in events[2].text
    g.play("3C")  # seat 1 leads; seat 2 is skipped from now on
    assert g.current_player == 0


def test_a_player_whose_last_card_was_a_tochoo_escapes():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["4S"]], leader=0)
    g.play("5H")
    g.play("KH")
    events = g.play("4S")
    assert kinds(events) == ["tochoo", "pickup", "escape"] and g.escaped == [2] and g.leader == 1


def test_winner_without_cards_draws_from_the_waste_pile_before_the_trick_is_added():
    for seed in range(30):
        g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, waste=["9D", "8D"], seed=seed)
        g.play("5H")
        g.play("KH")
        events = g.play("7H")
        assert kinds(events) == ["follow", "waste", "draw"]
        drawn = events[2].cards[0]
        assert drawn in (C("9D"), C("8D")), "never a card of the trick just played"
        assert g.hand(1) == [drawn] and g.leader == 1 and 1 not in g.escaped
        assert g.waste_size == 4 and g.legal_cards() == [drawn] and g.draw_card == drawn
        assert "must lead it" in events[2].text
        events = g.play(drawn)
        assert events[0].kind == "lead" and "drawn from the waste pile" in events[0].text


def test_draw_from_the_trick_when_the_waste_pile_is_empty():
    drawn = set()
    for seed in range(40):
        g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, seed=seed)
        g.play("5H")
        g.play("KH")
        events = g.play("7H")
        drawn.add(events[-1].cards[0].code)
        assert g.waste_size == 2 and g.hand_sizes() == [1, 1, 1]
    assert drawn == {"5H", "KH", "7H"}


def test_the_draw_is_seeded_and_undo_reproduces_it():
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, waste=["9D", "8D", "2D", "3D"], seed=9)
    g.play("5H")
    g.play("KH")
    first = g.play("7H")[-1].cards
    g.undo()
    assert g.play("7H")[-1].cards == first


def test_must_lead_the_drawn_card_even_after_taking():
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, waste=["9D"], seed=1)
    for c in ("5H", "KH", "7H"):
        g.play(c)
    g.take(1)  # the power holder takes seat 2's hand
    assert g.legal_cards() == [C("9D")]
    assert_refused(g, lambda: g.play("3C"), "must lead 9♦, the card drawn")


def test_winning_with_the_last_card_when_only_one_other_player_is_left():
    g = Game.from_hands([["5H"], ["KH"], []], leader=0, waste=["9D"])
    g.play("5H")
    events = g.play("KH")
    assert kinds(events) == ["follow", "waste", "draw", "escape", "game_over"]
    assert g.is_over and g.loser == 1 and g.escaped == [0]


# ---------------------------------------------------------------- taking the next player's hand
def test_take_gives_the_power_to_the_taker():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"]], leader=1)
    assert g.legal_takes() == [0, 1, 2]
    events = g.take(0)
    assert kinds(events) == ["take", "escape"]
    assert events[0].text == "Player 0 takes Player 1's hand: 2 cards (K♥, 3♣) and with it the power."
    assert g.leader == 0 and g.current_player == 0 and g.escaped == [1]
    assert codes(g.hand(0)) == ["5H", "KH", "2C", "3C"] and g.hand(1) == []


def test_take_skips_seats_without_cards_and_several_takes_may_follow():
    g = Game.from_hands([["5H", "2C"], [], ["7H"], ["9S", "4C"], ["JD"]], leader=0)
    assert g.next_holder(0) == 2 and g.next_holder(4) == 0
    g.take(0)
    assert g.hand_sizes()[0] == 3 and g.escaped == [2] and g.leader == 0
    g.take(3)
    assert g.escaped == [2, 4] and g.hand_sizes()[3] == 3 and not g.is_over


def test_a_take_that_leaves_only_the_taker_makes_the_taker_the_bhabhi():
    g = Game.from_hands([["5H"], ["KH", "2S"]], leader=0)
    events = g.take(0)
    assert kinds(events) == ["take", "escape", "game_over"]
    assert g.is_over and g.loser == 0 and g.escaped == [1] and g.current_player is None


def test_take_refusals():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"]], leader=0)
    g.play("5H")
    assert_refused(g, lambda: g.take(2), "only be taken between tricks")
    assert_refused(g, lambda: g.take(7), "no seat 7")
    g2 = Game.from_hands([["5H", "2C"], [], ["7H", "4C"]], leader=0)
    assert_refused(g2, lambda: g2.take(1), "holds no cards")
    g3 = Game.from_hands([["5H", "2C"], ["KH", "3C"]], leader=0, rules=Rules(take_from_left=False))
    assert g3.legal_takes() == []
    assert_refused(g3, lambda: g3.take(0), "take_from_left=False")


# ---------------------------------------------------------------- end of the game
def test_game_over_names_the_bhabhi_and_refuses_everything():
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H"]], leader=0, waste=["9D"])
    g.play("5H")
    g.play("KH")
    events = g.play("7H")
    assert kinds(events) == ["follow", "waste", "draw", "escape"]  # seat 1 drew; seats 0 and 1 hold cards
    g.play(g.legal_cards()[0])  # seat 1 leads 9D; seat 0 cannot follow: tochoo
    assert g.is_over is False or g.loser is not None
    while not g.is_over:
        g.play(g.legal_cards()[0])
    assert g.events[-1].kind == "game_over" and f"Player {g.loser} is the bhabhi" in g.events[-1].text
    assert g.current_player is None and g.legal_cards() == [] and g.legal_takes() == []
    assert_refused(g, lambda: g.play("2C"), "game is over")
    assert_refused(g, lambda: g.take(g.loser), "game is over")


# ---------------------------------------------------------------- undo
def test_undo_after_every_kind_of_step_restores_the_exact_state():
    def check(g, action):
        before = (g.state_key(), [e.text for e in g.events], g.to_json(), [g.seat_view(s) for s in range(g.num_players)])
        first = action()
        g.undo()
        assert (g.state_key(), [e.text for e in g.events], g.to_json(),
                [g.seat_view(s) for s in range(g.num_players)]) == before
        assert action() == first

    g = Game.from_hands([["AS", "3H"], ["KS", "4H"], ["5D", "6H"]])
    check(g, lambda: g.play("AS"))          # opening lead
    check(g, lambda: g.play("KS"))          # follow
    check(g, lambda: g.play("5D"))          # opening discard, waste
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S"]], leader=0)
    g.play("KH")
    g.play("5H")
    check(g, lambda: g.play("4S"))          # tochoo, pickup, escape
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, waste=["9D", "8D"])
    g.play("5H")
    g.play("KH")
    check(g, lambda: g.play("7H"))          # waste, draw
    check(g, lambda: g.take(2))             # take
    g = Game.from_hands([["5H"], ["KH", "2S"]], leader=0)
    check(g, lambda: g.take(0))             # take to game over
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        Game.deal(4, seed=1).undo()


# ---------------------------------------------------------------- records
def test_json_round_trip_mid_game_and_at_the_end():
    from bhabho_widget import RandomBot, play_out

    g = Game.deal(5, seed=21, names=["Asha", "Bilal", "Chen", "Dev", "Esi"])
    for _ in range(30):
        g.play(g.legal_cards()[0])
    h = Game.from_json(g.to_json())
    assert h.state_key() == g.state_key() and h.names == g.names and h.moves == g.moves
    play_out(g, [RandomBot(s) for s in range(5)])
    h = Game.from_json(g.to_json())
    assert h.state_key() == g.state_key() and [e.text for e in h.events] == [e.text for e in g.events]


def test_tampered_records_are_refused():
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, waste=["9D", "8D"], seed=4)
    for c in ("5H", "KH", "7H"):
        g.play(c)
    rec = json.loads(g.to_json())

    def refused(change, match):
        r = json.loads(json.dumps(rec))
        change(r)
        with pytest.raises(ValueError, match=match):
            Game.from_json(json.dumps(r))

    refused(lambda r: r["moves"].__setitem__(1, "2C"), "move 2")
    refused(lambda r: r["draws"].__setitem__(0, "7H"), "draws")
    refused(lambda r: r["result"].__setitem__("hand_sizes", [0, 0, 0]), "result")
    refused(lambda r: r["start"]["hands"][0].append("7H"), "twice")
    refused(lambda r: r.__setitem__("format", "chess"), "not a game record")
    refused(lambda r: r.__setitem__("version", 99), "version")
    refused(lambda r: r.pop("moves"), "missing")
    refused(lambda r: r["rules"].__setitem__("ace", "middle"), "Rules.ace")
    dealt = json.loads(Game.deal(4, seed=8).to_json())
    for key, value in (("leader", 1), ("waste", ["2H"])):
        edited = json.loads(json.dumps(dealt))
        edited["start"][key] = value
        with pytest.raises(ValueError, match="dealt game starts"):
            Game.from_json(json.dumps(edited))
    edited = dict(dealt, version=True)
    with pytest.raises(ValueError, match="version"):
        Game.from_json(json.dumps(edited))
    dealt["seed"] = 9
    with pytest.raises(ValueError, match="do not match the deal"):
        Game.from_json(json.dumps(dealt))
    with pytest.raises(ValueError, match="not a game record"):
        Game.from_json("{not json")


def test_invalid_positions():
    with pytest.raises(ValueError, match="twice"):
        Game.from_hands([["AS"], ["AS"]])
    with pytest.raises(ValueError, match="at least 2 players"):
        Game.from_hands([["AS"], []])
    with pytest.raises(ValueError, match="2 to 8 players"):
        Game.from_hands([["AS"]])
    with pytest.raises(ValueError, match="holds no cards"):
        Game.from_hands([["AS"], ["KS"], []], leader=2)
    with pytest.raises(ValueError, match="waste pile needs a leader"):
        Game.from_hands([["AS"], ["KS"]], waste=["2D"])
    with pytest.raises(ValueError, match="hand and in the waste"):
        Game.from_hands([["AS"], ["KS"]], leader=0, waste=["KS"])
    with pytest.raises(ValueError, match="3 to 8 players"):
        Game.deal(9)
    with pytest.raises(ValueError, match="dealer"):
        Game.deal(4, dealer=4)
    with pytest.raises(ValueError, match="teams variant"):
        Game.deal(5, rules=Rules(teams=True))
    with pytest.raises(ValueError, match="names"):
        Game.deal(3, names=["a", "b"])
    with pytest.raises(TypeError, match="Game.deal"):
        Game()


# ---------------------------------------------------------------- variants
def test_anticlockwise_play_goes_to_the_seat_before():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"], ["9H"]], leader=0,
                        rules=Rules(direction="anticlockwise"))
    g.play("5H")
    assert g.current_player == 3
    assert g.next_holder(0) == 3
    d = Game.deal(4, seed=2, rules=Rules(direction="anticlockwise"), dealer=0)
    assert d.events[0].seat == 3  # the deal starts with the seat after the dealer in play order


def test_discard_form_an_off_suit_card_cannot_win_and_the_trick_goes_on():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]], leader=0,
                        rules=Rules(off_suit="discard"))
    g.play("KH")
    g.play("5H")
    events = g.play("4S")
    assert kinds(events) == ["discard"] and "cannot win" in events[0].text and g.current_player == 3
    events = g.play("7H")
    assert kinds(events) == ["follow", "waste"] and g.waste_size == 4 and g.leader == 0


def test_pick_up_form_the_player_who_cannot_follow_picks_up_at_once():
    rules = Rules(picker="offsuit_player")
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]], leader=0, rules=rules)
    g.play("KH")
    events = g.play("5H")  # seat 2 has no hearts: the pickup happens inside this play
    assert kinds(events) == ["follow", "tochoo", "pickup"]
    assert events[1].text == "Player 2 cannot follow ♥, so plays no card (pick-up form)."
    assert events[2].text.startswith("Player 2 picks up 2 cards")
    assert codes(g.hand(2)) == ["4S", "5H", "KH", "9C"] and g.leader == 2 and g.current_player == 2
    # the lead itself can cause it
    g = Game.from_hands([["KH", "2C"], ["3C"], ["5H"]], leader=0, rules=rules)
    events = g.play("KH")
    assert kinds(events) == ["lead", "tochoo", "pickup"] and g.leader == 1
    # the opening trick is still settled as in the classic game
    g = Game.from_hands([["AS", "2C"], ["3C", "4C"], ["5S", "6C"]], rules=rules)
    g.play("AS")
    assert kinds(g.play("3C")) == ["discard"]


def test_whole_pile_pickup_takes_the_waste_pile_too():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, waste=["9D", "8D"],
                        rules=Rules(pickup="trick_and_waste"))
    g.play("KH")
    g.play("5H")
    events = g.play("4S")
    assert kinds(events) == ["tochoo", "pickup", "pickup"]
    assert events[2].private == (0,) and "whole waste pile: 2 cards" in events[2].text
    assert g.waste_size == 0 and codes(g.hand(0)) == ["4S", "5H", "KH", "8D", "9D", "2C"]
    assert g.events_for(1)[-1]["cards"] == [] and g.events_for(0)[-1]["cards"] == ["8D", "9D"]


def test_get_away_the_lowest_card_leads_after_a_clean_trick():
    rules = Rules(next_leader="lowest")
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"], ["7H", "4C"]], leader=1, rules=rules)
    g.play("KH")
    g.play("7H")
    events = g.play("5H")
    assert events[-1].seat == 0 and "lowest ♥, 5♥" in events[-1].text and g.leader == 0
    # after a pickup the picker leads; the opening trick is still won by the highest spade
    g = Game.from_hands([["AS", "2C"], ["3S", "4C"], ["5S", "6C"]], rules=rules)
    for c in ("AS", "3S", "5S"):
        g.play(c)
    assert g.leader == 0


def test_ace_low_the_ace_ranks_below_two():
    g = Game.from_hands([["AH", "2C"], ["2H", "3C"], ["3D", "4C"]], leader=0, rules=Rules(ace="low"))
    g.play("AH")
    g.play("2H")
    g.play("3D")  # tochoo: 2H is the highest heart
    assert g.leader == 1 and g.hand_sizes()[1] == 4


def test_opening_with_the_two_of_spades_in_ace_low():
    rules = Rules(ace="low", opening_card="2S")
    g = Game.from_hands([["2S", "AH"], ["KS", "4H"], ["AS", "6H"]], rules=rules)
    assert g.current_player == 0 and g.legal_cards() == [C("2S")]
    for c in ("2S", "KS", "AS"):
        g.play(c)
    assert g.leader == 1  # K♠ is the highest spade when aces are low


def test_no_draw_variant_the_power_holder_escapes_and_the_lead_passes():
    rules = Rules(must_draw=False)
    g = Game.from_hands([["5H", "2C"], ["KH"], ["7H", "3C"]], leader=0, rules=rules)
    g.play("5H")
    g.play("KH")
    events = g.play("7H")
    assert kinds(events) == ["follow", "waste", "escape"] and g.escaped == [1]
    assert g.leader == 2 and g.current_player == 2 and "Player 2 leads next" in events[2].text
    g = Game.from_hands([["5H"], ["KH"]], leader=0, rules=rules)
    g.play("5H")
    events = g.play("KH")
    assert kinds(events)[-1] == "game_over" and g.is_over and g.loser is None
    assert events[-1].text == "Nobody holds cards: the game is over and nobody loses."


def test_teams_the_bhabhi_and_partner_lose():
    g = Game.from_hands([["5H"], ["KH", "2S"], ["3D"], ["4D"]], leader=0, rules=Rules(teams=True))
    assert g.losing_team is None
    g.take(1)
    g.take(3)
    g.take(1)
    assert g.escaped == [2, 0, 3] and g.is_over and g.loser == 1 and g.losing_team == (1, 3)
    assert "team of Player 1 and Player 3 loses" in g.events[-1].text


# ---------------------------------------------------------------- views
def test_a_seat_view_holds_only_what_the_seat_may_know():
    g = Game.deal(4, seed=3)
    v = g.seat_view(2)
    assert v.hand == g.hand_mask(2) and list(v.hand_sizes) == g.hand_sizes()
    assert [v.known[s] for s in (0, 1, 3)] == [0, 0, 0]  # at the deal nothing of another hand is known
    assert SeatView.from_dict(json.loads(json.dumps(v.to_dict()))) == v  # its JSON, as a table server sends it
    assert [e["cards"] for e in g.events_for(2)] == [[] if e.seat != 2 else codes(e.cards) for e in g.events]
    assert codes(cards_of(g.seat_view(g.current_player).legal)) == ["AS"]
    assert g.seat_view((g.current_player + 1) % 4).legal == 0


def test_the_viewing_seat_is_addressed_in_the_second_person():
    g = Game.from_hands([["KH", "2C"], ["3C", "4C"], ["5D"]], leader=0, names=["Asha", "Bot 1", "Bot 2"])
    g.play("KH")
    events = g.play("3C")
    assert [e.describe(viewer=0) for e in events] == [
        "Bot 1 cannot follow ♥: tochoo with 3♣! Your lead, K♥, is the only ♥ on the table.",
        "You pick up 2 cards (K♥, 3♣) and have the power: you lead next.",
    ]
    assert events[1].text == "Asha picks up 2 cards (K♥, 3♣) and has the power: Asha leads next."
    g.take(2)
    assert g.events[-2].describe(viewer=0) == "Bot 2 takes your hand: 3 cards (K♥, 2♣, 3♣) and with it the power."
    assert g.events[-2].describe(viewer=1) == "Bot 2 takes Asha's hand: 3 cards and with it the power."
    assert g.events[-2].describe(viewer=2) == "You take Asha's hand: 3 cards (K♥, 2♣, 3♣) and with it the power."
    assert g.events[-1].describe(viewer=0) == "Your hand was taken: you escape and are safe."
    assert g.events[-1].text == "Asha's hand was taken: Asha escapes and is safe."


def test_a_seat_read_as_you_takes_the_second_person_whoever_tells_it():
    """A sentence takes the person of its subject: a seat named "You" (the person at a
    table, the seat a lesson looks from) is never "You has" or "You holds", told with a
    viewer or without one, a narration or a refusal, in every language."""
    g = Game.from_hands([["KH", "2C"], ["5H", "4C"]], leader=0, names=["You", "Bot 1"])
    assert g.play("KH")[0].text == "You have the power and lead K♥."
    assert g.events[-1].describe(viewer=0) == "You have the power and lead K♥."
    with pytest.raises(IllegalMoveError) as err:
        g.play("4C")  # Bot 1 holds a heart: refused about Bot 1, named
    assert str(err.value) == "Bot 1 holds ♥ and must follow suit (rule 4): 4♣ is not ♥"
    g = Game.from_hands([["5H", "4C"], ["KH", "2C"]], leader=1, names=["Asha", "Bot 1"])
    g.play("KH")
    with pytest.raises(IllegalMoveError) as err:
        g.play("4C")  # no viewer given: the sentence takes the person of whoever reads it
    why = err.value.args[0]
    assert str(why) == "Asha holds ♥ and must follow suit (rule 4): 4♣ is not ♥"
    assert why.localize(ENGLISH, ["You", "Bot 1"]) == "you hold ♥ and must follow suit (rule 4): 4♣ is not ♥"
    for code in LANGUAGES:
        tr = translator(code)
        you = tr.gettext("You")
        assert why.localize(tr, [you, "Bot 1"]) == tr.gettext("you hold {suit} and must follow suit (rule 4): "
                                                             "{card} is not {suit}").format(suit="♥", card="4♣")
        assert "Asha" in why.localize(tr, ["Asha", "Bot 1"])


def test_refusals_in_the_opening_trick_cite_rule_3_and_say_during():
    # following suit in the opening trick is rule 3's, not rule 4's; no take before it or during it
    g = Game.from_hands([["4S", "7H"], ["AS", "2D"], ["9H", "3C"], ["KS", "5C"]])
    g.play("AS")
    g.play("9H")  # no spade: a discard
    assert_refused(g, lambda: g.play("5C"),
                   re.escape("Player 3 holds ♠ and must follow suit in the opening trick (rule 3): 5♣ is not ♠"))
    with pytest.raises(IllegalMoveError) as err:
        g.play("5C", viewer=3)
    assert str(err.value) == "you hold ♠ and must follow suit in the opening trick (rule 3): 5♣ is not ♠"
    assert_refused(g, lambda: g.take(0), re.escape("no hand may be taken before the opening trick or during it (rule 7)"))
    g.play("KS")
    g.play("4S")
    assert not g.is_opening_trick and g.table == []
    g2 = Game.from_hands([["2H", "5D"], ["7H", "3C"]], leader=0)
    g2.play("2H")
    assert_refused(g2, lambda: g2.play("3C"), re.escape("must follow suit (rule 4)"))


def test_an_escape_with_the_power_that_ends_the_game_names_no_next_leader():
    # no draw variant: Player 1 wins the trick with its last card and escapes; only Player 2 is left
    g = Game.from_hands([["5D"], ["JD"], ["8D", "2C"]], rules=Rules(must_draw=False), leader=0, waste=["QC"])
    g.play("5D")
    g.play("JD")
    events = g.play("8D")
    texts = [e.text for e in events]
    assert g.is_over and g.loser == 2
    escape = next(e for e in events if e.kind == "escape" and e.seat == 1)
    assert "in this variant that is an escape" in escape.text and "leads next" not in " ".join(texts)
    # while the game goes on, the escape names the next leader
    g = Game.from_hands([["5D"], ["JD"], ["8D", "2C"], ["3D", "9S"]], rules=Rules(must_draw=False), leader=0,
                        waste=["QC"])
    g.play("5D")
    g.play("JD")
    g.play("8D")
    events = g.play("3D")
    escape = next(e for e in events if e.kind == "escape" and e.seat == 1)
    assert escape.text.endswith("Player 2 leads next.") and g.leader == 2 and not g.is_over


def test_the_pickup_that_ends_the_game_says_nobody_leads_next():
    # Player 1 cannot follow ♥ with its last card: a tochoo; Player 0 picks up and is the bhabhi
    g = Game.from_hands([["KH", "2S"], ["5C"]], leader=0)
    g.play("KH")
    events = g.play("5C")
    assert g.is_over and g.loser == 0
    pickup = next(e for e in events if e.kind == "pickup")
    assert pickup.text == "Player 0 picks up 2 cards (K♥, 5♣)." and pickup.info == "last"
    assert "leads next" not in " ".join(e.text for e in events)
    assert g.last_trick() is not None and g.last_trick().outcome == "pickup" and g.last_trick().picker == 0
    # undo takes it back; while the game goes on, the picker leads next
    g.undo()
    g2 = Game.from_hands([["KH", "2S"], ["5C", "3D"]], leader=0)
    g2.play("KH")
    events = g2.play("5C")
    assert any(e.kind == "pickup" and e.text.endswith("Player 0 leads next.") for e in events) and not g2.is_over


def _refusal_templates(game, seat, language):
    """Seat ``seat``'s refusal of every card of the deck it does not hold, in ``language``,
    with the card written as {card}: one template per distinct text."""
    from bhabho_widget.engine.cards import DECK
    from bhabho_widget.i18n import translator

    tr = translator(language)
    held = set(game.hand(seat))
    texts = set()
    for card in DECK:
        if card in held:
            continue
        with pytest.raises(IllegalMoveError) as err:
            game.play(card, seat=seat, viewer=seat)
        texts.add(tr.render(err.value).replace(str(card), "{card}"))
    return texts


@pytest.mark.parametrize("language", ["en", "de", "es", "hi", "ru"])
def test_one_refusal_for_every_card_not_held_wherever_it_is(language):
    # seat 0 wins a clean trick with its last card and draws from the waste pile; seat 3
    # takes seat 0's hand, drawn card and power included, and leads: seat 1 is to play,
    # and the drawn card (seen only by seat 0 and seat 3) is hidden in seat 3's hand
    g = Game.from_hands([["AH"], ["2H", "3C", "9S"], ["3H", "4C"], ["4H", "5C", "KS"]], leader=0,
                        waste=["5D", "6D"], seed=3)
    for card in ("AH", "2H", "3H", "4H"):
        g.play(card)
    assert g.draw_card is not None
    g.take(3)
    g.play("5C", seat=3)
    assert g.current_player == 1
    # a card in another hand, on the table, in the waste pile (the drawn card's pile too): one text
    texts = _refusal_templates(g, 1, language)
    assert len(texts) == 1, texts
    assert _refusal_templates(Game.deal(5, seed=4), Game.deal(5, seed=4).current_player, language) == texts


def test_a_seat_whose_hand_is_taken_knows_where_its_cards_went():
    """Rule 7: the taken seat saw its own hand go to the taker, so its view knows those
    cards in the taker's hand (until played or taken on); no other seat learns them."""
    import random

    from bhabho_widget.engine.cards import DECK, indices
    from bhabho_widget.engine.seat_view import read_knowledge

    checked = 0
    for seed in range(150):
        g = Game.deal(4 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            takes = g.legal_takes()
            if takes and rng.random() < 0.3:
                taker = takes[0]
                target = g.next_holder(taker)
                lost = set(g.hand(target))
                taken_before = {e.info.target for e in g._log if e.kind == "take"}
                g.take(taker)
                assert lost <= {DECK[i] for i in indices(g.seat_view(target).known[taker])}
                public = read_knowledge(None, g._log, g.num_players)
                for other in range(g.num_players):
                    if other not in (taker, target) and other not in taken_before:
                        assert g.seat_view(other).known[taker] == public.known[taker]
                checked += 1
            else:
                g.play(rng.choice(g.legal_cards()))
                # the known cards always are in the hands they are known in
                for s in range(g.num_players):
                    v = g.seat_view(s)
                    for o in range(g.num_players):
                        assert v.known[o] & ~g.state().hands[o] == 0
    assert checked > 100
