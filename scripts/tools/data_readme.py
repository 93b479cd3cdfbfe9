"""Tables of data/README.md from the dataset catalogue (``scripts/lib/data/datasets.yaml``, read
into ``lib.data.datasets.REGISTRY``): one row per public data set (files with their sha256, sources
in download order, licence, citation, shape and class counts) and one per data set that is not
public. Not a rule: run it after changing the catalogue; ``tests/data/test_datasets.py`` fails while
the README's tables are out of date.

    .venv/bin/python scripts/tools/data_readme.py            # print both tables
    .venv/bin/python scripts/tools/data_readme.py --write    # rewrite the tables in data/README.md
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/, for lib
from lib.data import datasets  # noqa: E402

README = Path(__file__).resolve().parents[2] / "data" / "README.md"


def _shape_text(ds: datasets.Dataset) -> str:
    """The last column: shape and class counts (the paper's Table 1 row for a data set that is not
    public)."""
    if ds.kind == "not_public":
        row = ds.paper_table1
        return f"{row['examples']} x {row['features']}, minority {row['minority']} (paper)" if row else ""
    if ds.kind == "tabular":
        text = f"{ds.shape[0]} x {ds.shape[1]}; " + ", ".join(f"{k}: {v}" for k, v in ds.class_counts.items() if v)
        if ds.missing:
            text += f"; {ds.missing} missing"
        if ds.minority:
            text += f"; minority = {'+'.join(ds.minority)}"
        return text
    text = f"{ds.shape[0]} nodes, {ds.shape[1]} edges; " + ", ".join(f"{t}: {k}" for t, k in ds.task_counts.items())
    return text


def readme_table() -> str:
    """The Markdown table of data/README.md's section "Datasets", generated from the registry."""
    head = (
        "| dataset | used by | files (sha256) | source (download order) | licence | citation | shape / classes |\n"
        "|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for ds in datasets.REGISTRY.values():
        if not ds.public:
            continue
        files = "<br>".join(f"`{f.path}`{' (doc)' if f.doc else ''} `{f.sha256 or 'not pinned'}`" for f in ds.files)
        urls = []
        for f in ds.files:
            for s in f.sources:
                label = s.url + (f" [{s.member}]" if s.member else "") + (" (pinned)" if s.pinned else "")
                if label not in urls:
                    urls.append(label)
        sources = "<br>".join([f"page: {ds.homepage}"] + urls)
        lines.append(
            f"| `{ds.name}` ({ds.paper_name}) | {ds.used_by} | {files} | {sources} | "
            f"{ds.licence} | {ds.citation} | {_shape_text(ds)} |"
        )
    return head + "\n".join(lines) + "\n"


def not_public_table() -> str:
    """The Markdown table of data/README.md's section "Not public", generated from the registry."""
    head = "| dataset | used by | why it is not fetched | paper's size |\n|---|---|---|---|\n"
    return (
        head
        + "\n".join(
            f"| `{d.name}` ({d.paper_name}) | {d.used_by} | {d.notes} | {_shape_text(d)} |"
            for d in datasets.REGISTRY.values()
            if not d.public
        )
        + "\n"
    )


def rewrite(text: str) -> str:
    """``text`` (data/README.md) with each table replaced by its generated version: a table runs
    from its header line to the last line that starts with ``|``."""
    lines = text.splitlines(keepends=True)
    for table in (readme_table(), not_public_table()):
        first = table.splitlines(keepends=True)[0]
        start = lines.index(first)  # ValueError: the README lost the table's header line
        end = start
        while end < len(lines) and lines[end].startswith("|"):
            end += 1
        lines[start:end] = table.splitlines(keepends=True)
    return "".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help=f"rewrite the tables in {README}")
    args = ap.parse_args(argv)
    if args.write:
        README.write_text(rewrite(README.read_text()))
        print(f"wrote {README}")
    else:
        print(readme_table() + "\n" + not_public_table(), end="")


if __name__ == "__main__":
    main()
