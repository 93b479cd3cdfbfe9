"""Weka J48 (C4.5 release 8, ``-C 0.25 -M 2``) re-implemented with numba.

Used for the decision tree of Ojala & Garriga (2009; Weka 3.6 defaults) and, with Laplace
leaves (``J48 -A``), by Raeder et al. (2012). :class:`J48` is a single tree
(``fit`` / ``predict`` / ``predict_proba``); :func:`j48_cv_errors` is the batched
cross-validation engine for permutation tests (Test 1 label permutations or Test 2 within-class
column permutations, the contract of ``lib.models.smo.smo_cv_errors`` too), with the whole CV
loop compiled.

Data convention: as in :mod:`lib.data.attributes` -- ``X`` float ``(n, m)``, nominal attributes hold
the value index ``0 .. V-1``, ``NaN`` is missing; ``spec.n_values[j]`` is ``V`` or 0 for
numeric; ``y`` holds class indices in the ARFF header's order.

What is reproduced (Weka's ``weka.classifiers.trees.J48`` with default options; written from
a reading of Weka's ``C45ModelSelection``, ``C45Split``, ``Distribution``,
``InfoGainSplitCrit``, ``GainRatioSplitCrit``, ``EntropyBasedSplitCrit``,
``C45PruneableClassifierTree``, ``ClassifierTree``, ``Stats``, ``NoSplit``)
-----------------------------------------------------------------------------------------
* **Instances are weighted.** Every training row starts with weight 1. A row whose value of
  the split attribute is missing goes down *every* branch whose share of the known weight is
  ``> 1e-6``, with its weight multiplied by that share (C4.5's fractional instances). All
  counts below are sums of weights.
* **Split selection** (``C45ModelSelection``): a node is a leaf if its total weight is
  ``< 2 * minNumObj`` or all of it is one class. Otherwise every attribute gets a candidate
  split; nominal attributes split multiway (one branch per declared value, empty branches
  included), numeric ones binary ``x <= t``. A candidate is valid if at least two branches
  hold ``>= minNumObj`` known weight (numeric: both branches ``>= minSplit``, see below).
  Information gain is computed on the rows with a known value and multiplied by their weight
  fraction (C4.5's treatment of unknowns); the gain ratio divides it by the split information
  of the branches *plus one branch for the unknowns*. Among the valid candidates whose gain
  is ``>= average gain - 1e-3`` the one with the largest gain ratio wins (strictly larger by
  more than ``1e-6`` than the ones before, i.e. ties go to the lowest attribute index); no
  split if the best gain ratio is 0. The average leaves out nominal attributes with
  ``>= 0.3 * (training set size)`` values unless all attributes are such (Weka's
  ``multiVal`` rule).
* **Numeric attributes** (``C45Split.handleNumericAttribute``): ``minSplit = 0.1 * (known
  weight) / (number of classes)`` clamped to ``[minNumObj, 25]``; no split unless the number
  of rows with a known value is ``>= 2 * minSplit``; candidate cuts lie between consecutive
  sorted values that differ by more than ``1e-5``; among those with both sides ``>= minSplit``
  the first one with the largest gain wins (improvement by more than ``1e-6``); the gain is
  then reduced by ``log2(#candidate cuts) / (total weight)`` (MDL correction) and the split is
  dropped if that is not positive. The threshold is the midpoint of the two values, moved
  down to the largest value of the *whole training set* that is ``<=`` the midpoint
  (``C45Split.setSplitPoint``); the test is ``x <= t`` (tolerance: see "Weka versions").
* **Entropies** exactly as ``EntropyBasedSplitCrit``: ``sum x ln x`` terms with ``x < 1e-6``
  counted as 0, divided by ``ln 2``; ``Utils`` comparisons with the ``1e-6`` tolerance
  (``gr``, ``eq``, ``smOrEq`` ...) wherever Weka uses them.
* **Pruning** (``C45PruneableClassifierTree``): the grown tree is first *collapsed* (a
  subtree whose leaves make at least as many training errors as the node itself, minus
  ``1e-3``, becomes a leaf), then pruned bottom-up with C4.5's pessimistic error
  (``Stats.addErrs``: upper confidence bound of the binomial, normal approximation with
  continuity correction, confidence 0.25 stored as a Java ``float``, the ``N * (1 - CF^(1/N))``
  base case and linear interpolation for fewer than one error). At every node the estimated
  errors as a leaf, of the subtree, and of the largest branch (the branch with the most
  weight, last one among ties) with all of the node's training data pushed through it are
  compared (``+ 0.1`` slack): the node becomes a leaf, or is replaced by its largest branch
  (*subtree raising*; the distributions of the raised subtree are recomputed from the node's
  training data and it is pruned again), or stays.
* **Prediction** (``ClassifierTree.getProbs``): the class distribution of the leaf reached
  (relative weights), summed with weights over all non-empty branches when the tested value
  is missing; a known value that leads to an empty leaf gets the parent's distribution for
  that branch (or the parent's overall distribution). ``predict`` takes the first maximum
  (Weka's ``Utils.maxIndex``, as used by ``Evaluation``). ``laplace=True`` is ``J48 -A``:
  ``(n_c + 1) / (n + C)`` at the leaves.
* :func:`j48_cv_errors` counts a test row as misclassified as Weka's ``Evaluation`` does:
  predicted class != true class, where a row whose predicted distribution is all zero
  ("unclassified", possible only after subtree raising left a non-empty-flagged leaf with no
  weight) is not counted as an error (it still counts in ``n``).

Weka versions and verification
------------------------------
``weka="3.6"`` (default; Ojala & Garriga used Weka 3.6) compares numeric thresholds as Weka
3.6's ``C45Split`` does, with ``Utils.gr / smOrEq`` (1e-6 tolerance) in ``setSplitPoint``
and ``whichSubset``; ``weka="3.9"`` compares them exactly, as Weka 3.9.7 does. This is the
only difference between the two J48s that we found, and it matters for decimal data: e.g.
``(0.0031 + 0.0033) / 2 = 0.0031999999999999997``, so Weka 3.9 moves that threshold down to
0.0031 while Weka 3.6 (tolerance) moves it to 0.0032, and a test value 0.0032 goes to
different branches.

``scripts/tools/crosscheck_j48_weka.py`` compares both modes with the real thing on the 22 UCI data
sets of Ojala & Garriga and on two Test 1 and two Test 2 randomisations of each (110 data sets
x 10 CV folds): with Weka 3.6.14 (Debian's ``weka`` package) in mode ``"3.6"`` and with Weka
3.9.7 (python-weka-wrapper3) in mode ``"3.9"``, every tree is identical (size, split
attributes, thresholds, leaf weights and errors in ``toString``), every test prediction
agrees, the predicted distributions (plain and ``-A`` Laplace) agree to 1e-15, and
:func:`j48_cv_errors` gives the fold-by-fold error.

Known differences from Weka J48 (all that we are aware of)
-----------------------------------------------------------
* **Summation order.** Weka sorts each node's instances in place while evaluating numeric
  attributes, so the instances of a child node are in the order of the last numeric attribute
  evaluated; here they stay in training-set order, and traversals add leaf errors / class
  probabilities flat rather than nested. Sums of weights can therefore differ in the last
  bits. Every comparison in the algorithm has a ``1e-6`` (or ``1e-3`` / ``0.1``) tolerance, so
  this could change a decision only if two quantities differed by that tolerance to within
  ~1e-12; it never happened in the cross-check.
* ``x ln x`` for integer counts is taken from a table computed with Python's ``math.log``;
  Java's ``Math.log`` may differ by one ulp (same tolerance argument). Weka 3.6 divides each
  entropy term by ``ln 2`` (``logFunc``) where Weka 3.9 (and this code) divide the sum.
* ``Utils.maxIndex`` vs ``ClassifierTree.classifyInstance``: Weka's ``classifyInstance``
  picks the first class whose probability exceeds the previous maximum by more than
  ``1e-6``, ``Evaluation`` (cross-validation) uses ``maxIndex`` of ``distributionForInstance``
  (exact comparison). We follow ``Evaluation``; the two differ only for probabilities within
  ``1e-6`` of each other. ``predict`` returns class 0 for an all-zero distribution.
* Weka 3.6.0 / 3.6.1 (2009) may differ from 3.6.14 in details we cannot check; the
  "numerical precision" guard of ``C45Split`` (a midpoint equal to the upper value is
  replaced by the lower one), present in 3.6.14, only matters for adjacent values one ulp
  apart.
* ``prune=False`` is ``J48 -U`` (Raeder et al. 2012's reading ``imbalance.j48_pruning``): Weka's
  ``C45PruneableClassifierTree`` still collapses the grown tree and only skips ``prune()``.
* Not implemented (not J48 defaults): reduced-error pruning, binary splits
  on nominal attributes, ``-S`` (no subtree raising), ``-O`` (no collapsing), ``-J`` (no MDL
  correction), ``doNotMakeSplitPointActualValue``, instance weights other than 1 on input.

Performance notes
-----------------
* Numeric attributes are sorted once per data set (:func:`j48_cv_errors`; under Test 2 each
  randomised column is re-sorted in linear time by a counting sort of its rows' original
  ranks). Every node keeps, per numeric attribute, its entries and their values in ascending
  order, split to the sons by a stable one-pass dispatch, so no node sorts.
* Nodes whose instances all have weight 1 (no fractional instances above them) use integer
  counts and a table of ``k ln k``; the numeric scan updates the class-entropy sum in O(1) per
  moved instance and recomputes the gain of every new best cut from the counts exactly as
  Weka does (the scan only decides which cut is best, with Weka's ``1e-6`` tolerance).
* Nominal values are read from an int16 code matrix (cache-friendly).
* Pruning: without missing values in the training data, the rows pushed through the largest
  branch walk to their leaf directly; subtree error estimates are summed from the sons.
* Trees and work areas are flat arrays (no recursion: numba cannot cache recursive functions,
  numba issue #6061); a capacity overflow (very large trees) doubles them and refits.
* Compilation: ``cache=True``; the cache goes to ``__pycache__`` next to this module (ignored by
  git) or to ``NUMBA_CACHE_DIR``. A cold start compiles for about 25-30 s (fit/predict) plus
  about 7 s (:func:`j48_cv_errors`) on this project's machine; later processes load the cache
  in well under a second.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..data.attributes import AttributeSpec, check_X

SMALL = 1e-6
"""Weka ``Utils.SMALL``: tolerance of ``Utils.eq / gr / sm / grOrEq / smOrEq``."""

_LN2 = math.log(2.0)
_NEG_MAX = -1.7976931348623157e308  # -Double.MAX_VALUE

# The compiled kernels below are long on purpose: numba optimises the loop nest of one function as a
# whole, and splitting a hot loop into helpers costs a call per iteration (docs/architecture.md).
_jit = njit(cache=True, error_model="numpy")


# --------------------------------------------------------------------------------------
# Small numeric helpers (Weka's EntropyBasedSplitCrit / Stats)
# --------------------------------------------------------------------------------------
@_jit
def _lnf(x, tab):
    """``x ln x`` with Weka's cut-off (``x < 1e-6`` -> 0); integer ``x`` from ``tab``."""
    if x < 1e-6:
        return 0.0
    k = int(x)
    if k == x and k < tab.shape[0]:
        return tab[k]
    return x * math.log(x)


