"""Phones at the table (``serve --lan``, here on loopback): a host tab and two phones, a scorer and a
viewer, each joined through its own link as a phone scanning the QR code would. A tile entered on the
scorer's phone shows on the host and the viewer; the viewer's page offers no entry control (no picker,
no spot, no Play, Draw, Pass or Undo). That what a viewer sends through its websocket by hand writes
nothing is tested against the same server without a browser (``tests/server/test_served_phones.py``)."""

from __future__ import annotations

import re
import tempfile

import pytest

from tests.served import ServedApp, open_app_page

from .conftest import PHONE, UI, _require_browser
from .test_table_journey import start_match
from .test_two_tabs import play

JOIN_LINE = re.compile(r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): (\S+)$", re.M)


@pytest.fixture(scope="module")
def lan_server():
    _require_browser()
    data = tempfile.mkdtemp(prefix="scorekeeper-lan-")
    server = ServedApp(data, args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"])
    links = dict(JOIN_LINE.findall(server.log_path.read_text()))
    yield server.url, links
    server.stop()


def joined(browser, url: str, link: str) -> UI:
    return UI(open_app_page(browser, url, PHONE, join=link))


def test_a_scorer_phone_enters_a_tile_the_host_and_viewer_see_it_and_the_viewer_cannot(lan_server, browser):
    from playwright.sync_api import expect

    url, links = lan_server
    pages = []
    try:
        host = joined(browser, url, links["this computer (host)"])
        pages.append(host)
        start_match(host, "horse-race", ["Ann", "Bo"])
        host.tap("starter-0")
        host.expect_text("turn", "Ann leads the round")
        scorer = joined(browser, url, links["scorers (enter moves)"])
        pages.append(scorer)
        viewer = joined(browser, url, links["viewers (watch only)"])
        pages.append(viewer)
        scorer.expect_text("turn", "Ann leads the round")  # each phone opens the match being played
        viewer.expect_text("turn", "Ann leads the round")
        play(scorer, "1-4")  # Ann leads 1-4: 5, +1
        for ui in (host, viewer):
            ui.expect_text("score-0", "1")
            ui.expect_text("end-sum", "End sum: 5")
            ui.expect_gone("tile-1-4")
        # the viewer is offered no entry control (the server refuses a viewer's writes too: tests/server)
        expect(scorer.hook("tile-1-1")).to_be_visible(timeout=10_000)  # the scorer's phone has the picker…
        viewer.expect_text("watching", "This phone watches the table; the scorer enters the moves")
        for name in ("play", "draw", "pass", "undo", "tile-1-1", "spot-1-4-low", "sheet-open", "phones"):
            assert viewer.hook(name).count() == 0, name  # …the viewer's none of it, not even disabled
        host.expect_text("turn", "Ann continues: 1-4 scored")
        play(host, "1-1", "spot-1-4-low")  # the host may enter moves too: 1-1 + 4 = 6
        viewer.expect_text("end-sum", "End sum: 6")
        scorer.expect_text("end-sum", "End sum: 6")
    finally:
        for ui in pages:
            ui.page.context.close()


def test_without_the_key_the_browser_gets_the_403_page(lan_server, browser):
    url, _ = lan_server
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    try:
        page = context.new_page()
        response = page.goto(url)
        assert response.status == 403
        assert page.locator("h1").inner_text() == "Попросіть у господаря QR-код столу"
    finally:
        context.close()
