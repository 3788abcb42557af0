"""The season view: several events' standings added up on the club's points scheme.

A season is a sequence of :class:`SeasonEvent` (each an event's roster, rules
and fixture results) and the season's :class:`SeasonRules`: the points scheme
every event is scored on (an event's own scheme is not used, so a season of
nights with different schemes still adds like with like), the tie-breaks in
the club's order, and how many of each unit's worst results are dropped.

**A result** is one event's points for one unit that took part in it (played
at a table or had a bye there): the points of its row in that event's
standings, recomputed on the season's scheme with the event's own fixture
length. An event a unit did not take part in is no result (not a zero), so it
is never the one dropped. A unit is a player in singles events and a fixed
partnership in events of pairs (the event's standings' unit): the same two
players as a pair and each alone are separate lines of the season.

Each unit's results are sorted worst first — fewest points, then the earlier
event (date, then event id) — and the first ``drop_worst`` of them are dropped
(all of them when it has that many or fewer: a season total of 0). The
counted results give the season's points and every tie-break:

- games won, points difference, Buchholz, Sonneborn–Berger: Σ of the unit's
  values in its counted events (each event's own value, as its standings row
  shows it);
- head-to-head: among the units still level, the win/draw/loss points of the
  meetings between them in the fixtures of events counted for *both* sides
  (a meeting in an event dropped by either does not count).

Units level on everything share a place and are listed by unit (ids sorted).
The view is a pure function of the events and the season rules: the order the
events or their results arrive in does not matter.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import SetupError
from .results import Decided, FixtureResult
from .roster import Roster, Unit
from .scheme import ClubRules, Criterion, PointsScheme
from .standings import Row, level_vectors, standings

Value = int | Fraction

#: at most this many events in one season view (an input bound: a club night a week for 20 years)
MAX_EVENTS = 1000
#: an event id's length at most
MAX_ID = 100


@dataclass(frozen=True, slots=True)
class SeasonEvent:
    """One event of the season.

    Attributes:
        event_id: the event's id (unique within the season).
        date: the event's date as an ISO ``YYYY-MM-DD`` string (orders the events).
        roster: the event's roster.
        rules: the event's club rules (its fixture length is used; its scheme and
            tie-breaks are replaced by the season's).
        results: the event's fixture results.

    Raises:
        SetupError: ``event_id`` (empty, or longer than :data:`MAX_ID`), ``event_date``
            (not ``YYYY-MM-DD``).
    """

    event_id: str
    date: str
    roster: Roster
    rules: ClubRules
    results: tuple[FixtureResult, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.event_id) <= MAX_ID:
            raise SetupError(
                "event_id",
                f"an event id has 1 to {MAX_ID} characters; this one has {len(self.event_id)}",
                length=len(self.event_id),
                limit=MAX_ID,
            )
        year, month, day = (self.date[:4], self.date[5:7], self.date[8:]) if len(self.date) == 10 else ("", "", "")
        shaped = self.date[4:5] == "-" == self.date[7:8] and all(
            p.isascii() and p.isdigit() for p in (year, month, day)
        )
        if not shaped or not (1 <= int(month) <= 12 and 1 <= int(day) <= 31):
            raise SetupError(
                "event_date",
                f"event {self.event_id!r} has the date {self.date[:20]!r}; write it as YYYY-MM-DD",
                event=self.event_id,
            )


@dataclass(frozen=True, slots=True)
class SeasonRules:
    """How the season is added up.

    Attributes:
        scheme: the points scheme every event is scored on.
        tie_breaks: the tie-breaks after points, in the club's order.
        drop_worst: how many of each unit's worst results are dropped (0 or more).
        ratings: whether the club shows ratings (:mod:`scorekeeper.club.ratings`).

    Raises:
        SetupError: ``drop_worst`` for a count below 0 or above :data:`MAX_EVENTS`; ``tie_break`` as
            :class:`~scorekeeper.club.scheme.ClubRules` raises it.
    """

    scheme: PointsScheme = field(default_factory=PointsScheme)
    tie_breaks: tuple[Criterion, ...] = (Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)
    drop_worst: int = 0
    ratings: bool = False

    def __post_init__(self) -> None:
        ClubRules(scheme=self.scheme, tie_breaks=self.tie_breaks)  # the same checks of the tie-breaks
        if not 0 <= self.drop_worst <= MAX_EVENTS:
            raise SetupError(
                "drop_worst",
                f"dropping {self.drop_worst} results is not possible; drop 0 to {MAX_EVENTS}",
                value=self.drop_worst,
            )


@dataclass(frozen=True, slots=True)
class EventResult:
    """One unit's result in one event: its points there, and whether the season counts it."""

    event_id: str
    date: str
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """One unit's line in the season view (points on the season's scheme).

    Attributes:
        place: 1-based; units level on every criterion share it.
        unit: the player ``("p1",)`` or partnership ``("p1", "p2")``.
        events: the unit's results, in event order (date, id), each marked counted or dropped.
        points: Σ of the counted results' points.
        games_won / points_difference / buchholz / sonneborn_berger: Σ over the counted events.
        head_to_head: as in :class:`~scorekeeper.club.standings.Row`, over the counted events.
        placed_by: the criterion that settled the place against the neighbours, ``None`` if shared.
        shared: level on everything with a neighbour.
    """

    place: int
    unit: Unit
    events: tuple[EventResult, ...]
    points: int
    games_won: int
    points_difference: int
    buchholz: int
    sonneborn_berger: Fraction
    head_to_head: int | None
    placed_by: Criterion | None
    shared: bool


