"""Optional cross-check (not a rule, not part of the test suite): the project's Weka-like
classifiers (``lib/models/nn1.py``, ``lib/models/naive_bayes.py``, ``lib/models/smo.py``; 1-NN
refit per fold by ``scripts/tools/reference_models.py``) against real Weka on identical
cross-validation folds.

    make weka-crosscheck          # creates .venv-weka (envs/weka-requirements.txt) and runs this
    .venv-weka/bin/python scripts/tools/crosscheck_weka.py --mirror ../shared/data \
        --datasets iris vote --out results/crosscheck/weka.csv

For every data set (the project's loader, ``lib.data.datasets``), seeded stratified 10-fold folds are
drawn with ``lib.evaluation.sampling.stratified_fold_of``; on every fold real Weka is trained on the
training rows and predicts the test rows, and so is the project's classifier. Per data set and
classifier the CSV gives both error rates and the prediction agreement:

    Weka                    ours
    IB1 (3.6 only)          IBk1(tie_rule="first"), range_mode "weka" and whole-data ranges
    IBk -K 1                IBk1(tie_rule="vote"),  range_mode "weka" and whole-data ranges
    IBk -K 1 (no IB1)       IBk1(tie_rule="first") (3.9: IB1 was removed from Weka in 3.7)
    NaiveBayes              NaiveBayesWeka
    SMO (defaults)          lib.models.smo.SMO (Weka's SMO re-implemented; key "smo_exact")

J48 is cross-checked tree by tree by ``scripts/tools/crosscheck_j48_weka.py``.

"whole-data ranges" is what the fast permutation engines use (``weka_ranges`` of all rows,
``range_mode="fixed"``); for them the CV error of ``lib.models.nn1_engine.nn1_cv_errors_test1`` is
checked to equal the refit predictions' error.

Weka versions. python-weka-wrapper3 0.3.3 ships Weka 3.9.7 (``weka.jar``) and always runs. The
paper used Weka 3.6; Debian's ``weka`` package is 3.6.14 (``apt-get install weka`` gives
``/usr/share/java/weka.jar``): when ``--weka36-jar`` names such a jar (default: that path if it
exists) the same folds are also run through it, in a second JVM (one JVM per process, so each
Weka version runs in its own worker process of this script; JPype comes with
python-weka-wrapper3). Differences 3.6 -> 3.9 that matter here: IB1 is gone (moved to a
package; the worker reports it absent); ``NormalEstimator.getProbability`` returns the mass of
the rounding interval divided by the precision (a density) in 3.9, the mass itself in 3.6,
which changes NaiveBayes only where Weka's 1e-75 floor is hit; ``NormalizableDistance.norm``
tests ``width == 0`` (3.9) instead of ``isNaN(min) || max == min`` (3.6); the range update at
prediction time handles an attribute missing in all training rows only in 3.9.

Instances are built from the project's arrays (ARFF text read by Weka's own reader), so the
nominal value order is the project's coding, the class attribute's value order is the coding
of ``y`` and training rows keep the data set's row order (IB1's tie rule depends on it); test
rows are classified in row order (IBk widens its ranges with each test row). Separately, each
raw ARFF file is read with Weka and compared value by value with the project's loader (column
``loader_check``): same attributes, same nominal codes (header order), same missing cells.

What the full run showed (22 data sets, seed 20090601, Weka 3.6.14 and 3.9.7; ~4 min):
Weka's predictions were identical in both versions. 1-NN with ``range_mode="weka"`` agreed on
every row except one iris row, a mathematically exact tie (squared distances equal in exact
arithmetic, 1.7e-17 apart in doubles) that Weka's exact comparison breaks and ``TIE_TOL``
keeps; with ``tol=0`` the agreement was 100% everywhere (the element-wise distance is
evaluated in Weka's order of operations, so the doubles are Weka's). Whole-data ranges (fast
engine) changed 4 rows (autos, hepatitis, diabetes x2). NaiveBayesWeka: 100% everywhere. (The
former scikit-learn SMO stand-in differed on 68 rows, 50 of them on balance-scale's L-vs-R
boundary; it was removed.) The raw ARFF files parsed by Weka equal the project's loader output on
all 22 data sets.

``lib.models.smo.SMO`` (row "exact re-implementation"): for it the CV error of the batched
engine ``smo_cv_errors`` is also checked against the fold-by-fold refits (column
``smo_cv_engine_equals_refit``). ``--randomised K`` adds K Test 1 (permuted labels) and K Test 2
(columns permuted within classes) copies of every data set, drawn as the J48 cross-check does
(``label_permutations`` / ``within_class_permutations`` from the fold generator's stream), run
through Weka's SMO and ``lib.models.smo`` only; for data sets with more than ``--large-n`` rows
only the first ``--randomised-folds`` folds are run (Weka's SMO takes 100-160 s per fit of
permuted Mushroom here; column ``rows_compared``). Full run (``--classifiers SMO --randomised 1
--large-n 3000 --randomised-folds 1``, seed 20090601, 18 min): ``lib.models.smo`` agreed with
Weka 3.6.14 and 3.9.7 on every compared row -- 42,828 rows per version (22 original data sets,
all rows; 22 Test 1 and 22 Test 2 copies, all rows except one fold of Mushroom and Splice);
``smo_cv_errors`` equalled the refits on all 62 fully run data sets. A second run with
``--seed 2`` (other folds and randomisations, 9 min): again 42,828 rows per version, none
differing. ``scripts/tools/crosscheck_smo_weights.py`` compares the models themselves: weights and
biases bit-identical.

Outputs: ``--out`` (CSV, one row per data set x Weka version x comparison), the same name with
``.md`` (summary table), and ``_disagreements.csv`` (every row where the predictions differ,
with a diagnosis: ties, normalisation ranges, tie tolerance, naive Bayes floor / near-tie,
SVM margin).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib

import numpy as np  # noqa: E402

from tools import weka_harness as wh  # noqa: E402

DEFAULT_WEKA36_JAR = wh.DEBIAN_WEKA_JAR
DEFAULT_SEED = 20090601
N_FOLDS = 10
WEKA_CLASSIFIERS = {
    "IB1": (wh.IB1, []),
    "IBk -K 1": (wh.IBK, ["-K", "1"]),
    "NaiveBayes": (wh.NAIVE_BAYES, []),
    "SMO": (wh.SMO, []),
}


# ====================================================================================
# Worker side: runs inside one JVM (one Weka version), no project imports beyond numpy
# ====================================================================================
def _instances_values(inst) -> np.ndarray:
    """All values of ``inst`` as an ``(n, m)`` float array (NaN = missing), class excluded."""
    m = inst.numAttributes()
    cols = [np.asarray(list(inst.attributeToDoubleArray(j)), dtype=float) for j in range(m)]
    return np.column_stack(cols) if cols else np.zeros((inst.numInstances(), 0))


class _HeaderDiffers(Exception):
    """A raw file's header, read by Weka, differs from the project's loader output."""


def _raw_file_values(weka: wh.WekaSession, meta: dict, path: str):
    """One raw ARFF file read by Weka: (features in the project's column order, class codes)."""
    inst = weka.read_arff(path)
    names = [str(inst.attribute(j).name()) for j in range(inst.numAttributes())]
    target = meta["target"] or names[-1]
    t = names.index(target)
    cls = inst.attribute(t)
    classes = [str(cls.value(k)) for k in range(cls.numValues())]
    if classes != list(meta["class_names"]):
        raise _HeaderDiffers(f"class values differ: Weka {classes} vs ours {meta['class_names']}")
    V = _instances_values(inst)
    cols = []
    for j, f in enumerate(meta["feature_names"]):
        k = names.index(f)
        a = inst.attribute(k)
        nv = int(a.numValues()) if a.isNominal() else 0
        if nv != meta["n_values"][j]:
            raise _HeaderDiffers(f"attribute {f!r}: Weka {nv} values vs ours {meta['n_values'][j]}")
        cols.append(V[:, k])
    return np.column_stack(cols), V[:, t]


def _loader_check(weka: wh.WekaSession, meta: dict, X, y) -> str:
    """Read the raw ARFF file(s) with Weka and compare with the project's loader."""
    blocks_X, blocks_y = [], []
    try:
        for path in meta["raw_files"]:
            file_X, file_y = _raw_file_values(weka, meta, path)
            blocks_X.append(file_X)
            blocks_y.append(file_y)
    except _HeaderDiffers as differs:
        return str(differs)
    except Exception as error:  # noqa: BLE001 - reported, not fatal
        return f"Weka could not read the raw file: {error}"
    WX = np.vstack(blocks_X)
    Wy = np.concatenate(blocks_y)
    if WX.shape != X.shape:
        return f"shape differs: Weka {WX.shape} vs ours {X.shape}"
    same = (WX == X) | (np.isnan(WX) & np.isnan(X))
    if not same.all():
        i, j = np.argwhere(~same)[0]
        return f"{int((~same).sum())} cells differ, first row {i} col {j}: Weka {WX[i, j]} vs ours {X[i, j]}"
    if not np.array_equal(Wy, y):
        return "class codes differ"
    return "ok"


def _weka_instances(weka: wh.WekaSession, meta: dict, X, y):
    """The data set as Weka ``Instances``, checked to hold the project's values exactly."""
    full = weka.instances(X, y, meta["n_values"], meta["n_classes"], meta["name"])
    back = _instances_values(full)
    if not (
        np.array_equal(np.isnan(back[:, :-1]), np.isnan(X))
        and np.array_equal(np.nan_to_num(back[:, :-1], nan=0.5), np.nan_to_num(X, nan=0.5))
        and np.array_equal(back[:, -1], y)
    ):
        raise SystemExit(f"{meta['name']}: Weka's Instances do not hold the project's values")
    return full


def _weka_cv(weka: wh.WekaSession, name: str, subsets, n: int):
    """Weka's predictions of classifier ``name`` on every fold's test rows (-1 elsewhere), the
    options it ran with, and the seconds it took; None when this Weka lacks the classifier."""
    cls_name, options = WEKA_CLASSIFIERS[name]
    if not weka.has_class(cls_name):
        return None
    pred = np.full(n, -1, dtype=np.int64)
    opts_used = ""
    t0 = time.perf_counter()
    for rows, tr, te in subsets:
        clf = weka.build(cls_name, tr, options)
        opts_used = " ".join(str(o) for o in clf.getOptions())
        for t, i in enumerate(rows):  # test rows in row order (IBk widens its ranges)
            pred[i] = int(clf.classifyInstance(te.instance(t)))
    return pred, opts_used, time.perf_counter() - t0


def _worker_dataset(weka: wh.WekaSession, d: int, meta: dict, arrays, classifiers: list[str], preds: dict) -> dict:
    """Loader check and Weka's CV predictions for data set ``d`` of the task (into ``preds``)."""
    X, y, folds = arrays[f"X{d}"], arrays[f"y{d}"], arrays[f"folds{d}"]
    full = _weka_instances(weka, meta, X, y)
    info = {
        "loader_check": (_loader_check(weka, meta, X, y) if meta.get("raw_files") else "n/a (randomised copy)"),
        "classifiers": {},
    }
    fold_ids = np.unique(folds)
    if meta.get("folds_used") is not None:  # large randomised copies: some folds only
        fold_ids = np.asarray(meta["folds_used"])
    subsets = [(np.flatnonzero(folds == f), *weka.split(full, folds, f)) for f in fold_ids]
    for name in classifiers:
        if meta.get("classifiers") is not None and name not in meta["classifiers"]:
            continue  # randomised copies: only the classifiers they are checked for
        run = _weka_cv(weka, name, subsets, len(y))
        if run is None:  # e.g. IB1 in Weka >= 3.7
            info["classifiers"][name] = {"available": False}
            continue
        pred, opts_used, seconds = run
        info["classifiers"][name] = {"available": True, "options": opts_used, "seconds": seconds}
        preds[f"{d}|{name}"] = pred
        print(
            f"[Weka {weka.version}] {meta['name']} {name}: error {np.mean(pred != y):.4f}", file=sys.stderr, flush=True
        )
    return info


def run_worker(task_dir: Path, backend: str, jar: str | None, out: Path, classifiers: list[str]):
    weka = wh.WekaSession(backend, jar)
    meta_all = json.loads((task_dir / "task.json").read_text())
    arrays = np.load(task_dir / "task.npz")
    result = {"weka_version": weka.version, "backend": backend, "jar": jar, "datasets": {}}
    preds = {}
    for d, meta in enumerate(meta_all["datasets"]):
        result["datasets"][meta["name"]] = _worker_dataset(weka, d, meta, arrays, classifiers, preds)
    np.savez(out.with_suffix(".npz"), **preds)
    out.with_suffix(".json").write_text(json.dumps(result, indent=1))


# ====================================================================================
# Main side: the project's classifiers, comparison, diagnosis, outputs
# ====================================================================================
def _ours_predictions(X, y, spec, folds, n_classes, only=None, folds_used=None):
    """Predictions of the project's classifiers on the same folds (and their run times);
    ``only`` restricts them to some keys (randomised copies)."""
    from lib.models import naive_bayes, nn1
    from lib.models import smo as smo_exact
    from tools.reference_models import IBk1

    whole = nn1.weka_ranges(X, spec)
    makers = {
        "first/weka": lambda: IBk1(spec, n_classes, tie_rule="first", range_mode="weka"),
        "first/whole": lambda: IBk1(spec, n_classes, tie_rule="first", range_mode="fixed", ranges=whole),
        "vote/weka": lambda: IBk1(spec, n_classes, tie_rule="vote", range_mode="weka"),
        "vote/whole": lambda: IBk1(spec, n_classes, tie_rule="vote", range_mode="fixed", ranges=whole),
        # exact comparison of distances, as Weka does (range_mode="weka" always uses the
        # element-wise distance, evaluated in Weka's order of operations)
        "first/weka/tol0": lambda: IBk1(spec, n_classes, tie_rule="first", range_mode="weka", tol=0.0),
        "vote/weka/tol0": lambda: IBk1(spec, n_classes, tie_rule="vote", range_mode="weka", tol=0.0),
        "nb": lambda: naive_bayes.NaiveBayesWeka(spec, n_classes),
        "smo_exact": lambda: smo_exact.SMO(spec, n_classes=n_classes),
    }
    preds, seconds = {}, {}
    for key, make in makers.items():
        if only is not None and key not in only:
            continue
        pred = np.full(len(y), -1, dtype=np.int64)
        t0 = time.perf_counter()
        for f in np.unique(folds) if folds_used is None else folds_used:
            test = folds == f
            pred[test] = make().fit(X[~test], y[~test]).predict(X[test])
        preds[key] = pred
        seconds[key] = time.perf_counter() - t0
    return preds, seconds


def _engine_errors(X, y, spec, folds, n_classes) -> dict:
    """CV errors of the fast permutation engine (whole-data ranges), identity permutation."""
    from lib.models import nn1, nn1_engine

    sq = nn1.ibk_sqdist_fn(X, spec)
    ident = np.arange(len(y))[None]
    return {
        rule: float(nn1_engine.nn1_cv_errors_test1(sq, y, folds, ident, n_classes=n_classes, tie_rule=rule)[0])
        for rule in ("first", "vote")
    }


# Comparisons: (Weka classifier, our key, label of ours, condition)
COMPARISONS = [
    ("IB1", "first/weka", "IBk1 first, range_mode=weka"),
    ("IB1", "first/whole", "IBk1 first, whole-data ranges (fast engine)"),
    ("IB1", "first/weka/tol0", "IBk1 first, range_mode=weka, tol=0"),
    ("IBk -K 1", "vote/weka", "IBk1 vote, range_mode=weka"),
    ("IBk -K 1", "vote/whole", "IBk1 vote, whole-data ranges (fast engine)"),
    ("IBk -K 1", "vote/weka/tol0", "IBk1 vote, range_mode=weka, tol=0"),
    ("IBk -K 1", "first/weka", "IBk1 first, range_mode=weka (IB1 absent)"),
    ("NaiveBayes", "nb", "NaiveBayesWeka"),
    ("SMO", "smo_exact", "lib.models.smo.SMO (exact re-implementation)"),
]


def _diagnose_nn(X, y, spec, folds, i, weka_pred, our_key, n_classes):
    """Why 1-NN predictions differ on row ``i``: ties, tie tolerance or normalisation ranges.

    Distances are recomputed element-wise (``ibk_sq_distances``, Weka's order of operations);
    "exact" ties are equal doubles, as Weka compares them."""
    from lib.models import nn1
    from tools.reference_models import weka_sequential_ranges

    test = folds == folds[i]
    rows = np.flatnonzero(test)
    t = int(np.searchsorted(rows, i))
    train = np.flatnonzero(~test)
    Xtr = X[train]
    seq = weka_sequential_ranges(nn1.weka_ranges(Xtr, spec), X[rows])
    r_weka = nn1.Ranges(seq.lo[t], seq.width[t])
    r_whole = nn1.weka_ranges(X, spec)
    out = {}
    for tag, r in (("weka", r_weka), ("whole", r_whole)):
        d = nn1.ibk_sq_distances(X[i : i + 1], Xtr, spec, r)[0]
        dmin = d.min()
        exact = np.flatnonzero(d == dmin)
        tol = np.flatnonzero(d <= dmin + nn1.TIE_TOL)
        out[tag] = (d, exact, tol)
    d, exact, tol = out["weka"]
    cls_exact = sorted(set(y[train][exact].tolist()))
    cls_tol = sorted(set(y[train][tol].tolist()))
    notes = [f"weka-ranges nearest: {len(exact)} exact tie(s) classes {cls_exact}"]
    cause = "unexplained"
    if len(tol) != len(exact) and not our_key.endswith("tol0"):
        cause = "tie tolerance (TIE_TOL groups distances Weka compares exactly)"
        notes.append(f"{len(tol)} within TIE_TOL, classes {cls_tol}")
    if our_key.endswith("whole"):
        _, exact_w, _ = out["whole"]
        if set(exact_w.tolist()) != set(exact.tolist()):
            cause = "normalisation ranges (whole data vs training fold + test rows so far)"
            notes.append(f"whole-data-ranges nearest {train[exact_w].tolist()} vs weka-ranges {train[exact].tolist()}")
    if cause == "unexplained" and len(cls_exact) > 1:
        if weka_pred in cls_exact:
            cause = "tie between classes resolved differently"
        notes.append(f"Weka's class {weka_pred} {'is' if weka_pred in cls_exact else 'is not'} among the tied classes")
    if cause == "unexplained":
        second = np.partition(d, min(len(exact), len(d) - 1))[min(len(exact), len(d) - 1)]
        notes.append(f"min sq distance {d.min():.17g}, next {second:.17g}")
    return cause, "; ".join(notes)


def _nb_terms(model, X_row, precision_divide=False):
    """Per-class log joint of one row, with Weka 3.6 (mass) or 3.9 (mass / precision) terms,
    and the number of attribute terms that hit the 1e-75 floor."""
    from scipy.special import ndtr

    from lib.models import naive_bayes

    out = model.log_prior.copy()
    floors = 0
    num = model.num_cols
    if len(num):
        x = X_row[num]
        present = ~np.isnan(x)
        p = model.precision
        xr = naive_bayes.weka_round(np.where(present, x, 0.0), p)
        P = ndtr((xr - model.mean + p / 2) / model.std) - ndtr((xr - model.mean - p / 2) / model.std)
        if precision_divide:
            P = P / p
        floors += int(((P < 1e-75) & present).sum())
        out = out + np.where(present, np.log(np.maximum(1e-75, P)), 0.0).sum(axis=1)
    for q, j in enumerate(model.nom_cols):
        v = X_row[j]
        if not np.isnan(v):
            out = out + model.log_cond[:, model.nom_offset[q] + int(v)]
    return out, floors


def _diagnose_nb(X, y, spec, folds, i, weka_pred, n_classes, weka_version, cache):
    from lib.models import naive_bayes

    test = folds == folds[i]
    if folds[i] not in cache:
        cache[folds[i]] = naive_bayes.nb_fit(X[~test], y[~test], spec, n_classes)
    model = cache[folds[i]]
    lj36, floors36 = _nb_terms(model, X[i])
    lj39, floors39 = _nb_terms(model, X[i], precision_divide=True)
    ours = int(np.argmax(lj36))
    margin = float(lj36[ours] - lj36[weka_pred])
    notes = [
        f"log-joint margin ours-vs-Weka's class {margin:.3g}",
        f"1e-75 floors hit: {floors36} (3.6 mass), {floors39} (3.9 density)",
    ]
    cause = "unexplained"
    if not weka_version.startswith("3.6") and int(np.argmax(lj39)) == weka_pred:
        cause = "3.9 NormalEstimator density (mass / precision) with the 1e-75 floor"
    elif abs(margin) < 1e-9 * max(1.0, abs(lj36[ours])):
        cause = "near-tie of the class scores (rounding)"
    elif floors36:
        cause = "1e-75 floor"
    return cause, "; ".join(notes)


class _Randomised:
    """A Test 1 / Test 2 copy of a loaded data set (same spec, classes and folds)."""

    def __init__(self, source, name, X, y, engine_args, folds_used=None):
        self.source, self.name, self.X, self.y = source, name, X, y
        self.spec, self.class_names = source.spec, source.class_names
        self.feature_names = source.feature_names
        self.engine_args = engine_args
        self.folds_used = folds_used  # None: all folds


def _diagnose_smo_exact(X, y, spec, folds, i, weka_pred, our_pred, n_classes, cache):
    """Disagreements of ``lib.models.smo.SMO``: its pairwise outputs on row ``i``.

    An output of exactly 0 votes for the pair's first class in both implementations, so a
    difference there means different outputs; a tiny ``|f|`` points at rounding (a sum in a
    different order), a large one at a different optimisation path."""
    from lib.models.smo import SMO

    test = folds == folds[i]
    if folds[i] not in cache:
        cache[folds[i]] = SMO(spec, n_classes=n_classes).fit(X[~test], y[~test])
    m = cache[folds[i]]
    out = m.decision_function(X[i : i + 1])[0]
    pairs = [(a, b) for a in range(n_classes) for b in range(a + 1, n_classes)]
    relevant = [
        (abs(float(f)), (a, b), float(f))
        for (a, b), f, k in zip(pairs, out, m.kind_)
        if k != 0 and {a, b} & {our_pred, weka_pred}
    ]
    small, pair, value = min(relevant)
    note = f"smallest |f| among pairs with class {our_pred} or {weka_pred}: f{pair} = {value:.3g}"
    if small < 1e-9:
        cause = "SVM output within 1e-9 of 0 (rounding decides the vote)"
    elif small < 1e-3:
        cause = "SVM output within 1e-3 of 0"
    else:
        cause = "different solution (|f| >= 1e-3)"
    return cause, note


def _load_all(args) -> list:
    """(data, registry entry, folds) of every data set and, with ``--randomised``, of its Test 1 /
    Test 2 copies (same folds)."""
    from lib.core import seeding
    from lib.data import datasets
    from lib.evaluation import sampling

    loaded = []
    for name in args.datasets or wh.registry_ojala_names():
        data = wh.load_dataset(name, args.raw, args.mirror, acquire="always")
        ds = datasets.get(name)
        rng = seeding.generator([args.seed, seeding.stable_hash(["crosscheck_weka", name])])
        folds = sampling.stratified_fold_of(rng, data.y, N_FOLDS)[0]
        loaded.append((data, ds, folds))
        if args.randomised:
            # Test 1 / Test 2 copies as the J48 cross-check draws them (same folds), checked
            # for SMO only; ``engine_args`` is the batched call that must equal the refits
            used = (
                list(range(args.randomised_folds)) if len(data.y) > args.large_n else None
            )  # Weka's SMO needs ~hours per 10-fold CV of permuted Mushroom
            for suffix, X, y, engine_args in wh.randomised_copies(data.X, data.y, data.spec.m, args.randomised, rng):
                loaded.append((_Randomised(data, f"{data.name}-{suffix}", X, y, engine_args, used), ds, folds))
    return loaded


def _weka_backends(args) -> list[tuple[str, str | None]]:
    """python-weka-wrapper3's Weka 3.9, and the Weka 3.6 jar of ``--weka36-jar`` if it exists."""
    backends = [("pww3", None)]
    if args.weka36_jar and Path(args.weka36_jar).is_file():
        backends.append(("jar", str(Path(args.weka36_jar).resolve())))
    elif args.weka36_jar and args.weka36_jar != DEFAULT_WEKA36_JAR:
        sys.exit(f"--weka36-jar {args.weka36_jar} does not exist")
    return backends


def _task_meta(data, ds, raw) -> dict:
    """What the worker needs to know of a data set besides its arrays."""
    randomised = isinstance(data, _Randomised)
    return {
        "name": data.name,
        "n_values": [int(v) for v in data.spec.n_values],
        "n_classes": len(data.class_names),
        "class_names": list(data.class_names),
        "feature_names": list(data.feature_names),
        "target": ds.options.get("target"),
        "raw_files": [] if randomised else [str(Path(raw) / data.name / f.filename) for f in ds.files if not f.doc],
        "classifiers": ["SMO"] if randomised else None,
        "folds_used": getattr(data, "folds_used", None),
    }


def _write_task(task_dir: Path, loaded, raw) -> None:
    meta = {"datasets": [_task_meta(data, ds, raw) for data, ds, _ in loaded]}
    arrays = {}
    for d, (data, _, folds) in enumerate(loaded):
        arrays[f"X{d}"], arrays[f"y{d}"], arrays[f"folds{d}"] = data.X, data.y, folds
    (task_dir / "task.json").write_text(json.dumps(meta))
    np.savez(task_dir / "task.npz", **arrays)


def _run_worker_process(task_dir: Path, out: Path, backend: str, jar: str | None, classifiers) -> dict:
    """One Weka version's results: this script as ``--worker`` in a process (and JVM) of its own."""
    cmd = [sys.executable, __file__, "--worker", backend, "--task", str(task_dir), "--worker-out", str(out)]
    cmd += ["--classifiers", *classifiers]
    if jar:
        cmd += ["--jar", jar]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    info = json.loads(out.with_suffix(".json").read_text())
    info["seconds"] = time.perf_counter() - t0
    with np.load(out.with_suffix(".npz")) as z:
        info["preds"] = {k: z[k] for k in z.files}
    return info


def _weka_results(loaded, backends, args) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="crosscheck-weka-") as tmp:
        tmp = Path(tmp)
        _write_task(tmp, loaded, args.raw)
        return [
            _run_worker_process(tmp, tmp / f"weka{b}", backend, jar, args.classifiers)
            for b, (backend, jar) in enumerate(backends)
        ]


