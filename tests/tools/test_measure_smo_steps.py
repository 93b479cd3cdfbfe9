"""measure_smo_steps.py: the counters it reports are the engine's, and its bound is the stated
traffic over the measured bandwidths."""

import numpy as np

from lib.data.attributes import AttributeSpec
from lib.data.datasets import TabularData
from tools import measure_smo_steps  # scripts/ is on pytest's pythonpath


def test_steps_row_counts_and_bound():
    rng = np.random.default_rng(0)
    n = 160
    X = rng.integers(0, 3, size=(n, 5)).astype(float)
    y = rng.integers(0, 2, n)
    data = TabularData("toy", X, y, AttributeSpec((3,) * 5), ("a", "b"), tuple("vwxyz"))
    row = measure_smo_steps.steps_row("toy", 1, data, 2, 5)
    assert row["steps"] > 0 and row["examines"] >= row["steps"]
    assert row["members_per_step"] == round(row["member_updates"] / row["steps"], 1)
    assert row["gram_itemsize"] == 1  # one-hot counts: int8
    members = row["member_updates"] / row["steps"]
    bound = members * 2 / (row["read_gb_per_s"] * 1e9) + members * 16 / (row["rmw_gb_per_s"] * 1e9)
    assert abs(bound * 1e9 - row["bound_ns_per_step"]) <= 0.01 * row["bound_ns_per_step"] + 0.1
    assert row["ns_per_step"] > 0 and row["cpu_seconds_per_randomization"] > 0
