"""What differs between the games: players, deal, continuation, target, settlement, layout.

The two games of RULES.md: Horse Race (H1 players, H2 deal, H3/H6 at least
61 wins at once, H4/H5 continuation, H7–H10 settlement) and Exact 61 Five Up
(E1 players, E2 deal, E3/E9 exactly 61, E4 one tile a turn, E5–E8
settlement). More games of the family are presets (docs/house-rules.md): the
same engine with other option values and deal tables — All Fives (its A rules,
Pagat) and Merry-Go-Round (its M rules, Kelley). A game is data: a :class:`Variant`;
its rules' texts are the rules catalogs' (``scorekeeper/i18n/rules_*.json``).

House rules (the house options, :mod:`scorekeeper.rules.house`) change a game's option
values: :meth:`Variant.with_house_rules` gives the game as a table plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from .errors import RuleViolation
from .house import OPTION_BY_NAME, RESERVE_ALL, OptionInfo, Value, check_house_rules, house_rule_options
from .scoring import RAW_PER_POINT, to_points

HORSE_RACE = "horse-race"
EXACT_61 = "exact-61"
ALL_FIVES = "all-fives"
MERRY_GO_ROUND = "merry-go-round"
FIVES_AND_THREES = "fives-and-threes"

# The rule-id concepts a refusal or an event names (see Variant.rule): players, deal, target,
# match over, domino and block settlement, the round over after a domino, partnerships with four.
_CONCEPTS = ("players", "deal", "target", "over", "domino", "block", "went_out", "pairs")

# The option values every game starts from (the two RULES.md games' shared rules: S3, S5, S8, S9): one per
# house option (tests/rules/test_rule_homes.py says which is missing).
_BASE_OPTIONS: dict[str, Value] = {
    "continuation": "draw",
    "draw_when_able": "forbidden",
    "reserve": 0,
    "block_award": "opponents",
    "block_ties": "each",
    "rounding": "nearest",
    "target": 61,
    "target_mode": "at-least",
    "partner_pips": "ignored",
    "spinners": "all",
    "lead": "any",
    "spinner_fill": "lines-first",
    "scoring": "fives",
    "claims": "automatic",
    "misplay": "refuse",
    "misplay_kind": "opponents-score",
    "misplay_amount": 2,
    "clock": 0,
    "clock_end": "leader-wins",
    "clock_target": 31,
}


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules of one game as a table plays it: the game's facts and its option values.

    Attributes:
        name: ``"horse-race"``, ``"exact-61"``, ``"all-fives"`` or ``"merry-go-round"`` (as the
            match format's ``variant``).
        deal_sizes: tiles dealt to each player by number of players (H2, E2, A2, M2).
        continuation: a double or scoring tile from hand lets the player go on (H4); else one tile
            a turn (E4).
        players_rule: the rule id for who may play (``"H1"`` / ``"E1"`` / ``"A1"`` / ``"M1"``).
        pairs_at_four: four players always play as two partnerships (E1, M1).
        options: every option's value (``{"continuation": "draw", "reserve": 0, …}``, the names of
            :mod:`scorekeeper.rules.house`): the game's own, with the house rules applied.
        house_rules: the options whose value differs from the game's own (``{}`` for none), in
            rule order: what a document's ``"house_rules"`` holds and a screen shows as "on".
        ids: the rule id each concept is named by (``"target"``: ``"H3"``, or ``"R7"`` under a
            house target).

    Derived (read by the engine; each fact has this one home): :attr:`exact` and
    :attr:`target_raw` (R7 over H3/E3), :meth:`reached`, :meth:`accepts`, :attr:`joins_settlement`.
    """

    name: str
    deal_sizes: dict[int, int]
    continuation: bool
    players_rule: str
    options: Mapping[str, Value]
    ids: Mapping[str, str]
    pairs_at_four: bool = False
    house_rules: Mapping[str, Value] = field(default_factory=lambda: MappingProxyType({}))

    # ------------------------------------------------------------- target
    @property
    def exact(self) -> bool:
        """The target must be hit exactly; an event that passes it is rejected whole (E3, R7)."""
        return self.options["target_mode"] == "exactly"

    @property
    def target_raw(self) -> int:
        """The target in raw points: 305 (61 points) in both RULES.md games (H3/E3), or R7's."""
        return int(self.options["target"]) * RAW_PER_POINT

    @property
    def target_points(self) -> int:
        """The target in display points (61, H3/E3; R7)."""
        return to_points(self.target_raw)

    @property
    def joins_settlement(self) -> bool:
        """The tile that empties a hand and its domino award are ONE target-checked event, accepted or
        rejected whole (E5/E6's settlement): exactly when the target is exact. R7 ``exactly`` takes
        Exact 61's exactness whole (E3, E5, E6's one event, E9) in every game; with ``at-least``
        (H3, H6) the last tile scores as any placement, and may end the match at once, before the
        domino award, which is its own event (docs/house-rules.md, R7)."""
        return self.exact

    def reached(self, raw: int) -> bool:
        """Whether a side with ``raw`` points has reached the target: at least (H3) or exactly (E3)."""
        return raw == self.target_raw if self.exact else raw >= self.target_raw

    def accepts(self, raw: int) -> bool:
        """Whether a scoring event that would bring a side to ``raw`` raw points stands: always with
        an "at least" target (H3), only up to the target with an exact one (E3: an event that passes
        it is rejected whole)."""
        return not self.exact or raw <= self.target_raw

    def points_to_target(self, raw: int) -> int:
        """Display points a side with ``raw`` raw points still needs to reach the target; 0 once
        :meth:`reached`. Exact target (E3): exactly the difference, more than 61 for a negative score."""
        if self.reached(raw):
            return 0
        return to_points(max(0, self.target_raw - raw))

    # --------------------------------------------------------------- deal
    def reserve_tiles(self, players: int) -> int:
        """R3: how many tiles at the bottom of the stock are never drawn with ``players`` players:
        the option's number (0 by every RULES.md game), or the whole stock with ``all`` (Fives and
        Threes: the tiles left over after the deal are out of play, so no tile is ever drawn)."""
        value = self.options["reserve"]
        return self.stock_size(players) if value == RESERVE_ALL else int(value)

    @property
    def deal_rule(self) -> str:
        """The rule id of the deal table (``"H2"`` / ``"E2"`` / ``"A2"`` / ``"M2"``)."""
        return self.ids["deal"]

    def deal_size(self, players: int) -> int:
        """Tiles each of ``players`` players is dealt (H2 / E2 / A2 / M2)."""
        return self.deal_sizes[players]

    def stock_size(self, players: int) -> int:
        """Tiles left in the stock after the deal (S2): 28 − players × deal."""
        return 28 - players * self.deal_sizes[players]

    # -------------------------------------------------------------- rules
    def rule(self, concept: str) -> str:
        """The rule id a refusal or event about ``concept`` names: ``"players"``, ``"deal"``,
        ``"target"``, ``"over"`` (the match is over), ``"domino"`` (its settlement), ``"block"``,
        ``"went_out"`` (the round is over: a player went out) or ``"pairs"``."""
        return self.ids[concept]

    def with_house_rules(self, house: object) -> Variant:
        """This game as a table plays it with ``house`` (a document's ``"house_rules"`` object, or
        ``None`` / ``{}`` for the game's own rules).

        Raises :class:`RuleViolation` for an unknown option, a value it does not take (naming the
        option's rule id), R1 in a game without continuation, or two options that contradict each
        other (see :func:`scorekeeper.rules.house.check_house_rules`).
        """
        if house is None or (isinstance(house, dict) and not house):
            return self
        game = _GAMES[self.name]
        chosen = check_house_rules(house, game.options, game.continuation, self.name)
        if not chosen:
            return game
        ids = dict(game.ids)
        if "target" in chosen or "target_mode" in chosen:
            ids["target"] = ids["over"] = OPTION_BY_NAME["target"].rule  # R7
        return replace(
            game,
            options=MappingProxyType({**game.options, **chosen}),
            ids=MappingProxyType(ids),
            house_rules=MappingProxyType(chosen),
        )

    def house_rule_options(self, partnerships: bool = True) -> list[OptionInfo]:
        """The house-rule options this game offers, each with the game's own value (for a screen);
        without ``partnerships`` none that needs partners (R8)."""
        game = _GAMES[self.name]
        return house_rule_options(game.options, game.continuation, partnerships)

    def check_players(self, players: int, partnerships: bool) -> None:
        """Raise :class:`RuleViolation` (H1 / E1 / A1 / M1) for a seating the game does not allow.

        Every game: 2, 3 or 4 players; partnerships need 4. Exact 61 and Merry-Go-Round:
        4 always in partnerships.
        """
        if players not in (2, 3, 4):
            raise RuleViolation(self.players_rule, "player_count", players=players, game=self.name)
        if partnerships and players != 4:
            raise RuleViolation(self.players_rule, "partnerships_need_four", players=players)
        if self.pairs_at_four and players == 4 and not partnerships:
            if self.name == EXACT_61:
                raise RuleViolation("E1", "exact61_four_in_pairs", players=players)
            raise RuleViolation(self.players_rule, "four_in_pairs", players=players, game=self.name)


