"""The handicap: perturbing a fraction ``c`` of a model's predictions toward the opposite class,
and the calibration of ``c`` that equalises two models (Neville et al. 2009, Sec. 5.3; Wang et
al. 2011, Sec. 5.2).

References
----------
- [N09] Neville, Gallagher, Eliassi-Rad, ICDM 2009, Sec. 5.3 (handicap, calibration), 5.4.
- [W11] Wang, Neville, Gallagher, Eliassi-Rad, ECML PKDD 2011, Sec. 5.2.

Layering
--------
This module works on arrays of ``P(+)`` and knows no classifier: the perturbation primitives
(keys, selection, strengths, :func:`perturb`) and the search for ``c`` (:func:`calibrate_handicap`,
:func:`settle_handicap`), which take any deterministic accuracy difference ``f(c)``. The relational
classifiers (:mod:`lib.models.wvrn_nbc`) import it, for the handicap inside relaxation labeling
(reading ``network_tests.handicap_stage = during``) and for the difference of the stage ``after``
(``wvrn_nbc.handicap_difference``, which scores perturbed predictions with the classifiers' own
accuracy and ties); nothing here imports them back, so the two stay one idea each without a cycle.

Modelling choices (each checked in tests/models/test_handicap.py)
------------------------------------------------------------
- **Handicap** [N09 Sec. 5.3; W11 Sec. 5.2]: "randomly selecting c% of its predictions and
  perturbing those probabilities toward the opposite class". Among the test nodes of each
  configuration, each is chosen independently with probability c (``selection="bernoulli"``,
  default) or exactly ``round(c n_test)`` (half up) are chosen uniformly (``"exact"``); their
  ``P(+)`` moves a fraction ``strength`` of the way to ``1 - P(+)``: ``p' = p + strength (1 - 2p)``.
  Why Bernoulli by default: with "exact", every configuration with the same test-set size gains
  a flip at the same ``c``, so the mean accuracy falls in steps of about ``(2 acc - 1) / n_test``;
  for NCV on 300 nodes (``n_test = 30``) that is 0.015-0.02, wider than the +-0.005 band, and the
  calibration failed at 2 of 4 and at 1 of 4 labeling levels in two trials with 50 networks x
  10 folds, while "bernoulli" met it at all of them (tests reproduce a smaller case). The default
  ``strength = 1`` flips the probability, which flips the predicted label whenever ``p != 0.5``;
  labels change only for ``strength > 0.5``. The paper says only "toward the opposite class"
  (reading ``network_tests.handicap_magnitude``): ``flip`` moves every chosen prediction by
  ``strength`` (1: all the way), ``uniform`` by its own ``U ~ Uniform(0, 1)``
  (``strength = "uniform"``, :func:`strengths`), so a perturbed prediction changes its label
  only when ``U > 0.5``.
- **Magnitudes without draws**: under ``uniform`` each node's ``U`` is read from the 27 low bits of
  its perturbation key (a key is 53 random bits; selection compares the key with ``c`` and is
  decided by its 26 high bits except with probability ``2^-26``), so the reading draws nothing:
  both alternatives see the same keys, the same chosen nodes and every other number unchanged,
  and the comparison between them is paired.
- **Common random numbers**: the selection depends on one uniform key per (configuration, node),
  drawn once (:func:`perturbation_keys`); the chosen set for ``c`` is the nodes with the
  smallest keys (``"exact"``) or keys below ``c`` (``"bernoulli"``), so it grows with ``c`` (nested
  sets). Re-evaluating the mean accuracy at the same ``c`` gives the same number, and raising
  ``c`` only adds flips, each lowering accuracy with probability = accuracy, so the mean accuracy
  difference is a deterministic, nearly monotone step function of ``c`` that bisection can solve
  (:func:`calibrate_handicap`). With fresh draws per evaluation the difference would carry noise
  of order ``sqrt(c / (B n_test))`` that can exceed the 0.005 tolerance and break bisection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

SELECTIONS = ("exact", "bernoulli")
#: Reading ``network_tests.handicap_stage``: where the handicap perturbs a model's predictions.
HANDICAP_STAGES = ("after", "during")
#: Reading ``network_tests.handicap_magnitude``: how far a perturbed prediction moves toward the
#: opposite class, by the study's ``strength`` (``flip``) or by ``U ~ Uniform(0, 1)`` per node.
HANDICAP_MAGNITUDES = ("flip", "uniform")
#: The ``strength`` that asks for a magnitude of its own per node (:func:`strengths`).
UNIFORM = "uniform"


# ----------------------------------------------------------------------------- perturbation


def perturbation_keys(rng: np.random.Generator, shape) -> np.ndarray:
    """One uniform key per (configuration, node): the common random numbers of the handicap."""
    return rng.random(shape)


def check_handicap(c, strength, selection):
    """Raise ``ValueError`` unless ``c`` is in [0, 1], ``strength`` in (0, 1] (a number, per-node
    numbers in [0, 1], or ``"uniform"``) and ``selection`` one of :data:`SELECTIONS`."""
    if not 0.0 <= float(c) <= 1.0:
        raise ValueError(f"the handicap c must lie in [0, 1], got {c}")
    if isinstance(strength, str):
        if strength != UNIFORM:
            raise ValueError(f"strength must be a number in (0, 1] or {UNIFORM!r}, got {strength!r}")
    elif not np.all((0.0 <= np.asarray(strength, float)) & (np.asarray(strength, float) <= 1.0)):
        raise ValueError(f"strength must lie in (0, 1], got {strength}")
    elif np.ndim(strength) == 0 and not float(strength) > 0.0:
        raise ValueError(f"strength must lie in (0, 1], got {strength}")
    if selection not in SELECTIONS:
        raise ValueError(f"selection must be one of {SELECTIONS}, got {selection!r}")


def selection_ranks(keys, mask):
    """Rank of each masked node's key within its row (0 = smallest); ``n`` outside the mask.
    Also the number of masked nodes per row."""
    order = np.argsort(np.where(mask, keys, np.inf), axis=1, kind="stable")
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.arange(order.shape[1])[None, :], axis=1)
    ranks = np.where(mask, ranks, order.shape[1])
    return ranks, mask.sum(axis=1)


def select(c, keys, mask, selection, ranks=None, sizes=None):
    """The nodes handicap ``c`` chooses, unchecked (:func:`chosen_nodes` checks); ``ranks`` and
    ``sizes`` from :func:`selection_ranks`, computed once when ``c`` varies over the same keys."""
    if selection == "bernoulli":
        return mask & (keys < c)
    if ranks is None:
        ranks, sizes = selection_ranks(keys, mask)
    count = np.floor(c * sizes + 0.5).astype(np.int64)  # round half up
    return ranks < count[:, None]


def perturb(probs, chosen, strength):
    """``p' = p + strength (1 - 2p)`` where ``chosen``, ``p`` elsewhere."""
    return np.where(chosen, probs + strength * (1.0 - 2.0 * probs), probs)


