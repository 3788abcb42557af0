"""The event schema of a match log, and its fold into the effective action list.

A match's log is a list of events, each a JSON object with ``seq`` (0, 1, 2…
per match, no gaps), ``time`` (UTC, ISO 8601 with milliseconds, ``Z``) and
``kind``:

``create`` (always seq 0)
    ``format`` (``"scorekeeper-log/1"``), ``id``, ``variant``, ``players``,
    ``partnerships``, ``source`` (``"app"`` or ``"import"``); an imported
    match may carry ``started`` / ``ended`` from the document's meta.
``start-round``
    ``starter``: the seat that leads (:class:`StartRound`).
``move``
    ``move``: a move object exactly as the match format writes it
    (``{"player": 1, "play": "3-6", "at": "6-6:line-b"}``, ``{"player": 2,
    "draw": 2}``, ``{"player": 0, "pass": true}``).
``reveal``
    ``hands``: the hands by seat as the match format writes them.
``undo``
    ``target``: the seq of the action event taken back. Undo always takes
    back the last action still in effect.
``correct``
    ``target``: the seq of an action event still in effect; ``replacement``:
    the action that replaces it, as ``{"kind": "move", "move": {...}}`` (same
    kind as the target). The whole effective action list with the
    replacement must fold through the engine, so every later action is
    re-validated; a correction that breaks a later action is refused.

The log is only ever appended to. The *effective actions* are the action
events in order, minus those undone, with corrections applied; the match is
the engine's fold over them (:func:`fold_log`).
"""

from __future__ import annotations

from datetime import UTC, datetime

from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, StartRound
from ..rules.document import hands_to_json, move_to_json, parse_hands, parse_move

LOG_FORMAT = "scorekeeper-log/1"
ACTION_KINDS = ("start-round", "move", "reveal")
KINDS = ("create", *ACTION_KINDS, "undo", "correct")


class LogError(Exception):
    """A log that cannot be folded: malformed events or an action the engine refuses."""


def now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def time_text(moment: datetime) -> str:
    """``2025-06-12T15:30:12.123Z``: UTC with milliseconds, as events store it."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_time(text: object) -> datetime | None:
    """An ISO 8601 time (``Z`` or an offset; naive is taken as UTC) → aware datetime, or ``None``."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def action_to_json(action) -> dict:
    """An engine action → the fields of its event (``kind`` plus its data)."""
    if type(action) is StartRound:
        return {"kind": "start-round", "starter": action.starter}
    if type(action) in (Play, Draw, Pass):
        return {"kind": "move", "move": move_to_json(action)}
    if type(action) is Reveal:
        return {"kind": "reveal", "hands": hands_to_json(action.hands)}
    raise TypeError(f"not an engine action: {action!r}")


def action_from_json(event: dict, players: int):
    """The engine action an event (or a correction's ``replacement``) holds.

    Raises :class:`RuleViolation` for a malformed move or hands, ``ValueError``
    for anything else malformed.
    """
    kind = event.get("kind")
    if kind == "start-round":
        starter = event.get("starter")
        if type(starter) is not int:
            raise ValueError("start-round needs a seat number as starter")
        return StartRound(starter)
    if kind == "move":
        return parse_move(event.get("move"))
    if kind == "reveal":
        return Reveal(parse_hands(event.get("hands"), players))
    raise ValueError(f"not an action event: kind {kind!r}")


def create_event(match_id: str, variant: str, players: list[str], partnerships: bool, source: str,
                 moment: datetime, started: datetime | None = None, ended: datetime | None = None) -> dict:
    """The seq-0 event that opens every match log."""
    event = {"seq": 0, "time": time_text(moment), "kind": "create", "format": LOG_FORMAT, "id": match_id,
             "variant": variant, "players": list(players), "partnerships": bool(partnerships), "source": source}
    if started is not None:
        event["started"] = time_text(started)
    if ended is not None:
        event["ended"] = time_text(ended)
    return event


def check_header(events: list[dict]) -> dict:
    """The create event of a log, checked; raises :class:`LogError`."""
    if not events:
        raise LogError("the log holds no events")
    head = events[0]
    if head.get("kind") != "create" or head.get("format") != LOG_FORMAT:
        raise LogError(f"the log does not start with a {LOG_FORMAT} create event")
    players = head.get("players")
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)
            and isinstance(head.get("variant"), str) and isinstance(head.get("partnerships"), bool)):
        raise LogError("the create event lacks variant, players or partnerships")
    return head


def check_sequence(events: list[dict]) -> None:
    """Events must be numbered 0, 1, 2… with a time and a known kind; raises :class:`LogError`."""
    for expected, event in enumerate(events):
        if event.get("seq") != expected:
            raise LogError(f"event number {expected} is missing (found {event.get('seq')!r})")
        if event.get("kind") not in KINDS or not isinstance(event.get("time"), str):
            raise LogError(f"event {expected} has no valid kind or time")


def effective_actions(events: list[dict]) -> list[tuple[int, object]]:
    """The actions in effect, as ``(seq of the action event, action)``, after undos and corrections.

    Raises :class:`LogError` for a malformed event or an undo/correct whose
    target is not in effect.
    """
    head = check_header(events)
    players = len(head["players"])
    out: list[tuple[int, object]] = []
    for event in events[1:]:
        kind, seq = event["kind"], event["seq"]
        try:
            if kind in ACTION_KINDS:
                out.append((seq, action_from_json(event, players)))
            elif kind == "undo":
                if not out or out[-1][0] != event.get("target"):
                    raise LogError(f"event {seq} undoes event {event.get('target')!r}, which is not the last action")
                out.pop()
            elif kind == "correct":
                target = event.get("target")
                places = [i for i, (s, _) in enumerate(out) if s == target]
                replacement = event.get("replacement")
                if not places or not isinstance(replacement, dict):
                    raise LogError(f"event {seq} corrects event {target!r}, which is not in effect")
                out[places[0]] = (target, action_from_json(replacement, players))
            else:
                raise LogError(f"event {seq}: a second create event")
        except (RuleViolation, ValueError) as err:
            raise LogError(f"event {seq} is malformed: {err}") from None
    return out


def fold_log(events: list[dict], explain: bool) -> tuple[dict, list[tuple[int, object]], Match]:
    """Check a log and fold it: ``(create event, effective actions, Match)``.

    Raises :class:`LogError` naming the event when the log is malformed or the
    engine refuses one of its actions (e.g. after a rules change).
    """
    check_sequence(events)
    head = check_header(events)
    actions = effective_actions(events)
    try:
        match = Match(head["variant"], head["players"], head["partnerships"], explain=explain)
    except RuleViolation as err:
        raise LogError(f"the rules engine refuses the match set-up: {err.message}") from None
    for seq, action in actions:
        try:
            match.apply(action)
        except RuleViolation as err:
            raise LogError(f"the rules engine refuses event {seq}: {err.message}") from None
    return head, actions, match
