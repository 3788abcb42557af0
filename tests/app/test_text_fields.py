"""A render that falls between a key and its change event never sends older text back to the browser.

The browser sends each key as two messages: the field's new text (applied
at once) and its change event (handled in a task of its own), so a render
can run in between, with the app still holding the text before the key.
Before the fix such a render sent that older text back and the browser
replaced what had been typed ("Cy" became "CCy", "2026-02-30" "026-02-30";
usability issue, item 1). Each text field of the app is driven here in a
real Flet session: a key arrives, a render runs before its change event,
and the field must still hold the key (nothing was sent back).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store

from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"


def test_a_name_keeps_a_key_a_render_overtook(tmp_path):
    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)
        state = live.state
        await state.go(Screen.NEW_MATCH)
        await live.settle()
        await live.type("name-0", "Bo")
        live.key("name-0", "Bob")
        state.setup.set_form(count=3)  # a tap on the form renders it before the key's change event
        await live.settle()
        assert live.field("name-0").value == "Bob"
        await live.change("name-0")
        assert state.setup.names[0] == "Bob" and live.field("name-0").value == "Bob"
        # the app's own change is still shown: a recent name put in the first empty seat
        state.setup.add_recent("Cy")
        await live.settle()
        assert live.field("name-1").value == "Cy" and live.field("name-0").value == "Bob"

    asyncio.run(scenario())


def test_a_history_filter_keeps_a_key_a_render_overtook(tmp_path):
    async def scenario():
        store = open_app_store(tmp_path)
        store.import_documents([json.loads((CASES / "hr-2p-seed-layout.json").read_text())])
        live = await Live.open(store, tmp_path)
        state = live.state
        await state.go(Screen.HISTORY)
        await live.settle()
        await live.type("history-player", "Cy")
        await state.history.apply()  # Enter: the filter applied, the list read again and drawn
        await live.settle()
        assert state.history.filter["player"] == "Cy" and live.field("history-player").value == "Cy"
        live.key("history-since", "2")  # straight into "From": its first key, not yet its change event
        await state.history.filter_game("horse-race")  # a render (the game chosen) overtakes it
        await live.settle()
        assert live.field("history-since").value == "2"
        assert live.field("history-player").value == "Cy"
        await live.type("history-since", "2026-02-30")  # no such day: dropped from the filter, not the field
        await state.history.apply()
        await live.settle()
        assert state.shell.error.code == "ui_no_such_date" and state.history.filter["since"] == ""
        assert live.field("history-since").value == "2026-02-30"

    asyncio.run(scenario())


def test_a_pip_total_keeps_a_key_its_own_render_overtook(tmp_path):
    doc = json.loads((CASES / "hr-4i-block-4-4-4-14.json").read_text())
    del doc["rounds"][0]["hands"]  # the round waits for the hands

    async def scenario():
        store = open_app_store(tmp_path)
        [match_id] = store.import_documents([doc])
        live = await Live.open(store, tmp_path)
        state = live.state
        await state.table.open_match(match_id)
        await live.settle()
        live.key("pips-0", "1")
        await live.session.dispatch_event(live.field("pips-0")._i, "change", None)  # re-renders the panel…
        live.key("pips-0", "12")  # …but the next key arrives before that render runs
        await live.settle()
        assert live.field("pips-0").value == "12"
        await live.change("pips-0")
        assert state.reveal.totals[0] == "12" and "pip total 12" in live.texts()["reveal-seat-0"]

    asyncio.run(scenario())


def test_a_typed_target_keeps_a_key_a_render_overtook(tmp_path):
    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)
        state = live.state
        await state.go(Screen.NEW_MATCH)
        state.setup.toggle_house()
        await live.settle()
        assert live.field("house-target-field").value == "61"
        await live.type("house-target-field", "7")
        live.key("house-target-field", "75")
        await state.setup.set_house("reserve", 2)  # a tap on the form renders it before the key's change event
        await live.settle()
        assert live.field("house-target-field").value == "75"
        await live.change("house-target-field")
        await state.setup.apply_target()  # Enter: applied, the form drawn again with it
        await live.settle()
        assert state.setup.house == {"reserve": 2, "target": 75}
        assert live.field("house-target-field").value == "75"
        await state.setup.set_house("target", 101)  # the app's own change is still shown
        await live.settle()
        assert live.field("house-target-field").value == "101"

    asyncio.run(scenario())
