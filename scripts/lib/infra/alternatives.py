"""Running a reading's alternatives: one nested Snakemake run per (reading, alternative).

The `readings` target (workflow/rules/readings.smk) shows every claim a reading touches under each of
the reading's alternatives (lib.core.readings). Study outputs are not keyed by reading, so an
alternative cannot share the main run's folders; instead each (reading, alternative) gets its own
working directory ``results/readings/<reading>/<alternative>/`` holding

* links to this checkout's code and config (``Snakefile``, ``workflow``, ``scripts``, ``config``,
  ``envs``): the nested run executes exactly the code of the main run;
* hard links (or copies) of the main run's verified raw data, so nothing is downloaded again;
* ``config.yaml``: the main run's resolved config, the readings scale (``readings.scale``) merged in,
  and the reading's config key(s) set to the alternative;
* its own ``.snakemake`` metadata, results, logs and benchmarks, so a rerun recomputes only what a
  code or config change touches, as in the main run.

The default alternative is run the same way, so every alternative of a reading is compared at the
same scale (a reading scale below the profile's changes the numbers, not the procedure).
"""
from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Mapping

import pandas as pd
import yaml

from ..core import readings as registry

CODE_PARTS = ("Snakefile", "workflow", "scripts", "config", "envs")
CONFIG_NAME = "config.yaml"


def merged(base: Mapping, overrides: Mapping) -> dict:
    """``base`` with ``overrides`` merged in, mappings key by key, every other value replaced."""
    out = copy.deepcopy(dict(base))
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merged(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def set_key(config: dict, dotted: str, value) -> None:
    """Set a dotted config key in place; every part but the last must exist (KeyError otherwise)."""
    *parents, last = dotted.split(".")
    node = config
    for part in parents:
        if part not in node:
            raise KeyError(f"config has no key {dotted!r} (missing {part!r})")
        node = node[part]
    node[last] = value


def selected(config: Mapping) -> list[registry.Reading]:
    """The readings the `readings` target compares: ``readings.include`` (default: all), registry order."""
    names = (config.get("readings") or {}).get("include") or list(registry.REGISTRY)
    unknown = sorted(set(names) - set(registry.REGISTRY))
    if unknown:
        raise KeyError(f"readings.include names unknown readings {unknown}; known: {sorted(registry.REGISTRY)}")
    return [r for r in registry.REGISTRY.values() if r.name in names]


def followed_keys(reading: registry.Reading) -> list[str]:
    """The config keys an alternative of ``reading`` sets. For a scenario reading, only the
    scenarios that follow the reading's default; a scenario pinned to another value on purpose
    (e.g. the per-trial half of Neville Fig. 1(a)'s side-by-side panel) keeps it."""
    if not reading.scenarios:
        return reading.config_keys()
    names = sorted({s for group in reading.scenarios.values() for s in group
                    if reading.scenario_defaults.get(s, reading.default) == reading.default})
    return [reading.key.format(scenario=s) for s in names]


def alternative_config(config: Mapping, reading: registry.Reading, value: str) -> dict:
    """The config of the nested run for ``reading = value``: the readings scale merged into
    ``config``, then the reading's followed keys set to ``value``."""
    if value not in reading.alternatives:
        raise ValueError(f"{reading.name} has no alternative {value!r}; allowed: {sorted(reading.alternatives)}")
    scale = (config.get("readings") or {}).get("scale") or {}
    out = merged(config, scale)
    for key in followed_keys(reading):
        set_key(out, key, value)
    return out


def artifacts(reading: registry.Reading) -> list[str]:
    """``<paper>/<artifact>`` whose claims the comparison shows; an artifact that itself shows the
    reading side by side (its own scenarios pin every alternative) is left out."""
    if not reading.scenarios:
        return list(reading.artifacts)
    return [a for a in reading.artifacts
            if any(reading.scenario_defaults.get(s, reading.default) == reading.default
                   for s in reading.scenarios.get(a, ()))]


def claims_targets(reading: registry.Reading) -> list[str]:
    """The claim files a nested run builds (paths relative to its working directory)."""
    return [f"results/{artifact}.claims.csv" for artifact in artifacts(reading)]


def link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def prepare(workdir: Path, code_root: Path, raw_data: Path, config: Mapping) -> Path:
    """Lay out a nested run's working directory (idempotent: existing results and metadata stay)."""
    workdir.mkdir(parents=True, exist_ok=True)
    for part in CODE_PARTS:
        link = workdir / part
        if not link.is_symlink():
            if link.exists():
                raise FileExistsError(f"{link} exists and is not a link to the code; remove {workdir} and rerun")
            link.symlink_to((code_root / part).resolve())
    raw = workdir / "data" / "raw"
    # hard links keep the main run's mtimes, so the nested run sees the data as up to date;
    # files already there (an earlier nested run) are left alone
    for src in sorted(p for p in raw_data.rglob("*") if p.is_file()) if raw_data.is_dir() else ():
        dst = raw / src.relative_to(raw_data)
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            link_or_copy(src, dst)
    text = yaml.safe_dump(dict(config), sort_keys=True)
    path = workdir / CONFIG_NAME
    if not path.is_file() or path.read_text() != text:  # unchanged config: unchanged file, no rerun
        path.write_text(text)
    return workdir


class AlternativeFailed(RuntimeError):
    """A nested run stopped; ``reason`` is the first error sentence its job logs give."""

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


def first_error(workdir: Path, fallback: str) -> str:
    """The first ``SomethingError: ...`` line of the nested run's job logs (the failed job's
    one-sentence error), newest log first; ``fallback`` when there is none."""
    logs = sorted((workdir / "logs").rglob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for log in logs:
        for line in log.read_text(errors="replace").splitlines():
            match = re.match(r"^(?:\w+\.)*\w*(?:Error|Exception): (.+)$", line.strip())
            if match:
                return match.group(1)
    return fallback


def run(workdir: Path, targets: list[str], cores: int, log_path: Path) -> None:
    """Run Snakemake in ``workdir`` on ``targets``; its output goes to ``log_path``. A failure raises
    AlternativeFailed naming the log and the failed job's error."""
    command = [sys.executable, "-m", "snakemake", "--cores", str(cores), "--configfile", CONFIG_NAME,
               "--nolock", "--rerun-incomplete", *targets]
    with open(log_path, "w") as log:
        proc = subprocess.run(command, cwd=workdir, stdout=log, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        tail = Path(log_path).read_text().splitlines()[-15:]
        reason = first_error(workdir, tail[-1] if tail else "no output")
        raise AlternativeFailed(f"the nested run in {workdir} failed (full output: {log_path}): {reason}", reason)


def not_run(claims: pd.DataFrame, reason: str) -> pd.DataFrame:
    """``claims`` (the main run's, for their rows) marked ``not run`` with the alternative's error:
    an alternative that cannot run is a finding to show, not a crash of the comparison."""
    return claims.assign(reproduced=f"alternative failed: {reason}", verdict="not run")
