"""Reading match documents for import, through the engine's document reader.

A document whose last round ended but has no ``hands`` yet (a match exported
while the app waited for the hands) is accepted as a match in progress,
waiting for the reveal (the engine reader's ``awaiting_hands`` option):
``scorekeeper replay`` refuses it (match-format.md requires the hands of a
round that ended), but a backup of such a match must be restorable.
Everything else is checked by the engine's reader.
"""

from __future__ import annotations

from ..rules import Match, Reveal, StartRound
from ..rules.document import match_from_document, parse_hands, parse_json, parse_move


def document_actions(doc: dict) -> list:
    """The actions of an already-checked document, in order (no rule checks here)."""
    actions: list = []
    for rnd in doc["rounds"]:
        actions.append(StartRound(rnd["starter"]))
        actions.extend(parse_move(m) for m in rnd["moves"])
        if "hands" in rnd:
            actions.append(Reveal(parse_hands(rnd["hands"], len(doc["players"]))))
    return actions


def read_document(doc: object) -> tuple[dict, Match]:
    """A document (dict, or JSON text/bytes) → ``(the parsed dict, the folded Match)``.

    Raises :class:`RuleViolation` as the engine's reader does, except for the
    missing hands of the last round (see the module docstring).
    """
    obj = parse_json(doc) if isinstance(doc, (str, bytes, bytearray)) else doc
    return obj, match_from_document(obj, awaiting_hands=True)
