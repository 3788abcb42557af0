"""What the history shows of a match (:class:`MatchSummary`) and per-player statistics.

A summary is derived from a match's log by the engine's fold; the index
stores it as a JSON entry (:meth:`MatchSummary.to_entry`) so the history
opens without reading every match file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from operator import itemgetter
from typing import Any

from ..rules import Match
from ..rules.house import OPTION_BY_NAME
from ..rules.variants import GAMES, side_of_seats
from .events import MAX_YEAR, MIN_YEAR, SOURCES, Event, LogState, parse_time, time_text
from .paths import is_match_id

IN_PROGRESS, FINISHED, ABANDONED, DAMAGED = "in-progress", "finished", "abandoned", "damaged"


_STATUSES = (IN_PROGRESS, FINISHED, ABANDONED, DAMAGED)
_KEYS = frozenset(
    ("id", "variant", "players", "partnerships", "started", "ended", "status", "scores", "winners", "rounds", "events")
)
_OPTIONAL = frozenset(("file_size", "source", "problem", "house_rules"))


class MatchSummary:
    """One match in the history (read-only).

    Attributes (properties):
        id: the match id (``YYYYMMDD-HHMMSS-xxxxxx``).
        variant: a game of :data:`~scorekeeper.rules.variants.GAMES` (``"horse-race"``, ``"exact-61"``,
            ``"all-fives"``, ``"merry-go-round"``; ``""`` if damaged and unknown).
        house_rules: the house rules in effect (the house options', ``{"continuation": "stop"}``; ``{}`` for
            the game's own rules): a history keeps such a match apart from the game's own.
        players: names in seat order (a tuple), as renamed (a ``rename`` event fixes a name for the
            whole match).
        partnerships: seats 0+2 against 1+3.
        sides: one name per side (``"Ann & Cy"`` for a partnership).
        started / ended: aware UTC datetimes; ``ended`` is ``None`` unless finished
            or abandoned (then the time of the abandon).
        status: ``"in-progress"``, ``"finished"``, ``"abandoned"`` (given up:
            kept, not offered to resume, no winners) or ``"damaged"`` (the match
            file could not be read; ``problem`` says why and where it went).
        scores: display points per side (raw / 5), in side order (a tuple).
        winners: side indices that won (several share a Horse Race win, H10).
        rounds: rounds started so far.
        events: events in the log (the next seq).
        source: ``"app"`` (recorded here) or ``"import"``.
        problem: for a damaged match, the user-readable message; else ``None``.
        file_size: the match file's size in bytes when this summary was made
            (the log only grows, so a different size means the summary is stale).

    It wraps its index entry (a JSON object) and decodes fields when read, so
    loading a history of 10,000 matches costs no per-field parsing.
    """

    __slots__ = ("_e",)

    def __init__(self, entry: dict[str, Any]) -> None:
        self._e = entry

    @property
    def id(self) -> str:
        return str(self._e["id"])

    @property
    def variant(self) -> str:
        return str(self._e["variant"])

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._e["players"])

    @property
    def house_rules(self) -> dict[str, str | int]:
        return dict(self._e.get("house_rules") or {})

    @property
    def partnerships(self) -> bool:
        return bool(self._e["partnerships"])

    @property
    def status(self) -> str:
        return str(self._e["status"])

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._e["scores"])

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self._e["winners"])

    @property
    def rounds(self) -> int:
        return int(self._e["rounds"])

    @property
    def events(self) -> int:
        return int(self._e["events"])

    @property
    def source(self) -> str:
        return str(self._e.get("source", "app"))

    @property
    def problem(self) -> str | None:
        problem = self._e.get("problem")
        return problem if isinstance(problem, str) else None

    @property
    def file_size(self) -> int | None:
        size = self._e.get("file_size")
        return size if isinstance(size, int) else None

    @property
    def started(self) -> datetime:
        return datetime.fromisoformat(self._e["started"])

    @property
    def ended(self) -> datetime | None:
        ended = self._e.get("ended")
        return datetime.fromisoformat(ended) if ended else None

    @property
    def sides(self) -> tuple[str, ...]:
        players = self._e["players"]
        side_of = side_of_seats(len(players), self._e["partnerships"])
        return tuple(
            " & ".join(p for p, side in zip(players, side_of, strict=True) if side == s)
            for s in range(max(side_of, default=-1) + 1)
        )

    @property
    def finished(self) -> bool:
        return bool(self._e["status"] == FINISHED)

    @property
    def sort_key(self) -> str:
        """Chronological order: the start time as stored (fixed width) followed by the id."""
        return str(self._e["started"]) + str(self._e["id"])

    def to_entry(self) -> dict[str, Any]:
        """The index entry (JSON-ready; a copy)."""
        return dict(self._e)

    def to_json(self) -> dict[str, Any]:
        """The summary for ``history --json``."""
        return {
            "id": self.id,
            "variant": self.variant,
            "players": list(self.players),
            "partnerships": self.partnerships,
            "sides": list(self.sides),
            "started": self._e["started"],
            "ended": self._e.get("ended"),
            "status": self.status,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "rounds": self.rounds,
            "events": self.events,
            "source": self.source,
            "problem": self.problem,
            "house_rules": self.house_rules,
        }

    @classmethod
    def from_entry(cls, entry: object) -> MatchSummary:
        """Check an index entry read from disk, every value of it, and wrap it.

        Raises ``ValueError`` if anything is out of place (a wrong key, type,
        count, seat, side or time): the caller drops the entry and rebuilds it
        from the match file. Runs for every match each time the history opens
        (about 3 µs an entry: 30 ms for 10,000).
        """
        if not (type(entry) is dict and _entry_ok(entry)):
            raise ValueError("malformed index entry")
        return cls(entry)

    @classmethod
    def make(
        cls,
        match_id: str,
        variant: str,
        players: Sequence[str],
        partnerships: bool,
        started: datetime,
        ended: datetime | None,
        status: str,
        scores: Sequence[int],
        winners: Sequence[int],
        rounds: int,
        events: int,
        source: str = "app",
        problem: str | None = None,
        file_size: int | None = None,
        house_rules: Mapping[str, str | int] | None = None,
    ) -> MatchSummary:
        """A summary from its values (times are stored as :func:`time_text` strings)."""
        entry: dict[str, Any] = {
            "id": match_id,
            "variant": variant,
            "players": list(players),
            "partnerships": partnerships,
            "started": time_text(started),
            "ended": time_text(ended) if ended else None,
            "status": status,
            "scores": list(scores),
            "winners": list(winners),
            "rounds": rounds,
            "events": events,
            "file_size": file_size,
        }
        if source != "app":
            entry["source"] = source
        if problem is not None:
            entry["problem"] = problem
        if house_rules:
            entry["house_rules"] = dict(house_rules)
        return cls(entry)

    def damaged(self, problem: str) -> MatchSummary:
        """This summary marked damaged with ``problem``."""
        return MatchSummary({**self._e, "status": DAMAGED, "problem": problem, "file_size": None})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchSummary):
            return NotImplemented
        mine, theirs = dict(self._e), dict(other._e)
        mine.pop("file_size", None)
        theirs.pop("file_size", None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value: not a dict key

    def __repr__(self) -> str:
        return f"MatchSummary({self._e!r})"


_REQUIRED = itemgetter(
    "id", "status", "variant", "players", "partnerships", "scores", "winners", "rounds", "events", "started", "ended"
)
_VARIANT_NAMES = frozenset(GAMES)


def _entry_ok(e: dict[str, Any]) -> bool:
    """Every key and value of an index entry is what the store writes (see :meth:`MatchSummary.make`).

    Written for speed (about 3 µs an entry; it runs for every match each time the history opens),
    and checked against a plain reading of the same rules by tests/store/test_damage.py.
    """
    try:
        match_id, status, variant, players, partnerships, scores, winners, rounds, events, started, ended = _REQUIRED(e)
    except KeyError:
        return False
    if len(e) != 11 + ("file_size" in e) + ("source" in e) + ("problem" in e) + ("house_rules" in e):
        return False  # a key the store does not write
    if "house_rules" in e and not _house_rules_ok(e["house_rules"]):
        return False
    if not is_match_id(match_id):
        return False
    if (
        type(status) is not str
        or type(players) is not list
        or type(partnerships) is not bool
        or type(variant) is not str
        or type(scores) is not list
        or type(winners) is not list
        or type(rounds) is not int
        or type(events) is not int
        or rounds < 0
    ):
        return False
    n = len(players)
    damaged = status == DAMAGED
    if damaged:  # what is known of a damaged match may be nothing
        if not (variant in _VARIANT_NAMES or variant == "") or not (2 <= n <= 4 or n == 0):
            return False
    elif status not in _STATUSES or variant not in _VARIANT_NAMES or not 2 <= n <= 4 or events < 1:
        return False
    if partnerships and n != 4:
        return False
    for p in players:
        if type(p) is not str:
            return False
    sides = 2 if partnerships else n
    if len(scores) != sides and not (damaged and not scores):
        return False
    for x in scores:
        if type(x) is not int:
            return False
    seen = 0
    for w in winners:  # distinct sides
        if type(w) is not int or not 0 <= w < sides or seen >> w & 1:
            return False
        seen |= 1 << w
    if not damaged:
        finished = status == FINISHED
        if bool(winners) != finished or (ended is None) == (finished or status == ABANDONED):
            return False
    for t in (started, ended) if ended is not None else (started,):  # as time_text() writes them, in range
        if type(t) is not str or len(t) != 24 or t[23] != "Z" or t[10] != "T" or t[19] != "." or not t.isascii():
            return False
        try:
            year = _fromisoformat(t).year
        except ValueError:
            return False
        if not MIN_YEAR <= year <= MAX_YEAR:
            return False
    size, problem = e.get("file_size"), e.get("problem")
    return (
        (size is None or (type(size) is int and size >= 0))
        and e.get("source", "app") in SOURCES
        and (problem is None or type(problem) is str)
        and (problem is not None or not damaged)
    )


_fromisoformat = datetime.fromisoformat


def _house_rules_ok(rules: object) -> bool:
    """A non-empty object of option names (the house options') to a word or a whole number (the engine checks
    the values when the match is folded)."""
    return (
        type(rules) is dict
        and bool(rules)
        and all(name in OPTION_BY_NAME and (type(value) is str or type(value) is int) for name, value in rules.items())
    )


def summarize(
    match_id: str,
    head: Event,
    match: Match,
    events: int,
    last_time: datetime,
    file_size: int | None,
    abandoned: datetime | None = None,
    played: datetime | None = None,
) -> MatchSummary:
    """The summary of a folded match.

    ``head`` is the log's create event, ``events`` the number of events in the
    log, ``last_time`` the time of the last one: the end time of a finished
    match, unless it was imported finished and nothing was logged since
    (``head["import_events"] == events``), when the document's own end time
    (``head["ended"]``) is used if it gave one. ``abandoned``: the time of the
    ``abandon`` event in effect (:func:`abandoned_at`), if any: the match is
    then ``abandoned``, ended at that time. ``played``: the time of the last
    event that changed the record of play (``LogState.played_at``), taken as a
    finished match's end instead of ``last_time`` (so a rename after the end
    does not move it). The names are the match's (as renamed).
    """
    started = parse_time(head.get("started")) or parse_time(head["time"]) or last_time  # checked by check_log
    ended = None
    status = IN_PROGRESS
    if match.finished:
        status, ended = FINISHED, played or last_time
        if head.get("import_events") == events:
            ended = parse_time(head.get("ended")) or last_time
    elif abandoned is not None:
        status, ended = ABANDONED, abandoned
    return MatchSummary.make(
        match_id,
        match.variant,
        match.players,
        match.partnerships,
        started,
        ended,
        status,
        match.points,
        match.winners if match.finished else (),
        len(match.rounds),
        events,
        head.get("source", "app"),
        file_size=file_size,
        house_rules=match.house_rules,
    )


def abandoned_at(state: LogState) -> datetime | None:
    """The time of the ``abandon`` event in effect in ``state``, or ``None`` (checked by :func:`check_event`)."""
    event = state.abandoned
    return None if event is None else parse_time(event["time"])


def played_at(state: LogState) -> datetime | None:
    """The time of the last event that changed ``state``'s record of play, or ``None``."""
    return parse_time(state.played_at)


