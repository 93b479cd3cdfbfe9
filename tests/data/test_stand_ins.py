"""Stand-ins for a network set (lib.data.stand_ins): the region-grown partition and the similar
networks assembled from blocks (reading realnet.selection)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from lib.data import networks, stand_ins
from network_cases import BANDS, RING, path_graph, similar

# ----------------------------------------------------------------------------- partition


def test_partition_is_disjoint_seeded_in_range_and_keeps_internal_links():
    # a path through 2600 nodes plus 5200 random chords (self loops dropped): one component
    chords = np.random.default_rng(0).integers(0, 2600, (5200, 2))
    chords = chords[chords[:, 0] != chords[:, 1]]
    adj = networks.adjacency_from_edges(
        2600, np.concatenate([np.stack([np.arange(2599), np.arange(1, 2600)], 1), chords])
    )
    part = stand_ins.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    again = stand_ins.carve_subnetworks(np.random.default_rng(5), adj, 6, 300, 700)
    other = stand_ins.carve_subnetworks(np.random.default_rng(6), adj, 6, 300, 700)
    np.testing.assert_array_equal(part.part_of, again.part_of)  # seeded-deterministic
    assert not np.array_equal(part.part_of, other.part_of)
    assert part.met_min_size
    sizes = np.bincount(part.part_of[part.part_of >= 0])
    assert len(sizes) == 6 and sizes.min() >= 300 and sizes.max() <= 700
    subs = stand_ins.subnetworks(adj, part.part_of)
    seen = np.concatenate([nodes for nodes, _ in subs])
    assert len(seen) == len(set(seen.tolist()))  # disjoint
    coo = sp.triu(adj, 1).tocoo()
    for r, (nodes, sub) in enumerate(subs):
        inside = (part.part_of[coo.row] == r) & (part.part_of[coo.col] == r)
        assert sub.nnz // 2 == inside.sum()  # every internal link kept
        np.testing.assert_array_equal(sub.toarray(), adj[nodes][:, nodes].toarray())
        assert connected_components(sub, directed=False)[0] == 1  # regions are connected


def test_partition_of_a_small_graph_reports_the_shortfall():
    adj = path_graph(120)
    part = stand_ins.carve_subnetworks(np.random.default_rng(0), adj, 6, 300, 700, attempts=3)
    assert part.target == 20 and not part.met_min_size
    assert (np.bincount(part.part_of[part.part_of >= 0]) <= 20).all()


# ----------------------------------------------------------------------------- selection (reading realnet.selection)


def test_the_region_grown_partition_of_a_topical_network_is_not_similar():
    # why the reading exists: region-grown parts follow the topics (P(+) ratio far above 1.4)
    part = stand_ins.carve_subnetworks(np.random.default_rng(2024), RING.adjacency, 6, 150, 700)
    p = [RING.tasks["pos"][nodes].mean() for nodes, _ in stand_ins.subnetworks(RING.adjacency, part.part_of)]
    assert max(p) > 2 * min(p)


def test_similar_networks_are_disjoint_keep_every_internal_link_and_lie_within_the_bands():
    chosen = similar(0)
    y = RING.tasks["pos"]
    subs = stand_ins.subnetworks(RING.adjacency, chosen.part_of)
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
    ok, _ = stand_ins.within_bands(chosen.statistics | {k: v[None] for k, v in chosen.statistics.items()}, BANDS)
    assert ok.all()
    # replace the candidates' statistics: the rule follows them and nothing else
    real = stand_ins.deal_statistics

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
        monkeypatch.setattr(stand_ins, "deal_statistics", only(k))
        picked = similar(0)
        assert (picked.candidate, picked.qualifying) == (k + 1, 1)


def test_within_bands_by_hand():
    stats = {
        "p_pos": np.array([[0.2, 0.27], [0.2, 0.29], [0.0, 0.1]]),
        "autocorrelation": np.array([[0.5, 0.6], [0.5, 0.6], [np.nan, 0.5]]),
    }
    ok, met = stand_ins.within_bands(stats, {"p_pos": 1.4, "autocorrelation": 1.4})
    np.testing.assert_array_equal(ok, [True, False, False])  # 0.29 > 1.4 x 0.2; P(+) 0 and NaN fail
    assert met == {"p_pos": 1, "autocorrelation": 2}


def test_too_few_candidates_within_the_bands_is_one_clear_sentence():
    with pytest.raises(
        stand_ins.SelectionError,
        match=r"none of the 300 candidate deals of 24 blocks into 6 "
        r"networks lies within the bands \(max/min p_pos <= 1: met by",
    ):
        similar(0, max_ratio={**BANDS, "p_pos": 1.0})
    with pytest.raises(ValueError, match="bands must map"):
        similar(0, max_ratio={"size": 2.0})
