"""The before/after tooling: the comparison counts passes per paper and lists every claim whose
verdict moved, matched on ids when both scorecards have them; the benchmark summary groups jobs
by study."""

import pandas as pd

from tools import benchmark_summary, compare_scorecards  # scripts/ is on pytest's pythonpath


def card(rows):
    return pd.DataFrame(rows, columns=["paper", "artifact", "claim", "verdict"])


def test_compare_counts_per_paper_and_lists_moved_claims():
    before = card(
        [
            ("a", "f1", "c1", "fail"),
            ("a", "f1", "c2", "pass"),
            ("b", "t", "c3", "pass"),
            ("b", "t", "c4", "not run"),
            ("b", "t", "gone", "fail"),
        ]
    )
    after = card(
        [
            ("a", "f1", "c1", "pass"),
            ("a", "f1", "c2", "pass"),
            ("b", "t", "c3", "fail"),
            ("b", "t", "c4", "not run"),
            ("b", "t", "new", "pass"),
        ]
    )
    counts, changed = compare_scorecards.compare(before, after)
    assert counts.loc["a"].tolist() == [2, 1, 2, 2]
    assert counts.loc["b"].tolist() == [2, 1, 2, 1]
    assert sorted(zip(changed.claim, changed.verdict_before, changed.verdict_after)) == [
        ("c1", "fail", "pass"),
        ("c3", "pass", "fail"),
        ("gone", "fail", "absent"),
        ("new", "absent", "pass"),
    ]


def test_compare_matches_on_ids_when_both_have_them():
    before = pd.DataFrame(
        [("p/a/k1", "p", "a", "old words", "fail"), ("p/a/k2", "p", "a", "c2", "pass")],
        columns=["id", "paper", "artifact", "claim", "verdict"],
    )
    after = pd.DataFrame(
        [("p/a/k1", "p", "a", "new words", "pass"), ("p/a/k2", "p", "a", "c2", "unstable")],
        columns=["id", "paper", "artifact", "claim", "verdict"],
    )
    counts, changed = compare_scorecards.compare(before, after)
    assert counts.loc["p"].tolist() == [2, 1, 2, 1]
    assert list(zip(changed.id, changed.claim, changed.verdict_before, changed.verdict_after)) == [
        ("p/a/k2", "c2", "pass", "unstable"),
        ("p/a/k1", "new words", "fail", "pass"),
    ]


def test_benchmark_summary_groups_jobs_by_study(tmp_path):
    header = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"
    for relative, wall, cpu in [
        ("permutation/uci/a.tsv", 60, 50),
        ("permutation/uci/b.tsv", 120, 30),
        ("neville2009/fig1a.tsv", 6, 3),
        ("data/iris.tsv", 1, "-"),
    ]:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + f"{wall}\t0\t1\t1\t1\t1\t0\t0\t0\t{cpu}\n")
    table = benchmark_summary.summary(benchmark_summary.job_table(tmp_path))
    assert table.loc["permutation", ["jobs", "wall_min", "cpu_min", "longest_min"]].tolist() == [2, 3, 4 / 3, 2]
    assert table.loc["permutation", "longest_job"] == "permutation/uci/b"
    assert table.loc["artifacts", "jobs"] == 1 and table.loc["data", "cpu_min"] == 0
