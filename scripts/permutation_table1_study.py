"""Rule script: Ojala & Garriga 2009 Table I -- 1-NN leave-one-out on the toy data D1, D2."""

import pandas as pd

from lib.core import runlog, seeding, tables
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_table1_study") as log:
    rng = seeding.generator(sm.params.entropy)
    rows = []
    for name, (X, y) in (("D1", permutation.d1()), ("D2", permutation.d2())):
        row = permutation.table1(X, y, int(sm.params.randomizations), rng, tie_rule=sm.params.tie_rule)
        rows.append({"dataset": name, "randomizations": int(sm.params.randomizations), **row})
        log.info("%s: %s", name, row)
    tables.write_csv(pd.DataFrame(rows), sm.output.table)
    # a stream of its own, so the table's numbers do not depend on this sensitivity analysis
    flips = permutation.d1_flips(int(sm.params.randomizations), [*sm.params.entropy, 1], tie_rule=sm.params.tie_rule)
    tables.write_csv(flips, sm.output.d1_flips)
    log.info("D1 single-cell flips keeping the LOO error at 0: %d of %d", int(flips.t2_p.notna().sum()), len(flips))
