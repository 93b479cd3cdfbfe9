"""Real datasets: the catalogue of every dataset the project uses, and their loaders.

The catalogue
-------------
Every real dataset of the project is declared once, in the catalogue ``datasets.yaml`` beside
this module, read into :data:`REGISTRY`: which paper uses it, where it comes from (the
original publisher's page, and the downloadable sources tried in order), its licence and
citation, the sha256 of every file, how its files are parsed, and what parsing must give
(shape, class counts, missing cells). The catalogue is data, so it lives in a data file; code
that computes something from a dataset (the Enron ``Executive?`` task,
:func:`enron_is_executive`) stays here. The file sits beside the module, not under ``config/``,
because it is not a setting a run may change: every rule script, tool and test finds it from
any working directory without Snakemake, and ``lib.infra.imports`` declares it an input of every
rule that imports this module, so editing it reruns them as editing the module did. It is read
with libyaml (about 10 ms); its JSON schema ``datasets.schema.yaml`` is checked by
:func:`check_catalogue` at every workflow start and in the tests, not at import.

:mod:`lib.data.acquisition` obtains and verifies a dataset's files (``workflow/rules/data.smk``
runs it); study scripts call :func:`load`.

Loaders (:func:`load`)
----------------------
* Tabular data sets give :class:`TabularData`: ``X`` float ``(n, m)`` with nominal attributes
  coded ``0 .. V-1`` in the order the ARFF header declares them and ``NaN`` for missing
  values, ``y`` int class codes in the order of ``class_names`` (for ARFF files: the class
  attribute's declared values, Weka's order), ``spec`` a :class:`lib.data.attributes.AttributeSpec`,
  ``feature_names``. ID attributes are dropped (zoo ``animal``, splice ``Instance_name``,
  promoters ``instance``, wdbc's ID column); Spect is train + test concatenated (267 rows);
  Weka's old ``integer [a,b]`` range syntax (zoo) is accepted. For Raeder et al. (2012) the
  registry's ``minority`` names the class(es) that form the minority class of their Table 1
  and :attr:`TabularData.y_minority` gives the 0/1 labels.
* Networks give :class:`NetworkData`: ``adjacency`` a symmetric 0/1 ``scipy.sparse`` CSR
  matrix (undirected, no self loops, no duplicate edges), ``node_ids``, categorical node
  ``attributes`` and the binary ``tasks`` of Neville et al. (2009) Table 1 (``"Neural
  Nets?"``, ``"Info. Retrieval?"``, ``"Neutral?"``, ``"Executive?"``), plus the word
  features of Cora and Citeseer.

The file formats (ARFF, delimited text, LIBSVM, LINQS, GML, R's ``.rda``) are read by
:mod:`lib.data.parsers`; this module turns their arrays into the two kinds of loaded data.
"""

from __future__ import annotations

import functools
import lzma
import os
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import numpy as np
import yaml

from . import parsers
from .attributes import AttributeSpec
from .checksum import sha256_of

#: Where the workflow keeps each data set's verified raw files (``<RAW_DIR>/<name>/``), relative to
#: the working directory: the one place this path is written.
RAW_DIR = "data/raw"

if TYPE_CHECKING:  # imported at run time only where a network is built (undirected_adjacency)
    import scipy.sparse as sp


class DatasetError(RuntimeError):
    """A dataset cannot be obtained or does not verify; the message is one sentence."""


# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """One place to download a file from.

    ``member`` names the file inside a zip/tar archive found at ``url``; ``archive_sha256``
    pins the archive itself. ``pinned`` marks the source whose bytes the catalogue's sha256 was
    computed from (the origin repository at the commit listed in SOURCES.md).
    """

    url: str
    member: str | None = None
    archive_sha256: str | None = None
    pinned: bool = False


@dataclass(frozen=True)
class DataFile:
    """One raw file: its mirror-relative path, checksum, size and download sources."""

    path: str
    sha256: str | None
    size: int | None
    sources: tuple[Source, ...]
    doc: bool = False  # documentation that is fetched and checksummed but not parsed

    @property
    def filename(self) -> str:
        return PurePosixPath(self.path).name


@dataclass(frozen=True, eq=False)
class Dataset:
    """A catalogue entry. ``kind`` is ``"tabular"``, ``"network"`` or ``"not_public"``.

    ``shape`` is ``(rows, features)`` for tabular data (after dropping ID attributes) and
    ``(nodes, undirected edges)`` for networks. ``class_counts`` counts the class attribute
    (tabular) or the main categorical node attribute ``count_attribute`` (networks).
    """

    name: str
    kind: str
    paper_name: str
    used_by: str
    homepage: str
    licence: str
    citation: str
    files: tuple[DataFile, ...] = ()
    reader: str = ""
    options: Mapping = field(default_factory=dict)
    shape: tuple[int, int] | None = None
    class_counts: Mapping[str, int] | None = None
    missing: int = 0
    minority: tuple[str, ...] = ()
    paper_table1: Mapping | None = None
    count_attribute: str | None = None
    task_counts: Mapping[str, int] | None = None
    notes: str = ""

    @property
    def public(self) -> bool:
        return self.kind != "not_public"

    @property
    def pinned(self) -> bool:
        return all(f.sha256 for f in self.files)


#: The catalogue and the JSON schema it is checked against (module docstring: why beside the module).
CATALOGUE = Path(__file__).with_name("datasets.yaml")
CATALOGUE_SCHEMA = Path(__file__).with_name("datasets.schema.yaml")

# ``used_by`` texts the studies select entries by.
OJALA = "ojala2009 Tables II-III"
OJALA_WEKA_FILES = "ojala2009 Tables II-III under the reading permutation.uci_files = weka"
RAEDER = "raeder2012 Table 1, Fig 2"


def _read_yaml(path: Path):
    # libyaml's parser where PyYAML has it: the catalogue is read by every job that loads a dataset
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=loader)


def _frozen(value):
    """YAML lists as tuples, recursively: catalogue values are read-only."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def origin_url(repo: str, path: str, origins: Mapping[str, str] | None = None) -> str:
    """Raw URL of ``path`` at the pinned commit of origin repository ``repo`` (in ``origins``,
    by default the catalogue's)."""
    return f"https://raw.githubusercontent.com/{repo}/{(origins or ORIGINS)[repo]}/{path}"


def _source(entry: Mapping, origins: Mapping[str, str]) -> Source:
    extra = {k: entry[k] for k in ("member", "archive_sha256") if k in entry}
    if "url" in entry:
        return Source(entry["url"], **extra)
    if entry["origin"] not in origins:
        raise ValueError(f"source origin {entry['origin']!r} is not listed under origins")
    return Source(origin_url(entry["origin"], entry["path"], origins), pinned=True, **extra)


def _data_file(entry: Mapping, origins: Mapping[str, str]) -> DataFile:
    sources = tuple(_source(s, origins) for s in entry["sources"])
    return DataFile(entry["path"], entry["sha256"], entry["size"], sources, doc=entry.get("doc", False))


def _public(entry: Mapping, origins: Mapping[str, str]) -> Dataset:
    files = tuple(_data_file(f, origins) for f in entry["files"])
    return Dataset(**{**_frozen(dict(entry)), "files": files})


def _not_public(entry: Mapping) -> Dataset:
    fields = {"citation": "", **_frozen(dict(entry))}
    reason = fields.pop("reason")
    return Dataset(kind="not_public", homepage="", licence="not public", notes=reason, **fields)


def _build(document: Mapping) -> dict[str, Dataset]:
    registry: dict[str, Dataset] = {}
    origins = document["origins"]
    entries = [_public(e, origins) for e in document["datasets"]] + [_not_public(e) for e in document["not_public"]]
    for ds in entries:
        if ds.name in registry:
            raise ValueError(f"dataset {ds.name!r} is declared twice")
        registry[ds.name] = ds
    return registry


def check_catalogue(path: Path = CATALOGUE) -> None:
    """Check the catalogue file against its JSON schema and build it; raise :class:`DatasetError`
    naming the first problem. Run at every workflow start (lib.infra.configcheck) and by the
    tests, not at import: validating costs about 0.1 s, which every job would pay."""
    _check_catalogue(str(path), Path(path).stat().st_mtime_ns, CATALOGUE_SCHEMA.stat().st_mtime_ns)


