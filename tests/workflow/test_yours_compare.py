"""The comparison of classifiers on your data (`yours.compare`: results/yours/compare_<data set>.*)
end to end on the smoke scale (config/smoke.yaml's, turned on: naive Bayes against 1-NN on the
example's `rare` data set, 20 trials): the artifact is built, says what it ran, and its numbers do not depend on how
the trials are cut into jobs or on the cores."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest

from conftest import ROOT, copy_workflow, snakemake
from lib.studies import comparison

pytestmark = pytest.mark.workflow
# the smoke profile's comparison (off in `make smoke`: config/smoke.yaml), turned on for its data set
SMOKE = ("--configfile", "config/config.yaml", "config/smoke.yaml", "config/compare_rare.yaml")
ARTIFACT = [f"results/yours/compare_rare.{kind}" for kind in ("md", "csv", "png", "pdf")]
TABLES = [f"results/studies/yours/compare/rare/{name}.csv" for name in ("calibration", "actual", "rates", "verdict")]


@pytest.fixture(scope="module")
def compare_run(tmp_path_factory) -> Path:
    wd = copy_workflow(tmp_path_factory.mktemp("compare") / "wf")
    shutil.copytree(ROOT / "data/examples", wd / "data/examples")
    (wd / "config/compare_rare.yaml").write_text("yours:\n  compare: {datasets: [rare]}\n")
    snakemake(wd, *ARTIFACT, "--cores", "2", *SMOKE)
    return wd


def test_the_artifact_says_what_it_ran(compare_run: Path):
    verdict = pd.read_csv(compare_run / "results/yours/compare_rare.csv")
    assert len(verdict) == len(comparison.TESTS) and set(zip(verdict["a"], verdict["b"])) == {("nb", "1nn")}
    assert (verdict["trials"] == 20).all()
    assert set(verdict["status"]) <= {"calibrated", "liberal", "conservative", "not measured"}
    assert verdict["rank"].max() == (verdict["status"] == "calibrated").sum()
    md = (compare_run / "results/yours/compare_rare.md").read_text()
    assert "SMOKE PROFILE: 20 trials per point" in md and "subsample of 50% of the rows drawn stratified" in md
    assert "**nb vs 1nn**" in md and "paired t, 10x10 CV (uncorrected)" in md
    for path in ARTIFACT:
        assert (compare_run / path).stat().st_size > 0, path
    rates = pd.read_csv(compare_run / "results/studies/yours/compare/rare/rates.csv")
    assert sorted(set(rates["difference"])) == [0.0, 0.02, 0.05, 0.1]
    assert len(list((compare_run / "results/studies/yours/compare/rare").glob("trials_*.csv"))) == 2


def test_the_numbers_do_not_depend_on_the_chunks_or_the_cores(compare_run: Path):
    before = {path: (compare_run / path).read_bytes() for path in [*TABLES, *ARTIFACT[:3]]}
    overlay = compare_run / "config/one_job.yaml"
    overlay.write_text("yours:\n  compare: {datasets: [rare], trials_per_job: 20}\n")
    snakemake(compare_run, *ARTIFACT, "--cores", "1", *SMOKE[:-1], "config/one_job.yaml")
    assert (compare_run / "results/studies/yours/compare/rare/trials_0-20.csv").is_file()
    for path, data in before.items():
        assert (compare_run / path).read_bytes() == data, path
