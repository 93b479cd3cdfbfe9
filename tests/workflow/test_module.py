"""The workflow as a Snakemake module of a user's own repository (docs/yours.md, "In your own
repository"): a folder outside the checkout with a Snakefile of a few lines (`module` + `use rule *
from ...`), its own config (the workflow's, quick-sized, with a `yours:` section) and its own data.
The `yours` artifacts land in that folder, nothing is written into the workflow's folder, and the
caller's config is checked as the workflow's own is. Twice: with the checkout given by its path, and
as `snakedeploy deploy-workflow <url> <folder> --tag v0.1.0` writes it (`github(...)`, served offline
from a git repository seeded into Snakemake's source cache). The cheapest `yours` artifact (one
binary data set, naive Bayes, two removal levels): about 15 s of Snakemake per build."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, copy_workflow, overlaid, snakemake

pytestmark = pytest.mark.workflow
ARTIFACTS = [f"results/yours/imbalance_rare.{kind}" for kind in ("md", "csv", "png", "pdf")]
# workflow/Snakefile of the user's repository, as snakedeploy's template writes it
USER_SNAKEFILE = """configfile: "config/config.yaml"


module repro:
    snakefile:
        {snakefile}
    config:
        config


use rule * from repro
"""
YOURS = {
    "datasets": {"rare": {"path": "data/rare.csv", "class": "outcome", "positive": "event", "drop": ["id"]}},
    "classifiers": ["nb"],
    "permutation": {"datasets": []},
    "imbalance": {"removed_percent": [0, 50], "tenfold_evaluated": 1, "fivebytwo_repeats": 1},
}
NOT_CODE = {".git", ".venv", "__pycache__", ".pytest_cache"}  # bytecode and numba caches may be written


def user_repository(folder: Path, snakefile: str, **changes) -> Path:
    """A user's repository: config/config.yaml (the workflow's, as snakedeploy copies it, with the
    quick profile merged in, a `yours` section and ``changes``), data/rare.csv, workflow/Snakefile."""
    config = overlaid(
        yaml.safe_load((ROOT / "config/config.yaml").read_text()),
        yaml.safe_load((ROOT / "config/quick.yaml").read_text()),
    )
    config = overlaid(config, {"yours": YOURS, **changes})
    (folder / "config").mkdir(parents=True)
    (folder / "config/config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    (folder / "data").mkdir()
    shutil.copy(ROOT / "data/examples/imbalanced.csv", folder / "data/rare.csv")
    (folder / "workflow").mkdir()
    (folder / "workflow/Snakefile").write_text(USER_SNAKEFILE.format(snakefile=snakefile))
    return folder


def files_of(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root`` but git's, the environment and Python's caches: path -> (mtime, size)."""
    found = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in NOT_CODE]
        for name in files:
            stat = (Path(folder) / name).stat()
            found[str((Path(folder) / name).relative_to(root))] = (stat.st_mtime_ns, stat.st_size)
    return found


def assert_built(user: Path) -> None:
    for path in ARTIFACTS:
        assert (user / path).stat().st_size > 0, path
    assert (user / "logs/yours/imbalance_rare.log").is_file()
    assert (user / "benchmarks/yours/imbalance_rare.tsv").is_file()
    assert "rare" in (user / "results/yours/imbalance_rare.md").read_text()


def test_a_module_by_path_builds_in_the_users_folder_and_writes_nothing_into_the_checkout(tmp_path: Path):
    before = files_of(ROOT)
    user = user_repository(tmp_path / "mine", f'"{ROOT / "workflow/Snakefile"}"')
    snakemake(user, "yours", "--cores", "2")
    assert_built(user)
    assert files_of(ROOT) == before


def test_the_callers_config_is_checked_as_the_workflows_own(tmp_path: Path):
    user = user_repository(tmp_path / "mine", f'"{ROOT / "workflow/Snakefile"}"', simulated={"alpha": 1.5})
    proc = snakemake(user, "yours", "--cores", "1", check=False)
    assert proc.returncode != 0
    assert "Config error: config key 'simulated.alpha' must be < 1, got 1.5 (see workflow/schemas/" in proc.stderr
    assert not (user / "results").exists()


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.org", *args], cwd=cwd, check=True)


def test_as_snakedeploy_writes_it_from_a_git_tag(tmp_path: Path, monkeypatch):
    """`github("<owner>/<repo>", path="workflow/Snakefile", tag=...)`: Snakemake fetches the Snakefile, and the
    files the Snakefile asks for, from its bare clone of the repository in its source cache; the
    clone is seeded here, so nothing is downloaded."""
    repo = copy_workflow(tmp_path / "repro")
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")
    git("init", "--quiet", cwd=repo)
    git("add", "--all", cwd=repo)
    git("commit", "--quiet", "--message", "the workflow", cwd=repo)
    git("tag", "v0.1.0", cwd=repo)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    from snakemake.common import get_appdirs

    clones = Path(get_appdirs().user_cache_dir) / "snakemake/source-cache/snakemake-git-cache"
    git("clone", "--quiet", "--bare", str(repo), str(clones / "github.com/repro-org/repro"), cwd=tmp_path)
    before = files_of(repo)

    user = user_repository(tmp_path / "mine", 'github("repro-org/repro", path="workflow/Snakefile", tag="v0.1.0")')
    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    snakemake(user, "yours", "--cores", "2", env=cache)
    assert_built(user)
    assert files_of(repo) == before
    # the code's paths in the cache are stable: a second run has nothing to do
    proc = snakemake(user, "yours", "--cores", "1", "--dry-run", env=cache)
    assert "Nothing to be done" in proc.stdout + proc.stderr
