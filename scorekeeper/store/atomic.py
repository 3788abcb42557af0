"""A TinyDB storage that never leaves a half-written file, and notices a changed one.

TinyDB's own ``JSONStorage`` rewrites its file in place, so a process killed
mid-write can leave it cut off (ENGINEERING.md: 2 of 150 trials). Here every
write serialises first, writes a temp file in the same folder, fsyncs it,
``os.replace``-s it over the real file and fsyncs the folder: after a crash
the file holds the previous content or the new one, never a mixture. A temp
file left by a crash is swept by :func:`sweep_temp_files` at start.

Every file written ends with a checksum of everything before it, as the last
key of the JSON object: ``{"events": {...}, "crc32": "1a2b3c4d"}`` (CRC-32 of
the bytes up to and including the comma before ``"crc32"``). A read checks
it, so damage that keeps the file's size and even its JSON valid (a changed
digit, a flipped bit) is found when the file is read. A file without the key
(written before checksums, or repaired by hand with the key removed) is
accepted, and gets one at its next write.

Reads are strict: an empty file, bad UTF-8, bad JSON, a wrong checksum or a
shape that is not TinyDB's (``{table: {doc_id: document}}``) raises
:class:`DamagedFile` instead of being taken for an empty database, so the
caller can move the file aside rather than overwrite it.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..rules import strict_json

log = logging.getLogger(__name__)

TEMP_SUFFIX = ".tmp"
CHECK_KEY = "crc32"
_TRAILER = re.compile(rb'"crc32":"([0-9a-f]{8})"\}\Z')
_TRAILER_LEN = len(b'"crc32":"00000000"}')

Tables = dict[str, dict[str, Any]]  # TinyDB's data: {table: {doc_id: document}}


class DamagedFile(Exception):
    """A store file that cannot be read: ``path`` and a user-readable ``reason``."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name}: {reason}")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder). Raises ``OSError``."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, sync_folder: bool = True) -> None:
    """Replace ``path`` by ``data`` atomically and durably (temp file, fsync, replace, fsync folder).

    Raises ``OSError`` (disk full, permissions…). If it is raised before the
    replace, the old file is untouched; if the folder's fsync fails after it,
    the file already holds ``data`` (see :func:`write_and_confirm`).
    ``sync_folder=False`` leaves the folder's fsync to the caller (one for a
    batch of files, as an import does): until it is done, the new name may
    not survive a power cut, but the content under it is complete.
    """
    path = Path(path)
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    if sync_folder:
        fsync_dir(folder)


def write_and_confirm(path: Path, data: bytes, sync_folder: bool = True) -> None:
    """:func:`write_atomic`, and when it fails, read the file back to decide what happened.

    If the file holds ``data`` (the replace was done; only the folder's fsync
    failed), the fsync is tried once more and the write counts as done: the
    new version is in the file, its content fsync'd. Only when the file does
    not hold ``data`` is the ``OSError`` raised: then the old version is in
    place and nothing was written. ``sync_folder``: as for :func:`write_atomic`.
    """
    try:
        write_atomic(path, data, sync_folder)
    except OSError as err:
        try:
            holds = Path(path).read_bytes() == data
        except OSError:
            holds = False
        if not holds:
            raise
        try:
            fsync_dir(Path(path).parent)
        except OSError as again:
            log.warning("%s was written, but its folder could not be flushed (%s, then %s)", path, err, again)


