"""Check (not a rule, not a test): the SMO engine of this tree (``lib.models.smo``) against the
engine of a reference revision, bit for bit, on the permutation study's own data.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python scripts/tools/compare_smo_engines.py \
        --mirror /path/to/mirror --out results/checks/smo_engines.csv

The reference is ``scripts/lib/models/smo.py`` as committed at ``--ref`` (default
:data:`REFERENCE_REV`, the engine with Weka's linked-list ``SMOset`` for I0 and a float32
whole-data Gram matrix, whose predictions were compared with Weka 3.6.14 and 3.9.7), read
with ``git show`` into a temporary module. For every UCI data set of Ojala & Garriga's tables
(``permutation.uci.datasets``): the original data and ``--randomizations`` Test 1 (labels
permuted) and Test 2 (columns permuted within classes) copies, drawn as the study draws them
(``lib.studies.permutation.original_folds`` / ``draw_randomizations``, entropy ``[--seed]``),
each with its own 10-fold CV. For every row, the pairwise SVM outputs of the model of its test
fold are taken

* from the reference, by replaying its ``smo_cv_errors`` loop with its own functions (same
  filters, same Gram matrix reuse; for the original data the replay's error is also checked
  against the reference's ``smo_cv_errors``), and
* from this tree's ``smo_cv_errors(..., outputs=...)``, the engine the study runs,

and compared as IEEE-754 bit patterns; the predictions (Weka's vote) and the CV errors must be
equal too. One CSV row per (data set, kind) with the counts compared and the mismatches, and
the CPU seconds of each engine. Exit status 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import yaml  # noqa: E402

from lib.core import tables  # noqa: E402
from lib.data import acquisition, datasets  # noqa: E402
from lib.models import smo  # noqa: E402
from lib.studies import permutation  # noqa: E402

REFERENCE_REV = "d8bb41d"
"""The last commit whose ``smo.py`` walks I0 as Weka's linked list (before the speed-up)."""


def load_reference(rev: str):
    """``scripts/lib/models/smo.py`` at ``rev`` as the module ``smo_reference_<rev>`` (its one
    relative import made absolute), imported from a fixed temporary folder so that numba's
    cache of it survives runs (numba re-imports a cached function's module by name)."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:scripts/lib/models/smo.py"], check=True, capture_output=True, text=True
    ).stdout
    text = text.replace("from ..data.attributes import", "from lib.data.attributes import")
    folder = Path(tempfile.gettempdir()) / "smo_reference_engines"
    folder.mkdir(exist_ok=True)
    name = f"smo_reference_{rev}"
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(name)


def reference_outputs(ref, Xb, yb, fold_ids, spec, K):
    """Every row's pairwise outputs and prediction from the reference engine: its
    ``smo_cv_errors`` loop for one randomised data set (whole-data filters and Gram matrix,
    reused by the folds whose own filters give the same values), keeping them instead of
    only the error."""
    n = len(yb)
    Zfull = ref._Filters(Xb, spec).Z
    full = (Zfull, *ref._gram(Zfull)) if n > 200 else (Zfull, *ref._NO_GRAM)
    out = np.full((n, K * (K - 1) // 2), np.nan)
    pred = np.full(n, -1, dtype=np.int64)
    for f in np.unique(fold_ids):
        test = fold_ids == f
        train = np.flatnonzero(~test)
        gram = None
        if full[3] != 0 and np.array_equal(ref._Filters(Xb[train], spec).Z, full[0][train]):
            gram = (full[1], full[2], full[3], train.astype(np.int64))
        model = ref.SMO(spec, n_classes=K).fit(Xb[train], yb[train], gram=gram)
        out[test] = model.decision_function(Xb[test])
        pred[test] = model.predict(Xb[test])
    return out, pred


def fold_votes(out, yb, fold_ids, K):
    """Weka's vote on the outputs ``out`` of every row: a pair votes when its model exists,
    i.e. when one of its two classes occurs in the training rows of the row's fold."""
    pred = np.empty(len(yb), dtype=np.int64)
    pairs = [(a, c) for a in range(K) for c in range(a + 1, K)]
    for f in np.unique(fold_ids):
        test = fold_ids == f
        present = np.bincount(yb[~test], minlength=K) > 0
        kind = np.array([int(present[a] or present[c]) for a, c in pairs], dtype=np.int64)
        pred[test] = smo._vote(out[test], kind, K)
    return pred


