"""The comparison study's core (lib.studies.comparison): the designs' splits and outcomes, the tests
on them, and the handicap of per-instance outcomes."""

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.models import handicap
from lib.studies import comparison, permutation

MAJORITY = {"class": "sklearn.dummy.DummyClassifier", "params": {"strategy": "most_frequent"}}


def _informative(seed=0, n=120):
    """Two classes (72 / 48), two numeric attributes that carry the class and a nominal one that
    does not: naive Bayes is right about 90 % of the time, the majority class 60 %."""
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.repeat([0, 1], [72, 48]))
    X = np.column_stack([rng.normal(size=n) + 2.5 * y, rng.normal(size=n) + 1.5 * y, rng.integers(0, 3, n)])
    return X.astype(float), y, AttributeSpec(n_values=(0, 0, 3))


def _nb_vs_majority(seed=0, **sizes):
    X, y, spec = _informative()
    make_a = comparison.model_factory("nb", spec, 2)
    make_b = comparison.model_factory("majority", spec, 2, estimator=MAJORITY)
    return comparison.designs(X, y, make_a, make_b, np.random.default_rng(seed), **sizes)


@pytest.fixture(scope="module")
def nb_vs_majority():
    return _nb_vs_majority()


def _partitions(test, repetitions, folds):
    """Every repetition's test sets, as (repetitions, folds, n)."""
    return test.reshape(repetitions, folds, test.shape[1])


def test_designs_have_the_right_splits(nb_vs_majority):
    d = nb_vs_majority
    _, y, _ = _informative()
    n = len(y)
    assert tuple(d) == comparison.DESIGNS
    expected = {"cv": (1, 10), "repeated_cv": (10, 10), "resampling": (15, 1), "cv5x2": (5, 2), "holdout": (1, 1)}
    for name, (reps, folds) in expected.items():
        design = d[name]
        assert (design.repetitions, design.folds, design.splits) == (reps, folds, reps * folds)
        assert design.test.shape == design.correct_a.shape == design.correct_b.shape == (reps * folds, n)
        assert not (design.correct_a & ~design.test).any() and not (design.correct_b & ~design.test).any()
        assert np.array_equal(design.n_train + design.n_test, np.full(design.splits, n))
    for name in ("cv", "repeated_cv", "cv5x2"):  # each repetition partitions the data, stratified
        design = d[name]
        parts = _partitions(design.test, design.repetitions, design.folds)
        assert (parts.sum(axis=1) == 1).all()
        positives = (parts & (y == 1)).sum(axis=2)
        share = (y == 1).sum() / design.folds
        assert (np.abs(positives - share) < 1).all()
    assert (d["resampling"].n_test == round(n / 3)).all()  # 40 of 120 in every random subsample
    assert len({tuple(np.flatnonzero(t)) for t in d["resampling"].test}) == 15
    holdout = d["holdout"].test[0]
    assert holdout.sum() == n / 3 and (y[holdout] == 1).sum() == 16  # one third, stratified


def test_the_same_generator_gives_the_same_numbers(nb_vs_majority):
    again = _nb_vs_majority(0)
    other = _nb_vs_majority(1)
    for name, design in nb_vs_majority.items():
        for field in ("test", "correct_a", "correct_b"):
            assert np.array_equal(getattr(design, field), getattr(again[name], field))
        assert not np.array_equal(design.test, other[name].test)
    # each design draws from its own stream: leaving the others out, or resizing them, changes nothing
    alone = _nb_vs_majority(0, include=("holdout",), folds=5, repetitions=3, resamples=4)
    assert tuple(alone) == ("holdout",)
    assert np.array_equal(alone["holdout"].test, nb_vs_majority["holdout"].test)


@pytest.mark.parametrize("classifier", ["j48", "nb"])
def test_a_cv_design_pools_to_the_permutation_studys_engine(classifier):
    # the same folds, refit per fold here and on the study's compiled engine there
    X, y, spec = _informative(3)
    make = comparison.model_factory(classifier, spec, 2)
    d = comparison.designs(X, y, make, make, np.random.default_rng(5), include=("cv", "cv5x2"))
    for design in d.values():
        parts = _partitions(design.test, design.repetitions, design.folds)
        fold_of = parts.argmax(axis=1)  # (repetitions, n)
        wrong = (design.test & ~design.correct_a).reshape(design.repetitions, -1).sum(axis=1)
        engine = permutation.original_errors(classifier, X, y, spec, fold_of, [0])
        assert np.allclose(wrong / len(y), engine)


def test_the_same_classifier_is_never_told_apart():
    X, y, spec = _informative(1)
    make = comparison.model_factory("j48", spec, 2)
    d = comparison.designs(X, y, make, make, np.random.default_rng(2))
    for design in d.values():
        assert np.array_equal(design.correct_a, design.correct_b)
        assert (design.accuracy_a - design.accuracy_b == 0).all()
    table = comparison.compare(d, np.random.default_rng(3))
    assert [tuple(r) for r in table[["test", "design"]].to_numpy()] == list(comparison.TESTS)
    assert not table.reject.any()
    assert (table.mean_difference == 0).all()
    frequentist = table[table.test != "bayesian_correlated_t"]
    assert (frequentist.pvalue == 1.0).all()  # each test's degenerate case: no difference, p = 1
    assert frequentist[["p_a_better", "p_equivalent", "p_b_better"]].isna().all().all()
    bayes = table[table.test == "bayesian_correlated_t"].iloc[0]
    assert np.isnan(bayes.pvalue) and np.isnan(bayes.statistic)
    assert (bayes.p_a_better, bayes.p_equivalent, bayes.p_b_better) == (0.0, 1.0, 0.0)


