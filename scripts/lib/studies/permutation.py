"""Toy data sets D1 and D2 of Ojala & Garriga (ICDM 2009), Figure 1.

Figure 1: "Examples of two 16 x 8 nominal datasets D1 and D2 each having two classes. The
last column in both datasets denotes the class labels (+, -) of the samples in the rows."
Each row is a data point with 8 nominal features taking values x or o; rows 1-8 are class +
and rows 9-16 class -.

Where the matrices come from
----------------------------
The figure is garbled in the machine-extracted text
(``/work/shared/papers/002_6e7f8e2b2f053605.txt``). Lines 15-17 of that file read::

    15: "908 o x x x x x x x x x o x ... x o o o o"                 (page number 908, 128 x/o)
    16: "+ + + + + + + + - - - - - - - - x x x o x x ... x x Dataset D2"  (16 labels, 128 x/o)
    17: "+ + + + + + + + - - - - - - - -"  followed on line 18 by "Dataset D1 Examples of ..."

Each of the two runs contains exactly 128 = 16 x 8 tokens of ``x``/``o``, and each label run
has 16 tokens, eight ``+`` then eight ``-`` (an en dash in the text).

Parsing. A run is read **row-major**: tokens 8r .. 8r+7 are the eight features of row r,
in the order rows are listed, so that rows 0-7 carry label + and rows 8-15 label -.

Ambiguities and how they were resolved
--------------------------------------
1. *Row- or column-major.* Reading each run as 8 columns of 16 (column-major) gives matrices
   without any visible class structure; row-major gives the structures the paper describes
   (below). Column order inside a row cannot be checked, but it is irrelevant for 1-NN
   (Hamming distances are invariant to reordering the columns) and for both tests.
2. *Which run is D1.* The captions ("Dataset D2" after the second run, "Dataset D1" after the
   second label run) do not pin this down. The first run (line 15) has rows of class + that
   are mostly x and rows of class - that are mostly o, with no visible dependence between the
   columns: "the dataset D1 was generated so that the features are independent inside the
   classes, and hence the good classification accuracy ... on D1 is simply due to different
   value distributions across the classes" (Sec. III-A). The second run (line 16) has class-+
   rows that are (nearly) all x or all o and class - rows of the form xxxxoooo / ooooxxxx,
   i.e. every column is about half x in each class and the class is carried by the dependence
   between columns: "for dataset D2 ... the dependence between the columns inside the classes
   is essential". So line 15 is D1 and line 16 is D2.
3. *Class labels.* Both label runs are identical (8 + then 8 -), so the assignment of the
   label runs to the matrices does not matter. Classes are coded + -> 0, - -> 1.
4. *Values.* x -> 1, o -> 0, as a nominal attribute with two values (for 1-NN it makes no
   difference whether they are treated as nominal or numeric 0/1).

Check against the paper (Table I, 1-NN, leave-one-out, 1000 randomisations)
---------------------------------------------------------------------------
Paper:  D1 orig 0.00; Test 1 0.52 (0.14) p 0.001; Test 2 0.06 (0.06) p 0.358.
        D2 orig 0.00; Test 1 0.53 (0.14) p 0.001; Test 2 0.62 (0.14) p 0.001.
Ours (:func:`table1`, k = 1000, mean [min, max] over 5 seeds):

* tie rule "first" (IB1, rows in the order above):
  D1 orig 0.00; Test 1 0.535 (0.161) p 0.002 [0.001, 0.003]; Test 2 0.059 (0.062)
  p 0.408 [0.394, 0.422].  D2 orig 0.00; Test 1 0.536 (0.149) p 0.001 [0.001, 0.002];
  Test 2 0.621 (0.136) p 0.001.
* tie rule "vote" (IBk): D1 Test 2 0.047 (0.054) p 0.477 [0.462, 0.493]; D2 Test 2
  0.651 (0.137) p 0.001; Test 1 as above (p 0.001).
* tie rule "shuffled" (Weka's leave-one-out: a fresh training order per left-out row), D1
  over 10 seeds: orig 0.00; Test 1 0.533 (0.147) p 0.001 [0.525-0.540 mean, 0.144-0.153
  std]; Test 2 0.056 (0.058) p 0.411 [0.380, 0.444]. ("first" over the same 10 seeds:
  Test 1 0.533 (0.160), Test 2 p 0.411.)

So the recovered matrices reproduce every qualitative statement (0 LOO error; both data sets
significant under Test 1; D1 not significant and D2 significant under Test 2) and the error
means/standard deviations closely for the single-neighbour rule. The one number that is not
matched within Monte-Carlo error (+-0.015 at k = 1000) is D1's Test 2 p-value, 0.358 in the
paper: with "first" the value depends on the row order used for tie-breaking (0.37-0.44 over
random row orders, k = 5000), with "vote" it is about 0.47, with "shuffled" (what Weka's
cross-validation does) about 0.41; the Test 1 std, 0.147 with "shuffled" against 0.160 with
"first", is the number the tie order moves towards the paper's 0.14. (A p of 2/1001 under Test 1 happens because a few label
permutations of these tiny data sets are themselves perfectly separable.)
"""
from __future__ import annotations

