"""File formats of the catalogue's raw data: six parsers, each turning one file into arrays.

Nothing here knows the catalogue: a parser takes a file (and, for a table, the parser
``options`` of its catalogue entry) and gives plain arrays, which :mod:`lib.data.datasets` turns
into a ``TabularData`` or ``NetworkData``. Every parser raises ``ValueError`` (or the decoder's
own error) on a file that is not what it expects; the loader turns that into one sentence.

Tables (:class:`Table`: ``X`` float ``(n, m)`` with nominal values coded ``0 .. V-1`` and ``NaN``
for missing, ``labels`` class codes in the order of ``class_names``; :data:`TABLE_READERS` by the
catalogue's ``reader`` name):

* ARFF (:func:`parse_arff`, :func:`read_arff`): Weka's dense ARFF, nominal values coded in
  declaration order, written for the constructs the catalogue's files use (Weka's old
  ``integer [a,b]`` range syntax, quoted ``'?'`` as a declared value, ``%`` comments). Kept
  because no library reads every ARFF of the mirror as Weka does (``scripts/tools/
  compare_data_libraries.py``): liac-arff 2.5.0 gives the same arrays on 28 of the 29 but rejects
  zoo.arff (``@ATTRIBUTE legs INTEGER [0,9]``); scipy.io.arff fails on pendigits.arff and
  anneal.orig.arff (blanks around nominal values), reads anneal.arff's quoted ``'?'`` as missing
  (22,175 cells) and keeps the quotes of glass.arff's attribute name ``'K'``.
* Delimited text (:func:`read_delimited`) and LIBSVM's sparse format (:func:`read_libsvm`).

Networks (node ids in file order, node attributes, and edges as index pairs into the ids, as the
file lists them: possibly directed, repeated or loops):

* LINQS ``.content`` + ``.cites`` (:func:`read_linqs`), with the binary word features.
* GML (:func:`read_gml`), read by networkx.
* R's ``save()`` format (``.rda``; :func:`read_igraph`) for the igraph objects of the igraphdata
  package, read with rdata (pyreadr cannot: librdata rejects both files of the mirror, whose igraph
  objects are lists, not data frames; tests/data/test_parsers.py pins the arrays read).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .attributes import AttributeSpec

if TYPE_CHECKING:  # imported at run time only by the network readers that use it
    import scipy.sparse as sp


def read_text(path: Path) -> str:
    """A file's text (UTF-8), gunzipped first when it is gzip."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":  # gzip, recognised by content: temp files have no .gz suffix
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


# ---- tables --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """One file's rows: features ``X``, class codes ``labels`` and the attribute declarations."""

    X: np.ndarray
    labels: np.ndarray  # class codes
    spec: AttributeSpec
    class_names: tuple[str, ...]
    feature_names: tuple[str, ...]


# ---- ARFF ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArffAttribute:
    name: str
    values: tuple[str, ...] | None  # None: numeric


_ARFF_TOKEN = re.compile(r"""\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^,'"%]*?))\s*(,|%.*$|$)""")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "'": "'", '"': '"', "\\": "\\", "%": "%"}


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), s) if "\\" in s else s


def _arff_tokens(line: str, lineno: int) -> list[str | None]:
    """Split one comma-separated ARFF line; an unquoted ``?`` is missing (None)."""
    if "'" not in line and '"' not in line and "%" not in line:
        return [None if t == "?" else t for t in (t.strip() for t in line.split(","))]
    out: list[str | None] = []
    pos = 0
    while True:
        m = _ARFF_TOKEN.match(line, pos)
        if m is None:
            raise ValueError(f"line {lineno}: cannot split {line[pos : pos + 40]!r}")
        single, double, bare, end = m.groups()
        if single is not None or double is not None:
            out.append(_unescape(single if single is not None else double))
        else:
            out.append(None if bare == "?" else bare)
        if end != ",":
            return out
        pos = m.end()


