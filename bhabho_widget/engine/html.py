"""Static HTML pictures of a game: what a notebook shows without a running kernel.

``Game._repr_html_`` uses :func:`game_html` (every hand, for the notebook's author), which
draws a game's names and state of play (:class:`PicturedGame`; the game module imports this
one, never the other way round). The parts of the picture (a card, the table's head, a
seat's marks, the trick's line) serve the table layer's picture of one seat's view too
(:mod:`bhabho_widget.table.picture`).

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["AS"], ["2S"]], leader=0)
>>> "<td>Player 1</td><td>1</td>" in game_html(g), "waste pile 0 cards" in game_html(g)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from ..i18n import ENGLISH, N_, Nn_, Translator
from .cards import DECK, Card, indices
from .state import GameState

__all__ = ["PicturedGame", "card_html", "game_html", "seat_marks", "table_head", "trick_line"]


class PicturedGame(Protocol):
    """What the picture reads of a game (a :class:`~bhabho_widget.engine.game.Game`): the
    seats' names and the whole state of play."""

    @property
    def names(self) -> Sequence[str]: ...

    def state(self) -> GameState: ...


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


def game_html(g: PicturedGame, translator: Translator | None = None) -> str:
    """Every hand, the trick on the table and the waste pile, as an HTML table (in
    ``translator``'s language; None: English)."""
    tr = translator or ENGLISH
    st, names = g.state(), g.names
    rows = []
    for s, hand in enumerate(st.hands):
        escaped = st.escaped.index(s) if s in st.escaped else None
        marks = seat_marks(tr, s == st.leader and not st.is_over, s == st.current_player, escaped, s == st.loser)
        cards = " ".join(card_html(DECK[i]) for i in indices(hand))
        rows.append(f"<tr><td>{escape(names[s])}</td><td>{hand.bit_count()}</td>"
                    f"<td>{cards}</td><td>{marks}</td></tr>")
    trick = " ".join(f"{escape(names[s])}: {card_html(DECK[i])}" for s, i in zip(st.trick_order, st.table))
    stalemate = " " + escape(tr.format(N_("Stalemate: nobody is the bhabhi."))) if st.stalemate else ""
    return (table_head(tr) + "".join(rows)
            + f"</table><p>{trick_line(tr, st.trick, trick, st.waste.bit_count())}{stalemate}</p>")
