"""Logging for rule scripts: everything a job says, including a failure's traceback, goes to
the rule's ``log:`` file so a failed job can be diagnosed from ``logs/`` alone."""

from __future__ import annotations

import contextlib
import logging
import re
import time
import warnings
from pathlib import Path


class RepeatedWarnings(logging.Filter):
    """Lets the first of each kind of warning through and counts the rest, so that an estimator
    warning on every fit (a convergence warning thousands of times) takes one line of the log and a
    count (:meth:`summary`), not thousands. A kind is the warning's first line with its numbers
    blanked (iteration counts and values vary between fits)."""

    def __init__(self):
        super().__init__()
        self.counts: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name != "py.warnings":
            return True
        first = record.getMessage().strip().split("\n")[0]
        kind = re.sub(r"\d+(\.\d+)?", "#", first.split(": ", 1)[-1])
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return self.counts[kind] == 1

    def summary(self) -> list[str]:
        """One line per kind of warning repeated: how many more times, and which."""
        return [f"{n - 1} more warning(s) like: {kind}" for kind, n in self.counts.items() if n > 1]


def _to_log(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning as a log record of ``py.warnings`` (what ``logging.captureWarnings`` does, set here
    for the block only, whatever another library did to ``warnings.showwarning`` before)."""
    text = warnings.formatwarning(message, category, filename, lineno, line)
    logging.getLogger("py.warnings").warning("%s", text)


@contextlib.contextmanager
def logged(path: str | Path, name: str):
    """Route logging and warnings to ``path`` while the block runs (each kind of warning once, then
    counted: :class:`RepeatedWarnings`); log any exception."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, mode="w", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    repeated = RepeatedWarnings()
    handler.addFilter(repeated)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    log = logging.getLogger(name)
    start = time.perf_counter()
    try:
        with warnings.catch_warnings():
            # every occurrence reaches the filter, which keeps the first of each kind and counts the rest
            warnings.simplefilter("always")
            warnings.showwarning = _to_log  # restored by catch_warnings
            yield log
        log.info("done in %.2f s", time.perf_counter() - start)
    except BaseException:
        log.exception("failed")
        raise
    finally:
        for line in repeated.summary():
            log.warning(line)
        root.removeHandler(handler)
        handler.close()


class Progress:
    """Progress of a long job for its log: items done, rate and estimated time left, written at
    most every ``every`` seconds (and once at the end), so that ``tail -f logs/...`` answers
    "is it moving?".

    Parameters
    ----------
    log : logging.Logger or None
        Where to write (None: nothing is written).
    total : int
        Items the job will do.
    unit : str
        What an item is ("randomizations", "trials", ...).
    every : float
        Minimum seconds between two lines.
    clock : callable
        Monotonic clock (tests pass a fake one).
    """

    def __init__(self, log, total: int, unit: str, every: float = 30.0, clock=time.monotonic):
        self.log, self.total, self.unit, self.every, self.clock = log, int(total), unit, float(every), clock
        self.start = self.last = clock()
        self.done = 0

    def update(self, done: int) -> None:
        """Record that ``done`` items (cumulative) are finished; log if ``every`` seconds passed
        since the last line, or when the job is complete."""
        self.done = int(done)
        now = self.clock()
        if self.log is None or (now - self.last < self.every and self.done < self.total):
            return
        self.last = now
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else float("inf")
        left = (self.total - self.done) / rate if 0 < rate < float("inf") else 0.0
        self.log.info(
            "progress: %d/%d %s (%.0f %%), %.3g per s, about %.0f s left",
            self.done,
            self.total,
            self.unit,
            100.0 * self.done / max(self.total, 1),
            rate,
            left,
        )

    def advance(self, n: int = 1) -> None:
        """``update(done + n)``."""
        self.update(self.done + n)
