"""The position editor widget (``Editor``): the browser's messages build a position, checked
after each one; a stale, malformed or out-of-place message is refused and changes nothing;
a valid position is played out or opened as a lesson under the editor; the problem line is
in the editor's language. Also ``Table.moment()`` and ``Editor(position=table)``: a review's decision
made an exercise or opened in the editor."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from games import finished_table as finished

from bhabho_widget import Editor, Game, Table, make_exercise
from bhabho_widget.engine.errors import MessageError, PositionError
from bhabho_widget.i18n import LANGUAGES, translator
from bhabho_widget.table.backend import LessonSteps
from bhabho_widget.table.editor import Problem
from bhabho_widget.table.protocol import check_trait

THREE = [("KH", 0), ("2C", 0), ("5H", 1), ("3C", 1), ("9H", 2), ("4D", 2)]


def send(ed: Editor, kind: str, version: int | None = None, **fields: Any) -> str:
    """What the browser sends, with the view's version unless another is given; the error line."""
    v = ed.panel.editor["version"] if version is None else version
    message = {"type": kind, **fields} if kind in ("set_language", "set_deck") else {"type": kind, **fields, "version": v}
    ed.panel._on_frontend_msg(ed.panel, message, None)
    check_trait("editor", ed.panel.editor)
    return ed.panel.error


def built(language: str = "en") -> Editor:
    ed = Editor(players=3, language=language)
    for card, seat in THREE:
        assert send(ed, "edit_give", card=card, to=seat) == ""
    return ed


def test_unknown_arguments_are_refused() -> None:
    with pytest.raises(TypeError):
        Editor(player=3)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        Editor(players=9)
    with pytest.raises(ValueError, match="language"):
        Editor(language="xx")


def test_a_position_built_by_messages_and_checked_after_each() -> None:
    ed = built()
    view = ed.panel.editor
    assert view["hands"] == [["KH", "2C"], ["5H", "3C"], ["9H", "4D"]] and len(view["box"]) == 46
    assert view["problem"].startswith("The opening trick: nobody holds a card of the opening suit")
    assert view["text"] is None and view["to_play"] is None
    assert send(ed, "edit_opening", over=True) == ""
    assert ed.panel.editor["problem"] == "The leader: choose the seat that leads the next trick: it has the power (rule 4)."
    assert send(ed, "edit_leader", seat=0) == ""
    view = ed.panel.editor
    assert view["problem"] is None and view["to_play"] == 0 and view["text"] == "rules=classic hands=.K..2/.5..3/.9.4. lead=0"
    assert ed.text() == view["text"] and ed.game().legal_cards() == Game.from_position(view["text"]).legal_cards()
    # the table: the leader's card, then the next seat's
    assert send(ed, "edit_give", card="KH", to="table") == ""
    assert ed.panel.editor["table"] == [{"seat": 0, "card": "KH"}] and ed.panel.editor["next_table_seat"] == 1
    assert ed.panel.editor["to_play"] == 1
    assert send(ed, "edit_give", card="KH", to="box") == "" and "KH" in ed.panel.editor["box"]
    assert send(ed, "edit_rules", variant="pick-up form") == "" and ed.panel.editor["variant"] == "pick-up form"
    assert send(ed, "edit_players", players=2) == "" and ed.panel.editor["hands"] == [["2C"], ["5H", "3C"]]
    assert send(ed, "edit_clear") == "" and len(ed.panel.editor["box"]) == 52
    assert send(ed, "edit_deal") == "" and sum(map(len, ed.panel.editor["hands"])) == 52
    assert ed.panel.editor["problem"] is None and ed.panel.editor["leader"] is None


@pytest.mark.parametrize("message, words", [
    ({"type": "edit_give", "card": "1Z", "to": 0}, "not a card"),
    ({"type": "edit_give", "card": "AS", "to": 5}, "seat"),
    ({"type": "edit_give", "card": "AS", "to": "floor"}, "to"),
    ({"type": "edit_players", "players": 9}, "players"),
    ({"type": "edit_rules", "variant": "poker"}, "unknown variant"),
    ({"type": "edit_leader", "seat": 4}, "seat"),
    ({"type": "edit_opening", "over": "yes"}, "over"),
    ({"type": "edit_play_out", "seat": 0}, "not valid yet"),
    ({"type": "edit_lesson", "question": "card"}, "not valid yet"),
    ({"type": "edit_lesson", "question": "why"}, "question"),
    ({"type": "play", "card": "AS"}, "unknown message type"),
    ({"type": "edit_give", "card": "AS", "to": 0, "extra": 1}, "extra"),
    ({"type": "edit_load", "text": "hands=AS/AS"}, "The hands: A♠ is in two hands."),
    ({"type": "edit_load", "text": "x" * 5000}, "position text"),
])
def test_a_bad_message_is_refused_and_changes_nothing(message: dict[str, Any], words: str) -> None:
    ed = built()
    before = json.dumps(ed.panel.editor, sort_keys=True)
    error = send(ed, message.pop("type"), **message)
    assert words in error and len(error) <= 300
    assert json.dumps(ed.panel.editor, sort_keys=True) == before and ed.table is None and ed.lesson is None
    assert send(ed, "edit_opening", over=True) == ""  # the next good message clears the line


