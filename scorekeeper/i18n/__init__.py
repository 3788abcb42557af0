"""Translations: English, Ukrainian and Korean catalogs for every user-facing string.

Catalogs are flat JSON files (``en.json``, ``uk.json``, ``ko.json``) mapping a
key to a ``str.format`` template. English is the reference: every key in it
must exist in the others (a test enforces this). Game and rule terms follow
the seeds (uk: плитка, дубль, запас…; ko: 타일, 더블타일, 스피너…).
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "uk", "ko")
LANGUAGE_NAMES = {"en": "English", "uk": "Українська", "ko": "한국어"}
_DIR = Path(__file__).parent


@cache
def catalog(lang: str) -> dict[str, str]:
    """The key → template catalog of ``lang`` (one of :data:`LANGUAGES`)."""
    with open(_DIR / f"{lang}.json", encoding="utf-8") as handle:
        return json.load(handle)


def translate(lang: str, key: str, /, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in.

    Falls back to English, then to the key itself, so a missing translation
    never breaks a screen (the catalog test catches it first). ``lang`` and
    ``key`` are positional-only: a parameter may itself be named ``key``
    (the ``hands_key`` refusal's seat key).
    """
    template = catalog(lang if lang in LANGUAGES else "en").get(key)
    if template is None:
        template = catalog("en").get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def system_language() -> str:
    """The user's language from the environment (LANG/LC_ALL…), if supported, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        code = value.split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else "en"


class Translator:
    """``t(key, **params)`` bound to one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, key: str, /, **params: object) -> str:
        return translate(self.lang, key, **params)
