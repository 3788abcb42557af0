"""How wide a line of text is drawn in the app's font, to choose a size that fits a slot (pure: no Flet).

The server lays nothing out, so a text that must stay in a slot of fixed
height (a title on one line, the turn line on two) gets its size from an
estimate of its width: the advance widths of the shipped font (Noto Sans CJK
KR, ``assets/fonts``; read once with fontTools) for ASCII, class averages for
the rest (Cyrillic, Hangul), and a margin for what the estimate misses (bold
is synthesised, kerning, where a line wraps). A text too long even at the
smallest size is cut with an ellipsis by the slot.
"""

from __future__ import annotations

#: advance widths of chr(32) … chr(126) in 1/1000 em (Noto Sans CJK KR Regular)
ASCII = (
    224,
    323,
    474,
    555,
    555,
    921,
    680,
    278,
    338,
    338,
    467,
    555,
    278,
    347,
    278,
    392,
    555,
    555,
    555,
    555,
    555,
    555,
    555,
    555,
    555,
    555,
    278,
    278,
    555,
    555,
    555,
    474,
    946,
    608,
    657,
    638,
    688,
    589,
    552,
    689,
    728,
    293,
    535,
    646,
    543,
    812,
    723,
    742,
    633,
    742,
    635,
    596,
    599,
    721,
    575,
    878,
    573,
    531,
    603,
    338,
    392,
    338,
    555,
    559,
    606,
    563,
    618,
    510,
    620,
    554,
    325,
    564,
    607,
    275,
    275,
    552,
    284,
    926,
    610,
    606,
    620,
    620,
    388,
    468,
    377,
    607,
    521,
    802,
    498,
    521,
    475,
    338,
    270,
    338,
    555,
)
CYRILLIC_LOWER, CYRILLIC_UPPER = 620, 716  # averages of а…я and А…Я
HANGUL = 920  # every syllable and jamo: one square
WIDE = 1000  # arrows, ×, …, and what else is not known
NARROW = {
    "’": 278,
    "‘": 278,
    "·": 561,
    "—": 894,
    "–": 536,
    "−": 555,
    "«": 479,
    "»": 479,
    "\u00a0": 224,
    "\u2060": 0,
    "\u200b": 0,
}
BOLD = 1.03  # synthesised bold draws wider strokes (186 px measured for 181.8 px of Regular advances)
MARGIN = 1.04  # what the estimate misses


def em_width(text: str, bold: bool = False) -> float:
    """The estimated width of ``text`` on one line, in em (multiply by the font size for pixels)."""
    total = 0
    for char in text:
        code = ord(char)
        if 32 <= code < 127:
            total += ASCII[code - 32]
        elif char in NARROW:
            total += NARROW[char]
        elif 0x0400 <= code <= 0x04FF:
            total += CYRILLIC_UPPER if char.isupper() else CYRILLIC_LOWER
        elif 0xAC00 <= code <= 0xD7A3 or 0x3130 <= code <= 0x318F:
            total += HANGUL
        elif 0x00A0 <= code <= 0x017F:  # Latin-1 and Latin Extended-A: as their base letters
            total += 650 if char.isupper() else 560
        else:
            total += WIDE
    return total / 1000 * (BOLD if bold else 1) * MARGIN


def fits(text: str, width: float, size: float, lines: int = 1, bold: bool = False) -> bool:
    """Whether ``text`` at ``size`` px takes at most ``lines`` lines ``width`` px wide. Over several lines a
    wrapped line loses the rest of its last word: each line after the first is counted a fifth shorter."""
    return lines > 0 and em_width(text, bold) * size <= width * (1 + (lines - 1) * 0.8)


def fit_size(text: str, width: float, largest: float, smallest: float, lines: int = 1, bold: bool = False) -> float:
    """The largest font size (px, whole numbers from ``largest`` down to ``smallest``) at which ``text`` fits
    ``lines`` lines ``width`` px wide (:func:`fits`); ``smallest`` when none does (the slot then cuts it)."""
    size = largest
    while size > smallest and not fits(text, width, size, lines, bold):
        size -= 1
    return max(size, smallest)


WORD_JOINER = "\u2060"


def _hangul(char: str) -> bool:
    return 0xAC00 <= ord(char) <= 0xD7A3 or 0x3130 <= ord(char) <= 0x318F


def keep_words(text: str) -> str:
    """``text`` with a WORD JOINER (U+2060, invisible, no width) between every two characters of a word that
    has Hangul in it, so Flutter breaks Korean lines only at spaces.

    Flutter's web text layout breaks lines as Unicode's line-breaking rules say (UAX #14): between any two
    Hangul syllables, as between ideographs, and between a name and its particle ("Ann|의"); it has no
    ``word-break: keep-all``. A joiner forbids the break on both its sides (checked in Chromium: "놓을 것이",
    "Ann의" kept whole, no box drawn for the joiner). Text with no Hangul is returned as it is.
    """
    if not any(_hangul(char) for char in text):
        return text
    out: list[str] = []
    previous = ""
    for char in text:
        if previous and not previous.isspace() and not char.isspace() and (_hangul(previous) or _hangul(char)):
            out.append(WORD_JOINER)
        out.append(char)
        previous = char
    return "".join(out)
