"""The imbalance study: Raeder, Forman & Chawla (2012), "Learning from Imbalanced Data:
Evaluation Matters" (Chapter 12 of *Data Mining: Foundations and Intelligent Paradigms*, Vol. 1,
Springer 2012; "the chapter" below).

* Sec. 3.1-3.2: removal of a fraction of the minority class (x axis of Figure 2), nested across
  fractions (:func:`remove_minority_nested`), then stratified 10-fold and 5x2 CV with the same
  splits for every classifier and the seven metrics of :mod:`lib.evaluation.metrics`, per test
  fold and on the test-fold scores pooled per CV run (:func:`cross_validate_dataset`, one job per
  dataset; the reading ``imbalance.metric_aggregation`` picks which of the two the views show).
* Sec. 3: the classifiers (:func:`make_classifier`): Weka's NaiveBayes, J48 ``-A`` and SMO ``-M``
  with the reading ``imbalance.platt_folds`` (:data:`PLATT_FOLDS`, Weka's ``-V``).
* Sec. 4: the paper's numbers (``SECTION4_*``) and :func:`section4`, the test variance and the
  critical AUC (one seeded job); the statistics are in :mod:`lib.evaluation.auc_statistics`.

Labels are 0/1 with the minority class positive (1). Functions that draw take an explicit
``rng: numpy.random.Generator``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..core import jobs, runlog
from ..evaluation import metrics, sampling
from ..models import naive_bayes

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

#: The alternatives of the reading ``imbalance.critical_auc`` (lib.core.readings): key, label and
#: how many random classifiers the best one is chosen from (the Sidak-corrected per-test level).
CRITICAL_AUC_READINGS = (
    ("single_test", "single test, p = 0.01", 1),
    ("best_of_100", "best of 100 random classifiers, p = 0.01 (Sidak)", 100),
    ("best_of_117", "best of 117 random classifiers (the KDD Cup's contestants), p = 0.01 (Sidak)", 117),
)


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


def remove_minority_nested(y, fractions, rng, minority_label=1):
    """Rows kept after removing each fraction of the minority class uniformly at random, nested.

    Chapter Sec. 3.1-3.2: minority examples are removed "by multiples of 5%" up to 50%, "prior to
    splitting for cross-validation". For each fraction, ``minority_removal_count(n_minority,
    fraction)`` minority rows are removed: the first ones of one uniformly random permutation of
    the minority rows (:func:`minority_removal_order`), shared by all fractions, so the rows kept
    when removing 15 % are a subset of those kept when removing 10 %. The permutation is drawn
    whatever the fractions (also for 0 only), so one fraction's rows do not depend on which other
    fractions are asked for.

    Parameters
    ----------
    y : array_like, shape (n,)
        Class labels.
    fractions : sequence of float in [0, 1]
    rng : numpy.random.Generator
        One permutation is drawn.
    minority_label : default 1

    Returns
    -------
    list of ndarray
        Sorted kept-row indices (all majority rows and the surviving minority rows), one array
        per fraction, in the order given.
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
#: The chapter's classifiers (Sec. 3): "Naive Bayes (NB), J48 (with Laplace smoothing at the
#: leaves), and SMO using the Platt's calibration (-N -M -V options in WEKA) ... WEKA v3.6", in
#: :data:`CLASSIFIERS` order (the order of the rows of a job's table).
CLASSIFIERS = ("NB", "J48", "SMO")

#: Reading ``imbalance.platt_folds``: the value of Weka SMO's ``-V`` (the chapter's "-V" option;
#: its value is lost in the text) per alternative. ``-V -1`` fits the logistic model to the SVM's
#: outputs on its own training data; ``-V k`` to the outputs of Weka's internal ``k``-fold
#: cross-validation of the training data (``BinarySMO.fitLogistic``; the SVM used for the test
#: rows is still trained on all training data). k = 3 is Platt's (1999) own procedure, k = 5
#: LIBSVM's (``-b 1``); a two-digit k such as 10 would have survived the text's extraction.
PLATT_FOLDS = {"training": -1, "cv3": 3, "cv5": 5}

