"""Weka's SMO (``weka.classifiers.functions.SMO``, default options) re-implemented with numba.

Default options reproduced: ``-C 1.0 -L 0.001 -P 1.0E-12 -N 0 -V -1 -W 1
-K "PolyKernel -E 1.0"`` (linear kernel), optionally ``-M`` (logistic models on the SVM
outputs). The goal is Weka's *predictions*, not merely a solution of the same quadratic
programme: the optimisation path (which pair is updated when, with which floating-point
expression) decides where SMO stops inside its tolerance ``1e-3``, hence which rows near a
boundary fall on which side.

Data convention: as in :mod:`lib.data.attributes` -- ``X`` float ``(n, m)``, nominal attributes hold
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
  each class; the sets ``I0 .. I4``; ``I0`` is Weka's ``SMOset``, a linked list with
  insertion at the front, whose iteration order breaks ties between equal errors when
  ``b_up``/``b_low`` are recomputed after a step: the first of the tied members in list order
  is the one inserted last, so here every member carries its insertion time and ties go to the
  latest (tested against a literal linked list); the error cache holds the non-bound rows;
  ``takeStep`` with Weka's clipping, ``eta >= 0`` objective comparison, ``eps = 1e-12`` step
  test and the ``1000 * Double.MIN_VALUE`` snapping; the examine-all / non-bound sweeps with
  the early exit ``b_up > b_low - 2 tol``; threshold ``b = (b_low + b_up) / 2``. The linear
  machine keeps an explicit weight vector updated in ``takeStep`` (``m_weights``); outputs are
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

Checked against real Weka (``scripts/tools/crosscheck_weka.py --randomised``,
``scripts/tools/crosscheck_smo_weights.py``): predictions equal to Weka 3.6.14's and 3.9.7's on
all 42,828 compared cross-validation rows of the 22 UCI data sets of Ojala & Garriga (original,
Test 1 and Test 2 copies; seeds 20090601, 2 and, after the speed-up below, 3); weight vectors
and biases of every pairwise machine bit-identical. The engine before the speed-up (commit
d8bb41d) and this one give bit-identical SVM outputs on every row
(``scripts/tools/compare_smo_engines.py``: the 22 data sets, original data and 5 Test 1 and 5
Test 2 copies each, 231,704 rows).

Performance. On permuted labels a fit takes 10^5-10^6 successful steps (Splice, one 10-fold
CV: 2.8 million) and I0 holds hundreds to thousands of rows, so the cost is the step's
error-cache update over I0 and the search of ``b_up``/``b_low`` over it (1.8e9 member updates
per Splice CV; walking Weka's linked list twice per step over a float32 whole-data Gram matrix
cost 11 ns per member here, mostly memory stalls: 20-30 cycles per member against 4-6 for the
same loop with its data in cache). What makes it fast, without changing a single
floating-point operation:

* I0 is a dense unordered array whose members carry their insertion time (the list order's
  tie-breaking, above), read sequentially; the error cache is indexed by the row of a Gram
  matrix computed once: 0/1 nominal data counted per attribute into int8 (one byte per
  kernel value: the rows a step reads stay in cache), other integer data by a float32 BLAS
  product into the narrowest exact type, real data float64 summed in attribute order
  (:func:`_gram`; every form gives the doubles of ``CachedKernel.dotProd``, converted when read).
* The Gram rows are grouped by class, so a pair's rows fill one or two spans. When I0 holds
  at least 64 rows plus a quarter of the spans' rows, a step adds ``mult1 * K(i1, .) +
  mult2 * K(i2, .)`` to the error cache of every row of the spans (vectorised; entries outside
  I0 change too, but are never read before being recomputed, see :func:`_binary_smo`) and, in
  the same pass, finds each chunk's extreme integer keys ordered like the doubles; a
  branch-free search of the chunks holding an extreme then finds ``b_up``/``b_low``
  (:func:`_update_select_dense`). Otherwise the step gathers over the members, storing each
  member's key, and searches the contiguous keys branch-free (:func:`_update_i0_gram`).
* The compiled helpers called per step or per examined row keep array accesses out of the arms
  of branches (around such a function numba keeps the arrays' reference counts: two atomic
  updates per array and call, about 8 % of Splice's time before) and index with unsigned integers
  (no test for a negative index).
* The rows' non-zeros are kept compactly (CSR, no values when all are 1.0) for the weight
  update and ``SVMOutput``; ``K(i, i)`` is cached.
* :func:`smo_cv_errors` computes the whole-data Gram matrix once per randomised data set
  (Test 1: once for all permutations, regrouped per permutation), reuses it for every fold
  whose filtered values equal the whole-data ones, fits Test 1's other folds grouped by their
  normalisation with one Gram matrix per shared normalisation, and keeps the Gram matrices'
  memory from one to the next (fresh pages cost more than computing Segment's matrix).
* Counters (:data:`STATS`: steps, ``examineExample`` calls, member updates, dense steps,
  I0 changes) come with every fit (``SMO.stats_``, ``smo_cv_errors(stats=...)``);
  ``scripts/tools/measure_smo_steps.py`` sets the time per step against the memory traffic a
  step cannot avoid (docs/measurements.md, "2026-11-26: SMO near its bound": Splice Test 1
  about 1,000-1,200 ns per step against a bound of 85-130 ns; the passes over I0 are limited by
  their arithmetic -- converting, multiplying, ordering -- not by memory).

CPU seconds per randomisation (one 10-fold CV; ``scripts/tools/measure_permutation_costs.py``,
4 randomisations, one thread, mean of two runs alternating with commit d8bb41d's engine on the
same machine, 2026-11-24): Splice Test 1 16.5 -> 3.24, Test 2 2.15 -> 0.94; Mushroom Test 1
6.06 -> 0.93, Test 2 1.47 -> 0.39; Segment Test 1 1.00 -> 0.37, Test 2 0.66 -> 0.19; Anneal
Test 1 0.52 -> 0.22, Test 2 0.11 -> 0.07 (Test 1 includes the whole-data Gram matrix shared by
the 4 randomisations). After the fused passes and grouped folds (2026-11-26, against commit
36c2e56, interleaved, ``scripts/tools/measure_smo_steps.py --ref``): Splice Test 1 3.11 -> 2.34,
Test 2 0.86 -> 0.63; Mushroom Test 1 1.04 -> 0.88, Test 2 0.34 -> 0.28; Segment (2,310 rows)
Test 1 0.36 -> 0.30 (0.38 -> 0.25 with 50 randomisations per call), Test 2 0.20 -> 0.18. Per fit
against scikit-learn's libsvm:
``scripts/tools/benchmark_smo.py``. Without a Gram matrix (above ``GRAM_BYTES``) the kernel
values are computed on the fly over the row-wise non-zeros.

Not reproduced: kernels other than the linear ``PolyKernel`` (``-E 1``), ``-N 1``
(standardise) and ``-N 2``, instance weights.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic
from scipy.special import expit

from ..data.attributes import AttributeSpec, check_X

# The compiled kernels below are long on purpose: numba optimises the loop nest of one function as a
# whole, and splitting a hot loop into helpers costs a call per iteration (docs/architecture.md).

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
def _kern(Z, nzptr, nzidx, G, gi, i, j):
    """``K(i, j)`` from the precomputed Gram matrix ``G`` (rows ``gi[i]``; any dtype that
    holds the values exactly, see :func:`_gram`) or, when ``G`` is empty, by :func:`_kdot`."""
    if G.shape[0] > 0:
        return np.float64(G[gi[i], gi[j]])
    return _kdot(Z, i, nzptr, nzidx, j)


@njit(cache=True)
def _wdot(w, nzptr, nzidx, nzval, i):
    """``sum_k w[k] * Z[i, k]`` in attribute order over the non-zeros of row ``i``
    (``SVMOutput`` of the linear machine; ``nzval`` holds the values ``Z[i, nzidx]``, or is
    empty when they are all 1.0: ``x * 1.0`` is ``x`` exactly, so the product is skipped).
    One loop with the choice inside (LLVM moves it out): numba keeps the arrays' reference
    counts (two atomic updates per array and call) in a function whose loops sit in the arms
    of a branch."""
    unit = nzval.shape[0] == 0
    s = 0.0
    for p in range(nzptr[i], nzptr[i + 1]):
        x = w[nzidx[p]]
        s += x if unit else x * nzval[p]
    return s


# I0 as a dense set. Weka keeps I0 in an ``SMOset``, a linked list with insertion at the front;
# its order matters only where b_up/b_low are recomputed after a step: the list is walked from
# the front with strict comparisons, so among members with the same (extreme) error the one
# nearest the front wins, i.e. the one inserted last (a member keeps its place until it leaves
# the set; inserting a member is a no-op, so callers add only non-members: ``pos[i] < 0``). Here
# every member carries the clock value of its insertion (``stamp`` by row, ``stampg`` by Gram
# row, ``mstamp`` by slot) and the set is a dense, unordered array (``mem``: the members' rows,
# ``memg``: their Gram rows; ``pos`` maps a row to its slot, -1 if absent; ``inset`` flags the
# members' Gram rows), read sequentially instead of by chasing list pointers: the arg-min /
# arg-max with ties going to the latest stamp selects the row the list walk selects
# (:func:`_update_i0_gram`, :func:`_update_select_dense`; tested against a list).
# ``sizes`` = (number of members, insertion clock).
#
# The compiled helpers called once per step or per examined row keep array accesses out of the
# arms of branches (the membership tests are the callers'; one loop with a select inside instead
# of a loop in each arm): around such a function numba keeps the arrays' reference counts, two
# atomic updates per array and call, which cost as much as a small step's other work.
@njit(cache=True)
def _i0_add(i, g, mem, memg, mstamp, pos, stamp, stampg, inset, sizes):
    """``SMOset.insert`` of row ``i`` (Gram row ``g``), not a member."""
    c = sizes[0]
    mem[c] = i
    memg[c] = g
    mstamp[c] = sizes[1]
    pos[i] = c
    stamp[i] = sizes[1]
    stampg[g] = sizes[1]
    inset[g] = 1
    sizes[0] = c + 1
    sizes[1] += 1


@njit(cache=True)
def _i0_remove(i, mem, memg, mstamp, pos, inset, sizes):
    """``SMOset.delete`` of the member ``i``; the last slot moves into the freed one."""
    t = pos[i]
    inset[memg[t]] = 0
    last = sizes[0] - 1
    mem[t] = mem[last]
    memg[t] = memg[last]
    mstamp[t] = mstamp[last]
    pos[mem[t]] = t
    pos[i] = -1
    sizes[0] = last


@njit(cache=True)
def _better_up(e, j, bUp, iUp, stamp):
    """Does member ``j`` (error ``e``) take ``iUp``'s place in the list walk's arg-min?
    Strictly smaller, or equal (``-0.0 == 0.0`` included) and nearer the front."""
    return e < bUp or (e == bUp and iUp >= 0 and stamp[j] > stamp[iUp])


@njit(cache=True)
def _better_low(e, j, bLow, iLow, stamp):
    """Arg-max counterpart of :func:`_better_up`."""
    return e > bLow or (e == bLow and iLow >= 0 and stamp[j] > stamp[iLow])


@njit(cache=True, inline="always")
def _compare_member(e, j, bUp, iUp, bLow, iLow, stamp):
    """``(bUp, iUp, bLow, iLow)`` after comparing member ``j`` (error ``e``) as the list walk
    does (:func:`_better_up`, :func:`_better_low`)."""
    if _better_up(e, j, bUp, iUp, stamp):
        bUp = e
        iUp = j
    if _better_low(e, j, bLow, iLow, stamp):
        bLow = e
        iLow = j
    return bUp, iUp, bLow, iLow


@intrinsic
def _float_bits(typingctx, x):
    """The IEEE-754 bits of a float64 as an int64 (``Double.doubleToRawLongBits``)."""
    sig = types.int64(types.float64)

    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], ir.IntType(64))

    return sig, codegen


_KEY_MAX = np.int64(2**63 - 1)
_KEY_MIN = np.int64(-(2**63))


@njit(cache=True)
def _order_key(e):
    """An int64 ordered like the float64 ``e`` (not NaN): ``x < y`` iff ``key(x) < key(y)``
    and ``x == y`` iff ``key(x) == key(y)`` (``e + 0.0`` maps ``-0.0`` to ``+0.0``; the bits
    of a negative double, read as an int64, grow as the double falls, hence the flip of its
    magnitude bits). Integer min / max reductions vectorise, float ones do not without
    fast-math."""
    b = _float_bits(e + 0.0)
    return b ^ ((b >> 63) & _KEY_MAX)


_KEY_CHUNK = 64  # rows per chunk of _update_select_dense's pass


@njit(cache=True)
def _walk_start(errors, gUp, gLow):
    """The arg-min ``gUp`` / arg-max ``gLow`` (Gram rows, -1: none) as Weka's list walk finds
    them: it starts from ``+-Double.MAX_VALUE`` with strict comparisons, so a member whose
    error is not below (above) it is never selected."""
    up_ok = (gUp >= 0) & (errors[max(gUp, 0)] < 1.7976931348623157e308)
    low_ok = (gLow >= 0) & (errors[max(gLow, 0)] > -1.7976931348623157e308)
    return gUp if up_ok else -1, gLow if low_ok else -1


@njit(cache=True, inline="always")
def _update_chunk(errors, G, r1, r2, mult1, mult2, inset, base, size):
    """:func:`_update_select_dense` on the rows ``base .. base+size-1``: the update, and the
    extreme keys ``(min, max)`` over the members (branch-free: vectorised)."""
    low_key = _KEY_MAX
    high_key = _KEY_MIN
    for t in range(size):
        g = np.uint64(base + t)
        e = errors[g] + (mult1 * np.float64(G[r1, g]) + mult2 * np.float64(G[r2, g]))
        errors[g] = e
        k = _order_key(e)
        member = inset[g] != 0
        low_key = min(low_key, k if member else _KEY_MAX)
        high_key = max(high_key, k if member else _KEY_MIN)
    return low_key, high_key


@njit(cache=True, inline="always")
def _latest_at_keys(errors, inset, stampg, base, size, kmin, kmax):
    """The members among the rows ``base .. base+size-1`` whose key is ``kmin`` / ``kmax``
    with the latest stamp, as ``stamp * _KEY_CHUNK + (row - base)`` (-1: none), so that one
    integer maximum carries the stamp and the row (branch-free: vectorised)."""
    up = np.int64(-1)
    low = np.int64(-1)
    for t in range(size):
        g = np.uint64(base + t)
        k = _order_key(errors[g])
        member = inset[g] != 0
        tagged = stampg[g] * _KEY_CHUNK + t
        up = max(up, tagged if member & (k == kmin) else np.int64(-1))
        low = max(low, tagged if member & (k == kmax) else np.int64(-1))
    return up, low


@njit(cache=True, inline="always")
def _update_select_dense(errors, G, g1, g2, lo, hi, mult1, mult2, inset, stampg, chunk_min, chunk_max):
    """A step's error-cache update over the Gram rows ``lo .. hi-1``, fused with Weka's b_up /
    b_low search: ``errors[g] += mult1 * G[g1, g] + mult2 * G[g2, g]`` for every ``g`` (Weka's
    update expression, elementwise; entries of rows outside I0 change too, see
    :func:`_binary_smo`), then the arg-min / arg-max of the updated ``errors`` over the members
    (the rows ``g`` with ``inset[g] != 0``), ties to the latest ``stampg``. Returns the Gram
    rows ``(gUp, gLow)`` (-1 if none; the caller applies the list walk's start at
    ``+-Double.MAX_VALUE``).

    One pass over contiguous memory in chunks of :data:`_KEY_CHUNK` rows updates the errors and
    finds each chunk's extreme keys (:func:`_order_key`) while the values are still in registers
    (``chunk_min``, ``chunk_max``: work arrays of at least ``(hi - lo) // _KEY_CHUNK + 1``); only
    the chunks holding an extreme are then searched for the latest stamp among the members at
    that key (a member's stamp is unique: one clock value per insertion). Whole arrays and
    unsigned indices: a slice (a view) costs reference-count updates, and a signed index the
    test for a negative one."""
    N = hi - lo
    full = N // _KEY_CHUNK
    r1 = np.uint64(g1)
    r2 = np.uint64(g2)
    kmin = _KEY_MAX
    kmax = _KEY_MIN
    for c in range(full):  # a constant trip count: vectorised without a remainder
        low_key, high_key = _update_chunk(errors, G, r1, r2, mult1, mult2, inset, lo + c * _KEY_CHUNK, _KEY_CHUNK)
        chunk_min[c] = low_key
        chunk_max[c] = high_key
        kmin = min(kmin, low_key)
        kmax = max(kmax, high_key)
    low_key, high_key = _update_chunk(
        errors, G, r1, r2, mult1, mult2, inset, lo + full * _KEY_CHUNK, N - full * _KEY_CHUNK
    )
    chunk_min[full] = low_key
    chunk_max[full] = high_key
    kmin = min(kmin, low_key)
    kmax = max(kmax, high_key)
    gUp = -1
    gLow = -1
    best_up = np.int64(-1)
    best_low = np.int64(-1)
    for c in range(full + 1):
        if chunk_min[c] == kmin or chunk_max[c] == kmax:
            base = lo + c * _KEY_CHUNK
            up, low = _latest_at_keys(errors, inset, stampg, base, min(_KEY_CHUNK, N - c * _KEY_CHUNK), kmin, kmax)
            if up > best_up:
                best_up = up
                gUp = base + up % _KEY_CHUNK
            if low > best_low:
                best_low = low
                gLow = base + low % _KEY_CHUNK
    return gUp, gLow


@njit(cache=True)
def _update_i0_gram(errors, memg, mstamp, cnt, G, g1, g2, mult1, mult2, s1, s2, keys):
    """Weka's loop over I0 on the members' slots ``0 .. cnt-1``: the error-cache update
    ``errors[j] += mult1 * K(i1, j) + mult2 * K(i2, j)`` (the same expression, kernel values from
    the step's Gram rows ``g1``, ``g2``), then the b_up / b_low search over the members
    other than the step's rows (slots ``s1``, ``s2``; -1: not a member): the walk of the
    ``SMOset`` from its front, from ``+-Double.MAX_VALUE`` with strict comparisons, i.e. the
    arg-min / arg-max with ties to the latest stamp (``mstamp``, by slot). Returns the Gram
    rows ``(gUp, gLow)`` (-1: none).

    The step's own rows are updated here too: their errors are set from their values before the
    step right after (:func:`_binary_smo`), so the gather loop needs no test. It only updates
    and stores each member's :func:`_order_key` (``keys``: a work array of at least ``cnt``);
    the search then runs branch-free over the contiguous keys and slot stamps (vectorised), the
    latest stamp at an extreme key as the maximum of ``stamp * cnt + slot`` (a stamp is unique:
    one clock value per insertion). Unsigned indices, no slices (see :func:`_update_select_dense`)."""
    r1 = np.uint64(g1)
    r2 = np.uint64(g2)
    for t in range(cnt):
        g = np.uint64(memg[t])
        e = errors[g] + (mult1 * np.float64(G[r1, g]) + mult2 * np.float64(G[r2, g]))
        errors[g] = e
        keys[t] = _order_key(e)
    kmin = _KEY_MAX
    kmax = _KEY_MIN
    for t in range(cnt):
        other = (t != s1) & (t != s2)
        k = keys[t]
        kmin = min(kmin, k if other else _KEY_MAX)
        kmax = max(kmax, k if other else _KEY_MIN)
    up = np.int64(-1)
    low = np.int64(-1)
    for t in range(cnt):
        other = (t != s1) & (t != s2)
        k = keys[t]
        tagged = mstamp[t] * cnt + t
        up = max(up, tagged if other & (k == kmin) else np.int64(-1))
        low = max(low, tagged if other & (k == kmax) else np.int64(-1))
    gUp = memg[up % cnt] if up >= 0 else -1
    gLow = memg[low % cnt] if low >= 0 else -1
    return gUp, gLow


@njit(cache=True)
def _update_i0_kdot(errors, mem, cnt, Zt, ZM, held, i1, i2, mult1, mult2, stamp, k1, k2):
    """Weka's loop over I0 with the kernel values computed from the rows' values (``Zt``: the
    dense rows transposed, attribute by attribute; no Gram matrix: rows are their own Gram
    rows), update and search (as :func:`_update_i0_gram`, ties to the latest ``stamp``) over
    the members other than ``i1``, ``i2``; returns ``(bUp, iUp, bLow, iLow)``.

    The kernel values of all members are summed first, attribute after attribute across the
    members (``k1``, ``k2``: work arrays; the loop over members vectorises), so each value is
    still summed in attribute order from ``+0.0`` -- over every attribute, zeros included: a
    term with a zero factor is an exact zero, and adding ``+-0.0`` to a sum that started at
    ``+0.0`` never changes it, so the doubles are :func:`_kdot`'s."""
    d = Zt.shape[0]
    for t in range(cnt):
        j = mem[t]
        if held[t] != j:
            for k in range(d):
                ZM[k, t] = Zt[k, j]
            held[t] = j
        k1[t] = 0.0
        k2[t] = 0.0
    for k in range(d):
        row = ZM[k]
        u1 = Zt[k, i1]
        u2 = Zt[k, i2]
        for t in range(cnt):
            z = row[t]
            k1[t] += u1 * z
            k2[t] += u2 * z
    bUp = 1.7976931348623157e308
    bLow = -1.7976931348623157e308
    iUp = -1
    iLow = -1
    for t in range(cnt):
        j = mem[t]
        e = errors[j] + (mult1 * k1[t] + mult2 * k2[t])
        if not (j == i1 or j == i2):
            errors[j] = e
            bUp, iUp, bLow, iLow = _compare_member(e, j, bUp, iUp, bLow, iLow, stamp)
    return bUp, iUp, bLow, iLow


@njit(cache=True, inline="always")
def _later_extreme(errors, stampg, ga, gb, want_min):
    """Of the Gram rows ``ga``, ``gb`` (-1: none), the one the list walk keeps: the smaller
    (``want_min``) or larger error, ties to the later stamp."""
    ea = errors[max(ga, 0)]
    eb = errors[max(gb, 0)]
    later = stampg[max(ga, 0)] > stampg[max(gb, 0)]
    a_wins = (ea < eb if want_min else ea > eb) | ((ea == eb) & later)
    return gb if ga < 0 else ga if gb < 0 else ga if a_wins else gb


@njit(cache=True)
def _dense_step(errors, G, g1, g2, mult1, mult2, inset, stampg, spans, chunk_min, chunk_max):
    """The dense form of a step's error-cache update and b_up/b_low search: over the two spans
    ``spans[s] = (lo, hi)`` of Gram rows (an empty one: ``hi == lo``),
    :func:`_update_select_dense` with the rows ``g1``, ``g2`` over the members flagged in
    ``inset``; returns the Gram rows ``(gUp, gLow)`` over both spans."""
    u0, v0 = _update_select_dense(
        errors, G, g1, g2, spans[0, 0], spans[0, 1], mult1, mult2, inset, stampg, chunk_min, chunk_max
    )
    u1, v1 = _update_select_dense(
        errors, G, g1, g2, spans[1, 0], spans[1, 1], mult1, mult2, inset, stampg, chunk_min, chunk_max
    )
    return _later_extreme(errors, stampg, u0, u1, True), _later_extreme(errors, stampg, v0, v1, False)


@njit(cache=True)
def _class_spans(gi, yy):
    """The Gram rows a pair's rows occupy: per class the span ``[min gi, max gi + 1)``
    (merged when they meet). With the Gram matrix's rows grouped by class (:func:`_gram_rows`)
    these hold the pair's rows (and its fold's test rows) only."""
    spans = np.zeros((2, 2), dtype=np.int64)
    for s in range(2):
        spans[s, 0] = 2**62
        spans[s, 1] = -1
    for i in range(gi.shape[0]):
        s = 0 if yy[i] == -1.0 else 1
        spans[s, 0] = min(spans[s, 0], gi[i])
        spans[s, 1] = max(spans[s, 1], gi[i] + 1)
    for s in range(2):
        if spans[s, 1] < 0:  # class absent
            spans[s, 0] = 0
            spans[s, 1] = 0
    if (
        spans[0, 1] > spans[0, 0]
        and spans[1, 1] > spans[1, 0]
        and spans[0, 0] <= spans[1, 1]
        and spans[1, 0] <= spans[0, 1]
    ):
        spans[0, 0] = min(spans[0, 0], spans[1, 0])
        spans[0, 1] = max(spans[0, 1], spans[1, 1])
        spans[1, 0] = 0
        spans[1, 1] = 0
    return spans


# Dense-I0 threshold: a step updates whole spans of Gram rows (:func:`_dense_step`) when I0
# holds at least DENSE_MIN_MEMBERS + FULL_ROWS_FRACTION * (rows in the spans) members, otherwise
# only the members (gathered; :func:`_update_i0_gram`). Only speed depends on it (both give the
# same doubles for every member and select the same rows). Measured: a gathered member costs
# 3-4x a row of a span, a dense step about 60 gathered members more (slices, two passes); of
# fractions 0, 0.06, 0.125, 0.25, 0.35, 0.5 and "never", 0.25 was fastest on Splice and Mushroom.
DENSE_MIN_MEMBERS = 64
FULL_ROWS_FRACTION = 0.25  # float: one compiled signature of _fit_pairs


STATS = (
    "steps",  # successful takeStep calls
    "examines",  # examineExample calls
    "sweeps",  # examine-all sweeps
    "member_updates",  # error-cache updates Weka makes: |I0| summed over the steps
    "dense_steps",  # steps whose update covers whole spans of Gram rows (_dense_step)
    "dense_rows",  # Gram rows those steps update (the spans' rows, summed over them)
    "dense_members",  # |I0| summed over those steps (the rest of member_updates is gathered)
    "i0_changes",  # insertions into and deletions from I0
)
"""Counters of one BinarySMO (:func:`_binary_smo`; ``SMO.stats_`` per pair). A few integer
additions per step: counted always, they cost nothing measurable against a step."""
N_STATS = len(STATS)


@njit(cache=True)
def _binary_smo(Z, nzptr, nzidx, nzval, yy, C, tol, eps, dl, w, out_b, G, gi, dense_min, dense_fraction):
    """Weka's ``BinarySMO.buildClassifier`` for the linear machine on the rows given by their
    non-zeros ``nzptr, nzidx, nzval`` (CSR, attribute order; rows in the randomised order),
    classes ``yy`` in {-1, +1}. Writes the weights into ``w`` (zeroed here) and returns
    ``b``; ``out_b`` (:data:`N_STATS`,) receives statistics (:data:`STATS`).

    ``G``: Gram matrix whose row (and column) ``gi[i]`` belongs to row ``i``, or an empty
    array: kernel values summed from the dense rows ``Z`` (only then needed; ``gi`` must then
    be ``0 .. n-1``): :func:`_kdot` for a step's own pair, :func:`_update_i0_kdot` for I0,
    which keeps the members' values in a copy in slot order (``ZM``, column ``t`` holding row
    ``held[t]``; recopied when a slot changes hands), so the sums run over contiguous memory.
    The error cache is indexed by Gram row. Membership of I1..I4 follows from (y, alpha); I0
    is the set of :func:`_i0_add` / :func:`_i0_remove`.

    Where I0 is dense, a step adds the two kernel rows to the error cache of every Gram row of
    the pair's spans (:func:`_class_spans`), not only of I0's members as Weka does. This is
    exact: an entry outside I0 is never read before it is written again. ``examineExample``
    recomputes the error of a non-member; ``takeStep`` reads the error of ``i1`` = ``iUp`` or
    ``iLow``, which are the two seeded rows until the first successful step, are recomputed
    from I0 and the step's two rows after each (the two rows' errors are set from their values
    before the step, as Weka does), and in between are only set by ``examineExample`` to a row
    whose error it has just computed. Dense or not, every member's error is the same double,
    and the same rows are selected (tested with both forms forced)."""
    n = yy.shape[0]
    w[:] = 0.0
    has_gram = G.shape[0] > 0
    N = G.shape[0] if has_gram else n
    kdiag = np.empty(n)  # K(i, i), read by every takeStep
    for i in range(n):
        kdiag[i] = _kern(Z, nzptr, nzidx, G, gi, i, i)
    alpha = np.zeros(n)
    errors = np.zeros(N)
    mem = np.empty(n, dtype=np.int64)
    memg = np.empty(n, dtype=np.int64)
    mstamp = np.empty(n, dtype=np.int64)
    keys = np.empty(n, dtype=np.int64)  # work array of _update_i0_gram
    Zt = np.ascontiguousarray(Z.T) if not has_gram else np.empty((0, 0))  # of _update_i0_kdot
    kw1 = np.empty(n)
    kw2 = np.empty(n)
    ZM = np.empty((Zt.shape[0], n))
    held = np.full(n, -1, dtype=np.int64)
    pos = np.full(n, -1, dtype=np.int64)
    stamp = np.zeros(n, dtype=np.int64)
    stampg = np.zeros(N, dtype=np.int64)
    inset = np.zeros(N, dtype=np.int8)
    sizes = np.zeros(2, dtype=np.int64)
    row_of = np.full(N, -1, dtype=np.int64)  # Gram row -> row
    for i in range(n):
        row_of[gi[i]] = i
    spans = _class_spans(gi, yy)
    chunk_min = np.empty(N // _KEY_CHUNK + 1, dtype=np.int64)  # work arrays of _update_select_dense
    chunk_max = np.empty(N // _KEY_CHUNK + 1, dtype=np.int64)
    span_rows = (spans[0, 1] - spans[0, 0]) + (spans[1, 1] - spans[1, 0])
    dense_from = dense_min + dense_fraction * span_rows
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
    errors[gi[iLow]] = 1.0
    errors[gi[iUp]] = -1.0
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
            g2 = gi[i2]
            inI0 = pos[i2] >= 0
            # I1|I2: (y=+1, a=0) or (y=-1, a=C); I3|I4: (y=+1, a=C) or (y=-1, a=0)
            in12 = (y2 == 1.0 and a2c == 0.0) or (y2 == -1.0 and a2c == C2)
            in34 = (y2 == 1.0 and a2c == C2) or (y2 == -1.0 and a2c == 0.0)
            if inI0:
                F2 = errors[g2]
            else:
                F2 = ((_wdot(w, nzptr, nzidx, nzval, i2) - b) + b) - y2
                errors[g2] = F2
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
                    g1 = gi[i1]
                    alph1 = alpha[i1]
                    alph2 = alpha[i2]
                    y1 = yy[i1]
                    F1 = errors[g1]
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
                        k11 = kdiag[i1]
                        # the Gram matrix's value read here, not through _kern (a branch around a
                        # loop: reference counts, see _wdot)
                        k12 = np.float64(G[g1, g2]) if has_gram else _kdot(Z, i1, nzptr, nzidx, i2)
                        k22 = kdiag[i2]
                        eta = 2 * k12 - k11 - k22
                        if eta < 0:
                            a2 = alph2 - y2 * (F1 - F2) / eta
                            if a2 < L:
                                a2 = L
                            elif a2 > H:
                                a2 = H
                        else:
                            f1 = _wdot(w, nzptr, nzidx, nzval, i1) - b
                            f2 = _wdot(w, nzptr, nzidx, nzval, i2) - b
                            v1 = f1 + b - y1 * alph1 * k11 - y2 * alph2 * k12
                            v2 = f2 + b - y1 * alph1 * k12 - y2 * alph2 * k22
                            gamma = alph1 + s * alph2
                            # Weka's expressions, left to right; gl, gh are the values Weka
                            # recomputes as (gamma - s * L) and (gamma - s * H)
                            gl = gamma - s * L
                            gh = gamma - s * H
                            Lobj = (
                                gl
                                + L
                                - 0.5 * k11 * gl * gl
                                - 0.5 * k22 * L * L
                                - s * k12 * gl * L
                                - y1 * gl * v1
                                - y2 * L * v2
                            )
                            Hobj = (
                                gh
                                + H
                                - 0.5 * k11 * gh * gh
                                - 0.5 * k22 * H * H
                                - s * k12 * gh * H
                                - y1 * gh * v1
                                - y2 * H * v2
                            )
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
                                if pos[i1] < 0:
                                    _i0_add(i1, g1, mem, memg, mstamp, pos, stamp, stampg, inset, sizes)
                                    out_b[7] += 1
                            elif pos[i1] >= 0:
                                _i0_remove(i1, mem, memg, mstamp, pos, inset, sizes)
                                out_b[7] += 1
                            if a2 > 0 and a2 < C2:
                                if pos[i2] < 0:
                                    _i0_add(i2, g2, mem, memg, mstamp, pos, stamp, stampg, inset, sizes)
                                    out_b[7] += 1
                            elif pos[i2] >= 0:
                                _i0_remove(i2, mem, memg, mstamp, pos, inset, sizes)
                                out_b[7] += 1
                            mult1 = y1 * (a1 - alph1)
                            mult2 = y2 * (a2 - alph2)
                            if nzval.shape[0] == 0:  # all values 1.0 (see _wdot)
                                for p in range(nzptr[i1], nzptr[i1 + 1]):
                                    w[nzidx[p]] += mult1
                                for p in range(nzptr[i2], nzptr[i2 + 1]):
                                    w[nzidx[p]] += mult2
                            else:
                                for p in range(nzptr[i1], nzptr[i1 + 1]):
                                    w[nzidx[p]] += mult1 * nzval[p]
                                for p in range(nzptr[i2], nzptr[i2 + 1]):
                                    w[nzidx[p]] += mult2 * nzval[p]
                            cnt = sizes[0]
                            out_b[3] += cnt
                            # error cache over I0 (except i1, i2) and b_up/b_low over it;
                            # the kernel source is chosen outside the hot loops
                            e1 = errors[g1]
                            e2 = errors[g2]
                            if not has_gram:
                                bUp, iUp, bLow, iLow = _update_i0_kdot(
                                    errors, mem, cnt, Zt, ZM, held, i1, i2, mult1, mult2, stamp, kw1, kw2
                                )
                            elif cnt >= dense_from:
                                out_b[4] += 1
                                out_b[5] += span_rows
                                out_b[6] += cnt
                                # i1, i2 are compared below, after their own update
                                in1 = inset[g1]
                                in2 = inset[g2]
                                inset[g1] = 0
                                inset[g2] = 0
                                gUp, gLow = _dense_step(
                                    errors, G, g1, g2, mult1, mult2, inset, stampg, spans, chunk_min, chunk_max
                                )
                                inset[g1] = in1
                                inset[g2] = in2
                            else:
                                gUp, gLow = _update_i0_gram(
                                    errors, memg, mstamp, cnt, G, g1, g2, mult1, mult2, pos[i1], pos[i2], keys
                                )
                            if has_gram:
                                gUp, gLow = _walk_start(errors, gUp, gLow)
                                iUp = row_of[gUp] if gUp >= 0 else -1
                                bUp = errors[gUp] if gUp >= 0 else 1.7976931348623157e308
                                iLow = row_of[gLow] if gLow >= 0 else -1
                                bLow = errors[gLow] if gLow >= 0 else -1.7976931348623157e308
                            errors[g1] = e1 + (mult1 * k11 + mult2 * k12)
                            errors[g2] = e2 + (mult1 * k12 + mult2 * k22)
                            alpha[i1] = a1
                            alpha[i2] = a2
                            for ii in (i1, i2):
                                if pos[ii] >= 0:  # a member: compared as in the list walk
                                    bUp, iUp, bLow, iLow = _compare_member(
                                        errors[gi[ii]], ii, bUp, iUp, bLow, iLow, stamp
                                    )
                            for ii in (i1, i2):
                                if pos[ii] < 0:
                                    e = errors[gi[ii]]
                                    yi = yy[ii]
                                    ai = alpha[ii]
                                    # I3 or I4 (C1 == C2: all weights are 1)
                                    if (yi == 1.0 and ai == C1) or (yi == -1.0 and ai == 0.0):
                                        if e > bLow:
                                            bLow = e
                                            iLow = ii
                                    else:
                                        if e < bUp:
                                            bUp = e
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
def _nonzeros(Z, rows):
    """Row-wise non-zero layout of the rows ``Z[rows]`` (CSR: pointers, column indices and
    values, attribute order; the values array is empty when every non-zero is 1.0, as in
    nominal data); the compact rows keep what a step reads in few cache lines."""
    d = Z.shape[1]
    n = rows.shape[0]
    ptr = np.zeros(n + 1, dtype=np.int64)
    unit = True
    for r in range(n):
        c = 0
        for k in range(d):
            v = Z[rows[r], k]
            if v != 0.0:
                c += 1
                unit = unit and v == 1.0
        ptr[r + 1] = ptr[r] + c
    idx = np.empty(ptr[n], dtype=np.uint32)  # unsigned: no test for a negative index
    val = np.empty(0 if unit else ptr[n])
    for r in range(n):
        p = ptr[r]
        for k in range(d):
            v = Z[rows[r], k]
            if v != 0.0:
                idx[p] = k
                if not unit:
                    val[p] = v
                p += 1
    return ptr, idx, val


@njit(cache=True)
def _fit_pairs(Z, y, n_classes, C, tol, eps, dl, seed, G, gidx, dense_min, dense_fraction):
    """All one-vs-one BinarySMOs (Weka's ``SMO.buildClassifier`` after the filters).

    ``G``: Gram matrix whose row ``gidx[i]`` is row ``i`` of ``Z``, or empty (kernel values
    on the fly); ``dense_min``, ``dense_fraction``: when a step updates whole spans of Gram
    rows (:data:`FULL_ROWS_FRACTION`; any values give the same results). Returns ``W (P, d)``,
    ``b (P,)``, ``kind (P,)`` (0: no classifier, 1: trained, 2: one class only, no weights),
    ``steps (P,)`` and ``stats (P, N_STATS)`` (:data:`STATS`), pairs ``(i, j), i < j`` in
    Weka's order.
    """
    n, d = Z.shape
    P = n_classes * (n_classes - 1) // 2
    W = np.zeros((P, d))
    bs = np.zeros(P)
    kind = np.zeros(P, dtype=np.int64)
    steps = np.zeros(P, dtype=np.int64)
    stats = np.zeros((P, N_STATS), dtype=np.int64)
    counts = np.zeros(n_classes, dtype=np.int64)
    for i in range(n):
        counts[y[i]] += 1
    state = np.full(1, _jr_seed(seed), dtype=np.int64)
    tmp = np.zeros(N_STATS, dtype=np.int64)
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
                yy = np.empty(m)
                for r in range(m):
                    yy[r] = -1.0 if y[rows[r]] == ci else 1.0
                ptr, idx, val = _nonzeros(Z, rows)
                w = np.zeros(d)
                tmp[:] = 0
                gi = np.empty(m, dtype=np.int64)
                if G.shape[0] > 0:
                    Zp = np.empty((0, d))  # not read: kernel values from G
                    for r in range(m):
                        gi[r] = gidx[rows[r]]
                else:
                    Zp = np.empty((m, d))
                    for r in range(m):
                        Zp[r] = Z[rows[r]]
                        gi[r] = r
                bs[p] = _binary_smo(Zp, ptr, idx, val, yy, C, tol, eps, dl, w, tmp, G, gi, dense_min, dense_fraction)
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
_NO_GRAM = np.zeros((0, 0))  # no Gram matrix: kernel values computed on the fly
_GRAM_BLOCK = 512  # rows per BLAS product (bounds the float32 temporary)
# Kernel values on the fly instead of a float64 Gram matrix (:func:`kernel_on_the_fly`): rows per
# (columns + 1) from which it pays, and the distinct values a column needs to be "in general
# position". Measured on the study's real-valued data sets (docs/measurements.md, 2026-11-27):
# on the fly wins for Diabetes (768 rows, 8 columns; 1.4x) and Weka's Segment (2,310, 19; 1.3x
# Test 1, 2.2x Test 2) and loses for every data set below the line (Iris 150 / 4: 0.8x,
# Ionosphere 351 / 34: 0.4x) or with tied values (Balance-scale, 5 values a column: 0.7x).
ON_THE_FLY_ROWS_PER_COLUMN = 64
ON_THE_FLY_DISTINCT = 0.1


class _GramBuffer:
    """Memory for a Gram matrix, kept for the next one. A fresh array of tens of MB costs
    more to map and zero (page faults) than a float64 Gram matrix of Segment costs to compute;
    :func:`smo_cv_errors` computes one or more per randomised data set and fold."""

    def __init__(self):
        self.flat = {}

    def __call__(self, n: int, dtype) -> np.ndarray:
        """An ``(n, n)`` C-contiguous array of ``dtype`` (contents undefined), in memory
        shared with the previous arrays of that dtype from this buffer."""
        dtype = np.dtype(dtype)
        flat = self.flat.get(dtype)
        if flat is None or flat.size < n * n:
            flat = self.flat[dtype] = np.empty(n * n, dtype=dtype)
        return flat[: n * n].reshape(n, n)


def _new_gram(n: int, dtype) -> np.ndarray:
    return np.empty((n, n), dtype=dtype)


@njit(cache=True)
def _gram_attribute_order(Z, G):
    """Gram matrix of ``Z`` (float64), every entry ``sum_k Z[i, k] * Z[j, k]`` summed in
    attribute order from ``0.0`` like ``CachedKernel.dotProd`` (:func:`_kdot`).

    The loop runs over ``j`` innermost (vectorised across entries; each entry's own sum keeps
    its order) and skips ``k`` where ``Z[i, k] == 0`` instead of where ``Z[j, k] == 0``:
    either way the terms left out are exact zeros, and adding ``+-0.0`` to a sum that started
    at ``+0.0`` never changes it (such a sum is never ``-0.0``), so the doubles are those of
    :func:`_kdot`. Writes every entry of ``G`` (n, n) and returns it."""
    n, d = Z.shape
    Zt = np.ascontiguousarray(Z.T)
    for i in range(n):
        row = G[i]
        row[: i + 1] = 0.0
        for k in range(d):
            z = Z[i, k]
            if z != 0.0:
                col = Zt[k]
                for j in range(i + 1):
                    row[j] += z * col[j]
        for j in range(i):
            G[j, i] = row[j]
    return G


@njit(cache=True)
def _gram_one_hot(codes, G):
    """Gram matrix (int8, written into ``G`` and returned) of 0/1 rows given per block of
    columns by the column of their single 1 (``codes[a, i]``; 255: none): ``K(i, j)`` counts
    the blocks where rows ``i`` and ``j`` hold the same column. Byte compares over contiguous
    memory (vectorised)."""
    A, n = codes.shape
    for i in range(n):
        row = G[i]
        row[:] = 0
        for a in range(A):
            c = codes[a, i]
            if c != 255:
                col = codes[a]
                for j in range(n):
                    row[j] += np.int8(col[j] == c)
    return G


def _one_hot_codes(Z: np.ndarray, blocks) -> np.ndarray | None:
    """``codes`` for :func:`_gram_one_hot` when every value of ``Z`` is 0 or 1 and each row has
    at most one 1 within each block of columns (``blocks``: the blocks' first columns; the
    filters' one-hot blocks of nominal attributes and single columns of the others), with at
    most 127 blocks (the int8 count) of at most 255 columns; else None."""
    n, d = Z.shape
    if blocks is None or d == 0 or len(blocks) > 127 or not bool(np.all((Z == 0.0) | (Z == 1.0))):
        return None
    blocks = np.asarray(blocks, dtype=np.int64)
    if np.diff(np.append(blocks, d)).max() > 255:
        return None
    ones = np.add.reduceat(Z, blocks, axis=1)
    if bool((ones > 1).any()):
        return None
    col = np.maximum.reduceat(Z * (np.arange(d) + 1.0), blocks, axis=1) - 1 - blocks  # -1: none
    return np.ascontiguousarray(np.where(ones == 1, col, 255).T.astype(np.uint8))


def _gram(Z: np.ndarray, blocks=None, alloc=_new_gram) -> np.ndarray:
    """Precomputed kernel values equal to Weka's, or :data:`_NO_GRAM`.

    Weka sums ``x_k z_k`` in attribute order. When every value is an integer (nominal data:
    0/1 columns) and ``B = max_i sum_k |Z[i, k]| * max |Z| < 2**24`` bounds every partial
    sum, every partial sum is an integer that float32 holds exactly, so a float32 BLAS product
    in any order gives Weka's values; they are stored in the narrowest type that holds every
    ``|K(i, j)| <= B``: int8 (``B <= 127``: every nominal UCI data set of the study), int16
    or float32. A small matrix keeps the rows the error-cache update streams in cache. 0/1
    data with at most one 1 per row in each of the ``blocks`` of columns (the nominal
    attributes' indicator columns, :attr:`_Filters.start`) is counted by
    :func:`_gram_one_hot` instead (the same integers, about 10x faster than BLAS).
    Otherwise the entries are float64 summed in attribute order
    (:func:`_gram_attribute_order`). Too large a matrix (``GRAM_BYTES``): no Gram matrix.
    ``alloc(n, dtype)`` provides the memory (e.g. a :class:`_GramBuffer`).
    """
    n = Z.shape[0]
    codes = _one_hot_codes(Z, blocks) if n * n <= GRAM_BYTES else None
    if codes is not None:
        return _gram_one_hot(codes, alloc(n, np.int8))
    absZ = np.abs(Z)
    bound = absZ.sum(axis=1).max(initial=0) * absZ.max(initial=0)
    if bool(np.all(Z == np.round(Z))) and bound < 2**24:
        dtype = np.int8 if bound <= 127 else np.int16 if bound <= 32767 else np.float32
        if np.dtype(dtype).itemsize * n * n > GRAM_BYTES:
            return _NO_GRAM
        Zf = Z.astype(np.float32)
        G = alloc(n, dtype)
        for a in range(0, n, _GRAM_BLOCK):
            G[a : a + _GRAM_BLOCK] = Zf[a : a + _GRAM_BLOCK] @ Zf.T
        return G
    if 8 * n * n > GRAM_BYTES:
        return _NO_GRAM
    return _gram_attribute_order(np.ascontiguousarray(Z, dtype=np.float64), alloc(n, np.float64))


def kernel_on_the_fly(Z: np.ndarray) -> bool:
    """Whether :func:`smo_cv_errors` computes kernel values on the fly (every row's own values,
    :func:`_update_i0_kdot`) instead of a float64 Gram matrix per fold normalisation, for the
    data ``Z`` after the filters: real values (not integers: those have narrow Gram matrices),
    at least :data:`ON_THE_FLY_ROWS_PER_COLUMN` rows per column + 1, and the median column
    with at least :data:`ON_THE_FLY_DISTINCT` of the rows' values distinct.

    Why: in general position a linear SVM has at most ``d + 1`` non-bound multipliers, so a
    step updates few error-cache entries (Weka's Segment: 23-45 per step), and summing their
    kernel values costs about ``steps * (d + 1) * d`` -- linear in the rows -- while a Gram matrix
    costs ``n**2 * d`` per normalisation (Test 2: nearly one per fold). Tied values (nominal
    columns, coarse scales) give large I0 sets, whose steps read whole Gram rows far faster.
    Both give the same doubles; this only chooses the faster."""
    n, d = Z.shape
    if n < ON_THE_FLY_ROWS_PER_COLUMN * (d + 1) or d == 0 or bool(np.all(Z == np.round(Z))):
        return False
    distinct = np.median([len(np.unique(Z[:, k])) for k in range(d)])
    return bool(distinct >= ON_THE_FLY_DISTINCT * n)


def _class_order(y: np.ndarray, n_classes: int):
    """Gram row of every row when the rows are grouped by class (stable): ``(order, gidx)``
    with ``order[g]`` the row of Gram row ``g`` and ``gidx[i]`` the Gram row of row ``i``.
    A pair's dense error-cache passes then cover its two classes' rows only
    (:func:`_class_spans`); with two classes the data order is kept (nothing to gain)."""
    n = len(y)
    order = np.argsort(y, kind="stable") if n_classes > 2 else np.arange(n)
    gidx = np.empty(n, dtype=np.int64)
    gidx[order] = np.arange(n)
    return order, gidx


def _gram_rows(Z: np.ndarray, y: np.ndarray, n_classes: int, blocks=None, alloc=_new_gram):
    """:func:`_gram` of the rows grouped by class (:func:`_class_order`): ``(G, gidx)``."""
    order, gidx = _class_order(y, n_classes)
    return _gram(Z[order], blocks, alloc), gidx


@njit(cache=True)
def _permuted_gram(G, order, out):
    """``G[order][:, order]`` in one pass, written into ``out`` (Test 1: the whole-data Gram
    matrix regrouped by each permutation's classes)."""
    n = order.shape[0]
    for a in range(n):
        src = G[order[a]]
        dst = out[a]
        for b in range(n):
            dst[b] = src[order[b]]
    return out


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

    def __init__(
        self,
        spec: AttributeSpec,
        C: float = 1.0,
        build_logistic: bool = False,
        logistic_folds: int = -1,
        seed: int = 1,
        n_classes: int | None = None,
    ):
        if not isinstance(spec, AttributeSpec):
            raise ValueError("spec must be a lib.data.attributes.AttributeSpec")
        if not C > 0:
            raise ValueError(f"C must be positive, got {C}")
        self.spec, self.C = spec, float(C)
        self.build_logistic, self.logistic_folds = bool(build_logistic), int(logistic_folds)
        self.seed, self.n_classes = int(seed), n_classes

    # ------------------------------------------------------------------ fit
    def fit(self, X, y) -> SMO:
        """Train on ``X (n, m)``, ``y (n,)`` (rows in the order Weka would receive them).

        Parameters
        ----------
        X : (n, m) float array
        y : (n,) int array of class indices

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
        filters = _Filters(X, self.spec)
        return self._fit_filtered(filters, y, K, on_the_fly=kernel_on_the_fly(filters.Z))

    def _fit_filtered(
        self, filters: _Filters, y: np.ndarray, K: int, gram=None, alloc=_new_gram, on_the_fly: bool = False
    ) -> SMO:
        """:meth:`fit` after the filters (``filters``: fitted on the training rows, ``y``
        checked int64 class indices, ``K`` classes). ``gram`` (:func:`smo_cv_errors`):
        ``(G, rows)``, the Gram matrix of a larger data set (:func:`_gram_rows`) whose rows
        ``rows`` are these training rows after the filters; by default the training rows'
        own (memory from ``alloc``, see :func:`_gram`), or none with ``on_the_fly``
        (:func:`kernel_on_the_fly`)."""
        self.n_classes_ = K
        self.filters_ = filters
        Z = filters.Z
        G = _NO_GRAM
        gidx = np.arange(len(y), dtype=np.int64)
        if gram is not None:  # smo_cv_errors: Gram matrix of the whole data set, rows gidx
            G, gidx = gram
        elif not on_the_fly:
            G, gidx = _gram_rows(Z, y, K, filters.start, alloc)
        self.W_, self.b_, self.kind_, self.steps_, self.stats_ = _fit_pairs(
            Z, y, K, self.C, TOL, EPS, DEL, self.seed, G, gidx, DENSE_MIN_MEMBERS, FULL_ROWS_FRACTION
        )
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
                        f = _outputs(self.W_[p : p + 1], self.b_[p : p + 1], self.kind_[p : p + 1], Z[rows])[:, 0]
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
    rows = np.arange(len(yy), dtype=np.int64)
    ptr, idx, val = _nonzeros(Zc, rows)
    w = np.zeros(Z.shape[1])
    tmp = np.zeros(N_STATS, dtype=np.int64)
    b[0] = _binary_smo(
        Zc, ptr, idx, val, yy, C, TOL, EPS, DEL, w, tmp, _NO_GRAM, rows, DENSE_MIN_MEMBERS, FULL_ROWS_FRACTION
    )
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
    te = rows[first : first + cnt].copy()
    tr = np.concatenate([rows[:first], rows[first + cnt :]]).astype(np.int64)
    return tr, te


# ======================================================================================
# Batched cross-validation for permutation tests
# ======================================================================================
def smo_cv_errors(
    X,
    y,
    folds,
    spec: AttributeSpec,
    *,
    perms=None,
    idx=None,
    n_classes: int | None = None,
    C: float = 1.0,
    outputs=None,
    stats=None,
) -> np.ndarray:
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
    outputs : (k, n, P) float array, optional
        Receives every row's pairwise SVM outputs (:meth:`SMO.decision_function` of the
        model of its test fold; ``P = n_classes * (n_classes - 1) / 2``), for checks.
    stats : (N_STATS,) int array, optional
        Receives (adds) the counters :data:`STATS` summed over every fit's pairs, for
        measurements (``scripts/tools/measure_smo_steps.py``).

    Returns
    -------
    (k,) float array
        Error rates (misclassified / n); a fresh :class:`SMO` is trained on every training
        fold (rows in data order) and predicts its test fold.

    Notes
    -----
    Same contract as ``lib.c45.j48_cv_errors``: exactly one of ``perms`` / ``idx``. The
    optimisation (the hot loop) is compiled; per fit, the filters are vectorised numpy.

    Gram matrices (the kernel values, exact in every form, so any of them gives the same fit):
    the whole (randomised) data set's after the filters fitted on all rows serves every fold
    whose own filters give the same values (:func:`_whole_data_grams`). Test 1: a fold whose
    filters differ is deferred, and the deferred folds are fitted grouped by their filters'
    normalisation (:func:`_normalisation_key`), one Gram matrix of all rows per group
    (:func:`_fit_grouped_folds`): the data are the same for every permutation, so folds with
    the same training minima and maxima share every kernel value (Segment, 2,310 rows: 731
    such folds of 1,000 in 100 randomisations have 237 normalisations). Test 2: every fold
    with its own filters gets its own matrix (one randomisation's folds share none). Real
    values in general position on many rows (:func:`kernel_on_the_fly`): no Gram matrix at all,
    each step sums the few kernel values it needs.
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
    cols = np.arange(m)
    # decided once from the data's own filters: a Test 2 column keeps its values, a fold is
    # most of the rows
    on_the_fly = kernel_on_the_fly(_Filters(X, spec).Z)
    fits = _FoldFits(spec, C, K, k, outputs, stats, on_the_fly)
    grams = _whole_data_grams(X, y, spec, K, perms, idx) if not on_the_fly else None
    deferred = {}  # Test 1: normalisation key -> [(b, fold)] of the folds with their own filters
    for b in range(k):
        Xb, yb = (X, y[perms[b]]) if perms is not None else (X[idx[b], cols[None, :]], y)
        if not on_the_fly:
            Zfull, G, gidx = next(grams)
        fb = folds2[b if folds2.shape[0] > 1 else 0]
        for f in np.unique(fb):
            test = fb == f
            train = np.flatnonzero(~test)
            filters = _Filters(Xb[train], spec)
            gram = None
            if not on_the_fly:  # on the fly, every fold sums its own kernel values
                if G.shape[0] > 0 and np.array_equal(filters.Z, Zfull[train]):
                    gram = (G, gidx[train])
                elif perms is not None:
                    deferred.setdefault(_normalisation_key(filters, X), []).append((b, f))
                    continue
            fits.fit(b, filters, Xb, yb, test, train, gram)
    if deferred:
        _fit_grouped_folds(fits, deferred, X, y, perms, folds2)
    return fits.wrong / n


class _FoldFits:
    """:func:`smo_cv_errors`' fits of single folds: the settings, the memory of the folds' own
    Gram matrices (reused from one to the next) and what the fits leave: misclassified rows
    per randomised data set (``wrong``), the test rows' outputs and the step counters (each
    only if asked for)."""

    def __init__(self, spec: AttributeSpec, C: float, K: int, k: int, outputs, stats, on_the_fly: bool = False):
        self.spec, self.C, self.K, self.on_the_fly = spec, C, K, on_the_fly
        self.alloc = _GramBuffer()
        self.wrong = np.zeros(k, dtype=np.int64)
        self.outputs, self.stats = outputs, stats

    def fit(self, b: int, filters: _Filters, Xb, yb, test, train, gram=None) -> None:
        """Fit the fold (``filters`` fitted on the rows ``train`` of the randomised data ``Xb``,
        ``yb`` of data set ``b``; ``gram``: see :meth:`SMO._fit_filtered`) and score its
        ``test`` rows."""
        model = SMO(self.spec, C=self.C, n_classes=self.K)._fit_filtered(
            filters, yb[train], self.K, gram, self.alloc, self.on_the_fly
        )
        out = model.decision_function(Xb[test])
        if self.outputs is not None:
            self.outputs[b, test] = out
        if self.stats is not None:
            self.stats += model.stats_.sum(axis=0)
        self.wrong[b] += int((_vote(out, model.kind_, self.K) != yb[test]).sum())


def _whole_data_grams(X, y, spec, K, perms, idx):
    """Per randomised data set of :func:`smo_cv_errors`, in order: ``(Zfull, G, gidx)``, the
    values after the filters fitted on all its rows and their Gram matrix with the rows grouped
    by class (:func:`_class_order`; ``gidx``: each row's Gram row). Test 1: the data (hence the
    filters and the Gram matrix in data order) are the same for every permutation: computed
    once and regrouped per permutation. Memory is reused from one matrix to the next (the
    caller holds one at a time)."""
    data_buffer, groups_buffer = _GramBuffer(), _GramBuffer()
    if perms is not None:
        full_filters = _Filters(X, spec)
        G_data = _gram(full_filters.Z, full_filters.start, data_buffer)
        for b in range(perms.shape[0]):
            yb = y[perms[b]]
            order, gidx = _class_order(yb, K)
            if K <= 2 or G_data.shape[0] == 0:
                yield full_filters.Z, G_data, gidx
            else:
                yield full_filters.Z, _permuted_gram(G_data, order, groups_buffer(len(y), G_data.dtype)), gidx
    else:
        cols = np.arange(X.shape[1])
        for b in range(idx.shape[0]):
            full_filters = _Filters(X[idx[b], cols[None, :]], spec)
            yield full_filters.Z, *_gram_rows(full_filters.Z, y, K, full_filters.start, groups_buffer)


def _normalisation_key(filters: _Filters, X: np.ndarray) -> bytes:
    """What decides the values :meth:`_Filters.transform` gives every row of ``X``: the training
    minima and maxima of Normalize and the imputed values of the columns with missing cells
    (the other columns' imputed values are never used)."""
    missing = np.isnan(X).any(axis=0)
    return filters.lo.tobytes() + filters.hi.tobytes() + filters.fill[missing].tobytes()


def _fit_grouped_folds(fits: _FoldFits, deferred, X, y, perms, folds2):
    """Test 1's folds whose filters differ from the whole data's (:func:`smo_cv_errors`), per
    normalisation key of ``deferred``. A key shared by several folds gets one Gram matrix of all
    rows of ``X`` after that normalisation (the data are the same for every permutation), read
    by each fold at its training rows. With more than two classes, a matrix of integers (one or
    two bytes per value) is regrouped by the fold's classes (:func:`_permuted_gram`, a pass far
    cheaper than the fold's dense steps over foreign rows would be); a matrix of real values
    (float64) stays in data order: regrouping it costs about as much as computing it (Segment,
    2,079 of 2,310 rows: 9 ms against 11 ms), and only the dense steps' speed depends on the
    grouping -- real-valued data in general position have at most ``d + 1`` non-bound
    multipliers, too few for dense steps (Segment Test 1: 41 of 265,000 steps). A key of a
    single fold gets the fold's own matrix, as in Test 2."""
    key_buffer, groups_buffer = _GramBuffer(), _GramBuffer()
    for group in deferred.values():
        G_key = None
        for b, f in group:
            yb = y[perms[b]]
            fb = folds2[b if folds2.shape[0] > 1 else 0]
            test = fb == f
            train = np.flatnonzero(~test)
            filters = _Filters(X[train], fits.spec)
            gram = None
            if len(group) > 1:
                if G_key is None:
                    G_key = _gram(filters.transform(X), filters.start, key_buffer)
                if G_key.shape[0] > 0:
                    gram = (G_key, train)
                    if fits.K > 2 and G_key.dtype != np.float64:
                        order, gidx = _class_order(yb, fits.K)
                        gram = (_permuted_gram(G_key, order, groups_buffer(len(y), G_key.dtype)), gidx[train])
            fits.fit(b, filters, X, yb, test, train, gram)
