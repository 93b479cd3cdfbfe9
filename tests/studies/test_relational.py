"""The relational-classifier study's additions to the lib (evaluation splits, RS-C parameters with
graph edges as links, network statistics) by hand, and the calibration's failure path end to end."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import snakemake
from lib.data import networks

# ----------------------------------------------------------------------------- splits
from lib.evaluation import rsc, sampling


@pytest.mark.parametrize("pl", [0.1, 0.3])
def test_rs_splits_test_the_complement_of_a_labeled_sample(pl):
    train, test = sampling.within_network_splits(np.random.default_rng(1), "RS", 3, 50, pl, 10)
    assert train.shape == test.shape == (3, 10, 50)
    assert np.array_equal(train, ~test)
    assert (test.sum(axis=-1) == round((1 - pl) * 50)).all()
    # the samples of a trial are independent draws, not a partition
    assert len({row.tobytes() for row in test[0]}) == 10


@pytest.mark.parametrize("pl", [0.1, 0.4])
def test_ncv_splits_score_disjoint_folds_and_label_from_the_others(pl):
    train, test = sampling.within_network_splits(np.random.default_rng(2), "NCV", 4, 50, pl, 10)
    assert train.shape == test.shape == (4, 10, 50)
    assert (test.sum(axis=1) == 1).all()  # every node in exactly one test fold
    assert (test.sum(axis=-1) == 5).all()
    assert not (train & test).any()  # never labeled in its own fold
    assert (train.sum(axis=-1) == round(pl * 50)).all()
    # some nodes are neither labeled nor tested: they are inferred but not scored
    assert ((~train & ~test).sum(axis=-1) == 50 - 5 - round(pl * 50)).all()


def test_splits_are_reproducible_and_reject_unknown_samplers():
    a = sampling.within_network_splits(np.random.default_rng(3), "NCV", 2, 30, 0.2, 5)
    b = sampling.within_network_splits(np.random.default_rng(3), "NCV", 2, 30, 0.2, 5)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    with pytest.raises(ValueError, match="sampler must be one of"):
        sampling.within_network_splits(np.random.default_rng(3), "ERS", 2, 30, 0.2, 5)


# ----------------------------------------------------------------------------- RS-C parameters on a graph


def _path_evaluation():
    # path 0 - 1 - 2 - 3; test sets A = {0, 1, 2}, B = {1, 2, 3}
    adj = networks.adjacency_from_edges(4, [(0, 1), (1, 2), (2, 3)])
    membership = np.array([[[1, 1, 1, 0], [0, 1, 1, 1]]], dtype=bool)
    errors = np.array([[[1, 1, 0, 0], [0, 0, 1, 1]]])  # A: 0 and 1 wrong; B: 2 and 3 wrong
    return adj, membership, errors


def test_rsc_parameters_by_hand_on_a_path():
    adj, membership, errors = _path_evaluation()
    params = rsc.estimate_network_parameters(adj, membership, errors)
    assert params["n"] == pytest.approx([3.0]) and params["m"] == pytest.approx([4.0])
    assert params["p"] == pytest.approx([2 / 3])  # 2 of 3 wrong in each test set
    # r_i: node 0 1/1, node 1 1/2, node 2 1/2, node 3 1/1; every node erred once -> mean 3/4
    assert params["q"] == pytest.approx([0.75])
    # ordered linked pairs inside A: 0-1, 1-2 (x2) = 4; inside B: 1-2, 2-3 (x2) = 4
    assert params["L"] == pytest.approx([4.0])
    # pooled table: A gives (1,1) x2 from 0-1 and (1,0), (0,1) from 1-2; B gives (0,1), (1,0)
    # from 1-2 and (1,1) x2 from 2-3 -> n11 = 4, n10 = n01 = 2, n00 = 0 -> phi = -4/12
    assert params["rho"] == pytest.approx([-1 / 3])


def test_rsc_parameters_equal_group_based_estimates_when_groups_are_cliques():
    rng = np.random.default_rng(4)
    m = 40
    group = rng.integers(0, 5, m)
    adj = networks.adjacency_from_edges(m, [(i, j) for i in range(m) for j in range(i + 1, m) if group[i] == group[j]])
    membership = rng.random((3, 4, m)) < 0.6
    errors = rng.random((3, 4, m)) < 0.3
    for q_method in ("erred", "moments"):
        ours = rsc.estimate_network_parameters(adj, membership, errors, q_method=q_method)
        theirs = rsc.estimate_parameters(membership, errors, group, q_method=q_method)
        for key in ("n", "m", "p", "q", "rho", "L"):
            assert ours[key] == pytest.approx(theirs[key], abs=1e-12), key


def test_rsc_parameters_edge_cases():
    adj, membership, errors = _path_evaluation()
    # no error among linked test pairs: empty margin -> rho 0 (lib.evaluation.rsc's convention), not NaN
    params = rsc.estimate_network_parameters(adj, membership, np.zeros_like(errors))
    assert params["rho"] == pytest.approx([0.0]) and params["p"] == pytest.approx([0.0])
    # errors outside the test sets are ignored
    outside = errors.copy()
    outside[0, 0, 3] = 1
    assert rsc.estimate_network_parameters(adj, membership, outside)["rho"] == pytest.approx([-1 / 3])
    with pytest.raises(ValueError, match="membership must have shape"):
        rsc.estimate_network_parameters(adj, membership[..., :3], errors[..., :3])


def test_network_statistics_by_hand():
    # triangle 0-1-2 (all +) and edge 3-4 (+, -): 4 edges, degrees 2,2,2,1,1
    adj = networks.adjacency_from_edges(5, [(0, 1), (1, 2), (0, 2), (3, 4)])
    net = networks.Network(adj, np.array([1, 1, 1, 1, 0], dtype=np.int8), np.full(5, -1), np.array([], np.int8))
    stats = networks.network_statistics(net)
    assert stats["edges"] == 4 and stats["mean_degree"] == pytest.approx(1.6)
    assert stats["p_pos"] == pytest.approx(0.8)
    # ordered pairs: 6 (+,+), (+,-) and (-,+) once each -> n11=6, n10=n01=1, n00=0: phi = -1/7
    assert stats["autocorrelation"] == pytest.approx(-1 / 7)
    # N = 8 ordered pairs, chi2 = N phi^2 = 8/49: C = -sqrt(chi2 / (chi2 + N)) = -sqrt(1/50), C* = sqrt(2) C = -0.2
    assert stats["autocorrelation_contingency"] == pytest.approx(-np.sqrt(1 / 50))
    assert stats["autocorrelation_corrected_contingency"] == pytest.approx(-0.2)


# ----------------------------------------------------------------------------- calibration failure


@pytest.mark.workflow
def test_calibration_that_cannot_meet_the_tolerance_stops_with_one_sentence(workflow_copy):
    # a handicap that barely moves a probability (strength 0.01, reading flip) cannot close an
    # accuracy gap wider than a tolerance of 1e-6, whichever model is ahead at c = 0
    (workflow_copy / "nocal.yaml").write_text(
        "relational:\n  calibration_networks: 3\n  prop_labeled: [0.1]\n  tolerance: 0.000001\n"
        "  handicap_strength: 0.01\nnetwork_tests:\n  handicap_magnitude: flip\n"
    )
    target = "results/studies/relational/calibration/type1_n300.csv"
    proc = snakemake(
        workflow_copy, "--cores", "1", target, "--configfile", "config/quick.yaml", "nocal.yaml", check=False
    )
    assert proc.returncode != 0
    assert not (workflow_copy / target).exists()
    log = (workflow_copy / "logs/relational/calibration/type1_n300.log").read_text()
    lines = [line for line in log.splitlines() if "relational calibration failed" in line]
    assert lines, log
    message = lines[-1].split("ValueError: ", 1)[-1]
    assert message.startswith(
        "relational calibration failed at propLabeled 0.1 on 3 networks of 300 nodes: "
        "no wvRN handicap c gives |acc(wvRN_c) - acc(nBC)| <= 1e-06 ("
    )
