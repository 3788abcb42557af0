"""Every user-facing string is translated: catalogs agree, and every key the code uses exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from scorekeeper.i18n import LANGUAGES, catalog
from scorekeeper.rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"
CODE = [ROOT / "explain.py", ROOT / "account.py", *sorted((ROOT / "app").glob("*.py"))]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_.\-]+)["']""")
UI_CODE = re.compile(r"""RuleViolation\(\s*["'][^"']*["'],\s*["']([a-z0-9_]+)["']""")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in CODE:
        text = path.read_text(encoding="utf-8")
        keys.update(k for k in LITERAL_KEY.findall(text) if not k.endswith("."))  # "game." + name: below
        keys.update(f"error.{code}" for code in UI_CODE.findall(text))
    # keys built from data: game names, spot sides, turn reasons
    keys.update(f"game.{name}" for name in VARIANTS)
    keys.update(f"side.{side}" for side in ("low", "high", "line-a", "line-b", "branch-a", "branch-b"))
    return keys


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_key_in_every_language(lang):
    en, other = catalog("en"), catalog(lang)
    assert sorted(set(en) - set(other)) == [], f"missing in {lang}.json"
    assert sorted(set(other) - set(en)) == [], f"in {lang}.json but not in en.json"
    for key, template in en.items():
        assert placeholders(other[key]) == placeholders(template), f"{lang}:{key} placeholders differ"
        assert other[key].strip(), f"{lang}:{key} is empty"


def test_every_key_used_in_code_is_in_english():
    keys = used_keys()
    assert len(keys) > 60  # the scan finds the app's keys (guards against a broken regex)
    assert sorted(keys - set(catalog("en"))) == []


def test_translations_are_not_english_copies():
    """A real translation: the app's own sentences differ from the English ones."""
    en = catalog("en")
    for lang in ("uk", "ko"):
        other = catalog(lang)
        words = {key for key, text in en.items() if re.search(r"[A-Za-z]{2}", re.sub(r"\{[a-z_]+\}", "", text))}
        same = [key for key in en if key.startswith("ui.") and key in words and other[key] == en[key]]
        assert same == [], f"{lang}: untranslated {same}"
