"""The app's settings in ``<data_dir>/settings.json``: the language, haptics on or off, the match last played.

Kept in the data folder rather than in the browser's storage so that the
same choice holds in every tab and window, and tests can use a temp folder.
A missing file means defaults (the system language, haptics on, no match).
A damaged one (not JSON, nested too deeply, larger than :data:`MAX_BYTES`,
not an object) never stops the app: it is moved to ``damaged/`` like a
damaged match file (renamed, never deleted; left in place when the folder
cannot be written), :func:`damage` says so for the app to show, and the
defaults hold (issue 21: a file of 100,000 ``[`` made every settings read
raise RecursionError, and New match never opened). The language is saved
once chosen in Settings, or taken from the first device that opened the app
(``AppModel.start``).

Written like the store's files (temp file, fsync, rename, fsync the folder:
:func:`scorekeeper.store.atomic.write_and_confirm`); a temp file left by a
crash is swept when the store opens the folder. On a folder that cannot be
written (a read-only store) a change holds in memory until the app stops.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..i18n import LANGUAGES, system_language
from ..rules import strict_json
from ..store.atomic import fsync_dir, write_and_confirm
from ..store.paths import DataFolder

log = logging.getLogger(__name__)

FILE = "settings.json"
LEGACY_TEMP = "settings.tmp"  # the temp file of versions before atomic writes: removed at the next save
LANG = "lang"  # the language chosen (en, uk, ko); absent until chosen or taken from a device
HAPTICS = "haptics"  # False: no haptic ticks (Play, settlement)
LAST_MATCH = "last_match"  # id of the match a move was last recorded in (or last opened): resumed on start
HOUSE_RULES = "house_rules"  # {game: {option: value}}: the table's favourite house rules per game (the house options)

MAX_BYTES = 64 * 1024  # a settings file holds a few hundred bytes; anything larger is not one

_lock = threading.Lock()  # tabs save from worker threads: one writer at a time
_aside_lock = threading.Lock()  # one thread sets a damaged file aside (reads come from many)
_damage: dict[str, str | None] = {}  # data folder -> where its damaged settings file went (None: left in place)
_last_match: dict[str, str | None] = {}  # data folder -> last match saved by this process (skips rewrites)
_unsaved: dict[str, dict] = {}  # data folder -> values the folder refused to store (read-only): kept for this run


def load(data_dir: str | os.PathLike) -> dict:
    """The saved settings; ``lang`` falls back to the system language (en, uk or ko)."""
    data = _read(data_dir)
    if data.get("lang") not in LANGUAGES:
        data["lang"] = system_language()
    return data


def saved_language(data_dir: str | os.PathLike) -> str | None:
    """The language saved (en, uk or ko), or ``None`` if none was ever chosen (the device's will be)."""
    data = _read(data_dir)
    value = data.get(LANG)
    return value if value in LANGUAGES else None


def haptics(data_dir: str | os.PathLike) -> bool:
    """True unless haptic feedback was turned off in Settings."""
    return _read(data_dir).get(HAPTICS) is not False


@dataclass(frozen=True, slots=True)
class Damage:
    """A settings file found damaged: ``moved_to`` is where it went, relative to the data folder
    (``damaged/settings.20250612T153012Z.json``), or ``None`` when the folder would not let it move
    (left in place; the defaults hold all the same)."""

    moved_to: str | None


def damage(data_dir: str | os.PathLike) -> Damage | None:
    """The damage this process found in the folder's settings file (for the app to say), or ``None``."""
    key = str(data_dir)
    return Damage(_damage[key]) if key in _damage else None


def _read(data_dir: str | os.PathLike) -> dict:
    """The saved values; ``{}`` for a missing, unreadable or damaged file (a damaged one set aside).
    Never raises."""
    path = Path(data_dir) / FILE
    data: object = {}
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        pass
    except OSError as err:  # not damage (e.g. no permission): defaults, and the file left as it is
        log.warning("could not read the settings in %s (%s); using the defaults", path, err)
    else:
        try:
            if len(raw) > MAX_BYTES:
                raise ValueError(f"larger than {MAX_BYTES // 1024} kB")
            data = strict_json.loads(raw)  # ValueError for deep nesting too, whichever parser reads it
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (ValueError, RecursionError, MemoryError) as err:
            data = {}
            _set_aside(Path(data_dir), path, str(err)[:200])
    assert isinstance(data, dict)
    data.update(_unsaved.get(str(data_dir), {}))  # what a read-only folder refused still holds for this run
    return data


def _set_aside(folder: Path, path: Path, reason: str) -> None:
    """Move a damaged settings file to ``damaged/`` (renamed, never deleted) and remember where; a
    folder that refuses leaves it in place (said once)."""
    with _aside_lock:
        if not path.exists():  # another thread moved it meanwhile
            return
        layout = DataFolder(folder)
        try:
            layout.damaged.mkdir(exist_ok=True)
            dest = layout.aside_path("settings", datetime.now(UTC))
            os.replace(path, dest)
            fsync_dir(folder)
            fsync_dir(dest.parent)
        except OSError as err:
            if str(folder) not in _damage:
                log.warning(
                    "the settings file %s could not be read (%s) nor moved aside (%s); using the defaults",
                    path,
                    reason,
                    err,
                )
            _damage[str(folder)] = None
            return
        where = str(dest.relative_to(folder))
        _damage[str(folder)] = where
        log.warning(
            "the settings file %s could not be read (%s); it was moved to %s and kept, and the defaults hold",
            path,
            reason,
            where,
        )


def save(data_dir: str | os.PathLike, values: dict) -> None:
    """Merge ``values`` into the saved settings (written whole and durably, then renamed into place).

    If the folder refuses the write (read-only, full), the values are kept in memory for this
    process and a warning is logged: a settings file is never worth an error on screen.
    """
    with _lock:
        data = _read(data_dir)  # not load(): a language never chosen stays unsaved (the device's comes first)
        data.update(values)
        folder = Path(data_dir)
        try:
            write_and_confirm(folder / FILE, json.dumps(data, ensure_ascii=False).encode("utf-8"))
            (folder / LEGACY_TEMP).unlink(missing_ok=True)
        except OSError as err:
            log.warning("could not save the settings in %s (%s); they hold until Scorekeeper stops", folder, err)
            _unsaved.setdefault(str(data_dir), {}).update(values)
        else:
            _unsaved.pop(str(data_dir), None)
        if LAST_MATCH in values:
            _last_match[str(data_dir)] = values[LAST_MATCH]


def house_rules(data_dir: str | os.PathLike, game: str) -> dict[str, str | int]:
    """The favourite house rules saved for ``game`` (those the engine still takes; ``{}`` for none)."""
    from ..rules import RuleViolation
    from ..rules.variants import get_variant

    saved = _read(data_dir).get(HOUSE_RULES)
    chosen = saved.get(game) if isinstance(saved, dict) else None
    if not isinstance(chosen, dict):
        return {}
    try:
        return dict(get_variant(game, chosen).house_rules)
    except RuleViolation:  # an older or hand-edited file: the game's own rules
        return {}


def save_house_rules(data_dir: str | os.PathLike, game: str, rules: dict[str, str | int]) -> None:
    """Remember ``rules`` as the favourite house rules of ``game`` (a file write; call it in a thread)."""
    saved = _read(data_dir).get(HOUSE_RULES)
    every = dict(saved) if isinstance(saved, dict) else {}
    every[game] = dict(rules)
    save(data_dir, {HOUSE_RULES: every})


def last_match(data_dir: str | os.PathLike) -> str | None:
    """The id of the match last played (as saved), or ``None``."""
    key = str(data_dir)
    if key not in _last_match:
        value = load(data_dir).get(LAST_MATCH)
        _last_match[key] = value if isinstance(value, str) else None
    return _last_match[key]


def needs_remembering(data_dir: str | os.PathLike, match_id: str) -> bool:
    """True when ``match_id`` is not yet the saved last match (known in memory: no file read once seen)."""
    return last_match(data_dir) != match_id


def remember_match(data_dir: str | os.PathLike, match_id: str) -> None:
    """Save ``match_id`` as the match last played, unless it already is (a file write; call it in a thread)."""
    if needs_remembering(data_dir, match_id):
        save(data_dir, {LAST_MATCH: match_id})
