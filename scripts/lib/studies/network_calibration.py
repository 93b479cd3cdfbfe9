"""Leave-one-network-out calibration of a network set (the real-network study,
:mod:`lib.studies.realnet`; Neville 2009 Sec. 6, Wang et al. 2011 Sec. 5.2).

Every network of a set (:mod:`lib.data.network_sets`) is split into NCV folds at each labeling
level and both models (wvRN, nBC; :mod:`lib.models.wvrn_nbc`) are inferred once, all networks in
one block-diagonal batch (:func:`calibration_set`). For each held-out network the *other*
networks' splits then give the Type I handicap that brings the better model within the tolerance
of the other (:func:`calibrate_held_out`) and, for power, the mean accuracy difference at each nBC
handicap (:func:`power_differences`). The study's job :func:`lib.studies.realnet.calibrate` writes
them as one table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from ..data import network_sets
from ..evaluation import sampling
from ..models import handicap, wvrn_nbc


def pad_rows(x_per_network, width: int, fill=0):
    """Stack ``[(B, m_g)]`` arrays into ``(G, B, width)``, padding with ``fill``.

    Parameters
    ----------
    x_per_network : sequence of ndarray, each of shape (B, m_g)
        One array per network, all with ``B`` rows and at most ``width`` columns.
    width : int
        Common width ``W``.
    fill : scalar, default=0
        Value of the padding.

    Returns
    -------
    stacked : ndarray of shape (G, B, width)
        ``stacked[g, :, :m_g]`` is ``x_per_network[g]``; dtype of the first array.
    """
    first = np.asarray(x_per_network[0])
    out = np.full((len(x_per_network), first.shape[0], width), fill, dtype=first.dtype)
    for g, x in enumerate(x_per_network):
        out[g, :, : x.shape[1]] = x
    return out


@dataclass(frozen=True, eq=False)
class CalibrationSet:
    """Inferred calibration splits of every network of a set, padded to a common width.

    Arrays ``(G, R, W)``: ``probs_wvrn``, ``probs_nbc``, ``test``, ``tie``, ``labels``, ``keys``
    (the perturbation keys, common random numbers); ``level_of_row`` ``(R,)``: index of the
    labeling level of each row (rows: level x sample x fold).
    """

    probs_wvrn: np.ndarray
    probs_nbc: np.ndarray
    test: np.ndarray
    tie: np.ndarray
    labels: np.ndarray
    keys: np.ndarray
    level_of_row: np.ndarray


def calibration_set(
    split_rng, key_rng, netset: network_sets.NetworkSet, levels, samples: int, folds: int, smoothing: float = 1.0
) -> CalibrationSet:
    """Inferred calibration splits of every network of a set.

    Each network is sampled ``samples`` times into ``folds``-fold NCV sets; at each labeling
    level a labeled set per fold (:func:`lib.evaluation.sampling.ncv_training_sets`); wvRN and
    nBC are inferred (relaxation labeling) on all networks in one block-diagonal batch.

    Parameters
    ----------
    split_rng : numpy.random.Generator
        Draws the NCV folds and labeled sets.
    key_rng : numpy.random.Generator
        Draws the perturbation keys.
    netset : lib.data.network_sets.NetworkSet
        The ``G`` networks.
    levels : sequence of float
        Proportions of labeled nodes.
    samples : int
        NCV samplings per network.
    folds : int
        Folds per NCV sampling.
    smoothing : float
        nBC's pseudo-count (0: maximum likelihood; reading ``network_tests.nbc_estimation``).

    Returns
    -------
    cal : CalibrationSet
        Arrays of shape ``(G, R, W)`` with ``R = len(levels) * samples * folds`` rows (level x
        sample x fold) and ``W`` the largest network size; padding is 0.5 for the probabilities,
        False for ``test`` and 0 for ``tie`` and ``labels`` (``keys`` are drawn for every entry).
        ``level_of_row`` has shape ``(R,)``.

    Raises
    ------
    ValueError
        If ``folds`` or a level is infeasible for a network (:mod:`lib.evaluation.sampling`).

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 (each of the other schools sampled 10 times into
    10-fold NCV sets); Wang et al. 2011, Sec. 5.2.
    """
    G = len(netset)
    trains, tests = [], []
    for g in range(G):
        m = netset.sizes()[g]
        fold_of = sampling.ncv_fold_of(split_rng, samples, m, folds)  # (S, m)
        test = sampling.ncv_test_sets(fold_of, folds).reshape(-1, m)  # (S k, m)
        trains.append(
            np.concatenate([sampling.ncv_training_sets(split_rng, fold_of, pl, folds).reshape(-1, m) for pl in levels])
        )
        tests.append(np.tile(test, (len(levels), 1)))
    adjacency = sp.block_diag(netset.adjacency, format="csr")
    labels = np.concatenate(netset.labels)
    block = np.repeat(np.arange(G), netset.sizes())
    train_all = np.concatenate(trains, axis=1)
    probs_w, probs_b = wvrn_nbc.infer_pair(adjacency, labels, train_all, node_block=block, smoothing=smoothing)
    tie = wvrn_nbc.majority_class(labels, train_all, block)
    bounds = np.concatenate([[0], np.cumsum(netset.sizes())])
    width = max(netset.sizes())

    def split(x, fill=0):
        return pad_rows([x[:, bounds[g] : bounds[g + 1]] for g in range(G)], width, fill)

    rows = train_all.shape[0]
    return CalibrationSet(
        probs_wvrn=split(probs_w, 0.5),
        probs_nbc=split(probs_b, 0.5),
        test=pad_rows(tests, width, False),
        tie=split(np.asarray(tie)),
        labels=split(np.broadcast_to(labels, train_all.shape)),
        keys=handicap.perturbation_keys(key_rng, (G, rows, width)),
        level_of_row=np.repeat(np.arange(len(levels)), rows // len(levels)),
    )


def _rows_of(cal: CalibrationSet, networks_used, level: int):
    r = cal.level_of_row == level
    take = list(networks_used)

    def flat(x):
        return x[take][:, r].reshape(-1, x.shape[-1])

    return {k: flat(getattr(cal, k)) for k in ("probs_wvrn", "probs_nbc", "test", "tie", "labels", "keys")}


#: What a Type I calibration does when no handicap meets the tolerance (:func:`calibrate_held_out`,
#: :func:`lib.studies.realnet.calibrate`): ``raise`` -- stop with one sentence (the papers'
#: artifacts: their procedure or nothing); ``settle`` -- :func:`lib.models.handicap.settle_handicap`
#: (the ``yours`` target: no handicap when the gap is within its sampling error, else the handicap
#: leaving the smallest gap).
UNMET = ("raise", "settle")
#: The columns :func:`calibrate_held_out` adds to say how a calibration ended;
#: :func:`lib.studies.realnet.calibrate` writes them under ``unmet="settle"`` only, so the papers'
#: calibration tables keep their columns.
CASE_COLUMNS = ("calibration_case", "difference_unhandicapped_se")


def calibrate_held_out(
    cal: CalibrationSet,
    held_out: int,
    level: int,
    tol: float,
    strength: float,
    selection: str,
    unmet: str = "raise",
) -> dict:
    """Type I calibration for one held-out network.

    On the splits of every *other* network at ``level``, the handicap that brings the better
    model's mean accuracy within ``tol`` of the other's. Neville handicaps wvRN, the better model
    on his data; where nBC is the better one at ``c = 0`` (by more than ``tol``) it is nBC that is
    handicapped (the paper's rule "handicap the better performing model"). Where no handicap
    meets ``tol`` (both models at chance, labels without autocorrelation), ``unmet`` decides
    (:data:`UNMET`).

    Parameters
    ----------
    cal : CalibrationSet
        Inferred calibration splits of every network of the set (:func:`calibration_set`).
    held_out : int
        Index of the held-out (evaluation) network; the other networks' splits are used.
    level : int
        Index of the labeling level (into the ``levels`` of :func:`calibration_set`).
    tol : float
        Largest acceptable absolute accuracy difference, > 0.
    strength : float
        Perturbation strength in (0, 1] (:func:`lib.models.handicap.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.handicap.perturb_with_keys`).
    unmet : {"raise", "settle"}
        When no handicap meets ``tol``: raise, or settle
        (:func:`lib.models.handicap.settle_handicap`, with the standard error of the mean paired
        difference wvRN - nBC over the splits, taken as independent).

    Returns
    -------
    row : dict
        ``handicapped``, ``handicap_wvrn``, ``handicap_nbc``, ``accuracy_wvrn_unhandicapped``,
        ``accuracy_nbc_unhandicapped``, ``difference`` (mean accuracy wvRN - nBC after the
        handicap), ``splits`` (number of calibration splits used), ``evaluations`` (number of
        evaluations of the difference), ``calibration_case`` (one of
        :data:`lib.models.handicap.CALIBRATION_CASES`) and ``difference_unhandicapped_se`` (the
        standard error of the unhandicapped mean difference). ``handicapped`` is ``"wvrn"`` or
        ``"nbc"`` (the other model's handicap is 0), ``"none"`` when the gap was within its
        sampling error.

    Raises
    ------
    ValueError
        Under ``unmet="raise"``, when no handicap meets ``tol`` (a one-sentence message;
        :func:`lib.models.handicap.calibrate_handicap`); ``unmet`` unknown.

    Notes
    -----
    Neville, Gallagher & Eliassi-Rad 2009, Sec. 6 (calibrate on the remaining networks, measure
    Type I error on the held-out one; difference <= 0.005) and Sec. 5.3.
    """
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    common = dict(
        labels=d["labels"],
        test=d["test"],
        tie_handicapped=d["tie"],
        tie_other=d["tie"],
        strength=strength,
        selection=selection,
    )
    if unmet not in UNMET:
        raise ValueError(f"unmet must be one of {', '.join(UNMET)}, got {unmet!r}")
    per_split_w = wvrn_nbc.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"])
    per_split_b = wvrn_nbc.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"])
    acc_w, acc_b = float(per_split_w.mean()), float(per_split_b.mean())
    gaps = per_split_w - per_split_b
    # at least one other network x 2 folds: the SE is always defined
    gap_se = float(gaps.std(ddof=1) / np.sqrt(gaps.size))
    better = "wvrn" if acc_w - acc_b >= -tol else "nbc"
    if better == "wvrn":
        f = wvrn_nbc.handicap_difference(d["probs_wvrn"], d["probs_nbc"], keys=d["keys"], **common)
    else:
        f = wvrn_nbc.handicap_difference(d["probs_nbc"], d["probs_wvrn"], keys=d["keys"], **common)
    if unmet == "raise":
        found = handicap.calibrate_handicap(f, tol=tol)
    else:
        # the gap the difference function sees is the better model's, |acc_w - acc_b|: same SE
        found = handicap.settle_handicap(f, gap_se, tol=tol)
    c_w, c_b = (found.c, 0.0) if better == "wvrn" else (0.0, found.c)
    difference = found.difference if better == "wvrn" else -found.difference  # wvRN - nBC after
    return {
        "handicapped": "none" if found.case == handicap.WITHIN_SAMPLING_ERROR else better,
        "handicap_wvrn": c_w,
        "handicap_nbc": c_b,
        "accuracy_wvrn_unhandicapped": acc_w,
        "accuracy_nbc_unhandicapped": acc_b,
        "difference": difference,
        "splits": int(d["test"].shape[0]),
        "evaluations": len(found.evaluations),
        "calibration_case": found.case,
        "difference_unhandicapped_se": gap_se,
    }


def power_differences(
    cal: CalibrationSet, held_out: int, level: int, handicaps, strength: float, selection: str
) -> list[dict]:
    """Power calibration for one held-out network: accuracy difference per nBC handicap.

    The mean accuracy difference wvRN - nBC(c) on the other networks' splits for each nBC
    handicap ``c``; wvRN is not handicapped.

    Parameters
    ----------
    cal : CalibrationSet
        Inferred calibration splits of every network of the set (:func:`calibration_set`).
    held_out : int
        Index of the held-out (evaluation) network; the other networks' splits are used.
    level : int
        Index of the labeling level (into the ``levels`` of :func:`calibration_set`).
    handicaps : iterable of float
        nBC handicaps ``c`` in [0, 1].
    strength : float
        Perturbation strength in (0, 1] (:func:`lib.models.handicap.perturb_with_keys`).
    selection : {"exact", "bernoulli"}
        How the perturbed predictions are chosen (:func:`lib.models.handicap.perturb_with_keys`).

    Returns
    -------
    rows : list of dict
        One per handicap, with ``handicapped``, ``handicap_wvrn``, ``handicap_nbc``, ``accuracy_wvrn_unhandicapped``,
        ``accuracy_nbc_unhandicapped``, ``difference`` (mean accuracy wvRN - nBC after the
        handicap), ``splits`` (number of calibration splits used) and ``evaluations`` (number of
        evaluations of the difference); ``handicapped`` is ``"nbc"`` and ``evaluations`` 1.

    Raises
    ------
    ValueError
        If a handicap is outside [0, 1], ``strength`` outside (0, 1] or ``selection`` unknown.

    Notes
    -----
    Wang et al. 2011, Sec. 5.2 (power on real data, Fig. 3); the worse model (nBC) is perturbed as
    in Neville, Gallagher & Eliassi-Rad 2009, Sec. 5.3.
    """
    others = [g for g in range(cal.test.shape[0]) if g != held_out]
    d = _rows_of(cal, others, level)
    acc_w = float(wvrn_nbc.accuracy(d["probs_wvrn"], d["labels"], d["test"], d["tie"]).mean())
    acc_b = float(wvrn_nbc.accuracy(d["probs_nbc"], d["labels"], d["test"], d["tie"]).mean())
    f = wvrn_nbc.handicap_difference(
        d["probs_nbc"],
        d["probs_wvrn"],
        d["labels"],
        d["test"],
        d["keys"],
        tie_handicapped=d["tie"],
        tie_other=d["tie"],
        strength=strength,
        selection=selection,
    )
    return [
        {
            "handicapped": "nbc",
            "handicap_wvrn": 0.0,
            "handicap_nbc": float(c),
            "accuracy_wvrn_unhandicapped": acc_w,
            "accuracy_nbc_unhandicapped": acc_b,
            "difference": -f(c),
            "splits": int(d["test"].shape[0]),
            "evaluations": 1,
        }
        for c in handicaps
    ]


def job_options(config: Mapping) -> dict:
    """The ``network_tests`` options of a network study's job: every one but
    ``autocorrelation_measure``, which only chooses what two artifacts judge (Neville Table 1 and
    Fig. 1(c)), so that changing it reruns no study job."""
    tests = config["network_tests"]
    return {key: tests[key] for key in tests if key != "autocorrelation_measure"}
