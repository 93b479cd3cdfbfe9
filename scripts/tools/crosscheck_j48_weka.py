"""Cross-check ``lib.models.c45.J48`` against real Weka J48 (default options) on identical splits.

Not part of the workflow or the test suite. It needs an optional, separate virtual
environment with python-weka-wrapper3 (which ships ``weka.jar``) and Java >= 11::

    python3 -m venv /tmp/weka-venv
    /tmp/weka-venv/bin/pip install python-weka-wrapper3 numpy scipy pandas numba==0.68.1
    /tmp/weka-venv/bin/python scripts/tools/crosscheck_j48_weka.py --randomised 2
    # Weka 3.6 (Debian package ``weka``, 3.6.14):
    /tmp/weka-venv/bin/python scripts/tools/crosscheck_j48_weka.py --randomised 2 \
        --weka-jar /usr/share/java/weka.jar --out results/crosscheck_j48_weka36

python-weka-wrapper3 is used only for its ``weka.jar`` (and JPype); Weka runs through JPype.

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
import json
import re
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

from lib.data import acquisition, datasets  # noqa: E402
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.evaluation import sampling  # noqa: E402
from lib.models import c45

OJALA_UCI = [
    "anneal",
    "audiology",
    "autos",
    "balance-scale",
    "breast-cancer",
    "credit-g",
    "diabetes",
    "glass",
    "hepatitis",
    "ionosphere",
    "iris",
    "lymph",
    "mushroom",
    "primary-tumor",
    "promoters",
    "segment",
    "sonar",
    "spect",
    "splice",
    "tic-tac-toe",
    "vote",
    "zoo",
]


def write_arff(path: Path, X: np.ndarray, y: np.ndarray, n_values, n_classes: int) -> None:
    """ARFF with nominal values named by their codes (Weka's value index = our code)."""
    lines = ["@relation crosscheck"]
    for j, V in enumerate(n_values):
        if V:
            lines.append(f"@attribute a{j} {{{','.join(str(v) for v in range(V))}}}")
        else:
            lines.append(f"@attribute a{j} numeric")
    lines.append(f"@attribute class {{{','.join(str(c) for c in range(n_classes))}}}")
    lines.append("@data")
    for row, c in zip(X, y):
        vals = []
        for j, x in enumerate(row):
            if np.isnan(x):
                vals.append("?")
            elif n_values[j]:
                vals.append(str(int(x)))
            else:
                vals.append(repr(float(x)))  # shortest round-trip text: Java parses the same double
        vals.append(str(int(c)))
        lines.append(",".join(vals))
    path.write_text("\n".join(lines) + "\n")


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?")


def normalise_tree_text(text: str) -> str:
    """Tree lines only (no header / footer), every number rounded to 6 decimals."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith(("J48 ", "-----", "Number of Leaves", "Size of the tree"))]
    return "\n".join(_NUMBER.sub(lambda mt: f"{float(mt.group()):.6f}", ln) for ln in lines)


def default_weka_jar() -> str:
    """The ``weka.jar`` shipped by python-weka-wrapper3 (Weka 3.9)."""
    import weka

    return str(Path(weka.__file__).resolve().parent / "lib" / "weka.jar")


class WekaJ48:
    """Weka J48 from a ``weka.jar`` through JPype (works with Weka 3.6 and 3.9)."""

    def __init__(self, jar: str):
        import jpype

        # the option silences Weka 3.9's reflective class loading warning on Java >= 17
        jpype.startJVM("--add-opens=java.base/java.lang=ALL-UNNAMED", classpath=[jar], convertStrings=True)
        self.jpype = jpype
        self.version = str(jpype.JClass("weka.core.Version").VERSION)
        self.Instances = jpype.JClass("weka.core.Instances")
        self.J48 = jpype.JClass("weka.classifiers.trees.J48")
        self.reader = lambda path: jpype.JClass("java.io.BufferedReader")(jpype.JClass("java.io.FileReader")(path))

    def stop(self):
        self.jpype.shutdownJVM()

    def load(self, X, y, n_values, n_classes):
        with tempfile.TemporaryDirectory() as tmp:
            arff = Path(tmp) / "data.arff"
            write_arff(arff, X, y, n_values, n_classes)
            data = self.Instances(self.reader(str(arff)))
        data.setClassIndex(data.numAttributes() - 1)
        return data

    def subset(self, data, rows):
        out = self.Instances(data, len(rows))
        for r in rows:
            out.add(data.instance(int(r)))
        return out

    def fit(self, train, options):
        j48 = self.J48()
        j48.setOptions(self.jpype.JArray(self.jpype.JString)(list(options)))
        j48.buildClassifier(train)
        return j48

    @staticmethod
    def proba(j48, test):
        return np.array([list(j48.distributionForInstance(test.instance(i))) for i in range(test.numInstances())])


def compare(
    weka: WekaJ48, tag, X, y, spec, C, folds, mode, out: Path, laplace: bool, cv_args: dict, unpruned: bool = False
) -> dict:
    """Fold-by-fold comparison of lib.models.c45.J48 and Weka J48 (``J48 -U`` when ``unpruned``)
    on one data set."""
    options = ["-U", "-M", "2"] if unpruned else ["-C", "0.25", "-M", "2"]
    wj = weka.load(X, y, spec.n_values, C)
    n = len(y)
    res = {
        "data": tag,
        "n": n,
        "m": spec.m,
        "classes": C,
        "missing": int(np.isnan(X).sum()),
        "weka": weka.version,
        "ours_mode": mode,
    }
    leaves_o, leaves_w, size_o, size_w = [], [], [], []
    agree = wrong_o = wrong_w = size_mismatch = text_mismatch = 0
    max_pdiff = max_pdiff_laplace = 0.0
    t_ours = t_weka = 0.0
    for f in np.unique(folds):
        tr = np.flatnonzero(folds != f)
        te = np.flatnonzero(folds == f)
        t0 = time.perf_counter()
        ours = c45.J48(spec, n_classes=C, weka=mode, prune=not unpruned).fit(X[tr], y[tr])
        p_o = ours.predict_proba(X[te])
        t_ours += time.perf_counter() - t0
        train, test = weka.subset(wj, tr), weka.subset(wj, te)
        t0 = time.perf_counter()
        j48 = weka.fit(train, options)
        p_w = weka.proba(j48, test)
        t_weka += time.perf_counter() - t0
        lo, lw = ours.n_leaves, int(j48.measureNumLeaves())
        so, sw = ours.tree_size, int(j48.measureTreeSize())
        leaves_o.append(lo)
        leaves_w.append(lw)
        size_o.append(so)
        size_w.append(sw)
        pred_o, pred_w = p_o.argmax(axis=1), p_w.argmax(axis=1)
        agree += int((pred_o == pred_w).sum())
        wrong_o += int(((pred_o != y[te]) & (p_o.max(axis=1) > 0)).sum())
        wrong_w += int(((pred_w != y[te]) & (p_w.max(axis=1) > 0)).sum())
        max_pdiff = max(max_pdiff, float(np.abs(p_o - p_w).max()))
        size_mismatch += int(lo != lw or so != sw)
        tw, to = str(j48.toString()), ours.to_text()
        if normalise_tree_text(tw) != normalise_tree_text(to):
            text_mismatch += 1
            (out / f"{tag}-fold{f}-weka.txt").write_text(tw)
            (out / f"{tag}-fold{f}-ours.txt").write_text(to + "\n")
        if laplace:
            ours.laplace = True
            pl_w = weka.proba(weka.fit(train, options + ["-A"]), test)
            max_pdiff_laplace = max(max_pdiff_laplace, float(np.abs(ours.predict_proba(X[te]) - pl_w).max()))
    # the same CV through the batched engine, from the original data and the randomisation
    # (the batched engine builds pruned trees only: no such check for J48 -U)
    cv = None if unpruned else float(c45.j48_cv_errors(folds=folds, spec=spec, n_classes=C, weka=mode, **cv_args)[0])
    k = len(leaves_o)
    res.update(
        {
            "folds": k,
            "folds_same_tree_size": k - size_mismatch,
            "folds_same_tree_text": k - text_mismatch,
            "leaves_ours": float(np.mean(leaves_o)),
            "leaves_weka": float(np.mean(leaves_w)),
            "size_ours": float(np.mean(size_o)),
            "size_weka": float(np.mean(size_w)),
            "prediction_agreement": agree / n,
            "max_prob_diff": max_pdiff,
            "max_prob_diff_laplace": max_pdiff_laplace if laplace else None,
            "error_ours": wrong_o / n,
            "error_weka": wrong_w / n,
            "j48_cv_errors_matches_refit": None if cv is None else bool(abs(cv - wrong_o / n) < 1e-12),
            "seconds_ours_fit_predict": t_ours,
            "seconds_weka_build_predict": t_weka,
        }
    )
    print(
        f"{tag:22s} n={n:5d} leaves ours/weka {res['leaves_ours']:6.1f}/{res['leaves_weka']:6.1f}"
        f" same size/text {k - size_mismatch}/{k - text_mismatch} of {k}"
        f" agree {100 * res['prediction_agreement']:6.2f}%"
        f" err ours/weka {100 * res['error_ours']:5.2f}/{100 * res['error_weka']:5.2f}"
        f" maxdp {max_pdiff:.0e}"
        + (f" laplace {max_pdiff_laplace:.0e}" if laplace else "")
        + f" cv-ok {res['j48_cv_errors_matches_refit']}",
        flush=True,
    )
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("datasets", nargs="*", default=OJALA_UCI)
    ap.add_argument("--raw", default="data/raw", help="raw data folder (fetched if missing)")
    ap.add_argument("--mirror", default=None, help="folder with verified copies of the raw files (default: download)")
    ap.add_argument("--unpruned", action="store_true", help="compare J48 -U (unpruned) instead of the default J48")
    ap.add_argument("--folds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--randomised",
        type=int,
        default=0,
        metavar="K",
        help="also compare on K Test 1 and K Test 2 randomisations per data set",
    )
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
    args = ap.parse_args(argv)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    weka = WekaJ48(args.weka_jar or default_weka_jar())
    mode = args.weka_mode or ("3.6" if weka.version.startswith("3.6") else "3.9")
    print(f"Weka {weka.version}, lib.models.c45 mode {mode}", flush=True)
    rows = []
    try:
        for name in args.datasets:
            if not (Path(args.raw) / name / acquisition.MARKER).exists():
                acquisition.acquire(name, args.raw, args.mirror)
            data = datasets.load(name, args.raw)
            X, y, spec = data.X, data.y, data.spec
            C = len(data.class_names)
            n = len(y)
            rng = np.random.default_rng(args.seed)
            folds = sampling.stratified_fold_of(rng, y, args.folds)[0]
            rows.append(
                compare(
                    weka,
                    name,
                    X,
                    y,
                    spec,
                    C,
                    folds,
                    mode,
                    out,
                    True,
                    {"X": X, "y": y, "perms": np.arange(n)[None]},
                    args.unpruned,
                )
            )
            perms = pm.label_permutations(n, args.randomised, rng)
            idx = pm.within_class_permutations(y, spec.m, args.randomised, rng)
            for b in range(args.randomised):
                rows.append(
                    compare(
                        weka,
                        f"{name}-test1-{b}",
                        X,
                        y[perms[b]],
                        spec,
                        C,
                        folds,
                        mode,
                        out,
                        False,
                        {"X": X, "y": y, "perms": perms[b][None]},
                    )
                )
                Xp = pm.apply_within_class_permutations(X, idx[b][None])[0]
                rows.append(
                    compare(
                        weka,
                        f"{name}-test2-{b}",
                        Xp,
                        y,
                        spec,
                        C,
                        folds,
                        mode,
                        out,
                        False,
                        {"X": X, "y": y, "idx": idx[b][None]},
                    )
                )
    finally:
        weka.stop()
    (out / "crosscheck.json").write_text(json.dumps(rows, indent=1) + "\n")
    ok = all(
        r["prediction_agreement"] == 1.0
        and r["folds_same_tree_size"] == r["folds"]
        and r["folds_same_tree_text"] == r["folds"]
        and r["j48_cv_errors_matches_refit"] is not False
        for r in rows
    )
    print("all identical" if ok else "differences found (see above and the tree dumps)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
