"""Puzzles the coach has proved: the value and its line, the proof, the themes, Glicko-2, the
learner's progress (a restart, two processes at once, a corrupt file), mining over an executor
and Dask, and the bundled set."""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys
import warnings

import pytest

from bhabho_widget import Game
from bhabho_widget.engine.errors import IllegalMoveError, RecordError
from bhabho_widget.puzzles import (
    THEMES,
    PracticeSession,
    Progress,
    ProgressError,
    ProgressWarning,
    Proof,
    Puzzle,
    PuzzleRating,
    bundled,
    tag,
)
from bhabho_widget.puzzles.puzzle import ActionProof
from bhabho_widget.puzzles.rating import update, update_many

TRAP = [["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]]
"""The J♦ trap of the hints: Player 3 shows no diamonds, Player 2 picks up J♦ in public."""


def trap() -> Game:
    g = Game.from_hands(TRAP, leader=2, seed=1)
    for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
        g.play(card)
    return g


def small_puzzle(seed: int = 5) -> Puzzle:
    g = Game.deal(3, seed=seed)
    g.play("AS")
    proof = Proof(8, 16, 0.08, 1, (ActionProof(g.legal_cards()[0].code, 0.1, 0.05, 0.15, 0, 0, 0),))
    return Puzzle.at(g, g.current_player, [g.legal_cards()[0].code], ("opening",), [proof])


# ---------------------------------------------------------------------- the value
def test_a_puzzle_is_one_line_of_json_that_replays_its_game():
    p = small_puzzle()
    q = Puzzle.from_line(p.to_line())
    assert q == p and q.id == p.id and q.game().state_key() == p.game().state_key()
    assert "\n" not in p.to_line() and json.loads(p.to_line())["format"] == "bhabho-puzzle"
    with pytest.raises(RecordError, match="its id is not that of its position"):
        Puzzle.from_line(p.to_line().replace(p.id, "0000000000"))
    with pytest.raises(RecordError, match="not JSON"):
        Puzzle.from_line("{nope")
    with pytest.raises(RecordError):
        Puzzle.from_line(json.dumps({**p.to_dict(), "moves": "AS ZZ"})).game()


def test_a_teacher_s_own_position_is_proved_and_kept_as_its_text():
    from bhabho_widget.puzzles import prove

    g = trap()
    proof = prove(g, 1, deals=256, seed=1)
    assert proof is not None
    p = Puzzle.at(g, 1, [proof.answer.action], ("known_void",), [proof], source="teacher")
    q = Puzzle.from_line(p.to_line())
    assert q == p and q.position is not None and q.game().position() == g.position()
    assert q.game().seat_view(1).hand == g.seat_view(1).hand and q.answer == "4D"


# ---------------------------------------------------------------------- the proof
def test_the_trap_is_proved_and_equal_cards_are_not():
    from bhabho_widget.puzzles import prove

    proof = prove(trap(), 1, deals=256, per_deal=2, seed=3)
    assert proof is not None and proof.answer.action == "4D" and proof.holds()
    assert proof.deals == 256 and proof.rollouts == 512
    for a in proof.actions[1:]:  # every other action worse by the margin, its paired interval clear of 0
        assert a.diff >= 0.08 and a.diff_lo > 0 and a.diff_lo <= a.diff <= a.diff_hi
        assert a.lo <= a.p <= a.hi
    # two touching cards of one suit, nothing else to tell them apart: no only reasonable move
    g = Game.from_hands([["7C", "8C"], ["2C", "4D"], ["3C", "5D"]], leader=1, seed=1)
    g.play("2C")
    g.play("3C")
    assert prove(g, 0, deals=128, seed=1) is None


def test_a_proof_samples_what_the_seat_knew_only():
    """The hidden cards do not change a proof: two games that the seat sees alike, with their
    hidden hands swapped, give the same numbers."""
    from bhabho_widget.puzzles import prove

    a = Game.from_hands([["4S", "5H", "9D"], ["KS", "4D", "QD"], ["JH", "2S", "8C"]], leader=1, seed=1)
    b = Game.from_hands([["4S", "5H", "8C"], ["KS", "4D", "QD"], ["JH", "2S", "9D"]], leader=1, seed=1)
    assert a.seat_view(1) == b.seat_view(1)
    pa, pb = prove(a, 1, deals=64, seed=2, screened=False), prove(b, 1, deals=64, seed=2, screened=False)
    assert pa == pb


# ---------------------------------------------------------------------- themes
@pytest.mark.parametrize(("hands", "leader", "moves", "seat", "answer", "theme"), [
    # a lead nobody after has shown a lack of: safe
    ([["5H", "9H", "2C"], ["KH", "3D"], ["QH", "4C"]], 0, [], 0, "5H", "safe_lead"),
    # the next player has shown no spades
    ([["4S", "5H", "KC"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]], 2,
     ["JD", "9C", "2S", "3S", "4S", "KS"], 1, "4D", "known_void"),
    # no hearts: the highest card goes as a tochoo
    ([["KH", "2C"], ["4S", "9C", "JC"], ["5H", "3D"]], 0, ["KH"], 1, "JC", "tochoo"),
    # under the king, holding the ace too
    ([["KH", "2C", "7D"], ["5H", "AH", "9C"], ["6H", "3D", "8S"]], 0, ["KH"], 1, "5H", "play_under"),
    # the last to a clean trick: the high card goes, the low one is kept for later
    ([["5H", "2C", "7D"], ["KH", "3H", "9C"], ["4C", "JD", "8S"]], 0, ["5H"], 1, "KH", "keep_low"),
    ([["5H", "2C"], ["KH", "3D"], ["QH", "4C"]], 0, [], 0, "5H", "last_cards"),
])
def test_themes_are_read_off_the_position(hands, leader, moves, seat, answer, theme):
    g = Game.from_hands(hands, leader=leader, seed=1)
    for m in moves:
        g.play(m)
    assert theme in tag(g.seat_view(seat), answer)


def test_the_opening_trick_and_the_take_have_their_themes():
    g = Game.deal(4, seed=3)
    assert "opening" in tag(g.seat_view(g.current_player), g.legal_cards()[0].code)
    assert tag(trap().seat_view(1), "pass")[0] == "take"
    assert set(THEMES) == {"safe_lead", "known_void", "tochoo", "play_under", "keep_low", "take", "last_cards",
                           "opening"}


# ---------------------------------------------------------------------- Glicko-2
def test_glicko2_gives_the_papers_worked_example():
    """Glickman, Example of the Glicko-2 system (2012): 1500/200/0.06 against 1400/30 (won),
    1550/100 and 1700/300 (lost) ends at 1464.06, RD 151.52, volatility 0.05999 (the library
    gives 1464.05, the paper rounding its steps)."""
    after = update_many(PuzzleRating(1500, 200, 0.06),
                        [PuzzleRating(1400, 30), PuzzleRating(1550, 100), PuzzleRating(1700, 300)], [1, 0, 0])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_learner_s_rating_moves_as_glicko2_says_over_a_scripted_series(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    puzzles = [small_puzzle(s).with_rating(PuzzleRating(1300 + 100 * s, 120, 0.06)) for s in range(1, 7)]
    outcomes = [True, True, False, True, False, False]
    mine, theirs = PuzzleRating(1500, 350, 0.06), {}
    for p, solved in zip(puzzles, outcomes):
        before, after = progress.record_attempt(p, p.answer, solved)
        assert before.rating == pytest.approx(mine.rating)
        mine, theirs[p.id] = update(mine, p.rating, solved)
        assert after.rating == pytest.approx(mine.rating) and after.rd == pytest.approx(mine.rd)
        assert progress.puzzle_rating(p).rating == pytest.approx(theirs[p.id].rating)
    assert progress.learner().rating == pytest.approx(mine.rating)
    assert [a["solved"] for a in progress.attempts()] == outcomes


# ---------------------------------------------------------------------- progress that lasts
def test_progress_survives_a_restart(tmp_path):
    path = tmp_path / "progress.sqlite3"
    first = Progress(path)
    p = small_puzzle()
    first.record_attempt(p, p.answer, True)
    first.record_lesson("Tochoo", 2, "KH", correct=False, first_try=True)
    first.add_mistake(p.__class__.from_dict({**p.to_dict(), "source": "mistake", "id": None}))
    rating = first.learner()
    again = Progress(path)  # a new kernel on the same file
    assert again.learner() == rating and len(again.attempts()) == 1 and again.solved() == {p.id}
    assert again.lessons_done() == {"Tochoo": (0, 1)} and len(again.mistakes()) == 1
    exported = again.export()
    assert exported["format"] == "bhabho-progress" and len(exported["attempts"]) == 1
    json.dumps(exported)
    again.erase()
    assert Progress(path).attempts() == [] and Progress(path).learner().rating == 1500.0


WRITER = r"""
import sys
from bhabho_widget import Game
from bhabho_widget.puzzles import Progress, Proof, Puzzle
from bhabho_widget.puzzles.puzzle import ActionProof
path, who = sys.argv[1], int(sys.argv[2])
g = Game.deal(3, seed=100 + who)
g.play("AS")
card = g.legal_cards()[0].code
p = Puzzle.at(g, g.current_player, [card], ("opening",), [Proof(8, 16, 0.08, 1, (ActionProof(card, .1, 0, .2, 0, 0, 0),))])
progress = Progress(path)
for k in range(40):
    progress.record_attempt(p, card, k % 3 != 0)
    progress.record_lesson(f"lesson {who}", k, card, True, True)
"""


def test_two_kernels_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Progress(path)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(who)]) for who in (1, 2)]
    assert [p.wait(120) for p in procs] == [0, 0]
    progress = Progress(path)
    attempts = progress.attempts()
    assert len(attempts) == 80 and len(progress.lessons()) == 80
    # every update read the rating the one before wrote: the chain of ratings is unbroken
    for a, b in zip(attempts, attempts[1:]):
        assert b["rating_before"] == pytest.approx(a["rating_after"])
    assert progress.learner().rating == pytest.approx(attempts[-1]["rating_after"])


