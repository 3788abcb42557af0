"""Build the app's bundled font: a subset of Noto Sans CJK KR (SIL OFL 1.1).

Flet's bundled Roboto has no Hangul, so Korean would render as boxes in the
web view. This script cuts Debian's ``fonts-noto-cjk`` Korean face down to
what the app shows: Latin (with Latin-1 and Latin Extended-A for names),
Cyrillic, Hangul syllables and compatibility jamo, the punctuation and
arrows used, plus every character of the translation catalogs.

Run it only to rebuild the committed font (needs ``fonttools``, a dev-only tool):

    apt-get install fonts-noto-cjk && pip install fonttools
    python scripts/subset_font.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc")
KOREAN_FACE = 1  # index of "Noto Sans CJK KR" in Debian's collection
TARGET = ROOT / "scorekeeper" / "assets" / "fonts"
RANGES = [
    (0x0020, 0x007E),
    (0x00A0, 0x017F),  # Basic Latin, Latin-1, Latin Extended-A
    (0x0400, 0x04FF),  # Cyrillic
    (0x2010, 0x2027),
    (0x2030, 0x203A),  # dashes, quotes, ellipsis, bullets
    (0x2190, 0x2199),
    (0x2212, 0x2212),
    (0x00D7, 0x00D7),  # arrows, minus, times
    (0x25CB, 0x25CF),  # circles
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0xAC00, 0xD7A3),  # Hangul syllables
]


def catalog_chars() -> set[int]:
    chars: set[int] = set()
    for path in (ROOT / "scorekeeper" / "i18n").glob("*.json"):
        for text in json.loads(path.read_text(encoding="utf-8")).values():
            chars.update(ord(c) for c in text)
    return chars


def build(weight: str) -> Path:
    collection = TTCollection(str(SOURCE).format(weight=weight))
    font = collection.fonts[KOREAN_FACE]
    unicodes = set(catalog_chars())
    for low, high in RANGES:
        unicodes.update(range(low, high + 1))
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    TARGET.mkdir(parents=True, exist_ok=True)
    out = TARGET / f"NotoSansKR-Subset-{weight}.otf"
    font.save(str(out))
    return out


if __name__ == "__main__":
    for weight in sys.argv[1:] or ["Regular"]:
        path = build(weight)
        print(path.relative_to(ROOT), path.stat().st_size, "bytes")
