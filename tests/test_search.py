"""The search bot: its sampler of hidden hands, its rollouts and its decisions from the seat view only."""

import dataclasses
import random

import numpy as np
import pytest

from bhabho_widget import Card, Game, RandomBot, RuleBot, Rules, play_out
from bhabho_widget.engine.cards import FULL_DECK, SUIT_MASKS, mask_of
from bhabho_widget.engine.rules import PRESETS
from bhabho_widget.play.determinize import game_from_view, with_hidden_cards
from bhabho_widget.play.registry import BOTS
from bhabho_widget.play.search import PASS, TAKE, SearchBot, check_sample, estimate_actions, loss_mask, sample_hidden, simulate

SMALL = {"rollouts": 32, "samples": 8}


def positions(rules, players, seed, every=7, take_chance=0.15):
    """Real positions of random games (with takes): (game copy, seat) every few actions."""
    g = Game.deal(players, seed=seed, rules=rules)
    bots = [RandomBot(seed=seed * 10 + s, take_chance=take_chance) for s in range(players)]
    rng = random.Random(seed)
    out = []
    step = 0
    while not g.is_over and step < 400:
        step += 1
        if not g.table and g.take_refusal() is None:
            for s in g.holders_from(g.leader):
                if not g.is_over and g.hand_mask(s) and bots[s].wants_take(g.seat_view(s)):
                    g.take(s)
                    break
            if g.is_over:
                break
        if step % every == 0:
            out.append((g.copy(), rng.choice(g.holders())))
        s = g.current_player
        g.play(bots[s].choose_card(g.seat_view(s)))
    return out


def truth(g):
    return [g.hand_mask(s) for s in range(g.num_players)], g.state().waste


def variants():
    for name, rules in PRESETS.items():
        yield name, rules, 4 if rules.teams else 3 + len(name) % 3


@pytest.mark.parametrize("name,rules,players", list(variants()), ids=[v[0] for v in variants()])
def test_sampled_deals_fit_everything_the_seat_has_seen(name, rules, players):
    checked = 0
    for seed in range(12):
        if checked >= 12:
            break
        for g, seat in positions(rules, players, seed, every=4):
            view = g.seat_view(seat)
            hands, waste = truth(g)
            assert check_sample(view, hands, waste) == [], "the real deal must fit the view"
            on_table = sum(1 << i for i in view.table)
            rng = random.Random(seed * 1000 + checked)
            for _ in range(3):
                h, w = sample_hidden(view, rng)
                assert check_sample(view, h, w) == []
                # a dealt game: every card is in a hand, on the table or in the waste pile
                assert sum(h) | w | on_table == FULL_DECK
                assert w & ~view.waste_known == 0, "the waste pile holds only cards seen going there"
                game_from_view(view, h, w, seed=1)  # the engine accepts the deal
            checked += 1
    assert checked >= 12


def test_the_sampler_respects_voids_known_cards_and_the_opening_card():
    g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                        leader=2, seed=1)
    for card in ["JD", "9C"]:  # Player 3 shows no diamonds, Player 2 picks up J♦ and 9♣ in public
        g.play(card)
    view = g.seat_view(1)
    assert view.shows_void(3, "D") and view.known[2] == mask_of(["JD", "9C"])
    rng = random.Random(0)
    for _ in range(200):
        hands, waste = sample_hidden(view, rng)
        assert hands[2] & mask_of(["JD", "9C"]) == mask_of(["JD", "9C"])
        assert hands[3] & SUIT_MASKS[2] == 0
        assert check_sample(view, hands, waste) == []
    # before the opening lead the leader holds the opening card
    d = Game.deal(4, seed=11)
    other = (d.current_player + 1) % 4
    for _ in range(20):
        hands, _ = sample_hidden(d.seat_view(other), rng)
        assert hands[d.current_player] >> Card.parse("AS").index & 1


def test_a_drawn_card_not_yet_led_is_in_the_leaders_hand():
    found = 0
    for seed in range(200):
        for pos, seat in positions(Rules(), 3, seed, every=1, take_chance=0.0):
            if pos.draw_card is not None and not pos.table and seat != pos.leader:
                view = pos.seat_view(seat)
                pending = view.waste_known.bit_count() - view.waste_size
                assert pending == 1
                hands, waste = sample_hidden(view, random.Random(seed))
                held = view.waste_known & ~waste
                assert held & hands[pos.leader] == held
                found += 1
        if found >= 3:
            break
    assert found >= 3


