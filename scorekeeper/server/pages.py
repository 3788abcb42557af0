"""The two small pages the guard answers itself: the 403 page and the join page that sets the cookie.

Both are in the browser's language (``Accept-Language``: en, uk or ko; English otherwise), self-contained
(no script or style from elsewhere), never cached, and sent with ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import json
from html import escape

from ..i18n import LANGUAGES, translate

#: why a request was refused, and the catalog key of the sentence under the heading
NO_KEY, EXPIRED, WRONG_ADDRESS, DISCONNECTED = "key", "expired", "address", "disconnected"
REASONS = {
    NO_KEY: "server.forbidden_key",
    EXPIRED: "server.forbidden_expired",
    WRONG_ADDRESS: "server.forbidden_address",
    DISCONNECTED: "server.forbidden_disconnected",
}

STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.2rem;max-width:32rem;"
    "line-height:1.45;color:#1b1b1b}h1{font-size:1.35rem;margin:0 0 .8rem}"
)
HEADERS = [
    (b"content-type", b"text/html; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


def language(accept_language: str | None) -> str:
    """The first of en/uk/ko named in an ``Accept-Language`` header (by quality, then order), else ``"en"``."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else "en"


def _page(lang: str, title: str, body: str, head: str = "") -> bytes:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">{head}'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1><p>{escape(body)}</p></body></html>"
    ).encode()


def forbidden(reason: str, accept_language: str | None) -> bytes:
    """The 403 page: "Ask the host for the table's QR code" and why (``reason``: NO_KEY, EXPIRED, WRONG_ADDRESS,
    DISCONNECTED)."""
    lang = language(accept_language)
    return _page(lang, translate(lang, "server.forbidden_title"), translate(lang, REASONS[reason]))


def joining(clean_url: str, accept_language: str | None) -> bytes:
    """The page answering a join link: it sends the browser on to ``clean_url`` (the same address without the
    key) at once. A page rather than an HTTP redirect, so that the SameSite=Strict cookie it sets is sent
    even when the link was opened from another site (a redirect would count as that site's navigation)."""
    lang = language(accept_language)
    target = escape(clean_url, quote=True)
    script_target = json.dumps(clean_url).replace("<", "\\u003c")  # no "</script>" can end the script early
    head = f'<meta http-equiv="refresh" content="0;url={target}"><script>location.replace({script_target})</script>'
    text = translate(lang, "server.joining")
    return _page(lang, text, "", head)
