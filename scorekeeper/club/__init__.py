"""The club night's engine: players, pairings and standings, as plain Python (issue 23).

No Flet, no store, no I/O: an event is its roster, its rules, the rounds paired
and the fixture results; pairing a round and computing the standings are pure
functions of those (docs/club-night.md). Later sessions keep these as the
event's stored kinds and build the screens and the CLI on top.
"""

from .errors import ClubError, PairingError, ResultError, SetupError
from .groups import split_tables
from .pairings import pair_round
from .ratings import Rating, ratings
from .results import Decided, FixtureResult, check_result
from .roster import Entry, Player, Roster, Status, Unit
from .round_robin import berger_round
from .rounds import Format, Pairing, Table, check_pairing, next_round
from .scheme import TIE_BREAKS, ClubRules, Criterion, FixtureLength, LengthKind, LoserBonus, PointsScheme
from .season import EventResult, SeasonEvent, SeasonRow, SeasonRules, season
from .standings import Row, standings

__all__ = [
    "TIE_BREAKS",
    "ClubError",
    "ClubRules",
    "Criterion",
    "Decided",
    "Entry",
    "EventResult",
    "FixtureLength",
    "FixtureResult",
    "Format",
    "LengthKind",
    "LoserBonus",
    "Pairing",
    "PairingError",
    "Player",
    "PointsScheme",
    "Rating",
    "ResultError",
    "Roster",
    "Row",
    "SeasonEvent",
    "SeasonRow",
    "SeasonRules",
    "SetupError",
    "Status",
    "Table",
    "Unit",
    "berger_round",
    "check_pairing",
    "check_result",
    "next_round",
    "pair_round",
    "ratings",
    "season",
    "split_tables",
    "standings",
]
