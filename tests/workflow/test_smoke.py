"""`make smoke` (config/smoke.yaml): its targets build one artifact of every study, in a small DAG.
A dry run; CI runs the smoke build itself first (.ci/run)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, copy_workflow, snakemake

pytestmark = pytest.mark.workflow
STUDIES = ["simulated", "theory", "relational", "realnet", "imbalance", "permutation", "yours"]


def smoke_targets() -> list[str]:
    makefile = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    return re.search(r"^SMOKE_TARGETS = (.*)$", makefile, re.M).group(1).split()


def test_the_smoke_targets_build_one_artifact_of_every_study(tmp_path: Path):
    wd = copy_workflow(tmp_path / "wf")
    shutil.copytree(ROOT / "data/examples", wd / "data/examples")
    out = snakemake(wd, "--dry-run", *smoke_targets(), "--configfile", "config/smoke.yaml").stdout
    table = out.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    jobs = {rule: int(n) for rule, n in re.findall(r"^(\w+)\s+(\d+)$", table, flags=re.M)}
    assert jobs.pop("total") <= 30
    studies = {next((s for s in STUDIES if rule.startswith(f"{s}_")), None) for rule in jobs}
    assert set(STUDIES) <= studies, set(STUDIES) - studies
    # one artifact per study (the yours target: one data set, no permutation tests, no network)
    artifacts = [t for t in smoke_targets() if t.startswith("results/")] + ["results/yours/imbalance_rare.md"]
    assert len(artifacts) == len(STUDIES)
    assert "yours_permutation" not in jobs and "yours_network" not in jobs
