"""Every bad input of the `yours` section is rejected before any job with one sentence naming the
config key, the problem and the fix (lib.infra.yourscheck, called by lib.infra.configcheck)."""

import copy
import shutil

import pytest
import yaml

from conftest import ROOT, overlaid
from lib.infra import configcheck, yourscheck
from lib.studies import comparison

SCHEMA = ROOT / "workflow/schemas/config.schema.yaml"
BASE = yaml.safe_load((ROOT / "config/config.yaml").read_text())
EXAMPLE = yaml.safe_load((ROOT / "config/yours.example.yaml").read_text())


@pytest.fixture
def files(tmp_path):
    """The example files in a temporary folder, and the example's yours section pointing at them."""
    for path in (ROOT / "data/examples").glob("*.csv"):
        shutil.copy(path, tmp_path / path.name)
    section = copy.deepcopy(EXAMPLE["yours"])
    for spec in [*section["datasets"].values(), *section["networks"].values()]:
        for key in ("path", "edges", "labels", "gml"):
            if key in spec:
                spec[key] = str(tmp_path / spec[key].rsplit("/", 1)[-1])
    return tmp_path, section


def run(section) -> None:
    configcheck.check(overlaid(BASE, {"yours": section}), SCHEMA)


def rejected(section, *fragments) -> str:
    with pytest.raises(configcheck.ConfigError) as info:
        run(section)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    assert ". " not in message.replace("e.g. ", "") and not message.endswith("."), message  # one sentence
    return message


def test_the_example_and_no_section_pass(files):
    run(files[1])
    configcheck.check(BASE, SCHEMA)
    yourscheck.check(BASE)  # nothing to check without a yours section


def test_missing_file(files):
    tmp, section = files
    section["datasets"]["learnable"]["path"] = str(tmp / "gone.csv")
    rejected(section, "yours.datasets.learnable: file", "gone.csv does not exist", "fix yours.datasets.learnable.path")


def test_wrong_checksum(files):
    section = files[1]
    section["datasets"]["rare"]["sha256"] = "0" * 64
    rejected(section, "yours.datasets.rare: file", "has sha256", "fix yours.datasets.rare.sha256")


def test_class_column_not_there(files):
    section = files[1]
    section["datasets"]["learnable"]["class"] = "label"
    rejected(
        section,
        "yours.datasets.learnable: class column 'label' is not in",
        "(columns: x1, x2, x3, colour, y)",
        "fix yours.datasets.learnable.class",
    )


def test_class_with_fewer_rows_than_folds(files):
    tmp, section = files
    lines = (tmp / "learnable.csv").read_text().splitlines()
    (tmp / "learnable.csv").write_text("\n".join(lines + ["0,0,0,red,maybe"] * 7) + "\n")
    rejected(
        section,
        "yours.datasets.learnable: class 'maybe' has 7 row(s)",
        "fewer than the 10 folds",
        "lower yours.permutation.folds",
    )


def test_a_declared_class_without_rows_is_no_class(files):
    tmp, section = files
    arff = ["@relation r", "@attribute x numeric", "@attribute y {a,b,never}", "@data"]
    arff += [f"{i},{'a' if i % 3 else 'b'}" for i in range(60)]
    (tmp / "d.arff").write_text("\n".join(arff) + "\n")
    section["datasets"]["arff"] = {"path": str(tmp / "d.arff"), "class": "y", "positive": "b"}
    run(section)


def test_non_binary_class_for_the_imbalance_study(files):
    tmp, section = files
    text = (tmp / "imbalanced.csv").read_text().splitlines()
    text += [f"x{i},0,0,0,other" for i in range(20)]
    (tmp / "imbalanced.csv").write_text("\n".join(text) + "\n")
    del section["datasets"]["rare"]["sha256"]
    rejected(
        section,
        "yours.datasets.rare: the imbalance study needs a binary class",
        "has 3 classes",
        "remove yours.datasets.rare.positive",
    )


