"""Group-based simulated classifiers (Neville et al. 2009, Sec. 4, Tables 6 and 7).

A network sample is ``m`` instances, each assigned to one of ``n_groups`` groups uniformly at
random. Classifier A chooses ``M = round(NG * P(err))`` groups to misclassify from the first half
of the groups, classifier B from the second half. Inside a chosen group an instance is
misclassified with ``P(MG) = P(err) + errCorr * (1 - P(err))``; elsewhere with
``P(err) * (1 - errCorr)`` (Table 7's garbled second formula, ``P(err) * (1 - P(MG)) /
(1 - P(err))``, simplifies to this). When ``M / NG = P(err)`` both classifiers err at rate
``P(err)`` overall, so any rejection of the null hypothesis is a Type I error.

Which groups are misclassified is the *reading* of Table 7:

- ``per_fold``: as Table 7 is written: ``groupBasedClassification(fold)`` draws the chosen
  groups afresh for every fold.
- ``per_trial``: as Wang et al. 2011 model the same simulation: the error-prone groups are fixed
  for a network sample (a trial) and only the Bernoulli errors are fresh in each fold.

Instances of one group are exchangeable, so the number of errors a classifier makes among the
``n`` test instances of a group in a fold is Binomial(n, P) — drawn directly instead of
drawing every instance (the same distribution, two orders of magnitude fewer draws).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import sampling, significance

READINGS = ("per_fold", "per_trial")
SAMPLERS = ("RRS", "ERS", "NCV")


@dataclass(frozen=True)
class GroupErrorModel:
    """Table 7 parameters of one simulated classifier."""

    p_err: float
    err_corr: float
    n_groups: int

    def __post_init__(self):
        if not 0.0 < self.p_err < 0.5:
            raise ValueError(
                f"P(err)={self.p_err} is outside (0, 0.5): each classifier chooses its groups from "
                "its own half of the groups, so P(err) must be below 0.5"
            )
        if not 0.0 <= self.err_corr <= 1.0:
            raise ValueError(f"errCorr={self.err_corr} must lie in [0, 1]")
        if self.n_groups < 2 or self.n_groups % 2:
            raise ValueError(f"the number of groups must be an even number >= 2, got {self.n_groups}")
        if not 1 <= self.n_chosen <= self.n_groups // 2:
            raise ValueError(
                f"P(err)={self.p_err} with {self.n_groups} groups gives M={self.n_chosen} groups to "
                f"misclassify, but M must lie between 1 and {self.n_groups // 2}; "
                "raise P(err) or the number of groups"
            )

    @property
    def n_chosen(self) -> int:
        """M = round(NG * P(err)); Python's round is half-to-even, Table 7 does not say."""
        return int(np.floor(self.n_groups * self.p_err + 0.5))

    @property
    def p_chosen(self) -> float:
        """P(MG): misclassification probability inside a chosen group."""
        return self.p_err + self.err_corr * (1.0 - self.p_err)

    @property
    def p_other(self) -> float:
        """P(MG-bar): misclassification probability outside the chosen groups."""
        return self.p_err * (1.0 - self.err_corr)

    @property
    def expected_error(self) -> float:
        """Overall error rate implied by M, P(MG) and P(MG-bar) with equal expected group sizes."""
        share = self.n_chosen / self.n_groups
        return share * self.p_chosen + (1.0 - share) * self.p_other


def sample_groups(rng: np.random.Generator, trials: int, m: int, n_groups: int) -> np.ndarray:
    """Group label of each instance, uniform over groups (Neville 2009 Sec. 4.1)."""
    return rng.integers(0, n_groups, size=(trials, m))


def group_counts(membership: np.ndarray, groups: np.ndarray, n_groups: int) -> np.ndarray:
    """Number of test instances of each group in each fold: ``(trials, k, n_groups)``."""
    onehot = (groups[:, :, None] == np.arange(n_groups)).astype(np.float32)
    return np.rint(np.matmul(membership.astype(np.float32), onehot)).astype(np.int64)


