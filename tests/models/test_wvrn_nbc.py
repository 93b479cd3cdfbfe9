from fractions import Fraction as F

import numpy as np
import pytest
import scipy.sparse as sp

from lib.data import networks
from lib.evaluation import sampling
from lib.models import handicap, wvrn_nbc

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
    after, _ = handicap.perturb_with_keys(plain, 0.5, np.array([1.0, 0.0, 1.0, 1.0]))
    assert after[2] == pytest.approx(plain[2]) and during[2] < plain[2] - 0.1
    with pytest.raises(ValueError, match="model"):
        wvrn_nbc.infer_handicapped("svm", adj, y, lab[None], chosen)
