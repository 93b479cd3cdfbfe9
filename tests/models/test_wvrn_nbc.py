from fractions import Fraction as F

import numpy as np
import pytest
import scipy.sparse as sp
from scipy import stats

from lib.data import networks
from lib.evaluation import sampling
from lib.models import wvrn_nbc

ONE_STEP = wvrn_nbc.Schedule(iterations=1)


# ----------------------------------------------------------------------------- tiny graphs


def _chain():
    # 0 - 1 - 2 - 3, node 0 labeled +, node 3 labeled -, nodes 1 and 2 unlabeled
    adj = networks.adjacency_from_edges(4, [(0, 1), (1, 2), (2, 3)])
    return adj, np.array([1, 1, 0, 0]), np.array([True, False, False, True])


def test_wvrn_by_hand_first_steps_and_fixed_point():
    adj, y, lab = _chain()
    # init: labeled prior 1/2 for nodes 1, 2.
    # t=0 (beta=1): p1 = (1 + 1/2)/2 = 3/4, p2 = (1/2 + 0)/2 = 1/4
    p = wvrn_nbc.wvrn(adj, y, lab, schedule=ONE_STEP).probs
    assert p == pytest.approx([1, 0.75, 0.25, 0], abs=1e-15)
    # t=1 (beta=0.99): M1 = (1 + 1/4)/2 = 5/8, M2 = (3/4 + 0)/2 = 3/8
    # p1 = 3/4 + 0.99 (5/8 - 3/4) = 0.62625, p2 = 1/4 + 0.99 (3/8 - 1/4) = 0.37375
    p = wvrn_nbc.wvrn(adj, y, lab, schedule=wvrn_nbc.Schedule(iterations=2)).probs
    assert p == pytest.approx([1, 0.62625, 0.37375, 0], abs=1e-15)
    # fixed point (harmonic): p1 = (1 + p2)/2, p2 = p1/2  ->  p1 = 2/3, p2 = 1/3
    result = wvrn_nbc.wvrn(adj, y, lab)
    assert result.probs == pytest.approx([1, 2 / 3, 1 / 3, 0], abs=1e-9)
    assert result.change.shape == (99,) and result.change[-1] < 1e-9


def test_wvrn_isolated_node_falls_back_to_the_labeled_prior():
    # 0 - 1, 2 isolated (unlabeled), 3 - 4; labeled: 0 (+), 3 (+), 4 (-)  -> prior 2/3
    adj = networks.adjacency_from_edges(5, [(0, 1), (3, 4)])
    y = np.array([1, 0, 1, 1, 0])
    lab = np.array([True, False, False, True, True])
    p = wvrn_nbc.wvrn(adj, y, lab).probs
    assert p[2] == pytest.approx(2 / 3, abs=1e-15)
    assert p[1] == pytest.approx(1.0, abs=1e-15)  # only neighbour is labeled +
    assert wvrn_nbc.class_prior(y, lab) == pytest.approx(2 / 3)


def _nbc_graph():
    # labeled: 0 (+), 1 (+), 2 (-), 3 (+); unlabeled 4, 5.
    # edges: 0-1, 1-2, 0-3 (labeled-labeled), 4-0, 4-2, 4-5 (touch unlabeled nodes)
    adj = networks.adjacency_from_edges(6, [(0, 1), (1, 2), (0, 3), (4, 0), (4, 2), (4, 5)])
    y = np.array([1, 1, 0, 1, 0, 1])
    lab = np.array([True, True, True, True, False, False])
    return adj, y, lab


