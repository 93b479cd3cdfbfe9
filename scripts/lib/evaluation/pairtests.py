"""Per-split accuracies of two handicapped models -> per-trial significance tests (Neville 2009
Sec. 5.4 and 6; Wang 2011 Sec. 5.2). Shared by the relational study on synthetic networks
(scripts/relational_chunk.py) and the real-network study (scripts/realnet_chunk.py).
"""

from __future__ import annotations

import numpy as np

from ..data import networks
from ..models import wvrn_nbc
from . import rsc, significance


def nanmean(x, axis):
    """Mean ignoring NaN; NaN where every value is NaN (no warning).

    Parameters
    ----------
    x : ndarray of float
        Values.
    axis : int or tuple of int
        Axis or axes to average over.

    Returns
    -------
    mean : ndarray of float
        ``x`` averaged over ``axis`` with NaN values left out; NaN where all are NaN.
    """
    ok = ~np.isnan(x)
    return np.where(ok.any(axis=axis), np.where(ok, x, 0).sum(axis=axis) / np.maximum(ok.sum(axis=axis), 1), np.nan)


def score(
    adjacency,
    labels,
    probs,
    keys,
    test,
    tie,
    handicap_wvrn,
    handicap_nbc,
    sampler,
    alpha,
    trials,
    folds,
    strength,
    selection,
    q_method: str = "erred",
) -> dict:
    """Per-trial columns for one block of splits and one handicap setting.

    Each model's ``P(+)`` is perturbed with its handicap (fixed keys), errors are scored on the
    test sets, and the trial's ``folds`` accuracies go to the paired and unpaired t-tests and, for
    ``sampler == "RS"``, to Wang's RS-C (paired and unpaired; |L| and rho from the edges inside
    each test set, :func:`lib.evaluation.rsc.estimate_network_parameters`).

    Parameters
    ----------
    adjacency : scipy.sparse matrix of shape (n, n)
        Symmetric 0/1 adjacency of the network.
    labels : ndarray of shape (n,)
        True 0/1 class labels.
    probs : pair of ndarray of shape (trials * folds, n)
        Unhandicapped ``P(+)`` of (wvRN, nBC); rows are trials x folds, in that order.
    keys : pair of ndarray of shape (trials * folds, n)
        Perturbation keys of (wvRN, nBC) (:func:`lib.models.wvrn_nbc.perturbation_keys`).
    test : ndarray of bool, shape (trials * folds, n)
        Test set of each split.
    tie : ndarray of shape (trials * folds, n)
        Class predicted on a tie (``P(+) = 0.5``), per split and node
        (:func:`lib.models.wvrn_nbc.majority_class`).
    handicap_wvrn, handicap_nbc : float
        Handicap ``c`` in [0, 1] of each model; 0 leaves its predictions unperturbed.
    sampler : str
        ``"RS"`` adds the RS-C tests; any other value (``"NCV"``) gives only the t-tests.
    alpha : float
        Significance level of every test.
    trials, folds : int
        Number of trials in the block and of splits (folds) per trial.
    strength : float or "uniform"
        Perturbation strength in (0, 1], or a Uniform(0, 1) magnitude per prediction
        (:func:`lib.models.wvrn_nbc.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.wvrn_nbc.perturb_with_keys`).
    q_method : {"erred", "moments"}
        RS-C's estimate of ``q`` (reading ``network_tests.rsc_q_estimate``,
        :func:`lib.evaluation.rsc.estimate_parameters`).

    Returns
    -------
    columns : dict of str to ndarray of shape (trials,)
        ``accuracy_wvrn``, ``accuracy_nbc`` (mean accuracy over the folds), ``accuracy_difference``
        (wvRN - nBC), ``test_size`` (mean test-set size), ``error_correlation`` (phi over linked
        test pairs, mean of the two models and the folds, NaN values ignored), ``p_<test>`` and
        ``reject_<test>`` (0/1, int8) for ``paired_t``, ``unpaired_t`` and, for RS,
        ``rsc_paired`` and ``rsc_unpaired``; for RS also the RS-C parameters
        ``rsc_<p|q|rho|L>_<wvrn|nbc>``.

    Raises
    ------
    ValueError
        If a positive handicap is above 1, ``strength`` is outside (0, 1] or ``selection`` is
        unknown (:func:`lib.models.wvrn_nbc.perturb_with_keys`), or if the arrays' shapes do not
        match.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.4 and 6 (paired and unpaired t-tests on wvRN vs
    nBC); Wang et al. 2011, Sec. 4 (RS-C correction and its parameters) and Sec. 5.2.
    """
    errors, out = {}, {}
    for name, p, k, c in (("wvrn", probs[0], keys[0], handicap_wvrn), ("nbc", probs[1], keys[1], handicap_nbc)):
        if c > 0:
            p, _ = wvrn_nbc.perturb_with_keys(p, c, k, mask=test, strength=strength, selection=selection)
        errors[name] = wvrn_nbc.prediction_errors(p, labels, test, tie)
    size = test.sum(axis=1)
    acc = {name: (1.0 - e.sum(axis=1) / size).reshape(trials, folds) for name, e in errors.items()}
    out["accuracy_wvrn"], out["accuracy_nbc"] = acc["wvrn"].mean(axis=1), acc["nbc"].mean(axis=1)
    out["accuracy_difference"] = out["accuracy_wvrn"] - out["accuracy_nbc"]
    out["test_size"] = size.reshape(trials, folds).mean(axis=1)
    phi = np.stack([networks.error_correlation(adjacency, e, test) for e in errors.values()])
    out["error_correlation"] = nanmean(phi.reshape(2, trials, folds), axis=(0, 2))
    results = {
        "paired_t": significance.paired_t(acc["wvrn"], acc["nbc"], alpha),
        "unpaired_t": significance.unpaired_t(acc["wvrn"], acc["nbc"], alpha),
    }
    if sampler == "RS":
        membership = test.reshape(trials, folds, -1)
        params = {
            name: rsc.estimate_network_parameters(
                adjacency, membership, e.reshape(trials, folds, -1), q_method=q_method
            )
            for name, e in errors.items()
        }
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


def handicapped_pair(adjacency, labels, train, test, probs, keys, handicaps, setting, stage, smoothing):
    """The (wvRN, nBC) probabilities to score and the handicaps :func:`score` still has to apply:
    under ``stage = "after"`` the stored probabilities and ``handicaps`` (perturbed when scored);
    under ``"during"`` each handicapped model re-inferred with its chosen nodes perturbed inside
    relaxation labeling (``setting``: ``strength``, ``selection``; ``smoothing``: nBC's
    pseudo-count), and handicaps 0."""
    if stage == "after":
        return probs, handicaps
    out = list(probs)
    for i, (model, c) in enumerate(zip(("wvrn", "nbc"), handicaps)):
        if c > 0:
            chosen = wvrn_nbc.chosen_nodes(c, keys[i], test, setting["selection"])
            out[i] = wvrn_nbc.infer_handicapped(
                model,
                adjacency,
                labels,
                train,
                chosen,
                strength=wvrn_nbc.strengths(setting["strength"], keys[i]),
                smoothing=smoothing,
            )
    return tuple(out), (0.0, 0.0)
