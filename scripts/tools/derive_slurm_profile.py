"""Derive profiles/slurm/config.yaml (per-rule threads, mem_mb, runtime) from benchmark files.

    python scripts/tools/derive_slurm_profile.py BENCH_ROOT [BENCH_ROOT ...] [--out profiles/slurm/config.yaml]

Each BENCH_ROOT is the working directory of a run or its benchmarks/ folder (several runs are
pooled, e.g. a paper-scale run and a quick run). Which rule wrote which benchmark file comes
from a dry run of the whole paper-scale and quick DAGs (`snakemake --dry-run --forceall`), run
here with this interpreter; the sizing rule is in scripts/lib/infra/slurmprofile.py.
"""

import argparse
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib
from lib.infra import slurmprofile  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def dry_run(*args: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", "--dry-run", "--forceall", "--nolock", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(
            f"derive_slurm_profile: the dry run failed ({proc.stderr.strip().splitlines()[-1:]}); "
            "fix the workflow first (snakemake --dry-run)."
        )
    return proc.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "profiles/slurm/config.yaml")
    args = parser.parse_args()
    mapping = {
        **slurmprofile.benchmark_rules(dry_run()),
        **slurmprofile.benchmark_rules(dry_run("--configfile", "config/quick.yaml")),
    }
    rows, sources = defaultdict(list), []
    for root in args.roots:
        bench = root if root.name == "benchmarks" else root / "benchmarks"
        if not bench.is_dir():
            sys.exit(f"derive_slurm_profile: {bench} does not exist; pass a run's folder or its benchmarks/.")
        found = 0
        for tsv in sorted(bench.rglob("*.tsv")):
            rule = mapping.get(str(Path("benchmarks") / tsv.relative_to(bench)))
            if rule:
                rows[rule] += slurmprofile.read_benchmark(tsv)
                found += 1
        # the folder's own name only: a machine's absolute path does not belong in a committed profile
        sources.append(f"{bench.parent.name + '/' if bench.parent.name else ''}{bench.name} ({found} files)")
    resources = slurmprofile.derive(rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(slurmprofile.render_profile(resources, sources))
    print(f"{args.out}: {len(resources)} rules from {sum(len(v) for v in rows.values())} benchmark rows")


if __name__ == "__main__":
    main()
