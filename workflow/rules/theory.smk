"""Wang et al. 2011 Sec. 3 theory (beyond the paper's figures): Monte Carlo of the Bernoulli
model of node errors against the closed forms of Theorems 1-3."""

from lib.studies import theory as THEORY_LIB  # importable: see common.smk


rule theory_montecarlo:
    """Monte Carlo Var(Z_k) over n/m, q and rho, next to Theorems 1, 2 and 3."""
    input:
        lib=lib_inputs("scripts/theory_montecarlo.py"),
    output:
        montecarlo="results/studies/theory/montecarlo.csv",
    log:
        "logs/theory/montecarlo.log",
    benchmark:
        "benchmarks/theory/montecarlo.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(THEORY_LIB.JOBS["theory_montecarlo"]),
    script:
        "../../scripts/theory_montecarlo.py"


rule theory_thm3_model:
    """Monte Carlo Var(Z_k) under eq. (1) exactly, at the (q, rho) where it exists (Theorem 3)."""
    input:
        lib=lib_inputs("scripts/theory_thm3_model.py"),
    output:
        thm3_model="results/studies/theory/thm3_model.csv",
    log:
        "logs/theory/thm3_model.log",
    benchmark:
        "benchmarks/theory/thm3_model.tsv"
    conda:
        CONDA_ENV
    params:
        **job_params(THEORY_LIB.JOBS["theory_thm3_model"]),
    script:
        "../../scripts/theory_thm3_model.py"


# The study's figure, wang2011/theorems, is declared in lib.views.wang2011 (rule theory_wang2011_theorems,
# workflow/rules/artifacts.smk).