import numpy as np

from ..models import c45, nn1_nominal, smo
from ..models import weka_like as wl
from ..evaluation import permutation_tests as pm

# Row-major transcription of the x/o runs; 16 rows of 8 features each.
# D1 <- text line 15 (after the page number "908").
D1_ROWS = (
    "oxxxxxxx",
    "xxoxxxxo",
    "xxxxooxx",
    "xxxxxxxo",
    "xxoxooox",
    "xxxxxxxo",
    "xooxoxxx",
    "xxxxoxxo",
    "oooxxooo",
    "oooooooo",
    "xoxooooo",
    "xoxooxoo",
    "ooxooooo",
    "ooooooxo",
    "xooooooo",
    "oooxoooo",
)
# D2 <- text line 16 (after the 16 label tokens, before "Dataset D2").
D2_ROWS = (
    "xxxoxxxx",
    "xxxxoxxx",
    "xxxxxxxx",
    "xoxxxxxx",
    "ooooooox",
    "xooooooo",
    "oooooxoo",
    "oooooooo",
    "xxxxooox",
    "xxxxxooo",
    "xxoxoooo",
    "xxxxoooo",
    "ooooxxxx",
    "ooooxxxx",
    "oxooxxxo",
    "oooxxxxx",
)
LABELS = "++++++++--------"

# The raw token runs as they appear in the text (for the parsing test).
D1_TEXT_RUN = (
    "o x x x x x x x x x o x x x x o x x x x o o x x x x x x x x x o x x o x o o o x x x x x "
    "x x x o x o o x o x x x x x x x o x x o o o o x x o o o o o o o o o o o x o x o o o o o "
    "x o x o o x o o o o x o o o o o o o o o o o x o x o o o o o o o o o o x o o o o"
)
D2_TEXT_RUN = (
    "x x x o x x x x x x x x o x x x x x x x x x x x x o x x x x x x o o o o o o o x x o o o "
    "o o o o o o o o o x o o o o o o o o o o x x x x o o o x x x x x x o o o x x o x o o o o "
    "x x x x o o o o o o o o x x x x o o o o x x x x o x o o x x x o o o o x x x x x"
)


def parse_run(run: str, n_rows: int = 16, n_cols: int = 8) -> np.ndarray:
    """Parse a whitespace-separated x/o run row-major into an ``(n_rows, n_cols)`` 0/1 array."""
    toks = run.split()
    if len(toks) != n_rows * n_cols or set(toks) - {"x", "o"}:
        raise ValueError("expected exactly n_rows * n_cols tokens 'x' / 'o'")
    return (np.asarray(toks) == "x").astype(float).reshape(n_rows, n_cols)


def _matrix(rows) -> np.ndarray:
    return np.array([[1.0 if ch == "x" else 0.0 for ch in r] for r in rows])


def labels() -> np.ndarray:
    """Class labels: + -> 0 (rows 0-7), - -> 1 (rows 8-15)."""
    return np.array([0 if ch == "+" else 1 for ch in LABELS], dtype=int)


def d1() -> tuple[np.ndarray, np.ndarray]:
    """Data set D1 of Figure 1 as ``(X, y)``; ``X`` (16, 8) with x -> 1, o -> 0."""
    return _matrix(D1_ROWS), labels()


def d2() -> tuple[np.ndarray, np.ndarray]:
    """Data set D2 of Figure 1 as ``(X, y)``; ``X`` (16, 8) with x -> 1, o -> 0."""
    return _matrix(D2_ROWS), labels()


def spec() -> wl.AttributeSpec:
    """Eight nominal attributes with two values each."""
    return wl.AttributeSpec.nominal([2] * 8)


