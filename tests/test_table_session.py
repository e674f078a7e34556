"""The table as a person meets it: fair take offers, honest undo, confirmed takes, fresh logs,
seeded matches, the end of a session, stalemates and the texts under the table.

Driven through the plain-Python :class:`TableSession` and, where the browser is involved,
through the :class:`Table` widget's message handler, as the front end would.
"""

from __future__ import annotations

import random

import pytest

from bhabho_widget import Game, IllegalMoveError, Rules, TableSession
from bhabho_widget.engine.errors import MessageError
from bhabho_widget.table.protocol import check_trait, check_view
from bhabho_widget.table.widget import Lesson, Table


def send(t, **content):
    t._on_frontend_msg(t, content, [])


def step_as_browser(t: Table, rng: random.Random, take_chance: float = 0.0) -> None:
    v = t.view
    if v["waiting"] == "bot":
        send(t, type="advance", version=v["version"])
    elif v["can_take"] and rng.random() < take_chance:
        send(t, type="take", version=v["version"])
    else:
        send(t, type="play", card=rng.choice(v["legal"]), version=v["version"])
    assert t.error == "", t.error


def play_to_end(t: Table, rng: random.Random, take_chance: float = 0.0, limit: int = 20_000) -> None:
    for _ in range(limit):
        if t.view["waiting"] == "over":
            return
        step_as_browser(t, rng, take_chance)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- rule 7 at the table
def test_the_person_cannot_lead_while_bots_are_due_their_take_offer():
    refused = 0
    for seed in range(50):
        if refused >= 25:  # enough boundaries seen
            break
        s = TableSession(players=4, seed=seed, bots="random")
        rng = random.Random(seed)
        for _ in range(3000):
            g = s.game
            if g.is_over:
                break
            action = s.driver.next_action()
            if action is not None and action.kind == "offer" and g.current_player == s.seat and not g.table:
                key, view = g.state_key(), s.browser_view()
                assert view["legal"] == [] and view["waiting"] == "bot" and not view["can_take"]
                with pytest.raises(ValueError, match="chance to take before the lead"):
                    s.play(g.legal_cards()[0])
                with pytest.raises(ValueError, match="wait"):
                    s.hint()
                assert g.state_key() == key
                refused += 1
            if s.waiting == "bot":
                s.advance()
            else:
                s.play(rng.choice(g.legal_cards()))
    assert refused >= 25, f"only {refused} boundaries where bots were due before the person's lead"


def test_the_order_of_offers_starts_with_the_power_holder():
    from bhabho_widget import Driver, RandomBot

    s = TableSession(players=5, seed=4, bots="random", seat=0)
    seen = 0
    rng = random.Random(1)
    while not s.game.is_over and seen < 20:
        g = s.game
        if not g.table and g.take_refusal() is None:
            # a table of bots that never take, at this boundary: whom does it ask, in what order?
            probe = Driver(g.copy(), {b: RandomBot(seed=0, take_chance=0) for b in range(1, 5)})
            order = []
            while (a := probe.next_action()) is not None and a.kind == "offer":
                order.append(a.seat)
                probe.step(a)
            # every holder in play order from the power holder; the person (seat 0) too,
            # unless they hold the power: then their chance is before their own lead
            assert order == [x for x in g.holders_from(g.leader) if x != 0 or g.leader != 0]
            seen += 1
        if s.waiting == "bot":
            s.advance()
        else:
            s.play(rng.choice(g.legal_cards()))
    assert seen


