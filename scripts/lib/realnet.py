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
construction.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from . import linkbased, networks, relational, sampling

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
    """``samples`` uniform labeled sets of exactly ``round(prop_labeled n)`` nodes, ``(samples, n)``."""
    size = int(round(prop_labeled * n))
    if not 1 <= size < n:
        raise ValueError(f"propLabeled {prop_labeled} of {n} nodes leaves no labeled or no unlabeled node")
    keys = rng.random((samples, n))
    chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
    out = np.zeros((samples, n), dtype=bool)
    np.put_along_axis(out, chosen, True, axis=1)
    return out


def table1_task(rng: np.random.Generator, adjacency, labels, levels, samples: int, *,
                schedule: relational.Schedule = relational.Schedule(), l2: float = 1.0) -> list[dict]:
    """Neville 2009 Table 1 for one task: per labeling level, ``samples`` uniform labeled sets;
    each of the four models (wvRN, link-based LR; with and without collective inference)
    predicts every unlabeled node; the phi coefficient of 0/1 errors over linked pairs of
    unlabeled nodes (:func:`lib.networks.error_correlation`) per labeled set.

    Returns one dict per (level, classifier, collective, sample) with ``error_correlation`` (NaN
    when undefined: no error, or only errors, among linked unlabeled pairs), ``accuracy``,
    ``test_size`` and ``linked_test_pairs`` (ordered pairs).
    """
    adj = networks.check_adjacency(adjacency)
    y = np.asarray(labels)
    n = adj.shape[0]
    rows = []
    for level in levels:
        labeled = random_labeled_sets(rng, n, level, samples)
        test = ~labeled
        tie = relational.majority_class(y, labeled)
        pairs = networks.linked_pair_table(adj, np.zeros_like(test, dtype=np.int8), test).sum(axis=-1)
        for classifier in linkbased.CLASSIFIERS:
            for collective in (False, True):
                probs = linkbased.infer(classifier, collective, adj, y, labeled, schedule=schedule, l2=l2)
                errors = relational.prediction_errors(probs, y, test, tie)
                phi = np.atleast_1d(networks.error_correlation(adj, errors, test))
                acc = 1.0 - errors.sum(axis=1) / test.sum(axis=1)
                for s in range(samples):
                    rows.append({"prop_labeled": float(level), "classifier": classifier,
                                 "collective": bool(collective), "sample": s,
                                 "error_correlation": float(phi[s]), "accuracy": float(acc[s]),
                                 "test_size": int(test[s].sum()), "linked_test_pairs": int(pairs[s])})
    return rows


def spearman(x, y) -> float:
    """Spearman's rank correlation (average ranks for ties); NaN for fewer than two pairs."""
    from scipy import stats

    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.size < 2:
        return float("nan")
    return float(stats.spearmanr(x, y).statistic)


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
        n = self.adjacency[g].shape[0]
        return networks.Network(self.adjacency[g], self.labels[g], np.full(n, -1, dtype=np.int64),
                                np.zeros(0, dtype=np.int8))

    def sizes(self) -> list[int]:
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
        raise NetworkSetError(f"network-set file {path} must have the columns {','.join(columns)} in its "
                              f"header line, found {','.join(header) or 'no header'}")
    rows = []
    for lineno, row in enumerate(reader, 2):
        row = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
        if any(not row.get(c) for c in columns):
            raise NetworkSetError(f"network-set file {path} line {lineno} has an empty "
                                  f"{[c for c in columns if not row.get(c)][0]!r} field")
        rows.append({c: row[c] for c in columns})
    return rows


def read_network_set(nodes_path, edges_path) -> NetworkSet:
    """Read a network set from ``nodes.csv`` and ``edges.csv`` (module docstring); networks in
    order of first appearance in ``nodes.csv``."""
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
            raise NetworkSetError(f"network-set file {nodes_path} line {lineno}: node {node!r} appears twice in "
                                  f"network {net!r}")
        index[net][node] = len(ids[net])
        ids[net].append(node)
        labels[net].append(int(label))
    src = {net: [] for net in order}
    dst = {net: [] for net in order}
    for lineno, row in enumerate(_rows(edges_path, EDGE_COLUMNS), 2):
        net = row["network"]
        if net not in index:
            raise NetworkSetError(f"network-set file {edges_path} line {lineno}: network {net!r} has no nodes in "
                                  f"{nodes_path}")
        for end in ("source", "target"):
            if row[end] not in index[net]:
                raise NetworkSetError(f"network-set file {edges_path} line {lineno}: {end} {row[end]!r} is not a "
                                      f"node of network {net!r} in {nodes_path}")
        src[net].append(index[net][row["source"]])
        dst[net].append(index[net][row["target"]])
    adjs = []
    for net in order:
        a, b = np.asarray(src[net], dtype=np.int64), np.asarray(dst[net], dtype=np.int64)
        keep = a != b
        adjs.append(networks.adjacency_from_edges(len(ids[net]), np.stack([a[keep], b[keep]], axis=1)))
    return NetworkSet(tuple(order), tuple(adjs), tuple(np.asarray(labels[n], dtype=np.int8) for n in order),
                      tuple(tuple(ids[n]) for n in order))


