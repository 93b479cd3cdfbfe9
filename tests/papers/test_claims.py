"""lib.papers.claims: the vocabulary of claims (ids, templates, verdicts, rows)."""

import numpy as np
import pytest

from lib.papers.claims import (
    CLASSES,
    COLUMNS,
    NOT_PUBLIC,
    VERDICTS,
    Evidence,
    Outcome,
    Paper,
    by_range,
    judged,
    not_run,
    unverifiable,
    verdict_class,
)


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


def _one_claim_paper(outcome: Outcome, **declared) -> Paper:
    paper = Paper("p2000", "A paper")
    paper.add("fig1", "c", "t", lambda ev: outcome, value="v", criterion="c", **declared)
    return paper


def _row(paper: Paper, fitted=None):
    return paper.evaluate("fig1", Evidence(), "quick", fitted=fitted).iloc[0]


@pytest.mark.parametrize("verdict", ["pass", "fail"])
def test_a_claim_that_chose_its_reading_is_fitted_never_a_pass(verdict):
    row = _row(_one_claim_paper(judged(verdict == "pass", "0.40")), fitted={"p2000/fig1/c": "r.x=a"})
    assert row["verdict"] == "fitted" and row["lean"] == verdict and row["reproduced"] == "0.40"
    assert row["why"] == f"fitted: chose the default r.x=a; under it the check gives {verdict}"
    # under another alternative (no entry) the same check is a test again
    assert _row(_one_claim_paper(judged(verdict == "pass", "0.40")))["verdict"] == verdict


@pytest.mark.parametrize(
    "outcome", [judged(True, "0.5"), judged(False, "0.5"), unverifiable("0.5", "wide", lean="pass")]
)
def test_a_claim_on_data_that_are_not_public_is_unverifiable_with_what_the_stand_in_gives(outcome):
    paper = _one_claim_paper(outcome, data_not_public="its data are restricted", paper_side="never used")
    row = _row(paper, fitted={"p2000/fig1/c": "r.x=a"})  # not public wins over fitted: nothing is tested
    assert row["verdict"] == "unverifiable" and row["why"].startswith(NOT_PUBLIC + "its data are restricted")
    assert f"the stand-in gives {outcome.verdict}" in row["why"]
    assert row["lean"] == (outcome.verdict if outcome.verdict != "unverifiable" else outcome.lean)
    assert verdict_class(row["verdict"], row["why"]) == "data not public"


def test_leans_are_shown_only_for_undecided_rows_and_validated():
    assert _row(_one_claim_paper(Outcome("x", "pass", lean="fail")))["lean"] == ""
    assert _row(_one_claim_paper(unverifiable("x", "wide", lean="fail")))["lean"] == "fail"
    with pytest.raises(ValueError, match="lean must be one of"):
        Outcome("x", "unverifiable", lean="maybe")
    below = lambda v: v <= 0.01  # noqa: E731
    assert by_range([0.003, 0.005, 0.17], below, "r").lean == "pass"
    assert by_range([0.003, 0.15, 0.17], below, "r").lean == "fail"
    assert by_range([0.003, 0.17], below, "r").lean == ""


def test_verdict_classes_split_fails_and_unverifiables():
    assert verdict_class("fail", "paper: contradicts its figure") == "fail (paper)"
    assert verdict_class("fail", "ours") == "fail (ours)" and verdict_class("fail", float("nan")) == "fail (ours)"
    assert verdict_class("unverifiable", "at this scale: wide") == "unverifiable"
    assert verdict_class("fitted", "fitted: ...") == "fitted" and set(CLASSES) >= {"fitted", "data not public"}
