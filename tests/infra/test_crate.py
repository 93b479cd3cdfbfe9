"""lib.infra.crate: the archive as a Workflow RO-Crate, built from a run's records (no Snakemake run
here: a small synthetic archive and Snakemake-shaped records), deterministic and valid offline."""

from __future__ import annotations

import base64
import json
import os
import sys
from pathlib import Path

import pandas as pd
import pytest

from conftest import ROOT
from lib.infra import crate
from lib.papers import registry
from lib.papers.claims import COLUMNS
from lib.reporting import scorecard

sys.path.insert(0, str(ROOT / "scripts" / "tools"))
import validate_crate  # noqa: E402

SEED = 20090601
CLAIM = next(c for c in registry.CLAIMS if c.startswith("neville2009/fig1a/"))
CHUNK, SUMMARY, CLAIMS_FILE = (
    "results/studies/simulated/neville_fig1a/chunk0.csv",
    "results/studies/simulated/neville_fig1a/summary.csv",
    "results/neville2009/fig1a.claims.csv",
)


def write_record(metadata: Path, output: str, **record) -> None:
    """A record as Snakemake's file persistence writes it (a long name split into '@' folders)."""
    name = base64.urlsafe_b64encode(output.encode()).decode()
    parts = [name[i : i + 40] for i in range(0, len(name), 40)]
    path = metadata.joinpath(*["@" + p for p in parts[:-1]], parts[-1])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"incomplete": False, "input": [], "params": [], **record}))


@pytest.fixture
def records(tmp_path: Path) -> dict:
    meta = tmp_path / ".snakemake" / "metadata"
    write_record(
        meta,
        CHUNK,
        rule="simulated_chunk",
        params=["'moments'", f"[{SEED}, 16069161186293700388, 0]", "{'instances': 300}"],
        starttime=1_800_000_000.5,
        endtime=1_800_000_010.0,
    )
    write_record(meta, SUMMARY, rule="simulated_summary", input=[CHUNK], starttime=1_800_000_011, endtime=1_800_000_012)
    write_record(
        meta,
        CLAIMS_FILE,
        rule="simulated_neville2009_fig1a",
        input=[SUMMARY, "scripts/lib/views/neville2009.py"],
        starttime=1_800_000_013,
        endtime=1_800_000_020,
    )
    (meta / "not-base64!").write_text("{}")  # not a record: ignored
    return crate.run_records(meta)


def scorecard_csv() -> bytes:
    c = registry.CLAIMS[CLAIM]
    row = dict.fromkeys(COLUMNS, "")
    row.update(id=CLAIM, paper=c.paper, artifact=c.artifact, claim=c.text, verdict="pass", profile="smoke")
    return pd.DataFrame([row], columns=COLUMNS).to_csv(index=False).encode()


def members() -> dict[str, bytes]:
    """A small archive: the files the crate names, and the check's source file."""
    check_file = scorecard.check_source(CLAIM)[0]
    files = {
        "workflow/Snakefile": b"include: 'rules/common.smk'\n",
        "Snakefile": b"include: 'workflow/Snakefile'\n",
        "README.md": b"# Reproducing\n",
        "LICENSE": b"MIT License\n",
        "CITATION.cff": (ROOT / "CITATION.cff").read_bytes(),
        "pytest.ini": b"[pytest]\n",
        "tests/test_x.py": b"def test_x():\n    pass\n",
        "config.used.yaml": b"profile: smoke\nseed: 20090601\n",
        "envs/requirements.txt": b"rocrate==0.16.0\n",
        check_file: (ROOT / check_file).read_bytes(),
        "archived/" + CHUNK: b"trial,p\n0,0.5\n",
        "archived/" + SUMMARY: b"p\n0.5\n",
        "archived/" + CLAIMS_FILE: b"id\n" + CLAIM.encode() + b"\n",
        "archived/results/neville2009/fig1a.csv": b"x\n1\n",
        "archived/results/scorecard.csv": scorecard_csv(),
    }
    return files


def artifact(records: dict) -> dict:
    return {
        "id": "neville2009/fig1a",
        "rule": "simulated_neville2009_fig1a",
        "study": "simulated",
        "title": "Figure 1(a)",
        "files": ["archived/results/neville2009/fig1a.csv", "archived/" + CLAIMS_FILE],
        "settings": {"profile": "smoke", "readings": "simulated.group_draw=per_fold"},
        "keys": ["seed", "simulated.alpha"],
        "readings": "simulated.group_draw=per_fold",
        "provenance": crate.job_provenance(records, CLAIMS_FILE, SEED),
    }


def built(records: dict) -> dict[str, bytes]:
    files = members()
    citation = {"title": "Pipeline", "license": "MIT", "version": "0.1.0", "authors": [{"name": "Us"}]}
    rows = [
        {"path": "uci/iris.arff", "sha256": "ab" * 32, "bytes": 10, "licence": "no licence", "used": "yes"},
    ]
    rows[0]["url"] = "https://example.org/iris.arff"
    return crate.build(
        files,
        citation=citation,
        profile="smoke",
        versions={"snakemake": "9.27.1", "pytest": "9.2.0"},
        records=records,
        data_rows=rows,
        artifacts=[artifact(records)],
        claims=crate.claims_of(files["archived/results/scorecard.csv"], scorecard.check_source),
    )


