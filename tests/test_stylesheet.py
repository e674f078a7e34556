"""One stylesheet for every widget of the package, held once by the page.

The front end's modules each import their own CSS; ``npm run build`` (src_js/build.mjs)
writes their styles once into ``static/bhabho.css``, and every widget class names that file
as its ``_css`` under one anywidget id, so that a page with a table, a lesson and the editor
holds the shared styles (the buttons, the cards) once, not once per class. (A lesson, a
shared seat, a stored game and practice are all the one felt widget, :class:`Table`.)
"""

from __future__ import annotations

import pytest

from bhabho_widget.table.base import ANYWIDGET_ID, STATIC, BaseWidget
from bhabho_widget.table.classroom import StudentPanel, TeacherPanel
from bhabho_widget.table.editor_widget import Editor, EditorPanel
from bhabho_widget.table.widget import Table

STYLESHEET = STATIC / "bhabho.css"


def _rules(css: str) -> list[str]:
    """The stylesheet's rules, each with the at-rules it is in: ``@media (…) .a .b{…}``."""
    out, heads, start = [], [], 0
    for i, ch in enumerate(css):
        if ch == "{":
            heads.append(css[start:i].strip())
            start = i + 1
        elif ch == "}":
            body = css[start:i].strip()
            if body:  # a rule's declarations (an at-rule closes with nothing after its last rule)
                out.append(" ".join(heads) + "{" + body + "}")
            heads.pop()
            start = i + 1
    return out


def test_the_static_folder_holds_one_stylesheet():
    assert sorted(p.name for p in STATIC.glob("*.css")) == ["bhabho.css"]
    css = STYLESHEET.read_text(encoding="utf-8")
    # the table's, the editor's and a class's own rules are all in it
    for selector in (".bh-felt", ".bh-hand-card", ".bh-review-dot", ".bh-tracker-grid", ".bh-ed-card", ".bh-cl-grid"):
        assert selector in css, selector


def test_no_rule_is_written_twice():
    rules = _rules(STYLESHEET.read_text(encoding="utf-8"))
    assert len(rules) > 300, len(rules)  # the parse found the rules
    twice = sorted({r for r in rules if rules.count(r) > 1})
    assert not twice, f"rules repeated in bhabho.css: {twice[:5]}"
    assert sum(1 for r in rules if r.startswith(".bhabho-root .bh-btn{")) == 1  # the buttons' look, once


@pytest.mark.parametrize("cls", [Table, EditorPanel, TeacherPanel, StudentPanel])
def test_every_widget_names_the_one_stylesheet(cls):
    assert issubclass(cls, BaseWidget)
    assert str(cls._css) == STYLESHEET.read_text(encoding="utf-8")


def test_every_widget_shares_one_anywidget_id():
    table = Table(coach_ahead=False)
    editor = Editor(players=3)
    try:
        assert table._anywidget_id == editor.panel._anywidget_id == ANYWIDGET_ID
        assert table.get_state()["_anywidget_id"] == ANYWIDGET_ID  # in the state the browser gets when the comm opens
        assert table._css == editor.panel._css
    finally:
        table.close()
        editor.close()