@_jit
def _max_class(pc):
    """``Distribution.maxClass``: first class exceeding the running maximum by > 1e-6."""
    mx = 0.0
    idx = 0
    for c in range(pc.shape[0]):
        if pc[c] - mx > SMALL:
            mx = pc[c]
            idx = c
    return idx


@_jit
def _add_errs_ge1(N, e, z):
    if e + 0.5 >= N:
        return max(N - e, 0.0)
    f = (e + 0.5) / N
    r = (f + (z * z) / (2.0 * N) + z * math.sqrt((f / N) - (f * f / N) + (z * z / (4.0 * N * N)))) / (1.0 + (z * z) / N)
    return (r * N) - e


@_jit
def _add_errs(N, e, cf, z):
    """``Stats.addErrs(N, e, CF)`` (``z`` = ``normalInverse(1 - CF)``)."""
    if cf > 0.5:
        return 0.0
    if e < 1.0:
        base = N * (1.0 - cf ** (1.0 / N))
        if e == 0.0:
            return base
        return base + e * (_add_errs_ge1(N, 1.0, z) - base)
    return _add_errs_ge1(N, e, z)


@_jit
def _est_errors(tot, pc, cf, z):
    """``getEstimatedErrorsForDistribution``: observed + pessimistic extra errors."""
    if abs(tot) < SMALL:
        return 0.0
    ni = tot - pc[_max_class(pc)]
    return ni + _add_errs(tot, ni, cf, z)


@_jit
def _gain_ratio(pb, nbags, known, W, gain, tab):
    """``GainRatioSplitCrit.splitCritValue(bags, totalnoInst, infoGain)``."""
    se = 0.0
    if known > SMALL:
        for i in range(nbags):
            se -= _lnf(pb[i], tab)
        se -= _lnf(W - known, tab)
        se += _lnf(W, tab)
    se = se / _LN2
    if abs(se) < SMALL:
        return 0.0
    return gain / (se / W)


@_jit
def _info_gain(cnt, pb, nbags, C, known, W, old_ent, tab):
    """``InfoGainSplitCrit.splitCritValue(bags, totalNoInst, oldEnt)``."""
    s = 0.0
    for i in range(nbags):
        for c in range(C):
            s += _lnf(cnt[i, c], tab)
        s -= _lnf(pb[i], tab)
    new_ent = -(s / _LN2)
    unknown_rate = (W - known) / W
    num = (old_ent - new_ent) * (1.0 - unknown_rate)
    if abs(num) < SMALL:
        return 0.0
    return num / known


@_jit
def _old_ent(pck, known, C, tab):
    s = 0.0
    for c in range(C):
        s += _lnf(pck[c], tab)
    return (_lnf(known, tab) - s) / _LN2


# --------------------------------------------------------------------------------------
# Storage. No function is recursive (numba's cache cannot load recursive functions,
# numba issue #6061): trees are flat arrays, traversals use explicit stacks, and node data
# live in stack-like arenas. Few, packed arrays keep numba's compile time down (every array
# in a tuple argument costs compile time in every function that receives it).
#   tree T = (ni, nf, pcb, pbag, pcls, trrow, trw, cnt)
#     ni[i] = [attr (-1 leaf), number of branches, first son (sons are contiguous),
#              offset and count of the node's training rows in trrow / trw, leaf, empty]
#              (ClassifierTree.m_isLeaf / m_isEmpty)
#     nf[i] = [threshold (numeric splits), total weight]
#     pcb[i, b, c], pbag[i, b], pcls[i, c]: the node model's Distribution
#     cnt = [number of nodes, top of trrow, overflow flag, exact thresholds (Weka 3.9)]
#   work W = (arow, acl, aw, asrt, aval, stk, bscnt, scr, erow, ew, pw)
#     arow / acl / aw: rows, classes, weights of the growing phase's arena; asrt / aval: its
#     sorted lists (entry, value); stk: all stacks side by side (columns 0-3 growing, 4-6
#     error estimates, 7-9 redistribution, 10-11 pruning, 12 subtree sums); bscnt: lengths of
#     the sorted lists per growing-stack slot; scr = [branch of each entry, entry map];
#     erow / ew: arena of the error estimates; pw: scratch
# A capacity overflow sets cnt[2]; the fit is then repeated with all capacities doubled.
# --------------------------------------------------------------------------------------
@_jit
def _alloc(nc, S, C, tc, bc, mnum, N, ec):
    ni = np.zeros((nc, 7), np.int64)
    T = (
        ni,
        np.zeros((nc, 2)),
        np.zeros((nc, S, C)),
        np.zeros((nc, S)),
        np.zeros((nc, C)),
        np.zeros(tc, np.int64),
        np.zeros(tc),
        np.zeros(4, np.int64),
    )
    W = (
        np.zeros(bc, np.int64),
        np.zeros(bc, np.int64),
        np.zeros(bc),
        np.zeros(bc * mnum + 1, np.int64),
        np.zeros(bc * mnum + 1),
        np.zeros((nc, 13), np.int64),
        np.zeros((nc, mnum), np.int64),
        np.zeros((2, N), np.int64),
        np.zeros(ec, np.int64),
        np.zeros(ec),
        np.zeros(nc),
    )
    return T, W


@_jit
def _grow(T, W, C):
    return _alloc(
        2 * T[0].shape[0],
        T[2].shape[1],
        C,
        2 * T[5].shape[0],
        2 * W[0].shape[0],
        W[6].shape[1],
        W[7].shape[1],
        2 * W[8].shape[0],
    )


@_jit
def _set_leaf_dist(node, erow, ew, y, T):
    """NoSplit model of a node from its data (``new Distribution(data)``); returns the weight."""
    pcb, pbag, pcls, ptot = T[2], T[3], T[4], T[1][:, 1]
    C = pcls.shape[1]
    for c in range(C):
        pcb[node, 0, c] = 0.0
        pcls[node, c] = 0.0
    pbag[node, 0] = 0.0
    tot = 0.0
    for e in range(erow.shape[0]):
        c = y[erow[e]]
        w = ew[e]
        pcb[node, 0, c] += w
        pbag[node, 0] += w
        pcls[node, c] += w
        tot += w
    ptot[node] = tot
    s = 0.0
    for e in range(ew.shape[0]):
        s += ew[e]
    return s


@_jit
def _make_leaf(node, erow, ew, y, T):
    s = _set_leaf_dist(node, erow, ew, y, T)
    ni = T[0]
    ni[node, 0] = -1
    ni[node, 1] = 1
    ni[node, 5] = 1
    ni[node, 6] = 1 if abs(s) < SMALL else 0


@_jit
def _trivial(ecls, ew, C, minobj, pc):
    """``selectModel``'s early exit: too little weight, or a single class (``pc``: scratch, C)."""
    for c in range(C):
        pc[c] = 0.0
    tot = 0.0
    for e in range(ecls.shape[0]):
        pc[ecls[e]] += ew[e]
        tot += ew[e]
    if tot - 2.0 * minobj < -SMALL:
        return True
    return abs(tot - pc[_max_class(pc)]) < SMALL


@_jit
def _collapse_to_leaf(node, T):
    """Make a node a leaf with its merged distribution (``new NoSplit(distribution)``)."""
    pcb, pbag, pcls, ni = T[2], T[3], T[4], T[0]
    for c in range(pcls.shape[1]):
        pcb[node, 0, c] = pcls[node, c]
    pbag[node, 0] = T[1][node, 1]
    ni[node, 0] = -1
    ni[node, 1] = 1
    ni[node, 5] = 1


@_jit
def _branch(Xt, Xc, j, r, sp, nvals, exact):
    """Branch of row ``r`` at a split on attribute ``j`` (threshold ``sp``), -1 if missing.
    Nominal values are read from the compact code matrix ``Xc`` (int16, -1 = missing)."""
    if nvals[j] > 0:
        return int(Xc[j, r])
    x = Xt[j, r]
    if np.isnan(x):
        return -1
    if exact:
        return 0 if x <= sp else 1
    return 0 if x - sp < SMALL else 1


