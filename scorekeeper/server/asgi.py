"""What the guard (:mod:`.guard`) and the relay (:mod:`.relay`) share: ASGI's shapes, a request's headers,
and the one thing of Flet's websocket protocol they read (a tab's registration and its reply).

Flet's frames are ``[0x00][MessagePack of [action, body]]`` (flet_web's ``flet_app.py``); the first frame
each way is ``REGISTER_CLIENT``, whose body names the Flet session (``session_id``).

Flet reads a frame loosely: ``unpackb(frame[1:])``, then ``MessageAction(data[0])`` and ``data[1]``, on any
frame of the connection. So a registration is any frame whose MessagePack value is an array whose first
item equals 1, however encoded (``0x01``, ``0xcc 0x01``, ``1.0``, ``true``; in a fixarray, an array16 or an
array32; with more items after the body), and a string may come as Flet's extension type 4. Only an array
can be one: a map, a string or an extension value gives Flet no mapping at ``data[1]`` to register with.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgpack  # type: ignore[import-untyped]

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

REGISTER_CLIENT = 1  # flet.messaging.protocol.MessageAction.REGISTER_CLIENT


def headers(scope: Scope) -> dict[str, str]:
    """The request's headers, lower-case names, first value of each (latin-1, as HTTP has them)."""
    found: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        found.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return found


def is_registration(data: bytes | str | None) -> bool:
    """Whether Flet would read ``data`` (one websocket message) as a ``REGISTER_CLIENT`` frame, however its
    MessagePack is written (see above). Reads the array's first item only: cheap on any frame."""
    if not isinstance(data, bytes) or data[:1] != b"\x00":
        return False
    unpacker = msgpack.Unpacker(ext_hook=_ext, strict_map_key=False, raw=False)
    unpacker.feed(memoryview(data)[1:])
    try:
        return unpacker.read_array_header() > 0 and bool(unpacker.unpack() == REGISTER_CLIENT)
    except Exception:  # noqa: BLE001 - not an array, or not MessagePack: Flet cannot register with it
        return False


def registration(data: bytes | str | None) -> dict[str, Any] | None:
    """The body of a Flet ``REGISTER_CLIENT`` frame (a tab's first message, or the server's reply to it), as
    Flet reads it (the array's second item, whatever follows), or ``None`` for any other frame (another
    action, not Flet's framing, not MessagePack) and for a registration whose body is not a map."""
    if not is_registration(data):
        return None
    assert isinstance(data, bytes)
    try:
        value = msgpack.unpackb(data[1:], ext_hook=_ext, strict_map_key=False, raw=False)
    except Exception:  # noqa: BLE001 - unreadable after its first item: Flet cannot read it either
        return None
    body = value[1] if len(value) > 1 else None
    return body if isinstance(body, dict) else None


def registering(body: dict[str, Any]) -> bytes:
    """A ``REGISTER_CLIENT`` frame of ``body`` (a tab's registration, changed by the guard), written plainly:
    ``[1, body]``."""
    return b"\x00" + msgpack.packb([REGISTER_CLIENT, body])


def _ext(code: int, data: bytes) -> Any:
    """Flet's extension type 4 is a string (``flet.messaging.protocol.decode_ext_from_msgpack``): read it as
    Flet does, so that a session id written that way is the id Flet sees. The others are kept as they are."""
    if code == 4:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return msgpack.ExtType(code, data)
