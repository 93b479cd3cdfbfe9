"""Reading relational.power_x_measure: the power panels' x over the calibration splits
(lib.studies.relational.calibrate, power_x, handicapped_accuracies)."""

import numpy as np
import pytest

from lib.core import readings
from lib.models import handicap, wvrn_nbc
from lib.studies import relational

NETWORK = dict(
    mean_group_size=10,
    p_type_a=0.75,
    p_pos_a=0.9,
    p_pos_b=0.1,
    p_within_a=0.6,
    p_within_b=0.4,
    p_between_a=0.003,
    p_between_b=0.013,
    cross_rule="mean",
)
MODELS = {"nbc_estimation": "laplace", "rsc_q_estimate": "moments", "handicap_magnitude": "uniform"}


def test_the_measures_are_the_registered_alternatives():
    assert set(relational.POWER_X_MEASURES) == set(readings.REGISTRY["relational.power_x_measure"].alternatives)


@pytest.mark.parametrize("selection", handicap.SELECTIONS)
@pytest.mark.parametrize("strength", [1.0, 0.4, handicap.UNIFORM])
def test_per_split_accuracies_average_to_the_calibrated_difference(selection, strength):
    # the rows whose mean wvrn_nbc.handicap_difference takes, so signed_mean is today's x
    rng = np.random.default_rng(3)
    probs, other = rng.random((2, 12, 40))
    labels = (rng.random(40) < 0.6).astype(int)
    test = rng.random((12, 40)) < 0.5
    keys = handicap.perturbation_keys(rng, (12, 40))
    perturbation = {"strength": strength, "selection": selection}
    rows = relational.handicapped_accuracies(probs, labels, test, 1, keys, perturbation)
    difference = wvrn_nbc.handicap_difference(probs, other, labels, test, keys, **perturbation)
    other_rows = wvrn_nbc.accuracy(other, labels, test)
    for c in (0.0, 0.1, 0.35, 1.0):
        assert rows(c).shape == (12,)
        assert rows(c).mean() - other_rows.mean() == pytest.approx(difference(c), abs=1e-12)


def test_power_x_by_hand():
    other = np.array([0.8, 0.7, 0.6, 0.9])

    def handicapped(c):
        return other - np.array([0.1, -0.1, 0.2, c])

    signed = relational.power_x("signed_mean", other, handicapped)
    absolute = relational.power_x("mean_absolute", other, handicapped)
    assert signed(0.0) == pytest.approx(0.05) and absolute(0.0) == pytest.approx(0.1)
    assert signed(-0.2) == pytest.approx(0.0) and absolute(-0.2) == pytest.approx(0.15)
    # with every split on one side the two agree
    assert relational.power_x("mean_absolute", other, lambda c: other - 0.03)(0.0) == pytest.approx(0.03)
    with pytest.raises(ValueError, match="measure must be one of"):
        relational.power_x("absolute_mean", other, handicapped)


@pytest.mark.parametrize("stage", ["after", "during"])
def test_calibrate_changes_only_the_power_rows_difference(stage):
    cal = {"network": {**NETWORK, "n_nodes": 150}, "networks": 3, "folds": 5}
    models = {**MODELS, "handicap_stage": stage}
    setting = {"purpose": "power", "prop_labeled": [0.3], "strength": 1.0, "selection": "bernoulli"}
    setting["handicaps"] = [0.025, 0.3]
    tables = {
        m: relational.calibrate(150, cal, setting, [5, 1, 0], [5, 2, 0], models=models, x_measure=m)[0]
        for m in relational.POWER_X_MEASURES
    }
    signed, absolute = tables["signed_mean"], tables["mean_absolute"]
    same = [c for c in signed.columns if c != "difference"]
    assert signed[same].equals(absolute[same])
    gap = signed["accuracy_wvrn"] - signed["accuracy_nbc"]
    assert np.allclose(signed["difference"], gap, atol=1e-12)
    # splits differ in sign at the smallest handicap, so the absolute mean lies strictly above
    assert (absolute["difference"] >= gap.abs() - 1e-12).all()
    assert absolute["difference"].iloc[0] > abs(gap.iloc[0]) + 1e-3


def test_calibrate_rejects_an_unknown_measure():
    cal = {"network": {**NETWORK, "n_nodes": 60}, "networks": 1, "folds": 3}
    setting = {"purpose": "power", "prop_labeled": [0.3], "strength": 1.0, "selection": "bernoulli", "handicaps": [0.1]}
    with pytest.raises(ValueError, match="x_measure must be one of"):
        relational.calibrate(60, cal, setting, [1, 1, 0], [1, 2, 0], models=MODELS, x_measure="median")


def test_during_stage_infers_once_per_handicap_under_either_measure(monkeypatch):
    # the signed difference and the absolute x read the same inference run
    calls = []
    infer = wvrn_nbc.infer_handicapped

    def counted(*args, **kwargs):
        calls.append(1)
        return infer(*args, **kwargs)

    monkeypatch.setattr(wvrn_nbc, "infer_handicapped", counted)
    cal = {"network": {**NETWORK, "n_nodes": 80}, "networks": 2, "folds": 4}
    setting = {"purpose": "power", "prop_labeled": [0.3], "strength": 1.0, "selection": "bernoulli"}
    setting["handicaps"] = [0.05, 0.2, 0.4]
    for measure in relational.POWER_X_MEASURES:
        calls.clear()
        relational.calibrate(
            80, cal, setting, [2, 1, 0], [2, 2, 0], models={**MODELS, "handicap_stage": "during"}, x_measure=measure
        )
        assert len(calls) == 3, measure


def test_every_x_measure_has_its_caption_words():
    from lib.core import readings
    from lib.reporting import captions

    assert set(captions.POWER_X_WORDS) == set(readings.REGISTRY["relational.power_x_measure"].alternatives)
    assert "absolute" in captions.power_x_clause("mean_absolute", 50, 10) and "(50 networks x 10" in (
        captions.power_x_clause("signed_mean", 50, 10)
    )
