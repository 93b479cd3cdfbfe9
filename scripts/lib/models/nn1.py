"""Weka's 1-nearest-neighbour classifier (``IBk -K 1`` / ``IB1``, Weka 3.6 defaults): the distance,
its normalisation ranges and BLAS form, and the tie rules.

Ojala & Garriga, "Permutation Tests for Studying Classifier Performance" (ICDM 2009), Sec. IV: "We
use Weka 3.6 data mining software [11] with the default parameters of those classification
algorithms" -- 1-Nearest Neighbor among them. Data convention: as in :mod:`lib.data.attributes`.

The cross-validation engines built on these pieces, which score whole batches of randomised data
sets without refitting, are in :mod:`lib.models.nn1_engine`; the refit-per-fold reference ``IBk1``
(the oracle of the tests) is in ``scripts/tools/reference_models.py``.

What is reproduced exactly, and every known difference from Weka 3.6
---------------------------------------------------------------------
* Distance: Weka's ``EuclideanDistance`` (``NormalizableDistance.difference``) exactly:
  numeric attributes min-max normalised, ``norm(x) = (x - min) / (max - min)`` and 0 when
  ``max == min``; nominal attributes contribute 0 if equal and 1 if different; a nominal
  attribute with a missing value on either side contributes 1; a numeric attribute missing
  on both sides contributes 1; missing on one side contributes ``v`` or ``1 - v``
  (``if v < 0.5: v = 1 - v``), ``v`` the normalised present value, i.e. ``max(v, 1 - v)``.
  :func:`ibk_sq_distances` evaluates this element-wise in Weka's order of operations.
  The square root Weka takes at the end is monotone and omitted.
* BLAS form (:func:`encode_for_blas`): normalised numeric columns plus one-hot nominal
  columns scaled by ``1/sqrt(2)`` give squared Euclidean distances equal to Weka's when no
  value is missing (equal up to float rounding, ~1e-15).
* **Normalisation ranges.** Weka's IBk/IB1 initialise the ranges from the training
  instances *and then widen them with every test instance before classifying it*
  (``IBk.distributionForInstance`` calls ``m_NNSearch.addInstanceInfo(instance)``, which
  calls ``NormalizableDistance.update``; ``IB1.classifyInstance`` calls
  ``updateMinMax``), so during cross-validation the ranges used for the t-th test
  instance of a fold are those of the training fold plus test instances 1..t. The
  refit-per-fold reference ``IBk1`` (``scripts/tools/reference_models.py``, the oracle of the
  tests and cross-check tools) offers ``range_mode="weka"`` (that sequential behaviour,
  exact), ``"train"`` (training instances only) and ``"fixed"`` (caller-supplied ranges). The
  fast permutation engines use fixed ranges computed on the whole data set: for leave-one-out
  this *is* Weka's behaviour exactly (training fold + the one test instance = all data),
  for 10-fold CV it agrees with Weka for every test instance processed after its fold's
  extreme values and differs slightly before. Whole-data ranges are invariant under both
  randomisations of the paper (Test 1 keeps X; Test 2 keeps each column's multiset).
* **Ties.** ``IBk`` (``LinearNNSearch``) keeps *all* training instances tied at the k-th
  distance and votes (unweighted) among them; a tie in the vote goes to the lowest class
  index. ``IB1`` keeps the first instance in training order with a strictly smaller
  distance, i.e. the lowest training index among the tied ones. ``tie_rule="vote"`` is
  IBk, ``tie_rule="first"`` is IB1 fed the rows in file order (the lowest index).
* **IB1 inside Weka's cross-validation** (``tie_rule="shuffled"``, :class:`TieKeys`).
  ``Evaluation.crossValidateModel(classifier, data, numFolds, random)`` copies the data,
  calls ``data.randomize(random)`` and ``data.stratify(numFolds)``, and builds fold
  ``i``'s training set with ``data.trainCV(numFolds, i, random)``, which is
  ``trainCV(numFolds, i)`` followed by ``train.randomize(random)`` (a Fisher-Yates shuffle,
  ``swap(j, random.nextInt(j + 1))``). ``IB1.buildClassifier`` keeps that order and
  ``IB1.classifyInstance`` keeps the first training instance whose distance is strictly
  smaller (``if (distance < minDistance)``). So among tied nearest neighbours Weka's IB1
  predicts the one that comes first in a fresh uniform order of the training rows, drawn
  anew for every fold, CV repetition and data set: a uniformly random tied neighbour.
  (Checked in Weka 3.8's source and in the bytecode of Debian's Weka 3.6.14 jar, see
  ``scripts/tools/crosscheck_ib1_cv.py``.) ``"shuffled"`` implements this with random
  priority keys per training row (a uniform permutation per fold, :class:`TieKeys`): the
  prediction is the tied row with the smallest key. It is the default of the pipeline
  (``permutation.tie_rule``); ``"first"`` is what the earlier cross-check measured, with
  Weka fed rows in file order.
* Ties are detected with an absolute tolerance ``TIE_TOL`` on squared distances (BLAS
  rounding); Weka compares doubles exactly. The measured effect is the reverse of what one
  might fear: distances that are tied in exact arithmetic but that Weka's own rounding
  pulls apart (1.7e-17 on Iris) count as tied here. The reference
  ``IBk1(range_mode="weka", tol=0)`` is an exact Weka mode: on identical folds it gave 100%
  the predictions of Weka 3.6.14 IB1 / IBk and Weka 3.9.7 IBk on all 22 UCI data sets of Ojala & Garriga
  (``scripts/tools/crosscheck_weka.py``); with the default tolerance 1 row in 19,000 differs
  (Iris), with the fast engines' whole-data ranges 4 more (autos, hepatitis, diabetes).
* IB1 treats a numeric attribute as constant when ``max - min`` is below 1e-6 (Weka's
  ``Utils.eq``); IBk and this module only when it is exactly 0. Not hit on those data sets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..data.attributes import AttributeSpec, check_X

TIE_TOL = 1e-9
"""Squared distances within this absolute tolerance of the minimum count as tied."""

_INV_SQRT2 = float(np.sqrt(0.5))


# --------------------------------------------------------------------------------------
# Normalisation ranges
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ranges:
    """Per-attribute minimum and width (max - min) of the numeric attributes.

    ``lo`` and ``width`` have shape ``(m,)`` or, for per-test-instance ranges, ``(n_test, m)``.
    Entries of nominal attributes are ignored.
    """

    lo: np.ndarray
    width: np.ndarray


def weka_ranges(X, spec: AttributeSpec) -> Ranges:
    """Min-max ranges of the non-missing values, as ``NormalizableDistance.initializeRanges``.

    Parameters
    ----------
    X : (n, m) array
    spec : AttributeSpec

    Returns
    -------
    Ranges
        ``lo = min``, ``width = max - min`` per attribute (``NaN``/0 for an all-missing
        column, which then normalises to 0).
    """
    X = check_X(X, spec)
    present = ~np.isnan(X)
    any_present = present.any(axis=0)
    lo = np.where(any_present, np.min(np.where(present, X, np.inf), axis=0, initial=np.inf), np.nan)
    hi = np.where(any_present, np.max(np.where(present, X, -np.inf), axis=0, initial=-np.inf), np.nan)
    width = np.where(np.isnan(hi - lo), 0.0, hi - lo)
    return Ranges(lo, width)


def _norm(x, lo, width):
    """Weka's ``norm``: (x - lo) / width, and 0 where width == 0 (NaN x stays NaN)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (x - lo) / width
    return np.where(width == 0, np.where(np.isnan(x), np.nan, 0.0), z)


