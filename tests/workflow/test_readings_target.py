"""The readings comparison (`snakemake readings`, workflow/rules/readings.smk) on the quick profile:
every alternative of every reading runs, the default column is the main run's claims, and a nested
run recomputes only the jobs its reading changes.

It takes about 35 minutes on 2 cores (35 nested jobs), so it is opt-in and outside CI's budget;
`make test-extended` runs it with the stability and SLURM checks:

    REPRO_EXTENDED_TESTS=1 .venv/bin/python -m pytest tests/workflow/test_readings_target.py
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from conftest import QUICK_ARGS, ROOT, overlaid, snakemake
from lib.core import readings
from lib.infra import alternatives
from lib.papers.claims import VERDICTS
from lib.views import registry as views

QUICK_CONFIG = overlaid(
    yaml.safe_load((ROOT / "config/config.yaml").read_text()), yaml.safe_load((ROOT / "config/quick.yaml").read_text())
)

pytestmark = pytest.mark.workflow
if os.environ.get("REPRO_EXTENDED_TESTS") != "1":
    pytestmark = [
        pytestmark,
        pytest.mark.skip(
            reason="the readings build is opt-in (about 35 min on 2 cores, outside CI): `make test-extended` runs it"
        ),
    ]


@pytest.fixture(scope="module")
def readings_run(quick_run: Path, tmp_path_factory) -> Path:
    """A copy of the quick run (with its metadata, so nothing of the main run is redone) plus
    `snakemake readings`."""
    wd = tmp_path_factory.mktemp("readings") / "wf"
    shutil.copytree(quick_run, wd, symlinks=True)
    snakemake(wd, "--cores", "2", "readings", *QUICK_ARGS)
    return wd


def test_every_alternative_of_every_reading_is_in_the_table(readings_run: Path):
    table = pd.read_csv(readings_run / "results/readings.csv", dtype=str, keep_default_na=False)
    runs = set(zip(table.reading, table.alternative))
    assert runs == {(r.name, a) for r in readings.REGISTRY.values() for a in r.alternatives}
    for name, group in table.groupby("reading"):
        # every alternative shows the same claims (the reading changes verdicts, not the questions)
        claims = {a: set(g.id) for a, g in group.groupby("alternative")}
        assert len({frozenset(c) for c in claims.values()}) == 1, name
        touched = views.readings_touched(QUICK_CONFIG)
        expected = {a.split("/")[1] for a in alternatives.artifacts(readings.REGISTRY[name], touched)}
        assert set(group.artifact) == expected, name
    assert set(table.verdict) <= set(VERDICTS)
    text = (readings_run / "results/readings.md").read_text()
    for reading in readings.REGISTRY.values():
        assert f"## {reading.name}" in text and reading.passage in text


def test_the_default_column_is_the_main_runs_claims(readings_run: Path):
    """Without a readings scale (the quick profile) the source of every nested run is the main
    run, and the default alternative is the main run itself."""
    table = pd.read_csv(readings_run / "results/readings.csv", dtype=str, keep_default_na=False)
    default = table[table.default == "True"]
    for (paper, artifact), group in default.groupby(["paper", "artifact"]):
        main = pd.read_csv(
            readings_run / f"results/{paper}/{artifact}.claims.csv", dtype=str, keep_default_na=False
        ).set_index("id")
        for row in group.itertuples():
            assert (row.reproduced, row.verdict) == (main.loc[row.id, "reproduced"], main.loc[row.id, "verdict"])


def test_a_nested_run_recomputes_only_what_its_reading_changes(readings_run: Path):
    """permutation.tie_rule = first: the 1-NN jobs are redone (other numbers: ties are broken
    otherwise), every J48, naive Bayes and SMO job is the main run's file, untouched (same bytes,
    same modification time: Snakemake did not rerun it), and the data, folds and randomisations
    are shared (the reading enters no seed)."""
    nested = readings_run / "results/readings/permutation.tie_rule/first"
    main_dir, nested_dir = readings_run / "results/studies/permutation/uci", nested / "results/studies/permutation/uci"
    assert (nested / "results/readings").exists() is False
    redone = kept = 0
    for path in sorted(main_dir.rglob("*.csv")):
        twin = nested_dir / path.relative_to(main_dir)
        if path.name.startswith("1nn_"):
            redone += twin.stat().st_mtime_ns != path.stat().st_mtime_ns
        else:
            assert twin.read_bytes() == path.read_bytes(), twin
            assert twin.stat().st_mtime_ns == path.stat().st_mtime_ns, f"{twin} was recomputed"
            kept += 1
    assert redone > 0 and kept > 0
    log = (readings_run / "logs/readings/permutation.tie_rule/first.snakemake.log").read_text()
    assert "permutation_uci_randomized" in log and "simulated_chunk" not in log and "imbalance_cv" not in log
