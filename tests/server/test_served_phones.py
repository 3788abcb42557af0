"""Phones at the table against the real server (``serve --lan --host 127.0.0.1`` in a child process, every
library logging at debug level), each phone a browser-less websocket client speaking Flet's protocol
(:mod:`tests.wire`), joined through the link the host's Table screen shows for one match.

A viewer's page offers no entry control, and what it sends by hand through its websocket (a route to the
New match screen and its Create, every click handler its page has) writes nothing: the match and the
history stay as they were. A scorer's move shows on the viewer's page. The keys of one match's links (made
when the host opened the Table screen, never printed) reach neither the log nor ``ps``.
"""

from __future__ import annotations

import os
import subprocess
import tempfile

import pytest

from tests.served import ServedApp
from tests.wire import Phone, Tree, key_of

from .aio import run
from .test_served import JOIN_LINE

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="ps is POSIX"), pytest.mark.slow]

ENTRY = ("play", "draw", "pass", "undo", "redo", "sheet-open")  # hooks of entering moves (docs/ui-ids.md)


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="h-club2-phones-")
    served = ServedApp(
        data,
        args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"FLET_LOG_LEVEL": "debug"},
    )  # every library's log lines: the patches sent included
    yield served
    served.stop()


def host_key(served: ServedApp) -> str:
    return dict(JOIN_LINE.findall(served.log_path.read_text()))["this computer (host)"]


def turn(tree: Tree) -> str:
    return tree.text("turn") or ""


def entry_hooks(tree: Tree) -> list[str]:
    return sorted(name for name in tree.hooks() if name in ENTRY or name.startswith(("tile-", "spot-", "placed-")))


async def open_table(host: Phone) -> tuple[str, str, str]:
    """The host opens a match and its Table screen: (match id, scorer key, viewer key) of that match."""
    assert host.tree is not None
    if host.tree.find("new-match") is None:  # the host's device opened the match last played
        await host.tap("home", settle=0.3)
    await host.tap("new-match", settle=0.3)
    await host.tap("create-match", settle=0.3)
    await host.tap("starter-0", settle=0.3)
    await host.wait_until(lambda tree: host.route.startswith("/table/") and "leads the round" in turn(tree))
    match_id = host.route.rsplit("/", 1)[-1]
    await host.tap("phones", settle=0.3)
    scorer = await host.wait_until(lambda tree: tree.text("join-url-scorer"))
    viewer = await host.wait_until(lambda tree: tree.text("join-url-viewer"))
    await host.tap("back-to-table", settle=0.3)
    await host.wait_until(lambda tree: host.route == f"/table/{match_id}" and tree.find("play") is not None)
    return match_id, key_of(scorer), key_of(viewer)


def test_a_viewer_is_offered_nothing_and_what_it_sends_by_hand_writes_nothing(server):
    async def scenario() -> None:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        match_id, scorer_key, viewer_key = await open_table(host)
        scorer = await Phone.join(server.port, scorer_key)
        viewer = await Phone.join(server.port, viewer_key)
        table = f"/table/{match_id}"
        try:
            await viewer.wait_until(lambda tree: viewer.route == table and "leads" in turn(tree))
            assert viewer.tree is not None
            assert entry_hooks(viewer.tree) == []  # no picker, no spots, no Play/Draw/Pass/Undo, no sheet to fix
            assert viewer.tree.find("phones") is None  # nor the Table screen (the host's)
            await scorer.tap("tile-1-4")
            await scorer.wait_until(lambda tree: scorer.clickable("play"))
            await scorer.tap("play")  # Player 1 leads 1-4: 5, +1
            await viewer.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"} and tree.text("score-0") == "1")
            assert viewer.tree.text("end-sum") == "End sum: 5"

            await viewer.navigate("/new")  # a viewer's hand-made route to the New match screen: not shown
            refusal = await viewer.wait_until(lambda tree: viewer.route == "/" and tree.text("message"))
            assert refusal.startswith("This device joined as a viewer")  # the start screen says why
            assert viewer.tree.find("create-match") is None
            await viewer.navigate(table)
            await viewer.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"})
            for control in [c for c in viewer.tree.index.values() if c.get("on_click")]:  # every handler it has
                await viewer.send_click(control["_i"])
            # its Settings, Rules and Home buttons take it off the table: wait for that before going back,
            # or the way back is to the address it still shows, which is no route change (Flet drops it)
            await viewer.wait_until(lambda tree: tree.find("turn") is None and viewer.route != table)
            await viewer.navigate(table)  # the app's later pushes may still be on their way: it wins over them
            # the table again only once that route change was handled, after every click it follows
            await viewer.wait_until(
                lambda tree: viewer.route == table and "continues" in turn(tree) and tree.tiles_on_table() == {"1-4"}
            )

            # nothing changed: the host still sees one tile and one match in play
            await host.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"} and "continues" in turn(tree))
            await host.tap("home")
            await host.wait_until(lambda tree: host.route == "/" and tree.find("resume-0") is not None)
            assert host.tree is not None and host.tree.find("resume-1") is None
            await scorer.tap("undo")  # the scorer still can (and the viewer follows)
            await viewer.wait_until(
                lambda tree: viewer.route == table and "leads" in turn(tree) and not tree.tiles_on_table()
            )
            assert [phone.errors for phone in (host, scorer, viewer)] == [[], [], []]
        finally:
            for phone in (host, scorer, viewer):
                await phone.close()

    run(scenario())


def test_the_keys_of_a_match_reach_neither_the_log_nor_ps(server):
    async def scenario() -> tuple[str, str]:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        try:
            _, scorer_key, viewer_key = await open_table(host)
            viewer = await Phone.join(server.port, viewer_key)  # a join: the guard logs it (path only)
            await viewer.close()
            return scorer_key, viewer_key
        finally:
            await host.close()

    keys = run(scenario())
    log = server.log_path.read_text()
    printed = {key for _, key in JOIN_LINE.findall(log)}
    assert not printed & set(keys)  # a match's own links are never printed
    assert "send_message" in log and "join-url-scorer" in log  # Flet logged the patches of the Table screen
    assert not [line for line in log.splitlines() if any(key in line for key in keys)]
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    assert not any(key in ps for key in keys)
