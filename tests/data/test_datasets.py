"""The dataset catalogue (lib.data.datasets): its entries, its agreement with the mirror and
SOURCES.md, and the loaders on every dataset's quirks. Acquisition: tests/data/test_acquisition.py.

Offline: the mirror of verified copies is $DATA_MIRROR, by default <repo>/../shared/data.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import numpy as np
import pytest

from conftest import DATA_MIRROR as MIRROR
from conftest import ROOT
from lib.data import datasets as D
from lib.infra import imports
from tools import data_readme  # scripts/ is on pytest's pythonpath

needs_mirror = pytest.mark.skipif(
    not MIRROR.is_dir(), reason=f"no data mirror at {MIRROR} (set DATA_MIRROR to a folder laid out like shared/data)"
)


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---- registry ------------------------------------------------------------------------------
def test_registry_entries_are_complete():
    for name, ds in D.REGISTRY.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
        assert ds.paper_name and ds.used_by, name
        if not ds.public:
            assert not ds.files and ds.notes, name
            continue
        assert ds.kind in ("tabular", "network") and ds.files and ds.reader, name
        assert ds.homepage and ds.licence and ds.citation and ds.shape and ds.class_counts, name
        for f in ds.files:
            assert f.sources, (name, f.path)
            if f.sha256:
                assert re.fullmatch(r"[0-9a-f]{64}", f.sha256) and f.size > 0
                pinned = [s for s in f.sources if s.pinned]
                assert len(pinned) == 1 and f.sources[-1] is pinned[0], "pinned source is the last fallback"
                repo = re.match(r"https://raw\.githubusercontent\.com/([^/]+/[^/]+)/([0-9a-f]{40})/", pinned[0].url)
                assert repo and D.ORIGINS[repo.group(1)] == repo.group(2), pinned[0].url
        if ds.minority:
            assert set(ds.minority) <= set(ds.class_counts)
    assert set(D.names(public=False)) == {
        "reality-mining",
        "add-health",
        "imdb",
        "boundary",
        "calmodoulin",
        "compustat",
        "e-state",
        "phoss",
    }
    assert [n for n in D.names(public=True) if not D.get(n).pinned] == ["covtype"]


def test_catalogue_matches_its_schema():
    D.check_catalogue()
    assert D.CATALOGUE.parent == Path(D.__file__).parent  # package data: found without Snakemake


def _catalogue_with(tmp_path, old: str, new: str) -> Path:
    text = D.CATALOGUE.read_text()
    assert old in text
    path = tmp_path / "datasets.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("    shape: [150, 4]\n", "    shape: 150 x 4\n", r"at datasets/\d+/shape: '150 x 4' is not of type 'array'"),
        ("    reader: arff\n", "    reader: arff\n    colour: red\n", r"at datasets/0: .*'colour' was unexpected"),
        ("{origin: renatopp/arff-datasets,", "{origin: renatopp/arff,", r"cannot be read: source origin 'renatopp/"),
        ("  - name: anneal-weka\n", "  - name: anneal\n", r"cannot be read: dataset 'anneal' is declared twice"),
        ("    reason: the authors' 1,543-movie sample was never published\n", "", r"at not_public/2: 'reason' is a"),
    ],
    ids=["wrong type", "unknown key", "unlisted origin", "name twice", "not public without a reason"],
)
def test_a_broken_catalogue_is_named_in_one_sentence(tmp_path, old, new, message):
    broken = _catalogue_with(tmp_path, old, new)
    sentence = r"^the catalogue .*datasets\.yaml (does not match|cannot be read)"
    with pytest.raises(D.DatasetError, match=sentence) as info:
        D.check_catalogue(broken)
    assert re.search(message, str(info.value)), str(info.value)
    assert "\n" not in str(info.value)


def test_editing_the_catalogue_reruns_the_rules_that_load_datasets():
    lib = ROOT / "scripts" / "lib"
    assert str(D.CATALOGUE) in imports.lib_inputs(ROOT / "scripts" / "dataset_fetch.py", lib)
    assert str(D.CATALOGUE) in imports.lib_inputs(ROOT / "scripts" / "permutation_uci_original.py", lib)


def test_paper_coverage():
    ojala = [n for n, d in D.REGISTRY.items() if d.used_by.startswith("ojala2009")]
    assert len(ojala) == 24  # the 22 data sets, two of them also as Weka's variant files
    assert {n for n in ojala if D.get(n).used_by == D.OJALA_WEKA_FILES} == {"anneal-weka", "segment-weka"}
    raeder = {d.paper_name for d in D.REGISTRY.values() if d.used_by == D.RAEDER}
    assert len(raeder) == 20  # every row of Table 1
    neville = {d.paper_name for d in D.REGISTRY.values() if d.used_by.startswith("neville2009 Table 1")}
    assert neville == {"Cora", "Citeseer", "Political Books", "Enron Email", "Reality Mining"}


@needs_mirror
def test_every_mirror_file_is_declared_once_and_matches_its_pin():
    declared = [f for ds in D.REGISTRY.values() for f in ds.files if f.sha256]
    paths = [f.path for f in declared]
    assert len(paths) == len(set(paths))
    on_disk = {str(p.relative_to(MIRROR)) for p in MIRROR.rglob("*") if p.is_file()} - {"SOURCES.md"}
    assert on_disk == set(paths)
    for f in declared:
        assert (MIRROR / f.path).stat().st_size == f.size, f.path
        assert sha(MIRROR / f.path) == f.sha256, f.path


@needs_mirror
def test_registry_agrees_with_sources_md():
    sources = MIRROR / "SOURCES.md"
    if not sources.is_file():
        pytest.skip("mirror has no SOURCES.md")
    text = sources.read_text()
    pins = dict(re.findall(r"(?m)^### (\S+)\n(?:- .*\n)*?- sha256: `([0-9a-f]{64})`", text))
    declared = {f.path: f.sha256 for ds in D.REGISTRY.values() for f in ds.files if f.sha256}
    assert declared == pins


def test_readme_table_is_generated_from_the_registry():
    readme = (ROOT / "data" / "README.md").read_text()
    assert data_readme.readme_table() in readme, "regenerate: python scripts/tools/data_readme.py --write"
    assert data_readme.not_public_table() in readme
    assert data_readme.rewrite(readme) == readme


# ---- quirks named in SOURCES.md --------------------------------------------------------------
@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    if not MIRROR.is_dir():
        pytest.skip(f"no data mirror at {MIRROR}")
    cache = {}

    def get(name):
        if name not in cache:
            ds = D.get(name)
            cache[name] = D.load_files(ds, {f.path: MIRROR / f.path for f in ds.files})
        return cache[name]

    return get


def test_tabular_quirks(loaded):
    iris = loaded("iris")
    np.testing.assert_array_equal(iris.X[0], [5.1, 3.5, 1.4, 0.2])
    assert iris.class_names == ("Iris-setosa", "Iris-versicolor", "Iris-virginica") and iris.y[0] == 0
    spect = loaded("spect")  # train (80) + test (187), class is the first attribute
    assert spect.X.shape == (267, 22) and "OVERALL_DIAGNOSIS" not in spect.feature_names
    assert spect.spec.n_values == (2,) * 22
    zoo = loaded("zoo")  # ID `animal` dropped; `legs INTEGER [0,9]` is numeric
    assert "animal" not in zoo.feature_names and zoo.X.shape == (101, 16)
    legs = zoo.feature_names.index("legs")
    assert zoo.spec.n_values[legs] == 0 and set(np.unique(zoo.X[:, legs])) == {0, 2, 4, 5, 6, 8}
    anneal = loaded("anneal-weka")  # quoted '?' is a declared value, not missing
    assert not np.isnan(anneal.X).any() and anneal.spec.n_values[0] == 10
    anneal = loaded("anneal")  # the ORIG file: '?' is missing
    assert int(np.isnan(anneal.X).sum()) == 22175 and anneal.X.shape == (898, 38)
    segment = loaded("segment")  # UCI's 210-row file: 5 header lines, class first, names on the 4th
    assert segment.X.shape == (210, 19) and set(segment.class_counts().values()) == {30}
    assert segment.feature_names[0] == "REGION-CENTROID-COL" and segment.class_names[0] == "BRICKFACE"
    assert segment.X[0, 0] == 140.0 and segment.y[0] == 0
    assert "Instance_name" not in loaded("splice").feature_names
    assert loaded("splice").spec.n_values.count(0) == 0
    promoters = loaded("promoters")
    assert "instance" not in promoters.feature_names and promoters.spec.n_values == (4,) * 57
    assert loaded("breast-w").X.shape == (569, 30)  # WDBC's ID column dropped
    assert loaded("svmguide1").class_counts() == {"0": 1089, "1": 2000}


def test_raeder_minority_definitions(loaded):
    """Minority = the Table 1 class; counts equal Table 1 except where SOURCES.md notes the
    file differs (Breast-W 212 vs 210, Phoneme 1586 vs 1584, Satimage 626 vs 625, and
    Mammography, whose printed 223 contradicts its own 2.3%)."""
    differs = {"breast-w": 212, "phoneme": 1586, "satimage": 626, "mammography": 260}
    for name, ds in D.REGISTRY.items():
        if ds.used_by != D.RAEDER or not ds.public or name == "covtype":
            continue
        data = loaded(name)
        y = data.y_minority
        assert set(np.unique(y)) == {0, 1} and data.X.shape[0] == ds.paper_table1["examples"], name
        assert data.X.shape[1] == ds.paper_table1["features"], name
        assert int(y.sum()) == differs.get(name, ds.paper_table1["minority"]), name
    with pytest.raises(ValueError, match="no minority"):
        loaded("iris").y_minority


def test_network_tasks(loaded):
    cora = loaded("cora")
    assert cora.features.shape == (2708, 1433) and int(cora.tasks["Neural Nets?"].sum()) == 818
    assert (cora.tasks["Neural Nets?"] == (cora.attributes["class"] == "Neural_Networks")).all()
    citeseer = loaded("citeseer")
    assert citeseer.features.shape == (3312, 3703)
    assert (citeseer.tasks["Info. Retrieval?"] == (citeseer.attributes["class"] == "IR")).all()
    polbooks = loaded("polbooks")
    assert (polbooks.tasks["Neutral?"] == (polbooks.attributes["value"] == "n")).all()
    enron = loaded("enron")
    title = dict(zip(enron.attributes["name"], enron.attributes["title"]))
    executive = dict(zip(enron.attributes["name"], enron.tasks["Executive?"]))
    assert executive["Kenneth Lay"] == executive["Jeffery Skilling"] == 1
    assert executive["Sally Beck"] == 1 and title["Sally Beck"] == "Employee, Chief Operating Officer"
    assert executive["Andrew Lewis"] == 0 and title["Andrew Lewis"] == "Director"
    assert int(enron.tasks["Executive?"].sum()) == 48
    assert int((~enron.task_known["Executive?"]).sum()) == 54
    assert not enron.tasks["Executive?"][~enron.task_known["Executive?"]].any()
    hs = loaded("highschool2013")
    assert int((~hs.task_known["Female?"]).sum()) == 1


def test_enron_executive_mapping():
    yes = [
        "CEO",
        "President, Enron Online",
        "Vice President",
        "Managing Director, Legal Department",
        "Manager, Chief Risk Management Officer",
        "Employee, Chief Operating Officer",
    ]
    no = [
        "Director",
        "Director, Pipeline Business",
        "Manager",
        "Employee",
        "Trader",
        "NA",
        "In House Lawyer",
        "Employee, Government Relation Executive",
    ]
    assert all(map(D.enron_is_executive, yes)) and not any(map(D.enron_is_executive, no))


# ---- readers on hand-made inputs -----------------------------------------------------------
def test_gml_reader(tmp_path):
    """networkx reads GML (a ']' inside a quoted label, a directed edge listed twice, a self loop);
    the adjacency is undirected without duplicates or loops; a malformed file is one sentence."""
    path = tmp_path / "tiny.gml"
    path.write_text(
        'graph [ directed 1 node [ id 7 label "a [b]" value "n" ] node [ id 3 label "c" value "l" ]\n'
        "edge [ source 7 target 3 ] edge [ source 7 target 3 ] edge [ source 3 target 3 ] ]"
    )
    net = D.load_files(D.get("polbooks"), {"networks/polbooks/polbooks.gml": path})
    assert net.node_ids == ("7", "3") and list(net.attributes["label"]) == ["a [b]", "c"]
    assert net.n_edges == 1 and net.adjacency.diagonal().sum() == 0
    assert list(net.tasks["Neutral?"]) == [1, 0]
    path.write_text("graph [ node [ id 1 ]")
    with pytest.raises(D.DatasetError, match=r"^dataset 'polbooks' file networks/polbooks/polbooks.gml could not"):
        D.load_files(D.get("polbooks"), {"networks/polbooks/polbooks.gml": path})


def test_covtype_loader(tmp_path):
    rng = np.random.default_rng(0)
    rows = np.column_stack([rng.integers(0, 50, size=(40, 54)), np.repeat([1, 2, 4, 7], 10)])
    path = tmp_path / "covtype.data.gz"
    path.write_bytes(gzip.compress("\n".join(",".join(map(str, r)) for r in rows).encode()))
    ds = D.get("covtype")
    data = D.load_files(ds, {ds.files[0].path: path})
    np.testing.assert_array_equal(data.X, rows[:, :54])
    assert data.class_counts() == {"1": 10, "2": 10, "3": 0, "4": 10, "5": 0, "6": 0, "7": 10}
    assert int(data.y_minority.sum()) == 10  # class 4, Table 1's minority
    assert ds.paper_table1["minority"] == ds.class_counts["4"] == 2747
