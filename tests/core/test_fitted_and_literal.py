"""lib.core.readings: which claims chose a reading (fitted), and the literal configuration."""

import pytest
import yaml

from conftest import ROOT
from lib.core import readings
from lib.papers import registry
from lib.views import registry as views


def _flatten(node, prefix=""):
    out = {}
    for key, value in node.items():
        dotted = f"{prefix}{key}"
        out.update(_flatten(value, dotted + ".") if isinstance(value, dict) else {dotted: value})
    return out


def _config():
    return yaml.safe_load((ROOT / "config" / "config.yaml").read_text())


def test_the_literal_overlay_sets_exactly_the_texts_alternatives_that_are_not_defaults():
    literal = yaml.safe_load((ROOT / "config" / "literal.yaml").read_text())
    assert _flatten(literal) == readings.literal_overrides()


@pytest.mark.parametrize("reading", readings.REGISTRY.values(), ids=lambda r: r.name)
def test_every_reading_says_what_its_text_names_and_what_it_was_fitted_on(reading):
    assert reading.literal == "" or reading.literal in reading.alternatives
    assert set(reading.fitted_on) <= set(registry.CLAIMS), "fitted_on names claims no paper declares"
    artifacts = views.readings_touched(_config()).get(reading.name, {})
    for claim in reading.fitted_on:
        assert any(claim.startswith(a + "/") for a in artifacts), f"{claim} is not about the reading's artifacts"
    # a default the text names was chosen by the text: its claims stay tests
    if reading.fitted_on:
        assert reading.literal != reading.default


def _fitted(artifact: str, config) -> dict:
    return readings.fitted(artifact, views.ARTIFACTS[artifact].keys_read(config), config)


def test_claims_that_chose_a_default_are_fitted_only_under_that_default():
    config = _config()
    fitted = _fitted("neville2009/table1", config)
    assert set(fitted) == {c for c in readings.REGISTRY["network_tests.autocorrelation_measure"].fitted_on}
    assert set(fitted.values()) == {"network_tests.autocorrelation_measure=contingency"}
    config["network_tests"]["autocorrelation_measure"] = "phi"
    assert _fitted("neville2009/table1", config) == {}
    assert _fitted("ojala2009/table2", _config()) == {}  # chosen on Weka's own numbers: no claim fitted


def test_the_literal_configuration_fits_no_claim():
    config = _config()
    for dotted, value in readings.literal_overrides().items():
        node = config
        *parents, last = dotted.split(".")
        for part in parents:
            node = node[part]
        node[last] = value
    literal_fitted = {
        claim
        for reading in readings.REGISTRY.values()
        if reading.literal
        for artifact in views.readings_touched(config).get(reading.name, {})
        for claim in _fitted(artifact, config)
        if claim in reading.fitted_on
    }
    assert literal_fitted == set()
