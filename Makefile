# Two commands do everything, on a fresh machine with only Python >= 3.11 (.venv is created on first use):
#   make figures   every artifact and the scorecard at the papers' scale
#                  (OVERLAY=config/reduced_smo.yaml: Weka's SMO on 200 randomisations, a stated deviation)
#   make test      the test suite (unit, claim, statistical and end-to-end workflow tests)
# One artifact:    make figure TARGET=results/neville2009/fig1a.pdf [PROFILE=quick]
#   make smoke     one small artifact of every study (config/smoke.yaml): does the workflow run end to end?
#   make test-unit the tests without the end-to-end workflow runs (the inner loop while editing code)
# Also: make quick (everything on the quick profile), make dryrun, make lint, make clean,
#   make report     build, then results/report.html (snakemake --report)
#   make readings   every alternative of every reading: results/readings.{md,csv}
#   make stability  the DAG under SEEDS independent base seeds: results/stability.{md,csv}
#   make archive    report, then archive/reproduction-<profile>.tar.gz
#   make slurm-profile / slurm-test   SLURM profile from benchmarks/ / the quick profile on a private cluster
#   make test-extended   the slow end-to-end checks CI runs after the suite (readings, stability, SLURM)
#   make weka-crosscheck / weka-test  optional checks against real Weka (java; own venv .venv-weka)
#   make bench      CPU ms per randomisation of the Ojala study's costliest cells: ours, scikit-learn's,
#                   Weka's (with .venv-weka); BENCH_ARGS="--quick" (about 1 min), "--cells segment-weka/1nn"
# Common variables: CORES (default: all), PROFILE=paper|quick|smoke, OVERLAY=<config overlay>,
#   MIRROR=<folder with verified copies of the raw data sets> (default: download them).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORES  ?= $(shell nproc 2>/dev/null || echo 2)
MIRROR ?=
PROFILE ?= paper
OVERLAY ?=
EXTRA_CONFIG ?=
TARGET ?=
SEEDS  ?= 5
# Targets come before --configfile, which takes several values (and a second --configfile
# replaces the first): every config file goes into one --configfile, profile first.
CONFIG_FILES = $(if $(filter quick smoke,$(PROFILE)),config/$(PROFILE).yaml,) $(OVERLAY) $(EXTRA_CONFIG)
CONFIG_ARGS = $(if $(strip $(CONFIG_FILES)),--configfile $(strip $(CONFIG_FILES)),) \
              $(if $(MIRROR),--config 'data={mirror: $(abspath $(MIRROR))}',)
SNAKEMAKE = $(BIN)/snakemake --cores $(CORES)

.PHONY: env figures figure quick smoke test test-unit test-extended dryrun lint format clean report readings \
        stability archive slurm-profile slurm-test weka-env weka-crosscheck weka-test bench

env: $(VENV)/.installed

$(VENV)/.installed: envs/requirements.txt envs/dev-requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r envs/dev-requirements.txt
	@touch $@

figures: env
	$(SNAKEMAKE) $(CONFIG_ARGS)

figure: env
	@test -n "$(TARGET)" || { echo "name the file to build: make figure TARGET=results/<paper>/<artifact>.pdf [PROFILE=quick]"; exit 2; }
	$(SNAKEMAKE) $(TARGET) $(CONFIG_ARGS)

quick:
	$(MAKE) figures PROFILE=quick

# One small artifact of every study -- simulated, theory, relational, realnet, imbalance, permutation,
# yours -- on config/smoke.yaml (profile `smoke`, which every caption names): a check that data,
# jobs, figures and claims work end to end: about 1.5 min on 2 cores (docs/operations.md).
SMOKE_TARGETS = results/neville2009/fig1a.pdf results/wang2011/theorems.pdf results/neville2009/fig1c.pdf \
                results/neville2009/table1.md results/raeder2012/fig2a.pdf results/ojala2009/table1.md yours
smoke: PROFILE = smoke
smoke: env
	$(SNAKEMAKE) $(SMOKE_TARGETS) $(CONFIG_ARGS)

dryrun: env
	$(SNAKEMAKE) --dry-run $(CONFIG_ARGS)

test: env
	$(BIN)/python -m pytest

