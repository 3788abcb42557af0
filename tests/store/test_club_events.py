"""Club players and events in the store (issue 23 items 1–3, 7): the worked events of tests/club run
through :class:`ClubStore`, each table's match created by the store and played by the simulator (or
entered on paper), the refusals, export/import and damage.

The Swiss event is the one worked by hand in tests/club/test_worked_swiss.py (6 players, 3 rounds, one
bye, a late entry, b ahead of e on head-to-head): the pairings and the points, places, Buchholz and
head-to-head figures do not depend on the scores, only on who won, so each match is played by the
simulator with a seed whose winner is the one the worked event needs; the points difference is then
worked out here from the simulated matches' final scores.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorekeeper.club import ClubRules, Criterion, FixtureLength, Format, LengthKind, LoserBonus, PointsScheme
from scorekeeper.club.errors import PairingError
from scorekeeper.rules import RuleViolation
from scorekeeper.store import ImportRefused, ReadOnlyStore, open_store
from scorekeeper.store.club import ClubStore, EventSetup, _read_log
from scorekeeper.store.store import MatchStore
from tests.simulator import Config, simulate

SWISS = EventSetup(
    "Tuesday club night",
    date(2026, 12, 1),
    "horse-race",
    {},
    Format.SWISS,
    ClubRules(tie_breaks=(Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)),
)


def won_by(seat: int) -> object:
    """A simulated 2-player Horse Race whose seat ``seat`` finishes strictly ahead (the first such seed)."""
    for seed in range(200):
        sim = simulate(Config("horse-race", 2), seed)
        points = sim.match.points
        if points[seat] > points[1 - seat]:
            return sim
    raise AssertionError("no seed found")


def play(store, match_id: str, winner_seat: int) -> tuple[int, int]:
    """Record a simulated match into ``match_id`` through the store; its final display points."""
    sim = won_by(winner_seat)
    for action in sim.actions:
        store.record(match_id, action)
    assert store.summary(match_id).status == "finished"
    return tuple(store.summary(match_id).scores)


@pytest.fixture
def club(data_dir):
    store = open_store(data_dir)
    yield ClubStore(store)
    store.close()


def add(club, *names):
    return {name: club.add_player(name.upper()).id for name in names}


def test_players_keep_their_ids_and_two_anns_are_two_people(club):
    ann1, ann2 = club.add_player("Ann"), club.add_player("  Ann ")
    assert ann1.id != ann2.id and ann1.name == ann2.name == "Ann"
    renamed = club.rename_player(ann2.id, "Annie")
    assert renamed.id == ann2.id
    assert [(p.id, p.name) for p in club.players()] == [(ann1.id, "Ann"), (ann2.id, "Annie")]
    with pytest.raises(RuleViolation) as refused:
        club.add_player("A\u200bnn")
    assert refused.value.code == "name_character"
    with pytest.raises(RuleViolation) as refused:
        club.rename_player("p00000000", "Bo")
    assert refused.value.code == "club_player_unknown"


def test_a_plain_name_match_is_linked_to_a_club_player(club):
    ann = club.add_player("Ann")
    match_id = club.store.create_match("horse-race", ["Ann", "Bo"], partnerships=False)
    assert club.player_of(match_id, 0) is None
    club.link(match_id, 0, ann.id)
    assert club.player_of(match_id, 0) == ann.id and club.player_of(match_id, 1) is None
    with pytest.raises(RuleViolation) as refused:
        club.link(match_id, 5, ann.id)
    assert (refused.value.code, refused.value.params) == ("club_seat", {"seat": 6, "seats": 2})


def test_two_anns_at_one_table_are_told_apart_in_the_match(club):
    a, b = club.add_player("Ann"), club.add_player("ann")
    event = club.create_event(SWISS, [a.id, b.id])
    table = club.pair(event, 1).tables[0]
    assert club.store.summary(table.matches[0]).players == (f"Ann ({a.id[:5]})", f"ann ({b.id[:5]})")
    assert club.player_of(table.matches[0], 1) == b.id


def test_the_worked_swiss_through_the_store_with_simulated_matches(club):
    ids = add(club, *"abcdef")
    who = {v: k for k, v in ids.items()}
    event = club.create_event(SWISS, [ids[p] for p in "abcde"])
    scores: dict[tuple[str, str], tuple[int, int]] = {}

    def pair_and_play(round_no, expected_tables, winners, byes=()):
        record = club.pair(event, round_no)
        got = [tuple(who[side[0]] for side in t.sides) for t in record.tables]
        assert got == expected_tables
        assert [who[b[0]] for b in record.pairing.byes] == list(byes)
        for table, winner in zip(record.tables, winners, strict=True):
            (match_id,) = table.matches
            names = club.store.summary(match_id).players
            assert names == tuple(p.upper() for p in (who[table.sides[0][0]], who[table.sides[1][0]]))
            pair = tuple(who[s[0]] for s in table.sides)
            scores[pair] = play(club.store, match_id, pair.index(winner))
        assert club.missing(event) == []

    pair_and_play(1, [("a", "b"), ("c", "d")], ["a", "d"], byes=["e"])
    club.enter(event, ids["f"])  # the late entry
    pair_and_play(2, [("a", "d"), ("e", "b"), ("c", "f")], ["a", "b", "f"])
    pair_and_play(3, [("a", "f"), ("b", "d"), ("e", "c")], ["a", "b", "e"])

    rows = club.standings(event)
    got = [
        (r.place, who[r.unit[0]], r.points, r.played, r.won, r.lost, r.byes, r.buchholz, r.head_to_head) for r in rows
    ]
    assert got == [
        (1, "a", 6, 3, 3, 0, 0, 8, None),
        (2, "b", 4, 3, 2, 1, 0, 12, 2),
        (3, "e", 4, 2, 1, 1, 1, 4, 0),
        (4, "d", 2, 3, 1, 2, 0, 10, 0),
        (5, "f", 2, 2, 1, 1, 0, 6, 0),
        (6, "c", 0, 3, 0, 3, 0, 8, None),
    ]
    assert [r.placed_by for r in rows][1:3] == [Criterion.HEAD_TO_HEAD] * 2
    difference = dict.fromkeys("abcdef", 0)
    for (x, y), (sx, sy) in scores.items():
        difference[x] += sx - sy
        difference[y] += sy - sx
    assert {who[r.unit[0]]: r.points_difference for r in rows} == difference
    assert sum(difference.values()) == 0
    # the results came from the matches: played, one game each, the round complete
    assert {r.decided.value for r in club.results(event)} == {"played", "bye"}
    # pairing the same round again (a second host, a double tap) is refused, nothing written
    version = club.event(event).version
    with pytest.raises(RuleViolation) as refused:
        club.pair(event, 3)
    assert (refused.value.code, refused.value.params) == ("club_round_paired", {"round": 3, "next": 4})
    with pytest.raises(RuleViolation) as refused:
        club.pair(event, 4, expected_version=version - 1)
    assert refused.value.code == "club_event_changed"
    assert club.event(event).version == version


def test_export_import_all_or_nothing_and_standings_alike(club, tmp_path):
    ids = add(club, *"abcd")
    event = club.create_event(SWISS, [ids[p] for p in "abcd"])
    for table in club.pair(event, 1).tables:
        play(club.store, table.matches[0], 0)
    exported = club.export_event(event)
    assert len(exported["matches"]) == 2
    before = club.standings(event)
    with pytest.raises(RuleViolation) as refused:
        club.import_event(exported)
    assert refused.value.code == "club_event_imported"

    other = open_store(tmp_path / "other")
    try:
        there = ClubStore(other)
        broken = {**exported, "matches": exported["matches"][:1]}
        with pytest.raises(RuleViolation) as refused:
            there.import_event(broken)
        assert (refused.value.code, refused.value.params["count"]) == ("club_import_matches", 1)
        bad_match = {**exported, "matches": [exported["matches"][0], {**exported["matches"][1], "rounds": "x"}]}
        with pytest.raises(ImportRefused):
            there.import_event(bad_match)
        assert other.list_matches() == [] and there.list_events() == []  # nothing was imported
        assert there.import_event(json.dumps(exported).encode()) == event
        assert there.standings(event) == before
        assert {p.id for p in there.players()} == set(ids.values())
    finally:
        other.close()


def test_refusals_change_nothing(club):
    ids = add(club, *"abcde")
    free = EventSetup("Free night", SWISS.day, "horse-race", {}, Format.FREE, ClubRules())
    event = club.create_event(free, [ids[p] for p in "abcde"])
    a, b, c, d, e = ((ids[p],) for p in "abcde")
    with pytest.raises(PairingError) as refused:
        club.pair(event, 1, tables=[[a, b], [b, c]])
    assert refused.value.code == "player_twice"
    club.withdraw(event, ids["e"])
    with pytest.raises(PairingError) as refused:
        club.pair(event, 1, tables=[[a, b], [c, e]])
    assert refused.value.code == "withdrawn_player"
    assert club.event(event).rounds == () and club.store.list_matches() == []
    record = club.pair(event, 1, tables=[[a, b], [c, d]])
    with pytest.raises(PairingError) as refused:
        club.pair(event, 2, tables=[[a, c], [b, d]])
    assert (refused.value.code, refused.value.params["missing"]) == ("round_incomplete", [1, 2])
    play(club.store, record.tables[0].matches[0], 1)
    club.paper(event, 1, 2, [[40, 61]])
    club.paper(event, 1, 2, [[61, 40]])  # corrected: the log keeps both (old → new)
    kinds = [(ev["kind"], ev.get("old")) for ev in _read_log(club._event_file(event))]
    assert kinds[-2:] == [("paper", None), ("paper", [[40, 61]])]
    results = {(r.table, r.decided.value, r.games_won()) for r in club.results(event)}
    assert results == {(1, "played", (0, 1)), (2, "paper", (1, 0))}
    with pytest.raises(RuleViolation) as refused:
        club.paper(event, 1, 2, [[61, 40]])
    assert refused.value.code == "nothing_to_fix"


def test_a_match_of_the_event_with_other_rules_is_refused(club):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    record = club.pair(event, 1)
    other = club.store.create_match("exact-61", ["A", "B"], partnerships=False)
    events, _ = club._state(event)
    events[-1]["tables"][0]["matches"] = [other]  # as if the event's match had been swapped for another game
    club._write_event(event, events)
    with pytest.raises(RuleViolation) as refused:
        club.standings(event)
    assert (refused.value.code, refused.value.params["match"]) == ("club_match_rules", other)
    assert record.tables[0].matches[0] != other


def test_another_process_holding_the_folder_cannot_pair(data_dir, club):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    second = ClubStore(MatchStore(data_dir))
    assert second.store.read_only is not None  # the folder lock: a second host reads only
    assert second.event(event).roster.ids() == (ids["a"], ids["b"])
    with pytest.raises(ReadOnlyStore):
        second.pair(event, 1)
    second.store.close()


def test_a_damaged_event_file_is_named_and_set_aside_the_rest_opens(club, data_dir):
    ids = add(club, "a", "b")
    good = club.create_event(SWISS, [ids["a"], ids["b"]])
    bad = club.create_event(SWISS, [ids["b"], ids["a"]])
    match_id = club.pair(good, 1).tables[0].matches[0]
    path = club._event_file(bad)
    raw = bytearray(path.read_bytes())
    raw[raw.index(b"Tuesday")] = ord("W")  # one byte: the checksum finds it
    path.write_bytes(bytes(raw))
    fresh = ClubStore(club.store)
    listed = {i.id: i.problem for i in fresh.list_events()}
    assert listed[good] is None and "checksum" in (listed[bad] or "")
    assert not path.exists() and any(p.name.startswith(f"club-{bad}") for p in (data_dir / "damaged").iterdir())
    with pytest.raises(RuleViolation) as refused:
        fresh.event(bad)
    assert refused.value.code == "club_event_damaged"
    assert fresh.event(good).rounds[0].tables[0].matches == (match_id,)
    assert club.store.summary(match_id).status == "in-progress"


def test_a_round_robin_of_pairs_through_the_store(club):
    """The worked round-robin of tests/club/test_worked_round_robin.py (4 fixed pairs, all 3 games
    counted, loser's bonus), its tables entered on paper: same pairings, same standings."""
    from tests.club.test_worked_round_robin import SCORES

    names = ("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2")
    ids = add(club, *names)
    P = [(ids[x], ids[y]) for x, y in zip(names[::2], names[1::2], strict=True)]
    rules = ClubRules(
        scheme=PointsScheme(win=2, draw=1, loss=0, loser_bonus=LoserBonus(points=1, within=1)),
        length=FixtureLength(LengthKind.ALL_COUNTED, 3),
        tie_breaks=(Criterion.GAMES_WON, Criterion.POINTS_DIFFERENCE, Criterion.HEAD_TO_HEAD),
    )
    setup = EventSetup("League", SWISS.day, "horse-race", {}, Format.ROUND_ROBIN, rules, tuple(P))
    event = club.create_event(setup, [ids[n] for n in names])
    P1, P2, P3, P4 = P
    for round_no, expected in enumerate(([(P1, P4), (P2, P3)], [(P4, P3), (P1, P2)], [(P2, P4), (P3, P1)]), 1):
        record = club.pair(event, round_no)
        assert [t.sides for t in record.tables] == expected
        first = club.store.summary(record.tables[0].matches[0])
        assert first.partnerships and len(first.players) == 4  # seats 1+3 against 2+4
        assert club.player_of(record.tables[0].matches[0], 1) == expected[0][1][0]
        for t in record.tables:
            club.paper(event, round_no, t.number, SCORES[round_no, t.number])
    got = [(r.unit, r.points, r.games_won, r.points_difference, r.placed_by) for r in club.standings(event)]
    assert got == [
        (P1, 5, 6, 83, Criterion.POINTS_DIFFERENCE),
        (P2, 5, 6, -1, Criterion.POINTS_DIFFERENCE),
        (P4, 5, 5, 53, Criterion.GAMES_WON),
        (P3, 1, 1, -135, Criterion.POINTS),
    ]


def test_a_paper_score_out_of_bounds_is_refused_before_anything_is_written(club):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    club.pair(event, 1)
    version = club.event(event).version
    with pytest.raises(RuleViolation) as refused:
        club.paper(event, 1, 1, [[10**9, 0]])
    assert (refused.value.code, refused.value.params) == ("club_bad_score", {"limit": 10**6})
    assert club.event(event).version == version


def test_a_best_of_three_fixture_is_its_matches_one_game_each(club):
    ids = add(club, "a", "b")
    setup = EventSetup(
        "Best of three",
        SWISS.day,
        "horse-race",
        {},
        Format.SWISS,
        ClubRules(length=FixtureLength(LengthKind.BEST_OF, 3)),
    )
    event = club.create_event(setup, [ids["a"], ids["b"]])
    (table,) = club.pair(event, 1).tables
    with pytest.raises(RuleViolation) as refused:
        club.next_game(event, 1, 1)
    assert refused.value.code == "club_game_unfinished"
    first = play(club.store, table.matches[0], 1)
    assert club.results(event) == [] and club.missing(event) == [1]  # 0–1 of best of 3: not decided
    second_id = club.next_game(event, 1, 1)
    second = play(club.store, second_id, 0)
    assert club.missing(event) == [1]  # 1–1
    third = play(club.store, club.next_game(event, 1, 1), 0)
    (result,) = club.results(event)
    assert (result.games, result.games_won(), result.decided.value) == ((first, second, third), (2, 1), "played")
    with pytest.raises(RuleViolation) as refused:
        club.next_game(event, 1, 1)
    assert refused.value.code == "club_fixture_decided"
    assert [r.points for r in club.standings(event)] == [2, 0]


def test_a_temp_file_left_by_a_crash_is_swept_and_never_read_as_an_event(club, data_dir):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    left = club.events_folder / f".{event}.json.4242-deadbeef.tmp"  # as write_atomic names its temp file
    left.write_bytes(b'{"events": {"1": {"seq": 0')  # cut off mid-write by a kill
    assert [i.id for i in ClubStore(club.store).list_events()] == [event]  # a fresh open sweeps it
    assert not left.exists()


def test_a_read_only_folder_reads_events_and_refuses_changes(club, data_dir):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    club.store.close()
    reader = open_store(data_dir, read_only=True)
    try:
        there = ClubStore(reader)
        assert [i.id for i in there.list_events()] == [event] and len(there.players()) == 2
        with pytest.raises(ReadOnlyStore):
            there.add_player("Cy")
        with pytest.raises(ReadOnlyStore):
            there.check_in(event, ids["a"], present=False)
    finally:
        reader.close()


def test_a_damaged_player_list_is_set_aside_and_named(club, data_dir):
    ids = add(club, "a", "b")
    event = club.create_event(SWISS, [ids["a"], ids["b"]])
    club.players_file.write_bytes(club.players_file.read_bytes()[:-9])  # cut off
    fresh = ClubStore(club.store)
    assert fresh.players() == []
    (problem,) = fresh.problems
    assert problem.startswith("The club's player list could not be read") and "damaged" in problem
    assert fresh.event(event).roster.ids() == (ids["a"], ids["b"])  # the events are not affected
    assert fresh.add_player("Cy").id not in ids.values()  # ids in the events are never minted again
