"""Ojala & Garriga 2009's artifacts of the permutation study (lib.views.ojala2009): each built from
small constructed study tables (Figure 2 from a small constructed data set), its numbers, its
Markdown and caption, and its claims."""

from __future__ import annotations

import types

import numpy as np
import pandas as pd
import pytest

from lib.core import chunks
from lib.papers import ojala2009
from lib.studies import permutation, permutation_summaries
from lib.views import artifact
from lib.views import ojala2009 as views

K = 100  # randomisations per test of the constructed UCI and Table I runs


def config(profile="quick", tie_rule="shuffled", fig3_rejection="mean_p", **uci) -> dict:
    """A config with the keys the permutation study's artifacts (and their readings) read."""
    return {
        "profile": profile,
        "seed": 1,
        "permutation": {
            "alpha": 0.01,
            "tie_rule": tie_rule,
            "table1": {"randomizations": 200},
            "fig3": {"points_per_class": 20, "rho": [0.0, 0.5], "folds": 5, "repetitions": 2, "randomizations": 9},
            "fig3_rejection": fig3_rejection,
            "uci": {
                "datasets": ["vote", "iris"],
                "classifiers": ["j48", "1nn"],
                "files": "uci",
                "folds": 10,
                "repetitions": 2,
                "p_spread_repetitions": 2,
                "randomizations": K,
                "randomizations_per_job": {"iris/j48": 40},
                **uci,
            },
        },
    }


def write(art, tmp_path, tables: dict, settings: dict):
    """Write each input table as the study job would, build ``art`` with the generic writer and
    read back its outputs."""
    inputs = {}
    for key, value in tables.items():
        frames = value if isinstance(value, list) else [value]
        paths = [tmp_path / f"{key}{i}.csv" for i in range(len(frames))]
        for frame, path in zip(frames, paths):
            frame.to_csv(path, index=False)
        inputs[key] = [str(p) for p in paths] if isinstance(value, list) else str(paths[0])
    outputs = {kind: str(tmp_path / f"{art.name}.{kind}") for kind in art.outputs()}
    built = artifact.write_artifact(art, inputs, settings, outputs)
    return built, outputs


# ---- Table I --------------------------------------------------------------------------------
def table1_study() -> dict:
    study = pd.DataFrame(
        {
            "dataset": ["D1", "D2"],
            "orig_err": [0.0, 0.0],
            "t1_mean": [0.534, 0.529],
            "t1_std": [0.161, 0.149],
            "t1_p": [1 / 201, 1 / 201],
            "t2_mean": [0.059, 0.621],
            "t2_std": [0.062, 0.136],
            "t2_p": [0.41, 1 / 201],
        }
    )
    flips = pd.DataFrame({"cell": [0, 1], "orig_err": [0.0, 0.0625], "t1_p": [0.005, np.nan], "t2_p": [0.36, np.nan]})
    return {"study": study, "d1_flips": flips}


def test_table1_puts_the_paper_beside_ours_with_each_rows_randomizations(tmp_path):
    settings = views.TABLE1.configure(config())
    built, out = write(views.TABLE1, tmp_path, table1_study(), settings)
    table = pd.read_csv(out["csv"])
    assert table[["dataset", "source"]].values.tolist() == [
        ["D1", "reproduced"],
        ["D1", "paper"],
        ["D2", "reproduced"],
        ["D2", "paper"],
    ]
    assert table["randomizations"].tolist() == [200, ojala2009.RANDOMIZATIONS] * 2
    paper_d1 = table[(table.dataset == "D1") & (table.source == "paper")].iloc[0]
    assert paper_d1["t2_p"] == ojala2009.TABLE1["D1"]["t2_p"]
    md = open(out["md"]).read()
    assert md.startswith("# Ojala & Garriga 2009, Table I\n\n" + views.TABLE1.about(settings) + "\n\n")
    assert "| D1 | reproduced | 0.00 | 0.53 (0.16) | 0.005 | 0.06 (0.06) | 0.410 |" in md
    assert "QUICK PROFILE: 200 randomizations per test (the paper uses 1000)" in md
    claims = pd.read_csv(out["claims"]).set_index("id")
    assert claims.loc["ojala2009/table1/loo_error_zero", "verdict"] == "pass"
    assert "single-cell flips" in claims.loc["ojala2009/table1/test2_p.d1", "reproduced"]  # the flips were read


