"""Weka's SMO (``weka.classifiers.functions.SMO``, default options) re-implemented with numba.

Default options reproduced: ``-C 1.0 -L 0.001 -P 1.0E-12 -N 0 -V -1 -W 1
-K "PolyKernel -E 1.0"`` (linear kernel), optionally ``-M`` (logistic models on the SVM
outputs). The goal is Weka's *predictions*, not merely a solution of the same quadratic
programme: the optimisation path (which pair is updated when, with which floating-point
expression) decides where SMO stops inside its tolerance ``1e-3``, hence which rows near a
boundary fall on which side.

Data convention: as in :mod:`lib.models.weka_like` -- ``X`` float ``(n, m)``, nominal attributes hold
the value index ``0 .. V-1``, ``NaN`` is missing; ``spec.n_values[j]`` is ``V`` or 0 for
numeric; ``y`` holds class indices in the ARFF header's order, ``n_classes`` is the number of
class values in the header (default ``max(y) + 1``). The class attribute is taken to be the
last attribute (as in the project's ARFF files).

What is reproduced (read from Weka 3.8's ``SMO.java``, ``SMOset.java``, ``PolyKernel.java``,
``CachedKernel.java``, ``ReplaceMissingValues.java``, ``NominalToBinary.java``,
``Normalize.java``, ``Instances.randomize`` and ``java.util.Random``; Weka 3.6's bytecode has
the same structure, and the cross-check shows the same predictions)
-----------------------------------------------------------------------------------------
* **ReplaceMissingValues**: a numeric attribute's missing cells get the training mean (values
  summed one by one in row order, divided by the number of known values; 0 if none is known),
  a nominal one's the training mode (first most frequent value; value 0 if none is known).
* **NominalToBinary** (unsupervised, as SMO applies it): a nominal attribute with ``<= 2``
  values becomes one *numeric* column holding its value index (0/1); one with ``V > 2``
  values becomes ``V`` numeric 0/1 indicator columns. Column order is attribute order. (The
  3.8 source reads as if the columns stayed nominal; Weka 3.6.14 and 3.9.7 both output
  numeric columns, checked by running the filters, and SMO's results need it.)
* **Normalize** then treats every column alike: ``(x - min) / (max - min) * 1.0 + 0.0`` with
  the training min/max after imputation, 0 where ``max == min`` -- so a 0/1 column that is
  constant in the training set (e.g. a value that every training row has) becomes 0 for
  training and test rows; numeric test values may lie outside ``[0, 1]``.
* **One-vs-one**: for every pair of class values ``i < j`` (all header classes, in order) the
  training rows of class ``i`` (in data order) followed by those of class ``j`` are shuffled
  by ``Instances.randomize(rand)`` with one ``java.util.Random(1)`` shared by all pairs (so
  a pair's row order depends on the pairs before it); class ``i`` is coded ``-1``, ``j``
  ``+1``. A pair with only one class present gets ``b = -1`` (only ``j``) or ``b = +1``
  (only ``i``) and no weights; a pair with neither gets no classifier and no vote.
* **BinarySMO**: Platt's SMO with Keerthi et al.'s Modification 1 exactly as Weka writes it:
  ``b_up``/``b_low`` start at ``-1``/``+1`` with the error cache seeded at the last row of
  each class; the sets ``I0 .. I4``; ``I0`` is kept as Weka's ``SMOset``, a linked list with
  insertion at the front, because its iteration order breaks ties between equal errors when
  ``b_up``/``b_low`` are recomputed; the error cache holds the non-bound rows; ``takeStep``
  with Weka's clipping, ``eta >= 0`` objective comparison, ``eps = 1e-12`` step test and the
  ``1000 * Double.MIN_VALUE`` snapping; the examine-all / non-bound sweeps with the early exit
  ``b_up > b_low - 2 tol``; threshold ``b = (b_low + b_up) / 2``. The linear machine keeps an
  explicit weight vector updated in ``takeStep`` (``m_weights``); outputs are
  ``sum_k w_k x_k - b`` summed in attribute order, kernel values ``sum_k x_k z_k`` in
  attribute order (``CachedKernel.dotProd``). Terms with a zero factor are skipped (Weka's
  sparse loops skip them too for sparse data; adding an exact zero never changes a sum), which
  is what makes the compact row-wise non-zero layout exact.
* **Voting** (``distributionForInstance`` without ``-M``): output ``> 0`` votes for ``j``,
  otherwise ``i``; the prediction is the first class with the most votes (``Utils.maxIndex``).

``-M`` (``build_logistic=True``): per pair, Weka's ``Logistic`` (ridge ``1e-8``) fitted to
the SVM outputs of the training rows (``-V -1``) or of Weka's internal ``k``-fold
cross-validation (``-V k``: ``Random(seed)`` used for ``randomize``, ``stratify`` and
``trainCV``'s shuffle, exactly as ``BinarySMO.fitLogistic``/``fitCalibrator``); more than two
classes are combined by ``MultiClassClassifier.pairwiseCoupling``. The logistic fit here is a
Newton solve of the same penalised likelihood (Weka's ``Logistic``: standardised attribute,
ridge on the slope only; Weka minimises it with a BFGS optimiser and its own stopping rule),
so probabilities agree with Weka to the optimiser's tolerance, not bit for bit. Measured
against Weka 3.6.14 and 3.9.7 (``scripts/crosscheck_smo_weights.py --logistic``, test rows of
fold 0 of the 22 UCI data sets): with ``-V 3`` the largest probability difference is
``<= 1.7e-6`` on 14 data sets (the 11 two-class ones, balance-scale, iris, splice; so the
internal folds, drawn with Weka's ``Random``, are Weka's), 1.4e-5 on lymph, 0.004-0.038 on
autos, anneal, glass, segment, zoo; with ``-V -1`` ``<= 3.1e-6`` on 11 data sets but up to
0.90 on others (audiology, primary-tumor, splice, lymph, autos, promoters ...). Where looked
at (glass, segment: 4 of 15 and 12 of 21 pairs) the large differences sit on pairs whose
training outputs are linearly separable (with ``-V -1`` the SVM's own training outputs often
are): the likelihood then has no finite maximum, only the ``1e-8`` ridge bounds the slope,
and where each optimiser stops decides the probabilities; the others are not diagnosed.
Pairs with one class only (a class
absent from the training data) get a logistic model fitted to one class, which is not
checked separately. Weka refuses ``-M -V 3`` on audiology and primary-tumor (a pair with a
single training row).

Checked against real Weka (``scripts/crosscheck_weka.py --randomised``,
``scripts/crosscheck_smo_weights.py``): predictions equal to Weka 3.6.14's and 3.9.7's on all
42,828 compared cross-validation rows of the 22 UCI data sets of Ojala & Garriga (original,
Test 1 and Test 2 copies); weight vectors and biases of every pairwise machine bit-identical.

Performance: the kernel values come from a Gram matrix computed once per fit (exactly:
integer data through BLAS, stored as float32; other data summed in attribute order), because
the error-cache update over ``I0`` dominates on permuted labels (Mushroom: ~4,500 non-bound
rows per step); :func:`smo_cv_errors` reuses one whole-data Gram matrix for every fold whose
filtered values equal the whole-data ones (and for every Test 1 permutation). Above
``GRAM_BYTES`` the values are computed on the fly over the row-wise non-zeros.

Not reproduced: kernels other than the linear ``PolyKernel`` (``-E 1``), ``-N 1``
(standardise) and ``-N 2``, instance weights.
"""
from __future__ import annotations

