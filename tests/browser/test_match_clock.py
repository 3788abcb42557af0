"""R15 on a phone: the match clock's time left in the table's header, ticking, the same after the server
restarts (the times are in the log), and "time called" once the limit has passed (docs/house-rules.md, R15).

The matches are recorded through the store before the server starts (the real clock: the first tile now,
or, for the called one, 21 minutes ago with the store's clock set back), then the server is stopped and
started again on the same folder between two looks.
"""

from __future__ import annotations

import re
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

import scorekeeper.store.store as store_module  # noqa: E402
from scorekeeper.app import settings  # noqa: E402
from tests.rules.test_clock import THREE_ROUNDS  # noqa: E402
from tests.served import ServedApp  # noqa: E402

from .conftest import _require_browser, open_ui  # noqa: E402

SHOWN = re.compile(r"Time left (\d\d):(\d\d)")


def seconds_shown(ui) -> int:
    found = SHOWN.search(ui.text("match-clock").strip())
    assert found, ui.text("match-clock")
    return int(found[1]) * 60 + int(found[2])


def record(folder, house, actions, back: float = 0.0) -> tuple[str, float]:
    """A match recorded with the store's clock ``back`` seconds behind: ``(its id, the first tile's time)``."""
    real = store_module.now
    store_module.now = lambda: real() - timedelta(seconds=back)
    try:
        store = store_module.MatchStore(Path(folder))
        match_id = store.create_match("horse-race", ["Ann", "Bo"], False, house)
        for action in actions:
            store.record(match_id, action)
        start = store.open_match(match_id).clock_start
        store.close()
    finally:
        store_module.now = real
    assert start is not None
    return match_id, start


@pytest.fixture
def folder():
    _require_browser()
    path = tempfile.mkdtemp(prefix="scorekeeper-clock-")
    settings.save(path, {settings.LANG: "en"})
    return path


def test_the_clock_ticks_and_survives_a_restart(browser, folder):
    match_id, start = record(folder, {"clock": 20}, THREE_ROUNDS[:3])
    for look in range(2):  # before and after the restart
        server = ServedApp(folder)
        try:
            ui = open_ui(browser, f"{server.url}table/{match_id}")
            expect(ui.hook("match-clock")).to_be_visible(timeout=10_000)
            shown = seconds_shown(ui)
            expected = start + 20 * 60 - time.time()
            assert expected - 3 <= shown <= expected + 2, (look, shown, expected)  # counted from the log, not reset
            box = ui.hook("match-clock").bounding_box()
            # it ticks with nothing tapped, in its place: nothing under it moves
            expect(ui.hook("match-clock")).not_to_have_text(ui.text("match-clock"), timeout=5_000)
            assert seconds_shown(ui) < shown
            assert ui.hook("match-clock").bounding_box() == box
            ui.page.context.close()
        finally:
            server.stop()


def test_time_called_says_finish_this_round(browser, folder):
    match_id, _ = record(folder, {"clock": 20}, THREE_ROUNDS[:3], back=21 * 60)  # the first tile 21 minutes ago
    server = ServedApp(folder)
    try:
        ui = open_ui(browser, f"{server.url}table/{match_id}")
        ui.expect_text("match-clock", re.compile("Time called — finish this round"))
        expect(ui.hook("tile-1-2")).to_be_visible()  # the round goes on: the picker is there
    finally:
        server.stop()
