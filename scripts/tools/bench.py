"""Benchmark (not a rule, not a test): CPU milliseconds per randomised data set of the Ojala & Garriga
study's cells, Test 1 and Test 2 -- ours (the study's own engines), scikit-learn's equivalent and,
when ``.venv-weka`` exists, Weka 3.9.7 -- with the ratios.

    make bench                                   # the default cells, MIRROR=... to use a mirror
    make bench BENCH_ARGS="--quick"              # a subset, about a minute
    .venv/bin/python scripts/tools/bench.py --mirror ../shared/data --cells segment-weka/1nn splice/smo \
        --out results/benchmarks/bench.csv

A cell is ``<data set>/<classifier>`` (registry names; classifiers ``j48``, ``1nn``, ``nb``, ``smo``;
``--cells all`` is every cell of Tables II-III in ``config/config.yaml``). The default cells are the
study's most expensive: Mushroom J48, Weka's 2,310-row Segment (``segment-weka``) with all four
classifiers, Splice SMO. Prints a Markdown table; writes ``--out`` (CSV).

Per cell and test, on the study's draws (``permutation.draw_randomizations``: randomisation ``r``
and its fresh stratified 10-fold CV from ``[*entropy, 0, r]``):

* ours: ``permutation.randomized_errors`` (drawing the randomisations included, as the study
  runs it), tie rule ``permutation.tie_rule`` of the config, per randomisation in a call of the
  study's size (``permutation.PROGRESS_STEP``: 100, SMO 5), whose setup (1-NN Test 1's candidate
  lists, SMO's Gram matrix, ...) the call's randomisations share (columns ``ours_setup_ms``,
  ``ours_marginal_ms``; see :func:`time_cell`);
* scikit-learn: one estimator fitted and asked per fold on the same randomised data and folds
  (fit + predict timed; randomising and encoding are not): 1-NN ``KNeighborsClassifier(1)`` on
  the encoding whose Euclidean distance is Weka's (``nn1.encode_for_blas``), J48
  ``DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2)`` on one-hot data, naive Bayes
  ``GaussianNB`` on one-hot data, SMO ``SVC(kernel="linear", C=1)`` (one-vs-one, as Weka's SMO) on
  Weka's SMO input (numeric attributes scaled to [0, 1], nominal ones as indicators, missing
  values replaced by means and zero indicators). Where values are missing the 1-NN and naive
  Bayes encodings put 0 for them: the same work, not the same model;
* Weka 3.9.7 (python-weka-wrapper3 in ``.venv-weka``, ``make weka-env``; one JVM in a worker
  process, this script run by ``.venv-weka/bin/python --weka-worker``): ``J48``, ``IBk -K 1``
  (IB1 left Weka in 3.7), ``NaiveBayes``, ``SMO``, default options, built and asked per fold on
  the same randomised data and folds (``buildClassifier`` + ``classifyInstance`` timed); a
  classifier's first fold in the JVM is not counted (it warms the JIT). Without ``.venv-weka``
  the column is empty and a note says why.

Timing: process CPU time (``time.process_time``; the JVM's own threads count in Weka's), numba
compilation excluded by a warm-up call. Ours and scikit-learn's alternate in ``--rounds`` rounds
(a shared machine slows both alike), each round spending about ``--budget / --rounds`` CPU
seconds per side; the table gives the median round. A side that costs more than its share per
randomisation is timed on some folds of one randomisation and scaled to the 10 folds (column
``*_folds``: folds timed in all). ``ours / x`` columns are ``x``'s time over ours: above 1 ours
is faster. The default cells take about 8 minutes with Weka (its SMO on permuted Splice: 40 CPU-s
per fold), ``--quick`` about 40 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")  # scikit-learn's neighbour search: one thread, as ours
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib and tools

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEKA_PYTHON = ROOT / ".venv-weka" / "bin" / "python"
DEFAULT_CELLS = [
    "mushroom/j48",
    "segment-weka/j48",
    "segment-weka/smo",
    "segment-weka/nb",
    "segment-weka/1nn",
    "splice/smo",
]
QUICK_CELLS = ["segment-weka/1nn", "segment-weka/nb", "segment-weka/j48"]
CLASSIFIERS = ("j48", "1nn", "nb", "smo")
WEKA_CLASSIFIERS = {
    "j48": ("weka.classifiers.trees.J48", []),
    "1nn": ("weka.classifiers.lazy.IBk", ["-K", "1"]),
    "nb": ("weka.classifiers.bayes.NaiveBayes", []),
    "smo": ("weka.classifiers.functions.SMO", []),
}
ENTROPY = [2]  # the randomisations' entropy; the warm-up uses [1]
WEKA_RANDOMIZATIONS = 3  # randomised data sets handed to the Weka worker per cell and test


def cpu_seconds(func) -> float:
    """Process CPU seconds of ``func()``."""
    start = time.process_time()
    func()
    return time.process_time() - start


def study_config() -> dict:
    import yaml  # not in .venv-weka, where the Weka worker runs

    return yaml.safe_load((ROOT / "config" / "config.yaml").read_text())["permutation"]


# ------------------------------------------------------------------------------------------------
# The sides
# ------------------------------------------------------------------------------------------------
def randomized(data, test: int, folds0, r: int):
    """Randomised data set ``r`` of the study's draws: (X, y, folds)."""
    from lib.evaluation import permutation_tests as pm
    from lib.studies import permutation

    draws, folds = permutation.draw_randomizations(test, data.y, data.X.shape[1], folds0, ENTROPY, r, r + 1)
    if test == 1:
        return data.X, data.y[draws[0]], folds[0]
    return pm.apply_within_class_permutations(data.X, draws)[0], data.y, folds[0]