def _check_nn_engine(data, folds, ours: dict) -> None:
    """The fast 1-NN engine's CV error must equal the refits with whole-data ranges."""
    engine = _engine_errors(data.X, data.y, data.spec, folds, len(data.class_names))
    for rule in ("first", "vote"):
        refit = float(np.mean(ours[f"{rule}/whole"] != data.y))
        if abs(refit - engine[rule]) > 1e-12:
            raise SystemExit(f"{data.name}: fast engine error {engine[rule]} != refit {refit} ({rule})")


def _smo_engine_equals_refit(data, folds, ours: dict):
    """Whether the batched SMO CV engine (permutation study) equals the fold-by-fold refits;
    None when only some folds were run."""
    from lib.models.smo import smo_cv_errors

    if getattr(data, "folds_used", None) is not None:
        return None
    randomised = isinstance(data, _Randomised)
    cv_args = data.engine_args if randomised else {"perms": np.arange(len(data.y))[None]}
    smo_cv = float(
        smo_cv_errors(
            data.source.X if randomised else data.X,
            data.source.y if randomised else data.y,
            folds,
            data.spec,
            n_classes=len(data.class_names),
            **cv_args,
        )[0]
    )
    return abs(smo_cv - float(np.mean(ours["smo_exact"] != data.y))) < 1e-12


