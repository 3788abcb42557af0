"""Fixtures shared by the in-process app tests."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.store_access import open_app_store
from tests.app.tabs import new_tab


@pytest.fixture
def state(tmp_path):
    """A fresh tab (English, phone width 390 px) on an empty store in ``tmp_path``, started."""
    st = new_tab(open_app_store(tmp_path), str(tmp_path), lang="en", width=390)
    asyncio.run(st.start())
    return st
