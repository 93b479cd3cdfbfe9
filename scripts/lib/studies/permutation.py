"""Toy data sets D1 and D2 of Ojala & Garriga (ICDM 2009), Figure 1.

Figure 1: "Examples of two 16 x 8 nominal datasets D1 and D2 each having two classes. The
last column in both datasets denotes the class labels (+, -) of the samples in the rows."
Each row is a data point with 8 nominal features taking values x or o; rows 1-8 are class +
and rows 9-16 class -.

Where the matrices come from
----------------------------
The figure is garbled in the machine-extracted text
(the extracted text of the paper). Lines 15-17 of that file read::

    15: "908 o x x x x x x x x x o x ... x o o o o"                 (page number 908, 128 x/o)
    16: "+ + + + + + + + - - - - - - - - x x x o x x ... x x Dataset D2"  (16 labels, 128 x/o)
    17: "+ + + + + + + + - - - - - - - -"  followed on line 18 by "Dataset D1 Examples of ..."

Each of the two runs contains exactly 128 = 16 x 8 tokens of ``x``/``o``, and each label run
has 16 tokens, eight ``+`` then eight ``-`` (an en dash in the text).

Parsing. A run is read **row-major**: tokens 8r .. 8r+7 are the eight features of row r,
in the order rows are listed, so that rows 0-7 carry label + and rows 8-15 label -.
(``tests/evaluation/test_permutation_tests.py`` parses the two runs of the text and checks them
against the matrices below.)

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
"first", is the number the tie order moves towards the paper's 0.14. (A p of 2/1001 under Test 1
happens because a few label
permutations of these tiny data sets are themselves perfectly separable.)
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..core import chunks, jobs, readings, runlog, seeding
from ..data import datasets
from ..data.attributes import AttributeSpec
from ..evaluation import permutation_tests as pm
from ..evaluation import sampling

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


def spec() -> AttributeSpec:
    """Eight nominal attributes with two values each."""
    return AttributeSpec.nominal([2] * 8)


def table1(X, y, k: int, rng: np.random.Generator, tie_rule: str = "first") -> dict:
    """Table I for one data set: 1-NN leave-one-out error and both tests' statistics.

    Parameters
    ----------
    X, y : data set (e.g. ``d1()``)
    k : number of randomisations (paper: 1000)
    rng : numpy.random.Generator (draws the Test 1 permutations, then the Test 2 ones)
    Distances: Weka's (nominal mismatch = 1) via the BLAS encoding; folds: leave-one-out.
    tie_rule : {"first", "vote", "shuffled"}, see ``lib.models.nn1``. ``"shuffled"`` is Weka's
        leave-one-out (``crossValidateModel`` with n folds): every left-out row is classified
        by IB1 on a freshly shuffled training set, so each (row, data set) gets its own
        uniform order (``nn1.TieKeys`` with n folds); the keys of the original data, the
        Test 1 and the Test 2 data sets come from three entropies drawn from ``rng`` after the
        randomisations.

    Returns
    -------
    dict with ``orig_err``, ``t1_mean``, ``t1_std``, ``t1_p``, ``t2_mean``, ``t2_std``, ``t2_p``.
    """
    from ..models import nn1, nn1_engine  # imported when used (see _engine)

    n, m = X.shape
    sp = spec()
    Z, _ = nn1.encode_for_blas(X, sp, nn1.weka_ranges(X, sp))
    folds = pm.loo_folds(n)
    perms = pm.label_permutations(n, k, rng)
    idx = pm.within_class_permutations(y, m, k, rng)
    keys = [None] * 3
    if tie_rule == "shuffled":  # after the randomisations: "first"/"vote" draw exactly as before
        keys = [nn1.TieKeys(rng, n, n) for _ in range(3)]
    e0 = nn1_engine.nn1_cv_errors_test1(Z, y, folds, np.arange(n)[None], tie_rule=tie_rule, tie_keys=keys[0])[0]
    e1 = nn1_engine.nn1_cv_errors_test1(Z, y, folds, perms, tie_rule=tie_rule, tie_keys=keys[1])
    e2 = nn1_engine.nn1_cv_errors_test2(X, y, folds, idx, sp, tie_rule=tie_rule, tie_keys=keys[2])
    return {
        "orig_err": float(e0),
        "t1_mean": float(e1.mean()),
        "t1_std": float(e1.std(ddof=1)),
        "t1_p": float(pm.pvalue(e0, e1)),
        "t2_mean": float(e2.mean()),
        "t2_std": float(e2.std(ddof=1)),
        "t2_p": float(pm.pvalue(e0, e2)),
    }


def d1_flips(k: int, entropy, tie_rule: str = "first") -> pd.DataFrame:
    """How much Table I's D1 p-values depend on the garbled text D1 was recovered from.

    The PDF's text of Figure 1 runs D1's 16 x 8 cells together (:data:`D1_ROWS`); one misread
    cell would give another data set. For every single-cell flip of the recovered D1 (x <-> o),
    the 1-NN leave-one-out error and, where it stays 0 as the paper prints, both tests' p-values
    (:func:`table1` with ``k`` randomisations, cell ``c`` drawing from ``[*entropy, c]``).

    Returns
    -------
    DataFrame with columns cell (0..127, row-major), row, column, orig_err, t1_p, t2_p (NaN
    where the flip makes the leave-one-out error positive).
    """
    X, y = d1()
    rows = []
    for cell in range(X.size):
        i, j = divmod(cell, X.shape[1])
        flipped = X.copy()
        flipped[i, j] = 1.0 - flipped[i, j]
        stats = table1(flipped, y, k, seeding.generator([*seeding.entropy_list(entropy), cell]), tie_rule=tie_rule)
        keep = stats["orig_err"] == 0.0
        rows.append(
            {
                "cell": cell,
                "row": i,
                "column": j,
                "orig_err": stats["orig_err"],
                "t1_p": stats["t1_p"] if keep else np.nan,
                "t2_p": stats["t2_p"] if keep else np.nan,
            }
        )
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------------------
# CV errors of the original and the randomised data (Ojala & Garriga Sec. IV-V): one classifier, one test
# --------------------------------------------------------------------------------------
CLASSIFIERS = ("j48", "1nn", "nb", "smo")
"""Weka J48 (``lib.models.c45``), IB1 (1-NN engines), NaiveBayes (``nb_engine``), SMO (linear,
``lib.models.smo``): Weka's classifiers re-implemented, each with a fast CV engine."""