import numpy as np
from numba import njit
from scipy.special import expit

from ..data.attributes import AttributeSpec, check_X

TOL = 1.0e-3  # Weka SMO -L
EPS = 1.0e-12  # Weka SMO -P
DEL = 1000 * 5e-324  # SMO.m_Del = 1000 * Double.MIN_VALUE (a denormal, exact)


# ======================================================================================
# java.util.Random (only what Instances.randomize needs)
# ======================================================================================
@njit(cache=True)
def _jr_seed(seed):
    return (np.int64(seed) ^ np.int64(0x5DEECE66D)) & np.int64(0xFFFFFFFFFFFF)


@njit(cache=True)
def _jr_next(state, bits):
    """``Random.next(bits)``; ``state`` is a 1-element int64 array (the 48-bit seed)."""
    # int64 products wrap modulo 2**64, which keeps the low 48 bits Java keeps
    s = (state[0] * np.int64(0x5DEECE66D) + np.int64(0xB)) & np.int64(0xFFFFFFFFFFFF)
    state[0] = s
    return np.int64(s >> (48 - bits))


@njit(cache=True)
def _jr_next_int(state, bound):
    """``Random.nextInt(bound)`` (the legacy algorithm ``java.util.Random`` still uses)."""
    if (bound & -bound) == bound:  # power of two
        return np.int64((bound * _jr_next(state, 31)) >> 31)
    while True:
        bits = _jr_next(state, 31)
        val = bits % bound
        if bits - val + (bound - 1) <= 2147483647:  # Java's int overflow test
            return val


@njit(cache=True)
def _jr_randomize(rows, state):
    """``Instances.randomize``: ``for j = n-1 .. 1: swap(j, nextInt(j + 1))`` in place."""
    for j in range(rows.shape[0] - 1, 0, -1):
        k = _jr_next_int(state, j + 1)
        t = rows[j]
        rows[j] = rows[k]
        rows[k] = t


def java_random_permutation(n: int, seed: int) -> np.ndarray:
    """Row order after ``Instances.randomize(new Random(seed))`` of ``n`` rows (for tests)."""
    rows = np.arange(n, dtype=np.int64)
    _jr_randomize(rows, np.array([_jr_seed(seed)], dtype=np.int64))
    return rows


# ======================================================================================
# BinarySMO (linear machine), compiled
# ======================================================================================
@njit(cache=True)
def _kdot(Z, i, nzptr, nzidx, j):
    """Kernel value ``K(i, j)``: ``sum_k Z[i, k] * Z[j, k]`` in attribute order over the
    non-zeros of row ``j`` (``CachedKernel.dotProd``; skipped terms are exact zeros)."""
    s = 0.0
    for p in range(nzptr[j], nzptr[j + 1]):
        k = nzidx[p]
        s += Z[i, k] * Z[j, k]
    return s


@njit(cache=True)
def _kern(Z, nzptr, nzidx, G64, G32, gmode, gi, i, j):
    """``K(i, j)`` from the precomputed Gram matrix (``gmode`` 1: float64, 2: float32 holding
    integers exactly; rows ``gi[i]``) or by :func:`_kdot` (``gmode`` 0). The Gram matrix
    holds the same doubles: see :func:`_gram`."""
    if gmode == 1:
        return G64[gi[i], gi[j]]
    if gmode == 2:
        return np.float64(G32[gi[i], gi[j]])
    return _kdot(Z, i, nzptr, nzidx, j)


@njit(cache=True)
def _gram_sequential(Z, nzptr, nzidx):
    """Full Gram matrix, every entry summed in attribute order like ``CachedKernel.dotProd``."""
    n = Z.shape[0]
    G = np.empty((n, n))
    for i in range(n):
        for j in range(i + 1):
            v = _kdot(Z, i, nzptr, nzidx, j)
            G[i, j] = v
            G[j, i] = v
    return G


@njit(cache=True)
def _wdot(w, Z, nzptr, nzidx, i):
    """``sum_k w[k] * Z[i, k]`` in attribute order (``SVMOutput`` of the linear machine)."""
    s = 0.0
    for p in range(nzptr[i], nzptr[i + 1]):
        k = nzidx[p]
        s += w[k] * Z[i, k]
    return s


@njit(cache=True)
def _i0_insert(i, first, nxt, prv, ind, count):
    """``SMOset.insert``: new members go to the front of the list."""
    if not ind[i]:
        if count[0] == 0:
            first[0] = i
            nxt[i] = -1
            prv[i] = -1
        else:
            prv[first[0]] = i
            nxt[i] = first[0]
            prv[i] = -1
            first[0] = i
        ind[i] = True
        count[0] += 1


