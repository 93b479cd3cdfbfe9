"""Raeder 2012's artifacts (lib.views.raeder2012) built from small constructed tables: the numbers
they compute, their captions and their files, without Snakemake."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from lib.evaluation import auc_statistics
from lib.studies import imbalance
from lib.views import artifact
from lib.views import raeder2012 as views

METRICS = ("auc", "h_measure", "f1", "precision_at_20", "brier", "accuracy", "pr_break_even")
CLASSIFIERS = ("NB", "J48", "SMO")
CONFIG = {
    "profile": "quick",
    "seed": 1,
    "imbalance": {
        "datasets": ["a", "b"],
        "classifiers": ["NB", "J48", "SMO"],
        "removed_percent": [0, 50],
        "precision_k": 20,
        "tenfold": {"folds": 10, "evaluated": 2},
        "fivebytwo": {"repeats": 1},
        "metric_aggregation": "per_fold",
        "platt_folds": "cv3",
        "j48_pruning": "pruned",
        "critical_auc": "best_of_100",
        "section4": {"replications": 200, "null_replications": 200},
    },
}


def cv_table(dataset: str, offset: float) -> pd.DataFrame:
    """Two folds per (scheme, classifier, level) whose metrics are known: J48 > SMO > NB everywhere,
    each falling 0.1 from 0 % to 50 % removed, plus the data set's offset."""
    rows = []
    for scheme, clf, removed, fold in itertools.product(views.SCHEMES, CLASSIFIERS, (0, 50), (0, 1)):
        base = {"NB": 0.6, "J48": 0.8, "SMO": 0.7}[clf] + offset - removed / 500 + 0.01 * fold
        rows.append(
            {
                "dataset": dataset,
                "removed_percent": removed,
                "scheme": scheme,
                "fold": fold,
                "classifier": clf,
                **{m: (1 - base if m == "brier" else base) for m in METRICS},
            }
        )
    return pd.DataFrame(rows)


TABLES = {"per_fold": [cv_table("a", 0.0), cv_table("b", 0.1)], "pooled": []}


def settings_of(art):
    return art.configure(CONFIG)


def test_fig2_averages_each_data_sets_mean_and_says_its_scale():
    art = views.FIG2["fig2a"]
    settings = settings_of(art)
    built = art.build(TABLES, settings)
    table = built.table.set_index(["scheme", "classifier", "removed_percent"])
    # J48 at 0 % removed: fold mean 0.805 on a, 0.905 on b; their mean 0.855, their SD 0.0707
    assert table.loc[("10-fold", "J48", 0), "value"] == pytest.approx(0.855)
    assert table.loc[("10-fold", "J48", 0), "sd_over_datasets"] == pytest.approx(0.1 / np.sqrt(2))
    assert table.loc[("5x2", "NB", 50), "value"] == pytest.approx(0.655 - 0.1)
    assert set(table["datasets"]) == {2} and set(table["test_folds_per_dataset"]) == {2}
    caption = art.caption(settings, built)
    assert caption.startswith("Mean over 2 public datasets of the per-dataset mean of the metric over test folds.")
    assert "QUICK PROFILE: only 2 of 10 test folds" in caption and "at removal levels 0, 50 %" in caption


def test_fig2_panel_d_is_precision_at_the_configured_k():
    settings = settings_of(views.FIG2["fig2d"])
    assert settings["metric"] == "precision_at_20"
    built = views.FIG2["fig2d"].build(TABLES, settings)
    assert set(built.table["metric"]) == {"precision_at_20"}


def test_rankings_rank_every_metric_best_first(tmp_path):
    art = views.RANKINGS
    settings = settings_of(art)
    built = art.build(TABLES, settings)
    overall = built.table[built.table["level"] == "all"]
    # J48 > SMO > NB on every metric, Brier (lower is better) included
    assert set(overall["ranking"]) == {"J48 > SMO > NB"}
    assert "## Rankings that flip (mean over levels): 0 pairs" in built.markdown


def test_fig3_marks_the_greatest_imbalance_each_data_set_supports():
    table1 = pd.DataFrame(
        {
            "dataset": ["Big", "Small", "Hidden"],
            "examples": [10100, 150, None],
            "minority": [100, 50, None],
            "status": ["computed from data", "computed from data", "not public"],
        }
    )
    built = views.FIG3.build({"table1": table1}, settings_of(views.FIG3))
    marks = built.table[built.table["kind"] == "dataset"].set_index("dataset")
    assert marks.loc["Big", "percent_positives"] == pytest.approx(100 * 100 / 10100)  # 100 / (100 + N) in %
    assert np.isnan(marks.loc["Small", "percent_positives"])  # fewer than 100 positives
    assert "not marked: Small" in built.details and "Hidden" not in marks.index


def test_sec4_writes_the_closed_form_and_the_critical_auc(tmp_path):
    art = views.SEC4
    settings = settings_of(art)
    outputs = {kind: str(tmp_path / f"sec4.{kind}") for kind in ("pdf", "png", "csv", "md", "claims")}
    summary = tmp_path / "section4.csv"
    imbalance.section4(300, 1000, np.random.default_rng(4)).to_csv(summary, index=False)
    built = artifact.write_artifact(art, {"summary": str(summary)}, settings, outputs)
    sd = built.table[built.table["quantity"] == "sd_auc"].set_index("test_set")
    assert sd.loc["100:5000", "closed_form_binormal"] == pytest.approx(auc_statistics.auc_sd(0.95, 100, 5000))
    single = built.table[(built.table["quantity"] == "critical_auc")]["exact"].iloc[0]
    assert f"not a single test at p = 0.01 ({single:.3f})" in art.caption(settings, built)
    assert "(QUICK PROFILE)." in built.details
    assert pd.read_csv(outputs["claims"])["id"].str.startswith("raeder2012/sec4/").all()
    assert (tmp_path / "sec4.md").read_text().startswith("# Raeder et al. (2012) Section 4")
