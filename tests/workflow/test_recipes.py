"""docs/architecture.md's recipes as tests: a fifth paper, and a new artifact of an existing paper,
each added to a temporary copy of the workflow by touching only the files the recipe names, then
planned and built by the DAG on the smoke profile, claims judged."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from conftest import ROOT, WORKFLOW_PARTS, snakemake
from lib.papers.claims import VERDICTS

pytestmark = pytest.mark.workflow
SMOKE = ("--configfile", "config/smoke.yaml")

TOY_CLAIMS = '''"""Toy & Example 2026: one claim."""

from .claims import Evidence, Paper, judged

PAPER = Paper("toy2026")


@PAPER.claim("variance", "positive", "Every variance is positive", value="> 0", criterion="smallest > 0")
def _(evidence: Evidence):
    smallest = float(evidence["table"]["mc_var"].min())
    return judged(smallest > 0, f"{smallest:.3g}")
'''

TOY_VIEWS = '''"""Toy & Example 2026: one table from the theory study."""

from ..papers.claims import Evidence
from .artifact import Artifact, Built, Reads, Views

VIEWS = Views("toy2026")


def _variance(tables: dict, settings: dict) -> Built:
    table = tables["montecarlo"].groupby("panel", as_index=False)["mc_var"].mean()
    return Built(table, Evidence({"table": table}))


VIEWS.add(
    Artifact(
        "toy2026",
        "variance",
        "theory",
        "Table 1: mean Monte Carlo variance per panel",
        reads={"montecarlo": Reads("theory_montecarlo", "montecarlo")},
        settings=lambda config: {"replications": config["theory"]["replications"]},
        about=lambda s: f"Mean variance per panel over {s['replications']} replications ({s['profile']} profile).",
        build=_variance,
        kinds=("md", "csv"),
    )
)
'''

TOY_ROW = '    PaperRow("toy2026", "Toy & Example 2026, A Toy Paper", "Nowhere", "Toy & Example 2026"),\n'

# A new artifact of an existing paper: appended to its view module and to its claims module.
NEW_VIEW = """

def _theorem1_gap(tables: dict, settings: dict) -> Built:
    montecarlo = tables["montecarlo"]
    table = pd.DataFrame({"largest_gap": [float((montecarlo["mc_var"] - montecarlo["thm1_var_corr"]).abs().max())]})
    return Built(table, Evidence({"gap": table}))


VIEWS.add(
    Artifact(
        "wang2011",
        "theorem1_gap",
        "theory",
        "Theorem 1 against the Monte Carlo",
        reads={"montecarlo": Reads("theory_montecarlo", "montecarlo")},
        settings=lambda config: {"replications": config["theory"]["replications"]},
        about=lambda s: f"The largest gap over {s['replications']} replications ({s['profile']} profile).",
        build=_theorem1_gap,
        kinds=("md", "csv"),
    )
)
"""

NEW_CLAIM = """

@claim("theorem1_gap", "small", "Theorem 1 matches the simulation", value="gap < 1", criterion="largest gap < 1")
def _(evidence: Evidence):
    gap = float(evidence["gap"]["largest_gap"].iloc[0])
    return judged(gap < 1, f"{gap:.3g}")
"""


@pytest.fixture
def smoke_copy(workflow_copy: Path) -> Path:
    """The workflow's copy with the example files the smoke profile's `yours` section names."""
    shutil.copytree(ROOT / "data/examples", workflow_copy / "data/examples")
    return workflow_copy


def snapshot(root: Path) -> dict[str, str]:
    """Every source file of the copy (caches left out) by path: its sha256."""
    files = (p for part in WORKFLOW_PARTS for p in sorted((root / part).rglob("*")) if p.is_file())
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in files
        if "__pycache__" not in p.parts and p.parent.name != ".snakemake"
    }


def touched(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}


def planned_rules(workdir: Path, target: str) -> set[str]:
    out = snakemake(workdir, "--dry-run", target, *SMOKE).stdout
    table = out.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    return {line.split()[0] for line in table.splitlines()[2:] if line.split()}


def in_copy(workdir: Path, code: str) -> str:
    """Run ``code`` with the copy's lib on the path (as the workflow's jobs import it)."""
    proc = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, 'scripts'); {code}"],
        cwd=workdir,
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout.strip()


def add_catalog_row(workdir: Path, row: str) -> None:
    catalog = workdir / "scripts/lib/papers/catalog.py"
    text = catalog.read_text()
    end = text.index("\n)\n", text.index("PAPERS: tuple"))
    catalog.write_text(text[: end + 1] + row + text[end + 1 :])


def test_a_fifth_paper_takes_its_two_modules_and_one_catalog_row(smoke_copy: Path):
    workflow_copy = smoke_copy
    before = snapshot(workflow_copy)
    (workflow_copy / "scripts/lib/papers/toy2026.py").write_text(TOY_CLAIMS)
    (workflow_copy / "scripts/lib/views/toy2026.py").write_text(TOY_VIEWS)
    add_catalog_row(workflow_copy, TOY_ROW)
    assert touched(before, snapshot(workflow_copy)) == {
        "scripts/lib/papers/toy2026.py",
        "scripts/lib/views/toy2026.py",
        "scripts/lib/papers/catalog.py",
    }
    # `rule all` and the scorecard take it up; its rule is named as every artifact's
    assert "theory_toy2026_variance" in planned_rules(workflow_copy, "all")
    assert "theory_toy2026_variance" in planned_rules(workflow_copy, "results/scorecard.csv")
    assert (
        in_copy(
            workflow_copy,
            "from lib.papers import registry; from lib.views import registry as views; "
            "print(registry.PAPERS['toy2026'].title, '|', list(registry.CLAIMS)[-1], '|', list(views.ARTIFACTS)[-1])",
        )
        == "Toy & Example 2026, A Toy Paper | toy2026/variance/positive | toy2026/variance"
    )
    snakemake(workflow_copy, "--cores", "2", "results/toy2026/variance.claims.csv", *SMOKE)
    claims = pd.read_csv(workflow_copy / "results/toy2026/variance.claims.csv")
    assert claims["id"].tolist() == ["toy2026/variance/positive"] and claims["verdict"].iloc[0] == "pass"
    assert "smoke profile" in (workflow_copy / "results/toy2026/variance.md").read_text()
    assert pd.read_csv(workflow_copy / "results/toy2026/variance.csv")["mc_var"].gt(0).all()


def test_a_new_artifact_takes_its_view_and_its_claim(smoke_copy: Path):
    workflow_copy = smoke_copy
    before = snapshot(workflow_copy)
    with open(workflow_copy / "scripts/lib/views/wang2011.py", "a") as views:
        views.write(NEW_VIEW)
    with open(workflow_copy / "scripts/lib/papers/wang2011.py", "a") as claims:
        claims.write(NEW_CLAIM)
    assert touched(before, snapshot(workflow_copy)) == {
        "scripts/lib/views/wang2011.py",
        "scripts/lib/papers/wang2011.py",
    }
    assert "theory_wang2011_theorem1_gap" in planned_rules(workflow_copy, "all")
    snakemake(workflow_copy, "--cores", "2", "results/wang2011/theorem1_gap.claims.csv", *SMOKE)
    claims = pd.read_csv(workflow_copy / "results/wang2011/theorem1_gap.claims.csv")
    assert claims["id"].tolist() == ["wang2011/theorem1_gap/small"]
    assert claims["verdict"].iloc[0] in set(VERDICTS) - {"not run"}
