"""The season from the store: two stored events turned into the engine's season view, checked against
numbers worked by hand; the club's season settings kept with the club files' promises.

The two events (Swiss, one round each; round 1 pairs by seed 1–2, 3–4, the lowest seed has the bye):

- **Autumn 1** (2026-11-01, win 2 / draw 1 / loss 0 / bye 2): A, B, C, D. Table 1 A–B played to the end
  by the simulator (A wins), table 2 C–D on paper 30–61 (D wins).
- **Autumn 2** (2026-11-08, win 3 / draw 1 / loss 0 / bye 2): A, B, C. Table 1 A–B on paper 50–61
  (B wins), C the bye.

Season on the events' own scheme (the newest's: win 3, bye 2; tie-breaks head-to-head, Buchholz):

    A: 3 (Autumn 1) + 0 = 3     B: 0 + 3 = 3     C: 0 + 2 (bye) = 2     D: 3 (Autumn 1 only)
    points: A, B, D 3; C 2 → C 4th by points.
    head-to-head among A, B, D (win 3): A beat B once, B beat A once → A 3, B 3; D met neither → 0:
        D 3rd by head-to-head.
    Buchholz: A = B's 0 in Autumn 1 + B's 3 in Autumn 2 = 3; B = A's 3 + A's 0 = 3 → level: A and B
        share 1st (listed by id).

Drop the worst 1: A drops Autumn 2 (0) → 3; B drops Autumn 1 (0) → 3; C drops Autumn 1 (0) → 2; D's only
result is dropped → 0. Head-to-head among A and B: their meetings were each in an event dropped by one
of them → 0 each; Buchholz: A = B's 0 (Autumn 1), B = A's 0 (Autumn 2) → A and B share 1st, C 3rd, D 4th.

From 2026-11-05 (Autumn 2 only): B 3, C 2, A 0.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorekeeper.club import ClubRules, Criterion, Format, PointsScheme, SeasonRules
from scorekeeper.club.errors import SetupError
from scorekeeper.rules import RuleViolation
from scorekeeper.store import ReadOnlyStore, open_store
from scorekeeper.store.club import ClubStore, EventSetup
from scorekeeper.store.season import SeasonSettings, SeasonStore, season_events
from tests.store.test_club_events import play


@pytest.fixture
def club(data_dir):
    store = open_store(data_dir)
    yield ClubStore(store)
    store.close()


def autumn(club: ClubStore) -> tuple[dict[str, str], str, str]:
    """The two events of the module doc, played and entered; (ids by letter, event 1, event 2)."""
    ids = {n: club.add_player(n.upper()).id for n in "abcd"}
    one = club.create_event(
        EventSetup("Autumn 1", date(2026, 11, 1), "horse-race", {}, Format.SWISS, ClubRules()),
        [ids[n] for n in "abcd"],
    )
    record = club.pair(one, 1)
    assert [t.sides for t in record.tables] == [((ids["a"],), (ids["b"],)), ((ids["c"],), (ids["d"],))]
    play(club.store, record.tables[0].matches[0], 0)  # A wins at the table
    club.paper(one, 1, 2, [[30, 61]])
    two = club.create_event(
        EventSetup("Autumn 2", date(2026, 11, 8), "horse-race", {}, Format.SWISS, ClubRules(PointsScheme(win=3))),
        [ids[n] for n in "abc"],
    )
    record = club.pair(two, 1)
    assert record.pairing.byes == ((ids["c"],),)
    club.paper(two, 1, 1, [[50, 61]])
    return ids, one, two


def line(view, ids):
    who = {v: k for k, v in ids.items()}
    return [(r.place, who[r.unit[0]], r.points, r.placed_by) for r in view.rows]


def test_two_stored_events_become_season_events_by_the_standings_path(club):
    ids, one, two = autumn(club)
    events, infos, _, problems = season_events(club)
    assert [e.event_id for e in events] == [one, two] and [i.name for i in infos] == ["Autumn 1", "Autumn 2"]
    assert [e.date for e in events] == ["2026-11-01", "2026-11-08"] and problems == []
    assert events[0].results == tuple(club.results(one)) and len(events[0].results) == 2  # the match's and paper
    assert events[1].rules.scheme.win == 3 and set(events[1].roster.ids()) == {ids[n] for n in "abc"}


def test_the_season_view_over_the_two_events_as_worked(club):
    ids, one, two = autumn(club)
    view = SeasonStore(club).view()
    assert view.rules.scheme.win == 3 and view.rules.tie_breaks == (Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)
    rows = line(view, ids)
    assert sorted(rows[:2]) == [(1, "a", 3, None), (1, "b", 3, None)]
    assert rows[2:] == [(3, "d", 3, Criterion.HEAD_TO_HEAD), (4, "c", 2, Criterion.POINTS)]
    by = {r.unit[0]: r for r in view.rows}
    assert by[ids["a"]].buchholz == by[ids["b"]].buchholz == 3 and by[ids["d"]].head_to_head == 0
    assert [(e.event_id, e.points, e.counted) for e in by[ids["c"]].events] == [(one, 0, True), (two, 2, True)]
    assert view.names[ids["d"]] == "D" and view.ratings is None

    dropped = SeasonStore(club).view(drop_worst=1)
    rows = line(dropped, ids)
    assert sorted(rows[:2]) == [(1, "a", 3, None), (1, "b", 3, None)] and rows[2:] == [
        (3, "c", 2, Criterion.POINTS),
        (4, "d", 0, Criterion.POINTS),
    ]
    by = {r.unit[0]: r for r in dropped.rows}
    assert [(e.points, e.counted) for e in by[ids["a"]].events] == [(3, True), (0, False)]
    assert by[ids["a"]].head_to_head == by[ids["b"]].head_to_head == 0 and by[ids["a"]].buchholz == 0

    late = SeasonStore(club).view(start=date(2026, 11, 5))
    assert [i.id for i in late.events] == [two] and line(late, ids) == [
        (1, "b", 3, Criterion.POINTS),
        (2, "c", 2, Criterion.POINTS),
        (3, "a", 0, Criterion.POINTS),
    ]
    chosen = SeasonStore(club).view(events=(one,), scheme=PointsScheme(win=1))
    assert sorted((p, n, pts) for p, n, pts, _ in line(chosen, ids)) == [
        (1, "a", 1),
        (1, "d", 1),
        (3, "b", 0),
        (3, "c", 0),
    ]


def test_the_settings_are_kept_and_ratings_shown_only_when_on(club, data_dir):
    ids, one, two = autumn(club)
    season = SeasonStore(club)
    assert season.settings() == SeasonSettings()
    with pytest.raises(RuleViolation) as off:
        season.ratings()
    assert off.value.code == "season_ratings_off"
    kept = SeasonSettings(tie_breaks=(Criterion.BUCHHOLZ,), events=(one, two), drop_worst=1, ratings=True)
    season.save(kept)
    season.save(kept)  # the same again: no second record
    raw = json.loads((data_dir / "club" / "season.json").read_text())
    assert len(raw["events"]) == 1 and raw["events"]["1"]["drop_worst"] == 1
    again = SeasonStore(ClubStore(club.store))
    assert again.settings() == kept and again.view().settings == kept
    _, rated = again.ratings()
    fixtures = {r.player: r.fixtures for r in rated}
    assert fixtures == {ids["a"]: 2, ids["b"]: 2, ids["c"]: 1, ids["d"]: 1}  # the bye is no fixture
    assert [r.place for r in rated] == [1, 2, 3, 4] or len({r.ordinal for r in rated}) < 4
    # D beat C; each alone rated once from the start: D's ordinal above C's
    by = {r.player: r.ordinal for r in rated}
    assert by[ids["d"]] > by[ids["c"]]


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        (lambda one: SeasonSettings(events=("e20261101-zzzz",)), "season_event_unknown"),
        (lambda one: SeasonSettings(start=date(2026, 12, 1), end=date(2026, 11, 1)), "season_dates"),
    ],
)
def test_refusals_change_nothing(club, data_dir, settings, code):
    _, one, _ = autumn(club)
    with pytest.raises(RuleViolation) as refused:
        SeasonStore(club).save(settings(one))
    assert refused.value.code == code
    assert not (data_dir / "club" / "season.json").exists()


def test_the_engine_refuses_a_drop_it_cannot_and_a_tie_break_twice(club):
    with pytest.raises(SetupError) as drop:
        SeasonSettings(drop_worst=1001)
    assert drop.value.code == "drop_worst"
    with pytest.raises(SetupError) as twice:
        SeasonSettings(tie_breaks=(Criterion.BUCHHOLZ, Criterion.BUCHHOLZ))
    assert twice.value.code == "tie_break"
    assert SeasonRules(drop_worst=0).drop_worst == 0


def test_a_damaged_settings_file_is_set_aside_and_the_defaults_used(club, data_dir):
    autumn(club)
    SeasonStore(club).save(SeasonSettings(drop_worst=2))
    path = data_dir / "club" / "season.json"
    path.write_bytes(path.read_bytes().replace(b'"drop_worst":2', b'"drop_worst":3'))  # the checksum fails
    season = SeasonStore(club)
    assert season.settings() == SeasonSettings()
    assert not path.exists() and "could not be read" in season.problems[0]
    assert any(p.name.startswith("club-season") for p in (data_dir / "damaged").iterdir())


def test_a_read_only_folder_reads_the_settings_and_refuses_a_change(club, data_dir):
    autumn(club)
    SeasonStore(club).save(SeasonSettings(drop_worst=1))
    club.store.close()
    reader = open_store(data_dir, read_only=True)
    try:
        season = SeasonStore(ClubStore(reader))
        assert season.settings().drop_worst == 1 and len(season.view().rows) == 4
        with pytest.raises(ReadOnlyStore):
            season.save(SeasonSettings())
    finally:
        reader.close()