# --------------------------------------------------------------------------------------
# IBk / IB1 distance
# --------------------------------------------------------------------------------------
def ibk_sq_distances(A, B, spec: AttributeSpec, ranges: Ranges) -> np.ndarray:
    """Weka's squared Euclidean distance between rows of ``A`` and rows of ``B``, exactly.

    Implements ``NormalizableDistance.difference`` + ``EuclideanDistance.updateDistance``
    (sum of squared per-attribute differences in attribute order), including Weka's
    missing-value rules (see module docstring). Works on any data, with or without missing
    values; cost ``O(len(A) * len(B) * m)`` element-wise operations.

    Parameters
    ----------
    A : (na, m) array
        Typically the test instances.
    B : (nb, m) array
        Typically the training instances.
    spec : AttributeSpec
    ranges : Ranges
        ``lo``/``width`` of shape ``(m,)``, or ``(na, m)`` for per-test-instance ranges
        (Weka's sequential ranges, ``weka_sequential_ranges`` of ``scripts/tools/reference_models.py``).

    Returns
    -------
    (na, nb) array of squared distances.
    """
    A = check_X(A, spec)
    B = check_X(B, spec)
    lo = np.asarray(ranges.lo, dtype=float)
    width = np.asarray(ranges.width, dtype=float)
    per_row = lo.ndim == 2
    D = np.zeros((A.shape[0], B.shape[0]))
    for j in range(spec.m):
        a = A[:, j][:, None]
        b = B[:, j][None, :]
        am = np.isnan(a)
        bm = np.isnan(b)
        if spec.n_values[j] > 0:
            diff = ((a != b) | am | bm).astype(float)
        else:
            lj = lo[:, j][:, None] if per_row else lo[j]
            wj = width[:, j][:, None] if per_row else width[j]
            na_ = _norm(a, lj, wj)
            nb_ = _norm(b, lj, wj)
            diff = na_ - nb_
            if am.any() or bm.any():
                present = np.where(am, nb_, na_)  # the normalised present value
                one = np.where(present < 0.5, 1.0 - present, present)
                diff = np.where(am & bm, 1.0, np.where(am | bm, one, diff))
        D += diff * diff
    return D


