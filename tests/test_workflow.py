"""End-to-end: the DAG on the quick profile, partial reruns, determinism."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pandas as pd
import pytest

from conftest import copy_workflow, snakemake

pytestmark = pytest.mark.workflow
QUICK = ("--configfile", "config/quick.yaml")
FIG1A = "results/neville2009/fig1a.pdf"


def planned_jobs(workdir: Path, *targets: str, configs: tuple[str, ...] = ()) -> dict[str, int]:
    """Rule -> number of jobs a dry run would execute (``--configfile`` takes several files, so
    targets go before it)."""
    out = snakemake(workdir, "--dry-run", *targets, *QUICK, *configs).stdout
    if "Nothing to be done" in out:
        return {}
    table = out.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    jobs = dict(re.findall(r"^(\w+)\s+(\d+)$", table, flags=re.M))
    jobs.pop("total", None)
    return {rule: int(n) for rule, n in jobs.items() if rule != "all"}


def digests(workdir: Path) -> dict[str, str]:
    return {str(p.relative_to(workdir)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((workdir / "results").rglob("*")) if p.is_file()}


ARTIFACTS = ["neville2009/fig1a", "neville2009/fig1a_readings", "neville2009/fig1b",
             "wang2011/fig1a", "wang2011/fig1b", "wang2011/tests_compared", "wang2011/theorems"]


def test_quick_profile_builds_every_artifact_and_the_scorecard(quick_run: Path):
    results = quick_run / "results"
    for artifact in ARTIFACTS:
        for kind in ("pdf", "png", "csv", "claims.csv"):
            assert (results / f"{artifact}.{kind}").stat().st_size > 0, (artifact, kind)
        # every artifact rule wrote its log and benchmark
        assert (quick_run / f"logs/{artifact}.log").exists()
        assert (quick_run / f"benchmarks/{artifact}.tsv").exists()
    chunks = list((results / "studies").rglob("chunk*.csv"))
    assert len(chunks) == 12
    for chunk in chunks:
        rel = chunk.relative_to(results / "studies").with_suffix("")
        assert (quick_run / "logs" / rel).with_suffix(".log").exists()
        assert (quick_run / "benchmarks" / rel).with_suffix(".tsv").exists()
    card = pd.read_csv(results / "scorecard.csv")
    assert list(card.columns) == ["paper", "artifact", "claim", "paper_value", "tolerance",
                                  "reproduced", "verdict", "profile"]
    assert set(card["verdict"]) <= {"pass", "fail"} and (card["profile"] == "quick").all()
    assert set(card["artifact"]) == {a.split("/")[1] for a in ARTIFACTS}
    assert "# Scorecard" in (results / "scorecard.md").read_text()
    fig = pd.read_csv(results / "neville2009/fig1a.csv")
    assert set(fig["sampler"]) == {"RRS", "ERS", "NCV"}
    assert sorted(set(fig["prop_labeled"])) == [0.1, 0.3, 0.5, 0.7, 0.9]
    assert (fig["trials"] == 400).all()
    assert ((fig["rate_low"] <= fig["rate"]) & (fig["rate"] <= fig["rate_high"])).all()


def test_a_complete_run_leaves_nothing_to_do(quick_run: Path):
    assert planned_jobs(quick_run) == {}


def test_one_figure_builds_only_what_it_needs(workflow_copy: Path):
    assert planned_jobs(workflow_copy, FIG1A) == {
        "simulated_chunk": 2, "simulated_summary": 1, "neville2009_fig1a": 1}


def test_partial_reruns(workflow_copy: Path):
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)
    assert planned_jobs(workflow_copy, FIG1A) == {}

    # editing the plotting script reruns the plot only, not the study's chunks
    script = workflow_copy / "scripts/plot_neville2009_fig1a.py"
    script.write_text(script.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {"neville2009_fig1a": 1}
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)

    # editing a lib module reruns exactly the rules that import it
    plotting = workflow_copy / "scripts/lib/plotting.py"
    plotting.write_text(plotting.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {"neville2009_fig1a": 1}
    simulated = workflow_copy / "scripts/lib/simulated.py"
    simulated.write_text(simulated.read_text() + "\n# a harmless edit\n")
    assert planned_jobs(workflow_copy, FIG1A) == {
        "simulated_chunk": 2, "simulated_summary": 1, "neville2009_fig1a": 1}
    snakemake(workflow_copy, "--cores", "2", FIG1A, *QUICK)

    # changing a study parameter reruns that study's chunks
    (workflow_copy / "tweak.yaml").write_text(
        "simulated:\n  scenarios:\n    neville_fig1a:\n      err_corr: [0.8]\n")
    assert planned_jobs(workflow_copy, FIG1A, configs=("tweak.yaml",)) == {
        "simulated_chunk": 2, "simulated_summary": 1, "neville2009_fig1a": 1}
    # adding chunks computes only the new ones: existing chunks keep their seeds
    (workflow_copy / "more.yaml").write_text(
        "simulated:\n  scenarios:\n    neville_fig1a:\n      chunks: 3\n")
    assert planned_jobs(workflow_copy, FIG1A, configs=("more.yaml",)) == {
        "simulated_chunk": 1, "simulated_summary": 1, "neville2009_fig1a": 1}


def test_outputs_are_byte_identical_across_runs_and_core_counts(quick_run: Path, tmp_path: Path):
    reference = digests(quick_run)  # built with --cores 2
    assert any(name.endswith(".csv") for name in reference)
    for cores in ("1", "2"):
        again = copy_workflow(tmp_path / f"cores{cores}")
        snakemake(again, "--cores", cores, *QUICK)
        assert digests(again) == reference, f"--cores {cores} differs"