def _diagnose(weka_name, data, folds, i, wp, op, key, version, caches) -> tuple[str, str]:
    """Cause and detail of the disagreement on row ``i``."""
    X, y, spec, C = data.X, data.y, data.spec, len(data.class_names)
    if weka_name in ("IB1", "IBk -K 1"):
        return _diagnose_nn(X, y, spec, folds, i, int(wp[i]), key, C)
    if weka_name == "NaiveBayes":
        return _diagnose_nb(X, y, spec, folds, i, int(wp[i]), C, version, caches["nb"])
    return _diagnose_smo_exact(X, y, spec, folds, i, int(wp[i]), int(op[i]), C, caches["smo_exact"])


DISAGREEMENT_COLUMNS = [
    "dataset",
    "weka_version",
    "weka_classifier",
    "ours",
    "row",
    "fold",
    "true",
    "weka_pred",
    "our_pred",
    "cause",
    "detail",
]


def _compare_one(data, folds, wp, op, rows_used, weka_name, key, label, version, caches):
    """One comparison of Weka's predictions ``wp`` with ours ``op``: the rows that differ, their
    causes and one disagreement record each."""
    differ = np.flatnonzero((wp != op) & rows_used)
    causes, dis = {}, []
    for i in differ:
        cause, note = _diagnose(weka_name, data, folds, i, wp, op, key, version, caches)
        causes[cause] = causes.get(cause, 0) + 1
        dis.append(
            {
                "dataset": data.name,
                "weka_version": version,
                "weka_classifier": weka_name,
                "ours": label,
                "row": int(i),
                "fold": int(folds[i]),
                "true": int(data.y[i]),
                "weka_pred": int(wp[i]),
                "our_pred": int(op[i]),
                "cause": cause,
                "detail": note,
            }
        )
    return differ, causes, dis


