"""Show me: the imagined continuations are drawn from what the seat knows, never from the
real hidden cards (:mod:`bhabho_widget.coach.imagine`)."""

from __future__ import annotations

import random

import pytest

from bhabho_widget import Card, Game, Move
from bhabho_widget.coach.imagine import imagine
from bhabho_widget.play.determinize import with_hidden_cards
from bhabho_widget.play.registry import BOTS
from bhabho_widget.play.search import check_sample, estimate_actions, sample_hidden

pytest.importorskip("numpy")


def moment(seed: int, moves: int) -> Game:
    """A game between rules-of-thumb bots stopped after ``moves`` plays, at a seat's turn with a choice."""
    g = Game.deal(4, seed=seed)
    bots = [BOTS["rules"](seed=seed * 10 + s) for s in range(4)]
    for _ in range(moves):
        seat = g.current_player
        g.play(bots[seat].choose_card(g.seat_view(seat)))
    while len(g.legal_cards()) < 2:
        seat = g.current_player
        g.play(bots[seat].choose_card(g.seat_view(seat)))
    return g


@pytest.mark.parametrize("seed, moves", [(1, 9), (2, 14), (3, 22)])
def test_the_imagined_deal_is_the_same_whatever_the_real_hidden_cards_are(seed, moves):
    g = moment(seed, moves)
    seat = g.current_player
    view = g.seat_view(seat)
    legal = [c.index for c in g.legal_cards()]
    better, worse = imagine(view, legal[0], legal[-1], seed=7)
    assert better.deal == worse.deal and better.waste == worse.waste
    assert check_sample(view, better.deal, better.waste) == []  # it fits everything the seat saw
    for k in range(3):  # the real hidden cards dealt otherwise, consistently with the same view
        hands, waste = sample_hidden(view, random.Random(k))
        other = with_hidden_cards(g, hands, waste)
        assert other.seat_view(seat) == view and [other.hand_mask(s) for s in range(4)] != [g.hand_mask(s) for s in range(4)]
        again = imagine(other.seat_view(seat), legal[0], legal[-1], seed=7)
        assert [line.deal for line in again] == [better.deal, worse.deal]
        assert [[s.state_key() for s in line.steps] for line in again] == [[s.state_key() for s in line.steps]
                                                                             for line in (better, worse)]


def test_the_lines_play_on_from_the_action_to_the_end_of_the_game():
    g = moment(4, 10)
    view = g.seat_view(g.current_player)
    legal = [c.index for c in g.legal_cards()]
    for line, action in zip(imagine(view, legal[0], legal[-1]), (legal[0], legal[-1])):
        assert line.action == action
        first, after = line.steps[0], line.steps[1]
        assert first.seat_view(view.seat).hand == view.hand and len(after.moves) == len(first.moves) + 1
        assert after.moves[-1] == Move.from_index(action)
        assert line.steps[-1].is_over and line.loser == line.steps[-1].loser
        assert line.trick_step is not None and line.steps[line.trick_step].trick_number > view.trick_number


def test_a_typical_deal_ends_each_trick_as_the_simulations_most_often_did():
    g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                        leader=2, seed=1)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
        g.play(card)
    view = g.seat_view(1)
    est = estimate_actions(view, [Card.parse("4D").index, Card.parse("QD").index], 96, 12, random.Random(0))
    better, worse = imagine(view, est[0].action, est[1].action, estimates=est)
    assert (better.trick_end, worse.trick_end) == (2, 1)  # with 4♦ Player 2 picks up, with Q♦ you do


def test_an_action_the_seat_does_not_have_is_refused():
    g = moment(5, 8)
    view = g.seat_view(g.current_player)
    not_mine = next(i for i in range(52) if not view.legal >> i & 1)
    with pytest.raises(ValueError, match="not an action"):
        imagine(view, not_mine, [c.index for c in g.legal_cards()][0])
