"""Start the app: served on loopback for a browser (offline, no CDN), or in a desktop window.

The web server is Flet's ASGI app (``ft.run(..., export_asgi_app=True)``)
under uvicorn, so the host and port are ours and nothing opens a browser
unless asked. A desktop window is used only where the Flet desktop client is
installed and a display exists; everywhere else ``scorekeeper`` serves on
loopback (port 8550, like ``scorekeeper serve``, so a tab left open
reconnects after a restart) and opens the default browser.

Stopping: Ctrl+C (SIGINT) and SIGTERM both stop the server gracefully and
close the store (the index brought up to date, the clean-close mark written);
connections get :data:`SHUTDOWN_SECONDS` to finish, then are cut, so a
browser that connected and never spoke cannot keep the server up.
"""

from __future__ import annotations

import gc
import importlib.util
import logging
import os
import platform
import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

import flet as ft

from .. import i18n
from ..app.main import ASSETS, CHANGED, make_main
from ..app.store_access import open_app_store
from ..server import redact, terminal
from ..server.exposure import exposure
from ..server.guard import Guard
from ..server.relay import Relay, Spread
from ..server.writer import Writer
from ..store import StoreError
from . import flet_fixes
from .quiet import install_log_filters, quiet_when_cut
from .viewer_process import Tellers, ViewerProcess, scorer_processes

log = logging.getLogger(__name__)

DEFAULT_PORT = 8550  # ``scorekeeper`` and ``scorekeeper serve``: the same address after every restart
SHUTDOWN_SECONDS = 3  # how long open connections may take to close once the server is told to stop
# The collector's thresholds while serving (Python's are 700, 10, 10). Each tap renders a tab's screen
# anew: tens of thousands of short-lived objects, on the one thread that serves every tab. With the
# defaults (and the start-up freeze), a club night of 20 tables had a full pass (every tab's controls
# walked) every 4-5 s, each stalling every table for tens of ms (42 in 192 s, 367 ms median on the
# shared machine); with a young generation of 20,000 one full pass was left in 179 s, the younger passes
# stay short (median 0.3 and 2.9 ms) and the collector's time fell from 27 s to 10 s. Since each update
# leaves no cycle behind (screens/table.py's size handlers, flet_fixes.unlinked_diff_nodes) every pass of
# a 20-table night takes under 5 ms and the full one stays at start-up. Figures: docs/server.md ("A club
# night", "The evening's runs").
GC_THRESHOLDS = (20_000, 20, 20)


def tune_collector() -> None:
    """Once the app is loaded, before serving (the server and its viewer process): what is loaded by now
    (Flet, the engine, the store) lives as long as the process, so it is kept out of the collector's full
    passes, which otherwise stall a tap now and then for tens of ms; and :data:`GC_THRESHOLDS`. The catalogs
    and plural rules are loaded first (:func:`~scorekeeper.i18n.preload`): kept out too, and not read on a tap."""
    i18n.preload()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def web_app(
    data_dir: Path,
    store=None,
    admission=None,
    viewers: ViewerProcess | None = None,
    scorers: list[ViewerProcess] | None = None,
):
    """The ASGI app serving Scorekeeper from ``data_dir`` (store opened once per process), behind the
    guard of ``admission`` (:mod:`scorekeeper.server`: Host/Origin checks, keys, roles) when given; with
    ``viewers`` (a started :class:`ViewerProcess`), viewers' tabs are relayed to it and it is told of
    every change; with ``scorers`` (the scorer processes), scorers' tabs likewise (each device always to
    the same one, :class:`~scorekeeper.server.relay.Spread`), and their writes are applied here, one
    :class:`~scorekeeper.server.writer.Writer` per scorer process (listening once this returns; stopped
    with its process)."""
    store = store if store is not None else open_app_store(data_dir)
    flet_fixes.quiet_send_message()  # no debug line formatted for every message sent when none is written
    scorers = scorers or []
    tellers = Tellers(viewers, *scorers) if viewers is not None or scorers else None
    tab_main = make_main(store, data_dir, tell_viewers=tellers)
    hubs: list[Any] = []  # Flet's pubsub of this app, known once a tab opened

    async def server_main(page: ft.Page) -> None:
        if not hubs:
            hubs.append(page.session.connection.pubsubhub)
        await tab_main(page)

    app = ft.run(server_main, export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)
    if admission is None:
        return app
    relays = []
    for process in scorers:
        if process.writer_path is None:
            continue
        # a scorer process's write: every other tab follows (its own tabs are told by the tab that wrote)
        others = Tellers(viewers, *(other for other in scorers if other is not process))

        def announce(match_id: str, version: int, others: Tellers = others) -> None:
            others.changed(match_id, version)
            if hubs:
                hubs[0].send_all_on_topic(CHANGED, (match_id, version))

        writer = Writer(store, admission, process.writer_path, announce)
        try:
            writer.start()
        except OSError as err:
            log.warning("the writer could not listen (%s): its scorers are drawn by the server itself", err)
            continue
        process.writer = writer
        relays.append(Relay(process.path, app, process.alive))
    relay = Relay(viewers.path, app, viewers.alive) if viewers is not None else None
    return Guard(app, admission, relay, Spread(relays) if relays else None)