def test_a_stale_or_repeated_click_is_refused() -> None:
    ed = built()
    old = ed.panel.editor["version"]
    assert send(ed, "edit_give", card="AS", to=1, version=old) == ""
    before = json.dumps(ed.panel.editor, sort_keys=True)
    assert "changed before that click arrived" in send(ed, "edit_give", card="AS", to=2, version=old)
    assert json.dumps(ed.panel.editor, sort_keys=True) == before
    ed.panel._on_frontend_msg(ed.panel, "not an object", None)
    assert "object" in ed.panel.error


def test_the_browser_may_set_no_trait() -> None:
    ed = built()
    before = ed.panel.editor
    ed.panel.set_state({"editor": {"hands": []}, "error": ""})
    assert ed.panel.editor == before and "may not set" in ed.panel.error


def test_play_it_out_and_open_as_a_lesson_under_the_editor() -> None:
    ed = built()
    send(ed, "edit_opening", over=True)
    send(ed, "edit_leader", seat=0)
    assert send(ed, "edit_play_out", seat=1) == ""
    assert isinstance(ed.table, Table) and ed.table.seat == 1 and ed.table.game.position() == ed.text()
    assert ed.panel.editor["outcome"] == "Below: the position played out, you at Player 1."
    assert len(ed.output.outputs) == 1 and "application/vnd.jupyter.widget-view+json" in ed.output.outputs[0]["data"]
    assert send(ed, "edit_lesson", question="card") == ""
    assert isinstance(ed.lesson, Table) and isinstance(ed.lesson.backend, LessonSteps)
    assert len(ed.output.outputs) == 1  # the lesson replaces the table
    ex = next(iter(ed.lesson.exercises.values()))
    assert ex.kind == "card" and ex.answer[0] in ("KH", "2C") and ex.explain
    assert ed.panel.editor["outcome"] == "Below: the position as a lesson."
    # who picks up: asked where the trick's picker is decided
    assert send(ed, "edit_lesson", question="picker") == ""
    assert next(iter(ed.lesson.exercises.values())).kind == "seat"
    assert ed.panel.editor["takers"] == ed.game().legal_takes() == [0, 1, 2]  # at a trick boundary every holder may take
    # a trick under way: nobody may take, and the question is refused
    assert send(ed, "edit_give", card="KH", to="table") == "" and ed.panel.editor["takers"] == []
    assert "cannot take" in send(ed, "edit_lesson", question="take")


def test_take_or_pass_where_a_take_is_allowed() -> None:
    g = Game.deal(4, seed=3)
    while not g.legal_takes() and not g.is_over:
        g.play(g.legal_cards()[0])
    ed = Editor(position=g)
    assert ed.panel.editor["takers"] == g.legal_takes()
    assert send(ed, "edit_lesson", question="take") == ""
    assert next(iter(ed.lesson.exercises.values())).kind == "take"


TIED = "rules=classic hands=.8..J/.K..7/...Q6 lead=0"
"""Six cards, every hand shown: 8♥ and J♣ both escape, whatever anyone plays."""