# ---------------------------------------------------------------- undo
def test_undo_shows_the_game_as_it_now_stands():
    for seed in range(12):
        t = Table(seed=seed, pace=0, bots="random")
        rng = random.Random(seed)
        for _ in range(rng.randrange(20, 120)):
            if t.view["waiting"] == "over":
                break
            step_as_browser(t, rng, take_chance=0.1)
        if 0 not in t.game.actors():
            continue
        send(t, type="undo", version=t.view["version"])
        assert t.error == ""
        v = t.view
        assert v["change"] == "undo" and v["events"] == [] and v["last_trick"] is None
        # the log is exactly the log of the game replayed to where it now stands
        replay = Game.from_json(t.game.to_json())
        expected = [e.describe(0) for e in replay.events if e.kind != "deal" or e.seat == 0]
        assert [line["text"] for line in v["log"]] == expected[-len(v["log"]):]
        assert v["narration"].startswith("Undone")


def test_undo_of_a_scored_round_unscores_it():
    t = Table(seed=9, rounds=3, pace=0)
    play_to_end(t, random.Random(2))
    g = t.game
    assert t.score["played"] == 1 and t.match.rounds_played == 1
    counted = list(t.match.counts)
    send(t, type="undo", version=t.view["version"])
    assert t.error == "" and not t.game.is_over
    assert t.score["played"] == 0 and t.match.rounds_played == 0 and sum(t.match.counts) == 0 and t.match.pot == 0
    play_to_end(t, random.Random(3))  # replayed, maybe to another loser: counted once
    assert t.match.rounds_played == 1 and sum(t.match.counts) == t.match.pot <= 1
    assert t.score["counts"] == t.match.counts
    del g, counted


# ---------------------------------------------------------------- texts under the table
def test_takes_are_confirmed_under_the_table():
    found_person = found_bot = False
    for seed in range(60):
        t = Table(seed=seed, pace=0, bots="random")
        for bot in t.session.bots.values():
            bot.take_chance = 0.3
        rng = random.Random(seed)
        for _ in range(400):
            v = t.view
            if v["waiting"] == "over":
                break
            if v["waiting"] == "human" and v["can_take"] and not found_person:
                target = v["take_target"]
                size = v["hand_sizes"][target]
                send(t, type="take", version=v["version"])
                word = "card" if size == 1 else "cards"
                assert f"You take Bot {target}'s hand: {size} {word}" in t.view["narration"]
                found_person = True
                continue
            step_as_browser(t, rng)
            if any(e["kind"] == "take" and e["seat"] != 0 for e in t.view["events"]):
                assert " takes " in t.view["narration"] and "hand:" in t.view["narration"]
                found_bot = True
        if found_person and found_bot:
            return
    raise AssertionError(f"person take seen: {found_person}, bot take seen: {found_bot}")


def test_new_game_and_next_round_start_a_fresh_log():
    t = Table(seed=1, pace=0, rounds=2)
    play_to_end(t, random.Random(0))
    assert len(t.view["log"]) > 5
    send(t, type="new_game", players=4, seed=None, variant="classic", bots="rules", version=t.view["version"])
    v = t.view
    assert v["change"] == "new" and v["events"] == []
    assert [line["kind"] for line in v["log"]] == ["deal"]  # only the person's own deal
    assert v["narration"].startswith("Round 2 of 2.")


def test_texts_are_true_and_grammatical():
    # a discard that ends the trick does not say the trick goes on; the trick is not "clean"
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], rules=Rules(off_suit="discard"), leader=0)
    g.play("KH")
    g.play("5H")
    events = g.play("4S")
    assert events[0].kind == "discard" and "goes on" not in events[0].text
    assert "clean trick" not in events[1].text and "discards and all" in events[1].text
    # the seat that looks is "you", with verbs that agree
    s = TableSession(players=4, seed=3)
    s.run_bots()
    texts = [line["text"] for line in s.browser_view()["log"]]
    for wrong in ("You holds", "You does", "You's", "You has", "You is", "You plays", "You leads"):
        assert not any(wrong in text for text in texts), wrong
    with pytest.raises(ValueError) as err:
        s.play("2H") if "2H" not in [c.code for c in s.game.hand(0)] else s.play("ZZ")
    assert "You's" not in str(err.value)