def choose_groups(rng: np.random.Generator, shape: tuple[int, ...], model: GroupErrorModel,
                  half: int) -> np.ndarray:
    """Boolean mask ``shape + (n_groups,)`` of the M groups chosen from ``half`` (0 for A, 1 for B)."""
    width = model.n_groups // 2
    keys = rng.random(shape + (width,))
    picked = np.argpartition(keys, model.n_chosen - 1, axis=-1)[..., : model.n_chosen]
    in_half = np.zeros(shape + (width,), dtype=bool)
    np.put_along_axis(in_half, picked, True, axis=-1)
    mask = np.zeros(shape + (model.n_groups,), dtype=bool)
    mask[..., half * width:(half + 1) * width] = in_half
    return mask


def error_probabilities(chosen: np.ndarray, model: GroupErrorModel) -> np.ndarray:
    return np.where(chosen, model.p_chosen, model.p_other)


def group_error_correlation(counts: np.ndarray, errors: np.ndarray) -> np.ndarray:
    """φ coefficient of 0/1 errors over pairs of instances in the same group, averaged over groups.

    Neville 2009 Sec. 4.1. For each group, the 2x2 table counts the ordered pairs of distinct
    test instances of that group within a fold, pooled over the folds of the trial; a group whose
    table is degenerate (no errors, or only errors) has no defined φ and is left out of the
    average. ``counts`` and ``errors`` are ``(..., k, n_groups)``; the result is ``(...)``,
    NaN where no group has a defined φ.
    """
    n = counts.astype(float)
    e = errors.astype(float)
    n11 = (e * (e - 1.0)).sum(axis=-2)
    n10 = (e * (n - e)).sum(axis=-2)
    n00 = ((n - e) * (n - e - 1.0)).sum(axis=-2)
    row1 = n11 + n10
    row0 = n00 + n10
    denom = row1 * row0
    phi = np.where(denom > 0, (n11 * n00 - n10 * n10) / np.where(denom > 0, denom, 1.0), np.nan)
    return _nanmean(phi)


def _simulate_fold_errors(rng, counts, chosen_a, chosen_b, model_a, model_b):
    """Errors of A and B per (trial, fold, group) given the test counts and the chosen groups."""
    err_a = rng.binomial(counts, error_probabilities(chosen_a, model_a))
    err_b = rng.binomial(counts, error_probabilities(chosen_b, model_b))
    return err_a, err_b


def _evaluate(counts, err_a, err_b, alpha):
    """Per-trial fold error rates, test outcomes and measured error correlation."""
    n_test = counts.sum(axis=-1)
    rate_a = err_a.sum(axis=-1) / n_test
    rate_b = err_b.sum(axis=-1) / n_test
    out = {
        "error_a": rate_a.mean(axis=-1),
        "error_b": rate_b.mean(axis=-1),
        "test_size": n_test.mean(axis=-1),
    }
    for name, test in significance.TESTS.items():
        result = test(rate_a, rate_b, alpha)
        out[f"p_{name}"] = result.pvalue
        out[f"reject_{name}"] = result.reject.astype(np.int8)
    phi = np.stack([group_error_correlation(counts, err_a),
                    group_error_correlation(counts, err_b)], axis=-1)
    out["error_correlation"] = _nanmean(phi)
    return out


