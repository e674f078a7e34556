"""The position editor's plain-Python model (EditorSession): built by messages, checked as it
is built; a property test builds random positions and plays each accepted one to an end."""

from __future__ import annotations

import random
import re

import pytest
from games import play_to_end
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bhabho_widget import PRESETS, Game, Move
from bhabho_widget.engine.cards import DECK
from bhabho_widget.engine.errors import MessageError, PositionError
from bhabho_widget.table.editor import ADVICE, NO_LEADER, EditorSession


def give(ed: EditorSession, card: str, to: object, **extra: object) -> None:
    ed.receive({"type": "give", "card": card, "to": to, **extra})


def test_a_random_deal_is_the_opening_trick() -> None:
    ed = EditorSession(players=5, seed=3)
    ed.receive({"type": "deal"})
    assert ed.problem is None
    g = ed.game()
    assert g.is_opening_trick and g.legal_cards()[0].code == "AS"
    assert sorted(len(h) for h in ed.view()["hands"]) == [10, 10, 10, 11, 11]
    assert Game.from_position(ed.text()).position() == ed.text()
    ed.receive({"type": "deal"})
    assert ed.view()["hands"] != [[c.code for c in g.hand(s)] for s in range(5)]


def test_moving_a_card_takes_it_from_where_it_was() -> None:
    ed = EditorSession(players=3)
    give(ed, "AS", 0)
    give(ed, "AS", 1)
    assert ed.hand(0) == [] and ed.hand(1) == ["AS"]
    give(ed, "AS", "box")
    assert "AS" in ed.view()["box"]


def test_the_problems_in_one_sentence() -> None:
    ed = EditorSession(players=3)
    assert "at least 2 players holding cards" in ed.problem
    for card, seat in [("KH", 0), ("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2)]:
        give(ed, card, seat)
    assert ed.problem is not None and "no opening trick" in ed.problem  # nobody holds a spade
    ed.receive({"type": "opening", "over": True})
    assert "choose the seat that leads" in ed.problem
    ed.receive({"type": "leader", "seat": 0})
    assert ed.problem is None and ed.game().current_player == 0
    give(ed, "QH", "table")
    give(ed, "3S", "table")  # seat 1 cannot have played a spade: it holds hearts
    assert ed.problem == ("The table: 3♠ does not follow ♥: a tochoo ends the trick at once (rule 4). "
                          "Take 3♠ off the table: a tochoo is the last card of its trick.")
    give(ed, "3S", "waste")
    assert ed.problem is None and ed.game().current_player == 1
    assert ed.game().table[0][1].code == "QH"
    give(ed, "AS", 2)
    ed.receive({"type": "opening", "over": False})
    assert ed.problem == ("The leader: seat 2 leads the opening trick with A♠ (rule 3), not seat 0. "
                          "Choose 'the opening trick decides' as the leader, or tick 'The opening trick is over'.")
    assert ed.problem.count(".") == 2 and ed.problem.endswith(".")  # what is wrong, then what to do
    with pytest.raises(PositionError):
        ed.game()
    ed.receive({"type": "clear"})
    for card, seat in [("AS", 0), ("KH", 1), ("2H", 2)]:
        give(ed, card, seat)
    give(ed, "3H", "waste")
    assert ed.problem == ("The waste pile: the waste pile is empty until the opening trick is over (rule 3). "
                          "Tick 'The opening trick is over', or put the waste pile's cards back in the box.")


def test_a_card_twice_from_the_text_and_bad_messages() -> None:
    ed = EditorSession()
    with pytest.raises(MessageError, match="A♠ is in two hands"):
        ed.receive({"type": "load", "text": "hands=AS/AS lead=0"})
    for bad in [{"type": "give", "card": "1Z", "to": 0}, {"type": "give", "card": "AS", "to": 9},
                {"type": "players", "players": 1}, {"type": "rules", "rules": "fast"}, {"type": "fly"},
                {"type": "opening", "over": "yes"}, {"type": "leader", "seat": -1}]:
        version = ed.version
        with pytest.raises(MessageError):
            ed.receive(bad)
        assert ed.version == version


def test_load_a_moment_of_a_game() -> None:
    g = Game.deal(4, seed=8)
    for _ in range(9):
        g.play(g.legal_cards()[0])
    ed = EditorSession()
    ed.receive({"type": "load", "text": g.position()})
    assert ed.problem is None
    h = ed.game()
    assert h.legal_mask() == g.legal_mask() and h.table == g.table and h.current_player == g.current_player


def test_a_static_picture() -> None:
    ed = EditorSession(players=3)
    give(ed, "AS", 0)
    assert "A♠" in ed._repr_html_() and "at least 2 players" in ed._repr_html_()
    give(ed, "KH", 1)
    assert "rules=classic hands=A.../.K.." in ed._repr_html_()


def test_fewer_players_put_their_cards_back() -> None:
    ed = EditorSession(players=4, seed=1)
    ed.receive({"type": "deal"})
    ed.receive({"type": "players", "players": 3})
    assert len(ed.view()["box"]) == 13 and ed.problem is None


CARDS = [c.code for c in DECK]
PRESET_NAMES = list(PRESETS)


def messages(draw: st.DrawFn) -> list[dict]:
    out: list[dict] = [{"type": "players", "players": draw(st.integers(2, 8))}]
    if draw(st.booleans()):
        out.append({"type": "deal", "seed": draw(st.integers(0, 10 ** 6))})
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["give", "give", "give", "give", "leader", "opening", "rules", "players"]))
        if kind == "give":
            to = draw(st.one_of(st.integers(0, 7), st.sampled_from(["table", "waste", "box"])))
            out.append({"type": "give", "card": draw(st.sampled_from(CARDS)), "to": to})
        elif kind == "leader":
            out.append({"type": "leader", "seat": draw(st.one_of(st.none(), st.integers(0, 7)))})
        elif kind == "opening":
            out.append({"type": "opening", "over": draw(st.booleans())})
        elif kind == "rules":
            out.append({"type": "rules", "rules": draw(st.sampled_from(PRESET_NAMES))})
        else:
            out.append({"type": "players", "players": draw(st.integers(2, 8))})
    return out


