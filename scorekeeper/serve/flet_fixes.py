"""Where the pinned flet-web (1.0.5) spends the server's one event-loop thread for nothing, and what we change.

``FletApp.send_message`` (``flet_web/fastapi/flet_app.py``) starts with
``transport_log.debug(f"send_message: {message}")``: the f-string is built before ``debug`` looks at
the level, so every message sent to every tab is turned into text even though the line is never
written. The text is the dataclass ``repr`` of the message, and a patch's ``repr`` is the ``repr`` of
every control in it, each with all its fields: for a tab's new table screen longer than the message
itself. :func:`quiet_send_message` replaces the method with the same three steps in the same order
(log, pack with Flet's own encoder, queue) whose log line is formatted only when it is written.

The same method also raised for a tab that had just left: once the websocket ends, the connection's send
loop stops and drops its queue (``None``), but the session is told only a moment later (the connection's
``handle`` resumes after the send loop's end), so whatever the tab's ``main`` or handler sent meanwhile
(a service registered, ``SharedPreferences.get``, the first render) raised ``AttributeError`` out of it: a
traceback in the log, and another from Flet's attempt to tell the gone tab. The quiet method drops the
message then, as Flet drops every message once the session knows (and as its own data-channel send does).

Applied only to the Flet it was written for: the version must be :data:`FLET_VERSION` and the original
method must still be the one that formats eagerly (its code holds the ``"send_message: "`` text and
packs with msgpack); anything else is left alone and said in the log (debug), so a Flet upgrade can
never run a copy of old code. Flet's diff, fixed for every tab (a phone's too), is the app's:
:mod:`scorekeeper.app.flet_diff`.
"""

from __future__ import annotations

import logging
from typing import Any

from ..app.flet_diff import FLET_VERSION, MARK

log = logging.getLogger(__name__)


def quiet_send_message() -> bool:
    """Make Flet's ``FletApp.send_message`` format its debug line only when debug logging is on, and drop a
    message to a tab whose connection's send loop already ended (Flet's raises ``AttributeError``).

    Returns True when the method is (now, or already) the quiet one, False when this Flet is not the one
    it was written for (nothing changed). Idempotent; process-wide (every server of the process).
    """
    try:
        import msgpack  # type: ignore[import-untyped]
        from flet.controls.base_control import BaseControl
        from flet.messaging.protocol import configure_encode_object_for_msgpack
        from flet.version import flet_version
        from flet_web.fastapi import flet_app  # type: ignore[import-untyped]
    except ImportError:  # no web server in this install (a phone app): nothing sends through it
        return False
    app_class: Any = flet_app.FletApp
    original = app_class.send_message
    if getattr(original, MARK, False):
        return True
    code = original.__code__
    if flet_version != FLET_VERSION or "send_message: " not in code.co_consts or "packb" not in code.co_names:
        log.debug("Flet %s: FletApp.send_message left as it is", flet_version)
        return False
    transport_log = flet_app.transport_log
    encode = configure_encode_object_for_msgpack(BaseControl)  # a pure function of the class: made once

    def send_message(self: Any, message: Any) -> None:
        if transport_log.isEnabledFor(logging.DEBUG):
            transport_log.debug("send_message: %s", message)
        queue = getattr(self, "_FletApp__send_queue", None)  # the original's private queue (name-mangled)
        if queue is None:  # the tab left: its send loop ended, and the session is about to be told
            return
        body = msgpack.packb([message.action, message.body], default=encode)
        queue.put_nowait(b"\x00" + body)

    send_message.__doc__ = original.__doc__
    send_message.__wrapped__ = original  # type: ignore[attr-defined]  # Flet's own, for the tests
    setattr(send_message, MARK, True)
    app_class.send_message = send_message
    return True