@pytest.mark.parametrize(
    "tie_rule, words",
    [("shuffled", "trainCV shuffles them"), ("first", "lowest training index"), ("vote", "by vote")],
)
def test_table1_caption_states_the_tie_rule_and_the_scale(tie_rule, words):
    about = views.TABLE1.about(views.TABLE1.configure(config(profile="paper", tie_rule=tie_rule)))
    assert words in about and f"tie_rule={tie_rule}" in about
    assert "Paper scale: 200 randomizations per test." in about and "PROFILE" not in about


# ---- Figure 2 -------------------------------------------------------------------------------
def small_iris(n_per_class=12) -> types.SimpleNamespace:
    """Three classes whose petal length and width are positively correlated within each class."""
    rng = np.random.default_rng(0)
    blocks = []
    for c in range(3):
        length = 1.5 + 2 * c + rng.normal(0, 0.3, n_per_class)
        blocks.append(
            np.column_stack([rng.normal(5, 0.3, n_per_class), length, 0.4 * length + rng.normal(0, 0.05, n_per_class)])
        )
    return types.SimpleNamespace(
        X=np.vstack(blocks),
        y=np.repeat(np.arange(3), n_per_class),
        feature_names=("sepallength", "petallength", "petalwidth"),
        class_names=("setosa", "versicolor", "virginica"),
    )


def fig2_tables(data, seed: int = 5) -> dict:
    """What the study job permutation_fig2_study writes for ``data``'s two petal columns."""
    return permutation.fig2_versions(data.X[:, 1:], data.y, data.class_names, 200, np.random.default_rng(seed))


def test_fig2_shows_the_data_and_one_randomization_of_each_kind(tmp_path):
    data = small_iris()
    settings = views.FIG2.configure(config())
    built, out = write(views.FIG2, tmp_path, fig2_tables(data), settings)
    shown = pd.read_csv(out["csv"])
    panels = {p: part for p, part in shown.groupby("panel", sort=False)}
    assert list(panels) == [
        "Original data",
        "Full permutation",
        "Test 1 (permute labels)",
        "Test 2 (permute columns per class)",
    ]
    original = panels["Original data"]
    assert np.allclose(original[["petal_length_cm", "petal_width_cm"]], data.X[:, 1:])

    def column_values(part, by_class):
        """Each column's values as a sorted tuple, per class or over all rows."""
        groups = part.groupby("class") if by_class else [("all", part)]
        return {k: [tuple(sorted(g[c])) for c in ("petal_length_cm", "petal_width_cm")] for k, g in groups}

    # Test 2 permutes each column within each class; the full permutation over all rows; Test 1
    # keeps the points and permutes the labels
    full, test1, test2 = (panels[p] for p in list(panels)[1:])
    assert column_values(test2, True) == column_values(original, True)
    assert not np.allclose(test2["petal_width_cm"], original["petal_width_cm"])
    assert column_values(full, False) == column_values(original, False)
    assert (full["class"].to_numpy() == original["class"].to_numpy()).all()
    assert np.allclose(test1[["petal_length_cm", "petal_width_cm"]], original[["petal_length_cm", "petal_width_cm"]])
    assert (test1["class"].to_numpy() != original["class"].to_numpy()).any()
    assert sorted(test1["class"]) == sorted(original["class"])
    # the claims read many randomized versions drawn after the plotted ones
    errors = built.evidence["errors"]
    assert errors.groupby("version").size().to_dict() == {"full": 200, "original": 1, "test1": 200, "test2": 200}
    assert views.FIG2.caption(settings, built).endswith("(profile: quick).")
    claims = pd.read_csv(out["claims"])
    assert set(claims["id"]) == {c.id for c in ojala2009.PAPER.of("fig2")}
    # one seeded draw: the same generator draws the same figure
    again = views.FIG2.build(fig2_tables(data), settings)
    pd.testing.assert_frame_equal(again.table.reset_index(drop=True), pd.read_csv(out["csv"]))


