"""lib.infra.alternatives: the configs, folders and claims of the readings comparison's nested runs."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest
import yaml

from conftest import ROOT, overlaid
from lib.core import readings
from lib.infra import alternatives as alt
from lib.views import registry as views

CONFIG = yaml.safe_load((ROOT / "config/config.yaml").read_text())
BASE = overlaid(CONFIG, CONFIG["readings"]["scale"])  # what readings.smk computes the columns at
TOUCHED = views.readings_touched(CONFIG)  # as readings.smk computes it


def test_set_key_needs_every_parent():
    config = {"a": {"b": 1}}
    alt.set_key(config, "a.b", 2)
    assert config == {"a": {"b": 2}}
    with pytest.raises(KeyError, match="missing 'x'"):
        alt.set_key(config, "x.y", 1)


def test_an_alternative_sets_only_its_reading_on_top_of_the_scale():
    reading = readings.REGISTRY["permutation.tie_rule"]
    config = alt.alternative_config(BASE, reading, "first", TOUCHED)
    assert config["permutation"]["tie_rule"] == "first"
    # the readings scale is merged in (paper config: fewer randomisations)
    assert (
        config["permutation"]["table1"]["randomizations"]
        == CONFIG["readings"]["scale"]["permutation"]["table1"]["randomizations"]
    )
    # nothing else differs from the base config
    config["permutation"]["tie_rule"] = BASE["permutation"]["tie_rule"]
    assert config == BASE
    with pytest.raises(ValueError, match="no alternative 'nearest'"):
        alt.alternative_config(BASE, reading, "nearest", TOUCHED)


def test_a_scenario_pinned_to_another_value_keeps_it():
    reading = readings.REGISTRY["simulated.group_draw"]
    config = alt.alternative_config(BASE, reading, "per_trial", TOUCHED)
    scenarios = config["simulated"]["scenarios"]
    assert scenarios["wang_fig1b"]["reading"] == "per_trial" and scenarios["neville_fig1a"]["reading"] == "per_trial"
    # the side-by-side panel's per-trial half is per_trial by design; under the default the
    # per-fold half is per_fold, so neville2009/fig1a_readings shows both and is not compared
    assert "simulated.scenarios.neville_fig1a_per_trial.reading" not in alt.followed_keys(reading, TOUCHED)
    assert "neville2009/fig1a_readings" not in alt.artifacts(reading, TOUCHED)
    assert alt.alternative_config(BASE, reading, "per_fold", TOUCHED) == BASE


def test_claims_targets_are_each_artifact_once():
    selected = list(readings.REGISTRY.values())
    targets = alt.claims_targets(selected, TOUCHED)
    assert len(targets) == len(set(targets))
    assert "results/ojala2009/table3.claims.csv" in targets
    assert all(t.startswith("results/") and t.endswith(".claims.csv") for t in targets)


def test_selected_defaults_to_all_and_rejects_unknown_names():
    assert [r.name for r in alt.selected({})] == list(readings.REGISTRY)
    assert [r.name for r in alt.selected({"readings": {"include": ["permutation.tie_rule"]}})] == [
        "permutation.tie_rule"
    ]
    with pytest.raises(KeyError, match="unknown readings"):
        alt.selected({"readings": {"include": ["no.such"]}})


def test_relative_paths_become_absolute(tmp_path: Path):
    config = {
        "data": {"mirror": "../mirror"},
        "realnet": {"sets": {"mine": {"nodes": "n.csv", "edges": "sub/e.csv"}, "cora": {"dataset": "cora"}}},
    }
    out = alt.with_absolute_paths(config, tmp_path)
    assert out["data"]["mirror"] == str((tmp_path / "../mirror").resolve())
    assert out["realnet"]["sets"]["mine"] == {"nodes": str(tmp_path / "n.csv"), "edges": str(tmp_path / "sub/e.csv")}
    assert out["realnet"]["sets"]["cora"] == {"dataset": "cora"}
    assert alt.with_absolute_paths({"data": {"mirror": None}}, tmp_path) == {"data": {"mirror": None}}


def test_nested_configs_leave_out_the_yours_section(tmp_path: Path):
    """Nested runs build papers' claims only: a user's `yours` files are neither read nor checked there, and the
    nested config (a rule param) is the same with and without the section."""
    config = {"data": {"mirror": None}, "yours": {"datasets": {"m": {"path": "m.csv", "class": "y"}}}}
    out = alt.with_absolute_paths(config, tmp_path)
    assert out == {"data": {"mirror": None}} and "yours" in config


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_prepare_copies_the_source_and_links_code_and_data(tmp_path: Path):
    source, code = tmp_path / "source", tmp_path / "code"
    for part in alt.CODE_PARTS:
        _write(code / part / "x", part) if part != "Snakefile" else _write(code / part, "rules")
    result = _write(source / "results/studies/s/chunk.csv", "a\n1\n")
    os.utime(result, (1_000_000, 1_000_000))
    _write(source / "results/readings/r/a.claims.csv", "nested")
    _write(source / "results/report.html", "report")
    _write(source / ".snakemake/metadata/cmVzdWx0cw==", "{}")
    _write(source / ".snakemake/locks/0.input.lock", "lock")
    raw = _write(source / "data/raw/d/file.csv", "raw")
    work = tmp_path / "work"
    _write(work / "results/stale.csv", "from an earlier run")

    alt.prepare(work, code, source / "data/raw", {"k": 1}, source=source)
    copied = work / "results/studies/s/chunk.csv"
    assert copied.read_text() == "a\n1\n" and copied.stat().st_mtime == 1_000_000  # mtime kept
    assert not copied.samefile(result)  # a copy: a rerun job must not rewrite the source's file
    assert not (work / "results/readings").exists() and not (work / "results/report.html").exists()
    assert not (work / "results/stale.csv").exists()
    assert (work / ".snakemake/metadata/cmVzdWx0cw==").is_file() and not (work / ".snakemake/locks").exists()
    assert (work / "data/raw/d/file.csv").samefile(raw)
    assert all((work / part).is_symlink() for part in alt.CODE_PARTS)
    assert yaml.safe_load((work / alt.CONFIG_NAME).read_text()) == {"k": 1}
    # again, without a source (the base run starts empty), idempotent for code and data
    alt.prepare(work, code, source / "data/raw", {"k": 2})
    assert not (work / "results").exists() and (work / "data/raw/d/file.csv").is_file()
    (work / "workflow").unlink()
    (work / "workflow").mkdir()
    with pytest.raises(FileExistsError, match="not a link to the code"):
        alt.prepare(work, code, source / "data/raw", {"k": 2})


def test_first_error_names_the_failed_jobs_sentence(tmp_path: Path):
    _write(tmp_path / "logs/a.log", "INFO start\nValueError: the calibration cannot meet the tolerance 0.005.\n")
    assert alt.first_error(tmp_path, "fallback") == "the calibration cannot meet the tolerance 0.005."
    assert alt.first_error(tmp_path / "none", "fallback") == "fallback"


def test_not_run_keeps_the_rows_and_names_the_reason():
    claims = pd.DataFrame(
        {
            "paper": ["p"],
            "artifact": ["a"],
            "claim": ["c"],
            "paper_value": ["1"],
            "reproduced": ["2"],
            "verdict": ["pass"],
        }
    )
    out = alt.not_run(claims, "boom")
    assert out.verdict.tolist() == ["not run"] and out.reproduced.tolist() == ["alternative failed: boom"]
    assert out.claim.tolist() == ["c"]


def test_prepare_without_local_code_says_so(tmp_path: Path):
    # a git-hosted module's rule scripts come from Snakemake's source cache: no Snakefile beside them
    with pytest.raises(FileNotFoundError, match="no Snakefile in .*not from a git-hosted module"):
        alt.prepare(tmp_path / "work", tmp_path / "cache", tmp_path / "raw", {})
    assert not (tmp_path / "work").exists()