def damaged_summary(match_id: str, problem: str, started: datetime) -> MatchSummary:
    """A placeholder summary for a damaged match nothing else is known of."""
    return MatchSummary.make(match_id, "", (), False, started, None, DAMAGED, (), (), 0, 0, problem=problem)


@dataclass(slots=True)
class PlayerStats:
    """Statistics of one player over the history.

    Attributes:
        name: the name as last written (names are matched ignoring case).
        matches: finished matches played; ``wins`` those their side won
            (a shared Horse Race win counts for every winner, H10).
        rounds: rounds played in those finished matches.
        points: display points their side finished those matches with (a
            partnership's points count for both partners).
        unfinished: matches still in progress.
        abandoned: matches given up (counted nowhere else: no match, win,
            round or point of theirs counts).
    """

    name: str
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    unfinished: int = 0
    abandoned: int = 0

    @property
    def average_points_per_round(self) -> float:
        """Display points per round over finished matches (0.0 with no rounds)."""
        return self.points / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The statistics for ``stats --json``."""
        return {
            "name": self.name,
            "matches": self.matches,
            "wins": self.wins,
            "rounds": self.rounds,
            "points": self.points,
            "average_points_per_round": round(self.average_points_per_round, 3),
            "unfinished": self.unfinished,
            "abandoned": self.abandoned,
        }


def player_stats(summaries_newest_first: Iterable[MatchSummary]) -> list[PlayerStats]:
    """Per-player statistics, most wins first (then most matches, then name). Names are those in effect
    (renamed matches count under the new name)."""
    stats: dict[str, PlayerStats] = {}
    for s in summaries_newest_first:
        players, scores = s.players, s.scores
        if (
            s.status == DAMAGED or not all(type(p) is str for p in players) or not all(type(x) is int for x in scores)
        ):  # an index entry edited by hand: skip it
            continue
        side_of = side_of_seats(len(players), s.partnerships)
        for seat, name in enumerate(players):
            entry = stats.setdefault(name.casefold(), PlayerStats(name))
            if s.status == IN_PROGRESS:
                entry.unfinished += 1
                continue
            if s.status == ABANDONED:
                entry.abandoned += 1
                continue
            side = side_of[seat]
            entry.matches += 1
            entry.wins += side in s.winners
            entry.rounds += s.rounds
            entry.points += scores[side] if side < len(scores) else 0
    return sorted(stats.values(), key=lambda p: (-p.wins, -p.matches, p.name.casefold()))


@dataclass(frozen=True, slots=True)
class RuleSetStats:
    """The players' statistics of one game played one way (points per round compare only there).

    Attributes:
        variant: the game (a preset is a game of its own: ``"all-fives"``).
        house_rules: the house rules (the house options') those matches were played with, ``{}`` for the game's
            own rules: a table's own way of playing scores differently (another target, another
            award), so each set is counted apart, as the history row names it.
        players: :class:`PlayerStats` of those matches, most wins first.
    """

    variant: str
    house_rules: dict[str, str | int]
    players: list[PlayerStats]


def rule_set_stats(summaries_newest_first: Iterable[MatchSummary]) -> list[RuleSetStats]:
    """:func:`player_stats` per game and set of house rules: the games in the engine's order
    (:data:`~scorekeeper.rules.variants.GAMES`), each with its own rules first, then its house-rule
    sets, the one played most recently first. Damaged matches (no game known) count nowhere."""
    groups: dict[tuple[str, tuple[tuple[str, str | int], ...]], list[MatchSummary]] = {}
    for s in summaries_newest_first:
        variant = s._e["variant"]
        if variant in _GAME_ORDER:
            house = s._e.get("house_rules")  # read in place: this runs for every match when the history opens
            groups.setdefault((variant, tuple(sorted(house.items())) if house else ()), []).append(s)
    order = sorted(groups, key=lambda key: (_GAME_ORDER[key[0]], bool(key[1])))  # stable: newest set first
    return [
        RuleSetStats(variant, groups[variant, house][0].house_rules, player_stats(groups[variant, house]))
        for variant, house in order
    ]


_GAME_ORDER = {game: index for index, game in enumerate(GAMES)}
