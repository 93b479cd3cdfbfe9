"""lib.evaluation.refit: refitting per fold on the engines' own data sets gives the engines' errors."""

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.evaluation import refit, sampling
from lib.models import naive_bayes
from lib.studies import permutation


def _data(seed=0, n=60):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    X = np.column_stack([rng.normal(y, 1.0), rng.integers(0, 3, n)]).astype(float)
    return X, y, AttributeSpec((0, 3)), rng


def test_cv_error_counts_wrong_rows_over_folds():
    class Majority:
        def fit(self, X, y):
            self.c = np.bincount(y).argmax()
            return self

        def predict(self, X):
            return np.full(len(X), self.c)

    y = np.array([0, 0, 0, 1, 1, 0])
    folds = np.array([0, 1, 2, 0, 1, 2])
    # each training fold's majority is 0: the two 1s are wrong
    assert refit.cv_error(Majority, np.zeros((6, 1)), y, folds) == pytest.approx(2 / 6)


@pytest.mark.parametrize("test", [1, 2])
def test_refit_naive_bayes_equals_the_engine_on_the_same_randomisations(test):
    X, y, spec, rng = _data()
    folds0 = sampling.stratified_fold_of(rng, y, 5)[0]
    entropy = [11, 12]
    engine = permutation.randomized_errors("nb", X, y, spec, test, folds0, entropy, 0, 6)
    draws, null_folds = permutation.draw_randomizations(test, y, X.shape[1], folds0, entropy, 0, 6)
    seen = []
    slow = refit.cv_errors(
        lambda: naive_bayes.NaiveBayesWeka(spec, 2),
        X,
        y,
        null_folds,
        perms=draws if test == 1 else None,
        idx=draws if test == 2 else None,
        on_timed=seen.append,
    )
    np.testing.assert_allclose(slow, engine)
    assert len(seen) == 1 and seen[0] >= 0


def test_original_folds_without_randomisation():
    X, y, spec, rng = _data(1)
    folds = sampling.stratified_fold_of(rng, y, 5, 3)
    engine = permutation.original_errors("nb", X, y, spec, folds, [1])
    np.testing.assert_allclose(refit.cv_errors(lambda: naive_bayes.NaiveBayesWeka(spec, 2), X, y, folds), engine)
    with pytest.raises(ValueError, match="not both"):
        refit.cv_errors(lambda: None, X, y, folds, perms=np.zeros((3, 60), int), idx=np.zeros((3, 60, 2), int))
