"""The match open on a tab's table: its own copy of the engine's match, the store version, and every write.

Several tabs may show one match (docs/app.md, "Two tabs on one match").
Each write passes the version the tab shows; the store refuses it with
:class:`StaleView` if another tab wrote since, and the tab then shows the
match as it is now and asks for the move again. A tab that wrote tells the
others (:meth:`Services.changed`), and those showing that match re-read it
(:meth:`OpenMatch.follow`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...rules import Match, Play, RuleViolation, StartRound, Status
from ...rules.document import PROOF_CODES
from ...rules.fix import Edit
from ...rules.moves import Action, Misplay, PlacementInfo, Reveal, ScoreEvent
from ...rules.tiles import parse_tile
from ...store import ABANDONED, FixResult, StaleView
from ..device import SETTLED, TICK
from ..navigation import Screen
from ..problems import Problem
from ..services import Services
from ..store_access import snapshot
from .intent import intent
from .shell import Shell

log = logging.getLogger(__name__)


@dataclass(eq=False)
class OpenMatch(ft.Observable):
    """The match a tab shows on its table.

    ``match`` is this tab's own copy of the engine's :class:`Match` (scores
    in raw points per side; ``match.points`` are display points), at store
    version ``version``; ``last_info`` explains the round's last placement
    (``None`` after a draw or pass), ``settlement`` the last round's score
    events while the next round waits, ``lot_seat`` the seat a lot chose
    (shown until the round's first move), ``abandoned`` whether the match
    was given up (the table then offers only Undo). Seats are 0-based, sides
    index ``match.side_names``.
    """

    shell: Shell
    match_id: str | None = None
    match: Match | None = None
    version: int = 0  # passed as expected_version with each write
    last_info: PlacementInfo | None = None
    settlement: list[ScoreEvent] = field(default_factory=list)
    lot_seat: int | None = None
    can_redo: bool = False  # the last change was an undo that Redo can bring back
    abandoned: bool = False  # the match was given up (the start screen's abandon): Undo takes it back
    # R14 misplay: penalty: the S8 proof just refused and the action it refused, while the table is asked
    # "entered wrongly, or did it happen at the table?" (:meth:`play_on`); None otherwise
    offence: tuple[RuleViolation, Action] | None = None
    _on_show: list[Callable[[], None]] = field(default_factory=list)  # entries to clear when the match changes
    _on_open: list[Callable[[], None]] = field(default_factory=list)  # views to reset for a match opened

    def on_show(self, clear: Callable[[], None]) -> None:
        """Call ``clear`` whenever another position is shown (an entry begun for the old one is dropped)."""
        self._on_show.append(clear)

    def on_open(self, reset: Callable[[], None]) -> None:
        """Call ``reset`` whenever a match is opened on the table (:meth:`open`: a new match, a resume, a
        phone's link), not for a move of the match shown: what a tab opened for one match (the whole
        score sheet) is not carried to the next, which starts as a fresh table."""
        self._on_open.append(reset)

    @property
    def services(self) -> Services:
        return self.shell.services

    @property
    def shown(self) -> Match:
        """The match shown; only while one is open (the table screen is drawn only then).
        Raises ``LookupError`` otherwise."""
        if self.match is None:
            raise LookupError("no match is open")
        return self.match

    @property
    def shown_id(self) -> str:
        """The id of the match shown; raises ``LookupError`` when none is open."""
        if self.match_id is None:
            raise LookupError("no match is open")
        return self.match_id

    # ------------------------------------------------------------ reading
    async def open(self, match_id: str) -> None:
        """Show the stored match ``match_id`` on the table screen and remember it as the match last played;
        on a host's tab it is then the table's match, and the phones joined with the table's codes follow
        (:meth:`Services.table_opened`). If it cannot be read (not there, damaged), the match shown before
        stays, with its id."""
        shown, self.match_id = self.match_id, match_id
        try:
            await self.reload()
        except BaseException:
            self.match_id = shown
            raise
        self.shell.notice = None  # a notice belongs to the screen that made it
        for reset in self._on_open:
            reset()
        self.shell.screen = Screen.TABLE
        self.services.table_opened(match_id)
        await self.services.remember(match_id)

    @intent
    async def open_match(self, match_id: str) -> None:
        """Open a stored match on the table screen (a tap on a match to resume)."""
        await self.open(match_id)

    async def reload(self) -> None:
        """Show the open match as the store has it now (this tab's own copy, at the current version).

        Everything is read first, in one worker thread, and the state set after: a change of state
        followed by another read re-rendered the tab while it waited, so every tab following a match
        drew each move twice (the second time for the Redo button alone)."""
        match, version, abandoned, can_redo = await self.services.call(self._read, self.match_id)
        self.version = version
        self.show(match)
        self.last_info = self.last_placement()
        self.settlement = last_settlement(match)
        self.lot_seat = None
        self.abandoned = abandoned
        self.can_redo = can_redo

    def _read(self, match_id: str | None) -> tuple[Match, int, bool, bool]:
        """(copy of the match, its version, abandoned?, can Redo?) as the store has them (a worker thread)."""
        store = self.services.store
        if match_id is None:
            raise LookupError("no match is open")
        match, version = snapshot(store, match_id)
        return match, version, store.summary(match_id).status == ABANDONED, store.redo_target(match_id) is not None

    async def check_version(self) -> None:
        """Coming back to the table (from Settings): re-read the match if another tab moved on meanwhile."""
        if (
            self.match_id is not None
            and self.match is not None
            and await self.services.call(self.services.store.version, self.match_id) != self.version
        ):
            await self.reload()

    def show(self, match: Match) -> None:
        """Show ``match``; every entry begun for the position shown before is dropped."""
        self.match = match
        self.shell.drop_error()
        for clear in self._on_show:
            clear()

    def last_placement(self) -> PlacementInfo | None:
        """The explanation of the round's last move if it was a placement, else ``None``
        (the tab's copy is always folded with explanations, ``explain=True``)."""
        r = self.match.round if self.match else None
        if r is None or not r.moves:
            return None
        return r.placements.get(len(r.moves) - 1)

    async def follow(self, match_id: str, version: int) -> None:
        """Another tab changed ``match_id``, now at ``version``: if this tab shows it, show it as it is now.

        Waits for this tab's own write in progress (which may itself have seen the change). The entry
        in progress (selected tile, spot, hands) is dropped: it was meant for the old position. Other
        matches' changes cost nothing (no re-render).
        """
        while self.shell.busy:
            await asyncio.sleep(0.02)
        if match_id == self.match_id and self.match is not None and version > self.version:
            await self._refresh()

    async def catch_up(self) -> None:
        """This tab's connection is back (a phone woke up, a browser reconnected): show the match as it is now
        if it moved on while the tab was away (:meth:`follow` draws nothing for a tab without a connection)."""
        if self.match_id is not None and self.match is not None:
            await self.follow(self.match_id, await self.services.call(self.services.store.version, self.match_id))

    @intent
    async def _refresh(self) -> None:
        await self.reload()

    # ------------------------------------------------------------ writing
    async def written(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a store write (``fn(match_id, …, expected_version)``) in a thread.

        If another tab changed the match since this one showed it (:class:`StaleView`), nothing
        was written: show the match as it is now and raise the problem ``ui_stale_view`` (enter
        the move again).
        """
        try:
            return await self.services.call(fn, self.match_id, *args, self.version)
        except StaleView:
            await self.reload()
            raise Problem("ui_stale_view") from None

    async def record(self, action: Action) -> tuple[ScoreEvent, ...]:
        """Record ``action`` (built from what this tab shows) and fold it into this tab's copy.

        The store validated it against the same position (same version), so the engine folds it
        here exactly as there; the store's live match is never kept (it changes with other tabs' moves).
        Raises the engine's :class:`RuleViolation` (nothing written) or a store error.
        """
        try:
            result = await self.written(self.services.store.record, action)
        except RuleViolation as err:  # R14: under penalty a proof refusal is a question, not only a refusal
            penalty = self.shown.rules.options["misplay"] == "penalty"
            self.offence = (err, action) if penalty and err.code in PROOF_CODES else None
            raise
        self.offence = None
        try:
            events = self.shown.apply(action)
            self.version = result.version
        except RuleViolation:  # cannot happen with the same fold; if it does, the store is the truth
            log.exception("tab copy of %s disagrees with the store", self.match_id)
            events = result.events
            await self.reload()  # sets the version read with the copy (maybe newer than this write's)
        self.lot_seat = None  # the lot's result is shown until the first move
        if isinstance(action, StartRound):  # a new round: nothing of the last one's placements to explain
            self.last_info = None
        self.can_redo = False  # a new entry: what was undone is gone for good
        self.show(self.shown)
        self.services.changed(self.shown_id, self.version)  # first: the move is stored whatever happens next
        if any(
            event.kind not in ("play", "muggins") for event in events
        ):  # a domino, block or settlement award: the round is over
            self.shell.feel(SETTLED)
        elif isinstance(action, Play):
            self.shell.feel(TICK)
        await self.services.remember(self.shown_id)
        return tuple(events)

    def offence_open(self) -> RuleViolation | None:
        """R14: the proof refusal the table is asked about (the one shown), or ``None``."""
        if self.offence is None or self.shell.error is not self.offence[0]:
            return None
        return self.offence[0]

    @intent
    async def play_on(self) -> None:
        """R14 ``penalty``, "it happened at the table": record the offence the refusal proved (a
        :class:`Misplay`: the seat, its draw or pass, the tile) and then the refused action again; a second
        claim of the same seat that the tile also proves asks again. The penalty comes with the round's
        settlement (docs/house-rules.md, R14)."""
        err = self.offence_open()
        if err is None or self.offence is None:
            return
        action = self.offence[1]
        seat, move = int(str(err.params["seat"])), int(str(err.params["move"])) - 1
        self.shell.drop_error()
        await self.record(Misplay(seat, move, parse_tile(err.params["tile"])))
        await self.record(action)
        if isinstance(action, Reveal):
            self.settlement = last_settlement(self.shown)
            self.last_info = None
        elif isinstance(action, Play):
            self.last_info = self.last_placement()

    @intent
    async def start_round(self, starter: int) -> None:
        """Start the next round led by seat ``starter`` (entered, or S10's required starter)."""
        self.lot_seat = None
        await self.record(StartRound(starter))
        self.settlement = []

    @intent
    async def draw_lot(self) -> None:
        """S3/S10: a neutral lot among the seats (``secrets``), then start the round with it."""
        seat = secrets.randbelow(self.shown.n)
        await self.record(StartRound(seat))
        self.settlement = []
        self.lot_seat = seat  # shown until the round's first move

    @intent
    async def undo(self) -> None:
        """Take back the last change: the last entry, or the last correction (the store appends the undo)."""
        await self.written(self.services.store.undo)
        await self.after_change()

    @intent
    async def redo(self) -> None:
        """Bring back what the last Undo took back (the store appends a redo)."""
        await self.written(self.services.store.redo)
        await self.after_change()

    async def call_muggins(self, seat: int) -> FixResult:
        """R13: save seat ``seat``'s Muggins call on the last play (one correction event, the store's
        :meth:`MatchStore.call_muggins <scorekeeper.store.store.MatchStore.call_muggins>`) and show the match with it.

        Raises the engine's :class:`RuleViolation` (nothing written: too late, or not an opponent)
        or the problem ``ui_stale_view``."""
        store = self.services.store
        result: FixResult = await self.written(store.call_muggins, seat)
        await self.after_change()
        return result

    async def fix(self, edits: list[Edit], keep_before_broken: bool = False) -> FixResult:
        """Save a fix of the record several moves back (one correction event) and show the corrected match.

        Raises the engine's :class:`RuleViolation` (nothing written) when the fix makes the record illegal
        and ``keep_before_broken`` does not apply, the problem ``ui_stale_view`` when another tab wrote.
        """
        store = self.services.store
        result: FixResult = await self.written(
            lambda match_id, version: store.fix(match_id, edits, version, keep_before_broken)
        )
        await self.after_change()
        return result

    async def after_change(self) -> None:
        """After an undo, redo, fix or rename: this tab's copy folded again from the store, the other tabs told."""
        await self.reload()
        self.services.changed(self.shown_id, self.version)

    async def _read_redo(self) -> None:
        store = self.services.store
        self.can_redo = (
            self.match_id is not None and await self.services.call(store.redo_target, self.match_id) is not None
        )


def last_settlement(match: Match) -> list[ScoreEvent]:
    """The score events of the last round's settlement (domino, settlement or block; H8–H10, E6–E8)
    while the match waits for the next round or is finished, else ``[]``: so a tab opened between
    rounds shows it too."""
    r = match.round
    if r is None or not r.settled or match.status not in (Status.START_ROUND, Status.FINISHED):
        return []
    return r.settlement  # with the awards of 0 raw: a settlement worth nothing is still shown
