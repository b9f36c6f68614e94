# Two commands, each working on a fresh machine with Python 3.10+ and make:
#   make lab    set up .venv and open the course in JupyterLab
#   make test   set up .venv and run the whole test suite
# A rerun reuses .venv: it reinstalls only when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Quiet TensorFlow's C++ logs in every kernel started from here.
export TF_CPP_MIN_LOG_LEVEL := 3
export TF_ENABLE_ONEDNN_OPTS := 0
# Jupyter refuses to run as root unless told to (containers, CI machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test quick setup browser notebooks benchmark screenshot site site-screenshots links gradebook reference clean help

help:
	@echo "make lab        set up and open the course in JupyterLab"
	@echo "make test       set up and run the whole test suite"
	@echo "make quick      the inner loop: helpers' tests and doctests, exercises, learner answers (no notebooks, browser, network)"
	@echo "make notebooks  re-execute every notebook top to bottom and store outputs"
	@echo "make benchmark  time check_gradients; measure recompute_grad and implicit differentiation"
	@echo "make screenshot refresh the README's JupyterLab screenshot (runs the browser test)"
	@echo "make site       build the course website from the stored notebooks into build/site/"
	@echo "make site-screenshots  refresh the README's pictures of the website (runs tests/test_site.py)"
	@echo "make links      rewrite the Binder badge and the notebooks' install lines from [tool.course]"
	@echo "make reference  regenerate docs/authoring-reference.md (mistake keys, their sentences, who says them)"
	@echo "make gradebook NOTEBOOKS=<folder>  grade a learner's notebooks (gradebook/gradebook.csv and .md)"
	@echo "make clean      remove the virtual environment"

setup: $(STAMP)

$(STAMP): pyproject.toml jupyter/overrides.json
	@$(PYTHON) -c 'import sys; sys.exit("Python 3.10 or newer is needed, found " + sys.version.split()[0]) if sys.version_info < (3, 10) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. notebooks/00_start_here.ipynb

# The browser test needs Chromium; tools/ensure_chromium.sh installs Debian's
# package where it can (as root with apt-get) and explains otherwise.
browser:
	@sh tools/ensure_chromium.sh

test: $(STAMP) browser
	$(BIN)/python -m pytest

# The contributors' inner loop: everything that needs no notebook kernel, browser or network.
quick: $(STAMP)
	$(BIN)/python -m pytest helpers tests --ignore=tests/test_browser.py --ignore=tests/test_site.py \
	    --ignore=tests/test_binder.py --ignore=tests/test_gradebook.py --ignore=tests/test_nbval_catches.py

notebooks: $(STAMP)
	$(BIN)/python tools/execute_notebooks.py notebooks/*.ipynb

benchmark: $(STAMP)
	$(BIN)/python benchmarks/check_gradients_benchmark.py
	$(BIN)/python benchmarks/performance_benchmark.py

screenshot: $(STAMP) browser
	UPDATE_README_SCREENSHOT=1 $(BIN)/python -m pytest tests/test_browser.py -k 01_chain_rule

# The course website: the stored notebooks as they are (nothing is re-executed), offline-ready.
site: $(STAMP)
	$(BIN)/python -m instructor.site.build

site-screenshots: $(STAMP) browser
	UPDATE_SITE_SCREENSHOTS=1 $(BIN)/python -m pytest tests/test_site.py

# The one address of the published course is [tool.course] in pyproject.toml.
links: $(STAMP)
	$(BIN)/python -m instructor.links --write-readme
	$(BIN)/python -m instructor.links --write-notebooks

# Grade a learner's notebooks: make gradebook NOTEBOOKS=<folder or notebooks> [OUT=gradebook] [TIMEOUT=300]
OUT     ?= gradebook
TIMEOUT ?= 300
gradebook: $(STAMP)
	@test -n "$(NOTEBOOKS)" || { echo "usage: make gradebook NOTEBOOKS=<folder of a learner's notebooks> [OUT=gradebook] [TIMEOUT=300]"; exit 2; }
	$(BIN)/python -m helpers.gradebook $(NOTEBOOKS) --out $(OUT) --timeout $(TIMEOUT)

# The authors' reference, generated from the code: every mistake key, its sentence, who produces it.
reference: $(STAMP)
	$(BIN)/python tools/authoring_reference.py

clean:
	rm -rf $(VENV)
