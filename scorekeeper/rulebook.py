"""The rules as players read them: each rule's title and text by its id (``S8``, ``H4``, ``E7``), per game.

The texts are RULES.md (``shared/spec/RULES.md``) in the players' words, in
English, Ukrainian and Korean (``i18n/rules_<lang>.json``: the Ukrainian and
Korean from the seed documents' own wording). A game's rules are the shared
ones (S1–S10), its own (H1–H10, E1–E10, or a preset's A1–A6 / M1–M7) and the
house rules a table may choose (R1–R11, docs/house-rules.md). Worked examples are layouts
the engine folds from a few moves (:data:`EXAMPLES`), drawn by the app as
small pictures. No Flet, no store: the app's Rules screen and links read it.
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
from .rules.variants import ALL_FIVES, EXACT_61, HORSE_RACE, MERRY_GO_ROUND

_DIR = Path(__file__).parent / "i18n"

SHARED = tuple(f"S{n}" for n in range(1, 11))
OWN = {HORSE_RACE: tuple(f"H{n}" for n in range(1, 11)), EXACT_61: tuple(f"E{n}" for n in range(1, 11)),
       ALL_FIVES: tuple(f"A{n}" for n in range(1, 7)), MERRY_GO_ROUND: tuple(f"M{n}" for n in range(1, 8))}
HOUSE = tuple(f"R{n}" for n in range(1, 12))  # the house rules every game's list ends with
GAME_OF_PREFIX = {"H": HORSE_RACE, "E": EXACT_61, "A": ALL_FIVES, "M": MERRY_GO_ROUND}

RULE_ID = re.compile(r"(?<![\w-])([SHEAMR](?:11|10|[1-9]))(?![\w-])")
"""A rule id inside a message: ``S8``, ``H10``, ``E2``, ``R11`` (not part of a longer word or a tile such as
``1-4``)."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule in one language: ``title``, its ``paragraphs`` and its short ``name`` for an index (RULES.md's
    own title where the screen's is long: ``S3`` "First starter"; a house rule's is its option's name)."""

    rule: str
    title: str
    paragraphs: tuple[str, ...]
    name: str


def rules_of(game: str) -> tuple[str, ...]:
    """The rule ids a player of ``game`` (a :data:`~scorekeeper.rules.variants.GAMES` name) reads: S1–S10,
    the game's own, then the house rules R1–R11."""
    return SHARED + OWN[game] + HOUSE


def game_of(rule: str, default: str = HORSE_RACE) -> str:
    """The game a rule id belongs to: ``H4`` → Horse Race, ``E7`` → Exact 61, ``A3`` → All Fives, ``M4`` →
    Merry-Go-Round, a shared ``S8`` or a house rule ``R1`` → ``default``."""
    return GAME_OF_PREFIX.get(rule[:1], default)


@cache
def _texts(lang: str) -> dict[str, Any]:
    with open(_DIR / f"rules_{lang if lang in LANGUAGES else 'en'}.json", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def rule_text(lang: str, rule: str) -> RuleText:
    """The rule ``rule`` in ``lang`` (English where the language lacks it). Raises ``KeyError`` for an
    id that is no rule."""
    entry = _texts(lang).get(rule) or _texts("en")[rule]
    return RuleText(rule, entry["title"], tuple(entry["text"]), entry.get("short", entry["title"]))


def rule_ids_in(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into pieces, each ``(piece, is a rule id)``: ``"S8: draw"`` → ``[("S8", True),
    (": draw", False)]``. Only ids of real rules count."""
    pieces: list[tuple[str, bool]] = []
    at = 0
    for found in RULE_ID.finditer(text):
        if found.group(1) not in _ALL:
            continue
        if found.start() > at:
            pieces.append((text[at:found.start()], False))
        pieces.append((found.group(1), True))
        at = found.end()
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


_ALL = frozenset(SHARED + HOUSE + tuple(rule for own in OWN.values() for rule in own))


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
    doc = {"format": "scorekeeper-match/1", "variant": HORSE_RACE, "players": ["A", "B"],
           "rounds": [{"starter": 0, "moves": list(EXAMPLES[rule])}]}
    return match_from_document(doc, explain=True)
