"""The hub's read-only standings page: the season table and each event as HTML (names escaped), the JSON
of ``league standings --json``, nothing written. A real HTTP server on a loopback port (offset 27)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.cli.league_page import start_page
from scorekeeper.cli.league_standings import standings_of
from scorekeeper.i18n import Translator
from scorekeeper.league.club_fold import open_league
from scorekeeper.league.server import ServerProblem
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore
from tests.league.ports import league_port
from tests.league.test_club_fold import HUB, messages, take_all, venue_night

PORT = league_port(27)


def get(path: str, method: str = "GET") -> tuple[int, str, str]:
    request = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read().decode()


def test_the_page_shows_the_league_read_only(tmp_path: Path) -> None:
    red, red_club, _ = venue_night(tmp_path / "red")
    red_club.rename_player(next(p.id for p in red_club.players() if p.name == "Bo"), "Bo <b>&</b>")
    hub = open_store(tmp_path / "hub")
    book = tmp_path / "hub" / "league-hub"
    take_all(open_league(hub, HUB, book), messages(red, "red-lion"))
    red.close()
    stop = start_page(hub, book, Translator("uk"), "north", PORT, "127.0.0.1")
    try:
        with pytest.raises(ServerProblem) as taken:  # the port in use: a worded refusal, not a traceback
            start_page(hub, book, Translator("en"), "north", PORT, "127.0.0.1")
        assert (taken.value.code, taken.value.params) == ("league_page_port", {"port": PORT})
        code, kind, body = get("/")
        assert (code, kind) == (200, "text/html; charset=utf-8")
        assert "<title>Ліга north: турнірна таблиця</title>" in body
        assert "Ann (red-lion)" in body and "Bo &lt;b&gt;&amp;&lt;/b&gt; (red-lion)" in body and "<b>" not in body
        assert "Tuesday club night — red-lion, 2026-12-01" in body
        code, kind, body = get("/standings.json")
        assert (code, kind) == (200, "application/json")
        assert json.loads(body) == standings_of(hub, book)
        assert [r["points"] for r in json.loads(body)["season"]] == [2, 2, 0]  # Ann won, Eve's bye, Bo lost
        assert get("/", "POST")[0] == 405
        assert get("/other")[0] == 404
        before = sorted(p.relative_to(tmp_path) for p in (tmp_path / "hub").rglob("*") if p.is_file())
        get("/")
        assert sorted(p.relative_to(tmp_path) for p in (tmp_path / "hub").rglob("*") if p.is_file()) == before
        assert ClubStore(hub, hub.root / "league-club" / "red-lion").players()  # the hub's store still works
    finally:
        stop()
        hub.close()