# Streams under a job's entropy: randomisation r draws from SeedSequence([*entropy, 0, r]), the
# 1-NN tie keys of the original CV repetitions from [*entropy, 1, r], those of randomisation r
# from [*entropy, 2, r]. Each depends on the job and r only, so no number depends on how the
# randomisations are split into chunks or batches.
RANDOMIZATION_STREAM, ORIGINAL_TIES_STREAM, RANDOMIZED_TIES_STREAM = 0, 1, 2


def draw_randomizations(test: int, y, m: int, folds0, entropy, start: int, stop: int):
    """Randomisations ``start..stop-1`` of Test 1 or Test 2 and their fresh CV folds.

    Randomisation ``r`` draws from its own generator, ``SeedSequence([*entropy, 0, r])``, so it
    is the same whichever chunk of randomisations a job computes.

    Parameters
    ----------
    test : {1, 2}
    y : ndarray of shape (n,), class indices
    m : int, number of columns (Test 2)
    folds0 : ndarray of shape (n,), the first original CV's fold vector
    entropy : list of int, the job's entropy (``lib.core.seeding.job_entropy``)
    start, stop : int, ``0 <= start <= stop``

    Returns
    -------
    draws : ndarray
        Test 1: label permutations ``perms`` of shape (k, n) (labels ``y[perms]``);
        Test 2: within-class row indices ``idx`` of shape (k, n, m)
        (:func:`lib.evaluation.permutation_tests.within_class_permutations`).
    folds : ndarray of shape (k, n)
        A fresh stratified CV per randomised data set: ``folds0[perms]`` (Test 1) or
        :func:`lib.evaluation.permutation_tests.resample_folds` (Test 2).
    """
    if test not in (1, 2):
        raise ValueError(f"test must be 1 or 2, got {test!r}")
    if not 0 <= start <= stop:
        raise ValueError(f"randomisations {start}..{stop} are not a range 0 <= start <= stop")
    entropy = seeding.entropy_list(entropy)
    y = np.asarray(y, dtype=np.intp)
    folds0 = np.asarray(folds0)
    n, k = len(y), stop - start
    gens = [
        np.random.default_rng(np.random.SeedSequence([*entropy, RANDOMIZATION_STREAM, r])) for r in range(start, stop)
    ]
    if test == 1:
        perms = np.empty((k, n), dtype=np.intp)
        for t, g in enumerate(gens):
            perms[t] = pm.label_permutations(n, 1, g)[0]
        return perms, folds0[perms]
    idx = np.empty((k, n, int(m)), dtype=np.int32)
    folds = np.empty((k, n), dtype=folds0.dtype)
    for t, g in enumerate(gens):
        idx[t] = pm.within_class_permutations(y, m, 1, g)[0]
        folds[t] = pm.resample_folds(folds0, y, 1, g)[0]
    return idx, folds


def _check_classifier(classifier: str) -> None:
    if classifier not in CLASSIFIERS:
        raise ValueError(f"classifier must be one of {CLASSIFIERS}, got {classifier!r}")


