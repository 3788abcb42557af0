"""A small club event made through the real :class:`ClubStore`, its matches played by ``tests/simulator.py``
through the store (for the projector's and *My evening*'s tests and screenshots, until the host's Event
screens make one)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from scorekeeper.club import ClubRules, Criterion, Format
from scorekeeper.store.club import ClubStore, EventSetup
from tests.simulator import Config, SimulatedMatch, simulate

SETUP = EventSetup(
    "Tuesday club night",
    date(2026, 12, 1),
    "horse-race",
    {},
    Format.SWISS,
    ClubRules(tie_breaks=(Criterion.POINTS_DIFFERENCE, Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)),
)
NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")


def won_by(seat: int, first_seed: int = 0) -> SimulatedMatch:
    """A simulated 2-player Horse Race whose seat ``seat`` finishes strictly ahead (the first such seed)."""
    for seed in range(first_seed, first_seed + 300):
        sim = simulate(Config("horse-race", 2), seed)
        if sim.match.points[seat] > sim.match.points[1 - seat]:
            return sim
    raise AssertionError("no seed found")


def play(store: object, match_id: str, winner_seat: int, moves: int | None = None, seed: int = 0) -> SimulatedMatch:
    """Record a simulated match into ``match_id`` through ``store`` (its first ``moves`` actions only, when
    given: the match goes on)."""
    sim = won_by(winner_seat, seed)
    for action in sim.actions[:moves]:
        store.record(match_id, action)  # type: ignore[attr-defined]
    return sim


@dataclass
class Night:
    """The event: ``event`` id, ``ids`` by name, the round 1 tables' match ids ``(a-b, c-d)``."""

    event: str
    ids: dict[str, str]
    table1: str
    table2: str
    moves: int


def round_one(club: ClubStore, partial_moves: int = 6) -> Night:
    """Five players (Ann, Bo, Cy, Dee, Eve; Swiss; points difference, head-to-head, Buchholz); round 1
    paired (Ann–Bo, Cy–Dee, Eve a bye); table 1 played to its end (Ann wins), table 2 ``partial_moves``
    actions in (still playing)."""
    ids = {name: club.add_player(name).id for name in NAMES}
    event = club.create_event(SETUP, [ids[n] for n in NAMES])
    record = club.pair(event, 1)
    (m1,), (m2,) = (t.matches for t in record.tables)
    play(club.store, m1, 0)
    play(club.store, m2, 1, partial_moves, seed=5)
    return Night(event, ids, m1, m2, partial_moves)


def finish_table_two(club: ClubStore, night: Night) -> None:
    """Play table 2's match to its end (Dee wins)."""
    for action in won_by(1, 5).actions[night.moves :]:
        club.store.record(night.table2, action)


SHOWCASE = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def showcase(club: ClubStore) -> Night:
    """The screenshots' evening: nine players (Swiss), round 1 played (four tables, Ivy a bye), round 2
    paired: table 1 finished, table 2 on paper, tables 3 and 4 still playing; Ivy's bye in round 1."""
    ids = {name: club.add_player(name).id for name in SHOWCASE}
    event = club.create_event(SETUP, [ids[n] for n in SHOWCASE])
    record = club.pair(event, 1)
    for i, table in enumerate(record.tables):
        play(club.store, table.matches[0], i % 2, seed=3 * i)
    record = club.pair(event, 2)
    tables = record.tables
    play(club.store, tables[0].matches[0], 0, seed=11)
    club.paper(event, 2, tables[1].number, [[61, 47]])
    play(club.store, tables[2].matches[0], 1, 40, seed=21)
    play(club.store, tables[3].matches[0], 0, 25, seed=31)
    return Night(event, ids, tables[2].matches[0], tables[3].matches[0], 40)
