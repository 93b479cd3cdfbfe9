"""Measure (not a rule, not a test): Weka's SMO (``lib.models.smo``) per optimisation step on the
permutation study's randomised data sets -- steps, CPU nanoseconds per step, and the bound a step
cannot beat on this machine -- and, with ``--ref``, CPU seconds per randomisation against the
engine of a git revision, interleaved.

    OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS=1 .venv/bin/python scripts/tools/measure_smo_steps.py \
        --mirror /path/to/mirror --cases splice:1 mushroom:1 --out results/benchmarks/smo_steps.csv
    .venv/bin/python scripts/tools/measure_smo_steps.py --mirror /path/to/mirror \
        --cases splice:1 splice:2 --randomizations 2 --ref <revision> --rounds 2

Per case ``<data set>:<test>``: ``--randomizations`` randomised data sets drawn as the study
draws them (``lib.studies.permutation.original_folds`` / ``draw_randomizations``, entropy
``[--seed]``), each with its fresh stratified 10-fold CV, scored by ``smo_cv_errors`` with its
step counters (``lib.models.smo.STATS``, summed over every fold's pairwise machines): successful
``takeStep`` calls, ``examineExample`` calls, error-cache updates Weka makes (``|I0|`` summed over
the steps) and how many steps updated whole spans of Gram rows instead of I0's members. CPU time
is process time after a warm-up (numba compilation), so it includes the filters, the Gram
matrices and the voting: the ns per step are an upper bound on the steps' own cost.

The bound: a step must read two kernel values per member of I0 (``K(i1, j)``, ``K(i2, j)``) and
read and write one error-cache entry (a double) per member. Bandwidths are measured here, by
compiled streaming loops over buffers of the sizes the step's data have (the whole-data Gram
matrix: read; the error cache: read-modify-write), so that each comes from the cache level or
memory where that data lives. ``bound_ns_per_step = members * 2 * itemsize / read_bandwidth +
members * 16 / rmw_bandwidth`` with ``members`` the mean ``|I0|`` per step.

With ``--ref REV``: ``scripts/lib/models/smo.py`` at ``REV`` (read by ``git show``, as
``compare_smo_engines.py`` does) and this tree's engine score the same randomised data sets,
``--rounds`` times each, alternating which goes first; the errors must be equal. Test 2 data sets
are scored in batches of 50, as the study does.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from numba import njit  # noqa: E402

from lib.core import tables  # noqa: E402
from lib.data import acquisition, datasets  # noqa: E402
from lib.models import smo  # noqa: E402
from lib.studies import permutation  # noqa: E402

TEST2_BATCH = 50  # randomised data sets per smo_cv_errors call under Test 2 (the study's batch)


@njit(cache=True)
def _stream_read(a, reps):
    """Sum of the int64 words of ``a``, ``reps`` times (vectorised: a streaming read)."""
    s = np.int64(0)
    for _ in range(reps):
        for i in range(a.shape[0]):
            s += a[i]
    return s


@njit(cache=True)
def _stream_rmw(a, reps):
    """``a[i] += 1.0`` over ``a``, ``reps`` times (a streaming read-modify-write of doubles)."""
    for _ in range(reps):
        for i in range(a.shape[0]):
            a[i] += 1.0


def bandwidth(nbytes: int, rmw: bool) -> float:
    """Bytes per second of a streaming read (or read-modify-write: bytes read plus written) over
    a buffer of ``nbytes``, best of five runs of at least 2**28 bytes."""
    words = max(nbytes // 8, 64)
    reps = max(1, 2**28 // (8 * words))
    if rmw:
        a = np.zeros(words)
        _stream_rmw(a, 1)
        run, moved = (lambda: _stream_rmw(a, reps)), 16 * words * reps
    else:
        a = np.ones(words, dtype=np.int64)
        _stream_read(a, 1)
        run, moved = (lambda: _stream_read(a, reps)), 8 * words * reps
    best = np.inf
    for _ in range(5):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return moved / best


def draws(data, test: int, k: int, seed: int):
    """The study's randomised data sets ``0 .. k-1``: ``(perms, idx, folds)``."""
    folds0 = permutation.original_folds(data.y, 10, 1, [seed])[0]
    drawn, folds = permutation.draw_randomizations(test, data.y, data.X.shape[1], folds0, [seed], 0, k)
    return (drawn, None, folds) if test == 1 else (None, drawn, folds)


def score(module, data, perms, idx, folds, stats=None) -> np.ndarray:
    """``module.smo_cv_errors`` over the randomised data sets, as the study calls it."""
    K = int(np.max(data.y)) + 1
    y = np.asarray(data.y, dtype=np.int64)
    if perms is not None:
        extra = {} if stats is None else {"stats": stats}
        return module.smo_cv_errors(data.X, y, folds, data.spec, perms=perms, n_classes=K, **extra)
    parts = []
    for s in range(0, len(idx), TEST2_BATCH):
        extra = {} if stats is None else {"stats": stats}
        cut = slice(s, s + TEST2_BATCH)
        parts.append(module.smo_cv_errors(data.X, y, folds[cut], data.spec, idx=idx[cut], n_classes=K, **extra))
    return np.concatenate(parts)


