"""Rule script: Ojala & Garriga 2009 Table I -- 1-NN leave-one-out on the toy data D1, D2."""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy (lib/permutation.py docstring)

import pandas as pd  # noqa: E402

from lib import ojala_toy, runlog, seeding, tables  # noqa: E402

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "ojala_table1_study") as log:
    rng = seeding.generator(sm.params.entropy)
    rows = []
    for name, (X, y) in (("D1", ojala_toy.d1()), ("D2", ojala_toy.d2())):
        row = ojala_toy.table1(X, y, int(sm.params.randomizations), rng, tie_rule=sm.params.tie_rule)
        rows.append({"dataset": name, "randomizations": int(sm.params.randomizations), **row})
        log.info("%s: %s", name, row)
    tables.write_csv(pd.DataFrame(rows), sm.output[0])
