"""The real server's header bounds (``serve --lan --host 127.0.0.1``: a key required, none given), with
its own figures (:mod:`scorekeeper.server.http_limits`: 16 KiB, 10 s, 256 waiting): a header over 16 KiB
gets 431, a slowloris sending one header line every 2 s is dropped after about 10 s, and of 300 connections
waiting for their header the longest waiting are dropped at once. In-process, with short timeouts:
``test_http_limits.py``."""

from __future__ import annotations

import asyncio
import os
import tempfile
import time

import pytest

from scorekeeper.server import http_limits
from tests.served import ServedApp

from .aio import run
from .test_http_limits import ask, closed, request

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="the server's tests run on POSIX"), pytest.mark.slow]


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="h-sec-headers-")
    served = ServedApp(data, args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"])
    yield served
    served.stop()


def test_a_header_over_16_kib_gets_431(server):
    async def scenario() -> None:
        port = server.port
        assert (await ask(port, request(port))).startswith(b"HTTP/1.1 403 ")  # no key: the usual answer
        over = await ask(port, request(port, b"X-Big: " + b"a" * (20 * 1024) + b"\r\n"))
        assert over.startswith(b"HTTP/1.1 431 "), over[:80]

    run(scenario())


def test_a_header_trickling_a_line_every_2_s_is_dropped_after_10_s(server):
    async def scenario() -> float:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        start = time.monotonic()
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        ending = asyncio.ensure_future(closed(reader))
        for n in range(30):  # 60 s of lines, unless dropped
            writer.write(b"X-%d: v\r\n" % n)
            await asyncio.wait([ending], timeout=2.0)  # the attacker's pace (ends early once dropped)
            if ending.done():
                break
        writer.close()
        assert await ending == b""  # dropped, unanswered
        return time.monotonic() - start

    took = run(scenario())
    assert http_limits.HEADER_SECONDS - 0.5 <= took < http_limits.HEADER_SECONDS + 10, took


def test_of_300_connections_waiting_for_their_header_at_most_256_are_held(server):
    async def scenario() -> None:
        start = time.monotonic()
        connections = []
        for _ in range(300):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            connections.append((asyncio.ensure_future(closed(reader)), writer))
        endings = [ending for ending, _ in connections]
        while sum(ending.done() for ending in endings) < 300 - http_limits.MAX_WAITING:
            # dropped for the bound, before any header's time was up
            assert time.monotonic() - start < http_limits.HEADER_SECONDS, sum(e.done() for e in endings)
            pending = [ending for ending in endings if not ending.done()]
            await asyncio.wait(pending, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.wait_for(asyncio.gather(*endings), http_limits.HEADER_SECONDS + 10)  # the rest in time
        for _, writer in connections:
            writer.close()

    run(scenario())
