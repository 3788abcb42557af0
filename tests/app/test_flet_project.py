"""Flet's project shape: what flet-cli 1.0.5 reads from pyproject.toml, and the app's data folder under Flet."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from flet_cli.utils.pyproject_toml import load_pyproject_toml

from scorekeeper.app.main import ASSETS
from scorekeeper.serve.flet_app import app_data_dir, keep_web_server_on_loopback

ROOT = Path(__file__).resolve().parents[2]


def test_flet_cli_finds_the_entry_module_and_the_assets():
    # as flet_cli/commands/build_base.py (validate_entry_point, customize_icons) and run.py resolve them
    get = load_pyproject_toml(ROOT)
    app_dir = ROOT / get("tool.flet.app.path")
    entry = app_dir / f"{get('tool.flet.app.module')}.py"
    assert entry == ROOT / "main.py"
    assert "ft.run" not in entry.read_text() and "run()" in entry.read_text()  # the one run is flet_app.run
    assert (app_dir / "assets").resolve() == ASSETS  # the link to the package's assets
    for name in ("icon.png", "splash.png", "fonts/NotoSansKR-Subset-Regular.otf", "tiles/pick/h-5-6.svg"):
        assert (app_dir / "assets" / name).is_file(), name
    assert get("tool.flet.product") == "Scorekeeper"
    assert get("tool.flet.org")
    # the phone's package keeps the app and its assets, leaves out what only a developer needs
    excluded = get("tool.flet.app.exclude")
    assert {"tests", "benchmarks", "scripts"} <= set(excluded)
    assert not {"scorekeeper", "assets", "main.py"} & set(excluded)


def test_flet_cli_is_in_the_test_extra():
    assert "flet-cli==1.0.5" in load_pyproject_toml(ROOT)("project.optional-dependencies")["test"]


def test_the_phone_build_installs_no_web_server():
    # serious_python installs project.dependencies for the phone; markers keep the web parts out
    deps = {d.split(";")[0].split("=")[0].strip(): d for d in load_pyproject_toml(ROOT)("project.dependencies")}
    for name in ("flet-web", "uvicorn"):
        assert "platform_system != 'Android'" in deps[name] and "platform_system != 'iOS'" in deps[name]
    assert ";" not in deps["flet"]


def test_data_folder_on_a_phone_is_flets_app_storage(tmp_path):
    storage = tmp_path / "storage" / "data"
    for platform in ("android", "ios"):
        env = {"FLET_PLATFORM": platform, "FLET_APP_STORAGE_DATA": str(storage)}
        assert app_data_dir(env) == storage


def test_data_folder_on_a_computer_is_platformdirs_as_today(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DATA", raising=False)
    expected = Path(platformdirs.user_data_dir("scorekeeper", appauthor=False)).resolve()
    # `flet run` sets FLET_APP_STORAGE_DATA on a computer too (a folder in the checkout): not used there
    assert app_data_dir({"FLET_APP_STORAGE_DATA": str(tmp_path)}) == expected
    assert app_data_dir({"FLET_PLATFORM": "linux", "FLET_APP_STORAGE_DATA": str(tmp_path)}) == expected
    assert app_data_dir({}) == expected


def test_scorekeeper_data_wins_everywhere(tmp_path):
    chosen = tmp_path / "chosen"
    env = {"SCOREKEEPER_DATA": str(chosen), "FLET_PLATFORM": "android", "FLET_APP_STORAGE_DATA": str(tmp_path)}
    assert app_data_dir(env) == chosen
    assert app_data_dir({"SCOREKEEPER_DATA": "relative"}) == Path(os.getcwd(), "relative")


def test_flet_run_web_listens_on_loopback_unless_told_otherwise():
    # what `flet run --web` sets (flet_cli/commands/run.py); with FLET_SERVER_IP unset flet-web listens on 0.0.0.0
    env = {"FLET_FORCE_WEB_SERVER": "true", "FLET_SERVER_PORT": "8550"}
    keep_web_server_on_loopback(env)
    assert env["FLET_SERVER_IP"] == "127.0.0.1"
    chosen = {"FLET_FORCE_WEB_SERVER": "true", "FLET_SERVER_IP": "0.0.0.0"}  # flet run --web --host 0.0.0.0
    keep_web_server_on_loopback(chosen)
    assert chosen["FLET_SERVER_IP"] == "0.0.0.0"
    phone: dict[str, str] = {"FLET_PLATFORM": "android"}  # a built app serves nothing
    keep_web_server_on_loopback(phone)
    assert "FLET_SERVER_IP" not in phone