def parse_arff(text: str) -> tuple[str, list[ArffAttribute], np.ndarray]:
    """Parse dense ARFF text: ``(relation, attributes, values)``.

    ``values`` is float ``(n, m)`` over all attributes: nominal values coded by their index in
    the declaration, numeric values as floats, ``NaN`` for a missing (unquoted ``?``) value. A
    quoted ``'?'`` is an ordinary value (anneal declares it). Numeric types ``numeric``,
    ``real``, ``integer`` may carry Weka's old range suffix ``[a,b]`` (zoo), which is ignored.
    Comments (``%``), blank lines and CRLF line endings are accepted.
    """
    relation, attributes, rows = "", [], []
    in_data = False
    header_re = re.compile(r"""@attribute\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S+)\s+(.*)$""", re.I)
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if in_data:
            tokens = _arff_tokens(line, lineno)
            if tokens == [""] or tokens == []:
                continue
            if len(tokens) != len(attributes):
                raise ValueError(f"line {lineno}: {len(tokens)} values but {len(attributes)} attributes")
            rows.append(tokens)
            continue
        lower = line.lower()
        if lower.startswith("@relation"):
            relation = line[len("@relation") :].strip().strip("'\"")
        elif lower.startswith("@attribute"):
            m = header_re.match(line)
            if m is None:
                raise ValueError(f"line {lineno}: cannot read attribute declaration {line[:60]!r}")
            name = m.group(1)
            if name[0] in "'\"":
                name = _unescape(name[1:-1])
            kind = m.group(2).strip()
            if kind.startswith("{"):
                if not kind.endswith("}"):
                    raise ValueError(f"line {lineno}: nominal declaration of {name!r} does not end with }}")
                values = _arff_tokens(kind[1:-1], lineno)
                if any(v is None or v == "" for v in values):
                    raise ValueError(f"line {lineno}: empty or '?' value declared for {name!r}")
                attributes.append(ArffAttribute(name, tuple(values)))
            elif re.match(r"(numeric|real|integer)\b\s*(\[[^\]]*\])?\s*$", kind, re.I):
                attributes.append(ArffAttribute(name, None))
            else:
                raise ValueError(f"line {lineno}: unsupported attribute type {kind!r} of {name!r}")
        elif lower.startswith("@data"):
            in_data = True
        else:
            raise ValueError(f"line {lineno}: unexpected header line {line[:60]!r}")
    if not in_data:
        raise ValueError("no @data section")
    values = np.empty((len(rows), len(attributes)), dtype=float)
    for j, attr in enumerate(attributes):
        column = [row[j] for row in rows]
        if attr.values is None:
            try:
                values[:, j] = [np.nan if v is None else float(v) for v in column]
            except ValueError as error:
                raise ValueError(f"attribute {attr.name!r}: {error}") from None
        else:
            code = {v: float(i) for i, v in enumerate(attr.values)}
            code[None] = np.nan
            try:
                values[:, j] = [code[v] for v in column]
            except KeyError as error:
                raise ValueError(f"attribute {attr.name!r}: value {error.args[0]!r} is not declared") from None
    return relation, attributes, values


def read_arff(path: Path, options: Mapping) -> Table:
    _, attributes, values = parse_arff(read_text(path))
    names = [a.name for a in attributes]
    target = options.get("target", names[-1])
    if target not in names:
        raise ValueError(f"class attribute {target!r} not declared")
    t = names.index(target)
    if attributes[t].values is None:
        raise ValueError(f"class attribute {target!r} is not nominal")
    drop = set(options.get("drop", ()))
    missing_drop = drop - set(names)
    if missing_drop:
        raise ValueError(f"attributes to drop {sorted(missing_drop)} not declared")
    keep = [j for j, n in enumerate(names) if j != t and n not in drop]
    y = values[:, t]
    if np.isnan(y).any():
        raise ValueError(f"{int(np.isnan(y).sum())} rows have a missing class")
    spec = AttributeSpec(tuple(0 if attributes[j].values is None else len(attributes[j].values) for j in keep))
    return Table(values[:, keep], y.astype(np.int64), spec, attributes[t].values, tuple(names[j] for j in keep))