# --------------------------------------------------------------------------------------
# Split evaluation (C45Split)
# --------------------------------------------------------------------------------------
@_jit
def _eval_nominal(j, V, erow, ecls, ew, Xc, C, W, minobj, tab, cnt, pb, pck):
    for v in range(V):
        pb[v] = 0.0
        for c in range(C):
            cnt[v, c] = 0.0
    for c in range(C):
        pck[c] = 0.0
    known = 0.0
    for e in range(erow.shape[0]):
        v = Xc[j, erow[e]]
        if v >= 0:
            c = ecls[e]
            w = ew[e]
            cnt[v, c] += w
            pb[v] += w
            pck[c] += w
            known += w
    nok = 0
    for v in range(V):
        if minobj - pb[v] < SMALL:
            nok += 1
    if nok <= 1:
        return False, 0.0, 0.0
    gain = _info_gain(cnt, pb, V, C, known, W, _old_ent(pck, known, C, tab), tab)
    return True, gain, _gain_ratio(pb, V, known, W, gain, tab)


@_jit
def _nominal_counts(erow, ecls, XcN, icnt):
    """Every nominal attribute's (value, class) counts over the rows ``erow`` (classes
    ``ecls``) of a node whose weights are all 1, in one pass over the rows: ``XcN`` holds the
    nominal columns row by row, so a row's values share a cache line (a pass per attribute
    would read each value from its own column; Mushroom's root: 118 against 218 us).
    ``icnt[jn, :, :]``: the ``jn``-th nominal attribute; missing values are not counted."""
    mnom = XcN.shape[1]
    for jn in range(mnom):
        for v in range(icnt.shape[1]):
            for c in range(icnt.shape[2]):
                icnt[jn, v, c] = 0
    for e in range(erow.shape[0]):
        r = erow[e]
        c = ecls[e]
        for jn in range(mnom):
            v = XcN[r, jn]
            if v >= 0:
                icnt[jn, v, c] += 1


@_jit
def _eval_nominal_unit(V, C, W, minobj, tab, icnt, ipb, ipck):
    """:func:`_eval_nominal` for a node whose weights are all 1 (integer counts ``icnt`` from
    :func:`_nominal_counts`, table look-ups; the same numbers as the general path; the
    marginals are sums over the table, the same integers)."""
    for c in range(C):
        ipck[c] = 0
    known = 0
    for v in range(V):
        t = 0
        for c in range(C):
            t += icnt[v, c]
            ipck[c] += icnt[v, c]
        ipb[v] = t
        known += t
    nok = 0
    for v in range(V):
        if minobj - ipb[v] < SMALL:
            nok += 1
    if nok <= 1:
        return False, 0.0, 0.0
    s = 0.0
    for c in range(C):
        s += tab[ipck[c]]
    old_ent = (tab[known] - s) / _LN2
    s = 0.0
    for v in range(V):
        for c in range(C):
            s += tab[icnt[v, c]]
        s -= tab[ipb[v]]
    new_ent = -(s / _LN2)
    num = (old_ent - new_ent) * (1.0 - (W - known) / W)
    gain = 0.0 if abs(num) < SMALL else num / known
    iw = int(W)
    se = 0.0
    if known > 0:
        for v in range(V):
            se -= tab[ipb[v]]
        se -= tab[iw - known]
        se += tab[iw]
    se = se / _LN2
    if abs(se) < SMALL:
        return True, gain, 0.0
    return True, gain, gain / (se / W)


@_jit
def _eval_numeric(srt_j, val_j, k, ecls, ew, C, W, minobj, tab, cnt, pb, pck):
    """Best cut of a numeric attribute: ``srt_j[:k]`` are the node's entries with a known value
    in ascending order, ``val_j[:k]`` their values.

    The scan keeps ``sum_c x ln x`` of both branches up to date (O(1) per moved entry), and
    the gain of every new best cut is recomputed from the branch counts as Weka computes it.
    Returns (valid, gain, gain ratio, midpoint, position of the last entry of the left branch).
    """
    for c in range(C):
        cnt[0, c] = 0.0
        cnt[1, c] = 0.0
        pck[c] = 0.0
    pb[0] = 0.0
    pb[1] = 0.0
    known = 0.0
    for t in range(k):
        e = srt_j[t]
        c = ecls[e]
        w = ew[e]
        cnt[1, c] += w
        pb[1] += w
        pck[c] += w
        known += w
    min_split = 0.1 * known / C
    if min_split - minobj < SMALL:
        min_split = minobj
    elif min_split - 25.0 > SMALL:
        min_split = 25.0
    if k - 2.0 * min_split < -SMALL:
        return False, 0.0, 0.0, 0.0, -1
    old = _old_ent(pck, known, C, tab)
    unknown_rate = (W - known) / W
    s_cls = 0.0  # sum over both branches and classes of x ln x
    for c in range(C):
        s_cls += _lnf(cnt[1, c], tab)
    best = 0.0  # best gain as tracked by the scan
    best_exact = 0.0  # the same, computed from scratch as Weka does
    sidx = -1
    n_cuts = 0
    last = 0
    for nxt in range(1, k):
        if val_j[nxt - 1] + 1e-5 < val_j[nxt]:
            for t in range(last, nxt):
                e = srt_j[t]
                c = ecls[e]
                w = ew[e]
                s_cls -= _lnf(cnt[0, c], tab) + _lnf(cnt[1, c], tab)
                cnt[1, c] -= w
                cnt[0, c] += w
                s_cls += _lnf(cnt[0, c], tab) + _lnf(cnt[1, c], tab)
                pb[1] -= w
                pb[0] += w
            if min_split - pb[0] < SMALL and min_split - pb[1] < SMALL:
                new_ent = -((s_cls - _lnf(pb[0], tab) - _lnf(pb[1], tab)) / _LN2)
                num = (old - new_ent) * (1.0 - unknown_rate)
                g = 0.0 if abs(num) < SMALL else num / known
                if g - best > SMALL:
                    best = g
                    best_exact = _info_gain(cnt, pb, 2, C, known, W, old, tab)
                    sidx = nxt - 1
                n_cuts += 1
            last = nxt
    if n_cuts == 0:
        return False, 0.0, 0.0, 0.0, -1
    gain = best_exact - (math.log(n_cuts) / _LN2) / W
    if gain < SMALL:
        return False, 0.0, 0.0, 0.0, -1
    lo = val_j[sidx]
    hi = val_j[sidx + 1]
    mid = (hi + lo) / 2.0
    if mid == hi:
        mid = lo
    # distribution of the chosen cut (Distribution.addRange for each branch)
    tot = 0.0
    for b in range(2):
        s = 0.0
        for t in range(0 if b == 0 else sidx + 1, sidx + 1 if b == 0 else k):
            s += ew[srt_j[t]]
        pb[b] = s
        tot += s
    return True, gain, _gain_ratio(pb, 2, tot, W, gain, tab), mid, sidx


@_jit
def _skip_below(best, known, unknown_rate, old):
    """A bound on a cut's class-entropy sum ``s_cut`` (:func:`_eval_numeric_unit`): at or below
    it the cut's gain ``(old + s_cut / ln 2) * (1 - unknown_rate) / known`` is at most
    ``best + SMALL - 1e-9``, so the gain computed in full could not pass ``g - best > SMALL``.
    The 1e-9 margin dwarfs the rounding of either expression (a few ulps of entropies in bits
    per row, about 1e-14), so skipping changes no decision."""
    return ((best + (SMALL - 1e-9)) * known / (1.0 - unknown_rate) - old) * _LN2


@_jit
def _eval_numeric_unit(srt_j, val_j, k, ecls, C, W, minobj, tab, dtab, a, cnt, pb, pck, pc_node):
    """:func:`_eval_numeric` for a node whose weights are all 1: integer counts, ``x ln x`` by
    direct table look-up. ``pc_node`` = the node's class counts (used when no value is missing).
    ``dtab[x] = tab[x + 1] - tab[x]`` (the same doubles as subtracting in the loop, one load
    each instead of two). ``a`` is an int scratch array (2, C); ``cnt`` (float) gets the counts of
    the best cut.

    The same decisions and numbers as the weighted path, computed with less work per row (3.6
    ns against 7.8 on Segment's root, docs/measurements.md): the scan tracks the best cut with
    its running sum and skips the full gain of cuts that cannot beat it (:func:`_skip_below`),
    and Weka's gain of the best cut is computed once, after the scan (a call inside the loop
    kept the loop's values out of registers)."""
    if k == W:
        for c in range(C):
            a[1, c] = int(pc_node[c])
            a[0, c] = 0
    else:
        for c in range(C):
            a[0, c] = 0
            a[1, c] = 0
        for t in range(k):
            a[1, ecls[srt_j[t]]] += 1
    known = float(k)
    for c in range(C):
        pck[c] = float(a[1, c])
    min_split = 0.1 * known / C
    if min_split - minobj < SMALL:
        min_split = minobj
    elif min_split - 25.0 > SMALL:
        min_split = 25.0
    if k - 2.0 * min_split < -SMALL:
        return False, 0.0, 0.0, 0.0, -1
    old = _old_ent(pck, known, C, tab)
    unknown_rate = (W - known) / W
    # a[0] counts the classes left of the cut, a[1] all known rows (the right side is the
    # difference); every row moves left as the scan passes it, a cut is scored where the next
    # value is larger: the same sums in the same order as moving a run of ties at once, without
    # the branch around the inner loop
    tot, left = a[1], a[0]
    s_cls = 0.0
    for c in range(C):
        s_cls += tab[tot[c]]
    best = 0.0
    s_skip = _skip_below(best, known, unknown_rate, old)
    sidx = -1
    n_cuts = 0
    for t in range(k - 1):
        c = ecls[srt_j[t]]
        x = left[c]
        s_cls += dtab[x] - dtab[tot[c] - x - 1]
        left[c] = x + 1
        if val_j[t] + 1e-5 < val_j[t + 1]:
            n0 = t + 1
            if min_split - n0 < SMALL and min_split - (k - n0) < SMALL:
                s_cut = s_cls - tab[n0] - tab[k - n0]
                # the cut's gain in full (two divisions) only where it may beat the best
                if s_cut > s_skip:
                    new_ent = -(s_cut / _LN2)
                    num = (old - new_ent) * (1.0 - unknown_rate)
                    g = 0.0 if abs(num) < SMALL else num / known
                    if g - best > SMALL:
                        best = g
                        s_skip = _skip_below(best, known, unknown_rate, old)
                        for c2 in range(C):
                            cnt[0, c2] = float(left[c2])
                            cnt[1, c2] = float(tot[c2] - left[c2])
                        sidx = t
                n_cuts += 1
    if sidx < 0:  # no cut gained (also none at all): Weka's gain, 0 - log2(cuts) / W, is < SMALL
        return False, 0.0, 0.0, 0.0, -1
    # Weka's gain of the best cut, from its counts (after the loop: no call inside it)
    pb[0] = float(sidx + 1)
    pb[1] = float(k - sidx - 1)
    gain = _info_gain(cnt, pb, 2, C, known, W, old, tab) - (math.log(n_cuts) / _LN2) / W
    if gain < SMALL:
        return False, 0.0, 0.0, 0.0, -1
    lo = val_j[sidx]
    hi = val_j[sidx + 1]
    mid = (hi + lo) / 2.0
    if mid == hi:
        mid = lo
    return True, gain, _gain_ratio(pb, 2, known, W, gain, tab), mid, sidx


