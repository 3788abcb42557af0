"""The venue's durable "sent up to" marks: per match, the last event acknowledged by JetStream.

A file ``league-sent.json`` in the venue's league folder, ``{match id: [event seq, stream seq]}``,
written whole and fsync'd (:func:`scorekeeper.store.atomic.write_atomic`) after each acknowledged
batch. The outbox is the store itself: what is past a match's mark is sent again after a restart
or a reconnect. A mark that is behind (a crash after the ack, before the write) costs a resend,
which JetStream's message id and the hub's fold make harmless; a damaged file is read as no marks
(everything resent, the same way).
"""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.store.atomic import write_atomic

FILE = "league-sent.json"
MAX_BYTES = 16 * 1024 * 1024
"""The largest marks file read (about 200,000 matches)."""


class Marks:
    """``{match id: (event seq, stream seq)}`` kept in ``folder/league-sent.json``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE
        self.sent: dict[str, tuple[int, int]] = {}
        try:
            raw = self.path.read_bytes()[: MAX_BYTES + 1]
            data = json.loads(raw) if len(raw) <= MAX_BYTES else {}
        except (OSError, ValueError):
            data = {}
        if isinstance(data, dict):
            for key, value in data.items():
                if (
                    isinstance(key, str)
                    and isinstance(value, list)
                    and len(value) == 2
                    and all(type(v) is int and v >= 0 for v in value)
                ):
                    self.sent[key] = (value[0], value[1])

    def get(self, match_id: str) -> tuple[int, int] | None:
        """The last acknowledged ``(event seq, stream seq)`` of a match, ``None`` before its first."""
        return self.sent.get(match_id)

    def set(self, match_id: str, event_seq: int, stream_seq: int) -> None:
        """Move a match's mark (in memory; :meth:`save` writes it)."""
        self.sent[match_id] = (event_seq, stream_seq)

    def save(self) -> None:
        """Write every mark, fsync'd; ``OSError`` if the folder cannot be written (the marks stay
        in memory and are written at the next save)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {k: list(v) for k, v in sorted(self.sent.items())}
        write_atomic(self.path, json.dumps(data, separators=(",", ":")).encode())
