"""Real networks: Neville et al. (2009) Table 1 statistics, sets of disjoint networks for the
real-data Type I / power experiments (Neville 2009 Sec. 6, Fig. 1(f); Wang et al. 2011 Sec. 5.2,
Fig. 3), and their leave-one-network-out calibration.

Network sets
------------
A *network set* is a few disjoint networks with a binary label, e.g. Neville's six Add Health
schools or Wang's six IMDB samples. It is exchanged as two CSV files (the format a user with
the restricted data provides, and the format the public stand-ins are written in):

- ``nodes.csv``: columns ``network,node,label`` -- one row per node; ``network`` names the
  network (any text), ``node`` is a node id unique within its network, ``label`` is 0 or 1.
- ``edges.csv``: columns ``network,source,target`` -- one row per undirected link between two
  nodes of the same network (listing both directions, or an edge twice, is harmless; self
  loops are dropped).

:func:`read_network_set` checks them and fails with one sentence naming the file, the row and
what is wrong.

Stand-ins (:func:`carve_subnetworks`)
-------------------------------------
The public stand-ins are six disjoint subnetworks carved from one large network (Cora,
Citeseer) by seeded region growing on its largest connected component: draw ``parts`` distinct
seed nodes uniformly; then repeatedly let the smallest region that can still grow (size below
the target ``min(max_size, |LCC| // parts)`` and a non-empty frontier; ties to the lower index)
absorb one node drawn uniformly from its frontier (unassigned neighbours). Growth stops when no
region can grow. If a region ends below ``min_size`` (it was enclosed by the others), the draw
is repeated with fresh seeds from the same generator, up to ``attempts`` times; then the attempt
with the largest smallest region is kept and the shortfall reported (sizes "300-700 where
possible"). Each subnetwork keeps *every* link between two of its nodes (induced subgraph);
links between regions and nodes left unassigned are dropped. Regions are connected by
construction. This is the reading ``realnet.selection = "partition"``.

Stand-ins: similar networks (:func:`select_similar`)
----------------------------------------------------
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

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from ..core import runlog, seeding
from ..data import networks
from ..evaluation import pairtests, sampling, summaries
from ..models import linkbased, wvrn_nbc

NODE_COLUMNS = ("network", "node", "label")
EDGE_COLUMNS = ("network", "source", "target")


# Neville 2009 Table 1 as printed (columns in the paper's order): registry name, data set, task,
# error correlation, label autocorrelation. The PDF extraction lists the data sets, the tasks and
# the two rows of values in the same column order (Enron, Citeseer, Political Books, Cora,
# Reality Mining x 2); Reality Mining is not public.
PAPER_TABLE1 = (
    ("enron", "Enron Email", "Executive?", 0.18, 0.17),
    ("citeseer", "Citeseer", "Info. Retrieval?", 0.23, 0.59),
    ("polbooks", "Political Books", "Neutral?", 0.25, 0.22),
    ("cora", "Cora", "Neural Nets?", 0.28, 0.61),
    ("reality-mining", "Reality Mining", "In Study?", 0.32, 0.79),
    ("reality-mining", "Reality Mining", "Student?", 0.52, 0.91),
)


class NetworkSetError(ValueError):
    """A network-set file is not in the documented format."""


# ----------------------------------------------------------------------------- Table 1


def random_labeled_sets(rng: np.random.Generator, n: int, prop_labeled: float, samples: int) -> np.ndarray:
    """``samples`` uniform labeled sets of exactly ``round(prop_labeled n)`` nodes.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness.
    n : int
        Number of nodes.
    prop_labeled : float
        Proportion of labeled nodes.
    samples : int
        Number of labeled sets.

    Returns
    -------
    labeled : ndarray of bool, shape (samples, n)
        ``labeled[s, i]`` is True when node ``i`` is in labeled set ``s``; each set is an
        independent uniform sample without replacement.

    Raises
    ------
    ValueError
        If ``round(prop_labeled n)`` is not between 1 and ``n - 1`` (no labeled or no unlabeled
        node).

    Notes
    -----
    The labeled sets of Neville, Gallagher & Eliassi-Rad 2009, Sec. 2, Table 1 (proportions of
    labeled data 0.1, 0.3, 0.5, 0.7, 0.9).
    """
    size = int(round(prop_labeled * n))
    if not 1 <= size < n:
        raise ValueError(f"propLabeled {prop_labeled} of {n} nodes leaves no labeled or no unlabeled node")
    keys = rng.random((samples, n))
    chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
    out = np.zeros((samples, n), dtype=bool)
    np.put_along_axis(out, chosen, True, axis=1)
    return out


def table1_task(
    rng: np.random.Generator,
    adjacency,
    labels,
    levels,
    samples: int,
    *,
    schedule: wvrn_nbc.Schedule = wvrn_nbc.Schedule(),
    l2: float = 1.0,
) -> list[dict]:
    """Neville 2009 Table 1 for one task: error correlation of four models per labeled set.

    Per labeling level, ``samples`` uniform labeled sets; each of the four models (wvRN,
    link-based LR; with and without collective inference) predicts every unlabeled node; the phi
    coefficient of 0/1 errors over linked pairs of unlabeled nodes
    (:func:`lib.data.networks.error_correlation`) per labeled set.

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of randomness (the labeled sets).
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric adjacency without self loops.
    labels : array-like of shape (n,)
        0/1 class labels of the task.
    levels : iterable of float
        Proportions of labeled nodes.
    samples : int
        Labeled sets per level.
    schedule : lib.models.wvrn_nbc.Schedule, default=Schedule()
        Relaxation-labeling schedule of collective inference.
    l2 : float, default=1.0
        L2 penalty of the link-based logistic regression.

    Returns
    -------
    rows : list of dict
        One dict per (level, classifier, collective, sample) with ``prop_labeled``,
        ``classifier`` (``"wvRN"`` or ``"LR"``), ``collective`` (bool), ``sample``,
        ``error_correlation`` (NaN when undefined: no error, or only errors, among linked
        unlabeled pairs), ``accuracy``, ``test_size`` and ``linked_test_pairs`` (ordered pairs).

    Raises
    ------
    ValueError
        If ``adjacency`` is not square, symmetric, non-negative and without self loops
        (:func:`lib.data.networks.check_adjacency`), or a level leaves no labeled or no unlabeled
        node (:func:`random_labeled_sets`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 2, Table 1: the relational neighbor classifier
    [13] and the link-based classifier [12], each with and without collective inference.
    """
    adj = networks.check_adjacency(adjacency)
    y = np.asarray(labels)
    n = adj.shape[0]
    rows = []
    for level in levels:
        labeled = random_labeled_sets(rng, n, level, samples)
        test = ~labeled
        tie = wvrn_nbc.majority_class(y, labeled)
        pairs = networks.linked_pair_table(adj, np.zeros_like(test, dtype=np.int8), test).sum(axis=-1)
        for classifier in linkbased.CLASSIFIERS:
            for use_collective in (False, True):
                probs = linkbased.infer(classifier, use_collective, adj, y, labeled, schedule=schedule, l2=l2)
                errors = wvrn_nbc.prediction_errors(probs, y, test, tie)
                phi = np.atleast_1d(networks.error_correlation(adj, errors, test))
                acc = 1.0 - errors.sum(axis=1) / test.sum(axis=1)
                for s in range(samples):
                    rows.append(
                        {
                            "prop_labeled": float(level),
                            "classifier": classifier,
                            "collective": bool(use_collective),
                            "sample": s,
                            "error_correlation": float(phi[s]),
                            "accuracy": float(acc[s]),
                            "test_size": int(test[s].sum()),
                            "linked_test_pairs": int(pairs[s]),
                        }
                    )
    return rows


# ----------------------------------------------------------------------------- network sets


@dataclass(frozen=True, eq=False)
class NetworkSet:
    """Disjoint networks: ``names[g]``, ``adjacency[g]`` (CSR), ``labels[g]`` (int8 0/1),
    ``node_ids[g]`` (node ids as text, in file order)."""

    names: tuple
    adjacency: tuple
    labels: tuple
    node_ids: tuple

    def __len__(self) -> int:
        return len(self.names)

    def network(self, g: int) -> networks.Network:
        """Network ``g`` as a :class:`lib.data.networks.Network`.

        Parameters
        ----------
        g : int
            Index of the network in the set.

        Returns
        -------
        network : lib.data.networks.Network
            Its adjacency and labels; no latent groups (every group id is -1, no group types).
        """
        n = self.adjacency[g].shape[0]
        return networks.Network(
            self.adjacency[g], self.labels[g], np.full(n, -1, dtype=np.int64), np.zeros(0, dtype=np.int8)
        )

    def sizes(self) -> list[int]:
        """Number of nodes of each network.

        Returns
        -------
        sizes : list of int
            ``sizes[g]`` is the number of nodes of network ``g``.
        """
        return [a.shape[0] for a in self.adjacency]


def _rows(path: Path, columns) -> list[dict]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NetworkSetError(f"network-set file {path} cannot be read as UTF-8 text ({exc})") from None
    reader = csv.DictReader(io.StringIO(text))
    header = tuple(h.strip() for h in (reader.fieldnames or ()))
    missing = [c for c in columns if c not in header]
    if missing:
        raise NetworkSetError(
            f"network-set file {path} must have the columns {','.join(columns)} in its "
            f"header line, found {','.join(header) or 'no header'}"
        )
    rows = []
    for lineno, row in enumerate(reader, 2):
        row = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
        if any(not row.get(c) for c in columns):
            raise NetworkSetError(
                f"network-set file {path} line {lineno} has an empty "
                f"{[c for c in columns if not row.get(c)][0]!r} field"
            )
        rows.append({c: row[c] for c in columns})
    return rows


def read_network_set(nodes_path, edges_path) -> NetworkSet:
    """Read a network set from ``nodes.csv`` and ``edges.csv`` (format in the module docstring).

    Networks are in order of first appearance in ``nodes.csv``; nodes in file order. Self loops
    are dropped; repeated edges or both directions of an edge are harmless.

    Parameters
    ----------
    nodes_path : str or path-like
        ``nodes.csv`` with columns ``network,node,label``.
    edges_path : str or path-like
        ``edges.csv`` with columns ``network,source,target``.

    Returns
    -------
    network_set : NetworkSet
        The networks' names, CSR adjacencies, int8 0/1 labels and node ids.

    Raises
    ------
    NetworkSetError
        A ``ValueError`` with one sentence naming the file, the line and what is wrong: a file
        is not readable UTF-8 text, lacks a column or has an empty field; ``nodes.csv`` has no
        nodes, a label other than 0 or 1, or a node twice in one network; an edge names a network
        without nodes or a node not in its network.

    Notes
    -----
    The network sets of Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 (six Add Health schools) and
    Wang et al. 2011, Sec. 5.2 (six IMDB samples).
    """
    node_rows = _rows(nodes_path, NODE_COLUMNS)
    if not node_rows:
        raise NetworkSetError(f"network-set file {nodes_path} has no nodes")
    order, index, labels, ids = [], {}, {}, {}
    for lineno, row in enumerate(node_rows, 2):
        net, node, label = row["network"], row["node"], row["label"]
        if label not in ("0", "1"):
            raise NetworkSetError(f"network-set file {nodes_path} line {lineno}: label must be 0 or 1, got {label!r}")
        if net not in index:
            order.append(net)
            index[net], labels[net], ids[net] = {}, [], []
        if node in index[net]:
            raise NetworkSetError(
                f"network-set file {nodes_path} line {lineno}: node {node!r} appears twice in network {net!r}"
            )
        index[net][node] = len(ids[net])
        ids[net].append(node)
        labels[net].append(int(label))
    src = {net: [] for net in order}
    dst = {net: [] for net in order}
    for lineno, row in enumerate(_rows(edges_path, EDGE_COLUMNS), 2):
        net = row["network"]
        if net not in index:
            raise NetworkSetError(
                f"network-set file {edges_path} line {lineno}: network {net!r} has no nodes in {nodes_path}"
            )
        for end in ("source", "target"):
            if row[end] not in index[net]:
                raise NetworkSetError(
                    f"network-set file {edges_path} line {lineno}: {end} {row[end]!r} is not a "
                    f"node of network {net!r} in {nodes_path}"
                )
        src[net].append(index[net][row["source"]])
        dst[net].append(index[net][row["target"]])
    adjs = []
    for net in order:
        a, b = np.asarray(src[net], dtype=np.int64), np.asarray(dst[net], dtype=np.int64)
        keep = a != b
        adjs.append(networks.adjacency_from_edges(len(ids[net]), np.stack([a[keep], b[keep]], axis=1)))
    return NetworkSet(
        tuple(order),
        tuple(adjs),
        tuple(np.asarray(labels[n], dtype=np.int8) for n in order),
        tuple(tuple(ids[n]) for n in order),
    )


def network_set_tables(names, adjacencies, labels, node_ids) -> tuple[list[dict], list[dict]]:
    """Rows of ``nodes.csv`` and ``edges.csv`` for a network set (the inverse of reading it).

    Parameters
    ----------
    names : sequence of str
        Network names.
    adjacencies : sequence of sparse matrix or ndarray, each of shape (n_g, n_g)
        Symmetric adjacency of each network.
    labels : sequence of array-like of shape (n_g,)
        0/1 labels of each network.
    node_ids : sequence of sequence of str
        Node ids of each network, in node order.

    Returns
    -------
    node_rows : list of dict
        ``{"network", "node", "label"}`` per node, networks and nodes in the given order.
    edge_rows : list of dict
        ``{"network", "source", "target"}``, each undirected edge once, source before target by
        position, sorted by source then target position.
    """
    node_rows, edge_rows = [], []
    for name, adj, y, ids in zip(names, adjacencies, labels, node_ids):
        for node, label in zip(ids, y):
            node_rows.append({"network": name, "node": node, "label": int(label)})
        upper = sp.triu(sp.csr_matrix(adj), k=1).tocoo()
        order = np.lexsort((upper.col, upper.row))
        for i, j in zip(upper.row[order], upper.col[order]):
            edge_rows.append({"network": name, "source": ids[i], "target": ids[j]})
    return node_rows, edge_rows


# ----------------------------------------------------------------------------- stand-in partition


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


# ----------------------------------------------------------------------------- stand-in: similar networks

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


# ----------------------------------------------------------------------------- calibration


def pad_rows(x_per_network, width: int, fill=0):
    """Stack ``[(B, m_g)]`` arrays into ``(G, B, width)``, padding with ``fill``.

    Parameters
    ----------
    x_per_network : sequence of ndarray, each of shape (B, m_g)
        One array per network, all with ``B`` rows and at most ``width`` columns.
    width : int
        Common width ``W``.
    fill : scalar, default=0
        Value of the padding.

    Returns
    -------
    stacked : ndarray of shape (G, B, width)
        ``stacked[g, :, :m_g]`` is ``x_per_network[g]``; dtype of the first array.
    """
    first = np.asarray(x_per_network[0])
    out = np.full((len(x_per_network), first.shape[0], width), fill, dtype=first.dtype)
    for g, x in enumerate(x_per_network):
        out[g, :, : x.shape[1]] = x
    return out


@dataclass(frozen=True, eq=False)
class CalibrationSet:
    """Inferred calibration splits of every network of a set, padded to a common width.

    Arrays ``(G, R, W)``: ``probs_wvrn``, ``probs_nbc``, ``test``, ``tie``, ``labels``, ``keys``
    (the perturbation keys, common random numbers); ``level_of_row`` ``(R,)``: index of the
    labeling level of each row (rows: level x sample x fold).
    """

    probs_wvrn: np.ndarray
    probs_nbc: np.ndarray
    test: np.ndarray
    tie: np.ndarray
    labels: np.ndarray
    keys: np.ndarray
    level_of_row: np.ndarray


#: The readings of ``network_tests`` this study depends on, with the pipeline's earlier choices as
#: defaults (the config sets them). The handicap always acts after inference here: the reading
#: ``relational.handicap_stage`` is about Neville 2009 Sec. 5's synthetic experiments.
MODEL_DEFAULTS = {"nbc_estimation": "laplace", "rsc_q_estimate": "erred", "handicap_magnitude": "flip"}


def model_options(models: dict | None) -> dict:
    """``models`` completed with :data:`MODEL_DEFAULTS` and checked."""
    options = {**MODEL_DEFAULTS, **(models or {})}
    if options["nbc_estimation"] not in wvrn_nbc.NBC_ESTIMATION:
        raise ValueError(f"nbc_estimation must be one of {sorted(wvrn_nbc.NBC_ESTIMATION)}")
    wvrn_nbc.reading_strength(1.0, options["handicap_magnitude"])
    return options


def calibration_set(
    split_rng, key_rng, netset: NetworkSet, levels, samples: int, folds: int, smoothing: float = 1.0
) -> CalibrationSet:
    """Inferred calibration splits of every network of a set.

    Each network is sampled ``samples`` times into ``folds``-fold NCV sets; at each labeling
    level a labeled set per fold (:func:`lib.evaluation.sampling.ncv_training_sets`); wvRN and
    nBC are inferred (relaxation labeling) on all networks in one block-diagonal batch.

    Parameters
    ----------
    split_rng : numpy.random.Generator
        Draws the NCV folds and labeled sets.
    key_rng : numpy.random.Generator
        Draws the perturbation keys.
    netset : NetworkSet
        The ``G`` networks.
    levels : sequence of float
        Proportions of labeled nodes.
    samples : int
        NCV samplings per network.
    folds : int
        Folds per NCV sampling.
    smoothing : float
        nBC's pseudo-count (0: maximum likelihood; reading ``network_tests.nbc_estimation``).

    Returns
    -------
    cal : CalibrationSet
        Arrays of shape ``(G, R, W)`` with ``R = len(levels) * samples * folds`` rows (level x
        sample x fold) and ``W`` the largest network size; padding is 0.5 for the probabilities,
        False for ``test`` and 0 for ``tie`` and ``labels`` (``keys`` are drawn for every entry).
        ``level_of_row`` has shape ``(R,)``.

    Raises
    ------
    ValueError
        If ``folds`` or a level is infeasible for a network (:mod:`lib.evaluation.sampling`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 (each of the other schools sampled 10 times into
    10-fold NCV sets); Wang et al. 2011, Sec. 5.2.
    """
    G = len(netset)
    trains, tests = [], []
    for g in range(G):
        m = netset.sizes()[g]
        fold_of = sampling.ncv_fold_of(split_rng, samples, m, folds)  # (S, m)
        test = sampling.ncv_test_sets(fold_of, folds).reshape(-1, m)  # (S k, m)
        trains.append(
            np.concatenate([sampling.ncv_training_sets(split_rng, fold_of, pl, folds).reshape(-1, m) for pl in levels])
        )
        tests.append(np.tile(test, (len(levels), 1)))
    adjacency = sp.block_diag(netset.adjacency, format="csr")
    labels = np.concatenate(netset.labels)
    block = np.repeat(np.arange(G), netset.sizes())
    train_all = np.concatenate(trains, axis=1)
    probs_w, probs_b = wvrn_nbc.infer_pair(adjacency, labels, train_all, node_block=block, smoothing=smoothing)
    tie = wvrn_nbc.majority_class(labels, train_all, block)
    bounds = np.concatenate([[0], np.cumsum(netset.sizes())])
    width = max(netset.sizes())

    def split(x, fill=0):
        return pad_rows([x[:, bounds[g] : bounds[g + 1]] for g in range(G)], width, fill)

    rows = train_all.shape[0]
    return CalibrationSet(
        probs_wvrn=split(probs_w, 0.5),
        probs_nbc=split(probs_b, 0.5),
        test=pad_rows(tests, width, False),
        tie=split(np.asarray(tie)),
        labels=split(np.broadcast_to(labels, train_all.shape)),
        keys=wvrn_nbc.perturbation_keys(key_rng, (G, rows, width)),
        level_of_row=np.repeat(np.arange(len(levels)), rows // len(levels)),
    )


def _rows_of(cal: CalibrationSet, networks_used, level: int):
    r = cal.level_of_row == level
    take = list(networks_used)

    def flat(x):
        return x[take][:, r].reshape(-1, x.shape[-1])

    return {k: flat(getattr(cal, k)) for k in ("probs_wvrn", "probs_nbc", "test", "tie", "labels", "keys")}


#: What a Type I calibration does when no handicap meets the tolerance (:func:`calibrate`):
#: ``raise`` -- stop with one sentence (the papers' artifacts: their procedure or nothing);
#: ``settle`` -- :func:`lib.models.wvrn_nbc.settle_handicap` (the ``yours`` target: no handicap
#: when the gap is within its sampling error, else the handicap leaving the smallest gap).
UNMET = ("raise", "settle")
#: The columns :func:`calibrate_held_out` adds to say how a calibration ended; :func:`calibrate`
#: writes them under ``unmet="settle"`` only, so the papers' calibration tables keep their columns.
CASE_COLUMNS = ("calibration_case", "difference_unhandicapped_se")


def calibrate_held_out(
    cal: CalibrationSet,
    held_out: int,
    level: int,
    tol: float,
    strength: float,
    selection: str,
    unmet: str = "raise",
) -> dict:
    """Type I calibration for one held-out network.

    On the splits of every *other* network at ``level``, the handicap that brings the better
    model's mean accuracy within ``tol`` of the other's. Neville handicaps wvRN, the better model
    on his data; where nBC is the better one at ``c = 0`` (by more than ``tol``) it is nBC that is
    handicapped (the paper's rule "handicap the better performing model"). Where no handicap
    meets ``tol`` (both models at chance, labels without autocorrelation), ``unmet`` decides
    (:data:`UNMET`).

    Parameters
    ----------
    cal : CalibrationSet
        Inferred calibration splits of every network of the set (:func:`calibration_set`).
    held_out : int
        Index of the held-out (evaluation) network; the other networks' splits are used.
    level : int
        Index of the labeling level (into the ``levels`` of :func:`calibration_set`).
    tol : float
        Largest acceptable absolute accuracy difference, > 0.
    strength : float
        Perturbation strength in (0, 1] (:func:`lib.models.wvrn_nbc.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.wvrn_nbc.perturb_with_keys`).
    unmet : {"raise", "settle"}
        When no handicap meets ``tol``: raise, or settle
        (:func:`lib.models.wvrn_nbc.settle_handicap`, with the standard error of the mean paired
        difference wvRN - nBC over the splits, taken as independent).

    Returns
    -------
    row : dict
        ``handicapped``, ``handicap_wvrn``, ``handicap_nbc``, ``accuracy_wvrn_unhandicapped``,
        ``accuracy_nbc_unhandicapped``, ``difference`` (mean accuracy wvRN - nBC after the
        handicap), ``splits`` (number of calibration splits used), ``evaluations`` (number of
        evaluations of the difference), ``calibration_case`` (one of
        :data:`lib.models.wvrn_nbc.CALIBRATION_CASES`) and ``difference_unhandicapped_se`` (the
        standard error of the unhandicapped mean difference). ``handicapped`` is ``"wvrn"`` or
        ``"nbc"`` (the other model's handicap is 0), ``"none"`` when the gap was within its
        sampling error.

    Raises
    ------
    ValueError
        Under ``unmet="raise"``, when no handicap meets ``tol`` (a one-sentence message;
        :func:`lib.models.wvrn_nbc.calibrate_handicap`); ``unmet`` unknown.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 (calibrate on the remaining networks, measure
    Type I error on the held-out one; difference <= 0.005) and Sec. 5.3.
    """
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    common = dict(
        labels=d["labels"],
        test=d["test"],
        tie_handicapped=d["tie"],
        tie_other=d["tie"],
        strength=strength,
        selection=selection,
    )
    if unmet not in UNMET:
        raise ValueError(f"unmet must be one of {', '.join(UNMET)}, got {unmet!r}")
    per_split_w = wvrn_nbc.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"])
    per_split_b = wvrn_nbc.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"])
    acc_w, acc_b = float(per_split_w.mean()), float(per_split_b.mean())
    gaps = per_split_w - per_split_b
    # at least one other network x 2 folds: the SE is always defined
    gap_se = float(gaps.std(ddof=1) / np.sqrt(gaps.size))
    better = "wvrn" if acc_w - acc_b >= -tol else "nbc"
    if better == "wvrn":
        f = wvrn_nbc.handicap_difference(d["probs_wvrn"], d["probs_nbc"], keys=d["keys"], **common)
    else:
        f = wvrn_nbc.handicap_difference(d["probs_nbc"], d["probs_wvrn"], keys=d["keys"], **common)
    if unmet == "raise":
        found = wvrn_nbc.calibrate_handicap(f, tol=tol)
    else:
        # the gap the difference function sees is the better model's, |acc_w - acc_b|: same SE
        found = wvrn_nbc.settle_handicap(f, gap_se, tol=tol)
    c_w, c_b = (found.c, 0.0) if better == "wvrn" else (0.0, found.c)
    difference = found.difference if better == "wvrn" else -found.difference  # wvRN - nBC after
    return {
        "handicapped": "none" if found.case == wvrn_nbc.WITHIN_SAMPLING_ERROR else better,
        "handicap_wvrn": c_w,
        "handicap_nbc": c_b,
        "accuracy_wvrn_unhandicapped": acc_w,
        "accuracy_nbc_unhandicapped": acc_b,
        "difference": difference,
        "splits": int(d["test"].shape[0]),
        "evaluations": len(found.evaluations),
        "calibration_case": found.case,
        "difference_unhandicapped_se": gap_se,
    }


def power_differences(
    cal: CalibrationSet, held_out: int, level: int, handicaps, strength: float, selection: str
) -> list[dict]:
    """Power calibration for one held-out network: accuracy difference per nBC handicap.

    The mean accuracy difference wvRN - nBC(c) on the other networks' splits for each nBC
    handicap ``c``; wvRN is not handicapped.

    Parameters
    ----------
    cal : CalibrationSet
        Inferred calibration splits of every network of the set (:func:`calibration_set`).
    held_out : int
        Index of the held-out (evaluation) network; the other networks' splits are used.
    level : int
        Index of the labeling level (into the ``levels`` of :func:`calibration_set`).
    handicaps : iterable of float
        nBC handicaps ``c`` in [0, 1].
    strength : float
        Perturbation strength in (0, 1] (:func:`lib.models.wvrn_nbc.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.wvrn_nbc.perturb_with_keys`).

    Returns
    -------
    rows : list of dict
        One per handicap, with ``handicapped``, ``handicap_wvrn``, ``handicap_nbc``, ``accuracy_wvrn_unhandicapped``,
        ``accuracy_nbc_unhandicapped``, ``difference`` (mean accuracy wvRN - nBC after the
        handicap), ``splits`` (number of calibration splits used) and ``evaluations`` (number of
        evaluations of the difference); ``handicapped`` is ``"nbc"`` and ``evaluations`` 1.

    Raises
    ------
    ValueError
        If a handicap is outside [0, 1], ``strength`` outside (0, 1] or ``selection`` unknown.

    Notes
    -----
    Wang et al. 2011, Sec. 5.2 (power on real data, Fig. 3); the worse model (nBC) is perturbed as
    in Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.3.
    """
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    acc_w = float(wvrn_nbc.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"]).mean())
    acc_b = float(wvrn_nbc.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"]).mean())
    f = wvrn_nbc.handicap_difference(
        d["probs_nbc"],
        d["probs_wvrn"],
        d["labels"],
        d["test"],
        d["keys"],
        tie_handicapped=d["tie"],
        tie_other=d["tie"],
        strength=strength,
        selection=selection,
    )
    return [
        {
            "handicapped": "nbc",
            "handicap_wvrn": 0.0,
            "handicap_nbc": float(c),
            "accuracy_wvrn_unhandicapped": acc_w,
            "accuracy_nbc_unhandicapped": acc_b,
            "difference": -f(c),
            "splits": int(d["test"].shape[0]),
            "evaluations": 1,
        }
        for c in handicaps
    ]


# ----------------------------------------------------------------------------- the study's jobs


def table1_study(loaded, prop_labeled, samples: int, l2: float, rng, log=None):
    """Neville 2009 Table 1 on the public tasks: per labeling level, ``samples`` uniform labeled
    sets; wvRN and the link-based classifier, each with and without collective inference; phi
    of 0/1 errors over linked unlabeled pairs (:func:`table1_task`); and each task's label
    autocorrelation under each measure of :func:`lib.data.networks.label_autocorrelation` (phi,
    Pearson's contingency coefficient C and the corrected C*; reading
    ``network_tests.autocorrelation_measure`` picks the one Table 1's claims judge).

    Parameters
    ----------
    loaded : sequence of (str, NetworkData)
        Registry name and loaded dataset of each task, in the order of the table (one task each).
    prop_labeled : sequence of float
    samples : int
        Labeled sets per level.
    l2 : float
        Ridge penalty of the link-based logistic regression.
    rng : numpy.random.Generator
    log : logging.Logger, optional

    Returns
    -------
    trials, tasks : pandas.DataFrame
        One row per dataset x level x classifier x inference x sample; one row per task with
        its network statistics.

    Notes
    -----
    Enron: only the nodes with a known label take part (the induced subgraph); an unknown
    title is not evidence of a non-executive.
    """
    trials, tasks = [], []
    for name, data in loaded:
        (task,) = data.tasks
        y, known, adj = data.tasks[task], data.task_known[task], data.adjacency
        if not known.all():
            keep = np.flatnonzero(known)
            adj, y = adj[keep][:, keep], y[keep]
            if log is not None:
                log.info(
                    "%s: %d of %d nodes have a known %r label; using their induced subgraph",
                    name,
                    keep.size,
                    known.size,
                    task,
                )
        net = networks.Network(adj.tocsr(), y.astype(np.int8), np.full(y.size, -1), np.zeros(0, np.int8))
        stats = networks.network_statistics(net)
        tasks.append({"dataset": name, "task": task, "nodes": y.size, **stats})
        rows = table1_task(rng, adj, y, prop_labeled, samples, l2=l2)
        trials.append(pd.DataFrame(rows).assign(dataset=name, task=task))
        if log is not None:
            log.info(
                "%s %r: %d nodes, %d edges, autocorrelation %.3f",
                name,
                task,
                y.size,
                stats["edges"],
                stats["autocorrelation"],
            )
    frame = pd.concat(trials, ignore_index=True)
    frame = frame[["dataset", "task", *[c for c in frame.columns if c not in ("dataset", "task")]]]
    return frame, pd.DataFrame(tasks)


SELECTIONS = ("partition", "similar")


def carve_stand_in(spec: dict, data, rng, log=None, *, selection: str = "partition"):
    """A public stand-in network set carved from one large network.

    Two readings of how the six networks are chosen (reading ``realnet.selection``; Neville 2009
    Sec. 6 took "six schools with similar autocorrelation and link patterns"):

    - ``"partition"``: ``spec["partition"]["parts"]`` parts carved by seeded region growing
      (:func:`carve_subnetworks`), whatever their statistics.
    - ``"similar"``: ``spec["similar"]["parts"]`` networks assembled from region-grown blocks, the
      first of many candidate stratified deals whose networks lie within the bands
      ``spec["similar"]["max_ratio"]`` (:func:`select_similar`).

    Both are labelled by task ``spec["task"]``; network ``r`` is named ``"<dataset>_<r>"`` and keeps
    every link between two of its nodes.

    Parameters
    ----------
    spec : dict
        ``dataset`` (registry name), ``task`` (one of ``data.tasks``) and, for ``"partition"``,
        ``partition``: the :func:`carve_subnetworks` arguments ``parts``, ``min_size``,
        ``max_size`` and ``attempts``; for ``"similar"``, ``similar``: the :func:`select_similar`
        arguments ``parts``, ``blocks_per_part``, ``candidates`` and ``max_ratio``.
    data : lib.data.datasets.NetworkData
        The loaded large network (e.g. Cora, Citeseer).
    rng : numpy.random.Generator
        Source of randomness of the region growing (and of the deals).
    log : logging.Logger, optional
        Receives the sizes and links kept (and a warning when some ``partition`` region is smaller
        than ``min_size``; the accepted deal and the number within the bands for ``similar``).
    selection : {"partition", "similar"}, default="partition"
        How the networks are chosen (above).

    Returns
    -------
    node_rows, edge_rows : list of dict
        The set in the documented nodes.csv / edges.csv format (:func:`network_set_tables`).
    extra : dict
        Provenance columns of the set's statistics table. ``partition``: ``source``, ``task``,
        ``target_size``, ``attempt``, ``min_size_met``, ``source_nodes``, ``source_edges`` and
        ``links_kept_in_set``. ``similar``: ``source``, ``task``, ``selection``, ``blocks``,
        ``candidates``, ``candidate`` (the accepted deal, 1-based), ``within_bands`` (deals within
        the bands), ``band_<statistic>`` (each max/min ratio), ``source_nodes``, ``source_edges``
        and ``links_kept_in_set``.

    Raises
    ------
    ValueError
        If ``data`` has no task ``spec["task"]``, ``selection`` is unknown, or the settings are
        invalid (:func:`carve_subnetworks`, :func:`select_similar`); for ``"similar"``, one sentence
        starting "realnet.selection:" when no candidate lies within the bands.

    Notes
    -----
    Public stand-ins for the six disjoint networks of Neville, Gallagher & Eliassi-Rad 2009, Sec. 6
    (Add Health schools) and Wang et al. 2011, Sec. 5.2 (IMDB samples).
    """
    if spec["task"] not in data.tasks:
        raise ValueError(
            f"dataset {spec['dataset']!r} has no task {spec['task']!r}; it has {', '.join(map(repr, data.tasks))}"
        )
    if selection not in SELECTIONS:
        raise ValueError(f"selection must be one of {', '.join(SELECTIONS)}, got {selection!r}")
    y = data.tasks[spec["task"]]
    if selection == "partition":
        p = spec["partition"]
        part = carve_subnetworks(rng, data.adjacency, p["parts"], p["min_size"], p["max_size"], p["attempts"])
        part_of = part.part_of
    else:
        s = spec["similar"]
        try:
            chosen = select_similar(
                rng, data.adjacency, y, s["parts"], s["blocks_per_part"], s["candidates"], s["max_ratio"]
            )
        except SelectionError as exc:
            raise SelectionError(
                f"realnet.selection: {exc} for {spec['dataset']} '{spec['task']}'; widen "
                "realnet.similar.max_ratio or draw more realnet.similar.candidates"
            ) from None
        part_of = chosen.part_of
    subs = subnetworks(data.adjacency, part_of)
    names = [f"{spec['dataset']}_{r}" for r in range(len(subs))]
    kept = sum(a.nnz // 2 for _, a in subs)
    if selection == "partition":
        if log is not None:
            log.info(
                "%s: %d regions, sizes %s (target %d, attempt %d, min size met: %s); %d of %d links kept",
                spec["dataset"],
                len(subs),
                [len(n) for n, _ in subs],
                part.target,
                part.attempt,
                part.met_min_size,
                kept,
                data.n_edges,
            )
            if not part.met_min_size:
                log.warning("some region is smaller than %d nodes after %d attempts", p["min_size"], p["attempts"])
        extra = {
            "source": spec["dataset"],
            "task": spec["task"],
            "target_size": part.target,
            "attempt": part.attempt,
            "min_size_met": part.met_min_size,
            "source_nodes": data.n_nodes,
            "source_edges": data.n_edges,
            "links_kept_in_set": kept,
        }
    else:
        if log is not None:
            log.info(
                "%s: %d networks from %d blocks, deal %d of %d kept (%d within the bands); sizes %s; "
                "%d of %d links kept",
                spec["dataset"],
                len(subs),
                s["parts"] * s["blocks_per_part"],
                chosen.candidate,
                chosen.candidates,
                chosen.qualifying,
                [len(n) for n, _ in subs],
                kept,
                data.n_edges,
            )
        extra = {
            "source": spec["dataset"],
            "task": spec["task"],
            "selection": "similar",
            "blocks": s["parts"] * s["blocks_per_part"],
            "candidates": chosen.candidates,
            "candidate": chosen.candidate,
            "within_bands": chosen.qualifying,
            **{f"band_{k}": float(v) for k, v in s["max_ratio"].items()},
            "source_nodes": data.n_nodes,
            "source_edges": data.n_edges,
            "links_kept_in_set": kept,
        }
    node_rows, edge_rows = network_set_tables(
        names, [a for _, a in subs], [y[n] for n, _ in subs], [[data.node_ids[i] for i in n] for n, _ in subs]
    )
    return node_rows, edge_rows, extra


def network_set_statistics(name: str, netset: NetworkSet, extra: dict) -> pd.DataFrame:
    """One row of statistics per network of a set, with the set's provenance columns.

    Parameters
    ----------
    name : str
        The set's name.
    netset : NetworkSet
        The networks; at least 3 (leave-one-out calibration needs at least 3).
    extra : dict
        Provenance columns added to every row (e.g. the ``extra`` of :func:`carve_stand_in`).

    Returns
    -------
    statistics : pandas.DataFrame
        One row per network: ``set``, ``network`` (index), ``name``, ``nodes``, the
        :func:`lib.data.networks.network_statistics` (edges, mean degree, autocorrelation, P(+))
        and the ``extra`` columns.

    Raises
    ------
    ValueError
        If the set has fewer than 3 networks.

    Notes
    -----
    Compare with the six schools of Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 ("sizes ranging
    from 300-700 nodes, average degree of 7-8, and autocorrelation in the range [0.25, 0.35]").
    """
    if len(netset) < 3:
        raise ValueError(f"network set {name!r} has {len(netset)} networks; leave-one-out calibration needs at least 3")
    return pd.DataFrame(
        [
            {
                "set": name,
                "network": g,
                "name": netset.names[g],
                "nodes": netset.sizes()[g],
                **networks.network_statistics(netset.network(g)),
                **extra,
            }
            for g in range(len(netset))
        ]
    )


def calibrate(
    name: str, netset: NetworkSet, setting: dict, split_rng, key_rng, log=None, models=None, unmet: str = "raise"
) -> pd.DataFrame:
    """Calibration of one network set (Neville 2009 Sec. 6; Wang 2011 Sec. 5.2).

    Parameters
    ----------
    name : str
        The set's name (a column of the result and part of error messages).
    netset : NetworkSet
    setting : dict
        ``levels``, ``samples``, ``folds``, ``type1_levels``, ``power_level``,
        ``power_handicaps``, ``tolerance``, ``strength``, ``selection``.
    split_rng, key_rng : numpy.random.Generator
        Draw the NCV splits and labeled sets (:func:`calibration_set`), and the perturbation keys.
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (``nbc_estimation``; defaults: :data:`MODEL_DEFAULTS`).
    unmet : {"raise", "settle"}
        What a Type I calibration does when no handicap meets the tolerance (:data:`UNMET`); it
        draws nothing, so it is part of no seed.

    Returns
    -------
    pandas.DataFrame
        Per held-out network: Type I, one row per level with the handicap that brings the better
        model within ``tolerance`` of the other on the *other* networks' splits
        (:func:`calibrate_held_out`); power, one row per nBC handicap with the mean difference
        wvRN - nBC(c) (:func:`power_differences`). Under ``unmet="settle"`` also the
        :data:`CASE_COLUMNS` (empty on power rows).

    Notes
    -----
    Every network is split ``samples`` times into ``folds``-fold NCV sets; wvRN and nBC are
    inferred once for all splits of all networks (one block-diagonal batch), so the splits of a
    network are shared by every calibration that uses it; perturbation keys are fixed per split.
    """
    s = setting
    if unmet not in UNMET:
        raise ValueError(f"unmet must be one of {', '.join(UNMET)}, got {unmet!r}")
    options = model_options(models)
    levels = s["levels"]
    cal = calibration_set(
        split_rng,
        key_rng,
        netset,
        levels,
        s["samples"],
        s["folds"],
        smoothing=wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]],
    )
    handicap = {
        "strength": wvrn_nbc.reading_strength(s["strength"], options["handicap_magnitude"]),
        "selection": s["selection"],
    }
    records = []
    for h in range(len(netset)):
        for pl in s["type1_levels"]:
            try:
                found = calibrate_held_out(cal, h, levels.index(pl), s["tolerance"], **handicap, unmet=unmet)
            except wvrn_nbc.HandicapUnmet as exc:
                raise ValueError(
                    f"calibration of network set {name!r} failed for held-out network "
                    f"{netset.names[h]} at propLabeled {pl:g}: no handicap gives |acc(wvRN) - acc(nBC)| "
                    f"<= {s['tolerance']:g} ({exc})"
                ) from None
            records.append(
                {
                    "set": name,
                    "purpose": "type1",
                    "held_out": h,
                    "held_out_name": netset.names[h],
                    "prop_labeled": pl,
                    **found,
                }
            )
            if log is not None:
                log.info(
                    "held out %s, propLabeled %g: wvRN %.4f nBC %.4f (SE of the gap %.4f) -> %s c=%.5f, "
                    "difference %+.5f (%s)",
                    netset.names[h],
                    pl,
                    found["accuracy_wvrn_unhandicapped"],
                    found["accuracy_nbc_unhandicapped"],
                    found["difference_unhandicapped_se"],
                    found["handicapped"],
                    max(found["handicap_wvrn"], found["handicap_nbc"]),
                    found["difference"],
                    found["calibration_case"],
                )
        pl = s["power_level"]
        for found in power_differences(cal, h, levels.index(pl), s["power_handicaps"], **handicap):
            records.append(
                {
                    "set": name,
                    "purpose": "power",
                    "held_out": h,
                    "held_out_name": netset.names[h],
                    "prop_labeled": pl,
                    **found,
                }
            )
    frame = pd.DataFrame(records)
    if unmet == "raise":  # every row met the tolerance: the papers' tables keep their columns
        frame = frame.drop(columns=list(CASE_COLUMNS))
    frame["tolerance"] = s["tolerance"]
    return frame


def evaluate_set(
    netset: NetworkSet, calibration: pd.DataFrame, setting: dict, entropy, log=None, models=None
) -> pd.DataFrame:
    """Evaluation of one network set for one purpose (Neville 2009 Sec. 6, Fig. 1(f); Wang 2011
    Sec. 5.2, Fig. 3).

    Parameters
    ----------
    netset : NetworkSet
    calibration : pandas.DataFrame
        The set's calibration table (:func:`calibrate`).
    setting : dict
        ``purpose``, ``samplers`` (name -> folds), ``prop_labeled``, ``trials``, ``alpha``,
        ``strength``, ``selection``.
    entropy : sequence of int
        The job's seed entropy; held-out network ``h`` draws from ``[*entropy, h]``.
    log : logging.Logger, optional
    models : dict, optional
        The ``network_tests`` readings (``nbc_estimation``, ``rsc_q_estimate``; defaults:
        :data:`MODEL_DEFAULTS`).

    Returns
    -------
    pandas.DataFrame
        One row per held-out network x trial x level x sampler x handicap (``chunk`` = the
        held-out network): accuracies, p-values and rejections of the paired/unpaired t-tests
        and, on RS, RS-C (:func:`lib.evaluation.pairtests.score`).

    Notes
    -----
    Each network is held out in turn: per trial, labeling level and sampler, ``folds``
    labeled/test splits of that network (:func:`lib.evaluation.sampling.within_network_splits`),
    both models inferred by relaxation labeling, the handicap applied with fixed keys -- Type I:
    the calibrated handicap of this held-out network and level (from the other networks);
    power: each nBC handicap.
    """
    options = model_options(models)
    s = {**setting, "strength": wvrn_nbc.reading_strength(setting["strength"], options["handicap_magnitude"])}
    smoothing = wvrn_nbc.NBC_ESTIMATION[options["nbc_estimation"]]
    purpose, trials, levels = s["purpose"], s["trials"], s["prop_labeled"]
    rows = []
    progress = runlog.Progress(log, len(netset), "held-out networks")
    for h in range(len(netset)):
        adj, labels, m = netset.adjacency[h], netset.labels[h], netset.sizes()[h]
        rng = seeding.generator([*entropy, h])
        cal = calibration[(calibration["purpose"] == purpose) & (calibration["held_out"] == h)]
        for pl in levels:
            at = cal[np.isclose(cal["prop_labeled"], pl)]
            settings = [(float(r.handicap_wvrn), float(r.handicap_nbc)) for r in at.itertuples()]
            if purpose == "type1" and len(settings) != 1:
                raise ValueError(
                    f"calibration table has {len(settings)} Type I rows for held-out network {h} at "
                    f"propLabeled {pl:g}; expected 1"
                )
            for sampler, folds in sampling.in_draw_order(s["samplers"]):
                train, test = sampling.within_network_splits(rng, sampler, trials, m, pl, folds)
                train, test = train.reshape(-1, m), test.reshape(-1, m)
                probs = wvrn_nbc.infer_pair(adj, labels, train, smoothing=smoothing)
                tie = wvrn_nbc.majority_class(labels, train)
                keys = wvrn_nbc.perturbation_keys(rng, (2,) + train.shape)
                for c_w, c_b in settings:
                    columns = pairtests.score(
                        adj,
                        labels,
                        probs,
                        keys,
                        test,
                        tie,
                        c_w,
                        c_b,
                        sampler,
                        s["alpha"],
                        trials,
                        folds,
                        s["strength"],
                        s["selection"],
                        q_method=options["rsc_q_estimate"],
                    )
                    head = {
                        "chunk": h,
                        "network": netset.names[h],
                        "trial": np.arange(trials),
                        "purpose": purpose,
                        "nodes": m,
                        "sampler": sampler,
                        "folds": folds,
                        "prop_labeled": pl,
                        "handicap_wvrn": c_w,
                        "handicap_nbc": c_b,
                    }
                    rows.append(pd.DataFrame({**head, **columns}))
        if log is not None:
            log.info("held-out network %s (%d nodes) done", netset.names[h], m)
        progress.advance()
    return pd.concat(rows, ignore_index=True)


SUMMARY_KEYS = ["set", "purpose", "sampler", "folds", "prop_labeled", "power_handicap"]
SUMMARY_MEANS = [
    "handicap_wvrn",
    "handicap_nbc",
    "accuracy_wvrn",
    "accuracy_nbc",
    "accuracy_difference",
    "test_size",
    "error_correlation",
    "nodes",
    *(f"rsc_{k}_{m}" for m in ("wvrn", "nbc") for k in ("p", "q", "rho", "L")),
]
CALIBRATION_JOIN = ["set", "purpose", "prop_labeled", "power_handicap"]


def _with_power_handicap(frame):
    return frame.assign(power_handicap=np.where(frame["purpose"] == "power", frame["handicap_nbc"], 0.0))


def summarize(trials: pd.DataFrame, calibration: pd.DataFrame) -> pd.DataFrame:
    """Rejection rates with 95% Wilson intervals per network set, purpose, sampler, test,
    labeling level and (power) nBC handicap, pooled over the held-out networks.

    Parameters
    ----------
    trials : pandas.DataFrame
        Every set's :func:`evaluate_set` rows with a ``set`` column.
    calibration : pandas.DataFrame
        Every set's :func:`calibrate` table.

    Returns
    -------
    pandas.DataFrame
        The summary, with ``chunk_rate_sd`` (spread over held-out networks), ``held_out_abs_gap``
        (the mean over held-out networks of |mean accuracy difference| left by the calibration:
        the null hypothesis holds on average, not on each network) and the mean calibration-set
        difference wvRN - nBC over the held-out networks' calibrations (the power x axis).
    """
    trials = _with_power_handicap(trials)
    calibration = _with_power_handicap(calibration)
    x = (
        calibration.groupby(CALIBRATION_JOIN)
        .agg(
            calibration_difference=("difference", "mean"),
            calibration_difference_sd=("difference", "std"),
            calibrated_handicap_wvrn=("handicap_wvrn", "mean"),
            calibrated_handicap_nbc=("handicap_nbc", "mean"),
            nbc_handicapped_networks=("handicapped", lambda h: int((h == "nbc").sum())),
            calibration_accuracy_wvrn=("accuracy_wvrn_unhandicapped", "mean"),
            calibration_accuracy_nbc=("accuracy_nbc_unhandicapped", "mean"),
        )
        .reset_index()
    )
    summary = summaries.rejection_rates(
        trials, keys=SUMMARY_KEYS, extra_means=[c for c in SUMMARY_MEANS if c in trials.columns]
    )
    gap = (
        trials.groupby([*SUMMARY_KEYS, "chunk"])["accuracy_difference"]
        .mean()
        .abs()
        .groupby(level=list(range(len(SUMMARY_KEYS))))
        .mean()
        .rename("held_out_abs_gap")
        .reset_index()
    )
    summary = summary.merge(gap, on=SUMMARY_KEYS, how="left", validate="many_to_one")
    for frame in (summary, x):
        for col in ("prop_labeled", "power_handicap"):
            frame[col] = frame[col].round(9)
    summary = summary.merge(x, on=CALIBRATION_JOIN, how="left", validate="many_to_one")
    if summary["calibration_difference"].isna().any():
        raise ValueError(
            "some summary rows have no calibration difference: the calibration tables do not cover "
            "every set, purpose, level and handicap of the chunks"
        )
    return summary