@functools.lru_cache(maxsize=4)
def _check_catalogue(path: str, mtime_ns: int, schema_mtime_ns: int) -> None:
    # once per file version and process: the tests check hundreds of configs, each of which asks
    import jsonschema

    document = _read_yaml(Path(path))
    validator = jsonschema.Draft202012Validator(_read_yaml(CATALOGUE_SCHEMA))
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the top level"
        raise DatasetError(f"the catalogue {path} does not match {CATALOGUE_SCHEMA.name} at {where}: {error.message}")
    try:
        _build(document)
    except (KeyError, TypeError, ValueError) as error:
        raise DatasetError(f"the catalogue {path} cannot be read: {error}") from None


def _load_catalogue(path: Path = CATALOGUE) -> tuple[dict[str, str], dict[str, Dataset]]:
    document = _read_yaml(path)
    try:
        return dict(document["origins"]), _build(document)
    except (KeyError, TypeError, ValueError):
        check_catalogue(path)  # the schema names the key that is wrong
        raise


#: Origin repositories of shared/data/SOURCES.md (owner/name -> full commit) and every dataset
#: by name, in the catalogue's order.
ORIGINS: dict[str, str]
REGISTRY: dict[str, Dataset]
ORIGINS, REGISTRY = _load_catalogue()


#: Reading ``permutation.uci_files``: which registry entry stands for a data set of Ojala & Garriga's
#: Tables II-III under each alternative (a name not listed is its own file).
OJALA_FILES = {"uci": {}, "weka": {"anneal": "anneal-weka", "segment": "segment-weka"}}


def ojala_file(name: str, files: str = "uci") -> str:
    """The registry name of Ojala & Garriga's data set ``name`` under the reading ``files``."""
    return OJALA_FILES[files].get(name, name)


