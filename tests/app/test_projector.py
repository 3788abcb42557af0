"""The projector and *My evening* over a real :class:`ClubStore` (the event of ``tests/app/club_event.py``,
its matches played by the simulator through the store): standings rows, the alternation, paging, a seated
player, a player on a bye, a withdrawn player; an event's viewer reads its event only and writes nothing."""

from __future__ import annotations

import asyncio
from fractions import Fraction

import pytest

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.models.my_evening import KEPT, evening_of
from scorekeeper.app.models.projector_board import fraction_text, page_size, read_board, slides
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREEN_TABLE
from scorekeeper.app.services import Services
from scorekeeper.club.roster import Status
from scorekeeper.server.admission import Access
from scorekeeper.server.roles import AccessDenied, Role
from scorekeeper.server.store_guard import GuardedStore, club_of
from scorekeeper.store import open_store

from .club_event import finish_table_two, round_one
from .hooks import hooks, text


@pytest.fixture
def store(tmp_path):
    st = open_store(tmp_path)
    yield st
    st.close()


@pytest.fixture
def night(store):
    return round_one(club_of(store))


def viewer_tab(store, tmp_path, event_id, width=1920):
    access = Access(Role.VIEWER, event_id=event_id)
    services = Services(GuardedStore(store, access), str(tmp_path), access=access)
    app = AppModel(services, SCREEN_TABLE, width=width)
    app.projector.interval = 0  # the test steps the cycle itself (advance)
    return app


def test_standings_rows_and_the_pairings_with_a_finished_table_and_one_playing(store, night):
    club = club_of(store)
    board = read_board(club, store, night.event)
    ann, bo = store.summary(night.table1).scores
    assert ann > bo  # the simulated match Ann won
    by_name = {line.name: line for line in board.standings}
    # Ann won (2 points), Eve's bye (2 points, the scheme's default bye), Bo lost, Cy and Dee still playing
    assert [(s.place, s.name, s.points, s.played) for s in board.standings] == [
        (1, "Ann", 2, 1),
        (2, "Eve", 2, 1),
        (3, "Cy", 0, 0),  # Cy and Dee level on everything: a shared place, by seed
        (3, "Dee", 0, 0),
        (5, "Bo", 0, 1),
    ]
    assert [s.shared for s in board.standings] == [False, False, True, True, False]
    assert by_name["Ann"].points == 2 and by_name["Eve"].points == 2 and by_name["Bo"].points == 0
    # the first tie-break shown is the points difference, signed: Ann's is her margin over Bo
    assert [c.value for c in board.columns] == ["points_difference", "head_to_head", "buchholz"]
    assert by_name["Ann"].columns[0] == f"+{ann - bo}"
    assert by_name["Bo"].columns[0] == f"-{ann - bo}"
    assert by_name["Eve"].columns[0] == "0"
    # Ann (+margin) above Eve (0) on points difference
    assert board.standings[0].name == "Ann" and board.standings[1].name == "Eve"
    assert board.round == 1
    t1, t2 = board.tables
    assert (t1.number, t1.names, t1.state, t1.scores) == (1, ("Ann", "Bo"), "finished", (ann, bo))
    assert (t2.number, t2.names, t2.state) == (2, ("Cy", "Dee"), "playing")
    assert t2.scores == tuple(store.summary(night.table2).scores)
    assert board.byes == ((night.ids["Eve"],),)
    assert board.finished_tables == 1
    assert board.matches == {night.table1, night.table2}


def test_the_cycle_alternates_standings_and_pairings():
    assert page_size(5) == (5, 56)
    assert page_size(10) == (10, 56)
    assert page_size(11) == (11, 36)
    assert page_size(80) == (14, 36)
    assert page_size(80, 540) == (14, 18)
    assert fraction_text(Fraction(15, 2)) == "7½" and fraction_text(Fraction(1, 2)) == "½"
    assert fraction_text(Fraction(7)) == "7"


def test_the_projector_alternates_and_follows_a_result_without_a_reload(store, tmp_path, night):
    app = viewer_tab(store, tmp_path, night.event)
    asyncio.run(app.start())
    assert app.screen is Screen.PROJECTOR  # the event's link on a wide screen: the projector
    cycle = app.projector.cycle
    assert [(s.kind, s.page, s.pages, s.first, s.last) for s in cycle] == [
        ("standings", 0, 1, 0, 5),
        ("pairings", 0, 1, 0, 3),  # two tables and the byes' line
    ]
    assert app.projector.slide.kind == "standings"
    app.projector.advance()
    assert app.projector.slide.kind == "pairings"
    app.projector.advance()
    assert app.projector.slide.kind == "standings"  # after the last, the first

    finish_table_two(club_of(store), night)  # another session finishes table 2
    asyncio.run(app.follow_event_match(night.table2))
    t2 = app.projector.board.tables[1]
    assert t2.state == "finished"
    cy, dee = store.summary(night.table2).scores
    assert t2.scores == (cy, dee) and dee > cy
    assert {s.name: s.points for s in app.projector.board.standings}["Dee"] == 2

    # a new round, paired by the host: told as an event change; then a table's paper result
    club_of(store).pair(night.event, 2)
    asyncio.run(app.follow_event(night.event))
    assert app.projector.board.round == 2
    assert all(t.state == "playing" for t in app.projector.board.tables)
    winner = app.projector.board.unit_name(app.projector.board.tables[0].sides[0])
    before = {s.name: s.points for s in app.projector.board.standings}[winner]
    club_of(store).paper(night.event, 2, 1, [[61, 40]])
    asyncio.run(app.follow_event(night.event))
    table = app.projector.board.tables[0]
    assert (table.state, table.scores) == ("paper", (61, 40))
    assert {s.name: s.points for s in app.projector.board.standings}[winner] == before + 2  # a win's 2 points


