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
    ``target``: the seq of the change taken back: the last change still in
    effect, an action event or a ``correct`` event (undoing a correction
    restores exactly the actions in effect before it). Logs written before
    corrections could be undone name the last action in effect; that still
    reads.
``redo``
    ``target``: the seq of the ``undo`` event whose change comes back (the
    last one undone, with no action or correction since). The change keeps
    its own seq: a redone move is still "event 5".
``correct``
    ``changes``: a list, each ``{"op": "replace", "target": seq, "old": A,
    "new": A}``, ``{"op": "delete", "target": seq, "old": A}`` or ``{"op":
    "insert", "before": seq or null (at the end), "new": A}``, where A is an
    action as ``{"kind": "move", "move": {...}}`` (or ``start-round`` /
    ``reveal`` fields) and every seq names an action in effect *before* the
    correction; each change also says where, as the table counts:
    ``"round"`` and ``"move"`` (a number, or ``"hands"``). A replacement is of
    the same kind as its target and keeps the target's seq; an inserted
    action (at most one a correction) has the correction's seq. Optional
    ``dropped``: the seqs of the actions a fix left out after the first
    one it made illegal (the "keep the moves before it" choice). The first
    form, ``{"target": seq, "replacement": A}``, is one replacement. The
    corrected action list must fold through the engine: every later action
    is re-validated, and a correction that breaks one is refused before
    anything is written.

The log is only ever appended to. The *effective actions* are the action
events in order, with undos, redos and corrections applied (:class:`LogState`);
the match is the engine's fold over them (:func:`fold_log`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, StartRound
from ..rules.document import hands_to_json, move_to_json, parse_hands, parse_move
from ..rules.fix import rebuild
from ..rules.moves import Action

LOG_FORMAT = "scorekeeper-log/1"
ACTION_KINDS = ("start-round", "move", "reveal")
KINDS = ("create", *ACTION_KINDS, "undo", "redo", "correct")


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


def action_to_json(action: object) -> dict[str, Any]:
    """An engine action → the fields of its event (``kind`` plus its data)."""
    if type(action) is StartRound:
        return {"kind": "start-round", "starter": action.starter}
    if type(action) is Play or type(action) is Draw or type(action) is Pass:
        return {"kind": "move", "move": move_to_json(action)}
    if type(action) is Reveal:
        return {"kind": "reveal", "hands": hands_to_json(action.hands)}
    raise TypeError(f"not an engine action: {action!r}")


def action_from_json(event: dict[str, Any], players: int) -> Action:
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


@dataclass(slots=True)
class Change:
    """One change still in effect that undo can take back: an action event or a correction.

    ``seq`` is the event that made it; ``action`` the action an action event
    added; for a correction, ``event`` is the ``correct`` event and ``before``
    the actions in effect just before it (undo restores exactly these).
    """

    seq: int
    action: Action | None = None
    event: dict[str, Any] | None = None
    before: list[tuple[int, Action]] | None = None