def get(name: str) -> Dataset:
    """The registry entry ``name``; unknown names fail with the list of known ones."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise DatasetError(f"unknown dataset {name!r}; known datasets are: {', '.join(sorted(REGISTRY))}") from None


def names(kind: str | None = None, *, public: bool | None = None) -> list[str]:
    """Registry names, optionally only of one ``kind`` or only (non-)public ones."""
    return [
        n for n, d in REGISTRY.items() if (kind is None or d.kind == kind) and (public is None or d.public == public)
    ]


def require_public(ds: Dataset) -> None:
    """Raise :class:`DatasetError` naming the reason when ``ds`` is not public."""
    if not ds.public:
        raise DatasetError(
            f"dataset {ds.name!r} ({ds.paper_name}, used by {ds.used_by}) is not public "
            f"({ds.notes}) and cannot be fetched; the pipeline never requires it — "
            f"use the documented public stand-in"
        )


# --------------------------------------------------------------------------------------------
# Checksums of raw files
# --------------------------------------------------------------------------------------------
def _described(sha: str, size: int | None) -> str:
    return f"{sha}" + (f" ({size} bytes)" if size is not None else "")


def checksum_problem(ds: Dataset, f: DataFile, path: Path, origin: str) -> str | None:
    """None if ``path`` has the pinned checksum of ``f`` (or none is pinned), else the failure
    sentence; ``origin`` says where the bytes came from."""
    if not f.sha256:
        return None
    found = sha256_of(path)
    if found == f.sha256:
        return None
    return (
        f"dataset {ds.name!r} file {f.path} ({origin}): sha256 is "
        f"{_described(found, path.stat().st_size)} but {_described(f.sha256, f.size)} was "
        f"expected; the file is corrupt or truncated — delete it and fetch again or fix the mirror"
    )


# --------------------------------------------------------------------------------------------
# Loaded data
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class TabularData:
    """A tabular data set in the convention of :mod:`lib.data.attributes`."""

    name: str
    X: np.ndarray
    y: np.ndarray
    spec: AttributeSpec
    class_names: tuple[str, ...]
    feature_names: tuple[str, ...]
    minority: tuple[str, ...] = ()

    @property
    def shape(self) -> tuple[int, int]:
        return self.X.shape

    def class_counts(self) -> dict[str, int]:
        counts = np.bincount(self.y, minlength=len(self.class_names))
        return {c: int(k) for c, k in zip(self.class_names, counts)}

    @property
    def y_minority(self) -> np.ndarray:
        """0/1 labels, 1 = the minority class of Raeder et al. (2012) Table 1."""
        if not self.minority:
            raise ValueError(f"dataset {self.name!r} has no minority-class definition")
        codes = [self.class_names.index(c) for c in self.minority]
        return np.isin(self.y, codes).astype(np.int8)


@dataclass(frozen=True, eq=False)
class NetworkData:
    """An undirected simple graph with node attributes and binary tasks.

    ``tasks[t]`` is a 0/1 ``int8`` array; ``task_known[t]`` is False where the attribute
    defining the task is unknown (the label there is 0).
    """

    name: str
    adjacency: sp.csr_matrix
    node_ids: tuple[str, ...]
    attributes: dict[str, np.ndarray]
    tasks: dict[str, np.ndarray]
    task_known: dict[str, np.ndarray]
    features: sp.csr_matrix | None = None
    feature_names: tuple[str, ...] = ()
    #: what reading the links left out of the simple graph: ``self_loops`` and ``duplicate_edges``
    #: (a user's files, :func:`lib.data.userdata.load_network`; empty for the registry's networks)
    dropped: dict = field(default_factory=dict)

    @property
    def n_nodes(self) -> int:
        return self.adjacency.shape[0]

    @property
    def n_edges(self) -> int:
        return int(self.adjacency.nnz // 2)


def load(name: str, raw_dir: str | os.PathLike = RAW_DIR) -> TabularData | NetworkData:
    """Load dataset ``name`` from ``<raw_dir>/<name>/`` (where :func:`acquire` put it).

    The sha256 of every pinned file is recomputed first (milliseconds for these sizes): a raw
    file damaged or truncated after :func:`acquire` verified it stops the job before any of its
    bytes are used, with one sentence naming the file, instead of silently changing results.
    """
    ds = get(name)
    require_public(ds)
    base = Path(raw_dir) / name
    for f in ds.files:
        path = base / f.filename
        if not path.is_file():
            raise DatasetError(
                f"dataset {name!r} file {path} is missing; delete {base} and rerun to fetch the dataset again"
            )
        problem = checksum_problem(ds, f, path, str(path))
        if problem:
            raise DatasetError(
                problem.replace(
                    "delete it and fetch again or fix the mirror", f"delete {base} and rerun to fetch it again"
                )
            )
    return load_files(ds, {f.path: base / f.filename for f in ds.files})


def load_files(ds: Dataset, paths: Mapping[str, Path]) -> TabularData | NetworkData:
    data_files = [f for f in ds.files if not f.doc]
    current = data_files[0].path
    try:
        if ds.kind == "tabular":
            parts = []
            for f in data_files:
                current = f.path
                parts.append(parsers.TABLE_READERS[ds.reader](Path(paths[f.path]), ds.options))
            return _combine(ds, parts)
        return _NETWORK_READERS[ds.reader](ds, {f.filename: Path(paths[f.path]) for f in data_files})
    except (
        ValueError,
        KeyError,
        IndexError,
        OSError,
        EOFError,
        lzma.LZMAError,
        UnicodeDecodeError,
    ) as error:
        raise DatasetError(
            f"dataset {ds.name!r} file {current} could not be parsed ({error}); "
            f"the file is not what the catalogue describes"
        ) from None


def verify(ds: Dataset, data: TabularData | NetworkData) -> dict:
    """Compare parsed data with the catalogue; return a summary or raise :class:`DatasetError`."""
    where = f"dataset {ds.name!r} ({', '.join(f.path for f in ds.files if not f.doc)})"
    if isinstance(data, TabularData):
        shape = tuple(int(s) for s in data.X.shape)
        counts = data.class_counts()
        missing = int(np.isnan(data.X).sum())
        found = {"rows": shape[0], "features": shape[1], "classes": counts, "missing": missing}
        checks = [
            (
                "shape (rows x features)",
                f"{shape[0]} x {shape[1]}",
                None if ds.shape is None else f"{ds.shape[0]} x {ds.shape[1]}",
            ),
            ("class counts", _fmt_counts(counts), None if ds.class_counts is None else _fmt_counts(ds.class_counts)),
            ("missing cells", str(missing), str(ds.missing)),
        ]
    else:
        shape = (data.n_nodes, data.n_edges)
        counts = dict(Counter(data.attributes[ds.count_attribute].tolist())) if ds.count_attribute else {}
        tasks = {t: int(v.sum()) for t, v in data.tasks.items()}
        found = {"nodes": shape[0], "edges": shape[1], ds.count_attribute or "counts": counts, "tasks": tasks}
        checks = [
            (
                "shape (nodes x undirected edges)",
                f"{shape[0]} x {shape[1]}",
                None if ds.shape is None else f"{ds.shape[0]} x {ds.shape[1]}",
            ),
            (
                f"{ds.count_attribute} counts",
                _fmt_counts(counts),
                None if ds.class_counts is None else _fmt_counts(ds.class_counts),
            ),
            ("task positives", _fmt_counts(tasks), None if ds.task_counts is None else _fmt_counts(ds.task_counts)),
        ]
    for what, got, expected in checks:
        if expected is not None and got != expected:
            raise DatasetError(
                f"{where}: parsed {what} {got} but {expected} was expected; "
                f"the file is not the verified version — delete it and fetch "
                f"again or fix the mirror"
            )
    return found


def _fmt_counts(counts: Mapping[str, int]) -> str:
    nonzero = {str(k): int(v) for k, v in counts.items() if int(v)}
    return "{" + ", ".join(f"{k}: {nonzero[k]}" for k in sorted(nonzero)) + "}"


# --------------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------------
def _combine(ds: Dataset, parts: Sequence[parsers.Table]) -> TabularData:
    """One TabularData from the tables of a dataset's files, in file order (Spect: train + test)."""
    first = parts[0]
    for p in parts[1:]:
        if p.spec != first.spec or p.class_names != first.class_names or p.feature_names != first.feature_names:
            raise ValueError("the files' attribute declarations differ")
    return TabularData(
        ds.name,
        np.vstack([p.X for p in parts]),
        np.concatenate([p.labels for p in parts]).astype(np.int64),
        first.spec,
        first.class_names,
        first.feature_names,
        tuple(ds.minority),
    )


