# Two commands on a fresh clone: `make run` (the dashboard on the sample night) and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
COMPILED := analyzer/evaluator/fast.py analyzer/replay/pots.py analyzer/replay/showdown.py analyzer/replay/rules.py \
            analyzer/replay/table.py analyzer/replay/engine.py \
            analyzer/audit/hand.py analyzer/stats/facts.py analyzer/store/moves.py analyzer/store/rows.py \
            parsers/starslike/text.py parsers/starslike/blocks.py parsers/starslike/lines.py \
            parsers/starslike/summary.py parsers/starslike/body.py
KERNEL := analyzer/evaluator/_kernel.c
DEPS   := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
LOCALE := analyzer/locale
MO     := $(LOCALE)/de/LC_MESSAGES/sixplus.mo $(LOCALE)/es/LC_MESSAGES/sixplus.mo
# the functions that mark text for the catalogs (analyzer/i18n): name, or name:argument positions
KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
            -k msg -k nmsg:1,2 -k pmsg:1c,2 -k f_ -k fn_:1,2
STAMP  := $(VENV)/.compiled-$(shell cat setup.py $(COMPILED) $(KERNEL) | cksum | cut -d' ' -f1)

.PHONY: run test lint typecheck pytest bench samples clean catalogs

# the dependencies, and the project installed editable as pure Python
$(DEPS): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	SIXPLUS_PURE=1 $(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@rm -f $(VENV)/.installed-* $(VENV)/.compiled-*
	@touch $@

# the hot path compiled with mypyc and the evaluator kernel in C (setup.py); rebuilt when their
# sources change; if they cannot be built, everything still runs as pure Python (and numpy)
$(STAMP): $(DEPS) setup.py $(COMPILED) $(KERNEL) $(MO)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'setuptools>=70' wheel
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps -e . \
	  || echo "make: the mypyc build failed; the audit runs as pure Python" >&2
	@rm -f $(VENV)/.compiled-*
	@touch $@

# the compiled catalogs (shipped in the wheel beside their .po sources)
%.mo: %.po $(DEPS)
	$(BIN)/pybabel compile --statistics -D sixplus -i $< -o $@

# after changing texts: every msgid of analyzer/ and dashboards/ into the template, the German and
# Spanish catalogs updated from it (new texts to translate, none fuzzy), compiled, then checked:
# every page and CLI command in de and es without an untranslated text, the same placeholders
catalogs: $(DEPS)
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) --no-default-keywords --no-location --sort-output \
	  --project sixplus --copyright-holder "sixplus authors" -o $(LOCALE)/sixplus.pot .
	sed -i '/^#, python-format$$/d' $(LOCALE)/sixplus.pot  # texts are str.format templates; a "%" is a percent sign
	$(BIN)/pybabel -q update -D sixplus -i $(LOCALE)/sixplus.pot -d $(LOCALE) --no-fuzzy-matching --ignore-obsolete
	$(MAKE) $(MO)
	$(BIN)/python -m pytest -q tests/i18n

run: $(STAMP)
	$(BIN)/sixplus dashboard

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check analyzer parsers dashboards tests benchmarks setup.py conftest.py
	$(BIN)/ruff format --check analyzer parsers dashboards tests benchmarks setup.py conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --timeout=900

bench: $(STAMP)
	$(BIN)/python -m benchmarks

samples: $(STAMP)
	$(BIN)/python -m sample_histories.make

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find analyzer parsers -name '*.so' -delete; rm -f *__mypyc*.so
