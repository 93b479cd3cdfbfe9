"""README's "How close we come" tallies are the stored per-claim table's (docs/measurements/verdicts.csv):
every number of that table in README comes from a stored table, and changes with it."""

from __future__ import annotations

import re

import pandas as pd

from conftest import ROOT
from lib.papers.claims import CLASSES

README = (ROOT / "README.md").read_text()
STORED = ROOT / "docs" / "measurements" / "verdicts.csv"


def readme_rows() -> dict[str, dict[str, int]]:
    """The tally table under "## How close we come": run -> class -> count."""
    section = README.split("## How close we come", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = {name: int(value) for name, value in zip(header[1:], cells[1:])}
    return rows


def stored_tallies() -> dict[str, dict[str, int]]:
    table = pd.read_csv(STORED, dtype=str, keep_default_na=False)
    runs = [c for c in table.columns if c not in ("id", "paper", "artifact", "claim", "paper_value")]
    out = {}
    for run in runs:
        classes = table[run].str.split(",").str[0]
        out[run] = {c: int((classes == c).sum()) for c in CLASSES if c != "not run"}
    return out


def test_readme_tallies_are_the_stored_tables():
    shown, stored = readme_rows(), stored_tallies()
    assert shown and set(shown) == set(stored)
    for run, counts in shown.items():
        assert counts == {c: stored[run][c] for c in counts}, run
        # the columns shown account for every claim the run judged
        judged = sum(v for c, v in stored[run].items())
        assert sum(counts.values()) == judged == int(re.search(r"of (\d+) claims", README).group(1))


def test_readme_stability_numbers_are_the_stored_three_seed_table():
    table = pd.read_csv(ROOT / "docs" / "measurements" / "stability_paper_scale.csv")
    assert (table["seeds"] == 3).all()
    passes, unstable = int((table["class"] == "pass").sum()), int((table["class"] == "unstable").sum())
    words = " ".join(README.split())  # wherever the lines break
    assert f"under three, {passes} claims pass every time and {unstable} are unstable" in words
