"""Measure (not a rule, not a test): the fixed cost every job pays before it computes anything --
the imports of its rule script -- and, with ``--parse``, the cost of parsing the Snakefile.

    .venv/bin/snakemake -n --quiet rules > /tmp/jobs.txt     # the job count of every rule
    .venv/bin/python scripts/tools/measure_imports.py --jobs /tmp/jobs.txt --parse [ROOT ...]

For every rule script ``scripts/*.py`` (``scripts/artifact.py`` once per paper, with that paper's
view module ``lib.views.<paper>``, which is what it imports for that paper's artifacts), a fresh
interpreter runs the script's top-level import statements from ``scripts/`` as the working
directory, as a job does; each is timed twice: by the interpreter's own ``-X importtime`` (wall
time, the sum over the modules imported at top level) and by the process CPU time around the
imports, which the other work on a shared machine disturbs less. Each figure is the best of
``--repeat`` runs.

Several ROOTs (checkouts of this repository, default: this one) are compared side by side, their
runs interleaved (round by round, root by root), so that a change of load hits every variant alike.
With ``--jobs`` (the output of ``snakemake -n --quiet rules``) every script is weighted by its number
of jobs (a rule's script: ``scripts/<rule>.py``, ``dataset_<name>`` -> ``dataset_fetch.py``,
``<study>_<paper>_<artifact>`` -> ``artifact.py`` with that paper's views; docs/architecture.md) and
the table ends with the seconds a whole run spends on imports. ``--parse`` adds the dry run
``snakemake -n --quiet rules`` in each root (its own CPU time and wall time, best of ``--repeat``).
"""

from __future__ import annotations

import argparse
import ast
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MARK = "--- imports start ---"
COUNT_LINE = re.compile(r"^(\S+)\s+(\d+)$")


@dataclass(frozen=True)
class Target:
    """One measured import set: a rule script (``paper`` set for the artifact script's per-paper views)."""

    script: str
    paper: str | None = None

    @property
    def label(self) -> str:
        return f"{self.script}[{self.paper}]" if self.paper else self.script


def papers(root: Path) -> list[str]:
    """The papers of ``root``'s catalog (the first argument of each ``PaperRow`` in
    lib/papers/catalog.py, read, not imported: the root measured need not be the one imported) and
    the ``yours`` target: every view module."""
    tree = ast.parse((root / "scripts/lib/papers/catalog.py").read_text())
    rows = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "PaperRow"]
    return sorted([*(row.args[0].value for row in rows), "yours"])


def targets(root: Path) -> list[Target]:
    found = []
    for path in sorted((root / "scripts").glob("*.py")):
        if path.name == "artifact.py":
            found.extend(Target(path.name, paper) for paper in papers(root))
        else:
            found.append(Target(path.name))
    return found


