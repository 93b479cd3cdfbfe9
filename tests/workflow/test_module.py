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


def test_a_config_of_only_the_users_section_and_a_relative_module_path_lint_and_build(tmp_path: Path):
    """The user's config holds only `yours:`; every other key takes the workflow's own value (the
    papers' scale). The module path is relative to the user's workflow/ folder, as docs/yours.md
    writes it, which `snakemake --lint` accepts (it rejects an absolute one)."""
    clone = copy_workflow(tmp_path / "repro")
    user = tmp_path / "mine"
    (user / "config").mkdir(parents=True)
    (user / "config/config.yaml").write_text(yaml.safe_dump({"yours": YOURS}, sort_keys=False))
    (user / "data").mkdir()
    shutil.copy(ROOT / "data/examples/imbalanced.csv", user / "data/rare.csv")
    (user / "workflow").mkdir()
    relative = os.path.relpath(clone / "workflow/Snakefile", user / "workflow")
    assert not Path(relative).is_absolute() and relative.startswith("..")
    (user / "workflow/Snakefile").write_text(USER_SNAKEFILE.format(snakefile=f'"{relative}"'))
    lint = snakemake(user, "--lint", check=False)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    (user / "workflow/Snakefile").write_text(USER_SNAKEFILE.format(snakefile=f'"{clone / "workflow/Snakefile"}"'))
    absolute = snakemake(user, "--lint", check=False)
    assert absolute.returncode != 0 and "Absolute path" in absolute.stdout + absolute.stderr
    (user / "workflow/Snakefile").write_text(USER_SNAKEFILE.format(snakefile=f'"{relative}"'))
    snakemake(user, "yours", "--cores", "2")
    assert_built(user)
    # the defaults are the workflow's own: the papers' scale, where the user's section is silent
    assert "10-fold" in (user / "results/yours/imbalance_rare.md").read_text()


def test_the_callers_config_is_checked_as_the_workflows_own(tmp_path: Path):
    user = user_repository(tmp_path / "mine", f'"{ROOT / "workflow/Snakefile"}"', simulated={"alpha": 1.5})
    proc = snakemake(user, "yours", "--cores", "1", check=False)
    assert proc.returncode != 0
    assert "Config error: config key 'simulated.alpha' must be < 1, got 1.5 (see workflow/schemas/" in proc.stderr
    assert not (user / "results").exists()


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.org", *args], cwd=cwd, check=True)


@pytest.mark.parametrize("ref", ["commit", "tag"])
def test_as_a_git_hosted_module_at_a_commit_or_a_tag(tmp_path: Path, monkeypatch, ref: str):
    """`github("<owner>/<repo>", path="workflow/Snakefile", commit=...)` (docs/yours.md's route: a
    commit pins the code; a release tag, as snakedeploy writes it, where the repository has one):
    Snakemake fetches the Snakefile, and the files the Snakefile asks for, from its bare clone of the
    repository in its source cache; the clone is seeded here, so nothing is downloaded."""
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

    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True, check=True).stdout
    pin = f'commit="{sha.strip()}"' if ref == "commit" else 'tag="v0.1.0"'
    user = user_repository(tmp_path / "mine", f'github("repro-org/repro", path="workflow/Snakefile", {pin})')
    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    snakemake(user, "yours", "--cores", "2", env=cache)
    assert_built(user)
    assert files_of(repo) == before
    # the code's paths in the cache are stable: a second run has nothing to do
    proc = snakemake(user, "yours", "--cores", "1", "--dry-run", env=cache)
    assert "Nothing to be done" in proc.stdout + proc.stderr
