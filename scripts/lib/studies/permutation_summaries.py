"""The permutation study's summaries (Ojala & Garriga 2009, Tables II-III and Figure 3): from the
jobs' error tables (:mod:`lib.studies.permutation`: ``kind`` original or randomized, per data set or
rho, classifier and test) to the numbers the tables and the figure show -- each test's p-value
(:func:`lib.evaluation.permutation_tests.pvalue`), its range over fold draws (:func:`p_spread`),
the null errors' mean, spread and quantiles, and Figure 3's rejection rules (reading
``permutation.fig3_rejection``). Pure pandas: no classifier runs here.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import seeding
from ..evaluation import permutation_tests as pm


def p_spread(
    p_values, repetitions: int, rng: np.random.Generator, draws: int = 2000, quantiles=(0.05, 0.95)
) -> tuple[float, float]:
    """The 5-95 % range of the mean of ``repetitions`` per-CV p-values over fold draws: ``draws``
    random sets of ``repetitions`` CVs (without replacement) from a pool of per-CV p-values."""
    p_values = np.asarray(p_values, dtype=float)
    if len(p_values) <= repetitions:
        return np.nan, np.nan
    picks = np.argsort(rng.random((draws, len(p_values))), axis=1)[:, :repetitions]
    means = p_values[picks].mean(axis=1)
    low, high = np.quantile(means, quantiles)
    return float(low), float(high)


def uci_summary(
    raw: pd.DataFrame, *, repetitions: int | None = None, spread_entropy=None, alpha: float | None = None
) -> pd.DataFrame:
    """Tables II-III's summary of every (data set, classifier) in ``raw`` (:func:`uci_table_summary`:
    the first ``repetitions`` original CVs, each p-value's 5-95 % range over fold draws from the
    further ones, seeded by ``spread_entropy``). With ``alpha`` (a user's data, the ``yours``
    target), also per test the 1 % and 99 % quantiles of the null errors (its figure's bands),
    whether the test rejects at ``alpha``, whether that depends on the folds (the range straddles
    ``alpha``) and the smallest attainable p-value ``1 / (k + 1)``.

    Returns
    -------
    DataFrame with the columns of ``uci_table_summary``; with ``alpha`` also ``t<k>_q01``,
    ``t<k>_q99``, ``t<k>_significant``, ``t<k>_unstable``, ``p_floor``.
    """
    table = uci_table_summary(raw, repetitions=repetitions, spread_entropy=spread_entropy)
    if alpha is None:
        return table
    for t in (1, 2):
        null = raw[(raw.kind == "randomized") & (raw.test == t)].groupby(["dataset", "classifier"], sort=False)["error"]
        q = null.quantile([0.01, 0.99]).unstack()
        key = pd.MultiIndex.from_frame(table[["dataset", "classifier"]])
        table[f"t{t}_q01"] = q[0.01].reindex(key).to_numpy()
        table[f"t{t}_q99"] = q[0.99].reindex(key).to_numpy()
        table[f"t{t}_significant"] = table[f"t{t}_p"] <= alpha
        table[f"t{t}_unstable"] = (table[f"t{t}_p_low"] <= alpha) & (table[f"t{t}_p_high"] > alpha)
    table["p_floor"] = 1.0 / (table["randomizations"] + 1.0)
    return table


def uci_table_summary(raw: pd.DataFrame, repetitions: int | None = None, spread_entropy=None) -> pd.DataFrame:
    """Tables II-III (Sec. V): one row per (data set, classifier) of the UCI jobs' errors.

    The original error is the mean over the repetitions of the original CV ("we perform the
    cross-validation ten times for the original datasets"); each test's null sample gives the
    mean and standard deviation of the randomized errors, and the p-value is the mean of the
    empirical p-values (Definition 1) of the repetitions ("calculate an empirical p-value for
    each of the ten results").

    Parameters
    ----------
    raw : DataFrame
        The rows of :func:`uci_original` and :func:`uci_randomized` (any number of chunks).
    repetitions : int, optional
        The paper's number of original CVs: the table uses the first ``repetitions`` (default: all).
        Further original CVs (``uci_original_folds(pool=...)``) give each p-value its spread over fold draws:
        ``t<k>_p_low``, ``t<k>_p_high``, the 5-95 % range of the mean of ``repetitions`` per-CV
        p-values (:func:`p_spread`; NaN without further CVs). A p-value near alpha whose range
        straddles alpha is decided by the folds, not by the data.
    spread_entropy : sequence of int, optional
        Seeds the fold draws of the spread: ``[*spread_entropy, hash(data set, classifier, test)]``.

    Returns
    -------
    DataFrame with columns dataset, classifier, orig, repetitions, t1_mean, t1_std, t1_p, t1_p_low,
    t1_p_high, randomizations (of Test 2), t2_mean, t2_std, t2_p, t2_p_low, t2_p_high, in order of first
    appearance.
    """
    rows = []
    for (ds, clf), part in raw.groupby(["dataset", "classifier"], sort=False):
        pool = part[part.kind == "original"].sort_values("index")["error"].to_numpy()  # shared by both tests
        reps = len(pool) if repetitions is None else min(int(repetitions), len(pool))
        orig = pool[:reps]
        row = {"dataset": ds, "classifier": clf, "orig": orig.mean(), "repetitions": reps}
        for t in (1, 2):
            null = part[(part.kind == "randomized") & (part.test == t)]["error"].to_numpy()
            rng = seeding.generator([*seeding.entropy_list(spread_entropy or [0]), seeding.stable_hash([ds, clf, t])])
            low, high = p_spread(pm.pvalue(pool, null), reps, rng)
            row.update(
                {
                    f"t{t}_mean": null.mean(),
                    f"t{t}_std": null.std(ddof=1) if len(null) > 1 else np.nan,
                    f"t{t}_p": pm.pvalue(orig, null).mean(),
                    f"t{t}_p_low": low,
                    f"t{t}_p_high": high,
                    "randomizations": len(null),
                }
            )
        rows.append(row)
    return pd.DataFrame(rows)


FIG3_REJECTION = ("mean_p", "caption_band")
"""The alternatives of the reading ``permutation.fig3_rejection`` (``lib.core.readings``)."""


def fig3_summary(raw: pd.DataFrame, rejection: str = "mean_p") -> pd.DataFrame:
    """Figure 3 (Sec. IV): one row per (classifier, rho) of the Figure 3 jobs' errors.

    The line is the mean original error over the CV repetitions; each test's bar is the mean of
    the randomized errors with their 1% and 99% quantiles; ``t<k>_p`` is the mean of the
    repetitions' empirical p-values (Definition 1), the rule of Sec. V. ``t<k>_rejected`` is the
    mean original error below the 1% quantile (kept as before; no claim reads it).

    Parameters
    ----------
    raw : DataFrame
        The rows of :func:`fig3_original` and :func:`fig3_randomized` (any number of chunks).
    rejection : {"mean_p", "caption_band"}
        The reading ``permutation.fig3_rejection``. ``"caption_band"`` adds the caption's own rule
        (Fig. 3: "if the continuous line falls outside the bars the null hypothesis associated to
        the test is rejected", the bars being the randomised errors' [1 %, 99 %] range, on "the
        stratified 10 fold cross validation error" of Sec. IV, one CV): ``orig_first``, the first
        original CV's error, and per test ``t<k>_p_first`` (its empirical p-value) and
        ``t<k>_band_rejected`` (``orig_first`` below the 1 % or above the 99 % quantile).
        ``"mean_p"`` adds nothing (the table as before the reading existed).

    Returns
    -------
    DataFrame with columns classifier, rho, orig_mean, repetitions, then per test t1/t2 mean,
    q01, q99, p, rejected (and randomizations), sorted by classifier and rho; under
    ``caption_band`` then orig_first and per test p_first, band_rejected.
    """
    if rejection not in FIG3_REJECTION:
        raise ValueError(f"rejection must be one of {FIG3_REJECTION}, got {rejection!r}")
    rows = []
    for (clf, rho), part in raw.groupby(["classifier", "rho"], sort=True):
        orig = part[part.kind == "original"].sort_values("index")["error"].to_numpy()  # one per classifier
        row = {"classifier": clf, "rho": rho, "orig_mean": orig.mean(), "repetitions": len(orig)}
        band = {"orig_first": orig[0]}
        for t in (1, 2):
            null = part[(part.kind == "randomized") & (part.test == t)]["error"].to_numpy()
            q01, q99 = np.quantile(null, 0.01), np.quantile(null, 0.99)
            row.update(
                {
                    f"t{t}_mean": null.mean(),
                    f"t{t}_q01": q01,
                    f"t{t}_q99": q99,
                    f"t{t}_p": pm.pvalue(orig, null).mean(),
                    f"t{t}_rejected": bool(orig.mean() < q01),
                    "randomizations": len(null),
                }
            )
            band[f"t{t}_p_first"] = float(pm.pvalue(orig[:1], null)[0])
            band[f"t{t}_band_rejected"] = bool(orig[0] < q01 or orig[0] > q99)
        rows.append({**row, **band} if rejection == "caption_band" else row)
    return pd.DataFrame(rows)
