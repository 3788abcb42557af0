"""What the served page says about itself: its web manifest and its ``index.html``.

flet-web serves ``index.html``, ``manifest.json``, ``favicon.png`` and ``icons/*`` from
the app's assets folder when they are there, else its own (Flet's name, logo and
pink); ``ft.run`` passes it no app name. These functions give the two text files
(``scripts/make_app_icons.py`` writes them, with the icons, into :data:`ASSETS`), so
"Add to Home screen" makes a Scorekeeper icon in felt green. The app never calls
them at run time.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..app.main import ASSETS
from ..app.parts.widgets import FELT
from ..i18n import LANGUAGES, translate

__all__ = ["APP_NAME", "ASSETS", "DESCRIPTION", "ICONS", "THEME_COLOUR", "index_html", "manifest"]

APP_NAME = "Scorekeeper"
DESCRIPTION = "Table-side score keeper and referee for Fives dominoes: Horse Race and Exact 61 Five Up"
THEME_COLOUR = FELT  # the browser's bar and an installed app's launch screen: the table's felt
#: ``(src, sizes, purpose)`` of the manifest's icons (files under :data:`ASSETS`)
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon.svg", "any", "any"),
    ("icons/icon-maskable-192.png", "192x192", "maskable"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
)


def manifest() -> dict:
    """The web app manifest (``manifest.json``): name, icons in the sizes browsers ask for, colours."""
    types = {".png": "image/png", ".svg": "image/svg+xml"}
    return {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": DESCRIPTION,
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "prefer_related_applications": False,
        "icons": [
            {"src": src, "sizes": sizes, "type": types[Path(src).suffix], "purpose": purpose}
            for src, sizes, purpose in ICONS
        ],
    }


#: the reconnecting banner's words (``assets/reconnecting.js``) and their catalog keys
RECONNECT_WORDS = {
    "reconnecting": "ui.reconnecting",
    "kept": "ui.reconnecting_kept",
    "revoked": "ui.no_longer_joined",
    "rejoin": "ui.disconnected_rejoin",
}


def reconnect_script() -> str:
    """The ``<script>`` tags of the reconnecting banner: its words in every language (the page has them
    before the connection is lost: nothing can be fetched then), and ``reconnecting.js``."""
    words = {lang: {name: translate(lang, key) for name, key in RECONNECT_WORDS.items()} for lang in LANGUAGES}
    data = json.dumps(words, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")  # no "</script>" inside
    return f'<script>var scorekeeperWords = {data};</script>\n  <script src="reconnecting.js"></script>'


# (flet-web's text, ours): each must occur exactly once in flet-web's index.html
INDEX_EDITS = (
    (
        '<meta name="description" content="Flet application.">',
        f'<meta name="description" content="{DESCRIPTION}.">\n  <meta name="theme-color" content="{THEME_COLOUR}">',
    ),
    (
        '<meta name="apple-mobile-web-app-title" content="Flet">',
        f'<meta name="apple-mobile-web-app-title" content="{APP_NAME}">',
    ),
    ("<title>Flet</title>", f"<title>{APP_NAME}</title>"),
    ("background: #ffffff;", f"background: {THEME_COLOUR};"),  # the loading screen, as the phone's splash
    ("background: #222222;", f"background: {THEME_COLOUR};"),  # ... in dark mode too
    # before Flet's scripts: the banner watches the websocket the client opens (Flet's own says "Working...")
    ('<script src="python.js"></script>', f'{reconnect_script()}\n  <script src="python.js"></script>'),
)


def index_html(source: str | None = None) -> str:
    """flet-web's ``index.html`` with our name, description, theme colour, loading background and the
    reconnecting banner (:func:`reconnect_script`).

    ``source``: the page to edit (default: the installed flet-web's). Raises ``ValueError``
    naming the text not found when flet-web's page has changed (then update :data:`INDEX_EDITS`).
    """
    if source is None:
        from flet_web import get_package_web_dir  # type: ignore[import-untyped]

        source = (Path(get_package_web_dir()) / "index.html").read_text(encoding="utf-8")
    for theirs, ours in INDEX_EDITS:
        if source.count(theirs) != 1:
            raise ValueError(f"flet-web's index.html no longer has {theirs!r} once: update INDEX_EDITS")
        source = source.replace(theirs, ours)
    return source
