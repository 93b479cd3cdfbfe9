"""Rule script: Ojala & Garriga's Tables II-III on your data -- every (data set, classifier)'s original
CV error and both tests' null mean, std and p-value (lib.studies.yours.permutation_summary), with
figure, caption and summary (lib.reporting.yours_views)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import plotting
from lib.reporting import yours_views as views
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_permutation") as log:
    settings = sm.params.settings
    raw = pd.concat([pd.read_csv(f) for f in sm.input.chunks], ignore_index=True)
    summary = yours.permutation_summary(
        raw, settings["alpha"], repetitions=int(settings["repetitions"]), spread_entropy=sm.params.spread_entropy
    )
    tables.write_csv(summary, sm.output.csv)
    caption = views.permutation_caption(
        summary,
        settings,
        sm.params.profile,
        views.classifiers_text(sm.params.classifiers, sm.params.estimators, settings["tie_rule"]),
    )
    plotting.save(views.permutation_figure(summary, caption), sm.output.pdf, sm.output.png)
    tables.write_text(views.permutation_markdown(summary, caption, settings["alpha"]), sm.output.md)
    log.info("%d (data set, classifier) rows", len(summary))
