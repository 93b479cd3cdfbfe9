"""Rule script: obtain one dataset (copy from the mirror, else download), verify it, and write
its files and marker under data/raw/<name>/ (scripts/lib/data/acquisition.py does the work)."""

from pathlib import Path

from lib.core import runlog
from lib.data import acquisition, datasets

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "dataset") as log:
    name = sm.params.name
    root = Path(sm.output.marker).parent.parent
    # The mirror is read from the config, not passed as a param: where verified bytes came from
    # must not trigger a rerun (pinned files are identical whichever way they arrive).
    mirror = (sm.config.get("data") or {}).get("mirror")
    log.info("dataset %s -> %s (mirror: %s)", name, root / name, mirror or "none, download")
    try:
        marker = acquisition.acquire(name, root, mirror)
    except datasets.DatasetError as error:
        log.error("%s", error)
        raise
    for entry in marker["files"]:
        log.info("%s sha256 %s from %s", entry["file"], entry["sha256"], entry["from"])
