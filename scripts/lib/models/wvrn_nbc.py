"""Relational classifiers wvRN and nBC with relaxation labeling, batched over labeled sets
(Neville et al. 2009, Sec. 5.1; Wang et al. 2011, Sec. 5.2), their predictions and accuracies,
and the inference and accuracy gap of a handicapped model.

The handicap itself (perturbation keys, selection, strengths, the calibration of ``c``) is
:mod:`lib.models.handicap`, below this module: relaxation labeling applies it at every iteration
under reading ``network_tests.handicap_stage = during`` (:func:`infer_handicapped`), and
:func:`handicap_difference` scores perturbed predictions with this module's :func:`accuracy`, so
the dependency runs from the classifiers to the handicap and never back.

References
----------
- [MP07] S. Macskassy, F. Provost, "Classification in networked data: a toolkit and a univariate
  case study", JMLR 8:935-983, 2007 (models: Sec. 3.2; relaxation labeling: Sec. 3.3) and its
  NetKit-SRL implementation (``WeightedVoteRelationalNeighbor``, ``NetworkOnlyBayes``,
  ``RelaxationLabeling``), whose defaults are used where the papers are silent.
- [N09] Neville, Gallagher, Eliassi-Rad, ICDM 2009, Sec. 5.1 (models), 5.3 (handicap, calibration).
- [W11] Wang, Neville, Gallagher, Eliassi-Rad, ECML PKDD 2011, Sec. 5.2.

Batching
--------
Everything works on ``B`` labeled-set configurations at once. Arrays over nodes and
configurations have shape ``(B, n)`` at the interface (rows = configurations, as the rows of
``lib.evaluation.sampling`` membership arrays reshaped to ``(trials * k, m)``) and ``(n, B)`` inside, so an
iteration is a sparse ``(n, n)`` times dense ``(n, B)`` product; there is no loop over
configurations. Several graphs of any sizes are handled by a block-diagonal adjacency
(``lib.data.networks.stack_networks``) with ``node_block`` giving each node's graph: class priors and
nBC parameters are then estimated per (graph, configuration), so column ``b`` can hold
configuration ``b`` of every graph at the same time.

Modelling choices (each checked in tests/models/test_wvrn_nbc.py)
------------------------------------------------------------
- Labeled nodes keep their known label (probability 0/1) throughout; the labels of other nodes
  are never read.
- **wvRN** [MP07 eq. for wvRN; N09 Sec. 5.1]: ``P(+|N_i) = (1/Z) sum_j w_ij P_j(+)``, ``w_ij = 1``
  for our unweighted graphs, ``Z = sum_j w_ij`` (the degree). A labeled neighbour contributes its
  label, an unlabeled one its current estimate (every unlabeled node is in the inference set, so
  every neighbour has one). An isolated node has no evidence and gets the class prior of the
  labeled set (NetKit would normalise a zero vector).
- **nBC** [MP07; N09 Sec. 5.1]: ``P(c|N_i) ∝ P(c) prod_j P(y~_j | c)``. Parameters by maximum
  likelihood with Laplace smoothing (``smoothing = 1``, NetKit's ``Arrays.fill(count, 1)``) from
  the labeled part only: ``P(c) = (#labeled of class c + 1) / (#labeled + 2)`` and
  ``P(c'|c) = (M[c, c'] + 1) / (M[c, 0] + M[c, 1] + 2)``, where ``M[c, c']`` counts ordered pairs
  ``(i, j)`` of *labeled* linked nodes with ``y_i = c, y_j = c'`` (an edge between two labeled
  nodes counts once from each end, exactly as NetKit's ``induceModel`` loops over the training
  nodes and their neighbours whose class is known; edges touching an unlabeled node are not
  used). An estimated neighbour is soft evidence through its *expected likelihood*,
  ``P(N_i|c) = prod_j sum_c' P_j(c') P(c'|c)`` (NetKit's ``finalizeEstimate``, "Markov random
  field" branch; identical to the hard product for a labeled neighbour). NetKit's source in fact
  multiplies ``P(c | y~_j)`` (rows of its count matrix normalised per *neighbour* class) rather
  than the ``P(y~_j | c)`` of the papers' formula; ``conditional="netkit"`` reproduces that,
  the default ``"paper"`` follows the formula in [MP07] and [N09].
- **Relaxation labeling** [MP07 Sec. 3.3; NetKit ``RelaxationLabeling``]: unlabeled nodes start
  at the class prior of the labeled set (unsmoothed proportion; NetKit's network-only runs use the
  class-prior local model), then synchronously
  ``P^(t+1) = P^(t) + beta_t (M(P^(t)) - P^(t))`` (= ``beta_t M + (1 - beta_t) P^(t)``; written so
  that a node already at its fixed point stays there exactly), with simulated annealing
  ``beta_0 = 1``, ``beta_(t+1) = 0.99 beta_t``, for 99 iterations (NetKit defaults ``beta = 1.0``,
  ``decay = 0.99``, ``numit = 99``; [MP07] ``k = 1.0``, ``alpha = 0.99``). The result is
  ``P^(99)``; the last step has ``beta_98 = 0.99^98 = 0.37``.
- **Prediction** [N09 Sec. 5.3 uses accuracy]: label + iff ``P(+) > 0.5``; a tie
  (``|P(+) - 0.5| <= 1e-12``) goes to the majority class of the labeled set (+ when that set is
  exactly balanced). Ties are real for wvRN: an unlabeled node whose neighbours are all labeled
  and evenly split sits at exactly 0.5.

Measured (LGM networks of lib.data.networks, default parameters; numbers for the lead's report)
-----------------------------------------------------------------------------------------
- wvRN converges (last-iteration change < 1e-4). nBC oscillates on a few nodes in some
  configurations: 2-6% of configurations still change by more than 1e-3 at iteration 99 (median
  change ~1e-7); relaxation labeling with NetKit's schedule does not force convergence.
- Before any handicap wvRN is more accurate than nBC at 10-30% labeled (by 0.02-0.03 at 10-20%,
  ~0.01 at 30%) and they tie at 40%, as Neville Sec. 5.4 describes; calibrated wvRN handicaps
  on 50 networks x 10 NCV folds were c = 0.03-0.05 (0 at 40%).
- Power handicaps c = 0.025, 0.075, 0.15, 0.3 on nBC give mean differences of about 0.02, 0.05,
  0.08 and 0.17 at 30% labeled with ``strength = 1``; Neville Fig. 1(d) spans about 0.04-0.10,
  so the paper's perturbation was probably milder than a flip at large c; the text does not say.
  The default reading ``uniform`` (each chosen P(+) moved by its own U) gives about 0.02, 0.03,
  0.05 and 0.09.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.special import expit

from ..data import networks
from . import handicap

TIE_TOL = 1e-12
CONDITIONALS = ("paper", "netkit")
#: Reading ``network_tests.nbc_estimation``: the pseudo-count of nBC's estimates. Neville 2009
#: Sec. 5.1 says "maximum likelihood estimation over the labeled part of the network" (``ml``,
#: pseudo-count 0); NetKit smooths with 1 (``laplace``).
NBC_ESTIMATION = {"ml": 0.0, "laplace": 1.0}


# ----------------------------------------------------------------------------- small types


@dataclass(frozen=True)
class Schedule:
    """Relaxation-labeling annealing schedule (NetKit defaults; [MP07] Sec. 3.3)."""

    iterations: int = 99
    beta0: float = 1.0
    decay: float = 0.99

    def __post_init__(self):
        if int(self.iterations) != self.iterations or self.iterations < 1:
            raise ValueError(f"iterations must be an integer of at least 1, got {self.iterations}")
        if not 0.0 < float(self.beta0) <= 1.0:
            raise ValueError(f"beta0 must lie in (0, 1], got {self.beta0}")
        if not 0.0 < float(self.decay) <= 1.0:
            raise ValueError(f"decay must lie in (0, 1], got {self.decay}")

    def betas(self) -> np.ndarray:
        """``beta_t = beta0 * decay**t`` for ``t = 0 .. iterations - 1``."""
        return self.beta0 * self.decay ** np.arange(int(self.iterations))


@dataclass(frozen=True, eq=False)
class NBCParams:
    """nBC parameters per (graph block, configuration).

    ``prior``: ``P(+)``, shape ``(G, B)``. ``cond[c, c2]``: the factor a neighbour of class ``c2``
    contributes to class ``c``, shape ``(2, 2, G, B)``: ``P(c2 | c)`` for ``conditional="paper"``,
    ``P(c | c2)`` for ``"netkit"``. ``counts[c, c2]`` is the raw pair count ``M[c, c2]``.
    """

    prior: np.ndarray
    cond: np.ndarray
    counts: np.ndarray
    conditional: str


@dataclass(frozen=True, eq=False)
class RelaxationResult:
    """``probs``: final ``P(+)``, shape ``(B, n)`` (labeled nodes hold their label).
    ``change``: ``max_i |P_i^(t+1) - P_i^(t)|`` over unlabeled nodes, shape ``(iterations, B)``."""

    probs: np.ndarray
    change: np.ndarray


# ----------------------------------------------------------------------------- input handling


class _Blocks:
    """Per-graph segment sums for a block-diagonal batch (one block when ``node_block`` is None)."""

    def __init__(self, node_block, n: int, adjacency: sp.csr_matrix):
        if node_block is None:
            self.index = np.zeros(n, dtype=np.int64)
            self.count = 1
            self._sum = None
            return
        idx = np.asarray(node_block)
        if idx.shape != (n,) or not np.issubdtype(idx.dtype, np.integer) or (n and idx.min() < 0):
            raise ValueError(
                f"node_block must be non-negative integers of shape ({n},), got dtype {idx.dtype} and shape {idx.shape}"
            )
        coo = adjacency.tocoo()
        if np.any(idx[coo.row] != idx[coo.col]):
            raise ValueError(
                "node_block must not split a linked pair: every edge must join two nodes of the same block (graph)"
            )
        self.index = idx.astype(np.int64)
        self.count = int(idx.max()) + 1 if n else 1
        self._sum = sp.csr_matrix((np.ones(n), (self.index, np.arange(n))), shape=(self.count, n))

    def sum(self, x: np.ndarray) -> np.ndarray:
        """``(n, B) -> (G, B)``."""
        if self._sum is None:
            return x.sum(axis=0, keepdims=True)
        return np.asarray(self._sum @ x)

    def spread(self, y: np.ndarray) -> np.ndarray:
        """``(G, B) -> (n, B)``."""
        return y[self.index]


def _prepare(adjacency, labels, labeled, node_block):
    """Checked ``(adjacency, y (n,), L (n, B) bool, blocks, squeeze)``."""
    adj = networks.check_adjacency(adjacency)
    n = adj.shape[0]
    y = np.asarray(labels)
    if y.shape != (n,):
        raise ValueError(f"labels must have shape ({n},), got {y.shape}")
    if not np.all((y == 0) | (y == 1)):
        raise ValueError("labels must be 0/1 (1 for the positive class)")
    lab = np.asarray(labeled)
    squeeze = lab.ndim == 1
    lab = np.atleast_2d(lab)
    if lab.ndim != 2 or lab.shape[1] != n:
        raise ValueError(f"labeled must have shape (B, {n}) or ({n},), got {np.shape(labeled)}")
    if lab.dtype != bool:
        if not np.all((lab == 0) | (lab == 1)):
            raise ValueError("labeled must be boolean (or 0/1)")
        lab = lab.astype(bool)
    blocks = _Blocks(node_block, n, adj)
    n_lab = blocks.sum(lab.T.astype(np.float64))
    if np.any(n_lab == 0):
        raise ValueError(
            "labeled must mark at least one node of every graph block in every "
            "configuration (found an empty labeled set)"
        )
    return adj, y.astype(np.float64), np.ascontiguousarray(lab.T), blocks, squeeze


def _labeled_prior(y, lab, blocks) -> np.ndarray:
    """Unsmoothed ``P(+)`` of the labeled set, ``(G, B)``."""
    lab_f = lab.astype(np.float64)
    return blocks.sum(lab_f * y[:, None]) / blocks.sum(lab_f)


# ----------------------------------------------------------------------------- models


def class_prior(labels, labeled, node_block=None) -> np.ndarray:
    """Class prior ``P(+)`` of each labeled set (unsmoothed), shape ``(B,)`` or ``(B, G)`` with
    ``node_block``; used to initialise relaxation labeling and as wvRN's isolated-node fallback."""
    y = np.asarray(labels, dtype=np.float64)
    lab = np.atleast_2d(np.asarray(labeled, dtype=bool))
    if lab.shape[-1] != y.shape[0]:
        raise ValueError(f"labeled must have {y.shape[0]} columns, got shape {lab.shape}")
    blocks = _Blocks(node_block, y.shape[0], sp.csr_matrix((y.shape[0], y.shape[0])))
    n_lab = blocks.sum(lab.T.astype(np.float64))
    if np.any(n_lab == 0):
        raise ValueError(
            "labeled must mark at least one node of every graph block in every "
            "configuration (found an empty labeled set)"
        )
    prior = _labeled_prior(y, lab.T, blocks).T
    return prior[:, 0] if node_block is None else prior


