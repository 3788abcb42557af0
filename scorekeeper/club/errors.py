"""Errors the club engine raises: every refusal has a stable code and the values its message needs.

Like the rules engine's :class:`~scorekeeper.rules.errors.RuleViolation`, a
refusal is data: ``code`` picks the translated wording (the i18n catalogs'
``club.error.<code>`` entries, added with the screens), ``params`` holds the
values that wording talks about, and ``str(error)`` is one English line for
logs and the terminal, saying what is wrong and what to do. Nothing is
changed before a refusal: every function of :mod:`scorekeeper.club` is pure.
"""

from __future__ import annotations


class ClubError(Exception):
    """A refused club operation (setup, pairing or result).

    Attributes:
        code: a stable machine name of the refusal kind, e.g. ``"round_incomplete"``.
        params: the values the message talks about (player ids, round and table
            numbers, counts), for translation.
        text: the English explanation, saying what is wrong and what to do.
    """

    def __init__(self, code: str, text: str, **params: object) -> None:
        self.code = code
        self.text = text
        self.params = params
        super().__init__(f"{code}: {text}")

    def __str__(self) -> str:
        return f"{self.code}: {self.text}"


class SetupError(ClubError):
    """A roster, points scheme, fixture length or tie-break order that cannot be used."""


class ResultError(ClubError):
    """A fixture result that does not fit the roster, the fixture length or the other results."""


class PairingError(ClubError):
    """A round that may not be paired now, or tables that break a pairing rule."""
