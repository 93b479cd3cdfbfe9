"""Real-data registry, acquisition and loaders (lib.data.datasets) and the data.smk rules.

Offline: the mirror of verified copies is $DATA_MIRROR, by default <repo>/../shared/data; the
network is never touched (urllib is monkeypatched wherever a download could happen).
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
import os
import re
import tarfile
import urllib.error
import zipfile
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, copy_workflow, snakemake
from lib.data import datasets as D
from lib.models.weka_like import AttributeSpec
from tools import data_readme  # scripts/ is on pytest's pythonpath

MIRROR = Path(os.environ.get("DATA_MIRROR", ROOT.parent / "shared" / "data")).resolve()
needs_mirror = pytest.mark.skipif(
    not MIRROR.is_dir(), reason=f"no data mirror at {MIRROR} (set DATA_MIRROR to a folder laid out like shared/data)"
)
PINNED = [n for n in D.names(public=True) if D.get(n).pinned]
ONE_SENTENCE = re.compile(r"^dataset '[a-z0-9-]+' [^\n]*$")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def no_network(monkeypatch):
    """urlopen that fails like an unplugged cable and records the URLs asked for."""
    asked = []

    def urlopen(request, timeout=None):
        asked.append(request.full_url if hasattr(request, "full_url") else request)
        raise urllib.error.URLError("network disabled in tests")

    monkeypatch.setattr(D.urllib.request, "urlopen", urlopen)
    return asked


def serve(monkeypatch, content: dict[str, bytes]):
    """urlopen that serves ``content[url]`` and fails for any other URL."""
    asked = []

    def urlopen(request, timeout=None):
        url = request.full_url
        asked.append(url)
        if url not in content:
            raise urllib.error.URLError(f"no route to {url}")
        return io.BytesIO(content[url])

    monkeypatch.setattr(D.urllib.request, "urlopen", urlopen)
    return asked


def leftovers(dest: Path) -> list[str]:
    return sorted(str(p.relative_to(dest)) for p in dest.rglob("*")) if dest.exists() else []


def fake_mirror(tmp_path: Path, *paths: str) -> Path:
    mirror = tmp_path / "mirror"
    for p in paths:
        (mirror / p).parent.mkdir(parents=True, exist_ok=True)
        (mirror / p).write_bytes((MIRROR / p).read_bytes())
    mirror.mkdir(exist_ok=True)
    return mirror


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


# ---- acquisition + loading of every dataset --------------------------------------------------
@needs_mirror
@pytest.mark.parametrize("name", PINNED)
def test_acquire_from_mirror_verifies_and_loads(name, tmp_path, no_network):
    ds = D.get(name)
    marker = D.acquire(name, tmp_path, MIRROR)
    assert no_network == []
    folder = tmp_path / name
    assert sorted(p.name for p in folder.iterdir()) == sorted([D.MARKER] + [f.filename for f in ds.files])
    assert json.loads((folder / D.MARKER).read_text()) == marker
    for f in ds.files:
        assert sha(folder / f.filename) == f.sha256
    data = D.load(name, tmp_path)
    assert D.verify(ds, data) == marker["summary"]
    if ds.kind == "tabular":
        assert data.X.dtype == float and data.y.dtype == np.int64 and data.X.shape == ds.shape
        assert isinstance(data.spec, AttributeSpec) and data.spec.m == data.X.shape[1]
        assert len(data.feature_names) == data.spec.m and len(data.class_names) == len(set(data.class_names))
        for j in data.spec.nominal_cols:
            col = data.X[:, j][~np.isnan(data.X[:, j])]
            assert ((col >= 0) & (col < data.spec.n_values[j]) & (col == np.round(col))).all()
        assert data.class_counts() == {c: ds.class_counts.get(c, 0) for c in data.class_names}
        assert int(np.isnan(data.X).sum()) == ds.missing
    else:
        A = data.adjacency
        assert A.shape == (ds.shape[0],) * 2 and A.nnz == 2 * ds.shape[1]
        assert (A != A.T).nnz == 0 and A.diagonal().sum() == 0 and set(np.unique(A.data)) == {1.0}
        assert len(data.node_ids) == A.shape[0] == len(set(data.node_ids))
        for task, labels in data.tasks.items():
            assert labels.shape == (A.shape[0],) and set(np.unique(labels)) <= {0, 1}
            assert int(labels.sum()) == ds.task_counts[task]
            assert data.task_known[task].dtype == bool


# ---- quirks named in SOURCES.md --------------------------------------------------------------
@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    if not MIRROR.is_dir():
        pytest.skip(f"no data mirror at {MIRROR}")
    cache = {}

    def get(name):
        if name not in cache:
            ds = D.get(name)
            cache[name] = D._load_paths(ds, {f.path: MIRROR / f.path for f in ds.files})
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
    net = D._load_paths(D.get("polbooks"), {"networks/polbooks/polbooks.gml": path})
    assert net.node_ids == ("7", "3") and list(net.attributes["label"]) == ["a [b]", "c"]
    assert net.n_edges == 1 and net.adjacency.diagonal().sum() == 0
    assert list(net.tasks["Neutral?"]) == [1, 0]
    path.write_text("graph [ node [ id 1 ]")
    with pytest.raises(D.DatasetError, match=r"^dataset 'polbooks' file networks/polbooks/polbooks.gml could not"):
        D._load_paths(D.get("polbooks"), {"networks/polbooks/polbooks.gml": path})


def test_covtype_loader(tmp_path):
    rng = np.random.default_rng(0)
    rows = np.column_stack([rng.integers(0, 50, size=(40, 54)), np.repeat([1, 2, 4, 7], 10)])
    path = tmp_path / "covtype.data.gz"
    path.write_bytes(gzip.compress("\n".join(",".join(map(str, r)) for r in rows).encode()))
    ds = D.get("covtype")
    data = D._load_paths(ds, {ds.files[0].path: path})
    np.testing.assert_array_equal(data.X, rows[:, :54])
    assert data.class_counts() == {"1": 10, "2": 10, "3": 0, "4": 10, "5": 0, "6": 0, "7": 10}
    assert int(data.y_minority.sum()) == 10  # class 4, Table 1's minority
    assert D.get("covtype").paper_table1["minority"] == D.COVTYPE_CLASS_COUNTS["4"] == 2747


# ---- failures ----------------------------------------------------------------------------------
@needs_mirror
@pytest.mark.parametrize("damage", ["one byte changed", "truncated"])
def test_corrupt_mirror_copy_is_rejected_and_leaves_nothing(damage, tmp_path, no_network):
    mirror = fake_mirror(tmp_path, "uci/spect_train.arff", "uci/spect_test.arff")
    victim = mirror / "uci/spect_test.arff"
    raw = bytearray(victim.read_bytes())
    if damage == "truncated":
        raw = raw[: len(raw) // 2]
    else:
        raw[100] ^= 0x01
    victim.write_bytes(bytes(raw))
    dest = tmp_path / "raw"
    with pytest.raises(D.DatasetError) as info:
        D.acquire("spect", dest, mirror)
    message = str(info.value)
    assert ONE_SENTENCE.match(message), message
    assert message.startswith("dataset 'spect' file uci/spect_test.arff (mirror ")
    assert f"sha256 is {hashlib.sha256(bytes(raw)).hexdigest()} ({len(raw)} bytes)" in message
    assert f"but {D.get('spect').files[1].sha256} (13326 bytes) was expected" in message
    assert "corrupt or truncated" in message
    assert leftovers(dest) == [] and no_network == []


@needs_mirror
def test_parse_mismatch_is_rejected_and_leaves_nothing(tmp_path, monkeypatch):
    wrong = dataclasses.replace(D.get("iris"), shape=(151, 4))
    monkeypatch.setitem(D.REGISTRY, "iris", wrong)
    (tmp_path / "raw" / "iris").mkdir(parents=True)
    with pytest.raises(D.DatasetError) as info:
        D.acquire("iris", tmp_path / "raw", MIRROR)
    message = str(info.value)
    assert ONE_SENTENCE.match(message)
    assert "parsed shape (rows x features) 150 x 4 but 151 x 4 was expected" in message
    assert leftovers(tmp_path / "raw") == ["iris"]  # the folder existed before; no file in it


def test_missing_from_mirror_without_network_fails_clearly(tmp_path, no_network):
    mirror = tmp_path / "empty-mirror"
    mirror.mkdir()
    with pytest.raises(D.DatasetError) as info:
        D.acquire("breast-w", tmp_path / "raw", mirror)
    message = str(info.value)
    assert ONE_SENTENCE.match(message), message
    assert message.startswith(f"dataset 'breast-w' file imbalanced/wdbc.data: not in the mirror {mirror}")
    assert "every download failed" in message and "network disabled in tests" in message
    f = D.get("breast-w").files[0]
    assert no_network == [s.url for s in f.sources]  # canonical UCI first, then the pinned copy
    assert "archive.ics.uci.edu" in no_network[0] and "raw.githubusercontent.com" in no_network[1]
    assert leftovers(tmp_path / "raw") == []


def test_a_mirror_folder_that_does_not_exist_is_an_error(tmp_path, no_network):
    with pytest.raises(D.DatasetError, match=r"^dataset 'iris': the mirror folder .*/typo does not exist; fix"):
        D.acquire("iris", tmp_path / "raw", tmp_path / "typo")
    assert leftovers(tmp_path / "raw") == [] and no_network == []


def test_covtype_is_a_download_only(tmp_path, no_network):
    with pytest.raises(
        D.DatasetError,
        match=r"dataset 'covtype' file covtype/covtype.data.gz: no mirror "
        r"configured and every download failed \(https://archive.ics.uci.edu",
    ):
        D.acquire("covtype", tmp_path, None)
    assert leftovers(tmp_path) == []


@needs_mirror
def test_download_falls_back_to_the_pinned_copy(tmp_path, monkeypatch):
    f = D.get("breast-w").files[0]
    good = (MIRROR / f.path).read_bytes()
    # the publisher serves the same data with other line endings: rejected by the checksum
    asked = serve(monkeypatch, {f.sources[0].url: good.replace(b"\r\n", b"\n"), f.sources[1].url: good})
    marker = D.acquire("breast-w", tmp_path, None)
    assert asked == [f.sources[0].url, f.sources[1].url]
    assert marker["files"][0]["from"] == f"download {f.sources[1].url}"
    assert sha(tmp_path / "breast-w" / "wdbc.data") == f.sha256
    assert leftovers(tmp_path) == ["breast-w", "breast-w/.verified", "breast-w/wdbc.data"]


@needs_mirror
def test_download_extracts_archive_members(tmp_path, monkeypatch):
    # Newman's polbooks.zip and LINQS's cora.tgz, rebuilt from the verified copies
    books = D.get("polbooks").files[0]
    zbuf = io.BytesIO()
    with zipfile.ZipFile(zbuf, "w") as z:
        z.writestr("polbooks.txt", "about")
        z.writestr(books.sources[0].member, (MIRROR / books.path).read_bytes())
    cora = D.get("cora")
    tbuf = io.BytesIO()
    with tarfile.open(fileobj=tbuf, mode="w:gz", compresslevel=1) as t:
        for f in cora.files:
            t.add(MIRROR / f.path, arcname=f.sources[0].member)
    asked = serve(monkeypatch, {books.sources[0].url: zbuf.getvalue(), cora.files[0].sources[0].url: tbuf.getvalue()})
    assert D.acquire("polbooks", tmp_path)["files"][0]["from"].startswith("download http://www-personal")
    assert D.acquire("cora", tmp_path)["summary"]["nodes"] == 2708
    assert asked == [books.sources[0].url, cora.files[0].sources[0].url]  # one download per archive
    # the pinned fallback's archive checksum is enforced too
    asked = serve(monkeypatch, {cora.files[0].sources[1].url: tbuf.getvalue()})
    with pytest.raises(D.DatasetError, match="archive sha256 is"):
        D.acquire("cora", tmp_path / "other")


def test_non_public_and_unknown_datasets_fail_clearly(tmp_path):
    for name in D.names(public=False):
        with pytest.raises(D.DatasetError, match=rf"^dataset '{name}' \(.*\) is not public .* cannot be fetched"):
            D.acquire(name, tmp_path, MIRROR)
        with pytest.raises(D.DatasetError, match="is not public"):
            D.load(name, tmp_path)
    with pytest.raises(D.DatasetError, match="unknown dataset 'nope'; known datasets are: "):
        D.acquire("nope", tmp_path)
    assert leftovers(tmp_path) == []


# ---- the data.smk rules, end to end -------------------------------------------------------------
@pytest.mark.workflow
@needs_mirror
def test_dataset_rule_end_to_end(tmp_path):
    wd = copy_workflow(tmp_path / "wf")
    snakefile = wd / "Snakefile"
    text = snakefile.read_text()
    if 'include: "workflow/rules/data.smk"' not in text:
        anchor = 'include: "workflow/rules/common.smk"\n'
        assert anchor in text
        snakefile.write_text(text.replace(anchor, anchor + 'include: "workflow/rules/data.smk"\n'))
    # the mirror given as a path relative to the working directory
    os.symlink(MIRROR, wd / "mirror")
    target = "data/raw/spect/.verified"
    snakemake(wd, "--cores", "1", target, "--config", "data={mirror: mirror}")
    folder = wd / "data/raw/spect"
    assert sorted(p.name for p in folder.iterdir()) == [".verified", "spect_test.arff", "spect_train.arff"]
    assert D.load("spect", wd / "data/raw").X.shape == (267, 22)
    assert "verified" in (wd / "logs/data/spect.log").read_text()
    assert (wd / "benchmarks/data/spect.tsv").stat().st_size > 0
    # a corrupted mirror copy fails with the sentence and leaves no output behind; a
    # non-public dataset has a rule, which fails with its sentence
    bad = wd / "bad-mirror/uci"
    bad.mkdir(parents=True)
    raw = bytearray((MIRROR / "uci/iris.arff").read_bytes())
    raw[-10] ^= 0x20
    (bad / "iris.arff").write_bytes(bytes(raw))
    proc = snakemake(
        wd,
        "--cores",
        "1",
        "--keep-going",
        "data/raw/iris/.verified",
        "data/raw/add-health/.verified",
        "--config",
        "data={mirror: bad-mirror}",
        check=False,
    )
    assert proc.returncode != 0
    log = (wd / "logs/data/iris.log").read_text()
    assert "dataset 'iris' file uci/iris.arff (mirror " in log and "was expected" in log
    assert not (wd / "data/raw/iris").exists() or leftovers(wd / "data/raw/iris") == []
    assert "is not public" in (wd / "logs/data/add-health.log").read_text()
    assert not (wd / "data/raw/add-health/.verified").exists()

    # switching from mirror to download reruns nothing verified, and the default DAG (quick
    # profile) never needs Covtype (an unpinned download)
    plan = snakemake(
        wd, "--dry-run", target, "all", "--configfile", "config/quick.yaml", "--config", "data={mirror: null}"
    ).stdout
    stats = plan.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    assert "total" in stats and "dataset_spect" not in stats and "dataset_covtype" not in stats
