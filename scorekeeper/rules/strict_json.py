"""Strict, compact JSON for match records and the store's files: orjson where it is installed, else the
standard library made as strict.

orjson (a compiled parser, several times the standard library's speed) has no Android or iOS wheel on
PyPI, so a phone build may lack it; the app must work there all the same. Both paths refuse what has
no place in a record: ``NaN`` / ``Infinity``, deep nesting (orjson from
:data:`MAX_DEPTH` levels, the fallback from Python's recursion limit, about 1,000), and an object that
holds one key twice (:class:`DuplicateKey`): both parsers would keep the last value without a word, so a
key appended to a file (a second ``"crc32"``) could be read one way by one reader and another way by
the next. This module is the one parser of every record and store file, so one verdict holds. One difference
stays: a lone surrogate escape (``"\\ud800"``) is refused by orjson, accepted by the fallback (such a
string cannot be a tile, a spot or a name the app wrote). An integer beyond 64 bits is read as a float,
as orjson reads it (the engine's checks then refuse it where a count or a seat is due).
"""

from __future__ import annotations

import json
import re
from typing import Any

try:
    import orjson
except ImportError:  # a phone build without the wheel
    orjson = None  # type: ignore[assignment]

MAX_DEPTH = 1024  # orjson's own limit
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # orjson's integer range (i64 and u64); beyond it, a float


def backend() -> str:
    """``"orjson"`` or ``"json"``: the parser in use (for logs and tests)."""
    return "json" if orjson is None else "orjson"


class DuplicateKey(ValueError):
    """An object in the JSON holds one key twice; ``key`` is that key when the parser could name it
    (``None`` otherwise)."""

    def __init__(self, key: str | None) -> None:
        self.key = key
        named = f" {json.dumps(key, ensure_ascii=False)[:40]}" if key is not None else ""
        super().__init__(f"an object holds the key{named} twice")


def loads(data: str | bytes) -> Any:
    """Parse JSON ``data`` (UTF-8 bytes or text) into Python values.

    Raises ``ValueError`` for text that is not strict JSON (``json.JSONDecodeError`` or
    ``orjson.JSONDecodeError``, both subclasses, with ``pos`` / ``lineno`` / ``colno`` where the
    parser gives them), for ``NaN`` / ``Infinity`` or nesting too deep (an integer outside −2⁶³…2⁶⁴−1
    becomes a float), :class:`DuplicateKey` for an object holding one key twice;
    ``UnicodeDecodeError`` (a ``ValueError``) for bytes that are not UTF-8.
    """
    if orjson is not None:
        value = orjson.loads(data)
        if type(value) is dict or type(value) is list:
            _refuse_duplicates(data, value)
        return value
    text = data.decode("utf-8") if isinstance(data, bytes | bytearray | memoryview) else data
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_int, object_pairs_hook=_unique)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


# A JSON string token (orjson has checked the text: outside strings there is no quote, inside one
# every quote is escaped), so that what is left of the text holds a colon for each key and no other.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


def _refuse_duplicates(data: str | bytes, value: dict[str, Any] | list[Any]) -> None:
    """Raise :class:`DuplicateKey` if the text ``value`` was parsed from holds more keys than ``value``.

    orjson keeps the last of two equal keys silently. The store's own files are written compactly by
    :func:`dumps`, so writing ``value`` again gives back the very bytes (about a third of the parse's
    cost): no key can be missing. For other text (an indented backup, a hand-edited file) the keys are
    counted: each colon outside strings, against the keys of every object parsed (iterative, for
    values 1,000 deep).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if b"\n" not in raw:  # compact, as the store writes: write it again and compare
        try:
            if orjson.dumps(value) == raw:
                return
        except TypeError:  # nested deeper than orjson writes (it reads a little deeper): count
            pass
    in_text = _keys_in_text(raw)
    parsed, stack = 0, [value]
    pop, push = stack.pop, stack.extend
    while stack:
        item = pop()
        if type(item) is dict:
            parsed += len(item)
            push([v for v in item.values() if type(v) is dict or type(v) is list])
        else:
            push([v for v in item if type(v) is dict or type(v) is list])
    if in_text != parsed:
        raise DuplicateKey(_first_duplicate(raw))


_CHUNK = 1 << 20


def _keys_in_text(raw: bytes) -> int:
    """The colons outside strings of valid JSON ``raw``: its keys. Counted a megabyte at a time, cut at
    newlines (JSON strings hold none, so a cut never falls inside one), because the regular expression's
    substitution keeps every piece until it joins them: on a 48 MB backup at once, 600 MB."""
    if b"\n" not in raw:
        return _STRING.sub(b"", raw).count(b":")
    total, start, end = 0, 0, len(raw)
    while start < end:
        cut = raw.find(b"\n", start + _CHUNK)
        cut = end if cut < 0 else cut
        total += _STRING.sub(b"", raw[start:cut]).count(b":")
        start = cut
    return total


def _first_duplicate(raw: bytes) -> str | None:
    """The key found twice, for the message (the standard library names it; ``None`` if it cannot)."""
    try:
        json.loads(raw, object_pairs_hook=_unique)
    except DuplicateKey as err:
        return err.key
    except (ValueError, RecursionError):
        pass
    return None


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The standard library's object, refusing a key given twice."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return out


def dumps(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON (no spaces; non-ASCII kept as is; integer dict keys written as
    strings). Raises ``TypeError`` for a value JSON cannot hold (a set, an object, nesting too deep; a NaN
    in the fallback, which orjson writes as ``null``)."""
    if orjson is not None:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    except (RecursionError, ValueError) as err:
        raise TypeError(f"cannot write as JSON: {err}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not strict JSON")


def _int(digits: str) -> int | float:
    value = int(digits)
    return value if _INT_MIN <= value <= _INT_MAX else float(digits)
