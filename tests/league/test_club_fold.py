"""Club-night kinds at the hub: a venue's player list and event logs folded once each, in order,
refereed again, kept apart per venue; bad records refused and recorded. No network."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.club import SeasonRules
from scorekeeper.league.club_fold import LeagueDesk, open_league
from scorekeeper.league.club_subjects import club_msg_id, club_subject, league_player, parse_club_subject
from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.standings import LeagueEvent, league_events, league_names, league_season
from scorekeeper.league.subjects import event_id, match_subject
from scorekeeper.store import MatchStore, open_store
from scorekeeper.store.club import PLAYERS_LOG, ClubStore, club_log, club_logs
from tests.app.club_event import round_one

HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "a", "crown": "b"})


def venue_night(root: Path) -> tuple[MatchStore, ClubStore, str]:
    """A venue's store with the club night of tests/app/club_event.py (round 1: one table finished, one
    playing, a bye)."""
    store = open_store(root)
    club = ClubStore(store)
    return store, club, round_one(club).event


def messages(store: MatchStore, venue: str) -> list[tuple[str, str, bytes]]:
    """Every match event and club record of a venue's store, as its publisher sends them."""
    out = []
    for summary in store.list_matches():
        for e in store.events(summary.id):
            out.append((match_subject("north", venue, summary.id), event_id(summary.id, e["seq"]), json.dumps(e)))
    for name, log in club_logs(store).items():
        for r in log:
            out.append((club_subject("north", venue, name), club_msg_id(venue, name, r["seq"]), json.dumps(r)))
    return [(s, m, d.encode()) for s, m, d in out]


def take_all(desk: LeagueDesk, msgs: list[tuple[str, str, bytes]]) -> set[str]:
    return {desk.take(s, m, d, ref) for ref, (s, m, d) in enumerate(msgs, 1)}


def test_subjects_of_club_logs() -> None:
    assert club_subject("north", "red-lion", "players") == "league.north.red-lion.club.players"
    assert parse_club_subject("league.north.red-lion.club.e20261201-9c69") == ("north", "red-lion", "e20261201-9c69")
    assert parse_club_subject("league.north.red-lion.20261201-120000-abcdef") is None  # a match's subject
    assert parse_club_subject("league.north.red-lion.club.a.b") is None
    assert club_msg_id("crown", "players", 3) == "crown:club:players:3"
    assert league_player("crown", "p1a2b3c4d") == "crown/p1a2b3c4d"
    with pytest.raises(ValueError):
        club_subject("north", "red.lion", "players")


def test_two_venues_club_logs_fold_verbatim_and_apart_and_resends_change_nothing(tmp_path: Path) -> None:
    red, _, red_event = venue_night(tmp_path / "red")
    crown, _, crown_event = venue_night(tmp_path / "crown")
    hub = open_store(tmp_path / "hub")
    desk = open_league(hub, HUB, tmp_path / "hub" / "league-hub")
    assert take_all(desk, messages(red, "red-lion") + messages(crown, "crown")) == {"accepted"}
    assert take_all(desk, messages(red, "red-lion") + messages(crown, "crown")) == {"duplicate"}
    assert desk.refused == []
    for store, venue, event in ((red, "red-lion", red_event), (crown, "crown", crown_event)):
        here = desk.club(venue)
        assert club_logs(hub, here.folder) == club_logs(store)  # record for record
        assert [p.id for p in here.players()] == [p.id for p in ClubStore(store).players()]
        assert here.standings(event) == ClubStore(store).standings(event)  # the matches are the hub's
        for summary in store.list_matches():
            assert hub.events(summary.id) == store.events(summary.id)
    assert desk.venues() == ["crown", "red-lion"]
    assert (tmp_path / "hub" / "league-club" / "red-lion" / "players.json").is_file()
    for store in (red, crown, hub):
        store.close()


