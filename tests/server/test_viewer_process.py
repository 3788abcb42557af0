"""Viewer phones drawn by the viewer process (``serve --lan``: :mod:`scorekeeper.serve.viewer_server`, its tabs
relayed by the guard, :mod:`scorekeeper.server.relay`), against the real server on loopback.

A viewer follows the scorer's moves from there; its tab ends with that process (so it was drawn there, not
by the server); the same phone joining again is served by the server itself and follows as well. The host's
own tab never notices. And the device list and Disconnect hold for a relayed viewer: it is listed while its
tab is open, and Disconnect closes that tab.
"""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile

import psutil
import pytest
from websockets.asyncio.client import connect

from tests.served import ServedApp
from tests.wire import PHONE_UA, Phone, join_cookie

from .aio import run
from .test_served_phones import host_key, open_table, turn

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket"),
    pytest.mark.slow,
]


def _drawing_processes(served: ServedApp, last_argument: str) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(served.proc.pid).children():
        try:
            args = child.cmdline()
        except psutil.Error:  # one killed before (a zombie until the server looks at it)
            continue
        if "scorekeeper.serve.viewer_server" in " ".join(args) and args[-1].endswith(last_argument):
            found.append(child)
    return found


def viewer_process(served: ServedApp) -> psutil.Process:
    """The server's viewer process (``viewer_server DATA SOCKET``; not the scorer process, which is given
    the writer's socket too)."""
    (child,) = _drawing_processes(served, "viewers.sock")
    return child


def scorer_processes(served: ServedApp) -> list[psutil.Process]:
    """The server's scorer processes (``viewer_server DATA SOCKET WRITER``): two by default."""
    found = _drawing_processes(served, "writer.sock")
    assert len(found) == 2, found
    return found


async def closed(phone: Phone, timeout: float = 10) -> None:
    """Wait until the server closed ``phone``'s connection; ``AssertionError`` if not within ``timeout`` s."""
    for _ in range(int(timeout * 10)):
        if phone.closed:
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the phone's connection is still open")


async def play_lead(scorer: Phone, tile: str) -> None:
    await scorer.tap(f"tile-{tile}")
    await scorer.wait_until(lambda tree: scorer.clickable("play"))
    await scorer.tap("play")


def test_a_viewer_is_drawn_by_the_viewer_process_then_by_the_server_once_that_is_gone(server):
    async def scenario() -> None:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        match_id, scorer_key, viewer_key = await open_table(host)
        scorer = await Phone.join(server.port, scorer_key)
        cookie = await asyncio.to_thread(join_cookie, server.port, viewer_key)
        viewer = await Phone.join(server.port, cookie=cookie)
        again = None
        try:
            await viewer.wait_until(lambda tree: viewer.route == f"/table/{match_id}" and "leads" in turn(tree))
            await play_lead(scorer, "1-4")  # Player 1 leads 1-4: 5, +1
            await viewer.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"} and tree.text("score-0") == "1")
            assert viewer.tree is not None and viewer.tree.text("end-sum") == "End sum: 5"

            viewer_process(server).kill()
            await closed(viewer)  # the relayed tab ends with the process that drew it
            assert not host.closed and not scorer.closed  # the server's own tabs go on

            again = await Phone.join(server.port, cookie=cookie)  # the same phone back: the server draws it
            await again.wait_until(
                lambda tree: again.route == f"/table/{match_id}" and tree.tiles_on_table() == {"1-4"}
            )
            await scorer.tap("undo")
            await again.wait_until(lambda tree: not tree.tiles_on_table() and "leads" in turn(tree))
            await host.wait_until(lambda tree: not tree.tiles_on_table())
            assert [phone.errors for phone in (host, scorer, again)] == [[], [], []]
        finally:
            for phone in (host, scorer, viewer, again):
                if phone is not None:
                    await phone.close()

    run(scenario())


def test_a_relayed_viewer_is_listed_and_disconnect_closes_its_tab(server):
    async def scenario() -> None:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        match_id, _, viewer_key = await open_table(host)
        viewer = await Phone.join(server.port, viewer_key)
        try:
            await viewer.wait_until(lambda tree: viewer.route == f"/table/{match_id}")
            assert viewer_process(server).is_running()
            await host.tap("phones", settle=0.3)
            row = await host.wait_until(
                lambda tree: next((name for name in tree.hooks() if name.startswith("disconnect-")), None)
            )
            await host.tap(row)
            await closed(viewer)
            assert viewer_process(server).is_running()  # one tab ended, not the process
        finally:
            await viewer.close()
            await host.close()

    run(scenario())


def test_a_relayed_viewer_coming_back_resumes_its_session_and_no_other_device_can(server):
    async def scenario() -> None:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        match_id, scorer_key, viewer_key = await open_table(host)
        scorer = await Phone.join(server.port, scorer_key)
        cookie = await asyncio.to_thread(join_cookie, server.port, viewer_key)
        other = await asyncio.to_thread(join_cookie, server.port, viewer_key)  # a second viewer phone
        viewer = await Phone.join(server.port, cookie=cookie)
        phones = [host, scorer, viewer]
        try:
            await viewer.wait_until(lambda tree: viewer.route == f"/table/{match_id}" and "leads" in turn(tree))
            session = viewer.session_id
            assert session
            await viewer.close()  # out of the Wi-Fi
            await play_lead(scorer, "1-4")  # meanwhile: Player 1 leads 1-4: 5, +1
            await host.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"})

            stranger = await Phone.join(server.port, cookie=other, session_id=session)
            phones.append(stranger)
            assert stranger.session_id != session  # another device's session is not handed over
            attacker = await Phone.connect(server.port, cookie=other)  # nor after a first frame of junk
            phones.append(attacker)
            await attacker.ws.send(b"\x02junk")  # a frame type Flet drops, reading on
            await attacker.register(session)
            with pytest.raises(ConnectionError):  # the guard closes it (Flet would have handed the session over)
                await attacker.wait_until(lambda tree: attacker.session_id == session, timeout=15)
            assert attacker.ws.close_code == 1008

            back = await Phone.join(server.port, cookie=cookie, session_id=session, route=f"/table/{match_id}")
            phones.append(back)
            assert back.session_id == session  # the viewer process kept it, the guard let its own device in
            await back.wait_until(lambda tree: tree.tiles_on_table() == {"1-4"} and tree.text("score-0") == "1")
        finally:
            for phone in phones:
                await phone.close()

    run(scenario())


