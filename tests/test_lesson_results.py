"""How a lesson went: the per-question record, the summary of its last step, ``results()``
as plain data and as a table, on the plain ``LessonScript`` and on the ``Lesson`` widget;
and the one name of the seat a lesson looks from."""

from __future__ import annotations

import json
import pickle

import pytest

from bhabho_widget import Exercise, Game, Lesson
from bhabho_widget.table.lesson import STATUSES, LessonResults, LessonScript
from bhabho_widget.table.protocol import check_view

HANDS = [["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]]
MOVES = ["KH", "5H", "4S"]


def script_of_three() -> LessonScript:
    g = Game.from_hands([["KH", "2C", "3D"], ["5H", "3C", "4D"], ["4S", "9C", "5D"], ["7H", "8C", "6D"]], leader=0)
    return LessonScript(g, ["KH", "5H", "4S"], exercises=[
        Exercise(0, "Which card do you lead?", "card", "KH"),
        Exercise(1, "Which card does Player 1 play?", "card", "5H"),
        Exercise(2, "Player 2 has no hearts. Who picks up?", "seat", "picker"),
    ])


def test_a_fresh_lesson_has_every_question_open():
    r = script_of_three().results()
    assert [it["status"] for it in r["items"]] == ["open", "open", "open"]
    assert [it["first_right"] for it in r["items"]] == [None, None, None]
    assert (r["questions"], r["answered"], r["right_first_time"], r["skipped"]) == (3, 0, 0, 0)
    assert r["summary"] == "0 of 3 answered, 0 right first time."


def test_the_record_keeps_every_answer_the_first_right_and_the_tries():
    s = script_of_three()
    assert s.answer("KH")["correct"]  # right first time
    s.goto(1)
    assert not s.answer("3C")["correct"]
    assert not s.answer("4D")["correct"]
    assert s.answer("5H")["correct"]  # right at the third try
    s.goto(2)
    assert not s.answer(1)["correct"]  # never right
    r = s.results()
    assert [it["answers"] for it in r["items"]] == [["KH"], ["3C", "4D", "5H"], [1]]
    assert [it["correct"] for it in r["items"]] == [[True], [False, False, True], [False]]
    assert [it["first_right"] for it in r["items"]] == [True, False, False]
    assert [it["tries"] for it in r["items"]] == [1, 3, 1]
    assert [it["right"] for it in r["items"]] == [True, True, False]
    assert [it["status"] for it in r["items"]] == ["right_first", "right", "wrong"]
    assert [it["result"] for it in r["items"]] == ["right first time", "right after 3 tries", "not answered right"]
    assert [it["answer_texts"] for it in r["items"]] == [["K♥"], ["3♣", "4♦", "5♥"], ["Player 1"]]
    assert (r["questions"], r["answered"], r["right_first_time"], r["right"], r["skipped"]) == (3, 3, 1, 2, 0)
    assert r["summary"] == "3 of 3 answered, 1 right first time."
    assert set(it["status"] for it in r["items"]) <= set(STATUSES)


def test_a_card_answer_given_as_a_card_is_recorded_as_its_code():
    from bhabho_widget import Card

    s = script_of_three()
    s.answer(Card.parse("KH"))
    assert s.results()["items"][0]["answers"] == ["KH"]


def test_going_on_past_an_unanswered_question_marks_it_skipped_and_the_summary_says_so():
    s = script_of_three()
    s.goto(1)  # Next at step 0 without an answer
    assert s.status(0) == "skipped" and s.status(1) == "open"
    s.goto(3)  # End: the two questions passed unanswered are skipped too
    assert [s.status(k) for k in (0, 1, 2)] == ["skipped", "skipped", "skipped"]
    assert s.summary_text() == "0 of 3 answered, 0 right first time. Skipped: 3."
    # back to a skipped question and answered: it counts as answered, no longer skipped
    s.goto(2)
    s.answer(0)
    assert s.status(2) == "right_first"
    s.goto(3)
    assert s.summary_text() == "1 of 3 answered, 1 right first time. Skipped: 2."


def test_going_back_or_starting_later_skips_nothing():
    s = script_of_three()
    s.goto(0)
    assert s.status(0) == "open"
    later = LessonScript(Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0), ["KH", "5H", "4S"],
                         exercises=[Exercise(0, "Which card do you lead?", "card", "KH")], start=2)
    assert later.status(0) == "open", "the author's start step is not the learner's skip"
    later.goto(1)
    assert later.status(0) == "open"


def test_coming_back_asks_afresh_but_the_record_keeps_the_first_answer():
    s = script_of_three()
    s.answer("2C")
    s.goto(1)
    s.goto(0)
    assert s.browser_view()["lesson"]["exercise"]["feedback"] is None
    assert s.answer("KH")["correct"]
    item = s.results()["items"][0]
    assert item["first_right"] is False and item["tries"] == 2 and item["status"] == "right"


def test_the_last_step_shows_the_summary_in_the_view_and_it_validates():
    s = script_of_three()
    s.answer("KH")
    s.goto(2)
    s.answer(0)
    for k in range(s.length):
        s.goto(k)
        view = s.browser_view()
        assert view["lesson"]["summary"] is None
        check_view({**view, "version": 1})
    s.goto(s.length)
    view = s.browser_view()
    check_view({**view, "version": 1})
    summary = view["lesson"]["summary"]
    assert summary["text"] == "2 of 3 answered, 2 right first time. Skipped: 1."
    assert [(it["step"], it["status"], it["result"]) for it in summary["items"]] == [
        (0, "right_first", "right first time"), (1, "skipped", "skipped"), (2, "right_first", "right first time")]
    # the exercise's own status, for the browser to ask before a skip
    s.goto(1)
    assert s.browser_view()["lesson"]["exercise"]["status"] == "skipped"


def test_a_lesson_without_questions_has_no_summary():
    s = LessonScript(Game.from_hands(HANDS, leader=0), MOVES)
    s.goto(s.length)
    assert s.browser_view()["lesson"]["summary"] is None
    assert s.results()["questions"] == 0 and s.results()["items"] == []


def test_results_are_plain_json_and_a_small_table():
    s = script_of_three()
    s.answer("2C")
    s.answer("KH")
    r = s.results()
    assert isinstance(r, dict) and isinstance(r, LessonResults)
    again = json.loads(json.dumps(r))
    assert again == dict(r) and json.loads(r.to_json()) == again
    assert pickle.loads(pickle.dumps(r)) == r
    text = r.table()
    lines = text.splitlines()
    assert lines[0].split() == ["Step", "Question", "Answers", "Tries", "Result"]
    assert "2♣, K♥" in lines[2] and "right after 2 tries" in lines[2]
    assert "not asked yet" in lines[3]
    assert lines[-1] == r["summary"] == "1 of 3 answered, 0 right first time."
    page = r._repr_html_()
    assert page.startswith('<table class="bhabho-lesson-results">') and "<th>Question</th>" in page
    assert "Which card does Player 1 play?" in page and page.count("<tr>") == 4


def test_a_prompt_with_markup_is_escaped_in_the_table():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    s = LessonScript(g, ["KH"], exercises=[Exercise(0, "<b>Which</b> card?", "card", "KH")])
    assert "&lt;b&gt;Which&lt;/b&gt;" in s.results()._repr_html_()


def test_results_in_every_language():
    expected = {
        "de": ("1 von 1 beantwortet, 0 beim ersten Versuch richtig.", "richtig nach 2 Versuchen", "Frage"),
        "es": ("1 de 1 respondidas, 0 bien a la primera.", "bien tras 2 intentos", "Pregunta"),
        "hi": ("1 में से 1 के उत्तर दिए, 0 पहली बार में सही।", "2 प्रयासों में सही", "प्रश्न"),
        "ru": ("Отвечено: 1 из 1, с первой попытки верно: 0.", "верно с 2-й попытки", "Вопрос"),
    }
    for code, (summary, result, header) in expected.items():
        g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
        s = LessonScript(g, ["KH"], exercises=[Exercise(0, "?", "card", "KH")], language=code)
        s.answer("2C")
        s.answer("KH")
        r = s.results()
        assert (r["summary"], r["items"][0]["result"]) == (summary, result), code
        assert header in r.table().splitlines()[0], code
        assert r["language"] == code


def test_the_widget_returns_the_same_results():
    g = Game.from_hands([["KH", "2C", "3D"], ["5H", "3C", "4D"], ["4S", "9C", "5D"], ["7H", "8C", "6D"]], leader=0)
    lesson = Lesson(g, ["KH", "5H", "4S"], exercises=[Exercise(0, "Which card?", "card", "KH"),
                                                       Exercise(2, "Who picks up?", "seat", "picker")],
                    language="en")
    lesson._on_frontend_msg(lesson, {"type": "answer", "choice": "2C"}, [])
    lesson._on_frontend_msg(lesson, {"type": "answer", "choice": "KH"}, [])
    lesson._on_frontend_msg(lesson, {"type": "goto", "index": 3}, [])  # End, past the second question
    r = lesson.results()
    assert r == lesson.script.results()
    assert [it["status"] for it in r["items"]] == ["right", "skipped"]
    assert lesson.view["lesson"]["summary"]["text"] == "1 of 2 answered, 0 right first time. Skipped: 1."


# ---------------------------------------------------------------------------------- one name for the seat
def test_the_lessons_seat_is_you_in_the_buttons_as_in_the_narration():
    g = Game.from_hands(HANDS, leader=0)  # the default names: Player 0 .. Player 3
    assert g.names[0] == "Player 0"
    s = LessonScript(g, MOVES, exercises=[Exercise(2, "Who picks up?", "seat", "picker")])
    s.goto(1)
    view = s.browser_view()
    assert view["narration"].startswith("You have the power and lead K♥")
    assert view["names"][0] == "You" and view["names"][1] == "Player 1"
    s.goto(2)
    assert s.answer(1)["text"].startswith("Not quite")
    assert "it is you." in s.answer(2)["text"]  # the second wrong answer gives it: the lesson's seat
    assert "Player 0" not in " ".join(line["text"] for line in s.browser_view()["log"])
    assert s.results()["items"][0]["answer_texts"] == ["Player 1", "Player 2"]


@pytest.mark.parametrize("code, you", [("de", "Sie"), ("ru", "Вы"), ("es", "Tú"), ("hi", "आप")])
def test_the_lessons_seat_is_you_in_every_language(code, you):
    from bhabho_widget.i18n import translator

    s = LessonScript(Game.from_hands(HANDS, leader=0), MOVES[:1], seat=1, language=code)
    assert s.names()[1] == translator(code).gettext("You") == you
    assert s.names()[0] != you
