"""Rule script: Raeder et al.'s Fig. 2 on one of your data sets -- the seven metrics against the share
of positives removed, 10-fold and 5x2 CV (lib.studies.yours.imbalance_summary), with figure,
caption and summary (lib.reporting.yours_views)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import plotting
from lib.reporting import yours_views as views
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_imbalance") as log:
    settings, name = sm.params.settings, sm.wildcards.dataset
    # the reading imbalance.metric_aggregation picks the table, as for the chapter's panels
    frame = pd.read_csv(sm.input.per_fold if settings["metric_aggregation"] == "per_fold" else sm.input.pooled)
    summary = yours.imbalance_summary(frame)
    tables.write_csv(summary, sm.output.csv)
    names = list(dict.fromkeys(summary["classifier"]))
    caption = views.imbalance_caption(
        name, sm.params.spec, summary, settings, sm.params.profile, views.classifiers_text(names, sm.params.estimators)
    )
    plotting.save(views.imbalance_figure(summary, name, caption), sm.output.pdf, sm.output.png)
    tables.write_text(views.imbalance_markdown(summary, name, caption), sm.output.md)
    log.info("%d rows", len(summary))
