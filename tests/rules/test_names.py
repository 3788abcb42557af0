"""The names policy (scorekeeper/rules/names.py, issue 21 "Names without bounds"): what a name may be
where it enters, refused with a code, the name quoted short, and what to do."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import RuleViolation, load_document
from scorekeeper.rules import names as policy
from scorekeeper.rules.names import (
    MAX_NAME_LENGTH,
    MAX_NAME_TEXT,
    characters,
    check_distinct,
    check_readable_name,
    clean_name,
    clean_names,
    name_key,
    normalise_name,
    shown_name,
)

# The issue's examples, each with the code that refuses it
ISSUE_EXAMPLES = [
    ("\u200b", "name_character"),  # ZERO WIDTH SPACE alone
    ("\ufeff", "name_character"),  # BOM alone
    ("\u3164", "name_character"),  # HANGUL FILLER alone
    ("\u0301", "name_blank"),  # a lone combining accent
    ("Ann\u200b", "name_character"),  # "Ann" + ZWSP (beside "Ann": looks the same)
    ("Ann\u202e", "name_character"),  # an unterminated right-to-left override
    ("A" * 1_000_000, "name_too_long"),  # a 1,000,000-character name
]


@pytest.mark.parametrize(("name", "code"), ISSUE_EXAMPLES)
def test_each_example_of_the_issue_is_refused_with_its_code(name, code):
    with pytest.raises(RuleViolation) as refused:
        clean_name(name)
    assert refused.value.code == code and refused.value.rule == ""
    assert len(refused.value.message) < 200  # the name is quoted short, never whole


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "Ann\u200b",
            'the name "Ann<U+200B>" holds U+200B ZERO WIDTH SPACE: a name cannot hold invisible, control '
            "or private-use characters; remove it",
        ),
        (
            "Ann\u202eBo",
            'the name "Ann<U+202E>Bo" holds U+202E RIGHT-TO-LEFT OVERRIDE: a name cannot hold invisible, '
            "control or private-use characters; remove it",
        ),
        (
            "\u3164",
            'the name "<U+3164>" holds U+3164 HANGUL FILLER: a name cannot hold invisible, control or '
            "private-use characters; remove it",
        ),
        ("\u0301", 'a player\'s name needs a visible character, and "<U+0301>" has none: type the name'),
        (
            "\u0301Ann",
            'the name "<U+0301>Ann" has an accent or mark with no letter under it (U+0301 COMBINING ACUTE '
            "ACCENT): type it after its letter, or remove it",
        ),
        (
            "B\no",
            'the name "B<U+000A>o" holds U+000A: a name cannot hold invisible, control or private-use characters; '
            "remove it",
        ),
        ("A" * 1_000_000, 'a player\'s name has at most 40 characters; "AAAAAAAAAAAAAAAAAAAA…" is longer: shorten it'),
        ("x" * 41, 'a player\'s name has at most 40 characters; "xxxxxxxxxxxxxxxxxxxx…" is longer: shorten it'),
        (
            "a" + "\u0301" * 13,
            'the name "á' + "\u0301" * 11 + '…" piles too many accents or marks on one character: remove some',
        ),
    ],
)
def test_a_refusal_names_the_problem_and_what_to_do(name, words):
    with pytest.raises(RuleViolation) as refused:
        clean_name(name)
    assert refused.value.message == words


def test_the_two_players_ann_and_ann_with_a_zero_width_space_are_refused():
    with pytest.raises(RuleViolation) as refused:
        clean_names(["Ann", "Ann\u200b"])
    assert refused.value.code == "name_character"
    assert name_key("Ann\u200b") == name_key("Ann")  # and were it allowed, it would be the same name


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "ann"),
        ("Ann", "ANN"),
        ("Ann", " Ann "),
        ("Ann Lee", "Ann  Lee"),
        ("Ann", "Ａｎｎ"),  # fullwidth
        ("Zoë", "Zoe\u0308"),  # composed and decomposed
        ("Straße", "STRASSE"),
        ("Ann", "Ann\u00a0"),
    ],
)
def test_names_alike_after_normalising_are_the_same_name(first, second):
    with pytest.raises(RuleViolation) as refused:
        clean_names([first, "Bo", second])
    assert refused.value.code == "same_names"
    assert refused.value.message.startswith("two players are both called ")


def test_names_that_differ_are_kept_as_typed_but_normalised():
    assert clean_names(["  Ann   Lee ", "Zoe\u0308", "Ａｎｎ B."]) == ["Ann Lee", "Zoë", "Ａｎｎ B."]
    assert clean_names(["Zoë", "Zoe"]) == ["Zoë", "Zoe"]  # an accent makes another name


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Олександра Володимирівна Коваленко",
        "김민준",
        "José María",
        "O'Brien-Smith",
        "Nguyễn Thị Minh Khai",
        "👩\u200d💻 Mum",  # ZWJ inside an emoji sequence
        "❤\ufe0f\u200d🔥",  # a variation selector, then ZWJ
        "👩🏻\u200d❤\ufe0f\u200d💋\u200d👨🏼",  # a kiss with two skin tones: 10 code points, one character
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Jock",  # Scotland's flag: tag characters
        "🇺🇦 Olena",  # regional indicators
        "\u0915\u094d\u200d\u0937",  # Devanagari: a virama, then ZWJ
        "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",  # Persian Alireza: ZWNJ after an Arabic-script letter
        "x" * MAX_NAME_LENGTH,
        "é" * MAX_NAME_LENGTH,  # 40 characters, 80 code points before NFC
        "1️⃣",  # keycap: a digit, VS16 and an enclosing mark
    ],
)
def test_real_names_are_accepted(name):
    assert clean_name(name) == normalise_name(name)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ann\u200dBo", "name_character"),  # a joiner between Latin letters joins nothing
        ("\u200dAnn", "name_character"),
        ("Ann\u200d", "name_character"),
        ("👩\u200d", "name_character"),
        ("\U000e0067\U000e007f", "name_character"),  # tags outside a flag
        ("🏴\U000e0067\U000e0062", "name_character"),  # a flag's tags not cancelled
        ("Ann\u2066Bo\u2069", "name_character"),  # bidi isolates
        ("Ann\u200e", "name_character"),
        ("Ann\u00ad", "name_character"),
        ("Ann\u2060", "name_character"),
        ("A\u034fnn", "name_character"),  # COMBINING GRAPHEME JOINER: a mark, but invisible
        ("\ue000", "name_character"),
        ("Ann\ufdd0", "name_character"),  # private use, a noncharacter
        ("Ann\u2028Bo", "name_character"),
        ("\u2800", "name_character"),  # BRAILLE PATTERN BLANK
        ("", "name_blank"),
        ("   ", "name_blank"),
        ("\u3000", "name_blank"),
        ("\ufe0f", "name_blank"),
        ("Ann \u0301", "name_lone_mark"),
        (None, "name_blank"),
        (42, "name_blank"),
    ],
)
def test_invisible_and_misplaced_characters_are_refused(name, code):
    with pytest.raises(RuleViolation) as refused:
        clean_name(name)
    assert refused.value.code == code


def test_a_huge_name_is_refused_before_any_work_on_it(monkeypatch):
    """ "Fast": a 1,000,000-character name never reaches normalisation or counting, and its refusal is a line."""
    seen = []
    real = unicodedata.normalize
    monkeypatch.setattr(policy.unicodedata, "normalize", lambda form, text: seen.append(len(text)) or real(form, text))
    monkeypatch.setattr(policy, "characters", lambda text: seen.append(len(text)) or characters(text))
    for name in ("A" * 1_000_000, "\u200b" * 1_000_000, "a" + "\u0301" * 1_000_000):
        with pytest.raises(RuleViolation) as refused:
            clean_name(name)
        assert refused.value.code == "name_too_long" and len(refused.value.message) < 250
    assert seen and max(seen) <= MAX_NAME_TEXT


def test_a_name_is_quoted_short_with_what_cannot_be_seen_written_out():
    assert shown_name("Ann") == '"Ann"'
    assert shown_name("Ann\u200bBo\u202e") == '"Ann<U+200B>Bo<U+202E>"'
    assert shown_name("👩\u200d💻") == '"👩\u200d💻"'  # a joiner where it joins is kept
    assert shown_name("x" * 1_000_000) == '"' + "x" * 20 + '…"'
    assert shown_name("🇺🇦" * 30) == '"' + "🇺🇦" * 20 + '…"'  # cut between characters, not inside a flag


def test_characters_are_counted_as_a_reader_sees_them():
    assert len(characters("Zoe\u0308")) == 3
    assert len(characters("👩\u200d👩\u200d👧")) == 1
    assert len(characters("🇺🇦🇰🇷")) == 2
    assert len(characters("👋🏽 hi")) == 4


def test_the_readers_rule_stays_the_old_one():
    """What a stored match may hold (the engine, the store's reader): any one line of text, so old files open."""
    for old in ("Ann\u200b", "\u3164", "x" * 1_000_000, "Ann", "\u202e"):
        check_readable_name(old)
    for bad in ("B\no", "", "  ", None):
        with pytest.raises(RuleViolation) as refused:
            check_readable_name(bad)
        assert refused.value.code == "bad_name"


# ------------------------------------------------------------------ documents (replay, record, import)
def doc_text(players: list[str]) -> str:
    import json

    return json.dumps({"format": "scorekeeper-match/1", "variant": "horse-race", "players": players, "rounds": []})


@pytest.mark.parametrize(
    ("players", "fault", "words"),
    [
        (
            ["Ann", "Ann\u200b"],
            "name_character",
            '"players", name 2: the name "Ann<U+200B>" holds U+200B ZERO WIDTH SPACE: a name cannot hold invisible, '
            "control or private-use characters; remove it",
        ),
        (["\u3164", "Bo"], "name_character", '"players", name 1: the name "<U+3164>" holds U+3164 HANGUL FILLER'),
        (["Ann", "\u0301"], "name_blank", '"players", name 2: a player\'s name needs a visible character'),
        (
            ["Ann", "x" * 1_000_000],
            "name_too_long",
            '"players", name 2: a player\'s name has at most 40 characters; "xxxxxxxxxxxxxxxxxxxx…" is longer: '
            "shorten it",
        ),
        (["Ann", "ANN"], "same_names", '"players": two players are both called "Ann": give each a different name'),
    ],
)
def test_a_document_refuses_a_bad_name_naming_the_field(players, fault, words):
    with pytest.raises(RuleViolation) as refused:
        load_document(doc_text(players))
    err = refused.value
    assert err.code == "malformed" and err.params["fault"] == fault
    assert err.message.startswith("the match record is damaged: " + words)  # error.malformed, then the field
    assert len(err.message) < 250


def test_a_bad_name_in_a_document_is_worded_in_each_language():
    from scorekeeper.i18n import Translator
    from scorekeeper.refusals import violation_words

    with pytest.raises(RuleViolation) as refused:
        load_document(doc_text(["Ann", "ANN"]))
    assert violation_words(Translator("uk"), refused.value) == (
        'запис матчу пошкоджено: "players" (імена гравців): двоє гравців мають однакове ім\'я "Ann": дайте кожному інше'
    )
    assert violation_words(Translator("ko"), refused.value) == (
        '경기 기록이 손상됨: "players"(참가자 이름): 두 참가자의 이름이 모두 "Ann"입니다: 서로 다른 이름을 주세요'
    )


def test_a_document_keeps_its_names_normalised():
    assert load_document(doc_text([" Ann  Lee ", "Zoe\u0308"])).players == ["Ann Lee", "Zoë"]


def test_five_names_are_refused_by_the_seating_rule_before_any_name_is_read():
    with pytest.raises(RuleViolation) as refused:
        load_document(doc_text(["A", "B", "C", "D", "\u200b"]))
    assert refused.value.rule == "H1"


# ------------------------------------------------------------------ properties
TEXT = st.text(st.characters(codec="utf-8"), max_size=60)
# names built from pieces a name may hold, including the joiners, selectors and marks in their places
PIECES = st.sampled_from(
    [
        "Ann",
        "bo",
        "SS",
        "é",
        "e\u0301",
        "Ｊ",
        " ",
        "  ",
        "\u00a0",
        "👩\u200d💻",
        "❤\ufe0f",
        "🇺🇦",
        "ı",
        "İ",
        "ǅ",
        "Ω",
        "ﬁ",
        "\u0639\u200c\u0631",
        "김",
        "Ї",
    ]
)
NAMES = st.lists(PIECES, min_size=1, max_size=8).map("".join)


@given(TEXT)
def test_normalising_is_idempotent(text):
    once = normalise_name(text)
    assert normalise_name(once) == once
    assert once == once.strip() and "  " not in once


@given(st.one_of(TEXT, NAMES))
def test_an_accepted_name_holds_no_control_and_no_format_character_but_a_joiner_or_flag_tag(text):
    try:
        name = clean_name(text)
    except RuleViolation as err:
        assert err.code in {"name_character", "name_blank", "name_lone_mark", "name_too_long", "name_marks"}
        return
    assert clean_name(name) == name == unicodedata.normalize("NFC", name)
    assert 1 <= len(characters(name)) <= MAX_NAME_LENGTH
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        assert category not in ("Cc", "Cs", "Co", "Zl", "Zp")
        if category == "Cf":  # only a joiner between two characters, or a flag's tags
            assert ch in "\u200c\u200d" and 0 < i < len(name) - 1 or 0xE0020 <= ord(ch) <= 0xE007F, (name, i)
    # a visible character (or one this Python's Unicode does not know yet: a newer emoji)
    assert any(unicodedata.category(ch)[0] in "LNPS" or unicodedata.category(ch) == "Cn" for ch in name)


@given(
    NAMES,
    st.sampled_from(
        [
            str.upper,
            str.lower,
            str.casefold,
            lambda s: unicodedata.normalize("NFD", s),
            lambda s: unicodedata.normalize("NFKC", s),
            lambda s: f"  {s}\u3000",
            lambda s: s.replace(" ", "  "),
        ]
    ),
)
def test_a_name_written_another_way_is_the_same_name(name, other_way):
    try:
        first = clean_name(name)
        second = clean_name(other_way(name))
    except RuleViolation:
        return
    if name_key(first) != name_key(second):  # upper() can make another name: "ı".upper() is "I"
        check_distinct([first, second])
        return
    with pytest.raises(RuleViolation) as refused:
        clean_names([first, second])
    assert refused.value.code == "same_names"


@given(st.lists(NAMES, min_size=2, max_size=4))
def test_names_are_refused_as_alike_exactly_when_their_keys_agree(names):
    try:
        cleaned = [clean_name(n) for n in names]
    except RuleViolation:
        return
    keys = [name_key(n) for n in cleaned]
    if len(set(keys)) < len(keys):
        with pytest.raises(RuleViolation) as refused:
            check_distinct(cleaned)
        assert refused.value.code == "same_names"
    else:
        check_distinct(cleaned)
