"""Cross-check ``lib.models.c45.J48`` against real Weka J48 (default options) on identical splits.

Not part of the workflow or the test suite. It needs an optional, separate virtual
environment with python-weka-wrapper3 (which ships ``weka.jar``) and Java >= 11::

    python3 -m venv /tmp/weka-venv
    /tmp/weka-venv/bin/pip install python-weka-wrapper3 numpy scipy pandas numba==0.68.1
    /tmp/weka-venv/bin/python scripts/tools/crosscheck_j48_weka.py --randomised 2
    # Weka 3.6 (Debian package ``weka``, 3.6.14):
    /tmp/weka-venv/bin/python scripts/tools/crosscheck_j48_weka.py --randomised 2 \
        --weka-jar /usr/share/java/weka.jar --out results/crosscheck_j48_weka36

python-weka-wrapper3 is used only for its ``weka.jar`` (and JPype); Weka runs through JPype
(``weka_harness.WekaSession``).

For every data set: stratified 10-fold CV folds (``lib.evaluation.sampling.stratified_fold_of``, seeded);
on every fold both J48s are trained on the same training rows in the same order (ARFF written
from the project's loader, so attribute types, value order and missing values are identical)
and compared: number of leaves and tree size (Weka ``measureNumLeaves`` /
``measureTreeSize``), the tree text (Weka's ``toString`` vs ``J48.to_text``, numbers rounded to
6 decimals: split attributes, thresholds, leaf classes, weights and errors), test predictions
(first maximum of ``distributionForInstance``), the
largest difference between the predicted distributions, and the CV error (counted like
Weka's ``Evaluation``). ``lib.models.c45.j48_cv_errors`` must give the same CV error as the fold-by-fold
refits. Tree texts of folds whose trees differ are written to ``--out`` for inspection.

``--randomised K`` repeats the comparison on ``K`` Test 1 (permuted labels) and ``K`` Test 2
(columns permuted within classes) randomisations of every data set -- the data the
permutation study feeds to J48 -- and checks ``j48_cv_errors`` with ``perms`` / ``idx`` against
the refits. On the original data the Laplace estimates (``J48 -A`` vs ``laplace=True``) are
compared as well.

``--weka-mode`` selects the threshold comparisons of ``lib.models.c45.J48`` (default: those of the
jar's Weka version): ``3.9`` compares exactly (Weka 3.9.7 in python-weka-wrapper3), ``3.6``
with Weka 3.6's 1e-6 tolerance (the default of ``lib.models.c45``); crossing them shows what that
difference alone changes.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

from lib.evaluation import sampling  # noqa: E402
from lib.models import c45  # noqa: E402
from tools import weka_harness as wh  # noqa: E402

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?")


def normalise_tree_text(text: str) -> str:
    """Tree lines only (no header / footer), every number rounded to 6 decimals."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith(("J48 ", "-----", "Number of Leaves", "Size of the tree"))]
    return "\n".join(_NUMBER.sub(lambda mt: f"{float(mt.group()):.6f}", ln) for ln in lines)


