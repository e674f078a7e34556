"""Games for the tests: Hypothesis strategies of starting positions under every valid rule set
(dealt or set up by hand), and games and tables played to their end.

A test module imports these from here, never from another test module.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck
from hypothesis import strategies as st

from bhabho_widget import Game, Rules
from bhabho_widget.engine.cards import DECK

CODES = [c.code for c in DECK]
CODE_SET = frozenset(CODES)

FIELDS = {
    "direction": ("clockwise", "anticlockwise"),
    "off_suit": ("tochoo", "discard"),
    "picker": ("highest", "offsuit_player"),
    "pickup": ("trick", "trick_and_waste"),
    "next_leader": ("highest", "lowest"),
    "ace": ("high", "low"),
    "opening_card": ("AS", "2S"),
    "must_draw": (True, False),
    "take_from_left": (True, False),
    "teams": (False, True),
}


def is_valid_rules(fields: dict) -> bool:
    """RULES.md: the discard form has no picker and no pickup."""
    return fields["off_suit"] == "tochoo" or (fields["picker"] == "highest" and fields["pickup"] == "trick")


ALL_FIELD_COMBOS = [dict(zip(FIELDS, values)) for values in itertools.product(*FIELDS.values())]
VALID_RULES = [Rules(**f) for f in ALL_FIELD_COMBOS if is_valid_rules(f)]

SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# ---------------------------------------------------------------------- strategies
@st.composite
def rules_st(draw):
    fields = {}
    for name, choices in FIELDS.items():
        if name in ("picker", "pickup") and fields["off_suit"] == "discard":
            fields[name] = choices[0]  # the discard form has no picker and no pickup
        else:
            fields[name] = draw(st.sampled_from(choices))
    return Rules(**fields)


def _players(draw, rules, low):
    if rules.teams:
        return draw(st.sampled_from([4, 6, 8]))
    return draw(st.integers(low, 8))


seeds = st.integers(min_value=0, max_value=2**63 - 1)  # the seeds Game.deal takes (a negative one is refused)


class Setup:
    """How to make a starting position; its repr is the code that makes it."""

    def __init__(self, rules, n, seed, dealer=None, hands=None, leader=None, waste=()):
        self.rules, self.n, self.seed, self.dealer = rules, n, seed, dealer
        self.hands, self.leader, self.waste = hands, leader, list(waste)

    @property
    def dealt(self) -> bool:
        return self.hands is None

    def make(self) -> Game:
        if self.dealt:
            return Game.deal(self.n, seed=self.seed, rules=self.rules, dealer=self.dealer)
        return Game.from_hands(self.hands, rules=self.rules, leader=self.leader, waste=self.waste, seed=self.seed)

    def start_cards(self) -> frozenset:
        if self.dealt:
            return CODE_SET
        return frozenset(itertools.chain(self.waste, *self.hands))

    def start_holders(self) -> set:
        if self.dealt:
            return set(range(self.n))
        return {s for s, h in enumerate(self.hands) if h}

    def __repr__(self):
        if self.dealt:
            return f"Game.deal({self.n}, seed={self.seed}, rules={self.rules!r}, dealer={self.dealer})"
        return (f"Game.from_hands({self.hands!r}, rules={self.rules!r}, leader={self.leader!r}, "
                f"waste={self.waste!r}, seed={self.seed})")


@st.composite
def dealt_setups(draw, rules=None):
    rules = draw(rules_st()) if rules is None else rules
    n = _players(draw, rules, 3)
    return Setup(rules, n, draw(seeds), dealer=draw(st.integers(0, n - 1)))


@st.composite
def custom_setups(draw):
    rules = draw(rules_st())
    n = _players(draw, rules, 2)
    with_leader = draw(st.booleans())
    k = draw(st.integers(2, 52))
    cards = draw(st.permutations(CODES))[:k]
    first = draw(st.integers(0, n - 1))
    second = (first + draw(st.integers(1, n - 1))) % n
    owners = [first, second] + [draw(st.integers(0, n if with_leader else n - 1)) for _ in range(k - 2)]
    hands = [[] for _ in range(n)]
    waste = []
    for card, owner in zip(cards, owners):
        (waste if owner == n else hands[owner]).append(card)
    leader = draw(st.sampled_from([s for s in range(n) if hands[s]])) if with_leader else None
    return Setup(rules, n, draw(seeds), hands=hands, leader=leader, waste=waste)


any_setups = st.one_of(dealt_setups(), custom_setups())
take_chances = st.sampled_from([0.0, 0.05, 0.3])
play_seeds = st.integers(0, 2**32)


def play_to_end(g: Game, rng: random.Random, p_take: float = 0.1) -> None:
    """Play ``g`` to its end: random legal cards, a take now and then."""
    while not g.is_over:
        takes = g.legal_takes()
        if takes and rng.random() < p_take:
            g.take(rng.choice(takes))
        else:
            g.play(rng.choice(g.legal_cards()))


def finished_table(seed: int = 5, players: int = 4, language: str = "en"):
    """A :class:`~bhabho_widget.Table` whose game the person (seat 0) played to its end with
    random legal cards."""
    from bhabho_widget import Table

    t = Table(players=players, seed=seed, pace=0, language=language)
    rng = random.Random(seed)
    while not t.game.is_over:
        if t.session.waiting == "human":
            t.play(rng.choice(t.view["legal"]))
        elif t.session.take_offer:
            t._on_frontend_msg(t, {"type": "advance", "version": t.view["version"]}, None)
        else:
            t.advance()
    return t
