"""What play reveals beyond the facts: the cards a seat passed over (``SeatView.passed``)
and the sampler's deals weighted by them (``sample_hidden(..., doubt=...)``)."""

import dataclasses
import random

import pytest

from bhabho_widget import Game, RuleBot
from bhabho_widget.engine.cards import DECK, Card
from bhabho_widget.engine.rules import PRESETS
from bhabho_widget.engine.seat_view import read_knowledge
from bhabho_widget.play.determinize import with_hidden_cards
from bhabho_widget.play.registry import ARENA_BOTS
from bhabho_widget.play.search import SearchBot, check_sample, sample_hidden


def cards(mask):
    return sorted(str(DECK[i]) for i in range(52) if mask >> i & 1)


def test_the_last_card_of_a_clean_trick_passes_over_the_stronger_cards_of_its_suit():
    g = Game.from_hands([["9H", "2S"], ["5H", "3S"], ["8H", "4S"]], leader=0, seed=0)
    g.play("9H")
    g.play("5H")  # ducked under 9♥: it would have played 6♥, 7♥ or 8♥ had it held them
    v = g.seat_view(2)
    assert cards(v.passed[1]) == ["6♥", "7♥", "8♥"]
    g.play("8H")  # the last card: the trick goes to the waste pile, 8♥ shed in safety
    v = g.seat_view(0)
    assert g.waste_size == 3
    assert cards(v.passed[2]) == sorted(str(Card.parse(c)) for c in ["9H", "10H", "JH", "QH", "KH", "AH"])
    assert v.passed[0] == 0, "a lead passes nothing over"


def test_a_tochoo_passes_over_the_stronger_cards_of_its_suit():
    g = Game.from_hands([["9H", "2S"], ["KD", "3S"], ["8H", "4S"]], leader=0, seed=0)
    g.play("9H")
    g.play("KD")  # cannot follow: a tochoo, and seat 1 threw K♦ rather than A♦
    v = g.seat_view(0)
    assert cards(v.passed[1]) == ["A♦"]


def test_stronger_follows_the_rules_ace_low_too():
    rules = dataclasses.replace(PRESETS["classic"], ace="low")
    g = Game.from_hands([["9H", "2S"], ["5H", "3S"], ["8H", "4S"]], leader=0, seed=0, rules=rules)
    g.play("9H")
    g.play("5H")
    v = g.seat_view(0)
    assert cards(v.passed[1]) == ["6♥", "7♥", "8♥"]
    g.play("8H")
    v = g.seat_view(0)
    # ace low: the ace is the weakest heart, so it is not among the stronger cards
    assert "A♥" not in cards(v.passed[2]) and "K♥" in cards(v.passed[2])


def play_rules_game(players, seed, rules=None, every=None):
    """A game of rules-of-thumb bots, yielding the game after every card."""
    g = Game.deal(players, seed=seed, rules=rules or PRESETS["classic"])
    bots = [RuleBot(seed=seed * 10 + s) for s in range(players)]
    while not g.is_over:
        s = g.current_player
        g.play(bots[s].choose_card(g.seat_view(s)))
        yield g


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_of_thumb_players_never_hold_a_card_they_passed_over(name):
    """The reading is the rules-of-thumb bot's own play model: against it, it is never wrong
    (a card drawn from the waste pile or picked up in public is not a hidden card)."""
    rules = PRESETS[name]
    players = 4 if rules.teams else 3 + len(name) % 4
    marked = 0
    for seed in range(6):
        for g in play_rules_game(players, seed, rules):
            v = g.seat_view(0)
            for s in range(1, players):
                hidden = g.hand_mask(s) & ~v.known[s]
                if v.drawer == s or (v.drawn >= 0):
                    continue
                assert v.passed[s] & hidden == 0, (name, seed, s, cards(v.passed[s] & hidden))
                marked += (v.passed[s] & ~v.known[s]).bit_count()
    assert marked > 100


def test_reading_on_from_an_earlier_answer_gives_the_same_as_reading_at_once():
    strength = Game.deal(4, seed=0)._strength
    for g in play_rules_game(5, 3):
        if len(g._log) % 7 == 0:
            half = read_knowledge(None, g._log[:len(g._log) // 2], 5, 1, strength)
            assert read_knowledge(half, g._log, 5, 1, strength) == read_knowledge(None, g._log, 5, 1, strength)


def test_the_view_says_what_was_passed_over_the_same_for_every_deal_of_the_hidden_cards():
    games = [g.copy() for g in play_rules_game(4, 11)]
    g = games[len(games) // 2]
    v = g.seat_view(1)
    assert any(v.passed)
    for k in range(3):
        hands, waste = sample_hidden(v, random.Random(k))
        assert with_hidden_cards(g, hands, waste).seat_view(1).passed == v.passed


def test_weighted_deals_fit_the_view_and_rarely_give_a_seat_what_it_passed_over():
    games = [g.copy() for g in play_rules_game(4, 5)]
    g = games[len(games) // 3]
    v = g.seat_view(0)
    hidden = [v.passed[s] & v.unseen & ~v.waste_known for s in range(4)]  # cards that could be anywhere
    assert sum(m.bit_count() for m in hidden) >= 4

    def rate(doubt):
        rng = random.Random(7)
        hits = total = 0
        for _ in range(300):
            hands, waste = sample_hidden(v, rng, doubt)
            assert check_sample(v, hands, waste) == []
            hits += sum((hands[s] & hidden[s]).bit_count() for s in range(1, 4))
            total += sum(h.bit_count() for h in hidden[1:])
        return hits / total

    plain, weighted = rate(1.0), rate(0.1)
    assert weighted < plain / 3, (plain, weighted)


def test_doubt_is_checked_and_the_level_that_reads_play_finishes_a_game():
    for bad in (0, -0.5, 1.5, "0.1", True):
        with pytest.raises(ValueError, match="doubt"):
            SearchBot(doubt=bad)
    bot = ARENA_BOTS["search-deep-reads"](seed=1, rollouts=32, samples=8)
    assert bot.name == "search-deep-reads" and bot.doubt == 0.1 and bot.rollouts == 32
    assert ARENA_BOTS["search-deep-reads"](seed=1).rollouts == 768
    g = Game.deal(4, seed=9)
    bots = [bot, RuleBot(seed=1), RuleBot(seed=2), RuleBot(seed=3)]
    while not g.is_over:
        s = g.current_player
        g.play(bots[s].choose_card(g.seat_view(s)))
    assert g.is_over and (g.loser is not None or g.is_stalemate)
