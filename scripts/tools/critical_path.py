"""Estimate (not a rule, not a test): the wall time of a DAG on P cores, by list scheduling over
measured job times -- the question "how long would `make figures` take on 2, 16, 128 cores?".

    .venv/bin/python scripts/tools/critical_path.py --benchmarks benchmarks \
        --costs results/benchmarks/permutation_costs.csv --cores 2 16 128

Jobs and their times:
* ``--benchmarks``: every ``*.tsv`` of Snakemake's ``benchmark:`` directive under that folder
  (the ``s`` column: wall seconds of the job as it ran). Jobs under ``benchmarks/permutation/``
  are left out when ``--costs`` is given (they are estimated instead).
* ``--costs``: the CSV of ``scripts/tools/measure_permutation_costs.py`` (CPU s per randomised
  data set and per original CV); with the paper config's chunk plan
  (``lib.core.chunks``), each (data set, classifier, test, range) job costs
  ``overhead + size * seconds_per_randomization`` and each original job
  ``overhead + repetitions * seconds_per_original_cv``.

Model: two phases, as the DAG has them -- study jobs (independent of each other; the data
downloads are already in the mirror) then artifact jobs (``benchmarks/<paper>/``), each phase
scheduled longest-job-first onto P identical cores (LPT list scheduling, within 4/3 of the
optimum). The critical path is the longest study job plus the longest artifact job: the wall
time with unlimited cores.
"""

from __future__ import annotations

import argparse
import heapq
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402
import yaml  # noqa: E402
from snakemake.utils import update_config  # noqa: E402

from lib.core import chunks  # noqa: E402
from lib.papers.catalog import KEYS as PAPERS  # noqa: E402


def benchmark_jobs(folder: Path, skip_permutation: bool) -> pd.DataFrame:
    rows = []
    for tsv in sorted(folder.rglob("*.tsv")):
        rel = tsv.relative_to(folder)
        if skip_permutation and rel.parts[0] == "permutation":
            continue
        seconds = float(pd.read_csv(tsv, sep="\t")["s"].iloc[-1])
        rows.append(
            {
                "job": str(rel.with_suffix("")),
                "seconds": seconds,
                "phase": "artifact" if rel.parts[0] in PAPERS else "study",
            }
        )
    return pd.DataFrame(rows)


def permutation_jobs(costs: pd.DataFrame, config: dict, overhead: float) -> pd.DataFrame:
    uci = config["permutation"]["uci"]
    rows = []
    for (dataset, clf), part in costs.groupby(["dataset", "classifier"]):
        size = chunks.randomizations_per_job(uci.get("randomizations_per_job"), clf, dataset)
        rows.append(
            {
                "job": f"permutation/uci/{dataset}/{clf}_original",
                "phase": "study",
                "seconds": overhead + uci["repetitions"] * float(part["seconds_per_original_cv"].iloc[0]),
            }
        )
        for row in part.itertuples():
            for start, stop in chunks.chunk_ranges(chunks.randomizations_of(uci, clf, dataset), size):
                rows.append(
                    {
                        "job": f"permutation/uci/{dataset}/{clf}_test{row.test}_r{start}-{stop}",
                        "phase": "study",
                        "seconds": overhead + (stop - start) * row.seconds_per_randomization,
                    }
                )
    return pd.DataFrame(rows)


def makespan(seconds, cores: int) -> float:
    """Longest-processing-time-first list scheduling onto ``cores`` identical cores."""
    finish = [0.0] * cores
    for s in sorted(seconds, reverse=True):
        heapq.heappush(finish, heapq.heappop(finish) + s)
    return max(finish) if finish else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benchmarks", type=Path, nargs="*", default=[Path("benchmarks")])
    ap.add_argument("--costs", type=Path, nargs="*", default=[])
    ap.add_argument("--config", type=Path, default=Path("config/config.yaml"))
    ap.add_argument(
        "--overlay",
        type=Path,
        nargs="*",
        default=[],
        help="with --costs: config overlays merged over --config, as --configfile does, for the chunk plan "
        "(e.g. config/reduced_smo.yaml)",
    )
    ap.add_argument("--overhead", type=float, default=2.5, help="s per job: interpreter, imports, data load")
    ap.add_argument("--cores", type=int, nargs="*", default=[2, 16, 128])
    args = ap.parse_args()
    if args.overlay and not args.costs:
        # measured jobs are scheduled as they ran; an overlay can only change the estimated ones
        ap.error("--overlay changes the chunk plan of the --costs estimate; give --costs too")
    parts = [benchmark_jobs(folder, skip_permutation=bool(args.costs)) for folder in args.benchmarks]
    if args.costs:
        costs = pd.concat([pd.read_csv(p) for p in args.costs], ignore_index=True)
        config = yaml.safe_load(args.config.read_text())
        for overlay in args.overlay:
            update_config(config, yaml.safe_load(overlay.read_text()))
        parts.append(permutation_jobs(costs, config, args.overhead))
    jobs = pd.concat(parts, ignore_index=True).drop_duplicates("job", keep="last")
    study, artifact = (jobs[jobs.phase == p]["seconds"].to_numpy() for p in ("study", "artifact"))
    print(f"{len(jobs)} jobs, {jobs.seconds.sum() / 3600:.2f} CPU h in jobs; longest:")
    print(jobs.nlargest(8, "seconds").to_string(index=False))
    print(f"critical path (unlimited cores): {(study.max() + artifact.max()) / 60:.1f} min")
    for p in args.cores:
        wall = makespan(study, p) + makespan(artifact, p)
        print(
            f"{p:4d} cores: {wall / 60:7.1f} min wall (study {makespan(study, p) / 60:.1f} + "
            f"artifacts {makespan(artifact, p) / 60:.1f})"
        )


if __name__ == "__main__":
    main()
