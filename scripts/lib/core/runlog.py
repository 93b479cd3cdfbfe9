"""Logging for rule scripts: everything a job says, including a failure's traceback, goes to
the rule's ``log:`` file so a failed job can be diagnosed from ``logs/`` alone."""
from __future__ import annotations

import contextlib
import logging
import time
import warnings
from pathlib import Path


@contextlib.contextmanager
def logged(path: str | Path, name: str):
    """Route logging and warnings to ``path`` while the block runs; log any exception."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, mode="w", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    log = logging.getLogger(name)
    start = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("default")
            yield log
        log.info("done in %.2f s", time.perf_counter() - start)
    except BaseException:
        log.exception("failed")
        raise
    finally:
        root.removeHandler(handler)
        handler.close()
