"""Rule script: Ojala & Garriga 2009 Figure 3 -- one classifier and one test over the grid of
within-class correlations rho (Sec. IV): 100 points from N((1,0), [[1,rho],[rho,1]]) labelled
+1 and 100 from N((-1,0), same) labelled -1; stratified 10-fold CV error."""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy (lib/evaluation/permutation_tests.py docstring)

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from lib.core import runlog, seeding, tables  # noqa: E402
from lib.models import weka_like as wl  # noqa: E402
from lib.evaluation import permutation_tests as pm  # noqa: E402
from lib.studies import permutation


def gaussian_pair(rho: float, per_class: int, rng: np.random.Generator):
    """Class +1 (code 0) around (1, 0), class -1 (code 1) around (-1, 0); unit variances and
    correlation rho (x2 = rho z1 + sqrt(1 - rho^2) z2, exact also at rho = +-1)."""
    z = rng.standard_normal((2 * per_class, 2))
    X = np.column_stack([z[:, 0], rho * z[:, 0] + np.sqrt(max(0.0, 1.0 - rho * rho)) * z[:, 1]])
    X[:per_class, 0] += 1.0
    X[per_class:, 0] -= 1.0
    return X, np.repeat([0, 1], per_class)


sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_fig3_chunk") as log:
    d = sm.params.data
    classifier, test = sm.wildcards.classifier, int(sm.wildcards.test)
    k = int(sm.params.randomizations)
    rng = seeding.generator(sm.params.entropy)
    frames = []
    for i, rho in enumerate(d["rho"]):
        drng = seeding.generator([*sm.params.data_entropy, i])  # data + original folds: per rho only
        X, y = gaussian_pair(float(rho), d["points_per_class"], drng)
        folds = np.array([pm.stratified_folds(y, d["folds"], drng) for _ in range(d["repetitions"])])
        orig, null = permutation.study_errors(classifier, X, y, wl.AttributeSpec.numeric(2), test, folds, k, rng,
                                     tie_rule=sm.params.tie_rule, svm_solver=sm.params.svm_solver)
        frames.append(pd.DataFrame({
            "classifier": classifier, "test": test, "rho": float(rho),
            "kind": ["original"] * len(orig) + ["randomized"] * len(null),
            "index": np.r_[np.arange(len(orig)), np.arange(len(null))], "error": np.r_[orig, null]}))
        log.info("rho %.2f: original %.3f null mean %.3f", rho, orig.mean(), null.mean() if k else np.nan)
    tables.write_csv(pd.concat(frames, ignore_index=True), sm.output[0])