def test_nbc_parameters_by_hand():
    adj, y, lab = _nbc_graph()
    # ordered labeled pairs: 0-1 (+,+) x2, 0-3 (+,+) x2 -> M[+,+] = 4; 1-2 -> M[+,-] = M[-,+] = 1;
    # M[-,-] = 0. Edges 4-0, 4-2, 4-5 touch an unlabeled node and are not counted.
    params = wvrn_nbc.nbc_fit(adj, y, lab)
    assert np.array_equal(params.counts[:, :, 0, 0], [[0, 1], [1, 4]])
    # prior (3 + 1) / (4 + 2) = 2/3
    assert params.prior[0, 0] == pytest.approx(2 / 3)
    # P(nb + | +) = (4 + 1)/(5 + 2) = 5/7; P(nb - | +) = 2/7; P(nb + | -) = (1 + 1)/(1 + 2) = 2/3
    assert params.cond[1, :, 0, 0] == pytest.approx([2 / 7, 5 / 7])
    assert params.cond[0, :, 0, 0] == pytest.approx([1 / 3, 2 / 3])
    # NetKit source orientation: cond[c, c2] = P(node c | nb c2), normalised over c:
    # nb +: (M[-,+]+1, M[+,+]+1)/(5+2) = (2/7, 5/7); nb -: (M[-,-]+1, M[+,-]+1)/(1+2) = (1/3, 2/3)
    netkit = wvrn_nbc.nbc_fit(adj, y, lab, conditional="netkit")
    assert netkit.cond[:, 1, 0, 0] == pytest.approx([2 / 7, 5 / 7])
    assert netkit.cond[:, 0, 0, 0] == pytest.approx([1 / 3, 2 / 3])


def test_nbc_first_step_by_hand():
    adj, y, lab = _nbc_graph()
    q = F(3, 4)  # initial estimate of nodes 4 and 5: unsmoothed labeled prior 3/4
    pp, pm = F(2, 3), F(1, 3)  # Laplace prior
    like = {(1, 1): F(5, 7), (1, 0): F(2, 7), (0, 1): F(2, 3), (0, 0): F(1, 3)}  # P(nb | node)

    def expected(c, q_nb):  # expected likelihood of an estimated neighbour
        return q_nb * like[(c, 1)] + (1 - q_nb) * like[(c, 0)]

    # node 4: neighbours 0 (+), 2 (-), 5 (estimate q)
    s_plus = pp * like[(1, 1)] * like[(1, 0)] * expected(1, q)
    s_minus = pm * like[(0, 1)] * like[(0, 0)] * expected(0, q)
    p4 = s_plus / (s_plus + s_minus)
    # node 5: only neighbour 4 (estimate q)
    p5 = pp * expected(1, q) / (pp * expected(1, q) + pm * expected(0, q))
    # numbers: s_plus = 2/3 * 5/7 * 2/7 * 17/28, s_minus = 1/3 * 2/3 * 1/3 * 7/12
    assert float(p4) == pytest.approx(340 / 4116 / (340 / 4116 + 14 / 324))
    assert float(p4) == pytest.approx(0.656558, abs=1e-6)
    probs = wvrn_nbc.nbc(adj, y, lab, schedule=ONE_STEP).probs
    assert probs == pytest.approx([1, 1, 0, 1, float(p4), float(p5)], abs=1e-12)


def test_relaxation_keeps_labeled_nodes_fixed_and_converges():
    net = networks.generate_lgm(np.random.default_rng(21))
    test = sampling.rrs_test_sets(np.random.default_rng(22), 1, 300, 0.3, 40)[0]
    train = ~test
    for model in (wvrn_nbc.wvrn, wvrn_nbc.nbc):
        result = model(net.adjacency, net.labels, train)
        assert np.array_equal(result.probs[train], np.broadcast_to(net.labels, train.shape)[train])
        assert np.all((result.probs >= 0) & (result.probs <= 1))
        first, last = result.change[0], result.change[-1]
        if model is wvrn_nbc.wvrn:
            assert last.max() < 1e-3  # wvRN is a contraction towards the harmonic solution
        else:
            # nBC can keep oscillating on a few nodes; most configurations settle
            assert np.mean(last < 1e-3) >= 0.9 and np.median(last) < 1e-6
        assert np.median(last) < 1e-3 * np.median(first)


def test_labels_of_unlabeled_nodes_are_never_read():
    net = networks.generate_lgm(np.random.default_rng(8))
    train = np.random.default_rng(9).random((5, 300)) < 0.3
    flipped = np.where(train, net.labels[None, :], 1 - net.labels[None, :])
    for b in range(5):
        for model in (wvrn_nbc.wvrn, wvrn_nbc.nbc):
            a = model(net.adjacency, net.labels, train[b]).probs
            c = model(net.adjacency, flipped[b], train[b]).probs
            assert np.array_equal(a, c)


# ----------------------------------------------------------------------------- batching


