"""Snakemake's scheduler re-evaluated at most once per rate-limit period (a workaround; no rules).

Snakemake 9 (up to at least 9.27) limits job starts (`--max-jobs-per-timespan`, default 100/1s) by
re-running its job selection on a timer. Every pass of the scheduler's loop arms a new timer,
whether the pass was woken by a timer or by a finishing job, so each finished job adds one more
timer chain that fires forever: after k jobs the loop runs about k times a second, and each pass
stats every input of every ready job (`update_input_sizes`) and runs the job selector. On a paper-scale
run (458 jobs) that was a quarter to a third of a core, taken from the jobs on a 2-core machine.
(Upstream: snakemake/snakemake pull request 3744.) Here one timer at a time is armed: a timer
already pending serves the next pass too, so the limit is still re-checked once per period, and the
timer thread is a daemon, so a pending timer never holds the process open after the run. Which jobs
run and when they may start is unchanged; only the redundant passes go.
"""

import threading as _threading

import snakemake as _snakemake
from snakemake.scheduling import job_scheduler as _job_scheduler


def _reevaluate_once_per_period(scheduler, delay):
    if getattr(scheduler, "_reevaluation_armed", False):
        return
    scheduler._reevaluation_armed = True

    def fire():
        scheduler._reevaluation_armed = False
        scheduler._open_jobs.release()

    timer = _threading.Timer(delay, fire)
    timer.daemon = True
    timer.start()


# Only on the Snakemake this was read from (envs/requirements.txt pins 9.27.1): a later release may
# fix or rename the method, and then its own code stands.
if _snakemake.__version__.startswith("9.") and hasattr(_job_scheduler.JobScheduler, "_schedule_reevalutation"):
    _job_scheduler.JobScheduler._schedule_reevalutation = _reevaluate_once_per_period
