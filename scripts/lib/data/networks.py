"""Synthetic relational networks and the pairwise statistics measured on them.

References
----------
- Neville, Gallagher, Eliassi-Rad (ICDM 2009), "Evaluating statistical tests for within-network
  classifiers of relational data": Sec. 5.2 (latent group model data), Sec. 2 and Table 1
  (error correlation over linked pairs).
- Wang, Neville, Gallagher, Eliassi-Rad (ECML PKDD 2011), Sec. 4 (phi of errors of linked
  instances as the RS-C parameter rho) and Sec. 5.2 (the same synthetic networks).
- Neville & Jensen (ICDM 2005), latent group models; Jensen & Neville (ICML 2002) and Neville &
  Jensen (JMLR 2007) for relational autocorrelation.

Latent group model (Neville 2009, Sec. 5.2)
-------------------------------------------
The paper gives: 300 nodes, average group size 10, group types A and B with ``P(A) = 0.75``,
``P(+|A) = 0.9``, ``P(+|B) = 0.1``, within-group link probability 0.6 (A) and 0.4 (B), between-group
link probability 0.003 "for members of A groups" and 0.013 "for members of B groups". It does not
say how group sizes are drawn or what happens to a pair with one end in an A group and the other
in a B group. Choices made here (all parameters of :class:`LGMParams`):

- **Groups.** ``G = round(n / mean_group_size)`` groups (30 for 300 nodes, 60 for 600); every node
  joins one of them uniformly at random, as in the paper's own group simulation (Sec. 4.1:
  "assigning one of 10 groups to each instance uniformly at random"). The node count is exact,
  the mean group size is exactly ``n / G`` and sizes are Binomial(n, 1/G), close to Poisson(10).
  A group may (rarely, probability about ``G e^-10``) be empty; it keeps its id and type.
- **Group types.** Independently A with probability ``P(A)`` (a probability, as the paper writes
  it), so the share of A groups varies between networks; this is most of the spread of ``P(+)``.
- **Labels.** Given its group's type, each node is + independently with ``P(+|type)``. The
  expected class prior is ``0.75 * 0.9 + 0.25 * 0.1 = 0.70`` exactly, the paper's value.
- **Links.** Each unordered pair is decided once, independently. Same group: the group type's
  within-group probability. Different groups of the same type: that type's between-group
  probability (both ends agree). Different groups of different types: ``cross_rule``.

  ``"mean"`` (default): probability ``(0.003 + 0.013) / 2 = 0.008``. This is what the paper's
  notation gives when a pair's link is decided by the group of *one* of its ends: it writes
  ``P_A(e_ij = 1 | i in g_A, j not in g_A) = 0.003`` and ``P_B(e_ij = 1 | i in g_B, ...) = 0.013``,
  conditioning on the group of node ``i``; an undirected pair has no first node, so either end
  decides with equal chance, which is a Bernoulli(0.008) link. It keeps the sentence "Many of the
  nodes in type B groups have more links to nodes in type A groups": a B node expects 1.8 links
  into A groups against 0.85 into other B groups (68% of its between-group links go to A nodes),
  and 8% of B nodes have strictly more A than B neighbours (own group included). Of the symmetric
  rules that let B nodes link to A nodes it is also the only one that comes near the paper's
  outcomes: autocorrelation 0.36 (paper 0.40) and wvRN more accurate than nBC before handicapping
  at 10-30% labeled (the premise of Sec. 5.3).

  ``"either"``: each end proposes with its own type's probability and the link exists if either
  proposal succeeds, ``1 - (1 - 0.003)(1 - 0.013) = 0.01596``. It fits the sentence above most
  literally (27% of B nodes have more A than B neighbours) but gives autocorrelation 0.24 and
  nBC at least as accurate as wvRN at 10-20% labeled, contradicting Sec. 5.2-5.3.
  ``"max"`` (0.013: 0.28, 18%) and ``"both"`` (product, ~0 links, 0.48, 0%; contradicts the
  sentence) are available for sensitivity analyses.

  ``"min"``: the smaller probability, 0.003 (as if the A end always decided). The one rule whose
  Pearson contingency coefficient C is near the paper's 0.40 with P(+) unchanged: on 400 networks of
  300 nodes C 0.394 (phi 0.435, C* 0.558, P(+) 0.698, mean degree 6.5; "mean" on the same draws:
  0.324, 0.345, 0.458, 0.698, 7.1), on 200 of 600 nodes C 0.382 ("mean" 0.263). It strains the
  sentence above: 11% of a B node's links go to A nodes ("mean" 26%), 1.2% of B nodes have more A
  than B neighbours ("mean" 6.7%) and 2.4% more A neighbours than neighbours in their own group
  ("mean" 11%).

Measured on 40 networks of 300 nodes per rule (phi autocorrelation mean +- s.d.; Pearson's
corrected contingency coefficient; P(+); mean degree): "mean" 0.36 +- 0.07, 0.47, 0.70 +- 0.06,
7.1; "either" 0.24 +- 0.05, 0.33, 0.69, 8.1; "max" 0.28 +- 0.07, 0.38, 0.70, 7.6; "both"
0.48 +- 0.12, 0.60, 0.72, 6.3. The spread between networks is large (group types are random),
so single networks range from about 0.2 to 0.5. tests/data/test_networks.py re-measures the default.

600 nodes (Neville Fig. 1(e)): the paper gives no separate parameters, so the same probabilities
are used with 60 groups. Between-group pairs double per node, the mean degree rises to 8.8 and
the autocorrelation falls to 0.28 +- 0.04 (40 networks; analytic 0.275); P(+) stays 0.70.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

CROSS_RULES = ("mean", "either", "max", "both", "min")
#: Reading ``network_tests.autocorrelation_measure``: the measures of :func:`label_autocorrelation`.
AUTOCORRELATION_MEASURES = ("phi", "contingency", "corrected_contingency")
TYPE_A, TYPE_B = 0, 1


# ----------------------------------------------------------------------------- parameters


def _check_probability(name: str, value: float, *, open_low: bool = False, open_high: bool = False) -> float:
    value = float(value)
    low_ok = value > 0.0 if open_low else value >= 0.0
    high_ok = value < 1.0 if open_high else value <= 1.0
    if not (low_ok and high_ok):
        interval = ("(" if open_low else "[") + "0, 1" + (")" if open_high else "]")
        raise ValueError(f"{name} must lie in {interval}, got {value}")
    return value


@dataclass(frozen=True)
class LGMParams:
    """Parameters of the latent group model of Neville 2009, Sec. 5.2 (defaults are the paper's).

    ``*_a`` / ``*_b`` refer to group types A and B. ``cross_rule`` decides links between an A-group
    node and a B-group node (module docstring).
    """

    n_nodes: int = 300
    mean_group_size: float = 10.0
    p_type_a: float = 0.75
    p_pos_a: float = 0.9
    p_pos_b: float = 0.1
    p_within_a: float = 0.6
    p_within_b: float = 0.4
    p_between_a: float = 0.003
    p_between_b: float = 0.013
    cross_rule: str = "mean"

    def __post_init__(self):
        if int(self.n_nodes) != self.n_nodes or self.n_nodes < 2:
            raise ValueError(f"n_nodes must be an integer of at least 2, got {self.n_nodes}")
        if not 1.0 <= float(self.mean_group_size) <= self.n_nodes:
            raise ValueError(f"mean_group_size must lie in [1, n_nodes={self.n_nodes}], got {self.mean_group_size}")
        for name in ("p_type_a", "p_pos_a", "p_pos_b", "p_within_a", "p_within_b", "p_between_a", "p_between_b"):
            _check_probability(name, getattr(self, name))
        if self.cross_rule not in CROSS_RULES:
            raise ValueError(f"cross_rule must be one of {CROSS_RULES}, got {self.cross_rule!r}")

    @property
    def n_groups(self) -> int:
        return max(1, int(np.floor(self.n_nodes / self.mean_group_size + 0.5)))

    @property
    def p_cross(self) -> float:
        """Link probability of a pair with one end in an A group and the other in a B group."""
        a, b = self.p_between_a, self.p_between_b
        return {
            "either": 1.0 - (1.0 - a) * (1.0 - b),
            "max": max(a, b),
            "mean": 0.5 * (a + b),
            "both": a * b,
            "min": min(a, b),
        }[self.cross_rule]

    @property
    def expected_positive_rate(self) -> float:
        """``P(+) = P(A) P(+|A) + (1 - P(A)) P(+|B)`` (0.70 with the paper's values)."""
        return self.p_type_a * self.p_pos_a + (1.0 - self.p_type_a) * self.p_pos_b


@dataclass(frozen=True, eq=False)
class Network:
    """A generated (or loaded) network.

    Attributes
    ----------
    adjacency : scipy.sparse.csr_matrix, shape (n, n)
        Symmetric 0/1 matrix (float64) without self loops.
    labels : ndarray of int8, shape (n,)
        Class labels, 1 for + and 0 for -.
    groups : ndarray of int64, shape (n,)
        Latent group id of each node (``-1`` for networks that have none).
    group_types : ndarray of int8, shape (n_groups,)
        ``TYPE_A`` (0) or ``TYPE_B`` (1) for each group id.
    """

    adjacency: sp.csr_matrix
    labels: np.ndarray
    groups: np.ndarray
    group_types: np.ndarray

    @property
    def n_nodes(self) -> int:
        return self.adjacency.shape[0]

    @property
    def n_edges(self) -> int:
        """Number of undirected edges."""
        return self.adjacency.nnz // 2

    @property
    def degrees(self) -> np.ndarray:
        return np.diff(self.adjacency.indptr)

    @property
    def node_types(self) -> np.ndarray:
        """Group type of each node (``TYPE_A`` / ``TYPE_B``); -1 where a node has no group."""
        out = np.full(self.n_nodes, -1, dtype=np.int8)
        has = self.groups >= 0
        out[has] = self.group_types[self.groups[has]]
        return out


# ----------------------------------------------------------------------------- generation


def generate_lgm(rng: np.random.Generator, params: LGMParams = LGMParams()) -> Network:
    """Draw one network from the latent group model (Neville 2009, Sec. 5.2; module docstring).

    Parameters
    ----------
    rng : numpy.random.Generator
        Source of every random draw (group memberships, group types, labels, links, in that order).
    params : LGMParams

    Returns
    -------
    Network
    """
    n, n_groups = int(params.n_nodes), params.n_groups
    groups = rng.integers(0, n_groups, size=n)
    group_types = np.where(rng.random(n_groups) < params.p_type_a, TYPE_A, TYPE_B).astype(np.int8)
    node_type = group_types[groups]
    p_pos = np.where(node_type == TYPE_A, params.p_pos_a, params.p_pos_b)
    labels = (rng.random(n) < p_pos).astype(np.int8)

    rows, cols = np.triu_indices(n, k=1)
    type_i, type_j = node_type[rows], node_type[cols]
    both_a = (type_i == TYPE_A) & (type_j == TYPE_A)
    both_b = (type_i == TYPE_B) & (type_j == TYPE_B)
    prob = np.where(both_a, params.p_between_a, np.where(both_b, params.p_between_b, params.p_cross))
    same = groups[rows] == groups[cols]
    prob = np.where(same, np.where(type_i == TYPE_A, params.p_within_a, params.p_within_b), prob)
    linked = rng.random(rows.size) < prob
    adjacency = adjacency_from_edges(n, np.stack([rows[linked], cols[linked]], axis=1))
    return Network(adjacency, labels, groups.astype(np.int64), group_types)


def expected_label_autocorrelation(params: LGMParams = LGMParams()) -> float:
    """Approximate mean phi label autocorrelation of :func:`generate_lgm` networks.

    Given ``k`` A groups of ``G``, each of the ``C = n (n - 1) / 2`` pairs is in one A group with
    probability ``k / G^2``, in two different A groups with ``(k / G)^2 - k / G^2`` (likewise for
    B) and mixed with ``2 k (G - k) / G^2``; multiplying by the link probabilities gives expected
    edge counts, and labels independent given type give the expected 2x2 table of ordered linked
    pairs and its phi. The result averages that phi over ``k ~ Binomial(G, P(A))``. It ignores the
    randomness of labels and links inside a network (a ratio bias of order 1 / #edges; on 200
    simulated networks per rule the simulation mean was 0.005-0.015 lower). Used to check the
    generator and to show which ``cross_rule`` values can reach the paper's 0.40.
    """
    n, g = params.n_nodes, params.n_groups
    pairs = n * (n - 1) / 2.0
    k = np.arange(g + 1)
    # the binomial pmf written out: scipy.stats costs about 1 s of import in every process that
    # loads this module (the Snakefile's config check among them)
    weight = np.array([math.comb(g, int(i)) for i in k]) * params.p_type_a**k * (1 - params.p_type_a) ** (g - k)
    share_a, share_b = k / g, (g - k) / g
    e_aa = pairs * (k / g**2 * params.p_within_a + (share_a**2 - k / g**2) * params.p_between_a)
    e_bb = pairs * ((g - k) / g**2 * params.p_within_b + (share_b**2 - (g - k) / g**2) * params.p_between_b)
    e_ab = pairs * 2.0 * k * (g - k) / g**2 * params.p_cross
    a, b = params.p_pos_a, params.p_pos_b
    n11 = 2 * (e_aa * a * a + e_bb * b * b + e_ab * a * b)
    n00 = 2 * (e_aa * (1 - a) ** 2 + e_bb * (1 - b) ** 2 + e_ab * (1 - a) * (1 - b))
    n10 = e_aa * 2 * a * (1 - a) + e_bb * 2 * b * (1 - b) + e_ab * (a * (1 - b) + b * (1 - a))
    phi = phi_from_table(np.stack([n11, n10, n10, n00], axis=-1))
    defined = ~np.isnan(phi)
    return float((weight[defined] * phi[defined]).sum() / weight[defined].sum())


def adjacency_from_edges(n_nodes: int, edges) -> sp.csr_matrix:
    """Symmetric 0/1 CSR adjacency (float64, sorted indices) from an ``(E, 2)`` array of node pairs.

    Each pair is an undirected edge; duplicates and both orientations collapse to one edge.
    Self loops are rejected because a node must not be its own neighbour (Macskassy & Provost
    2007 define ``N_i`` over other nodes).
    """
    if int(n_nodes) != n_nodes or n_nodes < 1:
        raise ValueError(f"n_nodes must be a positive integer, got {n_nodes}")
    edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    if edges.size and (edges.min() < 0 or edges.max() >= n_nodes):
        raise ValueError(f"edges must hold node ids in [0, {n_nodes - 1}], got ids in [{edges.min()}, {edges.max()}]")
    if np.any(edges[:, 0] == edges[:, 1]):
        raise ValueError("edges must not contain self loops (a pair (i, i) was given)")
    i = np.concatenate([edges[:, 0], edges[:, 1]])
    j = np.concatenate([edges[:, 1], edges[:, 0]])
    adj = sp.coo_matrix((np.ones(i.size), (i, j)), shape=(n_nodes, n_nodes)).tocsr()
    adj.data[:] = 1.0  # duplicates were summed
    adj.sort_indices()
    return adj


def check_adjacency(adjacency) -> sp.csr_matrix:
    """Return ``adjacency`` as CSR float64 after checking it is square, symmetric, without self
    loops and with non-negative weights; raise ``ValueError`` otherwise."""
    adj = sp.csr_matrix(adjacency, dtype=np.float64)
    if adj.ndim != 2 or adj.shape[0] != adj.shape[1]:
        raise ValueError(f"adjacency must be a square matrix, got shape {adj.shape}")
    if adj.diagonal().any():
        raise ValueError("adjacency must have an all-zero diagonal (no self loops)")
    if adj.nnz and adj.data.min() < 0:
        raise ValueError("adjacency must have non-negative edge weights")
    if (abs(adj - adj.T) > 1e-12).nnz:
        raise ValueError("adjacency must be symmetric (links are undirected)")
    adj.sort_indices()
    return adj


def stack_networks(networks) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """Block-diagonal union of several networks, for batched inference on different graphs.

    Returns ``(adjacency, labels, node_block)`` where ``node_block[i]`` is the index of the
    network node ``i`` came from; pass it as ``node_block`` to :mod:`lib.models.wvrn_nbc` so that
    class priors and nBC parameters are estimated per network.
    """
    networks = list(networks)
    if not networks:
        raise ValueError("networks must hold at least one network")
    adjacency = sp.block_diag([net.adjacency for net in networks], format="csr")
    labels = np.concatenate([net.labels for net in networks])
    node_block = np.repeat(np.arange(len(networks)), [net.n_nodes for net in networks])
    return adjacency, labels, node_block


# ----------------------------------------------------------------------------- pair statistics


def linked_pair_table(adjacency, values, mask=None) -> np.ndarray:
    """2x2 table of a 0/1 variable over the ordered linked pairs inside ``mask``.

    Every undirected edge ``{i, j}`` with both ends in the mask counts twice, as ``(i, j)`` and
    ``(j, i)``, so the table is symmetric (``n10 == n01``) and its two margins are equal.

    Parameters
    ----------
    adjacency : sparse or dense (n, n), symmetric, 0/1 (weights are used as multiplicities)
    values : array_like of 0/1 or bool, shape (n,) or (B, n)
    mask : array_like of bool, shape (n,) or (B, n), optional
        Nodes that take part (e.g. a test set); all nodes when omitted.

    Returns
    -------
    ndarray, shape (..., 4)
        ``(n11, n10, n01, n00)`` per row of ``values``.
    """
    adj = sp.csr_matrix(adjacency, dtype=np.float64)
    x = np.asarray(values)
    if not np.all((x == 0) | (x == 1)):
        raise ValueError("values must be 0/1 (or boolean)")
    x = x.astype(np.float64)
    m = np.ones_like(x) if mask is None else np.broadcast_to(np.asarray(mask, bool), x.shape)
    if x.shape[-1] != adj.shape[0]:
        raise ValueError(f"values must have length n={adj.shape[0]} in the last axis, got shape {x.shape}")
    x2 = np.atleast_2d(x)
    m2 = np.atleast_2d(m).astype(np.float64)
    one = x2 * m2
    zero = (1.0 - x2) * m2
    a_one = np.asarray(adj @ one.T).T
    a_zero = np.asarray(adj @ zero.T).T
    table = np.stack(
        [(one * a_one).sum(-1), (one * a_zero).sum(-1), (zero * a_one).sum(-1), (zero * a_zero).sum(-1)], axis=-1
    )
    return table.reshape(x.shape[:-1] + (4,))


def phi_from_table(table) -> np.ndarray:
    """phi coefficient of 2x2 tables ``(..., 4) = (n11, n10, n01, n00)``; NaN if a margin is 0."""
    t = np.asarray(table, dtype=np.float64)
    n11, n10, n01, n00 = t[..., 0], t[..., 1], t[..., 2], t[..., 3]
    denom = (n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00)
    with np.errstate(divide="ignore", invalid="ignore"):
        phi = (n11 * n00 - n10 * n01) / np.sqrt(np.where(denom > 0, denom, 1.0))
    return np.where(denom > 0, phi, np.nan)


def autocorrelation_from_phi(phi: float, measure: str) -> float:
    """The autocorrelation ``measure`` of a linked-pair table whose phi coefficient is ``phi``
    (:func:`label_autocorrelation`); NaN stays NaN."""
    if measure not in AUTOCORRELATION_MEASURES:
        raise ValueError(f"measure must be one of {AUTOCORRELATION_MEASURES}, got {measure!r}")
    phi = float(phi)
    if measure == "phi" or np.isnan(phi):
        return phi
    k_factor = 2.0 if measure == "corrected_contingency" else 1.0
    return float(np.sign(phi) * np.sqrt(k_factor * phi**2 / (1.0 + phi**2)))


def label_autocorrelation(adjacency, labels, measure: str = "phi") -> float:
    """Relational autocorrelation of a binary class label (reading
    ``network_tests.autocorrelation_measure``: Neville 2009 Table 1 and Sec. 5.2 report
    "relational autocorrelation (see e.g. [18])" without naming the measure).

    ``"phi"`` (default): Pearson's correlation of ``(y_i, y_j)`` over all ordered linked pairs,
    each undirected edge counted in both directions (Jensen & Neville 2002; Neville & Jensen
    2007). For 0/1 labels this is the phi coefficient of :func:`linked_pair_table`.

    ``"contingency"``: Pearson's (uncorrected) contingency coefficient of the same table,
    ``C = sqrt(chi2 / (chi2 + N))`` with ``chi2 = N phi^2``, i.e. ``sqrt(phi^2 / (1 + phi^2))``,
    given the sign of phi; smaller than |phi| for 0 < |phi| and at most ``sqrt(1/2)``.

    ``"corrected_contingency"``: Pearson's corrected contingency coefficient,
    ``C* = sqrt(k / (k - 1)) C`` with ``k = 2``, i.e. ``sqrt(2 phi^2 / (1 + phi^2))``, given the
    sign of phi; larger than |phi| for 0 < |phi| < 1.

    Returns NaN when every linked pair has the same label on one side (undefined correlation).
    """
    if measure not in AUTOCORRELATION_MEASURES:
        raise ValueError(f"measure must be one of {AUTOCORRELATION_MEASURES}, got {measure!r}")
    return autocorrelation_from_phi(phi_from_table(linked_pair_table(adjacency, labels)), measure)


def error_correlation(adjacency, errors, mask=None, pooled: bool = False):
    """phi coefficient of 0/1 errors over linked pairs (Neville 2009, Sec. 2 and Table 1;
    Wang 2011, Sec. 4, the RS-C parameter rho).

    Parameters
    ----------
    adjacency : sparse (n, n), symmetric 0/1
    errors : array_like of 0/1, shape (n,) or (B, n)
        Error indicator of each node in each configuration; ignored outside ``mask``.
    mask : array_like of bool, shape (n,) or (B, n), optional
        Nodes whose errors are observed (the test set); a pair counts only if both ends are in
        the mask. All nodes when omitted.
    pooled : bool
        False: one phi per configuration, shape ``(B,)`` (or a scalar for 1-d input); average
        those for Neville's Table 1. True: a single phi from the table summed over
        configurations (Wang 2011 Sec. 4: "a contingency table ... of linked instances").

    Returns
    -------
    float or ndarray
        NaN where the table has an empty margin (no errors, or only errors, among linked test
        pairs). ``lib.evaluation.rsc`` uses 0 in that case; convert with ``np.nan_to_num`` if needed.
    """
    err = np.asarray(errors)
    if mask is not None:
        err = np.where(np.asarray(mask, bool), err, 0)
    table = linked_pair_table(adjacency, err, mask)
    if pooled:
        table = table.reshape(-1, 4).sum(axis=0)
    phi = phi_from_table(table)
    return float(phi) if np.ndim(phi) == 0 else phi


def network_statistics(network: Network) -> dict:
    """What the paper reports of its networks (Neville 2009 Sec. 5.2: "average autocorrelation of
    0.40 and a class prior of P(+) = 0.70") plus size: ``edges``, ``mean_degree``,
    ``autocorrelation`` (phi), ``autocorrelation_contingency`` (Pearson's C),
    ``autocorrelation_corrected_contingency`` (C*) -- the three measures of
    :func:`label_autocorrelation` -- and ``p_pos``."""
    phi = label_autocorrelation(network.adjacency, network.labels)
    return {
        "edges": network.n_edges,
        "mean_degree": float(network.degrees.mean()),
        "autocorrelation": phi,
        "autocorrelation_contingency": autocorrelation_from_phi(phi, "contingency"),
        "autocorrelation_corrected_contingency": autocorrelation_from_phi(phi, "corrected_contingency"),
        "p_pos": float(np.mean(network.labels)),
    }
