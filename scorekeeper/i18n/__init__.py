"""Translations: English, Ukrainian and Korean catalogs for every user-facing string.

Catalogs are flat JSON files (``en.json``, ``uk.json``, ``ko.json``) mapping a
key to a ``str.format`` template. English is the reference: every key in it
must exist in the others (a test enforces this). Game and rule terms follow
the seeds (uk: плитка, дубль, запас…; ko: 타일, 더블타일, 스피너…).

A message whose words depend on a number ("1 tile", "2 tiles"; uk "1
плитка", "2 плитки", "5 плиток") maps its key to an object of templates by
CLDR plural category (``one``, ``few``, ``many``, ``other``: the categories
of the language's rule, from Babel), chosen by the parameter named in
``"_count"`` (``count`` when absent)::

    "ui.hand_entry_none": {"one": "{name}: {count} tile to enter", "other": "{name}: {count} tiles to enter"}
"""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel import Locale

LANGUAGES = ("en", "uk", "ko")
LANGUAGE_NAMES = {"en": "English", "uk": "Українська", "ko": "한국어"}
_DIR = Path(__file__).parent


Entry = str | dict[str, str]  # a template, or templates by plural category (with "_count")
COUNTED = "_count"  # in a plural entry: the parameter whose number chooses the form (default "count")


@cache
def catalog(lang: str) -> dict[str, Entry]:
    """The key → entry catalog of ``lang`` (one of :data:`LANGUAGES`): a template, or templates by plural
    category."""
    with open(_DIR / f"{lang}.json", encoding="utf-8") as handle:
        data: dict[str, Entry] = json.load(handle)
    return data


@cache
def _plural_rule(lang: str) -> Callable[[float], str]:
    rule: Callable[[float], str] = Locale.parse(lang).plural_form
    return rule


def plural_category(lang: str, number: int) -> str:
    """The CLDR plural category of ``number`` in ``lang``: ``one``, ``few``, ``many`` or ``other``
    (uk: 1 → one, 2 → few, 5 → many, 21 → one; en: 1 → one, else other; ko: always other)."""
    return _plural_rule(lang)(abs(number))


def preload() -> None:
    """Read every catalog and make every language's plural rule now, not on the first text that needs them.

    Babel reads a language's data from disk and compiles its plural rule the first time one is asked for
    (about 100 ms a language on the shared machine): left to the first counted text, that landed on a
    player's tap (the first round's start, the first settlement). A server calls this once at start."""
    for lang in LANGUAGES:
        catalog(lang)
        _plural_rule(lang)


def plural_categories(lang: str) -> set[str]:
    """Every category a whole number can take in ``lang`` (``other`` included)."""
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def template(lang: str, key: str, /, **params: object) -> str:
    """The template ``key`` of ``lang`` for ``params`` (the plural form their count takes), unfilled.

    Falls back to English, then to the key itself.
    """
    entry = catalog(lang if lang in LANGUAGES else "en").get(key)
    if entry is None:
        lang, entry = "en", catalog("en").get(key, key)
    if isinstance(entry, str):
        return entry
    number = params.get(entry.get(COUNTED, "count"))
    category = plural_category(lang, number) if isinstance(number, int) else "other"
    return entry.get(category) or entry["other"]


def translate(lang: str, key: str, /, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in (in the plural form their count takes).

    Falls back to English, then to the key itself, so a missing translation
    never breaks a screen (the catalog test catches it first). ``lang`` and
    ``key`` are positional-only: a parameter may itself be named ``key``
    (the ``hands_key`` refusal's seat key).
    """
    text = template(lang, key, **params)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


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
