"""Request headers are bounded (:mod:`scorekeeper.server.http_limits`): uvicorn in-process on a loopback port,
with the server's configuration (:func:`~scorekeeper.server.http_limits.config`) and short timeouts, spoken to
over raw sockets: a header over 16 KiB gets 431 and a 1 MB one is not read whole; a header trickling in is
dropped once its time is up, also on a kept-alive connection; connections waiting for their header beyond the
bound drop the longest waiting; a browser's ordinary request is answered all along. The same against the
real server: ``test_served_headers.py``."""

from __future__ import annotations

import asyncio
import time

import uvicorn

from scorekeeper.server import http_limits
from tests.served import free_port

from .aio import run

OK = b"HTTP/1.1 200 "


async def app(scope, receive, send) -> None:
    """Answers every request "ok"."""
    assert scope["type"] == "http"
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


class Served:
    """``async with Served(**bounds) as port:`` uvicorn serving :func:`app` with these bounds on ``port``."""

    def __init__(self, config: uvicorn.Config | None = None, **bounds) -> None:
        self.port = free_port()
        self.config = config or http_limits.config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off", **bounds
        )
        self.config.port = self.port

    async def __aenter__(self) -> int:
        self.server = uvicorn.Server(self.config)
        self.task = asyncio.ensure_future(self.server.serve())
        while not self.server.started:
            assert not self.task.done(), "the server did not start"
            await asyncio.sleep(0.01)
        return self.port

    async def __aexit__(self, *exc) -> None:
        self.server.should_exit = True
        await self.task


def request(port: int, extra: bytes = b"") -> bytes:
    return b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + extra + b"\r\n"


async def ask(port: int, data: bytes) -> bytes:
    """Send ``data`` on a new connection; what came back before the server closed it (or the first answer)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(65536), 10)
    finally:
        writer.close()


async def closed(reader: asyncio.StreamReader) -> bytes:
    """Wait until the server closes the connection; what it sent before (``b""``: nothing)."""
    data = b""
    try:
        while chunk := await reader.read(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_a_header_over_16_kib_gets_431_and_one_under_is_answered():
    async def scenario() -> None:
        async with Served() as port:
            assert (await ask(port, request(port))).startswith(OK)
            under = b"X-Big: " + b"a" * (15 * 1024) + b"\r\n"
            assert (await ask(port, request(port, under))).startswith(OK)
            over = b"X-Big: " + b"a" * (20 * 1024) + b"\r\n"
            answer = await ask(port, request(port, over))
            assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"), answer[:80]
            assert answer.endswith(b"Request header fields too large.")
            many = b"".join(b"X-%d: v\r\n" % i for i in range(3000))  # many small fields count as much
            assert (await ask(port, request(port, many))).startswith(b"HTTP/1.1 431 ")
            assert (await ask(port, b"GET /" + b"a" * (20 * 1024) + b" HTTP/1.1\r\n\r\n")).startswith(b"HTTP/1.1 431 ")

    run(scenario())


def test_a_1_mb_header_is_refused_without_being_read_whole():
    read = [0]

    class Counting(http_limits.protocol()):  # type: ignore[misc]
        def data_received(self, data: bytes) -> None:
            read[0] += len(data)
            super().data_received(data)

    async def scenario() -> None:
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            log_level="warning",
            lifespan="off",
            http=Counting,
            h11_max_incomplete_event_size=http_limits.MAX_HEADER_BYTES,
        )
        async with Served(config) as port:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request(port, b"X-Big: " + b"a" * (1024 * 1024) + b"\r\n"))
            answer = await asyncio.wait_for(closed(reader), 10)
            writer.close()
            # 431, or a reset when the server closed with the rest unread (the 431 lost with it)
            assert answer == b"" or answer.startswith(b"HTTP/1.1 431 "), answer[:80]
            assert read[0] < 512 * 1024, read[0]  # the first chunk or two read, not the megabyte
            assert (await ask(port, request(port))).startswith(OK)

    run(scenario())


def test_a_trickling_header_is_dropped_when_its_time_is_up():
    """A slowloris: one header line every 0.2 s, with 1 s for the whole header; and a connection that sends
    nothing; and one that trickles its second request after a first one answered (kept alive)."""

    async def trickle(port: int, first: bytes = b"") -> tuple[float, bytes]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        start = time.monotonic()
        writer.write(first + b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        ending = asyncio.ensure_future(closed(reader))
        try:
            for n in range(100):  # 20 s of lines, unless dropped
                if ending.done():
                    break
                writer.write(b"X-%d: v\r\n" % n)
                await asyncio.wait([ending], timeout=0.2)  # the attacker's pace (ends early once dropped)
            return time.monotonic() - start, await asyncio.wait_for(ending, 5)
        finally:
            writer.close()

    async def silent(port: int) -> float:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        start = time.monotonic()
        assert await asyncio.wait_for(closed(reader), 10) == b""
        writer.close()
        return time.monotonic() - start

    async def scenario() -> None:
        async with Served(header_seconds=1.0) as port:
            (took, answer), quiet, (kept_took, kept_answer) = await asyncio.gather(
                trickle(port), silent(port), trickle(port, first=request(port))
            )
            assert answer == b"" and 0.9 <= took < 5, took
            assert 0.9 <= quiet < 5, quiet
            assert kept_answer.startswith(OK) and kept_answer.count(b"HTTP/1.1") == 1  # the first only
            assert 0.9 <= kept_took < 5, kept_took
            assert (await ask(port, request(port))).startswith(OK)

    run(scenario())


def test_many_connections_waiting_for_their_header_are_not_all_held():
    """20 connections trickling, 5 may wait at once (and 30 s each): the 15 longest waiting are dropped at
    once, the 5 newest stay, and a new request is answered."""

    async def scenario() -> None:
        async with Served(header_seconds=30.0, max_waiting=5) as port:
            connections = []
            for _ in range(20):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                connections.append((asyncio.ensure_future(closed(reader)), writer))
                await writer.drain()
            endings = [ending for ending, _ in connections]
            deadline = time.monotonic() + 10
            while sum(ending.done() for ending in endings) < 15:
                assert time.monotonic() < deadline, [ending.done() for ending in endings]
                pending = [ending for ending in endings if not ending.done()]
                await asyncio.wait(pending, timeout=0.1, return_when=asyncio.FIRST_COMPLETED)
            assert (await ask(port, request(port))).startswith(OK)  # a new one drops one more waiting
            assert [ending.done() for ending in endings[:15]] == [True] * 15
            assert sum(ending.done() for ending in endings[15:]) <= 1
            for ending, writer in connections:
                writer.close()
                ending.cancel()

    run(scenario())