def _game(
    name: str,
    deal: dict[int, int],
    continuation: bool,
    ids: dict[str, str],
    options: dict[str, Value],
    pairs_at_four: bool = False,
) -> Variant:
    return Variant(
        name,
        deal,
        continuation,
        ids["players"],
        MappingProxyType({**_BASE_OPTIONS, **options}),
        MappingProxyType(ids),
        pairs_at_four,
    )


def _ids(
    players: str, deal: str, target: str, over: str, domino: str, block: str, went_out: str, pairs: str = ""
) -> dict[str, str]:
    return dict(zip(_CONCEPTS, (players, deal, target, over, domino, block, went_out, pairs or players), strict=True))


# The two games of RULES.md (their own rules: the defaults of every option).
VARIANTS: dict[str, Variant] = {
    HORSE_RACE: _game(
        HORSE_RACE, {2: 7, 3: 6, 4: 5}, True, _ids("H1", "H2", "H3", "H6", "H8", "H7", "H7"), {}
    ),  # H3: at least 61 points; H7–H9: the lowest side takes the others' pips
    EXACT_61: _game(
        EXACT_61,
        {2: 5, 3: 5, 4: 5},
        False,
        _ids("E1", "E2", "E3", "E9", "E6", "E7", "E6"),
        {"target_mode": "exactly", "block_award": "cascade", "partner_pips": "subtracted"},
        pairs_at_four=True,
    ),  # E3 exactly 61 (so E5/E6's one event); E6 partner; E7 cascade
}

