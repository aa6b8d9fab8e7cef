# Two commands on a fresh clone: `make run` (the dashboard on the sample night) and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint typecheck pytest bench samples clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@rm -f $(VENV)/.installed-*
	@touch $@

run: $(STAMP)
	$(BIN)/sixplus dashboard

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check analyzer parsers dashboards tests benchmarks
	$(BIN)/ruff format --check analyzer parsers dashboards tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --timeout=900

bench: $(STAMP)
	$(BIN)/python -m benchmarks

samples: $(STAMP)
	$(BIN)/python -m sample_histories.make

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