# --------------------------------------------------------------------------------------------
# Network readers
# --------------------------------------------------------------------------------------------
def undirected_adjacency(n: int, src, dst) -> sp.csr_matrix:
    """Symmetric 0/1 CSR adjacency from (possibly directed, repeated) index pairs; self
    loops and duplicates dropped."""
    # imported when used: scipy.sparse costs ~0.1 s of import per job that loads no network
    import scipy.sparse as sp

    src = np.asarray(src, dtype=np.int64)
    dst = np.asarray(dst, dtype=np.int64)
    keep = src != dst
    lo = np.minimum(src, dst)[keep]
    hi = np.maximum(src, dst)[keep]
    pairs = np.unique(lo * n + hi)
    lo, hi = np.divmod(pairs, n)
    rows = np.concatenate([lo, hi])
    cols = np.concatenate([hi, lo])
    A = sp.csr_matrix((np.ones(rows.size), (rows, cols)), shape=(n, n))
    A.sort_indices()
    return A


def _network(
    ds: Dataset, adjacency, node_ids, attributes, task_defs, known=None, features=None, feature_names=()
) -> NetworkData:
    """Build NetworkData; ``task_defs``: task -> (attribute, positive values)."""
    tasks, task_known = {}, {}
    for task, (attr, positives) in task_defs.items():
        values = attributes[attr]
        tasks[task] = np.isin(values, list(positives)).astype(np.int8)
        task_known[task] = np.ones(len(values), bool) if known is None else known.get(task, np.ones(len(values), bool))
    return NetworkData(
        ds.name,
        adjacency,
        tuple(str(i) for i in node_ids),
        attributes,
        tasks,
        task_known,
        features,
        tuple(feature_names),
    )


def _read_linqs(ds: Dataset, files: Mapping[str, Path]) -> NetworkData:
    """Cora and Citeseer: papers with their words, undirected citations (self-citations dropped)."""
    opts = ds.options
    ids, labels, words, src, dst = parsers.read_linqs(files[opts["content"]], files[opts["cites"]])
    attributes = {"class": np.array(labels, dtype=object)}
    return _network(
        ds,
        undirected_adjacency(len(ids), src, dst),
        ids,
        attributes,
        {t: ("class", v) for t, v in opts["tasks"].items()},
        features=words,
        feature_names=[f"w{j}" for j in range(words.shape[1])],
    )