@njit(cache=True)
def _i0_delete(i, first, nxt, prv, ind, count):
    """``SMOset.delete``."""
    if ind[i]:
        if first[0] == i:
            first[0] = nxt[i]
        else:
            nxt[prv[i]] = nxt[i]
        if nxt[i] != -1:
            prv[nxt[i]] = prv[i]
        ind[i] = False
        count[0] -= 1


@njit(cache=True)
def _binary_smo(Z, nzptr, nzidx, yy, C, tol, eps, dl, w, out_b, G64, G32, gmode, gi):
    """Weka's ``BinarySMO.buildClassifier`` for the linear machine on rows ``Z`` (in the
    randomised order), classes ``yy`` in {-1, +1}. Writes the weights into ``w`` (zeroed
    here) and returns ``b``; ``out_b`` (4,) receives statistics: successful steps,
    examineExample calls, examine-all sweeps, error-cache updates (sum of |I0| per step).

    Membership of I1..I4 follows from (y, alpha); I0 is the ordered linked list."""
    n, d = Z.shape
    for k in range(d):
        w[k] = 0.0
    alpha = np.zeros(n)
    errors = np.zeros(n)
    first = np.full(1, -1, dtype=np.int64)
    count = np.zeros(1, dtype=np.int64)
    nxt = np.full(n, -1, dtype=np.int64)
    prv = np.full(n, -1, dtype=np.int64)
    ind = np.zeros(n, dtype=np.bool_)
    # state: bUp, bLow as floats; iUp, iLow as ints
    iUp = -1
    iLow = -1
    for i in range(n):
        if yy[i] == -1.0:
            iLow = i
        else:
            iUp = i
    bUp = -1.0
    bLow = 1.0
    b = 0.0
    errors[iLow] = 1.0
    errors[iUp] = -1.0
    C1 = C * 1.0
    C2 = C * 1.0
    two_tol = 2 * tol
    steps = 0

    numChanged = 0
    examineAll = True
    while numChanged > 0 or examineAll:
        numChanged = 0
        if examineAll:
            out_b[2] += 1
        for i2 in range(n):
            if not examineAll:
                if not (alpha[i2] > 0 and alpha[i2] < C * 1.0):
                    continue
            # ---------------- examineExample(i2) ----------------
            out_b[1] += 1
            y2 = yy[i2]
            a2c = alpha[i2]
            inI0 = ind[i2]
            # I1|I2: (y=+1, a=0) or (y=-1, a=C); I3|I4: (y=+1, a=C) or (y=-1, a=0)
            in12 = (y2 == 1.0 and a2c == 0.0) or (y2 == -1.0 and a2c == C2)
            in34 = (y2 == 1.0 and a2c == C2) or (y2 == -1.0 and a2c == 0.0)
            if inI0:
                F2 = errors[i2]
            else:
                F2 = ((_wdot(w, Z, nzptr, nzidx, i2) - b) + b) - y2
                errors[i2] = F2
                if in12 and F2 < bUp:
                    bUp = F2
                    iUp = i2
                elif in34 and F2 > bLow:
                    bLow = F2
                    iLow = i2
            optimal = True
            i1 = -1
            if inI0 or in12:
                if bLow - F2 > two_tol:
                    optimal = False
                    i1 = iLow
            if inI0 or in34:
                if F2 - bUp > two_tol:
                    optimal = False
                    i1 = iUp
            changed = False
            if not optimal:
                if inI0:
                    if bLow - F2 > F2 - bUp:
                        i1 = iLow
                    else:
                        i1 = iUp
                # ---------------- takeStep(i1, i2, F2) ----------------
                if i1 != i2:
                    alph1 = alpha[i1]
                    alph2 = alpha[i2]
                    y1 = yy[i1]
                    F1 = errors[i1]
                    s = y1 * y2
                    if y1 != y2:
                        t = alph2 - alph1
                        L = t if t > 0.0 else 0.0
                        t = C1 + alph2 - alph1
                        H = C2 if C2 <= t else t
                    else:
                        t = alph1 + alph2 - C1
                        L = t if t > 0.0 else 0.0
                        t = alph1 + alph2
                        H = C2 if C2 <= t else t
                    if L < H:
                        k11 = _kern(Z, nzptr, nzidx, G64, G32, gmode, gi, i1, i1)
                        k12 = _kern(Z, nzptr, nzidx, G64, G32, gmode, gi, i1, i2)
                        k22 = _kern(Z, nzptr, nzidx, G64, G32, gmode, gi, i2, i2)
                        eta = 2 * k12 - k11 - k22
                        if eta < 0:
                            a2 = alph2 - y2 * (F1 - F2) / eta
                            if a2 < L:
                                a2 = L
                            elif a2 > H:
                                a2 = H
                        else:
                            f1 = _wdot(w, Z, nzptr, nzidx, i1) - b
                            f2 = _wdot(w, Z, nzptr, nzidx, i2) - b
                            v1 = f1 + b - y1 * alph1 * k11 - y2 * alph2 * k12
                            v2 = f2 + b - y1 * alph1 * k12 - y2 * alph2 * k22
                            gamma = alph1 + s * alph2
                            # Weka's expressions, left to right; gl, gh are the values Weka
                            # recomputes as (gamma - s * L) and (gamma - s * H)
                            gl = gamma - s * L
                            gh = gamma - s * H
                            Lobj = (gl + L - 0.5 * k11 * gl * gl - 0.5 * k22 * L * L
                                    - s * k12 * gl * L - y1 * gl * v1 - y2 * L * v2)
                            Hobj = (gh + H - 0.5 * k11 * gh * gh - 0.5 * k22 * H * H
                                    - s * k12 * gh * H - y1 * gh * v1 - y2 * H * v2)
                            if Lobj > Hobj + eps:
                                a2 = L
                            elif Lobj < Hobj - eps:
                                a2 = H
                            else:
                                a2 = alph2
                        if not (abs(a2 - alph2) < eps * (a2 + alph2 + eps)):
                            if a2 > C2 - dl * C2:
                                a2 = C2
                            elif a2 <= dl * C2:
                                a2 = 0.0
                            a1 = alph1 + s * (alph2 - a2)
                            if a1 > C1 - dl * C1:
                                a1 = C1
                            elif a1 <= dl * C1:
                                a1 = 0.0
                            # update sets (only I0's order matters; the rest follows alpha)
                            if a1 > 0 and a1 < C1:
                                _i0_insert(i1, first, nxt, prv, ind, count)
                            else:
                                _i0_delete(i1, first, nxt, prv, ind, count)
                            if a2 > 0 and a2 < C2:
                                _i0_insert(i2, first, nxt, prv, ind, count)
                            else:
                                _i0_delete(i2, first, nxt, prv, ind, count)
                            mult1 = y1 * (a1 - alph1)
                            mult2 = y2 * (a2 - alph2)
                            for p in range(nzptr[i1], nzptr[i1 + 1]):
                                k = nzidx[p]
                                w[k] += mult1 * Z[i1, k]
                            for p in range(nzptr[i2], nzptr[i2 + 1]):
                                k = nzidx[p]
                                w[k] += mult2 * Z[i2, k]
                            out_b[3] += count[0]
                            # the branch on the kernel source is hoisted out of the loop
                            # over I0 (the hot loop; a call per element was 20x slower)
                            j = first[0]
                            if gmode == 2:
                                r1 = gi[i1]
                                r2 = gi[i2]
                                while j != -1:
                                    if j != i1 and j != i2:
                                        gj = gi[j]
                                        errors[j] += (mult1 * np.float64(G32[r1, gj])
                                                      + mult2 * np.float64(G32[r2, gj]))
                                    j = nxt[j]
                            elif gmode == 1:
                                r1 = gi[i1]
                                r2 = gi[i2]
                                while j != -1:
                                    if j != i1 and j != i2:
                                        gj = gi[j]
                                        errors[j] += mult1 * G64[r1, gj] + mult2 * G64[r2, gj]
                                    j = nxt[j]
                            else:
                                while j != -1:
                                    if j != i1 and j != i2:
                                        errors[j] += (mult1 * _kdot(Z, i1, nzptr, nzidx, j)
                                                      + mult2 * _kdot(Z, i2, nzptr, nzidx, j))
                                    j = nxt[j]
                            errors[i1] += mult1 * k11 + mult2 * k12
                            errors[i2] += mult1 * k12 + mult2 * k22
                            alpha[i1] = a1
                            alpha[i2] = a2
                            bLow = -1.7976931348623157e308
                            bUp = 1.7976931348623157e308
                            iLow = -1
                            iUp = -1
                            j = first[0]
                            while j != -1:
                                if errors[j] < bUp:
                                    bUp = errors[j]
                                    iUp = j
                                if errors[j] > bLow:
                                    bLow = errors[j]
                                    iLow = j
                                j = nxt[j]
                            for ii in (i1, i2):
                                if not ind[ii]:
                                    yi = yy[ii]
                                    ai = alpha[ii]
                                    # I3 or I4 (C1 == C2: all weights are 1)
                                    if (yi == 1.0 and ai == C1) or (yi == -1.0 and ai == 0.0):
                                        if errors[ii] > bLow:
                                            bLow = errors[ii]
                                            iLow = ii
                                    else:
                                        if errors[ii] < bUp:
                                            bUp = errors[ii]
                                            iUp = ii
                            changed = True
                            steps += 1
            if changed:
                numChanged += 1
            if not examineAll:
                # Modification 1: is optimality on the unbound vectors obtained?
                if bUp > bLow - 2 * tol:
                    numChanged = 0
                    break
        if examineAll:
            examineAll = False
        elif numChanged == 0:
            examineAll = True
    out_b[0] = steps
    return (bLow + bUp) / 2.0