def test_bad_club_records_are_refused_and_recorded(tmp_path: Path) -> None:
    red, _, event = venue_night(tmp_path / "red")
    hub = open_store(tmp_path / "hub")
    desk = open_league(hub, HUB, tmp_path / "hub" / "league-hub")
    log = club_log(ClubStore(red), event)
    players = club_logs(red)[PLAYERS_LOG]
    subject = club_subject("north", "red-lion", event)

    def send(record: dict, venue: str = "red-lion", name: str = event, league: str = "north") -> str:
        return desk.take(
            club_subject(league, venue, name), club_msg_id(venue, name, record["seq"]), json.dumps(record).encode()
        )

    for r in players:
        assert send(r, name=PLAYERS_LOG) == "accepted"
    # the round's matches folded as red-lion's (their owner)
    for summary in red.list_matches():
        for e in red.events(summary.id):
            desk.take(
                match_subject("north", "red-lion", summary.id), event_id(summary.id, e["seq"]), json.dumps(e).encode()
            )
    assert send(log[0]) == "accepted"
    assert desk.take(subject, "x:club:y:0", json.dumps(log[1]).encode()) == "malformed"
    assert desk.take(subject, club_msg_id("red-lion", event, 1), b"not json") == "malformed"
    assert send(log[0], league="south") == "foreign"
    assert send({**log[0], "name": "Another night"}) == "conflict"
    assert send({**log[1], "seq": 2}) == "out_of_order"
    withdrawn_unknown = {"seq": 1, "time": log[1]["time"], "kind": "withdraw", "player": "p00000000"}
    assert send(withdrawn_unknown) == "refused"  # the club engine refuses it: no such player
    assert send(log[1], venue="crown") == "out_of_order"  # crown's copy of the log starts at 0
    assert send({**log[0], "id": event}, venue="crown") == "accepted"  # crown's own event of that id: apart
    assert send(log[1], venue="crown") == "fork"  # its round names red-lion's matches
    assert club_log(desk.club("crown"), event) == log[:1]
    assert {send(r) for r in log[1:]} == {"accepted"}
    assert club_log(desk.club("red-lion"), event) == log
    assert [r.outcome for r in desk.refused] == [
        "malformed",
        "malformed",
        "foreign",
        "conflict",
        "out_of_order",
        "refused",
        "out_of_order",
        "fork",
    ]
    red.close()
    hub.close()


def own_events(store: MatchStore, venue: str) -> list[LeagueEvent]:
    """A venue's events read by its own store (ClubStore.results / standings), as league events."""
    club = ClubStore(store)
    names = {p.id: p.name for p in club.players()}
    return [
        LeagueEvent(venue, club.event(i.id), tuple(club.results(i.id)), club.standings(i.id), names)
        for i in club.list_events()
    ]


