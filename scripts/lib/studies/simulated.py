"""Group-based simulated classifiers (Neville et al. 2009, Sec. 4, Tables 6 and 7; Wang et al.
2011, Sec. 5.1).

A network sample is ``m`` instances, each assigned to one of ``n_groups`` groups uniformly at
random. Classifier A chooses ``M = round(NG * P(err))`` groups to misclassify from the first half
of the groups, classifier B from the second half. Inside a chosen group an instance is
misclassified with ``P(MG) = P(err) + errCorr * (1 - P(err))``; elsewhere with ``P(MG-bar)``,
chosen so that the overall error is ``P(err)``: ``(P(err) - s P(MG)) / (1 - s)`` with
``s = M / NG``. When ``s = P(err)`` (every Neville setting) this is Table 7's
``P(err) * (1 - errCorr)`` (its garbled formula ``P(err) (1 - P(MG)) / (1 - P(err))``).

Which groups are misclassified is the *reading* of Table 7:

- ``per_fold``: as Table 7 is written: ``groupBasedClassification(fold)`` draws the chosen
  groups afresh for every fold.
- ``per_trial``: as Wang et al. 2011 model the same simulation: the error-prone groups are fixed
  for a network sample (a trial) and only the Bernoulli errors are fresh in each fold; Wang's
  ``q`` is then ``P(MG)``.

Power (Wang 2011 Fig. 1(b)): classifier B gets error rate ``P(err) + difference`` with the same
number M of chosen groups as A and the same consistency (``errCorr``, or ``q`` when the scenario
gives ``q``); its ``P(MG-bar)`` absorbs the difference so that its overall error is exact.

Two ways to draw errors, with the same distribution:

- *group counts* (default): instances of one group are exchangeable, so the number of errors
  among the ``n`` test instances of a group in a fold is Binomial(n, P). Two orders of magnitude
  fewer draws; enough for every test that needs only fold error rates.
- *instance level* (``instance_level: true``): one Bernoulli draw per instance and fold. Needed
  by RS-C, whose ``q`` is estimated from each instance's errors across test sets.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..core import jobs, runlog
from ..evaluation import rsc, sampling, significance

READINGS = ("per_fold", "per_trial")
#: How a caption names each reading of the group draw.
READING_TEXT = {
    "per_fold": "groups to misclassify drawn afresh for every fold (reading per_fold: Neville's Table 7, "
    "which Wang Sec. 5.1 replicates)",
    "per_trial": "error-prone groups fixed per network sample, fresh errors per fold (reading per_trial: "
    "Wang's Bernoulli model)",
}
SAMPLERS = sampling.SAMPLER_ORDER


@dataclass(frozen=True)
class GroupErrorModel:
    """Table 7 parameters of one simulated classifier."""

    p_err: float
    p_chosen: float
    n_groups: int
    n_chosen: int

    @classmethod
    def from_err_corr(cls, p_err: float, err_corr: float, n_groups: int, n_chosen: int | None = None):
        """Model from Neville's parameterisation: ``P(MG) = P(err) + errCorr (1 - P(err))``.

        Parameters
        ----------
        p_err : float
            Overall error rate ``P(err)`` of the classifier, in (0, 0.5).
        err_corr : float
            Error-correlation parameter ``errCorr`` in [0, 1].
        n_groups : int
            Number of groups ``NG``, even and at least 2.
        n_chosen : int, optional
            Number ``M`` of groups chosen for misclassification, between 1 and ``n_groups // 2``;
            by default ``round(NG * P(err))`` with halves rounded up.

        Returns
        -------
        model : GroupErrorModel
            The classifier's Table 7 parameters.

        Raises
        ------
        ValueError
            If ``err_corr`` is not in [0, 1].
        ValueError
            If ``P(err)`` is not in (0, 0.5) (each classifier chooses its groups from its own half of
            the groups), ``n_groups`` is not an even number >= 2, or ``M`` is not between 1 and
            ``n_groups // 2``.

        Notes
        -----
        Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1, Table 7.
        """
        if not 0.0 <= err_corr <= 1.0:
            raise ValueError(f"errCorr={err_corr} must lie in [0, 1]")
        return cls._build(p_err, p_err + err_corr * (1.0 - p_err), n_groups, n_chosen)

    @classmethod
    def from_q(cls, p_err: float, q: float, n_groups: int, n_chosen: int | None = None):
        """Model from Wang's parameterisation: ``q = P(MG)``, the error rate of error-prone nodes.

        Parameters
        ----------
        p_err : float
            Overall error rate ``P(err)`` of the classifier, in (0, 0.5).
        q : float
            Error rate of the error-prone nodes, between ``p_err`` and 1.
        n_groups : int
            Number of groups ``NG``, even and at least 2.
        n_chosen : int, optional
            Number ``M`` of groups chosen for misclassification, between 1 and ``n_groups // 2``;
            by default ``round(NG * P(err))`` with halves rounded up.

        Returns
        -------
        model : GroupErrorModel
            The classifier's Table 7 parameters with ``p_chosen = q``.

        Raises
        ------
        ValueError
            If ``q`` is not between ``p_err`` and 1.
        ValueError
            If ``P(err)`` is not in (0, 0.5) (each classifier chooses its groups from its own half of
            the groups), ``n_groups`` is not an even number >= 2, or ``M`` is not between 1 and
            ``n_groups // 2``.

        Notes
        -----
        Wang et al. 2011, Sec. 5.1 (the parameter ``q`` of Sec. 3); Neville, Gallagher &
        Eliassi-Rad 2009, Sec. 4.1, Table 7.
        """
        if not p_err <= q <= 1.0:
            raise ValueError(f"q={q} must lie between P(err)={p_err} and 1")
        return cls._build(p_err, q, n_groups, n_chosen)

    @classmethod
    def _build(cls, p_err, p_chosen, n_groups, n_chosen):
        if not 0.0 < p_err < 0.5:
            raise ValueError(
                f"P(err)={p_err} is outside (0, 0.5): each classifier chooses its groups from "
                "its own half of the groups, so P(err) must be below 0.5"
            )
        if n_groups < 2 or n_groups % 2:
            raise ValueError(f"the number of groups must be an even number >= 2, got {n_groups}")
        if n_chosen is None:
            n_chosen = int(np.floor(n_groups * p_err + 0.5))  # round half up; Table 7 says "round"
        if not 1 <= n_chosen <= n_groups // 2:
            raise ValueError(
                f"P(err)={p_err} with {n_groups} groups gives M={n_chosen} groups to misclassify, "
                f"but M must lie between 1 and {n_groups // 2}; raise P(err) or the number of groups"
            )
        model = cls(float(p_err), float(p_chosen), int(n_groups), int(n_chosen))
        if not -1e-12 <= model.p_other <= 1.0:
            raise ValueError(
                f"P(err)={p_err} cannot be reached with M={n_chosen} of {n_groups} groups erring at "
                f"P(MG)={p_chosen:.3g}; lower errCorr/q or raise P(err)"
            )
        return model

    @property
    def share(self) -> float:
        """Share ``s = M / NG`` of the groups chosen for misclassification."""
        return self.n_chosen / self.n_groups

    @property
    def p_other(self) -> float:
        """P(MG-bar): misclassification probability outside the chosen groups."""
        return max((self.p_err - self.share * self.p_chosen) / (1.0 - self.share), 0.0)

    @property
    def err_corr(self) -> float:
        """Neville's ``errCorr = (P(MG) - P(err)) / (1 - P(err))`` of this model."""
        return (self.p_chosen - self.p_err) / (1.0 - self.p_err)

    @property
    def expected_error(self) -> float:
        """Overall error rate with equal expected group sizes (equals ``p_err`` by construction)."""
        return self.share * self.p_chosen + (1.0 - self.share) * self.p_other


