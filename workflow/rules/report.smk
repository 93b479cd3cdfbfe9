"""Scorecard, report and reproduction archive.

The HTML report is Snakemake's own: `snakemake --report results/report.html` (`make report`)
after a run collects every artifact's files (marked in common.smk's view_outputs; caption
workflow/report/artifact.rst) plus the scorecard. The archive rule packages code, config, environment, data
checksums (and the raw files whose licence allows it), results, scorecard and report, as a Workflow RO-Crate."""


rule scorecard:
    """Collect every artifact's claims into one table with a verdict per claim and the readings
    (lib.core.readings) each verdict was computed under."""
    input:
        claims=CLAIMS,
        lib=lib_inputs("scripts/scorecard.py"),
    output:
        csv=report(
            "results/scorecard.csv",
            caption="../report/scorecard.rst",
            category="Scorecard",
            labels={"artifact": "scorecard", "file": "numbers"},
        ),
        md=report(
            "results/scorecard.md",
            caption="../report/scorecard.rst",
            category="Scorecard",
            labels={"artifact": "scorecard", "file": "table"},
        ),
    log:
        "logs/scorecard.log",
    benchmark:
        "benchmarks/scorecard.tsv"
    conda:
        CONDA_ENV
    params:
        # the readings behind each artifact's verdicts, as its caption states them: changing one reruns
        # the scorecard even where a claim file does not change
        readings={a.id: READINGS.describe(a.keys_read(config), config) for a in VIEW_REGISTRY.ARTIFACTS.values()},
    script:
        "../../scripts/scorecard.py"


rule archive:
    """Reproduction package archive/reproduction-<profile>.tar.gz: code at its git commit, config,
    pinned environment, raw-data checksums (+ files whose licence allows it), results, scorecard,
    report, MANIFEST.sha256 (scripts/lib/infra/archive.py); a Workflow RO-Crate
    (ro-crate-metadata.json: the run and every claim's provenance, read from the run's own records in
    .snakemake/metadata; scripts/lib/infra/crate.py). Not part of `rule all`."""
    input:
        artifacts=ARTIFACTS,
        claims=CLAIMS,
        scorecard=rules.scorecard.output,
        report=built_report,
        lib=lib_inputs("scripts/archive.py"),
    output:
        f"archive/reproduction-{config['profile']}.tar.gz",
    log:
        "logs/archive.log",
    conda:
        CONDA_ENV
    params:
        config=config,
    script:
        "../../scripts/archive.py"
