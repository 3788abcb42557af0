"""Routes in the browser: an address opens its screen (a viewer phone opening ``/table/<id>`` sees that
match, whatever was played last), the browser's Back and Forward go to the screen before and after, and a
reload keeps the screen and the match."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import UI, open_ui  # noqa: E402
from .test_typing import field, type_into  # noqa: E402

TABLE_URL = re.compile(r"/table/(\d{8}-\d{6}-[0-9a-f]{6})$")


def new_match(ui: UI, names: tuple[str, str]) -> str:
    """Create a Horse Race match of ``names`` from wherever the page is; its id, read from the address."""
    if ui.page.locator('[flt-semantics-identifier="new-match"]').count() == 0:
        ui.tap("home")
    ui.tap("new-match")
    expect(ui.page).to_have_url(re.compile(r"/new$"), timeout=10_000)
    ui.tap("game-horse-race")
    ui.tap("players-2")
    for seat, name in enumerate(names):
        type_into(ui, f"name-{seat}", name)
        expect(field(ui, f"name-{seat}")).to_have_value(name, timeout=10_000)
    ui.change_sent(names[-1])  # the last field's last change event has gone to the server
    ui.tap("create-match")
    ui.expect_text("starter-0", names[0])
    expect(ui.page).to_have_url(TABLE_URL, timeout=10_000)
    found = TABLE_URL.search(ui.page.url)
    assert found is not None
    return found.group(1)


def hooks_ready(ui: UI) -> None:
    """After a reload or a new address: the app loaded, its accessibility tree on."""
    ui.page.wait_for_selector("#loading", state="detached", timeout=60_000)
    ui.page.locator("flt-semantics-placeholder").dispatch_event("click")
    ui.page.wait_for_selector("[flt-semantics-identifier]", timeout=20_000)


def test_an_address_opens_its_screen(ui, server, browser):
    linked = new_match(ui, ("Nia", "Oto"))
    new_match(ui, ("Pia", "Quo"))  # now the match last played: a plain start would resume it
    ui.tap("starter-0")
    ui.expect_text("turn", re.compile("^Pia"))

    history = open_ui(browser, server + "history")
    try:
        expect(history.hook("history-count")).to_have_text(re.compile(r"^Matches: \d+$"), timeout=10_000)
        expect(history.page).to_have_url(re.compile(r"/history$"))
    finally:
        history.page.context.close()

    viewer = open_ui(browser, f"{server}table/{linked}")  # a viewer phone opening a shared link
    try:
        viewer.expect_text("starter-0", "Nia")
        viewer.expect_text("starter-1", "Oto")
        expect(viewer.page).to_have_url(re.compile(f"/table/{linked}$"))
    finally:
        viewer.page.context.close()


def test_back_and_forward_go_to_the_screens_before_and_after(ui):
    match_id = new_match(ui, ("Ray", "Sol"))
    ui.tap("settings")
    expect(ui.page).to_have_url(re.compile(r"/settings$"), timeout=10_000)
    ui.hook("lang-en").wait_for()
    ui.page.go_back()  # Settings → the table
    ui.expect_text("starter-0", "Ray")
    expect(ui.page).to_have_url(re.compile(f"/table/{match_id}$"))
    ui.page.go_back()  # the table → the new-match form it was created from
    expect(ui.hook("create-match")).to_be_visible(timeout=10_000)
    expect(ui.page).to_have_url(re.compile(r"/new$"))
    ui.page.go_forward()  # and forward to the table again
    ui.expect_text("starter-1", "Sol")
    ui.tap("starter-1")  # it works as before: the match goes on
    ui.expect_text("turn", re.compile("^Sol"))


def test_a_reload_keeps_the_screen_and_the_match(ui, server, browser):
    kept = new_match(ui, ("Tam", "Uli"))
    ui.tap("starter-1")
    ui.expect_text("turn", re.compile("^Uli"))
    other = open_ui(browser, server)  # another tab plays another match: that is now the match last played
    try:
        new_match(other, ("Vic", "Wen"))
        other.tap("starter-0")
        other.expect_text("turn", re.compile("^Vic"))
    finally:
        other.page.context.close()
    ui.page.reload()
    hooks_ready(ui)
    ui.expect_text("turn", re.compile("^Uli"))
    expect(ui.page).to_have_url(re.compile(f"/table/{kept}$"))
    ui.tap("home")
    ui.tap("history")
    expect(ui.page).to_have_url(re.compile(r"/history$"), timeout=10_000)
    ui.page.reload()
    hooks_ready(ui)
    expect(ui.hook("history-count")).to_have_text(re.compile(r"^Matches: \d+$"), timeout=10_000)
