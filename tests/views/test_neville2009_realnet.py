"""Neville 2009 Table 1 and Fig. 1(f) (lib.views.neville2009, study realnet) built from small
constructed study tables: the reproduced values next to the paper's, the panels per network set,
the numbers the captions quote, the claims."""

from __future__ import annotations

import logging

import pandas as pd
import pytest
from realnet_tables import HELD_OUT_NETWORKS, build, config, held_out_gap, networks, summary, table1_tables

from lib.papers import neville2009
from lib.papers.claims import VERDICTS
from lib.studies import realnet
from lib.views.neville2009 import FIG1F, TABLE1


def assert_claims(outputs, art, judged=None):
    claims = pd.read_csv(outputs["claims"])
    ids = {f"{art.id}/{c.key}" for c in neville2009.PAPER.of(art.name)}
    assert set(claims["id"]) <= ids and claims["verdict"].isin(VERDICTS).all()
    if judged is not None:
        assert set(claims["id"]) == judged
    return claims


def fig1f_rejections(name, purpose, sampler, test, index):
    """RRS rejects 12 (paired) or 8 (unpaired) of the 24 pooled trials, NCV 2 then 1 as the level rises."""
    if sampler == "RS":
        return 12 if test == "paired_t" else 8
    return 2 if index == 0 else 1


def test_table1_reproduced_next_to_the_papers_values(tmp_path):
    built, settings, outputs, _ = build(TABLE1, config(), table1_tables(), tmp_path)
    table = pd.read_csv(outputs["csv"]).set_index("task")
    # every row of the paper's table, in its order: the tasks not run are kept and say why
    assert table["dataset"].tolist() == [paper_name for _, paper_name, *_ in neville2009.TABLE1]
    assert table.loc["Info. Retrieval?", "status"] == "not in config"
    assert (table.loc[["In Study?", "Student?"], "status"] == "data not public").all()
    cora, enron = table.loc["Neural Nets?"], table.loc["Executive?"]
    # the mean over 2 models x 2 collective x 2 levels of each cell's mean phi
    assert cora["error_correlation"] == pytest.approx(0.3)
    assert cora["error_correlation_wvRN"] == pytest.approx(0.15)
    assert cora["error_correlation_linkbased_collective"] == pytest.approx(0.45)
    assert cora["accuracy_wvRN_collective"] == pytest.approx(0.8)
    assert cora["paper_error_correlation"] == 0.28 and cora["paper_autocorrelation"] == 0.61
    # Enron's first wvRN sample has no phi: half of the wvRN cells' sets, a quarter of all
    assert enron["undefined_phi_share"] == pytest.approx(0.25)
    assert enron["error_correlation"] == pytest.approx(0.1)
    assert enron["autocorrelation_contingency"] == 0.15
    assert (enron["nodes"], cora["nodes"]) == (130, 2708)
    assert len(built.evidence["cells"]) == 2 * 2 * 2 * 2
    assert built.evidence.params == {
        "tolerance_error_correlation": 0.1,
        "tolerance_autocorrelation": 0.1,
        "autocorrelation_measure": "contingency",
    }
    assert_claims(outputs, TABLE1)


def test_table1_markdown_shows_the_judged_autocorrelation_measure(tmp_path):
    built, settings, outputs, _ = build(
        TABLE1,
        {**config(), "network_tests": {**config()["network_tests"], "autocorrelation_measure": "phi"}},
        table1_tables(),
        tmp_path,
    )
    markdown = open(outputs["md"]).read()
    assert markdown == built.markdown.rstrip() + "\n\nReadings: network_tests.autocorrelation_measure=phi.\n"
    assert markdown.startswith("# Neville et al. 2009, Table 1: error correlation and relational autocorrelation\n")
    assert "Scale profile: quick." in markdown
    assert "averaged over 20 uniform labeled sets per cell and over 4 models" in markdown
    assert "x 5 proportions labeled (0.1, 0.3, 0.5, 0.7, 0.9)" in markdown
    assert "Autocorrelation (reproduced): phi (Pearson's correlation) of the labels" in markdown
    assert "only the 130 addresses with a known title" in markdown
    header = next(line for line in markdown.splitlines() if line.startswith("| dataset"))
    # the judged measure (phi) is the reproduced column; the other two beside it
    assert header.split(" | ")[5:8] == [
        "reproduced_autocorrelation",
        "autocorrelation_contingency",
        "autocorrelation_corrected_contingency",
    ]
    cora = next(line for line in markdown.splitlines() if line.startswith("| Cora"))
    assert cora.split(" | ")[2:8] == ["0.28", "0.30", "0.61", "0.50", "0.40", "0.60"]
    # the report's caption is the config's: the reading, the deviations and the tolerances
    about = TABLE1.about(settings)
    assert "Reading network_tests.autocorrelation_measure = phi" in about
    assert "propLabeled 0.1, 0.3, 0.5, 0.7, 0.9, on the data sets of config realnet.table1.datasets" in about
    assert "(enron, citeseer, polbooks, cora)" in about
    assert "per-value tolerance ±0.1 for error correlation and ±0.1 for autocorrelation" in about