def key_magnitudes(keys) -> np.ndarray:
    """``U ~ Uniform(0, 1)`` per key, read from its 27 low bits (module docstring: the keys'
    26 high bits decide the selection, so the two are independent but for ``2^-26``). A key of
    :func:`perturbation_keys` is ``m 2^-53`` with ``m`` a 53-bit integer; ``key 2^26`` is exact in
    float64 and its fractional part is the low 27 bits over ``2^27``."""
    return np.modf(np.asarray(keys, dtype=np.float64) * 2.0**26)[0]


def reading_strength(strength, magnitude: str):
    """The ``strength`` a study passes on under reading ``handicap_magnitude``: its own number
    under ``flip``, ``"uniform"`` under ``uniform``. The reading is a model option, not part of a
    job's setting, so it enters no seed."""
    if magnitude not in HANDICAP_MAGNITUDES:
        raise ValueError(f"handicap_magnitude must be one of {HANDICAP_MAGNITUDES}, got {magnitude!r}")
    return UNIFORM if magnitude == "uniform" else strength


def handicap_words(magnitude: str, strength: float = 1.0) -> str:
    """How a handicap moves a chosen prediction under reading ``handicap_magnitude``, in a caption's
    words ("flips P(+)")."""
    if reading_strength(strength, magnitude) == UNIFORM:
        return "moves P(+) toward 1 − P(+) by its own U ~ Uniform(0, 1)"
    return "flips P(+)" if strength == 1 else f"moves P(+) {strength:g} of the way to 1 − P(+)"


