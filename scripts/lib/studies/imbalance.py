"""The imbalance study: Raeder, Forman & Chawla (2012), "Learning from Imbalanced Data:
Evaluation Matters" (Chapter 12 of *Data Mining: Foundations and Intelligent Paradigms*, Vol. 1,
Springer 2012; "the chapter" below).

* Sec. 3.1-3.2: removal of a fraction of the minority class (x axis of Figure 2), nested across
  fractions (:func:`remove_minority_nested`), then stratified 10-fold and 5x2 CV with the same
  splits for every classifier and the seven metrics of :mod:`lib.evaluation.metrics` per test
  fold (:func:`cross_validate_dataset`, one job per dataset).
* Sec. 4: the paper's numbers (``SECTION4_*``); the statistics are in
  :mod:`lib.evaluation.auc_statistics`.

Labels are 0/1 with the minority class positive (1). Functions that draw take an explicit
``rng: numpy.random.Generator``.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..models import c45, weka_like
from ..core import runlog
from ..evaluation import metrics, sampling

#: Mean AUC of the fixed classifier in Sec. 4, "Test Variance".
SECTION4_AUC = 0.95
#: (positives, negatives) of the four test sets in Sec. 4, "Test Variance", in text order.
SECTION4_TEST_SETS = ((100, 5000), (100, 500), (10, 500), (10, 5000))
#: Standard deviations of AUC the chapter reports (Sec. 4), rounded as printed.
SECTION4_PAPER_SD = {(100, 5000): 0.010, (100, 500): 0.011, (10, 500): 0.032}
#: SD ratios to the 100:5000 SD as printed: "+9%", "+320%", "+314% of that of 100:5000".
#: The printed 0.032/0.010 = 3.2 shows that "+320%" and "+314%" are ratios (320 % *of* the
#: reference SD), while "+9%" is an increase (ratio 1.09); all three are stored as ratios.
SECTION4_PAPER_RATIO = {(100, 500): 1.09, (10, 500): 3.20, (10, 5000): 3.14}
#: Sec. 4, "Null Hypothesis": 50 positives, 1000 negatives, p = 0.01, critical AUC 0.654.
SECTION4_NULL = {"n_pos": 50, "n_neg": 1000, "alpha": 0.01, "paper_critical_auc": 0.654}


# ---------------------------------------------------------------------------------------------
# minority removal (Sec. 3.1 / 3.2, Figure 2 x-axis)
# ---------------------------------------------------------------------------------------------
def minority_removal_count(n_minority, fraction):
    """Number of minority examples removed: ``round(fraction * n_minority)``, halves up.

    Rounding is half-up (``floor(x + 1/2)``), not Python's half-to-even, after rounding the
    product to 9 decimals so that e.g. ``0.15 * 30`` (4.499999... in binary) counts as 4.5 -> 5.
    The count is non-decreasing in ``fraction``, which makes removal nested.

    Parameters
    ----------
    n_minority : int
    fraction : float in [0, 1]

    Returns
    -------
    int
    """
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction must lie in [0, 1]")
    return int(math.floor(round(fraction * n_minority, 9) + 0.5))


def minority_removal_order(y, rng, minority_label=1):
    """Random order in which minority rows are removed (a permutation of their indices).

    Parameters
    ----------
    y : array_like, shape (n,)
        Class labels.
    rng : numpy.random.Generator
    minority_label : default 1

    Returns
    -------
    ndarray of int
        Row indices of the minority class in removal order.
    """
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError("y must be one-dimensional")
    return rng.permutation(np.flatnonzero(y == minority_label))


def remove_minority(y, fraction, rng, minority_label=1):
    """Rows kept after removing a fraction of the minority class uniformly at random.

    Chapter Sec. 3.1-3.2: minority examples are removed "by multiples of 5%" up to 50%,
    "prior to splitting for cross-validation". ``minority_removal_count(n_minority, fraction)``
    minority rows are removed: the first ones of one uniformly random permutation of the
    minority rows (``minority_removal_order``). The permutation is drawn whatever the fraction
    (also for 0), so generators in the same state give *nested* results: the rows kept when
    removing 15 % are a subset of those kept when removing 10 %. Use one fresh generator from
    the same seed per fraction, or ``remove_minority_nested``.

    Parameters
    ----------
    y : array_like, shape (n,)
        Class labels.
    fraction : float in [0, 1]
        Fraction of the minority class to remove.
    rng : numpy.random.Generator
    minority_label : default 1

    Returns
    -------
    ndarray of int
        Sorted indices of kept rows (all majority rows and the surviving minority rows).
    """
    y = np.asarray(y)
    order = minority_removal_order(y, rng, minority_label)
    n_remove = minority_removal_count(order.size, fraction)
    keep = np.ones(y.shape[0], dtype=bool)
    keep[order[:n_remove]] = False
    return np.flatnonzero(keep)


def remove_minority_nested(y, fractions, rng, minority_label=1):
    """``remove_minority`` for several fractions from one random order (nested by design).

    Parameters
    ----------
    y : array_like, shape (n,)
    fractions : sequence of float in [0, 1]
    rng : numpy.random.Generator
        One permutation is drawn; the result for each fraction equals ``remove_minority`` with
        a generator in the same starting state.
    minority_label : default 1

    Returns
    -------
    list of ndarray
        Sorted kept-row indices, one array per fraction, in the order given.
    """
    y = np.asarray(y)
    order = minority_removal_order(y, rng, minority_label)
    out = []
    for f in fractions:
        keep = np.ones(y.shape[0], dtype=bool)
        keep[order[: minority_removal_count(order.size, f)]] = False
        out.append(np.flatnonzero(keep))
    return out


# ---------------------------------------------------------------------------------------------
# one dataset job (Sec. 3, Figure 2)
# ---------------------------------------------------------------------------------------------
#: The chapter's classifiers (Sec. 3): Weka NaiveBayes, J48 with Laplace leaves (-A; pruned C4.5
#: -C 0.25 -M 2, Weka's J48 re-implemented in lib.models.c45) and SMO with Platt-scaled outputs
#: (-M), as factories of an unfitted model for an AttributeSpec.
CLASSIFIERS = {
    "NB": lambda spec: weka_like.NaiveBayesWeka(spec, 2),
    "J48": lambda spec: c45.J48(spec, laplace=True, n_classes=2),
    "SMO": lambda spec: weka_like.SMOLike(spec, platt=True),
}


def cross_validate_dataset(name, X, y, spec, rng, *, removed_percent, classifiers, tenfold_folds,
                           precision_k, tenfold_evaluated, fivebytwo_repeats, log=None) -> pd.DataFrame:
    """The chapter's Sec. 3 experiment on one dataset: per test fold, the seven Figure 2 metrics.

    Parameters
    ----------
    name : str
        Dataset name (a column of the result).
    X, y : arrays
        Data (``lib.data.attributes`` convention) and 0/1 labels, minority positive.
    spec : AttributeSpec
    rng : numpy.random.Generator
        Draws the nested minority removal, then per removal level the 10-fold and the 5x2
        partitions, in that order.
    removed_percent : sequence of int
        Percent of the minority class removed (nested: a larger removal contains a smaller one).
    classifiers : collection of str
        Which of :data:`CLASSIFIERS` to run (in :data:`CLASSIFIERS` order).
    tenfold_folds : int
        Folds of the "10-fold" scheme.
    precision_k : int
        ``k`` of precision at top k.
    tenfold_evaluated, fivebytwo_repeats : int
        Only the first ``tenfold_evaluated`` 10-fold test folds and the first
        ``fivebytwo_repeats`` of the five 2-fold repetitions are scored (the quick profile
        scores fewer). The partitions are always drawn in full, so a quick run's folds are a
        subset of the paper-scale run's.
    log : logging.Logger, optional
        Progress, one line per removal level.

    Returns
    -------
    pandas.DataFrame
        One row per (removal level, scheme, repetition, fold, classifier) with class counts and
        the metrics of :func:`lib.evaluation.metrics.all_metrics`.

    Notes
    -----
    Chapter Sec. 3-3.2: "we removed [0-50 %] of the minority class", "10-fold
    cross-validation" and "5x2 cross-validation", metrics per test fold.
    """
    fractions = [p / 100 for p in removed_percent]
    kept = remove_minority_nested(y, fractions, rng)
    rows = []
    progress = runlog.Progress(log, len(removed_percent), "removal levels")
    for percent, keep in zip(removed_percent, kept):
        Xk, yk = X[keep], y[keep]
        # draw every partition in full whatever is evaluated (same stream on every profile)
        schemes = {"10-fold": sampling.stratified_fold_of(rng, yk, tenfold_folds, 1),
                   "5x2": sampling.stratified_fold_of(rng, yk, 2, 5)}
        tests = [("10-fold", 0, f) for f in range(tenfold_evaluated)]
        tests += [("5x2", r, f) for r in range(fivebytwo_repeats) for f in (0, 1)]
        for scheme, rep, fold in tests:
            test = schemes[scheme][rep] == fold
            for clf, make in CLASSIFIERS.items():
                if clf not in classifiers:
                    continue
                model = make(spec).fit(Xk[~test], yk[~test])
                score = model.predict_proba(Xk[test])[:, 1]
                scores = metrics.all_metrics(score, yk[test], k=precision_k)
                rows.append({"dataset": name, "removed_percent": percent, "n_pos": int(yk.sum()),
                             "n_neg": int((1 - yk).sum()), "scheme": scheme, "repetition": rep,
                             "fold": fold, "classifier": clf, "test_pos": int(yk[test].sum()),
                             "test_n": int(test.sum()), **scores})
        if log is not None:
            log.info("%s: %d%% removed, %d positives, %d rows so far", name, percent, yk.sum(), len(rows))
        progress.advance()
    return pd.DataFrame(rows)
