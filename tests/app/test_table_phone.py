"""The table screen on a phone (issue 21, section 3): what the next tap needs stays in its place and in view."""

from __future__ import annotations

import asyncio

from scorekeeper.app.store_access import open_app_store
from scorekeeper.store import open_store
from tests.app.tabs import new_tab

from .live import Live
from .test_history import case
from .test_state import run, shown


def between_rounds(tmp_path):
    """hr-2p-seed-layout's first round settled (Bo went out): the table waits for "Start: Bo leads"."""
    doc = case("hr-2p-seed-layout")
    doc["rounds"] = doc["rounds"][:1]
    store = open_store(tmp_path)
    [match_id] = store.import_documents([doc])
    return store, match_id


def test_the_next_rounds_start_stays_with_the_whole_sheet_open(tmp_path):
    store, match_id = between_rounds(tmp_path)
    tab = new_tab(store, tmp_path)
    run(tab.start())
    assert tab.table.match_id == match_id and tab.table.shown.status == "start-round"
    tab.correction.show_sheet()
    words = shown(tab)
    assert "score-sheet" in words and words["start-round"] == "Start: Bo leads"  # it was missing
    order = list(words)
    assert order.index("start-round") < order.index("score-sheet")  # in view, over the long sheet


def test_a_reload_shows_the_table_not_the_sheet_left_open(tmp_path):
    """A reload keeps Flet's session (the page registers again with it): the tab is the same, and the sheet
    stayed open over the entry. The page's connect event (a reload, a phone waking) now closes it."""
    _, match_id = between_rounds(tmp_path)

    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path, route=f"/table/{match_id}")
        await live.tap("sheet-open")
        assert "score-sheet" in live.texts()
        page = live.session.page
        await live.session.dispatch_event(page._i, "disconnect", None)
        await live.session.dispatch_event(page._i, "connect", None)
        await live.settle()
        assert "score-sheet" not in live.texts() and live.texts()["start-round"] == "Start: Bo leads"

    asyncio.run(scenario())


def test_the_hands_row_is_as_high_as_its_words_need_with_house_rule_r3(tmp_path):
    """With R3 the stock says "Stock: 14 (the last 2 never drawn)": the row of the hands, the stock and the end
    sum takes two rows on a phone, and its slot is reserved for two (it was one: the end sum overlapped the
    news line)."""
    from scorekeeper.app.navigation import Screen
    from scorekeeper.app.parts.status import chip_rows

    tab = new_tab(open_store(tmp_path), tmp_path)
    run(tab.start())
    run(tab.go(Screen.NEW_MATCH))
    run(tab.setup.set_house("reserve", 2))
    run(tab.setup.create())
    run(tab.table.start_round(0))
    assert shown(tab)["stock"] == "Stock: 14 (the last 2 never drawn)"
    assert chip_rows(tab.t, tab.table.shown, 370) == 2
    assert chip_rows(tab.t, tab.table.shown, 800) == 1
