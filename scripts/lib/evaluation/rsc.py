"""RS-C: Wang 2011's variance theory and corrected resampled t-tests.

Reference: T. Wang, J. Neville, B. Gallagher, T. Eliassi-Rad, "Correcting Bias in Statistical
Tests for Network Classifier Evaluation", ECML PKDD 2011. Equation, theorem and section numbers
below refer to that paper.

Model (Sec. 3): a population of ``m`` Bernoulli error variables, ``p m`` of "type 1"
(Bernoulli(q)) and ``(1 - p) m`` of "type 0" (Bernoulli(s), ``s = p (1 - q) / (1 - p)``), so that
every variable errs with probability ``p`` on average; ``|L|`` ordered linked pairs inside a test
set have correlation ``rho``; a test set is ``n`` variables drawn without replacement and ``Z_k``
is its mean error.

Contents

- closed forms: :func:`var_corr` (Thm 1), :func:`var_rs` (Thm 2), :func:`var_obs` (Thm 3),
  :func:`delta` (Thm 4), plus :func:`var_sim`, the exact variance of this module's simulator
  (not in the paper; it shows where Theorem 3 is exact and where it is not);
- :func:`estimate_parameters`: ``n, m, p, q, rho, |L|`` from an evaluation (Sec. 4);
- :func:`rsc_unpaired`, :func:`rsc_paired`: the corrected t-tests (Sec. 4);
- :func:`simulate_evaluation`, :func:`simulate_zk`: Monte Carlo of the Sec. 3 model.

Notes on the paper's algebra (re-derived by hand; checked numerically in tests/evaluation/test_rsc.py)

- Eq. (43) as printed equals ``var_corr - var_obs`` exactly. Eq. (42) as printed does not: its
  last bracket is *added* outside ``(1/n) p (1 - p) [...]`` whereas it belongs inside the
  subtracted ``var_obs`` bracket (sign and factor typo). :func:`delta` implements the definition,
  eq. (41), which agrees with eq. (43).
- ``(1 - q) / (1 - p) * B / (m - 1)`` with ``B = p m q - q + 2 m c sqrt(p q) + m c^2 -
  c^2 / (1 - p)`` (eq. 4) is ``E[sigma_i sigma_j] / (p (1 - p))`` for two distinct variables drawn
  without replacement, ``sigma`` being the type-specific standard deviation. So Theorem 3 applies
  ``rho`` to *type-conditional* standard deviations, while Theorem 1 applies it to the marginal
  ``p (1 - p)``. Plugging one ``rho`` into both is what gives ``delta`` its ``rho |L|`` term; at
  ``q = p`` the factor is 1 and ``delta = 0`` for every ``rho``. With ``rho`` estimated as a
  marginal phi (Sec. 4) that term over-corrects on this module's simulator (see
  :func:`simulate_zk`); it is implemented as published.
"""

from __future__ import annotations

import numpy as np
from scipy import special  # t.sf(x, v) = stdtr(v, -x); see lib.evaluation.significance

from ..data import networks

__all__ = [
    "var_corr",
    "var_rs",
    "var_obs",
    "delta",
    "var_sim",
    "estimate_parameters",
    "rsc_unpaired",
    "rsc_paired",
    "simulate_evaluation",
    "simulate_zk",
]

# Error rates live on a 1/n grid, so a real fold-error variance is >= ~1e-7 for any n < 1e3;
# 1e-12 is "no variation up to rounding" and the floor for a corrected variance.
VAR_FLOOR = 1e-12
#: The names of RS-C's tests in the studies' tables (their ``test`` column)
TESTS = ("rsc_paired", "rsc_unpaired")
#: The config key choosing how q is estimated (reading ``network_tests.rsc_q_estimate``) acts on
#: RS-C's rows of a study's table only (:attr:`lib.core.jobs.Job.scoped`): a reader of the t-tests'
#: rows alone (Neville's artifacts) does not depend on it.
Q_ESTIMATE_SCOPE = {"network_tests.rsc_q_estimate": {"test": TESTS}}
_BLOCK_ELEMENTS = 2_000_000  # (reps, k, m) cells simulated at once in simulate_zk


# ----------------------------------------------------------------------------- validation


def _check(name, value, ok, rule):
    value = np.asarray(value, dtype=float)
    with np.errstate(invalid="ignore"):
        bad = ~np.asarray(ok(value))
    if np.any(bad):
        got = np.broadcast_to(value, bad.shape)[bad].flat[0]
        raise ValueError(f"{name} must {rule} (got {got!r}).")
    return value


def _check_pair(name, value, other_name, other, ok, rule):
    value, other = np.broadcast_arrays(np.asarray(value, float), np.asarray(other, float))
    bad = ~ok(value, other)
    if np.any(bad):
        raise ValueError(
            f"{name} must {rule} (got {name}={value[bad].flat[0]!r}, {other_name}={other[bad].flat[0]!r})."
        )


