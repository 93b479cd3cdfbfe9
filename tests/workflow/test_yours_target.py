"""The `yours` target end to end on the example (config/yours.example.yaml, data/examples/): every
results/yours/ artifact is built and says the known answers -- the learnable data set's Test 1 p at
its floor, the independent one's large, a resampled t-test fooled by the planted autocorrelation
where NCV is not -- and bad input stops Snakemake before any job with one sentence."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from conftest import ROOT, copy_workflow, snakemake

pytestmark = pytest.mark.workflow
EXAMPLE = ("--configfile", "config/config.yaml", "config/yours.example.yaml")
ARTIFACTS = [
    f"results/yours/{name}.{kind}"
    for name in ("permutation", "imbalance_rare", "network_planted")
    for kind in ("md", "csv", "png", "pdf")
]


def _workflow(tmp: Path) -> Path:
    wd = copy_workflow(tmp / "wf")
    shutil.copytree(ROOT / "data/examples", wd / "data/examples")
    return wd


@pytest.fixture(scope="module")
def yours_run(tmp_path_factory) -> Path:
    wd = _workflow(tmp_path_factory.mktemp("yours"))
    snakemake(wd, "yours", "--cores", "2", *EXAMPLE)
    return wd


def test_every_artifact_is_built(yours_run: Path):
    for path in ARTIFACTS:
        assert (yours_run / path).stat().st_size > 0, path
    assert not any((yours_run / "results").glob("ojala2009*")), "the yours target built a paper artifact"


def test_permutation_known_answers(yours_run: Path):
    table = pd.read_csv(yours_run / "results/yours/permutation.csv").set_index(["dataset", "classifier"])
    floor = 1 / (100 + 1)
    learnable, independent = table.loc["learnable"], table.loc["independent"]
    assert list(learnable.index) == ["j48", "1nn", "nb", "smo", "logreg"]
    assert np.allclose(learnable["t1_p"], floor)  # better than chance, at the floor
    assert (independent["t1_p"] > 0.1).all()  # labels independent of the features
    assert learnable.loc["1nn", "t2_p"] <= 0.01 < learnable.loc["nb", "t2_p"]  # 1-NN uses x2-x3, NB cannot
    assert (table["randomizations"] == 100).all() and (table["repetitions"] == 2).all()
    md = (yours_run / "results/yours/permutation.md").read_text()
    assert "FEWER RANDOMISATIONS PER TEST THAN THE PAPER: 100 (the paper: 1000)" in md


def test_network_known_answer_rs_type1_above_ncv(yours_run: Path):
    table = pd.read_csv(yours_run / "results/yours/network_planted.csv")
    type1 = table[table["purpose"] == "type1"].groupby("method")[["rejections", "trials"]].sum()
    rate = type1["rejections"] / type1["trials"]
    assert rate["RS paired"] > rate["NCV paired"] + 0.1
    assert rate["RS paired"] > 0.15 and rate["NCV paired"] < 0.15
    assert set(table["method"]) == {
        "RS paired",
        "RS unpaired",
        "RS-C paired",
        "RS-C unpaired",
        "NCV paired",
        "NCV unpaired",
    }
    md = (yours_run / "results/yours/network_planted.md").read_text()
    assert "label autocorrelation 0.29" in md and "it would fool you" in md


def test_imbalance_table(yours_run: Path):
    table = pd.read_csv(yours_run / "results/yours/imbalance_rare.csv")
    assert len(table) == 2 * 5 * 3  # schemes x classifiers x removal levels
    assert table.groupby("removed_percent")["n_pos"].first().to_dict() == {0: 90, 25: 67, 50: 45}


def test_a_second_run_has_nothing_to_do(yours_run: Path):
    proc = snakemake(yours_run, "yours", "--cores", "1", "--dry-run", *EXAMPLE)
    assert "Nothing to be done" in proc.stdout + proc.stderr


@pytest.mark.parametrize(
    "broken, words",
    [
        (
            ("datasets:", "datasets:\n    extra: {path: data/examples/missing.csv, class: y}"),
            "Config error: yours.datasets.extra: file data/examples/missing.csv does not exist",
        ),
        (
            ("class: y}        # Test 1", "class: label}        # Test 1"),
            "Config error: yours.datasets.learnable: class column 'label' is not in data/examples/learnable.csv",
        ),
        (
            ("sklearn.linear_model.LogisticRegression", "sklearn.linear_model.Logistic"),
            "Config error: yours.estimators.logreg: module 'sklearn.linear_model' has no 'Logistic'",
        ),
    ],
)
def test_bad_input_stops_before_any_job_with_one_sentence(tmp_path: Path, broken, words):
    wd = _workflow(tmp_path)
    config = wd / "config/yours.example.yaml"
    text = config.read_text()
    assert broken[0] in text
    config.write_text(text.replace(broken[0], broken[1], 1))
    proc = snakemake(wd, "yours", "--cores", "1", *EXAMPLE, check=False)
    assert proc.returncode != 0
    lines = [line for line in (proc.stdout + proc.stderr).splitlines() if line.startswith("Config error:")]
    assert len(lines) == 1 and words in lines[0] and lines[0].endswith("."), proc.stderr[-2000:]
    assert not (wd / "results").exists() and not (wd / "logs").exists()


def test_disconnected_network_stops_before_any_job(tmp_path: Path):
    wd = _workflow(tmp_path)
    with (wd / "data/examples/network_labels.csv").open("a") as handle:
        handle.write("hermit,0\n")
    proc = snakemake(wd, "yours", "--cores", "1", *EXAMPLE, check=False)
    assert proc.returncode != 0 and "Config error: yours.networks.planted: the network of" in proc.stderr
    assert "is disconnected: 2 connected components" in proc.stderr
    assert not (wd / "results").exists()


def test_without_a_yours_section_the_target_says_so_and_all_is_unchanged(tmp_path: Path):
    wd = _workflow(tmp_path)
    proc = snakemake(wd, "yours", "--cores", "1", "--dry-run", check=False)
    assert proc.returncode != 0 and "the config has no `yours` section" in proc.stdout + proc.stderr
    plain = snakemake(wd, "--cores", "1", "--dry-run", "--quiet", "rules", "--configfile", "config/quick.yaml")
    mine = snakemake(
        wd,
        "--cores",
        "1",
        "--dry-run",
        "--quiet",
        "rules",
        "--configfile",
        "config/quick.yaml",
        "config/yours.example.yaml",
    )
    assert _job_stats(plain.stdout) == _job_stats(mine.stdout) and "yours" not in _job_stats(plain.stdout)


def _job_stats(text: str) -> str:
    """The dry run's job table (rules and counts), without its timestamps."""
    lines = text.splitlines()
    start = lines.index("Job stats:")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("total"))
    assert end - start > 10
    return "\n".join(lines[start : end + 1])
