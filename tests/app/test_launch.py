"""Starting the app: a fixed port (so a tab left open reconnects after a restart), and what is printed."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.serve import launch


def test_the_preferred_port_is_used_when_free_and_another_when_taken():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert launch.port_to_use(port) == port  # free (nothing listens): the same address as last time
    with socket.socket() as other:
        other.bind(("127.0.0.1", port))
        other.listen()  # another program serves on it
        chosen = launch.port_to_use(port)
        assert chosen != port
        with socket.socket() as check:  # and the port chosen instead is free
            check.bind(("127.0.0.1", chosen))


def test_a_port_left_in_time_wait_by_the_last_run_counts_as_free():
    """The app restarted at once after a tab was connected: the old connection lingers in TIME_WAIT."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()  # the server side closes first: its end goes to TIME_WAIT
        client.close()
    assert launch.port_to_use(port) == port


def test_plain_scorekeeper_serves_on_8550_and_says_where_the_data_is_and_how_to_stop(tmp_path, monkeypatch, capsys):
    served = {}
    monkeypatch.setattr(launch, "desktop_available", lambda: False)
    monkeypatch.setattr(launch, "port_to_use", lambda preferred: preferred)

    def serve(data_dir, host, port, open_browser=False):
        served.update(data_dir=data_dir, host=host, port=port, open_browser=open_browser)
        return 0

    monkeypatch.setattr(launch, "serve", serve)
    assert launch.run_app(tmp_path) == 0
    assert served == {"data_dir": tmp_path, "host": "127.0.0.1", "port": 8550, "open_browser": True}
    monkeypatch.setattr(launch, "port_to_use", lambda preferred: 40001)
    launch.run_app(tmp_path)
    assert served["port"] == 40001
    assert "port 8550 is in use by another program; using port 40001 instead" in capsys.readouterr().out


def test_serve_prints_the_address_the_data_folder_and_how_to_stop(tmp_path, monkeypatch, capsys):
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setattr(launch.gc, "freeze", lambda: None)
    assert launch.serve(tmp_path, "127.0.0.1", 8765) == 0
    out = capsys.readouterr().out
    assert "Scorekeeper: http://127.0.0.1:8765/\n" in out and f"data folder: {tmp_path}" in out and "Ctrl+C" in out
    assert "key" not in out  # loopback: no key, no join links


def test_serve_on_every_interface_is_lan_and_says_a_key_is_required(tmp_path, monkeypatch, capsys):
    """``serve --host 0.0.0.0`` behaves as ``--lan``: join links with keys, QR codes, no key-less address."""
    import uvicorn

    from scorekeeper.server import exposure

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setattr(launch.gc, "freeze", lambda: None)
    monkeypatch.setattr(exposure, "lan_addresses", lambda: ["192.168.1.5"])
    assert launch.serve(tmp_path, "0.0.0.0", 8765) == 0
    out = capsys.readouterr().out
    assert "a key is required" in out and "--host 0.0.0.0 serves the local network, as --lan does" in out
    assert re.search(r"this computer \(host\): http://127\.0\.0\.1:8765/\?key=[\w-]{22}\n", out)
    assert re.search(r"scorers \(enter moves\): http://192\.168\.1\.5:8765/\?key=[\w-]{22}\n", out)
    assert re.search(r"viewers \(watch only\): http://192\.168\.1\.5:8765/\?key=[\w-]{22}\n", out)
    assert out.count("▀▀▀▀▀▀▀▀▀▀") >= 2  # two QR codes
    assert "http://127.0.0.1:8765/\n" not in out and f"data folder: {tmp_path}" in out


@pytest.mark.parametrize(
    "command",
    [["serve"], ["app"], ["history"], ["stats"], ["export", "--all"], ["import", "MATCH"], ["record", "MATCH"]],
)
@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_data_folder_that_cannot_be_created_is_one_line_and_exit_code_2(tmp_path, monkeypatch, capsys, command, how):
    """A path under a regular file: every command says so in one line, no traceback (exit code 2)."""
    from scorekeeper import cli

    (tmp_path / "file").write_text("not a folder")
    bad = tmp_path / "file" / "data"
    match = str(Path(__file__).resolve().parents[1] / "cases" / "hr-2p-seed-layout.json")
    command = [match if word == "MATCH" else word for word in command]
    monkeypatch.setattr(launch, "desktop_available", lambda: False)
    monkeypatch.setattr(launch, "port_to_use", lambda preferred: preferred)
    monkeypatch.setattr(launch.webbrowser, "open", lambda url: pytest.fail("no browser for a bad folder"))
    if how == "option":
        argv = ["--data-dir", str(bad), *command]
    else:
        monkeypatch.setenv("SCOREKEEPER_DATA", str(bad))
        argv = command
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [err.strip()]  # one line
    assert f"cannot create the data folder {bad}: Not a directory" in err and "Traceback" not in err