def test_positive_class_not_there_and_too_few_positives(files):
    section = files[1]
    section["datasets"]["rare"]["positive"] = "evnet"
    rejected(section, "yours.datasets.rare: positive class 'evnet' is not a class", "fix yours.datasets.rare.positive")
    section["datasets"]["rare"]["positive"] = "event"
    section["imbalance"]["removed_percent"] = [0, 95]
    rejected(section, "positive class 'event' has 90 rows", "4 after removing 95 %", "fewer than the 10 folds")
    section["imbalance"]["removed_percent"] = [10, 20]
    rejected(section, "yours.imbalance.removed_percent must increase from 0")


def test_disconnected_network(files):
    tmp, section = files
    with (tmp / "network_labels.csv").open("a") as handle:
        handle.write("island,1\n")
    rejected(
        section,
        "yours.networks.planted: the network of",
        "is disconnected: 2 connected components",
        "(the largest has 659 of 660 nodes)",
        "keep its largest component",
    )


def test_unlabeled_network(files):
    tmp, section = files
    with (tmp / "network_edges.csv").open("a") as handle:
        handle.write("n000,stranger\n")
    rejected(section, "yours.networks.planted: node 'stranger' of edge list", "(an unlabelled node)", "fix the file")


def test_node_without_a_label_value_and_a_missing_label_column(files):
    tmp, section = files
    section["networks"]["planted"]["label"] = "smokes"
    rejected(section, "label column 'smokes' is not in the node-label file", "fix yours.networks.planted.label")
    section["networks"]["planted"]["label"] = "label"
    text = (tmp / "network_labels.csv").read_text().replace("n005,1\n", "n005,\n").replace("n005,0\n", "n005,\n")
    (tmp / "network_labels.csv").write_text(text)
    rejected(section, "1 node(s) of", "have no value in the label column 'label' (e.g. node 'n005')")


def test_network_with_more_than_two_labels_or_too_small(files):
    tmp, section = files
    section["network"]["parts"] = 60
    rejected(section, "yours.networks.planted: 659 nodes carved into 60 subnetworks", "lower yours.network.parts")
    section["network"]["parts"] = 6
    text = (tmp / "network_labels.csv").read_text().replace("n001,0\n", "n001,2\n").replace("n001,1\n", "n001,2\n")
    (tmp / "network_labels.csv").write_text(text)
    rejected(
        section,
        "has 3 label value(s) (0, 1, 2); the network tests need exactly two",
        "fix yours.networks.planted.label",
    )


def test_a_carve_that_leaves_a_subnetwork_too_small_for_the_folds(files):
    # a star: the region that takes the hub takes every leaf; one seeded on another leaf keeps 1 node.
    # The configured sizes fit (121 nodes / 6 parts: at least 10 nodes each), the carve's parts do not.
    tmp, section = files
    (tmp / "star_edges.csv").write_text("".join(f"hub,n{i}\n" for i in range(120)))
    (tmp / "star_labels.csv").write_text("node,label\nhub,1\n" + "".join(f"n{i},{i % 2}\n" for i in range(120)))
    section["networks"] = {"star": {"edges": str(tmp / "star_edges.csv"), "labels": str(tmp / "star_labels.csv")}}
    rejected(
        section,
        "yours.networks.star: the carve leaves subnetwork star_",
        "node(s) only (the network's shape stopped its region growing below yours.network.min_size), too few for "
        "propLabeled 0.1 (10 folds exceed the",
        "raise yours.network.attempts, lower yours.network.parts or change yours.network.prop_labeled",
    )


def test_similar_networks_that_no_deal_finds(files):
    section = files[1]
    section["network"]["selection"] = "similar"
    bands = {"similar": {"candidates": 5, "max_ratio": {"p_pos": 1.0}}}  # the parts' P(+) identical: no deal
    with pytest.raises(configcheck.ConfigError) as info:
        configcheck.check(overlaid(BASE, {"yours": section, "realnet": bands}), SCHEMA)
    message = str(info.value)
    assert message.startswith("yours.networks.planted: realnet.selection: none of the 5 candidate deals"), message
    assert message.endswith(
        "widen realnet.similar.max_ratio or draw more realnet.similar.candidates, or set yours.network.selection "
        "to partition"
    )
    assert ". " not in message


