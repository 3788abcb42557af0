"""The rules as players read them: each rule's title and text by its id (``S8``, ``H4``, ``E7``), per game.

The texts are RULES.md (``shared/spec/RULES.md``) in the players' words, in
English, Ukrainian and Korean (``i18n/rules_<lang>.json``: the Ukrainian and
Korean from the seed documents' own wording). A game's rules are the shared
ones, its own and the house rules a table may choose (docs/house-rules.md).
No list of ids is written here: each is derived from its one home, so a new
rule or house option needs no edit in this module —

- the shared rules (``S…``) and each game's own (``H…``, ``E…``, a preset's
  ``A…`` / ``M…``): the ids of the English rules catalog, ``rules_en.json``
  (:data:`SHARED`, :data:`OWN`); a game's letter is its players rule's
  (:attr:`Variant.players_rule <scorekeeper.rules.variants.Variant.players_rule>`);
- the house rules (``R…``): the house options
  (:data:`scorekeeper.rules.house.OPTIONS`), read when asked (:func:`house_rules`).

``tests/rules/test_rule_homes.py`` checks that the homes agree. Worked
examples are layouts the engine folds from a few moves (:data:`EXAMPLES`),
drawn by the app as small pictures. No Flet, no store: the app's Rules screen
and links read it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .i18n import LANGUAGES
from .rules import Match, match_from_document
from .rules.house import house_rule_ids
from .rules.variants import GAMES, HORSE_RACE, get_variant

_DIR = Path(__file__).parent / "i18n"

SHARED_LETTER = "S"  # the shared rules' ids: S1, S2, … (RULES.md's shared rules)
HOUSE_LETTER = "R"  # the house rules' ids: R1, R2, … (the house options')


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule in one language: ``title``, its ``paragraphs`` and its short ``name`` for an index (RULES.md's
    own title where the screen's is long: ``S3`` "First starter"; a house rule's is its option's name)."""

    rule: str
    title: str
    paragraphs: tuple[str, ...]
    name: str