def _engine(classifier: str):
    """The CV engine of ``classifier``. Every engine keeps one contract, that of
    ``lib.models.c45.j48_cv_errors``: ``engine(X, y, folds, spec, *, perms=None, idx=None, n_classes,
    **options)``, the errors of ``k`` data sets (Test 1: labels ``y[perms]``; Test 2: columns read
    through ``idx``), each with its own folds; what the classifier needs beyond it (1-NN's encodings
    and tie rule) stays in its engine. Imported when used: a job runs one classifier, and each
    engine's compiled kernels cost a job about 0.1-0.4 s to load."""
    if classifier == "j48":
        from ..models.c45 import j48_cv_errors as engine
    elif classifier == "smo":
        from ..models.smo import smo_cv_errors as engine
    elif classifier == "nb":
        from ..models.nb_engine import nb_cv_errors as engine
    else:
        from ..models.nn1_engine import nn1_cv_errors as engine
    return engine


def _engine_options(classifier: str, tie_rule: str, tie_stream, folds, n: int, offset: int = 0) -> dict:
    """The 1-NN tie rule and, under ``shuffled``, its tie keys (``nn1.TieKeys`` from ``tie_stream``,
    data set ``r``'s keys from ``[*tie_stream, offset + r]``); nothing for the other classifiers."""
    if classifier != "1nn":
        return {}
    from ..models import nn1

    keys = nn1.TieKeys(tie_stream, int(np.max(folds)) + 1, n, offset=offset) if tie_rule == "shuffled" else None
    return {"tie_rule": tie_rule, "tie_keys": keys}


def _block(options: dict, start: int, stop: int) -> dict:
    """``options`` for data sets ``start..stop-1`` of a call: the 1-NN tie keys of that block."""
    keys = options.get("tie_keys")
    if keys is None:
        return options
    from ..models import nn1

    return {**options, "tie_keys": nn1.TieKeys(keys.entropy, keys.n_folds, keys.n, offset=keys.offset + start)}


def original_errors(
    classifier: str, X, y, spec: AttributeSpec, orig_folds, entropy, *, tie_rule: str = "first"
) -> np.ndarray:
    """CV error of the original data, one per CV repetition (Ojala & Garriga Sec. V).

    Parameters
    ----------
    classifier, X, y, spec, tie_rule : as :func:`randomized_errors`
    orig_folds : ndarray of shape (R, n), the fold vectors of the R CV repetitions
    entropy : list of int
        Seeds only the 1-NN tie keys of ``tie_rule="shuffled"`` (repetition ``r``:
        ``[*entropy, 1, r]``); the other classifiers and rules are deterministic.

    Returns
    -------
    ndarray of shape (R,)
    """
    _check_classifier(classifier)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    orig_folds = np.atleast_2d(np.asarray(orig_folds))
    R, n = orig_folds.shape
    options = _engine_options(
        classifier, tie_rule, [*seeding.entropy_list(entropy), ORIGINAL_TIES_STREAM], orig_folds, n
    )
    identity = np.broadcast_to(np.arange(n), (R, n))
    return np.asarray(
        _engine(classifier)(X, y, orig_folds, spec, perms=identity, n_classes=int(y.max()) + 1, **options)
    )


