"""Writing tables so that reruns are byte-identical and a failed write leaves no file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pandas as pd

FLOAT_FORMAT = "%.10g"


def write_csv(frame: pd.DataFrame, path: str | os.PathLike, *, exact: bool = False) -> None:
    """Write ``frame`` as CSV with a fixed float format (``exact``: each float's shortest repr that
    reads back as the same number, for a table whose reader computes on it as if in memory),
    atomically (temp file + rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False, newline="") as handle:
        tmp = Path(handle.name)
        try:
            frame.to_csv(handle, index=False, float_format=None if exact else FLOAT_FORMAT, lineterminator="\n")
        except BaseException:
            handle.close()
            tmp.unlink(missing_ok=True)
            raise
    os.replace(tmp, path)


def write_text(text: str, path: str | os.PathLike) -> None:
    """Write ``text`` atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def markdown_table(frame: pd.DataFrame) -> str:
    """A GitHub-flavoured Markdown table of ``frame`` (all cells as text; a missing cell is empty;
    a ``|`` inside a cell, as in "|ρ|", escaped so that it does not end the cell).

    Missing cells are blanked first: with pandas 3, ``astype(str)`` leaves NaN as a float."""
    cells = frame.astype(object).where(frame.notna(), "").astype(str).map(lambda text: text.replace("|", "\\|"))
    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    body = ["| " + " | ".join(row) + " |" for row in cells.itertuples(index=False)]
    return "\n".join([header, rule, *body]) + "\n"


def markdown_report(title: str, caption: str, table, lines: list[str]) -> str:
    """A report's Markdown page up to its notes: the title, the caption, the table (a DataFrame or
    a list of row dicts: :func:`markdown_table`) and its "In words" lines."""
    frame = table if isinstance(table, pd.DataFrame) else pd.DataFrame(table)
    return f"# {title}\n\n{caption}\n\n" + markdown_table(frame) + "\n## In words\n\n" + "\n".join(lines)