def _no_serving(monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setattr(launch.gc, "freeze", lambda: None)


def test_serve_on_a_damaged_store_says_so_in_a_line_and_serves(tmp_path, monkeypatch, capsys):
    from scorekeeper.store import open_store

    store = open_store(tmp_path)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.close()
    path = store.layout.match_file(match_id)
    path.write_bytes(path.read_bytes()[:-30])  # cut off
    (tmp_path / "index" / "closed-cleanly").unlink()  # after a crash
    _no_serving(monkeypatch)
    assert launch.serve(tmp_path, "127.0.0.1", 8765) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"scorekeeper: warning: Match {match_id} (Ann v Bo") and "not valid JSON" in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert (tmp_path / "index" / "closed-cleanly").exists()  # the store was closed when serving ended


def test_serve_on_a_read_only_store_says_why(tmp_path, monkeypatch, capsys):
    from scorekeeper.store import open_store

    open_store(tmp_path).close()
    open_store(tmp_path, read_only=True)  # as on a read-only disk (test_read_only.py mounts one)
    _no_serving(monkeypatch)
    assert launch.serve(tmp_path, "127.0.0.1", 8765) == 0
    assert capsys.readouterr().err == (
        f"scorekeeper: the data folder {tmp_path} was opened read-only: matches can be looked at, not changed\n"
    )


# the server as a script starts it in the background: SIGINT ignored from the start (POSIX shells do that to
# a background job); uvicorn still stops on it, and the exit code was 0
SIGINT_IGNORED = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "from scorekeeper.cli import main; sys.exit(main())"
)


@pytest.mark.parametrize(("stop", "inherited"), [("SIGTERM", "default"), ("SIGINT", "default"), ("SIGINT", "ignored")])
def test_a_signal_stops_serve_soon_and_cleanly_with_a_silent_websocket_open(tmp_path, stop, inherited):
    """A client that opens a websocket and never registers cannot keep the server up; SIGTERM closes the
    store like Ctrl+C (the clean-close mark is written) and nothing is printed; the exit code says which
    signal stopped it, whatever SIGINT's disposition the server was started with."""
    import asyncio
    import signal
    import time

    import websockets

    from tests.served import ServedApp

    served = ServedApp(tmp_path, **({"code": SIGINT_IGNORED} if inherited == "ignored" else {}))
    log_before = served.log_path.read_text()

    async def silent_client() -> float:
        async with websockets.connect(f"ws://127.0.0.1:{served.port}/ws", origin=served.url.rstrip("/")):
            # connected: the server's app has accepted the websocket and waits for a registration that never comes
            start = time.monotonic()
            served.proc.send_signal(getattr(signal, stop))
            while served.proc.poll() is None and time.monotonic() - start < 30:
                await asyncio.sleep(0.05)
            return time.monotonic() - start

    try:
        took = asyncio.run(silent_client())
    finally:
        served.stop(kill=served.proc.poll() is None)
    assert served.proc.returncode == {"SIGTERM": 143, "SIGINT": 130}[stop]
    assert took < launch.SHUTDOWN_SECONDS + 10  # bounded: it waited forever before
    assert (tmp_path / "index" / "closed-cleanly").exists()
    assert served.log_path.read_text() == log_before  # no traceback, no error line


def test_serving_loads_every_catalog_and_plural_rule_before_the_first_tap():
    """Babel reads a language's data and compiles its plural rule on first use (~100 ms a language here): the
    server does it once before serving (``tune_collector``), never on a player's tap (issue 21: the first
    round's start and settlement). A fresh interpreter, as a server starts."""
    code = (
        "from scorekeeper import i18n; from scorekeeper.serve import launch\n"
        "assert i18n._plural_rule.cache_info().currsize == 0 and i18n.catalog.cache_info().currsize == 0\n"
        "launch.tune_collector()\n"
        "print(i18n._plural_rule.cache_info().currsize, i18n.catalog.cache_info().currsize)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(len(i18n.LANGUAGES))] * 2