# ---------------------------------------------------------------- matches
def test_seeded_matches_repeat_and_bots_do_not_restart_every_round():
    def match_record(seed):
        s = TableSession(players=4, seed=seed, rounds=8, bots="rules", seat=0)
        rounds = []
        rng = random.Random(seed)
        while True:
            while not s.game.is_over:
                if s.waiting == "bot":
                    s.advance()
                else:
                    s.play(rng.choice(s.game.legal_cards()))
            rounds.append((s.game.seed, s.game.loser, tuple(str(m) for m in s.game.moves if not m.is_take)))
            if s.match.is_over:
                return s, rounds
            s.new_game()

    s, rounds = match_record(5)
    assert s.match.seed == 5 and s.config()["seed"] == 5  # the seed given is the seed used
    assert len({r[0] for r in rounds}) == len(rounds), "every round is a new deal"
    assert len({r[1] for r in rounds}) > 1, "the same seat lost every round"
    assert match_record(5)[1] == rounds, "a seeded match repeats exactly"
    assert match_record(6)[1] != rounds


def test_the_end_of_a_session_says_who_loses_and_who_takes_the_pot():
    t = Table(seed=2, rounds=2, pace=0)
    assert t.score["text"] == "Round 1 of 2" and t.score["round"] == 1
    play_to_end(t, random.Random(1))
    send(t, type="new_game", players=4, seed=None, variant="classic", bots="rules", version=t.view["version"])
    assert t.score["text"] == "Round 2 of 2"
    play_to_end(t, random.Random(2))
    score = t.score
    assert score["over"] and "Session over after 2 rounds" in score["text"]
    if score["losers"]:
        assert "the session" in score["text"] and "pot" in score["text"]
    check_trait("score", score)


def test_a_stalemate_round_counts_for_nobody_and_the_dealer_moves_on():
    from bhabho_widget import Match
    from bhabho_widget.play.bots import RuleBot

    m = Match(3, rounds=40, rules="pick-up form", seed=1)
    while not m.is_over:
        m.play_round([RuleBot(seed=s) for s in range(3)])
    assert m.stalemates > 0, "no stalemate in 40 pick-up-form rounds"
    assert sum(m.counts) == m.pot == sum(1 for r in m.results if r is not None)
    assert m.stalemates == sum(1 for r in m.results if r is None)


# ---------------------------------------------------------------- rule 10 at the table
def test_the_pickup_form_finishes_every_game_at_the_table_with_a_banner():
    stalemates = 0
    for seed in range(25):
        if seed >= 10 and stalemates:  # ten games, a stalemate among them
            break
        t = Table(players=3, seed=seed, rules="pick-up form", pace=0, bots="rules")
        play_to_end(t, random.Random(seed))
        v = t.view
        assert v["is_over"] and v["result"] is not None
        if t.game.is_stalemate:
            stalemates += 1
            assert v["result"]["kind"] == "stalemate" and "Nobody is the bhabhi" in v["result"]["text"]
            assert v["loser"] is None
        check_view(v)
    assert stalemates > 0


# ---------------------------------------------------------------- lessons
def test_a_lesson_with_hidden_hands_shows_none_of_them():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=1)
    with pytest.raises(ValueError, match="reveal_all=False"):
        Lesson(g, ["5H"], exercises=[_ex(0, "Which card?")], reveal_all=False, seat=0)
    lesson = Lesson(g, ["take 0", "2C", "9C"], reveal_all=False, seat=2)
    hidden = {"KH", "2C", "5H", "3C"}
    for k in range(lesson.length + 1):
        lesson.goto(k)
        v = lesson.view
        shown = set(v["hand"]) | {c for e in v["events"] for c in e["cards"]}
        text = " ".join([v["narration"]] + [line["text"] for line in v["log"]])
        played = {t["card"] for t in v["table"]} | {c["card"] for c in (v["last_trick"] or {"cards": []})["cards"]}
        assert v["hands"] is None
        assert not (shown - played - {"4S", "9C"}), f"step {k} shows {shown}"
        for code in hidden - played:
            card = code[:-1] + {"H": "♥", "C": "♣", "S": "♠", "D": "♦"}[code[-1]]
            assert card not in text or any(card in t for t in [line["text"] for line in v["log"] if "plays" in line["text"]])


