"""Errors the store raises. Each carries one user-readable line in ``message``.

Rule refusals are not here: an illegal action raises the engine's
:class:`scorekeeper.rules.RuleViolation` unchanged (nothing is written).
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

from ..rules import RuleViolation


class StoreError(Exception):
    """A storage problem; ``message`` says what happened and what to do (English, for the CLI and logs).

    ``code`` and ``params`` are for a translated message (catalog key ``error.<code>``, e.g.
    ``save_failed`` with ``reason`` and its errno name ``cause``); ``code`` is ``""`` for problems the app never meets
    (those are shown with ``message``).
    """

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        self.message = message
        self.code = code
        self.params = params
        super().__init__(message)


def os_cause(err: OSError) -> str:
    """The errno name of a failed write (``"ENOSPC"``, ``"EACCES"``…; ``""`` if it has none).

    Given as the ``cause`` of a ``save_failed`` error beside ``reason`` (the system's English
    words, for the CLI and logs), so the app can say it in the user's language.
    """
    return errno.errorcode.get(err.errno, "") if isinstance(err.errno, int) else ""


class StoreBusy(StoreError):
    """Another process has the data folder open (one process per folder: TinyDB is not process-safe)."""


class StoreClosed(StoreError):
    """The store was closed; call ``open_store`` again."""


class MatchNotFound(StoreError):
    """No match with that id in this data folder."""


class MatchDamaged(StoreError):
    """The match's file could not be read; it was moved aside (``message`` says where)."""


class StaleView(StoreError):
    """The caller's view of a match is out of date: another screen changed it since.

    ``version`` is the match's current version (see :meth:`MatchStore.version`);
    nothing was written. Show the match as it is now and let the user enter
    the move again.
    """

    def __init__(self, message: str, version: int) -> None:
        self.version = version
        super().__init__(message)


class NothingToUndo(StoreError):
    """Undo asked for a match with no action in effect."""


class NothingToRedo(StoreError):
    """Redo asked for a match where nothing was undone since the last action or correction."""


# ------------------------------------------------------------------ read-only
BUSY = "busy"  # another Scorekeeper program has the folder open for writing
READ_ONLY_DISK = "read_only_disk"  # the file system is mounted read-only (EROFS)
NO_PERMISSION = "no_permission"  # this user may not write there (EACCES, EPERM)
REQUESTED = "requested"  # opened with read_only=True
CANNOT_WRITE = "cannot_write"  # any other refusal of the system (``cause`` names it)
READ_ONLY_REASONS = (BUSY, READ_ONLY_DISK, NO_PERMISSION, REQUESTED, CANNOT_WRITE)


@dataclass(frozen=True, slots=True)
class ReadOnlyReason:
    """Why a store is open for reading only (``MatchStore.read_only``).

    Attributes:
        code: one of :data:`READ_ONLY_REASONS`: ``"busy"``, ``"read_only_disk"``,
            ``"no_permission"``, ``"requested"``, ``"cannot_write"``. The app
            words it from ``error.read_only.<code>`` (params ``folder``,
            ``reason``, ``cause``).
        folder: the data folder.
        cause: the errno name the system gave (``"EROFS"``, ``"EACCES"``…), ``""`` if none.
        detail: the system's own English words (``"Read-only file system"``), ``""`` if none.
    """

    code: str
    folder: Path
    cause: str = ""
    detail: str = ""

    @classmethod
    def from_os_error(cls, folder: Path, err: OSError) -> ReadOnlyReason:
        """The reason an ``OSError`` met while opening ``folder`` for writing gives."""
        code = {errno.EROFS: READ_ONLY_DISK, errno.EACCES: NO_PERMISSION, errno.EPERM: NO_PERMISSION}.get(
            err.errno or 0, CANNOT_WRITE
        )
        return cls(code, folder, os_cause(err), str(err.strerror or err))

    @property
    def message(self) -> str:
        """One English line naming the real cause (for the CLI and logs)."""
        system = f" ({self.detail})" if self.detail else ""
        return {
            BUSY: f"another Scorekeeper program is using the data folder {self.folder}",
            READ_ONLY_DISK: f"the data folder {self.folder} is on a read-only disk{system}",
            NO_PERMISSION: f"this user may not write in the data folder {self.folder}{system}",
            REQUESTED: f"the data folder {self.folder} was opened read-only",
        }.get(self.code, f"the data folder {self.folder} cannot be written{system}")

    @property
    def remedy(self) -> str:
        """What the user can do about it (English)."""
        return {
            BUSY: "close the other Scorekeeper program and try again",
            READ_ONLY_DISK: "copy the data folder to a writable disk, or make the disk writable, and try again",
            NO_PERMISSION: "use a data folder of your own (--data-dir) or change the folder's permissions",
            REQUESTED: "open it without read-only to change it",
        }.get(self.code, "check the data folder and try again")

    def params(self) -> dict[str, object]:
        """The values an ``error.read_only.<code>`` message is worded with."""
        return {"folder": str(self.folder), "reason": self.detail, "cause": self.cause}


class ReadOnlyStore(StoreError):
    """A change was asked of a store open for reading only; nothing was written.

    ``reason`` is the store's :class:`ReadOnlyReason`; ``code`` is
    ``"read_only.<reason code>"`` (catalog key ``error.read_only.<reason code>``).
    """

    def __init__(self, reason: ReadOnlyReason, what: str) -> None:
        self.reason = reason
        super().__init__(f"{what}: {reason.message}; {reason.remedy}", f"read_only.{reason.code}", **reason.params())


# ------------------------------------------------------------------ import
LISTED_REFUSALS = 10  # refusals an import names one by one (the CLI, messages); the rest are counted


@dataclass(frozen=True, slots=True)
class ImportRefusal:
    """One document an import refused.

    Attributes:
        index: its 0-based position in the list given to ``import_documents``.
        name: how to name it to the user (``"backup.json (document 3)"``, or ``"document 4"``).
        violation: why: the engine's :class:`RuleViolation` (rule id, round and
            move) or a refusal of its ``meta`` (code ``malformed``, what ``meta``).
    """

    index: int
    name: str
    violation: RuleViolation

    @property
    def message(self) -> str:
        """``"backup.json (document 3): round 2, move 7: S8: …"``."""
        return f"{self.name}: {self.violation.message}"


class ImportRefused(StoreError):
    """Documents given to ``import_documents`` were refused; nothing was imported.

    ``refusals`` lists every refused document (:class:`ImportRefusal`, in
    order; a file refused whole first); ``total`` how many documents (and
    files refused whole) were given. ``index``, ``violation`` and ``name``
    are those of the first one. ``message`` names the first
    :data:`LISTED_REFUSALS` and counts the rest ("…and 999,998 more refused").
    """

    def __init__(self, refusals: list[ImportRefusal], total: int | None = None) -> None:
        first = refusals[0]
        self.refusals = refusals
        self.total = len(refusals) if total is None else total
        self.index = first.index
        self.violation = first.violation
        self.name = first.name
        if len(refusals) == 1:
            message = f"{first.name} refused, nothing imported: {first.violation.message}"
        else:
            message = f"{len(refusals):,} documents refused, nothing imported: " + "; ".join(
                r.message for r in refusals[:LISTED_REFUSALS]
            )
            if len(refusals) > LISTED_REFUSALS:
                message += f"; …and {len(refusals) - LISTED_REFUSALS:,} more refused"
        super().__init__(message)

    @property
    def more(self) -> int:
        """How many were refused besides the first (0 if it is the only one)."""
        return len(self.refusals) - 1