def strengths(strength, keys):
    """How far each prediction moves if chosen: ``strength`` itself (a number, reading
    ``handicap_magnitude = flip``), or for ``strength = "uniform"`` each key's own magnitude
    (:func:`key_magnitudes`, shaped like ``keys``)."""
    if isinstance(strength, str):
        check_handicap(0.0, strength, SELECTIONS[0])
        return key_magnitudes(keys)
    return float(strength)


def perturb_with_keys(probs, c: float, keys, *, mask=None, strength: float = 1.0, selection: str = "bernoulli"):
    """Handicap ``c`` ([N09] Sec. 5.3) with given keys: returns ``(perturbed probs, chosen)``.

    Parameters
    ----------
    probs : array_like, shape (B, n) or (n,)
        ``P(+)`` of the handicapped model.
    c : float in [0, 1]
        Fraction of the predictions to perturb.
    keys : array_like, shape like ``probs``
        Uniform(0, 1) keys from :func:`perturbation_keys`; hold them fixed across ``c``.
    mask : array_like of bool, optional
        The predictions that count (the test set); all nodes when omitted.
    strength : float in (0, 1], or "uniform"
        ``p' = p + strength (1 - 2p)``; 1 flips ``p`` to ``1 - p``; "uniform" moves each chosen
        prediction by its own ``U ~ Uniform(0, 1)`` (:func:`strengths`).
    selection : {"exact", "bernoulli"}
        ``"exact"``: the ``round(c n_mask)`` (half up) masked nodes with the smallest keys;
        ``"bernoulli"``: the masked nodes with ``key < c``.
    """
    check_handicap(c, strength, selection)
    p = np.asarray(probs, dtype=np.float64)
    k = np.asarray(keys, dtype=np.float64)
    if k.shape != p.shape:
        raise ValueError(f"keys must have the shape of probs {p.shape}, got {k.shape}")
    m = np.ones(p.shape, bool) if mask is None else np.broadcast_to(np.asarray(mask, bool), p.shape)
    p2, k2, m2 = np.atleast_2d(p), np.atleast_2d(k), np.atleast_2d(m)
    chosen = select(float(c), k2, m2, selection)
    out = perturb(p2, chosen, strengths(strength, k2))
    return (out[0], chosen[0]) if p.ndim == 1 else (out, chosen)


def chosen_nodes(c: float, keys, mask, selection: str = "bernoulli") -> np.ndarray:
    """The nodes handicap ``c`` perturbs (the set :func:`perturb_with_keys` would perturb), ``(B, n)``."""
    check_handicap(c, 1.0, selection)
    k, m = np.atleast_2d(np.asarray(keys, dtype=np.float64)), np.atleast_2d(np.asarray(mask, bool))
    return select(float(c), k, np.broadcast_to(m, k.shape), selection)


# ----------------------------------------------------------------------------- calibration


#: How a calibration ended (:class:`Calibration`): a handicap met the tolerance (the papers'
#: procedure; ``c = 0`` when the models already were within it); bisection could not get there,
#: and the unhandicapped gap was within its sampling error, so nothing is handicapped; bisection
#: could not get there, the gap was real, and no handicap of a grid meets the tolerance either, so
#: the handicap that leaves the smallest gap is used (:func:`settle_handicap`).
MET_TOLERANCE, WITHIN_SAMPLING_ERROR, SMALLEST_GAP = "met_tolerance", "within_sampling_error", "smallest_gap"
CALIBRATION_CASES = (MET_TOLERANCE, WITHIN_SAMPLING_ERROR, SMALLEST_GAP)
#: An unhandicapped gap within this many standard errors of zero is not told apart from no gap
#: (about a 95 % interval): :func:`settle_handicap` then handicaps nothing.
SAMPLING_ERROR_SES = 2.0
#: Handicaps tried on an even grid over [0, 1] when no handicap meets the tolerance and the one
#: leaving the smallest gap is sought (:func:`settle_handicap`), besides the bisection's own.
SMALLEST_GAP_GRID = 201


