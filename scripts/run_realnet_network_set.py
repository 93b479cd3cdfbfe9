"""Rule script: one network set of the real-data Type I / power study, written in the documented
nodes.csv / edges.csv format (lib.realnet). A public stand-in ({dataset, task}) is carved from
the dataset by seeded region growing (lib.realnet.carve_subnetworks; each part keeps every link
inside it); a user's set ({nodes, edges}: e.g. Add Health schools, IMDB samples) is read and
checked. Also one row of statistics per network (size, edges, degree, autocorrelation, P(+))."""
from pathlib import Path

import numpy as np
import pandas as pd

from lib import datasets, networks, realnet, runlog, seeding, tables

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_network_set") as log:
    spec = sm.params.spec
    raw_root = Path(sm.input.data[0]).parent.parent  # data/raw/<name>/.verified -> data/raw
    extra = {}
    if "dataset" in spec:
        data = datasets.load(spec["dataset"], raw_root)
        if spec["task"] not in data.tasks:
            raise ValueError(f"dataset {spec['dataset']!r} has no task {spec['task']!r}; it has "
                             f"{', '.join(map(repr, data.tasks))}")
        y = data.tasks[spec["task"]]
        p = spec["partition"]
        part = realnet.carve_subnetworks(seeding.generator(sm.params.entropy), data.adjacency, p["parts"],
                                         p["min_size"], p["max_size"], p["attempts"])
        subs = realnet.subnetworks(data.adjacency, part.part_of)
        names = [f"{spec['dataset']}_{r}" for r in range(len(subs))]
        kept = sum(a.nnz // 2 for _, a in subs)
        log.info("%s: %d regions, sizes %s (target %d, attempt %d, min size met: %s); %d of %d links kept",
                 spec["dataset"], len(subs), [len(n) for n, _ in subs], part.target, part.attempt,
                 part.met_min_size, kept, data.n_edges)
        if not part.met_min_size:
            log.warning("some region is smaller than %d nodes after %d attempts", p["min_size"], p["attempts"])
        node_rows, edge_rows = realnet.network_set_tables(
            names, [a for _, a in subs], [y[n] for n, _ in subs],
            [[data.node_ids[i] for i in n] for n, _ in subs])
        extra = {"source": spec["dataset"], "task": spec["task"], "target_size": part.target,
                 "attempt": part.attempt, "min_size_met": part.met_min_size,
                 "source_nodes": data.n_nodes, "source_edges": data.n_edges, "links_kept_in_set": kept}
    else:
        netset = realnet.read_network_set(sm.input.data[0], sm.input.data[1])
        node_rows, edge_rows = realnet.network_set_tables(netset.names, netset.adjacency, netset.labels,
                                                          netset.node_ids)
        extra = {"source": "user files", "task": spec.get("label", "label")}
        log.info("user network set: %d networks, sizes %s", len(netset), netset.sizes())
    tables.write_csv(pd.DataFrame(node_rows, columns=list(realnet.NODE_COLUMNS)), sm.output.nodes)
    tables.write_csv(pd.DataFrame(edge_rows, columns=list(realnet.EDGE_COLUMNS)), sm.output.edges)
    # re-read what was written: the study reads exactly these files
    netset = realnet.read_network_set(sm.output.nodes, sm.output.edges)
    if len(netset) < 3:
        raise ValueError(f"network set {sm.wildcards.netset!r} has {len(netset)} networks; leave-one-out "
                         "calibration needs at least 3")
    stats = pd.DataFrame([{"set": sm.wildcards.netset, "network": g, "name": netset.names[g],
                           "nodes": netset.sizes()[g], **networks.network_statistics(netset.network(g)), **extra}
                          for g in range(len(netset))])
    tables.write_csv(stats, sm.output.networks)
