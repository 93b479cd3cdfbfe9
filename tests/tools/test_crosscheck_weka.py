"""Opt-in: scripts/tools/crosscheck_weka.py against real Weka on one data set (breast-cancer:
nominal attributes, missing values, many exact 1-NN ties, so tie rule and missing-value
distance both matter).

Skipped in the normal suite. To run it (about 20 s; needs java):

    make weka-test      # = make weka-env, then REPRO_WEKA_TEST=1 .venv/bin/python -m pytest \
                        #   tests/tools/test_crosscheck_weka.py -v

The harness runs in .venv-weka (python-weka-wrapper3, Weka 3.9.7), or in the interpreter named
by REPRO_WEKA_PYTHON; Weka 3.6 is checked as well when Debian's weka (3.6.14) is installed.

Thresholds, from the full run over the 22 UCI data sets (results/crosscheck/weka.md):
* 1-NN with Weka's ranges and the default TIE_TOL agreed with Weka (IB1 and IBk -K 1, 3.6.14
  and 3.9.7) on every row except one iris row (99.33%, a mathematically exact tie that
  Weka's exact comparison of doubles breaks by rounding); with the fast engine's whole-data
  ranges the worst was 99.35% (hepatitis, 1 of 155 rows). 99% allows that one-row level on
  breast-cancer (at most 2 of 286 rows) and still fails anything systematic: the wrong tie
  rule ("first" against IBk) gives 87.8% here.
* With tol=0 (exact comparison, element-wise distance in Weka's order of operations) the
  agreement was 100% on all 22 data sets in both versions, so it must be 100% here.
* NaiveBayesWeka agreed on 100% of the rows of all 22 data sets; >= 99% is required.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from conftest import DATA_MIRROR, ROOT

WEKA_PYTHON = Path(os.environ.get("REPRO_WEKA_PYTHON", ROOT / ".venv-weka" / "bin" / "python"))
HOW = "opt-in: `make weka-test` (REPRO_WEKA_TEST=1 with .venv-weka from `make weka-env`)"
if os.environ.get("REPRO_WEKA_TEST") != "1":
    pytestmark = pytest.mark.skip(reason=f"Weka cross-check is {HOW}")
elif not WEKA_PYTHON.is_file():
    pytestmark = pytest.mark.skip(reason=f"no {WEKA_PYTHON}; run `make weka-env` first ({HOW})")

NN_MIN_AGREEMENT = 99.0
NB_MIN_AGREEMENT = 99.0


@pytest.fixture(scope="module")
def crosscheck(tmp_path_factory) -> pd.DataFrame:
    tmp = tmp_path_factory.mktemp("weka")
    out = tmp / "weka.csv"
    proc = subprocess.run(
        [
            str(WEKA_PYTHON),
            str(ROOT / "scripts" / "tools" / "crosscheck_weka.py"),
            "--mirror",
            str(DATA_MIRROR),
            "--raw",
            str(tmp / "raw"),
            "--datasets",
            "breast-cancer",
            "--classifiers",
            "IB1",
            "IBk -K 1",
            "NaiveBayes",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out.with_suffix(".md").is_file()
    assert (tmp / "weka_disagreements.csv").is_file()
    return pd.read_csv(out)


def test_harness_ran_and_loader_matches_weka(crosscheck):
    assert set(crosscheck["dataset"]) == {"breast-cancer"}
    assert "3.9.7" in set(crosscheck["weka_version"].astype(str))
    assert (crosscheck["loader_check"] == "ok").all()
    assert (crosscheck["n"] == 286).all()


def test_1nn_agrees_with_weka(crosscheck):
    nn = crosscheck[
        crosscheck["weka_classifier"].isin(["IB1", "IBk -K 1"]) & ~crosscheck["ours"].str.contains("IB1 absent")
    ]
    assert len(nn) >= 3
    exact = nn["ours"].str.contains("tol=0")
    assert (nn.loc[~exact, "agreement_pct"] >= NN_MIN_AGREEMENT).all(), nn.to_string()
    assert (nn.loc[exact, "agreement_pct"] == 100.0).all(), nn.to_string()


def test_naive_bayes_agrees_with_weka(crosscheck):
    nb = crosscheck[crosscheck["weka_classifier"] == "NaiveBayes"]
    assert len(nb) >= 1
    assert (nb["agreement_pct"] >= NB_MIN_AGREEMENT).all(), nb.to_string()
