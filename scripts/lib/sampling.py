"""Train/test sampling procedures for within-network evaluation, vectorised over trials.

Every sampler returns a boolean *membership* array of shape ``(trials, k, m)``: entry
``[t, j, i]`` is True when instance ``i`` is in test set ``j`` of trial ``t``. Training sets are
the complement (RRS, ERS, RS) or an explicit sample (NCV, :func:`ncv_training_sets`).

Procedures
----------
- RRS, simple random resampling: Neville et al. 2009, Table 2. Wang et al. 2011 call the same
  procedure RS (Sec. 2); :func:`rs_test_sets` is an alias.
- ERS, equal-instance resampling: Neville et al. 2009, Table 3.
- NCV, network cross-validation: Neville et al. 2009, Table 4; Wang et al. 2011, Sec. 2.
"""
from __future__ import annotations

import numpy as np


def test_set_size(m: int, prop_labeled: float) -> int:
    """Size of an RRS/ERS test set: ``(1 - propLabeled) * S`` (Neville Tables 2-3), rounded."""
    check_prop_labeled(prop_labeled)
    size = int(round((1.0 - prop_labeled) * m))
    if not 1 <= size <= m - 1:
        raise ValueError(
            f"propLabeled={prop_labeled} leaves a test set of {size} of {m} instances; "
            "choose propLabeled so that both the labeled and the test set are non-empty"
        )
    return size


def check_prop_labeled(prop_labeled: float) -> None:
    if not 0.0 < float(prop_labeled) < 1.0:
        raise ValueError(f"propLabeled must lie strictly between 0 and 1, got {prop_labeled}")


def check_folds(k: int) -> None:
    if int(k) != k or k < 2:
        raise ValueError(f"the number of folds k must be an integer of at least 2, got {k}")


def rrs_test_sets(rng: np.random.Generator, trials: int, m: int, prop_labeled: float,
                  k: int) -> np.ndarray:
    """Simple random resampling (Neville 2009, Table 2).

    Each of the ``k`` test sets is an independent uniform sample, without replacement, of
    ``(1 - propLabeled) * m`` instances; the training set is the rest. Test sets overlap.
    """
    check_folds(k)
    size = test_set_size(m, prop_labeled)
    keys = rng.random((trials, k, m))
    chosen = np.argpartition(keys, size - 1, axis=-1)[..., :size]
    membership = np.zeros((trials, k, m), dtype=bool)
    np.put_along_axis(membership, chosen, True, axis=-1)
    return membership


rs_test_sets = rrs_test_sets


def ers_template(m: int, prop_labeled: float, k: int) -> np.ndarray:
    """Membership ``(k, m)`` of ERS test sets for instances in pool order (Neville 2009, Table 3).

    Table 3 lays a pool holding ``k * testSetSize`` copies (each instance's copies adjacent) and
    adds each copy to the smallest test set that does not already contain that instance. With
    ties broken by lowest index this greedy rule fills the sets cyclically: copy number ``s`` of
    the pool goes to set ``s mod k``. When ``k * testSetSize`` is not a multiple of ``m`` the
    first ``remainder`` instances of the pool get one copy more, so every instance occurs in
    ``floor`` or ``ceil`` of ``k * testSetSize / m`` test sets and every set has exactly
    ``testSetSize`` instances.
    """
    check_folds(k)
    size = test_set_size(m, prop_labeled)
    slots = k * size
    base, extra = divmod(slots, m)
    copies = np.full(m, base, dtype=np.int64)
    copies[:extra] += 1
    starts = np.concatenate([[0], np.cumsum(copies)[:-1]])
    template = np.zeros((k, m), dtype=bool)
    for offset in range(int(copies.max())):
        has = copies > offset
        template[(starts[has] + offset) % k, np.flatnonzero(has)] = True
    return template


def ers_test_sets(rng: np.random.Generator, trials: int, m: int, prop_labeled: float,
                  k: int) -> np.ndarray:
    """Equal-instance random resampling (Neville 2009, Table 3), vectorised over trials.

    The pool order is a uniform random permutation of the instances in each trial; the
    assignment of pool positions to test sets is :func:`ers_template`.
    """
    template = ers_template(m, prop_labeled, k)
    # position[t, i] = where instance i stands in trial t's pool
    position = rng.permuted(np.tile(np.arange(m), (trials, 1)), axis=1)
    return np.moveaxis(template[:, position], 0, 1)


