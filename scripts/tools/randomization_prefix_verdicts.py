"""How many randomisations decide a classifier's significance verdicts (not a rule): from a finished
run's UCI chunks (results/studies/permutation/uci), the mean p-value of every (data set, test) on
the first k randomisations, for several k, and how many verdicts at alpha differ from the full run's.

    .venv/bin/python scripts/tools/randomization_prefix_verdicts.py /path/to/run/results smo \
        --prefixes 100 200 300 500 --out docs/measurements/smo_randomizations.csv

Randomisation r has its own generator (``lib.studies.permutation.draw_randomizations``), so the
first k randomisations of a run are exactly what a run with ``reduced_randomizations: k`` computes:
this is the evidence behind ``config/reduced_smo.yaml``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lib.core import tables  # noqa: E402
from lib.evaluation import permutation_tests as pm  # noqa: E402


def null_errors(folder: Path, classifier: str, test: int) -> np.ndarray:
    """Errors of every randomisation of one (data set, classifier, test), in randomisation order,
    from its chunk files; fails unless the indices are exactly 0..k-1."""
    parts = [pd.read_csv(f) for f in sorted(folder.glob(f"{classifier}_test{test}_r*.csv"))]
    if not parts:
        raise FileNotFoundError(f"no {classifier} Test {test} chunks in {folder}")
    frame = pd.concat(parts, ignore_index=True).sort_values("index")
    if not np.array_equal(frame["index"].to_numpy(), np.arange(len(frame))):
        raise ValueError(f"{folder}: {classifier} Test {test} randomisations are not 0..k-1")
    return frame["error"].to_numpy()


def prefix_pvalues(results: Path, classifier: str, prefixes, alpha: float) -> pd.DataFrame:
    """One row per (data set, test): mean p over the original CV repetitions on the first k
    randomisations (column ``p<k>``, and ``p<full>``) and whether each verdict equals the full run's."""
    rows = []
    for folder in sorted(p for p in (results / "studies/permutation/uci").iterdir() if p.is_dir()):
        original = folder / f"{classifier}_original.csv"
        if not original.exists():
            continue
        orig = pd.read_csv(original).sort_values("index")["error"].to_numpy()
        for test in (1, 2):
            null = null_errors(folder, classifier, test)
            full = pm.pvalue(orig, null).mean()
            row = {"dataset": folder.name, "classifier": classifier, "test": test, "full": len(null)}
            for k in prefixes:
                if k > len(null):
                    raise ValueError(f"{folder.name}: {len(null)} randomisations, fewer than the prefix {k}")
                p = pm.pvalue(orig, null[:k]).mean()
                row[f"p{k}"] = round(float(p), 5)
                row[f"same_verdict{k}"] = bool((p <= alpha) == (full <= alpha))
            row["p_full"] = round(float(full), 5)
            rows.append(row)
    if not rows:
        raise FileNotFoundError(f"no {classifier} chunks under {results}/studies/permutation/uci")
    return pd.DataFrame(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", type=Path, help="a finished run's results/ folder")
    ap.add_argument("classifier", choices=["j48", "1nn", "nb", "smo"])
    ap.add_argument("--prefixes", type=int, nargs="+", default=[100, 200, 300, 500])
    ap.add_argument("--alpha", type=float, default=0.01)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    frame = prefix_pvalues(args.results, args.classifier, args.prefixes, args.alpha)
    print(frame.to_string(index=False))
    for k in args.prefixes:
        print(
            f"first {k}: {int((~frame[f'same_verdict{k}']).sum())} of {len(frame)} verdicts at alpha = "
            f"{args.alpha:g} differ from the full run's"
        )
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        tables.write_csv(frame, args.out)


if __name__ == "__main__":
    main()