def wvrn_step(
    adjacency: sp.csr_matrix, probs: np.ndarray, fallback: np.ndarray, degree: np.ndarray | None = None
) -> np.ndarray:
    """One wvRN estimate ``M(P)`` for every node: ``(A @ P) / degree``, ``fallback`` where the
    degree is 0. ``probs`` and ``fallback`` have shape ``(n, B)`` ([MP07] wvRN; [N09] Sec. 5.1).
    ``degree`` (weighted, shape ``(n, 1)``) may be passed to avoid recomputing it."""
    if degree is None:
        degree = np.asarray(adjacency.sum(axis=1)).reshape(-1, 1)
    total = adjacency @ probs
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(degree > 0, total / np.where(degree > 0, degree, 1.0), fallback)


def nbc_fit(
    adjacency, labels, labeled, *, node_block=None, smoothing: float = 1.0, conditional: str = "paper"
) -> NBCParams:
    """Estimate nBC parameters from the labeled part of the network, per configuration.

    ``M[c, c2] = sum_ij [i, j labeled] A_ij [y_i = c][y_j = c2]`` (ordered pairs, so an edge
    between two labeled nodes counts from both ends), computed as ``Y_c^T A Y_c2`` with
    ``Y_c`` the (n, B) indicator of labeled nodes of class c. Laplace smoothing ``smoothing``
    (NetKit: 1) for the prior and the conditionals; see the module docstring.

    Parameters
    ----------
    adjacency : sparse (n, n), symmetric
    labels : array_like of 0/1, shape (n,); read only where ``labeled``
    labeled : array_like of bool, shape (B, n) or (n,)
    node_block : array_like of int, shape (n,), optional
    smoothing : float >= 0
        Pseudo-count; 0 is maximum likelihood (a class without labeled links gets 1/2).
    conditional : {"paper", "netkit"}
    """
    if conditional not in CONDITIONALS:
        raise ValueError(f"conditional must be one of {CONDITIONALS}, got {conditional!r}")
    if not float(smoothing) >= 0.0:
        raise ValueError(f"smoothing must be >= 0 (0: maximum likelihood), got {smoothing}")
    adj, y, lab, blocks, _ = _prepare(adjacency, labels, labeled, node_block)
    return _nbc_fit(adj, y, lab, blocks, float(smoothing), conditional)


