"""How a job's randomisations are cut into chunks (lib.core.chunks)."""

import pytest

from lib.core import chunks


def test_chunk_ranges_cover_every_randomisation_once():
    for k, size in ((1000, 30), (100, 100), (100, 1000), (7, 1), (5, None)):
        ranges = chunks.chunk_ranges(k, size)
        covered = [r for a, b in ranges for r in range(a, b)]
        assert covered == list(range(k))
        assert all(0 < b - a <= (size or k) for a, b in ranges)
    assert chunks.chunk_ranges(0, 5) == [(0, 0)]
    with pytest.raises(ValueError, match="chunks"):
        chunks.chunk_ranges(10, 0)


def test_dataset_specific_size_wins_over_the_classifiers():
    per_job = {"smo": 100, "mushroom/smo": 25}
    assert chunks.randomizations_per_job(per_job, "smo", "mushroom") == 25
    assert chunks.randomizations_per_job(per_job, "smo", "iris") == 100
    assert chunks.randomizations_per_job(per_job, "j48", "mushroom") is None
    assert chunks.randomizations_per_job(None, "smo") is None


def test_reduced_randomizations_override_the_block_number_by_the_same_keys():
    block = {"randomizations": 1000, "reduced_randomizations": {"smo": 200, "splice/smo": 100}}
    assert chunks.randomizations_of(block, "smo", "splice") == 100
    assert chunks.randomizations_of(block, "smo", "iris") == 200
    assert chunks.randomizations_of(block, "j48", "splice") == 1000
    assert chunks.randomizations_of({"randomizations": 50}, "smo") == 50
    # a profile with fewer randomisations than the reduction (the quick one, readings.scale) keeps its own
    assert chunks.randomizations_of({**block, "randomizations": 100}, "smo", "iris") == 100
    # the reduced run's chunks are the full run's first ones when the cut is the same
    assert (
        chunks.chunk_ranges(chunks.randomizations_of(block, "smo", "iris"), 100) == chunks.chunk_ranges(1000, 100)[:2]
    )


def test_randomized_jobs_list_each_tests_chunks_per_data_set_and_classifier():
    block = {"randomizations": 100, "randomizations_per_job": {"iris/smo": 40}, "reduced_randomizations": {"nb": 30}}
    jobs = chunks.randomized_jobs(block, ["j48", "smo", "nb"], ["iris", "vote"])
    cut = [(j["start"], j["stop"]) for j in jobs if j["dataset"] == "iris" and j["classifier"] == "smo"]
    assert cut == [(0, 40), (40, 80), (80, 100)] * 2  # Test 1's chunks, then Test 2's
    assert [j["test"] for j in jobs if j["dataset"] == "iris" and j["classifier"] == "smo"] == [1] * 3 + [2] * 3
    assert {(j["start"], j["stop"]) for j in jobs if j["classifier"] == "nb"} == {(0, 30)}
    assert {(j["start"], j["stop"]) for j in jobs if j["dataset"] == "vote"} <= {(0, 100), (0, 30)}
    assert [j["dataset"] for j in jobs] == ["iris"] * 10 + ["vote"] * 6  # data set first, then classifier
    # without data sets (Figure 3): no dataset wildcard, the classifiers' own cut
    assert chunks.randomized_jobs({"randomizations": 9}, ["j48"]) == [
        {"classifier": "j48", "test": t, "start": 0, "stop": 9} for t in (1, 2)
    ]
