"""Deterministic random generators derived from a job's identity.

A job's generator depends only on the configured base seed, the study name, the job's
parameters and its chunk index, never on time, process id, job order or core count.
Python's ``hash()`` is salted per process (PYTHONHASHSEED), so identities are hashed with
SHA-256 of a canonical JSON encoding instead.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np


def canonical_json(obj: Any) -> str:
    """Encode ``obj`` as JSON with sorted keys and no whitespace, so equal dicts hash equally."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=_plain)


def _plain(obj: Any) -> Any:
    # numpy scalars and other number-likes that json does not know.
    if isinstance(obj, np.generic):
        return obj.item()
    raise TypeError(f"cannot encode {type(obj).__name__} in a job identity")


def stable_hash(obj: Any) -> int:
    """A 64-bit integer hash of ``obj`` that is identical in every process and on every machine."""
    digest = hashlib.sha256(canonical_json(obj).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "little")


def job_entropy(base_seed: int, study: str, params: Any, chunk: int) -> list[int]:
    """The entropy list ``[base seed, hash(study, params), chunk]`` that seeds one job.

    Rules pass this list through ``params:`` so that any change of seed, study parameters or
    chunk index changes the job's parameters and makes Snakemake rerun it.
    """
    if int(base_seed) < 0 or int(chunk) < 0:
        raise ValueError("seed and chunk index must be non-negative integers")
    return [int(base_seed), stable_hash([study, params]), int(chunk)]


def entropy_list(entropy) -> list[int]:
    """``entropy`` (an int or a sequence of them, e.g. a job's entropy) as a list of Python ints, so
    that a stream can be appended (``[*entropy_list(e), stream]``); ValueError when it is empty or
    has a negative value."""
    values = [int(v) for v in np.atleast_1d(entropy)]
    if not values or min(values) < 0:
        raise ValueError(f"entropy must be a non-empty list of non-negative ints, got {entropy!r}")
    return values


def generator(entropy: list[int]) -> np.random.Generator:
    """The job's ``numpy.random.Generator`` from its entropy list (PCG64 via SeedSequence)."""
    return np.random.default_rng(np.random.SeedSequence(entropy))


def stability_seeds(base_seed: int, count: int) -> list[int]:
    """``count`` independent base seeds for the stability runs: ``base_seed`` itself (the main run)
    first, then seeds derived from it (``stable_hash(["stability", base_seed, i])`` modulo 2**32), so
    the list depends on the configured seed and ``count`` only."""
    if int(count) < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    return [int(base_seed)] + [stable_hash(["stability", int(base_seed), i]) % 2**32 for i in range(1, int(count))]
