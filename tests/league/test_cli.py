"""``scorekeeper league hub|status`` and ``serve --league``: refusals translated, exit 2; the hub runs and stops."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.league.hub import OWNERS, REFUSALS
from tests.league.ports import league_port

HUB_PORT, HUB_LEAF = league_port(12), league_port(13)


def test_a_bad_league_file_is_one_translated_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "league.toml"
    bad.write_text('league = "north"\nvenue = "hub"\npassword = "secret-pw"\n')
    assert main(["--data-dir", str(tmp_path / "d"), "league", "hub", str(bad), "--lang", "uk"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "league.toml" in err and "secret-pw" not in err
    assert "user" not in err or "creds" in err  # the Ukrainian words, not the English message
    assert main(["--data-dir", str(tmp_path / "d"), "serve", "--league", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in capsys.readouterr().err


def test_the_hubs_file_gives_its_venues_passwords(tmp_path: Path) -> None:
    from scorekeeper.league.config import LeagueConfigError, load_config

    conf = tmp_path / "hub.toml"
    conf.write_text('league = "north"\nvenue = "hub"\nuser = "hub"\npassword = "p"\n[venues]\nred-lion = "rl-pw"\n')
    assert load_config(conf, role="hub").venues == {"red-lion": "rl-pw"}
    conf.write_text('league = "north"\nvenue = "hub"\nuser = "hub"\npassword = "p"\n[venues]\n"a.b" = "x"\n')
    with pytest.raises(LeagueConfigError) as err:
        load_config(conf, role="hub")
    assert err.value.params == {"path": "hub.toml", "key": "venues"}


def test_status_lists_venues_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "hub"
    (data / "league-hub").mkdir(parents=True)
    (data / "league-hub" / OWNERS).write_text(json.dumps({"m1": "red-lion", "m2": "red-lion", "m3": "crown"}))
    refusal = {
        "outcome": "fork",
        "subject": "league.north.crown.m1",
        "msg_id": "m1:0",
        "reason": "match already written by red-lion",
    }
    (data / "league-hub" / REFUSALS).write_text(json.dumps({"7": refusal}))
    assert main(["--data-dir", str(data), "league", "status"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "crown: 1 matches folded",
        "red-lion: 2 matches folded",
        "refused (fork): league.north.crown.m1 event m1:0: match already written by red-lion",
    ]


@pytest.mark.slow
def test_the_hub_command_runs_and_stops_on_sigterm(tmp_path: Path) -> None:
    pytest.importorskip("nats")
    conf = tmp_path / "hub.toml"
    conf.write_text('league = "north"\nvenue = "hub"\nuser = "hub"\npassword = "hub-pw"\n')
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper.cli",
            "--data-dir",
            str(tmp_path / "d"),
            "league",
            "hub",
            str(conf),
            "--port",
            str(HUB_PORT),
            "--leaf-port",
            str(HUB_LEAF),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # waits for the hub's first line
        assert f"hub on port {HUB_PORT}" in line, process.stderr.read() if process.stderr else ""
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
        assert "Server Exiting" in (tmp_path / "d" / "league-hub" / "hub-server.log").read_text()  # its server stopped
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
