"""Wang 2011 Fig. 2 (lib.views.wang2011, study relational) built from small constructed study
tables: RS, NCV and RS-C on Wang's trials (the first wang_trials_per_network of each network's),
the captions, the claims."""

from __future__ import annotations

import pandas as pd
import pytest
from relational_tables import EVALUATION_NETWORKS, MOVES, build, calibration_difference, config

from lib.papers import wang2011
from lib.papers.claims import VERDICTS
from lib.views.wang2011 import FIG2A, FIG2B


def rejections(purpose, nodes, sampler, test, index, chunk):
    """Per network of 5 trials: RS's paired test rejects 4, RS-C's 2 and NCV's 1, plus the point's
    index on the power panels."""
    base = {("RS", "paired_t"): 4, ("RS", "rsc_paired"): 2, ("NCV", "paired_t"): 1}.get((sampler, test), 0)
    return min(5, base + (index if purpose == "power" else 0))


def assert_claims(outputs, art):
    claims = pd.read_csv(outputs["claims"])
    assert set(claims["id"]) == {f"{art.id}/{c.key}" for c in wang2011.PAPER.of(art.name)}
    assert claims["verdict"].isin(VERDICTS).all()


def test_fig2a_rs_c_is_its_own_test_on_wangs_trials(tmp_path):
    built, settings, outputs, caption = build(FIG2A, config(), rejections, tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(table["method"])) == ["RS", "NCV", "RS-C"]
    # Wang's panels pool the first 5 trials of each of the 4 networks, not Neville's 10
    assert settings["trials"] == 5 and (table["trials"] == 5 * EVALUATION_NETWORKS).all()
    rate = table.groupby("method")["rate"].unique()
    assert rate["RS"].tolist() == [0.8] and rate["RS-C"].tolist() == [0.4] and rate["NCV"].tolist() == [0.2]
    assert (table.loc[table["method"] == "RS-C", "test"] == "rsc_paired").all()
    assert {"rsc_q_wvrn", "rsc_rho_nbc", "rsc_L_nbc", "rate_networks_low"} <= set(table.columns)
    assert "|Δacc| ≤ 0.005 on 50 calibration networks x 10 NCV folds; a chosen prediction " + MOVES + ")." in caption
    assert "Trials: the first 5 of each network's trials, shared with Neville Fig. 1(c)." in caption
    assert caption == FIG2A.about(settings) + " " + built.details
    assert built.details == "QUICK PROFILE: 20 trials per point (the paper uses 200); intervals are wide."
    assert set(built.evidence["per_network"]["method"]) == {"RS", "NCV", "RS-C"}
    assert_claims(outputs, FIG2A)


def test_fig2b_power_without_a_target_line(tmp_path):
    built, settings, outputs, caption = build(FIG2B, config(), rejections, tmp_path)
    table = pd.read_csv(outputs["csv"])
    rsc = table[table["method"] == "RS-C"]
    assert rsc["calibration_difference"].tolist() == [calibration_difference(300, i) for i in range(4)]
    assert rsc["rate"].tolist() == pytest.approx([0.4, 0.6, 0.8, 1.0])
    # the power columns, RS-C's nBC parameters, then the per-network interval
    assert list(table.columns[-8:]) == [
        "rate_low",
        "rate_high",
        "chunk_rate_sd",
        "rsc_q_nbc",
        "rsc_rho_nbc",
        "networks",
        "rate_networks_low",
        "rate_networks_high",
    ]
    # Wang's panel marks no 5% difference, unlike Neville's Fig. 1(d)
    assert not [line for line in built.figure.axes[0].lines if len(set(line.get_xdata())) == 1]
    assert (
        "nBC handicapped by b = 0.025, 0.075, 0.15, 0.3 (wvRN unhandicapped; a chosen prediction moves P(+) toward"
        in caption
    )
    assert "Trials: the first 5 of each network's, shared with Neville Fig. 1(d)." in caption
    assert caption.endswith("QUICK PROFILE: 20 trials per point (the paper uses 200); intervals are wide.")
    assert_claims(outputs, FIG2B)