#: Reading ``imbalance.metric_aggregation``: how a CV run's test folds become one number per data
#: set (see :func:`cross_validate_dataset`).
AGGREGATIONS = ("per_fold", "pooled")


def platt_description(platt_folds):
    """What SMO's logistic model is fitted to under ``platt_folds`` (caption text)."""
    folds = PLATT_FOLDS[platt_folds]
    if folds <= 0:
        return f"the SVM's outputs on its own training data (-V {folds})"
    return f"the outputs of an internal {folds}-fold CV of the training data (-V {folds})"


#: Reading ``imbalance.j48_pruning``: "J48 (with Laplace smoothing at the leaves)" (Sec. 3) says
#: nothing of pruning: Weka's default pruned tree (``-C 0.25``) or ``-U`` (C4.4-style unpruned trees
#: with Laplace leaves, common for probability estimates).
J48_PRUNING = {"pruned": True, "unpruned": False}


def j48_description(j48_pruning: str) -> str:
    """Weka's J48 options under the reading (caption text)."""
    return (
        "J48 -A (pruned C4.5 -C 0.25 -M 2 with Laplace leaf estimates)"
        if J48_PRUNING[j48_pruning]
        else "J48 -U -A (unpruned C4.5 -M 2 with Laplace leaf estimates)"
    )


def make_classifier(name, spec, *, platt_folds="training", j48_pruning="pruned"):
    """An unfitted model of the chapter's classifier ``name`` for two classes (labels 0/1).

    Parameters
    ----------
    name : {"NB", "J48", "SMO"}
    spec : AttributeSpec
    platt_folds : str, default "training"
        Reading ``imbalance.platt_folds`` (a key of :data:`PLATT_FOLDS`), used by SMO only. The
        default is Weka's own (``-V -1``); the study's is set in the config.
    j48_pruning : str, default "pruned"
        Reading ``imbalance.j48_pruning`` (a key of :data:`J48_PRUNING`), used by J48 only.

    Returns
    -------
    NB: ``naive_bayes.NaiveBayesWeka`` (Weka's NaiveBayes); J48: ``c45.J48(laplace=True)`` (Weka's
    J48 ``-A``: pruned C4.5 ``-C 0.25 -M 2``, Laplace leaf estimates); SMO: ``smo.SMO`` with
    ``build_logistic=True`` (``-M``) and ``logistic_folds = PLATT_FOLDS[platt_folds]`` (``-V``),
    otherwise Weka's defaults (``-C 1 -N 0`` normalise, linear PolyKernel, ``-W 1``).
    """
    if platt_folds not in PLATT_FOLDS:
        raise ValueError(f"platt_folds must be one of {sorted(PLATT_FOLDS)}, got {platt_folds!r}")
    if j48_pruning not in J48_PRUNING:
        raise ValueError(f"j48_pruning must be one of {sorted(J48_PRUNING)}, got {j48_pruning!r}")
    if name == "NB":
        return naive_bayes.NaiveBayesWeka(spec, 2)
    # imported when used: the compiled engines (numba) cost ~0.15 s of import in every job that
    # loads this module for its constants without fitting a model (raeder2012's artifacts, the scorecard)
    from ..models import c45, smo

    if name == "J48":
        return c45.J48(spec, laplace=True, n_classes=2, prune=J48_PRUNING[j48_pruning])
    if name == "SMO":
        return smo.SMO(spec, build_logistic=True, logistic_folds=PLATT_FOLDS[platt_folds], n_classes=2)
    raise ValueError(f"classifier must be one of {CLASSIFIERS}, got {name!r}")


def _scored_row(scores, labels, precision_k):
    """The class counts and seven metrics of one test set (a fold, or a run's pooled folds)."""
    return {
        "test_pos": int(labels.sum()),
        "test_n": int(labels.size),
        **metrics.all_metrics(scores, labels, k=precision_k),
    }


