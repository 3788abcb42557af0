"""Roles of a device at the table and what each may do (issue 14).

* ``host``: the computer serving the table (loopback without ``--lan``, or the host link): enters moves in any
  match, starts and imports matches, and manages the table (join links, devices, renewing keys).
* ``scorer``: enters moves, corrections and settlements; a scorer link that names a match may change only that
  match (and starts or imports none).
* ``viewer``: sees the table and the scoreboard live and changes nothing.

:class:`scorekeeper.server.admission.Access` is one session's grant; the app's store calls go through
:class:`scorekeeper.server.store_guard.GuardedStore`, which asks it before every write.
"""

from __future__ import annotations

from enum import StrEnum

from ..store.errors import StoreError


class Role(StrEnum):
    """A device's role at the table."""

    HOST = "host"
    SCORER = "scorer"
    VIEWER = "viewer"


class AccessDenied(StoreError):
    """A session asked for a change its role does not allow; nothing was written.

    ``code`` (translated as ``error.<code>``): ``access_viewer`` (a viewer may change nothing),
    ``access_other_match`` (a scorer joined for one match changed another, or started/imported one),
    ``access_revoked`` (the device was disconnected or its key renewed: join again with the new code).
    """