def _nanmean(values: np.ndarray) -> np.ndarray:
    """Mean over the last axis ignoring NaN; NaN (without a warning) where all are NaN."""
    defined = ~np.isnan(values)
    total = np.where(defined, values, 0.0).sum(axis=-1)
    count = defined.sum(axis=-1)
    return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def simulate_point(rng: np.random.Generator, *, trials: int, m: int, n_groups: int,
                   model_a: GroupErrorModel, model_b: GroupErrorModel, reading: str,
                   sampler: str, folds: int, prop_labeled: list[float], alpha: float) -> list[dict]:
    """Table 6 for one sampler and one classifier pair: ``trials`` trials at every propLabeled.

    RRS and ERS draw a new network sample and new splits for each trial and propLabeled; NCV
    draws one sample and one set of folds per trial and reuses it across propLabeled (Table 6).
    For simulated classifiers only the test sets matter (performance does not depend on the
    training set), so NCV's labeled sets are checked for feasibility but not drawn.
    Returns one dict of per-trial arrays per propLabeled.
    """
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {reading!r}")
    if sampler not in SAMPLERS:
        raise ValueError(f"sampler must be one of {SAMPLERS}, got {sampler!r}")
    results = []
    if sampler == "NCV":
        groups = sample_groups(rng, trials, m, n_groups)
        counts = group_counts(sampling.ncv_test_sets(sampling.ncv_fold_of(rng, trials, m, folds), folds),
                              groups, n_groups)
        fixed = (choose_groups(rng, (trials, 1), model_a, 0), choose_groups(rng, (trials, 1), model_b, 1))
    for pl in prop_labeled:
        if sampler == "NCV":
            sampling.ncv_training_size(m, pl, folds)
        else:
            groups = sample_groups(rng, trials, m, n_groups)
            draw = sampling.rrs_test_sets if sampler == "RRS" else sampling.ers_test_sets
            counts = group_counts(draw(rng, trials, m, pl, folds), groups, n_groups)
            fixed = (choose_groups(rng, (trials, 1), model_a, 0), choose_groups(rng, (trials, 1), model_b, 1))
        if reading == "per_fold":
            chosen = (choose_groups(rng, (trials, folds), model_a, 0),
                      choose_groups(rng, (trials, folds), model_b, 1))
        else:
            chosen = fixed
        err_a, err_b = _simulate_fold_errors(rng, counts, *chosen, model_a, model_b)
        results.append(_evaluate(counts, err_a, err_b, alpha))
    return results


def run_chunk(rng: np.random.Generator, scenario: dict, *, m: int, n_groups: int, alpha: float,
              trials: int, first_trial: int) -> dict[str, np.ndarray]:
    """All trials of one chunk of a scenario: every grid point, sampler and propLabeled.

    ``scenario`` holds ``reading``, lists ``p_err``, ``err_corr``, ``error_difference`` (B's
    P(err) minus A's; 0 for Type I) and ``prop_labeled``, and ``samplers`` mapping sampler name to
    its number of folds. Returns a tidy table as a dict of equal-length columns, one row per
    trial x grid point x sampler x propLabeled.
    """
    columns: dict[str, list] = {}
    trial_ids = np.arange(first_trial, first_trial + trials)
    for p_err in scenario["p_err"]:
        for err_corr in scenario["err_corr"]:
            for diff in scenario["error_difference"]:
                model_a = GroupErrorModel(p_err, err_corr, n_groups)
                model_b = GroupErrorModel(p_err + diff, err_corr, n_groups)
                for sampler, folds in scenario["samplers"].items():
                    per_level = simulate_point(
                        rng, trials=trials, m=m, n_groups=n_groups, model_a=model_a,
                        model_b=model_b, reading=scenario["reading"], sampler=sampler,
                        folds=folds, prop_labeled=scenario["prop_labeled"], alpha=alpha)
                    for pl, result in zip(scenario["prop_labeled"], per_level):
                        keys = {"trial": trial_ids, "sampler": np.full(trials, sampler),
                                "folds": np.full(trials, folds), "prop_labeled": np.full(trials, pl),
                                "p_err": np.full(trials, p_err), "err_corr": np.full(trials, err_corr),
                                "error_difference": np.full(trials, diff)}
                        for name, values in {**keys, **result}.items():
                            columns.setdefault(name, []).append(values)
    return {name: np.concatenate(parts) for name, parts in columns.items()}
