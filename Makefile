# Every target creates or reuses .venv and installs what it needs.
PYTHON ?= python3
UPDATE_DOCS ?=
VENV ?= .venv
PYTEST_WORKERS ?= auto
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test pythons slow check fuzz transparency coverage bench lint clean

# numba too, so that make test runs executor="numba" and numba's place in executor="auto" (their tests skip without it).
$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10+ is needed"'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,jax,numba]'
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

# The whole suite but the `slow` cases (for the largest families, tests/conftest.py's SAMPLED, a fixed sample),
# and fewer examples of three random families (test_three_modes.py's programs 30 of 200, test_graph_backend.py's
# 100 of 500, test_jax_appends_and_zips.py's 3 of 15, test_special_values_in_programs.py's 10 of 25 and
# test_jax_summation_order.py's 3 of 30 per program and executor, for a quarter of the pairs; the einsum family of
# test_product_kernels.py 6 of 30, test_argument_layouts.py's 8 of 40, test_unflattener.py's 60 of 300;
# test_random_programs.py runs its 2,000, each on the three paths; every other property test a quarter of its examples,
# AUTOGRAPH_EXAMPLES_SHARE in tests/conftest.py): under 10 minutes on 2 cores. `-n auto`: one pytest-xdist worker per core (a single process took 10:21 on
# 2 cores, two workers 5:00); `PYTEST_WORKERS=0` runs it in one process (for --pdb, or to read one test's output).
# `--dist worksteal`: a worker that finishes early takes queued tests from the other (the long random families
# otherwise left one worker alone at the end).
test: $(STAMP)
	$(PY) -m ruff check .
	AUTOGRAPH_THREE_MODES_EXAMPLES=30 AUTOGRAPH_GRAPH_FUZZ_EXAMPLES=100 AUTOGRAPH_JAX_APPENDS_EXAMPLES=3 \
		AUTOGRAPH_PATH_ALIASES_EXAMPLES=40 AUTOGRAPH_PATH_TYPES_EXAMPLES=50 \
		AUTOGRAPH_SPECIAL_PROGRAM_EXAMPLES=10 AUTOGRAPH_ORDER_EXAMPLES=3 AUTOGRAPH_LAYOUT_EXAMPLES=3 AUTOGRAPH_PRODUCT_EXAMPLES=6 \
		AUTOGRAPH_EINSUM_EXAMPLES=6 AUTOGRAPH_ARGUMENT_LAYOUT_EXAMPLES=8 AUTOGRAPH_UNFLATTEN_EXAMPLES=60 \
		AUTOGRAPH_EXAMPLES_SHARE=4 \
		$(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not slow"

# `make test` again on the other Pythons found here, each in its own venv (.venv-3.13): pip gives them other releases
# (3.13: NumPy 2.5, SciPy 1.18, JAX 0.12; 3.10, the oldest the package supports: NumPy 2.2, SciPy 1.15, no JAX), and
# CPython changed what the runtime reads (3.12's range iterators pickle what they have left; 3.10 has no exception
# notes: docs/limitations.md, "Python 3.10"). A Python is looked for in pyenv's versions, then on the PATH; one not
# found is skipped with a word. CI runs it after `make test`. `make pythons OTHER_PYTHONS=3.12` runs another.
OTHER_PYTHONS ?= 3.13 3.10
pythons:
	@for v in $(OTHER_PYTHONS); do \
		py=$$(ls -d $$(pyenv root 2>/dev/null || echo /nonexistent)/versions/$$v.*/bin/python 2>/dev/null | tail -1); \
		if [ -z "$$py" ] && python$$v -c pass 2>/dev/null; then py=$$(command -v python$$v); fi; \
		if [ -z "$$py" ]; then echo "make pythons: no Python $$v found here: skipped"; continue; fi; \
		echo "make pythons: Python $$v ($$py)"; \
		$(MAKE) test PYTHON=$$py VENV=.venv-$$v || exit 1; \
	done

# The rest: the `slow` cases, and those three random families at their full counts.
# `make test` and `make slow` together run every test (as plain `pytest` does).
slow: $(STAMP)
	$(PY) -m pytest -n $(PYTEST_WORKERS) -m slow
	$(PY) -m pytest -n $(PYTEST_WORKERS) tests/autograph/test_three_modes.py::test_random_programs_graph_on_numpy_and_lowered_to_jax \
		tests/autograph/test_three_modes.py::test_random_programs_jnp_under_jax_jit \
		tests/runtime/graph/test_graph_backend.py::test_random_programs_graph_matches_eager \
		tests/runtime/jax/test_jax_appends_and_zips.py::test_appends_in_a_static_range_equal_eager_under_every_transformation \
		tests/runtime/jax/test_jax_appends_and_zips.py::test_enumerate_and_zip_equal_eager_under_grad_jvp_and_vmap \
		tests/runtime/graph/test_path_aliases.py::test_generated_joins_and_writes_match_eager_or_refuse \
		tests/runtime/graph/test_path_types.py::test_a_value_of_path_dependent_type_is_eagers_on_every_path \
		tests/runtime/test_special_values_in_programs.py tests/runtime/jax/test_jax_summation_order.py \
		tests/runtime/graph/test_memory_layout.py::test_a_graph_lays_out_arrays_as_numpy_does

# Quick: lint, the converter's and the graph's fast tests, the smoke subsets (a few hundred random programs).
check: $(STAMP)
	$(PY) -m ruff check .
	AUTOGRAPH_FUZZ_EXAMPLES=200 $(PY) -m pytest -x tests/autograph tests/runtime/test_choice.py tests/runtime/graph/test_program.py \
		tests/runtime/graph/test_writes.py tests/transparency/test_smoke.py tests/coverage/test_smoke.py tests/test_layout.py \
		--deselect tests/autograph/test_three_modes.py

fuzz: $(STAMP)
	AUTOGRAPH_FUZZ_EXAMPLES=20000 AUTOGRAPH_JUMP_EXAMPLES=3000 AUTOGRAPH_ERRSTATE_EXAMPLES=1000 AUTOGRAPH_CLOCK_EXAMPLES=500 \
		AUTOGRAPH_NUMBA_PROGRAM_EXAMPLES=1000 $(PY) -m pytest \
		tests/autograph/test_random_programs.py tests/autograph/test_jump_placement.py tests/runtime/graph/test_error_state.py \
		tests/runtime/numba/test_numba_lowering.py::test_generated_programs_are_exact

# Writes its report to .transparency-cache/fidelity.md; UPDATE_DOCS=1 rewrites docs/fidelity.md instead.
transparency: $(STAMP)
	AUTOGRAPH_UPDATE_DOCS=$(UPDATE_DOCS) $(PY) -m tests.transparency

coverage: $(STAMP)
	$(PY) -m tests.coverage --executor both --speed

bench: $(STAMP)
	$(PY) -m benchmarks

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