def _validate(n=None, m=None, p=None, q=None, rho=None, L=None):
    """Check model parameters (Sec. 3) and return them as float arrays, in the order given."""
    out = []
    if n is not None:
        n = _check("n", n, lambda v: v >= 1, "be at least 1 (test-set size)")
        out.append(n)
    if m is not None:
        m = _check("m", m, lambda v: v >= 2, "be at least 2 (population size)")
        if n is not None:
            _check_pair("n", n, "m", m, lambda a, b: a <= b, "not exceed m (1 <= n <= m)")
        out.append(m)
    if p is not None:
        p = _check("p", p, lambda v: (v > 0) & (v < 1), "lie strictly between 0 and 1")
        out.append(p)
    if q is not None:
        q = _check("q", q, lambda v: (v >= 0) & (v <= 1), "lie in [0, 1]")
        if p is not None:
            # type-0 error probability s = p(1-q)/(1-p) must be <= 1 (only binds for p > 0.5)
            _check_pair(
                "q",
                q,
                "p",
                p,
                lambda a, b: a >= (2 * b - 1) / b - 1e-12,
                "be at least (2p - 1)/p so that the type-0 error probability p(1-q)/(1-p) is at most 1",
            )
        out.append(q)
    if rho is not None:
        out.append(_check("rho", rho, lambda v: (v >= -1) & (v <= 1), "lie in [-1, 1]"))
    if L is not None:
        out.append(_check("L", L, lambda v: v >= 0, "be >= 0 (number of ordered linked pairs in a test set)"))
    return out


# ----------------------------------------------------------------------------- closed forms


def var_corr(n, p, rho, L):
    """Variance of ``Z_k`` with correlated errors and independent samples (Theorem 1, eq. 2).

    ``Var_corr(Z_k) = (1/n) p (1 - p) [1 + rho |L| / n]`` (proof: eqs. 7-10).

    Parameters
    ----------
    n : array_like
        Test-set size, ``n >= 1``.
    p : array_like
        Mean error, ``0 < p < 1``.
    rho : array_like
        Correlation of linked errors, in ``[-1, 1]``.
    L : array_like
        Number of ordered (directed) linked pairs inside a test set, ``>= 0``
        (footnote 5: ``n (n - 1)`` is the number of possible directed edges).

    Returns
    -------
    ndarray
        Broadcast of the inputs. Can be negative when ``rho < 0`` and ``|L|`` is large: eq. (1)
        is then not a valid covariance matrix (appendix, Lemma 1).
    """
    n, p, rho, L = _validate(n=n, p=p, rho=rho, L=L)
    return p * (1 - p) / n * (1 + rho * L / n)


def var_rs(n, m, p, q):
    """Variance of ``Z_k`` under resampling without replacement (Theorem 2, eq. 3).

    ``Var_rs(Z_k) = (1/n) p (1 - p) [1 - (n - 1)/(m - 1) ((q - p)/(1 - p))^2]`` (eqs. 11-21).
    ``q = p`` gives ``p (1 - p) / n``; ``q = 1`` the hypergeometric ``p (1 - p)/n (m - n)/(m - 1)``.
    Exact when ``p m`` is an integer (the proof's type counts).

    Parameters
    ----------
    n, m : array_like
        Test-set and population size, ``1 <= n <= m``, ``m >= 2``.
    p : array_like
        Mean error, ``0 < p < 1``.
    q : array_like
        Error probability of type-1 variables, ``0 <= q <= 1`` (and ``q >= (2p - 1)/p``).

    Returns
    -------
    ndarray
    """
    n, m, p, q = _validate(n=n, m=m, p=p, q=q)
    return p * (1 - p) / n * (1 - (n - 1) / (m - 1) * ((q - p) / (1 - p)) ** 2)


def _link_factor(m, p, q):
    """``(1-q)/(1-p) B/(m-1)`` of eq. (4): E[sigma_i sigma_j] / (p(1-p)) over distinct pairs."""
    c2 = 1 - 2 * p + p * q
    b = p * m * q - q + 2 * m * np.sqrt(c2) * np.sqrt(p * q) + m * c2 - c2 / (1 - p)
    return (1 - q) / (1 - p) * b / (m - 1)


