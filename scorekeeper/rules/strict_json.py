"""Strict, compact JSON for match records and the store's files: orjson where it is installed, else the
standard library made as strict.

orjson (a compiled parser, several times the standard library's speed) has no Android or iOS wheel on
PyPI, so a phone build may lack it; the app must work there all the same. Both paths refuse what has
no place in a record: ``NaN`` / ``Infinity``, deep nesting (orjson from
:data:`MAX_DEPTH` levels, the fallback from Python's recursion limit, about 1,000). One difference
stays: a lone surrogate escape (``"\\ud800"``) is refused by orjson, accepted by the fallback (such a
string cannot be a tile, a spot or a name the app wrote). An integer beyond 64 bits is read as a float,
as orjson reads it (the engine's checks then refuse it where a count or a seat is due).
"""

from __future__ import annotations

import json
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


def loads(data: str | bytes) -> Any:
    """Parse JSON ``data`` (UTF-8 bytes or text) into Python values.

    Raises ``ValueError`` for text that is not strict JSON (``json.JSONDecodeError`` or
    ``orjson.JSONDecodeError``, both subclasses, with ``pos`` / ``lineno`` / ``colno`` where the
    parser gives them), for ``NaN`` / ``Infinity`` or nesting too deep (an integer outside −2⁶³…2⁶⁴−1
    becomes a float); ``UnicodeDecodeError`` (a ``ValueError``) for bytes that are not UTF-8.
    """
    if orjson is not None:
        return orjson.loads(data)
    text = data.decode("utf-8") if isinstance(data, bytes | bytearray | memoryview) else data
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_int)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


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