@dataclass(frozen=True)
class Calibration:
    """Result of :func:`calibrate_handicap` or :func:`settle_handicap`: the handicap ``c``, the
    accuracy difference there, every ``(c, difference)`` evaluated, in order, and how the
    calibration ended (one of :data:`CALIBRATION_CASES`)."""

    c: float
    difference: float
    evaluations: tuple
    case: str = MET_TOLERANCE


class HandicapUnmet(ValueError):
    """No handicap ``c`` in [0, 1] meets the tolerance (:func:`calibrate_handicap`); the message is
    one sentence, ``evaluations`` every ``(c, difference)`` tried, in order (``c = 0`` first)."""

    def __init__(self, message: str, evaluations):
        super().__init__(message)
        self.evaluations = tuple(evaluations)


def calibrate_handicap(
    difference: Callable[[float], float], tol: float = 0.005, xtol: float = 1e-9, max_evaluations: int = 200
) -> Calibration:
    """Find ``c`` in [0, 1] with ``|difference(c)| <= tol`` by bisection ([N09] Sec. 5.3: handicap
    the better model "until the performance difference of the models was <= 0.005").

    ``difference(c)`` is the mean accuracy of the handicapped model at ``c`` minus the other's
    (:func:`lib.models.wvrn_nbc.handicap_difference`); it must be deterministic (fixed keys) and should decrease
    in ``c``. Bisection keeps ``difference(lo) > tol`` and ``difference(hi) < -tol`` and returns the
    first point inside the tolerance. Raises :class:`HandicapUnmet` (a ``ValueError``) when the
    handicapped model is already worse at ``c = 0``, when even ``c = 1`` leaves it better (e.g. both
    models at chance: perturbing a chance-level prediction moves its accuracy nowhere), or when the
    bracket shrinks below ``xtol`` without meeting the tolerance (the difference jumps across the
    band: too few test predictions per configuration for ``selection="exact"``, or a noisy
    ``difference``); ``ValueError`` for a wrong setup.
    """
    if not float(tol) > 0.0:
        raise ValueError(f"tol must be > 0, got {tol}")
    if not 0.0 < float(xtol) < 1.0:
        raise ValueError(f"xtol must lie in (0, 1), got {xtol}")
    evaluations = []
    f = _recorded(difference, evaluations)

    def done(c, d):
        return Calibration(float(c), d, tuple(evaluations))

    d_lo = f(0.0)
    if abs(d_lo) <= tol:
        return done(0.0, d_lo)
    if d_lo < 0:
        raise HandicapUnmet(
            f"the handicapped model is already worse without a handicap "
            f"(difference {d_lo:+.4f} at c=0, tol {tol}); handicap the better model",
            evaluations,
        )
    d_hi = f(1.0)
    if abs(d_hi) <= tol:
        return done(1.0, d_hi)
    if d_hi > 0:
        raise HandicapUnmet(
            f"perturbing every prediction still leaves the handicapped model better "
            f"(difference {d_hi:+.4f} at c=1, tol {tol}); no c in [0, 1] equalises "
            f"them",
            evaluations,
        )
    lo, hi = 0.0, 1.0
    while hi - lo > xtol and len(evaluations) < max_evaluations:
        mid = 0.5 * (lo + hi)
        d = f(mid)
        if abs(d) <= tol:
            return done(mid, d)
        if d > 0:
            lo, d_lo = mid, d
        else:
            hi, d_hi = mid, d
    raise HandicapUnmet(
        f"no handicap c meets |difference| <= {tol}: the difference jumps from "
        f"{d_lo:+.4f} to {d_hi:+.4f} between c={lo:.9f} and c={hi:.9f}; use more or "
        f"larger test sets, selection='bernoulli', or a larger tol",
        evaluations,
    )


