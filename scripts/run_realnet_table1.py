"""Rule script: Neville 2009 Table 1 study. For each task (the registry dataset's Table 1 task),
per labeling level, `samples` uniform labeled sets; wvRN and the link-based classifier, each with
and without collective inference (lib.linkbased); phi of 0/1 errors over linked unlabeled pairs
(lib.realnet.table1_task). Enron: only the 130 addresses with a known title take part (the
induced subgraph); an unknown title is not evidence of a non-executive. Also each task's label
autocorrelation (Pearson over linked pairs, and the contingency variant)."""
from pathlib import Path

import numpy as np
import pandas as pd

from lib import datasets, networks, realnet, runlog, seeding, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_table1") as log:
    s = sm.params.setting
    raw_root = Path(sm.input.data[0]).parent.parent  # data/raw/<name>/.verified -> data/raw
    rng = seeding.generator(sm.params.entropy)
    trials, tasks = [], []
    for name in s["datasets"]:
        data = datasets.load(name, raw_root)
        (task,) = data.tasks
        y, known, adj = data.tasks[task], data.task_known[task], data.adjacency
        if not known.all():
            keep = np.flatnonzero(known)
            adj, y = adj[keep][:, keep], y[keep]
            log.info("%s: %d of %d nodes have a known %r label; using their induced subgraph", name,
                     keep.size, known.size, task)
        net = networks.Network(adj.tocsr(), y.astype(np.int8), np.full(y.size, -1), np.zeros(0, np.int8))
        stats = networks.network_statistics(net)
        tasks.append({"dataset": name, "task": task, "nodes": y.size, **stats})
        rows = realnet.table1_task(rng, adj, y, s["prop_labeled"], s["samples"], l2=s["l2"])
        trials.append(pd.DataFrame(rows).assign(dataset=name, task=task))
        log.info("%s %r: %d nodes, %d edges, autocorrelation %.3f", name, task, y.size, stats["edges"],
                 stats["autocorrelation"])
    frame = pd.concat(trials, ignore_index=True)
    frame = frame[["dataset", "task", *[c for c in frame.columns if c not in ("dataset", "task")]]]
    tables.write_csv(frame, sm.output.trials)
    tables.write_csv(pd.DataFrame(tasks), sm.output.tasks)
