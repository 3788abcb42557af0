"""The audit trail of a match: every event of its log as one line of English (``scorekeeper log``).

Each line says what the event did where the table counts it (round, move): a move
recorded, a round started, hands revealed, an undo and what it took back, a redo, a
correction with the entry it replaced and the new one, a rename (old → new names), an abandon.
Moves are worded with the names in effect when each event was logged. The log itself is never
changed; ``scorekeeper log --json`` prints the events as stored.
"""

from __future__ import annotations

from typing import Any

from ..rules import Draw, Pass, Play, Reveal, StartRound
from ..rules.layout import spot_text
from ..rules.moves import Action, Misplay
from ..rules.tiles import tile_text
from ..store.events import LogState, action_from_json, check_log


def action_words(action: Action, names: list[str]) -> str:
    """``"Ann plays 3-6 at 6-6:line-b"``, ``"Bo draws 2"``, ``"Cy passes"``, ``"Ann leads"`` (a round's start),
    ``"Ann 1-6 1-4, Bo 0"`` (revealed hands: tiles or a pip total)."""
    if type(action) is Play:
        who, tile = names[action.player], tile_text(action.tile)
        if action.spot is None:
            return f"{who} leads {tile}"
        drawn = "the drawn " if action.drawn else ""
        return f"{who} plays {drawn}{tile} at {spot_text(action.spot)}"
    if type(action) is Draw:
        return f"{names[action.player]} draws {action.count}"
    if type(action) is Pass:
        return f"{names[action.player]} passes"
    if type(action) is StartRound:
        return f"{names[action.starter]} leads"
    if type(action) is Misplay:  # R14: the offence the table recorded
        who = names[action.player] if 0 <= action.player < len(names) else str(action.player)
        return f"misplay: {who} drew or passed at move {action.move + 1} holding {tile_text(action.tile)} (R14 penalty)"
    if type(action) is Reveal:
        shown = []
        for seat, hand in sorted(action.hands.items()):
            held = str(hand) if isinstance(hand, int) else " ".join(tile_text(t) for t in hand) or "nothing"
            shown.append(f"{names[seat] if 0 <= seat < len(names) else seat} {held}")
        return ", ".join(shown)
    return repr(action)


def _where(round_no: object, move_no: object) -> str:
    if move_no == "hands":
        return f"round {round_no}, hands"
    if move_no == 0:
        return f"round {round_no}, start"
    return f"round {round_no}, move {move_no}"


def _place(state: LogState, seq: int) -> tuple[int, int | str]:
    """Where the action of event ``seq`` stands among the actions in effect (round, move from 1)."""
    round_no, move_no = 0, 0
    for s, action in state.actions:
        if type(action) is StartRound:
            round_no, move_no = round_no + 1, 0
        elif type(action) is not Reveal and type(action) is not Misplay:
            move_no += 1
        if s == seq:
            return round_no, "hands" if type(action) is Reveal else move_no
    return round_no, move_no


def audit_lines(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per event: ``{"seq", "time", "kind", "text"}``, ``text`` saying what it did.

    Raises :class:`LogError` for a log that does not fold (the store moves such a file aside
    before anyone asks).
    """
    head = check_log(events)[0]
    names: list[str] = list(head["players"])
    state = LogState(len(names), names)
    made: dict[object, dict[str, Any]] = {}  # seq -> the event, to say what an undo or redo concerns
    out = [
        {
            "seq": 0,
            "time": head.get("time"),
            "kind": "create",
            "text": f"{head['variant']}: {', '.join(names)}"
            f"{' in partnerships' if head.get('partnerships') else ''} ({head.get('source', 'app')})",
        }
    ]
    for event in events[1:]:
        kind, seq = event.get("kind"), int(event["seq"])
        made[seq] = event
        described = ""
        if kind == "undo" or kind == "redo":
            target = event.get("target")
            if kind == "redo":
                undo = made.get(target)
                target = undo.get("target") if undo else target
                described = f"brings back event {target}"
            else:
                described = f"takes back event {target}"
            what = made.get(target)
            if what is not None:
                if what.get("kind") == "correct":
                    described += " (the correction)"
                elif what.get("kind") == "rename":
                    described += f" (the rename: {_rename_words(what)})"
                elif what.get("kind") == "abandon":
                    described += " (the abandon)"
                else:
                    shown = action_words(action_from_json(what, len(names)), names)
                    described += f" (hands {shown})" if what.get("kind") == "reveal" else f" ({shown})"
        elif kind == "correct":
            described = "; ".join(_change_words(change, names) for change in _changes(event))
            if event.get("dropped"):
                dropped = ", ".join(str(s) for s in event["dropped"])
                described += f"; keeps the moves before the first one it made illegal, drops events {dropped}"
        elif kind == "rename":
            described = _rename_words(event)
        elif kind == "abandon":
            described = "the match is abandoned (kept in the history, not offered to resume)"
        state.apply(event)
        names = state.names
        if kind in ("start-round", "move", "reveal", "misplay"):
            action = action_from_json(event, len(names))
            round_no, move_no = _place(state, seq)
            if type(action) is StartRound:
                described = f"round {round_no} starts: {action_words(action, names)}"
            elif type(action) is Misplay:
                described = f"round {round_no}: {action_words(action, names)}"
            else:
                described = f"{_where(round_no, move_no)}: {action_words(action, names)}"
        out.append({"seq": seq, "time": event.get("time"), "kind": kind, "text": described})
    return out


def _rename_words(event: dict[str, Any]) -> str:
    """``"Bo → Bob, Cy → Cyd"``: the names a rename changed (seat by seat)."""
    return ", ".join(f"{old} → {new}" for old, new in zip(event["old"], event["players"], strict=True) if old != new)


def _changes(event: dict[str, Any]) -> list[dict[str, Any]]:
    changes = event.get("changes")
    if isinstance(changes, list):
        return changes
    return [{"op": "replace", "target": event.get("target"), "new": event.get("replacement")}]  # first form


def _change_words(change: dict[str, Any], names: list[str]) -> str:
    def words(fields: object) -> str:
        if not isinstance(fields, dict):
            return repr(fields)
        try:
            return action_words(action_from_json(fields, len(names)), names)
        except Exception:  # noqa: BLE001 - an entry that does not read is shown as it is, not explained
            return repr(fields)

    where = (
        _where(change.get("round", "?"), change.get("move", "?"))
        if "round" in change
        else f"event {change.get('target')}"
    )
    op = change.get("op")
    if op == "insert":
        return f"round {change.get('round', '?')}: inserts {words(change.get('new'))} as move {change.get('move', '?')}"
    if op == "delete":
        return f"{where}: deletes {words(change.get('old'))} (event {change.get('target')})"
    old = (
        f"{words(change['old'])} (event {change.get('target')})" if "old" in change else f"event {change.get('target')}"
    )
    return f"{where}: {old} → {words(change.get('new'))}"


__all__ = ["action_words", "audit_lines"]
