"""Per-split accuracies of two handicapped models -> per-trial significance tests (Neville 2009
Sec. 5.4 and 6; Wang 2011 Sec. 5.2). Shared by the relational study on synthetic networks
(scripts/run_relational_chunk.py) and the real-network study (scripts/run_realnet_chunk.py).
"""
from __future__ import annotations

import numpy as np

from . import networks, relational, rsc, significance


def nanmean(x, axis):
    """Mean ignoring NaN; NaN where every value is NaN (no warning)."""
    ok = ~np.isnan(x)
    return np.where(ok.any(axis=axis), np.where(ok, x, 0).sum(axis=axis) / np.maximum(ok.sum(axis=axis), 1),
                    np.nan)


def score(adjacency, labels, probs, keys, test, tie, handicap_wvrn, handicap_nbc, sampler, alpha, trials,
          folds, strength, selection) -> dict:
    """Per-trial columns for one block of splits (rows = trials x folds, in that order) and one
    handicap setting.

    ``probs`` and ``keys`` are pairs (wvRN, nBC) of ``(trials * folds, n)`` arrays; ``test`` and
    ``tie`` ``(trials * folds, n)``. Each model's ``P(+)`` is perturbed with its handicap (fixed
    keys), errors are scored on the test sets, and the trial's ``folds`` accuracies go to the
    paired and unpaired t-tests and, for ``sampler == "RS"``, to Wang's RS-C (paired and unpaired;
    |L| and rho from the edges inside each test set, :func:`lib.relational.rsc_parameters`).
    Returns accuracies, test size, error correlation (phi over linked test pairs, mean of the two
    models and the folds), p-values and 0/1 rejections per test, and RS-C parameters.
    """
    errors, out = {}, {}
    for name, p, k, c in (("wvrn", probs[0], keys[0], handicap_wvrn), ("nbc", probs[1], keys[1], handicap_nbc)):
        if c > 0:
            p, _ = relational.perturb_with_keys(p, c, k, mask=test, strength=strength, selection=selection)
        errors[name] = relational.prediction_errors(p, labels, test, tie)
    size = test.sum(axis=1)
    acc = {name: (1.0 - e.sum(axis=1) / size).reshape(trials, folds) for name, e in errors.items()}
    out["accuracy_wvrn"], out["accuracy_nbc"] = acc["wvrn"].mean(axis=1), acc["nbc"].mean(axis=1)
    out["accuracy_difference"] = out["accuracy_wvrn"] - out["accuracy_nbc"]
    out["test_size"] = size.reshape(trials, folds).mean(axis=1)
    phi = np.stack([networks.error_correlation(adjacency, e, test) for e in errors.values()])
    out["error_correlation"] = nanmean(phi.reshape(2, trials, folds), axis=(0, 2))
    results = {"paired_t": significance.paired_t(acc["wvrn"], acc["nbc"], alpha),
               "unpaired_t": significance.unpaired_t(acc["wvrn"], acc["nbc"], alpha)}
    if sampler == "RS":
        membership = test.reshape(trials, folds, -1)
        params = {name: relational.rsc_parameters(adjacency, membership, e.reshape(trials, folds, -1))
                  for name, e in errors.items()}
        err_w, err_b = 1.0 - acc["wvrn"], 1.0 - acc["nbc"]
        for test_name, test_fn in (("rsc_paired", rsc.rsc_paired), ("rsc_unpaired", rsc.rsc_unpaired)):
            t, pvalue, reject = test_fn(err_w, err_b, params["wvrn"], params["nbc"], alpha)
            results[test_name] = significance.TestResult(t, pvalue, reject)
        for name in ("wvrn", "nbc"):
            for key in ("p", "q", "rho", "L"):
                out[f"rsc_{key}_{name}"] = params[name][key]
    for test_name, result in results.items():
        out[f"p_{test_name}"] = result.pvalue
        out[f"reject_{test_name}"] = result.reject.astype(np.int8)
    return out
