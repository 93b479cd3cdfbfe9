"""lib.views.yours: the captions say what was run and at which scale against the paper's (loud when
fewer), the summaries say in words what each test found, and the figures draw; each artifact builds
from its study tables as its rule gives them, a family member's settings from its wildcards."""

import numpy as np
import pandas as pd
import yaml

from conftest import ROOT, overlaid
from lib.core import chunks
from lib.studies import permutation_summaries, yours
from lib.views import artifact
from lib.views import yours as views

BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())
EXAMPLE = overlaid(BASE, yaml.safe_load((ROOT / "config/yours.example.yaml").read_text()))

PERM = {"folds": 10, "alpha": 0.01, "tie_rule": "shuffled"}


def _raw(k=99, reps=2):
    rows = []
    for ds, orig, null in (("good", 0.05, 0.5), ("noise", 0.5, 0.5)):
        rows += [
            {"dataset": ds, "classifier": "nb", "kind": "original", "index": r, "error": orig, "test": np.nan}
            for r in range(reps)
        ]
        for t in (1, 2):
            rows += [
                {
                    "dataset": ds,
                    "classifier": "nb",
                    "kind": "randomized",
                    "index": r,
                    "test": t,
                    "error": null + 0.01 * ((r % 7) - 3),
                }
                for r in range(k)
            ]
    return pd.DataFrame(rows)


def test_permutation_caption_markdown_and_figure():
    summary = permutation_summaries.uci_summary(_raw(), alpha=0.01)
    text = views.classifiers_text(
        ["nb", "lr"], {"lr": {"class": "sklearn.linear_model.LogisticRegression", "params": {"C": 2.0}}}, "shuffled"
    )
    assert "NB (Weka NaiveBayes" in text and "lr = sklearn.linear_model.LogisticRegression(C=2.0)" in text
    assert "refit on every training fold" in text
    caption = views.permutation_caption(summary, PERM, "paper", text)
    assert "FEWER RANDOMISATIONS PER TEST THAN THE PAPER: 99 (the paper: 1000)" in caption
    assert "FEWER REPETITIONS OF THE ORIGINAL CV THAN THE PAPER: 2 (the paper: 10)" in caption
    assert "1/(k + 1) = 0.0100" in caption
    md = views.permutation_markdown(summary, caption, 0.01)
    assert "**good / nb**: error 0.050; better than chance (Test 1 p = 0.010)" in md
    assert "**noise / nb**: error 0.500; not shown better than chance" in md
    assert "| Data set | Classifier | Orig. Err." in md
    fig = views.permutation_figure(summary)
    assert len(fig.axes) == 2
    many = pd.concat([summary.assign(dataset=f"d{i}") for i in range(6)], ignore_index=True)
    fig = views.permutation_figure(many)
    assert len(fig.axes) == 8 and sum(ax.axison for ax in fig.axes) == 6
    few = permutation_summaries.uci_summary(_raw(k=20), alpha=0.01)
    assert "no test can be significant" in views.permutation_caption(few, PERM, "paper", text)
    full = permutation_summaries.uci_summary(_raw(k=1000, reps=10), alpha=0.01)
    assert "FEWER" not in views.permutation_caption(full, PERM, "paper", text)
    assert "p range" not in caption and "[low, high]" not in md
    spread = permutation_summaries.uci_summary(_raw(reps=6), alpha=0.01, repetitions=2, spread_entropy=[1])
    assert spread["t1_p_low"].notna().all()
    caption = views.permutation_caption(spread, PERM, "paper", text)
    assert "a test whose range straddles α = 0.01 is unstable" in caption
    md = views.permutation_markdown(spread, caption, 0.01)
    assert "[low, high] the 5-95 % range of that mean over other draws" in md and "0.010 [0.010, 0.010]" in md
    assert "about one p in ten lies outside its own range by chance" in md