def var_obs(n, m, p, q, rho, L):
    """Variance of ``Z_k`` with correlation and resampling (Theorem 3, eq. 4).

    ``Var_obs = (1/n) p (1-p) [1 - (n-1)/(m-1) ((q-p)/(1-p))^2
    + |L| rho/(n (m-1)) (1-q)/(1-p) (p m q - q + 2 m c sqrt(p q) + m c^2 - c^2/(1-p))]``
    with ``c = sqrt(1 - 2p + pq)`` (proof: eqs. 22-40).

    The derivation is exact covariance algebra *given* eq. (1), i.e. correlation ``rho`` between
    linked variables conditional on their types. For a linked type-0/type-1 pair that
    correlation cannot exceed the Frechet bound ``sqrt(p/q) (1-q)/c`` (0.035 at p=0.1, q=0.9);
    above it eq. (29)'s ``P(X_j^1 = 1 | X_i^0 = 1) = q + rho c sqrt(q/p)`` exceeds 1 and no joint
    distribution has the covariance the proof uses. See :func:`var_sim` and :func:`simulate_zk`.

    Parameters
    ----------
    n, m, p, q : array_like
        As in :func:`var_rs`.
    rho, L : array_like
        As in :func:`var_corr`.

    Returns
    -------
    ndarray
    """
    n, m, p, q, rho, L = _validate(n=n, m=m, p=p, q=q, rho=rho, L=L)
    rs = (n - 1) / (m - 1) * ((q - p) / (1 - p)) ** 2
    return p * (1 - p) / n * (1 - rs + rho * L / n * _link_factor(m, p, q))


def delta(n, m, p, q, rho, L):
    """Variance underestimate of a resampled t-test (Theorem 4, eq. 41): ``var_corr - var_obs``.

    Equals eq. (43) as printed,
    ``(1/n) p (1-p) [(n-1)/(m-1) ((q-p)/(1-p))^2 + rho |L|/n (1 - (1-q)/(1-p) B/(m-1))]``;
    eq. (42) as printed has a misplaced bracket (see the module notes). ``delta = 0`` at ``q = p``
    for any ``rho``; at ``rho = 0`` it grows with ``(q - p)^2``; for ``q != p`` it grows with
    ``rho |L|``.

    Parameters
    ----------
    n, m, p, q, rho, L : array_like
        As in :func:`var_obs`.

    Returns
    -------
    ndarray
    """
    return var_corr(n, p, rho, L) - var_obs(n, m, p, q, rho, L)


def var_sim(n, m, p, q, rho_target, L):
    """Exact ``Var(Z_k)`` of :func:`simulate_zk`'s mechanism (not in the paper).

    ``var_rs`` (Theorem 2, exact) plus the link term ``rho_target |L|/n^2 E[C_ij]`` with
    ``C_ij = sigma_i^2`` for same-type pairs and ``min(q, s) - q s`` (the largest covariance two
    Bernoullis with these means can have) for mixed pairs, pair types drawn without replacement.
    Theorem 3 uses ``sigma_1 sigma_0`` for mixed pairs instead, so for ``rho_target > 0``
    ``var_obs(rho=rho_target)`` exceeds this unless ``q = p`` (then var_corr, var_obs and var_sim
    coincide) or ``q`` is 0 or 1 (a type with zero variance).
    Exact when ``p m`` is an integer and ``L`` is the mean number of ordered linked pairs.

    Parameters
    ----------
    n, m, p, q, L : array_like
        As in :func:`var_obs`.
    rho_target : array_like
        The mechanism's same-type correlation, in ``[0, 1]``.

    Returns
    -------
    ndarray
    """
    n, m, p, q, rho, L = _validate(n=n, m=m, p=p, q=q, rho=rho_target, L=L)
    s = p * (1 - q) / (1 - p)
    pm = p * m
    p11 = pm * (pm - 1) / (m * (m - 1))
    p10 = 2 * pm * (m - pm) / (m * (m - 1))
    p00 = (m - pm) * (m - pm - 1) / (m * (m - 1))
    cov = p11 * q * (1 - q) + p10 * (np.minimum(q, s) - q * s) + p00 * s * (1 - s)
    return var_rs(n, m, p, q) + rho * L / n**2 * cov


# ----------------------------------------------------------------------------- estimation


def _as_evaluation(membership, errors, group):
    mem = np.asarray(membership)
    if mem.ndim < 2:
        raise ValueError(f"membership must have shape (..., k, m), got shape {mem.shape}.")
    if mem.dtype != bool:
        _check("membership", mem, lambda v: (v == 0) | (v == 1), "be boolean (or 0/1)")
        mem = mem.astype(bool)
    err = np.asarray(errors)
    try:
        mem, err = np.broadcast_arrays(mem, err)
    except ValueError:
        raise ValueError(f"errors must have the shape of membership {mem.shape}, got {err.shape}.") from None
    err = np.where(mem, err, 0)  # entries outside a test set are ignored, even NaN
    _check("errors", err, lambda v: (v == 0) | (v == 1), "be 0/1 wherever membership is True")
    err = err.astype(bool)
    grp = np.asarray(group)
    try:
        np.broadcast_to(grp, mem.shape[:-2] + mem.shape[-1:])
    except ValueError:
        raise ValueError(f"group must have shape (..., m) or (m,) with m={mem.shape[-1]}, got {grp.shape}.") from None
    sizes = mem.sum(axis=-1)
    if np.any(sizes == 0):
        raise ValueError("membership must give every test set at least one instance (found an empty fold).")
    return mem, err, grp, sizes


