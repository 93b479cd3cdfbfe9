"""scripts/tools/zenodo_json.py: .zenodo.json is derived from CITATION.cff and says the same."""

import json
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "tools"))

import zenodo_json  # noqa: E402


def test_zenodo_json_is_derived_from_citation_cff():
    proc = subprocess.run(
        [sys.executable, "scripts/tools/zenodo_json.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


def test_the_two_agree_field_by_field():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    zen = json.loads((ROOT / ".zenodo.json").read_text())
    assert zen["title"] == cff["title"] and zen["version"] == str(cff["version"])
    assert zen["publication_date"] == str(cff["date-released"]) and zen["license"] == cff["license"].lower()
    assert [c["name"] for c in zen["creators"]] == [a["name"] for a in cff["authors"]]
    assert zen["keywords"] == cff["keywords"] and len(zen["references"]) == len(cff["references"])


def test_a_person_is_family_comma_given_with_a_bare_orcid():
    entry = {"family-names": "Ojala", "given-names": "Markus", "orcid": "https://orcid.org/0000-0002-1825-0097"}
    assert zenodo_json.person(entry) == {"name": "Ojala, Markus", "orcid": "0000-0002-1825-0097"}
