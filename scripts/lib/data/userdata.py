"""A user's own data: a tabular data set (ARFF or CSV) and a network (edge list + node labels, or GML).

The registry (:mod:`lib.data.datasets`) holds the papers' public data sets with pinned checksums;
this module reads files a user names in the config's ``yours`` section, with the same conventions,
so that every engine of the studies runs on them unchanged.

Tabular files
-------------
* ARFF (suffix ``.arff``): parsed by :func:`lib.data.parsers.parse_arff` (Weka's dense ARFF:
  nominal values coded in declaration order, ``?`` missing). The class attribute must be nominal.
* CSV (any other suffix): UTF-8, comma-separated, a header line naming the columns. An empty field
  or ``?`` is a missing value. A column whose non-missing values all parse as numbers is numeric;
  any other column is nominal with its values coded in order of first appearance (as Weka's
  ``CSVLoader`` does). A column that is numeric but for a few cells (at least
  :data:`NUMERIC_SHARE` of them numbers: ``twelve``, ``3,5``) is almost surely a typo, not a
  nominal attribute of hundreds of values: it is refused with the first such cell, unless the entry
  says ``non_numeric: missing`` (those cells read as missing). The class column is always nominal
  (numbers written as ``1``, ``1.0`` or ``+1`` are the same class, :func:`lib.data.parsers.label_name`'s
  canonical text).

Both give a :class:`lib.data.datasets.TabularData` (``X`` with nominal codes and NaN for missing,
``y`` class codes in ``class_names`` order, ``spec``); a row without a class value is an error,
not dropped silently. ``drop`` removes columns (e.g. an identifier).

Networks
--------
* An edge list (CSV, two columns: one undirected link per row; a first row whose two fields are not
  both labelled nodes is a header) and a node-label CSV (header line; the first column is the node
  id, the class is the column named ``label``).
* A GML file (read with networkx; the class is the node attribute named ``label``).

Both give a :class:`lib.data.datasets.NetworkData` with one binary task (the label, 1 = the
positive class) and the node ids as text: an undirected simple graph, so a self-loop and a repeated
link (either direction) are left out and counted (``NetworkData.dropped``; the network report says
how many). :func:`network_problems` lists what keeps a network from
the network tests: unlabelled nodes, a label that is not binary, more than one connected component.

Every error is a :class:`UserDataError` whose message is one sentence naming the file and the
problem.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.sparse.csgraph import connected_components

from .attributes import AttributeSpec
from .checksum import sha256_of
from .datasets import NetworkData, TabularData, undirected_adjacency
from .parsers import label_name, parse_arff

MISSING = ("", "?")
"""CSV fields read as a missing value."""

NUMERIC_SHARE = 0.9
"""A CSV column whose non-missing cells are at least this share numbers, but not all, is numeric with
typos (:func:`load_table`)."""

NON_NUMERIC = ("refuse", "missing")
"""What :func:`load_table` does with the few non-numbers of a numeric column: refuse the file, or read
them as missing values."""


class UserDataError(ValueError):
    """A user's file cannot be used as it is; the message is one sentence naming file and problem.

    ``field`` names the config entry to fix (e.g. ``"class"``, ``"path"``; ``None``: the file itself).
    """

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def check_file(path, sha256: str | None = None, field: str = "path") -> Path:
    """``path`` as a Path, checked: an existing file whose sha256 is ``sha256`` when given.

    Raises
    ------
    UserDataError
        The file is missing or its checksum differs.
    """
    path = Path(path)
    if not path.is_file():
        raise UserDataError(
            f"file {path} does not exist (relative paths are taken from the working directory {Path.cwd()})", field
        )
    if sha256 is not None:
        found = sha256_of(path)
        if found != sha256.lower():
            raise UserDataError(
                f"file {path} has sha256 {found}, not the {sha256.lower()} the config names "
                "(the file changed, or the checksum is of another file)",
                "sha256",
            )
    return path


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserDataError(f"file {path} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


@dataclass(frozen=True)
class Columns:
    """A table as text columns: ``names`` (header order) and ``values[name]`` (None = missing)."""

    names: tuple
    values: dict

    @property
    def rows(self) -> int:
        return len(next(iter(self.values.values()))) if self.values else 0


def read_columns(path) -> Columns:
    """The columns of a CSV file with a header line, or of an ARFF file (values as text).

    Parameters
    ----------
    path : str or path-like

    Returns
    -------
    Columns
        For CSV every field as text (``None`` for :data:`MISSING`); for ARFF the nominal values by
        name and numbers as ``repr`` of the float, ``None`` for ``?``.

    Raises
    ------
    UserDataError
        The file cannot be parsed, has no header or no data row, or a row has the wrong number of
        fields.
    """
    path = Path(path)
    text = _text(path)
    if path.suffix.lower() == ".arff":
        try:
            _, attributes, values = parse_arff(text)
        except ValueError as exc:
            raise UserDataError(f"file {path} is not a dense ARFF file Weka could read ({exc})") from None
        out = {}
        for j, attr in enumerate(attributes):
            col = values[:, j]
            if attr.values is None:
                out[attr.name] = [None if np.isnan(v) else repr(float(v)) for v in col]
            else:
                out[attr.name] = [None if np.isnan(v) else attr.values[int(v)] for v in col]
        if not values.shape[0]:
            raise UserDataError(f"file {path} has no data rows")
        return Columns(tuple(a.name for a in attributes), out)
    reader = csv.reader(io.StringIO(text))
    try:
        rows = [row for row in reader if any(field.strip() for field in row)]
    except csv.Error as exc:
        raise UserDataError(f"file {path} is not CSV ({exc})") from None
    if len(rows) < 2:
        raise UserDataError(
            f"file {path} needs a header line and at least one data row, found {len(rows)} non-empty line(s)"
        )
    header = [h.strip() for h in rows[0]]
    if len(set(header)) != len(header) or "" in header:
        raise UserDataError(f"file {path}: the header line must name every column once, got {','.join(header)}")
    for lineno, row in enumerate(rows[1:], 2):
        if len(row) != len(header):
            raise UserDataError(f"file {path} line {lineno} has {len(row)} fields, the header {len(header)}")
    values = {
        name: [None if (v := row[j].strip()) in MISSING else v for row in rows[1:]] for j, name in enumerate(header)
    }
    return Columns(tuple(header), values)


def _number(value: str | None) -> float | None:
    try:
        return np.nan if value is None else float(value)
    except ValueError:
        return None


def _numbers(values) -> np.ndarray | None:
    """``values`` as floats (NaN for None), or None if some value is not a number."""
    parsed = [_number(v) for v in values]
    return None if any(v is None for v in parsed) else np.array(parsed, dtype=float)


def _numeric_with_typos(path, column: str, values, non_numeric: str) -> np.ndarray | None:
    """A column that is numeric but for a few cells: refused (UserDataError naming the first such
    cell and the fix), or with ``non_numeric="missing"`` read with those cells missing; None for a
    nominal column."""
    parsed = [_number(v) for v in values]
    present = [v for v, p in zip(values, parsed, strict=True) if v is not None]
    typos = [i for i, p in enumerate(parsed) if p is None]
    if not present or len(present) - len(typos) < NUMERIC_SHARE * len(present):
        return None
    if non_numeric == "missing":
        return np.array([np.nan if p is None else p for p in parsed], dtype=float)
    first = typos[0]
    raise UserDataError(
        f"column {column!r} of {path} is numeric but for {len(typos)} of {len(present)} cells, e.g. "
        f"{values[first]!r} in data row {first + 1}: correct them, or set `non_numeric: missing` in its "
        "entry to read them as missing values",
        "non_numeric",
    )


def _nominal(values) -> tuple[np.ndarray, tuple]:
    """Codes of ``values`` in order of first appearance (NaN for None) and the values."""
    order = list(dict.fromkeys(v for v in values if v is not None))
    index = {v: float(i) for i, v in enumerate(order)}
    return np.array([np.nan if v is None else index[v] for v in values], dtype=float), tuple(order)


def load_table(
    path,
    class_column: str,
    *,
    sha256: str | None = None,
    drop=(),
    name: str = "yours",
    non_numeric: str = "refuse",
) -> TabularData:
    """A user's tabular data set (ARFF or CSV; module docstring) in the studies' convention.

    Parameters
    ----------
    path : str or path-like
    class_column : str
        The class column (CSV header name or ARFF attribute name).
    sha256 : str, optional
        Checked against the file's bytes first.
    drop : sequence of str
        Columns left out (identifiers, leaks).
    name : str
        The data set's name (``TabularData.name``).
    non_numeric : {"refuse", "missing"}
        A CSV column numeric but for a few cells (:data:`NUMERIC_SHARE`): refused, or those cells
        read as missing.

    Returns
    -------
    lib.data.datasets.TabularData
        Classes in declaration order (ARFF) or order of first appearance (CSV).

    Raises
    ------
    UserDataError
        Missing file, wrong checksum, unreadable file, no such class or drop column, a numeric ARFF
        class, a row without a class value, no feature column, a numeric column with a few
        non-numbers (unless ``non_numeric="missing"``).
    """
    path = check_file(path, sha256)
    if path.suffix.lower() == ".arff":
        return _load_arff(path, class_column, drop, name)
    columns = read_columns(path)
    _check_columns(path, columns.names, class_column, drop)
    labels = columns.values[class_column]
    _check_labels(path, class_column, labels)
    y, classes = _nominal([label_name(v) for v in labels])
    features = [c for c in columns.names if c != class_column and c not in set(drop)]
    cols, n_values = [], []
    for c in features:
        numeric = _numbers(columns.values[c])
        if numeric is None:
            numeric = _numeric_with_typos(path, c, columns.values[c], non_numeric)
        if numeric is not None:
            cols.append(numeric)
            n_values.append(0)
        else:
            codes, values = _nominal(columns.values[c])
            cols.append(codes)
            n_values.append(len(values))
    return TabularData(
        name, np.column_stack(cols), y.astype(np.int64), AttributeSpec(tuple(n_values)), tuple(classes), tuple(features)
    )


def load_entry(entry: dict, name: str) -> TabularData:
    """A user's data set from its config entry (``yours.datasets.<name>``: ``path``, ``class``,
    optional ``sha256``, ``drop`` and ``non_numeric``), by :func:`load_table`."""
    return load_table(
        entry["path"],
        entry["class"],
        sha256=entry.get("sha256"),
        drop=entry.get("drop", ()),
        name=name,
        non_numeric=entry.get("non_numeric", "refuse"),
    )


def _check_columns(path, names, class_column, drop) -> None:
    if class_column not in names:
        raise UserDataError(f"class column {class_column!r} is not in {path} (columns: {', '.join(names)})", "class")
    unknown = [d for d in drop if d not in names]
    if unknown:
        raise UserDataError(f"column {unknown[0]!r} to drop is not in {path} (columns: {', '.join(names)})", "drop")
    if not [c for c in names if c != class_column and c not in set(drop)]:
        raise UserDataError(f"{path} has no feature column besides the class column {class_column!r}", "drop")


def _check_labels(path, class_column, labels) -> None:
    missing = sum(v is None for v in labels)
    if missing:
        first = next(i for i, v in enumerate(labels) if v is None)
        raise UserDataError(
            f"{missing} row(s) of {path} have no value in the class column {class_column!r} (the "
            f"first is data row {first + 1}); remove them or fill them in"
        )


def _load_arff(path: Path, class_column: str, drop, name: str) -> TabularData:
    try:
        _, attributes, values = parse_arff(_text(path))
    except ValueError as exc:
        raise UserDataError(f"file {path} is not a dense ARFF file Weka could read ({exc})") from None
    names = [a.name for a in attributes]
    _check_columns(path, names, class_column, drop)
    t = names.index(class_column)
    if attributes[t].values is None:
        raise UserDataError(
            f"class attribute {class_column!r} of {path} is numeric; the tests need a nominal class", "class"
        )
    y = values[:, t]
    _check_labels(path, class_column, [None if np.isnan(v) else v for v in y])
    keep = [j for j, a in enumerate(names) if j != t and a not in set(drop)]
    spec = AttributeSpec(tuple(0 if attributes[j].values is None else len(attributes[j].values) for j in keep))
    return TabularData(
        name, values[:, keep], y.astype(np.int64), spec, tuple(attributes[t].values), tuple(names[j] for j in keep)
    )


# ----------------------------------------------------------------------------- networks


def _edge_rows(path: Path) -> list[list[str]]:
    try:
        rows = [r for r in csv.reader(io.StringIO(_text(path))) if any(f.strip() for f in r)]
    except csv.Error as exc:
        raise UserDataError(f"edge list {path} is not CSV ({exc})") from None
    for lineno, row in enumerate(rows, 1):
        if len(row) != 2 or not all(f.strip() for f in row):
            raise UserDataError(
                f"edge list {path} line {lineno} must hold two node ids (source,target), got {','.join(row)!r}"
            )
    return [[f.strip() for f in row] for row in rows]


def _label_table(path: Path, label_column: str) -> dict:
    columns = read_columns(path)
    if label_column not in columns.names[1:]:
        raise UserDataError(
            f"label column {label_column!r} is not in the node-label file {path} (columns: "
            f"{', '.join(columns.names)}; the first column is the node id)",
            "label",
        )
    ids = columns.values[columns.names[0]]
    labels = columns.values[label_column]
    if any(i is None for i in ids):
        raise UserDataError(f"node-label file {path} has a row without a node id")
    seen = set()
    for i in ids:
        if i in seen:
            raise UserDataError(f"node-label file {path} lists node {i!r} twice")
        seen.add(i)
    return dict(zip(ids, labels))


def _binary(where: str, labels: list, positive) -> tuple[np.ndarray, str]:
    """0/1 labels (1 = ``positive``; default: the label ``1`` if the labels are 0/1, else the rarer one)."""
    text = [label_name(v) for v in labels]
    values = sorted(set(text))
    if len(values) != 2:
        raise UserDataError(
            f"{where} has {len(values)} label value(s) ({', '.join(values[:6])}"
            f"{', ...' if len(values) > 6 else ''}); the network tests need exactly two",
            "label",
        )
    if positive is None:
        if values == ["0", "1"]:
            positive = "1"
        else:
            counts = {v: text.count(v) for v in values}
            positive = min(values, key=lambda v: (counts[v], v))
    positive = label_name(str(positive))
    if positive not in values:
        raise UserDataError(
            f"positive label {positive!r} is not a label of {where} (labels: {', '.join(values)})", "positive"
        )
    return np.array([v == positive for v in text], dtype=np.int8), positive


def load_network(
    *, edges=None, labels=None, gml=None, label: str = "label", positive=None, name: str = "yours"
) -> NetworkData:
    """A user's network with a binary node label (module docstring).

    Parameters
    ----------
    edges, labels : str or path-like
        The edge list and the node-label CSV (both, or ``gml``).
    gml : str or path-like
        A GML file whose nodes carry the attribute ``label``.
    label : str
        The label column (node-label CSV) or node attribute (GML).
    positive : str, optional
        The positive label value; default ``1`` for 0/1 labels, else the rarer value.
    name : str

    Returns
    -------
    lib.data.datasets.NetworkData
        Nodes in order of first appearance (node-label file, or GML), one task named ``label``
        (0/1), ``attributes["label"]`` the label text; ``task_known`` all True.

    Raises
    ------
    UserDataError
        Missing or unreadable file, an edge to a node without a label (an unlabelled node), a node
        without a label value, labels that are not exactly two values, an unknown ``positive``.
    """
    if gml is not None:
        # imported when used: networkx costs ~0.1 s of import per job (and Snakefile parse) that
        # reads no GML file
        import networkx as nx

        path = check_file(gml, field="gml")
        try:
            # read as a multigraph, as the registry's GML reader does: a file may list an edge twice
            text = _text(path)
            if not re.search(r"\bgraph\s*\[", text):
                raise ValueError("no 'graph [' block")
            graph = nx.parse_gml(re.sub(r"\bgraph\s*\[", "graph [ multigraph 1", text, count=1), label="id")
        except (nx.NetworkXError, ValueError) as exc:
            raise UserDataError(f"GML file {path} cannot be read by networkx ({exc})") from None
        ids = [str(v) for v in graph.nodes]
        unlabeled = [str(v) for v, d in graph.nodes(data=True) if d.get(label) is None or str(d.get(label)) == ""]
        if unlabeled:
            raise UserDataError(
                f"{len(unlabeled)} node(s) of {path} have no {label!r} attribute (e.g. node "
                f"{unlabeled[0]!r}); every node needs a label"
            )
        text = [str(graph.nodes[v][label]) for v in graph.nodes]
        index = {v: i for i, v in enumerate(graph.nodes)}
        pairs = [(index[u], index[v]) for u, v in graph.edges()]
        where = f"GML file {path}"
    else:
        edge_path, label_path = check_file(edges, field="edges"), check_file(labels, field="labels")
        table = _label_table(label_path, label)
        missing = [i for i, v in table.items() if v is None]
        if missing:
            raise UserDataError(
                f"{len(missing)} node(s) of {label_path} have no value in the label column "
                f"{label!r} (e.g. node {missing[0]!r}); every node needs a label"
            )
        rows = _edge_rows(edge_path)
        if rows and not (rows[0][0] in table and rows[0][1] in table):
            rows = rows[1:]  # a header line
        ids = list(table)
        index = {v: i for i, v in enumerate(ids)}
        for lineno, (u, v) in enumerate(rows, 1):
            for node in (u, v):
                if node not in index:
                    raise UserDataError(
                        f"node {node!r} of edge list {edge_path} has no label in {label_path} "
                        "(an unlabelled node); add it there or remove its edges"
                    )
        pairs = [(index[u], index[v]) for u, v in rows]
        text = [table[i] for i in ids]
        where = f"node-label file {label_path}"
    y, positive = _binary(where, text, positive)
    src, dst = (np.array([p[0] for p in pairs], dtype=np.int64), np.array([p[1] for p in pairs], dtype=np.int64))
    adjacency = undirected_adjacency(len(ids), src, dst)
    loops = int((src == dst).sum())
    return NetworkData(
        name,
        adjacency,
        tuple(ids),
        {"label": np.array(text, dtype=object)},
        {"label": y},
        {"label": np.ones(len(ids), dtype=bool)},
        # the tests run on a simple graph: say what that left out, rather than drop it silently
        dropped={"self_loops": loops, "duplicate_edges": len(pairs) - loops - adjacency.nnz // 2},
    )


def components(network: NetworkData) -> np.ndarray:
    """Sizes of the connected components, largest first."""
    _, part = connected_components(network.adjacency, directed=False)
    return np.sort(np.bincount(part))[::-1]


def network_problem(network: NetworkData, where: str) -> str | None:
    """What keeps a loaded network from the network tests (one sentence), or None.

    The tests carve one connected network into disjoint subnetworks (Neville 2009 Sec. 6 uses
    separate networks of one kind); a network of several components is rejected rather than cut
    silently to its largest one.
    """
    sizes = components(network)
    if len(sizes) > 1:
        return (
            f"the network of {where} is disconnected: {len(sizes)} connected components (the largest has "
            f"{sizes[0]} of {network.n_nodes} nodes); keep its largest component or link the parts"
        )
    if network.n_edges == 0:
        return f"the network of {where} has no edges"
    return None
