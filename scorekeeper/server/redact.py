"""Keep keys out of every log line: a log record factory that blanks them.

The guard itself never logs a key, a cookie or a query string, and the server runs with uvicorn's access
log off; this is the second line, for any library's message (uvicorn logs websocket paths with their
query at info level, Flet logs URLs at debug level): every ``key=…`` query value, and every key or device
token the table ever issued, becomes ``[hidden]`` in the message and its traceback.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Collection

HIDDEN = "[hidden]"
QUERY_KEY = re.compile(r"(?i)(\bkey=)[^&\s\"'#<>]+")


def redacted(text: str, secrets: Collection[str]) -> str:
    """``text`` with every ``key=VALUE`` value and each of ``secrets`` replaced by ``[hidden]``."""
    text = QUERY_KEY.sub(rf"\g<1>{HIDDEN}", text)
    for secret in secrets:
        if secret and secret in text:
            text = text.replace(secret, HIDDEN)
    return text


def install(secrets: Callable[[], Collection[str]]) -> Callable[[], None]:
    """Redact every log record made from now on in this process; ``secrets()`` gives the secrets to hide
    (read at each record). Returns a function that puts the previous record factory back."""
    previous = logging.getLogRecordFactory()

    def factory(*args, **kwargs) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string is logging's to report, unchanged
            return record
        known = secrets()
        clean = redacted(message, known)
        if clean != message:
            record.msg, record.args = clean, ()
        if record.exc_info and record.exc_info[0] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_text = redacted(text, known)
        return record

    logging.setLogRecordFactory(factory)
    return lambda: logging.setLogRecordFactory(previous)
