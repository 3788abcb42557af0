"""The host's Event screen (issue 23 item 5): the club's events, a new event's form, the club's players, the
event's roster with check-in, late entries and withdrawals, and the standings after the rounds so far.

Everything is read from and written to the club store (:class:`~scorekeeper.store.club.ClubStore`, through
``services.club``: a tab of a scorer or viewer gets :class:`~scorekeeper.server.store_guard.GuardedClub`,
which refuses every write). The game and its house rules are chosen with a :class:`SetupForm` of the tab's
own (the New match form's model and its House rules section: no rule logic here); the club's points scheme,
fixture length and tie-breaks are the engine's :class:`~scorekeeper.club.ClubRules` with the defaults of
:data:`DEFAULT_RULES`. A refusal the club engine raises names players by their names (:func:`named`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

import flet as ft

from ...club import (
    ClubError,
    ClubRules,
    Criterion,
    FixtureLength,
    Format,
    LengthKind,
    LoserBonus,
    Player,
    PointsScheme,
    Row,
    Status,
)
from ...rules.names import MAX_NAME_TEXT
from ...store.club import EventInfo, EventSetup, EventState
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch
from .setup import SetupForm
from .shell import Shell

T = TypeVar("T")

FORMATS = tuple(Format)  # offered in the engine's order
LENGTHS = (LengthKind.ONE_GAME, LengthKind.BEST_OF, LengthKind.ALL_COUNTED)
GAME_COUNTS = {LengthKind.ONE_GAME: (1,), LengthKind.BEST_OF: (3, 5, 7), LengthKind.ALL_COUNTED: (3, 5, 9)}
#: a club night's usual rules: 2 for a win, 1 a draw, 2 a bye; head-to-head, then Buchholz
DEFAULT_RULES = ClubRules()
MAX_EVENT_NAME = 200  # the store's bound (store/club.py MAX_TEXT)
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def named(err: ClubError, names: Mapping[str, str]) -> ClubError:
    """``err`` with the player ids in its values put as the players' names (``p1a2b3c4d`` → ``Ann``), so a
    refusal says "Ann is at two tables"; a unit of two is ``Ann & Bo``."""

    def shown(value: object) -> object:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, tuple | list) and value and all(isinstance(v, str) for v in value):
            return " & ".join(str(shown(v)) for v in value)
        if isinstance(value, tuple | list):
            return [shown(v) for v in value]
        return value

    params = {key: shown(value) for key, value in err.params.items()}
    return type(err)(err.code, err.text, **params)


async def club_call(shell: Shell, names: Mapping[str, str], fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` (a blocking club store call) in a worker thread; a club engine refusal comes
    back with its players named (:func:`named`). The message shown before is dropped: it was about the
    state this call changes."""
    shell.error = None
    try:
        return await shell.services.call(lambda: fn(*args, **kwargs))
    except ClubError as err:
        raise named(err, names) from None


