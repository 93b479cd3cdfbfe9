"""Rule script realnet_network_set: one network set in the documented nodes.csv / edges.csv
format -- a public stand-in carved from a dataset (lib.studies.realnet.carve_stand_in, under the
reading realnet.selection) or the user's files, read and checked -- plus one row of statistics
per network."""

from pathlib import Path

import pandas as pd

from lib.core import runlog, seeding, tables
from lib.data import datasets, network_sets
from lib.studies import realnet

sm = snakemake  # noqa: F821
with runlog.logged(sm.log[0], "realnet_network_set") as log:
    spec = sm.params.spec
    if "dataset" in spec:
        raw_root = Path(sm.input.data[0]).parent.parent  # data/raw/<name>/.verified -> data/raw
        node_rows, edge_rows, extra = realnet.carve_stand_in(
            spec,
            datasets.load(spec["dataset"], raw_root),
            seeding.generator(sm.params.entropy),
            log,
            selection=sm.params.selection,
        )
    else:
        netset = network_sets.read_network_set(sm.input.data[0], sm.input.data[1])
        node_rows, edge_rows = network_sets.network_set_tables(
            netset.names, netset.adjacency, netset.labels, netset.node_ids
        )
        extra = {"source": "user files", "task": spec.get("label", "label")}
        log.info("user network set: %d networks, sizes %s", len(netset), netset.sizes())
    tables.write_csv(pd.DataFrame(node_rows, columns=list(network_sets.NODE_COLUMNS)), sm.output.nodes)
    tables.write_csv(pd.DataFrame(edge_rows, columns=list(network_sets.EDGE_COLUMNS)), sm.output.edges)
    # re-read what was written: the study reads exactly these files
    netset = network_sets.read_network_set(sm.output.nodes, sm.output.edges)
    tables.write_csv(realnet.network_set_statistics(sm.wildcards.netset, netset, extra), sm.output.networks)
