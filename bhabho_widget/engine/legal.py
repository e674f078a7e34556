"""Which cards may be played: the one definition of rules 3, 4 and 6 for a play.

Everything that plays cards asks this function: :meth:`Game.legal_cards`, the checks of
:meth:`Game.play`, the random rollouts of :meth:`Game.playout`, and (as the numpy form
:func:`bhabho_widget.play.batch.legal_masks`, held equal to this one by the tests) the batch
player.

>>> from bhabho_widget.engine.cards import mask_of, cards_of, NO_SUIT, NO_CARD
>>> hand = mask_of(["AS", "4H", "9H", "2C"])
>>> [str(c) for c in cards_of(legal_mask(hand, 1, NO_CARD))]   # hearts led: follow suit
['4♥', '9♥']
>>> [str(c) for c in cards_of(legal_mask(hand, 2, NO_CARD))]   # diamonds led: any card (a tochoo)
['A♠', '4♥', '9♥', '2♣']
>>> [str(c) for c in cards_of(legal_mask(hand, NO_SUIT, 12))]  # the opening card must be led
['A♠']
"""

from __future__ import annotations

from .cards import NO_SUIT, SUIT_MASKS, CardIndex, Mask

__all__ = ["legal_mask"]


def legal_mask(hand: Mask, led_suit: int, required_lead: CardIndex) -> Mask:
    """The cards of ``hand`` that may be played now.

    - Leading (``led_suit`` is ``NO_SUIT``): any card, unless the lead is forced
      (``required_lead`` is a card: the opening card, rule 3, or the card just drawn from
      the waste pile, rule 6).
    - Following (``led_suit`` is 0..3): a card of the led suit if the hand has one
      (rule 4); otherwise any card (a tochoo, or a discard in the discard form).
    """
    if led_suit == NO_SUIT:
        return 1 << required_lead if required_lead >= 0 else hand
    return hand & SUIT_MASKS[led_suit] or hand
