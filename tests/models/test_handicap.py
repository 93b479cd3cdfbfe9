"""The handicap (lib.models.handicap): perturbation keys, selection, magnitudes, and the
calibration of c, on arrays of probabilities and on the relational classifiers' predictions."""

import ast
import inspect

import numpy as np
import pytest
from scipy import stats

from lib.data import networks
from lib.evaluation import sampling
from lib.models import handicap, wvrn_nbc

# ----------------------------------------------------------------------------- perturbation


@pytest.mark.parametrize("c", [0.0, 0.1, 0.25, 0.5, 0.77, 1.0])
def test_exact_perturbation_changes_round_c_n_test_predictions(c):
    rng = np.random.default_rng(61)
    probs = rng.uniform(0.01, 0.99, size=(50, 300))
    probs[np.abs(probs - 0.5) < 1e-3] = 0.3  # no ties: every chosen probability really moves
    test = sampling.rrs_test_sets(rng, 1, 300, 0.3, 50)[0]  # 210 test nodes each
    keys = handicap.perturbation_keys(rng, probs.shape)
    out, chosen = handicap.perturb_with_keys(probs, c, keys, mask=test, selection="exact")
    k = int(np.floor(c * 210 + 0.5))
    assert np.all(chosen.sum(axis=1) == k) and not np.any(chosen & ~test)
    changed = out != probs
    assert np.array_equal(changed, chosen)
    np.testing.assert_allclose(out[chosen], 1 - probs[chosen], atol=1e-15)
    flipped = wvrn_nbc.predict(out) != wvrn_nbc.predict(probs)
    assert np.array_equal(flipped, chosen)


def test_bernoulli_perturbation_and_strength():
    rng = np.random.default_rng(62)
    probs = rng.uniform(0, 1, size=(200, 300))
    test = rng.random((200, 300)) < 0.7
    keys = handicap.perturbation_keys(rng, probs.shape)
    out, chosen = handicap.perturb_with_keys(probs, 0.2, keys, mask=test, strength=0.3)
    assert not np.any(chosen & ~test)
    n = test.sum()
    assert abs(chosen.sum() / n - 0.2) < 4 * np.sqrt(0.2 * 0.8 / n)
    np.testing.assert_allclose(out[chosen], probs[chosen] + 0.3 * (1 - 2 * probs[chosen]))
    assert np.array_equal(out[~chosen], probs[~chosen])


def test_uniform_magnitude_moves_each_chosen_prediction_by_its_own_u():
    """Reading network_tests.handicap_magnitude = uniform: p -> p + U (1 - 2p) with U read from the
    key's low bits; the same nodes are chosen as under flip, U is Uniform(0, 1) and independent of
    the selection (KS tests at the 0.1 % level on 60,000 keys)."""
    rng = np.random.default_rng(64)
    probs = rng.uniform(0, 1, size=(200, 300))
    keys = handicap.perturbation_keys(rng, probs.shape)
    flip, chosen_flip = handicap.perturb_with_keys(probs, 0.3, keys)
    out, chosen = handicap.perturb_with_keys(probs, 0.3, keys, strength=handicap.UNIFORM)
    assert np.array_equal(chosen, chosen_flip)
    u = handicap.key_magnitudes(keys)
    np.testing.assert_allclose(out[chosen], probs[chosen] + u[chosen] * (1 - 2 * probs[chosen]))
    assert np.array_equal(out[~chosen], probs[~chosen])
    assert stats.kstest(u.ravel(), "uniform").pvalue > 1e-3
    assert stats.kstest(u[chosen], "uniform").pvalue > 1e-3  # U given chosen (key < 0.3)
    assert stats.kstest(u[~chosen], "uniform").pvalue > 1e-3
    moved = np.abs(out - probs)[chosen]
    assert np.all(moved <= np.abs(flip - probs)[chosen] + 1e-15)  # never further than a flip
    # the accuracy cost of a uniform move is about half a flip's: labels flip when U > 0.5
    flipped = wvrn_nbc.predict(out[chosen]) != wvrn_nbc.predict(probs[chosen])
    assert abs(flipped.mean() - 0.5) < 4 * np.sqrt(0.25 / chosen.sum())