@_jit
def _select_and_split(
    node,
    erow,
    ecls,
    ew,
    srt,
    sval,
    scnt,
    Xt,
    Xc,
    y,
    nvals,
    numidx,
    allrows,
    tab,
    dtab,
    C,
    minobj,
    multival,
    T,
    work,
    pb,
    pck,
    valid,
    gains,
    ratios,
    mids,
    sidxs,
    ia,
    ipb,
    ipck,
    pcn,
    XcN,
    nomidx,
    icnt3,
):
    """``C45ModelSelection.selectModel`` for one node; stores the node (leaf or split).

    Returns the chosen attribute, or -1 for a leaf.
    """
    ni, nf, pcb, pbag, pcls = T[0], T[1], T[2], T[3], T[4]
    attr, nbag, son0, troff, trcnt = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 3], ni[:, 4]
    leaf, empty, spl, ptot = ni[:, 5], ni[:, 6], nf[:, 0], nf[:, 1]
    ne = erow.shape[0]
    m = nvals.shape[0]
    pc = pcn
    for c in range(C):
        pc[c] = 0.0
    W = 0.0
    unit = True
    for e in range(ne):
        pc[ecls[e]] += ew[e]
        W += ew[e]
        if ew[e] != 1.0:
            unit = False
    if W - 2.0 * minobj < -SMALL or abs(W - pc[_max_class(pc)]) < SMALL:
        _make_leaf(node, erow, ew, y, T)
        return -1
    nall = allrows.shape[0]
    avg = 0.0
    n_valid = 0
    if unit:
        _nominal_counts(erow, ecls, XcN, icnt3)
    for j in range(m):
        V = nvals[j]
        valid[j] = False
        if V > 0 and unit:
            ok, g, r = _eval_nominal_unit(V, C, W, minobj, tab, icnt3[nomidx[j]], ipb, ipck)
        elif V > 0:
            ok, g, r = _eval_nominal(j, V, erow, ecls, ew, Xc, C, W, minobj, tab, work, pb, pck)
        else:
            jn = numidx[j]
            if scnt[jn] == 0:
                continue
            if unit:
                ok, g, r, mid, si = _eval_numeric_unit(
                    srt[jn], sval[jn], scnt[jn], ecls, C, W, minobj, tab, dtab, ia, work, pb, pck, pc
                )
            else:
                ok, g, r, mid, si = _eval_numeric(
                    srt[jn], sval[jn], scnt[jn], ecls, ew, C, W, minobj, tab, work, pb, pck
                )
            mids[j] = mid
            sidxs[j] = si
        if ok:
            valid[j] = True
            gains[j] = g
            ratios[j] = r
            if V == 0 or multival or V - 0.3 * nall < -SMALL:
                avg += g
                n_valid += 1
    if n_valid == 0:
        _make_leaf(node, erow, ew, y, T)
        return -1
    avg = avg / n_valid
    best = -1
    min_result = 0.0
    for j in range(m):
        if valid[j] and gains[j] >= avg - 1e-3 and ratios[j] - min_result > SMALL:
            best = j
            min_result = ratios[j]
    if abs(min_result) < SMALL:
        _make_leaf(node, erow, ew, y, T)
        return -1
    # the chosen split's distribution: known values, then addInstWithUnknown
    j = best
    V = nvals[j]
    nb = V if V > 0 else 2
    for b in range(nb):
        pbag[node, b] = 0.0
        for c in range(C):
            pcb[node, b, c] = 0.0
    for c in range(C):
        pcls[node, c] = 0.0
    tot = 0.0
    if V > 0:
        for e in range(ne):
            b = Xc[j, erow[e]]
            if b >= 0:
                c = ecls[e]
                w = ew[e]
                pcb[node, b, c] += w
                pbag[node, b] += w
                pcls[node, c] += w
                tot += w
    else:
        jn = numidx[j]
        si = sidxs[j]
        for b in range(2):
            s = 0.0
            for t in range(0 if b == 0 else si + 1, si + 1 if b == 0 else scnt[jn]):
                e = srt[jn, t]
                c = ecls[e]
                w = ew[e]
                s += w
                pcb[node, b, c] += w
                pcls[node, c] += w
            pbag[node, b] += s
            tot += s
    for b in range(nb):
        pb[b] = 1.0 / nb if abs(tot) < SMALL else pbag[node, b] / tot
    for e in range(ne):
        if (Xc[j, erow[e]] < 0) if V > 0 else np.isnan(Xt[j, erow[e]]):
            c = ecls[e]
            w = ew[e]
            pcls[node, c] += w
            tot += w
            for b in range(nb):
                nw = pb[b] * w
                pcb[node, b, c] += nw
                pbag[node, b] += nw
    ptot[node] = tot
    # threshold moved to a training value (C45Split.setSplitPoint over all training data)
    sp = 0.0
    if V == 0:
        exact = T[7][3] != 0
        mid = mids[j]
        sp = _NEG_MAX
        for r in range(nall):
            t = Xt[j, allrows[r]]
            if np.isnan(t):
                continue
            if exact:
                if t > sp and t <= mid:
                    sp = t
            elif t - sp > SMALL and t - mid < SMALL:
                sp = t
    attr[node] = j
    spl[node] = sp
    nbag[node] = nb
    leaf[node] = 0
    empty[node] = 0
    return j


