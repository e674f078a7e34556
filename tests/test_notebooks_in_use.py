"""Notebooks used as a learner uses them: notebooks 01 and 11 run cell by cell in one kernel
(nbclient), and between the cells the learner does what a cell invites, through the widgets'
own message handlers as the browser sends them: plays cards at a table, places cards in the
editor, answers a lesson wrongly, and an extra real student joins the class from a second
client. Every later cell must still pass: each cell that invites interaction makes its own
table or editor, and the cells after it check what they made themselves."""

from __future__ import annotations

import pathlib
import re

import nbformat
import pytest
from helpers import this_python_kernel

pytest.importorskip("nbclient")
pytest.importorskip("numpy")

pytestmark = pytest.mark.slow

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"

PLAY = '''
def _play(t, cards):
    """Play ``cards`` of the person's cards at ``t`` as the browser does (Pass at an offer,
    Next for the bots); returns how many were played."""
    played = 0
    for _ in range(400):
        v = t.view
        if v["waiting"] == "over" or played == cards:
            break
        if v["waiting"] == "human" and v["legal"] and not v["take_offer"]:
            t._on_frontend_msg(t, {"type": "play", "card": v["legal"][-1], "version": v["version"]}, None)
            played += 1
        else:
            t._on_frontend_msg(t, {"type": "advance", "version": v["version"]}, None)
        assert t.error == "", t.error
    return played


def _use(w):
    """What a learner does with a table or lesson the cell shows: at a lesson, go to its first
    question and give a wrong answer (then the right one is still to find); at a table whose
    game goes on, play two cards."""
    v = w.view
    if v["mode"] == "lesson":
        script = w.backend.script
        if script.exercises:
            step = min(script.exercises)
            w._on_frontend_msg(w, {"type": "goto", "index": step}, None)
            wrong = [c for c in script.choices(step) if not script.judge(step, c)[1]]
            if wrong:
                w._on_frontend_msg(w, {"type": "answer", "choice": wrong[0]}, None)
        else:
            w._on_frontend_msg(w, {"type": "goto", "index": script.length}, None)
        assert w.error == "", w.error
    elif v["mode"] == "play" and v["waiting"] != "over":
        _play(w, 2)
'''

# what the learner does after the cell whose source contains the key (notebook, key) -> code
AFTER = {
    ("01_quick_start", "table = Table()"): "assert _play(table, 3) == 3",
    ("01_quick_start", "session = Table(rounds=3"): "assert _play(session, 2) == 2",
    ("11_for_teachers", 'editor = Editor(players=3, language="en")'): '''
for _card, _to in [("AS", 0), ("KS", 1), ("QS", 2), ("2H", 0), ("3H", "table")]:
    editor.panel._on_frontend_msg(editor.panel, {"type": "edit_give", "card": _card, "to": _to,
                                                 "version": editor.panel.editor["version"]}, None)
    assert editor.panel.error == "", editor.panel.error
editor.panel._on_frontend_msg(editor.panel, {"type": "edit_opening", "over": True,
                                             "version": editor.panel.editor["version"]}, None)
assert editor.text() != "" or editor.problem
''',
    ("11_for_teachers", 'asha = Class.join(server'): '''
_carla = Class.join(server, teacher.code, name="Carla", language="en", rollouts=16, samples=4)  # another student's kernel
_carla.agree()
_opened = _carla.open(lesson_id)
_opened.answer(next(c for c in _opened.script.choices(0)))
_carla.flush()
''',
}


MADE = re.compile(r"^(\w+) = (?:Table|Lesson)\(", re.M)
"""A cell that makes a table or a lesson and shows it: the learner uses it (``_use``)."""


def run_in_use(name: str) -> list[str]:
    """Run notebook ``name`` cell by cell with the learner's actions between; the actions run
    (the keys of :data:`AFTER` and the names of the tables and lessons used)."""
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    client = NotebookClient(nb, km=this_python_kernel(), timeout=300, allow_errors=False,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    done: list[str] = []
    with client.setup_kernel(cleanup_kc=True):  # the kernel is shut down at the end (it is ours)
        helper = nbformat.v4.new_code_cell(PLAY)
        client.execute_cell(helper, 0)
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
            if cell.cell_type == "code":
                for made in MADE.findall(cell.source):
                    client.execute_cell(nbformat.v4.new_code_cell(f"_use({made})"), index)
                    done.append(made)
            for (notebook, key), code in AFTER.items():
                if notebook == name and cell.cell_type == "code" and key in cell.source:
                    client.execute_cell(nbformat.v4.new_code_cell(code), index)
                    done.append(key)
    return done


@pytest.mark.parametrize("name", ["00_basics", "01_quick_start", "08_session", "09_tracking", "10_review",
                                  "11_for_teachers"])
def test_a_notebook_runs_to_its_end_when_used_as_it_invites(name):
    done = run_in_use(name)
    assert set(done) >= {key for notebook, key in AFTER if notebook == name}, "an action found no cell to follow"
    assert any(key not in {k for _, k in AFTER} for key in done), "no table or lesson of the notebook was used"
