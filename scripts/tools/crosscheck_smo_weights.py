"""Cross-check ``lib.models.smo.SMO`` against real Weka at the level of the model: the weight
vector and bias of every pairwise machine, compared bit for bit, and the ``-M`` probabilities.

Not part of the workflow or the test suite; needs the optional ``.venv-weka``
(``make weka-env``) and Java::

    .venv-weka/bin/python scripts/crosscheck_smo_weights.py --mirror /path/to/mirror
    .venv-weka/bin/python scripts/crosscheck_smo_weights.py --weka-jar /usr/share/java/weka.jar

For every data set: stratified 10-fold folds (``lib.evaluation.sampling.stratified_fold_of``, seeded)
and one Test 1 label permutation; Weka's ``SMO`` (defaults) and ours are trained on the
training rows of fold 0 (same rows, same order, ARFF written from the project's loader), and
``SMO.sparseWeights()`` / ``bias()`` are compared with ``SMO.W_`` / ``b_`` (the weight of the
class attribute, which Weka's update also touches but never uses, is dropped). With
``--logistic``, ``SMO -M`` (``-V -1`` and ``-V 3``) is compared with ``predict_proba`` on the
test rows of fold 0: largest absolute difference of the probabilities (Weka's ``Logistic``
is a BFGS optimiser, ours a Newton solve of the same objective, so not bit for bit).
Permuted labels are skipped for data sets with more than ``--large-n`` rows (Weka needs tens of
minutes for one permuted Mushroom fit).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

from crosscheck_j48_weka import OJALA_UCI, WekaJ48, default_weka_jar, write_arff  # noqa: E402

from lib.data import acquisition, datasets  # noqa: E402
from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models.smo import SMO  # noqa: E402


def weka_instances(weka, X, y, n_values, C):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.arff"
        write_arff(path, X, y, n_values, C)
        data = weka.Instances(weka.reader(str(path)))
    data.setClassIndex(data.numAttributes() - 1)
    return data


def compare_weights(weka, X, y, spec, C):
    """Pairs compared, pairs not bit-identical, largest difference of a weight or bias."""
    J = weka.jpype.JClass
    w_smo = J("weka.classifiers.functions.SMO")()
    w_smo.buildClassifier(weka_instances(weka, X, y, spec.n_values, C))
    sw, si, bb = w_smo.sparseWeights(), w_smo.sparseIndices(), w_smo.bias()
    ours = SMO(spec, n_classes=C).fit(X, y)
    pairs = bad = 0
    worst = 0.0
    q = 0
    for i in range(C):
        for j in range(i + 1, C):
            if ours.kind_[q] != 0:
                pairs += 1
                w = np.zeros(ours.W_.shape[1] + 1)  # + the class attribute's slot (last)
                if sw[i][j] is not None:
                    for a, v in zip(list(si[i][j]), list(sw[i][j])):
                        w[int(a)] = float(v)
                w = w[:-1]
                b = float(bb[i][j])
                worst = max(worst, float(np.abs(w - ours.W_[q]).max(initial=0.0)), abs(b - float(ours.b_[q])))
                bad += int(not (np.array_equal(w, ours.W_[q]) and b == ours.b_[q]))
            q += 1
    return pairs, bad, worst


def compare_logistic(weka, X, y, spec, C, train, test, folds_v):
    """Largest |p_Weka - p_ours| over the test rows for SMO -M -V folds_v."""
    J = weka.jpype.JClass
    full = weka_instances(weka, X, y, spec.n_values, C)
    tr, te = weka.subset(full, train), weka.subset(full, test)
    w_smo = J("weka.classifiers.functions.SMO")()
    w_smo.setOptions(weka.jpype.JArray(weka.jpype.JString)(["-M", "-V", str(folds_v)]))
    w_smo.buildClassifier(tr)
    pw = np.array([list(w_smo.distributionForInstance(te.instance(i))) for i in range(te.numInstances())])
    ours = SMO(spec, build_logistic=True, logistic_folds=folds_v, n_classes=C)
    po = ours.fit(X[train], y[train]).predict_proba(X[test])
    return float(np.abs(pw - po).max())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("datasets", nargs="*", default=OJALA_UCI)
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None, help="folder with verified copies of the raw files (default: download)")
    ap.add_argument("--seed", type=int, default=20090601)
    ap.add_argument("--weka-jar", default=None, help="default: python-weka-wrapper3's (3.9)")
    ap.add_argument("--large-n", type=int, default=3000)
    ap.add_argument("--logistic", action="store_true", help="also compare SMO -M probabilities")
    ap.add_argument("--out", default="results/crosscheck/smo_weights.json")
    args = ap.parse_args(argv)
    weka = WekaJ48(args.weka_jar or default_weka_jar())
    print(f"Weka {weka.version}", flush=True)
    rows = []
    try:
        for name in args.datasets:
            if not (Path(args.raw) / name / acquisition.MARKER).exists():
                acquisition.acquire(name, args.raw, args.mirror)
            data = datasets.load(name, args.raw)
            X, y, spec = data.X, data.y, data.spec
            C = len(data.class_names)
            rng = np.random.default_rng(args.seed)
            folds = sampling.stratified_fold_of(rng, y, 10)[0]
            perm = pm.label_permutations(len(y), 1, rng)[0]
            train, test = np.flatnonzero(folds != 0), np.flatnonzero(folds == 0)
            variants = [("original", y)]
            if len(y) <= args.large_n:
                variants.append(("test1", y[perm]))
            for tag, labels in variants:
                pairs, bad, worst = compare_weights(weka, X[train], labels[train], spec, C)
                row = {
                    "dataset": name,
                    "weka": weka.version,
                    "labels": tag,
                    "pairs": pairs,
                    "pairs_not_bit_identical": bad,
                    "max_abs_diff": worst,
                }
                if args.logistic and tag == "original":
                    for v in (-1, 3):
                        try:
                            row[f"max_prob_diff_M_V{v}"] = compare_logistic(weka, X, labels, spec, C, train, test, v)
                        except Exception as error:  # noqa: BLE001 - e.g. Weka's own refusal
                            # (-V 3 on a pair with one instance: stratify(1) throws)
                            row[f"max_prob_diff_M_V{v}"] = f"error: {type(error).__name__}"
                rows.append(row)
                print(json.dumps(row), flush=True)
    finally:
        weka.stop()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1) + "\n")
    ok = all(r["pairs_not_bit_identical"] == 0 for r in rows)
    print("all weights and biases bit-identical" if ok else "differences found")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
