"""Scorer phones drawn by the scorer process (``serve --lan``: :mod:`scorekeeper.serve.viewer_server` with the
writer's socket, its tabs relayed by the guard), their writes applied by the server (:mod:`scorekeeper.server.writer`),
against the real server on loopback.

A scorer plays there, the host and a viewer follow each move; killed in the middle of a match (one Play on
its way), its tab is closed, the phone connecting again is served by the server, shows every move the store
holds and goes on; the store holds exactly the moves shown: none acknowledged lost, none doubled.
"""

from __future__ import annotations

import asyncio
import os
import re

import pytest

from scorekeeper.store import MatchStore
from tests.wire import Phone, Tree, join_cookie

from .aio import run
from .test_served_phones import host_key, open_table, turn
from .test_viewer_process import closed, scorer_processes, viewer_process

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="the scorer process listens on a Unix socket"),
    pytest.mark.slow,
]

TILE = re.compile(r"^tile-(\d-\d)$")


def playable(tree: Tree) -> list[str]:
    """The picker's tiles that may be played now, in its order."""
    return [m[1] for name, control in tree.hooks().items() if (m := TILE.match(name)) and not control.get("disabled")]


async def choose(scorer: Phone) -> str:
    """Tap the first tile that may be played and, if it fits more than one spot, the first spot: its name."""
    tile = (await scorer.wait_until(playable))[0]
    await scorer.tap(f"tile-{tile}")
    spots = await scorer.wait_until(
        lambda tree: (
            ["play"]
            if tile in (tree.text("selection") or "") and scorer.clickable("play") is not None
            else sorted(name for name in tree.hooks() if name.startswith("spot-")) or None
        )
    )
    if spots != ["play"]:
        await scorer.tap(spots[0])
        await scorer.wait_until(lambda tree: scorer.clickable("play"))
    return tile


def same_tile(name: str) -> str:
    """A tile's name whichever way round it lies ("1-0" on the table is the picker's "0-1")."""
    return "-".join(sorted(name.split("-")))


def shows(count: int):
    return lambda tree: len(tree.tiles_on_table()) == count


def test_a_scorer_in_the_scorer_process_plays_and_a_kill_loses_no_acknowledged_move(server):
    shown: dict[str, int] = {}

    async def scenario() -> str:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        match_id, scorer_key, viewer_key = await open_table(host)
        cookie = await asyncio.to_thread(join_cookie, server.port, scorer_key)
        scorer = await Phone.join(server.port, cookie=cookie)
        viewer = await Phone.join(server.port, viewer_key)
        again = None
        try:
            await scorer.wait_until(lambda tree: scorer.route == f"/table/{match_id}" and "leads" in turn(tree))
            drawing = scorer_processes(server)
            played = []
            for n in range(1, 4):  # three moves, each acknowledged on the scorer's page
                played.append(await choose(scorer))
                await scorer.tap("play")
                await scorer.wait_until(
                    lambda tree, t=played[-1], n=n: tree.find(f"tile-{t}") is None and shows(n)(tree)
                )
                for phone in (viewer, host):  # the writer told the viewer process and the server's tabs
                    await phone.wait_until(shows(n))
            await choose(scorer)
            await scorer.tap("play")  # on its way as the scorer process dies: written or not, never half
            for process in drawing:  # the one drawing this phone among them
                process.kill()
            await closed(scorer)  # the relayed tab ends with the process that drew it
            assert not host.closed and not viewer.closed and viewer_process(server).is_running()

            again = await Phone.join(server.port, cookie=cookie)  # the phone connects again: the server draws it
            seen = await again.wait_until(
                lambda tree: again.route == f"/table/{match_id}" and len(tree.tiles_on_table()) in (3, 4) and tree
            )
            before = len(seen.tiles_on_table())
            await choose(again)
            await again.tap("play")  # the server's own path: its writes as before
            for phone in (again, viewer, host):
                await phone.wait_until(shows(before + 1))
            shown["tiles"] = before + 1
            assert [phone.errors for phone in (host, viewer, again)] == [[], [], []]
            on_table = {same_tile(t) for t in (again.tree.tiles_on_table() if again.tree is not None else set())}
            assert {same_tile(t) for t in played} <= on_table  # the three acknowledged moves, as played
        finally:
            for phone in (host, scorer, viewer, again):
                if phone is not None:
                    await phone.close()
        return match_id

    match_id = run(scenario())
    server.stop()
    log = server.log_path.read_text()
    assert "Traceback" not in log, log[-3000:]
    store = MatchStore(server.data, read_only=True)
    try:
        kinds = [event["kind"] for event in store.events(match_id)]
    finally:
        store.close()
    # created, the round started by the host, then exactly the moves the pages showed: none lost, none doubled
    assert kinds == ["create", "start-round"] + ["move"] * shown["tiles"]
