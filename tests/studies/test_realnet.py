"""Real networks (lib.studies.realnet): Table 1 statistics on toy graphs, the stand-in partition, the
network-set file format, and leave-one-out calibration."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from scipy import stats

from lib.data import networks
from lib.models import wvrn_nbc
from lib.studies import realnet


def path_graph(n):
    return networks.adjacency_from_edges(n, [(i, i + 1) for i in range(n - 1)])


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


def test_paper_table():
    names = [row[0] for row in realnet.PAPER_TABLE1]
    assert names[:4] == ["enron", "citeseer", "polbooks", "cora"] and names.count("reality-mining") == 2
    # the paper's own values over its six tasks: Spearman 0.94 (the claim's paper value)
    ec, ac = zip(*[(r[3], r[4]) for r in realnet.PAPER_TABLE1])
    assert stats.spearmanr(ac, ec).statistic == pytest.approx(0.942857, abs=1e-6)


# ----------------------------------------------------------------------------- partition


def test_partition_is_disjoint_seeded_in_range_and_keeps_internal_links():
    # a path through 2600 nodes plus 5200 random chords (self loops dropped): one component
    chords = np.random.default_rng(0).integers(0, 2600, (5200, 2))
    chords = chords[chords[:, 0] != chords[:, 1]]
    adj = networks.adjacency_from_edges(
        2600, np.concatenate([np.stack([np.arange(2599), np.arange(1, 2600)], 1), chords])
    )
    part = realnet.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    again = realnet.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    other = realnet.carve_subnetworks(np.random.default_rng(6), adj, 6, 300, 700)
    np.testing.assert_array_equal(part.part_of, again.part_of)  # seeded-deterministic
    assert not np.array_equal(part.part_of, other.part_of)
    assert part.met_min_size
    sizes = np.bincount(part.part_of[part.part_of >= 0])
    assert len(sizes) == 6 and sizes.min() >= 300 and sizes.max() <= 700
    subs = realnet.subnetworks(adj, part.part_of)
    seen = np.concatenate([nodes for nodes, _ in subs])
    assert len(seen) == len(set(seen.tolist()))  # disjoint
    coo = sp.triu(adj, 1).tocoo()
    for r, (nodes, sub) in enumerate(subs):
        inside = (part.part_of[coo.row] == r) & (part.part_of[coo.col] == r)
        assert sub.nnz // 2 == inside.sum()  # every internal link kept
        np.testing.assert_array_equal(sub.toarray(), adj[nodes][:, nodes].toarray())
        from scipy.sparse.csgraph import connected_components

        assert connected_components(sub, directed=False)[0] == 1  # regions are connected


def test_partition_of_a_small_graph_reports_the_shortfall():
    adj = path_graph(120)
    part = realnet.carve_subnetworks(np.random.default_rng(0), adj, 6, 300, 700, attempts=3)
    assert part.target == 20 and not part.met_min_size
    assert (np.bincount(part.part_of[part.part_of >= 0]) <= 20).all()


# ----------------------------------------------------------------------------- selection (reading realnet.selection)


def topic_ring(seed=0, topics=12, size=100):
    """A network whose regions differ like Cora's topics: 12 communities of 100 nodes on a ring,
    community c with P(+) from 0.05 to 0.95, dense inside, sparse to the next community, plus a path
    through all nodes (one component)."""
    from lib.data import datasets

    rng = np.random.default_rng(seed)
    n = topics * size
    topic = np.repeat(np.arange(topics), size)
    y = (rng.random(n) < np.linspace(0.05, 0.95, topics)[topic]).astype(np.int8)
    i, j = np.triu_indices(n, 1)
    p = np.where(topic[i] == topic[j], 0.04, np.where((topic[j] - topic[i]) % topics == 1, 0.002, 0.0))
    keep = rng.random(i.size) < p
    edges = np.concatenate([np.stack([i[keep], j[keep]], 1), np.stack([np.arange(n - 1), np.arange(1, n)], 1)])
    adj = networks.adjacency_from_edges(n, edges)
    return datasets.NetworkData(
        "ring", adj, tuple(f"v{k}" for k in range(n)), {}, {"pos": y}, {"pos": np.ones(n, bool)}
    )


RING = topic_ring()
BANDS = {"p_pos": 1.4, "autocorrelation": 2.0, "mean_degree": 1.25, "nodes": 7 / 3}
SIMILAR = {"parts": 6, "blocks_per_part": 4, "candidates": 300, "max_ratio": BANDS}


def similar(seed, **kw):
    s = {**SIMILAR, **kw}
    return realnet.select_similar(
        np.random.default_rng(seed),
        RING.adjacency,
        RING.tasks["pos"],
        s["parts"],
        s["blocks_per_part"],
        s["candidates"],
        s["max_ratio"],
    )


def test_the_region_grown_partition_of_a_topical_network_is_not_similar():
    # why the reading exists: region-grown parts follow the topics (P(+) ratio far above 1.4)
    part = realnet.carve_subnetworks(np.random.default_rng(2024), RING.adjacency, 6, 150, 700)
    p = [RING.tasks["pos"][nodes].mean() for nodes, _ in realnet.subnetworks(RING.adjacency, part.part_of)]
    assert max(p) > 2 * min(p)


def test_similar_networks_are_disjoint_keep_every_internal_link_and_lie_within_the_bands():
    chosen = similar(0)
    y = RING.tasks["pos"]
    subs = realnet.subnetworks(RING.adjacency, chosen.part_of)
    assert len(subs) == 6
    seen = np.concatenate([nodes for nodes, _ in subs])
    assert len(seen) == len(set(seen.tolist()))  # disjoint
    coo = sp.triu(RING.adjacency, 1).tocoo()
    stats = []
    for r, (nodes, sub) in enumerate(subs):
        inside = (chosen.part_of[coo.row] == r) & (chosen.part_of[coo.col] == r)
        assert sub.nnz // 2 == inside.sum()  # every internal link kept
        np.testing.assert_array_equal(sub.toarray(), RING.adjacency[nodes][:, nodes].toarray())
        # one block of each stratum: blocks_per_part blocks per network
        assert len(np.unique(chosen.block_of[nodes])) == 4
        net = networks.Network(sub, y[nodes], np.full(len(nodes), -1), np.zeros(0, np.int8))
        stats.append({"nodes": len(nodes), **networks.network_statistics(net)})
    for name, ratio in BANDS.items():
        values = np.array([s[name] for s in stats], dtype=float)
        assert values.min() > 0 and values.max() <= ratio * values.min(), name  # within the band
        # the rule saw exactly the statistics the study reports for these networks
        np.testing.assert_allclose(chosen.statistics[name], values, rtol=1e-12)
    # every node of the (single) component is in a network: nothing is left out
    assert (chosen.part_of >= 0).all()


def test_similar_is_deterministic_for_a_seed_and_changes_with_it():
    first, again, other = similar(0), similar(0), similar(1)
    np.testing.assert_array_equal(first.part_of, again.part_of)
    assert (first.candidate, first.qualifying) == (again.candidate, again.qualifying)
    assert not np.array_equal(first.part_of, other.part_of)


def test_the_first_deal_within_the_bands_is_kept_and_the_choice_reads_only_the_statistics(monkeypatch):
    chosen = similar(0)
    ok, _ = realnet.within_bands(chosen.statistics | {k: v[None] for k, v in chosen.statistics.items()}, BANDS)
    assert ok.all()
    # replace the candidates' statistics: the rule follows them and nothing else
    real = realnet.deal_statistics

    def only(k):
        def fake(deal, *args):
            stats = real(deal, *args)
            bad = np.ones(len(deal), bool)
            bad[k] = False
            stats["p_pos"] = np.where(bad[:, None], np.linspace(0.1, 0.9, stats["p_pos"].shape[1]), 0.5)
            stats["autocorrelation"] = np.full_like(stats["p_pos"], 0.3)
            stats["mean_degree"] = np.full_like(stats["p_pos"], 3.0)
            stats["nodes"] = np.full_like(stats["p_pos"], 200.0)
            return stats

        return fake

    for k in (0, 17, 299):
        monkeypatch.setattr(realnet, "deal_statistics", only(k))
        picked = similar(0)
        assert (picked.candidate, picked.qualifying) == (k + 1, 1)


def test_within_bands_by_hand():
    stats = {
        "p_pos": np.array([[0.2, 0.27], [0.2, 0.29], [0.0, 0.1]]),
        "autocorrelation": np.array([[0.5, 0.6], [0.5, 0.6], [np.nan, 0.5]]),
    }
    ok, met = realnet.within_bands(stats, {"p_pos": 1.4, "autocorrelation": 1.4})
    np.testing.assert_array_equal(ok, [True, False, False])  # 0.29 > 1.4 x 0.2; P(+) 0 and NaN fail
    assert met == {"p_pos": 1, "autocorrelation": 2}


def test_too_few_candidates_within_the_bands_is_one_clear_sentence():
    with pytest.raises(
        realnet.SelectionError,
        match=r"none of the 300 candidate deals of 24 blocks into 6 "
        r"networks lies within the bands \(max/min p_pos <= 1: met by",
    ):
        similar(0, max_ratio={**BANDS, "p_pos": 1.0})
    spec = {"dataset": "ring", "task": "pos", "similar": {**SIMILAR, "max_ratio": {**BANDS, "autocorrelation": 1.0}}}
    with pytest.raises(ValueError) as info:
        realnet.carve_stand_in(spec, RING, np.random.default_rng(0), selection="similar")
    message = str(info.value)
    assert message.startswith("realnet.selection: none of the 300 candidate deals")
    assert "autocorrelation <= 1: met by 0" in message and "ring 'pos'" in message
    assert "widen realnet.similar.max_ratio" in message and message.count(". ") == 0
    with pytest.raises(ValueError, match="bands must map"):
        similar(0, max_ratio={"size": 2.0})


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


# ----------------------------------------------------------------------------- file format


def write_set(tmp_path, nodes, edges):
    n, e = tmp_path / "nodes.csv", tmp_path / "edges.csv"
    n.write_text(nodes)
    e.write_text(edges)
    return n, e


def test_network_set_round_trip(tmp_path):
    rng = np.random.default_rng(2)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (40, 55, 30)]
    ids = [[f"s{g}_{i}" for i in range(net.n_nodes)] for g, net in enumerate(nets)]
    node_rows, edge_rows = realnet.network_set_tables(
        ["a", "b", "c"], [n.adjacency for n in nets], [n.labels for n in nets], ids
    )
    import pandas as pd

    pd.DataFrame(node_rows).to_csv(tmp_path / "nodes.csv", index=False)
    pd.DataFrame(edge_rows).to_csv(tmp_path / "edges.csv", index=False)
    back = realnet.read_network_set(tmp_path / "nodes.csv", tmp_path / "edges.csv")
    assert back.names == ("a", "b", "c") and back.sizes() == [40, 55, 30]
    for g, net in enumerate(nets):
        assert (back.adjacency[g] != net.adjacency).nnz == 0
        np.testing.assert_array_equal(back.labels[g], net.labels)


def test_network_set_accepts_both_directions_and_drops_self_loops(tmp_path):
    n, e = write_set(
        tmp_path, "network,node,label\nx,a,1\nx,b,0\nx,c,1\n", "network,source,target\nx,a,b\nx,b,a\nx,c,c\nx,b,c\n"
    )
    netset = realnet.read_network_set(n, e)
    assert netset.adjacency[0].nnz == 4 and netset.adjacency[0].diagonal().sum() == 0


@pytest.mark.parametrize(
    "nodes, edges, message",
    [
        ("network,node\nx,a\n", "network,source,target\n", "must have the columns network,node,label"),
        ("network,node,label\nx,a,2\n", "network,source,target\n", "line 2: label must be 0 or 1"),
        ("network,node,label\nx,a,1\nx,a,0\n", "network,source,target\n", "appears twice"),
        ("network,node,label\nx,a,1\n", "network,source,target\ny,a,a\n", "network 'y' has no nodes"),
        ("network,node,label\nx,a,1\n", "network,source,target\nx,a,z\n", "target 'z' is not a node"),
        ("network,node,label\nx,,1\n", "network,source,target\n", "empty 'node' field"),
    ],
)
def test_network_set_errors_are_one_sentence(tmp_path, nodes, edges, message):
    n, e = write_set(tmp_path, nodes, edges)
    with pytest.raises(realnet.NetworkSetError, match=message):
        realnet.read_network_set(n, e)


# ----------------------------------------------------------------------------- calibration


def test_leave_one_out_calibration_meets_the_tolerance_on_the_other_networks():
    rng = np.random.default_rng(4)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (150, 180, 160, 170)]
    netset = realnet.NetworkSet(
        tuple("abcd"),
        tuple(n.adjacency for n in nets),
        tuple(n.labels for n in nets),
        tuple(tuple(map(str, range(n.n_nodes))) for n in nets),
    )
    cal = realnet.calibration_set(np.random.default_rng(1), np.random.default_rng(2), netset, [0.2, 0.3], 3, 10)
    assert cal.test.shape == (4, 2 * 3 * 10, 180)
    assert not cal.test[0, :, 150:].any()  # padding is never scored
    found = realnet.calibrate_held_out(cal, 1, 0, 0.005, 1.0, "bernoulli")
    assert abs(found["difference"]) <= 0.005 and found["splits"] == 3 * 3 * 10
    assert found["handicapped"] in ("wvrn", "nbc")
    power = realnet.power_differences(cal, 1, 1, [0.05, 0.3], 1.0, "bernoulli")
    assert power[1]["difference"] > power[0]["difference"]


def _lgm_set(seed, balanced_shuffled=False):
    """Four latent-group-model networks; ``balanced_shuffled``: labels replaced by a random half of
    the nodes each (no autocorrelation, P(+) = 0.5: both models at chance)."""
    rng = np.random.default_rng(seed)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (150, 180, 160, 170)]
    labels = [
        rng.permutation(np.arange(n.n_nodes) % 2).astype(np.int8) if balanced_shuffled else n.labels for n in nets
    ]
    return realnet.NetworkSet(
        tuple("abcd"),
        tuple(n.adjacency for n in nets),
        tuple(labels),
        tuple(tuple(map(str, range(n.n_nodes))) for n in nets),
    )


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
    netset = _lgm_set(0, balanced_shuffled=True)
    with pytest.raises(
        ValueError, match=r"calibration of network set 's' failed for held-out network a at propLabeled"
    ):
        _calibrate(netset, "raise")
    frame = _calibrate(netset, "settle")
    type1, power = frame[frame["purpose"] == "type1"], frame[frame["purpose"] == "power"]
    assert len(type1) == 4 * 2 and power["calibration_case"].isna().all()
    assert set(type1["calibration_case"]) <= set(wvrn_nbc.CALIBRATION_CASES)
    noise = type1[type1["calibration_case"] == wvrn_nbc.WITHIN_SAMPLING_ERROR]
    assert len(noise) >= 1  # the case that stopped the run: models at chance, gap within 2 SE
    gap = (noise["accuracy_wvrn_unhandicapped"] - noise["accuracy_nbc_unhandicapped"]).abs()
    assert (gap > 0.005).all() and (gap <= 2 * noise["difference_unhandicapped_se"]).all()
    assert (noise["handicapped"] == "none").all()
    assert (noise[["handicap_wvrn", "handicap_nbc"]] == 0).all().all()
    assert np.allclose(noise["difference"], noise["accuracy_wvrn_unhandicapped"] - noise["accuracy_nbc_unhandicapped"])
    assert (type1["difference_unhandicapped_se"] > 0).all()


def test_settling_changes_no_number_where_the_tolerance_is_met():
    netset = _lgm_set(4)
    papers = _calibrate(netset, "raise")
    settled = _calibrate(netset, "settle")
    assert not set(realnet.CASE_COLUMNS) & set(papers.columns)  # the papers' tables keep their columns
    type1 = settled[settled["purpose"] == "type1"]
    assert (type1["calibration_case"] == wvrn_nbc.MET_TOLERANCE).all()
    pd.testing.assert_frame_equal(settled.drop(columns=list(realnet.CASE_COLUMNS)), papers)
    with pytest.raises(ValueError, match="unmet must be one of raise, settle"):
        _calibrate(netset, "ignore")
