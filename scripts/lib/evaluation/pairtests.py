"""Per-split accuracies of two handicapped models -> per-trial significance tests (Neville 2009
Sec. 5.4 and 6; Wang 2011 Sec. 5.2). Shared by the relational study on synthetic networks
(scripts/relational_chunk.py) and the real-network study (scripts/realnet_chunk.py), with the
``network_tests`` readings both take (:func:`model_options`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..data import networks
from ..models import handicap, wvrn_nbc
from . import rsc, significance

#: The ``network_tests`` readings a job of the relational or the real-network study depends on
#: (Neville 2009 Sec. 5.1 and 5.4, Wang 2011 Sec. 4), with the pipeline's earlier choices as
#: defaults; the config sets them. ``handicap_stage`` is the reading ``relational.handicap_stage``
#: (Neville 2009 Sec. 5's synthetic experiments); the real-network study's handicap always acts
#: after inference.
MODEL_DEFAULTS = {
    "nbc_estimation": "laplace",
    "handicap_stage": "after",
    "rsc_q_estimate": "erred",
    "handicap_magnitude": "flip",
}


def model_options(models: dict | None) -> dict:
    """``models`` (the ``network_tests`` readings) completed with :data:`MODEL_DEFAULTS` and checked.

    Parameters
    ----------
    models : dict or None
        Some of the keys of :data:`MODEL_DEFAULTS`.

    Returns
    -------
    options : dict
        Every key of :data:`MODEL_DEFAULTS`, ``models``' values first.

    Raises
    ------
    ValueError
        If ``nbc_estimation``, ``handicap_stage`` or ``handicap_magnitude`` is not one of its
        readings (:data:`lib.models.wvrn_nbc.NBC_ESTIMATION`,
        :data:`lib.models.handicap.HANDICAP_STAGES`, ``HANDICAP_MAGNITUDES``).
    """
    options = {**MODEL_DEFAULTS, **(models or {})}
    if options["nbc_estimation"] not in wvrn_nbc.NBC_ESTIMATION:
        raise ValueError(f"nbc_estimation must be one of {sorted(wvrn_nbc.NBC_ESTIMATION)}")
    if options["handicap_stage"] not in handicap.HANDICAP_STAGES:
        raise ValueError(f"handicap_stage must be one of {handicap.HANDICAP_STAGES}")
    handicap.reading_strength(1.0, options["handicap_magnitude"])
    return options


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
        Perturbation keys of (wvRN, nBC) (:func:`lib.models.handicap.perturbation_keys`).
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
        (:func:`lib.models.handicap.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.handicap.perturb_with_keys`).
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
        unknown (:func:`lib.models.handicap.perturb_with_keys`), or if the arrays' shapes do not
        match.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.4 and 6 (paired and unpaired t-tests on wvRN vs
    nBC); Wang et al. 2011, Sec. 4 (RS-C correction and its parameters) and Sec. 5.2.
    """
    errors, out = {}, {}
    for name, p, k, c in (("wvrn", probs[0], keys[0], handicap_wvrn), ("nbc", probs[1], keys[1], handicap_nbc)):
        if c > 0:
            p, _ = handicap.perturb_with_keys(p, c, k, mask=test, strength=strength, selection=selection)
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
            chosen = handicap.chosen_nodes(c, keys[i], test, setting["selection"])
            out[i] = wvrn_nbc.infer_handicapped(
                model,
                adjacency,
                labels,
                train,
                chosen,
                strength=handicap.strengths(setting["strength"], keys[i]),
                smoothing=smoothing,
            )
    return tuple(out), (0.0, 0.0)


def score_handicaps(
    adjacency, labels, train, test, probs, keys, tie, handicaps, *, setting, head, stage, smoothing, q_method
):
    """Per-trial rows of one block of splits under each handicap setting.

    For each ``(c_wvrn, c_nbc)`` of ``handicaps``: the pair to score (:func:`handicapped_pair`),
    then its per-trial columns (:func:`score`).

    Parameters
    ----------
    adjacency, labels
        The network (:func:`score`).
    train, test : ndarray of bool, shape (trials * folds, n)
        Labeled and test set of each split of the block.
    probs, keys : pair of ndarray of shape (trials * folds, n)
        Unhandicapped ``P(+)`` and perturbation keys of (wvRN, nBC).
    tie : ndarray of shape (trials * folds, n)
        Class predicted on a tie.
    handicaps : iterable of (float, float)
        The ``(c_wvrn, c_nbc)`` settings.
    setting : dict
        ``trials``, ``alpha``, ``strength`` (the reading's, :func:`lib.models.handicap.reading_strength`)
        and ``selection``.
    head : dict
        The leading columns of every row (a value, or an array of shape ``(trials,)``); its
        ``sampler`` and ``folds`` are the block's and choose the tests.
    stage : {"after", "during"}
        Where the handicap acts (:func:`handicapped_pair`).
    smoothing : float
        nBC's pseudo-count (for ``stage = "during"``).
    q_method : {"erred", "moments"}
        RS-C's estimate of ``q`` (:func:`score`).

    Returns
    -------
    frames : list of pandas.DataFrame
        One per handicap setting, one row per trial: the ``head`` columns, ``handicap_wvrn``,
        ``handicap_nbc``, then the columns of :func:`score`.
    """
    frames = []
    for c_w, c_b in handicaps:
        pair, c_after = handicapped_pair(
            adjacency, labels, train, test, probs, keys, (c_w, c_b), setting, stage, smoothing
        )
        columns = score(
            adjacency,
            labels,
            pair,
            keys,
            test,
            tie,
            *c_after,
            head["sampler"],
            setting["alpha"],
            setting["trials"],
            head["folds"],
            setting["strength"],
            setting["selection"],
            q_method=q_method,
        )
        frames.append(pd.DataFrame({**head, "handicap_wvrn": c_w, "handicap_nbc": c_b, **columns}))
    return frames
