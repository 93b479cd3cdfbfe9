"""Rule script realnet_table1_study: Neville 2009 Table 1 on the public tasks,
lib.studies.realnet.table1_study."""

from pathlib import Path

from lib.core import runlog, seeding, tables
from lib.data import datasets
from lib.studies import realnet

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_table1") as log:
    s = sm.params.setting
    raw_root = Path(sm.input.data[0]).parent.parent  # data/raw/<name>/.verified -> data/raw
    loaded = [(name, datasets.load(name, raw_root)) for name in s["datasets"]]
    trials, tasks = realnet.table1_study(
        loaded, s["prop_labeled"], s["samples"], s["l2"], seeding.generator(sm.params.entropy), log
    )
    tables.write_csv(trials, sm.output.trials)
    tables.write_csv(tasks, sm.output.tasks)
