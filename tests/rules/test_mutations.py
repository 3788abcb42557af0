"""Random damage to valid match documents: the engine answers with a refusal or a valid
report, never another exception and never a hang; the CLI exits 2 with one line."""

from __future__ import annotations

import contextlib
import json
import random
import re
import signal
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.account import match_account
from scorekeeper.rules import RuleViolation, build_report, load_document
from tests.simulator import CONFIGS, simulate

TIME_LIMIT = 10  # seconds for one document: far above the few ms a document takes

NASTY = [
    "",
    " ",
    "0",
    "-1",
    "1e3",
    "٣",
    "²",
    "\ud800",
    "a\nb",
    "\u2028",
    "1-4",
    "4-1",
    "1|4",
    "6-6",
    "7-7",
    "1-4:low",
    "6-6:branch-a",
    "0-0:line-b",
    "horse-race",
    "exact-61",
    "scorekeeper-match/1",
    "player",
    "play",
    "at",
    "draw",
    "drawn",
    "pass",
    "hands",
    "starter",
    "moves",
    "rounds",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=40)
    | st.integers()
    | st.floats()
    | st.sampled_from(NASTY)
    | st.text(max_size=4)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(NASTY) | st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


@contextlib.contextmanager
def time_limit(seconds: int):
    def expire(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def answer(data: bytes) -> str:
    """Replay ``data`` as the CLI does (report and readable account); ``"refused"`` or ``"valid"``."""
    with time_limit(TIME_LIMIT):
        try:
            match = load_document(data)
        except RuleViolation as err:
            message = err.message
            assert message and "\n" not in message and "\r" not in message, message
            assert err.rule == "" or re.fullmatch(r"[SHE]\d+", err.rule), err.rule
            assert err.move_no is None or err.move_no == "hands" or err.move_no >= 1
            message.encode("utf-8")
            return "refused"
        json.dumps(build_report(match), ensure_ascii=False).encode("utf-8")
        match_account(load_document(data, explain=True), "en").encode("utf-8")
        return "valid"


_DOCS: dict[int, dict] = {}


def document(index: int) -> dict:
    """A few simulated documents, one per seating, short (3 rounds at most) to keep it quick."""
    if index not in _DOCS:
        _DOCS[index] = simulate(CONFIGS[index % len(CONFIGS)], 1000 + index, max_rounds=3).document
    return json.loads(json.dumps(_DOCS[index]))


DOC_INDEX = st.integers(min_value=0, max_value=13)


@given(index=DOC_INDEX, data=st.data())
def test_byte_level_damage_never_crashes(index, data):
    raw = bytearray(json.dumps(document(index), ensure_ascii=data.draw(st.booleans())).encode())
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        op = data.draw(st.sampled_from(["flip", "delete", "insert", "duplicate", "truncate"]))
        at = data.draw(st.integers(min_value=0, max_value=max(len(raw) - 1, 0)))
        if op == "flip" and raw:
            raw[at] = data.draw(st.integers(min_value=0, max_value=255))
        elif op == "delete":
            del raw[at : at + data.draw(st.integers(min_value=1, max_value=20))]
        elif op == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif op == "duplicate":
            raw[at:at] = raw[at : at + data.draw(st.integers(min_value=1, max_value=40))]
        else:
            del raw[at:]
    answer(bytes(raw))


def paths(value, prefix=()):
    """Every place in a JSON value: the paths to all its members, the root included."""
    yield prefix
    if isinstance(value, dict):
        for key, member in value.items():
            yield from paths(member, prefix + (key,))
    elif isinstance(value, list):
        for i, member in enumerate(value):
            yield from paths(member, prefix + (i,))


@given(index=DOC_INDEX, data=st.data())
def test_json_level_damage_never_crashes(index, data):
    doc = document(index)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        places = list(paths(doc))
        path = data.draw(st.sampled_from(places[1:] if len(places) > 1 else places))
        if not path:
            doc = data.draw(JSON_VALUES)
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        value = parent[key]
        op = data.draw(st.sampled_from(["replace", "delete", "duplicate", "swap", "tweak", "add-key"]))
        if op == "replace":
            parent[key] = data.draw(JSON_VALUES)
        elif op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(value)))
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = data.draw(st.integers(min_value=0, max_value=len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif op == "tweak" and type(value) is int:
            parent[key] = value + data.draw(st.sampled_from([-1, 1, -100, 10**6, -2 * value, 2**63]))
        elif op == "tweak" and isinstance(value, str):
            parent[key] = data.draw(st.sampled_from(NASTY))
        elif isinstance(value, dict):
            value[data.draw(st.sampled_from(NASTY))] = data.draw(JSON_VALUES)
    answer(json.dumps(doc).encode())


def test_damage_gives_both_refusals_and_valid_reports():
    """The damage above is not all caught by the JSON parser: many documents reach the rules,
    and harmless changes (a tile written 4-1 or 1|4) still give a valid report."""
    outcomes = {"refused": 0, "valid": 0}
    rules = set()
    rng = random.Random(5)
    for index in range(14):
        doc = document(index)
        for _ in range(20):
            text = json.dumps(doc)
            cut = rng.randrange(len(text))
            kind = rng.randrange(3)
            if kind == 0:  # respell one tile: harmless
                spelled = re.sub(r'"play": "(\d)-(\d)"', r'"play": "\2|\1"', text, count=rng.randint(1, 9))
                outcomes[answer(spelled.encode())] += 1
                continue
            mutated = text[:cut] + (str(rng.randrange(7)) if kind == 1 else "") + text[cut + 1 :]
            try:
                load_document(mutated)
            except RuleViolation as err:
                rules.add(err.rule)
            outcomes[answer(mutated.encode())] += 1
    assert outcomes["refused"] > 50 and outcomes["valid"] > 50
    assert {"", "S2", "S4"} <= rules


# --------------------------------------------------------------------- the CLI
def cli(path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=20,
    )


def test_cli_refuses_damaged_files_with_one_line(tmp_path):
    doc = document(3)
    rounds = doc["rounds"]
    damaged = {
        "cut.json": json.dumps(doc)[:200],
        "binary.json": "\x00\x01garbage",
        "unknown-tile.json": json.dumps(doc).replace(rounds[0]["moves"][1].get("play", "x") + '"', '5-7"', 1),
        "pass.json": json.dumps(
            {**doc, "rounds": [{**rounds[0], "moves": rounds[0]["moves"][:1] + [{"player": 9, "pass": True}]}]}
        ),
        "surrogate-name.json": json.dumps({**doc, "players": ["\ud800"] + doc["players"][1:]}),
        "newline-name.json": json.dumps({**doc, "players": ["Ann\nBo"] + doc["players"][1:]}),
        "superscript-seat.json": json.dumps({**doc, "rounds": [{**rounds[0], "hands": {"²": 3}}]}),
    }
    for name, text in damaged.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        out = cli(path)
        assert out.returncode == 2, (name, out.stdout, out.stderr)
        assert out.stdout == "" and "Traceback" not in out.stderr, name
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("refused: "), (name, out.stderr)
