"""The league file: which hub, which venue, which credentials (docs/league.md).

A TOML file (read with :mod:`tomllib`), at most :data:`MAX_BYTES` bytes::

    league = "north"                           # [A-Za-z0-9_-], 1-32: a subject token
    venue = "red-lion"                         # the same shape
    hub = "nats-leaf://hub.example.org:7422"   # the hub's leaf-node URL (a venue's file)
    user = "red-lion"                          # NATS user and password ...
    password = "..."
    # creds = "red-lion.creds"                 # ... or a NATS credentials file, not both
    # tls_cert = "venue.pem"  tls_key = "venue.key"  tls_ca = "league-ca.pem"   (all optional)

The hub's own file names no ``hub`` and lists its venues' passwords (at most :data:`MAX_VENUES`)::

    [venues]
    red-lion = "..."
    crown = "..."

Relative paths are taken from the file's folder. A refusal is a :class:`LeagueConfigError` with a
``code`` worded by the catalogs (``error.league_<code>``) and ``params`` that never hold a password
or a credentials file's contents: only the key's name, the file's name and bounds.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

MAX_BYTES = 16 * 1024
"""The largest league file read, in bytes."""
MAX_TEXT = 256
"""The longest URL, user, password or path, in characters."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A league's or venue's name: one NATS subject token (no dots, spaces or wildcards)."""
URL = re.compile(r"(nats|tls|nats-leaf|ws|wss)://[A-Za-z0-9.\-\[\]:]{1,200}")
"""A hub URL: scheme, host and port only (no user or password in it: those go in their own keys)."""
KEYS = frozenset({"league", "venue", "hub", "user", "password", "creds", "tls_cert", "tls_key", "tls_ca", "venues"})
MAX_VENUES = 64
"""The most venues a hub's file may list."""


class LeagueConfigError(Exception):
    """The league file refused: ``code`` (catalog ``error.<code>``) and
    ``params`` (``path``: the file's name, ``key``: the key at fault, ``limit``: a bound).

    ``message`` is English for a log; neither it nor ``params`` ever holds a secret's value.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        self.code = code
        self.message = message
        self.params = params
        super().__init__(message)


@dataclass(frozen=True)
class LeagueConfig:
    """One venue's (or the hub's) league settings, validated.

    ``password`` is kept out of ``repr`` so a log or a traceback of the object shows no secret.
    Paths are absolute. ``hub`` is ``""`` in the hub's own file.
    """

    league: str
    venue: str
    hub: str
    user: str = ""
    password: str = field(default="", repr=False)
    creds: Path | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None
    tls_ca: Path | None = None
    venues: dict[str, str] = field(default_factory=dict, repr=False)


def load_config(path: Path, role: str = "venue") -> LeagueConfig:
    """Read and check the league file at ``path``; ``role`` is ``"venue"`` (a hub URL required) or
    ``"hub"``.

    Raises :class:`LeagueConfigError`: ``league_unreadable`` (missing, a folder, unreadable),
    ``league_too_big`` (over :data:`MAX_BYTES`), ``league_syntax`` (not TOML or not UTF-8: the
    parser's words are not passed on, they may quote a password), ``league_unknown_key``,
    ``league_missing`` (``key``), ``league_bad_value`` (``key``: wrong type, too long, bad shape),
    ``league_credentials`` (neither or both of user/password and creds), ``league_file_missing``
    (``key``: a creds or TLS file that is not there).
    """
    name = path.name
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError:
        raise LeagueConfigError("league_unreadable", f"cannot read the league file {name}", path=name) from None
    if len(raw) > MAX_BYTES:
        raise LeagueConfigError(
            "league_too_big", f"the league file {name} is over {MAX_BYTES} bytes", path=name, limit=MAX_BYTES
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise LeagueConfigError("league_syntax", f"the league file {name} is not TOML", path=name) from None
    unknown = sorted(set(data) - KEYS)
    if unknown:
        key = unknown[0][:40]
        raise LeagueConfigError("league_unknown_key", f"unknown key {key!r} in {name}", path=name, key=key)
    base = path.resolve().parent

    def text(key: str, required: bool = False, shape: re.Pattern[str] | None = None) -> str:
        value = data.get(key)
        if value is None:
            if required:
                raise LeagueConfigError("league_missing", f"{name} needs {key!r}", path=name, key=key)
            return ""
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT or (shape and not shape.fullmatch(value)):
            raise LeagueConfigError("league_bad_value", f"{key!r} in {name} is not valid", path=name, key=key)
        return value

    def file(key: str) -> Path | None:
        value = text(key)
        if not value:
            return None
        where = (base / value).resolve()
        if not where.is_file():
            raise LeagueConfigError("league_file_missing", f"{key!r} in {name}: no such file", path=name, key=key)
        return where

    league = text("league", True, TOKEN)
    venue = text("venue", True, TOKEN)
    hub = text("hub", role == "venue", URL)
    user, password = text("user"), text("password")
    creds = file("creds")
    if bool(user) != bool(password) or (creds is not None) == bool(user):
        raise LeagueConfigError(
            "league_credentials", f"{name} needs either user and password or creds, not both", path=name
        )
    venues = data.get("venues", {})
    if (
        not isinstance(venues, dict)
        or len(venues) > MAX_VENUES
        or not all(
            isinstance(k, str) and TOKEN.fullmatch(k) and isinstance(v, str) and 0 < len(v) <= MAX_TEXT
            for k, v in venues.items()
        )
    ):
        raise LeagueConfigError("league_bad_value", f"'venues' in {name} is not valid", path=name, key="venues")
    return LeagueConfig(
        league, venue, hub, user, password, creds, file("tls_cert"), file("tls_key"), file("tls_ca"), dict(venues)
    )
