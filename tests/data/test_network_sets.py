"""The network-set file format (lib.data.network_sets): a round trip, what is harmless, and one
sentence per error."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from lib.data import network_sets, networks


def write_set(tmp_path, nodes, edges):
    n, e = tmp_path / "nodes.csv", tmp_path / "edges.csv"
    n.write_text(nodes)
    e.write_text(edges)
    return n, e


def test_network_set_round_trip(tmp_path):
    rng = np.random.default_rng(2)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (40, 55, 30)]
    ids = [[f"s{g}_{i}" for i in range(net.n_nodes)] for g, net in enumerate(nets)]
    node_rows, edge_rows = network_sets.network_set_tables(
        ["a", "b", "c"], [n.adjacency for n in nets], [n.labels for n in nets], ids
    )
    pd.DataFrame(node_rows).to_csv(tmp_path / "nodes.csv", index=False)
    pd.DataFrame(edge_rows).to_csv(tmp_path / "edges.csv", index=False)
    back = network_sets.read_network_set(tmp_path / "nodes.csv", tmp_path / "edges.csv")
    assert back.names == ("a", "b", "c") and back.sizes() == [40, 55, 30]
    for g, net in enumerate(nets):
        assert (back.adjacency[g] != net.adjacency).nnz == 0
        np.testing.assert_array_equal(back.labels[g], net.labels)


def test_network_set_accepts_both_directions_and_drops_self_loops(tmp_path):
    n, e = write_set(
        tmp_path, "network,node,label\nx,a,1\nx,b,0\nx,c,1\n", "network,source,target\nx,a,b\nx,b,a\nx,c,c\nx,b,c\n"
    )
    netset = network_sets.read_network_set(n, e)
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
    with pytest.raises(network_sets.NetworkSetError, match=message):
        network_sets.read_network_set(n, e)