def sklearn_equivalent(classifier: str, spec, ranges):
    """(estimator factory, encoding of a data set) of scikit-learn's equivalent of ``classifier``."""
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.svm import SVC
    from sklearn.tree import DecisionTreeClassifier

    if classifier == "1nn":
        return partial(KNeighborsClassifier, n_neighbors=1), partial(nn1_input, spec=spec, ranges=ranges)
    if classifier == "j48":
        tree = partial(DecisionTreeClassifier, criterion="entropy", min_samples_leaf=2, random_state=0)
        return tree, partial(one_hot_input, spec=spec, missing=np.nan)  # trees take NaN
    if classifier == "nb":
        return GaussianNB, partial(one_hot_input, spec=spec, missing=0.0)
    return partial(SVC, kernel="linear", C=1.0), partial(smo_input, spec=spec, ranges=ranges)


def nn1_input(X, spec, ranges) -> np.ndarray:
    """The encoding whose squared Euclidean distance is Weka's (missing values as code/value 0)."""
    from lib.models import nn1

    return nn1.encode_for_blas(np.nan_to_num(X), spec, ranges)[0]


def one_hot_input(X, spec, missing: float) -> np.ndarray:
    """Numeric attributes as they are, nominal ones as 0/1 indicators; ``missing`` for NaN."""
    from tools.reference_models import one_hot_nominal

    Z = one_hot_nominal(X, spec)
    return np.where(np.isnan(Z), missing, Z)


def smo_input(X, spec, ranges) -> np.ndarray:
    """Weka's SMO input: numeric attributes scaled to [0, 1] (missing: the column mean), nominal
    ones as 0/1 indicators (missing: all 0)."""
    Z = np.array(X, dtype=float)
    num = spec.numeric_cols
    width = np.where(ranges.width[num] > 0, ranges.width[num], 1.0)
    Z[:, num] = (Z[:, num] - ranges.lo[num]) / width
    Z[:, num] = np.where(np.isnan(Z[:, num]), np.nanmean(Z[:, num], axis=0), Z[:, num])
    return one_hot_input(Z, spec, missing=0.0)