# Every test but the end-to-end runs of Snakemake (marker `workflow`, most of tests/workflow/).
test-unit: env
	$(BIN)/python -m pytest -m "not workflow"

lint: env
	$(BIN)/ruff check scripts tests
	$(BIN)/ruff format --check scripts tests
	$(BIN)/snakefmt --check Snakefile workflow/Snakefile workflow/rules
	$(BIN)/snakemake --lint

format: env
	$(BIN)/ruff check --fix scripts tests
	$(BIN)/ruff format scripts tests
	$(BIN)/snakefmt Snakefile workflow/Snakefile workflow/rules

# The report needs a completed run (Snakemake reads its metadata); the build is a no-op when up to date.
report: env
	$(SNAKEMAKE) $(CONFIG_ARGS)
	$(BIN)/snakemake --report results/report.html $(CONFIG_ARGS)

readings: env
	$(SNAKEMAKE) readings $(CONFIG_ARGS)

# (--config would pass the nested value as a string: the seed count goes in as a config overlay)
stability: EXTRA_CONFIG = results/stability.config.yaml
stability: env
	@mkdir -p results && printf 'stability: {seeds: %d}\n' $(SEEDS) > results/stability.config.yaml
	$(SNAKEMAKE) stability $(CONFIG_ARGS)

archive: report
	$(BIN)/snakemake --cores 1 archive $(CONFIG_ARGS)

slurm-profile: env
	$(BIN)/python scripts/tools/derive_slurm_profile.py benchmarks

slurm-test: env
	REPRO_SLURM_TEST=1 $(BIN)/python -m pytest tests/workflow/test_slurm.py -v

# One pytest session, so the readings, stability and SLURM checks share one local quick run (the
# session fixture quick_run). The SLURM test skips with its reason where SLURM cannot start.
# EXTENDED picks some of them (CI leaves out the readings build: about 35 min of its own).
EXTENDED ?= tests/workflow/test_readings_target.py tests/workflow/test_stability_target.py tests/workflow/test_slurm.py
test-extended: env
	REPRO_EXTENDED_TESTS=1 REPRO_SLURM_TEST=1 $(BIN)/python -m pytest -v $(EXTENDED)

clean:
	rm -rf results logs benchmarks .snakemake archive

# Optional cross-check against real Weka (scripts/tools/crosscheck_weka.py). A separate venv keeps the
# project's pinned .venv untouched; python-weka-wrapper3 ships Weka 3.9.7 and needs java (>= 11).
# Weka 3.6 (the papers' version) runs as well when WEKA36_JAR is a file: Debian's `weka` package
# (apt-get install weka) installs 3.6.14 as /usr/share/java/weka.jar. Set WEKA36_JAR= to skip it.
VENV_WEKA  := .venv-weka
WEKA36_JAR ?= /usr/share/java/weka.jar
WEKA_DATASETS ?=

weka-env: $(VENV_WEKA)/.installed

$(VENV_WEKA)/.installed: envs/weka-requirements.txt
	@command -v java >/dev/null || { echo "java (>= 11) is required, e.g. apt-get install default-jre-headless"; exit 1; }
	$(PYTHON) -m venv $(VENV_WEKA)
	$(VENV_WEKA)/bin/python -m pip install --quiet --upgrade pip
	$(VENV_WEKA)/bin/python -m pip install --quiet -r envs/weka-requirements.txt
	@touch $@

weka-crosscheck: weka-env
	$(VENV_WEKA)/bin/python scripts/tools/crosscheck_weka.py $(if $(MIRROR),--mirror $(abspath $(MIRROR)),) \
		--weka36-jar '$(WEKA36_JAR)' $(if $(WEKA_DATASETS),--datasets $(WEKA_DATASETS),) \
		--out results/crosscheck/weka.csv

weka-test: env weka-env
	REPRO_WEKA_TEST=1 $(BIN)/python -m pytest tests/tools/test_crosscheck_weka.py -v

# Not a test: timings on this machine (scripts/tools/bench.py; table on stdout, CSV in results/benchmarks/).
# The Weka column needs .venv-weka (make weka-env); without it the column is left out with a note.
BENCH_ARGS ?=
bench: env
	$(BIN)/python scripts/tools/bench.py $(if $(MIRROR),--mirror $(abspath $(MIRROR)),) $(BENCH_ARGS)