def test_a_corrupt_file_is_moved_aside_with_one_sentence_never_overwritten(tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"not a database at all, but someone's notes" * 100)
    with pytest.warns(ProgressWarning, match="could not be read") as caught:
        progress = Progress(path)
    assert len(caught) == 1
    aside = [f for f in tmp_path.iterdir() if f.name.startswith("progress.sqlite3.unreadable-")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"not a database at all")
    assert progress.notice is not None and str(aside[0]) in progress.notice and "\n" not in progress.notice
    assert progress.learner().rating == 1500.0  # a new file
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Progress(path)  # the new file reads: nothing more moved


def test_a_file_that_cannot_be_kept_is_one_error_not_an_endless_loop(tmp_path, monkeypatch):
    """A file system on which even a new progress file reads as damaged (SQLite in place on
    JupyterLite's /drive did so) is moved aside once, then refused in one sentence."""
    import sqlite3

    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"damaged" * 100)

    def damaged(self):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(Progress, "_connect", damaged)
    with pytest.warns(ProgressWarning), pytest.raises(ProgressError, match="cannot be opened"):
        Progress(path)
    assert len([f for f in tmp_path.iterdir() if ".unreadable-" in f.name]) == 1


@pytest.mark.skipif(sys.version_info < (3, 11), reason="sqlite3's serialize is Python 3.11's (Pyodide has it)")
def test_whole_file_progress_is_written_at_once_and_read_again_when_it_changed(tmp_path, monkeypatch):
    """The JupyterLite way (see :mod:`bhabho_widget.puzzles.progress`): the database in memory,
    the file written whole after each change; another kernel's change is read; the file is an
    ordinary SQLite progress file."""
    path = tmp_path / "drive" / "progress.sqlite3"
    first = Progress(path, whole_file=True)
    assert path.stat().st_size > 0  # the new file is written at once
    p = small_puzzle()
    first.record_attempt(p, p.answer, True)
    second = Progress(path, whole_file=True)  # another notebook's kernel
    assert len(second.attempts()) == 1
    second.record_lesson("Tochoo", 2, "KH", correct=True, first_try=True)
    assert first.lessons_done() == {"Tochoo": (1, 1)}  # read again: the file changed
    first.record_lesson("Tochoo", 3, "2C", correct=False, first_try=True)
    assert Progress(path).lessons_done() == {"Tochoo": (1, 2)} and len(Progress(path).attempts()) == 1
    writes = []
    monkeypatch.setattr(pathlib.Path, "write_bytes", lambda self, data: writes.append(len(data)) or len(data))
    first.record_lesson("Tochoo", 4, "3C", correct=True, first_try=True)
    assert len(writes) == 1  # one change, one whole write
    monkeypatch.undo()
    first.erase()
    assert not path.exists() or Progress(path).attempts() == []
    assert Progress(path, whole_file=True).learner().rating == 1500.0


