"""Wang 2011 Fig. 3 (lib.views.wang2011, study realnet) built from small constructed study tables:
RS, NCV and RS-C per network set, Type I error against the labeling level and power against the
calibration difference, the captions, the claims."""

from __future__ import annotations

import pandas as pd
import pytest
from realnet_tables import build, calibration_difference, config, networks, summary
from relational_tables import MOVES

from lib.papers import wang2011
from lib.papers.claims import VERDICTS
from lib.views.wang2011 import FIG3A, FIG3B


def rejections(name, purpose, sampler, test, index):
    """Of the 24 pooled trials RS's paired test rejects 12, RS-C's 3 and NCV's 2, plus the point's
    index twice on the power panels; the other tests never."""
    base = {("RS", "paired_t"): 12, ("RS", "rsc_paired"): 3, ("NCV", "paired_t"): 2}.get((sampler, test))
    if base is None:
        return 0
    return min(24, base + (2 * index if purpose == "power" else 0))


def tables(cfg, selection="similar"):
    return {"summary": summary(cfg, rejections), "networks": networks(cfg, selection)}


def assert_claims(outputs, art):
    """The claims of the sets shown are judged; the IMDB set's (not run) have no row."""
    claims = pd.read_csv(outputs["claims"])
    shown = {f"{art.id}/{c.key}" for c in wang2011.PAPER.of(art.name) if not c.key.endswith(".imdb")}
    assert set(claims["id"]) == shown and len(shown) > 0
    assert claims["verdict"].isin(VERDICTS).all()


def test_fig3a_rs_c_is_its_own_test_per_set(tmp_path):
    cfg = config()
    built, settings, outputs, caption = build(FIG3A, cfg, tables(cfg), tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(table["set"])) == ["cora", "citeseer"]
    assert list(dict.fromkeys(table["method"])) == ["RS", "NCV", "RS-C"]
    assert (table.loc[table["method"] == "RS-C", "test"] == "rsc_paired").all()
    assert (table.loc[table["method"] == "RS-C", "sampler"] == "RS").all()
    rate = table.groupby("method")["rate"].unique()
    assert (
        rate["RS"].tolist() == [0.5]
        and rate["RS-C"].tolist() == [0.125]
        and rate["NCV"].tolist() == pytest.approx([2 / 24])
    )
    assert list(table.columns[-6:]) == [
        "rsc_q_wvrn",
        "rsc_rho_wvrn",
        "rsc_L_wvrn",
        "rsc_q_nbc",
        "rsc_rho_nbc",
        "rsc_L_nbc",
    ]
    assert [ax.get_title() for ax in built.figure.axes] == [
        "stand-in: Cora 'Neural Nets?'",
        "stand-in: Citeseer 'Info. Retrieval?'",
    ]
    assert built.figure._suptitle.get_text() == "Wang et al. 2011, Fig. 3(a) on public STAND-IN networks"
    # the alpha line on each panel
    assert all(any(set(line.get_ydata()) == {0.05} for line in ax.lines) for ax in built.figure.axes)
    assert caption == FIG3A.about(settings) + " " + built.details
    assert FIG3A.about(settings).endswith(
        "4 trials per held-out network, 10 samples per trial, pooled. RS-C: Wang's corrected paired t on the RS "
        "samples, |L| and ρ from the edges inside each test set."
    )
    assert built.details.startswith("Accuracy gap the handicap calibrated on the other networks leaves")
    assert "STAND-IN cora (reading realnet.selection=similar)" in built.details
    # Wang gives no trial count for Fig. 3
    assert built.details.endswith("QUICK PROFILE: 24 trials per point; intervals are wide.")
    assert_claims(outputs, FIG3A)


def test_fig3a_partition_states_the_gap_as_a_deviation(tmp_path):
    cfg = config()
    built, _, _, _ = build(FIG3A, cfg, tables(cfg, "partition"), tmp_path)
    assert built.details.startswith("DEVIATION: the networks of a set differ")


def test_fig3b_power_against_the_calibration_difference(tmp_path):
    cfg = config()
    built, settings, outputs, caption = build(FIG3B, cfg, tables(cfg), tmp_path)
    table = pd.read_csv(outputs["csv"])
    rsc = table[(table["set"] == "citeseer") & (table["method"] == "RS-C")]
    assert rsc["calibration_difference"].tolist() == [calibration_difference("citeseer", i) for i in range(4)]
    assert rsc["handicap_nbc"].tolist() == [0.025, 0.075, 0.15, 0.3]
    assert rsc["rate"].tolist() == pytest.approx([3 / 24, 5 / 24, 7 / 24, 9 / 24])
    assert (table["prop_labeled"] == 0.3).all()
    assert list(table.columns[:7]) == [
        "set",
        "method",
        "sampler",
        "test",
        "prop_labeled",
        "handicap_nbc",
        "calibration_difference",
    ]
    ax = built.figure.axes[0]
    assert ax.get_ylim() == (0.0, 1.02) and ax.get_xlabel() == "Mean performance difference (calibration)"
    assert ax.get_legend() is not None and not any(set(line.get_ydata()) == {0.05} for line in ax.lines)
    assert caption == FIG3B.about(settings) + " " + built.details
    assert "at propLabeled 0.3 on public stand-ins" in caption
    assert "nBC handicapped by b = 0.025, 0.075, 0.15, 0.3 (a chosen prediction " + MOVES + ");" in caption
    # a power panel states no calibration gap: its networks' statistics first
    assert built.details.startswith("STAND-IN cora (reading realnet.selection=similar)")
    assert_claims(outputs, FIG3B)


def test_fig3b_caption_states_the_handicaps_strength():
    # the chunks move a chosen prediction by realnet.handicap_strength (lib.studies.realnet)
    cfg = config(handicap_strength=0.5)
    cfg["network_tests"]["handicap_magnitude"] = "flip"
    settings = FIG3B.configure(cfg)
    assert "(a chosen prediction moves P(+) 0.5 of the way to 1 − P(+));" in FIG3B.about(settings)