def randomized_errors(
    classifier: str,
    X,
    y,
    spec: AttributeSpec,
    test: int,
    folds0,
    entropy,
    start: int,
    stop: int,
    *,
    tie_rule: str = "first",
    batch: int = 50,
) -> np.ndarray:
    """CV errors of randomised data sets ``start..stop-1`` (Test 1 or Test 2), each with a fresh CV.

    Parameters
    ----------
    classifier : {"j48", "1nn", "nb", "smo"}
        Weka's J48 (``lib.models.c45``), IB1 (the 1-NN engines of ``lib.models.nn1_engine``),
        NaiveBayes (``lib.models.nb_engine``) or SMO (``lib.models.smo``).
    X : ndarray of shape (n, m)
        Data, ``lib.data.attributes`` convention (nominal codes, NaN missing).
    y : ndarray of shape (n,)
        Class indices.
    spec : AttributeSpec
    test : {1, 2}
        Test 1 permutes the labels; Test 2 permutes each column within each class.
    folds0 : ndarray of shape (n,)
        The first original CV's fold vector (the fresh folds keep its class-by-fold counts).
    entropy : list of int
        The job's entropy: randomisation ``r`` and its folds from :func:`draw_randomizations`,
        its 1-NN tie keys (``tie_rule="shuffled"``) from ``[*entropy, 2, r]``. The result for
        ``r`` depends on ``entropy`` and ``r`` only: not on ``start``, ``stop`` or ``batch``.
    start, stop : int
        The randomisations computed (a chunk of a job's ``k``).
    tie_rule : {"first", "vote", "shuffled"}
        1-NN ties (reading ``permutation.tie_rule``; see ``lib.models.nn1``).
    batch : int
        Randomised data sets held at once under Test 2.

    Returns
    -------
    ndarray of shape (stop - start,)

    Notes
    -----
    Ojala & Garriga 2009, Sec. III (Tests 1 and 2, Definition 1) and Sec. V (10-fold CV repeated
    ten times, 1000 randomised samples). Every engine is tested equal to refitting its
    classifier fold by fold.
    """
    _check_classifier(classifier)
    entropy = seeding.entropy_list(entropy)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    n, m = X.shape
    C = int(y.max()) + 1
    k = stop - start
    draws, null_folds = draw_randomizations(test, y, m, folds0, entropy, start, stop)
    perms, idx = (draws, None) if test == 1 else (None, draws)
    if k == 0:
        return np.empty(0)
    options = _engine_options(classifier, tie_rule, [*entropy, RANDOMIZED_TIES_STREAM], folds0, n, offset=start)
    engine = _engine(classifier)
    if test == 1:
        return np.asarray(engine(X, y, null_folds, spec, perms=perms, n_classes=C, **options))
    # the randomised data sets of Test 2 are held ``batch`` at a time
    return np.concatenate(
        [
            engine(
                X,
                y,
                null_folds[s : s + batch],
                spec,
                idx=idx[s : s + batch],
                n_classes=C,
                **_block(options, s, s + batch),
            )
            for s in range(0, k, batch)
        ]
    )


def gaussian_pair(rho: float, per_class: int, rng: np.random.Generator):
    """Figure 3's data (Sec. IV): class +1 (code 0) around (1, 0), class -1 (code 1) around
    (-1, 0); unit variances and within-class correlation rho (x2 = rho z1 + sqrt(1 - rho^2) z2,
    exact also at rho = +-1)."""
    z = rng.standard_normal((2 * per_class, 2))
    X = np.column_stack([z[:, 0], rho * z[:, 0] + np.sqrt(max(0.0, 1.0 - rho * rho)) * z[:, 1]])
    X[:per_class, 0] += 1.0
    X[per_class:, 0] -= 1.0
    return X, np.repeat([0, 1], per_class)


def fig3_data(rho: float, points_per_class: int, folds: int, repetitions: int, rng: np.random.Generator):
    """Figure 3's data set at one rho and its ``repetitions`` original stratified CVs (one
    generator per rho, shared by every classifier and test)."""
    X, y = gaussian_pair(float(rho), int(points_per_class), rng)
    return X, y, sampling.stratified_fold_of(rng, y, int(folds), int(repetitions))


# --------------------------------------------------------------------------------------
# Jobs of the workflow: one frame of errors per job (Tables II-III, Figure 3)
# --------------------------------------------------------------------------------------
PROGRESS_STEP = {"smo": 5}
"""Randomisations between two progress lines (results do not depend on it); default 100."""


def original_folds(y, folds: int, repetitions: int, folds_entropy) -> np.ndarray:
    """The ``repetitions`` original stratified CVs of a UCI data set, seeded per data set only,
    so every classifier and test sees the same folds. Shape (repetitions, n)."""
    rng = seeding.generator(folds_entropy)
    return sampling.stratified_fold_of(rng, y, int(folds), int(repetitions))


def error_frame(kind: str, errors, first_index: int = 0, **columns) -> pd.DataFrame:
    """One row per CV error: the ``columns`` (constants, in order), then ``kind``, ``index`` (from
    ``first_index``) and ``error`` -- the shape of every original and randomised table."""
    errors = np.asarray(errors, dtype=float)
    frame = pd.DataFrame({"kind": kind, "index": np.arange(first_index, first_index + len(errors)), "error": errors})
    for pos, (name, value) in enumerate(columns.items()):
        frame.insert(pos, name, value)
    return frame


def randomized_errors_logged(
    classifier: str,
    X,
    y,
    spec,
    test: int,
    folds0,
    entropy,
    start: int,
    stop: int,
    *,
    log=None,
    progress=None,
    **options,
) -> np.ndarray:
    """:func:`randomized_errors` in steps of ``PROGRESS_STEP`` randomisations with a progress
    line at most every 30 s (equal to one call: every randomisation has its own generator)."""
    step = PROGRESS_STEP.get(classifier, 100)
    progress = progress or runlog.Progress(log, stop - start, "randomizations")
    parts = []
    for s in range(start, stop, step):
        parts.append(
            randomized_errors(classifier, X, y, spec, test, folds0, entropy, s, min(stop, s + step), **options)
        )
        progress.advance(len(parts[-1]))
    return np.concatenate(parts) if parts else np.empty(0)