# ---- Figure 3 -------------------------------------------------------------------------------
def fig3_tables(classifiers) -> dict:
    """Per classifier: original errors at two rho (two CV repetitions) and each test's randomised
    errors 0..9 in the chunks the config plans."""
    original = [
        pd.DataFrame(
            {
                "classifier": c,
                "rho": rho,
                "kind": "original",
                "index": [0, 1],
                "error": [0.1 + rho / 10, 0.2 + rho / 10],
            }
        )
        for c in classifiers
        for rho in (0.0, 0.5)
    ]
    randomized = [
        pd.DataFrame(
            {
                "classifier": c,
                "test": t,
                "rho": rho,
                "kind": "randomized",
                "index": range(9),
                "error": 0.3 + 0.01 * np.arange(9) + 0.1 * t,
            }
        )
        for c in classifiers
        for t in (1, 2)
        for rho in (0.0, 0.5)
    ]
    return {"original": original, "randomized": randomized}


def test_fig3_summarizes_each_classifier_and_rho_and_names_the_classifiers_not_run(tmp_path):
    cfg = config(classifiers=["1nn", "j48"])
    settings = views.FIG3.configure(cfg)
    built, out = write(views.FIG3, tmp_path, fig3_tables(["1nn", "j48"]), settings)
    summary = pd.read_csv(out["csv"])
    assert summary[["classifier", "rho"]].values.tolist() == [["1nn", 0.0], ["1nn", 0.5], ["j48", 0.0], ["j48", 0.5]]
    row = summary.iloc[1]
    assert row["orig_mean"] == pytest.approx(0.2) and row["repetitions"] == 2
    assert row["t1_mean"] == pytest.approx(0.44) and row["t2_q99"] == pytest.approx(
        np.quantile(0.5 + 0.01 * np.arange(9), 0.99)
    )
    assert bool(row["t1_rejected"]) and (summary["randomizations"] == 9).all()
    # panels in the paper's order (J48 first), the unconfigured ones hidden
    visible = [ax.get_title() for ax in built.figure.axes if ax.get_visible()]
    assert visible == ["Decision Tree", "1 Nearest Neighbor"]
    caption = views.FIG3.caption(settings, built)
    assert caption == views.FIG3.about(settings)  # every sentence follows from the config
    assert (
        "20 points from N((1,0)" in caption
        and "stratified 5-fold CV" in caption
        and "mean of 2 CV repetitions" in caption
    )
    assert "QUICK PROFILE: 9 randomizations per point (the paper uses 1000)" in caption
    assert caption.endswith(
        " Naive Bayes: not run (not in permutation.uci.classifiers). Support Vector Machine: not run (not in "
        "permutation.uci.classifiers)."
    )
    claims = pd.read_csv(out["claims"])
    assert claims.loc[claims["reproduced"].str.contains("smo", na=False), "verdict"].eq("not run").all()


def test_fig3_under_the_caption_band_reading_judges_the_first_cv_against_the_bar(tmp_path):
    """caption_band: the csv gains the first CV's error, its p and the band verdict; the line is that
    CV's error; the caption and the claims name the rule. The default adds none of these columns."""
    cfg = config(classifiers=["1nn"], fig3_rejection="caption_band")
    settings = views.FIG3.configure(cfg)
    built, out = write(views.FIG3, tmp_path, fig3_tables(["1nn"]), settings)
    summary = pd.read_csv(out["csv"])
    row = summary.iloc[1]  # rho 0.5: first CV 0.15 against randomised errors 0.4..0.48 (Test 1)
    assert row["orig_first"] == pytest.approx(0.15) and row["t1_p_first"] == pytest.approx(1 / 10)
    assert bool(row["t1_band_rejected"]) and bool(row["t2_band_rejected"])
    assert list(built.figure.axes[0].lines[0].get_ydata()) == pytest.approx([0.1, 0.15])
    caption = views.FIG3.caption(settings, built)
    assert "(the first of the CV repetitions)" in caption and "permutation.fig3_rejection = caption_band" in caption
    claims = pd.read_csv(out["claims"]).set_index("id")
    assert "[1 %, 99 %] bar" in claims.loc["ojala2009/fig3/nb_test2_never_rejected", "criterion"]
    default = views.FIG3.build(fig3_tables(["1nn"]), views.FIG3.configure(config(classifiers=["1nn"])))
    assert not {"orig_first", "t1_band_rejected", "t2_p_first"} & set(default.table.columns)


