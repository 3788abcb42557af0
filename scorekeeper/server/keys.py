"""The table's keys: made by :mod:`secrets`, compared in constant time, never logged.

A key is 16 random bytes, URL-safe base64 (22 characters, 128 bits): short enough for a small QR code,
far too many to guess. A device's cookie is a separate, longer token; the server keeps only its SHA-256
digest, so a lookup by cookie compares digests, not the secret itself.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from .roles import Role

KEY_BYTES = 16  # 128 bits
TOKEN_BYTES = 32  # a device's cookie: 256 bits


def new_key() -> str:
    """A fresh table key (22 URL-safe characters)."""
    return secrets.token_urlsafe(KEY_BYTES)


def new_token() -> str:
    """A fresh device token for the cookie (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_secret(given: str, expected: str) -> bool:
    """Constant-time comparison of two secrets (``hmac.compare_digest``); ``False`` for non-ASCII input."""
    try:
        return hmac.compare_digest(given.encode("ascii"), expected.encode("ascii"))
    except UnicodeEncodeError:
        return False


def digest(token: str) -> bytes:
    """SHA-256 of a device token: what the server keeps and looks cookies up by."""
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


@dataclass(frozen=True, eq=False)
class JoinLink:
    """One join link: ``role`` at the table, ``match_id`` it opens (``None``: table-wide), its secret ``key``;
    ``event_id``: the club event it shows (an event's viewer link: the projector and *My evening*; its
    ``match_id`` is ``None`` and its role viewer), else ``None``.

    Renewing a link makes a new :class:`JoinLink` (new key); devices that joined with the old one are
    disconnected. ``created``: local time it was made. Its ``repr`` never shows the key.
    """

    role: Role
    match_id: str | None
    key: str = field(repr=False)
    created: datetime = field(default_factory=lambda: datetime.now().astimezone())
    event_id: str | None = None

    def matches(self, given: str) -> bool:
        """Whether ``given`` is this link's key (constant time)."""
        return same_secret(given, self.key)
