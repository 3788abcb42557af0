"""Start the app: served on loopback for a browser (offline, no CDN), or in a desktop window.

The web server is Flet's ASGI app (``ft.run(..., export_asgi_app=True)``)
under uvicorn, so the host and port are ours and nothing opens a browser
unless asked. A desktop window is used only where the Flet desktop client is
installed and a display exists; everywhere else ``scorekeeper`` serves on
loopback and opens the default browser.
"""

from __future__ import annotations

import gc
import importlib.util
import logging
import os
import platform
import sys
import threading
import webbrowser
from pathlib import Path

import flet as ft

from ..store import StoreError
from .main import ASSETS, make_main
from .store_access import open_app_store

log = logging.getLogger(__name__)


def web_app(data_dir: Path, store=None):
    """The ASGI app serving Scorekeeper from ``data_dir`` (store opened once per process)."""
    store = store if store is not None else open_app_store(data_dir)
    return ft.run(make_main(store, data_dir), export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)


def serve(data_dir: Path, host: str = "127.0.0.1", port: int = 8550, open_browser: bool = False) -> int:
    """Serve until interrupted; print the address; optionally open it in the default browser."""
    import uvicorn

    try:
        store = open_app_store(data_dir)
    except StoreError as err:  # e.g. another Scorekeeper has this data folder open
        print(f"scorekeeper: {err.message}", file=sys.stderr)
        return 2
    app = web_app(data_dir, store)
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown_host}:{port}/"
    print(f"Scorekeeper: {url}  (data: {data_dir})", flush=True)
    if open_browser:
        threading.Timer(1.5, webbrowser.open, [url]).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio")
    # what is loaded by now (Flet, the engine, the store) lives as long as the process: keep it out of
    # the collector's full passes, which otherwise stall a tap now and then for tens of ms
    gc.freeze()
    uvicorn.Server(config).run()
    return 0


def desktop_available() -> bool:
    """True when the Flet desktop client package is installed and there is a display to show it on."""
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return not (platform.system() == "Linux" and headless)


def run_app(data_dir: Path, port: int = 0) -> int:
    """``scorekeeper``: a desktop window where possible, else the web view opened in the browser."""
    if desktop_available():
        try:
            store = open_app_store(data_dir)
        except StoreError as err:
            print(f"scorekeeper: {err.message}", file=sys.stderr)
            return 2
        ft.run(make_main(store, data_dir), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS))
        return 0
    if not port:
        from flet.utils import get_free_tcp_port

        port = get_free_tcp_port()
    return serve(data_dir, "127.0.0.1", port, open_browser=True)