def _ex(step, prompt, **kw):
    from bhabho_widget import Exercise

    return Exercise(step, prompt, **kw)


def test_every_exercise_is_checked_when_the_lesson_is_built():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    moves = ["KH", "5H", "4S"]
    with pytest.raises(ValueError, match="cannot be played"):
        Lesson(g, moves, exercises=[_ex(1, "Which card?", answer="3C")])
    with pytest.raises(ValueError, match="no seat 7"):
        Lesson(g, moves, exercises=[_ex(1, "Who?", kind="seat", answer=7)])
    with pytest.raises(ValueError, match="nobody picks up"):
        Lesson(g, moves, exercises=[_ex(0, "Who picks up?", kind="seat", answer="picker")])
    with pytest.raises(ValueError, match="may not take"):
        Lesson(g, moves, exercises=[_ex(1, "Take?", kind="take", answer="take")])
    # a seat with no cards is among the choices of a seat question
    h = Game.from_hands([["AH", "2C"], ["5H"], ["4H", "9C"]], leader=1, waste=["3D", "8D"])
    lesson = Lesson(h, ["5H", "4H", "AH"], exercises=[_ex(2, "Who will draw?", kind="seat", answer=0)])
    lesson.goto(2)
    assert 1 in lesson.view["lesson"]["exercise"]["choices"] and 0 in lesson.view["lesson"]["exercise"]["choices"]


def test_a_finished_trick_rests_as_its_own_lesson_step():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["7H", "9C"]], leader=0)
    lesson = Lesson(g, ["KH", "5H", "7H", "2C"])
    lesson.goto(3)
    v = lesson.view
    assert v["table"] == [] and [c["card"] for c in v["last_trick"]["cards"]] == ["KH", "5H", "7H"]
    lesson.goto(4)
    assert lesson.view["last_trick"] is None and lesson.view["table"] == [{"seat": 0, "card": "2C"}]



def _to_offer(s: TableSession, rng: random.Random) -> bool:
    """Play on (random cards for the person) until the person's own chance to take; False
    if the game ended first."""
    while not s.game.is_over:
        if s.take_offer:
            return True
        if s.waiting == "bot":
            s.advance()
        else:
            s.play(rng.choice(s.game.legal_cards()))
    return False


def test_the_person_gets_a_chance_to_take_in_their_place_when_a_bot_holds_the_power():
    """Rule 7 at the table: every player holding cards gets one chance to take, in play
    order from the power holder, before the lead; the person too when a bot holds the power (at a
    table that asks every time: the default asks only when taking may pay)."""
    rng = random.Random(2)
    offers = passes = takes = 0
    for seed in range(6):
        s = TableSession(players=4, seed=seed, bots="random", seat=0, take_offers="always")
        while _to_offer(s, rng):
            g = s.game
            offers += 1
            assert g.leader != 0 and not g.table and g.take_refusal() is None
            view = s.browser_view()
            assert view["take_offer"] and view["can_take"] and view["take_target"] == g.next_holder(0)
            assert view["waiting"] == "bot" and view["legal"] == []
            assert "Your chance to take" in s.narration and "(rule 7)" in s.narration
            key = g.state_key()
            with pytest.raises(IllegalMoveError, match="your chance to take"):
                s.play(g.hand(0)[0])
            assert g.state_key() == key
            assert s.hint()["action"] in ("take", "pass")
            trick = g.trick_number
            if rng.random() < 0.15:
                target = g.next_holder(0)
                s.take()
                takes += 1
                assert target in g.escaped
            else:
                s.pass_take()
                passes += 1
            # one chance per boundary: it does not come again before this trick is led
            assert not (s.take_offer and g.trick_number == trick and not g.table)
    assert offers >= 30 and takes >= 2 and passes >= 20, (offers, takes, passes)


