"""The Season screen in-process over a real ``ClubStore`` (the two events of tests/store/test_season_store.py,
worked by hand there): the standings over the season with each event's result marked, the host's settings
(drop the worst, which events count, ratings on) kept in the store, the ratings table only when on; a
scorer's tab sees no setting and is refused one; a device of one event's link has no Season screen."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREEN_TABLE, SCREENS
from scorekeeper.app.services import Services
from scorekeeper.server.admission import Access
from scorekeeper.server.roles import Role
from scorekeeper.server.store_guard import GuardedStore, club_of
from scorekeeper.store.season import SeasonStore
from tests.store.test_season_store import autumn

from .hooks import hooks, text
from .tabs import tab


def run(coro):
    return asyncio.run(coro)


def screen(app: AppModel):
    return SCREENS[app.screen](app)


def row_texts(app: AppModel) -> list[str]:
    found = hooks(screen(app))
    return [text(found[f"season-row-{n}"]) for n in range(1, 10) if f"season-row-{n}" in found]


def test_the_host_sees_the_season_and_keeps_its_settings(tmp_path) -> None:
    app = tab(tmp_path)
    club = club_of(app.services.store)
    ids, one, two = autumn(club)
    assert "club-season" in hooks(SCREENS[Screen.HOME](app))
    run(app.go(Screen.SEASON))
    assert app.screen is Screen.SEASON and app.shell.error is None
    found = hooks(screen(app))
    assert text(found["season-summary"]) == "2 events counted"
    assert text(found["season-event-1"]).endswith("2026-11-01  Autumn 1")
    rows = row_texts(app)
    # as worked: A and B share 1st on 3, D 3rd on 3 (head-to-head), C 4th on 2
    assert sorted(rows[:2]) == ["1= A 3 pts E1 3 E2 0", "1= B 3 pts E1 0 E2 3"]  # (a phone: marks under the name)
    assert rows[2:] == ["3 D 3 pts E1 3 E2 – on head-to-head", "4 C 2 pts E1 0 E2 2"]
    assert not [h for h in found if h.startswith("season-rating-")]  # ratings off: not shown

    run(app.season.toggle_settings())
    found = hooks(screen(app))
    assert {"season-drop-0", "season-drop-1", "season-events-all", "season-ratings-switch"} <= set(found)
    assert found["season-drop-0"].selected and found[f"season-event-{one}"].selected
    run(app.season.set_drop_worst(1))
    assert app.shell.error is None and SeasonStore(club).settings().drop_worst == 1
    rows = row_texts(app)
    # worked: A drops Autumn 2, B and C Autumn 1, D its only result; A and B share 1st, C 3rd, D 4th
    assert sorted(rows[:2]) == ["1= A 3 pts E1 3 E2 (0)", "1= B 3 pts E1 (0) E2 3"]
    assert rows[2:] == ["3 C 2 pts E1 (0) E2 2", "4 D 0 pts E1 (3) E2 –"]
    assert text(hooks(screen(app))["season-summary"]) == "2 events counted · each player's worst 1 dropped"

    run(app.season.set_ratings(True))
    found = hooks(screen(app))
    ratings = [text(found[f"season-rating-{n}"]) for n in range(1, 5)]
    assert len(ratings) == 4 and any("D" in r and "1 fixture" in r for r in ratings)
    assert SeasonStore(club).settings().ratings is True

    run(app.season.toggle_event(one))  # leave Autumn 1 out
    assert [i.id for i in app.season.view.events] == [two] and SeasonStore(club).settings().events == (two,)
    # one event, the worst 1 dropped: everyone's only result dropped, all level on 0
    assert sorted(row_texts(app)) == ["1= A 0 pts E1 (0)", "1= B 0 pts E1 (3)", "1= C 0 pts E1 (2)"]
    run(app.season.count_all())
    assert SeasonStore(club).settings().events is None and len(app.season.view.events) == 2


def test_a_scorer_sees_the_season_and_no_setting(tmp_path) -> None:
    host = tab(tmp_path)
    club = club_of(host.services.store)
    autumn(club)
    access = Access(Role.SCORER, match_id="m-any")
    scorer = AppModel(Services(GuardedStore(host.services.store, access), str(tmp_path), access=access), SCREEN_TABLE)  # type: ignore[arg-type]
    run(scorer.start())
    run(scorer.go(Screen.SEASON))
    found = hooks(screen(scorer))
    assert "season-row-4" in found and not [h for h in found if h.startswith(("season-settings", "season-drop-"))]
    run(scorer.season.set_drop_worst(2))  # sent anyway: refused, nothing written
    assert scorer.shell.error is not None and scorer.shell.error.code == "access_not_host"
    assert not (tmp_path / "club" / "season.json").exists()


def test_a_device_of_one_events_link_has_no_season_screen(tmp_path) -> None:
    host = tab(tmp_path)
    _, one, _ = autumn(club_of(host.services.store))
    access = Access(Role.VIEWER, event_id=one)
    viewer = AppModel(Services(GuardedStore(host.services.store, access), str(tmp_path), access=access), SCREEN_TABLE)  # type: ignore[arg-type]
    assert not viewer.season.offered and "club-season" not in hooks(SCREENS[Screen.HOME](viewer))


@pytest.mark.parametrize(
    ("lang", "words"),
    [("uk", ("Сезон", "враховано 2 події", "П1 0", "2 оч.")), ("ko", ("시즌", "행사 2개 반영", "1회 0", "2점"))],
)
def test_the_screen_speaks_each_language(tmp_path, lang, words) -> None:
    app = tab(tmp_path)
    autumn(club_of(app.services.store))
    run(app.set_language(lang))
    run(app.go(Screen.SEASON))
    shown = text(screen(app))
    assert all(w in shown for w in words), shown
    assert "E1" not in shown and "pts" not in shown


def test_the_season_shown_follows_a_change_of_an_event(tmp_path) -> None:
    """A paper result corrected in Autumn 2 (B's win becomes A's, 61–50): the season shown is read again when
    the event's change is announced (``follow_event``), with no tap; A then 6 (3 + 3), B 0."""
    app = tab(tmp_path)
    club = club_of(app.services.store)
    ids, one, two = autumn(club)
    run(app.go(Screen.SEASON))
    before = app.season.view
    club.paper(two, 1, 1, [[61, 50]])  # as another tab would (its write announces the event)
    run(app.follow_event(one))
    assert app.season.view is not before
    rows = row_texts(app)
    assert rows[0] == "1 A 6 pts E1 3 E2 3" and "B 0 pts" in rows[-1]
    run(app.go(Screen.HOME))
    shown = app.season.view
    club.paper(two, 1, 1, [[50, 61]])
    run(app.follow_event(two))
    assert app.season.view is shown  # not shown: not read