def scenario_points(scenario: dict, n_groups: int):
    """Yield the classifier pairs of a scenario's grid.

    ``consistency`` is errCorr, or q when the scenario gives ``q`` instead of ``err_corr``.
    Classifier B has error rate ``P(err) + difference``, the same consistency and the same number
    of chosen groups M as A.

    Parameters
    ----------
    scenario : dict
        Lists ``p_err``, ``err_corr`` (or ``q``) and ``error_difference`` (B's P(err) minus A's).
    n_groups : int
        Number of groups, even and at least 2.

    Yields
    ------
    p_err : float
        Classifier A's P(err).
    consistency : float
        The grid's errCorr or q.
    difference : float
        B's P(err) minus A's.
    model_a, model_b : GroupErrorModel
        The two simulated classifiers.

    Raises
    ------
    ValueError
        If a grid point gives an invalid model (:meth:`GroupErrorModel.from_err_corr`,
        :meth:`GroupErrorModel.from_q`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4, Tables 6 and 7; power as in Wang et al. 2011,
    Sec. 5.1, Fig. 1(b).
    """
    by_q = "q" in scenario
    for p_err, value, diff in itertools.product(
        scenario["p_err"], scenario["q" if by_q else "err_corr"], scenario["error_difference"]
    ):
        build = GroupErrorModel.from_q if by_q else GroupErrorModel.from_err_corr
        model_a = build(p_err, value, n_groups)
        if by_q:
            model_b = GroupErrorModel.from_q(p_err + diff, value, n_groups, model_a.n_chosen)
        else:
            model_b = GroupErrorModel.from_err_corr(p_err + diff, value, n_groups, model_a.n_chosen)
        yield p_err, value, diff, model_a, model_b


