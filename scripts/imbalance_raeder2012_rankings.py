"""Rule script: Raeder et al. (2012) Sec. 3.2 "Summary" as a table: how each metric and each
CV scheme ranks NB, J48 and SMO (mean over datasets, over all removal levels and per level),
which rankings flip; the chapter's statements about the winners are its claims (lib.papers.raeder2012)."""

import pandas as pd

from lib.core import runlog, tables
from lib.evaluation import rankings
from lib.papers import raeder2012
from lib.papers.claims import Evidence

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "raeder2012_rankings") as log:
    k = sm.params.precision_k
    # the chapter's Summary per metric (lib.papers.raeder2012); also which metrics are ranked, in its order
    statements = raeder2012.ranking_statements(k)
    folds = pd.concat([pd.read_csv(f) for f in sm.input.chunks], ignore_index=True)
    metrics = [m for m in statements if m in folds.columns]
    keys = ["scheme", "classifier", "removed_percent"]
    per_dataset = folds.groupby(["dataset", *keys])[metrics].mean().reset_index()
    by_level = per_dataset.groupby(keys)[metrics].mean().reset_index()
    overall = by_level.groupby(["scheme", "classifier"])[metrics].mean().reset_index()
    means = pd.concat(
        [overall.assign(level="all"), by_level.rename(columns={"removed_percent": "level"})], ignore_index=True
    )
    means["level"] = means["level"].astype(str)
    table = rankings.ranking_table(means, metrics)
    tables.write_csv(table, sm.output.csv)

    levels = sorted(by_level["removed_percent"].unique())
    lo, hi = str(levels[0]), str(levels[-1])
    flips = rankings.flips(table, "all")
    moved = rankings.level_flips(table, lo, hi)
    at_all = table[table["level"] == "all"].set_index(["metric", "scheme"])
    schemes = list(dict.fromkeys(table["scheme"]))
    summary = pd.DataFrame(
        [
            {"metric": m, **{s: at_all.loc[(m, s), "ranking"] for s in schemes}, "paper (Sec. 3.2)": statements[m]}
            for m in metrics
        ]
    )
    scale = (
        "paper scale"
        if sm.params.profile == "paper"
        else f"{sm.params.profile.upper()} PROFILE: fewer scored folds, removal levels "
        + ", ".join(map(str, levels))
        + " % only; rankings with small gaps may differ at paper scale"
    )
    md = [
        f"# Raeder et al. 2012, Sec. 3.2: classifier rankings by metric and CV scheme ({scale})",
        "",
        f"Mean over {per_dataset['dataset'].nunique()} public datasets and all removal levels of "
        + (
            "each data set's mean over CV runs of the metric on the run's pooled test-fold scores"
            if sm.params.aggregation == "pooled"
            else "each data set's mean of the metric over test folds"
        )
        + "; best first (Brier: lowest first). Per-level rankings are in rankings.csv. "
        f"Readings: {sm.params.readings}.",
        "",
        tables.markdown_table(summary),
        f"## Rankings that flip (mean over levels): {len(flips)} pairs",
        "",
        tables.markdown_table(flips) if len(flips) else "none\n",
        f"## Winner at {lo} % vs {hi} % of positives removed: {len(moved)} changes",
        "",
        tables.markdown_table(moved) if len(moved) else "none\n",
    ]
    tables.write_text("\n".join(md), sm.output.md)

    evidence = Evidence({"summary": table, "per_dataset": per_dataset}, {"precision_k": k})
    claims = raeder2012.PAPER.evaluate("rankings", evidence, sm.params.profile)
    tables.write_csv(claims, sm.output.claims)
    log.info("%d ranking rows, %d flips, %d winner changes, %d claims", len(table), len(flips), len(moved), len(claims))