def reading_options(classifier: str, tie_rule: str | None = None) -> dict:
    """The reading options ``classifier``'s engine takes (``readings.PERMUTATION_ENGINE_READINGS``):
    1-NN needs ``tie_rule`` (reading ``permutation.tie_rule``); J48, naive Bayes and SMO take none,
    so their jobs do not depend on it."""
    _check_classifier(classifier)
    name = readings.PERMUTATION_ENGINE_READINGS.get(classifier)
    if name is None:
        return {}
    value = {"tie_rule": tie_rule}[name]
    if value is None:
        raise ValueError(f"classifier {classifier!r} needs {name} (the reading permutation.{name})")
    return {name: value}


def uci_original_folds(y, folds: dict, folds_entropy, pool: int = 0) -> np.ndarray:
    """The original stratified CVs one (data set, classifier) job evaluates: :func:`original_folds`
    for ``max(repetitions, pool)`` repetitions. The first ``folds["repetitions"]`` are the paper's
    (the folds are drawn one repetition after another, so they do not depend on ``pool``); the
    others measure how the mean p-value varies with the folds (:func:`uci_table_summary`)."""
    return original_folds(y, folds["folds"], max(int(folds["repetitions"]), int(pool)), folds_entropy)


def load_data(source: dict, name: str):
    """A Tables II-III job's data set: the registry's file ``source["file"]`` (a paper's UCI data
    set) or a user's table (a ``yours.datasets`` entry: ``path``, ``class``, optional ``sha256``
    and ``drop``)."""
    from ..data import datasets, userdata  # imported when used: only the UCI jobs load data

    if "file" in source:
        return datasets.load(source["file"])
    return userdata.load_entry(source, name)


def _estimator_factory(estimator: dict, data):
    """A fresh model per fold of a user's scikit-learn ``estimator`` (``{"class", "params"}``)."""
    from ..models import adapters  # imported when used: only a user's estimator needs scikit-learn

    return lambda: adapters.EstimatorModel(estimator["class"], estimator["params"], data.spec, len(data.class_names))


def _slow_note(log, name: str, what: str, total: int, folds: int):
    """A callback logging how slow the refit path is, once, from one data set's seconds."""

    def note(seconds: float) -> None:
        if log is not None:
            log.info(
                "%s (refit per fold, %d fits per CV): %.3g s per %s, about %.0f s for this job's %d",
                name,
                folds,
                seconds,
                what,
                seconds * total,
                total,
            )

    return note


def uci_original(
    data,
    dataset: str,
    classifier: str,
    orig_folds,
    entropy,
    *,
    tie_rule: str | None = None,
    estimator: dict | None = None,
    log=None,
) -> pd.DataFrame:
    """Tables II-III, one (data set, classifier): the CV error of each original CV repetition.

    The folds are an input (drawn by :func:`uci_original_folds`) so that a Weka engine and a
    user's estimator (``{"class", "params"}``, refit per fold: :func:`lib.evaluation.refit.cv_errors`)
    are evaluated on the very same partitions, and so that this function only evaluates.

    Parameters
    ----------
    data : ``lib.data.datasets.TabularData``
    orig_folds : (repetitions, n) fold index of every row in each repetition
    entropy : the job's seed (1-NN ``shuffled`` tie keys only)

    Returns
    -------
    DataFrame with columns dataset, classifier, kind ("original"), index, error.
    """
    if estimator is not None:
        from ..evaluation import refit  # imported when used, as the estimator's adapter

        folds = int(np.max(orig_folds)) + 1
        factory = _estimator_factory(estimator, data)
        note = _slow_note(log, classifier, "CV repetition", len(orig_folds), folds)
        orig = refit.cv_errors(factory, data.X, data.y, orig_folds, on_timed=note)
    else:
        orig = original_errors(
            classifier, data.X, data.y, data.spec, orig_folds, entropy, **reading_options(classifier, tie_rule)
        )
    return error_frame("original", orig, dataset=dataset, classifier=classifier)


