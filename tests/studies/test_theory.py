"""The theory study: where the model of Wang 2011 eq. (1) exists (Theorem 3), the mechanism that
draws from it exactly, and the Theorem 3 points inside it."""

import numpy as np
import pandas as pd
import pytest

from lib.evaluation import rsc
from lib.studies import theory

P = 0.1  # config theory.p


def eq29(p, q, rho):
    """P(X_j^1 = 1 | X_i^0 = 1) as printed, eq. (29)."""
    return q + rho * np.sqrt(q * (1 - 2 * p + p * q) / p)


def test_eq29_at_the_papers_q_by_hand():
    # c = sqrt(1 - 0.2 + 0.09) = 0.9434, sqrt(q/p) = 3: 0.9 + 2.830 rho
    assert eq29(P, 0.9, 1.0) - 0.9 == pytest.approx(3 * np.sqrt(0.89))
    assert theory.conditional_probabilities(P, 0.9, 0.1)[(0, 1, 1)] == pytest.approx(0.9 + 0.2830, abs=1e-4)
    for rho in (0.1, 0.2, 0.3, 0.4):
        assert eq29(P, 0.9, rho) > 1
        assert not theory.model_exists(P, 0.9, rho)


@pytest.mark.parametrize(
    "q, bound",
    [
        (0.9, 0.1 / (3 * np.sqrt(0.89))),  # (1 - q) / (c sqrt(q/p)) = 0.0353
        (0.5, 0.5 / (np.sqrt(0.85) * np.sqrt(5))),  # = 0.2425
        (0.3, 0.7 / (np.sqrt(0.83) * np.sqrt(3))),  # = 0.4436
    ],
)
def test_rho_max_is_where_eq29_reaches_one(q, bound):
    assert theory.rho_max(P, q) == pytest.approx(bound, rel=1e-12)
    assert eq29(P, q, bound) == pytest.approx(1.0)
    assert theory.model_exists(P, q, bound)
    assert theory.model_exists(P, q, 0.999 * bound)
    assert not theory.model_exists(P, q, 1.001 * bound)


def test_rho_max_values():
    assert theory.rho_max(P, 0.9) == pytest.approx(0.0353, abs=1e-4)
    assert theory.rho_max(P, 0.5) == pytest.approx(0.2425, abs=1e-4)
    # q = p is Theorem 1's model (one type); q = 1 leaves no variance to correlate
    assert theory.rho_max(P, P) == 1.0 and theory.rho_max(P, 1.0) == 1.0
    assert theory.model_exists(P, P, 1.0) and theory.model_exists(P, 1.0, 1.0)


def test_conditional_probabilities_are_eqs_25_to_31():
    p, q, rho = 0.2, 0.6, 0.05
    c = np.sqrt(1 - 2 * p + p * q)
    got = theory.conditional_probabilities(p, q, rho)
    assert got[(1, 1, 1)] == pytest.approx(q + rho * (1 - q))  # (25)
    assert got[(1, 0, 1)] == pytest.approx(p * (1 - q) / (1 - p) + rho * (1 - q) / (1 - p) * c * np.sqrt(p / q))  # (27)
    assert got[(0, 1, 1)] == pytest.approx(eq29(p, q, rho))  # (29)
    assert got[(0, 0, 1)] == pytest.approx(p * (1 - q) / (1 - p) + rho * c**2 / (1 - p))  # (31)
    assert len(got) == 8


def test_with_model_bound_marks_every_point():
    table = pd.DataFrame({"p": [P] * 4, "q": [P, 0.9, 0.9, 0.5], "rho_target": [0.4, 0.03, 0.1, 0.2]})
    out = theory.with_model_bound(table)
    assert list(out["thm3_model_exists"]) == [True, True, False, True]
    assert out["thm3_rho_max"].round(4).tolist() == [1.0, 0.0353, 0.0353, 0.2425]


@pytest.mark.parametrize("q, rho", [(0.5, 0.24), (0.3, 0.2)])
def test_simulate_eq1_matches_theorem3(q, rho):
    # the mechanism has eq. (1)'s covariances exactly, so Theorem 3 is its variance
    k = 10
    res = theory.simulate_eq1(70, 100, P, q, rho, 10, k, 3000, np.random.default_rng(7))
    exact = rsc.var_obs(70, 100, P, q, rho, res["L"])
    assert abs(res["var"] - exact) < 4 * res["var_se"]
    assert res["L"] == pytest.approx(70 * 69 * 9 / 99, rel=0.01)


def test_simulate_eq1_refuses_points_outside_the_model():
    with pytest.raises(ValueError, match="outside the model of eq. \\(1\\)"):
        theory.simulate_eq1(70, 100, P, 0.9, 0.1, 10, 10, 10, np.random.default_rng(1))


def test_thm3_monte_carlo_rows_and_guards():
    settings = dict(instances=100, p=P, folds=5, group_size=10, replications=20)
    grid = {"q_values": [0.5], "rho_values": [0.1, 0.2]}
    out = theory.thm3_monte_carlo({**settings, "thm3_model": grid}, np.random.default_rng(3))
    assert list(out.columns) == theory.COLUMNS
    assert list(out["panel"]) == ["thm3_model"] * 2 and list(out["n"]) == [70, 70]
    assert np.allclose(out["exact_var_of_simulator"], out["thm3_var_obs_target_rho"])
    assert theory.thm3_monte_carlo(settings, np.random.default_rng(3)).empty
    with pytest.raises(ValueError, match="theory.thm3_model: rho=0.2 at q=0.9"):
        theory.thm3_monte_carlo({**settings, "thm3_model": {"q_values": [0.9], "rho_values": [0.2]}}, None)