def _reference(adj, y, labeled, model, schedule=wvrn_nbc.Schedule(), alpha=1.0):
    """Per-node loop implementation of one configuration (independent of the vectorised code)."""
    n = adj.shape[0]
    nbrs = [adj.indices[adj.indptr[i] : adj.indptr[i + 1]].tolist() for i in range(n)]
    lab = [i for i in range(n) if labeled[i]]
    prior = sum(y[i] for i in lab) / len(lab)
    if model == "nbc":
        m = [[0.0, 0.0], [0.0, 0.0]]
        for i in lab:
            for j in nbrs[i]:
                if labeled[j]:
                    m[y[i]][y[j]] += 1
        cond = [[(m[c][c2] + alpha) / (m[c][0] + m[c][1] + 2 * alpha) for c2 in (0, 1)] for c in (0, 1)]
        pi = (sum(y[i] for i in lab) + alpha) / (len(lab) + 2 * alpha)
    p = [float(y[i]) if labeled[i] else prior for i in range(n)]
    for t in range(schedule.iterations):
        beta = schedule.beta0 * schedule.decay**t
        new = list(p)
        for i in range(n):
            if labeled[i]:
                continue
            if model == "wvrn":
                est = sum(p[j] for j in nbrs[i]) / len(nbrs[i]) if nbrs[i] else prior
            else:
                s1, s0 = np.log(pi), np.log(1 - pi)
                for j in nbrs[i]:
                    s1 += np.log(p[j] * cond[1][1] + (1 - p[j]) * cond[1][0])
                    s0 += np.log(p[j] * cond[0][1] + (1 - p[j]) * cond[0][0])
                est = 1 / (1 + np.exp(s0 - s1))
            new[i] = p[i] + beta * (est - p[i])
        p = new
    return np.array(p)


def test_vectorised_inference_matches_a_per_node_loop():
    params = networks.LGMParams(n_nodes=40, mean_group_size=8)
    net = networks.generate_lgm(np.random.default_rng(31), params)
    train = np.random.default_rng(32).random((3, 40)) < 0.35
    train[:, 0] = True
    for model, fn in (("wvrn", wvrn_nbc.wvrn), ("nbc", wvrn_nbc.nbc)):
        batched = fn(net.adjacency, net.labels, train).probs
        for b in range(3):
            ref = _reference(net.adjacency, net.labels.tolist(), train[b].tolist(), model)
            assert batched[b] == pytest.approx(ref, abs=1e-12)


def test_batched_inference_equals_a_loop_over_configurations():
    net = networks.generate_lgm(np.random.default_rng(41))
    test = sampling.rrs_test_sets(np.random.default_rng(42), 2, 300, 0.2, 10).reshape(-1, 300)
    train = ~test  # 20 RS configurations
    for fn in (wvrn_nbc.wvrn, wvrn_nbc.nbc):
        batched = fn(net.adjacency, net.labels, train).probs
        for b in range(train.shape[0]):
            single = fn(net.adjacency, net.labels, train[b]).probs
            np.testing.assert_allclose(batched[b], single, rtol=0, atol=1e-12)


def test_block_diagonal_batch_equals_separate_graphs():
    rng = np.random.default_rng(51)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=n)) for n in (120, 90, 150)]
    adj, labels, block = networks.stack_networks(nets)
    train = rng.random((4, adj.shape[0])) < 0.3
    for fn in (wvrn_nbc.wvrn, wvrn_nbc.nbc):
        stacked = fn(adj, labels, train, node_block=block).probs
        for g, net in enumerate(nets):
            alone = fn(net.adjacency, net.labels, train[:, block == g]).probs
            np.testing.assert_allclose(stacked[:, block == g], alone, rtol=0, atol=1e-12)
    prior = wvrn_nbc.class_prior(labels, train, block)
    assert prior.shape == (4, 3)
    assert prior[2, 1] == pytest.approx(labels[(block == 1) & train[2]].mean())


# ----------------------------------------------------------------------------- predictions


