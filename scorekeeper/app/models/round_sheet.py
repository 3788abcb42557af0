"""The join codes of a whole round on one printable page (issue 23 item 3): for each table its number, its
players, and the scorer's and viewer's QR codes of its match (the Phones screen's per-match codes, from the
table's :class:`~scorekeeper.server.admission.Admission`).

Only where keys are in use (``scorekeeper serve --lan``) and only for a host's tab: elsewhere there are no
codes (:func:`admission_of` is ``None``) and the Round screen says how to get them. The page is
self-contained HTML (inline SVG codes, no script, no request elsewhere), laid out for A4/Letter: a grid of
cards that a page break never cuts; the host's tab offers it as a download to open and print.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Protocol

from ...i18n import Translator
from ...server import qr
from ...server.admission import Access, Admission
from ...server.roles import Role

if TYPE_CHECKING:
    from ...store.club import EventState


class SheetTable(Protocol):
    """What the sheet needs of a table (a :class:`~.round.TableLine`): its number, sides' words, match."""

    @property
    def number(self) -> int: ...
    @property
    def sides(self) -> tuple[str, ...]: ...
    @property
    def match_id(self) -> str: ...


STYLE = (
    "@page{size:auto;margin:10mm}body{font-family:system-ui,sans-serif;margin:0;padding:8mm;color:#111}"
    "h1{font-size:16pt;margin:0 0 2mm}p{margin:0 0 4mm;font-size:10pt}"
    ".grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(88mm,1fr));gap:4mm}"
    ".card{border:1px solid #888;border-radius:3mm;padding:3mm;break-inside:avoid;page-break-inside:avoid}"
    ".card h2{font-size:14pt;margin:0 0 1mm}.who{font-size:11pt;margin:0 0 2mm}"
    ".codes{display:flex;gap:3mm}.code{flex:1;text-align:center;font-size:9pt}"
    ".url{word-break:break-all;font-size:7pt;color:#333}"  # each code at its own size (no viewBox to scale)
)


def admission_of(access: Access) -> Admission | None:
    """The table's admission when ``access`` is a host's and keys are in use (``serve --lan``), else ``None``."""
    admission = access.admission
    if access.role is not Role.HOST or admission is None or not admission.key_required or access.revoked:
        return None
    return admission


def sheet_html(
    t: Translator, state: EventState, round_no: int, lines: Sequence[SheetTable], admission: Admission
) -> str:
    """One page: the event's name and date, round ``round_no``, and a card per table of ``lines`` with its
    players and its match's scorer and viewer codes (each QR code with its address under it)."""
    cards = []
    for line in lines:
        codes = []
        for link in admission.links(line.match_id):
            url = admission.url(link)
            role = t("ui.join_scorer" if link.role is Role.SCORER else "ui.join_viewer")
            codes.append(
                f'<div class="code">{qr.svg(url, scale=4)}<div><b>{escape(role)}</b></div>'
                f'<div class="url">{escape(url)}</div></div>'
            )
        who = escape(t("ui.club.versus").join(line.sides))
        cards.append(
            f'<div class="card"><h2>{escape(t("ui.club.table_n", table=line.number))}</h2>'
            f'<div class="who">{who}</div><div class="codes">{"".join(codes)}</div></div>'
        )
    title = t("ui.club.sheet_title", event=state.setup.name, round=round_no)
    return (
        f'<!doctype html><html lang="{escape(t.lang)}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1><p>{escape(state.setup.day.isoformat())} · {escape(t('ui.club.sheet_help'))}</p>"
        f'<div class="grid">{"".join(cards)}</div></body></html>'
    )
