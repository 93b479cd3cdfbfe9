"""Several runs' scorecards side by side (not a rule): the verdict classes per run and every claim
whose verdict differs.

    .venv/bin/python scripts/tools/verdict_tallies.py default=results/scorecard.csv \
        literal=../literal/results/scorecard.csv --title "..." --out docs/measurements/verdicts.md

Writes the Markdown page (``--out``) and the per-claim table beside it (same name, ``.csv``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lib.core import tables  # noqa: E402
from lib.reporting import tallies  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="LABEL=path/to/scorecard.csv, in column order")
    parser.add_argument("--title", default="Verdicts of several runs")
    parser.add_argument("--notes", default="")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    cards = {}
    for run in args.runs:
        label, _, path = run.partition("=")
        if not path or not Path(path).is_file():
            parser.error(f"{run!r}: give LABEL=path to an existing scorecard.csv")
        cards[label] = pd.read_csv(path, dtype=str)
    tables.write_text(tallies.markdown(cards, args.title, args.notes), args.out)
    tables.write_csv(tallies.side_by_side(cards), args.out.with_suffix(".csv"))
    print(tallies.tallies(cards).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
