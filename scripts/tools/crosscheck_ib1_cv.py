"""Cross-check of 1-NN tie breaking against Weka 3.6's own cross-validation (not a rule).

    .venv/bin/python scripts/tools/crosscheck_ib1_cv.py --mirror /path/to/mirror \
        --datasets tic-tac-toe balance-scale --seeds 50 --out results/crosscheck/ib1_cv.csv

What Weka does. ``Evaluation.crossValidateModel(classifier, data, numFolds, random)`` copies
the data, shuffles it (``Instances.randomize(random)``: ``swap(j, random.nextInt(j + 1))`` for
``j = n-1 .. 1``), stratifies it (``Instances.stratify``: sort by class, deal round-robin) and,
for each fold ``i``, trains a copy of the classifier on ``data.trainCV(numFolds, i, random)`` --
``trainCV(numFolds, i)`` followed by ``train.randomize(random)`` -- and tests it on
``data.testCV(numFolds, i)``. ``IB1.buildClassifier`` keeps the training rows in that shuffled
order and ``IB1.classifyInstance`` takes the first training row whose distance is *strictly*
smaller than the best so far (``if (distance < minDistance)``; in the 3.6.14 jar's bytecode
``dcmpg; ifge``), after widening its min/max ranges with the test instance
(``updateMinMax(instance)``). So among tied nearest neighbours Weka predicts a uniformly random
one, with a fresh order per fold and per CV run. The project's ``tie_rule="first"`` (lowest row
index) is what IB1 gives only when it is fed rows in file order, as ``scripts/tools/crosscheck_weka.py``
fed it.

What this script does. For every data set (the project's loader, written back as ARFF with the
project's value order, ``weka_harness.arff_text``), a small Java program compiled at run
time against Weka 3.6's ``weka.jar`` (Debian's ``weka`` package) runs
``crossValidateModel(new IB1(), data, 10, new Random(seed))`` for seeds ``1..S`` and prints the
error rate of each. Ours: ``S`` independent stratified 10-fold CVs (``sampling.stratified_fold_of``),
the error of the study's engine (``nn1_engine.nn1_cv_errors_test1``, whole-data ranges) with
``tie_rule="shuffled"`` (``nn1.TieKeys``: one uniform training order per fold) and with
``"first"``. Weka's random stream is not reproduced, so the comparison is between distributions
over CV runs: per data set the mean and its standard error (sd / sqrt(S)) for each, and the
verdict "agree" when ``|mean_weka - mean_ours| < 3 * sqrt(se_weka^2 + se_ours^2)``.

``--exact`` adds a third column of ours: ``IBk1(tie_rule="shuffled", range_mode="weka", tol=0)``
(``scripts/tools/reference_models.py``) refit fold by fold on the same folds and keys, i.e.
Weka's element-wise distance compared exactly and its sequential min/max ranges
(``IB1.updateMinMax`` with each test instance; test rows in a random order, as ``testCV`` of the
shuffled data gives them). It separates the tie rule from the two approximations of the fast
engines (whole-data ranges, ``TIE_TOL``).

Outputs: ``--out`` CSV (one row per data set, rewritten after every data set; ``--resume``
keeps the data sets already in it) and the same name with ``.md`` (table), plus
``_per_seed.csv`` with every CV error.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
SCRIPTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SCRIPTS))

import numpy as np  # noqa: E402

from tools import weka_harness as wh  # noqa: E402

DEFAULT_JAR = wh.DEBIAN_WEKA_JAR
N_FOLDS = 10
AGREE_Z = 3.0

JAVA_SOURCE = r"""
import java.io.BufferedReader;
import java.io.FileReader;
import java.util.Random;
import weka.classifiers.Classifier;
import weka.classifiers.Evaluation;
import weka.core.Instances;

/** args: arff file, first seed, number of seeds, classifier class name, options... */
public class IB1CV {
  public static void main(String[] args) throws Exception {
    Instances data = new Instances(new BufferedReader(new FileReader(args[0])));
    data.setClassIndex(data.numAttributes() - 1);
    long first = Long.parseLong(args[1]);
    int count = Integer.parseInt(args[2]);
    String[] options = new String[args.length - 4];
    System.arraycopy(args, 4, options, 0, options.length);
    for (long seed = first; seed < first + count; seed++) {
      Classifier c = Classifier.forName(args[3], options.clone());
      Evaluation eval = new Evaluation(data);
      eval.crossValidateModel(c, data, N_FOLDS, new Random(seed));
      System.out.println(seed + "," + eval.incorrect() + "," + eval.numInstances());
    }
  }
}
""".replace("N_FOLDS", str(N_FOLDS))


def compile_java(jar: str, workdir: Path) -> Path:
    """Compile ``IB1CV.java`` against ``jar``; returns the class directory."""
    return wh.compile_java(jar, workdir, "IB1CV", JAVA_SOURCE, quiet=True)


def weka_cv_errors(
    jar: str,
    classes: Path,
    arff: Path,
    seeds: int,
    first_seed: int = 1,
    classifier: str = wh.IB1,
    options=(),
) -> np.ndarray:
    """Weka's 10-fold CV error rate for seeds ``first_seed .. first_seed + seeds - 1``."""
    out = wh.run_java(jar, classes, "IB1CV", arff, first_seed, seeds, classifier, *options, jvm_options=[wh.HEADLESS])
    rows = [line.split(",") for line in out.strip().splitlines()]
    return np.array([float(w) / float(t) for _, w, t in rows])