def sample_groups(rng: np.random.Generator, trials: int, m: int, n_groups: int) -> np.ndarray:
    """Group label of each instance, uniform over groups.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of network samples.
    m : int
        Number of instances per sample.
    n_groups : int
        Number of groups.

    Returns
    -------
    groups : ndarray of int64, shape (trials, m)
        Group ``0 .. n_groups - 1`` of each instance.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1 ("assigning one of 10 groups to each instance
    uniformly at random").
    """
    return rng.integers(0, n_groups, size=(trials, m))


def sample_group_sizes(rng: np.random.Generator, trials: int, m: int, n_groups: int) -> np.ndarray:
    """Group sizes of a sample whose instances pick their group uniformly: Multinomial(m, 1/NG).

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of network samples.
    m : int
        Number of instances per sample.
    n_groups : int
        Number of groups ``NG``.

    Returns
    -------
    sizes : ndarray of int, shape (trials, n_groups)
        Number of instances in each group; each row sums to ``m``.

    Notes
    -----
    Same distribution as the group counts of :func:`sample_groups` (Neville, Gallagher &
    Eliassi-Rad 2009, Sec. 4.1), without instance labels.
    """
    return rng.multinomial(m, np.full(n_groups, 1.0 / n_groups), size=trials)


def random_subset_group_counts(rng: np.random.Generator, sizes: np.ndarray, folds: int, subset: int) -> np.ndarray:
    """Group composition of ``folds`` independent uniform random subsets of ``subset`` instances.

    The composition of a uniform random subset is multivariate hypergeometric in the group
    sizes; it is drawn group by group (``Hypergeometric(size_g, rest, still to draw)``), which
    is exact and needs no instance-level membership. This is how RRS/RS test sets are drawn
    on the group-count path.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    sizes : ndarray of int, shape (trials, n_groups)
        Group sizes of each sample (:func:`sample_group_sizes`).
    folds : int
        Number of subsets (test sets) per sample.
    subset : int
        Instances per subset, at most the sample size.

    Returns
    -------
    counts : ndarray of int64, shape (trials, folds, n_groups)
        Number of instances of each group in each subset; each ``counts[t, j]`` sums to
        ``subset``.

    Raises
    ------
    ValueError
        From NumPy's hypergeometric sampler, if ``subset`` exceeds the sample size.

    Notes
    -----
    RRS of Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 2 (RS of Wang et al. 2011,
    Sec. 2) on the simulation of Sec. 4.1.
    """
    trials, n_groups = sizes.shape
    counts = np.zeros((trials, folds, n_groups), dtype=np.int64)
    rest = np.broadcast_to(sizes.sum(axis=1, keepdims=True), (trials, folds)).copy()
    left = np.full((trials, folds), subset, dtype=np.int64)
    for g in range(n_groups - 1):
        good = np.broadcast_to(sizes[:, g : g + 1], (trials, folds))
        rest -= good
        counts[:, :, g] = rng.hypergeometric(good, rest, left)
        left -= counts[:, :, g]
    counts[:, :, -1] = left
    return counts