def test_predict_ties_and_accuracy():
    probs = np.array([[0.2, 0.5, 0.8, 0.5 + 1e-13]])
    assert np.array_equal(wvrn_nbc.predict(probs, 1), [[0, 1, 1, 1]])
    assert np.array_equal(wvrn_nbc.predict(probs, 0), [[0, 0, 1, 0]])
    y = np.array([0, 0, 0, 1])
    test = np.array([[True, True, True, False]])
    # predictions with tie -> 0: 0, 0, 1 on the test nodes: 2 of 3 correct
    assert wvrn_nbc.accuracy(probs, y, test, 0) == pytest.approx([2 / 3])
    assert np.array_equal(wvrn_nbc.prediction_errors(probs, y, test, 0), [[0, 0, 1, 0]])


@pytest.mark.parametrize("c", [0.0, 0.1, 0.25, 0.5, 0.77, 1.0])
def test_exact_perturbation_changes_round_c_n_test_predictions(c):
    rng = np.random.default_rng(61)
    probs = rng.uniform(0.01, 0.99, size=(50, 300))
    probs[np.abs(probs - 0.5) < 1e-3] = 0.3  # no ties: every chosen probability really moves
    test = sampling.rrs_test_sets(rng, 1, 300, 0.3, 50)[0]  # 210 test nodes each
    keys = wvrn_nbc.perturbation_keys(rng, probs.shape)
    out, chosen = wvrn_nbc.perturb_with_keys(probs, c, keys, mask=test, selection="exact")
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
    keys = wvrn_nbc.perturbation_keys(rng, probs.shape)
    out, chosen = wvrn_nbc.perturb_with_keys(probs, 0.2, keys, mask=test, strength=0.3)
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
    keys = wvrn_nbc.perturbation_keys(rng, probs.shape)
    flip, chosen_flip = wvrn_nbc.perturb_with_keys(probs, 0.3, keys)
    out, chosen = wvrn_nbc.perturb_with_keys(probs, 0.3, keys, strength=wvrn_nbc.UNIFORM)
    assert np.array_equal(chosen, chosen_flip)
    u = wvrn_nbc.key_magnitudes(keys)
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
    assert wvrn_nbc.reading_strength(0.7, "flip") == 0.7
    assert wvrn_nbc.reading_strength(0.7, "uniform") == wvrn_nbc.UNIFORM
    with pytest.raises(ValueError, match="handicap_magnitude"):
        wvrn_nbc.reading_strength(1.0, "half")
    with pytest.raises(ValueError, match="strength"):
        wvrn_nbc.perturb_with_keys(np.full(3, 0.2), 0.5, np.full(3, 0.1), strength="gaussian")
    with pytest.raises(ValueError, match="strength"):
        wvrn_nbc.perturb_with_keys(np.full(3, 0.2), 0.5, np.full(3, 0.1), strength=0.0)


def test_uniform_magnitude_during_inference_uses_per_node_strengths():
    adj = sp.csr_matrix(np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]], float))
    y = np.array([1, 1, 0, 0])
    lab = np.array([True, False, False, True])
    chosen = np.array([[False, True, False, False]])
    full = wvrn_nbc.infer_handicapped("wvrn", adj, y, lab[None], chosen)[0]
    same = wvrn_nbc.infer_handicapped("wvrn", adj, y, lab[None], chosen, strength=np.ones((1, 4)))[0]
    np.testing.assert_array_equal(full, same)
    none = wvrn_nbc.infer_handicapped("wvrn", adj, y, lab[None], chosen, strength=np.zeros((1, 4)))[0]
    np.testing.assert_allclose(none, wvrn_nbc.wvrn(adj, y, lab).probs, atol=1e-12)


@pytest.mark.parametrize("selection", wvrn_nbc.SELECTIONS)
def test_common_random_numbers_give_nested_selections(selection):
    rng = np.random.default_rng(63)
    probs = rng.uniform(size=(20, 100))
    test = rng.random((20, 100)) < 0.5
    keys = wvrn_nbc.perturbation_keys(rng, probs.shape)
    previous = np.zeros_like(test)
    for c in np.linspace(0, 1, 41):
        _, chosen = wvrn_nbc.perturb_with_keys(probs, c, keys, mask=test, selection=selection)
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
    keys = wvrn_nbc.perturbation_keys(rng, (configs, n_test))
    return better, other, y, test, keys


