"""Where the app keeps its data, and which store it opens there.

The data folder is ``--data-dir``, else ``$SCOREKEEPER_DATA``, else the
per-user data folder (platformdirs). The store is ``scorekeeper.store``
(issue 3); while that package is not installed the app falls back to the
temporary :mod:`scorekeeper.app.interim_store` and says so in the log.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)


def resolve_data_dir(option: str | None = None) -> Path:
    """The data folder: the option, ``$SCOREKEEPER_DATA`` or the user data folder (created)."""
    path = Path(option or os.environ.get("SCOREKEEPER_DATA") or platformdirs.user_data_dir("scorekeeper"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def open_app_store(data_dir: Path):
    """Open the match store in ``data_dir`` once per process (``main(page)`` runs per browser tab)."""
    try:
        from ..store import open_store
    except ModuleNotFoundError as err:
        if not (err.name or "").startswith("scorekeeper.store"):
            raise
        from .interim_store import open_store

        log.warning("scorekeeper.store is not installed: using the temporary interim store")
    return open_store(data_dir)