@njit(cache=True)
def _nonzeros(Z):
    """Row-wise non-zero layout of ``Z`` (CSR pointers and column indices, attribute order)."""
    n, d = Z.shape
    ptr = np.zeros(n + 1, dtype=np.int64)
    for i in range(n):
        c = 0
        for k in range(d):
            if Z[i, k] != 0.0:
                c += 1
        ptr[i + 1] = ptr[i] + c
    idx = np.empty(ptr[n], dtype=np.int64)
    for i in range(n):
        p = ptr[i]
        for k in range(d):
            if Z[i, k] != 0.0:
                idx[p] = k
                p += 1
    return ptr, idx


@njit(cache=True)
def _fit_pairs(Z, y, n_classes, C, tol, eps, dl, seed, G64, G32, gmode, gidx):
    """All one-vs-one BinarySMOs (Weka's ``SMO.buildClassifier`` after the filters).

    Returns ``W (P, d)``, ``b (P,)``, ``kind (P,)`` (0: no classifier, 1: trained, 2: one
    class only, no weights) and ``steps (P,)``, pairs ``(i, j), i < j`` in Weka's order.
    """
    n, d = Z.shape
    P = n_classes * (n_classes - 1) // 2
    W = np.zeros((P, d))
    bs = np.zeros(P)
    kind = np.zeros(P, dtype=np.int64)
    steps = np.zeros(P, dtype=np.int64)
    stats = np.zeros((P, 4), dtype=np.int64)
    counts = np.zeros(n_classes, dtype=np.int64)
    for i in range(n):
        counts[y[i]] += 1
    state = np.full(1, _jr_seed(seed), dtype=np.int64)
    tmp = np.zeros(4, dtype=np.int64)
    p = 0
    for ci in range(n_classes):
        for cj in range(ci + 1, n_classes):
            m = counts[ci] + counts[cj]
            rows = np.empty(m, dtype=np.int64)
            q = 0
            for i in range(n):  # subset ci (data order), then subset cj
                if y[i] == ci:
                    rows[q] = i
                    q += 1
            for i in range(n):
                if y[i] == cj:
                    rows[q] = i
                    q += 1
            _jr_randomize(rows, state)  # one Random(seed) across all pairs
            if counts[ci] == 0 and counts[cj] == 0:
                kind[p] = 0
            elif counts[ci] == 0 or counts[cj] == 0:
                kind[p] = 2
                bs[p] = -1.0 if counts[ci] == 0 else 1.0  # only +1 rows: b = -1
            else:
                Zp = np.empty((m, d))
                yy = np.empty(m)
                for r in range(m):
                    Zp[r] = Z[rows[r]]
                    yy[r] = -1.0 if y[rows[r]] == ci else 1.0
                ptr, idx = _nonzeros(Zp)
                w = np.zeros(d)
                tmp[:] = 0
                gi = np.empty(m, dtype=np.int64)
                if gmode != 0:
                    for r in range(m):
                        gi[r] = gidx[rows[r]]
                bs[p] = _binary_smo(Zp, ptr, idx, yy, C, tol, eps, dl, w, tmp, G64, G32, gmode, gi)
                W[p] = w
                steps[p] = tmp[0]
                stats[p] = tmp
                kind[p] = 1
            p += 1
    return W, bs, kind, steps, stats