def group_counts(membership: np.ndarray, groups: np.ndarray, n_groups: int) -> np.ndarray:
    """Number of flagged instances of each group in each fold.

    Parameters
    ----------
    membership : ndarray of bool, shape (trials, k, m)
        Flags per fold, e.g. test-set membership or errors.
    groups : ndarray of int, shape (trials, m)
        Group of each instance (:func:`sample_groups`).
    n_groups : int
        Number of groups.

    Returns
    -------
    counts : ndarray of int64, shape (trials, k, n_groups)
        ``counts[t, j, g]`` is the number of flagged instances of group ``g`` in fold ``j`` of
        trial ``t``.
    """
    onehot = (groups[:, :, None] == np.arange(n_groups)).astype(np.float32)
    return np.rint(np.matmul(membership.astype(np.float32), onehot)).astype(np.int64)


def choose_groups(rng: np.random.Generator, shape: tuple[int, ...], model: GroupErrorModel, half: int) -> np.ndarray:
    """Boolean mask of the M groups a classifier chooses to misclassify.

    Classifier A (``half = 0``) chooses from the first half of the groups, B (``half = 1``) from
    the second half; every index of ``shape`` gets an independent uniform choice of ``M``
    (``model.n_chosen``) of the ``NG / 2`` groups of its half.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    shape : tuple of int
        Leading shape, e.g. ``(trials, folds)`` (per-fold reading) or ``(trials, 1)``
        (per-trial reading).
    model : GroupErrorModel
        The classifier's parameters (``n_groups``, ``n_chosen``).
    half : {0, 1}
        0 for classifier A, 1 for classifier B.

    Returns
    -------
    chosen : ndarray of bool, shape ``shape + (n_groups,)``
        True for the chosen groups; exactly ``n_chosen`` per index, all in ``half``.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1, Table 7.
    """
    width = model.n_groups // 2
    keys = rng.random(shape + (width,))
    picked = np.argpartition(keys, model.n_chosen - 1, axis=-1)[..., : model.n_chosen]
    in_half = np.zeros(shape + (width,), dtype=bool)
    np.put_along_axis(in_half, picked, True, axis=-1)
    mask = np.zeros(shape + (model.n_groups,), dtype=bool)
    mask[..., half * width : (half + 1) * width] = in_half
    return mask


def error_probabilities(chosen: np.ndarray, model: GroupErrorModel) -> np.ndarray:
    """Misclassification probability of each group: ``P(MG)`` if chosen, ``P(MG-bar)`` otherwise.

    Parameters
    ----------
    chosen : ndarray of bool, shape (..., n_groups)
        Chosen groups (:func:`choose_groups`).
    model : GroupErrorModel
        The classifier's parameters.

    Returns
    -------
    probs : ndarray of float, same shape as ``chosen``
        ``model.p_chosen`` where ``chosen``, ``model.p_other`` elsewhere.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1, Table 7.
    """
    return np.where(chosen, model.p_chosen, model.p_other)


def _phi(n11, n10, n00):
    row1, row0 = n11 + n10, n00 + n10
    denom = row1 * row0
    return np.where(denom > 0, (n11 * n00 - n10 * n10) / np.where(denom > 0, denom, 1.0), np.nan)


def _pair_tables(counts: np.ndarray, errors: np.ndarray):
    """Ordered same-group pairs within a fold, summed over folds: (n11, n10, n00) per group."""
    n, e = counts.astype(float), errors.astype(float)
    return ((e * (e - 1.0)).sum(axis=-2), (e * (n - e)).sum(axis=-2), ((n - e) * (n - e - 1.0)).sum(axis=-2))


def group_error_correlation(counts: np.ndarray, errors: np.ndarray) -> np.ndarray:
    """φ coefficient of 0/1 errors over pairs of instances in the same group, averaged over groups.

    For each group, the 2x2 table counts the ordered pairs of distinct test instances of that
    group within a fold, pooled over the folds of the trial; a group whose table is degenerate
    (no errors, or only errors) has no defined φ and is left out of the average.

    Parameters
    ----------
    counts : ndarray of int, shape (..., k, n_groups)
        Number of test instances of each group in each fold.
    errors : ndarray of int, shape (..., k, n_groups)
        Number of errors among them.

    Returns
    -------
    phi : ndarray of float, shape (...)
        Mean φ over the groups with a defined φ; NaN where no group has one.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1: "the pairwise correlation of 0-1 errors
    among all instances in the same group, averaged over all groups".
    """
    return _nanmean(_phi(*_pair_tables(counts, errors)))