def test_network_needs_edges_and_labels_or_gml(files):
    section = files[1]
    del section["networks"]["planted"]["labels"]
    rejected(section, "yours.networks.planted needs either edges and labels (two CSV files) or gml, got edges")


def test_estimator_that_cannot_be_imported(files):
    section = files[1]
    section["estimators"]["logreg"]["class"] = "sklearn.linear_model.LogisticRegresion"
    rejected(
        section,
        "yours.estimators.logreg: module 'sklearn.linear_model' has no 'LogisticRegresion'",
        "fix yours.estimators.logreg.class",
    )
    section["estimators"]["logreg"]["class"] = "not_installed_pkg.Model"
    rejected(section, "cannot import module 'not_installed_pkg'", "fix yours.estimators.logreg.class")


def test_estimator_that_cannot_be_built_or_fitted(files):
    section = files[1]
    section["estimators"]["logreg"]["params"] = {"C": 1.0, "max_iterations": 5}
    rejected(
        section,
        "yours.estimators.logreg: sklearn.linear_model.LogisticRegression(**",
        "cannot be built",
        "fix yours.estimators.logreg.params",
    )
    section["estimators"]["logreg"] = {"class": "sklearn.svm.SVC", "params": {"kernel": "no_such_kernel"}}
    rejected(
        section,
        "yours.estimators.logreg: fitting sklearn.svm.SVC on",
        "rows of yours.datasets.learnable failed",
        "fix yours.estimators.logreg.params",
    )
    section["estimators"]["logreg"] = {"class": "sklearn.svm.LinearSVC"}
    rejected(
        section,
        "yours.estimators.logreg: sklearn.svm.LinearSVC has no predict_proba",
        "imbalance study's metrics need (yours.datasets.rare has a positive class)",
    )


def test_names_and_lists_that_do_not_fit(files):
    section = files[1]
    rejected(
        {**section, "estimators": {"nb": {"class": "sklearn.naive_bayes.GaussianNB"}}},
        "yours.estimators.nb: the name is Weka's classifier's",
    )
    rejected({**section, "classifiers": [], "estimators": {}}, "yours.classifiers is empty")
    rejected({**section, "permutation": {"datasets": ["nope"]}}, "yours.permutation.datasets names 'nope'")
    rejected(
        {**section, "permutation": {"randomizations_per_job": {"svm": 10}}},
        "yours.permutation.randomizations_per_job: 'svm' names no classifier",
    )
    rejected({"classifiers": ["nb"]}, "yours lists no data set and no network")
    rejected({**section, "datasets": {"My Data": section["datasets"]["learnable"]}}, "yours.datasets")
    rejected({**section, "colour": "blue"}, "unknown config key 'yours.colour'")
    rejected({**section, "classifiers": ["svm"]}, "config key 'yours.classifiers[0]' must be one of j48, 1nn, nb, smo")


# ----------------------------------------------------------------------------- the comparison (yours.compare)