def sklearn_round(make, encode, data, test, folds0, r: int, budget: float) -> tuple[float, int]:
    """CPU ms per randomisation of scikit-learn on randomised data set ``r``: folds are fitted and
    asked in turn until ``budget`` seconds are spent (at least one). Returns (ms, folds timed)."""
    X, y, folds = randomized(data, test, folds0, r)
    Z = encode(X)
    fold_ids = np.unique(folds)
    spent, timed = 0.0, 0
    for f in fold_ids:
        test_rows = folds == f

        def fit_predict(test_rows=test_rows):
            make().fit(Z[~test_rows], y[~test_rows]).predict(Z[test_rows])

        spent += cpu_seconds(fit_predict)
        timed += 1
        if spent >= budget:
            break
    return 1000 * spent / timed * len(fold_ids), timed


def time_cell(data, classifier: str, test: int, folds0, tie_rule: str, budget: float, rounds: int) -> dict:
    """Ours and scikit-learn's CPU ms per randomisation, alternating in ``rounds`` rounds.

    A call of ours costs ``setup + k * marginal`` (the 1-NN Test 1 candidate lists, SMO's Gram
    matrix, ... are computed once per call); the study calls its engine on ``K`` randomisations at a
    time (``permutation.PROGRESS_STEP``), so ours is ``setup / K + marginal``, fitted per round from a
    call of 1 and a call of ``k <= K`` randomisations (``k = K`` when the budget allows: measured,
    not extrapolated)."""
    from lib.models import nn1
    from lib.studies import permutation

    X, y, spec = data.X, data.y, data.spec
    start = 0

    def ours(k):
        nonlocal start
        start += k
        return cpu_seconds(
            lambda: permutation.randomized_errors(
                classifier, X, y, spec, test, folds0, ENTROPY, start - k, start, tie_rule=tie_rule
            )
        )

    permutation.randomized_errors(classifier, X, y, spec, test, folds0, [1], 0, 1, tie_rule=tie_rule)  # compile
    call = permutation.PROGRESS_STEP.get(classifier, 100)
    share = budget / rounds
    # k: at least enough randomisations for their marginal cost to match the setup's (else the
    # fit divides noise), more if the budget allows, at most a study call's
    one, k = ours(1), 2
    while True:
        t = ours(k)
        if k >= call or t >= 2 * one:
            break
        k = min(call, 2 * k)
    k = int(np.clip(k * share / max(one + t, 1e-6), k, call))
    make, encode = sklearn_equivalent(classifier, spec, nn1.weka_ranges(X, spec))
    setups, marginals, sk_ms, sk_folds = [], [], [], 0
    for r in range(rounds):
        t1, tk = ours(1), ours(k)
        marginals.append(max((tk - t1) / (k - 1), 0.0))
        setups.append(max(t1 - marginals[-1], 0.0))
        ms, timed = sklearn_round(make, encode, data, test, folds0, r, share)
        sk_ms.append(ms)
        sk_folds += timed
    setup, marginal = float(np.median(setups)), float(np.median(marginals))
    return {
        "ours_ms": 1000 * (setup / call + marginal),
        "ours_setup_ms": 1000 * setup,
        "ours_marginal_ms": 1000 * marginal,
        "ours_call": call,
        "ours_timed_k": k,
        "sklearn_ms": float(np.median(sk_ms)),
        "sklearn_folds": sk_folds,
    }


# ------------------------------------------------------------------------------------------------
# Weka: a worker process in .venv-weka
# ------------------------------------------------------------------------------------------------
def weka_tasks(task_dir: Path, jobs: list[tuple[str, str, int, object, np.ndarray]], budget: float) -> None:
    """Write the randomised data sets of every (data set, classifier, test) for the worker."""
    arrays, meta = {}, []
    for t, (name, classifier, test, data, folds0) in enumerate(jobs):
        for r in range(WEKA_RANDOMIZATIONS):
            arrays[f"X{t}_{r}"], arrays[f"y{t}_{r}"], arrays[f"folds{t}_{r}"] = randomized(data, test, folds0, r)
        meta.append(
            {
                "name": name,
                "classifier": classifier,
                "test": test,
                "n_values": [int(v) for v in data.spec.n_values],
                "n_classes": int(data.y.max()) + 1,
            }
        )
    np.savez(task_dir / "task.npz", **arrays)
    (task_dir / "task.json").write_text(json.dumps({"budget": budget, "jobs": meta}))


