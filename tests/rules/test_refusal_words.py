"""One wording per refusal: the engine's refusals carry a code and values, every sentence is the catalogs'.

``scorekeeper replay --lang uk|ko`` words every refusal of the acceptance cases in that language (nothing in
Latin script is left but names, tile and spot notation, the record's own field names and rule ids), English
is the same catalog the app uses (``str()`` of a refusal reads it too), and the engine itself holds no
English sentence.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.i18n import LANGUAGES, Translator, catalog
from scorekeeper.refusals import refused_line
from scorekeeper.rules import RuleViolation, load_document

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted(
    p
    for folder in ("cases", "house_cases")
    for p in (ROOT / "tests" / folder).glob("bad-*.json")
    if not p.name.endswith(".expected.json")
)

NOTATION = re.compile(
    r'"[^"]*"'  # the record's own syntax, quoted as the file has it ("player", "1-4")
    r"|\b[A-Z]{1,2}\d{1,2}\b"  # rule ids: S8, H4, R10, E2
    r"|\b(?:[A-Z])\b"  # a line or branch letter (лінія B)
    r"|\bJSON\b"
)


def refusal_of(path: Path) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        load_document(path.read_bytes())
    return caught.value


def test_the_cases_are_found():
    assert len(BAD) >= 15 and any("house_cases" in str(p) for p in BAD)


@pytest.mark.parametrize("lang", ["uk", "ko"])
@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_replay_words_every_refusal_of_the_cases_in_the_language(path, lang, capsys):
    assert main(["replay", str(path), "--lang", lang]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.strip() == refused_line(Translator(lang), refusal_of(path))  # the app's words, and the CLI's
    text = err.strip()
    try:
        players = json.loads(path.read_text(encoding="utf-8"))["players"]
    except ValueError:  # the case that is not JSON at all
        players = []
    for name in players:
        text = text.replace(name, "")
    latin = re.findall(r"[A-Za-z]{2,}", NOTATION.sub("", text))
    assert latin == [], err
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    rules = [rule for rule in expected["rules"] if rule in err]
    assert rules or not expected["rules"], err  # the rule id stays as written in every language


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_the_english_line_is_the_catalog_the_app_uses(path, capsys):
    """``--lang en`` (the default) prints the English catalog's words, which are also ``str()`` of the refusal."""
    err = refusal_of(path)
    main(["replay", str(path)])
    printed = capsys.readouterr().err.strip()
    assert printed == refused_line(Translator("en"), err)
    assert err.rule in printed and err.message.split(": ")[-1] in printed  # str(): the same catalog's words
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    if expected["round"] is not None:
        assert f"round {expected['round']}" in printed
        assert (f"move {expected['move']}" if expected["move"] != "hands" else "hands") in printed


def test_the_pass_with_stock_refusal_is_one_wording():
    """The issue's example: the CLI said "…Ann must draw until a tile fits" where the app said "…Ann must draw"."""
    err = refusal_of(ROOT / "tests" / "cases" / "bad-pass-with-stock.json")
    words = {lang: refused_line(Translator(lang), err) for lang in LANGUAGES}
    assert words == {
        "en": "refused: round 1, move 3: S8: pass while the stock has 14 tiles: Ann must draw until a tile fits",
        "uk": "відхилено: раунд 1, хід 3: S8: пропуск, коли в запасі ще 14 плиток: Ann має добирати, доки плитка "
        "не підійде",
        "ko": "거부됨: 1라운드 3번째 수: S8: 더미에 14개가 남았는데 차례 넘김: Ann은(는) 맞는 타일이 나올 때까지 "
        "뽑아야 합니다",
    }
    assert str(err) == "round 1, move 3: S8: pass while the stock has 14 tiles: Ann must draw until a tile fits"


def test_a_refusal_takes_no_text():
    with pytest.raises(TypeError):
        RuleViolation("S8", "pass_with_stock", "some English")  # type: ignore[misc]
    err = RuleViolation("S8", "pass_with_stock", stock=1, name="Bo")
    assert str(err) == "S8: pass while the stock has 1 tile: Bo must draw until a tile fits"


def _engine_calls() -> list[ast.Call]:
    calls = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("RuleViolation", "Clause"):
                calls.append(node)
    return calls


def test_no_refusal_is_raised_with_english_text():
    calls = [c for c in _engine_calls() if getattr(c.func, "id", None) == "RuleViolation"]
    assert len(calls) > 80
    assert [ast.unparse(c) for c in calls if any(k.arg == "text" for k in c.keywords)] == []


def test_every_clause_has_words_in_every_language():
    """A :class:`~scorekeeper.rules.errors.Clause` value is worded from ``error.clause.<name>``."""
    names = set()
    for call in _engine_calls():
        if getattr(call.func, "id", "") != "Clause":
            continue
        arg = call.args[0]
        for value in [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]:  # Clause("a" if … else "b")
            assert isinstance(value, ast.Constant), ast.unparse(call)
            names.add(value.value)
    assert {"after_double", "must_pass", "played_later", "odd_block"} <= names
    for lang in LANGUAGES:
        assert sorted(name for name in names if f"error.clause.{name}" not in catalog(lang)) == [], lang