def our_cv_errors(data, seeds: int, entropy, exact: bool = False) -> dict:
    """Our stratified 10-fold CV errors over ``seeds`` CV runs, per tie rule (and, with
    ``exact``, Weka's exact distance and sequential ranges with the shuffled rule)."""
    from lib.core import seeding
    from lib.evaluation import sampling
    from lib.models import nn1, nn1_engine
    from tools.reference_models import IBk1

    X, y = data.X, data.y
    n = len(y)
    C = int(y.max()) + 1
    sqdist = nn1.ibk_sqdist_fn(X, data.spec, nn1.weka_ranges(X, data.spec))
    ident = np.arange(n)[None]
    out = {"shuffled": np.empty(seeds), "first": np.empty(seeds)}
    if exact:
        out["exact"] = np.empty(seeds)
    for s in range(seeds):
        rng = seeding.generator([*entropy, s])
        folds = sampling.stratified_fold_of(rng, y, N_FOLDS)[0]
        keys = nn1.TieKeys(rng, N_FOLDS, n)
        out["shuffled"][s] = nn1_engine.nn1_cv_errors_test1(
            sqdist, y, folds, ident, n_classes=C, tie_rule="shuffled", tie_keys=keys
        )[0]
        out["first"][s] = nn1_engine.nn1_cv_errors_test1(sqdist, y, folds, ident, n_classes=C, tie_rule="first")[0]
        if exact:
            K = keys.block(0, 1)[0]
            trng = seeding.generator([*entropy, s, 1])
            wrong = 0
            for f in range(N_FOLDS):
                te = trng.permutation(np.flatnonzero(folds == f))  # Weka's test order is random too
                tr = folds != f
                m = IBk1(data.spec, C, tie_rule="shuffled", range_mode="weka", tol=0.0)
                wrong += int((m.fit(X[tr], y[tr], tie_keys=K[f, tr]).predict(X[te]) != y[te]).sum())
            out["exact"][s] = wrong / n
    return out


def _mean_se(v) -> tuple[float, float]:
    v = np.asarray(v, dtype=float)
    return float(v.mean()), float(v.std(ddof=1) / np.sqrt(len(v)))


def compare(weka, ours) -> dict:
    """Means, standard errors, z = diff / combined SE and the verdict."""
    mw, sw = _mean_se(weka)
    mo, so = _mean_se(ours)
    se = float(np.hypot(sw, so))
    z = (mo - mw) / se if se > 0 else (0.0 if mo == mw else np.inf)
    return {"weka_mean": mw, "weka_se": sw, "ours_mean": mo, "ours_se": so, "z": z, "agree": bool(abs(z) < AGREE_Z)}


def _parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    wh.add_registry_dataset_options(ap)
    ap.add_argument("--seeds", type=int, default=50, help="CV runs per data set, Weka's and ours")
    ap.add_argument("--seed", type=int, default=20090601, help="base seed of our CV runs")
    ap.add_argument("--jar", default=DEFAULT_JAR, help="Weka 3.6 weka.jar")
    ap.add_argument("--out", default="results/crosscheck/ib1_cv.csv")
    ap.add_argument(
        "--exact", action="store_true", help="also refit IBk1 with Weka's exact distance and sequential ranges"
    )
    ap.add_argument("--resume", action="store_true", help="keep the data sets already in --out")
    args = ap.parse_args(argv)
    if args.seeds < 2:
        ap.error("--seeds must be >= 2")
    return args


