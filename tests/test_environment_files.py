"""The pins live in pyproject.toml; environment.yml and binder/ must agree with them."""

import re
from importlib import metadata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _pins(lines):
    """{name: 'name==version; marker'} from requirement lines, comments and blanks skipped."""
    pins = {}
    for line in lines:
        line = line.split("#")[0].strip()
        if not line or line.startswith("-"):
            continue
        req = line.split(";")[0].strip()
        name = re.split(r"[=<>!~ \[]", req)[0].lower()
        marker = line.split(";")[1].strip().replace('"', "'") if ";" in line else ""
        pins[(name, marker)] = req.replace(" ", "")
    return pins


def pyproject_pins():
    """(runtime pins, test pins) as pyproject.toml declares them."""
    try:
        import tomllib  # Python 3.11+
    except ImportError:  # Python 3.10: read the installed package's metadata, made from pyproject.toml
        reqs = metadata.requires("custom-gradients-course-helpers")
        runtime = [r for r in reqs if "extra ==" not in r]
        test = [r.split(";")[0] for r in reqs if 'extra == "test"' in r]
        return _pins(runtime), _pins(test)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return _pins(project["dependencies"]), _pins(project["optional-dependencies"]["test"])


def test_every_dependency_is_pinned_exactly():
    runtime, test = pyproject_pins()
    for (name, _), req in {**runtime, **test}.items():
        assert "==" in req, f"{name} is not pinned: {req}"


def test_tensorflow_is_the_cpu_wheel_on_linux_and_full_elsewhere():
    runtime, _ = pyproject_pins()
    assert ("tensorflow-cpu", "sys_platform == 'linux'") in runtime
    assert ("tensorflow", "sys_platform != 'linux'") in runtime


def test_binder_requirements_match_pyproject():
    runtime, _ = pyproject_pins()
    binder = _pins((ROOT / "binder" / "requirements.txt").read_text().splitlines())
    assert binder == runtime


def test_conda_environment_matches_pyproject():
    runtime, test = pyproject_pins()
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_lines = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert _pins(pip_lines) == {**runtime, **test}
    assert "-e ." in pip_lines, "environment.yml installs the helpers package"
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert python == f"python={(ROOT / 'binder' / 'runtime.txt').read_text().strip().split('-')[1]}"


def test_the_drift_check_can_fail(tmp_path):
    runtime, _ = pyproject_pins()
    drifted = [req.replace("2.2.6", "2.2.5") for req in
               (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert _pins(drifted) != runtime


def test_the_wheel_pip_builds_holds_every_helper_module(tmp_path):
    """A notebook opened alone (Colab, a hub) installs the course with pip from its repository: that
    install must hold every module of the helpers, subpackages and the benchmark notebook 08 runs included."""
    import shutil
    import subprocess
    import sys
    import zipfile

    source = tmp_path / "source"              # a copy, so the build leaves nothing in the repository
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "helpers", source / "helpers", ignore=shutil.ignore_patterns("__pycache__"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "out"),
                            str(source)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = (tmp_path / "out").glob("*.whl")
    packaged = {n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("helpers/")}
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "helpers").rglob("*.py") if "__pycache__" not in p.parts}
    assert "helpers/exercises/__init__.py" in modules and "helpers/performance_benchmark.py" in modules
    assert modules - packaged == set(), "left out of the installed package"
