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


def overlaid(base: dict, overlay: dict) -> dict:
    """``base`` with ``overlay`` merged in as ``--configfile`` does (snakemake.utils.update_config),
    neither argument modified."""
    import copy

    from snakemake.utils import update_config

    out = copy.deepcopy(base)
    update_config(out, copy.deepcopy(overlay))
    return out


def copy_workflow(dest: Path) -> Path:
    """Copy what a run needs (not results, logs or bytecode) into ``dest``. numba's on-disk
    caches (``__pycache__/*.nbi, *.nbc``) are copied: they are keyed by the source file's
    mtime and size, which ``copytree`` keeps, so the copy's jobs load instead of compiling."""
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("*.pyc")
    for part in WORKFLOW_PARTS:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=ignore)
        else:
            shutil.copy2(src, dest / part)
    return dest


# A guard against a hung build, not a speed test: the readings and stability builds take several
# minutes on an idle 2-core machine and more than twice that on a busy one.
SNAKEMAKE_TIMEOUT_S = 3600


def snakemake(workdir: Path, *args: str, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run Snakemake in ``workdir`` with this interpreter's environment (plus ``env``)."""
    env = {**os.environ, "PYTHONHASHSEED": "random", **(env or {})}
    if "--config" not in args:  # last, so that no target is read as a config entry
        args = (*args, "--config", f"data={{mirror: {DATA_MIRROR}}}")
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", *args],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=SNAKEMAKE_TIMEOUT_S,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture(scope="session", autouse=True)
def cpu_hog():
    """With REPRO_CPU_HOG=1, keep one core busy for the whole session (a bounded busy loop in a
    child process, stopped at the end): the suite must hold on a busy machine, as CI's may be.
    Used to find timing-dependent tests; off by default."""
    if os.environ.get("REPRO_CPU_HOG") != "1":
        yield None
        return
    hog = subprocess.Popen(
        [sys.executable, "-c", "import time\nend = time.monotonic() + 3 * 3600\nwhile time.monotonic() < end: pass"]
    )
    try:
        yield hog
    finally:
        hog.kill()
        hog.wait()


@pytest.fixture(scope="session", autouse=True)
def warm_numba_cache():
    """Compile the numba engines once per session, before any workflow copy is made (a cold
    compile costs ~40 s of CPU per process that first uses them)."""
    import numpy as np

    from lib.data.attributes import AttributeSpec
    from lib.evaluation import sampling
    from lib.studies import permutation

    r = np.random.default_rng(0)
    y = np.repeat([0, 1], 20)
    X = np.column_stack([r.normal(size=40) + y, r.integers(0, 3, 40)]).astype(float)
    X[3, 0] = X[5, 1] = np.nan
    nominal = np.column_stack([r.integers(0, 2, 40), r.integers(0, 3, 40)]).astype(float)
    folds = sampling.stratified_fold_of(r, y, 5)
    for data, spec in ((X, AttributeSpec((0, 3))), (nominal, AttributeSpec((2, 3)))):
        for clf in ("j48", "1nn", "nb"):
            permutation.original_errors(clf, data, y, spec, folds, [1])
            for test in (1, 2):
                permutation.randomized_errors(clf, data, y, spec, test, folds[0], [1], 0, 2)


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


# The fixtures of a whole quick run: a test that uses one belongs to the slow tier (marker
# `workflow`), which `make test-unit` leaves out.
RUN_FIXTURES = {"quick_run", "reported_run"}


def pytest_collection_modifyitems(config, items):
    unmarked = [
        item.nodeid
        for item in items
        if RUN_FIXTURES & set(getattr(item, "fixturenames", ())) and item.get_closest_marker("workflow") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "these tests run Snakemake end to end but are not marked `workflow` (make test-unit would run "
            "them): " + ", ".join(unmarked)
        )
