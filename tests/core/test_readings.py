"""lib.core.readings: the registry agrees with the config, the schema and the workflow."""

import pytest
import yaml

from conftest import ROOT
from lib.core import readings
from lib.views import registry as views

CONFIG = yaml.safe_load((ROOT / "config/config.yaml").read_text())
SCHEMA = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())


def schema_node(dotted: str) -> dict:
    """The schema of a dotted config key (following properties, additionalProperties and $ref)."""
    node = SCHEMA
    for part in dotted.split("."):
        props = node.get("properties", {})
        node = props[part] if part in props else node["additionalProperties"]
        while "$ref" in node:  # "#/$defs/name"
            target = SCHEMA
            for step in node["$ref"].lstrip("#/").split("/"):
                target = target[step]
            node = target
    return node


@pytest.mark.parametrize("reading", readings.REGISTRY.values(), ids=lambda r: r.name)
def test_the_config_holds_the_registered_default(reading):
    for key in reading.config_keys():
        value = readings.lookup(CONFIG, key)
        want = reading.scenario_defaults[key.split(".")[2]] if "{scenario}" in reading.key else reading.default
        assert value == want, f"{key}: config.yaml has {value!r}, the registry's default is {want!r}"


@pytest.mark.parametrize("reading", readings.REGISTRY.values(), ids=lambda r: r.name)
def test_the_schema_allows_exactly_the_registered_alternatives(reading):
    for key in reading.config_keys():
        assert set(schema_node(key)["enum"]) == set(reading.alternatives), key


@pytest.mark.parametrize("reading", readings.REGISTRY.values(), ids=lambda r: r.name)
def test_every_reading_is_behind_some_artifact(reading):
    # a reading no artifact depends on would be a config key nothing reads
    assert reading.default in reading.alternatives and reading.passage and reading.why
    assert views.readings_touched(CONFIG).get(reading.name), f"no artifact depends on {reading.key}"


def test_the_readings_target_can_select_every_registered_reading():
    assert set(schema_node("readings.include")["items"]["enum"]) == set(readings.REGISTRY)


def test_describe_names_each_reading_and_value():
    keys = views.ARTIFACTS["neville2009/fig1a_readings"].keys_read(CONFIG)
    assert readings.describe(keys, CONFIG) == "simulated.group_draw=per_fold/per_trial"
    assert readings.describe(views.ARTIFACTS["raeder2012/fig3"].keys_read(CONFIG), CONFIG) == ""
    imbalance = {"platt_folds": "cv3", "metric_aggregation": "pooled", "j48_pruning": "unpruned"}
    keys = {f"imbalance.{k}" for k in imbalance} | {"imbalance.classifiers"}
    assert (
        readings.describe(keys, {"imbalance": imbalance})
        == "imbalance.platt_folds=cv3; imbalance.metric_aggregation=pooled; imbalance.j48_pruning=unpruned"
    )
    with pytest.raises(KeyError, match="permutation.tie_rule"):
        readings.describe({"permutation.tie_rule"}, {"permutation": {}})


def test_a_scenario_reading_matches_each_scenarios_key_and_its_own_default():
    reading = readings.REGISTRY["simulated.group_draw"]
    assert reading.matches("simulated.scenarios.wang_fig1b.reading")
    assert not reading.matches("simulated.scenarios.wang_fig1b.reading.extra")
    assert not reading.matches("simulated.scenarios.reading")
    assert reading.default_of("simulated.scenarios.neville_fig1a_per_trial.reading") == "per_trial"
    assert reading.default_of("simulated.scenarios.wang_fig1a.reading") == "per_fold"


def test_the_readings_target_may_name_exactly_the_registered_readings():
    assert set(schema_node("readings.include")["items"]["enum"]) == set(readings.REGISTRY)


def test_permutation_engine_readings_name_registered_readings():
    for engine, option in readings.PERMUTATION_ENGINE_READINGS.items():
        assert f"permutation.{option}" in readings.REGISTRY, engine
        assert readings.REGISTRY[f"permutation.{option}"].key == f"permutation.{option}"
