"""Acceptance: every shared case replays to its report; every bad case is refused
at the round, move and rule its .expected.json names (through the real CLI)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.rules import RuleViolation, build_report, load_document
from tests.conftest import CASES, SHARED_CASES

LEGAL = sorted(p for p in CASES.glob("*.json") if (CASES / (p.stem + ".report.json")).exists())
BAD = sorted(p for p in CASES.glob("bad-*.json") if not p.name.endswith(".expected.json"))


def test_cases_found():
    assert len(LEGAL) == 14
    assert len(BAD) == 11


@pytest.mark.skipif(not SHARED_CASES.exists(), reason="../shared/cases not beside this checkout")
def test_vendored_cases_match_shared():
    shared = {p.name: p.read_bytes() for p in SHARED_CASES.glob("*.json")}
    ours = {p.name: p.read_bytes() for p in CASES.glob("*.json")}
    assert ours == shared


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_legal_case_replays_to_its_report(path):
    expected = json.loads((CASES / (path.stem + ".report.json")).read_text())
    assert build_report(load_document(path.read_bytes())) == expected


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_legal_case_through_cli(path):
    expected = json.loads((CASES / (path.stem + ".report.json")).read_text())
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == expected


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_case_is_refused_where_expected(path):
    expected = json.loads((CASES / (path.stem + ".expected.json")).read_text())
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 2
    message = out.stdout + out.stderr
    assert len(message.strip().splitlines()) == 1
    assert out.stdout == ""
    if expected["round"] is not None:
        assert f"round {expected['round']}" in message
        where = "hands" if expected["move"] == "hands" else f"move {expected['move']}"
        assert where in message
        assert any(f"{rule}:" in message for rule in expected["rules"]), message
    with pytest.raises(RuleViolation) as caught:
        load_document(path.read_bytes())
    assert caught.value.round_no == expected["round"]
    assert caught.value.move_no == expected["move"]
    if expected["rules"]:
        assert caught.value.rule in expected["rules"]


def test_readable_account_adds_up_the_ends():
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(CASES / "hr-2p-seed-layout.json")],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 0
    text = out.stdout
    assert "Ann plays the drawn 4-4 at 1-4 (high end): 1-1: 2 + 4-4: 8 = 10 → +2 Ann (3)" in text
    assert "Domino for Bo: opponents Ann 42 → 40 → +8" in text
    assert "Scores: Ann 3, Bo 19" in text


def test_missing_file_is_a_clear_refusal(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 2
    assert "cannot read" in out.stderr and "Traceback" not in out.stderr