def test_permutation_artifact_reads_every_job_and_builds_from_them(tmp_path):
    config = overlaid(EXAMPLE, {"yours": {"permutation": {"datasets": ["good", "noise"], "randomizations": 99}}})
    config["yours"]["classifiers"], config["yours"]["estimators"] = ["nb"], {}
    config["yours"]["datasets"] = {name: {"path": f"data/{name}.csv", "class": "y"} for name in ("good", "noise")}
    art = views.PERMUTATION
    assert art.files(config) == [f"results/yours/permutation.{k}" for k in ("md", "csv", "png", "pdf")]
    assert art.files(overlaid(config, {"yours": {"permutation": {"datasets": []}}})) == []  # no data set, no table
    assert set(art.reads) == {"summary"} and art.reads["summary"].rule == "yours_permutation_summary"
    # the summary job's chunks of randomisations (workflow/rules/yours.smk): one per data set and test
    perm = yours.settings(config)["permutation"]
    jobs = chunks.randomized_jobs(perm, yours.classifiers(yours.settings(config)), perm["datasets"])
    assert [(j["dataset"], j["test"], j["start"], j["stop"]) for j in jobs] == [
        (d, t, 0, 99) for d in ("good", "noise") for t in (1, 2)
    ]
    settings = art.configure(config)
    assert "spread_entropy" not in settings  # the summary job draws the spread, not the view
    # the summary as the job writes it
    summary = tmp_path / "summary.csv"
    permutation_summaries.uci_summary(_raw(), alpha=settings["alpha"], repetitions=int(settings["repetitions"])).to_csv(
        summary, index=False
    )
    files = {"summary": str(summary)}
    outputs = {kind: str(tmp_path / f"permutation.{kind}") for kind in art.kinds}
    built = artifact.write_artifact(art, files, settings, outputs)
    assert pd.read_csv(outputs["csv"])["t1_p"].round(3).tolist() == [0.01, 0.58]  # at the floor; (57 + 1)/(99 + 1)
    md = (tmp_path / "permutation.md").read_text()
    assert md.startswith("# Permutation tests on your data\n\nOjala & Garriga 2009 (Tables II-III) on your data")
    assert built.details in md and "NB (Weka NaiveBayes" in built.details
    assert not list(tmp_path.glob("*claims*")) and (tmp_path / "permutation.png").stat().st_size > 1000
    assert views.permutation_layout(built.table) == {}
    assert views.permutation_layout(pd.concat([built.table.assign(dataset=f"d{i}") for i in range(5)])) == {
        "hspace": 0.5
    }


def test_the_families_take_their_members_and_settings_from_the_yours_section():
    imb, net = views.IMBALANCE, views.NETWORK
    assert imb.files(EXAMPLE) == [f"results/yours/imbalance_rare.{k}" for k in ("md", "csv", "png", "pdf")]
    assert net.files(EXAMPLE) == [f"results/yours/network_planted.{k}" for k in ("md", "csv", "png", "pdf")]
    assert imb.files(BASE) == [] and net.files(BASE) == [] and views.PERMUTATION.files(BASE) == []
    s = imb.configure(EXAMPLE, {"dataset": "rare"})
    assert s["name"] == "rare" and s["spec"]["positive"] == "event" and s["removed_percent"] == [0, 25, 50]
    assert s["profile"] == "paper" and s["estimators"]["logreg"]["class"].endswith("LogisticRegression")
    s = net.configure(EXAMPLE, {"netset": "planted"})
    assert s["name"] == "planted" and s["spec"]["label"] == "label" and s["trials_per_network"] == 6
    assert net.reads["chunks"].wildcards(EXAMPLE) == {"purpose": ["type1", "power"]}


def _imbalance_summary():
    rows = []
    for scheme in ("10-fold", "5x2"):
        for clf, base in (("a", 0.9), ("b", 0.8)):
            for level in (0, 50):
                value = base - (0.2 if clf == "a" and level == 50 else 0.0)
                rows.append(
                    {
                        "scheme": scheme,
                        "classifier": clf,
                        "removed_percent": level,
                        "n_pos": 40 - level // 5,
                        "n_neg": 200,
                        "rows": 2,
                        **{
                            m: value
                            for m in ("auc", "h_measure", "f1", "precision_at_20", "brier", "accuracy", "pr_break_even")
                        },
                    }
                )
    return pd.DataFrame(rows)


