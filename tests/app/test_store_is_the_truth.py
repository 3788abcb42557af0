"""The store's write is what counts: a move stored stays recorded and announced though the settings file
cannot be written, and a tab whose fold disagrees with the store follows the store's copy and version."""

from __future__ import annotations

import errno

from scorekeeper.app import settings
from scorekeeper.app.navigation import Screen
from scorekeeper.rules import Play, RuleViolation, StartRound
from tests.app.tabs import tab

from .test_state import new_match_state, run, shown


def test_a_settings_file_that_cannot_be_written_does_not_hide_a_stored_move(tmp_path, monkeypatch):
    announced: list = []
    st = tab(tmp_path, announced)

    def disk_full(data_dir, values):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings, "save", disk_full)
    new_match_state(st, "horse-race", ["Ann", "Bo"])  # created and opened although not remembered
    assert st.shell.error is None and st.screen == Screen.TABLE
    created = st.services.store.version(st.table.match_id)
    run(st.table.start_round(0))
    assert st.shell.error is None and "message" not in shown(st)
    assert announced[-1] == (st.table.match_id, created + 1)  # the other tabs are told of the round's start
    st.entry.pick_tile((1, 4))
    run(st.entry.play())
    assert st.shell.error is None and "message" not in shown(st)
    assert announced[-1] == (st.table.match_id, created + 2)
    stored = [action for _, action in st.services.store.actions(st.table.match_id)]
    assert stored == [StartRound(0), Play(0, (1, 4), None, False)]
    assert st.table.match.points == [1, 0]  # 1-4 leads: end sum 5, 1 point (H4)


def test_after_a_disagreement_the_tab_keeps_the_version_of_the_copy_it_reloaded(tmp_path, monkeypatch):
    """The tab's fold refuses what the store accepted (cannot happen, but the store is the truth), and
    another tab writes before this one re-reads: the tab shows that later position at its version,
    and its next move is recorded (not refused as stale)."""
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    copy = st.table.match

    def disagree(action):
        st.services.store.record(st.table.match_id, Play(0, (4, 5), ((1, 4), "high"), False))  # another tab, meanwhile
        raise RuleViolation("S3", "wrong_player", name="Ann", who="Bo")

    st.entry.pick_tile((1, 4))
    monkeypatch.setattr(copy, "apply", disagree)
    run(st.entry.play())
    assert st.shell.error is None and st.table.match is not copy
    assert st.table.version == st.services.store.version(st.table.match_id)
    assert [m.tile for m in st.table.match.round.moves] == [(1, 4), (4, 5)]
    play_ok = st.table.version + 1
    st.entry.pick_tile((5, 5))
    st.entry.pick_spot(((4, 5), "high"))
    run(st.entry.play())
    assert st.shell.error is None, st.shell.error
    assert st.services.store.version(st.table.match_id) == play_ok
    assert [m.tile for m in st.table.match.round.moves] == [(1, 4), (4, 5), (5, 5)]
