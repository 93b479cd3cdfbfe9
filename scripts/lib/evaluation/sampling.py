"""Train/test sampling procedures for within-network evaluation, vectorised over trials.

Every sampler returns a boolean *membership* array of shape ``(trials, k, m)``: entry
``[t, j, i]`` is True when instance ``i`` is in test set ``j`` of trial ``t``. Training sets are
the complement (RRS, ERS, RS) or an explicit sample (NCV, :func:`ncv_training_sets`).

Procedures
----------
- RRS, simple random resampling: Neville et al. 2009, Table 2. Wang et al. 2011 call the same
  procedure RS (Sec. 2).
- ERS, equal-instance resampling: Neville et al. 2009, Table 3.
- NCV, network cross-validation: Neville et al. 2009, Table 4; Wang et al. 2011, Sec. 2.
"""

from __future__ import annotations

import numpy as np


def test_set_size(m: int, prop_labeled: float) -> int:
    """Size of an RRS/ERS test set: ``(1 - propLabeled) * S``, rounded.

    Parameters
    ----------
    m : int
        Number of instances ``S`` in the network.
    prop_labeled : float
        Proportion of labeled instances ``propLabeled``, strictly between 0 and 1.

    Returns
    -------
    size : int
        ``round((1 - prop_labeled) * m)`` (Python's ``round``, ties to even), between 1 and
        ``m - 1``.

    Raises
    ------
    ValueError
        If ``prop_labeled`` is not strictly between 0 and 1, or if the rounded size leaves the
        labeled set or the test set empty (size outside ``[1, m - 1]``).

    Notes
    -----
    ``testSetSize = (1 - propLabeled) * S`` of Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1,
    Tables 2 and 3.
    """
    check_prop_labeled(prop_labeled)
    size = int(round((1.0 - prop_labeled) * m))
    if not 1 <= size <= m - 1:
        raise ValueError(
            f"propLabeled={prop_labeled} leaves a test set of {size} of {m} instances; "
            "choose propLabeled so that both the labeled and the test set are non-empty"
        )
    return size


def check_prop_labeled(prop_labeled: float) -> None:
    """Check that a proportion of labeled instances lies strictly between 0 and 1.

    Parameters
    ----------
    prop_labeled : float
        Proportion of labeled instances ``propLabeled``.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If ``prop_labeled`` is not strictly between 0 and 1.

    Notes
    -----
    ``propLabeled`` is the input of the sampling procedures of Neville, Gallagher & Eliassi-Rad
    2009, Sec. 3.1, Tables 2-4.
    """
    if not 0.0 < float(prop_labeled) < 1.0:
        raise ValueError(f"propLabeled must lie strictly between 0 and 1, got {prop_labeled}")


def check_folds(k: int) -> None:
    """Check that a number of folds (test sets) is an integer of at least 2.

    Parameters
    ----------
    k : int
        Number of folds; an integer-valued float such as ``5.0`` is accepted.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If ``k`` is not integer-valued or is less than 2.

    Notes
    -----
    ``k`` is the input of the sampling procedures of Neville, Gallagher & Eliassi-Rad 2009,
    Sec. 3.1, Tables 2-4.
    """
    if int(k) != k or k < 2:
        raise ValueError(f"the number of folds k must be an integer of at least 2, got {k}")


