"""A TinyDB storage that never leaves a half-written file.

TinyDB's own ``JSONStorage`` rewrites its file in place, so a process killed
mid-write can leave it cut off (ENGINEERING.md: 2 of 150 trials). Here every
write serialises first, writes a temp file in the same folder, fsyncs it,
``os.replace``-s it over the real file and fsyncs the folder: after a crash
the file holds the previous content or the new one, never a mixture. A temp
file left by a crash is swept by :func:`sweep_temp_files` at start.

Reads are strict: an empty file, bad UTF-8, bad JSON or a shape that is not
TinyDB's (``{table: {doc_id: document}}``) raises :class:`DamagedFile`
instead of being taken for an empty database, so the caller can move the
file aside rather than overwrite it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import orjson
from tinydb.storages import Storage

TEMP_SUFFIX = ".tmp"


class DamagedFile(Exception):
    """A store file that cannot be read: ``path`` and a user-readable ``reason``."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name}: {reason}")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically and durably (temp file, fsync, replace, fsync folder).

    Raises ``OSError`` (disk full, permissions…); the old file is then untouched.
    """
    path = Path(path)
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(folder)


def is_temp_file(name: str) -> bool:
    """True for a temp file :func:`write_atomic` makes (``.NAME.PID-RANDOM.tmp``)."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def sweep_temp_files(folder: Path, names: list[str] | None = None) -> list[Path]:
    """Delete temp files a crash left in ``folder`` (whose listing may be given); return them.

    Safe only while this process holds the data folder's lock (no other
    writer can be half-way through a write).
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


def parse_tables(path: Path, raw: bytes) -> dict:
    """Check and parse a TinyDB file's bytes; raise :class:`DamagedFile` saying what is wrong."""
    if not raw.strip():
        raise DamagedFile(path, "the file is empty")
    try:
        raw.decode("utf-8")  # orjson checks too; this names the bad byte
        data = orjson.loads(raw)
    except UnicodeDecodeError as err:
        raise DamagedFile(path, f"the file is not text (bad byte at position {err.start})") from None
    except ValueError as err:  # orjson.JSONDecodeError
        pos = getattr(err, "pos", None)
        where = f" at byte {pos} of {len(raw)}" if pos is not None else ""
        raise DamagedFile(path, f"the file is not valid JSON{where}; it may be cut off or overwritten") from None
    except RecursionError:
        raise DamagedFile(path, "the file is not valid JSON (nested too deeply)") from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise DamagedFile(path, "the file is JSON but not a Scorekeeper database")
    for table in data.values():
        for doc_id, doc in table.items():
            if not (doc_id.isdigit() and isinstance(doc, dict)):
                raise DamagedFile(path, "the file is JSON but not a Scorekeeper database")
    return data


class AtomicJSONStorage(Storage):
    """TinyDB storage: one JSON file, replaced atomically on every write.

    Usage: ``TinyDB(path, storage=AtomicJSONStorage)``. A missing file is an
    empty database (created on the first write). ``read`` raises
    :class:`DamagedFile` for an unreadable file; ``write`` raises ``OSError``
    and leaves the file as it was. The last text written is kept so reads
    cost no disk access (this process is the file's only writer: the data
    folder is locked); ``size`` is the file's size in bytes after the last
    read or write.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        super().__init__()
        self.path = Path(path)
        self._raw: bytes | None = None
        self.size: int | None = None

    def read(self) -> dict | None:
        if self._raw is not None:
            return orjson.loads(self._raw)  # a fresh object: TinyDB may mutate what it gets
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        data = parse_tables(self.path, raw)
        self._raw, self.size = raw, len(raw)
        return data

    def write(self, data: dict) -> None:
        # Compact UTF-8 JSON (orjson: several times the stdlib's speed); TinyDB's doc ids are strings.
        raw = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
        self._raw = None  # if the write fails half-way, read the file again next time
        write_atomic(self.path, raw)
        self._raw, self.size = raw, len(raw)

