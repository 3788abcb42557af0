"""Where the app keeps its data, the store it opens there, and a tab's own copy of a match.

The data folder is ``--data-dir``, else ``$SCOREKEEPER_DATA``, else the
per-user data folder: the same resolution as the store's own commands
(:mod:`scorekeeper.store.paths`), so ``scorekeeper history`` sees the
matches the app recorded.
"""

from __future__ import annotations

from pathlib import Path

from ..rules import Match
from ..store import ReadOnlyStore, open_store
from ..store.paths import DataFolder
from ..store.paths import resolve_data_dir as _store_data_dir


def resolve_data_dir(option: str | None = None) -> Path:
    """The data folder (absolute): ``option``, ``$SCOREKEEPER_DATA`` or the user data folder.

    Not created here: opening the store creates it, and a folder that cannot be created (a path
    under a regular file, no permission) is then a :class:`scorekeeper.store.StoreError` that
    ``scorekeeper`` / ``scorekeeper serve`` print as one line (exit code 2), never a traceback.
    """
    return _store_data_dir(option)


def open_app_store(data_dir: Path):
    """The process-wide store of ``data_dir`` (``main(page)`` runs per browser tab: open it once, outside).

    A folder that cannot be written (a read-only disk, no permission, another Scorekeeper holding
    it) is opened for reading only: ``store.read_only`` says why (see :func:`read_only_notice`) and
    every change raises :class:`scorekeeper.store.ReadOnlyStore`. Raises
    :class:`scorekeeper.store.StoreError` only when the folder does not exist and cannot be created.
    """
    return open_store(data_dir)


def read_only_notice(store) -> ReadOnlyStore | None:
    """Why this store can show matches but not change them, or ``None`` when it can write.

    The same :class:`~scorekeeper.store.ReadOnlyStore` a change raises (code ``read_only.<reason>``:
    ``busy``, ``read_only_disk``, ``no_permission``, ``requested``, ``cannot_write``; params
    ``folder``, ``reason``, ``cause``), so a banner words it like any message
    (``explain.problem_words``, catalog key ``error.read_only.<reason>``).
    """
    reason = store.read_only
    return None if reason is None else ReadOnlyStore(reason, "the data folder is open for reading only")


def match_to_resume(data_dir: Path, unfinished: list, last: str | None) -> str | None:
    """Which unfinished match a new tab opens: ``last`` (the match last played, from the settings)
    if it is still unfinished, else the most recently active one (its log file written last), else ``None``.

    ``unfinished``: the store's :class:`MatchSummary` list of matches in progress. A match's file is
    rewritten with every event (docs/store.md), so its modification time is its last activity.
    """
    ids = [s.id for s in unfinished]
    if last in ids:
        return last
    if not ids:
        return None
    layout = DataFolder(Path(data_dir))

    def last_activity(summary) -> float:
        try:
            return layout.match_file(summary.id).stat().st_mtime
        except OSError:
            return summary.started.timestamp()

    return max(unfinished, key=last_activity).id


def snapshot(store, match_id: str) -> tuple[Match, int]:
    """A tab's own copy of a stored match and the version it is at: ``(Match, version)``.

    The store's :class:`Match` is live and shared by every tab of the process: a tab that
    kept it would show (and build moves from) positions it never displayed. The copy is
    the engine's fold (``explain=True``) of the actions in effect, read together with the
    version they belong to (read again if another tab wrote in between). About 20 µs per
    action. Raises :class:`scorekeeper.store.MatchNotFound` or ``MatchDamaged``.
    """
    live = store.open_match(match_id)
    while True:
        version = store.version(match_id)
        actions = [action for _, action in store.actions(match_id)]
        if store.version(match_id) == version:
            break
    return Match.replay(
        live.variant, live.players, live.partnerships, actions, explain=True, house_rules=live.house_rules
    ), version
