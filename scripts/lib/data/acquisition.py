"""Acquisition of the catalogue's datasets: copy from a mirror folder or download, check, stage.

:func:`acquire` obtains every file of a dataset: it copies ``<mirror>/<file.path>`` when the
mirror folder holds it, otherwise downloads it from ``file.sources`` in order (canonical
publisher first where a direct file URL is known, then the raw file at the pinned commit of the
origin repository listed in ``shared/data/SOURCES.md``; archive members are extracted). The
bytes go to a temporary file in the destination folder; the sha256 is checked (every file is
pinned except Covtype's); then the whole dataset is parsed and its shape, class counts and
missing cells are compared with the catalogue (:func:`lib.data.datasets.verify`); only when
everything agrees are the temporary files renamed into place and the marker
``<dest>/<name>/.verified`` written. On any failure the temporary files are removed and
:class:`lib.data.datasets.DatasetError` is raised with one sentence naming the dataset, the
file, what was expected and what was found. A file found in the mirror that fails its checksum
is an error (it is not silently replaced by a download); a file missing from the mirror is
downloaded.

The sha256 values are those of the files as stored in the origin repositories at the pinned
commits (= the copies in ``shared/data``). A canonical publisher's file whose bytes differ (e.g.
other line endings) is rejected by the checksum and the next source is tried, so a verified
dataset always has exactly the pinned bytes. ``workflow/rules/data.smk`` runs :func:`acquire`
through ``scripts/dataset_fetch.py`` and declares :func:`raw_files` as the rule's outputs.

pooch 1.9.0 was not adopted (``scripts/tools/compare_data_libraries.py``): it fetches the 56
pinned files of the mirror and a zip and a tgz member byte for byte as this module does (served
over local HTTP), but it has no mirror folder (no ``file://``), one URL per file instead of an
ordered fallback checked per source, no all-or-nothing staging of a dataset's files, and it
silently re-downloads a cached copy that fails its sha256 (tried on uci/iris.arff), where a mirror
file failing its checksum is an error here.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath

from . import datasets
from .checksum import sha256_of

log = logging.getLogger("lib.data.acquisition")

MARKER = ".verified"
DEFAULT_TIMEOUT = 60.0
USER_AGENT = "classifier-eval-repro/1.0 (scripts/lib/data/acquisition.py)"


def raw_files(name: str, root: str | os.PathLike = datasets.RAW_DIR) -> list[str]:
    """``[marker, file, ...]`` of a dataset under ``root`` (what data.smk declares as outputs)."""
    ds = datasets.get(name)
    base = PurePosixPath(str(root)) / name
    return [str(base / MARKER)] + [str(base / f.filename) for f in ds.files]


def _download(url: str, out, timeout: float) -> None:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        shutil.copyfileobj(response, out, 1 << 20)


def _fetch_source(src: datasets.Source, tmp: Path, timeout: float, archives: dict) -> None:
    """Download ``src`` into ``tmp``, extracting ``src.member`` from an archive. ``archives``
    (url -> local copy or the error it gave) spares downloading one archive per member."""
    if src.member is None:
        with open(tmp, "wb") as out:
            _download(src.url, out, timeout)
        return
    key = (src.url, src.archive_sha256)
    if key not in archives:
        local = Path(archives["_scratch"]) / f"archive{len(archives)}"
        try:
            with open(local, "wb") as out:
                _download(src.url, out, timeout)
            if src.archive_sha256 and sha256_of(local) != src.archive_sha256:
                raise ValueError(f"archive sha256 is {sha256_of(local)} but {src.archive_sha256} was expected")
            archives[key] = local
        except (OSError, ValueError) as error:
            archives[key] = error
    local = archives[key]
    if isinstance(local, BaseException):
        raise local
    if zipfile.is_zipfile(local):
        with zipfile.ZipFile(local) as z, z.open(src.member) as member, open(tmp, "wb") as out:
            shutil.copyfileobj(member, out, 1 << 20)
        return
    with tarfile.open(local, mode="r:*") as t:
        member = t.extractfile(src.member)
        if member is None:
            raise ValueError(f"{src.member} is not a file in the archive")
        with open(tmp, "wb") as out:
            shutil.copyfileobj(member, out, 1 << 20)


def _new_temp(dest: Path, f: datasets.DataFile) -> Path:
    """An empty new file ``.<filename>.<random>.part`` in ``dest`` (mode from the umask)."""
    while True:
        tmp = dest / f".{f.filename}.{secrets.token_hex(6)}.part"
        try:
            open(tmp, "xb").close()
            return tmp
        except FileExistsError:
            continue


def _obtain(
    ds: datasets.Dataset, f: datasets.DataFile, dest: Path, mirror: Path | None, timeout: float, archives: dict
) -> tuple[Path, str]:
    """Copy or download one file to a verified temp file in ``dest``; returns (temp, origin)."""
    tmp = _new_temp(dest, f)
    try:
        if mirror is not None and (mirror / f.path).is_file():
            origin = f"mirror {mirror / f.path}"
            shutil.copyfile(mirror / f.path, tmp)
            problem = datasets.checksum_problem(ds, f, tmp, origin)
            if problem:
                raise datasets.DatasetError(problem)
            log.info("%s: copied %s", ds.name, mirror / f.path)
            return tmp, origin
        failures = []
        where = f"not in the mirror {mirror}" if mirror is not None else "no mirror configured"
        for src in f.sources:
            label = src.url + (f" (member {src.member})" if src.member else "")
            try:
                log.info("%s: downloading %s", ds.name, label)
                _fetch_source(src, tmp, timeout, archives)
            except (OSError, ValueError, KeyError, zipfile.BadZipFile, tarfile.TarError) as error:
                reason = getattr(error, "reason", None) or error
                failures.append(f"{label}: {reason}")
                log.warning("%s: %s failed: %s", ds.name, label, reason)
                continue
            problem = datasets.checksum_problem(ds, f, tmp, f"downloaded from {label}")
            if problem is None:
                return tmp, f"download {label}"
            failures.append(f"{label}: sha256 {sha256_of(tmp)} is not the pinned one")
            log.warning("%s: %s", ds.name, problem)
        if not f.sources:
            failures.append("the registry lists no download source")
        raise datasets.DatasetError(
            f"dataset {ds.name!r} file {f.path}: {where} and every download failed "
            f"({'; '.join(failures)}); check the network connection or put the file in the mirror"
        )
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def acquire(
    name: str, dest_dir: str | os.PathLike, mirror: str | os.PathLike | None = None, *, timeout: float = DEFAULT_TIMEOUT
) -> dict:
    """Obtain dataset ``name`` into ``<dest_dir>/<name>/``, verify it, write the marker.

    ``mirror`` is a folder laid out like ``shared/data`` (``uci/iris.arff`` ...); ``None``
    downloads everything; a relative path is taken relative to the working directory; a
    mirror folder that does not exist is an error (a mistyped path should not silently
    download). Returns the marker's content. Raises :class:`lib.data.datasets.DatasetError` (one
    sentence) on any failure, leaving no new file in the destination.
    """
    ds = datasets.get(name)
    datasets.require_public(ds)
    mirror_path = Path(mirror).resolve() if mirror not in (None, "") else None
    if mirror_path is not None and not mirror_path.is_dir():
        raise datasets.DatasetError(
            f"dataset {ds.name!r}: the mirror folder {mirror_path} does not exist; "
            f"fix the path (config data.mirror) or set it to null to download"
        )
    dest = Path(dest_dir) / name
    created = not dest.exists()
    dest.mkdir(parents=True, exist_ok=True)
    temps: dict[str, Path] = {}
    origins: dict[str, str] = {}
    scratch = tempfile.TemporaryDirectory(prefix="datasets-")
    try:
        archives = {"_scratch": scratch.name}
        for f in ds.files:
            temps[f.path], origins[f.path] = _obtain(ds, f, dest, mirror_path, timeout, archives)
        data = datasets.load_files(ds, temps)
        summary = datasets.verify(ds, data)
        marker = {
            "dataset": ds.name,
            "used_by": ds.used_by,
            "summary": summary,
            "files": [
                {
                    "path": f.path,
                    "file": f.filename,
                    "sha256": sha256_of(temps[f.path]),
                    "pinned": bool(f.sha256),
                    "from": origins[f.path],
                }
                for f in ds.files
            ],
        }
        for f in ds.files:
            os.replace(temps.pop(f.path), dest / f.filename)
        tmp_marker = dest / f"{MARKER}.part"
        tmp_marker.write_text(json.dumps(marker, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp_marker, dest / MARKER)
        log.info("%s: verified %s", ds.name, summary)
        return marker
    finally:
        scratch.cleanup()
        for tmp in temps.values():
            tmp.unlink(missing_ok=True)
        (dest / f"{MARKER}.part").unlink(missing_ok=True)
        if created and dest.is_dir() and not any(dest.iterdir()):
            dest.rmdir()
