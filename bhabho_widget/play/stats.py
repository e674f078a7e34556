"""Statistics of games played: intervals for a share of losses and for paired differences.

The arena's tables, the search bot's estimates, the coach's hints and the game review all
give a share of games lost, or the difference of two, with its 95 % interval; this is the
one place that computes them. It needs only the standard library: :func:`paired_differences`
reads numpy arrays through their own methods, so the numpy-free parts of the package (the
tracker, the arena's tables) import it too.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Callable
from math import sqrt
from typing import Any

__all__ = ["Z95", "paired_differences", "t95", "t_quantile", "wilson"]

Z95 = 1.959963984540054
"""The standard normal's 97.5 % quantile: the half-width of a 95 % interval in standard errors."""


def _t_within(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` (a whole number) degrees of freedom: the finite
    series of Abramowitz and Stegun 26.7.3 and 26.7.4 in theta = atan(t / sqrt(df)), exact for
    whole degrees of freedom."""
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2 == 0:  # sin(theta) (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ... up to cos^(df-2))
        term = total = 1.0
        for k in range(1, df // 2):
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        return s * total
    if df == 1:
        return 2 * theta / math.pi
    c = math.cos(theta)  # 2/pi (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ... up to cos^(df-3)))
    term = total = 1.0
    for k in range(1, (df - 1) // 2):
        term *= c2 * (2 * k) / (2 * k + 1)
        total += term
    return 2 / math.pi * (theta + s * c * total)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: the ``t`` with P(T < t) = ``p`` (one half to one) for ``df``
    degrees of freedom (a positive whole number), to the float's precision: Newton's method on
    the exact distribution function, from the normal's quantile (which lies below it; the
    function is concave there, so every step stays below the answer and none overshoots).

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4), round(t_quantile(0.975, 47), 4)
    (12.7062, 2.2281, 2.0117)
    >>> round(t_quantile(0.995, 5), 4), round(t_quantile(0.5, 9), 4)
    (4.0321, 0.0)
    """
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise ValueError(f"the degrees of freedom are a positive whole number, not {df!r}")
    if not 0.5 <= p < 1:
        raise ValueError(f"p is a probability from 0.5 up to (not including) 1, not {p!r}")
    return _t_quantile(float(p), df)


@functools.cache
def _t_quantile(p: float, df: int) -> float:
    within = 2 * p - 1  # P(|T| < t)
    log_density0 = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    t = statistics.NormalDist().inv_cdf(p)
    for _ in range(200):
        density = math.exp(log_density0 - (df + 1) / 2 * math.log1p(t * t / df))
        step = (within - _t_within(t, df)) / (2 * density)
        if step <= 1e-15 * max(t, 1.0):
            break
        t += step
    return t


def t95(df: int) -> float:
    """The 95 % interval's multiplier for ``df`` degrees of freedom: Student's t 97.5 %
    quantile (:func:`t_quantile`); a few sampled deals give a wider interval of a difference
    than the normal's 1.96, and 47 give 2.0117, not 1.96. Below 1 degree of freedom there is
    no spread to measure, and the normal's :data:`Z95` stands in.

    >>> round(t95(1), 3), round(t95(30), 3), round(t95(47), 4), round(t95(10_000), 3), t95(0) == Z95
    (12.706, 2.042, 2.0117, 1.96, True)
    """
    return t_quantile(0.975, df) if df >= 1 else Z95


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
