# Two commands do everything, on a fresh machine with only Python >= 3.11:
#   make figures   build every artifact at paper scale (creates .venv on first use)
#   make test      run the test suite (unit, statistical and end-to-end workflow tests)
# Other targets: make quick (quick profile), make dryrun, make lint, make clean.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORES  ?= $(shell nproc 2>/dev/null || echo 2)
# Folder with verified copies of the raw datasets; empty = download from the canonical source.
MIRROR ?=
SNAKE_ARGS := $(if $(MIRROR),--config data='{mirror: $(abspath $(MIRROR))}',)

.PHONY: figures test quick dryrun lint clean env

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

clean:
	rm -rf results logs benchmarks .snakemake
