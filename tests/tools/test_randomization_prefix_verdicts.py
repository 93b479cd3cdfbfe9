"""scripts/tools/randomization_prefix_verdicts.py, the evidence behind config/reduced_smo.yaml: on
synthetic chunks with known p-values, the prefix p-values and verdict changes are what Definition 1
gives, and chunks that do not cover 0..k-1 are refused."""

import numpy as np
import pandas as pd
import pytest

from tools import randomization_prefix_verdicts as rpv  # scripts/ is on pytest's pythonpath


def write_chunks(folder, classifier, test, errors, cut):
    folder.mkdir(parents=True, exist_ok=True)
    for a, b in cut:
        pd.DataFrame({"index": np.arange(a, b), "error": errors[a:b]}).to_csv(
            folder / f"{classifier}_test{test}_r{a}-{b}.csv", index=False
        )


def test_prefix_pvalues_follow_definition_1(tmp_path):
    folder = tmp_path / "studies/permutation/uci/toy"
    folder.mkdir(parents=True)
    pd.DataFrame({"index": [0, 1], "error": [0.10, 0.10]}).to_csv(folder / "smo_original.csv", index=False)
    # Test 1: no randomisation at or below 0.10 -> p = 1/(k+1); Test 2: the first 10 are below,
    # the rest above -> p on the first 10 is 11/11 = 1, on all 100 it is 11/101
    write_chunks(folder, "smo", 1, np.full(100, 0.5), [(0, 50), (50, 100)])
    write_chunks(folder, "smo", 2, np.r_[np.full(10, 0.05), np.full(90, 0.5)], [(0, 100)])
    frame = rpv.prefix_pvalues(tmp_path, "smo", [10, 50], alpha=0.05).set_index("test")
    assert frame.loc[1, "p10"] == pytest.approx(1 / 11, abs=1e-5)
    assert frame.loc[1, "p_full"] == pytest.approx(1 / 101, abs=1e-5)
    assert not frame.loc[1, "same_verdict10"] and frame.loc[1, "same_verdict50"]
    assert frame.loc[2, "p10"] == 1.0 and frame.loc[2, "p_full"] == pytest.approx(11 / 101, abs=1e-5)
    assert frame.loc[2, "same_verdict10"] and frame.loc[2, "same_verdict50"]
    with pytest.raises(ValueError, match="fewer than the prefix"):
        rpv.prefix_pvalues(tmp_path, "smo", [200], alpha=0.05)


def test_chunks_with_a_gap_are_refused(tmp_path):
    folder = tmp_path / "studies/permutation/uci/toy"
    folder.mkdir(parents=True)
    pd.DataFrame({"index": [0], "error": [0.1]}).to_csv(folder / "nb_original.csv", index=False)
    write_chunks(folder, "nb", 1, np.full(100, 0.5), [(0, 40), (50, 100)])
    with pytest.raises(ValueError, match="not 0..k-1"):
        rpv.prefix_pvalues(tmp_path, "nb", [10], alpha=0.01)
