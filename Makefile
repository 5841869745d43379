# Every target creates or reuses .venv and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test fuzz transparency coverage bench lint clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10+ is needed"'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,jax]'
	@touch $(STAMP)

# The demo needs only the package and NumPy (JAX and Graphviz add to it when they are there).
DEMO_STAMP := $(VENV)/.installed-demo

$(DEMO_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10+ is needed"'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e .
	@touch $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	$(PY) examples/demo.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest

fuzz: $(STAMP)
	AUTOGRAPH_FUZZ_EXAMPLES=20000 $(PY) -m pytest tests/autograph/test_random_programs.py

transparency: $(STAMP)
	$(PY) -m tests.transparency

coverage: $(STAMP)
	$(PY) -m tests.coverage --executor both

bench: $(STAMP)
	$(PY) -m benchmarks

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
