"""scripts/tools/bench.py (`make bench`) runs end to end on a tiny cell, so it cannot rot: one row per
cell and test with both sides timed and their ratio, the Markdown table on stdout, the CSV written,
and the Weka column left out with the reason. About 5 s. The Weka column itself is opt-in, as the
Weka cross-check is (REPRO_WEKA_TEST=1 with .venv-weka from `make weka-env`)."""

from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

from conftest import DATA_MIRROR
from tools import bench  # scripts/ is on pytest's pythonpath

needs_mirror = pytest.mark.skipif(not DATA_MIRROR.is_dir(), reason=f"no data mirror at {DATA_MIRROR} (set DATA_MIRROR)")


def run(tmp_path, *args):
    common = ["--budget", "0.05", "--rounds", "1", "--mirror", str(DATA_MIRROR), "--raw", str(tmp_path / "raw")]
    return bench.main(["--cells", "iris/1nn", "iris/nb", *common, "--out", str(tmp_path / "bench.csv"), *args])


@needs_mirror
def test_bench_times_every_cell_and_test_and_writes_the_table(tmp_path, capsys):
    frame = run(tmp_path, "--no-weka")
    written = pd.read_csv(tmp_path / "bench.csv")
    assert list(zip(written.dataset, written.classifier, written.test)) == [
        ("iris", "1nn", 1),
        ("iris", "1nn", 2),
        ("iris", "nb", 1),
        ("iris", "nb", 2),
    ]
    assert (written.ours_ms > 0).all() and (written.sklearn_ms > 0).all() and (written.sklearn_folds >= 1).all()
    # ours is what a study call of its size costs per randomisation: setup spread over the call
    np.testing.assert_allclose(written.ours_ms, written.ours_setup_ms / written.ours_call + written.ours_marginal_ms)
    np.testing.assert_allclose(written.sklearn_over_ours, written.sklearn_ms / written.ours_ms)
    assert written.weka_ms.isna().all() and len(frame) == 4
    out = capsys.readouterr().out
    assert "| iris/1nn | 150 x 4 | 1 |" in out and "Weka column left out (--no-weka)" in out


def test_without_the_weka_venv_the_column_says_why(monkeypatch, tmp_path):
    monkeypatch.setattr(bench, "WEKA_PYTHON", tmp_path / "absent" / "bin" / "python")
    results, note = bench.weka_column([], 1.0)
    assert results is None and "make weka-env" in note


def test_cells_are_data_set_slash_classifier_or_all():
    config = {"uci": {"datasets": ["iris", "zoo"], "classifiers": ["j48", "1nn"]}}
    assert bench.parse_cells(["segment-weka/smo"], config) == [("segment-weka", "smo")]
    assert bench.parse_cells(["all"], config) == [("iris", "j48"), ("iris", "1nn"), ("zoo", "j48"), ("zoo", "1nn")]
    with pytest.raises(SystemExit, match="classifier one of"):
        bench.parse_cells(["iris/knn"], config)
    assert set(bench.QUICK_CELLS) <= set(bench.DEFAULT_CELLS)


@needs_mirror
@pytest.mark.skipif(
    os.environ.get("REPRO_WEKA_TEST") != "1" or not bench.WEKA_PYTHON.is_file(),
    reason="opt-in: REPRO_WEKA_TEST=1 with .venv-weka (make weka-env)",
)
def test_the_weka_column_times_weka_on_the_same_cells(tmp_path, capsys):
    written = run(tmp_path)
    assert (written.weka_ms > 0).all() and (written.weka_folds >= 1).all()
    np.testing.assert_allclose(written.weka_over_ours, written.weka_ms / written.ours_ms)
    assert "Weka 3.9" in capsys.readouterr().out
