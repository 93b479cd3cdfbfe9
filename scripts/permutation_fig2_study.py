"""Rule script permutation_fig2_study: Ojala & Garriga 2009 Figure 2 -- Iris and one randomized
version of each kind, and the claims' statistics over many (lib.studies.permutation.fig2_versions)."""

from lib.core import runlog, seeding, tables
from lib.data import datasets
from lib.studies import permutation

sm = snakemake  # noqa: F821 (injected by Snakemake)
with runlog.logged(sm.log[0], "permutation_fig2_study"):
    iris = datasets.load("iris")
    columns = [iris.feature_names.index("petallength"), iris.feature_names.index("petalwidth")]
    versions = permutation.fig2_versions(
        iris.X[:, columns],
        iris.y,
        iris.class_names,
        int(sm.params.randomizations),
        seeding.generator(sm.params.entropy),
    )
    for name, table in versions.items():
        tables.write_csv(table, sm.output[name], exact=True)  # the view's claims average these
