"""Scorecard (and, later, the report and the reproduction archive)."""


rule scorecard:
    """Collect every artifact's claims into one table with a verdict per claim."""
    input:
        claims=CLAIMS,
        lib=lib_modules("scorecard", "tables"),
    output:
        csv="results/scorecard.csv",
        md="results/scorecard.md",
    log:
        "logs/scorecard.log",
    benchmark:
        "benchmarks/scorecard.tsv"
    conda:
        CONDA_ENV
    script:
        "../../scripts/build_scorecard.py"