def test_handicap_strength_of_the_reading():
    assert handicap.reading_strength(0.7, "flip") == 0.7
    assert handicap.reading_strength(0.7, "uniform") == handicap.UNIFORM
    with pytest.raises(ValueError, match="handicap_magnitude"):
        handicap.reading_strength(1.0, "half")
    with pytest.raises(ValueError, match="strength"):
        handicap.perturb_with_keys(np.full(3, 0.2), 0.5, np.full(3, 0.1), strength="gaussian")
    with pytest.raises(ValueError, match="strength"):
        handicap.perturb_with_keys(np.full(3, 0.2), 0.5, np.full(3, 0.1), strength=0.0)


@pytest.mark.parametrize("selection", handicap.SELECTIONS)
def test_common_random_numbers_give_nested_selections(selection):
    rng = np.random.default_rng(63)
    probs = rng.uniform(size=(20, 100))
    test = rng.random((20, 100)) < 0.5
    keys = handicap.perturbation_keys(rng, probs.shape)
    previous = np.zeros_like(test)
    for c in np.linspace(0, 1, 41):
        _, chosen = handicap.perturb_with_keys(probs, c, keys, mask=test, selection=selection)
        assert not np.any(previous & ~chosen)
        previous = chosen
    assert np.array_equal(previous, test)  # c = 1 perturbs every test prediction


# ----------------------------------------------------------------------------- calibration


