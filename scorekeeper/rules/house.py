"""House rules: the named choices a table makes when a match is created (the options of :data:`OPTIONS`).

:data:`OPTIONS` is the one home of the house rules: every list of their ids
(the Rules screen's, the rule links', :func:`house_rule_ids`) is derived from
it. Each option has a rule id (``R1`` …, docs/house-rules.md), a name as the
match document writes it in ``"house_rules"`` (``{"continuation": "stop"}``),
its allowed values, and the words the app shows: ``house.<name>`` (the
option) and ``house.<name>.<value>`` (one line per value) in
``scorekeeper/i18n/*.json``, the rule's text under its id in
``scorekeeper/i18n/rules_*.json``. Adding one: docs/house-rules.md, "Adding a
house rule". A game's own rules are one value of
each option (:attr:`Variant.options <scorekeeper.rules.variants.Variant.options>`);
a house rule is a different value, refereed as strictly, and a refusal it
causes names its id.

This module is data and validation only: :func:`check_house_rules` reads a
``house_rules`` object against a game's own values, and
:func:`house_rule_options` lists the options for a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import Clause, RuleViolation

Value = str | int  # an option's value: a word, or a whole number (reserve, target)

RESERVE_ALL = "all"  # R3: the whole stock is never drawn (Fives and Threes: the tiles left over are out of play)

MIN_TARGET, MAX_TARGET = 1, 999  # R7: a target in display points

MIN_PENALTY, MAX_PENALTY = 1, 50  # R14: a misplay penalty in display points, or in percent of the target
CLOCK_OFF = 0  # R15: no time limit (every game's own value)
CLOCK_MINUTES = (CLOCK_OFF, 20, 30, 45, 60, 90, 120)  # R15: the limits a table chooses from, in minutes
LEADER_WINS, LOWER_TARGET = "leader-wins", "lower-target"  # R15: what happens when the time is called


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One house-rule option.

    Attributes:
        name: the key in a document's ``"house_rules"`` (``"continuation"``).
        rule: its rule id (``"R1"``), named by every refusal it causes.
        values: the allowed values, in the order a screen lists them; ``()``
            for a whole number between ``minimum`` and ``maximum`` (R7's target).
        needs_continuation: only for games whose turn goes on after a double or
            a scoring tile (Horse Race, H4); refused for the others.
        needs_partnerships: only for a match in partnerships (R8: a partner's
            pips); without partners the engine has no partner to count, so a
            screen offers it only where the seating has partnerships.
        summary: one English line (docs and the CLI); the app's words are the
            catalog's ``house.<name>…`` entries.
    """

    name: str
    rule: str
    values: tuple[Value, ...]
    summary: str
    minimum: int = 0
    maximum: int = 0
    needs_continuation: bool = False
    needs_partnerships: bool = False

    def allowed(self, value: object) -> bool:
        """Whether ``value`` is one this option takes (exact JSON types: ``true`` is not 1)."""
        if type(value) not in (str, int):
            return False
        if not self.values:
            return type(value) is int and self.minimum <= value <= self.maximum
        return any(type(value) is type(v) and value == v for v in self.values)

    def shown_values(self) -> str:
        """The allowed values as a refusal lists them: ``"draw", "stop"`` or ``1 to 999``."""
        if not self.values:
            return f"{self.minimum} to {self.maximum}"
        return ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in self.values)


