"""Property-based tests (hypothesis) of the rules engine against RULES.md.

Games come from two sources: dealt games (every valid combination of the Rules fields,
3..8 players, any seed and dealer) and custom positions made with ``Game.from_hands``
(2..8 seats, random subsets of the pack, an optional leader and waste pile). A playout
takes a random seat's take now and then and otherwise plays a random legal card; its
choices come from a ``random.Random`` seeded by hypothesis, so failures replay.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from games import (
    ALL_FIELD_COMBOS,
    CODE_SET,
    CODES,
    FIELDS,
    SETTINGS,
    VALID_RULES,
    Setup,
    any_setups,
    custom_setups,
    dealt_setups,
    is_valid_rules,
    play_seeds,
    seeds,
    take_chances,
)
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from bhabho_widget import EndlessGameError, Game, IllegalMoveError, RandomBot, Rules, play_out
from bhabho_widget.engine.cards import DECK
from bhabho_widget.engine.events import KINDS
from bhabho_widget.engine.move import Move
from bhabho_widget.play.driver import Driver
from bhabho_widget.table.view import build_view

CARD_TEXT = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")

#: A cap on playout length for the properties that do not test termination: the
#: pick-up form without takes can loop forever (see test_pickup_form_without_takes_...).
MAX_STEPS = 400



# ---------------------------------------------------------------------- helpers
def choose_step(g: Game, rng: random.Random, p_take: float):
    takes = g.legal_takes()
    if takes and rng.random() < p_take:
        return ("take", rng.choice(takes))
    return ("play", rng.choice(g.legal_cards()).code)


def apply(g: Game, step):
    kind, arg = step
    return g.take(arg) if kind == "take" else g.play(arg)


def playout(g: Game, rng: random.Random, p_take: float, max_steps: int = MAX_STEPS):
    """Random steps until the game ends (or max_steps); yields (step, events) after each."""
    for _ in range(max_steps):
        if g.is_over:
            return
        step = choose_step(g, rng, p_take)
        yield step, apply(g, step)


def snapshot(g: Game):
    """Everything observable about a game."""
    return {
        "state_key": g.state_key(),
        "texts": [e.text for e in g.events],
        "views": [g.seat_view(s) for s in range(g.num_players)],
        "json": g.to_json(),
        "moves": g.moves,
        "waste_size": g.waste_size,
        "legal": g.legal_cards(),
        "takes": g.legal_takes(),
    }


def hand_codes(g: Game, seat: int) -> set:
    return {c.code for c in g.hand(seat)}


def check_conservation(g: Game, start: frozenset):
    seen = set()
    for s in range(g.num_players):
        hand = [c.code for c in g.hand(s)]
        assert len(hand) == len(set(hand)) == g.hand_sizes()[s]
        assert not seen & set(hand), f"{sorted(seen & set(hand))} held twice"
        seen |= set(hand)
    table = [c.code for _, c in g.table]
    assert len(table) == len(set(table))
    assert not seen & set(table), f"{sorted(seen & set(table))} both in a hand and on the table"
    seen |= set(table)
    assert seen <= start, f"{sorted(seen - start)} appeared from nowhere"
    waste = start - seen
    assert len(waste) == g.waste_size, f"waste pile should hold {len(waste)} cards, engine says {g.waste_size}"
    assert g.holders() == [s for s in range(g.num_players) if g.hand(s)]


def card_strings(obj):
    """All string values in a JSON-like object that are card codes."""
    if isinstance(obj, str):
        return {obj} if obj in CODE_SET else set()
    if isinstance(obj, dict):
        return set().union(*(card_strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(card_strings(v) for v in obj)) if obj else set()
    return set()


EXPECTED_PRIVATE = {
    "deal": lambda e: (e.seat,),
    "draw": lambda e: (e.seat,),
    "take": lambda e: (e.seat, e.info.target),
    "pickup": lambda e: (e.seat,) if e.info == "waste" else None,
}


def check_event_privacy(g: Game, start: int = 0):
    events = g.events[start:]
    for e in events:
        want = EXPECTED_PRIVATE.get(e.kind, lambda e: None)(e)
        assert e.private == want, f"{e.kind} event should be private to {want}, is {e.private}"
    for seat in range(g.num_players):
        shown = g.events_for(seat, start)
        json.dumps(shown)
        assert len(shown) == len(events)
        for e, d in zip(events, shown):
            assert d["kind"] == e.kind and d["seat"] == e.seat
            assert isinstance(d["text"], str) and d["text"]
            if e.private is None or seat in e.private:
                assert d["cards"] == [c.code for c in e.cards]
            else:
                assert d["cards"] == [], f"seat {seat} sees the cards of {e!r}"
                assert not CARD_TEXT.search(d["text"]), f"seat {seat} reads a card in {d['text']!r}"


def check_view_privacy(g: Game):
    table = {c.code for _, c in g.table}
    for seat in range(g.num_players):
        waiting = "over" if g.is_over else "human" if g.current_player == seat else "bot"
        v = build_view(g, seat, version=0, waiting=waiting, change="step", narration="", log=[])  # what its browser gets
        assert json.loads(json.dumps(v)) == v
        own = hand_codes(g, seat)
        assert v["hand"] == [c.code for c in g.hand(seat)]
        public = dict(v)
        visible = card_strings(public)
        assert visible <= own | table, f"seat {seat} sees {sorted(visible - own - table)}"
        dumped = json.dumps(public)
        for other in range(g.num_players):
            if other != seat:
                for code in hand_codes(g, other):
                    assert f'"{code}"' not in dumped, f"seat {seat}'s view shows {code} of seat {other}"
        assert set(v["legal"]) <= own
        if v["legal"]:
            assert g.current_player == seat


def events_of(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


# ---------------------------------------------------------------------- 0. rules
def test_rules_accept_exactly_the_valid_combinations():
    for fields in ALL_FIELD_COMBOS:
        if is_valid_rules(fields):
            assert Rules.from_dict(fields).to_dict() == fields
        else:
            with pytest.raises(ValueError):
                Rules(**fields)
    assert len(VALID_RULES) == 640
    for n in (3, 5, 7):
        with pytest.raises(ValueError):
            Game.deal(n, seed=1, rules=Rules(teams=True))
    with pytest.raises(ValueError):
        Game.from_hands([["AS"], ["KS"]], rules=Rules(teams=True))


# ---------------------------------------------------------------------- 1. conservation
@settings(max_examples=80, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances)
def test_conservation(setup, play_seed, p_take):
    g = setup.make()
    start = setup.start_cards()
    if not setup.dealt:
        assert g.waste_size == len(setup.waste)
    check_conservation(g, start)
    for _ in playout(g, random.Random(play_seed), p_take):
        check_conservation(g, start)


def test_draw_from_an_empty_pile_uses_the_trick():
    """Rule 6, last sentence: with an empty pile the trick goes to the pile first."""
    g = Game.from_hands([["AS"], ["KS", "2H"]], seed=3)
    g.play("AS")
    g.play("KS")
    (draw,) = events_of(g, "draw")
    assert draw.seat == 0 and draw.cards[0].code in ("AS", "KS")
    assert g.leader == 0 and g.hand(0) == [draw.cards[0]] and g.waste_size == 1
    check_conservation(g, frozenset({"AS", "KS", "2H"}))


# ---------------------------------------------------------------------- 2. undo
UNDO_STEPS = 200  # each step compares two full snapshots, records included


@settings(max_examples=40, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances)
def test_undo_restores_exactly_and_redo_repeats(setup, play_seed, p_take):
    g = setup.make()
    with pytest.raises(IllegalMoveError):
        g.undo()
    initial = before = snapshot(g)
    rng = random.Random(play_seed)
    steps = 0
    while not g.is_over and steps < UNDO_STEPS:
        step = choose_step(g, rng, p_take)
        events = apply(g, step)
        steps += 1
        after = snapshot(g)
        g.undo()
        assert snapshot(g) == before, f"undo of step {steps} {step} did not restore the state"
        again = apply(g, step)
        assert again == events, f"redo of step {steps} {step} gave other events"
        assert [e.text for e in again] == [e.text for e in events]
        assert snapshot(g) == after
        before = after
    for kind in sorted({e.kind for e in g.events}):
        event(f"reached {kind}")
    for _ in range(steps):
        g.undo()
    assert snapshot(g) == initial
    with pytest.raises(IllegalMoveError):
        g.undo()


# ---------------------------------------------------------------------- 3. replay
def check_replay(g: Game) -> Game:
    r = Game.from_json(g.to_json())
    assert r.state_key() == g.state_key()
    assert [e.text for e in r.events] == [e.text for e in g.events]
    assert r.events == g.events
    assert r.moves == g.moves
    assert r.to_json() == g.to_json()
    assert [r.seat_view(s) for s in range(r.num_players)] == [g.seat_view(s) for s in range(g.num_players)]
    return r


@settings(max_examples=60, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances)
def test_replay_from_record(setup, play_seed, p_take):
    g = setup.make()
    rng = random.Random(play_seed)
    replica = check_replay(g)
    for step, events in playout(g, rng, p_take):
        # the replayed game continues exactly like the original, seeded draws included
        assert apply(replica, step) == events
        if rng.random() < 0.1:
            replica = check_replay(g)
    check_replay(g)


# ---------------------------------------------------------------------- 4. tampering
def finished_or_partial(setup, play_seed, p_take, stop_early: bool) -> Game:
    g = setup.make()
    rng = random.Random(play_seed)
    limit = rng.randrange(1, 80) if stop_early else MAX_STEPS
    for _ in playout(g, rng, p_take, max_steps=limit):
        pass
    return g


def consistent(rec: dict, setup: Setup) -> bool:
    """Whether rec's moves, draws and result are what really happens from setup's start."""
    g = setup.make()
    for move in rec["moves"]:
        try:
            if move.startswith("take "):
                g.take(int(move[5:]))
            else:
                g.play(move)
        except IllegalMoveError:
            return False
    real = json.loads(g.to_json())
    return real["draws"] == rec["draws"] and real["result"] == rec["result"]


def check_verdict(rec: dict, setup: Setup):
    """from_json accepts the record exactly when it is consistent; it raises only ValueError."""
    text = json.dumps(rec)
    if consistent(rec, setup):
        assert json.loads(Game.from_json(text).to_json())["moves"] == rec["moves"]
    else:
        with pytest.raises(ValueError):
            Game.from_json(text)


tamper_games = dict(setup=any_setups, play_seed=play_seeds, p_take=take_chances, stop_early=st.booleans())


@settings(max_examples=60, **SETTINGS)
@given(data=st.data(), **tamper_games)
def test_tampered_move_is_refused(data, setup, play_seed, p_take, stop_early):
    g = finished_or_partial(setup, play_seed, p_take, stop_early)
    rec = json.loads(g.to_json())
    assume(rec["moves"])
    k = data.draw(st.integers(0, len(rec["moves"]) - 1), label="move index")
    h = setup.make()  # the position before move k
    for move in rec["moves"][:k]:
        h.push(move)
    legal = {c.code for c in h.legal_cards()}
    illegal = sorted(CODE_SET - legal - {rec["moves"][k]})
    bad = data.draw(st.sampled_from(illegal), label="illegal card")
    tampered = dict(rec, moves=rec["moves"][:k] + [bad] + rec["moves"][k + 1:])
    with pytest.raises(ValueError, match=rf"record move {k + 1} "):
        Game.from_json(json.dumps(tampered))
    # any other replacement (a legal card or a take): refused unless it is a consistent record
    others = sorted((legal | {f"take {s}" for s in h.legal_takes()}) - {rec["moves"][k]})
    if others:
        other = data.draw(st.sampled_from(others), label="legal replacement")
        check_verdict(dict(rec, moves=rec["moves"][:k] + [other] + rec["moves"][k + 1:]), setup)


@settings(max_examples=60, **SETTINGS)
@given(data=st.data(), **tamper_games)
def test_dropped_move_is_refused(data, setup, play_seed, p_take, stop_early):
    g = finished_or_partial(setup, play_seed, p_take, stop_early)
    rec = json.loads(g.to_json())
    assume(rec["moves"])
    if g.is_over:  # the game was not over before its last move
        with pytest.raises(ValueError):
            Game.from_json(json.dumps(dict(rec, moves=rec["moves"][:-1])))
    k = data.draw(st.integers(0, len(rec["moves"]) - 1), label="dropped move")
    check_verdict(dict(rec, moves=rec["moves"][:k] + rec["moves"][k + 1:]), setup)


@settings(max_examples=40, **SETTINGS)
@given(setup=dealt_setups(), play_seed=play_seeds, p_take=take_chances, stop_early=st.booleans(),
       delta=st.integers(-(2**40), 2**40).filter(bool))
def test_changed_seed_is_refused(setup, play_seed, p_take, stop_early, delta):
    g = finished_or_partial(setup, play_seed, p_take, stop_early)
    rec = json.loads(g.to_json())
    new_seed = setup.seed + delta
    if 0 <= new_seed < 2**63:  # a seed Game.deal takes: it must deal other hands for the record to be wrong
        dealt = Game.deal(setup.n, seed=setup.seed, rules=setup.rules, dealer=setup.dealer)
        other = Game.deal(setup.n, seed=new_seed, rules=setup.rules, dealer=setup.dealer)
        assume([other.hand(s) for s in range(setup.n)] != [dealt.hand(s) for s in range(setup.n)])
    with pytest.raises(ValueError, match="seed"):
        Game.from_json(json.dumps(dict(rec, seed=new_seed)))


@settings(max_examples=60, **SETTINGS)
@given(data=st.data(), **tamper_games)
def test_changed_result_or_draws_are_refused(data, setup, play_seed, p_take, stop_early):
    g = finished_or_partial(setup, play_seed, p_take, stop_early)
    rec = json.loads(g.to_json())
    result, n = rec["result"], g.num_players
    changes = [("loser", x) for x in [None, *range(n)] if x != result["loser"]]
    changes.append(("is_over", not result["is_over"]))
    changes.append(("hand_sizes", [x + (1 if i == 0 else 0) for i, x in enumerate(result["hand_sizes"])]))
    changes.append(("escaped", result["escaped"] + [result["escaped"][-1] if result["escaped"] else 0]))
    if result["escaped"]:
        changes.append(("escaped", result["escaped"][:-1]))
    if len(set(result["escaped"])) > 1:
        changes.append(("escaped", result["escaped"][::-1]))
    field, value = data.draw(st.sampled_from(changes), label="result change")
    assert value != result[field]
    with pytest.raises(ValueError, match="result"):
        Game.from_json(json.dumps(dict(rec, result=dict(result, **{field: value}))))
    # and the draws
    draws = rec["draws"]
    with pytest.raises(ValueError, match="draws"):
        Game.from_json(json.dumps(dict(rec, draws=draws + ["AS"])))
    if draws:
        k = data.draw(st.integers(0, len(draws) - 1), label="changed draw")
        new = data.draw(st.sampled_from([c for c in CODES if c != draws[k]]), label="drawn card")
        with pytest.raises(ValueError, match="draws"):
            Game.from_json(json.dumps(dict(rec, draws=draws[:k] + [new] + draws[k + 1:])))


junk = st.one_of(st.none(), st.booleans(), st.integers(-10, 60), st.floats(allow_nan=False),
                 st.text(max_size=6), st.lists(st.integers(-2, 60), max_size=3),
                 st.lists(st.sampled_from(CODES), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
RECORD_PATHS = [("format",), ("version",), ("num_players",), ("names",), ("rules",), ("seed",), ("start",),
                ("start", "dealer"), ("start", "hands"), ("start", "leader"), ("start", "waste"), ("moves",),
                ("draws",), ("result",), ("result", "loser"), ("result", "hand_sizes"), ("result", "escaped"),
                *[("rules", f) for f in FIELDS]]


@settings(max_examples=100, **SETTINGS)
@given(data=st.data(), setup=any_setups, play_seed=play_seeds, path=st.sampled_from(RECORD_PATHS), value=junk)
def test_malformed_record_raises_only_value_error(data, setup, play_seed, path, value):
    g = finished_or_partial(setup, play_seed, 0.1, True)
    rec = json.loads(g.to_json())
    node = rec
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    if isinstance(rec["moves"], list) and rec["moves"] and data.draw(st.booleans(), label="also junk a move"):
        rec["moves"][data.draw(st.integers(0, len(rec["moves"]) - 1))] = data.draw(junk, label="junk move")
    try:
        replayed = Game.from_json(json.dumps(rec))
    except ValueError:
        return  # refused, as it should be: any other exception fails the test
    assert isinstance(replayed, Game)  # some changes are harmless, e.g. other names


# ---------------------------------------------------------------------- 5. privacy
@settings(max_examples=50, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances)
def test_privacy(setup, play_seed, p_take):
    g = setup.make()
    check_view_privacy(g)
    check_event_privacy(g)
    for _, new in playout(g, random.Random(play_seed), p_take):
        check_view_privacy(g)
        check_event_privacy(g, len(g.events) - len(new))
    check_event_privacy(g, 0)


# ---------------------------------------------------------------------- 6. termination
MOVE_BOUND = 5000


def check_end(g: Game, setup: Setup):
    assert g.is_over and g.current_player is None
    holders = g.holders()
    if g.is_stalemate:  # rule 10: the third time a position comes round
        assert g.loser is None and g.losing_team is None and len(holders) >= 2
        assert g.events[-1].kind == "stalemate" and max(g.position_counts().values()) == 3
        assert not events_of(g, "game_over")
        assert g.legal_cards() == [] and g.legal_takes() == []
        return
    assert len(holders) <= 1
    if holders:
        assert g.loser == holders[0]
    else:
        assert g.loser is None and not g.rules.must_draw, "nobody lost, but must_draw=True"
    escaped = g.escaped
    assert len(escaped) == len(set(escaped)), f"a seat escaped twice: {escaped}"
    assert all(not g.hand(s) for s in escaped)
    assert g.loser not in escaped
    # every seat that held cards at the start, except the loser, escaped exactly once;
    # a seat that never had cards (custom positions) is not an escapee
    assert set(escaped) | ({g.loser} - {None}) == setup.start_holders()
    if setup.dealt:
        assert sorted(escaped + ([g.loser] if g.loser is not None else [])) == list(range(g.num_players))
    assert [e.seat for e in events_of(g, "escape")] == escaped
    (over,) = events_of(g, "game_over")
    assert g.events[-1] is over and over.seat == g.loser
    if g.rules.teams and g.loser is not None:
        assert g.losing_team == tuple(sorted((g.loser, (g.loser + g.num_players // 2) % g.num_players)))
    else:
        assert g.losing_team is None
    assert g.legal_cards() == [] and g.legal_takes() == []
    with pytest.raises(IllegalMoveError):
        g.play(DECK[0])
    if holders:
        with pytest.raises(IllegalMoveError):
            g.take(holders[0])


def bots_for(n, bot_seed, take_chance):
    return [RandomBot(seed=bot_seed * 16 + s, take_chance=take_chance) for s in range(n)]


@st.composite
def terminating_setups(draw):
    """Any setup and take chance: with rule 10 (stalemate) every game ends."""
    setup = draw(st.one_of(dealt_setups(), custom_setups()))
    take_chance = draw(st.sampled_from([0.0, 0.01, 0.05, 0.3]))
    return setup, take_chance


@settings(max_examples=100, **SETTINGS)
@given(case=terminating_setups(), bot_seed=play_seeds)
def test_random_bot_games_end(case, bot_seed):
    setup, take_chance = case
    g = setup.make()
    try:
        Driver(g, dict(enumerate(bots_for(g.num_players, bot_seed, take_chance)))).run(max_steps=20 * MOVE_BOUND)
    except RuntimeError:
        pytest.fail(f"no end after {len(g.moves)} moves")
    assert len(g.moves) <= MOVE_BOUND
    check_end(g, setup)
    # play_out is the same driver: the same bots play the same game
    h = play_out(setup.make(), bots_for(g.num_players, bot_seed, take_chance))
    assert h.moves == g.moves and h.loser == g.loser


def test_random_bots_end_every_variant():
    """Deterministic sweep over every valid rule set (3..8 players): random bots end every game."""
    for k, rules in enumerate(VALID_RULES):
        ns = [4, 6, 8] if rules.teams else list(range(3, 9))
        n = ns[k % len(ns)]
        setup = Setup(rules, n, seed=k, dealer=k % n)
        take_chance = 0.05 if rules.picker == "offsuit_player" else (0.0, 0.02, 0.2)[k % 3]
        g = play_out(setup.make(), bots_for(n, k, take_chance))
        assert len(g.moves) <= MOVE_BOUND
        check_end(g, setup)


def test_rule_10_ends_the_pickup_form_loop_in_a_stalemate():
    """RULES.md rule 10's minimal case: pick-up form, no takes, Q♥ led back and forth. The
    start position comes round the third time after the fourth lead."""
    rules = Rules(picker="offsuit_player", take_from_left=False)
    g = Game.from_hands([["QH", "5S", "7C"], ["JD"]], rules=rules, leader=0, seed=1)
    for k in range(4):
        assert not g.is_over, f"over after {k} leads"
        g.play("QH")
    assert g.is_over and g.is_stalemate and g.loser is None and g.current_player is None
    assert g.events[-1].kind == "stalemate" and "nobody is the bhabhi" in g.events[-1].text
    assert g.legal_cards() == [] and g.legal_takes() == []
    record = g.to_json()
    assert Game.from_json(record).state_key() == g.state_key()
    g.undo()  # undo takes the stalemate back like any other step
    assert not g.is_over and not g.is_stalemate and g.current_player == 1
    g.play("QH")
    assert g.is_stalemate
    # a dealt game of random legal plays in the pick-up form ends too
    g = Game.deal(3, seed=72, rules=rules)
    rng = random.Random(72)
    while not g.is_over:
        g.play(rng.choice(g.legal_cards()))
    assert g.is_over


def test_positions_are_counted_at_the_start_and_after_every_trick_only():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    assert sum(g.position_counts().values()) == 1
    g.play("KH")
    g.play("5H")
    assert sum(g.position_counts().values()) == 1  # no trick has ended yet
    g.play("4S")  # tochoo: the trick ends
    assert sum(g.position_counts().values()) == 2
    g.take(0)  # takes are not counted
    assert sum(g.position_counts().values()) == 2
    g.undo()
    g.undo()
    assert sum(g.position_counts().values()) == 1


def test_each_counted_position_holds_the_waste_pile_of_its_moment():
    # the waste pile is left out of the key (the hands decide it) and put back by position_counts
    for seed in range(20):
        g = Game.deal(4, seed=seed, rules="whole pile" if seed % 2 else "classic")
        rng = random.Random(seed)
        seen = [(tuple(g.hand_mask(s) for s in range(4)), g.leader, g.state().waste)]
        while not g.is_over:
            g.play(rng.choice(g.legal_cards()))
            if not g.table and not g.is_over:
                seen.append((tuple(g.hand_mask(s) for s in range(4)), g.leader, g.state().waste))
        counts = g.position_counts()
        assert sum(counts.values()) == len(seen) + g.is_stalemate  # a stalemate counts its last position
        for position in seen:
            assert position in counts


# ---------------------------------------------------------------------- 7. legality
def check_legality(g: Game):
    key, events, moves = g.state_key(), g.events, g.moves
    me = g.current_player
    legal = set(g.legal_cards())
    hand = set(g.hand(me))
    assert legal <= hand and legal
    # a light model of rules 3, 4 and 6
    if g.table:
        led = [c for c in hand if c.suit == g.led_suit]
        assert legal == (set(led) or hand)
    elif g.is_opening_trick:
        assert len(legal) == 1 and next(iter(legal)).suit == "S"
    elif g.draw_card is not None and me == g.leader:
        assert legal == {g.draw_card}
    else:
        assert legal == hand
    for c in legal:
        h = g.copy()
        new = h.play(c, seat=me)
        assert new and new[0].seat == me and new[0].cards == (c,)
        assert h.moves == moves + [Move.play(c)]
    for c in DECK:
        if c in legal:
            continue
        h = g.copy()
        with pytest.raises(IllegalMoveError):
            h.play(c)
        assert h.state_key() == key and h.events == events and h.moves == moves
    takes = set(g.legal_takes())
    for s in range(g.num_players):
        h = g.copy()
        if s in takes:
            target = h.next_holder(s)
            taken = h.hand(target)
            h.take(s)
            assert not h.hand(target) and set(taken) <= set(h.hand(s)) and target in h.escaped
        else:
            with pytest.raises(IllegalMoveError):
                h.take(s)
            assert h.state_key() == key and h.events == events and h.moves == moves
        if s != me:
            h = g.copy()
            for c in legal:
                with pytest.raises(IllegalMoveError):
                    h.play(c, seat=s)
            assert h.state_key() == key and h.events == events and h.moves == moves
    if takes:
        assert not g.table and not g.is_opening_trick and g.rules.take_from_left
        assert takes == set(g.holders())
    # the copies left the game alone
    assert g.state_key() == key and g.events == events and g.moves == moves


@settings(max_examples=50, **SETTINGS)
@given(setup=any_setups, play_seed=play_seeds, p_take=take_chances)
def test_legality_consistency(setup, play_seed, p_take):
    g = setup.make()
    rng = random.Random(play_seed)
    check_legality(g)
    for _ in playout(g, rng, p_take):
        if not g.is_over and rng.random() < 0.3:
            check_legality(g)
    if g.is_over:
        assert g.legal_cards() == [] and g.legal_takes() == []
        for s in range(g.num_players):
            with pytest.raises(IllegalMoveError):
                g.take(s)


# ---------------------------------------------------------------------- 8. events
def test_event_kinds_and_texts_over_every_variant():
    seen = {"tochoo": set(), "discard": set()}
    undone_draws = 0
    for k, rules in enumerate(VALID_RULES):
        ns = [4, 6, 8] if rules.teams else list(range(3, 9))
        n = ns[k % len(ns)]
        g = Game.deal(n, seed=k, rules=rules, dealer=k % n)
        rng = random.Random(k)
        for step, new in playout(g, rng, 0.1, max_steps=5000):
            if any(e.kind in ("draw", "stalemate") for e in new) and undone_draws < 200:
                g.undo()
                assert apply(g, step) == new
                undone_draws += 1
        assert g.is_over, "rule 10 ends every game"
        for e in g.events:
            assert e.kind in KINDS
            assert isinstance(e.text, str) and e.text.strip()
            for s in {None, e.seat, (k + 1) % n}:
                assert e.to_dict(s)["text"].strip()
        kinds = {e.kind for e in g.events}
        if rules.off_suit == "discard":
            assert not kinds & {"tochoo", "pickup"}, "in the discard form nobody picks up"
        if not rules.take_from_left:
            assert "take" not in kinds
        if not rules.must_draw:
            assert "draw" not in kinds
        seen[rules.off_suit] |= kinds
    assert undone_draws > 0
    wanted = {"deal", "lead", "follow", "tochoo", "discard", "pickup", "waste", "draw", "escape", "take", "game_over"}
    assert wanted <= seen["tochoo"], f"never seen: {wanted - seen['tochoo']}"
    assert {"deal", "lead", "follow", "discard", "waste", "draw", "escape", "take", "game_over"} <= seen["discard"]
    assert set(KINDS) == wanted | {"stalemate"}


# ---------------------------------------------------------------------- fast paths
@settings(max_examples=150, **SETTINGS)
@given(setup=any_setups, play_seed=seeds, prefix=st.integers(0, 30))
def test_playout_is_a_sequence_of_legal_plays(setup, play_seed, prefix):
    """Game.playout makes only legal plays, each recorded and undoable like play()."""
    g = setup.make()
    rng = random.Random(play_seed)
    for _ in range(prefix):  # start the rollout from somewhere inside the game
        if g.is_over:
            break
        g.play(rng.choice(g.legal_cards()))
    start = (g.state_key(), g.to_json(), len(g.moves))
    try:
        g.playout(rng, max_moves=MAX_STEPS)
    except EndlessGameError:
        assert not g.is_over and len(g.moves) == start[2] + MAX_STEPS
    else:
        assert g.is_over
    # step through the same moves with play(): every one legal, same events and state
    r = setup.make()
    for move in g.moves:
        assert move.card in r.legal_cards()
        r.play(move)
    assert r.state_key() == g.state_key() and r.events == g.events and r.to_json() == g.to_json()
    while len(g.moves) > start[2]:
        g.undo()
    assert (g.state_key(), g.to_json(), len(g.moves)) == start


def test_playout_chooses_uniformly_among_legal_cards():
    """The first free lead of a game is any card of the leader's hand, equally often."""
    counts = {}
    for k in range(4000):
        g = Game.from_hands([["2S", "3S", "4H", "5D"], ["6C", "7C"]], leader=0, seed=k)
        with pytest.raises(EndlessGameError):
            g.playout(k, max_moves=1)
        counts[str(g.moves[0])] = counts.get(str(g.moves[0]), 0) + 1
    assert set(counts) == {"2S", "3S", "4H", "5D"}
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_deal_shuffle_is_random_shuffle_written_out():
    from bhabho_widget.engine.game import shuffled_deck

    for seed in [*range(300), -1, 2**70]:
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(seed) == deck
