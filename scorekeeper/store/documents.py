"""Reading match documents for import (and ``replay``), through the engine's document reader.

Before the engine sees a document, two checks the engine does not make:

- nesting: a document nests at most 5 levels (document, rounds, round,
  moves, move); one nested deeper than :data:`MAX_DEPTH` is refused at once,
  so that no value nested thousands deep reaches code that quotes it;
- ``meta``: an object whose ``started`` / ``ended`` / ``abandoned``, when
  given, are ISO 8601 times between the years 1971 and 8999, and whose
  ``id``, when given, is a string (an id that is not exactly a match id is
  replaced by a fresh one). ``abandoned`` says the match was given up then
  (an unfinished match is imported as abandoned).

A document whose last round ended but has no ``hands`` yet (a match exported
while the app waited for the hands) is accepted as a match in progress,
waiting for the reveal (the engine reader's ``awaiting_hands`` option):
``scorekeeper replay`` refuses it (match-format.md requires the hands of a
round that ended), but a backup of such a match must be restorable.
Everything else is checked by the engine's reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..rules import Match, Reveal, RuleViolation, StartRound
from ..rules.document import match_from_document, parse_hands, parse_json, parse_move
from ..rules.moves import Action
from .events import MAX_YEAR, MIN_YEAR, depth_within, parse_time

MAX_DEPTH = 16  # levels of lists and objects a document may nest (a valid one has 5)


@dataclass(frozen=True, slots=True)
class Meta:
    """A document's ``meta``, checked: ``id`` (as given, maybe not a match id), ``started``, ``ended``,
    ``abandoned`` (when the match was given up, for an abandoned match); ``events``: the events an
    import appends after the actions (the event kinds' ``imported``, see
    :func:`scorekeeper.store.events.imported_events`; set by the import, not by :func:`read_meta`)."""

    id: object = None
    started: datetime | None = None
    ended: datetime | None = None
    abandoned: datetime | None = None
    events: tuple[dict[str, Any], ...] = ()


def _refuse(what: str, **values: object) -> RuleViolation:
    return RuleViolation("", "malformed", what=what, **values)


def check_nesting(doc: object) -> None:
    """Raise :class:`RuleViolation` (``malformed``, what ``nesting``) if ``doc`` nests deeper than
    :data:`MAX_DEPTH`."""
    if not depth_within(doc, MAX_DEPTH):
        raise _refuse("nesting", depth=MAX_DEPTH)


def read_meta(doc: dict[str, Any]) -> Meta:
    """The document's ``meta`` (absent: empty). Raises :class:`RuleViolation` (``malformed``, what ``meta``)."""
    meta = doc.get("meta")
    if meta is None:
        return Meta()
    if type(meta) is not dict:
        raise _refuse("meta")
    times: dict[str, datetime | None] = {}
    for key in ("started", "ended", "abandoned"):
        value = meta.get(key)
        times[key] = parse_time(value) if value is not None else None
        if value is not None and times[key] is None:
            raise _refuse("meta_time", key=key, min_year=MIN_YEAR, max_year=MAX_YEAR)
    match_id = meta.get("id")
    if match_id is not None and type(match_id) is not str:
        raise _refuse("meta_id")
    return Meta(match_id, times["started"], times["ended"], times["abandoned"])


def document_actions(doc: dict[str, Any]) -> list[Action]:
    """The actions of an already-checked document, in order (no rule checks here)."""
    actions: list[Action] = []
    for rnd in doc["rounds"]:
        actions.append(StartRound(rnd["starter"]))
        actions.extend(parse_move(m) for m in rnd["moves"])
        if "hands" in rnd:
            actions.append(Reveal(parse_hands(rnd["hands"], len(doc["players"]))))
    return actions


def read_document(doc: object) -> tuple[dict[str, Any], Match]:
    """A document (dict, or JSON text/bytes) → ``(the parsed dict, the folded Match)``.

    Raises :class:`RuleViolation` as the engine's reader does (except for the
    missing hands of the last round, see the module docstring), and for a
    document nested too deeply or with a bad ``meta``.
    """
    obj = (
        parse_json(bytes(doc) if isinstance(doc, bytearray) else doc)
        if isinstance(doc, (str, bytes, bytearray))
        else doc
    )
    check_nesting(obj)
    match = match_from_document(obj, awaiting_hands=True)  # refuses anything but an object
    if not isinstance(obj, dict):  # pragma: no cover - for the type checker
        raise _refuse("not_object")
    read_meta(obj)
    return obj, match
