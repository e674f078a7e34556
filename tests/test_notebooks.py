"""The teaching notebooks: every rule and variant is shown by an asserting cell, every
exercise can be answered, and what the notebooks show is what a learner may see.

Two kinds of checks:

- read from the stored notebooks (fast): each rule (``### Rule N:``) and variant
  (``### Variant: <name>``) of ``docs/rules.md``, and the session scoring, has a code cell
  tagged ``rule-N``, ``variant-<name>`` or ``session`` that asserts something; the
  notebooks are stored without outputs;
- from each notebook that makes a lesson or a table, executed in a kernel (once per
  notebook, with nbclient): after the last cell a probe looks at every lesson and table the notebook made. Every exercise has
  its right answer among the choices the learner is offered, a hint, and a first wrong
  answer that does not give the answer away; a lesson with ``reveal_all=False`` never
  shows a hidden card; a cell that uses a table never prints its bots' cards; every widget
  output carries a static ``text/html`` picture for a notebook read without a kernel.
"""

from __future__ import annotations

import ast
import functools
import json
import pathlib
import re
import sys

import nbformat
import pytest
from helpers import this_python_kernel

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RULES_PAGE = ROOT / "docs" / "rules.md"
NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
LESSON_NOTEBOOKS = ("02_tricks", "03_tochoo", "04_escapes", "05_taking", "06_variants")
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


# ---------------------------------------------------------------------- the rules page
def rules_page_tags() -> list[str]:
    """The tag every rule, variant and the session scoring of docs/rules.md needs."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    rules = [f"rule-{n}" for n in re.findall(r"^### Rule (\d+):", text, flags=re.M)]
    variants = ["variant-" + name.strip().lower().replace(" ", "-")
                for name in re.findall(r"^### Variant: (.+)$", text, flags=re.M)]
    session = ["session"] if re.search(r"^## Session scoring", text, flags=re.M) else []
    return rules + variants + session


def variant_names() -> dict[str, str]:
    """variant tag -> the preset name on the rules page (a key of PRESETS)."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    return {"variant-" + n.strip().lower().replace(" ", "-"): n.strip().lower()
            for n in re.findall(r"^### Variant: (.+)$", text, flags=re.M)}