def _pair_counts(mem, err, grp):
    """Per (trial, fold) sums of the ordered-linked-pair 2x2 table and |L|, from group counts.

    A group with t test members of which e erred contributes n11 = e(e-1), n10 = n01 = e(t-e),
    n00 = (t-e)(t-e-1) and t(t-1) linked pairs; no pair enumeration. ``err`` must already be
    False outside the test sets.
    """
    lead, (k, m) = mem.shape[:-2], mem.shape[-2:]
    trials = int(np.prod(lead, dtype=np.int64))
    _, codes = np.unique(np.asarray(grp).reshape(-1), return_inverse=True)
    n_codes = int(codes.max()) + 1
    codes = np.broadcast_to(codes.reshape(np.shape(grp)), lead + (m,)).reshape(trials, 1, m)
    cell = np.arange(trials * k).reshape(trials, k, 1) * n_codes + codes

    def per_group(w):
        return np.bincount(cell.reshape(-1), weights=w.reshape(-1), minlength=trials * k * n_codes).reshape(
            trials, k, n_codes
        )

    t = per_group(mem.reshape(trials, k, m))
    e = per_group(err.reshape(trials, k, m))
    f = t - e
    counts = np.stack([(e * (e - 1)).sum(-1), (e * f).sum(-1), (f * (f - 1)).sum(-1), (t * (t - 1)).sum(-1)], axis=-1)
    return counts.reshape(lead + (k, 4))


def _phi(n11, n10, n00):
    """Phi of a symmetric 2x2 table (n01 = n10); 0 where a margin is empty."""
    margins = (n11 + n10) * (n10 + n00)
    with np.errstate(divide="ignore", invalid="ignore"):
        phi = (n11 * n00 - n10**2) / np.where(margins > 0, margins, 1)
    return np.where(margins > 0, phi, 0.0)


def _q_from_second_moment(p, f):
    # p q^2 + (1-p) s^2 = f with s = p(1-q)/(1-p)  <=>  q = p + sqrt((1-p)(f/p - p)), root in [p, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        q = p + np.sqrt((1 - p) * np.maximum(f / p - p, 0.0))
    return np.clip(np.where((p > 0) & (p < 1), q, p), p, 1.0)


