"""Public stand-ins for a network set: disjoint subnetworks carved from one large network.

The real-data experiments of Neville 2009 Sec. 6 (six Add Health schools) and Wang et al. 2011
Sec. 5.2 (six IMDB samples) use restricted data; the study :mod:`lib.studies.realnet` replaces
them by six disjoint subnetworks of a public network (Cora, Citeseer), written as a network set
(:mod:`lib.data.network_sets`). Two readings of how they are chosen (``realnet.selection``).

Partition (:func:`carve_subnetworks`)
-------------------------------------
Seeded region growing on the largest connected component: draw ``parts`` distinct seed nodes
uniformly; then repeatedly let the smallest region that can still grow (size below the target
``min(max_size, |LCC| // parts)`` and a non-empty frontier; ties to the lower index) absorb one
node drawn uniformly from its frontier (unassigned neighbours). Growth stops when no region can
grow. If a region ends below ``min_size`` (it was enclosed by the others), the draw is repeated
with fresh seeds from the same generator, up to ``attempts`` times; then the attempt with the
largest smallest region is kept and the shortfall reported (sizes "300-700 where possible"). Each
subnetwork keeps *every* link between two of its nodes (induced subgraph); links between regions
and nodes left unassigned are dropped. Regions are connected by construction. This is the reading
``realnet.selection = "partition"``.

Similar networks (:func:`select_similar`)
-----------------------------------------
Neville chose six schools "with similar autocorrelation and link patterns". The region-grown parts
of Cora and Citeseer follow the topics, so they are not similar (P(+) 0.02-0.60) and cannot be made
so by picking: among the parts of 300 independent partitions, no window of the bands below holds
more than 4 pairwise disjoint parts (Cora and Citeseer alike). The reading ``"similar"`` therefore
assembles each network from several region-grown blocks: the largest component is cut into
``parts x blocks_per_part`` connected blocks (the growth above, without size cap); a candidate
deals the blocks, sorted by P(+), in strata of ``parts`` -- one block of each stratum to each
network, in random order (stratified sampling, as Wang built his six IMDB networks); of
``candidates`` deals the first whose networks lie within the bands is kept. A band bounds, over
the networks, the largest value of a statistic by ``max_ratio`` times the smallest (P(+), label
autocorrelation -- Pearson over linked pairs, the study's estimator --, mean degree, size). The rule
reads network statistics only; it runs before, and knows nothing of, any test. Each network keeps
every link between two of its nodes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from . import networks

# ----------------------------------------------------------------------------- partition


@dataclass(frozen=True)
class Partition:
    """``part_of[i]``: region of node ``i`` (-1: unassigned); ``attempt``: the accepted draw
    (1-based); ``met_min_size``: every region reached ``min_size``; ``target`` size."""

    part_of: np.ndarray
    attempt: int
    met_min_size: bool
    target: int


def _grow(rng, adj: sp.csr_matrix, candidates: np.ndarray, parts: int, target: int) -> np.ndarray:
    n = adj.shape[0]
    part_of = np.full(n, -1, dtype=np.int64)
    seeds = rng.choice(candidates, size=parts, replace=False)
    frontier = [set() for _ in range(parts)]
    sizes = np.zeros(parts, dtype=np.int64)

    def assign(node, r):
        part_of[node] = r
        sizes[r] += 1
        for f in frontier:
            f.discard(node)
        nbrs = adj.indices[adj.indptr[node] : adj.indptr[node + 1]]
        frontier[r].update(int(j) for j in nbrs if part_of[j] < 0)

    for r, s in enumerate(seeds):
        assign(int(s), r)
    while True:
        able = [r for r in range(parts) if sizes[r] < target and frontier[r]]
        if not able:
            return part_of
        r = min(able, key=lambda k: (sizes[k], k))
        pool = sorted(frontier[r])
        assign(pool[int(rng.integers(len(pool)))], r)


def carve_subnetworks(
    rng: np.random.Generator, adjacency, parts: int = 6, min_size: int = 300, max_size: int = 700, attempts: int = 20
) -> Partition:
    """Seeded region growing of ``parts`` disjoint connected regions on the largest component.

    The procedure is described in the module docstring. The target region size is
    ``min(max_size, |LCC| // parts)``; draws are repeated (fresh seeds, same generator) until the
    smallest region reaches ``min(min_size, target)`` or ``attempts`` draws are made, and the draw
    with the largest smallest region is kept.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (seeds and growth).
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops of the large network.
    parts : int, default=6
        Number of regions, at least 2.
    min_size : int, default=300
        Smallest acceptable region size, at least 1.
    max_size : int, default=700
        Largest region size, at least ``min_size``.
    attempts : int, default=20
        Maximum number of draws.

    Returns
    -------
    partition : Partition
        ``part_of`` (region of each node, -1 unassigned), the accepted ``attempt`` (1-based),
        ``met_min_size`` (every region reached ``min_size``) and the ``target`` size.

    Raises
    ------
    ValueError
        If ``parts < 2``, not ``1 <= min_size <= max_size``, the largest connected component has
        fewer than ``parts`` nodes, or ``adjacency`` is invalid
        (:func:`lib.data.networks.check_adjacency`).

    Notes
    -----
    Builds public stand-ins for the six disjoint networks of Neville, Gallagher & Eliassi-Rad
    2009, Sec. 6 (Add Health schools, "sizes ranging from 300-700 nodes") and Wang et al. 2011,
    Sec. 5.2 (IMDB samples).
    """
    adj = networks.check_adjacency(adjacency)
    if parts < 2:
        raise ValueError(f"parts must be at least 2, got {parts}")
    if not 1 <= min_size <= max_size:
        raise ValueError(f"need 1 <= min_size <= max_size, got {min_size} and {max_size}")
    _, comp = connected_components(adj, directed=False)
    largest = np.flatnonzero(comp == np.bincount(comp).argmax())
    if largest.size < parts:
        raise ValueError(f"the largest connected component has {largest.size} nodes, fewer than {parts} parts")
    target = int(min(max_size, largest.size // parts))
    best, best_min = None, -1
    for attempt in range(1, int(attempts) + 1):
        part_of = _grow(rng, adj, largest, parts, target)
        smallest = int(np.bincount(part_of[part_of >= 0], minlength=parts).min())
        if smallest > best_min:
            best, best_min = (part_of, attempt), smallest
        if smallest >= min(min_size, target):
            break
    part_of, attempt = best
    return Partition(part_of, attempt, best_min >= min_size, target)


def subnetworks(adjacency, part_of) -> list[tuple[np.ndarray, sp.csr_matrix]]:
    """Nodes and induced adjacency of each region.

    Parameters
    ----------
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops.
    part_of : ndarray of int, shape (n,)
        Region of each node, -1 for unassigned (:class:`Partition`).

    Returns
    -------
    regions : list of (ndarray, scipy.sparse.csr_matrix)
        For each region ``0 .. part_of.max()``, its nodes in increasing index order and the
        induced adjacency among them (every link between two of its nodes).

    Raises
    ------
    ValueError
        If ``adjacency`` is invalid (:func:`lib.data.networks.check_adjacency`).
    """
    adj = networks.check_adjacency(adjacency)
    out = []
    for r in range(int(part_of.max()) + 1):
        nodes = np.flatnonzero(part_of == r)
        out.append((nodes, sp.csr_matrix(adj[nodes][:, nodes])))
    return out


# ----------------------------------------------------------------------------- similar networks

# The statistics a set of similar networks must agree on, in the order of the bands' config keys:
# Neville 2009 Sec. 6 names the schools' autocorrelation range [0.25, 0.35], average degree 7-8 and
# sizes 300-700; P(+) is what the calibration is most sensitive to (and what the paper leaves out).
SIMILAR_STATISTICS = ("p_pos", "autocorrelation", "mean_degree", "nodes")


@dataclass(frozen=True)
class Assembly:
    """Six (``parts``) similar networks assembled from blocks (:func:`select_similar`).

    ``part_of[i]``: network of node ``i`` (-1: none); ``block_of[i]``: block of node ``i`` (-1:
    outside the largest component); ``candidate``: the accepted deal (1-based, in draw order);
    ``qualifying``: how many of the ``candidates`` deals lie within the bands; ``statistics``: the
    accepted networks' :data:`SIMILAR_STATISTICS`, each an array of shape ``(parts,)``."""

    part_of: np.ndarray
    block_of: np.ndarray
    candidate: int
    qualifying: int
    candidates: int
    statistics: dict


class SelectionError(ValueError):
    """No candidate set of networks lies within the bands."""


def grow_blocks(rng: np.random.Generator, adjacency, blocks: int) -> np.ndarray:
    """Cut the largest connected component into ``blocks`` connected blocks by seeded region growing.

    The growth of :func:`carve_subnetworks` (``blocks`` uniform seed nodes; the smallest block that
    can still grow absorbs a uniformly drawn node of its frontier) without a size cap: growth goes
    on until no block has a frontier, so every node of the largest component is in a block (a
    block enclosed by others stays small).

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (seeds and growth).
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops.
    blocks : int
        Number of blocks, at least 2.

    Returns
    -------
    block_of : ndarray of int, shape (n,)
        Block of each node; -1 outside the largest connected component.

    Raises
    ------
    ValueError
        If ``blocks < 2``, the largest component has fewer than ``blocks`` nodes, or ``adjacency``
        is invalid (:func:`lib.data.networks.check_adjacency`).
    """
    adj = networks.check_adjacency(adjacency)
    if blocks < 2:
        raise ValueError(f"blocks must be at least 2, got {blocks}")
    _, comp = connected_components(adj, directed=False)
    largest = np.flatnonzero(comp == np.bincount(comp).argmax())
    if largest.size < blocks:
        raise ValueError(f"the largest connected component has {largest.size} nodes, fewer than {blocks} blocks")
    # target = the component's size: no block reaches it, so only empty frontiers stop the growth
    return _grow(rng, adj, largest, blocks, largest.size)


def block_tables(adjacency, labels, block_of) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per block its size and positives, and per pair of blocks the labels of the links between them.

    Parameters
    ----------
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops.
    labels : array-like of 0/1, shape (n,)
    block_of : ndarray of int, shape (n,)
        Block of each node, -1 for none (:func:`grow_blocks`).

    Returns
    -------
    nodes, positives : ndarray of shape (B,)
        Nodes and positive nodes of each block.
    pairs : ndarray of shape (B, B, 4)
        ``pairs[a, b]`` = ``(n11, n10, n01, n00)``: ordered linked pairs ``(i, j)`` with ``i`` in
        block ``a`` and ``j`` in block ``b``, by the labels of ``i`` and ``j``. The table of a
        network made of a set ``S`` of blocks is the sum over ``S x S`` (every link inside the
        network, each in both directions: :func:`lib.data.networks.linked_pair_table`).
    """
    adj = sp.csr_matrix(networks.check_adjacency(adjacency), dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    inside = np.flatnonzero(block_of >= 0)
    count = int(block_of.max()) + 1
    member = sp.csr_matrix((np.ones(inside.size), (inside, block_of[inside])), shape=(adj.shape[0], count))
    pos, neg = member.multiply(y[:, None]).tocsr(), member.multiply(1.0 - y[:, None]).tocsr()
    pairs = np.stack([(a.T @ adj @ b).toarray() for a, b in ((pos, pos), (pos, neg), (neg, pos), (neg, neg))], axis=-1)
    return (np.asarray(member.sum(axis=0)).ravel(), np.asarray(pos.sum(axis=0)).ravel(), pairs)


def deal_blocks(rng: np.random.Generator, block_p_pos, parts: int, candidates: int) -> np.ndarray:
    """Candidate stratified deals of blocks into ``parts`` networks.

    The blocks are sorted by their share of positives (ties: block index); each consecutive run of
    ``parts`` blocks is a stratum whose blocks go one to each network, in a uniformly random order
    per candidate. Every network thus gets one block of each stratum.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (the order within each stratum).
    block_p_pos : array-like of shape (B,)
        P(+) of each block; ``B`` must be a multiple of ``parts``.
    parts : int
        Number of networks.
    candidates : int
        Number of deals.

    Returns
    -------
    deal : ndarray of int, shape (candidates, B)
        ``deal[c, b]``: network of block ``b`` in candidate ``c``.

    Raises
    ------
    ValueError
        If ``B`` is not a positive multiple of ``parts``.
    """
    p = np.asarray(block_p_pos, dtype=np.float64)
    if parts < 1 or p.size == 0 or p.size % parts:
        raise ValueError(f"{p.size} blocks cannot be dealt evenly into {parts} networks")
    order = np.lexsort((np.arange(p.size), p))
    within = np.argsort(rng.random((candidates, p.size // parts, parts)), axis=-1)
    deal = np.empty((candidates, p.size), dtype=np.int64)
    deal[:, order] = within.reshape(candidates, p.size)
    return deal


def deal_statistics(deal: np.ndarray, nodes, positives, pairs, parts: int) -> dict:
    """:data:`SIMILAR_STATISTICS` of every network of every candidate deal.

    Parameters
    ----------
    deal : ndarray of int, shape (C, B)
        Network of each block per candidate (:func:`deal_blocks`).
    nodes, positives, pairs
        :func:`block_tables`.
    parts : int
        Number of networks.

    Returns
    -------
    statistics : dict of str to ndarray of shape (C, parts)
        ``p_pos``, ``autocorrelation`` (phi over the ordered linked pairs inside the network: the
        estimator of :func:`lib.data.networks.label_autocorrelation`, NaN when undefined),
        ``mean_degree`` (ordered linked pairs / nodes) and ``nodes``; the values
        :func:`lib.data.networks.network_statistics` gives for the induced subnetworks.
    """
    onehot = (deal[:, :, None] == np.arange(parts)).astype(np.float64)  # (C, B, parts)
    table = np.einsum("cak,abt,cbk->ckt", onehot, pairs, onehot)  # (C, parts, 4)
    size = np.einsum("cak,a->ck", onehot, nodes)
    with np.errstate(divide="ignore", invalid="ignore"):
        return {
            "p_pos": np.einsum("cak,a->ck", onehot, positives) / size,
            "autocorrelation": networks.phi_from_table(table),
            "mean_degree": table.sum(axis=-1) / size,
            "nodes": size,
        }


def within_bands(statistics: dict, max_ratio: dict) -> tuple[np.ndarray, dict]:
    """Which candidates have every statistic within its band: all networks' values positive and
    the largest at most ``max_ratio[statistic]`` times the smallest.

    Parameters
    ----------
    statistics : dict of str to ndarray of shape (C, parts)
        Per candidate and network (:func:`deal_statistics`); only the keys of ``max_ratio`` are read.
    max_ratio : dict of str to float
        The bands, each at least 1.

    Returns
    -------
    ok : ndarray of bool, shape (C,)
        The candidate lies within every band.
    met : dict of str to int
        Per statistic, the number of candidates within its band.

    Notes
    -----
    The rule reads the network statistics and nothing else (no test is run before it).
    """
    met, ok = {}, None
    for name, ratio in max_ratio.items():
        x = np.asarray(statistics[name], dtype=np.float64)
        lo, hi = x.min(axis=1), x.max(axis=1)  # NaN (undefined autocorrelation) fails both tests
        inside = (lo > 0) & (hi <= ratio * lo)
        met[name] = int(inside.sum())
        ok = inside if ok is None else ok & inside
    return ok, met


def select_similar(
    rng: np.random.Generator,
    adjacency,
    labels,
    parts: int = 6,
    blocks_per_part: int = 8,
    candidates: int = 2000,
    max_ratio: dict | None = None,
) -> Assembly:
    """``parts`` disjoint networks whose statistics lie within stated bands (selection ``similar``).

    1. The largest component is cut into ``parts * blocks_per_part`` connected blocks
       (:func:`grow_blocks`).
    2. ``candidates`` stratified deals of the blocks into ``parts`` networks are drawn
       (:func:`deal_blocks`); a network is the union of its blocks with every link between two of
       its nodes (induced subgraph).
    3. The first deal in draw order whose networks all lie within the bands is kept
       (:func:`within_bands`: for each statistic, largest / smallest at most ``max_ratio``).

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (blocks, then deals).
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops of the source network.
    labels : array-like of 0/1, shape (n,)
    parts : int, default=6
        Number of networks.
    blocks_per_part : int, default=8
        Blocks per network (strata of the deal).
    candidates : int, default=2000
        Deals drawn.
    max_ratio : dict of str to float
        The bands, keys from :data:`SIMILAR_STATISTICS`.

    Returns
    -------
    assembly : Assembly

    Raises
    ------
    SelectionError
        If no deal lies within the bands (a ``ValueError`` whose message gives, per band, how many
        deals meet it).
    ValueError
        If ``parts < 2``, ``blocks_per_part < 1``, ``candidates < 1``, a band is unknown or below 1,
        or :func:`grow_blocks` fails.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 6: "six schools with similar autocorrelation and
    link patterns" (sizes 300-700, average degree 7-8, autocorrelation in [0.25, 0.35]). Wang et
    al. 2011, Sec. 5.2 made its six IMDB networks by "stratified sampling". The choice reads the
    statistics of the candidate networks only.
    """
    bands = dict(max_ratio or {})
    unknown = sorted(set(bands) - set(SIMILAR_STATISTICS))
    if unknown or not bands or any(not r >= 1 for r in bands.values()):
        raise ValueError(f"bands must map some of {', '.join(SIMILAR_STATISTICS)} to ratios >= 1, got {bands}")
    if parts < 2 or blocks_per_part < 1 or candidates < 1:
        raise ValueError(
            f"need parts >= 2, blocks_per_part >= 1 and candidates >= 1, got {parts}, "
            f"{blocks_per_part} and {candidates}"
        )
    y = np.asarray(labels)
    block_of = grow_blocks(rng, adjacency, parts * blocks_per_part)
    nodes, positives, pairs = block_tables(adjacency, y, block_of)
    deal = deal_blocks(rng, positives / nodes, parts, candidates)
    stats = deal_statistics(deal, nodes, positives, pairs, parts)
    ok, met = within_bands(stats, bands)
    if not ok.any():
        raise SelectionError(
            f"none of the {candidates} candidate deals of {parts * blocks_per_part} blocks into "
            f"{parts} networks lies within the bands (max/min "
            + ", ".join(f"{k} <= {v:g}: met by {met[k]}" for k, v in bands.items())
            + ")"
        )
    c = int(np.flatnonzero(ok)[0])
    part_of = np.where(block_of >= 0, deal[c][np.maximum(block_of, 0)], -1)
    return Assembly(part_of, block_of, c + 1, int(ok.sum()), candidates, {k: v[c].copy() for k, v in stats.items()})