def test_table1_without_enron_says_nothing_of_its_graph(tmp_path):
    built, _, _, _ = build(TABLE1, config(), table1_tables(datasets=("cora",)), tmp_path)
    assert "Enron" not in built.markdown.split("\n\n")[1]
    assert built.table.set_index("task").loc["Executive?", "status"] == "not in config"


def test_table1_settings_are_the_studys():
    cfg = config()
    settings = TABLE1.settings(cfg)
    # the study job's setting (realnet.table1_setting, its params and seed) and the judged tolerances
    assert {k: settings[k] for k in realnet.TABLE1_KEYS} == realnet.table1_setting(cfg)
    assert realnet.table1_setting(cfg) == {
        k: cfg["realnet"]["table1"][k] for k in ("datasets", "prop_labeled", "samples", "l2")
    }


def test_fig1f_panels_per_set_and_caption(tmp_path):
    cfg = config()
    tables = {"summary": summary(cfg, fig1f_rejections), "networks": networks(cfg)}
    built, settings, outputs, caption = build(FIG1F, cfg, tables, tmp_path)
    table = pd.read_csv(outputs["csv"])
    assert list(table.columns[:3]) == ["set", "method", "sampler"]
    assert list(dict.fromkeys(table["set"])) == ["cora", "citeseer"]
    assert list(dict.fromkeys(table["method"])) == ["RRS paired", "RRS unpaired", "NCV paired", "NCV unpaired"]
    assert (table["trials"] == 4 * HELD_OUT_NETWORKS).all()
    rrs = table[(table["set"] == "cora") & (table["method"] == "RRS paired")]
    assert rrs["prop_labeled"].tolist() == [0.1, 0.2, 0.3, 0.4, 0.5]
    assert rrs["rate"].tolist() == pytest.approx([0.5] * 5)
    ncv = table[(table["set"] == "citeseer") & (table["method"] == "NCV unpaired")]
    assert ncv["rejections"].tolist() == [2, 1, 1, 1, 1] and (ncv["test"] == "unpaired_t").all()
    assert "rsc_q_wvrn" not in table.columns and "nbc_handicapped_networks" in table.columns

    axes = built.figure.axes
    assert [ax.get_title() for ax in axes] == ["stand-in: Cora 'Neural Nets?'", "stand-in: Citeseer 'Info. Retrieval?'"]
    assert built.figure._suptitle.get_text() == "Neville et al. 2009, Fig. 1(f) on public STAND-IN networks"
    # y from 0 to just above the highest interval (RRS paired: 0.5 + 0.1)
    assert axes[0].get_xlim() == (0.05, 0.55) and axes[0].get_ylim() == pytest.approx((0.0, 0.65))

    assert caption == FIG1F.about(settings) + " " + built.details
    assert FIG1F.about(settings).endswith(
        "|Δacc| ≤ 0.005 on the other networks (10 x 10-fold NCV each); 4 trials per held-out network, "
        "10 samples per trial, pooled."
    )
    gap = f"cora {held_out_gap('cora', 0):.3f} at 0.1 to {held_out_gap('cora', 4):.3f} at 0.5"
    assert built.details.startswith("Accuracy gap the handicap calibrated on the other networks leaves")
    assert gap in built.details
    assert "STAND-IN citeseer (reading realnet.selection=similar): 6 disjoint networks of Citeseer" in caption
    assert caption.endswith("QUICK PROFILE: 24 trials per point (the paper uses 300); intervals are wide.")
    assert built.evidence.params["set_labels"]["cora"] == "stand-in: Cora 'Neural Nets?'"
    claims = assert_claims(outputs, FIG1F)
    assert {cid.rsplit(".", 1)[1] for cid in claims["id"]} == {"cora", "citeseer"}


def test_fig1f_partition_gap_is_a_deviation_and_samplers_differ(tmp_path):
    cfg = config(samplers={"RS": 10, "NCV": 5})
    tables = {"summary": summary(cfg, fig1f_rejections), "networks": networks(cfg, "partition")}
    built, settings, _, caption = build(FIG1F, cfg, tables, tmp_path)
    assert "4 trials per held-out network, 10 RS samples or 5 NCV folds per trial, pooled." in caption
    assert built.details.startswith("DEVIATION: the networks of a set differ")
    assert "STAND-IN cora: 6 disjoint subnetworks of Cora ('Neural Nets?') carved by seeded region growing" in caption


def test_fig1f_a_users_set_has_no_claims(tmp_path, caplog):
    cfg = config(fig1f_sets=["mine"])
    tables = {"summary": summary(cfg, fig1f_rejections), "networks": networks(cfg, "partition")}
    with caplog.at_level(logging.WARNING):
        built, settings, outputs, caption = build(FIG1F, cfg, tables, tmp_path)
    assert "no claims are declared for network set(s) mine" in caplog.text
    assert built.figure.axes[0].get_title() == "mine (my school)"
    # one set, no stand-in: the title says nothing of stand-ins
    assert built.figure._suptitle.get_text() == "Neville et al. 2009, Fig. 1(f)"
    assert "mine: user-supplied network set, 6 networks (300-350 nodes)" in caption
    assert assert_claims(outputs, FIG1F, judged=set()).empty