def _compare_fold(weka: wh.WekaSession, wj, X, y, spec, C, folds, f, mode, options, unpruned, laplace, dump):
    """Both J48s on fold ``f``: tree measures, predictions, errors, probability differences and
    seconds; the tree texts are written to ``dump`` (a path prefix) when they differ."""
    tr = np.flatnonzero(folds != f)
    te = np.flatnonzero(folds == f)
    t0 = time.perf_counter()
    ours = c45.J48(spec, n_classes=C, weka=mode, prune=not unpruned).fit(X[tr], y[tr])
    p_o = ours.predict_proba(X[te])
    t_ours = time.perf_counter() - t0
    train, test = weka.subset(wj, tr), weka.subset(wj, te)
    t0 = time.perf_counter()
    j48 = weka.build(wh.J48, train, options)
    p_w = weka.distributions(j48, test)
    t_weka = time.perf_counter() - t0
    lo, lw = ours.n_leaves, int(j48.measureNumLeaves())
    so, sw = ours.tree_size, int(j48.measureTreeSize())
    pred_o, pred_w = p_o.argmax(axis=1), p_w.argmax(axis=1)
    tw, to = str(j48.toString()), ours.to_text()
    same_text = normalise_tree_text(tw) == normalise_tree_text(to)
    if not same_text:
        Path(f"{dump}-weka.txt").write_text(tw)
        Path(f"{dump}-ours.txt").write_text(to + "\n")
    pdiff_laplace = 0.0
    if laplace:
        ours.laplace = True
        pl_w = weka.distributions(weka.build(wh.J48, train, options + ["-A"]), test)
        pdiff_laplace = float(np.abs(ours.predict_proba(X[te]) - pl_w).max())
    return {
        "leaves": (lo, lw),
        "size": (so, sw),
        "agree": int((pred_o == pred_w).sum()),
        # counted like Weka's Evaluation: a row with an all-zero distribution is not an error
        "wrong_o": int(((pred_o != y[te]) & (p_o.max(axis=1) > 0)).sum()),
        "wrong_w": int(((pred_w != y[te]) & (p_w.max(axis=1) > 0)).sum()),
        "pdiff": float(np.abs(p_o - p_w).max()),
        "pdiff_laplace": pdiff_laplace,
        "size_mismatch": int(lo != lw or so != sw),
        "text_mismatch": int(not same_text),
        "t_ours": t_ours,
        "t_weka": t_weka,
    }


def _print_row(tag: str, res: dict, laplace: bool) -> None:
    k = res["folds"]
    print(
        f"{tag:22s} n={res['n']:5d} leaves ours/weka {res['leaves_ours']:6.1f}/{res['leaves_weka']:6.1f}"
        f" same size/text {res['folds_same_tree_size']}/{res['folds_same_tree_text']} of {k}"
        f" agree {100 * res['prediction_agreement']:6.2f}%"
        f" err ours/weka {100 * res['error_ours']:5.2f}/{100 * res['error_weka']:5.2f}"
        f" maxdp {res['max_prob_diff']:.0e}"
        + (f" laplace {res['max_prob_diff_laplace']:.0e}" if laplace else "")
        + f" cv-ok {res['j48_cv_errors_matches_refit']}",
        flush=True,
    )


def compare(
    weka: wh.WekaSession, tag, X, y, spec, C, folds, mode, out: Path, laplace: bool, cv_args: dict, unpruned=False
) -> dict:
    """Fold-by-fold comparison of lib.models.c45.J48 and Weka J48 (``J48 -U`` when ``unpruned``)
    on one data set."""
    options = ["-U", "-M", "2"] if unpruned else ["-C", "0.25", "-M", "2"]
    wj = weka.instances(X, y, spec.n_values, C, plain_codes=True)
    n = len(y)
    per_fold = [
        _compare_fold(weka, wj, X, y, spec, C, folds, f, mode, options, unpruned, laplace, out / f"{tag}-fold{f}")
        for f in np.unique(folds)
    ]
    total = {key: sum(r[key] for r in per_fold) for key in ("agree", "wrong_o", "wrong_w", "t_ours", "t_weka")}
    # the same CV through the batched engine, from the original data and the randomisation
    # (the batched engine builds pruned trees only: no such check for J48 -U)
    cv = None if unpruned else float(c45.j48_cv_errors(folds=folds, spec=spec, n_classes=C, weka=mode, **cv_args)[0])
    k = len(per_fold)
    res = {
        "data": tag,
        "n": n,
        "m": spec.m,
        "classes": C,
        "missing": int(np.isnan(X).sum()),
        "weka": weka.version,
        "ours_mode": mode,
        "folds": k,
        "folds_same_tree_size": k - sum(r["size_mismatch"] for r in per_fold),
        "folds_same_tree_text": k - sum(r["text_mismatch"] for r in per_fold),
        "leaves_ours": float(np.mean([r["leaves"][0] for r in per_fold])),
        "leaves_weka": float(np.mean([r["leaves"][1] for r in per_fold])),
        "size_ours": float(np.mean([r["size"][0] for r in per_fold])),
        "size_weka": float(np.mean([r["size"][1] for r in per_fold])),
        "prediction_agreement": total["agree"] / n,
        "max_prob_diff": max([0.0] + [r["pdiff"] for r in per_fold]),
        "max_prob_diff_laplace": max([0.0] + [r["pdiff_laplace"] for r in per_fold]) if laplace else None,
        "error_ours": total["wrong_o"] / n,
        "error_weka": total["wrong_w"] / n,
        "j48_cv_errors_matches_refit": None if cv is None else bool(abs(cv - total["wrong_o"] / n) < 1e-12),
        "seconds_ours_fit_predict": total["t_ours"],
        "seconds_weka_build_predict": total["t_weka"],
    }
    _print_row(tag, res, laplace)
    return res


