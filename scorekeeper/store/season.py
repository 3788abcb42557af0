"""The club's season in the store (issue 23 item 4): stored events to the season view, and its settings.

:func:`season_events` turns the club's stored events (:class:`~scorekeeper.store.club.ClubStore`: each
event's roster, rules and fixture results, read by the same path as the event's own standings —
byes, paper entries, finished matches) into the engine's :class:`~scorekeeper.club.SeasonEvent`\\ s.
:class:`SeasonStore` keeps the club's **season settings** beside the events and computes the view::

    club/season.json    the season's settings: a log of ``settings`` records, the last in effect

A ``settings`` record (``seq`` from 0, ``time``) holds every setting whole: ``scheme`` (``null``: the
events' own) ``{win, draw, loss, bye, per_game, loser_bonus}``, ``tie_breaks`` (``null``: the events'
own, else a list of criterion names), ``events`` (``null``: all the club's events, else a list of event
ids), ``from`` / ``to`` (``null`` or ``YYYY-MM-DD``: the events' dates, both ends included),
``drop_worst`` (0–1000) and ``ratings`` (``true``/``false``, off by default).

**The events' own** scheme and tie-breaks are those of the newest event counted (latest date, then id):
a club that never changes its scheme gets it, and a club that changed it scores the whole season on
the one in use now.

The file has the club files' promises (:mod:`scorekeeper.store.club`): written whole with
:func:`~scorekeeper.store.atomic.write_and_confirm` before a call returns, checksummed, every record
checked when read; a file that fails is moved to ``damaged/club-season.<time>.json``, named in
:attr:`SeasonStore.problems`, and the defaults are used; a read-only folder reads it and refuses a
change (:class:`~scorekeeper.store.errors.ReadOnlyStore`). Refusals are ``RuleViolation``\\ s worded by
``error.<code>`` (``season_event_unknown``, ``season_dates``, ``season_ratings_off``) or the engine's
``ClubError`` (``drop_worst``, ``tie_break``, ``negative_points``…), and change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from ..club import (
    ClubError,
    Criterion,
    LoserBonus,
    PointsScheme,
    Rating,
    SeasonEvent,
    SeasonRow,
    SeasonRules,
    ratings,
    season,
)
from ..club.season import MAX_EVENTS
from ..rules import RuleViolation
from .atomic import DamagedFile, write_and_confirm
from .club import ClubStore, EventInfo, _log_bytes, _read_log
from .events import now, time_text

SETTINGS_FORMAT = "scorekeeper-season/1"
MAX_RECORDS = 10_000  # settings records in the file (a change a day for 27 years)
_FIELDS = ("scheme", "tie_breaks", "events", "from", "to", "drop_worst", "ratings")


def _violation(code: str, **params: object) -> RuleViolation:
    return RuleViolation("", code, **params)


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    """The club's season settings (what :class:`SeasonStore` keeps).

    Attributes:
        scheme: the points scheme every event is scored on; ``None``: the events' own (the newest's).
        tie_breaks: the tie-breaks after points, in order; ``None``: the events' own (the newest's).
        events: the event ids the season counts; ``None``: all the club's events.
        start / end: only events on or after / on or before these dates (``None``: no bound).
        drop_worst: how many of each unit's worst results are dropped (0 to 1000).
        ratings: whether the club shows ratings (off by default).

    Raises:
        RuleViolation: ``season_dates`` (``start`` after ``end``), ``season_too_many`` (more than 1000 events
            chosen).
        ClubError: the engine's ``drop_worst``, ``tie_break``, ``negative_points`` (as :class:`SeasonRules`).
    """

    scheme: PointsScheme | None = None
    tie_breaks: tuple[Criterion, ...] | None = None
    events: tuple[str, ...] | None = None
    start: date | None = None
    end: date | None = None
    drop_worst: int = 0
    ratings: bool = False

    def __post_init__(self) -> None:
        if self.start is not None and self.end is not None and self.start > self.end:
            raise _violation("season_dates", start=self.start.isoformat(), end=self.end.isoformat())
        if self.events is not None and len(self.events) > MAX_EVENTS:
            raise _violation("season_too_many", count=len(self.events), limit=MAX_EVENTS)
        SeasonRules(
            scheme=self.scheme or PointsScheme(),
            tie_breaks=() if self.tie_breaks is None else self.tie_breaks,
            drop_worst=self.drop_worst,
        )  # the engine's checks: ClubError

    def to_json(self) -> dict[str, Any]:
        """The record's fields (see the module doc)."""
        s = self.scheme
        return {
            "scheme": None
            if s is None
            else {
                "win": s.win,
                "draw": s.draw,
                "loss": s.loss,
                "bye": s.bye,
                "per_game": s.per_game,
                "loser_bonus": None
                if s.loser_bonus is None
                else {"points": s.loser_bonus.points, "within": s.loser_bonus.within},
            },
            "tie_breaks": None if self.tie_breaks is None else [c.value for c in self.tie_breaks],
            "events": None if self.events is None else list(self.events),
            "from": None if self.start is None else self.start.isoformat(),
            "to": None if self.end is None else self.end.isoformat(),
            "drop_worst": self.drop_worst,
            "ratings": self.ratings,
        }

    @classmethod
    def from_json(cls, e: Mapping[str, Any]) -> SeasonSettings:
        """The settings of a record; ``ValueError`` (or ``ClubError``/``RuleViolation``) for one that cannot be."""
        scheme = e.get("scheme")
        if scheme is not None:
            if not isinstance(scheme, dict) or type(scheme.get("per_game")) is not bool:
                raise ValueError("scheme must be an object with per_game true or false")
            bonus = scheme.get("loser_bonus")
            if bonus is not None and not isinstance(bonus, dict):
                raise ValueError("loser_bonus must be an object or null")
            scheme = PointsScheme(
                win=_int(scheme.get("win")),
                draw=_int(scheme.get("draw")),
                loss=_int(scheme.get("loss")),
                bye=_int(scheme.get("bye")),
                per_game=scheme["per_game"],
                loser_bonus=None if bonus is None else LoserBonus(_int(bonus.get("points")), _int(bonus.get("within"))),
            )
        tie_breaks = e.get("tie_breaks")
        if tie_breaks is not None and (not isinstance(tie_breaks, list) or len(tie_breaks) > 8):
            raise ValueError("tie_breaks must be a list of at most 8 criteria or null")
        events = e.get("events")
        if events is not None and (
            not isinstance(events, list)
            or len(events) > MAX_EVENTS
            or not all(type(i) is str and 0 < len(i) <= 100 for i in events)
        ):
            raise ValueError("events must be a list of event ids or null")
        if type(e.get("ratings")) is not bool:
            raise ValueError("ratings must be true or false")
        return cls(
            scheme=scheme,
            tie_breaks=None if tie_breaks is None else tuple(Criterion(c) for c in tie_breaks),
            events=None if events is None else tuple(events),
            start=_day(e.get("from")),
            end=_day(e.get("to")),
            drop_worst=_int(e.get("drop_worst"), 0, MAX_EVENTS),
            ratings=e["ratings"],
        )