def test_passing_is_refused_without_an_offer_and_run_bots_passes_the_persons_chances():
    s = TableSession(players=4, seed=5, bots="random", seat=0, take_offers="always")
    with pytest.raises(IllegalMoveError, match="no chance to take to pass"):
        s.pass_take()
    assert _to_offer(s, random.Random(0))
    s.run_bots()  # lets the table go on to the person's play, passing their chance on the way
    assert s.waiting in ("human", "over") and not s.take_offer


def test_the_widget_passes_with_advance_and_takes_with_take_at_the_persons_chance():
    t = Table(players=4, seed=7, pace=0)
    rng = random.Random(3)
    seen = 0
    for _ in range(2000):
        v = t.view
        if v["waiting"] == "over":
            break
        check_view(v)
        if v["take_offer"]:
            seen += 1
            assert v["can_take"] and v["legal"] == [] and v["waiting"] == "bot"
            send(t, type="play", card=t.session.game.hand(0)[0].code, version=v["version"])
            assert "your chance to take" in t.error and t.view["version"] == v["version"]  # refused, nothing changed
            if seen == 2:
                target = v["take_target"]
                send(t, type="take", version=v["version"])
                assert t.error == "" and target in t.session.game.escaped
            else:
                send(t, type="advance", version=v["version"])
                assert t.error == "" and not (t.view["take_offer"] and t.view["version"] == v["version"])
            continue
        if v["waiting"] == "bot":
            send(t, type="advance", version=v["version"])
        else:
            send(t, type="play", card=rng.choice(v["legal"]), version=v["version"])
        assert t.error == "", t.error
    assert seen >= 2


def test_undo_is_offered_only_when_the_person_has_acted():
    s = TableSession(players=4, seed=3, bots="random", seat=0)
    rng = random.Random(0)
    assert not s.can_undo and s.browser_view()["can_undo"] is False
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        s.undo()
    while s.waiting != "human" or s.take_offer:
        s.advance()
    s.play(rng.choice(s.game.legal_cards()))
    assert s.can_undo and s.browser_view()["can_undo"] is True
    s.undo()
    assert not s.can_undo and s.browser_view()["can_undo"] is False


def test_the_person_takes_at_most_once_per_trick_boundary_as_bots_do():
    """Rule 7: one chance to take for each player at each trick boundary. Over many random
    five-player games a second take at the same boundary is refused with a clear reason
    and changes nothing, and the view stops offering it."""
    rng = random.Random(18)
    second_tries = 0
    for k in range(60):
        if second_tries > 50:  # enough second tries seen
            break
        s = TableSession(players=5, seed=k, bots="random")
        for _ in range(5000):
            if s.waiting == "over":
                break
            if s.waiting == "bot" and not s.take_offer:
                s.advance()
                continue
            view = s.browser_view()
            if view["can_take"] and rng.random() < 0.5:
                s.take()
                if s.game.is_over:
                    continue
                second_tries += 1
                assert s.browser_view()["can_take"] is False
                before, moves = s.version, len(s.game.moves)
                with pytest.raises(IllegalMoveError, match="one chance to take at each trick boundary"):
                    s.take()
                assert (s.version, len(s.game.moves)) == (before, moves)
            elif s.take_offer:
                s.pass_take()
            else:
                s.play(rng.choice(s.game.legal_cards()))
        else:
            raise AssertionError("the game did not end")
    assert second_tries > 50


