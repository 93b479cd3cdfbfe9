import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lib.core import seeding


def test_stable_hash_is_independent_of_pythonhashseed():
    code = "from lib.core import seeding; print(seeding.stable_hash(['simulated', {'b': [0.1, 0.3], 'a': 'x'}]))"
    scripts = str(Path(seeding.__file__).resolve().parents[2])
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": s, "PYTHONPATH": scripts},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for s in ("1", "2", "random")
    }
    assert len(outs) == 1
    assert int(outs.pop()) == seeding.stable_hash(["simulated", {"a": "x", "b": [0.1, 0.3]}])


def test_entropy_changes_with_every_part_of_the_identity():
    base = seeding.job_entropy(7, "simulated", {"p": 0.1}, 0)
    assert base == seeding.job_entropy(7, "simulated", {"p": 0.1}, 0)
    others = [
        seeding.job_entropy(8, "simulated", {"p": 0.1}, 0),
        seeding.job_entropy(7, "relational", {"p": 0.1}, 0),
        seeding.job_entropy(7, "simulated", {"p": 0.2}, 0),
        seeding.job_entropy(7, "simulated", {"p": 0.1}, 1),
    ]
    assert all(o != base for o in others)


def test_generator_streams_are_reproducible_and_distinct():
    a = seeding.generator([1, 2, 3]).random(5)
    b = seeding.generator([1, 2, 3]).random(5)
    c = seeding.generator([1, 2, 4]).random(5)
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_negative_seed_is_rejected():
    with pytest.raises(ValueError, match="non-negative"):
        seeding.job_entropy(-1, "s", {}, 0)