def _crosscheck(name: str, args, classes: Path, tmp: Path):
    """Weka's and our CV errors on one data set: (the CSV row, the per-seed frame)."""
    import pandas as pd

    from lib.core import seeding

    data = wh.load_dataset(name, args.raw, args.mirror, acquire="always")
    arff = tmp / f"{name}.arff"
    wh.write_arff(arff, data.X, data.y, [int(v) for v in data.spec.n_values], len(data.class_names), name)
    t0 = time.perf_counter()
    weka = weka_cv_errors(args.jar, classes, arff, args.seeds)
    t1 = time.perf_counter()
    ours = our_cv_errors(
        data, args.seeds, [args.seed, seeding.stable_hash(["crosscheck_ib1_cv", name])], exact=args.exact
    )
    t2 = time.perf_counter()
    sh, fi = compare(weka, ours["shuffled"]), compare(weka, ours["first"])
    ex = compare(weka, ours["exact"]) if args.exact else {}
    row = {
        "dataset": name,
        "n": len(data.y),
        "seeds": args.seeds,
        **{f"{k}": v for k, v in sh.items() if k.startswith("weka")},
        "shuffled_mean": sh["ours_mean"],
        "shuffled_se": sh["ours_se"],
        "shuffled_z": sh["z"],
        "shuffled_agree": sh["agree"],
        "first_mean": fi["ours_mean"],
        "first_se": fi["ours_se"],
        "first_z": fi["z"],
        "first_agree": fi["agree"],
        "exact_mean": ex.get("ours_mean", np.nan),
        "exact_se": ex.get("ours_se", np.nan),
        "exact_z": ex.get("z", np.nan),
        "exact_agree": ex.get("agree", np.nan),
        "weka_seconds": round(t1 - t0, 2),
        "ours_seconds": round(t2 - t1, 2),
    }
    per_seed = pd.DataFrame(
        {
            "dataset": name,
            "run": np.arange(args.seeds),
            "weka_ib1": weka,
            "ours_shuffled": ours["shuffled"],
            "ours_first": ours["first"],
            "ours_exact": ours.get("exact", np.full(args.seeds, np.nan)),
        }
    )
    return row, per_seed


def _print_row(r: dict, exact: bool) -> None:
    print(
        f"{r['dataset']}: Weka {r['weka_mean']:.4f}+-{r['weka_se']:.4f}  shuffled "
        f"{r['shuffled_mean']:.4f}+-{r['shuffled_se']:.4f} (z {r['shuffled_z']:+.2f})  first "
        f"{r['first_mean']:.4f}+-{r['first_se']:.4f} (z {r['first_z']:+.2f})"
        + (f"  exact {r['exact_mean']:.4f}+-{r['exact_se']:.4f} (z {r['exact_z']:+.2f})" if exact else ""),
        flush=True,
    )


def main(argv=None):
    import pandas as pd

    args = _parse_args(argv)
    names = args.datasets or wh.registry_ojala_names()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows, per_seed = [], []
    seed_path = out.with_name(out.stem + "_per_seed.csv")
    if args.resume and out.is_file():
        rows = pd.read_csv(out).to_dict("records")
        per_seed = [pd.read_csv(seed_path)]
    done = {r["dataset"] for r in rows}
    with tempfile.TemporaryDirectory(prefix="ib1cv-") as tmp:
        tmp = Path(tmp)
        classes = compile_java(args.jar, tmp)
        for name in names:
            if name in done:
                continue
            row, seeds = _crosscheck(name, args, classes, tmp)
            rows.append(row)
            per_seed.append(seeds)
            _print_row(row, args.exact)
            _write(rows, per_seed, out, seed_path)
    return _write(rows, per_seed, out, seed_path, echo=True)


def _write(rows, per_seed, out: Path, seed_path: Path, echo: bool = False):
    import pandas as pd

    frame = pd.DataFrame(rows)
    frame.to_csv(out, index=False)
    if per_seed:
        pd.concat(per_seed).to_csv(seed_path, index=False)
    lines = [
        "IB1 10-fold CV error per data set over S CV runs: Weka 3.6.14 crossValidateModel "
        "(IB1, new Random(1..S)) vs ours (stratified folds, fast engine with whole-data ranges; "
        "'exact' = IBk1 refit with Weka's exact distance and sequential ranges, shuffled ties). "
        f"Mean +- SE; agree = |diff| < {AGREE_Z:g} combined SE.",
        "",
        "| data set | n | S | Weka IB1 | ours shuffled | z | verdict | ours first | z | verdict "
        "| ours exact, shuffled | z |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]

    def verdict(v):
        return "" if v != v else ("agree" if v else "DIFFER")

    for r in rows:
        exact = (
            f"{r['exact_mean']:.4f} +- {r['exact_se']:.4f} | {r['exact_z']:+.1f}"
            if r["exact_mean"] == r["exact_mean"]
            else " | "
        )
        lines.append(
            f"| {r['dataset']} | {r['n']} | {r['seeds']} | {r['weka_mean']:.4f} +- {r['weka_se']:.4f} | "
            f"{r['shuffled_mean']:.4f} +- {r['shuffled_se']:.4f} | {r['shuffled_z']:+.1f} | "
            f"{verdict(r['shuffled_agree'])} | {r['first_mean']:.4f} +- {r['first_se']:.4f} | "
            f"{r['first_z']:+.1f} | {verdict(r['first_agree'])} | {exact} |"
        )
    lines += [
        "",
        f"shuffled agrees on {int(frame.shuffled_agree.astype(bool).sum())} of {len(frame)}, "
        f"first on {int(frame.first_agree.astype(bool).sum())} of {len(frame)}.",
    ]
    out.with_suffix(".md").write_text("\n".join(lines) + "\n")
    if echo:
        print("\n".join(lines))
    return frame


if __name__ == "__main__":
    main()
