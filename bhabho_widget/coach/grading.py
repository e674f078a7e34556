"""How the coach compares two actions, one rule everywhere: the hint's words, the review's rows
and grades, the line under the table, Show me.

An action is compared with the recommended one (:mod:`.judgement`) by the difference of their
chances of ending as the bhabhi (``diff``: the action's less the recommended one's), with the
95 % interval ``lo``..``hi`` of that difference, paired over the sampled deals
(:func:`verdict`):

- **worse** (clearly): the interval lies above 0 and the difference is at least
  :data:`MARGIN` (3 points); the review grades it by the size of the loss (:func:`grade_for`);
- **better** (clearly): the same the other way round (a take is recommended only so);
- **about as good** (``"even"``): anything else, within the margin: the simulations cannot
  tell the two apart, or the difference is too small to matter.

A decision is graded only when the chosen action is clearly worse, by the loss:

====================  =========================================
grade                 loss (chosen less recommended)
====================  =========================================
``"inaccuracy"``      at least :data:`INACCURACY` (3 points)
``"mistake"``         at least :data:`MISTAKE` (8 points)
``"blunder"``         at least :data:`BLUNDER` (20 points)
====================  =========================================
"""

from __future__ import annotations

__all__ = ["BLUNDER", "GRADES", "INACCURACY", "MARGIN", "MISTAKE", "grade_for", "uncertain", "verdict"]

INACCURACY = 0.03
"""The smallest loss (in chance of ending as the bhabhi) graded an inaccuracy."""
MISTAKE = 0.08
"""The smallest loss graded a mistake."""
BLUNDER = 0.20
"""The smallest loss graded a blunder."""
GRADES = ("inaccuracy", "mistake", "blunder")
"""The grades, from the mildest."""
MARGIN = INACCURACY
"""The smallest difference that makes one action better than another: below it (or where the
interval of the difference holds 0) two actions are about as good."""


def verdict(diff: float, lo: float, hi: float) -> str:
    """How an action compares with another whose chance is ``diff`` lower (95 % interval
    ``lo``..``hi`` of the paired difference): ``"worse"``, ``"better"`` or ``"even"``.

    >>> verdict(0.10, 0.02, 0.18), verdict(0.10, -0.01, 0.21), verdict(0.02, 0.01, 0.03), verdict(-0.05, -0.09, -0.01)
    ('worse', 'even', 'even', 'better')
    """
    if lo > 0 and diff >= MARGIN:
        return "worse"
    if hi < 0 and diff <= -MARGIN:
        return "better"
    return "even"


def uncertain(diff: float, lo: float, hi: float) -> bool:
    """Whether the simulations cannot yet say how an action compares (:func:`verdict` and its
    grade hang on their noise): a difference of the margin or more whose interval reaches across
    0 (either way), or one clearly worse whose interval reaches across a grade's threshold.

    >>> uncertain(0.06, -0.01, 0.13), uncertain(0.06, 0.01, 0.11), uncertain(0.06, 0.05, 0.07), uncertain(0.01, -0.02, 0.04)
    (True, True, False, False)
    """
    if abs(diff) >= MARGIN and lo <= 0 <= hi:
        return True
    return lo > 0 and any(lo < t < hi for t in (MISTAKE, BLUNDER))


def grade_for(loss: float, loss_lo: float, forced: bool = False) -> str | None:
    """The grade of a decision whose chosen action loses ``loss`` against the recommended one,
    the difference's 95 % interval starting at ``loss_lo``: None when forced, when the interval
    reaches 0 or when the loss is below :data:`INACCURACY` (the chosen action is then about as
    good, :func:`verdict`).

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
