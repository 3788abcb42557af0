"""Club players and events in the store (issue 23 items 1, 2, 3, 7): the level above the match.

The club engine (:mod:`scorekeeper.club`) pairs rounds and ranks units; this module keeps its inputs on
disk with the match store's promises and creates each table's match through
:meth:`MatchStore.create_match`. Layout, beside ``matches/``::

    club/players.json        the club's player list: an append-only log (add, rename, link)
    club/events/<id>.json    one event: its setup (seq 0) and everything the organiser did since

Both are logs of JSON events like a match's (``{"events": {"1": {…}, …}, "crc32": …}``), written with
:func:`~scorekeeper.store.atomic.write_and_confirm` (a temp file, fsync, rename, fsync of the folder)
before a call returns, checksummed, and checked value by value when read. A file that fails is moved to
``damaged/`` and named in :attr:`ClubStore.problems`; the other events and every match still open. A
read-only store reads them all and refuses every change (:class:`ReadOnlyStore`).

**Player ids.** ``p`` + 8 random hex digits (``p1a2b3c4d``), minted once, never reused (an id already in
the list or in an event is never minted again), so an event exported from one club folder and imported
into another keeps its people apart from the local ones. A rename keeps the id; two "Ann"s are two ids.
Names go through the names policy (:func:`~scorekeeper.rules.names.clean_name`).

**How the ids ride along with the matches.** A match created for an event keeps its players' display
names in its own log exactly as today (``match-format.md`` and old readers are untouched); the event's
``pair`` event names, for each table, the sides by player id and the match ids, so the seat → player id
map of every event match is the event's. A match created at a table with plain names can be linked to
club players later (:meth:`ClubStore.link`: a ``link`` event in the player list, seat → id).
:meth:`ClubStore.player_of` answers "who sat in seat N of match M" for both.

Every public method takes the match store's lock (one writer at a time in a process; another process on
the same folder opens it read-only: two hosts cannot pair at once), refuses with
:class:`~scorekeeper.rules.RuleViolation` (code ``error.<code>`` in the catalogs) or the club engine's
:class:`~scorekeeper.club.ClubError` (``club.error.<code>``), and changes nothing when it refuses.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..club import (
    ClubError,
    ClubRules,
    Criterion,
    Decided,
    Entry,
    FixtureLength,
    FixtureResult,
    Format,
    LengthKind,
    LoserBonus,
    Pairing,
    Player,
    PointsScheme,
    Roster,
    Row,
    Status,
    Table,
    Unit,
    check_result,
    next_round,
    pair_round,
    standings,
)
from ..rules import RuleViolation
from ..rules.names import clean_name
from ..rules.variants import GAMES
from .atomic import DamagedFile, parse_tables, seal, sweep_temp_files, write_and_confirm
from .events import now, time_text
from .intake import MAX_BYTES
from .summary import FINISHED

if TYPE_CHECKING:
    from .store import MatchStore

log = logging.getLogger(__name__)

EVENT_FORMAT = "scorekeeper-event/1"
EXPORT_FORMAT = "scorekeeper-event-export/1"
MAX_PLAYERS = 10_000  # in the club's list
MAX_ROSTER = 1_000  # entries of one event
MIN_ROSTER = 2  # players an event needs: fewer can never sit at a table
MAX_LOG = 100_000  # events in one event's log
MAX_TEXT = 200  # an event's name
MAX_GAMES = 99  # games a fixture
MAX_SCORE = 10**6  # a game's final score (display points)
_EVENT_KINDS = ("event", "checkin", "withdraw", "enter", "pair", "game", "paper")
_PLAYER_KINDS = ("add", "rename", "link")


def _violation(code: str, **params: object) -> RuleViolation:
    return RuleViolation("", code, **params)


def _is_player_id(text: object) -> bool:
    return type(text) is str and len(text) == 9 and text[0] == "p" and all(c in "0123456789abcdef" for c in text[1:])


def _is_event_id(text: object) -> bool:
    return type(text) is str and len(text) == 14 and text[0] == "e" and text[1:9].isdigit() and text[9] == "-"


@dataclass(frozen=True, slots=True)
class EventSetup:
    """What an event is, fixed when it is created (the ``event`` record, seq 0).

    Attributes:
        name: the event's name (one line, at most 200 characters).
        day: the evening's date.
        variant: the game (``"horse-race"``…); ``house_rules``: one rule set for the whole evening.
        format: how rounds are paired; ``rules``: points scheme, fixture length, tie-breaks.
        pairs: the fixed partnerships (``()`` for singles or rotating partners).
        group_sizes: the table sizes a ``groups`` event may use, preferred first.
    """

    name: str
    day: date
    variant: str
    house_rules: Mapping[str, str | int]
    format: Format
    rules: ClubRules
    pairs: tuple[Unit, ...] = ()
    group_sizes: tuple[int, ...] = (4, 3)


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table of a paired round: its sides (player ids), its matches (one a game, in order) and, if the
    organiser entered them, the ``paper`` games (each game's final scores per side; these win over the
    matches)."""

    number: int
    sides: tuple[Unit, ...]
    matches: tuple[str, ...]
    paper: tuple[tuple[int, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A paired round: the engine's :class:`Pairing` and each table's record."""

    pairing: Pairing
    tables: tuple[TableRecord, ...]


@dataclass(frozen=True, slots=True)
class EventState:
    """An event as its log stands: ``id``, ``setup``, ``roster`` (check-ins, late entries, withdrawals),
    ``rounds`` paired, ``version`` (events in the log: pass it back to :meth:`ClubStore.pair` to be sure
    nobody changed the event since it was shown)."""

    id: str
    setup: EventSetup
    roster: Roster
    rounds: tuple[RoundRecord, ...]
    version: int

    def history(self) -> list[Pairing]:
        """The rounds' pairings, round 1 first (the engine's ``history``)."""
        return [r.pairing for r in self.rounds]


# ----------------------------------------------------------------------- encoding
def setup_to_json(s: EventSetup) -> dict[str, Any]:
    """The setup's fields of the ``event`` record (units as lists, enums as their values)."""
    scheme = s.rules.scheme
    return {
        "name": s.name,
        "date": s.day.isoformat(),
        "variant": s.variant,
        "house_rules": dict(s.house_rules),
        "club_format": s.format.value,
        "length": {"kind": s.rules.length.kind.value, "games": s.rules.length.games},
        "scheme": {
            "win": scheme.win,
            "draw": scheme.draw,
            "loss": scheme.loss,
            "bye": scheme.bye,
            "per_game": scheme.per_game,
            "loser_bonus": None
            if scheme.loser_bonus is None
            else {"points": scheme.loser_bonus.points, "within": scheme.loser_bonus.within},
        },
        "tie_breaks": [c.value for c in s.rules.tie_breaks],
        "pairs": [list(p) for p in s.pairs],
        "group_sizes": list(s.group_sizes),
    }


def _int(value: object, low: int = 0, high: int = 10**6) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _unit(value: object) -> Unit:
    if not isinstance(value, list) or not 1 <= len(value) <= 4 or not all(_is_player_id(p) for p in value):
        raise ValueError(f"{value!r} is not a side of player ids")
    return tuple(value)


def _scores(value: object, sides: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_GAMES:
        raise ValueError("games must be a list of 1 to 99 games")
    games = []
    for game in value:
        if not isinstance(game, list) or len(game) != sides:
            raise ValueError(f"a game needs one score for each of the {sides} sides")
        games.append(tuple(_int(v, 0, MAX_SCORE) for v in game))
    return tuple(games)


def setup_from_json(e: Mapping[str, Any]) -> EventSetup:
    """The :class:`EventSetup` of an ``event`` record; ``ValueError`` (or the engine's ``ClubError``) for a
    value that cannot be."""
    if type(e.get("name")) is not str or not 0 < len(e["name"]) <= MAX_TEXT or "\n" in e["name"]:
        raise ValueError("the event's name must be one line of 1 to 200 characters")
    if e.get("variant") not in GAMES:
        raise ValueError(f"unknown game {e.get('variant')!r}")
    house = e.get("house_rules")
    if not isinstance(house, dict) or len(house) > 32:
        raise ValueError("house_rules must be an object")
    if not all(type(k) is str and type(v) in (str, int) for k, v in house.items()):
        raise ValueError("house_rules must name options with text or number values")
    length, scheme = e.get("length"), e.get("scheme")
    if not isinstance(length, dict) or not isinstance(scheme, dict):
        raise ValueError("length and scheme must be objects")
    bonus = scheme.get("loser_bonus")
    if bonus is not None and not isinstance(bonus, dict):
        raise ValueError("loser_bonus must be an object or null")
    if type(scheme.get("per_game")) is not bool:
        raise ValueError("per_game must be true or false")
    tie_breaks, pairs, sizes = e.get("tie_breaks"), e.get("pairs"), e.get("group_sizes")
    if not isinstance(tie_breaks, list) or not isinstance(pairs, list) or not isinstance(sizes, list):
        raise ValueError("tie_breaks, pairs and group_sizes must be lists")
    if len(tie_breaks) > 8 or len(pairs) > MAX_ROSTER or not 1 <= len(sizes) <= 2:
        raise ValueError("too many tie-breaks, pairs or group sizes")
    rules = ClubRules(
        PointsScheme(
            win=_int(scheme.get("win")),
            draw=_int(scheme.get("draw")),
            loss=_int(scheme.get("loss")),
            bye=_int(scheme.get("bye")),
            per_game=scheme["per_game"],
            loser_bonus=None if bonus is None else LoserBonus(_int(bonus.get("points")), _int(bonus.get("within"))),
        ),
        FixtureLength(LengthKind(length.get("kind")), _int(length.get("games"), 1, MAX_GAMES)),
        tuple(Criterion(c) for c in tie_breaks),
    )
    return EventSetup(
        e["name"],
        date.fromisoformat(e["date"]) if type(e.get("date")) is str and len(e["date"]) == 10 else _bad_date(),
        e["variant"],
        dict(house),
        Format(e.get("club_format")),
        rules,
        tuple(_unit(p) for p in pairs),
        tuple(_int(n, 3, 4) for n in sizes),
    )


def _bad_date() -> date:
    raise ValueError("date must be YYYY-MM-DD")


# ----------------------------------------------------------------------- the fold
def fold_event(event_id: str, events: Sequence[Mapping[str, Any]]) -> EventState:
    """An event's log folded into its :class:`EventState`. Raises ``ValueError`` (or ``ClubError``,
    ``KeyError``, ``TypeError``) for a log that cannot be: the caller treats it as damage."""
    if not events or events[0].get("kind") != "event" or events[0].get("format") != EVENT_FORMAT:
        raise ValueError("the first record is not an event's setup")
    if events[0].get("id") != event_id:
        raise ValueError("the event's id differs from its file's name")
    setup = setup_from_json(events[0])
    roster_list = events[0].get("roster")
    if not isinstance(roster_list, list) or len(roster_list) > MAX_ROSTER:
        raise ValueError("the roster must be a list")
    entries = []
    for item in roster_list:
        if not isinstance(item, dict) or not _is_player_id(item.get("player")) or type(item.get("name")) is not str:
            raise ValueError("a roster entry needs a player id and a name")
        entries.append(Entry(Player(item["player"], item["name"]), Status(item.get("status"))))
    roster = Roster(tuple(entries), setup.pairs)
    rounds: list[RoundRecord] = []
    for seq, e in enumerate(events):
        if e.get("seq") != seq or type(e.get("time")) is not str:
            raise ValueError(f"record {seq} is out of order")
        kind = e.get("kind")
        if kind not in _EVENT_KINDS or (kind == "event") != (seq == 0):
            raise ValueError(f"record {seq} is of no known kind")
        if kind == "checkin":
            pid = e["player"]
            roster = roster.check_in(pid) if e.get("present") is True else roster.check_out(pid)
        elif kind == "withdraw":
            roster = roster.withdraw(e["player"])
        elif kind == "enter":
            if not _is_player_id(e.get("player")) or type(e.get("name")) is not str:
                raise ValueError(f"record {seq}: a late entry needs a player id and a name")
            roster = roster.enter(Player(e["player"], e["name"]), present=e.get("present") is True)
        elif kind == "pair":
            rounds.append(_round_from_json(e, len(rounds) + 1))
        elif kind in ("game", "paper"):
            r, t = _int(e.get("round"), 1, len(rounds)), _int(e.get("table"), 1, 10**4)
            record = rounds[r - 1]
            if t > len(record.tables):
                raise ValueError(f"record {seq}: round {r} has no table {t}")
            table = record.tables[t - 1]
            if kind == "game":
                if not _is_match_ref(e.get("match")):
                    raise ValueError(f"record {seq}: no match id")
                table = replace(table, matches=(*table.matches, e["match"]))
            else:
                old = e.get("old")
                if (None if old is None else _scores(old, len(table.sides))) != table.paper:
                    raise ValueError(f"record {seq}: the paper result it replaces is not the one in effect")
                table = replace(table, paper=_scores(e.get("games"), len(table.sides)))
            tables = list(record.tables)
            tables[t - 1] = table
            rounds[r - 1] = replace(record, tables=tuple(tables))
    return EventState(event_id, setup, roster, tuple(rounds), len(events))


def _is_match_ref(text: object) -> bool:
    from .paths import is_match_id

    return is_match_id(text)


def _round_from_json(e: Mapping[str, Any], expected: int) -> RoundRecord:
    if e.get("round") != expected:
        raise ValueError(f"round {e.get('round')!r} is paired out of order")
    tables_json, byes_json = e.get("tables"), e.get("byes")
    if not isinstance(tables_json, list) or not isinstance(byes_json, list) or len(tables_json) > MAX_ROSTER:
        raise ValueError("a round's tables and byes must be lists")
    tables = []
    for n, t in enumerate(tables_json, 1):
        if not isinstance(t, dict) or t.get("table") != n or not isinstance(t.get("sides"), list):
            raise ValueError("tables must be numbered 1, 2, 3 …")
        matches = t.get("matches")
        if not isinstance(matches, list) or not all(_is_match_ref(m) for m in matches) or not matches:
            raise ValueError("a table needs its match ids")
        tables.append(TableRecord(n, tuple(_unit(s) for s in t["sides"][:4]), tuple(matches)))
    pairing = Pairing(
        expected, tuple(Table(t.number, t.sides) for t in tables), tuple(_unit(b) for b in byes_json[:MAX_ROSTER])
    )
    return RoundRecord(pairing, tuple(tables))


def _round_to_json(record: RoundRecord) -> dict[str, Any]:
    return {
        "kind": "pair",
        "round": record.pairing.round,
        "tables": [
            {"table": t.number, "sides": [list(s) for s in t.sides], "matches": list(t.matches)} for t in record.tables
        ],
        "byes": [list(b) for b in record.pairing.byes],
    }


# ----------------------------------------------------------------------- files
def _read_log(path: Path, raw: bytes | None = None) -> list[dict[str, Any]]:
    """The records of a club log file, in order. Raises :class:`DamagedFile`, ``OSError``."""
    if raw is None:
        raw = path.read_bytes()
    tables = parse_tables(path, raw)
    table = tables.get("events")
    if table is None or set(tables) != {"events"}:
        raise DamagedFile(path, "the file is JSON but not a Scorekeeper club file")
    try:
        return [table[k] for k in sorted(table, key=int)]
    except ValueError:
        raise DamagedFile(path, "the file is JSON but not a Scorekeeper club file") from None


def _log_bytes(events: Sequence[Mapping[str, Any]]) -> bytes:
    raw = json.dumps(
        {"events": {str(i + 1): e for i, e in enumerate(events)}}, ensure_ascii=False, separators=(",", ":")
    ).encode()
    return seal(raw)


@dataclass(frozen=True, slots=True)
class EventInfo:
    """One line of :meth:`ClubStore.list_events`: ``id``, ``name``, ``day``, ``format``, ``rounds`` paired,
    or for a damaged file ``problem`` (the other fields then empty)."""

    id: str
    name: str
    day: date | None
    format: str
    rounds: int
    problem: str | None = None


class ClubStore:
    """The club's players and events in a :class:`~scorekeeper.store.MatchStore`'s data folder.

    ``ClubStore(store)``; every method blocks (file I/O and fsync) and takes ``store``'s lock. ``folder``
    (default ``<data>/club``) is where its logs are: the league's hub keeps each venue's club logs in a
    folder of their own over its one match store (docs/league.md).
    ``problems``: damage found (a file set aside), worded for the user, as ``store.problems``.
    """

    def __init__(self, store: MatchStore, folder: Path | None = None) -> None:
        self.store = store
        self.folder = folder if folder is not None else store.root / "club"
        self.events_folder = self.folder / "events"
        self.players_file = self.folder / "players.json"
        self.problems: list[str] = []
        self._damaged: dict[str, str] = {}  # event id → the problem
        if store.read_only is None:  # the folder's lock is ours: no other writer is half-way through a write
            for folder in (self.folder, self.events_folder):
                try:
                    sweep_temp_files(folder)
                except OSError as err:  # harmless: a temp file is never read as an event
                    log.warning("could not sweep %s: %s", folder, err)

    # --------------------------------------------------------------- players
    def _player_log(self) -> list[dict[str, Any]]:
        try:
            events = _read_log(self.players_file)
            self._check_players(events)
            return events
        except FileNotFoundError:
            return []
        except (DamagedFile, ValueError, KeyError, TypeError) as err:
            reason = err.reason if isinstance(err, DamagedFile) else str(err)
            where = self._set_aside(self.players_file, "players")
            message = (
                f"The club's player list could not be read: {reason}. {where}; "
                "the matches and events are not affected (the list starts again empty)."
            )
            self.problems.append(message)
            return []

    @staticmethod
    def _check_players(events: Sequence[Mapping[str, Any]]) -> None:
        if len(events) > MAX_PLAYERS * 4:
            raise ValueError("too many records")
        known: set[str] = set()
        for seq, e in enumerate(events):
            if e.get("seq") != seq or e.get("kind") not in _PLAYER_KINDS:
                raise ValueError(f"record {seq} is out of order or of no known kind")
            if not _is_player_id(e.get("player")):
                raise ValueError(f"record {seq} names no player id")
            pid: str = e["player"]
            if e["kind"] == "add" and pid in known:
                raise ValueError(f"record {seq} adds {pid} a second time")
            if e["kind"] != "add" and pid not in known:
                raise ValueError(f"record {seq} names {pid}, who was never added")
            if e["kind"] == "link":
                if not _is_match_ref(e.get("match")) or type(e.get("seat")) is not int:
                    raise ValueError(f"record {seq}: a link names a match and a seat")
            elif type(e.get("name")) is not str or not e["name"] or "\n" in e["name"] or len(e["name"]) > 1000:
                raise ValueError(f"record {seq}: a name must be one line of text")
            known.add(pid)

    def players(self) -> list[Player]:
        """The club's players in the order they were added, each with the name in effect."""
        with self.store._lock:
            names: dict[str, str] = {}
            for e in self._player_log():
                if e["kind"] in ("add", "rename"):
                    names[e["player"]] = e["name"]
            return [Player(pid, name) for pid, name in names.items()]

    def player(self, player_id: str) -> Player:
        """One player; ``RuleViolation`` ``club_player_unknown`` if the list has no such id."""
        for p in self.players():
            if p.id == player_id:
                return p
        raise _violation("club_player_unknown", player=player_id)

    def add_player(self, name: str) -> Player:
        """Add a person to the club's list; a fresh id (never one used before). ``RuleViolation`` for a name
        the names policy refuses (``name_…``); two people may share a name."""
        clean = clean_name(name)
        with self.store._writable("could not add the player"):
            events = self._player_log()
            if len(events) >= MAX_PLAYERS * 4:
                raise _violation("club_too_many_players", limit=MAX_PLAYERS)
            used = {e["player"] for e in events} | self._ids_in_events()
            pid = _fresh_player_id(used)
            self._write_players(events, {"kind": "add", "player": pid, "name": clean})
            return Player(pid, clean)

    def rename_player(self, player_id: str, name: str) -> Player:
        """Give a player a new name; the id (and every result) stays. ``RuleViolation``: the policy's
        ``name_…``, ``club_player_unknown``, ``nothing_to_rename`` (the same name)."""
        clean = clean_name(name)
        with self.store._writable("could not rename the player"):
            events = self._player_log()
            current = {e["player"]: e["name"] for e in events if e["kind"] in ("add", "rename")}
            if player_id not in current:
                raise _violation("club_player_unknown", player=player_id)
            if current[player_id] == clean:
                raise _violation("nothing_to_rename")
            self._write_players(events, {"kind": "rename", "player": player_id, "name": clean})
            return Player(player_id, clean)

    def link(self, match_id: str, seat: int, player_id: str) -> None:
        """Say that seat ``seat`` (from 0) of a match played with plain names was club player ``player_id``.
        ``RuleViolation`` ``club_player_unknown``; ``MatchNotFound`` / ``club_seat`` for no such match or seat."""
        with self.store._writable("could not link the player"):
            summary = self.store.summary(match_id)
            if not 0 <= seat < len(summary.players):
                raise _violation("club_seat", seat=seat + 1, seats=len(summary.players))
            events = self._player_log()
            if player_id not in {e["player"] for e in events}:
                raise _violation("club_player_unknown", player=player_id)
            self._write_players(events, {"kind": "link", "player": player_id, "match": match_id, "seat": seat})

    def player_of(self, match_id: str, seat: int) -> str | None:
        """The club player id of a match's seat: from the event that created the match, else from a
        :meth:`link` (the latest), else ``None`` (a plain name)."""
        with self.store._lock:
            for state in self._states():
                for record in state.rounds:
                    for table in record.tables:
                        if match_id in table.matches:
                            return _seats(table.sides, state.setup)[seat]
            linked = None
            for e in self._player_log():
                if e["kind"] == "link" and e["match"] == match_id and e["seat"] == seat:
                    linked = e["player"]
            return linked

    def _write_players(self, events: list[dict[str, Any]], fields: dict[str, Any]) -> None:
        record = {"seq": len(events), "time": time_text(now()), **fields}
        self.folder.mkdir(parents=True, exist_ok=True)
        write_and_confirm(self.players_file, _log_bytes([*events, record]))

    def _ids_in_events(self) -> set[str]:
        return {pid for state in self._states() for pid in state.roster.ids()}

    # --------------------------------------------------------------- events
    def create_event(
        self,
        setup: EventSetup,
        players: Sequence[str],
        *,
        present: bool = True,
    ) -> str:
        """Create an event of ``players`` (club player ids, in seed order; ``present``: checked in at once).
        Returns its id, ``e`` + the date + ``-`` + 4 hex digits.

        Raises ``RuleViolation`` ``club_player_unknown`` (an id not in the club's list), ``club_too_few_players``
        (fewer than :data:`MIN_ROSTER`), ``club_too_many_players``, ``club_bad_setup``
        (a setup that cannot be stored: its ``detail``), the engine's ``SetupError`` (a roster that cannot be),
        ``RuleViolation`` from the rules engine for a game or house rules it does not take.
        """
        known = {p.id: p for p in self.players()}
        for pid in players:
            if pid not in known:
                raise _violation("club_player_unknown", player=pid)
        if len(players) > MAX_ROSTER:
            raise _violation("club_too_many_players", limit=MAX_ROSTER)
        if len(set(players)) < MIN_ROSTER:  # an empty form made an event nobody could play or delete
            raise _violation("club_too_few_players", count=len(set(players)), least=MIN_ROSTER)
        status = Status.PRESENT if present else Status.ABSENT
        roster = Roster(tuple(Entry(known[pid], status) for pid in players), setup.pairs)
        setup = replace(setup, name=clean_text(setup.name), house_rules=_house_rules_in_effect(setup))
        with self.store._writable("could not create the event"):
            event_id = self._fresh_event_id(setup.day)
            head = {
                "seq": 0,
                "time": time_text(now()),
                "kind": "event",
                "format": EVENT_FORMAT,
                "id": event_id,
                **setup_to_json(setup),
                "roster": [
                    {"player": e.player.id, "name": e.player.name, "status": e.status.value} for e in roster.entries
                ],
            }
            try:
                fold_event(event_id, [head])
            except (ValueError, KeyError, TypeError) as err:
                raise _violation("club_bad_setup", detail=str(err)) from None
            self._write_event(event_id, [head])
            return event_id

    def list_events(self) -> list[EventInfo]:
        """Every event, newest first by date; a damaged one with its ``problem``."""
        with self.store._lock:
            infos = [
                EventInfo(s.id, s.setup.name, s.setup.day, s.setup.format.value, len(s.rounds)) for s in self._states()
            ]
            infos += [EventInfo(i, "", None, "", 0, p) for i, p in self._damaged.items()]
            return sorted(infos, key=lambda i: (i.day or date.min, i.id), reverse=True)

    def event(self, event_id: str) -> EventState:
        """The event as its log stands. ``RuleViolation`` ``club_event_unknown`` (or ``club_event_damaged``,
        naming where its file went)."""
        with self.store._lock:
            return self._state(event_id)[1]

    def check_in(self, event_id: str, player_id: str, present: bool = True) -> EventState:
        """Check a player in (``present``) or out for the next round. The engine's ``SetupError``
        ``withdrawn`` / ``unknown_player``."""
        return self._apply(event_id, {"kind": "checkin", "player": player_id, "present": present})

    def withdraw(self, event_id: str, player_id: str) -> EventState:
        """A player leaves the event: never paired again; their results stay."""
        return self._apply(event_id, {"kind": "withdraw", "player": player_id})

    def enter(self, event_id: str, player_id: str, present: bool = True) -> EventState:
        """A late entry (a club player, appended to the seed order)."""
        player = self.player(player_id)
        return self._apply(event_id, {"kind": "enter", "player": player.id, "name": player.name, "present": present})

    def pair(
        self,
        event_id: str,
        round_no: int,
        *,
        tables: Sequence[Sequence[Unit]] | None = None,
        expected_version: int | None = None,
    ) -> RoundRecord:
        """Pair round ``round_no`` (the organiser's "Pair round 3") and create each table's first match with
        the event's rules; one ``pair`` record names the tables and their matches.

        ``tables``: the organiser's tables, for ``free`` only. ``expected_version``: the event's version the
        screen showed (another host's pairing in between is then refused as stale).

        Raises ``RuleViolation``: ``club_round_paired`` (round ``round_no`` is not the next one: it is
        paired already, perhaps by another host), ``club_event_changed`` (``expected_version`` differs),
        ``club_match_rules`` (a match of the last round is not played to the event's rules); the engine's
        ``PairingError`` (``round_incomplete``, ``player_twice``, ``withdrawn_player``…);
        ``ReadOnlyStore`` (another Scorekeeper holds the folder: one host pairs at a time).
        """
        with self.store._writable("could not pair the round"):
            events, state = self._state(event_id)
            if expected_version is not None and expected_version != state.version:
                raise _violation("club_event_changed", event=event_id)
            expected = len(state.rounds) + 1
            if round_no != expected:
                raise _violation("club_round_paired", round=round_no, next=expected)
            results = self._results(state)
            next_round(state.history(), results)  # round_incomplete before anything else
            pairing = pair_round(
                state.setup.format,
                state.roster,
                state.setup.rules,
                state.history(),
                results,
                tables=[tuple(tuple(s) for s in t) for t in tables] if tables is not None else None,
                group_sizes=state.setup.group_sizes,
            )
            names = {e.player.id: e.player.name for e in state.roster.entries}
            created: list[str] = []
            try:
                for t in pairing.tables:
                    created.append(self._create_match(state.setup, t.sides, names))
            except BaseException:  # all or nothing: the round's matches made so far are given up
                for match_id in created:
                    self.store.abandon(match_id)
                raise
            record = RoundRecord(
                pairing,
                tuple(TableRecord(t.number, t.sides, (m,)) for t, m in zip(pairing.tables, created, strict=True)),
            )
            self._append(event_id, events, _round_to_json(record))
            return record

    def next_game(self, event_id: str, round_no: int, table: int) -> str:
        """Create the next game's match of a fixture of more than one game (best of N, all N counted) once
        the table's last match has finished and the fixture is not decided. Returns the match id.
        ``RuleViolation`` ``club_no_table``, ``club_game_unfinished``, ``club_fixture_decided``."""
        with self.store._writable("could not start the next game"):
            events, state = self._state(event_id)
            record = self._table(state, round_no, table)
            games = self._played_games(state, record)
            if games is None:
                raise _violation("club_game_unfinished", round=round_no, table=table)
            if record.paper is not None or self._fixture(state, round_no, record, games) is not None:
                raise _violation("club_fixture_decided", round=round_no, table=table)
            names = {e.player.id: e.player.name for e in state.roster.entries}
            match_id = self._create_match(state.setup, record.sides, names)
            self._append(event_id, events, {"kind": "game", "round": round_no, "table": table, "match": match_id})
            return match_id

    def paper(self, event_id: str, round_no: int, table: int, games: Sequence[Sequence[int]]) -> FixtureResult:
        """Enter a table's final scores played on paper (each game's scores per side, in the table's side
        order), marked ``paper``; a second entry replaces the first and keeps it in the log (``old``), as a
        correction does. Raises ``RuleViolation`` ``club_no_table``, ``nothing_to_fix``; the engine's
        ``ResultError`` for games that do not fit the fixture."""
        with self.store._writable("could not enter the result"):
            events, state = self._state(event_id)
            record = self._table(state, round_no, table)
            new = tuple(tuple(int(v) for v in g) for g in games)
            if len(new) > MAX_GAMES:
                raise _violation("club_too_many_games", limit=MAX_GAMES)
            if any(not 0 <= v <= MAX_SCORE for g in new for v in g):
                raise _violation("club_bad_score", limit=MAX_SCORE)
            result = FixtureResult(round_no, table, record.sides, new, Decided.PAPER)
            check_result(result, state.setup.rules.length)
            if record.paper == new:
                raise _violation("nothing_to_fix")
            old = None if record.paper is None else [list(g) for g in record.paper]
            fields = {"kind": "paper", "round": round_no, "table": table, "games": [list(g) for g in new], "old": old}
            self._append(event_id, events, fields)
            return result

    def results(self, event_id: str) -> list[FixtureResult]:
        """Every fixture result so far: byes, paper entries, and the fixtures whose matches have been played
        to the end (finished → one game each). ``RuleViolation`` ``club_match_rules``."""
        with self.store._lock:
            return self._results(self._state(event_id)[1])

    def standings(self, event_id: str) -> tuple[Row, ...]:
        """The standings from :func:`scorekeeper.club.standings` over :meth:`results`."""
        with self.store._lock:
            state = self._state(event_id)[1]
            return standings(state.roster, state.setup.rules, self._results(state))

    def missing(self, event_id: str) -> list[int]:
        """The tables of the last round paired that have no result yet (0 for none paired)."""
        with self.store._lock:
            state = self._state(event_id)[1]
            if not state.rounds:
                return []
            done = {r.table for r in self._results(state) if r.round == len(state.rounds)}
            return [t.number for t in state.rounds[-1].tables if t.number not in done]

    # --------------------------------------------------------------- export / import
    def export_event(self, event_id: str) -> dict[str, Any]:
        """The event as one document: its log, the players it names (id and name) and every match of it as
        a match document (``store.export_document``). ``MatchDamaged`` if one of its matches is damaged."""
        with self.store._lock:
            events, state = self._state(event_id)
            ids = [m for r in state.rounds for t in r.tables for m in t.matches]
            return {
                "format": EXPORT_FORMAT,
                "event": events,
                "players": [{"id": p.id, "name": p.name} for p in self.players() if p.id in set(state.roster.ids())],
                "matches": [self.store.export_document(m) for m in ids],
            }

    def import_event(self, data: bytes | Mapping[str, Any]) -> str:
        """Import an event exported by :meth:`export_event`, all or nothing; returns its id.

        Bounded as a match import (at most :data:`~scorekeeper.store.intake.MAX_BYTES`; its matches go
        through ``store.import_documents``, every one checked by the engine before anything is written).
        Raises ``RuleViolation``: ``club_import_format`` (not an event export, or its log does not read:
        ``detail``), ``club_event_imported`` (the event is here already), ``club_import_matches`` (its
        rounds name matches the file does not hold), ``import_too_large``; ``ImportRefused`` (a match
        refused: nothing imported). Its players are added to the club's list under their own ids (an id
        already in the list keeps its local name).
        """
        if isinstance(data, bytes | bytearray):
            if len(data) > MAX_BYTES:
                raise _violation("import_too_large", size=f"{len(data) / 2**20:,.0f}", limit=MAX_BYTES // 2**20)
            try:
                doc = json.loads(data)
            except (ValueError, RecursionError):
                raise _violation("club_import_format", detail="not JSON") from None
        else:
            doc = data
        if not isinstance(doc, Mapping) or doc.get("format") != EXPORT_FORMAT:
            raise _violation("club_import_format", detail=f"format is not {EXPORT_FORMAT}")
        events, players, matches = doc.get("event"), doc.get("players"), doc.get("matches")
        if not isinstance(events, list) or not isinstance(players, list) or not isinstance(matches, list):
            raise _violation("club_import_format", detail="event, players and matches must be lists")
        if not events or not isinstance(events[0], dict) or len(events) > MAX_LOG or len(players) > MAX_ROSTER:
            raise _violation("club_import_format", detail="the event's log is empty or too long")
        if not _is_event_id(events[0].get("id")):
            raise _violation("club_import_format", detail="the event has no id")
        event_id: str = events[0]["id"]
        try:
            state = fold_event(event_id, events)
        except (ClubError, ValueError, KeyError, TypeError, IndexError) as err:
            raise _violation("club_import_format", detail=str(err)[:200]) from None
        for p in players:
            if not isinstance(p, dict) or not _is_player_id(p.get("id")) or type(p.get("name")) is not str:
                raise _violation("club_import_format", detail="a player needs an id and a name")
        named = [m for r in state.rounds for t in r.tables for m in t.matches]
        held: list[str] = [_meta_id(m) for m in matches]
        absent = sorted(set(named) - set(held))
        if absent or len(held) != len(named):
            raise _violation("club_import_matches", count=len(absent), matches=", ".join(absent[:5]))
        with self.store._writable("could not import the event"):
            if self._event_file(event_id).exists() or event_id in self._damaged:
                raise _violation("club_event_imported", event=event_id)
            refused = self.store.check_documents(list(matches), [f"match {m}" for m in held])
            if refused:
                from .errors import ImportRefused

                raise ImportRefused(refused, len(matches))
            ids = self.store.import_documents(list(matches), [f"match {m}" for m in held])
            renamed = {old: new for old, new in zip(held, ids, strict=True) if old != new}
            if renamed:  # an id taken here by another match: the event names the new one
                events = [_rename_matches(e, renamed) for e in events]
            log_players = self._player_log()
            known = {e["player"] for e in log_players}
            for p in players:
                if p["id"] not in known:
                    record = {"seq": len(log_players), "time": time_text(now()), "kind": "add"}
                    log_players.append({**record, "player": p["id"], "name": p["name"]})
                    known.add(p["id"])
            self._write_event(event_id, events)
            if len(log_players) != len(self._player_log()):
                self.folder.mkdir(parents=True, exist_ok=True)
                write_and_confirm(self.players_file, _log_bytes(log_players))
            return event_id

    # --------------------------------------------------------------- internals
    def _event_file(self, event_id: str) -> Path:
        return self.events_folder / f"{event_id}.json"

    def _fresh_event_id(self, day: date) -> str:
        while True:
            event_id = f"e{day:%Y%m%d}-{secrets.token_hex(2)}"
            if not self._event_file(event_id).exists() and event_id not in self._damaged:
                return event_id

    def _write_event(self, event_id: str, events: Sequence[Mapping[str, Any]]) -> None:
        self.events_folder.mkdir(parents=True, exist_ok=True)
        write_and_confirm(self._event_file(event_id), _log_bytes(events))

    def _append(self, event_id: str, events: list[dict[str, Any]], fields: dict[str, Any]) -> EventState:
        new = [*events, {"seq": len(events), "time": time_text(now()), **fields}]
        state = fold_event(event_id, new)  # the engine's checks (a withdrawn player checking in…) before writing
        self._write_event(event_id, new)
        return state

    def _apply(self, event_id: str, fields: dict[str, Any]) -> EventState:
        with self.store._writable("could not change the event"):
            events, _ = self._state(event_id)
            return self._append(event_id, events, fields)

    def _state(self, event_id: str) -> tuple[list[dict[str, Any]], EventState]:
        if event_id in self._damaged:
            raise _violation("club_event_damaged", event=event_id, problem=self._damaged[event_id])
        path = self._event_file(event_id)
        if not _is_event_id(event_id) or not path.exists():
            raise _violation("club_event_unknown", event=event_id)
        try:
            events = _read_log(path)
            return events, fold_event(event_id, events)
        except (DamagedFile, ClubError, ValueError, KeyError, TypeError, IndexError) as err:
            reason = err.reason if isinstance(err, DamagedFile) else str(err)[:200]
            where = self._set_aside(path, event_id)
            problem = (
                f"Event {event_id} could not be read: {reason}. {where}; "
                "its matches and the other events are not affected."
            )
            self._damaged[event_id] = problem
            self.problems.append(problem)
            raise _violation("club_event_damaged", event=event_id, problem=problem) from None

    def _states(self) -> list[EventState]:
        try:
            names = sorted(os.listdir(self.events_folder))
        except FileNotFoundError:
            return []
        states = []
        for name in names:
            if name.endswith(".json") and _is_event_id(name[:-5]):
                try:
                    states.append(self._state(name[:-5])[1])
                except RuleViolation:
                    continue  # damaged: set aside and listed
        return states

    def _set_aside(self, path: Path, name: str) -> str:
        if self.store.read_only is not None:
            return "Its file was left in place (the data folder is open for reading only)"
        where = self.store._repair._move_aside(path, f"club-{name}")
        return f"Its file was moved to {where} and kept" if where else "Its file could not be moved aside"

    def _create_match(self, setup: EventSetup, sides: Sequence[Unit], names: Mapping[str, str]) -> str:
        seats = _seats(sides, setup)
        return self.store.create_match(
            setup.variant, seat_names(seats, names), partnerships=_partnered(sides), house_rules=setup.house_rules
        )

    @staticmethod
    def _table(state: EventState, round_no: int, table: int) -> TableRecord:
        if not 1 <= round_no <= len(state.rounds) or not 1 <= table <= len(state.rounds[round_no - 1].tables):
            raise _violation("club_no_table", round=round_no, table=table)
        return state.rounds[round_no - 1].tables[table - 1]

    def _played_games(self, state: EventState, record: TableRecord) -> tuple[tuple[int, ...], ...] | None:
        """Each finished match's final scores in the table's side order; ``None`` while one is unfinished."""
        games = []
        for match_id in record.matches:
            summary = self.store.summary(match_id)
            if summary.variant != state.setup.variant or dict(summary.house_rules) != dict(state.setup.house_rules):
                raise _violation("club_match_rules", match=match_id, game=state.setup.variant)
            if summary.status != FINISHED:
                return None
            games.append(tuple(summary.scores))
        return tuple(games)

    @staticmethod
    def _fixture(
        state: EventState, round_no: int, record: TableRecord, games: tuple[tuple[int, ...], ...]
    ) -> FixtureResult | None:
        result = FixtureResult(round_no, record.number, record.sides, games, Decided.PLAYED)
        try:
            check_result(result, state.setup.rules.length)
        except ClubError:
            return None
        return result

    def _results(self, state: EventState) -> list[FixtureResult]:
        results: list[FixtureResult] = []
        for record in state.rounds:
            results += record.pairing.bye_results()
            for table in record.tables:
                if table.paper is not None:
                    results.append(
                        FixtureResult(record.pairing.round, table.number, table.sides, table.paper, Decided.PAPER)
                    )
                    continue
                games = self._played_games(state, table)
                fixture = None if games is None else self._fixture(state, record.pairing.round, table, games)
                if fixture is not None:
                    results.append(fixture)
        return results


# ----------------------------------------------------------------------- the logs as stored (league)
PLAYERS_LOG = "players"
"""The name of the player list's log in :func:`club_logs` and :func:`adopt_club_log` (an event's log is
named by its event id)."""


def club_logs(store: MatchStore, folder: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every club log of a data folder as stored, under the store's lock: :data:`PLAYERS_LOG` → the player
    list's records, each event id → its event's records (in seq order). A league venue's publisher sends
    them. Reads only: a file that cannot be read or fails its checksum is left out (the venue's own
    :class:`ClubStore` sets it aside and says so); no file is moved or swept. Every event file is read
    each call (a club's dozens: fine; an index of sizes if hundreds)."""
    root = folder if folder is not None else store.root / "club"
    out: dict[str, list[dict[str, Any]]] = {}
    with store._lock:
        paths = [(PLAYERS_LOG, root / "players.json")]
        try:
            names = sorted(os.listdir(root / "events"))
        except OSError:
            names = []
        paths += [(n[:-5], root / "events" / n) for n in names if n.endswith(".json") and _is_event_id(n[:-5])]
        for name, path in paths:
            try:
                out[name] = _read_log(path)
            except (OSError, DamagedFile):
                continue
    return out


def club_log(club: ClubStore, name: str) -> list[dict[str, Any]]:
    """One club log of ``club``'s folder as stored (``[]`` if it has none yet): ``name`` is
    :data:`PLAYERS_LOG` or an event id. Raises :class:`DamagedFile` for a file that fails its checks,
    ``OSError``."""
    if name != PLAYERS_LOG and not _is_event_id(name):
        return []
    path = club.players_file if name == PLAYERS_LOG else club._event_file(name)
    with club.store._lock:
        try:
            return _read_log(path)
        except FileNotFoundError:
            return []


def adopt_club_log(club: ClubStore, name: str, records: Sequence[Mapping[str, Any]]) -> int:
    """Keep a club log recorded elsewhere (a league venue's) in ``club``'s folder, as
    :meth:`MatchStore.adopt` keeps a match: ``records`` is the whole log as the other store wrote it,
    ``name`` :data:`PLAYERS_LOG` or the event's id. What is here must be its start, record for record; the
    rest is appended (the file written whole, fsync'd) after the whole log is checked again as a read
    checks it (the player list's rules; an event folded through the club engine). Returns how many
    records were added (0: all were here already).

    Raises :class:`~scorekeeper.store.errors.StoreError` ``adopt_bad_id`` (not an event id),
    ``adopt_conflict`` (what is here is not the start of ``records``), ``adopt_refused`` (``reason``:
    why the log cannot be, English, for the league secretary); :class:`DamagedFile` if the file here is
    damaged; ``ReadOnlyStore``; ``save_failed``.
    """
    from .errors import StoreError

    players = name == PLAYERS_LOG
    if not players and not _is_event_id(name):
        raise StoreError(f"{name[:80]!r} is not an event id", "adopt_bad_id")
    path = club.players_file if players else club._event_file(name)
    with club.store._writable("could not keep the club log"):
        old = club_log(club, name)
        log = [dict(r) for r in records]
        if log[: len(old)] != old[: len(log)]:
            raise StoreError(f"club log {name}: a different record under a seq already kept", "adopt_conflict")
        if len(log) <= len(old):
            return 0
        try:
            if len(log) > (MAX_PLAYERS * 4 if players else MAX_LOG):
                raise ValueError("too many records")
            if players:
                ClubStore._check_players(log)
            else:
                fold_event(name, log)
        except (ClubError, ValueError, KeyError, TypeError, IndexError) as err:
            raise StoreError(f"club log {name}: {err}", "adopt_refused", reason=str(err)[:200]) from None
        path.parent.mkdir(parents=True, exist_ok=True)
        write_and_confirm(path, _log_bytes(log))
        return len(log) - len(old)


def seat_names(seats: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """The display names a table's match is created with, seat by seat: each player's name, and where two
    people at the table share a name (two "Ann"s, ignoring case), each of them with the start of their
    id, ``"Ann (pf023)"``, so the table can tell them apart (a match never has two players of one name)."""
    plain = [names[p] for p in seats]
    folded = [n.casefold() for n in plain]
    return [f"{n} ({p[:5]})" if folded.count(n.casefold()) > 1 else n for n, p in zip(plain, seats, strict=True)]


def _partnered(sides: Sequence[Unit]) -> bool:
    return len(sides) == 2 and all(len(s) == 2 for s in sides)


def _seats(sides: Sequence[Unit], setup: EventSetup) -> list[str]:
    """Seat order of a table's match: singles side by side; two sides of two as partnerships (seats 1+3
    against 2+4: side A in seats 0 and 2, side B in 1 and 3)."""
    if _partnered(sides):
        (a1, a2), (b1, b2) = sides
        return [a1, b1, a2, b2]
    return [p for side in sides for p in side]


def _house_rules_in_effect(setup: EventSetup) -> dict[str, str | int]:
    """The house rules as the rules engine keeps them (its judgement of the game and options: a
    ``RuleViolation`` for a game or option it does not take), so that every match of the event has them."""
    from ..rules import Match

    if setup.variant not in GAMES:
        raise _violation("club_bad_setup", detail=f"unknown game {setup.variant!r}")
    return Match(setup.variant, ["A", "B"], False, house_rules=setup.house_rules).house_rules


def clean_text(name: str) -> str:
    """An event's name: one line, 1–200 characters after trimming. ``RuleViolation`` ``club_event_name``."""
    text = " ".join(name.split())
    if not text or len(text) > MAX_TEXT or any(not c.isprintable() for c in text):
        raise _violation("club_event_name", limit=MAX_TEXT)
    return text


def _fresh_player_id(used: Iterable[str]) -> str:
    taken = set(used)
    while True:
        pid = "p" + secrets.token_hex(4)
        if pid not in taken:
            return pid


def _meta_id(doc: object) -> str:
    """A match document's ``meta.id`` (``""`` if it has none)."""
    meta = doc.get("meta") if isinstance(doc, dict) else None
    found = meta.get("id") if isinstance(meta, dict) else None
    return found if type(found) is str else ""


def _rename_matches(event: Mapping[str, Any], renamed: Mapping[str, str]) -> dict[str, Any]:
    e = dict(event)
    if e.get("kind") == "pair":
        e["tables"] = [{**t, "matches": [renamed.get(m, m) for m in t["matches"]]} for t in e["tables"]]
    elif e.get("kind") == "game":
        e["match"] = renamed.get(e["match"], e["match"])
    return e