NAMES_A_RULE_OR_CARD = re.compile(r"\brules?\b|variant|[♠♥♦♣]")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.composite(messages)(), st.integers(0, 99))
def test_random_positions_built_by_messages(msgs: list[dict], seed: int) -> None:
    ed = EditorSession(seed=seed)
    for m in msgs:
        try:
            ed.receive(m)
        except MessageError:  # a seat beyond the players, say: refused, nothing changed
            continue
        if ed.problem is None:
            text = ed.text()
            assert Game.from_position(text).position() == text
            play_to_end(ed.game(), random.Random(seed))
        else:
            assert NAMES_A_RULE_OR_CARD.search(ed.problem), ed.problem
            assert ed.problem.endswith(".") and len(ed.problem) < 400
            why = ed.problem_message.error.why
            assert why.template in ADVICE or why.template == NO_LEADER, f"no advice for: {ed.problem}"


# ---------------------------------------------------------------------- any moment into an exercise
from bhabho_widget.coach.hints import hint, hint_from_estimates, view_estimates  # noqa: E402
from bhabho_widget.engine.errors import RecordError  # noqa: E402
from bhabho_widget.table.exercises import lesson_from_json, lesson_to_json, make_exercise  # noqa: E402
from bhabho_widget.table.session import TableSession  # noqa: E402


def midgame(seed: int = 4, plays: int = 14) -> Game:
    g = Game.deal(4, seed=seed)
    for _ in range(plays):
        g.play(g.legal_cards()[-1])
    return g


def test_which_card_the_coach_answers_and_explains() -> None:
    g = midgame()
    script = make_exercise(g, "card", rollouts=60, reveal_all=False)  # hidden hands: the coach's hint
    view = g.seat_view(g.current_player)
    h = hint_from_estimates(view, view_estimates(view, [c.index for c in g.legal_cards()], 60, seed=0))
    ex = script.exercises[0]
    assert ex.kind == "card" and h.action.code in ex.answer and ex.explain == h.reason
    assert ex.answer == tuple(r.action for r in ex.key if r.within) and {r.action for r in ex.key} == \
        {c.code for c in g.legal_cards()}
    assert ex.prompt == "Which card should you play?" and script.seat == g.current_player
    other = (g.current_player + 1) % 4
    assert make_exercise(g, "card", seat=other, rollouts=20).exercises[0].prompt == \
        f"Which card should {g.names[g.current_player]} play?"
    assert script.moves == [Move.play(h.action)] and script.step == 0
    wrong = next((c for c in script.choices(0) if c not in ex.answer and c in {x.code for x in g.legal_cards()}), None)
    if wrong is not None:
        assert script.answer(wrong)["correct"] is False
    assert all(script.answer(c)["correct"] is True for c in ex.answer)
    assert g.moves and len(script.game.moves) == 0  # the lesson starts at the moment, the game is untouched