def test_the_answer_key_of_a_lesson_opened_in_the_editor_is_set_by_the_teacher() -> None:
    ed = Editor(position=TIED, language="en")
    assert ed.panel.editor["key"] is None
    with pytest.raises(MessageError, match="open the position as a lesson first"):
        ed.answer_key()
    assert "open the position as a lesson first" in send(ed, "edit_answer", action="8H", accepted=False, key=0)
    assert send(ed, "edit_lesson", question="card") == ""
    # the key, worked out with every hand as shown: both leads escape, both accepted
    rows = ed.answer_key()
    assert [(r["action"], r["label"], r["p"], r["within"], r["accepted"]) for r in rows] == [
        ("8H", "8♥", 0.0, True, True), ("JC", "J♣", 0.0, True, True)]
    key = ed.panel.editor["key"]
    assert key["kind"] == "card" and key["shown"] is True and key["rollouts"] == 160 and key["seat"] == 0
    assert [(r["action"], r["accepted"], r["best"]) for r in key["rows"]] == [("8H", True, True), ("JC", True, False)]
    assert ed.lesson.answer("JC")["correct"] is True
    # the teacher refuses J♣ (in Python): the lesson under the editor follows, its record starts again
    ed.set_answer("JC", False)
    assert ed.lesson.exercises[0].answer == ("8H",) and ed.lesson.results()["items"][0]["answers"] == []
    assert [r["accepted"] for r in ed.panel.editor["key"]["rows"]] == [True, False]
    assert ed.lesson.view["lesson"]["exercise"]["feedback"] is None
    assert ed.lesson.answer("JC")["correct"] is False
    # ... and accepts it again from the browser, with the key's version
    version = ed.panel.editor["key"]["version"]
    assert send(ed, "edit_answer", action="JC", accepted=True, key=version) == ""
    assert ed.lesson.exercises[0].answer == ("8H", "JC") and ed.panel.editor["key"]["version"] == version + 1
    # a click on an older key, or with an older editor version, is refused and changes nothing
    before = json.dumps(ed.panel.editor, sort_keys=True)
    assert "answer key changed before that click" in send(ed, "edit_answer", action="JC", accepted=False, key=version)
    assert "editor changed before that click" in send(ed, "edit_answer", action="JC", accepted=False,
                                                      key=version + 1, version=12345)
    assert json.dumps(ed.panel.editor, sort_keys=True) == before and ed.lesson.exercises[0].answer == ("8H", "JC")
    # malformed: not one of the answers, the last accepted one, a field too many or missing, a wrong type
    key = ed.panel.editor["key"]["version"]
    for fields, words in [({"action": "AS", "accepted": True}, "not one of the answers"),
                          ({"action": "take", "accepted": True}, "not a card"),
                          ({"action": "JC", "accepted": "no"}, "'accepted' as true or false"),
                          ({"action": "JC"}, "needs 'accepted'"),
                          ({"action": "JC", "accepted": True, "why": 1}, "does not take why"),
                          ({"action": 5, "accepted": True}, "'action' as")]:
        assert words in send(ed, "edit_answer", key=key, **fields)
        assert json.dumps(ed.panel.editor, sort_keys=True) == before
    send(ed, "edit_answer", action="JC", accepted=False, key=key)
    assert "at least one answer must stay accepted" in send(ed, "edit_answer", action="8H", accepted=False, key=key + 1)
    # the teacher's key at opening, and who picks up (the rules' answer)
    ed.open_lesson("card", answers=["JC"])
    assert [r["accepted"] for r in ed.answer_key()] == [False, True]
    send(ed, "edit_lesson", question="picker")
    key = ed.panel.editor["key"]
    assert key["kind"] == "seat" and key["rows"] == [] and key["picker"] == ed.lesson.script.right_answer(
        min(ed.lesson.exercises))
    assert "rules decide who picks up" in send(ed, "edit_answer", action="8H", accepted=True, key=key["version"])


def test_take_or_pass_key_in_the_editor() -> None:
    g = Game.from_hands([["KH", "2C", "3D"], ["5H", "3C"], ["4S", "9C", "QD"]], leader=0, seed=1)
    ed = Editor(position=g)
    assert send(ed, "edit_lesson", question="take") == ""
    key = ed.panel.editor["key"]
    assert key["kind"] == "take" and [r["action"] for r in key["rows"]] == ["take", "pass"]
    assert [r["label"] for r in ed.answer_key()] == ["Take the hand", "Pass"]
    both = [r["action"] for r in key["rows"]]
    for action in both:
        send(ed, "edit_answer", action=action, accepted=True, key=ed.panel.editor["key"]["version"])
    assert ed.lesson.exercises[0].answer == ("take", "pass")
    assert ed.lesson.answer("take")["correct"] is True and ed.lesson.answer("pass")["correct"] is True


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_problem_line_and_the_outcome_in_every_language(language: str) -> None:
    ed = built()
    english = ed.panel.editor["problem"]
    assert send(ed, "set_language", language=language) == ""
    tr = translator(language)
    assert ed.panel.lang == language and ed.panel.labels["editor_title"] == tr.labels()["editor_title"]
    told = ed.panel.editor["problem"]
    assert told != english and told == ed.session.problem_message.localize(tr)
    assert "♠" in told  # the card symbol stays
    send(ed, "edit_opening", over=True)
    assert ed.panel.editor["problem"] != "The leader: choose the seat that leads the next trick: it has the power (rule 4)."
    assert "position" not in send(ed, "edit_load", text="hands=AS/AS").lower() or language == "en"
    send(ed, "edit_leader", seat=0)
    send(ed, "edit_play_out", seat=0)
    assert ed.panel.editor["outcome"] and "Below" not in ed.panel.editor["outcome"]
    assert ed.table.language == language