def cross_validate_dataset(
    name,
    X,
    y,
    spec,
    rng,
    *,
    removed_percent,
    classifiers,
    tenfold_folds,
    precision_k,
    tenfold_evaluated,
    fivebytwo_repeats,
    platt_folds="training",
    j48_pruning="pruned",
    log=None,
    models=None,
) -> dict:
    """The chapter's Sec. 3 experiment on one dataset: the seven Figure 2 metrics per test fold
    and per CV run (test-fold scores pooled).

    Parameters
    ----------
    name : str
        Dataset name (a column of the result).
    X, y : arrays
        Data (``lib.data.attributes`` convention) and 0/1 labels, minority positive.
    spec : AttributeSpec
    rng : numpy.random.Generator
        Draws the nested minority removal, then per removal level the 10-fold and the 5x2
        partitions, in that order. Nothing else draws from it (SMO's internal folds for
        ``-V k`` come from Weka's own ``Random(1)``, ``-W 1``, which is part of the model).
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
    platt_folds : str, default "training"
        Reading ``imbalance.platt_folds`` (SMO's ``-V``, :data:`PLATT_FOLDS`).
    j48_pruning : str, default "pruned"
        Reading ``imbalance.j48_pruning`` (:data:`J48_PRUNING`): Weka's pruned J48 or ``-U``.
    log : logging.Logger, optional
        Progress, one line per removal level.
    models : dict of str to callable, optional
        Other classifiers than the chapter's: name -> a function returning an unfitted model with
        ``fit`` and ``predict_proba`` (column 1 = P(positive)), in the order of the result's rows;
        ``classifiers``, ``platt_folds`` and ``j48_pruning`` are then unused (the ``yours`` target
        runs a user's classifiers on the same removals and splits).

    Returns
    -------
    dict of str to pandas.DataFrame
        One table per alternative of the reading ``imbalance.metric_aggregation``:

        ``"per_fold"``: one row per (removal level, scheme, repetition, test fold, classifier)
        with class counts and the metrics of :func:`lib.evaluation.metrics.all_metrics` computed
        on that test fold (the views average the rows of a data set: Weka Experimenter style).

        ``"pooled"``: one row per (removal level, scheme, repetition, classifier): the metrics
        computed once on the scores of all scored test folds of that CV run, concatenated (each
        row scored by the model not trained on it, as Weka's Explorer pools a cross-validation's
        predictions). 10-fold CV is one run (one row per level); 5x2 CV is five runs of 2-fold
        CV (five rows per level, each pooling its two folds; the views average the five).
        ``folds_pooled`` counts the test folds in the pool (on the quick profile only the
        scored ones: 1 of 10, 2 of 2).

    Notes
    -----
    Chapter Sec. 3-3.2: "we removed [0-50 %] of the minority class", "10-fold
    cross-validation" and "5x2 cross-validation"; whether a metric was computed per test fold
    and averaged or on the pooled scores is not said.
    """
    if platt_folds not in PLATT_FOLDS:
        raise ValueError(f"platt_folds must be one of {sorted(PLATT_FOLDS)}, got {platt_folds!r}")
    if models is None:
        models = {
            clf: functools.partial(make_classifier, clf, spec, platt_folds=platt_folds, j48_pruning=j48_pruning)
            for clf in CLASSIFIERS
            if clf in classifiers
        }
    fractions = [p / 100 for p in removed_percent]
    kept = remove_minority_nested(y, fractions, rng)
    per_fold, pooled = [], []
    progress = runlog.Progress(log, len(removed_percent), "removal levels")
    for percent, keep in zip(removed_percent, kept):
        Xk, yk = X[keep], y[keep]
        # draw every partition in full whatever is evaluated (same stream on every profile)
        schemes = {
            "10-fold": sampling.stratified_fold_of(rng, yk, tenfold_folds, 1, every_class_in_every_fold=True),
            "5x2": sampling.stratified_fold_of(rng, yk, 2, 5, every_class_in_every_fold=True),
        }
        runs = [("10-fold", 0, range(tenfold_evaluated))]
        runs += [("5x2", r, (0, 1)) for r in range(fivebytwo_repeats)]
        level = {"dataset": name, "removed_percent": percent, "n_pos": int(yk.sum()), "n_neg": int((1 - yk).sum())}
        for scheme, rep, folds in runs:
            run = {clf: ([], []) for clf in models}  # per classifier: test scores, labels
            for fold in folds:
                test = schemes[scheme][rep] == fold
                for clf, make in models.items():
                    model = make().fit(Xk[~test], yk[~test])
                    score = model.predict_proba(Xk[test])[:, 1]
                    per_fold.append(
                        {
                            **level,
                            "scheme": scheme,
                            "repetition": rep,
                            "fold": fold,
                            "classifier": clf,
                            **_scored_row(score, yk[test], precision_k),
                        }
                    )
                    run[clf][0].append(score)
                    run[clf][1].append(yk[test])
            for clf in models:
                pooled.append(
                    {
                        **level,
                        "scheme": scheme,
                        "repetition": rep,
                        "folds_pooled": len(folds),
                        "classifier": clf,
                        **_scored_row(np.concatenate(run[clf][0]), np.concatenate(run[clf][1]), precision_k),
                    }
                )
        if log is not None:
            log.info("%s: %d%% removed, %d positives, %d rows so far", name, percent, yk.sum(), len(per_fold))
        progress.advance()
    return dict(zip(AGGREGATIONS, (pd.DataFrame(per_fold), pd.DataFrame(pooled))))


