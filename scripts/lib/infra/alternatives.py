"""Running a reading's alternatives: one nested Snakemake run per (reading, alternative).

The `readings` target (workflow/rules/readings.smk) shows every claim a reading touches under each of
the reading's alternatives (lib.core.readings). Study outputs are not keyed by reading, so an
alternative cannot share the main run's folders; instead each (reading, alternative) gets its own
working directory ``results/readings/<reading>/<alternative>/`` holding

* links to this checkout's code and config (``Snakefile``, ``workflow``, ``scripts``, ``config``,
  ``envs``): the nested run executes exactly the code of the main run;
* hard links (or copies) of the verified raw data, so nothing is downloaded again;
* a copy of a finished *source* run's results and Snakemake metadata, so that Snakemake's own
  rerun rules (a job reruns when its params, code or inputs change) recompute exactly the jobs
  whose params depend on the reading, and reuse every other result;
* ``config.yaml``: the source run's config with the reading's config key(s) set to the
  alternative; its own ``.snakemake`` metadata, results, logs and benchmarks.

The source run holds every reading at its default. Without a readings scale it is the main run
itself, finished before any copy is taken (so the default column is the main run's claims). With
one (``readings.scale``, config overrides merged into the profile to fit a time budget) it is a
nested *base* run at that scale in ``results/readings/_base/``, started empty: the main run may be
unfinished or at another scale, and a copy of a half-written result would pass for a finished one.
Every column of a reading is thus computed at one scale, from the same seeds wherever the reading
does not enter them.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pandas as pd
import yaml

from ..core import readings as registry

CODE_PARTS = ("Snakefile", "workflow", "scripts", "config", "envs")
CONFIG_NAME = "config.yaml"
#: The base run's folder under results/readings/ (not a reading name: those hold a dot).
BASE = "_base"
#: What of a source run is never copied: the readings' own folders (a run cannot contain itself)
#: and the HTML report (made by `snakemake --report`, not by a rule).
NOT_COPIED = ("readings", "stability", "report.html")


def set_key(config: dict, dotted: str, value) -> None:
    """Set a dotted config key in place; every part but the last must exist (KeyError otherwise)."""
    *parents, last = dotted.split(".")
    node = config
    for part in parents:
        if part not in node:
            raise KeyError(f"config has no key {dotted!r} (missing {part!r})")
        node = node[part]
    node[last] = value


def scale(config: Mapping) -> dict:
    """The readings scale (``readings.scale``), ``{}`` when there is none."""
    return dict((config.get("readings") or {}).get("scale") or {})


def selected(config: Mapping) -> list[registry.Reading]:
    """The readings the `readings` target compares: ``readings.include`` (default: all), registry order."""
    names = (config.get("readings") or {}).get("include") or list(registry.REGISTRY)
    unknown = sorted(set(names) - set(registry.REGISTRY))
    if unknown:
        raise KeyError(f"readings.include names unknown readings {unknown}; known: {sorted(registry.REGISTRY)}")
    return [r for r in registry.REGISTRY.values() if r.name in names]


def followed_keys(reading: registry.Reading, touched: Mapping[str, Mapping[str, list]]) -> list[str]:
    """The config keys an alternative of ``reading`` sets: its keys that some artifact depends on
    (``touched``: reading -> artifact -> its keys, ``lib.views.registry.readings_touched``). For a
    scenario reading, only the scenarios that follow the reading's default; a scenario pinned to
    another value on purpose (e.g. the per-trial half of Neville Fig. 1(a)'s side-by-side panel)
    keeps it."""
    keys = sorted({key for found in touched.get(reading.name, {}).values() for key in found})
    return [key for key in keys if reading.default_of(key) == reading.default]


def with_absolute_paths(config: Mapping, root: Path) -> dict:
    """``config`` with its file paths made absolute against ``root``: a nested run works in another
    folder, where a relative path (the data mirror, a user's network-set files) would miss. The
    ``yours`` section is left out: a nested run builds papers' claims, never the ``yours`` target,
    so its files need not be read (nor checked) there, and the nested config, a rule param, is the
    same with and without it."""
    out = copy.deepcopy(dict(config))
    out.pop("yours", None)

    def absolute(path):
        return str((root / path).resolve()) if path else path

    data = out.get("data") or {}
    if data.get("mirror"):
        data["mirror"] = absolute(data["mirror"])
    for spec in ((out.get("realnet") or {}).get("sets") or {}).values():
        for key in ("nodes", "edges"):
            if isinstance(spec, dict) and spec.get(key):
                spec[key] = absolute(spec[key])
    return out


def alternative_config(
    base: Mapping, reading: registry.Reading, value: str, touched: Mapping[str, Mapping[str, list]]
) -> dict:
    """The config of the nested run for ``reading = value``: ``base`` (the profile's config with the
    readings scale merged in, as ``snakemake.utils.update_config`` merges it in the rules file),
    then the reading's followed keys set to ``value``."""
    if value not in reading.alternatives:
        raise ValueError(f"{reading.name} has no alternative {value!r}; allowed: {sorted(reading.alternatives)}")
    out = copy.deepcopy(dict(base))
    for key in followed_keys(reading, touched):
        set_key(out, key, value)
    return out


def artifacts(reading: registry.Reading, touched: Mapping[str, Mapping[str, list]]) -> list[str]:
    """``<paper>/<artifact>`` whose claims the comparison shows: those that depend on ``reading``
    (``touched``, as :func:`followed_keys`); an artifact that itself shows the reading side by side
    (its own scenarios pin every alternative) is left out."""
    return [
        artifact
        for artifact, keys in touched.get(reading.name, {}).items()
        if all(reading.default_of(key) == reading.default for key in keys)
    ]


def claims_targets(readings: Iterable[registry.Reading], touched: Mapping[str, Mapping[str, list]]) -> list[str]:
    """The claim files of the readings' artifacts (paths relative to a run's working directory),
    each once, in registry order."""
    return list(dict.fromkeys(f"results/{artifact}.claims.csv" for r in readings for artifact in artifacts(r, touched)))


def link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _copy_tree(src: Path, dst: Path, skip: tuple[str, ...] = ()) -> None:
    """Copy ``src`` into ``dst`` (files with their mtimes, which Snakemake compares), leaving out
    the top-level entries named in ``skip``."""
    if not src.is_dir():
        return
    for entry in sorted(src.iterdir()):
        if entry.name in skip:
            continue
        if entry.is_dir():
            shutil.copytree(entry, dst / entry.name, dirs_exist_ok=True)
        else:
            dst.mkdir(parents=True, exist_ok=True)
            shutil.copy2(entry, dst / entry.name)


def prepare(workdir: Path, code_root: Path, raw_data: Path, config: Mapping, source: Path | None = None) -> Path:
    """Lay out a nested run's working directory: code links, raw data, config, and (when
    ``source`` is a finished run's folder) that run's results and Snakemake metadata.

    Results and metadata are replaced by fresh copies of the source's every time (copies, not
    links: a rerun job rewrites its outputs, which must not reach the source's files); raw data
    are hard-linked from ``raw_data`` (never rewritten; a link keeps the file's mtime, so it counts
    as up to date).
    """
    if not (code_root / "Snakefile").is_file():
        raise FileNotFoundError(
            f"no Snakefile in {code_root}: a nested run links the workflow's code from a local folder (a "
            "clone, or a module given by a local path), not from a git-hosted module; run it from a clone"
        )
    workdir.mkdir(parents=True, exist_ok=True)
    for part in CODE_PARTS:
        link = workdir / part
        if not link.is_symlink():
            if link.exists():
                raise FileExistsError(f"{link} exists and is not a link to the code; remove {workdir} and rerun")
            link.symlink_to((code_root / part).resolve())
    for stale in ("results", ".snakemake", "logs", "benchmarks"):
        shutil.rmtree(workdir / stale, ignore_errors=True)
    if source is not None:
        _copy_tree(source / "results", workdir / "results", skip=NOT_COPIED)
        _copy_tree(source / ".snakemake" / "metadata", workdir / ".snakemake" / "metadata")
    for src in sorted(p for p in raw_data.rglob("*") if p.is_file()) if raw_data.is_dir() else ():
        dst = workdir / "data" / "raw" / src.relative_to(raw_data)
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            link_or_copy(src, dst)
    (workdir / CONFIG_NAME).write_text(yaml.safe_dump(dict(config), sort_keys=True))
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
    command = [
        sys.executable,
        "-m",
        "snakemake",
        "--cores",
        str(cores),
        "--configfile",
        CONFIG_NAME,
        "--nolock",
        *targets,
    ]
    with open(log_path, "w") as log:
        proc = subprocess.run(command, cwd=workdir, stdout=log, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        tail = Path(log_path).read_text().splitlines()[-15:]
        reason = first_error(workdir, tail[-1] if tail else "no output")
        raise AlternativeFailed(f"the nested run in {workdir} failed (full output: {log_path}): {reason}", reason)


def read_claims(workdir: Path, targets: list[str]) -> pd.DataFrame:
    """The claim files ``targets`` of a run in ``workdir``, concatenated (every cell a string)."""
    return pd.concat([pd.read_csv(workdir / t, dtype=str, keep_default_na=False) for t in targets], ignore_index=True)


def not_run(claims: pd.DataFrame, reason: str) -> pd.DataFrame:
    """``claims`` (the source run's, for their rows) marked ``not run`` with the alternative's error:
    an alternative that cannot run is a finding to show, not a crash of the comparison."""
    return claims.assign(reproduced=f"alternative failed: {reason}", verdict="not run")
