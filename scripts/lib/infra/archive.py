"""Reproduction archive: one deterministic tarball with everything needed to rebuild the numbers.

Contents (under one top folder ``reproduction-<profile>/``):

* the code -- tracked files of the git checkout (``git ls-files``), or, outside a checkout, the
  workflow parts (:data:`CODE_PARTS`); ``PROVENANCE.json`` records the commit and whether the
  working tree differed from it (``dirty``: modified tracked files; ``untracked``: new files);
  with both empty, the code is exactly the commit;
* ``config.used.yaml`` -- the run's complete configuration (``data.mirror`` reset to
  ``data/mirror``, the archive's own mirror folder);
* the pinned environment -- ``envs/`` from the code, plus ``environment.txt`` (the interpreter and
  every installed distribution of the run, sorted);
* ``data/CHECKSUMS.tsv`` -- every file of every public registry dataset: sha256, size, licence
  and whether the archive carries it; the carried files in ``data/mirror/<path>``, laid out like
  the shared mirror so that the rebuild can use it as ``data.mirror``;
* ``archived/results/`` (artifacts, study tables, scorecard, report: the run's ``results/``, kept
  apart so that a rebuild writes a fresh ``results/`` to compare with) and ``REBUILD.md``;
* ``ro-crate-metadata.json`` and ``rulegraph.dot`` -- the archive described as a Workflow RO-Crate,
  with the run and every claim's provenance (:mod:`lib.infra.crate`);
* ``MANIFEST.sha256`` -- sha256 of every other file of the archive.

Which raw files are carried (:func:`redistributable`) is decided from the registry's licence
field alone: only a licence that names an open licence permitting redistribution (Creative
Commons BY family, CC0, public domain, GPL/MIT/BSD/Apache for data) qualifies. "No licence
file" means all rights reserved by default, so those files are not carried: the archive holds
their checksums, and the rebuild copies them from a mirror (``scripts/tools/fill_mirror.py``) or lets
the workflow download them; either way they are verified against the pinned sha256.

The tarball is deterministic: members sorted, mtime fixed (:data:`EPOCH`), owner root, modes
0644/0755, gzip header without name or time. No Snakemake in here.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import platform
import re
import subprocess
import sys
import tarfile
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path

from ..data import acquisition, datasets

# 2000-01-01T00:00:00Z: a fixed member mtime, so that identical inputs give an identical tarball.
EPOCH = 946684800
CODE_PARTS = [
    "Snakefile",
    "Makefile",
    "README.md",
    "LICENSE",
    "CITATION.cff",
    ".zenodo.json",
    "CHANGELOG.md",
    "pytest.ini",
    "pyproject.toml",
    "workflow",
    "scripts",
    "config",
    "envs",
    "tests",
    "data/README.md",
    ".ci",
]
_SKIP = re.compile(r"(^|/)(__pycache__|\.pytest_cache|\.snakemake|\.venv)(/|$)|\.pyc$")
_OPEN_LICENCE = re.compile(r"\bCC[ -]?BY\b|\bCC0\b|public domain|\b(GPL|MIT|BSD|Apache)\b", re.IGNORECASE)


def redistributable(licence: str) -> bool:
    """True when a registry licence field names an open licence that permits redistribution."""
    return bool(_OPEN_LICENCE.search(licence)) and "not public" not in licence.lower()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def git_provenance(root: Path) -> dict:
    """Commit and dirty files of the checkout at ``root``; ``{"commit": None}`` outside git."""

    def git(*args):
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout

    try:
        top = Path(git("rev-parse", "--show-toplevel").strip()).resolve()
        if top != root.resolve():  # a copy of the workflow inside some other repository
            return {"commit": None, "note": f"{root} is not the top of a git checkout"}
        commit = git("rev-parse", "HEAD").strip()
        dirty = sorted(line[3:] for line in git("status", "--porcelain", "--untracked-files=no").splitlines())
        untracked = sorted(n for n in git("ls-files", "--others", "--exclude-standard").splitlines() if n)
    except (OSError, subprocess.CalledProcessError):
        return {"commit": None, "note": "not a git checkout"}
    return {"commit": commit, "dirty": dirty, "untracked": untracked}


def code_files(root: Path, in_git: bool) -> list[str]:
    """Relative paths of the code: in a git checkout its tracked files plus untracked ones that
    are not ignored (both listed in PROVENANCE.json), else :data:`CODE_PARTS`."""
    if not (root / "Snakefile").is_file():
        raise FileNotFoundError(
            f"no Snakefile in {root}: the archive packs the workflow's code from a local folder (a clone, "
            "or a module given by a local path), not from a git-hosted module; run it from a clone"
        )
    if in_git:
        out = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True,
            check=True,
        ).stdout
        names = [n for n in out.decode().split("\0") if n]
    else:
        names = []
        for part in CODE_PARTS:
            path = root / part
            if path.is_file():
                names.append(part)
            elif path.is_dir():
                names += [str(p.relative_to(root)) for p in path.rglob("*") if p.is_file()]
    return sorted(n for n in names if not _SKIP.search(n) and (root / n).is_file())


def environment_text() -> str:
    """The interpreter and every installed distribution (name==version, sorted)."""
    dists = sorted(
        {f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions() if d.metadata["Name"]}, key=str.lower
    )
    python = f"{platform.python_version()} ({sys.implementation.name})"
    head = f"# python {python} on {platform.system()} {platform.machine()}\n"
    return head + "\n".join(dists) + "\n"


def data_rows(raw_root: Path) -> list[dict]:
    """One row per file of every public registry dataset; ``carried`` when the licence allows it
    and the run verified the file (``data/raw/<name>/.verified``)."""
    rows = []
    for name in datasets.names(public=True):
        ds = datasets.get(name)
        verified = (raw_root / name / acquisition.MARKER).is_file()
        for f in ds.files:
            local = raw_root / name / f.filename
            carried = verified and local.is_file() and redistributable(ds.licence) and f.sha256 is not None
            rows.append(
                {
                    "dataset": name,
                    "path": f.path,
                    "sha256": f.sha256 or "unpinned",
                    "bytes": f.size if f.size is not None else "",
                    "licence": ds.licence,
                    "used": "yes" if verified else "no",
                    "carried": "yes" if carried else "no",
                    "url": f.sources[0].url if f.sources else "",
                    "_local": local if carried else None,
                }
            )
    return rows


def checksums_tsv(rows: Iterable[Mapping]) -> str:
    cols = ["dataset", "path", "sha256", "bytes", "used", "carried", "licence"]
    lines = ["\t".join(cols)] + ["\t".join(str(r[c]) for c in cols) for r in rows]
    return "\n".join(lines) + "\n"


def manifest(members: Mapping[str, bytes]) -> str:
    """``sha256  path`` per member (sorted), the format of ``sha256sum -c``."""
    return "".join(f"{sha256_bytes(data)}  {name}\n" for name, data in sorted(members.items()))


def write_tarball(out: Path, top: str, members: Mapping[str, bytes], executable: set[str] = frozenset()) -> None:
    """Write ``members`` (archive path -> bytes) under ``top/`` as a deterministic .tar.gz; the
    bytes go to a temporary file that is renamed into place, so no half-written archive remains."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    try:
        with (
            open(tmp, "wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz,
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
        ):
            dirs = sorted({str(Path(name).parent) for name in members} - {"."})
            dirs = sorted({p for d in dirs for p in [str(q) for q in [Path(d), *Path(d).parents]] if p != "."})
            for d in dirs:
                info = tarfile.TarInfo(f"{top}/{d}")
                info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, EPOCH
                tar.addfile(info)
            for name in sorted(members):
                data = members[name]
                info = tarfile.TarInfo(f"{top}/{name}")
                info.size, info.mtime = len(data), EPOCH
                info.mode = 0o755 if name in executable else 0o644
                tar.addfile(info, io.BytesIO(data))
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def rebuild_text(profile: str, rows: list[dict]) -> str:
    missing = sum(r["carried"] == "no" and r["used"] == "yes" for r in rows)
    return f"""# Rebuilding this reproduction ({profile} profile)

1. Check the files: `sha256sum -c MANIFEST.sha256` (every file except the manifest itself).
2. Create the environment: `python3 -m venv .venv && .venv/bin/pip install -r envs/requirements.txt`
   (or `conda env create -f envs/environment.yaml`); `environment.txt` lists what the run had.
3. Raw data: `data/mirror/` carries the files whose licence allows redistribution. The other
   {missing} file(s) the run used (see `data/CHECKSUMS.tsv`, column `carried`) are not
   redistributable: copy them from a mirror with
   `python scripts/tools/fill_mirror.py /path/to/mirror` (checks every sha256), or let the workflow
   download them from their canonical sources (network needed; verified against the same sha256).
4. Rebuild: `snakemake --cores 2 --configfile config.used.yaml` (offline once data/mirror is
   complete), then compare: `diff -r archived/results results` -- every file is byte-identical
   except `report.html`, which a rebuild does not make (`snakemake --report results/report.html`).

Code: see `PROVENANCE.json` for the git commit (and whether the working tree differed from it).
What the archive holds, the run and every claim's provenance (rule, settings, seed entropies,
inputs with sha256, the source lines of its check): `ro-crate-metadata.json`, a Workflow RO-Crate.
"""