# --------------------------------------------------------------------------------------
# Growing (ClassifierTree.buildTree with C45ModelSelection)
# --------------------------------------------------------------------------------------
@_jit
def _build(Xt, Xc, XcN, y, nvals, numidx, allrows, tab, C, minobj, multival, ntr, T, W):
    """Grow the tree from the root data already in the arena (rows 0..ntr, sorted lists)."""
    ni, nf, pcb, pbag, pcls = T[0], T[1], T[2], T[3], T[4]
    attr, nbag, son0, troff, trcnt = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 3], ni[:, 4]
    leaf, empty, spl, ptot = ni[:, 5], ni[:, 6], nf[:, 0], nf[:, 1]
    trrow, trw, cnt = T[5], T[6], T[7]
    arow, acl, aw, asrt, aval, stk, bscnt, scr = W[0], W[1], W[2], W[3], W[4], W[5], W[6], W[7]
    bstk = stk[:, 0:4]
    sub, cmap = scr[0], scr[1]
    m = nvals.shape[0]
    mnum = bscnt.shape[1]
    S = pcb.shape[1]
    work = np.empty((S, C))
    pb = np.empty(S)
    pck = np.empty(C)
    valid = np.zeros(m, np.bool_)
    gains = np.zeros(m)
    ratios = np.zeros(m)
    mids = np.zeros(m)
    sidxs = np.full(m, -1, np.int64)
    wts = np.empty(S)
    ia = np.empty((S, C), np.int64)
    nomidx = np.full(m, -1, np.int64)  # column of each nominal attribute in XcN
    mnom = 0
    for j in range(m):
        if nvals[j] > 0:
            nomidx[j] = mnom
            mnom += 1
    icnt3 = np.empty((mnom, S, C), np.int64)
    dtab = np.empty(tab.shape[0] - 1)  # see _eval_numeric_unit
    for x in range(dtab.shape[0]):
        dtab[x] = tab[x + 1] - tab[x]
    ipb = np.empty(S, np.int64)
    ipck = np.empty(C, np.int64)
    pcn = np.empty(C)
    scnt = np.empty(mnum, np.int64)
    ccount = np.empty(S, np.int64)
    coff = np.empty(S, np.int64)
    cpos = np.empty(S, np.int64)
    soff = np.empty(S, np.int64)
    slot = np.empty(S, np.int64)
    trivial = np.empty(S, np.bool_)
    sp_ = 1
    bstk[0, 0] = 0
    bstk[0, 1] = 0
    bstk[0, 2] = ntr
    bstk[0, 3] = 0
    while sp_ > 0:
        sp_ -= 1
        node = bstk[sp_, 0]
        ro = bstk[sp_, 1]
        ne = bstk[sp_, 2]
        so = bstk[sp_, 3]
        # everything above this node's data belongs to finished subtrees
        rtop = ro + ne
        stop = so + mnum * ne
        erow = arow[ro : ro + ne]
        ew = aw[ro : ro + ne]
        ecls = acl[ro : ro + ne]
        srt = asrt[so : so + mnum * ne].reshape((mnum, ne))
        sval = aval[so : so + mnum * ne].reshape((mnum, ne))
        for jn in range(mnum):
            scnt[jn] = bscnt[sp_, jn]
        j = _select_and_split(
            node,
            erow,
            ecls,
            ew,
            srt,
            sval,
            scnt,
            Xt,
            Xc,
            y,
            nvals,
            numidx,
            allrows,
            tab,
            dtab,
            C,
            minobj,
            multival,
            T,
            work,
            pb,
            pck,
            valid,
            gains,
            ratios,
            mids,
            sidxs,
            ia,
            ipb,
            ipck,
            pcn,
            XcN,
            nomidx,
            icnt3,
        )
        if j < 0:
            continue
        nb = nbag[node]
        s0 = cnt[0]
        if s0 + nb > ni.shape[0] or cnt[1] + ne > trrow.shape[0]:
            cnt[2] = 1
            return
        cnt[0] = s0 + nb
        son0[node] = s0
        # keep the node's training data for pruning
        troff[node] = cnt[1]
        trcnt[node] = ne
        for e in range(ne):
            trrow[cnt[1] + e] = erow[e]
            trw[cnt[1] + e] = ew[e]
        cnt[1] += ne
        # the branch of every entry (-1: missing) and the size of every son
        sp = spl[node]
        exact = cnt[3] != 0
        nmiss = 0
        for b in range(nb):
            wts[b] = pbag[node, b] / ptot[node]
            ccount[b] = 0
        for e in range(ne):
            b = _branch(Xt, Xc, j, erow[e], sp, nvals, exact)
            sub[e] = b
            if b < 0:
                nmiss += 1
            else:
                ccount[b] += 1
        if nmiss > 0:
            for b in range(nb):
                if wts[b] > SMALL:
                    ccount[b] += nmiss
        # the sons' rows: son nb-1 lowest in the arena ... son 0 on top (it is processed first)
        off = rtop
        for b in range(nb - 1, -1, -1):
            coff[b] = off
            cpos[b] = off
            off += ccount[b]
        if off > arow.shape[0]:
            cnt[2] = 1
            return
        mm = np.empty((max(nmiss, 1), nb), np.int64)
        mi = 0
        for e in range(ne):
            b = sub[e]
            if b >= 0:
                q = cpos[b]
                arow[q] = erow[e]
                aw[q] = ew[e]
                acl[q] = ecls[e]
                cmap[e] = q - coff[b]
                cpos[b] = q + 1
                continue
            for b2 in range(nb):
                if wts[b2] > SMALL:
                    q = cpos[b2]
                    arow[q] = erow[e]
                    aw[q] = wts[b2] * ew[e]
                    acl[q] = ecls[e]
                    mm[mi, b2] = q - coff[b2]
                    cpos[b2] = q + 1
                else:
                    mm[mi, b2] = -1
            cmap[e] = -2 - mi
            mi += 1
        # sons that are leaves anyway; stack slots and sorted-list regions of the others
        nslot = sp_
        soff_top = stop
        for b in range(nb - 1, -1, -1):
            o = coff[b]
            trivial[b] = _trivial(acl[o : o + ccount[b]], aw[o : o + ccount[b]], C, minobj, pcn)
            if trivial[b]:
                continue
            slot[b] = nslot
            nslot += 1
            soff[b] = soff_top
            soff_top += mnum * ccount[b]
        if nslot > bstk.shape[0] or soff_top > asrt.shape[0]:
            cnt[2] = 1
            return
        # every sorted list dispatched to the sons in one pass (stable, so still sorted)
        for jn in range(mnum):
            for b in range(nb):
                if not trivial[b]:
                    cpos[b] = soff[b] + jn * ccount[b]
            for t in range(scnt[jn]):
                e = srt[jn, t]
                c = cmap[e]
                if c >= 0:
                    b = sub[e]
                    if not trivial[b]:
                        q = cpos[b]
                        asrt[q] = c
                        aval[q] = sval[jn, t]
                        cpos[b] = q + 1
                    continue
                mi = -2 - c
                for b in range(nb):
                    if not trivial[b] and mm[mi, b] >= 0:
                        q = cpos[b]
                        asrt[q] = mm[mi, b]
                        aval[q] = sval[jn, t]
                        cpos[b] = q + 1
            for b in range(nb):
                if not trivial[b]:
                    bscnt[slot[b], jn] = cpos[b] - (soff[b] + jn * ccount[b])
        for b in range(nb - 1, -1, -1):
            child = s0 + b
            o = coff[b]
            if trivial[b]:
                _make_leaf(child, arow[o : o + ccount[b]], aw[o : o + ccount[b]], y, T)
                continue
            q = slot[b]
            bstk[q, 0] = child
            bstk[q, 1] = o
            bstk[q, 2] = ccount[b]
            bstk[q, 3] = soff[b]
        sp_ = nslot


# --------------------------------------------------------------------------------------
# Pruning (C45PruneableClassifierTree: collapse, then prune with subtree raising)
# --------------------------------------------------------------------------------------
@_jit
def _training_errors(node, T, stk):
    """``getTrainingErrors()``: training errors of the subtree's leaves; ``stk`` is a stack."""
    ni, pcls, ptot = T[0], T[4], T[1][:, 1]
    leaf, son0, nbag = ni[:, 5], ni[:, 2], ni[:, 1]
    s = 0.0
    sp_ = 1
    stk[0] = node
    while sp_ > 0:
        sp_ -= 1
        v = stk[sp_]
        if leaf[v]:
            s += ptot[v] - pcls[v, _max_class(pcls[v])]
            continue
        for b in range(nbag[v] - 1, -1, -1):
            stk[sp_] = son0[v] + b
            sp_ += 1
    return s


@_jit
def _collapse(T, W):
    """``collapse()``: a subtree whose training errors are not below its root's becomes a leaf."""
    ni, pcls, ptot = T[0], T[4], T[1][:, 1]
    leaf, son0, nbag = ni[:, 5], ni[:, 2], ni[:, 1]
    stk, stk1 = W[5][:, 10:12], W[5][:, 12]
    sp_ = 1
    stk[0, 0] = 0
    while sp_ > 0:
        sp_ -= 1
        v = stk[sp_, 0]
        if leaf[v]:
            continue
        node_errors = ptot[v] - pcls[v, _max_class(pcls[v])]
        if _training_errors(v, T, stk1) >= node_errors - 1e-3:
            _collapse_to_leaf(v, T)
            continue
        for b in range(nbag[v] - 1, -1, -1):
            stk[sp_, 0] = son0[v] + b
            sp_ += 1


@_jit
def _reset_split_dist(node, rows, ws, Xt, Xc, y, nvals, T, qcb, qb, qc, sub):
    """``C45Split.resetDistribution(data)`` into ``qcb, qb, qc``; returns the total weight.
    ``sub[e]`` gets the branch of row ``e`` (-1: missing) for :func:`_push_branches`."""
    j = T[0][node, 0]
    nb = T[0][node, 1]
    sp = T[1][node, 0]
    exact = T[7][3] != 0
    C = qc.shape[0]
    for b in range(nb):
        qb[b] = 0.0
        for c in range(C):
            qcb[b, c] = 0.0
    for c in range(C):
        qc[c] = 0.0
    tot = 0.0
    for e in range(rows.shape[0]):
        b = _branch(Xt, Xc, j, rows[e], sp, nvals, exact)
        sub[e] = b
        if b < 0:
            continue
        c = y[rows[e]]
        w = ws[e]
        qcb[b, c] += w
        qb[b] += w
        qc[c] += w
        tot += w
    probs = np.empty(nb)
    for b in range(nb):
        probs[b] = 1.0 / nb if abs(tot) < SMALL else qb[b] / tot
    for e in range(rows.shape[0]):
        if sub[e] < 0:
            c = y[rows[e]]
            w = ws[e]
            qc[c] += w
            tot += w
            for b in range(nb):
                nw = probs[b] * w
                qcb[b, c] += nw
                qb[b] += nw
    return tot


@_jit
def _push_branches(node, rows, ws, qb, tot, T, sub, arow, aw, top, stk, sp_):
    """Write the data of every branch of ``node`` (``ClassifierSplitModel.split`` with branch
    shares ``qb / tot`` for missing values) at ``arow/aw[top:]`` -- branch ``nb - 1`` lowest,
    branch 0 on top -- and push (son, offset, count) on ``stk`` so that branch 0 is popped
    first. ``sub``: the rows' branches from :func:`_reset_split_dist` on the same rows.
    Returns the new (top, stack size), or (-1, -1) on overflow."""
    nb = T[0][node, 1]
    s0 = T[0][node, 2]
    n = rows.shape[0]
    count = np.zeros(nb, np.int64)
    pos = np.empty(nb, np.int64)
    wb = np.empty(nb)
    for b in range(nb):
        wb[b] = qb[b] / tot if tot != 0.0 else 0.0
    nmiss = 0
    for e in range(n):
        b = sub[e]
        if b < 0:
            nmiss += 1
        else:
            count[b] += 1
    if nmiss > 0:
        for b in range(nb):
            if wb[b] > SMALL:
                count[b] += nmiss
    off = top
    for b in range(nb - 1, -1, -1):
        pos[b] = off
        off += count[b]
    if off > arow.shape[0] or sp_ + nb > stk.shape[0]:
        return -1, -1
    for b in range(nb - 1, -1, -1):
        stk[sp_, 0] = s0 + b
        stk[sp_, 1] = pos[b]
        stk[sp_, 2] = count[b]
        sp_ += 1
    for e in range(n):
        b = sub[e]
        if b >= 0:
            q = pos[b]
            arow[q] = rows[e]
            aw[q] = ws[e]
            pos[b] = q + 1
            continue
        for b2 in range(nb):
            if wb[b2] > SMALL:
                q = pos[b2]
                arow[q] = rows[e]
                aw[q] = wb[b2] * ws[e]
                pos[b2] = q + 1
    return off, sp_


