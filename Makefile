# Two commands on a fresh clone: `make run` (the dashboard on the sample night) and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --quiet --disable-pip-version-check
# the modules mypyc compiles: the one list, analyzer/compiled.txt (a folder ending in / is every .py
# in it; a !path is left out)
LIST     := $(shell sed -e 's/\#.*//' analyzer/compiled.txt)
COMPILED := $(filter-out $(patsubst !%,%,$(filter !%,$(LIST))),$(foreach entry,$(filter-out !%,$(LIST)),\
              $(if $(filter %/,$(entry)),$(shell find $(entry) -name '*.py' | LC_ALL=C sort),$(entry))))
KERNEL   := analyzer/evaluator/_kernel.c
SUM      = $(shell cat $(1) | cksum | cut -d' ' -f1)
RUNTIME  := $(VENV)/.runtime-$(call SUM,pyproject.toml)
TESTDEPS := $(VENV)/.test-$(call SUM,pyproject.toml)
STAMP    := $(VENV)/.compiled-$(call SUM,pyproject.toml setup.py analyzer/compiled.txt $(COMPILED) $(KERNEL))
# the pure build's step: the differential tests (engine against pokerkit, audit, parsers, store rows,
# evaluator) and every doctest, with the compiled modules run from their sources (SIXPLUS_PURE=1)
PURE_TESTS := analyzer parsers tests/analyzer/test_compiled.py tests/analyzer/test_oracle_pokerkit.py \
              tests/analyzer/test_one_engine.py tests/analyzer/test_simulate_audit.py \
              tests/analyzer/test_pots_showdown.py tests/analyzer/test_betting_rules.py \
              tests/analyzer/test_evaluator_tables.py tests/analyzer/test_store_rows.py \
              tests/conformance/test_corpus_pokerstars.py tests/conformance/test_corpus_ggpoker.py \
              tests/conformance/test_fuzz_audit.py tests/parsers/test_starslike_grammar.py

LOCALE   := analyzer/locale
MO       := $(LOCALE)/de/LC_MESSAGES/sixplus.mo $(LOCALE)/es/LC_MESSAGES/sixplus.mo
# the functions that mark text for the catalogs (analyzer/i18n; T_ and nT_: parsers/errors.py, the parsers' own
# markers, as parsers never import analyzer/): name, or name:argument positions
KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
            -k msg -k nmsg:1,2 -k pmsg:1c,2 -k f_ -k fn_:1,2 -k T_ -k nT_:1,2

.PHONY: run test lint typecheck pytest pytest-pure browser bench samples clean print-compiled catalogs

# what the app needs: the runtime dependencies, and the project installed editable (pure until compiled)
$(RUNTIME): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	SIXPLUS_PURE=1 $(PIP) install -e .
	@rm -f $(VENV)/.runtime-*
	@touch $@

# the test tools (the `test` extra): only for `make test`
$(TESTDEPS): $(RUNTIME)
	SIXPLUS_PURE=1 $(PIP) install -e '.[test]'
	@rm -f $(VENV)/.test-*
	@touch $@

# the hot path compiled with mypyc and the evaluator kernel in C (setup.py), in pip's build
# environment (pyproject.toml's [build-system] requires: mypy and what it must see); rebuilt when a
# listed module changes; if it cannot be built, everything still runs as pure Python (and numpy)
$(STAMP): $(RUNTIME) setup.py analyzer/compiled.txt $(COMPILED) $(KERNEL)
	$(PIP) install --no-deps -e . || echo "make: the mypyc build failed; the hot path runs as pure Python" >&2
	@rm -f $(VENV)/.compiled-*
	@touch $@

# the compiled catalogs (shipped in the wheel beside their .po sources; setup.py's build compiles them too)
%.mo: %.po $(RUNTIME)
	$(BIN)/pybabel compile --statistics -D sixplus -i $< -o $@

# after changing texts: every msgid of analyzer/ and dashboards/ into the template, the German and
# Spanish catalogs updated from it (new texts to translate, none fuzzy), compiled, then checked:
# every page and CLI command in de and es without an untranslated text, the same placeholders
catalogs: $(TESTDEPS)
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) --no-default-keywords --no-location --sort-output \
	  --project sixplus --copyright-holder "sixplus authors" -o $(LOCALE)/sixplus.pot .
	sed -i '/^#, python-format$$/d' $(LOCALE)/sixplus.pot  # texts are str.format templates; a "%" is a percent sign
	$(BIN)/pybabel -q update -D sixplus -i $(LOCALE)/sixplus.pot -d $(LOCALE) --no-fuzzy-matching --ignore-obsolete
	$(MAKE) $(MO)
	$(BIN)/python -m pytest -q tests/i18n

run: $(STAMP) $(MO)
	$(BIN)/sixplus dashboard

test: lint typecheck pytest pytest-pure

lint: $(TESTDEPS) $(STAMP)
	$(BIN)/ruff check analyzer parsers dashboards tests benchmarks setup.py conftest.py
	$(BIN)/ruff format --check analyzer parsers dashboards tests benchmarks setup.py conftest.py

typecheck: $(TESTDEPS) $(STAMP) $(MO)
	$(BIN)/mypy

# the installed build (compiled where it could be), the whole suite
# Debian's chromium, which the browser tests drive with Playwright (a browser download does not
# work here): installed with apt-get where it is missing and we may (root, or sudo without a
# password); else a line says what to install and the browser tests fail saying the same
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then S=""; else S="sudo -n"; fi; \
	  ($$S apt-get update -qq && $$S env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	  || echo "make: could not install chromium (apt-get install chromium); the browser tests will fail" >&2; }

pytest: $(TESTDEPS) $(STAMP) $(MO) browser
	$(BIN)/python -m pytest -q -n 2 --timeout=900

# the pure build: the same sources run as Python, on the differential tests and the doctests
pytest-pure: $(TESTDEPS) $(STAMP) $(MO)
	SIXPLUS_PURE=1 $(BIN)/python -m pytest -q -n 2 --timeout=900 $(PURE_TESTS)

bench: $(TESTDEPS) $(STAMP) $(MO)
	$(BIN)/python -m benchmarks

samples: $(STAMP) $(MO)
	$(BIN)/python -m sample_histories.make

print-compiled:
	@echo $(COMPILED)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find analyzer parsers -name '*.so' -delete; rm -f *__mypyc*.so analyzer/evaluator/tables-*.bin
