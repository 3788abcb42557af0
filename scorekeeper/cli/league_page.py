"""The hub's read-only standings page: ``league hub CONFIG --http PORT`` (docs/league.md).

A small HTTP server (the standard library's :class:`~http.server.ThreadingHTTPServer`, on a thread of
its own; loopback unless ``--http-host`` says otherwise) with two pages, each read afresh from the
hub's store at every request: ``/`` the league's season table and every venue's event standings as
HTML (names escaped, refreshed by the browser every :data:`REFRESH_SECONDS`: a projector on the wall),
``/standings.json`` the same as ``league standings --json``. Only ``GET`` and ``HEAD``; no request body
is read; anything else is 404 or 405. Nothing on it writes.
"""

from __future__ import annotations

import html
import json
import logging
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ..i18n import Translator

log = logging.getLogger(__name__)

REFRESH_SECONDS = 15
"""How often the page reloads itself, in seconds."""


def page_html(found: dict[str, Any], t: Translator, league: str) -> str:
    """The page's HTML of :func:`.league_standings.standings_of`'s data (every text escaped)."""
    e = html.escape
    head = t("ui.league_standings_head").split("  ")
    title = e(t("ui.league_page_title", league=league))
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td>{e(c)}</td>"
            for c in (
                ("=" if r["shared"] else "") + str(r["place"]),
                " & ".join(r["names"]),
                str(r["points"]),
                str(sum(1 for x in r["events"] if x["counted"])),
                "" if r["placed_by"] is None else t(f"ui.event_criterion.{r['placed_by']}"),
            )
        )
        + "</tr>"
        for r in found["season"]
    )
    table = (
        f"<table><tr>{''.join(f'<th>{e(h)}</th>' for h in head)}</tr>{rows}</table>"
        if found["season"]
        else f"<p>{e(t('ui.league_standings_empty'))}</p>"
    )
    events = "".join(
        f"<h2>{e(ev['name'])} — {e(ev['venue'])}, {e(ev['date'])}</h2><table>"
        + "".join(
            f"<tr><td>{'=' if r['shared'] else ''}{r['place']}</td><td>{e(' & '.join(r['names']))}</td>"
            f"<td>{r['points']}</td></tr>"
            for r in ev["standings"]
        )
        + "</table>"
        for ev in found["events"]
    )
    return (
        f'<!doctype html><html lang="{e(t.lang)}"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{REFRESH_SECONDS}"><title>{title}</title>'
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:.2em .8em;text-align:left}</style>"
        f"</head><body><h1>{title}</h1>{table}{events}</body></html>"
    )


def serve_page(
    read: Callable[[], dict[str, Any]], t: Translator, league: str, port: int, host: str = "127.0.0.1"
) -> Callable[[], None]:
    """Serve the page on ``host:port`` on a daemon thread; ``read()`` gives the standings' data at each
    request. Returns the function that stops it. ``OSError`` if the port cannot be had."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            path = self.path.split("?", 1)[0]
            if path not in ("/", "/standings.json"):
                self._send(404, "text/plain; charset=utf-8", b"not found\n")
                return
            try:
                found = read()
            except Exception as err:  # noqa: BLE001 - a page that cannot be read says so, the hub goes on
                log.warning("league page: %s", type(err).__name__)
                self._send(503, "text/plain; charset=utf-8", b"the standings cannot be read now\n")
                return
            if path == "/":
                self._send(200, "text/html; charset=utf-8", page_html(found, t, league).encode())
            else:
                self._send(200, "application/json", json.dumps(found, ensure_ascii=False).encode())

        def do_HEAD(self) -> None:  # noqa: N802
            self.do_GET()

        def do_POST(self) -> None:  # noqa: N802
            self._send(405, "text/plain; charset=utf-8", b"read-only\n")

        do_PUT = do_DELETE = do_PATCH = do_POST  # noqa: N815

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
            log.debug("league page: " + format, *args)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="league-page", daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(5)

    return stop


def start_page(store: Any, folder: Any, t: Translator, league: str, port: int, host: str) -> Callable[[], None]:
    """``league hub --http PORT``: the page over the hub's open store (``folder``: its owners and links);
    ``ServerProblem`` ``league_page_port`` if the port cannot be had."""
    from ..league.server import ServerProblem
    from .league_standings import standings_of

    try:
        return serve_page(lambda: standings_of(store, folder), t, league, port, host)
    except OSError:
        problem = ServerProblem("league_page_port", f"cannot listen on {host}:{port}")
        problem.params = {"port": port}
        raise problem from None