def _int(value: object, low: int = 0, high: int = 10**6) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _day(value: object) -> date | None:
    if value is None:
        return None
    if type(value) is not str or len(value) != 10:
        raise ValueError("a date must be YYYY-MM-DD or null")
    return date.fromisoformat(value)


@dataclass(frozen=True, slots=True)
class SeasonView:
    """The season as shown: the settings, the rules resolved from them, the events counted and the rows.

    Attributes:
        settings: the settings it was computed with.
        rules: the engine's :class:`SeasonRules` (the scheme and tie-breaks resolved, see the module doc).
        events: the events of the season, oldest first (their :class:`EventInfo`).
        rows: the engine's :func:`~scorekeeper.club.season` rows, best first.
        names: player id → name (the club's list, else the newest roster naming them).
        ratings: the ratings (best first) when ``settings.ratings`` is on, else ``None``.
        skipped: damaged events left out (their problem, worded for the user).
    """

    settings: SeasonSettings
    rules: SeasonRules
    events: tuple[EventInfo, ...]
    rows: tuple[SeasonRow, ...]
    names: dict[str, str] = field(default_factory=dict)
    ratings: tuple[Rating, ...] | None = None
    skipped: tuple[str, ...] = ()


def season_events(
    club: Any, settings: SeasonSettings = SeasonSettings()
) -> tuple[list[SeasonEvent], list[EventInfo], list[Any], list[str]]:
    """The club's events that ``settings`` counts, as the engine's :class:`SeasonEvent` s (oldest first).

    ``club``: a :class:`ClubStore` (or one seen through the server's guard: only ``list_events``, ``event``
    and ``results`` are called). Returns ``(season events, their EventInfo, their EventState, problems of
    damaged events left out)``. Each event's results are ``club.results(id)``: byes, paper entries and the
    finished matches, as its own standings read them.

    Raises:
        RuleViolation: ``season_event_unknown`` (a chosen event id the club has not), the store's
            ``club_match_rules`` (a match of an event with other rules).
    """
    infos = club.list_events()
    known = {i.id: i for i in infos}
    if settings.events is not None:
        for event_id in settings.events:
            if event_id not in known:
                raise _violation("season_event_unknown", event=event_id)
    problems = [i.problem for i in infos if i.problem is not None]
    chosen = [
        i
        for i in infos
        if i.problem is None
        and i.day is not None
        and (settings.events is None or i.id in settings.events)
        and (settings.start is None or i.day >= settings.start)
        and (settings.end is None or i.day <= settings.end)
    ]
    chosen.sort(key=lambda i: (i.day, i.id))
    events, states = [], []
    for info in chosen:
        state = club.event(info.id)
        results = tuple(club.results(info.id))
        states.append(state)
        events.append(SeasonEvent(info.id, info.day.isoformat(), state.roster, state.setup.rules, results))
    return events, chosen, states, problems


