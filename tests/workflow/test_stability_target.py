"""The stability target (`snakemake stability`, workflow/rules/stability.smk) on the quick profile
with two base seeds: the first is the main run itself, the second a nested run with a derived
seed; every claim gets a class from its two verdicts.

Opt-in like the readings build (a second whole quick run, a few minutes); `make test-extended`
runs it, as .ci/run does:

    REPRO_EXTENDED_TESTS=1 .venv/bin/python -m pytest tests/workflow/test_stability_target.py
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from conftest import snakemake
from lib.core import seeding
from lib.reporting import stability

pytestmark = pytest.mark.workflow
if os.environ.get("REPRO_EXTENDED_TESTS") != "1":
    pytestmark = [
        pytestmark,
        pytest.mark.skip(
            reason="the stability build is opt-in (a second quick run); `make test-extended` runs it, as .ci/run does"
        ),
    ]


@pytest.fixture(scope="module")
def stability_run(quick_run: Path, tmp_path_factory) -> Path:
    """A copy of the quick run plus `snakemake stability` with two seeds."""
    wd = tmp_path_factory.mktemp("stability") / "wf"
    shutil.copytree(quick_run, wd, symlinks=True)
    (wd / "seeds.yaml").write_text("stability: {seeds: 2}\n")
    snakemake(wd, "--cores", "2", "stability", "--configfile", "config/quick.yaml", "seeds.yaml")
    return wd


def test_every_claim_has_a_class_from_both_seeds(stability_run: Path):
    table = pd.read_csv(stability_run / "results/stability.csv", dtype=str, keep_default_na=False)
    main = pd.read_csv(stability_run / "results/scorecard.csv", dtype=str, keep_default_na=False)
    assert list(table["id"]) == list(main["id"])  # every claim of the main run, in its order
    assert (table["seeds"] == "2").all()
    # the first seed is the main run: its verdict is the first of each claim's two
    assert (table["verdicts"].str.split("/").str[0] == main["verdict"]).all()
    # the class is the seeds' verdict, a fail split by whose side it is and unverifiable by whether its data are public
    classes = [
        stability.tally_class(stability.classify(v.split("/")), w) for v, w in zip(table["verdicts"], table["why"])
    ]
    assert classes == list(table["class"])
    text = (stability_run / "results/stability.md").read_text()
    seeds = seeding.stability_seeds(int(yaml.safe_load((stability_run / "config/config.yaml").read_text())["seed"]), 2)
    assert all(str(s) in text for s in seeds)


def test_the_second_seed_recomputed_the_seeded_jobs(stability_run: Path):
    """The nested run used the derived seed: a seeded study's chunk differs from the main run's,
    while the raw data it read are the main run's (hard links, nothing downloaded)."""
    nested = stability_run / "results/stability/seed1"
    main_chunk = stability_run / "results/studies/simulated/neville_fig1a/chunk0.csv"
    twin = nested / "results/studies/simulated/neville_fig1a/chunk0.csv"
    assert twin.read_bytes() != main_chunk.read_bytes()
    raw = next(p for p in (stability_run / "data/raw").rglob("*") if p.is_file() and not p.name.startswith("."))
    assert (nested / "data/raw" / raw.relative_to(stability_run / "data/raw")).stat().st_ino == raw.stat().st_ino