def uci_randomized(
    data,
    dataset: str,
    classifier: str,
    test: int,
    folds: dict,
    folds_entropy,
    entropy,
    start: int,
    stop: int,
    *,
    tie_rule: str | None = None,
    estimator: dict | None = None,
    log=None,
) -> pd.DataFrame:
    """Tables II-III, one (data set, classifier, test) and randomisations ``start..stop-1``.

    A Weka classifier runs its engine; a user's ``estimator`` is refit per fold on the randomised
    data sets and fresh folds of :func:`draw_randomizations` (the engines' own draws).

    Returns
    -------
    DataFrame with columns dataset, classifier, test, kind ("randomized"), index (the
    randomisation ``r``), error.
    """
    orig_folds = original_folds(data.y, folds["folds"], 1, folds_entropy)
    if estimator is not None:
        from ..evaluation import refit  # imported when used, as the estimator's adapter

        draws, null_folds = draw_randomizations(test, data.y, data.X.shape[1], orig_folds[0], entropy, start, stop)
        null = refit.cv_errors(
            _estimator_factory(estimator, data),
            data.X,
            data.y,
            null_folds,
            perms=draws if test == 1 else None,
            idx=draws if test == 2 else None,
            progress=runlog.Progress(log, stop - start, "randomizations"),
            on_timed=_slow_note(log, classifier, "randomisation", stop - start, folds["folds"]),
        )
    else:
        null = randomized_errors_logged(
            classifier,
            data.X,
            data.y,
            data.spec,
            test,
            orig_folds[0],
            entropy,
            start,
            stop,
            log=log,
            **reading_options(classifier, tie_rule),
        )
    return error_frame("randomized", null, start, dataset=dataset, classifier=classifier, test=int(test))


def fig3_original(classifier: str, data: dict, data_entropy, entropy, *, tie_rule: str | None = None) -> pd.DataFrame:
    """Figure 3, one classifier: the original CV errors at every rho (data and folds seeded per
    rho: ``[*data_entropy, i]``; 1-NN tie keys ``[*entropy, i]``).

    Returns
    -------
    DataFrame with columns classifier, rho, kind ("original"), index, error.
    """
    frames = []
    for i, rho in enumerate(data["rho"]):
        X, y, folds = fig3_data(
            rho, data["points_per_class"], data["folds"], data["repetitions"], seeding.generator([*data_entropy, i])
        )
        orig = original_errors(
            classifier, X, y, AttributeSpec.numeric(2), folds, [*entropy, i], **reading_options(classifier, tie_rule)
        )
        frames.append(error_frame("original", orig, classifier=classifier, rho=float(rho)))
    return pd.concat(frames, ignore_index=True)


def fig3_randomized(
    classifier: str,
    test: int,
    data: dict,
    data_entropy,
    entropy,
    start: int,
    stop: int,
    *,
    tie_rule: str | None = None,
    log=None,
) -> pd.DataFrame:
    """Figure 3, one classifier and test: randomisations ``start..stop-1`` at every rho
    (randomisation ``r`` at rho ``i`` from ``[*entropy, i]``, :func:`draw_randomizations`).

    Returns
    -------
    DataFrame with columns classifier, test, rho, kind ("randomized"), index, error.
    """
    frames = []
    progress = runlog.Progress(log, len(data["rho"]) * (stop - start), "randomizations (all rho)")
    for i, rho in enumerate(data["rho"]):
        X, y, folds = fig3_data(rho, data["points_per_class"], data["folds"], 1, seeding.generator([*data_entropy, i]))
        null = randomized_errors_logged(
            classifier,
            X,
            y,
            AttributeSpec.numeric(2),
            test,
            folds[0],
            [*entropy, i],
            start,
            stop,
            progress=progress,
            **reading_options(classifier, tie_rule),
        )
        frames.append(error_frame("randomized", null, start, classifier=classifier, test=int(test), rho=float(rho)))
    return pd.concat(frames, ignore_index=True)


# --------------------------------------------------------------------------------------
# Figure 2's statistics (the summaries of the jobs' errors: lib.studies.permutation_summaries)
# --------------------------------------------------------------------------------------
def within_class_correlations(X, y) -> np.ndarray:
    """Pearson correlation of the two columns of ``X`` within each class (classes in sorted order)."""
    return np.array([np.corrcoef(X[y == c, 0], X[y == c, 1])[0, 1] for c in np.unique(y)])


