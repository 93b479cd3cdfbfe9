# Two commands do everything, on a fresh machine with only Python >= 3.11:
#   make figures   build every artifact at paper scale (creates .venv on first use;
#                  OVERLAY=config/reduced_smo.yaml: SMO on 200 randomisations, under an hour on 2 cores)
#   make test      run the test suite (unit, statistical and end-to-end workflow tests)
# Other targets: make quick (quick profile), make dryrun, make lint, make clean,
#   make report   build, then results/report.html (snakemake --report); PROFILE=quick for the quick profile
#   make readings every alternative of every reading: results/readings.{md,csv} (snakemake readings;
#                 PROFILE=quick on the quick profile, else at the paper config's readings.scale)
#   make archive  report, then archive/reproduction-<profile>.tar.gz (snakemake archive)
#   make slurm-profile   rederive profiles/slurm/config.yaml from benchmarks/ (after a run)
#   make slurm-test      run the quick profile through a private local SLURM cluster (root, Debian slurm)
#   make test-extended   the slow end-to-end checks CI runs after the suite, on one shared quick run:
#                        the readings comparison (snakemake readings) and the SLURM run
#   make weka-crosscheck optional: lib/models/weka_like.py vs real Weka on identical folds (needs java;
#                        own venv .venv-weka; also Weka 3.6 if WEKA36_JAR exists, e.g. Debian's weka)
#   make weka-test       the opt-in test of that harness (tests/tools/test_crosscheck_weka.py)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORES  ?= $(shell nproc 2>/dev/null || echo 2)
# Folder with verified copies of the raw datasets; empty = download from the canonical source.
MIRROR ?=
SNAKE_ARGS := $(if $(MIRROR),--config data='{mirror: $(abspath $(MIRROR))}',)
# Scale profile of `make report` / `make archive`: paper (config/config.yaml) or quick.
PROFILE ?= paper
PROFILE_ARGS := $(if $(filter quick,$(PROFILE)),--configfile config/quick.yaml,)
# A config overlay on config/config.yaml for `make figures`, e.g. config/reduced_smo.yaml (Weka's
# SMO on 200 instead of 1000 randomisations: a stated deviation, under an hour on 2 cores).
OVERLAY ?=
OVERLAY_ARGS := $(if $(OVERLAY),--configfile $(OVERLAY),)

.PHONY: figures test test-extended quick dryrun lint clean env report readings archive slurm-profile slurm-test weka-env weka-crosscheck weka-test

env: $(VENV)/.installed

$(VENV)/.installed: envs/requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r envs/requirements.txt
	@touch $@

figures: env
	$(BIN)/snakemake --cores $(CORES) $(OVERLAY_ARGS) $(SNAKE_ARGS)

test: env
	$(BIN)/python -m pytest

quick: env
	$(BIN)/snakemake --cores $(CORES) --configfile config/quick.yaml $(SNAKE_ARGS)

dryrun: env
	$(BIN)/snakemake --cores $(CORES) --dry-run $(SNAKE_ARGS)

lint: env
	$(BIN)/snakemake --lint

# The report needs a completed run (Snakemake reads its metadata); the build step is a no-op
# when everything is up to date. Targets go before --configfile (it takes several values).
report: env
	$(BIN)/snakemake --cores $(CORES) $(PROFILE_ARGS) $(SNAKE_ARGS)
	$(BIN)/snakemake --report results/report.html $(PROFILE_ARGS) $(SNAKE_ARGS)

readings: env
	$(BIN)/snakemake --cores $(CORES) readings $(PROFILE_ARGS) $(SNAKE_ARGS)

archive: report
	$(BIN)/snakemake --cores 1 archive $(PROFILE_ARGS) $(SNAKE_ARGS)

slurm-profile: env
	$(BIN)/python scripts/tools/derive_slurm_profile.py benchmarks

slurm-test: env
	REPRO_SLURM_TEST=1 $(BIN)/python -m pytest tests/workflow/test_slurm.py -v

# One pytest session, so the readings build and the SLURM run share one local quick run (the
# session fixture quick_run). The SLURM test skips with its reason where SLURM cannot start.
test-extended: env
	REPRO_EXTENDED_TESTS=1 REPRO_SLURM_TEST=1 $(BIN)/python -m pytest -v tests/workflow/test_readings_target.py tests/workflow/test_slurm.py

clean:
	rm -rf results logs benchmarks .snakemake archive

# Optional cross-check against real Weka (scripts/tools/crosscheck_weka.py). A separate venv keeps the
# project's pinned .venv untouched; python-weka-wrapper3 ships Weka 3.9.7 and needs java (>= 11).
# Weka 3.6 (the paper's version) runs as well when WEKA36_JAR is a file: Debian's `weka` package
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
