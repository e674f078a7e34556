"""Static HTML pictures of a game: what a notebook shows without a running kernel.

``Game._repr_html_`` uses :func:`game_html` (every hand, for the notebook's author);
the widgets use :func:`view_html` for the fallback picture of one seat's view, so a saved
notebook shows the table on GitHub or nbviewer and shows no hidden card.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .cards import DECK, Card, indices

if TYPE_CHECKING:
    from .game import Game


def card_html(card: Card) -> str:
    color = "#c62828" if card.suit in "HD" else "inherit"
    return f'<span style="color:{color};font-weight:bold" title="{card.name}">{card}</span>'


def game_html(g: Game) -> str:
    """Every hand, the trick on the table and the waste pile, as an HTML table."""
    rows = []
    for s in range(g.num_players):
        marks = []
        if s == g.leader and not g.is_over:
            marks.append("power")
        if s == g.current_player:
            marks.append("to play")
        if s in g.escaped:
            marks.append("escaped")
        if s == g.loser:
            marks.append("bhabhi")
        hand = g.hand_mask(s)
        cards = " ".join(card_html(DECK[i]) for i in indices(hand))
        rows.append(f"<tr><td>{escape(g.names[s])}</td><td>{hand.bit_count()}</td>"
                    f"<td>{cards}</td><td>{', '.join(marks)}</td></tr>")
    trick = " ".join(f"{escape(g.names[s])}: {card_html(c)}" for s, c in g.table)
    state = " Stalemate: nobody is the bhabhi." if g.is_stalemate else ""
    return ("<table><tr><th>seat</th><th>cards</th><th>hand</th><th></th></tr>" + "".join(rows)
            + f"</table><p>Trick {g.trick_number}: {trick or 'table empty'}; waste pile {g.waste_size} cards.{state}</p>")


def view_html(view: dict[str, Any], title: str = "") -> str:
    """One seat's view (a widget's ``view`` dict) as static HTML: hands shown only where
    the view holds them (the seat's own, or all when the view reveals them)."""
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
        marks = []
        if s == view.get("leader") and not view.get("is_over"):
            marks.append("power")
        if s == view.get("current_player"):
            marks.append("to play")
        if s in view.get("escaped", ()):
            marks.append("escaped")
        if s == view.get("loser"):
            marks.append("bhabhi")
        rows.append(f"<tr><td>{escape(name)}</td><td>{view['hand_sizes'][s]}</td><td>{shown}</td>"
                    f"<td>{', '.join(marks)}</td></tr>")
    trick = " ".join(f"{escape(names[t['seat']])}: {card_html(Card.parse(t['card']))}" for t in view["table"])
    narration = escape(view.get("narration") or "")
    head = f"<h4>{escape(title)}</h4>" if title else ""
    return (f'<div class="bhabho-static">{head}<table><tr><th>seat</th><th>cards</th><th>hand</th><th></th></tr>'
            + "".join(rows) + f"</table><p>Trick {view['trick_number']}: {trick or 'table empty'}; "
            f"waste pile {view['waste_size']} cards.</p><p>{narration}</p></div>")
