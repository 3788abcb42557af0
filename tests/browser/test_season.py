"""The Season screen in Chromium (phone, 390 × 844): the season over two stored events
(tests/store/test_season_store.py's, worked by hand there; opened by its address), the host drops each
player's worst result and turns ratings on, and the screen shows the new standings and the ratings
table; the settings are kept in the data folder (a reload shows them again)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from scorekeeper.app import settings  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from scorekeeper.store.club import ClubStore  # noqa: E402
from scorekeeper.store.season import SeasonStore  # noqa: E402
from tests.served import ServedApp  # noqa: E402
from tests.store.test_season_store import autumn  # noqa: E402

from .conftest import UI, open_ui  # noqa: E402

TIMEOUT = 20_000


def label_has(ui: UI, name: str, words: str) -> None:
    """Wait until the hook ``name``'s words (its label or text) include ``words``."""
    ui.page.wait_for_function(
        """([name, words]) => {
        const el = document.querySelector(`[flt-semantics-identifier="${name}"]`);
        return el !== null && ((el.getAttribute("aria-label") || "") + el.innerText).includes(words);
    }""",
        arg=[name, words],
        timeout=TIMEOUT,
    )


@pytest.fixture
def served(tmp_path):
    data = tmp_path / "data"
    store = open_store(data)
    try:
        made = autumn(ClubStore(store))
    finally:
        store.close()
    settings.save(str(data), {settings.LANG: "en"})
    app = ServedApp(data)
    yield app, data, made
    app.stop()


def test_the_host_drops_the_worst_and_turns_ratings_on(served, browser):
    app, data, (ids, one, two) = served
    ui = open_ui(browser, app.url + "season")  # (the start would resume a table's match of the events)
    try:
        label_has(ui, "season-summary", "2 events counted")
        label_has(ui, "season-row-3", "3. D, 3 pts")  # as worked: D 3rd on head-to-head
        label_has(ui, "season-row-4", "4. C, 2 pts")
        expect(ui.page.locator('[flt-semantics-identifier="season-rating-1"]')).to_have_count(0)
        ui.tap("season-settings")
        ui.tap("season-drop-1")
        label_has(ui, "season-summary", "each player's worst 1 dropped")
        label_has(ui, "season-row-3", "3. C, 2 pts")  # D's only result dropped: last on 0
        label_has(ui, "season-row-4", "4. D, 0 pts")
        label_has(ui, "season-row-4", "E1 (3)")
        ui.tap("season-ratings-switch")
        label_has(ui, "season-rating-4", "fixture")
        reader = open_store(data, read_only=True)  # the server holds the folder: read it as another process would
        try:
            kept = SeasonStore(ClubStore(reader)).settings()
        finally:
            reader.close()
        assert kept.drop_worst == 1 and kept.ratings is True
        ui.page.reload()
        ui.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        ui.page.locator("flt-semantics-placeholder").dispatch_event("click")
        label_has(ui, "season-row-4", "4. D, 0 pts")  # the settings kept: the same view after a reload
        label_has(ui, "season-rating-1", "rating")
    finally:
        ui.page.context.close()