def is_temp_file(name: str) -> bool:
    """True for a temp file :func:`write_atomic` makes (``.NAME.PID-RANDOM.tmp``)."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def sweep_temp_files(folder: Path, names: list[str] | None = None) -> list[Path]:
    """Delete temp files a crash left in ``folder`` (whose listing may be given); return them.

    Safe only while this process holds the data folder's lock (no other
    writer can be half-way through a write). Raises ``OSError`` if a file
    cannot be deleted.
    """
    if names is None:
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            return []
    removed = []
    for name in names:
        if is_temp_file(name):
            path = Path(folder) / name
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def seal(raw: bytes) -> bytes:
    """``raw`` (a compact JSON object) with the checksum key added as its last key."""
    body = b"{" if raw == b"{}" else raw[:-1] + b","
    return body + b'"crc32":"%08x"}' % zlib.crc32(body)


def parse_tables(path: Path, raw: bytes) -> Tables:
    """Check and parse a TinyDB file's bytes (its checksum, if it has one, included).

    Returns ``{table: {doc_id: document}}`` without the checksum key. Raises
    :class:`DamagedFile` saying what is wrong. The documents' values are the
    caller's to check (nesting included: JSON nested deeper than 1024 levels
    is refused here, by the parser).
    """
    if not raw.strip():
        raise DamagedFile(path, "the file is empty")
    trailer = _TRAILER.search(raw, max(0, len(raw) - _TRAILER_LEN))
    if trailer is not None and int(trailer.group(1), 16) != zlib.crc32(raw[: trailer.start()]):
        raise DamagedFile(
            path, "its checksum does not match its content: the file was changed or damaged after Scorekeeper wrote it"
        )
    try:
        raw.decode("utf-8")  # the parser checks too; this names the bad byte
        data = strict_json.loads(raw)
    except UnicodeDecodeError as err:
        raise DamagedFile(path, f"the file is not text (bad byte at position {err.start})") from None
    except strict_json.DuplicateKey as err:  # e.g. a second "crc32" appended: every reader refuses it alike
        raise DamagedFile(path, f"the file was changed after Scorekeeper wrote it ({err})") from None
    except ValueError as err:  # JSONDecodeError (also for nesting too deep)
        pos = getattr(err, "pos", None)
        where = f" at byte {pos} of {len(raw)}" if pos is not None else ""
        raise DamagedFile(path, f"the file is not valid JSON{where}; it may be cut off or overwritten") from None
    if not isinstance(data, dict):
        raise DamagedFile(path, "the file is JSON but not a Scorekeeper database")
    if trailer is not None:
        data.pop(CHECK_KEY, None)
    elif CHECK_KEY in data:  # a checksum that is not at the very end: something was added after it
        raise DamagedFile(path, "the file was changed after Scorekeeper wrote it (its checksum is not at the end)")
    if not all(isinstance(t, dict) for t in data.values()):
        raise DamagedFile(path, "the file is JSON but not a Scorekeeper database")
    for table in data.values():
        for doc_id, doc in table.items():
            if not (doc_id.isascii() and doc_id.isdigit() and isinstance(doc, dict)):
                raise DamagedFile(path, "the file is JSON but not a Scorekeeper database")
    return data


class AtomicJSONStorage(Storage):
    """TinyDB storage: one JSON file with a checksum, replaced atomically on every write.

    Usage: ``TinyDB(path, storage=AtomicJSONStorage)``. A missing file is an
    empty database (created on the first write). ``read`` raises
    :class:`DamagedFile` for an unreadable file (``OSError`` if the system
    cannot read it); ``write`` raises ``OSError`` only when the file still
    holds the previous version (:func:`write_and_confirm`). The last text
    written is kept so reads cost no disk access (this process is the file's
    only writer: the data folder is locked); ``size`` is the file's size in
    bytes after the last read or write. The kept bytes are judged by
    :func:`parse_tables` at every read, as the file's are: a cached copy and
    a fresh read can never give two verdicts on one file.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self._raw: bytes | None = None  # the file's bytes (checksum included), as last read or written
        self.size: int | None = None
        self.sync_folder = True  # False: the folder's fsync is left to the caller (a batch of writes)

    def read(self) -> Tables | None:
        raw = self._raw
        if raw is None:
            try:
                raw = self.path.read_bytes()
            except FileNotFoundError:
                return None
        data = parse_tables(self.path, raw)  # a fresh object each time: TinyDB may mutate what it gets
        self._raw, self.size = raw, len(raw)
        return data

    def write(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        # Compact UTF-8 JSON (orjson where installed: several times the stdlib's speed)
        sealed = seal(strict_json.dumps(data))
        self._raw = None  # if the write fails half-way, read the file again next time
        write_and_confirm(self.path, sealed, self.sync_folder)
        self._raw, self.size = sealed, len(sealed)
