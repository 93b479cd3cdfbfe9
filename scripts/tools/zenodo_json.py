"""Write .zenodo.json from CITATION.cff: one source of the citation metadata.

Zenodo's GitHub integration reads .zenodo.json when it exists and then ignores CITATION.cff, so the
two must say the same; CITATION.cff is the source and this tool derives the other::

    python scripts/tools/zenodo_json.py           # rewrite .zenodo.json
    python scripts/tools/zenodo_json.py --check   # exit 1 if .zenodo.json differs from CITATION.cff

``tests/tools/test_zenodo_json.py`` runs the check. The archive's RO-Crate reads CITATION.cff itself
(lib.infra.crate).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def person(entry: dict) -> dict:
    """A CITATION.cff author or reference author as a Zenodo creator ("Family, Given" or the name)."""
    name = entry.get("name") or ", ".join(filter(None, [entry.get("family-names"), entry.get("given-names")]))
    out = {"name": name}
    if entry.get("affiliation"):
        out["affiliation"] = entry["affiliation"]
    if entry.get("orcid"):
        out["orcid"] = entry["orcid"].rsplit("/", 1)[-1]
    return out


def reference(ref: dict) -> str:
    """One reference as Zenodo's free-text citation: authors (year). Title. Collection."""
    names = [
        a.get("name") or " ".join(filter(None, [a.get("given-names"), a.get("family-names")])) for a in ref["authors"]
    ]
    authors = ", ".join(names)
    where = ref.get("collection-title") or ref.get("journal") or ""
    return f"{authors} ({ref.get('year', 'n.d.')}). {ref['title']}." + (f" {where}." if where else "")


def zenodo(cff: dict) -> dict:
    """The .zenodo.json metadata of a parsed CITATION.cff."""
    out = {
        "title": cff["title"],
        "description": " ".join(str(cff.get("abstract", "")).split()),
        "upload_type": "software",
        "creators": [person(a) for a in cff["authors"]],
        "license": str(cff["license"]).lower(),  # Zenodo's licence ids are SPDX's, lower case
        "version": str(cff["version"]),
        "publication_date": str(cff["date-released"]),
        "keywords": list(cff.get("keywords", [])),
    }
    if cff.get("references"):
        out["references"] = [reference(r) for r in cff["references"]]
    return out


def text(cff_path: Path) -> str:
    return json.dumps(zenodo(yaml.safe_load(cff_path.read_text())), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    expected, target = text(ROOT / "CITATION.cff"), ROOT / ".zenodo.json"
    if args.check:
        if not target.is_file() or target.read_text() != expected:
            print(".zenodo.json differs from CITATION.cff: run python scripts/tools/zenodo_json.py", file=sys.stderr)
            return 1
        return 0
    target.write_text(expected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