def rrs_test_sets(rng: np.random.Generator, trials: int, m: int, prop_labeled: float, k: int) -> np.ndarray:
    """Simple random resampling (RRS; RS in Wang et al. 2011), vectorised over trials.

    Each of the ``k`` test sets is an independent uniform sample, without replacement, of
    ``(1 - propLabeled) * m`` instances; the training set is the rest. Test sets overlap.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of independent trials.
    m : int
        Number of instances in the network.
    prop_labeled : float
        Proportion of labeled instances, strictly between 0 and 1; each test set has
        :func:`test_set_size` ``(m, prop_labeled)`` instances.
    k : int
        Number of test sets per trial, at least 2.

    Returns
    -------
    membership : ndarray of bool, shape (trials, k, m)
        ``membership[t, j, i]`` is True when instance ``i`` is in test set ``j`` of trial ``t``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, ``prop_labeled`` is not strictly between 0 and
        1, or the test set would leave the labeled or the test set empty
        (:func:`test_set_size`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 2; the same procedure is the random
    resampling (RS) of Wang et al. 2011, Sec. 2.
    """
    check_folds(k)
    size = test_set_size(m, prop_labeled)
    keys = rng.random((trials, k, m))
    chosen = np.argpartition(keys, size - 1, axis=-1)[..., :size]
    membership = np.zeros((trials, k, m), dtype=bool)
    np.put_along_axis(membership, chosen, True, axis=-1)
    return membership