def _comparisons(d, data, folds, ours, ours_sec, weka_results, smo_cv_ok):
    """Result rows and disagreement records of data set ``d`` against every Weka version."""
    X, y = data.X, data.y
    used = getattr(data, "folds_used", None)
    rows_used = np.ones(len(y), bool) if used is None else np.isin(folds, used)
    rows, dis = [], []
    caches = {"nb": {}, "smo_exact": {}}
    for info in weka_results:
        version = info["weka_version"]
        dinfo = info["datasets"][data.name]
        for weka_name, key, label in COMPARISONS:
            cinfo = dinfo["classifiers"].get(weka_name)
            if cinfo is None or not cinfo["available"]:
                continue
            if label.endswith("(IB1 absent)") and dinfo["classifiers"].get("IB1", {}).get("available"):
                continue
            if key not in ours:
                continue
            wp = info["preds"][f"{d}|{weka_name}"]
            op = ours[key]
            differ, causes, found = _compare_one(data, folds, wp, op, rows_used, weka_name, key, label, version, caches)
            dis += found
            rows.append(
                {
                    "dataset": data.name,
                    "n": int(X.shape[0]),
                    "m": int(X.shape[1]),
                    "rows_compared": int(rows_used.sum()),
                    "missing_cells": int(np.isnan(X).sum()),
                    "weka_version": version,
                    "weka_classifier": weka_name,
                    "weka_options": cinfo["options"],
                    "ours": label,
                    "weka_errors": int((wp != y)[rows_used].sum()),
                    "our_errors": int((op != y)[rows_used].sum()),
                    "weka_error": float(np.mean((wp != y)[rows_used])),
                    "our_error": float(np.mean((op != y)[rows_used])),
                    "agreement_pct": 100.0 * float(np.mean((wp == op)[rows_used])),
                    "n_disagree": int(len(differ)),
                    "causes": "; ".join(f"{k}: {v}" for k, v in sorted(causes.items())),
                    "weka_seconds": cinfo["seconds"],
                    "our_seconds": ours_sec[key],
                    "loader_check": dinfo["loader_check"],
                    "smo_cv_engine_equals_refit": smo_cv_ok if key == "smo_exact" else None,
                }
            )
    return rows, dis