def read(path: pathlib.Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def asserts(source: str) -> bool:
    """True when the cell's code holds an ``assert`` statement."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.Assert) for node in ast.walk(tree))


@functools.cache
def tagged_cells() -> dict[str, list[tuple[str, int, bool]]]:
    """tag -> [(notebook, cell index, the cell asserts)] over every notebook."""
    found: dict[str, list[tuple[str, int, bool]]] = {}
    for path in NOTEBOOK_PATHS:
        for i, cell in enumerate(read(path).cells):
            for tag in cell.get("metadata", {}).get("tags", []):
                found.setdefault(tag, []).append((path.stem, i, cell.cell_type == "code" and asserts(cell.source)))
    return found


def test_the_rules_page_lists_the_rules_and_variants():
    tags = rules_page_tags()
    assert [t for t in tags if t.startswith("rule-")] == [f"rule-{n}" for n in range(1, 11)]
    assert len([t for t in tags if t.startswith("variant-")]) >= 9 and "session" in tags


@pytest.mark.parametrize("tag", rules_page_tags())
def test_every_rule_and_variant_is_shown_by_an_asserting_cell(tag):
    cells = tagged_cells().get(tag, [])
    assert cells, f"no notebook cell is tagged {tag!r}: show it in a notebook, in a code cell that asserts it"
    assert any(ok for _, _, ok in cells), f"the cells tagged {tag!r} ({cells}) assert nothing"


def test_rule_tags_name_rules_on_the_page():
    known = set(rules_page_tags())
    unknown = {tag: cells for tag, cells in tagged_cells().items()
               if tag.startswith(("rule-", "variant-")) and tag not in known}
    assert not unknown, f"tags that name no rule or variant of docs/rules.md: {unknown}"


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem)
def test_notebooks_are_stored_without_outputs(path):
    nb = read(path)
    nbformat.validate(nb)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"{path.name}: cells {dirty} were saved with outputs; clear them before committing"


# ---------------------------------------------------------------------- executed notebooks
PROBE = r'''
import gc as _gc, json as _json
from bhabho_widget.engine.cards import Card as _Card
from bhabho_widget.table.lesson import LessonScript as _Script
from bhabho_widget.table.backend import LocalGame as _LocalGame
from bhabho_widget.table.widget import Table as _Table


def _hidden(game, seat):
    """Cards in the other hands that ``seat`` has never been shown."""
    seen = set()
    for event in game.events:
        seen.update(event.to_dict(seat)["cards"])
    held = {c.code for s in range(game.num_players) if s != seat for c in game.hand(s)}
    return held - seen


def _leaks(text, hidden):
    return sorted(code for code in hidden if f'"{code}"' in text or str(_Card.parse(code)) in text)


def _fresh(script):
    """A new script of the same lesson, at step 0, with no answers given."""
    return _Script(script.game.root(), script.moves, title=script.title, exercises=list(script.exercises.values()),
                   seat=script.seat, reveal_all=script.reveal_all)


def _exercise(script, step):
    ex = script.exercises[step]
    choices = script.choices(step)
    verdict = {}
    for choice in choices:
        trial = _fresh(script)
        trial.goto(step)
        verdict[choice] = trial.answer(choice)
    right = [c for c, fb in verdict.items() if fb["correct"]]
    wrong = [c for c, fb in verdict.items() if not fb["correct"]]
    out = {"step": step, "kind": ex.kind, "prompt": ex.prompt, "hint": ex.hint, "explain": ex.explain,
           "choices": [str(c) for c in choices], "right": [str(c) for c in right],
           "right_feedback": [verdict[c]["text"] for c in right], "first_wrong": None, "second_wrong": None,
           "right_names": [], "told": [], "view_hint": None}
    shown = _fresh(script)
    shown.goto(step)
    out["view_hint"] = shown.browser_view()["lesson"]["exercise"].get("hint")
    if ex.kind == "card":
        out["right_names"] = [str(_Card.parse(c)) for c in right]
        out["told"] = out["right_names"] + [_Card.parse(c).code for c in right]
    elif ex.kind == "seat":
        out["right_names"] = [shown.game.names[c] for c in right]
        out["told"] = out["right_names"] + ["you" for c in right if c == script.seat]
    else:
        out["right_names"] = [f"to {c}" for c in right]
        out["told"] = out["right_names"]
    if wrong:
        trial = _fresh(script)
        trial.goto(step)
        out["first_wrong"] = trial.answer(wrong[0])["text"]
        out["second_wrong"] = trial.answer(wrong[-1])["text"]
    return out


def _lesson(script):
    info = {"title": script.title, "seat": script.seat, "reveal_all": script.reveal_all, "length": script.length,
            "rules": script.game.rules.to_dict(), "ends_over": False, "exercises": [], "leaks": []}
    for step in sorted(script.exercises):
        info["exercises"].append(_exercise(script, step))
    walk = _fresh(script)
    for step in range(walk.length + 1):
        walk.goto(step)
        if not script.reveal_all:
            hidden = _hidden(walk.game, script.seat)
            view = _json.dumps(walk.browser_view(), ensure_ascii=False)
            for code in _leaks(view, hidden):
                info["leaks"].append(f"step {step}: the view shows {code}")
            if step in script.exercises:
                for choice in walk.choices(step):
                    trial = _fresh(script)
                    trial.goto(step)
                    text = trial.answer(choice)["text"]
                    after = _fresh(script)
                    after.goto(min(step + 1, after.length))
                    for code in _leaks(text, hidden & _hidden(after.game, script.seat)):
                        info["leaks"].append(f"step {step}: the feedback to {choice!r} shows {code}")
    info["ends_over"] = walk.game.is_over
    return info


def _objects(kind):
    """The live objects of ``kind`` (a dead weak proxy, as a closed websocket leaves until
    the next collection, is passed over: isinstance() of it raises)."""
    out = []
    for obj in _gc.get_objects():
        try:
            if isinstance(obj, kind):
                out.append(obj)
        except ReferenceError:
            pass
    return out


def _tables():
    """The tables played in this kernel (a lesson shows the hands it means to; a seat at a
    shared table holds no other hand at all)."""
    out = []
    for obj in _objects(_Table):
        if not isinstance(obj.backend, _LocalGame):
            continue
        game = obj.game
        names = sorted(k for k, v in globals().items() if v is obj and not k.startswith("_"))
        out.append({"names": names, "seat": obj.seat,
                    "hidden": sorted(str(_Card.parse(c)) for c in _hidden(game, obj.seat))})
    return out


_scripts = _objects(_Script)
print(_json.dumps({"lessons": [_lesson(s) for s in _scripts], "tables": _tables()}))
'''


@functools.cache
def executed(name: str) -> tuple[nbformat.NotebookNode, dict]:
    """The notebook run in a fresh kernel (outputs kept) and the probe's findings."""
    from nbclient import NotebookClient

    nb = read(NOTEBOOKS / f"{name}.ipynb")
    client = NotebookClient(nb, km=this_python_kernel(), timeout=300, allow_errors=False,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel(cleanup_kc=True):  # the kernel is shut down at the end (it is ours)
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        probe = nbformat.v4.new_code_cell(PROBE)
        nb.cells.append(probe)
        try:
            client.execute_cell(probe, len(nb.cells) - 1)
        finally:
            nb.cells.pop()
    text = "".join(o.get("text", "") for o in probe.outputs if o.output_type == "stream" and o.name == "stdout")
    return nb, json.loads(text.strip().splitlines()[-1])


WIDGET_CALL = re.compile(r"(?<![.\w])(Lesson|Table|Practice|PuzzleLesson|practise)\(")


def makes_widgets(path: pathlib.Path) -> bool:
    """True when a code cell makes a lesson, a table or a practice: only those notebooks are run
    here (nbval runs them all anyway)."""
    return any(cell.cell_type == "code" and WIDGET_CALL.search(cell.source) for cell in read(path).cells)


NAMES = [p.stem for p in NOTEBOOK_PATHS if makes_widgets(p)]


def test_the_lesson_notebooks_are_probed():
    assert set(LESSON_NOTEBOOKS) | {"00_basics", "01_quick_start", "08_session"} <= set(NAMES)


def exercises_of(name: str) -> list[tuple[dict, dict]]:
    return [(lesson, ex) for lesson in executed(name)[1]["lessons"] for ex in lesson["exercises"]]


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_has_its_right_answer_among_its_choices(name):
    for lesson, ex in exercises_of(name):
        where = f"{name}, lesson {lesson['title']!r}, step {ex['step']} ({ex['prompt'][:50]!r})"
        assert ex["right"], f"{where}: none of the choices {ex['choices']} is accepted as right"
        assert all(text.startswith("Right!") for text in ex["right_feedback"]), where


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_offers_a_hint_and_keeps_the_answer_for_the_second_try(name):
    for lesson, ex in exercises_of(name):
        where = f"{name}, lesson {lesson['title']!r}, step {ex['step']} ({ex['prompt'][:50]!r})"
        assert ex["hint"].strip() and ex["view_hint"] == ex["hint"], f"{where}: no hint to offer before answering"
        assert ex["explain"].strip(), f"{where}: nothing to explain the right answer"
        for answer in ex["right_names"]:
            assert answer not in ex["hint"], f"{where}: the hint gives the answer away ({answer})"
        if ex["first_wrong"] is None:
            continue
        first = ex["first_wrong"]
        assert first.startswith("Not quite. Try again.") or " is not allowed: " in first, f"{where}: {first!r}"
        for answer in ex["right_names"]:
            assert answer not in first, f"{where}: a first wrong answer is told the answer ({answer}): {first!r}"
        second = ex["second_wrong"]
        assert any(answer in second for answer in ex["told"]) or " is not allowed: " in second, \
            f"{where}: a second wrong answer is not told the answer: {second!r}"


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_every_lesson_notebook_asks_at_least_two_questions(name):
    assert len(exercises_of(name)) >= 2


def test_notebook_5_asks_take_or_not():
    kinds = [ex["kind"] for _, ex in exercises_of("05_taking")]
    assert "take" in kinds, "notebook 5 asks no take-or-pass question"
    assert any(lesson["ends_over"] and lesson["length"] >= 15 for lesson in executed("05_taking")[1]["lessons"]), \
        "notebook 5 replays no whole recorded game to its end"


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_every_lesson_asks_which_card_to_play_where_the_rule_allows_a_choice(name):
    """Besides its rule questions, each lesson asks "which card should you play?" where several
    cards are allowed and one is right: the answer the coach proved (a puzzle's proof as the key)."""
    asked = [ex for _, ex in exercises_of(name) if ex["kind"] == "card" and len(ex["choices"]) >= 2
             and len(ex["right"]) == 1 and ex["prompt"] == "Which card should you play?" and "Proved over" in ex["explain"]]
    assert asked, f"{name} asks no 'which card should you play?' question with a choice and a proved answer"


def test_notebook_7_practises_each_piece_of_advice():
    """Every numbered question of notebook 7 ends with practice: puzzles of the set with its theme."""
    cells = read(NOTEBOOKS / "07_strategy.ipynb").cells
    for heading in [c.source.splitlines()[0] for c in cells if c.cell_type == "markdown" and re.match(r"## \d\.", c.source)]:
        code = "\n".join(c.source for c in section("07_strategy", heading) if c.cell_type == "code")
        assert re.search(r"\bpractise\(\"", code), f"notebook 7's {heading!r} asks no practice questions"
    nb, _ = executed("07_strategy")
    shown = [c for c in nb.cells if c.cell_type == "code" and "practise(" in c.source and not c.source.startswith("import")]
    assert len(shown) >= 6 and all(any(WIDGET_MIME in o.get("data", {}) for o in c.outputs) for c in shown)


def test_notebook_12_practises_by_theme_mistakes_and_streak():
    nb, _ = executed("12_practice")
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for call in ("Practice(theme=", 'Practice(mode="mistakes"', 'Practice(mode="streak")', "mistakes_from_review(",
                 "add_mistake(", "export_json(", "erase()"):
        assert call in code, f"notebook 12 does not show {call}"
    assert sum("image/png" in o.get("data", {}) for c in nb.cells for o in getattr(c, "outputs", [])) >= 1


def test_notebook_6_asks_a_question_per_variant():
    from bhabho_widget import PRESETS

    lessons = executed("06_variants")[1]["lessons"]
    for tag, preset in variant_names().items():
        rules = PRESETS[preset].to_dict()
        asked = [lesson for lesson in lessons if lesson["rules"] == rules and lesson["exercises"]]
        assert asked, f"notebook 6 has no lesson with a question for the {preset} variant ({tag})"


@pytest.mark.parametrize("name", NAMES)
def test_lessons_that_hide_cards_show_no_hidden_card(name):
    for lesson in executed(name)[1]["lessons"]:
        assert not lesson["leaks"], f"{name}, lesson {lesson['title']!r} shows hidden cards: {lesson['leaks'][:5]}"


@pytest.mark.parametrize("name", NAMES)
def test_cells_that_use_a_table_do_not_print_its_bots_cards(name):
    nb, found = executed(name)
    for table in found["tables"]:
        if not table["names"] or not table["hidden"]:
            continue
        uses = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in table["names"]))
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code" or not uses.search(cell.source):
                continue
            for out in cell.outputs:
                if WIDGET_MIME in out.get("data", {}):
                    continue  # the widget shows its own seat's view (see the text/html test)
                text = out.get("text", "") + "".join(str(v) for k, v in out.get("data", {}).items() if k.startswith("text/"))
                shown = [card for card in table["hidden"] if card in text]
                assert not shown, f"{name}, cell {i} prints cards of the bots at {table['names'][0]}: {shown}"


