"""Link-based classifier (Lu & Getoor 2003 count-link logistic regression) and non-collective
wvRN (lib.models.linkbased) on tiny hand-computed graphs."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import brentq
from scipy.special import expit
from sklearn.linear_model import LogisticRegression

from lib.data import networks

# 0-1, 0-2, 1-2, 2-3, 3-4: a triangle of + nodes with a tail of - nodes
from lib.models import linkbased

EDGES = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4)]
Y = np.array([1, 1, 1, 0, 0])
LABELED = np.array([True, True, False, True, True])  # node 2 is the one to classify


def graph():
    return networks.adjacency_from_edges(5, EDGES)


def test_features_are_counts_of_labeled_neighbours_by_class():
    adj, y, lab, _ = linkbased._prepare(graph(), Y, LABELED)
    pos, neg = (c[:, 0] for c in linkbased._labeled_counts(adj, y, lab))
    # node 0: neighbours 1 (+, labeled), 2 (unlabeled) -> (1, 0); node 2: 0 (+), 1 (+), 3 (-) -> (2, 1)
    np.testing.assert_array_equal(pos, [1, 1, 2, 0, 0])
    np.testing.assert_array_equal(neg, [0, 0, 1, 1, 1])


def test_fit_matches_the_hand_solved_optimum_and_scikit_learn():
    params = linkbased.lr_fit(graph(), Y, LABELED, l2=1.0)
    assert params.converged.all()
    b, w_pos, w_neg = params.coef[0]
    # training rows: (1, 0) -> +, (1, 0) -> +, (0, 1) -> -, (0, 1) -> -. By symmetry b = 0 and
    # w_neg = -w_pos = -w, where the score equation of w_pos is 2 (1 - sigmoid(w)) = w (l2 = 1).
    w = brentq(lambda v: 2.0 * (1.0 - expit(v)) - v, 0.0, 2.0)
    np.testing.assert_allclose([b, w_pos, w_neg], [0.0, w, -w], atol=1e-9)
    sk = LogisticRegression(C=1.0, tol=1e-12, max_iter=1000).fit([[1, 0], [1, 0], [0, 1], [0, 1]], [1, 1, 0, 0])
    np.testing.assert_allclose([sk.intercept_[0], *sk.coef_[0]], [b, w_pos, w_neg], atol=1e-6)


@pytest.mark.parametrize("collective", [False, True])
def test_prediction_of_the_unlabeled_node(collective):
    probs = linkbased.link_based(graph(), Y, LABELED, collective=collective)
    b, w_pos, w_neg = linkbased.lr_fit(graph(), Y, LABELED).coef[0]
    # node 2 has 2 + and 1 - neighbours, all labeled: the same with or without collective inference
    # (relaxation's first step, beta_0 = 1, lands on the fixed point)
    np.testing.assert_allclose(probs[2], expit(b + 2 * w_pos + w_neg), atol=1e-12)
    np.testing.assert_array_equal(probs[LABELED], Y[LABELED])
    assert probs[2] > 0.5


def test_collective_inference_reaches_the_fixed_point_of_expected_counts():
    # path 0-...-6, labels + + + + - - -, ends labeled: nodes 2, 3, 4 see each other through estimates
    adj = networks.adjacency_from_edges(7, [(i, i + 1) for i in range(6)])
    y = np.array([1, 1, 1, 1, 0, 0, 0])
    labeled = np.array([True, True, False, False, False, True, True])
    b, w_pos, w_neg = linkbased.lr_fit(adj, y, labeled).coef[0]
    local = linkbased.link_based(adj, y, labeled, collective=False)
    # without collective inference node 3 has no labeled neighbour: features (0, 0)
    np.testing.assert_allclose(local[[2, 3, 4]], expit([b + w_pos, b, b + w_neg]), atol=1e-12)
    coll = linkbased.link_based(adj, y, labeled, collective=True)
    pos = adj @ coll
    degree = np.asarray(adj.sum(axis=1)).ravel()
    fixed = expit(b + w_pos * pos + w_neg * (degree - pos))
    np.testing.assert_allclose(coll[~labeled], fixed[~labeled], atol=1e-6)
    assert coll[2] > 0.5 > coll[4]


def test_batched_fit_equals_one_configuration_at_a_time():
    rng = np.random.default_rng(3)
    net = networks.generate_lgm(rng, networks.LGMParams(n_nodes=120))
    labeled = rng.random((4, 120)) < 0.4
    batch = linkbased.lr_fit(net.adjacency, net.labels, labeled)
    for b in range(4):
        one = linkbased.lr_fit(net.adjacency, net.labels, labeled[b])
        np.testing.assert_allclose(batch.coef[b], one.coef[0], atol=1e-10)
    probs = linkbased.link_based(net.adjacency, net.labels, labeled, collective=True)
    assert probs.shape == (4, 120) and np.isfinite(probs).all()


def test_one_class_labeled_set_predicts_that_class():
    probs = linkbased.link_based(graph(), Y, np.array([False, False, False, True, True]), collective=True)
    assert np.isfinite(probs).all() and (probs < 0.5).all()


def test_wvrn_without_collective_inference():
    probs = linkbased.wvrn_local(graph(), Y, LABELED)
    np.testing.assert_allclose(probs[2], 2 / 3)
    # a node without labeled neighbours gets the labeled set's prior
    adj = networks.adjacency_from_edges(4, [(0, 1), (2, 3)])
    p = linkbased.wvrn_local(adj, np.array([1, 0, 1, 1]), np.array([True, True, False, False]))
    np.testing.assert_allclose(p, [1.0, 0.0, 0.5, 0.5])


def test_infer_dispatches_the_four_models():
    for clf in linkbased.CLASSIFIERS:
        for collective in (False, True):
            probs = linkbased.infer(clf, collective, graph(), Y, LABELED[None, :])
            assert probs.shape == (1, 5)
    with pytest.raises(ValueError, match="classifier must be one of"):
        linkbased.infer("nBC", True, graph(), Y, LABELED)