def ncv_fold_of(rng: np.random.Generator, trials: int, m: int, k: int) -> np.ndarray:
    """Assign each instance to one of ``k`` disjoint folds of (near) equal size, per trial.

    Neville 2009 Table 4 "split data into k disjoint folds"; sizes differ by at most one.
    """
    check_folds(k)
    if k > m:
        raise ValueError(f"cannot split {m} instances into k={k} non-empty folds; use k <= {m}")
    labels = np.arange(m) % k
    return rng.permuted(np.tile(labels, (trials, 1)), axis=1)


def ncv_test_sets(fold_of: np.ndarray, k: int) -> np.ndarray:
    """Membership ``(trials, k, m)`` of the NCV test sets: test set ``j`` is fold ``j``."""
    return fold_of[:, None, :] == np.arange(k)[None, :, None]


def ncv_training_size(m: int, prop_labeled: float, k: int) -> int:
    """Labeled-set size ``propLabeled * m`` for NCV, checked against the ``k - 1`` other folds."""
    check_prop_labeled(prop_labeled)
    size = int(round(prop_labeled * m))
    pool = m - int(np.ceil(m / k))  # the smallest training pool over folds
    if size > pool:
        raise ValueError(
            f"NCV with k={k} folds leaves at most {pool} of {m} instances outside a test fold, "
            f"fewer than propLabeled={prop_labeled} needs ({size}); lower propLabeled to at most "
            f"{(k - 1) / k:.3g} or use more folds"
        )
    return size


def ncv_training_sets(rng: np.random.Generator, fold_of: np.ndarray, prop_labeled: float,
                      k: int) -> np.ndarray:
    """Training sets of NCV (Neville 2009, Table 4): for each fold, a uniform random sample of
    ``propLabeled * m`` instances from the other folds. Returns membership ``(trials, k, m)``;
    the inference set is the complement of the training set."""
    trials, m = fold_of.shape
    size = ncv_training_size(m, prop_labeled, k)
    keys = rng.random((trials, k, m))
    keys[ncv_test_sets(fold_of, k)] = np.inf  # never draw from the test fold
    chosen = np.argpartition(keys, size - 1, axis=-1)[..., :size]
    membership = np.zeros((trials, k, m), dtype=bool)
    np.put_along_axis(membership, chosen, True, axis=-1)
    return membership


def repeated_kfold_test_sets(rng: np.random.Generator, trials: int, m: int, k: int,
                             repeats: int) -> np.ndarray:
    """``repeats`` independent k-fold partitions: membership ``(trials, repeats * k, m)``, test
    set ``r * k + j`` being fold ``j`` of repetition ``r``. With ``k = 2, repeats = 5`` these
    are the splits of Dietterich's (1998) 5x2cv test; each training set is the other half."""
    parts = [ncv_test_sets(ncv_fold_of(rng, trials, m, k), k) for _ in range(repeats)]
    return np.concatenate(parts, axis=1)


def stratified_fold_of(rng: np.random.Generator, y, k: int, repeats: int = 1) -> np.ndarray:
    """``repeats`` independent *stratified* k-fold partitions of the labels ``y``: fold index
    ``(repeats, n)``. Per partition, each class's rows are shuffled and dealt round-robin to the
    folds, continuing the deal from class to class, so every fold holds ``floor`` or ``ceil`` of
    each class's share and fold sizes differ by at most one (Raeder et al. 2012: "completely
    stratified"). ``k = 10, repeats = 1`` is 10-fold CV; ``k = 2, repeats = 5`` is 5x2 CV."""
    check_folds(k)
    y = np.asarray(y)
    classes = np.unique(y)
    if any(int((y == c).sum()) < k for c in classes):
        raise ValueError(f"every class needs at least k={k} rows for stratified k-fold")
    fold = np.empty((repeats, y.size), dtype=np.int64)
    for r in range(repeats):
        dealt = 0
        for c in classes:
            rows = rng.permutation(np.flatnonzero(y == c))
            fold[r, rows] = (dealt + np.arange(rows.size)) % k
            dealt += rows.size
    return fold


def stratified_kfold(rng: np.random.Generator, y, k: int = 10) -> np.ndarray:
    """Fold index ``(n,)`` of one stratified k-fold partition (see :func:`stratified_fold_of`)."""
    return stratified_fold_of(rng, y, k, 1)[0]


def stratified_5x2(rng: np.random.Generator, y, repeats: int = 5) -> np.ndarray:
    """Half index ``(repeats, n)`` of 5x2 CV: ``repeats`` stratified random halvings; each half
    is the test set once and the training set once (Dietterich 1998)."""
    return stratified_fold_of(rng, y, 2, repeats)