@pytest.mark.parametrize("name", NAMES)
def test_printed_cards_are_written_for_people(name):
    """Cards print as A♠ and events as sentences, not as Python reprs."""
    nb, _ = executed(name)
    for i, cell in enumerate(nb.cells):
        for out in getattr(cell, "outputs", []):
            if WIDGET_MIME in out.get("data", {}):
                continue
            text = out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
            for code_form in ("Card.parse(", "<Event ", "<Game "):
                assert code_form not in text, f"{name}, cell {i} prints {code_form!r}: {text[:120]!r}"


@pytest.mark.parametrize("name", NAMES)
def test_widget_outputs_carry_a_static_html_picture(name):
    nb, _ = executed(name)
    widgets = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
               if WIDGET_MIME in out.get("data", {})]
    for out in widgets:
        html = out["data"].get("text/html", "")
        assert "bhabho-static" in html and "<table" in html, f"{name}: a widget output without its static picture"
        assert "object at 0x" not in html


def test_notebooks_run_in_this_interpreter():
    """The kernel the notebook tests start runs this interpreter (and so this checkout)."""
    manager = this_python_kernel()
    assert manager.kernel_spec.argv[0] == sys.executable


def test_the_kernels_of_the_tests_listen_on_unix_sockets_of_their_own_and_answer():
    """The kernels the tests start (and nbval's) take no TCP port, which another process of a
    busy run could take between its choice and the kernel's bind; each has names of its own,
    answers, and leaves no socket behind."""
    import nbval.kernel
    from helpers import unix_socket_kernel_manager

    assert nbval.kernel.KernelManager is unix_socket_kernel_manager()
    managers = [this_python_kernel(), this_python_kernel()]
    assert all(m.transport == "ipc" for m in managers)
    assert managers[0].ip != managers[1].ip
    manager = managers[0]
    manager.start_kernel()
    try:
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=60)
            reply = client.execute_interactive("import sys; print(sys.executable)", timeout=60)
            assert reply["content"]["status"] == "ok"
        finally:
            client.stop_channels()
        sockets = [pathlib.Path(f"{manager.ip}-{port}") for port in manager.ports]
        assert sockets and all(s.exists() and s.is_socket() for s in sockets)
    finally:
        manager.shutdown_kernel(now=True)
    assert not any(s.exists() for s in sockets)


