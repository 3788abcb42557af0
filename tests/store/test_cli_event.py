"""``scorekeeper event …``: the worked Swiss of tests/club/test_worked_swiss.py run from the terminal, its
tables entered on paper with the worked scores, the standings (text and ``--json``) checked against the
hand-worked figures; refusals worded in the chosen language; export and import of the whole event."""

from __future__ import annotations

import json

from scorekeeper.cli import main


def run(capsys, data_dir, *argv: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), "event", *argv])
    out, err = capsys.readouterr()
    return code, out, err


SCORES = {  # round → the worked games, table by table (side 1 first), from test_worked_swiss
    1: [(61, 40), (52, 61)],
    2: [(61, 30), (55, 61), (35, 61)],
    3: [(61, 48), (61, 57), (61, 20)],
}


def test_the_worked_swiss_from_the_command_line(capsys, data_dir, tmp_path):
    code, out, _ = run(capsys, data_dir, "players", *(f"--add={p}" for p in "ABCDEF"))
    assert code == 0
    ids = {line.split()[1].lower(): line.split()[0] for line in out.splitlines()}
    who = {v: k for k, v in ids.items()}
    players = [f"--player={ids[p]}" for p in "abcde"]
    code, out, _ = run(capsys, data_dir, "new", "Tuesday", "--game=horse-race", "--format=swiss", *players)
    assert code == 0
    event = out.strip()

    code, _, err = run(capsys, data_dir, "--lang", "uk", "pair", event, "2")
    assert code == 2 and err.startswith("відхилено: раунд 2 зараз не можна розподілити")
    expected = {
        1: [("a", "b"), ("c", "d")],
        2: [("a", "d"), ("e", "b"), ("c", "f")],
        3: [("a", "f"), ("b", "d"), ("e", "c")],
    }
    for round_no in (1, 2, 3):
        if round_no == 2:
            assert run(capsys, data_dir, "checkin", event, ids["f"], "--late")[0] == 0
            code, _, err = run(capsys, data_dir, "--lang", "ko", "pair", event, "3")
            assert code == 2 and err.startswith("거부됨:")
        code, out, _ = run(capsys, data_dir, "pair", event, str(round_no), "--json")
        assert code == 0
        paired = json.loads(out)
        assert [tuple(who[s[0]] for s in t["sides"]) for t in paired["tables"]] == expected[round_no]
        assert [who[b[0]] for b in paired["byes"]] == (["e"] if round_no == 1 else [])
        if round_no == 1:  # the next round waits for every table
            code, _, err = run(capsys, data_dir, "pair", event, "2")
            assert code == 2 and "round 1 is not complete: these tables have no result yet: 1, 2" in err
        for n, (x, y) in enumerate(SCORES[round_no], 1):
            assert run(capsys, data_dir, "paper", event, str(round_no), str(n), f"--game={x},{y}")[0] == 0

    code, out, _ = run(capsys, data_dir, "standings", event, "--json")
    rows = json.loads(out)
    assert [(r["place"], who[r["unit"][0]], r["points"], r["buchholz"], r["points_difference"]) for r in rows] == [
        (1, "a", 6, 8, 65),
        (2, "b", 4, 12, -11),
        (3, "e", 4, 4, 35),
        (4, "d", 2, 10, -26),
        (5, "f", 2, 6, 13),
        (6, "c", 0, 8, -76),
    ]
    assert [r["placed_by"] for r in rows] == [
        "points",
        "head_to_head",
        "head_to_head",
        "buchholz",
        "buchholz",
        "points",
    ]
    code, text, _ = run(capsys, data_dir, "standings", event)
    assert code == 0 and text.splitlines()[2].split()[:3] == ["2", "B", "4"]

    code, exported, _ = run(capsys, data_dir, "export", event)
    assert code == 0 and len(json.loads(exported)["matches"]) == 8
    backup = tmp_path / "event.json"
    backup.write_text(exported, encoding="utf-8")
    code, _, err = run(capsys, data_dir, "import", str(backup))
    assert code == 2 and f"event {event} is here already" in err
    other = tmp_path / "other"
    code, out, err = run(capsys, other, "import", str(backup))
    assert code == 0 and out.strip() == event and "matches: 8" in err
    assert json.loads(run(capsys, other, "standings", event, "--json")[1]) == rows
    # a rename keeps the id: the standings follow the new name, the figures stay
    assert run(capsys, data_dir, "players", "--rename", ids["b"], "Bee")[0] == 0
    code, text, _ = run(capsys, data_dir, "standings", event)
    assert code == 0 and text.splitlines()[2].split()[:3] == ["2", "Bee", "4"]
    assert json.loads(run(capsys, data_dir, "standings", event, "--json")[1])[1]["names"] == ["Bee"]
    # the Korean table: columns line up on the terminal (Hangul takes two columns), the tie-break in Korean
    code, text, _ = run(capsys, data_dir, "--lang", "ko", "standings", event)
    head, first, second = text.splitlines()[:3]
    assert head.startswith("순위  참가자  승점") and first.endswith("승점") and second.endswith("승자승")
    assert first.startswith("   1  ")  # "순위" takes four columns: the place is right-aligned under it
