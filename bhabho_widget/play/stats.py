"""Statistics of games played: intervals for a share of losses.

The arena's tables, the search bot's estimates and the coach's hints all give a share of
games lost with its 95 % interval; this is the one place that computes it.
"""

from __future__ import annotations

from math import sqrt

__all__ = ["wilson"]


def wilson(losses: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for ``losses`` out of ``n`` trials.

    >>> lo, hi = wilson(25, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.175, 0.343)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = losses / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
