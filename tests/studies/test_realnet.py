"""Real networks (lib.studies.realnet): Table 1 statistics on toy graphs, the stand-in network sets
a job carves, and a set's calibration job."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp

from lib.data import networks
from lib.models import handicap
from lib.studies import network_calibration, realnet
from network_cases import BANDS, RING, SIMILAR, lgm_set, path_graph, similar

# ----------------------------------------------------------------------------- Table 1


def test_label_autocorrelation_of_a_path_by_hand():
    # labels + + + - - - on a path: ordered linked pairs n11 = 4, n10 = n01 = 1, n00 = 4 -> phi = 15/25
    adj = path_graph(6)
    assert networks.label_autocorrelation(adj, np.array([1, 1, 1, 0, 0, 0])) == pytest.approx(0.6)


def test_table1_rows_and_error_correlation_over_unlabeled_linked_pairs():
    rng = np.random.default_rng(7)
    net = networks.generate_lgm(rng, networks.LGMParams(n_nodes=150))
    rows = realnet.table1_task(np.random.default_rng(11), net.adjacency, net.labels, [0.3, 0.7], 4)
    assert len(rows) == 2 * 4 * 4  # levels x models x samples
    assert {(r["classifier"], r["collective"]) for r in rows} == {
        ("wvRN", False),
        ("wvRN", True),
        ("LR", False),
        ("LR", True),
    }
    # recompute one row by hand: the first level's labeled sets are the generator's first draws
    labeled = realnet.random_labeled_sets(np.random.default_rng(11), 150, 0.3, 4)
    assert (labeled.sum(axis=1) == 45).all()
    from lib.models import linkbased, wvrn_nbc

    probs = linkbased.infer("LR", True, net.adjacency, net.labels, labeled)
    errors = wvrn_nbc.prediction_errors(probs, net.labels, ~labeled, wvrn_nbc.majority_class(net.labels, labeled))
    coo = sp.triu(net.adjacency, 1).tocoo()
    s = 2
    keep = ~labeled[s][coo.row] & ~labeled[s][coo.col]
    e_i, e_j = errors[s][coo.row[keep]].astype(float), errors[s][coo.col[keep]].astype(float)
    # phi over ordered pairs = Pearson over both orientations
    phi = np.corrcoef(np.concatenate([e_i, e_j]), np.concatenate([e_j, e_i]))[0, 1]
    row = [
        r for r in rows if r["prop_labeled"] == 0.3 and r["classifier"] == "LR" and r["collective"] and r["sample"] == s
    ][0]
    assert row["error_correlation"] == pytest.approx(phi)
    assert row["linked_test_pairs"] == 2 * keep.sum()
    assert row["test_size"] == 105


def test_errors_on_a_perfectly_autocorrelated_graph_are_rare():
    # two cliques of opposite labels joined by one edge: every model labels nearly all nodes right
    a = [(i, j) for i in range(8) for j in range(i + 1, 8)]
    b = [(i + 8, j + 8) for i, j in a]
    adj = networks.adjacency_from_edges(16, a + b + [(0, 8)])
    y = np.array([1] * 8 + [0] * 8)
    rows = realnet.table1_task(np.random.default_rng(1), adj, y, [0.5], 3)
    assert min(r["accuracy"] for r in rows) >= 0.75


# ----------------------------------------------------------------------------- stand-ins (reading realnet.selection)


def test_a_stand_in_without_similar_networks_is_one_clear_sentence():
    spec = {"dataset": "ring", "task": "pos", "similar": {**SIMILAR, "max_ratio": {**BANDS, "autocorrelation": 1.0}}}
    with pytest.raises(ValueError) as info:
        realnet.carve_stand_in(spec, RING, np.random.default_rng(0), selection="similar")
    message = str(info.value)
    assert message.startswith("realnet.selection: none of the 300 candidate deals")
    assert "autocorrelation <= 1: met by 0" in message and "ring 'pos'" in message
    assert "widen realnet.similar.max_ratio" in message and message.count(". ") == 0


def test_similar_stand_in_rows_and_provenance():
    spec = {"dataset": "ring", "task": "pos", "similar": SIMILAR}
    node_rows, edge_rows, extra = realnet.carve_stand_in(spec, RING, np.random.default_rng(0), selection="similar")
    chosen = similar(0)
    assert extra["selection"] == "similar" and extra["blocks"] == 24 and extra["candidates"] == 300
    assert (extra["candidate"], extra["within_bands"]) == (chosen.candidate, chosen.qualifying)
    assert extra["band_p_pos"] == 1.4 and extra["links_kept_in_set"] == len(edge_rows)
    assert {r["network"] for r in node_rows} == {f"ring_{r}" for r in range(6)}
    assert len(node_rows) == (chosen.part_of >= 0).sum()
    with pytest.raises(ValueError, match="selection must be one of partition, similar"):
        realnet.carve_stand_in(spec, RING, np.random.default_rng(0), selection="best")


def test_partition_reproduces_the_stand_in_of_before_the_reading():
    # digest of carve_stand_in's rows and provenance computed with the code before the reading
    # realnet.selection existed (commit d8bb41d): selection="partition" must not change a byte
    import hashlib
    import json

    spec = {
        "dataset": "ring",
        "task": "pos",
        "partition": {"parts": 6, "min_size": 150, "max_size": 700, "attempts": 20},
    }
    out = realnet.carve_stand_in(spec, RING, np.random.default_rng(2024))
    assert out == realnet.carve_stand_in(spec, RING, np.random.default_rng(2024), selection="partition")
    digest = hashlib.sha256(json.dumps(list(out), sort_keys=True, default=str).encode()).hexdigest()
    assert digest == "1f24379214fa662c8fffb3a82ba7566bbd2fd90f55e9b8f3d9cf659ea350ab78"


# ----------------------------------------------------------------------------- calibration


CALIBRATION_SETTING = {
    "levels": [0.2, 0.3],
    "samples": 3,
    "folds": 10,
    "type1_levels": [0.2, 0.3],
    "power_level": 0.3,
    "power_handicaps": [0.05, 0.3],
    "tolerance": 0.005,
    "strength": 1.0,
    "selection": "bernoulli",
}


def _calibrate(netset, unmet):
    rngs = np.random.default_rng(1), np.random.default_rng(2)  # the same draws for every call
    return realnet.calibrate("s", netset, CALIBRATION_SETTING, *rngs, unmet=unmet)


def test_without_autocorrelation_the_papers_calibration_stops_and_settling_decides():
    netset = lgm_set(0, balanced_shuffled=True)
    with pytest.raises(
        ValueError, match=r"calibration of network set 's' failed for held-out network a at propLabeled"
    ):
        _calibrate(netset, "raise")
    frame = _calibrate(netset, "settle")
    type1, power = frame[frame["purpose"] == "type1"], frame[frame["purpose"] == "power"]
    assert len(type1) == 4 * 2 and power["calibration_case"].isna().all()
    assert set(type1["calibration_case"]) <= set(handicap.CALIBRATION_CASES)
    noise = type1[type1["calibration_case"] == handicap.WITHIN_SAMPLING_ERROR]
    assert len(noise) >= 1  # the case that stopped the run: models at chance, gap within 2 SE
    gap = (noise["accuracy_wvrn_unhandicapped"] - noise["accuracy_nbc_unhandicapped"]).abs()
    assert (gap > 0.005).all() and (gap <= 2 * noise["difference_unhandicapped_se"]).all()
    assert (noise["handicapped"] == "none").all()
    assert (noise[["handicap_wvrn", "handicap_nbc"]] == 0).all().all()
    assert np.allclose(noise["difference"], noise["accuracy_wvrn_unhandicapped"] - noise["accuracy_nbc_unhandicapped"])
    assert (type1["difference_unhandicapped_se"] > 0).all()


def test_settling_changes_no_number_where_the_tolerance_is_met():
    netset = lgm_set(4)
    papers = _calibrate(netset, "raise")
    settled = _calibrate(netset, "settle")
    assert not set(network_calibration.CASE_COLUMNS) & set(papers.columns)  # the papers' tables keep their columns
    type1 = settled[settled["purpose"] == "type1"]
    assert (type1["calibration_case"] == handicap.MET_TOLERANCE).all()
    pd.testing.assert_frame_equal(settled.drop(columns=list(network_calibration.CASE_COLUMNS)), papers)
    with pytest.raises(ValueError, match="unmet must be one of raise, settle"):
        _calibrate(netset, "ignore")


def test_a_network_sets_identity_is_its_selections_own_parameters():
    config = {
        "realnet": {
            "sets": {"cora": {"dataset": "cora", "task": "label"}, "mine": {"nodes": "n.csv", "edges": "e.csv"}},
            "selection": "partition",
            "partition": {"parts": 6},
            "similar": {"parts": 6, "max_ratio": {"nodes": 1.5}},
        }
    }
    partition = realnet.network_set_identity(config, "cora")
    assert partition == {"dataset": "cora", "task": "label", "partition": {"parts": 6}}
    config["realnet"]["selection"] = "similar"
    similar = realnet.network_set_identity(config, "cora")
    assert similar["selection"] == "similar" and "partition" not in similar and similar["similar"]["parts"] == 6
    # a user's files are the set whatever the reading
    assert realnet.network_set_identity(config, "mine") == {"nodes": "n.csv", "edges": "e.csv"}
    assert realnet.NETWORK_SET_STREAM == "realnet_partition"  # a stream's label is part of every number
