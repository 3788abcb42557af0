"""Acceptance: SIGKILL at random moments never loses a stored event nor damages the store.

A child process records long simulated matches event by event (resuming
where the previous child stopped) and reports each action once it is
durably stored; the parent kills it with SIGKILL after a random delay, at
least 30 times. After every kill the store must open with no problem
reported, every match must export as an exact prefix of its input holding at
least every action the child reported, and the log and history must agree.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from scorekeeper.rules import build_report
from scorekeeper.store import open_store
from scorekeeper.store.atomic import is_temp_file
from scorekeeper.store.documents import document_actions, read_document
from tests.conftest import ROOT
from tests.store.kill_child import wrong_spot
from tests.store.simulate import long_finished_document

pytestmark = [pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)"), pytest.mark.slow]

KILLS = 32


def _spawn(module: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", module, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _temp_files(data_dir) -> int:
    return sum(is_temp_file(name) for _, _, names in os.walk(data_dir) for name in names)


def _check_prefixes(data_dir, plan, reported, versions=None) -> dict[str, int]:
    """Open the store as the app would and check every match; return actions in effect per match.

    The export is a prefix of the input, but for its last action, which may be the wrong spot the
    child recorded just before fixing it; every reported event is in the log (``versions``), and
    every correction in the log shows the wrong entry it replaced, still readable, and the right one.
    """
    store = open_store(data_dir)
    try:
        assert store.problems == []
        in_effect = {}
        for match_id, doc in plan:
            want = document_actions(doc)
            got = document_actions(store.export_document(match_id))
            n = len(got)
            assert got[: max(n - 1, 0)] == want[: max(n - 1, 0)], f"{match_id}: the export is not a prefix"
            assert n == 0 or got[-1] in (want[n - 1], wrong_spot(doc, n - 1)), f"{match_id}: last action"
            assert len(got) >= reported.get(match_id, 0), f"{match_id}: a reported action was lost"
            events = store.events(match_id)
            assert len(events) >= (versions or {}).get(match_id, 0), f"{match_id}: a reported event was lost"
            assert [e["seq"] for e in events] == list(range(len(events)))
            for event in events:
                if event["kind"] == "correct":  # the audit trail: the original entry and what replaced it
                    (change,) = event["changes"]
                    assert change["op"] == "replace" and change["old"] != change["new"]
                    assert events[change["target"]]["move"] == change["old"]["move"]
            summary = store.summary(match_id)
            match = store.open_match(match_id)
            assert summary.events == len(events)
            assert summary.scores == tuple(match.points)
            assert summary.status == ("finished" if match.finished else "in-progress")
            in_effect[match_id] = len(got)
        return in_effect
    finally:
        store.close()


def test_sigkill_while_recording_loses_nothing_stored(tmp_path):
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    data_dir = tmp_path / "data"
    kinds = [("horse-race", 2, False), ("exact-61", 3, False), ("horse-race", 4, True), ("exact-61", 4, True)]
    plan: list = []
    plan_file = tmp_path / "plan.json"

    def extend_plan(count: int) -> None:
        # More matches to record, created here (the child only records).
        store = open_store(data_dir)
        for _ in range(count):
            v, p, pp = kinds[len(plan) % len(kinds)]
            doc = long_finished_document(len(plan), min_actions=150, variant=v, players=p, partnerships=pp)
            plan.append([store.create_match(doc["variant"], doc["players"], doc["partnerships"]), doc])
        store.close()
        plan_file.write_text(json.dumps(plan), encoding="utf-8")

    extend_plan(4)
    reported: dict[str, int] = {}
    versions: dict[str, int] = {}
    kills = mid_write = after_fix = 0
    finished_run = False
    while not finished_run:
        ended_itself = False
        child = _spawn("tests.store.kill_child", str(data_dir), str(plan_file))
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        if kills < KILLS:
            time.sleep(rng.uniform(0.0, 0.15))  # a random moment to kill it at: what the test varies
            child.send_signal(signal.SIGKILL)
            out, err = child.communicate(timeout=60)
            # The child may finish the plan before the kill lands (a few actions left, a fast disk):
            # that run is no kill, but it must have ended cleanly and said so.
            ended_itself = child.returncode == 0
            assert ended_itself or child.returncode == -signal.SIGKILL, f"seed {seed}: {err}"
            assert not ended_itself or out.splitlines()[-1:] == ["done"], f"seed {seed}: {err}"
        else:
            out, err = child.communicate(timeout=300)
            assert child.returncode == 0, err
            finished_run = True
        assert "Traceback" not in err, err
        last = ""
        for line in out.splitlines():
            words = line.split()
            if len(words) == 4 and words[1].isdigit() and words[2].isdigit():
                match_id, count, version, last = words
                reported[match_id] = max(reported.get(match_id, 0), int(count))
                versions[match_id] = max(versions.get(match_id, 0), int(version))
        if not finished_run and not ended_itself:
            kills += 1
            mid_write += _temp_files(data_dir) > 0
            after_fix += last == "fix"
        in_effect = _check_prefixes(data_dir, plan, reported, versions)
        assert _temp_files(data_dir) == 0  # swept by the open
        left = sum(len(document_actions(d)) - in_effect[m] for m, d in plan)
        if not finished_run and left < 300:
            extend_plan(2)  # a fast machine: keep the child busy until enough kills

    assert kills >= 30
    print(
        f"\nkill test: seed {seed}, {kills} kills, {mid_write} left a temp file (killed mid-write), "
        f"{after_fix} right after a reported correction, {sum(reported.values())} actions reported stored"
    )
    store = open_store(data_dir)
    for match_id, doc in plan:  # complete now: the same match as the input, same report
        exported = store.export_document(match_id)
        assert document_actions(exported) == document_actions(doc)
        assert build_report(read_document(exported)[1]) == build_report(read_document(doc)[1])
        assert store.summary(match_id).status == "finished"


FIX_CHILD = """
import json, sys
from scorekeeper.rules import Play
from scorekeeper.rules.fix import ReplaceMove
from scorekeeper.store import open_store
store = open_store(sys.argv[1])
match_id = sys.argv[2]
done = store.fix(match_id, ReplaceMove(1, 10, Play(1, (1, 3), ((1, 1), "branch-b"))))
print("fixed", done.version, flush=True)
import time
time.sleep(60)  # alive until the test kills it (at once, once "fixed" is read)
"""


def test_sigkill_right_after_a_reported_correction_keeps_it(tmp_path):
    from tests.store.test_fix import record, seed_layout_doc

    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=True))  # Bo 18: his 1-3 at the wrong spot
    store.close()
    child = subprocess.Popen(
        [sys.executable, "-c", FIX_CHILD, str(data_dir), match_id],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = child.stdout.readline().split()  # the fix is reported stored: kill at once
    child.send_signal(signal.SIGKILL)
    _, err = child.communicate(timeout=60)
    assert line[:1] == ["fixed"], err
    store = open_store(data_dir)
    assert store.problems == []
    assert store.summary(match_id).scores == (3, 19)
    events = store.events(match_id)
    assert events[-1]["kind"] == "correct" and len(events) == int(line[1])
    (change,) = events[-1]["changes"]  # the audit trail: the original entry, still readable, and the fix
    assert events[change["target"]]["move"] == change["old"]["move"] == {"player": 1, "play": "1-3", "at": "3-4:low"}
    assert change["new"]["move"]["at"] == "1-1:branch-b"
    store.close()


IMPORT_CHILD = """
import json, sys
from scorekeeper.store import open_store
store = open_store(sys.argv[1])
docs = json.load(open(sys.argv[2]))
print("ready", flush=True)
for doc in docs:
    print(store.import_documents([doc])[0], flush=True)
"""


def test_sigkill_while_importing_leaves_whole_matches(tmp_path):
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    data_dir = tmp_path / "data"
    docs = [long_finished_document(100 + s, min_actions=100) for s in range(40)]
    docs_file = tmp_path / "docs.json"
    docs_file.write_text(json.dumps(docs), encoding="utf-8")
    expected = [document_actions(d) for d in docs]
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", IMPORT_CHILD, str(data_dir), str(docs_file)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.1))  # a random moment of the import to kill it at: what the test varies
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        reported = out.split()
        store = open_store(data_dir)
        assert store.problems == []
        present = {s.id: s for s in store.list_matches()}
        assert set(reported) <= set(present)
        for match_id in present:  # every match that exists is whole: an import writes a file at once
            assert document_actions(store.export_document(match_id)) in expected
            assert present[match_id].status == "finished"
        store.close()
