"""lib.papers.claims: the vocabulary of claims (ids, templates, verdicts, rows)."""

import numpy as np
import pytest

from lib.papers.claims import COLUMNS, VERDICTS, Evidence, Outcome, Paper, by_range, judged, not_run, unverifiable


def test_outcomes_and_verdicts():
    assert judged(True, "x").verdict == "pass" and judged(np.bool_(False), "x").verdict == "fail"
    assert not_run("nb not configured").verdict == "not run"
    assert unverifiable("garbled input").verdict == "unverifiable"
    for v in VERDICTS:
        assert Outcome("x", v).verdict == v
    with pytest.raises(ValueError, match="verdict must be one of"):
        Outcome("x", "maybe")


def test_by_range_is_unstable_only_when_the_range_straddles_the_criterion():
    below = lambda v: v <= 0.01  # noqa: E731
    assert by_range([0.001, 0.005], below, "r").verdict == "pass"
    assert by_range([0.02, 0.3], below, "r").verdict == "fail"
    assert by_range([0.003, 0.17], below, "r").verdict == "unstable"


def test_paper_declares_evaluates_and_fills_templates():
    paper = Paper("p2000", "A paper")

    @paper.claim(
        "fig1", "low", "rate at {x:g} below {alpha:g}", value="low", location="Sec. 2", criterion="rate <= {alpha:g}"
    )
    def _(ev):
        rate = float(ev["summary"]["rate"].iloc[0])
        return judged(rate <= ev.params["alpha"], f"{rate:.2f}", x=0.1)

    paper.add("fig1", "absent", "only when present", lambda ev: None, value="v", criterion="c")
    paper.add("fig2", "other", "t", lambda ev: not_run("not configured"), value="v", criterion="c")
    import pandas as pd

    table = paper.evaluate("fig1", Evidence({"summary": pd.DataFrame({"rate": [0.03]})}, {"alpha": 0.05}), "quick")
    assert list(table.columns) == COLUMNS and len(table) == 1  # the claim returning None has no row
    row = table.iloc[0]
    assert row["id"] == "p2000/fig1/low" and row["claim"] == "rate at 0.1 below 0.05"
    assert row["criterion"] == "rate <= 0.05" and row["verdict"] == "pass" and row["location"] == "Sec. 2"
    assert paper.artifacts() == ["fig1", "fig2"]
    with pytest.raises(ValueError, match="declared twice"):
        paper.add("fig1", "low", "t", lambda ev: None, value="v", criterion="c")
    with pytest.raises(KeyError, match="no claims about 'fig3'"):
        paper.of("fig3")
