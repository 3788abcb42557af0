"""The app's side: which :class:`Access` a Flet session (one browser tab) has.

The guard runs Flet's websocket handler with :data:`CONNECTION` set to the tab's
:class:`~scorekeeper.server.devices.Connection`; Flet starts ``main(page)`` and every event handler
in tasks made inside that handler, so they see it (tasks copy the context they are made in).
:func:`access_for` binds the session to that connection's device the first time it is asked (call it at
the top of ``main(page)``) and returns the same :class:`Access` ever after; the guard lets a reconnecting
tab resume a session only from the same device, so the binding holds for the session's whole life.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from .admission import LOCAL, Access, Admission

if TYPE_CHECKING:
    from .devices import Connection

#: the websocket connection (and so the device) whose messages the current task handles; ``None`` outside
#: the guard (a desktop window, an in-process test)
CONNECTION: ContextVar[tuple[Admission, Connection] | None] = ContextVar("scorekeeper_connection", default=None)

#: in the viewer process (:mod:`scorekeeper.serve.viewer_server`): the :class:`Access` of the viewer whose
#: websocket the main process's guard relayed here (it checked the device; this process holds no keys)
RELAYED: ContextVar[Access | None] = ContextVar("scorekeeper_relayed", default=None)


def access_for(page: Any) -> Access:
    """The :class:`Access` of ``page``'s session (a Flet ``Page``).

    Served through the guard: the role and match of the device whose connection created the session (a
    host's carries the table's :class:`Admission`). Not served through it (the desktop window, in-process
    tests): :data:`~scorekeeper.server.roles.LOCAL`, a host without a table to manage. In the viewer
    process: the relayed viewer's (:data:`RELAYED`).
    """
    relayed = RELAYED.get()
    if relayed is not None:
        return relayed
    current = CONNECTION.get()
    if current is None:
        return LOCAL
    admission, connection = current
    connection.session_id = connection.session_id or page.session.id  # a later reconnect may take it over
    return admission.access_for_session(page.session.id, connection.device)
