"""Phones joined with the table-wide codes the terminal printed follow the host into its matches, against
the real server (``serve --lan --host 127.0.0.1``, its viewer process drawing the viewer), each phone a
browser-less client (:mod:`tests.wire`).

The family's evening (issue 21): a scorer and a viewer scanned the printed codes before the host started
the match and stayed on the start screen when it began. Now both wait ("Waiting for the host to start a
match"), open the match the host creates, and the next one; the scorer enters its first move there.
"""

from __future__ import annotations

import asyncio
import http.client
import os

import pytest

from tests.served import ServedApp
from tests.wire import PHONE_UA, Phone, join_cookie

from .aio import run
from .test_served import JOIN_LINE
from .test_viewer_process import closed, viewer_process

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket"),
    pytest.mark.slow,
]

WAITING = "Waiting for the host to start a match: it opens here as soon as it starts."


def printed_keys(served: ServedApp) -> dict[str, str]:
    return dict(JOIN_LINE.findall(served.log_path.read_text()))


async def new_match(host: Phone) -> str:
    """The host starts a match (New match, Create): its id, from the address the host's tab shows."""
    assert host.tree is not None
    if host.tree.find("new-match") is None:
        await host.tap("home", settle=0.3)
    before = host.route
    await host.tap("new-match", settle=0.3)
    await host.tap("create-match", settle=0.3)
    await host.wait_until(
        lambda tree: host.route.startswith("/table/") and host.route != before and tree.find("starter-0") is not None
    )
    return host.route.rsplit("/", 1)[-1]


def test_table_phones_wait_then_open_each_match_the_host_starts(server):
    keys = printed_keys(server)

    async def scenario() -> None:
        host = await Phone.join(server.port, keys["this computer (host)"], size=(1280.0, 800.0))
        scorer = await Phone.join(server.port, keys["scorers (enter moves)"])
        viewer = await Phone.join(server.port, keys["viewers (watch only)"])
        phones = [host, scorer, viewer]
        try:
            for phone in (scorer, viewer):
                assert await phone.wait_until(lambda tree: tree.text("waiting-host")) == WAITING
                assert phone.route == "/"

            first = await new_match(host)
            for phone in (scorer, viewer):
                await phone.wait_until(lambda tree, p=phone: p.route == f"/table/{first}")
            await scorer.tap("starter-0", settle=0.3)  # the scorer is at the table: it chooses who leads
            await host.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))
            await viewer.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))

            second = await new_match(host)  # the next match
            for phone in (scorer, viewer):
                await phone.wait_until(
                    lambda tree, p=phone: p.route == f"/table/{second}" and tree.find("waiting-host") is None
                )
            assert [phone.errors for phone in phones] == [[], [], []]

            viewer_process(server).kill()
            await closed(viewer)  # it was drawn by the viewer process, which followed the host too
            assert not scorer.closed
        finally:
            for phone in phones:
                await phone.close()

    run(scenario())
    log = server.log_path.read_text()
    assert "Traceback" not in log, log[-3000:]


def test_a_phone_joining_after_the_host_started_opens_the_match_at_once(server):
    """Re-scanning the viewer's code showed the start screen: the viewer process did not know the match
    the host had just created (told only of moves). Now the host's New match is told to it."""
    keys = printed_keys(server)

    async def scenario() -> None:
        host = await Phone.join(server.port, keys["this computer (host)"], size=(1280.0, 800.0))
        try:
            match_id = await new_match(host)  # no move yet: the viewer process has heard of no change
            viewer = await Phone.join(server.port, keys["viewers (watch only)"])
            try:
                await viewer.wait_until(lambda tree: viewer.route == f"/table/{match_id}")
            finally:
                await viewer.close()
        finally:
            await host.close()

    run(scenario())


def rejoin_status(port: int, key: str, cookie: str) -> int:
    """The status of opening the join link ``key`` from a browser that holds ``cookie`` (a phone scanning
    the code again)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", f"/?key={key}", headers={"User-Agent": PHONE_UA, "Cookie": cookie})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_disconnect_and_the_tables_renew_hold_against_the_real_server(server):
    keys = printed_keys(server)

    async def scenario() -> None:
        host = await Phone.join(server.port, keys["this computer (host)"], size=(1280.0, 800.0))
        cookie = await asyncio.to_thread(join_cookie, server.port, keys["scorers (enter moves)"])
        scorer = await Phone.join(server.port, cookie=cookie)
        viewer = await Phone.join(server.port, keys["viewers (watch only)"])
        try:
            await host.tap("phones", settle=0.3)  # no match open: the table's codes, the printed ones
            renew = await host.wait_until(lambda tree: tree.find("renew-keys"))
            assert renew["label"] == "Renew the table's codes"
            row = await host.wait_until(
                lambda tree: next(
                    (
                        name
                        for name in tree.hooks()
                        if name.startswith("device-") and (tree.text(name) or "").startswith("Scorer")
                    ),
                    None,
                )
            )
            await host.tap(f"disconnect-{row[len('device-') :]}")
            await closed(scorer)
            # scanning the same code again (the browser still holds its cookie): refused
            assert await asyncio.to_thread(rejoin_status, server.port, keys["scorers (enter moves)"], cookie) == 403

            await host.tap("renew-keys", settle=0.3)
            words = await host.wait_until(lambda tree: tree.text("renew-confirm-words"))
            assert "joined now: 1" in words  # the viewer (the scorer is out already)
            await host.tap("renew-confirm")
            await closed(viewer)
            await host.wait_until(lambda tree: (tree.text("notice") or "").startswith("The table's codes were renewed"))
            renewed = "renewed on the host's Table screen"
            for _ in range(100):  # the terminal printed the new codes: that line, then the scorer's and viewer's links
                log = server.log_path.read_text()
                if renewed in log and len(JOIN_LINE.findall(log.split(renewed)[1])) == 2:
                    break
                await asyncio.sleep(0.1)
            fresh = dict(JOIN_LINE.findall(log.split(renewed)[1]))
            assert fresh["scorers (enter moves)"] != keys["scorers (enter moves)"]
            with pytest.raises(RuntimeError):  # the old printed code: refused to anyone now
                await asyncio.to_thread(join_cookie, server.port, keys["viewers (watch only)"])
            back = await Phone.join(server.port, fresh["scorers (enter moves)"])  # a fresh code lets it back
            await back.close()
            assert not host.closed and host.errors == []
        finally:
            for phone in (host, scorer, viewer):
                await phone.close()

    run(scenario())
    log = server.log_path.read_text()
    assert "Traceback" not in log, log[-3000:]
