"""What is shipped: the wheel and a phone build carry the app, and no test tooling (the match simulator).

The simulator (``tests/simulator.py``) plays whole matches for the tests and benchmarks; it was
``scorekeeper/rules/simulator.py``, and so went into the wheel and onto every phone. Now it lives
under ``tests/``, which the wheel leaves out (``[tool.setuptools.packages.find]``: ``scorekeeper*``)
and a phone build leaves out (``[tool.flet.app] exclude``).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from flet_cli.utils.app_excludes import find_default_excludes
from flet_cli.utils.pyproject_toml import load_pyproject_toml

ROOT = Path(__file__).resolve().parents[2]
SIMULATOR = "simulator.py"
#: a few files each shipped package must hold, so that an empty listing cannot pass
APP_FILES = ("scorekeeper/rules/match.py", "scorekeeper/serve/flet_app.py", "scorekeeper/app/main.py")


def phone_package_files(root: Path) -> list[str]:
    """The files ``flet build`` packs for a phone from ``root`` (relative, ``/``-separated).

    As flet-cli 1.0.5 makes its list for serious_python (``flet_cli/commands/build_base.py``): ``build``,
    ``[tool.flet.app] exclude``, and its default excludes (hidden entries at the top, virtual environments,
    ``__pycache__``), each path left out with everything under it; directory links followed.
    """
    get = load_pyproject_toml(root)
    app_dir = root / get("tool.flet.app.path")
    explicit = ["build", *get("tool.flet.app.exclude")]
    excluded = {os.path.normpath(p) for p in [*explicit, *find_default_excludes(app_dir, [], explicit)]}
    found: list[str] = []
    for folder, dirs, files in os.walk(app_dir, followlinks=True):
        here = os.path.relpath(folder, app_dir)
        dirs[:] = [d for d in dirs if os.path.normpath(os.path.join(here, d)) not in excluded]
        for name in files:
            path = os.path.normpath(os.path.join(here, name))
            if path not in excluded:
                found.append(Path(path).as_posix())
    return found


def test_a_phone_build_packs_the_app_and_not_the_simulator():
    files = phone_package_files(ROOT)
    assert set(APP_FILES) | {"main.py", "assets/icon.png"} <= set(files)
    assert [f for f in files if f.endswith(SIMULATOR)] == []
    assert [f for f in files if f.startswith("tests/")] == []


def test_the_package_imports_nothing_from_the_tests():
    # what is shipped must run without tests/ (the simulator's home): no module of it imports from there
    assert list((ROOT / "scorekeeper").rglob(SIMULATOR)) == []
    modules = list((ROOT / "scorekeeper").rglob("*.py"))
    assert len(modules) > 60
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            assert not [n for n in names if n == "tests" or n.startswith("tests.")], path


@pytest.mark.slow
def test_the_wheel_holds_the_app_and_not_the_simulator(tmp_path):
    # built as `pip install` builds it (isolated, the pyproject's own backend) from a copy of the sources
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "scorekeeper", source / "scorekeeper", symlinks=True, ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(ROOT / "tests", source / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert set(APP_FILES) | {"scorekeeper/i18n/en.json", "scorekeeper/assets/icon.png"} <= set(names)
    assert [n for n in names if n.endswith(SIMULATOR)] == []
    assert [n for n in names if n.startswith("tests/")] == []
