"""Measure (not a rule, not a test): CPU seconds per randomised data set of every (UCI data set,
classifier, test) of Ojala & Garriga's Tables II-III, at the paper's CV (10 folds), so that
``permutation.uci.randomizations_per_job`` can cut each into jobs of a few CPU-minutes and the
paper-scale DAG's wall time can be estimated (``scripts/tools/critical_path.py``).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python scripts/tools/measure_permutation_costs.py \
        --mirror /path/to/mirror --randomizations 20 --classifier-randomizations smo=4 \
        --out workflow/resources/permutation_costs.csv

Per (data set, classifier, test): ``--randomizations`` randomisations (per classifier
``--classifier-randomizations``) timed by process CPU time (after one warm-up randomisation
that absorbs numba compilation and caches), and the original errors' CV (one repetition)
likewise. The draws are the study's own
(``lib.studies.permutation.randomized_errors``), so the cost is the study's cost.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402

from lib.core import tables  # noqa: E402
from lib.data import acquisition, datasets  # noqa: E402
from lib.studies import permutation  # noqa: E402
from tools.bench import cpu_seconds, study_config  # noqa: E402


def main() -> None:
    config = study_config()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="*", default=config["uci"]["datasets"])
    ap.add_argument("--classifiers", nargs="*", default=config["uci"]["classifiers"])
    ap.add_argument("--randomizations", type=int, default=2)
    ap.add_argument(
        "--classifier-randomizations",
        nargs="*",
        default=[],
        metavar="CLF=K",
        help="randomisations timed for a classifier instead of --randomizations",
    )
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None)
    ap.add_argument("--out", default="results/benchmarks/permutation_costs.csv")
    args = ap.parse_args()
    options = {"tie_rule": config["tie_rule"]}
    timed = {clf: args.randomizations for clf in args.classifiers}
    for item in args.classifier_randomizations:
        clf, _, k = item.partition("=")
        timed[clf] = int(k)
    rows = []
    for name in args.datasets:
        acquisition.acquire(name, args.raw, args.mirror)
        data = datasets.load(name, args.raw)
        folds = permutation.original_folds(data.y, config["uci"]["folds"], 1, [0])
        for clf in args.classifiers:
            permutation.randomized_errors(clf, data.X, data.y, data.spec, 1, folds[0], [1], 0, 1, **options)
            orig = cpu_seconds(
                lambda: permutation.original_errors(clf, data.X, data.y, data.spec, folds, [1], **options)
            )
            for test in (1, 2):
                k = timed[clf]
                seconds = cpu_seconds(
                    lambda: permutation.randomized_errors(
                        clf, data.X, data.y, data.spec, test, folds[0], [2], 1, 1 + k, **options
                    )
                )
                rows.append(
                    {
                        "dataset": name,
                        "classifier": clf,
                        "test": test,
                        "n": len(data.y),
                        "seconds_per_randomization": round(seconds / k, 4),
                        "seconds_per_original_cv": round(orig, 4),
                        "randomizations_timed": k,
                    }
                )
                print(rows[-1], flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tables.write_csv(pd.DataFrame(rows), out)


if __name__ == "__main__":
    main()