def fig2_statistics(X, y, randomizations: int, rng: np.random.Generator, folds: int = 10):
    """Figure 2's claims (Sec. III and V) in numbers, over ``randomizations`` versions of each kind.

    Sec. III: "Note how well Test 2 has preserved the class structure compared to other tests";
    Sec. V: the "high positive linear correlation between the length and width of petal ...
    disappears after the randomizations, as seen in Figure 2". Measured on the two plotted
    columns: 1-NN stratified ``folds``-fold CV error (columns min-max scaled, one fold vector
    for all versions) of the original data, of Test 1 (labels permuted), Test 2 (each column
    permuted within each class) and the full permutation (each column permuted over all rows),
    and the within-class correlation of the original data and of each Test 2 version.

    Parameters
    ----------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), class indices
    rng : numpy.random.Generator
        Draws the folds, then the Test 1, Test 2 and full-permutation versions, in this order.

    Returns
    -------
    errors : DataFrame with columns version ("original", "test1", "test2", "full"), index, error
    correlations : DataFrame with columns version ("original", "test2"), index, class, r
    """
    from ..models import nn1_engine  # imported when used (see _engine)

    n, k = len(y), int(randomizations)
    Z = (X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0))
    fold_ids = sampling.stratified_fold_of(rng, y, folds)[0]
    e_orig = nn1_engine.nn1_cv_errors_test1(Z, y, fold_ids, np.arange(n)[None])
    e_t1 = nn1_engine.nn1_cv_errors_test1(Z, y, fold_ids, pm.label_permutations(n, k, rng))
    idx2 = pm.within_class_permutations(y, 2, k, rng)
    # Z is already scaled to [0, 1]: its whole-data ranges normalise it to itself, exactly
    e_t2 = nn1_engine.nn1_cv_errors_test2(Z, y, fold_ids, idx2)
    e_full = nn1_engine.nn1_cv_errors_test2(Z, y, fold_ids, pm.within_class_permutations(np.zeros(n, int), 2, k, rng))
    errors = pd.concat(
        [
            pd.DataFrame({"version": v, "index": np.arange(len(e)), "error": np.asarray(e, float)})
            for v, e in (("original", e_orig), ("test1", e_t1), ("test2", e_t2), ("full", e_full))
        ],
        ignore_index=True,
    )
    r_orig = within_class_correlations(X, y)[None]
    r_t2 = np.array([within_class_correlations(D, y) for D in pm.apply_within_class_permutations(X, idx2)])
    classes = np.unique(y)
    correlations = pd.concat(
        [
            pd.DataFrame(
                {
                    "version": v,
                    "index": np.repeat(np.arange(len(r)), len(classes)),
                    "class": np.tile(classes, len(r)),
                    "r": r.ravel(),
                }
            )
            for v, r in (("original", r_orig), ("test2", r_t2))
        ],
        ignore_index=True,
    )
    return errors, correlations


def fig2_versions(X, y, class_names, randomizations: int, rng: np.random.Generator) -> dict[str, pd.DataFrame]:
    """Figure 2 (Sec. III): Iris's two petal columns ``X``, the original data and one randomized
    version of each kind -- full permutation (every column permuted over all rows), Test 1 (labels
    permuted), Test 2 (each column permuted within each class) -- then :func:`fig2_statistics`
    over ``randomizations`` further versions of each kind, from the same generator after the
    plotted draws.

    Returns
    -------
    dict with ``shown`` (columns panel, class, class_index, petal_length_cm, petal_width_cm: the
    four panels' points), ``errors`` and ``correlations`` (:func:`fig2_statistics`)
    """
    n = len(y)
    full = pm.apply_within_class_permutations(X, pm.within_class_permutations(np.zeros(n, int), 2, 1, rng))[0]
    perm = pm.label_permutations(n, 1, rng)[0]
    t2 = pm.apply_within_class_permutations(X, pm.within_class_permutations(y, 2, 1, rng))[0]
    panels = [
        ("Original data", X, y),
        ("Full permutation", full, y),
        ("Test 1 (permute labels)", X, y[perm]),
        ("Test 2 (permute columns per class)", t2, y),
    ]
    shown = pd.concat(
        [
            pd.DataFrame(
                {
                    "panel": title,
                    "class": np.asarray(class_names)[labels],
                    "class_index": labels,
                    "petal_length_cm": D[:, 0],
                    "petal_width_cm": D[:, 1],
                }
            )
            for title, D, labels in panels
        ],
        ignore_index=True,
    )
    errors, correlations = fig2_statistics(X, y, randomizations, rng)
    return {"shown": shown, "errors": errors, "correlations": correlations}


# ----------------------------------------------------------------------------- job identity
# What determines a job's draws. The number of randomisations and their cut into jobs are part of
# no identity: randomisation r has its own generator (draw_randomizations), so neither changes a
# number. The readings a classifier's engine takes are params, never part of a seed: every
# alternative sees the same data, folds and randomisations (the readings comparison is paired),
# and changing one reruns exactly the jobs it changes (the 1-NN jobs for the tie rule).
def engine_readings(config: Mapping, classifier: str) -> dict:
    """The readings ``classifier``'s engine takes, at the config's values (1-NN: ``tie_rule``)."""
    name = readings.PERMUTATION_ENGINE_READINGS.get(classifier)
    return {name: config["permutation"][name]} if name else {}


def uci_folds_identity(config: Mapping, dataset: str) -> dict:
    """What determines a data set's original CV folds, shared by every classifier and test."""
    uci = config["permutation"]["uci"]
    return {"dataset": dataset, "folds": uci["folds"], "repetitions": uci["repetitions"]}


def uci_identity(config: Mapping, wildcards) -> dict:
    """A Tables II-III job's identity: data set, classifier, folds and (randomised jobs) test."""
    test = {"test": int(wildcards["test"])} if "test" in wildcards else {}
    folds = uci_folds_identity(config, wildcards["dataset"])
    return {"dataset": wildcards["dataset"], "classifier": wildcards["classifier"], "folds": folds, **test}


