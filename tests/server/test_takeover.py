"""A phone holding only a one-match scorer link tries to take over the host's session on the real server
(``serve --lan --host 127.0.0.1``), speaking Flet's websocket protocol itself (:mod:`tests.wire`).

Flet accepts a client registration at any point of a connection, not only as its first frame: before the
guard checked every registration, a junk frame and then a registration naming the host's (disconnected)
session, or a second registration on a connection already registered, gave the phone the host's session:
its role, its Table screen, its join codes. Now such a connection is closed (1008), and a first frame that
Flet reads as a registration though it is not the usual ``[1, body]`` (a third item, an action that is
``True``) is judged as Flet reads it. The host's session stays the host's: the host resumes it afterwards.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable

import msgpack
import pytest

from tests.served import ServedApp
from tests.wire import REGISTER_CLIENT, Phone, join_cookie

from .aio import run
from .test_served_phones import host_key, open_table

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="the server's tests run on POSIX"), pytest.mark.slow]

JUNK = b"\x02junk"  # a frame type Flet drops and goes on reading ("Dropping packet with unknown type")
CLOSED = "closed"


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="h-sec-takeover-")
    served = ServedApp(
        data,
        args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"FLET_LOG_LEVEL": "info"},
    )  # Flet's "Session disconnected" lines
    yield served
    served.stop()


async def outcome(phone: Phone, host_session: str) -> str:
    """What a phone that sent its frames got: ``"host"`` (the host's session), ``"own"`` (a session of its
    own, registered once) or :data:`CLOSED` (the server closed the connection)."""
    try:
        await phone.wait_until(lambda tree: phone.session_id == host_session, timeout=5)
        return "host"
    except ConnectionError:
        return CLOSED
    except TimeoutError:
        return "own" if phone.session_id is not None else "nothing"
    finally:
        await phone.close()


async def session_let_go(served: ServedApp, session_id: str, timeout: float = 10) -> None:
    """Wait until Flet logged the session ``session_id`` disconnected (it may then be resumed)."""
    line = f"Session disconnected: _{session_id}_"
    deadline = asyncio.get_running_loop().time() + timeout
    while line not in served.log_path.read_text(errors="replace"):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"Flet never let go of session {session_id}")
        await asyncio.sleep(0.05)


def frame(*items: object) -> bytes:
    return b"\x00" + msgpack.packb(list(items))


def test_a_one_match_scorer_cannot_take_the_hosts_session_after_the_first_frame(server):
    async def scenario() -> None:
        host_cookie = await _cookie(server.port, host_key(server))
        host = await Phone.join(server.port, cookie=host_cookie, size=(1280.0, 800.0))
        _, scorer_key, _ = await open_table(host)
        await host.close()
        scorer_cookie = await _cookie(server.port, scorer_key)

        async def host_away() -> str:
            """A new tab of the host, closed again: its session waits for it (Flet keeps it for an hour)."""
            tab = await Phone.join(server.port, cookie=host_cookie, size=(1280.0, 800.0))
            assert tab.session_id is not None and tab.tree is not None and tab.tree.find("phones") is not None
            await tab.settle()  # nothing left to send to it (a send failing keeps Flet's session connected)
            await tab.close()
            await session_let_go(server, tab.session_id)
            return tab.session_id

        async def attack(frames: Callable[[bytes], list[bytes]]) -> str:
            """``frames(body)``: what the phone sends, ``body`` its registration naming the host's session."""
            host_session = await host_away()
            phone = await Phone.connect(server.port, cookie=scorer_cookie)
            *before, last = frames(msgpack.packb(phone.registration(host_session)))
            for data in before:
                await phone.ws.send(data)
            await phone.register(frame=last)
            return await outcome(phone, host_session)

        async def second_registration() -> str:
            host_session = await host_away()
            phone = await Phone.join(server.port, cookie=scorer_cookie)
            assert phone.session_id is not None and phone.session_id != host_session
            await phone.settle()  # its own screen sent (an answer to a call of the session it left would end it)
            await phone.ws.send(frame(REGISTER_CLIENT, phone.registration(host_session)))
            return await outcome(phone, host_session)

        results = {
            # the attack of the issue: one junk frame, then a registration naming the host's session
            "junk, then the host's session": await attack(lambda body: [JUNK, b"\x00\x92\x01" + body]),
            # registered as itself, then again naming the host's session
            "two registrations": await second_registration(),
            # after an empty frame (Flet skips it), the action as a uint8 (0xcc 0x01) in an array16 (0xdc)
            "empty frame, then a uint8 action": await attack(lambda body: [b"", b"\x00\xdc\x00\x02\xcc\x01" + body]),
            # as the first frame, a registration as Flet reads it (the action its first item, the body its
            # second), not [action, body] exactly: a third item; the action true
            "[1, body, 0] first": await attack(lambda body: [b"\x00\x93\x01" + body + b"\x00"]),
            "[true, body] first": await attack(lambda body: [b"\x00\x92\xc3" + body]),
        }
        assert results == {
            "junk, then the host's session": CLOSED,
            "two registrations": CLOSED,
            "empty frame, then a uint8 action": CLOSED,
            "[1, body, 0] first": "own",
            "[true, body] first": "own",
        }

        host_session = await host_away()
        back = await Phone.join(server.port, cookie=host_cookie, session_id=host_session, size=(1280.0, 800.0))
        try:  # the host's tab comes back to its own session
            assert back.session_id == host_session
            assert back.tree is not None and back.tree.find("phones") is not None
        finally:
            await back.close()

    run(scenario())


async def _cookie(port: int, key: str) -> str:
    return await asyncio.to_thread(join_cookie, port, key)
