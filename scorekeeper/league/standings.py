"""League standings over every venue: the club engine's standings and season view over the folded logs.

At the hub each venue's club logs are in ``<data>/league-club/<venue>/`` (:mod:`.club_fold`) and every
match in the hub's one store. :func:`league_events` reads each venue's events with the venue's own
:class:`~scorekeeper.store.club.ClubStore` there and gives each event's fixture results and standings
(:func:`scorekeeper.club.standings`), exactly as the venue computes them; :func:`league_season` adds
every venue's events up with :func:`scorekeeper.club.season` over league players
``<venue>/<player id>`` (:func:`.club_subjects.league_player`), so people of different venues are
different people.

Two differences from a venue's own reading, both for a hub that is behind or a venue that misbehaves:
a match an event names that has not reached the hub yet counts as not finished (no result yet, where
the venue's store would have one: the hub is behind, not wrong), and a match another venue wrote
(:attr:`~.hub.LeagueBook.owner`) never gives a result to this venue's event.

Pure of ``nats``; reads only (the store may be open read-only while the hub runs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from scorekeeper.club import (
    ClubError,
    Decided,
    Entry,
    FixtureResult,
    Player,
    Roster,
    Row,
    SeasonEvent,
    SeasonRow,
    SeasonRules,
    check_result,
    season,
    standings,
)
from scorekeeper.store import MatchStore
from scorekeeper.store.club import ClubStore, EventState
from scorekeeper.store.errors import MatchNotFound, StoreError
from scorekeeper.store.summary import FINISHED

from .club_fold import CLUB_FOLDER
from .club_subjects import league_player
from .subjects import MATCH_ID


@dataclass(frozen=True)
class LeagueEvent:
    """One venue's event as the hub holds it: ``venue``, its ``state`` (the venue's log folded), its
    fixture ``results`` so far, its ``standings`` (venue player ids, as the venue shows them) and
    ``names`` (player id → the name in effect: the venue's list, else the event's roster)."""

    venue: str
    state: EventState
    results: tuple[FixtureResult, ...]
    standings: tuple[Row, ...]
    names: Mapping[str, str]


def venue_folders(root: Path) -> list[str]:
    """The venues with club logs under ``root`` (``<data>/league-club``), sorted."""
    try:
        return sorted(p.name for p in root.iterdir() if p.is_dir() and MATCH_ID.fullmatch(p.name))
    except OSError:
        return []


def event_results(store: MatchStore, state: EventState, venue: str, owners: Mapping[str, str]) -> list[FixtureResult]:
    """The results of an event held at the hub: byes, paper entries, and each fixture whose matches
    are all in ``store``, finished, to the event's rules and not written by another venue (as
    :meth:`ClubStore.results` reads them at the venue)."""
    results: list[FixtureResult] = []
    for record in state.rounds:
        number = record.pairing.round
        results += record.pairing.bye_results()
        for table in record.tables:
            if table.paper is not None:
                results.append(FixtureResult(number, table.number, table.sides, table.paper, Decided.PAPER))
                continue
            games = []
            for match_id in table.matches:
                if owners.get(match_id, venue) != venue:
                    break
                try:
                    summary = store.summary(match_id)
                except (MatchNotFound, StoreError):
                    break  # not at the hub yet (or damaged here): no result yet
                rules_differ = dict(summary.house_rules) != dict(state.setup.house_rules)
                if summary.variant != state.setup.variant or rules_differ or summary.status != FINISHED:
                    break
                games.append(tuple(summary.scores))
            else:
                result = FixtureResult(number, table.number, table.sides, tuple(games), Decided.PLAYED)
                try:
                    check_result(result, state.setup.rules.length)
                except ClubError:
                    continue  # a longer fixture not decided yet
                results.append(result)
    return results


def league_events(store: MatchStore, owners: Mapping[str, str], root: Path | None = None) -> list[LeagueEvent]:
    """Every venue's events at the hub (``root``: default ``<data>/league-club``), by venue then date
    and id; an event whose log cannot be read is left out (its venue's folder says why). Raises the
    club engine's ``ClubError`` only for results it refuses (a venue's log that folded cannot)."""
    root = root if root is not None else store.root / CLUB_FOLDER
    out = []
    for venue in venue_folders(root):
        with store._lock:  # its temp-file sweep never meets a write of the fold's (the hub's page reads on a thread)
            club = ClubStore(store, root / venue)
        listed = {p.id: p.name for p in club.players()}
        for info in sorted(club.list_events(), key=lambda i: (i.day.isoformat() if i.day else "", i.id)):
            if info.problem is not None:
                continue
            state = club.event(info.id)
            results = tuple(event_results(store, state, venue, owners))
            names = {e.player.id: listed.get(e.player.id, e.player.name) for e in state.roster.entries}
            rows = standings(state.roster, state.setup.rules, list(results))
            out.append(LeagueEvent(venue, state, results, rows, names))
    return out


def season_event(event: LeagueEvent, links: Mapping[str, str] | None = None) -> SeasonEvent:
    """A venue's event as one event of the league's season: its id ``<venue>/<event id>``, its people
    ``<venue>/<player id>``, or the id a player is linked to (:mod:`.links`: one person at two venues)."""
    venue, state, linked = event.venue, event.state, links or {}

    def ours(unit: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(linked.get(league_player(venue, p), league_player(venue, p)) for p in unit)

    roster = Roster(
        tuple(Entry(Player(ours((e.player.id,))[0], e.player.name), e.status) for e in state.roster.entries),
        tuple(ours(u) for u in state.roster.partnerships),
    )
    results = tuple(replace(r, sides=tuple(ours(s) for s in r.sides)) for r in event.results)
    return SeasonEvent(f"{venue}/{state.id}", state.setup.day.isoformat(), roster, state.setup.rules, results)


def league_season(
    events: list[LeagueEvent], rules: SeasonRules, links: Mapping[str, str] | None = None
) -> tuple[SeasonRow, ...]:
    """The league's season view over every venue's events (:func:`scorekeeper.club.season`): rows of
    league players (linked ids counted as their root), best first. Raises the engine's ``SetupError``
    (``season_size``…)."""
    return season([season_event(e, links) for e in events], rules)


def league_names(events: list[LeagueEvent], links: Mapping[str, str] | None = None) -> dict[str, str]:
    """League player → ``"Ann (red-lion)"``: the name in effect at their venue, and the venue; a root
    with links → every venue's name, ``"Ann (red-lion) = Anna (crown)"``."""
    names = {league_player(e.venue, pid): f"{name} ({e.venue})" for e in events for pid, name in e.names.items()}
    for other, root in sorted((links or {}).items()):
        if other in names:
            names[root] = f"{names.get(root, root)} = {names[other]}"
    return names
