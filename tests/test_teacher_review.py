"""A teacher's review of a student's game (classroom.class_game over a StoredGame): read-only,
and every text speaks of the student by name, in the third person, in every language."""

from __future__ import annotations

import re

import pytest

from bhabho_widget import Game
from bhabho_widget.engine.errors import MessageError
from bhabho_widget.i18n import LANGUAGES
from bhabho_widget.play.driver import play_out
from bhabho_widget.play.registry import BOTS
from bhabho_widget.table.classroom import class_game
from bhabho_widget.table.seat_record import seat_record

pytest.importorskip("numpy")

PLAYER_CONTROLS = {"play", "take", "advance", "hint", "undo", "new_game", "set_take_offers", "answer", "goto"}
SECOND_PERSON = re.compile(r"\b(you|your|You|Your)\b")
ASHA_LABELS = ("hand_escaped", "review_button_title", "review_title", "review_graph", "chance_key", "review_show_me_aria")


def send(t, **content) -> None:
    t._on_frontend_msg(t, content, None)


@pytest.fixture(scope="module")
def played() -> Game:
    """A game in which seat 0 (Asha's) escapes: the rules-of-thumb bots play every seat."""
    for seed in range(5, 40):
        g = play_out(Game.deal(4, seed=seed), [BOTS["rules"](seed=s) for s in range(4)])
        if 0 in g.escaped and g.loser not in (0, None):
            return g
    raise AssertionError("no game in which seat 0 escapes")


def teacher_view(game: Game, language: str = "en"):
    return class_game(seat_record(game, 0), "Asha", 0, ["Asha", "Bot 1", "Bot 2", "Bot 3"], table="7E",
                      rollouts=16, samples=4, language=language)


def test_the_teachers_review_is_read_only(played):
    t = teacher_view(played)
    assert not PLAYER_CONTROLS & set(t.capabilities), t.capabilities
    for kind in ("play", "take", "advance", "hint", "undo", "new_game"):
        version = t.view["version"]
        send(t, type=kind, version=version, **({"card": "2C"} if kind == "play" else {}))
        assert t.error, f"{kind} was not refused"
        assert t.view["version"] == version
    with pytest.raises(MessageError):
        t.suggest()
    t.close()


def test_the_teachers_review_speaks_of_the_student_in_the_third_person(played):
    t = teacher_view(played)
    v = t.view
    texts = [line["text"] for line in v["log"]] + [v["result"]["text"]]
    assert not [x for x in texts if SECOND_PERSON.search(x)], [x for x in texts if SECOND_PERSON.search(x)][:3]
    assert any("Asha" in x and "escapes" in x for x in texts)
    assert t.labels["hand_escaped"] == "Asha escaped!"
    run = t.start_review()
    assert run.wait(120) and t.review["status"] == "done", t.review
    r = t.review
    assert r["title"] == "Review of Asha's game" == t.labels["review_title"]
    assert all(d["row"].startswith(f"Trick {d['trick']}: Asha chose ") for d in r["decisions"])
    assert not [e["text"] for e in r["events"] if SECOND_PERSON.search(e["text"])]
    assert any(e["text"].startswith("Asha has no cards left and escapes") for e in r["events"])
    t.show_decision(0)
    assert "Asha chose" in t.view["narration"] and not SECOND_PERSON.search(" ".join(x["text"] for x in t.view["log"]))
    # the review as a notebook shows it (its picture, its dict): of Asha too
    rev = t.last_review
    assert rev is not None and rev.person == "Asha"
    page = re.sub(r"<svg.*?</svg>", "", rev._repr_html_(), flags=re.S)
    assert "Review of Asha's game" in page and not SECOND_PERSON.search(re.sub(r"<[^>]+>", " ", page)), page
    reasons = [d["reason"] for d in rev.to_dict()["decisions"]]
    assert not [x for x in reasons if SECOND_PERSON.search(x)], [x for x in reasons if SECOND_PERSON.search(x)][:3]
    own = rev.about(None)  # the same review read by its player
    assert "Review of Asha's game" not in own._repr_html_()
    assert any(SECOND_PERSON.search(d["reason"]) for d in own.to_dict()["decisions"])
    t.close()