def test_calibration_meets_the_tolerance_with_common_random_numbers():
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="bernoulli")
    assert f(0.0) == pytest.approx(1 - 0.55, abs=0.006)
    cal = wvrn_nbc.calibrate_handicap(f, tol=0.005)
    assert abs(cal.difference) <= 0.005
    assert f(cal.c) == cal.difference  # deterministic: same keys, same value
    assert 0.35 < cal.c < 0.55  # each flip costs one correct prediction: c ~ 0.45


def test_calibration_fails_clearly_when_the_difference_jumps_over_the_band():
    # exact selection with 10 test nodes: all configurations flip 4 nodes for c in [0.35, 0.45)
    # and 5 for c in [0.45, 0.55): the difference jumps from +0.05 to -0.05, never within 0.005
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="exact")
    with pytest.raises(ValueError, match="jumps from"):
        wvrn_nbc.calibrate_handicap(f, tol=0.005)


def test_calibration_rejects_a_wrong_setup():
    with pytest.raises(ValueError, match="already worse"):
        wvrn_nbc.calibrate_handicap(lambda c: -0.1)
    with pytest.raises(ValueError, match="c=1"):
        wvrn_nbc.calibrate_handicap(lambda c: 0.1)
    assert wvrn_nbc.calibrate_handicap(lambda c: 0.002).c == 0.0
    with pytest.raises(ValueError, match="tol"):
        wvrn_nbc.calibrate_handicap(lambda c: 0.1 - c, tol=0)
    with pytest.raises(ValueError, match="finite"):
        wvrn_nbc.calibrate_handicap(lambda c: np.nan)


def test_an_unmet_calibration_raises_handicap_unmet_with_what_it_tried():
    with pytest.raises(wvrn_nbc.HandicapUnmet, match="c=1") as info:
        wvrn_nbc.calibrate_handicap(lambda c: 0.02 - 0.01 * c)
    assert info.value.evaluations == ((0.0, 0.02), (1.0, 0.01))
    assert isinstance(info.value, ValueError)  # callers that catch ValueError still do


def test_settle_keeps_what_bisection_finds_number_for_number():
    better, other, y, test, keys = _calibration_case(n_test=10)
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys, selection="bernoulli")
    settled = wvrn_nbc.settle_handicap(f, gap_se=0.01, tol=0.005)
    assert settled == wvrn_nbc.calibrate_handicap(f, tol=0.005)
    assert settled.case == wvrn_nbc.MET_TOLERANCE


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
    return better, other, y, test, wvrn_nbc.perturbation_keys(rng, (configs, n_test))


def test_settle_handicaps_nothing_when_the_gap_is_within_its_sampling_error():
    better, other, y, test, keys = _chance_case()
    f = wvrn_nbc.handicap_difference(better, other, y, test, keys)
    with pytest.raises(wvrn_nbc.HandicapUnmet, match="c=1"):
        wvrn_nbc.calibrate_handicap(f, tol=0.005)
    per_split = wvrn_nbc.accuracy(better, y, test) - wvrn_nbc.accuracy(other, y, test)
    se = per_split.std(ddof=1) / np.sqrt(per_split.size)
    gap = f(0.0)
    assert gap == pytest.approx(0.025) and gap <= 2 * se  # beyond the tolerance, within 2 SE
    settled = wvrn_nbc.settle_handicap(f, gap_se=se, tol=0.005)
    assert (settled.c, settled.difference, settled.case) == (0.0, gap, wvrn_nbc.WITHIN_SAMPLING_ERROR)
    # the same gap measured precisely is real: then the handicap leaving the smallest gap
    settled = wvrn_nbc.settle_handicap(f, gap_se=0.001, tol=0.005)
    assert settled.case in (wvrn_nbc.SMALLEST_GAP, wvrn_nbc.MET_TOLERANCE)
    assert abs(settled.difference) == min(abs(d) for _, d in settled.evaluations) < gap


