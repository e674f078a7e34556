"""One narration line per event: the line under the table never says a sentence twice, nor
one seat's pickup twice ("Player 1 picks up 3 cards. Player 1 picks up 3 cards (...)"), in
any variant, at any step, as the person or as a teacher reading a student's game."""

from __future__ import annotations

import random
import re

import pytest

from bhabho_widget import TableSession
from bhabho_widget.engine.rules import PRESETS
from bhabho_widget.table.view import narrate

PICKUP = re.compile(r"(\b[\w ]+?) (?:picks|pick) up (?:\d+ cards?|the whole waste pile)")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]


def told_twice(line: str) -> list[str]:
    said = sentences(line)
    pickups = PICKUP.findall(line)
    return [s for s in set(said) if said.count(s) > 1] + [p for p in set(pickups) if pickups.count(p) > 1]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_each_event_is_told_once_under_the_table(variant):
    players = 4
    rng = random.Random(variant)
    lines = 0
    for seed in (1, 2):
        s = TableSession(players=players, seed=seed, rules=variant, bots="rules", take_offers="always")
        for _ in range(3000):
            g = s.game
            if g.is_over:
                break
            if s.take_offer:
                s.take() if rng.random() < 0.1 else s.pass_take()
            elif s.waiting == "bot":
                s.advance()
            else:
                s.play(rng.choice(g.legal_cards()))
            for line in (s.narration, narrate(s.table.last_events, 0, addressed=False)):
                assert not told_twice(line), (variant, seed, line)
                lines += 1
        assert s.game.is_over
    assert lines > 100
