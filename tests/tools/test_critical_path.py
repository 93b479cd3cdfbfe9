"""The wall-time estimate by list scheduling: measured jobs scheduled as they ran, and an overlay
refused where it could change nothing."""

import sys

import pandas as pd
import pytest

from tools import critical_path  # scripts/ is on pytest's pythonpath


def test_makespan_is_the_longest_first_schedule():
    # longest first on 2 cores: 5 | 4; 3 joins 4 (7); 3 joins 5 (8); 1 joins 7 (8)
    assert critical_path.makespan([3, 5, 1, 4, 3], 2) == 8
    assert critical_path.makespan([3, 5, 1, 4, 3], 1) == 16
    assert critical_path.makespan([3, 5, 1, 4, 3], 100) == 5


def test_measured_jobs_are_split_into_study_and_artifact_phases(tmp_path):
    for rel, seconds in [("permutation/uci/iris/j48_original.tsv", 7.0), ("ojala2009/table2.tsv", 2.0)]:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pd.DataFrame({"s": [seconds], "cpu_time": [seconds]}).to_csv(path, sep="\t", index=False)
    jobs = critical_path.benchmark_jobs(tmp_path, skip_permutation=False).set_index("phase")
    assert jobs.loc["study", "seconds"] == 7.0 and jobs.loc["artifact", "seconds"] == 2.0


def test_an_overlay_without_costs_is_refused(tmp_path, monkeypatch, capsys):
    # the measured jobs are scheduled as they ran; only the --costs estimate has a chunk plan
    argv = ["critical_path.py", "--benchmarks", str(tmp_path), "--overlay", "config/reduced_smo.yaml"]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stop:
        critical_path.main()
    assert stop.value.code == 2
    assert "--costs" in capsys.readouterr().err
