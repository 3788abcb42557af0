"""A round's tables and byes, and the checks every format's pairing passes.

A :class:`Pairing` is what "Pair round 3" produces: numbered tables, each with
its sides (units: a player, or a fixed partnership), and the units with a bye.
Before any format pairs a round, :func:`next_round` refuses when the last
round is not complete; after it, :func:`check_pairing` refuses tables that
seat a player twice, an unknown, absent or withdrawn player, or a bye in a
format without byes. The organiser's own tables (``free``) go through the
same check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .errors import PairingError
from .results import Decided, FixtureResult
from .roster import Roster, Status, Unit


class Format(Enum):
    """How an event's rounds are paired (docs/club-night.md)."""

    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"
    GROUPS = "groups"
    ROTATING_PARTNERS = "rotating-partners"
    FREE = "free"


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its number (from 1) and its sides in seat order, best-placed first."""

    number: int
    sides: tuple[Unit, ...]

    def players(self) -> tuple[str, ...]:
        """Every player at the table."""
        return tuple(p for side in self.sides for p in side)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairing: tables (numbered from 1, top of the standings first) and byes."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[Unit, ...] = ()

    def bye_results(self) -> tuple[FixtureResult, ...]:
        """The byes as results, to record with the round (the standings score them)."""
        return tuple(FixtureResult.bye(self.round, unit) for unit in self.byes)

    def units(self) -> tuple[Unit, ...]:
        """Every unit seated or given a bye this round."""
        return (*(side for table in self.tables for side in table.sides), *self.byes)


def next_round(history: Sequence[Pairing], results: Iterable[FixtureResult]) -> int:
    """The number of the round to pair after ``history`` (the rounds paired so far, in order).

    Raises:
        PairingError: ``round_order`` (history's rounds are not 1, 2, 3, ...);
            ``round_incomplete`` (a table of the last round has no result, or a bye
            is not recorded; ``params["missing"]`` lists the table numbers, 0 for a bye);
            ``result_sides_differ`` (a result for a table names other sides than it seated).
    """
    for i, pairing in enumerate(history, 1):
        if pairing.round != i:
            raise PairingError(
                "round_order",
                f"the rounds paired so far are numbered {[p.round for p in history]}; give them in order from round 1",
                rounds=[p.round for p in history],
            )
    if not history:
        return 1
    last = history[-1]
    found = {
        (r.table, r.sides if r.decided is not Decided.BYE else r.sides[0]): r for r in results if r.round == last.round
    }
    by_table = {table: result for (table, _), result in found.items() if table}
    missing: list[int] = []
    for table in last.tables:
        result = by_table.get(table.number)
        if result is None:
            missing.append(table.number)
        elif Counter(map(frozenset, result.sides)) != Counter(map(frozenset, table.sides)):
            raise PairingError(
                "result_sides_differ",
                f"the result of round {last.round} table {table.number} names "
                f"{result.sides!r}, the table seated {table.sides!r}; correct the result",
                round=last.round,
                table=table.number,
            )
    missing.extend(0 for unit in last.byes if (0, unit) not in found)
    if missing:
        raise PairingError(
            "round_incomplete",
            f"round {last.round} is not complete: no result yet for "
            f"{_tables_text(missing)}; wait for those tables (or enter a paper result), then pair "
            f"round {last.round + 1}",
            round=last.round,
            missing=missing,
        )
    return last.round + 1


def _tables_text(missing: list[int]) -> str:
    tables = [str(n) for n in missing if n]
    parts = [f"table(s) {', '.join(tables)}"] if tables else []
    if 0 in missing:
        parts.append("a bye (record Pairing.bye_results())")
    return " and ".join(parts)


def check_pairing(roster: Roster, pairing: Pairing, *, byes_allowed: bool) -> None:
    """Refuse a pairing that breaks a rule every format keeps.

    Raises:
        PairingError: ``table_numbers`` (tables not numbered 1, 2, 3, ...); ``table_sides``
            (a table of fewer than two sides, or an empty side); ``unknown_player``;
            ``withdrawn_player``; ``absent_player`` (not checked in); ``not_a_partnership``
            (a side that is not a fixed pair, in an event of pairs); ``player_twice`` (a
            player at two tables, twice at one, or seated and given a bye); ``no_byes``
            (a bye in a format that has none).
    """
    if [t.number for t in pairing.tables] != list(range(1, len(pairing.tables) + 1)):
        raise PairingError(
            "table_numbers", "number the tables 1, 2, 3, ... in order", tables=[t.number for t in pairing.tables]
        )
    if pairing.byes and not byes_allowed:
        raise PairingError(
            "no_byes",
            f"this format has no byes ({', '.join(map(_unit_text, pairing.byes))}); seat "
            "everyone present at a table, or check out who sits this round out",
            byes=pairing.byes,
        )
    known = set(roster.ids())
    teams = {frozenset(team) for team in roster.partnerships}
    seen: dict[str, str] = {}
    for table in pairing.tables:
        if len(table.sides) < 2 or not all(table.sides):
            raise PairingError(
                "table_sides",
                f"table {table.number} needs two or more sides of one or more players",
                table=table.number,
            )
    places = [(f"table {t.number}", side) for t in pairing.tables for side in t.sides]
    places += [("a bye", unit) for unit in pairing.byes]
    for place, side in places:
        if teams and frozenset(side) not in teams:
            raise PairingError(
                "not_a_partnership",
                f"{_unit_text(side)} at {place} is not one of the event's fixed partnerships; seat each pair together",
                side=side,
            )
        for pid in side:
            if pid not in known:
                raise PairingError(
                    "unknown_player", f"{pid!r} at {place} is not entered; enter the player first", player=pid
                )
            status = roster.status(pid)
            if status is Status.WITHDRAWN:
                raise PairingError(
                    "withdrawn_player",
                    f"{pid!r} at {place} has withdrawn; pair only players still in the event",
                    player=pid,
                )
            if status is Status.ABSENT:
                raise PairingError(
                    "absent_player",
                    f"{pid!r} at {place} has not checked in; check them in first, or leave them out of this round",
                    player=pid,
                )
            if pid in seen:
                raise PairingError(
                    "player_twice",
                    f"{pid!r} is at {seen[pid]} and at {place}; seat each player once a round",
                    player=pid,
                    places=(seen[pid], place),
                )
            seen[pid] = place


def _unit_text(unit: Unit) -> str:
    return " & ".join(unit)


def met_counts(history: Sequence[Pairing]) -> Counter[frozenset[Unit]]:
    """How often each two units sat at one table on opposing sides in ``history``."""
    met: Counter[frozenset[Unit]] = Counter()
    for pairing in history:
        for table in pairing.tables:
            for i, a in enumerate(table.sides):
                for b in table.sides[i + 1 :]:
                    met[frozenset((a, b))] += 1
    return met


def bye_counts(history: Sequence[Pairing]) -> Counter[Unit]:
    """How many byes each unit had in ``history``."""
    return Counter(unit for pairing in history for unit in pairing.byes)


def fair_byes(ranked: Sequence[Unit], count: int, had: Counter[Unit]) -> list[Unit]:
    """The ``count`` units to sit out: fewest byes had first, then the lowest-ranked (``ranked`` is best first)."""
    position = {unit: i for i, unit in enumerate(ranked)}
    return sorted(ranked, key=lambda u: (had[u], -position[u]))[:count]
