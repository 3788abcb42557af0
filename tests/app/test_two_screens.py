"""Two tabs (or phones) on one match: a tab that missed the other's move can never record a move
for the wrong player, and a tab showing the match follows the other's moves as they are made.

The position used throughout is the seed layout of ``hr-2p-seed-layout`` after Bo's 0-5 on 5-5:
Bo continues (he scored with 0-5, H4) and plays 1-3 on 1-1's branch B next, which ends his turn;
then it is Ann's, and 2-6 on 1-2's high end is her move in the case.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Draw, Match, Pass, Play, StartRound, parse_spot, parse_tile
from tests.app.tabs import new_tab

from .live import Live
from .test_state import run, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


def seed_actions(upto: int) -> list:
    """The case's round start and its first ``upto`` moves, as engine actions."""
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    round_ = doc["rounds"][0]
    actions: list = [StartRound(round_["starter"])]
    for move in round_["moves"][:upto]:
        if "play" in move:
            spot = parse_spot(move["at"]) if "at" in move else None
            actions.append(Play(move["player"], parse_tile(move["play"]), spot, move.get("drawn", False)))
        elif "draw" in move:
            actions.append(Draw(move["player"], move["draw"]))
        else:
            actions.append(Pass(move["player"]))
    return actions


def bo_continues(store) -> str:
    """A stored Horse Race match, Ann v Bo, where Bo continues after 0-5 (moves 0–8 of the case)."""
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    for action in seed_actions(9):
        store.record(match_id, action)
    return match_id


def tab(store, data_dir) -> AppModel:
    """A tab opened on the app: it resumes the match in progress."""
    state = new_tab(store, str(data_dir), lang="en")
    run(state.start())
    assert state.screen == Screen.TABLE
    return state


def play(state: AppModel, tile: str, at: str) -> None:
    state.entry.pick_tile(parse_tile(tile))
    state.entry.pick_spot(parse_spot(at))
    run(state.entry.play())


def test_a_tab_that_missed_a_move_records_nothing_and_shows_the_match_as_it_is(tmp_path):
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    a, b = tab(store, tmp_path), tab(store, tmp_path)
    assert shown(a)["turn"] == shown(b)["turn"] == "Bo continues: 0-5 scored"
    play(a, "1-3", "1-1:branch-b")  # Bo's last tile of the turn: now Ann's move
    assert a.shell.error is None and shown(a)["turn"] == "Ann to play: Bo's tile did not score"
    # B has not re-read the match: it still shows Bo continuing, and its copy did not change under it
    assert shown(b)["turn"] == "Bo continues: 0-5 scored" and b.table.match.turn.seat == 1
    before = store.version(match_id)
    play(b, "2-6", "1-2:high")  # meant as Bo's move on the screen B shows
    assert store.version(match_id) == before  # nothing written
    assert b.shell.error.code == "ui_stale_view"
    screen = shown(b)
    assert screen["message"] == (
        "This match was changed on another screen; here it is now — "
        "check it, then enter your move again if it is still needed."
    )
    assert screen["turn"] == "Ann to play: Bo's tile did not score"  # B now shows the match as it is
    assert b.entry.selected_tile is None and b.table.version == before
    # entered again on the position B now shows, it is Ann's move, as the player meant at the table
    play(b, "2-6", "1-2:high")
    assert b.shell.error is None
    last = store.open_match(match_id).round.moves[-1]
    assert (last.player, last.tile) == (0, (2, 6))
    assert shown(b)["turn"] == "Bo to play: Ann's tile did not score"


def test_the_move_is_built_from_what_the_tab_shows(tmp_path, monkeypatch):
    """Even without the version check, a stale tab's tile is Bo's (as it shows), never Ann's:
    the engine refuses it (S3: not Bo's move) instead of scoring it for Ann."""
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    a, b = tab(store, tmp_path), tab(store, tmp_path)
    play(a, "1-3", "1-1:branch-b")
    record = store.record
    monkeypatch.setattr(store, "record", lambda mid, action, expected_version=None: record(mid, action))
    moves = len(store.open_match(match_id).round.moves)
    play(b, "2-6", "1-2:high")
    assert b.shell.error is not None and b.shell.error.code == "wrong_player" and b.shell.error.params["who"] == "Bo"
    assert len(store.open_match(match_id).round.moves) == moves  # nothing recorded for Ann
    assert store.open_match(match_id).points == [3, 8]  # the case's scores after Bo's 1-3: unchanged