def _read_gml(ds: Dataset, files: Mapping[str, Path]) -> NetworkData:
    (path,) = files.values()
    ids, attributes, src, dst = parsers.read_gml(path, ds.options["attributes"])
    return _network(ds, undirected_adjacency(len(ids), src, dst), ids, attributes, ds.options["tasks"])


# Enron 'Executive?' (Neville 2009 Table 1): derived from the job titles (vertex attribute Note)
# of the igraphdata Enron graph. The rank is the title text before the first comma.
ENRON_EXECUTIVE_RANKS = ("CEO", "President", "Vice President", "Managing Director")
ENRON_CHIEF_OFFICER = re.compile(r"\bChief\b[^,]*\bOfficer\b")


def enron_is_executive(title: str) -> bool:
    """Enron 'Executive?': rank (text before the first comma) CEO, President, Vice President or
    Managing Director, or a title naming a chief officer ("Chief ... Officer", e.g. "Employee,
    Chief Operating Officer", "Manager, Chief Risk Management Officer"). Director, Manager,
    Employee, Trader, In House Lawyer and unknown ("NA") are not executives."""
    rank = title.split(",", 1)[0].strip()
    return rank in ENRON_EXECUTIVE_RANKS or bool(ENRON_CHIEF_OFFICER.search(title))


def _read_enron(ds: Dataset, files: Mapping[str, Path]) -> NetworkData:
    (path,) = files.values()
    n, src, dst, attrs = parsers.read_igraph(path.read_bytes(), "enron")
    titles = ["NA" if t is None else str(t) for t in attrs["Note"]]
    attributes = {
        "email": np.array(attrs["Email"], dtype=object),
        "name": np.array(attrs["Name"], dtype=object),
        "title": np.array(titles, dtype=object),
        "rank": np.array([t.split(",", 1)[0].strip() for t in titles], dtype=object),
        "executive": np.array(["yes" if enron_is_executive(t) else "no" for t in titles], dtype=object),
    }
    known = {"Executive?": np.array([t != "NA" for t in titles])}
    return _network(
        ds,
        undirected_adjacency(n, src, dst),
        attrs["Email"],
        attributes,
        {"Executive?": ("executive", ("yes",))},
        known,
    )


def _read_karate(ds: Dataset, files: Mapping[str, Path]) -> NetworkData:
    (path,) = files.values()
    n, src, dst, attrs = parsers.read_igraph(path.read_bytes(), "karate")
    faction = np.array([str(int(v)) for v in attrs["Faction"]], dtype=object)
    attributes = {"name": np.array(attrs["name"], dtype=object), "faction": faction}
    return _network(
        ds, undirected_adjacency(n, src, dst), attrs["name"], attributes, {"Faction 2?": ("faction", ("2",))}
    )


def _read_highschool(ds: Dataset, files: Mapping[str, Path]) -> NetworkData:
    arcs = [
        line.split()
        for line in parsers.read_text(files["Friendship-network_data_2013.csv.gz"]).splitlines()
        if line.strip()
    ]
    meta = {}
    for line in files["metadata_2013.txt"].read_text("utf-8").splitlines():
        if line.strip():
            sid, klass, gender = line.split("\t")
            meta[sid] = (klass, gender)
    ids = sorted({s for arc in arcs for s in arc}, key=int)
    absent = [s for s in ids if s not in meta]
    if absent:
        raise ValueError(f"students {absent[:5]} have no metadata")
    index = {s: i for i, s in enumerate(ids)}
    attributes = {
        "class": np.array([meta[s][0] for s in ids], dtype=object),
        "gender": np.array([meta[s][1] for s in ids], dtype=object),
    }
    known = {"Female?": attributes["gender"] != "Unknown"}
    return _network(
        ds,
        undirected_adjacency(len(ids), [index[a] for a, _ in arcs], [index[b] for _, b in arcs]),
        ids,
        attributes,
        {"Female?": ("gender", ("F",))},
        known,
    )


_NETWORK_READERS: dict[str, Callable[[Dataset, Mapping[str, Path]], NetworkData]] = {
    "linqs": _read_linqs,
    "gml": _read_gml,
    "enron": _read_enron,
    "karate": _read_karate,
    "highschool": _read_highschool,
}
