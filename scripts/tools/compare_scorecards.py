"""Compare two scorecards (not a rule): pass counts per paper and every claim whose verdict differs.

    .venv/bin/python scripts/tools/compare_scorecards.py BEFORE/results/scorecard.csv \
        results/scorecard.csv --labels "pre-audit readings" "default readings"

Used for the before/after of the readings work: the same code and scale, once with the
readings the audit found wrong (``config/readings_pre_audit.yaml``) and once with the defaults.
Claims are matched on (paper, artifact, claim); a claim present in only one scorecard is listed
as such rather than dropped, since a reading may change which claims apply.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

KEY = ["paper", "artifact", "claim"]


def pass_counts(scorecard: pd.DataFrame) -> pd.DataFrame:
    """Per paper: claims with a verdict, how many pass (``not run`` claims are not counted)."""
    judged = scorecard[scorecard["verdict"].isin(["pass", "fail"])]
    grouped = judged.groupby("paper")["verdict"]
    return pd.DataFrame({"claims": grouped.size(),
                         "pass": grouped.apply(lambda v: int((v == "pass").sum()))})


def compare(before: pd.DataFrame, after: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(per-paper counts side by side, claims whose verdict differs or that exist on one side)."""
    counts = pass_counts(before).add_suffix("_before").join(
        pass_counts(after).add_suffix("_after"), how="outer").fillna(0).astype(int)
    merged = before[KEY + ["verdict"]].merge(after[KEY + ["verdict"]], on=KEY, how="outer",
                                             suffixes=("_before", "_after"))
    merged = merged.fillna("absent")
    changed = merged[merged["verdict_before"] != merged["verdict_after"]].sort_values(KEY)
    return counts, changed.reset_index(drop=True)


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