def test_league_standings_equal_the_venues_own_and_keep_venues_people_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    red, _, _ = venue_night(tmp_path / "red")
    crown, _, _ = venue_night(tmp_path / "crown")
    hub = open_store(tmp_path / "hub")
    desk = open_league(hub, HUB, tmp_path / "hub" / "league-hub")
    red_msgs, crown_msgs = messages(red, "red-lion"), messages(crown, "crown")
    club_only = [m for m in red_msgs if ".club." in m[0]]
    take_all(desk, club_only)  # the hub behind: the event's records are here, its matches not yet
    (behind,) = league_events(hub, desk.owner)
    assert [r.decided.value for r in behind.results] == ["bye"]  # only Eve's bye so far, no error
    take_all(desk, red_msgs + crown_msgs)
    events = league_events(hub, desk.owner)
    mine = own_events(red, "red-lion") + own_events(crown, "crown")
    assert [(e.venue, e.state, e.results, e.standings) for e in events] == sorted(
        [(e.venue, e.state, e.results, e.standings) for e in mine], key=lambda x: x[0]
    )
    rows = league_season(events, SeasonRules())
    assert rows == league_season(mine, SeasonRules())
    assert len(rows) == 6  # Ann, Bo and Eve (a bye) of each venue: never merged by name (Cy-Dee still play)
    top = [r for r in rows if r.place == 1]
    names = league_names(events)
    assert sorted(names[r.unit[0]] for r in top) == ["Ann (crown)", "Ann (red-lion)", "Eve (crown)", "Eve (red-lion)"]
    for store in (red, crown, hub):
        store.close()
    assert main(["--data-dir", str(tmp_path / "hub"), "league", "standings", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["venue"] for e in data["events"]] == ["crown", "red-lion"]
    assert data["season"][0]["points"] == 2 and data["season"][0]["shared"] is True
    assert {tuple(r["names"]) for r in data["season"] if r["place"] == 1} == {
        (n,) for n in names.values() if n[:3] in ("Ann", "Eve")
    }
    assert main(["--data-dir", str(tmp_path / "hub"), "league", "standings", "--lang", "uk"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["місце", "гравець", "очки", "вечори", "додатковий", "показник"]
    assert [line.split()[0] for line in lines[1:]] == ["=1"] * 4 + ["=5"] * 2  # level: a shared place
    assert sorted(" ".join(line.split()[1:4]) for line in lines[1:5]) == [
        "Ann (crown) 2",
        "Ann (red-lion) 2",
        "Eve (crown) 2",
        "Eve (red-lion) 2",
    ]
    assert main(["--data-dir", str(tmp_path / "nothing"), "league", "standings"]) == 0
    assert capsys.readouterr().out.strip() == "no club event folded at the hub yet"
    assert main(["--data-dir", str(tmp_path / "hub"), "league", "standings", "--drop-worst", "-1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_one_person_at_two_venues_is_one_line_once_linked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    red, red_club, _ = venue_night(tmp_path / "red")
    crown, crown_club, _ = venue_night(tmp_path / "crown")
    ann_red = "red-lion/" + next(p.id for p in red_club.players() if p.name == "Ann")
    ann_crown = "crown/" + next(p.id for p in crown_club.players() if p.name == "Ann")
    bo_red = "red-lion/" + next(p.id for p in red_club.players() if p.name == "Bo")
    hub = open_store(tmp_path / "hub")
    take_all(
        open_league(hub, HUB, tmp_path / "hub" / "league-hub"), messages(red, "red-lion") + messages(crown, "crown")
    )
    for store in (red, crown, hub):
        store.close()
    data = str(tmp_path / "hub")
    assert main(["--data-dir", data, "league", "link", ann_red, ann_crown]) == 0
    assert capsys.readouterr().out.strip() == f"{ann_crown} is now {ann_red} in the league's standings"
    assert main(["--data-dir", data, "league", "standings", "--json"]) == 0
    season = json.loads(capsys.readouterr().out)["season"]
    assert len(season) == 5  # the two Anns are one line now
    (ann,) = [r for r in season if r["unit"] == [ann_red]]
    assert (ann["place"], ann["points"], len(ann["events"]), ann["shared"]) == (1, 4, 2, False)
    assert ann["names"] == ["Ann (red-lion) = Ann (crown)"]
    refused = [
        ([ann_red, bo_red], "league_link_same_venue"),  # one venue's two people
        ([ann_crown, ann_red], "league_link_self"),  # ann_crown resolves to ann_red
        ([bo_red, ann_crown], "league_link_taken"),
        (["red-lion", ann_crown], "league_link_bad"),
    ]
    for argv, _code in refused:
        assert main(["--data-dir", data, "league", "link", *argv, "--lang", "uk"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "{" not in err
    assert main(["--data-dir", data, "league", "link", "--remove", ann_crown]) == 0
    assert main(["--data-dir", data, "league", "link", "--remove", ann_crown]) == 2
    assert "is not linked" in capsys.readouterr().err
    assert main(["--data-dir", data, "league", "standings", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["season"]) == 6  # apart again


def test_links_refusals_by_code(tmp_path: Path) -> None:
    from scorekeeper.league.links import LinkError, link, read_links

    a, b, c, c2 = "red-lion/p00000001", "crown/p00000002", "swan/p00000003", "swan/p00000004"
    assert link(tmp_path, a, b) == {b: a}
    assert link(tmp_path, c, a) == {b: c, a: c}  # a root linked takes its links along
    for root, other, code in (
        (c2, b, "league_link_taken"),
        (b, c2, "league_link_same_venue"),
        (a, c, "league_link_self"),
    ):
        with pytest.raises(LinkError) as err:
            link(tmp_path, root, other)
        assert err.value.code == code
    assert read_links(tmp_path) == {a: c, b: c}
    (tmp_path / "league-links.json").write_text("{broken")
    assert read_links(tmp_path) == {}
