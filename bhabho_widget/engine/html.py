"""Static HTML pictures of a game: what a notebook shows without a running kernel.

``Game._repr_html_`` uses :func:`game_html` (every hand, for the notebook's author). The
parts of the picture (a card, the table's head, a seat's marks, the trick's line) serve the
table layer's picture of one seat's view too (:mod:`bhabho_widget.table.picture`).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..i18n import ENGLISH, N_, Nn_, Translator
from .cards import DECK, Card, indices

if TYPE_CHECKING:
    from .game import Game


def card_html(card: Card) -> str:
    color = "#c62828" if card.suit in "HD" else "inherit"
    return f'<span style="color:{color};font-weight:bold" title="{card.name}">{card}</span>'


def table_head(tr: Translator) -> str:
    cells = (tr.pgettext("static table", "seat"), tr.pgettext("static table", "cards"), tr.pgettext("static table", "hand"))
    return "<table><tr>" + "".join(f"<th>{escape(c)}</th>" for c in cells) + "<th></th></tr>"


def seat_marks(tr: Translator, power: bool, turn: bool, escaped: int | None, bhabhi: bool) -> str:
    labels = tr.labels()
    marks = [labels["badge_power"]] if power else []
    if turn:
        marks.append(labels["badge_turn"])
    if escaped is not None:
        marks.append(labels["badge_escaped"].format(n=escaped + 1))
    if bhabhi:
        marks.append(labels["badge_bhabhi"])
    return escape(", ".join(marks))


def trick_line(tr: Translator, number: int, trick: str, waste: int) -> str:
    return tr.plural(*Nn_("Trick {trick}: {cards}; waste pile {n} card.", "Trick {trick}: {cards}; waste pile {n} cards."),
                     waste, trick=number, cards=trick or escape(tr.format(N_("table empty"))))


def game_html(g: Game, translator: Translator | None = None) -> str:
    """Every hand, the trick on the table and the waste pile, as an HTML table (in
    ``translator``'s language; None: English)."""
    tr = translator or ENGLISH
    rows = []
    for s in range(g.num_players):
        escaped = g.escaped.index(s) if s in g.escaped else None
        marks = seat_marks(tr, s == g.leader and not g.is_over, s == g.current_player, escaped, s == g.loser)
        hand = g.hand_mask(s)
        cards = " ".join(card_html(DECK[i]) for i in indices(hand))
        rows.append(f"<tr><td>{escape(g.names[s])}</td><td>{hand.bit_count()}</td>"
                    f"<td>{cards}</td><td>{marks}</td></tr>")
    trick = " ".join(f"{escape(g.names[s])}: {card_html(c)}" for s, c in g.table)
    state = " " + escape(tr.format(N_("Stalemate: nobody is the bhabhi."))) if g.is_stalemate else ""
    return table_head(tr) + "".join(rows) + f"</table><p>{trick_line(tr, g.trick_number, trick, g.waste_size)}{state}</p>"