def _recorded(difference: Callable[[float], float], evaluations: list) -> Callable[[float], float]:
    """``difference`` checked finite, each ``(c, value)`` appended to ``evaluations``."""

    def f(c):
        d = float(difference(c))
        if not np.isfinite(d):
            raise ValueError(f"difference({c}) returned {d}; it must be a finite number")
        evaluations.append((float(c), d))
        return d

    return f


def settle_handicap(
    difference: Callable[[float], float],
    gap_se: float,
    tol: float = 0.005,
    *,
    sampling_error_ses: float = SAMPLING_ERROR_SES,
    grid: int = SMALLEST_GAP_GRID,
    xtol: float = 1e-9,
    max_evaluations: int = 200,
) -> Calibration:
    """:func:`calibrate_handicap`, with a decision instead of an error where no handicap meets ``tol``.

    The papers calibrate until the gap is within ``tol``; on a network whose labels carry no
    autocorrelation both models sit at chance, and perturbing a chance-level prediction moves its
    accuracy nowhere, so no handicap can get there. Then:

    * the unhandicapped gap ``difference(0)`` is within ``sampling_error_ses`` standard errors
      ``gap_se`` of zero: the calibration splits cannot tell the models apart, so nothing is
      handicapped (``c = 0``, case :data:`WITHIN_SAMPLING_ERROR`) -- a handicap fitted to that
      noise would equalise nothing on another network;
    * otherwise the gap is real: the handicap ``c`` with the smallest ``|difference(c)|`` among the
      bisection's points and an even grid of ``grid`` values over [0, 1] (the smallest such ``c`` on
      a tie). Near chance the difference need not fall with ``c`` (flipping a prediction right or
      wrong at random), so bisection can miss a ``c`` that the grid finds within ``tol``: case
      :data:`MET_TOLERANCE` then; otherwise case :data:`SMALLEST_GAP`, where the null hypothesis of
      equal accuracy does not hold to within ``tol``, and a caller must say so.

    Where bisection meets ``tol`` the result is :func:`calibrate_handicap`'s, number for number.

    Parameters
    ----------
    difference : callable
        As for :func:`calibrate_handicap`.
    gap_se : float
        Standard error of the unhandicapped gap (e.g. of the mean paired accuracy difference over
        the calibration splits), finite and >= 0.
    tol, xtol, max_evaluations
        As for :func:`calibrate_handicap`.
    sampling_error_ses : float
        How many standard errors count as sampling error (:data:`SAMPLING_ERROR_SES`).
    grid : int
        Grid points over [0, 1] searched for the smallest gap, at least 2.

    Returns
    -------
    Calibration
        With ``case`` one of :data:`CALIBRATION_CASES`.

    Raises
    ------
    ValueError
        A wrong setup (``tol``, ``xtol``, ``gap_se``, ``grid``, a non-finite difference).
    """
    if not (np.isfinite(gap_se) and float(gap_se) >= 0.0):
        raise ValueError(f"gap_se must be a finite number >= 0, got {gap_se}")
    if int(grid) < 2:
        raise ValueError(f"grid must be at least 2, got {grid}")
    try:
        return calibrate_handicap(difference, tol, xtol, max_evaluations)
    except HandicapUnmet as unmet:
        evaluations = list(unmet.evaluations)
    gap = dict(evaluations)[0.0]  # calibrate_handicap evaluates c = 0 first
    if abs(gap) <= float(sampling_error_ses) * float(gap_se):
        return Calibration(0.0, gap, tuple(evaluations), WITHIN_SAMPLING_ERROR)
    f = _recorded(difference, evaluations)
    tried = {c for c, _ in evaluations}
    for c in np.linspace(0.0, 1.0, int(grid)):
        if float(c) not in tried:
            f(float(c))
    c, d = min(evaluations, key=lambda e: (abs(e[1]), e[0]))
    return Calibration(c, d, tuple(evaluations), MET_TOLERANCE if abs(d) <= tol else SMALLEST_GAP)