def test_fig3_reads_every_planned_job():
    cfg = config()
    assert views.FIG3.reads["original"].wildcards(cfg) == {"classifier": ["j48", "1nn"]}
    jobs = views.FIG3.reads["randomized"].wildcards(cfg)
    assert jobs == chunks.randomized_jobs(cfg["permutation"]["fig3"], ["j48", "1nn"])
    assert len(jobs) == 4 and {(j["start"], j["stop"]) for j in jobs} == {(0, 9)}


# ---- Tables II and III ----------------------------------------------------------------------
def uci_tables(cfg: dict) -> dict:
    """Per configured (data set, classifier): the original CVs' errors (its pool of
    ``p_spread_repetitions``) and each test's randomised errors in the planned chunks: the originals
    beat every randomisation of Test 1, and Test 2's straddle them (a p-value far above alpha)."""
    uci = cfg["permutation"]["uci"]
    pool = uci["p_spread_repetitions"]
    original = [
        pd.DataFrame(
            {
                "dataset": d,
                "classifier": c,
                "kind": "original",
                "index": range(pool),
                "error": 0.05 + 0.003 * np.arange(pool),
            }
        )
        for d in uci["datasets"]
        for c in uci["classifiers"]
    ]
    randomized = [
        pd.DataFrame(
            {
                "dataset": j["dataset"],
                "classifier": j["classifier"],
                "test": j["test"],
                "kind": "randomized",
                "index": range(j["start"], j["stop"]),
                "error": (0.5 if j["test"] == 1 else 0.05) + 0.0001 * np.arange(j["start"], j["stop"]),
            }
        )
        for j in chunks.randomized_jobs(uci, uci["classifiers"], uci["datasets"])
    ]
    # the summary job (permutation_uci_summary) over the originals, then the chunks in job order
    raw = pd.concat([*original, *randomized], ignore_index=True)
    summary = permutation_summaries.uci_summary(raw, repetitions=uci["repetitions"], spread_entropy=[7])
    return {"summary": summary, "original": original}


def test_table2_shows_its_classifier_in_the_papers_order_with_the_printed_values(tmp_path):
    cfg = config(p_spread_repetitions=6)
    settings = views.UCI_ARTIFACTS["table2"].configure(cfg)
    tables = uci_tables(cfg)  # a pool of 6 CVs: each p-value gets its range over fold draws
    built, out = write(views.UCI_ARTIFACTS["table2"], tmp_path, tables, settings)
    table = pd.read_csv(out["csv"])
    assert table["dataset"].tolist() == ["iris", "vote"] and (table["classifier"] == "j48").all()  # the paper's order
    assert (table["randomizations"] == K).all() and (table["repetitions"] == 2).all()  # iris/j48's 3 chunks joined
    assert table["t1_p"].tolist() == pytest.approx([1 / (K + 1)] * 2)
    assert (table["t2_p"] > 0.01).all() and (table["t2_p_low"] <= table["t2_p_high"]).all()
    printed = ojala2009.uci_paper_table("table2")
    assert table["paper_t2_p"].tolist() == printed.loc[["iris", "vote"], "t2_p"].tolist()
    assert table["paper_name"].tolist() == ["Iris", "Votes"]
    # one CV's s.d. over the 6 original CVs (errors 0.05, 0.053, ...), which the original-error claims use
    assert table["orig_cv_sd"].tolist() == pytest.approx([np.std(0.05 + 0.003 * np.arange(6), ddof=1)] * 2)
    claims = pd.read_csv(out["claims"]).set_index("id")
    tol = ojala2009.orig_tolerance(table.loc[0, "orig_cv_sd"], 2)
    assert claims.loc["ojala2009/table2/orig_error.iris", "criterion"].startswith(f"+-{tol:.3f}: 3 s.e.")
    md = open(out["md"]).read()
    assert md.startswith(
        "# Ojala & Garriga 2009, Table II\n\n" + views.UCI_ARTIFACTS["table2"].about(settings) + "\n\n"
    )
    iris = next(line for line in md.splitlines() if line.startswith("| Iris "))
    cells = [c.strip() for c in iris.strip("|").split("|")]
    low, high = table.loc[0, ["t2_p_low", "t2_p_high"]]
    assert cells[1] == f"{table.loc[0, 'orig']:.2f}" and cells[3].startswith("0.010 [")
    assert (
        cells[5] == f"**{table.loc[0, 't2_p']:.3f}** [{low:.3f}, {high:.3f}]"
    )  # bold: not significant, range low first
    assert cells[6] == "0.05 / 0.001 / 0.765"
    about = views.UCI_ARTIFACTS["table2"].about(settings)
    assert "Only 2 of the paper's 22 data sets are configured." in about
    assert "the mean of 2 of 6 original CVs" in about and "QUICK PROFILE: 100 randomizations per test" in about
    assert "J48 = Weka J48 -C 0.25 -M 2" in about and "reading permutation.uci_files = uci" in about
    claims = pd.read_csv(out["claims"]).set_index("id")
    assert claims.loc["ojala2009/table2/svm_like_tree", "verdict"] == "not run"  # smo not configured


