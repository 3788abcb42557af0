"""Flet's ``FletApp.send_message`` made quiet (:mod:`scorekeeper.serve.flet_fixes`): the same bytes queued,
its debug line formatted only when debug logging is on (Flet's own formats the whole message every time),
and nothing raised for a tab that just left (its send loop ended: Flet's own raises ``AttributeError``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction
from flet_web.fastapi import flet_app

from scorekeeper.serve import flet_fixes


@dataclass(repr=False)
class Body:
    """A message body that counts how often it is turned into text."""

    id: int
    patch: list = field(default_factory=list)
    shown: list = field(default_factory=list, metadata={"skip": True})

    def __repr__(self) -> str:
        self.shown.append(1)
        return f"Body({self.id})"


class Queue:
    def __init__(self) -> None:
        self.items: list[bytes] = []

    def put_nowait(self, item: bytes) -> None:
        self.items.append(item)


class Tab:
    """Just what ``send_message`` touches of a ``FletApp``: its private send queue."""

    def __init__(self) -> None:
        self._FletApp__send_queue = Queue()


def sent(send, body: Body) -> bytes:
    tab = Tab()
    send(tab, Message(MessageAction.PATCH_CONTROL, body))
    (frame,) = tab._FletApp__send_queue.items
    return frame


def test_flet_formats_every_message_it_sends_though_the_line_is_never_written():
    original = _original_send()
    body = Body(7, [[0], [0, 0, "value", "1"]])
    assert not flet_app.transport_log.isEnabledFor(logging.DEBUG)
    sent(original, body)
    assert body.shown  # what the fix removes: the f-string ran


def test_the_quiet_send_message_queues_the_same_bytes_and_formats_nothing():
    assert flet_fixes.quiet_send_message() is True
    assert flet_fixes.quiet_send_message() is True  # idempotent
    body = Body(7, [[0], [0, 0, "value", "1"]])
    frame = sent(flet_app.FletApp.send_message, body)
    assert body.shown == []
    assert frame == sent(_original_send(), Body(7, [[0], [0, 0, "value", "1"]]))
    assert frame[:1] == b"\x00" and msgpack.unpackb(frame[1:]) == [2, {"id": 7, "patch": [[0], [0, 0, "value", "1"]]}]


def test_the_quiet_line_is_still_written_at_debug_level(caplog):
    flet_fixes.quiet_send_message()
    with caplog.at_level(logging.DEBUG, logger="flet_transport"):
        sent(flet_app.FletApp.send_message, Body(9))
    written = [r.getMessage() for r in caplog.records]
    assert written == ["send_message: Message(action=<MessageAction.PATCH_CONTROL: 2>, body=Body(9))"]


def test_a_message_to_a_tab_whose_send_loop_ended_is_dropped_where_flets_own_raises():
    """Between a websocket's end and Flet telling the session, the connection's send queue is ``None``:
    Flet's method raised out of whatever the tab did (a service registered, ``SharedPreferences.get``, the
    first render; tests/app/test_tab_leaves.py runs a whole first screen so)."""
    gone = Tab()
    gone._FletApp__send_queue = None  # what Flet's send loop leaves when it ends
    with pytest.raises(AttributeError):
        _original_send()(gone, Message(MessageAction.PATCH_CONTROL, Body(3)))
    assert flet_fixes.quiet_send_message()
    flet_app.FletApp.send_message(gone, Message(MessageAction.PATCH_CONTROL, Body(3)))  # dropped, nothing raised
    assert gone._FletApp__send_queue is None


def _original_send():
    """Flet's own method (kept by the quiet one once it replaced it)."""
    method = flet_app.FletApp.send_message
    return getattr(method, "__wrapped__", method)
