"""One process per data folder: an exclusive lock on ``<folder>/.lock``.

TinyDB is not process-safe (two instances on one file hand out colliding
ids), so a second process opening the same folder is refused with
:class:`StoreBusy` instead of risking the log. The operating system drops
the lock when the process dies, even by SIGKILL, so a crash never leaves the
folder locked.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .errors import StoreBusy


def lock_folder(lock_path: Path) -> int:
    """Take the lock; return its file descriptor (pass it to :func:`unlock_folder`).

    Raises :class:`StoreBusy` if another process holds it, ``OSError`` if the
    lock file cannot be opened for writing (a read-only disk, no permission).
    """
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(fd)
    except OSError:
        os.close(fd)
        raise StoreBusy(
            f"another Scorekeeper program is using the data folder {lock_path.parent}; close it and try again"
        ) from None
    return fd


def unlock_folder(fd: int) -> None:
    """Release the lock taken by :func:`lock_folder`."""
    os.close(fd)  # closing the descriptor releases flock/locking


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
