"""An artifact's readings follow from its declaration: the config keys its settings read and those
of the study jobs it reads (lib.core.jobs, lib.views.artifact.Artifact.keys_read); no list maps
readings to artifacts. Every caption names them."""

from __future__ import annotations

import copy

import pandas as pd
import pytest
import yaml

from conftest import ROOT, overlaid
from lib.core import jobs, readings
from lib.infra.alternatives import set_key
from lib.views import registry
from lib.views.artifact import Artifact, Built, Reads, artifact_of_rule, markdown, read, study_jobs

CONFIG = yaml.safe_load((ROOT / "config/config.yaml").read_text())
PROFILES = {
    "config": CONFIG,
    "quick": overlaid(CONFIG, yaml.safe_load((ROOT / "config/quick.yaml").read_text())),
    "smoke": overlaid(CONFIG, yaml.safe_load((ROOT / "config/smoke.yaml").read_text())),
}


def names(artifact: Artifact, config=CONFIG, wildcards=None) -> list[str]:
    return [r.name for r in artifact.readings(config, wildcards)]


def test_readings_come_from_what_the_artifact_and_the_jobs_it_reads_read():
    artifacts = registry.ARTIFACTS
    # a study job's reading (the network generator's cross rule) reaches the panels through the summary
    assert "relational.cross_rule" in names(artifacts["neville2009/fig1c"])
    # the power panels' x is measured by the power calibrations: not behind a Type I panel
    assert "relational.power_x_measure" in names(artifacts["neville2009/fig1d"])
    assert "relational.power_x_measure" not in names(artifacts["neville2009/fig1c"])
    assert "relational.power_x_measure" not in names(artifacts["wang2011/fig2a"])
    # how RS-C estimates q acts on RS-C's rows only: Wang's panels, never Neville's (t-tests only)
    assert "network_tests.rsc_q_estimate" in names(artifacts["wang2011/fig2a"])
    for neville in ("fig1a", "fig1b", "fig1c", "fig1d", "fig1e", "fig1f"):
        assert "network_tests.rsc_q_estimate" not in names(artifacts[f"neville2009/{neville}"]), neville
    # a reading only the CV job takes (SMO's Platt folds) reaches the rankings, whose settings do not read it
    assert "imbalance.platt_folds" in names(artifacts["raeder2012/rankings"])
    # an artifact reading no study job that depends on a reading has none
    assert names(artifacts["raeder2012/fig3"]) == [] and names(artifacts["wang2011/theorems"]) == []


def test_a_scenario_readings_keys_are_those_of_the_scenarios_read():
    keys = registry.ARTIFACTS["neville2009/fig1a_readings"].keys_read(CONFIG)
    (reading, found), *_ = readings.behind(keys)
    assert reading.name == "simulated.group_draw"
    assert found == [
        "simulated.scenarios.neville_fig1a.reading",
        "simulated.scenarios.neville_fig1a_per_trial.reading",
    ]


def test_a_new_artifact_gets_its_readings_without_being_listed_anywhere():
    artifact = Artifact(
        "neville2009",
        "made_up",
        "relational",
        "A panel no reading names",
        reads={"summary": Reads("relational_summary", "summary", rows={"purpose": ("type1",)})},
        settings=lambda config: {},
        about=lambda s: "A made-up panel.",
        build=lambda tables, s: Built(pd.DataFrame()),
    )
    got = names(artifact)
    assert {"relational.cross_rule", "relational.handicap_selection", "network_tests.nbc_estimation"} <= set(got)
    assert "relational.power_x_measure" not in got
    settings = artifact.configure(CONFIG)
    assert "relational.cross_rule=mean" in artifact.summary(settings)


def _under(config: dict, keys: list[str], value: str) -> dict:
    changed = copy.deepcopy(config)
    for key in keys:
        set_key(changed, key, value)
    return changed


CASES = [
    (artifact_id, member, reading.name, keys, alternative)
    for artifact_id, artifact in {**registry.ARTIFACTS, **registry.YOURS}.items()
    for member in ([None] if not artifact.wildcards else artifact.members(PROFILES["smoke"])[:1])
    for reading, keys in readings.behind(artifact.keys_read(PROFILES["smoke"], member))
    for alternative in reading.alternatives
]