def serve(
    data_dir: Path,
    host: str | None = "127.0.0.1",
    port: int = DEFAULT_PORT,
    open_browser: bool = False,
    lan: bool = False,
    league: Any = None,
) -> int:
    """Serve until interrupted; print the address (or, beyond loopback, the join links and QR codes);
    optionally open it in the default browser (loopback only: a join link would show its key in ``ps``).

    ``host`` ``None``: 0.0.0.0 with ``lan``, else 127.0.0.1; a key is required with ``lan`` or any
    non-loopback ``host`` (:func:`scorekeeper.server.exposure.exposure`). Returns the exit code: 0 after
    serving, 2 when the store cannot be opened (the data folder cannot be created, another Scorekeeper
    has it open…: one line on stderr, no traceback).

    ``league``: ``serve --league``'s hook, called with the open store; it starts the venue's league
    link beside the server and returns the function that stops it (or ``None``: no link).
    """
    import uvicorn

    from ..server import http_limits  # uvicorn's: not on a phone

    try:
        store = open_app_store(data_dir)
    except StoreError as err:  # e.g. the data folder cannot be created
        print(f"scorekeeper: {err.message}", file=sys.stderr)
        return 2
    for problem in store.problems:  # damage found and set aside while opening: said once, here and in the app
        print(f"scorekeeper: warning: {problem}", file=sys.stderr)
    if store.read_only is not None:
        print(f"scorekeeper: {store.read_only.message}: matches can be looked at, not changed", file=sys.stderr)
    plan = exposure(host, port, lan)
    admission = plan.admission()
    # viewer phones only come with keys; a folder read only has no changes for them to follow
    viewers = ViewerProcess.start(data_dir) if plan.key_required and store.writable else None
    # scorer phones too come with keys only; their writes come back here (one writer)
    scorers = [
        process
        for _ in range(scorer_processes() if plan.key_required and store.writable else 0)
        if (process := ViewerProcess.start(data_dir, scorers=True)) is not None
    ]
    app = quiet_when_cut(web_app(data_dir, store, admission, viewers, scorers))
    unredact = redact.install(lambda: admission.secrets_seen)  # no key in any log line, whatever logs it
    terminal.banner(plan, admission, data_dir, sys.stdout)
    terminal.print_renewals(admission, sys.stdout)  # the table's new codes, renewed from the app or by SIGHUP
    unhook = terminal.renew_on_hangup(admission, sys.stdout)
    if open_browser and not plan.key_required:
        threading.Timer(1.5, webbrowser.open, [f"http://{plan.bind}:{port}/"]).start()
    config = http_limits.config(
        app,
        host=plan.bind,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        access_log=False,  # the access log prints query strings: join links carry keys
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )  # h11, headers bounded (431, 10 s)
    install_log_filters()
    stop_league = league(store) if league is not None and store.writable else None
    tune_collector()
    with _signals_exit():
        try:
            for process in (viewers, *scorers):
                if process is not None:
                    process.wait_ready()  # started above, while this process built its app
            uvicorn.Server(config).run()
        finally:
            for process in (viewers, *scorers):
                if process is not None:
                    process.stop()
            if stop_league is not None:
                stop_league()
            unhook()
            unredact()
            store.close()  # as at exit, but before any thread the server leaves behind can delay it
    return 0


class _signals_exit:
    """While serving, SIGTERM and SIGINT end the process with 143 and 130: uvicorn stops gracefully on
    either (its own handler), then restores the handler it found and raises the signal again once
    stopped; the handler here makes that a ``SystemExit(128 + signal)`` (clean-up runs, the store is
    closed) instead of SIGTERM's instant death, and whatever SIGINT's inherited disposition (a server
    started in the background by a script inherits SIGINT ignored: uvicorn still stopped on it, and the
    raise it restored was then ignored, so the exit code was 0)."""

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __enter__(self) -> None:
        self._previous: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            self._previous = {sig: signal.signal(sig, _exit_on_signal) for sig in self.SIGNALS}

    def __exit__(self, *exc: object) -> None:
        for sig, previous in self._previous.items():
            if previous is not None:  # None: a handler not set from Python, which cannot be set back
                signal.signal(sig, previous)


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


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
            print(
                f"Scorekeeper: port {DEFAULT_PORT} is in use by another program; using port {port} instead", flush=True
            )
    return serve(data_dir, "127.0.0.1", port, open_browser=True)
