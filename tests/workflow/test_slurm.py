"""The SLURM profile (profiles/slurm) on a real single-node SLURM cluster started on this machine.

Opt-in (it needs root and Debian's slurm packages, and takes several minutes):

    apt-get install -y slurmctld slurmd slurm-client munge
    make slurm-test          # = REPRO_SLURM_TEST=1 .venv/bin/python -m pytest tests/workflow/test_slurm.py -v

The fixture starts munged, slurmctld and slurmd with workflow/cluster/start_slurm.sh (private
state folder, ports, munge key and socket), the test runs the whole quick profile through
SLURM with `snakemake --profile profiles/slurm`, compares every file under results/ with the
local quick run, and the fixture stops the daemons by pid and checks that each one is gone.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import DATA_MIRROR, ROOT, SNAKEMAKE_TIMEOUT_S, copy_workflow

pytestmark = pytest.mark.workflow
CLUSTER = ROOT / "workflow/cluster"
HOW = (
    "run it as root with Debian's slurmctld, slurmd, slurm-client and munge installed "
    "(apt-get install -y slurmctld slurmd slurm-client munge): `make slurm-test`, i.e. "
    "REPRO_SLURM_TEST=1 .venv/bin/python -m pytest tests/workflow/test_slurm.py"
)
missing = [c for c in ("slurmctld", "slurmd", "sbatch", "munged") if shutil.which(c) is None]
if os.environ.get("REPRO_SLURM_TEST") != "1":
    pytestmark = [pytestmark, pytest.mark.skip(reason=f"SLURM test is opt-in (several minutes); {HOW}")]
elif missing or os.geteuid() != 0:
    pytestmark = [
        pytestmark,
        pytest.mark.skip(reason=f"cannot start SLURM here ({', '.join(missing) or 'not root'}); {HOW}"),
    ]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie has exited; /proc says so
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ", 1)[1][:1] != "Z"


@pytest.fixture
def slurm_cluster(tmp_path: Path):
    state = tmp_path / "slurm"
    env = {**os.environ, "SLURM_STATE_DIR": str(state)}
    proc = subprocess.run([str(CLUSTER / "start_slurm.sh")], env=env, capture_output=True, text=True, timeout=120)
    pids = {
        name: int((state / f"{name}.pid").read_text())
        for name in ("munged", "slurmctld", "slurmd")
        if (state / f"{name}.pid").is_file()
    }
    try:
        assert proc.returncode == 0, proc.stderr
        yield Path(proc.stdout.strip().splitlines()[-1])  # folder of the client wrappers
    finally:
        subprocess.run([str(CLUSTER / "stop_slurm.sh")], env=env, capture_output=True, text=True, timeout=120)
        deadline = time.monotonic() + 30
        while any(alive(p) for p in pids.values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [n for n, p in pids.items() if alive(p)], f"daemons still running: {pids}"


def digests(workdir: Path) -> dict[str, str]:
    return {
        str(p.relative_to(workdir)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted((workdir / "results").rglob("*"))
        if p.is_file()
    }


def test_quick_profile_through_slurm_equals_a_local_run(slurm_cluster: Path, quick_run: Path, tmp_path: Path):
    wd = copy_workflow(tmp_path / "wf")
    env = {**os.environ, "PATH": f"{slurm_cluster}{os.pathsep}{os.environ['PATH']}", "PYTHONHASHSEED": "random"}
    env.pop("SLURM_CONF", None)  # the wrappers name the private cluster's config
    start = time.monotonic()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "snakemake",
            "--profile",
            str(ROOT / "profiles/slurm"),
            "--configfile",
            "config/quick.yaml",
            "--config",
            f"data={{mirror: {DATA_MIRROR}}}",
        ],
        cwd=wd,
        env=env,
        capture_output=True,
        text=True,
        timeout=SNAKEMAKE_TIMEOUT_S,
    )
    elapsed = time.monotonic() - start
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    log = proc.stdout + proc.stderr
    assert "submitted with SLURM jobid" in log and "Falling back to 'sacct'" not in log
    print(f"quick profile through SLURM: {elapsed:.0f} s wall")
    assert digests(wd) == digests(quick_run)
