"""Reference reproduction pipeline for classifier-evaluation statistics.

snakemake --cores N                                   # every artifact at paper scale
snakemake --cores N --configfile config/quick.yaml    # quick profile
snakemake --cores N results/neville2009/fig1a.pdf     # one figure and what it needs
snakemake yours --cores N --configfile config/config.yaml config/yours.example.yaml  # your data (docs/yours.md)

As a module of a workflow in another folder (`module ...: snakefile: ...`): docs/yours.md.
"""

import posixpath
import sys
from pathlib import Path

from snakemake.sourcecache import HostingProviderFile, LocalSourceFile
from snakemake.utils import min_version

min_version("9.0")

# This workflow's own folder, the one that holds this Snakefile -- also when another workflow uses it
# as a module (`module ...: snakefile: ...`, docs/yours.md), where workflow.basedir is the caller's
# folder. Code, schemas and the lib's data files are found from here (captions, conda environments
# and rule scripts Snakemake finds from each rules file); data, results, logs and benchmarks go to
# the working directory.
HOME = workflow.current_basedir
if isinstance(HOME, LocalSourceFile):
    WORKFLOW_DIR = Path(HOME.get_path_or_uri(secret_free=True)).resolve()
elif isinstance(HOME, HostingProviderFile):
    # A git-hosted module (`github(..., tag=...)`, as snakedeploy writes it): Snakemake fetches only
    # the files it is asked for into its source cache, so ask once for what is read from here --
    # the rule scripts with the lib, the schemas, the resources. In the cache they sit as in the
    # repository, so each rule script (cached beside them when its job runs) imports `lib` too.
    _tree = HOME.hosted_repo.repo.commit(HOME.ref).tree
    for _part in ("scripts", "workflow/schemas", "workflow/resources"):
        for _item in (_tree / posixpath.join(HOME.path, _part)).traverse():
            _name = posixpath.relpath(_item.path, HOME.path or ".")
            if _item.type == "blob" and not _name.startswith("scripts/tools/"):
                workflow.source_path(_name)
    WORKFLOW_DIR = Path(workflow.source_path("Snakefile")).parent
else:
    sys.exit(
        f"Workflow error: {HOME.get_path_or_uri(secret_free=True)} is neither a local folder nor a "
        "git-hosted repository (github(...), gitlab(...)); clone the workflow and give the clone's Snakefile."
    )
# The one place that makes the lib importable for the rules files (common.smk, data.smk use it);
# rule scripts get it from Snakemake (a script's folder is on its sys.path) and tests from pytest.ini.
sys.path.insert(0, str(WORKFLOW_DIR / "scripts"))
from lib.infra import configcheck  # noqa: E402

CONFIG_SCHEMA = WORKFLOW_DIR / "workflow/schemas/config.schema.yaml"


# (ignored when this workflow is a module: the caller's config is used, and checked below)
configfile: "config/config.yaml"


try:
    configcheck.check(config, CONFIG_SCHEMA)
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
include: "workflow/rules/yours.smk"
include: "workflow/rules/artifacts.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/readings.smk"
include: "workflow/rules/stability.smk"


# Every artifact of every paper, and the scorecard.
rule all:
    default_target: True
    input:
        ARTIFACTS,
        "results/scorecard.csv",
        "results/scorecard.md",
