"""Only the host changes the club's players and events (issue 23 item 4): ``GuardedClub`` over a real
``ClubStore`` refuses a scorer's and a viewer's pairing, paper result and check-in, and writes nothing."""

from __future__ import annotations

import inspect
from datetime import date

import pytest

from scorekeeper.app.services import Services
from scorekeeper.club import ClubRules, Format
from scorekeeper.server.admission import Access
from scorekeeper.server.devices import Device
from scorekeeper.server.roles import AccessDenied, Role
from scorekeeper.server.store_guard import (
    CLUB_EVENT_READS,
    CLUB_EVENT_WRITES,
    CLUB_READS,
    CLUB_WRITES,
    GuardedClub,
    GuardedStore,
)
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore, EventSetup

SETUP = EventSetup("Club night", date(2026, 12, 3), "horse-race", {}, Format.SWISS, ClubRules())


@pytest.fixture
def club(tmp_path):
    store = open_store(tmp_path)
    yield ClubStore(store)
    store.close()


def _event(club: ClubStore) -> str:
    ids = [club.add_player(name).id for name in ("Ann", "Bo", "Cy", "Di")]
    return club.create_event(SETUP, ids)


def test_every_public_club_method_is_listed_as_a_read_or_a_write() -> None:
    public = {name for name, _ in inspect.getmembers(ClubStore) if not name.startswith("_")}
    listed = (CLUB_EVENT_READS, CLUB_READS, CLUB_EVENT_WRITES, CLUB_WRITES)
    assert public - {"folder", "events_folder", "players_file"} == set().union(*listed)
    assert sum(map(len, listed)) == len(set().union(*listed))  # each in one set only


@pytest.mark.parametrize(
    ("access", "code"),
    [
        (Access(Role.VIEWER), "access_viewer"),
        (Access(Role.SCORER), "access_not_host"),
        (Access(Role.SCORER, match_id="20261203-120000-abcdef"), "access_not_host"),
    ],
)
def test_a_scorer_or_viewer_cannot_pair_enter_paper_or_check_in(club, access, code) -> None:
    event_id = _event(club)
    guarded = GuardedClub(club, access)
    version = club.event(event_id).version
    player = club.event(event_id).roster.ids()[0]
    writes = [
        lambda: guarded.pair(event_id, 1),
        lambda: guarded.check_in(event_id, player, False),
        lambda: guarded.withdraw(event_id, player),
        lambda: guarded.add_player("Eve"),
        lambda: guarded.create_event(SETUP, list(club.event(event_id).roster.ids())),
    ]
    for write in writes:
        with pytest.raises(AccessDenied) as refused:
            write()
        assert refused.value.code == code
    club.pair(event_id, 1)  # the host pairs; then a scorer's paper result is refused too
    with pytest.raises(AccessDenied):
        guarded.paper(event_id, 1, 1, [[61, 40]])
    with pytest.raises(AccessDenied):
        guarded.next_game(event_id, 1, 1)
    assert club.event(event_id).version == version + 1  # only the host's pairing was written
    assert [p.name for p in club.players()] == ["Ann", "Bo", "Cy", "Di"]
    assert len(club.list_events()) == 1
    assert guarded.missing(event_id) == [1, 2]  # reads pass
    with pytest.raises(AttributeError, match="CLUB_"):
        guarded._append  # noqa: B018 - not listed: refused by name


def test_a_revoked_host_device_is_refused(club) -> None:
    device = Device("d1", Role.HOST, None, "Linux · Chromium", "127.0.0.1", revoked=True)
    with pytest.raises(AccessDenied) as refused:
        GuardedClub(club, Access(Role.HOST, device=device)).add_player("Eve")
    assert refused.value.code == "access_revoked"


def test_the_host_writes_and_a_tab_gets_the_guarded_club(club, tmp_path) -> None:
    host = GuardedClub(club, Access(Role.HOST))
    event_id = _event(host)  # type: ignore[arg-type]
    assert len(host.pair(event_id, 1).tables) == 2
    viewer = Services(GuardedStore(club.store, Access(Role.VIEWER)), str(tmp_path))  # type: ignore[arg-type]
    assert isinstance(viewer.club, GuardedClub)
    with pytest.raises(AccessDenied):
        viewer.club.check_in(event_id, club.event(event_id).roster.ids()[0], False)
    assert viewer.club._club is Services(club.store, str(tmp_path)).club._club  # one ClubStore per process store
