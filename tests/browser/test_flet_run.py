"""``flet run --web --port P`` from the repository root (Flet's own tool, flet-cli 1.0.5) serves the app."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.served import ServedApp

from .conftest import PHONE, UI, open_app_page

ROOT = Path(__file__).resolve().parents[2]
# flet-cli's own entry, in a process group of its own: `flet run` starts the app as a child and
# does not stop it when it is itself terminated, so the test ends the whole group
FLET_CLI = "import os, sys; os.setpgrp(); from flet_cli.cli import main; sys.exit(main())"


@pytest.fixture
def flet_run(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    app = ServedApp(
        logs,
        code=FLET_CLI,
        args=["run", "--web", "--port", "{port}"],
        cwd=ROOT,
        env={"SCOREKEEPER_DATA": str(tmp_path / "data"), "BROWSER": "true"},
    )  # flet run opens the page in "the browser": here a no-op
    yield app
    with contextlib.suppress(ProcessLookupError):  # the group has already ended
        os.killpg(app.proc.pid, signal.SIGTERM)
    app.stop()


def lan_address() -> str | None:
    """This machine's address on its network (a UDP socket's route: nothing is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_flet_run_serves_the_app_to_its_start_screen(flet_run, browser, tmp_path):
    manifest = json.loads(urllib.request.urlopen(flet_run.url + "manifest.json", timeout=10).read())
    assert manifest["name"] == "Scorekeeper"  # flet-cli's server takes our assets too
    page = open_app_page(browser, flet_run.url, PHONE)
    try:
        ui = UI(page)
        expect(ui.hook("new-match")).to_be_visible(timeout=10_000)
        expect(ui.hook("history")).to_be_visible()
        assert page.title() == "Scorekeeper"
    finally:
        page.context.close()
    # flet-web alone would listen on every interface; the app keeps it on loopback (flet_app.py)
    address = lan_address()
    if address is not None:
        with pytest.raises(ConnectionRefusedError), socket.create_connection((address, flet_run.port), timeout=5):
            pass
    # the app opened its store in SCOREKEEPER_DATA (not the user's own folder)
    assert (tmp_path / "data" / "matches").is_dir()
