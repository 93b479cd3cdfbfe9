"""lib.models.adapters: Weka's IB1 as a scoring model, and a user's estimator refit per fold on the
numeric encoding (nominal one-hot, missing values replaced by the training mean)."""

import numpy as np
import pytest

from lib.data.attributes import AttributeSpec
from lib.models import adapters
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def _mixed(rng, n=60):
    y = rng.integers(0, 2, n)
    X = np.column_stack([rng.normal(y, 1.0), rng.integers(0, 3, n), rng.normal(size=n)]).astype(float)
    X[rng.choice(n, 5, replace=False), 0] = np.nan
    X[rng.choice(n, 5, replace=False), 1] = np.nan
    return X, y, AttributeSpec((0, 3, 0))


@pytest.mark.parametrize("tie_rule", ["first", "vote"])
def test_ib1_predicts_as_the_reference_1nn_with_training_ranges(tie_rule):
    rng = np.random.default_rng(3)
    X, y, spec = _mixed(rng)
    model = adapters.IB1(spec, 2, tie_rule).fit(X[:40], y[:40])
    ref = rm.IBk1(spec, 2, tie_rule=tie_rule, range_mode="train").fit(X[:40], y[:40])
    np.testing.assert_array_equal(model.predict(X[40:]), ref.predict(X[40:]))
    proba = model.predict_proba(X[40:])
    np.testing.assert_array_equal(proba.argmax(axis=1), model.predict(X[40:]))
    assert set(np.unique(proba)) <= {0.0, 1.0}
    with pytest.raises(ValueError, match="tie_rule"):
        adapters.IB1(spec, 2, "shuffled")


def test_encoding_one_hot_and_training_means():
    spec = AttributeSpec((0, 3))
    train = np.array([[1.0, 0], [3.0, 2], [np.nan, 1]])
    enc = adapters.Encoding(spec, train)
    out = enc(np.array([[np.nan, 2], [5.0, np.nan]]))
    np.testing.assert_array_equal(out, [[2.0, 0, 0, 1], [5.0, 0, 0, 0]])
    assert adapters.one_hot_width(spec) == 4


def test_import_and_build_errors_are_one_sentence():
    with pytest.raises(adapters.EstimatorError, match="cannot import module 'no_such_pkg.sub'"):
        adapters.import_estimator("no_such_pkg.sub.Model")
    with pytest.raises(adapters.EstimatorError, match="has no 'Nope'"):
        adapters.import_estimator("sklearn.linear_model.Nope")
    with pytest.raises(adapters.EstimatorError, match="not an import path"):
        adapters.import_estimator("LogisticRegression")
    with pytest.raises(adapters.EstimatorError, match=r"cannot be built \(TypeError"):
        adapters.build_estimator("sklearn.linear_model.LogisticRegression", {"no_such_param": 1})
    with pytest.raises(adapters.EstimatorError, match="no fit and predict"):
        adapters.build_estimator("collections.OrderedDict")


def test_random_state_is_fixed_unless_given():
    est = adapters.build_estimator("sklearn.ensemble.RandomForestClassifier", {"n_estimators": 3})
    assert est.random_state == 0
    est = adapters.build_estimator("sklearn.ensemble.RandomForestClassifier", {"random_state": 7}, seed=0)
    assert est.random_state == 7


def test_estimator_model_refits_and_aligns_probabilities_with_every_class():
    rng = np.random.default_rng(5)
    X, y, spec = _mixed(rng)
    model = adapters.EstimatorModel("sklearn.linear_model.LogisticRegression", {"max_iter": 200}, spec, 3)
    model.fit(X, y)  # classes 0 and 1 only: class 2 gets probability 0
    proba = model.predict_proba(X)
    assert proba.shape == (len(y), 3)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    assert (proba[:, 2] == 0).all()
    assert set(model.predict(X)) <= {0, 1}
    first = model.estimator_
    model.fit(X[:30], y[:30])
    assert model.estimator_ is not first  # a fresh estimator per fit
    svc = adapters.EstimatorModel("sklearn.svm.LinearSVC", {}, spec, 2).fit(X, y)
    with pytest.raises(adapters.EstimatorError, match="has no predict_proba"):
        svc.predict_proba(X)
