"""A tab of the app in-process (no Flet session): its models on a store, as ``main(page)`` builds them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.screens import SCREEN_TABLE
from scorekeeper.app.services import Services
from scorekeeper.store import MatchStore


def new_tab(store: MatchStore, data_dir: str | Path, lang: str = "en", width: float = 390,
            announce: Callable[[str, int], None] | None = None) -> AppModel:
    """A tab's models on ``store`` (its data folder ``data_dir``), not started."""
    return AppModel(Services(store, str(data_dir), announce), SCREEN_TABLE, lang=lang, width=width)