def test_a_stale_undo_takes_nothing_back(tmp_path):
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    a, b = tab(store, tmp_path), tab(store, tmp_path)
    play(a, "1-3", "1-1:branch-b")
    run(b.table.undo())  # B would take back Bo's 0-5, which is no longer the last entry
    assert b.shell.error.code == "ui_stale_view"
    actions = [action for _, action in store.actions(match_id)]
    assert actions[-1] == Play(1, (1, 3), ((1, 1), "branch-b"), False)
    assert len(actions) == 11
    run(b.table.undo())  # now B shows 1-3 as the last entry: that one is taken back
    assert b.shell.error is None and shown(b)["turn"] == "Bo continues: 0-5 scored"
    assert len(store.actions(match_id)) == 10


def test_a_tab_copy_is_the_store_fold_after_each_entry(tmp_path):
    """Each tab folds its own copy: after every entry it equals the store's match folded anew."""
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    a = tab(store, tmp_path)
    for tile, at in (("1-3", "1-1:branch-b"), ("2-6", "1-2:high"), ("0-3", "0-5:low")):
        play(a, tile, at)
        fresh = Match.replay("horse-race", ["Ann", "Bo"], False, [x for _, x in store.actions(match_id)])
        assert a.table.match is not store.open_match(match_id)
        assert a.table.match.actions == fresh.actions and a.table.match.scores == fresh.scores
        assert a.table.match.round.layout.open_spots == fresh.round.layout.open_spots
        assert a.table.version == store.version(match_id)


async def until(condition, seconds: float = 3.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def idle(*tabs: Live) -> None:
    """Wait until the tabs have nothing left to do: every task but their sessions' update schedulers done and
    no update waiting for a scheduler, then a few turns of the loop (a callback made ready meanwhile). Reads
    and renders are in-process: nothing more is sent after that."""
    schedulers = {tab.session._Session__updates_task for tab in tabs}

    def busy() -> bool:
        return bool(asyncio.all_tasks() - schedulers - {asyncio.current_task()}) or any(
            tab.session._Session__updates_ready.is_set() for tab in tabs
        )

    await until(lambda: not busy())
    await tabs[0].settle()


async def two_tabs(store, data_dir) -> tuple[Live, Live]:
    """Two tabs as sessions of one app (one pubsub hub) on ``store``, each resuming the match in progress."""
    hub = PubSubHub(loop=asyncio.get_running_loop())
    return await Live.open(store, data_dir, hub=hub), await Live.open(store, data_dir, hub=hub)


def test_a_tab_showing_the_match_follows_the_other_tabs_moves(tmp_path):
    """Two tabs as sessions of one app (one pubsub hub): B re-renders after A's move and A's undo,
    with no tap in B; its end sum and explanation are those of the last placement."""
    store = open_app_store(tmp_path)
    bo_continues(store)

    async def scenario():
        a, b = await two_tabs(store, tmp_path)
        assert b.texts()["turn"] == "Bo continues: 0-5 scored"
        await b.tap("tile-2-6")  # B had begun an entry of its own
        await a.tap("tile-1-3")
        await a.tap("spot-1-1-branch-b")
        await a.tap("play")
        await until(lambda: b.texts()["turn"] == "Ann to play: Bo's tile did not score")
        seen = b.texts()
        assert seen["explain"] == "3-4: 3 + 1-2: 2 + 0-5: 0 + 1-3: 3 = 8"  # no points: 8 is no multiple of 5
        assert seen["end-sum"] == "End sum: 8"
        assert seen["score-1"] == "8"
        assert b.state.entry.selected_tile is None  # B's entry was for the old position
        assert "tile-1-3" not in b.hooks()  # on the table now, out of B's picker
        await a.tap("undo")
        await until(lambda: b.texts()["turn"] == "Bo continues: 0-5 scored")
        assert "tile-1-3" in b.hooks() and b.state.table.version == a.state.table.version

    asyncio.run(scenario())


def test_a_following_tab_draws_each_move_once(tmp_path):
    """B follows A's Play and Undo with one update each (one patch sent), not a first with the new
    position and a second for the Redo button: its reads are all made before its state changes."""
    store = open_app_store(tmp_path)
    bo_continues(store)

    async def scenario():
        a, b = await two_tabs(store, tmp_path)
        for tap, turn in (("play", "Ann to play: Bo's tile did not score"), ("undo", "Bo continues: 0-5 scored")):
            if tap == "play":
                await a.tap("tile-1-3")
                await a.tap("spot-1-1-branch-b")
            before = len(b.connection.sent)
            await a.tap(tap)
            await until(lambda t=turn: b.texts()["turn"] == t)
            await idle(a, b)  # anything still to come has come
            assert len(b.connection.sent) - before == 1, tap
        assert b.texts()["redo"] == "Redo"  # the one update has the Redo button too

    asyncio.run(scenario())