@pytest.mark.parametrize("artifact_id, member, name, keys, alternative", CASES, ids=lambda v: str(v))
def test_every_caption_names_each_reading_behind_it_under_each_alternative(
    artifact_id, member, name, keys, alternative
):
    artifact = {**registry.ARTIFACTS, **registry.YOURS}[artifact_id]
    config = _under(PROFILES["smoke"], keys, alternative)
    settings = artifact.configure(config, member)
    text = artifact.written_caption(settings, Built(pd.DataFrame()))
    assert f"{name}={alternative}" in text, f"{artifact_id}'s caption does not say {name}={alternative}"
    assert f"{name}={alternative}" in artifact.summary(settings)


def test_the_caption_check_finds_a_reading_dropped_from_a_caption():
    # the guard above is no tautology: a caption built without the readings fails it
    artifact = registry.ARTIFACTS["neville2009/fig1c"]
    settings = {**artifact.configure(CONFIG), "readings": ""}
    assert "relational.cross_rule=" not in artifact.written_caption(settings, Built(pd.DataFrame()))


def test_every_rule_an_artifact_reads_is_a_declared_study_job_or_an_artifact():
    # else what it depends on would be unknown, and its readings could drop out
    for artifact in {**registry.ARTIFACTS, **registry.YOURS}.values():
        for spec in artifact.reads.values():
            if isinstance(spec, Reads):
                assert spec.rule in study_jobs() or artifact_of_rule(spec.rule), (artifact.id, spec.rule)


@pytest.mark.parametrize("profile", PROFILES)
def test_every_artifact_depends_on_some_config_key_under_each_profile(profile):
    for artifact in {**registry.ARTIFACTS, **registry.YOURS}.values():
        members = [None] if not artifact.wildcards else artifact.members(PROFILES[profile])
        for member in members:
            assert artifact.keys_read(PROFILES[profile], member), artifact.id


def test_reading_a_table_keeps_only_the_declared_rows(tmp_path):
    path = tmp_path / "t.csv"
    pd.DataFrame({"purpose": ["type1", "power", "type1"], "test": ["paired_t", "rsc_paired", "rsc_paired"]}).to_csv(
        path, index=False
    )
    kept = read(path, {"purpose": ("type1",), "test": ("paired_t", "unpaired_t")})
    assert kept.to_dict("list") == {"purpose": ["type1"], "test": ["paired_t"]}
    assert len(read(path, {"absent_column": ("x",)})) == 3


def test_keys_read_follows_upstream_jobs_and_scopes():
    toy = {
        "summary": jobs.Job(
            ("n",),
            lambda c, w: {"n": c["s"]["n"]},
            lambda c, w: [("chunk", {"purpose": p}) for p in ("a", "b")],
        ),
        "chunk": jobs.Job(
            ("x", "q"),
            lambda c, w: {"x": c["s"][f"x_{w['purpose']}"], "q": c["t"]["q"]},
            scoped={"t.q": {"test": ("rsc",)}},
        ),
    }
    config = {"s": {"n": 1, "x_a": 2, "x_b": 3, "unused": 4}, "t": {"q": "m"}}
    assert jobs.keys_read(toy, "summary", config) == {"s.n", "s.x_a", "s.x_b", "t.q"}
    assert jobs.keys_read(toy, "summary", config, rows={"purpose": ("a",)}) == {"s.n", "s.x_a", "t.q"}
    assert jobs.keys_read(toy, "summary", config, rows={"test": ("t",)}) == {"s.n", "s.x_a", "s.x_b"}


def test_a_jobs_params_must_be_the_names_it_declares():
    job = jobs.Job(("a",), lambda c, w: {"a": 1, "b": 2})
    with pytest.raises(ValueError, match="declaration names"):
        job.evaluate({})


def test_a_tables_markdown_ends_with_its_readings():
    built = Built(pd.DataFrame(), markdown="| a |\n|---|\n| 1 |\n")
    text = markdown(built, "caption", {"readings": "permutation.tie_rule=shuffled"})
    assert text.endswith("| 1 |\n\nReadings: permutation.tie_rule=shuffled.\n")
    assert markdown(built, "caption", {"readings": ""}) == built.markdown
    assert markdown(Built(pd.DataFrame()), "the caption", {"readings": "x=y"}) == "the caption"