def section4(replications: int, null_replications: int, rng: np.random.Generator) -> pd.DataFrame:
    """Sec. 4's numbers: "Test Variance" and "Null Hypothesis".

    Per test set of :data:`SECTION4_TEST_SETS`, the SD of a fixed classifier's AUC (mean
    :data:`SECTION4_AUC`, equal-variance binormal scores) in closed form (Hanley-McNeil with exact
    binormal Q1, Q2; and the exponential model) and over ``replications`` simulated test sets,
    with the ratios to the first test set beside the chapter's. Then the critical AUC of random
    classifiers on :data:`SECTION4_NULL`'s test set under every alternative of
    :data:`CRITICAL_AUC_READINGS`: exact, normal approximation and, for the single test, over
    ``null_replications`` simulated null test sets (the best of 100 would need 100 times the draws).

    Parameters
    ----------
    replications, null_replications : int
    rng : numpy.random.Generator
        Draws the test sets in :data:`SECTION4_TEST_SETS` order, then the null test sets.

    Returns
    -------
    DataFrame
        One row per (quantity, test set[, reading]): ``quantity`` ``sd_auc`` or ``critical_auc``.
    """
    from ..evaluation import auc_statistics  # imported when used (its scipy.stats)

    A = SECTION4_AUC
    rows = []
    for n1, n0 in SECTION4_TEST_SETS:
        sims = auc_statistics.simulate_auc_binormal(n1, n0, A, replications, rng)
        rows.append(
            {
                "quantity": "sd_auc",
                "test_set": f"{n1}:{n0}",
                "n_pos": n1,
                "n_neg": n0,
                "closed_form_binormal": auc_statistics.auc_sd(A, n1, n0),
                "closed_form_exponential": auc_statistics.auc_sd(A, n1, n0, model="exponential"),
                "simulated": float(np.std(sims, ddof=1)),
                "simulated_mean_auc": float(np.mean(sims)),
                "replications": replications,
                "paper": SECTION4_PAPER_SD.get((n1, n0), np.nan),
            }
        )
    sd = pd.DataFrame(rows)
    base = sd.iloc[0]
    sd["ratio_closed_form"] = sd["closed_form_binormal"] / base["closed_form_binormal"]
    sd["ratio_simulated"] = sd["simulated"] / base["simulated"]
    sd["paper_ratio"] = [np.nan] + [SECTION4_PAPER_RATIO[(r.n_pos, r.n_neg)] for r in sd.iloc[1:].itertuples()]
    null = SECTION4_NULL
    p1, p0, alpha = null["n_pos"], null["n_neg"], null["alpha"]
    nulls = []
    for _, label, m in CRITICAL_AUC_READINGS:
        sim = auc_statistics.critical_auc_simulated(p1, p0, alpha, null_replications, rng) if m == 1 else np.nan
        nulls.append(
            {
                "quantity": "critical_auc",
                "test_set": f"{p1}:{p0}",
                "n_pos": p1,
                "n_neg": p0,
                "reading": label,
                "exact": auc_statistics.critical_auc_exact(p1, p0, alpha, m),
                "normal": auc_statistics.critical_auc_normal(p1, p0, alpha, m),
                "simulated": sim,
                "replications": null_replications,
                "paper": null["paper_critical_auc"],
            }
        )
    return pd.concat([sd, pd.DataFrame(nulls)], ignore_index=True)