# ---------------------------------------------------------------------- texts that match what the notebooks show
def stream_text(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


def test_notebook_6_charts_carry_intervals_and_print_their_numbers_as_they_label_them():
    """Every chart of notebook 6 draws 95 % intervals, and each share printed beside it has the
    chart's rounding (plots.percent_text): one loss in 200 is 0.5 %, not "0 %" beside a visible bar."""
    from bhabho_widget.coach.plots import percent_text

    nb, _ = executed("06_variants")
    charts = [c for c in nb.cells if c.cell_type == "code" and any("image/png" in o.get("data", {}) for o in c.outputs)]
    assert len(charts) >= 3
    for cell in charts:
        assert "yerr=" in cell.source or "plot_rates(" in cell.source, f"a chart without intervals: {cell.source[:80]!r}"
        shares = re.findall(r"(\d+) of (\d+)(?: games)? \((\d+(?:\.\d)?)%", stream_text(cell))
        assert shares, f"no share printed as 'k of n (p %)' beside the chart: {stream_text(cell)[:200]!r}"
        for k, n, shown in shares:
            digits = len(shown.partition(".")[2])
            assert percent_text(int(k) / int(n), digits) == shown + "%", (k, n, shown)
            assert int(k) == 0 or float(shown) > 0, f"{k} of {n} printed as {shown} %"


def markdown_of(name: str) -> str:
    return "\n".join(c.source for c in read(NOTEBOOKS / f"{name}.ipynb").cells if c.cell_type == "markdown")


def section(name: str, heading: str) -> list:
    """The cells of a notebook from the markdown cell starting with ``heading`` to the next heading of its level."""
    cells = read(NOTEBOOKS / f"{name}.ipynb").cells
    level = heading.split(" ")[0] + " "
    start = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith(heading))
    end = next((i for i in range(start + 1, len(cells)) if cells[i].cell_type == "markdown"
                and re.search(rf"^{re.escape(level)}", cells[i].source, flags=re.M)), len(cells))
    return cells[start:end]