def test_the_teachers_show_me_speaks_of_the_student_by_name(played):
    """Show me of a decision of the student's game, both lines, every step: the narration, the
    log, the outcome and the result name Asha, never "you"."""
    t = teacher_view(played)
    assert t.start_review().wait(120) and t.review["status"] == "done", t.review
    decisions = t.review["decisions"]
    outcomes = []
    for number in sorted({0, len(decisions) // 2, len(decisions) - 1}):
        show = t.show_me(source="review", decision=number)
        for line in show.lines_shown:
            t.show_me(line=line, source="review", decision=number)
            for step in range(show.count):
                t.show_step(step)
                v = t.view
                texts = [v["narration"], v["imagine"]["outcome"], *(x["text"] for x in v["log"])]
                texts += [v["result"]["text"]] if v.get("result") else []
                said = [x for x in texts if SECOND_PERSON.search(x)]
                assert not said, (number, line, step, said[:3])
                outcomes.append(v["imagine"]["outcome"])
        t.close_show()
    assert any(o for o in outcomes), "no outcome was said"
    assert t.show_me(source="review", decision=0) and t.view["narration"].startswith("Before ")
    assert "as Asha saw it" in t.view["narration"]
    t.close()


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_third_person_labels_are_translated(played, language):
    t = teacher_view(played, language)
    english = teacher_view(played)
    for key in ASHA_LABELS:
        assert "Asha" in t.labels[key] and t.labels[key] != english.labels[key], (key, t.labels[key])
    assert t.labels["review_show_me_aria"].count("{trick}") == 1 and "{chosen}" in t.labels["review_show_me_aria"]
    t.close()
    english.close()


# ---------------------------------------------------------------------- the coach's reasons, told of the student
STUDENT_GAMES = [(3, 1, "random"), (4, 7, "random"), (4, 5, "rules"), (5, 0, "random"), (5, 3, "rules")]
"""Games of 3 to 5 players, their student's seat played by the random bot (decisions that cost
points, so the coach says why the better action is better, and takes) or by the rules of thumb."""


def student_game(players: int, seed: int, bot: str) -> Game:
    return play_out(Game.deal(players, seed=seed), [BOTS[bot](seed=s) for s in range(players)])


def names_for(players: int) -> list[str]:
    return ["Asha", *(f"Bot {s}" for s in range(1, players))]


def texts(value, where: str = ""):
    """Every string of a trait or a view, with where it is."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from texts(item, f"{where}[{i}]")


@pytest.mark.parametrize("players,seed,bot", STUDENT_GAMES)
def test_the_coach_s_reasons_in_a_teacher_s_review_name_the_student(players, seed, bot):
    """The whole review of a student's game, and the table at each of its decisions: no text says
    "you"; every reason the student reads with "you" names the student in the teacher's review."""
    game = student_game(players, seed, bot)
    t = class_game(seat_record(game, 0), "Asha", 0, names_for(players), table="7E", rollouts=16, samples=4)
    try:
        assert t.start_review().wait(120) and t.review["status"] == "done", t.review
        decisions = t.review["decisions"]
        assert decisions
        said = [(w, x) for w, x in texts(t.review, "review") if SECOND_PERSON.search(x)]
        for k in range(len(decisions)):
            t.show_decision(k)
            said += [(w, x) for w, x in texts(t.view, f"view at {k}") if SECOND_PERSON.search(x)]
            said += [(w, x) for w, x in texts(t.review, f"review at {k}") if SECOND_PERSON.search(x)]
        assert not said, said[:3]
        run = t.review_run
        assert run is not None and run.result is not None
        own = [str(d.reason) for d in run.result.decisions]  # the reasons as the student reads them
        assert any(SECOND_PERSON.search(x) for x in own), own  # the student's reasons speak to them
        for mine, theirs in zip(own, (d["reason"] for d in decisions)):
            assert "Asha" in theirs or not SECOND_PERSON.search(mine), (mine, theirs)
    finally:
        t.close()


def test_the_student_s_own_review_still_says_you():
    """The same review read by the student: the reasons speak to them, as the hint does."""
    from bhabho_widget.i18n import ENGLISH, translator
    from bhabho_widget.table.reviewing import ReviewRun

    game = student_game(5, 0, "random")
    own = ReviewRun(game, 0, lambda: None, rollouts=16, samples=4)
    theirs = ReviewRun(game, 0, lambda: None, rollouts=16, samples=4, person="Asha")
    assert own.wait(120) and theirs.wait(120) and own.status == theirs.status == "done"
    names = names_for(5)
    mine = [d["reason"] for d in own.trait(ENGLISH, names, None)["decisions"]]
    told = [d["reason"] for d in theirs.trait(ENGLISH, names, None)["decisions"]]
    assert mine == [d.reason.localize(ENGLISH, names) for d in own.result.decisions]  # type: ignore[union-attr]
    assert any("it is your only legal card" in x for x in mine) and not any("Asha" in x for x in mine)
    assert any("it is Asha's only legal card" in x for x in told)
    assert any(re.search(r"\bAsha ends as the bhabhi\b", x) for x in told)
    assert any(re.search(r"\bA take adds Bot \d's \d+ cards to Asha's \d+\b", x) for x in told), told
    de = translator("de")
    assert any("Ihre einzige erlaubte Karte" in d["reason"] for d in own.trait(de, names, None)["decisions"])


def test_every_third_person_twin_names_the_person_in_every_language():
    """Each second-person sentence of the coach has a third-person twin, translated in every
    language; told about Asha, each names her and no longer speaks to the reader in English."""
    import bhabho_widget.coach.hints  # noqa: F401  (the modules that register the twins)
    from bhabho_widget.engine.events import TAKE_EFFECT
    from bhabho_widget.i18n import ENGLISH, THIRD_PERSON, Message, placeholders, translator

    assert TAKE_EFFECT in THIRD_PERSON and len(THIRD_PERSON) >= 30
    for second, third in THIRD_PERSON.items():
        values = {k: f"<{k}>" for k in placeholders(second)}
        english = Message(second, **values)
        told = english.localize(ENGLISH.about("Asha"))
        assert "Asha" in told and not SECOND_PERSON.search(told), told
        if third == "{name}":  # "you" as a seat's name: the name itself
            continue
        assert SECOND_PERSON.search(str(english)), second
        for code in LANGUAGES:
            if code == "en":
                continue
            tr = translator(code)
            assert tr.gettext(third) != third, (code, third)
            text = english.localize(tr.about("Asha"))
            assert "Asha" in text and text != english.localize(tr), (code, text)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_teacher_reads_the_reasons_of_the_student_s_game_in_their_language(language):
    """A teacher's review in another language: the reasons that name the student in English name
    her there too, with no sentence left in English."""
    game = student_game(5, 0, "random")
    tables = {code: class_game(seat_record(game, 0), "Asha", 0, names_for(5), table="7E", rollouts=16, samples=4,
                               language=code) for code in ("en", language)}
    try:
        for t in tables.values():
            assert t.start_review().wait(120) and t.review["status"] == "done", t.review
        english = [d["reason"] for d in tables["en"].review["decisions"]]
        told = [d["reason"] for d in tables[language].review["decisions"]]
        assert len(told) == len(english)
        named = [(en, x) for en, x in zip(english, told) if "Asha" in en]
        assert len(named) >= len(english) // 2
        for en, x in named:
            assert "Asha" in x, x
            left = [s for s in re.split(r"(?<=[.:;])\s+", en) if len(s) > 25 and s in x]
            assert not left, (language, left)
    finally:
        for t in tables.values():
            t.close()