OPTIONS: tuple[HouseRule, ...] = (
    HouseRule(
        "continuation",
        "R1",
        ("draw", "stop"),
        "Horse Race: a continuing player who cannot play from hand draws as usual (draw) or ends the turn (stop)",
        needs_continuation=True,
    ),
    HouseRule(
        "draw_when_able",
        "R2",
        ("forbidden", "allowed"),
        "drawing from the stock while able to play: forbidden (S8) or allowed",
    ),
    HouseRule(
        "reserve",
        "R3",
        (0, 1, 2, "all"),
        "the last 0, 1 or 2 tiles of the stock are never drawn, or none of it (all: Fives and Threes)",
    ),
    HouseRule(
        "block_award",
        "R4",
        ("opponents", "difference", "cascade"),
        "blocked round: the lowest side takes the others' pips, the others' pips minus its own, "
        "or every hand the differences to larger opponent hands (E7)",
    ),
    HouseRule(
        "block_ties",
        "R5",
        ("each", "nobody", "split"),
        "a tie for the lowest in a blocked round: each tied side earns its award, nobody scores, "
        "or the tied sides split the award",
    ),
    HouseRule(
        "rounding",
        "R6",
        ("nearest", "per-hand"),
        "hand counts: the combined total rounded once to the nearest 5 (S9), or each hand rounded on its own",
    ),
    HouseRule("target", "R7", (), "the target in points", minimum=MIN_TARGET, maximum=MAX_TARGET),
    HouseRule(
        "target_mode",
        "R7",
        ("at-least", "exactly"),
        "the target is reached at or past it (H3), or only exactly: an event that passes it is rejected (E3)",
    ),
    HouseRule(
        "partner_pips",
        "R8",
        ("ignored", "subtracted"),
        "at a domino the partner's remaining pips are ignored (H8) or rounded and subtracted (E6)",
        needs_partnerships=True,
    ),
    HouseRule(
        "spinners",
        "R9",
        ("all", "first", "none"),
        "which doubles are spinners: every double (S5), the first double only, or none",
    ),
    HouseRule(
        "lead",
        "R10",
        ("any", "double"),
        "the lead of a round: any tile (S3), or a double (a starter without one draws until one)",
    ),
    HouseRule(
        "spinner_fill",
        "R11",
        ("lines-first", "all-four-first"),
        "the spinner's lines before its branches (S5), or the first spinner's four sides before any other open end",
    ),
    HouseRule(
        "scoring",
        "R12",
        ("fives", "fives-and-threes"),
        "what an end sum scores: its multiples of 5 as raw points (S7), or one point per 5 and one per 3 "
        "it is a multiple of (Fives and Threes: 15 scores 3 + 5 = 8; going out scores 1, a block none)",
    ),
    HouseRule(
        "claims",
        "R13",
        ("automatic", "muggins"),
        "a scoring play's points: the app counts the ends (automatic), or the player calls them and an "
        "under-claim stands unless an opponent calls Muggins before the next tile and takes the missed points",
    ),
    HouseRule(
        "misplay",
        "R14",
        ("refuse", "penalty"),
        "a proven draw or pass while able to play (S8): the record is refused until corrected, "
        "or the round stands and the offender's side is penalised",
    ),
    HouseRule(
        "misplay_kind",
        "R14",
        ("opponents-score", "offender-loses", "target-share"),
        "the penalty: the opponents score the amount, the offender's side loses it, "
        "or the opponents score that percent of the target",
    ),
    HouseRule(
        "misplay_amount",
        "R14",
        (),
        "the penalty's amount in points (a percent of the target under target-share)",
        minimum=MIN_PENALTY,
        maximum=MAX_PENALTY,
    ),
    HouseRule(
        "clock",
        "R15",
        CLOCK_MINUTES,
        "a time limit for the match in minutes (0: none), counted from the first round's start",
    ),
    HouseRule(
        "clock_end",
        "R15",
        (LEADER_WINS, LOWER_TARGET),
        "when the time is called: the round in play is finished, then the side ahead wins (level: one more "
        "round), or the target becomes clock_target",
    ),
    HouseRule(
        "clock_target",
        "R15",
        (31, 41, 51),
        "the lowered target (points) of clock_end lower-target",
    ),
)
OPTION_BY_NAME: dict[str, HouseRule] = {option.name: option for option in OPTIONS}


def house_rule_ids() -> tuple[str, ...]:
    """The house rules' ids in option order, each once (``("R1", …)``; R7's two options are one rule): the
    one list the Rules screen, the rule links and the catalogs' check read (``scorekeeper.rulebook``)."""
    return tuple(dict.fromkeys(option.rule for option in OPTIONS))


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a screen needs to offer one option for one game (see :func:`house_rule_options`).

    ``default`` is the game's own value; ``values`` the allowed ones (``()``
    with ``minimum``/``maximum`` for a number); ``title_key`` and
    ``value_keys`` (by value) are the catalog keys of the option's name (the
    Rules screen's title of ``rule``, but R7's target mode) and each value's
    one-line explanation; the rule's text is the Rules screen's (``rule``).
    """

    name: str
    rule: str
    default: Value
    values: tuple[Value, ...]
    minimum: int
    maximum: int
    title_key: str
    value_keys: dict[Value, str]


def option_words_keys(option: HouseRule) -> tuple[str, dict[Value, str]]:
    """The catalog keys of an option: its name and each value's line."""
    base = f"house.{option.name}"
    values: dict[Value, str] = {value: f"{base}.{value}" for value in option.values}
    if not option.values:
        values = {"number": f"{base}.number"}
    return base, values


def applicable(option: HouseRule, continuation: bool) -> bool:
    """Whether ``option`` applies to a game (R1 only where the turn continues, H4)."""
    return continuation or not option.needs_continuation


def applies_to_seating(option: HouseRule, partnerships: bool) -> bool:
    """Whether ``option`` can change a match with this seating (R8 only in partnerships: a match
    without partners has no partner's pips to subtract, and the engine counts none)."""
    return partnerships or not option.needs_partnerships


def house_rules_for_seating(house: Mapping[str, Value], partnerships: bool) -> dict[str, Value]:
    """``house`` (valid house rules, by name) without the options this seating leaves no effect
    (R8 without partnerships): what a new match with that seating is to record."""
    return {name: value for name, value in house.items() if applies_to_seating(OPTION_BY_NAME[name], partnerships)}