def test_a_clearly_better_classifier_is_found_by_every_test(nb_vs_majority):
    table = comparison.compare(nb_vs_majority, np.random.default_rng(4)).set_index(["test", "design"])
    assert table.reject.all(), table[~table.reject]
    assert (table.mean_difference > 0.2).all()
    # the majority class: 72 of 120 in every stratified test set, about that in the random subsamples
    stratified = table.drop("resampling", level="design")
    assert np.allclose(stratified.accuracy_b, 0.6) and abs(table.accuracy_b.min() - 0.6) < 0.1
    frequentist = table.drop(("bayesian_correlated_t", "repeated_cv"))
    assert (frequentist.pvalue < 0.01).all()
    t_tests = [t for t in table.index if t[0] not in ("wilcoxon", "mcnemar", "bayesian_correlated_t")]
    assert (table.loc[t_tests, "statistic"] > 0).all()  # accuracies: positive means A is better
    bayes = table.loc[("bayesian_correlated_t", "repeated_cv")]
    assert bayes.p_a_better > 0.95 and bayes.p_b_better < 0.01 and 0.0 <= bayes.p_equivalent < 0.01
    assert table.loc[("mcnemar", "holdout"), "splits"] == 1
    assert table.loc[("paired_t", "repeated_cv"), "splits"] == 100


def test_compare_runs_the_tests_of_the_designs_given(nb_vs_majority):
    table = comparison.compare({"holdout": nb_vs_majority["holdout"]}, np.random.default_rng(0), permutations=99)
    assert list(table.test) == ["mcnemar", "paired_permutation_test"]
    assert list(table.columns) == list(comparison.COLUMNS)
    assert table.pvalue.iloc[1] == 1 / 100  # the permutation p-value's floor: no flip reaches A's lead


def _outcomes(seed, shape=(20, 500), accuracy=0.8, test_share=0.4):
    rng = np.random.default_rng(seed)
    return rng.random(shape) < accuracy, rng.random(shape) < test_share, handicap.perturbation_keys(rng, shape)


@pytest.mark.parametrize("c", [0.05, 0.3, 0.7])
def test_the_handicap_perturbs_the_stated_fraction(c):
    correct, test, keys = _outcomes(0)
    perturbed, chosen = comparison.handicapped(correct, c, keys, test=test)
    assert not (chosen & ~test).any() and np.array_equal(perturbed[~test], correct[~test])
    share = chosen.sum() / test.sum()
    assert abs(share - c) < 4 * np.sqrt(c * (1 - c) / test.sum())  # Bernoulli(c) per test instance
    assert np.array_equal(perturbed != correct, chosen)  # two classes: every chosen outcome toggles
    # ... exactly what the relational studies' handicap does to P(correct) in {0, 1}
    flipped, same = handicap.perturb_with_keys(correct.astype(float), c, keys, mask=test)
    assert np.array_equal(perturbed, flipped == 1.0) and np.array_equal(chosen, same)
    # and the accuracy falls as acc (1 - c) + c (1 - acc), within sampling error
    acc, after = correct[test].mean(), perturbed[test].mean()
    assert abs(after - (acc * (1 - c) + c * (1 - acc))) < 4 * np.sqrt(c / test.sum())


def test_no_handicap_changes_nothing_and_more_handicap_adds_to_it():
    correct, test, keys = _outcomes(1)
    perturbed, chosen = comparison.handicapped(correct, 0.0, keys, test=test)
    assert np.array_equal(perturbed, correct) and not chosen.any()
    _, low = comparison.handicapped(correct, 0.2, keys, test=test)
    _, high = comparison.handicapped(correct, 0.5, keys, test=test)
    assert not (low & ~high).any()  # nested: the common random numbers of a calibration
    _, exact = comparison.handicapped(correct, 0.25, keys, test=test, selection="exact")
    assert np.array_equal(exact.sum(axis=1), np.floor(0.25 * test.sum(axis=1) + 0.5))


def test_with_more_classes_a_perturbed_prediction_is_right_only_by_chance():
    correct, test, keys = _outcomes(2, shape=(40, 500), accuracy=0.5)
    perturbed, chosen = comparison.handicapped(correct, 0.5, keys, test=test, n_classes=4)
    assert not perturbed[chosen & correct].any()  # a right prediction moved to another class
    recovered = perturbed[chosen & ~correct].mean()  # a wrong one hits the right class 1 time in 3
    assert abs(recovered - 1 / 3) < 4 * np.sqrt(2 / 9 / (chosen & ~correct).sum())
    one, _ = comparison.handicapped(correct[0], 0.5, keys[0], test=test[0], n_classes=4)
    assert np.array_equal(one, perturbed[0])  # one row alone: the same outcomes


def test_wrong_inputs_are_refused():
    X, y, spec = _informative()
    make = comparison.model_factory("nb", spec, 2)
    with pytest.raises(ValueError, match="unknown design"):
        comparison.designs(X, y, make, make, np.random.default_rng(0), include=("loo",))
    with pytest.raises(ValueError, match="Generator"):
        comparison.designs(X, y, make, make, 0)
    with pytest.raises(ValueError, match="shape"):
        comparison.designs(X[:-1], y, make, make, np.random.default_rng(0))
    with pytest.raises(ValueError, match="classifier"):
        comparison.model_factory("zeror", spec, 2)
    correct, test, keys = _outcomes(0, shape=(2, 10))
    with pytest.raises(ValueError, match="shape"):
        comparison.handicapped(correct, 0.1, keys[:, :5])
    with pytest.raises(ValueError, match="n_classes"):
        comparison.handicapped(correct, 0.1, keys, n_classes=1)
    with pytest.raises(ValueError, match="handicap c"):
        comparison.handicapped(correct, 1.5, keys)