def pooled_error_correlation(counts: np.ndarray, errors: np.ndarray) -> np.ndarray:
    """φ of 0/1 errors over all same-group pairs in one table pooled over groups and folds.

    Recorded beside Neville's per-group average (:func:`group_error_correlation`) because the
    papers' "measured error correlation" admits both readings.

    Parameters
    ----------
    counts : ndarray of int, shape (..., k, n_groups)
        Number of test instances of each group in each fold.
    errors : ndarray of int, shape (..., k, n_groups)
        Number of errors among them.

    Returns
    -------
    phi : ndarray of float, shape (...)
        φ of the pooled table of ordered same-group pairs; NaN where the table is degenerate.

    Notes
    -----
    This is how Wang et al. 2011, Sec. 4 estimate ρ for linked pairs (one φ over the contingency
    table of linked pairs).
    """
    n11, n10, n00 = (t.sum(axis=-1) for t in _pair_tables(counts, errors))
    return _phi(n11, n10, n00)


def fold_pooled_error_correlation(counts: np.ndarray, errors: np.ndarray) -> np.ndarray:
    """φ of 0/1 errors over the same-group pairs of one fold (table pooled over groups), averaged
    over the folds of the trial.

    Parameters
    ----------
    counts : ndarray of int, shape (..., k, n_groups)
        Number of test instances of each group in each fold.
    errors : ndarray of int, shape (..., k, n_groups)
        Number of errors among them.

    Returns
    -------
    phi : ndarray of float, shape (...)
        Mean over folds of each fold's pooled φ; folds with a degenerate table are left out; NaN
        where every fold's table is degenerate.

    Notes
    -----
    A third reading of Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1's "pairwise correlation of
    0-1 errors among all instances in the same group": one table per test set (the unit a t-test
    sees), averaged over the test sets. Under the per_fold draw it grows with P(err) at fixed
    errCorr, as the paper's Fig. 1(b) says the measured correlation does.
    """
    n, e = counts.astype(float), errors.astype(float)
    n11 = (e * (e - 1.0)).sum(axis=-1)
    n10 = (e * (n - e)).sum(axis=-1)
    n00 = ((n - e) * (n - e - 1.0)).sum(axis=-1)
    return _nanmean(_phi(n11, n10, n00))


#: The estimators of the measured error correlation (Neville 2009 Fig. 1(b)'s x axis), by reading
#: name, and the chunk column each one is recorded in.
ERROR_CORRELATION_ESTIMATORS = {
    "per_group": "error_correlation",
    "fold_pooled": "error_correlation_fold_pooled",
    "pooled": "error_correlation_pooled",
}


