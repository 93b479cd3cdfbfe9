"""Shared fixtures: a throw-away copy of the workflow for end-to-end runs."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW_PARTS = ["Snakefile", "workflow", "scripts", "config", "envs"]
# Verified copies of the raw datasets, so that workflow runs need no network.
DATA_MIRROR = Path(os.environ.get("DATA_MIRROR", ROOT.parent / "shared" / "data")).resolve()


def copy_workflow(dest: Path) -> Path:
    """Copy what a run needs (not results, logs or caches) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in WORKFLOW_PARTS:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=ignore)
        else:
            shutil.copy2(src, dest / part)
    return dest


def snakemake(workdir: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run Snakemake in ``workdir`` with this interpreter's environment."""
    env = {**os.environ, "PYTHONHASHSEED": "random"}
    if "--config" not in args:  # last, so that no target is read as a config entry
        args = (*args, "--config", f"data={{mirror: {DATA_MIRROR}}}")
    proc = subprocess.run([sys.executable, "-m", "snakemake", *args], cwd=workdir, env=env,
                          capture_output=True, text=True, timeout=900)
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture
def workflow_copy(tmp_path: Path) -> Path:
    return copy_workflow(tmp_path / "wf")


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory) -> Path:
    """One complete quick-profile run, shared by the read-only workflow tests."""
    wd = copy_workflow(tmp_path_factory.mktemp("quick") / "wf")
    snakemake(wd, "--cores", "2", "--configfile", "config/quick.yaml")
    return wd


QUICK_ARGS = ("--configfile", "config/quick.yaml")


@pytest.fixture(scope="session")
def reported_run(quick_run: Path, tmp_path_factory) -> Path:
    """A copy of the quick run (with Snakemake's metadata, which the report reads) plus its HTML
    report and reproduction archive; a copy, so that the shared quick run's results/ stay as the
    determinism test expects them."""
    wd = tmp_path_factory.mktemp("reported") / "wf"
    shutil.copytree(quick_run, wd, symlinks=True)
    snakemake(wd, "--report", "results/report.html", *QUICK_ARGS)
    snakemake(wd, "--cores", "1", "archive", *QUICK_ARGS)
    return wd
