"""Faults: nothing is lost or half-written.

* SIGKILL mid-run, then resume (`--unlock`, then `--rerun-incomplete`): the run completes and
  equals an uninterrupted run (the shared quick run is the reference);
* a raw dataset damaged after it was verified: the job that would use it stops first, naming
  the file (corruption of a *mirror copy* before verification: tests/data/test_acquisition.py);
* two runs at once in one directory: the second refuses (lock or incomplete-output message) and
  changes nothing.
(Config keys fed wrong types and out-of-range values: tests/infra/test_configcheck.py, generated.)

The SIGKILL and lock tests use one figure's chain (Neville Fig. 1(a): two chunks, a summary,
the plot), not the whole DAG.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import DATA_MIRROR, SNAKEMAKE_TIMEOUT_S, snakemake

pytestmark = pytest.mark.workflow
QUICK = ("--configfile", "config/quick.yaml")
FIG1A = "results/neville2009/fig1a.csv"
CHAIN = [
    "results/studies/simulated/neville_fig1a/chunk0.csv",
    "results/studies/simulated/neville_fig1a/chunk1.csv",
    "results/studies/simulated/neville_fig1a/summary.csv",
    "results/neville2009/fig1a.csv",
    "results/neville2009/fig1a.claims.csv",
    "results/neville2009/fig1a.png",
    "results/neville2009/fig1a.pdf",
]


def start(workdir: Path, *args: str) -> subprocess.Popen:
    """Snakemake in its own process group (so SIGKILL reaches the job scripts too)."""
    cmd = [sys.executable, "-m", "snakemake", *args, "--config", f"data={{mirror: {DATA_MIRROR}}}"]
    return subprocess.Popen(
        cmd,
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONHASHSEED": "random"},
    )


def wait_for(condition, proc: subprocess.Popen, timeout: float = SNAKEMAKE_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            raise AssertionError(f"snakemake ended before the fault could be injected:\n{proc.stdout.read()}")
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError("timed out waiting for the run to reach the fault point")
        time.sleep(0.05)


def test_sigkill_mid_run_then_resume_equals_an_uninterrupted_run(quick_run: Path, workflow_copy: Path):
    chunks = [workflow_copy / CHAIN[0], workflow_copy / CHAIN[1]]
    logs = [workflow_copy / f"logs/simulated/neville_fig1a/chunk{k}.log" for k in (0, 1)]

    def one_chunk_done_the_other_running():
        done = [c.exists() for c in chunks]
        return done.count(True) == 1 and logs[done.index(False)].exists()

    proc = start(workflow_copy, "--cores", "1", FIG1A, *QUICK)
    wait_for(one_chunk_done_the_other_running, proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    done = next(k for k in (0, 1) if chunks[k].exists())
    # the finished chunk is complete and kept
    assert chunks[done].read_bytes() == (quick_run / CHAIN[done]).read_bytes()
    # the killed run could not release its lock: a plain rerun refuses, naming --unlock
    locked = snakemake(workflow_copy, "--cores", "1", FIG1A, *QUICK, check=False)
    assert locked.returncode != 0
    assert "Directory cannot be locked" in locked.stdout + locked.stderr and "--unlock" in locked.stdout + locked.stderr
    snakemake(workflow_copy, "--unlock", FIG1A, *QUICK)
    # and it does not trust what the killed job may have half-written
    plain = snakemake(workflow_copy, "--cores", "1", FIG1A, *QUICK, check=False)
    if plain.returncode != 0:
        message = plain.stdout + plain.stderr
        assert "seem to be incomplete" in message and "--rerun-incomplete" in message, message
        assert CHAIN[done] not in message
    resumed = snakemake(workflow_copy, "--cores", "1", "--rerun-incomplete", FIG1A, *QUICK)
    assert f"chunk={done}" not in resumed.stdout + resumed.stderr  # not recomputed
    for path in CHAIN:
        assert (workflow_copy / path).read_bytes() == (quick_run / path).read_bytes(), path


def tree_state(root: Path) -> dict:
    """Every file under ``root`` with its size and mtime, except Snakemake's own run logs (each
    invocation, even a refused one, starts one in .snakemake/log/)."""
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in root.rglob("*")
        if p.is_file() and ".snakemake/log" not in p.relative_to(root).as_posix()
    }


def test_a_second_run_in_the_same_directory_refuses_and_changes_nothing(quick_run: Path, workflow_copy: Path):
    """The property, not a timing: while a first run holds the directory, a second run refuses
    and writes nothing, and the first run still completes with the reference bytes. The first
    run is frozen (SIGSTOP) as soon as its lock exists, so nothing moves while the second runs;
    it may already have started a job, in which case Snakemake's refusal names the incomplete
    outputs instead of the lock: both are refusals."""
    proc = start(workflow_copy, "--cores", "1", FIG1A, *QUICK)
    locks = workflow_copy / ".snakemake/locks"
    wait_for(lambda: locks.is_dir() and any(locks.iterdir()), proc)
    os.killpg(proc.pid, signal.SIGSTOP)
    try:
        before = tree_state(workflow_copy)
        second = snakemake(workflow_copy, "--cores", "1", FIG1A, *QUICK, check=False)
        message = second.stdout + second.stderr
        assert second.returncode != 0
        assert "Directory cannot be locked" in message or "seem to be incomplete" in message, message
        assert tree_state(workflow_copy) == before
    finally:
        os.killpg(proc.pid, signal.SIGCONT)
    # the first run is unharmed: it completes with the reference outputs
    out, _ = proc.communicate(timeout=SNAKEMAKE_TIMEOUT_S)
    assert proc.returncode == 0, out
    for path in CHAIN:
        assert (workflow_copy / path).read_bytes() == (quick_run / path).read_bytes(), path


@pytest.mark.skipif(not DATA_MIRROR.is_dir(), reason=f"no data mirror at {DATA_MIRROR} (set DATA_MIRROR)")
@pytest.mark.parametrize("damage", ["one byte changed", "truncated"])
def test_a_damaged_raw_file_stops_the_job_that_would_use_it(damage: str, workflow_copy: Path):
    target = "results/studies/imbalance/fourclass.csv"  # a small data set (862 rows)
    snakemake(workflow_copy, "--cores", "1", "data/raw/fourclass/.verified", *QUICK)
    raw = workflow_copy / "data/raw/fourclass/fourclass.libsvm"
    data = bytearray(raw.read_bytes())
    data = data[: len(data) // 2] if damage == "truncated" else data[:200] + bytes([data[200] ^ 0x01]) + data[201:]
    raw.write_bytes(bytes(data))
    proc = snakemake(workflow_copy, "--cores", "1", target, *QUICK, check=False)
    assert proc.returncode != 0
    log = (workflow_copy / "logs/imbalance/cv/fourclass.log").read_text()
    sentence = next(line for line in log.splitlines() if "corrupt or truncated" in line)
    assert "dataset 'fourclass' file imbalanced/fourclass.libsvm" in sentence
    assert "delete data/raw/fourclass and rerun" in sentence
    assert not (workflow_copy / target).exists()  # nothing half-written
