"""lib.reporting.tallies: several runs' verdicts side by side."""

import pandas as pd
import pytest

from lib.reporting import tallies


def card(rows: dict) -> pd.DataFrame:
    """A scorecard of claims ``key -> (verdict, why, lean)``."""
    return pd.DataFrame(
        [
            {
                "id": f"p/a/{k}",
                "paper": "p",
                "artifact": "a",
                "claim": k,
                "paper_value": "v",
                "verdict": v,
                "why": w,
                "lean": way,
            }
            for k, (v, w, way) in rows.items()
        ]
    )


DEFAULT = card(
    {
        "x": ("fitted", "fitted: chose the default r=a; under it the check gives pass", "pass"),
        "y": ("fail", "paper: contradicts itself", ""),
        "z": ("unverifiable", "at this scale: wide", "fail"),
    }
)
LITERAL = card(
    {
        "x": ("fail", "ours", ""),
        "y": ("fail", "paper: contradicts itself", ""),
        "z": ("unverifiable", "data not public: restricted; the stand-in gives pass", "pass"),
    }
)


def test_tallies_count_each_class_per_run_and_never_count_fitted_as_pass():
    table = tallies.tallies({"default": DEFAULT, "literal": LITERAL}).set_index("run")
    assert "pass" not in table  # no run passes anything: a fitted claim is not a pass
    assert table.loc["default", "fitted"] == 1 and table.loc["literal", "fail (ours)"] == 1
    assert table.loc["literal", "data not public"] == 1 and (table["claims"] == 3).all()
    per_paper = tallies.tallies({"default": DEFAULT}, by="paper")
    assert per_paper["paper"].tolist() == ["p"]


def test_side_by_side_shows_each_verdict_with_its_lean_and_the_claims_that_differ():
    only_default = card({"w": ("pass", "", "")})
    table = tallies.side_by_side({"default": pd.concat([DEFAULT, only_default]), "literal": LITERAL}).set_index("claim")
    assert table.loc["x", "default"] == "fitted, leans pass" and table.loc["x", "literal"] == "fail (ours)"
    assert table.loc["z", "literal"] == "data not public, leans pass" and table.loc["w", "literal"] == "absent"
    md = tallies.markdown({"default": DEFAULT, "literal": LITERAL}, "T")
    assert md.startswith("# T\n") and "(2 of 3)" in md and "| a | y |" not in md  # y is the same in both


def test_a_claim_is_matched_by_its_id_whatever_its_words_under_each_run():
    other_words = LITERAL.assign(claim=["x under the text's reading", "y", "z"])
    table = tallies.side_by_side({"default": DEFAULT, "literal": other_words}).set_index("id")
    assert len(table) == 3 and table.loc["p/a/x", "claim"] == "x" and table.loc["p/a/x", "literal"] == "fail (ours)"


def test_a_run_label_may_not_be_a_column_name():
    with pytest.raises(ValueError, match="run labels \\['paper'\\] are column names"):
        tallies.side_by_side({"paper": DEFAULT, "literal": LITERAL})
