"""A tab of the app in-process (no Flet session): its models on a store, as ``main(page)`` builds them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.screens import SCREEN_TABLE
from scorekeeper.app.services import Services
from scorekeeper.app.store_access import open_app_store
from scorekeeper.store import MatchStore


def new_tab(
    store: MatchStore,
    data_dir: str | Path,
    lang: str = "en",
    width: float = 390,
    announce: Callable[[str, int], None] | None = None,
) -> AppModel:
    """A tab's models on ``store`` (its data folder ``data_dir``), not started."""
    return AppModel(Services(store, str(data_dir), announce), SCREEN_TABLE, lang=lang, width=width)


def tab(tmp_path: Path, announced: list | None = None) -> AppModel:
    """A started tab (English, 390 px wide) on the store in ``tmp_path``; ``announced`` (if given) collects the
    ``(match id, version)`` the other tabs are told of after each write."""
    announce = (lambda match_id, version: announced.append((match_id, version))) if announced is not None else None
    st = new_tab(open_app_store(tmp_path), str(tmp_path), lang="en", width=390, announce=announce)
    asyncio.run(st.start())
    return st
