# Two commands for a fresh machine: `make run` and `make test`.
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 0.0.0.0
PORT   ?= 5000
CHROMIUM := /usr/bin/chromium
CADDY    := /usr/bin/caddy
CERTUTIL := /usr/bin/certutil

.PHONY: run server test lint chromium caddy bench clean translations catalogues

# The catalogues of the app's languages (scorer/translations/<lang>/LC_MESSAGES/messages.po),
# compiled to .mo files that are built, never committed.
PO := $(wildcard scorer/translations/*/LC_MESSAGES/messages.po)
MO := $(PO:.po=.mo)

# `make run` installs only what runs the app; `make test` adds the pinned test tools.
$(VENV)/.installed: pyproject.toml
	@python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed as python3"; exit 1; }
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

# A server (docs/deploy.md) also runs Litestream, which replicates the database.
$(VENV)/.deploy-installed: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[deploy]'
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

translations: $(MO)

%.mo: %.po $(VENV)/.installed
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@

# After words changed in the code: extract every msgid (babel.cfg) and merge them into each
# catalogue; then translate what is new (tests/web/test_catalogues.py names what is missing).
catalogues: $(VENV)/.installed
	$(VENV)/bin/pybabel extract -F babel.cfg --add-location=file --sort-output \
		-o $(VENV)/messages.pot .
	$(VENV)/bin/pybabel update -i $(VENV)/messages.pot -d scorer/translations \
		--no-fuzzy-matching --ignore-obsolete

run: $(VENV)/.installed translations
	$(VENV)/bin/flask --app scorer migrate
	HOST=$(HOST) PORT=$(PORT) $(PY) -m scorer.web.serve

# Everything a server's systemd units run (deploy/), installed and migrated, not started.
server: $(VENV)/.deploy-installed translations
	$(VENV)/bin/flask --app scorer migrate

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && apt-get install -y -qq chromium; \
		else \
			echo "Browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium'"; \
			exit 1; \
		fi; \
	fi
	@test -x $(CHROMIUM) || { echo "Chromium is still missing at $(CHROMIUM)"; exit 1; }

# The HTTPS tests put Debian's Caddy in front of the app (deploy/Caddyfile), and Chromium trusts
# Caddy's own certificate authority through its NSS database (certutil, from libnss3-tools).
caddy:
	@if [ ! -x $(CADDY) ] || [ ! -x $(CERTUTIL) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && apt-get install -y -qq caddy libnss3-tools; \
		else \
			echo "HTTPS tests need Caddy and certutil: run 'sudo apt-get install -y caddy libnss3-tools'"; \
			exit 1; \
		fi; \
	fi
	@test -x $(CADDY) && test -x $(CERTUTIL) || \
		{ echo "Caddy or certutil is still missing ($(CADDY), $(CERTUTIL))"; exit 1; }

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# pytest exits 5 when it collects no test; make fails on it like on any other failure.
# On every core (pytest-xdist); the browser tests one after another (tests/conftest.py).
test: $(VENV)/.test-installed chromium caddy lint translations
	$(PY) -m pytest -n auto

# Figures, not tests (docs/performance.md): how long a replay of a long game takes, the
# server under many tables at once (as fast as served, then at 300 hands/s), the bytes a
# phone loads, growth with a game's length, how many tables of polling phones it holds
# (directly and through Caddy), and the Rückblick with 1,000 games.
bench: $(VENV)/.test-installed caddy
	$(PY) bench/replay.py
	$(PY) bench/load.py
	$(PY) bench/load.py --rate 300
	$(PY) bench/weight.py
	$(PY) bench/growth.py
	$(PY) bench/watchers.py
	$(PY) bench/watchers.py --proxy
	$(PY) bench/draw.py
	$(PY) bench/club.py
	$(PY) bench/history.py
	$(PY) bench/ratings.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
