"""Tests for lib.models.naive_bayes: Weka 3.6 NaiveBayes, hand-computed (its compiled CV engine is tested
in tests/models/test_nb_engine.py)."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from lib.models import naive_bayes

nan = np.nan


# ----------------------------------------------------------------------------- naive Bayes
def test_nb_precision_hand_cases():
    X = np.array([[3.0, 5, nan], [1, 5, nan], [1, 5, nan], [nan, 5, nan], [2, 5, nan], [7, 5, nan]])
    p = naive_bayes.nb_precision(X)
    # col0: distinct 1,2,3,7 -> (1+1+4)/3 = 2; col1 single value -> 0.01; all missing -> 0.01
    np.testing.assert_allclose(p, [2.0, 0.01, 0.01])
    assert naive_bayes.weka_round(2.5, 1.0) == 2.0 and naive_bayes.weka_round(3.5, 1.0) == 4.0  # half to even


def _nb_toy():
    X = np.array([[1.0, 0], [2, 0], [3, 1], [4, 1], [6, nan]])
    y = np.array([0, 0, 0, 1, 1])
    spec = naive_bayes.AttributeSpec((0, 2))
    return X, y, spec


def test_nb_parameters_hand_computed():
    X, y, spec = _nb_toy()
    m = naive_bayes.nb_fit(X, y, spec, 2)
    # precision: distinct 1,2,3,4,6 -> 5/4 = 1.25; rounded class 0: 1.25, 2.5, 2.5; class 1: 3.75, 6.25
    np.testing.assert_allclose(m.precision, [1.25])
    mu0 = 6.25 / 3
    sd0 = np.sqrt(abs(14.0625 - mu0 * 6.25) / 3)
    np.testing.assert_allclose(m.mean[:, 0], [mu0, 5.0])
    np.testing.assert_allclose(m.std[:, 0], [sd0, 1.25])
    np.testing.assert_allclose(np.exp(m.log_prior), [4 / 7, 3 / 7])
    # Laplace: class 0 values 0,0,1 -> 3/5, 2/5; class 1 values 1 (missing skipped) -> 1/3, 2/3
    np.testing.assert_allclose(np.exp(m.log_cond), [[3 / 5, 2 / 5], [1 / 3, 2 / 3]])


def test_nb_posteriors_hand_computed():
    X, y, spec = _nb_toy()
    nb = naive_bayes.NaiveBayesWeka(spec, 2).fit(X, y)
    mu0, sd0 = 6.25 / 3, np.sqrt(abs(14.0625 - 6.25 / 3 * 6.25) / 3)
    mu1, sd1 = 5.0, 1.25
    p, xr = 1.25, 3.75  # 3.3 rounds to 3 * 1.25
    lik0 = norm.cdf((xr - mu0 + p / 2) / sd0) - norm.cdf((xr - mu0 - p / 2) / sd0)
    lik1 = norm.cdf((xr - mu1 + p / 2) / sd1) - norm.cdf((xr - mu1 - p / 2) / sd1)
    j0 = 4 / 7 * lik0 * 3 / 5
    j1 = 3 / 7 * lik1 * 1 / 3
    post = nb.predict_proba(np.array([[3.3, 0], [nan, 1]]))
    np.testing.assert_allclose(post[0], [j0 / (j0 + j1), j1 / (j0 + j1)], rtol=1e-10)
    # missing numeric value: prior x nominal only
    a, b = 4 / 7 * 2 / 5, 3 / 7 * 2 / 3
    np.testing.assert_allclose(post[1], [a / (a + b), b / (a + b)], rtol=1e-12)


def test_nb_interval_probability_floor_is_weka_not_density():
    X, y, spec = _nb_toy()
    nb = naive_bayes.NaiveBayesWeka(spec, 2).fit(X, y)
    # x = 100 is > 70 sd from both means: both interval probabilities are 0 -> floored at 1e-75
    # for both classes, so prior x nominal decides (class 0), whereas a Gaussian-density naive
    # Bayes would pick the wider class 1.
    post = nb.predict_proba(np.array([[100.0, 0]]))[0]
    a, b = 4 / 7 * 3 / 5, 3 / 7 * 1 / 3
    np.testing.assert_allclose(post, [a / (a + b), b / (a + b)], rtol=1e-12)
    assert nb.predict(np.array([[100.0, 0]]))[0] == 0


def test_nb_std_floor_single_value_class():
    X = np.array([[0.0], [1.0], [1.0], [3.0]])
    y = np.array([0, 0, 1, 1])
    m = naive_bayes.nb_fit(X, y, naive_bayes.AttributeSpec.numeric(1), 2)
    # precision: distinct 0,1,3 -> 3/2 = 1.5; class 0 rounded: 0, 1.5 -> sd 0.75
    np.testing.assert_allclose(m.std[:, 0], [0.75, 0.75])
    X2 = np.array([[0.0], [0.0], [1.0], [2.0]])
    m2 = naive_bayes.nb_fit(X2, y, naive_bayes.AttributeSpec.numeric(1), 2)
    # precision 1; class 0 has a single distinct value -> sd = precision / 6
    np.testing.assert_allclose(m2.std[0, 0], 1 / 6)


def test_nb_batched_equals_unbatched():
    r = np.random.default_rng(3)
    X = np.column_stack([r.normal(size=30), r.integers(0, 3, 30)]).astype(float)
    spec = naive_bayes.AttributeSpec((0, 3))
    Ys = r.integers(0, 2, (4, 30))
    Yoh = (Ys[..., None] == np.arange(2)).astype(float)
    mb = naive_bayes.nb_fit_weighted(X, Yoh, spec, precision=naive_bayes.nb_precision(X, spec))
    lj = naive_bayes.nb_log_joint(mb, X)
    for b in range(4):
        np.testing.assert_allclose(
            lj[b], naive_bayes.nb_log_joint(naive_bayes.nb_fit(X, Ys[b], spec, 2), X), rtol=1e-12
        )
