"""The static picture of one seat's view: what a saved notebook shows of a widget without a
running kernel (on GitHub or nbviewer), built from the widget's ``view`` and showing no
hidden card: hands only where the view holds them (the seat's own, or all when the view
reveals them).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import Card
from ..engine.html import card_html, seat_marks, table_head, trick_line
from ..i18n import ENGLISH, N_, Translator

__all__ = ["view_html"]

T_IMAGINED = N_("Imagined: the hidden cards are made up from what you knew; one way it can go.")
"""Over the picture of Show me's imagined game (a view in mode ``imagine``)."""


def view_html(view: dict[str, Any], title: str = "", translator: Translator | None = None) -> str:
    """One seat's view (a widget's ``view`` dict) as static HTML: hands shown only where
    the view holds them (the seat's own, or all when the view reveals them). The view's
    texts are already in its language; ``translator`` (None: English) tells the rest."""
    tr = translator or ENGLISH
    names = view["names"]
    hands = view.get("hands")
    rows = []
    for s, name in enumerate(names):
        if hands is not None:
            shown = " ".join(card_html(Card.parse(c)) for c in hands[s])
        elif s == view["seat"]:
            shown = " ".join(card_html(Card.parse(c)) for c in view["hand"])
        else:
            shown = "🂠" * min(view["hand_sizes"][s], 1) + (f" × {view['hand_sizes'][s]}" if view["hand_sizes"][s] else "")
        escaped = list(view.get("escaped", ()))
        marks = seat_marks(tr, s == view.get("leader") and not view.get("is_over"), s == view.get("current_player"),
                       escaped.index(s) if s in escaped else None, s == view.get("loser"))
        rows.append(f"<tr><td>{escape(name)}</td><td>{view['hand_sizes'][s]}</td><td>{shown}</td>"
                    f"<td>{marks}</td></tr>")
    trick = " ".join(f"{escape(names[t['seat']])}: {card_html(Card.parse(t['card']))}" for t in view["table"])
    narration = escape(view.get("narration") or "")
    head = f"<h4>{escape(title)}</h4>" if title else ""
    if view.get("mode") == "imagine":
        head += f"<p><strong>{escape(tr.format(T_IMAGINED))}</strong></p>"
    return (f'<div class="bhabho-static">{head}{table_head(tr)}' + "".join(rows)
            + f"</table><p>{trick_line(tr, view['trick_number'], trick, view['waste_size'])}</p><p>{narration}</p></div>")