def _nanmean(values: np.ndarray) -> np.ndarray:
    """Mean over the last axis ignoring NaN; NaN (without a warning) where all are NaN."""
    defined = ~np.isnan(values)
    total = np.where(defined, values, 0.0).sum(axis=-1)
    count = defined.sum(axis=-1)
    return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def _evaluate(sampler, counts, err_a, err_b, alpha, train_size, instance=None, q_method="erred"):
    """Per-trial fold error rates, every test's outcome and the measured error correlations."""
    n_test = counts.sum(axis=-1)
    rate_a = err_a.sum(axis=-1) / n_test
    rate_b = err_b.sum(axis=-1) / n_test
    out = {
        "error_a": rate_a.mean(axis=-1),
        "error_b": rate_b.mean(axis=-1),
        "test_size": n_test.mean(axis=-1),
    }
    results = {name: test(rate_a, rate_b, alpha) for name, test in significance.TESTS.items()}
    results["nb_corrected_t"] = significance.nadeau_bengio_t(rate_a, rate_b, n_test.mean(axis=-1), train_size, alpha)
    if sampler == "CV5x2":
        results["dietterich_5x2cv"] = significance.dietterich_5x2cv_t(rate_a, rate_b, alpha)
    if instance is not None:
        membership, errors_a, errors_b, groups = instance
        params_a = rsc.estimate_parameters(membership, errors_a, groups, q_method=q_method)
        params_b = rsc.estimate_parameters(membership, errors_b, groups, q_method=q_method)
        for name, test in (("rsc_paired", rsc.rsc_paired), ("rsc_unpaired", rsc.rsc_unpaired)):
            t, pvalue, reject = test(rate_a, rate_b, params_a, params_b, alpha)
            results[name] = significance.TestResult(t, pvalue, reject)
        out["rsc_q_a"], out["rsc_rho_a"] = params_a["q"], params_a["rho"]
    for name, result in results.items():
        out[f"p_{name}"] = result.pvalue
        out[f"reject_{name}"] = result.reject.astype(np.int8)
    # beyond the papers: Benavoli et al.'s Bayesian correlated t-test (rope 0.01, decide at 0.95)
    bayes = significance.bayesian_correlated_t(rate_a, rate_b, n_test.mean(axis=-1), train_size)
    out["p_rope_bayes_correlated_t"] = bayes.p_rope
    out["reject_bayes_correlated_t"] = bayes.decide.astype(np.int8)
    out["error_correlation"] = _nanmean(
        np.stack([group_error_correlation(counts, err_a), group_error_correlation(counts, err_b)], axis=-1)
    )
    out["error_correlation_pooled"] = _nanmean(
        np.stack([pooled_error_correlation(counts, err_a), pooled_error_correlation(counts, err_b)], axis=-1)
    )
    out["error_correlation_fold_pooled"] = _nanmean(
        np.stack([fold_pooled_error_correlation(counts, err_a), fold_pooled_error_correlation(counts, err_b)], axis=-1)
    )
    return out


def _test_sets(rng, sampler, trials, m, prop_labeled, folds):
    if sampler in ("RRS", "RS"):
        return sampling.rrs_test_sets(rng, trials, m, prop_labeled, folds)
    if sampler == "ERS":
        return sampling.ers_test_sets(rng, trials, m, prop_labeled, folds)
    if sampler == "CV5x2":
        if folds != 10:
            raise ValueError(f"the 5x2cv sampler has 10 folds (5 x 2), got {folds}")
        return sampling.repeated_kfold_test_sets(rng, trials, m, 2, 5)
    raise ValueError(f"sampler must be one of {SAMPLERS}, got {sampler!r}")


