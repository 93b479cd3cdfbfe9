"""Benchmark (not a rule, not a test): ``lib.models.c45`` J48 against scikit-learn's tree, one thread.

    .venv/bin/python scripts/tools/benchmark_j48.py --raw data/raw --mirror ../shared/data \
        --out results/benchmarks/j48.csv

Per data set, stratified 10-fold CV, times in seconds (single CVs: best of ``--repeat`` runs;
compilation excluded: the compiled
functions are loaded / compiled once before timing; ``--compile`` reports the cold-start cost
in a fresh process with an empty numba cache):

* ``sklearn_cv``: ``DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2)`` on the
  one-hot data (the project's former J48 stand-in, removed from the lib), one fit + predict per
  fold;
* ``j48_cv``: ``c45.J48`` fit + predict per fold from Python;
* ``j48_engine_cv``: ``c45.j48_cv_errors`` for the one CV;
* ``standin_test1`` / ``j48_test1`` (and ``..._test2``): the scikit-learn tree (:func:`sklearn_cv_errors`,
  encoding and input validation done once) / ``c45.j48_cv_errors`` for ``--perms`` randomised
  data sets (Test 1: permuted labels, Test 2: within-class column permutations), fresh stratified
  folds per data set as in the study;
* ``study_minutes``: the J48 CPU of the Ojala & Garriga study for the data set at paper scale
  extrapolated from these timings (1000 randomisations per test, 10 original CVs per test).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lib.data import acquisition, datasets  # noqa: E402
from lib.data.attributes import AttributeSpec  # noqa: E402
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.evaluation import sampling  # noqa: E402
from lib.models import c45  # noqa: E402
from tools.reference_models import one_hot_nominal  # noqa: E402


def timed(func, repeat: int = 1):
    """(smallest wall time of ``repeat`` runs, result)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = func()
        best = min(best, time.perf_counter() - t)
    return best, out


def sklearn_cv(B, y, folds):
    from sklearn.tree import DecisionTreeClassifier

    wrong = 0
    for f in np.unique(folds):
        te = folds == f
        tree = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0)
        tree.fit(B[~te], y[~te])
        wrong += int((tree.predict(B[te]) != y[te]).sum())
    return wrong / len(y)


def sklearn_cv_errors(X, y, folds, spec, *, perms=None, idx=None) -> np.ndarray:
    """CV errors of the scikit-learn tree for a batch of randomised data sets (refit per fold):
    ``perms`` (k, n) label permutations (Test 1) or ``idx`` (k, n, m) within-class row indices
    (Test 2). Everything around the fit is done once: the one-hot encoding (a Test 2 randomisation
    permutes an attribute's block of indicator columns, so the encoded randomised data are a
    gather of the encoded original), float32 conversion and, without missing values,
    scikit-learn's input validation (``check_input=False``)."""
    from sklearn.tree import DecisionTreeClassifier

    if (perms is None) == (idx is None):
        raise ValueError("give exactly one of perms (Test 1) or idx (Test 2)")
    y = np.asarray(y, dtype=np.intp)
    folds = np.asarray(folds)
    B = np.ascontiguousarray(one_hot_nominal(X, spec), dtype=np.float32)
    groups = np.repeat(np.arange(spec.m), np.maximum(np.asarray(spec.n_values), 1))
    cols = np.arange(B.shape[1])
    fast = not np.isnan(B).any()  # check_input=False skips the NaN mask scikit-learn needs
    k = (perms if idx is None else idx).shape[0]
    errors = np.zeros(k)
    for b in range(k):
        Xb = B if idx is None else np.ascontiguousarray(B[idx[b][:, groups], cols])
        yb = y if perms is None else y[perms[b]]
        fb = folds[b] if folds.ndim == 2 else folds
        wrong = 0
        for f in np.unique(fb):
            test = fb == f
            tree = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0)
            tree.fit(Xb[~test], yb[~test], check_input=not fast)
            wrong += int((tree.predict(Xb[test], check_input=not fast) != yb[test]).sum())
        errors[b] = wrong / len(y)
    return errors


def j48_cv(X, y, folds, spec, C):
    wrong = 0
    for f in np.unique(folds):
        te = folds == f
        pred = c45.J48(spec, n_classes=C).fit(X[~te], y[~te]).predict(X[te])
        wrong += int((pred != y[te]).sum())
    return wrong / len(y)


COLD = """
import sys, time
sys.path.insert(0, {scripts!r})
t = time.perf_counter()
import numpy as np
from lib.models import c45
from lib.data.attributes import AttributeSpec
X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, np.nan]] * 3)
y = np.array([0, 0, 1, 1] * 3)
spec = AttributeSpec((0, 2))
t0 = time.perf_counter(); c45.J48(spec).fit(X, y).predict_proba(X); t1 = time.perf_counter()
c45.j48_cv_errors(X, y, np.arange(12) % 3, spec, perms=np.arange(12)[None])
c45.j48_cv_errors(X, y, np.arange(12) % 3, spec, idx=np.tile(np.arange(12)[:, None], (1, 1, 2)))
t2 = time.perf_counter()
print(f"{{t1 - t0:.2f}} {{t2 - t1:.2f}}")
"""


