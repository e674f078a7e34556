import collections

import pytest

from bhabho_widget import Card, Driver, Game, Match, RandomBot, RuleBot, Rules, play_out


def test_match_rotates_the_dealer_and_counts_bhabhis():
    m = Match(4, rounds=6, seed=3)
    dealers = []
    while not m.is_over:
        g = m.new_game()
        dealers.append(g.dealer)
        play_out(g, [RandomBot(seed=len(dealers) * 10 + s) for s in range(4)])
        m.finish_round()
    assert dealers == [0, 1, 2, 3, 0, 1]
    assert m.rounds_played == 6 and sum(m.counts) == m.pot == sum(r is not None for r in m.results)
    assert m.losers == [s for s in range(4) if m.counts[s] == max(m.counts)]
    pay = m.payout()
    assert sum(pay.values()) == pytest.approx(m.pot) and set(pay) == set(m.pot_winners)
    with pytest.raises(ValueError, match="match is over"):
        m.new_game()


def test_anticlockwise_match_moves_the_dealer_the_other_way():
    m = Match(3, rounds=3, seed=1, rules=Rules(direction="anticlockwise"))
    dealers = []
    while not m.is_over:
        dealers.append(m.new_game().dealer)
        play_out(m.game, [RandomBot(s) for s in range(3)])
    assert dealers == [0, 2, 1]


def test_match_ends_when_a_player_reaches_the_bhabhi_limit():
    m = Match(3, rounds=None, max_bhabhi=2, seed=5)
    while not m.is_over:
        m.play_round([RandomBot(seed=m.rounds_played * 3 + s) for s in range(3)])
    assert max(m.counts) == 2 and m.losers and m.rounds_played >= 2


def test_match_refusals_and_ties():
    with pytest.raises(ValueError, match="needs an end"):
        Match(4, rounds=None)
    with pytest.raises(ValueError, match="rounds"):
        Match(4, rounds=0)
    m = Match(4, rounds=2, seed=1)
    m.new_game()
    with pytest.raises(ValueError, match="not over"):
        m.new_game()
    with pytest.raises(ValueError, match="no finished round"):
        m.finish_round()
    first = m.game
    assert m.new_game(abandon=True) is not first and m.rounds_played == 0 and m.dealer == 0
    m._counts = [1, 0, 0, 1]
    m._pot = 2
    assert m.payout() == {1: 1.0, 2: 1.0} and m.losers == [0, 3]


def test_driver_offers_each_bot_one_take_per_boundary_in_play_order():
    class Recorder(RandomBot):
        def __init__(self, log):
            super().__init__(seed=0, take_chance=0)
            self.log = log

        def wants_take(self, view):
            self.log.append((view.trick_number, view.seat, view.leader))
            return False

    log = []
    g = Game.deal(4, seed=2)
    d = Driver(g, {s: Recorder(log) for s in (1, 2, 3)})  # seat 0 is a person
    for _ in range(200):
        if g.is_over:
            break
        if d.next_action() is None:
            g.play(g.legal_cards()[0])
        else:
            d.step()
    by_trick = collections.defaultdict(list)
    for trick, seat, leader in log:
        by_trick[(trick, leader)].append(seat)
    assert by_trick and all(len(seats) == len(set(seats)) for seats in by_trick.values())
    for (_trick, leader), seats in by_trick.items():
        order = [(leader + k) % 4 for k in range(4)]
        assert seats == sorted(seats, key=order.index)
    assert all(trick > 1 for trick, _, _ in log), "no take before the opening trick"


def test_driver_refuses_when_no_bot_is_to_act():
    g = Game.deal(3, seed=1)
    d = Driver(g, {})
    assert d.waiting_for() == "human"
    with pytest.raises(ValueError, match="no bot"):
        d.step()
    with pytest.raises(ValueError, match="no seat 5"):
        Driver(g, {5: RandomBot()})
    with pytest.raises(ValueError, match="every seat needs a bot"):
        play_out(g, [RandomBot()])


def test_bots_only_play_legal_cards_in_every_variant():
    variants = [Rules(), Rules(off_suit="discard"), Rules(picker="offsuit_player"), Rules(pickup="trick_and_waste"),
                Rules(next_leader="lowest"), Rules(ace="low", opening_card="2S"), Rules(must_draw=False)]
    for k, rules in enumerate(variants):
        for n in (3, 5, 8):
            g = Game.deal(n, seed=k * 10 + n, rules=rules)
            play_out(g, [RuleBot(s) if s % 2 else RandomBot(s) for s in range(n)])
            assert g.is_over


def test_known_voids_come_from_public_events():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    g.play("KH")
    g.play("5H")
    g.play("4S")
    view = g.seat_view(1)
    assert view.voids[2] == 1 << 1  # seat 2 showed it has no hearts
    assert view.shows_void(2, "H") and not view.shows_void(2, "S")
    assert view.voids[0] == 0       # the picker's hand changed
    assert view.known_cards(0) == [Card.parse(c) for c in ("4S", "5H", "KH")]  # picked up in public


def test_rule_bot_beats_random_bots():
    losses = 0
    games = 120
    for k in range(games):
        g = Game.deal(4, seed=k, dealer=k % 4)
        seat = k % 4
        bots = [RandomBot(seed=1000 * k + s) for s in range(4)]
        bots[seat] = RuleBot(seed=k)
        play_out(g, bots)
        losses += g.loser == seat
    assert losses / games < 0.15  # a random seat loses about a quarter of the games