def test_a_problem_is_english_and_tells_itself_in_another_language() -> None:
    try:
        Game.from_position("hands=AS/KS lead=1 opening=yes")
    except PositionError as err:
        problem = Problem(err)
    assert str(problem) == ("The leader: seat 0 leads the opening trick with A♠ (rule 3), not seat 1. "
                            "Choose 'the opening trick decides' as the leader, or tick 'The opening trick is over'.")
    german = problem.localize(translator("de"))
    assert german != str(problem) and "Choose" not in german


def test_the_static_picture_for_a_notebook_read_without_a_kernel() -> None:
    ed = built()
    html = ed._repr_mimebundle_()["text/html"]
    assert "K♥" in html or "K&#9829;" in html or "KH" in html
    assert "nobody holds a card of the opening suit" in html


def test_a_reviewed_decision_made_an_exercise_and_edited() -> None:
    t = finished(5)
    assert t.moment() is t.game
    t.start_review(rollouts=16, samples=4).wait()
    decision = next(d for d in t.last_review.decisions if d.kind == "card" and not d.forced)
    t.show_decision(decision.number)
    moment = t.moment()
    assert not moment.is_over and moment.current_player == t.seat and len(moment.moves) == decision.move
    script = make_exercise(t, "card", rollouts=40)
    assert script.game.position() == Game.from_position(moment.position()).position()
    ed = Editor(position=t)  # the editor at the moment the table shows
    assert isinstance(ed, Editor) and ed.text() == moment.position()
    t.show_decision(None)
    assert t.moment() is t.game
    with pytest.raises(PositionError, match="over"):
        make_exercise(t, "card")


# ---------------------------------------------------------------------- random clicks
from games import play_to_end  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bhabho_widget.engine.cards import DECK  # noqa: E402
from bhabho_widget.engine.rules import PRESETS  # noqa: E402

CLICK = st.one_of(
    st.fixed_dictionaries({"type": st.just("edit_give"), "card": st.sampled_from([c.code for c in DECK]),
                           "to": st.one_of(st.integers(0, 7), st.sampled_from(["table", "waste", "box"]))}),
    st.fixed_dictionaries({"type": st.just("edit_players"), "players": st.integers(1, 9)}),
    st.fixed_dictionaries({"type": st.just("edit_rules"), "variant": st.sampled_from([*PRESETS, "poker"])}),
    st.fixed_dictionaries({"type": st.just("edit_leader"), "seat": st.one_of(st.none(), st.integers(0, 8))}),
    st.fixed_dictionaries({"type": st.just("edit_opening"), "over": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("edit_deal")}),
    st.fixed_dictionaries({"type": st.just("set_language"), "language": st.sampled_from([*LANGUAGES, "xx"])}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(CLICK, st.booleans()), max_size=30), st.integers(0, 50))
def test_random_clicks_never_make_an_impossible_position(clicks: list[tuple[dict[str, Any], bool]], seed: int) -> None:
    """Whatever the browser sends, stale or not: a refused message changes nothing, and
    whenever the editor says the position is valid, it plays to an end."""
    ed = Editor(seed=seed)
    for click, stale in clicks:
        before = json.dumps(ed.panel.editor, sort_keys=True)
        version = ed.panel.editor["version"] - 1 if stale else None
        if click["type"] == "set_language":
            error = send(ed, "set_language", language=click["language"])
        else:
            error = send(ed, click["type"], version=version, **{k: v for k, v in click.items() if k != "type"})
        if error:
            assert len(error) <= 300
            assert json.dumps(ed.panel.editor, sort_keys=True) == before
            continue
        view = ed.panel.editor
        if view["problem"] is None:
            play_to_end(Game.from_position(view["text"]), random.Random(seed))
        else:
            assert view["problem"].strip() and view["text"] is None