def ers_template(m: int, prop_labeled: float, k: int) -> np.ndarray:
    """Membership ``(k, m)`` of ERS test sets for instances in pool order.

    Table 3 lays a pool holding ``k * testSetSize`` copies (each instance's copies adjacent) and
    adds each copy to the smallest test set that does not already contain that instance. With
    ties broken by lowest index this greedy rule fills the sets cyclically: copy number ``s`` of
    the pool goes to set ``s mod k``. When ``k * testSetSize`` is not a multiple of ``m`` the
    first ``remainder`` instances of the pool get one copy more, so every instance occurs in
    ``floor`` or ``ceil`` of ``k * testSetSize / m`` test sets and every set has exactly
    ``testSetSize`` instances.

    Parameters
    ----------
    m : int
        Number of instances in the network (and in the pool order).
    prop_labeled : float
        Proportion of labeled instances, strictly between 0 and 1; ``testSetSize`` is
        :func:`test_set_size` ``(m, prop_labeled)``.
    k : int
        Number of test sets, at least 2.

    Returns
    -------
    template : ndarray of bool, shape (k, m)
        ``template[j, s]`` is True when the instance at pool position ``s`` is in test set ``j``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, ``prop_labeled`` is not strictly between 0 and
        1, or the test set would leave the labeled or the test set empty.

    Notes
    -----
    Equal-instance random resampling of Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 3.
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


def ers_test_sets(rng: np.random.Generator, trials: int, m: int, prop_labeled: float, k: int) -> np.ndarray:
    """Equal-instance random resampling (ERS), vectorised over trials.

    The pool order is a uniform random permutation of the instances in each trial; the
    assignment of pool positions to test sets is :func:`ers_template`.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of independent trials.
    m : int
        Number of instances in the network.
    prop_labeled : float
        Proportion of labeled instances, strictly between 0 and 1.
    k : int
        Number of test sets per trial, at least 2.

    Returns
    -------
    membership : ndarray of bool, shape (trials, k, m)
        ``membership[t, j, i]`` is True when instance ``i`` is in test set ``j`` of trial ``t``.
        Every test set has :func:`test_set_size` instances and every instance occurs in ``floor``
        or ``ceil`` of ``k * testSetSize / m`` test sets.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, ``prop_labeled`` is not strictly between 0 and
        1, or the test set would leave the labeled or the test set empty.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 3.
    """
    template = ers_template(m, prop_labeled, k)
    # position[t, i] = where instance i stands in trial t's pool
    position = rng.permuted(np.tile(np.arange(m), (trials, 1)), axis=1)
    return np.moveaxis(template[:, position], 0, 1)


def ncv_fold_of(rng: np.random.Generator, trials: int, m: int, k: int) -> np.ndarray:
    """Assign each instance to one of ``k`` disjoint folds of (near) equal size, per trial.

    Fold sizes differ by at most one: the labels ``0, 1, ..., k - 1, 0, 1, ...`` are dealt to the
    ``m`` instances and shuffled independently in each trial.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of independent trials.
    m : int
        Number of instances in the network.
    k : int
        Number of folds, an integer between 2 and ``m``.

    Returns
    -------
    fold_of : ndarray of int, shape (trials, m)
        ``fold_of[t, i]`` in ``0 .. k - 1`` is the fold of instance ``i`` in trial ``t``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, or ``k > m`` (some fold would be empty).

    Notes
    -----
    Network cross-validation (NCV), Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 4
    ("split data into k disjoint folds"); Wang et al. 2011, Sec. 2.
    """
    check_folds(k)
    if k > m:
        raise ValueError(f"cannot split {m} instances into k={k} non-empty folds; use k <= {m}")
    labels = np.arange(m) % k
    return rng.permuted(np.tile(labels, (trials, 1)), axis=1)


def ncv_test_sets(fold_of: np.ndarray, k: int) -> np.ndarray:
    """Membership of the NCV test sets: test set ``j`` is fold ``j``.

    Parameters
    ----------
    fold_of : ndarray of int, shape (trials, m)
        Fold of each instance in each trial, values in ``0 .. k - 1`` (:func:`ncv_fold_of`).
    k : int
        Number of folds.

    Returns
    -------
    membership : ndarray of bool, shape (trials, k, m)
        ``membership[t, j, i]`` is True when ``fold_of[t, i] == j``.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 4; Wang et al. 2011, Sec. 2.
    """
    return fold_of[:, None, :] == np.arange(k)[None, :, None]


def ncv_training_size(m: int, prop_labeled: float, k: int) -> int:
    """Labeled-set size ``propLabeled * m`` for NCV, checked against the ``k - 1`` other folds.

    Parameters
    ----------
    m : int
        Number of instances in the network.
    prop_labeled : float
        Proportion of labeled instances, strictly between 0 and 1.
    k : int
        Number of folds.

    Returns
    -------
    size : int
        ``round(prop_labeled * m)`` (Python's ``round``, ties to even); it fits in the smallest
        training pool over folds, ``m - ceil(m / k)`` instances.

    Raises
    ------
    ValueError
        If ``prop_labeled`` is not strictly between 0 and 1, or if ``size`` exceeds
        ``m - ceil(m / k)`` (lower ``prop_labeled`` to at most ``(k - 1) / k`` or use more folds).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 4: the training set of size ``SL`` is
    sampled from the merged other folds, which requires ``SL <= (k - 1) S / k``.
    """
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


def ncv_training_sets(rng: np.random.Generator, fold_of: np.ndarray, prop_labeled: float, k: int) -> np.ndarray:
    """Training sets of NCV: per fold, a uniform sample of ``propLabeled * m`` other-fold instances.

    For each fold, the training set is a uniform random sample, without replacement, of
    ``propLabeled * m`` instances from the other folds. The inference set is the complement of
    the training set.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    fold_of : ndarray of int, shape (trials, m)
        Fold of each instance in each trial, values in ``0 .. k - 1`` (:func:`ncv_fold_of`).
    prop_labeled : float
        Proportion of labeled instances, strictly between 0 and 1.
    k : int
        Number of folds.

    Returns
    -------
    membership : ndarray of bool, shape (trials, k, m)
        ``membership[t, j, i]`` is True when instance ``i`` is in the training (labeled) set for
        fold ``j`` of trial ``t``; never True for instances of fold ``j`` itself. Each training set
        has :func:`ncv_training_size` ``(m, prop_labeled, k)`` instances.

    Raises
    ------
    ValueError
        If ``prop_labeled`` is not strictly between 0 and 1 or needs more instances than the
        smallest pool of other folds holds (:func:`ncv_training_size`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 3.1, Table 4; Wang et al. 2011, Sec. 2.
    """
    trials, m = fold_of.shape
    size = ncv_training_size(m, prop_labeled, k)
    keys = rng.random((trials, k, m))
    keys[ncv_test_sets(fold_of, k)] = np.inf  # never draw from the test fold
    chosen = np.argpartition(keys, size - 1, axis=-1)[..., :size]
    membership = np.zeros((trials, k, m), dtype=bool)
    np.put_along_axis(membership, chosen, True, axis=-1)
    return membership


def repeated_kfold_test_sets(rng: np.random.Generator, trials: int, m: int, k: int, repeats: int) -> np.ndarray:
    """Test sets of ``repeats`` independent k-fold partitions, vectorised over trials.

    Test set ``r * k + j`` is fold ``j`` of repetition ``r``; each training set is the rest of the
    instances. With ``k = 2, repeats = 5`` these are the splits of Dietterich's (1998) 5x2cv
    test; each training set is the other half.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    trials : int
        Number of independent trials.
    m : int
        Number of instances.
    k : int
        Number of folds per partition, an integer between 2 and ``m``.
    repeats : int
        Number of independent partitions.

    Returns
    -------
    membership : ndarray of bool, shape (trials, repeats * k, m)
        ``membership[t, r * k + j, i]`` is True when instance ``i`` is in fold ``j`` of
        repetition ``r`` of trial ``t``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, or ``k > m`` (:func:`ncv_fold_of`).

    Notes
    -----
    Beyond the network papers: the 5x2 cross-validation of Dietterich (1998), which Raeder,
    Forman & Chawla 2012 compare with 10-fold cross-validation.
    """
    parts = [ncv_test_sets(ncv_fold_of(rng, trials, m, k), k) for _ in range(repeats)]
    return np.concatenate(parts, axis=1)


def stratified_fold_of(
    rng: np.random.Generator, y, k: int, repeats: int = 1, *, every_class_in_every_fold: bool = False
) -> np.ndarray:
    """Fold index of ``repeats`` independent *stratified* k-fold partitions of the labels ``y``.

    Per partition, each class's rows (classes in increasing order) are shuffled and dealt
    round-robin to the folds, continuing the deal from class to class, so every fold holds
    ``floor`` or ``ceil`` of each class's share and fold sizes differ by at most one (like Weka's
    ``Instances.stratify``, which deals class-sorted instances round-robin; Weka's own random
    stream is not reproduced). ``k = 10, repeats = 1`` is 10-fold CV; ``k = 2, repeats = 5`` is
    5x2 CV.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness: one ``permutation`` per class and partition, nothing else, so
        ``repeats`` partitions at once draw what ``repeats`` calls of one partition draw.
    y : array-like of shape (n,)
        Class label of each row (any values; classes are the distinct values).
    k : int
        Number of folds, ``2 <= k <= n``.
    repeats : int, default=1
        Number of independent partitions.
    every_class_in_every_fold : bool, default=False
        Refuse a class with fewer than ``k`` rows, which would leave some folds without it. The
        imbalance study asks for this (Raeder et al.'s folds are "completely stratified", every
        test fold holds positives); the permutation study does not (Weka stratifies a small class
        over as many folds as it has rows, and several UCI data sets have such classes).

    Returns
    -------
    fold : ndarray of int64, shape (repeats, n)
        ``fold[r, i]`` in ``0 .. k - 1`` is the fold of row ``i`` in partition ``r``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer of at least 2, ``k > n``, or ``every_class_in_every_fold`` and
        some class has fewer than ``k`` rows.

    Notes
    -----
    Raeder, Forman & Chawla 2012, "Experiments" section: "The folds were completely stratified,
    i.e. nearly the same number of positives appear in each fold"; 10-fold and 5x2 CV (Dietterich
    1998). Ojala & Garriga 2009, Sec. IV-V: stratified 10-fold CV, repeated ten times.
    """
    check_folds(k)
    y = np.asarray(y)
    classes = np.unique(y)
    if k > y.size:
        raise ValueError(f"need k <= n, got k={k}, n={y.size}")
    if every_class_in_every_fold and any(int((y == c).sum()) < k for c in classes):
        raise ValueError(f"every class needs at least k={k} rows for stratified k-fold")
    fold = np.empty((repeats, y.size), dtype=np.int64)
    for r in range(repeats):
        dealt = 0
        for c in classes:
            rows = rng.permutation(np.flatnonzero(y == c))
            fold[r, rows] = (dealt + np.arange(rows.size)) % k
            dealt += rows.size
    return fold


EVALUATION_SAMPLERS = ("RS", "NCV")


def within_network_splits(rng: np.random.Generator, sampler: str, trials: int, m: int, prop_labeled: float, folds: int):
    """Labeled and test sets of ``trials`` evaluations of one network.

    ``"RS"`` (Neville's RRS, Wang's RS): each of the ``folds`` test sets is a uniform sample of
    ``(1 - propLabeled) m`` nodes (:func:`rrs_test_sets`) and the labeled set is the rest, so every
    unlabeled node is evaluated. ``"NCV"``: ``folds`` disjoint folds; for fold j the labeled set is
    a uniform sample of ``propLabeled m`` nodes from the other folds (:func:`ncv_training_sets`),
    every other node is inferred and fold j is scored.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    sampler : {"RS", "NCV"}
        Sampling procedure (:data:`EVALUATION_SAMPLERS`).
    trials : int
        Number of independent evaluations.
    m : int
        Number of nodes in the network.
    prop_labeled : float
        Proportion of labeled nodes, strictly between 0 and 1.
    folds : int
        Number of labeled/test splits per evaluation, at least 2.

    Returns
    -------
    train : ndarray of bool, shape (trials, folds, m)
        Labeled set of each split; for ``"RS"`` the complement of ``test``.
    test : ndarray of bool, shape (trials, folds, m)
        Test set (the nodes scored) of each split.

    Raises
    ------
    ValueError
        If ``sampler`` is not ``"RS"`` or ``"NCV"``, or if ``folds`` or ``prop_labeled`` is
        invalid for it (:func:`test_set_size`, :func:`ncv_fold_of`, :func:`ncv_training_size`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.4, Tables 2 and 4; Wang et al. 2011, Sec. 2
    and 5.2.
    """
    if sampler == "RS":
        test = rrs_test_sets(rng, trials, m, prop_labeled, folds)
        return ~test, test
    if sampler == "NCV":
        fold_of = ncv_fold_of(rng, trials, m, folds)
        return (ncv_training_sets(rng, fold_of, prop_labeled, folds), ncv_test_sets(fold_of, folds))
    raise ValueError(f"sampler must be one of {EVALUATION_SAMPLERS}, got {sampler!r}")


#: The order in which a study draws its samplers' splits, whatever order a config lists them in:
#: a mapping's key order is not part of a job's seed (``lib.core.seeding.stable_hash`` sorts
#: keys), so the draws must not depend on it either. The shipped configs list their samplers in
#: this order, so it is also the order every published number was drawn in.
SAMPLER_ORDER = ("RRS", "RS", "ERS", "NCV", "CV5x2")


def in_draw_order(samplers) -> list[tuple[str, int]]:
    """The ``(name, folds)`` items of a sampler mapping in :data:`SAMPLER_ORDER`.

    Parameters
    ----------
    samplers : mapping of str to int
        Sampler name (one of :data:`SAMPLER_ORDER`) to its number of folds or samples.

    Returns
    -------
    list of (str, int)
        The items, ordered by :data:`SAMPLER_ORDER` (independent of the mapping's key order).

    Raises
    ------
    ValueError
        If a name is not in :data:`SAMPLER_ORDER`.
    """
    unknown = [name for name in samplers if name not in SAMPLER_ORDER]
    if unknown:
        raise ValueError(f"unknown sampler {unknown[0]!r}; samplers are {', '.join(SAMPLER_ORDER)}")
    return sorted(samplers.items(), key=lambda item: SAMPLER_ORDER.index(item[0]))
