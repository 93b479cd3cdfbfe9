"""Reference reproduction pipeline for classifier-evaluation statistics.

snakemake --cores N                                   # every artifact at paper scale
snakemake --cores N --configfile config/quick.yaml    # quick profile
snakemake --cores N results/neville2009/fig1a.pdf     # one figure and what it needs
snakemake yours --cores N --configfile config/config.yaml config/yours.example.yaml  # your data (docs/yours.md)
"""

import sys
from pathlib import Path

from snakemake.utils import min_version

min_version("9.0")

# The one place that makes the lib importable for the rules files (common.smk, data.smk use it);
# rule scripts get it from Snakemake (a script's folder is on its sys.path) and tests from pytest.ini.
sys.path.insert(0, str(Path(workflow.basedir) / "scripts"))
from lib.infra import configcheck  # noqa: E402


configfile: "config/config.yaml"


try:
    configcheck.check(config, Path(workflow.basedir) / "workflow/schemas/config.schema.yaml")
except configcheck.ConfigError as error:
    sys.exit(f"Config error: {error}.")


wildcard_constraints:
    scenario=r"[a-z0-9_]+",
    chunk=r"\d+",


include: "workflow/rules/common.smk"
include: "workflow/rules/data.smk"
include: "workflow/rules/simulated.smk"
include: "workflow/rules/theory.smk"
include: "workflow/rules/relational.smk"
include: "workflow/rules/realnet.smk"
include: "workflow/rules/imbalance.smk"
include: "workflow/rules/permutation.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/readings.smk"
include: "workflow/rules/stability.smk"
include: "workflow/rules/yours.smk"


# Every artifact of every paper, and the scorecard.
rule all:
    default_target: True
    input:
        ARTIFACTS,
        "results/scorecard.csv",
        "results/scorecard.md",
