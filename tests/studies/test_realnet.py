"""Real networks (lib.studies.realnet): Table 1 statistics on toy graphs, the stand-in partition, the
network-set file format, and leave-one-out calibration."""
from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from lib.data import networks
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
    assert {(r["classifier"], r["collective"]) for r in rows} == {("wvRN", False), ("wvRN", True),
                                                                  ("LR", False), ("LR", True)}
    # recompute one row by hand: the first level's labeled sets are the generator's first draws
    labeled = realnet.random_labeled_sets(np.random.default_rng(11), 150, 0.3, 4)
    assert (labeled.sum(axis=1) == 45).all()
    from lib.models import wvrn_nbc, linkbased
    probs = linkbased.infer("LR", True, net.adjacency, net.labels, labeled)
    errors = wvrn_nbc.prediction_errors(probs, net.labels, ~labeled, wvrn_nbc.majority_class(net.labels, labeled))
    coo = sp.triu(net.adjacency, 1).tocoo()
    s = 2
    keep = ~labeled[s][coo.row] & ~labeled[s][coo.col]
    e_i, e_j = errors[s][coo.row[keep]].astype(float), errors[s][coo.col[keep]].astype(float)
    # phi over ordered pairs = Pearson over both orientations
    phi = np.corrcoef(np.concatenate([e_i, e_j]), np.concatenate([e_j, e_i]))[0, 1]
    row = [r for r in rows if r["prop_labeled"] == 0.3 and r["classifier"] == "LR" and r["collective"]
           and r["sample"] == s][0]
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


def test_spearman_and_paper_table():
    assert realnet.spearman([1, 2, 3, 4], [10, 30, 20, 40]) == pytest.approx(0.8)
    names = [row[0] for row in realnet.PAPER_TABLE1]
    assert names[:4] == ["enron", "citeseer", "polbooks", "cora"] and names.count("reality-mining") == 2
    # the paper's own values over its six tasks
    ec, ac = zip(*[(r[3], r[4]) for r in realnet.PAPER_TABLE1])
    assert realnet.spearman(ac, ec) == pytest.approx(0.942857, abs=1e-6)


# ----------------------------------------------------------------------------- partition

def test_partition_is_disjoint_seeded_in_range_and_keeps_internal_links():
    # a path through 2600 nodes plus 5200 random chords (self loops dropped): one component
    chords = np.random.default_rng(0).integers(0, 2600, (5200, 2))
    chords = chords[chords[:, 0] != chords[:, 1]]
    adj = networks.adjacency_from_edges(2600, np.concatenate([np.stack([np.arange(2599), np.arange(1, 2600)], 1),
                                                              chords]))
    part = realnet.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    again = realnet.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    other = realnet.carve_subnetworks(np.random.default_rng(6), adj, 6, 300, 700)
    np.testing.assert_array_equal(part.part_of, again.part_of)          # seeded-deterministic
    assert not np.array_equal(part.part_of, other.part_of)
    assert part.met_min_size
    sizes = np.bincount(part.part_of[part.part_of >= 0])
    assert len(sizes) == 6 and sizes.min() >= 300 and sizes.max() <= 700
    subs = realnet.subnetworks(adj, part.part_of)
    seen = np.concatenate([nodes for nodes, _ in subs])
    assert len(seen) == len(set(seen.tolist()))                           # disjoint
    coo = sp.triu(adj, 1).tocoo()
    for r, (nodes, sub) in enumerate(subs):
        inside = (part.part_of[coo.row] == r) & (part.part_of[coo.col] == r)
        assert sub.nnz // 2 == inside.sum()                               # every internal link kept
        np.testing.assert_array_equal(sub.toarray(), adj[nodes][:, nodes].toarray())
        from scipy.sparse.csgraph import connected_components
        assert connected_components(sub, directed=False)[0] == 1          # regions are connected


def test_partition_of_a_small_graph_reports_the_shortfall():
    adj = path_graph(120)
    part = realnet.carve_subnetworks(np.random.default_rng(0), adj, 6, 300, 700, attempts=3)
    assert part.target == 20 and not part.met_min_size
    assert (np.bincount(part.part_of[part.part_of >= 0]) <= 20).all()


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
    node_rows, edge_rows = realnet.network_set_tables(["a", "b", "c"], [n.adjacency for n in nets],
                                                      [n.labels for n in nets], ids)
    import pandas as pd
    pd.DataFrame(node_rows).to_csv(tmp_path / "nodes.csv", index=False)
    pd.DataFrame(edge_rows).to_csv(tmp_path / "edges.csv", index=False)
    back = realnet.read_network_set(tmp_path / "nodes.csv", tmp_path / "edges.csv")
    assert back.names == ("a", "b", "c") and back.sizes() == [40, 55, 30]
    for g, net in enumerate(nets):
        assert (back.adjacency[g] != net.adjacency).nnz == 0
        np.testing.assert_array_equal(back.labels[g], net.labels)


def test_network_set_accepts_both_directions_and_drops_self_loops(tmp_path):
    n, e = write_set(tmp_path, "network,node,label\nx,a,1\nx,b,0\nx,c,1\n",
                     "network,source,target\nx,a,b\nx,b,a\nx,c,c\nx,b,c\n")
    netset = realnet.read_network_set(n, e)
    assert netset.adjacency[0].nnz == 4 and netset.adjacency[0].diagonal().sum() == 0


@pytest.mark.parametrize("nodes, edges, message", [
    ("network,node\nx,a\n", "network,source,target\n", "must have the columns network,node,label"),
    ("network,node,label\nx,a,2\n", "network,source,target\n", "line 2: label must be 0 or 1"),
    ("network,node,label\nx,a,1\nx,a,0\n", "network,source,target\n", "appears twice"),
    ("network,node,label\nx,a,1\n", "network,source,target\ny,a,a\n", "network 'y' has no nodes"),
    ("network,node,label\nx,a,1\n", "network,source,target\nx,a,z\n", "target 'z' is not a node"),
    ("network,node,label\nx,,1\n", "network,source,target\n", "empty 'node' field"),
])
def test_network_set_errors_are_one_sentence(tmp_path, nodes, edges, message):
    n, e = write_set(tmp_path, nodes, edges)
    with pytest.raises(realnet.NetworkSetError, match=message):
        realnet.read_network_set(n, e)


# ----------------------------------------------------------------------------- calibration

def test_leave_one_out_calibration_meets_the_tolerance_on_the_other_networks():
    rng = np.random.default_rng(4)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (150, 180, 160, 170)]
    netset = realnet.NetworkSet(tuple("abcd"), tuple(n.adjacency for n in nets), tuple(n.labels for n in nets),
                                tuple(tuple(map(str, range(n.n_nodes))) for n in nets))
    cal = realnet.calibration_set(np.random.default_rng(1), np.random.default_rng(2), netset, [0.2, 0.3], 3, 10)
    assert cal.test.shape == (4, 2 * 3 * 10, 180)
    assert not cal.test[0, :, 150:].any()  # padding is never scored
    found = realnet.calibrate_held_out(cal, 1, 0, 0.005, 1.0, "bernoulli")
    assert abs(found["difference"]) <= 0.005 and found["splits"] == 3 * 3 * 10
    assert found["handicapped"] in ("wvrn", "nbc")
    power = realnet.power_differences(cal, 1, 1, [0.05, 0.3], 1.0, "bernoulli")
    assert power[1]["difference"] > power[0]["difference"]
