"""The app's state and every user intent, with no drawing code.

One :class:`AppState` per browser tab (``main(page)`` runs per tab); the
store is shared by the process. The state holds the current screen, the
tab's own copy of the open match (an engine :class:`Match`) with the store
version it is at, and what the user is entering (the selected tile and
spot, the draw count, the revealed hands). Intents are ``async`` methods: they ask the engine (through the
store, which validates with the engine before writing) and keep what
happened as data (placement info, score events, refusals) so that the views
can word it in the current language. The views call these methods and read
the state; they compute no score and hold no rule.

Storage calls are blocking and run in a worker thread
(``asyncio.to_thread``) so one slow write never freezes the other tabs.

Several tabs may show one match (docs/store.md, "Two screens on one
match"). Each write passes the version the tab shows; the store refuses it
with :class:`StaleView` if another tab wrote since, and the tab then shows
the match as it is now and asks for the move again. A tab that wrote tells
the others (``announce``), and those showing that match re-read it
(:meth:`AppState.follow`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ..i18n import Translator
from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, StartRound
from ..rules.layout import Spot
from ..rules.moves import PlacementInfo, ScoreEvent
from ..rules.tiles import Tile
from ..rules.variants import get_variant
from ..store import NothingToUndo, StaleView, StoreError
from . import settings
from .store_access import match_to_resume, snapshot

log = logging.getLogger(__name__)

HOME, NEW_MATCH, TABLE, SETTINGS = "home", "new-match", "table", "settings"
HISTORY, REVIEW = "history", "review"  # intents in history_actions.py
MAX_NAME = 24


def guarded(method):
    """Run an intent so that nothing escapes to Flet (which would show a traceback).

    A :class:`RuleViolation` becomes the state's ``error`` (worded by the
    view); anything else is logged and shown as a generic translated error.
    The state is re-rendered once at the end.
    """

    @functools.wraps(method)
    async def wrapper(self: AppState, *args, **kwargs):
        if self._busy:  # a second tap while the first is being written: ignore it
            return None
        self._busy = True  # private: no re-render for it (one render per intent keeps taps fast)
        self.notice = None  # a notice says what one action did: the next action replaces or clears it
        try:
            return await method(self, *args, **kwargs)
        except RuleViolation as err:
            self.error = err
        except NothingToUndo:
            self.error = RuleViolation("", "nothing_to_undo", text="nothing to undo")
        except StoreError as err:  # damaged file moved aside, store closed…: translated by its code, logged
            log.warning("store: %s", err.message)
            self.error = RuleViolation("", err.code or "store_problem", **err.params, detail=err.message,
                                       text=err.message)
        except Exception:  # noqa: BLE001 - the user gets a message, the log the traceback
            log.exception("intent %s failed", method.__name__)
            self.error = RuleViolation("", "unexpected", text="unexpected error")
        finally:
            self._busy = False
            self.notify()
        return None

    return wrapper


@ft.observable
@dataclass
class AppState:
    """Everything one tab shows. Public fields are observed: assigning one re-renders.

    ``match`` is this tab's own copy of the engine's :class:`Match` (scores
    in raw points per side; ``match.points`` are display points), at store
    version ``version``. Seats are 0-based player indices, sides index
    ``match.side_names``. ``announce(match_id, version)``, if set, is told of
    every change this tab writes (so other tabs showing the match refresh).
    """

    store: Any
    data_dir: str
    lang: str = "en"
    screen: str = HOME
    width: float = 390
    _busy: bool = False
    error: RuleViolation | None = None
    # the open match
    match_id: str | None = None
    match: Match | None = None
    version: int = 0  # the store version of ``match``: passed as expected_version with each write
    announce: Any = None
    selected_tile: Tile | None = None
    selected_spot: Spot | None = None
    spot_tapped: bool = False  # the selected spot was tapped (not chosen by itself as the tile's only spot)
    drawn: bool = False
    drawing: bool = False
    last_info: PlacementInfo | None = None
    settlement: list = field(default_factory=list)
    lot_seat: int | None = None
    reveal_seat: int = 0
    reveal_tiles: dict = field(default_factory=dict)
    reveal_totals: dict = field(default_factory=dict)
    # the new-match form
    form_variant: str = "horse-race"
    form_count: int = 2
    form_names: list = field(default_factory=lambda: ["", "", "", ""])
    form_partnerships: bool = False
    recent_names: list = field(default_factory=list)
    unfinished: list = field(default_factory=list)
    # history, review, import and export (intents in history_actions.py)
    history: list = field(default_factory=list)  # [MatchSummary], newest first, filtered
    history_shown: int = 50  # rows drawn (a long history is shown page by page)
    history_filter: dict = field(default_factory=lambda: {"player": "", "variant": None, "since": "", "until": "",
                                                          "finished": None})
    stats: list = field(default_factory=list)  # [PlayerStats]
    history_tab: str = "matches"  # on a phone: "matches" or "stats"
    review: Any = None  # review_steps.Review: the match reviewed and the step shown
    notice: Any = None  # history_actions.Notice: what the last import or export did
    settings_from: str | None = None  # the screen Settings returns to

    # ------------------------------------------------------------ helpers
    @property
    def busy(self) -> bool:
        """True while an intent is being recorded (further taps are ignored until it is done)."""
        return self._busy

    @property
    def t(self) -> Translator:
        """The translator of the chosen language."""
        return Translator(self.lang)

    async def _call(self, fn, *args):
        return await asyncio.to_thread(fn, *args)

    def _clear_entry(self) -> None:
        self.selected_tile = None
        self.selected_spot = None
        self.spot_tapped = False
        self.drawn = False
        self.drawing = False
        self.error = None

    def _show(self, match: Match) -> None:
        self.match = match
        self._clear_entry()
        self.reveal_tiles = {}
        self.reveal_totals = {}
        self.reveal_seat = 0

    # ------------------------------------------------------------ navigation
    @guarded
    async def start(self) -> None:
        """On opening a tab: the saved language, and the match last played if it is unfinished
        (else the most recently active unfinished one): resume."""
        saved = settings.load(self.data_dir)
        self.lang = saved.get("lang") or self.lang
        self.unfinished = await self._call(self.store.unfinished_matches)
        resume = await self._call(match_to_resume, self.data_dir, self.unfinished, settings.last_match(self.data_dir))
        if resume is not None:
            await self._open(resume)
        else:
            self.screen = HOME

    @guarded
    async def go(self, screen: str) -> None:
        """Show ``screen`` (HOME, NEW_MATCH, TABLE, SETTINGS, HISTORY); loads what it lists."""
        self.error = None
        self.notice = None
        if screen == SETTINGS and self.screen != SETTINGS:
            self.settings_from = self.screen
        if screen == HISTORY:
            from .history_actions import load_history  # that module imports this one

            try:
                await load_history(self)
            except RuleViolation as err:  # a typed date that is no date: listed without it, the screen says why
                self.error = err
        if screen == HOME:
            self.unfinished = await self._call(self.store.unfinished_matches)
        if screen == NEW_MATCH:
            self.recent_names = await self._call(self.store.recent_player_names, 12)
        # back from settings: another tab may have moved on meanwhile
        if (screen == TABLE and self.match_id is not None and self.match is not None
                and await self._call(self.store.version, self.match_id) != self.version):
            await self._reload()
        self.screen = screen

    @guarded
    async def open_match(self, match_id: str) -> None:
        """Open a stored match on the table screen."""
        await self._open(match_id)

    async def _open(self, match_id: str) -> None:
        self.match_id = match_id
        await self._reload()
        self.notice = None  # a notice belongs to the screen that made it
        self.screen = TABLE
        await self._remember()

    async def _reload(self) -> None:
        """Show the open match as the store has it now (this tab's own copy, at the current version)."""
        match, version = await self._call(snapshot, self.store, self.match_id)
        self.version = version
        self._show(match)
        self.last_info = self._last_placement()
        self.settlement = last_settlement(match)
        self.lot_seat = None

    async def follow(self, match_id: str, version: int) -> None:
        """Another tab changed ``match_id``, now at ``version``: if this tab shows it, show it as it is now.

        Waits for this tab's own write in progress (which may itself have seen the change). The entry
        in progress (selected tile, spot, hands) is dropped: it was meant for the old position. Other
        matches' changes cost nothing (no re-render).
        """
        while self._busy:
            await asyncio.sleep(0.02)
        if match_id == self.match_id and self.match is not None and version > self.version:
            await self._refresh()

    @guarded
    async def _refresh(self) -> None:
        await self._reload()

    async def _written(self, fn, *args):
        """Run a store write (``fn(match_id, …, expected_version)``) in a thread.

        If another tab changed the match since this one showed it (:class:`StaleView`), nothing
        was written: show the match as it is now and raise ``ui_stale_view`` (enter the move again).
        """
        try:
            return await self._call(fn, self.match_id, *args, self.version)
        except StaleView:
            await self._reload()
            raise RuleViolation("", "ui_stale_view", text="this match was changed on another screen; "
                                "here it is now: enter the move again") from None

    def _changed(self) -> None:
        """After this tab's write: tell the other tabs (those showing the match re-read it)."""
        if self.announce is not None:
            self.announce(self.match_id, self.version)

    async def _remember(self) -> None:
        """Save the open match as the one last played (resumed on start), best effort.

        Called after the store's write: that write stands whatever happens here, so a settings
        file that cannot be written (disk full, read-only folder) is logged, never reported as
        "nothing was recorded" (the user would enter the move again: a legal duplicate).
        """
        if not settings.needs_remembering(self.data_dir, self.match_id):
            return
        try:
            await self._call(settings.remember_match, self.data_dir, self.match_id)
        except OSError as err:
            log.warning("could not remember %s as the match last played: %s", self.match_id, err)

    def _last_placement(self) -> PlacementInfo | None:
        """The explanation of the round's last move if it was a placement, else ``None``
        (the tab's copy is always folded with explanations, ``explain=True``)."""
        r = self.match.round if self.match else None
        if r is None or not r.moves:
            return None
        return r.placements.get(len(r.moves) - 1)

    @guarded
    async def set_language(self, lang: str) -> None:
        """Switch every screen to ``lang`` and remember it in the data folder."""
        self.lang = lang
        await self._call(settings.save, self.data_dir, {"lang": lang})

    # ------------------------------------------------------------ new match
    def form_seating_rule(self) -> tuple[bool, bool]:
        """``(partnerships allowed, partnerships required)`` for the form's game and count (H1, E1)."""
        rules = get_variant(self.form_variant)
        allowed = required = False
        try:
            rules.check_players(self.form_count, True)
            allowed = True
        except RuleViolation:
            pass
        try:
            rules.check_players(self.form_count, False)
        except RuleViolation:
            required = allowed
        return allowed, required

    def set_form(self, **values) -> None:
        """Change fields of the new-match form (variant, count, partnerships)."""
        for key, value in values.items():
            setattr(self, f"form_{key}", value)
        allowed, required = self.form_seating_rule()
        if required:
            self.form_partnerships = True
        elif not allowed:
            self.form_partnerships = False

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for ``seat`` (trimmed to ``MAX_NAME`` characters).

        Kept without a re-render, as the history's text filters are: a re-render per key sends the
        field's value back to the browser while the user types on, and on a loaded machine that
        older value overwrote a key typed meanwhile ("Bo" became "B"). The field shows what is typed.
        """
        names = list(self.form_names)
        names[seat] = name[:MAX_NAME]
        object.__setattr__(self, "form_names", names)  # not observed: no re-render

    def add_recent(self, name: str) -> None:
        """Put a recently used name in the first empty seat."""
        names = list(self.form_names)
        for seat in range(self.form_count):
            if not names[seat].strip():
                names[seat] = name
                break
        self.form_names = names

    def form_players(self) -> list[str]:
        """The names for the new match: typed, or "Player N" translated."""
        return [self.form_names[s].strip() or self.t("ui.player_n", n=s + 1) for s in range(self.form_count)]

    @guarded
    async def create_match(self) -> None:
        """Create the match in the store (the engine checks the seating, H1/E1) and open it."""
        players = self.form_players()
        if len(set(players)) != len(players):
            raise RuleViolation("", "ui_same_names", text="two players have the same name")
        match_id = await self._call(self.store.create_match, self.form_variant, players,
                                    self.form_partnerships)
        self.form_names = ["", "", "", ""]
        await self._open(match_id)

    # ------------------------------------------------------------ rounds
    @guarded
    async def start_round(self, starter: int) -> None:
        """Start the next round led by seat ``starter`` (entered, or S10's required starter)."""
        self.lot_seat = None
        await self._record(StartRound(starter))
        self.settlement = []

    @guarded
    async def draw_lot(self) -> None:
        """S3/S10: a neutral lot among the seats (``secrets``), then start the round with it."""
        seat = secrets.randbelow(self.match.n)
        await self._record(StartRound(seat))
        self.settlement = []
        self.lot_seat = seat  # shown until the round's first move

    async def _record(self, action) -> tuple[ScoreEvent, ...]:
        """Record ``action`` (built from what this tab shows) and fold it into this tab's copy.

        The store validated it against the same position (same version), so the engine folds it
        here exactly as there; the store's live match is never kept (it changes with other tabs' moves).
        """
        result = await self._written(self.store.record, action)
        try:
            events = self.match.apply(action)
            self.version = result.version
        except RuleViolation:  # cannot happen with the same fold; if it does, the store is the truth
            log.exception("tab copy of %s disagrees with the store", self.match_id)
            events = result.events
            await self._reload()  # sets the version read with the copy (maybe newer than this write's)
        self.lot_seat = None  # the lot's result is shown until the first move
        self._show(self.match)
        self._changed()  # first: the move is stored whatever happens next
        await self._remember()
        return tuple(events)

    # ------------------------------------------------------------ the table
    def legal_spots(self, tile: Tile) -> list[Spot]:
        """Open spots where ``tile`` may join (the engine's ``spots_for``)."""
        r = self.match.round
        return r.layout.spots_for(tile) if r is not None else []

    def pickable(self, tile: Tile) -> bool:
        """Whether the picker offers ``tile``: not on the table, and it fits an open spot (any tile may lead).

        A tile that fits elsewhere but not the selected spot stays offered (dimmed, see
        :meth:`dimmed`): tapping it chooses it and lets go of that spot.
        """
        r = self.match.round
        if r is None or tile in r.layout.on_table:
            return False
        return not r.layout.tiles or bool(r.layout.spots_for(tile))

    def dimmed(self, tile: Tile) -> bool:
        """True for an offered tile that does not fit the spot chosen first (a spot, no tile yet):
        the picker dims it. Once a tile is chosen nothing is dimmed (a pick then rebuilds two tiles, not all)."""
        return (self.selected_spot is not None and self.selected_tile is None and self.pickable(tile)
                and self.selected_spot not in self.legal_spots(tile))

    def pick_tile(self, tile: Tile) -> None:
        """Select (or unselect) a tile; a single legal spot is chosen by itself.

        A selected spot the tile does not fit is let go (the tile is what the user chose last).
        """
        self.error = None
        if self.selected_tile == tile:
            self.selected_tile = None
            return
        self.selected_tile = tile
        spots = self.legal_spots(tile)
        if self.selected_spot not in spots:
            self.selected_spot = spots[0] if len(spots) == 1 else None
            self.spot_tapped = False

    def pick_spot(self, spot: Spot) -> None:
        """Select an open spot, or let go of it when it is the one selected by a tap (the tile stays
        selected); a selected tile that does not fit the new spot is dropped.

        A spot chosen by itself (the tile's only spot) and then tapped is kept: the tap confirms it.
        """
        self.error = None
        if spot == self.selected_spot and self.spot_tapped:
            self.selected_spot = None
            self.spot_tapped = False
            return
        self.selected_spot = spot
        self.spot_tapped = True
        if self.selected_tile is not None and spot not in self.legal_spots(self.selected_tile):
            self.selected_tile = None

    def must_play_drawn(self) -> bool:
        """True when the turn's only move is the drawn tile that fits (S8)."""
        turn = self.match.turn
        return turn is not None and turn.must == "drawn"

    def toggle_drawn(self) -> None:
        """Mark the next placement as a tile just drawn from the stock (its first draw fitted)."""
        self.drawn = not self.drawn

    def can_play(self) -> bool:
        """A tile is selected and, unless it is the lead, its spot too."""
        r = self.match.round if self.match else None
        if r is None or self.match.status != "move" or self.selected_tile is None:
            return False
        return self.selected_spot is not None or not r.layout.tiles

    @guarded
    async def play(self) -> None:
        """Record the selected placement; keep its scoring ends and award for the explanation."""
        turn = self.match.turn
        tile, spot = self.selected_tile, self.selected_spot
        drawn = self.drawn or self.must_play_drawn()
        await self._record(Play(turn.seat, tile, spot, drawn))
        self.last_info = self._last_placement()

    def open_draw(self) -> None:
        """Show the question "how many tiles did not fit?"."""
        self.error = None
        self.drawing = not self.drawing

    @guarded
    async def draw(self, count: int) -> None:
        """``count`` drawn tiles did not fit (S8). 0: the first drawn tile fits, so mark the next play as drawn."""
        self.drawing = False
        if count == 0:
            self.drawn = True
            return
        await self._record(Draw(self.match.turn.seat, count))
        self.last_info = None  # as after a pass, and as another tab or a reload shows it

    @guarded
    async def pass_turn(self) -> None:
        """The player cannot play and the stock is empty (S8)."""
        await self._record(Pass(self.match.turn.seat))
        self.last_info = None

    @guarded
    async def undo(self) -> None:
        """Take back the last entry (the store appends the undo; this tab refolds its copy the same way)."""
        await self._written(self.store.undo)
        m = self.match
        self.version += 1  # the undo event
        self._show(Match.replay(m.variant, m.players, m.partnerships, m.actions[:-1], explain=True))
        self.last_info = self._last_placement()
        self.settlement = last_settlement(self.match)
        self.lot_seat = None
        self._changed()

    # ------------------------------------------------------------ round end
    def reveal_pick(self, tile: Tile) -> None:
        """Add or remove ``tile`` in the hand being entered for ``reveal_seat`` (a refusal shown is dropped:
        the hands it was about are being changed)."""
        self._drop_error()
        tiles = {seat: list(hand) for seat, hand in self.reveal_tiles.items()}
        for seat, hand in tiles.items():
            if tile in hand and seat != self.reveal_seat:
                hand.remove(tile)
        hand = tiles.setdefault(self.reveal_seat, [])
        if tile in hand:
            hand.remove(tile)
        else:
            hand.append(tile)
        self.reveal_totals = {s: v for s, v in self.reveal_totals.items() if s != self.reveal_seat}
        self.reveal_tiles = tiles

    def set_reveal_total(self, seat: int, text: str) -> None:
        """A pip total typed for ``seat`` instead of its tiles: the seat's tapped tiles are dropped
        (one or the other counts, and the last entered is the one the user sees and means). A refusal
        shown (e.g. a total that was no number) is dropped: it was about the text being changed."""
        self._drop_error()
        totals = dict(self.reveal_totals)
        totals[seat] = text  # as typed (what the field holds); read stripped
        self.reveal_totals = totals
        if text.strip() and self.reveal_tiles.get(seat):
            self.reveal_tiles = {s: hand for s, hand in self.reveal_tiles.items() if s != seat}

    def _drop_error(self) -> None:
        if self.error is not None:  # assigned only when set: each assignment re-renders the tab
            self.error = None

    def reveal_hands(self) -> dict[int, list[Tile] | int]:
        """The hands as entered, for :class:`Reveal`: tiles, else a pip total; an empty hand is ``[]``.

        Raises :class:`RuleViolation` (``ui_hand_missing``) for a seat with
        nothing entered, ``ui_bad_total`` for a total that is not a whole number 0 or more.
        """
        r = self.match.round
        hands: dict[int, list[Tile] | int] = {}
        for seat in range(self.match.n):
            tiles = self.reveal_tiles.get(seat) or []
            total = self.reveal_totals.get(seat, "").strip()
            if r.hand_sizes[seat] == 0:
                hands[seat] = []
            elif tiles:
                hands[seat] = sorted(tiles)
            elif total:
                if not total.isdecimal():  # digits only: "-3", "2.5", "²" are not pip totals
                    raise RuleViolation("", "ui_bad_total", name=self.match.players[seat], total=total,
                                        text="a pip total is a whole number, 0 or more")
                hands[seat] = int(total)
            else:
                raise RuleViolation("", "ui_hand_missing", name=self.match.players[seat],
                                    count=r.hand_sizes[seat], text="enter the tiles left")
        return hands

    @guarded
    async def reveal(self) -> None:
        """Settle the round with the entered hands; the engine checks them against the table."""
        await self._record(Reveal(self.reveal_hands()))
        self.settlement = last_settlement(self.match)
        self.last_info = None


def last_settlement(match: Match) -> list[ScoreEvent]:
    """The score events of the last round's settlement (domino, settlement or block; H8–H10, E6–E8)
    while the match waits for the next round or is finished, else ``[]``: so a tab opened between
    rounds shows it too."""
    r = match.round
    if r is None or not r.settled or match.status not in ("start-round", "finished"):
        return []
    return r.settlement  # with the awards of 0 raw: a settlement worth nothing is still shown
