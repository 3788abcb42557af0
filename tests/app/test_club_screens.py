"""The host's Event and Round screens (issue 23 item 5), in-process over a real ``ClubStore`` in tmp_path:
an event created from the form, check-in and withdrawal, "Pair round N" and its refusal while the last round
plays, the tables by table and by name, a table's match played through the store (tests/simulator.py) and
shown finished, a paper result, round 2 paired from the standings, the join-code sheet, a free round formed
by hand, and a scorer's tab that sees no button that writes."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREEN_TABLE, SCREENS
from scorekeeper.app.services import Services
from scorekeeper.app.store_access import open_app_store
from scorekeeper.club import Format, LengthKind
from scorekeeper.refusals import problem_words
from scorekeeper.server.admission import Access, Admission
from scorekeeper.server.roles import Role
from scorekeeper.server.store_guard import GuardedStore
from tests.simulator import Config, simulate

from .hooks import hooks, text
from .tabs import tab

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def won_by(seat: int):
    for seed in range(200):
        sim = simulate(Config("horse-race", 2), seed)
        if sim.match.points[seat] > sim.match.points[1 - seat]:
            return sim
    raise AssertionError("no seed")


def play(store, match_id: str, seat: int) -> None:
    for action in won_by(seat).actions:
        store.record(match_id, action)


def run(coro):
    return asyncio.run(coro)


def shown(app: AppModel) -> str:
    return text(SCREENS[app.screen](app))


def make_event(app: AppModel, names=NAMES, **form) -> None:
    run(app.go(Screen.EVENT))
    run(app.event.open_form())
    for name in names:
        app.event.set_new_player(name)
        run(app.event.add_player())
    app.event.set_name("Thursday club night")
    app.event.set_day("2026-12-03")
    app.event.set_form(**form)
    run(app.event.create())
    assert app.shell.error is None, app.shell.error


def test_the_host_creates_an_event_of_eight_and_pairs_round_one(tmp_path) -> None:
    app = tab(tmp_path)
    assert "club-night" in hooks(SCREENS[Screen.HOME](app))
    make_event(app)
    state = app.event.state
    assert state is not None and state.setup.name == "Thursday club night" and state.setup.format is Format.SWISS
    assert [e.player.name for e in state.roster.entries] == list(NAMES)  # the seed order tapped
    assert all(e.status.value == "present" for e in state.roster.entries)
    view = hooks(SCREENS[Screen.EVENT](app))
    assert {"club-rounds", "club-present-" + state.roster.ids()[0], "club-withdraw-" + state.roster.ids()[0]} <= set(
        view
    )
    run(app.round.open())
    assert app.screen is Screen.ROUND and app.round.shown == 0
    assert "club-pair" in hooks(SCREENS[Screen.ROUND](app))
    run(app.round.pair())
    assert app.shell.error is None
    assert app.round.shown == 1 and len(app.round.lines) == 4
    # Swiss round 1 is 1–2, 3–4, … by seed
    assert [line.sides for line in app.round.lines] == [("Ann", "Bo"), ("Cy", "Di"), ("Eve", "Fay"), ("Gus", "Hal")]
    assert app.round.missing == (1, 2, 3, 4)
    assert app.round.by_name[:3] == (("Ann", 1), ("Bo", 1), ("Cy", 2))
    words = shown(app)
    assert "Ann → table 1" in words and "Hal → table 4" in words
    assert "Results missing: tables 1, 2, 3, 4" in words
    line = app.round.lines[0]
    # no move yet: no "minutes since the last move" (its creation is none; a fresh tester read "0 min")
    assert line.status == "in-progress" and line.scores == (0, 0) and line.minutes is None and not line.done
    from scorekeeper.rules import StartRound

    app.services.store.record(line.match_id, StartRound(0))  # the table starts: a move a moment ago
    run(app.round.open())
    assert app.round.lines[0].minutes == 0 and app.round.lines[1].minutes is None
    # without serve --lan there are no codes: the screen says how to get them
    assert "phones-lan-help" in hooks(SCREENS[Screen.ROUND](app)) and "club-sheet" not in hooks(
        SCREENS[Screen.ROUND](app)
    )


def test_round_two_is_refused_while_round_one_plays_then_pairs_from_the_standings(tmp_path) -> None:
    app = tab(tmp_path)
    make_event(app)
    run(app.round.open())
    run(app.round.pair())
    run(app.round.pair())  # round 1 still playing
    assert app.shell.error is not None and app.shell.error.code == "round_incomplete"
    assert problem_words(app.t, app.shell.error, sentence=True).startswith(
        "Round 1 is not complete: these tables have no result yet: 1, 2, 3, 4;"
    )
    assert len(app.event.state.rounds) == 1  # nothing paired
    store = app.services.store
    # tables 1–3 play through the store: the better seed of 1 and 3 loses, table 2's seed 1 wins
    for line, winner in zip(app.round.lines[:3], (1, 0, 1), strict=True):
        play(store, line.match_id, winner)
    run(app.round.refresh())
    assert [line.done for line in app.round.lines] == [True, True, True, False]
    assert app.round.lines[0].status == "finished"
    assert "Finished" in text(hooks(SCREENS[Screen.ROUND](app))["club-state-1"])
    assert app.round.missing == (4,)
    # table 4 on paper: Gus 61, Hal 30
    app.round.start_paper(4)
    app.round.set_paper(0, 0, "61")
    app.round.set_paper(0, 1, "30")
    run(app.round.save_paper())
    assert app.shell.error is None and app.round.missing == ()
    assert app.round.lines[3].paper == ((61, 30),)
    assert "On paper: 61–30" in text(hooks(SCREENS[Screen.ROUND](app))["club-state-4"])
    run(app.round.pair())
    assert app.shell.error is None and app.round.shown == 2
    # the winners (Bo, Cy, Fay, Gus: 2 points each) meet each other, the losers each other
    winners = {"Bo", "Cy", "Fay", "Gus"}
    for line in app.round.lines:
        assert set(line.sides) <= winners or not set(line.sides) & winners
    rows = app.event.rows
    assert {app.event.unit_words(r.unit) for r in rows[:4]} == winners
    assert all(r.points == 2 for r in rows[:4]) and all(r.points == 0 for r in rows[4:])


def test_check_in_withdraw_and_late_entry_between_rounds(tmp_path) -> None:
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo", "Cy", "Di"))
    ids = app.event.state.roster.ids()
    run(app.event.set_present(ids[1], False))
    run(app.event.withdraw(ids[2]))
    assert [e.status.value for e in app.event.state.roster.entries] == ["present", "absent", "withdrawn", "present"]
    app.event.set_new_player("Eve")
    run(app.event.add_player())  # a late entry, checked in
    assert [e.player.name for e in app.event.state.roster.entries][-1] == "Eve"
    view = hooks(SCREENS[Screen.EVENT](app))
    assert f"club-present-{ids[2]}" not in view  # a withdrawn player is not checked in again
    run(app.event.set_present(ids[2], True))  # sent anyway: the engine refuses, translated
    assert app.shell.error is not None and app.shell.error.code == "withdrawn"
    assert problem_words(app.t, app.shell.error, sentence=True) == "Cy has withdrawn from the event and cannot check in"
    run(app.round.open())
    run(app.round.pair())
    # present: Ann, Di, Eve: one table and a bye for the lowest-ranked (Eve, the latest seed)
    assert [line.sides for line in app.round.lines] == [("Ann", "Di")]
    assert app.round.byes == ("Eve",)
    assert "Eve → bye" in shown(app)


def test_a_best_of_three_fixture_starts_its_next_game(tmp_path) -> None:
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo"), length=LengthKind.BEST_OF, games=3)
    assert app.event.state.setup.rules.length.games == 3
    run(app.round.open())
    run(app.round.pair())
    play(app.services.store, app.round.lines[0].match_id, 0)
    run(app.round.refresh())
    line = app.round.lines[0]
    assert line.next_game and not line.done and "club-next-1" in hooks(SCREENS[Screen.ROUND](app))
    run(app.round.next_game(1))
    assert app.shell.error is None
    assert app.round.lines[0].games == 2 and app.round.lines[0].status == "in-progress"


def test_a_free_round_is_formed_by_hand(tmp_path) -> None:
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo", "Cy", "Di", "Eve"), format=Format.FREE)
    run(app.round.open())
    run(app.round.pair())
    assert app.shell.error is not None and app.shell.error.code == "ui_club_no_tables"
    units = app.round.unseated()
    app.round.seat(units[0])
    app.round.seat(units[2])
    app.round.close_table()
    app.round.seat(units[1])
    app.round.seat(units[3])
    app.round.seat(units[4])  # three sides: cut-throat is the game's to allow (Horse Race plays 3)
    run(app.round.pair())
    assert app.shell.error is None, problem_words(app.t, app.shell.error)
    assert [line.sides for line in app.round.lines] == [("Ann", "Cy"), ("Bo", "Di", "Eve")]


def test_the_join_codes_of_a_round_are_one_sheet(tmp_path) -> None:
    store = open_app_store(tmp_path)
    admission = Admission(key_required=True, port=8701, addresses=["192.168.1.20"])
    access = Access(Role.HOST, admission=admission)
    app = AppModel(Services(GuardedStore(store, access), str(tmp_path), access=access), SCREEN_TABLE)  # type: ignore[arg-type]
    run(app.start())
    make_event(app, names=("Ann", "Bo", "Cy", "Di"))
    run(app.round.open())
    run(app.round.pair())
    assert "club-sheet" in hooks(SCREENS[Screen.ROUND](app))
    html = app.round.sheet().decode()
    for line in app.round.lines:
        for link in admission.links(line.match_id):
            assert admission.url(link) in html  # the same per-match codes the Phones screen shows
    assert html.count("<svg") == 4 and "Table 2" in html and "Cy v Di" in html
    assert "Thursday club night · round 1 · join codes" in html
    assert "svg{" not in html  # a code sized by CSS (segno writes no viewBox) was cut off: unscannable


def test_the_event_screen_leads_the_host_to_its_projector(tmp_path) -> None:
    """A fresh tester found no way to the projector but typing /projector: the Event screen has it."""
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo", "Cy", "Di"))
    assert "club-projector" in hooks(SCREENS[Screen.EVENT](app))
    run(app.open_projector(app.event.state.id))
    assert app.screen is Screen.PROJECTOR and app.projector.event_id == app.event.state.id
    assert "Thursday club night" in shown(app)


def test_a_scorer_sees_the_round_and_no_button_that_writes(tmp_path) -> None:
    host = tab(tmp_path)
    make_event(host, names=("Ann", "Bo", "Cy", "Di"))
    run(host.round.open())
    run(host.round.pair())
    access = Access(Role.SCORER, match_id=host.round.lines[0].match_id)
    scorer = AppModel(Services(GuardedStore(host.services.store, access), str(tmp_path), access=access), SCREEN_TABLE)  # type: ignore[arg-type]
    run(scorer.start())
    run(scorer.go(Screen.EVENT))
    run(scorer.event.open_event(host.event.state.id))
    view = hooks(SCREENS[Screen.EVENT](scorer))
    assert not [
        h
        for h in view
        if h.startswith(("club-present-", "club-withdraw-", "club-rename-", "club-new", "club-projector"))
    ]
    run(scorer.round.open())
    view = hooks(SCREENS[Screen.ROUND](scorer))
    assert "club-table-1" in view and "club-by-name" in view
    assert not [h for h in view if h.startswith(("club-pair", "club-paper-", "club-sheet", "club-next-"))]
    run(scorer.round.pair())  # sent anyway: the guard refuses, nothing written
    assert scorer.shell.error is not None and scorer.shell.error.code == "access_not_host"
    assert len(host.services.club.event(host.event.state.id).rounds) == 1


@pytest.mark.parametrize("lang", ["uk", "ko"])
def test_the_screens_speak_each_language(tmp_path, lang) -> None:
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo"))
    run(app.set_language(lang))
    run(app.round.open())
    run(app.round.pair())
    words = shown(app)
    assert ("Стіл 1" if lang == "uk" else "1번 테이블") in words
    assert ("Ann → стіл 1" if lang == "uk" else "Ann → 1번 테이블") in words


def test_the_round_follows_its_tables_without_a_tap(tmp_path) -> None:
    app = tab(tmp_path)
    make_event(app, names=("Ann", "Bo"))

    async def scenario() -> None:
        await app.round.open()
        await app.round.pair()
        play(app.services.store, app.round.lines[0].match_id, 0)  # at the table, not on this tab
        assert app.round.lines[0].status == "in-progress"
        await app.round.follow()  # what the watch does every WATCH_SECONDS
        assert app.round.lines[0].status == "finished" and app.round.missing == ()
        assert app.round._watching  # the watch runs while the screen is shown

    run(scenario())
