"""LICENSE and CITATION.cff: present, and CITATION.cff valid against the Citation File Format 1.2.0
schema (the schema cffconvert --validate uses; vendored, since this machine may be offline)."""

import json
from pathlib import Path

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "tests" / "data" / "schemas" / "citation-file-format-1.2.0.schema.json"


def test_citation_cff_is_valid():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    jsonschema.validate(citation, json.loads(SCHEMA.read_text()))  # raises with the offending path


def test_citation_names_the_four_papers_and_the_licence():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    titles = {r["title"] for r in citation["references"]}
    assert len(titles) == 4 and any("Permutation Tests" in t for t in titles)
    assert citation["license"] == "MIT" and "MIT License" in (ROOT / "LICENSE").read_text()


def test_an_invalid_citation_is_rejected():
    bad = {"cff-version": "1.2.0", "message": "x", "title": "t", "authors": [{"family-names": 3}]}
    try:
        jsonschema.validate(bad, json.loads(SCHEMA.read_text()))
    except jsonschema.ValidationError:
        return
    raise AssertionError("the schema accepted an author whose family-names is a number")