def estimate_parameters(membership, errors, group, q_method="erred"):
    """Estimate ``n, m, p, q, rho, |L|`` of Theorems 1-4 from one evaluation (Sec. 4).

    Sec. 4: "we use the average misclassification over all instances in a test set for p, the
    average misclassification for each instance across multiple test sets for q, and for rho the
    phi coefficient ... of errors for linked instances". Linked = distinct instances with the
    same group label (the group-based simulation of Sec. 5.1 / Neville et al. 2009, Table 7).

    - ``n``: mean test-set size; ``m``: number of instances.
    - ``p``: mean over folds of the test-set error rate.
    - ``L``: mean over folds of the number of ordered linked pairs inside the test set
      (Theorem 1 counts directed pairs, footnote 5).
    - ``rho``: phi of the 2x2 table of (error_i, error_j) over all ordered linked pairs inside a
      test set, pooled over folds; 0 where the table has an empty margin.
    - ``q``: from ``r_i``, instance i's mean error over the test sets containing it. The paper
      does not say how the ``r_i`` become one number:

      ``"erred"`` (this function's default; the pipeline's comes from the reading
      ``network_tests.rsc_q_estimate``): mean of ``r_i`` over instances that erred at least once (instances
      never wrong say nothing about how consistent errors are). Simple, but biased in a way that
      depends on how many test sets contain an instance (``t``): an instance of type 0 that erred
      once has ``r_i = 1/t``, and with disjoint folds (``t = 1``) every erring instance has
      ``r_i = 1``, so ``q = 1`` whatever the truth.

      ``"moments"``: solve ``P(err in two distinct test sets containing i) = p q^2 + (1-p) s^2``,
      ``s = p(1-q)/(1-p)``, i.e. ``q = p + sqrt((1-p)(f/p - p))`` with
      ``f = sum_i e_i(e_i - 1) / sum_i t_i(t_i - 1)`` (``e_i`` errors of i over its ``t_i``
      test sets), clipped to ``[p, 1]``. Consistent under the Sec. 3 model whenever some
      instances are in two or more test sets (errors are fresh per test set, so within-test-set
      correlation does not enter ``f``); the clip biases it up near ``q = p``.

      Where no instance erred (or, for "moments", no instance is in two test sets) ``q = p``,
      which makes the resampling part of ``delta`` zero.

      Recommendation, from 2000 simulated evaluations each (m=300, p=0.1, k=10):

      * as an estimate of the model's ``q``, use "moments". On the Sec. 3 model
        (:func:`simulate_evaluation`, n=210) it gave 0.900 (s.d. 0.034) for q=0.9, 0.498 for
        q=0.5 and 0.137 for q=0.1 (clip bias); "erred" gave 0.62, 0.26 and 0.19, moved to 0.78
        and 0.92 for q=0.9 when n drops to 90 and 30 (it tracks the overlap, not q), and returns
        1 for disjoint folds.
      * inside RS-C the choice changes the test a lot. In Neville 2009's group simulation
        (10 random groups, one error-prone group per classifier fixed per trial, P(MG)=0.91,
        RRS with propLabeled 0.1-0.9) the uncorrected paired test rejected 0.15-0.68 under H0;
        RS-C rejected 0.006-0.038 with "erred" and 0.003-0.009 with "moments", and at a true
        difference of 0.04 (propLabeled 0.3; B's error outside its chosen group raised) had
        power 0.39 ("erred") vs 0.11 ("moments").
        Which reproduces the papers better is measured by ``make readings`` (the reading
        ``network_tests.rsc_q_estimate`` in ``lib.core.readings`` has the numbers).

    Parameters
    ----------
    membership : array_like of bool, shape (..., k, m)
        ``membership[..., j, i]``: instance i is in test set j. Every test set is non-empty.
    errors : array_like of 0/1, shape (..., k, m)
        Error of instance i in fold j; entries where ``membership`` is False are ignored.
    group : array_like of int, shape (..., m) or (m,)
        Group label; distinct instances with the same label are linked.
    q_method : {"erred", "moments"}

    Returns
    -------
    dict of ndarray
        Keys ``n, m, p, q, rho, L``, each of shape ``(...)`` (the leading trial axes).
    """
    if q_method not in ("erred", "moments"):
        raise ValueError(f"q_method must be 'erred' or 'moments' (got {q_method!r}).")
    mem, err, grp, sizes = _as_evaluation(membership, errors, group)
    lead, m = mem.shape[:-2], mem.shape[-1]
    p = (err.sum(axis=-1) / sizes).mean(axis=-1)

    t_i = mem.sum(axis=-2)
    e_i = err.sum(axis=-2)
    if q_method == "erred":
        erred = e_i > 0
        r_sum = np.where(erred, e_i / np.maximum(t_i, 1), 0.0).sum(axis=-1)
        n_erred = erred.sum(axis=-1)
        q = np.where(n_erred > 0, r_sum / np.maximum(n_erred, 1), p)
    else:
        num = (e_i * (e_i - 1.0)).sum(axis=-1)
        den = (t_i * (t_i - 1.0)).sum(axis=-1)
        q = np.where(den > 0, _q_from_second_moment(p, num / np.maximum(den, 1)), p)

    counts = _pair_counts(mem, err, grp).sum(axis=-2)
    return {
        "n": sizes.mean(axis=-1),
        "m": np.full(lead, float(m)),
        "p": p,
        "q": q,
        "rho": _phi(counts[..., 0], counts[..., 1], counts[..., 2]),
        "L": counts[..., 3] / mem.shape[-2],
    }


# ----------------------------------------------------------------------------- corrected tests


def _fold_errors(err_a, err_b, alpha):
    a = np.asarray(err_a, dtype=float)
    b = np.asarray(err_b, dtype=float)
    if a.ndim < 1 or a.shape != b.shape:
        raise ValueError(f"errA and errB must have the same shape (..., k), got {a.shape} and {b.shape}.")
    if a.shape[-1] < 2:
        raise ValueError(f"errA and errB need at least k=2 folds, got k={a.shape[-1]}.")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie strictly between 0 and 1 (got {alpha!r}).")
    return a, b


def _params_delta(params, shape):
    """delta (eq. 41) from an estimate_parameters dict; 0 where p is 0 or 1."""
    try:
        n, m, p, q, rho, L = (
            np.broadcast_to(np.asarray(params[key], dtype=float), shape) for key in ("n", "m", "p", "q", "rho", "L")
        )
    except KeyError as exc:
        raise ValueError(f"params must have keys n, m, p, q, rho, L (missing {exc}).") from None
    except ValueError:
        raise ValueError(f"params arrays must broadcast to the trial shape {shape} of the fold errors.") from None
    _check("params['p']", p, lambda v: (v >= 0) & (v <= 1), "lie in [0, 1]")
    # p in {0, 1}: every error identical, p(1-p) = 0 in eqs. (2)-(4) and delta -> 0 as p -> 0 or 1
    inside = (p > 0) & (p < 1)
    d = delta(n, m, np.where(inside, p, 0.5), np.where(inside, q, 0.5), rho, L)
    return np.where(inside, d, 0.0)