@_jit
def _est_branch(node, rows, ws, Xt, Xc, y, nvals, cf, z, T, W):
    """``getEstimatedErrorsForBranch(data)``: push ``data`` through the subtree of ``node``
    and add the leaves' estimated errors. Returns -1 on a capacity overflow."""
    leaf, cnt, erow, ew, stk, sub = T[0][:, 5], T[7], W[8], W[9], W[5][:, 4:7], W[7][0]
    C = T[4].shape[1]
    S = T[2].shape[1]
    n = rows.shape[0]
    if n > erow.shape[0]:
        cnt[2] = 1
        return -1.0
    for e in range(n):
        erow[e] = rows[e]
        ew[e] = ws[e]
    qcb = np.empty((S, C))
    qb = np.empty(S)
    qc = np.empty(C)
    total = 0.0
    sp_ = 1
    stk[0, 0] = node
    stk[0, 1] = 0
    stk[0, 2] = n
    while sp_ > 0:
        sp_ -= 1
        v = stk[sp_, 0]
        o = stk[sp_, 1]
        c_ = stk[sp_, 2]
        top = o + c_
        r = erow[o : o + c_]
        w = ew[o : o + c_]
        if leaf[v]:
            for c in range(C):
                qc[c] = 0.0
            tot = 0.0
            for e in range(c_):
                qc[y[r[e]]] += w[e]
                tot += w[e]
            total += _est_errors(tot, qc, cf, z)
            continue
        tot = _reset_split_dist(v, r, w, Xt, Xc, y, nvals, T, qcb, qb, qc, sub)
        top, sp_ = _push_branches(v, r, w, qb, tot, T, sub, erow, ew, top, stk, sp_)
        if sp_ < 0:
            cnt[2] = 1
            return -1.0
    return total


@_jit
def _est_branch_walk(node, rows, ws, Xt, Xc, y, nvals, cf, z, T, acc, stamp, touched, call):
    """:func:`_est_branch` for data without missing values: every row walks to one leaf, the
    leaves' class weights are summed in ``acc`` (rows of nodes stamped with ``call``)."""
    ni, nf = T[0], T[1]
    exact = T[7][3] != 0
    C = acc.shape[1]
    nt = 0
    for e in range(rows.shape[0]):
        r = rows[e]
        v = node
        while ni[v, 5] == 0:
            v = ni[v, 2] + _branch(Xt, Xc, ni[v, 0], r, nf[v, 0], nvals, exact)
        if stamp[v] != call:
            stamp[v] = call
            for c in range(C):
                acc[v, c] = 0.0
            touched[nt] = v
            nt += 1
        acc[v, y[r]] += ws[e]
    total = 0.0
    for t in range(nt):
        v = touched[t]
        tot = 0.0
        for c in range(C):
            tot += acc[v, c]
        total += _est_errors(tot, acc[v], cf, z)
    return total


@_jit
def _new_distribution(node, Xt, Xc, y, nvals, T, W):
    """``newDistribution(m_train)`` of a node whose model was just replaced (subtree raising):
    the subtree's distributions and training data are recomputed from the node's data."""
    ni, nf, pcb, pbag, pcls = T[0], T[1], T[2], T[3], T[4]
    attr, nbag, son0, troff, trcnt = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 3], ni[:, 4]
    leaf, empty, spl, ptot = ni[:, 5], ni[:, 6], nf[:, 0], nf[:, 1]
    trrow, trw, cnt = T[5], T[6], T[7]
    stk, sub = W[5][:, 7:10], W[7][0]
    sp_ = 1
    stk[0, 0] = node
    stk[0, 1] = troff[node]
    stk[0, 2] = trcnt[node]
    while sp_ > 0:
        sp_ -= 1
        v = stk[sp_, 0]
        o = stk[sp_, 1]
        c_ = stk[sp_, 2]
        r = trrow[o : o + c_]
        w = trw[o : o + c_]
        if leaf[v]:
            s = _set_leaf_dist(v, r, w, y, T)
            if not abs(s) < SMALL:
                empty[v] = 0
            continue
        tot = _reset_split_dist(v, r, w, Xt, Xc, y, nvals, T, pcb[v], pbag[v], pcls[v], sub)
        ptot[v] = tot
        troff[v] = o
        trcnt[v] = c_
        top, sp_ = _push_branches(v, r, w, pbag[v], tot, T, sub, trrow, trw, cnt[1], stk, sp_)
        if sp_ < 0:
            cnt[2] = 1
            return
        cnt[1] = top


@_jit
def _prune(Xt, Xc, y, nvals, cf, z, no_missing, T, W):
    """``C45PruneableClassifierTree.prune()`` with subtree raising, without recursion: a node
    is decided after its sons (state 1); a raised node is pruned again (state 0)."""
    ni, nf, pcb, pbag, pcls = T[0], T[1], T[2], T[3], T[4]
    attr, nbag, son0, troff, trcnt = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 3], ni[:, 4]
    leaf, empty, spl, ptot = ni[:, 5], ni[:, 6], nf[:, 0], nf[:, 1]
    trrow, trw, cnt = T[5], T[6], T[7]
    stk = W[5][:, 10:12]
    acc = np.empty((ni.shape[0], pcls.shape[1]))
    est_sub = np.empty(ni.shape[0])  # getEstimatedErrors() of every finished internal node
    stamp = np.full(ni.shape[0], -1, np.int64)
    touched = np.empty(ni.shape[0], np.int64)
    call = 0
    sp_ = 1
    stk[0, 0] = 0
    stk[0, 1] = 0
    while sp_ > 0:
        v = stk[sp_ - 1, 0]
        if leaf[v]:
            sp_ -= 1
            continue
        if stk[sp_ - 1, 1] == 0:
            stk[sp_ - 1, 1] = 1
            if sp_ + nbag[v] > stk.shape[0]:
                cnt[2] = 1
                return
            for b in range(nbag[v] - 1, -1, -1):
                stk[sp_, 0] = son0[v] + b
                stk[sp_, 1] = 0
                sp_ += 1
            continue
        sp_ -= 1
        mx = 0.0
        L = -1
        for b in range(nbag[v]):
            if mx - pbag[v, b] < SMALL:
                mx = pbag[v, b]
                L = b
        o = troff[v]
        rows = trrow[o : o + trcnt[v]]
        ws = trw[o : o + trcnt[v]]
        if no_missing:
            call += 1
            err_branch = _est_branch_walk(son0[v] + L, rows, ws, Xt, Xc, y, nvals, cf, z, T, acc, stamp, touched, call)
        else:
            err_branch = _est_branch(son0[v] + L, rows, ws, Xt, Xc, y, nvals, cf, z, T, W)
        if cnt[2] != 0:
            return
        err_leaf = _est_errors(ptot[v], pcls[v], cf, z)
        # getEstimatedErrors(): the sons are final (post-order), so their sums are known
        err_tree = 0.0
        for b in range(nbag[v]):
            s = son0[v] + b
            err_tree += _est_errors(ptot[s], pcls[s], cf, z) if leaf[s] else est_sub[s]
        if err_leaf - (err_tree + 0.1) < SMALL and err_leaf - (err_branch + 0.1) < SMALL:
            _collapse_to_leaf(v, T)
            continue
        if err_branch - (err_tree + 0.1) < SMALL:
            big = son0[v] + L
            attr[v] = attr[big]
            spl[v] = spl[big]
            nbag[v] = nbag[big]
            son0[v] = son0[big]
            leaf[v] = leaf[big]
            _new_distribution(v, Xt, Xc, y, nvals, T, W)
            if cnt[2] != 0:
                return
            stk[sp_, 0] = v  # prune the raised subtree again
            stk[sp_, 1] = 0
            sp_ += 1
            continue
        est_sub[v] = err_tree


# --------------------------------------------------------------------------------------
# Prediction (ClassifierTree.getProbs / getProbsLaplace)
# --------------------------------------------------------------------------------------
@_jit
def _probs(Xt, Xc, r, out, nvals, laplace, T, snode, sw):
    """Class distribution of row ``r`` of ``Xt`` added to ``out``."""
    ni, nf, pcb, pbag, pcls = T[0], T[1], T[2], T[3], T[4]
    attr, nbag, son0, troff, trcnt = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 3], ni[:, 4]
    leaf, empty, spl, ptot = ni[:, 5], ni[:, 6], nf[:, 0], nf[:, 1]

    C = out.shape[0]
    sp_ = 1
    snode[0] = 0
    sw[0] = 1.0
    while sp_ > 0:
        sp_ -= 1
        node = snode[sp_]
        w = sw[sp_]
        if leaf[node]:
            tot = ptot[node]
            if laplace:
                for c in range(C):
                    out[c] += w * ((pcls[node, c] + 1.0) / (tot + C))
            elif not abs(tot) < SMALL:
                for c in range(C):
                    out[c] += w * (pcls[node, c] / tot)
            continue
        j = attr[node]
        b = _branch(Xt, Xc, j, r, spl[node], nvals, T[7][3] != 0)
        if b < 0:
            for b in range(nbag[node] - 1, -1, -1):
                s = son0[node] + b
                if not empty[s]:
                    snode[sp_] = s
                    sw[sp_] = w * (pbag[node, b] / ptot[node])
                    sp_ += 1
            continue
        s = son0[node] + b
        if not empty[s]:
            snode[sp_] = s
            sw[sp_] = w
            sp_ += 1
            continue
        pbv = pbag[node, b]
        tot = ptot[node]
        for c in range(C):
            if laplace:
                if pbv > SMALL:
                    out[c] += w * ((pcb[node, b, c] + 1.0) / (pbv + C))
                else:
                    out[c] += w * ((pcls[node, c] + 1.0) / (tot + C))
            elif pbv > SMALL:
                out[c] += w * (pcb[node, b, c] / pbv)
            elif not abs(tot) < SMALL:
                out[c] += w * (pcls[node, c] / tot)


@_jit
def _predict_proba(Xt, Xc, nvals, laplace, C, T):
    n = Xt.shape[1]
    out = np.zeros((n, C))
    snode = np.empty(T[0].shape[0], np.int64)
    sw = np.empty(T[0].shape[0])
    for r in range(n):
        _probs(Xt, Xc, r, out[r], nvals, laplace, T, snode, sw)
    return out


