"""Fixtures shared by the in-process app tests."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.state import AppState
from scorekeeper.app.store_access import open_app_store


@pytest.fixture
def state(tmp_path):
    """A fresh tab (English, phone width 390 px) on an empty store in ``tmp_path``, started."""
    st = AppState(store=open_app_store(tmp_path), data_dir=str(tmp_path), lang="en", width=390)
    asyncio.run(st.start())
    return st