def _corrected_var(x, params):
    """(Var_obs, Var_new): sample variance of the k fold errors (ddof=1) and Var_obs + delta."""
    v_obs = x.var(axis=-1, ddof=1)
    # delta > -Var_obs can fail when eq. (1) is not a valid covariance (e.g. rho < 0, Lemma 1);
    # a variance must stay positive, so clip at VAR_FLOOR (the test then rejects freely: a
    # signal that the parameters are outside the model, not a finding).
    v_new = np.maximum(v_obs + _params_delta(params, v_obs.shape), VAR_FLOOR)
    return v_obs, v_new


def _two_sided(t, dof, alpha):
    pvalue = 2.0 * special.stdtr(dof, -np.abs(t))
    return t, pvalue, pvalue < alpha


def rsc_unpaired(errA, errB, paramsA, paramsB, alpha=0.05):
    """Corrected unpaired t-test (Sec. 4, "Correction for unpaired t-test"; Theorem 4).

    ``Var_new = Var_obs + delta`` per algorithm, ``Var_obs`` the sample variance (ddof=1) of its
    k fold errors and ``delta`` from its own parameters; then
    ``t = (mean_A - mean_B) / sqrt((Var_new_A + Var_new_B)/2 * 2/k)``, two-sided, ``2k - 2`` dof.
    ``Var_new`` is clipped at ``VAR_FLOOR`` (1e-12) if ``delta`` makes it non-positive.

    Parameters
    ----------
    errA, errB : array_like, shape (..., k)
        Fold error rates of algorithms A and B.
    paramsA, paramsB : dict
        Output of :func:`estimate_parameters` for A and B (arrays broadcastable to ``(...)``).
        Where ``p`` is 0 or 1 the correction is 0.
    alpha : float
        Significance level.

    Returns
    -------
    t, pvalue, reject : ndarray, shape (...)
    """
    a, b = _fold_errors(errA, errB, alpha)
    k = a.shape[-1]
    _, v_a = _corrected_var(a, paramsA)
    _, v_b = _corrected_var(b, paramsB)
    t = (a.mean(axis=-1) - b.mean(axis=-1)) / np.sqrt(0.5 * (v_a + v_b) * 2.0 / k)
    return _two_sided(t, 2 * k - 2, alpha)


def rsc_paired(errA, errB, paramsA, paramsB, alpha=0.05):
    """Corrected paired t-test (Sec. 4, "Correction for paired t-test").

    Each algorithm's fold errors are re-standardised,
    ``x_c = (sigma_new/sigma_obs) x + (1 - sigma_new/sigma_obs) mu`` (mu its mean, sigma_obs the
    sample s.d. over folds, sigma_new = sqrt(Var_obs + delta)), then a standard paired t-test
    (``k - 1`` dof, two-sided) runs on ``x_c^A - x_c^B``.

    Guards: ``Var_new`` is clipped at ``VAR_FLOOR`` as in :func:`rsc_unpaired`. If
    ``Var_obs <= VAR_FLOOR`` (all folds equal) there is no deviation to rescale, so ``x_c = x``
    and the correction cannot add variance for that algorithm. If the adjusted differences have
    zero variance, ``t`` is 0 when their mean is 0 and +-inf otherwise (as lib.evaluation.significance).

    Parameters
    ----------
    errA, errB, paramsA, paramsB, alpha
        As in :func:`rsc_unpaired`.

    Returns
    -------
    t, pvalue, reject : ndarray, shape (...)
    """
    a, b = _fold_errors(errA, errB, alpha)
    k = a.shape[-1]

    def adjust(x, params):
        v_obs, v_new = _corrected_var(x, params)
        ratio = np.sqrt(v_new / np.where(v_obs > VAR_FLOOR, v_obs, 1.0))
        ratio = np.where(v_obs > VAR_FLOOR, ratio, 1.0)[..., None]
        mu = x.mean(axis=-1, keepdims=True)
        return ratio * x + (1 - ratio) * mu

    d = adjust(a, paramsA) - adjust(b, paramsB)
    mean, se = d.mean(axis=-1), d.std(axis=-1, ddof=1) / np.sqrt(k)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(se > 0, mean / np.where(se > 0, se, 1.0), np.where(mean == 0, 0.0, np.copysign(np.inf, mean)))
    return _two_sided(t, k - 1, alpha)


# ----------------------------------------------------------------------------- Monte Carlo


def _check_int(name, value, low):
    if int(value) != value or value < low:
        raise ValueError(f"{name} must be an integer >= {low} (got {value!r}).")
    return int(value)