def test_a_burst_of_hints_at_one_position_is_worked_out_once(monkeypatch):
    import bhabho_widget.coach.judgement as judgement

    runs = []
    real = judgement.judge_many

    def counting(*args, **kwargs):
        runs.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(judgement, "judge_many", counting)
    t = Table(players=8, seed=4, pace=0)
    t.run_bots()
    answers = []
    for _ in range(20):
        send(t, type="hint")
        assert t.error == ""
        answers.append(t.hint)
    assert len(runs) == 1 and all(a == answers[0] for a in answers)
    # the same position in another language: the same hint, told again, not worked out again
    send(t, type="set_language", language="de")
    send(t, type="hint")
    assert len(runs) == 1 and t.hint["text"] != answers[0]["text"]
    # a new position is worked out anew
    send(t, type="play", card=t.hint["action"], version=t.view["version"])
    t.run_bots()
    if t.view["waiting"] == "human":
        send(t, type="hint")
        assert t.error == "" and len(runs) == 2


def test_a_hint_asked_for_while_one_is_worked_out_is_refused(monkeypatch):
    import bhabho_widget.coach.judgement as judgement

    s = TableSession(players=5, seed=2)
    s.run_bots()
    real = judgement.judge_many
    refusals = []

    def asking_again(*args, **kwargs):
        with pytest.raises(MessageError, match="already being worked out") as err:
            s.hint()
        refusals.append(str(err.value))
        return real(*args, **kwargs)

    monkeypatch.setattr(judgement, "judge_many", asking_again)
    assert s.hint()["action"]
    assert len(refusals) == 1 and len(refusals[0]) < 80
    assert s.hint()["action"]  # not stuck: the next one is answered (from the cache)
    assert len(refusals) == 1


def test_after_a_seeded_match_ends_the_seed_shown_is_the_seed_in_use():
    def finish_match(s):
        rng = random.Random(1)
        while not (s.match.is_over and s.game.is_over):
            if s.game.is_over:
                s.new_game()
            elif s.waiting == "bot":
                s.advance()
            else:
                s.play(rng.choice(s.game.legal_cards()))

    s = TableSession(players=4, seed=9, rounds=1, bots="random")
    finish_match(s)
    assert s.config()["seed"] == 9
    s.new_game()  # the next match, with a fresh seed
    shown = s.config()["seed"]
    assert shown == s.match.seed and shown != 9
    again = TableSession(players=4, seed=shown, rounds=1, bots="random")
    assert [again.game.hand(k) for k in range(4)] == [s.game.hand(k) for k in range(4)]
    # a table dealt without a seed shows none, before and after
    s = TableSession(players=4, rounds=1, bots="random")
    finish_match(s)
    s.new_game()
    assert s.config()["seed"] is None


@pytest.mark.parametrize("rules, card", [("classic", "A♠"), ("ace low", "2♠")])
def test_at_the_start_the_holder_of_the_opening_card_is_told_to_lead_it(rules, card):
    seeds = {}
    for seed in range(40):
        s = TableSession(players=4, seed=seed, rules=rules)
        seeds.setdefault(s.game.current_player == 0, s)
        if len(seeds) == 2:
            break
    mine, theirs = seeds[True], seeds[False]
    line = f"You hold {card} and must lead it to open the game (rule 3)."
    assert line in mine.narration and mine.narration.startswith("You are dealt")
    assert "must lead it" not in theirs.narration
    mine.set_language("de")
    assert f"Sie halten {card} und müssen sie ausspielen" in mine.narration
    mine.set_language("en")
    mine.play(card.replace("♠", "S"))
    assert "must lead it to open" not in mine.narration
    mine.new_game(seed=mine.game.seed)  # the same deal again: told again
    assert line in mine.narration


# ---------------------------------------------------------------------- a position played out
SMALL = "rules=classic hands=A.K../2.Q../.3.."


