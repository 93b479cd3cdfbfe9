"""lib.reporting.stability: a claim's class from its verdicts under independent seeds."""

import numpy as np
import pandas as pd
import pytest

from lib.core import seeding
from lib.reporting import stability


def card(verdicts: dict, reproduced: dict | None = None) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "id": f"p/a/{k}",
                "paper": "p",
                "artifact": "a",
                "claim": k,
                "paper_value": "v",
                "reproduced": (reproduced or {}).get(k, "0.5 [0.4, 0.6]"),
                "verdict": v,
            }
            for k, v in verdicts.items()
        ]
    )


def test_classify():
    assert stability.classify(["pass", "pass"]) == "pass" and stability.classify(["fail", "fail"]) == "fail"
    assert stability.classify(["pass", "fail", "pass"]) == "unstable"
    assert stability.classify(["pass", "unstable"]) == "unstable"
    assert stability.classify(["unverifiable", "unverifiable"]) == "unverifiable"
    assert stability.classify(["not run", "not run"]) == "not run"
    assert stability.classify(["not run", "pass"]) == "pass"  # a run that did not judge it does not count
    with pytest.raises(ValueError, match="unknown verdicts"):
        stability.classify(["maybe"])


def test_summarize_counts_passes_and_ranges_the_measured_value():
    table = stability.summarize(
        {
            7: card({"x": "pass", "y": "fail", "z": "pass"}, {"x": "0.512 [0.4, 0.6]"}),
            8: card({"x": "fail", "y": "fail", "z": "pass"}, {"x": "p = 0.380; other 9"}),
            9: card({"x": "pass", "y": "fail"}),
        }
    )
    rows = table.set_index("claim")
    assert rows.loc["x", "class"] == "unstable" and rows.loc["x", "passes"] == 2
    assert rows.loc["x", "verdicts"] == "pass/fail/pass"
    assert (rows.loc["x", "measured_min"], rows.loc["x", "measured_max"]) == (0.38, 0.512)
    assert rows.loc["y", "class"] == "fail (ours)" and rows.loc["z", "class"] == "pass"  # z not judged by seed 9
    assert rows.loc["z", "verdicts"] == "pass/pass/not run"
    assert rows.loc["x", "reproduced_first_seed"] == "0.512 [0.4, 0.6]"
    md = stability.markdown(table, [7, 8, 9], "quick", None)
    assert "7, 8, 9" in md and "| unstable | pass | p | a | x |" in md and "| pass |  | p | a | z" not in md


def test_measured_is_the_headline_number():
    assert stability.measured("NCV 0.050 [0.01, 0.1] vs RS 0.4") == 0.05
    assert stability.measured("12/22 significant") == 12 and np.isnan(stability.measured("not configured"))
    assert stability.measured("-0.03 change") == -0.03 and stability.measured("1e-4 level") == 1e-4
    assert stability.measured("0.1: 0.050 [0.01, 0.1]; 0.3: 0.2") == 0.05  # x labels are skipped
    assert stability.measured("10-fold/J48 0.0123; 5x2/NB 0.02") == 0.0123  # names are not numbers
    assert stability.measured("ρ=-1: 0.000, ρ=1: 0.010") == 0.0


def test_stability_seeds_start_with_the_base_seed_and_are_distinct():
    seeds = seeding.stability_seeds(20090601, 5)
    assert seeds[0] == 20090601 and len(set(seeds)) == 5 and all(0 <= s < 2**32 for s in seeds)
    assert seeding.stability_seeds(20090601, 3) == seeds[:3]  # more seeds extend the list
    with pytest.raises(ValueError):
        seeding.stability_seeds(1, 0)


def test_every_class_but_pass_says_why():
    first = card({"f": "fail", "u": "pass", "v": "unverifiable", "p": "pass"}).assign(
        why=["paper: a contradiction", "", "at this scale: too wide", ""]
    )
    second = card({"f": "fail", "u": "fail", "v": "unverifiable", "p": "pass"}, {"u": "0.7 [0.6, 0.8]"}).assign(
        why=["paper: a contradiction", "ours", "at this scale: too wide", ""]
    )
    table = stability.summarize({1: first, 2: second}).set_index("claim")
    assert table.loc["f", "why"] == "paper: a contradiction"
    assert table.loc["u", "why"] == "the seeds disagree (pass/fail); measured 0.5 .. 0.7"
    assert table.loc["v", "why"] == "at this scale: too wide" and table.loc["p", "why"] == ""
    # scorecards written before the column existed still summarize
    assert stability.summarize({1: card({"f": "fail"})}).loc[0, "why"] == ""


def test_classes_over_seeds_keep_fitted_and_data_not_public_apart_and_lean():
    fitted = "fitted: chose the default r=a; under it the check gives pass"
    stand_in = "data not public: its data; the stand-in gives fail"
    first = card({"f": "fitted", "d": "unverifiable", "v": "unverifiable", "u": "pass", "w": "unverifiable"}).assign(
        why=[fitted, stand_in, "at this scale: too wide", "", "at this scale"],
        lean=["pass", "fail", "pass", "", "pass"],
    )
    second = card({"f": "fitted", "d": "unverifiable", "v": "unverifiable", "u": "fail", "w": "unverifiable"}).assign(
        why=[fitted, stand_in, "at this scale: too wide", "ours", "at this scale"],
        lean=["pass", "fail", "pass", "", "fail"],
    )
    third = card({"f": "fitted", "d": "unverifiable", "v": "unverifiable", "u": "fail", "w": "unverifiable"}).assign(
        why=[fitted, stand_in, "at this scale: too wide", "ours", "at this scale"],
        lean=["pass", "fail", "fail", "", ""],
    )
    table = stability.summarize({1: first, 2: second, 3: third}).set_index("claim")
    assert table.loc["f", "class"] == "fitted" and table.loc["f", "lean"] == "pass" and table.loc["f", "passes"] == 0
    assert table.loc["d", "class"] == "data not public" and table.loc["d", "lean"] == "fail"
    assert table.loc["v", "class"] == "unverifiable" and table.loc["v", "lean"] == "pass"  # two of three runs
    assert table.loc["u", "class"] == "unstable" and table.loc["u", "lean"] == "fail"  # one pass, two fails
    assert table.loc["w", "lean"] == ""  # one each way, one neither
    counts = stability.counts(table.reset_index()).set_index("paper")
    assert counts.loc["p", "fitted"] == 1 and counts.loc["p", "data not public"] == 1 and "pass" not in counts
    md = stability.markdown(table.reset_index(), [1, 2, 3], "quick", None)
    assert "| fitted | pass | p | a | f |" in md and "| data not public | fail | p | a | d |" in md


def test_the_title_names_a_reduced_classifier():
    table = stability.summarize({1: card({"x": "pass"})})
    assert stability.markdown(table, [1], "paper", None, {"smo": 200}).startswith(
        "# Stability: each claim's verdict under independent base seeds (Weka's SMO on 200 randomisations)\n"
    )
    assert "(Weka" not in stability.markdown(table, [1], "paper", None).splitlines()[0]
