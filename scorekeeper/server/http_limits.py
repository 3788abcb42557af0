"""Bounds on a request's header: its size, the time it may take to come, and how many may be coming at once.

uvicorn reads a request's header without either bound: with httptools (its default where installed) a 1 MB
header is read whole and answered, and a client sending one header line every 2 s is held for ever (uvicorn's
keep-alive timeout is only armed between requests, and cancelled by every byte received), so a few hundred
such connections, none with a key, held a server's sockets. The guard (:mod:`.guard`) cannot help: an ASGI
app sees a request only once its header is complete.

:func:`config` makes the server's ``uvicorn.Config`` with uvicorn's h11 protocol, whose
``h11_max_incomplete_event_size`` bounds the request line and header (16 KiB, h11's and nginx's usual
figure), and with :func:`protocol`, h11's protocol class with three additions, each at the transport:

- a header over the bound gets **431** (Request Header Fields Too Large), counted as it comes, so read no
  further than the chunk that crossed it (h11's own bound holds only for a header still incomplete after a
  read, and uvicorn answers it with 400);
- a connection whose request's header is not complete **within** ``header_seconds`` of its start (the
  connection's, or the end of its last response) is dropped, however it trickles;
- at most ``max_waiting`` connections may be waiting for their header at once: a new one beyond it drops
  the one that has waited longest. A browser's header comes in one piece, so only a trickling or silent
  connection (or an idle keep-alive one, which the browser opens again) is ever dropped.

Imported only where the server starts (uvicorn is not on a phone).
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

MAX_HEADER_BYTES = 16 * 1024  # request line + header fields
HEADER_SECONDS = 10.0  # for the whole header of one request
MAX_WAITING = 256  # connections whose header is still coming
HEADER_END = re.compile(rb"\n\r?\n")  # the blank line after the header fields, as h11 finds it
_BODY = b"Request header fields too large."
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(_BODY), _BODY)
)


def protocol(header_seconds: float = HEADER_SECONDS, max_waiting: int = MAX_WAITING) -> type[H11Protocol]:
    """uvicorn's h11 protocol class with the bounds above (a class of its own per call: ``max_waiting`` counts
    the connections of one server). Give it as ``uvicorn.Config(http=...)``, with
    ``h11_max_incomplete_event_size`` (:func:`config` does both)."""
    waiting: dict[Any, None] = {}  # the connections waiting, in insertion order: the longest waiting first

    class BoundedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _header_bytes: int | None = None  # bytes of the header coming (None: none is awaited)
        _header_tail = b""  # the last bytes of it, where its end may begin

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait_for_header()

        def data_received(self, data: bytes) -> None:
            if self._header_bytes is not None and not self._header_fits(data):
                self._refuse_header()
                return
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # a request's header is in (or it broke, or upgraded)
                self._header_done()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self._wait_for_header()  # the next request's header, on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._header_done()
            super().connection_lost(exc)

        def _header_fits(self, data: bytes) -> bool:
            """Count ``data`` into the header awaited, up to its end if it ends here: within the bound?
            (h11's own bound holds only for a header still incomplete: one arriving whole in one read, up to
            256 KiB, would pass.)"""
            assert self._header_bytes is not None
            limit = self.config.h11_max_incomplete_event_size or MAX_HEADER_BYTES
            seen = self._header_tail + data[: limit + 4]
            end = HEADER_END.search(seen)
            size = self._header_bytes + (end.end() - len(self._header_tail) if end else len(data))
            self._header_bytes, self._header_tail = size, seen[-3:]
            return size <= limit

        def _refuse_header(self) -> None:
            log.info(
                "refused a request whose header is over %d bytes",
                self.config.h11_max_incomplete_event_size or MAX_HEADER_BYTES,
            )
            self._header_done()
            self.transport.write(TOO_LARGE)
            self.transport.close()

        def _wait_for_header(self) -> None:
            self._header_done()
            self._header_bytes, self._header_tail = 0, b""
            self._header_timer = self.loop.call_later(header_seconds, self._header_late)
            waiting[self] = None
            while len(waiting) > max_waiting:
                oldest = next(iter(waiting))
                log.info("too many connections waiting for their header: the oldest is dropped")
                oldest._drop()

        def _header_done(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            self._header_bytes = None
            waiting.pop(self, None)

        def _header_late(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE:
                log.info("a request's header did not come within %.0f s: dropped", header_seconds)
                self._drop()

        def _drop(self) -> None:
            self._header_done()
            if not self.transport.is_closing():
                self.transport.close()

    return BoundedH11Protocol


def config(
    app: Any, *, header_seconds: float = HEADER_SECONDS, max_waiting: int = MAX_WAITING, **options: Any
) -> uvicorn.Config:
    """``uvicorn.Config(app, **options)`` with the header's bounds: h11, at most :data:`MAX_HEADER_BYTES` of
    request line and header (431 beyond), the whole header within ``header_seconds``, at most ``max_waiting``
    connections waiting for theirs (:func:`protocol`)."""
    return uvicorn.Config(
        app, http=protocol(header_seconds, max_waiting), h11_max_incomplete_event_size=MAX_HEADER_BYTES, **options
    )
