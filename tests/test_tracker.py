"""The tracker (bhabho_widget.coach.tracker): what a seat knows about every card.

Must hold: every tracker equals an independent derivation from the events the seat sees;
changing hidden cards in ways the view cannot see changes nothing it shows, the chances
included; the chances lie within their intervals of an exact count; every variant, 3 to 8
players.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from bhabho_widget import PRESETS, Game
from bhabho_widget.coach.tracker import STATUSES, Tracker, describe, plot_chances, tracker, tracker_html
from bhabho_widget.engine.cards import DECK, SUIT_MASKS, SUITS
from bhabho_widget.engine.seat_view import SeatView
from bhabho_widget.play.search import check_sample, sample_hidden
from bhabho_widget.play.stats import wilson


def _players(rules_name: str, k: int) -> int:
    """The k-th number of players for a preset: 3 to 8 in turn, starting at a different one
    for each preset, so every size meets many variants (teams: 4, 6, 8)."""
    if PRESETS[rules_name].teams:
        return (4, 6, 8)[k % 3]
    return 3 + (k + sorted(PRESETS).index(rules_name)) % 6


def _random_game(n: int, rules: str, seed: int, take_p: float = 0.08):
    """A game played at random (takes now and then); yields the game after every step."""
    g = Game.deal(n, seed=seed, rules=rules)
    rng = random.Random(seed)
    yield g
    while not g.is_over:
        takers = g.legal_takes()
        if takers and rng.random() < take_p:
            g.take(rng.choice(takers))
        else:
            g.play(rng.choice(g.legal_cards()))
        yield g


# ---------------------------------------------------------------------- independent derivation
def derive(game: Game, me: int) -> tuple[dict[int, tuple[str, int | None]], list[set[str]], list[int]]:
    """What ``me`` knows, from the events it sees alone: the status of every card, the
    suits each seat has shown it lacks, and each seat's card count."""
    n = game.num_players
    table: dict[int, int] = {}
    public: list[set[int]] = [set() for _ in range(n)]  # picked up in public (or my hand, taken) and not played since
    waste: set[int] = set()
    voids: list[set[str]] = [set() for _ in range(n)]
    counts = [0] * n
    led = 0
    drawn = None
    for e in game.events:
        cards = list(e.card_indices)
        s = e.seat
        if e.kind == "deal":
            counts[s] += len(cards)  # how many cards, every seat sees
        elif e.kind in ("lead", "follow", "tochoo", "discard"):
            if e.kind == "lead":
                led = cards[0] // 13
                if cards[0] == drawn:
                    drawn = None
            if e.kind in ("tochoo", "discard"):
                voids[s].add(SUITS[led])
            for c in cards:
                table[c] = s
                counts[s] -= 1
                public[s].discard(c)
                waste.discard(c)
        elif e.kind == "pickup":
            counts[s] += len(cards)
            if e.private is None:  # the trick, face up
                for c in cards:
                    table.pop(c, None)
                    public[s].add(c)
                    voids[s].discard(SUITS[c // 13])
            else:  # the waste pile, face down
                voids[s] = set()
                waste = set()
        elif e.kind == "waste":
            for c in cards:
                table.pop(c, None)
                waste.add(c)
        elif e.kind == "draw":
            counts[s] += 1
            voids[s] = set()
            if e.visible_to(me):
                drawn = cards[0]
        elif e.kind == "take":
            target = e.info.target
            counts[s] += counts[target]
            counts[target] = 0
            voids[s] &= voids[target]
            voids[target] = set()
            public[s] |= public[target]
            if target == me and e.visible_to(me):  # my own hand, seen going to the taker (rule 7)
                public[s] |= set(cards)
            public[target] = set()
    view_hand = game.seat_view(me).hand  # the seat's own hand: it always sees it
    where: dict[int, tuple[str, int | None]] = {}
    for c in range(52):
        if view_hand >> c & 1:
            where[c] = ("drawn", me) if c == drawn or c in waste else ("hand", me)
        elif c in table:
            where[c] = ("table", table[c])
        elif any(c in public[o] for o in range(n) if o != me):
            where[c] = ("known", next(o for o in range(n) if o != me and c in public[o]))
        elif c in waste:
            where[c] = ("waste", None)
        else:
            where[c] = ("unseen", None)
    return where, voids, counts


def _check(view: SeatView, game: Game, t: Tracker) -> None:
    where, voids, counts = derive(game, view.seat)
    for c in range(52):
        assert t.cells[c] == where[c], (DECK[c], t.cells[c], where[c])
    for s, track in enumerate(t.seats):
        assert set(track.voids) == voids[s], (s, track.voids, voids[s])
        assert track.cards == counts[s] == view.hand_sizes[s]
    assert sum(1 for st, _ in t.cells if st == "unseen") == view.unseen.bit_count()


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_tracker_matches_public_events(rules: str) -> None:
    steps = 0
    for k in range(4):
        n = _players(rules, k)
        for g in _random_game(n, rules, seed=100 + k):
            for me in range(n):
                view = g.seat_view(me)
                t = tracker(view)
                _check(view, g, t)
                assert json.loads(t.to_json())["cells"][DECK[0].code]["status"] in STATUSES
                steps += 1
    assert steps > 100


def _swap_hidden(game: Game, me: int, rng: random.Random) -> Game | None:
    """The same game with two cards of one suit swapped between the starting hands of two
    other seats, both cards never played nor picked up in public: nothing ``me`` sees changes.
    None when no such pair exists."""
    touched = set()
    for e in game.events:
        if e.kind != "deal":
            touched.update(e.card_indices)
    record = json.loads(game.to_json())
    hands = record["start"]["hands"]
    opening = game.rules.opening_card
    pairs = []
    for a, b in itertools.combinations([s for s in range(game.num_players) if s != me], 2):
        for x in hands[a]:
            for y in hands[b]:
                cx, cy = DECK[_idx(x)], DECK[_idx(y)]
                if cx.suit == cy.suit and {x, y}.isdisjoint({opening}) and cx.index not in touched \
                        and cy.index not in touched:
                    pairs.append((a, x, b, y))
    if not pairs:
        return None
    a, x, b, y = rng.choice(pairs)
    record["start"]["dealer"] = None  # a position of given hands, not the deal of the seed
    hands[a] = [y if c == x else c for c in hands[a]]
    hands[b] = [x if c == y else c for c in hands[b]]
    return Game.from_json(json.dumps(record))


def _idx(code: str) -> int:
    from bhabho_widget import Card
    return Card.parse(code).index


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_hidden_cards_change_nothing_shown(rules: str) -> None:
    rng = random.Random(rules)
    swapped = 0
    for k in range(3):
        n = _players(rules, k + 1)
        for me in range(n):
            final = _played_for_a_while(n, rules, 300 + k)
            other = _swap_hidden(final, me, rng)
            if other is None:
                continue
            swapped += 1
            assert other.state_key() != final.state_key() or other.to_json() != final.to_json()
            # replay both step by step: every tracker the seat gets is the same, chances too
            a, b = _replay(final), _replay(other)
            for step, (ga, gb) in enumerate(zip(a, b)):
                va, vb = ga.seat_view(me), gb.seat_view(me)
                assert tracker(va) == tracker(vb)
                if step % 7 == 0:
                    ta = tracker(va, chances=True, samples=24, seed=step)
                    tb = tracker(vb, chances=True, samples=24, seed=step)
                    assert ta == tb and ta.to_json() == tb.to_json()
    assert swapped > 0


def _played_for_a_while(n: int, rules: str, seed: int) -> Game:
    """A game played at random for 25 to 60 steps (or to its end)."""
    stop = random.Random(seed).randrange(25, 60)
    for k, g in enumerate(_random_game(n, rules, seed)):
        if k == stop or g.is_over:
            return g
    raise AssertionError("unreachable")


def _replay(game: Game):
    """The game rebuilt from its record, yielded after every move."""
    g = Game.from_json(game.to_json()).root()
    yield g
    for move in game.moves:
        g.push(move)
        yield g


# ---------------------------------------------------------------------- the chances
def exact_counts(view: SeatView) -> tuple[int, dict[int, dict[int, int]], dict[int, list[int]]]:
    """Every deal of the unseen cards to the free places of the other seats (voids kept),
    counted: (deals, per card and seat the deals where the seat holds it, per seat and suit
    the deals where it holds a card of the suit)."""
    me = view.seat
    unseen = [c for c in range(52) if view.unseen >> c & 1]
    free = {s: view.hand_sizes[s] - view.known[s].bit_count()
            for s in range(view.num_players) if s != me and view.hand_sizes[s]}
    held = {c: dict.fromkeys(free, 0) for c in unseen}
    follow = {s: [0] * 4 for s in free}
    total = 0
    seats = list(free)

    def deal(k: int, cap: dict[int, int], hands: dict[int, int]) -> None:
        nonlocal total
        if k == len(unseen):
            total += 1
            for s in seats:
                for c in unseen:
                    if hands[s] >> c & 1:
                        held[c][s] += 1
                for j in range(4):
                    if hands[s] & SUIT_MASKS[j]:
                        follow[s][j] += 1
            return
        c = unseen[k]
        for s in seats:
            if cap[s] and not view.voids[s] >> (c // 13) & 1:
                cap[s] -= 1
                hands[s] |= 1 << c
                deal(k + 1, cap, hands)
                hands[s] &= ~(1 << c)
                cap[s] += 1

    assert sum(free.values()) == len(unseen)
    deal(0, dict(free), {s: view.known[s] for s in seats})
    return total, held, follow


def _small_positions(limit: int):
    """Positions from real games where few cards are unseen, at least one seat has shown a
    void, and no drawn card is hidden (so the unseen cards are exactly the other hands' rest)."""
    found = 0
    for seed in range(400):
        n = 4 + seed % 3
        for g in _random_game(n, "classic", seed, take_p=0.0):
            if g.is_over or g.table:
                continue
            v = g.seat_view(g.current_player)
            t = tracker(v)
            if 4 <= v.unseen.bit_count() <= 9 and t.hidden_drawn == 0 and v.waste_size == v.waste_known.bit_count() \
                    and any(v.voids[s] for s in range(n) if s != v.seat):
                yield v
                found += 1
                break
        if found == limit:
            return


def test_chances_lie_within_their_intervals_of_an_exact_count() -> None:
    inside = outside_wide = cells = 0
    for view in _small_positions(8):
        total, held, follow = exact_counts(view)
        assert total > 0
        t = tracker(view, chances=True, samples=1500, seed=3)
        c = t.chances
        assert c is not None and c.samples == 1500
        assert set(c.cards) == set(held)
        for card, by_seat in held.items():
            for s, k in by_seat.items():
                exact = k / total
                lo, hi = c.holds_interval(card, s)
                inside += lo - 1e-9 <= exact <= hi + 1e-9
                wide = wilson(c.held[card][s], c.samples, z=4.0)
                outside_wide += not wide[0] - 1e-9 <= exact <= wide[1] + 1e-9
                cells += 1
        for s, row in follow.items():
            for j in range(4):
                exact = row[j] / total
                lo, hi = c.follow_interval(s, j)
                inside += lo - 1e-9 <= exact <= hi + 1e-9
                wide = wilson(c.following[s][j], c.samples, z=4.0)
                outside_wide += not wide[0] - 1e-9 <= exact <= wide[1] + 1e-9
                cells += 1
    assert cells > 100
    assert inside >= 0.9 * cells, (inside, cells)  # 95 % intervals: about 95 % hold
    assert outside_wide == 0


def test_chances_certain_cases_and_seed() -> None:
    g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0)
    for card in ["QH", "3H", "2C"]:
        g.play(card)
    v = g.seat_view(1)
    a = tracker(v, chances=True, samples=50, seed=9)
    assert a == tracker(v, chances=True, samples=50, seed=9)
    c = a.chances
    assert c is not None
    assert c.follow(2, "H") == 0.0 and c.follow(0, "H") == 1.0
    assert c.follow(1, "D") == 1.0 and c.follow(1, "S") == 0.0   # the seat's own hand
    for card in c.cards:   # the chances of a card add up to at most one
        assert sum(c.holds(card, s) for s in range(3)) <= 1.0 + 1e-9
        assert c.holds(card, 1) == 0.0
    with pytest.raises(ValueError, match="samples"):
        tracker(v, chances=True, samples=0)
    with pytest.raises(TypeError, match="SeatView"):
        tracker(g)  # type: ignore[arg-type]


def test_sampled_deals_fit_the_view_and_chances_add_up() -> None:
    """Every card the seat cannot place is somewhere in every deal: its chances over the
    other seats and the waste pile (or out of play) add up to one."""
    for n in (3, 5, 8):
        for g in _random_game(n, "classic", seed=n):
            if g.event_count > 60 and not g.is_over:
                break
        v = g.seat_view(0)
        rng = random.Random(1)
        for _ in range(20):
            hands, waste = sample_hidden(v, rng)
            assert check_sample(v, hands, waste) == []
        t = tracker(v, chances=True, samples=60, seed=1)
        c = t.chances
        assert c is not None
        for card in c.cards:
            assert 0.0 <= sum(c.holds(card, s) for s in range(n)) <= 1.0 + 1e-9
        for s in range(n):
            if s != 0 and v.hand_sizes[s]:
                assert sum(c.holds(card, s) for card in c.cards) == pytest.approx(
                    v.hand_sizes[s] - (v.known[s] & ~v.hand).bit_count(), abs=1e-9)


def test_drawn_card_shows_for_the_drawer_only() -> None:
    """Rule 6: a seat that won a clean trick with its last card draws from the waste pile."""
    for seed in range(300):
        for g in _random_game(4, "classic", seed, take_p=0.0):
            drawer = g.seat_view(0).drawer
            if drawer is not None:
                break
        else:
            continue
        v_d = g.seat_view(drawer)
        t_d = tracker(v_d)
        assert t_d.cells[v_d.drawn] == ("drawn", drawer)
        assert t_d.seats[drawer].drew == 1
        other = (drawer + 1) % 4
        t_o = tracker(g.seat_view(other))
        assert t_o.cells[v_d.drawn] == ("waste", None)   # the card itself stays hidden
        assert t_o.seats[drawer].drew == 1 and t_o.hidden_drawn == 1
        c = tracker(g.seat_view(other), chances=True, samples=100, seed=0).chances
        assert c is not None and v_d.drawn in c.cards
        assert sum(c.holds(card, drawer) for card in c.cards if t_o.cells[card][0] == "waste") == pytest.approx(1.0)
        return
    pytest.fail("no draw in 300 games")


def test_pictures() -> None:
    g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0)
    for card in ["QH", "3H", "2C"]:
        g.play(card)
    t = tracker(g.seat_view(1), chances=True, samples=40, seed=0)
    page = t._repr_html_()
    assert page == tracker_html(t)
    assert "Q♥: known in Player 0&#x27;s hand" in page and "Player 2" in page and "40 sampled deals" in page
    assert describe(t, "JD") == "J♦: in your hand"
    assert [row[0][0].code for row in t.grid()] == ["AS", "AH", "AD", "AC"]
    import matplotlib

    matplotlib.use("Agg")
    ax = plot_chances(t)
    assert ax.get_xticklabels()[0].get_text() in ("Player 0", "Player 2")
    with pytest.raises(ValueError, match="chances"):
        plot_chances(tracker(g.seat_view(1)))


# ---------------------------------------------------------------------- the widgets
def test_table_tracker_trait_only_while_open_and_from_the_seat_view() -> None:
    from bhabho_widget import Table
    from bhabho_widget.table.protocol import check_trait

    table = Table(players=4, seed=11, pace=0)
    assert table.tracker is None
    table._on_frontend_msg(table, {"type": "tracker", "open": True, "chances": False}, None)
    assert table.error == ""
    steps = 0
    while not table.game.is_over and steps < 400:
        data = table.tracker
        check_trait("tracker", data)
        view = table.game.seat_view(table.seat)
        assert data["chances"] is None
        assert data == json.loads(json.dumps({**tracker(view).to_dict(), "seats": data["seats"]}))
        assert [s["name"] for s in data["seats"]] == list(table.session.names())
        where, voids, counts = derive(table.game, table.seat)
        assert {code: (c["status"], c["seat"]) for code, c in data["cells"].items()} == \
            {DECK[i].code: w for i, w in where.items()}
        v = table.view
        if v.get("legal") and v.get("waiting") != "bot" and not v.get("take_offer"):
            table.play(v["legal"][0])
        else:
            table.advance()  # a bot's step, or the person passing a chance to take
        steps += 1
    assert table.game.is_over
    table._on_frontend_msg(table, {"type": "tracker", "open": True, "chances": True}, None)
    check_trait("tracker", table.tracker)
    assert table.tracker["chances"]["samples"] > 0
    table.show_tracker(False)
    assert table.tracker is None


def test_lesson_tracker_shows_what_the_seat_knows_even_with_reveal_all() -> None:
    from bhabho_widget import Lesson

    g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0)
    lesson = Lesson(g, ["QH", "3H", "2C"], seat=1, reveal_all=True)
    lesson.show_tracker(chances=True)
    assert lesson.tracker["cells"]["8S"]["status"] == "unseen"   # every hand is shown, the tracker stays the seat's
    lesson.goto(3)
    cells = lesson.tracker["cells"]
    assert cells["QH"] == {"status": "known", "seat": 0} and cells["JD"] == {"status": "hand", "seat": 1}
    assert lesson.tracker["seats"][2]["voids"] == ["H"]
    assert lesson.tracker["chances"]["follow"][2][1][0] == 0.0
    lesson._on_frontend_msg(lesson, {"type": "tracker", "open": False, "chances": False}, None)
    assert lesson.tracker is None and lesson.error == ""


def test_nothing_is_worked_out_while_the_panel_is_closed(monkeypatch) -> None:
    """The click-to-card path stays as it was: no tracker while the panel is closed, no
    chances while that layer is off."""
    from bhabho_widget import Table
    from bhabho_widget.coach import tracker as module

    calls: list[bool] = []
    real = module.tracker_data
    monkeypatch.setattr(module, "tracker_data", lambda view, names, chances=False: calls.append(chances)
                        or real(view, names, chances))
    table = Table(players=4, seed=5, pace=0)
    for _ in range(12):
        v = table.view
        if v.get("legal") and v.get("waiting") != "bot" and not v.get("take_offer"):
            table.play(v["legal"][0])
        else:
            table.advance()
    assert calls == [] and table.tracker is None
    table.show_tracker()
    assert calls == [False] and table.tracker["chances"] is None
    table.show_tracker(chances=True)
    assert calls == [False, True] and table.tracker["chances"]["samples"] > 0
