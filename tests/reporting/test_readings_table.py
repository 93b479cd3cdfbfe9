"""lib.reporting.readings_table: each claim under each alternative, and which verdicts change."""

from __future__ import annotations

import pandas as pd
import pytest

from lib.core import readings
from lib.reporting import readings_table as rt

READING = readings.REGISTRY["permutation.tie_rule"]


def claims(verdicts: dict, reproduced: str = "0.1") -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "id": f"ojala2009/table3/{claim}",
                "paper": "ojala2009",
                "artifact": "table3",
                "claim": claim,
                "paper_value": "p",
                "reproduced": reproduced,
                "verdict": verdict,
                "profile": "quick",
            }
            for claim, verdict in verdicts.items()
        ]
    )


RUNS = {
    ("permutation.tie_rule", "shuffled"): claims({"a": "pass", "b": "pass", "c": "fail"}),
    ("permutation.tie_rule", "first"): claims({"a": "pass", "b": "fail", "c": "fail"}, "0.3"),
    ("permutation.tie_rule", "vote"): claims({"a": "pass", "b": "not run", "c": "pass"}, ""),
}


def test_long_table_has_a_row_per_reading_alternative_and_claim():
    table = rt.long_table(RUNS)
    assert list(table.columns) == rt.COLUMNS and len(table) == 9
    assert set(table.loc[table.default, "alternative"]) == {READING.default}
    with pytest.raises(ValueError, match="lack the columns"):
        rt.long_table({("permutation.tie_rule", "first"): claims({"a": "pass"}).drop(columns="verdict")})
    assert rt.long_table({}).empty


def test_robustness_counts_claims_whose_verdict_changes_among_the_alternatives_that_ran():
    summary = rt.robustness(rt.long_table(RUNS))
    row = summary.set_index("reading").loc["permutation.tie_rule"]
    # a: pass everywhere; b: pass/fail (not run is not a verdict); c: fail/fail/pass
    assert (row.claims, row.same_verdict, row.changed) == (3, 1, 2)


def test_markdown_shows_the_passage_the_default_and_a_column_per_alternative():
    text = rt.markdown(rt.long_table(RUNS), "quick", {})
    assert "## permutation.tie_rule" in text and READING.passage in text and READING.why in text
    header = next(line for line in text.splitlines() if line.startswith("| paper"))
    assert "shuffled (default)" in header and "first" in header and "vote" in header
    assert "fail (0.3)" in text and "| pass |" in text  # a cell with no reproduced value is the verdict alone
    assert "`{}`" in text  # the scale is stated


def test_each_reading_says_what_its_text_names_and_what_chose_its_default():
    from lib.core import readings as registry

    silent = rt.text_note(registry.REGISTRY["network_tests.autocorrelation_measure"])
    assert "is silent on the point" in silent and "`neville2009/table1/autocorrelation.cora`" in silent
    named = rt.text_note(registry.REGISTRY["network_tests.nbc_estimation"])
    assert "names `ml`" in named and "judged *fitted*" in named
    assert rt.text_note(registry.REGISTRY["permutation.tie_rule"]).endswith("No claim chose its default.")