def resolve_rules(settings: SeasonSettings, states: Sequence[Any]) -> SeasonRules:
    """The engine's :class:`SeasonRules` for ``settings``: a scheme or tie-breaks left ``None`` are the newest
    event's of ``states`` (oldest first; none: the engine's defaults)."""
    newest = states[-1].setup.rules if states else None
    scheme = settings.scheme or (newest.scheme if newest is not None else PointsScheme())
    if settings.tie_breaks is not None:
        tie_breaks = settings.tie_breaks
    elif newest is not None:
        tie_breaks = newest.tie_breaks
    else:
        tie_breaks = SeasonRules().tie_breaks
    return SeasonRules(scheme=scheme, tie_breaks=tie_breaks, drop_worst=settings.drop_worst, ratings=settings.ratings)


def season_view(club: Any, settings: SeasonSettings, players: Sequence[Any] = ()) -> SeasonView:
    """The season view of ``club``'s events under ``settings`` (the ratings too when they are on).

    ``players``: the club's list (``club.players()``) for the names; a player not in it is named by the
    newest event's roster.

    Raises:
        RuleViolation: as :func:`season_events`. ClubError: as :func:`~scorekeeper.club.season`.
    """
    events, infos, states, problems = season_events(club, settings)
    rules = resolve_rules(settings, states)
    names: dict[str, str] = {}
    for state in states:
        names.update((e.player.id, e.player.name) for e in state.roster.entries)
    names.update((p.id, p.name) for p in players)
    return SeasonView(
        settings=settings,
        rules=rules,
        events=tuple(infos),
        rows=season(events, rules),
        names=names,
        ratings=ratings(events, rules),
        skipped=tuple(problems),
    )


class SeasonStore:
    """The club's season settings in ``club/season.json`` (see the module doc), over a :class:`ClubStore`.

    Every method blocks (file I/O, fsync) and takes the match store's lock. ``problems``: damage found
    (the file set aside), worded for the user.
    """

    def __init__(self, club: ClubStore) -> None:
        self.club = club
        self.store = club.store
        self.file = club.folder / "season.json"
        self.problems: list[str] = []

    def _log(self) -> list[dict[str, Any]]:
        try:
            events = _read_log(self.file)
            self._check(events)
            return events
        except FileNotFoundError:
            return []
        except (DamagedFile, ValueError, KeyError, TypeError, ClubError, RuleViolation) as err:
            reason = err.reason if isinstance(err, DamagedFile) else str(err)[:200]
            where = self.club._set_aside(self.file, "season")
            self.problems.append(
                f"The club's season settings could not be read: {reason}. {where}; "
                "the events and matches are not affected (the season uses the defaults)."
            )
            return []

    @staticmethod
    def _check(events: Sequence[Mapping[str, Any]]) -> None:
        if len(events) > MAX_RECORDS:
            raise ValueError("too many records")
        for seq, e in enumerate(events):
            if e.get("seq") != seq or e.get("kind") != "settings" or type(e.get("time")) is not str:
                raise ValueError(f"record {seq} is out of order or of no known kind")
            if e.get("format") != SETTINGS_FORMAT or not set(_FIELDS) <= set(e):
                raise ValueError(f"record {seq} is not a season's settings")
            SeasonSettings.from_json(e)

    def settings(self) -> SeasonSettings:
        """The settings in effect (the defaults when none were saved, or the file was damaged)."""
        with self.store._lock:
            events = self._log()
            return SeasonSettings.from_json(events[-1]) if events else SeasonSettings()

    def save(self, settings: SeasonSettings) -> SeasonSettings:
        """Keep ``settings`` as the club's (a new record; nothing written when they are those in effect).

        Raises:
            RuleViolation: ``season_event_unknown`` (a chosen event the club has not).
            ReadOnlyStore: the folder is open for reading only.
        """
        with self.store._writable("could not save the season's settings"):
            if settings.events is not None:
                known = {i.id for i in self.club.list_events()}
                for event_id in settings.events:
                    if event_id not in known:
                        raise _violation("season_event_unknown", event=event_id)
            events = self._log()
            if (SeasonSettings.from_json(events[-1]) if events else SeasonSettings()) == settings:
                return settings
            record = {
                "seq": len(events),
                "time": time_text(now()),
                "kind": "settings",
                "format": SETTINGS_FORMAT,
                **settings.to_json(),
            }
            self.club.folder.mkdir(parents=True, exist_ok=True)
            write_and_confirm(self.file, _log_bytes([*events, record]))
            return settings

    def view(self, **overrides: Any) -> SeasonView:
        """The season view under the stored settings, with ``overrides`` (fields of
        :class:`SeasonSettings`, e.g. ``drop_worst=2``) for this view only.

        Raises:
            RuleViolation, ClubError: as :class:`SeasonSettings` and :func:`season_view`.
        """
        with self.store._lock:
            settings = replace(self.settings(), **overrides)
            return season_view(self.club, settings, self.club.players())

    def ratings(self) -> tuple[SeasonView, tuple[Rating, ...]]:
        """The view and its ratings. ``RuleViolation`` ``season_ratings_off`` when the club has them off."""
        view = self.view()
        if view.ratings is None:
            raise _violation("season_ratings_off")
        return view, view.ratings