def encode_for_blas(X, spec: AttributeSpec, ranges: Ranges) -> tuple[np.ndarray, np.ndarray]:
    """Encode ``X`` so that squared Euclidean distance equals Weka's IBk distance.

    Numeric attributes are normalised with ``ranges``; a nominal attribute with ``V`` values
    becomes ``V`` one-hot columns scaled by ``1/sqrt(2)`` (two different values are at squared
    distance 1/2 + 1/2 = 1). Valid only without missing values (Weka's missing-value rules are
    not a Euclidean embedding: a missing value is at distance 1 even from itself).

    Returns
    -------
    Z : (n, d) float array
    groups : (d,) int array, the attribute each column of ``Z`` comes from (needed to apply a
        Test 2 column permutation to ``Z``).
    """
    X = check_X(X, spec)
    if np.isnan(X).any():
        raise ValueError("encode_for_blas needs data without missing values; use ibk_sq_distances")
    cols, groups = [], []
    lo = np.asarray(ranges.lo, dtype=float)
    width = np.asarray(ranges.width, dtype=float)
    for j in range(spec.m):
        V = spec.n_values[j]
        if V == 0:
            cols.append(_norm(X[:, j], lo[j], width[j])[:, None])
            groups.append(j)
        else:
            oh = np.zeros((X.shape[0], V))
            oh[np.arange(X.shape[0]), X[:, j].astype(int)] = _INV_SQRT2
            cols.append(oh)
            groups.extend([j] * V)
    Z = np.hstack(cols) if cols else np.zeros((X.shape[0], 0))
    return Z, np.asarray(groups, dtype=int)


NUMERIC, NUMERIC_MISSING, NOMINAL = 0, 1, 2
"""Kinds of column in :func:`weka_columns`: numeric without a missing value, numeric with one,
nominal (a missing nominal value needs no kind of its own: ``NaN != v`` for every ``v``)."""