@pytest.mark.parametrize("name", ["01_quick_start", "05_taking"])
def test_the_notebooks_tell_how_the_table_offers_a_take(name):
    """At the table a person is offered the take before a bot's lead and the table waits for
    Take or Pass (TableSession.take_offer): the notebooks say so, not "you never have to pass"."""
    text = re.sub(r"\s+", " ", markdown_of(name))
    assert "never have to" not in text
    assert "waits" in text and "**Pass**" in text and "**Take**" in text
    assert "leading a card is your pass" in text, "with the power, leading is the pass"


def test_notebook_4_says_clearly_who_can_take_your_hand():
    text = re.sub(r"\s+", " ", markdown_of("04_escapes"))
    assert "the next player before you" not in text
    assert "Only the player just before you in play order can do that" in text


def test_notebook_5_shows_the_order_of_offers_with_a_lesson_and_the_table():
    cells = section("05_taking", "## The order of offers")
    code = "\n".join(c.source for c in cells if c.cell_type == "code")
    assert "Lesson(" in code and "TableSession(" in code and "take_offer" in code
    assert not re.search(r"^class ", code, flags=re.M), "no bot subclass needed to show the order of offers"
    lesson = next(le for le in executed("05_taking")[1]["lessons"] if le["title"] == "The order of offers")
    assert [ex["kind"] for ex in lesson["exercises"]] == ["seat", "seat"] and lesson["exercises"][0]["right"] == ["2"]
    nb, _ = executed("05_taking")
    waited = "".join(stream_text(c) for c in nb.cells if c.cell_type == "code" and "TableSession(" in c.source)
    assert "Your chance to take Bot 1's hand before the lead (rule 7)" in waited