def season(events: Iterable[SeasonEvent], rules: SeasonRules) -> tuple[SeasonRow, ...]:
    """The season view of ``events`` under ``rules``, best first (see the module doc).

    Raises:
        SetupError: ``season_size`` (more than :data:`MAX_EVENTS` events), ``event_twice``
            (two events with one id).
        ResultError: whatever :func:`~scorekeeper.club.standings.standings` refuses in an event.
    """
    ordered = sorted(events, key=lambda e: (e.date, e.event_id))
    if len(ordered) > MAX_EVENTS:
        raise SetupError(
            "season_size",
            f"a season view takes at most {MAX_EVENTS} events; split the {len(ordered)} into seasons",
            events=len(ordered),
            limit=MAX_EVENTS,
        )
    ids = [e.event_id for e in ordered]
    for event_id in ids:
        if ids.count(event_id) > 1:
            raise SetupError("event_twice", f"event {event_id!r} is in the season twice; keep it once", event=event_id)

    per_unit: dict[Unit, list[tuple[SeasonEvent, Row]]] = defaultdict(list)
    results_of: dict[str, list[FixtureResult]] = {}
    for event in ordered:
        event_rules = ClubRules(scheme=rules.scheme, length=event.rules.length, tie_breaks=())
        event_rows = standings(event.roster, event_rules, event.results)  # checks every result
        results_of[event.event_id] = sorted(event.results, key=lambda r: (r.round, r.table, r.sides))
        for row in event_rows:
            if row.played or row.byes:
                per_unit[row.unit].append((event, row))

    counted: dict[Unit, set[str]] = {}
    lines: dict[Unit, tuple[EventResult, ...]] = {}
    for unit, taken in per_unit.items():
        worst_first = sorted(taken, key=lambda er: (er[1].points, er[0].date, er[0].event_id))
        dropped = {e.event_id for e, _ in worst_first[: rules.drop_worst]}
        counted[unit] = {e.event_id for e, _ in taken} - dropped
        lines[unit] = tuple(EventResult(e.event_id, e.date, r.points, e.event_id not in dropped) for e, r in taken)

    units = sorted(per_unit)
    values: dict[Criterion, dict[Unit, Value]] = {c: {} for c in Criterion if c is not Criterion.HEAD_TO_HEAD}
    for unit in units:
        rows = [r for e, r in per_unit[unit] if e.event_id in counted[unit]]
        values[Criterion.POINTS][unit] = sum(r.points for r in rows)
        values[Criterion.GAMES_WON][unit] = sum(r.games_won for r in rows)
        values[Criterion.POINTS_DIFFERENCE][unit] = sum(r.points_difference for r in rows)
        values[Criterion.BUCHHOLZ][unit] = sum(r.buchholz for r in rows)
        values[Criterion.SONNEBORN_BERGER][unit] = sum((r.sonneborn_berger for r in rows), Fraction(0))

    meetings = _meetings(ordered, results_of, counted)
    criteria = (Criterion.POINTS, *rules.tie_breaks)
    ranked, vectors = level_vectors(units, criteria, values, lambda group: _head_to_head(group, meetings, rules.scheme))
    h2h = criteria.index(Criterion.HEAD_TO_HEAD) if Criterion.HEAD_TO_HEAD in criteria else None

    def separating(a: Unit, b: Unit) -> int | None:
        for i, (x, y) in enumerate(zip(vectors[a], vectors[b], strict=True)):
            if x != y:
                return i
        return None

    out: list[SeasonRow] = []
    place = 1
    for i, unit in enumerate(ranked):
        above = separating(ranked[i - 1], unit) if i else -1
        below = separating(unit, ranked[i + 1]) if i + 1 < len(ranked) else -1
        if i and above is not None:
            place = i + 1
        deepest = None if above is None or below is None else max(above, below, 0)
        head = vectors[unit][h2h] if h2h is not None else None
        out.append(
            SeasonRow(
                place=place,
                unit=unit,
                events=lines[unit],
                points=int(values[Criterion.POINTS][unit]),
                games_won=int(values[Criterion.GAMES_WON][unit]),
                points_difference=int(values[Criterion.POINTS_DIFFERENCE][unit]),
                buchholz=int(values[Criterion.BUCHHOLZ][unit]),
                sonneborn_berger=Fraction(values[Criterion.SONNEBORN_BERGER][unit]),
                head_to_head=None if head is None else int(head),
                placed_by=None if deepest is None else criteria[deepest],
                shared=above is None or below is None,
            )
        )
    return tuple(out)


