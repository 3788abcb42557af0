"""Roles of a device at the table and what each may do (issue 14).

* ``host``: the computer serving the table (loopback without ``--lan``, or the host link): enters moves in any
  match, starts and imports matches, and manages the table (join links, devices, renewing keys).
* ``scorer``: enters moves, corrections and settlements; a scorer link that names a match may change only that
  match (and starts or imports none).
* ``viewer``: sees the table and the scoreboard live and changes nothing.

:class:`Access` is one session's grant; the app's store calls go through
:class:`scorekeeper.server.store_guard.GuardedStore`, which asks it before every write.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..store.errors import StoreError

if TYPE_CHECKING:
    from .admission import Admission
    from .devices import Device


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


@dataclass(frozen=True, eq=False)
class Access:
    """What one session (one browser tab) may do, decided when it connected.

    ``role``: the device's :class:`Role`. ``match_id``: the match its join link named (the app opens it on
    start), or ``None`` for a table-wide link. ``device``: the joined device, ``None`` where no key is in
    play (loopback, desktop window). ``admission``: the table's :class:`Admission` for a host (the Table
    screen's links, devices and renewal), else ``None``.

    Checks read ``device.revoked`` each time, so disconnecting a device or renewing its key takes effect
    on its next write even if its websocket were still open.
    """

    role: Role
    match_id: str | None = None
    device: Device | None = None
    admission: Admission | None = None

    @property
    def revoked(self) -> bool:
        """True once the device was disconnected or its key renewed."""
        return self.device is not None and self.device.revoked

    def may_score(self, match_id: str | None) -> bool:
        """Whether this session may record, undo or correct moves in ``match_id``."""
        return self._refusal(match_id) is None

    def may_start(self) -> bool:
        """Whether this session may start a new match or import matches (not for a link naming a match)."""
        return self._refusal(None, start=True) is None

    def may_manage(self) -> bool:
        """Whether this session may manage the table: show join links, list and disconnect devices, renew keys."""
        return self.role is Role.HOST and self.admission is not None and not self.revoked

    def check_score(self, match_id: str | None) -> None:
        """Raise :class:`AccessDenied` unless :meth:`may_score` ``(match_id)``."""
        refusal = self._refusal(match_id)
        if refusal is not None:
            raise refusal

    def check_start(self) -> None:
        """Raise :class:`AccessDenied` unless :meth:`may_start`."""
        refusal = self._refusal(None, start=True)
        if refusal is not None:
            raise refusal

    def _refusal(self, match_id: str | None, start: bool = False) -> AccessDenied | None:
        if self.revoked:
            return AccessDenied("this device was disconnected or its key renewed: scan the table's code again",
                                "access_revoked")
        if self.role is Role.VIEWER:
            return AccessDenied("this device joined as a viewer: it cannot change the match", "access_viewer")
        if self.match_id is not None and (start or match_id != self.match_id):
            return AccessDenied(f"this device joined for match {self.match_id}: it may change only that match",
                                "access_other_match")
        return None


#: the session of a desktop window or an in-process test: the only user is at this computer
LOCAL = Access(Role.HOST)
