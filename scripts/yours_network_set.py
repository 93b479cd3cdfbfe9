"""Rule script: one of your networks carved into a network set (lib.studies.yours.network_set), in
the real-network study's nodes.csv / edges.csv format, plus one row of statistics per subnetwork."""

import pandas as pd

from lib.core import runlog, seeding, tables
from lib.data import network_sets
from lib.studies import realnet, yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_network_set") as log:
    node_rows, edge_rows, extra = yours.network_set(
        sm.params.spec, sm.params.settings, sm.wildcards.netset, seeding.generator(sm.params.entropy), log
    )
    tables.write_csv(pd.DataFrame(node_rows, columns=list(network_sets.NODE_COLUMNS)), sm.output.nodes)
    tables.write_csv(pd.DataFrame(edge_rows, columns=list(network_sets.EDGE_COLUMNS)), sm.output.edges)
    # re-read what was written: the calibration and the chunks read exactly these files
    netset = network_sets.read_network_set(sm.output.nodes, sm.output.edges)
    tables.write_csv(realnet.network_set_statistics(sm.wildcards.netset, netset, extra), sm.output.networks)
