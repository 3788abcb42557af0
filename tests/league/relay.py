"""A TCP relay on loopback that a test (or benchmark) cuts and restores: a venue's leaf link broken while the
venue's own server and the hub run on. The hub must not advertise its leaf address (``no_advertise``), or
a venue cut off reconnects there directly, around the relay (found on 2.15.1)."""

from __future__ import annotations

import asyncio
import contextlib


class Relay:
    """A TCP relay ``listen`` → ``target`` on loopback: :meth:`cut` breaks every connection and stops
    listening (a link cut), :meth:`restore` listens again."""

    def __init__(self, listen: int, target: int) -> None:
        self.listen, self.target = listen, target
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    async def restore(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.listen)

    async def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.writers):
            writer.close()
        await self.server.wait_closed()
        self.server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        self.writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        with contextlib.suppress(asyncio.CancelledError):  # the loop closing at the end
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self.writers -= {writer, up_writer}