# Presets: more games of the family as option values and a deal table (docs/house-rules.md).
PRESETS: dict[str, Variant] = {
    # Pagat, All Fives: 9/7/5 tiles, the first double the only spinner (lines before branches), one tile
    # a turn, draw until a fit; the lowest side takes the opponents' pips; 61 points (reading).
    ALL_FIVES: _game(
        ALL_FIVES, {2: 9, 3: 7, 4: 5}, False, _ids("A1", "A2", "A6", "A6", "A5", "A5", "A5"), {"spinners": "first"}
    ),
    # Kelley (dominorules.com) and domino-play.com, Merry-Go-Round: 7 tiles each, a double leads and is the
    # only spinner, its four sides first; one tile a turn; exactly 61; blocked: the others' pips minus own.
    MERRY_GO_ROUND: _game(
        MERRY_GO_ROUND,
        {2: 7, 3: 7, 4: 7},
        False,
        _ids("M1", "M2", "M7", "M7", "M6", "M6", "M6"),
        {
            "spinners": "first",
            "lead": "double",
            "spinner_fill": "all-four-first",
            "target_mode": "exactly",
            "block_award": "difference",
        },
        pairs_at_four=True,
    ),
    # The British pub game (docs/house-rules.md, Fives and Threes: Pagat/Taylor and the Teesdale League):
    # 7 tiles with 2 players, 5 with 3 or 4; the stock is never drawn; doubles crosswise, no spinner; one
    # tile a turn; ends score per 3 and per 5 (R12), going out 1 point, a block none; exactly 61.
    FIVES_AND_THREES: _game(
        FIVES_AND_THREES,
        {2: 7, 3: 5, 4: 5},
        False,
        _ids("F1", "F2", "F6", "F6", "F5", "F5", "F5"),
        {"scoring": "fives-and-threes", "spinners": "none", "reserve": "all", "target_mode": "exactly"},
    ),
}

_GAMES: dict[str, Variant] = {**VARIANTS, **PRESETS}
GAMES: tuple[str, ...] = tuple(_GAMES)  # every game the engine referees, the RULES.md two first


def get_variant(name: object, house_rules: object = None) -> Variant:
    """The :class:`Variant` called ``name`` (any of :data:`GAMES`), with ``house_rules`` applied.

    Raises :class:`RuleViolation` for any other name, or for house rules the game does not take
    (see :meth:`Variant.with_house_rules`).
    """
    variant = _GAMES.get(name) if isinstance(name, str) else None
    if variant is None:
        raise RuleViolation("", "unknown_variant", variant=str(name), games=", ".join(GAMES))
    return variant.with_house_rules(house_rules)


def house_rule_menu(name: str, partnerships: bool = True) -> list[OptionInfo]:
    """The house-rule options game ``name`` offers (for the new-match form) to a match in
    ``partnerships`` or not (without: no R8, which needs partners): each option's rule id, the game's
    own value, the allowed values and the catalog keys of its words (see
    :class:`~scorekeeper.rules.house.OptionInfo`). Raises :class:`RuleViolation` for an unknown game."""
    return get_variant(name).house_rule_options(partnerships)


def side_of_seats(players: int, partnerships: bool) -> list[int]:
    """Side index of each seat (S1): with partnerships seats 0+2 are side 0 and
    1+3 side 1; otherwise each seat is its own side."""
    if partnerships:
        return [seat % 2 for seat in range(players)]
    return list(range(players))