def _ratio(count, total):
    """``count / total``, 1/2 where ``total`` is 0 (maximum likelihood has no estimate there:
    a class without labeled links, or no labeled link at all, carries no evidence)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, count / np.where(total > 0, total, 1.0), 0.5)


def _nbc_fit(adj, y, lab, blocks, alpha, conditional) -> NBCParams:
    lab_f = lab.astype(np.float64)
    ind = (lab_f * (1.0 - y[:, None]), lab_f * y[:, None])  # Y_0, Y_1: (n, B)
    a_ind = (adj @ ind[0], adj @ ind[1])
    counts = np.stack([np.stack([blocks.sum(ind[c] * a_ind[c2]) for c2 in (0, 1)]) for c in (0, 1)])  # (2, 2, G, B)
    if conditional == "paper":  # P(neighbour c2 | node c): normalise over c2
        cond = _ratio(counts + alpha, counts.sum(axis=1, keepdims=True) + 2.0 * alpha)
    else:  # NetKit source: P(node c | neighbour c2): normalise over c
        cond = _ratio(counts + alpha, counts.sum(axis=0, keepdims=True) + 2.0 * alpha)
    n_pos = blocks.sum(ind[1])
    prior = _ratio(n_pos + alpha, blocks.sum(lab_f) + 2.0 * alpha)
    return NBCParams(prior=prior, cond=cond, counts=counts, conditional=conditional)


def _nbc_tables(params: NBCParams, index: np.ndarray):
    """Per-node tables: prior log-odds ``(n, B)``, ``cond[c, 0]`` and ``cond[c, 1] - cond[c, 0]``
    ``(2, n, B)``."""
    cond = params.cond[:, :, index]
    prior = params.prior[index]
    with np.errstate(divide="ignore"):  # maximum likelihood: a prior of 0 or 1 is +-inf log-odds
        return np.log(prior) - np.log1p(-prior), cond[:, 0], cond[:, 1] - cond[:, 0]


def _nbc_apply(adjacency, probs, tables):
    log_odds, base, slope = tables
    # neighbour j's factor for class c:
    # sum_c2 P_j(c2) cond[c, c2] = cond[c, 0] + P_j (cond[c, 1] - cond[c, 0])
    with np.errstate(divide="ignore", invalid="ignore"):
        # Under maximum likelihood a zero estimate makes a class impossible (log 0 = -inf); where
        # evidence rules out both classes (inf - inf) the node falls back to its prior.
        score1 = adjacency @ np.log(base[1] + probs * slope[1])
        score0 = adjacency @ np.log(base[0] + probs * slope[0])
        out = expit(log_odds + score1 - score0)
    return np.where(np.isnan(out), expit(log_odds), out)


def _relax(
    step: Callable[[np.ndarray], np.ndarray], y, lab, init, schedule: Schedule, perturbed=None, strength: float = 1.0
):
    """Relaxation labeling; ``perturbed`` ``(n, B)`` bool: the handicapped nodes, whose model
    estimate ``M_i(P)`` is perturbed at every iteration (``network_tests.handicap_stage = during``:
    the perturbed estimate is what their neighbours see, and what they converge to)."""
    probs = np.where(lab, y[:, None], init)
    betas = schedule.betas()
    change = np.empty((betas.size, lab.shape[1]))
    if perturbed is not None:
        inner = step
        step = lambda p: handicap.perturb(inner(p), perturbed, strength)  # noqa: E731
    for t, beta in enumerate(betas):
        delta = np.where(lab, 0.0, beta * (step(probs) - probs))
        probs = probs + delta
        change[t] = np.abs(delta).max(axis=0)
    return probs, change


def _finish(probs, change, squeeze) -> RelaxationResult:
    out = np.ascontiguousarray(probs.T)
    return RelaxationResult(out[0] if squeeze else out, change[:, 0] if squeeze else change)


def _perturbed(perturbed, shape_bn):
    """``perturbed`` given as ``(B, n)`` (like ``labeled``) -> ``(n, B)`` bool, or None."""
    if perturbed is None:
        return None
    m = np.atleast_2d(np.asarray(perturbed, dtype=bool))
    if m.T.shape != shape_bn:
        raise ValueError(f"perturbed must have the shape of labeled, got {np.shape(perturbed)}")
    return np.ascontiguousarray(m.T)


def _node_major(strength, shape_bn):
    """A number, or per-node strengths given as ``(B, n)`` (like ``labeled``) -> ``(n, B)``."""
    if np.ndim(strength) == 0:
        return float(strength)
    s = np.atleast_2d(np.asarray(strength, dtype=np.float64))
    if s.T.shape != shape_bn:
        raise ValueError(f"strength must be a number or have the shape of labeled, got {np.shape(strength)}")
    return np.ascontiguousarray(s.T)


def wvrn(
    adjacency,
    labels,
    labeled,
    *,
    schedule: Schedule = Schedule(),
    node_block=None,
    perturbed=None,
    strength: float = 1.0,
) -> RelaxationResult:
    """wvRN with relaxation labeling for a batch of labeled sets ([MP07]; [N09] Sec. 5.1).

    Parameters
    ----------
    adjacency : sparse (n, n), symmetric, no self loops
    labels : array_like of 0/1, shape (n,); read only where ``labeled``
    labeled : array_like of bool, shape (B, n) or (n,)
        Known labels of each configuration; every other node is inferred.
    schedule : Schedule
    node_block : array_like of int, shape (n,), optional
        Graph of each node in a block-diagonal batch of graphs.
    perturbed : array_like of bool, shape like ``labeled``, optional
        Nodes whose estimate is perturbed at every iteration by ``strength`` (the handicap
        inside collective inference, reading ``network_tests.handicap_stage = during``).
    strength : float, or array_like of shape like ``labeled``
        How far a perturbed estimate moves toward the opposite class
        (:func:`lib.models.handicap.strengths`).

    Returns
    -------
    RelaxationResult
        ``probs`` of shape ``(B, n)`` (``(n,)`` for 1-d ``labeled``).
    """
    adj, y, lab, blocks, squeeze = _prepare(adjacency, labels, labeled, node_block)
    prior = blocks.spread(_labeled_prior(y, lab, blocks))
    degree = np.asarray(adj.sum(axis=1)).reshape(-1, 1)
    probs, change = _relax(
        lambda p: wvrn_step(adj, p, prior, degree),
        y,
        lab,
        prior,
        schedule,
        _perturbed(perturbed, lab.shape),
        _node_major(strength, lab.shape),
    )
    return _finish(probs, change, squeeze)


def nbc(
    adjacency,
    labels,
    labeled,
    *,
    schedule: Schedule = Schedule(),
    node_block=None,
    smoothing: float = 1.0,
    conditional: str = "paper",
    params: NBCParams | None = None,
    perturbed=None,
    strength: float = 1.0,
) -> RelaxationResult:
    """Network-only Bayes with relaxation labeling for a batch of labeled sets ([MP07];
    [N09] Sec. 5.1). Parameters are learned from each labeled set (:func:`nbc_fit`) unless
    ``params`` is given; ``smoothing`` 0 is maximum likelihood. Other arguments and the result as
    for :func:`wvrn`."""
    adj, y, lab, blocks, squeeze = _prepare(adjacency, labels, labeled, node_block)
    if params is None:
        params = nbc_fit(
            adjacency, labels, labeled, node_block=node_block, smoothing=smoothing, conditional=conditional
        )
    init = blocks.spread(_labeled_prior(y, lab, blocks))
    tables = _nbc_tables(params, blocks.index)
    probs, change = _relax(
        lambda p: _nbc_apply(adj, p, tables),
        y,
        lab,
        init,
        schedule,
        _perturbed(perturbed, lab.shape),
        _node_major(strength, lab.shape),
    )
    return _finish(probs, change, squeeze)


# ----------------------------------------------------------------------------- predictions


def predict(probs, tie_class=1) -> np.ndarray:
    """Predicted labels (int8): 1 where ``P(+) > 0.5``, 0 where ``< 0.5``, ``tie_class``
    (broadcast against ``probs``) where ``|P(+) - 0.5| <= TIE_TOL``."""
    p = np.asarray(probs, dtype=np.float64)
    tie = np.abs(p - 0.5) <= TIE_TOL
    return np.where(tie, np.broadcast_to(tie_class, p.shape), p > 0.5).astype(np.int8)


def majority_class(labels, labeled, node_block=None) -> np.ndarray:
    """Majority class of each labeled set (1 when balanced), broadcast to nodes: ``(B, n)``."""
    prior = np.atleast_2d(class_prior(labels, labeled, node_block))
    if node_block is None:
        return np.broadcast_to((prior.T >= 0.5).astype(np.int8), (prior.shape[1], np.shape(labels)[0]))
    return (prior[:, np.asarray(node_block)] >= 0.5).astype(np.int8)


def _check_test(test, shape):
    t = np.asarray(test)
    if t.ndim == 1:
        t = t[None, :]
    if t.shape != shape:
        raise ValueError(f"test must have shape {shape} (like the predictions), got {np.shape(test)}")
    return t.astype(bool)


def prediction_errors(probs, labels, test, tie_class=1) -> np.ndarray:
    """0/1 errors (bool), shape ``(B, n)``; False outside the test set. ``labels`` is ``(n,)`` or,
    for rows that come from different graphs of the same size, ``(B, n)``."""
    p = np.atleast_2d(probs)
    t = _check_test(test, p.shape)
    y = np.asarray(labels)
    if y.shape[-1] != p.shape[-1] or y.ndim > 2:
        raise ValueError(f"labels must have shape (n,) or (B, n) with n={p.shape[-1]}, got {y.shape}")
    return (predict(p, tie_class) != np.atleast_2d(y)) & t


def accuracy(probs, labels, test, tie_class=1, node_block=None) -> np.ndarray:
    """Test-set accuracy per configuration, ``(B,)``; per (configuration, graph block),
    ``(B, G)``, with ``node_block``. A configuration (block) without test nodes raises."""
    p = np.atleast_2d(probs)
    t = _check_test(test, p.shape)
    correct = (~prediction_errors(p, labels, t, tie_class) & t).astype(np.float64)
    if node_block is None:
        size, hits = t.sum(axis=1), correct.sum(axis=1)
    else:
        block = np.asarray(node_block)
        size = np.stack([t[:, block == g].sum(axis=1) for g in range(block.max() + 1)], axis=1)
        hits = np.stack([correct[:, block == g].sum(axis=1) for g in range(block.max() + 1)], axis=1)
    if np.any(size == 0):
        raise ValueError("test must mark at least one node in every configuration (and block)")
    return hits / size


def unstack_blocks(x, node_block) -> np.ndarray:
    """``(B, G * n_g) -> (G * B, n_g)`` for a batch of ``G`` equal-sized graphs stacked in order
    (``lib.data.networks.stack_networks``): row ``g * B + b`` is configuration ``b`` on graph ``g``.
    Handicaps and accuracies are per row, so unstack before
    :func:`lib.models.handicap.perturb_with_keys` or
    :func:`handicap_difference` when each (graph, configuration) is one evaluation."""
    a = np.atleast_2d(np.asarray(x))
    block = np.asarray(node_block)
    n_graphs = int(block.max()) + 1
    size, rem = divmod(a.shape[1], n_graphs)
    if rem or not np.array_equal(block, np.repeat(np.arange(n_graphs), size)):
        raise ValueError("node_block must list equal-sized graphs in order (0 ... 0, 1 ... 1, ...) to unstack them")
    return a.reshape(a.shape[0], n_graphs, size).transpose(1, 0, 2).reshape(-1, size)


# ----------------------------------------------------------------------------- evaluation


def infer_pair(
    adjacency,
    labels,
    train,
    *,
    schedule: Schedule = Schedule(),
    node_block=None,
    smoothing: float = 1.0,
    conditional: str = "paper",
):
    """Unhandicapped ``P(+)`` of wvRN and nBC, each ``(B, n)``, for a batch of labeled sets
    ``train`` (nBC learned on each labeled set, ``smoothing`` 0 = maximum likelihood; inference
    over every other node)."""
    train = np.atleast_2d(np.asarray(train, dtype=bool))
    w = wvrn(adjacency, labels, train, schedule=schedule, node_block=node_block)
    b = nbc(
        adjacency, labels, train, schedule=schedule, node_block=node_block, smoothing=smoothing, conditional=conditional
    )
    return w.probs, b.probs


def infer_handicapped(
    model: str,
    adjacency,
    labels,
    train,
    chosen,
    *,
    strength: float = 1.0,
    schedule: Schedule = Schedule(),
    node_block=None,
    smoothing: float = 1.0,
    conditional: str = "paper",
) -> np.ndarray:
    """``P(+)`` ``(B, n)`` of ``model`` ("wvrn" or "nbc") with the handicap inside collective
    inference: the ``chosen`` nodes' estimates (shape like ``train``; from
    :func:`lib.models.handicap.chosen_nodes`)
    are perturbed by ``strength`` at every relaxation iteration (reading
    ``network_tests.handicap_stage = during``; Neville 2009 Sec. 5.4: "we applied both models to
    the unlabeled portion of the network with the perturbation rate c")."""
    train = np.atleast_2d(np.asarray(train, dtype=bool))
    if model == "wvrn":
        return wvrn(
            adjacency, labels, train, schedule=schedule, node_block=node_block, perturbed=chosen, strength=strength
        ).probs
    if model == "nbc":
        return nbc(
            adjacency,
            labels,
            train,
            schedule=schedule,
            node_block=node_block,
            smoothing=smoothing,
            conditional=conditional,
            perturbed=chosen,
            strength=strength,
        ).probs
    raise ValueError(f"model must be 'wvrn' or 'nbc', got {model!r}")


def handicap_difference(
    probs_handicapped,
    probs_other,
    labels,
    test,
    keys,
    *,
    tie_handicapped=1,
    tie_other=1,
    strength: float = 1.0,
    selection: str = "bernoulli",
) -> Callable[[float], float]:
    """``f(c)`` = mean test accuracy of the handicapped model at handicap ``c`` minus that of the
    other model (unhandicapped), over all configurations, with fixed ``keys`` (common random
    numbers, :mod:`lib.models.handicap`). Inference is not repeated: only the perturbation changes."""
    handicap.check_handicap(0.0, strength, selection)
    p_h = np.atleast_2d(np.asarray(probs_handicapped, dtype=np.float64))
    t = _check_test(test, p_h.shape)
    k = np.atleast_2d(np.asarray(keys, dtype=np.float64))
    if k.shape != p_h.shape:
        raise ValueError(f"keys must have the shape of probs {p_h.shape}, got {k.shape}")
    y = np.asarray(labels)
    other = float(accuracy(probs_other, y, t, tie_other).mean())
    ranks, sizes = handicap.selection_ranks(k, t) if selection == "exact" else (None, None)
    move = handicap.strengths(strength, k)

    def difference(c: float) -> float:
        handicap.check_handicap(c, strength, selection)
        chosen = handicap.select(float(c), k, t, selection, ranks, sizes)
        return float(accuracy(handicap.perturb(p_h, chosen, move), y, t, tie_handicapped).mean()) - other

    return difference