@njit(cache=True)
def _outputs(W, bs, kind, Z):
    """SVM outputs ``(n, P)``: ``sum_k x_k w_k`` over the non-zero weights in attribute
    order, minus ``b`` (``SVMOutput`` with ``m_sparseWeights``)."""
    n, d = Z.shape
    P = W.shape[0]
    out = np.zeros((n, P))
    for p in range(P):
        for i in range(n):
            s = 0.0
            if kind[p] == 1:
                for k in range(d):
                    if W[p, k] != 0.0:
                        s += Z[i, k] * W[p, k]
            out[i, p] = s - bs[p]
    return out


@njit(cache=True)
def _vote(out, kind, n_classes):
    """Weka's pairwise voting: output > 0 votes for the pair's second class; first maximum."""
    n = out.shape[0]
    pred = np.zeros(n, dtype=np.int64)
    votes = np.zeros(n_classes)
    for i in range(n):
        votes[:] = 0.0
        p = 0
        for ci in range(n_classes):
            for cj in range(ci + 1, n_classes):
                if kind[p] != 0:
                    if out[i, p] > 0:
                        votes[cj] += 1
                    else:
                        votes[ci] += 1
                p += 1
        best = 0
        for c in range(1, n_classes):
            if votes[c] > votes[best]:
                best = c
        pred[i] = best
    return pred


# ======================================================================================
# Gram matrix (exact)
# ======================================================================================
GRAM_BYTES = 320 * 2**20  # largest Gram matrix kept in memory
_NO_GRAM = (np.zeros((0, 0)), np.zeros((0, 0), dtype=np.float32), 0)


def _gram(Z: np.ndarray):
    """Precomputed kernel values ``(G64, G32, gmode)`` that equal Weka's, or no Gram matrix.

    Weka sums ``x_k z_k`` in attribute order. When every value is an integer (nominal data:
    0/1 columns), every partial sum is an integer far below ``2**24``, so any summation order
    (BLAS) gives the same double and float32 stores it exactly (half the memory). Otherwise
    the entries are summed in attribute order by :func:`_gram_sequential`. Too large a
    matrix (``GRAM_BYTES``): kernel values are computed on the fly instead.
    """
    n = Z.shape[0]
    integer = bool(np.all(Z == np.round(Z))) and (np.abs(Z).sum(axis=1).max(initial=0)
                                                  * np.abs(Z).max(initial=0) < 2**24)
    if integer and 4 * n * n <= GRAM_BYTES:
        return np.zeros((0, 0)), (Z @ Z.T).astype(np.float32), 2
    if not integer and 8 * n * n <= GRAM_BYTES:
        Zc = np.ascontiguousarray(Z)
        ptr, idx = _nonzeros(Zc)
        return _gram_sequential(Zc, ptr, idx), np.zeros((0, 0), dtype=np.float32), 1
    return _NO_GRAM


# ======================================================================================
# Filters (numpy; per fit, not per example)
# ======================================================================================
class _Filters:
    """ReplaceMissingValues -> NominalToBinary -> Normalize with training statistics."""

    def __init__(self, X: np.ndarray, spec: AttributeSpec):
        nv = np.asarray(spec.n_values, dtype=np.int64)
        miss = np.isnan(X)
        fill = np.zeros(spec.m)
        for j in np.flatnonzero(nv == 0):
            known = X[~miss[:, j], j]
            if len(known):
                # ReplaceMissingValues sums value by value in row order: a sequential sum
                fill[j] = np.add.accumulate(known)[-1] / float(len(known))
        for j in np.flatnonzero(nv > 0):
            known = X[~miss[:, j], j].astype(np.int64)
            fill[j] = float(np.argmax(np.bincount(known, minlength=nv[j]))) if len(known) else 0.0
        self.spec, self.nv, self.fill = spec, nv, fill
        # output columns: numeric j -> 1 column; nominal V <= 2 -> 1; V > 2 -> V columns
        widths = np.where(nv > 2, nv, 1)
        self.start = np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(np.int64)
        self.d = int(widths.sum())
        B = self._binary(np.where(miss, fill[None, :], X))
        # NominalToBinary's columns are numeric (checked in Weka 3.6.14 and 3.9.7), so
        # Normalize treats every column alike: a 0/1 column constant in training becomes 0
        self.lo = B.min(axis=0) if len(B) else np.zeros(self.d)
        self.hi = B.max(axis=0) if len(B) else np.zeros(self.d)
        self.Z = self._normalize(B)

    def transform(self, X: np.ndarray) -> np.ndarray:
        return self._normalize(self._binary(np.where(np.isnan(X), self.fill[None, :], X)))

    def _binary(self, Xf: np.ndarray) -> np.ndarray:
        """NominalToBinary: value index for V <= 2, indicators for V > 2."""
        n = Xf.shape[0]
        B = np.zeros((n, self.d))
        one = np.flatnonzero(self.nv <= 2)  # numeric and two-valued nominal: one column
        B[:, self.start[one]] = Xf[:, one]
        for j in np.flatnonzero(self.nv > 2):
            B[np.arange(n), self.start[j] + Xf[:, j].astype(np.int64)] = 1.0
        return B

    def _normalize(self, B: np.ndarray) -> np.ndarray:
        """Normalize: ``(x - min) / (max - min) * scale + translation`` (scale 1, translation
        0; the two no-op operations are kept, they only turn -0.0 into 0.0), 0 where
        ``max == min``."""
        same = self.hi == self.lo
        width = np.where(same, 1.0, self.hi - self.lo)
        return np.where(same, 0.0, (B - self.lo) / width * 1.0 + 0.0)


