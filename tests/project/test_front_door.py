"""The front door: README is a short user's guide whose commands exist, and no file a user reads
carries a machine path, a commit hash or a dated log."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()
README = (ROOT / "README.md").read_text()

# Places a reader meets first; dated measurements belong in docs/measurements.md and study pages.
FRONT = ["README.md", "config/config.yaml", "config/quick.yaml", "config/reduced_smo.yaml", "config/smoke.yaml"]
FRONT += ["config/README.md", ".snakemake-workflow-catalog.yml", "Makefile"]
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|root|Users|tmp)/[\w.-]+")
COMMIT_HASH = re.compile(r"\b[0-9a-f]{12,40}\b")
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def _words(text: str) -> int:
    return len(re.sub(r"```.*?```", " ", text, flags=re.S).split())


def test_readme_is_short():
    assert _words(README) < 1200


def test_readme_names_the_ci_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in README and re.search(r"^make test$", ci, flags=re.M)


def test_readme_make_targets_exist():
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), flags=re.M))
    used = set(re.findall(r"(?<![\w-])make ([a-z][\w-]*)", README))
    assert used and used <= targets, used - targets


def test_readme_links_resolve():
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert links and all((ROOT / link).exists() for link in links if "://" not in link)


def test_front_files_have_no_machine_paths_hashes_or_dates():
    for name in FRONT:
        text = (ROOT / name).read_text()
        for pattern in (MACHINE_PATH, COMMIT_HASH, DATE):
            assert not pattern.search(text), f"{name}: {pattern.search(text).group(0)}"


def test_no_tracked_file_names_a_machine_path():
    # the data mirror and checkouts live somewhere on a developer's machine, never in the repository
    found = subprocess.run(
        # (this file is left out: its own patterns and examples name such paths)
        ["git", "grep", "-n", "-I", "-E", r"/work/(main|shared|paper)|/home/[a-z]+/", "--", ".", f":!{THIS}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if found.returncode == 128:  # not a git checkout (an unpacked archive): nothing to grep
        return
    assert found.stdout == "", found.stdout


def test_the_patterns_can_fail():
    assert MACHINE_PATH.search("MIRROR=/work/shared/data") and COMMIT_HASH.search("at a123c82d9e0f1")
    assert DATE.search("measured 2026-11-24") and _words("a " * 1300) >= 1200
