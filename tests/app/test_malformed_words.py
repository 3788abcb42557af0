"""A damaged match record is said in the user's language: each malformed-record refusal carries a
stable reason (``what``) worded from ``error.malformed.<what>``, never the engine's English line,
which ``scorekeeper replay`` still prints unchanged."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from scorekeeper.explain import violation_words
from scorekeeper.i18n import Translator, catalog, translate
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.document import load_document

from .test_i18n_catalogs import malformed_reasons

CASES = Path(__file__).resolve().parents[1] / "cases"
BASE = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))


def with_top(**fields):
    def change(doc):
        doc.update(fields)

    return change


def with_round(value):
    def change(doc):
        doc["rounds"][0] = value

    return change


def with_first_round(**fields):
    def change(doc):
        doc["rounds"][0].update(fields)

    return change


def with_move(move):
    def change(doc):
        doc["rounds"][0]["moves"][0] = move

    return change


def with_hands(hands):
    def change(doc):
        doc["rounds"][0]["hands"] = hands

    return change


# reason → (a change to a good document that triggers it, the engine's English line before the catalogs
# worded it: its place is kept)
BROKEN = {
    "not_object": (
        lambda doc: doc.clear(),  # replaced below by a list
        "a match document is a JSON object with format, variant, players and rounds",
    ),
    "unknown_fields": (with_top(colour="red", notes=1), "unknown field(s) ['colour', 'notes'] in the match document"),
    "format": (
        with_top(format="scorekeeper-match/2"),
        "format must be 'scorekeeper-match/1', not 'scorekeeper-match/2'",
    ),
    "players": (with_top(players=["Ann", " "]), "players must be a list of non-empty names in seat order"),
    "player_name": (
        with_top(players=["Ann", "x" * 41]),
        '"players", name 2: a player\'s name has at most 40 characters; "xxxxxxxxxxxxxxxxxxxx…" is longer: shorten it',
    ),
    "player_names": (
        with_top(players=["Ann", "ann"]),
        '"players": two players are both called "Ann": give each a different name',
    ),
    "partnerships": (with_top(partnerships="no"), "partnerships must be true or false"),
    "rounds": (with_top(rounds={}), "rounds must be a list"),
    "round_object": (
        with_round(["starter", 0]),
        "round 1: a round is an object with starter, moves and (when it ended) hands",
    ),
    "round_times": (  # R15: one time per action of the round (its start, 12 moves, its hands)
        with_first_round(times=["2026-05-28T20:26:40.000Z"]),
        "round 1: a round's times is a list of 14 times",
    ),
    "starter": (with_first_round(starter="0"), "round 1, move 1: starter must be a seat number"),
    "moves": (with_first_round(moves="1-4"), "round 1, move 1: moves must be a list"),
    "move_object": (with_move("1-4"), 'round 1, move 1: a move is an object like {"player": 0, "play": "1-4"}'),
    "move_player": (
        with_move({"player": "Ann", "play": "1-4"}),
        'round 1, move 1: a move needs "player": the seat number',
    ),
    "move_fields": (
        with_move({"player": 0, "play": "1-4", "note": "lead"}),
        "round 1, move 1: unknown field(s) ['note'] in a move",
    ),
    "move_kinds": (
        with_move({"player": 0, "play": "1-4", "pass": True}),
        "round 1, move 1: a move is one of play, draw or pass",
    ),
    "drawn": (
        with_move({"player": 0, "play": "1-4", "drawn": "yes"}),
        'round 1, move 1: "drawn" must be true or false',
    ),
    "claim": (
        with_move({"player": 0, "play": "1-4", "claim": "1"}),
        'round 1, move 1: "claim" and "muggins" must be whole numbers',
    ),
    "draw_count": (with_move({"player": 0, "draw": "2"}), 'round 1, move 1: "draw" is the number of tiles drawn'),
    "pass": (with_move({"player": 0, "pass": False}), 'round 1, move 1: a pass is written {"player": p, "pass": true}'),
    "move_kind": (with_move({"player": 0}), 'round 1, move 1: a move needs one of "play", "draw" or "pass"'),
    "misplays": (  # R14: a round's recorded offences
        lambda doc: doc["rounds"][0].update(misplays={"player": 0}),
        'round 1: a round\'s "misplays" is a list of objects '
        '{"player": seat, "move": move number from 0, "tile": "3-5"}',
    ),
    "hands_object": (with_hands([["0-0"], []]), 'round 1, hands: hands is an object by seat: {"0": ["1-4"], "1": 12}'),
    "pip_negative": (with_hands({"0": -3, "1": []}), "round 1, hands: seat 0: a pip total cannot be negative"),
    "hand_value": (
        with_hands({"0": "0-0 3-3", "1": []}),
        "round 1, hands: seat 0: give a list of tiles or a pip total",
    ),
}


def refusal(what: str) -> RuleViolation:
    change, _ = BROKEN[what]
    doc = copy.deepcopy(BASE)
    change(doc)
    text = json.dumps(["not", "an object"] if what == "not_object" else doc)
    with pytest.raises(RuleViolation) as caught:
        load_document(text)
    return caught.value


# Words allowed in a Ukrainian or Korean detail: the record's own syntax (its field names and JSON
# literals, quoted as the file has them), the format's name, and the values the refusal quotes.
SYNTAX = re.compile(r'"[^"]*"|(?<![A-Za-z])(?:true|false|null|JSON)(?![A-Za-z])')  # Korean 여 is a \w
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def detail_of(lang: str, err: RuleViolation) -> str:
    """The detail inside the translated frame ``error.malformed``."""
    words = violation_words(Translator(lang), err)
    head = catalog(lang)["error.malformed"].split("{detail}")[0]
    assert words.startswith(head)
    return words[len(head) :]


def expected_detail(lang: str, what: str, err: RuleViolation) -> str:
    """``error.malformed.<what>`` with the refusal's values; a field refused for a coded fault of its own
    (a player's name) says that fault, ``error.<fault>``, as its ``problem``."""
    params = dict(err.params)
    if "fault" in params:
        params["problem"] = translate(lang, f"error.{params['fault']}", **err.params)
    return translate(lang, f"error.malformed.{what}", **params)


def test_every_reason_the_reader_raises_is_triggered_here():
    assert set(BROKEN) == malformed_reasons("rules")


@pytest.mark.parametrize("what", sorted(BROKEN))
def test_each_reason_keeps_its_english_line_and_is_said_without_english(what):
    err = refusal(what)
    assert (err.rule, err.code, err.params["what"]) == ("", "malformed", what)
    # the replay line: the place it was before (the old engine line's head), then the English catalog's words
    place = re.match(r"(round \d+(, (move \d+|hands))?: )?", BROKEN[what][1]).group(0)
    assert str(err) == place + "the match record is damaged: " + expected_detail("en", what, err)
    english = detail_of("en", err)
    assert english == expected_detail("en", what, err)
    for lang in ("uk", "ko"):
        detail = detail_of(lang, err)
        assert detail == expected_detail(lang, what, err)
        assert "{" not in detail.replace('{"', "")  # every placeholder filled
        assert detail != english
        assert LATIN_WORD.findall(SYNTAX.sub("", detail)) == [], f"{lang}: English in {detail!r}"


@pytest.mark.parametrize(
    ("what", "lang", "expected"),
    [
        (
            "format",
            "uk",
            'Запис матчу пошкоджено: поле "format" має бути "scorekeeper-match/1", а не "scorekeeper-match/2"',
        ),
        (
            "players",
            "ko",
            '경기 기록이 손상됨: "players"는 자리 순서대로 적은, 비어 있지 않은 참가자 이름의 목록이어야 합니다',
        ),
        ("unknown_fields", "ko", '경기 기록이 손상됨: 경기 기록에 알 수 없는 필드: "colour", "notes"'),
        (
            "move_kinds",
            "uk",
            'Запис матчу пошкоджено: хід — це щось одне: "play" (плитка), "draw" (добір) або "pass" (пропуск)',
        ),
        ("pip_negative", "uk", 'Запис матчу пошкоджено: "hands", "0": сума очок не може бути від\'ємною'),
        ("hands_object", "ko", '경기 기록이 손상됨: "hands"는 자리별 객체입니다: {"0": ["1-4"], "1": 12}'),
        ("starter", "en", 'The match record is damaged: "starter" must be a seat number'),
    ],
)
def test_exact_words_of_some_reasons(what, lang, expected):
    assert violation_words(Translator(lang), refusal(what), sentence=True) == expected


def test_a_value_found_is_quoted_as_json_not_python():
    err = refusal("format")
    assert err.params["found"] == '"scorekeeper-match/2"'
    doc = copy.deepcopy(BASE)
    del doc["format"]
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert str(caught.value) == 'the match record is damaged: "format" must be "scorekeeper-match/1", not null'
    assert detail_of("uk", caught.value) == 'поле "format" має бути "scorekeeper-match/1", а не null'


def test_many_unknown_fields_are_cut_to_five():
    doc = copy.deepcopy(BASE)
    doc.update({f"x{i}": i for i in range(7)})
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert caught.value.params["fields"] == '"x0", "x1", "x2", "x3", "x4", …'


@pytest.mark.parametrize("text", ['{"format": "scorekeeper-match/1", "rounds": [', "", "NaN"])
def test_a_file_that_is_not_json_is_said_without_english(text):
    with pytest.raises(RuleViolation) as caught:
        load_document(text)
    err = caught.value
    assert str(err).startswith("the file is not a JSON document")  # str(): the English catalog's words
    for lang in ("uk", "ko"):
        words = violation_words(Translator(lang), err)
        assert LATIN_WORD.findall(SYNTAX.sub("", words)) == [], words


def test_a_refusal_carries_no_english_only_its_code_and_values():
    """One wording per refusal: the engine gives the code and values, every language's words are the catalog's
    (English too: ``str()`` reads ``en.json``)."""
    err = RuleViolation("", "malformed", what="partnerships")
    assert not hasattr(err, "text") and err.params == {"what": "partnerships"}
    assert str(err) == 'the match record is damaged: "partnerships" must be true or false'
    assert violation_words(Translator("en"), err) == str(err)
    assert violation_words(Translator("uk"), err) == "запис матчу пошкоджено: " + Translator("uk")(
        "error.malformed.partnerships"
    )


def test_a_malformed_table_action_has_a_reason_too(tmp_path):
    from scorekeeper.rules import Reveal
    from scorekeeper.store import open_store

    store = open_store(tmp_path)
    try:
        match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
        with pytest.raises(RuleViolation) as caught:
            store.record(match_id, Reveal(["0-0"]))  # hands not given by seat
        assert store.actions(match_id) == []  # nothing recorded
    finally:
        store.close()
    assert caught.value.params["what"] == "action"
    assert violation_words(Translator("uk"), caught.value) == (
        "запис матчу пошкоджено: запис не є правильною дією за столом"
    )


def test_a_hands_key_that_is_no_seat_is_worded_not_a_crash():
    """``hands_key`` has a parameter named ``key``: the translator takes its own key positionally."""
    doc = copy.deepcopy(BASE)
    doc["rounds"][0]["hands"] = {"0": ["0-0", "3-3", "5-6", "6-6", "3-5", "2-3"], "1": [], "7": 3}
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert str(caught.value) == 'round 1, hands: S2: "hands": 7 is not a seat from 0 to 1'
    assert violation_words(Translator("uk"), caught.value) == 'S2: "hands": 7 — не місце від 0 до 1'
    assert violation_words(Translator("ko"), caught.value) == 'S2: "hands": 7은(는) 0부터 1까지의 자리가 아닙니다'
