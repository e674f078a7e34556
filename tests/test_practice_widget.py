"""The practice widget: puzzles on the one felt, answered by clicking, the verdict and the proof
told at once, Show me of the move chosen, the next puzzle by theme and mode; what the browser
gets never holds the answer before the learner answers, nor another seat's cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bhabho_widget import Practice, Table
from bhabho_widget.engine.cards import Card
from bhabho_widget.puzzles import THEMES, Progress, bundled
from bhabho_widget.table.protocol import PROTOCOL, check_trait, check_view


def click(t: Table, kind: str, **fields: Any) -> None:
    if "version" in PROTOCOL["messages"][kind]["properties"]:
        fields.setdefault("version", t.view["version"])
    t._on_frontend_msg(t, {"type": kind, **fields}, None)


def answer(t: Table, action: str) -> None:
    if action == "take":
        click(t, "take")
    elif action == "pass":
        click(t, "advance")
    else:
        click(t, "play", card=action)


@pytest.fixture
def practice(tmp_path):
    t = Practice(progress=Progress(tmp_path / "p.sqlite3"), seed=2)
    yield t
    t.close()


def hidden_cards(t: Table) -> set[str]:
    """The cards of the puzzle's other hands that its seat has not seen."""
    board = t.backend
    game, seat = board.session.game, board.seat
    seen = {c for e in game.events for c in e.to_dict(seat)["cards"]}
    return {c.code for s in range(game.num_players) if s != seat for c in game.hand(s)} - seen


def test_a_puzzle_is_the_seat_s_table_and_the_question_never_its_answer(practice):
    t = practice
    t.next_puzzle("keep_low")  # a card to find
    check_view(t.view)
    check_trait("practice", t.practice)
    check_trait("capabilities", t.capabilities)
    p = t.backend.session.puzzle
    assert t.practice["asking"] and t.practice["verdict"] is None and t.practice["themes"] == []
    assert t.view["hands"] is None and t.view["seat"] == p.seat
    sent = json.dumps([t.view, t.practice])
    for card in hidden_cards(t):
        assert f'"{card}"' not in sent and str(Card.parse(card)) not in json.dumps(t.practice)
    assert p.id == t.practice["puzzle"] and f'"{p.answer}"' not in json.dumps(t.practice)
    assert str(Card.parse(p.answer)) not in json.dumps(t.practice, ensure_ascii=False)
    assert set(t.capabilities) >= {"play", "practice_next", "show_me", "tracker"}
    assert not {"hint", "undo", "new_game"} & set(t.capabilities)


def test_a_right_answer_tells_the_verdict_the_reason_and_the_proof_and_moves_the_rating(practice):
    t = practice
    p = t.backend.session.puzzle
    before = t.practice["rating"]
    for k in range(len(p.proofs)):
        answer(t, t.backend.session.solution)
        assert t.error == "", t.error
        v = t.practice["verdict"]
        assert v["solved"] is True and v["done"] == (k == len(p.proofs) - 1)
    check_trait("practice", t.practice)
    v = t.practice["verdict"]
    assert v["right"] == v["given"] and v["reason"] and v["deals"] >= 1000 and v["margin"] == 0.08
    rows = v["rows"]
    assert rows[0]["answer"] and all(r["diff"] >= 0.08 and r["diff_lo"] > 0 for r in rows[1:])
    assert t.practice["rating"] > before and t.practice["themes"]
    assert t.view["mode"] == "review" and t.view["review"]["best"] == v["right"]
    assert t.view["narration"].startswith("Right:")


def test_a_wrong_answer_is_told_and_shown_then_the_next_puzzle_comes(practice):
    t = practice
    t.next_puzzle("keep_low")  # a card to play
    session = t.backend.session
    wrong = next(c for c in session.choices if c != session.solution)
    answer(t, wrong)
    v = t.practice["verdict"]
    assert v["solved"] is False and v["done"] and v["given"] == wrong and v["rating_after"] < v["rating_before"]
    assert [r for r in v["rows"] if r["given"]][0]["action"] == wrong
    answer(t, wrong)
    assert t.error == "This puzzle is answered: take the next one"
    click(t, "show_me", source="puzzle", line="worse", decision=None)
    assert t.error == "" and t.view["mode"] == "imagine" and t.view["imagine"]["source"] == "puzzle"
    check_view(t.view)
    click(t, "show_close")
    assert t.view["mode"] == "review"
    click(t, "practice_next", theme="play_under", mode="rated")
    assert t.error == "" and t.practice["asking"] and "play_under" in t.backend.session.puzzle.themes
    assert t.view["mode"] == "play" and t.practice["verdict"] is None


def test_what_practice_does_not_take_is_refused_in_a_sentence(practice):
    t = practice
    for kind, words in (("hint", "No hints in practice"), ("undo", "No undo in practice"),
                        ("new_game", "Take the next puzzle instead"), ("goto", "A puzzle is not a lesson")):
        click(t, kind, **({"players": 4, "seed": None, "variant": "classic", "bots": "rules"} if kind == "new_game" else
                          {"index": 1} if kind == "goto" else {}))
        assert t.error.startswith(words), (kind, t.error)
    click(t, "play", card="ZZ")
    assert t.error  # not a card
    click(t, "play", card=t.view["legal"][0] if t.view["legal"] else "2C", version=t.view["version"] - 1)
    assert "changed before that click arrived" in t.error  # a stale click
    click(t, "show_me", source="puzzle", line="better", decision=None)
    assert t.error == "Show me comes with your answer: answer the puzzle first"