def _parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    wh.add_listed_dataset_options(ap, raw_help="raw data folder (fetched if missing)")
    ap.add_argument("--unpruned", action="store_true", help="compare J48 -U (unpruned) instead of the default J48")
    ap.add_argument("--folds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    wh.add_randomised_option(ap, "also compare on K Test 1 and K Test 2 randomisations per data set")
    ap.add_argument("--out", default="results/crosscheck_j48", help="folder for the report and tree dumps")
    ap.add_argument(
        "--weka-jar",
        default=None,
        help="weka.jar to compare with (default: python-weka-wrapper3's, Weka 3.9; "
        "Debian's weka package has Weka 3.6.14 in /usr/share/java/weka.jar)",
    )
    ap.add_argument(
        "--weka-mode",
        default=None,
        choices=c45.WEKA_VERSIONS,
        help="threshold comparisons of lib.models.c45.J48 (default: the jar's version)",
    )
    return ap.parse_args(argv)


def _compare_dataset(weka: wh.WekaSession, name: str, args, mode: str, out: Path) -> list[dict]:
    """The data set (with the Laplace estimates) and its ``--randomised`` Test 1 / Test 2 copies."""
    data = wh.load_dataset(name, args.raw, args.mirror)
    X, y, spec = data.X, data.y, data.spec
    C = len(data.class_names)
    rng = np.random.default_rng(args.seed)
    folds = sampling.stratified_fold_of(rng, y, args.folds)[0]
    original = {"X": X, "y": y, "perms": np.arange(len(y))[None]}
    rows = [compare(weka, name, X, y, spec, C, folds, mode, out, True, original, args.unpruned)]
    for suffix, Xr, yr, engine_args in wh.randomised_copies(X, y, spec.m, args.randomised, rng):
        cv_args = {"X": X, "y": y, **engine_args}
        rows.append(compare(weka, f"{name}-{suffix}", Xr, yr, spec, C, folds, mode, out, False, cv_args))
    return rows


def _all_identical(rows: list[dict]) -> bool:
    return all(
        r["prediction_agreement"] == 1.0
        and r["folds_same_tree_size"] == r["folds"]
        and r["folds_same_tree_text"] == r["folds"]
        and r["j48_cv_errors_matches_refit"] is not False
        for r in rows
    )


def main(argv=None) -> int:
    args = _parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    with wh.weka_session(args.weka_jar) as weka:
        mode = args.weka_mode or ("3.6" if weka.version.startswith("3.6") else "3.9")
        print(f"Weka {weka.version}, lib.models.c45 mode {mode}", flush=True)
        for name in args.datasets:
            rows += _compare_dataset(weka, name, args, mode, out)
    wh.write_json_rows(out / "crosscheck.json", rows)
    ok = _all_identical(rows)
    print("all identical" if ok else "differences found (see above and the tree dumps)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
