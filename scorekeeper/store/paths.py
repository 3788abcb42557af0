"""Where the data lives: the data folder, its layout, and match ids.

What a data folder holds (:class:`DataFolder`)::

    matches/<id>.json   one TinyDB file per match: its event log (the truth)
    index/<xx>.json     the history index, sharded by the last two hex digits of the id
    index/closed-cleanly  present only while no process has the folder open after a clean close
    damaged/            unreadable files moved aside (never deleted)
    .lock               held while a process has the folder open

``index`` and ``damaged`` are conveniences, not the truth: if something that is not a folder stands
in the way (a file named ``index``), the first of ``index.2``, ``index.3`` … that is a folder or is
free serves instead (:attr:`DataFolder.obstacles` names what was in the way), so that one stray file
cannot stop every command from reading the matches. ``matches`` itself has no stand-in (it is the
truth: a stand-in would hide every match): a file there is refused by name (``matches_blocked``).

A match id is ``YYYYMMDD-HHMMSS-xxxxxx``: the UTC time it was created and six
random hex digits, so ids sort by creation and spread evenly over 256 shards.
"""

from __future__ import annotations

import os
import re
import secrets
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

ENV_VAR = "SCOREKEEPER_DATA"
APP_NAME = "scorekeeper"
# ASCII digits only and no trailing newline (``\d`` takes "٣", ``$`` takes "…\n"): an id names a file
ID_PATTERN = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{6}", re.ASCII)


def default_data_dir() -> Path:
    """``$SCOREKEEPER_DATA`` if set, else the per-user data folder from platformdirs
    (``~/.local/share/scorekeeper`` on Linux, ``%LOCALAPPDATA%\\scorekeeper`` on Windows,
    ``~/Library/Application Support/scorekeeper`` on macOS)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(data_dir: str | os.PathLike[str] | None) -> Path:
    """The absolute data folder: ``data_dir`` if given, else :func:`default_data_dir`."""
    path = Path(data_dir).expanduser() if data_dir is not None else default_data_dir()
    return path.resolve()


def new_match_id(moment: datetime | None = None) -> str:
    """A fresh match id for a match created at ``moment`` (default now)."""
    moment = (moment or datetime.now(UTC)).astimezone(UTC)
    return f"{moment:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def is_match_id(text: object) -> bool:
    """True if ``text`` is exactly a match id: ``YYYYMMDD-HHMMSS-xxxxxx``, ASCII digits, lowercase hex.

    Nothing else is accepted (no surrounding space or newline, no other digits), so every id
    the store holds is a plain file name that exports and imports back unchanged.
    """
    return type(text) is str and ID_PATTERN.fullmatch(text) is not None


def shard_of(match_id: str) -> str:
    """The index shard a match belongs to: the id's last two hex digits."""
    return match_id[-2:]


class DataFolder:
    """The paths inside one data folder (the module docstring); the tiles on the table are the engine's
    :class:`~scorekeeper.rules.layout.Layout`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.matches = root / "matches"
        #: ``(name, used instead)`` for each of index/, damaged/ that a file (not a folder) blocks
        self.obstacles: list[tuple[str, Path]] = []
        self.index = self._usable("index")
        self.damaged = self._usable("damaged")
        self.lock = root / ".lock"
        self.clean_mark = self.index / "closed-cleanly"

    def _usable(self, name: str) -> Path:
        """``root/name``, or if something that is not a folder is there, the first of ``name.2`` …
        ``name.9`` that is a folder or free (noted in :attr:`obstacles`)."""
        path = self.root / name
        if path.is_dir() or not os.path.lexists(path):
            return path
        for n in range(2, 10):
            other = self.root / f"{name}.{n}"
            if other.is_dir() or not os.path.lexists(other):
                break
        self.obstacles.append((name, other))
        return other

    def make(self) -> None:
        """Create the folders (raises ``OSError`` if that is impossible)."""
        for folder in (self.root, self.matches, self.index, self.damaged):
            folder.mkdir(parents=True, exist_ok=True)

    def match_file(self, match_id: str) -> Path:
        """``matches/<id>.json``."""
        return self.matches / f"{match_id}.json"

    def shard_file(self, shard: str) -> Path:
        """``index/<xx>.json``."""
        return self.index / f"{shard}.json"

    def aside_path(self, name: str, moment: datetime) -> Path:
        """A fresh name in ``damaged/`` for a file moved aside: ``NAME.YYYYMMDDTHHMMSSZ.json``."""
        stem = f"{name}.{moment.astimezone(UTC):%Y%m%dT%H%M%SZ}"
        path = self.damaged / f"{stem}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.damaged / f"{stem}-{n}.json"
        return path