def warm_up(module, data, test: int) -> None:
    """Compile (or load) the engine's kernels for this data set's types on a small subset."""
    rows = np.sort(np.random.default_rng(0).choice(len(data.y), min(len(data.y), 300), replace=False))
    small = dataclasses.replace(data, X=data.X[rows], y=np.asarray(data.y)[rows])
    score(module, small, *draws(small, test, 1, 0))


def steps_row(name: str, test: int, data, k: int, seed: int) -> dict:
    """Counters, CPU time and the bound for ``k`` randomised data sets of one case."""
    warm_up(smo, data, test)
    perms, idx, folds = draws(data, test, k, seed)
    stats = np.zeros(smo.N_STATS, dtype=np.int64)
    start = time.process_time()
    score(smo, data, perms, idx, folds, stats)
    seconds = time.process_time() - start
    c = dict(zip(smo.STATS, (int(v) for v in stats)))
    n = len(data.y)
    filters = smo._Filters(data.X, data.spec)
    itemsize = smo._gram(filters.Z, filters.start).dtype.itemsize
    read_bw = bandwidth(n * n * itemsize, rmw=False)
    rmw_bw = bandwidth(n * 8, rmw=True)
    members = c["member_updates"] / c["steps"]
    bound = members * 2 * itemsize / read_bw + members * 16 / rmw_bw
    return {
        "dataset": name,
        "test": test,
        "randomizations": k,
        "cpu_seconds_per_randomization": round(seconds / k, 3),
        **{key: round(value / k) for key, value in c.items()},
        "ns_per_step": round(seconds / c["steps"] * 1e9, 1),
        "members_per_step": round(members, 1),
        "dense_step_share": round(c["dense_steps"] / c["steps"], 3),
        "i0_changes_per_step": round(c["i0_changes"] / c["steps"], 3),
        "gram_itemsize": itemsize,
        "gram_mib": round(n * n * itemsize / 2**20, 1),
        "read_gb_per_s": round(read_bw / 1e9, 1),
        "rmw_gb_per_s": round(rmw_bw / 1e9, 1),
        "bound_ns_per_step": round(bound * 1e9, 1),
        "ns_per_step_over_bound": round(seconds / c["steps"] / bound, 1),
    }


def load_reference(rev: str):
    """``scripts/lib/models/smo.py`` at ``rev`` as a module of its own (its relative import made
    absolute), from a fixed temporary folder so that numba's cache of it survives runs."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:scripts/lib/models/smo.py"], check=True, capture_output=True, text=True
    ).stdout.replace("from ..data.attributes import", "from lib.data.attributes import")
    folder = Path(tempfile.gettempdir()) / "smo_reference_engines"
    folder.mkdir(exist_ok=True)
    name = f"smo_steps_reference_{rev}"
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(name)


def versus_row(name: str, test: int, data, k: int, seed: int, ref, rev: str, rounds: int) -> dict:
    """CPU seconds per randomisation of the reference engine and this tree's, interleaved."""
    for module in (ref, smo):
        warm_up(module, data, test)
    perms, idx, folds = draws(data, test, k, seed)
    seconds = {"ref": [], "new": []}
    errors = {}
    for r in range(rounds):
        order = (("ref", ref), ("new", smo)) if r % 2 == 0 else (("new", smo), ("ref", ref))
        for tag, module in order:
            start = time.process_time()
            errors[tag] = score(module, data, perms, idx, folds)
            seconds[tag].append((time.process_time() - start) / k)
    if not np.array_equal(errors["ref"], errors["new"]):
        raise SystemExit(f"{name} Test {test}: the engines' errors differ")
    before, after = np.mean(seconds["ref"]), np.mean(seconds["new"])
    return {
        "dataset": name,
        "test": test,
        "n": len(data.y),
        "randomizations": k,
        "rounds": rounds,
        "reference": rev,
        "cpu_seconds_before": round(float(before), 3),
        "cpu_seconds_after": round(float(after), 3),
        "after_over_before": round(float(after / before), 3),
        "before_runs": " ".join(f"{s:.3f}" for s in seconds["ref"]),
        "after_runs": " ".join(f"{s:.3f}" for s in seconds["new"]),
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", nargs="*", default=["splice:1", "mushroom:1"], metavar="DATASET:TEST")
    ap.add_argument("--randomizations", type=int, default=1)
    ap.add_argument("--seed", type=int, default=20090601)
    ap.add_argument("--ref", default=None, help="git revision of the engine to time against (interleaved)")
    ap.add_argument("--rounds", type=int, default=2, help="timed runs per engine with --ref")
    ap.add_argument("--raw", default="data/raw")
    ap.add_argument("--mirror", default=None)
    ap.add_argument("--out", default="results/benchmarks/smo_steps.csv")
    args = ap.parse_args(argv)
    ref = load_reference(args.ref) if args.ref else None
    rows = []
    for case in args.cases:
        name, _, test = case.partition(":")
        acquisition.acquire(name, args.raw, args.mirror)
        data = datasets.load(name, args.raw)
        if ref is None:
            rows.append(steps_row(name, int(test), data, args.randomizations, args.seed))
        else:
            rows.append(versus_row(name, int(test), data, args.randomizations, args.seed, ref, args.ref, args.rounds))
        print(rows[-1], flush=True)
    frame = pd.DataFrame(rows)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tables.write_csv(frame, out)
    tables.write_text(tables.markdown_table(frame) + "\n", out.with_suffix(".md"))
    print(tables.markdown_table(frame))


if __name__ == "__main__":
    main()
