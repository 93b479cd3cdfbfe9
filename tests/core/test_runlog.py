"""lib.core.runlog: logs that a failed job can be diagnosed from, and progress lines."""

import logging

import pytest

from lib.core import runlog


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_progress_logs_at_most_every_interval_and_at_the_end(caplog):
    clock = FakeClock()
    log = logging.getLogger("progress-test")
    with caplog.at_level(logging.INFO, logger="progress-test"):
        progress = runlog.Progress(log, total=100, unit="randomizations", every=30, clock=clock)
        for step in range(1, 101):
            clock.t = step * 1.0  # one randomization per second
            progress.update(step)
    lines = [r.getMessage() for r in caplog.records]
    # at t = 30, 60, 90 and the final line at 100
    assert [line.split()[1] for line in lines] == ["30/100", "60/100", "90/100", "100/100"]
    assert "1 per s" in lines[0] and "about 70 s left" in lines[0]
    assert "about 0 s left" in lines[-1]


def test_progress_without_a_log_is_silent():
    progress = runlog.Progress(None, total=3, unit="trials")
    progress.advance(3)
    assert progress.done == 3


def test_logged_writes_the_traceback_of_a_failure(tmp_path):
    path = tmp_path / "job.log"
    with pytest.raises(ValueError):
        with runlog.logged(path, "job"):
            raise ValueError("boom: the one sentence")
    text = path.read_text()
    assert "failed" in text and "boom: the one sentence" in text and "Traceback" in text


def test_a_warning_repeated_on_every_fit_is_logged_once_and_counted(tmp_path):
    import warnings

    path = tmp_path / "job.log"
    with runlog.logged(path, "job"):
        for i in range(500):
            warnings.warn(f"lbfgs failed to converge after {i + 100} iterations", RuntimeWarning, stacklevel=1)
        warnings.warn("another kind", UserWarning, stacklevel=1)
    text = path.read_text()
    assert text.count("RuntimeWarning: lbfgs failed to converge after 100 iterations") == 1  # the first
    assert "after 101 iterations" not in text and "after 599 iterations" not in text
    assert "499 more warning(s) like: RuntimeWarning: lbfgs failed to converge after # iterations" in text
    assert text.count("UserWarning: another kind") == 1