# --------------------------------------------------------------------------------------
# Fitting and the compiled cross-validation loop
# --------------------------------------------------------------------------------------
@_jit
def _fit(Xt, Xc, XcN, y, train_rows, nvals, numidx, gorder, gcnt, C, minobj, cf, z, tab, exact, prune, T, W):
    """Grow, collapse and (``prune``) prune a tree on ``train_rows``; False on a capacity overflow."""
    cnt = T[7]
    arow, acl, aw, asrt, aval, bscnt, cmap = W[0], W[1], W[2], W[3], W[4], W[6], W[7][1]
    ntr = train_rows.shape[0]
    m = nvals.shape[0]
    mnum = gorder.shape[0]
    if ntr > arow.shape[0]:
        return False
    # root data: the training rows in order, weight 1, and per numeric attribute the entries
    # in ascending order (a stable filter of the data set's order)
    pos = cmap
    for i in range(pos.shape[0]):
        pos[i] = -1
    for e in range(ntr):
        pos[train_rows[e]] = e
        arow[e] = train_rows[e]
        aw[e] = 1.0
        acl[e] = y[train_rows[e]]
    for j in range(m):
        jn = numidx[j]
        if jn < 0:
            continue
        q = 0
        for t in range(gcnt[jn]):
            p = pos[gorder[jn, t]]
            if p >= 0:
                asrt[jn * ntr + q] = p
                aval[jn * ntr + q] = Xt[j, gorder[jn, t]]
                q += 1
        bscnt[0, jn] = q
    multival = True
    for j in range(m):
        if nvals[j] == 0 or nvals[j] - 0.3 * ntr < -SMALL:
            multival = False
            break
    cnt[0] = 1
    cnt[1] = 0
    cnt[2] = 0
    cnt[3] = 1 if exact else 0
    _build(Xt, Xc, XcN, y, nvals, numidx, train_rows, tab, C, minobj, multival, ntr, T, W)
    if cnt[2] != 0:
        return False
    _collapse(T, W)
    if not prune:  # J48 -U: C45PruneableClassifierTree still collapses, then skips prune()
        return cnt[2] == 0
    no_missing = True
    for j in range(m):
        for e in range(ntr):
            if (Xc[j, train_rows[e]] < 0) if nvals[j] > 0 else np.isnan(Xt[j, train_rows[e]]):
                no_missing = False
                break
        if not no_missing:
            break
    _prune(Xt, Xc, y, nvals, cf, z, no_missing, T, W)
    return cnt[2] == 0


@_jit
def _first_max(d):
    best = 0
    for c in range(1, d.shape[0]):
        if d[c] > d[best]:
            best = c
    return best


@_jit
def _nominal_rows(Xc, nvals):
    """The nominal columns of ``Xc`` (attribute by attribute) row by row, ``(n, nominal)``
    (:func:`_nominal_counts`)."""
    m = Xc.shape[0]
    N = Xc.shape[1]
    mnom = 0
    for j in range(m):
        if nvals[j] > 0:
            mnom += 1
    out = np.empty((N, mnom), np.int16)
    jn = 0
    for j in range(m):
        if nvals[j] > 0:
            for i in range(N):
                out[i, jn] = Xc[j, i]
            jn += 1
    return out


@_jit
def _cv_driver(
    Xt, Xc, y, mode, perms, idx, folds, nvals, numidx, gorder, gcnt, rank, C, minobj, cf, z, tab, exact, T, W
):
    """Misclassification rates of J48 under CV for ``k`` randomised data sets.

    ``mode`` 1: ``perms`` (k, N) label permutations; 2: ``idx`` (k, N, m) row indices per
    column. ``folds`` (1, N) shared or (k, N) per randomisation.
    """
    m = Xt.shape[0]
    N = Xt.shape[1]
    k = perms.shape[0] if mode == 1 else idx.shape[0]
    errors = np.zeros(k)
    yb = y.copy()
    Xb = Xt.copy()
    Xcb = Xc.copy()
    XcNb = _nominal_rows(Xc, nvals)
    ob = gorder.copy()
    cb = gcnt.copy()
    dist = np.zeros(C)
    bucket = np.zeros(N + 1, np.int64)
    snode = np.empty(T[0].shape[0], np.int64)
    sw = np.empty(T[0].shape[0])
    for b in range(k):
        if mode == 1:
            for i in range(N):
                yb[i] = y[perms[b, i]]
        else:
            for i in range(N):
                for j in range(m):  # a nominal column is read from Xc only, a numeric from Xt
                    if nvals[j] > 0:
                        Xcb[j, i] = Xc[j, idx[b, i, j]]
                    else:
                        Xb[j, i] = Xt[j, idx[b, i, j]]
            XcNb = _nominal_rows(Xcb, nvals)
            for j in range(m):
                jn = numidx[j]
                if jn < 0:
                    continue
                # sorted order of the randomised column: a counting sort of the original
                # ranks of its rows (linear time; also right when idx repeats rows)
                for t in range(gcnt[jn] + 1):
                    bucket[t] = 0
                for i in range(N):
                    rk = rank[jn, idx[b, i, j]]
                    if rk >= 0:
                        bucket[rk + 1] += 1
                for t in range(gcnt[jn]):
                    bucket[t + 1] += bucket[t]
                for i in range(N):
                    rk = rank[jn, idx[b, i, j]]
                    if rk >= 0:
                        ob[jn, bucket[rk]] = i
                        bucket[rk] += 1
                cb[jn] = bucket[gcnt[jn] - 1] if gcnt[jn] > 0 else 0
        fb = folds[b] if folds.shape[0] > 1 else folds[0]
        wrong = 0
        for f in range(fb.min(), fb.max() + 1):
            ntr = 0
            for i in range(N):
                if fb[i] != f:
                    ntr += 1
            if ntr == N:
                continue  # no row in this fold
            train_rows = np.empty(ntr, np.int64)
            q = 0
            for i in range(N):
                if fb[i] != f:
                    train_rows[q] = i
                    q += 1
            while not _fit(
                Xb, Xcb, XcNb, yb, train_rows, nvals, numidx, ob, cb, C, minobj, cf, z, tab, exact, True, T, W
            ):
                T, W = _grow(T, W, C)  # capacity overflow: double everything and refit
            if snode.shape[0] < T[0].shape[0]:
                snode = np.empty(T[0].shape[0], np.int64)
                sw = np.empty(T[0].shape[0])
            for i in range(N):
                if fb[i] == f:
                    dist[:] = 0.0
                    _probs(Xb, Xcb, i, dist, nvals, False, T, snode, sw)
                    p = _first_max(dist)
                    if dist[p] > 0.0 and p != yb[i]:
                        wrong += 1
        errors[b] = wrong / N
    return errors


# --------------------------------------------------------------------------------------
# Python API
# --------------------------------------------------------------------------------------
def _confidence_constants(confidence: float) -> tuple[float, float]:
    """J48 stores ``-C`` as a Java ``float``; ``Stats.addErrs`` uses ``CF`` (widened to
    double) and ``normalInverse(1 - CF)`` with ``1 - CF`` evaluated in float."""
    from scipy.special import ndtri

    cf = np.float32(confidence)
    if not 0.0 < cf < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    return float(cf), float(ndtri(float(np.float32(1.0) - cf)))


def _xlogx_table(n: int) -> np.ndarray:
    """``k ln k`` for ``k = 0 .. n`` (``math.log``, like the non-table path)."""
    return np.array([0.0] + [k * math.log(k) for k in range(1, n + 1)])


def _codes(X: np.ndarray, nvals: np.ndarray) -> np.ndarray:
    """Nominal values as an int16 matrix ``(m, n)``, -1 = missing (numeric columns: 0)."""
    if len(nvals) and nvals.max() > np.iinfo(np.int16).max:
        raise ValueError("nominal attributes with more than 32767 values are not supported")
    Xc = np.zeros((X.shape[1], X.shape[0]), dtype=np.int16)
    for j in np.flatnonzero(nvals > 0):
        col = X[:, j]
        Xc[j] = np.where(np.isnan(col), -1, np.nan_to_num(col, nan=0.0)).astype(np.int16)
    return Xc


def _presort(X: np.ndarray, nvals: np.ndarray):
    """Per numeric attribute: rows with a known value in ascending order, their count, and
    each row's rank in that order (-1 if missing)."""
    n = X.shape[0]
    num = np.flatnonzero(nvals == 0)
    numidx = np.full(len(nvals), -1, dtype=np.int64)
    numidx[num] = np.arange(len(num))
    order = np.zeros((len(num), n), dtype=np.int64)
    count = np.zeros(len(num), dtype=np.int64)
    rank = np.full((len(num), n), -1, dtype=np.int64)
    for jn, j in enumerate(num):
        col = X[:, j]
        known = np.flatnonzero(~np.isnan(col))
        o = known[np.argsort(col[known], kind="stable")]
        order[jn, : len(o)] = o
        count[jn] = len(o)
        rank[jn, o] = np.arange(len(o))
    return numidx, order, count, rank


WEKA_VERSIONS = ("3.6", "3.9")
"""Threshold comparisons of ``C45Split``: ``"3.6"`` with the ``1e-6`` tolerance of
``Utils.gr / smOrEq`` (Weka 3.6, revision 6073), ``"3.9"`` exact (Weka 3.9.7)."""


def _exact(weka: str) -> bool:
    if weka not in WEKA_VERSIONS:
        raise ValueError(f"weka must be one of {WEKA_VERSIONS}, got {weka!r}")
    return weka == "3.9"


def _new_tree(n: int, nvals: np.ndarray, C: int):
    """Tree and work arrays for data with ``n`` rows (grown on demand)."""
    S = int(max(2, nvals.max() if len(nvals) else 2))
    mnum = int((nvals == 0).sum())
    return _alloc(4 * n + 64, S, C, 8 * n + 1024, 4 * n + 64, mnum, n, 4 * n + 64)