def compare(name, kind, ref, X, y, spec, folds, perms=None, idx=None):
    """Compare both engines on the randomised data sets ``perms`` (Test 1, identity for the
    original data) or ``idx`` (Test 2) with their folds; one summary row."""
    n, m = X.shape
    K = int(y.max()) + 1
    k = len(folds)
    P = K * (K - 1) // 2
    new_out = np.full((k, n, P), np.nan)
    start = time.process_time()
    new_err = smo.smo_cv_errors(X, y, folds, spec, perms=perms, idx=idx, n_classes=K, outputs=new_out)
    new_seconds = time.process_time() - start
    ref_out = np.empty_like(new_out)
    ref_pred = np.empty((k, n), dtype=np.int64)
    labels = np.empty((k, n), dtype=np.int64)
    start = time.process_time()
    for b in range(k):
        Xb, labels[b] = (X, y[perms[b]]) if perms is not None else (X[idx[b], np.arange(m)[None, :]], y)
        ref_out[b], ref_pred[b] = reference_outputs(ref, Xb, labels[b], folds[b], spec, K)
    ref_seconds = time.process_time() - start
    new_pred = np.array([fold_votes(new_out[b], labels[b], folds[b], K) for b in range(k)])
    ref_err = (ref_pred != labels).sum(axis=1) / n
    bits_differ = int((ref_out.view(np.int64) != new_out.view(np.int64)).sum())
    row = {
        "dataset": name,
        "kind": kind,
        "randomized_sets": k,
        "n": n,
        "pairs": P,
        "rows_compared": k * n,
        "output_cells_compared": int(ref_out.size),
        "output_cells_differing": bits_differ,
        "predictions_differing": int((ref_pred != new_pred).sum()),
        "errors_equal": bool(np.array_equal(ref_err, new_err)),
        "ref_cpu_seconds": round(ref_seconds, 2),
        "new_cpu_seconds": round(new_seconds, 2),
    }
    if kind == "original":  # the replay is the reference engine's own loop
        row["replay_equals_reference_engine"] = bool(
            np.array_equal(ref.smo_cv_errors(X, y, folds, spec, perms=perms, n_classes=K), ref_err)
        )
    return row


def main(argv=None) -> int:
    config = yaml.safe_load((ROOT / "config/config.yaml").read_text())["permutation"]["uci"]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="*", default=config["datasets"])
    ap.add_argument("--randomizations", type=int, default=5, help="Test 1 and Test 2 copies each")
    ap.add_argument("--ref", default=REFERENCE_REV, help="git revision of the reference smo.py")
    ap.add_argument("--seed", type=int, default=20090601)
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None)
    ap.add_argument("--out", default="results/checks/smo_engines.csv")
    args = ap.parse_args(argv)
    ref = load_reference(args.ref)
    rows = []
    for name in args.datasets:
        acquisition.acquire(name, args.raw, args.mirror)
        data = datasets.load(name, args.raw)
        X, y, spec = data.X, np.asarray(data.y, dtype=np.int64), data.spec
        n, m = X.shape
        folds = permutation.original_folds(y, config["folds"], 1, [args.seed])
        rows.append(compare(name, "original", ref, X, y, spec, folds, perms=np.arange(n)[None]))
        print(rows[-1], flush=True)
        for test in (1, 2):
            draws, null_folds = permutation.draw_randomizations(
                test, y, m, folds[0], [args.seed], 0, args.randomizations
            )
            perms, idx = (draws, None) if test == 1 else (None, draws)
            rows.append(compare(name, f"test{test}", ref, X, y, spec, null_folds, perms=perms, idx=idx))
            print(rows[-1], flush=True)
    frame = pd.DataFrame(rows)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tables.write_csv(frame, out)
    bad = frame[
        (frame.output_cells_differing > 0)
        | (frame.predictions_differing > 0)
        | ~frame.errors_equal
        | ~frame.get("replay_equals_reference_engine", pd.Series(True, index=frame.index)).astype(bool)
    ]
    print(
        f"{len(frame)} comparisons, {int(frame.rows_compared.sum())} rows, "
        f"{int(frame.output_cells_compared.sum())} output cells; mismatching comparisons: {len(bad)}"
    )
    return 1 if len(bad) else 0


if __name__ == "__main__":
    sys.exit(main())