# ======================================================================================
# Logistic models for -M (Weka's Logistic, ridge 1e-8) and pairwise coupling
# ======================================================================================
def _logistic_fit(f: np.ndarray, t: np.ndarray, ridge: float = 1e-8):
    """Penalised logistic regression of ``t`` (1 = the pair's second class) on ``f``.

    Weka's ``Logistic`` standardises the attribute, penalises ``ridge * beta^2`` of the
    standardised slope (not the intercept) and models the first class value against the last;
    here the same optimum is found by Newton's method. Returns ``(a, c)`` with
    ``P(second class) = 1 / (1 + exp(-(a + c f)))``.
    """
    n = len(f)
    mean = f.mean() if n else 0.0
    sd = np.sqrt(((f - mean) ** 2).sum() / (n - 1)) if n > 1 else 0.0
    x = (f - mean) / sd if sd > 0 else np.zeros(n)
    beta = np.zeros(2)  # intercept, slope (standardised)
    A = np.column_stack([np.ones(n), x])
    for _ in range(100):
        eta = A @ beta
        p = expit(eta)
        g = A.T @ (t - p) - np.array([0.0, 2 * ridge * beta[1]])
        Wt = p * (1 - p)
        Hm = (A * Wt[:, None]).T @ A + np.diag([0.0, 2 * ridge])
        Hm[0, 0] += 1e-300
        try:
            step = np.linalg.solve(Hm, g)
        except np.linalg.LinAlgError:
            break
        beta = beta + step
        if np.abs(step).max() < 1e-13 * (1 + np.abs(beta).max()):
            break
    if sd > 0:
        return beta[0] - beta[1] * mean / sd, beta[1] / sd
    return beta[0], 0.0


@njit(cache=True)
def pairwise_coupling(n: np.ndarray, r: np.ndarray) -> np.ndarray:
    """``MultiClassClassifier.pairwiseCoupling`` (Hastie & Tibshirani 1998), as Weka writes it.

    Parameters
    ----------
    n : (K, K) array
        Pair sizes (upper triangle).
    r : (K, K) array
        ``r[i, j] = P(i | i or j)`` (upper triangle).

    Returns
    -------
    (K,) class probabilities (iterated until no ``p_i`` moves by more than ``1e-3``).
    """
    K = r.shape[0]
    p = np.full(K, 1.0 / K)
    u = np.zeros((K, K))
    for i in range(K):
        for j in range(i + 1, K):
            u[i, j] = 0.5
    firstSum = np.zeros(K)
    for i in range(K):
        for j in range(i + 1, K):
            firstSum[i] += n[i, j] * r[i, j]
            firstSum[j] += n[i, j] * (1 - r[i, j])
    changed = True
    while changed:
        changed = False
        secondSum = np.zeros(K)
        for i in range(K):
            for j in range(i + 1, K):
                secondSum[i] += n[i, j] * u[i, j]
                secondSum[j] += n[i, j] * (1 - u[i, j])
        for i in range(K):
            if firstSum[i] == 0 or secondSum[i] == 0:
                if p[i] > 0:
                    changed = True
                p[i] = 0.0
            else:
                factor = firstSum[i] / secondSum[i]
                old = p[i]
                p[i] *= factor
                if abs(old - p[i]) > 1.0e-3:
                    changed = True
        total = p.sum()
        if total > 0:  # Utils.normalize (Weka would throw on a zero sum)
            p = p / total
        for i in range(K):
            for j in range(i + 1, K):
                u[i, j] = p[i] / (p[i] + p[j])
    return p


@njit(cache=True)
def _couple_rows(q, kind, sizes, K):
    """:func:`pairwise_coupling` for every row of ``q (n, P)`` = P(second class of pair)."""
    res = np.zeros((q.shape[0], K))
    for i in range(q.shape[0]):
        r = np.zeros((K, K))
        nn = np.zeros((K, K))
        p = 0
        for a in range(K):
            for c in range(a + 1, K):
                if kind[p] != 0:
                    r[a, c] = 1 - q[i, p]  # P(first class of the pair)
                    nn[a, c] = sizes[p]
                p += 1
        res[i] = pairwise_coupling(nn, r)
    return res