def test_imbalance_caption_markdown_and_figure():
    summary = _imbalance_summary()
    settings = {
        "tenfold": {"folds": 10, "evaluated": 10},
        "fivebytwo": {"repeats": 5},
        "metric_aggregation": "per_fold",
    }
    caption = views.imbalance_caption(
        "mine", {"path": "m.csv", "positive": "yes"}, summary, settings, "paper", "Classifiers: a; b."
    )
    assert "positive class 'yes', 40 positives and 200 negatives" in caption
    assert "FEWER REMOVAL LEVELS THAN THE PAPER: 2 (the paper: 11)" in caption
    assert "FEWER SCORED FOLDS" not in caption
    md = views.imbalance_markdown(summary, "mine", caption)
    assert "| 10-fold | AUC | a > b | b > a |" in md
    assert "10-fold, AUC: the best classifier changes from a to b as 50 % of the positives are removed" in md
    assert "Brier score: the best classifier changes from b to a" in md  # lower Brier is better
    fig = views.imbalance_figure(summary, "mine")
    assert sum(ax.axison for ax in fig.axes) == 7


def _calibration_table() -> pd.DataFrame:
    """A settled calibration table (lib.studies.realnet.calibrate, unmet="settle"): two held-out
    networks x two levels, one calibration per case (two met), and a power row."""
    rows = [
        ("a", 0.1, "wvrn", 0.05, 0.0, 0.80, 0.76, 0.003, "met_tolerance", 0.012),
        ("a", 0.3, "nbc", 0.0, 0.0, 0.70, 0.71, -0.010, "met_tolerance", 0.011),
        ("b", 0.1, "none", 0.0, 0.0, 0.50, 0.48, 0.020, "within_sampling_error", 0.015),
        ("b", 0.3, "wvrn", 1.0, 0.0, 0.56, 0.50, 0.030, "smallest_gap", 0.010),
    ]
    frame = pd.DataFrame(
        [
            {
                "set": "mine",
                "purpose": "type1",
                "held_out_name": h,
                "prop_labeled": pl,
                "handicapped": who,
                "handicap_wvrn": cw,
                "handicap_nbc": cb,
                "accuracy_wvrn_unhandicapped": aw,
                "accuracy_nbc_unhandicapped": ab,
                "difference": d,
                "splits": 90,
                "calibration_case": case,
                "difference_unhandicapped_se": se,
            }
            for h, pl, who, cw, cb, aw, ab, d, case, se in rows
        ]
    )
    power = frame.iloc[[0]].assign(purpose="power", calibration_case=np.nan, difference_unhandicapped_se=np.nan)
    return pd.concat([frame, power], ignore_index=True)


