"""Network-only classifiers with and without collective inference for Neville et al. (2009)
Sec. 2 / Table 1: the non-learning relational neighbour classifier (wvRN, [MP07]) and the
learning link-based classifier of Lu & Getoor (2003), batched over labeled sets.

References
----------
- [N09] Neville, Gallagher, Eliassi-Rad, ICDM 2009, Sec. 2 and Table 1: "a non learning
  relational neighbor classifier [13] and a learning link based classifier [12] ... both with and
  without collective inference".
- [LG03] Q. Lu, L. Getoor, "Link-based classification", ICML 2003: logistic regression on
  aggregated neighbour labels; "count-link" = the number of neighbours of each class.
- [MP07] Macskassy & Provost, JMLR 2007 (wvRN, relaxation labeling; see :mod:`lib.models.wvrn_nbc`).

Choices (the papers do not give them; each is tested in tests/models/test_linkbased.py)
--------------------------------------------------------------------------------
- **Features** ([LG03] count-link, network only: no word attributes): for node ``i``,
  ``x_i = (1, n_i(+), n_i(-))`` with ``n_i(c)`` the number of neighbours of class ``c``. Without
  collective inference only *labeled* neighbours are counted; with it, an unlabeled neighbour
  contributes its current estimate (``n_i(+) = sum_j A_ij P_j``, ``n_i(-) = deg_i - n_i(+)``,
  expected counts).
- **Learning**: the labeled nodes are the training set, each with the counts of its *labeled*
  neighbours (the only labels known at training time). Logistic regression with an L2 penalty
  ``(l2 / 2) ||w||^2`` on the two count weights (not the intercept): scikit-learn's
  ``LogisticRegression(C=1/l2)``, default ``l2 = 1``. Fitted by Newton's method, vectorised over
  configurations (one 3x3 solve per configuration and step). A labeled set of one class has no
  finite optimum for the intercept; Newton stops after ``iterations`` steps with the intercept
  large and of the right sign (predictions all of that class), which is the limit.
- **Collective inference**: relaxation labeling with the schedule of :mod:`lib.models.wvrn_nbc`
  (NetKit defaults), started at the class prior of the labeled set, the model fixed; labeled nodes
  keep their labels. [LG03] use iterative classification (ICA) with hard labels; relaxation
  labeling is the soft, annealed variant used for every model of this project.
- **wvRN without collective inference**: ``P(+) = mean label of the labeled neighbours``; a node
  without labeled neighbours gets the class prior of the labeled set (no evidence).
- Predictions, ties and errors as in :mod:`lib.models.wvrn_nbc` (``P(+) > 0.5``; ties to the labeled
  set's majority class).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import expit

from . import wvrn_nbc
from .wvrn_nbc import Schedule

CLASSIFIERS = ("wvRN", "LR")


@dataclass(frozen=True, eq=False)
class LRParams:
    """Link-based logistic regression per configuration: ``coef[b] = (intercept, w_pos, w_neg)``,
    shape ``(B, 3)``; ``iterations`` Newton steps taken; ``converged`` per configuration."""

    coef: np.ndarray
    iterations: int
    converged: np.ndarray


def _prepare(adjacency, labels, labeled):
    adj, y, lab, _, squeeze = wvrn_nbc._prepare(adjacency, labels, labeled, None)
    return adj, y, lab, squeeze  # lab: (n, B) bool


def _labeled_counts(adj, y, lab) -> tuple[np.ndarray, np.ndarray]:
    """The count-link features [LG03]: labeled neighbours of each class, ``(n_pos, n_neg)``, each
    ``(n, B)`` (``lab``: ``(n, B)`` bool, as from :func:`_prepare`)."""
    lab_f = lab.astype(np.float64)
    return adj @ (lab_f * y[:, None]), adj @ (lab_f * (1.0 - y[:, None]))


def _fit(adj, y, lab, l2, iterations, tol):
    lab_f = lab.astype(np.float64)  # (n, B)
    pos, neg = _labeled_counts(adj, y, lab)  # (n, B) each
    n, b = lab.shape
    x = np.stack([np.ones((n, b)), pos, neg], axis=-1)  # (n, B, 3)
    penalty = np.diag([0.0, float(l2), float(l2)])
    coef = np.zeros((b, 3))
    converged = np.zeros(b, dtype=bool)
    steps = 0
    for steps in range(1, int(iterations) + 1):
        p = expit(np.einsum("nbk,bk->nb", x, coef))
        resid = lab_f * (y[:, None] - p)  # (n, B), zero off the labeled set
        grad = np.einsum("nbk,nb->bk", x, resid) - coef @ penalty
        weight = lab_f * p * (1.0 - p)
        hess = np.einsum("nbk,nb,nbl->bkl", x, weight, x) + penalty
        hess[:, 0, 0] += 1e-12  # keep a one-class intercept solvable
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        coef = coef + step
        converged = np.abs(step).max(axis=1) < tol
        if converged.all():
            break
    return LRParams(coef=coef, iterations=steps, converged=converged)


def lr_fit(adjacency, labels, labeled, *, l2: float = 1.0, iterations: int = 50, tol: float = 1e-10) -> LRParams:
    """Fit the link-based logistic regression ([LG03] count-link) on each labeled set.

    Parameters
    ----------
    adjacency : sparse (n, n), symmetric 0/1
    labels : array_like of 0/1, shape (n,); read only where ``labeled``
    labeled : array_like of bool, shape (B, n) or (n,)
    l2 : float >= 0
        Ridge penalty on the count weights (``C = 1 / l2`` in scikit-learn's terms).
    iterations, tol : Newton steps at most; stop when every coefficient moves less than ``tol``.
    """
    if not float(l2) >= 0.0:
        raise ValueError(f"l2 must be >= 0, got {l2}")
    if int(iterations) < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    adj, y, lab, _ = _prepare(adjacency, labels, labeled)
    return _fit(adj, y, lab, l2, iterations, tol)


def _lr_probs(coef, pos, neg):
    """``P(+)`` from counts ``(n, B)`` and coefficients ``(B, 3)``."""
    return expit(coef[:, 0][None, :] + coef[:, 1][None, :] * pos + coef[:, 2][None, :] * neg)


def _prior(y, lab):
    lab_f = lab.astype(np.float64)
    return (lab_f * y[:, None]).sum(axis=0, keepdims=True) / lab_f.sum(axis=0, keepdims=True)  # (1, B)


def link_based(
    adjacency,
    labels,
    labeled,
    *,
    collective: bool = True,
    schedule: Schedule = Schedule(),
    l2: float = 1.0,
    params: LRParams | None = None,
) -> np.ndarray:
    """Link-based classifier ([LG03] count-link logistic regression) on each labeled set;
    ``P(+)`` of every node, shape ``(B, n)`` (``(n,)`` for 1-d ``labeled``); labeled nodes hold
    their label. ``collective=False``: counts of labeled neighbours only; ``True``: relaxation
    labeling with expected counts (module docstring)."""
    adj, y, lab, squeeze = _prepare(adjacency, labels, labeled)
    if params is None:
        params = lr_fit(adjacency, labels, labeled, l2=l2)
    coef = params.coef
    if coef.shape != (lab.shape[1], 3):
        raise ValueError(f"params.coef must have shape ({lab.shape[1]}, 3), got {coef.shape}")
    degree = np.asarray(adj.sum(axis=1)).reshape(-1, 1)
    if not collective:
        pos, neg = _labeled_counts(adj, y, lab)
        probs = np.where(lab, y[:, None], _lr_probs(coef, pos, neg))
    else:
        init = np.broadcast_to(_prior(y, lab), lab.shape)

        def step(p):
            pos = adj @ p
            return _lr_probs(coef, pos, degree - pos)

        probs, _ = wvrn_nbc._relax(step, y, lab, init, schedule)
    out = np.ascontiguousarray(probs.T)
    return out[0] if squeeze else out


def wvrn_local(adjacency, labels, labeled) -> np.ndarray:
    """wvRN without collective inference: mean label of the labeled neighbours, the labeled set's
    class prior where a node has none; labeled nodes hold their label. ``(B, n)``."""
    adj, y, lab, squeeze = _prepare(adjacency, labels, labeled)
    lab_f = lab.astype(np.float64)
    total = adj @ (lab_f * y[:, None])
    count = adj @ lab_f
    prior = np.broadcast_to(_prior(y, lab), lab.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        est = np.where(count > 0, total / np.where(count > 0, count, 1.0), prior)
    out = np.ascontiguousarray(np.where(lab, y[:, None], est).T)
    return out[0] if squeeze else out


def infer(
    classifier: str, collective: bool, adjacency, labels, labeled, *, schedule: Schedule = Schedule(), l2: float = 1.0
) -> np.ndarray:
    """``P(+)`` ``(B, n)`` of one of the four Table 1 models: ``classifier`` in ``("wvRN", "LR")``,
    with or without collective inference."""
    if classifier == "wvRN":
        if collective:
            return wvrn_nbc.wvrn(adjacency, labels, labeled, schedule=schedule).probs
        return wvrn_local(adjacency, labels, labeled)
    if classifier == "LR":
        return link_based(adjacency, labels, labeled, collective=collective, schedule=schedule, l2=l2)
    raise ValueError(f"classifier must be one of {CLASSIFIERS}, got {classifier!r}")
