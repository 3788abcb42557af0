"""Start the app: served on loopback for a browser (offline, no CDN), or in a desktop window.

The web server is Flet's ASGI app (``ft.run(..., export_asgi_app=True)``)
under uvicorn, so the host and port are ours and nothing opens a browser
unless asked. A desktop window is used only where the Flet desktop client is
installed and a display exists; everywhere else ``scorekeeper`` serves on
loopback (port 8550, like ``scorekeeper serve``, so a tab left open
reconnects after a restart) and opens the default browser.
"""

from __future__ import annotations

import gc
import importlib.util
import logging
import os
import platform
import socket
import sys
import threading
import webbrowser
from pathlib import Path

import flet as ft

from ..server import redact, terminal
from ..server.exposure import exposure
from ..server.guard import Guard
from ..store import StoreError
from .main import ASSETS, make_main
from .store_access import open_app_store

log = logging.getLogger(__name__)

DEFAULT_PORT = 8550  # ``scorekeeper`` and ``scorekeeper serve``: the same address after every restart


def web_app(data_dir: Path, store=None, admission=None):
    """The ASGI app serving Scorekeeper from ``data_dir`` (store opened once per process), behind the
    guard of ``admission`` (:mod:`scorekeeper.server`: Host/Origin checks, keys, roles) when given."""
    store = store if store is not None else open_app_store(data_dir)
    app = ft.run(make_main(store, data_dir), export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)
    return app if admission is None else Guard(app, admission)


def serve(data_dir: Path, host: str | None = "127.0.0.1", port: int = DEFAULT_PORT, open_browser: bool = False,
          lan: bool = False) -> int:
    """Serve until interrupted; print the address (or, beyond loopback, the join links and QR codes);
    optionally open it in the default browser (loopback only: a join link would show its key in ``ps``).

    ``host`` ``None``: 0.0.0.0 with ``lan``, else 127.0.0.1; a key is required with ``lan`` or any
    non-loopback ``host`` (:func:`scorekeeper.server.exposure.exposure`). Returns the exit code: 0 after
    serving, 2 when the store cannot be opened (the data folder cannot be created, another Scorekeeper
    has it open…: one line on stderr, no traceback).
    """
    import uvicorn

    try:
        store = open_app_store(data_dir)
    except StoreError as err:  # e.g. another Scorekeeper has this data folder open
        print(f"scorekeeper: {err.message}", file=sys.stderr)
        return 2
    plan = exposure(host, port, lan)
    admission = plan.admission()
    app = web_app(data_dir, store, admission)
    unredact = redact.install(lambda: admission.secrets_seen)  # no key in any log line, whatever logs it
    terminal.banner(plan, admission, data_dir, sys.stdout)
    unhook = terminal.renew_on_hangup(admission, sys.stdout)
    if open_browser and not plan.key_required:
        threading.Timer(1.5, webbrowser.open, [f"http://{plan.bind}:{port}/"]).start()
    config = uvicorn.Config(app, host=plan.bind, port=port, log_level="warning", ws="websockets-sansio",
                            access_log=False)  # the access log prints query strings: join links carry keys
    # what is loaded by now (Flet, the engine, the store) lives as long as the process: keep it out of
    # the collector's full passes, which otherwise stall a tap now and then for tens of ms
    gc.freeze()
    try:
        uvicorn.Server(config).run()
    finally:
        unhook()
        unredact()
    return 0


def desktop_available() -> bool:
    """True when the Flet desktop client package is installed and there is a display to show it on."""
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return not (platform.system() == "Linux" and headless)


def port_to_use(preferred: int = DEFAULT_PORT, host: str = "127.0.0.1") -> int:
    """``preferred`` if nothing listens on it, else a free port (a tab left open on the usual
    address reconnects after a restart only if the port stays the same).

    Checked the way uvicorn binds (``SO_REUSEADDR``), so a port our last run left in
    TIME_WAIT still counts as free.
    """
    with socket.socket() as sock:
        if os.name != "nt":  # on Windows SO_REUSEADDR would let us bind a port another program listens on
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, preferred))
            return preferred
        except OSError:
            pass
    from flet.utils import get_free_tcp_port

    return get_free_tcp_port()


def run_app(data_dir: Path, port: int = 0) -> int:
    """``scorekeeper``: a desktop window where possible, else the web view opened in the browser.

    The web view is served on ``port``, by default :data:`DEFAULT_PORT` (as ``serve``) or a free
    port if that one is taken (said on the terminal). Returns the exit code as :func:`serve`
    (0, or 2 when the store cannot be opened).
    """
    if desktop_available():
        try:
            store = open_app_store(data_dir)
        except StoreError as err:
            print(f"scorekeeper: {err.message}", file=sys.stderr)
            return 2
        ft.run(make_main(store, data_dir), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS))
        return 0
    if not port:
        port = port_to_use(DEFAULT_PORT)
        if port != DEFAULT_PORT:
            print(f"Scorekeeper: port {DEFAULT_PORT} is in use by another program; using port {port} instead",
                  flush=True)
    return serve(data_dir, "127.0.0.1", port, open_browser=True)
