"""The host's Round screen (issue 23 item 5): "Pair round N", the round's tables by table and by name, each
table's match as it stands, the results missing, a paper result, the next game of a fixture, and for a
``free`` event the organiser's own tables.

A table's state is read from its match's summary (round of the match, scores, finished) and the time of its
last event (minutes since the last move); results come from the matches through the club store
(:meth:`ClubStore.missing`): nobody enters a played result. A paper result is the organiser's
(``ClubStore.paper``, marked paper). The join codes of every table are :mod:`.round_sheet`'s.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...club import Format, LengthKind, Unit
from ...store.club import EventState, TableRecord
from ...store.events import now, parse_time
from .. import files
from ..navigation import Screen
from ..problems import Problem
from . import round_sheet
from .event import EventDesk, club_call
from .intent import intent
from .open_match import OpenMatch
from .shell import Notice, Shell

log = logging.getLogger(__name__)

MAX_SCORE_TEXT = 7  # digits of a paper score (the store takes up to 10**6)
WATCH_SECONDS = 3.0  # how often the tables shown are read again while the screen is shown


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of the round as the screen shows it.

    ``number``; ``sides``: each side's words (``"Ann"``, ``"Ann & Cy"``); ``match_id``: the table's current
    match (the last game of its fixture); ``games``: matches played so far for the fixture; ``status`` of the
    current match (``in-progress`` / ``finished`` / ``abandoned`` / ``damaged``); ``match_round``: rounds
    of the match started; ``scores``: display points per side; ``minutes``: since the match's last event
    (``None`` when unknown); ``done``: the fixture has its result; ``paper``: the organiser's games, if
    entered; ``next_game``: the fixture needs another game (its last match finished, not decided).
    """

    number: int
    sides: tuple[str, ...]
    match_id: str
    games: int
    status: str
    match_round: int
    scores: tuple[int, ...]
    minutes: int | None
    done: bool
    paper: tuple[tuple[int, ...], ...] | None
    next_game: bool


