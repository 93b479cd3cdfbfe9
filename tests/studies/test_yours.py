"""lib.studies.yours: the `yours` section's defaults, and its jobs as the studies' own functions --
known answers on generated data (a learnable data set: Test 1 p at its floor; labels independent
of the features: Test 1 p large), the same randomisations for an estimator as for the engines,
the imbalance study's classifiers unchanged by the hook that runs a user's, and a network carved
into a network set."""

import copy
import logging

import numpy as np
import pandas as pd
import pytest
import yaml

from conftest import ROOT, overlaid
from lib.core import seeding
from lib.data import datasets, network_sets
from lib.data.attributes import AttributeSpec
from lib.evaluation import refit
from lib.models import adapters
from lib.studies import imbalance, permutation, permutation_summaries, yours

BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())
QUICK = overlaid(BASE, yaml.safe_load((ROOT / "config/quick.yaml").read_text()))
FOLDS = {"folds": 10, "repetitions": 2}
K = 49  # randomisations: the floor 1/(K + 1) = 0.02


def _data(rng, n=120, informative=True) -> datasets.TabularData:
    y = np.repeat([0, 1], n // 2)
    X = np.column_stack(
        [rng.normal(np.where(y == 1, 1.5, -1.5), 1.0), rng.normal(size=n), rng.integers(0, 3, n)]
    ).astype(float)
    if not informative:
        y = rng.permutation(y)
    return datasets.TabularData("d", X, y, AttributeSpec((0, 0, 3)), ("a", "b"), ("x1", "x2", "c"))


def _original(data, classifier, folds_entropy, entropy, *, pool=0, **options):
    """One original job as the rule script runs it: the folds drawn, then evaluated."""
    orig = permutation.uci_original_folds(data.y, FOLDS, folds_entropy, pool)
    return permutation.uci_original(data, "d", classifier, orig, entropy, **options)


def _test1_p(data, classifier, estimator=None):
    raw = [_original(data, classifier, [1, 2], [3], tie_rule="shuffled", estimator=estimator)]
    for test in (1, 2):
        raw.append(
            permutation.uci_randomized(
                data, "d", classifier, test, FOLDS, [1, 2], [4, test], 0, K, tie_rule="shuffled", estimator=estimator
            )
        )
    return permutation_summaries.uci_summary(pd.concat(raw, ignore_index=True), alpha=0.05).iloc[0]


def test_settings_default_to_the_profile_and_take_the_users_counts():
    cfg = yours.settings(QUICK)
    assert cfg["datasets"] == {} and cfg["classifiers"] == list(permutation.CLASSIFIERS)
    p = cfg["permutation"]
    assert (p["randomizations"], p["repetitions"], p["folds"]) == (100, 2, 10)
    assert p["alpha"] == 0.01 and p["tie_rule"] == "shuffled"
    assert cfg["imbalance"]["removed_percent"] == [0, 25, 50]
    assert cfg["network"]["trials_per_network"] == QUICK["realnet"]["trials_per_network"]
    jobs = {k: v for k, v in QUICK["network_tests"].items() if k != "autocorrelation_measure"}
    assert cfg["network"]["models"] == jobs and "autocorrelation_measure" in QUICK["network_tests"]
    paper = yours.settings(
        overlaid(
            BASE,
            {"yours": {"datasets": {"m": {"path": "m.csv", "class": "y"}}, "permutation": {"randomizations": 200}}},
        )
    )
    assert paper["permutation"]["randomizations"] == 200 and paper["permutation"]["repetitions"] == 10
    assert paper["permutation"]["datasets"] == ["m"]
    assert len(paper["imbalance"]["removed_percent"]) == 11


@pytest.mark.parametrize("classifier", ["j48", "1nn", "nb"])
def test_known_answers_learnable_at_the_floor_independent_large(classifier):
    rng = np.random.default_rng(7)
    learnable = _test1_p(_data(rng), classifier)
    assert learnable["t1_p"] == pytest.approx(1 / (K + 1)) and learnable["t1_significant"]
    assert learnable["p_floor"] == pytest.approx(1 / (K + 1))
    independent = _test1_p(_data(rng, informative=False), classifier)
    assert independent["t1_p"] > 0.2 and not independent["t1_significant"]
    assert independent["orig"] > 0.3


def test_further_original_cvs_give_each_p_value_its_spread_over_fold_draws():
    data = _data(np.random.default_rng(4), informative=False)
    est = {"class": "sklearn.naive_bayes.GaussianNB", "params": {}}
    for classifier, estimator in (("nb", None), ("gnb", est)):
        first = _original(data, classifier, [1, 2], [3], estimator=estimator)
        pooled = _original(data, classifier, [1, 2], [3], estimator=estimator, pool=8)
        assert len(first) == 2 and len(pooled) == 8
        np.testing.assert_array_equal(pooled["error"].iloc[:2], first["error"])  # the table's CVs are the same
        null = [
            permutation.uci_randomized(data, "d", classifier, t, FOLDS, [1, 2], [4, t], 0, K, estimator=estimator)
            for t in (1, 2)
        ]
        raw = pd.concat([pooled, *null], ignore_index=True)
        row = permutation_summaries.uci_summary(raw, alpha=0.05, repetitions=2, spread_entropy=[5]).iloc[0]
        plain = permutation_summaries.uci_summary(pd.concat([first, *null], ignore_index=True), alpha=0.05).iloc[0]
        assert row["repetitions"] == 2 and row["t1_p"] == plain["t1_p"] and row["orig"] == plain["orig"]
        assert row["t1_p_low"] <= row["t1_p"] <= row["t1_p_high"] and np.isnan(plain["t1_p_low"])
        assert row["t1_unstable"] == (row["t1_p_low"] <= 0.05 < row["t1_p_high"])


def test_a_users_data_set_is_loaded_for_the_permutation_jobs_as_the_yours_section_names_it(tmp_path):
    table = tmp_path / "mine.csv"
    pd.DataFrame({"id": [1, 2, 3, 4], "x": [0.1, 0.2, 0.3, 0.4], "y": ["a", "b", "a", "b"]}).to_csv(table, index=False)
    data = permutation.load_data({"path": str(table), "class": "y", "drop": ["id"]}, "mine")
    assert data.X.shape == (4, 1) and list(data.y) == [0, 1, 0, 1] and data.feature_names == ("x",)


def test_an_estimator_sees_the_engines_randomisations_and_folds():
    data = _data(np.random.default_rng(2))
    est = {"class": "sklearn.naive_bayes.GaussianNB", "params": {}}
    ours = permutation.uci_randomized(data, "d", "gnb", 1, FOLDS, [1], [2], 3, 8, estimator=est)
    assert list(ours["index"]) == [3, 4, 5, 6, 7] and (ours["kind"] == "randomized").all()
    folds0 = permutation.original_folds(data.y, 10, 1, [1])[0]
    perms, null_folds = permutation.draw_randomizations(1, data.y, 3, folds0, [2], 3, 8)
    manual = refit.cv_errors(
        lambda: adapters.EstimatorModel("sklearn.naive_bayes.GaussianNB", {}, data.spec, 2),
        data.X,
        data.y,
        null_folds,
        perms=perms,
    )
    np.testing.assert_array_equal(ours["error"], manual)
    learnable = _test1_p(data, "gnb", est)
    assert learnable["t1_p"] == pytest.approx(1 / (K + 1))


def test_the_estimator_log_says_how_slow(caplog):
    caplog.set_level(logging.INFO)
    data = _data(np.random.default_rng(2), n=60)
    est = {"class": "sklearn.linear_model.LogisticRegression", "params": {}}
    permutation.uci_randomized(data, "d", "lr", 2, FOLDS, [1], [2], 0, 3, estimator=est, log=logging.getLogger("t"))
    assert any(
        "refit per fold, 10 fits per CV" in r.message and "s per randomisation" in r.message for r in caplog.records
    )


def _binary(seed=3, n=160):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.25).astype(int)
    X = np.column_stack([rng.normal(y, 1.0), rng.integers(0, 2, n)]).astype(float)
    return X, y, AttributeSpec((0, 2))


