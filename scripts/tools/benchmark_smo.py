"""Benchmark (not a rule, not a test): ``lib.models.smo.SMO`` (Weka SMO re-implemented), one fit per
fold, against the permutation study's batched engine ``smo_cv_errors``.

    OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS=1 .venv/bin/python scripts/tools/benchmark_smo.py \
        --mirror /path/to/mirror --out results/benchmarks/smo.csv

Per data set (default Mushroom, Splice, Segment): stratified 10-fold folds
(``lib.evaluation.sampling.stratified_fold_of``, seeded), one Test 1 label permutation
(``lib.evaluation.permutation_tests.label_permutations``); on the first ``--folds-used`` folds, with the true
labels and with the permuted labels, ``SMO`` is fitted on the training rows and predicts the
test rows. Reported per condition: CPU seconds per fit (process time of fit + predict, mean over
the folds, so that other work on a shared machine does not count; numba compilation excluded by a
warm-up fit) and test error. ``smo_exact`` fits build their own Gram matrix. The row
``smo_cv_errors`` times the permutation study's batched engine on the whole 10-fold CV (its error
is over all 10 folds, the other rows' over the folds used), divided by 10: there the exact Gram
matrix of the whole data set is computed once and reused by every fold. (The scikit-learn
stand-ins this benchmark once compared, libsvm and liblinear, were removed: docs/permutation.md.)
Writes ``--out`` (CSV) and the same name with ``.md``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lib.core import tables  # noqa: E402
from lib.data import acquisition, datasets  # noqa: E402
from lib.data.attributes import AttributeSpec  # noqa: E402
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.evaluation import sampling  # noqa: E402
from lib.models import smo  # noqa: E402

ENGINES = {
    "smo_exact": lambda spec, C: smo.SMO(spec, n_classes=C),
}


def run(names, raw, mirror, seed, folds_used):
    rows = []
    # numba functions loaded / compiled before any timing: the Gram matrix of numeric data is
    # float64, of nominal data int8 (two compiled forms of the engine)
    smo.SMO(AttributeSpec.numeric(1)).fit(np.array([[0.0], [1.0]]), np.array([0, 1])).predict(np.zeros((1, 1)))
    smo.SMO(AttributeSpec((3,))).fit(np.array([[0.0], [1.0], [2.0]]), np.array([0, 1, 1]))
    for name in names:
        acquisition.acquire(name, raw, mirror)
        data = datasets.load(name, raw)
        X, y, spec = data.X, data.y, data.spec
        C = len(data.class_names)
        rng = np.random.default_rng(seed)
        folds = sampling.stratified_fold_of(rng, y, 10)[0]
        perm = pm.label_permutations(len(y), 1, rng)[0]
        for cond, labels in (("true labels", y), ("Test 1 (permuted labels)", y[perm])):
            for f in range(folds_used):
                te = folds == f
                for e, make in ENGINES.items():
                    t = time.process_time()
                    model = make(spec, C).fit(X[~te], labels[~te])
                    p = model.predict(X[te])
                    sec = time.process_time() - t
                    rows.append(
                        {
                            "dataset": name,
                            "n": len(y),
                            "condition": cond,
                            "fold": f,
                            "engine": e,
                            "seconds": sec,
                            "errors": int((p != labels[te]).sum()),
                            "test_rows": int(te.sum()),
                        }
                    )
                    print(f"{name:10s} {cond:25s} fold {f} {e:10s} {sec:8.3f} s", flush=True)
            # the batched CV engine of the permutation study: one 10-fold CV, Gram matrix of
            # the whole data set computed once and shared by the folds (and, in the study,
            # by all Test 1 permutations)
            t = time.process_time()
            p_arg = (perm if labels is not y else np.arange(len(y)))[None]
            cv_err = float(smo.smo_cv_errors(X, y, folds, spec, perms=p_arg, n_classes=C)[0])
            sec = time.process_time() - t
            rows.append(
                {
                    "dataset": name,
                    "n": len(y),
                    "condition": cond,
                    "fold": -1,
                    "engine": "smo_cv_errors (10-fold CV / 10)",
                    "seconds": sec / 10,
                    "errors": int(round(cv_err * len(y))),
                    "test_rows": len(y),
                }
            )
            print(f"{name:10s} {cond:25s} smo_cv_errors 10 folds {sec:8.3f} s", flush=True)
    return pd.DataFrame(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="*", default=["mushroom", "splice", "segment"])
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None)
    ap.add_argument("--seed", type=int, default=20090601)
    ap.add_argument("--folds-used", type=int, default=3, help="folds fitted per condition")
    ap.add_argument("--out", default="results/benchmarks/smo.csv")
    args = ap.parse_args(argv)
    if not 1 <= args.folds_used <= 10:
        raise SystemExit("--folds-used must lie in 1..10")
    fits = run(args.datasets, args.raw, args.mirror, args.seed, args.folds_used)
    summary = (
        fits.groupby(["dataset", "condition", "engine"], sort=False)
        .agg(
            fits=("seconds", "size"),
            seconds_per_fit=("seconds", "mean"),
            errors=("errors", "sum"),
            test_rows=("test_rows", "sum"),
        )
        .reset_index()
    )
    summary["error"] = summary["errors"] / summary["test_rows"]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tables.write_csv(summary, out)
    show = summary.copy()
    show["seconds_per_fit"] = show["seconds_per_fit"].map(lambda v: f"{v:.3f}")
    show["error"] = show["error"].map(lambda v: f"{v:.4f}")
    text = [
        "# SMO: per-fit time and the batched CV engine",
        "",
        f"`scripts/tools/benchmark_smo.py`, first {args.folds_used} of 10 stratified folds "
        f"(seed {args.seed}), one thread, CPU seconds.",
        "",
        tables.markdown_table(show[["dataset", "condition", "engine", "fits", "seconds_per_fit", "error"]]),
    ]
    tables.write_text("\n".join(text) + "\n", out.with_suffix(".md"))
    print("\n".join(text))


if __name__ == "__main__":
    main()