def house_rule_options(
    defaults: Mapping[str, Value], continuation: bool, partnerships: bool = True
) -> list[OptionInfo]:
    """The options a game offers, in rule order, each with the game's own value.

    ``defaults``: the game's option values (``Variant.options`` of a game with
    no house rules); ``continuation``: whether its turn continues (H4);
    ``partnerships``: whether the match is in partnerships (without, no R8).
    Use :func:`scorekeeper.rules.variants.house_rule_menu` with a game's name.
    """
    out = []
    for option in OPTIONS:
        if not (applicable(option, continuation) and applies_to_seating(option, partnerships)):
            continue
        title, values = option_words_keys(option)
        out.append(
            OptionInfo(
                option.name,
                option.rule,
                defaults[option.name],
                option.values,
                option.minimum,
                option.maximum,
                title,
                values,
            )
        )
    return out


def check_house_rules(obj: object, defaults: Mapping[str, Value], continuation: bool, game: str) -> dict[str, Value]:
    """Read a ``"house_rules"`` object against a game's own option values.

    Returns the house rules in effect: the options whose value differs from
    the game's, in rule order (a value equal to the game's own is accepted and
    left out: it is no house rule). Raises :class:`RuleViolation`:
    ``house_rules_object`` (not an object), ``unknown_house_rule`` (a name no
    option has), ``house_rule_value`` (a value the option does not take, rule
    id of the option), ``house_rule_not_here`` (R1 in a game without
    continuation) or ``house_rules_conflict`` (R5 ``split`` with R4
    ``cascade``; R11 without any spinner, R9 ``none``).
    """
    if not isinstance(obj, dict):
        raise RuleViolation("", "house_rules_object", found=_shown(obj))
    unknown = sorted(name for name in obj if name not in OPTION_BY_NAME)
    if unknown:
        raise RuleViolation(
            "", "unknown_house_rule", name=", ".join(_shown(n) for n in unknown[:5]), known=", ".join(OPTION_BY_NAME)
        )
    chosen: dict[str, Value] = {}
    for option in OPTIONS:
        if option.name not in obj:
            continue
        value = obj[option.name]
        if not option.allowed(value):
            raise RuleViolation(
                option.rule, "house_rule_value", name=option.name, value=_shown(value), allowed=option.shown_values()
            )
        if not applicable(option, continuation):
            raise RuleViolation(option.rule, "house_rule_not_here", name=option.name, game=game)
        chosen[option.name] = value  # allowed(): a str or an int
    effective = {**defaults, **chosen}
    if effective["block_award"] == "cascade" and effective["block_ties"] == "split":
        raise RuleViolation(
            "R5",
            "house_rules_conflict",
            first="block_ties: split",
            second="block_award: cascade",
            why=Clause("ties_cascade"),
        )
    if effective["spinner_fill"] == "all-four-first" and effective["spinners"] == "none":
        raise RuleViolation(
            "R11",
            "house_rules_conflict",
            first="spinner_fill: all-four-first",
            second="spinners: none",
            why=Clause("fill_no_spinners"),
        )
    if effective["clock"] != CLOCK_OFF and effective["clock_end"] == LOWER_TARGET:
        if effective["target_mode"] == "exactly":
            raise RuleViolation(
                "R15",
                "house_rules_conflict",
                first="clock_end: lower-target",
                second="target_mode: exactly",
                why=Clause("lower_exact"),
            )
        if int(effective["clock_target"]) >= int(effective["target"]):
            raise RuleViolation(
                "R15",
                "house_rules_conflict",
                first=f"clock_target: {effective['clock_target']}",
                second=f"target: {effective['target']}",
                why=Clause("lower_not_lower"),
            )
    return {name: value for name, value in chosen.items() if value != defaults[name]}


def house_rules_text(house: Mapping[str, Value]) -> str:
    """One line naming the house rules in effect: ``"R1 continuation: stop; R3 reserve: 2"``."""
    return "; ".join(f"{OPTION_BY_NAME[name].rule} {name}: {value}" for name, value in house.items())


def _shown(value: object) -> str:
    """A value as JSON would write it, cut to 40 characters (for a one-line refusal)."""
    if isinstance(value, str):
        text = '"' + value + '"'
    elif value is True or value is False:
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    else:
        text = repr(value)
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    return text if len(text) <= 40 else text[:39] + "…"


__all__ = [
    "OPTIONS",
    "OPTION_BY_NAME",
    "HouseRule",
    "OptionInfo",
    "Value",
    "applies_to_seating",
    "check_house_rules",
    "house_rule_ids",
    "house_rule_options",
    "house_rules_for_seating",
    "house_rules_text",
]