def test_settle_takes_the_smallest_gap_when_the_gap_is_real():
    # a handicap that can close at most 0.03 of a 0.05 gap: the gap left is smallest at c = 1
    settled = wvrn_nbc.settle_handicap(lambda c: 0.05 - 0.03 * c, gap_se=0.01, tol=0.005, grid=11)
    assert settled.case == wvrn_nbc.SMALLEST_GAP
    assert settled.c == 1.0 and settled.difference == pytest.approx(0.02)
    # a gap that a handicap overshoots into: the grid's smallest |difference|, smallest c on a tie
    settled = wvrn_nbc.settle_handicap(lambda c: 0.05 if c < 0.5 else -0.02, gap_se=0.01, tol=0.005, grid=5)
    assert settled.case == wvrn_nbc.SMALLEST_GAP and settled.difference == -0.02
    assert settled.c == min(c for c, d in settled.evaluations if d == -0.02)


def test_settle_finds_a_handicap_bisection_missed_where_the_difference_is_not_monotone():
    # near chance the difference need not fall with c; bisection stops at c = 1, the grid finds 0.3
    settled = wvrn_nbc.settle_handicap(lambda c: 0.001 if abs(c - 0.3) < 1e-9 else 0.05, gap_se=0.01, grid=11)
    assert settled.c == pytest.approx(0.3) and settled.case == wvrn_nbc.MET_TOLERANCE


def test_settle_rejects_a_wrong_setup():
    for se in (-0.1, np.nan, np.inf):
        with pytest.raises(ValueError, match="gap_se"):
            wvrn_nbc.settle_handicap(lambda c: 0.1, gap_se=se)
    with pytest.raises(ValueError, match="grid"):
        wvrn_nbc.settle_handicap(lambda c: 0.1, gap_se=0.01, grid=1)
    with pytest.raises(ValueError, match="tol"):
        wvrn_nbc.settle_handicap(lambda c: 0.1, gap_se=0.01, tol=0)


# ----------------------------------------------------------------------------- evaluation


def test_handicap_lowers_accuracy_by_about_c_times_2acc_minus_1():
    """Learn on the RS labeled sets, infer, handicap nBC's test predictions by c = 0.3 and score
    them, as the studies do (lib.evaluation.pairtests.score)."""
    rng = np.random.default_rng(82)
    net = networks.generate_lgm(rng)
    test = sampling.rrs_test_sets(rng, 1, 300, 0.3, 100)[0]
    _, probs = wvrn_nbc.infer_pair(net.adjacency, net.labels, ~test)
    tie = wvrn_nbc.majority_class(net.labels, ~test)
    keys = wvrn_nbc.perturbation_keys(rng, probs.shape)
    hit, chosen = wvrn_nbc.perturb_with_keys(probs, 0.3, keys, mask=test)
    assert not np.any(chosen & ~test)
    acc = wvrn_nbc.accuracy(probs, net.labels, test, tie).mean()
    drop = acc - wvrn_nbc.accuracy(hit, net.labels, test, tie).mean()
    # each flipped prediction was right with probability ~acc: E[drop] = c (2 acc - 1)
    assert drop == pytest.approx(0.3 * (2 * acc - 1), abs=0.02)


# ----------------------------------------------------------------------------- bad input


def test_bad_parameters_raise():
    adj, y, lab = _chain()
    with pytest.raises(ValueError, match="iterations"):
        wvrn_nbc.Schedule(iterations=0)
    with pytest.raises(ValueError, match="decay"):
        wvrn_nbc.Schedule(decay=1.5)
    with pytest.raises(ValueError, match="beta0"):
        wvrn_nbc.Schedule(beta0=0)
    with pytest.raises(ValueError, match="labels"):
        wvrn_nbc.wvrn(adj, np.array([1, 2, 0, 0]), lab)
    with pytest.raises(ValueError, match="labeled must have shape"):
        wvrn_nbc.wvrn(adj, y, np.ones((2, 5), bool))
    with pytest.raises(ValueError, match="empty labeled set"):
        wvrn_nbc.nbc(adj, y, np.zeros(4, bool))
    with pytest.raises(ValueError, match="smoothing"):
        wvrn_nbc.nbc(adj, y, lab, smoothing=-1)
    with pytest.raises(ValueError, match="conditional"):
        wvrn_nbc.nbc_fit(adj, y, lab, conditional="bayes")
    with pytest.raises(ValueError, match="node_block"):
        wvrn_nbc.wvrn(adj, y, lab, node_block=np.array([0, 0, 1, 1]))
    probs, keys = np.full((1, 4), 0.3), np.full((1, 4), 0.5)
    with pytest.raises(ValueError, match="handicap c"):
        wvrn_nbc.perturb_with_keys(probs, 1.2, keys)
    with pytest.raises(ValueError, match="strength"):
        wvrn_nbc.perturb_with_keys(probs, 0.2, keys, strength=0)
    with pytest.raises(ValueError, match="selection"):
        wvrn_nbc.perturb_with_keys(probs, 0.2, keys, selection="all")
    with pytest.raises(ValueError, match="keys must have the shape"):
        wvrn_nbc.perturb_with_keys(probs, 0.2, keys[:, :3])


