"""What the projector and *My evening* show of a club event, as plain values (no Flet, no drawing).

:func:`read_board` reads an event once (its state, its standings, the live score of each table of its
current round) into a :class:`Board`; :func:`slides` cuts the board into what the projector alternates
between (the standings, then the current round's pairings, each in pages that fit a 1920×1080 screen
read across a room: :func:`page_size`). Pure apart from :func:`read_board`'s reads (it blocks: run it
in a worker thread).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...club.errors import SetupError
from ...club.roster import Roster, Status, Unit
from ...club.scheme import Criterion
from ...club.standings import Row

FINISHED = "finished"

#: the tie-break columns a projector shows, at most (the club's first ones, in its order)
MAX_COLUMNS = 3
#: rows on one page of the projector at most, and the fewest a page is cut to before it pages
MAX_ROWS = 14
BIG_ROWS = 10


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One row of the standings as shown: ``place`` (``shared``: level on everything with a neighbour),
    ``unit`` (player ids), ``name`` ("Ann" or "Ann & Bob"), ``points`` (the club's), ``columns`` (the
    tie-break values in :attr:`Board.columns`' order, as text: ``"+12"``, ``"7½"``, ``"–"`` where not
    needed), ``withdrawn``."""

    place: int
    shared: bool
    unit: Unit
    name: str
    points: int
    columns: tuple[str, ...]
    played: int = 0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of the current round: ``number``, ``sides`` (player ids per side), ``names`` (one per
    side), ``state`` (``"playing"``, ``"finished"``, ``"paper"``), ``scores`` (one per side: the live game's
    display points while playing, the finished game's, or games won over a fixture of several; ``()``
    before the first move is recorded), ``game`` (which game of the fixture is on, from 1), ``match_id``
    (the game on now, else the last)."""

    number: int
    sides: tuple[Unit, ...]
    names: tuple[str, ...]
    state: str
    scores: tuple[int, ...] = ()
    game: int = 1
    match_id: str | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """An event as the projector shows it: ``event_id``, ``name``, ``round`` (the current round's number,
    0 before any is paired), ``columns`` (the tie-breaks shown), ``standings``, ``tables`` (the current
    round's), ``byes`` (the units with a bye this round), ``roster`` (every entry: names, check-in),
    ``matches`` (every match id of the event: a change to one is a change of the board), ``version`` (the
    event's log length)."""

    event_id: str
    name: str
    round: int
    columns: tuple[Criterion, ...]
    standings: tuple[StandingLine, ...]
    tables: tuple[TableLine, ...]
    byes: tuple[Unit, ...]
    roster: Roster
    matches: frozenset[str]
    version: int

    def unit_name(self, unit: Unit) -> str:
        """``"Ann"``, or ``"Ann & Bob"`` for a partnership."""
        return unit_name(self.roster, unit)

    @property
    def finished_tables(self) -> int:
        """How many tables of the current round have their result."""
        return sum(1 for t in self.tables if t.state != "playing")


@dataclass(frozen=True, slots=True)
class Slide:
    """One screen of the projector's cycle: ``kind`` (``"standings"`` or ``"pairings"``), ``page`` (from 0)
    of ``pages``, ``first`` / ``last`` (the rows shown, ``rows[first:last]``), ``size``: the text size of
    its rows in logical pixels (large while few rows, smaller for a long list)."""

    kind: str
    page: int
    pages: int
    first: int
    last: int
    size: int


def unit_name(roster: Roster, unit: Unit) -> str:
    """The display name of ``unit`` (its players' names joined with " & "); an id not in the roster
    is shown as itself."""
    names = []
    for player_id in unit:
        try:
            names.append(roster.player(player_id).name)
        except SetupError:
            names.append(player_id)
    return " & ".join(names)


def column_text(row: Row, criterion: Criterion) -> str:
    """A tie-break's value as the standings show it: signed points difference (``"+12"``, ``"-3"``,
    ``"0"``), Sonneborn–Berger with a half (``"7½"``), head-to-head ``"–"`` where it was not needed."""
    if criterion is Criterion.GAMES_WON:
        return str(row.games_won)
    if criterion is Criterion.POINTS_DIFFERENCE:
        return f"{row.points_difference:+d}" if row.points_difference else "0"
    if criterion is Criterion.HEAD_TO_HEAD:
        return "–" if row.head_to_head is None else str(row.head_to_head)
    if criterion is Criterion.BUCHHOLZ:
        return str(row.buchholz)
    if criterion is Criterion.SONNEBORN_BERGER:
        return fraction_text(row.sonneborn_berger)
    return str(row.points)


def fraction_text(value: Fraction) -> str:
    """``7`` → ``"7"``, ``15/2`` → ``"7½"``, ``1/2`` → ``"½"`` (Sonneborn–Berger counts halves only)."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    half = "½" if rest == Fraction(1, 2) else f"+{rest}"
    return (str(int(whole)) if whole else "") + half


def page_size(rows: int, height: int = 1080) -> tuple[int, int]:
    """``(rows per page, text size)`` for ``rows`` rows on a screen ``height`` logical pixels high: up to
    :data:`BIG_ROWS` rows at 56 px (a name read across a pub room: about 4 cm high on a 55-inch TV), up to
    :data:`MAX_ROWS` at 36 px, more in pages of :data:`MAX_ROWS` at 36 px (80 players: 6 pages; a page of 14
    rows at 36 px fills 1080 px with the title and the column heads). Scaled for another height; at least
    1 row."""
    scale = max(height, 200) / 1080
    if rows <= BIG_ROWS:
        return max(rows, 1), round(56 * scale)
    return min(rows, MAX_ROWS), round(36 * scale)


def slides(board: Board, height: int = 1080) -> tuple[Slide, ...]:
    """The projector's cycle for ``board``: the standings' pages, then the current round's pairings' pages
    (none before a round is paired). Pages are even: 20 rows are 2 pages of 10, not 14 + 6."""
    out: list[Slide] = []
    for kind, count in (
        ("standings", len(board.standings)),
        ("pairings", len(board.tables) + (1 if board.byes else 0)),
    ):
        if kind == "pairings" and board.round == 0:
            continue
        per_page, size = page_size(count, height)
        pages = max(1, -(-count // per_page))
        even = -(-count // pages) if count else 0
        for page in range(pages):
            out.append(Slide(kind, page, pages, page * even, min(count, (page + 1) * even), size))
    return tuple(out)


def _table_line(record: Any, roster: Roster, summaries: Sequence[Any]) -> TableLine:
    names = tuple(unit_name(roster, side) for side in record.sides)
    last = summaries[-1] if summaries else None
    match_id = last.id if last is not None else None
    if record.paper is not None:
        return TableLine(record.number, record.sides, names, "paper", _fixture_scores(record.paper), match_id=match_id)
    if last is None:
        return TableLine(record.number, record.sides, names, "playing")
    finished = all(s.status == FINISHED for s in summaries)
    if len(record.matches) == 1:
        scores = tuple(int(x) for x in last.scores)
        return TableLine(record.number, record.sides, names, FINISHED if finished else "playing", scores, 1, match_id)
    games = [tuple(int(x) for x in s.scores) for s in summaries if s.status == FINISHED]
    if finished:
        return TableLine(
            record.number, record.sides, names, "playing", _fixture_scores(games), len(summaries), match_id
        )
    return TableLine(
        record.number, record.sides, names, "playing", tuple(int(x) for x in last.scores), len(summaries), match_id
    )


def _fixture_scores(games: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Games won per side over a fixture (a game of one: its scores)."""
    if len(games) == 1:
        return tuple(int(x) for x in games[0])
    sides = len(games[0]) if games else 0
    won = [0] * sides
    for game in games:
        top = max(game)
        if list(game).count(top) == 1:
            won[list(game).index(top)] += 1
    return tuple(won)


def read_board(club: Any, store: Any, event_id: str) -> Board:
    """The event ``event_id`` as the projector shows it, read from ``club`` (a ``ClubStore`` or its
    ``GuardedClub``) and ``store`` (its match summaries: the live scores). Blocking. Raises what
    ``club.event`` raises (``RuleViolation`` ``club_event_unknown`` / ``club_event_damaged``,
    ``AccessDenied`` ``access_other_event``)."""
    state = club.event(event_id)
    rows = club.standings(event_id)
    roster = state.roster
    columns = tuple(state.setup.rules.tie_breaks[:MAX_COLUMNS])
    standings = tuple(
        StandingLine(
            row.place,
            row.shared,
            row.unit,
            unit_name(roster, row.unit),
            row.points,
            tuple(column_text(row, c) for c in columns),
            row.played + row.byes,
            all(_status(roster, p) is Status.WITHDRAWN for p in row.unit),
        )
        for row in rows
    )
    matches = frozenset(m for record in state.rounds for t in record.tables for m in t.matches)
    tables: tuple[TableLine, ...] = ()
    byes: tuple[Unit, ...] = ()
    if state.rounds:
        current = state.rounds[-1]
        finished_results = {(r.round, r.table) for r in club.results(event_id)}
        lines = []
        for record in current.tables:
            line = _table_line(record, roster, [store.summary(m) for m in record.matches])
            if line.state == "playing" and (current.pairing.round, record.number) in finished_results:
                line = TableLine(line.number, line.sides, line.names, FINISHED, line.scores, line.game, line.match_id)
            lines.append(line)
        tables = tuple(lines)
        byes = current.pairing.byes
    return Board(
        event_id,
        state.setup.name,
        len(state.rounds),
        columns,
        standings,
        tables,
        byes,
        roster,
        matches,
        state.version,
    )


def _status(roster: Roster, player_id: str) -> Status:
    try:
        return roster.status(player_id)
    except SetupError:
        return Status.PRESENT