def table1(X, y, k: int, rng: np.random.Generator, tie_rule: str = "first") -> dict:
    """Table I for one data set: 1-NN leave-one-out error and both tests' statistics.

    Parameters
    ----------
    X, y : data set (e.g. ``d1()``)
    k : number of randomisations (paper: 1000)
    rng : numpy.random.Generator (draws the Test 1 permutations, then the Test 2 ones)
    Distances: Weka's (nominal mismatch = 1) via the BLAS encoding; folds: leave-one-out.
    tie_rule : {"first", "vote", "shuffled"}, see ``lib.models.weka_like``. ``"shuffled"`` is Weka's
        leave-one-out (``crossValidateModel`` with n folds): every left-out row is classified
        by IB1 on a freshly shuffled training set, so each (row, data set) gets its own
        uniform order (``weka_like.TieKeys`` with n folds); the keys of the original data, the
        Test 1 and the Test 2 data sets come from three entropies drawn from ``rng`` after the
        randomisations.

    Returns
    -------
    dict with ``orig_err``, ``t1_mean``, ``t1_std``, ``t1_p``, ``t2_mean``, ``t2_std``, ``t2_p``.
    """
    n, m = X.shape
    sp = spec()
    Z, groups = wl.encode_for_blas(X, sp, wl.weka_ranges(X, sp))
    folds = pm.loo_folds(n)
    perms = pm.label_permutations(n, k, rng)
    idx = pm.within_class_permutations(y, m, k, rng)
    keys = [None] * 3
    if tie_rule == "shuffled":  # after the randomisations: "first"/"vote" draw exactly as before
        keys = [wl.TieKeys(rng, n, n) for _ in range(3)]
    e0 = pm.nn1_cv_errors_test1(Z, y, folds, np.arange(n)[None], tie_rule=tie_rule, tie_keys=keys[0])[0]
    e1 = pm.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule=tie_rule, tie_keys=keys[1])
    e2 = pm.nn1_cv_errors_test2(Z, y, folds, idx, groups=groups, tie_rule=tie_rule, tie_keys=keys[2])
    return {
        "orig_err": float(e0),
        "t1_mean": float(e1.mean()), "t1_std": float(e1.std(ddof=1)), "t1_p": float(pm.pvalue(e0, e1)),
        "t2_mean": float(e2.mean()), "t2_std": float(e2.std(ddof=1)), "t2_p": float(pm.pvalue(e0, e2)),
    }


# --------------------------------------------------------------------------------------
# Study driver (Ojala & Garriga Sec. IV-V): one classifier, one test
# --------------------------------------------------------------------------------------
CLASSIFIERS = ("j48", "1nn", "nb", "smo")
"""Weka J48, IB1 (1-NN), NaiveBayes, SMO (linear) -- ``weka_like`` stand-ins / exact engines."""


