"""Cross-check ``lib.models.smo.SMO`` against real Weka at the level of the model: the weight
vector and bias of every pairwise machine, compared bit for bit, and the ``-M`` probabilities.

Not part of the workflow or the test suite; needs the optional ``.venv-weka``
(``make weka-env``) and Java::

    .venv-weka/bin/python scripts/tools/crosscheck_smo_weights.py --mirror /path/to/mirror
    .venv-weka/bin/python scripts/tools/crosscheck_smo_weights.py --weka-jar /usr/share/java/weka.jar

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
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.evaluation import sampling  # noqa: E402
from lib.models.smo import SMO  # noqa: E402
from tools import weka_harness as wh  # noqa: E402


def compare_weights(weka: wh.WekaSession, X, y, spec, C):
    """Pairs compared, pairs not bit-identical, largest difference of a weight or bias."""
    w_smo = weka.build(wh.SMO, weka.instances(X, y, spec.n_values, C, plain_codes=True))
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


def compare_logistic(weka: wh.WekaSession, X, y, spec, C, train, test, folds_v):
    """Largest |p_Weka - p_ours| over the test rows for SMO -M -V folds_v."""
    full = weka.instances(X, y, spec.n_values, C, plain_codes=True)
    tr, te = weka.subset(full, train), weka.subset(full, test)
    pw = weka.distributions(weka.build(wh.SMO, tr, ["-M", "-V", str(folds_v)]), te)
    ours = SMO(spec, build_logistic=True, logistic_folds=folds_v, n_classes=C)
    po = ours.fit(X[train], y[train]).predict_proba(X[test])
    return float(np.abs(pw - po).max())


def _compare_dataset(weka: wh.WekaSession, name: str, args) -> list[dict]:
    """Fold 0 of the original labels and, up to ``--large-n`` rows, of one label permutation."""
    data = wh.load_dataset(name, args.raw, args.mirror)
    X, y, spec = data.X, data.y, data.spec
    C = len(data.class_names)
    rng = np.random.default_rng(args.seed)
    folds = sampling.stratified_fold_of(rng, y, 10)[0]
    perm = pm.label_permutations(len(y), 1, rng)[0]
    train, test = np.flatnonzero(folds != 0), np.flatnonzero(folds == 0)
    variants = [("original", y)]
    if len(y) <= args.large_n:
        variants.append(("test1", y[perm]))
    rows = []
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
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    wh.add_listed_dataset_options(ap)
    ap.add_argument("--seed", type=int, default=20090601)
    ap.add_argument("--weka-jar", default=None, help="default: python-weka-wrapper3's (3.9)")
    ap.add_argument("--large-n", type=int, default=3000)
    ap.add_argument("--logistic", action="store_true", help="also compare SMO -M probabilities")
    ap.add_argument("--out", default="results/crosscheck/smo_weights.json")
    args = ap.parse_args(argv)
    rows = []
    with wh.weka_session(args.weka_jar) as weka:
        print(f"Weka {weka.version}", flush=True)
        for name in args.datasets:
            rows += _compare_dataset(weka, name, args)
    wh.write_json_rows(Path(args.out), rows)
    ok = all(r["pairs_not_bit_identical"] == 0 for r in rows)
    print("all weights and biases bit-identical" if ok else "differences found")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
