"""The environments agree: envs/environment.yaml pins exactly envs/requirements.txt (inline, since
Snakemake copies the yaml before conda reads it), the top-level lists are pinned at the resolved
versions, and the tests/lint set adds to the run-time set without repeating it."""

import re
from pathlib import Path

import yaml

ENVS = Path(__file__).resolve().parents[2] / "envs"


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            name, version = line.split("==")
            found[re.sub(r"[-_.]+", "-", name.lower())] = version
    return found


def test_conda_environment_pins_the_requirements_inline():
    env = yaml.safe_load((ENVS / "environment.yaml").read_text())
    (pip,) = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert not any(item.startswith("-") for item in pip), "no -r/-c: the file is copied before use"
    listed = {re.sub(r"[-_.]+", "-", n.lower()): v for n, v in (item.split("==") for item in pip)}
    assert listed == pins(ENVS / "requirements.txt")


def test_top_level_lists_are_resolved_at_their_pins():
    run, dev = pins(ENVS / "requirements.txt"), pins(ENVS / "dev-requirements.txt")
    for name, version in pins(ENVS / "requirements.in").items():
        assert run.get(name) == version, name
    for name, version in pins(ENVS / "dev-requirements.in").items():
        assert dev.get(name) == version, name
    assert not set(run) & set(dev), "the dev set repeats run-time packages"
    assert "-r requirements.txt" in (ENVS / "dev-requirements.txt").read_text()
