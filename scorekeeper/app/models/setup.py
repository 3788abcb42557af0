"""The new-match form: the game, 2–4 players with names (recent names offered), partnerships where allowed."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...rules import RuleViolation
from ...rules.variants import HORSE_RACE, VARIANTS, get_variant
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch
from .shell import Shell

MAX_NAME = 24  # characters of a player's name
GAMES = tuple(VARIANTS)  # the games offered, in the engine's order
SEATS = (2, 3, 4)


@dataclass(eq=False)
class SetupForm(ft.Observable):
    """``variant`` (a :data:`GAMES` name), ``count`` of players, :attr:`names` typed per seat (4 kept, the
    first ``count`` used; empty = "Player N"), ``partnerships``, and ``recent`` names offered."""

    shell: Shell
    table: OpenMatch
    variant: str = HORSE_RACE
    count: int = 2
    partnerships: bool = False
    recent: list[str] = field(default_factory=list)
    # private, so typing re-renders nothing: a re-render per key would send the field's text back to the
    # browser while the user types on (see parts.widgets.text_entry); the field itself shows what is typed
    _names: list[str] = field(default_factory=lambda: ["", "", "", ""])

    @property
    def names(self) -> list[str]:
        """The name typed per seat (all four kept)."""
        return self._names

    def _set_names(self, names: list[str]) -> None:
        """Names set by the app (not typed): the form is drawn again with them."""
        self._names = names
        self.notify()

    def seating_rule(self) -> tuple[bool, bool]:
        """``(partnerships allowed, partnerships required)`` for the form's game and count (H1, E1)."""
        rules = get_variant(self.variant)
        allowed = required = False
        try:
            rules.check_players(self.count, True)
            allowed = True
        except RuleViolation:
            pass
        try:
            rules.check_players(self.count, False)
        except RuleViolation:
            required = allowed
        return allowed, required

    def set_form(self, **values: object) -> None:
        """Change fields of the form (``variant=``, ``count=``, ``partnerships=``); partnerships follow the
        game's seating rule (on where required, off where not allowed)."""
        for key, value in values.items():
            setattr(self, key, value)
        allowed, required = self.seating_rule()
        if required:
            self.partnerships = True
        elif not allowed:
            self.partnerships = False

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for ``seat`` (trimmed to :data:`MAX_NAME` characters); re-renders nothing."""
        self._names = [*self._names[:seat], name[:MAX_NAME], *self._names[seat + 1:]]

    def add_recent(self, name: str) -> None:
        """Put a recently used name in the first empty seat."""
        names = list(self.names)
        for seat in range(self.count):
            if not names[seat].strip():
                names[seat] = name
                break
        self._set_names(names)

    def players(self) -> list[str]:
        """The names for the new match: typed, or "Player N" translated."""
        return [self.names[s].strip() or self.shell.t("ui.player_n", n=s + 1) for s in range(self.count)]

    async def load_recent(self) -> None:
        """Read the names recently played (offered as chips)."""
        store = self.shell.services.store
        self.recent = await self.shell.services.call(store.recent_player_names, 12)

    @intent
    async def create(self) -> None:
        """Create the match in the store (the engine checks the seating, H1/E1) and open it on the table.

        Raises the problem ``ui_same_names`` when two players have the same name.
        """
        players = self.players()
        if len(set(players)) != len(players):
            raise Problem("ui_same_names")
        store = self.shell.services.store
        match_id = await self.shell.services.call(store.create_match, self.variant, players, self.partnerships)
        self._set_names(["", "", "", ""])
        await self.table.open(match_id)
