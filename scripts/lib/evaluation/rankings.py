"""Classifier rankings and where they flip (Raeder, Forman & Chawla 2012, Sec. 3.2 "Summary":
"the three classifiers were ranked differently by the different evaluation measures", and the
cross-validation scheme changes the winner for Precision @ 20).

A ranking orders classifiers by a metric's mean over datasets (higher is better except for loss
metrics such as the Brier score). Two rankings *flip* when they order the classifiers
differently. Pure functions on pandas frames; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

import pandas as pd

LOWER_IS_BETTER = frozenset({"brier"})


def order(values: Mapping[str, float], metric: str) -> list[str]:
    """Classifiers from best to worst on ``metric``.

    Higher is better except for the metrics in :data:`LOWER_IS_BETTER` (loss metrics such as the
    Brier score). Exact ties are broken by name so the order is reproducible.

    Parameters
    ----------
    values : mapping of str to float
        Classifier name to its value of the metric.
    metric : str
        Metric name; decides the direction (:data:`LOWER_IS_BETTER`).

    Returns
    -------
    ranked : list of str
        Classifier names, best first.

    Notes
    -----
    Raeder, Forman & Chawla 2012, "Summary" of the experiments: "the three classifiers were ranked
    differently by the different evaluation measures"; the Brier score is a loss, lower is better
    (discussion of Fig. 2(e)).
    """
    sign = 1.0 if metric in LOWER_IS_BETTER else -1.0
    return sorted(values, key=lambda c: (sign * float(values[c]), c))


def order_text(ranked: Iterable[str]) -> str:
    """Text of a ranking: the names joined by ``" > "``.

    Parameters
    ----------
    ranked : iterable of str
        Classifier names, best first (:func:`order`).

    Returns
    -------
    text : str
        For example ``"J48 > NB > SMO"``.
    """
    return " > ".join(ranked)


def ranking_table(means: pd.DataFrame, metrics: Iterable[str]) -> pd.DataFrame:
    """One row per (metric, scheme, level): the classifier order, best, worst and first-second gap.

    Parameters
    ----------
    means : pandas.DataFrame
        Columns ``scheme, classifier, level`` and one column per metric (``level`` is a removal
        percentage or the string ``"all"`` for the mean over levels).
    metrics : iterable of str
        Metric columns to rank by.

    Returns
    -------
    table : pandas.DataFrame
        Columns ``metric``, ``scheme``, ``level``, ``ranking`` (:func:`order_text`), ``best``,
        ``worst`` and ``gap_first_second`` (absolute difference between the first and second
        classifier's values; NaN with a single classifier). (scheme, level) groups appear in
        the order of ``means``.

    Notes
    -----
    Raeder, Forman & Chawla 2012, "Summary" of the experiments and Fig. 2.
    """
    rows = []
    for metric in metrics:
        for (scheme, level), part in means.groupby(["scheme", "level"], sort=False):
            values = dict(zip(part["classifier"], part[metric]))
            ranked = order(values, metric)
            gap = abs(values[ranked[0]] - values[ranked[1]]) if len(ranked) > 1 else float("nan")
            rows.append(
                {
                    "metric": metric,
                    "scheme": scheme,
                    "level": level,
                    "ranking": order_text(ranked),
                    "best": ranked[0],
                    "worst": ranked[-1],
                    "gap_first_second": gap,
                }
            )
    return pd.DataFrame(rows)


def flips(table: pd.DataFrame, level="all") -> pd.DataFrame:
    """Every pair of rankings at ``level`` that order the classifiers differently.

    Pairs are classified by what differs between them: the metric (same CV scheme) or the CV
    scheme (same metric).

    Parameters
    ----------
    table : pandas.DataFrame
        Output of :func:`ranking_table`; every (metric, scheme) pair must be present at ``level``.
    level : str or float, default="all"
        Level to compare at.

    Returns
    -------
    flips : pandas.DataFrame
        Columns ``changed`` (``"metric"`` or ``"cv scheme"``), ``scheme``, ``metric``, ``first``
        and ``second`` (the two rankings). For a metric flip ``scheme`` is the common scheme and
        ``metric`` reads ``"a vs b"``; for a scheme flip ``scheme`` reads ``"s vs t"``.

    Notes
    -----
    Raeder, Forman & Chawla 2012, "Summary" of the experiments: the measures rank the classifiers
    differently, and the cross-validation scheme changes the winner for Precision @ 20.
    """
    at = table[table["level"] == level].set_index(["metric", "scheme"])["ranking"]
    metrics = list(dict.fromkeys(m for m, _ in at.index))
    schemes = list(dict.fromkeys(s for _, s in at.index))
    rows = []
    for scheme in schemes:
        for a, b in combinations(metrics, 2):
            if at[(a, scheme)] != at[(b, scheme)]:
                rows.append(
                    {
                        "changed": "metric",
                        "scheme": scheme,
                        "metric": f"{a} vs {b}",
                        "first": at[(a, scheme)],
                        "second": at[(b, scheme)],
                    }
                )
    for metric in metrics:
        for s, t in combinations(schemes, 2):
            if at[(metric, s)] != at[(metric, t)]:
                rows.append(
                    {
                        "changed": "cv scheme",
                        "scheme": f"{s} vs {t}",
                        "metric": metric,
                        "first": at[(metric, s)],
                        "second": at[(metric, t)],
                    }
                )
    return pd.DataFrame(rows, columns=["changed", "scheme", "metric", "first", "second"])


def level_flips(table: pd.DataFrame, first_level, last_level) -> pd.DataFrame:
    """(metric, scheme) whose winner at ``last_level`` differs from the winner at ``first_level``.

    Such a flip means the class imbalance changes the conclusion.

    Parameters
    ----------
    table : pandas.DataFrame
        Output of :func:`ranking_table`.
    first_level, last_level : str or float
        The two levels (removal percentages) to compare.

    Returns
    -------
    flips : pandas.DataFrame
        Columns ``metric``, ``scheme``, ``best_first`` and ``best_last``, one row per
        (metric, scheme) present at both levels whose best classifier differs.

    Notes
    -----
    Raeder, Forman & Chawla 2012, Fig. 2 (metrics at increasing levels of class imbalance).
    """
    a = table[table["level"] == first_level].set_index(["metric", "scheme"])["best"]
    b = table[table["level"] == last_level].set_index(["metric", "scheme"])["best"]
    both = pd.DataFrame({"best_first": a, "best_last": b}).dropna()
    return both[both["best_first"] != both["best_last"]].reset_index()