def test_the_seat_view_finds_the_same_next_holder_as_the_game():
    # from any seat, with or without cards, in both directions, with empty seats between
    g = Game.from_hands([["5D", "2S"], [], ["8D", "5S"], ["3C", "KH"]], leader=2)
    assert [g.seat_view(0).next_holder(s) for s in range(4)] == [g.next_holder(s) for s in range(4)] == [2, 2, 3, 0]
    for seed in range(40):
        rules = "anticlockwise" if seed % 2 else "classic"
        g = Game.deal(5, seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 60)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_cards()))
        view = g.seat_view(seed % 5)
        assert [view.next_holder(s) for s in range(5)] == [g.next_holder(s) for s in range(5)]


def test_every_seat_sees_who_must_lead_a_drawn_card():
    # public: a seat drew from the waste pile and has not led since; a take of its hand ends that (rule 7)
    seen = {"drawer": 0, "taken": 0}
    names = list(PRESETS)
    for seed in range(300):
        rules = PRESETS[names[seed % len(names)]]
        players = 4 if rules.teams else 3 + seed % 2
        g = Game.deal(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not g.is_over:
            truth_drawer = g.leader if g.draw_card is not None else None
            assert all(g.seat_view(s).drawer == truth_drawer for s in range(players))
            seen["drawer"] += truth_drawer is not None
            takes = g.legal_takes()
            if takes and rng.random() < (0.5 if truth_drawer is not None else 0.05):
                s = rng.choice(takes)
                seen["taken"] += truth_drawer is not None and g.next_holder(s) == truth_drawer
                g.take(s)
            else:
                g.play(rng.choice(g.legal_cards()))
        if seen["drawer"] >= 40 and seen["taken"] >= 5:
            break
    assert seen["drawer"] >= 40 and seen["taken"] >= 5


def test_a_drawn_card_taken_with_a_hand_is_not_forced_on_anyone():
    # Player 1 wins a clean trick with its last card and draws; Player 0 takes its hand
    # before the lead: the drawn card is Player 0's now, to lead or keep as it likes
    found = 0
    for seed in range(400):
        g = Game.deal(3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.draw_card is not None and not g.table and g.take_refusal() is None:
                drawer = g.leader
                taker = next(s for s in g.holders() if g.next_holder(s) == drawer and s != drawer)
                g.take(taker)
                if g.is_over:
                    break
                for s in range(3):
                    view = g.seat_view(s)
                    assert view.drawer is None
                    if s == taker or not g.hand_mask(s):
                        continue
                    for k in range(20):
                        hands, waste = sample_hidden(view, random.Random(k))
                        assert check_sample(view, hands, waste) == []
                        d = game_from_view(view, hands, waste, seed=k)
                        assert d.draw_card is None and len(d.legal_cards()) == view.hand_sizes[taker] or d.current_player != taker
                found += 1
                break
            g.play(rng.choice(g.legal_cards()))
        if found >= 5:
            break
    assert found >= 5


def test_the_drawn_card_is_chosen_so_that_a_deal_exists():
    # The waste pile was seen to get 8♣ 9♣ Q♥ K♥ and holds 3 of them: the fourth was drawn
    # and went to a hand with a take. Players 1 and 3 have shown no hearts, Player 2 no
    # clubs; besides it, 2♣ and 3♣ are hidden, one card in each of their hands. The clubs
    # must go to Players 1 and 3, so Player 2 holds the drawn card, and it is a heart: a
    # drawn club would leave no possible deal, whatever order the sampler tries.
    hidden = mask_of(["8C", "9C", "QH", "KH", "2C", "3C"])
    mine = FULL_DECK & ~hidden
    g = Game.from_hands([["AS", "2S"], ["3S"], ["4S"], ["5S"]], leader=0, seed=3)
    base = g.seat_view(0)
    view = dataclasses.replace(base, hand=mine, hand_sizes=(mine.bit_count(), 1, 1, 1), waste_size=3,
                               waste_known=mask_of(["8C", "9C", "QH", "KH"]), voids=(0, 0b0010, 0b1000, 0b0010),
                               known=(mine, 0, 0, 0), legal=mine, drawer=None)
    for k in range(60):
        hands, waste = sample_hidden(view, random.Random(k))
        assert check_sample(view, hands, waste) == []
        drawn = view.waste_known & ~waste
        assert drawn.bit_count() == 1 and drawn == hands[2] and drawn & SUIT_MASKS[1]
        assert hands[1] | hands[3] == mask_of(["2C", "3C"])
        game_from_view(view, hands, waste, seed=k)


def test_the_choice_depends_on_the_view_alone():
    """Dealing the hidden cards otherwise, consistently with the view, changes nothing."""
    checked = 0
    for seed in range(6):
        g = Game.deal(4, seed=seed)
        bots = [RuleBot(seed=s) for s in range(4)]
        for _ in range(14 + seed):
            g.play(bots[g.current_player].choose_card(g.seat_view(g.current_player)))
            if g.is_over:
                break
        if g.is_over:
            continue
        seat = g.current_player
        view = g.seat_view(seat)
        if view.legal.bit_count() < 2:
            continue
        choice = SearchBot(seed=5, **SMALL).choose_card(view)
        real = truth(g)
        for k in range(3):
            hands, waste = sample_hidden(view, random.Random(100 + k))
            other = with_hidden_cards(g, hands, waste)
            assert (hands, waste) != real or k > 0
            other_view = other.seat_view(seat)
            assert other_view == view
            assert SearchBot(seed=5, **SMALL).choose_card(other_view) == choice
        checked += 1
    assert checked >= 3


def test_take_decisions_depend_on_the_view_alone():
    hands = [["6H", "JH", "7H", "9H"], ["3H"], ["5S", "7S", "8H", "5H", "9S"], ["AC", "AD", "7D", "JC"]]
    waste = ["9D", "5D", "4D", "4H", "6D", "10S", "QH", "QD", "AS", "JD", "KS", "8C"]
    g = Game.from_hands(hands, leader=0, waste=waste, seed=1)
    view = g.seat_view(0)
    assert view.can_take and view.take_target == 1
    bot = SearchBot(seed=2, rollouts=200, samples=16)
    decision = bot.wants_take(view)
    assert {e.action for e in bot.last_estimates} == {TAKE, PASS}
    sizes = g.hand_sizes()
    for k in range(3):  # nothing is known of the other hands or the waste pile: deal them anew
        hidden = [c for s in (1, 2, 3) for c in g.hand(s)] + [Card.parse(c) for c in waste]
        random.Random(k).shuffle(hidden)
        h = [view.hand]
        for s in (1, 2, 3):
            h.append(mask_of(hidden[:sizes[s]]))
            hidden = hidden[sizes[s]:]
        other = with_hidden_cards(g, h, mask_of(hidden)).seat_view(0)
        assert other == view and SearchBot(seed=2, rollouts=200, samples=16).wants_take(other) == decision


def test_the_search_bot_never_takes_into_a_loss_and_seeds_repeat():
    g = Game.from_hands([["5H", "2C"], ["KH", "3C"]], leader=0, seed=0)
    view = g.seat_view(0)
    assert view.can_take
    assert SearchBot(seed=1, **SMALL).wants_take(view) is False  # the taker would be alone with cards
    g = Game.deal(4, seed=9)
    g.play(g.legal_cards()[0])
    v = g.seat_view(g.current_player)
    a, b = SearchBot(seed=3, **SMALL), SearchBot(seed=3, **SMALL)
    assert [a.choose_card(v) for _ in range(2)] == [b.choose_card(v)] * 2


def test_the_search_bot_avoids_the_jack_of_diamonds_trap():
    g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                        leader=2, seed=1)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
        g.play(card)
    bot = SearchBot(seed=0)  # the default budget: continuations of one deal are alike, the deals tell
    assert bot.choose_card(g.seat_view(1)) == Card.parse("4D")
    est = {e.action: e for e in bot.last_estimates}
    four, queen = est[Card.parse("4D").index], est[Card.parse("QD").index]
    assert four.interval[1] < queen.interval[0] and queen.clearly_worse


def test_simulate_agrees_with_game_playout():
    g = Game.deal(3, seed=4)
    bots = [RuleBot(seed=s) for s in range(3)]
    for _ in range(20):
        g.play(bots[g.current_player].choose_card(g.seat_view(g.current_player)))
    losers = simulate([g], [3000], seed=1)
    fast = np.bincount(losers[losers >= 0], minlength=3) / len(losers)
    rng = random.Random(2)
    slow = np.zeros(3)
    for _ in range(600):
        c = g.copy()
        c.playout(rng)
        if c.loser is not None:
            slow[c.loser] += 1
    slow /= 600
    assert np.abs(fast - slow).max() < 0.07, (fast, slow)


def test_simulate_runs_many_positions_at_once():
    a = Game.from_hands([["QH", "5S"], ["JD", "2S"], ["3C"]], leader=0, seed=0)
    b = Game.deal(4, seed=1)
    done = Game.from_hands([["5H"], ["KH", "2S"], []], leader=0)
    done.take(0)
    assert done.is_over and done.loser == 0
    losers = simulate([a, done], [50, 7], seed=3)
    assert losers.shape == (57,) and set(losers[:50].tolist()) <= {0, 1, 2} and (losers[50:] == 0).all()
    with pytest.raises(ValueError, match="same number of players"):
        simulate([a, b], [5, 5])


def test_estimates_cover_every_action():
    g = Game.deal(4, seed=3)
    g.play("AS")
    view = g.seat_view(g.current_player)
    legal = [c.index for c in view.legal_cards]
    est = estimate_actions(view, legal, 40, 8, random.Random(0))
    assert [e.action for e in est] == legal
    assert all(e.rollouts == 40 and 0 <= e.losses <= 40 and e.interval[0] <= e.p <= e.interval[1] for e in est)


def test_the_search_bot_finishes_games_in_every_variant():
    for k, (name, rules) in enumerate(PRESETS.items()):
        n = 4 if rules.teams else 3
        g = Game.deal(n, seed=k, rules=rules)
        bots = [RuleBot(seed=s) for s in range(n)]
        bots[k % n] = SearchBot(seed=k, rollouts=8, samples=4)
        play_out(g, bots)
        assert g.is_over, name


def test_search_is_a_bot_level_and_teams_count_the_partner():
    bot = BOTS["search"](seed=4)
    assert isinstance(bot, SearchBot) and bot.seed == 4
    g = Game.deal(4, seed=0, rules=Rules(teams=True))
    v = g.seat_view(1)
    assert loss_mask(v, np.array([1, 3, 0, 2, -1])).tolist() == [True, True, False, False, False]
    with pytest.raises(ValueError):
        SearchBot(rollouts=0)



# ---------------------------------------------------------------------- paired estimates, policies, sparring partners
def test_paired_estimates_carry_the_difference_from_the_best_action():
    g = Game.deal(4, seed=3)
    g.play("AS")
    view = g.seat_view(g.current_player)
    legal = [c.index for c in view.legal_cards]
    for policy in ("rules", "random"):
        est = estimate_actions(view, legal, 48, 8, random.Random(0), policy=policy)
        best = [e for e in est if e.best]
        assert len(best) == 1 and best[0].p == min(e.p for e in est)
        assert best[0].diff == 0 and best[0].diff_interval == (0.0, 0.0) and not best[0].clearly_worse
        for e in est:
            assert len(e.deal_losses) == 8 and sum(e.deal_losses) == e.losses and e.rollouts == 48
            assert e.diff == pytest.approx(e.p - best[0].p)
            assert e.diff_lo <= e.diff <= e.diff_hi
            assert e.clearly_worse == (e.diff_lo > 0)
    with pytest.raises(ValueError, match="action"):
        estimate_actions(view, [], 8, 2, random.Random(0))


def test_paired_actions_share_their_deals_and_random_numbers():
    """Common random numbers: an action estimated twice gets the very same rollouts when paired, so the
    difference is exactly 0; unpaired, the two differ by chance alone."""
    g = Game.deal(5, seed=21)
    bots = [RuleBot(seed=s) for s in range(5)]
    while not g.is_over and (g.legal_mask().bit_count() < 3 or g.trick_number < 3):
        g.play(bots[g.current_player].choose_card(g.seat_view(g.current_player)))
    view = g.seat_view(g.current_player)
    card = view.legal_cards[0].index
    for policy in ("random", "rules"):
        a, b = estimate_actions(view, [card, card], 96, 12, random.Random(1), policy=policy)
        assert a.deal_losses == b.deal_losses and a.diff_interval == b.diff_interval == (0.0, 0.0)
        lo, hi = a.deal_interval
        assert lo <= a.interval[0] and a.interval[1] <= hi  # deals widen the interval, never narrow it
    a, b = estimate_actions(view, [card, card], 96, 12, random.Random(1), policy="random", paired=False)
    assert a.deal_losses != b.deal_losses and a.diff_lo < 0 <= a.diff <= a.diff_hi or b.diff_lo < 0 <= b.diff


def test_today_s_search_bot_is_kept_as_search_2026():
    from bhabho_widget.play.registry import ARENA_BOTS
    from bhabho_widget.play.search import Search2026Bot

    old = ARENA_BOTS["search-2026"](seed=7)
    assert isinstance(old, Search2026Bot) and old.policy == "random" and not old.paired
    assert (old.rollouts, old.samples) == (64, 16)
    g = Game.deal(4, seed=5)
    g.play("AS")
    view = g.seat_view(g.current_player)
    old.choose_card(view)
    want = estimate_actions(view, [c.index for c in view.legal_cards], 64, 16, old._rng(view, "card"), policy="random",
                            paired=False)
    assert [(e.action, e.losses) for e in old.last_estimates] == [(e.action, e.losses) for e in want]
    new = SearchBot(seed=7)  # the strongest in the arena: open-hands continuations, paired, 768 over 48 deals
    assert (new.policy, new.paired, new.rollouts, new.samples) == ("open", True, 768, 48)
    assert type(ARENA_BOTS["search"](seed=7)) is SearchBot and ARENA_BOTS["search"](seed=7).policy == "open"
    with pytest.raises(ValueError, match="policy"):
        SearchBot(policy="greedy")


def _all_bots(seed: int) -> dict:
    from bhabho_widget.play.registry import ARENA_BOTS

    small = {"search": SMALL, "search-2026": SMALL, "search-deep-rules": SMALL, "search-deep-reads": SMALL,
             "peer": {"samples": 8}}
    return {name: make(seed=seed, **small.get(name, {})) for name, make in ARENA_BOTS.items()}


@pytest.mark.parametrize("name", ["random", "rules", "search", "search-2026", "search-deep-rules", "search-deep-reads",
                                  "peer"])
def test_every_bot_decides_from_its_seat_view_alone(name):
    """The privacy rule: other hidden cards, consistent with the view, never change a bot's choice (fixed seed)."""
    checked = 0
    for seed in range(8):
        g = Game.deal(4 + seed % 3, seed=40 + seed)
        bots = [RuleBot(seed=s) for s in range(g.num_players)]
        for _ in range(9 + 3 * seed):
            g.play(bots[g.current_player].choose_card(g.seat_view(g.current_player)))
            if g.is_over:
                break
        if g.is_over:
            continue
        seat = g.current_player
        view = g.seat_view(seat)
        if view.legal.bit_count() < 2:
            continue
        choice = _all_bots(5)[name].choose_card(view)
        for k in range(2):
            hands, waste = sample_hidden(view, random.Random(200 + k))
            other = with_hidden_cards(g, hands, waste).seat_view(seat)
            assert other == view
            assert _all_bots(5)[name].choose_card(other) == choice
        checked += 1
    assert checked >= 3
    # a take decision too, where nothing is known of the other hands
    hands = [["6H", "JH", "7H", "9H"], ["3H"], ["5S", "7S", "8H", "5H", "9S"], ["AC", "AD", "7D", "JC"]]
    waste = ["9D", "5D", "4D", "4H", "6D", "10S", "QH", "QD", "AS", "JD", "KS", "8C"]
    g = Game.from_hands(hands, leader=0, waste=waste, seed=1)
    view = g.seat_view(0)
    decision = _all_bots(3)[name].wants_take(view)
    sizes = g.hand_sizes()
    for k in range(2):  # nothing is known of the other hands or the waste pile: deal them anew
        hidden = [c for s in (1, 2, 3) for c in g.hand(s)] + [Card.parse(c) for c in waste]
        random.Random(k).shuffle(hidden)
        h = [view.hand]
        for s in (1, 2, 3):
            h.append(mask_of(hidden[:sizes[s]]))
            hidden = hidden[sizes[s]:]
        other = with_hidden_cards(g, h, mask_of(hidden)).seat_view(0)
        assert other == view and _all_bots(3)[name].wants_take(other) == decision


def test_the_peer_bot_ducks_when_a_later_player_is_void_and_sheds_when_safe():
    from bhabho_widget.play.peer import PeerBot

    # three-card hands after seat 1: one of them likely has no heart, so seat 1 ducks under the king
    g = Game.from_hands([["KH", "2S", "3D"], ["QH", "AH", "4D"], ["5C", "6C", "7D"], ["8H", "9D", "10D"]],
                        leader=0, seed=0)
    g.play("KH")
    bot = PeerBot(seed=1, samples=8)
    assert bot.choose_card(g.seat_view(1)) == Card.parse("QH")
    # the last player of a trick cannot be followed by a tochoo: it sheds its strongest card
    g = Game.from_hands([["KH", "2S"], ["QH", "AH"], ["5H", "6C"]], leader=2, seed=0)
    g.play("5H")
    g.play("KH")
    assert bot.choose_card(g.seat_view(1)) == Card.parse("AH")
    # a tochoo throws the strongest card of the shortest suit
    g = Game.from_hands([["KH", "2S"], ["AD", "KS", "QS", "3C"], ["5H", "6C"]], leader=0, seed=0)
    g.play("KH")
    assert bot.choose_card(g.seat_view(1)) == Card.parse("AD")


def test_the_sparring_partners_finish_games_and_the_arena_knows_them():
    from bhabho_widget.play.peer import PeerBot
    from bhabho_widget.play.registry import ARENA_BOTS, BOTS, SPARRING

    assert set(SPARRING) == {"search-2026", "search-rules", "search-random", "search-deep", "search-deep-rules",
                             "search-deep-reads", "peer"}
    assert set(ARENA_BOTS) == set(BOTS) | set(SPARRING)
    assert not set(SPARRING) & set(BOTS)  # the table's menu offers its own levels only
    # the search bot with random continuations, at the time of the rules-of-thumb ones
    contender = ARENA_BOTS["search-random"](seed=3)
    assert (contender.name, contender.policy, contender.paired, contender.rollouts) == ("search-random", "random", True, 70)
    g = Game.deal(4, seed=3)
    play_out(g, [contender, RuleBot(seed=1), RuleBot(seed=2), RuleBot(seed=4)])
    assert g.is_over
    deep = ARENA_BOTS["search-deep"](seed=3)
    assert (deep.name, deep.policy, deep.paired, deep.rollouts, deep.samples) == ("search-deep", "random", True, 768, 48)
    g = Game.deal(5, seed=6)
    play_out(g, [deep, RuleBot(seed=1), RuleBot(seed=2), RuleBot(seed=4), RuleBot(seed=5)])
    assert g.is_over
    follows = ARENA_BOTS["search-deep-rules"](seed=3, rollouts=96, samples=12)
    assert (follows.name, follows.policy, follows.explore, follows.paired) == ("search-deep-rules", "rules", 1.0, True)
    assert (ARENA_BOTS["search-deep-rules"](seed=3).rollouts, ARENA_BOTS["search-deep-rules"](seed=3).samples) == (768, 48)
    g = Game.deal(3, seed=8)
    play_out(g, [follows, PeerBot(seed=1, samples=6), RuleBot(seed=2)])
    assert g.is_over
    ruled = ARENA_BOTS["search-rules"](seed=3)
    assert (ruled.name, ruled.policy, ruled.paired, ruled.rollouts) == ("search-rules", "rules", True, 64)
    for k, rules in enumerate([Rules(), Rules(picker="offsuit_player"), Rules(off_suit="discard"), Rules(teams=True)]):
        g = Game.deal(4, seed=k, rules=rules)
        bots = [PeerBot(seed=k, samples=6), RuleBot(seed=1), PeerBot(seed=k + 1, samples=6), RandomBot(seed=2)]
        play_out(g, bots)
        assert g.is_over
