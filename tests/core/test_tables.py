"""Tests for lib.core.tables: deterministic, atomic CSV/text writing and Markdown tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from lib.core import tables


def test_write_csv_fixed_float_format_no_index_and_lf(tmp_path):
    frame = pd.DataFrame({"a": [1, 2], "x": [0.1 + 0.2, 1 / 3], "s": ["u", "v"]})
    path = tmp_path / "sub" / "dir" / "t.csv"  # parents are created
    tables.write_csv(frame, path)
    raw = path.read_bytes()
    assert raw == b"a,x,s\n1,0.3,u\n2,0.3333333333,v\n"
    assert b"\r" not in raw
    back = pd.read_csv(path)
    assert list(back.columns) == ["a", "x", "s"]
    np.testing.assert_allclose(back["x"], frame["x"], rtol=1e-9)


def test_write_csv_is_byte_identical_on_rewrite_and_leaves_no_temp(tmp_path):
    frame = pd.DataFrame({"v": np.random.default_rng(0).normal(size=20), "k": range(20)})
    path = tmp_path / "t.csv"
    tables.write_csv(frame, path)
    first = path.read_bytes()
    tables.write_csv(frame, path)
    assert path.read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_write_csv_nan_is_empty_field(tmp_path):
    path = tmp_path / "t.csv"
    tables.write_csv(pd.DataFrame({"a": [1.5, np.nan], "b": [1, 2]}), path)
    assert path.read_text() == "a,b\n1.5,1\n,2\n"


def test_failed_csv_write_keeps_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "t.csv"
    tables.write_csv(pd.DataFrame({"a": [1]}), path)
    old = path.read_bytes()

    def boom(self, *args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(pd.DataFrame, "to_csv", boom)
    with pytest.raises(RuntimeError, match="disk full"):
        tables.write_csv(pd.DataFrame({"a": [2]}), path)
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]
    # and no file at all when there was none before
    new = tmp_path / "new.csv"
    with pytest.raises(RuntimeError):
        tables.write_csv(pd.DataFrame({"a": [2]}), new)
    assert not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_write_text_atomic_and_utf8(tmp_path):
    path = tmp_path / "d" / "note.md"
    tables.write_text("héllo\nwörld\n", path)
    assert path.read_bytes() == "héllo\nwörld\n".encode()
    tables.write_text("second", path)
    assert path.read_text(encoding="utf-8") == "second"
    assert [p.name for p in path.parent.iterdir()] == ["note.md"]


def test_markdown_table_hand_case():
    frame = pd.DataFrame({"name": ["a", "b"], "n": [1, 20], "x": [0.5, 2.25]})
    assert tables.markdown_table(frame) == ("| name | n | x |\n|---|---|---|\n| a | 1 | 0.5 |\n| b | 20 | 2.25 |\n")


def test_markdown_table_with_missing_cells_renders_every_row():
    """ "all cells as text": a NaN / None cell must not break the table (it does with pandas 3,
    where ``astype(str)`` keeps missing values as float NaN)."""
    frame = pd.DataFrame({"name": ["a", None], "x": [0.5, np.nan]})
    lines = tables.markdown_table(frame).splitlines()
    assert len(lines) == 4
    assert lines[2] == "| a | 0.5 |"
    assert lines[3].startswith("| ") and lines[3].count("|") == 3


def test_markdown_table_empty_frame_has_header_only():
    out = tables.markdown_table(pd.DataFrame(columns=["p", "q"]))
    assert out == "| p | q |\n|---|---|\n"


def test_an_exact_csv_reads_back_the_very_numbers(tmp_path):
    values = np.array([2 / 150, 1 / 3, 0.1 + 0.2, 1e-17, 12345.678901234567])
    tables.write_csv(pd.DataFrame({"x": values}), tmp_path / "exact.csv", exact=True)
    tables.write_csv(pd.DataFrame({"x": values}), tmp_path / "fixed.csv")
    assert (pd.read_csv(tmp_path / "exact.csv")["x"].to_numpy() == values).all()
    assert not (pd.read_csv(tmp_path / "fixed.csv")["x"].to_numpy() == values).all()  # 10 significant digits


def test_markdown_table_escapes_a_pipe_inside_a_cell():
    text = tables.markdown_table(pd.DataFrame({"claim": ["error at high |ρ|"], "v": [1]}))
    row = text.splitlines()[2]
    assert row == "| error at high \\|ρ\\| | 1 |"
    # as many unescaped separators as the header: the row keeps its two cells
    assert row.replace("\\|", "").count("|") == text.splitlines()[0].count("|")