def test_the_models_hook_leaves_the_chapters_classifiers_unchanged():
    X, y, spec = _binary()
    kwargs = dict(
        removed_percent=[0, 50],
        tenfold_folds=10,
        precision_k=20,
        tenfold_evaluated=2,
        fivebytwo_repeats=1,
        platt_folds="cv3",
        j48_pruning="pruned",
    )
    chapter = imbalance.cross_validate_dataset(
        "s", X, y, spec, np.random.default_rng(9), classifiers=["NB", "J48", "SMO"], **kwargs
    )
    imb = {"platt_folds": "cv3", "j48_pruning": "pruned"}
    models = yours.imbalance_models(["nb", "j48", "smo"], {}, spec, imb)
    hooked = imbalance.cross_validate_dataset(
        "s", X, y, spec, np.random.default_rng(9), classifiers=(), models=models, **kwargs
    )
    for key in ("per_fold", "pooled"):
        a = chapter[key].reset_index(drop=True)
        b = hooked[key].replace({"classifier": {"nb": "NB", "j48": "J48", "smo": "SMO"}}).reset_index(drop=True)
        b = b.set_index(
            ["removed_percent", "scheme", "repetition", "classifier"] + (["fold"] if key == "per_fold" else [])
        ).sort_index()
        a = a.set_index(b.index.names).sort_index()
        pd.testing.assert_frame_equal(a, b)