def simulate_evaluation(n, m, p, q, rho_target, group_size, k, reps, rng):
    """Draw ``reps`` resampled evaluations from the Sec. 3 model (Theorems 1-3).

    Population: ``m`` variables, exactly ``round(p m)`` of type 1 (Bernoulli(q)), the rest type 0
    (Bernoulli(s), ``s = p(1-q)/(1-p)``); the types are placed at random (independently of the
    groups) once per rep and stay fixed over its ``k`` samples. Links: all pairs inside
    consecutive groups of ``group_size`` (``group[i] = i // group_size``). Each sample is ``n``
    variables drawn without replacement, with errors drawn afresh for every sample.

    Correlation mechanism (common shock): per sample each group draws a shared uniform ``U_g``;
    each variable independently uses ``U_g`` with probability ``sqrt(rho_target)``, otherwise its
    own uniform, and errs iff its uniform is below its error probability. A uniform stays
    uniform, so every variable keeps its marginal exactly; two linked variables share the shock
    with probability ``rho_target``, giving correlation exactly ``rho_target`` for a same-type
    pair and covariance ``rho_target (min(q, s) - q s)`` for a mixed pair: ``rho_target`` times
    the Frechet-maximal covariance of two Bernoullis with these means, which no mechanism can
    exceed (so eq. 1 is out of reach for mixed pairs once rho > sqrt(p/q)(1-q)/c, see
    :func:`var_obs`). ``rho_target = 0`` is exactly
    Theorem 2's model; ``q = p`` is Theorem 1's (all variables Bernoulli(p)).

    Peak memory is about 40 bytes per (rep, sample, variable); :func:`simulate_zk` chunks reps.

    Parameters
    ----------
    n, m : int
        Sample (test-set) and population size, ``1 <= n <= m``.
    p : float
        Mean error, ``0 < p < 1``. The model is exact when ``p m`` is an integer.
    q : float
        Type-1 error probability, ``0 <= q <= 1``.
    rho_target : float
        Same-type linked correlation, in ``[0, 1]``.
    group_size : int
        Size of the consecutive link groups (1 = no links).
    k, reps : int
        Samples per rep (``>= 2``) and number of reps.
    rng : numpy.random.Generator

    Returns
    -------
    membership : ndarray of bool, shape (reps, k, m)
    errors : ndarray of bool, shape (reps, k, m)
        Errors of all ``m`` variables (only members of the sample count).
    group : ndarray of int, shape (m,)
    """
    n, m = _check_int("n", n, 1), _check_int("m", m, 2)
    _validate(n=n, m=m, p=p, q=q)
    _check("rho_target", rho_target, lambda v: (v >= 0) & (v <= 1), "lie in [0, 1]")
    group_size, k = _check_int("group_size", group_size, 1), _check_int("k", k, 2)
    reps = _check_int("reps", reps, 1)
    if not isinstance(rng, np.random.Generator):
        raise ValueError("rng must be a numpy.random.Generator (e.g. numpy.random.default_rng(1)).")

    group = np.arange(m) // group_size
    n_type1 = int(round(p * m))
    s = p * (1 - q) / (1 - p)
    order = rng.random((reps, m)).argsort(axis=-1)
    mu = np.where(order.argsort(axis=-1) < n_type1, q, s)[:, None, :]  # (reps, 1, m)

    draw = rng.random((reps, k, m))
    membership = draw <= np.partition(draw, n - 1, axis=-1)[..., n - 1 : n]
    shock = rng.random((reps, k, int(group[-1]) + 1))[..., group]
    own = rng.random((reps, k, m))
    shared = rng.random((reps, k, m)) < np.sqrt(rho_target)
    errors = np.where(shared, shock, own) < mu
    return membership, errors, group


