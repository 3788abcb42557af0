"""TEMPORARY stand-in for ``scorekeeper.store`` until the real store lands on main.

It implements the part of the store API the app calls (``create_match``,
``record``, ``undo``, ``open_match``, ``list_matches``,
``unfinished_matches``, ``recent_player_names``, ``export_document``) and
keeps each match as its list of actions in
``<data_dir>/interim-matches/<id>.json``, rewritten with a temp file and
``os.replace`` after every change. It has no event log, no audit trail of
undos, no stats and no import: it is NOT the durable log of issue 3.
:func:`scorekeeper.app.store_access.open_app_store` uses it only when
``scorekeeper.store`` cannot be imported. Delete it once the store is merged.
"""

from __future__ import annotations

import json
import os
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from ..rules import Match, Reveal, StartRound
from ..rules.document import actions_of, hands_to_json, match_to_document, move_to_json, parse_hands, parse_move
from ..rules.moves import ScoreEvent


@dataclass
class RecordResult:
    """What ``record`` returns: the match after the action, its score events, its sequence number."""

    match: Match
    events: tuple[ScoreEvent, ...]
    seq: int


@dataclass
class MatchSummary:
    """One row of ``list_matches``."""

    id: str
    variant: str
    players: list[str]
    partnerships: bool
    started: float
    ended: float | None
    status: str
    scores: list[int]
    winners: list[int]


class InterimStore:
    """See the module docstring. Thread-safe through one lock; blocking calls."""

    def __init__(self, data_dir: str | os.PathLike) -> None:
        self.folder = Path(data_dir) / "interim-matches"
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    # ------------------------------------------------------------ internals
    def _path(self, match_id: str) -> Path:
        return self.folder / f"{match_id}.json"

    def _read(self, match_id: str) -> dict:
        with open(self._path(match_id), encoding="utf-8") as handle:
            return json.load(handle)

    def _write(self, match_id: str, record: dict) -> None:
        tmp = self._path(match_id).with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(record, handle, ensure_ascii=False)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self._path(match_id))

    @staticmethod
    def _fold(record: dict) -> Match:
        actions = []
        for item in record["actions"]:
            if "start" in item:
                actions.append(StartRound(item["start"]))
            elif "hands" in item:
                actions.append(Reveal(parse_hands(item["hands"], len(record["players"]))))
            else:
                actions.append(parse_move(item))
        return Match.replay(record["variant"], record["players"], record["partnerships"], actions, explain=True)

    def _save(self, match_id: str, record: dict, match: Match) -> None:
        actions = []
        for action in match.actions:
            if isinstance(action, StartRound):
                actions.append({"start": action.starter})
            elif isinstance(action, Reveal):
                actions.append({"hands": hands_to_json(action.hands)})
            else:
                actions.append(move_to_json(action))
        record.update(actions=actions, variant=match.variant, players=match.players,
                      partnerships=match.partnerships, seq=record.get("seq", 0) + 1)
        if match.finished and record.get("ended") is None:
            record["ended"] = time.time()
        self._write(match_id, record)

    # ------------------------------------------------------------------ API
    def create_match(self, variant: str, players: list[str], partnerships: bool) -> str:
        match = Match(variant, players, partnerships, explain=True)  # raises RuleViolation (H1/E1)
        match_id = time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        with self._lock:
            self._save(match_id, {"id": match_id, "started": time.time(), "ended": None}, match)
        return match_id

    def record(self, match_id: str, action) -> RecordResult:
        with self._lock:
            record = self._read(match_id)
            match = self._fold(record)
            events = match.apply(action)  # RuleViolation: nothing written
            self._save(match_id, record, match)
            return RecordResult(match, events, record["seq"])

    def undo(self, match_id: str) -> Match:
        with self._lock:
            record = self._read(match_id)
            match = self._fold(record)
            match.undo()
            record["ended"] = None if not match.finished else record.get("ended")
            self._save(match_id, record, match)
            return match

    def open_match(self, match_id: str) -> Match:
        with self._lock:
            return self._fold(self._read(match_id))

    def list_matches(self, player=None, variant=None, since=None, until=None, finished=None) -> list[MatchSummary]:
        rows = []
        with self._lock:
            for path in sorted(self.folder.glob("*.json")):
                record = json.loads(path.read_text(encoding="utf-8"))
                match = self._fold(record)
                if player is not None and player not in match.players:
                    continue
                if variant is not None and match.variant != variant:
                    continue
                if finished is not None and match.finished != finished:
                    continue
                if since is not None and record["started"] < since:
                    continue
                if until is not None and record["started"] > until:
                    continue
                rows.append(MatchSummary(record["id"], match.variant, match.players, match.partnerships,
                                         record["started"], record.get("ended"), match.status,
                                         match.points, list(match.winners)))
        return sorted(rows, key=lambda row: row.started, reverse=True)

    def unfinished_matches(self) -> list[MatchSummary]:
        return self.list_matches(finished=False)

    def recent_player_names(self, limit: int = 12) -> list[str]:
        names: list[str] = []
        for row in self.list_matches():
            for name in row.players:
                if name not in names:
                    names.append(name)
        return names[:limit]

    def export_document(self, match_id: str) -> dict:
        return match_to_document(self.open_match(match_id))

    def events(self, match_id: str) -> list:
        return actions_of(self.open_match(match_id))


def open_store(data_dir: str | os.PathLike) -> InterimStore:
    """The temporary store in ``data_dir`` (see the module docstring)."""
    return InterimStore(data_dir)