# ---- delimited text and LIBSVM --------------------------------------------------------------
def label_name(token: str) -> str:
    """A class label as text: quotes stripped, numbers canonical ('+1' -> '1', '1.0' -> '1')."""
    token = token.strip().strip("'\"")
    try:
        value = float(token)
    except ValueError:
        return token
    return str(int(value)) if value == int(value) else token


def _codes(labels: Sequence[str], classes: Sequence[str]) -> np.ndarray:
    index = {c: i for i, c in enumerate(classes)}
    unknown = sorted(set(labels) - set(index))
    if unknown:
        raise ValueError(f"class labels {unknown[:5]} are not among {list(classes)}")
    return np.fromiter((index[v] for v in labels), dtype=np.int64, count=len(labels))


def read_delimited(path: Path, options: Mapping) -> Table:
    """Numeric table, one row per line, ``sep`` (None = whitespace); label column ``label``;
    ``drop`` columns (IDs) removed. The first ``skip`` lines (``header: True`` = 1) are not data;
    ``names_line`` (0-based, among them) holds the column names, else features are ``x<j>``."""
    lines = read_text(path).splitlines()
    skip = int(options.get("skip", 1 if options.get("header") else 0))
    header, lines = lines[:skip], lines[skip:]
    sep = options.get("sep")
    rows = [line.split(sep) for line in lines if line.strip()]
    width = len(rows[0])
    bad = next((i for i, r in enumerate(rows) if len(r) != width), None)
    if bad is not None:
        raise ValueError(f"row {bad + 1} has {len(rows[bad])} fields, the first has {width}")
    label = options["label"] % width
    drop = {d % width for d in options.get("drop", ())} | {label}
    keep = [j for j in range(width) if j not in drop]
    X = np.array([[float(r[j]) for j in keep] for r in rows], dtype=float)
    labels = [label_name(r[label]) for r in rows]
    classes = tuple(options["classes"])
    names = [f"x{j}" for j in range(width)]
    if "names_line" in options:
        # the names line lists the features only (the label column has no name)
        declared = [n.strip() for n in header[options["names_line"]].split(sep)]
        if len(declared) != len(keep):
            raise ValueError(f"{len(declared)} column names for {len(keep)} feature columns")
        names = dict(zip(keep, declared))
    return Table(X, _codes(labels, classes), AttributeSpec.numeric(len(keep)), classes, tuple(names[j] for j in keep))


def read_libsvm(path: Path, options: Mapping) -> Table:
    """LIBSVM sparse format ``label idx:value ...`` (1-based indices; absent entries are 0)."""
    d = int(options["features"])
    lines = [line for line in read_text(path).splitlines() if line.strip()]
    X = np.zeros((len(lines), d), dtype=float)
    labels = []
    for i, line in enumerate(lines):
        fields = line.split()
        labels.append(label_name(fields[0]))
        for item in fields[1:]:
            k, v = item.split(":")
            k = int(k)
            if not 1 <= k <= d:
                raise ValueError(f"row {i + 1}: feature index {k} outside 1..{d}")
            X[i, k - 1] = float(v)
    classes = tuple(options["classes"])
    return Table(X, _codes(labels, classes), AttributeSpec.numeric(d), classes, tuple(f"f{k}" for k in range(1, d + 1)))


TABLE_READERS: dict[str, Callable[[Path, Mapping], Table]] = {
    "arff": read_arff,
    "delimited": read_delimited,
    "libsvm": read_libsvm,
}


