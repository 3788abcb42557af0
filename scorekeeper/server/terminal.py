"""What ``scorekeeper serve`` prints: the address, or on the local network the join links and QR codes.

The join lines and the QR codes are the only places a key is ever shown (never a log line, never a
command line). ``kill -HUP PID`` renews the scorer and viewer keys and prints the new ones, as does renewing
the table's codes on the host's Table screen.
"""

from __future__ import annotations

import asyncio
import io
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from . import qr
from .admission import Admission
from .exposure import Exposure
from .roles import Role

REQUIRED = 'a key is required: a device without one gets "Ask the host for the table\'s QR code"'


def print_links(admission: Admission, out: TextIO) -> None:
    """The table-wide scorer and viewer join links, each with its QR code."""
    for link, what in zip(admission.links(), ("scorers (enter moves)", "viewers (watch only)"), strict=True):
        url = admission.url(link)
        print(f"  {what}: {url}", file=out)
        drawn = io.StringIO()
        qr.terminal(url, drawn)
        try:
            out.write(drawn.getvalue())
        except UnicodeEncodeError:  # a console without block characters (a legacy Windows code page)
            print("  (this terminal cannot draw the QR code: open the link on the phone instead)", file=out)
    for address in admission.addresses[1:]:
        print(f"  also at http://{address}:{admission.port}/ (the same keys)", file=out)


def banner(exposure: Exposure, admission: Admission, data_dir: Path, out: TextIO) -> None:
    """Print how to reach the server: its address (loopback), or the join links and QR codes."""
    if not exposure.key_required:
        shown = f"[{exposure.bind}]" if ":" in exposure.bind else exposure.bind
        print(
            f"Scorekeeper: http://{shown}:{exposure.port}/\n  data folder: {data_dir}\n  stop it with Ctrl+C",
            file=out,
            flush=True,
        )
        return
    print(f"Scorekeeper on the local network: phones on the same network scan a code to join ({REQUIRED})", file=out)
    for note in exposure.notes:
        print(f"  {note}", file=out)
    print(f"  this computer (host): {admission.url(admission.link(Role.HOST), exposure.host_address)}", file=out)
    print_links(admission, out)
    hangup = (
        f"new scorer and viewer keys (old links and joined phones stop working; the host link stays): "
        f"kill -HUP {os.getpid()}; "
        if hasattr(signal, "SIGHUP")
        else ""
    )
    print(f"  data folder: {data_dir}\n  {hangup}stop it with Ctrl+C", file=out, flush=True)


def print_renewals(admission: Admission, out: TextIO) -> None:
    """From now on, whenever the table-wide keys are renewed (SIGHUP, or the host's Table screen), say so
    and print the new links and QR codes: the ones printed before no longer work."""

    def renewed(every_match: bool) -> None:
        if every_match:
            print(
                "Scorekeeper: new scorer and viewer keys; their old links and the phones that joined with "
                "them are out (the host link stays)",
                file=out,
            )
        else:
            print(
                "Scorekeeper: new scorer and viewer keys for the whole table (renewed on the host's Table "
                "screen); the links printed before and the phones that joined with them are out (the host "
                "link stays)",
                file=out,
            )
        print_links(admission, out)
        out.flush()

    admission.on_renew = renewed


def renew_on_hangup(admission: Admission, out: TextIO) -> Callable[[], None]:
    """On SIGHUP (POSIX): renew every scorer and viewer key and print the new links (the host link stays).

    Returns a function that puts the previous SIGHUP handler back (a no-op where there is no SIGHUP)."""
    if not hasattr(signal, "SIGHUP"):
        return lambda: None
    if admission.on_renew is None:
        print_renewals(admission, out)

    async def renew() -> None:
        await admission.renew(every_match=True)  # on_renew prints the new links

    def on_hangup(signum: int, frame: object) -> None:
        loop = admission.loop
        if loop is not None:
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(renew()))

    previous = signal.signal(signal.SIGHUP, on_hangup)

    def restore() -> None:
        signal.signal(signal.SIGHUP, previous)

    return restore