def _compare_dataset(d, data, folds, weka_results):
    """Our classifiers on data set ``d``, their engine checks and the comparison with Weka:
    (result rows, disagreement records, our seconds)."""
    print(f"[ours] {data.name}", file=sys.stderr, flush=True)
    randomised = isinstance(data, _Randomised)
    ours, ours_sec = _ours_predictions(
        data.X,
        data.y,
        data.spec,
        folds,
        len(data.class_names),
        only={"smo_exact"} if randomised else None,
        folds_used=getattr(data, "folds_used", None),
    )
    if not randomised:
        _check_nn_engine(data, folds, ours)
    smo_cv_ok = _smo_engine_equals_refit(data, folds, ours)
    rows, dis = _comparisons(d, data, folds, ours, ours_sec, weka_results, smo_cv_ok)
    return rows, dis, sum(ours_sec.values())


def run_main(args):
    import pandas as pd

    from lib.core import tables

    t_start = time.perf_counter()
    loaded = _load_all(args)
    weka_results = _weka_results(loaded, _weka_backends(args), args)
    rows, dis = [], []
    ours_seconds_total = 0.0
    for d, (data, _, folds) in enumerate(loaded):
        found_rows, found_dis, seconds = _compare_dataset(d, data, folds, weka_results)
        rows += found_rows
        dis += found_dis
        ours_seconds_total += seconds
    frame = pd.DataFrame(rows)
    out = Path(args.out)
    tables.write_csv(frame, out)
    tables.write_csv(pd.DataFrame(dis, columns=DISAGREEMENT_COLUMNS), out.with_name(out.stem + "_disagreements.csv"))
    total = time.perf_counter() - t_start
    tables.write_text(_summary(frame, weka_results, args, total, ours_seconds_total), out.with_suffix(".md"))
    print(f"wrote {out}, {out.with_suffix('.md')} ({total:.0f} s)", file=sys.stderr)
    return frame


