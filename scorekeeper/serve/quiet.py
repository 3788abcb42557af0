"""Quiet ends: what the web server and Flet would log as errors when a tab merely left, kept out of the log.

A phone that scans a code and closes the tab at once, a tab still open when the server stops: nothing is
wrong and nothing is lost, but uvicorn and Flet log tracebacks a host reads as a crash (a tester saw them
in 1 of 6 tabs closed during the first second). Used by the server and by its viewer process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.websockets import WebSocketDisconnect

log = logging.getLogger(__name__)


def quiet_when_cut(app: Any) -> Any:
    """The ASGI ``app``, except that a websocket cut ends quietly:

    - at shutdown (still open after the server's grace period, e.g. one that connected and never
      registered): uvicorn cancels it, and would log the cancellation as an error with a traceback;
    - by its tab, closed while its first screen was being sent: Flet's send loop raises starlette's
      ``WebSocketDisconnect`` out of its handler, which uvicorn logs as "Exception in ASGI application".
    """

    async def wrapped(scope: dict, receive: Any, send: Any) -> None:
        try:
            await app(scope, receive, send)
        except (asyncio.CancelledError, WebSocketDisconnect):
            if scope.get("type") != "websocket":
                raise
            log.debug("a websocket ended while the app was still sending to it")

    return wrapped


def no_cut_report(record: logging.LogRecord) -> bool:
    """Drop uvicorn's "Cancel N running task(s), timeout graceful shutdown exceeded" (an ERROR line on
    every stop with a silent websocket open): cutting those is how the stop is kept short."""
    return not str(record.msg).startswith("Cancel %s running task(s)")


def no_left_tab_report(record: logging.LogRecord) -> bool:
    """Drop two of Flet's reports (flet-web 1.0.5) whose only cause is a tab that left:

    - "Receive loop error" with starlette's ``WebSocketDisconnected`` (the failed send closed it);
    - "Unhandled error processing page session: " naming no session, an ``AttributeError``: the tab left
      while ``main(page)`` ran, and Flet dropped its session before calling ``after_event`` on it.
    """
    message = str(record.msg)
    exc = record.exc_info[1] if record.exc_info else None
    if message.startswith("Receive loop error") and type(exc).__name__ == "WebSocketDisconnected":
        return False
    return not (message == "Unhandled error processing page session: " and isinstance(exc, AttributeError))


def install_log_filters() -> None:
    """Attach :func:`no_cut_report` to uvicorn's error log and :func:`no_left_tab_report` to Flet's."""
    logging.getLogger("uvicorn.error").addFilter(no_cut_report)
    logging.getLogger("flet_web.fastapi").addFilter(no_left_tab_report)
