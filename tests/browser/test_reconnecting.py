"""A phone that loses its connection: a translated "reconnecting…" banner over the page (not Flet's blank
English "Working..."), and once the connection is back the table and the tile selected are still there.

The network is cut with Playwright's websocket routing: the app's socket goes through the test, which
closes it and refuses the client's reconnects for a while, as a phone walking out of the Wi-Fi would see.
"""

from __future__ import annotations

import threading
import time

from tests.served import open_app_page

from .conftest import PHONE, UI
from .test_table_journey import start_match

BANNER = "#scorekeeper-reconnecting"


class Network:
    """The app's websocket, routed through the test: ``cut()`` closes it and refuses new ones until
    ``restore()``."""

    def __init__(self) -> None:
        self.up = True
        self.open: list = []
        self.lock = threading.Lock()

    def route(self, page) -> None:
        page.route_web_socket("**/ws", self.handle)

    def handle(self, ws) -> None:
        # never a Playwright call under the lock: the sync API runs this handler in a greenlet of the test's
        # own thread and switches back to the test inside such a call, so a restore() meanwhile waited for
        # the lock forever
        with self.lock:
            up = self.up
        if not up:
            ws.close()
            return
        to_server = ws.connect_to_server()
        with self.lock:
            self.open.append((ws, to_server))

    def cut(self) -> None:
        with self.lock:
            self.up = False
            sockets, self.open = self.open, []
        for ws, to_server in sockets:  # each side sees the connection drop
            to_server.close(code=1001, reason="network lost")
            ws.close(code=1001, reason="network lost")

    def restore(self) -> None:
        with self.lock:
            self.up = True


def stored_language(page) -> str | None:
    return page.evaluate("() => localStorage.getItem('flutter.scorekeeper.lang')")


def test_a_lost_connection_shows_a_translated_banner_and_keeps_the_selection(server, browser):
    network = Network()
    page = open_app_page(browser, server, PHONE, setup=network.route, locale="uk-UA")
    ui = UI(page)
    try:
        start_match(ui, "horse-race", ["Ann", "Bo"])
        ui.tap("starter-0")
        ui.tap("tile-1-4")
        ui.expect_text("selection", "Lead 1-4")
        deadline = time.monotonic() + 10
        while stored_language(page) != '"en"' and time.monotonic() < deadline:  # the app's language, kept
            page.wait_for_timeout(100)
        assert stored_language(page) == '"en"'
        assert not page.locator(BANNER).is_visible()
        # the app's Hangul font is fetched while the connection holds: a Korean banner never shows boxes
        # on a computer without a Korean font (a tester's Linux laptop)
        assert page.evaluate("() => window.__scorekeeperReconnect.font.then(f => f && f.status)") == "loaded"
        assert page.evaluate("() => document.fonts.check('16px ScorekeeperBanner', '다시 연결하는 중')")

        network.cut()
        page.wait_for_selector(BANNER, state="visible", timeout=10_000)
        assert page.locator(f"{BANNER} h1").inner_text() == "Reconnecting…"  # the app's language (English)
        assert page.locator(BANNER).get_attribute("role") == "status"

        network.restore()
        page.wait_for_selector(BANNER, state="hidden", timeout=30_000)
        ui.expect_text("selection", "Lead 1-4")  # the server kept the tab's session: the tile is still selected
        ui.expect_text("turn", "Ann leads the round")
        ui.tap("play")  # and the tab goes on: the selected tile is played
        ui.expect_text("end-sum", "End sum: 5")

        # the banner's language: the app's as kept in the browser, else the browser's (here uk-UA)
        language = "() => window.__scorekeeperReconnect.language()"
        page.evaluate("() => localStorage.setItem('flutter.scorekeeper.lang', JSON.stringify('ko'))")
        assert page.evaluate(language) == "ko"
        page.evaluate("() => localStorage.removeItem('flutter.scorekeeper.lang')")
        assert page.evaluate(language) == "uk"
    finally:
        page.context.close()


def test_a_phone_that_was_away_shows_the_moves_made_meanwhile_once_it_is_back(server, browser):
    """A phone out of the Wi-Fi while another device enters a move: once its connection is back it shows
    the table as it is now, with no tap of its own. (This passed before the tab caught up on reconnecting
    too, so the browser's client may come back in a way the in-process test does not play: the Flet-level
    case is ``tests/app/test_viewer_phone.py``; this one checks the whole way from a real browser.)"""
    from .conftest import open_ui
    from .test_two_tabs import play

    host = open_ui(browser, server)
    network = Network()
    page = None
    try:
        start_match(host, "horse-race", ["Ann", "Bo"])
        host.tap("starter-0")
        host.expect_text("turn", "Ann leads the round")
        page = open_app_page(browser, server, PHONE, setup=network.route)  # opens the match last played
        phone = UI(page)
        phone.expect_text("turn", "Ann leads the round")
        network.cut()
        page.wait_for_selector(BANNER, state="visible", timeout=10_000)
        play(host, "1-4")  # Ann leads 1-4: 5, +1, and continues (H4)
        host.expect_text("end-sum", "End sum: 5")
        network.restore()
        page.wait_for_selector(BANNER, state="hidden", timeout=30_000)
        phone.expect_text("turn", "Ann continues: 1-4 scored")
        phone.expect_text("end-sum", "End sum: 5")
        phone.expect_text("score-0", "1")
    finally:
        host.page.context.close()
        if page is not None:
            page.context.close()
