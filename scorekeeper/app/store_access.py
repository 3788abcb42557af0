"""Where the app keeps its data, and the store it opens there.

The data folder is ``--data-dir``, else ``$SCOREKEEPER_DATA``, else the
per-user data folder: the same resolution as the store's own commands
(:mod:`scorekeeper.store.paths`), so ``scorekeeper history`` sees the
matches the app recorded.
"""

from __future__ import annotations

from pathlib import Path

from ..store import open_store
from ..store.paths import resolve_data_dir as _store_data_dir


def resolve_data_dir(option: str | None = None) -> Path:
    """The data folder (absolute, created): ``option``, ``$SCOREKEEPER_DATA`` or the user data folder."""
    path = _store_data_dir(option)
    path.mkdir(parents=True, exist_ok=True)
    return path


def open_app_store(data_dir: Path):
    """The process-wide store of ``data_dir`` (``main(page)`` runs per browser tab: open it once, outside).

    Raises :class:`scorekeeper.store.StoreError` (e.g. ``StoreBusy`` when
    another process has the folder open).
    """
    return open_store(data_dir)
