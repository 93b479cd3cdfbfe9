"""Rule script: Ojala & Garriga 2009 Sec. V -- one (UCI data set, classifier, test) chunk:
the repeated original stratified 10-fold CV errors and the errors of the randomised data."""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy (lib/evaluation/permutation_tests.py docstring)

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lib.core import runlog, seeding, tables  # noqa: E402
from lib.data import datasets
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_uci_chunk") as log:
    p = sm.params.study
    data = datasets.load(p["dataset"], "data/raw")
    frng = seeding.generator(sm.params.folds_entropy)  # per data set: same folds for every job
    folds = np.array([pm.stratified_folds(data.y, p["folds"]["folds"], frng)
                      for _ in range(p["folds"]["repetitions"])])
    orig, null = permutation.study_errors(p["classifier"], data.X, data.y, data.spec, p["test"], folds,
                                 p["randomizations"], seeding.generator(sm.params.entropy),
                                 tie_rule=p["tie_rule"], svm_solver=sm.params.svm_solver)
    frame = pd.DataFrame({"kind": ["original"] * len(orig) + ["randomized"] * len(null),
                          "index": np.r_[np.arange(len(orig)), np.arange(len(null))],
                          "error": np.r_[orig, null]})
    frame.insert(0, "test", p["test"])
    frame.insert(0, "classifier", p["classifier"])
    frame.insert(0, "dataset", p["dataset"])
    tables.write_csv(frame, sm.output[0])
    log.info("%s %s test %d: original %.4f, null mean %.4f, mean p %.4f", p["dataset"], p["classifier"],
             p["test"], orig.mean(), null.mean() if len(null) else float("nan"), pm.pvalue(orig, null).mean())
