"""Compare two scorecards (not a rule): pass counts per paper and every claim whose verdict differs.

    .venv/bin/python scripts/tools/compare_scorecards.py BEFORE/results/scorecard.csv \
        results/scorecard.csv --labels before after

For before/after comparisons of a change (a reading's default, a claim's criterion, a data file):
two runs at the same scale. Claims are matched on their id (``<paper>/<artifact>/<key>``) when both
scorecards have one, else on (paper, artifact, claim text); a claim present in only one scorecard
is listed as such rather than dropped, since a change may change which claims apply.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

TEXT_KEY = ["paper", "artifact", "claim"]
JUDGED = ("pass", "fail", "unstable", "unverifiable")


def pass_counts(scorecard: pd.DataFrame) -> pd.DataFrame:
    """Per paper: claims with a verdict, how many pass (``not run`` claims are not counted)."""
    judged = scorecard[scorecard["verdict"].isin(JUDGED)]
    grouped = judged.groupby("paper")["verdict"]
    return pd.DataFrame({"claims": grouped.size(), "pass": grouped.apply(lambda v: int((v == "pass").sum()))})


def compare(before: pd.DataFrame, after: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(per-paper counts side by side, claims whose verdict differs or that exist on one side)."""
    counts = (
        pass_counts(before)
        .add_suffix("_before")
        .join(pass_counts(after).add_suffix("_after"), how="outer")
        .fillna(0)
        .astype(int)
    )
    key = ["id"] if "id" in before and "id" in after else TEXT_KEY
    shown = list(dict.fromkeys(key + TEXT_KEY))
    merged = before[shown + ["verdict"]].merge(
        after[shown + ["verdict"]], on=key, how="outer", suffixes=("_before", "_after")
    )
    for column in TEXT_KEY:  # with ids, name a claim by its text after (or before, if it is gone)
        if column not in key:
            merged[column] = merged[f"{column}_after"].fillna(merged[f"{column}_before"])
    merged = merged.fillna("absent")
    changed = merged[merged["verdict_before"] != merged["verdict_after"]].sort_values(TEXT_KEY)
    return counts, changed[
        key + [c for c in TEXT_KEY if c not in key] + ["verdict_before", "verdict_after"]
    ].reset_index(drop=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--labels", nargs=2, default=["before", "after"])
    args = parser.parse_args(argv)
    for path in (args.before, args.after):
        if not path.is_file():
            parser.error(f"{path} does not exist; build it with snakemake (results/scorecard.csv)")
    counts, changed = compare(pd.read_csv(args.before), pd.read_csv(args.after))
    print(f"pass counts per paper ({args.labels[0]} -> {args.labels[1]}):")
    for paper, row in counts.iterrows():
        print(f"  {paper}: {row.pass_before}/{row.claims_before} -> {row.pass_after}/{row.claims_after}")
    total = counts.sum()
    print(f"  all: {total.pass_before}/{total.claims_before} -> {total.pass_after}/{total.claims_after}")
    print(f"claims whose verdict differs: {len(changed)}")
    for row in changed.itertuples():
        print(f"  {row.paper}/{row.artifact}: {row.verdict_before} -> {row.verdict_after}: {row.claim}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