def _calibration_case(n_test, configs=100, seed=71):
    """Better model: always right (P(+) 0.9 on + nodes, 0.1 on - nodes); other model right on
    55% of the test nodes (5 or 6 of 10 per configuration when n_test = 10)."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n_test) < 0.7).astype(int)
    better = np.broadcast_to(np.where(y == 1, 0.9, 0.1), (configs, n_test))
    wrong = np.zeros((configs, n_test), bool)
    for b in range(configs):
        wrong[b, rng.permutation(n_test)[: int(np.floor(0.45 * n_test + 0.5)) - (b % 2)]] = True
    other = np.where(wrong, 1 - better, better)
    test = np.ones((configs, n_test), bool)
    keys = handicap.perturbation_keys(rng, (configs, n_test))
    return better, other, y, test, keys


def test_calibration_meets_the_tolerance_with_common_random_numbers():
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="bernoulli")
    assert f(0.0) == pytest.approx(1 - 0.55, abs=0.006)
    cal = handicap.calibrate_handicap(f, tol=0.005)
    assert abs(cal.difference) <= 0.005
    assert f(cal.c) == cal.difference  # deterministic: same keys, same value
    assert 0.35 < cal.c < 0.55  # each flip costs one correct prediction: c ~ 0.45


def test_calibration_fails_clearly_when_the_difference_jumps_over_the_band():
    # exact selection with 10 test nodes: all configurations flip 4 nodes for c in [0.35, 0.45)
    # and 5 for c in [0.45, 0.55): the difference jumps from +0.05 to -0.05, never within 0.005
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="exact")
    with pytest.raises(ValueError, match="jumps from"):
        handicap.calibrate_handicap(f, tol=0.005)


def test_calibration_rejects_a_wrong_setup():
    with pytest.raises(ValueError, match="already worse"):
        handicap.calibrate_handicap(lambda c: -0.1)
    with pytest.raises(ValueError, match="c=1"):
        handicap.calibrate_handicap(lambda c: 0.1)
    assert handicap.calibrate_handicap(lambda c: 0.002).c == 0.0
    with pytest.raises(ValueError, match="tol"):
        handicap.calibrate_handicap(lambda c: 0.1 - c, tol=0)
    with pytest.raises(ValueError, match="finite"):
        handicap.calibrate_handicap(lambda c: np.nan)


def test_an_unmet_calibration_raises_handicap_unmet_with_what_it_tried():
    with pytest.raises(handicap.HandicapUnmet, match="c=1") as info:
        handicap.calibrate_handicap(lambda c: 0.02 - 0.01 * c)
    assert info.value.evaluations == ((0.0, 0.02), (1.0, 0.01))
    assert isinstance(info.value, ValueError)  # callers that catch ValueError still do


def test_settle_keeps_what_bisection_finds_number_for_number():
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="bernoulli")
    settled = handicap.settle_handicap(f, gap_se=0.01, tol=0.005)
    assert settled == handicap.calibrate_handicap(f, tol=0.005)
    assert settled.case == handicap.MET_TOLERANCE


def _chance_case(configs=60, n_test=40, seed=5):
    """Both models at chance (confident probabilities): the better one right on exactly half the
    test nodes of every configuration, so flipping any of its predictions leaves it at 0.5 on
    average and exactly 0.5 at c = 1; the other right on 10 or 28 of 40 in turn (0.475 on
    average, 0.025 below), a per-split difference so spread that 0.025 is within 2 standard errors."""
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.repeat([0, 1], n_test // 2))
    truth = np.where(y == 1, 0.9, 0.1)

    def model(right_counts):
        wrong = np.ones((configs, n_test), bool)
        for b, right in enumerate(right_counts):
            wrong[b, rng.permutation(n_test)[:right]] = False
        return np.where(wrong, 1 - truth, truth)

    better = model([n_test // 2] * configs)
    other = model([10 if b % 2 else 28 for b in range(configs)])
    test = np.ones((configs, n_test), bool)
    return better, other, y, test, handicap.perturbation_keys(rng, (configs, n_test))


def test_settle_handicaps_nothing_when_the_gap_is_within_its_sampling_error():
    better, other, y, test, keys = _chance_case()
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys)
    with pytest.raises(handicap.HandicapUnmet, match="c=1"):
        handicap.calibrate_handicap(f, tol=0.005)
    per_split = wvrn_nbc.accuracy(better, y, test) - wvrn_nbc.accuracy(other, y, test)
    se = per_split.std(ddof=1) / np.sqrt(per_split.size)
    gap = f(0.0)
    assert gap == pytest.approx(0.025) and gap <= 2 * se  # beyond the tolerance, within 2 SE
    settled = handicap.settle_handicap(f, gap_se=se, tol=0.005)
    assert (settled.c, settled.difference, settled.case) == (0.0, gap, handicap.WITHIN_SAMPLING_ERROR)
    # the same gap measured precisely is real: then the handicap leaving the smallest gap
    settled = handicap.settle_handicap(f, gap_se=0.001, tol=0.005)
    assert settled.case in (handicap.SMALLEST_GAP, handicap.MET_TOLERANCE)
    assert abs(settled.difference) == min(abs(d) for _, d in settled.evaluations) < gap


def test_settle_takes_the_smallest_gap_when_the_gap_is_real():
    # a handicap that can close at most 0.03 of a 0.05 gap: the gap left is smallest at c = 1
    settled = handicap.settle_handicap(lambda c: 0.05 - 0.03 * c, gap_se=0.01, tol=0.005, grid=11)
    assert settled.case == handicap.SMALLEST_GAP
    assert settled.c == 1.0 and settled.difference == pytest.approx(0.02)
    # a gap that a handicap overshoots into: the grid's smallest |difference|, smallest c on a tie
    settled = handicap.settle_handicap(lambda c: 0.05 if c < 0.5 else -0.02, gap_se=0.01, tol=0.005, grid=5)
    assert settled.case == handicap.SMALLEST_GAP and settled.difference == -0.02
    assert settled.c == min(c for c, d in settled.evaluations if d == -0.02)


def test_settle_finds_a_handicap_bisection_missed_where_the_difference_is_not_monotone():
    # near chance the difference need not fall with c; bisection stops at c = 1, the grid finds 0.3
    settled = handicap.settle_handicap(lambda c: 0.001 if abs(c - 0.3) < 1e-9 else 0.05, gap_se=0.01, grid=11)
    assert settled.c == pytest.approx(0.3) and settled.case == handicap.MET_TOLERANCE


def test_settle_rejects_a_wrong_setup():
    for se in (-0.1, np.nan, np.inf):
        with pytest.raises(ValueError, match="gap_se"):
            handicap.settle_handicap(lambda c: 0.1, gap_se=se)
    with pytest.raises(ValueError, match="grid"):
        handicap.settle_handicap(lambda c: 0.1, gap_se=0.01, grid=1)
    with pytest.raises(ValueError, match="tol"):
        handicap.settle_handicap(lambda c: 0.1, gap_se=0.01, tol=0)


# ----------------------------------------------------------------------------- evaluation


def test_handicap_lowers_accuracy_by_about_c_times_2acc_minus_1():
    """Learn on the RS labeled sets, infer, handicap nBC's test predictions by c = 0.3 and score
    them, as the studies do (lib.evaluation.pairtests.score)."""
    rng = np.random.default_rng(82)
    net = networks.generate_lgm(rng)
    test = sampling.rrs_test_sets(rng, 1, 300, 0.3, 100)[0]
    _, probs = wvrn_nbc.infer_pair(net.adjacency, net.labels, ~test)
    tie = wvrn_nbc.majority_class(net.labels, ~test)
    keys = handicap.perturbation_keys(rng, probs.shape)
    hit, chosen = handicap.perturb_with_keys(probs, 0.3, keys, mask=test)
    assert not np.any(chosen & ~test)
    acc = wvrn_nbc.accuracy(probs, net.labels, test, tie).mean()
    drop = acc - wvrn_nbc.accuracy(hit, net.labels, test, tie).mean()
    # each flipped prediction was right with probability ~acc: E[drop] = c (2 acc - 1)
    assert drop == pytest.approx(0.3 * (2 * acc - 1), abs=0.02)


# ----------------------------------------------------------------------------- captions and bad input


def test_handicap_words_follow_the_magnitude_reading():
    """A caption names the handicap the run used, not the default's."""
    assert handicap.handicap_words("flip") == "flips P(+)"
    assert "0.5 of the way" in handicap.handicap_words("flip", 0.5)
    assert "Uniform(0, 1)" in handicap.handicap_words("uniform", 1.0)
    with pytest.raises(ValueError, match="handicap_magnitude"):
        handicap.handicap_words("half")


def test_bad_handicap_parameters_raise():
    probs, keys = np.full((1, 4), 0.3), np.full((1, 4), 0.5)
    with pytest.raises(ValueError, match="handicap c"):
        handicap.perturb_with_keys(probs, 1.2, keys)
    with pytest.raises(ValueError, match="strength"):
        handicap.perturb_with_keys(probs, 0.2, keys, strength=0)
    with pytest.raises(ValueError, match="selection"):
        handicap.perturb_with_keys(probs, 0.2, keys, selection="all")
    with pytest.raises(ValueError, match="keys must have the shape"):
        handicap.perturb_with_keys(probs, 0.2, keys[:, :3])


def test_the_handicap_imports_no_classifier():
    """The classifiers import the handicap (their stage "during"), never the reverse, so there is
    no cycle and the handicap works on any model's probabilities (module docstring, Layering)."""
    tree = ast.parse(inspect.getsource(handicap))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m in name for name in imported for m in ("wvrn_nbc", "linkbased", "adapters"))
    assert "handicap" in {
        a.name
        for n in ast.walk(ast.parse(inspect.getsource(wvrn_nbc)))
        if isinstance(n, ast.ImportFrom)
        for a in n.names
    }