def test_the_lite_drive_keeps_the_file_whole(monkeypatch):
    from bhabho_widget.puzzles import progress as module

    monkeypatch.setattr(module.sys, "platform", "emscripten")
    assert module._whole_file(pathlib.Path("/drive/.bhabho-widget/progress.sqlite3"))
    assert not module._whole_file(pathlib.Path("/tmp/progress.sqlite3"))
    monkeypatch.setattr(module.sys, "platform", "linux")
    assert not module._whole_file(pathlib.Path("/drive/.bhabho-widget/progress.sqlite3"))


def test_the_progress_folder_follows_the_environment(tmp_path, monkeypatch):
    from bhabho_widget.puzzles import data_dir, set_data_dir

    monkeypatch.setenv("BHABHO_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here" and Progress().path == tmp_path / "here" / "progress.sqlite3"
    monkeypatch.delenv("BHABHO_DATA_DIR")
    set_data_dir(tmp_path / "set")
    try:
        assert Progress().path.parent == tmp_path / "set"
    finally:
        set_data_dir(None)


def test_a_lesson_keeps_its_answers_in_the_progress(tmp_path):
    from bhabho_widget import Exercise, LessonScript

    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
    script = LessonScript(g, ["KH", "5H", "4S"], title="Tochoo",
                          exercises=[Exercise(0, "Which card do you lead?", "card", "KH")])
    script.progress = Progress(tmp_path / "p.sqlite3")
    script.answer("2C")
    script.answer("KH")
    rows = script.progress.lessons()
    assert [(r["lesson"], r["answer"], r["correct"], r["first_try"]) for r in rows] == \
        [("Tochoo", "2C", False, True), ("Tochoo", "KH", True, False)]
    assert script.progress.lessons_done() == {"Tochoo": (0, 1)}


# ---------------------------------------------------------------------- practice
def test_practice_serves_near_the_rating_checks_at_once_and_keeps_the_attempt(tmp_path):
    session = PracticeSession(progress=Progress(tmp_path / "p.sqlite3"), seed=4)
    p = session.next()
    assert abs(p.rating.rating - 1500) <= 150 or not [q for q in bundled if abs(q.rating.rating - 1500) <= 150]
    view = session.view
    assert view.seat == p.seat and (view.my_turn or session.question == "take")
    assert p.answer in session.choices
    wrong = next(c for c in session.choices if c != p.answer)
    with pytest.raises(IllegalMoveError, match="is not an answer here"):
        session.answer("2X" if "2X" not in session.choices else "ZZ")
    v = session.answer(wrong)
    assert not v.solved and v.done and v.right == p.answer and v.rating_after < v.rating_before
    assert v.proof == p.proof and str(v.reason)
    assert session.progress.attempts()[-1]["solved"] is False
    with pytest.raises(IllegalMoveError, match="No puzzle is being asked"):
        session.answer(p.answer)


def test_practice_by_theme_and_a_streak_that_gets_harder(tmp_path):
    session = PracticeSession(progress=Progress(tmp_path / "p.sqlite3"), seed=1)
    ratings = []
    for _ in range(4):
        p = session.next(mode="streak")
        ratings.append(p.rating.rating)
        while True:
            v = session.answer(session.solution)
            if v.done:
                break
        assert v.solved
    assert ratings == sorted(ratings) and session.streak == 4
    for theme in THEMES:
        assert theme in session.next(theme=theme).themes


def test_your_mistakes_are_offered_until_solved(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    mistake = Puzzle.from_dict({**bundled[3].to_dict(), "source": "mistake", "id": None})
    assert progress.add_mistake(mistake) and not progress.add_mistake(mistake)
    session = PracticeSession(progress=progress)
    assert session.next(mode="mistakes").id == mistake.id
    session.answer(next(c for c in session.choices if c != mistake.answer))
    assert session.next(mode="mistakes").id == mistake.id  # missed: offered again
    while not session.answer(session.solution).done:
        pass
    with pytest.raises(LookupError, match="no puzzle from your own mistakes"):
        session.next(mode="mistakes")


# ---------------------------------------------------------------------- mining and the bundled set
def test_mining_over_a_dask_cluster_is_seeded_and_resumable(tmp_path):
    distributed = pytest.importorskip("distributed")
    from bhabho_widget.puzzles import mine

    out = tmp_path / "set.jsonl"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        report = mine(out, games=2, seed=7, players=(3,), executor=client.get_executor(), deals=96, progress=False)
    assert report.games == 2 and report.decisions > 0 and report.candidates >= report.proved
    lines = out.read_text().splitlines()
    again = mine(out, games=2, seed=7, players=(3,), deals=96, progress=False)  # nothing left to do
    assert again.games == 2 and out.read_text().splitlines() == lines
    here = tmp_path / "here.jsonl"
    mine(here, games=2, seed=7, players=(3,), deals=96, progress=False)  # the same run in this process
    assert sorted(here.read_text().splitlines()) == sorted(lines)
    for line in lines:
        p = Puzzle.from_line(line)
        assert p.proof.holds() and p.themes and p.players == 3


def test_the_bundled_set():
    assert len(bundled) >= 500
    assert bundled.player_counts().keys() <= {3, 4, 5, 6} and len(bundled.player_counts()) == 4
    assert all(n >= 20 for n in bundled.theme_counts().values()), bundled.theme_counts()
    assert bundled.path.stat().st_size < 1_000_000
    assert len({p.id for p in bundled}) == len(bundled)
    for p in bundled:
        assert p.proof.holds() and p.source == "bundled" and p.themes and set(p.themes) <= set(THEMES)
        assert p.proof.deals >= 1000 and p.reasons


def test_a_sample_of_the_bundled_set_is_proved_again_with_other_seeds():
    from bhabho_widget.puzzles import prove

    sample = random.Random(11).sample(list(bundled), 3)
    for p in sample:
        again = prove(p.game(), p.seat, seed=99, screened=False, deals=1024,
                      actions=[a.action for a in p.proof.actions])
        assert again is not None and again.answer.action == p.answer, p.id


def test_bundled_is_read_from_the_package_as_documented():
    from bhabho_widget.puzzles import bundled as b

    assert b() is b and b[0] == list(b)[0] and isinstance(b.get(b[0].id), Puzzle)
    p = b[0]
    assert p.game().num_players == p.players and p.seat >= 0 and p.answer and p.themes and p.rating.rating > 0
    assert pathlib.Path(b.path).name == "bundled.jsonl"
