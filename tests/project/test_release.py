"""The release: one version in CITATION.cff and CHANGELOG.md (Keep a Changelog, the newest release
first), and the Snakemake workflow catalog's usage file in its documented shape."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_citation_and_changelog_name_the_same_version():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert releases, "CHANGELOG.md: no release heading `## [x.y.z] - YYYY-MM-DD`"
    assert (citation["version"], citation["date-released"]) == releases[0]
    assert re.fullmatch(r"0\.\d+\.\d+", citation["version"])  # 0.x.y: config keys may still change


def test_changelog_keeps_an_unreleased_section_above_the_releases():
    headings = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert headings[0] == "Unreleased" and len(headings) >= 2


def test_catalog_usage_file_has_the_documented_keys():
    usage = yaml.safe_load((ROOT / ".snakemake-workflow-catalog.yml").read_text())["usage"]
    assert set(usage) == {"mandatory-flags", "software-stack-deployment", "report"}
    assert set(usage["mandatory-flags"]) == {"desc", "flags"} and usage["mandatory-flags"]["desc"]
    assert usage["software-stack-deployment"] == {"conda": True} and usage["report"] is True
    # the catalog's standardized usage also asks for configuration instructions here
    assert (ROOT / "config" / "README.md").is_file()