def weka_columns(X, spec: AttributeSpec, ranges: Ranges) -> tuple[np.ndarray, np.ndarray]:
    """The values :func:`ibk_sq_distances` compares, once: numeric attributes normalised with
    ``ranges`` (Weka's ``norm``, the same operations), nominal codes as they are, ``NaN`` missing.

    With these, a pair's squared distance is the sum over attributes, in attribute order, of
    ``(a - b)**2`` (numeric), ``1`` if ``a != b`` (nominal; a missing value differs from
    everything) or Weka's missing-numeric rule: every double equal to :func:`ibk_sq_distances`'s.

    Returns
    -------
    V : (n, m) float array
    kinds : (m,) int64 array of :data:`NUMERIC`, :data:`NUMERIC_MISSING`, :data:`NOMINAL`
    """
    X = check_X(X, spec)
    lo = np.asarray(ranges.lo, dtype=float)
    width = np.asarray(ranges.width, dtype=float)
    V = np.empty(X.shape)  # C order whatever X's: one compiled signature of the kernels
    kinds = np.empty(spec.m, dtype=np.int64)
    for j in range(spec.m):
        if spec.n_values[j] > 0:
            V[:, j] = X[:, j]
            kinds[j] = NOMINAL
        else:
            V[:, j] = _norm(X[:, j], lo[j], width[j])
            kinds[j] = NUMERIC_MISSING if np.isnan(X[:, j]).any() else NUMERIC
    return V, kinds


def has_missing_numeric(X, spec: AttributeSpec) -> bool:
    X = check_X(X, spec)
    return bool(np.isnan(X[:, spec.numeric_cols]).any())