def test_a_table_starts_at_a_position_text_with_the_person_at_the_seat_given():
    s = TableSession(position=SMALL, seat=1, seed=2)
    assert s.game.num_players == 3 and s.match is None
    assert [c.code for c in s.game.hand(1)] == ["2S", "QH"]
    assert s.game.names == ("Bot 0", "You", "Bot 2")
    assert s.waiting == "bot"  # Bot 0 holds A♠ and leads it (rule 3)
    assert s.narration == "The game goes on from the position set up: it is Bot 0's turn."
    assert TableSession(position=SMALL, seat=0, language="de").narration.startswith(
        "Das Spiel geht von der aufgestellten Stellung aus weiter: Sie sind am Zug.")
    s.run_bots()
    assert s.waiting == "human" and s.browser_view()["legal"] == ["2S"]
    view = s.browser_view()
    assert view["hands"] is None  # the person sees their own hand only
    s.play("2S")
    s.run_bots()
    while s.waiting != "over":  # to the end, every move the person's first legal card
        if s.waiting == "human":
            s.play(s.game.legal_cards()[0]) if not s.take_offer else s.pass_take()
        else:
            s.run_bots()
    assert s.game.is_over
    s.new_game()  # then New game deals as usual: the whole pack to the three seats
    assert sum(len(s.game.hand(p)) for p in range(3)) == 52 and s.game.moves == []


def test_a_table_from_a_game_continues_it_exactly_and_the_widget_takes_it_too():
    g = Game.deal(5, seed=11, rules="get away")
    for _ in range(7):
        g.play(g.legal_cards()[0])
    t = Table(position=g, seat=2, seed=4)
    assert t.game.position() == g.position() and t.game is not g
    assert t.game.rules == g.rules and t.seat == 2 and t.game.names[2] == "You"
    check_trait("view", t.view)
    assert t.view["hands"] is None  # the person sees their own hand only
    play_to_end(t, random.Random(3), take_chance=0.2)
    t.new_game()
    assert len(t.game.moves) == 0 and sum(len(t.game.hand(p)) for p in range(5)) == 52
    g.play(g.legal_cards()[0])  # the game given is the caller's: the table took a copy
    assert t.game.position() != g.position()


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"position": "rules=classic hands=A.K../2.Q..", "seat": 0}, "3 to 8 players"),
    ({"position": SMALL, "players": 4}, "the position has 3 players"),
    ({"position": SMALL, "rules": "get away"}, "rules=classic"),
    ({"position": SMALL, "rounds": 3}, "one game"),
    ({"position": SMALL, "seat": 3}, "seat"),
    ({"position": "rules=classic hands=A.K../A.Q../.3..", "seat": 0}, "position text"),
    ({"position": 42}, "Game or position text"),
])
def test_a_position_that_cannot_start_a_table_is_a_short_error(kwargs, words):
    with pytest.raises((ValueError, TypeError)) as err:
        TableSession(**kwargs)
    assert words in str(err.value) and len(str(err.value)) < 200


def test_after_taking_at_their_lead_the_person_gets_a_hint_for_the_lead():
    """Rule 7 gives one take per boundary; having taken, the person must still lead, and the
    Hint (whose button stays on) answers what to lead, never the refusal of a second take."""
    rng = random.Random(3)
    for k in range(40):
        s = TableSession(players=4, seed=k, bots="rules")
        s.run_bots()
        while s.waiting != "over":
            if s.take_offer:
                s.pass_take()
            elif s.waiting == "bot":
                s.advance()
            elif s.browser_view()["can_take"] and not s.game.table and len(s.game.holders()) > 2:
                s.take()
                if s.waiting != "human":
                    continue
                assert s.game.current_player == s.seat and not s.browser_view()["can_take"]
                hint = s.hint()
                assert hint["action"] in {c.code for c in s.game.legal_cards()}
                assert "take" not in {e["action"] for e in hint["estimates"]}
                return
            else:
                s.play(rng.choice(s.game.legal_cards()))
    raise AssertionError("no game gave the person a take at their own lead")