def simulate_point(
    rng: np.random.Generator,
    *,
    trials: int,
    m: int,
    n_groups: int,
    model_a: GroupErrorModel,
    model_b: GroupErrorModel,
    reading: str,
    sampler: str,
    folds: int,
    prop_labeled: list[float],
    alpha: float,
    instance_level: bool = False,
    q_method: str = "erred",
) -> list[dict]:
    """Table 6 for one sampler and one classifier pair: ``trials`` trials at every propLabeled.

    RRS/RS and ERS draw a new network sample and new splits for each trial and propLabeled; NCV
    (and 5x2cv) draw one sample and one set of folds per trial and reuse it across propLabeled
    (Table 6). Simulated classifiers do not learn, so only the test sets matter; NCV's labeled
    sets are checked for feasibility and sized for Nadeau & Bengio's correction but not drawn.
    Errors are drawn per group count (Binomial), or per instance with ``instance_level``.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of trials (network samples).
    m : int
        Number of instances per sample.
    n_groups : int
        Number of groups.
    model_a, model_b : GroupErrorModel
        Classifiers A and B.
    reading : {"per_fold", "per_trial"}
        Whether the misclassified groups are drawn afresh for every fold or once per trial
        (module docstring).
    sampler : {"RRS", "RS", "ERS", "NCV", "CV5x2"}
        Sampling procedure.
    folds : int
        Number of test sets per trial; 10 for ``"CV5x2"``.
    prop_labeled : list of float
        Proportions of labeled instances, each strictly between 0 and 1.
    alpha : float
        Significance level of every test.
    instance_level : bool, default=False
        Draw one Bernoulli error per instance and fold (needed by RS-C) instead of Binomial
        group counts.

    Returns
    -------
    results : list of dict of str to ndarray of shape (trials,)
        One dict per propLabeled, in order: ``error_a``, ``error_b`` (mean fold error rates),
        ``test_size`` (mean test-set size), ``p_<test>`` and ``reject_<test>`` (0/1, int8) for
        ``paired_t``, ``unpaired_t``, ``wilcoxon``, ``nb_corrected_t``, ``dietterich_5x2cv``
        (CV5x2 only) and ``rsc_paired``, ``rsc_unpaired`` (instance level only), ``rsc_q_a`` and
        ``rsc_rho_a`` (instance level only), ``error_correlation`` (mean of A's and B's
        :func:`group_error_correlation`) and ``error_correlation_pooled`` (mean of their
        :func:`pooled_error_correlation`).

    Raises
    ------
    ValueError
        If ``reading`` or ``sampler`` is unknown, ``"CV5x2"`` is given other than 10 folds, or a
        propLabeled or fold count is infeasible for the sampler (:mod:`lib.evaluation.sampling`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1, Tables 6 and 7; Wang et al. 2011, Sec. 5.1.
    """
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {reading!r}")
    if sampler not in SAMPLERS:
        raise ValueError(f"sampler must be one of {SAMPLERS}, got {sampler!r}")
    fixed_sample = sampler in ("NCV", "CV5x2")

    def new_sample(prop):
        if sampler in ("RRS", "RS") and not instance_level:
            # the fast path: only group compositions matter, drawn without membership
            sizes = sample_group_sizes(rng, trials, m, n_groups)
            counts = random_subset_group_counts(rng, sizes, folds, sampling.test_set_size(m, prop))
            fixed = (choose_groups(rng, (trials, 1), model_a, 0), choose_groups(rng, (trials, 1), model_b, 1))
            return None, None, counts, fixed
        groups = sample_groups(rng, trials, m, n_groups)
        if sampler == "NCV":
            membership = sampling.ncv_test_sets(sampling.ncv_fold_of(rng, trials, m, folds), folds)
        else:
            membership = _test_sets(rng, sampler, trials, m, prop, folds)
        fixed = (choose_groups(rng, (trials, 1), model_a, 0), choose_groups(rng, (trials, 1), model_b, 1))
        return groups, membership, group_counts(membership, groups, n_groups), fixed

    if fixed_sample:
        groups, membership, counts, fixed = new_sample(None)
    results = []
    for pl in prop_labeled:
        if fixed_sample:
            train_size = sampling.ncv_training_size(m, pl, folds) if sampler == "NCV" else m // 2
        else:
            groups, membership, counts, fixed = new_sample(pl)
            train_size = int(round(pl * m))
        if reading == "per_fold":
            chosen = (choose_groups(rng, (trials, folds), model_a, 0), choose_groups(rng, (trials, folds), model_b, 1))
        else:
            chosen = fixed
        probs = (error_probabilities(chosen[0], model_a), error_probabilities(chosen[1], model_b))
        if instance_level:
            errs = []
            for prob in probs:
                per_instance = np.take_along_axis(prob, groups[:, None, :], axis=-1)
                errs.append((rng.random(membership.shape) < per_instance) & membership)
            err_a, err_b = (group_counts(e, groups, n_groups) for e in errs)
            instance = (membership, errs[0], errs[1], groups)
        else:
            err_a, err_b = rng.binomial(counts, probs[0]), rng.binomial(counts, probs[1])
            instance = None
        results.append(_evaluate(sampler, counts, err_a, err_b, alpha, train_size, instance, q_method))
    return results