def test_who_picks_up_and_take_or_pass() -> None:
    g = Game.from_hands([["KH"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
    script = make_exercise(g, "picker", rollouts=30)
    (step, ex), = script.exercises.items()
    assert step == 2 and ex.kind == "seat" and ex.prompt.endswith("Who picks up?")
    script.goto(step)
    assert script.answer(0)["correct"] is True
    g = Game.from_hands([["KH", "2C", "3D"], ["5H", "3C"], ["4S", "9C", "QD"]], leader=0, seed=1)
    script = make_exercise(g, "take", seat=1, rollouts=60, language="de", reveal_all=False)  # as the hint sees it
    ex = script.exercises[0]
    advice = hint(g, 1, rollouts=60, seed=0).action
    accepted = (ex.answer,) if isinstance(ex.answer, str) else ex.answer
    assert ex.kind == "take" and ("take" if advice == "take" else "pass") in accepted
    assert accepted == tuple(r.action for r in ex.key if r.within)
    assert "Player" not in ex.prompt and "?" in ex.prompt  # asked in German
    assert all(script.answer(a)["correct"] is True for a in accepted)
    with pytest.raises(ValueError, match="cannot take now"):
        make_exercise(Game.deal(4, seed=1), "take")
    with pytest.raises(ValueError, match="question must be one of"):
        make_exercise(g, "why")


def test_from_a_replay_at_its_step() -> None:
    from bhabho_widget.table.lesson import LessonScript

    recorded = Game.deal(4, seed=9)
    recorded.playout(rng=3)
    replay = LessonScript(recorded, start=12)
    script = make_exercise(replay, "card", rollouts=30)
    at = replay.game
    assert script.game.position() == at.position() and script.exercises[0].answer[0] in {c.code for c in at.legal_cards()}


def test_from_a_table_and_saved_as_a_record() -> None:
    session = TableSession(players=4, seed=6)
    session.run_bots()
    script = make_exercise(session, "card", rollouts=40, title="At the table")
    text = lesson_to_json(script)
    again = lesson_from_json(text)
    assert again.exercises == script.exercises and again.moves == script.moves and again.title == "At the table"
    assert again.game.position() == script.game.position() and again.game.names == script.game.names
    key = script.exercises[0].answer[0]
    assert again.answer(key)["correct"] is True
    for bad in [text.replace('"bhabho-lesson"', '"x"'), text[:-9], text.replace('"moves": ["', '"moves": ["take 9", "')]:
        with pytest.raises(RecordError):
            lesson_from_json(bad)
    finished = Game.deal(4, seed=2)
    finished.playout(rng=1)
    with pytest.raises(PositionError, match="over"):
        make_exercise(finished)


# ---------------------------------------------------------------------- played out at a table
@pytest.mark.parametrize("seed", range(8))
def test_an_editor_position_plays_out_at_a_table_and_new_game_deals(seed: int) -> None:
    """A random deal with a few cards moved, the opening trick over and a leader: the table
    starts there (the person at a seat that holds cards), plays to an end, then deals anew."""
    rng = random.Random(seed)
    players = rng.randrange(3, 7)
    ed = EditorSession(players=players, seed=seed)
    ed.receive({"type": "deal"})
    for card in rng.sample(CARDS, 6):
        give(ed, card, rng.choice([*range(players), "waste"]))
    ed.receive({"type": "opening", "over": True})
    ed.receive({"type": "leader", "seat": rng.randrange(players)})
    assert ed.problem is None, ed.problem
    seat = next(s for s in range(players) if ed.hand(s))
    s = TableSession(position=ed.text(), seat=seat, bots="random", seed=seed)
    assert s.game.position() == ed.text() and s.game.names[seat] == "You"
    for _ in range(5000):
        if s.waiting == "over":
            break
        if s.waiting == "bot":
            s.advance()
        elif s.take_offer:
            s.pass_take()
        else:
            s.play(rng.choice(s.game.legal_cards()))
    assert s.game.is_over
    s.new_game()
    assert s.game.num_players == players and sum(len(s.game.hand(p)) for p in range(players)) == 52


def test_a_lesson_that_keeps_the_moves_knows_what_was_seen_in_play() -> None:
    """keep_moves=True: the lesson holds the moves up to the moment and opens there, so a card
    picked up in view of everyone is known at the table as the coach's key assumes; its record
    keeps where it opens."""
    trap = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
                           leader=2, seed=1)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:  # Player 3 cannot follow: Player 2 picks up J♦
        trap.play(card)
    kept = make_exercise(trap, "card", seat=1, reveal_all=False, keep_moves=True, rollouts=96)
    alone = make_exercise(trap, "card", seat=1, reveal_all=False, rollouts=96)
    assert kept.start == kept.step == 6 and sorted(kept.exercises) == [6] and len(kept.moves) == 7
    assert alone.start == alone.step == 0 and sorted(alone.exercises) == [0]
    assert kept.game.position() == alone.game.position() == trap.position()
    assert [str(c) for c in kept.game.seat_view(1).known_cards(2)] == ["J♦", "9♣"]  # the trick it picked up
    assert alone.game.seat_view(1).known_cards(2) == []  # from the position alone nobody saw it
    assert "4D" in kept.exercises[6].answer and kept.answer("4D")["correct"] is True
    again = lesson_from_json(lesson_to_json(kept))
    assert again.start == again.step == 6 and again.game.position() == trap.position()
    kept.goto(0)
    assert kept.game.moves == [] and kept.step == 0  # Back shows how the moment came about
    with pytest.raises(TypeError, match="keep_moves"):
        make_exercise(trap, "card", keep_moves="yes")


def test_every_advice_answers_a_reason_the_engine_gives_and_names_the_editors_controls() -> None:
    """Each advice is keyed by a reason of engine/position.py (a renamed reason would leave its
    advice unused), and where it names a control, the control's label in each language."""
    import pathlib

    from bhabho_widget.i18n import LANGUAGES, translator

    source = (pathlib.Path(__file__).parents[1] / "bhabho_widget" / "engine" / "position.py").read_text(encoding="utf-8")
    flat = re.sub(r'"\s*\n\s*"', "", source)  # reasons written over two lines
    for why in ADVICE:
        assert f'"{why}"' in flat, why
    ed = EditorSession(players=3)
    for card, seat in [("KH", 0), ("5H", 1), ("9H", 2)]:
        give(ed, card, seat)
    for code in LANGUAGES:
        tr = translator(code)
        said = ed.problem_message.localize(tr)
        assert tr.labels()["editor_opening_over"] in said and "♠" in said, (code, said)


PASTED = "rules=classic hands=A5.KQT965.AKQJT43.A8/QT876.AJ87.7.KQ976543/KJ9432.432.98652.JT2"


@pytest.mark.parametrize("text, advice", [
    (PASTED.replace("hands=A5", "hands=AQ5"), "Leave Q♠ in one hand only"),
    (PASTED + " waste=QS lead=0 opening=no", "Leave Q♠ in the hand or in the waste pile"),
    (PASTED.replace("hands=A5", "hands=5") + " table=0:AS lead=0 opening=no waste=AS", "Leave A♠ on the table only"),
    (PASTED + " lead=0 opening=no escaped=1", "Take seat 1 off the escaped seats"),
    (PASTED + " lead=0 opening=yes trick=3", "or make it trick 1 (trick=1)"),
])
def test_a_pasted_position_is_refused_with_what_to_do(text: str, advice: str) -> None:
    """A position text pasted into the editor that a click could not make (a card in two places,
    a seat escaped with cards, the opening trick numbered 3) is refused with the reason and what
    to change, in the reader's language; the editor is unchanged."""
    from bhabho_widget.i18n import LANGUAGES, translator

    ed = EditorSession(players=3)
    before = ed.text() if ed.problem is None else None
    with pytest.raises(MessageError) as refused:
        ed.receive({"type": "load", "text": text})
    said = str(refused.value)
    assert advice in said and said.endswith("."), said
    assert (ed.text() if ed.problem is None else None) == before
    for code in LANGUAGES:
        if code != "en":
            told = refused.value.localize(translator(code))
            assert told != said and "(trick=1)" not in told.replace("trick=1)", ""), (code, told)