def test_a_long_roster_pages_evenly(store, tmp_path):
    club = club_of(store)
    ids = [club.add_player(f"Player {i:02d}").id for i in range(80)]
    from .club_event import SETUP

    event = club.create_event(SETUP, ids)
    club.pair(event, 1)
    board = read_board(club, store, event)
    cycle = slides(board)
    standings = [s for s in cycle if s.kind == "standings"]
    pairings = [s for s in cycle if s.kind == "pairings"]
    # 80 rows: 6 pages of 14 at most, evened out to 14 a page (the last 10)
    assert [(s.first, s.last, s.size) for s in standings] == [(i * 14, min(80, i * 14 + 14), 36) for i in range(6)]
    assert [(s.first, s.last) for s in pairings] == [(0, 14), (14, 28), (28, 40)]  # 40 tables in 3 pages
    assert cycle[0].kind == "standings" and cycle[-1].kind == "pairings"


def test_my_evening_of_a_seated_player_a_bye_and_a_withdrawn_player(store, night):
    club = club_of(store)
    board = read_board(club, store, night.event)
    cy = evening_of(board, night.ids["Cy"])
    scores = tuple(store.summary(night.table2).scores)
    assert (cy.name, cy.round, cy.now.table, cy.now.opponents, cy.now.partner, cy.now.state) == (
        "Cy",
        1,
        2,
        ("Dee",),
        None,
        "playing",
    )
    assert (cy.now.mine, cy.now.theirs) == (scores[0], (scores[1],))
    assert not cy.bye and not cy.waiting_next
    ann = evening_of(board, night.ids["Ann"])
    assert ann.now.state == "finished" and ann.waiting_next and ann.line.place == 1 and ann.line.points == 2
    eve = evening_of(board, night.ids["Eve"])
    assert eve.bye and eve.now is None and eve.waiting_next and eve.line.points == 2

    finish_table_two(club, night)
    club.withdraw(night.event, night.ids["Bo"])
    club.pair(night.event, 2)
    board = read_board(club, store, night.event)
    bo = evening_of(board, night.ids["Bo"])
    assert bo.status is Status.WITHDRAWN and bo.now is None and not bo.bye
    assert bo.line is not None and bo.line.withdrawn and bo.line.points == 0  # the results stay
    assert board.standings[-1].name == "Bo"
    seated = {p for t in board.tables for side in t.sides for p in side} | {p for u in board.byes for p in u}
    assert night.ids["Bo"] not in seated
    with pytest.raises(KeyError):
        evening_of(board, "p00000000")


def test_a_phone_picks_its_name_once_and_keeps_it(store, tmp_path, night):
    app = viewer_tab(store, tmp_path, night.event, width=390)
    asyncio.run(app.start())
    assert app.screen is Screen.EVENING  # the event's link on a phone: My evening
    assert app.evening.evening is None  # nothing chosen yet: the roster
    asyncio.run(app.evening.choose(night.ids["Cy"]))
    assert app.evening.evening.now.table == 2
    assert app.services.device.values == {KEPT + night.event: night.ids["Cy"]}
    words = text(SCREEN_TABLE[Screen.EVENING].view(app))
    assert "Table 2" in words and "Against: Dee" in words

    again = viewer_tab(store, tmp_path, night.event, width=390)
    again.services.device.values.update(app.services.device.values)  # the same phone, a new tab
    asyncio.run(again.start())
    assert again.evening.evening is not None and again.evening.evening.name == "Cy"

    finish_table_two(club_of(store), night)
    asyncio.run(again.follow_event_match(night.table2))
    assert again.evening.evening.now.state == "finished" and again.evening.evening.waiting_next


def test_an_event_viewer_reads_its_event_only_and_writes_nothing(store, tmp_path, night):
    club = club_of(store)
    other = club.create_event(club.event(night.event).setup, [night.ids["Ann"], night.ids["Bo"]])
    app = viewer_tab(store, tmp_path, night.event)
    guarded = app.services.club
    assert guarded.event(night.event).id == night.event
    version = club.event(night.event).version
    for call in (
        lambda: guarded.event(other),
        lambda: guarded.standings(other),
        lambda: guarded.list_events(),
        lambda: guarded.players(),
    ):
        with pytest.raises(AccessDenied) as err:
            call()
        assert err.value.code == "access_other_event"
    for call in (
        lambda: guarded.paper(night.event, 1, 2, [[61, 40]]),
        lambda: guarded.check_in(night.event, night.ids["Eve"], False),
        lambda: guarded.add_player("Mallory"),
    ):
        with pytest.raises(AccessDenied) as err:
            call()
        assert err.value.code == "access_viewer"
    assert club.event(night.event).version == version  # nothing written
    assert len(club.players()) == 5


