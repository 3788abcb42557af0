"""Every user-facing string is translated: catalogs agree, and every key the code uses exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from scorekeeper.i18n import COUNTED, LANGUAGES, catalog
from scorekeeper.rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"
CODE = [
    ROOT / "explain.py",
    ROOT / "refusals.py",
    ROOT / "account.py",
    *sorted((ROOT / "app").rglob("*.py")),
    *sorted((ROOT / "cli").rglob("*.py")),
]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_.\-]+)["']""")
UI_CODE = re.compile(r"""\bProblem\(\s*["']([a-z0-9_]+)["']""")


def placeholders(entry: str | dict[str, str]) -> set[str]:
    """The parameters a catalog entry takes (a plural entry: those of its forms, which must agree)."""
    if isinstance(entry, dict):
        forms = [placeholders(text) for category, text in entry.items() if category != COUNTED]
        assert all(form == forms[0] for form in forms), f"plural forms take different parameters: {entry}"
        return forms[0]
    return {name for _, name, _, _ in string.Formatter().parse(entry) if name}


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in CODE:
        text = path.read_text(encoding="utf-8")
        keys.update(k for k in LITERAL_KEY.findall(text) if not k.endswith("."))  # "game." + name: below
        keys.update(f"error.{code}" for code in UI_CODE.findall(text))
    # keys built from data: game names, spot sides, turn reasons
    keys.update(f"game.{name}" for name in VARIANTS)
    keys.update(f"side.{side}" for side in ("low", "high", "line-a", "line-b", "branch-a", "branch-b"))
    keys.update(f"error.malformed.{what}" for layer in ("rules", "store") for what in malformed_reasons(layer))
    keys.add("error.os.other")
    return keys


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_key_in_every_language(lang):
    en, other = catalog("en"), catalog(lang)
    assert sorted(set(en) - set(other)) == [], f"missing in {lang}.json"
    assert sorted(set(other) - set(en)) == [], f"in {lang}.json but not in en.json"
    for key, template in en.items():
        assert placeholders(other[key]) == placeholders(template), f"{lang}:{key} placeholders differ"
        texts = other[key].values() if isinstance(other[key], dict) else [other[key]]
        assert all(text.strip() for text in texts), f"{lang}:{key} is empty"


def test_every_key_used_in_code_is_in_english():
    keys = used_keys()
    assert len(keys) > 60  # the scan finds the app's keys (guards against a broken regex)
    assert sorted(keys - set(catalog("en"))) == []


STORE_ERRORS = {
    "StoreError",
    "StoreBusy",
    "StoreClosed",
    "MatchNotFound",
    "MatchDamaged",
    "StaleView",
    "NothingToUndo",
    "AccessDenied",
}


def error_codes(folder: Path) -> dict[str, str]:
    """``{code: file}`` for every refusal or store error raised with a literal code under ``folder``:
    ``RuleViolation(rule, "code", …)``, ``StoreError(message, "code", …)`` and the app's
    ``Problem("code", …)`` (read from the syntax tree)."""
    codes = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            literal = len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value
            if (name == "RuleViolation" or name in STORE_ERRORS) and literal:
                codes[node.args[1].value] = path.name
            elif name == "Problem" and node.args and isinstance(node.args[0], ast.Constant):  # the app's own
                codes[node.args[0].value] = path.name
    return codes


@pytest.mark.parametrize("layer", ["rules", "store", "app", "server", "cli"])
def test_every_engine_and_store_error_code_has_words_in_every_language(layer):
    """A refusal or store error reaching a user is worded from ``error.<code>`` in the user's language,
    never the engine's or the store's English text."""
    codes = error_codes(ROOT / layer)
    assert len(codes) > {"rules": 40, "store": 3, "app": 5, "server": 2, "cli": 2}[layer]  # the scan finds them
    for lang in LANGUAGES:
        missing = sorted(f"{code} ({where})" for code, where in codes.items() if f"error.{code}" not in catalog(lang))
        assert missing == [], f"{lang}.json lacks error.* for these codes"


