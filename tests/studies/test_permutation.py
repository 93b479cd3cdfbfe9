"""The Ojala & Garriga 2009 study (lib.studies.permutation: original_errors, randomized_errors and the
summaries) and its design choices; the oracle is refitting each classifier fold by fold
(scripts/tools/reference_models.py)."""

import numpy as np
import pandas as pd
import pytest

from lib.evaluation import permutation_tests as pm
from lib.evaluation import sampling
from lib.models import c45, naive_bayes, nn1
from lib.studies import permutation, permutation_summaries
from tools import reference_models as rm  # scripts/ is on pytest's pythonpath


def _data(seed=0, n=40):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1, 2], [n // 2, n // 4, n - n // 2 - n // 4])
    X = rng.normal(size=(n, 3)) + y[:, None] * 0.8
    X[:, 2] = rng.integers(0, 3, n)  # one nominal attribute with 3 values
    spec = naive_bayes.AttributeSpec(n_values=(0, 0, 3))
    return X, y, spec


def _folds(y, reps=3, seed=1):
    rng = np.random.default_rng(seed)
    return sampling.stratified_fold_of(rng, y, 5, reps)


def study_errors(classifier, X, y, spec, test, orig_folds, k, entropy, *, tie_rule="first", batch=50):
    """The original errors (one per CV repetition) and those of randomisations ``0..k-1``, as a job
    of the study computes them with ``entropy``."""
    orig = permutation.original_errors(classifier, X, y, spec, orig_folds, entropy, tie_rule=tie_rule)
    null = permutation.randomized_errors(
        classifier, X, y, spec, test, orig_folds[0], entropy, 0, k, tie_rule=tie_rule, batch=batch
    )
    return orig, null


def _randomised_like_study(X, y, folds, test, k, seed):
    """The randomised data sets and fresh folds the study draws with entropy ``[seed]``."""
    draws, fs = permutation.draw_randomizations(test, y, X.shape[1], folds[0], [seed], 0, k)
    if test == 1:
        return X, y[draws], fs
    return pm.apply_within_class_permutations(X, draws), y, fs


@pytest.mark.parametrize("classifier", permutation.CLASSIFIERS)
@pytest.mark.parametrize("test", [1, 2])
def test_shapes_determinism_and_original_independent_of_test(classifier, test):
    X, y, spec = _data()
    folds = _folds(y)
    o1, n1 = study_errors(classifier, X, y, spec, test, folds, 6, [5])
    o2, n2 = study_errors(classifier, X, y, spec, test, folds, 6, [5])
    o3, _ = study_errors(classifier, X, y, spec, 3 - test, folds, 4, [9])
    assert o1.shape == (3,) and n1.shape == (6,)
    assert np.array_equal(o1, o2) and np.array_equal(n1, n2)
    assert np.array_equal(o1, o3)  # the original errors depend on the folds only
    assert ((0 <= n1) & (n1 <= 1)).all()


@pytest.mark.parametrize("classifier", permutation.CLASSIFIERS)
def test_the_original_repetitions_in_one_engine_call_equal_one_call_each(classifier):
    # every engine takes the R repetitions' folds at once (identity permutations, the engines'
    # shared contract); each repetition's error is its own CV's, whatever else is in the call
    X, y, spec = _data()
    folds = _folds(y)
    together = permutation.original_errors(classifier, X, y, spec, folds, [5])
    alone = [permutation.original_errors(classifier, X, y, spec, f[None], [5])[0] for f in folds]
    assert np.array_equal(together, alone)


@pytest.mark.parametrize("test", [1, 2])
def test_fast_engines_equal_refitting_with_fresh_folds(test):
    """NB and 1-NN fast paths give exactly the slow path's errors for the same draws
    (fresh stratified CV per randomised data set: folds[perms] / resample_folds)."""
    X, y, spec = _data(3)
    folds = _folds(y, 2)
    k = 5
    Xs, ys, fs = _randomised_like_study(X, y, folds, test, k, 11)
    nb = rm.fit_predict_fn(lambda: naive_bayes.NaiveBayesWeka(spec, 3))
    _, fast = study_errors("nb", X, y, spec, test, folds, k, [11])
    assert np.array_equal(fast, rm.cv_errors(nb, Xs, ys, fs))
    orig, _ = study_errors("nb", X, y, spec, test, folds, k, [11])
    assert np.allclose(orig, [rm.cv_error(nb, X, y, f) for f in folds])
    ranges = nn1.weka_ranges(X, spec)
    nn = rm.fit_predict_fn(lambda: rm.IBk1(spec, 3, range_mode="fixed", ranges=ranges))
    _, fast = study_errors("1nn", X, y, spec, test, folds, k, [11])
    assert np.array_equal(fast, rm.cv_errors(nn, Xs, ys, fs))


def test_null_folds_stay_stratified_for_the_randomised_labels():
    X, y, spec = _data(4, 60)
    folds = _folds(y, 1)
    rng = np.random.default_rng(2)
    perms = pm.label_permutations(len(y), 20, rng)
    fresh = folds[0][perms]
    for yp, f in zip(y[perms], fresh):  # per-(class, fold) counts of the permuted labels as for y
        assert np.array_equal(np.histogram2d(yp, f, bins=[3, 5])[0], np.histogram2d(y, folds[0], bins=[3, 5])[0])


def test_missing_values_and_bad_arguments():
    X, y, spec = _data(5)
    X[0, 0] = np.nan
    X[3, 2] = np.nan
    folds = _folds(y, 1)
    for clf in permutation.CLASSIFIERS:
        for test in (1, 2):
            o, n = study_errors(clf, X, y, spec, test, folds, 2, [0])
            assert np.isfinite(o).all() and np.isfinite(n).all()
    with pytest.raises(ValueError, match="classifier"):
        study_errors("knn", X, y, spec, 1, folds, 2, [0])
    with pytest.raises(ValueError, match="test"):
        study_errors("nb", X, y, spec, 3, folds, 2, [0])


def _tree_case(test, missing, k=4):
    """Mixed data (optionally with missing numeric and nominal values), two original CVs, and
    the ``k`` randomised data sets and folds ``study_errors`` draws from seed 12."""
    X, y, spec = _data(6, 60)
    if missing:
        X[1, 0] = np.nan
        X[7, 2] = np.nan
    folds = _folds(y, 2)
    Xs, ys, fs = _randomised_like_study(X, y, folds, test, k, 12)
    return X, y, spec, folds, k, Xs, ys, fs


@pytest.mark.parametrize("test", [1, 2])
@pytest.mark.parametrize("missing", [False, True])
def test_study_j48_equals_refitting_c45_j48(test, missing):
    """The study's J48 (compiled CV loop of lib.models.c45) equals refitting c45.J48 per fold, on the
    data sets and folds the study draws."""
    X, y, spec, folds, k, Xs, ys, fs = _tree_case(test, missing)
    tree = rm.fit_predict_fn(lambda: c45.J48(spec))
    orig, fast = study_errors("j48", X, y, spec, test, folds, k, [12])
    assert np.array_equal(fast, rm.cv_errors(tree, Xs, ys, fs))
    assert np.array_equal(orig, [rm.cv_error(tree, X, y, f) for f in folds])


@pytest.mark.parametrize("test", [1, 2])
@pytest.mark.parametrize("nominal", [False, True])
def test_study_1nn_shuffled_equals_refit_and_ignores_batch_size(test, nominal):
    """``tie_rule="shuffled"``: the study's errors equal refitting IBk1(tie_rule="shuffled") fold
    by fold with the keys study_errors derives (one TieKeys stream for the original
    repetitions, one for the randomised data sets), and do not depend on ``batch`` (all-nominal data
    take the bitset path in batches)."""
    X, y, spec = _data(7, 50)
    if nominal:
        X = np.column_stack([np.round(X[:, 0] > 0.5), X[:, 2], np.round(X[:, 1] > 0.8)])
        spec = naive_bayes.AttributeSpec(n_values=(2, 3, 2))
    folds = _folds(y, 2)
    k = 7
    Xs, ys, fs = _randomised_like_study(X, y, folds, test, k, 13)
    # the keys study_errors derives: stream 1 (original repetitions), stream 2 (randomisations)
    ok = nn1.TieKeys([13, permutation.ORIGINAL_TIES_STREAM], 5, len(y))
    nk = nn1.TieKeys([13, permutation.RANDOMIZED_TIES_STREAM], 5, len(y))
    ranges = nn1.weka_ranges(X, spec)

    def refit(Xb, yb, fb, keys):
        wrong = 0
        for f in range(5):
            te = fb == f
            m = rm.IBk1(spec, 3, tie_rule="shuffled", range_mode="fixed", ranges=ranges)
            wrong += int((m.fit(Xb[~te], yb[~te], tie_keys=keys[f, ~te]).predict(Xb[te]) != yb[te]).sum())
        return wrong / len(yb)

    K = nk.block(0, k)
    Xl = [X] * k if test == 1 else Xs
    Yl = ys if test == 1 else [y] * k
    slow = [refit(Xl[b], Yl[b], fs[b], K[b]) for b in range(k)]
    slow_orig = [refit(X, y, f, ok.block(r, r + 1)[0]) for r, f in enumerate(folds)]
    for batch in (1, 3, 50):
        orig, null = study_errors("1nn", X, y, spec, test, folds, k, [13], tie_rule="shuffled", batch=batch)
        np.testing.assert_array_equal(null, slow)
        np.testing.assert_array_equal(orig, slow_orig)
    # the randomised data sets are those of "first": only the tie order differs
    _, null_first = study_errors("1nn", X, y, spec, test, folds, k, [13])
    nn = rm.fit_predict_fn(lambda: rm.IBk1(spec, 3, range_mode="fixed", ranges=ranges))
    np.testing.assert_array_equal(null_first, rm.cv_errors(nn, Xs, ys, fs))


@pytest.mark.parametrize("test", [1, 2])
def test_weka_smo_path_equals_refitting_weka_smo(test):
    """The study's SMO errors are those of lib.models.smo.SMO refit on every fold of every
    randomised data set drawn as the study draws them (batch of 2 under Test 2)."""
    from lib.models import smo

    X, y, spec = _data(6)
    folds = _folds(y, 2)
    k = 4
    Xs, ys, fs = _randomised_like_study(X, y, folds, test, k, 13)
    fit = rm.fit_predict_fn(lambda: smo.SMO(spec, n_classes=3))
    orig, null = study_errors("smo", X, y, spec, test, folds, k, [13], batch=2)
    assert np.array_equal(null, rm.cv_errors(fit, Xs, ys, fs))
    assert np.allclose(orig, [rm.cv_error(fit, X, y, f) for f in folds])


@pytest.mark.parametrize("classifier", permutation.CLASSIFIERS)
@pytest.mark.parametrize("test", [1, 2])
def test_results_do_not_depend_on_the_chunking(classifier, test):
    """Randomisation r has its own generator (and 1-NN tie keys), so a job split into chunks of
    any size gives exactly the numbers of one job; the draws differ between entropies."""
    X, y, spec = _data(8, 45)
    folds = _folds(y, 1)
    tie_rule = "shuffled" if classifier == "1nn" else "first"
    whole = permutation.randomized_errors(
        classifier, X, y, spec, test, folds[0], [21, 4], 0, 9, tie_rule=tie_rule, batch=4
    )
    for cuts in ([(0, 1), (1, 9)], [(0, 4), (4, 5), (5, 9)]):
        parts = [
            permutation.randomized_errors(
                classifier, X, y, spec, test, folds[0], [21, 4], a, b, tie_rule=tie_rule, batch=3
            )
            for a, b in cuts
        ]
        np.testing.assert_array_equal(np.concatenate(parts), whole)
    d1, f1 = permutation.draw_randomizations(test, y, X.shape[1], folds[0], [21, 4], 2, 5)
    d2, f2 = permutation.draw_randomizations(test, y, X.shape[1], folds[0], [21, 5], 2, 5)
    assert not np.array_equal(d1, d2) and d1.shape[0] == f1.shape[0] == 3


def test_randomisations_are_uniform_and_keep_the_fold_counts():
    """Per-randomisation generators still give uniform permutations (Test 1: the position of
    row 0's label is uniform, chi-square) and stratified fresh folds (Test 2)."""
    from scipy import stats

    y = np.repeat([0, 1], [6, 4])
    folds0 = sampling.stratified_fold_of(np.random.default_rng(0), y, 2)[0]
    perms, f1 = permutation.draw_randomizations(1, y, 1, folds0, [3], 0, 4000)
    counts = np.bincount(np.argmax(perms == 0, axis=1), minlength=10)
    assert stats.chisquare(counts).pvalue > 1e-4
    idx, f2 = permutation.draw_randomizations(2, y, 2, folds0, [3], 0, 50)
    counts0 = np.histogram2d(y, folds0, bins=[2, 2])[0]
    for yb, f in [*zip(y[perms[:50]], f1[:50]), *((y, f) for f in f2)]:  # Test 1: for its own labels
        assert np.array_equal(np.histogram2d(yb, f, bins=[2, 2])[0], counts0)
    assert all((y[idx[b, :, j]] == y).all() for b in range(50) for j in range(2))  # within class
    with pytest.raises(ValueError, match="range"):
        permutation.draw_randomizations(1, y, 1, folds0, [3], 5, 4)


def test_only_1nn_takes_the_tie_rule():
    """J48, naive Bayes and SMO do not depend on the reading permutation.tie_rule (so their jobs
    are not rerun when it changes); 1-NN needs it and says so when it is missing."""
    assert permutation.reading_options("j48", "first") == {}
    assert permutation.reading_options("nb", None) == {}
    assert permutation.reading_options("smo", "vote") == {}
    assert permutation.reading_options("1nn", "vote") == {"tie_rule": "vote"}
    with pytest.raises(ValueError, match="permutation.tie_rule"):
        permutation.reading_options("1nn", None)
    with pytest.raises(ValueError, match="classifier"):
        permutation.reading_options("knn", "first")


def _chunk_rows(kind, errors, test=None, **columns):
    return pd.DataFrame(
        {**columns, **({"test": test} if test else {}), "kind": kind, "index": np.arange(len(errors)), "error": errors}
    )


def test_uci_table_summary_pools_the_chunks():
    """Tables II-III: the mean original error, each test's null mean and std, and the mean over
    the repetitions of the empirical p-values (Definition 1), whatever the chunk order."""
    raw = pd.concat(
        [
            _chunk_rows("randomized", [0.1, 0.3], test=2, dataset="iris", classifier="j48"),
            _chunk_rows("original", [0.1, 0.2], dataset="iris", classifier="j48"),
            _chunk_rows("randomized", [0.5, 0.6, 0.4], test=1, dataset="iris", classifier="j48"),
            _chunk_rows("randomized", [0.2], test=2, dataset="iris", classifier="j48").assign(index=2),
            _chunk_rows("original", [0.3], dataset="zoo", classifier="nb"),
            _chunk_rows("randomized", [0.2], test=1, dataset="zoo", classifier="nb"),
            _chunk_rows("randomized", [0.4], test=2, dataset="zoo", classifier="nb"),
        ],
        ignore_index=True,
    )
    summary = permutation_summaries.uci_table_summary(raw)
    assert list(summary.columns) == [
        "dataset",
        "classifier",
        "orig",
        "repetitions",
        "t1_mean",
        "t1_std",
        "t1_p",
        "t1_p_low",
        "t1_p_high",
        "randomizations",
        "t2_mean",
        "t2_std",
        "t2_p",
        "t2_p_low",
        "t2_p_high",
    ]
    assert summary[["dataset", "classifier"]].values.tolist() == [["iris", "j48"], ["zoo", "nb"]]
    iris, zoo = summary.iloc[0], summary.iloc[1]
    assert (iris.repetitions, iris.randomizations) == (2, 3)
    assert np.allclose([iris.orig, iris.t1_mean, iris.t1_std, iris.t2_mean, iris.t2_std], [0.15, 0.5, 0.1, 0.2, 0.1])
    # Test 1: no null error <= 0.1 or 0.2 -> p 1/4 each; Test 2: one <= 0.1 (2/4), two <= 0.2 (3/4)
    assert np.isclose(iris.t1_p, 0.25) and np.isclose(iris.t2_p, 0.625)
    assert np.isnan(zoo.t1_std) and zoo.t1_p == 1.0 and zoo.t2_p == 0.5  # one randomisation: no std


def test_fig3_summary_bands_and_rejections():
    """Figure 3: the 1% / 99% quantiles of each test's null errors, and 'rejected' when the mean
    original error lies below the 1% quantile (the paper's reading of the bars at α = 0.01)."""
    null = np.linspace(0.2, 0.6, 101)
    raw = pd.concat(
        [
            _chunk_rows("original", [0.1, 0.302], classifier="nb", rho=0.5),
            _chunk_rows("randomized", null, test=1, classifier="nb", rho=0.5),
            _chunk_rows("randomized", null - 0.15, test=2, classifier="nb", rho=0.5),
            _chunk_rows("original", [0.0], classifier="j48", rho=-1.0),
            _chunk_rows("randomized", null, test=1, classifier="j48", rho=-1.0),
            _chunk_rows("randomized", null, test=2, classifier="j48", rho=-1.0),
        ],
        ignore_index=True,
    )
    summary = permutation_summaries.fig3_summary(raw)
    assert summary[["classifier", "rho"]].values.tolist() == [["j48", -1.0], ["nb", 0.5]]  # sorted
    nb = summary.iloc[1]
    assert np.isclose(nb.orig_mean, 0.201) and nb.repetitions == 2 and nb.randomizations == 101
    assert np.isclose(nb.t1_q01, 0.204) and np.isclose(nb.t1_q99, 0.596) and np.isclose(nb.t1_mean, 0.4)
    assert nb.t1_rejected and not nb.t2_rejected  # 0.201 < 0.204; above Test 2's 1% quantile 0.054
    assert np.isclose(nb.t1_p, np.mean([1 / 102, 27 / 102]))  # null errors <= 0.1: none; <= 0.302: 26
    assert summary.iloc[0].t1_rejected and summary.iloc[0].t2_rejected
    # the reading caption_band adds the caption's rule on the first CV: outside [q01, q99] on either side
    band = permutation_summaries.fig3_summary(raw, rejection="caption_band")
    assert band.drop(columns=["orig_first", "t1_p_first", "t1_band_rejected", "t2_p_first", "t2_band_rejected"]).equals(
        summary
    )
    nb = band.iloc[1]
    assert nb.orig_first == 0.1 and nb.t1_band_rejected and np.isclose(nb.t1_p_first, 1 / 102)
    # 0.1 inside Test 2's [0.054, 0.446]; 13 of its null errors <= 0.1
    assert not nb.t2_band_rejected and np.isclose(nb.t2_p_first, 14 / 102)
    high = raw.copy()
    high.loc[(high.kind == "original") & (high.classifier == "nb"), "error"] = [0.7, 0.1]  # above the 99% quantile
    assert permutation_summaries.fig3_summary(high, rejection="caption_band").iloc[1].t1_band_rejected
    with pytest.raises(ValueError, match="rejection must be one of"):
        permutation_summaries.fig3_summary(raw, rejection="band")


def test_fig2_statistics_shapes_and_what_each_version_keeps():
    """Figure 2's claims in numbers: Test 2 keeps each class's values of every column (so a
    within-class correlation of the original becomes ~0), Test 1 and the full permutation do not
    keep the classes; the same generator state gives the same numbers."""
    rng = np.random.default_rng(3)
    y = np.repeat([0, 1, 2], 30)
    z = rng.normal(size=90)
    X = np.column_stack([z + 8 * y, z + 8 * y + 0.3 * rng.normal(size=90)])  # separable, correlated in class
    errors, correlations = permutation.fig2_statistics(X, y, 20, np.random.default_rng(5), folds=5)
    again = permutation.fig2_statistics(X, y, 20, np.random.default_rng(5), folds=5)
    pd.testing.assert_frame_equal(errors, again[0])
    pd.testing.assert_frame_equal(correlations, again[1])
    assert errors.groupby("version", sort=False).size().to_dict() == {
        "original": 1,
        "test1": 20,
        "test2": 20,
        "full": 20,
    }
    mean = errors.groupby("version").error.mean()
    assert mean["original"] < 0.05 and mean["test2"] < 0.05 and mean["test1"] > 0.5 and mean["full"] > 0.5
    original = correlations[correlations.version == "original"]
    assert np.allclose(original.r, permutation.within_class_correlations(X, y)) and (original.r > 0.9).all()
    test2 = correlations[correlations.version == "test2"]
    assert len(test2) == 20 * 3 and test2["class"].tolist()[:3] == [0, 1, 2] and test2.r.abs().mean() < 0.3


def test_d1_flips_cover_every_cell_and_keep_the_table_separate():
    """Every one of D1's 128 cells is flipped once; a flip that makes the leave-one-out error
    positive has no p-values; the flips' p-values are valid p-values of k randomisations."""
    flips = permutation.d1_flips(50, [7, 1])
    assert len(flips) == 128 and flips["cell"].tolist() == list(range(128))
    kept = flips[flips["orig_err"] == 0]
    assert kept["t2_p"].notna().all() and flips.loc[flips["orig_err"] > 0, "t2_p"].isna().all()
    assert ((kept["t2_p"] >= 1 / 51) & (kept["t2_p"] <= 1)).all()
    assert 0 < len(kept) < 128


def test_the_p_spread_uses_the_first_repetitions_for_the_table_and_the_pool_for_the_range():
    """uci_table_summary: the table's original error and p come from the first `repetitions` CVs
    (the paper's); the further CVs give the p-value's 5-95 % range over fold draws."""
    rows = [
        {"dataset": "d", "classifier": "j48", "kind": "original", "index": i, "test": np.nan, "error": e}
        for i, e in enumerate([0.10, 0.10, 0.30, 0.05, 0.20, 0.12])
    ]
    rows += [
        {"dataset": "d", "classifier": "j48", "kind": "randomized", "index": r, "test": t, "error": e}
        for t in (1, 2)
        for r, e in enumerate(np.linspace(0.0, 0.5, 50))
    ]
    raw = pd.DataFrame(rows)
    table = permutation_summaries.uci_table_summary(raw, repetitions=2, spread_entropy=[3]).iloc[0]
    assert table["orig"] == pytest.approx(0.10) and table["repetitions"] == 2
    per_cv = (np.sum(np.linspace(0.0, 0.5, 50)[None] <= np.array([[0.10], [0.10]]), axis=1) + 1) / 51
    assert table["t1_p"] == pytest.approx(per_cv.mean())
    assert table["t1_p_low"] < table["t1_p"] < table["t1_p_high"]
    again = permutation_summaries.uci_table_summary(raw, repetitions=2, spread_entropy=[3]).iloc[0]
    assert again["t1_p_low"] == table["t1_p_low"]  # deterministic
    alone = permutation_summaries.uci_table_summary(
        raw[raw["index"].lt(2) | raw["kind"].eq("randomized")], repetitions=2
    )
    assert np.isnan(alone.iloc[0]["t1_p_low"])  # no further CVs, no range
