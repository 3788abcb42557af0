"""R14 house cases (tests/house_cases/README.md): the S8 proof cases replayed under ``misplay: penalty``
(the round stands, the penalty applied once to the right side and explained) and under ``refuse``
(refused exactly as before), through ``scorekeeper replay`` (text, ``--json``, ``--lang``, ``--house-rules``)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import CASES
from tests.rules.test_house_rules import HOUSE_CASES, cli

PROOF = HOUSE_CASES / "bad-misplay-refused.json"  # hr-2p-misplay-penalty's moves, no offence listed
PENALTY = '{"misplay": "penalty"}'
S8_CASES = sorted(
    p
    for p in CASES.glob("bad-*.json")
    if not p.name.endswith(".expected.json")
    and "S8" in json.loads((CASES / (p.stem + ".expected.json")).read_text())["rules"]
)


def report(name: str) -> dict[str, object]:
    return json.loads((HOUSE_CASES / (name + ".report.json")).read_text())


def test_the_proof_under_penalty_is_the_hand_worked_report_with_the_offence_named():
    out = cli("replay", str(PROOF), "--json", "--house-rules", PENALTY)
    assert out.returncode == 0 and json.loads(out.stdout) == report("hr-2p-misplay-penalty")
    assert "misplay recorded: round 1, move 3, Оксана (R14 penalty)" in out.stderr
    events = json.loads(out.stdout)["rounds"][0]["events"]
    (misplay,) = [e for e in events if e["kind"] == "misplay"]  # once
    assert (misplay["offender"], misplay["side"], misplay["points"], misplay["tile"], misplay["open"]) == (
        1,
        0,
        2,
        "2-5",
        [0, 2],
    )
    assert json.loads(out.stdout)["scores"] == [6, 0]  # Cy: plays 1 + domino 3 + penalty 2


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Misplay: Оксана drew at move 3 holding 2-5, which fitted 0, 2 → Cy +2 (the opponents score it; R14)"),
        ("uk", "Хибний хід (Оксана): добір на ході 3 з 2-5 у руці, яка пасувала до 0, 2 → Cy +2"),
        ("ko", "잘못된 진행: Оксана이(가) 3번째 수에서 2-5을(를) 가진 채 뽑았습니다 (0, 2에 맞음) → Cy +2"),
    ],
)
def test_the_account_explains_the_penalty_in_each_language(lang, words):
    out = cli("replay", str(HOUSE_CASES / "hr-2p-misplay-penalty.json"), "--lang", lang)
    assert out.returncode == 0 and words in out.stdout


def test_partnerships_the_offenders_pair_loses_it():
    printed = report("hr-pairs-misplay-offender-loses")
    (misplay,) = [e for e in printed["rounds"][0]["events"] if e["kind"] == "misplay"]
    # Ann (seat 3) drew holding 0-4: her side (1: 서연 & Ann) had 4 points and loses 2; the domino's 5 stands
    assert (misplay["offender"], misplay["side"], misplay["points"], misplay["penalty"]) == (3, 1, -2, "offender-loses")
    assert printed["scores"] == [9, 2]


@pytest.mark.parametrize("house", [None, '{"misplay": "refuse"}'])
def test_under_refuse_the_proof_is_refused_with_the_same_words(house):
    plain = cli("replay", str(PROOF))
    out = plain if house is None else cli("replay", str(PROOF), "--house-rules", house)
    assert out.returncode == 2 and out.stderr.splitlines()[-1] == plain.stderr.splitlines()[-1]
    assert "round 1, move 3: S8: Оксана drew at move 3 while holding 2-5" in out.stderr


@pytest.mark.parametrize("path", S8_CASES, ids=lambda p: p.stem)
def test_s8_cases_that_prove_no_offence_are_refused_the_same_under_penalty(path):
    """The shared S8 cases (an empty-stock draw, a hand tile after a draw, a hand count, a pass with
    stock) prove no draw or pass made while able: penalty changes nothing, the same refusal line."""
    plain, penalty = cli("replay", str(path)), cli("replay", str(path), "--house-rules", PENALTY)
    assert plain.returncode == penalty.returncode == 2
    assert plain.stderr.splitlines()[-1] == penalty.stderr.splitlines()[-1]


def test_the_r1_proof_case_stands_under_penalty():
    """bad-stop-while-able (R1 stop: Ann passed holding 1-2, which fitted, and plays it at move 5):
    under penalty the round stands with the offence recorded; its round is not settled yet, so
    nothing is scored for it (the penalty comes with the settlement)."""
    rules = '{"continuation": "stop", "misplay": "penalty"}'
    out = cli("replay", str(HOUSE_CASES / "bad-stop-while-able.json"), "--json", "--house-rules", rules)
    assert out.returncode == 0 and "misplay recorded: round 1, move 3, Ann" in out.stderr
    events = json.loads(out.stdout)["rounds"][0]["events"]
    assert [e["kind"] for e in events] == ["play"] * len(events)
