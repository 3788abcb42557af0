"""Where ``scorekeeper serve`` listens and whether a key is required: from ``--host`` and ``--lan``.

* no option: loopback (127.0.0.1), no key; ``Host`` and ``Origin`` still checked.
* ``--lan``: every network interface (0.0.0.0); a key is required; phones join at the machine's address.
* ``--host 0.0.0.0`` (or ``::``, or any non-loopback address): the same as ``--lan`` (a key is required).
* ``--lan --host 127.0.0.1``: a key is required on loopback (tests and trials: nothing leaves the machine).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .addresses import HostCheck, is_loopback, lan_addresses
from .admission import Admission

EVERY_INTERFACE = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Exposure:
    """``bind``: the address listened on; ``port``; ``key_required``; ``addresses``: where phones join (best
    first; ``[]`` for loopback without a key); ``host_address``: where this computer's browser joins;
    ``notes``: lines for the terminal before the links (why a key is required, a missing network)."""

    bind: str
    port: int
    key_required: bool
    addresses: list[str] = field(default_factory=list)
    host_address: str = "127.0.0.1"
    notes: list[str] = field(default_factory=list)

    def admission(self) -> Admission:
        """The :class:`Admission` for this exposure (its ``Host`` check included)."""
        if not self.key_required:
            return Admission(key_required=False, port=self.port)
        every = self.bind in EVERY_INTERFACE
        check = HostCheck(self.port, names=set(self.addresses) | {self.host_address}, lan=every)
        return Admission(key_required=True, port=self.port, addresses=self.addresses, host_check=check)


def exposure(host: str | None, port: int, lan: bool) -> Exposure:
    """What ``serve [--host HOST] [--port PORT] [--lan]`` does (``host`` ``None``: not given)."""
    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"
    if is_loopback(host):
        if not lan:
            return Exposure(host, port, False)
        return Exposure(
            host,
            port,
            True,
            [host],
            host,
            ["--lan on a loopback address: only this computer can join, and it needs the key like a phone would"],
        )
    notes = []
    if not lan:
        notes.append(f"--host {host or '0.0.0.0'} serves the local network, as --lan does: a key is required")
    if host not in EVERY_INTERFACE:
        return Exposure(host, port, True, [host], host, notes)
    found = lan_addresses()
    if not found:
        notes.append("no network address found: connect this computer to the Wi-Fi the phones use, then start again")
    return Exposure(host, port, True, found or ["127.0.0.1"], "127.0.0.1", notes)
