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

.PHONY: lab test quick setup system notebooks benchmark screenshot site site-screenshots links gradebook release reference clean help

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
	@echo "make gradebook SUBMISSIONS=<folder>  grade a class, each notebook in a sandbox (gradebook/)"
	@echo "make release    the student edition without solutions, its wheel and website (build/release/)"
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

# The tests need two Debian packages: Chromium (the browser test) and bubblewrap (the gradebook's
# sandbox). tools/ensure_system_packages.sh installs them where it can (as root with apt-get) and
# explains otherwise.
system:
	@sh tools/ensure_system_packages.sh

test: $(STAMP) system
	$(BIN)/python -m pytest

# The contributors' inner loop: everything that needs no notebook kernel, browser or network.
quick: $(STAMP)
	$(BIN)/python -m pytest helpers tests --ignore=tests/test_browser.py --ignore=tests/test_site.py \
	    --ignore=tests/test_binder.py --ignore=tests/test_gradebook.py --ignore=tests/test_nbval_catches.py \
	    --ignore=tests/test_release.py

notebooks: $(STAMP)
	$(BIN)/python tools/execute_notebooks.py notebooks/*.ipynb

benchmark: $(STAMP)
	$(BIN)/python benchmarks/check_gradients_benchmark.py
	$(BIN)/python benchmarks/performance_benchmark.py

screenshot: $(STAMP) system
	UPDATE_README_SCREENSHOT=1 $(BIN)/python -m pytest tests/test_browser.py -k 01_chain_rule

# The course website: the stored notebooks as they are (nothing is re-executed), offline-ready.
site: $(STAMP)
	$(BIN)/python -m instructor.site.build

site-screenshots: $(STAMP) system
	UPDATE_SITE_SCREENSHOTS=1 $(BIN)/python -m pytest tests/test_site.py

# The one address of the published course is [tool.course] in pyproject.toml.
links: $(STAMP)
	$(BIN)/python -m instructor.links --write-readme
	$(BIN)/python -m instructor.links --write-notebooks

# Grade a class: make gradebook SUBMISSIONS=<folder> [OUT=gradebook] [JOBS=2] [ROSTER=roster.csv] [ARGS=...]
# Each notebook runs in a bubblewrap sandbox (as root; see docs/instructor-guide.md).
OUT  ?= gradebook
JOBS ?= 2
gradebook: $(STAMP) system
	@test -n "$(SUBMISSIONS)" || { echo "usage: make gradebook SUBMISSIONS=<folder of submissions> [OUT=gradebook] [JOBS=2] [ROSTER=roster.csv]"; exit 2; }
	$(BIN)/python -m instructor.gradebook $(SUBMISSIONS) --out $(OUT) --jobs $(JOBS) $(if $(ROSTER),--roster $(ROSTER)) $(ARGS)

# The student edition (notebooks and helpers without solutions, its wheel and website) in build/release/.
release: $(STAMP)
	$(BIN)/python -m instructor.release

# The authors' reference, generated from the code: every mistake key, its sentence, who produces it.
reference: $(STAMP)
	$(BIN)/python tools/authoring_reference.py

clean:
	rm -rf $(VENV)
