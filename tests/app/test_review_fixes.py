"""Fixes from the app-layer code review (docs/app.md): each test fails without its fix."""

from __future__ import annotations

import errno

from scorekeeper.app import settings
from scorekeeper.app.state import TABLE, AppState
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Play, StartRound

from .test_state import new_match_state, run, shown


def tab(tmp_path, announced: list | None = None) -> AppState:
    announce = (lambda match_id, version: announced.append((match_id, version))) if announced is not None else None
    st = AppState(store=open_app_store(tmp_path), data_dir=str(tmp_path), lang="en", width=390, announce=announce)
    run(st.start())
    return st


# ------------------------------------------------------------------ 1: the store's write stands
def test_a_settings_file_that_cannot_be_written_does_not_hide_a_stored_move(tmp_path, monkeypatch):
    announced: list = []
    st = tab(tmp_path, announced)

    def disk_full(data_dir, values):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings, "save", disk_full)
    new_match_state(st, "horse-race", ["Ann", "Bo"])  # created and opened although not remembered
    assert st.error is None and st.screen == TABLE
    created = st.store.version(st.match_id)
    run(st.start_round(0))
    assert st.error is None and "message" not in shown(st)
    assert announced[-1] == (st.match_id, created + 1)  # the other tabs are told of the round's start
    st.pick_tile((1, 4))
    run(st.play())
    assert st.error is None and "message" not in shown(st)
    assert announced[-1] == (st.match_id, created + 2)
    stored = [action for _, action in st.store.actions(st.match_id)]
    assert stored == [StartRound(0), Play(0, (1, 4), None, False)]
    assert st.match.points == [1, 0]  # 1-4 leads: end sum 5, 1 point (H4)