def _units_of(roster: Roster) -> dict[str, Unit]:
    if roster.partnerships:
        return {pid: team for team in roster.units() for pid in team}
    return {pid: (pid,) for pid in roster.ids()}


def _meetings(
    events: Sequence[SeasonEvent], results_of: dict[str, list[FixtureResult]], counted: dict[Unit, set[str]]
) -> dict[tuple[Unit, Unit], list[Fraction]]:
    """For each ordered pair of opposing units, their shares (1, ½, 0) of every meeting in an event
    counted for both."""
    shares: dict[tuple[Unit, Unit], list[Fraction]] = defaultdict(list)
    for event in events:
        unit_of = _units_of(event.roster)
        for result in results_of[event.event_id]:
            if result.decided is Decided.BYE:
                continue
            won = result.games_won()
            sides = [list(dict.fromkeys(unit_of[p] for p in side)) for side in result.sides]
            for s, mine in enumerate(sides):
                for o, theirs in enumerate(sides):
                    if o == s:
                        continue
                    share = Fraction(1) if won[s] > won[o] else Fraction(1, 2) if won[s] == won[o] else Fraction(0)
                    for a in mine:
                        for b in theirs:
                            if event.event_id in counted.get(a, set()) and event.event_id in counted.get(b, set()):
                                shares[(a, b)].append(share)
    return shares


def _head_to_head(
    group: list[Unit], meetings: dict[tuple[Unit, Unit], list[Fraction]], scheme: PointsScheme
) -> dict[Unit, Value | None]:
    points = {Fraction(1): scheme.win, Fraction(1, 2): scheme.draw, Fraction(0): scheme.loss}
    return {a: sum(points[s] for b in group if b != a for s in meetings.get((a, b), ())) for a in group}