# ======================================================================================
# Public API
# ======================================================================================
class SMO:
    """Weka SMO with default options (linear PolyKernel), re-implemented.

    Parameters
    ----------
    spec : AttributeSpec
        Attribute types (``lib.data.attributes.AttributeSpec``).
    C : float, default 1.0
        Complexity constant (``-C``).
    build_logistic : bool, default False
        Fit logistic models to the SVM outputs (``-M``), needed by :meth:`predict_proba`.
    logistic_folds : int, default -1
        ``-V``: ``-1`` (or any value ``<= 0``) fits the logistic models on the training
        outputs; ``k > 0`` on the outputs of an internal ``k``-fold cross-validation
        (Weka's ``randomize`` / ``stratify`` / ``trainCV`` with ``Random(seed)``).
    seed : int, default 1
        ``-W``: seed of the ``Random`` that shuffles each pair's rows and the internal folds.
    n_classes : int, optional
        Number of class values in the header (default ``max(y) + 1`` at ``fit``).

    Notes
    -----
    See the module docstring for what of Weka's ``SMO.java`` is reproduced and how.
    """

    def __init__(self, spec: AttributeSpec, C: float = 1.0, build_logistic: bool = False,
                 logistic_folds: int = -1, seed: int = 1, n_classes: int | None = None):
        if not isinstance(spec, AttributeSpec):
            raise ValueError("spec must be a lib.data.attributes.AttributeSpec")
        if not C > 0:
            raise ValueError(f"C must be positive, got {C}")
        self.spec, self.C = spec, float(C)
        self.build_logistic, self.logistic_folds = bool(build_logistic), int(logistic_folds)
        self.seed, self.n_classes = int(seed), n_classes

    # ------------------------------------------------------------------ fit
    def fit(self, X, y, gram=None) -> "SMO":
        """Train on ``X (n, m)``, ``y (n,)`` (rows in the order Weka would receive them).

        Parameters
        ----------
        X : (n, m) float array
        y : (n,) int array of class indices
        gram : tuple, optional
            Internal (:func:`smo_cv_errors`): ``(G64, G32, gmode, rows)``, a Gram matrix of
            a larger data set whose rows ``rows`` are these training rows after the filters.

        Returns
        -------
        self
        """
        X = check_X(X, self.spec)
        y = np.asarray(y)
        if y.shape != (X.shape[0],):
            raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
        if X.shape[0] == 0:
            raise ValueError("SMO needs at least one training row")
        y = y.astype(np.int64)
        K = int(y.max()) + 1 if self.n_classes is None else int(self.n_classes)
        if y.min() < 0 or y.max() >= K:
            raise ValueError(f"class indices must lie in 0..{K - 1}")
        self.n_classes_ = K
        self.filters_ = _Filters(X, self.spec)
        Z = self.filters_.Z
        G64, G32, gmode = _NO_GRAM
        gidx = np.arange(len(y), dtype=np.int64)
        if gram is not None:  # smo_cv_errors: Gram matrix of the whole data set, rows gidx
            G64, G32, gmode, gidx = gram
        elif len(y) > 200:  # small problems: kernel values on the fly are cheaper
            G64, G32, gmode = _gram(Z)
        self.W_, self.b_, self.kind_, self.steps_, self.stats_ = _fit_pairs(
            Z, y, K, self.C, TOL, EPS, DEL, self.seed, G64, G32, gmode, gidx)
        self.logistic_ = None
        if self.build_logistic:
            self._fit_logistic(Z, y, K)
        return self

    def _fit_logistic(self, Z, y, K):
        """Per pair, Weka's ``fitLogistic`` (``-M``) with ``-V`` folds."""
        P = K * (K - 1) // 2
        coef = np.zeros((P, 2))
        sizes = np.zeros(P)
        p = 0
        for ci in range(K):
            for cj in range(ci + 1, K):
                rows = np.flatnonzero((y == ci) | (y == cj))
                # pair data in Weka's order: subset ci, subset cj (randomised, but the logistic
                # fit does not depend on the row order for -V -1)
                rows = np.concatenate([rows[y[rows] == ci], rows[y[rows] == cj]])
                sizes[p] = len(rows)
                if self.kind_[p] != 0 and len(rows):
                    t = (y[rows] == cj).astype(float)
                    if self.logistic_folds <= 0:
                        f = _outputs(self.W_[p:p + 1], self.b_[p:p + 1], self.kind_[p:p + 1],
                                     Z[rows])[:, 0]
                    else:
                        f, t = self._cv_outputs(Z, y, ci, cj, p)
                    coef[p] = _logistic_fit(f, t)
                p += 1
        self.logistic_ = coef
        self.pair_sizes_ = sizes

    def _cv_outputs(self, Z, y, ci, cj, p):
        """Outputs of Weka's internal CV in ``fitLogistic`` (-V k): the pair's data in the
        order the pair's BinarySMO received it, ``randomize(Random(seed))``, ``stratify(k)``,
        ``trainCV(k, i, random)`` (shuffled again), ``testCV(k, i)``."""
        # rebuild the pair's row order: replay the shared Random over the pairs before p
        K = self.n_classes_
        state = np.array([_jr_seed(self.seed)], dtype=np.int64)
        q = 0
        order = None
        for a in range(K):
            for c in range(a + 1, K):
                rows = np.concatenate([np.flatnonzero(y == a), np.flatnonzero(y == c)])
                _jr_randomize(rows, state)
                if q == p:
                    order = rows
                q += 1
        rows = order.copy()
        k = min(self.logistic_folds, len(rows))
        rnd = np.array([_jr_seed(self.seed)], dtype=np.int64)
        _jr_randomize(rows, rnd)
        rows = _stratify(rows, y)
        rows = _strat_step(rows, k)
        f_all, t_all = [], []
        for i in range(k):
            tr, te = _train_test_cv(rows, k, i)
            _jr_randomize(tr, rnd)
            yy = y[tr]
            W, b, kind, _ = _binary_one(Z[tr], yy, ci, cj, self.C)
            f_all.append(_outputs(W, b, kind, Z[te])[:, 0])
            t_all.append((y[te] == cj).astype(float))
        return np.concatenate(f_all), np.concatenate(t_all)

    # ------------------------------------------------------------------ predict
    def decision_function(self, X) -> np.ndarray:
        """Pairwise SVM outputs ``(n, P)`` (pairs ``(i, j), i < j`` in order); ``> 0`` votes
        for ``j``."""
        Z = self.filters_.transform(check_X(X, self.spec))
        return _outputs(self.W_, self.b_, self.kind_, Z)

    def predict(self, X) -> np.ndarray:
        """Predicted class indices ``(n,)`` by Weka's pairwise voting."""
        return _vote(self.decision_function(X), self.kind_, self.n_classes_)

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities ``(n, n_classes)`` of Weka's ``SMO -M`` (needs
        ``build_logistic=True``): per pair a logistic model of the SVM output; two classes
        directly, more by pairwise coupling weighted by the pairs' training sizes."""
        if self.logistic_ is None:
            raise ValueError("predict_proba needs SMO(build_logistic=True)")
        out = self.decision_function(X)
        K = self.n_classes_
        q = expit(self.logistic_[:, 0] + self.logistic_[:, 1] * out)
        if K == 2:
            return np.column_stack([1 - q[:, 0], q[:, 0]])
        return _couple_rows(q, self.kind_, self.pair_sizes_, K)


