"""lib.reporting.scorecard: every artifact's claims in one table, with the readings behind them."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from lib.papers import registry
from lib.papers.claims import COLUMNS
from lib.reporting import scorecard as sc


def rows(*ids_verdicts, why=None, lean=None):
    """Claims rows of registered claims (ids from the registry) with the given verdicts (and the
    ``why`` and ``lean`` of each, when given)."""
    out = []
    for i, (cid, verdict) in enumerate(ids_verdicts):
        claim = registry.CLAIMS[cid]
        out.append(
            {
                "id": cid,
                "paper": claim.paper,
                "artifact": claim.artifact,
                "claim": claim.text,
                "location": claim.location,
                "paper_value": claim.value,
                "criterion": claim.criterion,
                "reproduced": "r",
                "verdict": verdict,
                "lean": "" if lean is None else lean[i],
                "why": "" if why is None else why[i],
                "profile": "quick",
            }
        )
    return pd.DataFrame(out, columns=COLUMNS)


IDS = list(registry.CLAIMS)
FIRST_OF = {p: next(c for c in IDS if c.startswith(p + "/")) for p in registry.PAPERS}


def test_collect_sorts_by_paper_and_adds_readings():
    frames = [rows((FIRST_OF["wang2011"], "pass")), rows((FIRST_OF["neville2009"], "fail"))]
    table = sc.collect(frames)
    assert list(table.columns) == COLUMNS and table["paper"].tolist() == ["neville2009", "wang2011"]
    assert sc.collect([]).columns.tolist() == COLUMNS and sc.collect([]).empty
    cid = FIRST_OF["neville2009"]
    artifact = cid.rsplit("/", 1)[0]
    t = sc.collect([rows((cid, "pass"))], {artifact: "simulated.group_draw=per_fold"})
    assert t.columns[-1] == "readings" and t["readings"].iloc[0] == "simulated.group_draw=per_fold"


def test_collect_rejects_a_claim_no_paper_declares():
    bad = rows((FIRST_OF["ojala2009"], "pass")).assign(id="ojala2009/table9/made_up")
    with pytest.raises(ValueError, match="not declared in lib.papers"):
        sc.collect([bad])


def test_markdown_counts_every_verdict_class_and_has_a_section_per_paper():
    table = sc.collect(
        [
            rows(
                (FIRST_OF["raeder2012"], "pass"),
                (FIRST_OF["neville2009"], "fail"),
                (FIRST_OF["ojala2009"], "unstable"),
                (FIRST_OF["wang2011"], "not run"),
            )
        ]
    )
    md = sc.markdown(table)
    assert md.startswith("# Scorecard: paper claims vs reproduced values\n")
    assert "1 pass, 1 fail (ours), 1 unstable (1 neither), 1 not run of 4 claims." in md
    assert md.index("## neville2009") < md.index("## ojala2009") < md.index("## raeder2012")
    assert "| id |" not in md and "| artifact | claim |" in md


def test_counts_split_the_fails_by_why():
    ids = [c for c in IDS if c.startswith("neville2009/")][:3]
    table = sc.collect([rows(*[(c, "fail") for c in ids], why=["paper: a contradiction", "ours", "ours"])])
    assert sc.counts_line(table) == "1 fail (paper), 2 fail (ours) of 3 claims"


def test_counts_keep_fitted_and_data_not_public_apart_and_say_the_leans():
    ids = IDS[:7]
    table = sc.collect(
        [
            rows(
                *zip(ids, ["pass", "fitted", "fitted", "unverifiable", "unverifiable", "unverifiable", "unstable"]),
                why=[
                    "",
                    "fitted: chose the default r=a; under it the check gives pass",
                    "fitted: chose the default r=a; under it the check gives fail",
                    "data not public: its data; the stand-in gives fail",
                    "at this scale: too wide",
                    "at this scale: too wide",
                    "its range straddles",
                ],
                lean=["", "pass", "fail", "fail", "pass", "", "pass"],
            )
        ]
    )
    line = sc.counts_line(table)
    # a fitted claim is never a pass, nor is a stand-in's verdict on data that are not public
    assert line == (
        "1 pass, 2 fitted (1 leaning pass, 1 leaning fail), 1 unstable (1 leaning pass), "
        "2 unverifiable (1 leaning pass, 1 neither), 1 data not public (1 leaning fail) of 7 claims"
    )


def test_markdown_of_claims_read_back_from_csv():
    """As the scorecard rule does: claims written to CSV and read back with dtype=str (empty
    fields read back as NaN)."""
    buf = io.StringIO()
    rows((FIRST_OF["neville2009"], "pass")).assign(location="").to_csv(buf, index=False)
    buf.seek(0)
    md = sc.markdown(sc.collect([pd.read_csv(buf, dtype=str)]))
    assert "1 pass of 1 claims." in md
