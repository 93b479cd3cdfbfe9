"""Tests for lib.reporting.scorecard: claims, verdicts, interval comparisons and the scorecard table."""
from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest
import yaml

from conftest import ROOT
from lib.core import readings
from lib.reporting import scorecard as sc


def _claim(**kw):
    base = dict(paper="p", artifact="a", claim="c", paper_value="1", tolerance="t", reproduced="r",
                verdict="pass", profile="quick")
    return sc.Claim(**{**base, **kw})


def test_claim_rejects_unknown_verdict():
    for v in sc.VERDICTS:
        assert _claim(verdict=v).verdict == v
    with pytest.raises(ValueError, match="verdict must be one of"):
        _claim(verdict="maybe")


def test_verdict_and_formatting():
    assert sc.verdict(True) == "pass" and sc.verdict(False) == "fail"
    assert sc.verdict(np.bool_(True)) == "pass" and sc.verdict(0) == "fail"
    assert sc.fmt_rate(0.05, 0.0312, 0.08) == "0.050 [0.031, 0.080]"
    assert sc.fmt_series([0.1, 2], [0.5, 0.25], [0.4, 0.2], [0.6, 0.3]) == \
        "0.1: 0.500 [0.400, 0.600]; 2: 0.250 [0.200, 0.300]"
    assert sc.fmt_series([], [], [], []) == ""


def test_falls_as_x_rises():
    # first interval wholly above the last, no significant step up
    assert sc.falls_as_x_rises([0.9, 0.5, 0.1], [0.8, 0.4, 0.05], [0.95, 0.6, 0.2])
    # overlapping ends: no significant fall
    assert not sc.falls_as_x_rises([0.5, 0.4], [0.3, 0.2], [0.6, 0.5])
    # falls overall but rises significantly in between
    assert not sc.falls_as_x_rises([0.9, 0.1, 0.6, 0.05], [0.85, 0.05, 0.5, 0.01], [0.95, 0.15, 0.7, 0.1])


def test_interval_comparisons():
    assert sc.significantly_below(0.2, 0.3) and not sc.significantly_below(0.3, 0.3)
    assert sc.significantly_below([0.1, 0.2], [0.15, 0.25])
    assert not sc.significantly_below([0.1, 0.3], [0.15, 0.25])
    assert sc.not_above(0.3, 0.3) and not sc.not_above(0.31, 0.3)
    assert sc.not_above([0.1, 0.2], [0.1, 0.5]) and not sc.not_above([0.1, 0.6], [0.2, 0.5])
    assert sc.no_significant_fall([0.1, 0.2, 0.2], [0.3, 0.4, 0.5])
    assert not sc.no_significant_fall([0.1, 0.5, 0.1], [0.3, 0.7, 0.4])  # 0.5 > 0.4
    assert sc.no_significant_fall([0.1], [0.3])
    assert sc.overlaps(0.1, 0.2, 0.2, 0.3) and sc.overlaps(0.0, 1.0, 0.4, 0.5)
    assert not sc.overlaps(0.1, 0.19, 0.2, 0.3) and not sc.overlaps(0.31, 0.4, 0.2, 0.3)


def test_claimbook_add_not_run_and_frame():
    book = sc.ClaimBook("neville2009", "fig1", "quick")
    book.add("rate falls", "0.9 -> 0.1", "95% CI", "0.8 -> 0.2", True)
    book.add("type I ok", "0.05", "CI", "0.2", np.bool_(False))
    book.not_run("nb claim", "0.3", "nb not in permutation.uci.classifiers")
    frame = book.frame()
    assert list(frame.columns) == sc.COLUMNS
    assert frame["verdict"].tolist() == ["pass", "fail", "not run"]
    assert frame.loc[2, "tolerance"] == "" and frame.loc[2, "reproduced"].startswith("nb not in")
    assert (frame["paper"] == "neville2009").all() and (frame["profile"] == "quick").all()
    assert sc.claims_frame([]).columns.tolist() == sc.COLUMNS and sc.claims_frame([]).empty


def test_collect_sorts_and_adds_readings():
    f1 = sc.claims_frame([_claim(paper="z", artifact="b", claim="1"), _claim(paper="a", artifact="y", claim="2")])
    f2 = sc.claims_frame([_claim(paper="a", artifact="x", claim="3"), _claim(paper="z", artifact="a", claim="4")])
    table = sc.collect([f1, f2])
    assert list(table.columns) == sc.COLUMNS
    assert table["claim"].tolist() == ["3", "2", "4", "1"]
    assert sc.collect([]).columns.tolist() == sc.COLUMNS and sc.collect([]).empty
    assert sc.collect([], config={}).columns.tolist() == sc.COLUMNS + ["readings"]

    artifact = next(iter(readings.REGISTRY.values())).artifacts[0]
    paper, art = artifact.split("/", 1)
    config = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    t = sc.collect([sc.claims_frame([_claim(paper=paper, artifact=art), _claim(paper="none", artifact="x")])],
                   config)
    assert t.columns[-1] == "readings"
    by = dict(zip(t["paper"] + "/" + t["artifact"], t["readings"]))
    assert by[artifact] == readings.describe(artifact, config) and "=" in by[artifact]
    assert by["none/x"] == ""


def test_markdown_counts_and_sections():
    table = sc.collect([sc.claims_frame([
        _claim(paper="b", claim="x1", verdict="pass"), _claim(paper="a", claim="x2", verdict="fail"),
        _claim(paper="a", claim="x3", verdict="pass")])])
    md = sc.markdown(table)
    assert md.startswith("# Scorecard: paper claims vs reproduced values\n")
    assert "2 pass, 1 fail, 3 claims." in md and "not run" not in md
    assert md.index("## a") < md.index("## b")
    section_a = md[md.index("## a"):md.index("## b")]
    assert "| x2 |" in section_a and "| x3 |" in section_a and "| x1 |" not in section_a
    assert "| artifact | claim |" in md and "| paper |" not in md  # the paper column is dropped
    with_not_run = sc.collect([sc.claims_frame([_claim(verdict="not run"), _claim()])])
    assert "1 pass, 0 fail, 1 not run (not configured), 2 claims." in sc.markdown(with_not_run)


def test_markdown_of_claims_read_back_from_csv_with_a_not_run_row():
    """As the scorecard rule does: claims are written to CSV, read back with dtype=str and
    rendered. A "not run" row has an empty tolerance, which reads back as NaN."""
    book = sc.ClaimBook("p", "a", "quick")
    book.add("c1", "0.05", "CI", "0.04", True)
    book.not_run("c2", "0.3", "not configured")
    buf = io.StringIO()
    book.frame().to_csv(buf, index=False)
    buf.seek(0)
    table = sc.collect([pd.read_csv(buf, dtype=str)])
    md = sc.markdown(table)
    assert "1 pass, 0 fail, 1 not run (not configured), 2 claims." in md
    assert "| c2 |" in md