def run_weka_worker(task_dir: Path) -> None:
    """Inside .venv-weka: time Weka's classifier on each task's randomised data sets and folds."""
    from jpype import JArray, JString

    from tools.weka_harness import arff_text, start_jvm

    JClass, version = start_jvm("pww3", None)
    Instances = JClass("weka.core.Instances")
    StringReader = JClass("java.io.StringReader")
    spec = json.loads((task_dir / "task.json").read_text())
    arrays = np.load(task_dir / "task.npz")
    results, warmed = [], set()
    for t, job in enumerate(spec["jobs"]):
        cls_name, options = WEKA_CLASSIFIERS[job["classifier"]]
        per_fold, spent = [], 0.0
        for r in range(WEKA_RANDOMIZATIONS):
            X, y, folds = arrays[f"X{t}_{r}"], arrays[f"y{t}_{r}"], arrays[f"folds{t}_{r}"]
            full = Instances(StringReader(arff_text(X, y, job["n_values"], job["n_classes"], job["name"])))
            full.setClassIndex(full.numAttributes() - 1)
            for f in np.unique(folds):
                train, test = Instances(full, 0), Instances(full, 0)
                for i in range(len(y)):
                    (test if folds[i] == f else train).add(full.instance(i))

                def build_and_classify(train=train, test=test):
                    clf = JClass(cls_name)()
                    if options:
                        clf.setOptions(JArray(JString)(options))
                    clf.buildClassifier(train)
                    for i in range(test.numInstances()):
                        clf.classifyInstance(test.instance(i))

                seconds = cpu_seconds(build_and_classify)
                if cls_name not in warmed:  # the classifier's first fold in this JVM warms the JIT
                    warmed.add(cls_name)
                    continue
                per_fold.append(seconds)
                spent += seconds
                if spent >= spec["budget"]:
                    break
            if spent >= spec["budget"] and per_fold:
                break
        n_folds = len(np.unique(arrays[f"folds{t}_0"]))
        results.append({"weka_ms": 1000 * float(np.mean(per_fold)) * n_folds, "weka_folds": len(per_fold)})
        print(f"[Weka {version}] {job['name']}/{job['classifier']} Test {job['test']}: {results[-1]}", file=sys.stderr)
    (task_dir / "result.json").write_text(json.dumps({"version": version, "results": results}))


def weka_column(jobs, budget: float) -> tuple[list[dict] | None, str]:
    """Weka's results per job, or None and the reason there are none."""
    if not WEKA_PYTHON.exists():
        return None, f"no {WEKA_PYTHON.parent.parent.name} (make weka-env): Weka column skipped"
    with tempfile.TemporaryDirectory() as tmp:
        task_dir = Path(tmp)
        weka_tasks(task_dir, jobs, budget)
        worker = [str(WEKA_PYTHON), __file__, "--weka-worker", str(task_dir)]
        proc = subprocess.run(worker, capture_output=True, text=True)
        if proc.returncode != 0:
            return None, f"the Weka worker failed: {proc.stderr.strip().splitlines()[-1:]}"
        out = json.loads((task_dir / "result.json").read_text())
    return out["results"], f"Weka {out['version']} (python-weka-wrapper3)"


# ------------------------------------------------------------------------------------------------
# Cells, table, main
# ------------------------------------------------------------------------------------------------
def parse_cells(cells: list[str], config: dict) -> list[tuple[str, str]]:
    if cells == ["all"]:
        return [(d, c) for d in config["uci"]["datasets"] for c in config["uci"]["classifiers"]]
    out = []
    for cell in cells:
        name, _, classifier = cell.partition("/")
        if classifier not in CLASSIFIERS:
            raise SystemExit(f"cell {cell!r}: write <data set>/<classifier>, classifier one of {CLASSIFIERS}")
        out.append((name, classifier))
    return out