def test_network_caption_markdown_and_figure():
    rows = []
    for method, (sampler, test) in yours.NETWORK_LINES.items():
        bad = method.startswith("RS ") and "paired" in method
        for pl in (0.1, 0.3):
            rows.append(
                {
                    "method": method,
                    "set": "mine",
                    "sampler": sampler,
                    "test": test,
                    "purpose": "type1",
                    "prop_labeled": pl,
                    "rate": 0.4 if bad else 0.05,
                    "rate_low": 0.3 if bad else 0.01,
                    "rate_high": 0.5 if bad else 0.1,
                    "trials": 60,
                    "calibration_difference": 0.0,
                    "held_out_abs_gap": 0.01 + pl / 10,
                }
            )
        for d in (0.02, 0.1):
            rows.append(
                {
                    "method": method,
                    "purpose": "power",
                    "prop_labeled": 0.3,
                    "rate": 0.8 * d * 10,
                    "rate_low": 0.1,
                    "rate_high": 0.9,
                    "trials": 60,
                    "calibration_difference": d,
                }
            )
    summary = pd.DataFrame(rows)
    nets = pd.DataFrame(
        {
            "nodes": [100, 120, 110],
            "mean_degree": [4.0, 5.0, 4.5],
            "autocorrelation": [0.3, 0.4, 0.35],
            "p_pos": [0.6, 0.7, 0.65],
            "network_nodes": 330,
            "network_mean_degree": 6.0,
            "network_autocorrelation": 0.33,
            "network_p_pos": 0.66,
            "network_autocorrelation_contingency": 0.31,
            "network_self_loops": 2,
            "network_duplicate_edges": 0,
            "positive_label": 1,
        }
    )
    settings = {
        "selection": "partition",
        "tolerance": 0.005,
        "calibration_samples": 1,
        "calibration_folds": 10,
        "trials_per_network": 10,
        "samplers": {"RS": 10, "NCV": 10},
        "power_prop_labeled": 0.3,
        "power_handicaps": [0.1, 0.3],
    }
    calibration = _calibration_table()
    caption = views.network_caption("mine", nets, summary, settings, "paper", yours.calibration_cases(calibration))
    assert (
        "Calibration (held-out subnetwork x level): in 2 of 4 a handicap met |Δacc| ≤ 0.005 (unhandicapped gap "
        "0.010-0.040, handicap c = 0.000-0.050); in 1 of 4 bisection found no handicap that could (near chance, "
        "perturbing predictions barely moves accuracy), and the unhandicapped gap 0.020 was within 2 standard "
        "errors (0.015) of the paired difference over the 90 calibration splits: the models cannot be told apart "
        "there, so neither was handicapped (c = 0); in 1 of 4 no handicap could, though the unhandicapped gap "
        "0.060 exceeded 2 standard errors (0.010): the better model was handicapped by the c that leaves the "
        "smallest gap (c = 1.000, gap left 0.030), so the null of equal accuracy does not hold there"
    ) in caption
    assert "330 nodes (2 self-loop(s) of your files left out: the tests use the simple graph)" in caption
    assert (
        "label autocorrelation 0.33 (phi: the correlation of the two ends' labels over linked pairs, contingency "
        "coefficient 0.31), P(+) 0.66 (positive = '1')"
    ) in caption
    assert "carved into 3 disjoint subnetworks of 100-120 nodes" in caption
    assert "FEWER TRIALS PER HELD-OUT NETWORK THAN THE PAPER: 10 (the paper: 50)" in caption
    assert "NCV: mine 0.020 at 0.1 to 0.040 at 0.3); where it exceeds the tolerance" in caption
    md = views.network_markdown(summary, nets, "mine", caption, 0.05)
    assert "rejects a true null in up to 40% of trials (α = 0.05): it would fool you" in md
    assert "leaves a mean accuracy gap" not in md
    md = views.network_markdown(summary, nets, "mine", caption, 0.05, tolerance=0.005)
    assert "leaves a mean accuracy gap of up to 0.040 on the held-out one (tolerance 0.005;" in md
    assert "| RS paired | 0.400 | 0.400 |" in md
    assert "## Calibration" not in md and "could not be told apart" not in md
    md = views.network_markdown(summary, nets, "mine", caption, 0.05, tolerance=0.005, calibration=calibration)
    assert "- In 1 of 4 calibrations wvRN and nBC could not be told apart on the other subnetworks" in md
    assert "yours: 0.33): nothing was handicapped there" in md
    assert "- In 1 of 4 calibrations no handicap brought the models within the tolerance although they differ" in md
    assert (
        "| b | 0.1 | 0.500 | 0.480 | 0.015 | gap within sampling error: no handicap | none | 0.0000 | +0.0200 |" in md
    )
    assert "| b | 0.3 | 0.560 | 0.500 | 0.010 | real gap, no handicap meets the tolerance: smallest gap | wvrn |" in md
    assert "- Power at the largest difference (0.100): RS-C paired 0.80" in md
    fig = views.network_figure(summary, nets, "mine", 0.05, 0.005)
    assert "autocorrelation (phi) 0.33, P(+) 0.66, mean degree 6.00" in fig._suptitle.get_text()
    assert fig.axes[1].get_title() == "Power"


def test_power_is_not_measured_where_no_handicap_created_a_difference():
    # a network whose labels carry no autocorrelation: both models at chance, nBC's handicaps move nothing
    power = pd.DataFrame(
        {
            "method": ["RS-C paired", "RS-C paired"],
            "purpose": "power",
            "calibration_difference": [-0.012, -0.000],
            "rate": [0.05, 0.04],
        }
    )
    assert not views.power_measured(power, 0.005) and views.power_measured(
        power.assign(calibration_difference=0.02), 0.005
    )
    sentence = views.power_sentence(power, 0.005)
    assert sentence.startswith("- Power was not measured: handicapping nBC created no real difference")
    assert "largest mean difference +0.000, not above the tolerance 0.005" in sentence
