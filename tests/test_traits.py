"""Every trait a table sends its browser is made by its typed constructor and fits protocol.json."""

from __future__ import annotations

import pytest

from bhabho_widget import Game, Lesson, Table
from bhabho_widget.table import traits
from bhabho_widget.table.backend import StoredGame
from bhabho_widget.table.protocol import check_trait, check_view

pytest.importorskip("numpy")  # the hint, the tracker's chances and the review

SYNCED = ("view", "hint", "tracker", "review", "score", "config", "capabilities")


def check_all(table: Table) -> None:
    for name in SYNCED:
        check_trait(name, getattr(table, name))


def test_a_local_table_s_traits_fit_the_protocol():
    t = Table(seed=3, rounds=2, pace=0, coach_ahead=False)
    t.run_bots()
    t.hint = t.suggest()
    t.show_tracker(chances=True)
    assert t.score is not None and t.config["rounds"] == 2 and t.tracker["chances"] is not None
    check_all(t)
    while not t.game.is_over:
        if t.view["legal"]:
            t.play(t.view["legal"][0])
        else:
            t.advance()
    assert t.review == traits.review_trait(t.seat)  # offered, not yet worked out
    check_all(t)
    run = t.start_review(rollouts=8, samples=2)
    assert t.wait_review(120), (run.status, run.failure)
    check_all(t)
    t.show_decision(0)
    check_all(t)
    assert t.view["review"] is not None and t.view["mode"] == "review"


def test_a_lesson_and_a_stored_game_s_traits_fit_the_protocol():
    g = Game.deal(3, seed=2)
    g.playout(rng=1)
    lesson = Lesson(g.root(), g.moves[:6])
    lesson.goto(6)
    lesson.show_tracker()
    check_all(lesson)
    assert lesson.view["lesson"] is not None and lesson.view["lesson"]["index"] == 6
    stored = Table(backend=StoredGame(g, 1, g.names, title="A game", rollouts=8, samples=2))
    assert stored.wait_review(120)
    check_all(stored)
    assert stored.config == traits.config_trait(3, None, "classic", "rules", "en", None)


def test_a_server_s_settings_become_the_config_trait_without_what_the_server_adds():
    sent = {"players": 4, "seed": None, "variant": "classic", "bots": "rules", "language": "en", "rounds": 3,
            "can_deal": True}
    config = traits.config_from(sent)
    check_trait("config", config)
    assert config == {k: v for k, v in sent.items() if k != "can_deal"} and traits.config_from(None) is None


def test_the_review_s_names_are_the_protocol_s():
    assert traits.decision_kind("offer") == "offer" and traits.grade_of(None) is None
    with pytest.raises(ValueError, match="'card' or 'offer'"):
        traits.decision_kind("bid")
    with pytest.raises(ValueError, match="'blunder'"):
        traits.grade_of("oops")
    check_view(Table(seed=1).view)