def network_set_tables(names, adjacencies, labels, node_ids) -> tuple[list[dict], list[dict]]:
    """Rows of ``nodes.csv`` and ``edges.csv`` (each undirected edge once, source < target by
    position) for a network set."""
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
        nbrs = adj.indices[adj.indptr[node]:adj.indptr[node + 1]]
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


def carve_subnetworks(rng: np.random.Generator, adjacency, parts: int = 6, min_size: int = 300,
                      max_size: int = 700, attempts: int = 20) -> Partition:
    """Seeded region growing of ``parts`` disjoint connected regions on the largest connected
    component (module docstring)."""
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
    """``(nodes, induced adjacency)`` of each region, nodes in increasing index order."""
    adj = networks.check_adjacency(adjacency)
    out = []
    for r in range(int(part_of.max()) + 1):
        nodes = np.flatnonzero(part_of == r)
        out.append((nodes, sp.csr_matrix(adj[nodes][:, nodes])))
    return out


# ----------------------------------------------------------------------------- calibration

def pad_rows(x_per_network, width: int, fill=0):
    """Stack ``[(B, m_g)]`` arrays into ``(G, B, width)``, padding with ``fill``."""
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


def calibration_set(split_rng, key_rng, netset: NetworkSet, levels, samples: int, folds: int) -> CalibrationSet:
    """Neville Sec. 6: each network sampled ``samples`` times into ``folds``-fold NCV sets; at
    each labeling level a labeled set per fold (:func:`lib.sampling.ncv_training_sets`); wvRN and
    nBC inferred (relaxation labeling) on all networks in one block-diagonal batch."""
    G = len(netset)
    trains, tests = [], []
    for g in range(G):
        m = netset.sizes()[g]
        fold_of = sampling.ncv_fold_of(split_rng, samples, m, folds)           # (S, m)
        test = sampling.ncv_test_sets(fold_of, folds).reshape(-1, m)           # (S k, m)
        trains.append(np.concatenate([sampling.ncv_training_sets(split_rng, fold_of, pl, folds).reshape(-1, m)
                                      for pl in levels]))
        tests.append(np.tile(test, (len(levels), 1)))
    adjacency = sp.block_diag(netset.adjacency, format="csr")
    labels = np.concatenate(netset.labels)
    block = np.repeat(np.arange(G), netset.sizes())
    train_all = np.concatenate(trains, axis=1)
    probs_w, probs_b = relational.infer_pair(adjacency, labels, train_all, node_block=block)
    tie = relational.majority_class(labels, train_all, block)
    bounds = np.concatenate([[0], np.cumsum(netset.sizes())])
    width = max(netset.sizes())

    def split(x, fill=0):
        return pad_rows([x[:, bounds[g]:bounds[g + 1]] for g in range(G)], width, fill)

    rows = train_all.shape[0]
    return CalibrationSet(
        probs_wvrn=split(probs_w, 0.5), probs_nbc=split(probs_b, 0.5),
        test=pad_rows(tests, width, False), tie=split(np.asarray(tie)),
        labels=split(np.broadcast_to(labels, train_all.shape)),
        keys=relational.perturbation_keys(key_rng, (G, rows, width)),
        level_of_row=np.repeat(np.arange(len(levels)), rows // len(levels)))


def _rows_of(cal: CalibrationSet, networks_used, level: int):
    r = cal.level_of_row == level
    take = list(networks_used)

    def flat(x):
        return x[take][:, r].reshape(-1, x.shape[-1])

    return {k: flat(getattr(cal, k)) for k in ("probs_wvrn", "probs_nbc", "test", "tie", "labels", "keys")}


def calibrate_held_out(cal: CalibrationSet, held_out: int, level: int, tol: float, strength: float,
                       selection: str) -> dict:
    """Type I calibration for one held-out network (Neville Sec. 6): on the splits of every *other*
    network at ``level``, the handicap that brings the better model's mean accuracy within ``tol``
    of the other's. Neville handicaps wvRN, the better model on his data; where nBC is the better
    one at ``c = 0`` it is nBC that is handicapped (the paper's rule "handicap the better
    performing model"). Raises ValueError (one sentence) when no handicap meets ``tol``."""
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    common = dict(labels=d["labels"], test=d["test"], tie_handicapped=d["tie"], tie_other=d["tie"],
                  strength=strength, selection=selection)
    acc_w = float(relational.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"]).mean())
    acc_b = float(relational.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"]).mean())
    better = "wvrn" if acc_w - acc_b >= -tol else "nbc"
    if better == "wvrn":
        f = relational.handicap_difference(d["probs_wvrn"], d["probs_nbc"], keys=d["keys"], **common)
    else:
        f = relational.handicap_difference(d["probs_nbc"], d["probs_wvrn"], keys=d["keys"], **common)
    found = relational.calibrate_handicap(f, tol=tol)
    c_w, c_b = (found.c, 0.0) if better == "wvrn" else (0.0, found.c)
    difference = found.difference if better == "wvrn" else -found.difference   # wvRN - nBC after
    return {"handicapped": better, "handicap_wvrn": c_w, "handicap_nbc": c_b,
            "accuracy_wvrn_unhandicapped": acc_w, "accuracy_nbc_unhandicapped": acc_b,
            "difference": difference, "splits": int(d["test"].shape[0]), "evaluations": len(found.evaluations)}


def power_differences(cal: CalibrationSet, held_out: int, level: int, handicaps, strength: float,
                      selection: str) -> list[dict]:
    """Power calibration for one held-out network (Wang Sec. 5.2): mean accuracy difference
    wvRN - nBC(c) on the other networks' splits for each nBC handicap ``c``."""
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    acc_w = float(relational.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"]).mean())
    acc_b = float(relational.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"]).mean())
    f = relational.handicap_difference(d["probs_nbc"], d["probs_wvrn"], d["labels"], d["test"], d["keys"],
                                       tie_handicapped=d["tie"], tie_other=d["tie"], strength=strength,
                                       selection=selection)
    return [{"handicapped": "nbc", "handicap_wvrn": 0.0, "handicap_nbc": float(c),
             "accuracy_wvrn_unhandicapped": acc_w, "accuracy_nbc_unhandicapped": acc_b,
             "difference": -f(c), "splits": int(d["test"].shape[0]), "evaluations": 1} for c in handicaps]


# ----------------------------------------------------------------------------- labels for figures

def set_label(name: str, spec: dict) -> str:
    """How a figure names a network set: public stand-ins say "stand-in" (DESIGN.md, Real data)."""
    if "dataset" in spec:
        return f"stand-in: {spec['dataset'].capitalize()} '{spec['task']}'"
    return f"{name} ({spec.get('label', 'user data')})"


def is_stand_in(spec: dict) -> bool:
    return "dataset" in spec


def sets_note(networks_frame, set_specs: dict) -> str:
    """One caption sentence per network set: source, sizes, degree and autocorrelation range."""
    out = []
    for name, spec in set_specs.items():
        part = networks_frame[networks_frame["set"] == name]
        sizes = f"{int(part['nodes'].min())}-{int(part['nodes'].max())} nodes"
        stats = (f"mean degree {part['mean_degree'].mean():.1f}, autocorrelation "
                 f"{part['autocorrelation'].min():.2f}-{part['autocorrelation'].max():.2f}, P(+) "
                 f"{part['p_pos'].min():.2f}-{part['p_pos'].max():.2f}")
        if is_stand_in(spec):
            kept = int(part["links_kept_in_set"].iloc[0])
            total = int(part["source_edges"].iloc[0])
            out.append(f"STAND-IN {name}: {len(part)} disjoint subnetworks of {spec['dataset'].capitalize()} "
                       f"('{spec['task']}') carved by seeded region growing ({sizes}; {kept} of {total} links kept, "
                       f"all links inside a part), {stats}.")
        else:
            out.append(f"{name}: user-supplied network set, {len(part)} networks ({sizes}), {stats}.")
    return " ".join(out)


def gap_note(summary, sets) -> str:
    """Caption sentence stating the deviation of a real-data Type I panel: the mean over held-out
    networks of |acc(wvRN) - acc(nBC)| left by a calibration on the other networks (summary column
    ``held_out_abs_gap``, NCV paired rows), at the lowest and highest labeling level of each set."""
    parts = []
    for name in sets:
        t = summary[(summary["set"] == name) & (summary["purpose"] == "type1") & (summary["sampler"] == "NCV")
                    & (summary["test"] == "paired_t")].sort_values("prop_labeled")
        parts.append(f"{name} {t['held_out_abs_gap'].iloc[0]:.3f} at {t['prop_labeled'].iloc[0]:g} to "
                     f"{t['held_out_abs_gap'].iloc[-1]:.3f} at {t['prop_labeled'].iloc[-1]:g}")
    return ("DEVIATION: the networks of a set differ, so the handicap calibrated on the other networks leaves a real "
            "accuracy gap on the held-out one (mean |acc(wvRN) - acc(nBC)| over held-out networks, NCV: "
            + "; ".join(parts) + "); part of the rejections are true differences.")


def figure_title(panel: str, set_specs: dict, shown) -> str:
    """``panel``, marked as shown on public STAND-IN networks when any shown set is one."""
    stand_in = any(is_stand_in(set_specs[name]) for name in shown)
    return f"{panel} on public STAND-IN networks" if stand_in else panel