# ---- networks --------------------------------------------------------------------------------
def read_linqs(content: Path, cites: Path) -> tuple[list[str], list[str], sp.csr_matrix, list[int], list[int]]:
    """LINQS ``.content`` (id, binary words, label; tab-separated) and ``.cites`` (cited, citing):
    ``(ids, labels, words, src, dst)``, ``words`` the 0/1 word features as a float CSR matrix.
    Citations touching IDs without content are dropped."""
    # imported when used: scipy.sparse costs ~0.1 s of import per job that reads no network
    import scipy.sparse as sp

    ids, labels, rows = [], [], []
    width = None
    for lineno, line in enumerate(content.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        first, rest = line.split("\t", 1)
        words, label = rest.rsplit("\t", 1)
        vec = np.frombuffer(words.encode("ascii"), dtype=np.uint8)[::2]
        if width is None:
            width = vec.size
        if vec.size != width or words.count("\t") != width - 1 or ((vec != 48) & (vec != 49)).any():
            raise ValueError(f"content line {lineno}: expected {width} 0/1 word fields")
        ids.append(first)
        labels.append(label)
        rows.append(vec - 48)
    index = {node: i for i, node in enumerate(ids)}
    if len(index) != len(ids):
        raise ValueError("content: duplicate paper IDs")
    src, dst = [], []
    for line in cites.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        a, b = line.split()
        if a in index and b in index:
            src.append(index[a])
            dst.append(index[b])
    return ids, labels, sp.csr_matrix(np.vstack(rows).astype(np.float64)), src, dst


def read_gml(path: Path, attributes: Sequence[str]) -> tuple[list, dict[str, np.ndarray], tuple, tuple]:
    """A GML network read by networkx: ``(ids, attributes, src, dst)``, nodes in file order, each
    named node attribute as text (``""`` where a node lacks it). polblogs.gml lists a few directed
    edges twice, which networkx accepts only in a multigraph, so every file is read as one. A file
    networkx cannot parse raises ValueError with networkx's message."""
    # imported when used: networkx costs ~0.1 s of import per job that reads no GML file
    import networkx as nx

    text = path.read_text("utf-8")
    if not re.search(r"\bgraph\s*\[", text):
        raise ValueError("no 'graph [' block")
    try:
        graph = nx.parse_gml(re.sub(r"\bgraph\s*\[", "graph [ multigraph 1", text, count=1), label="id")
    except nx.NetworkXError as error:  # as ValueError, which the catalogue's loader reports as a bad file
        raise ValueError(str(error)) from error
    ids = list(graph.nodes)
    index = {node: i for i, node in enumerate(ids)}
    src, dst = zip(*((index[u], index[v]) for u, v in graph.edges())) if graph.number_of_edges() else ((), ())
    values = {a: np.array([str(graph.nodes[node].get(a, "")) for node in ids], dtype=object) for a in attributes}
    return ids, values, src, dst


# ---- R's save() format (.rda) ------------------------------------------------------------------
class _IgraphSlots(list):
    """The slots of an R igraph object: rdata calls this for R class ``igraph`` (it has no
    constructor of its own for it)."""

    def __init__(self, value, attrs=None):
        super().__init__(value)


def read_igraph(raw: bytes, name: str) -> tuple[int, np.ndarray, np.ndarray, dict]:
    """``(n, src, dst, vertex attributes)`` of the igraph object ``name`` in the bytes of an
    ``.rda`` file, read with rdata: edges as 0-based index pairs, each vertex attribute as
    rdata gives it (strings a NumPy string array, with None for ``NA``; numbers a float array)."""
    import rdata  # here, not at the top: it loads pandas and xarray (~0.5 s), which only .rda files need

    try:
        objects = rdata.conversion.convert(
            rdata.parser.parse_data(raw), {**rdata.conversion.DEFAULT_CLASS_MAP, "igraph": _IgraphSlots}
        )
    except NotImplementedError as error:  # rdata's word for bytes that are no R data it can read
        raise ValueError(f"not an R data file rdata can read ({error})") from None
    g = objects.get(name) if isinstance(objects, dict) else None
    if not isinstance(g, _IgraphSlots) or len(g) < 9:
        raise ValueError(f"object {name!r} is not an igraph graph")
    n = int(g[0][0])
    src = np.asarray(g[2], dtype=np.int64)
    dst = np.asarray(g[3], dtype=np.int64)
    if src.size and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
        raise ValueError("edge endpoints outside 0..n-1")
    return n, src, dst, dict(g[8][2])
