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
    restores exactly the actions in effect before it), a ``rename`` or an
    ``abandon``. Logs written before corrections could be undone name the
    last action in effect; that still reads.
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
    correction, whose ``old`` is that action (it must be); each change also says where, as the table counts:
    ``"round"`` and ``"move"`` (a number, or ``"hands"``). A replacement is of
    the same kind as its target and keeps the target's seq; an inserted
    action (at most one a correction) has the correction's seq. Optional
    ``dropped``: the seqs of the actions a fix left out after the first
    one it made illegal (the "keep the moves before it" choice). The first
    form, ``{"target": seq, "replacement": A}``, is one replacement. The
    corrected action list must fold through the engine: every later action
    is re-validated, and a correction that breaks one is refused before
    anything is written.
``rename``
    ``players``: every name in seat order as it is from this event on;
    ``old``: the names in effect just before it (they must be). Names are
    fixed for the whole match (reports, history, statistics and export say
    the new ones); a rename is a change undo can take back.
``abandon``
    no fields: the match is given up (kept in the history as abandoned, not
    offered to resume). Nothing but an ``undo`` of it may follow while it is
    in effect; undo makes the match in progress again.

The log is only ever appended to. The *effective actions* are the action
events in order, with undos, redos and corrections applied (:class:`LogState`);
the match is the engine's fold over them (:func:`fold_log`).