def test_maximum_likelihood_nbc_is_the_count_ratio_and_never_nan():
    """Reading network_tests.nbc_estimation = ml (Neville 2009 Sec. 5.1): pseudo-count 0, so the
    conditionals are the labeled pair counts' ratios; a class without labeled links carries no
    evidence (1/2), and a zero estimate makes a class impossible without producing NaN."""
    # path 0-1-2-3-4, labeled 0 (+), 1 (+), 2 (-): pairs (+,+) x2, (+,-) and (-,+)
    adj = sp.csr_matrix(
        np.array([[0, 1, 0, 0, 0], [1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [0, 0, 1, 0, 1], [0, 0, 0, 1, 0]], float)
    )
    y = np.array([1, 1, 0, 0, 1])
    lab = np.array([True, True, True, False, False])
    ml = wvrn_nbc.nbc_fit(adj, y, lab, smoothing=0)
    np.testing.assert_allclose(ml.cond[:, :, 0, 0], [[0.0, 1.0], [1 / 3, 2 / 3]])  # P(c2 | c), rows c
    assert ml.prior[0, 0] == pytest.approx(2 / 3)
    probs = wvrn_nbc.nbc(adj, y, lab, smoothing=0).probs
    assert np.isfinite(probs).all()
    # node 3's labeled neighbour 2 is negative, and a negative node never links a negative one:
    # under ML node 3 cannot be negative
    assert probs[3] == pytest.approx(1.0)
    lonely = wvrn_nbc.nbc_fit(adj, y, np.array([True, False, False, False, True]), smoothing=0)
    np.testing.assert_allclose(lonely.cond[:, :, 0, 0], 0.5)  # no labeled pair at all


def test_handicap_during_inference_reaches_the_neighbours():
    """Reading relational.handicap_stage = during: the chosen nodes' estimates are perturbed at
    every iteration, so they end at perturb(M_i(P)) and their neighbours move too; with no node
    chosen the inference is the plain one."""
    adj = sp.csr_matrix(np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]], float))
    y = np.array([1, 1, 0, 0])
    lab = np.array([True, False, False, True])
    plain = wvrn_nbc.wvrn(adj, y, lab).probs
    none = wvrn_nbc.infer_handicapped("wvrn", adj, y, lab[None], np.zeros((1, 4), bool))[0]
    np.testing.assert_array_equal(none, plain)
    chosen = np.array([[False, True, False, False]])
    during = wvrn_nbc.infer_handicapped("wvrn", adj, y, lab[None], chosen)[0]
    # fixed point: P1 = 1 - (1 + P2) / 2 and P2 = (P1 + 0) / 2  ->  P1 = 0.4, P2 = 0.2
    assert during[1] == pytest.approx(0.4, abs=1e-3) and during[2] == pytest.approx(0.2, abs=1e-3)
    after, _ = wvrn_nbc.perturb_with_keys(plain, 0.5, np.array([1.0, 0.0, 1.0, 1.0]))
    assert after[2] == pytest.approx(plain[2]) and during[2] < plain[2] - 0.1
    with pytest.raises(ValueError, match="model"):
        wvrn_nbc.infer_handicapped("svm", adj, y, lab[None], chosen)


def test_handicap_words_follow_the_magnitude_reading():
    """A caption names the handicap the run used, not the default's."""
    assert wvrn_nbc.handicap_words("flip") == "flips P(+)"
    assert "0.5 of the way" in wvrn_nbc.handicap_words("flip", 0.5)
    assert "Uniform(0, 1)" in wvrn_nbc.handicap_words("uniform", 1.0)
    with pytest.raises(ValueError, match="handicap_magnitude"):
        wvrn_nbc.handicap_words("half")