def import_code(root: Path, target: Target) -> str:
    """The script's top-level import statements (plus the paper's view module for the artifact script)."""
    tree = ast.parse((root / "scripts" / target.script).read_text())
    lines = [ast.unparse(node) for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    if target.paper:
        lines.append(f"import lib.views.{target.paper}")
    return "\n".join(lines)


def measure_once(root: Path, code: str) -> tuple[float, float]:
    """(CPU seconds, importtime seconds) of running ``code`` in a fresh interpreter from ``scripts/``."""
    program = (
        "import sys, time\n"
        f"sys.stderr.write({MARK!r} + '\\n'); sys.stderr.flush()\n"
        "_start = time.process_time()\n"
        f"{code}\n"
        "sys.stdout.write(repr(time.process_time() - _start))\n"
    )
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", program],
        cwd=root / "scripts",
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode:
        raise RuntimeError(f"imports failed in {root}:\n{code}\n{run.stderr[-2000:]}")
    after = run.stderr.split(MARK, 1)[1]
    microseconds = 0
    for line in after.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if cumulative.strip().isdigit() and not name[1:].startswith(" "):  # a module imported at top level
            microseconds += int(cumulative)
    return float(run.stdout), microseconds / 1e6


def measure_parse(root: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``snakemake -n --quiet rules`` in ``root``."""
    snakemake = Path(sys.executable).parent / "snakemake"
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([str(snakemake), "-n", "--quiet", "rules"], cwd=root, capture_output=True, check=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def job_counts(path: Path, known: set[str], all_papers: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Jobs per target label from ``snakemake -n --quiet rules`` output, and the rules with no script."""
    counts: dict[str, int] = {}
    unmapped: dict[str, int] = {}
    seen = set()
    for line in path.read_text().splitlines():
        match = COUNT_LINE.match(line.strip())
        if not match or match[1] in ("total", "rule") or match[1] in seen:  # the table is printed twice
            continue
        rule, jobs = match[1], int(match[2])
        seen.add(rule)
        parts = rule.split("_")
        if f"{rule}.py" in known:
            label = f"{rule}.py"
        elif rule.startswith("dataset_") and "dataset_fetch.py" in known:
            label = "dataset_fetch.py"
        elif len(parts) > 2 and parts[1] in all_papers:
            label = Target("artifact.py", parts[1]).label
        else:
            unmapped[rule] = jobs
            continue
        counts[label] = counts.get(label, 0) + jobs
    return counts, unmapped


def measure(roots: list[Path], labels: dict[str, Target], repeat: int, parse: bool):
    """Best (CPU s, importtime s) per (label, root), and best (CPU s, wall s) of the parse per root,
    over ``repeat`` rounds, each measuring every label in every root in turn."""
    best: dict[tuple[str, Path], tuple[float, float]] = {}
    parses: dict[Path, tuple[float, float]] = {}
    for _ in range(repeat):
        for label, target in labels.items():
            for root in roots:
                if (root / "scripts" / target.script).is_file():
                    run = measure_once(root, import_code(root, target))
                    best[label, root] = tuple(map(min, zip(best.get((label, root), run), run)))
        for root in roots if parse else ():
            run = measure_parse(root)
            parses[root] = tuple(map(min, zip(parses.get(root, run), run)))
    return best, parses


def table(roots: list[Path], labels, best, counts: dict[str, int] | None) -> list[str]:
    """The Markdown table: a row per label, a CPU and an importtime column per root, and with
    ``counts`` the jobs per label and a last row of seconds per run (jobs x seconds, summed)."""
    header = ["script", "jobs"] + [f"{r.name} {kind}" for r in roots for kind in ("CPU s", "importtime s")]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    totals = {root: [0.0, 0.0] for root in roots}
    for label in labels:
        jobs = (counts or {}).get(label, 0)
        cells = [label, str(jobs) if counts is not None else ""]
        for root in roots:
            seconds = best.get((label, root), (float("nan"), float("nan")))
            cells += [f"{v:.2f}" for v in seconds]
            if jobs:
                totals[root] = [t + jobs * v for t, v in zip(totals[root], seconds)]
        lines.append("| " + " | ".join(cells) + " |")
    if counts is not None:
        jobs = sum(counts.get(label, 0) for label in labels)
        cells = [f"**per run** ({jobs} jobs)", ""] + [f"{v:.0f}" for root in roots for v in totals[root]]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("roots", nargs="*", type=Path, default=[Path(__file__).resolve().parents[2]])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best counts")
    ap.add_argument("--jobs", type=Path, help="output of `snakemake -n --quiet rules`: weight scripts by jobs")
    ap.add_argument("--parse", action="store_true", help="also time `snakemake -n --quiet rules` in each root")
    ap.add_argument("--only", nargs="*", default=None, help="measure only these labels (e.g. artifact.py[raeder2012])")
    args = ap.parse_args()
    roots = [r.resolve() for r in args.roots]

    labels: dict[str, Target] = {}
    for root in roots:
        labels.update((t.label, t) for t in targets(root))
    scripts = {t.script for t in labels.values()}
    if args.only is not None:
        labels = {k: v for k, v in labels.items() if k in args.only}
    best, parses = measure(roots, labels, args.repeat, args.parse)
    counts, unmapped = job_counts(args.jobs, scripts, papers(roots[0])) if args.jobs else (None, {})
    print("\n".join(table(roots, labels, best, counts)))
    if unmapped:
        print("\nrules without a rule script (not counted): " + ", ".join(f"{r} ({n})" for r, n in unmapped.items()))
    if parses:
        times = "; ".join(f"{r.name} {cpu:.2f} s CPU, {wall:.2f} s wall" for r, (cpu, wall) in parses.items())
        print(f"\n`snakemake -n --quiet rules`: {times}")


if __name__ == "__main__":
    main()
