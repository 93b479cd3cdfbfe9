"""lib.evaluation.rankings: classifier orders, flips between metrics/CV schemes and across levels."""

import pandas as pd

from lib.evaluation import rankings


def _means():
    rows = []
    # auc: NB best under 5x2, J48 under 10-fold; brier (lower is better): NB worst everywhere
    for scheme, auc, brier in (
        ("10-fold", {"J48": 0.90, "NB": 0.89, "SMO": 0.85}, {"J48": 0.05, "NB": 0.12, "SMO": 0.06}),
        ("5x2", {"J48": 0.88, "NB": 0.90, "SMO": 0.84}, {"J48": 0.06, "NB": 0.13, "SMO": 0.05}),
    ):
        for clf in ("J48", "NB", "SMO"):
            rows.append({"scheme": scheme, "classifier": clf, "level": "all", "auc": auc[clf], "brier": brier[clf]})
    return pd.DataFrame(rows)


def test_order_respects_direction_and_breaks_ties_by_name():
    assert rankings.order({"a": 0.2, "b": 0.9, "c": 0.5}, "auc") == ["b", "c", "a"]
    assert rankings.order({"a": 0.2, "b": 0.9, "c": 0.5}, "brier") == ["a", "c", "b"]
    assert rankings.order({"z": 0.5, "a": 0.5}, "auc") == ["a", "z"]


def test_ranking_table_and_flips():
    table = rankings.ranking_table(_means(), ["auc", "brier"])
    at = table.set_index(["metric", "scheme"])
    assert at.loc[("auc", "10-fold"), "ranking"] == "J48 > NB > SMO"
    assert at.loc[("auc", "5x2"), "best"] == "NB"
    assert at.loc[("brier", "10-fold"), "ranking"] == "J48 > SMO > NB"
    assert at.loc[("brier", "5x2"), "worst"] == "NB"
    assert abs(at.loc[("auc", "10-fold"), "gap_first_second"] - 0.01) < 1e-12
    flips = rankings.flips(table)
    by = {(r.changed, r.metric, r.scheme) for r in flips.itertuples()}
    assert ("cv scheme", "auc", "10-fold vs 5x2") in by  # NB overtakes J48 under 5x2
    assert ("cv scheme", "brier", "10-fold vs 5x2") in by  # SMO overtakes J48
    assert ("metric", "auc vs brier", "10-fold") in by
    assert len(flips) == 4


def test_identical_rankings_do_not_flip():
    means = _means()
    means["brier"] = 1 - means["auc"]  # same order as auc, reversed scale
    assert rankings.flips(rankings.ranking_table(means, ["auc", "brier"])).query("changed == 'metric'").empty


def test_level_flips_reports_winner_changes():
    means = pd.concat(
        [
            _means().assign(level="0"),
            _means().assign(level="50", auc=lambda d: d["auc"].where(d["classifier"] != "SMO", 0.99)),
        ]
    )
    table = rankings.ranking_table(means, ["auc"])
    moved = rankings.level_flips(table, "0", "50")
    assert set(moved["scheme"]) == {"10-fold", "5x2"}
    assert set(moved["best_last"]) == {"SMO"}
