"""The before/after tooling of the readings work: the pre-audit overlay is a valid config that
changes only readings, each to a registered non-default alternative; the comparison counts passes
per paper and lists every claim whose verdict moved."""
import pandas as pd
import yaml

from conftest import ROOT, overlaid as merged
from lib.core import readings
from lib.infra import configcheck
from tools import benchmark_summary, compare_scorecards  # scripts/ is on pytest's pythonpath

SCHEMA = ROOT / "workflow/schemas/config.schema.yaml"
BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())
OVERLAY = yaml.safe_load((ROOT / "config/readings_pre_audit.yaml").read_text())


def leaves(tree, prefix=""):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def test_pre_audit_overlay_sets_only_readings_to_non_default_alternatives():
    config = merged(BASE, OVERLAY)
    configcheck.check(config, SCHEMA)
    keys = {key: reading for reading in readings.REGISTRY.values() for key in reading.config_keys()}
    for key, value in leaves(OVERLAY):
        assert key in keys, f"{key} is not the config key of a reading"
        assert value in keys[key].alternatives
        assert value != readings.lookup(BASE, key), f"{key} repeats the default"


def card(rows):
    return pd.DataFrame(rows, columns=["paper", "artifact", "claim", "verdict"])


def test_compare_counts_per_paper_and_lists_moved_claims():
    before = card([("a", "f1", "c1", "fail"), ("a", "f1", "c2", "pass"), ("b", "t", "c3", "pass"),
                   ("b", "t", "c4", "not run"), ("b", "t", "gone", "fail")])
    after = card([("a", "f1", "c1", "pass"), ("a", "f1", "c2", "pass"), ("b", "t", "c3", "fail"),
                  ("b", "t", "c4", "not run"), ("b", "t", "new", "pass")])
    counts, changed = compare_scorecards.compare(before, after)
    assert counts.loc["a"].tolist() == [2, 1, 2, 2]
    assert counts.loc["b"].tolist() == [2, 1, 2, 1]
    assert sorted(zip(changed.claim, changed.verdict_before, changed.verdict_after)) == [
        ("c1", "fail", "pass"), ("c3", "pass", "fail"), ("gone", "fail", "absent"),
        ("new", "absent", "pass")]


def test_benchmark_summary_groups_jobs_by_study(tmp_path):
    header = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"
    for relative, wall, cpu in [("permutation/uci/a.tsv", 60, 50), ("permutation/uci/b.tsv", 120, 30),
                                ("neville2009/fig1a.tsv", 6, 3), ("data/iris.tsv", 1, "-")]:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + f"{wall}\t0\t1\t1\t1\t1\t0\t0\t0\t{cpu}\n")
    table = benchmark_summary.summary(benchmark_summary.job_table(tmp_path))
    assert table.loc["permutation", ["jobs", "wall_min", "cpu_min", "longest_min"]].tolist() == [2, 3, 4/3, 2]
    assert table.loc["permutation", "longest_job"] == "permutation/uci/b"
    assert table.loc["artifacts", "jobs"] == 1 and table.loc["data", "cpu_min"] == 0