def encode_for_blas_nominal_missing(
    X, spec: AttributeSpec, ranges: Ranges
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`encode_for_blas` extended to missing *nominal* values (numeric ones still need
    :func:`ibk_sq_distances`).

    A missing nominal value is an all-zero one-hot block plus, in one extra "norm-only" column
    of its attribute, ``1/sqrt(2)``. Norm-only columns count in a row's squared norm but not in
    cross products (``weight`` 0), so ``D = |a|^2 + |b|^2 - 2 a.(weight * b)`` gives 1/2 + 1/2
    = 1 against any value and against another missing value (Weka: a missing nominal value
    differs from everything), and Weka's 0/1 otherwise. Without missing values this is
    :func:`encode_for_blas` with all weights 1.

    Returns
    -------
    Z : (n, d), groups : (d,) attribute of each column, weight : (d,) 1.0 or 0.0.
    """
    X = check_X(X, spec)
    if has_missing_numeric(X, spec):
        raise ValueError("missing numeric values have no BLAS form; use ibk_sq_distances")
    miss = np.isnan(X)
    filled = np.where(miss, 0.0, X)
    Z, groups = encode_for_blas(filled, spec, ranges)
    weight = np.ones(Z.shape[1])
    extra, extra_groups = [], []
    for j in np.flatnonzero(miss.any(axis=0)):
        Z[np.ix_(miss[:, j], groups == j)] = 0.0
        extra.append(np.where(miss[:, j], _INV_SQRT2, 0.0)[:, None])
        extra_groups.append(j)
    if extra:
        Z = np.hstack([Z, *extra])
        groups = np.r_[groups, extra_groups]
        weight = np.r_[weight, np.zeros(len(extra))]
    return Z, groups, weight


def sq_euclidean(ZA, ZB) -> np.ndarray:
    """Squared Euclidean distances via BLAS: ``||a||^2 + ||b||^2 - 2 a.b``, clipped at 0.

    Leading batch dimensions are broadcast (``ZA``: ``(..., na, d)``, ``ZB``: ``(..., nb, d)``).
    """
    ZA = np.asarray(ZA, dtype=float)
    ZB = np.asarray(ZB, dtype=float)
    aa = np.einsum("...ij,...ij->...i", ZA, ZA)
    bb = np.einsum("...ij,...ij->...i", ZB, ZB)
    D = aa[..., :, None] + bb[..., None, :] - 2.0 * np.matmul(ZA, np.swapaxes(ZB, -1, -2))
    np.maximum(D, 0.0, out=D)
    return D


def ibk_sqdist_fn(X, spec: AttributeSpec, ranges: Ranges | None = None) -> Callable:
    """A function ``f(rows_a, rows_b) -> (len(rows_a), len(rows_b))`` of Weka distances on ``X``.

    Uses the BLAS encoding when ``X`` has no missing numeric value (missing nominal values via
    :func:`encode_for_blas_nominal_missing`) and :func:`ibk_sq_distances` otherwise. ``ranges``
    defaults to the ranges of all of ``X`` (see module docstring: this is
    Weka's behaviour for leave-one-out and a close approximation for k-fold CV).
    """
    X = check_X(X, spec)
    if ranges is None:
        ranges = weka_ranges(X, spec)
    if not np.isnan(X).any():
        Z, _ = encode_for_blas(X, spec, ranges)

        def f(ra, rb):
            return sq_euclidean(Z[ra], Z[rb])
    elif not has_missing_numeric(X, spec):
        Z, _, w = encode_for_blas_nominal_missing(X, spec, ranges)
        sq = np.einsum("ij,ij->i", Z, Z)
        Zw = Z * w

        def f(ra, rb):
            D = sq[ra, None] + sq[None, rb] - 2.0 * (Zw[ra] @ Z[rb].T)
            np.maximum(D, 0.0, out=D)
            return D
    else:

        def f(ra, rb):
            return ibk_sq_distances(X[ra], X[rb], spec, ranges)

    return f


def euclidean_sqdist_fn(Z) -> Callable:
    """``f(rows_a, rows_b)`` = squared Euclidean distances between rows of ``Z`` (BLAS)."""
    Z = np.asarray(Z, dtype=float)

    def f(ra, rb):
        return sq_euclidean(Z[ra], Z[rb])

    return f


# --------------------------------------------------------------------------------------
# Tie rules
# --------------------------------------------------------------------------------------
TIE_RULES = ("first", "vote", "shuffled")
"""1-NN tie rules: IB1 in file order, IBk -K 1's vote, IB1 inside Weka's cross-validation."""

_NO_KEY = np.int64(np.iinfo(np.int64).max)  # key of a non-tied candidate: never the minimum


def check_tie_rule(tie_rule: str, keys=None) -> None:
    """Raise ``ValueError`` for an unknown rule or ``"shuffled"`` without keys."""
    if tie_rule not in TIE_RULES:
        raise ValueError(f"tie_rule must be one of {TIE_RULES}, got {tie_rule!r}")
    if tie_rule == "shuffled" and keys is None:
        raise ValueError("tie_rule='shuffled' needs tie keys (TieKeys or an array of keys)")


class TieKeys:
    """Random priority keys that emulate Weka's shuffled training order (``tie_rule="shuffled"``).

    Weka's ``Evaluation.crossValidateModel`` trains every fold on
    ``Instances.trainCV(numFolds, fold, random)``, which ends with ``randomize(random)``: a
    fresh uniform order of the training rows per fold (and per CV run, i.e. per CV repetition
    and per randomised data set). ``IB1.classifyInstance`` then predicts the tied nearest
    neighbour that comes first in that order. Here randomisation (or CV repetition) ``r`` gets
    an ``(n_folds, n)`` int32 array: row ``f`` is a uniform random permutation of ``0..n-1``,
    the key of data row ``j`` when fold ``f`` is the test fold; among tied training rows the
    smallest key wins. Restricted to the training rows of fold ``f`` the keys are a uniform
    random order, which is what Weka's Fisher-Yates shuffle gives (its ``java.util.Random``
    stream itself is not reproduced). Leave-one-out (fold ids ``0..n-1``) gets a fresh order
    per left-out row.

    The keys of ``r`` come from their own generator, ``SeedSequence([*entropy, r])``, so they
    depend only on the job's seed and ``r``, never on how a caller splits the randomisations
    into batches.

    Parameters
    ----------
    source : numpy.random.Generator (four 63-bit integers are drawn from it as the entropy) or
        a sequence of non-negative ints (the entropy itself)
    n_folds : int, fold ids must lie in ``0..n_folds-1``
    n : int, rows of the data set
    offset : int, the first randomisation's index: ``block(0, k)`` gives the keys of
        randomisations ``offset..offset+k-1`` (a job that computes a chunk of them)
    """

    def __init__(self, source, n_folds: int, n: int, offset: int = 0):
        if isinstance(source, np.random.Generator):
            source = source.integers(0, 2**63, size=4)
        self.entropy = tuple(int(v) for v in np.atleast_1d(source))
        self.n_folds = int(n_folds)
        self.n = int(n)
        self.offset = int(offset)

    def generator(self, r: int) -> np.random.Generator:
        """The generator of randomisation (or repetition) ``offset + r``."""
        return np.random.default_rng(np.random.SeedSequence([*self.entropy, self.offset + int(r)]))

    def block(self, start: int, stop: int) -> np.ndarray:
        """Keys of randomisations ``start..stop-1``: int32 array ``(stop - start, n_folds, n)``."""
        base = np.arange(self.n, dtype=np.int32)
        out = np.empty((max(0, stop - start), self.n_folds, self.n), dtype=np.int32)
        for t, r in enumerate(range(start, stop)):  # one generator per randomisation, not per row
            out[t] = self.generator(r).permuted(np.tile(base, (self.n_folds, 1)), axis=1)
        return out


def key_block(keys, start: int, stop: int) -> np.ndarray:
    """Keys of randomisations ``start..stop-1`` from a :class:`TieKeys` or an array
    ``(k, n_folds, n)`` (sliced) / ``(n_folds, n)`` (shared by all, broadcast)."""
    if hasattr(keys, "block"):
        return keys.block(start, stop)
    keys = np.asarray(keys)
    if keys.ndim == 2:
        return np.broadcast_to(keys, (stop - start,) + keys.shape)
    return keys[start:stop]


def nn1_from_sqdist(D, y_train, n_classes: int, tie_rule: str = "first", tol: float = TIE_TOL, keys=None) -> np.ndarray:
    """1-NN predictions from squared distances with Weka's tie handling.

    Parameters
    ----------
    D : (..., n_test, n_train) array; ``inf`` marks excluded candidates.
    y_train : (..., n_train) int array of class indices (broadcast against ``D``).
    n_classes : int
    tie_rule : {"first", "vote", "shuffled"}
        ``"first"``: the lowest training index among candidates within ``tol`` of the minimum
        (Weka IB1 on rows in the given order). ``"vote"``: unweighted vote among all of them,
        vote ties to the lowest class index (Weka IBk with k = 1). ``"shuffled"``: the tied
        candidate with the smallest ``keys`` value (Weka IB1 on a shuffled training set,
        ``Instances.trainCV(numFolds, fold, random)``; see :class:`TieKeys`).
    tol : float
    keys : int array broadcastable to ``D`` (priority of each candidate for each test row),
        required for ``"shuffled"``; keys of the tied candidates of a test row must differ.

    Returns
    -------
    (..., n_test) int array of predicted classes.
    """
    D = np.asarray(D, dtype=float)
    y_train = np.asarray(y_train)
    dmin = D.min(axis=-1, keepdims=True)
    if not np.isfinite(dmin).all():
        raise ValueError("a test instance has no training candidate")
    tie = D <= dmin + tol
    if tie_rule == "shuffled":
        check_tie_rule(tie_rule, keys)
        win = np.where(tie, keys, _NO_KEY).argmin(axis=-1)
        yb = np.broadcast_to(y_train, D.shape[:-2] + (D.shape[-1],))
        return np.take_along_axis(yb, win, axis=-1)
    if tie_rule == "first":
        first = tie.argmax(axis=-1)
        yb = np.broadcast_to(y_train, D.shape[:-2] + (D.shape[-1],))
        return np.take_along_axis(yb, first, axis=-1)
    if tie_rule == "vote":
        oh = np.asarray(y_train)[..., None] == np.arange(n_classes)
        votes = np.matmul(tie.astype(float), oh.astype(float))
        return votes.argmax(axis=-1)
    raise ValueError(f"tie_rule must be one of {TIE_RULES}, got {tie_rule!r}")