def _summary(frame, weka_results, args, total, ours_seconds) -> str:
    from lib.core import tables

    versions = ", ".join(
        f"Weka {r['weka_version']} ({'python-weka-wrapper3 bundled jar' if r['backend'] == 'pww3' else r['jar']}; "
        f"{r['seconds']:.0f} s)"
        for r in weka_results
    )
    lines = [
        "# Cross-check of lib/models/nn1.py, naive_bayes.py and smo.py against real Weka",
        "",
        f"Generated by `scripts/tools/crosscheck_weka.py` (`make weka-crosscheck`). Weka: {versions}. "
        f"Our classifiers: {ours_seconds:.0f} s. Total {total:.0f} s.",
        f"Stratified {N_FOLDS}-fold CV, one fold draw per data set "
        f"(`lib.evaluation.sampling.stratified_fold_of`, seed {args.seed}); identical folds, training-row "
        "order and test-row order on both sides. Agreement = % of rows with the same predicted class.",
        "",
    ]
    checks = frame.groupby("dataset", sort=False)["loader_check"].first()
    bad = checks[~checks.isin(["ok", "n/a (randomised copy)"])]
    lines.append(
        "Loader check (raw ARFF read by Weka vs `lib.data.datasets.load`): "
        + ("all data sets identical." if bad.empty else "; ".join(f"{k}: {v}" for k, v in bad.items()))
    )
    lines.append("")
    show = frame.copy()
    show["Weka error"] = show["weka_error"].map(lambda v: f"{v:.4f}")
    show["our error"] = show["our_error"].map(lambda v: f"{v:.4f}")
    show["agreement %"] = show["agreement_pct"].map(lambda v: f"{v:.2f}")
    show = show.rename(columns={"weka_version": "Weka", "weka_classifier": "Weka classifier"})
    lines.append(
        tables.markdown_table(
            show[
                [
                    "dataset",
                    "Weka",
                    "Weka classifier",
                    "ours",
                    "Weka error",
                    "our error",
                    "rows_compared",
                    "agreement %",
                    "n_disagree",
                    "causes",
                ]
            ]
        )
    )
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    wh.add_registry_dataset_options(ap, raw_help="where raw files are kept")
    ap.add_argument("--out", default="results/crosscheck/weka.csv")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    wh.add_randomised_option(ap, "also check SMO on K Test 1 and K Test 2 randomisations per data set")
    ap.add_argument(
        "--randomised-folds",
        type=int,
        default=1,
        metavar="F",
        help="randomised copies of data sets with more than --large-n rows: run "
        "only the first F folds (Weka's SMO is slow on permuted labels)",
    )
    ap.add_argument("--large-n", type=int, default=5000)
    ap.add_argument("--classifiers", nargs="+", default=list(WEKA_CLASSIFIERS), choices=list(WEKA_CLASSIFIERS))
    ap.add_argument(
        "--weka36-jar",
        default=DEFAULT_WEKA36_JAR,
        help="a Weka 3.6 weka.jar to run as well (default: Debian's, if installed; '' = none)",
    )
    ap.add_argument("--worker", choices=["pww3", "jar"], help=argparse.SUPPRESS)
    ap.add_argument("--jar", help=argparse.SUPPRESS)
    ap.add_argument("--task", help=argparse.SUPPRESS)
    ap.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        run_worker(Path(args.task), args.worker, args.jar, Path(args.worker_out), args.classifiers)
        return None
    return run_main(args)


if __name__ == "__main__":
    main()
