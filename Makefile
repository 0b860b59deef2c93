# Two commands do everything: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run hall dev test test-fast lint format install install-dev clean bench messages

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

# `make run` may be opened to the hall's Wi-Fi (HOST=0.0.0.0), so it never shows
# Django's debug pages, whatever the environment says: DEBUG is off, the site's
# own error pages answer, and whitenoise serves the static files (runserver
# does not with DEBUG off). `make dev` is the same with DEBUG on, for developers
# on their own machine only.
#
# The address it prints is one to open: listening on every network
# (HOST=0.0.0.0), that is the laptop's own address named in ALLOWED_HOSTS
# (http://0.0.0.0:8000/ is no page, and links and QR codes are made from the
# address the organiser opens).
comma := ,
ifeq ($(HOST),0.0.0.0)
HALL_HOST := $(firstword $(filter-out localhost 127.0.0.1 [::1],$(subst $(comma), ,$(ALLOWED_HOSTS))))
OPEN_AT := $(or $(HALL_HOST),127.0.0.1)
else
OPEN_AT := $(HOST)
endif
run: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py collectstatic --no-input --verbosity 0
	@echo ""
	@echo "  Whist drive is running at http://$(OPEN_AT):$(PORT)/"
ifeq ($(HOST),0.0.0.0)
ifeq ($(HALL_HOST),)
	@echo "  Phones cannot open it yet: name this computer's address on the hall's"
	@echo "  network with ALLOWED_HOSTS=..., or start it with make hall, which finds it."
else
	@echo "  Open it there (not at 127.0.0.1) before you print table cards: their"
	@echo "  QR codes are made from the address you open."
endif
endif
	@echo "  On the first visit, create the organiser account and name the club."
	@echo ""
	DEBUG=0 $(PY) manage.py runserver $(HOST):$(PORT)

# `make hall`: the site for the phones in a hall without internet. manage.py hall
# finds the laptop's address on the hall's network (ADDRESS=... names it when the
# laptop is on two), prints it, allows it, makes the captain links and table
# cards from it, and serves the site with DEBUG off on PORT.
hall: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py collectstatic --no-input --verbosity 0
	$(PY) manage.py hall --port $(PORT) $(if $(ADDRESS),--address $(ADDRESS))

dev: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# The tests render pages from the files as they are, never from a collectstatic
# made earlier in this checkout (config/settings.py, STATIC_MANIFEST).
test test-fast soak: export STATIC_MANIFEST = 0

test: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	# Without the pool: the database DATABASE_URL names need not exist (CI), and
	# Django's warning that it could not read that database's history is expected.
	DATABASE_POOL=0 $(PY) -W "ignore::RuntimeWarning:django.core.management.commands.makemigrations" \
		manage.py makemigrations --check --dry-run
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $${PYTEST_WORKERS:-2} $(PYTEST_ARGS)

test-fast: $(VENV)/.installed-dev
	$(PY) -m pytest -m "not e2e" -n $${PYTEST_WORKERS:-2} $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Django's deployment checklist under the production settings docs/operations.md documents:
# DEBUG off, HTTPS on, and (unless the environment sets them) a throwaway long
# random SECRET_KEY and an example host name. Any warning fails.
.PHONY: deploy-check
deploy-check: $(VENV)/.installed
	DEBUG=0 HTTPS=1 \
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-whist.example.org}" \
	SECRET_KEY="$${SECRET_KEY:-$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')}" \
	$(PY) manage.py check --deploy --fail-level WARNING

# Translations (docs/development.md, "Adding or correcting a translation"): gather every marked string of the code and
# templates into each language's catalogue (locale/<code>/LC_MESSAGES/django.po),
# then compile them (django.mo). Needs GNU gettext (xgettext, msgmerge, msgfmt),
# for developers only: the compiled .mo files are committed, and a test checks
# that each says what its .po says, so running or testing the site needs neither.
# The captain page's script takes its words from the page (JSON), so there is no
# djangojs catalogue.
LANGUAGES := pl ru ro it
MESSAGES_IGNORE := --ignore "tests/*" --ignore "research/*" --ignore "bench/*" --ignore "staticfiles/*"
messages: $(VENV)/.installed
	$(PY) manage.py makemessages $(addprefix -l ,$(LANGUAGES)) --add-location file $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages --ignore ".venv" --ignore "tests"

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache

# Benchmarks: each time against a floor measured in the same run (bench/run.py),
# a table of ratios and bench/results.json; PostgreSQL too when DATABASE_URL
# points at it. Under 5 minutes on two cores.
.PHONY: bench
bench: $(VENV)/.installed-dev
	$(PY) -m bench.run

# The reliability tests' longer versions: bigger bursts of captains, a 24-hand
# drive killed three times, many more hostile examples per page.
.PHONY: soak
soak: $(VENV)/.installed-dev
	SOAK=1 $(PY) -m pytest -n $${PYTEST_WORKERS:-2} $(PYTEST_ARGS) \
		tests/reliability/test_concurrency.py tests/reliability/test_crash.py \
		tests/site/test_hostile_input.py