@cache
def _texts(lang: str) -> dict[str, Any]:
    with open(_DIR / f"rules_{lang if lang in LANGUAGES else 'en'}.json", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def letter_of(rule: str) -> str:
    """The letters of a rule id: ``"H10"`` → ``"H"``."""
    return rule.rstrip("0123456789")


def _numbered(letter: str) -> tuple[str, ...]:
    """The English rules catalog's ids with ``letter``, by number (``S1`` … ``S10``)."""
    return tuple(
        sorted((rule for rule in _texts("en") if letter_of(rule) == letter), key=lambda rule: int(rule[len(letter) :]))
    )


GAME_OF_LETTER: dict[str, str] = {letter_of(get_variant(game).players_rule): game for game in GAMES}
"""The game whose own rules a letter names (``"H"`` → Horse Race, ``"A"`` → All Fives), from the variants."""
SHARED: tuple[str, ...] = _numbered(SHARED_LETTER)
"""The shared rules' ids (every game's list starts with them), from the rules catalog."""
OWN: dict[str, tuple[str, ...]] = {game: _numbered(letter) for letter, game in GAME_OF_LETTER.items()}
"""Each game's own rule ids (``"horse-race"`` → ``("H1", …, "H10")``), from the rules catalog."""

RULE_ID = re.compile(rf"(?<![\w-])([{SHARED_LETTER}{''.join(GAME_OF_LETTER)}{HOUSE_LETTER}][1-9][0-9]*)(?![\w-])")
"""A word shaped as a rule id inside a message: ``S8``, ``H10``, ``E2``, ``R11`` (not part of a longer word
or a tile such as ``1-4``); :func:`rule_ids_in` keeps those that are rules. Its letters: the shared rules',
each game's (:data:`GAME_OF_LETTER`) and the house rules'."""


_GAME_RULES = frozenset((*SHARED, *(rule for own in OWN.values() for rule in own)))


def house_rules() -> tuple[str, ...]:
    """The house rules' ids, every game's list ends with them (:func:`scorekeeper.rules.house.house_rule_ids`,
    read when asked: an option added to the house options is listed at once)."""
    return house_rule_ids()


def all_rules() -> frozenset[str]:
    """Every rule id there is: the shared rules, every game's own and the house rules."""
    return _GAME_RULES | frozenset(house_rules())


def rules_of(game: str) -> tuple[str, ...]:
    """The rule ids a player of ``game`` (a :data:`~scorekeeper.rules.variants.GAMES` name) reads: the shared
    rules, the game's own, then the house rules (:data:`SHARED`, :data:`OWN`, :func:`house_rules`)."""
    return SHARED + OWN[game] + house_rules()


def game_of(rule: str, default: str = HORSE_RACE) -> str:
    """The game a rule id belongs to: ``H4`` → Horse Race, ``E7`` → Exact 61, ``A3`` → All Fives, ``M4`` →
    Merry-Go-Round, a shared ``S8`` or a house rule ``R1`` → ``default``."""
    return GAME_OF_LETTER.get(letter_of(rule), default)


def rule_text(lang: str, rule: str) -> RuleText:
    """The rule ``rule`` in ``lang`` (English where the language lacks it). Raises ``KeyError`` for an
    id that is no rule."""
    entry = _texts(lang).get(rule) or _texts("en")[rule]
    return RuleText(rule, entry["title"], tuple(entry["text"]), entry.get("short", entry["title"]))


def rule_ids_in(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into pieces, each ``(piece, is a rule id)``: ``"S8: draw"`` → ``[("S8", True),
    (": draw", False)]``. Only ids of rules there are count (:func:`all_rules`)."""
    pieces: list[tuple[str, bool]] = []
    at = 0
    for found in RULE_ID.finditer(text):
        if found.group(1) not in _GAME_RULES and found.group(1) not in house_rules():
            continue
        if found.start() > at:
            pieces.append((text[at : found.start()], False))
        pieces.append((found.group(1), True))
        at = found.end()
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


# ------------------------------------------------------------------ worked examples (the seeds' layouts)
_SEED_MOVES: tuple[dict[str, Any], ...] = (  # shared/seeds, Horse Race for two (tests/cases/hr-2p-seed-layout)
    {"player": 0, "play": "1-4"},
    {"player": 0, "play": "1-1", "at": "1-4:low"},
    {"player": 0, "draw": 2},
    {"player": 0, "play": "4-4", "at": "1-4:high", "drawn": True},
    {"player": 1, "play": "3-4", "at": "4-4:line-b"},
    {"player": 1, "play": "1-2", "at": "1-1:line-b"},
    {"player": 1, "play": "1-5", "at": "1-1:branch-a"},
)
_END_DOUBLE: tuple[dict[str, Any], ...] = ({"player": 0, "play": "3-6"}, {"player": 1, "play": "6-6", "at": "3-6:high"})

EXAMPLES: dict[str, tuple[dict[str, Any], ...]] = {
    "S5": _SEED_MOVES[:6],  # 1-1 with both lines filled (its branches open), 4-4 with one
    "S6": _SEED_MOVES,  # 1-5 on 1-1's branch: 1-2: 2 + 1-5: 5 + 3-4: 3 = 10
    "S7": _END_DOUBLE,  # an end double counts both halves: 3-6: 3 + 6-6: 12 = 15 → 3 points
}
"""The rules with a worked example: the moves of one Horse Race round for two that lay it out."""


@cache
def example_match(rule: str) -> Match:
    """The engine's match after the example moves of ``rule`` (:data:`EXAMPLES`), folded with explanations
    (its round's last placement says the ends and the points). Raises ``KeyError`` for a rule without one."""
    doc = {
        "format": "scorekeeper-match/1",
        "variant": HORSE_RACE,
        "players": ["A", "B"],
        "rounds": [{"starter": 0, "moves": list(EXAMPLES[rule])}],
    }
    return match_from_document(doc, explain=True)