Everything read from a log file is checked here before it is used
(:func:`check_event`): field names, types, times (a real date between
:data:`MIN_YEAR` and :data:`MAX_YEAR`), seats and nesting. Any fault is a
:class:`LogError`, which the store treats as damage (the file is moved aside).
Every kind is one :class:`EventKind` of the table :data:`KINDS`: its fields,
its check, what it means to the state in effect (for a change undo can take
back: ``take`` and ``give_back``), and how it travels in an exported document
(``export`` / ``imported``). To add a kind, declare it there (or, for a kind
of one's own, :func:`register` it): docs/store.md, "Adding a stored event kind".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from datetime import UTC, datetime
from typing import Any

from ..rules import Draw, Match, Pass, Play, Reveal, RuleViolation, StartRound
from ..rules.document import hands_to_json, misplay_to_json, move_to_json, parse_hands, parse_misplay, parse_move
from ..rules.fix import rebuild
from ..rules.moves import Action, Misplay
from ..rules.names import check_readable_name
from ..rules.times import MAX_YEAR as MAX_YEAR
from ..rules.times import MIN_YEAR as MIN_YEAR
from ..rules.times import in_range as in_range
from ..rules.times import parse_time as parse_time
from ..rules.variants import GAMES
from .paths import is_match_id

log = logging.getLogger(__name__)

LOG_FORMAT = "scorekeeper-log/1"
ACTION_KINDS = ("start-round", "move", "reveal", "misplay")  # misplay: R14, a recorded S8 offence
SOURCES = ("app", "import")

Event = dict[str, Any]  # one decoded JSON object of a log; its values are checked by check_event

_ENVELOPE = frozenset(("seq", "time", "kind"))
_CHANGE_FIELDS = frozenset(("op", "target", "before", "old", "new", "round", "move"))
MAX_EVENT_DEPTH = 6  # a correction's change of hands: event, changes, change, new, hands, tiles
_TIME_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z", re.ASCII)


class LogError(Exception):
    """A log that cannot be folded: malformed events or an action the engine refuses."""


def _no_check(event: Event) -> None:
    """A kind with no fields of its own (the envelope is checked by :func:`check_event`)."""


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of stored event, as :data:`KINDS` declares it: everything the store knows of it.

    Attributes:
        name: the event's ``kind``.
        role: ``"create"`` (seq 0), ``"action"`` (the engine's actions: the record of play),
            ``"change"`` (a change undo can take back: ``take`` and ``give_back`` say what it
            does), ``"undo"`` or ``"redo"``.
        required, optional: its fields besides ``seq``, ``time`` and ``kind``.
        check: raises :class:`LogError` for a value that is not what the kind holds (run on every
            event read, after the fields are known to be these).
        flat: True if ``check`` allows only scalars, or lists of them (then no depth walk is needed).
        depth: how deep its values may nest, the event itself counted (a deeper one is damage).
        take: for a change, apply it to the :class:`LogState` (raising :class:`LogError` if it does not
            fit) and return what ``give_back`` needs to take it back (e.g. the actions before it).
        give_back: for a change, take it back: ``give_back(state, event, what take returned)``.
        final: True if nothing but an undo may follow it while it is in effect (an abandon): an import
            appends its events after every other kind's.
        method: the :class:`~scorekeeper.store.MatchStore` method that writes it, or ``None``:
            then :meth:`~scorekeeper.store.MatchStore.append_change` writes it as given.
        export: the entries it puts in an exported document's ``meta`` from the state in effect
            (``{}`` for none), or ``None`` if it does not travel.
        imported: the events (fields, ``time`` optional) an import appends from a document's ``meta``
            object and folded match, or ``None``; raises ``RuleViolation`` for a bad value (the
            document is then refused).
    """

    name: str
    role: str = "change"
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    check: Callable[[Event], None] = _no_check
    flat: bool = False
    depth: int = 4
    take: Callable[[LogState, Event], object] | None = field(default=None, repr=False)
    give_back: Callable[[LogState, Event, object], None] | None = field(default=None, repr=False)
    final: bool = False
    method: str | None = None
    export: Callable[[LogState], dict[str, Any]] | None = field(default=None, repr=False)
    imported: Callable[[Mapping[str, Any], Match], list[Event]] | None = field(default=None, repr=False)


def now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def time_text(moment: datetime) -> str:
    """``2025-06-12T15:30:12.123Z``: UTC with milliseconds, as events store it."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def is_time_text(text: object) -> bool:
    """True for a time exactly as :func:`time_text` writes it, of a real moment in range.

    About 1 µs: it runs twice for every match each time the history opens.
    """
    if type(text) is not str or _TIME_TEXT.fullmatch(text) is None or not MIN_YEAR <= int(text[:4]) <= MAX_YEAR:
        return False
    try:
        datetime.fromisoformat(text)  # a real day and time of day (not 2025-13-45T99:99:99)
    except ValueError:
        return False
    return True


def depth_within(value: object, limit: int) -> bool:
    """True if ``value`` (decoded JSON) nests lists and objects at most ``limit`` deep (a scalar is 0).

    Iterative, so a value nested thousands deep is measured without recursion; only lists and
    objects are stacked (a match document is mostly scalars: this is what an import pays per move).
    """
    if not isinstance(value, (dict, list)):
        return True
    stack: list[tuple[dict[Any, Any] | list[Any], int]] = [(value, 0)]
    pop, push = stack.pop, stack.extend
    while stack:
        item, depth = pop()
        if depth >= limit:
            return False
        below = depth + 1
        push(
            [
                (child, below)
                for child in (item.values() if isinstance(item, dict) else item)
                if isinstance(child, (dict, list))
            ]
        )
    return True


def action_to_json(action: object) -> dict[str, Any]:
    """An engine action → the fields of its event (``kind`` plus its data)."""
    if type(action) is StartRound:
        return {"kind": "start-round", "starter": action.starter}
    if type(action) is Play or type(action) is Draw or type(action) is Pass:
        return {"kind": "move", "move": move_to_json(action)}
    if type(action) is Reveal:
        return {"kind": "reveal", "hands": hands_to_json(action.hands)}
    if type(action) is Misplay:  # R14: the offence, its own event ({"player", "move", "tile"})
        return {"kind": "misplay", **misplay_to_json(action)}
    raise TypeError(f"not an engine action: {action!r}")


def action_from_json(event: dict[str, Any], players: int, timed: bool = False) -> Action:
    """The engine action an event (or a correction's ``replacement``) holds; with ``timed`` (a match with a
    clock, R15) the event's ``time`` as its own (seconds since the epoch; ``None`` without one, as in a
    correction's changes). Untimed for every other match: reading the time cost five times the rest.

    Raises :class:`RuleViolation` for a malformed move or hands, ``ValueError``
    for anything else malformed.
    """
    kind = event.get("kind")
    at = _seconds(event.get("time")) if timed else None  # R15: the action carries the time it was recorded at
    if kind == "start-round":
        starter = event.get("starter")
        if type(starter) is not int:
            raise ValueError("start-round needs a seat number as starter")
        return StartRound(starter, time=at)
    if kind == "move":
        move = parse_move(event.get("move"))
        if at is None:
            return move
        if type(move) is Play:  # built directly: dataclasses.replace cost ten times the whole read
            return Play(move.player, move.tile, move.spot, move.drawn, move.claim, move.muggins, time=at)
        if type(move) is Draw:
            return Draw(move.player, move.count, time=at)
        return Pass(move.player, time=at)
    if kind == "reveal":
        return Reveal(parse_hands(event.get("hands"), players), time=at)
    if kind == "misplay":
        misplay = parse_misplay({key: event.get(key) for key in ("player", "move", "tile")})
        return misplay if at is None else Misplay(misplay.player, misplay.move, misplay.tile, time=at)
    raise ValueError(f"not an action event: kind {kind!r}")


def clocked(head: Mapping[str, Any]) -> bool:
    """Whether a log's create event sets up a match clock (R15 ``clock`` not 0): its actions are timed."""
    house = head.get("house_rules")
    return isinstance(house, dict) and bool(house.get("clock"))


def _seconds(text: object) -> float | None:
    """An event's ``time`` in seconds since the epoch: the fast path for :func:`time_text`'s own form
    (``…Z``, what every stored event has), :func:`parse_time` for any other; ``None`` without one."""
    if type(text) is str and len(text) == 24 and text[-1] == "Z":
        try:
            return datetime.fromisoformat(text).timestamp()  # Python 3.11 reads the Z
        except ValueError:
            pass
    moment = parse_time(text)
    return moment.timestamp() if moment is not None else None


def create_event(
    match_id: str,
    variant: str,
    players: list[str],
    partnerships: bool,
    source: str,
    moment: datetime,
    started: datetime | None = None,
    ended: datetime | None = None,
    house_rules: Mapping[str, str | int] | None = None,
) -> Event:
    """The seq-0 event that opens every match log; ``house_rules`` (the house options in effect) only
    when there are some, so a match with the game's own rules is written as before."""
    event: Event = {
        "seq": 0,
        "time": time_text(moment),
        "kind": "create",
        "format": LOG_FORMAT,
        "id": match_id,
        "variant": variant,
        "players": list(players),
        "partnerships": bool(partnerships),
        "source": source,
    }
    if started is not None:
        event["started"] = time_text(started)
    if ended is not None:
        event["ended"] = time_text(ended)
    if house_rules:
        event["house_rules"] = dict(house_rules)
    return event


# ------------------------------------------------------------------ checks
def _check_create(event: Event) -> None:
    if event["format"] != LOG_FORMAT:
        raise LogError(f"the log is not a {LOG_FORMAT} log")
    if not is_match_id(event["id"]):
        raise LogError("the create event's id is not a match id")
    if type(event["variant"]) is not str or event["variant"] not in GAMES:
        raise LogError("the create event names no known game")
    players = event["players"]
    if not (type(players) is list and 2 <= len(players) <= 4 and all(type(p) is str for p in players)):
        raise LogError("the create event's players are not 2 to 4 names")  # the engine checks each name
    if type(event["partnerships"]) is not bool:
        raise LogError("the create event's partnerships is not true or false")
    if event["source"] not in SOURCES:
        raise LogError("the create event's source is neither app nor import")
    for key in ("started", "ended"):
        if key in event and not is_time_text(event[key]):
            raise LogError(f"the create event's {key} is not a time")
    if "house_rules" in event and not (type(event["house_rules"]) is dict and event["house_rules"]):
        raise LogError("the create event's house_rules is not an object of house rules")  # the engine checks each
    if "import_events" in event and not (type(event["import_events"]) is int and event["import_events"] >= 1):
        raise LogError("the create event's import_events is not a count")


def _check_starter(event: Event) -> None:
    if type(event["starter"]) is not int:
        raise LogError(f"event {event['seq']}: the starter is not a seat number")


def _check_move(event: Event) -> None:
    move = event["move"]
    # scalars only, so that a refusal's message can quote any value
    if type(move) is not dict or not all(type(v) in (str, int, bool) for v in move.values()):
        raise LogError(f"event {event['seq']}: the move is not an object of plain values")


def _check_misplay(event: Event) -> None:
    """R14: a recorded offence: seat and 0-based move numbers, the tile as text (the engine checks the rest)."""
    if type(event["player"]) is not int or type(event["move"]) is not int or type(event["tile"]) is not str:
        raise LogError(f"event {event['seq']}: a misplay names a seat, a move number and a tile")


def _check_hands(event: Event) -> None:
    hands = event["hands"]
    if type(hands) is not dict or not all(
        type(h) is int or (type(h) is list and all(type(t) is str for t in h)) for h in hands.values()
    ):
        raise LogError(f"event {event['seq']}: the hands are not tiles or pip totals by seat")


def _check_target(event: Event) -> None:
    if type(event["target"]) is not int:
        raise LogError(f"event {event['seq']}: the target is not an event number")


def _check_names(names: object) -> bool:
    return type(names) is list and 2 <= len(names) <= 4 and all(type(p) is str for p in names)


def _check_rename(event: Event) -> None:
    new, old = event["players"], event["old"]
    if not (_check_names(new) and _check_names(old) and len(new) == len(old)):
        raise LogError(f"event {event['seq']}: a rename gives 2 to 4 names, new and old, seat by seat")
    if new == old:
        raise LogError(f"event {event['seq']}: a rename that changes no name")


def _check_action(value: object, seq: object, what: str) -> None:
    """An action inside a correction (``{"kind": "move", "move": {...}}``), checked as its event would be."""
    kind = value.get("kind") if type(value) is dict else None
    if type(kind) is not str or kind not in ACTION_KINDS:
        raise LogError(f"event {seq}: {what} is not an action")
    assert type(value) is dict
    spec = KINDS[kind]
    if not spec.required <= value.keys() <= spec.required | spec.optional | {"kind"}:
        raise LogError(f"event {seq}: {what} has not the fields of a {kind}")
    spec.check({**value, "seq": seq})


def _check_correct(event: Event) -> None:
    seq = event["seq"]
    if "changes" not in event:  # the first form: one replacement
        if not {"target", "replacement"} <= event.keys() or "dropped" in event:
            raise LogError(f"event {seq}: a correction needs its changes")
        _check_target(event)
        _check_action(event["replacement"], seq, "the replacement")
        return
    changes = event["changes"]
    if "target" in event or "replacement" in event or type(changes) is not list or not changes:
        raise LogError(f"event {seq}: a correction needs its changes")
    for change in changes:
        if type(change) is not dict or not change.keys() <= _CHANGE_FIELDS:
            raise LogError(f"event {seq}: a change is an object with op, target or before, old, new, round, move")
        op = change.get("op")
        needed = {"replace": ("target", "old", "new"), "delete": ("target", "old"), "insert": ("before", "new")}
        if op not in needed or not all(key in change for key in needed[op]):
            raise LogError(f"event {seq}: a change's op is replace, delete or insert, with its fields")
        if type(change.get("target", 0)) is not int or type(change.get("round", 0)) is not int:
            raise LogError(f"event {seq}: a change names an event and a round by number")
        if not (change.get("before") is None or type(change["before"]) is int):
            raise LogError(f"event {seq}: a change inserts before an event number or at the end")
        if not (type(change.get("move", 0)) is int or change.get("move") == "hands"):
            raise LogError(f'event {seq}: a change\'s move is a number or "hands"')
        for key in ("old", "new"):
            if key in change:
                _check_action(change[key], seq, f"a change's {key} entry")
    dropped = event.get("dropped", [])
    if type(dropped) is not list or not all(type(d) is int for d in dropped):
        raise LogError(f"event {seq}: dropped is a list of event numbers")


def check_event(event: object, expected_seq: int) -> Event:
    """Check one event read from a log: its envelope, its fields and their values. Returns it.

    Raises :class:`LogError` naming the event and what is wrong.
    """
    if type(event) is not dict:
        raise LogError(f"event {expected_seq} is not an object")
    if event.get("seq") != expected_seq or type(event.get("seq")) is not int:
        raise LogError(f"event number {expected_seq} is missing (found {_short(event.get('seq'))})")
    kind = event.get("kind")
    spec = KINDS.get(kind) if type(kind) is str else None
    if spec is None:
        raise LogError(f"event {expected_seq} has no known kind (found {_short(kind)})")
    if not is_time_text(event.get("time")):
        raise LogError(f"event {expected_seq} has no valid time (found {_short(event.get('time'))})")
    required, optional = spec.required, spec.optional
    keys = event.keys() - _ENVELOPE
    if not required <= keys <= required | optional:
        missing, extra = sorted(required - keys), sorted(keys - required - optional)
        raise LogError(
            f"event {expected_seq} ({kind}) has the wrong fields"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; unknown: {', '.join(_short(k) for k in extra[:3])}" if extra else "")
        )
    # The checks of the flat kinds allow only scalars, or lists of them, in their fields (they walk
    # no value, so a deep one reaches nothing that could recurse): an event they pass needs no walk. A
    # log is mostly moves, and this runs for every event of every match file read. One they refuse is
    # measured, so that a deep value is still named as such.
    if spec.flat:
        try:
            spec.check(event)
        except LogError:
            if not depth_within(event, spec.depth):
                raise LogError(f"event {expected_seq} is nested too deeply") from None
            raise
        return event
    if not depth_within(event, spec.depth):
        raise LogError(f"event {expected_seq} is nested too deeply")
    spec.check(event)
    return event


def _short(value: object) -> str:
    """A value for a message: its repr cut to 30 characters (no deep structure is walked)."""
    if isinstance(value, (dict, list)):
        return f"a JSON {'object' if isinstance(value, dict) else 'list'}"
    text = repr(value)
    return text if len(text) <= 30 else text[:29] + "…"


def check_log(events: list[Any], match_id: str | None = None) -> list[Event]:
    """Check every event of a log (numbered 0, 1, 2…; seq 0 a create event, no other).

    ``match_id`` is the id the file is named after: the create event must
    carry it. Returns the events; raises :class:`LogError`.
    """
    if not events:
        raise LogError("the log holds no events")
    checked = [check_event(event, seq) for seq, event in enumerate(events)]
    if checked[0]["kind"] != "create":
        raise LogError(f"the log does not start with a {LOG_FORMAT} create event")
    if any(e["kind"] == "create" for e in checked[1:]):
        raise LogError("the log holds a second create event")
    if match_id is not None and checked[0]["id"] != match_id:
        raise LogError(f"the log is of match {checked[0]['id']}, not of {match_id}")
    return checked


@dataclass(slots=True)
class Change:
    """One change still in effect that undo can take back: an action event, a correction, a rename
    or an abandon.

    ``seq`` is the event that made it; ``action`` the action an action event
    added; for any other change, ``event`` is its event and ``before`` what its
    kind's ``take`` returned, for its ``give_back`` (for a correction: the
    actions in effect just before it, which undo restores exactly; ``None`` for
    a rename or an abandon).
    """

    seq: int
    action: Action | None = None
    event: dict[str, Any] | None = None
    before: object = None


class LogState:
    """A log folded to what is in effect, event by event (no rules applied here).

    ``actions``: the actions in effect as ``(seq, action)``, ``seq`` being the
    event that recorded it (a correction's seq for an inserted action).
    ``changes``: the changes undo can take back, oldest first (its last is
    what :meth:`undo_event` names). ``undone``: ``(undo event seq, change)``
    that redo can bring back, the last undone last; any new action,
    correction, rename or abandon clears it. ``names``: the players' names
    in effect, in seat order (the create event's, as renamed since).
    ``abandoned``: the ``abandon`` event in effect, or ``None``. ``played_at``:
    the time (as stored) of the last event that changed the actions in effect
    (an action, a correction, an undo or redo of one), or ``None``: when a
    finished match finished (a later rename does not move it). ``kept``: what
    kinds of one's own (:func:`register`) keep in effect, by the kind's name.
    """

    __slots__ = ("players", "names", "abandoned", "played_at", "actions", "changes", "undone", "kept", "timed")

    def __init__(self, players: int, names: list[str] | None = None, timed: bool = False) -> None:
        self.players = players
        self.timed = timed  # R15: the match has a clock, its actions carry their events' times
        self.names: list[str] = list(names) if names is not None else [f"seat {i + 1}" for i in range(players)]
        self.abandoned: Event | None = None
        self.played_at: str | None = None
        self.actions: list[tuple[int, Action]] = []
        self.changes: list[Change] = []
        self.undone: list[tuple[int, Change]] = []
        self.kept: dict[str, Any] = {}

    def copy(self) -> LogState:
        """An independent copy (snapshots are shared: they are never changed)."""
        other = LogState(self.players, self.names, self.timed)
        other.abandoned, other.played_at, other.kept = self.abandoned, self.played_at, dict(self.kept)
        other.actions, other.changes, other.undone = list(self.actions), list(self.changes), list(self.undone)
        return other

    # ------------------------------------------------------------ folding events
    def apply(self, event: dict[str, Any]) -> None:
        """Take one event (not ``create``) into the state; raises :class:`LogError` if it does
        not fit (an undo, redo or correction whose target is not in effect, a malformed action)."""
        kind, seq = event.get("kind"), event.get("seq")
        if type(seq) is not int:
            raise LogError(f"an event has no sequence number: {seq!r}")
        if self.abandoned is not None and kind != "undo":
            raise LogError(
                f"event {seq} ({kind}) follows the abandon of event {self.abandoned['seq']}, "
                "which only an undo may follow"
            )
        actions, count = self.actions, len(self.actions)
        spec = KINDS.get(kind) if type(kind) is str else None
        role = spec.role if spec is not None else None
        try:
            if role == "action":
                self.push(seq, action_from_json(event, self.players, self.timed))
            elif role == "undo":
                self._undo(seq, event.get("target"))
            elif role == "redo":
                self._redo(seq, event.get("target"))
            elif role == "change" and spec is not None and spec.take is not None:
                self.changes.append(Change(seq, event=event, before=spec.take(self, event)))
                self.undone.clear()
            else:
                raise LogError(
                    f"event {seq}: a second create event"
                    if kind == "create"
                    else f"event {seq} has an unknown kind {kind!r}"
                )
        except (RuleViolation, ValueError, TypeError) as err:
            raise LogError(f"event {seq} is malformed: {err}") from None
        if role == "action" or self.actions is not actions or len(actions) != count:  # the record of play changed
            self.played_at = event.get("time")

    def push(self, seq: int, action: Action) -> None:
        """A new action recorded by event ``seq`` (the fast path of recording a move)."""
        self.actions.append((seq, action))
        self.changes.append(Change(seq, action=action))
        self.undone.clear()

    def _rename(self, event: Event) -> None:
        """Take the names of a ``rename`` event (checked: its ``old`` names are those in effect, each new
        one is a name the engine accepts, no two alike)."""
        new, old = event.get("players"), event.get("old")
        if old != self.names or not isinstance(new, list) or len(new) != self.players:
            raise LogError(f"event {event.get('seq')} renames players who are not the ones in effect")
        for name in new:
            check_readable_name(name)  # RuleViolation: a malformed event
        if len({str(name).strip().casefold() for name in new}) != len(new):
            raise LogError(f"event {event.get('seq')} gives two players the same name")
        self.names = [str(name) for name in new]

    def _undo(self, seq: int, target: object) -> None:
        top = self.changes[-1] if self.changes else None
        if top is not None and top.seq == target:
            if top.event is None:  # an action
                if not self.actions or self.actions[-1][0] != target:
                    raise LogError(f"event {seq} undoes event {target!r}, which is not the last action in effect")
                self.actions.pop()
            else:  # a change of its kind: the kind takes it back (a correction: the actions before it)
                give_back = KINDS[top.event["kind"]].give_back
                assert give_back is not None  # a change kind declares both
                give_back(self, top.event, top.before)
            self.changes.pop()
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
        if change.event is not None:  # a change, made again on the state it was made on (nothing since)
            take = KINDS[change.event["kind"]].take
            assert take is not None  # a change kind declares both
            self.changes.append(Change(change.seq, event=change.event, before=take(self, change.event)))
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
                self._check_old(change, actions[i], seq)
                new = action_from_json(_action_fields(change.get("new")), self.players)
                if _kind(new) != _kind(actions[i][1]):
                    raise LogError(f"event {seq} replaces a {_kind(actions[i][1])} with a {_kind(new)}")
                if new.time is None and actions[i][1].time is not None:  # R15: the corrected move keeps its time
                    new = dc_replace(new, time=actions[i][1].time)
                replace[i] = (actions[i][0], new)
            elif op == "delete":
                i = index_of(change.get("target"), "deletes")
                self._check_old(change, actions[i], seq)
                delete.add(i)
            elif op == "insert":
                before = change.get("before")
                i = len(actions) if before is None else index_of(before, "inserts before")
                if any(insert.values()):
                    raise LogError(f"event {seq}: one insert per correction (the inserted move is event {seq})")
                insert.setdefault(i, []).append(
                    (seq, action_from_json(_action_fields(change.get("new")), self.players))
                )
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

    def _check_old(self, change: dict[str, Any], target: tuple[int, Action], seq: int) -> None:
        """A change's ``old`` must be the action in effect it names (as a rename's ``old`` names must be
        the names in effect): the audit trail words a fix by it, so a false one would misstate the record.
        Changes of the first form have none."""
        if "old" not in change:
            return
        if action_from_json(_action_fields(change["old"]), self.players) != target[1]:
            raise LogError(f"event {seq}: a change's old entry is not what event {target[0]} holds in effect")

    # ------------------------------------------------------------------ queries
    def undo_target(self) -> Change | None:
        """The change :meth:`MatchStore.undo` would take back, or ``None``."""
        return self.changes[-1] if self.changes else None

    def redo_target(self) -> tuple[int, Change] | None:
        """``(undo event seq, change)`` that redo would bring back, or ``None``."""
        return self.undone[-1] if self.undone else None


def _action_fields(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError('a change\'s action is an object like {"kind": "move", "move": {...}}')
    return value


def _kind(action: Action) -> str:
    return str(action_to_json(action)["kind"])


def effective_actions(events: list[dict[str, Any]]) -> list[tuple[int, Action]]:
    """The actions in effect, as ``(seq of the action event, action)``, after undos, redos and
    corrections. Raises :class:`LogError` for a malformed event or a target not in effect."""
    return log_state(events).actions


def log_state(events: list[Any], match_id: str | None = None) -> LogState:
    """The :class:`LogState` of a whole log (every event checked, :func:`check_log`); raises :class:`LogError`."""
    checked = check_log(events, match_id)
    state = LogState(len(checked[0]["players"]), checked[0]["players"], clocked(checked[0]))
    for event in checked[1:]:
        state.apply(event)
    return state


def fold_log(events: list[Any], explain: bool, match_id: str | None = None) -> tuple[Event, LogState, Match]:
    """Check a log and fold it: ``(create event, LogState, Match)``.

    ``match_id``: the id the file is named after (its create event must say it).
    Raises :class:`LogError` naming the event when the log is malformed or the
    engine refuses one of its actions (e.g. after a rules change).
    """
    state = log_state(events, match_id)
    head = events[0]
    actions = state.actions
    try:
        match = Match(
            head["variant"], state.names, head["partnerships"], explain=explain, house_rules=head.get("house_rules")
        )
    except RuleViolation as err:
        raise LogError(f"the rules engine refuses the match set-up: {err.message}") from None
    for seq, action in actions:
        try:
            match.apply(action)
        except RuleViolation as err:
            raise LogError(f"the rules engine refuses event {seq}: {err.message}") from None
        except Exception as err:  # an engine fault on a checked value: contain it to this match, and say so
            log.error("the rules engine failed on event %s: %r", seq, err, exc_info=True)
            raise LogError(f"the rules engine could not read event {seq} ({type(err).__name__})") from None
    return head, state, match


# ------------------------------------------------------------------ the kinds
def _take_correct(state: LogState, event: Event) -> object:
    before = list(state.actions)
    state.actions = state._corrected(event, before)
    return before  # undo restores exactly these


def _give_back_correct(state: LogState, event: Event, before: object) -> None:
    assert isinstance(before, list)
    state.actions = list(before)


def _take_rename(state: LogState, event: Event) -> object:
    state._rename(event)
    return None


def _give_back_rename(state: LogState, event: Event, before: object) -> None:
    state.names = list(event["old"])


def _take_abandon(state: LogState, event: Event) -> object:
    state.abandoned = event
    return None


def _give_back_abandon(state: LogState, event: Event, before: object) -> None:
    state.abandoned = None


def _export_abandon(state: LogState) -> dict[str, Any]:
    """An abandoned match's document says when it was given up (``meta.abandoned``)."""
    return {"abandoned": state.abandoned["time"]} if state.abandoned is not None else {}


def _import_abandon(meta: Mapping[str, Any], match: Match) -> list[Event]:
    """``meta.abandoned`` (checked by :func:`~scorekeeper.store.documents.read_meta`): an unfinished match
    is imported abandoned at that time."""
    moment = parse_time(meta.get("abandoned"))
    return [] if moment is None or match.finished else [{"kind": "abandon", "time": time_text(moment)}]


def _f(*names: str) -> frozenset[str]:
    return frozenset(names)


#: every kind of event a log may hold, in the order an import appends the kinds' events
KINDS: dict[str, EventKind] = {
    k.name: k
    for k in (
        EventKind(
            "create",
            "create",
            _f("format", "id", "variant", "players", "partnerships", "source"),
            _f("started", "ended", "import_events", "house_rules"),
            _check_create,
        ),
        EventKind("start-round", "action", _f("starter"), check=_check_starter, flat=True),
        EventKind("move", "action", _f("move"), check=_check_move, flat=True),
        EventKind("reveal", "action", _f("hands"), check=_check_hands, flat=True),
        EventKind("misplay", "action", _f("player", "move", "tile"), check=_check_misplay, flat=True),
        EventKind("undo", "undo", _f("target"), check=_check_target, flat=True),
        EventKind("redo", "redo", _f("target"), check=_check_target, flat=True),
        # the current form has "changes" (and maybe "dropped"), the first form "target" and "replacement"
        EventKind(
            "correct",
            "change",
            optional=_f("changes", "dropped", "target", "replacement"),
            check=_check_correct,
            depth=MAX_EVENT_DEPTH,
            take=_take_correct,
            give_back=_give_back_correct,
            method="fix",
        ),
        EventKind(
            "rename",
            "change",
            _f("players", "old"),
            check=_check_rename,
            take=_take_rename,
            give_back=_give_back_rename,
            method="rename",
        ),
        EventKind(
            "abandon",
            "change",
            flat=True,
            take=_take_abandon,
            give_back=_give_back_abandon,
            method="abandon",
            export=_export_abandon,
            imported=_import_abandon,
            final=True,
        ),
    )
}


def register(kind: EventKind) -> None:
    """Declare one more kind of event (a kind of one's own: tests, an extension), a change (role
    ``"change"``); it is then read, checked, folded, undone, exported and imported as :data:`KINDS`
    says. Raises ``ValueError`` for a name already declared, another role, or a change without
    ``take`` and ``give_back``."""
    if kind.name in KINDS:
        raise ValueError(f"the event kind {kind.name!r} is declared already")
    if kind.role == "change" and (kind.take is None or kind.give_back is None):
        raise ValueError(f"the change {kind.name!r} needs take and give_back (what it does, and its undo)")
    if kind.role != "change":
        raise ValueError(
            f"{kind.name!r}: a kind of one's own is a change (a log has one create event, one "
            "undo and one redo, and its actions are the engine's: a new action is added there)"
        )
    KINDS[kind.name] = kind


def exported_meta(state: LogState) -> dict[str, Any]:
    """The entries the kinds put in an exported document's ``meta``, in the table's order."""
    out: dict[str, Any] = {}
    for kind in KINDS.values():
        if kind.export is not None:
            out.update(kind.export(state))
    return out


def imported_events(meta: Mapping[str, Any], match: Match) -> list[Event]:
    """The events (fields; ``time`` if the kind gives one) an import appends after the actions of a
    checked document, from its ``meta``, in the table's order. Raises ``RuleViolation`` as a kind does."""
    out: list[Event] = []
    for kind in sorted(KINDS.values(), key=lambda k: k.final):  # stable: the table's order, final kinds last
        if kind.imported is not None:
            out.extend(kind.imported(meta, match))
    return out