class J48:
    """Weka J48 decision tree (C4.5 with error-based pruning); see the module docstring.

    Parameters
    ----------
    spec : AttributeSpec of the columns of ``X``
    laplace : Laplace estimates at the leaves in :meth:`predict_proba` (``J48 -A``)
    min_num_obj : ``-M`` (minimum weight in at least two branches of a split)
    confidence : ``-C`` pruning confidence
    n_classes : number of class values in the header (default ``max(y) + 1``); it enters
        numeric splits (``minSplit``) and Laplace estimates
    weka : ``"3.6"`` (default) or ``"3.9"``: numeric thresholds compared with Weka 3.6's
        ``1e-6`` tolerance or exactly (Weka 3.9.7); see the module docstring
    prune : ``False`` is ``J48 -U`` (unpruned: the grown tree is collapsed, as in Weka, but not
        pruned; ``confidence`` is then unused)
    """

    def __init__(
        self,
        spec: AttributeSpec,
        laplace: bool = False,
        min_num_obj: int = 2,
        confidence: float = 0.25,
        n_classes: int | None = None,
        weka: str = "3.6",
        prune: bool = True,
    ):
        self.exact_ = _exact(weka)
        self.weka = weka
        self.spec = spec
        self.laplace = bool(laplace)
        self.prune = bool(prune)
        self.min_num_obj = int(min_num_obj)
        self.confidence = float(confidence)
        self.n_classes = n_classes
        self.tree_ = None
        self.n_classes_ = None

    def fit(self, X, y) -> J48:
        X = check_X(X, self.spec)
        y = np.asarray(y, dtype=np.int64)
        if y.shape != (X.shape[0],) or len(y) == 0 or y.min() < 0:
            raise ValueError("y must be (n,) class indices 0..C-1 with n >= 1")
        C = int(y.max()) + 1 if self.n_classes is None else int(self.n_classes)
        if y.max() >= C:
            raise ValueError(f"class index {y.max()} >= n_classes {C}")
        nvals = np.asarray(self.spec.n_values, dtype=np.int64)
        numidx, order, count, _ = _presort(X, nvals)
        cf, z = _confidence_constants(self.confidence)
        n = X.shape[0]
        T, W = _new_tree(n, nvals, C)
        Xt, Xc, rows = np.ascontiguousarray(X.T), _codes(X, nvals), np.arange(n, dtype=np.int64)
        XcN = _nominal_rows(Xc, nvals)
        tab, minobj = _xlogx_table(n), float(self.min_num_obj)
        while not _fit(
            Xt, Xc, XcN, y, rows, nvals, numidx, order, count, C, minobj, cf, z, tab, self.exact_, self.prune, T, W
        ):
            T, W = _grow(T, W, C)  # capacity overflow: double everything and refit
        self.tree_ = T
        self.n_classes_ = C
        return self

    def _check_fitted(self):
        if self.tree_ is None:
            raise ValueError("J48 is not fitted")

    def predict_proba(self, X) -> np.ndarray:
        """Weka's ``distributionForInstance`` ``(n, n_classes)``: leaf class frequencies (or
        Laplace estimates), combined with weights over the branches of missing values."""
        self._check_fitted()
        X = check_X(X, self.spec)
        nvals = np.asarray(self.spec.n_values, dtype=np.int64)
        return _predict_proba(
            np.ascontiguousarray(X.T), _codes(X, nvals), nvals, self.laplace, self.n_classes_, self.tree_
        )

    def predict(self, X) -> np.ndarray:
        """First class of maximal probability (``Utils.maxIndex``, as Weka's Evaluation)."""
        return np.argmax(self.predict_proba(X), axis=1)

    # ---- structure
    def _nodes(self):
        ni = self.tree_[0]
        nbag, son0, leaf = ni[:, 1], ni[:, 2], ni[:, 5]
        stack = [0]
        while stack:
            i = stack.pop()
            yield i
            if not leaf[i]:
                stack.extend(range(son0[i] + nbag[i] - 1, son0[i] - 1, -1))

    @property
    def n_leaves(self) -> int:
        """Weka ``measureNumLeaves`` (empty leaves included)."""
        self._check_fitted()
        return sum(1 for i in self._nodes() if self.tree_[0][i, 5])

    @property
    def tree_size(self) -> int:
        """Weka ``measureTreeSize`` (number of nodes)."""
        self._check_fitted()
        return sum(1 for _ in self._nodes())

    def to_text(self, feature_names=None, class_names=None) -> str:
        """The tree in the layout of Weka's ``J48.toString()`` (without header and footer):
        thresholds to 6 decimals (rounded as the selected Weka version does), leaves
        ``class (weight/errors)`` rounded to 2 decimals."""
        self._check_fitted()
        ni, nf, pcb, pbag, pcls = self.tree_[:5]
        attr, nbag, son0, leaf = ni[:, 0], ni[:, 1], ni[:, 2], ni[:, 5]
        spl, ptot = nf[:, 0], nf[:, 1]
        fn = feature_names or [f"a{j}" for j in range(self.spec.m)]
        cn = class_names or [str(c) for c in range(self.n_classes_)]

        def num(x, digits):  # Utils.doubleToString(x, digits)
            if self.exact_:  # Weka 3.9: the exact decimal value, rounded
                s = f"{x:.{digits}f}".rstrip("0").rstrip(".")
                return "0" if s in ("", "-0") else s
            t = float(x) * 10.0**digits  # Weka 3.6: (long) (x * 10^digits + 0.5)
            p = int(t + 0.5) if t > 0 else -int(abs(t) + 0.5)
            d = str(abs(p)).rjust(digits + 1, "0")
            s = (d[:-digits] + "." + d[-digits:]).rstrip("0").rstrip(".")
            return ("-" if p < 0 else "") + s

        def round2(x):  # Utils.roundDouble(x, 2) = Math.round(x * 100) / 100.0
            return math.floor(float(x) * 100.0 + 0.5) / 100.0

        def label(node, b):  # ClassifierSplitModel.dumpLabel(b): the parent's bag b
            dist = pcb[node, b] if pbag[node, b] > SMALL else pcls[node]
            c = _max_class(dist)
            err = pbag[node, b] - pcb[node, b, c]
            s = f"{cn[c]} ({round2(pbag[node, b])}"
            if err > SMALL:
                s += f"/{round2(err)}"
            return s + ")"

        lines = []
        stack = [(0, 0, 0)]
        while stack:
            i, b, depth = stack.pop()
            if b + 1 < nbag[i]:
                stack.append((i, b + 1, depth))
            j = attr[i]
            if self.spec.n_values[j] > 0:
                cond = f"{fn[j]} = {b}"
            else:
                cond = f"{fn[j]} {'<=' if b == 0 else '>'} {num(spl[i], 6)}"
            s = son0[i] + b
            if leaf[s]:
                lines.append("|   " * depth + cond + ": " + label(i, b))
            else:
                lines.append("|   " * depth + cond)
                stack.append((s, 0, depth + 1))
        if leaf[0]:
            return ": " + label(0, 0)
        return "\n".join(lines)


def j48_cv_errors(
    X,
    y,
    folds,
    spec: AttributeSpec,
    *,
    perms=None,
    idx=None,
    n_classes: int | None = None,
    min_num_obj: int = 2,
    confidence: float = 0.25,
    weka: str = "3.6",
) -> np.ndarray:
    """CV error of :class:`J48` for a batch of randomised data sets (compiled loop).

    ``folds`` (n,) shared or (k, n) per randomised data set; exactly one of ``perms`` (k, n)
    label permutations (Test 1: labels ``y[perms[b]]``, data ``X``) or ``idx`` (k, n, m)
    within-class row indices (Test 2: data ``X[idx[b, :, j], j]`` per column ``j``, labels
    ``y``). Fold ids are integers; a fresh tree is fitted on every training fold (rows in data
    order). Errors are counted like Weka's
    ``Evaluation`` (see module docstring). ``n_classes`` should be the number of class values
    in the header (default ``max(y) + 1``); ``min_num_obj``, ``confidence``, ``weka``: as in
    :class:`J48`.

    Returns
    -------
    (k,) error rates (misclassified / n).
    """
    if (perms is None) == (idx is None):
        raise ValueError("give exactly one of perms (Test 1) or idx (Test 2)")
    exact = _exact(weka)
    X = check_X(X, spec)
    y = np.asarray(y, dtype=np.int64)
    n, m = X.shape
    C = int(y.max()) + 1 if n_classes is None else int(n_classes)
    folds = np.asarray(folds)
    folds2 = np.ascontiguousarray(np.atleast_2d(folds), dtype=np.int64)
    if folds2.shape[1] != n:
        raise ValueError(f"folds must be (n,) or (k, n) with n={n}")
    nvals = np.asarray(spec.n_values, dtype=np.int64)
    numidx, order, count, rank = _presort(X, nvals)
    cf, z = _confidence_constants(confidence)
    if perms is not None:
        perms = np.ascontiguousarray(np.atleast_2d(perms), dtype=np.int64)
        k = perms.shape[0]
        idx_arr = np.zeros((0, n, m), dtype=np.int64)
        mode = 1
    else:
        idx_arr = np.asarray(idx, dtype=np.int64)
        if idx_arr.ndim == 2:
            idx_arr = idx_arr[None]
        idx_arr = np.ascontiguousarray(idx_arr)
        k = idx_arr.shape[0]
        perms = np.zeros((0, n), dtype=np.int64)
        mode = 2
    if folds2.shape[0] not in (1, k):
        raise ValueError(f"folds must be (n,) or ({k}, n)")
    if k == 0:
        return np.zeros(0)
    return _cv_driver(
        np.ascontiguousarray(X.T),
        _codes(X, nvals),
        y,
        mode,
        perms,
        idx_arr,
        folds2,
        nvals,
        numidx,
        order,
        count,
        rank,
        C,
        float(min_num_obj),
        cf,
        z,
        _xlogx_table(n),
        exact,
        *_new_tree(n, nvals, C),
    )
