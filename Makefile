# Two commands do everything: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast lint format install install-dev clean bench

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

run: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	@echo ""
	@echo "  Whist drive is running at http://$(HOST):$(PORT)/"
	@echo "  On the first visit, create the organiser account and name the club."
	@echo ""
	DEBUG=$${DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -n $${PYTEST_WORKERS:-2} $(PYTEST_ARGS)

test-fast: $(VENV)/.installed-dev
	$(PY) -m pytest -m "not e2e" -n $${PYTEST_WORKERS:-2} $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
