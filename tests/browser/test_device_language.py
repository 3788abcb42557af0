"""The device's language in the browser: a browser set to Ukrainian opens a new data folder in Ukrainian
(the server's own language is English), and the choice is remembered for the next tab, whatever its
browser's language (Flet's ``page.get_device_info()`` reports the browser's languages)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from tests.served import ServedApp, open_app_page  # noqa: E402

from .conftest import PHONE, UI  # noqa: E402


@pytest.fixture
def fresh_server():
    """A server of its own: the shared one has its language saved by the first tab that opened it."""
    running = ServedApp(tempfile.mkdtemp(prefix="scorekeeper-lang-"), env={"LANG": "en_US.UTF-8", "LC_ALL": ""})
    yield running
    running.stop()


def test_a_ukrainian_browser_opens_the_app_in_ukrainian(fresh_server, browser):
    page = open_app_page(browser, fresh_server.url, PHONE, locale="uk-UA")
    try:
        UI(page).expect_text("new-match", "Нова партія")
    finally:
        page.context.close()
    settings = json.loads((Path(fresh_server.data) / "settings.json").read_text(encoding="utf-8"))
    assert settings["lang"] == "uk"
    page = open_app_page(browser, fresh_server.url, PHONE, locale="ko-KR")
    try:
        UI(page).expect_text("new-match", "Нова партія")  # set once: the next phone keeps it
    finally:
        page.context.close()