def uci_file(config: Mapping, dataset: str) -> str:
    """The registry entry a UCI data set is read from under the reading ``permutation.uci_files``
    (Anneal and Segment have two files): an input and a param, never part of a seed, so both files
    see the same folds and randomisations, and changing the reading reruns those data sets' jobs."""
    return datasets.ojala_file(dataset, config["permutation"]["uci"]["files"])


def _uci_params(stream: str):
    def params(config, wildcards) -> dict:
        identity = uci_identity(config, wildcards)
        folds = uci_folds_identity(config, wildcards["dataset"])
        out = {
            "study": identity,
            "source": {"file": uci_file(config, wildcards["dataset"])},
            "folds_entropy": jobs.entropy(config, "ojala_uci_folds", folds),
            "entropy": jobs.entropy(config, stream, identity),
            "readings": engine_readings(config, wildcards["classifier"]),
        }
        # further original CVs for the p-values' spread over fold draws; in no seed: the first
        # `repetitions` CVs are the same whatever the pool
        return {**out, "pool": config["permutation"]["uci"]["p_spread_repetitions"]} if "test" not in wildcards else out

    return params


def fig3_data_identity(config: Mapping) -> dict:
    """What determines Figure 3's data sets and original folds (every classifier and test shares them)."""
    fig3 = config["permutation"]["fig3"]
    return {k: fig3[k] for k in ("points_per_class", "rho", "folds", "repetitions")}


def _fig3_params(config, wildcards) -> dict:
    data, classifier = fig3_data_identity(config), wildcards["classifier"]
    test = [int(wildcards["test"])] if "test" in wildcards else []
    stream = "ojala_fig3_randomized" if test else "ojala_fig3_original"
    return {
        "data": data,
        "readings": engine_readings(config, classifier),
        "data_entropy": jobs.entropy(config, "ojala_fig3_data", data),
        "entropy": jobs.entropy(config, stream, [data, classifier, *test]),
    }


def uci_summary_inputs(config, wildcards=None) -> list:
    """The jobs the Tables II-III summary reads: every (data set, classifier)'s original CVs and
    every randomised chunk."""
    uci = config["permutation"]["uci"]
    originals = [
        ("permutation_uci_original", {"dataset": d, "classifier": c})
        for d in uci["datasets"]
        for c in uci["classifiers"]
    ]
    randomized = chunks.randomized_jobs(uci, uci["classifiers"], uci["datasets"])
    return originals + [("permutation_uci_randomized", {k: str(v) for k, v in job.items()}) for job in randomized]


def _uci_summary_params(config, wildcards) -> dict:
    uci = config["permutation"]["uci"]
    return {
        "repetitions": uci["repetitions"],
        "spread_entropy": jobs.entropy(config, "ojala_uci_p_spread", uci["p_spread_repetitions"]),
        "alpha": None,  # the papers' tables judge significance themselves (lib.papers.ojala2009)
    }


def _table1_params(config, wildcards) -> dict:
    table1 = config["permutation"]["table1"]
    return {
        "randomizations": table1["randomizations"],
        "tie_rule": config["permutation"]["tie_rule"],
        "entropy": jobs.entropy(config, "ojala_table1", table1),
    }


#: Figure 2's versions: its claims are about a distribution over versions, not one draw
FIG2_RANDOMIZATIONS = 200

#: The study's jobs (:class:`lib.core.jobs.Job`), by rule.
JOBS = {
    "permutation_table1_study": jobs.Job(("randomizations", "tie_rule", "entropy"), _table1_params),
    "permutation_fig2_study": jobs.Job(
        ("randomizations", "entropy"),
        lambda config, wildcards: {
            "randomizations": FIG2_RANDOMIZATIONS,
            "entropy": jobs.entropy(config, "ojala_fig2", "iris"),
        },
    ),
    "permutation_fig3_original": jobs.Job(("data", "readings", "data_entropy", "entropy"), _fig3_params),
    "permutation_fig3_randomized": jobs.Job(("data", "readings", "data_entropy", "entropy"), _fig3_params),
    "permutation_uci_original": jobs.Job(
        ("study", "source", "folds_entropy", "entropy", "readings", "pool"), _uci_params("ojala_uci_original")
    ),
    "permutation_uci_randomized": jobs.Job(
        ("study", "source", "folds_entropy", "entropy", "readings"), _uci_params("ojala_uci_randomized")
    ),
    "permutation_uci_summary": jobs.Job(
        ("repetitions", "spread_entropy", "alpha"), _uci_summary_params, uci_summary_inputs
    ),
}
