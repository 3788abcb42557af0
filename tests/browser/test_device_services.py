"""The device services through the real web client: the screen wake lock (Flet's ``Wakelock``, the browser's
Screen Wake Lock API) held exactly while a match is going on, and the haptic tick of a Play (Flet's
``HapticFeedback``, the browser's ``navigator.vibrate``) unless Settings turned it off.

The page's own ``navigator.wakeLock`` and ``navigator.vibrate`` are replaced before the app loads by ones
that keep what they were asked (headless Chromium has no screen to keep on and nothing to vibrate). The
page is a phone's browser (an Android user agent: Flutter's platform is then Android): only a phone is
asked for haptics (a desktop has no vibration).
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from tests.served import open_app_page  # noqa: E402
from tests.wire import PHONE_UA  # noqa: E402

from .conftest import PHONE, UI  # noqa: E402

RECORDER = """
window.__device = [];
const lock = () => {
  const sentinel = new EventTarget();
  sentinel.released = false;
  sentinel.type = 'screen';
  sentinel.release = async () => { sentinel.released = true; window.__device.push('sleep');
                                   sentinel.dispatchEvent(new Event('release')); };
  return sentinel;
};
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request: async (type) => { window.__device.push('awake'); return lock(); }}});
Object.defineProperty(navigator, 'vibrate', {configurable: true, value: (ms) => {
  window.__device.push('vibrate'); return true; }});
"""


def asked(ui: UI) -> list[str]:
    return ui.page.evaluate("window.__device.slice()")


def expect_asked(ui: UI, expected: list[str]) -> None:
    ui.page.wait_for_function("n => window.__device.length >= n", arg=len(expected), timeout=10_000)
    # a window, not a wait for something: what is checked is that nothing more follows, and an absence can
    # only be watched for a while (an extra call would else pass as the next step's)
    ui.page.wait_for_timeout(300)
    assert asked(ui) == expected


@pytest.fixture
def device_ui(server, browser):
    page = open_app_page(browser, server, PHONE, init_script=RECORDER, user_agent=PHONE_UA)
    yield UI(page)
    page.context.close()


def test_the_screen_stays_on_while_a_match_goes_on_and_play_ticks(device_ui):
    ui = device_ui
    if ui.page.locator('[flt-semantics-identifier="new-match"]').count() == 0:  # a match was resumed
        expect_asked(ui, ["awake"])
        ui.tap("home")
        expect_asked(ui, ["awake", "sleep"])
    ui.page.evaluate("window.__device.length = 0")
    ui.tap("new-match")
    ui.hook("create-match").wait_for()
    assert asked(ui) == []  # the new-match form: nothing kept on
    ui.tap("create-match")
    ui.tap("starter-0")
    expect_asked(ui, ["awake"])  # the table
    ui.tap("tile-1-4")
    ui.expect_text("selection", re.compile("1-4"))
    ui.tap("play")
    ui.expect_gone("tile-1-4")  # gone from the picker: on the table
    expect_asked(ui, ["awake", "vibrate"])
    ui.tap("settings")
    expect_asked(ui, ["awake", "vibrate", "sleep"])  # Settings: the screen may sleep
    ui.tap("haptics")  # off
    ui.change_sent(False)  # told to the server before the next tap (the tab's choice is set before any await)
    ui.tap("back")
    expect_asked(ui, ["awake", "vibrate", "sleep", "awake"])  # back at the table
    ui.tap("tile-4-4")
    ui.expect_text("selection", re.compile("^4-4"))
    ui.tap("play")
    ui.expect_gone("tile-4-4")
    ui.page.wait_for_timeout(500)  # a window for the tick that must not come (an absence is checked)
    assert asked(ui) == ["awake", "vibrate", "sleep", "awake"]  # no tick with haptics off
    ui.tap("settings")
    ui.tap("haptics")  # on again, for the other tests on this server
    ui.change_sent(True)
