"""Rejection rates with Wilson score intervals (Wilson 1927), as every figure reports them."""

from __future__ import annotations

import numpy as np

# scipy.special, not scipy.stats: the same quantile functions (norm.ppf is ndtri, t.ppf is stdtrit,
# bit for bit) without the ~0.8 s import of scipy.stats in every job that reports a rate
from scipy import special


def wilson_interval(successes, trials, confidence: float = 0.95):
    """Wilson score interval for a binomial proportion; vectorised.

    Returns ``(rate, low, high)``. Unlike the normal (Wald) interval it stays inside [0, 1]
    and behaves at rates near 0, which is where a well-behaved Type I error lives.
    """
    s = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(n <= 0) or np.any(s < 0) or np.any(s > n):
        raise ValueError("Wilson interval needs 0 <= successes <= trials and trials > 0")
    z = special.ndtri(0.5 + confidence / 2.0)
    rate = s / n
    denom = 1.0 + z * z / n
    centre = (rate + z * z / (2.0 * n)) / denom
    half = z * np.sqrt(rate * (1.0 - rate) / n + z * z / (4.0 * n * n)) / denom
    # the interval contains the rate in exact arithmetic; at 0 or n successes the float bound can
    # miss it by one ulp (e.g. high = 1 - 1.1e-16 at rate 1), which a plotted error bar rejects
    low = np.minimum(np.clip(centre - half, 0.0, 1.0), rate)
    high = np.maximum(np.clip(centre + half, 0.0, 1.0), rate)
    return rate, low, high


def pooled_interval(curve) -> tuple[float, float, float]:
    """``(rate, low, high)`` of a rate curve pooled over its points: the Wilson interval of the
    summed ``rejections`` over the summed ``trials`` (a frame or mapping with those columns)."""
    rate, lo, hi = wilson_interval(np.sum(curve["rejections"]), np.sum(curve["trials"]))
    return float(rate), float(lo), float(hi)


def t_interval(x, confidence: float = 0.95) -> tuple[float, float, float, float]:
    """``(mean, sd, low, high)`` of the Student t interval for the mean of the values ``x``;
    ``sd``, ``low`` and ``high`` are NaN with fewer than two values."""
    x = np.asarray(x, dtype=float)
    if len(x) < 2:
        return x.mean() if len(x) else np.nan, np.nan, np.nan, np.nan
    sd = x.std(ddof=1)
    half = special.stdtrit(len(x) - 1, 0.5 + confidence / 2.0) * sd / np.sqrt(len(x))
    return x.mean(), sd, x.mean() - half, x.mean() + half
