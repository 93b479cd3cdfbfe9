"""Acquisition of the catalogue's datasets (lib.data.acquisition): from the mirror, from downloads
(archive members among them), every failure as one sentence leaving nothing behind, and the
data.smk rules end to end.

Offline: the mirror of verified copies is $DATA_MIRROR, by default <repo>/../shared/data; the
network is never touched (urllib is monkeypatched wherever a download could happen).
"""

from __future__ import annotations

import dataclasses
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

from conftest import DATA_MIRROR as MIRROR
from conftest import copy_workflow, snakemake
from lib.data import acquisition
from lib.data import datasets as D
from lib.data.attributes import AttributeSpec

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

    monkeypatch.setattr(acquisition.urllib.request, "urlopen", urlopen)
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

    monkeypatch.setattr(acquisition.urllib.request, "urlopen", urlopen)
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


# ---- acquisition + loading of every dataset --------------------------------------------------
@needs_mirror
@pytest.mark.parametrize("name", PINNED)
def test_acquire_from_mirror_verifies_and_loads(name, tmp_path, no_network):
    ds = D.get(name)
    marker = acquisition.acquire(name, tmp_path, MIRROR)
    assert no_network == []
    folder = tmp_path / name
    assert sorted(p.name for p in folder.iterdir()) == sorted([acquisition.MARKER] + [f.filename for f in ds.files])
    assert json.loads((folder / acquisition.MARKER).read_text()) == marker
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
        acquisition.acquire("spect", dest, mirror)
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
        acquisition.acquire("iris", tmp_path / "raw", MIRROR)
    message = str(info.value)
    assert ONE_SENTENCE.match(message)
    assert "parsed shape (rows x features) 150 x 4 but 151 x 4 was expected" in message
    assert leftovers(tmp_path / "raw") == ["iris"]  # the folder existed before; no file in it


def test_missing_from_mirror_without_network_fails_clearly(tmp_path, no_network):
    mirror = tmp_path / "empty-mirror"
    mirror.mkdir()
    with pytest.raises(D.DatasetError) as info:
        acquisition.acquire("breast-w", tmp_path / "raw", mirror)
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
        acquisition.acquire("iris", tmp_path / "raw", tmp_path / "typo")
    assert leftovers(tmp_path / "raw") == [] and no_network == []


def test_covtype_is_a_download_only(tmp_path, no_network):
    with pytest.raises(
        D.DatasetError,
        match=r"dataset 'covtype' file covtype/covtype.data.gz: no mirror "
        r"configured and every download failed \(https://archive.ics.uci.edu",
    ):
        acquisition.acquire("covtype", tmp_path, None)
    assert leftovers(tmp_path) == []


@needs_mirror
def test_download_falls_back_to_the_pinned_copy(tmp_path, monkeypatch):
    f = D.get("breast-w").files[0]
    good = (MIRROR / f.path).read_bytes()
    # the publisher serves the same data with other line endings: rejected by the checksum
    asked = serve(monkeypatch, {f.sources[0].url: good.replace(b"\r\n", b"\n"), f.sources[1].url: good})
    marker = acquisition.acquire("breast-w", tmp_path, None)
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
    assert acquisition.acquire("polbooks", tmp_path)["files"][0]["from"].startswith("download http://www-personal")
    assert acquisition.acquire("cora", tmp_path)["summary"]["nodes"] == 2708
    assert asked == [books.sources[0].url, cora.files[0].sources[0].url]  # one download per archive
    # the pinned fallback's archive checksum is enforced too
    asked = serve(monkeypatch, {cora.files[0].sources[1].url: tbuf.getvalue()})
    with pytest.raises(D.DatasetError, match="archive sha256 is"):
        acquisition.acquire("cora", tmp_path / "other")


def test_non_public_and_unknown_datasets_fail_clearly(tmp_path):
    for name in D.names(public=False):
        with pytest.raises(D.DatasetError, match=rf"^dataset '{name}' \(.*\) is not public .* cannot be fetched"):
            acquisition.acquire(name, tmp_path, MIRROR)
        with pytest.raises(D.DatasetError, match="is not public"):
            D.load(name, tmp_path)
    with pytest.raises(D.DatasetError, match="unknown dataset 'nope'; known datasets are: "):
        acquisition.acquire("nope", tmp_path)
    assert leftovers(tmp_path) == []


# ---- the data.smk rules, end to end -------------------------------------------------------------
@pytest.mark.workflow
@needs_mirror
def test_dataset_rule_end_to_end(tmp_path):
    wd = copy_workflow(tmp_path / "wf")
    snakefile = wd / "workflow/Snakefile"
    text = snakefile.read_text()
    if 'include: "rules/data.smk"' not in text:
        anchor = 'include: "rules/common.smk"\n'
        assert anchor in text
        snakefile.write_text(text.replace(anchor, anchor + 'include: "rules/data.smk"\n'))
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
