"""A viewer phone whose viewer process stops (``serve --lan``: viewers are drawn by a second process,
docs/server.md): it comes back drawn by the server, still following the table, in the language the phone
chose (a tester saw it come back in English: the new session took the device's language, and wrote it
over the phone's own choice in its browser)."""

from __future__ import annotations

import tempfile

import psutil
import pytest

from tests.served import ServedApp

from .conftest import UI, _require_browser
from .test_lan_table import JOIN_LINE, joined
from .test_table_journey import start_match
from .test_two_tabs import play


@pytest.fixture
def lan_server():
    _require_browser()
    data = tempfile.mkdtemp(prefix="scorekeeper-failover-")
    server = ServedApp(data, args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"])
    yield server, dict(JOIN_LINE.findall(server.log_path.read_text()))
    server.stop()


def test_a_korean_viewer_stays_korean_and_follows_when_the_viewer_process_stops(lan_server, browser):
    server, links = lan_server
    pages: list[UI] = []
    try:
        host = joined(browser, server.url, links["this computer (host)"])
        pages.append(host)
        start_match(host, "horse-race", ["Ann", "Bo"])
        host.tap("starter-0")
        viewer = joined(browser, server.url, links["viewers (watch only)"])
        pages.append(viewer)
        viewer.expect_text("turn", "Ann leads the round")
        viewer.tap("settings")
        viewer.tap("lang-ko")
        viewer.tap("back")
        viewer.expect_text("turn", "Ann 선공")

        (child,) = [  # the viewer process: the scorer processes run the same module with a writer's socket too
            p
            for p in psutil.Process(server.proc.pid).children()
            if p.cmdline()[1:3] == ["-m", "scorekeeper.serve.viewer_server"] and len(p.cmdline()) == 5
        ]
        child.kill()
        play(host, "1-4")  # Ann leads 1-4: 5, +1, and continues (H4)
        viewer.expect_text("turn", "Ann 계속: 1-4 득점")  # back, drawn by the server, in Korean
        viewer.expect_text("score-0", "1")
        assert viewer.page.evaluate("() => localStorage.getItem('flutter.scorekeeper.lang')") == '"ko"'
    finally:
        for ui in pages:
            ui.page.context.close()
