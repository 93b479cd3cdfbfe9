"""A study job's identity: what the config decides about one job of a study rule.

Each study module declares its rules' jobs (``lib.studies.<study>.JOBS``, rule name -> :class:`Job`):
the job's params from the config and its wildcards (the settings its script reads and the seed
entropy of every generator it draws from), and the jobs whose tables it reads. The rules files only
wire a rule to its :class:`Job`; the golden record of every job's entropy
(tests/golden/job_entropies_*.json) keeps them from drifting.

The same declarations answer which config keys a table depends on (:func:`keys_read`, following
:attr:`Job.upstream`): an artifact's readings are the readings whose keys the jobs it reads, or its
own settings, read (``lib.views.artifact``), so no list maps readings to artifacts by hand.

Data plus lookups; imports only :mod:`lib.core.seeding`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import seeding

#: A job's wildcards: name -> value, as strings (Snakemake's); ``{}`` for a rule without wildcards.
Wildcards = Mapping[str, str]


def _no_upstream(config: Mapping, wildcards: Wildcards) -> list:
    return []


@dataclass(frozen=True)
class Job:
    """One study rule's jobs.

    Attributes
    ----------
    names : tuple of str
        The rule's params, in order (what :attr:`params` returns; the rule script reads them).
    params : callable
        ``params(config, wildcards) -> dict``: every param's value (settings and seed entropies).
        Pure: the same config and wildcards give the same values.
    upstream : callable
        ``upstream(config, wildcards) -> [(rule, wildcards), ...]``: the study jobs whose tables the
        job reads (its inputs), so that what they depend on is what it depends on.
    scoped : dict of str to dict
        Config keys that act on some rows of the job's table only: key -> ``{column: values}`` of
        those rows (e.g. how RS-C estimates q acts on the RS-C tests' rows). A reader of other rows
        (:func:`keys_read` with ``rows``) does not depend on them.
    """

    names: tuple[str, ...]
    params: Callable[[Mapping, Wildcards], dict]
    upstream: Callable[[Mapping, Wildcards], list] = _no_upstream
    scoped: Mapping[str, Mapping[str, tuple]] = field(default_factory=dict)

    def evaluate(self, config: Mapping, wildcards: Wildcards | None = None) -> dict:
        """The job's params; ValueError when they are not exactly :attr:`names`."""
        values = self.params(config, dict(wildcards or {}))
        if tuple(values) != self.names:
            raise ValueError(f"a job's params are {list(values)}, but its declaration names {list(self.names)}")
        return values


def entropy(config: Mapping, stream: str, identity: Any, chunk: int | str = 0) -> list[int]:
    """The seed entropy of one generator of a job (:func:`lib.core.seeding.job_entropy`): the config's
    seed, the stream's name with the identity that determines its draws, and the chunk."""
    # plain(): an identity read through a recording config is hashed as the plain values it holds
    return seeding.job_entropy(config["seed"], stream, plain(identity), int(chunk))


class _Recorder(Mapping):
    """A read-only view of a config that records the dotted key of every value read through it."""

    def __init__(self, data: Mapping, path: str, seen: set):
        self._data, self._path, self._seen = data, path, seen

    def __getitem__(self, key):
        value = self._data[key]
        where = f"{self._path}.{key}" if self._path else str(key)
        if isinstance(value, Mapping):
            return _Recorder(value, where, self._seen)
        self._seen.add(where)
        return value

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def recording(config: Mapping) -> tuple[Mapping, set]:
    """``config`` wrapped so that every leaf value read is recorded, and the set it is recorded in.
    A whole section copied (``dict(config["x"])``) reads each of its leaves only when they are
    read in turn; :func:`plain` copies it deep, reading them all."""
    seen: set[str] = set()
    return _Recorder(config, "", seen), seen


def plain(value):
    """A recorded section as plain dicts (reading every leaf in it): for values kept as params."""
    if isinstance(value, Mapping):
        return {key: plain(value[key]) for key in value}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    return value


def disjoint(rows: Mapping[str, tuple] | None, other: Mapping[str, Any]) -> bool:
    """Whether the rows ``rows`` selects (column -> values kept; None: all) and the rows ``other``
    names (column -> a value or values) share no row: some column both name has no common value."""
    if not rows:
        return False
    for column, values in other.items():
        wanted = values if isinstance(values, (list, tuple)) else (values,)
        if column in rows and not {str(v) for v in wanted} & {str(v) for v in rows[column]}:
            return True
    return False


def keys_read(
    jobs: Mapping[str, Job],
    rule: str,
    config: Mapping,
    wildcards: Wildcards | None = None,
    rows: Mapping[str, tuple] | None = None,
) -> set[str]:
    """The dotted config keys the job ``rule`` (with ``wildcards``) reads, with those of every job
    upstream of it: what its table depends on in the config. With ``rows`` (column -> values: the
    part of the table a reader keeps), the jobs whose wildcards fall outside them and the keys
    :attr:`Job.scoped` to other rows are left out."""
    seen: set[str] = set()
    stack, done = [(rule, dict(wildcards or {}))], set()
    while stack:
        name, values = stack.pop()
        marker = (name, tuple(sorted(values.items())))
        if marker in done or name not in jobs or disjoint(rows, values):
            continue
        done.add(marker)
        recorded, found = recording(config)
        plain(jobs[name].evaluate(recorded, values))
        seen |= {key for key in found if not disjoint(rows, jobs[name].scoped.get(key, {}))}
        stack.extend((up, dict(w)) for up, w in jobs[name].upstream(config, values))
    return seen
