"""Small networks shared by the tests of the network sets, the stand-ins, their calibration and
the real-network study (tests/data/test_stand_ins.py, tests/studies/test_network_calibration.py,
tests/studies/test_realnet.py)."""

from __future__ import annotations

import numpy as np

from lib.data import datasets, network_sets, networks, stand_ins


def path_graph(n):
    return networks.adjacency_from_edges(n, [(i, i + 1) for i in range(n - 1)])


def topic_ring(seed=0, topics=12, size=100):
    """A network whose regions differ like Cora's topics: 12 communities of 100 nodes on a ring,
    community c with P(+) from 0.05 to 0.95, dense inside, sparse to the next community, plus a path
    through all nodes (one component)."""
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
    """:func:`lib.data.stand_ins.select_similar` on :data:`RING` with :data:`SIMILAR` (``kw`` replacing
    some of it)."""
    s = {**SIMILAR, **kw}
    return stand_ins.select_similar(
        np.random.default_rng(seed),
        RING.adjacency,
        RING.tasks["pos"],
        s["parts"],
        s["blocks_per_part"],
        s["candidates"],
        s["max_ratio"],
    )


def lgm_set(seed, balanced_shuffled=False):
    """Four latent-group-model networks; ``balanced_shuffled``: labels replaced by a random half of
    the nodes each (no autocorrelation, P(+) = 0.5: both models at chance)."""
    rng = np.random.default_rng(seed)
    nets = [networks.generate_lgm(rng, networks.LGMParams(n_nodes=m)) for m in (150, 180, 160, 170)]
    labels = [
        rng.permutation(np.arange(n.n_nodes) % 2).astype(np.int8) if balanced_shuffled else n.labels for n in nets
    ]
    return network_sets.NetworkSet(
        tuple("abcd"),
        tuple(n.adjacency for n in nets),
        tuple(labels),
        tuple(tuple(map(str, range(n.n_nodes))) for n in nets),
    )
