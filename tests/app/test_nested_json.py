"""Issue 21: every JSON the program reads from outside is bounded in nesting on both parsers (orjson
raises past 1,024 levels; the standard library's json, used on phones, recursed into RecursionError):
settings.json (test_settings_file.py), the store's files and imports (tests/store), ``replay
--house-rules``, and the lines the server tells its viewer process."""

from __future__ import annotations

import importlib
import sys

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import strict_json
from tests.conftest import CASES

DEEP = "[" * 100_000


@pytest.fixture(params=["orjson", "json"])
def parser(request, monkeypatch):
    if request.param == "json":
        monkeypatch.setitem(sys.modules, "orjson", None)
        importlib.reload(strict_json)
    assert strict_json.backend() == request.param
    yield request.param
    monkeypatch.undo()
    importlib.reload(strict_json)


def test_replay_refuses_house_rules_nested_100000_deep(parser, capsys):
    code = main(["replay", str(CASES / "hr-2p-seed-layout.json"), "--house-rules", DEEP])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("refused: --house-rules is a JSON object like") and "unexpected" not in err


def test_the_viewer_process_skips_a_line_nested_100000_deep_and_follows_the_next(parser, caplog):
    from scorekeeper.serve.viewer_server import Changes

    refreshed, ended = [], []

    class Store:
        def refresh(self, match_id):
            refreshed.append(match_id)

    changes = Changes(Store(), [DEEP + "\n", '["20250612-153012-a1b2c3", 7]\n'], lambda: ended.append(1))
    changes.read()  # the thread's body: no RecursionError ends it
    assert refreshed == ["20250612-153012-a1b2c3"] and ended == [1]
    assert "could not be followed" in caplog.text
