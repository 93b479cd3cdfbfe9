"""Neville 2009 Fig. 1(c)-(e) (lib.views.neville2009, study relational) built from small constructed
study tables: the curves and their network intervals, the numbers the captions quote, the claims."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from relational_tables import EVALUATION_NETWORKS, MOVES, build, calibration_difference, config

from lib.data import networks
from lib.papers import neville2009
from lib.papers.claims import VERDICTS
from lib.views.neville2009 import FIG1C, FIG1D, FIG1E


def type1_rejections(purpose, nodes, sampler, test, index, chunk):
    """RS rejects in 6 (paired) or 4 (unpaired) of 10 trials on every network, NCV once on the
    first network; the power rows reject more the larger the handicap."""
    if purpose == "power":
        return min(10, 2 * (index + 1) + (1 if nodes > 300 else 0))
    if sampler == "RS":
        return 6 if test == "paired_t" else 4
    return 1 if chunk == 0 else 0


def assert_claims(outputs, art):
    claims = pd.read_csv(outputs["claims"])
    assert set(claims["id"]) == {f"{art.id}/{c.key}" for c in neville2009.PAPER.of(art.name)}
    assert claims["verdict"].isin(VERDICTS).all()


def vertical_lines(fig) -> list[float]:
    return [line.get_xdata()[0] for line in fig.axes[0].lines if len(set(line.get_xdata())) == 1]


def test_fig1c_rates_network_intervals_and_caption(tmp_path):
    cfg = config()
    built, settings, outputs, caption = build(FIG1C, cfg, type1_rejections, tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(table["method"])) == ["RS paired", "RS unpaired", "NCV paired", "NCV unpaired"]
    # Neville pools every trial of the 4 evaluation networks: 10 each
    assert (table["trials"] == 10 * EVALUATION_NETWORKS).all() and (table["nodes"] == 300).all()
    rate = table.groupby("method")["rate"].agg(["min", "max"])
    assert rate.loc["RS paired"].tolist() == [0.6, 0.6] and rate.loc["NCV unpaired"].tolist() == [0.025, 0.025]
    # the network interval: equal per-network rates have none wider than the rate; NCV's one
    # rejecting network of four spreads its interval around 0.025
    rs = table[table["method"] == "RS paired"].iloc[0]
    assert rs["networks"] == EVALUATION_NETWORKS and rs["rate_networks_low"] == rs["rate_networks_high"] == 0.6
    ncv = table[table["method"] == "NCV paired"].iloc[0]
    assert ncv["rate_networks_low"] == 0.0 and ncv["rate_networks_high"] > 0.1
    assert "error_correlation" in table.columns and "rsc_q_wvrn" not in table.columns

    assert caption.startswith(FIG1C.about(settings) + " wvRN handicapped by c calibrated on 50 networks")
    assert "4 latent-group-model networks of 300 nodes; 10 RS samples or 10 NCV folds per trial" in caption
    assert "(c per level: 0.1: 0.010, 0.2: 0.020, 0.3: 0.030, 0.4: 0.040)" in caption
    assert "each test prediction chosen with probability c (bernoulli) " + MOVES in caption
    assert "Generated networks (54): label autocorrelation over linked pairs 0.34 (phi), 0.32" in caption
    expected = networks.expected_label_autocorrelation(networks.LGMParams(**settings["network"]))
    assert f"whose expected phi is {expected:.2f} (docs/relational.md)." in caption
    assert "claims judge contingency" in caption and "measures' range" not in caption
    assert caption.endswith("QUICK PROFILE: 40 trials per point (the paper uses 400); intervals are wide.")
    assert built.evidence.params == {"alpha": 0.05, "nodes": 300, "autocorrelation_measure": "contingency"}
    assert vertical_lines(built.figure) == []
    assert_claims(outputs, FIG1C)


def test_fig1d_power_against_the_calibration_difference(tmp_path):
    built, settings, outputs, caption = build(FIG1D, config(), type1_rejections, tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert list(dict.fromkeys(table["method"])) == ["RS paired", "NCV paired", "NCV unpaired"]
    rs = table[table["method"] == "RS paired"]
    assert rs["calibration_difference"].tolist() == [calibration_difference(300, i) for i in range(4)]
    assert rs["rate"].tolist() == pytest.approx([0.2, 0.4, 0.6, 0.8])
    # the x axis starts from the unhandicapped gap of the calibration set: 0.804 - 0.79
    assert built.evidence.params["unhandicapped_gap"] == pytest.approx(0.014)
    assert (
        "unhandicapped, wvRN − nBC is 0.014," in caption and "Handicap: a chosen prediction " + MOVES + ";" in caption
    )
    assert caption.startswith(FIG1D.about(settings) + " Handicap:")
    assert "nBC handicapped by c = 0.025, 0.075, 0.15, 0.3; wvRN unhandicapped" in FIG1D.about(settings)
    assert vertical_lines(built.figure) == [neville2009.POWER_DIFFERENCE]
    assert_claims(outputs, FIG1D)


def test_fig1e_shows_the_larger_networks_and_compares_with_fig1d(tmp_path):
    built, settings, outputs, caption = build(FIG1E, config(), type1_rejections, tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert set(table["nodes"]) == {600} and settings["nodes"] == 600 and settings["network"]["n_nodes"] == 600
    assert table[table["method"] == "RS paired"]["rate"].tolist() == pytest.approx([0.3, 0.5, 0.7, 0.9])
    smaller = built.evidence["smaller"]
    assert set(smaller["nodes"]) == {300} and np.allclose(smaller["rate"].iloc[:4], [0.2, 0.4, 0.6, 0.8])
    assert built.evidence.params == {"nodes": 600, "smaller_nodes": 300}
    assert "networks of 600 nodes (same generator parameters, 60 groups;" in caption
    assert caption == FIG1E.about(settings) + " " + built.details
    assert built.details == "QUICK PROFILE: 40 trials per point (the paper uses 400); intervals are wide."
    assert_claims(outputs, FIG1E)


def test_the_handicap_reading_and_the_paper_scale_change_the_captions():
    cfg = config("paper")
    cfg["network_tests"]["handicap_magnitude"] = "uniform"
    about = FIG1E.about(FIG1E.configure(cfg))
    assert "a chosen prediction " + MOVES + "." in about
    cfg = config()
    cfg["network_tests"]["handicap_magnitude"] = "flip"
    cfg["relational"]["handicap_strength"] = 0.5
    assert "a chosen prediction moves P(+) 0.5 of the way to 1 − P(+)." in FIG1E.about(FIG1E.configure(cfg))
