# Two commands do everything, on a fresh machine with only Python >= 3.11:
#   make figures   build every artifact at paper scale (creates .venv on first use)
#   make test      run the test suite (unit, statistical and end-to-end workflow tests)
# Other targets: make quick (quick profile), make dryrun, make lint, make clean,
#   make report   build, then results/report.html (snakemake --report); PROFILE=quick for the quick profile
#   make archive  report, then archive/reproduction-<profile>.tar.gz (snakemake archive)
#   make slurm-profile   rederive profiles/slurm/config.yaml from benchmarks/ (after a run)
#   make slurm-test      run the quick profile through a private local SLURM cluster (root, Debian slurm)

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

.PHONY: figures test quick dryrun lint clean env report archive slurm-profile slurm-test

env: $(VENV)/.installed

$(VENV)/.installed: envs/requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r envs/requirements.txt
	@touch $@

figures: env
	$(BIN)/snakemake --cores $(CORES) $(SNAKE_ARGS)

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

archive: report
	$(BIN)/snakemake --cores 1 archive $(PROFILE_ARGS) $(SNAKE_ARGS)

slurm-profile: env
	$(BIN)/python scripts/derive_slurm_profile.py benchmarks

slurm-test: env
	REPRO_SLURM_TEST=1 $(BIN)/python -m pytest tests/test_slurm.py -v

clean:
	rm -rf results logs benchmarks .snakemake archive