def malformed_reasons(layer: str) -> set[str]:
    """Every ``what`` a malformed-record refusal under ``scorekeeper/<layer>`` gives: the first
    argument of ``_malformed("what", …)`` and ``what="…"`` of ``RuleViolation(…, "malformed", …)``."""
    reasons = set()
    for path in sorted((ROOT / layer).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "_malformed" and node.args and isinstance(node.args[0], ast.Constant):
                reasons.add(node.args[0].value)
            elif (
                name == "RuleViolation" and len(node.args) >= 2 and getattr(node.args[1], "value", None) == "malformed"
            ):
                reasons.update(
                    k.value.value for k in node.keywords if k.arg == "what" and isinstance(k.value, ast.Constant)
                )
    return reasons


@pytest.mark.parametrize("layer", ["rules", "store"])
def test_every_malformed_record_reason_has_words_in_every_language(layer):
    """A damaged record is said from ``error.malformed.<what>``, with the same placeholders in each
    language (the engine's English detail is only a fallback for a refusal with no reason)."""
    reasons = malformed_reasons(layer)
    assert len(reasons) >= {"rules": 20, "store": 1}[layer]  # the scan finds them
    en = catalog("en")
    for what in sorted(reasons):
        key = f"error.malformed.{what}"
        assert key in en, key
        for lang in LANGUAGES:
            assert placeholders(catalog(lang)[key]) == placeholders(en[key]), f"{lang}:{key}"


def test_a_failed_write_has_words_for_common_causes_in_every_language():
    """``save_failed``'s ``reason`` is said from the errno name (``error.os.<NAME>``), else ``error.os.other``."""
    import errno

    keys = [key for key in catalog("en") if key.startswith("error.os.")]
    assert "error.os.other" in keys and "error.os.ENOSPC" in keys
    for key in keys:
        name = key.removeprefix("error.os.")
        assert name == "other" or name in errno.errorcode.values(), key
        for lang in LANGUAGES:
            assert placeholders(catalog(lang)[key]) == ({"code"} if name == "other" else set()), f"{lang}:{key}"


def test_translations_are_not_english_copies():
    """A real translation: the app's own sentences differ from the English ones."""
    en = catalog("en")
    for lang in ("uk", "ko"):
        other = catalog(lang)
        words = {key for key, text in en.items() if re.search(r"[A-Za-z]{2}", re.sub(r"\{[a-z_]+\}", "", str(text)))}
        same = [
            key
            for key in en
            if key.startswith(("ui.", "error.malformed", "error.os.")) and key in words and other[key] == en[key]
        ]
        assert same == [], f"{lang}: untranslated {same}"


def test_ukrainian_puts_a_name_only_where_it_stays_nominative():
    """Names cannot be declined by a template ("Хід Іра", "для Петро & Тарас": fresh tester's report), so a
    Ukrainian text never puts a name after a word that governs another case (for, at, whose move, hand…)."""
    governing = re.compile(
        r"(?:^|\s)(для|у|в|до|від|хід|Хід|рука|Рука|очок|обрав)\s+"
        r"\{(name|who|side|sides|previous)\}"
    )
    entries = catalog("uk")
    found = []
    for key, value in entries.items():
        texts = [v for c, v in value.items() if c != "_count"] if isinstance(value, dict) else [value]
        found += [f"{key}: {text}" for text in texts if governing.search(text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_house_rule_has_one_name_on_the_form_the_table_and_the_rules_screen(lang):
    from scorekeeper.rulebook import rule_text
    from scorekeeper.rules.house import OPTIONS, option_words_keys

    words = catalog(lang)
    first = {}
    for option in OPTIONS:
        first.setdefault(option.rule, option.name)
    assert first["R7"] == "target" and first["R13"] == "claims" and first["R14"] == "misplay"
    assert first["R15"] == "clock"
    for option in OPTIONS:
        # a rule's later options have names of their own: R7's "Target mode" beside "Target", R14's penalty
        # kind and amount beside "Misplay", R15's "When time is called" and "Lowered target" beside "Match clock"
        if first[option.rule] != option.name:
            assert option.name in ("target_mode", "misplay_kind", "misplay_amount", "clock_end", "clock_target")
            continue
        name_key, _ = option_words_keys(option)
        assert words[name_key] == rule_text(lang, option.rule).title, (option.rule, option.name)
