#!/usr/bin/env bash
# Stop the daemons started by workflow/cluster/start_slurm.sh, by the pids in their pid files
# under $SLURM_STATE_DIR (default /tmp/repro-slurm); never by name, so another SLURM or munge
# on this machine is left alone. Waits until each has exited (SIGKILL after 20 s).
set -uo pipefail
DIR="${SLURM_STATE_DIR:-/tmp/repro-slurm}"
status=0
# cancel what is still queued or running on this private cluster first, so no job step outlives it
if [ -s "$DIR/slurm.conf" ] && [ -s "$DIR/slurmctld.pid" ] && kill -0 "$(cat "$DIR/slurmctld.pid")" 2>/dev/null; then
    jobs="$(SLURM_CONF="$DIR/slurm.conf" squeue --noheader --format=%i 2>/dev/null || true)"
    [ -z "$jobs" ] || SLURM_CONF="$DIR/slurm.conf" scancel $jobs 2>/dev/null || true
fi
for daemon in slurmd slurmctld munged; do
    pidfile="$DIR/$daemon.pid"
    [ -s "$pidfile" ] || continue
    pid="$(cat "$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; sleep 0.5; fi
        if kill -0 "$pid" 2>/dev/null; then echo "stop_slurm: $daemon (pid $pid) did not exit" >&2; status=1; fi
    fi
    rm -f "$pidfile"
done
exit $status