class LogState:
    """A log folded to what is in effect, event by event (no rules applied here).

    ``actions``: the actions in effect as ``(seq, action)``, ``seq`` being the
    event that recorded it (a correction's seq for an inserted action).
    ``changes``: the changes undo can take back, oldest first (its last is
    what :meth:`undo_event` names). ``undone``: ``(undo event seq, change)``
    that redo can bring back, the last undone last; any new action or
    correction clears it.
    """

    __slots__ = ("players", "actions", "changes", "undone")

    def __init__(self, players: int) -> None:
        self.players = players
        self.actions: list[tuple[int, Action]] = []
        self.changes: list[Change] = []
        self.undone: list[tuple[int, Change]] = []

    def copy(self) -> LogState:
        """An independent copy (snapshots are shared: they are never changed)."""
        other = LogState(self.players)
        other.actions, other.changes, other.undone = list(self.actions), list(self.changes), list(self.undone)
        return other

    # ------------------------------------------------------------ folding events
    def apply(self, event: dict[str, Any]) -> None:
        """Take one event (not ``create``) into the state; raises :class:`LogError` if it does
        not fit (an undo, redo or correction whose target is not in effect, a malformed action)."""
        kind, seq = event.get("kind"), event.get("seq")
        if type(seq) is not int:
            raise LogError(f"an event has no sequence number: {seq!r}")
        try:
            if kind in ACTION_KINDS:
                self.push(seq, action_from_json(event, self.players))
            elif kind == "correct":
                before = list(self.actions)
                self.actions = self._corrected(event, before)
                self.changes.append(Change(seq, event=event, before=before))
                self.undone.clear()
            elif kind == "undo":
                self._undo(seq, event.get("target"))
            elif kind == "redo":
                self._redo(seq, event.get("target"))
            else:
                raise LogError(f"event {seq}: a second create event" if kind == "create"
                               else f"event {seq} has an unknown kind {kind!r}")
        except (RuleViolation, ValueError, TypeError) as err:
            raise LogError(f"event {seq} is malformed: {err}") from None

    def push(self, seq: int, action: Action) -> None:
        """A new action recorded by event ``seq`` (the fast path of recording a move)."""
        self.actions.append((seq, action))
        self.changes.append(Change(seq, action=action))
        self.undone.clear()

    def _undo(self, seq: int, target: object) -> None:
        top = self.changes[-1] if self.changes else None
        if top is not None and top.seq == target:
            if top.before is None and (not self.actions or self.actions[-1][0] != target):
                raise LogError(f"event {seq} undoes event {target!r}, which is not the last action in effect")
            self.changes.pop()
            if top.before is not None:  # a correction: the actions as they were before it
                self.actions = list(top.before)
            else:
                self.actions.pop()
            self.undone.append((seq, top))
            return
        # Logs written before corrections could be undone: an undo names the last action in effect.
        if self.actions and self.actions[-1][0] == target:
            self.actions.pop()
            place = next(i for i, c in enumerate(self.changes) if c.seq == target)
            change = self.changes[place]
            del self.changes[place:]  # corrections after it can no longer be restored exactly
            self.undone = [(seq, change)]
            return
        raise LogError(f"event {seq} undoes event {target!r}, which is not the last change in effect")

    def _redo(self, seq: int, target: object) -> None:
        if not self.undone or self.undone[-1][0] != target:
            raise LogError(f"event {seq} redoes undo {target!r}, which is not the last one undone")
        _, change = self.undone.pop()
        if change.event is not None:  # a correction, on the actions it was made on
            before = list(self.actions)
            self.actions = self._corrected(change.event, before)
            self.changes.append(Change(change.seq, event=change.event, before=before))
        else:
            assert change.action is not None
            self.actions.append((change.seq, change.action))
            self.changes.append(change)

    def _corrected(self, event: dict[str, Any], actions: list[tuple[int, Action]]) -> list[tuple[int, Action]]:
        """The actions in effect after the ``correct`` event (see the module docstring)."""
        seq = event["seq"]
        place = {s: i for i, (s, _) in enumerate(actions)}

        def index_of(target: object, what: str) -> int:
            if type(target) is not int or target not in place:
                raise LogError(f"event {seq} {what} event {target!r}, which is not in effect")
            return place[target]

        changes = event.get("changes")
        if changes is None and "replacement" in event:  # the first form: one replacement
            changes = [{"op": "replace", "target": event.get("target"), "new": event.get("replacement")}]
        if not isinstance(changes, list) or not changes:
            raise LogError(f"event {seq}: a correction needs its changes")
        replace: dict[int, tuple[int, Action]] = {}
        delete: set[int] = set()
        insert: dict[int, list[tuple[int, Action]]] = {}
        for change in changes:
            if not isinstance(change, dict):
                raise LogError(f"event {seq}: a change is an object")
            op = change.get("op")
            if op == "replace":
                i = index_of(change.get("target"), "replaces")
                new = action_from_json(_action_fields(change.get("new")), self.players)
                if _kind(new) != _kind(actions[i][1]):
                    raise LogError(f"event {seq} replaces a {_kind(actions[i][1])} with a {_kind(new)}")
                replace[i] = (actions[i][0], new)
            elif op == "delete":
                delete.add(index_of(change.get("target"), "deletes"))
            elif op == "insert":
                before = change.get("before")
                i = len(actions) if before is None else index_of(before, "inserts before")
                if any(insert.values()):
                    raise LogError(f"event {seq}: one insert per correction (the inserted move is event {seq})")
                insert.setdefault(i, []).append((seq, action_from_json(_action_fields(change.get("new")),
                                                                       self.players)))
            else:
                raise LogError(f"event {seq}: unknown change {op!r}")
        out = rebuild(actions, replace, delete, insert)
        dropped = event.get("dropped", [])
        if not isinstance(dropped, list):
            raise LogError(f"event {seq}: dropped is a list of event numbers")
        gone = set(dropped)
        if not gone <= {s for s, _ in out}:
            raise LogError(f"event {seq} drops an action not in effect")
        return [item for item in out if item[0] not in gone]

    # ------------------------------------------------------------------ queries
    def undo_target(self) -> Change | None:
        """The change :meth:`MatchStore.undo` would take back, or ``None``."""
        return self.changes[-1] if self.changes else None

    def redo_target(self) -> tuple[int, Change] | None:
        """``(undo event seq, change)`` that redo would bring back, or ``None``."""
        return self.undone[-1] if self.undone else None


def _action_fields(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("a change's action is an object like {\"kind\": \"move\", \"move\": {...}}")
    return value


def _kind(action: Action) -> str:
    return str(action_to_json(action)["kind"])


def effective_actions(events: list[dict[str, Any]]) -> list[tuple[int, Action]]:
    """The actions in effect, as ``(seq of the action event, action)``, after undos, redos and
    corrections. Raises :class:`LogError` for a malformed event or a target not in effect."""
    return log_state(events).actions


def log_state(events: list[dict[str, Any]]) -> LogState:
    """The :class:`LogState` of a whole log (header and numbering checked); raises :class:`LogError`."""
    check_sequence(events)
    head = check_header(events)
    state = LogState(len(head["players"]))
    for event in events[1:]:
        state.apply(event)
    return state


def fold_log(events: list[dict[str, Any]], explain: bool) -> tuple[dict[str, Any], LogState, Match]:
    """Check a log and fold it: ``(create event, LogState, Match)``.

    Raises :class:`LogError` naming the event when the log is malformed or the
    engine refuses one of its actions (e.g. after a rules change).
    """
    state = log_state(events)
    head = events[0]
    actions = state.actions
    try:
        match = Match(head["variant"], head["players"], head["partnerships"], explain=explain)
    except RuleViolation as err:
        raise LogError(f"the rules engine refuses the match set-up: {err.message}") from None
    for seq, action in actions:
        try:
            match.apply(action)
        except RuleViolation as err:
            raise LogError(f"the rules engine refuses event {seq}: {err.message}") from None
    return head, state, match