@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
def test_the_viewer_process_ends_with_the_server(server, how):
    children = [viewer_process(server), *scorer_processes(server)]
    folders = [os.path.dirname(child.cmdline()[-1]) for child in children]  # their sockets' private folders
    assert len(set(folders)) == 3 and all(os.stat(folder).st_mode & 0o777 == 0o700 for folder in folders)
    for folder in folders[1:]:  # the server's writers, each in its scorer process's folder
        assert os.stat(os.path.join(folder, "writer.sock")).st_mode & 0o777 == 0o600
    if how == "SIGINT":  # Ctrl+C: the server stops them, and says nothing of it
        server.proc.send_signal(signal.SIGINT)
        assert server.proc.wait(20) == 130
        assert not any(map(os.path.exists, folders))
    else:  # the server killed: its end of their stdin closes
        server.proc.kill()
        server.proc.wait(20)
    for child in children:
        assert child.wait(10) is not None or not child.is_running()
    log = server.log_path.read_text()
    assert "Traceback" not in log and "viewer process" not in log and "scorer process" not in log, log[-2000:]


def test_tabs_that_leave_while_their_first_screen_is_sent_leave_no_traceback(server):
    """A phone that scans a code and closes the tab at once: the server, and the viewer process, say
    nothing alarming (a tester saw Flet's send loop end in "Exception in ASGI application" and a
    "Receive loop error" traceback, then a failed ``page.run_task`` of a tab without connection).

    A sample of moments, against the real servers: it failed once on a loaded machine, from a send in
    the instant after a websocket's end (``BrowserLanguage`` registering its ``SharedPreferences``). Every
    message of a first screen is left at, deterministically, in-process: tests/app/test_tab_leaves.py."""

    async def leave(cookie: str, delay: float, abrupt: bool) -> None:
        ws = await connect(
            f"ws://127.0.0.1:{server.port}/ws",
            origin=f"http://127.0.0.1:{server.port}",  # type: ignore[arg-type]
            additional_headers={"User-Agent": PHONE_UA, "Cookie": cookie},
            max_size=None,
            ping_interval=None,
        )
        await Phone(ws, (390.0, 844.0)).register()
        await asyncio.sleep(delay)  # the moment it leaves at: what the test varies
        if abrupt:
            ws.transport.abort()
        else:
            await ws.close()

    async def scenario() -> None:
        host = await Phone.join(server.port, host_key(server), size=(1280.0, 800.0))
        try:
            _, scorer_key, viewer_key = await open_table(host)
            for key in (scorer_key, viewer_key):
                cookie = await asyncio.to_thread(join_cookie, server.port, key)
                for delay in (0.0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.15, 0.3):
                    for abrupt in (False, True):
                        await leave(cookie, delay, abrupt)
            # a window, not a wait for something: what is checked is that nothing alarming is logged after the
            # tabs left (a late send of a tab already gone), and the absence of a line can only be watched for
            await asyncio.sleep(2)
        finally:
            await host.close()

    run(scenario())
    log = server.log_path.read_text()
    assert "Traceback" not in log and "never awaited" not in log, log[-3000:]


def test_a_killed_servers_viewer_folder_is_cleared_at_the_next_start_and_a_running_ones_kept():
    """``serve --lan`` killed with SIGKILL cannot remove its viewer socket's folder: the next server does, at
    start, and leaves the folder of a server still running (here: one named for this test's process)."""
    temp = tempfile.mkdtemp(prefix="h-sec-viewer-tmp-")  # the servers' temporary folder (TMPDIR)
    running = os.path.join(temp, f"scorekeeper-viewers-{os.getpid()}-running1")
    os.mkdir(running, 0o700)

    def start() -> tuple[ServedApp, list[psutil.Process], list[str]]:
        data = tempfile.mkdtemp(prefix="h-sec-viewer-data-")
        served = ServedApp(
            data,
            args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
            env={"TMPDIR": temp},
        )
        children = [viewer_process(served), *scorer_processes(served)]  # each with a folder of its own
        return served, children, [os.path.dirname(child.cmdline()[-1]) for child in children]

    first, children, litter = start()
    for folder in litter:
        assert os.path.dirname(folder) == temp
        assert os.path.basename(folder).startswith(f"scorekeeper-viewers-{first.proc.pid}-")
    first.proc.kill()
    first.stop()
    for child in children:
        child.wait(20)  # its stdin ended with the server
    assert all(os.path.isdir(folder) for folder in litter)  # left behind
    second, _, folders = start()
    try:
        assert not any(os.path.exists(folder) for folder in litter)  # cleared at start
        assert sorted(os.listdir(temp)) == sorted([os.path.basename(running), *map(os.path.basename, folders)])
    finally:
        second.stop()
    assert not any(map(os.path.exists, folders)) and os.path.isdir(running)  # its own removed at a clean stop
