"""Every refusal the club can raise has words in en/uk/ko (issue 23 item 5).

The codes are read from the code itself (every ``…Error("code", …)`` call of ``scorekeeper/club/`` and every
``_violation("code", …)`` of the club store), so a new refusal without words fails here by name. Each
catalog entry may use only the values its refusal carries (a placeholder it lacks would print the English).
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.club import ClubError, PairingError
from scorekeeper.i18n import Translator, catalog
from scorekeeper.refusals import club_words, problem_words

PACKAGE = Path(scorekeeper.__file__).parent
WHERE = {"round", "table"}  # results.py spreads **where into every result refusal


def _engine_codes() -> dict[str, set[str]]:
    codes: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / "club").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id.endswith("Error")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                params = codes.setdefault(node.args[0].value, set())
                params.update(k.arg for k in node.keywords if k.arg)
                if any(k.arg is None for k in node.keywords):
                    params.update(WHERE)
    return codes


def _store_codes() -> set[str]:
    text = (PACKAGE / "store" / "club.py").read_text()
    return set(re.findall(r'_violation\(\s*"([a-z0-9_]+)"', text))


ENGINE = _engine_codes()


def test_the_scan_finds_the_refusals() -> None:
    # a scan that found nothing could not fail: the ones the docs list must be among them
    assert {"round_incomplete", "drop_worst", "event_id", "event_date", "event_twice", "season_size"} <= set(ENGINE)
    assert len(ENGINE) >= 35
    assert {"club_round_paired", "club_match_rules", "club_no_table"} <= _store_codes()


@pytest.mark.parametrize("lang", ["en", "uk", "ko"])
@pytest.mark.parametrize("code", sorted(ENGINE))
def test_every_engine_refusal_has_words(code: str, lang: str) -> None:
    key = f"club.error.{code}"
    words = catalog(lang).get(key)
    assert isinstance(words, str) and words, f"{key} has no words in {lang}"
    used = {name for _, name, _, _ in string.Formatter().parse(words) if name}
    assert used <= ENGINE[code], f"{key} ({lang}) uses {used - ENGINE[code]}, which the refusal does not carry"


@pytest.mark.parametrize("lang", ["en", "uk", "ko"])
@pytest.mark.parametrize("code", sorted(_store_codes()))
def test_every_store_refusal_has_words(code: str, lang: str) -> None:
    assert catalog(lang).get(f"error.{code}"), f"error.{code} has no words in {lang}"


def test_a_refusal_is_worded_with_its_values_in_each_language() -> None:
    err = PairingError("round_incomplete", "English", round=2, missing=[1, 3])
    assert problem_words(Translator("en"), err, sentence=True) == (
        "Round 2 is not complete: these tables have no result yet: 1, 3; wait for them (or enter a paper result), "
        "then pair the next round"
    )
    assert "1, 3" in club_words(Translator("uk"), err) and "раунд 2" in club_words(Translator("uk"), err)
    assert club_words(Translator("ko"), err).startswith("2라운드")


def test_an_unknown_code_falls_back_to_the_engine_text() -> None:
    assert club_words(Translator("uk"), ClubError("no_such_code", "the English text")) == "the English text"
