"""Benchmark (not a rule, not a timed test): permutations per second of this project's Test 1
engines (lib/models/nn1_engine.py, nb_engine.py, c45.py) against scikit-learn's
``permutation_test_score`` with the equivalent estimator, in one run on the same data (Ojala &
Garriga 2009 issue, "Performance").

    .venv/bin/python scripts/tools/benchmark_permutation_engine.py --mirror ../shared/data \
        --out results/benchmarks/permutation_engine.csv

Equivalent estimators: 1-NN = ``KNeighborsClassifier(n_neighbors=1)`` on the encoding whose
squared Euclidean distance is Weka's (``nn1.encode_for_blas``); naive Bayes =
``GaussianNB`` on the same data (the same model family for numeric attributes; Weka's variance
floor and precision rounding differ); tree = ``DecisionTreeClassifier(criterion="entropy",
min_samples_leaf=2)`` on the one-hot data (the project's former J48 stand-in; ours is Weka's
J48 re-implemented in ``lib.models.c45``: gain ratio, pruning -- more work per tree). Both sides:
stratified 10-fold CV error, one thread (OPENBLAS_NUM_THREADS=1, ``n_jobs=1``).

Two rows per classifier and data set: ``design="study"`` times the study's
``permutation.original_errors`` and ``permutation.randomized_errors`` (a fresh stratified CV per
permutation: folds travel with the labels, as the study runs);
``design="fixed"`` times our engine on one fixed partition, which is what
``permutation_test_score`` does -- the like-for-like comparison.
"""

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from sklearn.model_selection import StratifiedKFold, permutation_test_score  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from lib.core import tables  # noqa: E402
from lib.data import acquisition, datasets
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.evaluation import sampling  # noqa: E402
from lib.models import c45, nb_engine, nn1, nn1_engine  # noqa: E402
from lib.studies import permutation  # noqa: E402
from tools.reference_models import one_hot_nominal  # noqa: E402

# (classifier, ours: permutations, scikit-learn: permutations); counts sized for ~10-60 s each
PLAN = [("1nn", 1000, 100), ("nb", 1000, 100), ("j48", 50, 50)]


def timed(func):
    t = time.perf_counter()
    func()
    return time.perf_counter() - t


def sklearn_side(classifier, data):
    ranges = nn1.weka_ranges(data.X, data.spec)
    if classifier == "1nn":
        Z, _ = nn1.encode_for_blas(data.X, data.spec, ranges)
        return KNeighborsClassifier(n_neighbors=1, algorithm="brute"), Z
    if classifier == "nb":
        return GaussianNB(), one_hot_nominal(data.X, data.spec)
    return (
        DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0),
        one_hot_nominal(data.X, data.spec),
    )


def ours_study(clf, data, folds, k, entropy):
    """The study's errors: the original CV repetitions, then ``k`` Test 1 randomisations."""
    permutation.original_errors(clf, data.X, data.y, data.spec, folds, entropy)
    return permutation.randomized_errors(clf, data.X, data.y, data.spec, 1, folds[0], entropy, 0, k)


def ours_fixed_partition(clf, data, folds, k, rng):
    """Our Test 1 engine on one partition shared by all permutations (like scikit-learn)."""
    perms = pm.label_permutations(len(data.y), k, rng)
    if clf == "1nn":
        sqdist = nn1.ibk_sqdist_fn(data.X, data.spec, nn1.weka_ranges(data.X, data.spec))
        return nn1_engine.nn1_cv_errors_test1(sqdist, data.y, folds, perms)
    if clf == "nb":
        return nb_engine.nb_cv_errors_test1(data.X, data.y, folds, perms, data.spec)
    return c45.j48_cv_errors(data.X, data.y, folds, data.spec, perms=perms)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--datasets",
        nargs="+",
        default=["diabetes", "segment"],
        help="registry names without missing values (default: diabetes segment)",
    )
    ap.add_argument("--mirror", default=None, help="folder with verified dataset copies")
    ap.add_argument("--raw", default="data/raw", help="where raw files are kept")
    ap.add_argument("--out", default="results/benchmarks/permutation_engine.csv")
    ap.add_argument("--classifiers", nargs="+", default=[c for c, _, _ in PLAN], choices=[c for c, _, _ in PLAN])
    args = ap.parse_args()
    rows = []
    for name in args.datasets:
        acquisition.acquire(name, args.raw, args.mirror)
        data = datasets.load(name, args.raw)
        if np.isnan(data.X).any():
            sys.exit(f"benchmark data set {name!r} has missing values; choose one without (e.g. diabetes)")
        rng = np.random.default_rng(0)
        folds = sampling.stratified_fold_of(rng, data.y, 10)
        for clf, k_ours, k_sk in PLAN:
            if clf not in args.classifiers:
                continue
            est, Xs = sklearn_side(clf, data)
            cv = StratifiedKFold(10, shuffle=True, random_state=0)
            theirs = timed(
                lambda: permutation_test_score(est, Xs, data.y, cv=cv, n_permutations=k_sk, n_jobs=1, random_state=0)
            )
            # first calls compile (numba, cached on disk): warm up outside the clock
            ours_study(clf, data, folds, 2, [9])
            ours_fixed_partition(clf, data, folds[0], 2, np.random.default_rng(9))
            for design, run in (
                ("study", lambda: ours_study(clf, data, folds, k_ours, [1])),
                ("fixed", lambda: ours_fixed_partition(clf, data, folds[0], k_ours, np.random.default_rng(1))),
            ):
                ours = timed(run)
                row = {
                    "dataset": name,
                    "n": data.X.shape[0],
                    "m": data.X.shape[1],
                    "classifier": clf,
                    "design": design,
                    "ours_permutations": k_ours,
                    "ours_seconds": ours,
                    "ours_per_second": k_ours / ours,
                    "sklearn_permutations": k_sk,
                    "sklearn_seconds": theirs,
                    "sklearn_per_second": k_sk / theirs,
                }
                row["speedup"] = row["ours_per_second"] / row["sklearn_per_second"]
                rows.append(row)
                print(
                    f"{name:10s} {clf:4s} {design:5s} ours {row['ours_per_second']:9.1f}/s  sklearn "
                    f"{row['sklearn_per_second']:7.1f}/s  speed-up {row['speedup']:6.1f}x",
                    flush=True,
                )
    tables.write_csv(pd.DataFrame(rows), args.out)


if __name__ == "__main__":
    main()