def _binary_one(Z, y, ci, cj, C):
    """One BinarySMO on rows already in their final order (for -V k)."""
    m = len(y)
    W = np.zeros((1, Z.shape[1]))
    b = np.zeros(1)
    kind = np.ones(1, dtype=np.int64)
    has_i, has_j = bool((y == ci).any()), bool((y == cj).any())
    if not (has_i and has_j):
        kind[0] = 2 if (has_i or has_j) else 0
        b[0] = -1.0 if has_j else 1.0
        return W, b, kind, 0
    yy = np.where(y == ci, -1.0, 1.0)
    Zc = np.ascontiguousarray(Z)
    ptr, idx = _nonzeros(Zc)
    w = np.zeros(Z.shape[1])
    tmp = np.zeros(4, dtype=np.int64)
    b[0] = _binary_smo(Zc, ptr, idx, yy, C, TOL, EPS, DEL, w, tmp, *_NO_GRAM, np.zeros(0, np.int64))
    W[0] = w
    del m
    return W, b, kind, int(tmp[0])


@njit(cache=True)
def _stratify(rows, y):
    """``Instances.stratify``'s first part: stable-ish grouping by class exactly as Weka's
    swap loop does it."""
    rows = rows.copy()
    n = len(rows)
    index = 1
    while index < n:
        c1 = y[rows[index - 1]]
        for j in range(index, n):
            if y[rows[j]] == c1:
                t = rows[index]
                rows[index] = rows[j]
                rows[j] = t
                index += 1
        index += 1
    return rows


def _strat_step(rows, k):
    """``Instances.stratStep``: every ``k``-th row from offset 0, then from 1, ... (so that
    ``testCV``'s contiguous blocks are stratified)."""
    return np.concatenate([rows[s::k] for s in range(k)]).astype(np.int64)


def _train_test_cv(rows, k, i):
    """``Instances.trainCV(k, i)`` / ``testCV(k, i)`` (contiguous test block)."""
    n = len(rows)
    per = n // k
    if i < n % k:
        cnt, off = per + 1, i
    else:
        cnt, off = per, n % k
    first = i * per + off
    te = rows[first:first + cnt].copy()
    tr = np.concatenate([rows[:first], rows[first + cnt:]]).astype(np.int64)
    return tr, te


# ======================================================================================
# Batched cross-validation for permutation tests
# ======================================================================================
def smo_cv_errors(X, y, folds, spec: AttributeSpec, *, perms=None, idx=None,
                  n_classes: int | None = None, C: float = 1.0) -> np.ndarray:
    """CV error of :class:`SMO` for a batch of randomised data sets.

    Parameters
    ----------
    X : (n, m) float array
        Data (``NaN`` = missing, nominal coded ``0 .. V-1``).
    y : (n,) int array
        Class indices.
    folds : (n,) or (k, n) int array
        Fold ids, shared or one row per randomised data set.
    spec : AttributeSpec
        Attribute types.
    perms : (k, n) int array, optional
        Test 1: labels ``y[perms[b]]`` with data ``X``.
    idx : (k, n, m) int array, optional
        Test 2: data ``X[idx[b, :, j], j]`` per column ``j`` with labels ``y``.
    n_classes : int, optional
        Class values in the header (default ``max(y) + 1``).
    C : float, default 1.0
        Complexity constant.

    Returns
    -------
    (k,) float array
        Error rates (misclassified / n); a fresh :class:`SMO` is trained on every training
        fold (rows in data order) and predicts its test fold.

    Notes
    -----
    Same contract as ``lib.c45.j48_cv_errors``: exactly one of ``perms`` / ``idx``. The
    optimisation (the hot loop) is compiled; per fit, the filters are vectorised numpy.
    """
    if (perms is None) == (idx is None):
        raise ValueError("give exactly one of perms (Test 1) or idx (Test 2)")
    X = check_X(X, spec)
    y = np.asarray(y, dtype=np.int64)
    n, m = X.shape
    if y.shape != (n,):
        raise ValueError(f"y must have shape ({n},), got {y.shape}")
    K = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds2 = np.atleast_2d(np.asarray(folds))
    if folds2.shape[1] != n:
        raise ValueError(f"folds must be (n,) or (k, n) with n={n}")
    if perms is not None:
        perms = np.atleast_2d(np.asarray(perms, dtype=np.int64))
        k = perms.shape[0]
    else:
        idx = np.asarray(idx, dtype=np.int64)
        if idx.ndim == 2:
            idx = idx[None]
        if idx.shape[1:] != (n, m):
            raise ValueError(f"idx must be (k, n, m) with n={n}, m={m}")
        k = idx.shape[0]
    if folds2.shape[0] not in (1, k):
        raise ValueError(f"folds must be (n,) or ({k}, n)")
    errors = np.zeros(k)
    cols = np.arange(m)
    full = None
    for b in range(k):
        if perms is not None:
            Xb, yb = X, y[perms[b]]
        else:
            Xb, yb = X[idx[b], cols[None, :]], y
        if full is None or idx is not None:
            # Gram matrix of the whole (randomised) data set after the filters fitted on all
            # rows; a fold reuses it when its own filters give the same values (nominal data:
            # always unless the imputed modes differ), Test 1 for every permutation
            Zfull = _Filters(Xb, spec).Z
            full = (Zfull, *_gram(Zfull)) if n > 200 else (Zfull, *_NO_GRAM)
        fb = folds2[b if folds2.shape[0] > 1 else 0]
        wrong = 0
        for f in np.unique(fb):
            test = fb == f
            train = np.flatnonzero(~test)
            gram = None
            if full[3] != 0 and np.array_equal(_Filters(Xb[train], spec).Z, full[0][train]):
                gram = (full[1], full[2], full[3], train.astype(np.int64))
            model = SMO(spec, C=C, n_classes=K).fit(Xb[train], yb[train], gram=gram)
            wrong += int((model.predict(Xb[test]) != yb[test]).sum())
        errors[b] = wrong / n
    return errors
