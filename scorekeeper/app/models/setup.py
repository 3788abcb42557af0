"""The new-match form: the game, 2–4 players with names (recent names offered), partnerships where allowed,
and the table's house rules (the house options, docs/house-rules.md; the last set used per game is remembered)."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...rules import RuleViolation
from ...rules.house import OPTION_BY_NAME, OptionInfo, Value, house_rules_for_seating
from ...rules.names import MAX_NAME_LENGTH, MAX_NAME_TEXT
from ...rules.variants import GAMES as ENGINE_GAMES
from ...rules.variants import HORSE_RACE, get_variant, house_rule_menu
from ..navigation import Screen
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch
from .shell import Shell

# The names field's length: the names policy's (rules/names.py), so what can be typed can be saved,
# and a name imported at that length can be renamed.
MAX_NAME = MAX_NAME_LENGTH
GAMES = ENGINE_GAMES  # the games offered, in the engine's order (RULES.md's two, then the presets)
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
    # the house rules chosen (not the game's own), kept whole while the seating changes: R8 chosen at four in
    # partnerships stays chosen at two, where it is neither offered nor recorded (see in_effect)
    house: dict[str, Value] = field(default_factory=dict)
    house_open: bool = False  # the House rules section unfolded
    # private, so typing re-renders nothing: a re-render per key would send the field's text back to the
    # browser while the user types on (see parts.widgets.text_entry); the field itself shows what is typed
    _names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    _target: str | None = None  # the target typed (R7), not yet applied; None: the field shows the one in effect

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
        game = self.variant
        for key, value in values.items():
            setattr(self, key, value)
        if self.variant != game:  # another game: its own favourite set
            self.house = self.shell.services.house_rules(self.variant)
            self._target = None
        allowed, required = self.seating_rule()
        if required:
            self.partnerships = True
        elif not allowed:
            self.partnerships = False

    def house_menu(self) -> list[OptionInfo]:
        """The house-rule options of the form's game for its seating, each with the game's own value (rule
        order): R8 (the partner's pips) only with partnerships, where it can apply."""
        return house_rule_menu(self.variant, self.partnerships)

    def in_effect(self) -> dict[str, Value]:
        """The house rules the new match will record: those chosen that its seating can apply (no R8
        without partnerships: the engine would count no partner's pips)."""
        return house_rules_for_seating(self.house, self.partnerships)

    def house_value(self, name: str) -> Value:
        """The value of option ``name`` the new match will play: the chosen house rule, else the game's own."""
        return self.house.get(name, get_variant(self.variant).options[name])

    @intent
    async def set_house(self, name: str, value: Value) -> None:
        """Choose ``value`` for option ``name``; the engine checks it with the other choices (a conflict is
        refused naming its rule, R5/R11, and nothing changes). The game's own value turns the rule off."""
        self._choose(name, value)

    def _choose(self, name: str, value: Value) -> None:
        rules = get_variant(self.variant, {**self.house, name: value})  # raises RuleViolation
        self.house = dict(rules.house_rules)
        if name == "target":  # a target tapped replaces one typed
            self._target = None
        self.shell.drop_error()  # a message about the choice before is moot

    def target_text(self) -> str:
        """What the target field holds (R7): the number typed, else the target the match will play."""
        return str(self.house_value("target")) if self._target is None else self._target

    def set_target_text(self, text: str) -> None:
        """The target typed (any of the engine's 1 to 999); applied by :meth:`apply_target` (Enter, leaving
        the field) or by :meth:`create`. Re-renders nothing, unless a message shown is dropped (it was
        about the text being changed)."""
        self._target = text
        self.shell.drop_error()

    @intent
    async def apply_target(self) -> None:
        """Apply the target typed (Enter, or leaving the field). Raises :class:`Problem` ``ui_bad_target``
        for a text that is no whole number the engine takes as a target (R7: 1 to 999)."""
        self._apply_target()

    def _apply_target(self) -> None:
        text = self._target
        if text is None:
            return
        text = text.strip()
        if not text:  # the field emptied: the target in effect stays, and the field shows it again
            self._target = None
            return
        option = OPTION_BY_NAME["target"]
        if not (text.isdecimal() and option.allowed(int(text))):  # "abc", "-5", "6.5", "0", "1000"
            raise Problem("ui_bad_target", {"value": text, "min": option.minimum, "max": option.maximum})
        self._choose("target", int(text))

    def reset_house(self) -> None:
        """Back to the game's own rules."""
        self.house = {}
        self._target = None

    def toggle_house(self) -> None:
        """Unfold or fold the House rules section."""
        self.house_open = not self.house_open

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for ``seat``, re-rendering nothing. The field stops at :data:`MAX_NAME` characters;
        what a client sends past it is kept only to :data:`~scorekeeper.rules.names.MAX_NAME_TEXT` code
        points (a bound, not a cut inside an emoji): the store's names policy refuses it as too long."""
        self._names = [*self._names[:seat], name[:MAX_NAME_TEXT], *self._names[seat + 1 :]]

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
        """Read the names recently played (offered as chips) and the game's favourite house rules."""
        self.house = self.shell.services.house_rules(self.variant)
        store = self.shell.services.store
        self.recent = await self.shell.services.call(store.recent_player_names, 12)

    async def enter(self) -> Screen | None:
        """The form is shown: the recent names and favourite house rules are read (``None``: shown). A tab
        that may start no match (a viewer's phone, one joined for one match: an address typed there) gets
        the start screen instead (:data:`Screen.HOME`), the message saying why."""
        access = self.shell.services.access
        if not access.may_start():
            self.shell.error = access.start_refusal()
            return Screen.HOME
        await self.load_recent()
        return None

    @intent
    async def create(self) -> None:
        """Create the match in the store (the engine checks the seating, H1/E1) and open it on the table.

        The store holds each name to the names policy (rules/names.py): a name it refuses (``name_…``),
        two names alike (``same_names``, "Ann" and "ann" too) or a target typed that the engine does not
        take (the problem ``ui_bad_target``) is said and nothing is created.
        """
        self._apply_target()
        players = self.players()
        services = self.shell.services
        match_id = await services.call(
            services.store.create_match, self.variant, players, self.partnerships, self.in_effect()
        )
        # the table's favourite set, offered next time: whole (an R8 left out at two comes back at four)
        await services.save_house_rules(self.variant, dict(self.house))
        self._set_names(["", "", "", ""])
        await self.table.open(match_id)