@dataclass(eq=False)
class RoundDesk(ft.Observable):
    """The Round screen's state: ``event`` (the Event screen's model: the event open and its names),
    ``shown``: the round shown (``0``: none paired yet), ``lines`` (:class:`TableLine` per table), ``byes``
    (words), ``missing`` (tables of the last round without a result), ``by_name`` (``(name, table)``
    alphabetical; table ``0``: a bye), ``paper_table``: the table whose paper result is being typed,
    ``forming``: a ``free`` round's tables formed so far (each a tuple of sides), ``seating``: the table
    being formed. ``sheet``: the join-code sheet of the round shown, once made (HTML bytes, for a download)."""

    shell: Shell
    table: OpenMatch
    event: EventDesk
    shown: int = 0
    lines: tuple[TableLine, ...] = ()
    byes: tuple[str, ...] = ()
    missing: tuple[int, ...] = ()
    by_name: tuple[tuple[str, int], ...] = ()
    paper_table: int | None = None
    forming: tuple[tuple[Unit, ...], ...] = ()
    seating: tuple[Unit, ...] = ()
    _paper: list[list[str]] = field(default_factory=list)
    _results: list[Any] = field(default_factory=list)  # the event's fixture results, read with the round
    _watching: bool = False

    @property
    def state(self) -> EventState | None:
        return self.event.state

    @property
    def club(self) -> Any:
        return self.shell.services.club

    @property
    def may_change(self) -> bool:
        """A host's tab: pair, paper, check-in are offered (a scorer's or viewer's sees none)."""
        return self.event.may_change

    @property
    def next_round(self) -> int:
        """The round "Pair round N" would pair."""
        return len(self.state.rounds) + 1 if self.state is not None else 1

    @property
    def free(self) -> bool:
        return self.state is not None and self.state.setup.format is Format.FREE

    # ------------------------------------------------------------ reading
    async def enter(self) -> Screen | None:
        """The screen is shown for the event open on the Event screen (none open: the Event screen)."""
        if self.state is None:
            return Screen.EVENT
        await self.load(self.shown or len(self.state.rounds))
        self._watch_tables()
        return None

    async def load(self, round_no: int) -> None:
        """Read round ``round_no`` of the event open (its tables' matches), the event itself again first."""
        state = self.state
        if state is None:
            return
        services = self.shell.services
        await self.event._read(state.id)
        state = self.state
        assert state is not None
        self.shown = max(0, min(round_no, len(state.rounds)))
        self.missing = tuple(await services.call(self.club.missing, state.id))
        if self.shown == 0:
            self.lines, self.byes, self.by_name = (), (), ()
            return
        record = state.rounds[self.shown - 1]
        done = {r.table for r in self._results if r.round == self.shown}
        lines = [await services.call(self._line, t, t.number in done) for t in record.tables]
        self.lines = tuple(lines)
        self.byes = tuple(self.event.unit_words(u) for u in record.pairing.byes)
        names = self.event.names
        seats = [(names.get(p, p), t.number) for t in record.tables for side in t.sides for p in side]
        seats += [(names.get(p, p), 0) for u in record.pairing.byes for p in u]
        self.by_name = tuple(sorted(seats, key=lambda s: (s[0].casefold(), s[1])))

    def _line(self, record: TableRecord, done: bool) -> TableLine:
        """One table's line (blocking: the match's summary and its last event's time)."""
        store = self.shell.services.store
        match_id = record.matches[-1]
        summary = store.summary(match_id)
        minutes = None
        try:
            events = store.events(match_id)
            # the match's creation is no move: a table not started yet has no "minutes since the last move"
            last = parse_time(events[-1].get("time")) if events and events[-1].get("kind") != "create" else None
        except Exception:  # noqa: BLE001 - a damaged match: its summary says so
            last = None
        if last is not None:
            minutes = max(0, int((now() - last).total_seconds() // 60))
        fixture = self.state.setup.rules.length if self.state is not None else None
        more = (
            fixture is not None
            and fixture.kind is not LengthKind.ONE_GAME
            and not done
            and summary.status == "finished"
            and len(record.matches) < fixture.games
        )
        return TableLine(
            record.number,
            tuple(self.event.unit_words(s) for s in record.sides),
            match_id,
            len(record.matches),
            summary.status,
            summary.rounds,
            tuple(summary.scores),
            minutes,
            done,
            record.paper,
            more,
        )

    def _watch_tables(self) -> None:
        if not self._watching:
            self._watching = True
            asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        """While the screen is shown: the tables read again every :data:`WATCH_SECONDS` (their matches move
        on at the tables), assigned only when something changed (an assignment draws the tab again)."""
        try:
            while True:
                await asyncio.sleep(WATCH_SECONDS)
                if self.shell.screen != Screen.ROUND or self.state is None:
                    break
                if self.shell.busy:
                    continue
                await self.follow()
        except Exception:  # noqa: BLE001 - a closed tab, a store gone: nothing to show any more
            log.debug("round watch ended", exc_info=True)
        finally:
            self._watching = False

    async def follow(self) -> None:
        """Read the round shown again and change what differs (the watch's step; no message is cleared)."""
        state = self.state
        if state is None or self.shown == 0:
            return
        services = self.shell.services
        results = await services.call(self.club.results, state.id)
        missing = tuple(await services.call(self.club.missing, state.id))
        record = state.rounds[self.shown - 1]
        done = {r.table for r in results if r.round == self.shown}
        lines = tuple([await services.call(self._line, t, t.number in done) for t in record.tables])
        self._results = results
        if lines != self.lines:
            self.lines = lines
        if missing != self.missing:
            self.missing = missing

    # ------------------------------------------------------------ intents
    @intent
    async def open(self) -> None:
        """Show the Round screen of the event open (its last round)."""
        if self.state is None:
            return
        self._results = []
        await self._refresh(len(self.state.rounds))
        self.shell.screen = Screen.ROUND
        self._watch_tables()

    @intent
    async def show_round(self, round_no: int) -> None:
        """Show an earlier (or the last) round."""
        await self._refresh(round_no)

    @intent
    async def refresh(self) -> None:
        """Read the tables again (their matches move on at the tables)."""
        await self._refresh(self.shown)

    async def _refresh(self, round_no: int) -> None:
        state = self.state
        if state is None:
            return
        self._results = await club_call(self.shell, self.event.names, self.club.results, state.id)
        await self.load(round_no)

    @intent
    async def pair(self) -> None:
        """ "Pair round N": the engine pairs it (a ``free`` event: the tables formed here), the store creates
        each table's match with the event's rules. Refusals translated (the last round still playing:
        ``round_incomplete``; another host paired meanwhile: ``club_event_changed``)."""
        state = self.state
        if state is None:
            return
        tables = None
        if self.free:
            tables = [list(t) for t in (*self.forming, *((self.seating,) if len(self.seating) > 1 else ()))]
            if not tables:
                raise Problem("ui_club_no_tables")
        record = await club_call(
            self.shell,
            self.event.names,
            self.club.pair,
            state.id,
            len(state.rounds) + 1,
            tables=tables,
            expected_version=state.version,
        )
        self.forming, self.seating = (), ()
        self.shell.notice = Notice("ui.club.paired", {"round": record.pairing.round, "tables": len(record.tables)})
        await self._refresh(record.pairing.round)

    @intent
    async def open_table(self, match_id: str) -> None:
        """Open a table's match on the Table screen (the host can score or fix it there)."""
        await self.table.open(match_id)

    @intent
    async def next_game(self, table: int) -> None:
        """Start the next game of a best-of or all-N fixture at ``table`` (its last match finished)."""
        state = self.state
        if state is None:
            return
        await club_call(self.shell, self.event.names, self.club.next_game, state.id, self.shown, table)
        await self._refresh(self.shown)

    # ------------------------------------------------------------ a paper result
    def start_paper(self, table: int | None) -> None:
        """Open the paper result of ``table`` (one row of scores per game, as many games as the fixture can
        have), or close it (``None``)."""
        self.paper_table = table
        line = next((x for x in self.lines if x.number == table), None)
        if line is None or self.state is None:
            self._paper = []
            return
        length = self.state.setup.rules.length
        rows = length.games
        old = line.paper or ()
        self._paper = [[str(old[g][s]) if g < len(old) else "" for s in range(len(line.sides))] for g in range(rows)]

    def paper_text(self, game: int, side: int) -> str:
        return self._paper[game][side] if game < len(self._paper) and side < len(self._paper[game]) else ""

    def set_paper(self, game: int, side: int, text: str) -> None:
        if game < len(self._paper) and side < len(self._paper[game]):
            self._paper[game][side] = text[:MAX_SCORE_TEXT]

    def paper_games(self) -> list[list[int]]:
        """The games typed (rows left empty are games not played); :class:`Problem` ``ui_club_bad_score``."""
        games = []
        for row in self._paper:
            cells = [c.strip() for c in row]
            if not any(cells):
                continue
            for cell in cells:
                if not cell.isdecimal():
                    raise Problem("ui_club_bad_score", {"value": cell})
            games.append([int(c) for c in cells])
        return games

    @intent
    async def save_paper(self) -> None:
        """Enter the table's final scores as played on paper (marked paper; entered again, it replaces the
        first entry and the log keeps both)."""
        state = self.state
        if state is None or self.paper_table is None:
            return
        games = self.paper_games()
        await club_call(self.shell, self.event.names, self.club.paper, state.id, self.shown, self.paper_table, games)
        self.shell.notice = Notice("ui.club.paper_saved", {"table": self.paper_table})
        self.paper_table = None
        await self._refresh(self.shown)

    # ------------------------------------------------------------ a free round's tables
    def unseated(self) -> list[Unit]:
        """The present units not at a table formed yet (a ``free`` round)."""
        if self.state is None:
            return []
        seated = {u for t in self.forming for u in t} | set(self.seating)
        return [u for u in self.state.roster.present_units() if u not in seated]

    def seat(self, unit: Unit) -> None:
        """Put ``unit`` at the table being formed (a table of four sides is closed by itself)."""
        self.seating = (*self.seating, unit)
        if len(self.seating) == 4:
            self.close_table()

    def close_table(self) -> None:
        """The table being formed is done (two sides or more); the next one starts."""
        if len(self.seating) >= 2:
            self.forming = (*self.forming, self.seating)
            self.seating = ()

    def clear_tables(self) -> None:
        self.forming, self.seating = (), ()

    # ------------------------------------------------------------ the join codes
    def sheet_available(self) -> bool:
        """Whether join codes exist (``serve --lan``: keys in use, and this tab the host's)."""
        return round_sheet.admission_of(self.shell.services.access) is not None

    async def download_sheet(self) -> None:
        """Hand the round's join-code sheet over as a download (``round-N-codes.html``: the host opens it and
        prints it). Not an intent as a whole, as an export: a desktop's save dialog may stay open for long."""
        try:
            data = self.sheet()
        except Problem as problem:
            self.shell.error = problem
            self.shell.notify()
            return
        name = f"round-{self.shown}-codes.html"
        try:
            path = await files.save_bytes(name, data, extension="html")
        except Exception:  # noqa: BLE001 - the user gets a message, the log the traceback
            log.exception("the join-code sheet could not be saved")
            self.shell.notice = Notice("ui.export_failed", ok=False)
        else:
            self.shell.notice = Notice("ui.club.sheet_saved", {"name": path or name})
        self.shell.notify()

    def sheet(self) -> bytes:
        """The round's join-code sheet, one page (HTML; :func:`round_sheet.sheet_html`)."""
        state = self.state
        admission = round_sheet.admission_of(self.shell.services.access)
        if state is None or admission is None or self.shown == 0:
            raise Problem("ui_club_no_codes")
        return round_sheet.sheet_html(self.shell.t, state, self.shown, self.lines, admission).encode()
