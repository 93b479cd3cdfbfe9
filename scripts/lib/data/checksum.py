"""The sha256 of a file, the one checksum of the data layer: the catalogue's pinned raw files
(:mod:`lib.data.acquisition`, :func:`lib.data.datasets.load`) and a user's own files
(:mod:`lib.data.userdata`) are checked with it."""

from __future__ import annotations

import hashlib
import os


def sha256_of(path: str | os.PathLike) -> str:
    """Hex sha256 of a file's bytes, read in 1 MiB blocks (the largest raw file is 24 MB)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
