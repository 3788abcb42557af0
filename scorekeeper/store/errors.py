"""Errors the store raises. Each carries one user-readable line in ``message``.

Rule refusals are not here: an illegal action raises the engine's
:class:`scorekeeper.rules.RuleViolation` unchanged (nothing is written).
"""

from __future__ import annotations

import errno

from ..rules import RuleViolation


class StoreError(Exception):
    """A storage problem; ``message`` says what happened and what to do (English, for the CLI and logs).

    ``code`` and ``params`` are for a translated message (catalog key ``error.<code>``, e.g.
    ``save_failed`` with ``reason`` and its errno name ``cause``); ``code`` is ``""`` for problems the app never meets
    (those are shown with ``message``).
    """

    def __init__(self, message: str, code: str = "", **params) -> None:
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


class ImportRefused(StoreError):
    """A document given to ``import_documents`` was refused; nothing was imported.

    ``index`` is the 0-based position of the refused document in the list,
    ``violation`` the engine's :class:`RuleViolation` (rule, round, move).
    """

    def __init__(self, index: int, violation: RuleViolation, name: str | None = None) -> None:
        self.index = index
        self.violation = violation
        self.name = name
        label = name if name is not None else f"document {index + 1}"
        super().__init__(f"{label} refused, nothing imported: {violation.message}")
