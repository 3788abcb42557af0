"""The hub's nats-server (real, on loopback ports from tests/league/ports.py): NATS's own accounts and permissions."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.server import RunningServer, hub_conf, start, write_conf
from scorekeeper.league.subjects import event_headers, league_filter, match_subject
from tests.league.loop import run_apart

nats = pytest.importorskip("nats")
from nats.errors import NoServersError  # noqa: E402
from nats.js.errors import APIError  # noqa: E402

from tests.league.ports import league_port  # noqa: E402

pytestmark = pytest.mark.slow

PORT, LEAF_PORT = league_port(0), league_port(1)
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-pw", "crown": "cr-pw"})


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[RunningServer]:
    conf = write_conf(tmp_path, "hub.conf", hub_conf(HUB, tmp_path, PORT, LEAF_PORT))
    server = start(conf, PORT, tmp_path / "hub.log")
    yield server
    server.stop()


def test_the_conf_file_is_private(tmp_path: Path) -> None:
    conf = write_conf(tmp_path, "hub.conf", hub_conf(HUB, tmp_path, PORT, LEAF_PORT))
    assert stat.S_IMODE(conf.stat().st_mode) == 0o600


async def connect(user: str, password: str) -> nats.NATS:
    return await nats.connect(
        f"nats://127.0.0.1:{PORT}", user=user, password=password, allow_reconnect=False, max_reconnect_attempts=0
    )


def test_wrong_credentials_are_refused(hub: RunningServer) -> None:
    async def go() -> None:
        with pytest.raises((NoServersError, nats.errors.Error, OSError)):
            await connect("red-lion", "wrong")

    run_apart(go())


def test_a_venue_publishes_under_its_own_subjects_only(hub: RunningServer) -> None:
    async def go() -> tuple[int, bool, str]:
        admin = await connect("hub", "hub-pw")
        js = admin.jetstream()
        await js.add_stream(name="LEAGUE_north", subjects=[league_filter("north")], allow_direct=True)
        venue = await connect("red-lion", "rl-pw")
        vjs = venue.jetstream()
        subject = match_subject("north", "red-lion", "m1")
        ack = await vjs.publish(subject, b"{}", headers=event_headers("m1", 0, 0))
        again = await vjs.publish(subject, b"{}", headers={"Nats-Msg-Id": "m1:0"})  # resent: a duplicate
        resent = ""
        try:  # resent with the expected sequence it had: the sequence check comes first and refuses it
            await vjs.publish(subject, b"{}", headers=event_headers("m1", 0, 0))
        except APIError as err:
            resent = str(err.err_code)
        last = await vjs.get_last_msg("LEAGUE_north", subject, direct=True)  # how a publisher learns where it stands
        refused = ""
        try:  # another venue's subject: NATS's permissions refuse it, the stream never sees it
            await vjs.publish(match_subject("north", "crown", "m2"), b"{}", timeout=1)
        except Exception as err:  # noqa: BLE001 - a permissions violation or a timeout, as the client reports
            refused = type(err).__name__
        fork = ""
        try:  # a second writer of m1 that had not seen the first event: refused by the expected sequence
            await js.publish(subject, b"{}", headers=event_headers("m1", 1, 0))
        except APIError as err:
            fork = str(err.err_code)
        info = await js.stream_info("LEAGUE_north")
        await venue.close()
        await admin.close()
        assert (ack.seq, again.seq, again.duplicate, resent) == (1, 1, True, "10071")
        assert (last.seq, (last.headers or {}).get("Nats-Msg-Id")) == (1, "m1:0")
        assert refused
        return info.state.messages, bool(fork), fork

    assert run_apart(go()) == (1, True, "10071")
