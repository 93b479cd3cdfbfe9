"""Significance tests on per-fold performance, vectorised over leading (trial) axes.

Inputs are arrays of shape ``(..., k)``: one performance value (e.g. test-set error rate) per
fold for algorithms A and B. Every test returns a :class:`TestResult` of arrays of shape
``(...)``. Tests are two-sided at level ``alpha``.

Neville et al. 2009, Sec. 3.2 and Wang et al. 2011, Sec. 2 use the paired and the unpaired
(pooled-variance, 2k - 2 degrees of freedom) Student t-test.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats


@dataclass(frozen=True)
class TestResult:
    statistic: np.ndarray
    pvalue: np.ndarray
    reject: np.ndarray


def _check(a: np.ndarray, b: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"A and B need the same shape of fold results, got {a.shape} and {b.shape}")
    if a.shape[-1] < 2:
        raise ValueError(f"a t-test needs at least 2 folds, got {a.shape[-1]}")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must lie strictly between 0 and 1, got {alpha}")
    return a, b


def _t_from(mean: np.ndarray, se: np.ndarray, dof: int, alpha: float) -> TestResult:
    # se == 0 happens when every fold gives the same difference: t is 0 if that difference is 0
    # (nothing to detect) and infinite otherwise (a constant non-zero difference).
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(se > 0, mean / np.where(se > 0, se, 1.0),
                     np.where(mean == 0, 0.0, np.copysign(np.inf, mean)))
    p = 2.0 * stats.t.sf(np.abs(t), dof)
    return TestResult(t, p, p < alpha)


def paired_t(a, b, alpha: float = 0.05) -> TestResult:
    """Paired t-test on the fold differences ``a - b`` (``k - 1`` degrees of freedom)."""
    a, b = _check(a, b, alpha)
    k = a.shape[-1]
    d = a - b
    se = d.std(axis=-1, ddof=1) / np.sqrt(k)
    return _t_from(d.mean(axis=-1), se, k - 1, alpha)


def unpaired_t(a, b, alpha: float = 0.05) -> TestResult:
    """Unpaired two-sample t-test with pooled variance (``2k - 2`` degrees of freedom).

    Wang et al. 2011, Theorem 4: t = (mean A - mean B) / sqrt(pooled var * 2 / k).
    """
    a, b = _check(a, b, alpha)
    k = a.shape[-1]
    pooled = 0.5 * (a.var(axis=-1, ddof=1) + b.var(axis=-1, ddof=1))
    se = np.sqrt(pooled * 2.0 / k)
    return _t_from(a.mean(axis=-1) - b.mean(axis=-1), se, 2 * k - 2, alpha)


TESTS = {"paired_t": paired_t, "unpaired_t": unpaired_t}
