"""How a review grades a decision: by the loss of the chosen action against the best one.

A decision is graded only when the 95 % interval of that loss (chosen less best, paired over
the sampled deals) excludes 0, and then by the loss's size: at least :data:`INACCURACY`,
:data:`MISTAKE` or :data:`BLUNDER` (:func:`grade_for`). :mod:`.review` works the losses out.
"""

from __future__ import annotations

__all__ = ["BLUNDER", "GRADES", "INACCURACY", "MISTAKE", "grade_for"]

INACCURACY = 0.03
"""The smallest loss (in chance of ending as the bhabhi) graded an inaccuracy."""
MISTAKE = 0.08
"""The smallest loss graded a mistake."""
BLUNDER = 0.20
"""The smallest loss graded a blunder."""
GRADES = ("inaccuracy", "mistake", "blunder")
"""The grades, from the mildest."""


def grade_for(loss: float, loss_lo: float, forced: bool = False) -> str | None:
    """The grade of a decision whose chosen action loses ``loss`` against the best one, the
    difference's 95 % interval starting at ``loss_lo``: None when forced, when the interval
    reaches 0 or when the loss is below :data:`INACCURACY`.

    >>> grade_for(0.30, 0.12), grade_for(0.10, 0.01), grade_for(0.05, 0.02), grade_for(0.30, -0.01), grade_for(0.02, 0.01)
    ('blunder', 'mistake', 'inaccuracy', None, None)
    >>> grade_for(0.5, 0.4, forced=True) is None
    True
    """
    if forced or loss_lo <= 0:
        return None
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None
