"""Tests for lib.evaluation.pairtests: per-trial t-tests and RS-C on per-split accuracies of two
handicapped relational models, on a small LGM network prepared as lib.studies.relational's
evaluate_network does."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats

from lib.data import networks
from lib.evaluation import pairtests, sampling
from lib.models import handicap, wvrn_nbc

NODES, TRIALS, FOLDS, ALPHA = 150, 4, 5, 0.05


def _prepare(sampler, seed):
    net = networks.generate_lgm(np.random.default_rng(seed), networks.LGMParams(n_nodes=NODES))
    rng = np.random.default_rng(seed + 100)
    tr, te = sampling.within_network_splits(rng, sampler, TRIALS, NODES, 0.5, FOLDS)
    train, test = tr.reshape(-1, NODES), te.reshape(-1, NODES)
    probs = wvrn_nbc.infer_pair(net.adjacency, net.labels, train)
    tie = wvrn_nbc.majority_class(net.labels, train)
    keys = handicap.perturbation_keys(rng, (2,) + train.shape)
    return dict(net=net, probs=(probs[0], probs[1]), keys=(keys[0], keys[1]), train=train, test=test, tie=tie)


@pytest.fixture(scope="module")
def rs():
    return _prepare("RS", 1)


@pytest.fixture(scope="module")
def ncv():
    return _prepare("NCV", 2)


def _score(d, c_w=0.0, c_b=0.0, sampler="RS", strength=1.0, selection="exact", probs=None, keys=None, test=None):
    return pairtests.score(
        d["net"].adjacency,
        d["net"].labels,
        probs or d["probs"],
        keys or d["keys"],
        d["test"] if test is None else test,
        d["tie"],
        c_w,
        c_b,
        sampler,
        ALPHA,
        TRIALS,
        FOLDS,
        strength,
        selection,
    )


def _split_accuracy(d, p):
    """Per-split accuracy computed independently of pairtests, shape (trials, folds)."""
    y = d["net"].labels
    pred = np.where(np.abs(p - 0.5) < 1e-12, d["tie"], (p > 0.5).astype(int))
    correct = ((pred == y[None, :]) & d["test"]).sum(axis=1)
    return (correct / d["test"].sum(axis=1)).reshape(TRIALS, FOLDS)


def test_nanmean_hand_cases_and_all_nan_without_warning():
    x = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = pairtests.nanmean(x, axis=1)
    assert out[0] == 2.0 and np.isnan(out[1])
    np.testing.assert_allclose(pairtests.nanmean(x, axis=0), [1.0, np.nan, 3.0])
    assert pairtests.nanmean(np.ones((2, 3, 4)), axis=(0, 2)).tolist() == [1.0, 1.0, 1.0]


def test_rs_columns_accuracies_and_t_tests_match_independent_computation(rs):
    out = _score(rs)
    expected = {
        "accuracy_wvrn",
        "accuracy_nbc",
        "accuracy_difference",
        "test_size",
        "error_correlation",
        *(f"{k}_{t}" for k in ("p", "reject") for t in ("paired_t", "unpaired_t", "rsc_paired", "rsc_unpaired")),
        *(f"rsc_{k}_{m}" for k in ("p", "q", "rho", "L") for m in ("wvrn", "nbc")),
    }
    assert set(out) == expected
    assert all(np.shape(v) == (TRIALS,) for v in out.values())
    acc_w, acc_b = _split_accuracy(rs, rs["probs"][0]), _split_accuracy(rs, rs["probs"][1])
    np.testing.assert_allclose(out["accuracy_wvrn"], acc_w.mean(axis=1), atol=1e-12)
    np.testing.assert_allclose(out["accuracy_nbc"], acc_b.mean(axis=1), atol=1e-12)
    np.testing.assert_allclose(out["accuracy_difference"], out["accuracy_wvrn"] - out["accuracy_nbc"])
    np.testing.assert_allclose(out["test_size"], NODES * 0.5)  # RS: every unlabeled node is tested
    np.testing.assert_allclose(out["p_paired_t"], stats.ttest_rel(acc_w, acc_b, axis=1).pvalue, atol=1e-10)
    np.testing.assert_allclose(out["p_unpaired_t"], stats.ttest_ind(acc_w, acc_b, axis=1).pvalue, atol=1e-10)
    for t in ("paired_t", "unpaired_t", "rsc_paired", "rsc_unpaired"):
        assert out[f"reject_{t}"].dtype == np.int8
        np.testing.assert_array_equal(out[f"reject_{t}"], (out[f"p_{t}"] < ALPHA).astype(np.int8))
        assert ((0 <= out[f"p_{t}"]) & (out[f"p_{t}"] <= 1)).all()


def test_rs_network_parameters(rs):
    out = _score(rs)
    A = rs["net"].adjacency
    t = rs["test"].astype(float)
    ordered_pairs = np.einsum("ij,ij->i", t, (A @ t.T).T)  # ordered linked pairs inside each test set
    np.testing.assert_allclose(out["rsc_L_wvrn"], ordered_pairs.reshape(TRIALS, FOLDS).mean(axis=1))
    np.testing.assert_allclose(out["rsc_L_nbc"], out["rsc_L_wvrn"])  # same test sets
    assert (out["rsc_L_wvrn"] > 0).all()
    for m in ("wvrn", "nbc"):
        assert ((-1 <= out[f"rsc_rho_{m}"]) & (out[f"rsc_rho_{m}"] <= 1)).all()
        assert ((0 <= out[f"rsc_p_{m}"]) & (out[f"rsc_p_{m}"] <= 1)).all()


def test_error_correlation_is_mean_phi_of_both_models_over_folds(rs):
    out = _score(rs)
    y = rs["net"].labels
    phis = []
    for p in rs["probs"]:
        err = wvrn_nbc.prediction_errors(p, y, rs["test"], rs["tie"])
        phis.append(networks.error_correlation(rs["net"].adjacency, err, rs["test"]).reshape(TRIALS, FOLDS))
    phis = np.stack(phis, axis=1).reshape(TRIALS, -1)
    assert np.isfinite(out["error_correlation"]).all()
    np.testing.assert_allclose(out["error_correlation"], np.nanmean(phis, axis=1), atol=1e-12)


def test_ncv_has_only_t_tests(ncv):
    out = _score(ncv, sampler="NCV")
    assert not any(k.startswith("rsc") for k in out)
    assert {"p_paired_t", "p_unpaired_t", "reject_paired_t", "reject_unpaired_t"} <= set(out)
    acc_w = _split_accuracy(ncv, ncv["probs"][0])
    np.testing.assert_allclose(out["accuracy_wvrn"], acc_w.mean(axis=1), atol=1e-12)
    np.testing.assert_allclose(out["test_size"], ncv["test"].sum(axis=1).reshape(TRIALS, FOLDS).mean(axis=1))
    np.testing.assert_allclose(out["test_size"], NODES / FOLDS)  # NCV scores one fold


def test_identical_models_give_no_difference_and_pvalue_one(rs):
    same = (rs["probs"][0], rs["probs"][0])
    out = _score(rs, probs=same)
    np.testing.assert_allclose(out["accuracy_difference"], 0.0)
    for t in ("paired_t", "unpaired_t", "rsc_paired", "rsc_unpaired"):
        np.testing.assert_allclose(out[f"p_{t}"], 1.0)
        assert (out[f"reject_{t}"] == 0).all()


def test_full_flip_handicap_on_nbc_only(rs):
    """c = 1, strength 1, exact selection flips every nBC test prediction: p -> 1 - p;
    wvRN is untouched."""
    base = _score(rs)
    out = _score(rs, c_b=1.0)
    np.testing.assert_allclose(out["accuracy_wvrn"], base["accuracy_wvrn"])
    flipped = np.where(rs["test"], 1.0 - rs["probs"][1], rs["probs"][1])
    np.testing.assert_allclose(out["accuracy_nbc"], _split_accuracy(rs, flipped).mean(axis=1), atol=1e-12)
    assert (out["accuracy_nbc"] < base["accuracy_nbc"]).all()  # nBC is better than chance here
    assert (base["accuracy_nbc"] > 0.5).all()


def test_partial_handicap_equals_perturbing_with_the_same_keys(rs):
    for selection in ("exact", "bernoulli"):
        out = _score(rs, c_w=0.3, strength=0.8, selection=selection)
        p, _ = handicap.perturb_with_keys(
            rs["probs"][0], 0.3, rs["keys"][0], mask=rs["test"], strength=0.8, selection=selection
        )
        np.testing.assert_allclose(out["accuracy_wvrn"], _split_accuracy(rs, p).mean(axis=1), atol=1e-12)
        assert not np.allclose(out["accuracy_wvrn"], _score(rs)["accuracy_wvrn"])  # the handicap bites
        np.testing.assert_allclose(out["accuracy_nbc"], _score(rs)["accuracy_nbc"])


def test_invalid_arguments_raise(rs):
    with pytest.raises(ValueError, match="handicap c must lie in"):
        _score(rs, c_b=1.5)
    with pytest.raises(ValueError, match="strength must lie in"):
        _score(rs, c_w=0.2, strength=0.0)
    with pytest.raises(ValueError, match="selection must be one of"):
        _score(rs, c_w=0.2, selection="random")
    with pytest.raises(ValueError, match="test must have shape"):
        _score(rs, test=rs["test"][:, :-1])


def test_model_options_complete_the_readings_and_check_them():
    assert pairtests.model_options(None) == pairtests.MODEL_DEFAULTS
    assert pairtests.model_options({"nbc_estimation": "ml"}) == {**pairtests.MODEL_DEFAULTS, "nbc_estimation": "ml"}
    for key, bad in (("nbc_estimation", "mle"), ("handicap_stage", "before"), ("handicap_magnitude", "half")):
        with pytest.raises(ValueError, match=key):
            pairtests.model_options({key: bad})


def _score_handicaps(d, handicaps, stage, head):
    setting = {"trials": TRIALS, "alpha": ALPHA, "strength": 1.0, "selection": "exact"}
    args = (d["net"].adjacency, d["net"].labels, d["train"], d["test"], d["probs"], d["keys"], d["tie"])
    return pairtests.score_handicaps(
        *args, handicaps, setting=setting, head=head, stage=stage, smoothing=1.0, q_method="erred"
    )


@pytest.mark.parametrize("stage", ["after", "during"])
def test_score_handicaps_gives_the_head_the_handicaps_then_the_score_of_each_setting(rs, stage):
    head = {"chunk": 3, "trial": np.arange(TRIALS), "sampler": "RS", "folds": FOLDS}
    handicaps = [(0.0, 0.0), (0.0, 0.3), (0.2, 0.0)]
    frames = _score_handicaps(rs, handicaps, stage, head)
    assert len(frames) == len(handicaps)
    for frame, (c_w, c_b) in zip(frames, handicaps):
        pair, after = pairtests.handicapped_pair(
            rs["net"].adjacency,
            rs["net"].labels,
            rs["train"],
            rs["test"],
            rs["probs"],
            rs["keys"],
            (c_w, c_b),
            {"strength": 1.0, "selection": "exact"},
            stage,
            1.0,
        )
        expected = _score(rs, *after, probs=pair)
        assert list(frame.columns) == [*head, "handicap_wvrn", "handicap_nbc", *expected]
        assert len(frame) == TRIALS and (frame["chunk"] == 3).all()
        assert (frame["handicap_wvrn"] == c_w).all() and (frame["handicap_nbc"] == c_b).all()
        for column, values in expected.items():
            np.testing.assert_array_equal(frame[column].to_numpy(), values)
