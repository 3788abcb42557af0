"""Run a test's coroutine on a loop of its own, in a thread: an earlier test (Playwright's sync API) may leave an
event loop running in the main thread, where ``asyncio.run`` refuses to start (CI, session 8)."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any


def run_apart(coro: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(coro)`` in a fresh thread; its result, or its exception raised here."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
