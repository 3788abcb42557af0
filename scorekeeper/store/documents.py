"""Reading match documents for import, through the engine's document reader.

One leniency over :func:`scorekeeper.rules.match_from_document`: a document
whose last round ended but has no ``hands`` yet (a match exported while the
app waited for the hands) is accepted as a match in progress, waiting for the
reveal. The engine's reader refuses it (match-format.md: hands are required
once a round ended), which would make such a backup impossible to restore.
Everything else — every field, move and earlier reveal — is still checked by
the engine's reader first, then the actions are folded by the engine.
"""

from __future__ import annotations

from ..rules import Match, Reveal, RuleViolation, StartRound
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
    try:
        return obj, match_from_document(obj)
    except RuleViolation as err:
        if err.code != "hands_missing" or err.round_no != len(obj["rounds"]):
            raise
    return obj, Match.replay(obj["variant"], obj["players"], obj.get("partnerships", False), document_actions(obj))