def dataset_counts(names, raw_dir=None) -> pd.DataFrame:
    """Table 1's counts, from the verified raw files: per data set ``names`` (registry names), its
    examples, features, minority examples (the class(es) the registry names, as the chapter's
    Table 1 does) and their percentage. ``raw_dir``: where the files are (default the workflow's,
    :data:`lib.data.datasets.RAW_DIR`)."""
    from ..data import datasets  # imported when used: only this job loads the data sets whole

    rows = []
    for name in names:
        data = datasets.load(name, raw_dir or datasets.RAW_DIR)
        n_min = int(data.y_minority.sum())
        rows.append(
            {
                "registry_name": name,
                "examples": data.X.shape[0],
                "features": data.X.shape[1],
                "minority": n_min,
                "percent": round(100 * n_min / data.X.shape[0], 1),
            }
        )
    return pd.DataFrame(rows, columns=["registry_name", "examples", "features", "minority", "percent"])


# ----------------------------------------------------------------------------- job identity
def cv_identity(config: Mapping) -> dict:
    """What determines a data set's CV job's draws: the removal levels, classifiers, precision@k and
    the 10-fold design. Not how many of the drawn folds are evaluated (the quick profile evaluates
    a subset of the same folds), and not the readings ``imbalance.platt_folds`` and
    ``imbalance.metric_aggregation``, which draw nothing: every alternative sees the same removals
    and partitions (paired comparisons)."""
    imbalance = config["imbalance"]
    return {
        **{k: imbalance[k] for k in ("removed_percent", "classifiers", "precision_k")},
        "tenfold": {"folds": imbalance["tenfold"]["folds"]},
    }


def _cv_params(config, wildcards) -> dict:
    imbalance, identity = config["imbalance"], cv_identity(config)
    return {
        "study": identity,
        "tenfold_evaluated": imbalance["tenfold"]["evaluated"],
        "fivebytwo_repeats": imbalance["fivebytwo"]["repeats"],
        "platt_folds": imbalance["platt_folds"],
        "j48_pruning": imbalance["j48_pruning"],
        "entropy": jobs.entropy(config, "raeder2012", [identity, wildcards["dataset"]]),
    }


def _section4_params(config, wildcards) -> dict:
    section4 = config["imbalance"]["section4"]
    return {"section4": section4, "entropy": jobs.entropy(config, "raeder2012_sec4", section4)}


#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "imbalance_cv": jobs.Job(
        ("study", "tenfold_evaluated", "fivebytwo_repeats", "platt_folds", "j48_pruning", "entropy"), _cv_params
    ),
    "imbalance_section4": jobs.Job(("section4", "entropy"), _section4_params),
    "imbalance_dataset_counts": jobs.Job(
        ("datasets",), lambda config, wildcards: {"datasets": config["imbalance"]["datasets"]}
    ),
}
