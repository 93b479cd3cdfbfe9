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
def test_every_registered_artifact_is_declared(reading):
    # every artifact is declared in lib.views, and the workflow makes one rule per declaration
    assert reading.default in reading.alternatives and reading.passage and reading.why
    for artifact in reading.artifacts:
        assert artifact in views.ARTIFACTS, artifact


def test_the_readings_target_can_select_every_registered_reading():
    assert set(schema_node("readings.include")["items"]["enum"]) == set(readings.REGISTRY)


def test_describe_names_each_reading_and_value():
    text = readings.describe("neville2009/fig1a_readings", CONFIG)
    assert text == "simulated.group_draw=per_fold/per_trial"
    assert readings.describe("raeder2012/fig3", CONFIG) == ""
    imbalance = {"platt_folds": "cv3", "metric_aggregation": "pooled", "j48_pruning": "unpruned"}
    assert (
        readings.describe("raeder2012/fig2d", {"imbalance": imbalance})
        == "imbalance.platt_folds=cv3; imbalance.metric_aggregation=pooled; imbalance.j48_pruning=unpruned"
    )
    with pytest.raises(KeyError, match="permutation.tie_rule"):
        readings.describe("ojala2009/table3", {"permutation": {}})


def test_the_readings_target_may_name_exactly_the_registered_readings():
    assert set(schema_node("readings.include")["items"]["enum"]) == set(readings.REGISTRY)


def test_permutation_engine_readings_name_registered_readings():
    for engine, option in readings.PERMUTATION_ENGINE_READINGS.items():
        assert f"permutation.{option}" in readings.REGISTRY, engine
        assert readings.REGISTRY[f"permutation.{option}"].key == f"permutation.{option}"
