"""The standings: a pure function of the roster, the club's rules and the results.

Every unit of the roster (a player, or a fixed partnership) gets a row: its
fixtures played, won, drawn and lost, byes, points on the club's scheme, games
won and lost, points for, against and the difference, Buchholz and
Sonneborn–Berger, and head-to-head where it was needed. The rows are ordered
by points, then the club's tie-breaks in its order; units level on all of them
share a place and are listed by seed, then id. Each row says which criterion
placed it (explanations as data: the screens say "ahead on head-to-head").

In an event of singles with sides of two (rotating partners) each player takes
the side's result; partners are not opponents. The order the results arrive in
does not matter (they are read sorted by round, table and sides).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import ResultError
from .results import Decided, FixtureResult, check_result
from .roster import Roster, Unit
from .scheme import ClubRules, Criterion

Value = int | Fraction


@dataclass(frozen=True, slots=True)
class Row:
    """One unit's line in the standings (points in the club's scheme, scores in display points).

    Attributes:
        place: 1-based; units level on every criterion share it.
        unit: the player ``("p1",)`` or partnership ``("p1", "p2")``.
        played / won / drawn / lost: fixtures at a table (byes not counted).
        byes: rounds with a bye.
        points: the scheme's points, byes included.
        games_won / games_lost: games of all fixtures (a drawn game is neither).
        points_for / points_against: the unit's game scores, and its opponents' (every
            opponent side at the table); ``points_difference`` is Σ over opponents of
            (own score − theirs), which is for − against at tables of two sides.
        buchholz: Σ of the points of every opponent met (once per meeting).
        sonneborn_berger: Σ of the points of opponents beaten, + ½ of those drawn with.
        head_to_head: points (win/draw/loss only) in fixtures among the units it was
            level with when that tie-break was applied; ``None`` where not needed.
        placed_by: the criterion that settled this row's place against its neighbours
            (the deeper of the one above and the one below); ``None`` if it is level
            on everything with a neighbour.
        shared: level on everything with a neighbour (a shared place).
    """

    place: int
    unit: Unit
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    points: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    points_difference: int = 0
    buchholz: int = 0
    sonneborn_berger: Fraction = Fraction(0)
    head_to_head: int | None = None
    placed_by: Criterion | None = None
    shared: bool = False


@dataclass(slots=True)
class _Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    points: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    points_difference: int = 0
    # (opponent, my share of the meeting: 1, ½ or 0) for each opponent at each fixture
    meetings: list[tuple[Unit, Fraction]] = field(default_factory=list)


def checked_results(roster: Roster, rules: ClubRules, results: Iterable[FixtureResult]) -> list[FixtureResult]:
    """The results sorted (round, table, sides), each checked against the roster and the fixture length.

    Raises:
        ResultError: those of :func:`~scorekeeper.club.results.check_result`;
            ``unknown_player`` (a player not entered); ``not_a_partnership`` (a side
            that is not one of the roster's partnerships, in an event of pairs);
            ``table_twice`` (two results for one round's table); ``player_twice_in_round``
            (a player in two fixtures, or a fixture and a bye, of one round).
    """
    ordered = sorted(results, key=lambda r: (r.round, r.table, r.sides))
    known = set(roster.ids())
    teams = {frozenset(team) for team in roster.partnerships}
    tables: set[tuple[int, int]] = set()
    seated: set[tuple[int, str]] = set()
    for result in ordered:
        check_result(result, rules.length)
        where = {"round": result.round, "table": result.table}
        if result.table and (result.round, result.table) in tables:
            raise ResultError(
                "table_twice",
                f"round {result.round} table {result.table} has two results; keep the one the table played",
                **where,
            )
        tables.add((result.round, result.table))
        for side in result.sides:
            if teams and frozenset(side) not in teams:
                raise ResultError(
                    "not_a_partnership",
                    f"side {side!r} of round {result.round} is not one of the event's partnerships; name a fixed pair",
                    side=side,
                    **where,
                )
            for pid in side:
                if pid not in known:
                    raise ResultError(
                        "unknown_player",
                        f"round {result.round} names {pid!r}, who is not entered; enter the player or correct the id",
                        player=pid,
                        **where,
                    )
                if (result.round, pid) in seated:
                    raise ResultError(
                        "player_twice_in_round",
                        f"{pid!r} has two results in round {result.round}; a player plays once a round",
                        player=pid,
                        **where,
                    )
                seated.add((result.round, pid))
    return ordered


def standings(roster: Roster, rules: ClubRules, results: Iterable[FixtureResult]) -> tuple[Row, ...]:
    """The standings of ``roster`` under ``rules`` after ``results``, best first (see the module doc).

    Raises:
        ResultError: whatever :func:`checked_results` refuses.
    """
    ordered = checked_results(roster, rules, results)
    units = roster.units()
    unit_of = _unit_lookup(roster)
    tally = {unit: _Tally() for unit in units}
    for result in ordered:
        _score(result, rules, tally, unit_of)
    values = _values(units, tally)
    vectors = _order_vectors(units, tally, values, rules)
    seeds = {unit: roster.unit_seed(unit) for unit in units}
    ranked = sorted(units, key=lambda u: (_descending(vectors[u]), seeds[u], u))
    return _rows(ranked, tally, values, vectors, rules)


def _unit_lookup(roster: Roster) -> dict[str, Unit]:
    """Each player's ranked unit: their partnership in an event of pairs, or themselves."""
    if roster.partnerships:
        return {pid: team for team in roster.units() for pid in team}
    return {pid: (pid,) for pid in roster.ids()}


def _side_units(side: Unit, unit_of: dict[str, Unit]) -> list[Unit]:
    """The ranked units of one side: its partnership, or each of its players."""
    return list(dict.fromkeys(unit_of[pid] for pid in side))


def _score(result: FixtureResult, rules: ClubRules, tally: dict[Unit, _Tally], unit_of: dict[str, Unit]) -> None:
    scheme = rules.scheme
    if result.decided is Decided.BYE:
        for unit in _side_units(result.sides[0], unit_of):
            tally[unit].byes += 1
            tally[unit].points += scheme.bye
        return
    won = result.games_won()
    sides = [_side_units(side, unit_of) for side in result.sides]
    for s, side_units in enumerate(sides):
        others = [won[o] for o in range(len(sides)) if o != s]
        best_other = max(others)
        own_for = sum(scores[s] for scores in result.games)
        against = sum(sum(scores) - scores[s] for scores in result.games)
        difference = sum((len(scores) - 1) * scores[s] - (sum(scores) - scores[s]) for scores in result.games)
        for unit in side_units:
            t = tally[unit]
            t.played += 1
            t.games_won += won[s]
            t.games_lost += sum(won) - won[s]
            t.points_for += own_for
            t.points_against += against
            t.points_difference += difference
            if won[s] > best_other:
                t.won += 1
                t.points += scheme.win
            elif won[s] == best_other:
                t.drawn += 1
                t.points += scheme.draw
            else:
                t.lost += 1
                t.points += scheme.loss
                bonus = scheme.loser_bonus
                if bonus and len(result.games) > 1 and max(won) - won[s] <= bonus.within:
                    t.points += bonus.points
            if scheme.per_game:
                t.points += won[s]
            for o, opponents in enumerate(sides):
                if o == s:
                    continue
                share = Fraction(1) if won[s] > won[o] else Fraction(1, 2) if won[s] == won[o] else Fraction(0)
                t.meetings.extend((opponent, share) for opponent in opponents)


def _values(units: tuple[Unit, ...], tally: dict[Unit, _Tally]) -> dict[Criterion, dict[Unit, Value]]:
    """Every criterion but head-to-head (which depends on the tie), per unit."""
    return {
        Criterion.POINTS: {u: tally[u].points for u in units},
        Criterion.GAMES_WON: {u: tally[u].games_won for u in units},
        Criterion.POINTS_DIFFERENCE: {u: tally[u].points_difference for u in units},
        Criterion.BUCHHOLZ: {u: sum(tally[o].points for o, _ in tally[u].meetings) for u in units},
        Criterion.SONNEBORN_BERGER: {
            u: sum((share * tally[o].points for o, share in tally[u].meetings), Fraction(0)) for u in units
        },
    }


def _head_to_head(group: list[Unit], tally: dict[Unit, _Tally], rules: ClubRules) -> dict[Unit, Value]:
    """Win/draw/loss points in the meetings among ``group`` only."""
    members = set(group)
    scheme = rules.scheme
    points = {1: scheme.win, Fraction(1, 2): scheme.draw, 0: scheme.loss}
    return {u: sum(points[share] for o, share in tally[u].meetings if o in members) for u in group}


def _order_vectors(
    units: tuple[Unit, ...], tally: dict[Unit, _Tally], values: dict[Criterion, dict[Unit, Value]], rules: ClubRules
) -> dict[Unit, list[Value | None]]:
    """Each unit's values along points and the tie-breaks (:func:`level_vectors`)."""
    criteria = (Criterion.POINTS, *rules.tie_breaks)
    _, vectors = level_vectors(list(units), criteria, values, lambda group: _head_to_head(group, tally, rules))
    return vectors


def level_vectors(
    units: list[Unit],
    criteria: tuple[Criterion, ...],
    values: Mapping[Criterion, Mapping[Unit, Value]],
    head_to_head: Callable[[list[Unit]], Mapping[Unit, Value | None]],
) -> tuple[list[Unit], dict[Unit, list[Value | None]]]:
    """Rank ``units`` along ``criteria`` (points first, then the club's tie-breaks): each criterion is
    taken only within the group still level before it, so head-to-head counts meetings among that group
    only (``head_to_head(group)``; ``None`` for a unit no longer level with anyone). Returns the units
    best first (level ones in the given order) and each unit's values, one per criterion. Shared by an
    event's standings and the season view."""
    vectors: dict[Unit, list[Value | None]] = {u: [] for u in units}
    groups: list[list[Unit]] = [list(units)]
    for criterion in criteria:
        split: list[list[Unit]] = []
        for group in groups:
            level: Mapping[Unit, Value | None]
            if criterion is Criterion.HEAD_TO_HEAD:
                level = head_to_head(group) if len(group) > 1 else {group[0]: None}
            else:
                level = {u: values[criterion][u] for u in group}
            by_value: dict[Value | None, list[Unit]] = defaultdict(list)
            for u in group:
                vectors[u].append(level[u])
                by_value[level[u]].append(u)
            split.extend(by_value[v] for v in sorted(by_value, key=lambda v: -1 if v is None else v, reverse=True))
        groups = split
    return [u for group in groups for u in group], vectors


def _descending(vector: list[Value | None]) -> tuple[Value, ...]:
    return tuple(-(v or 0) for v in vector)


def _rows(
    ranked: list[Unit],
    tally: dict[Unit, _Tally],
    values: dict[Criterion, dict[Unit, Value]],
    vectors: dict[Unit, list[Value | None]],
    rules: ClubRules,
) -> tuple[Row, ...]:
    criteria = (Criterion.POINTS, *rules.tie_breaks)
    h2h = criteria.index(Criterion.HEAD_TO_HEAD) if Criterion.HEAD_TO_HEAD in criteria else None

    def separating(a: Unit, b: Unit) -> int | None:
        """Index of the first criterion on which ``a`` and ``b`` differ; ``None`` if level on all."""
        for i, (x, y) in enumerate(zip(vectors[a], vectors[b], strict=True)):
            if x != y:
                return i
        return None

    rows = []
    place = 1
    for i, unit in enumerate(ranked):
        # against each neighbour: the first criterion that differs (None: level on all); a missing
        # neighbour (first or last row) settles nothing (-1)
        above = separating(ranked[i - 1], unit) if i else -1
        below = separating(unit, ranked[i + 1]) if i + 1 < len(ranked) else -1
        if i and above is not None:
            place = i + 1
        shared = above is None or below is None
        deepest = None if above is None or below is None else max(above, below, 0)
        t = tally[unit]
        head = vectors[unit][h2h] if h2h is not None else None
        rows.append(
            Row(
                place=place,
                unit=unit,
                played=t.played,
                won=t.won,
                drawn=t.drawn,
                lost=t.lost,
                byes=t.byes,
                points=t.points,
                games_won=t.games_won,
                games_lost=t.games_lost,
                points_for=t.points_for,
                points_against=t.points_against,
                points_difference=t.points_difference,
                buchholz=int(values[Criterion.BUCHHOLZ][unit]),
                sonneborn_berger=Fraction(values[Criterion.SONNEBORN_BERGER][unit]),
                head_to_head=None if head is None else int(head),
                placed_by=None if deepest is None else criteria[deepest],
                shared=shared,
            )
        )
    return tuple(rows)
