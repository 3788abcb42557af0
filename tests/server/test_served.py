"""The real server on loopback (``scorekeeper serve`` in a child process), spoken to over HTTP and raw
websocket handshakes: foreign Host/Origin refused in every mode; with a key required (``--lan --host
127.0.0.1``: nothing leaves the machine) no key means 403 for the page, assets and the websocket, a join
link gives a cookie that opens the app, renewed keys (SIGHUP) lock the old cookie out; and no key ever
reaches the server's log or ``ps``."""

from __future__ import annotations

import base64
import http.client
import os
import re
import signal
import socket
import subprocess
import tempfile
import time

import pytest

from scorekeeper.server.guard import cookie_name
from tests.served import ServedApp

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="SIGHUP and ps are POSIX"), pytest.mark.slow]

JOIN_LINE = re.compile(
    r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): "
    r"http://127\.0\.0\.1:\d+/\?key=([A-Za-z0-9_-]{22})$",
    re.M,
)


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def handshake(port: int, headers: dict | None = None, path: str = "/ws") -> int:
    """The HTTP status a websocket handshake gets (101: accepted)."""
    headers = {"Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}", **(headers or {})}
    headers = {k: v for k, v in headers.items() if v is not None}
    request = (
        f"GET {path} HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\nSec-WebSocket-Version: 13\r\n"
        + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        + "\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request.encode())
        status_line = sock.makefile("rb").readline().decode()
    return int(status_line.split()[1])


def join_keys(log: str) -> dict[str, str]:
    """The keys of the join lines printed last: {"this computer (host)": key, "scorers …": key, …}."""
    return {what: key for what, key in JOIN_LINE.findall(log)}


def log_once(served: ServedApp, done, timeout: float = 20) -> str:
    """The server's log as soon as ``done(log)`` is true (polled every 0.1 s); ``AssertionError`` after
    ``timeout`` s."""
    deadline = time.time() + timeout
    while not done(log := served.log_path.read_text()):
        assert time.time() < deadline, f"the log never showed it:\n{log[-3000:]}"
        time.sleep(0.1)
    return log


def cookie_of(port: int, key: str) -> str:
    status, headers, _ = get(port, f"/?key={key}")
    assert status == 200, status
    return headers["set-cookie"].split(";")[0].split("=", 1)[1]


@pytest.fixture(scope="module")
def open_server():
    server = ServedApp(tempfile.mkdtemp(prefix="h-lan-open-"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def key_server():
    data = tempfile.mkdtemp(prefix="h-lan-key-")
    server = ServedApp(
        data,
        args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"FLET_LOG_LEVEL": "debug"},
    )  # every library's log lines, to check none shows a key
    yield server
    server.stop()


def test_without_lan_a_foreign_origin_or_host_is_refused(open_server):
    port = open_server.port
    assert get(port, "/")[0] == 200 and handshake(port) == 101
    assert handshake(port, {"Origin": "http://evil.example"}) == 403
    assert handshake(port, {"Origin": None}) == 403
    assert handshake(port, {"Host": "evil.example", "Origin": "http://evil.example"}) == 403
    assert get(port, "/", {"Host": "evil.example"})[0] == 403  # DNS rebinding
    assert get(port, "/", {"Origin": "http://evil.example"})[0] == 403


def test_no_key_no_page_no_asset_no_websocket(key_server):
    port = key_server.port
    status, headers, body = get(port, "/", {"Accept-Language": "ko-KR,ko;q=0.9"})
    assert status == 403 and "호스트에게 테이블 QR 코드를 요청하세요" in body.decode()
    for asset in ("/main.dart.js", "/flutter_bootstrap.js", "/assets/fonts/NotoSansKR-Subset-Regular.otf"):
        assert get(port, asset)[0] == 403, asset
    assert handshake(port) == 403
    assert get(port, "/?key=AAAAAAAAAAAAAAAAAAAAAA")[0] == 403  # a made-up key


def test_a_join_link_gives_a_cookie_that_opens_the_app(key_server):
    port = key_server.port
    keys = join_keys(key_server.log_path.read_text())
    assert len(keys) == 3 and len(set(keys.values())) == 3  # host, scorer, viewer: three different keys
    status, headers, body = get(port, f"/?key={keys['scorers (enter moves)']}")
    cookie = headers["set-cookie"]
    assert status == 200 and b'location.replace("/")' in body
    assert cookie.startswith(f"{cookie_name(port)}=") and "; HttpOnly" in cookie and "; SameSite=Strict" in cookie
    token = cookie.split(";")[0].split("=", 1)[1]
    status, _, body = get(port, "/", {"Cookie": f"{cookie_name(port)}={token}"})
    assert status == 200 and b"flutter" in body.lower()
    assert get(port, "/main.dart.js", {"Cookie": f"{cookie_name(port)}={token}"})[0] == 200
    assert handshake(port, {"Cookie": f"{cookie_name(port)}={token}"}) == 101
    assert handshake(port, {"Cookie": f"{cookie_name(port)}={token}", "Origin": "http://evil.example"}) == 403


def test_renewed_keys_lock_out_the_old_cookie_and_link(key_server):
    port = key_server.port
    before = join_keys(key_server.log_path.read_text())
    scorer = cookie_of(port, before["scorers (enter moves)"])
    host = cookie_of(port, before["this computer (host)"])
    key_server.proc.send_signal(signal.SIGHUP)
    renewed = "Scorekeeper: new scorer and viewer keys"
    # the new keys' line, then the scorer's and the viewer's new links (the host link stays as printed)
    log = log_once(key_server, lambda log: renewed in log and len(join_keys(log.rsplit(renewed, 1)[1])) == 2)
    after = join_keys(log)
    assert after["scorers (enter moves)"] != before["scorers (enter moves)"]
    assert get(port, "/", {"Cookie": f"{cookie_name(port)}={scorer}"})[0] == 403
    assert handshake(port, {"Cookie": f"{cookie_name(port)}={scorer}"}) == 403
    assert get(port, f"/?key={before['scorers (enter moves)']}")[0] == 403
    fresh = cookie_of(port, after["scorers (enter moves)"])
    assert get(port, "/", {"Cookie": f"{cookie_name(port)}={fresh}"})[0] == 200
    assert get(port, "/", {"Cookie": f"{cookie_name(port)}={host}"})[0] == 200  # the host link is kept


def test_no_key_in_the_log_or_ps(key_server):
    port = key_server.port
    keys = join_keys(key_server.log_path.read_text())
    token = cookie_of(port, keys["viewers (watch only)"])
    handshake(port, {"Cookie": f"{cookie_name(port)}={token}"}, path=f"/ws?key={keys['viewers (watch only)']}")
    joined = "a device joined as scorer"
    scorers = key_server.log_path.read_text().count(joined)
    get(port, f"/missing?key={keys['scorers (enter moves)']}&x=1")
    # everything both requests logged, up to the guard's line for the second (its key let a scorer in)
    log = log_once(key_server, lambda log: log.count(joined) > scorers)
    printed = {key for _, key in JOIN_LINE.findall(log)}
    assert len(printed) >= 3
    for line in log.splitlines():
        if JOIN_LINE.match(line):
            continue
        assert not any(key in line for key in printed), line
    assert token not in log
    assert "DEBUG" in log or "INFO" in log  # the libraries did log (so the check above checked something)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    assert not any(key in ps for key in printed)
