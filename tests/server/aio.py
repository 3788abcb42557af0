"""``run(coroutine)``: ``asyncio.run`` in a thread of its own.

The browser tests' session-wide Playwright (sync API) keeps an event loop running in the main thread for
the rest of the session, where ``asyncio.run`` refuses to start; these tests run after them.
"""

from __future__ import annotations

import asyncio
import threading


def run(coroutine):
    result: dict = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(coroutine)
        except BaseException as err:  # noqa: BLE001 - re-raised in the caller's thread
            result["error"] = err

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")