def run_chunk(
    rng: np.random.Generator,
    scenario: dict,
    *,
    m: int,
    n_groups: int,
    alpha: float,
    trials: int,
    first_trial: int,
    log=None,
    q_method: str = "erred",
) -> dict[str, np.ndarray]:
    """All trials of one chunk of a scenario: every grid point, sampler and propLabeled.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    scenario : dict
        ``reading``, lists ``p_err``, ``err_corr`` (or ``q``), ``error_difference`` (B's P(err)
        minus A's; 0 for Type I) and ``prop_labeled``, ``samplers`` mapping sampler name to its
        number of folds, and optionally ``instance_level``. Samplers are run in
        :data:`lib.evaluation.sampling.SAMPLER_ORDER`, whatever the mapping's order.
    m : int
        Number of instances per network sample.
    n_groups : int
        Number of groups.
    alpha : float
        Significance level of every test.
    trials : int
        Number of trials in this chunk.
    first_trial : int
        Index of the chunk's first trial (the ``trial`` column runs from it).
    q_method : {"erred", "moments"}
        RS-C's estimate of ``q`` (reading ``network_tests.rsc_q_estimate``; draws nothing).

    Returns
    -------
    table : dict of str to ndarray
        A tidy table as a dict of equal-length columns, one row per trial x grid point x sampler
        x propLabeled: ``trial``, ``sampler``, ``folds``, ``prop_labeled``, ``p_err``,
        ``err_corr`` and ``q`` (of classifier A), ``error_difference`` and the columns of
        :func:`simulate_point`; a test that does not apply to a sampler has NaN in its columns.

    Raises
    ------
    ValueError
        If a sampler name is unknown or a grid point or setting is invalid
        (:func:`scenario_points`, :func:`simulate_point`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 4.1, Table 6; Wang et al. 2011, Sec. 5.1, Fig. 1.
    """
    rows: list[dict[str, np.ndarray]] = []
    trial_ids = np.arange(first_trial, first_trial + trials)
    points = list(scenario_points(scenario, n_groups))
    samplers = sampling.in_draw_order(scenario["samplers"])
    progress = runlog.Progress(log, len(points) * len(samplers), "(grid point, sampler) settings")
    for p_err, _, diff, model_a, model_b in points:
        for sampler, folds in samplers:
            per_level = simulate_point(
                rng,
                trials=trials,
                m=m,
                n_groups=n_groups,
                model_a=model_a,
                model_b=model_b,
                reading=scenario["reading"],
                sampler=sampler,
                folds=folds,
                prop_labeled=scenario["prop_labeled"],
                alpha=alpha,
                instance_level=bool(scenario.get("instance_level", False)),
                q_method=q_method,
            )
            for pl, result in zip(scenario["prop_labeled"], per_level):
                keys = {
                    "trial": trial_ids,
                    "sampler": np.full(trials, sampler),
                    "folds": np.full(trials, folds),
                    "prop_labeled": np.full(trials, pl),
                    "p_err": np.full(trials, p_err),
                    "err_corr": np.full(trials, model_a.err_corr),
                    "q": np.full(trials, model_a.p_chosen),
                    "error_difference": np.full(trials, diff),
                }
                rows.append({**keys, **result})
            progress.advance()
    names = list(dict.fromkeys(name for row in rows for name in row))
    return {
        name: np.concatenate([row[name] if name in row else np.full(len(row["trial"]), np.nan) for row in rows])
        for name in names
    }


# ----------------------------------------------------------------------------- job identity
def scenario_identity(config, name: str) -> dict:
    """The parameters of scenario ``name`` that determine its chunks' draws: all but ``chunks``
    (adding chunks must not change the chunks already computed)."""
    return {k: v for k, v in config["simulated"]["scenarios"][name].items() if k != "chunks"}


def _chunk_params(config, wildcards) -> dict:
    simulated = config["simulated"]
    study = {k: simulated[k] for k in ("instances", "groups", "alpha")}
    scenario = scenario_identity(config, wildcards["scenario"])
    per_chunk = simulated["scenarios"][wildcards["scenario"]]["trials_per_chunk"]
    return {
        "study": study,
        "scenario": scenario,
        "trials": per_chunk,
        "first_trial": int(wildcards["chunk"]) * per_chunk,
        "entropy": jobs.entropy(config, "simulated", [study, scenario], wildcards["chunk"]),
        # a reading of Wang 2011 Sec. 4 that draws nothing: out of the seed, so that its
        # alternatives see the same draws (a paired comparison)
        "rsc_q_estimate": config["network_tests"]["rsc_q_estimate"],
    }


def scenario_chunks(config, wildcards) -> list:
    """The chunk jobs of scenario ``wildcards["scenario"]`` (the summary's inputs)."""
    name = wildcards["scenario"]
    chunks = range(config["simulated"]["scenarios"][name]["chunks"])
    return [("simulated_chunk", {"scenario": name, "chunk": str(c)}) for c in chunks]


#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "simulated_chunk": jobs.Job(
        ("study", "scenario", "trials", "first_trial", "entropy", "rsc_q_estimate"),
        _chunk_params,
        scoped=rsc.Q_ESTIMATE_SCOPE,
    ),
    "simulated_summary": jobs.Job((), lambda config, wildcards: {}, scenario_chunks),
}