def cold_start() -> tuple[float, float]:
    """Seconds for the first J48 fit/predict and the first j48_cv_errors calls in a fresh
    process with an empty numba cache (``NUMBA_CACHE_DIR`` takes precedence over the cache
    next to the module)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp)
        code = COLD.format(scripts=str(Path(__file__).resolve().parents[1]))
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
    return float(out[0]), float(out[1])


def _parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="+", default=["diabetes", "segment", "splice", "mushroom"])
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None, help="verified copies of the raw files")
    ap.add_argument("--perms", type=int, default=50)
    ap.add_argument(
        "--standin-perms",
        type=int,
        default=None,
        help="randomisations for the scikit-learn stand-in (default: --perms)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="single-CV timings: best of this many")
    ap.add_argument("--compile", action="store_true", help="also time a cold start")
    ap.add_argument("--out", default=None, help="CSV file")
    return ap.parse_args()


def warm_up() -> None:
    """Load / compile the numba functions, so that the timings exclude compilation."""
    warm = AttributeSpec((0, 2))
    Xw = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, np.nan]] * 3)
    yw = np.array([0, 0, 1, 1] * 3)
    c45.J48(warm).fit(Xw, yw).predict(Xw)
    c45.j48_cv_errors(Xw, yw, np.arange(12) % 3, warm, perms=np.arange(12)[None])
    c45.j48_cv_errors(Xw, yw, np.arange(12) % 3, warm, idx=np.tile(np.arange(12)[:, None], (1, 1, 2)))


def benchmark(name: str, args, ks: int) -> dict:
    """The timings of one data set (a CSV row); ``ks`` randomisations for the stand-in."""
    if not (Path(args.raw) / name / acquisition.MARKER).exists():
        acquisition.acquire(name, args.raw, args.mirror)
    data = datasets.load(name, args.raw)
    X, y, spec = data.X, data.y, data.spec
    C = len(data.class_names)
    n = len(y)
    rng = np.random.default_rng(args.seed)
    folds = sampling.stratified_fold_of(rng, y, 10)[0]
    perms = pm.label_permutations(n, args.perms, rng)
    idx = pm.within_class_permutations(y, spec.m, args.perms, rng)
    f2 = pm.resample_folds(folds, y, args.perms, rng)
    B = one_hot_nominal(X, spec)
    row = {
        "dataset": name,
        "n": n,
        "m": spec.m,
        "one_hot_columns": B.shape[1],
        "perms": args.perms,
        "standin_perms": ks,
    }
    ident = np.arange(n)[None]
    row["sklearn_cv"], e_sk = timed(lambda: sklearn_cv(B, y, folds), args.repeat)
    row["j48_cv"], e_j = timed(lambda: j48_cv(X, y, folds, spec, C), args.repeat)
    row["j48_engine_cv"], e_e = timed(
        lambda: c45.j48_cv_errors(X, y, folds, spec, perms=ident, n_classes=C)[0], args.repeat
    )
    assert e_j == e_e
    row["error_sklearn"], row["error_j48"] = e_sk, e_j
    row["standin_test1"], _ = timed(lambda: sklearn_cv_errors(X, y, folds[perms[:ks]], spec, perms=perms[:ks]))
    row["j48_test1"], null1 = timed(lambda: c45.j48_cv_errors(X, y, folds[perms], spec, perms=perms, n_classes=C))
    row["standin_test2"], _ = timed(lambda: sklearn_cv_errors(X, y, f2[:ks], spec, idx=idx[:ks]))
    row["j48_test2"], null2 = timed(lambda: c45.j48_cv_errors(X, y, f2, spec, idx=idx, n_classes=C))
    row["j48_test1_null_mean"] = float(null1.mean())
    row["j48_test2_null_mean"] = float(null2.mean())
    # CPU of this data set in the Ojala study at paper scale: 1000 randomisations of each
    # test plus 2 x 10 original CVs
    row["study_minutes"] = (
        (1000 * (row["j48_test1"] + row["j48_test2"]) / args.perms + 20 * row["j48_engine_cv"]) / 60
        if args.perms
        else float("nan")
    )
    return row


def print_row(row: dict, perms: int, ks: int) -> None:
    per = lambda key, k: row[key] / k if k else float("nan")  # noqa: E731
    speedup = row["sklearn_cv"] / row["j48_engine_cv"]
    print(
        f"{row['dataset']:10s} n={row['n']:5d} CV: sklearn {row['sklearn_cv']:.3f}s  J48 {row['j48_cv']:.3f}s"
        f" (engine {row['j48_engine_cv']:.3f}s; x{speedup:.1f})"
        f" | per randomised CV: Test 1 stand-in {per('standin_test1', ks):.3f}s"
        f" J48 {per('j48_test1', perms):.3f}s,"
        f" Test 2 stand-in {per('standin_test2', ks):.3f}s"
        f" J48 {per('j48_test2', perms):.3f}s"
        f" | error sklearn {row['error_sklearn']:.4f} J48 {row['error_j48']:.4f}",
        flush=True,
    )


def main():
    args = _parse_args()
    ks = args.standin_perms if args.standin_perms is not None else args.perms
    warm_up()
    rows = []
    for name in args.datasets:
        rows.append(benchmark(name, args, ks))
        print_row(rows[-1], args.perms, ks)
    frame = pd.DataFrame(rows)
    if args.perms:
        parts = ", ".join(f"{d} {t:.1f}" for d, t in zip(frame["dataset"], frame["study_minutes"]))
        print(
            f"estimated J48 CPU of the Ojala study (1000 randomisations per test) on these data "
            f"sets: {frame['study_minutes'].sum():.1f} min ({parts})"
        )
    if args.compile:
        first_fit, first_cv = cold_start()
        print(
            f"cold start (empty numba cache): first J48 fit+predict {first_fit:.1f}s, "
            f"then j48_cv_errors Test 1 + Test 2 {first_cv:.1f}s"
        )
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        frame.to_csv(args.out, index=False)


if __name__ == "__main__":
    main()
