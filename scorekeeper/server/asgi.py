"""What the guard (:mod:`.guard`) and the relay (:mod:`.relay`) share: ASGI's shapes, a request's headers,
and the one thing of Flet's websocket protocol they read (a tab's registration and its reply).

Flet's frames are ``[0x00][MessagePack of [action, body]]`` (flet_web's ``flet_app.py``); the first frame
each way is ``REGISTER_CLIENT``, whose body names the Flet session (``session_id``).
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


def registration(data: bytes | str | None) -> dict[str, Any] | None:
    """The body of a Flet ``REGISTER_CLIENT`` frame (a tab's first message, or the server's reply to it), or
    ``None`` for any other frame (another action, not Flet's framing, not MessagePack)."""
    if not isinstance(data, bytes) or data[:1] != b"\x00":
        return None
    try:
        action, body = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
    except Exception:  # noqa: BLE001 - not a Flet frame we can read: not a registration
        return None
    return body if action == REGISTER_CLIENT and isinstance(body, dict) else None


def registering(body: dict[str, Any]) -> bytes:
    """A ``REGISTER_CLIENT`` frame of ``body`` (a tab's registration, changed by the guard)."""
    return b"\x00" + msgpack.packb([REGISTER_CLIENT, body])
