"""Wang et al. 2011 Sec. 3 theory (beyond the paper's figures): Monte Carlo of the Bernoulli
model of node errors against the closed forms of Theorems 1-3."""


rule theory_montecarlo:
    """Monte Carlo Var(Z_k) over n/m, q and rho, next to Theorems 1, 2 and 3."""
    input:
        lib=lib_inputs("scripts/theory_montecarlo.py"),
    output:
        "results/studies/theory/montecarlo.csv",
    log:
        "logs/theory/montecarlo.log",
    benchmark:
        "benchmarks/theory/montecarlo.tsv"
    conda:
        CONDA_ENV
    params:
        theory=theory_settings(),
        entropy=job_entropy("theory", theory_settings(), 0),
    script:
        "../../scripts/theory_montecarlo.py"


rule theory_thm3_model:
    """Monte Carlo Var(Z_k) under eq. (1) exactly, at the (q, rho) where it exists (Theorem 3)."""
    input:
        lib=lib_inputs("scripts/theory_thm3_model.py"),
    output:
        "results/studies/theory/thm3_model.csv",
    log:
        "logs/theory/thm3_model.log",
    benchmark:
        "benchmarks/theory/thm3_model.tsv"
    conda:
        CONDA_ENV
    params:
        theory=theory_thm3_settings(),
        entropy=job_entropy("theory_thm3_model", theory_thm3_settings(), 0),
    script:
        "../../scripts/theory_thm3_model.py"


register_artifact("wang2011", "theorems")


rule theory_wang2011_theorems:
    """Figure: Theorems 1-3 against Monte Carlo (normalised variance of Z_k)."""
    input:
        mc=rules.theory_montecarlo.output[0],
        thm3=rules.theory_thm3_model.output[0],
        lib=lib_inputs("scripts/theory_wang2011_theorems.py"),
    output:
        pdf="results/wang2011/theorems.pdf",
        png=report_output("results/wang2011/theorems.png"),
        csv=report_output("results/wang2011/theorems.csv"),
        claims="results/wang2011/theorems.claims.csv",
    log:
        "logs/wang2011/theorems.log",
    benchmark:
        "benchmarks/wang2011/theorems.tsv"
    conda:
        CONDA_ENV
    params:
        profile=config["profile"],
        replications=config["theory"]["replications"],
        theory=config["theory"],
    script:
        "../../scripts/theory_wang2011_theorems.py"
