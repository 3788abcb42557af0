"""The machine's network addresses and names, and the ``Host`` / ``Origin`` checks built on them.

A request is answered only when its ``Host`` names this server (a loopback name, one of the machine's
addresses or its host name) on the port it listens on: a page on another site that points its own name at
this machine (DNS rebinding) is refused. A websocket handshake must also come from the server's own origin.
Addresses are listed with psutil (network interfaces that are up).
"""

from __future__ import annotations

import ipaddress
import socket
import time

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
SKIPPED_INTERFACES = ("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is this machine's loopback; ``""``/``0.0.0.0``/``::``
    (every interface) are not."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses on interfaces that are up, best join address first: private ranges
    (192.168/16, 10/8, 172.16/12) of physical-looking interfaces before others; loopback and link-local
    (169.254/16) left out. ``[]`` when the machine has no network."""
    import psutil  # type: ignore[import-untyped]  # here: a phone build runs no server and may lack it

    stats = psutil.net_if_stats()
    found: list[tuple[int, str]] = []
    for name, addrs in psutil.net_if_addrs().items():
        if not stats.get(name) or not stats[name].isup:
            continue
        for addr in addrs:
            if addr.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(addr.address)
            if ip.is_loopback or ip.is_link_local:
                continue
            rank = 0 if ip in ipaddress.ip_network("192.168.0.0/16") else 1 if ip.is_private else 2
            if name.startswith(SKIPPED_INTERFACES):
                rank += 3
            found.append((rank, addr.address))
    return [address for _, address in sorted(set(found))]


def machine_names() -> set[str]:
    """Names the machine may be reached by: its host name and ``<name>.local`` (mDNS), lower case."""
    name = socket.gethostname().lower()
    return {name, f"{name}.local"} if name else set()


def split_host(header: str) -> tuple[str, int | None] | None:
    """``"192.168.1.5:8550"`` → ``("192.168.1.5", 8550)``; ``"[::1]:80"`` → ``("::1", 80)``; ``"name"`` →
    ``("name", None)``; ``None`` for a header that is no host (an empty one, a bad port)."""
    header = header.strip().lower()
    if header.startswith("["):
        host, _, rest = header[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else None
        if rest and port_text is None:
            return None
    else:
        host, sep, port_text = header.rpartition(":") if header.count(":") == 1 else (header, "", "")
        port_text = port_text if sep else None
    if not host:
        return None
    if port_text is None:
        return host, None
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    return host, int(port_text)


class HostCheck:
    """Whether a ``Host`` header names this server: ``port`` it listens on; ``names`` it answers to.

    With ``lan=True`` the machine's current addresses and names count too; an unknown host re-reads the
    addresses (at most every ``refresh_s`` seconds) so a laptop that moved to another network still answers.
    """

    def __init__(
        self, port: int, names: set[str] | frozenset[str] = LOOPBACK_NAMES, lan: bool = False, refresh_s: float = 5.0
    ) -> None:
        self.port = port
        self.lan = lan
        self._fixed = {name.lower() for name in names} | set(LOOPBACK_NAMES)
        self._refresh_s = refresh_s
        self._known: set[str] = set()
        self._read_at = float("-inf")
        if lan:
            self._refresh()

    def _refresh(self) -> None:
        self._known = set(lan_addresses()) | machine_names()
        self._read_at = time.monotonic()

    def allows(self, header: str | None) -> bool:
        """Whether ``header`` (the request's ``Host``) is this server's name or address and port."""
        parsed = split_host(header or "")
        if parsed is None:
            return False
        host, port = parsed
        if (port if port is not None else 80) != self.port:
            return False
        if host in self._fixed or host in self._known:
            return True
        if self.lan and time.monotonic() - self._read_at >= self._refresh_s:
            self._refresh()
            return host in self._known
        return False


def same_origin(origin: str | None, host_header: str | None) -> bool:
    """Whether ``Origin`` is the page this server serves at ``Host``: ``http://`` + the same host and port."""
    if not origin or not host_header:
        return False
    return origin.strip().lower() == f"http://{host_header.strip().lower()}"