def _table(path, rows):
    path.write_text("x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for a, b, c in rows))
    return str(path)


def test_compare_needs_two_classifiers(files):
    section = files[1]
    section["compare"]["classifiers"] = ["nb"]
    message = rejected(section, "yours.compare compares pairs of classifiers but has 1 (nb)", "at least two")
    assert "set yours.compare.datasets to [] to skip the comparison" in message
    section["compare"]["datasets"] = []
    run(section)  # no comparison asked for: one classifier is fine
    del section["compare"]
    section["classifiers"], section["estimators"] = ["nb"], {}
    run(section)  # nor without a compare key: one classifier has nothing to be compared with


def test_compare_names_only_known_classifiers_and_data_sets(files):
    section = files[1]
    section["compare"]["classifiers"] = ["nb", "forest"]
    rejected(section, "yours.compare.classifiers names 'forest'", "nor a key of yours.estimators")
    section["compare"]["classifiers"] = ["nb", "logreg"]  # an estimator of the section
    section["compare"]["datasets"] = ["learnable", "missing"]
    rejected(section, "yours.compare.datasets names 'missing', which is not a key of yours.datasets")


def test_compare_power_difference_is_one_of_the_worlds(files):
    section = files[1]
    section["compare"]["power_difference"] = 0.03
    rejected(section, "yours.compare.power_difference 0.03 is not one of yours.compare.differences (0.02, 0.05, 0.1)")


def test_a_data_set_too_small_for_the_comparison(files):
    tmp, section = files
    rows = [(i, i % 3, "a" if i < 15 else "b") for i in range(40)]
    section["datasets"]["tiny"] = {"path": _table(tmp / "tiny.csv", rows), "class": "y"}
    section["compare"]["datasets"] = ["tiny"]
    rejected(
        section,
        "yours.datasets.tiny: class 'a' has 15 row(s)",
        "too few for the comparison of classifiers",
        "need at least 20 rows of every class",
        "raise yours.compare.fraction",
    )
    section["compare"]["fraction"] = 0.8  # 10 / 0.8: 13 rows of each class suffice
    run(section)
    assert yourscheck.compare_minimum_rows({"fraction": 0.5, "designs": comparison.DESIGN_SIZES}) == 20


def test_a_regression_target_is_refused(files):
    tmp, section = files
    rows = [(i, i % 7, f"{1.5 * i + 0.25:g}") for i in range(60)]
    section["datasets"]["house"] = {"path": _table(tmp / "house.csv", rows), "class": "y"}
    rejected(
        section,
        "yours.datasets.house: column 'y' of",
        "looks like a regression target (60 distinct numbers, e.g. 0.25)",
        "bin it into classes or name another column in yours.datasets.house.class",
    )
    # whole-number class codes are classes
    section["datasets"]["house"]["path"] = _table(tmp / "codes.csv", [(i, i % 7, i % 3) for i in range(60)])
    run(section)


def test_an_estimator_without_predict_is_refused(files):
    section = files[1]
    section["estimators"]["pca"] = {"class": "sklearn.decomposition.PCA", "params": {}}
    rejected(
        section,
        "yours.estimators.pca: sklearn.decomposition.PCA has no predict method",
        "every test here compares predicted classes",
        "choose a classifier (fit and predict) for yours.estimators.pca.class",
    )


def test_each_estimators_cpu_time_is_estimated_before_any_job_and_refused_past_the_limit(files):
    section = files[1]
    notes = configcheck.check(overlaid(BASE, {"yours": section}), SCHEMA)
    (note,) = notes  # one estimator, one note
    assert note.startswith("yours.estimators.logreg: one fit takes ") and "the run spends about" in note
    assert "CPU min fitting it" in note
    section["estimator_cpu_hours"] = 1e-9
    rejected(
        section,
        "yours.estimators.logreg: one fit takes",
        "above yours.estimator_cpu_hours (1e-09)",
        "or raise yours.estimator_cpu_hours",
    )


def test_the_fits_counted_per_study_follow_the_config():
    cfg = {
        "permutation": {
            "datasets": ["d"],
            "folds": 10,
            "repetitions": 10,
            "p_spread_repetitions": 40,
            "randomizations": 100,
        },
        "imbalance": {"tenfold": {"evaluated": 2}, "fivebytwo": {"repeats": 5}, "removed_percent": [0, 25, 50]},
        "datasets": {"d": {"positive": "yes"}},
    }
    compare = {
        "datasets": ["d"],
        "classifiers": ["m"],
        "trials": 50,
        "fraction": 0.5,
        "designs": comparison.DESIGN_SIZES,
    }
    fits = yourscheck.estimator_fits(cfg, compare, "m", "d")
    # 10 folds x (40 original CVs + 2 tests x 100 randomisations); 3 levels x (2 + 2 x 5); 50 x 136 x 0.5
    assert fits == {"permutation": 2400.0, "imbalance": 36.0, "comparison": 3400.0}
    assert yourscheck.estimator_fits(cfg, {**compare, "classifiers": []}, "m", "d")["comparison"] == 0.0