def test_imbalance_with_1nn_and_an_estimator_and_its_summary():
    X, y, spec = _binary()
    data = datasets.TabularData("s", X, y, spec, ("no", "yes"), ("a", "b"), ("yes",))
    imb = yours.settings(QUICK)["imbalance"]
    frames = yours.imbalance_cv(
        data,
        "s",
        ["1nn", "lr"],
        {"lr": {"class": "sklearn.linear_model.LogisticRegression", "params": {}}},
        imb,
        np.random.default_rng(0),
    )
    summary = yours.imbalance_summary(frames["per_fold"])
    assert list(dict.fromkeys(summary["classifier"])) == ["1nn", "lr"]
    assert set(summary["removed_percent"]) == {0, 25, 50}
    metrics = yours.imbalance_metrics(summary)
    assert metrics == ["auc", "h_measure", "f1", "precision_at_20", "brier", "accuracy", "pr_break_even"]
    assert {f"{m}_sd" for m in metrics} <= set(summary.columns)
    assert summary.loc[summary["removed_percent"] == 50, "n_pos"].iloc[0] < summary["n_pos"].max()


def test_load_dataset_names_the_positive_class(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("x,c\n1,0\n2,1\n3,1\n")
    data = yours.load_dataset({"path": str(path), "class": "c", "positive": 1}, "d")
    assert data.minority == ("1",)
    np.testing.assert_array_equal(data.y_minority, [0, 1, 1])
    with pytest.raises(ValueError, match="positive class 7"):
        yours.load_dataset({"path": str(path), "class": "c", "positive": 7}, "d")


def _network_files(tmp_path, communities=4, size=40):
    rng = np.random.default_rng(0)
    edges, labels, offset = [], [], 0
    for c in range(communities):
        for i in range(size):
            labels.append((f"n{offset + i}", int(i < size // 2)))
            edges.append((f"n{offset + i}", f"n{offset + (i + 1) % size}"))
            edges.append((f"n{offset + i}", f"n{offset + int(rng.integers(size))}"))
        if c:
            edges.append((f"n{offset - 1}", f"n{offset}"))
        offset += size
    (tmp_path / "e.csv").write_text("".join(f"{a},{b}\n" for a, b in edges))
    (tmp_path / "l.csv").write_text("node,label\n" + "".join(f"{a},{b}\n" for a, b in labels))
    return {"edges": str(tmp_path / "e.csv"), "labels": str(tmp_path / "l.csv")}


def test_a_network_is_carved_into_a_network_set(tmp_path):
    spec = _network_files(tmp_path)
    net = copy.deepcopy(yours.settings(QUICK)["network"])
    net["parts"] = 4
    node_rows, edge_rows, extra = yours.network_set(spec, net, "mine", np.random.default_rng(1))
    nodes = pd.DataFrame(node_rows)
    assert nodes["network"].nunique() == 4 and set(nodes["label"]) == {0, 1}
    assert extra["network_nodes"] == 160 and extra["source"] == "user network" and extra["positive_label"] == "1"
    assert 0 <= extra["network_p_pos"] <= 1 and "network_autocorrelation" in extra
    # the set reads back in the real-network study's format
    pd.DataFrame(node_rows).to_csv(tmp_path / "nodes.csv", index=False)
    pd.DataFrame(edge_rows, columns=list(network_sets.EDGE_COLUMNS)).to_csv(tmp_path / "edges.csv", index=False)
    netset = network_sets.read_network_set(tmp_path / "nodes.csv", tmp_path / "edges.csv")
    assert len(netset) == 4 and sum(netset.sizes()) <= 160
    carve = yours.partition_spec("mine", net, 160)["partition"]
    assert carve == {"parts": 4, "min_size": 20, "max_size": 40, "attempts": net["attempts"]}


def test_network_settings_have_the_real_network_studys_shape():
    net = yours.settings(BASE)["network"]
    cal = yours.calibration_setting(net)
    assert set(cal) == {
        "levels",
        "samples",
        "folds",
        "type1_levels",
        "power_level",
        "power_handicaps",
        "tolerance",
        "strength",
        "selection",
    }
    assert cal["levels"] == sorted(set(BASE["realnet"]["prop_labeled"]) | {BASE["realnet"]["power_prop_labeled"]})
    power = yours.chunk_setting(net, "power")
    assert power["prop_labeled"] == [net["power_prop_labeled"]] and "handicaps" in power
    assert "handicaps" not in yours.chunk_setting(net, "type1")
    assert seeding.job_entropy(1, "yours_network", [cal], 0) != seeding.job_entropy(1, "realnet", [cal], 0)


def test_a_networks_carve_is_seeded_by_its_identity_only(tmp_path):
    cfg = yours.settings({**QUICK, "yours": {"networks": {"mine": _network_files(tmp_path)}, "network": {"parts": 4}}})
    entropy = yours.network_set_entropy(7, cfg, "mine")
    assert entropy == seeding.job_entropy(7, "yours_network_set", yours.network_identity(cfg, "mine"), 0)
    assert yours.network_identity(cfg, "mine")["carve"]["parts"] == 4
    # the trial counts do not enter the carve's seed; the carve settings and the file names do
    more = copy.deepcopy(cfg)
    more["network"]["trials_per_network"] += 1
    assert yours.network_set_entropy(7, more, "mine") == entropy
    more["network"]["attempts"] += 1
    assert yours.network_set_entropy(7, more, "mine") != entropy


def test_calibration_cases_count_each_ending_with_its_ranges():
    rows = [
        ("met_tolerance", 0.80, 0.76, 0.05, 0.0, 0.003, 0.012),
        ("met_tolerance", 0.70, 0.71, 0.0, 0.0, -0.010, 0.011),
        ("within_sampling_error", 0.50, 0.48, 0.0, 0.0, 0.020, 0.015),
        ("smallest_gap", 0.56, 0.50, 1.0, 0.0, 0.030, 0.010),
    ]
    calibration = pd.DataFrame(
        [
            {
                "purpose": "type1",
                "calibration_case": case,
                "accuracy_wvrn_unhandicapped": aw,
                "accuracy_nbc_unhandicapped": ab,
                "handicap_wvrn": cw,
                "handicap_nbc": cb,
                "difference": d,
                "difference_unhandicapped_se": se,
                "splits": 90,
            }
            for case, aw, ab, cw, cb, d, se in rows
        ]
        + [{"purpose": "power", "accuracy_wvrn_unhandicapped": 0.8, "accuracy_nbc_unhandicapped": 0.5, "splits": 90}]
    )
    cases = yours.calibration_cases(calibration).set_index("case")
    assert list(cases.index) == ["met_tolerance", "within_sampling_error", "smallest_gap"]
    assert cases["calibrations"].tolist() == [2, 1, 1]
    assert cases.loc["met_tolerance", ["gap_min", "gap_max"]].tolist() == pytest.approx([0.01, 0.04])
    assert cases.loc["smallest_gap", ["handicap_max", "left_max", "se_max"]].tolist() == pytest.approx(
        [1.0, 0.03, 0.01]
    )
    # a papers' table (no case columns) met the tolerance everywhere
    plain = calibration.drop(columns=["calibration_case", "difference_unhandicapped_se"])
    assert yours.calibration_cases(plain)[["case", "calibrations"]].values.tolist() == [["met_tolerance", 4]]
