"""Is classifier A better than classifier B on one data set, and which test can be trusted?

The core of the comparison study, beyond the four papers: every common test of two classifiers on
one data set, each on the evaluation design it was made for, from the same data and classifiers.

* :func:`designs` draws the train/test splits of five designs with the lib's fold samplers
  (:mod:`lib.evaluation.sampling`) and records, per split, which test instances A and B classify
  correctly (:class:`Design`);
* :func:`compare` runs the tests of :mod:`lib.evaluation.significance` on them, one row per test
  (:data:`TESTS`);
* :func:`handicapped` perturbs a classifier's test predictions on a fraction ``c`` of its test
  instances with the relational studies' handicap (:mod:`lib.models.handicap`), so that a
  calibration can later make a null world in which A and B have the same expected accuracy;
* :func:`draw_splits` draws :func:`designs`' splits without fitting, so that one set of splits is
  scored by any number of classifiers, each fitted once (the calibrated worlds of
  :mod:`lib.studies.comparison_worlds`);
* the ``yours`` target's comparison jobs (workflow/rules/compare.smk): :func:`compare_settings`
  (the ``yours.compare`` section with its defaults), :func:`job_identity` (config and wildcards in,
  a job's settings and seed entropy out) and :data:`JOBS`.

Designs and defaults (:data:`DESIGNS`)
--------------------------------------
- ``cv``: stratified 10-fold CV. Paired t over the folds (the k-fold cross-validated paired t of
  Dietterich 1998; Neville et al. 2009, Sec. 3.2) and the Wilcoxon signed-rank test over the folds
  (Neville et al. 2009, Sec. 3.2).
- ``repeated_cv``: 10 x stratified 10-fold CV. The uncorrected paired t over the 100 folds, the
  corrected repeated k-fold t of Bouckaert & Frank (2004), who recommend 10 x 10-fold CV with it,
  and the Bayesian correlated t-test with a rope of Benavoli et al. (2017), whose examples use
  10 x 10-fold CV.
- ``resampling``: J = 15 random train/test splits with one third of the instances in each test
  set. Nadeau & Bengio's (2003) corrected resampled t; J = 15 is, to our reading, the J of their
  simulations (Sec. 5; the text was not at hand to check it here). The one-third test set is that
  of Dietterich's (1998) resampled paired t-test (two thirds train, one third test).
- ``cv5x2``: 5 x stratified 2-fold CV. Dietterich's (1998) 5x2cv t and Alpaydin's (1999)
  combined 5x2cv F.
- ``holdout``: one stratified split with one third of the instances in the test set. McNemar's
  test (Dietterich 1998, Sec. 3.1) and the paired permutation test of the accuracy difference.

The folds of every CV design are stratified like Weka's
(:func:`lib.evaluation.sampling.stratified_fold_of`); the random subsamples are uniform, not
stratified (:func:`lib.evaluation.sampling.rrs_test_sets`, as Nadeau & Bengio's and Dietterich's
random splits); the holdout test set is fold 0 of one stratified 3-fold partition, so its class
proportions are the data set's.

Accuracy, not error rate, is the performance measure throughout: a positive difference means A is
better.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core import jobs
from ..evaluation import refit, sampling
from ..evaluation import significance as sig
from ..models import handicap

#: The designs, in the order their generators are spawned (:func:`designs`).
DESIGNS = ("cv", "repeated_cv", "resampling", "cv5x2", "holdout")

#: Every test :func:`compare` runs, as ``(test, design)``: the function of
#: :mod:`lib.evaluation.significance` and the design whose splits it reads.
TESTS = (
    ("paired_t", "cv"),
    ("wilcoxon", "cv"),
    ("paired_t", "repeated_cv"),
    ("corrected_repeated_cv_t", "repeated_cv"),
    ("bayesian_correlated_t", "repeated_cv"),
    ("nadeau_bengio_t", "resampling"),
    ("dietterich_5x2cv_t", "cv5x2"),
    ("combined_5x2cv_f", "cv5x2"),
    ("mcnemar", "holdout"),
    ("paired_permutation_test", "holdout"),
)

#: The columns of :func:`compare`'s table, in order.
COLUMNS = (
    "test",
    "design",
    "statistic",
    "pvalue",
    "reject",
    "p_a_better",
    "p_equivalent",
    "p_b_better",
    "accuracy_a",
    "accuracy_b",
    "mean_difference",
    "splits",
    "n_test",
)


@dataclass(frozen=True, eq=False)
class Design:
    """The splits of one evaluation design and how A and B did on each test instance.

    Attributes
    ----------
    name : str
        One of :data:`DESIGNS`.
    test : ndarray of bool, shape (splits, n)
        ``test[s, i]``: instance ``i`` is in the test set of split ``s``; the training set is the
        rest. CV splits are ordered repetition-major (fold ``j`` of repetition ``r`` is split
        ``r * folds + j``), as :func:`lib.evaluation.significance.dietterich_5x2cv_t` expects.
    correct_a, correct_b : ndarray of bool, shape (splits, n)
        Whether A, resp. B, trained on the training set of split ``s`` classifies test instance
        ``i`` correctly; False outside the test set.
    repetitions : int
        Independent partitions (CV) or draws (random subsampling, holdout).
    folds : int
        Test sets per repetition: ``k`` for k-fold CV, 1 for random subsampling and the holdout.
    """

    name: str
    test: np.ndarray
    correct_a: np.ndarray
    correct_b: np.ndarray
    repetitions: int
    folds: int

    @property
    def splits(self) -> int:
        """Number of train/test splits, ``repetitions * folds``."""
        return int(self.test.shape[0])

    @property
    def n_test(self) -> np.ndarray:
        """Test-set size of each split, shape (splits,)."""
        return self.test.sum(axis=1)

    @property
    def n_train(self) -> np.ndarray:
        """Training-set size of each split, shape (splits,)."""
        return self.test.shape[1] - self.n_test

    def accuracy(self, correct) -> np.ndarray:
        """Per-split accuracy of per-instance correctness ``correct`` (e.g. a handicapped
        ``correct_a``), shape (splits,): correct test instances over test instances."""
        return (np.asarray(correct, dtype=bool) & self.test).sum(axis=1) / self.n_test

    @property
    def accuracy_a(self) -> np.ndarray:
        """Per-split accuracy of A, shape (splits,)."""
        return self.accuracy(self.correct_a)

    @property
    def accuracy_b(self) -> np.ndarray:
        """Per-split accuracy of B, shape (splits,)."""
        return self.accuracy(self.correct_b)


# ----------------------------------------------------------------------------- designs


def _cv_test_sets(rng: np.random.Generator, y, k: int, repeats: int) -> np.ndarray:
    """Test sets ``(repeats * k, n)`` of ``repeats`` stratified k-fold partitions, repetition-major."""
    fold_of = sampling.stratified_fold_of(rng, y, k, repeats)
    return sampling.ncv_test_sets(fold_of, k).reshape(repeats * k, len(y))


def _checked(X, y, rng) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"need X of shape (n, m) and y of shape (n,), got {X.shape} and {y.shape}")
    if not np.issubdtype(y.dtype, np.integer) or (y.size and y.min() < 0):
        raise ValueError("y must hold class codes 0 .. C-1")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    return X, y


def designs(
    X,
    y,
    make_a: Callable[[], object],
    make_b: Callable[[], object],
    rng: np.random.Generator,
    *,
    include=DESIGNS,
    **sizes,
) -> dict[str, Design]:
    """The splits of every design (:func:`draw_splits`) and A's and B's per-instance outcomes on them.

    Parameters
    ----------
    X : ndarray of shape (n, m)
        Data as the lib's loaders give it (``lib.data.datasets.TabularData.X``,
        ``lib.data.userdata.load_table``): nominal codes, NaN missing.
    y : ndarray of int, shape (n,)
        Class codes ``0 .. C-1``.
    make_a, make_b : callable
        Each returns an unfitted model (``fit`` / ``predict``), e.g. :func:`model_factory`; a fresh
        one is fitted on every training set.
    rng : numpy.random.Generator
        Source of every split (the caller's job generator, ``lib.core.seeding.generator``).
    include : iterable of str, default :data:`DESIGNS`
        The designs computed.
    **sizes
        The designs' sizes, :func:`draw_splits`' keywords (``folds``, ``repetitions``,
        ``repeated_folds``, ``resamples``, ``resample_test``, ``holdout_folds``).

    Returns
    -------
    dict of str to Design
        One :class:`Design` per included design, in the order of :data:`DESIGNS`; ``cv5x2`` is
        always 5 repetitions of 2 folds (Dietterich 1998).

    Raises
    ------
    ValueError
        Shapes of ``X`` and ``y`` that disagree, ``y`` not class codes, ``rng`` not a Generator, an
        unknown design, or sizes the samplers refuse (e.g. more folds than instances).
    """
    X, y = _checked(X, y, rng)
    out = {}
    for name, (test, reps, k) in draw_splits(y, rng, include=include, **sizes).items():
        correct_a = refit.split_correctness(make_a, X, y, test)
        out[name] = Design(name, test, correct_a, refit.split_correctness(make_b, X, y, test), reps, k)
    return out


def draw_splits(
    y,
    rng: np.random.Generator,
    *,
    folds: int = 10,
    repetitions: int = 10,
    repeated_folds: int = 10,
    resamples: int = 15,
    resample_test: float = 1 / 3,
    holdout_folds: int = 3,
    include=DESIGNS,
) -> dict[str, tuple[np.ndarray, int, int]]:
    """The splits of the designs, without fitting anything: ``{design: (test, repetitions, folds)}``
    with ``test`` of shape (splits, n); :func:`designs` scores A and B on them, and
    :mod:`lib.studies.comparison_worlds` scores any number of classifiers, each fitted once.

    Parameters
    ----------
    y : ndarray of int, shape (n,)
    rng : numpy.random.Generator
        Each design draws from its own child of ``rng`` (``rng.spawn``, in the order of
        :data:`DESIGNS`), so a design's splits do not depend on the other designs' sizes or on
        which designs are included.
    folds : int, default 10
        k of the ``cv`` design (stratified 10-fold CV).
    repetitions, repeated_folds : int, default 10, 10
        r and k of the ``repeated_cv`` design (Bouckaert & Frank 2004; Benavoli et al. 2017).
    resamples : int, default 15
        Train/test splits J of the ``resampling`` design (Nadeau & Bengio 2003).
    resample_test : float, default 1/3
        Test fraction of each random subsample: ``round(resample_test * n)`` instances
        (the one third of Dietterich's 1998 resampled paired t).
    holdout_folds : int, default 3
        The ``holdout`` test set is one fold of a stratified partition into this many folds (test
        fraction ``1 / holdout_folds``, default one third).
    include : iterable of str, default :data:`DESIGNS`
    """
    unknown = sorted(set(include) - set(DESIGNS))
    if unknown:
        raise ValueError(f"unknown design {unknown[0]!r}; designs are {', '.join(DESIGNS)}")
    y = np.asarray(y)
    n = len(y)
    samplers = {
        "cv": lambda g: (_cv_test_sets(g, y, folds, 1), 1, folds),
        "repeated_cv": lambda g: (_cv_test_sets(g, y, repeated_folds, repetitions), repetitions, repeated_folds),
        "resampling": lambda g: (sampling.rrs_test_sets(g, 1, n, 1.0 - resample_test, resamples)[0], resamples, 1),
        "cv5x2": lambda g: (_cv_test_sets(g, y, 2, 5), 5, 2),
        "holdout": lambda g: (_cv_test_sets(g, y, holdout_folds, 1)[:1], 1, 1),
    }
    # every design draws from its own child, spawned in DESIGNS order whatever is included
    return {name: samplers[name](g) for name, g in zip(DESIGNS, rng.spawn(len(DESIGNS))) if name in include}


def model_factory(classifier: str, spec, n_classes: int, *, estimator: dict | None = None, tie_rule: str = "first"):
    """A zero-argument factory of fresh models for :func:`designs`.

    Parameters
    ----------
    classifier : {"j48", "1nn", "nb", "smo"} or any name with ``estimator``
        The permutation study's Weka classifiers (``lib.studies.permutation.CLASSIFIERS``) with
        Weka's default options: ``lib.models.c45.J48``, ``lib.models.adapters.IB1``,
        ``lib.models.naive_bayes.NaiveBayesWeka``, ``lib.models.smo.SMO``.
    spec : lib.data.attributes.AttributeSpec
    n_classes : int
        Class values of the data set (a training set may lack some).
    estimator : dict, optional
        A user's scikit-learn estimator ``{"class": import path, "params": {...}}``
        (``lib.models.adapters.EstimatorModel``); ``classifier`` is then only its name.
    tie_rule : {"first", "vote"}
        1-NN's ties (``lib.models.adapters.IB1``).

    Returns
    -------
    callable
        ``make() -> model`` with ``fit`` / ``predict``.
    """
    from ..models import adapters, naive_bayes  # imported when used, as the permutation study does

    if estimator is not None:
        return lambda: adapters.EstimatorModel(estimator["class"], estimator.get("params"), spec, n_classes)
    if classifier == "nb":
        return lambda: naive_bayes.NaiveBayesWeka(spec, int(n_classes))
    if classifier == "1nn":
        return lambda: adapters.IB1(spec, n_classes, tie_rule)
    if classifier == "j48":
        from ..models import c45  # compiled (numba): loaded only by the jobs that fit a tree

        return lambda: c45.J48(spec, n_classes=int(n_classes))
    if classifier == "smo":
        from ..models import smo

        return lambda: smo.SMO(spec, n_classes=int(n_classes))
    raise ValueError(f"classifier must be one of j48, 1nn, nb, smo (or give an estimator), got {classifier!r}")


# ----------------------------------------------------------------------------- tests


def _holdout_outcomes(design: Design) -> tuple[np.ndarray, np.ndarray]:
    """A's and B's correctness on the test instances of the holdout's split."""
    rows = design.test[0]
    return design.correct_a[0, rows], design.correct_b[0, rows]


def _run(test: str, d: Design, rng, alpha: float, rope: float, decision: float, permutations: int) -> dict:
    """One test on one design: ``statistic``, ``pvalue``, ``reject`` and, for the Bayesian test,
    the posterior probabilities (NaN for the other tests)."""
    a, b = d.accuracy_a, d.accuracy_b
    if test == "bayesian_correlated_t":
        # the correlation of k-fold CV, 1/(k - 1), as Benavoli et al. and baycomp use it; on
        # accuracies, p_left is P(mean(a - b) > rope): A better
        post = sig.bayesian_correlated_t(a, b, 1.0, d.folds - 1.0, rope=rope, decision=decision)
        return {
            "statistic": np.nan,
            "pvalue": np.nan,
            "reject": bool(post.decide),
            "p_a_better": float(post.p_left),
            # 1 - p_left - p_right: a rounding below 0 when one tail holds all the mass
            "p_equivalent": float(np.clip(post.p_rope, 0.0, 1.0)),
            "p_b_better": float(post.p_right),
        }
    runs = {
        "nadeau_bengio_t": lambda: sig.nadeau_bengio_t(a, b, d.n_test.mean(), d.n_train.mean(), alpha),
        "corrected_repeated_cv_t": lambda: sig.corrected_repeated_cv_t(a, b, d.repetitions, d.folds, alpha),
        "mcnemar": lambda: sig.mcnemar(*_holdout_outcomes(d), alpha),
        "paired_permutation_test": lambda: sig.paired_permutation_test(*_holdout_outcomes(d), permutations, rng, alpha),
    }
    result = runs[test]() if test in runs else getattr(sig, test)(a, b, alpha)
    return {
        "statistic": float(result.statistic),
        "pvalue": float(result.pvalue),
        "reject": bool(result.reject),
        "p_a_better": np.nan,
        "p_equivalent": np.nan,
        "p_b_better": np.nan,
    }


def compare(
    designs: dict[str, Design],
    rng: np.random.Generator,
    *,
    alpha: float = 0.05,
    rope: float = 0.01,
    decision: float = 0.95,
    permutations: int = 10_000,
) -> pd.DataFrame:
    """Every test of :data:`TESTS` whose design :func:`designs` computed, one row each.

    Parameters
    ----------
    designs : dict of str to Design
        :func:`designs`' output (a subset of designs gives the subset of tests).
    rng : numpy.random.Generator
        Source of the paired permutation test's sign flips (nothing else is drawn).
    alpha : float, default 0.05
        Level of every two-sided test.
    rope : float, default 0.01
        Half-width of the Bayesian test's region of practical equivalence, in accuracy (one
        percentage point; Benavoli et al. 2017).
    decision : float, default 0.95
        Posterior probability the Bayesian test needs to declare a practical difference.
    permutations : int, default 10000
        Sign flips of the paired permutation test (its smallest p-value is ``1 / 10001``).

    Returns
    -------
    DataFrame
        Columns :data:`COLUMNS`: ``test`` (the :mod:`lib.evaluation.significance` function),
        ``design``, ``statistic``, ``pvalue`` (two-sided), ``reject`` (``pvalue < alpha``; for the
        Bayesian test: a practical difference declared, either way), the Bayesian test's posterior
        probabilities ``p_a_better``, ``p_equivalent``, ``p_b_better`` (NaN for the other tests,
        whose ``statistic`` and ``pvalue`` are NaN for the Bayesian test), the mean per-split
        accuracies ``accuracy_a``, ``accuracy_b`` and their ``mean_difference`` (A - B), the number
        of ``splits`` and the mean ``n_test``.

    Notes
    -----
    Where A and B classify every test instance alike (e.g. the same deterministic classifier), every
    fold difference is 0 and each test's degenerate case gives no rejection: the t-tests' zero
    standard error with a zero mean gives ``t = 0, p = 1``, the combined F ``F = 0, p = 1``,
    Wilcoxon ``p = 1`` for all-zero differences, McNemar ``p = 1`` without discordant pairs, the
    permutation test ``p = 1`` (every flip ties the observed 0), and the Bayesian posterior is a
    point mass at 0: ``p_equivalent = 1``.
    """
    rows = []
    for test, name in TESTS:
        if name not in designs:
            continue
        d = designs[name]
        acc_a, acc_b = d.accuracy_a, d.accuracy_b
        rows.append(
            {
                "test": test,
                "design": name,
                **_run(test, d, rng, alpha, rope, decision, permutations),
                "accuracy_a": float(acc_a.mean()),
                "accuracy_b": float(acc_b.mean()),
                "mean_difference": float((acc_a - acc_b).mean()),
                "splits": d.splits,
                "n_test": float(d.n_test.mean()),
            }
        )
    return pd.DataFrame(rows, columns=list(COLUMNS))


# ----------------------------------------------------------------------------- handicap


def handicapped(
    correct, c: float, keys, *, test=None, n_classes: int = 2, selection: str = "bernoulli"
) -> tuple[np.ndarray, np.ndarray]:
    """A classifier's per-instance correctness after handicap ``c``: a fraction ``c`` of its test
    predictions moved to another class.

    The relational studies' handicap (Neville et al. 2009, Sec. 5.3: "randomly selecting c% of its
    predictions and perturbing those probabilities toward the opposite class"), on outcomes instead
    of ``P(+)``: the chosen test instances are :func:`lib.models.handicap.chosen_nodes`' (one key
    per instance, nested in ``c``, so that a calibration's accuracy is a deterministic function of
    ``c``), and each chosen prediction is replaced by a uniformly drawn *other* class. A correct one
    thus becomes wrong; a wrong one becomes right with probability ``1 / (n_classes - 1)``, decided
    by the key's low bits (:func:`lib.models.handicap.key_magnitudes`, independent of the selection,
    so nothing more is drawn). With two classes that is the papers' flip (strength 1): every chosen
    outcome toggles, as :func:`lib.models.handicap.perturb_with_keys` does to a 0/1 ``P(correct)``.
    The expected accuracy falls from ``acc`` to ``acc (1 - c) + c (1 - acc) / (n_classes - 1)``.

    Parameters
    ----------
    correct : array-like of bool, shape (..., n)
        Per-instance correctness (e.g. :attr:`Design.correct_a`).
    c : float in [0, 1]
        Fraction of the test predictions perturbed.
    keys : ndarray of float, shape like ``correct``
        Uniform keys from :func:`lib.models.handicap.perturbation_keys`; hold them fixed across ``c``.
    test : array-like of bool, broadcastable to ``correct``, optional
        The instances that are predictions (:attr:`Design.test`); all when omitted. Others never change.
    n_classes : int, default 2
        Number of classes C, at least 2.
    selection : {"bernoulli", "exact"}
        ``"bernoulli"``: each test instance chosen with probability ``c`` (keys below ``c``);
        ``"exact"``: ``round(c n_test)`` per row (:func:`lib.models.handicap.select`).

    Returns
    -------
    perturbed : ndarray of bool, shape like ``correct``
    chosen : ndarray of bool, shape like ``correct``
        The test instances whose prediction was perturbed.

    Raises
    ------
    ValueError
        ``c`` outside [0, 1], an unknown selection, ``keys`` of another shape, ``n_classes`` below 2,
        or ``correct`` not boolean (0/1).
    """
    correct = np.asarray(correct)
    keys = np.asarray(keys, dtype=float)
    if keys.shape != correct.shape or correct.ndim == 0:
        raise ValueError(f"keys must have the shape of correct {correct.shape}, got {keys.shape}")
    if not np.isin(correct, (0, 1)).all():
        raise ValueError("correct must be boolean (or 0/1)")
    if int(n_classes) != n_classes or n_classes < 2:
        raise ValueError(f"n_classes must be a whole number of at least 2, got {n_classes}")
    correct = correct.astype(bool)
    mask = np.ones(correct.shape, bool) if test is None else np.broadcast_to(np.asarray(test, bool), correct.shape)
    rows = correct.shape[-1]
    chosen = handicap.chosen_nodes(c, keys.reshape(-1, rows), mask.reshape(-1, rows), selection).reshape(correct.shape)
    recovered = handicap.key_magnitudes(keys) < 1.0 / (int(n_classes) - 1)
    return np.where(chosen, ~correct & recovered, correct), chosen


# ----------------------------------------------------------------------------- the `yours` jobs

#: The designs' sizes every job of the ``yours`` comparison uses: :func:`designs`' defaults (the
#: literature's, module docstring). Part of every job's identity, so a change reruns them all.
DESIGN_SIZES = {
    "folds": 10,
    "repetitions": 10,
    "repeated_folds": 10,
    "resamples": 15,
    "resample_test": 1 / 3,
    "holdout_folds": 3,
}

#: The ``yours.compare`` defaults (docs/yours.md; workflow/schemas/config.schema.yaml).
COMPARE_DEFAULTS = {
    "fraction": 0.5,  # each trial's data set: half the user's rows (docs/yours.md, "What the fraction does")
    "stratified": True,  # ... drawn per class, so every trial keeps the data set's class proportions
    "trials": 500,
    "trials_per_job": 50,
    "differences": [0.02, 0.05, 0.10],
    "power_difference": 0.05,
    "tolerance": 0.005,  # Neville et al. 2009, Sec. 5.3: "until the performance difference ... was <= 0.005"
    "calibration_draws": 20,
    "alpha": 0.05,
    "rope": 0.01,
    "decision": 0.95,
    "permutations": 10_000,
}

#: The studies' seed names of the comparison's jobs (``job_entropy(<name>, identity, 0)``).
SEED_NAMES = {
    "calibration": "yours_compare_calibration",
    "trials": "yours_compare_trials",
    "actual": "yours_compare_actual",
}


#: The settings each job takes as params (a change reruns exactly the jobs that use it).
_MODELS = ("classifiers", "estimators", "tie_rule", "designs")
_TESTS = ("alpha", "rope", "decision", "permutations")
JOB_KEYS = {
    "calibration": (*_MODELS, "fraction", "stratified", "calibration_draws", "differences", "tolerance"),
    "trials": (*_MODELS, "fraction", "stratified", *_TESTS),
    "actual": (*_MODELS, *_TESTS),
}


def calibration_folds(sizes: dict = DESIGN_SIZES) -> dict[str, int]:
    """For each design, the k of the stratified k-fold CV whose training-set share is the design's
    (1 - 1/k): a null world is calibrated at the training size each test sees, since the expected
    difference of two learners depends on it (their learning curves may cross)."""
    third = round(1 / sizes["resample_test"])
    return {
        "cv": sizes["folds"],
        "repeated_cv": sizes["repeated_folds"],
        "resampling": third,
        "cv5x2": 2,
        "holdout": sizes["holdout_folds"],
    }


def compare_settings(config) -> dict:
    """The ``yours.compare`` section with every default filled in.

    Returns ``datasets`` (default every ``yours.datasets`` key; none when the section names one
    classifier and has no ``compare`` key), ``classifiers`` (default every
    Weka classifier and estimator of the ``yours`` section, in that order), their ``estimators``,
    the keys of :data:`COMPARE_DEFAULTS` (``differences`` sorted), ``designs``
    (:data:`DESIGN_SIZES`) and ``tie_rule`` (1-NN breaks ties to the first training row: the
    permutation study's ``shuffled`` reading needs its CV engine, which refitting does not use).
    Reads ``yours.datasets``, ``.classifiers``, ``.estimators`` and ``.compare`` only (the
    config keys the comparison's jobs depend on: :mod:`lib.core.jobs`).
    """
    from .permutation import CLASSIFIERS  # Weka's four: the `yours` section's default classifiers

    yours = config.get("yours") or {}
    own = yours.get("compare") or {}
    estimators = {
        k: {"class": v["class"], "params": dict(v.get("params") or {})}
        for k, v in (yours.get("estimators") or {}).items()
    }
    out = {key: own.get(key, value) for key, value in COMPARE_DEFAULTS.items()}
    out["differences"] = sorted(float(d) for d in out["differences"])
    out["classifiers"] = list(own.get("classifiers", [*yours.get("classifiers", CLASSIFIERS), *estimators]))
    # a section with one classifier and no `compare` key has not asked for a comparison: none is run
    # (with a `compare` key, lib.infra.yourscheck refuses fewer than two classifiers in one sentence)
    asked = "compare" in yours or len(out["classifiers"]) >= 2
    out["datasets"] = list(own.get("datasets", list(yours.get("datasets") or {}) if asked else []))
    out["estimators"] = {n: estimators[n] for n in out["classifiers"] if n in estimators}
    out["designs"] = dict(DESIGN_SIZES)
    out["tie_rule"] = "first"
    return out


def pairs(classifiers) -> list[tuple[str, str]]:
    """Every pair ``(A, B)`` of the classifiers, A before B in the config's order."""
    names = list(classifiers)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def trial_chunks(settings: dict) -> list[dict]:
    """The trials' jobs of one data set: ``{"start", "stop"}`` ranges of ``trials_per_job``
    (every trial has its own generator: the cut never changes a number)."""
    from ..core import chunks

    return [{"start": s, "stop": e} for s, e in chunks.chunk_ranges(settings["trials"], settings["trials_per_job"])]


def job_identity(config: dict, job: str, wildcards: dict) -> dict:
    """What one comparison job computes (``settings``) and what seeds it (``entropy``).

    Parameters
    ----------
    config : dict
        The whole workflow config.
    job : {"calibration", "trials", "actual"}
    wildcards : dict
        ``dataset`` (and for ``trials`` its ``start``, ``stop``).

    Returns
    -------
    dict
        ``settings``: the job's params (:func:`compare_settings` with the data set's ``spec``, and
        the trial range); ``entropy``: ``(stream, identity, 0)`` for :func:`lib.core.jobs.entropy`. The identity
        holds what the draws depend on -- the data set, the subsample's fraction and stratification,
        the designs' sizes, the calibration draws -- and not the classifiers (each is fitted on the
        same draws, so adding one changes no other pair's numbers) nor the trial range (each trial
        draws from ``SeedSequence([*entropy, trial])``) nor the worlds' differences (applied after
        the fits).
    """
    s = compare_settings(config)
    name = wildcards["dataset"]
    spec = dict(config["yours"]["datasets"][name])
    draws = {"dataset": name, "fraction": s["fraction"], "stratified": s["stratified"], "designs": s["designs"]}
    identity = {
        "calibration": {**draws, "calibration_draws": s["calibration_draws"], "folds": calibration_folds(s["designs"])},
        "trials": draws,
        "actual": {"dataset": name, "designs": s["designs"]},
    }[job]
    keys = JOB_KEYS[job]
    settings = {**{k: s[k] for k in keys}, "spec": spec, "dataset": name}
    if job == "trials":
        settings.update(start=int(wildcards["start"]), stop=int(wildcards["stop"]))
    return {"settings": settings, "entropy": (SEED_NAMES[job], identity, 0)}


def _job(job: str):
    """A :class:`lib.core.jobs.Job`'s params: :func:`job_identity`'s settings and seed entropy."""

    def params(config, wildcards) -> dict:
        identity = job_identity(config, job, wildcards)
        return {"settings": identity["settings"], "entropy": jobs.entropy(config, *identity["entropy"])}

    return params


def _trials_upstream(config, wildcards) -> list:
    return [("compare_calibration", {"dataset": wildcards["dataset"]})]


def _summary_upstream(config, wildcards) -> list:
    name = {"dataset": wildcards["dataset"]}
    chunks = [
        ("compare_trials", {**name, **{k: str(v) for k, v in c.items()}})
        for c in trial_chunks(compare_settings(config))
    ]
    return [*chunks, ("compare_calibration", name), ("compare_actual", name)]


def _summary_params(config, wildcards) -> dict:
    s = compare_settings(config)
    return {"settings": {k: s[k] for k in ("alpha", "power_difference", "designs")}}


#: The comparison's jobs (workflow/rules/compare.smk), by rule: params and the jobs they read.
JOBS = {
    "compare_calibration": jobs.Job(("settings", "entropy"), _job("calibration")),
    "compare_trials": jobs.Job(("settings", "entropy"), _job("trials"), _trials_upstream),
    "compare_actual": jobs.Job(("settings", "entropy"), _job("actual")),
    "compare_summary": jobs.Job(("settings",), _summary_params, _summary_upstream),
}
