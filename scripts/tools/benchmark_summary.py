"""Where a run's time went (not a rule): per study, the jobs, their summed wall and CPU time and the
longest job, from the files of Snakemake's ``benchmark:`` directive.

    .venv/bin/python scripts/tools/benchmark_summary.py benchmarks [--by-rule]

``benchmarks/<study>/...`` holds a study's jobs, ``benchmarks/<paper>/...`` the artifact jobs
(plots, tables, claims) and ``benchmarks/data/`` the dataset copies. Wall time summed over jobs
is not the run's wall time when jobs run in parallel; the run's wall time is the caller's
measurement (``/usr/bin/time``). CPU is Snakemake's ``cpu_time`` column (user + system seconds of
the job's processes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lib.papers.catalog import KEYS as PAPERS  # noqa: E402


def job_table(folder: Path) -> pd.DataFrame:
    """One row per benchmark file: group (study, ``artifacts`` or ``data``), job path, wall, CPU."""
    rows = []
    for path in sorted(folder.rglob("*.tsv")):
        relative = path.relative_to(folder)
        table = pd.read_csv(path, sep="\t")
        if table.empty:
            continue
        top = relative.parts[0]
        rows.append(
            {
                "group": "artifacts" if top in PAPERS else top,
                "job": str(relative.with_suffix("")),
                "wall_s": float(table["s"].iloc[-1]),
                "cpu_s": float(pd.to_numeric(table["cpu_time"], errors="coerce").fillna(0).iloc[-1]),
            }
        )
    if not rows:
        raise SystemExit(f"no benchmark files under {folder}; run snakemake first (rules write benchmarks/)")
    return pd.DataFrame(rows)


def summary(jobs: pd.DataFrame) -> pd.DataFrame:
    """Per group: jobs, summed wall and CPU minutes, the longest job and its wall minutes."""
    longest = jobs.loc[jobs.groupby("group")["wall_s"].idxmax(), ["group", "job", "wall_s"]]
    table = jobs.groupby("group").agg(jobs=("job", "size"), wall_min=("wall_s", "sum"), cpu_min=("cpu_s", "sum"))
    table[["wall_min", "cpu_min"]] /= 60
    table = table.join(longest.set_index("group").rename(columns={"job": "longest_job", "wall_s": "longest_min"}))
    table["longest_min"] /= 60
    return table.sort_values("cpu_min", ascending=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmarks", type=Path)
    args = parser.parse_args(argv)
    table = summary(job_table(args.benchmarks))
    with pd.option_context("display.width", 200, "display.max_colwidth", 70):
        print(table.round(1).to_string())
    print(
        f"total: {int(table.jobs.sum())} jobs, {table.wall_min.sum():.1f} job-min wall, "
        f"{table.cpu_min.sum():.1f} CPU-min"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