def markdown(rows: pd.DataFrame, note: str) -> str:
    show = pd.DataFrame(
        {
            "cell": rows["dataset"] + "/" + rows["classifier"],
            "n x m": rows["n"].astype(str) + " x " + rows["m"].astype(str),
            "test": rows["test"],
            "ours ms": rows["ours_ms"].map("{:.1f}".format),
            "scikit-learn ms": rows["sklearn_ms"].map("{:.1f}".format),
            "ours / scikit-learn": rows["sklearn_over_ours"].map("{:.1f}x".format),
            "Weka ms": rows["weka_ms"].map(lambda v: "" if pd.isna(v) else f"{v:.1f}"),
            "ours / Weka": rows["weka_over_ours"].map(lambda v: "" if pd.isna(v) else f"{v:.1f}x"),
        }
    )
    from lib.core import tables

    return f"CPU ms per randomised data set (10-fold CV). {note}\n\n" + tables.markdown_table(show)


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--cells", nargs="+", default=None, help="<data set>/<classifier> ... or all (default: the study's costliest)"
    )
    ap.add_argument(
        "--quick", action="store_true", help=f"cells {' '.join(QUICK_CELLS)} (unless --cells), budget 1 s, 2 rounds"
    )
    ap.add_argument("--tests", nargs="+", type=int, default=[1, 2], choices=[1, 2])
    ap.add_argument(
        "--budget", type=float, default=None, help="CPU seconds per side, cell and test (default 4, quick 1)"
    )
    ap.add_argument(
        "--rounds", type=int, default=None, help="alternating rounds of ours and scikit-learn (default 3, quick 2)"
    )
    ap.add_argument("--no-weka", action="store_true", help="leave the Weka column out even if .venv-weka exists")
    ap.add_argument("--mirror", default=None, help="folder with verified dataset copies")
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--out", default="results/benchmarks/bench.csv")
    ap.add_argument("--weka-worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.weka_worker:
        run_weka_worker(Path(args.weka_worker))
        return pd.DataFrame()
    from lib.core import tables
    from lib.data import acquisition, datasets
    from lib.studies import permutation

    config = study_config()
    cells = parse_cells(args.cells or (QUICK_CELLS if args.quick else DEFAULT_CELLS), config)
    budget = args.budget if args.budget is not None else (1.0 if args.quick else 4.0)
    rounds = args.rounds if args.rounds is not None else (2 if args.quick else 3)
    rows, jobs, loaded = [], [], {}
    for name, classifier in cells:
        if name not in loaded:
            acquisition.acquire(name, args.raw, args.mirror)
            data = datasets.load(name, args.raw)
            loaded[name] = (data, permutation.original_folds(data.y, config["uci"]["folds"], 1, [0])[0])
        data, folds0 = loaded[name]
        for test in args.tests:
            row = {"dataset": name, "classifier": classifier, "test": test, "n": data.X.shape[0], "m": data.X.shape[1]}
            row.update(time_cell(data, classifier, test, folds0, config["tie_rule"], budget, rounds))
            row["sklearn_over_ours"] = row["sklearn_ms"] / row["ours_ms"]
            ms = f"ours {row['ours_ms']:.1f} ms, scikit-learn {row['sklearn_ms']:.1f} ms"
            print(f"{name}/{classifier} Test {test}: {ms}", file=sys.stderr, flush=True)
            rows.append(row)
            jobs.append((name, classifier, test, data, folds0))
    frame = pd.DataFrame(rows)
    weka, note = (None, "Weka column left out (--no-weka).") if args.no_weka else weka_column(jobs, budget)
    frame["weka_ms"] = np.nan if weka is None else [w["weka_ms"] for w in weka]
    frame["weka_folds"] = np.nan if weka is None else [w["weka_folds"] for w in weka]
    frame["weka_over_ours"] = frame["weka_ms"] / frame["ours_ms"]
    tables.write_csv(frame, args.out)
    print(markdown(frame, f"Tie rule {config['tie_rule']}; {note}"))
    return frame


if __name__ == "__main__":
    main()
