"""Binder readiness: binder/ installs the pinned environment and the helpers, and quiets TensorFlow.

Binder reads only binder/ once it exists. These tests run its files the way
repo2docker does: requirements.txt must resolve, from the package index, to
exactly the pins (checked with pip's dry run, as if nothing were installed),
postBuild must install the helpers package and the course's JupyterLab settings
in a clean virtual environment, and start must set TensorFlow's log variables
and hand over to the command it wraps.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def clean_venv(tmp_path_factory):
    path = tmp_path_factory.mktemp("binder") / "venv"
    venv.EnvBuilder(with_pip=True).create(path)
    return path


def _pins():
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and "sys_platform != 'linux'" not in line:
            name, version = line.split(";")[0].strip().split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_binder_requirements_resolve_to_the_pins(tmp_path):
    # This environment's pip (a recent one), resolving as if nothing were installed: a clean
    # environment's bundled pip resolves the same pins, only more slowly.
    report = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--report", str(report), "-r", str(ROOT / "binder" / "requirements.txt")],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    resolved = {re.sub(r"[-_.]+", "-", i["metadata"]["name"]).lower(): i["metadata"]["version"]
                for i in json.loads(report.read_text())["install"]}
    pins = _pins()
    assert {name: resolved.get(name) for name in pins} == pins


def test_postbuild_installs_the_helpers_and_the_lab_settings(clean_venv, tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(".venv", ".git", "test-artifacts", "__pycache__", "build", "gradebook"))
    env = dict(os.environ, PATH=f"{clean_venv / 'bin'}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTHONPATH", None)
    result = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    where = subprocess.run([str(clean_venv / "bin" / "python"), "-c",
                            "import importlib.util; print(importlib.util.find_spec('helpers').origin)"],
                           capture_output=True, text=True, cwd=tmp_path, env=env)
    assert where.stdout.strip() == str(repo / "helpers" / "__init__.py")
    settings = clean_venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(settings.read_text()) == json.loads((ROOT / "jupyter" / "overrides.json").read_text())


def test_start_quiets_tensorflow_and_runs_the_command():
    result = subprocess.run(["bash", str(ROOT / "binder" / "start"), sys.executable, "-c",
                             "import os; print(os.environ['TF_CPP_MIN_LOG_LEVEL'], os.environ['TF_ENABLE_ONEDNN_OPTS'])"],
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["3", "0"]


def test_lab_settings_turn_off_the_news():
    settings = json.loads((ROOT / "jupyter" / "overrides.json").read_text())
    assert settings["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
