"""The history's date filter: a date that is not one (typed, applied or however it got in) is said, left out,
and never keeps the history from opening."""

from __future__ import annotations

from scorekeeper.app.navigation import Screen
from tests.app.tabs import tab

from .test_state import run, shown


def test_a_bad_date_in_the_history_filter_opens_the_history_anyway(tmp_path):
    from .test_history import import_cases

    st = tab(tmp_path)
    import_cases(st, "hr-2p-seed-layout")
    run(st.go(Screen.HISTORY))
    st.history.set_text("until", "2026-02-30")
    run(st.history.apply_typed())  # leaving the field applies what was typed
    assert st.screen == Screen.HISTORY and st.shell.error.code == "ui_no_such_date"
    assert shown(st)["message"] == '"2026-02-30" is not a date: the calendar has no such day'
    assert len(st.history.items) == 1 and st.history.filter["until"] == ""  # listed without it; not kept
    run(st.go(Screen.HOME))
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error is None
    st.history.set_text("since", "12/06/2025")  # applied: the list is read without it as well
    run(st.history.apply())
    assert st.shell.error.code == "ui_bad_date" and st.history.filter["since"] == "" and len(st.history.items) == 1
    run(st.go(Screen.HOME))
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error is None
    run(st.go(Screen.HOME))
    st.history.filter = {**st.history.filter, "until": "31.12.2025"}  # however a bad date got in: History opens
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error.code == "ui_bad_date" and st.history.filter["until"] == ""
