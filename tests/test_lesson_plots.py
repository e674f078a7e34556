import matplotlib
import numpy as np
import pytest

from bhabho_widget import Exercise, Game, IllegalMoveError, Lesson, RandomBot, RuleBot, play_out
from bhabho_widget.coach.plots import hand_size_history, plot_hand_sizes, plot_losses, simulate

matplotlib.use("Agg")

HANDS = [["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]]


def lesson(**kw):
    g = Game.from_hands(HANDS, leader=0)
    return Lesson(g, ["KH", "5H", "4S"], title="Tochoo", **kw)


def test_lesson_steps_back_and_forth():
    L = lesson()
    assert L.step == 0 and L.length == 3 and L.view["mode"] == "lesson"
    assert L.view["lesson"] == {"index": 0, "length": 3, "title": "Tochoo", "exercise": None, "summary": None}
    assert L.view["log"] == []
    assert L.score is None
    assert L.view["hands"][1] == ["5H", "3C"] and L.view["legal"] == []
    L.next()
    assert L.step == 1 and L.explanation == "You have the power and lead K♥."  # the lesson's seat is "you"
    L.goto(3)
    assert "tochoo with 4♠" in L.explanation
    assert L.view["lesson"]["summary"] is None, "a lesson without questions has nothing to sum up"
    assert L.view["last_trick"] == {"cards": [{"seat": 0, "card": "KH"}, {"seat": 1, "card": "5H"},
                                              {"seat": 2, "card": "4S"}], "outcome": "pickup", "picker": 0}
    assert [line["text"] for line in L.view["log"]] == [e.describe(0) for e in L.game.events]
    L.back()
    assert [line["text"] for line in L.view["log"]] == ["You have the power and lead K♥.", "Player 1 follows with 5♥."]
    assert L.step == 2 and L.view["table"] == [{"seat": 0, "card": "KH"}, {"seat": 1, "card": "5H"}]
    L._on_frontend_msg(L, {"type": "goto", "index": 0}, [])
    assert L.step == 0 and L.error == ""
    L._on_frontend_msg(L, {"type": "goto", "index": 9}, [])
    assert "step must be 0 to 3" in L.error and L.step == 0
    L._on_frontend_msg(L, {"type": "play", "card": "KH", "version": 1}, [])
    assert L.error == "In a lesson, answer the question or step through with the lesson's bar" and L.step == 0


def test_lesson_from_a_record_replays_the_game():
    g = Game.deal(4, seed=6)
    play_out(g, [RuleBot(s) for s in range(4)])
    L = Lesson(Game.from_json(g.to_json()))
    assert L.length == len(g.moves) and L.step == 0
    L.goto(L.length)
    assert L.game.state_key() == g.state_key() and L.view["is_over"] and L.view["loser"] == g.loser


def test_illegal_lesson_scripts_are_refused():
    with pytest.raises(IllegalMoveError, match="lesson move 2"):
        Lesson(Game.from_hands(HANDS, leader=0), ["KH", "3C"])
    with pytest.raises(ValueError, match="outside"):
        lesson(exercises=[Exercise(5, "?")])
    with pytest.raises(ValueError, match="seat exercise"):
        Exercise(1, "?", kind="seat", answer="someone")


def test_card_exercise_is_checked_by_the_engine():
    L = lesson(exercises=[Exercise(1, "Which card must Player 1 play?", answer="5H", explain="Follow suit.")])
    L.goto(1)
    ex = L.view["lesson"]["exercise"]
    assert ex["kind"] == "card" and ex["choices"] == ["5H", "3C"] and ex["feedback"] is None
    L._on_frontend_msg(L, {"type": "answer", "choice": "3C"}, [])
    fb = L.view["lesson"]["exercise"]["feedback"]
    assert fb["correct"] is False and "must follow suit (rule 4)" in fb["text"]
    L._on_frontend_msg(L, {"type": "answer", "choice": "5H"}, [])
    fb = L.view["lesson"]["exercise"]["feedback"]
    assert fb["correct"] is True and fb["text"].startswith("Right!") and "Follow suit." in fb["text"]
    L._on_frontend_msg(L, {"type": "answer", "choice": "AS"}, [])
    assert "not one of the choices" in L.error
    L.goto(0)
    L._on_frontend_msg(L, {"type": "answer", "choice": "KH"}, [])
    assert "no question at this step" in L.error


def test_seat_exercise_who_picks_up():
    L = lesson(exercises=[Exercise(2, "Player 2 has no hearts. Who picks up?", kind="seat", answer="picker")])
    L.goto(2)
    assert L.view["lesson"]["exercise"]["choices"] == [0, 1, 2, 3]
    first = L.answer(1)
    assert first["correct"] is False and first["text"].startswith("Not quite. Try again")  # no answer yet
    assert "Player 0" not in first["text"] and "you" not in first["text"].lower().replace("not quite", "")
    assert "Not quite: it is you" in L.answer(2)["text"]  # the second wrong try gives it
    assert L.answer(0)["correct"] is True
    L._on_frontend_msg(L, {"type": "answer", "choice": True}, [])
    assert "choice" in L.error


def test_hand_size_history_and_plots():
    g = Game.deal(4, seed=3)
    play_out(g, [RuleBot(s) for s in range(4)])
    sizes = hand_size_history(g)
    assert sizes.shape[1] == 4 and sizes[0].tolist() == [13, 13, 13, 13]
    assert sizes[-1].tolist() == g.hand_sizes() and (sizes.sum(axis=1) <= 52).all()
    ax = plot_hand_sizes(g)
    assert len(ax.lines) == 4 and "bhabhi" in ax.get_legend().get_texts()[g.loser].get_text()
    result = simulate(lambda k: [RandomBot(k * 4 + s) for s in range(4)], games=40, players=4)
    assert result["losses"].sum() == (result["loser"] >= 0).sum() == 40
    assert isinstance(result["length"], np.ndarray) and (result["length"] > 0).all()
    ax = plot_losses(result)
    assert len(ax.patches) == 4


def test_rate_charts_draw_intervals_and_print_the_numbers_as_rounded_beside_them():
    from matplotlib.container import ErrorbarContainer

    from bhabho_widget.coach.plots import percent_text, plot_rates
    from bhabho_widget.play.stats import wilson

    # one loss in 200 is a visible bar: it is labelled 1 % (0.5 % with a decimal), never 0 %
    assert percent_text(1 / 200) == "1%" and percent_text(1 / 200, 1) == "0.5%" and percent_text(0) == "0%"
    assert percent_text(29 / 200) == "15%" and percent_text(57 / 200) == "29%"  # halves up, as the hint's chart
    ax = plot_rates(["rules", "random"], [1, 174], [200, 600], fair=0.25, digits=1)
    labels = [t.get_text() for t in ax.texts]
    assert labels == ["0.5%", "29.0%"]
    bars = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    assert len(bars) == 1, "every bar carries its interval"
    (segments,) = bars[0].lines[2]  # one vertical line per bar, from the interval's low end to its high end
    lo, hi = wilson(174, 600)
    assert sorted(segments.get_segments()[1][:, 1]) == [pytest.approx(100 * lo), pytest.approx(100 * hi)]
    result = simulate(lambda k: [RandomBot(k * 4 + s) for s in range(4)], games=40, players=4)
    ax = plot_losses(result)
    assert [t.get_text() for t in ax.texts] == [percent_text(k / 40) for k in result["losses"]]
    assert any(isinstance(c, ErrorbarContainer) for c in ax.containers)
