"""QR codes of join links, drawn by segno: for the terminal, and as SVG or PNG for the app's page.

Error correction level M (15% of the code may be dirty or covered); a 4-module quiet zone for images
(phones read it more reliably), 2 in the terminal to save lines.
"""

from __future__ import annotations

import io
from typing import TextIO

import segno


def make(url: str) -> segno.QRCode:
    """The QR code of ``url`` (error correction M, never a Micro QR, which phones' cameras do not read)."""
    return segno.make(url, error="m", micro=False)


def terminal(url: str, out: TextIO) -> None:
    """Write ``url``'s QR code to ``out`` in block characters, two rows of modules per line."""
    make(url).terminal(out=out, compact=True, border=2)


def svg(url: str, scale: int = 6) -> str:
    """``url``'s QR code as an SVG document (``scale``: px per module), dark on white."""
    buffer = io.BytesIO()
    make(url).save(buffer, kind="svg", scale=scale, border=4, xmldecl=False, light="#fff")
    return buffer.getvalue().decode("utf-8")


def png(url: str, scale: int = 8) -> bytes:
    """``url``'s QR code as PNG bytes (``scale``: px per module)."""
    buffer = io.BytesIO()
    make(url).save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


def png_data_url(url: str, scale: int = 8) -> str:
    """``url``'s QR code as a ``data:image/png;base64,…`` URL."""
    return make(url).png_data_uri(scale=scale, border=4)
