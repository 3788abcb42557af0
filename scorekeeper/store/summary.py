"""What the history shows of a match (:class:`MatchSummary`) and per-player statistics.

A summary is derived from a match's log by the engine's fold; the index
stores it as a JSON entry (:meth:`MatchSummary.to_entry`) so the history
opens without reading every match file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from ..rules import Match
from ..rules.variants import side_of_seats
from .events import parse_time, time_text

IN_PROGRESS, FINISHED, DAMAGED = "in-progress", "finished", "damaged"


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One match in the history.

    Attributes:
        id: the match id (``YYYYMMDD-HHMMSS-xxxxxx``).
        variant: ``"horse-race"`` or ``"exact-61"``.
        players: names in seat order (a tuple).
        partnerships: seats 0+2 against 1+3.
        sides: one name per side (``"Ann & Cy"`` for a partnership).
        started / ended: aware UTC datetimes; ``ended`` is ``None`` unless finished.
        status: ``"in-progress"``, ``"finished"`` or ``"damaged"`` (the match
            file could not be read; ``problem`` says why and where it went).
        scores: display points per side (raw / 5), in side order.
        winners: side indices that won (several share a Horse Race win, H10).
        rounds: rounds started so far.
        events: events in the log (the next seq).
        source: ``"app"`` (recorded here) or ``"import"``.
        problem: for a damaged match, the user-readable message; else ``None``.
        file_size: the match file's size in bytes when this summary was made
            (the log only grows, so a different size means the summary is stale).
    """

    id: str
    variant: str
    players: tuple[str, ...]
    partnerships: bool
    sides: tuple[str, ...]
    started: datetime
    ended: datetime | None
    status: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    events: int
    source: str = "app"
    problem: str | None = None
    file_size: int | None = field(default=None, compare=False)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    def to_entry(self) -> dict:
        """The index entry (JSON-ready)."""
        return {"id": self.id, "variant": self.variant, "players": list(self.players),
                "partnerships": self.partnerships, "sides": list(self.sides),
                "started": time_text(self.started), "ended": time_text(self.ended) if self.ended else None,
                "status": self.status, "scores": list(self.scores), "winners": list(self.winners),
                "rounds": self.rounds, "events": self.events, "source": self.source,
                "problem": self.problem, "file_size": self.file_size}

    def to_json(self) -> dict:
        """The summary for ``history --json`` (the entry without bookkeeping)."""
        entry = self.to_entry()
        del entry["file_size"]
        return entry

    @classmethod
    def from_entry(cls, entry: dict) -> MatchSummary:
        """Read an index entry; raises ``ValueError``/``KeyError``/``TypeError`` if malformed."""
        started = parse_time(entry["started"])
        if started is None or entry["status"] not in (IN_PROGRESS, FINISHED, DAMAGED):
            raise ValueError("bad index entry")
        return cls(id=str(entry["id"]), variant=str(entry["variant"]),
                   players=tuple(str(p) for p in entry["players"]), partnerships=bool(entry["partnerships"]),
                   sides=tuple(str(s) for s in entry["sides"]), started=started,
                   ended=parse_time(entry.get("ended")), status=entry["status"],
                   scores=tuple(int(s) for s in entry["scores"]), winners=tuple(int(w) for w in entry["winners"]),
                   rounds=int(entry["rounds"]), events=int(entry["events"]), source=str(entry.get("source", "app")),
                   problem=entry.get("problem"), file_size=entry.get("file_size"))

    def damaged(self, problem: str) -> MatchSummary:
        """This summary marked damaged with ``problem``."""
        return replace(self, status=DAMAGED, problem=problem, file_size=None)


def summarize(match_id: str, head: dict, match: Match, events: int, last_time: datetime,
              file_size: int | None) -> MatchSummary:
    """The summary of a folded match.

    ``head`` is the log's create event, ``events`` the number of events in the
    log, ``last_time`` the time of the last one: the end time of a finished
    match, unless it was imported finished and nothing was logged since
    (``head["import_events"] == events``), when the document's own end time
    (``head["ended"]``) is used if it gave one.
    """
    started = parse_time(head.get("started")) or parse_time(head["time"])
    ended = None
    if match.finished:
        ended = last_time
        if head.get("import_events") == events and parse_time(head.get("ended")):
            ended = parse_time(head.get("ended"))
    return MatchSummary(id=match_id, variant=match.variant, players=tuple(match.players),
                        partnerships=match.partnerships, sides=tuple(match.side_names), started=started,
                        ended=ended, status=FINISHED if match.finished else IN_PROGRESS,
                        scores=tuple(match.points), winners=tuple(match.winners), rounds=len(match.rounds),
                        events=events, source=head.get("source", "app"), file_size=file_size)


def damaged_summary(match_id: str, problem: str, started: datetime) -> MatchSummary:
    """A placeholder summary for a damaged match nothing else is known of."""
    return MatchSummary(id=match_id, variant="", players=(), partnerships=False, sides=(), started=started,
                        ended=None, status=DAMAGED, scores=(), winners=(), rounds=0, events=0,
                        problem=problem)


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
    """

    name: str
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    unfinished: int = 0

    @property
    def average_points_per_round(self) -> float:
        """Display points per round over finished matches (0.0 with no rounds)."""
        return self.points / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict:
        return {"name": self.name, "matches": self.matches, "wins": self.wins, "rounds": self.rounds,
                "points": self.points, "average_points_per_round": round(self.average_points_per_round, 3),
                "unfinished": self.unfinished}


def player_stats(summaries_newest_first: list[MatchSummary]) -> list[PlayerStats]:
    """Per-player statistics, most wins first (then most matches, then name)."""
    stats: dict[str, PlayerStats] = {}
    for s in summaries_newest_first:
        if s.status == DAMAGED:
            continue
        side_of = side_of_seats(len(s.players), s.partnerships)
        for seat, name in enumerate(s.players):
            entry = stats.setdefault(name.casefold(), PlayerStats(name))
            if s.status == IN_PROGRESS:
                entry.unfinished += 1
                continue
            side = side_of[seat]
            entry.matches += 1
            entry.wins += side in s.winners
            entry.rounds += s.rounds
            entry.points += s.scores[side] if side < len(s.scores) else 0
    return sorted(stats.values(), key=lambda p: (-p.wins, -p.matches, p.name.casefold()))