def test_a_host_write_through_the_tab_announces_the_event(store, tmp_path, night):
    told: list[str] = []
    services = Services(store, str(tmp_path), announce_event=told.append)
    finish_table_two(club_of(store), night)
    services.club.pair(night.event, 2)
    assert told == [night.event]


def test_the_views_draw_the_slides_and_only_a_host_gets_the_link(store, tmp_path, night):
    app = viewer_tab(store, tmp_path, night.event)
    asyncio.run(app.start())
    found = hooks(SCREEN_TABLE[Screen.PROJECTOR].view(app))
    assert {f"standing-{i}" for i in range(5)} <= found.keys() and "pairing-1" not in found
    assert "projector-link" not in found  # a viewer: no link, nothing to change
    assert text(found["projector-what"]) == "Standings · round 1"
    app.projector.advance()
    found = hooks(SCREEN_TABLE[Screen.PROJECTOR].view(app))
    assert text(found["projector-what"]) == "Round 1 · 1 of 2 tables finished"
    ann, bo = store.summary(night.table1).scores
    assert text(found["pairing-1"]).split() == ["Table", "1", "Ann", "–", "Bo", "finished", f"{ann}–{bo}"]
    assert text(found["pairing-byes"]) == "Bye Eve"

    ko = viewer_tab(store, tmp_path, night.event)
    ko.shell.lang = "ko"
    asyncio.run(ko.projector.enter())
    assert text(hooks(SCREEN_TABLE[Screen.PROJECTOR].view(ko))["projector-what"]) == "순위 · 1라운드"


def test_a_host_gets_the_event_link_and_renew_cuts_the_devices_joined_with_it(store, tmp_path, night):
    from scorekeeper.server.admission import Admission

    admission = Admission(key_required=True, port=8710, addresses=["192.0.2.7"])
    host = Access(Role.HOST, admission=admission)
    app = AppModel(Services(store, str(tmp_path), access=host), SCREEN_TABLE, width=1920)
    app.projector.interval = 0
    asyncio.run(app.start())
    asyncio.run(app.open_projector(night.event))
    assert app.screen is Screen.PROJECTOR
    assert "projector-link" in hooks(SCREEN_TABLE[Screen.PROJECTOR].view(app))
    asyncio.run(app.projector.show_link())
    link = admission.event_link(night.event)
    assert app.projector.link.url == f"http://192.0.2.7:8710/?key={link.key}"
    assert link.role is Role.VIEWER and link.event_id == night.event and link.match_id is None
    assert admission.find_link(link.key) is link
    device, _token = admission.join(link, "Android · Chrome", "192.0.2.9")
    access = admission.access_for_session("s1", device)
    assert (access.role, access.event_id, access.match_id) == (Role.VIEWER, night.event, None)
    assert access.may_see_event(night.event) and not access.may_see_event("e20261201-ffff")
    assert admission.joined_with(None, night.event) == 1 and admission.joined_with(None) == 0

    asyncio.run(app.projector.renew_link())
    assert device.revoked and admission.find_link(link.key) is None
    assert app.projector.link.url != f"http://192.0.2.7:8710/?key={link.key}"
    assert app.shell.notice.params == {"count": 1}
    table_links = admission.links()
    asyncio.run(admission.renew())  # the table's codes renewed: the event's link stays
    assert admission.event_link(night.event).key in app.projector.link.url
    assert admission.links()[0].key != table_links[0].key


def test_an_event_viewer_reads_only_its_events_matches(store, tmp_path, night):
    other = store.create_match("horse-race", ["Zed", "Yan"], False)  # a table's match, no event's
    app = viewer_tab(store, tmp_path, night.event)
    guarded = app.services.store
    assert guarded.summary(night.table2).players == ("Cy", "Dee")
    assert len(guarded.actions(night.table1)) == len(store.actions(night.table1))
    for call in (lambda: guarded.summary(other), lambda: guarded.open_match(other), lambda: guarded.export_all()):
        with pytest.raises(AccessDenied) as err:
            call()
        assert err.value.code == "access_other_event"
    assert guarded.unfinished_matches() == [] and guarded.list_matches() == []
    assert store.unfinished_matches() != []  # there are some: the event's viewer is not shown them
    finish_table_two(club_of(store), night)
    club_of(store).pair(night.event, 2)  # a new round: its matches are the event's too
    (new,) = club_of(store).event(night.event).rounds[1].tables[0].matches[:1]
    assert guarded.summary(new).status == "in-progress"
    asyncio.run(app.start())
    assert app.screen is Screen.PROJECTOR and app.shell.error is None
