"""Rule 6, the power without cards: the one definition of the draw from the waste pile.

A player cannot escape while holding the power. When the winner of a clean trick (rule 4)
has played their last card:

1. with ``must_draw`` (the classic rule), they draw one card from the waste pile *as it was
   before the trick* (from the trick's own cards only if that pile was empty, say in a
   hand-built position or after the whole pile was picked up);
2. the card drawn is the one at place :func:`draw_place` of that pile's cards in index
   order (see :mod:`.cards`): chance, but seeded by the game's seed and the number of draws
   made so far, so that undoing and replaying a game, or a batch of games played in numpy,
   draw the same card;
3. the drawer holds that card, must lead it next, and the number of draws goes up by one;
4. the trick's cards go onto the waste pile, which loses the card drawn;
5. with ``must_draw=False`` nobody draws: the winner escapes, the next player holding cards
   after the winner in play order leads, and the trick's cards go onto the waste pile.

:func:`draw` gives the card of steps 1 and 2 and the waste pile of step 4.
:meth:`Game._power_without_cards <bhabho_widget.engine.game.Game._power_without_cards>`
follows these steps for one game, and the batch player
(:func:`bhabho_widget.play.batch._power_without_cards`) for many games at once, drawing
with :func:`draw` for each of them.

>>> from bhabho_widget.engine.cards import mask_of, cards_of
>>> waste, trick = mask_of(["QC", "3H"]), mask_of(["5D", "JD", "8D"])
>>> card, after = draw(seed=1, draws=0, waste=waste, trick=trick)
>>> str(cards_of(1 << card)[0]) in ("Q♣", "3♥"), [str(c) for c in cards_of(after)] == [
...     str(c) for c in cards_of(waste | trick) if c.index != card]
(True, True)
"""

from __future__ import annotations

import functools
import random

from .cards import CardIndex, Mask, indices

__all__ = ["draw", "draw_place"]


@functools.lru_cache(maxsize=4096)
def draw_place(seed: int, draws: int, size: int) -> int:
    """Step 2: the place of the card drawn from a pile of ``size`` cards, by the game's
    ``seed`` and the number of ``draws`` made before (kept for the rollouts of one game, which
    share their draws)."""
    return random.Random(f"{seed}:draw:{draws}").randrange(size)


def draw(seed: int, draws: int, waste: Mask, trick: Mask) -> tuple[CardIndex, Mask]:
    """Steps 1, 2 and 4: the card drawn after a clean trick of ``trick``'s cards, with ``waste``
    the waste pile before it, and the waste pile after the draw (the trick's cards on it)."""
    options = indices(waste or trick)
    card = options[draw_place(seed, draws, len(options))]
    return card, (waste | trick) & ~(1 << card)
