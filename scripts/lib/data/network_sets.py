"""Network sets: a few disjoint networks with a binary label, and their exchange format.

A *network set* is e.g. Neville's six Add Health schools or Wang's six IMDB samples (the real-data
Type I / power experiments of Neville 2009 Sec. 6 and Wang et al. 2011 Sec. 5.2, the study
:mod:`lib.studies.realnet`). It is exchanged as two CSV files (the format a user with the
restricted data provides, and the format the public stand-ins of :mod:`lib.data.stand_ins` are
written in):

- ``nodes.csv``: columns ``network,node,label`` -- one row per node; ``network`` names the
  network (any text), ``node`` is a node id unique within its network, ``label`` is 0 or 1.
- ``edges.csv``: columns ``network,source,target`` -- one row per undirected link between two
  nodes of the same network (listing both directions, or an edge twice, is harmless; self
  loops are dropped).

:func:`read_network_set` checks them and fails with one sentence naming the file, the row and
what is wrong; :func:`network_set_tables` writes a set's rows.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from . import networks

NODE_COLUMNS = ("network", "node", "label")
EDGE_COLUMNS = ("network", "source", "target")


class NetworkSetError(ValueError):
    """A network-set file is not in the documented format."""


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