def test_notebook_8_shows_tables_not_python_lists_and_dicts():
    nb, _ = executed("08_session")
    tables = 0
    for i, cell in enumerate(nb.cells):
        for out in getattr(cell, "outputs", []):
            data = out.get("data", {})
            if WIDGET_MIME in data:
                continue
            tables += "<table" in data.get("text/html", "") and "bhabho-static" not in data.get("text/html", "")
            text = out.get("text", "") + str(data.get("text/plain", ""))
            raw = re.search(r"\[[^\]]*\]|\{[^}]*:[^}]*\}", text)
            assert not raw, f"08_session, cell {i} prints a Python list or dict: {raw.group(0)!r}"
    assert tables >= 6, "the rounds, the scores and the pickups are shown as tables"


def test_notebook_7_runs_small_samples_unless_told_to_run_the_long_ones(monkeypatch):
    """A learner's run of notebook 7 gives an answer in about a minute: small samples by default,
    the long runs one setting away (FULL_RUNS in the first code cell), never under CI."""
    nb = read(NOTEBOOKS / "07_strategy.ipynb")
    setup = next(c for c in nb.cells if c.cell_type == "code")
    assert "\nFULL_RUNS = False" in setup.source, "FULL_RUNS is set, to False, in the first code cell"

    def settings(source: str, ci: str | None) -> dict:
        """The notebook's settings run alone, with CI set or not."""
        if ci is None:
            monkeypatch.delenv("CI", raising=False)
        else:
            monkeypatch.setenv("CI", ci)
        tree = ast.parse(source)  # parsed only: the top-level await of the browser-only site is not run
        names = {"FULL_RUNS", "CI", "SMALL", "SEARCH_BUDGET"}
        body = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "size"
                or isinstance(n, ast.Assign) and any(getattr(t, "id", None) in names for t in n.targets)]
        scope: dict = {"os": __import__("os")}
        exec(compile(ast.Module(body=body, type_ignores=[]), "07_strategy", "exec"), scope)
        return scope

    def size_of(source: str, ci: str | None) -> int:
        """What the notebook's size(2000, 600) gives."""
        return settings(source, ci)["size"](2000, 600)

    full = setup.source.replace("\nFULL_RUNS = False", "\nFULL_RUNS = True")
    assert size_of(setup.source, None) == 600, "without CI a learner gets the small samples"
    assert size_of(full, None) == 2000, "FULL_RUNS = True runs the long ones"
    assert size_of(setup.source, "true") == size_of(full, "true") == 600, "CI always runs the small ones"
    # the long runs' search bot is the "search" level itself, the figures of the text; a small run's thinks less
    assert settings(full, None)["SEARCH_BUDGET"] == {}
    small = settings(setup.source, None)["SEARCH_BUDGET"]
    from bhabho_widget.play.search import DEFAULT_ROLLOUTS, DEFAULT_SAMPLES

    assert set(small) == {"rollouts", "samples"}
    assert 0 < small["rollouts"] < DEFAULT_ROLLOUTS and 0 < small["samples"] < DEFAULT_SAMPLES
    text = re.sub(r"\s+", " ", markdown_of("07_strategy"))
    assert "`FULL_RUNS = True`" in text and "about a minute" in text and "35.3 %" in text


