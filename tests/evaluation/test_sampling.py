import numpy as np
import pytest

from lib.evaluation import sampling

RNG = np.random.default_rng(2024)


@pytest.mark.parametrize("pl", [0.1, 0.3, 0.5, 0.7, 0.9])
def test_rrs_sizes_and_overlap(pl):
    mem = sampling.rrs_test_sets(RNG, 50, 300, pl, 30)
    assert mem.shape == (50, 30, 300)
    assert (mem.sum(-1) == round((1 - pl) * 300)).all()
    # independent draws: each instance is in a test set with probability 1 - pl
    assert abs(mem.mean() - (1 - pl)) < 0.01


@pytest.mark.parametrize("pl,k", [(0.1, 30), (0.3, 30), (0.5, 30), (0.9, 30), (0.35, 7), (0.5, 10)])
def test_ers_equal_counts_and_sizes(pl, k):
    m = 300
    mem = sampling.ers_test_sets(RNG, 20, m, pl, k)
    size = round((1 - pl) * m)
    assert (mem.sum(-1) == size).all()  # every test set has testSetSize
    per_instance = mem.sum(-2)
    assert per_instance.max() - per_instance.min() <= 1  # each instance in (near) equally many sets
    assert per_instance.sum(-1).tolist() == [k * size] * 20
    if (k * size) % m == 0:
        assert (per_instance == k * size // m).all()


def test_ers_template_follows_the_greedy_rule_of_table3():
    # Table 3, literally: add each copy in pool order to the smallest set that lacks the instance
    m, pl, k = 12, 0.5, 5
    size = round((1 - pl) * m)
    copies = [k * size // m + (i < (k * size) % m) for i in range(m)]
    sets = [set() for _ in range(k)]
    for i in range(m):
        for _ in range(copies[i]):
            j = min((j for j in range(k) if i not in sets[j]), key=lambda j: (len(sets[j]), j))
            sets[j].add(i)
    greedy = np.array([[i in s for i in range(m)] for s in sets])
    assert np.array_equal(sampling.ers_template(m, pl, k), greedy)


def test_ncv_folds_are_disjoint_and_cover():
    fold_of = sampling.ncv_fold_of(RNG, 40, 300, 10)
    mem = sampling.ncv_test_sets(fold_of, 10)
    assert (mem.sum(-2) == 1).all()  # every instance in exactly one test fold
    assert (mem.sum(-1) == 30).all()


@pytest.mark.parametrize("pl", [0.1, 0.5, 0.9])
def test_ncv_training_sets_avoid_the_test_fold(pl):
    fold_of = sampling.ncv_fold_of(RNG, 10, 300, 10)
    train = sampling.ncv_training_sets(RNG, fold_of, pl, 10)
    test = sampling.ncv_test_sets(fold_of, 10)
    assert not (train & test).any()
    assert (train.sum(-1) == round(pl * 300)).all()


def test_impossible_parameters_fail_clearly():
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        sampling.rrs_test_sets(RNG, 1, 100, 1.0, 10)
    with pytest.raises(ValueError, match="at least 2"):
        sampling.ers_test_sets(RNG, 1, 100, 0.5, 1)
    with pytest.raises(ValueError, match="lower propLabeled"):
        sampling.ncv_training_size(300, 0.95, 10)
    with pytest.raises(ValueError, match="non-empty folds"):
        sampling.ncv_fold_of(RNG, 1, 5, 10)


def test_samplers_are_drawn_in_one_order_whatever_the_mapping_order():
    assert sampling.in_draw_order({"NCV": 10, "RS": 5}) == [("RS", 5), ("NCV", 10)]
    assert sampling.in_draw_order({"CV5x2": 2, "RRS": 30, "NCV": 10, "ERS": 30}) == [
        ("RRS", 30),
        ("ERS", 30),
        ("NCV", 10),
        ("CV5x2", 2),
    ]
    with pytest.raises(ValueError, match="unknown sampler 'XV'"):
        sampling.in_draw_order({"XV": 3})


# ----------------------------------------------------------------------------- stratified k-fold
def test_stratified_folds_balanced_and_seeded():
    y = np.array([0] * 23 + [1] * 9 + [2] * 15)
    f = sampling.stratified_fold_of(np.random.default_rng(5), y, 10)[0]
    assert f.shape == y.shape and set(f) == set(range(10))
    sizes = np.bincount(f)
    assert sizes.max() - sizes.min() <= 1
    for c in range(3):
        cc = np.bincount(f[y == c], minlength=10)
        assert cc.max() - cc.min() <= 1
    assert (f == sampling.stratified_fold_of(np.random.default_rng(5), y, 10)[0]).all()
    assert not (f == sampling.stratified_fold_of(np.random.default_rng(6), y, 10)[0]).all()
    with pytest.raises(ValueError):
        sampling.stratified_fold_of(np.random.default_rng(0), y, 1)


def test_stratified_folds_repeats_draw_what_single_partitions_draw():
    y = np.random.default_rng(1).integers(0, 3, 40)
    g1, g2 = np.random.default_rng(7), np.random.default_rng(7)
    singles = np.concatenate([sampling.stratified_fold_of(g1, y, 4) for _ in range(3)])
    np.testing.assert_array_equal(sampling.stratified_fold_of(g2, y, 4, 3), singles)
    assert g1.bit_generator.state == g2.bit_generator.state


def test_stratified_folds_spread_a_small_class_unless_every_fold_needs_it():
    # a class with fewer rows than folds (Weka's stratify deals it over as many folds as it has rows)
    y = np.r_[np.zeros(20, int), np.ones(3, int)]
    f = sampling.stratified_fold_of(np.random.default_rng(0), y, 10)[0]
    assert sorted(np.bincount(f[y == 1], minlength=10)) == [0] * 7 + [1] * 3
    assert np.bincount(f).max() - np.bincount(f).min() <= 1
    with pytest.raises(ValueError, match="at least k=10 rows"):
        sampling.stratified_fold_of(np.random.default_rng(0), y, 10, every_class_in_every_fold=True)
    with pytest.raises(ValueError, match="k <= n"):
        sampling.stratified_fold_of(np.random.default_rng(0), y, 24)