def test_every_theme_and_mode_is_served(tmp_path):
    t = Practice(progress=Progress(tmp_path / "p.sqlite3"), seed=5)
    for theme in THEMES:
        assert theme in t.next_puzzle(theme).themes
    t.next_puzzle(mode="streak")
    assert t.practice["mode"] == "streak"
    with pytest.raises(LookupError):
        t.next_puzzle(mode="mistakes")  # none yet
    t.backend.session.progress.add_mistake(bundled[0].__class__.from_dict({**bundled[0].to_dict(), "source": "mistake",
                                                                             "id": None}))
    assert t.next_puzzle(mode="mistakes").source == "mistake"


def test_practice_speaks_every_language(tmp_path):
    t = Practice(progress=Progress(tmp_path / "p.sqlite3"), seed=1, language="hi")
    english = "A safe lead: nobody after you has shown a lack of the suit"
    assert t.view["narration"] and t.practice["all_themes"][0]["title"] != english
    click(t, "set_language", language="de")
    answer(t, t.backend.session.solution)
    assert t.practice["verdict"]["reason"] and t.view["narration"].startswith("Richtig")


def test_the_mistakes_of_a_reviewed_game_become_puzzles_of_your_own(tmp_path, monkeypatch):
    """A table keeps each mistake or blunder of the person's reviewed game that the coach
    proves as a puzzle of "your mistakes"; Practice(mode="mistakes") serves them."""
    from games import finished_table

    from bhabho_widget.table import widget as widget_module
    from bhabho_widget.table.practice import MISTAKES_ENVIRONMENT, keep_mistakes

    progress = Progress(tmp_path / "p.sqlite3")
    kept: list[Any] = []
    monkeypatch.setenv(MISTAKES_ENVIRONMENT, "1")  # the suite turns it off elsewhere
    monkeypatch.setattr(widget_module, "keep_mistakes",  # this test's progress file, and a small budget
                        lambda run: kept.append(keep_mistakes(run, progress, deals=256)))
    t = finished_table(seed=2, players=3)
    assert t.backend.reports  # the table reports its finished reviews
    run = t.start_review(rollouts=256, samples=32)
    assert t.wait_review(120)
    graded = [d for d in run.result.decisions if d.grade in ("mistake", "blunder")]
    assert graded and kept
    kept[0].join(120)
    mine = progress.mistakes()
    assert mine and len(mine) <= len(graded)
    for p in mine:
        assert p.source == "mistake" and p.proof.holds() and p.seat == 0
        assert any(d.move == len(p.moves) for d in graded), p.moves  # a decision the review graded
    table = Practice(mode="mistakes", progress=progress)
    assert table.backend.puzzle.id in {p.id for p in mine}
    table.close()
    t.close()


# ---------------------------------------------------------------------- a puzzle asked as a lesson's question
def test_a_card_puzzle_is_asked_as_a_lesson_question_in_the_learners_language(tmp_path):
    """puzzle_lesson: the lesson opens at the puzzle's decision with the moves that led to it, shows
    the seat's cards alone, accepts the proved card only, hints with the theme's rule of thumb and
    explains with the coach's reason and the proof, all in the lesson's language."""
    from bhabho_widget import PuzzleLesson
    from bhabho_widget.table.practice import puzzle_lesson

    puzzle = next(p for p in bundled if p.kind == "card" and "tochoo" in p.themes and len(p.proofs) == 1)
    script = puzzle_lesson(puzzle, language="de")
    script.progress = Progress(tmp_path / "p.sqlite3")
    step = script.step
    assert step == script.start == len(puzzle.moves) and not script.reveal_all and script.seat == puzzle.seat
    ex = script.exercises[step]
    assert ex.prompt == "Welche Karte sollten Sie spielen?" and ex.hint == "Werfen Sie Ihre höchste Karte als Tochoo."
    assert set(script.choices(step)) == {c.code for c in puzzle.game().legal_cards()}
    assert [r.action for r in ex.key if r.within] == [puzzle.answer] and script.right_answer(step) == (puzzle.answer,)
    wrong = next(c for c in script.choices(step) if c != puzzle.answer)
    first = script.answer(wrong)
    assert not first["correct"] and str(Card.parse(puzzle.answer)) not in first["text"]
    right = script.answer(puzzle.answer)
    assert right["correct"] and "Bewiesen über 1024" in right["text"]
    others = {c.code for s in range(puzzle.players) if s != puzzle.seat for c in puzzle.game().hand(s)}
    view = json.dumps(script.browser_view())
    assert not [c for c in others if f'"{c}"' in view], "another seat's cards in the lesson's view"
    assert [r["answer"] for r in script.progress.lessons()] == [wrong, puzzle.answer]
    widget = PuzzleLesson(puzzle, language="en")
    assert widget.view["lesson"]["exercise"]["prompt"] == "Which card should you play?"
    widget.close()


def test_a_take_puzzle_is_not_asked_as_a_card_question():
    from bhabho_widget.table.practice import puzzle_lesson

    take = next(p for p in bundled if p.kind == "take")
    with pytest.raises(ValueError, match="take or pass"):
        puzzle_lesson(take)