def graph(out: dict[str, bytes]) -> dict[str, dict]:
    return {e["@id"]: e for e in json.loads(out["ro-crate-metadata.json"])["@graph"]}


def test_records_entropies_and_rule_graph(records):
    assert set(records) == {CHUNK, SUMMARY, CLAIMS_FILE}
    assert crate.entropies(["[1, 2, 3]", f"{{'a': {{'entropy': [{SEED}, 5, 1]}}}}", "not a literal("], SEED) == [
        [SEED, 5, 1]
    ]
    dot = crate.rule_graph(records, [CLAIMS_FILE])
    assert '"simulated_chunk"' in dot and dot.count("->") == 2
    prov = crate.job_provenance(records, CLAIMS_FILE, SEED)
    assert prov["tables"] == [SUMMARY] and prov["table_rules"] == {SUMMARY: "simulated_summary"}
    assert prov["entropies"] == {CHUNK: [[SEED, 16069161186293700388, 0]]}  # found upstream of the summary
    assert crate.run_times(records, [CHUNK, CLAIMS_FILE]) == ("2027-01-15T08:00:00+00:00", "2027-01-15T08:00:20+00:00")


def test_the_crate_is_deterministic_and_names_the_workflow_and_the_run(records):
    out = built(records)
    assert out == built(records)  # no clock, no random identifier in the bytes
    g = graph(out)
    root = g["./"]
    assert root["mainEntity"] == {"@id": crate.WORKFLOW_FILE} and root["datePublished"] == "2027-01-15T08:00:20+00:00"
    wf = g[crate.WORKFLOW_FILE]
    assert set(wf["@type"]) == {"File", "SoftwareSourceCode", "ComputationalWorkflow"}
    assert g[wf["programmingLanguage"]["@id"]]["name"] == "Snakemake" and wf["image"] == {"@id": "rulegraph.dot"}
    run = g["#run"]
    assert run["@type"] == "CreateAction" and run["instrument"] == {"@id": crate.WORKFLOW_FILE}
    assert (run["startTime"], run["endTime"]) == ("2027-01-15T08:00:00+00:00", "2027-01-15T08:00:20+00:00")
    inputs = {o["@id"] for o in run["object"]}
    assert "https://example.org/iris.arff" in inputs and g["https://example.org/iris.arff"]["sha256"] == "ab" * 32
    assert {"@id": "archived/results/scorecard.csv"} in run["result"]
    suite = g["#tests"]
    assert "TestSuite" in suite["@type"] and g[suite["definition"]["@id"]]["@id"] == "pytest.ini"


def test_a_claim_leads_to_its_check_rule_settings_and_inputs(records):
    g = graph(built(records))
    claim = g[f"#claim/{CLAIM}"]
    path, first, last = scorecard.check_source(CLAIM)
    check = g[claim["subjectOf"]["@id"]]
    assert check["url"] == f"{path}#L{first}-L{last}" and check["isPartOf"] == {"@id": path}
    source = (ROOT / path).read_text().splitlines()[first - 1 : last]
    assert any(line.lstrip().startswith("def ") for line in source)  # the check (with its decorator, if any)
    action = g[claim["isBasedOn"]["@id"]]
    assert action["instrument"] == {"@id": "#rule/simulated_neville2009_fig1a"}
    values = {g[v["@id"]]["name"]: g[v["@id"]]["value"] for v in action["additionalProperty"]}
    assert json.loads(values["settings"])["readings"] == "simulated.group_draw=per_fold"
    assert json.loads(values["table_entropies"]) == {CHUNK: [[SEED, 16069161186293700388, 0]]}
    table = g[action["object"]["@id"]]
    assert table["@id"] == "archived/" + SUMMARY and len(table["sha256"]) == 64
    verdict = next(g[v["@id"]] for v in claim["additionalProperty"] if g[v["@id"]]["name"] == "verdict")
    assert verdict["value"] == "pass"


def test_the_crate_validates_offline(records, tmp_path: Path):
    """roc-validator, Workflow RO-Crate 1.0 at the required level, with no network: the contexts come
    from tests/data/rocrate_contexts/ through its HTTP cache."""
    folder = tmp_path / "crate"
    for name, data in {**members(), **built(records)}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    blocked = {k: "http://127.0.0.1:9" for k in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY")}
    old = {k: os.environ.get(k) for k in blocked}
    os.environ.update(blocked)
    try:
        validate_crate.fill_cache(tmp_path / "cache")
        assert validate_crate.validate(folder, tmp_path / "cache") == []
        # and without the contexts the same crate fails: the check really reads them
        assert validate_crate.validate(folder, tmp_path / "empty") != []
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