def simulate_zk(n, m, p, q, rho_target, group_size, k, reps, rng):
    """Monte Carlo ``Var(Z_k)`` under the Sec. 3 model (Theorems 1-3).

    Draws evaluations with :func:`simulate_evaluation` (see there for the correlation mechanism)
    in blocks of reps. Because the ``k`` samples of a rep are i.i.d. given the rep's type layout
    and the conditional mean of ``Z_k`` is the same for every layout, the mean over reps of the
    within-rep sample variance (ddof=1) estimates ``Var(Z_k)`` without bias; it is also the
    quantity a t-test over k folds sees.

    What it shows (m=300, p=0.1, k=10, 4000-20000 reps; ``L`` and ``rho`` as achieved):

    - ``rho_target = 0``: Theorem 2 (eq. 3) within Monte Carlo error for n/m from 0.1 to 0.9
      and q in {0.1, 0.5, 0.9, 1} (ratios 0.992-1.014, all within 2 s.e.).
    - ``q = p``: Theorem 1 (eq. 2) within error (ratios 0.999-1.008 for rho 0.1-0.6, groups of
      5-30, |L|/n up to 20); the achieved phi equals ``rho_target``.
    - ``q != p``, ``rho_target > 0``: :func:`var_sim` within error (|z| < 0.6 at 20000 reps),
      Theorem 3 not. ``var_obs(rho=rho_target)`` overstates the Monte Carlo variance (x1.33 at
      n=210, q=0.9, rho=0.3, groups of 30; x1.15 at n=90) because its mixed-type pairs carry a
      covariance no distribution has (eq. 29 > 1, see :func:`var_obs`). The achieved phi is far
      below ``rho_target`` (0.030 for 0.3 at q=0.9: mixing the two types dilutes it), and
      ``var_obs(rho=achieved)`` understates the variance (x0.49), because Theorem 3 multiplies
      rho by type-conditional s.d.s while phi is a marginal correlation. In terms of the
      achieved phi the Monte Carlo is within 10% of ``var_rs + p(1-p) phi |L| / n^2`` (the gap
      is the small negative type covariance of a without-replacement pair): the link term is
      Theorem 1's, unchanged by resampling, so here ``var_corr - Var(Z_k)`` is close to the
      ``rho = 0`` part of ``delta`` and ``delta``'s ``rho |L|`` part over-corrects.
    - Fixed population => valid naive tests: the k samples of a rep are i.i.d. with mean exactly
      ``p`` for every layout, so two algorithms drawn from this model have equal error *in the
      network*; the uncorrected paired/unpaired t-tests rejected 0.043-0.054 at alpha=0.05 and
      RS-C 0.000-0.049 (conservative as q grows). The Type I inflation RS-C targets needs the
      network's own error rate to differ between algorithms (as in Neville 2009's group
      simulation), which this model does not contain.

    Parameters
    ----------
    n, m, p, q, rho_target, group_size, k, reps, rng
        As in :func:`simulate_evaluation`.

    Returns
    -------
    dict
        ``var``: mean within-rep variance of ``Z_k``; ``var_se``: its standard error (s.d. of the
        per-rep variances / sqrt(reps), NaN if reps = 1); ``rho``: achieved phi over ordered
        linked pairs inside samples, pooled over all samples; ``L``: mean number of ordered
        linked pairs in a sample; ``p``: mean of ``Z_k``; ``z``: ``Z_k``, shape (reps, k).
    """
    reps, k, m = _check_int("reps", reps, 1), _check_int("k", k, 2), _check_int("m", m, 2)
    block = max(1, _BLOCK_ELEMENTS // (k * m))
    z, counts = [], np.zeros(4)
    for start in range(0, reps, block):
        mem, err, group = simulate_evaluation(n, m, p, q, rho_target, group_size, k, min(block, reps - start), rng)
        err &= mem
        z.append(err.sum(axis=-1) / n)
        counts += _pair_counts(mem, err, group).sum(axis=(0, 1))
    z = np.concatenate(z)
    v = z.var(axis=-1, ddof=1)
    return {
        "var": v.mean(),
        "var_se": v.std(ddof=1) / np.sqrt(reps) if reps > 1 else np.nan,
        "rho": float(_phi(*counts[:3])),
        "L": counts[3] / z.size,
        "p": z.mean(),
        "z": z,
    }


def estimate_network_parameters(adjacency, membership, errors, q_method: str = "erred") -> dict:
    """RS-C parameters ``n, m, p, q, rho, |L|`` of one evaluation on a graph ([W11] Sec. 4), with
    *linked* meaning joined by an edge of ``adjacency``.

    :func:`estimate_parameters` takes links from group labels (distinct nodes of one
    group are linked, the simulated study's model); on a network the linked pairs are its edges.
    ``n, m, p, q`` do not involve links and are taken from it unchanged (``q_method`` as there).
    ``|L|`` is the mean over test sets of the number of *ordered* linked pairs with both ends in
    the test set (an edge counts twice, Theorem 1's footnote 5) and ``rho`` the phi coefficient of
    ``(error_i, error_j)`` over those pairs pooled over the test sets (0 where the table has an
    empty margin, as in :func:`estimate_parameters`). With ``adjacency`` linking every pair inside each group
    the result equals ``estimate_parameters(membership, errors, group)`` (tested).

    Parameters
    ----------
    adjacency : sparse (m, m), symmetric 0/1
    membership : array_like of bool, shape (..., k, m)
        Test sets.
    errors : array_like of 0/1, shape (..., k, m)
        Errors of one model; ignored outside the test sets.
    q_method : {"erred", "moments"}

    Returns
    -------
    dict of ndarray, each of shape ``(...)``
    """
    adj = networks.check_adjacency(adjacency)
    mem = np.asarray(membership, dtype=bool)
    m = adj.shape[0]
    if mem.ndim < 2 or mem.shape[-1] != m:
        raise ValueError(f"membership must have shape (..., k, {m}) to match the adjacency, got {mem.shape}")
    params = estimate_parameters(mem, errors, np.arange(m), q_method=q_method)  # no links
    err = np.where(mem, np.asarray(errors), 0).astype(np.int8)
    table = networks.linked_pair_table(adj, err.reshape(-1, m), mem.reshape(-1, m))
    table = table.reshape(mem.shape[:-1] + (4,))  # (..., k, 4)
    pooled = table.sum(axis=-2)
    params["rho"] = np.nan_to_num(networks.phi_from_table(pooled), nan=0.0)
    params["L"] = table.sum(axis=-1).mean(axis=-1)
    return params