def study_errors(classifier: str, X, y, spec: wl.AttributeSpec, test: int, orig_folds, k: int,
                 rng: np.random.Generator, *, tie_rule: str = "first", svm_solver: str = "libsvm",
                 batch: int = 50):
    """Errors on the original data (one per CV repetition) and on ``k`` randomised data sets.

    Parameters
    ----------
    classifier : {"j48", "1nn", "nb", "smo"}
        Weka's J48 (``lib.models.c45``), IB1 (the 1-NN engines of
        :mod:`lib.evaluation.permutation_tests` and ``lib.models.nn1_nominal``), NaiveBayes
        (``lib.models.nb_engine``) or SMO (``lib.models.smo`` with ``svm_solver="weka"``,
        otherwise the ``weka_like.SMOLike`` stand-in with that solver, refit per fold).
    X : ndarray of shape (n, m)
        Data, ``lib.data.attributes`` convention (nominal codes, NaN missing).
    y : ndarray of shape (n,)
        Class indices.
    spec : AttributeSpec
    test : {1, 2}
        Test 1 permutes the labels; Test 2 permutes each column within each class.
    orig_folds : ndarray of shape (R, n)
        Fold vectors of the R repetitions of the original stratified CV.
    k : int
        Number of randomised data sets.
    rng : numpy.random.Generator
        Draws the randomisations, then (``tie_rule="shuffled"``) two ``weka_like.TieKeys``
        entropies, one for the original CV repetitions and one for the randomised data sets, so
        that every fold of every CV run gets its own training order and the draws do not depend
        on ``batch``; the other rules draw nothing more.
    tie_rule : {"first", "vote", "shuffled"}
        1-NN ties (reading ``permutation.tie_rule``; see ``lib.models.weka_like``).
    svm_solver : {"weka", "libsvm", "liblinear"}
        SMO engine (reading ``permutation.svm_solver``).
    batch : int
        Randomised data sets held at once under Test 2.

    Returns
    -------
    orig : ndarray of shape (R,)
        CV error of each repetition of the original CV.
    null : ndarray of shape (k,)
        CV error of each randomised data set.

    Notes
    -----
    Ojala & Garriga 2009, Sec. III (Tests 1 and 2, Definition 1) and Sec. V (10-fold CV repeated
    ten times, 1000 randomised samples). The null sample uses a fresh stratified CV per
    randomised data set (design 2 of :mod:`lib.evaluation.permutation_tests`):
    ``orig_folds[0][perms]`` for Test 1, :func:`lib.evaluation.permutation_tests.resample_folds`
    for Test 2. Every engine is tested equal to refitting its classifier fold by fold.
    """
    if classifier not in CLASSIFIERS:
        raise ValueError(f"classifier must be one of {CLASSIFIERS}, got {classifier!r}")
    if test not in (1, 2):
        raise ValueError(f"test must be 1 or 2, got {test!r}")
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    orig_folds = np.atleast_2d(np.asarray(orig_folds))
    n, m = X.shape
    C = int(y.max()) + 1
    folds0 = orig_folds[0]
    if test == 1:
        perms = pm.label_permutations(n, k, rng)
        null_folds = folds0[perms]
    else:
        idx = pm.within_class_permutations(y, m, k, rng)
        null_folds = pm.resample_folds(folds0, y, k, rng)
    ident = np.arange(n)[None]
    if classifier == "1nn":
        ranges = wl.weka_ranges(X, spec)
        sqdist = wl.ibk_sqdist_fn(X, spec, ranges)
        wl.check_tie_rule(tie_rule, 0)
        orig_keys = null_keys = None
        if tie_rule == "shuffled":  # drawn after the randomisations: "first"/"vote" unchanged
            n_folds = int(orig_folds.max()) + 1
            orig_keys = wl.TieKeys(rng, n_folds, n)
            null_keys = wl.TieKeys(rng, n_folds, n)
        orig = np.array([pm.nn1_cv_errors_test1(sqdist, y, f, ident, n_classes=C, tie_rule=tie_rule,
                                             tie_keys=None if orig_keys is None else orig_keys.block(r, r + 1))[0]
                         for r, f in enumerate(orig_folds)])
        if test == 1:
            null = pm.nn1_cv_errors_test1(sqdist, y, null_folds, perms, n_classes=C, tie_rule=tie_rule,
                                       tie_keys=null_keys)
        elif all(v > 0 for v in spec.n_values):  # all nominal: exact integer match counts
            null = np.concatenate([
                nn1_nominal.nn1_cv_wrong(
                    nn1_nominal.row_bitsets(pm.apply_within_class_permutations(X, idx[s:s + batch]),
                                            spec.n_values),
                    y, null_folds[s:s + batch], n_classes=C, tie_rule=tie_rule,
                    tie_keys=None if null_keys is None else null_keys.block(s, min(k, s + batch))) / n
                for s in range(0, k, batch)]) if k else np.empty(0)
        elif wl.has_missing_numeric(X, spec):
            null = pm.nn1_cv_errors_test2(X, y, null_folds, idx, n_classes=C, tie_rule=tie_rule,
                                       metric=lambda A, B: wl.ibk_sq_distances(A, B, spec, ranges),
                                       tie_keys=null_keys)
        else:  # missing nominal values have a BLAS form (norm-only columns)
            Z, groups, weight = wl.encode_for_blas_nominal_missing(X, spec, ranges)
            null = pm.nn1_cv_errors_test2(Z, y, null_folds, idx, groups=groups, weight=weight,
                                       n_classes=C, tie_rule=tie_rule, tie_keys=null_keys)
        return orig, np.asarray(null)
    if classifier == "nb":
        orig = np.array([pm.nb_cv_errors_test1(X, y, f, ident, spec, n_classes=C)[0] for f in orig_folds])
        if test == 1:
            null = pm.nb_cv_errors_test1(X, y, null_folds, perms, spec, n_classes=C)
        else:
            null = pm.nb_cv_errors_test2(X, y, null_folds, idx, spec, n_classes=C)
        return orig, np.asarray(null)
    if classifier == "j48" or svm_solver == "weka":
        # Weka's J48 (lib.models.c45) and SMO (lib.models.smo) re-implemented: both engines refit
        # per fold in compiled code and share one contract (perms for Test 1, idx for Test 2)
        cv_errors = c45.j48_cv_errors if classifier == "j48" else smo.smo_cv_errors
        orig = cv_errors(X, y, orig_folds, spec, perms=np.broadcast_to(ident, orig_folds.shape), n_classes=C)
        if test == 1:
            null = cv_errors(X, y, null_folds, spec, perms=perms, n_classes=C)
        else:
            null = np.concatenate([cv_errors(X, y, null_folds[s:s + batch], spec, idx=idx[s:s + batch],
                                             n_classes=C)
                                   for s in range(0, k, batch)]) if k else np.empty(0)
        return orig, null
    make = lambda: wl.SMOLike(spec, solver=svm_solver)  # noqa: E731
    fp = wl.fit_predict_fn(make)
    with pm.limit_blas_threads(1):
        orig = np.array([pm.cv_error(fp, X, y, f) for f in orig_folds])
        if test == 1:
            null = pm.cv_errors(fp, X, y[perms], null_folds)
        else:
            null = np.concatenate([
                pm.cv_errors(fp, pm.apply_within_class_permutations(X, idx[s:s + batch]), y,
                          null_folds[s:s + batch]) for s in range(0, k, batch)]) if k else np.empty(0)
    return orig, null