def test_the_readme_says_how_to_open_the_notebooks_as_root():
    """In a container the README's command runs as root, where JupyterLab refuses without --allow-root."""
    readme = re.sub(r"\s+", " ", (ROOT / "README.md").read_text(encoding="utf-8"))
    start = readme.index("## Get started")
    assert re.search(r"jupyter lab --allow-root --ip=0\.0\.0\.0 --no-browser notebooks/01_quick_start\.ipynb",
                     readme[start:readme.index("## ", start + 3)])


def test_notebook_0_points_to_every_later_notebook():
    text = re.sub(r"\s+", " ", markdown_of("00_basics"))
    for name in ("01 Quick start", "02 Tricks", "05 Taking", "06 Variants", "07 Strategy", "08 Session"):
        assert f"**{name}**" in text, f"notebook 0's 'What next' does not name {name}"


def test_notebook_7_plots_the_sparring_figures_its_table_quotes():
    """The long runs' counts the plot draws give the rates and intervals the table prints, row by row."""
    from bhabho_widget.play.stats import wilson

    nb = read(NOTEBOOKS / "07_strategy.ipynb")
    code = next(c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith("LONG_RUNS"))
    runs = ast.literal_eval(ast.parse(code).body[0].value)  # type: ignore[attr-defined]
    table = next(c.source for c in nb.cells if c.cell_type == "markdown" and "sparring partners" in c.source)
    rows = [r for r in table.splitlines() if r.startswith("| `")]
    assert len(rows) == len(runs) >= 5
    for (first, against, players, lost, games), row in zip(runs, rows):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0].startswith(f"`{first}`") and cells[1] == f"`{against}`" and int(cells[2]) == players
        assert int(cells[3].replace(",", "")) == games
        lo, hi = wilson(lost, games)
        assert cells[4].replace("*", "") == f"{100 * lost / games:.1f} % ({100 * lo:.1f}–{100 * hi:.1f} %)"
    # the search bot at every table size, against the peer-style bot, today's first search bot and the rules of thumb
    measured = {(first, against, players) for first, against, players, _, _ in runs if first == "search"}
    assert {("search", "peer", n) for n in (3, 4, 6, 8)} | {("search", "search-2026", 4), ("search", "rules", 4)} <= measured
