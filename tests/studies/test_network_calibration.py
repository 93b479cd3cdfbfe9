"""Leave-one-network-out calibration of a network set (lib.studies.network_calibration)."""

from __future__ import annotations

import numpy as np

from lib.studies import network_calibration
from network_cases import lgm_set


def test_leave_one_out_calibration_meets_the_tolerance_on_the_other_networks():
    netset = lgm_set(4)
    cal = network_calibration.calibration_set(
        np.random.default_rng(1), np.random.default_rng(2), netset, [0.2, 0.3], 3, 10
    )
    assert cal.test.shape == (4, 2 * 3 * 10, 180)
    assert not cal.test[0, :, 150:].any()  # padding is never scored
    found = network_calibration.calibrate_held_out(cal, 1, 0, 0.005, 1.0, "bernoulli")
    assert abs(found["difference"]) <= 0.005 and found["splits"] == 3 * 3 * 10
    assert found["handicapped"] in ("wvrn", "nbc")
    power = network_calibration.power_differences(cal, 1, 1, [0.05, 0.3], 1.0, "bernoulli")
    assert power[1]["difference"] > power[0]["difference"]
