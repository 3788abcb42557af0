"""The JSON codec without orjson (a phone build has no wheel for it) is as strict as with it, and the
cases, the store and the CLI work the same on it."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap

import orjson  # in the test environment: the reference the fallback is held to
import pytest

from scorekeeper.rules import strict_json
from tests.conftest import CASES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def fallback(monkeypatch):
    """``strict_json`` loaded as on a machine without orjson."""
    monkeypatch.setitem(sys.modules, "orjson", None)  # ``import orjson`` raises ImportError
    module = importlib.reload(strict_json)
    assert module.backend() == "json"
    yield module
    monkeypatch.undo()
    importlib.reload(strict_json)


GOOD = [
    b'{"a":[1,2,{"b":null}],"c":"\xc3\xa9\xed\x95\x9c"}',
    b"[]",
    b'"x"',
    b"18446744073709551615",
    b"-9223372036854775808",
    b"1.5e3",
    b' {"k" : true} ',
    b"18446744073709551616",
    b"-9223372036854775809",  # beyond 64 bits: floats, in both
    # colons and escaped quotes inside strings are not keys: nothing here is given twice
    b'{"a":"x\\":y","b\\\\":"::","c":["\\"",":",{"a":"a:"}],"a:":1}',
    b'{\n "a": {"b": 1},\n "b": {"a": [1, {"b": 2}]}\n}\n',
]
BAD = [b"NaN", b"[Infinity]", b"-Infinity", b"{'a':1}", b"[1,]", b"\xff", b"", b"[" * 1100 + b"]" * 1100, b'{"a":1} x']


@pytest.mark.parametrize("raw", GOOD)
def test_the_fallback_reads_what_orjson_reads(raw, fallback):
    assert fallback.loads(raw) == orjson.loads(raw)
    assert type(fallback.loads(raw)) is type(orjson.loads(raw))
    assert fallback.loads(raw.decode()) == orjson.loads(raw)


@pytest.mark.parametrize("raw", BAD, ids=lambda r: r[:12].decode("latin-1"))
def test_the_fallback_refuses_what_orjson_refuses(raw, fallback):
    with pytest.raises(ValueError):
        orjson.loads(raw)
    with pytest.raises(ValueError):
        fallback.loads(raw)


# Issue 21: an object holding a key twice was read as its last value, so a second "crc32" appended to a
# match file was taken by one reader and refused by the next. Both parsers now refuse it, indented or not,
# deep inside or at the top, written as the store writes (compact) or not.
DUPLICATES = [
    (b'{"a":1,"a":2}', "a"),
    (b'{"events":{},"crc32":"00000000","crc32":"00000001"}', "crc32"),
    (b'[{"k":{"b":1,"c":[{"d":0,"d":0}]}}]', "d"),
    (b'{\n "x": 1,\n "x" : 2\n}\n', "x"),
    (b'{"a\\"":1,"a\\"":2}', 'a"'),
    (b'{"":1,"":1}', ""),
    (b"[" * 1000 + b'{"a":1,"a":1}' + b"]" * 1000, None),
]  # too deep for the stdlib to name it


@pytest.mark.parametrize(("raw", "key"), DUPLICATES, ids=lambda v: str(v)[:16])
def test_a_key_given_twice_is_refused(raw, key):
    assert strict_json.backend() == "orjson" and orjson.loads(raw) is not None  # orjson alone keeps the last
    with pytest.raises(strict_json.DuplicateKey) as caught:
        strict_json.loads(raw)
    assert caught.value.key == key
    with pytest.raises(strict_json.DuplicateKey):
        strict_json.loads(raw.decode())


@pytest.mark.parametrize(("raw", "key"), DUPLICATES, ids=lambda v: str(v)[:16])
def test_the_fallback_refuses_a_key_given_twice(raw, key, fallback):
    with pytest.raises(ValueError) as caught:  # 1,000 deep is past the fallback's own limit: refused as such
        fallback.loads(raw)
    if key is not None:
        assert isinstance(caught.value, fallback.DuplicateKey) and caught.value.key == key


def test_the_fallback_writes_orjsons_bytes(fallback):
    value = {"1": [1, -2, 3.25, None, True, "Ярослава 한"], "t": {"0": {"b": "c"}}}
    assert fallback.dumps(value) == orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    assert fallback.dumps({1: "a"}) == b'{"1":"a"}'  # TinyDB's integer ids written as strings
    with pytest.raises(TypeError):
        fallback.dumps({"a": {1, 2}})
    with pytest.raises(TypeError):
        fallback.dumps(float("nan"))


def test_cases_store_and_cli_without_orjson(tmp_path):
    """In a process where ``import orjson`` fails: every legal case replays to its report, a match is
    recorded, read back after reopening, exported and listed (the README's promises hold on a phone)."""
    script = textwrap.dedent(f"""
        import json, pathlib, sys
        sys.modules["orjson"] = None
        from scorekeeper.rules import build_report, load_document, strict_json
        assert strict_json.backend() == "json"
        cases = pathlib.Path({str(CASES)!r})
        n = 0
        for path in sorted(cases.glob("*.report.json")):
            doc = cases / path.name.replace(".report.json", ".json")
            assert build_report(load_document(doc.read_bytes())) == json.loads(path.read_text()), doc
            n += 1
        print("cases", n)
        from scorekeeper.cli import main
        code = main(["--data-dir", {str(tmp_path)!r}, "import", str(cases / "hr-2p-instant-win-62.json")])
        assert code == 0, code
    """)
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert "cases 14" in out.stdout
    listed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.modules['orjson'] = None\nfrom scorekeeper.cli import main; sys.exit(main())",
            "--data-dir",
            str(tmp_path),
            "export",
            "--all",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert listed.returncode == 0, listed.stderr
    [exported] = json.loads(listed.stdout)  # read back from the store's files, written by the fallback
    assert exported["rounds"] == json.loads((CASES / "hr-2p-instant-win-62.json").read_text())["rounds"]


def test_keys_are_counted_in_pieces_cut_at_newlines(monkeypatch):
    """A large indented text is counted a piece at a time (a newline is never inside a JSON string):
    cut every few bytes, the verdicts are the same."""
    monkeypatch.setattr(strict_json, "_CHUNK", 5)
    for raw in GOOD:
        assert strict_json.loads(raw) == orjson.loads(raw)
    for raw, _ in DUPLICATES:
        with pytest.raises(strict_json.DuplicateKey):
            strict_json.loads(raw)
    doc = [{"at": "6-6:line-b", "n": 'a":\n', "k": i} for i in range(50)]  # colons, a quote, a newline
    indented = json.dumps(doc, indent=1).encode()
    assert strict_json.loads(indented) == doc
    with pytest.raises(strict_json.DuplicateKey):
        strict_json.loads(indented[:-3] + b',\n  "k": 1\n }\n]')
