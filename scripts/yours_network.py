"""Rule script: Neville's Fig. 1(f) / Wang's Fig. 3 on one of your networks -- Type I error and power
of RS, RS-C and NCV, paired and unpaired (lib.studies.yours.network_summary), with figure, caption
and summary (lib.reporting.yours_views)."""

import pandas as pd

from lib.core import runlog, tables
from lib.reporting import plotting
from lib.reporting import yours_views as views
from lib.studies import yours

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "yours_network") as log:
    settings, name = sm.params.settings, sm.wildcards.netset
    calibration = pd.read_csv(sm.input.calibration)
    summary = yours.network_summary(name, [pd.read_csv(f) for f in sm.input.chunks], calibration)
    nets = pd.read_csv(sm.input.networks)
    tables.write_csv(summary, sm.output.csv)
    cases = yours.calibration_cases(calibration)
    caption = views.network_caption(name, nets, summary, settings, sm.params.profile, cases)
    plotting.save(views.network_figure(summary, nets, name, caption, settings["alpha"]), sm.output.pdf, sm.output.png)
    tables.write_text(
        views.network_markdown(summary, nets, name, caption, settings["alpha"], settings["tolerance"], calibration),
        sm.output.md,
    )
    log.info("%d summary rows; calibrations by case: %s", len(summary), dict(zip(cases["case"], cases["calibrations"])))
