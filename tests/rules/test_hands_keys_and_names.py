"""A document's hands keys and players' names that only look valid are refused with a one-line refusal, not
a traceback; ordinary names in any script are accepted."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Match, RuleViolation


def _case(name: str) -> dict:
    import json

    from tests.conftest import CASES

    return json.loads((CASES / name).read_text())


@pytest.mark.parametrize("key", ["²", "٣", "1" * 5000])
def test_hands_key_that_only_looks_like_a_number_is_refused(key):
    """ "²".isdigit() is True but int("²") raises ValueError; so does int() of 5000 digits.
    Before the fix both escaped as a ValueError (a traceback in the CLI)."""
    import json

    from scorekeeper.rules import load_document

    doc = _case("hr-2p-seed-layout.json")
    doc["rounds"][0]["hands"] = {"0": [], key: 3}
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S2", "hands_key", "hands")


@pytest.mark.parametrize("name", ["\ud800", "Ann\nBo", "Ann\u2028Bo", "\x00", " "])
def test_name_that_is_not_one_line_of_text_is_refused(name):
    """A lone surrogate cannot be written as UTF-8 (the CLI crashed printing the report) and
    a line break in a name would split the one-line refusal messages that quote it."""
    import json

    from scorekeeper.rules import load_document

    doc = _case("hr-2p-seed-layout.json")
    doc["players"][0] = name
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert caught.value.rule == "" and "\n" not in caught.value.message
    with pytest.raises(RuleViolation):
        Match("horse-race", [name, "Bo"])


@pytest.mark.parametrize("name", ["Оксана", "민준", "Zoë 👨‍👩‍👧", "Ann-Marie O'Neil"])
def test_ordinary_names_are_accepted(name):
    assert Match("exact-61", [name, "Bo"]).players[0] == name
