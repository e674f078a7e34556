"""Statistics of games played: intervals for a share of losses and for paired differences.

The arena's tables, the search bot's estimates, the coach's hints and the game review all
give a share of games lost, or the difference of two, with its 95 % interval; this is the
one place that computes them. It needs only the standard library: :func:`paired_differences`
reads numpy arrays through their own methods, so the numpy-free parts of the package (the
tracker, the arena's tables) import it too.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt
from typing import Any

__all__ = ["T95", "Z95", "paired_differences", "t95", "wilson"]

Z95 = 1.959963984540054
"""The standard normal's 97.5 % quantile: the half-width of a 95 % interval in standard errors."""

T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t quantiles (97.5 %) for 1 to 30 degrees of freedom: a few sampled deals give a
wider interval of a difference than the normal's 1.96."""


def t95(df: int) -> float:
    """The 95 % interval's multiplier for ``df`` degrees of freedom: :data:`T95`, and beyond
    30 (or below 1) the normal's :data:`Z95`.

    >>> t95(1), t95(30), t95(31) == Z95
    (12.706, 2.042, True)
    """
    return T95[df - 1] if 1 <= df <= len(T95) else Z95


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


def paired_differences(lost: Any, quantile: Callable[[int], float] | None = None) -> tuple[Any, Any, Any, int]:
    """``lost[d, a, i]`` (a numpy array of booleans): rollout ``i`` of action ``a`` on deal
    ``d`` was lost. Returns each action's difference from the best one (lowest mean), its
    95 % interval (paired by deal: the spread of the per-deal differences; on one deal, of
    the rollouts' pairs), and the best action's place. ``quantile(df)`` is the interval's
    multiplier for ``df`` degrees of freedom (:func:`t95` for few deals, as the review
    uses); by default the normal's :data:`Z95`.

    >>> import numpy as np
    >>> lost = np.array([[[1, 1], [0, 0]], [[1, 0], [0, 1]]], dtype=bool)   # 2 deals, 2 actions, 2 rollouts
    >>> diff, lo, hi, best = paired_differences(lost, t95)
    >>> best, diff.tolist(), bool(lo[0] < 0.5 < hi[0])
    (1, [0.5, 0.0], True)
    """
    samples, k, per = lost.shape
    p = lost.mean(axis=(0, 2))
    best = int(p.argmin())
    d = lost.astype(float) - lost[:, best:best + 1, :]
    diff = d.mean(axis=(0, 2))
    if samples >= 2:
        se = d.mean(axis=2).std(axis=0, ddof=1) / sqrt(samples) * (quantile(samples - 1) if quantile else Z95)
    elif per >= 2:
        se = d[0].std(axis=1, ddof=1) / sqrt(per) * (quantile(per - 1) if quantile else Z95)
    else:  # one rollout of one deal: no spread to measure
        se = abs(diff) * (1.0 if quantile else Z95)
    return diff, diff - se, diff + se, best
