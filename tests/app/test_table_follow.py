"""Phones joined with the table's codes follow the host into its matches (issue 21, "Phones at the table").

A scorer and a viewer that joined with the table-wide codes before the host started a match wait on the
start screen ("Waiting for the host to start a match"), open the match when the host starts it, and the next
one after it ends. A phone joined with one match's codes stays on that match; a phone looking at the history
stays there. In real Flet sessions in-process (one pubsub hub, as the web server's), and through the viewer
process's reading of the server's lines (:class:`scorekeeper.serve.viewer_server.Changes`).
"""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app import settings
from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.i18n import translate
from scorekeeper.serve.viewer_server import Changes
from scorekeeper.server.admission import Access, Admission
from scorekeeper.server.roles import Role
from scorekeeper.server.session import RELAYED
from scorekeeper.store import MatchStore
from tests.server.aio import run
from tests.store.conftest import case_match

from .live import Live
from .test_phones_screen import as_device

WAITING = "Waiting for the host to start a match: it opens here as soon as it starts."


async def until(check, timeout: float = 10.0) -> None:
    """Wait (a condition, not a fixed sleep) until ``check()`` is true; ``AssertionError`` after ``timeout`` s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.01)


async def create_match(host: Live) -> str:
    """The host taps New match, then Create (Horse Race, two players): the new match's id."""
    if host.state.screen != Screen.HOME:
        await host.tap("home")
    await host.tap("new-match")
    await host.tap("create-match")
    assert host.state.screen == Screen.TABLE
    return host.state.table.match_id


def on_table(phone: Live, match_id: str) -> bool:
    return (
        phone.state.screen == Screen.TABLE
        and phone.state.table.match_id == match_id
        and phone.state.table.match is not None
    )


def test_table_phones_wait_for_the_host_then_follow_it_into_each_match(tmp_path):
    store = open_app_store(tmp_path)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        as_device(admission, Role.SCORER, None, "Android · Chrome")  # the codes the terminal printed
        scorer = await Live.open(store, tmp_path, hub=hub)
        as_device(admission, Role.VIEWER, None, "iPhone · Safari")
        viewer = await Live.open(store, tmp_path, hub=hub)
        for phone in (scorer, viewer):
            assert phone.state.screen == Screen.HOME
            assert phone.texts()["waiting-host"] == WAITING
        as_device(admission, Role.HOST, label="Linux · Firefox")
        host = await Live.open(store, tmp_path, hub=hub)
        assert "waiting-host" not in host.texts()  # the host starts matches: it waits for nobody
        assert "phones" in host.hooks() and "phones" not in scorer.hooks()  # the codes, before any match too
        await host.tap("phones")
        assert host.state.screen == Screen.PHONES and host.state.phones.match_id is None  # the table's codes
        assert host.texts()["join-url-scorer"].endswith(admission.links()[0].key)

        first = await create_match(host)
        await until(lambda: on_table(scorer, first) and on_table(viewer, first))
        await scorer.settle()
        assert "starter-0" in scorer.hooks()  # the scorer may choose who leads: it is at the table
        assert "starter-0" not in viewer.hooks()  # the viewer watches

        # the first match played to its end: all but the last move through the store, the last on the host
        case = case_match("hr-2p-instant-win-62")
        for action in case.actions[:-1]:
            store.record(first, action)
        await host.state.table.reload()
        await host.state.table.record(case.actions[-1])
        await until(
            lambda: all(
                p.state.table.match is not None and p.state.table.match.status == "finished" for p in (scorer, viewer)
            )
        )
        await until(lambda: "winners" in scorer.hooks() and "winners" in viewer.hooks())  # the match end

        second = await create_match(host)  # the next one, after it ended
        await until(lambda: on_table(scorer, second) and on_table(viewer, second))
        assert [p.state.shell.error for p in (scorer, viewer, host)] == [None, None, None]

    run(scenario())


def test_a_phone_of_one_match_and_a_phone_in_the_history_stay_where_they_are(tmp_path):
    store = open_app_store(tmp_path)
    admission = Admission(key_required=True, port=8550)
    mine = store.create_match("horse-race", ["Ann", "Bo"], False)

    async def scenario():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        as_device(admission, Role.SCORER, mine)  # a match's own code
        own = await Live.open(store, tmp_path, hub=hub)
        assert on_table(own, mine) and "waiting-host" not in own.texts()
        as_device(admission, Role.VIEWER, None)
        browsing = await Live.open(store, tmp_path, hub=hub)
        assert on_table(browsing, mine)  # the table's match in progress (the one last active) opens at once
        await browsing.tap("home")
        assert "waiting-host" not in browsing.texts()  # a match is in progress: nothing to wait for
        await browsing.tap("history")
        as_device(admission, Role.SCORER, None)
        follower = await Live.open(store, tmp_path, hub=hub)  # at the table of the match in progress
        assert on_table(follower, mine)
        as_device(admission, Role.HOST)
        host = await Live.open(store, tmp_path, hub=hub)
        new = await create_match(host)
        await until(lambda: on_table(follower, new))  # the announcement reached the phones
        await own.settle()
        await browsing.settle()
        assert on_table(own, mine)  # its link named this match
        assert browsing.state.screen == Screen.HISTORY  # its user went there; the table's match waits for it
        await browsing.tap("home")
        assert settings.last_match(str(tmp_path)) == new
        assert "waiting-host" not in browsing.texts()

    run(scenario())


@pytest.mark.parametrize("lang", ["uk", "ko"])
def test_the_waiting_line_is_translated(tmp_path, lang):
    assert translate(lang, "ui.waiting_for_host") not in ("", translate("en", "ui.waiting_for_host"))


def test_a_phone_asleep_when_the_host_started_catches_up_when_it_is_back(tmp_path):
    store = open_app_store(tmp_path)
    admission = Admission(key_required=True, port=8550)

    async def scenario():
        as_device(admission, Role.SCORER, None)
        scorer = await Live.open(store, tmp_path)  # a hub of its own: it hears no announcement
        as_device(admission, Role.HOST)
        host = await Live.open(store, tmp_path)
        new = await create_match(host)
        assert scorer.state.screen == Screen.HOME  # it heard nothing (asleep)
        await scorer.state.catch_up_table()  # what on_connect does when it is back
        await until(lambda: on_table(scorer, new))

    run(scenario())


def test_viewers_of_the_viewer_process_follow_the_host_from_the_servers_lines(tmp_path):
    """The viewer process's read-only store learns of a match the server created from the line
    ``{"table": id}``, and its viewers joined with the table's codes open it."""
    writer = open_app_store(tmp_path)
    reader = MatchStore(tmp_path, read_only=True)  # as the viewer process opens the folder

    async def scenario():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        RELAYED.set(Access(Role.VIEWER, None))  # a viewer the server relayed, joined with the table's code
        viewer = await Live.open(reader, tmp_path, hub=hub)
        assert viewer.texts()["waiting-host"] == WAITING
        match_id = writer.create_match("horse-race", ["Ann", "Bo"], False)  # the host's New match, in the server
        settings.remember_match(str(tmp_path), match_id)
        lines = io.BytesIO(b"not json\n" + json.dumps({"table": match_id}).encode() + b"\n")
        ended = asyncio.Event()
        changes = Changes(reader, lines, ended.set)
        changes.hub = hub
        await asyncio.to_thread(changes.read)
        await until(lambda: on_table(viewer, match_id))
        assert ended.is_set()
        assert "starter-0" not in viewer.hooks()

    try:
        run(scenario())
    finally:
        reader.close()
