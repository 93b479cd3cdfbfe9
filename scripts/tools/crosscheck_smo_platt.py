"""Cross-check the imbalance study's SMO (``lib.models.smo.SMO`` with ``-M`` and ``-V``, as
``lib.studies.imbalance.make_classifier`` builds it) against real Weka's SMO on the study's data sets.

Not part of the workflow or the test suite. Needs Java with ``javac`` and a ``weka.jar`` (Weka 3.6:
Debian's package ``weka``, ``/usr/share/java/weka.jar`` = 3.6.14); no Python Weka bridge::

    .venv/bin/python scripts/tools/crosscheck_smo_platt.py --mirror /path/to/mirror
    .venv/bin/python scripts/tools/crosscheck_smo_platt.py --datasets oil pima --folds -1 3 5

For every data set (the minority class positive, as in the study) and for the first test fold of a
seeded stratified 10-fold and 2-fold partition (``lib.evaluation.sampling.stratified_fold_of``),
both SMOs are trained on the same training rows in the same order (ARFF written from the project's
loader) with ``-M -V k`` for every ``k`` of ``--folds``, and the largest absolute difference of
P(minority) on the test rows is printed. A small Java class (compiled into a temporary folder)
prints Weka's ``distributionForInstance`` with all 17 digits; Weka's ``-p 0 -distribution`` would
round to 3 decimals. Measured 2026-11-24 (Weka 3.6.14, OpenJDK 17), the 14 data sets, 42,021 test
rows per ``-V``: largest difference 3.2e-6 with ``-V -1``, 5.9e-6 with ``-V 3``, 6.3e-6 with ``-V 5``
(Weka's Logistic is a BFGS optimiser, ours a Newton solve of the same objective).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

from lib.evaluation import sampling  # noqa: E402
from lib.studies import imbalance  # noqa: E402
from tools import weka_harness as wh  # noqa: E402

JAVA = """
import weka.classifiers.functions.SMO;
import weka.core.Instances;
import java.io.BufferedReader;
import java.io.FileReader;

/** Train SMO with the given options on args[0], print P(second class) of every row of args[1]. */
public class SmoProbs {
    public static void main(String[] args) throws Exception {
        Instances train = new Instances(new BufferedReader(new FileReader(args[0])));
        Instances test = new Instances(new BufferedReader(new FileReader(args[1])));
        train.setClassIndex(train.numAttributes() - 1);
        test.setClassIndex(test.numAttributes() - 1);
        SMO smo = new SMO();
        String[] opts = new String[args.length - 2];
        System.arraycopy(args, 2, opts, 0, opts.length);
        smo.setOptions(opts);
        smo.buildClassifier(train);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < test.numInstances(); i++) {
            out.append(Double.toString(smo.distributionForInstance(test.instance(i))[1])).append('\\n');
        }
        System.out.print(out);
    }
}
"""


def compile_helper(jar: str, folder: Path) -> None:
    wh.compile_java(jar, folder, "SmoProbs", JAVA)


def weka_probabilities(jar, helper, Xtr, ytr, Xte, yte, n_values, folds):
    with tempfile.TemporaryDirectory() as tmp:
        train, test = Path(tmp) / "train.arff", Path(tmp) / "test.arff"
        wh.write_arff(train, Xtr, ytr, n_values, 2, plain_codes=True)
        wh.write_arff(test, Xte, yte, n_values, 2, plain_codes=True)
        out = wh.run_java(jar, helper, "SmoProbs", train, test, "-M", "-V", folds, jvm_options=["-Xmx2g"])
    return np.array([float(v) for v in out.split()])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weka-jar", default=wh.DEBIAN_WEKA_JAR)
    ap.add_argument("--mirror", default=None, help="folder with verified raw data (else data/raw must hold it)")
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--datasets", nargs="+", default=None, help="default: the 14 data sets of config imbalance")
    ap.add_argument("--folds", nargs="+", type=int, default=[-1, 3], help="values of -V")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    names = args.datasets or [
        "breast-w",
        "fourclass",
        "german-numer",
        "letter",
        "mammography",
        "oil",
        "page-blocks",
        "pendigits",
        "phoneme",
        "pima",
        "satimage",
        "segment-raeder",
        "splice-libsvm",
        "svmguide1",
    ]
    worst, rows = 0.0, 0
    with tempfile.TemporaryDirectory() as helper:
        compile_helper(args.weka_jar, Path(helper))
        for name in names:
            data = wh.load_dataset(name, args.raw, args.mirror, acquire="always" if args.mirror else "never")
            y = data.y_minority.astype(int)
            for k in (10, 2):
                rng = np.random.default_rng(args.seed)
                test = sampling.stratified_fold_of(rng, y, k, 1, every_class_in_every_fold=True)[0] == 0
                for v in args.folds:
                    model = imbalance.make_classifier("SMO", data.spec)
                    model.logistic_folds = v  # the study's SMO with this -V (also one the study does not offer)
                    ours = model.fit(data.X[~test], y[~test]).predict_proba(data.X[test])[:, 1]
                    weka = weka_probabilities(
                        args.weka_jar, helper, data.X[~test], y[~test], data.X[test], y[test], data.spec.n_values, v
                    )
                    diff = float(np.abs(ours - weka).max())
                    worst, rows = max(worst, diff), rows + len(ours)
                    print(
                        f"{name:15s} {k:2d}-fold, fold 0  -V {v:2d}  {len(ours):6d} test rows  "
                        f"max |P_ours - P_weka| = {diff:.2e}",
                        flush=True,
                    )
    print(f"largest difference {worst:.2e} over {rows} test rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
