"""workflow/rules/scheduling.smk: Snakemake's job selection runs about once per finished job and
once per rate-limit period, not once per finished job per second (the re-evaluation timers that
Snakemake 9 arms on every pass of its loop, each of which re-arms itself forever). A small
workflow of short jobs counts the selector's passes with and without the workaround."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.workflow
JOBS = 30
SNAKEFILE = """
import json, time
from snakemake.scheduling import job_scheduler

PASSES = []
_select = job_scheduler.JobScheduler.job_selector


def counted(self, jobs):
    PASSES.append(time.monotonic())
    return _select(self, jobs)


job_scheduler.JobScheduler.job_selector = counted
{include}


rule all:
    input:
        expand("out/{{i}}.txt", i=range({jobs})),


rule one:
    output:
        "out/{{i}}.txt",
    shell:
        "sleep 0.5; touch {{output}}"


onsuccess:
    json.dump(len(PASSES), open("passes.json", "w"))
"""


def passes(folder: Path, workaround: bool) -> tuple[int, float]:
    import json
    import subprocess

    folder.mkdir()
    include = f'include: "{ROOT / "workflow/rules/scheduling.smk"}"' if workaround else ""
    (folder / "Snakefile").write_text(SNAKEFILE.format(include=include, jobs=JOBS))
    start = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "snakemake", "--cores", "2", "--quiet"],
        cwd=folder,
        check=True,
        timeout=600,
        capture_output=True,
    )
    return json.loads((folder / "passes.json").read_text()), time.monotonic() - start


def test_the_job_selector_runs_about_once_per_finished_job(tmp_path: Path):
    fixed, fixed_seconds = passes(tmp_path / "fixed", workaround=True)
    plain, plain_seconds = passes(tmp_path / "plain", workaround=False)
    # a pass per finished job, one per period of the rate limiter (1 s) and a few at the start
    assert fixed <= 2 * JOBS + fixed_seconds + 5, (fixed, fixed_seconds)
    # the check can fail: without the workaround the passes grow with jobs x seconds
    assert plain > 2 * JOBS + plain_seconds + 5, (plain, plain_seconds)
