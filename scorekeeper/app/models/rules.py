"""The Rules screen's state: which game's rules are shown, the rule asked about, the screen to go back to."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ...rulebook import game_of, rules_of
from ...rules.variants import HORSE_RACE
from ..navigation import Screen
from .open_match import OpenMatch
from .setup import SetupForm
from .shell import Shell


@dataclass(eq=False)
class RulesGuide(ft.Observable):
    """``game`` (``horse-race`` / ``exact-61``) whose rules are listed; ``focus`` the rule shown alone
    (a rule id such as ``"S8"``, from a link in a message or the index), ``None`` for the whole list;
    ``back`` the screen the Rules screen was opened from. ``setup`` and ``table``: the game chosen on the
    new-match form, the game of the match open (the one listed when the screen opens)."""

    shell: Shell
    setup: SetupForm
    table: OpenMatch
    game: str = HORSE_RACE
    focus: str | None = None
    back: Screen = Screen.HOME
    _asked: bool = False  # a rule was just asked for (a link): opening the screen keeps it

    async def enter(self, came_from: Screen) -> None:
        """The Rules screen is shown, from ``came_from``: the back arrow returns there, and the list is of the
        game chosen (from the new-match form) or played (the match open). Shown again (a language switch)
        it stays as it is."""
        if came_from != Screen.RULES:
            match = self.table.match
            game = self.setup.variant if came_from == Screen.NEW_MATCH else match.variant if match else None
            self.opened_from(came_from, game)

    def opened_from(self, screen: Screen, game: str | None) -> None:
        """The Rules screen is opened from ``screen``: a link shows the rule it named; otherwise the whole
        list, of ``game`` (the open match's) if there is one."""
        self.back = screen
        if not self._asked:
            self.focus = None
            if game is not None:
                self.game = game
        self._asked = False

    def choose_game(self, game: str) -> None:
        """List the rules of ``game``."""
        self.game, self.focus = game, None

    def show(self, rule: str, game: str | None = None) -> None:
        """Show rule ``rule`` alone; a game's own rule (H…, E…) switches to that game, a shared one (S…)
        goes to ``game`` (the open match's, where the message came from) or stays in the game shown."""
        self.game = game_of(rule, game or self.game)
        if rule in rules_of(self.game):
            self.focus = rule
            self._asked = True

    def show_all(self) -> None:
        """Back to the whole list of the game's rules."""
        self.focus = None