@dataclass(eq=False)
class EventDesk(ft.Observable):
    """The Event screen's state.

    ``events``: the club's events, newest first (:class:`EventInfo`); ``players``: the club's list.
    ``state``: the event open (``None``: the list and the form are shown), ``rows``: its standings.
    ``form_open``: the new event's form shown; the form's fields: ``format``, ``length``, ``games`` (of a
    fixture), ``win`` / ``draw`` / ``loss`` / ``bye`` points, ``per_game``, ``loser_bonus`` (1 point for a
    fixture lost by one game), ``tie_breaks`` (the club's order), ``picked`` (the players entered, in seed
    order); the game and its house rules are ``game`` (a :class:`SetupForm`: ``partnerships`` on is an event
    of fixed pairs, seeds 1+2, 3+4…). ``renaming``: the player whose name is being changed.
    The texts typed (event name, date, a new player's name, a rename) are private: typing re-renders nothing.
    """

    shell: Shell
    table: OpenMatch
    game: SetupForm
    events: tuple[EventInfo, ...] = ()
    players: tuple[Player, ...] = ()
    state: EventState | None = None
    rows: tuple[Row, ...] = ()
    form_open: bool = False
    format: Format = Format.SWISS
    length: LengthKind = LengthKind.ONE_GAME
    games: int = 1
    win: int = DEFAULT_RULES.scheme.win
    draw: int = DEFAULT_RULES.scheme.draw
    loss: int = DEFAULT_RULES.scheme.loss
    bye: int = DEFAULT_RULES.scheme.bye
    per_game: bool = False
    loser_bonus: bool = False
    tie_breaks: tuple[Criterion, ...] = DEFAULT_RULES.tie_breaks
    picked: tuple[str, ...] = ()
    renaming: str | None = None
    _name: str = ""
    _day: str = ""
    _new_player: str = ""
    _rename: str = ""

    @property
    def club(self) -> Any:
        return self.shell.services.club

    @property
    def names(self) -> dict[str, str]:
        """Player id → name: the club's list, and the event's roster (a player imported with an event)."""
        names = {p.id: p.name for p in self.players}
        if self.state is not None:
            names.update({e.player.id: e.player.name for e in self.state.roster.entries})
        return names

    @property
    def may_change(self) -> bool:
        """Whether this tab may change the club (a host's): elsewhere no button that writes is shown."""
        return self.shell.services.access.may_host()

    def unit_words(self, unit: tuple[str, ...]) -> str:
        """A side as the screens say it: ``Ann`` or ``Ann & Bo``."""
        names = self.names
        return " & ".join(names.get(p, p) for p in unit)

    # ------------------------------------------------------------ reading
    async def enter(self) -> None:
        """The screen is shown: the events and the players read (the event open, if any, again)."""
        await self.load()

    async def load(self) -> None:
        club = self.club
        self.events = tuple(await self.shell.services.call(club.list_events))
        self.players = tuple(await self.shell.services.call(club.players))
        if self.state is not None:
            await self._read(self.state.id)

    async def _read(self, event_id: str) -> None:
        club = self.club
        self.state = await self.shell.services.call(club.event, event_id)
        self.rows = tuple(await club_call(self.shell, self.names, club.standings, event_id))

    # ------------------------------------------------------------ the list and the form
    @intent
    async def open_event(self, event_id: str) -> None:
        """Show event ``event_id``: its roster, rounds and standings."""
        self.form_open = False
        await self._read(event_id)

    @intent
    async def close_event(self) -> None:
        """Back to the list of events."""
        self.state = None
        self.rows = ()
        self.renaming = None
        await self.load()

    @intent
    async def open_form(self) -> None:
        """Show the new event's form (today's date, the club's usual rules, the players picked: none)."""
        self.form_open = True
        self.state = None
        self._day = date.today().isoformat()
        self.game.house = self.shell.services.house_rules(self.game.variant)

    @intent
    async def close_form(self) -> None:
        self.form_open = False

    def set_form(self, **values: object) -> None:
        """Change fields of the form (``format=``, ``length=``, ``win=``…); a new fixture length takes its
        first number of games, a number no longer offered is set to the first one that is."""
        for key, value in values.items():
            setattr(self, key, value)
        if self.games not in GAME_COUNTS[self.length]:
            self.games = GAME_COUNTS[self.length][0]

    def toggle_tie_break(self, criterion: Criterion) -> None:
        """Use ``criterion`` (appended: the club's order is the order tapped) or leave it out."""
        if criterion in self.tie_breaks:
            self.tie_breaks = tuple(c for c in self.tie_breaks if c is not criterion)
        else:
            self.tie_breaks = (*self.tie_breaks, criterion)

    def pick(self, player_id: str) -> None:
        """Enter a club player in the new event (appended to the seed order), or take them out."""
        if player_id in self.picked:
            self.picked = tuple(p for p in self.picked if p != player_id)
        else:
            self.picked = (*self.picked, player_id)

    def name_text(self) -> str:
        return self._name

    def day_text(self) -> str:
        return self._day

    def set_name(self, text: str) -> None:
        self._name = text[: MAX_EVENT_NAME * 2]

    def set_day(self, text: str) -> None:
        self._day = text[:40]

    def set_new_player(self, text: str) -> None:
        self._new_player = text[:MAX_NAME_TEXT]

    def set_rename(self, text: str) -> None:
        self._rename = text[:MAX_NAME_TEXT]

    def rename_text(self) -> str:
        return self._rename

    def day(self) -> date:
        """The date typed; :class:`Problem` ``ui_bad_date`` / ``ui_no_such_date`` for one that is none."""
        text = self._day.strip()
        if not _DAY.fullmatch(text):
            raise Problem("ui_bad_date", {"value": text})
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise Problem("ui_no_such_date", {"value": text}) from None

    def club_rules(self) -> ClubRules:
        """The form's points scheme, fixture length and tie-breaks (the engine's checks raise ``SetupError``)."""
        scheme = PointsScheme(
            win=self.win,
            draw=self.draw,
            loss=self.loss,
            bye=self.bye,
            per_game=self.per_game,
            loser_bonus=LoserBonus(1, 1) if self.loser_bonus else None,
        )
        return ClubRules(scheme, FixtureLength(self.length, self.games), self.tie_breaks)

    def setup(self) -> EventSetup:
        """The event the form describes: the pairs are the players picked two by two, in seed order."""
        pairs: tuple[tuple[str, ...], ...] = ()
        if self.game.partnerships:
            if len(self.picked) % 2:
                raise Problem("ui_pairs_odd", {"count": len(self.picked)})
            pairs = tuple(tuple(self.picked[i : i + 2]) for i in range(0, len(self.picked), 2))
        name = self._name.strip() or self.shell.t("ui.club.default_name", day=self.day().isoformat())
        return EventSetup(
            name, self.day(), self.game.variant, self.game.in_effect(), self.format, self.club_rules(), pairs
        )

    @intent
    async def create(self) -> None:
        """Create the event of the players picked (all checked in) and open it. Refusals: the date
        (``ui_bad_date``), an odd count for pairs (``ui_pairs_odd``), the engine's setup checks, the store's
        (``club_bad_setup``, a name it refuses)."""
        self.game._apply_target()
        setup = self.setup()
        club = self.club
        event_id = await club_call(self.shell, self.names, club.create_event, setup, list(self.picked))
        self.form_open = False
        self.picked = ()
        self._name = ""
        await self.load()
        await self._read(event_id)

    # ------------------------------------------------------------ players
    @intent
    async def add_player(self) -> None:
        """Add the name typed to the club's list (the names policy); in the form it is picked, in an event
        it is a late entry (checked in)."""
        club = self.club
        player = await self.shell.services.call(club.add_player, self._new_player)
        self._new_player = ""
        self.players = (*self.players, player)
        if self.state is not None:
            await club_call(self.shell, self.names, club.enter, self.state.id, player.id)
            await self._read(self.state.id)
        elif self.form_open:
            self.picked = (*self.picked, player.id)

    def start_rename(self, player_id: str | None) -> None:
        """Open (or, with ``None``, close) the rename field of a player."""
        self.renaming = player_id
        self._rename = self.names.get(player_id, "") if player_id else ""

    @intent
    async def save_rename(self) -> None:
        """The new name (the names policy; the id and every result stay)."""
        if self.renaming is None:
            return
        club = self.club
        player = await self.shell.services.call(club.rename_player, self.renaming, self._rename)
        self.players = tuple(player if p.id == player.id else p for p in self.players)
        self.renaming = None
        if self.state is not None:
            await self._read(self.state.id)

    # ------------------------------------------------------------ the roster, between rounds
    @intent
    async def set_present(self, player_id: str, present: bool) -> None:
        """Check a player in for the next round, or out."""
        await self._change(lambda club, event_id: club.check_in(event_id, player_id, present))

    @intent
    async def withdraw(self, player_id: str) -> None:
        """A player leaves the event (never paired again; their results stay)."""
        await self._change(lambda club, event_id: club.withdraw(event_id, player_id))

    @intent
    async def enter_player(self, player_id: str) -> None:
        """A late entry of a club player not yet in the event (checked in)."""
        await self._change(lambda club, event_id: club.enter(event_id, player_id))

    async def _change(self, write: Callable[[Any, str], object]) -> None:
        if self.state is None:
            return
        club, event_id = self.club, self.state.id
        await club_call(self.shell, self.names, write, club, event_id)
        await self._read(event_id)

    def status(self, player_id: str) -> Status | None:
        """The player's status in the open event (``None``: not entered)."""
        if self.state is None or player_id not in self.state.roster.ids():
            return None
        return self.state.roster.status(player_id)

    def not_entered(self) -> list[Player]:
        """The club's players not in the open event (a late entry is one tap)."""
        entered = set(self.state.roster.ids()) if self.state is not None else set()
        return [p for p in self.players if p.id not in entered]