def test_table3_states_reduced_randomizations_and_its_tie_rule():
    settings = views.UCI_ARTIFACTS["table3"].configure(config(tie_rule="first", reduced_randomizations={"1nn": 40}))
    about = views.UCI_ARTIFACTS["table3"].about(settings)
    assert "DEVIATION: 1nn on fewer randomizations per test than the paper's 100 (40;" in about
    assert "DEVIATION: j48" not in about
    assert "1-NN = Weka IB1 distance, ties to the lowest training index (tie_rule=first)" in about
    # an attainable p-value floor above alpha is stated
    few = views.UCI_ARTIFACTS["table3"].about(views.UCI_ARTIFACTS["table3"].configure(config(randomizations=50)))
    assert "The smallest attainable p-value is 0.020" in few


def test_the_reduced_note_from_the_config_is_the_one_from_the_jobs(tmp_path):
    cfg = config(reduced_randomizations={"iris/1nn": 30})
    settings = views.UCI_ARTIFACTS["table3"].configure(cfg)
    tables = uci_tables(cfg)
    built = views.UCI_ARTIFACTS["table3"].build(tables, settings)
    from_jobs = ojala2009.reduced_note(built.evidence["classifiers"], K, 0.01)
    assert from_jobs and from_jobs in built.markdown
    assert built.table.set_index("dataset").loc["iris", "randomizations"] == 30


def test_a_table_whose_classifier_is_not_configured_is_empty_and_says_so(tmp_path):
    cfg = config(classifiers=["1nn"])
    settings = views.UCI_ARTIFACTS["table2"].configure(cfg)
    built, out = write(views.UCI_ARTIFACTS["table2"], tmp_path, uci_tables(cfg), settings)
    assert pd.read_csv(out["csv"]).empty
    assert open(out["md"]).read() == (
        "# Ojala & Garriga 2009, Table II\n\nDecision Tree (j48) not in permutation.uci.classifiers, so not run: "
        "this table is empty.\n\nReadings: permutation.tie_rule=shuffled; permutation.uci_files=uci.\n"
    )
    claims = pd.read_csv(out["claims"])
    assert (claims["verdict"] == "not run").all()


def test_the_uci_tables_read_every_planned_job():
    cfg = config()
    original = views.UCI_ARTIFACTS["table3"].reads["original"].wildcards(cfg)
    assert original == {"dataset": ["vote", "iris"], "classifier": ["j48", "1nn"]}
    assert views.UCI_ARTIFACTS["table3"].reads["summary"].rule == "permutation_uci_summary"
    # the summary job reads every planned chunk of randomisations (workflow/rules/permutation.smk)
    uci = cfg["permutation"]["uci"]
    jobs = chunks.randomized_jobs(uci, uci["classifiers"], uci["datasets"])
    iris_j48 = [(j["test"], j["start"], j["stop"]) for j in jobs if (j["dataset"], j["classifier"]) == ("iris", "j48")]
    assert iris_j48 == [(t, a, b) for t in (1, 2) for a, b in ((0, 40), (40, 80), (80, 100))]
    assert len(jobs) == 2 * 2 * 2 + 2 * 2  # one job per test, but iris/j48's three
