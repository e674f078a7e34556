"""The themes of a puzzle, tagged from the position and from what the coach's proof shows.

Each theme is a rule of thumb a teacher recognises, named in the words the hint uses for it
(:mod:`bhabho_widget.coach.hints`): a safe lead (nobody after you has shown a void in the
suit), a lead into a known void (a later player has shown none of a suit you could lead),
throwing your highest card as a tochoo, playing under the winning card, keeping a low card for
later (getting rid of a higher one while it is safe), the take (take the next player's hand or
pass), the last cards (escaping in the endgame) and the opening trick. :func:`tag` reads them
off the seat's view at the decision and the answer; a puzzle may have several.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:   # Player 3 shows no diamonds; Player 2 picks up J♦
...     _ = g.play(card)
>>> tag(g.seat_view(1), "4D")
('known_void', 'last_cards')
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, Card, indices
from ..engine.seat_view import SeatView
from ..i18n import N_

__all__ = ["LAST_CARDS", "THEMES", "THEME_TITLES", "tag"]

THEMES = ("safe_lead", "known_void", "tochoo", "play_under", "keep_low", "take", "last_cards", "opening")
"""Every theme, in the order the practice offers them."""
THEME_TITLES = {
    "safe_lead": N_("A safe lead: nobody after you has shown a lack of the suit"),
    "known_void": N_("A lead into a known void: a later player has shown none of a suit"),
    "tochoo": N_("Throw your highest card as a tochoo"),
    "play_under": N_("Play under the winning card"),
    "keep_low": N_("Keep a low card for later: get rid of a high one while it is safe"),
    "take": N_("Take or pass: when taking the next player's hand pays"),
    "last_cards": N_("The last cards: escaping in the endgame"),
    "opening": N_("The opening trick"),
}
"""What each theme is, in a sentence a learner reads (and a teacher recognises)."""
LAST_CARDS = 3
"""A seat holding at most this many cards is in the endgame."""


def _strength(view: SeatView, c: int) -> int:
    return view.strength[c]


def tag(view: SeatView, answer: str) -> tuple[str, ...]:
    """The themes of the decision ``view`` shows when ``answer`` (a card's code, ``"take"`` or
    ``"pass"``) is the only reasonable action, in the order of :data:`THEMES`."""
    found: set[str] = set()
    if view.opening:
        found.add("opening")
    if answer in ("take", "pass"):
        found.add("take")
    if 0 < bin(view.hand).count("1") <= LAST_CARDS and not view.opening:
        found.add("last_cards")
    if answer not in ("take", "pass"):
        c = Card.parse(answer).index
        suit = c // 13
        mine = [x for x in indices(view.hand & SUIT_MASKS[suit])]
        lower = [x for x in mine if _strength(view, x) < _strength(view, c)]
        if not view.table:  # a lead
            later = view.holders_from(view.seat)[1:]
            if any(view.voids[s] >> j & 1 for s in later for j in range(4) if view.hand & SUIT_MASKS[j]):
                found.add("known_void")
            elif not view.opening:
                found.add("safe_lead")
            if lower and not view.opening:
                found.add("keep_low")
        else:
            led = view.led_suit
            if not view.hand & SUIT_MASKS[led]:  # off suit: a tochoo (or a discard)
                legal = indices(view.legal)
                if all(_strength(view, c) >= _strength(view, x) for x in legal) and not view.opening:
                    found.add("tochoo")
            else:
                top = max((i for i in view.table if i // 13 == led), key=lambda i: _strength(view, i))
                if _strength(view, c) < _strength(view, top) and any(_strength(view, x) > _strength(view, top) for x in mine):
                    found.add("play_under")
                elif lower and not view.opening:
                    found.add("keep_low")
    return tuple(t for t in THEMES if t in found)
